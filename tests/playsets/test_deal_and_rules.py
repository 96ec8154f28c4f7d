"""Each playset deals from its own props (things that fit any setting only when they run out),
never a thing a character's Why speaks of; an explicit --rules wins over the playset's base."""

from __future__ import annotations

import re

import pytest

from solo.director.catalogue import ANY_ITEMS, CAMP_ITEMS, short_name
from solo.director.fiction import Fiction
from solo.playsets import load_playset

CAMP_ONLY = {s for _p, s in CAMP_ITEMS} - {s for _p, s in ANY_ITEMS}


def cast(n=4, whys=None):
    whys = whys or [""] * n
    return [{"name": f"P{i}", "archetype": "", "aptitude": "Power", "why": whys[i]} for i in range(n)]


@pytest.mark.parametrize("name", ["house-party", "cabin-in-the-woods"])
def test_a_playset_deals_its_own_props(name):
    setting = load_playset(name).setting()
    own = {short_name(p) for p in setting["props"]}
    for seed in range(30):
        f = Fiction(cast(), seed, setting)
        dealt = [i for p in f.people for i in p.items]
        assert len(dealt) == 8 and not set(dealt) & CAMP_ONLY, (seed, dealt)
        assert set(dealt) <= own | {s for _p, s in ANY_ITEMS}
        if len(own) >= 8:
            assert set(dealt) <= own


def test_a_big_cast_is_topped_up_with_things_that_fit_anywhere():
    setting = load_playset("house-party").setting()
    f = Fiction(cast(8), 3, setting)
    dealt = [i for p in f.people for i in p.items]
    assert len(dealt) == len(set(dealt)) and not set(dealt) & CAMP_ONLY


def test_nothing_a_why_speaks_of_is_dealt():
    whys = ["holds the only car keys", "", "lost a flashlight here years ago", ""]
    for seed in range(30):
        f = Fiction(cast(whys=whys), seed, load_playset("house-party").setting())
        dealt = " ".join(i for p in f.people for i in p.items)
        assert not re.search(r"\bkeys\b", dealt) and "flashlight" not in dealt, (seed, dealt)
        g = Fiction(cast(whys=whys), seed, None)
        camp = " ".join(i for p in g.people for i in p.items)
        assert "truck keys" not in camp and "flashlight" not in camp


def test_an_explicit_rules_wins_over_the_playsets_base(tmp_path):
    from argparse import Namespace

    from solo.playsets.options import chosen_rules

    ps = load_playset("house-party")
    assert chosen_rules(Namespace(rules=None, set=None, fast_setup=False), ps).name == ps.rules.base
    other = "playtest" if ps.rules.base == "ashcan" else "ashcan"
    assert chosen_rules(Namespace(rules=other, set=None, fast_setup=False), ps).name == other
    from solo.cli import main

    out = tmp_path / "n.md"
    assert main(["autoplay", "--rules", other, "--playset", "house-party", "--seed", "4", "--out", str(out)]) == 0
    assert f"· {other} rules" in out.read_text(encoding="utf-8")
