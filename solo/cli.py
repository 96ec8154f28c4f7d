"""``solo``: the command line."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable

from . import __version__
from .safetext import SafeArgumentParser, echo, safe, shell_quoted, shown_name
from .seeds import seed_arg


def _stdin_closed(command: str) -> bool:
    """True (after one line on stderr) when stdin was closed at the start: nothing to read."""
    if sys.stdin is not None:
        return False
    from .invocation import solo_command

    echo(f"solo: standard input is closed: {command} has no commands to read, nothing done (run it in a "
         f"terminal, or give it commands: {solo_command()} {command} < FILE)", file=sys.stderr)
    return True


def _play(args: argparse.Namespace) -> int:
    if _stdin_closed("play"):
        return 2
    if args.system == "lucky13":
        from .repl.lucky13 import play as play_lucky13

        return play_lucky13(seed=args.seed, narrator=args.narrator, model=args.model, load=args.load,
                            resume=args.resume, batch=args.batch)
    from .paths import history_file
    from .repl.app import leave, run_batch, run_interactive, stdin_is_terminal, wizard
    from .repl.setup import latest_unfinished, load_into
    from .repl.shell import Quit, Shell

    interactive = stdin_is_terminal() and not args.batch
    shell = Shell(_console(interactive), rules=args.rules, fast=args.fast_setup, seed=args.seed,
                  narrator=args.narrator, model=args.model, teach=args.teach, playset=args.playset, overrides=args.set)
    shell.safety = _safety(args) or None
    if not interactive:
        from .repl.streams import OutputLost, report, watch

        watch(shell.console)
        try:
            if not _begin(shell, args):
                return 2
        except OutputLost as lost:  # the output went away while the night began: saved, and said
            return report(lost, shell, "before the first line of the input", leave)
        return run_batch(shell, sys.stdin)
    if not _begin(shell, args):
        return 2

    from prompt_toolkit import PromptSession
    from prompt_toolkit.completion import WordCompleter

    asker: PromptSession = PromptSession()

    def ask(question: str, default: str, options: list[str]) -> str:
        completer = WordCompleter(options, ignore_case=True, sentence=True) if options else None
        return asker.prompt(f"{question}: ", default="", completer=completer) or default

    shell.asker = ask  # new, typed later, asks these questions again
    if shell.night is None:
        shell.info("Night of the Thirteenth — you play all four doomed characters. Most of you won't make it.",
                   "bold")
        try:
            skipped: list = []
            # a seed asked for is a new night asked for: no other night is offered
            last = None if args.new or getattr(args, "seed", None) is not None else latest_unfinished(skipped)
            for bad, why in skipped:
                shell.out("notice", f"skipped {shown_name(bad.name)}: {why}")
            if last is not None:
                from .play.saves import read_save

                question = f"Resume the unfinished night ({read_save(last).summary})? (Y/n)"
                if yes_or_no(lambda: ask(question, "y", ["y", "n"]), lambda t: shell.out("notice", t)):
                    load_into(shell, last)
            if shell.night is None:
                wizard(shell, ask)
        except KeyboardInterrupt:
            shell.info("Set-up cancelled: type quick, or new … then character …, or help.", "dim")
        except EOFError:
            return 0
        except Quit:  # quit typed at a set-up question
            return 0
    return run_interactive(shell, history_path=history_file())


def _begin(shell, args: argparse.Namespace) -> bool:
    """--load, --resume or --quick, as asked; False when the night named cannot be loaded."""
    from .repl.setup import load_into

    if args.load:
        from pathlib import Path

        return shell.run_call(load_into, shell, Path(args.load))  # the file named, exactly: never the name cleaned
    if args.resume:
        return shell.run_line("resume")
    if args.quick:
        return shell.run_line("quick")  # no night dealt (its save cannot be written …): said, and stop
    return True


YES = frozenset(("y", "yes", "yeah", "yep", "sure", "ok", "okay"))
NO = frozenset(("n", "no", "nope", "nah"))


def yes_or_no(answer: Callable[[], str], say: Callable[[str], None], default: bool = True, tries: int = 5) -> bool:
    """A yes or no from ``answer`` (asked again, with one line that says why, while it is
    neither: "help" is no yes); Enter is ``default``, and so is a question asked ``tries`` times."""
    for _ in range(tries):
        reply = " ".join(str(answer()).lower().split()).strip(" .!")
        if reply in YES or (reply in ("", "y/n") and default):
            return True
        if reply in NO or (reply == "" and not default):
            return False
        say(f"answer y (yes) or n (no); Enter means {'yes' if default else 'no'} ({reply!r} is neither)")
    return default


def _safety(args: argparse.Namespace):
    """The lines and veils a night is played with: config.toml's ``[safety]``, then
    ``--line``/``--veil`` (a topic that cannot be one is refused in one line)."""
    from .director.safety import merged, read_config

    base = read_config(notice=lambda t: echo(f"solo: {t}", file=sys.stderr))
    return merged(base, getattr(args, "line", None) or (), getattr(args, "veil", None) or ())


def _console(interactive: bool):
    """The REPL's rich console; in batch mode 100 columns, no colour, no wrapping: without rich
    (solo.repl.plain, the same bytes) unless the output is a terminal."""
    if interactive:
        from rich.console import Console

        return Console(highlight=False)
    from .repl.plain import PlainConsole, batch_console

    try:
        terminal = sys.stdout.isatty()
    except (AttributeError, ValueError):
        terminal = True  # rich's to judge
    return batch_console() if terminal else PlainConsole()


def _tutorial(args: argparse.Namespace) -> int:
    from .repl.app import leave, run_batch, run_interactive, stdin_is_terminal
    from .repl.shell import Shell

    if _stdin_closed("tutorial"):
        return 2
    interactive = stdin_is_terminal() and not args.batch
    shell = Shell(_console(interactive), narrator=args.narrator, model=args.model)
    if not interactive:
        from .repl.streams import OutputLost, report, watch

        watch(shell.console)
        try:
            shell.start_tutorial()
        except OutputLost as lost:
            return report(lost, shell, "before the first line of the input", leave)
        return run_batch(shell, sys.stdin)
    shell.start_tutorial()
    return run_interactive(shell)


def _autoplay(args: argparse.Namespace) -> int:
    import gc

    if args.narrator != "template" or not gc.isenabled():
        return _autoplay_night(args)
    gc.disable()  # one night told from templates makes few cycles: not looked for while it is played
    try:
        return _autoplay_night(args)
    finally:
        gc.enable()


def _autoplay_night(args: argparse.Namespace) -> int:
    from pathlib import Path

    from .play.files import atomic_write, reserve
    from .play.output import check_output_file, write_output
    from .play.transcript import render
    from .sim.autoplay import autoplay

    from .sim.cli import rules_for  # the playset machinery only when --playset or --set asks for it

    playset, rules = rules_for(args)
    if args.out:  # refused before the night is played: an existing file only with --force, never a symlink,
        check_output_file(Path(args.out), args.force)  # never a save, never a file another solo has open
    _check_writable(Path(args.out) if args.out else None)
    if args.seed is None:  # a fresh night, said at once so that it can be played again
        import random

        args.seed = random.SystemRandom().randrange(1, 10**6)
        echo(f"Seed {args.seed} (replay it with --seed {args.seed}).")
    stem = f"nott-{playset.name + '-' if playset else ''}{rules.name}-{args.policy}-seed{args.seed}"
    night = autoplay(args.seed, rules, args.policy, out=None, narrator_kind=args.narrator, model=args.model,
                     notice=lambda t: echo(f"solo: {t}", file=sys.stderr), playset=playset, form=args.form,
                     keep_fiction=False, safety=_safety(args))  # nothing is taken back
    text = render(night, args.form)
    if args.out:
        out = write_output(Path(args.out), text, args.force)
    else:  # where the REPL writes its transcripts: the data folder, under a name of its own
        from .paths import transcripts_dir

        folder = transcripts_dir()
        out = atomic_write(folder / (reserve(stem, [(folder, ".md")]) + ".md"), text)
    from .paths import saves_dir

    saves = saves_dir()  # the night's save too, for solo render --as log (or story) later
    save = night.write_save(saves / (reserve(stem, [(saves, ".json")]) + ".json"))
    o = night.game.outcome()
    who = ", ".join(night.cast[i].name for i in o.survivors)
    echo(f"{'Dawn' if o.dawn else 'Everyone dead'} after {o.tests} tests"
         f"{' — survivors: ' + who if o.dawn else ''}. Transcript: {shown_name(out)}")
    from .invocation import solo_command

    echo(f"Save: {shown_name(save)} ({solo_command()} render {shell_quoted(save)} --as log)")
    from .play.middle import middle

    built = middle(night)
    if built is not None:
        echo(f"The story: {built}.")
    return 0


def _check_writable(out) -> None:
    """Every place autoplay writes (``out`` or the transcripts folder, and the saves folder) can
    be written now, or one line saying which cannot: before the night is played, not after."""
    from .paths import saves_dir, transcripts_dir
    from .play.files import check_writable_target

    for place in (out if out is not None else transcripts_dir(), saves_dir()):
        check_writable_target(place)


def _render(args: argparse.Namespace) -> int:
    """Render a saved night as a story or a play log, to a file or to stdout."""
    from pathlib import Path

    from .play.files import FileRefused
    from .play.output import check_output_file, write_output
    from .play.night import Night
    from .play.saves import SaveError
    from .play.transcript import write_rendered

    try:
        if args.out:  # refused before the save is read: an existing file only with --force, never a save
            check_output_file(Path(args.out), args.force)
        night = Night.from_save(Path(args.save), keep_undo=0)  # only read: no undo
    except SaveError as exc:
        echo(f"solo: {_not_a_night(Path(args.save)) or exc}", file=sys.stderr)
        return 2
    except (FileRefused, OSError) as exc:
        echo(f"solo: {exc}", file=sys.stderr)
        return 2
    if not args.out:  # a step at a time, never the whole text at once
        write_rendered(night, args.form, lambda text: sys.stdout.write(safe(text)))
        return 0
    try:  # a step at a time too; never through a symlink, never over a file unforced
        out = write_output(Path(args.out), lambda write: write_rendered(night, args.form, write), args.force)
    except FileRefused as exc:
        echo(f"solo: {exc}", file=sys.stderr)
        return 2
    echo(f"Wrote the {args.form} of {night.summary()} to {shown_name(out.resolve())}")
    return 0


def _not_a_night(path) -> str | None:
    """Why ``render`` cannot take ``path``, when it is another kind of solo file: a Lucky 13
    save (its transcript is written as the scene is played) or a transcript already."""
    from .lucky13.saves import read_scene_save
    from .paths import saves_dir, transcripts_dir
    from .play.saves import SaveError

    if path.suffix.lower() in (".md", ".txt"):
        return (f"{str(path)!r} is a transcript already; render reads a night's save file (.json, in "
                f"{saves_dir()})")
    try:
        read_scene_save(path)
    except SaveError:
        return None
    written = transcripts_dir() / f"{path.stem}.md"
    where = f": its transcript is {written}" if written.is_file() else ""
    return (f"{str(path)!r} is a Lucky 13 save; render reads Night of the Thirteenth saves, and a Lucky 13 "
            f"scene's transcript is written as it is played{where}")


def _sim(args: argparse.Namespace) -> int:
    from .sim.cli import sim

    return sim(args)


def _sweep(args: argparse.Namespace) -> int:
    from .sim.cli import sweep

    return sweep(args)


def _playsets(args: argparse.Namespace) -> int:
    from .playsets import DEFAULT_NAME, DEFAULT_TITLE, PlaysetError, list_playsets, read_playset, user_dir

    echo(f"{DEFAULT_NAME:<22} {'built-in':<9} {DEFAULT_TITLE} — ashcan rules (the default)")
    for name, where, path in list_playsets():
        try:
            ps = read_playset(path)
            echo(f"{safe(name):<22} {where:<9} {ps.title} — {ps.rules.base} rules")
        except PlaysetError as exc:
            echo(f"{safe(name):<22} {where:<9} BROKEN: {exc}")
    echo(f"(user playsets live in {user_dir()})")
    return 0


def _playset_check(args: argparse.Namespace) -> int:
    from .playsets import DEFAULT_TITLE, PlaysetError, RuleOverrides, load_playset

    try:
        ps = load_playset(args.file)  # a file, or a built-in or user playset by name
    except PlaysetError as exc:
        if exc.problem_count < 2:
            echo(f"solo: {exc}", file=sys.stderr)
            return 1
        # every problem, one a line (the first MAX_PROBLEMS_SHOWN of a file that has very many)
        n, shown = exc.problem_count, exc.problems
        echo(f"solo: playset {str(args.file)!r}: {n} problems:", file=sys.stderr)
        for line in shown:
            echo(f"  {line}", file=sys.stderr)
        if n > len(shown):
            echo(f"  … and {n - len(shown)} more", file=sys.stderr)
        return 1
    title = repr(ps.title) if ps is not None else f"{DEFAULT_TITLE!r} (the default setting)"
    r = ps.ruleset() if ps is not None else RuleOverrides().ruleset()
    gp, strikes = r.genre_points, r.strikes_to_die
    echo(f"{args.file}: OK — {title}, {r.name} rules, {gp} Genre Point{'' if gp == 1 else 's'}, "
         f"{strikes} Strike{'' if strikes == 1 else 's'} to die, face modifiers {'/'.join(map(str, r.face_modifiers))}")
    return 0


def _rules(args: argparse.Namespace) -> int:
    from .director.stages import STAGES, STAGES_RULE
    from .nott.reference import SECTIONS, search

    topic = " ".join(args.topic).lower().strip()
    if args.system == "lucky13" or topic in ("lucky13", "lucky 13"):
        return _rules_lucky13("" if topic in ("lucky13", "lucky 13") else topic, " ".join(args.topic))
    staged = topic in STAGES + ("stage", "stages", "escalation")
    hits = [] if staged else search(topic) if topic else list(SECTIONS)
    if not hits and not staged:
        echo(f"solo: nothing in the rules about {' '.join(args.topic)!r}", file=sys.stderr)
        return 1
    for s in hits if not topic else hits[:2]:
        echo(f"## {s.title}\n{s.text}\n")
    if staged or not topic or any(s.key in ("killer", "face") for s in hits[:2]):
        echo(f"## How the night turns\n{STAGES_RULE}\n")
    if not topic:
        from .invocation import solo_command

        solo = solo_command()
        echo(f"Lucky 13's rules: {solo} rules lucky13 (or {solo} rules --system lucky13 TOPIC).")
    return 0


def _rules_lucky13(topic: str, typed: str) -> int:
    """The Lucky 13 reference: every section, or those whose topic, title or text has the words."""
    from .lucky13.reference import RULES

    words = topic.split()
    hits = [r for r in RULES if not words or topic == r[0]
            or all(w in f"{r[0]} {r[1]} {r[2]}".lower() for w in words)]
    if not hits:
        echo(f"solo: nothing in the Lucky 13 rules about {typed!r} (topics: {', '.join(r[0] for r in RULES)})",
             file=sys.stderr)
        return 1
    echo("# Lucky 13\n")
    for _, title, text in hits:
        echo(f"## {title}\n{text}\n")
    return 0


#: Commands whose parsers live in packages that are heavy to import: (name, help, where its
#: ``register(subparsers)`` is). Only the command being run imports its package.
_ELSEWHERE = (
    ("draw-test", "a T13 Card Draw Test for ad-hoc characters", "solo.t13.cli"),
    ("odds", "Lucky 13: the exact chance of 13 or more for dice, e.g. solo odds d10 d8 d6", "solo.lucky13.cli"),
)


def _register_elsewhere(sub, name: str, help_: str, module: str, command: str | None) -> None:
    """``name``'s own parser when it is the ``command`` run (or every parser is wanted, None);
    else only its line in the list of commands."""
    if command is None or command == name:
        import importlib

        parser = importlib.import_module(module).register(sub)
        if name == "odds":
            parser.set_defaults(func=_odds)
    else:
        sub.list(name, help_)


def _odds(args: argparse.Namespace) -> int:
    """``solo odds``: Lucky 13's exact odds for the dice given; words that are not dice are
    named, with the dice there are."""
    from .invocation import solo_command
    from .lucky13.odds import dice_odds

    try:
        lines = dice_odds(list(args.dice), example=f"{solo_command()} odds")
    except ValueError as exc:
        echo(f"solo odds: error: {' '.join(str(exc).split())}", file=sys.stderr)
        return 2
    echo("\n".join(lines))
    return 0


class _Unused:
    """A parser that is not wanted: every call to it does nothing."""

    def __getattr__(self, name: str):
        return lambda *args, **kw: self


#: Every command, in the order ``solo --help`` lists them.
COMMANDS = ("play", "tutorial", "autoplay", "render", "sim", "sweep", "playsets", "playset", "draw-test", "odds",
            "rules")


class _Subparsers:
    """The subparsers, filled in only for the ``command`` run (every one when it is None): the
    others get their line in the list of commands and nothing more, and not even that when
    the command is one of :data:`COMMANDS` (its own parser reads the rest of the line, its own
    help and errors name only it)."""

    def __init__(self, sub, command: str | None) -> None:
        self.sub, self.command = sub, command
        self.listed = command not in COMMANDS

    def add_parser(self, name: str, **kw):
        if self.command is None or self.command == name:
            return self.sub.add_parser(name, **kw)
        self.list(name, kw.get("help"))
        return _Unused()

    def list(self, name: str, help_: str | None) -> None:
        """``name``'s line in the list of commands, where one is shown."""
        if self.listed:
            self.sub.add_parser(name, help=help_, add_help=False)


def command_in(argv: list[str]) -> str:
    """The command ``argv`` runs: its first word that is not an option ("" for none, and for a
    help option before it: the list of commands is what is shown then)."""
    for a in argv:
        if a in ("-h", "--help"):
            return ""
        if not a.startswith("-"):
            return a
    return ""


def build_parser(lean: bool = False, command: str | None = None) -> argparse.ArgumentParser:
    """The parser; ``lean`` leaves out commands whose set-up imports are heavy (for the
    simulator's start-up); ``command`` (the one about to run) gives the others only their line
    in the list of commands (their options are neither built nor imported)."""
    p = SafeArgumentParser(prog="solo", description="Solo play for card-and-dice tabletop horror. Systems: "
                                "Night of the Thirteenth (solo play, solo tutorial: one player, four doomed "
                                "characters); Lucky 13 (solo play --system lucky13, solo odds); the T13 Card Draw "
                                "Test (solo draw-test).")
    p.add_argument("--version", action="version", version=f"solo {__version__}")
    from .sim.cli import ENGINE_HELP, POLICIES, POLICY_HELP, add_fast_setup, add_sweep_parser, workers_arg
    sub = _Subparsers(p.add_subparsers(dest="command", metavar="COMMAND"), command)

    play = sub.add_parser("play", help="play a night in the REPL (batch mode when stdin is not a terminal)")
    play.add_argument("--system", default="nott", choices=["nott", "lucky13"],
                      help="nott: Night of the Thirteenth (default); lucky13: a Lucky 13 scene")
    play.add_argument("--rules", default="ashcan", choices=["ashcan", "playtest"], help="ruleset (default ashcan)")
    add_fast_setup(play)
    play.add_argument("--seed", type=seed_arg, help="seed for a replayable night (random if not given)")
    play.add_argument("--quick", action="store_true", help="deal a ready cast and begin at once")
    play.add_argument("--resume", action="store_true", help="resume the last unfinished night")
    play.add_argument("--load", metavar="FILE", help="load a save file")
    play.add_argument("--new", action="store_true", help="do not offer to resume; start a new night")
    play.add_argument("--narrator", default="template", choices=["template", "llm"], help=NARRATOR_HELP)
    play.add_argument("--model", help=MODEL_HELP)
    play.add_argument("--max-tokens-per-test", type=int, metavar="N",
                       help="cap the model's prose for one Test (or [llm] max_tokens_per_test in config.toml)")
    play.add_argument("--beat-by-beat", action="store_true",
                       help="one model request per beat instead of one per Test (slower on a local model)")
    play.add_argument("--teach", action="store_true", help="after each resolution, say which rule fired")
    play.add_argument("--playset", help="playset name or file (see: solo playsets)")
    play.add_argument("--set", action="append", metavar="KEY=VALUE", help="rule what-if, e.g. genre_points=5")
    play.add_argument("--batch", action="store_true", help="read commands from stdin even on a terminal")
    _safety_options(play)
    play.set_defaults(func=_play)

    tut = sub.add_parser("tutorial", help="a guided first night that walks through every rule")
    tut.add_argument("--narrator", default="template", choices=["template", "llm"], help=NARRATOR_HELP)
    tut.add_argument("--model", help=MODEL_HELP)
    tut.add_argument("--max-tokens-per-test", type=int, metavar="N",
                       help="cap the model's prose for one Test (or [llm] max_tokens_per_test in config.toml)")
    tut.add_argument("--beat-by-beat", action="store_true",
                       help="one model request per beat instead of one per Test (slower on a local model)")
    tut.add_argument("--batch", action="store_true", help="read commands from stdin even on a terminal")
    tut.set_defaults(func=_tutorial)

    auto = sub.add_parser("autoplay", help="play a whole night by a policy and write its transcript")
    auto.add_argument("--seed", type=seed_arg, help="the night's seed (default: a fresh one, printed)")
    auto.add_argument("--rules", default=None, choices=["ashcan", "playtest"],
                      help="ruleset (default ashcan, or the playset's; given, it wins over the playset's)")
    add_fast_setup(auto)
    auto.add_argument("--policy", default="careful", choices=POLICIES, help=POLICY_HELP)
    auto.add_argument("--narrator", default="template", choices=["template", "llm"], help=NARRATOR_HELP)
    auto.add_argument("--model", help=MODEL_HELP)
    auto.add_argument("--max-tokens-per-test", type=int, metavar="N",
                       help="cap the model's prose for one Test (or [llm] max_tokens_per_test in config.toml)")
    auto.add_argument("--beat-by-beat", action="store_true",
                       help="one model request per beat instead of one per Test (slower on a local model)")
    auto.add_argument("--out", metavar="FILE", help="transcript file (default: nott-RULES-POLICY-seedN.md in the "
                      "data folder's transcripts/, where the REPL writes; -2, -3 … if taken)")
    auto.add_argument("--force", action="store_true", help="replace FILE if it exists (never a symlink or a pipe)")
    auto.add_argument("--playset", help="playset name or file")
    auto.add_argument("--set", action="append", metavar="KEY=VALUE", help="rule what-if, e.g. strikes_to_die=4")
    auto.add_argument("--form", default="story", choices=["story", "log"],
                      help="story (the actual play to share, the default) or log (every mechanic)")
    _safety_options(auto)
    auto.set_defaults(func=_autoplay)

    rend = sub.add_parser("render", help="render a saved night as a story or a play log")
    rend.add_argument("save", metavar="SAVE", help="a night's save file (.json)")
    rend.add_argument("--as", dest="form", default="story", choices=["story", "log"],
                      help="story (the default) or log")
    rend.add_argument("-o", "--out", metavar="FILE", help="write here instead of to stdout")
    rend.add_argument("--force", action="store_true", help="replace FILE if it exists")
    rend.set_defaults(func=_render)

    sim = sub.add_parser("sim", help="Monte Carlo over many nights: odds against the rulebook's claims")
    sim.add_argument("--games", type=int, default=10_000, help="nights to play (default 10,000)")
    sim.add_argument("--rules", default=None, choices=["ashcan", "playtest"],
                     help="ruleset (default ashcan, or the playset's; given, it wins over the playset's)")
    sim.add_argument("--policy", default="careful", choices=POLICIES, help=POLICY_HELP)
    sim.add_argument("--seed", type=seed_arg, default=1,
                     help="seed of the run (default 1): the same seed gives the same results")
    sim.add_argument("--workers", type=workers_arg, default=0, help="worker processes (default: all cores)")
    add_fast_setup(sim)
    sim.add_argument("--json", action="store_true", help="print one JSON object")
    sim.add_argument("--playset", help="playset name or file: its rules are simulated")
    sim.add_argument("--set", action="append", metavar="KEY=VALUE",
                     help="rule what-if, repeatable: genre_points=5, strikes_to_die=4, face_modifiers=1,2,4, …")
    sim.add_argument("--engine", default="auto", choices=["auto", "fast", "core"], help=ENGINE_HELP)
    sim.set_defaults(func=_sim)

    add_sweep_parser(sub).set_defaults(func=_sweep)

    pls = sub.add_parser("playsets", help="list the built-in and user playsets")
    pls.set_defaults(func=_playsets)
    plc = sub.add_parser("playset", help="playset tools: solo playset check FILE")
    plc_sub = plc.add_subparsers(dest="playset_command", metavar="ACTION", required=True)
    check = plc_sub.add_parser("check", help="validate a playset: a file, or a built-in or user playset by name")
    check.add_argument("file", metavar="FILE", help="a playset file (.toml), or a playset's name")
    check.set_defaults(func=_playset_check)

    for name, help_, module in _ELSEWHERE:
        if not (lean and name == "draw-test"):
            _register_elsewhere(sub, name, help_, module, command)

    rules = sub.add_parser("rules", help="print the rules reference, or search it (solo rules lucky13: Lucky 13's)")
    rules.add_argument("--system", default="nott", choices=["nott", "lucky13"],
                       help="nott: Night of the Thirteenth (default); lucky13: Lucky 13")
    rules.add_argument("topic", nargs="*", metavar="TOPIC",
                       help="words to look for, e.g. strikes or genre points (none: the whole reference)")
    rules.set_defaults(func=_rules)
    return p


NARRATOR_HELP = "template (offline, default) or llm (OPENAI_API_KEY / OPENAI_BASE_URL)"


def _safety_options(parser) -> None:
    parser.add_argument("--line", action="append", metavar="TOPIC",
                        help="never in the story, repeatable: blood, drowning, fire, animals, children, insects, "
                             "suffocation, or any word (adds to [safety] lines in config.toml)")
    parser.add_argument("--veil", action="append", metavar="TOPIC",
                        help="off screen, told as a fade, repeatable (adds to [safety] veils in config.toml)")
MODEL_HELP = "model name for --narrator llm (or SOLO_MODEL)"


def _llm_options(args: argparse.Namespace) -> None:
    """The LLM director's options, handed on through the environment its narrator reads."""
    import os

    tokens = getattr(args, "max_tokens_per_test", None)
    if tokens is not None:
        if not 16 <= tokens <= 4000:
            echo(f"solo: --max-tokens-per-test must be 16–4000, got {tokens}", file=sys.stderr)
            raise SystemExit(2)
        os.environ["SOLO_MAX_TOKENS_PER_TEST"] = str(tokens)
    if getattr(args, "beat_by_beat", False):
        os.environ["SOLO_LLM_MERGE"] = "0"


#: Commands that play a night: output closed early stops them with :data:`EXIT_OUTPUT_LOST`, said on
#: stderr (a report such as ``rules`` or ``sim`` cut short where its reader wanted ends quietly, 0).
PLAYING = ("play", "tutorial", "autoplay")
#: 128 + SIGPIPE, as a shell reports a writer whose reader left (solo.repl.streams.EXIT_OUTPUT_LOST).
EXIT_OUTPUT_LOST = 141


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = build_parser(lean=bool(argv) and argv[0] in ("sim", "sweep"), command=command_in(argv))
    args = parser.parse_args(argv)
    _llm_options(args)
    if not getattr(args, "func", None):
        parser.print_help()
        return 0
    try:
        code = args.func(args)
        sys.stdout.flush()  # a closed pipe shows here, not as a message at exit
        return code
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # piped into head, which has read all it wants
        import os

        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # nothing more to fail at exit
        except (OSError, ValueError):
            pass
        if args.command not in PLAYING:
            return 0  # a report cut short where its reader wanted: quiet, with success
        try:  # a night cut short is said, and not a success
            echo(f"solo: the output was closed early (its reader went away): solo {args.command} stopped there",
                 file=sys.stderr)
        except (OSError, ValueError):
            pass
        return EXIT_OUTPUT_LOST
    except (ValueError, OSError) as exc:  # a bad playset, --set, a missing file …: one line
        if isinstance(exc, OSError) and exc.errno and exc.filename is None:
            from .paths import plain_cause

            cause, todo = plain_cause(exc)  # the output itself (a full disk under > FILE): in plain words
            exc = f"{cause}: the output could not be written; {todo}"
        echo(f"solo: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
