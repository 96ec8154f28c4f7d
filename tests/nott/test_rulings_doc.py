"""docs/rulings.md names the tests that pin each ruling: every one must exist."""

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_every_ruling_names_an_existing_test():
    text = (ROOT / "docs" / "rulings.md").read_text(encoding="utf-8")
    refs = set(re.findall(r"`(test_\w+\.py)::(test_\w+)`", text))
    assert len(refs) >= 25
    missing = []
    for file, name in sorted(refs):
        tree = ast.parse((ROOT / "tests" / "nott" / file).read_text(encoding="utf-8"))
        names = {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)}
        if name not in names:
            missing.append(f"{file}::{name}")
    assert missing == []


def test_rulings_are_numbered_without_gaps():
    text = (ROOT / "docs" / "rulings.md").read_text(encoding="utf-8")
    numbers = [int(n) for n in re.findall(r"^(\d+)\. \*\*", text, re.M)]
    assert numbers == list(range(1, len(numbers) + 1))
