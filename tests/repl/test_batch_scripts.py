"""A script that resolves after every roll (issue 26, item 4): when the roll resolved by itself
(the rules left no choice), ``resolve`` is a friendly note and the script still succeeds."""

from solo.repl.app import run_batch

from .conftest import make_shell, output


def no_choice_tester(sh) -> str:
    g = sh.night.game
    return next(c.name for c in g.cast if c.aptitude != g.threat // 13)  # no Aptitude, no Genre Point


def test_resolve_after_a_roll_that_resolved_itself_is_a_note():
    sh = make_shell(seed=3)
    assert sh.run_line("quick")
    assert sh.run_line(f"test {no_choice_tester(sh)}")
    assert sh.run_line("roll 5 1")
    steps, tests = len(sh.night.steps), sh.night.game.tests
    assert sh.run_line("resolve")
    assert "the last roll resolved by itself" in output(sh)
    assert len(sh.night.steps) == steps and sh.night.game.tests == tests == 1


def test_a_script_resolving_after_each_roll_exits_0():
    probe = make_shell(seed=3)
    probe.run_line("quick")
    name = no_choice_tester(probe)
    sh = make_shell(seed=3)
    assert run_batch(sh, ["quick\n", f"test {name}\n", "roll 5 1\n", "resolve\n"]) == 0


def test_resolve_with_nothing_rolled_is_still_refused():
    sh = make_shell(seed=3)
    assert sh.run_line("quick")
    assert not sh.run_line("resolve")
    assert "roll the dice first" in output(sh)
