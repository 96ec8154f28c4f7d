"""The rulebook texts the tests quote, found beside the checkout (``../shared/rules``) or in
``$SOLO_RULES_DIR``. Where the folder is missing (a fresh clone), a test that needs a text is
skipped with a one-line reason saying how to provide it; with ``SOLO_REQUIRE_RULES=1`` (set by
``.ci/run``) it fails instead, so CI never skips them."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def rules_dir() -> Path:
    return Path(os.environ.get("SOLO_RULES_DIR") or ROOT.parent / "shared" / "rules")


def rules_text(name: str) -> str:
    path = rules_dir() / name
    if not path.is_file():
        why = (f"the rulebook text {name} is not at {path}: set SOLO_RULES_DIR to the folder of "
               "rulebook texts (or put it beside the checkout as ../shared/rules)")
        if os.environ.get("SOLO_REQUIRE_RULES", "") not in ("", "0"):
            pytest.fail(why + " (SOLO_REQUIRE_RULES is set: they may not be skipped)", pytrace=False)
        pytest.skip(why)
    return path.read_text(encoding="utf-8")


def flat(text: str) -> str:
    """Text with its whitespace, quote marks and emphasis made plain, for comparing quotes."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)  # [a link](#) reads as its words
    for a, b in (("’", "'"), ("‘", "'"), ("“", '"'), ("”", '"'), ("**", ""), ("*", ""), ("\\", "")):
        text = text.replace(a, b)
    return " ".join(text.split())
