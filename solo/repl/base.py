"""What every shell shares: one-line output helpers and the never-dying ``run_line``."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ..play.text import TextRefused, clean_line
from ..safetext import guard_console
from .commands import CommandError, Registry

if TYPE_CHECKING:
    from rich.console import Console

    from ..nott.game import Game


#: A typed line's first word and the rest as typed (words parted by spaces or tabs only: a
#: file name may hold any other character).
_HEAD = re.compile(r"[ \t]*([^ \t]+)(?:[ \t]+(.*?))?[ \t]*", re.S)


def _undecodable(raw: str) -> bool:
    """``raw`` is refused only for its bytes that are not UTF-8 (not for its length)."""
    from ..limits import MAX_LINE
    from ..play.text import LongLine
    from ..safetext import has_surrogates

    return not isinstance(raw, LongLine) and len(raw) <= MAX_LINE and has_surrogates(raw)


class Quit(Exception):
    """Leave the REPL (after saving)."""


class BaseShell:
    """A shell runs one line at a time: a command from its :attr:`registry`, or free text.

    Any ``ValueError`` (every rules error is one), :class:`CommandError` or ``OSError`` becomes
    one ``error: …`` line; only :class:`Quit` escapes.
    """

    registry: Registry

    def __init__(self, console: Console | None = None) -> None:
        # the one edge: whatever a shell prints passes solo.safetext.safe on its way out (the
        # batch console of solo.repl.plain writes only what that leaves)
        if getattr(console, "plain", False):
            self.console = console
        else:
            if console is None:
                from rich.console import Console

                console = Console(highlight=False)
            self.console = guard_console(console)
        self.errors = 0

    def print(self, *args, **kw) -> None:
        self.console.print(*args, **kw)

    def say(self, text: str, style: str = "", end: str = "\n") -> None:
        """Print ``text`` in ``style`` (a rich style; the batch console shows none)."""
        if getattr(self.console, "plain", False):
            self.console.text(text, style, end)
        else:
            from rich.text import Text

            self.console.print(Text(text, style=style), end=end)

    def show_table(self, game: Game) -> None:
        """The table at a glance (solo.repl.view)."""
        if getattr(self.console, "plain", False):
            self.console.table(game)
        else:
            from .view import table_view

            self.console.print(table_view(game))

    def info(self, text: str, style: str = "") -> None:
        self.say(text, style)

    def width(self) -> int:
        """Columns to wrap to: the terminal's (80 when the output is not a terminal)."""
        width = getattr(self.console, "width", None)
        return width if isinstance(width, int) and width > 0 else 80

    def error(self, text: str) -> None:
        self.errors += 1
        self.say(f"error: {' '.join(str(text).split())}", "bold red")

    def run_line(self, line: str) -> bool:
        """Run one line; True if it ran cleanly. Raises :class:`Quit` to leave.

        A line that is not UTF-8 or is too long is refused in one line; terminal control
        sequences are taken out of every line before it is run, shown or written. A command
        that takes a file name (``load``, ``save``) gets its name as typed: the file opened or
        written is the one named, never the name cleaned (which may be another file)."""
        raw = line
        try:
            line = clean_line(line).strip()
        except TextRefused as exc:
            # a file's name is the operating system's: bytes that are not UTF-8 may name one
            taken = self._file_command(raw) if _undecodable(raw) else None
            if taken is None:
                self.error(str(exc))
                return False
            cmd, rest = taken
            return self.run_call(cmd.func, self, rest)
        if not line or line.startswith("#"):
            return True
        word, _, rest = line.partition(" ")
        cmd = self.registry.find(word)
        if cmd is not None and cmd.raw:
            taken = self._file_command(raw)
            if taken is None or taken[0] is not cmd:
                self.error(f"{cmd.name}: type the command word plainly (it holds control characters)")
                return False
            rest = taken[1]
        if cmd is None:
            return self.run_call(self._typed_text, line)
        return self.run_call(cmd.func, self, rest if cmd.raw else rest.strip())

    def _typed_text(self, line: str) -> None:
        self._refuse_typo(line)
        self._free_text(line)

    def _file_command(self, raw: str):
        """(the command, the rest of the line as typed) when ``raw`` begins with a command that
        takes a file name; None otherwise (or when the line is too long to be one)."""
        from ..safetext import clean

        m = _HEAD.fullmatch(raw)
        if m is None:
            return None
        cmd = self.registry.find(clean(m.group(1), undecodable="replace"))
        if cmd is None or not cmd.raw:
            return None
        return cmd, m.group(2) or ""

    def run_call(self, func, *args) -> bool:
        """Run ``func(*args)`` as a command runs: True if it ran cleanly; every error (a
        :class:`CommandError`, a ``ValueError``, an ``OSError``) one ``error: …`` line and False;
        only :class:`Quit` escapes."""
        try:
            func(*args)
            return True
        except Quit:
            raise
        except (CommandError, ValueError) as exc:
            self.error(str(exc))
        except OSError as exc:
            from ..safetext import shown_name

            name = getattr(exc, "filename", "") or ""
            self.error(f"{exc.strerror or exc}: {shown_name(name) if name else ''}")
        return False

    def is_name(self, word: str, exact: bool = False) -> bool:
        """Is ``word`` a character's name (or, unless ``exact``, the first letters of one)?"""
        return False

    def _refuse_typo(self, line: str) -> None:
        """A command one letter off (``tset Tina``, ``rol``) is refused, not taken as story."""
        from .typos import did_you_mean

        hint = did_you_mean(self.registry, line, self.is_name, lambda w: self.is_name(w, exact=True))
        if hint:
            raise CommandError(hint)

    def _free_text(self, line: str) -> None:
        raise CommandError(f"unknown command {line.split()[0]!r} (type help)")
