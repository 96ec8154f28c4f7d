"""Specific errors for the Lucky 13 core. Every one is a ValueError whose message quotes the input."""


class Lucky13Error(ValueError):
    """Base class of every error the Lucky 13 core raises."""


class InvalidDieError(Lucky13Error):
    """Text or value that names no die (or no die the rule at hand allows), e.g. ``'d7'``."""


class ChanceError(Lucky13Error):
    """A chance source that cannot supply what the rules ask for."""


class ScriptExhaustedError(ChanceError):
    """A scripted chance source asked for more dice than its script holds."""


class ScriptValueError(ChanceError):
    """A scripted value that the die asked for cannot show (e.g. 9 on a d8), or is not a number."""


class UnknownDifficultyError(Lucky13Error):
    """A difficulty level name the table does not list."""


class UnknownAbilityError(Lucky13Error):
    """An ability name that is not Will, Charm, Pulse, Intellect or Reflex."""


class UnknownSkillError(Lucky13Error):
    """A skill the character does not have."""


class SpecializationError(Lucky13Error):
    """A specialization level outside 1–5, or one that does not fall within the skill rolled."""


class AssetError(Lucky13Error):
    """An asset level outside 1–5, or a quality name the table does not list."""


class AssistError(Lucky13Error):
    """More steps of assistance than the helper's die allows."""


class CreationError(Lucky13Error):
    """A character the creation rules cannot produce (wrong array, too many specializations, …)."""


class AdvancementError(Lucky13Error):
    """An advance the character cannot buy (too few Adventure Points, already at the maximum, …)."""


class ReputationError(Lucky13Error):
    """A Reputation that is not a whole number from -5 to +5."""


class HealthError(Lucky13Error):
    """Negative damage or healing, healing the dead, or a Pulse the hit point chart does not cover."""


class CombatError(Lucky13Error):
    """A weapon, armor or initiative entry the combat rules cannot use."""
