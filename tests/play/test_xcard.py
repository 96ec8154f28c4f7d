"""The X-card and the night's lines and veils in play: a step that takes the last beat out and
tells it again (saved, replayed, undone), and lines and veils kept in the save."""

from __future__ import annotations

import json
import re

import pytest

from solo.director.safety import Safety, crossing
from solo.narration.templates import TemplateNarrator
from solo.narration.compose import sentences
from solo.play.night import Night
from solo.play.saves import read_save
from solo.play.transcript import render

from .helpers import night_of, play_on


def told(night) -> list[str]:
    return [t for _k, t in night.opening] + [t for s in night.steps for _k, t in s.narration]


def lined(seed: int = 12, **kw) -> Night:
    night = Night.__new__(Night)  # (made below: the safety is set before the opening is told)
    from solo.nott.cast import quick_cast
    from solo.nott.rules import ASHCAN

    night.__init__(quick_cast(seed), ASHCAN, seed, narrator=TemplateNarrator(seed=seed), **kw)
    night.safety = Safety.of(lines=["blood"], veils=["insects"])
    night.start()
    return night


def test_the_x_card_tells_the_last_beat_again_and_undo_gives_it_back(tmp_path):
    night = night_of(12, narrator=TemplateNarrator(seed=12), save_path=tmp_path / "n.json",
                     transcript_path=tmp_path / "n.md")
    play_on(night, 6)
    before = render(night)
    last = night.steps[-1].narration[-1]
    struck = night.xcard()
    assert struck is last
    step = night.steps[-1]
    assert step.xcard and step.say is None and step.struck is last
    retold = step.narration[0][1]
    assert step.narration[0][0] == last[0] and retold != last[1]
    assert "cut" in retold or "off screen" in retold or "camera" in retold  # nothing flagged: a fade
    story = render(night)
    assert last[1] not in story and retold in story and "X-card" in story
    assert story.index(retold) < story.index("X-card")  # where the beat was told
    night.undo()
    assert render(night) == before
    assert night.steps[-1].narration[-1] is last


def test_what_is_flagged_is_kept_out_of_the_retelling_and_veiled_from_then_on(tmp_path):
    night = night_of(12, narrator=TemplateNarrator(seed=12))
    play_on(night, 4)
    text = night.steps[-1].narration[-1][1]
    word = next(w.lower() for w in re.findall(r"[A-Za-z]{5,}", text) if w not in night.names)
    night.xcard(f"the {word}")
    assert crossing(night.steps[-1].narration[0][1], [word]) is None
    assert word in night.safety_now.veils and word not in night.safety.veils
    play_on(night, 6, seed=2)
    later = [s for step in night.steps[-6:] for _k, t in step.narration for s in sentences(t)]
    assert not any(crossing(s, [word]) for s in later)
    night.undo(7)
    assert word not in night.safety_now.veils


def test_x_again_takes_out_the_retelling_and_nothing_told_is_refused():
    night = night_of(12, narrator=TemplateNarrator(seed=12))
    play_on(night, 3)
    first = night.xcard()
    second = night.xcard("blood")
    assert second is night.steps[-2].narration[0]  # the first retelling, taken out in its turn
    story = render(night)
    assert first[1] not in story and second[1] not in story and night.steps[-1].narration[0][1] in story
    quiet = night_of(12)  # no narrator: nothing told
    with pytest.raises(ValueError, match="nothing has been told"):
        quiet.xcard()
    with pytest.raises(ValueError):
        night.xcard("the")


def test_the_x_card_and_the_lines_are_saved_and_replayed_exactly(tmp_path):
    night = lined(12, save_path=tmp_path / "n.json", transcript_path=tmp_path / "n.md")
    play_on(night, 5)
    night.ask("is anyone hurt?")
    night.xcard("spiders")
    play_on(night, 5, seed=3)
    night.xcard()
    night.write_save(tmp_path / "n.json")
    data = json.loads((tmp_path / "n.json").read_text())
    assert data["lines"] == ["blood"] and data["veils"] == ["insects"]
    assert [s.get("xcard") for s in data["steps"]].count(True) == 2
    assert {"say": "spiders", "xcard": True}.items() <= next(s for s in data["steps"] if s.get("xcard")).items()
    back = Night.from_save(tmp_path / "n.json")
    assert back.safety == night.safety and back.safety_now == night.safety_now
    assert told(back) == told(night)
    assert render(back) == render(night)
    back.undo()
    assert render(back) != render(night)


def test_a_save_without_lines_keeps_its_bytes_and_old_saves_load(tmp_path):
    night = night_of(12, narrator=TemplateNarrator(seed=12), save_path=tmp_path / "n.json")
    play_on(night, 3)
    night.write_save(tmp_path / "n.json")
    data = json.loads((tmp_path / "n.json").read_text())
    assert "lines" not in data and "veils" not in data and not any("xcard" in s for s in data["steps"])
    save = read_save(tmp_path / "n.json")
    assert save.lines == [] and save.veils == []
    body = {k: v for k, v in night.save_body().items() if k != "checksum"}
    assert body == {k: v for k, v in save.dump().items() if k != "checksum"}


def test_a_long_night_journals_its_x_card_and_loads_it_back(tmp_path):
    from solo.play import journal

    night = night_of(12, narrator=TemplateNarrator(seed=12), save_path=tmp_path / "n.json")
    play_on(night, 4)
    for k in range(journal.SMALL + 5):
        night.say(f"I wait, {k}.")
    night.xcard("blood")
    assert journal.journal_path(tmp_path / "n.json").exists()
    back = Night.from_save(tmp_path / "n.json")
    assert told(back) == told(night) and back.steps[-1].xcard


def test_a_model_nights_retelling_is_kept_in_its_save(tmp_path):
    """A night told by a model keeps its texts in the save; the X-card's retelling too."""
    night = lined(12, save_path=tmp_path / "n.json", narrator_name="llm")
    play_on(night, 4)
    night.xcard("the dark")
    night.write_save(tmp_path / "n.json")
    saved = json.loads((tmp_path / "n.json").read_text())["steps"][-1]
    assert saved["xcard"] and saved["narration"] == [list(night.steps[-1].narration[0])]
    back = Night.from_save(tmp_path / "n.json")
    assert told(back) == told(night)


def test_two_x_cards_keep_both_topics_veiled_in_every_telling_through_undo_and_resume(tmp_path):
    """Two X-cards of two topics ("x blood", later "x fire"): both stay veiled — in what the
    templates tell next, in the model's system prompt, in the guard the model's reply is read
    by — and after an undo of the second card the first is still veiled; a resumed night has
    both. Break it catches: only the last card's topics kept (``flagged_veils`` reading the last
    X-card step alone), or the teller not pointed at the new veils after a card."""
    from solo.narration.llm import LLMNarrator

    night = night_of(12, narrator=TemplateNarrator(seed=12), save_path=tmp_path / "n.json",
                     transcript_path=tmp_path / "n.md")
    play_on(night, 4)
    night.xcard("blood")
    play_on(night, 4, seed=2)
    night.xcard("fire")
    now = night.safety_now
    assert {"blood", "fire"} <= set(now.veils) and not night.safety.veils  # the player's own stay as set
    assert night.teller.safety == now and night.narrator.safety == now  # what the templates tell under
    play_on(night, 8, seed=3)
    later = [s for step in night.steps[-8:] for _k, t in step.narration for s in sentences(t)]
    assert not any(now.shows(s) or now.crosses(s) for s in later)

    model = LLMNarrator(TemplateNarrator(seed=12), base_url="http://127.0.0.1:9/v1", api_key="x", model="m")
    night.narrator = model
    system = model.messages(night.last_beats[-1])[0]["content"]
    assert "blood" in system and "fire" in system  # the model is told both veils
    night.teller._guard([night.last_beats[-1]], None, None)
    assert any(c.kind == "veil-shown" for c in model.guard("Blood runs down the wall."))
    night.teller._guard([night.last_beats[-1]], None, None)
    assert any(c.kind == "veil-shown" for c in model.guard("Fire licks up the wall."))
    night.narrator = TemplateNarrator(seed=12)

    night.undo(9)  # the second card and what came after
    assert "blood" in night.safety_now.veils and "fire" not in night.safety_now.veils
    night.xcard("fire")
    night.write_save(tmp_path / "n.json")
    back = Night.from_save(tmp_path / "n.json")
    assert {"blood", "fire"} <= set(back.safety_now.veils) and back.teller.safety == back.safety_now
