"""Boost limits (R8): no Chi beyond what one has, no Overstress, no Full Strain, one Shock."""

import pytest

from solo.t13 import BoostError, BoostLimitError, Boosts, TrackError, Tracks, apply_boosts, resolve_draw


def test_stress_may_fill_the_track_but_not_overflow_it():
    t = Tracks(stress=3, stress_max=5)
    assert apply_boosts(Boosts(stress=2), t).stress == 5
    with pytest.raises(BoostLimitError) as e:
        apply_boosts(Boosts(stress=3), t)
    assert "3 Stress" in str(e.value) and "Overstress" in str(e.value)


def test_strain_may_not_fill_the_track():
    t = Tracks(strain=1, strain_max=3)
    assert apply_boosts(Boosts(strain=1), t).strain == 2
    with pytest.raises(BoostLimitError) as e:
        apply_boosts(Boosts(strain=2), t)
    assert "2 Strain" in str(e.value) and "Fully Strained" in str(e.value)


def test_an_already_full_track_allows_no_more_but_zero():
    t = Tracks(stress=5, stress_max=5, strain=3, strain_max=3)
    assert apply_boosts(Boosts(), t) == t
    with pytest.raises(BoostLimitError):
        apply_boosts(Boosts(stress=1), t)
    with pytest.raises(BoostLimitError):
        apply_boosts(Boosts(strain=1), t)


def test_one_shock_per_test():
    assert apply_boosts(Boosts(shock=1), Tracks()).shock == 1
    with pytest.raises(BoostLimitError) as e:
        apply_boosts(Boosts(shock=2), Tracks())
    assert "2 Shocks" in str(e.value)


def test_a_shocked_character_may_not_shock_themselves_again():
    # R8: "may not … Shock themselves more than once" caps the Shock track at one
    with pytest.raises(BoostLimitError) as e:
        apply_boosts(Boosts(shock=1), Tracks(shock=1))
    assert "already holds 1" in str(e.value)
    assert apply_boosts(Boosts(stress=1), Tracks(shock=1)).shock == 1  # holding one is no bar to other Boosts


def test_chi_is_spent_from_what_one_has():
    assert apply_boosts(Boosts(chi=2), Tracks(chi=2)).chi == 0
    with pytest.raises(BoostLimitError) as e:
        apply_boosts(Boosts(chi=3), Tracks(chi=2))
    assert "3 Chi" in str(e.value) and "has 2" in str(e.value)


def test_default_limits():
    # R8 defaults: Stress track 5, Strain track 3.
    assert apply_boosts(Boosts(stress=5, strain=2), Tracks()).stress == 5
    with pytest.raises(BoostLimitError):
        apply_boosts(Boosts(stress=6), Tracks())
    with pytest.raises(BoostLimitError):
        apply_boosts(Boosts(strain=3), Tracks())


def test_resolve_draw_refuses_a_boost_it_cannot_pay():
    with pytest.raises(BoostLimitError):
        resolve_draw("Trial", 10, "5♠", boosts=Boosts(chi=1))


@pytest.mark.parametrize("bad", [-1, 1.5, "2", True])
def test_bad_boost_counts(bad):
    with pytest.raises(BoostError) as e:
        Boosts(chi=bad)
    assert repr(bad) in str(e.value)


@pytest.mark.parametrize("kwargs, quoted", [
    ({"stress": 6}, "6"), ({"strain": 4, "strain_max": 3}, "4"), ({"chi": -2}, "-2"), ({"stress_max": 0}, "0"),
])
def test_bad_tracks(kwargs, quoted):
    with pytest.raises(TrackError) as e:
        Tracks(**kwargs)
    assert quoted in str(e.value)
