"""``solo autoplay`` where it cannot write (issue 49): a folder that cannot be written — the
``--out`` file's, the transcripts', the saves' — is refused in one line before the night is
played, never after it."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

#: solo's entry point, where a night begun is said on stderr and ends solo (exit code 3) unplayed.
COUNTED = """
import sys
import solo.sim.autoplay as played
def autoplay(*args, **kw):
    print("A NIGHT WAS PLAYED", file=sys.stderr)
    raise SystemExit(3)
played.autoplay = autoplay
sys.argv = ["solo", *sys.argv[1:]]
from solo.entry import run
sys.exit(run())
"""


def unprivileged() -> list[str]:
    """A command prefix under which a folder's mode is obeyed (root passes any; without its
    right to override file modes it does not)."""
    if os.geteuid() != 0:
        return []
    if shutil.which("setpriv") is None:
        pytest.skip("root, and no setpriv to give up overriding file modes")
    return ["setpriv", "--bounding-set=-dac_override,-dac_read_search"]


def read_only(path: Path) -> Path:
    path.mkdir(parents=True, exist_ok=True)
    path.chmod(0o555)
    probe = subprocess.run([*unprivileged(), sys.executable, "-c", f"open({str(path / 'p')!r}, 'w')"],
                           capture_output=True, timeout=120, check=False)
    if probe.returncode == 0:
        os.unlink(path / "p")
        pytest.skip("this machine writes into a read-only folder whatever is done")
    return path


def autoplay(home: Path, *args: str):
    env = dict(os.environ, SOLO_HOME=str(home), PYTHONPATH=str(ROOT), PYTHONIOENCODING="utf-8")
    return subprocess.run([*unprivileged(), sys.executable, "-c", COUNTED, "autoplay", "--seed", "3", *args],
                          capture_output=True, text=True, env=env, cwd=ROOT, timeout=120, check=False)


def refused_before_the_night(proc, named: Path) -> None:
    assert proc.returncode == 2, proc.stderr
    assert "A NIGHT WAS PLAYED" not in proc.stderr and proc.stdout == "", proc.stderr
    assert proc.stderr.count("\n") == 1 and str(named) in proc.stderr and "Traceback" not in proc.stderr


def test_out_in_a_read_only_folder_is_refused_before_the_night(tmp_path):
    ro = read_only(tmp_path / "ro")
    proc = autoplay(tmp_path / "home", "--out", str(ro / "night.md"))
    refused_before_the_night(proc, ro / "night.md")
    assert os.listdir(ro) == []  # no temp file left
    assert not list((tmp_path / "home").glob("saves/*.json"))


def test_a_read_only_transcripts_folder_is_refused_before_the_night(tmp_path):
    home = tmp_path / "home"
    ro = read_only(home / "transcripts")
    proc = autoplay(home)
    refused_before_the_night(proc, ro)
    assert os.listdir(ro) == []


def test_a_read_only_saves_folder_is_refused_before_the_night(tmp_path):
    home = tmp_path / "home"
    ro = read_only(home / "saves")
    proc = autoplay(home, "--out", str(tmp_path / "night.md"))
    refused_before_the_night(proc, ro)
    assert not (tmp_path / "night.md").exists()


def test_a_writable_place_goes_on_to_play(tmp_path):
    proc = autoplay(tmp_path / "home", "--out", str(tmp_path / "night.md"))
    assert proc.returncode == 3 and "A NIGHT WAS PLAYED" in proc.stderr, proc.stderr
