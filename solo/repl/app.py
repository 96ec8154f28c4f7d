"""Front ends for the shell: the prompt_toolkit REPL on a terminal (prompt_toolkit imported only
then), batch mode otherwise."""

from __future__ import annotations

import sys
from collections.abc import Iterable

from ..nott.cards import SUIT_APTITUDES
from ..play.text import LongLine, read_lines, shown_line
from .shell import Quit, Shell

PROMPT = "nott› "


def __getattr__(name: str):
    """The REPL's completer and history, from :mod:`.completion` (prompt_toolkit) when asked for:
    batch mode never imports prompt_toolkit."""
    if name in ("ShellCompleter", "CleanFileHistory"):
        from . import completion

        return getattr(completion, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def run_interactive(shell: Shell, history_path=None, input=None, output=None) -> int:
    """The REPL: one PromptSession, each line's errors caught, Ctrl-C cancels the line,
    Ctrl-D saves and leaves.

    ``shell`` is any object with ``run_line(line) -> bool`` (raising :class:`Quit` to leave),
    ``registry`` (a :class:`~solo.repl.commands.Registry`), ``toolbar() -> str``, ``info``,
    ``error`` and ``night`` (``None`` or an object with ``save_path`` and ``autosave()``);
    optionally ``prompt`` (text), ``make_completer()``, ``leave()`` (save on the way out) and
    ``warm_up()`` (started once the first prompt is drawn: loading what the first question needs)
    with ``settle()`` (waited for on the way out).
    """
    from prompt_toolkit import PromptSession
    from prompt_toolkit.history import InMemoryHistory

    from .completion import CleanFileHistory, ShellCompleter

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
    if not getattr(session.output, "responds_to_cpr", True):
        # no cursor position from the terminal (PROMPT_TOOLKIT_NO_CPR=1): a bottom toolbar gets no
        # row, so the table's line is drawn above the prompt instead
        session.bottom_toolbar = None
        prompt = _above(shell.toolbar, prompt)
    warm_up = getattr(shell, "warm_up", None)  # work that can start once the first prompt shows
    try:
        return _loop(shell, session, prompt, warm_up)
    finally:
        settle = getattr(shell, "settle", None)
        if settle is not None:
            settle()


def _above(toolbar, prompt: str):
    """A prompt whose first line is the toolbar's text (for a terminal without a bottom row)."""

    def message():
        line = toolbar()
        return [("class:bottom-toolbar", line), ("", "\n" + prompt)] if line else [("", prompt)]

    return message


def _loop(shell: Shell, session, prompt, warm_up) -> int:
    while True:
        try:
            line = session.prompt(prompt, pre_run=warm_up) if warm_up else session.prompt(prompt)
            warm_up = None
        except KeyboardInterrupt:
            continue  # Ctrl-C cancels the line
        except EOFError:
            _leave(shell)
            return 0
        accepted = getattr(session.history, "accepted", None)  # the history keeps only lines run cleanly
        ok = True
        for part in pasted_lines(line):  # a pasted block is its lines, each run in turn
            try:
                ok = shell.run_line(part) and ok
            except Quit:
                if accepted is not None:
                    accepted(True)
                _leave(shell)
                return 0
            except KeyboardInterrupt:
                shell.info("(interrupted)", "dim")
                ok = False
                break
            except Exception as exc:  # the REPL never dies
                shell.error(f"internal error ({type(exc).__name__}): {exc}")
                ok = False
        if accepted is not None:
            accepted(ok)


def pasted_lines(text: str) -> list[str]:
    """The lines of what was entered: one line as typed, or each line of a pasted block (blank
    ones left out), so that a command on a block's last line runs as the command it is."""
    if "\n" not in text and "\r" not in text:
        return [text]
    parts = [p for p in text.splitlines() if p.strip()]
    return parts or [""]


def _leave(shell: Shell) -> None:
    """Save on the way out (the shell's own ``leave`` when it has one), saying where."""
    leave = getattr(shell, "leave", None)
    if leave is not None:  # a shell with its own way of saving on the way out
        leave()
        return
    night = shell.night
    if night is not None and night.save_path is not None:
        from ..safetext import shown_name

        night.autosave(whole=True)  # the save whole, its journal done with
        if night.game.is_over():  # nothing to resume: --resume would find no unfinished night
            shell.info(f"Saved to {shown_name(night.save_path)}.", "dim")
        else:
            shell.info(f"Saved to {shown_name(night.save_path)}. Resume with: "
                       f"{resume_command(night.save_path, 'night-*.json')}", "dim")


#: :func:`_leave`, for the command line (a night begun before batch play starts).
leave = _leave


def resume_command(save, pattern: str, system: str = "") -> str:
    """The command that resumes the night (or scene) saved at ``save``: ``solo play --resume``
    when it is one of the saves folder's (named as ``pattern``, as resume finds them), else
    ``solo play --load FILE`` (--resume would resume another)."""
    import fnmatch
    from pathlib import Path

    from ..invocation import solo_command
    from ..paths import in_saves_dir
    from ..safetext import shell_quoted

    save = Path(save)
    head = f"{solo_command()} play{' --system ' + system if system else ''}"
    if in_saves_dir(save) and fnmatch.fnmatchcase(save.name, pattern):
        return f"{head} --resume"
    return f"{head} --load {shell_quoted(save.absolute())}"


def run_batch(shell: Shell, lines: Iterable[str], echo: bool = True) -> int:
    """Batch mode: the same commands, line by line, no prompt UI. Exit code 0 if every line ran
    cleanly, 1 otherwise; output that cannot be written (a pipe closed early) stops play there,
    saved, with one line on stderr (:mod:`.streams`); so does input that cannot be read."""
    from .streams import OutputLost, report, watch

    watch(shell.console)
    clean = True
    prompt = getattr(shell, "prompt", PROMPT)
    source = iter(read_lines(lines))  # bounded lines; bytes that are not UTF-8 refuse their line only
    n = 0
    try:
        while True:
            try:
                raw = next(source, None)
            except OSError as exc:  # the input failed (not its end): stop as at its end, and say so
                _leave(shell)
                _say_stderr(f"solo: the input could not be read ({exc.strerror or exc}): stopped after line {n}")
                return 2
            if raw is None:
                break
            n += 1
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
        n = -1  # every line run
        _leave(shell)
    except OutputLost as lost:
        where = ("after the last line of the input" if n < 0 else f"at line {n} of the input, the lines after it "
                 "not run" if n else "before the first line of the input")
        return report(lost, shell, where, _leave)
    return 0 if clean else 1


def _say_stderr(text: str) -> None:
    from ..safetext import echo

    try:
        echo(text, file=sys.stderr)
    except (OSError, ValueError, AttributeError):
        pass


def stdin_is_terminal() -> bool:
    try:
        return sys.stdin.isatty() and sys.stdout.isatty()
    except (AttributeError, ValueError):
        return False


WIZARD_HELP = ("Set-up: answer each question (Enter takes the default; Tab shows the choices). "
               "quick at any question deals a ready cast and begins; Ctrl-C leaves the questions and keeps "
               "what you entered (then: character …, start, quick, or help).")


#: What the character questions ask, in the rulebook's words ("Creating the Cast").
ABOUT_APTITUDE = ("An Aptitude is what the character is good at: Power (♠, physical), Resolve (♥, nerves), "
                  "Intellect (♣, knowhow) or Finesse (♦, precision). The rulebook: \"When doing a Test matching "
                  "your Aptitude's suit, you can add or subtract one from your Fallout dice.\" It \"might make a "
                  "more thematically balanced game\" if each character has a different one.")
ABOUT_ARCHETYPE = ("An Archetype is who the character is in the film: \"Come up with a clear Archetype\" — "
                   "The Jock, The Babysitter, The Skeptic, The Slacker … (Tab lists the rulebook's examples for "
                   "the Aptitude chosen), or your own.")
ABOUT_WHY = ("\"Think of a reason 'Why are you here?'\": one line the director weaves into the night "
             "(\"to find my sister\", \"holds the only car keys\"). Enter leaves it blank.")


def _is_seed(text: str) -> bool:
    from ..seeds import parse_seed

    try:
        parse_seed(text)
    except ValueError:
        return False
    return True


class _Quick(Exception):
    """``quick`` typed at a wizard question."""


class _Left(Exception):
    """A command typed at a wizard question began a night (or set up another): the questions end."""


#: Answers the wizard's questions take that are command words too: answers, not commands.
_ANSWER_WORDS = {"yes", "no", "quick", "help"}


def wizard(shell: Shell, ask) -> None:
    """Guided set-up of a new night; ``ask(question, default, options)`` returns the answer.
    Runs the same commands a script would (new, quick, character, start).

    At any question ``quick`` deals a ready cast at once (with the rules chosen so far) and
    ``help`` explains the questions; any other command typed there (``character …``, ``cast``,
    ``start``, ``rules …``) runs as that command, never becomes an answer, and the question is
    asked again (or the questions end, when the command began a night or set up another); Ctrl-C leaves the wizard keeping what was entered: the
    rules chosen, and the characters added (``cast`` lists them, ``start`` or ``character``
    goes on).
    """
    from ..nott.cards import parse_suit
    from ..nott.cast import ARCHETYPES
    from ..world.pronouns import CHOICES as PRONOUN_CHOICES, DEFAULT as DEFAULT_PRONOUNS, PronounError, parse_pronouns

    chosen: dict = {"rules": shell.rules_name, "fast": shell.fast, "seed": shell.seed}
    begun = False  # has ``new`` been run with the answers?

    def answer(question: str, default: str, options: list[str], about: str = "") -> str:
        while True:
            text = (ask(question, default, options + ["quick", "help"] if options else options) or default).strip()
            if text.lower() == "help":
                if about:  # what this question asks, then how the questions go
                    shell.info(about)
                shell.info(WIZARD_HELP, "dim")
                continue
            if text.lower() == "quick":
                raise _Quick()
            word = text.split()[0].lower() if text else ""
            if shell.registry.find(word) is not None and word not in _ANSWER_WORDS and \
                    text.lower() not in (o.lower() for o in options):
                run_command(text)  # a command typed at a question runs as one; then the question again
                continue
            return text

    def run_command(text: str) -> None:
        cmd = shell.registry.find(text.split()[0])
        if cmd.name == "character":
            run_new()  # with the rules chosen so far, so the character is kept
        shell.run_line(text)
        if shell.night is not None or cmd.name == "new":
            raise _Left()

    def run_new() -> None:
        nonlocal begun
        if not begun:
            fast = " fast" if chosen["fast"] else ""
            seed = f" seed {chosen['seed']}" if chosen["seed"] is not None else ""
            shell.run_line(f"new {chosen['rules']}{fast}{seed}")
            begun = True

    try:
        rules = answer(f"Ruleset — ashcan or playtest (Enter: {chosen['rules']})", chosen["rules"],
                       ["ashcan", "playtest"]).lower()
        while rules not in ("ashcan", "playtest"):
            rules = answer("Please answer ashcan or playtest (or quick)", chosen["rules"],
                           ["ashcan", "playtest"]).lower()
        chosen["rules"] = rules
        fast = answer("Fast setup — remove a random 2 to 10 for a shorter night? (y/N)", "n", ["y", "n"])
        chosen["fast"] = fast.lower().startswith("y")
        if chosen["seed"] is None:  # a --seed from the command line stands
            from ..seeds import MAX_SEED_DIGITS, parse_seed

            seed = answer("Seed (Enter for a random one)", "", [])
            while seed and not _is_seed(seed):
                seed = answer(f"A seed is a whole number of at most {MAX_SEED_DIGITS} digits (Enter for random)",
                              "", [])
            chosen["seed"] = parse_seed(seed) if seed else None
        # no default given to ask: Enter comes back empty, and takes quick after saying so
        mode = answer("Cast — quick (dealt for you) or build your own? (quick/build)", "", ["build"]).lower()
        while not ("build".startswith(mode) or "quick".startswith(mode)):
            mode = answer("Please answer quick or build (Enter: quick)", "", ["build"]).lower()
        if not mode.startswith("b"):
            shell.info("Quick: dealing a ready cast, each character with a different Aptitude.", "dim")
            raise _Quick()
        run_new()
        r = shell.ruleset()
        while shell.night is None:
            i = len(shell.pending) + 1
            name = " ".join(answer(f"Character {i} — name", "", []).replace(",", " ").split())
            if not name:
                continue
            if any(c.name.lower() == name.lower() for c in shell.pending):  # before the other questions
                shell.error(f"there is already a {name!r} in the cast: another name, please")
                continue
            pronouns = None
            while pronouns is None:
                typed = answer(f"  {name}'s pronouns — she/her, he/him, they/them, or your own "
                               f"(xe/xem/xyr/xyrs/xemself; Enter: {DEFAULT_PRONOUNS})", DEFAULT_PRONOUNS,
                               list(PRONOUN_CHOICES))
                try:
                    pronouns = parse_pronouns(typed).text
                except PronounError as exc:
                    shell.error(str(exc))
            suit = None
            while suit is None:
                apt = answer(f"  {name}'s Aptitude — Power, Resolve, Intellect or Finesse", "", list(SUIT_APTITUDES),
                             ABOUT_APTITUDE)
                try:
                    suit = parse_suit(apt)
                except ValueError as exc:
                    shell.error(str(exc))
            archetype = " ".join(answer(f"  {name}'s Archetype (Tab: the rulebook's {SUIT_APTITUDES[suit]} examples, "
                                        "or your own)", "", list(ARCHETYPES[suit]), ABOUT_ARCHETYPE).replace(",", " ").split())
            why = answer(f"  Why is {name} here?", "", [], ABOUT_WHY)
            told = f", pronouns {pronouns}" if pronouns != DEFAULT_PRONOUNS else ""
            shell.run_line(f"character {name}, {archetype}, {SUIT_APTITUDES[suit]}, {why}{told}")
            if r.min_cast <= len(shell.pending) < r.max_cast and shell.night is None:
                more = answer(f"  Cast {len(shell.pending)}/{r.max_cast}: add another? (Y/n)", "y", ["y", "n"])
                if more.lower().startswith("n"):
                    shell.run_line("start")
    except _Left:
        pass
    except _Quick:
        if not begun:  # the rules chosen so far, without repeating "New night: …"
            shell.rules_name, shell.fast, shell.seed = chosen["rules"], chosen["fast"], chosen["seed"]
        shell.pending = []
        shell.run_line("quick")
    except KeyboardInterrupt:
        if chosen["rules"] != shell.rules_name or chosen["fast"] != shell.fast or chosen["seed"] != shell.seed:
            run_new()
        kept = len(shell.pending)
        shell.info("Set-up questions left" + (f"; {kept} character{'s' if kept != 1 else ''} kept (cast lists "
                                              "them): add more with character Name, Archetype, Aptitude, Why, "
                                              "or start" if kept else
                                              ": type quick, or character Name, Archetype, Aptitude, Why") +
                   " — help lists every command.", "dim")
