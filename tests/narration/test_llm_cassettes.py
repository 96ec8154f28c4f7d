"""The real OpenAINarrator path, replayed from cassettes recorded against a real small model
(SmolLM2-135M on llama-cpp-python's server, 127.0.0.1). ``make record`` re-records them
(SOLO_RECORD=1 starts the server); ``make test`` replays with record_mode "none"."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest
import vcr

from solo.narration import TemplateNarrator
from solo.director.beats import beats_from_events, opening_beats
from solo.narration.llm import LLMNarrator
from solo.nott import Game, quick_cast
from solo.sim.policies import get_policy, next_actions

from .llmserver import RECORD_PORT, LlamaServer

RECORD = os.environ.get("SOLO_RECORD") == "1"
CASSETTES = Path(__file__).resolve().parents[1] / "cassettes"
DUMMY_KEY = "sk-test-recording-key-not-secret-000000"

recorder = vcr.VCR(
    cassette_library_dir=str(CASSETTES),
    record_mode="all" if RECORD else "none",
    filter_headers=["authorization"],
    match_on=["method", "scheme", "host", "port", "path", "body"],
    decode_compressed_response=True,
)


@pytest.fixture(scope="module")
def base_url():
    if RECORD:
        with LlamaServer(port=RECORD_PORT) as srv:
            yield srv.url
    else:
        yield f"http://127.0.0.1:{RECORD_PORT}/v1"


def night_beats(n_tests: int = 3) -> list:
    g = Game(quick_cast(13), seed=13)
    beats = opening_beats(g)
    rng = random.Random(13)
    while g.tests < n_tests:
        for a in next_actions(g, get_policy("careful"), rng):
            beats += beats_from_events(g, g.push(a))
    return beats


def narrator(base_url, tmp_path, notices):
    return LLMNarrator(TemplateNarrator(seed=13), base_url=base_url, api_key=DUMMY_KEY, model="smollm2",
                       temperature=0.0, max_tokens=60, max_retries=0, timeout=60, notice=notices.append,
                       log_path=tmp_path / "llm.jsonl")


def test_a_night_narrated_by_a_real_model(base_url, tmp_path):
    beats = night_beats()
    notices: list[str] = []
    with recorder.use_cassette("smollm2-night.yaml"):
        n = narrator(base_url, tmp_path, notices)
        for beat in beats:
            chunks = list(n.narrate(beat))
            text = "".join(chunks).strip()
            assert text, beat.kind
            assert len(chunks) == 1, "the model's text is shown whole, once read"
            assert n.last_finish in ("stop", "length")
            assert "\x1b" not in text
    assert notices == [], notices
    assert n.usage["calls"] == len(beats) and n.usage["fallbacks"] == 0
    assert n.usage["completion_tokens"] > len(beats) and n.usage["prompt_tokens"] > 0
    cassette = (CASSETTES / "smollm2-night.yaml").read_text(encoding="utf-8")
    assert DUMMY_KEY not in cassette and "recording-key" not in cassette


def test_the_prompt_states_the_resolved_outcome_as_fact(base_url, tmp_path):
    beats = [b for b in night_beats() if b.kind == "outcome"]
    n = narrator(base_url, tmp_path, [])
    user = n.messages(beats[0])[-1]["content"]
    assert ("SUCCEEDS" in user) == beats[0]["success"]
    assert beats[0]["fallout_name"] in user


def test_a_played_night_told_once_per_test_by_a_real_model(base_url, tmp_path):
    """The Night with the real model, merged: one request per Test (plus the opening), the
    fiction and every beat's facts in the prompt, the text streamed."""
    from solo.nott.rules import ASHCAN
    from solo.play.night import Night

    notices: list[str] = []
    shown: list[str] = []
    with recorder.use_cassette("smollm2-merged.yaml"):
        n = narrator(base_url, tmp_path, notices)
        n.merge = True
        n.max_tokens_per_test = 90
        n.FAILURES_BEFORE_PAUSE = 99  # a small model's refused prose: keep asking, one request a Test
        night = Night(quick_cast(13), ASHCAN, 13, narrator=n, out=lambda k, t: shown.append(k))
        night.start()
        rng = random.Random(13)
        while night.game.tests < 3:
            night.act(next_actions(night.game, get_policy("careful"), rng))
    # a 135M model echoes its prompt ("Severity …", "Difficulty 3") and leaves out who took the
    # Test: the templates tell those beats, counted; nothing else goes wrong
    assert all("not the director's prose" in x or "leaves out what was decided" in x or "echoes the prompt" in x
               for x in notices), notices
    # the opening, then one per Test; each told by the model whole, in part (the rest set aside, or
    # told by the templates after it), or by the templates alone
    assert n.usage["calls"] == 1 + 3 and n.usage["fallbacks"] + n.usage.get("trimmed", 0) >= 1
    assert n.usage["kept"] + n.usage.get("trimmed", 0) + n.usage["fallbacks"] == n.usage["calls"]
    assert shown.count("stream") >= shown.count("stream-end")  # a paragraph is shown a sentence at a time
    merged = [k for s in night.steps for k, _t in s.narration if "+" in k]
    assert len(merged) == 3 and all(k.startswith("outcome") and k.endswith("threat") for k in merged)
    cassette = (CASSETTES / "smollm2-merged.yaml").read_text(encoding="utf-8")
    import yaml  # the prompts as sent (the file folds long lines anywhere)

    sent = [json.loads(i["request"]["body"])["messages"] for i in yaml.safe_load(cassette)["interactions"]]
    # one conversation: each request resends the one before it and its reply, then asks anew
    assert all(m[:len(p)] == p and m[len(p)]["role"] == "assistant" for p, m in zip(sent, sent[1:]))
    assert all("What the story has established" in m[1]["content"] for m in sent)
    assert all("in this order" in m[-1]["content"] for m in sent[1:])
    assert DUMMY_KEY not in cassette
