"""The model's trope judge: a validated verdict from a local OpenAI-compatible server, asked
once per line; against the fault server nothing blocks play and nothing awards a point; and
replayed from a cassette recorded against a real small model (SmolLM2-135M on
llama-cpp-python's server: SOLO_RECORD=1 re-records it)."""

from __future__ import annotations

import json
import os
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
import vcr

from solo.director.awards import Director
from solo.director.judge_llm import LLMJudge, parse_verdict
from solo.director.tropes import SLASHER, catalogue

from .fakeclock import FakeClock
from .fakeserver import FakeServer, refused_url

KEY = "sk-test-THISISNOTAREALKEY-1234567890"


class _Verdicts(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("content-length", 0))).decode()
        self.server.requests.append(json.loads(body))
        content = self.server.reply
        payload = json.dumps({"id": "j1", "object": "chat.completion", "created": 0, "model": "fake",
                              "choices": [{"index": 0, "finish_reason": "stop",
                                           "message": {"role": "assistant", "content": content}}],
                              "usage": {"prompt_tokens": 9, "completion_tokens": 9, "total_tokens": 18}}).encode()
        self.send_response(200)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)


class VerdictServer:
    """Answers every chat completion with ``reply`` as the message content."""

    def __init__(self, reply):
        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), _Verdicts)
        self.httpd.reply = reply
        self.httpd.requests = []
        self.httpd.daemon_threads = True

    @property
    def url(self):
        return f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"

    @property
    def requests(self):
        return self.httpd.requests

    def __enter__(self):
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()
        return self

    def __exit__(self, *exc):
        self.httpd.shutdown()
        self.httpd.server_close()


def judge(url, tmp_path, notices, **kw):
    """A judge of ``url`` on ``clock`` (by default a clock of its own, which stands still while
    the server answers: a slow machine never turns a verdict into a timeout)."""
    kw.setdefault("timeout", 1.0)
    kw.setdefault("deadline", 2.0)
    kw.setdefault("clock", FakeClock())
    return LLMJudge(base_url=url, api_key=KEY, model="fake", notice=notices.append, log_path=tmp_path / "llm.jsonl",
                    **kw)


def test_a_good_verdict_is_validated_and_asked_once(tmp_path):
    notices = []
    reply = json.dumps({"trope": "Reading the forbidden thing aloud", "reason": "She reads the legend out."})
    with VerdictServer(reply) as srv:
        j = judge(srv.url, tmp_path, notices)
        v = j.judge("I read the old legend aloud", "Jesse", SLASHER)
        again = j.judge("I read   the old legend aloud", "Jesse", SLASHER)  # the same line: from the cache
    assert v is not None and v.trope == "reading the forbidden thing aloud" and v.judge == "model"
    assert v.reason == "She reads the legend out"
    assert again == v and len(srv.requests) == 1 and notices == []
    body = srv.requests[0]
    assert body["response_format"] == {"type": "json_object"} and body["temperature"] == 0.0
    system, user = body["messages"][0]["content"], body["messages"][1]["content"]
    assert all(t.name in system for t in SLASHER) and "I read the old legend aloud" in user
    log = (tmp_path / "llm.jsonl").read_text(encoding="utf-8")
    assert KEY not in log and '"beat": "trope-judge"' in log


def test_none_is_a_verdict_too_and_is_not_asked_again(tmp_path):
    with VerdictServer('{"trope": "none", "reason": "just walking"}') as srv:
        j = judge(srv.url, tmp_path, [])
        assert j.judge("I walk to the car", "Ann", SLASHER) is None
        assert j.judge("I walk to the car", "Ann", SLASHER) is None
    assert len(srv.requests) == 1 and j.failures == 0


@pytest.mark.parametrize("reply,error", [
    ("", "no text"), ("Sure! The trope is splitting up.", "not a JSON object"), ("[1, 2]", "not a JSON object"),
    ('{"trope": "summoning a demon", "reason": "x"}', "names no trope from the list"),
    ('{"trope": 7}', "malformed verdict"), ('{"trope": "splitting up", "reason": "' + "x" * 500 + '"}', "malformed"),
    ('{"trope": "splitting up"', "not a JSON object"), ("{" * 5000 + "}" * 5000, "not"),
])
def test_a_malformed_verdict_is_no_award(reply, error):
    v, err = parse_verdict(reply, SLASHER)
    assert v is None and error in err


def test_the_reason_is_cleaned_of_control_sequences_and_kept_to_one_short_line():
    v, err = parse_verdict('```json\n{"trope": "splitting up", "reason": "\\u001b[31mred\\u001b[0m\\nand \\u00a6 more"}\n```',
                           SLASHER)
    assert err is None and v.reason == "red and | more"


@pytest.mark.parametrize("mode", ["ok", "429", "500", "401", "garbage", "empty", "stall", "midstall", "cut",
                                  "trickle"])
def test_no_fault_blocks_play_or_awards_a_point(mode, tmp_path):
    """The fault server streams or fails; the judge wants one JSON reply: every mode is no
    award, with one notice. A server that holds its answer for 4 s costs the judge exactly its
    1.5 s deadline on the clock, any other fault nothing; one that trickles bytes every 0.5 s,
    so that no read ever times out, is cut off by that deadline too (a judge that waits past
    its deadline is caught)."""
    notices = []
    with FakeServer(mode, stall=4.0, every=0.5, clock=FakeClock()) as srv:
        j = judge(srv.url, tmp_path, notices, timeout=1.0, deadline=1.5, clock=srv.clock)
        v = j.judge("Let's split up", "Ann", SLASHER)
    assert v is None and srv.clock.now() == (1.5 if mode in ("stall", "midstall", "trickle") else 0.0)
    assert len(notices) == 1 and "no Genre Point, play goes on" in notices[0] and KEY not in notices[0]


def test_a_refused_connection_and_a_missing_key_are_no_award(tmp_path, monkeypatch):
    notices = []
    assert judge(refused_url(), tmp_path, notices).judge("Let's split up", "Ann", SLASHER) is None
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    j = LLMJudge(base_url=refused_url(), notice=notices.append, log_path=tmp_path / "l.jsonl")
    assert j.judge("Let's split up", "Ann", SLASHER) is None
    assert any("no API key" in n for n in notices)


def test_repeated_failures_pause_the_judge_until_retry(tmp_path):
    notices = []
    with FakeServer("500") as srv:
        j = judge(srv.url, tmp_path, notices)
        for line in ("Let's split up", "I hide in the closet", "I run upstairs", "I'll be right back"):
            assert j.judge(line, "Ann", SLASHER) is None
        assert j.paused and len(srv.requests) == 3
        assert "director retry" in notices[-1]
        j.retry()
        j.judge("I'll be right back", "Ann", SLASHER)
        assert len(srv.requests) == 4


def test_the_repl_awards_from_the_models_verdict_and_resumes_without_it(tmp_path, monkeypatch):
    monkeypatch.setenv("SOLO_HOME", str(tmp_path / "home"))
    from tests.repl.conftest import make_shell

    reply = json.dumps({"trope": "splitting up", "reason": "Ann wants to split the group."})
    with VerdictServer(reply) as srv:
        monkeypatch.setenv("OPENAI_BASE_URL", srv.url)
        monkeypatch.setenv("OPENAI_API_KEY", KEY)
        sh = make_shell(seed=6)
        sh.run_line("quick")
        sh._director = Director(judge=judge(srv.url, tmp_path, []))
        name = sh.night.names[0]
        assert sh.run_line(f"{name}: We should go different ways")
        assert sh.night.game.pool == 12
        assert sh.night.steps[-1].note.endswith("(Judged by the model: Ann wants to split the group.)")
        asked = len(srv.requests)
        sh2 = make_shell()
        sh2._director = Director(judge=judge(srv.url, tmp_path, []))
        assert sh2.run_line(f'load "{sh.night.save_path}"')
        assert sh2.night.game.pool == 12 and sh2.night.game.genre[0] == 1
        assert len(srv.requests) == asked  # replay and resume never ask the model


# ---------------------------------------------------------------------- a real model, recorded

RECORD = os.environ.get("SOLO_RECORD") == "1"
CASSETTES = Path(__file__).resolve().parents[1] / "cassettes"
RECORD_PORT = 8765
DUMMY = "sk-test-recording-key-not-secret-000000"
recorder = vcr.VCR(cassette_library_dir=str(CASSETTES), record_mode="all" if RECORD else "none",
                   filter_headers=["authorization"], match_on=["method", "scheme", "host", "port", "path", "body"],
                   decode_compressed_response=True)
REAL_LINES = ["I read the old legend aloud by the fire", "Let's split up, you take the boathouse",
              "I pull the fuse and pray", "I'll be right back"]


@pytest.mark.skipif(not RECORD and not (CASSETTES / "smollm2-trope-judge.yaml").exists(),
                    reason="no recorded cassette")
def test_a_real_small_model_judges_without_breaking_play(tmp_path):
    """SmolLM2-135M writes what it writes: assert that every answer is a valid verdict or no
    award, each line is asked once, and the cassette holds no key."""
    notices = []
    tropes = catalogue(None)
    with recorder.use_cassette("smollm2-trope-judge.yaml"):
        j = LLMJudge(base_url=f"http://127.0.0.1:{RECORD_PORT}/v1", api_key=DUMMY, model="smollm2",
                     timeout=60, deadline=90, notice=notices.append, log_path=tmp_path / "llm.jsonl")
        verdicts = [j.judge(line, "Jesse", tropes) for line in REAL_LINES]
        asked = j.asked
        for line in REAL_LINES:
            j.judge(line, "Jesse", tropes)
    assert 1 <= asked <= len(REAL_LINES) and j.asked == asked, "each line is asked at most once"
    if j.paused:  # three failed verdicts in a row: the rest were not asked, and said so
        assert asked == LLMJudge.FAILURES_BEFORE_PAUSE and "director retry" in notices[-1]
    for v in verdicts:
        assert v is None or (v.trope in {t.name for t in tropes} and v.judge == "model" and "\x1b" not in v.reason)
    log = [json.loads(x) for x in (tmp_path / "llm.jsonl").read_text(encoding="utf-8").splitlines()]
    assert len(log) == asked and all(r["error"] is None or isinstance(r["error"], str) for r in log)
    # what the small model invents (a trope not on the list) is refused, never awarded
    assert all(v is None for v, r in zip(verdicts, log) if r["error"])
    assert any(r["text"] for r in log), "the model answered"
    cassette = (CASSETTES / "smollm2-trope-judge.yaml").read_text(encoding="utf-8")
    assert DUMMY not in cassette
