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
    assert epilogue.count(", at the first Strike.") == 4
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


def started(narrator=None, rules=ASHCAN, cast=CAST, **kw) -> Night:
    game = Game.stacked(cast, rules, threat=["2S", "3H", "4C", "5D", "JD"])
    night = Night(cast, rules, 5, game=game, narrator=narrator, **kw)
    night.start()
    return night


def test_the_header_names_the_playset_rules_and_seed():
    night = started(playset="house-party")
    assert "\n*house-party (the house-party playset) · ashcan rules · seed 5 · " in render(night)
    night.playset_title = "House Party"
    text = render(night)
    assert text.startswith("# Night of the Thirteenth — House Party\n")
    assert "\n*House Party (the house-party playset) · ashcan rules · seed 5 · narrated by the template director*\n" in text
    log = render(night, "log")
    assert "# Night of the Thirteenth — House Party (play log)\n" in log
    assert "\n- **Ruleset:** ashcan\n- **Seed:** 5\n- **Playset:** house-party\n- **Narrator:** template\n" in log


def test_the_header_without_a_playset_is_the_camps():
    night = started()
    assert "\n*Camp Crystal Pines · ashcan rules · seed 5 · " in render(night)
    assert "\n- **Playset:** —\n" in render(night, "log")


def test_fast_setup_is_named_in_the_header():
    night = started(rules=ASHCAN.with_(fast_setup=True))
    assert " · ashcan rules (fast setup) · seed 5" in render(night)
    assert "\n- **Ruleset:** ashcan (fast setup)\n" in render(night, "log")


def test_the_cast_table_marks_what_was_left_blank():
    for form in ("story", "log"):
        text = render(started(), form)
        assert "| 1 | Ann | The Jock | ♠ Power | lost a bet |" in text
        assert "| 2 | Bo | The Nerd | ♥ Resolve | — |" in text
        assert "| 3 | Cy | — | ♣ Intellect | came for the party |" in text


def test_a_line_said_with_a_command_comes_once_after_its_prose():
    from solo.narration.factory import make_narrator

    night = started(make_narrator("template", seed=5))
    night.act([Test(1)], say="I check the window", who=1)
    text = render(night)
    assert text.count("**Bo:** “I check the window”") == 1
    assert text.index("### 1. Bo — 2♠, Power, atmospheric") < text.index("**Bo:** “I check the window”")


def test_headings_and_dice_sit_with_the_prose_they_belong_to():
    """An award told before a Test: the award's prose, then the Test's heading and prose,
    then its dice line, then the outcome's prose."""
    from solo.narration.factory import make_narrator
    from solo.nott.actions import Award

    night = started(make_narrator("template", seed=5))
    night.act([Award(0), Test(1), Roll(9, 4), Resolve(0)])
    kinds = [k for k, _ in night.steps[-1].narration]
    assert kinds[:3] == ["award", "challenge", "outcome"]
    texts = [t for _, t in night.steps[-1].narration]
    text = render(night)
    heading = text.index("### 1. Bo — 2♠")
    dice = text.index("*🎲 Test 1, Bo on 2♠: 9 + 4 = 13 vs 2, success, Dire.*")
    assert text.index(texts[0][:30]) < heading < text.index(texts[1][:30]) < dice < text.index(texts[2][:30])


def test_a_stretch_told_at_once_gets_its_dice_line_first():
    from .scripted import Scripted

    night = started(Scripted(merge=True))
    night.act([Test(0)])
    night.act([Roll(9, 4)])
    night.act([Resolve(0)])
    kind, said = night.steps[-1].narration[0]
    assert kind.startswith("outcome+")
    assert f"*🎲 Test 1, Ann on 2♠: 9 + 4 = 13 vs 2, success, Dire.*\n\n> {said}\n" in render(night)


def test_the_transcript_ends_with_its_last_character():
    night = started()
    night.note("ROOM 13-X")
    assert render(night).endswith("\n\nROOM 13-X\n")


def test_a_death_at_no_named_place_is_told_without_one():
    """A setting whose only place has no name: the epilogue says how each died, not where."""
    rules = ASHCAN.with_(strikes_to_die=1)
    game = Game.stacked(CAST, rules, threat=["JS", "QH", "2C", "3D"])
    night = Night(CAST, rules, 5, game=game, setting={"locations": [""]})
    night.start()
    while not night.game.is_over():
        night.act([Test(night.game.living()[0]), Roll(0, 1), Resolve(0)])
    epilogue = render(night).split("## Epilogue\n\n", 1)[1]
    assert "- **Ann**, the Jock, died, at the first Strike." in epilogue
    assert " at  " not in epilogue


def test_a_death_is_told_with_its_place():
    night = lost_quickly()
    place = night.story.people[0].died_at
    assert place
    assert f"- **{night.names[0]}**, " in render(night)
    assert f", died at {place}, at the first Strike." in render(night)


def test_an_answer_read_from_the_table_is_a_table_note_and_an_oracles_is_prose():
    """"How bad is Ann hurt?" is answered from the table (Strikes, no roll): the story gives it
    as a note beside the dice lines, never as the story's prose; a question the oracle answers
    ("Is anyone out there?") is told as prose."""
    from solo.narration.templates import TemplateNarrator

    night = Night(CAST, ASHCAN, 5, narrator=TemplateNarrator(seed=5))
    night.start()
    night.ask("Is Ann hurt?", 3)
    night.ask("Is there a boat at the dock?", 3)
    table, oracle = night.steps[-2], night.steps[-1]
    assert table.reply.kind == "state" and oracle.reply.kind != "state"
    text = render(night)
    said_table = "".join(t for _k, t in table.narration)
    said_oracle = "".join(t for _k, t in oracle.narration)
    assert f"*📋 {said_table}*" in text and f"> {said_table}" not in text
    assert f"> {said_oracle}" in text
