"""Where ``solo`` starts (its script and ``python -m solo``): Ctrl-C while the command line is
still being imported or read is one line and exit code 130, never a traceback. Imports nothing
of its own until it runs."""

import sys


def run(argv: list[str] | None = None) -> int:
    """Import and run the command line; its exit code."""
    sys.unraisablehook = _unraisable(sys.unraisablehook)
    try:
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
        _quiet_stdout()
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


def _quiet_stdout() -> None:
    """Point stdout at /dev/null, so that its flush at exit does not complain of the pipe."""
    import os

    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError):
        pass
