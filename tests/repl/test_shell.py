"""The REPL's commands, run through Shell.run_line exactly as typed."""

import re

import random

import pytest

from solo.nott.cards import card_str
from solo.play.saves import read_save

from .conftest import make_shell, output
from .scripts import find_seed, script_for


def run(sh, *lines):
    return [sh.run_line(line) for line in lines]


@pytest.mark.parametrize("dawn", [True, False])
def test_a_whole_scripted_game_to_the_end(dawn):
    seed = find_seed(dawn)
    lines, expected = script_for(seed)
    sh = make_shell(seed=seed)
    assert all(run(sh, *lines))
    g = sh.night.game
    assert g.outcome() == expected.outcome()
    assert g.state_key()[:-1] == expected.state_key()[:-1]
    text = output(sh)
    assert ("DAWN." in text) if dawn else ("Everyone is dead." in text)
    transcript = sh.night.transcript.path.read_text(encoding="utf-8")
    assert ("## Dawn" in transcript) if dawn else ("## Everyone is dead" in transcript)
    assert "## Epilogue" in transcript and f"*{g.tests} Tests · " in transcript
    assert len(re.findall(r"^### \d+\. ", transcript, re.M)) == g.tests


def test_test_with_typed_dice_then_choices(shell):
    shell.seed = 3
    run(shell, "quick")
    g = shell.night.game
    name = g.cast[0].name
    shell.run_line("award " + name + " for going alone into the dark")
    assert g.genre[0] == 1
    assert shell.run_line(f"test {name} 0 1")
    assert g.phase == "decide"  # a Genre Point offers a choice
    assert "reroll" in output(shell)
    assert shell.run_line("reroll 4 2")
    if g.phase == "decide":  # Aptitude still offers a choice

        assert shell.run_line("resolve")
    assert g.tests == 1 and g.spent == 1
    from solo.nott.events import TestResolved
    (res,) = [e for e in shell.night.last_test_events if isinstance(e, TestResolved)]
    assert res.main == 5 and res.rolled_fallout == 2 and res.rerolled


def test_auto_resolve_when_the_rules_leave_no_choice(shell):
    shell.seed = 3
    run(shell, "quick")
    g = shell.night.game
    who = next(i for i, c in enumerate(g.cast) if c.aptitude != g.threat // 13)
    assert shell.run_line(f"test {g.cast[who].name}")
    assert shell.run_line("roll 5 1")
    assert g.tests == 1 and g.phase == "choose tester"


def test_undo_any_number_of_steps_is_exact(shell):
    shell.seed = 11
    run(shell, "quick")
    g = shell.night.game
    start = g.state_key()
    lines, _ = script_for(11, max_tests=6)
    assert all(run(shell, *lines[1:], "I hide under the dock"))
    n = len(shell.night.steps)
    assert shell.run_line(f"undo {n}")
    assert g.state_key() == start and shell.night.steps == []
    assert not shell.run_line("undo")  # nothing left: one clear line
    assert "error: cannot undo 1 step: nothing played yet" in output(shell)  # one step, not "1 steps"


def test_bad_input_is_one_line_and_changes_nothing(shell):
    shell.seed = 2
    run(shell, "quick")
    g = shell.night.game
    before = g.state_key()
    bad = ["roll", "resolve", "test", "test Nobody", "test 9", "roll 10 1", "reroll", "award", "undo x",
           "resolve +2", "load /nonexistent/file.json", "rules zzzz", "help nonsense", "teach maybe", "log x"]
    for line in bad:
        assert shell.run_line(line) is False, line
    assert g.state_key() == before
    errors = [l for l in output(shell).splitlines() if l.startswith("error:")]
    assert len(errors) == len(bad)


def test_dead_character_asked_to_test(shell):
    shell.seed = 4
    run(shell, "quick")
    g = shell.night.game
    g.strikes[1], g.dead[1] = 3, "strikes"
    assert shell.run_line(f"test {g.cast[1].name}") is False
    assert f"{g.cast[1].name} is dead" in output(shell)


def test_free_text_is_the_characters_action_in_transcript_and_save(shell):
    shell.seed = 6
    run(shell, "quick")
    g = shell.night.game
    name = g.cast[2].name
    assert shell.run_line(f"test {name}")
    assert shell.run_line("I pull the fuse and pray")
    assert shell.run_line(f"{g.cast[0].name}: Wait for me!")
    save = read_save(shell.night.save_path)
    assert [s.say for s in save.steps if s.say] == ["I pull the fuse and pray", "Wait for me!"]
    assert [s.who for s in save.steps if s.say] == [2, 0]
    text = shell.night.transcript.path.read_text(encoding="utf-8")
    assert f"**{name}:** “I pull the fuse and pray”" in text


def test_help_is_generated_from_the_registry(shell):
    from solo.repl.shell import registry  # the shell's, with every command registered

    shell.run_line("help")
    text = output(shell)
    for cmd in registry.commands.values():
        assert f"  {cmd.name}" in text
    shell.run_line("help test")
    assert "test <who> [M F]" in output(shell)


def test_the_registry_lists_each_module_of_commands_with_its_own_words():
    """A module of commands is imported when one of its words is first typed: the words listed
    for it (solo.repl.nott_commands.MODULES) are exactly the ones it registers."""
    from solo.repl.nott_commands import MODULES, registry

    registry.load()
    registered: dict[str, set[str]] = {}
    for word, cmd in registry.by_word.items():
        registered.setdefault(cmd.func.__module__, set()).add(word)
    assert registered == {module: set(words) for module, words in MODULES.items()}


def test_help_lists_the_commands_in_one_order_whichever_ran_first(tmp_path):
    """In a fresh process quick imports the set-up commands first; help lists them all in the
    modules' order all the same (the director's first, the set-up's last)."""
    import os
    import subprocess
    import sys

    def helped(script: str) -> str:
        env = dict(os.environ, SOLO_HOME=str(tmp_path / "home"))
        out = subprocess.run([sys.executable, "-m", "solo", "play", "--batch", "--seed", "3"], input=script,
                             capture_output=True, text=True, env=env, timeout=120).stdout
        return out[out.index("play:"):out.index("Anything else you type")]

    first = helped("help\nquit\n")
    assert helped("quick\nhelp\nquit\n") == first
    assert first.index("  director ") < first.index("  quit ") < first.index("  siderule") < first.index("  quick")


def test_rules_and_explain(shell):
    shell.seed = 9
    run(shell, "quick", "rules joker")
    assert "The Red Joker (The End)" in output(shell)
    g = shell.night.game
    run(shell, f"test {g.cast[0].name}", "roll 5 2")
    if g.phase == "decide":
        shell.run_line("resolve")
    shell.run_line("explain")
    text = output(shell)
    assert "Roll: main 5 + Fallout 2 = 7 >= 1 → success" in text
    assert "If your roll is equal to or greater than the difficulty" in text


def test_teach_mode_names_the_rule(shell):
    shell.seed = 9
    run(shell, "quick", "teach on")
    g = shell.night.game
    run(shell, f"test {g.cast[0].name}", "roll 5 2")
    if g.phase == "decide":
        shell.run_line("resolve")
    assert "rule: " in output(shell) and "number success" in output(shell)


def test_status_shows_the_table(shell):
    shell.seed = 1
    run(shell, "quick", "status")
    g = shell.night.game
    text = output(shell)
    assert card_str(g.threat)[-1] in text and "Difficulty" in text
    for c in g.cast:
        assert c.name in text and c.aptitude_name in text


def test_custom_cast_with_character_command(shell):
    shell.seed = 12
    assert shell.run_line("new playtest seed 12")
    assert shell.run_line("character Laurie, The Babysitter, Resolve, watching the Doyle kids")
    assert not shell.run_line("character Laurie, The Jock, Power")  # same name
    assert not shell.run_line("character Bob, The Jock, Luck")  # bad aptitude
    assert shell.run_line("character Tommy, The Sibling, ♥")
    assert shell.run_line("character Sam, The Sheriff, Power")
    assert shell.run_line("start")  # playtest allows three
    g = shell.night.game
    assert g.rules.name == "playtest" and [c.name for c in g.cast] == ["Laurie", "Tommy", "Sam"]
    assert g.trophy == []


def test_garbage_lines_never_break_the_shell():
    sh = make_shell(seed=77)
    sh.run_line("quick")
    rng = random.Random(1234)
    words = ["test", "roll", "reroll", "resolve", "award", "undo", "say", "status", "log", "rules", "explain",
             "help", "teach", "save", "cast", "new", "quick", "character", "start", "archetypes", "load", "resume"]
    alphabet = "abcxyz 0123456789-+:,.♠♥♣♦\t!?'\"\\/#"
    names = [c.name for c in sh.night.game.cast]
    for i in range(1000):
        kind = rng.random()
        if kind < 0.5:
            line = rng.choice(words) + " " + " ".join(
                rng.choice(names + ["9", "0", "-1", "+1", "5", "3", "x", "", "10 4"]) for _ in range(rng.randrange(3)))
        else:
            line = "".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 30)))
        if line.split() and line.split()[0] in ("load", "save"):
            line = line.split()[0]  # keep the garbage away from real files
        sh.run_line(line)  # must not raise
        if sh.night is not None:
            assert sh.night.game.problems() == [], line
    assert "Traceback" not in output(sh)
    assert "internal error" not in output(sh)


def test_log_lists_the_last_steps(shell):
    shell.seed = 3
    run(shell, "quick")
    g = shell.night.game
    run(shell, f"test {g.cast[0].name}", "roll 5 1", "the lights go out")
    shell.buf.truncate(0)
    shell.buf.seek(0)
    assert shell.run_line("log 2")
    lines = [l for l in output(shell).splitlines() if l.strip()[:1].isdigit()]
    assert len(lines) == 2 and lines[-1].strip().endswith("“the lights go out”")
    assert shell.run_line("log 0") is False


def test_explain_still_knows_the_last_test_after_an_undo(shell):
    shell.seed = 3
    run(shell, "quick")
    g = shell.night.game
    who = next(i for i, c in enumerate(g.cast) if c.aptitude != g.threat // 13)
    run(shell, f"test {g.cast[who].name}", "roll 4 2")
    who2 = next(i for i, c in enumerate(g.cast) if c.aptitude != g.threat // 13)
    run(shell, f"test {g.cast[who2].name}", "roll 6 1", "undo")
    shell.buf.truncate(0)
    shell.buf.seek(0)
    shell.run_line("explain")
    assert "Roll: main 4 + Fallout 2 = 6" in output(shell)
