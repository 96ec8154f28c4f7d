"""The editor measured on a strong model's nights (``data/strong/``, see strong_set.py): real
nights of both rulesets, the camp and both playsets, autoplay and typed, whose every request was
answered by hand as a careful strong model would; faithful replies in order, and planted slips
each labelled with its kind. Two nights (``held-…``) were written first, by other hands, and
never read while the editor was tuned: they are reported apart.

The floors below are the figures measured when the set was made (docs/director.md gives them):
the test holds the editor to them, so a change that refuses a strong model's faithful prose, or
lets more of its slips through, fails here."""

from __future__ import annotations

import pytest

from . import strong_set as S

#: (faithful replies kept whole, slips refused for their own fault), tuned-on and held-out parts.
FLOORS = {"tuned": (0.975, 0.68), "held": (0.95, 0.52)}


@pytest.fixture(scope="module")
def told(tmp_path_factory):
    """Each part's nights told again, when a test asks for that part (the tuned part is the
    long sweeps')."""
    done: dict[bool, list] = {}

    def part(held: bool) -> list:
        if held not in done:
            done[held] = [S.tell_again(p, tmp_path_factory.mktemp(p.stem)) for p in S.nights()
                          if bool(S.load(p).get("held_out")) == held]
        return done[held]
    return part


def test_the_set_is_whole():
    nights = [S.load(p) for p in S.nights()]
    faithful = sum(1 for n in nights for r in n["replies"] if r["label"] == "faithful")
    slips = sum(len(n["slips"]) for n in nights) + sum(1 for n in nights for r in n["replies"] if r["label"] != "faithful")
    kinds = {n["night"]["kind"] for n in nights}
    assert faithful >= 250 and slips >= 120 and kinds == {"autoplay", "typed"}
    assert any(n["held_out"] for n in nights) and any(not n["held_out"] for n in nights)
    assert {s["label"] for n in nights for s in n["slips"]} <= set(S.OWN_FAULT)


@pytest.mark.parametrize("part", [pytest.param("tuned", marks=pytest.mark.corpus), "held"])
def test_a_strong_models_faithful_prose_is_kept_and_its_slips_refused(told, part):
    chosen = told(part == "held")
    faithful = sum(len(v.faithful) for v in chosen)
    kept = sum(v.kept for v in chosen)
    slips = sum(len(v.slips) for v in chosen)
    own = sum(v.own_fault() for v in chosen)
    print(f"\n{S.report(chosen)}")
    assert faithful >= 60 and slips >= 30  # the replay reached the replies (few diverged)
    low_kept, low_own = FLOORS[part]
    refused = [(v.name, n, [str(c) for c in why][:2]) for v in chosen for n, why in v.faithful if why]
    assert kept / faithful >= low_kept, refused
    assert own / slips >= low_own
    # read as they stream (a sentence shown once the reply so far passes): as many kept, as many kept off
    shown = sum(v.kept_streamed for v in chosen)
    off = sum(v.own_fault(streamed=True) for v in chosen)
    cut = [(v.name, n, [str(c) for c in why][:2]) for v in chosen for n, why in v.streamed_faithful if why]
    assert len(chosen[0].streamed_faithful) == len(chosen[0].faithful)  # every reply read both ways
    assert shown / faithful >= low_kept, cut
    assert off / slips >= low_own
