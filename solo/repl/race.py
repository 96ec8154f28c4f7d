"""Side-rules for the NotT shell: the T13 Card Draw Test as a race (``race``, ``draw-test``).

Side-rules are off by default; ``siderule t13 on`` switches this one on for the shell (it
stays on for later nights in the same session). A race only reads the night's cast and
who is dead: the NotT deck, Strikes, Genre Points and the save file are untouched, and
``undo`` does not take a race back. The draws, the ranking and the narration are written
to the transcript.

Syntax (names may be the first letters or the cast number; quote names with spaces)::

    race <facet> [difficulty N | card X [base N] | card draw [base N]]
                 [who who …] [boost who chi|stress|strain|shock [N]] …
                 [draw who N] [prof who Facet] [card who X[,Y…]] [places N] [below P] [drawoff]

Without names, every living character races. ``boost`` may be repeated (Boosts add up);
``draw`` and ``prof`` override the default mapping (docs/rulings-t13.md, R19–R22) for one
character and one race; ``card who X`` is the Ordeal Card that character drew by hand from a
real deck (``card who RJ,7S``: and the cards drawn after it, in order — a Joker's redraw, a
tie's draw-off), checked against the cards already out; ``places``/``below``/``drawoff`` are the text's grading options
(``Rules.success_places``, ``failure_below``, ``ties="draw_off"``).

The commands register themselves when :mod:`solo.repl.shell` imports this module.
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass, field
from typing import TYPE_CHECKING
from weakref import WeakKeyDictionary

from .commands import CommandError
from .nott_commands import command

if TYPE_CHECKING:  # the T13 rules are imported when a race is run, not when the REPL starts
    from ..play.night import Night
    from ..t13.narrator import RaceNarrator
    from ..t13.race import Race

#: Side-rules the shell knows, with a line for ``siderule``.
SIDE_RULES = {
    "t13": "T13 Card Draw Test — race / draw-test: the living cast scramble on a Facet, ranked by an Ordeal Card "
           "(never changes the night)",
}
_ON_WORDS = {"on": True, "yes": True, "true": True, "1": True, "off": False, "no": False, "false": False, "0": False}
BOOST_KINDS = ("chi", "stress", "strain", "shock")
RACE_USAGE = ("<facet> [difficulty N|card X|card draw [base N]] [who who …] [boost who chi|stress|strain|shock [N]] "
              "[draw who N] [prof who Facet] [card who X[,Y…]] [places N] [below P] [drawoff]")


@dataclass
class _NightRaces:
    races: int = 0
    narrator: RaceNarrator | None = None


_enabled: WeakKeyDictionary = WeakKeyDictionary()  # a shell → the side rules it has on
_nights: WeakKeyDictionary[Night, _NightRaces] = WeakKeyDictionary()


def side_rule_on(sh, name: str = "t13") -> bool:
    """Whether side-rule ``name`` is switched on for this shell (off by default)."""
    return name in _enabled.get(sh, set())


def set_side_rule(sh, name: str, on: bool) -> None:
    if name not in SIDE_RULES:
        raise CommandError(f"no side-rule {name!r} (side-rules: {', '.join(SIDE_RULES)})")
    rules = _enabled.setdefault(sh, set())
    if on:
        rules.add(name)
    else:
        rules.discard(name)


def races_run(night: Night) -> int:
    """How many races this night has run since it was opened (the next race's seed uses it)."""
    state = _nights.get(night)
    return state.races if state else 0


@command("siderule", "[t13 [on|off]]", aliases=("sideroll", "side-rule"), group="side rules")
def cmd_siderule(sh, arg: str) -> None:
    """Optional side-rules, off by default: siderule t13 on enables race (the T13 Card Draw Test)."""
    words = arg.lower().split()
    if not words:
        for name, text in SIDE_RULES.items():
            sh.info(f"{name}: {'on' if side_rule_on(sh, name) else 'off'} — {text}")
        return
    name = words[0]
    if name not in SIDE_RULES:
        raise CommandError(f"no side-rule {words[0]!r}: try siderule t13 on")
    if len(words) == 1:
        sh.info(f"{name}: {'on' if side_rule_on(sh, name) else 'off'} — {SIDE_RULES[name]}")
        return
    if len(words) > 2 or words[1] not in _ON_WORDS:
        raise CommandError(f"siderule {name} on or siderule {name} off, not {arg.strip()!r}")
    on = _ON_WORDS[words[1]]
    set_side_rule(sh, name, on)
    if on:
        sh.info("Side-rule t13 on: race <facet> runs a T13 Card Draw Test for the living cast (e.g. race Trial). "
                "It never changes the night's cards, Strikes or Genre Points.")
    else:
        sh.info("Side-rule t13 off.")


def _count(text: str, what: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise CommandError(f"{what} must be a whole number, got {text!r}") from None
    if n < 0:
        raise CommandError(f"{what} must be at least 0, got {text!r}")
    return n


@dataclass
class RaceRequest:
    """A parsed ``race`` line."""

    facet: str
    who: list[int] = field(default_factory=list)
    difficulty: int | None = None
    card: str | None = None
    base: int = 0
    boosts: dict[int, dict[str, int]] = field(default_factory=dict)
    draws: dict[int, int] = field(default_factory=dict)
    profs: dict[int, list[str]] = field(default_factory=dict)
    cards: dict[int, tuple[int, ...]] = field(default_factory=dict)
    rules: dict[str, object] = field(default_factory=dict)


def parse_race(sh, arg: str) -> RaceRequest:
    """Read ``race`` arguments; :class:`CommandError` (one line) on anything it cannot read."""
    from ..t13.cards import as_card
    from ..t13.facets import FACETS, parse_facet

    try:
        words = shlex.split(arg)
    except ValueError as exc:
        raise CommandError(f"cannot read the race line ({exc}): {arg!r}") from None
    if not words:
        raise CommandError(f"race needs a Facet: race {RACE_USAGE} — e.g. race Trial (Facets: {', '.join(FACETS)})")
    req = RaceRequest(parse_facet(words[0]))
    i = 1

    def take(what: str) -> str:
        nonlocal i
        if i >= len(words):
            raise CommandError(f"race: {what} is missing after {words[i - 1]!r}")
        w = words[i]
        i += 1
        return w

    while i < len(words):
        w = words[i].lower()
        i += 1
        if w in ("difficulty", "diff", "dc", "vs"):
            if req.card is not None:
                raise CommandError("race: give difficulty N or card X, not both")
            req.difficulty = _count(take("a number of Pips"), "difficulty")
        elif w == "card" and i + 1 < len(words) and not _is_card(words[i]) and sh.is_name(words[i]):
            who = sh.who(take("whose card"))  # card <who> X: a racer's card drawn by hand
            if who in req.cards:
                raise CommandError(f"race: {sh.need_night().cast[who].name}'s cards are given twice")
            req.cards[who] = tuple(as_card(c.strip()) for c in take("the card drawn (e.g. 7♠ or 7S)").split(",")
                                   if c.strip())
        elif w == "card":
            if req.difficulty is not None:
                raise CommandError("race: give difficulty N or card X, not both")
            c = take("a card (e.g. 7♠ or 7S) or draw")
            if c.lower() != "draw":
                as_card(c)
            req.card = c
        elif w == "base":
            req.base = _count(take("a number of Pips"), "base")
        elif w == "boost":
            who = sh.who(take("who boosts"))
            kind = take("chi, stress, strain or shock").lower()
            if kind not in BOOST_KINDS:
                raise CommandError(f"race: boost {kind!r}? a Boost is chi, stress, strain or shock")
            n = 1
            if i < len(words) and words[i].isdigit():
                n = _count(take("a count"), "boost count")
            b = req.boosts.setdefault(who, {})
            b[kind] = b.get(kind, 0) + n
        elif w == "draw":
            who = sh.who(take("whose Draw"))
            req.draws[who] = _count(take("the Draw in Pips"), "Draw")
        elif w in ("prof", "proficiency"):
            who = sh.who(take("whose Proficiency"))
            req.profs.setdefault(who, []).append(parse_facet(take("a Facet")))
        elif w == "places":
            req.rules["success_places"] = _count(take("how many placings"), "places")
        elif w == "below":
            p = _count(take("a placing"), "below")
            if p < 1:
                raise CommandError("race: below takes a placing of at least 1")
            req.rules["failure_below"] = p
        elif w in ("drawoff", "draw-off"):
            req.rules["ties"] = "draw_off"
        elif w == "all":
            night = sh.need_night()
            req.who += [k for k in night.game.living() if k not in req.who]
        else:
            who = sh.who(words[i - 1])
            if who in req.who:
                raise CommandError(f"race: {sh.need_night().cast[who].name} is named twice")
            req.who.append(who)
    return req


def _is_card(word: str) -> bool:
    """``7S``, ``7♠``, ``RJ`` or ``draw``: the word after ``card`` makes the Difficulty's card."""
    from ..t13.cards import as_card

    if word.lower() == "draw":
        return True
    try:
        as_card(word)
    except ValueError:
        return False
    return True


def narrator_for(night: Night):
    """The race narrator: templates; or, when the night is told by a model, the same model
    (prompts in ``prompts/llm-t13/``) falling back to the templates beat by beat."""
    from ..t13.narrator import RaceNarrator

    state = _nights.setdefault(night, _NightRaces())
    if state.narrator is None:
        templates = RaceNarrator(f"t13-race:{night.seed}")
        state.narrator = templates
        llm = night.narrator
        if getattr(llm, "prompt_set", None) is not None:
            from ..narration.llm import LLMNarrator

            state.narrator = LLMNarrator(templates, model=llm.model, base_url=llm.base_url, api_key=llm._api_key,
                                         notice=llm.notice, deadlines=llm.deadlines, prompt_set="llm-t13")
    return state.narrator


def _tell_all(narrator, beats) -> list[str]:
    from ..narration.base import narrate_text, strip_control

    texts = [" ".join(strip_control(narrate_text(narrator, b)).split()) for b in beats]
    return [t for t in texts if t]


def run_request(night: Night, req: RaceRequest) -> Race:
    """Run a parsed race for ``night`` (the night is only read) and count it."""
    from ..t13.boosts import Boosts
    from ..t13.race import RacerSheet, run_race
    from ..t13.rules import Rules

    state = _nights.setdefault(night, _NightRaces())
    sheets = {}
    for k in set(req.draws) | set(req.profs) | set(req.cards):
        sheets[k] = RacerSheet(draw=req.draws.get(k), proficiencies=tuple(req.profs[k]) if k in req.profs else None,
                               cards=req.cards.get(k, ()))
    race = run_race(night.game, req.facet, who=req.who or None, difficulty=req.difficulty, difficulty_card=req.card,
                    base=req.base, boosts={k: Boosts(**v) for k, v in req.boosts.items()}, sheets=sheets,
                    rules=Rules(**req.rules), night_seed=night.seed, races_so_far=state.races)
    state.races += 1
    return race


@command("race", RACE_USAGE, aliases=("draw-test",), group="side rules")
def cmd_race(sh, arg: str) -> None:
    """Side-rule t13: a T13 Card Draw Test — the living cast (or those named) scramble on a Facet.

    Shows each draw with its arithmetic, the ranking, and tells the scramble; all of it goes to
    the transcript. Switch it on first with: siderule t13 on. The dead cannot race.
    e.g. race Trial · race Trial difficulty 18 Dana Eddie · race Awe card draw base 10 boost Dana chi
    """
    if not side_rule_on(sh, "t13"):
        raise CommandError("race is the T13 Card Draw Test side-rule, off by default: type siderule t13 on to use it")
    night = sh.need_night()
    req = parse_race(sh, arg)
    race = run_request(night, req)
    tell = _tell_all(narrator_for(night), race.beats())

    sh.info(race.heading(), "bold")
    for lines in race.arithmetic().values():
        for line in lines:
            sh.info(line, "cyan")
    sh.info(race.ranking_line(), "bold")
    for text in tell:
        sh.info(text, "italic")
    sh.info("(side-rule: the night's cards, Strikes and Genre Points are unchanged)", "dim")

    night.note(f"### {race.heading()}")
    for line in race.equations():
        night.note(f"*⚙ {line}*")
    night.note(f"**{race.ranking_line()}**")
    for text in tell:
        night.note(f"> {text}")
