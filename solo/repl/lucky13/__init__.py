"""The Lucky 13 shell: solo play of the Lucky 13 Game Engine, one line at a time.

:mod:`.shell` holds the shell, its helpers and front ends; the commands register themselves
from :mod:`.setup`, :mod:`.rolling`, :mod:`.advancement`, :mod:`.looking`, :mod:`.asking` and :mod:`.keeping`.
"""

from . import advancement, asking, keeping, looking, rolling, setup  # noqa: F401  (register the commands)
from .shell import Lucky13Completer, Lucky13Shell, play, registry, run_lucky13_interactive

__all__ = ["Lucky13Completer", "Lucky13Shell", "play", "registry", "run_lucky13_interactive"]
