"""``solo sim`` and ``solo sweep``: the simulator's commands. Imports stay lean (no rich, no
pydantic unless asked for): start-up is part of every run's time."""

from __future__ import annotations

import argparse
import os
import sys

from ..safetext import echo, guard_console, safe_json
from ..seeds import seed_arg
from .report import POLICY_DOES


def say(text: str) -> None:
    """One line for the user, on stderr."""
    echo(f"solo: {text}", file=sys.stderr)


def rules_for(args: argparse.Namespace):
    """(playset, ruleset): as every command reads them, without loading the playset machinery
    when neither --playset nor --set is given."""
    if getattr(args, "playset", None) or getattr(args, "set", None):
        from ..playsets.options import chosen_playset as _playset
        from ..playsets.options import chosen_rules as _ruleset

        playset = _playset(args)
        return playset, _ruleset(args, playset)
    from ..nott.rules import get_ruleset

    rules = get_ruleset(args.rules or "ashcan")
    return None, rules.with_(fast_setup=True) if getattr(args, "fast_setup", False) else rules


def _progress_bar(total: int, label: str):
    """A rich progress bar on stderr (a context manager) and its advance function, or
    ``(None, None)`` when stderr is not a terminal."""
    if not sys.stderr.isatty():
        return None, None
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TimeRemainingColumn,
    )

    bar = Progress("[progress.description]{task.description}", BarColumn(), MofNCompleteColumn(),
                   TimeRemainingColumn(), console=Console(stderr=True), transient=True)
    task = bar.add_task(label, total=total)
    return bar, (lambda k: bar.advance(task, k))


def sim(args: argparse.Namespace) -> int:
    import time

    from .run import SIM_CAST, pick_engine, tally_games

    if args.games < 1:
        say(f"--games must be at least 1, got {args.games}")
        return 2
    from .run import MAX_NIGHTS

    if args.games > MAX_NIGHTS:  # its chunks are listed up front: memory without bound
        say(f"--games is at most {MAX_NIGHTS:,}, got {args.games:,}")
        return 2
    playset, rules = rules_for(args)
    engine, note = pick_engine(args.engine, rules, args.policy)
    if note:
        say(note)
    from .run import CHUNK

    # never more workers than chunks of work (at 20,000 nights the fast engine needs one)
    workers = min(args.workers or (os.cpu_count() or 1), -(-args.games // CHUNK[engine]))
    started = time.perf_counter()
    bar, advance = (None, None) if args.json else _progress_bar(args.games, "simulating")
    if bar is not None:
        with bar:
            t = tally_games(args.games, rules, args.policy, args.seed, workers, engine, progress=advance)
    else:
        t = tally_games(args.games, rules, args.policy, args.seed, workers, engine)
    seconds = time.perf_counter() - started
    from .report import rule_changes, summarize_tally

    summary = summarize_tally(t, rules=rules.name + (" (fast setup)" if rules.fast_setup else ""),
                              policy=args.policy, seed=args.seed, workers=workers, seconds=seconds,
                              cast=[c.name for c in SIM_CAST])
    summary["engine"] = engine
    summary["playset"] = playset.name if playset else None
    summary["overrides"] = list(args.set or [])
    summary["ruleset"] = {k: getattr(rules, k) for k in ("trophy_start", "reserve_fallback", "face_modifiers",
                                                         "genre_points", "strikes_to_die", "fast_setup")}
    summary["changes"] = rule_changes(rules)  # from the rulebook: named in the report, the claims left out
    if args.json:
        echo(safe_json(summary))
    else:
        from rich.console import Console

        from .report import render

        render(summary, guard_console(Console(highlight=False)))
    return 0


POLICIES = ["naive", "careful", "spread"]
#: The help of ``--policy`` of the commands that play nights by a policy (sim, autoplay): what
#: each policy does, as the report says it.
POLICY_HELP = (f"how the cast plays. careful (the default): {POLICY_DOES['careful']}. "
               f"spread: {POLICY_DOES['spread']}. naive: {POLICY_DOES['naive']}.")
#: ``solo sweep``'s: the shorter words its tests pin (tests/sim/test_sweep_cli_inprocess.py).
SWEEP_POLICY_HELP = ("how the cast plays: naive (a random tester, no Genre Points), careful (the default) or "
                     "spread (careful, but the fewest Strikes test)")
FAST_SETUP_HELP = "fast setup: remove a random 2–10 before the decks are built"
ENGINE_HELP = "auto (default): the fast engine where built, else the core rules engine"


def at_least_one(what: str = "a whole number", unit: str = ""):
    """An argparse type: a whole number, at least 1; a refusal is argparse's one-line usage
    error, naming ``what`` was wanted (and the ``unit`` counted)."""

    def parse(text: str) -> int:
        try:
            n = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{what}, at least 1, not {text!r}") from None
        if n < 1:
            raise argparse.ArgumentTypeError(f"at least 1{unit}, not {n}")
        return n

    return parse


#: ``--workers``: a whole number of processes, at least 1.
workers_arg = at_least_one("a number of worker processes", " worker process")


def scheduler_address(text: str) -> str:
    """A Dask scheduler's address (``tcp://host:8786``), refused at once (ValueError, one line)
    when the port it names is no port (0 or above 65535) or the address is blank."""
    import re

    address = str(text).strip()
    if not address:
        raise ValueError("the scheduler's address is empty (e.g. tcp://host:8786)")
    m = re.search(r":(\d+)/?$", address)
    if m and not 1 <= int(m.group(1)) <= 65535:
        raise ValueError(f"the scheduler's port must be 1–65535, not {m.group(1)} (in {address!r})")
    return address


def _scheduler_arg(text: str) -> str:
    try:
        return scheduler_address(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def add_fast_setup(p) -> None:
    """``--fast-setup``, and ``--fast`` for the same (as ``play`` and the REPL's ``new fast``
    have it): both spellings on every command, the one shown in its help."""
    p.add_argument("--fast-setup", action="store_true", help=FAST_SETUP_HELP)
    p.add_argument("--fast", dest="fast_setup", action="store_true", help=argparse.SUPPRESS)


def add_sweep_parser(sub) -> argparse.ArgumentParser:
    p = sub.add_parser("sweep", help="design sweeps: a grid of rule what-ifs, one table row per variant",
                       description="Simulate every combination of rule what-ifs and compare each with the "
                                   "base rules. See docs/simulator.md.")
    p.add_argument("--set", action="append", metavar="KNOB=V1,V2,…",
                   help="a swept knob and its values, repeatable (the grid is every combination): "
                        "genre_points=0,4,8,13; face_modifiers=1/2/3,1/2/4")
    p.add_argument("--games", type=int, default=100_000, help="nights per variant (default 100,000)")
    p.add_argument("--rules", default=None, choices=["ashcan", "playtest"],
                   help="base ruleset (default ashcan, or the playset's; given, it wins over the playset's)")
    add_fast_setup(p)
    p.add_argument("--playset", help="playset name or file: its rules are the base")
    p.add_argument("--policy", default="careful", choices=POLICIES, help=SWEEP_POLICY_HELP)
    p.add_argument("--seed", type=seed_arg, default=1, help="seed of the run (default 1): the same seed "
                   "gives the same results")
    p.add_argument("--workers", type=workers_arg, default=0, help="local worker processes (default: all cores)")
    p.add_argument("--scheduler", metavar="ADDRESS", type=_scheduler_arg,
                   help="run on a Dask cluster, e.g. tcp://host:8786 (default: $SOLO_DASK_SCHEDULER if set)")
    p.add_argument("--engine", default="auto", choices=["auto", "fast", "core"], help=ENGINE_HELP)
    out = p.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help="print one JSON object")
    out.add_argument("--csv", action="store_true", help="print CSV, one row per variant")
    p.add_argument("--plot", metavar="FILE.png", help="draw win rate against the swept knob(s) (needs matplotlib)")
    p.add_argument("--force", action="store_true", help="replace the --plot file if it exists")
    return p


def sweep(args: argparse.Namespace) -> int:
    import time

    from . import sweep as sw

    if args.games < 1:
        say(f"--games must be at least 1, got {args.games}")
        return 2
    if args.plot:
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            say(sw.plot_missing())
            return 2
        sw.plot_target(args.plot, args.force)  # refused before simulating, not after
    grid = sw.parse_grid(args.set or [])
    from ..playsets.options import chosen_base
    from ..playsets.options import chosen_playset as _playset

    playset = _playset(args)
    base = chosen_base(args, playset)
    vs = sw.variants(grid, base, args.policy, args.engine, notice=say)
    work = sw.tasks(vs, args.games, args.policy, args.seed)
    scheduler = args.scheduler or os.environ.get("SOLO_DASK_SCHEDULER") or None
    if scheduler and not args.scheduler:
        scheduler = scheduler_address(scheduler)  # a port that is no port: refused at once, not waited on
    workers = args.workers or (os.cpu_count() or 1)
    started = time.perf_counter()
    bar, advance = _progress_bar(args.games * len(vs), f"{len(vs)} variants")
    if bar is not None:
        bar.start()
    try:
        if scheduler:
            totals = sw.run_dask(work, len(vs), scheduler, advance)
        else:
            totals = sw.run_local(work, len(vs), workers, advance)
    finally:
        if bar is not None:
            bar.stop()
    seconds = time.perf_counter() - started
    rules = base.ruleset()
    result = {
        "games": args.games,
        "rules": rules.name + (" (fast setup)" if rules.fast_setup else ""),
        "playset": playset.name if playset is not None else None,
        "policy": args.policy,
        "seed": args.seed,
        "knobs": [k for k, _ in grid],
        "variants": sw.rows(vs, totals),
    }
    if args.json:
        echo(safe_json(result))
    elif args.csv:
        import io

        text = io.StringIO()
        sw.write_csv(result, text)
        echo(text.getvalue(), end="")
    else:
        from rich.console import Console

        console = Console(highlight=False)
        if not console.is_terminal:
            console = Console(highlight=False, width=120)
        guard_console(console)
        sw.table_text(result, console)
        used = min(workers, len(work))
        where = f"on the Dask cluster at {scheduler}" if scheduler else f"with {used} worker{'s' if used != 1 else ''}"
        if not grid:
            from ..playsets import RuleOverrides

            console.print("Only the baseline was played: compare variants with --set KNOB=V1,V2,… "
                          f"(e.g. --set genre_points=0,4,8; knobs: {', '.join(RuleOverrides.model_fields)}).",
                          style="dim", markup=False)
        console.print(f"{args.games * len(vs):,} nights in {seconds:.1f} s {where}.", style="dim", markup=False)
    if args.plot:
        sw.plot(result, args.plot, args.force)
        say(f"plot written to {args.plot}")
    return 0
