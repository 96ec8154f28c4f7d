"""Run a command with N cores kept busy by other processes, as on a shared machine.

    python tools/busy.py 2 -- make test

starts N processes that only spin, runs the command, stops the spinners when it ends (or when
this is interrupted; a spinner whose parent is gone stops by itself) and exits with the
command's exit code. ``make test-loaded`` runs ``make test`` so: no test may depend on the
machine being quiet.
"""

from __future__ import annotations

import subprocess
import sys
import time

#: A spinner: busy until its parent (this script) is gone, looking up every few million steps.
SPIN = """
import os
parent = os.getppid()
while os.getppid() == parent:
    for _ in range(2_000_000):
        pass
"""

USAGE = "usage: python tools/busy.py N -- COMMAND [ARG ...]"


def main(argv: list[str]) -> int:
    if len(argv) < 3 or argv[1] != "--" or not argv[0].isdigit():
        print(USAGE, file=sys.stderr)
        return 2
    n, command = int(argv[0]), argv[2:]
    spinners = [subprocess.Popen([sys.executable, "-c", SPIN]) for _ in range(n)]
    time.sleep(1)
    if any(p.poll() is not None for p in spinners):  # a spinner that does not spin loads nothing
        print("busy.py: a spinning process ended at once", file=sys.stderr)
        for p in spinners:
            p.kill()
        return 2
    print(f"busy.py: {n} spinning process{'es' if n != 1 else ''} ({', '.join(str(p.pid) for p in spinners)}) "
          f"beside: {' '.join(command)}", file=sys.stderr, flush=True)
    try:
        return subprocess.call(command)
    except KeyboardInterrupt:
        return 130
    finally:
        for p in spinners:
            p.kill()
        for p in spinners:
            p.wait()


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
