"""The registry of the Night of the Thirteenth shell's commands (see :mod:`.commands`). The
command modules (:mod:`.director`, :mod:`.play`, :mod:`.race`, :mod:`.setup`) register into it;
each is imported when one of its words is first typed (all of them for ``help`` and
completion), so a :class:`~solo.repl.shell.Shell` has every command and loads only those it runs."""

from __future__ import annotations

from .commands import Registry

#: Each module of commands and its command words (names and aliases), in the order ``help`` lists them.
MODULES = {
    "solo.repl.director": ("director", "yes", "no"),
    "solo.repl.play": ("test", "roll", "reroll", "resolve", "accept", "keep", "draw", "award", "say", "give", "ask",
                       "recap", "undo", "status", "table", "s", "cast", "log", "explain", "rules", "teach",
                       "save", "narrator", "help", "?", "clear", "quit", "exit"),
    "solo.repl.race": ("siderule", "sideroll", "side-rule", "race", "draw-test"),
    "solo.repl.keeping": ("note", "journal", "threads", "dread"),
    "solo.repl.safety": ("line", "veil", "safety", "x"),
    "solo.repl.setup": ("new", "quick", "character", "char", "start", "archetypes", "resume", "load"),
}

registry = Registry(MODULES)
command = registry.command
