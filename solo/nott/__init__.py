"""Night of the Thirteenth: the rules core.

>>> from solo.nott import Game, quick_cast, Test, ROLL, RESOLVE
>>> game = Game(quick_cast(), seed=13)
>>> while game.outcome() is None:
...     for action in (Test(game.living()[0]), ROLL, RESOLVE):
...         _ = game.push(action)
>>> game.outcome().dawn in (True, False)
True
"""

from .actions import REROLL, RESOLVE, ROLL, Action, Award, Draw, Reroll, Resolve, Roll, Test, parse_action, parse_draw
from .cards import BLACK_JOKER, RED_JOKER, card_str, parse_card, parse_suit
from .chance import Chance, ScriptedChance, SeededChance
from .errors import (
    AptitudeError,
    ChanceError,
    DeadCharacterError,
    GameOverError,
    IllegalActionError,
    ImpossibleDrawError,
    InvalidActionError,
    InvalidCardError,
    InvalidDiceError,
    NoGenrePointError,
    NottError,
    SetupError,
    UnknownCharacterError,
)
from .game import CHOOSE_TESTER, DECIDE, OVER, ROLL as ROLL_PHASE, Character, Game, Outcome, Preview
from .rules import ASHCAN, PLAYTEST, RULESETS, Ruleset, get_ruleset
from .cast import ARCHETYPES, quick_cast

__all__ = [name for name in dir() if not name.startswith("_")]
