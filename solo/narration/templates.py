"""The offline narrator: Jinja2 templates in ``prompts/template/``, no model, no network.

Each beat kind has one template, ``prompts/template/<kind>.j2``, that composes its text from
small lists of parts kept in ``prompts/template/_lexicon.j2`` and in the template itself
(per-suit sensory flavour × per-severity dread × per-Fallout consequence, and so on).
A render gets an integer ``v`` (the variant); ``pick(parts)`` chooses ``parts[v % len]``
and ``pick(parts, k)`` a differently mixed part for slot ``k``, so one cell of
suit × severity × … yields many distinct texts.

Beat templates are written as slots of candidate lines (see :func:`compose`): one line is
kept per slot, and no sentence is told twice in a night.
"""

from __future__ import annotations

import hashlib
import os
import re
import sys
from bisect import bisect_left
from collections.abc import Callable, Iterator, Mapping, MutableMapping, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

import jinja2
from jinja2 import Environment, FileSystemLoader, StrictUndefined, pass_context

from solo.nott.cards import SUIT_APTITUDES
from solo.places import fits, short_place
from solo.pronouns import pronouns_of

from .base import strip_control
from .beats import Beat

__all__ = ["PROMPTS_DIR", "TemplateNarrator", "make_environment", "prompts_dir"]

#: ``<repo>/prompts``: the package lives at ``<repo>/solo/narration`` (editable install).
PROMPTS_DIR = Path(__file__).resolve().parents[2] / "prompts"
#: Environment variable that points the narrator at another prompts directory.
PROMPTS_ENV = "SOLO_PROMPTS_DIR"


def prompts_dir() -> Path:
    """The prompts directory: ``$SOLO_PROMPTS_DIR`` if set, else ``<repo>/prompts``."""
    override = os.environ.get(PROMPTS_ENV)
    path = Path(override) if override else PROMPTS_DIR
    if not override and not (path / "template").is_dir():
        path = Path(__file__).resolve().parents[1] / "prompts"  # inside an installed wheel
    if not (path / "template").is_dir():
        raise FileNotFoundError(
            f"no narrator templates at {path / 'template'} (install solo editable, "
            f"`pip install -e .`, or set {PROMPTS_ENV})")
    return path


# ---------------------------------------------------------------------- template helpers

_NUMBER_WORDS = ("no one", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                 "ten", "eleven", "twelve", "thirteen")


def _mix(v: int, k: int) -> int:
    digest = hashlib.blake2b(f"{v}:{k}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


@pass_context
def pick(ctx: jinja2.runtime.Context, parts: Sequence[Any], k: int = 0) -> Any:
    """Part ``v % len(parts)`` for the main slot (``k=0``), a mixed choice for slot ``k``."""
    v = ctx.get("v")
    if not isinstance(v, int):
        raise jinja2.UndefinedError("pick() needs the variant number 'v' in the context")
    parts = list(parts)
    if not parts:
        return ""
    return parts[(v if k == 0 else _mix(v, k)) % len(parts)]


@pass_context
def fill(ctx: jinja2.runtime.Context, text: str) -> str:
    """Render a part (itself a small template, ``"{{ name }} runs."``) with the beat's context."""
    if type(text) is str and "{" not in text and "\n" not in text and "\r" not in text:
        return text  # no tags, no line ends: the part renders as itself
    env = ctx.environment
    cache = env.__dict__.setdefault("_solo_parts", {})
    tmpl = cache.get(text)
    if tmpl is None:
        tmpl = cache[text] = _part(env, text)
    return tmpl.render(ctx.get_all())


def _part(env: Environment, text: str) -> jinja2.Template:
    """``env.from_string(text)``, its compiled code kept in the template cache as a template's
    is (keyed on the part's own text, so a changed part is another entry)."""
    bcc = env.bytecode_cache
    if bcc is None:
        return env.from_string(text)
    bucket = bcc.get_bucket(env, "part:" + text, None, text)
    if bucket.code is None:
        bucket.code = env.compile(text)
        bcc.set_bucket(bucket)
    return env.template_class.from_code(env, bucket.code, env.make_globals(None), None)


def role(archetype: Any) -> str:
    """``"The Jock"`` → ``"the Jock"``; an empty archetype → ``"the stranger"``."""
    text = str(archetype or "").strip()
    if not text:
        return "the stranger"
    head, _, rest = text.partition(" ")
    if head.lower() in ("the", "a", "an") and rest:
        return f"{head.lower()} {rest}"
    return f"the {text}"


def names(items: Any) -> str:
    """``["A", "B", "C"]`` → ``"A, B and C"``."""
    items = [str(x) for x in (items or [])]
    if not items:
        return "no one"
    if len(items) == 1:
        return items[0]
    return f"{', '.join(items[:-1])} and {items[-1]}"


def words(n: Any) -> str:
    """Small numbers in words (0 → "no one", 1 → "one" … 13 → "thirteen")."""
    return _NUMBER_WORDS[n] if isinstance(n, int) and 0 <= n < len(_NUMBER_WORDS) else str(n)


def cap(text: Any) -> str:
    """Upper-case the first letter only."""
    text = str(text)
    return text[:1].upper() + text[1:]


def possessive(name: Any) -> str:
    """``"Dana"`` → ``"Dana's"`` (and ``"Iris's"``: one style throughout)."""
    return f"{name}'s"


@pass_context
def pro(ctx: jinja2.runtime.Context, name: Any, words: str) -> str:
    """What a template says of the character ``name`` with the default pronouns, in that
    character's own (the fiction's ``f.people``): ``name|pro("their")`` → "her", ``name|pro(
    "they are")`` → "she is". Someone not in the cast is spoken of as they/them."""
    f = ctx.get("f")
    people = f.get("people", ()) if isinstance(f, Mapping) else ()
    own = next((p.get("pronouns") for p in people if p.get("name") == name), None)
    return pronouns_of(own).say(words)


_OWNED = re.compile(r"\w(?:'s|s')\s")


def owned(name: Any, item: Any) -> str:
    """``name``'s ``item`` ("Priya's corkscrew"), or the item as it names its own owner ("the
    Hendersons' car keys", never "Priya's Hendersons' car keys")."""
    item = str(item)
    return f"the {item}" if _OWNED.search(item) else f"{possessive(name)} {item}"


def uncap(text: Any) -> str:
    """Lower-case the first word when it is an ordinary word ("The door" → "the door"), so a
    line can follow an opener; names keep their capital."""
    text = str(text)
    first, _, rest = text.partition(" ")
    if first not in ("I", "I'm", "I've", "I'll") and not (first[1:] and any(ch.isupper() for ch in first[1:])):
        first = first[:1].lower() + first[1:]
    return first + (" " + rest if rest else "")


def bare(archetype: Any) -> str:
    """``"The Jock"`` → ``"Jock"``; an empty archetype → ``"horror-movie"``."""
    text = str(archetype or "").strip()
    head, _, rest = text.partition(" ")
    if head.lower() in ("the", "a", "an") and rest:
        return rest
    return text or "horror-movie"


def plural(noun: Any) -> bool:
    """Whether a thing's short name is plural ("truck keys", "matches"; not "compass", not "box
    of matches")."""
    last = str(noun or "").split(" of ")[0].split()[-1:] or [""]
    w = last[0].lower()
    return w.endswith("s") and not w.endswith(("ss", "us", "is", "ics"))


#: The options every environment is made with; their digest names the cache files, so code
#: compiled under other options (or by another Jinja2) is never read back.
_OPTIONS: dict[str, Any] = {"auto_reload": False, "autoescape": False, "keep_trailing_newline": False}


class _QuietBytecodeCache(jinja2.FileSystemBytecodeCache):
    """Jinja2's cache of compiled templates, kept between runs (keyed on the template's name and
    path, checked against a checksum of its source: a changed template is compiled again). A
    folder that cannot be read or written, or a damaged file, only means compiling as before:
    play never fails for the cache."""

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        try:
            super().load_bytecode(bucket)
        except Exception:  # noqa: BLE001 - unreadable or damaged: compiled afresh
            bucket.reset()

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        try:
            super().dump_bytecode(bucket)
        except Exception:  # noqa: BLE001 - unwritable (read-only, full, gone): not kept, no harm
            pass


def bytecode_cache() -> jinja2.BytecodeCache | None:
    """The compiled-template cache in ``cache_dir()/templates``, or None when that folder cannot
    be made."""
    from solo.paths import cache_dir

    try:
        folder = cache_dir() / "templates"
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        st = folder.stat()
    except (OSError, RuntimeError):  # unwritable, or no home to find a cache folder in
        return None
    if st.st_mode & 0o022 or (hasattr(os, "getuid") and st.st_uid != os.getuid()):
        return None  # compiled code is run: never read from a folder someone else can write
    # one set of files per Jinja2, options and Python (its code's form): two never overwrite each other's
    tag = hashlib.blake2b(repr((jinja2.__version__, sorted(_OPTIONS.items()), sys.version_info[:2])).encode(),
                          digest_size=4).hexdigest()
    return _QuietBytecodeCache(str(folder), pattern=f"solo-{tag}-%s.cache")


def elsewhere(thing: Any, places: Any, here: Any = None) -> bool:
    """Whether ``thing`` (a line of a playset's flavour) names one of ``places`` other than
    ``here``: "the car bogged in the mud of the logging road" belongs to the logging road, and
    is not told as "here at the attic"."""
    low = str(thing or "").lower()
    here_l = str(here or "").lower()
    for place in places or ():
        head = short_place(str(place).lower())
        key = re.sub(r"^(?:the|a|an) ", "", head).strip()
        if key and len(key) > 3 and key in low and not (here_l.startswith(head) or head in here_l):
            return True
    return False


class _Environment(Environment):
    """Jinja2's environment, its templates' globals one flat mapping: every template render that
    imports another asks which globals the two do not share, and a chain of mappings answers
    that slowly. The globals are set when the environment is made and never changed after (as
    Jinja2 asks), so the flat copy taken at a template's load is the same mapping."""

    def make_globals(self, d: MutableMapping[str, Any] | None) -> MutableMapping[str, Any]:
        return {**self.globals, **(d or {})}


def make_environment(path: str | os.PathLike[str] | None = None, *, cache: bool = True) -> Environment:
    """The Jinja2 environment over ``prompts/``: strict undefined, no autoescape; templates
    compiled once and kept in the user's cache folder (``cache=False``: compiled in memory)."""
    env = _Environment(
        loader=FileSystemLoader(str(path if path is not None else prompts_dir())),
        undefined=StrictUndefined,
        bytecode_cache=bytecode_cache() if cache else None,
        **_OPTIONS,  # auto_reload off: templates are read once per process, not stat-ed on every render
    )
    env.globals["pick"] = pick
    env.filters.update(fill=fill, role=role, bare=bare, names=names, words=words, cap=cap,
                       possessive=possessive, pro=pro, uncap=uncap, plural=plural, elsewhere=elsewhere,
                       short=lambda place: short_place(str(place)), owned=owned)
    return env


def _tidy(text: str) -> str:
    return _close_up(" ".join(strip_control(text).split()))


def _close_up(line: str) -> str:
    """``line`` (its spaces collapsed, so one space is the only space) without the space
    before its punctuation: what a pattern of spaces then a mark, replaced by the mark, leaves."""
    return _SPACE_MARK.sub("", line) if " " in line else line


# a space before a mark: removing each such space in one pass leaves what replacing " ." by
# ".", then " ,", … would (a removal joins a mark to a letter, never a space to a mark)
_SPACE_MARK = re.compile(r" (?=[.,;:!?])")


class TemplateNarrator:
    """Tells beats from the Jinja2 templates in ``prompts/template/``.

    A beat template renders *slots*: a line ``§name`` (or ``§name?`` for a slot that may be
    left out) followed by its candidate lines. :func:`compose` keeps one candidate per slot,
    starting from a seeded position and skipping any candidate with a sentence the night has
    already heard, so no sentence repeats within a night (short director questions aside).

    Deterministic: the same ``seed``, the same fiction and the same beats give the same
    texts. The night's memory — the fiction and the sentences already told — lives in
    :attr:`story` (a :class:`~solo.director.fiction.Fiction`), which the played night owns,
    copies and rewinds on undo; without one, the narrator keeps a memory of its own.
    """

    #: How many variant numbers :meth:`render` understands.
    VARIANTS = 60

    def __init__(
        self,
        seed: int | str | None = None,
        *,
        prompts: str | os.PathLike[str] | None = None,
        environment: Environment | None = None,
        setting: Mapping[str, Any] | None = None,
    ) -> None:
        self.seed = 0 if seed is None else seed
        #: The playset's setting (``Playset.setting()``), or None for the default camp.
        self.setting = dict(setting) if setting else None
        if environment is None:
            environment = _shared_environment(str(Path(prompts) if prompts is not None else prompts_dir()))
        self.env = environment
        #: The night's fiction (set by the night); its ``used`` set is the no-repeat memory.
        self.story = None
        #: The night's lines and veils (:class:`~solo.director.safety.Safety`, set by the night):
        #: no line told crosses a line, and a veiled beat is told as a fade. None: nothing kept out.
        self.safety = None
        self.count = 0
        self.responses = 0
        self._used: set[str] = set()

    # ------------------------------------------------------------------ narrating

    def narrate(self, beat: Beat) -> Iterator[str]:
        """The beat's text, as one chunk (chosen now, not when the iterator is read)."""
        return iter([self.tell(beat)])

    def tell(self, beat: Beat) -> str:
        """The beat's text; advances the no-repeat memory."""
        n, used = self._key(beat.kind)
        ctx = self._context(beat)
        self.count += 1
        return compose(self._render(f"template/{beat.kind}.j2", ctx | {"v": n % self.VARIANTS}),
                       (self.seed, n, beat.kind), used, self._fits(ctx), self._names(), pace(ctx.get("f"), beat.kind),
                       capped=beat.kind != "answer", guard=self._guard(ctx | {"v": n % self.VARIANTS}))

    def retell(self, beat: Beat, safety, fade: bool = False) -> str:
        """``beat`` told again (the X-card): under ``safety`` (the night's, with what the player
        flagged kept out), or, with ``fade``, as a fade of what the rules decided and nothing
        more. The sentences told before are in the memory: none of them is told again."""
        n, used = self._key(beat.kind)
        ctx = self._context(beat) | {"v": n % self.VARIANTS}
        self.count += 1
        guard = _Guard(self, ctx, safety, beat.kind == "answer")
        if fade:
            line = guard.plain(used, fade=True, names=self._names())
            if line:
                remember(line, used, self._names())
            return _tidy(line or "")
        return compose(self._render(f"template/{beat.kind}.j2", ctx), (self.seed, n, beat.kind, "x"), used,
                       self._fits(ctx), self._names(), pace(ctx.get("f"), beat.kind),
                       capped=beat.kind != "answer", guard=guard)

    def _guard(self, ctx: dict[str, Any], as_lines: bool = False) -> _Guard | None:
        """What keeps this beat's lines within the night's lines and veils (None: no lines)."""
        safety = self.safety
        if not safety:
            return None
        return _Guard(self, ctx, safety, as_lines or ctx.get("kind") == "answer")

    def render(self, beat: Beat, variant: int) -> str:
        """Render ``beat`` as variant ``variant`` with a fresh memory; no state changes. Raises
        :class:`jinja2.UndefinedError` when the beat's context lacks a key its template uses."""
        ctx = self._context(beat) | {"v": int(variant)}
        return compose(self._render(f"template/{beat.kind}.j2", ctx), (self.seed, int(variant), beat.kind), set(),
                       self._fits(ctx), self._names(), pace(ctx.get("f"), beat.kind), guard=self._guard(ctx))

    def respond(self, character: Any, beat: Beat) -> str:
        """A short first-person action line for ``character`` facing the beat's threat, for
        autoplay: ``"I grab the poker and go for the window."``. ``character`` is a
        :class:`~solo.nott.game.Character` or a mapping with name, archetype and aptitude."""
        ctx = self.response_context(character, beat)
        story = self.story
        n = story.told if story is not None else self.count + 1000 * self.responses
        used = set(story.used if story is not None else self._used)  # read only: the line is
        self.responses += 1  # remembered when it is said (Fiction.said), as part of the history
        ctx |= {"v": n % self.VARIANTS, "setting": self.setting, "f": self._view(), "kind": "response"}
        person = next((p for p in ctx["f"]["people"] if p["name"] == ctx["name"]), None)
        ctx["items"] = person["items"] if person else []
        line = compose(self._render("template/response.j2", ctx), (self.seed, n, "response", ctx["name"]), used,
                       self._fits(ctx), self._names(), pace(ctx["f"]), guard=self._guard(ctx, as_lines=True))
        if story is None:
            self._used |= used
        return line

    @staticmethod
    def response_context(character: Any, beat: Beat) -> dict[str, Any]:
        if isinstance(character, Mapping):
            name = character["name"]
            archetype = character.get("archetype", "")
            aptitude = character.get("aptitude")
        else:
            name, archetype, aptitude = character.name, character.archetype, character.aptitude
        if isinstance(aptitude, int) and not isinstance(aptitude, bool) and 0 <= aptitude < 4:
            aptitude = SUIT_APTITUDES[aptitude]
        suit = beat.get("suit")
        return {
            "name": name,
            "archetype": archetype or "",
            "aptitude": aptitude if aptitude in SUIT_APTITUDES else None,
            "suit": suit,
            "severity": beat.get("severity") or "atmospheric",
            "killer": bool(beat.get("killer")),
            "match": suit is not None and suit == aptitude,
            "player_action": beat.get("player_action"),
            "summary": beat.get("summary", ""),
            "location": beat.get("location"),
            "living_count": beat.get("living_count", 4),
        }

    def reset(self) -> None:
        """Forget the no-repeat memory (a new night, same seed)."""
        self.count = self.responses = 0
        self._used.clear()

    # ------------------------------------------------------------------ internals

    def _key(self, kind: str = "") -> tuple[int, set[str]]:
        story = self.story
        if story is not None and kind == "answer":
            # answers keep a count and a memory of their own: a night told with questions tells
            # every other beat exactly as it would without them
            story.answers_told += 1
            return 7919 * story.answers_told, story.answer_used
        if story is not None:
            story.told += 1
            return story.told, story.used
        return self.count + 1000 * self.responses, self._used

    def _names(self) -> tuple[str, ...]:
        """The cast's names, masked when frames and runs are counted."""
        story = self.story
        return tuple(p.name for p in story.people) if story is not None else ()

    def _view(self) -> dict[str, Any]:
        return self.story.view() if self.story is not None else _EMPTY_VIEW

    def _context(self, beat: Beat) -> dict[str, Any]:
        ctx = dict(DETAILS)
        ctx.update(beat.context)
        if "f" not in ctx:  # the night's beats come with the fiction's view
            ctx["f"] = self._view()
        ctx.update(kind=beat.kind, setting=self.setting)
        return ctx

    def _fits(self, ctx: dict[str, Any]) -> Callable[[str], bool]:
        """Whether a line fits where the group is (the setting model: solo.places.fits)."""
        f = ctx.get("f") or {}
        wild = f["wild"] if f.get("wild") is not None else not (self.setting and self.setting.get("locations")) or \
            bool(self.setting.get("wild"))
        indoors, outdoors = bool(f.get("indoors")), bool(f.get("outdoors"))
        places = tuple(f.get("places") or ())
        gone, present = _gone(ctx, f)
        crowd = _crowd(ctx, f)
        memo = _FITTING.setdefault((wild, indoors, outdoors, places, gone, present, crowd), {})

        def fitting(line: str) -> bool:
            got = memo.get(line)
            if got is None:
                if len(memo) > 16384:  # a long session: kept bounded
                    memo.clear()
                got = memo[line] = fits(line, wild, indoors, outdoors, places) and not (
                    gone and _gone_word(gone).search(_unplaced(line, places + present))) and not (
                    crowd is not None and _CROWD[crowd].search(line))
            return got

        return fitting

    def _render(self, name: str, ctx: dict[str, Any]) -> str:
        return self.env.get_template(name).render(ctx)


class _Guard:
    """A beat's lines held to the night's lines and veils (:mod:`solo.director.safety`): a
    candidate that crosses a line is never told; a required slot whose natural line shows a
    veil is told as a fade; a required slot left with nothing is told by a plain line
    (``prompts/template/_plain.j2``). ``as_lines``: veils kept out as lines are (an answer, a
    player's line: no fade)."""

    def __init__(self, narrator: TemplateNarrator, ctx: dict[str, Any], safety: Any, as_lines: bool) -> None:
        self.narrator = narrator
        self.ctx = ctx
        self.safety = safety.as_lines() if as_lines else safety
        self.veiling = bool(self.safety.veils)

    def line(self, text: str) -> bool:
        return self.safety.crosses(text) is not None

    def veil(self, text: str) -> bool:
        return self.safety.shows(text) is not None

    def touches(self, text: str) -> bool:
        return self.safety.touches(text) is not None

    def plain(self, used: set[str], fade: bool = False, names: Sequence[str] = ()) -> str | None:
        """The beat's plain line (a fade before it with ``fade``), crossing nothing: the untold
        candidates first; None when every one crosses."""
        slots = {name: cands for name, _flags, cands, _fb in
                 _slots(self.narrator._render("template/_plain.j2", self.ctx))}
        start = _hash((self.narrator.seed, self.ctx.get("v"), self.ctx.get("kind")), "plain")

        def best(cands: list[str]) -> str | None:
            cands = [c for c in cands if not self.touches(c)]
            if not cands:
                return None
            k = start % len(cands)
            order = cands[k:] + cands[:k]
            return next((c for c in order if _fresh(c, used)), order[0])

        plain = best(slots.get("plain", []))
        if plain is None or not fade:
            return plain
        cut, back = best(slots.get("fade", [])), best(slots.get("back", []))
        if cut is None or back is None:
            return plain
        head = re.sub(r"\W+$", "", plain.partition(" ")[0])
        keep = head in tuple(names) + ("I",) or head == self.ctx.get("name")  # a name keeps its capital
        return f"{cut} {back} {plain if keep else uncap(plain)}"


#: Beats that may name a thing that is gone: an answer ("what did we lose?") and the ends of the night.
_TELLS_LOSSES = frozenset(("answer", "dawn", "all_dead", "death"))


def _gone(ctx: Mapping[str, Any], f: Mapping[str, Any]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The last words of the things nobody alive holds any more (lost, taken, or with the
    dead: "lantern" for the kerosene lantern the Killer took), which no line may show as
    present ("The lantern gutters"); not the thing this beat tells the loss or absence of.
    And the names of the things that are there (held, or this beat's own), not read for them
    ("flare" is gone with the road flare; the flare gun is still in hand)."""
    if ctx.get("kind") in _TELLS_LOSSES:
        return (), ()
    people = f.get("people") or ()
    away = [i for p in people for i in (p.get("lost") or ())]
    away += [i for p in people if not p.get("alive", True) for i in (p.get("items") or ())]
    if not away:
        return (), ()
    move = ctx.get("killer_move") or {}
    missing = ctx.get("missing") or {}
    told = {str(x).lower() for x in (ctx.get("lost_item"), missing.get("thing"), move.get("item")) if x}
    held = {str(i).lower().split()[-1] for p in people if p.get("alive", True) for i in (p.get("items") or ())}
    held |= {str(p.get("name", "")).lower() for p in people}  # "Kit" is a name, not the first-aid kit
    gone = tuple(sorted({w for i in away if str(i).lower() not in told
                         for w in [str(i).lower().split()[-1]] if w not in held and len(w) > 2}))
    present = told | {str(i).lower() for p in people if p.get("alive", True) for i in (p.get("items") or ())}
    return gone, tuple(sorted(present, key=len, reverse=True)) if gone else ()


#: Words that speak of the group, by how many are alive for them not to fit: "everyone", "the
#: others" with one left; "the others" (two or more besides) with two; "both of you" with three.
_CROWD = {
    1: re.compile(r"\b(?:all|each|one|any|both|two|three|the rest) of (?:you|us)\b|\b(?:everyone|everybody|"
                  r"the others|the rest|someone else|somebody else|your friends|you all|all eyes|together|"
                  r"each other|one another)\b", re.IGNORECASE),
    2: re.compile(r"\b(?:the others|the rest of (?:you|us)|three of (?:you|us)|all three|everyone else|"
                  r"everybody else)\b", re.IGNORECASE),
    3: re.compile(r"\bboth of (?:you|us)\b|\bthe two of (?:you|us)\b", re.IGNORECASE),
}
#: Beats that speak of the group as it was (the night's ends) or word for word (answers).
_AS_DECIDED = frozenset(("answer", "dawn", "all_dead"))


def _crowd(ctx: Mapping[str, Any], f: Mapping[str, Any]) -> int | None:
    """Which of :data:`_CROWD` the lines of this beat are read against (None: any fits)."""
    if ctx.get("kind") in _AS_DECIDED or not f.get("people"):
        return None
    n = int(f.get("living_count") or 0)
    return 1 if n <= 1 else 2 if n == 2 else 3


def _unplaced(line: str, names: tuple[str, ...]) -> str:
    """``line``, lower-cased, without ``names`` (the setting's places and the things still there:
    "the lantern path" is a place, not a lantern)."""
    low = line.lower()
    for name in names:
        low = low.replace(str(name).lower(), " ")
    return low


@lru_cache(maxsize=64)
def _gone_word(words: tuple[str, ...]) -> re.Pattern:
    return re.compile(r"\b(?:" + "|".join(map(re.escape, words)) + r")s?\b", re.IGNORECASE)


#: Whether a line fits, per (wild, indoors, outdoors, places, gone, present, crowd): see ``TemplateNarrator._fits``.
_FITTING: dict[tuple, dict[str, bool]] = {}


#: What the fiction adds to a beat (see ``Fiction.apply``), as told when there is no fiction.
DETAILS: dict[str, Any] = {
    "player_action": None, "summary": "", "location": None, "moved": False, "known_weakness": None,
    "already_said": None, "missing": None, "action": None, "plan": None, "said": None, "loud": False, "wounds": [], "lost_item": None, "scrape": None,
    "hurt": None, "hurt_told": False, "epithet": None, "deed": None, "left": None, "left_count": None, "why_ok": True,
    "weakness_words": None, "trope": None,
    "answer_kind": None, "question": None, "form": None, "word": None, "odds": "even", "stated": False, "fact": None,
    "negated": False, "yes": None, "text": None, "band": None, "opening": None, "roll": None, "dread": None,
    "statement": None, "turn": None, "detail": None, "interrupt": None, "topic": None,
    "stage": None, "stage_up": None, "relief": False, "killer_move": None, "first_sight": False,
    "the_killer": None, "strikes_total": 0,
}

_EMPTY_VIEW: dict[str, Any] = {
    "location": None, "people": [], "living": [], "living_count": 0, "dead": [], "hurt": [],
    "anyone_hurt": False, "held": [], "lost": [], "weaknesses": {}, "lines": [], "tests": 0, "endgame": False, "answers": [],
    "stage": "unease", "killer": None, "killer_seen": False, "cut": [], "moves": [],
    "here": {"place": None, "indoors": False, "outdoors": False, "sounds": [], "props": [], "threats": {}}, "wild": None, "indoors": False, "outdoors": False, "places": [], "sounds": [],
}

# ---------------------------------------------------------------------- composing

_SENTENCE_END = re.compile(r"(?<=[.!?…])[\"”’)]*\s+(?=[\"“(]?[A-Z0-9])")
_AGAIN = ("Again, ", "Once more, ", "Then, ", "This time, ", "Just as before, ", "And then, ", "Somehow, ",
          "Meanwhile, ", "By now, ", "Even so, ")
#: First words that lose their capital after an opener ("Again, the door gives.").
_LOWER = frozenset("The A An It It's Its This That There Something Someone Somewhere Nobody No Not Every Everything "
                   "Everyone Your You One Two Three Four Small Clean But And Barely Perfect Whatever Glass Wood Rain "
                   "Steady Brute Stay Somehow Nothing Heavy Moonlight Broken Far Even All Only".split())


def sentences(text: str) -> list[str]:
    """``text`` split into sentences (a full stop, ! or ? followed by a capital)."""
    return list(_sentences(text))


@lru_cache(maxsize=8192)
def _sentences(text: str) -> tuple[str, ...]:
    """``text``'s sentences (:func:`sentences`), each with its spaces collapsed (one space
    between words, none at either end): what the readers below rely on."""
    line = " ".join(text.split())
    if _SENTENCE_BREAK.search(line) is None:  # one sentence (most lines): no split to make
        return (line,) if line else ()
    return tuple(s.strip() for s in _SENTENCE_END.split(line) if s.strip())


# where _SENTENCE_END splits, its mark included: it opens on the mark, so it is found sooner
_SENTENCE_BREAK = re.compile(r"[.!?…][\"”’)]*\s+(?=[\"“(]?[A-Z0-9])")
#: What :func:`norm` strips from a sentence's end, and what a question may end with after its "?".
_NORM_END = ".!?…\"”’ "
_CLOSERS = "\"”’)"


def is_question(sentence: str) -> bool:
    """A director's short question ("What do you do, Eddie?"): free to repeat."""
    return sentence.rstrip(_CLOSERS).endswith("?") and len(sentence.split()) <= 10


@lru_cache(maxsize=16384)
def norm(sentence: str) -> str:
    """``sentence`` as the no-repeat memory keeps it: lower case, spaces collapsed, no end
    marks or closing quotes."""
    return " ".join(sentence.lower().split()).rstrip(_NORM_END)


def counted(sentence: str) -> bool:
    """Sentences the no-repeat rule counts: 13 characters or more, not a short question."""
    return len(sentence) >= 13 and not is_question(sentence)


def _fresh(text: str, used: set[str]) -> bool:
    return used.isdisjoint(_told(text))


@lru_cache(maxsize=16384)
def _told(text: str) -> tuple[str, ...]:
    """The normalised sentences of ``text`` the no-repeat rule counts."""
    # a sentence of _sentences has one space between words and none at its ends (lower case
    # adds no space): norm is its lower case stripped, is_question's word count its spaces + 1
    told = []
    for s in _sentences(text):
        if len(s) >= 13 and not (s.count(" ") < 10 and s.rstrip(_CLOSERS).endswith("?")):
            told.append(s.lower().rstrip(_NORM_END))
    return tuple(told)


# ``\d+``, written to open on a digit: found sooner
_DIGITS = re.compile(r"\d\d*")
_ASCII_DIGITS = b"0123456789"


def _mask_digits(sentence: str, mark: str) -> str:
    """``_DIGITS.sub(mark, sentence)``: an ASCII sentence with no digit (most lines) is returned
    as it is, found so without the pattern (an ASCII digit is 0-9)."""
    if sentence.isascii() and len(sentence.encode().translate(None, _ASCII_DIGITS)) == len(sentence):
        return sentence
    return _DIGITS.sub(mark, sentence)

#: How often one frame (a sentence's first five words, names and numbers masked) may open a
#: sentence in a night while the slot has other candidates.
FRAME_LIMIT = 3
# a capital at a word's start (``\b[A-Z]``), written to open on the capital: found sooner
_CAPITAL = re.compile(r"[A-Z](?<!\w[A-Z])[\w'’-]*")


@lru_cache(maxsize=16384)
def frame(sentence: str) -> str | None:
    """A sentence's frame: its first five words with names, places and numbers masked
    ("Sid, what do you do?" and "Pam, what do you do?" share one)."""
    words = norm(_DIGITS.sub("n", _CAPITAL.sub("x", sentence))).split()
    return " ".join(words[:5]) if len(words) >= 5 else None


def _frames(text: str) -> tuple[str, ...]:
    """The keys of ``text``'s frames in the night's memory (``§frame|…|``), one a sentence that has one."""
    return _frame_keys(text)[0]  # read and kept with their limit's


def _uses(key: str, used: set[str]) -> int:
    k = 0
    while f"{key}{k + 1}" in used:
        k += 1
    return k


def _frames_free(text: str, used: set[str]) -> bool:
    # a count is kept as its keys 1, 2 … n: with no key at the limit, every count is below it
    keys, at = _frame_keys(text)
    return used.isdisjoint(at) or all(_uses(f, used) < FRAME_LIMIT for f in keys)


@lru_cache(maxsize=16384)
def _at(keys: tuple[str, ...], limit: int) -> tuple[str, ...]:
    """``keys`` (a text's frames or runs) as their entries at the ``limit``-th use."""
    return tuple(f"{k}{limit}" for k in keys)


def _remember_frames(text: str, used: set[str]) -> None:
    for f in _frames(text):
        used.add(f"{f}{_uses(f, used) + 1}")


#: How often one masked six-word run may be told in a night (in that many sentences) while the
#: slot has other candidates; past :data:`RUN_CEILING`, a frame repeats rather than the run.
RUN_LIMIT = 3
RUN_CEILING = 5
RUN_WORDS = 6
# a capitalised word not first in its text nor after a full stop: ``(?<!^)(?<![.!?] )\b[A-Z][a-z'’]+``,
# written to open on the capital (found sooner)
_NOT_FIRST_CAPITAL = re.compile(r"[A-Z](?<!^[A-Z])(?<![.!?] [A-Z])(?<!\w[A-Z])[a-z'’]+")


@lru_cache(maxsize=256)
def _whole_word(name: str) -> re.Pattern:
    return re.compile(r"\b" + re.escape(name) + r"\b")


def runs(sentence: str, names: Sequence[str] = ()) -> frozenset[str]:
    """A sentence's masked six-word runs: the cast's ``names``, numbers and other capitalised
    words (not the first) masked, so "Sid comes out of it with a limp" and "Pam comes out of it
    with a limp" share theirs."""
    return _runs(sentence, tuple(names))


@lru_cache(maxsize=16384)
def _runs(sentence: str, names: tuple[str, ...]) -> frozenset[str]:
    return _masked_runs(sentence, names)


def _mask_names(sentence: str, names: Sequence[str], mark: str) -> str:
    """``sentence`` with each of the cast's ``names`` (a whole word) put as ``mark``."""
    for n in names:
        if n in sentence:
            sentence = _whole_word(n).sub(mark, sentence)
    return sentence


def _masked_runs(sentence: str, names: tuple[str, ...]) -> frozenset[str]:
    """:func:`runs`, not kept: a sentence is mostly read in one text only."""
    sentence = _mask_digits(_mask_names(sentence, names, "NAME"), "N")
    if not sentence[1:].islower():  # else no capital after the first letter: none to mask
        sentence = _NOT_FIRST_CAPITAL.sub("CAP", sentence)
    w = sentence.lower().split()
    # each run's words, in order: w[k], w[k + 1] … w[k + RUN_WORDS - 1]
    return frozenset(map(" ".join, zip(*map(w.__getitem__, _RUN_TAILS))))


_RUN_TAILS = tuple(slice(k, None) for k in range(RUN_WORDS))  # a run's k-th word: w[k:][i]


def _text_runs(text: str, names: tuple[str, ...]) -> tuple[str, ...]:
    """The keys of ``text``'s runs in the night's memory (``§run|…|``), sentence by sentence
    (a run two sentences share, twice)."""
    return _run_keys(text, names)[0]  # read and kept with their limit's


def _runs_below(text: str, used: set[str], names: Sequence[str], limit: int = RUN_LIMIT) -> bool:
    keys, at = _run_keys(text, tuple(names))
    if limit != RUN_LIMIT:
        at = _at(keys, limit)
    return used.isdisjoint(at) or all(_uses(r, used) < limit for r in keys)


@lru_cache(maxsize=16384)
def _run_keys(text: str, names: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """``text``'s run keys (:func:`_text_runs`), and the same at their :data:`RUN_LIMIT`-th use."""
    # a sentence of fewer than RUN_WORDS words (its spaces + 1; masking joins, never parts,
    # words) has no run
    runs = [r for s in _sentences(text) if s.count(" ") >= RUN_WORDS - 1 for r in _masked_runs(s, names)]
    return tuple(f"§run|{r}|" for r in runs), tuple(f"§run|{r}|{RUN_LIMIT}" for r in runs)


@lru_cache(maxsize=16384)
def _frame_keys(text: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """``text``'s frame keys (:func:`_frames`), and the same at their :data:`FRAME_LIMIT`-th use."""
    keys, at = [], []
    for s in _sentences(text):
        words = s.split(" ", 5)  # the first five words, and the rest
        if len(words) == 6 and words[5].rstrip(_NORM_END):
            # the rest has a character norm keeps (masking and lower case leave one there), so
            # what norm strips is all in it: the frame is the first five words masked (each
            # mask lies inside one word)
            f = _mask_digits(_CAPITAL.sub("x", s[:len(s) - len(words[5]) - 1]), "n").lower()
        elif len(words) >= 5:  # :func:`frame`, its norm as in _told (masking joins no words)
            words = _mask_digits(_CAPITAL.sub("x", s), "n").lower().rstrip(_NORM_END).split()
            if len(words) < 5:
                continue
            f = " ".join(words[:5])
        else:
            continue
        keys.append(f"§frame|{f}|")
        at.append(f"§frame|{f}|{FRAME_LIMIT}")
    return tuple(keys), tuple(at)


def _most_run_uses(text: str, used: set[str], names: Sequence[str]) -> int:
    return max((_uses(r, used) for r in _text_runs(text, tuple(names))), default=0)


#: How often one sentence may be told in a night as a reader hears it (names, pronouns and
#: numbers masked, a lead-in before a comma dropped: "Again, Sid forces it." is "Sid forces it."
#: again, "Who goes?" is one question however often it is asked). Past it, a slot that may be
#: left out is; a required one takes a fresh line if it has one.
SAID_LIMIT = 4
#: The stock question, in any of its forms ("What do you do, Sid?", "So: what do you do, and
#: who does it?"), is asked at most this often in a night: a slot then asks another way.
STOCK_LIMIT = 3
_STOCK = re.compile(r"\bwhat do you do\b", re.IGNORECASE)
_STOCK_KEY = "§said|what do you do|"
_PRONOUN = re.compile(r"\b(?:he|she|they|him|her|them|his|hers|their|theirs|himself|herself|themselves|themself|"
                      r"xe|xem|xyr|ze|zir|hir)\b", re.IGNORECASE)
_LEAD_IN = re.compile(r"^(?:[\w'’]+ ){0,2}[\w'’]+, (?=.{12})")


@lru_cache(maxsize=16384)
def _said_keys(text: str, names: tuple[str, ...]) -> tuple[str, ...]:
    """The keys of ``text``'s sentences as a reader hears them (see :data:`SAID_LIMIT`)."""
    keys = []
    for s in _sentences(text):
        s = _LEAD_IN.sub("", _PRONOUN.sub("P", _mask_digits(_mask_names(s, names, "N"), "n")))
        keys.append(f"§said|{norm(s)}|")
        if _STOCK.search(s):
            keys.append(_STOCK_KEY)
    return tuple(keys)


def _said_out(text: str, used: set[str], names: tuple[str, ...]) -> bool:
    """Has a sentence of ``text`` been told :data:`SAID_LIMIT` times already (the stock
    question :data:`STOCK_LIMIT` times)?"""
    keys = _said_keys(text, names)
    return not used.isdisjoint(_at(keys, SAID_LIMIT)) or (_STOCK_KEY in keys and f"{_STOCK_KEY}{STOCK_LIMIT}" in used)


def remember(text: str, used: set[str], names: Sequence[str] = ()) -> None:
    """Count ``text``'s sentences, frames and six-word runs as told (a line the player said,
    too: the night's prose is one)."""
    used.update(_told(text))
    for k in _said_keys(text, tuple(names)):
        used.add(f"{k}{_uses(k, used) + 1}")
    for r in _text_runs(text, tuple(names)):
        used.add(f"{r}{_uses(r, used) + 1}")
    _remember_frames(text, used)


@lru_cache(maxsize=16384)
def _slot_line(raw: str) -> str:
    """A rendered line, its spaces collapsed; a candidate's, no space before its punctuation
    too (the whole text is tidied once, at the end)."""
    if not raw.startswith(" ") and _UNTIDY(raw) is None:
        return raw  # one space between words, none at the end nor before a mark: as it is (most)
    line = " ".join(raw.split())
    return line if not line or line[0] == "§" or line == "~" else _close_up(line)


# a space that is not a plain space, or is followed by a space, a mark or the end
_UNTIDY = re.compile(r"\s(?:(?<! )|(?=[\s.,;:!?]|\Z))").search


def _slots(rendered: str) -> list[tuple[str, str, list[str], int]]:
    """(name, flags, candidates, fallback) per slot: flags "?" (may be left out), "!" (short
    lines too are kept from repeating while there are others: questions, openers); a line
    "~" ends the slot's first choices: the candidates from ``fallback`` on are told only when
    every first choice has been."""
    slots: list[tuple[str, str, list[str], int]] = []
    cands: list[str] = []
    seen: set[str] = set()
    fallback = -1
    name = flags = None
    for line in map(_slot_line, rendered.splitlines()):
        if not line:
            continue
        if line[0] == "§":
            if name is not None:
                slots.append((name, flags, cands, len(cands) if fallback < 0 else fallback))
            name = line[1:].strip()
            flags = name[len(name.rstrip("?!*")):]
            name = name.rstrip("?!*")
            cands, seen, fallback = [], set(), -1
        elif name is None:  # lines before any slot: a slot with no name, this its first line
            name, flags = "", ""
            seen.add(line)
            cands.append(line)
        elif line == "~":
            fallback = len(cands)
        elif line not in seen:
            seen.add(line)
            cands.append(line)
    if name is not None:
        slots.append((name, flags, cands, len(cands) if fallback < 0 else fallback))
    return slots


#: The night's pace (see docs/narration.md, "Pacing"): from the stage on, a slot prefers the
#: candidates whose every sentence is at most this many words, while it has one.
PACE = {"terror": 11, "finale": 9}


def pace(view: Mapping[str, Any] | None, kind: str = "") -> int | None:
    """The longest sentence a slot prefers at the night's stage (the finale from the Endgame
    on), or None: early in the night, the prose has room to breathe."""
    if not view:
        return None
    stage = "finale" if view.get("endgame") or kind == "endgame" else view.get("stage")
    return PACE.get(str(stage))


def _brief(text: str, most: int) -> bool:
    return _longest(text) <= most


@lru_cache(maxsize=16384)
def _longest(text: str) -> int:
    """The word count of ``text``'s longest sentence (0 for none)."""
    sents = _sentences(text)
    if len(sents) == 1:  # most lines
        return sents[0].count(" ") + 1  # spaces collapsed
    return max((s.count(" ") + 1 for s in sents), default=0)


def compose(rendered: str, key: tuple, used: set[str], fits: Callable[[str], bool] | None = None,
            names: Sequence[str] = (), brief: int | None = None, capped: bool = True,
            guard: _Guard | None = None) -> str:
    """One candidate per slot of ``rendered`` (see :class:`TemplateNarrator`), none with a
    sentence in ``used``; the chosen sentences are added to ``used``. ``fits`` (a line →
    whether it fits where the group is) leaves out the lines that do not, while a slot has
    others. Frames and six-word runs (``names`` masked) vary too: a candidate that would tell
    a frame more than :data:`FRAME_LIMIT` times or a run more than :data:`RUN_LIMIT` times is
    told only when its slot has nothing else, and a slot that may be left out is left out
    instead. ``brief`` (the night's :func:`pace`): among the candidates left, those with no
    sentence longer than that many words come first. ``capped``: no sentence told more than
    :data:`SAID_LIMIT` times as a reader hears it while the slot has another (not for the
    director's answers, decided word for word: "No." is the answer as often as it is).
    ``guard`` (the night's lines and veils, :class:`_Guard`): no candidate that crosses a line is
    told; a required slot whose choice would show a veil is told as a fade, and one left with no
    candidate by the beat's plain line (once a beat)."""
    chosen: list[str] = []
    faded = lost = None  # where the fade, or the plain line, goes among the chosen
    for name, flags, cands, fallback in _slots(rendered):
        if fits is not None:
            kept = [i for i, c in enumerate(cands) if fits(c)]
            if kept or "?" in flags:
                fallback = bisect_left(kept, fallback)  # the first choices kept (kept is in order)
                cands = [cands[i] for i in kept]
        if not cands:
            continue
        first, rest = cands[:fallback] or cands, cands[fallback:] if fallback else []
        start = _hash(key, name) % len(first)
        order = first[start:] + first[:start] + rest
        if guard is not None:  # the same order, without what crosses a line
            order = [c for c in order if not guard.line(c)]
            if guard.veiling and order:
                natural = _slot_pick(order, used, flags, names, brief, capped) if faded is None and "?" not in flags \
                    else None
                if natural is not None and guard.veil(natural):
                    faded = len(chosen)  # what would be told shows a veil: the beat is told as a fade
                    continue
                order = [c for c in order if not guard.veil(c)]
            if not order:
                if "?" not in flags and lost is None:
                    lost = len(chosen)
                continue
        if "*" in flags:  # set pieces: each told before any is told again (its frames share its runs)
            pick_ = _least_worn(order, used, flags, names, brief, capped)
        else:
            pick_ = _choose(order, used, flags, names, brief, capped)
        if pick_ is not None and "!" in flags:
            used.add("!" + norm(pick_))
        if pick_ is None and "?" not in flags:
            pick_ = _least_said(order, used, tuple(names)) if "!" in flags and all(map(is_question, order)) \
                else _again(order, used, names)
        if guard is not None and pick_ is not None and guard.touches(pick_):  # an opener added to it
            pick_ = None
            if "?" not in flags and lost is None:
                lost = len(chosen)
        if pick_ is None:
            continue
        remember(pick_, used, names)
        chosen.append(pick_)
    if guard is not None and (faded is not None or lost is not None):
        line = guard.plain(used, fade=faded is not None, names=names)
        if line:
            remember(line, used, names)
            chosen.insert(faded if faded is not None else lost, line)
    return _tidy(" ".join(chosen))


def _slot_pick(order: list[str], used: set[str], flags: str, names: Sequence[str], brief: int | None,
               capped: bool) -> str | None:
    """The slot's line from ``order`` (read only: nothing is remembered): the choice, or for a
    required slot with no fresh candidate, the question heard least or the line opened again."""
    if "*" in flags:  # set pieces: each told before any is told again (its frames share its runs)
        pick_ = _least_worn(order, used, flags, names, brief, capped)
    else:
        pick_ = _choose(order, used, flags, names, brief, capped)
    if pick_ is None and "?" not in flags:
        pick_ = _least_said(order, used, tuple(names)) if "!" in flags and all(map(is_question, order)) \
            else _again(order, used, names)
    return pick_


def _choose(order: list[str], used: set[str], flags: str, names: Sequence[str] = (),
            brief: int | None = None, capped: bool = True) -> str | None:
    """The slot's candidate, or None when none is fresh (no sentence told) or the slot (``?``)
    is better left out. Preferred: fresh, no run told :data:`RUN_LIMIT` times, frames free;
    with none such, a slot that may be left out is, and another takes a fresh one whose runs
    are below :data:`RUN_LIMIT`, else below :data:`RUN_CEILING`, else the least worn. Among
    those, ``brief`` ones first (:func:`pace`), and in a ``!`` slot the first whose whole line
    is untold. Candidates are looked at only as far as the choice needs: the first that is
    preferred on every count is the choice."""
    bang = "!" in flags
    names = tuple(names)
    fresh: list[str] = []  # no sentence told
    new_runs: list[str] = []  # and no run told RUN_LIMIT times: runs, not only sentences, vary
    free: list[str] = []  # and frames
    for c in order:
        if not used.isdisjoint(_told(c)) or (capped and _said_out(c, used, names)):
            continue
        fresh.append(c)
        if not _runs_below(c, used, names):
            continue
        new_runs.append(c)
        if not _frames_free(c, used):
            continue
        free.append(c)
        if (not bang or "!" + norm(c) not in used) and (not brief or _longest(c) <= brief):
            return c  # the usual case: good on every count, early in the order
    if free or "?" in flags:  # a slot that may be left out is, rather than repeat a frame or a run
        fresh = free
    else:
        fresh = (new_runs or [c for c in fresh if _runs_below(c, used, names, RUN_CEILING)]
                 or sorted(fresh, key=lambda c: _most_run_uses(c, used, names)))  # the least worn
    if brief:
        fresh = [c for c in fresh if _brief(c, brief)] + [c for c in fresh if not _brief(c, brief)]
    if bang:  # short lines too: the untold first
        return next((c for c in fresh if "!" + norm(c) not in used), fresh[0] if fresh else None)
    return fresh[0] if fresh else None


def _least_worn(order: list[str], used: set[str], flags: str, names: Sequence[str] = (),
                brief: int | None = None, capped: bool = True) -> str | None:
    """:func:`_choose` for a slot of set pieces (``*``): among the candidates whose runs have
    been told least, however long or worn their frames; the next least only when none of
    those is fresh."""
    uses: dict[int, list[str]] = {}
    for c in order:
        uses.setdefault(_most_run_uses(c, used, names), []).append(c)
    tiers = [uses[k] for k in sorted(uses)]
    for k, tier in enumerate(tiers):
        last = k == len(tiers) - 1
        pick_ = _choose(tier, used, flags if last else flags.replace("?", ""), names, brief, capped)
        if pick_ is not None:
            return pick_
    return None


def _least_said(order: list[str], used: set[str], names: tuple[str, ...]) -> str:
    """A required question whose every line has been told as often as it may be: the one a
    reader has heard least (the stock question last), asked again as it was."""
    def worn(c: str) -> tuple[int, int]:
        keys = _said_keys(c, names)
        return (_STOCK_KEY in keys, max((_uses(k, used) for k in keys), default=0))

    return min(order, key=worn)


def _again(order: list[str], used: set[str], names: Sequence[str] = ()) -> str:
    """A required slot whose every line has been told: the same beat, opened another way
    ("Again, Eddie heaves, and nothing moves."; "Again, with a grunt, Dex forces it.")."""
    for opener in _AGAIN:
        for base in order:
            head, _, rest = base.partition(" ")  # names and "I" keep their capital
            bare = re.sub(r"(?:['’]s?)?\W*$", "", head)
            if names:  # the cast known: any other first word is a common one ("with a grunt"), or a place's
                keep = bare in names or bare == "I" or (bare not in _LOWER and rest[:1].isupper())
            else:
                keep = bare not in _LOWER
            text = opener + (head if keep else head[:1].lower() + head[1:]) + (" " + rest if rest else "")
            if _fresh(text, used):
                return text
    return order[0]


def _hash(key: tuple, name: str) -> int:
    digest = hashlib.blake2b(repr((key, name)).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


@lru_cache(maxsize=8)
def _shared_environment(path: str) -> Environment:
    return make_environment(path)
