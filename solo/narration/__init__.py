"""Narration: the director's voices. A voice tells a :class:`Beat` the director decided —
from the templates (offline, no network) or a model — and decides nothing itself: it imports
nothing from :mod:`solo.director`.

>>> from solo.nott import Game, quick_cast
>>> from solo.director.beats import opening_beats
>>> from solo.narration import TemplateNarrator, narrate_text
>>> game = Game(quick_cast(7), seed=7)
>>> narrator = TemplateNarrator(seed=game.seed)
>>> [b.kind for b in opening_beats(game)]
['opening', 'threat']
>>> all(narrate_text(narrator, b) for b in opening_beats(game))
True
"""

from .base import Narrator, narrate_text, strip_control
from .beats import BEAT_KINDS, Beat
from .environment import PROMPTS_DIR, make_environment, prompts_dir
from .templates import TemplateNarrator

__all__ = [
    "BEAT_KINDS",
    "Beat",
    "Narrator",
    "PROMPTS_DIR",
    "TemplateNarrator",
    "make_environment",
    "narrate_text",
    "prompts_dir",
    "strip_control",
]
