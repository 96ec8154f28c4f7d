"""``--set awards_per_night=N``: how the win rate moves with the Director's award rate."""

import json

from solo.cli import main
from solo.playsets import parse_overrides


def test_capping_awards_caps_the_pool():
    assert parse_overrides(["awards_per_night=4"]).ruleset().genre_points == 4
    assert parse_overrides(["awards_per_night=20"]).ruleset().genre_points == 13  # the pool is the ceiling
    assert parse_overrides(["genre_points=3", "awards_per_night=8"]).ruleset().genre_points == 3


def _win(capsys, *sets):
    args = ["sim", "--games", "4000", "--workers", "1", "--json"]
    for s in sets:
        args += ["--set", s]
    assert main(args) == 0
    return json.loads(capsys.readouterr().out)["win_rate"]


def test_more_awards_more_dawns_for_a_careful_table(capsys):
    """The careful policy spends every point it is given on a Test it would lose: the win
    rate rises with the awards, and no awards plays as an empty pool."""
    none, some, all_ = (_win(capsys, f"awards_per_night={n}") for n in (0, 4, 13))
    assert none < some < all_
    assert none == _win(capsys, "genre_points=0")
