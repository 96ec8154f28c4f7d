"""``solo sim --workers 2`` whose parent is killed (SIGTERM or SIGKILL) in the middle of a run:
its workers end without a word, never a ``BrokenPipeError`` traceback each (issue 49)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from .threads import in_thread

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)")


def children(pid: int) -> list[int]:
    out = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                out.append(int(entry))
    return out


def cpu_ticks(pid: int) -> int:
    """User and system time ``pid`` has used, in clock ticks (0 once it has ended)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0
    return 0 if fields[0] in "ZX" else int(fields[11]) + int(fields[12])


def busy_workers(proc: subprocess.Popen, n: int) -> list[int]:
    """The ``n`` workers of ``proc`` once each is playing nights (has used CPU time)."""
    for _ in range(6000):  # a guard against a hang, not a time bound
        assert proc.poll() is None, proc.stderr.read()
        workers = children(proc.pid)
        if len(workers) >= n and all(cpu_ticks(w) >= 5 for w in workers):
            return workers
        time.sleep(0.01)
    pytest.fail("the workers never started")


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGKILL])
@pytest.mark.parametrize("engine", ["core", "fast"])
def test_workers_of_a_killed_run_end_without_a_traceback(tmp_path, sig, engine):
    from solo.sim import fast

    if engine == "fast" and not fast.available():
        pytest.skip("the fast engine is not built")
    env = dict(os.environ, SOLO_HOME=str(tmp_path), PYTHONPATH=str(ROOT))
    games = "2000000" if engine == "core" else "100000000"
    proc = subprocess.Popen([sys.executable, "-m", "solo", "sim", "--games", games, "--workers", "2",
                             "--engine", engine, "--json"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            env=env, cwd=ROOT)
    workers: list[int] = []
    try:
        workers = busy_workers(proc, 2)
        proc.send_signal(sig)
        box, reading = in_thread(proc.stderr.read)  # to its end: every worker holds stderr until it ends
        reading.join(120)  # a guard against a worker that never ends
        assert not reading.is_alive(), "a worker of the killed run went on (stuck)"
        proc.wait(timeout=120)
        err = box["out"].decode()
        assert "Traceback" not in err and "BrokenPipeError" not in err and "Error" not in err, err
        assert err == "", err
        for _ in range(6000):  # stderr is closed as a worker ends: the end itself follows at once
            if not [w for w in workers if cpu_ticks(w)]:
                break
            time.sleep(0.01)
        assert [w for w in workers if cpu_ticks(w)] == []  # none left playing
    finally:
        for w in [proc.pid, *workers]:  # what this test started, if still there
            try:
                if cpu_ticks(w) and b"sim" in Path(f"/proc/{w}/cmdline").read_bytes():
                    os.kill(w, signal.SIGKILL)
            except OSError:
                pass
