"""The command line's first hour, again: ``playset check`` lists every problem; the default camp
is a playset like the others, listed and chosen by name; every option of every command says
what it does; ``--fast`` and ``--fast-setup`` are one option everywhere; a bare ``draw-test``
and dice that are not dice say what to type; and every hint names solo, and pip, the way they
work as typed from a clone that ``make`` built (``.venv/bin/solo``, not on PATH).

Everything runs in this process, through :func:`solo.cli.main`."""

from __future__ import annotations

import argparse
import io
import json
import os
import re
import shlex
import sys
import tomllib
from pathlib import Path

import pytest

from solo.cli import build_parser, main
from solo.invocation import python_command, solo_command
from solo.lucky13.dice import SIZES
from solo.playsets.loader import BUILTIN_DIR, MAX_PROBLEMS_SHOWN

ROOT = Path(__file__).resolve().parents[1]


def run(capsys, *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exc:  # argparse's help and usage errors
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def from_the_clone(tmp_path, monkeypatch) -> str:
    """solo started as ``make play`` starts it: ``.venv/bin/solo`` in the current folder, the
    venv not active (neither its solo nor its python is on PATH). The words that start it."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "argv", [str(tmp_path / ".venv" / "bin" / "solo")])
    monkeypatch.setattr(sys, "executable", str(tmp_path / ".venv" / "bin" / "python"))
    assert solo_command() == ".venv/bin/solo"
    return ".venv/bin/solo"


# ------------------------------------------------------------------------- A. playsets

def test_playset_check_lists_every_problem_one_a_line(capsys, tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text("title = 3\n", encoding="utf-8")
    code, out, err = run(capsys, "playset", "check", str(bad))
    assert code == 1 and out == ""
    lines = err.splitlines()
    assert lines[0] == f"solo: playset {str(bad)!r}: 10 problems:"
    missing = ["name", "premise", "killer", "locations", "props", "tropes", "flavour", "dread", "archetypes"]
    assert sorted(lines[1:]) == sorted([f"  {key}: missing" for key in missing]
                                       + ["  title (line 1): it must be text, not 3"])
    assert "more problem" not in err
    # one problem is one line, as before
    text = (BUILTIN_DIR / "house-party.toml").read_text(encoding="utf-8")
    one = tmp_path / "one.toml"
    one.write_text("colour = 1\n" + text, encoding="utf-8")
    assert run(capsys, "playset", "check", str(one)) == (
        1, "", f"solo: playset {str(one)!r}: colour (line 1): unknown key\n")


def test_playset_check_of_a_huge_file_lists_the_first_problems_and_counts_the_rest(capsys, tmp_path):
    text = (BUILTIN_DIR / "house-party.toml").read_text(encoding="utf-8")
    extra = "".join(f"stray_{i} = {i}\n" for i in range(120))
    bad = tmp_path / "huge.toml"
    bad.write_text(extra + text, encoding="utf-8")
    code, _, err = run(capsys, "playset", "check", str(bad))
    lines = err.splitlines()
    assert code == 1 and lines[0] == f"solo: playset {str(bad)!r}: 120 problems:"
    assert lines[1:MAX_PROBLEMS_SHOWN + 1] == [f"  stray_{i} (line {i + 1}): unknown key"
                                               for i in range(MAX_PROBLEMS_SHOWN)]
    assert lines[MAX_PROBLEMS_SHOWN + 1:] == [f"  … and {120 - MAX_PROBLEMS_SHOWN} more"]


def test_playsets_lists_the_default_camp(capsys):
    code, out, _ = run(capsys, "playsets")
    first = out.splitlines()[0].split()
    assert code == 0 and first[:2] == ["camp", "built-in"] and "Camp Crystal Pines" in out.splitlines()[0]
    code, out, _ = run(capsys, "playset", "check", "camp")
    assert code == 0 and out.startswith("camp: OK — 'Camp Crystal Pines' (the default setting), ashcan rules")


def test_an_unknown_playset_names_the_camp_among_those_there_are(capsys):
    code, _, err = run(capsys, "autoplay", "--seed", "6", "--playset", "nowhere")
    assert code == 2 and err == "solo: no playset called 'nowhere' (available: camp, cabin-in-the-woods, house-party)\n"


def test_autoplay_with_the_camp_by_name_is_the_night_without_a_playset(capsys, tmp_path):
    assert run(capsys, "autoplay", "--seed", "6", "--out", str(tmp_path / "plain.md"))[0] == 0
    code, _, err = run(capsys, "autoplay", "--seed", "6", "--playset", "camp", "--out", str(tmp_path / "camp.md"))
    assert code == 0, err
    assert (tmp_path / "camp.md").read_bytes() == (tmp_path / "plain.md").read_bytes()


def test_sim_takes_the_camp_by_name(capsys):
    code, out, err = run(capsys, "sim", "--games", "40", "--workers", "1", "--json", "--playset", "Camp")
    assert code == 0, err
    assert json.loads(out)["playset"] is None


def play_batch(capsys, monkeypatch, *argv: str, lines: str = "quick\nquit\n") -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(lines))
    return run(capsys, "play", "--batch", *argv)


def test_play_takes_the_camp_by_name(capsys, monkeypatch):
    code, out, err = play_batch(capsys, monkeypatch, "--playset", "camp", "--seed", "5")
    assert "no playset" not in out + err
    assert "A new night: ashcan rules, seed 5" in out  # no playset's title before the rules


# ------------------------------------------------------------------------- B. help

def every_option(parser: argparse.ArgumentParser, path: tuple[str, ...] = ()):
    """(command path, parser, action) for every option and argument of every command."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            listed = {a.dest: a.help for a in action._choices_actions}
            for name, sub in action.choices.items():
                assert listed.get(name), f"{' '.join(path + (name,))}: no line in the list of commands"
                yield from every_option(sub, path + (name,))
        elif not isinstance(action, argparse._HelpAction):
            yield path, parser, action


def test_every_option_of_every_command_has_help():
    seen = []
    for path, parser, action in every_option(build_parser()):
        name = " ".join(path + (action.option_strings[0] if action.option_strings else action.dest,))
        seen.append(name)
        assert action.help, f"solo {name}: no help"
        if action.help == argparse.SUPPRESS:  # only a second spelling of an option that has help
            assert any(a.dest == action.dest and a.help and a.help != argparse.SUPPRESS
                       for a in parser._actions), f"solo {name}: hidden, and not another spelling of one shown"
    for name in ("tutorial --narrator", "tutorial --model", "autoplay --policy", "autoplay --fast-setup",
                 "autoplay --narrator", "autoplay --model", "sim --games", "sim --seed", "draw-test --char",
                 "odds dice", "playset check file", "rules topic"):
        assert name in seen, name


def test_fast_and_fast_setup_are_one_option_everywhere_shown_once(capsys):
    for command in ("play", "autoplay", "sim", "sweep"):
        parser = build_parser(command=command)
        assert parser.parse_args([command]).fast_setup is False, command
        for spelling in ("--fast", "--fast-setup"):
            assert parser.parse_args([command, spelling]).fast_setup is True, (command, spelling)
        code, out, _ = run(capsys, command, "--help")
        assert code == 0 and "--fast-setup" in out and not re.search(r"--fast(?![-\w])", out), command


def test_play_with_either_spelling_deals_a_fast_setup(capsys, monkeypatch):
    for spelling in ("--fast", "--fast-setup"):
        code, out, err = play_batch(capsys, monkeypatch, spelling, "--seed", "5")
        assert "A new night: ashcan rules (fast setup), seed 5" in out, (spelling, out + err)


def test_a_bare_draw_test_says_what_to_type_in_one_line_and_its_example_runs(capsys, from_the_clone):
    code, out, err = run(capsys, "draw-test")
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "DRAW being the character's Facet (or Annex) Draw in Pips" in err
    example = re.search(r"e\.g\. (.+?) \(every option: (.+?)\)$", err.strip())
    assert example and example[1].startswith(f"{from_the_clone} draw-test --char ")
    assert example[2] == f"{from_the_clone} draw-test --help"
    words = shlex.split(example[1])[1:]
    code, out, err = run(capsys, *words, "--seed", "3")
    assert code == 0 and err == "" and out.startswith("T13 Card Draw Test: ")


def test_draw_test_help_says_what_draw_is(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    code, out, _ = run(capsys, "draw-test", "--help")
    text = " ".join(out.split())
    assert code == 0 and "DRAW is the character's Facet (or Annex) Draw in Pips" in text
    assert "DRAW: their Draw in Pips" in text  # at --char itself


@pytest.mark.parametrize("word,written", [("3d6", "d6 d6 d6"), ("d20", None), ("banana", None)])
def test_dice_that_are_not_dice_are_named_with_the_dice_there_are(capsys, from_the_clone, word, written):
    code, out, err = run(capsys, "odds", "d10", word)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert err.startswith(f"solo odds: error: not dice: {word!r} ")
    dice = [f"d{n}" for n in SIZES]
    assert f"the dice are {', '.join(dice[:-1])} and {dice[-1]}" in err
    assert (f"{word} is written {written}" in err) if written else "is written" not in err
    example = err.strip().rpartition("e.g. ")[2]
    assert example == f"{from_the_clone} odds d10 d8 d6"
    assert run(capsys, *shlex.split(example)[1:])[0] == 0


# ------------------------------------------------------------------------- C. hints that work as typed

def test_autoplay_names_solo_as_it_was_started(capsys, from_the_clone):
    code, out, _ = run(capsys, "autoplay", "--seed", "6")
    save = Path(os.environ["SOLO_HOME"]) / "saves" / "nott-ashcan-careful-seed6.json"
    assert code == 0 and f"Save: {save} ({from_the_clone} render {shlex.quote(str(save))} --as log)" in out
    assert "(solo " not in out


def test_rules_names_solo_as_it_was_started(capsys, from_the_clone):
    code, out, _ = run(capsys, "rules")
    assert code == 0 and out.rstrip().splitlines()[-1] == (
        f"Lucky 13's rules: {from_the_clone} rules lucky13 (or {from_the_clone} rules --system lucky13 TOPIC).")


def plot_extra() -> list[str]:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]["plot"]


def test_sweep_plot_without_matplotlib_says_how_to_install_it_into_this_venv(capsys, monkeypatch, from_the_clone):
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    code, out, err = run(capsys, "sweep", "--games", "10", "--set", "genre_points=0,4", "--plot", "x.png")
    prefix = "solo: --plot needs matplotlib: .venv/bin/python -m pip install "
    assert code == 2 and out == "" and err.startswith(prefix) and err.count("\n") == 1
    assert shlex.split(err[len(prefix):]) in ([need] for need in plot_extra() + ["matplotlib"])
    assert "solo[plot]" not in err


def test_sweep_scheduler_without_dask_says_how_to_install_it_into_this_venv(capsys, monkeypatch, from_the_clone):
    monkeypatch.setitem(sys.modules, "distributed", None)
    code, _, err = run(capsys, "sweep", "--games", "10", "--set", "genre_points=0,4", "--scheduler", "tcp://127.0.0.1:1")
    assert code == 2 and err.startswith("solo: --scheduler needs dask.distributed: .venv/bin/python -m pip install ")
    assert "distributed" in err.rpartition("pip install ")[2] and "solo[dask]" not in err


def test_a_venvs_python_is_not_the_systems_python3_it_links_to(tmp_path):
    """A venv's python is a link to the system's: the same file, another environment. The
    system's ``python3`` on PATH would not find solo, nor install into its venv."""
    system = tmp_path / "usr" / "bin" / "python3"
    system.parent.mkdir(parents=True)
    system.write_text("")
    clone = tmp_path / "clone"
    venv = clone / ".venv" / "bin"
    venv.mkdir(parents=True)
    (venv / "python").symlink_to(system)
    (venv / "python3").symlink_to(system)
    on_path = lambda word: str(system) if word in ("python3", "python") else None  # noqa: E731
    assert solo_command("/x/solo/__main__.py", executable=str(venv / "python"), which=on_path,
                        cwd=str(clone)) == ".venv/bin/python -m solo"
    assert python_command(str(venv / "python"), which=on_path, cwd=str(clone)) == ".venv/bin/python"
    active = lambda word: str(venv / word) if word in ("python3", "python") else None  # noqa: E731
    assert python_command(str(venv / "python"), which=active, cwd=str(clone)) == "python3"


# ------------------------------------------------------------------------- sweep's small words

@pytest.mark.parametrize("command", ["sweep", "sim"])
def test_a_mistyped_knob_names_the_one_meant_and_quotes_the_whole_item(capsys, command):
    code, out, err = run(capsys, command, "--games", "2", "--set", "genre_point=0,4" if command == "sweep"
                         else "genre_point=4")
    assert code == 2
    item = "genre_point=0,4" if command == "sweep" else "genre_point=4"
    assert f"--set {item!r}: unknown rule knob 'genre_point': did you mean genre_points?" in err


def test_a_sweep_without_set_says_how_to_compare_and_counts_its_worker(capsys):
    code, out, err = run(capsys, "sweep", "--games", "2", "--workers", "1")
    assert code == 0
    flat = " ".join(out.split())
    assert "Only the baseline was played: compare variants with --set KNOB=V1,V2,…" in flat
    assert "with 1 worker." in flat and "worker(s)" not in flat
    code, out, err = run(capsys, "sweep", "--games", "2", "--workers", "1", "--set", "genre_points=0,4")
    assert code == 0 and "Only the baseline" not in out


def test_a_rules_topic_named_is_that_topic_alone():
    """'rules fallout' also printed the d13 (a search's second hit): a topic named by its key or
    title is shown alone; words that name none still search."""
    from solo.nott.reference import search

    assert [s.key for s in search("fallout")] == ["fallout"]
    assert [s.key for s in search("The d13")] == ["d13"]
    assert len(search("dice roll")) >= 2


def test_a_sweep_of_values_given_to_set_points_to_solo_sweep():
    """'sim --set genre_points=0,5' failed with no pointer to the command that does exactly that."""
    import pytest

    from solo.playsets.loader import PlaysetError, parse_overrides

    with pytest.raises(PlaysetError, match=r"solo sweep --set genre_points=0,5"):
        parse_overrides(["genre_points=0,5"])
    assert parse_overrides(["face_modifiers=1,2,4"]).face_modifiers is not None  # a list knob is one value
