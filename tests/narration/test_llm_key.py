"""An LLM-narrated night keeps the API key out of everything it writes: the save, the
transcript and the exchange log. The key is really used (the server is sent it), so the check
is made where a leak could happen."""

from __future__ import annotations

import io
import json
import re

import pytest
from rich.console import Console

from solo.repl.shell import Shell

from .fakeserver import FakeServer

KEY = "sk-test-SECRET-0123456789abcdef"


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SOLO_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    return tmp_path / "home"


def everything_written(home) -> dict[str, bytes]:
    return {str(p.relative_to(home)): p.read_bytes() for p in home.rglob("*") if p.is_file()}


def test_an_llm_narrated_night_writes_the_key_nowhere(home, monkeypatch):
    with FakeServer("ok", pieces=["The lights ", "flicker. ", "What do you do?"]) as srv:
        monkeypatch.setenv("OPENAI_BASE_URL", srv.url)
        buf = io.StringIO()
        sh = Shell(Console(file=buf, width=120, color_system=None, highlight=False), seed=8, narrator="llm",
                   model="fake")
        assert sh.run_line("quick")
        for _ in range(4):
            g = sh.night.game
            assert sh.run_line(f"test {g.cast[g.living()[0]].name}")
            assert sh.run_line("roll")
        assert sh.run_line("I check the window")
        sh.night.write_transcript()
        # the key was read and used: every request carried it
        assert len(srv.requests) >= 5
        assert all({k.lower(): v for k, v in r["headers"].items()}.get("authorization") == f"Bearer {KEY}"
                   for r in srv.requests)
    assert "The lights flicker." in sh.night.transcript.path.read_text(encoding="utf-8")
    files = everything_written(home)
    save = sh.night.save_path
    log = home / "llm-exchanges.jsonl"
    assert str(save.relative_to(home)) in files and str(log.relative_to(home)) in files
    assert str(sh.night.transcript.path.relative_to(home)) in files
    records = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    assert len(records) >= 5 and any("flicker" in json.dumps(r) for r in records)
    for name, data in files.items():
        assert KEY.encode() not in data and b"SECRET" not in data, f"the API key is in {name}"


def test_the_transcript_footer_counts_the_servers_tokens(home, tmp_path):
    """The fake server reports 50 prompt and 12 completion tokens for each narration; the
    footer of a whole night's transcript adds them up over the calls the server saw."""
    import random

    from solo.narration.llm import LLMNarrator
    from solo.narration.templates import TemplateNarrator
    from solo.nott.cast import quick_cast
    from solo.nott.rules import ASHCAN
    from solo.play.night import Night
    from solo.sim.policies import get_policy, next_actions

    with FakeServer("ok") as srv:
        n = LLMNarrator(TemplateNarrator(seed=6), base_url=srv.url, api_key=KEY, model="fake", max_retries=0,
                        timeout=5.0, log_path=tmp_path / "llm.jsonl")
        night = Night(quick_cast(6), ASHCAN, 6, narrator=n, transcript_path=tmp_path / "t.md")
        night.start()
        rng = random.Random(6)
        while night.game.outcome() is None:
            night.act(next_actions(night.game, get_policy("careful"), rng))
        calls = len(srv.requests)
    text = (tmp_path / "t.md").read_text(encoding="utf-8")
    assert calls >= 20 and "## Epilogue" in text
    m = re.search(r"Narration: (\d+) requests, (\d+) tokens in, (\d+) out\b.*\((\d+) told by the templates", text)
    assert m, text[-400:]
    # the stand-in's one paragraph tells no Test's facts: every one of them was told by the templates
    assert tuple(int(x) for x in m.groups()) == (calls, 50 * calls, 12 * calls, n.usage["fallbacks"])
