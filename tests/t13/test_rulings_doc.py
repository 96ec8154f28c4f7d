"""docs/rulings-t13.md names the tests that pin each ruling: every one must exist."""

import ast
import re
from pathlib import Path

from ..rulestexts import rules_text

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "rulings-t13.md"


def test_every_ruling_names_an_existing_test():
    text = DOC.read_text(encoding="utf-8")
    refs = set(re.findall(r"`(test_\w+\.py)::(test_\w+)`", text))
    assert len(refs) >= 18
    missing = []
    for file, name in sorted(refs):
        tree = ast.parse((ROOT / "tests" / "t13" / file).read_text(encoding="utf-8"))
        if name not in {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)}:
            missing.append(f"{file}::{name}")
    assert missing == []


def test_rulings_are_numbered_without_gaps_and_each_quotes_the_text():
    text = DOC.read_text(encoding="utf-8")
    numbers = [int(n) for n in re.findall(r"^(\d+)\. \*\*", text, re.M)]
    assert numbers == list(range(1, len(numbers) + 1))
    for block in re.split(r"^\d+\. \*\*", text, flags=re.M)[1:]:
        assert '*"' in block and "Test" in block, block[:60]


def test_every_quote_is_in_the_text():
    spec = " ".join(rules_text("t13-card-draw-test.md").split())  # fails loudly where it is missing
    for quote in re.findall(r'\*"(.+?)"\*', DOC.read_text(encoding="utf-8"), re.S):
        for part in re.split("…", " ".join(quote.split())):
            part = part.strip(" .,")
            if part:
                assert part in spec, part
