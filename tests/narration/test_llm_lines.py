"""Lines and veils with a model's narration: the system prompt tells the model the lines and
veils, and a reply that crosses a line (or shows a veiled topic) is refused, ``line-crossed``
(``veil-shown``), the templates telling the beat in its place."""

from __future__ import annotations

import json
import random

from solo.director.safety import TOPICS, Safety, crossing
from solo.narration.llm import LLMNarrator
from solo.narration.templates import TemplateNarrator
from solo.nott.cast import quick_cast
from solo.nott.rules import ASHCAN
from solo.play.night import Night
from solo.sim.policies import get_policy, next_actions

from .fakeserver import FakeServer


def night_with(srv, tmp_path, safety: Safety, tests: int = 4) -> tuple[Night, LLMNarrator]:
    n = LLMNarrator(TemplateNarrator(seed=8), base_url=srv.url, api_key="sk-not-a-key", model="fake",
                    max_retries=0, timeout=5.0, log_path=tmp_path / "llm.jsonl")
    n.FAILURES_BEFORE_PAUSE = 999
    night = Night(quick_cast(8), ASHCAN, 8, narrator=n, narrator_name="llm")
    night.safety = safety
    night.start()
    rng = random.Random(8)
    while night.game.tests < tests and night.game.outcome() is None:
        night.act(next_actions(night.game, get_policy("careful"), rng))
    return night, n


def told(night) -> list[str]:
    return [t for _k, t in night.opening] + [t for s in night.steps for _k, t in s.narration]


CROSSING = ("Ashley wades into the black water and goes under; the lake closes over her and she drowns, "
            "or nearly. What do you do?")


def test_a_reply_that_crosses_a_line_is_refused_and_the_templates_tell_the_beat(tmp_path):
    with FakeServer("ok", pieces=[CROSSING]) as srv:
        night, n = night_with(srv, tmp_path, Safety.of(lines=["drowning"]))
        system = json.loads(srv.requests[0]["body"])["messages"][0]["content"]
    assert "Lines, never in the story" in system and "drowning (drown" in system
    assert n.usage["refused"].get("line-crossed", 0) >= 3 and n.usage["kept"] == 0
    texts = told(night)
    assert texts and not any(crossing(t, ["drowning"]) for t in texts)
    assert not any("wades into the black water" in t for t in texts)
    log = [json.loads(line) for line in (tmp_path / "llm.jsonl").read_text().splitlines()]
    assert any("crosses a line you set" in str(e.get("error")) for e in log)


def test_the_same_reply_is_kept_without_the_line_and_a_veiled_one_is_refused(tmp_path):
    plain = "Ashley checks the door, and it holds. What do you do?"
    with FakeServer("ok", pieces=[plain]) as srv:
        _night, n = night_with(srv, tmp_path, Safety.of(lines=["drowning"]), tests=2)
        system = json.loads(srv.requests[0]["body"])["messages"][0]["content"]
    assert "line-crossed" not in n.usage["refused"]
    with FakeServer("ok", pieces=["Smoke rolls out of the boathouse, and Ashley runs. What do you do?"]) as srv:
        night, n = night_with(srv, tmp_path, Safety.of(veils=["fire"]), tests=2)
        veiled = json.loads(srv.requests[0]["body"])["messages"][0]["content"]
    assert n.usage["refused"].get("veil-shown", 0) >= 1
    assert not any(crossing(t, ["fire"]) for t in told(night))
    assert "Veils, which happen only off screen: fire (" in veiled and "Veils" not in system


def test_without_lines_the_system_prompt_is_as_it_was(tmp_path):
    n = LLMNarrator(TemplateNarrator(seed=8), base_url="http://127.0.0.1:9/v1", api_key="k", model="fake",
                    log_path=tmp_path / "l.jsonl")
    before = n._system()
    n.safety = Safety()
    assert n._system() == before and "Lines" not in before
    n.safety = Safety.of(lines=list(TOPICS))
    assert n._system().startswith(before) and n._system().count("(") >= len(TOPICS)
