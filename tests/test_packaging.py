"""Packaging: a fresh install builds without deprecation warnings."""

import re
import tomllib
from pathlib import Path

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
