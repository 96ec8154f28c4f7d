"""The registry of the Night of the Thirteenth shell's commands (see :mod:`.commands`). The
command modules (:mod:`.setup`, :mod:`.play`, :mod:`.race`, :mod:`.director`) register into it;
:mod:`.shell` imports them all, so a :class:`~solo.repl.shell.Shell` has every command."""

from __future__ import annotations

from .commands import Registry

registry = Registry()
command = registry.command
