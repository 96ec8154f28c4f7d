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
