"""``awards_per_night`` (docs/playsets.md): "the most Genre Points the Director awards in a
night; a night's points come only from awards, so it plays as ``genre_points`` = the smaller
of the two" — from ``--set`` and from a playset file's ``[rules]``."""

from __future__ import annotations

import pytest

from solo.nott.rules import ASHCAN, PLAYTEST
from solo.playsets import load_playset, parse_overrides, read_playset
from solo.playsets.loader import BUILTIN_DIR
from solo.playsets.model import RuleOverrides


@pytest.mark.parametrize("sets,pool", [
    (["awards_per_night=4"], 4),                          # below the rulebook's 13: the cap
    (["awards_per_night=0"], 0),                          # no awards, no points
    (["awards_per_night=20"], 13),                        # above the pool: the pool, 13
    (["genre_points=3", "awards_per_night=8"], 3),        # a pool set smaller than the cap
    (["genre_points=30", "awards_per_night=8"], 8),       # a pool set larger than the cap
    (["awards_per_night=8", "genre_points=5"], 5),        # in either order
])
def test_the_pool_played_is_the_smaller_of_pool_and_awards(sets, pool):
    assert parse_overrides(sets).ruleset().genre_points == pool


def test_the_cap_changes_nothing_else():
    r = parse_overrides(["base=playtest", "strikes_to_die=4", "awards_per_night=6"]).ruleset()
    assert r == PLAYTEST.with_(strikes_to_die=4, genre_points=6)


def test_no_knob_turned_plays_the_base_ruleset():
    assert RuleOverrides().ruleset() == ASHCAN
    assert RuleOverrides(base="playtest").ruleset() == PLAYTEST


def test_a_playset_files_cap_reaches_its_ruleset(tmp_path):
    text = (BUILTIN_DIR / "house-party.toml").read_text(encoding="utf-8")
    assert "\n[rules]\n" in text
    p = tmp_path / "stingy-party.toml"
    p.write_text(text.replace("\n[rules]\n", "\n[rules]\nawards_per_night = 5\n"), encoding="utf-8")
    ps = read_playset(p)
    assert ps.ruleset() == load_playset("house-party").ruleset().with_(genre_points=5)
