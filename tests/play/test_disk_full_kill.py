"""The REPL played in another process on a disk that fills and frees, killed (kill -9) at random
moments and resumed: every step it showed comes back, each failed write is one line naming the
save, and quit on a full disk ends in that line, never in ``[Errno 28]``.

The disk is the one the child writes its data folder on: while a flag file exists, a write
there takes part of what it is given and then fails with ENOSPC, and a flush fails. After every
line the child prints the night as it stands (each step's digest): what the player was shown."""

from __future__ import annotations

import hashlib
import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from solo.play.saves import read_save

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(not os.path.isdir("/proc/self/fd") or not hasattr(signal, "SIGKILL"),
                                reason="the disk is told apart by /proc/self/fd; kill -9")

CHILD = r'''
import errno, os, sys
root = os.path.realpath(os.environ["SOLO_HOME"]) + os.sep
flag = sys.argv[1]
real_write, real_fsync = os.write, os.fsync

def ours(fd):
    try:
        return os.readlink(f"/proc/self/fd/{fd}").startswith(root)
    except OSError:
        return False

def write(fd, data):
    if os.path.exists(flag) and ours(fd):
        if len(data) > 1:
            return real_write(fd, bytes(data)[: len(data) // 2])  # part of it: a line cut short
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
    return real_write(fd, data)

def fsync(fd):
    if os.path.exists(flag) and ours(fd):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
    return real_fsync(fd)

os.write, os.fsync = write, fsync
import hashlib, json
from solo.play import journal
journal.SMALL, journal.EVERY = 4, 6  # the journal from the fourth step, the save whole every sixth line
from solo.repl.shell import Shell
run_line = Shell.run_line

def shown(self, line):
    try:
        return run_line(self, line)
    finally:
        night = self.night
        if night is not None:
            steps = night.save_body()["steps"]
            digests = [hashlib.sha256(json.dumps(s, sort_keys=True).encode()).hexdigest()[:8] for s in steps]
            said = hashlib.sha256(line.encode("utf-8", "replace")).hexdigest()[:8]
            print("@@", said, " ".join(digests) or "-", flush=True)

Shell.run_line = shown
from solo.entry import run
sys.exit(run(sys.argv[2:]))
'''


def said(line: str) -> str:
    return hashlib.sha256(line.encode("utf-8", "replace")).hexdigest()[:8]


def digests(path: Path) -> list[str]:
    """The steps a resume finds in the save at ``path`` (and its journal)."""
    steps = read_save(path).dump()["steps"]
    return [hashlib.sha256(json.dumps(s, sort_keys=True).encode()).hexdigest()[:8] for s in steps]


ALIVE: list[subprocess.Popen] = []  # the children, ended at the test's end whatever happens


class Child:
    """``solo play`` in batch mode in another process, a line at a time."""

    def __init__(self, home: Path, flag: Path, *args: str) -> None:
        env = dict(os.environ, SOLO_HOME=str(home), PYTHONPATH=str(ROOT), PYTHONUNBUFFERED="1",
                   PYTHONIOENCODING="utf-8")
        self.proc = subprocess.Popen([sys.executable, "-c", CHILD, str(flag), "play", "--batch", *args],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     env=env, cwd=ROOT, text=True, encoding="utf-8")
        ALIVE.append(self.proc)
        self.shown: list[str] | None = None  # the night as last shown
        self.errors: list[str] = []

    def send(self, line: str) -> None:
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def _read(self, line: str) -> str | None:
        """Take in a line of output; the line run, told by its digest, when it is a marker."""
        if line.startswith("@@ "):
            words = line.split()[1:]
            self.shown = [] if words[1:] == ["-"] else words[1:]
            return words[0]
        if line.startswith("error:"):
            self.errors.append(line.rstrip("\n"))
        return None

    def run(self, line: str) -> bool:
        """Run ``line``; True when it ran without an error."""
        errors = len(self.errors)
        self.send(line)
        while True:
            out = self.proc.stdout.readline()
            assert out, self.proc.stderr.read()
            if self._read(out) == said(line):
                return len(self.errors) == errors

    def kill(self) -> None:
        """kill -9, then read what it had shown before it died."""
        self.proc.send_signal(signal.SIGKILL)
        for out in self.proc.stdout:
            self._read(out)
        self.proc.wait()

    def quit(self) -> tuple[int, str]:
        self.proc.stdin.close()
        for out in self.proc.stdout:
            self._read(out)
        err = self.proc.stderr.read()
        return self.proc.wait(), err


NAMES = ("Tina", "Iris", "Laurie", "Vic")


def commands(rng: random.Random):
    """Lines a player types: Tests taken in turn (test, roll, resolve), with a line of the
    story, a note or an undo between them now and then."""
    k = 0
    while True:
        for line in (f"test {rng.choice(NAMES)}", "roll", "resolve"):
            k += 1
            yield line
            if rng.random() < 0.3:
                yield rng.choice((f"Tina tries the door {k}.", f"note jot {k}", "undo"))


def plain(errors: list[str], save: Path) -> None:
    for line in errors:
        if "disk" in line:
            assert repr(str(save)) in line and "free some space" in line and ".tmp" not in line, line


@pytest.fixture
def ended():
    """Every child ended when the test ends (a failed assertion leaves none waiting for input)."""
    yield
    while ALIVE:
        proc = ALIVE.pop()
        if proc.poll() is None:
            proc.kill()
        proc.wait()
        for stream in (proc.stdin, proc.stdout, proc.stderr):
            try:
                stream.close()
            except (OSError, ValueError):
                pass


def test_every_step_shown_comes_back_through_a_full_disk_and_kill_9(tmp_path, ended):
    rng = random.Random(13)
    home, flag = tmp_path / "home", tmp_path / "full"
    child = Child(home, flag, "--seed", "5", "--quick")
    child.run("# begin")
    save = next((home / "saves").glob("night-*.json"))
    errors: list[str] = []
    played = 0
    typed = commands(rng)
    for life in range(2):
        for _ in range(rng.randrange(20, 30)):
            if rng.random() < 0.2:
                if flag.exists():
                    flag.unlink()
                else:
                    flag.touch()
            played += child.run(next(typed)) and not flag.exists()
            assert digests(save) == child.shown  # what a kill now would leave: all that was shown
        child.send(next(typed))  # under way when it is killed
        time.sleep(rng.random() * 0.02)
        child.kill()
        shown = child.shown
        resumed = digests(save)
        # every step shown is there; the step under way may be too (or an undo under way done)
        assert resumed in (shown, shown[:-1]) or (resumed[:-1] == shown and len(resumed) == len(shown) + 1), life
        plain(child.errors, save)
        errors += child.errors
        if flag.exists():
            flag.unlink()  # space back for the resume
        child = Child(home, flag, "--resume")
        child.run("# resumed")
        assert child.shown == resumed  # the REPL resumes the night found on disk
    assert played and any(e.startswith("error: No space left on the disk") for e in errors)
    flag.touch()  # quit on a full disk: one line, nothing lost
    code, err = child.quit()
    assert code != 0 and "Errno" not in err and "Traceback" not in err, err
    assert err.count("\n") == 1 and repr(str(save)) in err and "No space left on the disk" in err, err
    assert digests(save) == child.shown
    flag.unlink()
    for folder in ("saves", "transcripts"):
        assert not [p for p in (home / folder).iterdir() if p.name.endswith(".tmp")]
