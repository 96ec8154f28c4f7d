"""Lines, veils and the X-card at the table: ``line``, ``veil``, ``safety`` and ``x`` in the
REPL, ``--line``/``--veil`` and config.toml's ``[safety]`` on the command line."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from solo.director.safety import crossing
from solo.play.saves import read_save

from .conftest import make_shell, output

ROOT = Path(__file__).resolve().parents[2]


def run(sh, *lines):
    return [sh.run_line(line) for line in lines]


def test_lines_and_veils_set_before_the_night_hold_in_it_and_in_its_save():
    sh = make_shell(seed=5)
    assert all(run(sh, "line blood", "veil bugs", "line Clowns", "safety"))
    text = output(sh)
    assert "Line: blood (" in text and "Veil: insects (" in text and "line: clowns" in text
    assert all(run(sh, "quick", "test 1", "roll", "line fire", "veil -insects", "line -clowns"))
    night = sh.night
    assert night.safety.lines == ("blood", "fire") and night.safety.veils == ()
    save = read_save(night.save_path)
    assert save.lines == ["blood", "fire"] and save.veils == []
    assert not any(crossing(t, ["blood", "fire"]) for s in night.steps for _k, t in s.narration)


def test_a_topic_that_is_no_topic_is_one_line_and_changes_nothing():
    sh = make_shell(seed=5)
    run(sh, "quick")
    assert not sh.run_line("line up behind me")
    assert not sh.run_line("veil -spiders")
    assert sh.night.safety.lines == () and sh.errors == 2
    errors = [ln for ln in output(sh).splitlines() if ln.startswith("error:")]
    assert len(errors) == 2 and "say line up behind me" in errors[0]


def test_x_tells_the_last_beat_again_and_undo_takes_the_card_back():
    sh = make_shell(seed=5)
    run(sh, "quick", "test 1", "roll")
    last = sh.night.steps[-1].narration[-1][1]
    assert sh.run_line("x")
    assert "Told again:" in output(sh)
    retold = sh.night.steps[-1].narration[0][1]
    assert retold in output(sh) and sh.night.steps[-1].xcard
    transcript = sh.night.transcript.path.read_text(encoding="utf-8")
    assert retold in transcript and last not in transcript
    assert sh.run_line("undo")
    assert "undone: the X-card" in output(sh)
    assert last in sh.night.transcript.path.read_text(encoding="utf-8")
    assert sh.run_line("help x") and "The X-card" in output(sh)


def test_a_loaded_night_keeps_its_lines_and_takes_the_players_own_too(tmp_path):
    sh = make_shell(seed=5)
    run(sh, "veil fire", "quick", "test 1", "roll", "x blood")
    path = sh.night.save_path
    sh.night.write_save(path)
    other = make_shell()
    from solo.director.safety import Safety

    other.safety = Safety.of(lines=["drowning"])
    assert other.run_line(f"load {path}")
    assert other.night.safety.lines == ("drowning",) and other.night.safety.veils == ("fire",)
    assert other.night.safety_now.veils == ("fire", "blood")  # the X-card's, from its step
    assert read_save(path).lines == ["drowning"]


def solo(*args, home, config=None, **kw):
    env = dict(os.environ, SOLO_HOME=str(home), PYTHONPATH=str(ROOT), PYTHONIOENCODING="utf-8")
    env.pop("SOLO_CONFIG", None)
    if config is not None:
        env["SOLO_CONFIG"] = str(config)
    return subprocess.run([sys.executable, "-m", "solo", *args], capture_output=True, text=True, env=env,
                          cwd=ROOT, timeout=180, encoding="utf-8", **kw)


def test_the_command_line_and_config_toml_set_lines_and_veils(tmp_path):
    config = tmp_path / "config.toml"
    config.write_text('[safety]\nlines = ["blood"]\nveils = ["spiders", "the"]\n')
    out = tmp_path / "night.md"
    proc = solo("autoplay", "--seed", "9", "--line", "fire", "--veil", "insects", "--out", str(out),
                home=tmp_path / "home", config=config)
    assert proc.returncode == 0, proc.stderr
    assert "[safety] veils: 'the' is too plain" in proc.stderr
    save = next((tmp_path / "home" / "saves").glob("*.json"))
    data = json.loads(save.read_text())
    assert data["lines"] == ["blood", "fire"] and data["veils"] == ["spiders", "insects"]
    story = out.read_text(encoding="utf-8").split("## The night", 1)[1]
    assert not crossing(story, ["blood", "fire"])
    proc = solo("play", "--seed", "5", "--batch", "--quick", "--line", "drowning", home=tmp_path / "home2",
                config=config, input="safety\nquit\n")
    assert proc.returncode == 0, proc.stderr
    assert "line: blood" in proc.stdout and "line: drowning" in proc.stdout and "veil: spiders" in proc.stdout
    proc = solo("autoplay", "--seed", "9", "--line", "the", home=tmp_path / "home3")
    assert proc.returncode == 2 and "too plain" in proc.stderr and proc.stderr.count("\n") == 1


def test_the_recap_keeps_to_the_lines():
    sh = make_shell(seed=5)
    run(sh, "quick", "test 1", "roll", "recap")
    assert "Previously" in output(sh)
    seen = len(output(sh))
    assert all(run(sh, "line tests", "recap"))
    assert "Previously" not in output(sh)[seen:]
