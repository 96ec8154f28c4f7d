"""T13 Card Draw Test: the deterministic rules core (no I/O, no chance of its own).

Text: shared/rules/t13-card-draw-test.md. Rulings: docs/rulings-t13.md.

>>> from solo.t13 import Participant, ScriptedChance, run_test
>>> result = run_test([Participant("Ada", "Trial", 16), Participant("Bo", "Trial", 15)],
...                   difficulty=20, chance=ScriptedChance(["7♠", "9♣"]))
>>> [(e.name, e.total, e.passed, e.success_levels, e.failure_levels) for e in result.ranked()]
[('Ada', 25, True, 1, 0), ('Bo', 24, True, 0, 1)]
"""

from .boosts import Boosts, Tracks, apply_boosts
from .cards import as_card, colour, parse_suit, pips
from .chance import Chance, ScriptedChance, SeededChance, draw_card
from .difficulty import Difficulty, card_difficulty, draw_difficulty, set_difficulty
from .draw import (
    DrawResult,
    Level,
    Line,
    Proficiency,
    proficiency_pips,
    resolve_draw,
    suit_class,
    suit_levels,
)
from .errors import (
    BoostError,
    BoostLimitError,
    ChanceError,
    DeckExhaustedError,
    DifficultyError,
    FacetTableError,
    InvalidCardError,
    InvalidSuitError,
    ParticipantError,
    RulesError,
    ScriptExhaustedError,
    T13Error,
    TrackError,
    UnknownFacetError,
)
from .facets import ANTI_FACET, DEFAULT_TABLE, FACETS, FacetTable, anti_facet, facet_table, parse_facet
from .group import Entry, GroupResult, Participant, placing_levels, placings, run_test
from .rules import Rules

__all__ = [name for name in dir() if not name.startswith("_")]
