"""Ctrl-C in the first moments of a command (while solo imports itself, while its options are
read) is ``solo: interrupted`` and exit code 130, never a traceback; a closed pipe stays quiet."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import tomllib
from pathlib import Path

import pytest

import solo

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = Path(sys.executable).parent / "solo"
PACKAGE = Path(solo.__file__).resolve().parent
#: After the start: in the interpreter's start-up, solo's imports, its options, the nights (dense where
#: solo's own start-up falls on this machine: some 15–20 ms in, about 5 ms wide).
DELAYS = (0.0, 0.005, 0.01, 0.0125, 0.015, 0.0175, 0.02, 0.025, 0.03, 0.04, 0.05, 0.06, 0.08, 0.1, 0.13, 0.17, 0.2)


def _as_at_a_terminal() -> None:
    # a job started in the background by a shell without job control ignores Ctrl-C, and so
    # would every process it starts: the command is run as a terminal runs it
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def interrupted(command: list[str], delay: float) -> tuple[int, str]:
    proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, cwd=ROOT,
                            preexec_fn=_as_at_a_terminal)
    time.sleep(delay)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=120)
    return proc.returncode, err


#: What Python says when Ctrl-C lands in its own start-up, before a line of solo runs.
STARTUP = ("Fatal Python error: init_", "Failed checking if argv[0] is an import path entry")
#: The line that imports the entry point, in solo's script and in ``python -m solo``.
ENTRY_IMPORTS = ("from .entry import run", "from solo.entry import run")


def frames(err: str) -> list[tuple[str, str]]:
    """(file, source line) of each frame of the tracebacks in ``err`` ("" at line 0: the frame
    had not run a line yet)."""
    lines = err.splitlines()
    return [(line.split('"')[1], lines[i + 1].strip() if i + 1 < len(lines) and ", line 0," not in line else "")
            for i, line in enumerate(lines) if line.startswith('  File "')]


def in_solo(where: str, source: str) -> bool:
    """A frame of solo's own code, past the import of its entry point (which no code can
    guard: it is the script's, or runpy's, and the package's one-line ``__init__``)."""
    path = Path(where)
    if path == SCRIPT or path == PACKAGE / "__main__.py":
        return source not in ("", *ENTRY_IMPORTS)  # not before its first line, nor in the entry's import
    return PACKAGE in path.parents and path != PACKAGE / "__init__.py"


def before_solo(err: str) -> bool:
    """Interrupted in the interpreter's own start-up, or while it imported the entry point:
    Python's traceback there is not solo's to prevent; nor is "Could not import runpy module"
    (``python -m`` interrupted while the interpreter imports its own runpy, before any of solo);
    nor is a bare "KeyboardInterrupt" with no traceback (the interpreter set up, no frame yet)."""
    if err.startswith("Could not import runpy module"):
        return True
    if err.strip() == "KeyboardInterrupt":
        return True  # the interpreter's own start-up, before any frame of Python code: no traceback to tell
    return "Traceback" in err and (err.startswith(STARTUP) or not any(in_solo(*f) for f in frames(err)))


@pytest.mark.parametrize("how", ["module", "script"])
def test_ctrl_c_at_any_early_moment_is_no_traceback(how):
    if how == "script" and not SCRIPT.exists():
        pytest.skip("no installed solo script beside this python")
    command = ([sys.executable, "-m", "solo"] if how == "module" else [str(SCRIPT)])
    command += ["sim", "--games", "20000", "--workers", "1", "--engine", "core", "--json"]
    seen = set()
    for _ in range(3):  # until one lands in solo's start-up
        for delay in DELAYS:
            code, err = interrupted(command, delay)
            if before_solo(err):
                continue
            elif code in (130, -signal.SIGINT):
                # -SIGINT (130 to a shell) too: before Python set its handler, or Python 3.11 ending
                # by the signal anyway when the caught interrupt was raised inside an eval() (as
                # collections.namedtuple makes its classes)
                assert err in ("", "solo: interrupted\n"), f"after {delay} s:\n{err}"
            else:
                assert code == 0 and "Traceback" not in err, f"after {delay} s, code {code}:\n{err}"
            seen.add(err)
        if "solo: interrupted\n" in seen:
            break
    assert "solo: interrupted\n" in seen, seen


def test_the_entry_point_imports_nothing_heavy():
    out = subprocess.run([sys.executable, "-c", "import sys, solo.entry; print(' '.join(sorted(sys.modules)))"],
                         capture_output=True, text=True, check=True).stdout.split()
    assert not [m for m in out if m.startswith("solo.") and m != "solo.entry"]
    assert not {"argparse", "rich", "pydantic", "distributed"} & set(out)


def test_the_script_and_python_m_solo_both_start_at_the_entry_point():
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert data["project"]["scripts"]["solo"] == "solo.entry:run"
    assert "from .entry import run" in (ROOT / "solo" / "__main__.py").read_text(encoding="utf-8")


def test_a_closed_pipe_early_is_quiet():
    # `solo --help | true`: the help is printed before any command runs
    r, w = os.pipe()
    os.close(r)
    try:
        proc = subprocess.run([sys.executable, "-m", "solo", "--help"], stdout=w, stderr=subprocess.PIPE,
                              text=True, timeout=120)
    finally:
        os.close(w)
    assert "Traceback" not in proc.stderr and "Exception ignored" not in proc.stderr, proc.stderr


LOST_INTERRUPT = """
import sys, time
import solo.cli, solo.entry

class Interrupts:
    def __del__(self):  # as Ctrl-C landing in an import lock's weakref callback: Python cannot raise it
        raise KeyboardInterrupt

def main(argv):
    Interrupts()
    for _ in range(500):  # a moment to be interrupted in
        time.sleep(0.01)
    print("not interrupted")
    return 0

solo.cli.main = main
sys.exit(solo.entry.run([]))
"""


def test_ctrl_c_where_python_cannot_raise_it_is_not_lost():
    proc = subprocess.run([sys.executable, "-c", LOST_INTERRUPT], capture_output=True, text=True, timeout=120,
                          preexec_fn=_as_at_a_terminal)
    assert (proc.returncode, proc.stdout, proc.stderr) == (130, "", "solo: interrupted\n")
