"""The core Game and the fast engine, driven by the same chance stream: the table after every Test."""

from __future__ import annotations

from solo.nott.actions import Resolve
from solo.nott.game import CHOOSE_TESTER, DECIDE, Game
from solo.sim.policies import _test, get_policy
from solo.nott.actions import ROLL
from solo.sim.stream import StreamChance, policy_rng

DEATH_CODES = {None: 0, "strikes": 1, "red joker": 2}


def table(game: Game) -> tuple:
    """The core's table in the fast engine's trace shape (:data:`solo.sim.fast.TABLE_FIELDS`,
    every pile top first)."""
    o = game.outcome()
    r = game.reserves
    return (tuple(game.deck), tuple(game.trophy), tuple(game.number_reserve), tuple(r[0]), tuple(r[1]),
            tuple(r[2]), tuple(game.jokers), tuple(game.strikes), tuple(game.genre),
            tuple(DEATH_CODES[d] for d in game.dead), game.pool, game.spent, tuple(game.weaknesses), game.endgame,
            game.tests, game.tests_to_endgame, None if o is None else o.dawn)


def core_trace(night: int, rules, policy_name: str, cast) -> list[tuple]:
    """One night of the core Game with the fast engine's chance stream and policy stream."""
    game = Game(cast, rules, StreamChance(night), record=False)
    policy = get_policy(policy_name)
    rng = policy_rng(night)
    out = []
    while game.outcome() is None:
        phase = game.phase
        if phase == CHOOSE_TESTER:
            game.push(_test(policy.tester(game, rng)))
        elif phase == DECIDE:
            for a in policy.decide(game, rng):
                game.push(a)
                if isinstance(a, Resolve):
                    out.append(table(game))
        else:
            game.push(ROLL)
    return out
