"""Save files: versioned pydantic JSON, written atomically, refused whole when damaged.

A save holds what is needed to replay the night exactly — ruleset, seed, cast and every
step played (rules actions as text, free-text lines) — plus a checksum. Loading parses,
validates, checks the checksum and replays every step through the rules core; any failure
is one clear :class:`SaveError` line and the file is left as it is.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field, ValidationError

from ..invalid import explain, where
from ..nott.rules import EMPTY_TROPHY_BASE, FACE_MODIFIER, GENRE_POINTS, STRIKES_TO_DIE
from ..world.pronouns import DEFAULT as DEFAULT_PRONOUNS, MAX_LENGTH as MAX_PRONOUNS, PronounError, parse_pronouns
from .files import MAX_SAVE_BYTES, FileRefused, atomic_write, read_capped  # noqa: F401  (atomic_write: here too)
from .saveform import (  # noqa: F401  (the format's constants and errors: read here too)
    FORMAT, MAX_NARRATION, MAX_NOTE, MAX_SAVE_READ_BYTES, MAX_SAVE_STEPS, MAX_SAVE_WRITE_BYTES, MAX_SEED_DIGITS,
    NOTE_SEP, QUIET_SAVE_KEYS, QUIET_STEP_KEYS, VERSION, NotSavable, SaveError, digest, write_body,
)
from .saveform import MAX_SAVE_TOPICS, TOPIC_PATTERN
from .saveform import seed_size as _seed_size
from .text import MAX_ARCHETYPE, MAX_LINE, MAX_WHY, check_name, check_text


def check_savable(model: type[BaseModel], data: dict, what: str):
    """``model`` made from ``data``, or :class:`NotSavable` in one line, in our words."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        place = where(err["loc"])
        raise NotSavable(f"{what}: {explain(err)}" + (f" ({place})" if place != "the top level" else "")) from None


#: Text read from a save: no control characters or terminal escapes (a save is data from a
#: stranger; what it holds is shown on screen and written to the transcript).
SafeText = Annotated[str, AfterValidator(lambda t: check_text(t, "the text"))]
def _no_fraction(seed):
    """A seed written as a number with a point or an exponent (``NaN``, ``1e308``, ``2.5``) is
    refused in our words (never pydantic's "int is not valid here")."""
    if isinstance(seed, float):
        raise ValueError(f"the seed must be a whole number of at most {MAX_SEED_DIGITS} digits, or a word, "
                         f"not {seed!r}")
    return seed


#: A seed in a save: a whole number of at most 40 digits, or a short word.
Seed = Annotated[int | Annotated[SafeText, Field(min_length=1, max_length=80)], BeforeValidator(_no_fraction),
                 AfterValidator(_seed_size)]
#: Deepest nesting of lists and objects read from a save (ours nest four or five deep).
MAX_SAVE_DEPTH = 32


def _check_pronouns(text: str) -> str:
    try:
        return parse_pronouns(check_text(text, "the pronouns")).text
    except PronounError as exc:
        raise ValueError(str(exc)) from None


class SavedCharacter(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: Annotated[str, AfterValidator(lambda n: check_name(n, "the name"))]
    aptitude: Literal["Power", "Resolve", "Intellect", "Finesse"]
    archetype: SafeText = Field(default="", max_length=MAX_ARCHETYPE)
    why: SafeText = Field(default="", max_length=MAX_WHY)
    #: How the story speaks of them (:mod:`solo.world.pronouns`); a save written before pronouns
    #: existed has none: the default.
    pronouns: Annotated[str, Field(max_length=MAX_PRONOUNS), AfterValidator(_check_pronouns)] = DEFAULT_PRONOUNS


#: A Jack's, Queen's or King's modifier in a save: within the bounds ``--set`` allows.
FaceModifier = Annotated[int, Field(ge=FACE_MODIFIER[0], le=FACE_MODIFIER[1])]


class SavedRules(BaseModel):
    """A night's rules, each knob within the bounds ``--set`` and playsets allow
    (:mod:`solo.nott.rules`): a save with more is refused at load, in one line."""

    model_config = ConfigDict(extra="forbid")
    name: Annotated[SafeText, Field(min_length=1, max_length=40)]
    trophy_start: Literal["ten", "empty"]
    empty_trophy_base: int = Field(ge=EMPTY_TROPHY_BASE[0], le=EMPTY_TROPHY_BASE[1])
    reserve_fallback: bool
    face_modifiers: tuple[FaceModifier, FaceModifier, FaceModifier]
    genre_points: int = Field(ge=GENRE_POINTS[0], le=GENRE_POINTS[1])
    strikes_to_die: int = Field(ge=STRIKES_TO_DIE[0], le=STRIKES_TO_DIE[1])
    fast_setup: bool
    min_cast: int = Field(ge=1, le=8)
    max_cast: int = Field(ge=1, le=8)


class SavedStep(BaseModel):
    """One command's worth of play: rules actions (text form) and/or a free-text line."""

    model_config = ConfigDict(extra="forbid")
    actions: list[Annotated[SafeText, Field(max_length=100)]] = Field(default_factory=list, max_length=20)
    say: Annotated[SafeText, Field(max_length=MAX_LINE)] | None = None
    who: int | None = Field(default=None, ge=0, le=7)
    note: Annotated[SafeText, Field(max_length=MAX_NOTE)] | None = None
    #: A model's narration for this step, (beat kind, text) pairs (the templates' is told again).
    narration: list[tuple[Annotated[str, Field(max_length=300)],
                          Annotated[SafeText, Field(max_length=MAX_NARRATION)]]] | None \
        = Field(default=None, max_length=200)
    #: A question to the director (``say`` holds it): the odds stated, "" for none.
    ask: Literal["", "very unlikely", "unlikely", "even", "likely", "very likely"] | None = None
    #: The player's telling of ``who``'s death (``say`` holds it); None for any other step.
    death: Literal[True] | None = None
    #: The player turned the oracle's dread by this much (``dread +1``); None for any other step.
    dread: int | None = Field(default=None, ge=-8, le=8)
    #: A note of the player's (``say`` holds it); None for any other step.
    noted: Literal[True] | None = None
    #: The X-card (``say`` holds what the player flagged, if anything): the last beat told
    #: again without it; None for any other step.
    xcard: Literal[True] | None = None


class Sealed(BaseModel):
    """A save model with a checksum over everything else in it."""

    checksum: str = ""

    def dump(self) -> dict:
        """What is written (and sealed): the model as JSON data."""
        return self.model_dump(mode="json")

    def body_digest(self) -> str:
        return digest(self.dump())

    def sealed(self):
        return self.model_copy(update={"checksum": self.body_digest()})


class SaveFile(Sealed):
    model_config = ConfigDict(extra="forbid")
    format: Literal["solo-nott-save"] = FORMAT
    version: Literal[1] = VERSION
    rules: SavedRules
    seed: Seed
    cast: list[SavedCharacter] = Field(max_length=8)
    steps: list[SavedStep] = Field(default_factory=list)
    opening: list[tuple[Annotated[str, Field(max_length=40)], Annotated[SafeText, Field(max_length=MAX_NARRATION)]]] | None \
        = Field(default=None, max_length=10)
    narrator: Literal["template", "llm"] = "template"
    playset: Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9-]{0,79}$")] | None = None  # a name, never a path
    transcript: str | None = None
    finished: bool = False
    summary: Annotated[SafeText, Field(max_length=1000)] = ""
    #: The night's lines and veils (topics: solo.director.safety); none in a save written before them.
    lines: list[Annotated[str, Field(pattern=f"^{TOPIC_PATTERN}$")]] = Field(default_factory=list,
                                                                           max_length=MAX_SAVE_TOPICS)
    veils: list[Annotated[str, Field(pattern=f"^{TOPIC_PATTERN}$")]] = Field(default_factory=list,
                                                                           max_length=MAX_SAVE_TOPICS)
    #: ``teach on`` at the table: each Test names the rule that fired (kept across quit and resume).
    teach: bool = False

    def dump(self) -> dict:
        """As written: a step that is no question carries no ``ask``, one that writes no death
        no ``death``, and a character with the default pronouns no ``pronouns`` (so a save
        written before any of them existed keeps its checksum)."""
        data = super().dump()
        for key in QUIET_SAVE_KEYS:
            if not data.get(key):
                data.pop(key, None)
        for person in data.get("cast", ()):
            if person.get("pronouns") == DEFAULT_PRONOUNS:
                person.pop("pronouns", None)
        for step in data.get("steps", ()):
            for key in QUIET_STEP_KEYS:
                if step.get(key) is None:
                    step.pop(key, None)
        return data



def write_sealed(save: Sealed, path: Path) -> Path:
    """Seal (checksum) and write a save atomically, as compact JSON on one line. A save over
    :data:`MAX_SAVE_WRITE_BYTES` is not written (:class:`SaveError`; the file there is kept):
    solo never writes a save it would refuse to read."""
    return write_body(save.dump(), path)


def read_sealed(path: Path, model: type[Sealed], fmt: str, version: int, what: str = "solo save file"):
    """Parse, validate and check a sealed save (not yet replayed). Raises :class:`SaveError`
    in one line and never touches the file."""
    path = Path(path)
    try:
        raw = read_capped(path, MAX_SAVE_READ_BYTES, "save")
    except FileRefused as exc:
        raise SaveError(f"{exc}: not read (file kept as it is)") from None
    except OSError as exc:
        raise SaveError(f"cannot read save {str(path)!r}: {exc.strerror or exc}") from None
    try:
        return _parse_sealed(path, raw, model, fmt, version, what)
    except RecursionError:
        raise SaveError(f"save {str(path)!r} is nested too deeply to be a save; it is damaged "
                        "(file kept as it is)") from None


def _parse_sealed(path: Path, raw: bytes, model: type[Sealed], fmt: str, version: int, what: str):
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise SaveError(f"save {str(path)!r} is not UTF-8 text; it is damaged (file kept as it is)") from None
    except json.JSONDecodeError as exc:
        raise SaveError(f"save {str(path)!r} is damaged or truncated: {exc.msg} at line {exc.lineno} "
                        "(file kept as it is)") from None
    except ValueError:  # Python's limit on the digits of a number
        raise SaveError(f"save {str(path)!r} holds a number with thousands of digits; it is damaged "
                        "(file kept as it is)") from None
    if not isinstance(data, dict) or data.get("format") != fmt:
        raise SaveError(f"{str(path)!r} is not a {what} (file kept as it is)")
    if data.get("version") != version:
        raise SaveError(f"save {str(path)!r} has version {data.get('version')!r}; this solo reads version {version}")
    steps = data.get("steps")
    if isinstance(steps, list) and len(steps) > MAX_SAVE_STEPS:
        raise SaveError(f"save {str(path)!r} holds {len(steps):,} steps, more than a save may hold "
                        f"({MAX_SAVE_STEPS:,}) (file kept as it is)")
    problem = _out_of_bounds(data)
    if problem:
        raise SaveError(f"save {str(path)!r} {problem}; it is damaged (file kept as it is)")
    try:
        save = model.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        raise SaveError(f"save {str(path)!r} is invalid at {where(err['loc'])}: {explain(err)} "
                        "(file kept as it is)") from None
    if save.checksum != save.body_digest():
        raise SaveError(f"save {str(path)!r} was modified or damaged: its checksum does not match "
                        "(file kept as it is)")
    return save


def _out_of_bounds(data) -> str | None:
    """What in parsed save data is out of bounds (nested deeper than :data:`MAX_SAVE_DEPTH`,
    or a number of more than :data:`MAX_SEED_DIGITS` digits), said with its place; or None.
    Walked without recursion, so any depth is looked at safely."""
    limit = 10 ** MAX_SEED_DIGITS
    stack: list[tuple[object, int, tuple | None]] = [(data, 1, None)]  # (value, depth, (key, parent's trail))
    while stack:
        value, depth, trail = stack.pop()
        if isinstance(value, dict):
            items = value.items()
        elif isinstance(value, list):
            items = enumerate(value)
        else:
            if isinstance(value, int) and not isinstance(value, bool) and not -limit < value < limit:
                return f"holds a number of more than {MAX_SEED_DIGITS} digits at {_place(trail)}"
            continue
        if depth > MAX_SAVE_DEPTH:
            return f"is nested more than {MAX_SAVE_DEPTH} deep at {_place(trail)}"
        stack.extend((v, depth + 1, (k, trail)) for k, v in items)
    return None


def _place(trail: tuple | None) -> str:
    """``steps.3.args.who``: the keys down to a value (odd keys quoted, so nothing reaches the
    screen unescaped; a long place cut short)."""
    keys: list[str] = []
    while trail is not None:
        key, trail = trail
        keys.append(str(key) if isinstance(key, int) or re.fullmatch(r"[A-Za-z0-9_]{1,40}", key) else repr(key[:40]))
    text = ".".join(reversed(keys)) or "(top level)"
    return text if len(text) <= 80 else text[:80] + "…"


#: What names a night, whatever point it has reached: a save with the same is a save of it.
NIGHT_KEYS = ("format", "seed", "rules", "cast")


def same_night(data: dict, body: dict, keys: tuple[str, ...] = NIGHT_KEYS) -> bool:
    """``data`` (a save read from a file) is a save of the night whose save is ``body``: the
    same ``keys`` (format, seed, rules, cast), and the steps of one begin with the steps of the
    other (the same night, at an earlier or a later point)."""
    if not isinstance(data, dict) or any(data.get(k) != body.get(k) for k in keys):
        return False
    theirs, ours = data.get("steps"), body.get("steps") or []
    if not isinstance(theirs, list):
        return False
    n = min(len(theirs), len(ours))
    return theirs[:n] == ours[:n]


def write_save(save: SaveFile, path: Path) -> Path:
    """Write a Night of the Thirteenth save atomically."""
    return write_sealed(save, path)


def read_save(path: Path) -> SaveFile:
    """Parse and validate a Night of the Thirteenth save (not yet replayed), with the steps its
    journal holds (:mod:`solo.play.journal`: those played since it was written whole)."""
    from .journal import merged

    save = read_sealed(path, SaveFile, FORMAT, VERSION)
    data = merged(Path(path), save.dump(), save.checksum)
    if data is None:
        return save
    try:
        if len(data["steps"]) > MAX_SAVE_STEPS or _out_of_bounds(data):
            raise ValueError("out of bounds")
        return SaveFile.model_validate(data).sealed()
    except (ValueError, RecursionError):  # a journal that does not fit the save: the save alone
        return save


def _written(path: Path) -> float:
    """When the save at ``path`` was last written to: the save, or its journal."""
    from .journal import journal_path

    m = path.lstat().st_mtime
    try:
        return max(m, journal_path(path).lstat().st_mtime)
    except OSError:
        return m


def _slip(exc: BaseException) -> str:
    """What a reader's slip on a save means, in a player's words (never an exception's name)."""
    return "it is nested too deeply" if isinstance(exc, RecursionError) else "it is damaged or not of this solo"


def latest_unfinished(folder: Path, pattern: str, reader, skipped: list[tuple[Path, str]] | None = None,
                      replays=None, busy=None, others: list[tuple[Path, str | None]] | None = None) -> Path | None:
    """The most recently written save in ``folder`` matching ``pattern`` that ``reader`` accepts,
    that is not finished and, when ``replays`` is given, that it replays (it raises
    :class:`SaveError` for one that does not; only the newest unfinished saves are replayed,
    until one plays). Damaged saves and saves that do not replay are skipped and left as they
    are; those newer than the one chosen (all of them if none is) are added to ``skipped`` as
    (path, why), newest first. ``busy(path)`` names who has a save open in another process
    (None: nobody): such a save is passed over. ``others`` gets the other unfinished saves,
    newest first, with who has each open (None if nobody)."""
    damaged: list[tuple[float, Path, str]] = []
    unfinished: list[tuple[float, Path]] = []
    for p in Path(folder).glob(pattern):
        try:
            m = _written(p)
            save = reader(p)
        except SaveError as exc:
            damaged.append((m, p, str(exc)))
            continue
        except (ValueError, RecursionError) as exc:  # a reader's slip must not block every other save
            damaged.append((m, p, f"save {str(p)!r} cannot be read ({_slip(exc)}); file kept as it is"))
            continue
        except OSError:
            continue
        if not save.finished:
            unfinished.append((m, p))
    unfinished.sort(key=lambda u: u[0], reverse=True)  # newest first; a tie keeps the order found
    best: tuple[float, Path] | None = None
    for m, p in unfinished:
        holder = busy(p) if busy is not None else None
        if holder is not None:
            if others is not None:
                others.append((p, holder))
            continue
        if best is not None:
            if others is not None:
                others.append((p, None))
            continue
        if replays is not None:
            try:
                replays(p)
            except SaveError as exc:
                damaged.append((m, p, str(exc)))
                continue
            except (ValueError, RecursionError) as exc:
                damaged.append((m, p, f"save {str(p)!r} does not replay ({_slip(exc)}); "
                                      "file kept as it is"))
                continue
        best = (m, p)
        if others is None:
            break
    if skipped is not None:
        damaged.sort(key=lambda d: d[0], reverse=True)
        skipped.extend((p, why) for m, p, why in damaged if best is None or m >= best[0])
    return best[1] if best else None
