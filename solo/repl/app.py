"""Front ends for the shell: the prompt_toolkit REPL on a terminal, batch mode otherwise."""

from __future__ import annotations

import sys
from collections.abc import Iterable

from prompt_toolkit import PromptSession
from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document
from prompt_toolkit.history import FileHistory, InMemoryHistory

from ..nott.cards import SUIT_APTITUDES
from ..play.text import LongLine, read_lines, shown_line
from ..nott.reference import SECTIONS
from .shell import Quit, Shell

PROMPT = "nott› "


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
    """The REPL's history file, holding lines without terminal control sequences."""

    def store_string(self, string: str) -> None:
        from ..narration.base import strip_control

        super().store_string(strip_control(string))


def run_interactive(shell: Shell, history_path=None, input=None, output=None) -> int:
    """The REPL: one PromptSession, each line's errors caught, Ctrl-C cancels the line,
    Ctrl-D saves and leaves.

    ``shell`` is any object with ``run_line(line) -> bool`` (raising :class:`Quit` to leave),
    ``registry`` (a :class:`~solo.repl.commands.Registry`), ``toolbar() -> str``, ``info``,
    ``error`` and ``night`` (``None`` or an object with ``save_path`` and ``autosave()``);
    optionally ``prompt`` (text), ``make_completer()`` and ``leave()`` (save on the way out).
    """
    history = CleanFileHistory(str(history_path)) if history_path else InMemoryHistory()
    make_completer = getattr(shell, "make_completer", None)
    prompt = getattr(shell, "prompt", PROMPT)
    session: PromptSession = PromptSession(
        history=history,
        completer=make_completer() if make_completer else ShellCompleter(shell),
        complete_while_typing=False,
        bottom_toolbar=shell.toolbar,
        input=input,
        output=output,
    )
    while True:
        try:
            line = session.prompt(prompt)
        except KeyboardInterrupt:
            continue  # Ctrl-C cancels the line
        except EOFError:
            _leave(shell)
            return 0
        try:
            shell.run_line(line)
        except Quit:
            _leave(shell)
            return 0
        except KeyboardInterrupt:
            shell.info("(interrupted)", "dim")
        except Exception as exc:  # the REPL never dies
            shell.error(f"internal error ({type(exc).__name__}): {exc}")


def _leave(shell: Shell) -> None:
    leave = getattr(shell, "leave", None)
    if leave is not None:  # a shell with its own way of saving on the way out
        leave()
        return
    night = shell.night
    if night is not None and night.save_path is not None:
        night.autosave()
        if night.game.is_over():  # nothing to resume: --resume would find no unfinished night
            shell.info(f"Saved to {night.save_path}.", "dim")
        else:
            from ..invocation import solo_command

            shell.info(f"Saved to {night.save_path}. Resume with: {solo_command()} play --resume", "dim")


def run_batch(shell: Shell, lines: Iterable[str], echo: bool = True) -> int:
    """Batch mode: the same commands, line by line, no prompt UI. Exit code 0 if every line ran
    cleanly, 1 otherwise."""
    clean = True
    prompt = getattr(shell, "prompt", PROMPT)
    for raw in read_lines(lines):  # bounded lines; bytes that are not UTF-8 refuse their line only
        line = raw if isinstance(raw, LongLine) else raw.rstrip("\n")
        if echo and line.strip():
            shell.info(prompt + shown_line(line), "dim")
        try:
            ok = shell.run_line(line)
        except Quit:
            break
        except Exception as exc:
            shell.error(f"internal error ({type(exc).__name__}): {exc}")
            ok = False
        clean = clean and ok
    _leave(shell)
    return 0 if clean else 1


def stdin_is_terminal() -> bool:
    try:
        return sys.stdin.isatty() and sys.stdout.isatty()
    except (AttributeError, ValueError):
        return False


def wizard(shell: Shell, ask) -> None:
    """Guided set-up of a new night; ``ask(question, default, options)`` returns the answer.
    Runs the same commands a script would (new, quick, character)."""
    from ..nott.cards import parse_suit
    from ..nott.cast import ARCHETYPES
    from ..nott.rules import get_ruleset

    rules = (ask("Ruleset — ashcan or playtest", "ashcan", ["ashcan", "playtest"]) or "ashcan").strip().lower()
    while rules not in ("ashcan", "playtest"):
        rules = (ask("Please answer ashcan or playtest", "ashcan", ["ashcan", "playtest"]) or "ashcan").lower()
    fast = (ask("Fast setup — remove a random 2 to 10 for a shorter night? (y/N)", "n", ["y", "n"]) or "n")
    seed = (ask("Seed (Enter for a random one)", "", []) or "").strip()
    while seed and not seed.isdigit():
        seed = (ask("A seed is a whole number (Enter for random)", "", []) or "").strip()
    shell.run_line(f"new {rules}{' fast' if fast.lower().startswith('y') else ''}{' seed ' + seed if seed else ''}")
    mode = (ask("Cast — quick (dealt for you) or build your own? (quick/build)", "quick", ["quick", "build"])
            or "quick").lower()
    if not mode.startswith("b"):
        shell.run_line("quick")
        return
    r = get_ruleset(rules)
    while shell.night is None:
        i = len(shell.pending) + 1
        name = " ".join((ask(f"Character {i} — name", "", []) or "").replace(",", " ").split())
        if not name:
            continue
        suit = None
        while suit is None:
            apt = ask(f"  {name}'s Aptitude — Power, Resolve, Intellect or Finesse", "", list(SUIT_APTITUDES)) or ""
            try:
                suit = parse_suit(apt)
            except ValueError as exc:
                shell.error(str(exc))
        archetype = " ".join((ask(f"  {name}'s Archetype (Tab: the rulebook's {SUIT_APTITUDES[suit]} examples, or "
                                  "your own)", "", list(ARCHETYPES[suit])) or "").replace(",", " ").split())
        why = ask(f"  Why is {name} here?", "", []) or ""
        shell.run_line(f"character {name}, {archetype}, {SUIT_APTITUDES[suit]}, {why}")
        if r.min_cast <= len(shell.pending) < r.max_cast and shell.night is None:
            more = ask(f"  Cast {len(shell.pending)}/{r.max_cast}: add another? (Y/n)", "y", ["y", "n"]) or "y"
            if more.lower().startswith("n"):
                shell.run_line("start")
