"""The REPL's completion and history (prompt_toolkit): imported only when a REPL runs on a
terminal, never by batch mode."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document
from prompt_toolkit.history import FileHistory

from ..nott.cards import SUIT_APTITUDES
from ..nott.reference import SECTIONS

if TYPE_CHECKING:
    from .shell import Shell


class ShellCompleter(Completer):
    """Command words first; then character names, rule topics or on/off as the command wants."""

    def __init__(self, shell: Shell) -> None:
        self.shell = shell

    def get_completions(self, document: Document, complete_event: CompleteEvent) -> Iterable[Completion]:
        text = document.text_before_cursor
        words = text.split()
        if not words or (len(words) == 1 and not text.endswith(" ")):
            prefix = words[0].lower() if words else ""
            for w in self.shell.registry.words():
                if w.startswith(prefix):
                    yield Completion(w, start_position=-len(prefix))
            return
        cmd = self.shell.registry.find(words[0])
        if cmd is None:
            return
        prefix = "" if text.endswith(" ") else words[-1]
        done = words[1:] if text.endswith(" ") else words[1:-1]
        for o in self.argument_options(cmd, done):
            if o.lower().startswith(prefix.lower()):
                yield Completion(o, start_position=-len(prefix))

    def argument_options(self, cmd, done: list[str]) -> list[str]:
        """What the next argument of ``cmd`` may be, after the words ``done`` (first argument only)."""
        if cmd.complete is None or done:
            return []
        if cmd.complete == "character" and self.shell.night is not None:
            g = self.shell.night.game
            return [c.name for i, c in enumerate(g.cast) if g.dead[i] is None]
        if cmd.complete == "topic":
            return [s.key for s in SECTIONS]
        if cmd.complete == "onoff":
            return ["on", "off"]
        if cmd.complete == "suit":
            return list(SUIT_APTITUDES)
        if cmd.complete == "draw":
            return ["trophy", "removed"]
        if cmd.complete == "command":
            return self.shell.registry.words()
        if hasattr(self.shell, "complete_options"):
            return self.shell.complete_options(cmd.complete)
        return []


class CleanFileHistory(FileHistory):
    """The REPL's history file: only lines the shell accepted, cleaned (no terminal control
    sequences, no invisible characters, NFC, as the shell ran them), each at most
    :attr:`MAX_CHARS` characters, the last :attr:`MAX_ENTRIES` of them.

    A line typed is kept once the shell has run it cleanly (:meth:`accepted`); a refused line
    (too long, not UTF-8, an error) is not. The file is for its owner only (0600, whatever the
    umask), read with a size cap (its last :attr:`MAX_BYTES`) and only when it is a plain file,
    and never written through a symlink or into a named pipe: such a history is not kept (the
    REPL goes on). When it holds more than :attr:`MAX_ENTRIES` lines it is written again with
    the last of them."""

    MAX_BYTES = 8 * 1024 * 1024
    MAX_ENTRIES = 1000
    MAX_CHARS = 1000

    def __init__(self, filename) -> None:
        super().__init__(filename)
        self._pending: str | None = None  # the line typed, until the shell has run it
        self._stored = 0  # lines added to the file since it was last written whole

    @classmethod
    def cleaned(cls, line: str) -> str | None:
        """``line`` as the history keeps it, or None when it is not kept (refused, empty or
        longer than :attr:`MAX_CHARS`)."""
        from ..play.text import TextRefused, clean_line

        try:
            text = clean_line(line).strip()
        except TextRefused:
            return None
        return text if text and len(text) <= cls.MAX_CHARS else None

    def load_history_strings(self) -> Iterable[str]:
        raw = _read_tail(self.filename, self.MAX_BYTES)
        if raw is None:
            return []
        strings: list[str] = []
        lines: list[str] = []
        for line in raw.decode("utf-8", errors="replace").splitlines(keepends=True):
            if line.startswith("+"):
                lines.append(line[1:])
            elif lines:
                strings.append("".join(lines)[:-1])
                lines = []
        if lines:
            strings.append("".join(lines)[:-1])
        kept = [c for c in map(self.cleaned, strings) if c is not None][-self.MAX_ENTRIES:]
        if kept != strings:  # lines over the bounds, refused or not clean: the file is written again as kept
            self._rewrite(kept)
        return kept[::-1]

    def append_string(self, string: str) -> None:
        """The line typed: kept once the shell has run it cleanly (:meth:`accepted`)."""
        self._pending = string

    def accepted(self, ok: bool) -> None:
        """The shell ran the line typed last: cleanly (``ok``: kept) or not (forgotten)."""
        line, self._pending = self._pending, None
        text = self.cleaned(line) if ok and line is not None else None
        if text is None:
            return
        self._loaded_strings.insert(0, text)
        del self._loaded_strings[self.MAX_ENTRIES:]
        self.store_string(text)
        self._stored += 1
        if self._stored >= self.MAX_ENTRIES:
            self._rewrite(self._loaded_strings[::-1])

    def store_string(self, string: str) -> None:
        from ..play.files import append_private

        text = self.cleaned(string)
        if text is None:
            return
        try:
            append_private(self.filename, _entry(text))
        except (OSError, ValueError):
            pass  # a history that cannot be kept safely is not kept

    def _rewrite(self, strings: list[str]) -> None:
        """Write the history again holding ``strings`` (oldest first): only a plain file of
        this user's (replaced whole, by a rename)."""
        from pathlib import Path

        from ..play.files import atomic_write, is_own_file

        if not is_own_file(self.filename):
            return
        try:
            atomic_write(Path(self.filename), "".join(map(_entry, strings)))
        except OSError:
            return
        self._stored = 0


def _entry(line: str) -> str:
    """One line of history as the file holds it (prompt_toolkit's form)."""
    import datetime

    return f"\n# {datetime.datetime.now()}\n" + "".join(f"+{part}\n" for part in line.split("\n"))


def _read_tail(path, cap: int) -> bytes | None:
    """The last ``cap`` bytes of the plain file ``path`` (from the first whole entry in them),
    or None when it cannot be read (missing, not a plain file). Never blocks on a pipe."""
    import os
    import stat

    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except OSError:
        return None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            return None
        start = max(0, st.st_size - cap)
        os.lseek(fd, start, os.SEEK_SET)
        chunks: list[bytes] = []
        size = 0
        while size < cap:
            chunk = os.read(fd, min(1 << 20, cap - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError:
        return None
    finally:
        os.close(fd)
    raw = b"".join(chunks)
    if start:
        cut = raw.find(b"\n#")
        raw = raw[cut:] if cut >= 0 else b""
    return raw
