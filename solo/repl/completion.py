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
        if cmd.complete == "command":
            return self.shell.registry.words()
        if hasattr(self.shell, "complete_options"):
            return self.shell.complete_options(cmd.complete)
        return []


class CleanFileHistory(FileHistory):
    """The REPL's history file, holding lines without terminal control sequences.

    It is for its owner only (0600, whatever the umask), read with a size cap and only when
    it is a plain file, and never written through a symlink or into a named pipe: such a
    history is not kept (the REPL goes on)."""

    MAX_BYTES = 8 * 1024 * 1024

    def load_history_strings(self) -> Iterable[str]:
        from ..play.files import read_capped

        try:
            raw = read_capped(self.filename, self.MAX_BYTES, "history")
        except (OSError, ValueError):
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
        return reversed(strings)

    def store_string(self, string: str) -> None:
        import datetime

        from ..narration.base import strip_control
        from ..play.files import append_private

        text = f"\n# {datetime.datetime.now()}\n" + "".join(f"+{line}\n" for line in strip_control(string).split("\n"))
        try:
            append_private(self.filename, text)
        except (OSError, ValueError):
            pass  # a history that cannot be kept safely is not kept
