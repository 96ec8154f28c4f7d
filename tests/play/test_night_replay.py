"""Loading a save replays it: the same table, the same steps with their lines and notes, the
same narration (a model's texts read back from the save, the templates' told again), and so
the same transcript as the night that wrote it (docs/narration.md, "Undo, resume, replay")."""

from __future__ import annotations

import hashlib
import json

import pytest

from solo.narration.factory import make_narrator
from solo.nott.actions import Award, Resolve, Roll, Test
from solo.nott.cast import quick_cast
from solo.nott.rules import ASHCAN
from solo.play.night import Night
from solo.play.saves import SaveError, read_save
from solo.play.transcript import render

from .helpers import play_on, to_next_test
from .scripted import Scripted


def reseal(path, change) -> None:
    """Edit the save at ``path`` and make its checksum right again (anyone can)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    data.pop("checksum", None)
    raw = json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    data["checksum"] = hashlib.sha256(raw.encode("utf-8")).hexdigest()
    path.write_text(json.dumps(data), encoding="utf-8")


def talkative(tmp_path, narrator, name="template", seed=12, playset=None, setting=None):
    """A night with lines, notes (on a command and on a line) and awards, saved as it goes."""
    night = Night(quick_cast(seed), ASHCAN, seed, narrator=narrator, narrator_name=name, playset=playset,
                  setting=setting, save_path=tmp_path / "night.json")
    night.start()
    play_on(night, 3)
    night.say("I bar the door with a chair", who=1)
    night.note("a fine barricade")
    night.act([Award(1)], note="Bo plays the hero")
    play_on(night, 2, seed=2)
    night.say("We should split up", who=2)
    to_next_test(night)
    night.act([Test(night.game.living()[0])], say="I go first", who=night.game.living()[0])
    play_on(night, 4, seed=3)
    return night


def same_night(a: Night, b: Night) -> None:
    assert b.game.state_key() == a.game.state_key()
    assert [(s.actions, s.say, s.who, s.note) for s in b.steps] == [(s.actions, s.say, s.who, s.note) for s in a.steps]
    assert b.opening == a.opening
    assert [s.narration for s in b.steps] == [s.narration for s in a.steps]
    for form in ("story", "log"):
        assert render(b, form) == render(a, form)


def test_a_template_night_replays_to_the_same_story(tmp_path):
    night = talkative(tmp_path, make_narrator("template", seed=12))
    same_night(night, Night.from_save(night.save_path))


def test_a_models_texts_come_back_from_the_save(tmp_path):
    night = talkative(tmp_path, Scripted(), name="llm")
    loaded = Night.from_save(night.save_path)
    assert loaded.narrator_name == "llm"
    assert loaded.opening[0][1] == "Line 1: " + loaded.opening[0][0] + "."
    same_night(night, loaded)
    # and saved again, it keeps them
    assert loaded.to_save().steps == read_save(night.save_path).steps


def test_a_merged_models_stretches_come_back_beat_for_beat(tmp_path):
    """One stored text tells a whole stretch ("outcome+…"): on replay it stands for all its
    beats, and the beats after the stretch get their own texts again."""
    narrator = Scripted(merge=True)
    night = talkative(tmp_path, narrator, name="llm")
    assert any(len(kinds) > 1 for kinds in narrator.calls)
    same_night(night, Night.from_save(night.save_path))


def test_a_playset_nights_template_story_is_told_again_in_its_setting(tmp_path):
    from solo.playsets import load_playset

    playset = load_playset("house-party")
    narrator = make_narrator("template", seed=12, playset=playset)
    night = talkative(tmp_path, narrator, playset="house-party", setting=playset.setting())
    loaded = Night.from_save(night.save_path)
    assert loaded.playset == "house-party" and loaded.setting == playset.setting()
    same_night(night, loaded)


def test_a_setting_given_to_the_loader_wins_over_the_saves_playset(tmp_path):
    from solo.playsets import load_playset

    night = talkative(tmp_path, None, playset="house-party", setting=load_playset("house-party").setting())
    other = load_playset("cabin-in-the-woods").setting()
    assert Night.from_save(night.save_path, setting=other).setting == other


def test_a_playset_that_is_gone_is_named_and_nothing_is_retold(tmp_path):
    """A night played at the house party, loaded where that playset is gone, is not retold at
    the camp: the load names the playset and changes nothing."""
    from solo.play.saves import SaveError
    from solo.playsets import load_playset

    night = talkative(tmp_path, make_narrator("template", seed=12), playset="house-party",
                      setting=load_playset("house-party").setting())
    reseal(night.save_path, lambda d: d.update(playset="no-such-playset"))
    before = night.save_path.read_bytes()
    with pytest.raises(SaveError) as exc:
        Night.from_save(night.save_path)
    assert "the playset 'no-such-playset', which cannot be read here" in str(exc.value)
    assert night.save_path.read_bytes() == before


def test_stored_text_is_cleaned_and_bounded(tmp_path):
    """A model's text read from a save is one line without control sequences or invisible
    characters; a save holds at most 6,000 characters of it a beat, and refuses more."""
    from solo.play.saves import SaveError

    night = talkative(tmp_path, Scripted(), name="llm")

    def dirty(data, size=4500):
        data["opening"][0][1] = "The  lights   go out."
        step = next(s for s in data["steps"] if s["narration"])
        step["narration"][0][1] = "w" * size

    reseal(night.save_path, dirty)
    loaded = Night.from_save(night.save_path)
    assert loaded.opening[0][1] == "The lights go out."
    step = next(s for s in loaded.steps if s.narration)
    assert step.narration[0][1] == "w" * 4500
    reseal(night.save_path, lambda d: dirty(d, 6001))
    with pytest.raises(SaveError, match=r"too long \(6,001 characters; at most 6,000\)"):
        Night.from_save(night.save_path)


def test_a_step_with_nothing_in_it_is_passed_over(tmp_path):
    night = talkative(tmp_path, None)

    def hole(data):
        data["steps"].insert(2, {"actions": [], "say": None, "who": None, "note": None, "narration": None})

    reseal(night.save_path, hole)
    loaded = Night.from_save(night.save_path)
    assert len(loaded.steps) == len(night.steps)
    assert loaded.game.state_key() == night.game.state_key()


def test_after_loading_play_goes_on_with_the_narrator_output_and_save_given(tmp_path):
    night = talkative(tmp_path, None)
    said = []
    loaded = Night.from_save(night.save_path, narrator=make_narrator("template", seed=12),
                             out=lambda kind, text: said.append((kind, text)))
    assert said == []  # the replay itself prints nothing
    assert loaded.save_path == night.save_path and loaded.transcript is None
    to_next_test(loaded)
    played = len(loaded.steps)
    loaded.act([Test(loaded.game.living()[0])])
    assert any(kind == "mechanics" for kind, _ in said)
    assert any(kind == "stream" for kind, _ in said)
    assert len(read_save(night.save_path).steps) == played + 1


@pytest.mark.parametrize("in_saves", [True, False], ids=["saves-folder", "elsewhere"])
def test_the_transcript_of_a_loaded_night_goes_to_the_transcripts_folder_named_after_the_save(
        tmp_path, monkeypatch, in_saves):
    """Named after the save; a save outside the saves folder adds a digest of where it lies
    (the first 12 hex digits of the SHA-256 of its real path), so that a save from elsewhere
    with the name of one of yours never writes over your transcript."""
    monkeypatch.setenv("SOLO_HOME", str(tmp_path / "home"))
    folder = tmp_path / "home" / "saves" if in_saves else tmp_path / "downloads"
    folder.mkdir(parents=True)
    night = Night(quick_cast(3), ASHCAN, 3, save_path=folder / "night-x.json",
                  transcript_path=tmp_path / "elsewhere" / "t.md")
    night.start()
    play_on(night, 2)
    loaded = Night.from_save(night.save_path, transcript_dir=tmp_path / "tr")
    digest = hashlib.sha256(str(folder.resolve() / "night-x.json").encode()).hexdigest()[:12]
    name = "night-x.md" if in_saves else f"night-x-{digest}.md"
    assert loaded.transcript.path == tmp_path / "tr" / name
    to_next_test(loaded)
    loaded.act([Test(loaded.game.living()[0])])
    assert (tmp_path / "tr" / name).read_text(encoding="utf-8") == render(loaded)


def test_a_save_whose_rules_fit_no_cast_describes_no_playable_game(tmp_path):
    night = talkative(tmp_path, None)
    reseal(night.save_path, lambda d: d["rules"].update(min_cast=5, max_cast=8))
    with pytest.raises(SaveError) as info:
        Night.from_save(night.save_path)
    assert str(info.value) == (f"save {str(night.save_path)!r} describes no playable game: "
                               "the ashcan rules need a cast of 5–8, got 4")


def test_a_step_that_breaks_the_rules_names_its_actions(tmp_path):
    night = talkative(tmp_path, None)

    def illegal(data):
        data["steps"][0]["actions"] = ["roll 9 4", "resolve +1"]

    reseal(night.save_path, illegal)
    with pytest.raises(SaveError) as info:
        Night.from_save(night.save_path)
    assert str(info.value).startswith(
        f"save {str(night.save_path)!r} does not replay at step 1 ('roll 9 4; resolve +1'): ")


def test_a_step_naming_someone_outside_the_cast_is_refused_with_its_actions(tmp_path):
    night = talkative(tmp_path, None)
    reseal(night.save_path, lambda d: d["steps"][0].update(who=4, say="hello"))
    with pytest.raises(SaveError) as info:
        Night.from_save(night.save_path)
    assert str(info.value) == (f"save {str(night.save_path)!r} does not replay at step 1 "
                               f"({'; '.join(read_save(night.save_path).steps[0].actions)!r}): "
                               "the cast has no character 4 (4 characters)")


def test_a_roll_by_hand_and_an_aptitude_choice_replay_exactly(tmp_path):
    night = Night(quick_cast(8), ASHCAN, 8, save_path=tmp_path / "n.json")
    night.start()
    night.act([Test(0)])
    night.act([Roll(5, 2)])
    night.act([Resolve(1 if night.game.aptitude_applies() else 0)])
    loaded = Night.from_save(night.save_path)
    assert [str(a) for s in loaded.steps for a in s.actions] == [str(a) for s in night.steps for a in s.actions]
    assert loaded.game.state_key() == night.game.state_key()


def test_a_merged_models_night_loaded_twice_tells_the_same_story(tmp_path):
    """Loaded, saved again (as the next autosave does) and loaded again: each stored stretch
    still stands for all its beats, so no beat is told twice."""
    narrator = Scripted(merge=True)
    night = talkative(tmp_path, narrator, name="llm")
    once = Night.from_save(night.save_path)
    once.autosave()
    twice = Night.from_save(night.save_path)
    same_night(night, twice)


def test_a_stored_stretch_covers_exactly_the_beats_it_names(tmp_path):
    """A stored text tagged ``challenge+outcome`` stands for those two beats; the third beat
    of the step (the next Threat Card) gets the text stored after it."""
    night = Night(quick_cast(8), ASHCAN, 8, narrator_name="llm", save_path=tmp_path / "n.json")
    night.start()
    to_next_test(night)
    night.act([Test(night.game.living()[0]), Roll(9, 4), Resolve(0)])
    told = [("challenge+outcome", "Two beats at once."), ("threat", "And the next card.")]
    reseal(night.save_path, lambda d: d["steps"][-1].update(narration=[list(p) for p in told]))
    loaded = Night.from_save(night.save_path)
    assert loaded.steps[-1].narration == told


def test_a_commands_note_read_from_a_save_is_one_line(tmp_path):
    night = talkative(tmp_path, None)
    i = next(i for i, s in enumerate(night.steps) if s.actions and s.note)
    reseal(night.save_path, lambda d: d["steps"][i].update(note="Bo   plays  the hero"))
    assert Night.from_save(night.save_path).steps[i].note == "Bo plays the hero"
