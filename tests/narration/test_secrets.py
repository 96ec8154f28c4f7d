"""The API key never leaves the process (issue 49, item 1): a server that says the key back,
in its reply, its error page or its headers, has it taken out before anything is shown,
kept, logged or sent back to the model; the exchange log is written only as a plain file of
the owner's."""

from __future__ import annotations

import io
import json
import os
import re
import threading

import pytest
from rich.console import Console

from solo import secrets
from solo.narration.base import narrate_text
from solo.narration.llm import LLMNarrator
from solo.narration.templates import TemplateNarrator
from solo.repl.shell import Shell
from solo.safetext import clean, safe

from .fakeserver import FakeServer
from .test_llm_faults import beats

KEY = "sk-test-SECRET123-8f3a9c"
#: A part of the key no story sentence holds: its presence anywhere is a leak.
MARK = "SECRET123"


@pytest.fixture(autouse=True)
def no_secrets_held():
    secrets.forget_all()
    yield
    secrets.forget_all()


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SOLO_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    monkeypatch.setenv("SOLO_CONFIG", str(tmp_path / "none.toml"))
    for name in ("SOLO_MODEL", "SOLO_LLM_MERGE", "SOLO_MAX_TOKENS_PER_TEST"):
        monkeypatch.delenv(name, raising=False)
    return tmp_path / "home"


def said_back(key: str, body: str, n=iter(range(10**6))) -> list[str]:
    """The key said back, in a new way each time: whole, split over two chunks, with a
    zero-width space or an escape inside, and at the end of a reply cut at the cap; each
    reply names the one who took the Test (as the request tells it), so the director keeps it."""
    last = json.loads(body)["messages"][-1]["content"]
    m = re.search(r"\b([A-Z][a-z]+) (SUCCEEDS|FAILS)\b", last)
    who, how = (m[1], "gets it done" if m[2] == "SUCCEEDS" else "gets it wrong") if m else ("The cold", "waits")
    k = next(n) % 5
    if k == 0:
        return [f"{who} {how}. The radio crackles: {key}. ", "Nobody moves. What now?"]
    if k == 1:
        return [f"{who} {how}. A voice spells it out, {key[:9]}", f"{key[9:]}, and stops. What now?"]
    if k == 2:
        return [f"{who} {how}. Scratched in the door: {key[:5]}\u200b{key[5:12]}\u2060{key[12:]}. What now?"]
    if k == 3:
        return [f"{who} {how}. The screen flickers {key[:8]}\x1b[31m{key[8:]}\x1b[0m and goes dark. What now?"]
    return [f"{who} {how}. " + "The dark is long. " * 38, key]  # the key falls across the 700-character cap


def leaks(text: str) -> bool:
    return MARK in text or KEY[:12] in text


def test_a_server_that_says_the_key_back_puts_it_nowhere(home, monkeypatch):
    """Every reply carries the key (whole, split, hidden by invisible characters, cut at the
    cap): it is on no screen, in no file solo writes (save, journal, transcript, exchange log),
    in no notice, and in no later request sent to the model. A narrator that keeps a reply as
    the server sent it leaks it in all of them."""
    screen = io.StringIO()
    with FakeServer("echokey", echo=said_back) as srv:
        monkeypatch.setenv("OPENAI_BASE_URL", srv.url)
        sh = Shell(Console(file=screen, width=120, color_system=None, highlight=False), seed=8,
                   narrator="llm", model="fake")
        assert sh.run_line("quick")
        for _ in range(6):
            g = sh.night.game
            assert sh.run_line(f"test {g.cast[g.living()[0]].name}")
            assert sh.run_line("roll")
            if "resolve" in screen.getvalue().rsplit("rolls:", 1)[-1]:
                assert sh.run_line("resolve")
        assert sh.run_line("I read the scratches on the door aloud")
        sh.night.write_transcript()
        bodies = [r["body"] for r in srv.requests]
        sent = [{k.lower(): v for k, v in r["headers"].items()}.get("authorization") for r in srv.requests]
    assert len(bodies) >= 6 and all(a == f"Bearer {KEY}" for a in sent)  # the key was used, and said back
    assert "[secret]" in screen.getvalue()  # what the server said was told, the key masked
    assert not leaks(screen.getvalue())
    assert not any(leaks(b) for b in bodies[1:]), "a reply was sent back to the model with the key in it"
    written = {p: p.read_bytes() for p in home.rglob("*") if p.is_file()}
    assert any(p.name == "llm-exchanges.jsonl" for p in written)
    assert any(p.suffix == ".md" for p in written)
    for path, data in written.items():
        assert MARK.encode() not in data and KEY[:12].encode() not in data, f"the key is in {path}"


def test_an_error_page_that_says_the_key_back_shows_and_logs_none_of_it(tmp_path, monkeypatch):
    """A 500 whose body and headers carry the key: the notice and the log say what failed,
    and not the key."""
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    notices: list[str] = []
    with FakeServer("echoerror") as srv:
        n = LLMNarrator(TemplateNarrator(seed=1), base_url=srv.url, model="fake", notice=notices.append,
                        log_path=tmp_path / "llm.jsonl")
        told = narrate_text(n, beats()[0])
    assert told and notices and "500" in notices[0]
    log = (tmp_path / "llm.jsonl").read_text(encoding="utf-8")
    assert "500" in log
    assert not any(leaks(x) for x in [told, log, *notices])


def test_a_key_in_the_url_or_a_typed_line_is_masked_at_the_door_and_the_edge(monkeypatch):
    """The held secrets (the environment's key, a URL's ``key=`` value and password) are
    masked by the door (:func:`clean`) and the edge (:func:`safe`); short values are not
    taken for secrets (they would tear holes in the story)."""
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    monkeypatch.setenv("OPENAI_BASE_URL", "https://u:hunter22pass@example.test/v1?api-key=Zq81xPLm")
    secrets.remember_environment()
    secrets.remember("abc")
    line = f"the key is {KEY} and Zq81xPLm, the password hunter22pass; abc stays"
    for edge in (clean, safe):
        out = edge(line)
        assert not leaks(out) and "Zq81xPLm" not in out and "hunter22pass" not in out
        assert out.count("[secret]") == 3 and "abc stays" in out


def test_a_secret_cut_at_the_end_leaves_no_beginning_behind():
    secrets.remember(KEY)
    assert secrets.trailing_part("The door says sk-test-SEC") == len("The door says ")
    assert secrets.trailing_part("The door says sk") == len("The door says sk")  # too short to be it


@pytest.mark.parametrize("between", ["\u200b", "\u2060", "\x1b[31m", "\u00ad", "\ufeff", "\x1b]8;;x\x07"])
def test_a_secret_split_by_what_no_screen_shows_is_still_found(between):
    secrets.remember(KEY)
    text = f"It reads {KEY[:4]}{between}{KEY[4:10]}{between}{KEY[10:]} in red."
    assert secrets.redact(text) == "It reads [secret] in red."


def test_eight_characters_of_a_secret_in_a_row_are_masked_wherever_they_stand():
    """A reply that hides the key's first character (an escape swallows it) still shows the
    rest: any run of eight or more of its characters is masked; seven are not (so the story's
    own words are never taken for the key)."""
    secrets.remember(KEY)
    assert secrets.redact(f"It reads {KEY[1:]} there.") == "It reads [secret] there."
    assert secrets.redact(f"A{KEY[3:11]}B") == "A[secret]B"
    assert secrets.redact(f"It reads {KEY[5:12]} there.") == f"It reads {KEY[5:12]} there."


def test_a_reply_cut_at_the_cap_inside_the_key_keeps_none_of_it(tmp_path):
    """The reply runs to the 700-character cap with the key across it: what is told and
    logged ends before the key's first characters."""
    pad = "Hank holds the door. " + "The dark is long. " * 40
    cut = 700 - len(pad[:690])
    reply = [pad[:690], KEY]  # the cap falls ten characters into the key
    assert cut == 10
    notices: list[str] = []
    with FakeServer("ok", pieces=reply) as srv:
        n = LLMNarrator(TemplateNarrator(seed=1), base_url=srv.url, api_key=KEY, model="fake",
                        notice=notices.append, log_path=tmp_path / "llm.jsonl")
        n.guard = None
        told = n.tell(beats()[0])
    logged = (tmp_path / "llm.jsonl").read_text(encoding="utf-8")
    assert told.startswith("Hank holds the door. The dark is long.")  # the model's reply, kept
    assert KEY[:6] not in told and KEY[:6] not in logged


# ---------------------------------------------------------------------- the exchange log


def test_an_exchange_log_that_is_a_symlink_is_not_followed(tmp_path):
    """The log's name is a symlink to another file: that file is not appended to; one notice
    says the log was not written, and the beat is told."""
    target = tmp_path / "precious.txt"
    target.write_text("mine\n", encoding="utf-8")
    log = tmp_path / "llm.jsonl"
    log.symlink_to(target)
    notices: list[str] = []
    with FakeServer("ok", pieces=["The lights flicker. ", "What now?"]) as srv:
        n = LLMNarrator(TemplateNarrator(seed=1), base_url=srv.url, api_key=KEY, model="fake",
                        notice=notices.append, log_path=log)
        assert narrate_text(n, beats()[0]) == "The lights flicker. What now?"
        narrate_text(n, beats()[0])
    assert target.read_text(encoding="utf-8") == "mine\n"
    assert [x for x in notices if "exchange log" in x] == [notices[0]] and "symbolic link" in notices[0] \
        or "symlink" in notices[0]


def test_an_exchange_log_that_is_a_pipe_is_never_waited_on(tmp_path):
    """A named pipe no one reads where the log goes: the beat is told, not held for ever (the
    narrator runs in a thread; a generous join guards the hang)."""
    log = tmp_path / "llm.jsonl"
    os.mkfifo(log)
    notices: list[str] = []
    told: list[str] = []
    with FakeServer("ok", pieces=["The lights flicker. ", "What now?"]) as srv:
        n = LLMNarrator(TemplateNarrator(seed=1), base_url=srv.url, api_key=KEY, model="fake",
                        notice=notices.append, log_path=log)
        worker = threading.Thread(target=lambda: told.append(narrate_text(n, beats()[0])), daemon=True)
        worker.start()
        worker.join(60)
    assert not worker.is_alive(), "the narrator waited on the pipe"
    assert told == ["The lights flicker. What now?"]
    assert any("exchange log" in x and "pipe" in x for x in notices)


def test_the_log_record_is_redacted_whole(tmp_path):
    """A key in what was sent (a typed line the player pasted it into) is masked in the log
    too, with the log still JSON."""
    from solo.narration.llm import log_exchange

    secrets.remember(KEY)
    path = tmp_path / "log.jsonl"
    assert log_exchange(path, {"messages": [{"role": "user", "content": f"I shout {KEY}"}], "text": KEY}) is None
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record == {"messages": [{"role": "user", "content": "I shout [secret]"}], "text": "[secret]"}
    assert oct(path.stat().st_mode & 0o777) == "0o600"
