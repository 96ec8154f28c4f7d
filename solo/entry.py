"""Where ``solo`` starts (its script and ``python -m solo``): Ctrl-C while the command line is
still being imported or read is one line and exit code 130, never a traceback; a closed
standard stream or an output encoding that lacks solo's characters is no traceback either.
Imports nothing of its own until it runs."""

import sys


def run(argv: list[str] | None = None) -> int:
    """Import and run the command line; its exit code."""
    sys.unraisablehook = _unraisable(sys.unraisablehook)
    try:
        if argv is None:  # the process's own streams
            _streams()
        if sys.stdout is None:  # started with stdout closed (solo … >&-)
            _stderr("solo: standard output is closed, so nothing could be shown: nothing done "
                    "(give solo somewhere to write: > FILE, or > /dev/null)")
            return 2
        from .cli import main

        code = main(argv)
        sys.stdout.flush()  # a closed pipe shows here, not as a message at exit
        if argv is None:  # the process's own command line, done: its objects are not searched for cycles at exit
            import gc

            gc.freeze()
        return code
    except KeyboardInterrupt:
        try:
            print("solo: interrupted", file=sys.stderr)
        except (OSError, ValueError):
            pass
        return 130
    except BrokenPipeError:  # piped into head before a command ran (solo --help | head -1): quiet, success
        from .repl.streams import silence_stdout

        silence_stdout()  # its flush at exit would complain of the pipe
        return 0


def _unraisable(hook):
    """``hook``, but for Ctrl-C landing where Python cannot raise it (a weakref callback, a
    ``__del__``, often in an import): it would print "Exception ignored" and be lost, so it is
    raised again in the main thread, once this hook has returned."""

    def unraisable(info) -> None:
        if not isinstance(info.exc_value, KeyboardInterrupt):
            hook(info)
            return
        import _thread

        try:  # from another thread: raised here, in the hook, it would be lost again
            _thread.start_new_thread(_thread.interrupt_main, ())
        except RuntimeError:  # the interpreter is shutting down: nothing left to interrupt
            pass

    return unraisable


def _streams() -> None:
    """Descriptors 0–2 that were closed are opened on /dev/null (no file solo opens later takes
    their place: a save on descriptor 1 would get what is printed); stderr closed writes
    nowhere; stdout and stderr write in any encoding, a character it lacks replaced."""
    import os

    for fd in (0, 1, 2):
        try:
            os.fstat(fd)
        except OSError:
            try:
                null = os.open(os.devnull, os.O_RDWR)
                if null != fd:
                    os.dup2(null, fd)
                    os.close(null)
            except OSError:
                pass
    if sys.stderr is None:
        try:
            sys.stderr = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 (stderr, for the whole run)
        except OSError:
            pass
    for stream in (sys.stdout, sys.stderr):
        if getattr(stream, "errors", None) == "strict":  # PYTHONIOENCODING=latin-1, ascii …
            try:
                stream.reconfigure(errors="replace")
            except (AttributeError, ValueError, OSError):
                pass


def _stderr(text: str) -> None:
    try:
        print(text, file=sys.stderr)
    except (OSError, ValueError, AttributeError):
        pass
