"""The first hour of a new player (issue 13): hints that work as typed, no resume hint after a
finished night, the wizard, Ctrl-C, names instead of cast numbers, the toolbar."""

import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from solo.invocation import solo_command
from solo.repl.app import run_batch

from .conftest import make_shell, output
from .scripts import find_seed, script_for

VENV_SOLO = Path(sys.executable).parent / "solo"
ROOT = Path(__file__).resolve().parents[2]


# ---------------------------------------------------------------- 2. hints that work as typed

def test_solo_command_names_the_program_the_way_it_was_started():
    venv = "/work/x/.venv/bin"
    no_path = lambda word: None  # noqa: E731  (the venv is not on PATH)
    assert solo_command(".venv/bin/solo", which=no_path, cwd="/work/x") == ".venv/bin/solo"
    assert solo_command(f"{venv}/solo", which=no_path, cwd="/work/x") == ".venv/bin/solo"
    assert solo_command(f"{venv}/solo", which=no_path, cwd="/tmp") == f"{venv}/solo"
    assert solo_command("solo", which=lambda w: "/usr/bin/solo" if w == "solo" else None, cwd="/tmp") == "solo"
    assert solo_command("/x/solo/__main__.py", executable=f"{venv}/python", which=no_path,
                        cwd="/work/x") == ".venv/bin/python -m solo"


@pytest.mark.skipif(not VENV_SOLO.exists(), reason="needs the installed solo script")
def test_the_resume_hint_works_as_typed_when_solo_is_not_on_path(tmp_path, solo_home):
    # make play runs .venv/bin/solo with the venv inactive: "solo" is not a command there
    env = dict(os.environ, SOLO_HOME=str(solo_home), PATH="/usr/bin:/bin", PYTHONIOENCODING="utf-8",
               PYTHONPATH=str(ROOT))  # this tree's solo, through the installed script
    first = subprocess.run([str(VENV_SOLO), "play", "--seed", "5"], input="quick\n", text=True,
                           capture_output=True, env=env, cwd=tmp_path, timeout=120)
    hint = first.stdout.rsplit("Resume with: ", 1)[1].strip()
    assert hint == f"{VENV_SOLO} play --resume"
    again = subprocess.run(shlex.split(hint), input="status\n", text=True, capture_output=True, env=env,
                           cwd=tmp_path, timeout=120)
    assert again.returncode == 0 and "Resumed:" in again.stdout, again.stdout + again.stderr


# ---------------------------------------------------------------- 4. no resume hint after the end

def test_no_resume_hint_after_a_finished_night_and_one_while_it_runs():
    seed = find_seed(False)
    lines, _ = script_for(seed)
    sh = make_shell(seed=seed)
    run_batch(sh, lines)
    assert sh.night.game.is_over()
    assert "Saved to" in output(sh) and "Resume with" not in output(sh)
    sh = make_shell(seed=seed)
    run_batch(sh, lines[:3])
    assert f"Resume with: {solo_command()} play --resume" in " ".join(output(sh).split())


# ---------------------------------------------------------------- 1, 3, 8. the set-up wizard

def scripted(*answers):
    """An ``ask`` for the wizard: each answer in turn; KeyboardInterrupt stands for Ctrl-C."""
    it = iter(answers)
    asked = []

    def ask(question, default, options):
        asked.append(question)
        a = next(it)
        if a is KeyboardInterrupt:
            raise KeyboardInterrupt
        return a or default

    return ask, asked


def test_quick_at_the_first_question_deals_a_ready_cast():
    from solo.repl.app import wizard

    sh = make_shell(seed=13)
    ask, asked = scripted("quick")
    wizard(sh, ask)
    assert sh.night is not None and len(sh.night.cast) == 4 and sh.night.seed == 13
    assert sh.night.game.rules.name == "ashcan" and len(asked) == 1


def test_quick_later_keeps_the_rules_chosen_and_help_explains_then_asks_again():
    from solo.repl.app import wizard

    sh = make_shell()
    ask, asked = scripted("playtest", "help", "n", "7", "quick")
    wizard(sh, ask)
    assert sh.night.game.rules.name == "playtest" and sh.night.seed == 7
    assert asked[1] == asked[2]  # the question after help is the same question
    assert "quick at any question deals a ready cast" in " ".join(output(sh).split())


def test_ctrl_c_in_the_wizard_keeps_the_characters_entered():
    from solo.repl.app import wizard

    sh = make_shell()
    ask, asked = scripted("ashcan", "n", "", "build",
                          "Laurie", "she/her", "res", "The Babysitter", "watching the Doyle kids",
                          "Tommy", "", "pow", "The Jock", "dared to come",
                          KeyboardInterrupt)
    wizard(sh, ask)
    assert asked[-1] == "Character 3 — name"
    assert sh.night is None and [c.name for c in sh.pending] == ["Laurie", "Tommy"]
    assert "2 characters kept" in output(sh)
    assert sh.run_line("cast")
    assert "1. Laurie (she/her) — The Babysitter, ♥ Resolve; watching the Doyle kids" in output(sh)
    assert "2. Tommy (they/them) — The Jock" in output(sh)  # Enter: the default
    assert sh.run_line("character Sid, The Genre Savant, int, has seen every film")
    assert sh.run_line("character Tina, The Thief, fin")
    assert [c.name for c in sh.night.cast] == ["Laurie", "Tommy", "Sid", "Tina"]
    assert [c.aptitude for c in sh.night.cast] == [1, 0, 2, 3]


def test_aptitude_answers_accept_unambiguous_prefixes():
    from solo.nott.cards import parse_suit

    assert [parse_suit(w) for w in ("int", "Pow", "res", "fin", "dia", "cl", "hea", "sp")] == [2, 0, 1, 3, 3, 2, 1, 0]
    for bad in ("x", "intellectual", "powerful"):
        with pytest.raises(ValueError, match="invalid suit or aptitude"):
            parse_suit(bad)


# ---------------------------------------------------------------- 5. names, not cast numbers

def test_log_undo_and_errors_name_characters_not_cast_numbers():
    sh = make_shell(seed=8)
    sh.run_line("quick")
    names = [c.name for c in sh.night.cast]
    sh.run_line(f"award {names[3]} for splitting up")
    sh.run_line(f"test {names[0]}")
    before = len(output(sh))
    assert not sh.run_line(f"test {names[1]}")
    error = output(sh)[before:]
    assert f"cannot test {names[1]}: {names[0]}'s Test is under way" in error
    assert "'test " not in error and "(roll)" not in error
    sh.run_line("log")
    log = output(sh).rsplit("log", 1)[-1]
    assert f"award {names[3]}" in log and f"test {names[0]}" in log
    assert "award 3" not in log and "test 0" not in log
    sh.run_line("undo")
    assert f"undone: test {names[0]}" in output(sh)


# ---------------------------------------------------------------- 8. the toolbar fits

def test_the_toolbar_fits_its_width_and_keeps_who_is_testing_whole():
    from solo.nott import ROLL, Game, Test, quick_cast
    from solo.nott.game import Character
    from solo.repl.view import toolbar

    long_names = [Character(n, i, "x", "") for i, n in
                  enumerate(["Bartholomew", "Maximiliana", "Christopher", "Evangelina"])]
    games = [Game(quick_cast(seed), seed=seed) for seed in range(1, 30)] + [Game(long_names, seed=3)]
    for g in games:
        g.push(Test(3))
        g.push(ROLL)
        for width in (120, 100, 80):
            line = toolbar(g, width)
            assert len(line) <= width, (width, line)
            assert f"▶ {g.cast[3].name} to resolve" in line
        wide = toolbar(g, 120)
        assert all(c.name in wide for c in g.cast)
        assert "Weak" in wide or g is games[-1]  # four eleven-letter names leave no room for it


# ---------------------------------------------------------------- issue 26, item 3: the wizard

def test_commands_typed_at_wizard_questions_run_as_commands():
    from solo.repl.app import wizard

    sh = make_shell()
    ask, asked = scripted("ashcan", "n", "", "build",
                          "character Laurie, The Babysitter, Resolve, watching the Doyle kids",
                          "cast", "start",
                          "Tommy", "", "pow", "The Jock", "dared to come", KeyboardInterrupt)
    wizard(sh, ask)
    assert [c.name for c in sh.pending] == ["Laurie", "Tommy"]  # no character called "character …"
    assert asked[4] == asked[5] == asked[6] == asked[7] == "Character 1 — name"
    assert "1. Laurie (they/them) — The Babysitter" in output(sh)  # cast ran
    assert "the ashcan rules need 4 characters; 1 added" in output(sh)  # start ran (and was refused): never "4–4"


def test_enter_at_the_cast_question_says_it_deals_a_quick_cast_before_it_does():
    from solo.repl.app import wizard

    sh = make_shell(seed=3)
    ask, asked = scripted("ashcan", "n", "", "")
    wizard(sh, ask)
    text = output(sh)
    assert "dealing a ready cast" in text
    assert text.index("dealing a ready cast") < text.index("A new night")
    assert sh.night is not None and len(sh.night.cast) == 4
