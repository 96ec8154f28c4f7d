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


def per_core(policy: str, games: int) -> float:
    from .nott.rules import ASHCAN
    from .sim.run import simulate

    best = 0.0
    for _ in range(3):  # best of three: the machine is shared
        t = time.process_time()
        simulate(games, ASHCAN, policy, seed=1, workers=1)
        best = max(best, games / (time.process_time() - t))
    return best


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
        rate = per_core(policy, 4000)
        mark = "meets" if rate >= TARGET_PER_CORE else "BELOW"
        print(f"  one worker, {policy:<7}: {rate:8,.0f} games/s per core (CPU time)  "
              f"[{mark} the {TARGET_PER_CORE:,}/s target]" if policy == "careful" else
              f"  one worker, {policy:<7}: {rate:8,.0f} games/s per core (CPU time)")
    workers, rate = all_cores(20000)
    print(f"  all cores ({workers}), careful: {rate:8,.0f} games/s (wall clock)")
    print(f"  one million careful games on {workers} cores: about {1_000_000 / rate / 60:.1f} minutes "
          f"(target: under 4)")
    print(f"  one autoplay night, template narrator, transcript written: {autoplay_seconds() * 1000:.0f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
