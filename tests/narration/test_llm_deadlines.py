"""A model server can never hold play (issue 25, item 4): every stage of a request has a
deadline, set under ``[llm]`` in config.toml — connecting, the first text, a minimum rate,
the longest silence, the whole request — and a Retry-After is obeyed only within what is left.
Each fault ends the beat, which the templates then tell. The server and the narrator keep time
on one :class:`~.fakeclock.FakeClock` (it starts at 0, stands still while they work, and jumps
to the next moment due when both wait), so each test says the moment its beat ended."""

from __future__ import annotations

import json

import pytest

from solo.director.judge_llm import LLMJudge
from solo.director.tropes import SLASHER
from solo.narration.base import Retraction, narrate_text
from solo.narration.llm import LLMNarrator
from solo.narration.templates import TemplateNarrator

from .fakeclock import FakeClock
from .fakeserver import FakeServer
from .test_llm_faults import KEY, beats, expected_templates

#: Small deadlines, in seconds (rates in tokens a second).
FAST = {"connect_timeout": 0.5, "first_text_timeout": 0.5, "min_rate": 2, "rate_window": 1.0, "stall": 5.0,
        "request_timeout": 2.0}


def toml(value):
    return json.dumps(value) if not isinstance(value, bool) else str(value).lower()


@pytest.fixture
def config(tmp_path, monkeypatch):
    """``config(**values)`` writes them as the ``[llm]`` table of the config.toml solo reads."""
    path = tmp_path / "config.toml"
    monkeypatch.setenv("SOLO_CONFIG", str(path))
    for name in ("SOLO_MODEL", "OPENAI_BASE_URL", "SOLO_LLM_MERGE", "SOLO_MAX_TOKENS_PER_TEST"):
        monkeypatch.delenv(name, raising=False)

    def write(**values):
        path.write_text("[llm]\n" + "".join(f"{k} = {toml(v)}\n" for k, v in values.items()), encoding="utf-8")

    return write


def narrator(url, tmp_path, notices, **kw):
    """A narrator with the deadlines of config.toml and the default retries."""
    return LLMNarrator(TemplateNarrator(seed=1), base_url=url, api_key=KEY, model="fake", notice=notices.append,
                       log_path=tmp_path / "llm.jsonl", **kw)


def told(srv, tmp_path, notices):
    """The chunks of the first beat, told by a narrator of ``srv`` on the server's clock."""
    return list(narrator(srv.url, tmp_path, notices, clock=srv.clock).narrate(beats()[0]))


def logged(tmp_path):
    return [json.loads(line) for line in (tmp_path / "llm.jsonl").read_text(encoding="utf-8").splitlines()]


# ---------------------------------------------------------------------- each stage is bounded


@pytest.mark.parametrize("mode,why", [
    ("stall", "no headers at all"),
    ("silent", "headers, then nothing"),
    ("keepalive", "chunks that carry no text"),
], ids=["no-headers", "headers-then-nothing", "empty-chunks"])
def test_no_text_ends_the_beat_at_the_first_text_deadline(mode, why, config, tmp_path):
    """The beat ends at t=0.5, the first-text deadline, though the server would go on for 30 s
    (a narrator that waits for headers, or counts a chunk with no text as text, is caught:
    it ends later, for another reason, or not at all)."""
    config(**FAST)
    notices = []
    with FakeServer(mode, stall=30.0, every=0.05, clock=FakeClock()) as srv:
        chunks = told(srv, tmp_path, notices)
        asked = len(srv.requests)
    assert srv.clock.now() == 0.5, why
    assert chunks[-1] == expected_templates()[0] and not any(isinstance(c, Retraction) for c in chunks)
    assert asked == 1  # no retry once the deadline has passed
    assert len(notices) == 1 and "no text within 0.5 s" in notices[0]
    assert logged(tmp_path)[-1]["error"] == "no text within 0.5 s"


def test_a_trickle_below_the_minimum_rate_is_given_up(config, tmp_path):
    """One chunk of two characters every half second is 1 token a second (characters / 4):
    under the 2 a second asked for, though never silent for the 5 s of ``stall``. The beat ends
    at t=1, when the first 1 s window is full (a narrator without the rate check waits for the
    5 s cap instead, and says so)."""
    config(**FAST | {"request_timeout": 5.0})
    notices = []
    with FakeServer("trickle", piece="a ", every=0.5, stall=30.0, clock=FakeClock()) as srv:
        chunks = told(srv, tmp_path, notices)
    assert srv.clock.now() == 1.0
    assert chunks == [expected_templates()[0]]  # what it trickled was held, never shown
    assert len(notices) == 1 and "under 2 tokens/s for 1 s" in notices[0]


def test_a_stream_fast_enough_but_endless_ends_at_the_request_cap(config, tmp_path):
    """Twenty-five tokens a second passes the rate; the whole request still has its cap, and
    ends at t=1.5 (a narrator without the cap reads the 30 s stream to its end and tells it)."""
    config(**FAST | {"request_timeout": 1.5, "min_rate": 1})
    notices = []
    with FakeServer("trickle", piece="word ", every=0.05, stall=30.0, clock=FakeClock()) as srv:
        chunks = told(srv, tmp_path, notices)
    assert srv.clock.now() == 1.5
    assert chunks == [expected_templates()[0]]
    assert len(notices) == 1 and "over 1.5 s" in notices[0]


def test_a_retry_after_longer_than_what_is_left_is_not_waited_for(config, tmp_path):
    """``429 Retry-After: 60`` with the default retry: the beat falls back at once, at t=0
    (a narrator that waits for it ends at the 3 s first-text deadline instead, saying so)."""
    config(**FAST | {"first_text_timeout": 3.0, "request_timeout": 5.0})
    notices = []
    with FakeServer("429", retry_after="60", clock=FakeClock()) as srv:
        chunks = told(srv, tmp_path, notices)
        asked = len(srv.requests)
    assert srv.clock.now() == 0.0
    assert chunks == [expected_templates()[0]] and asked == 1
    assert len(notices) == 1 and "HTTP 429" in notices[0] and "60 s" in notices[0]


def test_a_retry_after_within_what_is_left_is_obeyed(config, tmp_path):
    """``429 Retry-After: 0.3``, then an answer: asked again at exactly t=0.3 (a narrator that
    does not retry, retries at once, or sleeps its own backoff instead is caught)."""
    config(**FAST | {"first_text_timeout": 5.0, "request_timeout": 8.0})
    notices = []
    with FakeServer("ok", script=["429"], retry_after="0.3", clock=FakeClock()) as srv:
        chunks = told(srv, tmp_path, notices)
        asked = [r["at"] for r in srv.requests]
    assert "".join(chunks) == "The door creaks open. What do you do?" and notices == []
    assert asked == [0.0, 0.3]


def test_a_slow_prompt_and_a_slow_steady_stream_are_waited_for(config, tmp_path):
    """Headers only with the first token (as llama-cpp-python's server sends them) after 1 s,
    longer than ``connect_timeout``, then about 12 tokens a second: narrated by the model (a
    narrator that bounds the wait for headers by ``connect_timeout``, or checks the rate before
    the first text, is caught)."""
    config(**FAST | {"first_text_timeout": 4.0, "request_timeout": 8.0, "rate_window": 0.5})
    notices = []
    pieces = ["The ", "door ", "creaks ", "open, ", "slowly. ", "What ", "do ", "you ", "do?"]
    with FakeServer("slowstart", pieces=pieces, delay=1.0, every=0.1, clock=FakeClock()) as srv:
        chunks = told(srv, tmp_path, notices)
    assert "".join(chunks) == "".join(pieces) and notices == []
    assert srv.clock.now() == pytest.approx(1.9)  # the headers at 1 s, then 9 pieces 0.1 s apart


def test_a_whole_autoplay_night_against_a_trickling_server_ends(config, tmp_path, monkeypatch):
    """Every beat trickles; each ends at its rate deadline, 1 s after it asked, the model pauses
    after a few, and the templates tell the rest of the night: 3 s of the clock in all (a
    narrator without the rate check waits for each request's 5 s cap; one that never pauses
    asks at every beat)."""
    from solo.nott.rules import ASHCAN
    from solo.sim.autoplay import autoplay

    config(**FAST | {"request_timeout": 5.0})
    monkeypatch.setenv("SOLO_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    notices = []
    clock = FakeClock()
    monkeypatch.setattr(LLMNarrator, "clock", clock)  # the night makes its own narrator
    with FakeServer("trickle", piece="a ", every=0.5, stall=600.0, clock=clock) as srv:
        monkeypatch.setenv("OPENAI_BASE_URL", srv.url)
        night = autoplay(4, ASHCAN, out=tmp_path / "night.md", narrator_kind="llm", model="fake",
                         notice=notices.append)
        asked = [r["at"] for r in srv.requests]
    assert night.game.outcome() is not None and "## Epilogue" in (tmp_path / "night.md").read_text()
    assert asked == [0.0, 1.0, 2.0] and clock.now() == 3.0
    assert len(asked) == LLMNarrator.FAILURES_BEFORE_PAUSE and night.narrator.paused
    assert "under 2 tokens/s" in notices[0] and "narrator retry" in notices[-1]


# ---------------------------------------------------------------------- the trope judge


def test_the_trope_judge_has_the_same_deadlines(config, tmp_path):
    """The judge reads config.toml's deadlines: a server that sends nothing costs it 0.5 s of
    the clock (a judge with a deadline of its own, as the 10 s it had before, is caught)."""
    config(**FAST)
    notices = []
    with FakeServer("stall", stall=30.0, clock=FakeClock()) as srv:
        judge = LLMJudge(base_url=srv.url, api_key=KEY, model="fake", notice=notices.append,
                         log_path=tmp_path / "llm.jsonl", clock=srv.clock)
        verdict = judge.judge("Let's split up", "Ann", SLASHER)
    assert verdict is None and srv.clock.now() == 0.5
    assert (judge.timeout, judge.deadline) == (0.5, 0.5)
    assert len(notices) == 1 and "no Genre Point, play goes on" in notices[0]


def test_the_trope_judge_does_not_wait_out_a_long_retry_after(config, tmp_path):
    """``429 Retry-After: 60``: no verdict, at once, and asked once (a judge whose client
    retries, sleeping out the Retry-After, is caught)."""
    config(**FAST | {"first_text_timeout": 3.0})
    with FakeServer("429", retry_after="60", clock=FakeClock()) as srv:
        judge = LLMJudge(base_url=srv.url, api_key=KEY, model="fake", log_path=tmp_path / "llm.jsonl",
                         clock=srv.clock)
        assert judge.judge("Let's split up", "Ann", SLASHER) is None
        asked = len(srv.requests)
    assert srv.clock.now() == 0.0 and asked == 1


# ---------------------------------------------------------------------- the settings


def test_the_deadlines_come_from_config_toml_and_arguments_win(config, tmp_path):
    config(connect_timeout=3, first_text_timeout=20, min_rate=1.5, rate_window=6, stall=7, request_timeout=90)
    n = narrator("http://127.0.0.1:9/v1", tmp_path, [])
    d = n.deadlines
    assert (d.connect, d.first_text, d.min_rate, d.rate_window, d.stall, d.request) == (3, 20, 1.5, 6, 7, 90)
    n = narrator("http://127.0.0.1:9/v1", tmp_path, [], first_text_timeout=2, request_timeout=4, stall=1)
    assert (n.deadlines.first_text, n.deadlines.request, n.deadlines.stall, n.deadlines.connect) == (2, 4, 1, 3)


def test_the_old_timeout_key_is_the_first_text_deadline(config, tmp_path):
    config(timeout=25, stall=3)
    n = narrator("http://127.0.0.1:9/v1", tmp_path, [])
    assert (n.deadlines.first_text, n.deadlines.stall) == (25, 3) and (n.timeout, n.stall) == (25, 3)
    config(timeout=25, first_text_timeout=40)
    assert narrator("http://127.0.0.1:9/v1", tmp_path, []).deadlines.first_text == 40


def test_the_defaults_suit_a_laptop_model_and_a_fast_server(config, tmp_path):
    config()
    d = narrator("http://127.0.0.1:9/v1", tmp_path, []).deadlines
    assert (d.connect, d.first_text, d.min_rate, d.rate_window, d.stall, d.request) == (15, 60, 2, 10, 10, 120)


@pytest.mark.parametrize("key,value", [
    ("first_text_timeout", "soon"), ("timeout", "soon"), ("connect_timeout", 0), ("request_timeout", True),
    ("min_rate", -1), ("rate_window", float("nan")), ("stall", 1e12), ("request_timeout", [1, 2]),
], ids=["text", "old-key-text", "zero", "bool", "negative", "nan", "huge", "list"])
def test_a_bad_value_is_one_notice_and_the_default(key, value, config, tmp_path):
    if value != value:  # nan: TOML writes it bare
        (tmp_path / "config.toml").write_text(f"[llm]\n{key} = nan\n", encoding="utf-8")
    else:
        config(**{key: value})
    notices = []
    n = narrator("http://127.0.0.1:9/v1", tmp_path, notices)
    default = {"first_text_timeout": 60, "timeout": 60, "connect_timeout": 15, "request_timeout": 120,
               "min_rate": 2, "rate_window": 10, "stall": 10}[key]
    field = {"first_text_timeout": "first_text", "timeout": "first_text", "connect_timeout": "connect",
             "request_timeout": "request", "min_rate": "min_rate", "rate_window": "rate_window", "stall": "stall"}
    assert getattr(n.deadlines, field[key]) == default
    assert len(notices) == 1 and "\n" not in notices[0]
    assert notices[0].startswith(f"config.toml: [llm] {key} = ") and f"using {default}" in notices[0]


def test_zero_turns_the_rate_and_silence_checks_off(config, tmp_path):
    """A piece every 0.4 s for 1.5 s, at half a token a second: told whole with ``min_rate``
    and ``stall`` at 0 (a narrator that reads 0 as "at once" ends it at the first piece)."""
    config(**FAST | {"min_rate": 0, "stall": 0, "request_timeout": 6.0})
    notices = []
    with FakeServer("trickle", piece="a ", every=0.4, stall=1.5, clock=FakeClock()) as srv:
        chunks = told(srv, tmp_path, notices)
    assert notices == [] and "".join(chunks) == "a a a a"
    assert srv.clock.now() == pytest.approx(1.6)


# ---------------------------------------------------------------------- the clock, by the numbers


def test_the_clock_waits_for_the_first_text_then_asks_for_the_rate_and_ends_at_the_cap():
    from solo.narration.deadlines import Clock, Deadlines

    c = Clock(Deadlines(first_text=5, min_rate=2, rate_window=1, stall=3, request=20), start=100.0)
    assert c.due(100.0) == 105.0 and c.expired(104.99) is None and c.expired(105.0) == "no text within 5 s"
    c.text(101.0, 0)  # a chunk with no text is no text
    assert c.first is None and c.due(101.0) == 105.0
    for at in (101.0, 101.5, 101.9):  # 4 characters each: 12 in the first second, 8 needed (2 × 4 × 1)
        c.text(at, 4)
    assert c.first == 101.0 and c.expired(101.99) is None
    # at 102.0 the first piece leaves the window and 8 remain; at 102.5 the second leaves: 4
    assert c.due(101.95) == 102.5 and c.expired(102.49) is None
    assert c.expired(102.5) == "the model sent under 2 tokens/s for 1 s"
    c.text(102.6, 40)
    assert c.due(102.6) == 103.6 and c.expired(103.59) is None
    assert c.expired(105.6) == "the model stopped sending for 3 s"  # 3 s after the last piece
    steady = Clock(Deadlines(first_text=5, min_rate=2, rate_window=1, stall=3, request=20), start=100.0)
    for k in range(180):
        steady.text(101.0 + k * 0.1, 4)  # 10 pieces a second: 10 tokens a second
        assert steady.expired(101.0 + k * 0.1) is None
    assert steady.expired(120.0) == "the reply took over 20 s"


def test_a_request_cap_shorter_than_the_first_text_deadline_bounds_it():
    from solo.narration.deadlines import Clock, Deadlines

    c = Clock(Deadlines(first_text=60, request=2), start=0.0)
    assert c.due(0.0) == 2.0 and c.expired(2.0) == "no text within 2 s"


def test_zero_turns_a_check_off_on_the_clock():
    from solo.narration.deadlines import Clock, Deadlines

    c = Clock(Deadlines(first_text=5, min_rate=0, stall=0, request=50), start=0.0)
    c.text(1.0, 1)
    assert c.due(1.0) == 50.0 and c.expired(49.9) is None and c.expired(50.0) == "the reply took over 50 s"


def test_the_readme_lists_every_deadline_with_its_default():
    import re
    from pathlib import Path

    from solo.narration.deadlines import KEYS, Deadlines

    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    rows = dict(re.findall(r"^\| `(\w+)` +\| (\d+(?:\.\d+)?)(?: s)? +\|", readme, re.M))
    assert set(rows) == set(KEYS)
    assert {key: float(rows[key]) for key in KEYS} == {key: getattr(Deadlines(), field) for key, (field, _) in KEYS.items()}


# ---------------------------------------------------------------------- what a stalled server costs in all


@pytest.mark.parametrize("mode", ["stall", "silent", "keepalive"],
                         ids=["no-headers", "headers-then-silence", "empty-chunks"])
def test_a_server_that_stalls_costs_about_a_minute_once_at_the_default_deadlines(mode, config, tmp_path):
    """With the defaults, a server that never says a word ends the first beat at the 60 s
    first-text deadline, and narration pauses then, saying how to resume: eight beats cost
    60 s in all and one request (a narrator that waits out three such beats costs 180 s and
    three requests)."""
    config()
    notices: list[str] = []
    with FakeServer(mode, stall=10_000.0, every=5.0, clock=FakeClock()) as srv:
        n = narrator(srv.url, tmp_path, notices, clock=srv.clock)
        told = [narrate_text(n, b) for b in beats()[:1] * 8]
        asked = len(srv.requests)
    assert srv.clock.now() == 60.0 and asked == 1
    assert n.paused and all(told)
    assert "narrator retry" in notices[-1] and "60 s of waiting" in notices[-1]


def test_beats_that_fail_fast_still_pause_after_three_and_a_good_beat_forgives_the_wait(config, tmp_path):
    """Failures that cost little pause after three; a good beat between two slow failures
    starts the minute afresh (30 s, a good beat, 30 s: no pause)."""
    config(first_text_timeout=30)
    notices: list[str] = []
    with FakeServer("ok", script=["silent", "ok", "silent"], stall=10_000.0, clock=FakeClock()) as srv:
        n = narrator(srv.url, tmp_path, notices, clock=srv.clock)
        for _ in range(3):
            narrate_text(n, beats()[0])
        assert srv.clock.now() == 60.0 and not n.paused
        srv.set_mode("500")
        for _ in range(3):
            narrate_text(n, beats()[0])
    assert n.paused and "3 failed beats in a row" in notices[-1]
