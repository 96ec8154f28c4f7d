"""Server errors beyond the ones test_llm_faults covers: every 5xx status, and a stream that
sends a chunk that is not JSON in its middle. Each is told from the templates with one notice,
and text already streamed is taken back."""

from __future__ import annotations

import pytest

from solo.narration.base import Retraction

from .fakeserver import FakeServer
from .test_llm_faults import beats, expected_templates, iter_narrator, narrate_text, narrator


@pytest.mark.parametrize("status", ["500", "502", "503", "504"])
def test_every_server_error_falls_back_to_the_templates_with_one_notice(status, tmp_path):
    notices = []
    with FakeServer(status) as srv:
        n = narrator(srv.url, tmp_path, notices, timeout=0.5)
        texts = [narrate_text(n, b) for b in beats()]
        asked = len(srv.requests)
    assert texts == expected_templates()
    assert len(notices) == 1 and "templates" in notices[0]
    assert n.usage["fallbacks"] == 2 and asked >= 1
    log = (tmp_path / "llm.jsonl").read_text(encoding="utf-8")
    assert f"HTTP {status}" in log


def test_a_malformed_chunk_mid_stream_shows_nothing_of_it_and_is_replaced(tmp_path):
    notices = []
    with FakeServer("malformed") as srv:
        n = narrator(srv.url, tmp_path, notices)
        chunks = list(n.narrate(beats()[0]))
    assert not any("flicker" in str(c) or isinstance(c, Retraction) for c in chunks), chunks  # held, never shown
    assert narrate_text(iter_narrator(chunks), beats()[0]) == expected_templates()[0]
    assert len(notices) == 1 and n.usage["fallbacks"] == 1
