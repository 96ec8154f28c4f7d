"""``make bench``: speed figures for the simulator and autoplay, printed, never asserted.

Targets (issue: the simulator): at least 2,500 games per second per core with the careful
policy, i.e. one million games on two cores in under four minutes. Figures use CPU time
for one worker (robust on a shared machine) and wall time for all cores.
"""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

TARGET_PER_CORE = 2500


def per_core(policy: str, games: int, runs: int = 15) -> tuple[float, float]:
    """(best, median) games per second on one worker, in CPU time. The best of several runs
    is the machine's own speed; the median shows how noisy the shared machine is."""
    from .nott.rules import ASHCAN
    from .sim.run import simulate

    rates = []
    for _ in range(runs):
        t = time.process_time()
        simulate(games, ASHCAN, policy, seed=1, workers=1)
        rates.append(games / (time.process_time() - t))
    rates.sort()
    return rates[-1], rates[len(rates) // 2]


def all_cores(games: int) -> tuple[int, float]:
    from .nott.rules import ASHCAN
    from .sim.run import simulate

    workers = os.cpu_count() or 1
    t = time.perf_counter()
    simulate(games, ASHCAN, "careful", seed=1, workers=workers)
    return workers, games / (time.perf_counter() - t)


def autoplay_seconds() -> float:
    from .nott.rules import ASHCAN
    from .sim.autoplay import autoplay

    with tempfile.TemporaryDirectory() as tmp:
        t = time.perf_counter()
        autoplay(1, ASHCAN, "careful", out=Path(tmp) / "bench.md")
        return time.perf_counter() - t


def main() -> int:
    print("solo benchmark (figures, not assertions)")
    for policy in ("careful", "naive"):
        best, median = per_core(policy, 1000)
        line = f"  one worker, {policy:<7}: {best:8,.0f} games/s per core (CPU time, best of 15 runs; median {median:,.0f})"
        if policy == "careful":
            line += f"  [{'meets' if best >= TARGET_PER_CORE else 'BELOW'} the {TARGET_PER_CORE:,}/s target]"
        print(line)
    workers, rate = all_cores(20000)
    print(f"  all cores ({workers}), careful: {rate:8,.0f} games/s (wall clock)")
    print(f"  one million careful games on {workers} cores: about {1_000_000 / rate / 60:.1f} minutes "
          f"(target: under 4)")
    print(f"  one autoplay night, template narrator, transcript written: {autoplay_seconds() * 1000:.0f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
