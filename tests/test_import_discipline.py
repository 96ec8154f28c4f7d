"""Imports follow use: each command imports the heavy libraries it needs when it runs, and no
others. Each command runs as its own process (as a person starts it) and lists, as it ends,
every module it loaded (``sys.modules``): a check of *which* modules, never of time."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

#: Run solo's entry point with ARGS, and write the names in ``sys.modules`` at exit to OUT.
WRAPPER = """
import atexit, json, os, sys
def dump():
    with open(os.environ["MODULES_OUT"], "w") as f:
        json.dump(sorted(sys.modules), f)
atexit.register(dump)
sys.argv = ["solo", *json.loads(os.environ["SOLO_ARGS"])]
from solo.entry import run
sys.exit(run())
"""

#: The heavy libraries (and solo's heavy parts), by the name of their top package.
HEAVY = ("prompt_toolkit", "pydantic", "jinja2", "openai", "rich", "solo.repl", "solo.narration", "solo.t13",
         "solo.lucky13", "solo.play", "solo.director")


def loaded(tmp_path, *args: str, stdin: str = "") -> set[str]:
    """The heavy packages ``solo ARGS`` imported."""
    modules = imported(tmp_path, *args, stdin=stdin)
    return {h for h in HEAVY if any(m == h or m.startswith(h + ".") for m in modules)}


def imported(tmp_path, *args: str, stdin: str = "") -> set[str]:
    """Every module ``solo ARGS`` imported."""
    out = tmp_path / "modules.json"
    env = dict(os.environ, SOLO_HOME=str(tmp_path / "home"), SOLO_ARGS=json.dumps(args), MODULES_OUT=str(out))
    env.pop("OPENAI_API_KEY", None)
    proc = subprocess.run([sys.executable, "-c", WRAPPER], input=stdin, capture_output=True, text=True, env=env,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr
    return set(json.loads(out.read_text()))


def test_help_imports_no_heavy_library_and_no_game(tmp_path):
    assert loaded(tmp_path, "--help") == set()


def test_odds_imports_the_lucky13_rules_only(tmp_path):
    assert loaded(tmp_path, "odds", "d10", "d8", "d6") == {"solo.lucky13"}


def test_draw_test_help_reads_its_own_package(tmp_path):
    """The command run still gets its whole parser (imported from its package)."""
    assert "solo.t13" in loaded(tmp_path, "draw-test", "--help")


def test_autoplay_with_the_templates_imports_neither_the_repl_nor_the_model_client(tmp_path):
    """Nor pydantic: the night's steps are checked, and its save written, in plain Python
    (solo/play/saveform.py); the save's models are for reading a save. Nor, once the night's
    questions have been read on this machine, the English pipeline: their parses are kept in
    the cache folder (the first night's questions load it)."""
    first = imported(tmp_path, "autoplay", "--seed", "7", "--out", str(tmp_path / "first.md"))
    assert "spacy" in first  # a cold cache: the questions are parsed
    used = imported(tmp_path, "autoplay", "--seed", "7", "--out", str(tmp_path / "night.md"))
    assert {h for h in HEAVY if any(m == h or m.startswith(h + ".") for m in used)} == {
        "jinja2", "solo.narration", "solo.play", "solo.director"}
    assert not {m for m in used if m.split(".")[0] in ("spacy", "lemminflect", "thinc", "numpy")}


def test_batch_play_imports_no_prompt_toolkit_nor_model_client(tmp_path):
    """Nor pydantic: a new night with no playset reads no playset, and its autosaves need no
    models. Nor rich: its output goes to a pipe, written in plain text (solo/repl/plain.py, the
    bytes rich's console would write)."""
    used = loaded(tmp_path, "play", "--batch", stdin="quick\nquit\n")
    assert used == {"jinja2", "solo.repl", "solo.narration", "solo.play", "solo.director"}
    assert list((tmp_path / "home" / "saves").glob("night-*.json"))  # the night was saved all the same


def test_batch_play_imports_the_commands_it_runs_only(tmp_path):
    """quick and quit are commands of the set-up and play modules: the director's and the T13
    side-rule's commands are imported when one of theirs is typed (or help lists them all)."""
    commands = {"solo.repl.setup", "solo.repl.play", "solo.repl.director", "solo.repl.race"}
    assert imported(tmp_path, "play", "--batch", stdin="quick\nquit\n") & commands == {"solo.repl.setup",
                                                                                      "solo.repl.play"}
    assert imported(tmp_path, "play", "--batch", stdin="help\nquit\n") & commands == commands


def test_batch_play_reads_a_save_with_the_models(tmp_path):
    """Resuming reads a save from a file: the models check it (and nothing else is needed)."""
    loaded(tmp_path, "play", "--batch", stdin="quick\nquit\n")
    used = loaded(tmp_path, "play", "--batch", "--resume", stdin="quit\n")
    assert "pydantic" in used and "prompt_toolkit" not in used and "openai" not in used


@pytest.mark.parametrize("args", [["rules", "killer"], ["sim", "--games", "50", "--workers", "1"]])
def test_other_plain_commands_import_no_repl_nor_model_client(tmp_path, args):
    used = loaded(tmp_path, *args)
    assert not used & {"prompt_toolkit", "openai", "solo.repl", "jinja2"}


def test_the_list_of_commands_reads_the_same_whether_their_packages_are_imported_or_not():
    """``solo --help`` names draw-test and odds without importing them: their lines there are
    the ones their own packages give; every command is listed, in the order of COMMANDS."""
    from solo.cli import COMMANDS, build_parser

    whole = build_parser()
    assert build_parser(command="").format_help() == whole.format_help()
    assert tuple(whole._subparsers._group_actions[0].choices) == COMMANDS


@pytest.mark.parametrize("argv", [["--help", "odds"], ["-h", "autoplay", "--seed", "7"], ["--help"], []])
def test_a_help_option_before_the_command_shows_the_whole_list(argv, capsys):
    """The command run is built alone (the others not even listed); but a help option before
    it shows the list of commands, whole."""
    from solo.cli import build_parser, command_in, main

    assert command_in(argv) == ""
    if argv:
        with pytest.raises(SystemExit):
            main(argv)
    else:
        main(argv)
    assert capsys.readouterr().out == build_parser().format_help()


def test_the_command_run_gets_its_whole_parser_and_the_others_nothing():
    """``build_parser(command=NAME)`` fills in NAME's parser only: its help is the one the whole
    parser gives, and no other command's parser is made; an unknown word gets every
    command's line (for the error that lists them) and no options."""
    from solo.cli import build_parser

    def parsers(parser):
        return parser._subparsers._group_actions[0].choices

    whole = parsers(build_parser())
    for name in whole:
        own = parsers(build_parser(command=name))
        assert own[name].format_help() == whole[name].format_help(), name
        assert list(own) == [name]
    listed = parsers(build_parser(command="bogus"))
    assert list(listed) == list(whole) and all(not p._actions for p in listed.values())


def test_batch_play_reads_the_rules_reference_only_when_asked(tmp_path):
    assert "solo.nott.reference" not in imported(tmp_path, "play", "--batch", stdin="quick\nquit\n")
    assert "solo.nott.reference" in imported(tmp_path, "play", "--batch", stdin="rules joker\nquit\n")
