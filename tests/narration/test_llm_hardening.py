"""The LLM narrator under a stalling server and a URL with credentials (issue 15, items 11–12)."""

import os
import stat

import pytest

from solo.narration.base import narrate_text
from solo.narration.llm import LLMNarrator, describe_error, redact_url

from .fakeclock import FakeClock
from .fakeserver import FakeServer
from .test_llm_faults import KEY, beats, expected_templates, narrator


def test_a_stream_that_stalls_after_its_first_chunk_is_given_up_at_the_stall_deadline(tmp_path):
    """One chunk at t=0, then silence: the beat ends at t=0.5, the 0.5 s stall deadline (a
    narrator that ignores ``stall`` ends it later, at the rate check 10 s on, and says so; one
    that shows the chunk that came is caught too)."""
    notices = []
    clock = FakeClock()
    with FakeServer("midstall", stall=20.0, clock=clock) as srv:
        n = narrator(srv.url, tmp_path, notices, timeout=10.0, stall=0.5, clock=clock)
        chunks = list(n.narrate(beats()[0]))
    assert clock.now() == 0.5
    assert chunks == [expected_templates()[0]]  # "The lights flicker " was held, never shown
    assert len(notices) == 1 and "stopped sending for 0.5 s" in notices[0]


def test_stalled_beats_cost_their_stall_time_each_and_the_model_then_pauses(tmp_path):
    """Three stalled beats cost 0.5 s of the clock each, then the model is paused and the rest
    of the beats ask nothing (a narrator that waits out the server, or never pauses, is
    caught)."""
    notices = []
    clock = FakeClock()
    with FakeServer("midstall", stall=20.0, clock=clock) as srv:
        n = narrator(srv.url, tmp_path, notices, timeout=10.0, stall=0.5, clock=clock)
        texts = [narrate_text(n, beats()[0]) for _ in range(LLMNarrator.FAILURES_BEFORE_PAUSE + 5)]
        assert len(srv.requests) == LLMNarrator.FAILURES_BEFORE_PAUSE
        assert [r["at"] for r in srv.requests] == [0.0, 0.5, 1.0]
    assert clock.now() == LLMNarrator.FAILURES_BEFORE_PAUSE * 0.5
    assert not any("flicker" in t for t in texts) and all(texts) and n.paused


def test_a_slow_but_steady_stream_is_not_a_stall(tmp_path):
    """A piece every 1.5 s, under the 2 s ``stall``: the whole reply is told (a stall measured
    from the first piece rather than the latest would end it at t=2)."""
    clock = FakeClock()
    with FakeServer("slowstart", pieces=["One ", "two ", "three."], every=1.5, clock=clock) as srv:
        n = narrator(srv.url, tmp_path, [], timeout=5.0, stall=2.0, clock=clock)
        assert narrate_text(n, beats()[0]) == "One two three."
    assert clock.now() == 4.5  # the last piece at 3 s, the end of the stream 1.5 s after it


def test_url_credentials_never_reach_the_log_which_only_its_owner_can_read(tmp_path):
    with FakeServer("ok") as srv:
        url = srv.url.replace("http://", "http://alice:S3CRETPASS@") + "?api_key=QUERYSECRET"
        n = narrator(url, tmp_path, [])
        narrate_text(n, beats()[0])
    log = tmp_path / "llm.jsonl"
    text = log.read_text()
    assert "S3CRETPASS" not in text and "QUERYSECRET" not in text and KEY not in text
    assert "***@127.0.0.1" in text
    assert stat.S_IMODE(os.stat(log).st_mode) == 0o600


def test_a_log_that_was_readable_by_others_is_made_private(tmp_path):
    log = tmp_path / "llm.jsonl"
    log.write_text("")
    os.chmod(log, 0o644)
    with FakeServer("ok") as srv:
        narrate_text(narrator(srv.url, tmp_path, []), beats()[0])
    assert stat.S_IMODE(os.stat(log).st_mode) == 0o600


def test_redaction():
    assert redact_url("http://u:p@h:1/v1") == "http://***@h:1/v1"
    assert redact_url("https://h/v1?key=abc&x=1") == "https://h/v1?key=***&x=1"
    assert redact_url("http://h/v1") == "http://h/v1"
    assert "pw" not in describe_error(ValueError("cannot reach http://me:pw@host/v1"))


# ---------------------------------------------------------------------- every credential (issue 25, item 6)

SECRET_NAMES = ["key", "api_key", "API_KEY", "apikey", "x-api-key", "auth", "Auth", "auth_token", "token",
                "access_token", "access_key", "AccessKey", "subscription-key", "Ocp-Apim-Subscription-Key",
                "sig", "signature", "X-Amz-Signature", "password", "Password", "passwd", "pwd", "pass", "secret",
                "client_secret", "sessionid", "credential", "p%61ssword"]


@pytest.mark.parametrize("name", SECRET_NAMES)
def test_every_credential_in_a_query_is_taken_out(name):
    url = f"https://h.example/v1?model=m&{name}=S3CR3T-value_1&x=1#frag"
    assert redact_url(url) == f"https://h.example/v1?model=m&{name}=***&x=1#frag"
    assert redact_url(f"https://h.example/v1?{name}=S3CR3T-value_1") == f"https://h.example/v1?{name}=***"
    assert "S3CR3T" not in describe_error(ValueError(f"cannot reach 'https://h.example/v1?{name}=S3CR3T-value_1'"))


@pytest.mark.parametrize("url,kept", [
    ("https://alice:p@ss@h.example/v1", "https://***@h.example/v1"),
    ("https://alice:p%40ss@h.example/v1", "https://***@h.example/v1"),
    ("https://:S3CR3T@h.example/v1", "https://***@h.example/v1"),
    ("https://h.example/v1#access_token=S3CR3T", "https://h.example/v1#access_token=***"),
    ("https://h.example/v1?sv=2024&sig=S3CR3T%2Bx%3D&se=1", "https://h.example/v1?sv=2024&sig=***&se=1"),
    ("https://h.example/v1?model=gpt&n=1", "https://h.example/v1?model=gpt&n=1"),
], ids=["at-in-password", "encoded-at", "no-user", "fragment", "sas", "nothing-secret"])
def test_passwords_and_fragments_are_taken_out_too(url, kept):
    assert redact_url(url) == kept
    assert "S3CR3T" not in redact_url(url) and "ss@" not in redact_url(url)


@pytest.mark.parametrize("message", [
    "Authorization: Bearer S3CR3T-abcdef", "auth=S3CR3T-abcdef", "password: S3CR3T-abcdef",
    "'api-key': 'S3CR3T-abcdef'", "token S3CR3T-abcdef rejected", "sk-proj-S3CR3T-abcdef",
], ids=["bearer", "auth", "password", "quoted-header", "token-word", "sk-key"])
def test_errors_shown_or_logged_keep_no_credential(message):
    assert "S3CR3T" not in describe_error(RuntimeError(f"refused: {message}"))


def test_a_log_of_failures_keeps_no_credential_from_the_url(tmp_path):
    query = "&".join(f"{name}=S3CR3T{i}" for i, name in enumerate(SECRET_NAMES))
    with FakeServer("500") as srv:
        url = srv.url.replace("http://", "http://alice:p@ss@") + "?" + query
        n = narrator(url, tmp_path, [])
        narrate_text(n, beats()[0])
    text = (tmp_path / "llm.jsonl").read_text()
    assert "S3CR3T" not in text and "ss@" not in text and "HTTP 500" in text
