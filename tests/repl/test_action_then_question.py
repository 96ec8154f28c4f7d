"""A typed line that says what a character does and then asks ("I answer it. Who is this?"):
the action is kept as the character's, and the question is asked after it; a line with no
question after the action ("I cross the bridge. Don't look down.") is only the action."""

from __future__ import annotations

from .conftest import make_shell


def _kinds(night):
    """The steps of words (a Genre Point the line earned is a step of its own, left out)."""
    return [("ask" if s.ask is not None else "say", s.who, s.say) for s in night.steps if s.say]


def test_an_action_then_a_question_is_told_then_asked():
    sh = make_shell(seed=3)
    assert sh.run_line("quick")
    name = sh.night.names[1]
    sh.run_line(f"{name}: I answer it. Who is this?")
    assert _kinds(sh.night)[-2:] == [("say", 1, "I answer it. Who is this?"), ("ask", 1, "Who is this?")]
    assert sh.night.steps[-1].narration[-1][1].startswith("This is ")  # the answer, told


def test_an_action_then_an_order_is_only_the_action():
    sh = make_shell(seed=3)
    assert sh.run_line("quick")
    name = sh.night.names[0]
    sh.run_line(f"{name}: I cross the rope bridge one plank at a time. Don't look down.")
    assert _kinds(sh.night)[-1] == ("say", 0, "I cross the rope bridge one plank at a time. Don't look down.")
    assert not any(s.ask is not None for s in sh.night.steps)


def test_a_report_then_a_question_is_asked():
    sh = make_shell(seed=3)
    assert sh.run_line("quick")
    name = sh.night.names[2]
    sh.run_line(f"I heard {name} scream. What happened to them?")
    assert _kinds(sh.night)[-1][0] == "ask" and len(sh.night.steps) == 1


def test_a_genre_point_the_story_announced_is_not_announced_again_on_screen():
    from .conftest import output

    sh = make_shell(seed=3)
    assert sh.run_line("quick")
    name = sh.night.names[0]
    sh.run_line(f"{name}: I answer it. Who is this?")  # the phone that keeps ringing: a trope
    award = next(s for s in sh.night.steps if s.actions)
    assert any(k.startswith("award") for k, _ in award.narration)  # the director's prose told it
    said = output(sh)
    assert "The director slides a Genre Point" not in said
    assert "(judged by the templates: " in said and "undo gives it back)" in said


def test_the_killers_whereabouts_are_one_place_however_asked_in_a_test():
    """"where did it go?", "did anyone see where it went?", "where is the Killer?" within one
    Test: the same place (it was three places, one per wording)."""
    sh = make_shell(seed=3)
    assert sh.run_line("quick")
    told = []
    for q in ("where did it go?", "did anyone see where it went?", "where is the killer?", "where is it now?"):
        sh.run_line(f"ask {q}")
        told.append(sh.night.steps[-1].narration[-1][1])
    assert len(set(told)) == 1, told
