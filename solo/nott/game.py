"""The Night of the Thirteenth rules core: a :class:`Game` you ``push()`` actions onto.

Everything the rulebook resolves is resolved here, and nothing else is: no I/O, no prose,
no dice of its own (chance comes from the game's :mod:`chance source <solo.nott.chance>`).
``push`` plays an action and returns the events it caused; ``pop`` takes it back exactly,
the chance source's position included; ``outcome`` is ``None`` until dawn or death.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from . import events as E
from .actions import Action, Award, Draw, Reroll, Resolve, Roll, Test
from .cards import (
    ACE,
    ALL_CARDS,
    BLACK_JOKER,
    JACK,
    KING,
    QUEEN,
    RED_JOKER,
    SUIT_APTITUDES,
    SUIT_SYMBOLS,
    SUITS,
    SUIT_NAMES,
    card,
    card_str,
    parse_card,
)
from .chance import Chance, SeededChance
from .errors import (
    AptitudeError,
    DeadCharacterError,
    GameOverError,
    IllegalActionError,
    ImpossibleDrawError,
    NoGenrePointError,
    SetupError,
    UnknownCharacterError,
)
from .rules import ASHCAN, Ruleset
from ..world.pronouns import DEFAULT as DEFAULT_PRONOUNS, PronounError, parse_pronouns
from dataclasses import dataclass

# Phases of play.
CHOOSE_TESTER = "choose tester"  # the Threat Card waits for someone to take it on
ROLL = "roll"  # a tester is chosen; roll the d13
DECIDE = "decide"  # dice are down: reroll with a Genre Point, or resolve (with Aptitude)
OVER = "over"
#: The phases in a player's words, for messages.
PHASE_WORDS = {ROLL: "the dice are still to roll", DECIDE: "the roll waits: resolve or reroll"}

FACE_PILES = (E.JACKS, E.QUEENS, E.KINGS)
_BY_RANK = {r: tuple(card(r, s) for s in SUITS) for r in range(1, 14)}
FACE_CHOICES = ("jack", "queen", "king")


@dataclass(frozen=True)
class Character:
    """A member of the cast: "Choose a Name. Come up with a clear Archetype. Think of a
    reason 'Why are you here?'. Select an Aptitude" (a suit, 0–3). ``pronouns`` are how the
    story speaks of them (:mod:`solo.world.pronouns`; kept in their written form, "she/her")."""

    name: str
    aptitude: int
    archetype: str = ""
    why: str = ""
    pronouns: str = DEFAULT_PRONOUNS

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name.strip():
            raise SetupError(f"a character needs a name, got {self.name!r}")
        if self.aptitude not in SUITS:
            raise SetupError(f"aptitude must be a suit 0–3, got {self.aptitude!r} for {self.name!r}")
        if self.pronouns != DEFAULT_PRONOUNS:
            try:
                text = parse_pronouns(self.pronouns).text
            except (PronounError, TypeError) as exc:
                raise SetupError(f"{exc} (for {self.name!r})") from None
            object.__setattr__(self, "pronouns", text)

    @property
    def aptitude_name(self) -> str:
        return SUIT_APTITUDES[self.aptitude]


@dataclass(frozen=True)
class Outcome:
    """How the night ended: ``dawn`` with ``survivors`` (cast indexes), or everyone dead."""

    dawn: bool
    survivors: tuple[int, ...]
    tests: int

    @property
    def winner(self) -> bool:
        return self.dawn


@dataclass(frozen=True)
class Preview:
    """What :class:`Resolve` with a given Aptitude adjustment would do, before committing."""

    adjust: int
    main: int
    fallout: int
    total: int
    difficulty: int
    success: bool
    strike: bool
    dies: bool

    @property
    def fallout_name(self) -> str:
        return E.FALLOUT_NAMES[self.fallout]


class Game:
    """One Night of the Thirteenth.

    Piles are lists of card ints with the *top at index 0*: ``deck[0]`` is the Threat Card,
    ``trophy[0]`` sets the Base Difficulty, ``number_reserve[0]`` is the next card pulled.

    ``record=False`` turns off events and undo, for the simulator's hot loop; the rules
    played are the same code either way.

    ``blocks`` splits the Threat Deck, top first, into runs whose order nobody at the table
    knows (a shuffled run; the Aces face up on top at set-up, in the order the Director lays
    them) or knows (a card put at the bottom is a run of one): a card drawn by hand
    (:class:`~solo.nott.actions.Draw`) can only be one of the first run's. ``by_hand`` names
    what was drawn by hand since it was last revealed (``"threat"``, ``"trophy"``,
    ``"removed:R"``); ``trophy_from`` says whether the Trophy Pile's top is a draw now:
    ``"setup"`` (the ashcan's "random 10"), ``"shuffle"`` (just shuffled) or ``""``.
    """

    __slots__ = (
        "cast", "rules", "chance", "seed", "record", "move_stack", "_undo", "_ev", "strikes", "genre", "dead",
        "pool", "spent", "weaknesses", "endgame", "tests", "tests_to_endgame", "joker_log", "phase", "tester",
        "main", "fallout", "rerolled", "_outcome", "deck", "trophy", "number_reserve", "reserves", "jokers",
        "removed", "opening_events", "blocks", "by_hand", "trophy_from", "joker_trophy", "dealt", "__weakref__",
    )

    def __init__(
        self,
        cast: Sequence[Character],
        rules: Ruleset = ASHCAN,
        chance: Chance | None = None,
        *,
        seed: int | str | None = None,
        record: bool = True,
        _layout: dict[str, list[int]] | None = None,
    ) -> None:
        cast = tuple(cast)
        if not rules.min_cast <= len(cast) <= rules.max_cast:
            want = (str(rules.min_cast) if rules.min_cast == rules.max_cast
                    else f"{rules.min_cast}–{rules.max_cast}")
            raise SetupError(f"the {rules.name} rules need a cast of {want}, got {len(cast)}")
        names = [c.name.strip().lower() for c in cast]
        if len(set(names)) != len(names):
            raise SetupError(f"cast names must differ: {[c.name for c in cast]!r}")
        if chance is None:
            chance = SeededChance(seed)
        self.cast = cast
        self.rules = rules
        self.chance = chance
        self.seed = getattr(chance, "seed", seed)
        self.record = record
        self.move_stack: list[Action] = []
        self._undo: list[tuple] = []
        self._ev: list | None = [] if record else None

        n = len(cast)
        self.strikes = [0] * n
        self.genre = [0] * n
        self.dead: list[str | None] = [None] * n
        self.pool = rules.genre_points
        self.spent = 0
        self.weaknesses = [-1, -1, -1, -1]  # the face card that revealed each suit's weakness
        self.endgame = False
        self.tests = 0
        self.tests_to_endgame: int | None = None
        self.joker_log: list[tuple[int, bool]] = []  # (joker, success) of every Joker Test
        self.phase = CHOOSE_TESTER
        self.tester = -1
        self.main = 0
        self.fallout = 0
        self.rerolled = False
        self._outcome: Outcome | None = None
        self.by_hand: tuple[str, ...] = ()
        self.joker_trophy: tuple | None = None  # the Trophy Pile before a Joker's reveal shuffled it
        self.dealt = _layout is None  # set up by the rules (not laid out by hand)
        if _layout is None:
            self._setup()
        else:
            self._place(_layout)
        self.trophy_from = "setup" if self.dealt and self.trophy else ""
        self._reveal()
        self.opening_events: tuple = tuple(self._take_events())

    # ------------------------------------------------------------------ setup

    def _setup(self) -> None:
        """"The Director builds the decks." (Table Setup, both rulesets.)"""
        ch = self.chance
        by_rank = {r: list(cards) for r, cards in _BY_RANK.items()}
        self.removed: list[int] = []
        if self.rules.fast_setup:
            for r in range(2, 11):
                self.removed.append(by_rank[r].pop(ch.choose(by_rank[r], "fast_setup")))
        jacks = by_rank[JACK]
        first_jack = jacks.pop(ch.choose(jacks, "first_jack"))
        threat = by_rank[2] + by_rank[3] + by_rank[4] + [first_jack]
        ch.shuffle(threat, "threat")
        aces = list(by_rank[ACE])
        ch.shuffle(aces, "aces")
        self.deck = aces + threat
        self.blocks = [len(aces), len(threat)]  # "The four Aces are placed on top of this stack face up"
        self.number_reserve = []
        for r in range(5, 11):
            group = list(by_rank[r])
            ch.shuffle(group, "number_reserve")
            self.number_reserve += group
        self.trophy = [self.number_reserve.pop()] if self.rules.trophy_start == "ten" else []
        self.reserves = [jacks, list(by_rank[QUEEN]), list(by_rank[KING])]
        self.jokers = [RED_JOKER, BLACK_JOKER]

    @classmethod
    def stacked(
        cls,
        cast: Sequence[Character],
        rules: Ruleset = ASHCAN,
        chance: Chance | None = None,
        *,
        threat: Iterable[int | str],
        trophy: Iterable[int | str] | None = None,
        number_reserve: Iterable[int | str] | None = None,
        jacks: Iterable[int | str] | None = None,
        queens: Iterable[int | str] | None = None,
        kings: Iterable[int | str] | None = None,
        jokers: Iterable[int | str] | None = None,
        weaknesses: Iterable[int | str] = (),
        endgame: bool | None = None,
        record: bool = True,
    ) -> "Game":
        """A game laid out by hand (tests, the tutorial, a table already in progress).

        Piles are listed top first. Piles left out get their ordinary contents less the cards
        placed elsewhere: the Number Reserve 5s→10s in order, the face reserves, both Jokers
        aside; every card placed nowhere is out of the game. ``weaknesses`` lists face cards
        already defeated (out of the game, one per suit).
        """
        p = lambda xs: [x if isinstance(x, int) else parse_card(x) for x in xs]  # noqa: E731
        layout = {"threat": p(threat), "trophy": p(trophy or [])}
        if trophy is None and rules.trophy_start == "ten":
            layout["trophy"] = [card(10, 3)]
        weak = p(weaknesses)
        placed = set(layout["threat"]) | set(layout["trophy"]) | set(weak)
        for name, given, default in (
            ("number_reserve", number_reserve, [card(r, s) for r in range(5, 11) for s in SUITS]),
            ("jacks", jacks, [card(JACK, s) for s in SUITS]),
            ("queens", queens, [card(QUEEN, s) for s in SUITS]),
            ("kings", kings, [card(KING, s) for s in SUITS]),
            ("jokers", jokers, [RED_JOKER, BLACK_JOKER]),
        ):
            layout[name] = p(given) if given is not None else [c for c in default if c not in placed]
            placed |= set(layout[name])
        layout["weaknesses"] = weak
        layout["endgame"] = [1] if (len(weak) == 4 if endgame is None else endgame) else []
        return cls(cast, rules, chance, record=record, _layout=layout)

    def _place(self, layout: dict[str, list[int]]) -> None:
        self.deck = list(layout["threat"])
        self.blocks = [len(self.deck)] if self.deck else []  # a table in progress: its order unseen
        self.trophy = list(layout["trophy"])
        self.number_reserve = list(layout["number_reserve"])
        self.reserves = [list(layout["jacks"]), list(layout["queens"]), list(layout["kings"])]
        self.jokers = list(layout["jokers"])
        self.endgame = bool(layout["endgame"])
        for c in layout["weaknesses"]:
            if not (c < 52 and c % 13 >= 10) or self.weaknesses[c // 13] != -1:
                raise SetupError(f"weaknesses must be face cards, one per suit: {card_str(c)!r}")
            self.weaknesses[c // 13] = c
        if not self.deck:
            raise SetupError("the Threat Deck cannot start empty")
        everywhere = (self.deck + self.trophy + self.number_reserve + sum(self.reserves, [])
                      + self.jokers + list(layout["weaknesses"]))
        if len(set(everywhere)) != len(everywhere):
            dup = sorted({card_str(c) for c in everywhere if everywhere.count(c) > 1})
            raise SetupError(f"a card is in two places: {', '.join(dup)}")
        if any(c >= 52 or c % 13 >= 10 for c in self.trophy):
            raise SetupError("the Trophy Pile holds defeated number cards only")
        self.removed = [c for c in ALL_CARDS if c not in set(everywhere)] + list(layout["weaknesses"])

    # ------------------------------------------------------------------ reading the table

    @property
    def threat(self) -> int:
        """The Threat Card: the top card of the Threat Deck (a Joker while one is in play)."""
        return self.deck[0]

    @property
    def trophy_top(self) -> int | None:
        return self.trophy[0] if self.trophy else None

    def base_difficulty(self) -> int:
        """"The Trophy Pile ... sets the Base Difficulty"; "If empty, ... difficulty 1 as base"."""
        return self.trophy[0] % 13 + 1 if self.trophy else self.rules.empty_trophy_base

    def difficulty(self, threat: int | None = None) -> int:
        """Difficulty of a Test against ``threat`` (default: the Threat Card).

        Number cards: their number. Face cards: Trophy top + Jack 1 / Queen 2 / King 3.
        Jokers: "the value of its top card becomes the Difficulty".
        """
        c = self.deck[0] if threat is None else threat
        if c >= 52:
            return self.base_difficulty()
        r = c % 13 + 1
        if r <= 10:
            return r
        return self.base_difficulty() + self.rules.face_modifiers[r - 11]

    def alive(self, who: int) -> bool:
        return self.dead[who] is None

    def living(self) -> list[int]:
        return [i for i, d in enumerate(self.dead) if d is None]

    def found(self) -> int:
        """Number of the Killer's weaknesses found (suits whose face card was defeated)."""
        return 4 - self.weaknesses.count(-1)

    def aptitude_applies(self, who: int | None = None) -> bool:
        """"If ... the suit of the Aptitude of your character and the suit on the Threat Card
        are a match, you can add or subtract one from the Fallout die result after the roll.\""""
        w = self.tester if who is None else who
        c = self.deck[0]
        return w >= 0 and c < 52 and self.cast[w].aptitude == c // 13

    def outcome(self) -> Outcome | None:
        """``None`` while the night goes on; then dawn with the survivors, or everyone dead."""
        return self._outcome

    def is_over(self) -> bool:
        return self._outcome is not None

    def who(self, ref: int | str) -> int:
        """Cast index for an index or a (case-insensitive, unambiguous prefix of a) name."""
        if isinstance(ref, int) and not isinstance(ref, bool):
            if 0 <= ref < len(self.cast):
                return ref
            raise UnknownCharacterError(f"no character number {ref!r} (0–{len(self.cast) - 1})")
        text = str(ref).strip()
        if text.isdigit():
            return self.who(int(text))
        key = text.lower()
        exact = [i for i, c in enumerate(self.cast) if c.name.lower() == key]
        hits = exact or [i for i, c in enumerate(self.cast) if c.name.lower().startswith(key)] if key else []
        if len(hits) == 1:
            return hits[0]
        if not hits:
            raise UnknownCharacterError(f"no character called {text!r} (cast: {', '.join(c.name for c in self.cast)})")
        raise UnknownCharacterError(f"{text!r} could be {' or '.join(self.cast[i].name for i in hits)}")

    # ------------------------------------------------------------------ rules helpers

    def strike_due(self, threat: int, success: bool, fallout: int) -> bool:
        """"You get a Strike when you: Fail any Test against the Killer. Fail a Test with Dire
        (4) Fallout. Succeed in a Test with Dire (4) Fallout against the Killer." — at most one
        per Test, and none from an atmospheric (1–4) card."""
        if threat == RED_JOKER:  # failure kills outright; success ends the night
            return False
        if threat == BLACK_JOKER:  # a Joker is no face card: only the Dire-failure trigger applies
            return not success and fallout == 4
        r = threat % 13 + 1
        if r >= 11:
            return not success or fallout == 4
        return not success and fallout == 4 and r >= 5

    def preview(self, adjust: int = 0) -> Preview:
        """What resolving the dice on the table with ``adjust`` would do (no state change)."""
        if self.phase != DECIDE:
            raise IllegalActionError(f"nothing to preview: the game is at {self.phase!r}, not after a roll")
        if adjust and not self.aptitude_applies():
            raise self._aptitude_error(adjust)
        f = min(4, max(1, self.fallout + adjust))
        diff = self.difficulty()
        total = self.main + f
        success = total >= diff
        strike = self.strike_due(self.deck[0], success, f)
        t = self.tester
        dies = (self.deck[0] == RED_JOKER and not success) or (strike and self.strikes[t] + 1 >= self.rules.strikes_to_die)
        return Preview(adjust, self.main, f, total, diff, success, strike, dies)

    def legal_actions(self) -> list[Action]:
        """Every legal action now (dice left to chance; Award listed once per living character)."""
        if self._outcome is not None:
            return []
        acts: list[Action] = []
        if self.phase == CHOOSE_TESTER:
            acts += [Test(i) for i in self.living()]
        elif self.phase == ROLL:
            acts.append(Roll())
        else:
            if not self.rerolled and self.genre[self.tester] > 0:
                acts.append(Reroll())
            acts.append(Resolve(0))
            if self.aptitude_applies():
                acts += [Resolve(-1), Resolve(1)]
        if self.pool > 0:
            acts += [Award(i) for i in self.living()]
        return acts

    # ------------------------------------------------------------------ push / pop

    def push(self, action: Action) -> list:
        """Play ``action``; returns the events it caused. Raises an :class:`IllegalActionError`
        (with the state unchanged) if the rules do not allow it now."""
        if self._outcome is not None:
            raise GameOverError(f"the night is over; cannot {str(action)!r}")
        handler = _HANDLERS.get(type(action))
        if handler is None:
            raise IllegalActionError(f"not an action: {action!r}")
        if self.record:
            snapshot = self._snapshot()
            try:
                handler(self, action)
            except BaseException:
                self._restore(snapshot)
                raise
            self._undo.append(snapshot)
            self.move_stack.append(action)
            return self._take_events()
        handler(self, action)
        return []

    def pop(self) -> Action:
        """Take back the last action exactly (the chance source rewinds too)."""
        if not self.record:
            raise IllegalActionError("this game keeps no history (record=False), so it cannot undo")
        if not self.move_stack:
            raise IllegalActionError("nothing to undo: no action has been played")
        self._restore(self._undo.pop())
        return self.move_stack.pop()

    def peek(self) -> Action | None:
        return self.move_stack[-1] if self.move_stack else None

    def _take_events(self) -> list:
        ev = self._ev
        if ev is None:
            return []
        self._ev = []
        return ev

    def _snapshot(self) -> tuple:
        return (
            self.deck[:], self.trophy[:], self.number_reserve[:], [r[:] for r in self.reserves],
            self.jokers[:], self.removed[:], self.strikes[:], self.genre[:], self.dead[:],
            self.weaknesses[:], self.pool, self.spent, self.endgame, self.tests, self.tests_to_endgame,
            self.phase, self.tester, self.main, self.fallout, self.rerolled, self._outcome,
            self.joker_log[:], self.blocks[:], self.by_hand, self.trophy_from, self.joker_trophy,
            self.chance.getstate(),
        )

    def _restore(self, s: tuple) -> None:
        (self.deck, self.trophy, self.number_reserve, self.reserves, self.jokers, self.removed,
         self.strikes, self.genre, self.dead, self.weaknesses, self.pool, self.spent, self.endgame,
         self.tests, self.tests_to_endgame, self.phase, self.tester, self.main, self.fallout,
         self.rerolled, self._outcome, self.joker_log, self.blocks, self.by_hand, self.trophy_from,
         self.joker_trophy, chance_state) = s
        self.chance.setstate(chance_state)
        self._ev = [] if self.record else None

    def _living_index(self, who: int, verb: str) -> int:
        if 0 <= who < len(self.cast) and self.dead[who] is None:
            return who
        if not 0 <= who < len(self.cast):
            raise UnknownCharacterError(f"cannot {verb}: no character number {who!r} (0–{len(self.cast) - 1})")
        if self.dead[who] is not None:
            raise DeadCharacterError(f"cannot {verb} {self.cast[who].name}: {self.cast[who].name} is dead")
        return who

    def _aptitude_error(self, adjust: int) -> AptitudeError:
        c = self.deck[0]
        ch = self.cast[self.tester]
        where = "a Joker has no suit" if c >= 52 else f"the Threat Card is {card_str(c)}"
        return AptitudeError(
            f"cannot adjust Fallout by {adjust:+d}: {ch.name}'s Aptitude is {ch.aptitude_name} "
            f"({SUIT_SYMBOLS[ch.aptitude]}) and {where}")

    # Each handler checks that its action is legal now, then plays it: nothing changes
    # before the checks pass.

    def _do_test(self, action: Test) -> None:
        who = action.who
        if not (who < len(self.dead) and self.dead[who] is None):  # who >= 0: the action checks
            self._living_index(who, "test")
        if self.phase != CHOOSE_TESTER:
            raise IllegalActionError(f"cannot test {self.cast[who].name}: {self.cast[self.tester].name}'s Test is "
                                     f"under way ({PHASE_WORDS.get(self.phase, self.phase)})")
        self.tester = who
        self.phase = ROLL
        if self._ev is not None:
            self._ev.append(E.TestBegan(who, self.deck[0], self.difficulty()))

    def _do_roll(self, action: Roll) -> None:
        if self.phase != ROLL:
            why = "choose who tests first" if self.phase == CHOOSE_TESTER else "the dice are already rolled"
            raise IllegalActionError(f"cannot {str(action)!r}: {why}")
        by_hand = action.main is not None
        m, f = (action.main, action.fallout) if by_hand else self.chance.roll()
        self.main, self.fallout = m, f
        self.phase = DECIDE
        if self._ev is not None:
            self._ev.append(E.Rolled(self.tester, m, f, m, by_hand, False))

    def _do_reroll(self, action: Reroll) -> None:
        if self.phase != DECIDE:
            raise IllegalActionError(f"cannot {str(action)!r}: there is no roll to reroll")
        if self.rerolled:
            raise IllegalActionError(f"cannot {str(action)!r}: a Genre Point reroll stands — "
                                     "\"You must accept the second result\"")
        t = self.tester
        if self.genre[t] < 1:
            raise NoGenrePointError(f"cannot {str(action)!r}: {self.cast[t].name} has no Genre Point")
        self.genre[t] -= 1
        self.spent += 1
        if self._ev is not None:
            self._ev.append(E.GenrePointSpent(t, self.genre[t]))
        by_hand = action.main is not None
        m, f = (action.main, action.fallout) if by_hand else self.chance.roll()
        self.main, self.fallout = (m + 1 if m < 9 else 9), f
        self.rerolled = True
        if self._ev is not None:
            self._ev.append(E.Rolled(t, self.main, f, m, by_hand, True))

    def _do_resolve(self, action: Resolve) -> None:
        if self.phase != DECIDE:
            raise IllegalActionError(f"cannot {str(action)!r}: roll the dice first")
        if action.adjust and not self.aptitude_applies():
            raise self._aptitude_error(action.adjust)
        self._resolve(action.adjust)

    def _do_award(self, action: Award) -> None:
        who = action.who
        self._living_index(who, "award")
        if self.pool < 1:
            raise NoGenrePointError(f"cannot {str(action)!r}: the Director has no Genre Points left")
        self.pool -= 1
        self.genre[who] += 1
        if self._ev is not None:
            self._ev.append(E.GenrePointAwarded(who, self.pool))

    # ------------------------------------------------------------------ cards drawn by hand

    def where(self, c: int) -> str:
        """Where card ``c`` is, in a player's words: "in the Trophy Pile", "removed for the
        faster game" …"""
        if c in self.deck:
            return "the Threat Card" if self.deck[0] == c else "in the Threat Deck"
        if c in self.trophy:
            return "on top of the Trophy Pile" if self.trophy[0] == c else "in the Trophy Pile"
        if c in self.number_reserve:
            return "still in the Number Reserve"
        for k, pile in enumerate(self.reserves):
            if c in pile:
                return f"in the {('Jack', 'Queen', 'King')[k]} Reserve"
        if c in self.jokers:
            return "kept aside for the final act, as the Jokers are until the Endgame"
        if c in self.weaknesses:
            return (f"out of the game: beating it found the Killer's weakness in {SUIT_NAMES[c // 13]} "
                    f"({SUIT_APTITUDES[c // 13]})")
        if c == BLACK_JOKER:
            return "out of the game: the Black Joker leaves once its Test is done"
        if self.dealt and self.rules.fast_setup and c in self.removed[:9]:
            return "removed for the faster game at set-up"
        if self.endgame and c < 52 and c % 13 < 10:
            return "out of the game: the Endgame took the number cards out of the Threat Deck"
        return "out of the game"

    def _draw_refused(self, c: int, why: str) -> ImpossibleDrawError:
        return ImpossibleDrawError(f"{_name(c)} cannot be drawn: {why}")

    def _do_draw(self, action: Draw) -> None:
        c = action.card
        if self.phase != CHOOSE_TESTER:
            t = self.cast[self.tester].name
            raise self._draw_refused(c, f"{t}'s Test of {card_str(self.deck[0])} is under way (the next card is "
                                        "drawn once it is resolved; undo the Test to draw this one again)")
        if action.pile == "threat":
            self._draw_threat(c)
        elif action.pile == "trophy":
            self._draw_trophy(c)
        else:
            self._draw_removed(c)

    def _setup_jack(self) -> int | None:
        """Where the set-up's "one Jack" lies in the Threat Deck while no one has seen it (no
        face card has come up, been added or been taken from a reserve); None otherwise."""
        if not self.dealt or [len(r) for r in self.reserves] != [3, 4, 4]:
            return None
        jacks = [i for i, x in enumerate(self.deck) if x < 52 and x % 13 == JACK - 1]
        return jacks[0] if len(jacks) == 1 else None

    def _draw_threat(self, c: int) -> None:
        """The Threat Card drawn by hand, in place of the one the chance source revealed: a card
        of the run on top of the Threat Deck, whose order no one knows (the rest keep the order
        the chance source gave them)."""
        deck = self.deck
        old = deck[0]
        run = self.blocks[0]
        i = deck.index(c) if c in deck else -1
        jack = self._setup_jack() if i < 0 and c in self.reserves[0] else None
        if i < 0 and jack is None:
            if c in self.jokers:
                raise self._draw_refused(c, "the Threat Deck holds no Joker before the Endgame (\"The two Jokers: "
                                            "Kept separate for the final act\")")
            hint = ""
            if self.dealt and self.rules.fast_setup and c in self.removed[:9]:
                hint = " (the cards you removed are named at set-up, before the first Test: draw removed CARD)"
            raise self._draw_refused(c, f"it is {self.where(c)}{hint}")
        if "threat" in self.by_hand:
            raise self._draw_refused(c, f"the Threat Card {_name(old)} was drawn by hand already "
                                        "(undo to draw another)")
        if (i if jack is None else jack) >= run:
            first = deck[:run]
            if run == 1:
                nxt = f"the next Threat Card can only be {_name(first[0])}"
            elif run <= 6:
                nxt = f"the next Threat Card is one of {', '.join(_name(x) for x in first)}"
            else:
                nxt = f"{run} cards whose order no one knows lie above it"
            why = ("the Aces lie face up on top of the Threat Deck" if self.dealt and self.tests == 0
                   and all(x % 13 == 0 and x < 52 for x in first) else
                   "it lies lower in the Threat Deck, where cards went to the bottom in turn")
            raise self._draw_refused(c, f"{why}: {nxt}")
        if jack is not None:
            # "shuffles the 2s, 3s, 4s, and one Jack together": that Jack is the one drawn
            pile = self.reserves[0]
            pile[pile.index(c)] = deck[jack]
            deck[jack] = c
            i = jack
        if i:  # (the set-up's Jack on top already changed places with the one drawn)
            deck[0], deck[i] = c, old
        self.by_hand += ("threat",)
        instead = None if c == old else old
        if old >= 52 and c != old and self.joker_trophy is not None:
            # the chance source's Joker never came up: its shuffle of the Trophy Pile is taken back
            trophy, self.trophy_from, drawn = self.joker_trophy
            self.trophy = list(trophy)
            self.joker_trophy = None
            self.by_hand = tuple(k for k in self.by_hand if k != "trophy") + (("trophy",) if drawn else ())
        if c >= 52:
            if c != old:
                self._joker_shuffle()
                if self._ev is not None:
                    self._ev.append(E.Shuffled(E.TROPHY))
            if self._ev is not None:
                self._ev.append(E.JokerRevealed(c, self.base_difficulty(), self.trophy_top, True, instead))
        elif self._ev is not None:
            self._ev.append(E.ThreatRevealed(c, self.difficulty(), True, instead))

    def _draw_trophy(self, c: int) -> None:
        """The Trophy Pile's top drawn by hand: the ashcan's starting 10 ("the Director takes
        the bottom card (a random 10) from the Number Reserve"), or the new top after a shuffle
        ("a new Threat Card and the new top card of the Trophy Pile get revealed")."""
        trophy = self.trophy
        if self.trophy_from == "":
            if not trophy:
                why = (f"the Trophy Pile starts empty in the {self.rules.name} rules" if self.tests == 0
                       else "the Trophy Pile is empty")
            else:
                why = (f"the Trophy Pile's top, {card_str(trophy[0])}, was put there face up; its top is drawn only "
                       "at set-up and right after the pile is shuffled (after a confrontation with the Killer, "
                       "or as a Joker comes up)")
            raise self._draw_refused(c, why)
        old = trophy[0]
        if self.trophy_from == "setup":
            if not (c < 52 and c % 13 == 9):
                raise self._draw_refused(c, "the Trophy Pile starts with a 10 (\"the bottom card (a random 10) "
                                            "from the Number Reserve\")")
            if c != old and c not in self.number_reserve:
                raise self._draw_refused(c, f"it is {self.where(c)}")
        elif c not in trophy:
            raise self._draw_refused(c, f"the Trophy Pile was shuffled and {card_str(c)} is not in it: "
                                        f"it is {self.where(c)}")
        if "trophy" in self.by_hand:
            raise self._draw_refused(c, f"the Trophy Pile's top {card_str(old)} was drawn by hand already "
                                        "(undo to draw another)")
        if c != old:
            if self.trophy_from == "setup":  # the 10 that was on the pile goes back among the reserve's 10s
                reserve = self.number_reserve
                reserve[reserve.index(c)] = old
                trophy[0] = c
            else:
                k = trophy.index(c)
                trophy[0], trophy[k] = c, old
        self.by_hand += ("trophy",)
        if self._ev is not None:
            self._ev.append(E.DrawnByHand(c, "trophy", None if c == old else old, self.deck[0], self.difficulty()))

    def _draw_removed(self, c: int) -> None:
        """Which card of its rank the faster game removed: "they can remove a random 2, 3, 4,
        5, 6, 7, 8, 9 and 10 from the deck" — named before the first Test."""
        if not self.rules.fast_setup:
            raise self._draw_refused(c, "no card is removed: the faster set-up is not in play tonight")
        if not self.dealt:
            raise self._draw_refused(c, "this table was laid out by hand: it has no set-up to change")
        if self.tests:
            raise self._draw_refused(c, "the faster game's cards are removed at set-up: name them before the "
                                        "first Test")
        r = c % 13 + 1
        if not (c < 52 and 2 <= r <= 10):
            raise self._draw_refused(c, "the faster game removes one each of the 2s to 10s")
        key = f"removed:{r}"
        k = next(n for n, x in enumerate(self.removed[:9]) if x % 13 + 1 == r)
        old = self.removed[k]
        if key in self.by_hand:
            raise self._draw_refused(c, f"the {r} removed was named already: {card_str(old)} (undo to name another)")
        if c != old:
            if c in self.deck:
                i = self.deck.index(c)
                if i == 0:
                    raise self._draw_refused(c, "it is the Threat Card, face up")
                self.deck[i] = old
            elif c in self.number_reserve:
                self.number_reserve[self.number_reserve.index(c)] = old
            elif self.trophy and self.trophy[0] == c:
                self.trophy[0] = old
            else:
                raise self._draw_refused(c, f"it is {self.where(c)}")
            self.removed[k] = c
        self.by_hand += (key,)
        if self._ev is not None:
            self._ev.append(E.DrawnByHand(c, "removed", None if c == old else old, self.deck[0], self.difficulty()))

    # ------------------------------------------------------------------ resolution

    def _resolve(self, adjust: int) -> None:
        """"After you've resolved a Test, the success or failure changes the state of the game.\""""
        t = self.tester
        c = self.deck[0]
        f = self.fallout + adjust
        f = 1 if f < 1 else 4 if f > 4 else f
        diff = c % 13 + 1 if c < 52 and c % 13 < 10 else self.difficulty(c)
        success = self.main + f >= diff
        self.tests += 1
        self.by_hand = ()
        self.trophy_from = ""
        self.joker_trophy = None
        ev = self._ev
        if ev is not None:
            ev.append(E.TestResolved(t, c, diff, self.main, self.fallout, adjust, f, success, self.rerolled))
        self.tester = -1
        self.rerolled = False
        self.phase = CHOOSE_TESTER
        if (not success or f == 4) and self.strike_due(c, success, f):
            self._strike(t, c, success)
        if c >= 52:
            self._resolve_joker(c, success, t)
        elif c % 13 >= 10:
            self._resolve_face(c, success, f)
        else:
            self._resolve_number(c, success)
        if self._outcome is None:
            if None not in self.dead:
                self._end(False)
            else:
                self._reveal()

    def _strike(self, t: int, c: int, success: bool) -> None:
        self.strikes[t] += 1
        if c < 52 and c % 13 >= 10:
            reason = "Dire success against the Killer" if success else "failed against the Killer"
        else:
            reason = "Dire failure"
        if self._ev is not None:
            self._ev.append(E.StrikeGained(t, self.strikes[t], reason))
        if self.strikes[t] >= self.rules.strikes_to_die:
            self.dead[t] = "strikes"
            if self._ev is not None:
                self._ev.append(E.CharacterDied(t, "strikes"))

    def _resolve_number(self, c: int, success: bool) -> None:
        """Number cards: success → top of the Trophy Pile; failure → bottom of the Threat Deck;
        either way "the next card from the Number Reserve" joins the bottom of the deck."""
        deck, ev, blocks = self.deck, self._ev, self.blocks
        del deck[0]
        blocks[0] -= 1
        if not blocks[0]:
            del blocks[0]
        if success:
            self.trophy.insert(0, c)
            if ev is not None:
                ev.append(E.CardMoved(c, E.THREAT, E.TROPHY, "top"))
        else:
            deck.append(c)
            blocks.append(1)
            if ev is not None:
                ev.append(E.CardMoved(c, E.THREAT, E.THREAT, "bottom"))
        reserve = self.number_reserve
        if reserve:
            n = reserve.pop(0)
            deck.append(n)
            blocks.append(1)
            if ev is not None:
                ev.append(E.CardMoved(n, E.NUMBER_RESERVE, E.THREAT, "bottom"))
        elif self.rules.reserve_fallback:
            self._draw_face(0, "number card")
        else:
            if self._ev is not None:
                self._ev.append(E.ReserveDry("number card"))

    def _draw_face(self, kind: int, wanted: str) -> int | None:
        """Add a random face card of ``kind`` (0 Jack, 1 Queen, 2 King) to the deck's bottom;
        with the ashcan fallback, "pull from the next highest Reserve pile instead"."""
        for k in range(kind, 3 if self.rules.reserve_fallback else kind + 1):
            pile = self.reserves[k]
            if pile:
                c = pile.pop(self.chance.choose(pile, FACE_CHOICES[k]) if len(pile) > 1 else 0)
                self.deck.append(c)
                self.blocks.append(1)
                if self._ev is not None:
                    self._ev.append(E.CardMoved(c, FACE_PILES[k], E.THREAT, "bottom"))
                return c
        if self._ev is not None:
            self._ev.append(E.ReserveDry(wanted))
        return None

    def _resolve_face(self, c: int, success: bool, f: int) -> None:
        """Facing the Killer. Success adds a Jack (Fallout 1–2) or a Queen (3–4); the first
        defeat of a suit finds a weakness and removes the card; failure adds a King. Then "the
        entire Threat Deck and Trophy Pile are shuffled"."""
        if success:
            self._draw_face(0 if f <= 2 else 1, "jack" if f <= 2 else "queen")
            s = c // 13
            if self.weaknesses[s] == -1:
                self.weaknesses[s] = c
                self.deck.remove(c)
                self.removed.append(c)
                if self._ev is not None:
                    self._ev.append(E.CardMoved(c, E.THREAT, E.REMOVED))
                if self._ev is not None:
                    self._ev.append(E.WeaknessFound(s, c, self.found()))
                if self.found() == 4 and not self.endgame:
                    self._begin_endgame()
        else:
            self._draw_face(2, "king")
        self.chance.shuffle(self.deck, "threat")
        self.blocks = [len(self.deck)]
        if self._ev is not None:
            self._ev.append(E.Shuffled(E.THREAT))
        self.chance.shuffle(self.trophy, "trophy")
        self.trophy_from = "shuffle"
        if self._ev is not None:
            self._ev.append(E.Shuffled(E.TROPHY))

    def _begin_endgame(self) -> None:
        """"The Director removes all number cards from the Threat Deck ... Both Jokers are
        shuffled into this deck of horrors." (The shuffle follows the confrontation.)"""
        self.endgame = True
        self.tests_to_endgame = self.tests
        numbers = tuple(c for c in self.deck if c < 52 and c % 13 < 10)
        self.deck = [c for c in self.deck if not (c < 52 and c % 13 < 10)]
        self.removed.extend(numbers)
        self.deck.extend(self.jokers)
        self.jokers = []
        if self._ev is not None:
            self._ev.append(E.EndgameBegan(numbers))

    def _resolve_joker(self, j: int, success: bool, t: int) -> None:
        self.joker_log.append((j, success))
        if j == RED_JOKER:
            if self._ev is not None:
                self._ev.append(E.RedJokerResolved(success))
            if success:
                self._end(True)
                return
            if self.dead[t] is None:
                self.dead[t] = "red joker"
                if self._ev is not None:
                    self._ev.append(E.CharacterDied(t, "red joker"))
            if any(d is None for d in self.dead):
                self.chance.shuffle(self.deck, "threat")
                self.blocks = [len(self.deck)]
                if self._ev is not None:
                    self._ev.append(E.Shuffled(E.THREAT))
            return
        # Black Joker: success removes the highest face card; failure adds another King.
        removed = added = None
        if success:
            faces = [c for c in self.deck if c < 52 and c % 13 >= 10]
            if faces:
                top = max(c % 13 for c in faces)
                best = [c for c in faces if c % 13 == top]
                removed = best[self.chance.choose(best, "black_joker") if len(best) > 1 else 0]
                self._unblock(self.deck.index(removed))
                self.deck.remove(removed)
                self.removed.append(removed)
                if self._ev is not None:
                    self._ev.append(E.CardMoved(removed, E.THREAT, E.REMOVED))
        else:
            added = self._draw_face(2, "king")
        self._unblock(self.deck.index(j))
        self.deck.remove(j)
        self.removed.append(j)
        if self._ev is not None:
            self._ev.append(E.CardMoved(j, E.THREAT, E.REMOVED))
        if self._ev is not None:
            self._ev.append(E.BlackJokerResolved(success, removed, added))

    def _joker_shuffle(self) -> None:
        """A Joker comes up: "the Director first shuffles the Trophy Pile" (the pile as it was
        is kept, for a Joker a card drawn by hand then takes the place of)."""
        self.joker_trophy = (tuple(self.trophy), self.trophy_from, "trophy" in self.by_hand)
        self.chance.shuffle(self.trophy, "trophy")
        self.trophy_from = "shuffle"
        self.by_hand = tuple(k for k in self.by_hand if k != "trophy")

    def _unblock(self, i: int) -> None:
        """The card at ``deck[i]`` is leaving the Threat Deck: its run is one card shorter."""
        b = self.blocks
        k = 0
        while i >= b[k]:
            i -= b[k]
            k += 1
        b[k] -= 1
        if not b[k]:
            del b[k]

    def _reveal(self) -> None:
        """Reveal the next Threat Card; a Joker "is not shown to the players. Its effect is
        triggered immediately", after the Trophy Pile is shuffled."""
        if not self.deck:
            raise RuntimeError("the Threat Deck is empty (a rules-core bug)")
        c = self.deck[0]
        if c >= 52:
            self._joker_shuffle()
            if self._ev is not None:
                self._ev.append(E.Shuffled(E.TROPHY))
            if self._ev is not None:
                self._ev.append(E.JokerRevealed(c, self.base_difficulty(), self.trophy_top))
        else:
            if self._ev is not None:
                self._ev.append(E.ThreatRevealed(c, self.difficulty()))

    def _end(self, dawn: bool) -> None:
        survivors = tuple(self.living()) if dawn else ()
        self._outcome = Outcome(dawn, survivors, self.tests)
        self.phase = OVER
        if self._ev is not None:
            self._ev.append(E.Dawn(survivors) if dawn else E.AllDead())

    # ------------------------------------------------------------------ checks

    def problems(self) -> list[str]:
        """Broken invariants (empty when the table is sound). Tests call this after every action."""
        out = []
        places = (self.deck + self.trophy + self.number_reserve + sum(self.reserves, [])
                  + self.jokers + self.removed)
        if sorted(places) != list(ALL_CARDS):
            out.append(f"cards are not each in exactly one place ({len(places)} placed)")
        top = self.rules.strikes_to_die
        for i, s in enumerate(self.strikes):
            if not 0 <= s <= top:
                out.append(f"{self.cast[i].name} has {s} strikes")
            if (s >= top) and self.dead[i] is None:
                out.append(f"{self.cast[i].name} has {s} strikes but lives")
        if self.pool + sum(self.genre) + self.spent != self.rules.genre_points or min(self.genre, default=0) < 0 or self.pool < 0:
            out.append(f"Genre Points not conserved: pool {self.pool} + held {self.genre} + spent {self.spent}")
        if self._outcome is None and not self.deck:
            out.append("no Threat Card while the game runs")
        if self.endgame != (self.found() == 4):
            out.append(f"endgame {self.endgame} with {self.found()} weaknesses")
        if self.endgame and any(c < 52 and c % 13 < 10 for c in self.deck):
            out.append("number cards in the Threat Deck during the Endgame")
        if not self.endgame and any(c >= 52 for c in self.deck):
            out.append("a Joker in the Threat Deck before the Endgame")
        if any(c >= 52 or c % 13 >= 10 for c in self.trophy):
            out.append("a face card or Joker in the Trophy Pile")
        for s, c in enumerate(self.weaknesses):
            if c != -1 and (c not in self.removed or c // 13 != s):
                out.append(f"weakness card {card_str(c)} is not out of the game")
        if (self._outcome is None) == (self.phase == OVER):
            out.append(f"phase {self.phase!r} disagrees with outcome {self._outcome!r}")
        if self._outcome is None and all(d is not None for d in self.dead):
            out.append("everyone is dead but the night goes on")
        return out

    def state_key(self) -> tuple:
        """Everything that decides the future, as one comparable value (used to check undo)."""
        return self._snapshot()

    def __repr__(self) -> str:
        return (f"<Game {self.rules.name} seed={self.seed!r} tests={self.tests} phase={self.phase!r} "
                f"threat={card_str(self.deck[0]) if self.deck else None}>")


def _name(c: int) -> str:
    """A card in a sentence: ``7♠``, ``the Red Joker``."""
    return {RED_JOKER: "the Red Joker", BLACK_JOKER: "the Black Joker"}.get(c) or card_str(c)


_HANDLERS = {Test: Game._do_test, Roll: Game._do_roll, Reroll: Game._do_reroll, Resolve: Game._do_resolve,
             Award: Game._do_award, Draw: Game._do_draw}
