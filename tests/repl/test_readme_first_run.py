"""The README's first session is what a fresh run shows: its block is played in a pseudo-terminal
through the installed ``solo`` script (as ``make play`` starts it) and compared."""

import os
import re
import shlex
import sys
import tempfile
from pathlib import Path

import pytest

from .ptyrun import run_in_pty

ROOT = Path(__file__).resolve().parents[2]
VENV_SOLO = Path(sys.executable).parent / "solo"
PROMPTS = ("Ruleset — ashcan or playtest (Enter: ashcan): ", "nott› ")


def readme_session() -> tuple[list[str], list[str]]:
    """The command line and the block's lines, from the README's first session."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = text.split("## A first session", 1)[1].split("```text\n", 1)[1].split("\n```", 1)[0]
    lines = block.splitlines()
    assert lines[0].startswith("$ make play")
    return shlex.split(lines[0][2:]), lines[1:]


def pattern(lines: list[str]) -> re.Pattern:
    """The block as a pattern: whitespace (line wrapping) loose, each … any text. A long path
    may be wrapped at a ``-`` or after a ``/`` (how long depends on the test's temporary folder)."""
    parts = []
    for line in lines:
        pieces = [re.escape(" ".join(p.split())).replace(r"\-", r"\s*\-\s*").replace("/", r"/\s*")
                  for p in line.split("…")]
        parts.append(".*?".join(pieces))
    return re.compile(r"\s*".join(parts).replace(r"\ ", r"\s+"), re.S)


@pytest.mark.skipif(not VENV_SOLO.exists() or sys.platform == "win32", reason="needs the installed solo script and a pty")
def test_the_readme_first_session_matches_a_fresh_run():
    command, lines = readme_session()
    args = shlex.split(next(w for w in command if w.startswith("ARGS="))[5:]) if any(
        w.startswith("ARGS=") for w in command) else []
    replies = []
    for line in lines:
        for prompt in PROMPTS:
            if line.startswith(prompt):
                replies.append((prompt.rstrip(), line[len(prompt):] + "\r"))
    assert replies[0] == ("Ruleset — ashcan or playtest (Enter: ashcan):", "quick\r") and replies[-1][1] == "quit\r"
    # make play runs .venv/bin/solo from the folder that holds .venv; this tree's solo is the one tested
    home = VENV_SOLO.parent.parent.parent
    # a short data folder, so the save's path fits the 80-column screen as it does in the README
    with tempfile.TemporaryDirectory(prefix="solo-", dir="/tmp") as short:
        env = dict(os.environ, SOLO_HOME=short, PYTHONPATH=str(ROOT), PATH="/usr/bin:/bin")
        screen = run_in_pty([str(VENV_SOLO), "play", *args], replies, env=env, cwd=str(home))
    # the pty reports no cursor position (PROMPT_TOOLKIT_NO_CPR=1), so the table's line is drawn
    # above each prompt; at a terminal it is the bottom toolbar, which the README does not show
    screen = re.sub(r"(?m)^ \S+ .*? \| .*\n(?=nott› )", "", screen)
    assert pattern(lines).search(screen), screen
