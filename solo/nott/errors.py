"""Specific errors for the rules core. Every one is a ValueError whose message quotes the input."""


class NottError(ValueError):
    """Base class of every error the Night of the Thirteenth core raises."""


class InvalidCardError(NottError):
    """Text or number that names no card."""


class InvalidDiceError(NottError):
    """Dice values outside the d13's ranges (main d10 0–9, Fallout d4 1–4)."""


class InvalidActionError(NottError):
    """Action text that does not parse."""


class IllegalActionError(NottError):
    """A well-formed action the rules do not allow right now."""


class GameOverError(IllegalActionError):
    """Any action after dawn or after everyone died."""


class UnknownCharacterError(IllegalActionError):
    """A character index or name that is not in the cast."""


class DeadCharacterError(IllegalActionError):
    """A dead character asked to test or to receive a Genre Point."""


class NoGenrePointError(IllegalActionError):
    """A Genre Point spent or awarded when there is none to move."""


class AptitudeError(IllegalActionError):
    """A Fallout adjustment where the Aptitude does not match the Threat suit."""


class ImpossibleDrawError(IllegalActionError):
    """A card drawn by hand (``draw 7S``) that cannot be where it is drawn from now: already
    drawn, in another pile, not in this ruleset's deck, or not yet come up. The message quotes
    the card and says where it is or why it cannot come."""


class ChanceError(NottError):
    """A chance source that cannot supply what the rules ask for (e.g. a script ran out)."""


class SetupError(NottError):
    """A cast, ruleset or stacked layout the rules cannot start from."""
