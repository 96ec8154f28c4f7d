"""The LLM narrator against a local server that misbehaves on purpose: every failure falls
back to the templates for that beat, with one quiet notice, and the game goes on. The
narrators here keep time on a :class:`~.fakeclock.FakeClock`: it stands still while the server
answers, so a slow machine never turns an answer into a timeout."""

import json

import pytest

from solo.narration.base import narrate_text
from solo.director.beats import opening_beats
from solo.narration.llm import LLMNarrator
from solo.narration.templates import TemplateNarrator
from solo.nott import Game, quick_cast

from .fakeclock import FakeClock
from .fakeserver import FakeServer, refused_url

KEY = "sk-test-THISISNOTAREALKEY-1234567890"


def narrator(url, tmp_path, notices, **kw):
    """A narrator of ``url`` without retries, on ``clock`` (by default a clock of its own)."""
    kw.setdefault("timeout", 1.0)
    kw.setdefault("clock", FakeClock())
    return LLMNarrator(TemplateNarrator(seed=1), base_url=url, api_key=KEY, model="fake", notice=notices.append,
                       max_retries=0, log_path=tmp_path / "llm.jsonl", **kw)


def beats():
    return opening_beats(Game(quick_cast(1), seed=1))


def expected_templates():
    t = TemplateNarrator(seed=1)
    return [t.tell(b) for b in beats()]


def test_a_good_stream_is_narrated_and_counted(tmp_path):
    notices = []
    with FakeServer("ok") as srv:
        n = narrator(srv.url, tmp_path, notices)
        text = narrate_text(n, beats()[0])
    assert text == "The door creaks open. What do you do?"
    assert notices == []
    assert n.usage["prompt_tokens"] == 50 and n.usage["completion_tokens"] == 12
    body = json.loads(srv.requests[0]["body"])
    assert body["stream"] is True and body["messages"][0]["role"] == "system"


def test_a_reply_is_shown_whole_once_read(tmp_path):
    """Nothing a model writes reaches the screen before the director has read it: the pieces
    are held, and the reply comes whole."""
    with FakeServer("ok", pieces=["One ", "two ", "three ", "four."]) as srv:
        chunks = list(narrator(srv.url, tmp_path, []).narrate(beats()[0]))
    assert chunks == ["One two three four."]


@pytest.mark.parametrize("mode", ["429", "500", "401", "garbage", "empty", "stall"])
def test_failures_fall_back_to_the_templates_with_one_notice(mode, tmp_path):
    """Each failure is a template beat, with one notice for the night (a second notice, a
    failure shown, or a stall waited out past the 0.5 s first-text deadline, is caught: the
    stalled beats end at exactly 0.5 s each, the others at once)."""
    notices = []
    clock = FakeClock()
    with FakeServer(mode, stall=3.0, clock=clock) as srv:
        n = narrator(srv.url, tmp_path, notices, timeout=0.5, clock=clock)
        texts = [narrate_text(n, b) for b in beats()]
    assert texts == expected_templates()
    assert len(notices) == 1 and "templates" in notices[0]
    assert n.usage["fallbacks"] == 2
    assert clock.now() == (2 * 0.5 if mode == "stall" else 0.0)


def test_connection_refused_falls_back(tmp_path):
    notices = []
    n = narrator(refused_url(), tmp_path, notices)
    assert [narrate_text(n, b) for b in beats()] == expected_templates()
    assert len(notices) == 1


def test_a_stream_cut_midway_shows_nothing_of_it_and_is_replaced(tmp_path):
    notices = []
    with FakeServer("cut") as srv:
        n = narrator(srv.url, tmp_path, notices)
        chunks = list(n.narrate(beats()[0]))
    assert chunks == expected_templates()[:1]
    assert narrate_text(iter_narrator(chunks), beats()[0]) == expected_templates()[0]
    assert len(notices) == 1


class iter_narrator:
    def __init__(self, chunks):
        self.chunks = chunks

    def narrate(self, beat):
        return iter(self.chunks)


def test_no_key_at_all_falls_back(tmp_path, monkeypatch):
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    notices = []
    n = LLMNarrator(TemplateNarrator(seed=1), model="fake", notice=notices.append, log_path=tmp_path / "l.jsonl")
    assert narrate_text(n, beats()[0]) == expected_templates()[0]
    assert "API key" in notices[0]


def test_control_sequences_from_the_model_are_stripped(tmp_path):
    evil = ["\x1b[2J\x1b[H", "Hello ", "\x1b]52;c;ZXZpbA==\x07there", "\x9b31m friend\x07."]
    with FakeServer("ok", pieces=evil) as srv:
        text = narrate_text(narrator(srv.url, tmp_path, []), beats()[0])
    assert "\x1b" not in text and "\x07" not in text and "\x9b" not in text
    assert text == "Hello there friend."


def test_length_is_capped(tmp_path):
    with FakeServer("ok", pieces=["word " * 40] * 20) as srv:
        text = narrate_text(narrator(srv.url, tmp_path, [], max_chars=300), beats()[0])
    assert len(text) <= 300


def test_the_key_is_never_logged(tmp_path):
    with FakeServer("500") as srv:
        narrate_text(narrator(srv.url, tmp_path, []), beats()[0])
    with FakeServer("ok") as srv:
        narrate_text(narrator(srv.url, tmp_path, []), beats()[0])
        assert {k.lower(): v for k, v in srv.requests[0]["headers"].items()}["authorization"].endswith(KEY)  # sent, as it must be
    log = (tmp_path / "llm.jsonl").read_text()
    assert KEY not in log and "THISISNOTAREALKEY" not in log
    records = [json.loads(line) for line in log.splitlines()]
    assert records[0]["error"].startswith("HTTP 500") and records[1]["text"]


def test_pulling_the_plug_mid_game_changes_only_the_prose(tmp_path, monkeypatch):
    """A whole night narrated by the LLM; the server dies halfway; the game is the same game."""
    from solo.play.night import Night
    from solo.nott.rules import ASHCAN
    from solo.sim.policies import get_policy, next_actions
    import random

    monkeypatch.setenv("SOLO_HOME", str(tmp_path / "home"))
    notices = []
    srv = FakeServer("ok").__enter__()
    n = narrator(srv.url, tmp_path, notices, timeout=0.5)
    night = Night(quick_cast(4), ASHCAN, 4, narrator=n, transcript_path=tmp_path / "t.md")
    night.start()
    rng = random.Random(4)
    policy = get_policy("careful")
    steps = 0
    while night.game.outcome() is None:
        night.act(next_actions(night.game, policy, rng))
        steps += 1
        if steps == 40:
            srv.__exit__(None, None, None)  # the plug
    reference = Game(quick_cast(4), seed=4)
    rng = random.Random(4)
    while reference.outcome() is None:
        for a in next_actions(reference, policy, rng):
            reference.push(a)
    assert night.game.outcome() == reference.outcome()
    failures = [t for t in notices if "the templates tell this beat" not in t and "set aside" not in t
                and "the templates tell the rest" not in t]
    assert "unavailable" in failures[0] and all("narrator retry" in t for t in failures[1:])  # then paused
    text = (tmp_path / "t.md").read_text()
    assert "The door creaks open." in text and "## Epilogue" in text


def test_a_failing_server_is_paused_until_the_player_asks_again(tmp_path):
    """After FAILURES_BEFORE_PAUSE failed beats the model is not asked again (a narrator that
    keeps asking, or resumes by itself, is caught) until ``retry()``, which brings its text
    back (a retry that does not is caught). Its clock stands still, so the last answer can
    never come too late."""
    notices = []
    with FakeServer("500") as srv:
        n = narrator(srv.url, tmp_path, notices)
        b = beats()[0]
        for _ in range(LLMNarrator.FAILURES_BEFORE_PAUSE + 20):
            assert narrate_text(n, b) != "The door creaks open. What do you do?"
        assert len(srv.requests) == LLMNarrator.FAILURES_BEFORE_PAUSE  # then it stopped asking
        assert n.paused and "narrator retry" in notices[-1]
        srv.set_mode("ok")
        assert narrate_text(n, b) != "The door creaks open. What do you do?"  # still paused, by itself
        assert len(srv.requests) == LLMNarrator.FAILURES_BEFORE_PAUSE
        n.retry()
        assert narrate_text(n, b) == "The door creaks open. What do you do?"
    assert len(notices) == 2  # unavailable, then paused


def test_replies_the_guard_refuses_do_not_pause_the_model(tmp_path):
    """A small model's loose prose is refused beat after beat; the server is answering, so the
    model is asked again at every beat (each refused beat told by the templates), never paused."""
    from solo.director.continuity import Contradiction

    notices = []
    with FakeServer("ok") as srv:
        n = narrator(srv.url, tmp_path, notices)
        b = beats()[0]
        told = TemplateNarrator(seed=1)
        for k in range(LLMNarrator.FAILURES_BEFORE_PAUSE + 3):
            n.guard = lambda text, **_: [Contradiction("fourth-wall", text, "it speaks of 'the game'")]
            assert narrate_text(n, b) == told.tell(b)
        assert len(srv.requests) == LLMNarrator.FAILURES_BEFORE_PAUSE + 3 and not n.paused
        assert n.usage["fallbacks"] == LLMNarrator.FAILURES_BEFORE_PAUSE + 3
