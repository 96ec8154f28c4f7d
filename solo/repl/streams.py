"""When solo's output cannot be written (a pipe closed early, a full disk): play stops there,
the night is saved, and one line on stderr says so; the exit code is :data:`EXIT_OUTPUT_LOST`."""

from __future__ import annotations

import os
import sys

#: Exit code when the output went away: 128 + SIGPIPE, as a shell reports a writer whose reader left.
EXIT_OUTPUT_LOST = 141


class OutputLost(SystemExit):
    """The output could not be written (``why``). Raised from a console's write, caught where
    play stops (the night saved, one line on stderr); uncaught, it ends solo with
    :data:`EXIT_OUTPUT_LOST`. Not an ``Exception``: no per-line handler takes it for a typo."""

    def __init__(self, why: str) -> None:
        super().__init__(EXIT_OUTPUT_LOST)
        self.why = why


def why_lost(exc: BaseException) -> str:
    if isinstance(exc, BrokenPipeError):
        return "the output was closed early (its reader went away)"
    return f"the output could not be written ({getattr(exc, 'strerror', None) or exc})"


def output_lost(exc: BaseException, console=None):
    """Raise :class:`OutputLost` for ``exc``; ``console`` goes quiet and stdout points at
    /dev/null, so nothing more is tried (nor fails again at exit)."""
    if console is not None:
        console.quiet = True
    silence_stdout()
    raise OutputLost(why_lost(exc)) from None


def silence_stdout() -> None:
    """Point stdout at /dev/null (its pending bytes go there)."""
    try:
        fd = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(fd, sys.stdout.fileno())
        finally:
            os.close(fd)
    except (OSError, ValueError, AttributeError):
        pass


class _Stdout:
    """The current ``sys.stdout`` for a rich console, a failed write raising :class:`OutputLost`."""

    def __init__(self, console) -> None:
        self._console = console

    def write(self, text: str) -> int:
        try:
            return sys.stdout.write(text)
        except OSError as exc:
            output_lost(exc, self._console)

    def flush(self) -> None:
        try:
            sys.stdout.flush()
        except OSError as exc:
            output_lost(exc, self._console)

    def __getattr__(self, name: str):
        return getattr(sys.stdout, name)


def watch(console) -> None:
    """Make a failed write of a rich ``console`` on stdout raise :class:`OutputLost` (rich's own
    way leaves with exit code 1, or 0 for :func:`solo.safetext.guard_console`, nothing saved)."""
    if getattr(console, "plain", False) or not hasattr(console, "on_broken_pipe"):
        return  # solo.repl.plain's console raises it itself
    console.on_broken_pipe = lambda: output_lost(BrokenPipeError(), console)
    if getattr(console, "_file", True) is None:  # printing to whatever sys.stdout is
        console.file = _Stdout(console)


def report(lost: OutputLost, shell, where: str, leave) -> int:
    """The night (or scene) saved by ``leave(shell)`` as on leaving, nothing shown, and one line
    on stderr saying what stopped and where it is saved. Returns :data:`EXIT_OUTPUT_LOST`."""
    from ..safetext import echo, shown_name

    console = getattr(shell, "console", None)
    if console is not None:
        console.quiet = True
    silence_stdout()
    saved = ""
    try:
        leave(shell)
        path = getattr(getattr(shell, "night", None), "save_path", None)
        if path is not None:
            saved = f"; saved: {shown_name(path)}"
    except OutputLost:
        pass
    except (OSError, ValueError) as exc:  # the save failed too: said in the same line
        saved = f"; not saved: {' '.join(str(exc).split())}"
    try:
        echo(f"solo: {lost.why}: stopped {where}{saved}", file=sys.stderr)
    except (OSError, ValueError, AttributeError):
        pass
    return EXIT_OUTPUT_LOST
