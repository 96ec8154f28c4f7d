"""A group moment for the Night of the Thirteenth cast: the T13 Card Draw Test as a side-rule.

"an ideal example may be a quick foot race between the Characters to get to the cafeteria"
— here, a scramble for the car, the boathouse, the one door that locks. This module maps
NotT characters to T13 participants, runs :func:`solo.t13.run_test` with a chance source
of its own, and returns the result with plain-text arithmetic for each character.

It is an optional side-rule, off by default (the REPL switches it on with
``siderule t13 on``): it only *reads* a NotT game's cast and who is dead. It never touches
the game's deck, chance source, Strikes, Genre Points or phase, and nothing is saved or
undone with the night (the transcript keeps the record).

The mapping (rulings R19–R22 in docs/rulings-t13.md):

- **Facet.** The player names the Facet the moment tests (a foot race: Trial). Each NotT
  Aptitude is a suit, and T13 suits are the same suits, so the tested Facet's suit
  (:data:`~solo.t13.facets.DEFAULT_TABLE`) is compared with each character's Aptitude.
- **Facet Draw** (:class:`RaceDefaults`): 16 when the tested Facet is of the character's
  Aptitude suit ("a Trial of 16"), 14 when it is of the same colour, 12 otherwise.
- **Proficiency**: one per character, of a Facet of their Aptitude's suit, named after the
  Aptitude: ♠ Power → Fury, ♥ Resolve → Phoenix, ♣ Intellect → Key, ♦ Finesse → Craft.
  Its worth follows the card played (+5 suited, +2 same colour, +1 otherwise), so a card
  of a character's own Aptitude suit helps them most.
- **Tracks**: NotT keeps no Chi, Stress, Strain or Shock, so each racer starts every race
  with a fresh sheet (1 Chi, empty Stress and Strain tracks of 5 and 3, no Shock). Boosts
  are paid from it; what they would leave behind is reported, never kept.
- **Overrides**: :class:`RaceDefaults` replaces the table; a :class:`RacerSheet` per
  character replaces their Draw, Proficiencies, Annex or tracks for one race.
- **Chance**: a :class:`~solo.t13.chance.SeededChance` seeded with
  :func:`race_seed` (the night's seed and how many races came before), so a race replays
  exactly and never draws on the NotT deck.

>>> from solo.nott import Game, quick_cast
>>> game = Game(quick_cast(5), seed=5)
>>> race = run_race(game, "Trial", night_seed=5, races_so_far=0)
>>> len(race.result.entries), race.seed
(4, 't13-race:5:0')
>>> race.result.ranking == run_race(game, "Trial", night_seed=5, races_so_far=0).result.ranking
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..narration.beats import Beat
from ..nott.cards import SUIT_APTITUDES
from .boosts import Boosts, Tracks
from .cards import CLUBS, DIAMONDS, HEARTS, SPADES, SUIT_SYMBOLS, colour
from .chance import Chance, SeededChance
from .difficulty import Difficulty, card_difficulty, draw_difficulty, set_difficulty
from .draw import Proficiency, as_proficiency, check_draw
from .errors import T13Error
from .facets import DEFAULT_TABLE, FacetTable, parse_facet
from .group import GroupResult, Participant, run_test
from .narrator import race_beats
from .report import arithmetic, equation, ranking_line
from .rules import Rules

__all__ = [
    "DEFAULTS",
    "Race",
    "RaceDefaults",
    "RaceError",
    "RacerSheet",
    "characters_table",
    "default_draw",
    "default_proficiencies",
    "participant_for",
    "race_seed",
    "run_race",
]


class RaceError(T13Error):
    """A race that cannot run: a dead or unknown racer, a racer named twice, nobody at all."""


@dataclass(frozen=True, slots=True)
class RaceDefaults:
    """The default table from a NotT character to a T13 participant (ruling R20).

    ``proficiencies`` is indexed by NotT suit (♠ Power, ♥ Resolve, ♣ Intellect, ♦ Finesse);
    ``chi``/``stress_max``/``strain_max`` make each racer's fresh tracks; ``difficulty`` is
    the Difficulty in Pips when the player sets none.
    """

    draw_suited: int = 16
    draw_same_colour: int = 14
    draw_other: int = 12
    proficiencies: tuple[str, str, str, str] = ("Fury", "Phoenix", "Key", "Craft")
    chi: int = 1
    stress_max: int = 5
    strain_max: int = 3
    difficulty: int = 20

    def __post_init__(self) -> None:
        for name in ("draw_suited", "draw_same_colour", "draw_other", "difficulty"):
            check_draw(getattr(self, name))
        if not isinstance(self.proficiencies, tuple) or len(self.proficiencies) != 4:
            raise RaceError(f"proficiencies must be four Facets, one per suit ♠ ♥ ♣ ♦, got {self.proficiencies!r}")
        object.__setattr__(self, "proficiencies", tuple(parse_facet(f) for f in self.proficiencies))
        self.tracks()  # validates chi and the track sizes

    def tracks(self) -> Tracks:
        """A racer's fresh sheet: NotT keeps no Chi, Stress, Strain or Shock."""
        return Tracks(chi=self.chi, stress_max=self.stress_max, strain_max=self.strain_max)


DEFAULTS = RaceDefaults()


@dataclass(frozen=True, slots=True)
class RacerSheet:
    """One character's overrides for a race; ``None`` keeps the default. ``cards``: the
    cards the character drew by hand from a real deck, in order (the first, then any drawn
    again: see :class:`~solo.t13.group.Participant`)."""

    draw: int | None = None
    proficiencies: tuple[str | Proficiency | tuple[str, str], ...] | None = None
    annex: str | None = None
    tracks: Tracks | None = None
    cards: tuple[int | str, ...] = ()


def default_draw(aptitude: int, facet: str, defaults: RaceDefaults = DEFAULTS,
                 table: FacetTable = DEFAULT_TABLE) -> int:
    """The Facet Draw of a character whose Aptitude is suit ``aptitude`` on a test of ``facet``."""
    s = table.suit_of(facet)
    if s == aptitude:
        return defaults.draw_suited
    if colour(s) == colour(aptitude):
        return defaults.draw_same_colour
    return defaults.draw_other


def default_proficiencies(aptitude: int, defaults: RaceDefaults = DEFAULTS) -> tuple[Proficiency, ...]:
    """The character's one Proficiency, named after the Aptitude: ``Power (Fury)``."""
    return (Proficiency(defaults.proficiencies[aptitude], SUIT_APTITUDES[aptitude]),)


def participant_for(character: Any, facet: str, *, defaults: RaceDefaults = DEFAULTS,
                    sheet: RacerSheet | None = None, boosts: Boosts = Boosts(),
                    table: FacetTable = DEFAULT_TABLE) -> Participant:
    """The T13 participant for a NotT :class:`~solo.nott.game.Character` (name, aptitude 0–3)."""
    f = parse_facet(facet)
    sheet = sheet or RacerSheet()
    apt = character.aptitude
    draw = sheet.draw if sheet.draw is not None else default_draw(apt, f, defaults, table)
    profs = (tuple(as_proficiency(p) for p in sheet.proficiencies) if sheet.proficiencies is not None
             else default_proficiencies(apt, defaults))
    tracks = sheet.tracks if sheet.tracks is not None else defaults.tracks()
    cards = tuple(sheet.cards)
    return Participant(character.name, f, draw, annex=sheet.annex, proficiencies=profs, boosts=boosts,
                       tracks=tracks, card=cards[0] if cards else None, then=cards[1:])


def race_seed(night_seed: int | str | None, races_so_far: int) -> str:
    """The race's seed: the night's seed and how many races came before (``t13-race:5:0``)."""
    return f"t13-race:{night_seed}:{races_so_far}"


@dataclass(frozen=True)
class Race:
    """A race run: who (cast indexes, in the order they drew), the T13 result and its text."""

    facet: str
    seed: str
    races_so_far: int
    cast_indexes: tuple[int, ...]
    characters: tuple[Any, ...]
    participants: tuple[Participant, ...]
    result: GroupResult
    people: tuple[dict[str, str], ...] = field(default=())

    @property
    def difficulty(self) -> Difficulty:
        return self.result.difficulty

    @property
    def number(self) -> int:
        """1 for the night's first race."""
        return self.races_so_far + 1

    def arithmetic(self) -> dict[str, list[str]]:
        """Each character's arithmetic lines, by name, in the order they drew."""
        return {e.name: arithmetic(e, self.result) for e in self.result.entries}

    def equations(self) -> list[str]:
        """One line of arithmetic per character (for the transcript)."""
        return [equation(e, self.result) for e in self.result.entries]

    def ranking_line(self) -> str:
        return ranking_line(self.result)

    def heading(self) -> str:
        s = SUIT_SYMBOLS[self.result.table.suit_of(self.facet)]
        return f"T13 Card Draw Test {self.number} (side-rule): {self.facet} {s}, {self.difficulty.describe()}"

    def beats(self) -> list[Beat]:
        return race_beats(self.result, self.people)


def _index(game: Any, ref: int | str) -> int:
    try:
        return game.who(ref)
    except ValueError as exc:
        raise RaceError(str(exc)) from None


def run_race(
    game: Any,
    facet: str,
    *,
    who: Iterable[int | str] | None = None,
    difficulty: int | Difficulty | None = None,
    difficulty_card: int | str | None = None,
    base: int = 0,
    boosts: Mapping[int | str, Boosts] | None = None,
    sheets: Mapping[int | str, RacerSheet] | None = None,
    defaults: RaceDefaults = DEFAULTS,
    rules: Rules = Rules(),
    table: FacetTable = DEFAULT_TABLE,
    night_seed: int | str | None = None,
    races_so_far: int = 0,
    chance: Chance | None = None,
) -> Race:
    """Run a Card Draw Test for NotT characters; the game is only read.

    ``game`` is a :class:`~solo.nott.game.Game` (anything with ``cast``, ``dead`` and
    ``who(ref)``). ``who`` names the racers (cast indexes or names; default: every living
    character, in cast order); the dead cannot race. The Difficulty is ``difficulty`` Pips,
    or an Ordeal Card (``difficulty_card``: a card, or ``"draw"`` to draw one) plus ``base``,
    or ``defaults.difficulty``. ``boosts`` and ``sheets`` are keyed by cast index or name.
    ``chance`` defaults to ``SeededChance(race_seed(night_seed, races_so_far))``, with
    ``night_seed`` defaulting to the game's seed.
    """
    f = parse_facet(facet)
    if isinstance(races_so_far, bool) or not isinstance(races_so_far, int) or races_so_far < 0:
        raise RaceError(f"races_so_far must be a whole number of at least 0, got {races_so_far!r}")
    cast = tuple(game.cast)
    if who is None:
        indexes = [i for i in range(len(cast)) if game.dead[i] is None]
        if not indexes:
            raise RaceError("nobody is left alive to race")
    else:
        indexes = []
        for ref in who:
            i = _index(game, ref)
            if i in indexes:
                raise RaceError(f"{cast[i].name} is named twice")
            indexes.append(i)
        if not indexes:
            raise RaceError("a race needs at least one character")
    for i in indexes:
        if game.dead[i] is not None:
            raise RaceError(f"{cast[i].name} is dead and cannot race")

    def keyed(mapping: Mapping[int | str, Any] | None, what: str) -> dict[int, Any]:
        out: dict[int, Any] = {}
        for ref, value in (mapping or {}).items():
            i = _index(game, ref)
            if i not in indexes:
                raise RaceError(f"{what} for {cast[i].name}, who is not racing")
            out[i] = value
        return out

    boost_of = keyed(boosts, "boost")
    sheet_of = keyed(sheets, "sheet")
    if night_seed is None:
        night_seed = getattr(game, "seed", None)
    seed = race_seed(night_seed, races_so_far)
    if chance is None:
        chance = SeededChance(seed)

    if difficulty is not None and difficulty_card is not None:
        raise RaceError("give a Difficulty in Pips or an Ordeal Card for it, not both")
    if difficulty_card is not None:
        if isinstance(difficulty_card, str) and difficulty_card.strip().lower() == "draw":
            diff = draw_difficulty(chance, base, rules=rules)
        else:
            diff = card_difficulty(difficulty_card, base)
    elif isinstance(difficulty, Difficulty):
        diff = difficulty
    else:
        diff = set_difficulty(defaults.difficulty if difficulty is None else difficulty)

    participants = tuple(
        participant_for(cast[i], f, defaults=defaults, sheet=sheet_of.get(i), boosts=boost_of.get(i, Boosts()),
                        table=table)
        for i in indexes)
    result = run_test(participants, diff, chance, rules, table)
    people = tuple({"archetype": cast[i].archetype, "aptitude": SUIT_APTITUDES[cast[i].aptitude]} for i in indexes)
    return Race(f, seed, races_so_far, tuple(indexes), tuple(cast[i] for i in indexes), participants, result,
                people)


def characters_table(defaults: RaceDefaults = DEFAULTS) -> list[str]:
    """The default table as text (for help and docs)."""
    names = {SPADES: "♠ Power", HEARTS: "♥ Resolve", CLUBS: "♣ Intellect", DIAMONDS: "♦ Finesse"}
    return [f"{names[s]}: Proficiency {defaults.proficiencies[s]}; Draw {defaults.draw_suited} on a "
            f"{SUIT_SYMBOLS[s]} Facet, {defaults.draw_same_colour} on the other "
            f"{'black' if colour(s) == 'black' else 'red'} suit, {defaults.draw_other} otherwise"
            for s in (SPADES, HEARTS, CLUBS, DIAMONDS)]

