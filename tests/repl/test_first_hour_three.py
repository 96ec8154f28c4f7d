"""The first hour, round three (issue 36): help that reads whole, a tutorial true to its cast,
set-up mistakes caught early, and the small words."""

import pytest

from solo.repl.commands import _paragraphs

from .conftest import make_shell, output


# ---------------------------------------------------------------- 1. help whole, wrapped, indented

@pytest.mark.parametrize("width", [60, 80, 120])
@pytest.mark.parametrize("which", ["nott", "lucky13"])
def test_help_tells_each_summary_whole_within_the_width_indented(which, width):
    if which == "nott":
        from solo.repl.shell import registry
    else:
        from solo.repl.lucky13.keeping import registry
    lines = registry.help_lines(None, width)
    assert all(len(line) < width for line in lines), [line for line in lines if len(line) >= width]
    text = "\n".join(lines)
    flat = " ".join(text.split())
    for cmd in registry.commands.values():
        first = _paragraphs(cmd.func.__doc__)[0]
        assert first[-1] in ".)", f"{cmd.name}: its first paragraph is no whole sentence: {first!r}"
        assert first in flat, f"{cmd.name}: its summary is not told whole"
    # a wrapped summary line sits under the summaries, never at the left edge
    for line in lines[:text.count("\n", 0, text.index("Anything else"))]:
        assert line.startswith("  ") or line.endswith(":"), line


def test_help_for_one_command_tells_its_whole_docstring_wrapped():
    from solo.repl.shell import registry

    lines = registry.help_lines("give", 50)
    assert lines[0].startswith("give <Name> <thing> to <Name>")
    assert all(len(line) < 50 and line.startswith("  ") for line in lines[1:])
    assert "undo moves it back." in " ".join(" ".join(lines).split())


def test_help_in_the_shell_wraps_to_its_console():
    sh = make_shell(seed=3)
    sh.run_line("help")
    lines = output(sh).splitlines()
    give = next(k for k, line in enumerate(lines) if line.lstrip().startswith("give "))
    assert lines[give + 1].startswith(" " * 29 + "Hand a thing")
    assert "undo moves it back." in " ".join(lines[give + 1:give + 5])


# ---------------------------------------------------------------- 4. set-up mistakes caught early

def test_a_mistyped_command_before_the_night_is_named_whatever_follows_it():
    sh = make_shell(seed=3)
    assert not sh.run_line("charcter Bo, The Jock, Power, lost a bet")
    out = output(sh)
    assert "did you mean `character Bo, The Jock, Power, lost a bet`?" in out
    assert "no night under way" not in out and "say charcter" not in out
    assert not sh.run_line("I run for the car")  # story with no night: said plainly
    assert "no night under way" in output(sh)


@pytest.mark.parametrize("typed, meant", [("ashcna", "ashcan"), ("playtets", "playtest"), ("fsat", "fast")])
def test_new_names_the_word_meant(typed, meant):
    sh = make_shell()
    assert not sh.run_line(f"new {typed}")
    assert f"not {typed!r}: did you mean {meant}?" in output(sh)


@pytest.mark.parametrize("typed, meant", [("pwoer", "Power"), ("Intelect", "Intellect"), ("reslove", "Resolve"),
                                          ("Finese", "Finesse")])
def test_a_mistyped_aptitude_names_the_one_meant(typed, meant):
    sh = make_shell()
    sh.run_line("new")
    assert not sh.run_line(f"character Bo, The Jock, {typed}, lost a bet")
    assert f"{typed!r}: did you mean {meant}?" in output(sh)
    assert not sh.pending


def test_no_guess_for_a_word_like_no_aptitude():
    from solo.nott.cards import parse_suit

    with pytest.raises(ValueError) as err:
        parse_suit("xyzzy")
    assert "did you mean" not in str(err.value)


def scripted(*answers):
    asked = []
    it = iter(answers)

    def ask(question, default, options):
        asked.append(question)
        return next(it) or default

    return ask, asked


def test_the_wizard_refuses_a_name_already_in_the_cast_at_once():
    from solo.repl.app import wizard

    sh = make_shell(seed=5)
    ask, asked = scripted("", "n", "build", "Bo", "", "Power", "The Jock", "lost a bet",
                          "bo", "Cy", "", "Resolve", "The Nerd", "",
                          "Di", "", "Intellect", "", "", "Ed", "", "Finesse", "", "")
    wizard(sh, ask)
    at = asked.index("Character 2 — name")
    assert asked[at + 1] == "Character 2 — name"  # asked again at once, not after four more questions
    assert "there is already a 'bo' in the cast" in output(sh)
    assert [c.name for c in sh.night.cast] == ["Bo", "Cy", "Di", "Ed"]


def test_the_wizard_shows_its_defaults_and_new_says_a_random_seed():
    from solo.repl.app import wizard

    sh = make_shell()
    ask, asked = scripted("", "n", "", "quick")  # ruleset, fast set-up, seed, cast
    wizard(sh, ask)
    assert asked[0] == "Ruleset — ashcan or playtest (Enter: ashcan)"
    assert sh.night.game.rules.name == "ashcan"
    sh2 = make_shell()
    sh2.run_line("new")
    assert "a random seed" in output(sh2) and "seed random" not in output(sh2)


# ---------------------------------------------------------------- 5. The Final Them (ruling 43)

def test_archetypes_says_the_final_them_is_the_rulebooks_name():
    sh = make_shell()
    sh.run_line("archetypes resolve")
    assert "The Final Them is the rulebook's own name" in output(sh)
    sh2 = make_shell()
    sh2.run_line("archetypes power")
    assert "Final Them" not in output(sh2)
