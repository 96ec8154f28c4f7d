"""The rulebook texts the tests quote, found beside the checkout (``../shared/rules``) or in
``$SOLO_RULES_DIR``. A missing folder fails the test that needs it, saying where it looked:
never a silent skip."""

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
        pytest.fail(f"the rulebook text {name} is not at {path}: put the rules folder beside the checkout "
                    "(../shared/rules) or set SOLO_RULES_DIR", pytrace=False)
    return path.read_text(encoding="utf-8")


def flat(text: str) -> str:
    """Text with its whitespace, quote marks and emphasis made plain, for comparing quotes."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)  # [a link](#) reads as its words
    for a, b in (("’", "'"), ("‘", "'"), ("“", '"'), ("”", '"'), ("**", ""), ("*", ""), ("\\", "")):
        text = text.replace(a, b)
    return " ".join(text.split())
