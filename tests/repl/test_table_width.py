"""The table at 80 columns (issue 26, item 7): one line per character, whatever the length of
the names and archetypes (cut short with …); the columns that say how a character stands are
shown whole; the piles line breaks between items, never inside one."""

import io
import re

import pytest
from rich.cells import cell_len
from rich.console import Console

from solo.repl.view import table_view

from .conftest import make_shell

LONG = ["character Alexandra Montgomery, The Overachieving Valedictorian Class President, Power, her party",
        "character Bob, The Jock, Resolve",
        "character Christopher, The Genre-Savvy Horror Film Buff, Intellect",
        "character Dee, The Stoner, Finesse"]


def drawn(game, width: int) -> list[str]:
    console = Console(file=io.StringIO(), width=width, color_system=None)
    console.print(table_view(game))
    return console.file.getvalue().splitlines()


@pytest.mark.parametrize("width", [80, 100, 120])
def test_every_character_has_one_whole_line(width):
    sh = make_shell(seed=8)
    assert sh.run_line("new seed 8") and all(sh.run_line(line) for line in LONG)
    g = sh.night.game
    g.dead[1], g.strikes[0], g.genre[2], g.tester = "red joker", 2, 12, 3
    lines = drawn(g, width)
    assert all(cell_len(line) <= width for line in lines)
    first = next(i for i, line in enumerate(lines) if line.startswith("1 "))
    cast = lines[first:first + 4]
    assert [line[0] for line in cast] == ["1", "2", "3", "4"] and lines[first + 4].startswith("Weaknesses")
    for line, apt, rest in zip(cast, ["♠ Power", "♥ Resolve", "♣ Intellect", "♦ Finesse"],
                               [r"✗✗·\s+0\s+alive", r"···\s+0\s+dead \(Red Joker\)", r"···\s+12\s+alive",
                                r"···\s+0\s+testing"]):
        assert apt in line and re.search(rest, line), line
    assert any(line.startswith("2   Bob ") for line in cast)
    piles = lines[first + 5:]
    items = " · ".join(piles).split(" · ")
    assert items == ["Threat Deck 17", "Trophy 1", "Number Reserve 23", "J/Q/K 3/4/4", "Genre pool 13", "Tests 0"]


@pytest.mark.parametrize("width", [40, 50, 60])
def test_a_narrow_screen_keeps_each_name_whole_and_how_each_stands(width):
    """At 40 columns names were cut to "I…" and the State to "a…": a narrow screen leaves the
    archetypes out (and shows an Aptitude by its suit) so that each name, its Strikes, its Genre
    Points and its state stand whole on one line. Break it catches: the wide layout at any width."""
    sh = make_shell(seed=8)
    assert sh.run_line("new seed 8") and all(sh.run_line(line) for line in [
        "character Iris, The Rich Kid, Finesse", "character Christopher, The Jock, Power",
        "character Laurie, The Pure, Resolve", "character Jesse, The Loner, Intellect"])
    g = sh.night.game
    g.dead[1], g.strikes[0], g.genre[2], g.tester = "red joker", 2, 12, 3
    lines = drawn(g, width)
    assert all(cell_len(line) <= width for line in lines)
    for c, state in zip(g.cast, ["alive", "dead", "alive", "testing"]):
        line = next(line for line in lines if re.match(rf"\s*{c.name[:4]}", line))
        assert re.match(rf"\s*{c.name}\s", line) and state in line and "…" not in line, (c.name, line)
    assert any("✗✗·" in line for line in lines) and any(re.search(r"\b12\b", line) for line in lines)
