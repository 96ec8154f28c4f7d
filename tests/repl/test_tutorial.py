"""The guided first night: every rule in play order, on a stacked table, the player choosing."""

from solo.nott import events as E
from solo.invocation import solo_command
from solo.nott.tutorial import LESSONS

from .conftest import make_shell, output

SCRIPT = """test Ben
roll
test Cat
roll
test Dee
roll
test Dee
roll
resolve +1
award Cat for reading the old legend aloud
test Cat
roll
reroll
test Ann
roll
test Ann
roll
resolve
test Ben
roll
resolve
test Cat
roll
resolve
test Cat
roll
resolve
test Dee
roll
resolve
test Ann
roll
test Ben
roll""".splitlines()


def test_the_tutorial_walks_through_every_rule_to_dawn():
    sh = make_shell()
    sh.start_tutorial()
    seen: list = []
    for line in SCRIPT:
        assert sh.run_line(line), line
        seen += sh.night.last_events
    g = sh.night.game
    assert g.outcome() is not None and g.outcome().dawn
    text = output(sh)
    for title, _, _ in LESSONS.values():
        assert f"Lesson: {title}" in text
    kinds = {type(e) for e in seen}
    for kind in (E.StrikeGained, E.WeaknessFound, E.EndgameBegan, E.JokerRevealed, E.BlackJokerResolved,
                 E.RedJokerResolved, E.GenrePointSpent, E.Dawn):
        assert kind in kinds, kind.__name__
    resolved = [e for e in seen if type(e) is E.TestResolved]
    assert any(r.adjust == 1 for r in resolved)  # Aptitude used
    assert any(not r.success and r.fallout == 3 and r.card % 13 == 3 for r in resolved)  # 4♣ failure, no Strike
    assert text.count("rule: ") == len(resolved)  # teaching is on
    assert f"Start a night of your own with: {solo_command()} play" in text


def test_the_tutorial_lets_the_player_choose_differently_and_undo():
    sh = make_shell()
    sh.start_tutorial()
    for line in SCRIPT[:8]:
        sh.run_line(line)
    g = sh.night.game
    assert sh.run_line("resolve")  # refuse the Aptitude advice: a failure instead
    assert g.trophy[0] != 3 * 13 + 6  # 7♦ is not in the Trophy Pile
    assert sh.run_line("undo")
    assert sh.run_line("resolve +1")
    assert g.trophy[0] == 3 * 13 + 6  # the same dice came back: 7♦ beaten
