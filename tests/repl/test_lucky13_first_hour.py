"""Lucky 13's first hour, as a newcomer types it: a character made from the README is told how
to get skills and starting specializations, a missing skill is added in place (a step that
saves and undoes), `none` rolls without a skill and says so, and counts agree with their nouns."""

from __future__ import annotations

import io
import re
from pathlib import Path

from rich.console import Console

from solo.lucky13.session import Scene
from solo.repl.lucky13 import Lucky13Shell

ROOT = Path(__file__).resolve().parents[2]


def shell(*lines: str) -> Lucky13Shell:
    sh = Lucky13Shell(Console(file=io.StringIO(), width=300, color_system=None, highlight=False))
    for line in lines:
        assert sh.run_line(line), said(sh)[-400:]
    return sh


def said(sh: Lucky13Shell) -> str:
    return sh.console.file.getvalue()


def run(sh: Lucky13Shell, line: str) -> tuple[bool, str]:
    """Run ``line``; (ran cleanly, what it printed, on one line)."""
    before = len(said(sh))
    ok = sh.run_line(line)
    return ok, " ".join(said(sh)[before:].split())


def readme_lucky13_lines() -> list[str]:
    """The commands of the README's Lucky 13 example block."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text[text.index("**Lucky 13 Game Engine**"):]
    block = re.search(r"```text\n(.*?)\n\s*```", section, re.S)
    assert block, "the README's Lucky 13 section has no example block"
    return [line.strip() for line in block.group(1).splitlines() if line.strip()]


# ---------------------------------------------------------------- 1. a character from the README plays

def test_a_character_without_skills_is_told_at_once_how_to_finish_it():
    sh = shell("new seed 7")
    ok, text = run(sh, "character Rook balanced")
    assert ok and "Rook has no skills yet: add them with skill Rook Stealth=reflex" in text
    assert "choose 2 starting specializations: spec Rook Stealth:Pick_locks" in text
    ok, text = run(sh, "skill Rook Stealth=reflex")
    assert ok and "Rook has 2 starting specializations to choose: spec Rook Stealth:NAME" in text


def test_the_readmes_lucky13_example_makes_a_playable_character():
    sh = Lucky13Shell(Console(file=io.StringIO(), width=300, color_system=None, highlight=False))
    lines = readme_lucky13_lines()
    assert any(line.startswith("character ") for line in lines)
    for line in lines:
        assert sh.run_line(line), (line, said(sh)[-400:])
    assert "error:" not in said(sh)
    (ch,) = sh.scene.characters.values()
    assert ch.skills and len(ch.specializations) == sh.scene.allowance  # its starting specializations
    assert any(st.kind == "check" for st in sh.scene.steps)


# ---------------------------------------------------------------- 2. a missing skill is added in place

def test_a_missing_skill_is_added_to_the_character_as_a_step_that_undoes():
    sh = shell("new seed 7", "character Rook balanced")
    ok, text = run(sh, "check Rook will stealth moderate")
    assert not ok and text.startswith("error: Rook has no skill 'stealth'")
    assert "add it with skill Rook Stealth=will" in text and "undo" not in text
    ok, text = run(sh, "skill Rook Stealth=will")
    assert ok and "Rook: Stealth d10 (new)" in text and sh.scene.steps[-1].kind == "skill"
    ok, text = run(sh, "check Rook will stealth moderate 5 4 4")
    assert ok and "Will d10 5 + Stealth d10 4 + Moderate d10 4 = 13" in text
    ok, text = run(sh, "spec Rook Stealth:Pick_locks")
    assert ok and "Rook chooses Pick locks (Stealth) at level 1: 1 of 2 starting specializations" in text
    save = sh.scene.save_path
    again = Scene.from_save(save, transcript=False)  # the save replays the added skill
    assert dict(again.characters["Rook"].skills) == dict(sh.scene.characters["Rook"].skills)
    assert run(sh, "undo 3")[0]
    assert dict(sh.scene.characters["Rook"].skills) == {}


def test_skill_and_spec_errors_say_how():
    sh = shell("new seed 7", "character Rook balanced")
    ok, text = run(sh, "spec Rook Stealth:Pick_locks")
    assert not ok and "'Pick locks' falls within 'Stealth'" in text and "skill Rook Stealth=pulse" in text
    ok, text = run(sh, "spec Rook Pick_locks")
    assert not ok and "spec Rook Skill:Name" in text and "'Pick_locks'" in text
    ok, text = run(sh, "skill Rook Stealth")
    assert not ok and "got 'Stealth'" in text
    assert [st.kind for st in sh.scene.steps] == ["create"]


# ---------------------------------------------------------------- 3. none is no skill, said plainly

def test_odds_and_checks_with_none_say_no_skill():
    sh = shell("new seed 7", "character Rook balanced")
    ok, text = run(sh, "odds Rook will none hard")
    assert ok and "Rook: Will d10 + no skill + Difficult (d8) → 13 or more" in text
    assert "no skill none" not in text
    ok, text = run(sh, "odds Rook will none hard s+1")  # a step up from no die is a d4
    assert ok and "Will d10 + no skill d4 + Difficult (d8)" in text
    ok, text = run(sh, "check Rook will none hard 9 4")
    assert ok and "Check — Rook: Will + no skill vs Difficult (d8)" in text and "Will d10 9 + Difficult d8 4 = 13" in text


# ---------------------------------------------------------------- 4. one step, not one steps

def test_counts_agree_with_their_nouns():
    sh = shell("new seed 7 allowance 1")
    assert "1 starting specialization." in said(sh)
    sh.run_line("character Rook balanced")
    ok, text = run(sh, "sheet")
    assert ok and "· 1 step" in text and "1 steps" not in text
    assert sh.scene.summary().endswith("1 step")
    sh.run_line("skill Rook Stealth=reflex")
    assert run(sh, "sheet")[1].endswith("2 steps")


def test_odds_in_the_scene_names_the_dice_there_are():
    """As `solo odds` does: '3d6' and 'd20' are named, with the five dice and how 3d6 is written."""
    sh = shell()
    for word in ("3d6", "d20"):
        assert not sh.run_line(f"odds {word}")
    out = " ".join(said(sh).split())
    assert "not dice: '3d6'" in out and "3d6 is written d6 d6 d6" in out
    assert "not dice: 'd20'" in out and "d4, d6, d8, d10 and d12" in out
