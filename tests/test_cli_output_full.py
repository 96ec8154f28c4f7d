"""Output that cannot be written (a full disk under ``> FILE``) is one line in plain words,
not Python's ``[Errno 28]``."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full on this system")
@pytest.mark.parametrize("argv", [["rules"], ["odds", "d10", "d8"]])
def test_a_full_output_is_one_plain_line(argv):
    with open("/dev/full", "w") as full:
        run = subprocess.run([sys.executable, "-m", "solo", *argv], stdout=full, stderr=subprocess.PIPE, text=True,
                             timeout=120)
    assert run.returncode != 0
    assert run.stderr.count("\n") == 1 and "Errno" not in run.stderr and "Traceback" not in run.stderr, run.stderr
    assert "No space left on the disk" in run.stderr and "could not be written" in run.stderr
