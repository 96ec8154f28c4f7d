"""The three rulings documents keep their promises: every ruling quotes the rulebook word for
word (each quoted piece is in the rules text), names at least one test, and every test it
names exists in that system's test folder. ``::name`` after a ``file.py::name`` names another
test in the same file. A quote may leave words out (…), add a [gloss], or give a table row's
cells as ``a / b``."""

from __future__ import annotations

import ast
import re

import pytest

from .rulestexts import ROOT, flat, rules_text

DOCS = {
    # doc: (test folder, rules texts, how a ruling begins)
    "rulings.md": ("nott", ("nott-ashcan-2025.md", "nott-playtest-configuration.md",
                            "nott-intro-for-new-players.md"), r"^\d+\. \*\*"),
    "rulings-t13.md": ("t13", ("t13-card-draw-test.md",), r"^\d+\. \*\*"),
    "rulings-lucky13.md": ("lucky13", ("lucky13-engine-v1.md",), r"^\*\*R\d+ — "),
}


def rulings(doc: str) -> list[str]:
    text = (ROOT / "docs" / doc).read_text(encoding="utf-8")
    return re.split(DOCS[doc][2], text, flags=re.M)[1:]


def named_tests(block: str) -> list[tuple[str, str]]:
    out, file = [], None
    for m in re.finditer(r"`(?:(test_\w+\.py))?::(test_\w+)`", block):
        file = m.group(1) or file
        assert file, f"::{m.group(2)} names no file: {block[:80]!r}"
        out.append((file, m.group(2)))
    return out


def functions(folder: str, file: str) -> set[str]:
    path = ROOT / "tests" / folder / file
    assert path.is_file(), f"no tests/{folder}/{file}"
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {n.name for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}


@pytest.mark.parametrize("doc", DOCS)
def test_every_named_test_exists(doc):
    folder = DOCS[doc][0]
    refs = {ref for block in rulings(doc) for ref in named_tests(block)}
    assert len(refs) >= 18
    missing = [f"{f}::{n}" for f, n in sorted(refs) if n not in functions(folder, f)]
    assert missing == []


@pytest.mark.parametrize("doc", DOCS)
def test_every_ruling_names_a_test(doc):
    blocks = rulings(doc)
    assert len(blocks) >= 15
    nameless = [b[:70] for b in blocks if not named_tests(b)]
    assert nameless == []


@pytest.mark.parametrize("doc", DOCS)
def test_every_quote_is_the_rulebooks(doc):
    spec = flat(" ".join(rules_text(name) for name in DOCS[doc][1]))
    text = (ROOT / "docs" / doc).read_text(encoding="utf-8")
    quotes = re.findall(r'(?<!\*)\*["“](.+?)["”]\*(?!\*)', text, re.S)
    assert len(quotes) >= 15
    wrong = []
    for quote in quotes:
        for part in re.split(r"…|\.\.\.|\[[^\]]*\]| / ", flat(quote)):  # elisions, [glosses], table cells
            part = part.strip(" .,;:")
            if len(part) > 3 and part not in spec:
                wrong.append(part)
    assert wrong == []
