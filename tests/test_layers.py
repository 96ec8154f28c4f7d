"""The package's layers hold: ``lint-imports`` (import-linter, configured in pyproject.toml)
finds no import against the declared layers, no import of the director by its voices, and no
import circle at any depth of ``solo``. ``make test`` runs it too."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LINT = Path(sys.executable).parent / "lint-imports"


@pytest.mark.skipif(not LINT.exists() and not shutil.which("lint-imports"),
                    reason="import-linter is not installed (make test installs it)")
def test_the_declared_layers_hold():
    out = subprocess.run([str(LINT) if LINT.exists() else "lint-imports", "--no-cache"], cwd=ROOT,
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-2000:]
    assert "0 broken" in out.stdout
