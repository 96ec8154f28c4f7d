"""The director awards Genre Points for tropes in what the player types (docs/rulings.md,
"The director's Genre Points"): the award is an ordinary Award action with its note, the
discipline holds, the player can refuse, and replay and resume need no judge."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solo.director.awards import NOTE_HEAD, Director, given as director_awards
from solo.director.tropes import TemplateJudge
from solo.nott import quick_cast
from solo.nott.actions import Award, Resolve, Roll, Test
from solo.play.night import Night
from solo.play.saves import read_save
from solo.repl.shell import Shell
from solo.nott.rules import ASHCAN

from tests.nott.test_director import CountingJudge  # the template judge, counting how often it is asked

from .conftest import make_shell, output




def started(seed=6, **kw) -> Shell:
    sh = make_shell(seed=seed, **kw)
    assert sh.run_line("quick")
    return sh


def names(sh):
    return sh.night.names


def resolve_a_test(sh, who: int, dice=("5", "1")):
    """Play a whole Test for ``who`` with hand dice (resolving when the rules leave a choice)."""
    g = sh.night.game
    assert sh.run_line(f"test {names(sh)[who]} {' '.join(dice)}")
    if g.phase == "decide":
        assert sh.run_line("resolve")


def test_a_trope_line_earns_a_genre_point_recorded_as_an_award_with_its_note():
    sh = started()
    n = names(sh)
    g = sh.night.game
    assert sh.run_line(f"{n[2]}: I read the old legend aloud")
    assert g.pool == 12 and g.genre[2] == 1
    step = sh.night.steps[-1]
    assert step.actions == [Award(2)]
    assert step.note == (f"{NOTE_HEAD}{n[2]}: reading the forbidden thing aloud. "
                         "(Judged by the templates: \u201cread the old legend aloud\u201d.)")
    text = output(sh)
    assert "reading the forbidden thing aloud" in text and "undo gives it back" in text
    save = read_save(sh.night.save_path)
    assert save.steps[-1].actions == ["award 2"] and save.steps[-1].note == step.note
    assert save.steps[-2].say == "I read the old legend aloud"  # the line itself comes first
    transcript = sh.night.transcript.path.read_text(encoding="utf-8")
    # the director's prose tells the award; its note says only how it was judged (once, after the line)
    assert NOTE_HEAD not in transcript
    assert transcript.index("I read the old legend aloud") < transcript.index(
        "*Judged by the templates: \u201cread the old legend aloud\u201d.*")


def test_the_tester_is_who_speaks_without_a_name():
    sh = started()
    g = sh.night.game
    assert sh.run_line(f"test {names(sh)[1]}")
    assert sh.run_line("I'll be right back")
    assert g.genre[1] == 1 and g.pool == 12


def test_a_line_with_no_speaker_earns_nothing_and_says_who_should_speak():
    sh = started()
    assert sh.night.game.tester < 0
    assert sh.run_line("Let's split up!")
    assert sh.night.game.pool == 13
    assert "say who does it" in output(sh)


def test_at_most_one_award_per_test():
    sh = started()
    n, g = names(sh), sh.night.game
    assert sh.run_line(f"{n[0]}: Let's split up")
    assert sh.run_line(f"{n[1]}: I'll be right back")  # another character, another trope, same Test
    assert g.pool == 12 and g.genre == [1, 0, 0, 0]
    assert "at most one Genre Point per Test" in output(sh)
    resolve_a_test(sh, 2)
    assert sh.run_line(f"{n[1]}: I'll be right back")  # the next Test: awarded
    assert g.pool == 11 and g.genre[1] == 1


def test_the_same_trope_rewards_the_same_character_once_a_night():
    sh = started()
    n, g = names(sh), sh.night.game
    assert sh.run_line(f"{n[0]}: I hide in the closet")
    resolve_a_test(sh, 2)
    assert sh.run_line(f"{n[0]}: I squeeze into the wardrobe")  # the same trope in other words
    assert g.genre[0] == 1 and "already had a Genre Point for hiding in the closet" in output(sh)
    assert sh.run_line(f"{n[3]}: I hide in the closet too")  # someone else: yes
    assert g.genre[3] == 1 and g.pool == 11


def test_dice_talk_is_never_judged():
    sh = started()
    judge = CountingJudge()
    sh._director = Director(judge=judge)
    assert sh.run_line(f"test {names(sh)[0]}")
    for line in ("I rolled a 7 and a 3, Messy", "reroll? spend the Genre Point", "9 plus 4 is 13"):
        assert sh.run_line(f"say {line}")
    assert judge.asked == 0 and sh.night.game.pool == 13
    assert sh.run_line("I hide in the closet")
    assert judge.asked == 1 and sh.night.game.pool == 12


def test_none_from_an_empty_pool_or_for_the_dead():
    sh = started(overrides=["genre_points=0"])
    assert sh.run_line(f"{names(sh)[0]}: Let's split up")
    assert sh.night.game.pool == 0 and sh.night.game.genre == [0, 0, 0, 0]
    night = Night(quick_cast(6), ASHCAN, 6)
    night.game.dead[1] = "strikes"
    d = Director()
    assert d.consider(night, "I'll be right back", 1) == (None, None)
    verdict, why = d.consider(night, "I'll be right back", 0)
    assert verdict is not None and why is None


def test_undo_takes_the_award_back_and_the_director_does_not_offer_it_again():
    sh = started()
    n, g = names(sh), sh.night.game
    assert sh.run_line(f"{n[2]}: I read the old legend aloud")
    assert sh.run_line("undo")
    assert g.pool == 13 and g.genre[2] == 0
    assert sh.night.steps[-1].say == "I read the old legend aloud"  # the line stays
    assert "takes the Genre Point back" in output(sh)
    assert sh.run_line(f"{n[2]}: I read it aloud once more")
    assert g.pool == 13 and "you turned down a Genre Point" in output(sh)


def test_ask_proposes_and_waits_for_yes():
    sh = started()
    n, g = names(sh), sh.night.game
    assert sh.run_line("director awards ask")
    assert sh.run_line(f"{n[1]}: I'll be right back")
    assert g.pool == 13 and "Take it? yes or no" in output(sh)
    assert sh.run_line("yes")
    assert g.pool == 12 and g.genre[1] == 1 and isinstance(sh.night.steps[-1].actions[0], Award)


def test_ask_no_refuses_and_a_stale_proposal_lapses():
    sh = started()
    n, g = names(sh), sh.night.game
    assert sh.run_line("director awards ask")
    assert sh.run_line(f"{n[1]}: I'll be right back")
    assert sh.run_line("no")
    assert g.pool == 13
    assert sh.run_line(f"{n[1]}: Back in a sec")
    assert "turned down" in output(sh)
    assert sh.run_line(f"{n[3]}: I hide in the closet")  # proposed …
    assert sh.run_line(f"test {n[0]}")  # … but play moved on
    steps = len(sh.night.steps)
    assert not sh.run_line("yes")  # nothing to answer now: refused, and not taken as story
    assert g.pool == 13 and len(sh.night.steps) == steps and "nothing to answer yes to" in output(sh)


def test_off_leaves_awarding_to_the_player():
    sh = started()
    n, g = names(sh), sh.night.game
    assert sh.run_line("director awards off")
    assert sh.run_line(f"{n[0]}: Let's split up")
    assert g.pool == 13
    assert sh.run_line(f"award {n[0]} for splitting up")  # the player's own command stays
    assert g.pool == 12 and g.genre[0] == 1
    assert sh.run_line("director") and "awards off" in output(sh)
    assert sh.run_line("director awards sometimes") is False
    assert output(sh).strip().splitlines()[-1].startswith("error: director awards off, ask or on")


def test_resume_gives_the_same_night_without_asking_the_judge():
    sh = started()
    n = names(sh)
    assert sh.run_line(f"{n[2]}: I read the old legend aloud")
    resolve_a_test(sh, 2)
    assert sh.run_line(f"{n[0]}: Let's split up")
    path = sh.night.save_path
    g = sh.night.game
    judge = CountingJudge()
    sh2 = make_shell()
    sh2._director = Director(judge=judge)
    assert sh2.run_line(f'load "{path}"')
    g2 = sh2.night.game
    assert (g2.pool, g2.genre, g2.spent) == (g.pool, g.genre, g.spent) == (11, [1, 0, 1, 0], 0)
    assert judge.asked == 0
    awards = director_awards(sh2.night)
    assert [(a.who, a.trope, a.judge) for a in awards] == [(2, "reading the forbidden thing aloud", "templates"),
                                                           (0, "splitting up", "templates")]
    assert sh2.run_line(f"{n[1]}: I'll be right back")  # this Test already had its award
    assert g2.pool == 11


def test_explain_rules_and_the_tutorial_describe_the_directors_award():
    sh = started()
    n = names(sh)
    assert sh.run_line(f"test {n[0]}")
    assert sh.run_line("I hide in the closet")
    assert sh.run_line("roll 5 1")
    if sh.night.game.phase == "decide":
        assert sh.run_line("resolve")
    assert sh.run_line("explain")
    assert "Director's award: The director slides a Genre Point across to" in output(sh)
    assert sh.run_line("rules genre")
    assert "The director judges what you type" in output(sh)
    tut = make_shell()
    tut.start_tutorial()
    for line in ("test Ben", "roll", "test Cat", "roll", "test Dee", "roll", "test Dee", "roll", "resolve +1"):
        tut.run_line(line)
    assert "Lesson: A Genre Point reroll" in output(tut)
    assert "The director can award it itself" in output(tut)
    assert tut.run_line("Cat: I read the old legend aloud")
    assert tut.night.game.genre[2] == 1


# ---------------------------------------------------------------------- the pool invariant

LINES = ["I read the old legend aloud", "Let's split up", "I'll be right back", "I hide in the closet",
         "I run upstairs", "I pull the fuse and pray", "I rolled a 7 and a 3", "Hello? Is anybody there?"]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(1, 10_000), plan=st.lists(st.tuples(st.integers(0, 9), st.integers(0, 99)), max_size=60))
def test_the_pool_invariant_holds_with_the_director_awarding(seed, plan):
    """pool + held + spent = 13 whatever the director awards, the player spends or undoes;
    at most one director award per Test and never the same (character, trope) twice."""
    night = Night(quick_cast(seed), ASHCAN, seed)
    d = Director()
    rng = random.Random(seed)
    for kind, x in plan:
        g = night.game
        if g.is_over():
            break
        living = g.living()
        who = living[x % len(living)]
        if kind <= 3:
            night.say(LINES[x % len(LINES)], who)
            verdict, why = d.consider(night, LINES[x % len(LINES)], who)
            if verdict is not None and why is None:
                d.award(night, who, verdict)
        elif kind == 4 and night.steps:
            d.forget(night, night.undo(1))
        elif kind == 5 and g.pool > 0:
            night.act([Award(who)])  # the player's own award
        else:
            acts = [a for a in g.legal_actions() if not isinstance(a, Award)]
            if g.phase == "choose":
                acts = [Test(who)]
            elif g.phase == "roll":
                acts = [Roll(rng.randrange(10), rng.randrange(1, 5))]
            night.act([acts[x % len(acts)] if acts else Resolve(0)])
        g = night.game
        assert g.pool + sum(g.genre) + g.spent == 13 and g.pool >= 0
        awards = director_awards(night)
        assert len({(a.who, a.trope) for a in awards}) == len(awards)
        ends = [i for i, ev in enumerate(night.step_events) if any(type(e).__name__ == "TestResolved" for e in ev)]
        spans = [sum(1 for e in ends if e < a.step) for a in awards]
        assert len(spans) == len(set(spans)), "at most one director award per Test"
        assert all(g.dead[a.who] is None or a.step < len(night.steps) for a in awards)


def test_director_ask_on_or_off_said_short_sets_the_awards():
    # issue 26, item 7: "director ask" was refused; it means "director awards ask"
    sh = started()
    for mode in ("ask", "off", "on"):
        assert sh.run_line(f"director {mode}")
        assert sh.director.mode == mode
    assert not sh.run_line("director sometimes")
