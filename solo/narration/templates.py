"""The template voice: the offline narrator, Jinja2 templates in ``prompts/template/``, no model,
no network.

Each beat kind has one template, ``prompts/template/<kind>.j2``, that composes its text from
small lists of parts kept in ``prompts/template/_lexicon.j2`` and in the template itself
(per-suit sensory flavour × per-severity dread × per-Fallout consequence, and so on).
A render gets an integer ``v`` (the variant); ``pick(parts)`` chooses ``parts[v % len]``
and ``pick(parts, k)`` a differently mixed part for slot ``k``, so one cell of
suit × severity × … yields many distinct texts.

Beat templates are written as slots of candidate lines, which the composer
(:func:`~solo.narration.compose.compose`) reads: one line is kept per slot, and no sentence is
told twice in a night. What a line may say of the scene is the world's to say
(:func:`solo.world.lines.line_fits`).
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from jinja2 import Environment

from solo.nott.cards import SUIT_APTITUDES
from solo.world.lines import line_fits

from .hazard import fits_hazard

from .beats import Beat
from .compose import _fresh, _hash, _slots, _told, _tidy, compose, pace, remember
from .environment import prompts_dir, shared_environment, uncap

__all__ = ["DETAILS", "TemplateNarrator"]


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
            environment = shared_environment(str(Path(prompts) if prompts is not None else prompts_dir()))
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
        picked: dict[str, str] = {}
        text = self._named(compose(
            self._render(f"template/{beat.kind}.j2", ctx | {"v": n % self.VARIANTS}), (self.seed, n, beat.kind), used,
            self._fits(ctx), self._names(), pace(ctx.get("f"), beat.kind), capped=beat.kind != "answer",
            guard=self._guard(ctx | {"v": n % self.VARIANTS}), picked=picked))
        if beat.kind == "threat" and self.story is not None:
            self.story.hazard = picked.get("scene")  # what the Test's outcome will have met
        return text

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
            return self._named(_tidy(line or ""))
        return self._named(compose(self._render(f"template/{beat.kind}.j2", ctx), (self.seed, n, beat.kind, "x"), used,
                                   self._fits(ctx), self._names(), pace(ctx.get("f"), beat.kind),
                                   capped=beat.kind != "answer", guard=guard))

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
        return self._named(compose(self._render(f"template/{beat.kind}.j2", ctx), (self.seed, int(variant), beat.kind),
                                   set(), self._fits(ctx), self._names(), pace(ctx.get("f"), beat.kind),
                                   guard=self._guard(ctx)))

    def respond(self, character: Any, beat: Beat) -> str:
        """A short first-person action line for ``character`` facing the beat's threat, for
        autoplay: ``"I grab the poker and go for the window."``. ``character`` is a
        :class:`~solo.nott.game.Character` or a mapping with name, archetype and aptitude. The
        beat's ``hazard`` (how the threat was told) keeps the line to the things it names
        (:mod:`solo.narration.hazard`)."""
        ctx = self.response_context(character, beat)
        story = self.story
        n = story.told if story is not None else self.count + 1000 * self.responses
        used = set(story.used if story is not None else self._used)  # read only: the line is
        self.responses += 1  # remembered when it is said (Fiction.said), as part of the history
        ctx |= {"v": n % self.VARIANTS, "setting": self.setting, "f": self._view(), "kind": "response",
                "hazard": getattr(story, "hazard", None), "things": tuple(getattr(story, "things", ()) or ())}
        person = next((p for p in ctx["f"]["people"] if p["name"] == ctx["name"]), None)
        ctx["items"] = person["items"] if person else []
        fits, answers = self._fits(ctx), fits_hazard(beat.get("hazard"), ctx["items"], beat.get("around") or "")
        line = compose(self._render("template/response.j2", ctx), (self.seed, n, "response", ctx["name"]), used,
                       lambda c: fits(c) and answers(c), self._names(), pace(ctx["f"]),
                       guard=self._guard(ctx, as_lines=True))
        if story is None:
            self._used |= used
        return _own_again(line, person["deeds"] if person else (), used)

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

    def _named(self, text: str) -> str:
        """``text`` with "the Killer" told by the name the night gives it ("the Woodsman"): the
        story never says the game's word where the playset has a name."""
        killer = self.story.killer if self.story is not None else (self.setting or {}).get("killer") or {}
        return by_name(text, str(killer.get("name") or ""))

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
        """Whether a line fits where the group is (:func:`solo.world.lines.line_fits`) and
        states nothing against what the night established (the story's ``against``: an answer,
        the opening, the playset)."""
        fits = line_fits(ctx, self.setting)
        against = getattr(self.story, "against", None)
        if against is None:
            return fits
        return lambda line: fits(line) and not against(line)

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


#: What the fiction adds to a beat (see ``Fiction.apply``), as told when there is no fiction.
DETAILS: dict[str, Any] = {
    "player_action": None, "summary": "", "location": None, "moved": False, "known_weakness": None,
    "already_said": None, "missing": None, "action": None, "plan": None, "said": None, "loud": False, "manner": None, "wounds": [], "lost_item": None, "scrape": None,
    "hurt": None, "hurt_told": False, "epithet": None, "deed": None, "stand": None, "left": None, "left_count": None, "why_ok": True,
    "weakness_words": None, "trope": None,
    "answer_kind": None, "question": None, "form": None, "word": None, "odds": "even", "stated": False, "fact": None,
    "negated": False, "yes": None, "text": None, "band": None, "opening": None, "roll": None, "dread": None,
    "statement": None, "turn": None, "detail": None, "interrupt": None, "topic": None,
    "stage": None, "stage_up": None, "relief": False, "killer_move": None, "first_sight": False,
    "the_killer": None, "strikes_total": 0,
    "run": 0, "run_deeds": [], "fold": False, "opens": None, "pays": None, "hazard": None,
    "unbeaten": None, "unbeaten_suit": None,
}

_EMPTY_VIEW: dict[str, Any] = {
    "location": None, "people": [], "living": [], "living_count": 0, "dead": [], "hurt": [],
    "anyone_hurt": False, "held": [], "lost": [], "weaknesses": {}, "lines": [], "tests": 0, "endgame": False, "answers": [],
    "stage": "unease", "killer": None, "killer_seen": False, "cut": [], "moves": [],
    "here": {"place": None, "indoors": False, "outdoors": False, "sounds": [], "props": [], "threats": {}}, "wild": None, "indoors": False, "outdoors": False, "places": [], "sounds": [],
    "absent": [], "threads_open": [],
}


_THE_KILLER = re.compile(r"\b([Tt])he Killer\b")


def by_name(text: str, name: str) -> str:
    """``text`` with each "the Killer" told as ``name`` ("the Woodsman"; "The Woodsman" where a
    sentence begins with it); the same text when the name is the game's own word."""
    name = " ".join(name.split())
    if not name or name.lower() == "the killer" or "Killer" not in text:
        return text
    tail = name[4:] if name.lower().startswith("the ") else None

    def told(m: re.Match) -> str:
        if tail is None:
            return name
        return ("The " if m.group(1) == "T" else "the ") + tail
    return _THE_KILLER.sub(told, text)


def _own_again(line: str, deeds: Any, used: set[str] = frozenset()) -> str:
    """``line`` without an "Again, " its speaker never earned: "Again, I dart past it" is said
    by the one who darted past it before; another says it with an opener that claims no before
    ("Then, I dart past it"), one not yet told tonight (``used``, the night's memory) where
    there is one (every line of the slot told, the composer opened one again for the night,
    not for this speaker)."""
    for opener in _DONE_BEFORE:
        if line.startswith(opener):
            rest = line[len(opener):]
            if any(rest.rstrip(".").lower() in str(d).lower() for d in deeds or ()):
                return line
            told = [o + rest for o in _NO_BEFORE]
            return next((t for t in told if used.isdisjoint(_told(t))), told[0])
    return line


#: The composer's openers (``compose._AGAIN``) that say the speaker did it before.
_DONE_BEFORE = ("Again, ", "Once more, ", "Just as before, ")
#: Openers of a line said again that claim no earlier time of the speaker's own.
_NO_BEFORE = ("Then, ", "And then, ", "Even so, ", "By now, ", "Meanwhile, ", "Right now, ")
