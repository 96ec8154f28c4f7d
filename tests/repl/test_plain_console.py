"""Batch play writes its output without rich (solo.repl.plain), byte for byte what the rich
console it always printed with writes: its lines of text and the table, over every Threat Card,
Trophy top, cast and state. Each is printed both ways and compared."""

import io
import random

import pytest

from solo.nott.cast import quick_cast
from solo.nott.game import Character, Game
from solo.nott.rules import ASHCAN, PLAYTEST
from solo.repl.plain import PlainConsole, batch_console, table_lines
from solo.repl.view import table_view


def both(show):
    """What ``show(console)`` writes with the rich batch console, and with the plain one."""
    rich = batch_console()
    rich.file = io.StringIO()
    plain = PlainConsole(file=io.StringIO())
    show(rich, plain)
    return rich.file.getvalue(), plain.file.getvalue()


def rich_and_plain_table(game):
    return both(lambda rich, plain: (rich.print(table_view(game)), plain.table(game)))


NAMES = ["Al", "Bo", "Christopher", "Alexandra Montgomery-Worthington the Third", "Dee Dee", "Eve", "X"]
ARCHETYPES = ["", "The Jock", "The Overachieving Valedictorian Class President of the Year", "The Pure", "—"]
PRONOUNS = ["they/them", "she/her", "he/him", "xe/xem/xyr/xyrs/xemself"]


def random_game(rng: random.Random) -> Game:
    rules = rng.choice([ASHCAN, PLAYTEST]).with_(strikes_to_die=rng.choice([1, 3, 5]),
                                                 face_modifiers=rng.choice([(1, 2, 3), (2, 4, 10)]))
    names = rng.sample(NAMES, 4)
    if rng.random() < 0.7:
        cast = quick_cast(rng.randrange(10**6))
    else:
        cast = [Character(n, rng.randrange(4), rng.choice(ARCHETYPES), pronouns=rng.choice(PRONOUNS))
                for n in names]
    cast = cast[: rng.choice([rules.min_cast, 4])]
    g = Game(cast, rules, seed=rng.randrange(10**6))
    g.deck[0] = rng.randrange(54)
    if rng.random() < 0.2:
        g.trophy.clear()
    elif g.trophy:
        g.trophy[0] = rng.randrange(52)
    for i in range(len(cast)):
        g.strikes[i] = rng.randrange(rules.strikes_to_die + 1)
        g.genre[i] = rng.choice([0, 1, 2, 9, 13, 120])
        g.dead[i] = rng.choice([None, None, "strikes", "red joker"])
    g.tester = rng.randrange(-1, len(cast))
    g.endgame = rng.random() < 0.3
    g.weaknesses = [rng.choice([-1, 11]) for _ in range(4)]
    g.pool, g.tests = rng.choice([0, 13, 999]), rng.choice([0, 7, 45, 100000])
    return g


@pytest.mark.parametrize("seed", range(300))
def test_the_table_reads_the_same_without_rich(seed):
    rich, plain = rich_and_plain_table(random_game(random.Random(seed)))
    assert plain == rich


def test_every_threat_and_trophy_card_is_drawn_as_rich_draws_it():
    g = Game(quick_cast(1), ASHCAN, seed=1)
    drawn = 0
    for threat in range(54):
        for trophy in (None, 0, 9, 12, 25, 51):
            g.deck[0] = threat
            g.trophy[:] = [] if trophy is None else [trophy]
            rich, plain = rich_and_plain_table(g)
            assert plain == rich, (threat, trophy)
            drawn += table_lines(g) is not None
    assert drawn == 54 * 6  # none of them left to rich


def test_a_cast_rich_would_measure_otherwise_is_left_to_rich():
    """Wide characters (two columns each) and combining marks are rich's to measure."""
    cast = [Character("美咲", 0, "The Pure"), Character("José", 1), Character("Ana", 2), Character("Bo", 3)]
    g = Game(cast, ASHCAN, seed=3)
    assert table_lines(g) is None
    rich, plain = rich_and_plain_table(g)
    assert plain == rich and "美咲" in plain


def test_the_table_of_a_played_night_is_drawn_without_rich():
    """The one a batch night prints at once: drawn by the plain console itself."""
    g = Game(quick_cast(5), ASHCAN, seed=5)
    assert table_lines(g) is not None


LINES = ["", "A new night: ashcan rules, seed 5 (replay it with --seed 5).", "  trailing blanks   ",
         "two\nlines  \n", "tab\there", "bell\a and escape \x1b[31mred\x1b[0m", "[bold]not markup[/bold] :smile:",
         "wide 美咲 and é and e\u0301", "zero\u200bwidth", "nbsp\u00a0end\u00a0", "ends in newline\n", "\n\n",
         "\r carriage", "lone \ud800 surrogate", "  — Iris: 7♠ ✗✗· …"]


@pytest.mark.parametrize("text", LINES)
@pytest.mark.parametrize("end", ["\n", ""])
def test_a_line_reads_the_same_without_rich(text, end):
    from rich.text import Text

    rich, plain = both(lambda rich, plain: (rich.print(Text(text, style="bold red"), end=end),
                                            plain.text(text, "bold red", end=end)))
    assert plain == rich


def test_lines_one_after_another_read_the_same():
    """A told line streamed in parts (end="") and closed with a blank print, as the shell does."""
    from rich.text import Text

    def show(rich, plain):
        for part in ("The door  ", "creaks ", "open.  "):
            rich.print(Text(part, style="italic"), end="")
            plain.text(part, "italic", end="")
        rich.print()
        plain.print()
        rich.print(Text("next  "))
        plain.text("next  ")

    rich, plain = both(show)
    assert plain == rich
