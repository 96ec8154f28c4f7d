"""Lines and veils (solo/director/safety.py): the lexicon, reading a text for its topics in
every form of their words, the night's set, answers told without what crosses, config.toml."""

from __future__ import annotations

import pytest

from solo.director.safety import (TOPICS, Safety, SafetyError, check, crossed_words, crossing, flagged, merged,
                                  read_config, topic_of)


@pytest.mark.parametrize("typed, topic", [
    ("blood", "blood"), ("Gore", "blood"), ("drowned", "drowning"), ("bugs", "insects"), ("animals", "animals harmed"),
    ("kids", "children in danger"), ("choking", "suffocation"), ("Clowns", "clowns"), ("  knives. ", "knives"),
])
def test_a_topic_is_a_lexicon_topic_by_name_or_alias_or_the_players_own_word(typed, topic):
    assert topic_of(typed) == topic


@pytest.mark.parametrize("typed", ["", "the", "up behind me", "x", "12", "a b c d"])
def test_what_is_no_topic_is_refused_in_one_line(typed):
    with pytest.raises(SafetyError) as err:
        topic_of(typed)
    assert "\n" not in str(err.value)


@pytest.mark.parametrize("topic, text", [
    ("blood", "Tina is bleeding from the scalp."), ("blood", "It bled all over the floor."),
    ("blood", "A bloodied handprint on the door."), ("blood", "Blood-red light."),
    ("drowning", "Wes nearly drowned in the lake."), ("drowning", "He is held under until the thrashing stops."),
    ("fire", "The cabin burns."), ("fire", "Burnt paper drifts past."), ("fire", "Flames lick the walls."),
    ("fire", "The campfire is out."), ("animals harmed", "A dog barks once."), ("animals harmed", "Two owls."),
    ("children in danger", "The children are upstairs."), ("children in danger", "Kids' shoes by the door."),
    ("insects", "Crickets stop."), ("insects", "Spiders everywhere."), ("insects", "Wasps drone in the eaves."),
    ("suffocation", "It smothers the light."), ("suffocation", "Pam can't breathe."),
    ("suffocation", "Choking on the dust, Sid runs."),
])
def test_every_form_of_a_topics_words_crosses_it(topic, text):
    assert crossing(text, [topic]) == topic


@pytest.mark.parametrize("topic, text", [
    ("blood", "The bloom of a flashlight."), ("drowning", "The lake is still."), ("fire", "The door flies open."),
    ("animals harmed", "Pam is the Final Girl, and she knows it."), ("insects", "She has been here before."),
    ("insects", "It wants you to know."), ("children in danger", "The Final Them steps up."),
    ("suffocation", "Hold your breath."),
])
def test_a_word_that_only_looks_like_a_topics_word_does_not(topic, text):
    assert crossing(text, [topic]) is None


def test_a_players_own_word_is_matched_in_every_form_but_not_inside_other_words():
    assert crossing("A clown waits.", ["clowns"]) == "clowns"
    assert crossing("Two clowns wait.", ["clown"]) == "clown"
    assert crossing("The rats scatter.", ["rat"]) == "rat"
    assert crossing("The window rattles.", ["rat"]) is None
    assert crossing("Something skitters.", ["rat"]) is None
    assert crossed_words("Two clowns wait, and a clown waves.", ["clown"]) == ["clowns", "clown"]


def test_every_lexicon_topic_has_words_and_is_its_own_name():
    assert set(TOPICS) == {"blood", "drowning", "fire", "animals harmed", "children in danger", "insects",
                           "suffocation"}
    for topic, (words, _phrases) in TOPICS.items():
        assert words and topic_of(topic) == topic


def test_a_line_and_a_veil_of_the_same_topic_is_a_line_and_either_can_be_dropped():
    s = Safety.of(lines=["blood"], veils=["blood", "spiders"])
    assert s.lines == ("blood",) and s.veils == ("spiders",)
    assert s.veil("gore") is s  # already a line
    s = s.line("spiders")
    assert s.lines == ("blood", "spiders") and s.veils == ()
    assert s.drop("spiders").lines == ("blood",)
    with pytest.raises(SafetyError):
        s.drop("fire")
    assert not Safety() and Safety.of(veils=["fire"])


def test_an_answer_decided_word_for_word_is_told_without_what_crosses_a_line():
    s = Safety.of(lines=["blood"])
    assert s.scrub("Yes. Tina has a bloody nose. She is still standing.", True) == \
        "Yes. She is still standing. The rest stays off screen."
    assert s.scrub("Yes, Tina is bleeding.", True) == "Yes."
    assert s.scrub("It bleeds like anything else.", None) == "That stays in the dark tonight."
    assert s.scrub("No. Nobody is hurt.", False) == "No. Nobody is hurt."


def test_a_model_paragraph_that_crosses_a_line_or_shows_a_veil_is_named_for_it():
    s = Safety.of(lines=["drowning"], veils=["fire"])
    kinds = [c.kind for c in check("Tina wades in. The water takes her and she drowns.", s)]
    assert kinds == ["line-crossed"]
    kinds = [c.kind for c in check("Smoke pours from the cabin. Wes runs.", s)]
    assert kinds == ["veil-shown"]
    assert check("Tina runs for the boathouse.", s) == []
    assert check("Tina drowns.", Safety()) == []


def test_the_x_card_flags_topics_or_the_words_of_what_is_no_topic():
    assert flagged("") == ()
    assert flagged("blood") == ("blood",)
    assert flagged("the dog, spiders and bugs") == ("dog", "spiders", "insects")
    with pytest.raises(SafetyError):
        flagged("the")


def test_config_toml_sets_lines_and_veils_and_a_bad_topic_is_a_notice(tmp_path, monkeypatch):
    cfg = tmp_path / "config.toml"
    cfg.write_text('[llm]\nmodel = "x"\n\n[safety]\nlines = ["blood", "Clowns", "the"]\nveils = ["insects"]\n')
    monkeypatch.setenv("SOLO_CONFIG", str(cfg))
    notices: list[str] = []
    s = read_config(notices.append)
    assert s.lines == ("blood", "clowns") and s.veils == ("insects",)
    assert len(notices) == 1 and "too plain" in notices[0]
    assert merged(s, ["fire"], ["drowning"]).lines == ("blood", "clowns", "fire")
    cfg.write_text("[safety\n")
    notices.clear()
    assert not read_config(notices.append) and notices
    monkeypatch.setenv("SOLO_CONFIG", str(tmp_path / "none.toml"))
    assert not read_config()
