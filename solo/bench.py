"""``make bench``: speed figures for the simulator and autoplay, printed, never asserted.

Targets (issue: the simulator, faster than the designer's own): ``solo sim --games 20000
--workers 1`` in under 0.4 s as a whole process (1.5× the designer's JavaScript simulator,
which does 20,000 nights in about 0.6 s here), careful and naive; ``solo sweep --set
genre_points=0,4,8,13 --games 100000`` in under 10 s. Whole-process figures are wall time
(start-up counts for a user: the best of several runs, the median beside it, as the machine is
shared); in-loop figures are CPU time for one worker.
"""

from __future__ import annotations

import os
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


def main() -> int:
    from .sim import fast

    print("solo benchmark (figures, not assertions)")
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
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
