"""Packaging: a fresh install builds without deprecation warnings; make play installs only
the runtime, make test adds the test tools."""

import re
import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest

PYPROJECT = Path(__file__).resolve().parents[1] / "pyproject.toml"


def test_license_is_an_spdx_string_and_the_build_requires_a_setuptools_that_reads_it():
    # PEP 639: ``license`` is an SPDX expression; a TOML table ({text = …}) makes setuptools ≥ 77
    # print a screen of deprecation warnings on every build. setuptools reads the string from 77 on.
    data = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))
    assert data["project"]["license"] == "MIT"
    assert not any(c.startswith("License ::") for c in data["project"].get("classifiers", []))
    reqs = [r for r in data["build-system"]["requires"] if r.startswith("setuptools")]
    m = re.fullmatch(r"setuptools>=(\d+)(?:\.\d+)*", reqs[0].replace(" ", ""))
    assert m and int(m.group(1)) >= 77, reqs


# -- issue 26, item 8: make play installs the runtime only, quietly ----------------------------

ROOT = PYPROJECT.parent


def recipe(target: str) -> list[str]:
    """The commands ``make TARGET`` runs on a fresh clone (``-n -B``: shown, none run)."""
    done = subprocess.run(["make", "-n", "-B", "-C", str(ROOT), "--no-print-directory", target],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


@pytest.mark.skipif(shutil.which("make") is None, reason="needs make")
def test_make_play_installs_the_runtime_only_and_make_test_adds_the_test_tools():
    play = [line for line in recipe("play") if "pip install" in line and "--upgrade pip" not in line]
    assert play and all("[test]" not in line and "'.[" not in line for line in play), play
    assert recipe("play")[-1].strip().endswith("solo play")
    test = [line for line in recipe("test") if "pip install" in line and "--upgrade pip" not in line]
    assert any(".[test]" in line for line in test), test


@pytest.mark.skipif(shutil.which("make") is None, reason="needs make")
def test_the_editable_installs_do_not_show_setuptools_information_warning():
    installs = [line for t in ("play", "test") for line in recipe(t) if "pip install" in line and " -e " in line]
    assert installs and all(line.startswith("PYTHONWARNINGS=ignore::UserWarning ") for line in installs), installs
