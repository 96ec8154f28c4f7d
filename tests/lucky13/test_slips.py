"""Lucky 13 slips (issue: items 9, 10 and 29): a command typed a letter or two off is refused with
"did you mean …?" and nothing is written as the character's action; a misspelt skill gets the
skill meant, never a hint that adds the misspelling; the line printed on leaving keeps the
command that resumes the scene whole, at 80 and at 120 columns."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from solo.repl.lucky13 import Lucky13Shell, play
from solo.repl.lucky13.typos import closest_skill, edits


@pytest.fixture(autouse=True)
def solo_home(tmp_path, monkeypatch):
    monkeypatch.setenv("SOLO_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def make_shell(*lines: str, width: int = 300) -> Lucky13Shell:
    buf = io.StringIO()
    sh = Lucky13Shell(Console(file=buf, width=width, color_system=None, highlight=False), seed=7)
    sh.buf = buf
    for line in lines:
        assert sh.run_line(line), (line, buf.getvalue()[-400:])
    return sh


def said(sh, line: str) -> tuple[bool, str]:
    """Run ``line``: (ran cleanly, what it printed, its words one space apart)."""
    before = len(sh.buf.getvalue())
    ok = sh.run_line(line)
    return ok, " ".join(sh.buf.getvalue()[before:].split())


def written(sh) -> int:
    return len(sh.scene.steps)


VERA = ("new", "character Vera balanced Stealth=reflex", "character Ann balanced Climbing=pulse")


# ---------------------------------------------------------------- 9. a command a slip away

@pytest.mark.parametrize("line,meant", [
    ("chek Vera pulse fighting", "check Vera pulse fighting"),
    ("chek Vera reflex stealth moderate", "check Vera reflex stealth moderate"),
    ("chekc Vera will climbing hard adv 3 4 5", "check Vera will climbing hard adv 3 4 5"),
    ("heel Vera 3", "heal Vera 3"),
    ("sheeet Ann", "sheet Ann"),
    ("atak Vera Ann", "attack Vera Ann"),  # two letters off a long command word
    ("inititve Vera Ann", "initiative Vera Ann"),
    ("chek", "check"),
])
def test_a_mistyped_command_is_refused_with_what_was_meant_and_nothing_is_written(line, meant):
    """Catches `chek …` written as the character's action: one line "did you mean …?", no step,
    nothing noted for the transcript."""
    sh = make_shell(*VERA)
    steps = written(sh)
    ok, text = said(sh, line)
    assert not ok and f"did you mean `{meant}`?" in text
    assert text.count("error:") == 1 and "noted for the transcript" not in text
    assert written(sh) == steps


def test_clear_clears_the_screen_and_is_not_the_characters_action():
    """Catches `clear` (the other shell's command) written as the character's action."""
    sh = make_shell(*VERA)
    steps = written(sh)
    ok, text = said(sh, "clear")
    assert ok and "noted" not in text and written(sh) == steps
    ok, text = said(sh, "clear the path")  # a command word with words after it: says how to write it
    assert not ok and "say clear the path" in text and written(sh) == steps
    assert said(sh, "dice 3 4")[0] and said(sh, "dice clear")[0] and sh.queued == []  # dice clear is as it was


def test_before_a_scene_any_slip_is_caught():
    sh = make_shell()
    ok, text = said(sh, "nwe")
    assert not ok and "did you mean `new`?" in text


@pytest.mark.parametrize("line", ["chek the door", "Rest here a while", "Attach the rope to the beam",
                                  "Dive into the lake", "Vera: I sheet the sail"])
def test_an_action_that_begins_like_a_command_is_still_the_characters_action(line):
    sh = make_shell(*VERA)
    steps = written(sh)
    ok, text = said(sh, line)
    assert ok and "did you mean" not in text and "noted for the transcript" in text
    assert written(sh) == steps + 1


def test_a_question_that_begins_like_a_command_is_asked():
    sh = make_shell(*VERA)
    ok, text = said(sh, "chek the lock again?")
    assert ok and "did you mean" not in text and sh.scene.steps[-1].kind == "ask"


@pytest.mark.parametrize("a,b,n", [("chekc", "check", 1), ("chek", "check", 1), ("atak", "attack", 2),
                                   ("clear", "char", 2), ("ca", "abc", 3), ("check", "check", 0), ("", "end", 3)])
def test_edits_count_letters_added_dropped_changed_or_swapped(a, b, n):
    """The counts worked by hand: chekc is check with c and k swapped; atak is attack less a t and
    a c; clear is char with l changed to h and e dropped; ca to abc is three (no edit twice)."""
    assert edits(a, b) == n == edits(b, a)


# ---------------------------------------------------------------- 10. a misspelt skill

def test_a_misspelt_skill_gets_did_you_mean_never_a_hint_that_adds_the_misspelling():
    """Catches `check Vera reflex Stealh …` answered with "add it with skill Vera Stealh=reflex"
    (a step that makes the typo a skill) instead of "did you mean Stealth?"."""
    sh = make_shell(*VERA)
    steps = written(sh)
    ok, text = said(sh, "check Vera reflex Stealh moderate")
    assert not ok and "Vera has no skill 'Stealh': did you mean Stealth?" in text
    assert "Stealh=" not in text and written(sh) == steps
    ok, text = said(sh, "odds Vera reflex stelth moderate")
    assert not ok and "did you mean Stealth?" in text and "Stelth=" not in text


def test_a_misspelt_specialization_gets_the_specialization_meant():
    sh = make_shell(*VERA, "spec Vera Stealth:Pick_locks")
    ok, text = said(sh, "check Vera reflex pick_lcks moderate")
    assert not ok and "did you mean Pick locks?" in text and "lcks" not in text.split("did you mean")[1]


def test_a_misspelt_skill_the_character_lacks_is_added_spelt_right():
    """"Fighting" is the rulebook's example skill (lucky13-engine-v1.md); "Climbing" is Ann's:
    a slip of either is added under its right name."""
    sh = make_shell(*VERA)
    ok, text = said(sh, "check Vera pulse fightng easy")
    assert not ok and "did you mean Fighting? Add it with skill Vera Fighting=pulse" in text and "fightng=" not in text
    ok, text = said(sh, "check Vera pulse Climbng easy")
    assert not ok and "did you mean Climbing? Add it with skill Vera Climbing=pulse" in text


def test_a_skill_near_none_is_added_as_typed():
    sh = make_shell(*VERA)
    ok, text = said(sh, "check Vera will lore easy")
    assert not ok and "add it with skill Vera Lore=will" in text and "did you mean" not in text


def test_closest_skill_takes_one_slip_in_a_short_word_two_in_a_longer():
    names = ["Stealth", "Lore", "Persuasion", "Strength"]
    assert closest_skill("stealh", names) == "Stealth" and closest_skill("lroe", names) == "Lore"
    assert closest_skill("perception", names) is None  # another skill, not a slip
    assert closest_skill("stealth", ["Strength"]) is None and closest_skill("lore", names) is None  # itself: none


# ---------------------------------------------------------------- 29. the line printed on leaving

SOLO = "/home/someone/projects/horror-night/solo/.venv/bin/solo"


@pytest.mark.parametrize("width", [80, 120])
def test_the_resume_command_printed_on_leaving_is_never_broken(monkeypatch, width):
    """Catches the quit line wrapping inside its own command: at 80 and 120 columns the whole
    command stands on one line."""
    monkeypatch.setattr("solo.invocation.solo_command", lambda *a, **k: SOLO)
    buf = io.StringIO()
    console = Console(file=buf, width=width, color_system=None, highlight=False)
    assert play(lines=["new", "character Vera balanced", "quit"], console=console) == 0
    out = buf.getvalue().splitlines()
    want = f"{SOLO} play --system lucky13 --resume"
    assert any(line.strip() == want for line in out), out[-4:]
    assert any("To go on: resume" in line for line in out)


@pytest.mark.parametrize("width", [80, 120])
def test_the_load_command_printed_on_leaving_is_never_broken(monkeypatch, tmp_path, width):
    monkeypatch.setattr("solo.invocation.solo_command", lambda *a, **k: SOLO)
    first = make_shell("new", "character Vera balanced")
    copy = tmp_path / "kept scenes" / "the drowned chapel.json"
    copy.parent.mkdir()
    assert first.run_line(f"save {copy}")
    first.lock.release()
    buf = io.StringIO()
    console = Console(file=buf, width=width, color_system=None, highlight=False)
    assert play(load=str(copy), lines=["quit"], console=console) == 0
    out = buf.getvalue().splitlines()
    want = f"{SOLO} play --system lucky13 --load '{copy}'"
    assert any(line.strip() == want for line in out), out[-4:]
