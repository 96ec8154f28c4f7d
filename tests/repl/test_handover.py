"""Handing a thing over is part of play: `give Tina hatchet to Wes`, or a line that says so
("Iris: I hand my hatchet to Wes"), moves it in the fiction; from then on it is the
receiver's to use or lose, never the giver's; undo and resume keep it so."""

from __future__ import annotations

import random

from solo.director.listen import handover
from solo.play.night import Night
from solo.sim.policies import get_policy, next_actions

from .conftest import make_shell, output


def started():
    sh = make_shell(seed=13)
    assert sh.run_line("quick")
    return sh


def holder(night, thing):
    return next((p.name for p in night.story.people if thing in p.items), None)


def test_the_phrasings_it_recognises():
    assert handover("I hand my hatchet to Wes.") == ("hatchet", "Wes")
    assert handover("I give Wes the hatchet.") == ("hatchet", "Wes")
    assert handover("Give my flashlight to Tina, then we go.") == ("flashlight", "Tina")
    assert handover("I toss the truck keys over to Iris and run.") == ("truck keys", "Iris")
    assert handover("I give up.") is None and handover("I pass it to Wes") is None


def test_give_moves_the_thing_and_undo_moves_it_back():
    sh = started()
    night = sh.night
    iris, wes = night.story.people[0], night.story.people[2]
    thing = iris.items[0]
    assert sh.run_line(f"give Iris {thing} to Wes")
    assert holder(night, thing) == "Wes" and thing not in iris.items
    assert wes.phrases.get(thing)  # the way the opening named it goes with it
    assert f"Wes now carries Iris's {thing}." in output(sh)
    assert sh.run_line("undo")
    assert holder(sh.night, thing) == "Iris"


def test_a_typed_line_hands_it_over_too_and_resume_keeps_it():
    sh = started()
    thing = sh.night.story.people[0].items[1]
    assert sh.run_line(f"Iris: I hand my {thing} to Frankie and back away.")
    assert holder(sh.night, thing) == "Frankie"
    assert f"Frankie now carries Iris's {thing}." in output(sh)
    again = Night.from_save(sh.night.save_path)
    assert holder(again, thing) == "Frankie"


def test_what_cannot_be_given_is_refused_in_one_line():
    sh = started()
    steps = len(sh.night.steps)
    assert not sh.run_line("give Iris chainsaw to Wes")
    assert "Iris carries no 'chainsaw'" in output(sh)
    assert not sh.run_line("give Iris hatchet to Iris")
    assert not sh.run_line("give Iris hatchet")
    assert len(sh.night.steps) == steps


def test_the_giver_never_loses_what_was_handed_over():
    """Over whole nights: every thing handed over is lost, later, only by its new holder."""
    for seed in range(1, 4):
        sh = make_shell(seed=seed)
        assert sh.run_line("quick")
        night = sh.night
        giver = night.story.people[0]
        thing = giver.items[0]
        receiver = night.names[1]
        assert sh.run_line(f"give {night.names[0]} {thing} to {receiver}")
        rng = random.Random(seed)
        while not night.game.is_over():
            sh.play(next_actions(night.game, get_policy("naive"), rng))
            sh.deaths.clear()
        assert thing not in giver.lost and thing not in giver.items
        told = " ".join(t for s in night.steps for _k, t in s.narration)
        assert f"{night.names[0]}'s {thing}" not in told, seed
