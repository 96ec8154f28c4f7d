"""A question typed with no speaker is the group's, but the last one alive is no group: their
question is their own (the reader: "**The group:** 'Can we still get to the garage?'" with only
Dex alive)."""

from __future__ import annotations

from tests.play.helpers import night_of


def test_the_group_asks_while_there_is_one():
    night = night_of()
    night.ask("Is anyone out there?")
    assert night.steps[-1].who is None


def test_the_last_one_alive_asks_for_themselves():
    night = night_of()
    for k in (0, 1, 3):
        night.game.dead[k] = "strikes"  # three dead: the state as the rules leave it after them
    night.ask("Can we still get to the garage?")
    assert night.steps[-1].who == 2
    night.ask("Is it following me?", 2)  # named as themselves: as it was
    assert night.steps[-1].who == 2
