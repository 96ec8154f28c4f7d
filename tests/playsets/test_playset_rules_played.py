"""A playset's [rules] and ``--set`` reach the night that is played: in the REPL (``Shell``,
``new ... playset FILE``) and through ``solo play`` as a user runs it."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from rich.console import Console

from solo.play.saves import read_save
from solo.playsets.loader import read_playset
from solo.repl.shell import Shell

BUILTIN = Path(__file__).resolve().parents[2] / "solo" / "playsets" / "builtin" / "house-party.toml"
RULES = '\n[rules]\nbase = "ashcan"\ngenre_points = 5\ntrophy_start = "empty"\nempty_trophy_base = 4\nstrikes_to_die = 2\n'


@pytest.fixture(autouse=True)
def solo_home(tmp_path, monkeypatch):
    monkeypatch.setenv("SOLO_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


@pytest.fixture
def playset_file(tmp_path) -> Path:
    """The house party with a [rules] table of its own (the built-in's is the plain ashcan)."""
    text = BUILTIN.read_text(encoding="utf-8")
    head, sep, _ = text.partition("\n[rules]")
    assert sep, "the built-in has a [rules] table to replace"
    path = tmp_path / "rules-party.toml"
    path.write_text(head.rstrip("\n") + "\n" + RULES, encoding="utf-8")
    rules = read_playset(path).ruleset()
    assert (rules.genre_points, rules.trophy_start, rules.empty_trophy_base, rules.strikes_to_die) == (5, "empty", 4, 2)
    return path


def shell(**kw) -> Shell:
    buf = io.StringIO()
    sh = Shell(Console(file=buf, width=120, color_system=None, highlight=False), **kw)
    sh.buf = buf
    return sh


def check_played(night, pool: int) -> None:
    g = night.game
    assert g.pool == pool and g.trophy == [] and g.base_difficulty() == 4
    assert g.rules.strikes_to_die == 2 and g.rules.empty_trophy_base == 4
    saved = read_save(night.save_path).rules
    assert (saved.genre_points, saved.trophy_start, saved.empty_trophy_base, saved.strikes_to_die) == (pool, "empty", 4, 2)


def test_the_repl_plays_a_playset_files_rules(playset_file):
    sh = shell(playset=str(playset_file), seed=3)
    assert sh.run_line("quick")
    check_played(sh.night, 5)
    assert "Genre pool 5" in sh.buf.getvalue()


def test_new_with_a_playset_plays_its_rules(playset_file):
    sh = shell()
    assert sh.run_line(f"new seed 3 playset {playset_file}")
    if sh.night is None:
        assert sh.run_line("quick")
    check_played(sh.night, 5)


def test_set_turns_a_knob_on_top_of_the_playsets_rules(playset_file):
    sh = shell(playset=str(playset_file), seed=3, overrides=["genre_points=7"])
    assert sh.run_line("quick")
    check_played(sh.night, 7)


def test_solo_play_with_a_playset_and_set_plays_their_rules(playset_file, solo_home):
    env = dict(os.environ, PYTHONIOENCODING="utf-8", SOLO_HOME=str(solo_home))
    run = [sys.executable, "-m", "solo", "play", "--playset", str(playset_file), "--quick", "--seed", "3", "--new"]
    proc = subprocess.run(run, input="status\n", capture_output=True, text=True, env=env, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "Genre pool 5" in proc.stdout and "Trophy 0" in proc.stdout
    proc = subprocess.run(run + ["--set", "gp=7", "--set", "strikes=2"], input="status\n", capture_output=True,
                          text=True, env=env, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "Genre pool 7" in proc.stdout and "Genre pool 5" not in proc.stdout
    saves = sorted((solo_home / "saves").glob("night-*.json"), key=lambda p: p.stat().st_mtime)
    assert len(saves) == 2
    rules = [read_save(p).rules for p in saves]
    assert [r.genre_points for r in rules] == [5, 7]
    assert all((r.trophy_start, r.empty_trophy_base, r.strikes_to_die) == ("empty", 4, 2) for r in rules)


def test_solo_play_set_alone_turns_the_knobs(solo_home):
    env = dict(os.environ, PYTHONIOENCODING="utf-8", SOLO_HOME=str(solo_home))
    proc = subprocess.run([sys.executable, "-m", "solo", "play", "--quick", "--seed", "3", "--new", "--set",
                           "genre_points=2", "--set", "trophy_start=empty", "--set", "empty_trophy_base=6"],
                          input="status\n", capture_output=True, text=True, env=env, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "Genre pool 2" in proc.stdout and "Trophy 0" in proc.stdout
    (save,) = (solo_home / "saves").glob("night-*.json")
    r = read_save(save).rules
    assert (r.genre_points, r.trophy_start, r.empty_trophy_base) == (2, "empty", 6)
