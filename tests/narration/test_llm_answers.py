"""A model phrases the director's answers, and only phrases them: the prompt states the decision
and the words to begin with; a reply that flips the answer is not kept (the templates answer,
with one notice); answers about the state are never sent to the model.

Replayed from vcr cassettes (record_mode "none"), recorded through the openai SDK against
tests/narration/fakeserver.py (``SOLO_RECORD=1 pytest tests/narration/test_llm_answers.py``)."""

from __future__ import annotations

import json

from solo.director.questions import parse

from .test_llm_fiction import CASSETTES, KEY, llm, night_with_a_death_and_a_loss, recording

CANDIDATES = ("Is the cellar door locked?", "Is anyone in the boathouse?", "Is the radio working?",
              "Is the gate open?", "Is there a way out through the woods?", "Is the phone dead?",
              "Is the truck still there?", "Is it waiting outside?")


def decided(night, text):
    """What the director would answer ``text`` now (no narrator asked, nothing changed)."""
    return night._reply(parse(text, names=tuple(night.names)), len(night.steps))


def question_answered(night, yes: bool) -> str:
    return next(q for q in CANDIDATES if decided(night, q).kind == "oracle" and decided(night, q).yes is yes)


def prompts(cassette: str) -> list[str]:
    import yaml

    data = yaml.safe_load((CASSETTES / cassette).read_text(encoding="utf-8"))
    return [json.loads(i["request"]["body"])["messages"][-1]["content"] for i in data["interactions"]]


def test_a_reply_that_flips_the_answer_falls_back_to_the_templates(tmp_path):
    night, _rng = night_with_a_death_and_a_loss()
    question = question_answered(night, yes=True)
    notices: list[str] = []
    with recording("answer-flipped.yaml", pieces=["No. ", "Nothing of the kind, not tonight."]):
        night.narrator = llm(tmp_path, notices)
        reply = night.ask(question)
    told = night.steps[-1].narration[0][1]
    assert reply.yes is True and told.startswith("Yes") and "Nothing of the kind" not in told
    assert len(notices) == 1 and "contradicts the story" in notices[0] and "answered yes" in notices[0]
    prompt = prompts("answer-flipped.yaml")[0]
    assert f'"{question}"' in prompt and f'Begin your reply with exactly "{reply.context()["opening"]}"' in prompt
    assert KEY not in (CASSETTES / "answer-flipped.yaml").read_text(encoding="utf-8")


def test_a_reply_that_keeps_the_answer_is_told(tmp_path):
    night, _rng = night_with_a_death_and_a_loss()
    question = question_answered(night, yes=False)
    notices: list[str] = []
    with recording("answer-kept.yaml", pieces=["No. ", "The dark keeps that one to itself."]):
        night.narrator = llm(tmp_path, notices)
        night.ask(question)
    assert night.steps[-1].narration[0][1] == "No. The dark keeps that one to itself."
    assert notices == []
    # asked again: the fact, word for word, and no second request
    night.ask(question)
    assert night.steps[-1].narration[0][1] == "No. The dark keeps that one to itself."
    assert len(prompts("answer-kept.yaml")) == 1


def test_a_state_answer_never_asks_the_model(tmp_path):
    night, _rng = night_with_a_death_and_a_loss()
    notices: list[str] = []
    with recording("answer-state.yaml"):
        night.narrator = llm(tmp_path, notices)
        night.ask("How many of us are left?")
    living = [night.names[i] for i in night.game.living()]
    assert all(n in night.steps[-1].narration[0][1] for n in living)
    assert not (tmp_path / "llm.jsonl").exists() or (tmp_path / "llm.jsonl").read_text(encoding="utf-8") == ""
