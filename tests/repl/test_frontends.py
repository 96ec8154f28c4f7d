"""The real front ends: prompt_toolkit through a pipe, and batch mode through stdin."""

import os
import subprocess
import sys

from prompt_toolkit.application import create_app_session
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from solo.repl.app import ShellCompleter, run_interactive

from .conftest import make_shell, output
from .scripts import find_seed, script_for


def drive(sh, text):
    with create_pipe_input() as pipe:
        pipe.send_text(text)
        with create_app_session(input=pipe, output=DummyOutput()):
            return run_interactive(sh, input=pipe, output=DummyOutput())


def test_repl_through_pipe_input_plays_ctrl_c_cancels_ctrl_d_saves_and_leaves():
    sh = make_shell(seed=8)
    g_lines, _ = script_for(8, max_tests=3)
    text = "".join(line + "\r" for line in g_lines) + "test somebo" + "\x03" + "status\r" + "\x04"
    assert drive(sh, text) == 0
    assert sh.night.game.tests == 3
    out = output(sh)
    assert "Saved to" in out and "somebo" not in out.split("Saved to")[0].split("status")[-1]
    assert sh.night.save_path.exists()


def test_repl_survives_errors_and_a_whole_game():
    seed = find_seed(True)
    lines, expected = script_for(seed)
    sh = make_shell(seed=seed)
    text = "nonsense command\r" + "roll 99 9\r" + "".join(line + "\r" for line in lines) + "quit\r"
    assert drive(sh, text) == 0
    assert sh.night.game.outcome() == expected.outcome()


def test_completion_of_commands_and_character_names():
    sh = make_shell(seed=8)
    sh.run_line("quick")
    comp = ShellCompleter(sh)
    words = [c.text for c in comp.get_completions(Document("te"), CompleteEvent())]
    assert words == ["teach", "test"]
    name = sh.night.game.cast[1].name
    hits = [c.text for c in comp.get_completions(Document("test " + name[:2]), CompleteEvent())]
    assert name in hits
    topics = [c.text for c in comp.get_completions(Document("rules jo"), CompleteEvent())]
    assert topics == ["jokers"]


def run_batch_process(script: str, *args: str, home) -> subprocess.CompletedProcess:
    env = dict(os.environ, SOLO_HOME=str(home), PYTHONIOENCODING="utf-8")
    return subprocess.run([sys.executable, "-m", "solo", "play", *args], input=script, text=True,
                          capture_output=True, env=env, timeout=120, encoding="utf-8")


def test_batch_mode_plays_a_scripted_game_to_death(solo_home):
    seed = find_seed(False)
    lines, expected = script_for(seed)
    proc = run_batch_process("\n".join(lines) + "\n", "--seed", str(seed), home=solo_home)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    assert "Everyone is dead." in proc.stdout
    assert "\x1b[" not in proc.stdout  # no colour codes when not a terminal
    assert "Traceback" not in proc.stderr


def test_batch_mode_exit_code_reports_a_failing_line(solo_home):
    proc = run_batch_process("quick\nroll 12 1\nstatus\n", "--seed", "3", home=solo_home)
    assert proc.returncode == 1
    assert "error: main die (d10) reads 0–9, got '12'" in proc.stdout


def test_solo_help():
    proc = subprocess.run([sys.executable, "-m", "solo", "--help"], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0 and "play" in proc.stdout and "rules" in proc.stdout


def test_the_wizard_builds_a_cast_and_asks_again_for_a_bad_aptitude():
    from solo.repl.app import wizard

    answers = iter(["playtest", "n", "42", "build",
                    "Laurie", "she/her", "Luck", "Resolve", "The Babysitter", "watching the Doyle kids",
                    "Tommy", "he", "Power", "The Jock", "dared to come",
                    "Sid", "xe/xem", "xe/xem/xyr/xyrs/xemself", "♣", "", "",
                    "n"])
    sh = make_shell()
    wizard(sh, lambda question, default, options: next(answers))
    g = sh.night.game
    assert [c.name for c in g.cast] == ["Laurie", "Tommy", "Sid"] and g.rules.name == "playtest"
    assert [c.aptitude for c in g.cast] == [1, 0, 2] and sh.night.seed == 42
    assert "error: invalid suit or aptitude: 'Luck'" in output(sh)
    # pronouns: asked after the name, a bad set asked again, and saved with the cast
    assert [c.pronouns for c in g.cast] == ["she/her", "he/him", "xe/xem/xyr/xyrs/xemself"]
    assert "error: pronouns are she/her, he/him, they/them, it/its, or all five forms" in " ".join(output(sh).split())


def test_the_repl_leaves_no_thread_loading_english_behind(monkeypatch):
    """The pipeline loads in the background once the prompt shows; leaving the REPL waits for
    it, so a process that goes on to fork or to exit never does so half way through an import
    (a loader left running crashed a test process once)."""
    import threading

    from solo import english

    monkeypatch.setattr(english, "_tried", False)  # as a fresh process: the load starts
    monkeypatch.setattr(english, "_nlp", None)
    started = []
    real_start = threading.Thread.start

    def start(thread):
        started.append(thread)
        real_start(thread)

    monkeypatch.setattr(threading.Thread, "start", start)
    assert drive(make_shell(seed=8), "\x04") == 0
    loaders = [t for t in started if t.name == "solo-english"]
    assert len(loaders) == 1
    assert not loaders[0].daemon and not loaders[0].is_alive()
