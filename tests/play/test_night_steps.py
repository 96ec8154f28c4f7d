"""A played night step by step: what a step keeps, what undo takes back, what is saved and
shown, and how the narrator is handed the beats (solo/play/night.py)."""

from __future__ import annotations

import pytest

from solo.director.awards import NOTE_HEAD
from solo.narration.factory import make_narrator
from solo.nott.actions import Award, Resolve, Roll, Test
from solo.nott.errors import NottError
from solo.nott.game import Game
from solo.nott.rules import ASHCAN
from solo.director.teller import segments
from solo.play.night import NOTE_SEP, Night
from solo.play.saves import read_save
from solo.play.transcript import render

from .helpers import CAST, E, lost_quickly, stacked_night
from .scripted import Scripted


def table(tmp_path=None, narrator=None, name="template", **kw) -> Night:
    """Ann, Bo, Cy and Di before a laid-out deck (2♠ first), saved and transcribed if a folder
    is given."""
    game = Game.stacked(CAST, ASHCAN, threat=["2S", "3H", "4C", "5D", "JD"], jokers=["RJ", "BJ"])
    paths = {"save_path": tmp_path / "n.json", "transcript_path": tmp_path / "t.md"} if tmp_path else {}
    night = Night(CAST, ASHCAN, 5, game=game, narrator=narrator, narrator_name=name, **paths, **kw)
    night.start()
    return night


# ---------------------------------------------------------------- steps


def test_a_step_is_all_or_nothing(tmp_path):
    """A command whose second action is refused leaves the table, the steps and the save as
    they were."""
    night = table(tmp_path)
    before = night.game.state_key()
    saved = night.save_path.read_bytes()
    with pytest.raises(NottError):
        night.act([Test(0), Resolve(1)])  # no roll yet
    assert night.game.state_key() == before
    assert night.steps == [] and night.step_events == []
    assert night.save_path.read_bytes() == saved


def test_a_step_keeps_its_actions_line_speaker_and_note_in_one_line(tmp_path):
    night = table(tmp_path)
    events = night.act([Test(1)], say="I look around", who=1, note="  for   the\nlook ")
    step = night.steps[-1]
    assert step.actions == [Test(1)] and step.say == "I look around" and step.who == 1
    assert step.note == "for the look"
    assert events == night.last_events == night.step_events[-1]
    assert any(type(e) is E.TestBegan for e in events)
    assert read_save(night.save_path).steps[-1].note == "for the look"


def test_an_empty_note_is_no_note():
    night = table()
    night.act([Test(0)], note="   ")
    assert night.steps[-1].note is None


def test_a_line_said_with_a_command_is_the_characters_for_the_moment():
    night = table()
    night.act([Test(2)], say="I pick the lock", who=2)
    assert night.pending_say == "I pick the lock"
    assert night.story.people[2].deeds[-1] == "I pick the lock"


def test_free_text_is_one_line_spoken_by_the_tester_unless_named(tmp_path):
    night = table(tmp_path)
    night.say("   ")
    assert night.steps == []
    night.say("We  run\tfor the   boathouse")
    assert (night.steps[-1].say, night.steps[-1].who) == ("We run for the boathouse", None)
    night.act([Test(3)])
    night.say("I hold my breath")
    assert (night.steps[-1].say, night.steps[-1].who) == ("I hold my breath", 3)
    assert night.pending_say == "I hold my breath"
    night.say("I watch the door", who=0)
    assert night.steps[-1].who == 0
    assert [s.say for s in read_save(night.save_path).steps if s.say] == [
        "We run for the boathouse", "I hold my breath", "I watch the door"]
    assert "**Di:** “I hold my breath”" in night.transcript.path.read_text(encoding="utf-8")


def test_a_note_goes_with_the_last_step_and_before_any_with_the_opening(tmp_path):
    night = table(tmp_path)
    night.note("   ")
    night.note("The  lights are out")
    assert night.preface == ["The lights are out"]
    assert "## The night\n\nThe lights are out\n" in night.transcript.path.read_text(encoding="utf-8")
    night.act([Award(0)])
    night.note("Ann screams")
    night.note("and  again")
    night.note("")
    assert night.steps[-1].note == f"Ann screams{NOTE_SEP}and again"
    assert read_save(night.save_path).steps[-1].note == "Ann screams ¦ and again"
    text = night.transcript.path.read_text(encoding="utf-8")
    assert "*Ann screams*\n\n*and again*" in text


# ---------------------------------------------------------------- undo


def test_undo_takes_back_steps_exactly(tmp_path):
    night = table(tmp_path)
    start = night.game.state_key()
    first = render(night)
    night.act([Test(0)])
    after_one = (night.game.state_key(), render(night), night.last_events)
    night.say("I scream", who=0)
    night.act([Roll(9, 4)])
    night.note("what a roll")
    undone = night.undo(2)
    assert [s.say for s in undone] == [None, "I scream"]
    assert undone[0].note == "what a roll"
    assert (night.game.state_key(), render(night), night.last_events) == after_one
    assert night.story.people[0].deeds == []
    assert len(read_save(night.save_path).steps) == 1
    assert night.transcript.path.read_text(encoding="utf-8") == after_one[1]
    night.undo()
    assert night.game.state_key() == start and night.last_events == []
    assert render(night) == first


def test_undo_refuses_what_cannot_be_undone():
    night = table()
    night.act([Test(0)])
    with pytest.raises(ValueError, match=r"^undo needs a positive number of steps, got 0$"):
        night.undo(0)
    with pytest.raises(ValueError, match=r"^cannot undo 2 steps: only 1 played$"):
        night.undo(2)
    assert len(night.steps) == 1


def test_after_undo_the_narrator_tells_from_the_restored_fiction():
    narrator = make_narrator("template", seed=5)
    night = table(narrator=narrator)
    night.act([Test(0)])
    night.undo()
    assert narrator.story is night.story


# ---------------------------------------------------------------- saving and summary


def test_the_summary_names_the_cast_rules_seed_and_where_the_night_is():
    """Where the night is counts the Tests taken, as the table's "Tests N" does (the resume
    banner said "test 14" beside "Tests 13"). Break it catches: the next Test's number shown."""
    night = table()
    assert night.summary() == "Ann, Bo, Cy, Di — ashcan, seed 5, no Test taken yet"
    night.act([Test(0)])
    night.act([Roll(9, 4)])
    night.act([Resolve(0)])
    assert night.summary().endswith("seed 5, 1 Test taken") and night.game.tests == 1
    assert lost_quickly().summary().endswith(", everyone dead")


def test_a_night_won_at_dawn_is_saved_finished(tmp_path):
    game = Game.stacked(CAST, ASHCAN, threat=["RJ", "2S"], jokers=["BJ"], endgame=True)
    night = Night(CAST, ASHCAN, 5, game=game, save_path=tmp_path / "n.json")
    night.start()
    night.act([Test(0)])
    night.act([Roll(9, 4)])
    night.act([Resolve(0)])
    assert night.game.outcome().dawn
    save = read_save(night.save_path)
    assert save.finished is True and save.summary.endswith(", dawn")


def test_the_save_holds_the_rules_cast_and_steps(tmp_path):
    rules = ASHCAN.with_(genre_points=11, strikes_to_die=2, fast_setup=True)
    game = Game.stacked(CAST, rules, threat=["2S", "3H", "4C", "JD"])
    night = Night(CAST, rules, "owl", game=game, save_path=tmp_path / "n.json", playset="house-party")
    night.start()
    night.act([Test(1)], say="I go", who=1)
    save = read_save(night.save_path)
    assert save.rules.model_dump() == {
        "name": "ashcan", "trophy_start": "ten", "empty_trophy_base": 1, "reserve_fallback": True,
        "face_modifiers": (1, 2, 3), "genre_points": 11, "strikes_to_die": 2, "fast_setup": True,
        "min_cast": 4, "max_cast": 4}
    assert save.seed == "owl" and save.playset == "house-party" and save.narrator == "template"
    assert [(c.name, c.aptitude, c.archetype, c.why) for c in save.cast] == [
        ("Ann", "Power", "The Jock", "lost a bet"), ("Bo", "Resolve", "The Nerd", ""),
        ("Cy", "Intellect", "", "came for the party"), ("Di", "Finesse", "The Final Girl", "works here")]
    assert [(s.actions, s.say, s.who) for s in save.steps] == [(["test 1"], "I go", 1)]
    assert save.transcript is None and save.finished is False
    assert save.opening is None and save.steps[0].narration is None  # the templates tell them again


def test_a_models_texts_are_kept_in_the_save_as_soon_as_they_are_told(tmp_path):
    narrator = Scripted()
    night = table(tmp_path, narrator=narrator, name="llm")
    save = read_save(night.save_path)
    assert save.opening == [("opening", "Line 1: opening."), ("threat", "Line 2: threat.")]
    night.act([Test(0)])
    save = read_save(night.save_path)
    assert save.steps[-1].narration == [("challenge", "Line 3: challenge.")]
    assert save.transcript == "t.md"


def test_autosave_and_transcript_only_where_asked(tmp_path):
    night = table()
    night.act([Test(0)])  # neither a save nor a transcript: nothing written, nothing fails
    night = table(tmp_path, narrator=make_narrator("template", seed=5))
    night.live_transcript = False
    night.act([Test(0)])
    assert "### 1. Ann" not in night.transcript.path.read_text(encoding="utf-8")
    night.live_transcript = True
    night.write_transcript()
    assert "### 1. Ann" in night.transcript.path.read_text(encoding="utf-8")


# ---------------------------------------------------------------- telling


def test_start_prints_the_opening_mechanics_and_tells_the_opening():
    said = []
    night = table(narrator=make_narrator("template", seed=5), out=lambda k, t: said.append((k, t)))
    assert said[0] == ("mechanics", "Threat Card: 2♠ Power, atmospheric, difficulty 2")
    assert [k for k, _ in night.opening] == ["opening", "threat"]
    assert all(text for _, text in night.opening)


def test_a_night_without_a_narrator_tells_nothing():
    night = table()
    night.act([Test(0)])
    night.act([Roll(9, 4)])
    night.act([Resolve(0)])
    assert night.opening == [] and all(s.narration == [] for s in night.steps)
    assert "*🎲 Test 1, Ann on 2♠: 9 + 4 = 13 vs 2, success, Dire.*" in render(night)


def test_each_beat_is_handed_to_the_narrator_and_streamed(tmp_path):
    said, told = [], []
    narrator = Scripted()
    night = table(narrator=narrator, out=lambda k, t: said.append((k, t)))
    night.on_told = lambda beat, text, before, after: told.append((beat.kind, text, before, after))
    night.act([Test(0)])
    assert narrator.calls[-1] == ["challenge"]
    assert ("stream", "Line 3: ") in said and ("stream", "challenge.") in said
    assert ("stream-end", "Line 3: challenge.") in said
    assert night.steps[-1].narration == [("challenge", "Line 3: challenge.")]
    assert told[-1][:2] == ("challenge", "Line 3: challenge.")
    assert told[-1][2] is not None and told[-1][3] is not None
    assert night.last_beats[-1].kind == "challenge" and "f" in night.last_beats[-1].context


def test_a_broken_stream_is_replaced_by_what_follows_the_retraction():
    said = []
    narrator = Scripted(broken={3})
    night = table(narrator=narrator, out=lambda k, t: said.append((k, t)))
    night.act([Test(0)])
    assert night.steps[-1].narration == [("challenge", "Line 3 retold.")]
    assert said[-1] == ("stream-end", "Line 3 retold.")
    assert ("stream-end", "") in said


def test_a_merging_narrator_tells_a_test_in_one_request_and_leaves_table_talk_to_the_mechanics():
    """One voice: who takes the Test is the mechanics line's to say; no template framing beside
    the model's prose (a second voice that re-places the scene)."""
    narrator = Scripted(merge=True)
    said: list = []
    night = table(narrator=narrator, out=lambda k, t: said.append((k, t)))
    calls, before = len(narrator.calls), len(said)
    night.act([Test(0)])  # the challenge: no request, and no voice tells it
    assert len(narrator.calls) == calls and night.steps[-1].narration == []
    assert ("mechanics", "Ann takes the Test") in [(k, t.split(" (")[0]) for k, t in said[before:]]
    assert not [t for k, t in said[before:] if k.startswith("stream") and t]
    night.act([Roll(9, 4)])
    night.act([Resolve(0)])
    kinds = narrator.calls[-1]
    assert len(narrator.calls) == calls + 1 and kinds[0] == "outcome" and len(kinds) > 1
    assert night.steps[-1].narration == [("+".join(kinds), f"Line {calls + 1}: {' + '.join(kinds)}.")]


def test_a_models_narrator_is_given_the_continuity_check_for_its_beat():
    narrator = Scripted()
    narrator.guard = None
    night = table(narrator=narrator)
    night.act([Test(0)])
    assert callable(narrator.guard)
    assert narrator.guard("Ann steps up.") == []
    assert narrator.guard("Nobody is hurt, Ann. Not yet.") == []
    assert [c.kind for c in narrator.guard("Magic is real, and everyone is happy.")] == ["off-beat"]


def test_the_suggested_tester_is_named_in_the_threat_beat():
    """3♥ (Resolve's) comes up after the first Test: Di (Finesse) is pointed at, never told
    as the one suited; Bo (Resolve) is told as suited."""
    for name, key in (("Di", "pointed"), ("Bo", "suited")):
        narrator = Scripted()
        night = table(narrator=narrator)
        night.suggest = lambda game, name=name: name
        night.act([Test(0)])
        night.act([Roll(9, 4)])
        night.act([Resolve(0)])
        threat = [b for b in narrator.beats if b.kind == "threat"][-1]
        other = "suited" if key == "pointed" else "pointed"
        assert threat["suit"] == "Resolve" and threat[key] == name and threat[other] is None


def test_an_award_beat_carries_the_trope_the_directors_note_names():
    narrator = Scripted()
    night = table(narrator=narrator)
    night.act([Award(0)], note=f"{NOTE_HEAD}Ann: the scream queen. (Judged by the templates.)")
    award = [b for b in narrator.beats if b.kind == "award"][-1]
    assert award["trope"] == "the scream queen"
    night.act([Award(1)], note="for a plain reason")
    award = [b for b in narrator.beats if b.kind == "award"][-1]
    assert "trope" not in award.context


def test_the_teaching_hook_gets_the_whole_last_test():
    seen = []
    night = table()
    night.on_resolved = seen.append
    night.act([Test(0)])
    night.act([Roll(9, 4)])
    assert seen == []
    night.act([Resolve(0)])
    assert len(seen) == 1
    kinds = [type(e) for e in seen[0]]
    assert kinds[0] is E.TestBegan and E.Rolled in kinds and E.TestResolved in kinds
    assert seen[0] == night.last_test_events


def test_the_last_test_runs_from_its_first_action_to_the_next_test():
    night = table()
    assert night.last_test_events == []
    night.act([Test(0)])
    assert night.last_test_events == []  # begun, not resolved
    night.act([Roll(9, 4)])
    night.act([Resolve(0)])
    first = night.last_test_events
    night.act([Award(2)])
    with_award = night.last_test_events
    assert with_award[: len(first)] == first and type(with_award[-1]) is E.GenrePointAwarded
    night.act([Test(1), Roll(9, 4), Resolve(0)])
    last = night.last_test_events
    assert type(last[0]) is E.TestBegan and last[0].who == 1
    assert sum(type(e) is E.TestResolved for e in last) == 1


def test_segments_start_at_each_new_table_moment():
    a, b = E.ThreatRevealed(1, 2), E.TestBegan(0, 1, 2)
    r = E.Rolled(0, 5, 2, 5, False, False)
    assert segments([]) == []
    assert segments([b, r, a, b]) == [[b], [r], [a, b]]


def test_the_narrators_setting_is_the_nights_unless_one_is_given():
    from types import SimpleNamespace

    def night(narrator, **kw):
        return Night(CAST, ASHCAN, 5, narrator=narrator, **kw)

    setting = {"name": "x", "title": "X"}
    assert night(SimpleNamespace(setting=setting)).setting == setting
    inner = SimpleNamespace(setting=setting)
    assert night(SimpleNamespace(setting="no", fallback=inner)).setting == setting
    assert night(SimpleNamespace(setting=setting), setting={"name": "y"}).setting == {"name": "y"}
    assert night(SimpleNamespace()).setting is None


def test_the_narrator_is_told_the_cast():
    narrator = Scripted()
    night = table(narrator=narrator)
    # pronouns: "they/them" until the cast says otherwise; why each one is there, or ""
    they = {"pronouns": "they/them"}
    assert narrator.cast == [{"name": "Ann", "archetype": "The Jock", "aptitude": "Power", **they, "why": "lost a bet"},
                             {"name": "Bo", "archetype": "The Nerd", "aptitude": "Resolve", **they, "why": ""},
                             {"name": "Cy", "archetype": "", "aptitude": "Intellect", **they, "why": "came for the party"},
                             {"name": "Di", "archetype": "The Final Girl", "aptitude": "Finesse", **they, "why": "works here"}]
    other = Scripted()
    night.narrator = other
    assert other.cast == narrator.cast and night.narrator is other


@pytest.mark.parametrize("who", [4, -1])
def test_a_line_by_someone_outside_the_cast_is_refused_before_anything_is_played(tmp_path, who):
    night = table(tmp_path)
    before = night.game.state_key()
    with pytest.raises(ValueError, match=rf"^the cast has no character {who} \(4 characters\)$"):
        night.act([Test(0)], say="I run", who=who)
    with pytest.raises(ValueError, match=rf"^the cast has no character {who} \(4 characters\)$"):
        night.say("I run", who=who)
    assert night.game.state_key() == before and night.steps == [] and night._stories == []
    assert read_save(night.save_path).steps == []


def test_free_text_while_the_first_character_is_tested_is_theirs():
    night = table()
    night.act([Test(0)])
    night.say("I hold my breath")
    assert night.steps[-1].who == 0


def test_a_line_said_by_the_group_is_the_groups():
    """A line no character says stands as the group's, never as a quote with no speaker."""
    night = table()
    night.say("We run")
    for form in ("story", "log"):
        assert "\n**The group:** “We run”\n" in render(night, form)


def test_the_continuity_check_knows_whose_beat_it_is():
    """The player said what Ann does; the director asking Ann again is caught for her beat."""
    narrator = Scripted()
    narrator.guard = None
    night = table(narrator=narrator)
    night.say("I grab the fire axe", who=0)
    night.act([Test(0)])
    found = narrator.guard("Ann, what do you do?")
    assert [c.kind for c in found] == ["asked-again"]
    assert narrator.guard("The axe is heavy in her hands.") == []


def test_the_fiction_starts_from_the_cast_and_the_setting():
    setting = {"locations": ["the attic", "the cellar"]}
    night = Night(CAST, ASHCAN, 5, setting=setting)
    assert sorted(night.story.locations) == ["the attic", "the cellar"]
    assert [(p.name, p.archetype, p.aptitude, p.why) for p in night.story.people][:2] == [
        ("Ann", "The Jock", "Power", "lost a bet"), ("Bo", "The Nerd", "Resolve", "")]


def test_a_night_not_yet_begun_has_told_nothing():
    night = Night(CAST, ASHCAN, 5)
    assert night.opening == [] and night.last_events == [] and night.last_beats == []
    text = render(night)
    assert text.endswith("## The night\n") and "| 4 | Di | The Final Girl | ♦ Finesse | works here |" in text


def test_after_undo_the_fallback_narrator_tells_from_the_restored_fiction_too():
    narrator = Scripted()
    night = table(narrator=narrator)
    night.act([Test(0)])
    night.undo()
    assert narrator.fallback.story is night.story


def test_a_narrator_that_keeps_no_fiction_is_left_alone():
    class Plain:
        __slots__ = ("told",)

        def __init__(self):
            self.told = []

        def narrate(self, beat):
            self.told.append(beat.kind)
            return iter(["Something happens."])

    narrator = Plain()
    night = table(narrator=narrator)
    night.act([Test(0)])
    night.undo()
    assert narrator.told == ["opening", "threat", "challenge"]


def test_a_narrator_that_does_not_say_it_merges_tells_beat_by_beat():
    narrator = Scripted(merge=True)
    del narrator.merge
    night = table(narrator=narrator)
    night.act([Test(0), Roll(9, 4), Resolve(0)])
    assert all(len(kinds) == 1 for kinds in narrator.calls)


def test_the_tester_line_is_the_player_action_of_the_beat():
    narrator = Scripted()
    night = table(narrator=narrator)
    night.say("I grab the fire axe", who=0)
    night.act([Test(0)])
    assert narrator.beats[-1].kind == "challenge"
    assert narrator.beats[-1].player_action == "I grab the fire axe"


def test_the_suggestion_is_asked_of_the_game():
    narrator = Scripted()
    night = table(narrator=narrator)
    night.suggest = lambda game: game.cast[3].name
    night.act([Test(0), Roll(9, 4), Resolve(0)])
    assert [b for b in narrator.beats if b.kind == "threat"][-1]["pointed"] == "Di"


def test_a_stretch_is_checked_against_the_fiction_before_its_first_beat():
    """Ann fails against the Killer: the stretch telling it is watched with the fiction as it
    was before the outcome (nobody hurt) and after its last beat (Ann hurt)."""
    watched = []
    game = Game.stacked(CAST, ASHCAN, threat=["JS", "2S", "3H"])
    night = Night(CAST, ASHCAN, 5, game=game, narrator=Scripted(merge=True))
    night.on_told = lambda beat, text, before, after: watched.append((beat.kind, before, after))
    night.start()
    night.act([Test(0), Roll(0, 1), Resolve(0)])
    stretch = [w for w in watched if w[0] == "outcome"]
    assert stretch, watched
    _, before, after = stretch[-1]
    assert before.anyone_hurt is False and after.anyone_hurt is True


def test_a_refused_action_takes_back_only_its_own_steps_actions():
    night = table()
    night.act([Award(2)])
    before = night.game.state_key()
    with pytest.raises(NottError):
        night.act([Test(0), Roll(9, 4), Test(1)])  # the roll waits: no second tester
    assert night.game.state_key() == before
    assert [s.actions for s in night.steps] == [[Award(2)]]


def test_undo_back_to_the_start_restores_the_fiction_the_night_began_with():
    night = table()
    night.act([Test(0)])
    night.undo()
    assert [p.name for p in night.story.people] == ["Ann", "Bo", "Cy", "Di"]
    assert night.story.people[0].deeds == []


def test_a_line_for_the_group_with_a_command_is_the_groups():
    night = table()
    night.act([Test(0)], say="We all hold hands")
    assert (night.steps[-1].say, night.steps[-1].who) == ("We all hold hands", None)
    assert "\n**The group:** “We all hold hands”\n" in render(night)


def test_a_step_is_saved_once_and_again_only_for_a_models_prose(tmp_path, monkeypatch):
    """Before the prose, always; after it, only when the prose is kept in the save."""
    import solo.play.keeping as night_module

    writes = []
    real = night_module.write_body
    monkeypatch.setattr(night_module, "write_body", lambda body, path, *sealed: writes.append(path) or real(body, path, *sealed))
    night = table(tmp_path, narrator=make_narrator("template", seed=5))
    writes.clear()
    night.act([Test(0)])
    assert len(writes) == 1
    night = table(tmp_path, narrator=Scripted(), name="llm")
    writes.clear()
    night.act([Test(0)])
    assert len(writes) == 2
    night = table(tmp_path, narrator=None, name="llm")
    writes.clear()
    night.act([Test(0)])  # nothing told, nothing more to keep
    assert len(writes) == 1


def test_a_merged_stretch_is_checked_for_every_beat_in_it_not_only_the_last():
    """A death told in the middle of a merged stretch still gets the epitaph check: Ann (Power)
    dies at her first Strike here, and a model calling her "the clever one" is refused."""
    from solo.nott.rules import ASHCAN as rules_

    rules = rules_.with_(strikes_to_die=1)
    narrator = Scripted(merge=True)
    narrator.guard = None
    game = Game.stacked(CAST, rules, threat=["JS", "QH", "2C", "3D"])
    night = Night(CAST, rules, 5, game=game, narrator=narrator)
    night.start()
    night.act([Test(0)])
    night.act([Roll(0, 1)])
    night.act([Resolve(0)])
    kinds = narrator.calls[-1]
    assert "death" in kinds and kinds[-1] != "death", kinds  # the death is inside the stretch
    found = narrator.guard("Ann, always the clever one, is gone.")
    assert [c.kind for c in found] == ["epitaph"]
    assert narrator.guard("Ann, stubborn to the last, is gone.") == []
