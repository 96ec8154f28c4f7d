"""A player sees why the night is turning: ``status`` names the stage, ``rules killer`` and
``rules stages`` (in the REPL and on the command line) explain what moves it."""

from __future__ import annotations

from solo.cli import main
from solo.director.stages import MEANING, STAGES_RULE

from .conftest import make_shell, output


def test_status_names_the_stage_and_what_it_means():
    sh = make_shell(seed=3)
    assert sh.run_line("quick") and sh.run_line("status")
    assert f"The night: unease — {MEANING['unease']}." in " ".join(output(sh).split())
    sh.night.story.stage = 2  # as the fiction holds it after a hard night
    assert sh.run_line("status")
    assert f"The night: terror — {MEANING['terror']}." in " ".join(output(sh).split())


def test_rules_killer_and_rules_stages_explain_how_the_night_turns():
    for topic in ("killer", "stages", "dread"):
        sh = make_shell()
        assert sh.run_line(f"rules {topic}")
        said = " ".join(output(sh).split())
        assert "How the night turns" in said and " ".join(STAGES_RULE.split()) in said
    sh = make_shell()
    assert sh.run_line("rules strikes")
    assert "How the night turns" not in output(sh)


def test_solo_rules_on_the_command_line_too(capsys):
    assert main(["rules", "stages"]) == 0
    assert STAGES_RULE in capsys.readouterr().out
    assert main(["rules", "killer"]) == 0
    assert "## How the night turns" in capsys.readouterr().out
