"""Specific errors for the T13 Card Draw Test core.

Every one is a ``ValueError`` whose message quotes the input it rejects.
"""

from __future__ import annotations

from ..nott import errors as _nott


class T13Error(ValueError):
    """Base class of every error the T13 core raises."""


class InvalidCardError(T13Error, _nott.InvalidCardError):
    """Text or number that names no card (also a :class:`solo.nott.errors.InvalidCardError`)."""


class InvalidSuitError(T13Error):
    """Text or number that names no suit."""


class UnknownFacetError(T13Error):
    """A Facet name that is not one of the 24 T13 Facets."""


class FacetTableError(T13Error):
    """A Facet→suit override the text does not allow."""


class BoostError(T13Error):
    """A Boost count that is not a whole number of at least zero."""


class BoostLimitError(BoostError):
    """A Boost the character cannot take: no Chi left, Overstress, Full Strain, a second Shock."""


class TrackError(T13Error):
    """Chi / Stress / Strain / Shock tracks that do not make sense (negative, over their maximum)."""


class DifficultyError(T13Error):
    """A Difficulty that is not a whole number of Pips of at least zero."""


class RulesError(T13Error):
    """An unknown or out-of-range option of :class:`~solo.t13.rules.Rules`."""


class ParticipantError(T13Error):
    """A participant the group test cannot run with (bad Draw, duplicate name or card, no one at all)."""


class ChanceError(T13Error):
    """A chance source that cannot supply the card the rules ask for."""


class ScriptExhaustedError(ChanceError):
    """A scripted chance source asked for more cards than it was given."""


class DeckExhaustedError(ChanceError):
    """Every card of the 54-card deck is already out."""
