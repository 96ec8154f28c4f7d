"""``play --quick`` whose night cannot be dealt (its save cannot be written) stops with a
non-zero exit and one line saying why, before any line of the input is run as if a night
were there."""

from __future__ import annotations

import subprocess
import sys


def test_quick_that_fails_ends_the_batch_non_zero(tmp_path):
    home = tmp_path / "home"
    home.write_text("not a folder\n", encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "solo", "play", "--quick", "--batch", "--seed", "5"],
                         input="quit\n", capture_output=True, text=True, timeout=120,
                         env={"SOLO_HOME": str(home), "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)})
    assert run.returncode != 0
    assert "is a file, not a folder" in run.stdout + run.stderr
    assert "Traceback" not in run.stdout + run.stderr
    assert home.read_text(encoding="utf-8") == "not a folder\n"
