"""``make bench``: speed figures for the simulator and autoplay, printed, never asserted.

Targets (issue: the simulator, faster than the designer's own): ``solo sim --games 20000
--workers 1`` in under 0.4 s as a whole process (1.5× the designer's JavaScript simulator,
which does 20,000 nights in about 0.6 s here), careful and naive; ``solo sweep --set
genre_points=0,4,8,13 --games 100000`` in under 10 s. Whole-process figures are wall time
(start-up counts for a user: the best of several runs, the median beside it, as the machine is
shared); in-loop figures are CPU time for one worker.

Start-up (issue: every command answers at once): the four commands a person types, as whole
processes, each over the bare interpreter (``python -c pass``) run beside it — the median of
five paired runs, one bare run then one command run, so both see the same machine load. Goals:
``solo --help`` ≤ 3×, ``solo odds d10 d8 d6`` ≤ 4×, ``solo autoplay --seed N`` (template night,
to a temporary file) ≤ 8×, ``solo play --batch`` with ``quick``, ``quit`` ≤ 6×. They run in a
data folder of their own (``SOLO_HOME``), after one run each that fills its template cache (and
the English cache that keeps the parses of autoplay's questions) and compiles solo's modules
(``PYTHONDONTWRITEBYTECODE`` is left out: pip compiles them at install).

A step's cost (issue: it does not grow with the night): the wall time of a step of a batch
night at step 100 and at step 2,000, questions and the players' lines, the save and the
transcript written after each; goal: step 2,000 at most twice step 100.

The first question a machine asks loads the director's English pipeline: ``--startup`` also
times a batch night with three questions in a fresh data folder (the pipeline loaded) and again
(the questions' parses kept).

The template judge at a playset's size cap (issue: a playset's worst phrasings took 66 s to
judge one line): the longest line a player can type against the worst phrasings a playset file
can hold, and a line of half as many words beside it; goals: under a second, and the long line
at most 3× the short one (linear in the line). ``--judge`` prints this alone. (``make test``
counts the judge's work instead: tests/narration/test_tropes_work.py.)
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

GAMES = 20_000
TARGET_SECONDS = 0.4
SWEEP_TARGET = 10.0
DESIGNERS = "30,000–34,000"


def whole_process(args: list[str], runs: int) -> tuple[float, float]:
    """(best, median) wall seconds of ``solo ARGS`` as a fresh process."""
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        subprocess.run([sys.executable, "-m", "solo", *args], check=True, stdout=subprocess.DEVNULL)
        times.append(time.perf_counter() - t)
    times.sort()
    return times[0], times[len(times) // 2]


#: (label, arguments, stdin, goal): the commands a person types, timed against the bare interpreter.
STARTUP = (
    ("solo --help", ["--help"], None, 3.0),
    ("solo odds d10 d8 d6", ["odds", "d10", "d8", "d6"], None, 4.0),
    ("solo autoplay --seed 7", ["autoplay", "--seed", "7", "--out", "{tmp}/night.md", "--force"], None, 8.0),
    ("solo play --batch (quick, quit)", ["play", "--batch"], b"quick\nquit\n", 6.0),
)
PAIRS = 5


def _wall(cmd: list[str], stdin: bytes | None, env: dict[str, str]) -> float:
    t = time.perf_counter()
    subprocess.run(cmd, input=stdin, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    return time.perf_counter() - t


def startup_ratios(pairs: int = PAIRS) -> list[tuple[str, float, float, float, float]]:
    """(label, median ratio, median seconds, median bare seconds, goal) per start-up command:
    whole-process wall time over the bare interpreter's, median of ``pairs`` paired runs."""
    rows = []
    bare = [sys.executable, "-c", "pass"]
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, SOLO_HOME=tmp)
        env.pop("PYTHONDONTWRITEBYTECODE", None)  # as an installed solo runs: its modules compiled
        for label, args, stdin, goal in STARTUP:
            cmd = [sys.executable, "-m", "solo", *(a.format(tmp=tmp) for a in args)]
            _wall(cmd, stdin, env)  # the first run fills the data folder's template cache
            ratios, secs, bares = [], [], []
            for _ in range(pairs):
                b = _wall(bare, None, env)
                c = _wall(cmd, stdin, env)
                ratios.append(c / b)
                secs.append(c)
                bares.append(b)
            rows.append((label, statistics.median(ratios), statistics.median(secs), statistics.median(bares), goal))
    return rows


#: Three questions, the way a player types them.
QUESTIONS = b"quick\nis everybody still with us\nwhos got the flare\nwhat does the killer look like\nquit\n"


def first_questions(runs: int = 3) -> tuple[float, float]:
    """(median seconds with a fresh data folder, median seconds again in it): batch play of
    ``quick``, three questions and ``quit``; the first loads the English pipeline."""
    cold, warm = [], []
    cmd = [sys.executable, "-m", "solo", "play", "--batch"]
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as tmp:
            env = dict(os.environ, SOLO_HOME=tmp)
            env.pop("PYTHONDONTWRITEBYTECODE", None)
            cold.append(_wall(cmd, QUESTIONS, env))
            warm.append(_wall(cmd, QUESTIONS, env))
    return statistics.median(cold), statistics.median(warm)


def print_startup() -> None:
    print(f"start-up: whole-process wall time over bare `python -c pass`, median of {PAIRS} paired runs")
    for label, ratio, secs, bare, goal in startup_ratios():
        print(f"  {label:<34} {ratio:5.1f}×  ({secs * 1000:4.0f} ms; bare {bare * 1000:3.0f} ms)  "
              f"[{'meets' if ratio <= goal else 'MISSES'} the ≤ {goal:g}× goal]")
    cold, warm = first_questions()
    print(f"  play --batch, quick and three questions: {cold * 1000:.0f} ms with a fresh data folder (the English "
          f"pipeline loaded), {warm * 1000:.0f} ms again (its parses kept)")


def in_loop(policy: str, engine: str, games: int, runs: int) -> float:
    """Best nights/s of the engine's loop alone, one worker, CPU time."""
    from .nott.rules import ASHCAN
    from .sim.run import tally_games

    best = 0.0
    for _ in range(runs):
        t = time.process_time()
        tally_games(games, ASHCAN, policy, seed=1, workers=1, engine=engine)
        best = max(best, games / (time.process_time() - t))
    return best


def autoplay_seconds() -> float:
    from .nott.rules import ASHCAN
    from .sim.autoplay import autoplay

    with tempfile.TemporaryDirectory() as tmp:
        t = time.perf_counter()
        autoplay(1, ASHCAN, "careful", out=Path(tmp) / "bench.md")
        return time.perf_counter() - t


#: Lines a long night is played with, in turn: questions and the players' own lines (a step each).
LONG_NIGHT = ("ask is anyone hurt?", "Dex checks the window again.", "ask what's Kit carrying?",
              "Kit listens at the door.", "ask is it almost morning?", "ask is the killer close?")
STEP_AT = (100, 2000)
STEP_WINDOW = 21


def step_costs(at: tuple[int, ...] = STEP_AT, window: int = STEP_WINDOW) -> dict[int, tuple[float, float]]:
    """Wall seconds of one step of a batch night at each step number in ``at``: the median of
    ``window`` steps centred on it, and the mean of the steps before it (the second half of
    the night, at most :data:`~solo.play.journal.EVERY` steps: a long night's save is written
    whole once in as many, :mod:`solo.play.journal`); the save and the
    transcript written after every step as in play, by the REPL's own commands, in-process, in a
    data folder of their own."""
    import io

    last = max(at) + window
    with tempfile.TemporaryDirectory() as home:
        old = os.environ.get("SOLO_HOME")
        os.environ["SOLO_HOME"] = home
        try:
            from rich.console import Console

            from .repl.app import _leave
            from .repl.shell import Shell

            shell = Shell(Console(file=io.StringIO(), width=100, color_system=None))
            shell.run_line("quick")
            times = []
            for k in range(last):
                t = time.perf_counter()
                shell.run_line(LONG_NIGHT[k % len(LONG_NIGHT)])
                times.append(time.perf_counter() - t)
            _leave(shell)
        finally:
            if old is None:
                os.environ.pop("SOLO_HOME", None)
            else:
                os.environ["SOLO_HOME"] = old
    from .play.journal import EVERY

    return {n: (statistics.median(times[n - 1 - window // 2:n + window // 2]),
                statistics.fmean(times[max(n // 2, n - EVERY):n])) for n in at}


def print_step_costs() -> None:
    costs = step_costs()
    (early, early_mean), (late, late_mean) = costs[STEP_AT[0]], costs[STEP_AT[-1]]
    print(f"  a step of a long batch night (questions and lines, saved and written after each): step "
          f"{STEP_AT[0]:,} {early * 1000:.1f} ms, step {STEP_AT[-1]:,} {late * 1000:.1f} ms, "
          f"{late / early:.2f}× [{'meets' if late <= 2 * early else 'MISSES'} the ≤ 2× goal]; with the save's "
          f"whole writes spread over the steps: {early_mean * 1000:.1f} ms and {late_mean * 1000:.1f} ms, "
          f"{late_mean / early_mean:.2f}×")


JUDGE_GOAL = 1.0


def judge_at_the_cap(words: int, runs: int = 5) -> float:
    """Best wall seconds of the template judge over a line of ``words`` words against the worst
    phrasings a playset file can hold (as tests/narration/test_tropes_work.py builds them)."""
    from .director.tropes import MAX_PHRASINGS, TemplateJudge, catalogue
    from .playsets.model import MAX_PHRASING
    from .reading import MAX_PLAYSET_BYTES

    per = min((MAX_PLAYSET_BYTES - 20_000) // MAX_PHRASINGS, MAX_PHRASING - 3)
    phrasing = "a* " + "|".join(["b"] * (per // 2))
    name = "feeding the strange dog"
    tropes = catalogue({"name": "bench", "tropes": [name], "trope_phrasings": {name: [phrasing] * MAX_PHRASINGS}})
    judge = TemplateJudge()
    judge.match("warm up", tropes)  # the phrasings compiled once, as in play
    line = " ".join(["a"] * words)
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        judge.match(line, tropes)
        times.append(time.perf_counter() - t)
    return min(times)


def print_judge() -> None:
    from .limits import MAX_LINE

    longest = MAX_LINE // 2 - 1
    short, long = judge_at_the_cap(longest // 2), judge_at_the_cap(longest)
    verdict = "meets" if long < JUDGE_GOAL and long <= 3 * short else "MISSES"
    print(f"  the template judge, a playset's worst phrasings at its size cap: the longest line ({longest:,} "
          f"words) {long * 1000:.1f} ms, half of it {short * 1000:.1f} ms, {long / short:.2f}× "
          f"[{verdict} the goals: under {JUDGE_GOAL:g} s, ≤ 3×; it took 66 s]")


def main(argv: list[str] | None = None) -> int:
    from .sim import fast

    print("solo benchmark (figures, not assertions)")
    args = sys.argv[1:] if argv is None else argv
    if "--steps" in args:
        print_step_costs()
        return 0
    if "--judge" in args:
        print_judge()
        return 0
    print_startup()
    if "--startup" in args:
        return 0
    print(f"  the designer's JavaScript simulator here: {DESIGNERS} nights/s, 20,000 nights in about 0.6 s")
    engines = ["fast", "core"] if fast.available() else ["core"]
    if not fast.available():
        print(f"  ({fast.NOT_BUILT}: core engine figures only)")
    for policy in ("careful", "naive"):
        for engine in engines:
            runs = 9 if engine == "fast" else 3
            best, median = whole_process(["sim", "--games", str(GAMES), "--workers", "1", "--policy", policy,
                                          "--engine", engine], runs)
            loop = in_loop(policy, engine, 200_000 if engine == "fast" else 2_000, 3)
            verdict = (f"  [{'meets' if best < TARGET_SECONDS else 'MISSES'} the {TARGET_SECONDS} s target]"
                       if engine == "fast" else "")
            print(f"  {policy:<7} {engine} engine, one core, whole process: {GAMES / best:9,.0f} nights/s "
                  f"({GAMES:,} in {best:.2f} s, median {median:.2f} s); loop alone {loop:10,.0f} nights/s"
                  + verdict)
    workers = os.cpu_count() or 1
    best, median = whole_process(["sweep", "--set", "genre_points=0,4,8,13", "--games", "100000"], 3)
    print(f"  solo sweep --set genre_points=0,4,8,13 --games 100000 on {workers} cores: {best:.1f} s "
          f"(median {median:.1f} s; {400_000 / best:,.0f} nights/s)  "
          f"[{'meets' if best < SWEEP_TARGET else 'MISSES'} the {SWEEP_TARGET:.0f} s target]")
    print(f"  one autoplay night, template narrator, transcript written: {autoplay_seconds() * 1000:.0f} ms")
    print_step_costs()
    print_judge()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
