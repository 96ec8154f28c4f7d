"""Run many nights and gather what happened in each.

Game ``i`` of a run with seed ``S`` uses the chance seed ``S * 1_000_003 + i`` and its own
policy stream, so any split of the games over worker processes gives the same totals.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from ..nott.actions import ROLL
from ..nott.cards import BLACK_JOKER, RED_JOKER
from ..nott.chance import SeededChance
from ..nott.game import CHOOSE_TESTER, DECIDE, Character, Game
from ..nott.rules import Ruleset
from .policies import get_policy

#: The simulated cast: four characters with four different Aptitudes, in suit order.
SIM_CAST = (Character("Power", 0), Character("Resolve", 1), Character("Intellect", 2), Character("Finesse", 3))


def game_seed(seed: int, i: int) -> int:
    return seed * 1_000_003 + i


@dataclass(frozen=True, slots=True)
class GameRecord:
    """What one simulated night came to."""

    dawn: bool
    alive: tuple[bool, ...]
    tests: int
    tests_to_endgame: int | None
    strikes: tuple[int, ...]
    deaths_by_strikes: int
    deaths_by_red_joker: int
    genre_spent: int
    black_joker: tuple[int, int]  # successes, failures
    red_joker_failures: int


def play_one(rules: Ruleset, policy, seed: int, cast=SIM_CAST) -> Game:
    """One whole night with ``policy``; no history kept (the simulator's hot loop)."""
    game = Game(cast, rules, SeededChance(seed), record=False)
    rng = random.Random(seed ^ 0x5EED)
    push = game.push
    tester, decide = policy.tester, policy.decide
    while game._outcome is None:
        phase = game.phase
        if phase == CHOOSE_TESTER:
            push(_TEST[tester(game, rng)])
        elif phase == DECIDE:
            for a in decide(game, rng):
                push(a)
        else:
            push(ROLL)
    return game


from .policies import _test  # noqa: E402  (cached Test actions)

_TEST = [_test(i) for i in range(8)]


def record(game: Game) -> GameRecord:
    o = game.outcome()
    bj = [s for j, s in game.joker_log if j == BLACK_JOKER]
    return GameRecord(
        dawn=o.dawn,
        alive=tuple(d is None for d in game.dead),
        tests=game.tests,
        tests_to_endgame=game.tests_to_endgame,
        strikes=tuple(game.strikes),
        deaths_by_strikes=sum(d == "strikes" for d in game.dead),
        deaths_by_red_joker=sum(d == "red joker" for d in game.dead),
        genre_spent=game.spent,
        black_joker=(sum(bj), len(bj) - sum(bj)),
        red_joker_failures=sum(1 for j, s in game.joker_log if j == RED_JOKER and not s),
    )


def run_range(rules: Ruleset, policy_name: str, seed: int, start: int, stop: int) -> list[GameRecord]:
    policy = get_policy(policy_name)
    return [record(play_one(rules, policy, game_seed(seed, i))) for i in range(start, stop)]


def _chunk(args: tuple) -> list[GameRecord]:
    return run_range(*args)


def simulate(games: int, rules: Ruleset, policy_name: str, seed: int, workers: int = 1,
             progress: Callable[[int], None] | None = None, chunk: int = 500) -> list[GameRecord]:
    """Records of ``games`` nights, in game order whatever ``workers`` is."""
    get_policy(policy_name)  # fail fast on a bad name
    ranges = [(rules, policy_name, seed, a, min(a + chunk, games)) for a in range(0, games, chunk)]
    out: list[GameRecord] = []
    if workers <= 1 or len(ranges) == 1:
        for r in ranges:
            out += _chunk(r)
            if progress:
                progress(r[4] - r[3])
        return out
    import multiprocessing as mp

    ctx = mp.get_context("fork") if "fork" in mp.get_all_start_methods() else mp.get_context()
    with ctx.Pool(workers) as pool:
        for recs in pool.imap(_chunk, ranges):
            out += recs
            if progress:
                progress(len(recs))
    return out
