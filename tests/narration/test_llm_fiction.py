"""The LLM path and the fiction: the prompts state what the story has established, and a
reply that contradicts it is not kept (the templates tell that beat, with one notice).

Replayed from vcr cassettes (record_mode "none"). The exchanges were recorded through the
openai SDK against tests/narration/fakeserver.py on a fixed loopback port, which answers
what each test needs (a contradicting reply cannot be asked of a real model on cue):
``SOLO_RECORD=1 pytest tests/narration/test_llm_fiction.py`` records them again.
"""

from __future__ import annotations

import json
import re
import os
from contextlib import contextmanager
from pathlib import Path

import vcr
import yaml

from solo.narration.llm import LLMNarrator
from solo.narration.templates import TemplateNarrator
from solo.nott.cast import quick_cast
from solo.nott.rules import ASHCAN
from solo.play.night import Night
from solo.sim.policies import get_policy, next_actions

from .fakeserver import FakeServer

RECORD = os.environ.get("SOLO_RECORD") == "1"
CASSETTES = Path(__file__).resolve().parents[1] / "cassettes"
PORT = 18733
URL = f"http://127.0.0.1:{PORT}/v1"
KEY = "sk-test-fiction-key-not-secret-0000000"

recorder = vcr.VCR(cassette_library_dir=str(CASSETTES), record_mode="all" if RECORD else "none",
                   filter_headers=["authorization"], match_on=["method", "scheme", "host", "port", "path", "body"],
                   decode_compressed_response=True)


def night_with_a_death_and_a_loss(seed=3):
    """A seeded night played quietly (no narrator) until someone is dead and something lost."""
    import random

    night = Night(quick_cast(seed), ASHCAN, seed, narrator=None)
    night.start()
    rng = random.Random(seed)
    while night.game.outcome() is None:
        f = night.story
        if any(p.dead for p in f.people) and f.lost_items() and night.game.phase == "choose tester":
            return night, rng
        night.act(next_actions(night.game, get_policy("naive"), rng))
    raise AssertionError("no death and loss before the end: pick another seed")


@contextmanager
def recording(cassette: str, **server):
    """Replay ``cassette``; with SOLO_RECORD=1, record it against the fake server first."""
    srv = FakeServer("ok", port=PORT, **server).__enter__() if RECORD else None
    try:
        with recorder.use_cassette(cassette):
            yield
    finally:
        if srv:
            srv.__exit__(None, None, None)


def llm(tmp_path, notices):
    return LLMNarrator(TemplateNarrator(seed=3), base_url=URL, api_key=KEY, model="fake", temperature=0.0,
                       max_retries=0, timeout=10, notice=notices.append, log_path=tmp_path / "llm.jsonl")


def play_tests(night, rng, n):
    start = night.game.tests
    while night.game.tests < start + n and night.game.outcome() is None:
        actions = next_actions(night.game, get_policy("naive"), rng)
        night.act(actions)


def _requests(cassette: str) -> list[str]:
    data = yaml.safe_load((CASSETTES / cassette).read_text(encoding="utf-8"))
    # each request's conversation: what its user turns say, the earlier ones included
    return ["\n".join(m["content"] for m in json.loads(i["request"]["body"])["messages"] if m["role"] == "user")
            for i in data["interactions"]]


def test_the_prompts_state_the_fiction(tmp_path):
    night, rng = night_with_a_death_and_a_loss()
    f = night.story
    dead = next(p.name for p in f.people if p.dead)
    lost = f.lost_items()[0]
    notices: list[str] = []
    with recording("fiction-in-prompts.yaml"):
        night.narrator = llm(tmp_path, notices)
        play_tests(night, rng, 2)
    prompts = _requests("fiction-in-prompts.yaml")
    assert len(prompts) >= 2  # one request per Test
    for prompt in prompts:
        assert f"{dead} is DEAD" in prompt
        assert lost in prompt and "gone for good" in prompt
        assert f"The group is at {night._stories[-1].location}" in prompt or "The group is at " in prompt
    # the stand-in's reply ("The door creaks open.") never names who took the Test: its sentence
    # is shown, and the templates tell the Test after it
    assert notices and "leaves out what was decided" in notices[0]
    tester = re.findall(r"\b([A-Z][a-z]+) (?:SUCCEEDS|FAILS)\b", prompts[-1])[-1]
    told = [t for _k, t in night.steps[-1].narration if t.startswith("The door creaks open.")]
    assert told and tester in told[0].removeprefix("The door creaks open.")


def test_a_reply_that_contradicts_the_story_falls_back_to_the_templates(tmp_path):
    night, rng = night_with_a_death_and_a_loss()
    dead = next(p.name for p in night.story.people if p.dead)
    notices: list[str] = []
    evil = [f"{dead} grabs the axe ", "and runs for the door."]
    with recording("fiction-guard.yaml", pieces=evil):
        night.narrator = llm(tmp_path, notices)
        play_tests(night, rng, 1)
    told = " ".join(t for _k, t in night.steps[-1].narration)
    assert f"{dead} grabs the axe" not in told and told  # the templates told every beat instead
    kinds = [k for k, _t in night.steps[-1].narration]
    assert any("+" in k for k in kinds)  # the stretch, from the outcome to the next Threat Card
    assert len(notices) == 1 and "contradicts the story" in notices[0] and dead in notices[0]
    log = [json.loads(line) for line in (tmp_path / "llm.jsonl").read_text(encoding="utf-8").splitlines()]
    assert any("contradicts the story" in (e.get("error") or "") for e in log)
    assert KEY not in (tmp_path / "llm.jsonl").read_text(encoding="utf-8")
    assert KEY not in (CASSETTES / "fiction-guard.yaml").read_text(encoding="utf-8")
