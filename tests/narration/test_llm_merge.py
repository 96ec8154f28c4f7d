"""One request per Test: the LLM director tells the outcome and everything after it, to the
next Threat Card, as one piece — with every beat's facts in that one prompt, in table order."""

from __future__ import annotations

import json
import re

import pytest

from solo.nott import events as E
from solo.nott.rules import ASHCAN, PLAYTEST
from solo.sim.autoplay import autoplay

from .fakeserver import FakeServer


def night_through(server, monkeypatch, tmp_path, rules, seed, merge=True):
    monkeypatch.setenv("SOLO_HOME", str(tmp_path))
    monkeypatch.setenv("OPENAI_BASE_URL", server.url)
    monkeypatch.setenv("OPENAI_API_KEY", "sk-merge-test-not-secret")
    monkeypatch.setenv("SOLO_LLM_MERGE", "1" if merge else "0")
    server.requests.clear()
    night = autoplay(seed, rules, "careful", out=tmp_path / "n.md", narrator_kind="llm", model="fake")
    prompts = [json.loads(r["body"])["messages"][-1]["content"] for r in server.requests]
    return night, prompts


@pytest.mark.corpus  # long: .ci/run runs it
@pytest.mark.parametrize("rules", [ASHCAN, PLAYTEST], ids=["ashcan", "playtest"])
def test_at_most_one_point_two_requests_per_test_over_a_whole_night(rules, monkeypatch, tmp_path):
    with FakeServer("ok", pieces=["The night ", "goes on. ", "Who goes?"]) as server:
        night, prompts = night_through(server, monkeypatch, tmp_path, rules, seed=5)
    tests = night.game.tests
    assert night.game.outcome() is not None and tests > 20
    assert len(prompts) <= 1.2 * tests, (len(prompts), tests)
    # and the beat-by-beat path is still there, at about three requests a Test
    with FakeServer("ok", pieces=["The night ", "goes on. ", "Who goes?"]) as server:
        _night, beat_prompts = night_through(server, monkeypatch, tmp_path, rules, seed=5, merge=False)
    assert len(beat_prompts) > 2.5 * tests


@pytest.mark.parametrize("rules", [ASHCAN, PLAYTEST], ids=["ashcan", "playtest"])
def test_every_fact_of_every_beat_is_in_the_prompts_in_table_order(rules, monkeypatch, tmp_path):
    """Read back from the rules core's own events: every resolved Test, Strike, death,
    weakness and Threat Card is stated in a prompt, in the order the table resolved them."""
    with FakeServer("ok", pieces=["The night ", "goes on. ", "Who goes?"]) as server:
        night, prompts = night_through(server, monkeypatch, tmp_path, rules, seed=8)
    names = night.names
    expected: list[str] = []
    for events in night.step_events:
        for e in events:
            t = type(e)
            if t is E.TestResolved and e.card < 52:
                expected.append(f"{names[e.who]} {'SUCCEEDS' if e.success else 'FAILS'}")
            elif t is E.StrikeGained and e.strikes < night.game.rules.strikes_to_die:
                expected.append(f"{names[e.who]} gets Strike number {e.strikes}")
            elif t is E.CharacterDied:
                expected.append(f"{names[e.who]} dies" if e.cause == "strikes" else
                                f"{names[e.who]} fails the final confrontation and is killed")
            elif t is E.WeaknessFound:
                expected.append("finds one of the Killer's weaknesses")
            elif t is E.ThreatRevealed:
                expected.append("a new challenge appears")
    text = "\n".join(prompts)
    at = 0
    for fact in expected[1:]:  # the first Threat Card is the opening's
        found = text.find(fact, at)
        assert found >= 0, f"{fact!r} is missing from the prompts after position {at}"
        at = found + len(fact)
    # each Test's request ends by asking the table who goes next
    assert sum(1 for p in prompts if re.search(r'End with: "(Who goes\?|What do you do, \w+\?)"', p)) > 10


def test_the_budget_and_the_footer(monkeypatch, tmp_path):
    monkeypatch.setenv("SOLO_MAX_TOKENS_PER_TEST", "90")
    with FakeServer("ok", pieces=["The night ", "goes on. ", "Who goes?"]) as server:
        night, _prompts = night_through(server, monkeypatch, tmp_path, ASHCAN, seed=5)
        bodies = [json.loads(r["body"]) for r in server.requests]
    merged = [b for b in bodies if "in this order" in b["messages"][-1]["content"]]
    assert merged and all(b["max_tokens"] == 90 for b in merged)
    usage = night.narrator.usage
    footer = (tmp_path / "n.md").read_text(encoding="utf-8").rstrip().splitlines()[-1]
    assert f"Narration: {usage['calls']} requests, {usage['prompt_tokens']} tokens in, " \
           f"{usage['completion_tokens']} out" in footer and "s of model time" in footer
    assert usage["calls"] == len(bodies) and usage["completion_tokens"] == 12 * len(bodies)


def test_the_system_prompt_never_changes_within_a_night(monkeypatch, tmp_path):
    """What never changes comes first, so a server's prompt cache can keep it."""
    with FakeServer("ok", pieces=["The night ", "goes on. ", "Who goes?"]) as server:
        night_through(server, monkeypatch, tmp_path, ASHCAN, seed=5)
        systems = {json.loads(r["body"])["messages"][0]["content"] for r in server.requests}
    assert len(systems) == 1


def test_a_failed_stretch_is_told_beat_by_beat_by_the_templates(monkeypatch, tmp_path):
    with FakeServer("500") as server:
        night, prompts = night_through(server, monkeypatch, tmp_path, ASHCAN, seed=5)
    assert night.game.outcome() is not None
    texts = [t for s in night.steps for _k, t in s.narration]
    assert texts and all(t.strip() for t in texts)
    # after the pause the templates tell everything; the night is whole
    assert "## Epilogue" in (tmp_path / "n.md").read_text(encoding="utf-8")
