"""Policies: how a simulated (or autoplayed) cast chooses. Every policy is documented here.

- ``naive``: a uniformly random living character takes each Test; never uses Aptitude;
  never spends Genre Points.
- ``careful``:
  1. Tester: for a Joker, the living character with the fewest Strikes (ties: cast order);
     otherwise the living character whose Aptitude matches the Threat suit (if several, the
     fewest Strikes, then cast order), else the living character with the fewest Strikes.
  2. After each roll, pick the Aptitude adjustment (when allowed) that is best by: no Strike,
     then success, then lower Fallout.
  3. If the result would still be a failure against a face card or a Joker, or would give a
     Strike, and Genre Points remain, spend one (reroll, +1 main die, capped at 9), then
     choose the Aptitude adjustment again; the reroll stands.
  4. The Director's 13 Genre Points are in the cast's hands from the start, as one shared
     pool: a point is awarded to the tester at the moment it is spent.
- ``spread``: like ``careful``, but the tester is always the living character with the
  fewest Strikes (ties: most Genre Points held, then cast order) — spreading the risk so
  nobody reaches a third Strike early; Aptitude and Genre Points as ``careful``.
"""

from __future__ import annotations

import random

from ..nott.actions import REROLL, ROLL, Award, Resolve, Test
from ..nott.game import CHOOSE_TESTER, DECIDE, Game

_RESOLVE = {-1: Resolve(-1), 0: Resolve(0), 1: Resolve(1)}
_RESOLVES = {k: [v] for k, v in _RESOLVE.items()}
_REROLL_ONLY = [REROLL]
_TESTS: dict[int, Test] = {}
_AWARDS: dict[int, Award] = {}


def _test(i: int) -> Test:
    t = _TESTS.get(i)
    if t is None:
        t = _TESTS[i] = Test(i)
    return t


def _award(i: int) -> Award:
    a = _AWARDS.get(i)
    if a is None:
        a = _AWARDS[i] = Award(i)
    return a


_BY_SUIT: dict[int, tuple] = {}


def _by_suit(cast) -> tuple:
    """Cast indexes by Aptitude suit (cached per cast)."""
    key = id(cast)
    hit = _BY_SUIT.get(key)
    if hit is None or hit[0] is not cast:
        if len(_BY_SUIT) > 64:
            _BY_SUIT.clear()
        hit = _BY_SUIT[key] = (cast, tuple(tuple(i for i, ch in enumerate(cast) if ch.aptitude == s)
                                                for s in range(4)))
    return hit[1]


def _fewest_strikes(game: Game, candidates: list[int]) -> int:
    strikes = game.strikes
    return min(candidates, key=lambda i: (strikes[i], i))


def best_adjust(game: Game) -> tuple[int, bool, bool]:
    """Best Aptitude adjustment now: (adjust, strike, success) — no Strike, then success,
    then lower Fallout. Pure arithmetic on the table, no state change."""
    c = game.deck[0]
    main, f0 = game.main, game.fallout
    diff = c % 13 + 1 if c < 52 and c % 13 < 10 else game.difficulty(c)
    strike_due = game.strike_due
    if c >= 52 or game.cast[game.tester].aptitude != c // 13:
        success = main + f0 >= diff
        return 0, (not success or f0 == 4) and strike_due(c, success, f0), success
    best_key = best = None
    for adj in (-1, 0, 1):
        f = f0 + adj
        if f < 1 or f > 4:
            continue  # clamped: the same as no adjustment
        success = main + f >= diff
        strike = strike_due(c, success, f)
        key = (strike, not success, f)
        if best_key is None or key < best_key:
            best_key, best = key, (adj, strike, success)
    return best


class Naive:
    name = "naive"

    def tester(self, game: Game, rng: random.Random) -> int:
        living = game.living()
        return living[int(rng.random() * len(living))]

    def decide(self, game: Game, rng: random.Random) -> list:
        return _RESOLVES[0]


class Careful:
    name = "careful"

    def tester(self, game: Game, rng: random.Random) -> int:
        c = game.deck[0]
        dead, strikes = game.dead, game.strikes
        if c < 52:
            same = _by_suit(game.cast)[c // 13]
            if len(same) == 1:  # the usual cast: one character per Aptitude
                if dead[same[0]] is None:
                    return same[0]
            else:
                match = [i for i in same if dead[i] is None]
                if match:
                    return _fewest_strikes(game, match)
        return min((i for i in range(len(dead)) if dead[i] is None), key=lambda i: (strikes[i], i))

    def decide(self, game: Game, rng: random.Random) -> list:
        adj, strike, success = best_adjust(game)
        if not game.rerolled and (strike or (not success and (game.deck[0] >= 52 or game.deck[0] % 13 >= 10))):
            t = game.tester
            if game.genre[t] > 0:
                return _REROLL_ONLY
            if game.pool > 0:
                return [_award(t), REROLL]
        return _RESOLVES[adj]


class Spread(Careful):
    name = "spread"

    def tester(self, game: Game, rng: random.Random) -> int:
        strikes, genre = game.strikes, game.genre
        return min(game.living(), key=lambda i: (strikes[i], -genre[i], i))


POLICIES = {"naive": Naive, "careful": Careful, "spread": Spread}


def get_policy(name: str):
    try:
        return POLICIES[name.strip().lower()]()
    except (KeyError, AttributeError):
        raise ValueError(f"unknown policy {name!r} (choose from {', '.join(POLICIES)})") from None


def next_actions(game: Game, policy, rng: random.Random) -> list:
    """The actions of the policy's next decision: whom to test, the roll, or the choice after it."""
    phase = game.phase
    if phase == CHOOSE_TESTER:
        return [_test(policy.tester(game, rng))]
    if phase == DECIDE:
        return policy.decide(game, rng)
    return [ROLL]
