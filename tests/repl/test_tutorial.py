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
test Cat
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
                 E.RedJokerResolved, E.GenrePointSpent, E.CharacterDied, E.Dawn):
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


def test_the_tutorial_shows_a_death_by_the_third_strike():
    # Cat's Strikes: the Dire failure of her reroll on 9♠ ("Fail a Test with Dire (4) Fallout"), then
    # failing K♣ and K♠ ("Fail any Test against the Killer"): the third kills.
    sh = make_shell()
    sh.start_tutorial()
    strikes_by_card = []
    for line in SCRIPT:
        card = sh.night.game.threat
        sh.run_line(line)
        strikes_by_card += [card for e in sh.night.last_events if type(e) is E.StrikeGained and e.who == 2]
    g = sh.night.game
    from solo.nott.cards import card_str

    assert [card_str(c) for c in dict.fromkeys(strikes_by_card)] == ["9♠", "K♣", "K♠"]
    assert g.dead[2] == "strikes" and g.outcome().survivors == (0, 1, 3)
    assert "Lesson: The third Strike" in output(sh)


def test_testing_another_character_than_the_lesson_says_so_and_offers_undo():
    sh = make_shell()
    sh.start_tutorial()
    assert sh.run_line("test Ann")  # the first lesson says: test Ben
    text = " ".join(output(sh).split())
    assert "The lesson has Ben take this card. Ann rolls the lesson's dice instead" in text
    assert "type undo to give it to Ben" in text
    assert sh.run_line("undo") and sh.run_line("test Ben")
    assert output(sh).count("The lesson has") == 1  # no note when the lesson's character tests


def test_the_tutorial_never_says_a_power_is_someone_elses():
    """The lesson points at its tester; the telling calls them suited only when their Aptitude
    is the card's suit (not "If anyone's power can get you through this, it's Ben's" for Ben,
    whose Aptitude is Resolve)."""
    import re

    from solo.nott.cards import SUIT_APTITUDES

    sh = make_shell()
    sh.start_tutorial()
    aptitude = {c.name: c.aptitude_name for c in sh.night.game.cast}
    for line in SCRIPT:
        sh.run_line(line)
    text = output(sh)
    for apt, name in re.findall(r"If anyone's (\w+) can get you through this, it's (\w+)'s", text):
        assert aptitude[name].lower() == apt, (name, apt)
    pointed = len(re.findall(r"All eyes drift to (\w+)|Someone says (\w+)'s name", text))
    assert pointed >= 1 and set(aptitude.values()) <= set(SUIT_APTITUDES)
