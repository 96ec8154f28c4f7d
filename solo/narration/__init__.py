"""Narration: beats built from the rules core's events, and narrators that tell them.

>>> from solo.nott import Game, quick_cast
>>> from solo.narration import TemplateNarrator, opening_beats, narrate_text
>>> game = Game(quick_cast(7), seed=7)
>>> narrator = TemplateNarrator(seed=game.seed)
>>> [b.kind for b in opening_beats(game)]
['opening', 'threat']
>>> all(narrate_text(narrator, b) for b in opening_beats(game))
True
"""

from .base import Narrator, narrate_text, strip_control
from .beats import BEAT_KINDS, Beat, beats_from_events, card_context, character_context, opening_beats, summarize
from .templates import PROMPTS_DIR, TemplateNarrator, make_environment, prompts_dir

__all__ = [
    "BEAT_KINDS",
    "Beat",
    "Narrator",
    "PROMPTS_DIR",
    "TemplateNarrator",
    "beats_from_events",
    "card_context",
    "character_context",
    "make_environment",
    "narrate_text",
    "opening_beats",
    "prompts_dir",
    "strip_control",
    "summarize",
]
