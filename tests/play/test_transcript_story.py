"""The ``story`` transcript: headings, the player's lines, each Test's dice in one line, the
ending and an epilogue of who made it, plus what a model's narration cost."""

from __future__ import annotations

from solo.nott.actions import Resolve, Roll, Test
from solo.nott.game import Game
from solo.nott.rules import ASHCAN
from solo.play.night import Night
from solo.play.transcript import FORMS, Transcript, render

import pytest

from .helpers import CAST, lost_quickly


class Counted:
    """A narrator that tells nothing itself but reports what its requests cost."""

    def __init__(self, usage):
        self.usage = usage

    def narrate(self, beat):
        return iter(())


def dawn_at_once(narrator=None) -> Night:
    """The Endgame's Red Joker beaten by Ann at the first Test: dawn, nobody hurt."""
    game = Game.stacked(CAST, ASHCAN, threat=["RJ", "2S"], jokers=["BJ"], endgame=True)
    night = Night(CAST, ASHCAN, 5, game=game, narrator=narrator)
    night.start()
    night.act([Test(0)])
    night.act([Roll(9, 4)])
    night.act([Resolve(0)])
    assert night.game.outcome().dawn
    return night


def test_a_dawn_epilogue_names_each_survivor_unhurt():
    text = render(dawn_at_once())
    epilogue = text.split("## Epilogue\n\n", 1)[1]
    assert "- **Ann**, the Jock, saw the dawn, unhurt." in epilogue
    assert "- **Cy**, the stranger, saw the dawn, unhurt." in epilogue
    assert "- **Di**, the Final Girl, saw the dawn, unhurt." in epilogue
    assert "*1 Tests · weaknesses found: none · " in epilogue
    assert " · Genre Points: 0 awarded, 0 spent*" in epilogue
    assert "*🎲 Test 1, Ann on the Red Joker: 9 + 4 = 13 vs " in text


def test_a_lost_night_epilogue_tells_each_death():
    night = lost_quickly()
    epilogue = render(night).split("## Epilogue\n\n", 1)[1]
    for name in night.names:
        assert f"- **{name}**, " in epilogue
    assert epilogue.count(", at the third Strike.") == 4
    assert "weaknesses found: none · no Endgame" in epilogue


def test_a_models_cost_is_told_in_both_forms():
    usage = {"calls": 7, "prompt_tokens": 350, "completion_tokens": 84, "seconds": 2.345, "fallbacks": 2}
    night = dawn_at_once(Counted(usage))
    line = "Narration: 7 requests, 350 tokens in, 84 out, 2.3 s of model time (2 told by the templates instead)"
    assert render(night).endswith(f" spent*\n\n*{line}*\n")
    assert render(night, "log").endswith(f"\n- {line}\n")


def test_an_estimated_cost_is_marked_and_missing_counts_are_nought():
    night = dawn_at_once(Counted({"estimated": True, "calls": 1}))
    assert ("*Narration: 1 requests, ≈0 tokens in, ≈0 out, 0.0 s of model time "
            "(0 told by the templates instead)*") in render(night)
    night = dawn_at_once(Counted({"prompt_tokens": 5}))
    assert "*Narration: 0 requests, 5 tokens in, 0 out, 0.0 s" in render(night)


def test_no_cost_line_without_a_model():
    assert "Narration:" not in render(dawn_at_once(Counted({})))


def test_there_are_two_forms_and_no_third(tmp_path):
    night = dawn_at_once()
    assert FORMS == ("story", "log")
    with pytest.raises(ValueError, match=r"^unknown transcript form 'html' \(story or log\)$"):
        render(night, "html")
    with pytest.raises(ValueError, match=r"^unknown transcript form 'html' \(story or log\)$"):
        Transcript(tmp_path / "t.md", night, form="html")
    t = Transcript(tmp_path / "t.md", night, form="log")
    t.write()
    assert (tmp_path / "t.md").read_text(encoding="utf-8") == render(night, "log")
