"""Boosts and the tracks they are paid from.

"Chi can be spent to add a +1. Stress can be Gained (note not spent) to the Die (Annex or
Facet) to add +1. Strains can be Gained by the Die to add a +2. A Shock may be Gained to
add +5. All Gained Stress, Strains and Shock will apply after this Test is completed until
Relieved normally. Characters may not Overstress their Die, Fully Strain it or Shock
themselves more than once."

The text gives no track sizes, so :class:`Tracks` carries them (ruling R8): Stress may
fill the die's track but not go past it; Strain may not fill its track; at most one Shock
is Gained in one Test.
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import BoostError, BoostLimitError, TrackError

CHI_PIPS, STRESS_PIPS, STRAIN_PIPS, SHOCK_PIPS = 1, 1, 2, 5
#: Default track sizes (ruling R8): placeholders for a sheet's own numbers.
DEFAULT_STRESS_MAX = 5
DEFAULT_STRAIN_MAX = 3
#: "Shock themselves more than once": Shocks one Test may Gain.
SHOCKS_PER_TEST = 1
#: "may not … Shock themselves more than once": at most one Shock on the track (R8).
SHOCK_MAX = 1


def _count(value: object, what: str, error: type[Exception]) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise error(f"{what} must be a whole number of at least 0, got {value!r}")
    return value


@dataclass(frozen=True, slots=True)
class Tracks:
    """A character's Chi and the tested die's Stress and Strain, and the character's Shock.

    ``chi`` is the Chi the character can spend; ``stress``/``strain`` what the die (the Facet
    or Annex Drawn) already holds, out of ``stress_max``/``strain_max``; ``shock`` the
    Shocks the character already has.
    """

    chi: int = 0
    stress: int = 0
    strain: int = 0
    shock: int = 0
    stress_max: int = DEFAULT_STRESS_MAX
    strain_max: int = DEFAULT_STRAIN_MAX

    def __post_init__(self) -> None:
        for name in ("chi", "stress", "strain", "shock", "stress_max", "strain_max"):
            _count(getattr(self, name), name, TrackError)
        if self.stress_max < 1 or self.strain_max < 1:
            raise TrackError(f"stress_max and strain_max must be at least 1, got "
                             f"{self.stress_max!r} and {self.strain_max!r}")
        if self.stress > self.stress_max:
            raise TrackError(f"stress {self.stress!r} is over the die's stress_max {self.stress_max!r}")
        if self.strain > self.strain_max:
            raise TrackError(f"strain {self.strain!r} is over the die's strain_max {self.strain_max!r}")


@dataclass(frozen=True, slots=True)
class Boosts:
    """How much a character pays into one Test: Chi spent, Stress/Strain/Shock Gained."""

    chi: int = 0
    stress: int = 0
    strain: int = 0
    shock: int = 0

    def __post_init__(self) -> None:
        for name in ("chi", "stress", "strain", "shock"):
            _count(getattr(self, name), f"boost {name}", BoostError)

    @property
    def pips(self) -> int:
        """+1 per Chi, +1 per Stress, +2 per Strain, +5 per Shock."""
        return (self.chi * CHI_PIPS + self.stress * STRESS_PIPS
                + self.strain * STRAIN_PIPS + self.shock * SHOCK_PIPS)


def apply_boosts(boosts: Boosts, tracks: Tracks) -> Tracks:
    """The tracks after paying ``boosts``; raises :class:`BoostLimitError` quoting the Boost.

    Gained Stress, Strain and Shock "apply after this Test is completed": they never change
    this Test's total beyond the Pips they buy.
    """
    if boosts.chi > tracks.chi:
        raise BoostLimitError(f"cannot spend {boosts.chi} Chi: the character has {tracks.chi}")
    if tracks.stress + boosts.stress > tracks.stress_max:
        raise BoostLimitError(f"cannot Gain {boosts.stress} Stress: the die holds {tracks.stress} of "
                              f"{tracks.stress_max}, and may not be Overstressed")
    if boosts.strain and tracks.strain + boosts.strain >= tracks.strain_max:
        raise BoostLimitError(f"cannot Gain {boosts.strain} Strain: the die holds {tracks.strain} of "
                              f"{tracks.strain_max}, and may not be Fully Strained")
    if boosts.shock > SHOCKS_PER_TEST:
        raise BoostLimitError(f"cannot Gain {boosts.shock} Shocks: a character may not Shock themselves "
                              f"more than once")
    if boosts.shock and tracks.shock + boosts.shock > SHOCK_MAX:
        raise BoostLimitError(f"cannot Gain a Shock: the character already holds {tracks.shock} "
                              f"and may not Shock themselves more than once (until it is Relieved)")
    return Tracks(chi=tracks.chi - boosts.chi, stress=tracks.stress + boosts.stress,
                  strain=tracks.strain + boosts.strain, shock=tracks.shock + boosts.shock,
                  stress_max=tracks.stress_max, strain_max=tracks.strain_max)
