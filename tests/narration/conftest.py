"""Shared fixtures for the narration tests: a seeded game and a shared Jinja environment."""

from __future__ import annotations

import re

import pytest

from solo.narration import TemplateNarrator, make_environment
from solo.nott import Game, quick_cast

LEFTOVERS = ("{{", "}}", "{%", "%}", "{#", "#}", "None", "Undefined", "undefined")


def check_text(text: str) -> None:
    """What every narrated text must look like."""
    assert isinstance(text, str) and text.strip(), "empty narration"
    for bad in LEFTOVERS:
        assert bad not in text, f"{bad!r} left in {text!r}"
    assert text == text.strip() and "  " not in text and "\n" not in text, repr(text)
    assert text[-1] in ".!?", f"unfinished sentence: {text!r}"
    assert not re.search(r"\s[.,;:!?]", text), f"space before punctuation: {text!r}"
    sentences = re.findall(r"[.!?](?:\s|$)", text)
    assert 1 <= len(sentences) <= 7, f"{len(sentences)} sentences: {text!r}"


@pytest.fixture(scope="session")
def check():
    """``check(text)`` asserts what every narrated text must look like."""
    return check_text


@pytest.fixture(scope="session")
def env():
    return make_environment()


@pytest.fixture
def game():
    return Game(quick_cast(3), seed=3)


@pytest.fixture
def narrator(env):
    return TemplateNarrator(seed=11, environment=env)


def pytest_terminal_summary(terminalreporter):
    """Print the story figures (continuity over many nights, variety) when they were measured."""
    from .test_story import FIGURES

    if FIGURES:
        terminalreporter.section("the story, measured")
        for line in FIGURES.values():
            terminalreporter.write_line(line)
