"""A night's save in plain Python: its shape checked and its bytes written without pydantic.

The save format's models (:mod:`solo.play.saves`, pydantic) are what a save read from a file
must pass. A night checks every step it is about to play, and writes its save after every
step: that side needs no pydantic. :data:`SAVE` and :data:`STEP` describe the same fields,
bounds and text checks as the models, and a check here only ever *accepts* data the models
accept, in the form they would write it (the tests hold the two to the same schema and the
same answers). Anything else it declines (``None``), and the caller asks the models, which
refuse with their one-line reason or accept what needs converting first.
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

from ..limits import MAX_ARCHETYPE, MAX_LINE, MAX_NARRATION, MAX_WHY
from ..nott.rules import EMPTY_TROPHY_BASE, FACE_MODIFIER, GENRE_POINTS, STRIKES_TO_DIE
from ..world.pronouns import DEFAULT as DEFAULT_PRONOUNS, MAX_LENGTH as MAX_PRONOUNS, parse_pronouns
from .files import MAX_SAVE_BYTES, atomic_write
from .text import check_name, check_text

FORMAT = "solo-nott-save"
VERSION = 1
#: The largest seed a save may hold (a typed seed is a whole number or a short word).
MAX_SEED_DIGITS = 40
#: Between a step's notes (a save holds one line of text per step's notes).
NOTE_SEP = " \u00a6 "
#: The longest note of a step (the director's reasons for Genre Points, joined).
MAX_NOTE = 4000
#: Caps on a save's size. solo writes a save compactly and never one larger than the write cap
#: (a night that would need more is refused with a message, the last good save kept), so every
#: save solo writes is one it reads back. It reads up to four times that: a save a person has
#: re-indented (two or four spaces make ours 2–3 times larger) still loads.
MAX_SAVE_WRITE_BYTES = MAX_SAVE_BYTES
MAX_SAVE_READ_BYTES = 4 * MAX_SAVE_BYTES
#: Most steps a save holds: loading replays every one (a long night has a few hundred).
MAX_SAVE_STEPS = 5_000
#: Most questions to the director a save holds, and their characters in all: loading reads
#: each again (a long question takes the director a tenth of a second; a long night asks a
#: hundred or so, of a few words each).
MAX_SAVE_QUESTIONS = 500
MAX_SAVE_ASKED = 20_000
#: Most characters of the players' own lines a save holds in all (a long night: some 40,000).
MAX_SAVE_SAID = 400_000
#: Most X-cards a save holds (each is replayed against every step before it).
MAX_SAVE_XCARDS = 30


class SaveError(ValueError):
    """A save file that cannot be read, or that does not replay."""


class NotSavable(ValueError):
    """What a night would record that a save could not hold: refused before it is applied,
    so the game and its save never disagree."""


def seed_size(seed):
    """A seed of at most :data:`MAX_SEED_DIGITS` digits, or ValueError."""
    if isinstance(seed, int) and seed.bit_length() > 133:  # 10**40 needs 133 bits: no long str() made
        raise ValueError(f"a seed has at most {MAX_SEED_DIGITS} digits")
    if isinstance(seed, int) and len(str(abs(seed))) > MAX_SEED_DIGITS:
        raise ValueError(f"a seed has at most {MAX_SEED_DIGITS} digits")
    return seed


def safe_text(text: str) -> str:
    """The check on every text of a save read back (:data:`solo.play.saves.SafeText`)."""
    return check_text(text, "the text")


def saved_name(name: str) -> str:
    """The check on a character's name in a save."""
    return check_name(name, "the name")


def saved_pronouns(text: str) -> str:
    """Pronouns in a save taken as they are only when written as solo writes them (the
    models decide any other spelling: they refuse it, or write it normalised)."""
    if parse_pronouns(check_text(text, "the pronouns")).text != text:
        raise ValueError("pronouns spelled otherwise than solo writes them")
    return text


# ---------------------------------------------------------------------- the shapes


class Declined(Exception):
    """Data these shapes do not take as it is (the models decide)."""


REQUIRED = object()


def _passes(check, v) -> None:
    """``check(v)`` (when there is one), its ValueError as :class:`Declined`."""
    if check is not None:
        try:
            check(v)
        except ValueError:
            raise Declined from None


class Text:
    """``str`` of ``least``–``most`` characters, matching ``pattern``, passing ``check``."""

    def __init__(self, most: int | None = None, least: int = 0, check=None, pattern: str | None = None):
        self.most, self.least, self.check, self.pattern = most, least, check, pattern
        self._match = None

    def __call__(self, v):
        if type(v) is not str or len(v) < self.least or (self.most is not None and len(v) > self.most):
            raise Declined
        if not v.isascii():
            try:
                v.encode("utf-8")
            except UnicodeEncodeError:
                raise Declined from None
        if self.pattern is not None:
            if self._match is None:
                self._match = re.compile(self.pattern).fullmatch
            if self._match(v) is None:
                raise Declined
        _passes(self.check, v)
        return v

    def schema(self) -> dict:
        s = {"type": "string"}
        if self.most is not None:
            s["maxLength"] = self.most
        if self.least:
            s["minLength"] = self.least
        if self.pattern is not None:
            s["pattern"] = f"^{self.pattern}$"
        return s


class Int:
    """``int`` (never a bool) within ``ge``–``le``."""

    def __init__(self, ge: int | None = None, le: int | None = None, check=None):
        self.ge, self.le, self.check = ge, le, check

    def __call__(self, v):
        if type(v) is not int or (self.ge is not None and v < self.ge) or (self.le is not None and v > self.le):
            raise Declined
        _passes(self.check, v)
        return v

    def schema(self) -> dict:
        s: dict = {"type": "integer"}
        if self.le is not None:
            s["maximum"] = self.le
        if self.ge is not None:
            s["minimum"] = self.ge
        return s


class Bool:
    def __call__(self, v):
        if type(v) is not bool:
            raise Declined
        return v

    def schema(self) -> dict:
        return {"type": "boolean"}


class Lit:
    """One of ``values`` (all of one type), of exactly that type."""

    def __init__(self, *values):
        self.values = values
        self.kind = type(values[0])

    def __call__(self, v):
        if type(v) is not self.kind or v not in self.values:
            raise Declined
        return v

    def schema(self) -> dict:
        name = {str: "string", int: "integer", bool: "boolean"}[self.kind]
        return {"const": self.values[0], "type": name} if len(self.values) == 1 else \
            {"enum": list(self.values), "type": name}


class Opt:
    """``kind`` or None."""

    def __init__(self, kind):
        self.kind = kind

    def __call__(self, v):
        return None if v is None else self.kind(v)

    def schema(self) -> dict:
        return {"anyOf": [self.kind.schema(), {"type": "null"}]}


class Either:
    """The first of ``kinds`` that takes the value, then ``check``."""

    def __init__(self, *kinds, check=None):
        self.kinds, self.check = kinds, check

    def __call__(self, v):
        for kind in self.kinds:
            try:
                v = kind(v)
                break
            except Declined:
                continue
        else:
            raise Declined
        _passes(self.check, v)
        return v

    def schema(self) -> dict:
        return {"anyOf": [k.schema() for k in self.kinds]}


class List:
    """A list of ``kind``, at most ``most`` long."""

    def __init__(self, kind, most: int | None = None):
        self.kind, self.most = kind, most

    def __call__(self, v):
        if type(v) is not list or (self.most is not None and len(v) > self.most):
            raise Declined
        kind = self.kind
        return [kind(x) for x in v]

    def schema(self) -> dict:
        s = {"items": self.kind.schema(), "type": "array"}
        if self.most is not None:
            s["maxItems"] = self.most
        return s


class Tuple:
    """A fixed-length tuple (a list or a tuple given; written as a list)."""

    def __init__(self, *kinds):
        self.kinds = kinds

    def __call__(self, v):
        if type(v) not in (list, tuple) or len(v) != len(self.kinds):
            raise Declined
        return [k(x) for k, x in zip(self.kinds, v)]

    def schema(self) -> dict:
        n = len(self.kinds)
        return {"maxItems": n, "minItems": n, "prefixItems": [k.schema() for k in self.kinds], "type": "array"}


class Form:
    """A model: its fields in order, each ``name: (kind, default)`` (:data:`REQUIRED` for
    none; a list default is copied), no other keys."""

    def __init__(self, **fields):
        self.fields = fields

    def __call__(self, v):
        if type(v) is not dict:
            raise Declined
        out = {}
        given = 0
        for name, (kind, default) in self.fields.items():
            if name in v:
                out[name] = kind(v[name])
                given += 1
            elif default is REQUIRED:
                raise Declined
            else:
                out[name] = list(default) if type(default) is list else default
        if given != len(v):
            raise Declined  # a key that is no field
        return out

    def schema(self) -> dict:
        return {"additionalProperties": False, "type": "object",
                "properties": {n: k.schema() for n, (k, d) in self.fields.items()},
                "required": [n for n, (k, d) in self.fields.items() if d is REQUIRED]}


SafeText = Text(check=safe_text)

RULES = Form(
    name=(Text(40, 1, safe_text), REQUIRED),
    trophy_start=(Lit("ten", "empty"), REQUIRED),
    empty_trophy_base=(Int(*EMPTY_TROPHY_BASE), REQUIRED),
    reserve_fallback=(Bool(), REQUIRED),
    face_modifiers=(Tuple(Int(*FACE_MODIFIER), Int(*FACE_MODIFIER), Int(*FACE_MODIFIER)), REQUIRED),
    genre_points=(Int(*GENRE_POINTS), REQUIRED),
    strikes_to_die=(Int(*STRIKES_TO_DIE), REQUIRED),
    fast_setup=(Bool(), REQUIRED),
    min_cast=(Int(1, 8), REQUIRED),
    max_cast=(Int(1, 8), REQUIRED),
)

CHARACTER = Form(
    name=(Text(check=saved_name), REQUIRED),
    aptitude=(Lit("Power", "Resolve", "Intellect", "Finesse"), REQUIRED),
    archetype=(Text(MAX_ARCHETYPE, check=safe_text), ""),
    why=(Text(MAX_WHY, check=safe_text), ""),
    pronouns=(Text(MAX_PRONOUNS, check=saved_pronouns), DEFAULT_PRONOUNS),
)

#: A model's narration: (beat kind, text) pairs.
NARRATION = List(Tuple(Text(300), Text(MAX_NARRATION, check=safe_text)), 200)

STEP = Form(
    actions=(List(Text(100, check=safe_text), 20), []),
    say=(Opt(Text(MAX_LINE, check=safe_text)), None),
    who=(Opt(Int(0, 7)), None),
    note=(Opt(Text(MAX_NOTE, check=safe_text)), None),
    narration=(Opt(NARRATION), None),
    ask=(Opt(Lit("", "very unlikely", "unlikely", "even", "likely", "very likely")), None),
    death=(Opt(Lit(True)), None),
    dread=(Opt(Int(-8, 8)), None),
    noted=(Opt(Lit(True)), None),
    xcard=(Opt(Lit(True)), None),
)

#: A line or a veil in a save: a topic (solo.director.safety), at most 40 characters.
TOPIC_PATTERN = r"[a-z][a-z' -]{1,39}"
#: Most lines and veils a save holds, each.
MAX_SAVE_TOPICS = 24

SAVE = Form(
    checksum=(Text(), ""),
    format=(Lit(FORMAT), FORMAT),
    version=(Lit(VERSION), VERSION),
    rules=(RULES, REQUIRED),
    seed=(Either(Int(), Text(80, 1, safe_text), check=seed_size), REQUIRED),
    cast=(List(CHARACTER, 8), REQUIRED),
    steps=(List(STEP), []),
    opening=(Opt(List(Tuple(Text(40), Text(MAX_NARRATION, check=safe_text)), 10)), None),
    narrator=(Lit("template", "llm"), "template"),
    playset=(Opt(Text(pattern=r"[a-z0-9][a-z0-9-]{0,79}")), None),
    transcript=(Opt(Text()), None),
    finished=(Bool(), False),
    summary=(Text(1000, check=safe_text), ""),
    lines=(List(Text(pattern=TOPIC_PATTERN), MAX_SAVE_TOPICS), []),
    veils=(List(Text(pattern=TOPIC_PATTERN), MAX_SAVE_TOPICS), []),
    teach=(Bool(), False),
)

#: Keys a save leaves out of a step when they are None (a save written before they existed
#: keeps its checksum): see :meth:`solo.play.saves.SaveFile.dump`.
QUIET_STEP_KEYS = ("ask", "death", "dread", "noted", "xcard")
#: Keys a save leaves out when they are empty (the night's lines and veils): likewise.
QUIET_SAVE_KEYS = ("lines", "veils", "teach")


def checked(form: Form, data) -> dict | None:
    """``data`` as the save's models would write it, or None when this cannot tell (the
    models decide: they refuse it, or accept it converted)."""
    try:
        return form(data)
    except Declined:
        return None


def save_body(data) -> dict | None:
    """A whole save's data as written (:meth:`solo.play.saves.SaveFile.dump`), or None (see
    :func:`checked`)."""
    out = checked(SAVE, data)
    if out is not None:
        for key in QUIET_SAVE_KEYS:
            if not out[key]:
                del out[key]
        for person in out["cast"]:
            if person["pronouns"] == DEFAULT_PRONOUNS:
                del person["pronouns"]
        for step in out["steps"]:
            for key in QUIET_STEP_KEYS:
                if step[key] is None:
                    del step[key]
    return out


def step_body(data) -> dict | None:
    """One step's data as a save writes it, or None (see :func:`checked`)."""
    out = checked(STEP, data)
    if out is not None:
        for key in QUIET_STEP_KEYS:
            if out[key] is None:
                del out[key]
    return out


def compact(data) -> str:
    """JSON as solo writes it: one line, no spaces, UTF-8 kept."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def digest(data: dict) -> str:
    """The checksum of a save's data: SHA-256 of everything else in it, keys sorted."""
    body = {k: v for k, v in data.items() if k != "checksum"}
    raw = json.dumps(body, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(raw.encode("utf-8")).hexdigest()


# ---------------------------------------------------------------------- what loading replays

def _field(step, name: str):
    return step.get(name) if type(step) is dict else getattr(step, name, None)


def step_kind(step) -> str | None:
    """How a save's step (its data, or its model) is played again: ``death``, ``dread``,
    ``note``, ``xcard``, ``ask``, ``act``, ``say``, or None (nothing to play)."""
    say, actions = _field(step, "say"), _field(step, "actions")
    if actions:
        return "act"
    if _field(step, "death") and say and _field(step, "who") is not None:
        return "death"
    if _field(step, "dread"):
        return "dread"
    if _field(step, "noted") and say:
        return "note"
    if _field(step, "xcard"):
        return "xcard"
    if _field(step, "ask") is not None and say:
        return "ask"
    return "say" if say else None


class Tally:
    """What the caps count of a night's steps (:func:`beyond_caps`), kept as steps are added:
    a night checks each step it is about to play with :meth:`past` in time that does not grow
    with the night."""

    def __init__(self, steps=()) -> None:
        self.steps = self.questions = self.asked = self.said = self.xcards = 0
        for step in steps:
            self.add(step)

    def add(self, step) -> None:
        self.steps += 1
        kind = step_kind(step)
        if kind == "ask":
            self.questions += 1
            self.asked += len(_field(step, "say"))
        elif kind == "xcard":
            self.xcards += 1
        elif kind in ("say", "act", "death"):
            self.said += len(_field(step, "say") or "")

    def beyond(self) -> str | None:
        """The first cap these steps pass, as "501 questions, more than a save may hold (500)"; None."""
        for count, cap, what in ((self.steps, MAX_SAVE_STEPS, "steps"),
                                 (self.questions, MAX_SAVE_QUESTIONS, "questions"),
                                 (self.asked, MAX_SAVE_ASKED, "characters of questions"),
                                 (self.said, MAX_SAVE_SAID, "characters of lines said"),
                                 (self.xcards, MAX_SAVE_XCARDS, "X-cards")):
            if count > cap:
                return f"{count:,} {what}, more than a save may hold ({cap:,})"
        return None

    def past(self, step) -> str | None:
        """The cap ``step`` would take these steps past (see :meth:`beyond`); None."""
        after = Tally()
        after.__dict__.update(self.__dict__)
        after.add(step)
        return after.beyond()


def beyond_caps(steps) -> str | None:
    """What of a save's ``steps`` is more than a save may hold, said as "501 questions, more
    than a save may hold (500)"; None. Loading replays each step, so these bound its time."""
    steps = steps or ()
    if len(steps) > MAX_SAVE_STEPS:  # counted before a step is looked at
        return f"{len(steps):,} steps, more than a save may hold ({MAX_SAVE_STEPS:,})"
    return Tally(steps).beyond()


def write_body(data: dict, path: Path, checksum: str | None = None) -> Path:
    """Seal (checksum) a save's data as written and write it atomically, as compact JSON on one
    line. A save of more than :data:`MAX_SAVE_STEPS` steps, beyond the caps on what it replays
    (:func:`beyond_caps`) or over :data:`MAX_SAVE_WRITE_BYTES` is not written (:class:`SaveError`;
    the file there is kept): solo never writes a save it would refuse to read."""
    steps = len(data.get("steps") or ())
    if steps > MAX_SAVE_STEPS:
        raise SaveError(f"save {str(path)!r} not written: {steps:,} steps, more than a save may hold "
                        f"({MAX_SAVE_STEPS:,}); the last save written is kept")
    beyond = beyond_caps(data.get("steps")) if data.get("format", FORMAT) == FORMAT else None
    if beyond:
        raise SaveError(f"save {str(path)!r} not written: {beyond}; the last save written is kept")
    text = compact({**data, "checksum": checksum or digest(data)}) + "\n"
    size = len(text.encode("utf-8"))
    if size > MAX_SAVE_WRITE_BYTES:
        raise SaveError(f"save {str(path)!r} not written: it would be {size:,} bytes, more than a save may hold "
                        f"({MAX_SAVE_WRITE_BYTES:,}); the last save written is kept")
    return atomic_write(path, text)
