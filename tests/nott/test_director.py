"""The director's Genre Points (docs/rulings.md 31–39), on a Night without the REPL: the
template judge, the discipline read back from the history, replay without a judge. The
REPL's side (ask, yes/no, undo's message, explain) is in tests/repl/test_director_awards.py."""

from __future__ import annotations

import pytest

from solo.director.awards import NOTE_HEAD, Director, given
from solo.director.judge_llm import parse_verdict
from solo.director.tropes import SLASHER, TemplateJudge
from solo.nott import quick_cast
from solo.nott.actions import Award, Resolve, Roll, Test
from solo.nott.rules import ASHCAN
from solo.play.night import Night


class CountingJudge(TemplateJudge):
    def __init__(self):
        super().__init__()
        self.asked = 0

    def judge(self, line, who, tropes):
        self.asked += 1
        return super().judge(line, who, tropes)


def night(rules=ASHCAN, save=None):
    return Night(quick_cast(6), rules, 6, save_path=save)


def typed(n: Night, d: Director, who: int, line: str):
    """The REPL's order: the line, then the director's judgement and award."""
    n.say(line, who)
    verdict, why = d.consider(n, line, who)
    if verdict is not None and why is None:
        d.award(n, who, verdict)
    return verdict, why


def a_test(n: Night, who: int) -> None:
    n.act([Test(who), Roll(5, 1)])
    if n.game.phase == "decide":
        n.act([Resolve(0)])


def test_an_award_is_an_award_action_with_its_note(tmp_path):
    n, d = night(save=tmp_path / "s.json"), Director()
    typed(n, d, 2, "I read the old legend aloud")
    assert n.steps[-2].say == "I read the old legend aloud" and n.steps[-1].actions == [Award(2)]
    assert n.steps[-1].note == (f"{NOTE_HEAD}{n.names[2]}: reading the forbidden thing aloud. "
                                "(Judged by the templates: \u201cread the old legend aloud\u201d.)")
    assert n.game.pool == 12
    again = Night.from_save(tmp_path / "s.json")
    assert (again.game.pool, again.game.genre) == (12, [0, 0, 1, 0])
    assert [(g.who, g.trope, g.judge) for g in given(again)] == [(2, "reading the forbidden thing aloud", "templates")]


def test_a_line_nobody_speaks_earns_nothing():
    n, d = night(), Director()
    verdict, why = d.consider(n, "Let's split up", None)
    assert verdict.trope == "splitting up" and why.startswith("say who does it")


def test_at_most_one_director_award_per_test():
    n, d = night(), Director()
    typed(n, d, 0, "Let's split up")
    verdict, why = typed(n, d, 1, "I'll be right back")
    assert verdict is not None and why == "the director gives at most one Genre Point per Test"
    assert n.game.genre == [1, 0, 0, 0]
    n.act([Award(3)])  # the player's own award is not limited
    a_test(n, 2)
    typed(n, d, 1, "I'll be right back")
    assert n.game.genre == [1, 1, 0, 1] and n.game.pool == 10


def test_the_same_trope_rewards_the_same_character_once_a_night():
    n, d = night(), Director()
    typed(n, d, 0, "I hide in the closet")
    a_test(n, 2)
    verdict, why = typed(n, d, 0, "I squeeze into the wardrobe")
    assert verdict.trope == "hiding in the closet" and "already had a Genre Point" in why
    typed(n, d, 3, "I hide in the closet")
    assert n.game.genre == [1, 0, 0, 1]


def test_none_for_the_dead_from_an_empty_pool_or_after_the_night():
    n, d = night(), Director()
    n.game.dead[1] = "strikes"
    assert d.consider(n, "I'll be right back", 1) == (None, None)
    empty, d2 = night(ASHCAN.with_(genre_points=0)), Director(judge=CountingJudge())
    assert d2.consider(empty, "I'll be right back", 0) == (None, None) and d2.judge.asked == 0


@pytest.mark.parametrize("line", ["I rolled a 7 and a 3, Messy", "9 plus 4 is 13, that beats the King",
                                  "Costly failure, another Strike", "reroll! spend the Genre Point"])
def test_none_for_lines_that_only_restate_the_dice(line):
    d = Director(judge=CountingJudge())
    assert d.consider(night(), line, 0) == (None, None) and d.judge.asked == 0


def test_the_player_refuses_by_undo_or_turns_the_director_off():
    n, d = night(), Director()
    typed(n, d, 2, "I read the old legend aloud")
    assert d.forget(n, n.undo(1)) == [(2, "reading the forbidden thing aloud")]
    assert n.game.pool == 13
    verdict, why = typed(n, d, 2, "I read it aloud again")
    assert verdict is not None and "turned down" in why and n.game.pool == 13
    off = Director(mode="off")
    assert off.consider(n, "Let's split up", 0) == (None, None)


def test_a_models_verdict_must_name_a_listed_trope():
    assert parse_verdict('{"trope": "The Power of Fusing", "reason": "x"}', SLASHER)[0] is None
    assert parse_verdict('{"trope": "none"}', SLASHER) == (None, None)
    v, err = parse_verdict('{"trope": "splitting up", "reason": "she goes alone"}', SLASHER)
    assert err is None and v.trope == "splitting up" and v.judge == "model"


def test_pool_held_spent_is_thirteen_with_the_director_awarding():
    n, d = night(), Director()
    lines = ["Let's split up", "I hide in the closet", "I'll be right back", "I run upstairs", "I read it aloud"]
    for k in range(12):
        who = n.game.living()[k % len(n.game.living())]
        typed(n, d, who, lines[k % len(lines)])
        g = n.game
        assert g.pool + sum(g.genre) + g.spent == 13
        if g.is_over():
            break
        if k % 4 == 3 and n.steps[-1].actions:  # the player refuses this one
            d.forget(n, n.undo(1))
            assert g.pool + sum(g.genre) + g.spent == 13
        a_test(n, who)
    assert len(given(n)) >= 3
