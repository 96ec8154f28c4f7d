"""The group test: every character's draw, the ranking and the Success and Failure Levels.

"To Pass the Test you need to beat the Difficulty of the Test, the total Pips can also be
graded, with the Character with the highest Pips being granted an additional Success
Level. Yarn-Tellers may add additional Success Levels for second and even third place if
they like, noting that would add three Success Levels to the highest scoring Character.
Additionally Failure Levels may be added to each Character below any arbitary placing
below first."
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from .boosts import Boosts, Tracks
from .cards import as_card, card_str, is_joker, pips
from .chance import Chance, draw_card
from .difficulty import Difficulty
from .draw import DrawResult, Level, Proficiency, as_proficiency, check_draw, resolve_draw
from .errors import ChanceError, ParticipantError
from .facets import DEFAULT_TABLE, FacetTable, parse_facet
from .rules import Rules

#: Draw-off rounds before giving up on a tie (only a broken chance source gets there).
MAX_DRAW_OFF_ROUNDS = 50


@dataclass(frozen=True, slots=True)
class Participant:
    """One character in the test.

    ``draw`` is the Pips of the Facet (or of ``annex``) Draw; ``card`` a card drawn by hand
    (``None``: draw it through the chance source); ``then`` the cards drawn by hand after it,
    in the order the rules ask for them (a card drawn again after a Joker, a tie's draw-off:
    each one the rules do not ask for is refused); ``yarn_success``/``yarn_failure`` Levels
    the Yarn-Teller grants for a card's other uses ("Complicating the Card Draw Test").
    """

    name: str
    facet: str
    draw: int
    annex: str | None = None
    proficiencies: tuple[str | Proficiency | tuple[str, str], ...] = ()
    boosts: Boosts = Boosts()
    tracks: Tracks = Tracks()
    card: int | str | None = None
    yarn_success: int = 0
    yarn_failure: int = 0
    then: tuple[int | str, ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name.strip():
            raise ParticipantError(f"a participant needs a name, got {self.name!r}")
        object.__setattr__(self, "facet", parse_facet(self.facet))
        check_draw(self.draw)
        if isinstance(self.proficiencies, (str, Proficiency)):
            raise ParticipantError(f"proficiencies must be a list, got {self.proficiencies!r}")
        object.__setattr__(self, "proficiencies", tuple(as_proficiency(p) for p in self.proficiencies))
        if self.card is not None:
            object.__setattr__(self, "card", as_card(self.card))
        if isinstance(self.then, (str, int)):
            raise ParticipantError(f"then must be a list of cards, got {self.then!r}")
        object.__setattr__(self, "then", tuple(as_card(c) for c in self.then))
        if self.then and self.card is None:
            raise ParticipantError(f"{self.name!r} has cards drawn by hand after the first "
                                   f"({' '.join(card_str(c) for c in self.then)}) but no first card")
        hand = [c for c in (self.card, *self.then) if c is not None]
        twice = sorted({card_str(c) for c in hand if hand.count(c) > 1})
        if twice:
            raise ParticipantError(f"{self.name!r} draws {twice[0]} by hand twice: a card drawn is out of the deck")
        for name in ("yarn_success", "yarn_failure"):
            v = getattr(self, name)
            if isinstance(v, bool) or not isinstance(v, int) or v < 0:
                raise ParticipantError(f"{name} must be a whole number of at least 0, got {v!r}")


@dataclass(frozen=True, slots=True)
class Entry:
    """A participant's outcome: their draw, pass or fail, placing and Levels."""

    index: int
    name: str
    result: DrawResult
    passed: bool
    margin: int  # total minus Difficulty
    place: int  # 1 = first; tied characters share a place under ties="share"
    levels: tuple[Level, ...]
    draw_off: tuple[int, ...] = ()  # cards drawn to break a tie (ties="draw_off")
    by_hand: tuple[int, ...] = ()  # the cards of these the player drew by hand from a real deck

    @property
    def total(self) -> int:
        return self.result.total

    @property
    def success_levels(self) -> int:
        return sum(level.success for level in self.levels)

    @property
    def failure_levels(self) -> int:
        return sum(level.failure for level in self.levels)


@dataclass(frozen=True, slots=True)
class GroupResult:
    """The whole test: ``entries`` in the order given, ``ranking`` their indices best first."""

    difficulty: Difficulty
    rules: Rules
    entries: tuple[Entry, ...]
    ranking: tuple[int, ...]
    table: FacetTable = field(default=DEFAULT_TABLE, repr=False)

    def ranked(self) -> tuple[Entry, ...]:
        return tuple(self.entries[i] for i in self.ranking)

    @property
    def winners(self) -> tuple[Entry, ...]:
        """Everyone placed first (one character unless a tie is shared)."""
        return tuple(e for e in self.ranked() if e.place == 1)

    def entry(self, name: str) -> Entry:
        for e in self.entries:
            if e.name == name:
                return e
        raise ParticipantError(f"no participant called {name!r}")


def placings(keys: Sequence[tuple[int, ...]]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Ranking (indices, best first, equal keys in the order given) and each index's place.

    A place is 1 + the number of keys strictly higher, so equal keys share a place (1, 1, 3).
    """
    order = tuple(sorted(range(len(keys)), key=lambda i: tuple(-k for k in keys[i])))
    places = tuple(1 + sum(1 for k in keys if k > keys[i]) for i in range(len(keys)))
    return order, places


def placing_levels(place: int, passed: bool, rules: Rules) -> tuple[Level, ...]:
    """Success and Failure Levels for a placing (R11–R13).

    Placing Success Levels are cumulative, so with second and third place enabled first
    place gets three ("that would add three Success Levels to the highest scoring Character").
    """
    out = []
    if passed or not rules.levels_require_pass:
        for k in range(1, rules.success_places + 1):
            if place <= k:
                out.append(Level("placing", "highest Pips" if k == 1 else f"placed {_ordinal(k)} or better", success=1))
    if rules.failure_below is not None and place > rules.failure_below:
        out.append(Level("below_placing", f"placed below {_ordinal(rules.failure_below)}", failure=1))
    return tuple(out)


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _need(chance: Chance | None, what: str) -> Chance:
    if chance is None:
        raise ChanceError(f"{what} needs a card drawn, but no chance source was given")
    return chance


def run_test(
    participants: Iterable[Participant],
    difficulty: Difficulty | int,
    chance: Chance | None = None,
    rules: Rules = Rules(),
    table: FacetTable = DEFAULT_TABLE,
) -> GroupResult:
    """Run a Card Draw Test for every participant against ``difficulty``.

    Cards given by hand are taken out of the deck first, then everyone without one draws
    through ``chance`` in the order given (R3); a card drawn again (a Joker's redraw, a tie's
    draw-off) is the next of the participant's ``then`` cards while any are left. "To Pass the Test you need to beat the
    Difficulty": a total equal to it fails (R7).
    """
    people = tuple(participants)
    if not people:
        raise ParticipantError("a Card Draw Test needs at least one participant, got none")
    for p in people:
        if not isinstance(p, Participant):
            raise ParticipantError(f"participants must be Participant objects, got {p!r}")
    names = [p.name for p in people]
    dup = sorted({n for n in names if names.count(n) > 1})
    if dup:
        raise ParticipantError(f"participant names must differ; {dup[0]!r} is given twice")
    if isinstance(difficulty, int) and not isinstance(difficulty, bool):
        difficulty = Difficulty(difficulty)
    if not isinstance(difficulty, Difficulty):
        raise ParticipantError(f"difficulty must be Pips or a Difficulty, got {difficulty!r}")
    if not isinstance(rules, Rules):
        raise ParticipantError(f"rules must be a Rules, got {rules!r}")

    # The deck: with one shared deck, a card out for one is out for all.
    shared: set[int] = set()
    if rules.shared_deck:
        if difficulty.card is not None:
            shared |= {difficulty.card, *difficulty.jokers}
        for p in people:
            for c in (p.card, *p.then):
                if c is None:
                    continue
                if c in shared:
                    holder = next((q.name for q in people if c in (q.card, *q.then)), None)
                    why = ("the Difficulty's card" if difficulty.card == c else
                           "a Joker set aside for the Difficulty" if c in difficulty.jokers else f"drawn by {holder!r}")
                    raise ParticipantError(f"card {card_str(c)} of {p.name!r} is already out of the shared deck "
                                           f"({why})")
                shared.add(c)
    own: list[set[int]] = [{c for c in (p.card, *p.then) if c is not None} for p in people]
    hand = [list(p.then) for p in people]  # the cards drawn by hand still to come, each participant's

    def out(i: int) -> set[int]:
        return shared if rules.shared_deck else own[i]

    def take(i: int, what: str) -> int:
        if hand[i]:
            return hand[i].pop(0)
        c = draw_card(_need(chance, what), out(i), what)
        out(i).add(c)
        return c

    results = []
    for i, p in enumerate(people):
        c = p.card if p.card is not None else take(i, f"card:{p.name}")
        jokers = []
        while rules.joker == "redraw" and is_joker(c):
            jokers.append(c)
            c = take(i, f"redraw:{p.name}")
        results.append(resolve_draw(p.facet, p.draw, c, proficiencies=p.proficiencies, boosts=p.boosts,
                                    tracks=p.tracks, annex=p.annex, jokers=jokers, table=table, rules=rules))

    keys = [(r.total,) for r in results]
    offs: list[list[int]] = [[] for _ in people]
    if rules.ties == "draw_off":
        # R10: tied characters each draw a card, in the order given; higher Pips places higher; repeat.
        for _ in range(MAX_DRAW_OFF_ROUNDS):
            tied = [i for i in range(len(keys)) if keys.count(keys[i]) > 1]
            if not tied:
                break
            for i in tied:
                c = take(i, f"draw_off:{people[i].name}")
                offs[i].append(c)
                keys[i] = keys[i] + (pips(c),)
        else:
            raise ChanceError(f"a tie was still unbroken after {MAX_DRAW_OFF_ROUNDS} draw-off rounds")

    unused = next((i for i in range(len(people)) if hand[i]), None)
    if unused is not None:
        p = people[unused]
        drew = 1 + len(p.then) - len(hand[unused])
        raise ParticipantError(f"{p.name!r} drew {drew} card{'s' if drew != 1 else ''}, so "
                               f"{' '.join(card_str(c) for c in hand[unused])} by hand "
                               f"{'is' if len(hand[unused]) == 1 else 'are'} more than the rules asked for "
                               "(a card is drawn again only after a Joker with jokers redrawn, or to break a tie "
                               "with a draw-off)")

    ranking, places = placings(keys)
    entries = []
    for i, (p, r) in enumerate(zip(people, results)):
        passed = r.total > difficulty.pips
        levels = list(r.suit_levels) + list(placing_levels(places[i], passed, rules))
        if p.yarn_success:
            levels.append(Level("yarn", "granted by the Yarn-Teller", success=p.yarn_success))
        if p.yarn_failure:
            levels.append(Level("yarn", "imposed by the Yarn-Teller", failure=p.yarn_failure))
        entries.append(Entry(i, p.name, r, passed, r.total - difficulty.pips, places[i], tuple(levels),
                             tuple(offs[i]), tuple(c for c in (p.card, *p.then) if c is not None)))
    return GroupResult(difficulty, rules, tuple(entries), ranking, table)
