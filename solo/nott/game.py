"""The Night of the Thirteenth rules core: a :class:`Game` you ``push()`` actions onto.

Everything the rulebook resolves is resolved here, and nothing else is: no I/O, no prose,
no dice of its own (chance comes from the game's :mod:`chance source <solo.nott.chance>`).
``push`` plays an action and returns the events it caused; ``pop`` takes it back exactly,
the chance source's position included; ``outcome`` is ``None`` until dawn or death.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from . import events as E
from .actions import Action, Award, Reroll, Resolve, Roll, Test
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
    NoGenrePointError,
    SetupError,
    UnknownCharacterError,
)
from .rules import ASHCAN, Ruleset
from ..pronouns import DEFAULT as DEFAULT_PRONOUNS, PronounError, parse_pronouns
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
    story speaks of them (:mod:`solo.pronouns`; kept in their written form, "she/her")."""

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
    """

    __slots__ = (
        "cast", "rules", "chance", "seed", "record", "move_stack", "_undo", "_ev", "strikes", "genre", "dead",
        "pool", "spent", "weaknesses", "endgame", "tests", "tests_to_endgame", "joker_log", "phase", "tester",
        "main", "fallout", "rerolled", "_outcome", "deck", "trophy", "number_reserve", "reserves", "jokers",
        "removed", "opening_events", "__weakref__",
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
        if _layout is None:
            self._setup()
        else:
            self._place(_layout)
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
            self.joker_log[:], self.chance.getstate(),
        )

    def _restore(self, s: tuple) -> None:
        (self.deck, self.trophy, self.number_reserve, self.reserves, self.jokers, self.removed,
         self.strikes, self.genre, self.dead, self.weaknesses, self.pool, self.spent, self.endgame,
         self.tests, self.tests_to_endgame, self.phase, self.tester, self.main, self.fallout,
         self.rerolled, self._outcome, self.joker_log, chance_state) = s
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
        deck, ev = self.deck, self._ev
        del deck[0]
        if success:
            self.trophy.insert(0, c)
            if ev is not None:
                ev.append(E.CardMoved(c, E.THREAT, E.TROPHY, "top"))
        else:
            deck.append(c)
            if ev is not None:
                ev.append(E.CardMoved(c, E.THREAT, E.THREAT, "bottom"))
        reserve = self.number_reserve
        if reserve:
            n = reserve.pop(0)
            deck.append(n)
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
        if self._ev is not None:
            self._ev.append(E.Shuffled(E.THREAT))
        self.chance.shuffle(self.trophy, "trophy")
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
                self.deck.remove(removed)
                self.removed.append(removed)
                if self._ev is not None:
                    self._ev.append(E.CardMoved(removed, E.THREAT, E.REMOVED))
        else:
            added = self._draw_face(2, "king")
        self.deck.remove(j)
        self.removed.append(j)
        if self._ev is not None:
            self._ev.append(E.CardMoved(j, E.THREAT, E.REMOVED))
        if self._ev is not None:
            self._ev.append(E.BlackJokerResolved(success, removed, added))

    def _reveal(self) -> None:
        """Reveal the next Threat Card; a Joker "is not shown to the players. Its effect is
        triggered immediately", after the Trophy Pile is shuffled."""
        if not self.deck:
            raise RuntimeError("the Threat Deck is empty (a rules-core bug)")
        c = self.deck[0]
        if c >= 52:
            self.chance.shuffle(self.trophy, "trophy")
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


_HANDLERS = {Test: Game._do_test, Roll: Game._do_roll, Reroll: Game._do_reroll, Resolve: Game._do_resolve,
             Award: Game._do_award}
