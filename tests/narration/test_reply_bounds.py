"""A model server's reply is read to a bound (issue 49, item 3): a gzip reply that opens to
far more than it weighs, one endless line, or an encoding solo does not read ends the beat
with one notice (the templates tell it), and no more than the bound is ever held."""

from __future__ import annotations

import gzip
import json
import threading
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from solo.narration import bounded
from solo.narration.base import narrate_text
from solo.narration.llm import LLMNarrator
from solo.narration.templates import TemplateNarrator

from .test_llm_faults import KEY, beats, expected_templates

LIMIT = 50_000


def sse(content: str | None = None, finish=None, pad: int = 0) -> bytes:
    """One event of a chat stream (``pad`` characters of a field nobody reads)."""
    body = {"id": "c" + "x" * pad, "object": "chat.completion.chunk", "created": 0, "model": "fake",
            "choices": [{"index": 0, "delta": {} if content is None else {"content": content},
                         "finish_reason": finish}]}
    return f"data: {json.dumps(body)}\n\n".encode()


def story(text="Hank gets it done. The lights flicker. What now?") -> bytes:
    return sse(text) + sse(None, "stop") + b"data: [DONE]\n\n"


class Server:
    """Answers every request with ``body`` (bytes, or a list of pieces sent one by one) under
    ``encoding``; counts what it sent."""

    def __init__(self, body, encoding: str = "") -> None:
        self.body, self.encoding, self.sent = body, encoding, 0
        outer = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):
                pass

            def do_POST(self):
                self.rfile.read(int(self.headers.get("content-length", 0)))
                self.send_response(200)
                self.send_header("content-type", "text/event-stream")
                if outer.encoding:
                    self.send_header("content-encoding", outer.encoding)
                self.send_header("connection", "close")
                self.close_connection = True
                self.end_headers()
                pieces = outer.body if isinstance(outer.body, list) else [outer.body]
                try:
                    for piece in pieces:
                        self.wfile.write(piece)
                        outer.sent += len(piece)
                except OSError:
                    pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"

    def __enter__(self):
        threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
        return self

    def __exit__(self, *exc):
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def small_bound(monkeypatch):
    monkeypatch.setattr(bounded, "MAX_REPLY_BYTES", LIMIT)
    return LIMIT


@pytest.fixture
def opened(monkeypatch):
    """Every piece the bounded reader hands on (its size), to show none is larger than the bound."""
    sizes: list[int] = []
    count = bounded._Bounded._count

    def counted(self, data):
        sizes.append(len(data))
        return count(self, data)

    monkeypatch.setattr(bounded._Bounded, "_count", counted)
    return sizes


def tell(url, tmp_path):
    notices: list[str] = []
    n = LLMNarrator(TemplateNarrator(seed=1), base_url=url, api_key=KEY, model="fake", notice=notices.append,
                    log_path=tmp_path / "llm.jsonl")
    return narrate_text(n, beats()[0]), notices


def gzip_bomb(megabytes: int) -> bytes:
    """A gzip body of valid events (padded ids, no text) that opens to ``megabytes`` MB."""
    squeeze = zlib.compressobj(9, zlib.DEFLATED, 16 + zlib.MAX_WBITS)
    event = sse("", pad=100_000)
    out = [squeeze.compress(event) for _ in range(megabytes * 10)]
    return b"".join(out) + squeeze.flush()


def test_a_gzip_reply_that_opens_to_megabytes_is_cut_at_the_bound(small_bound, opened, tmp_path):
    """A few KB of gzip that open to 20 MB of events: the beat ends at the bound with one notice
    saying so, the templates tell it, and no piece the reader handed on was larger than the bound
    (a reader that lets the SDK decompress, or opens a whole piece at once, is caught)."""
    bomb = gzip_bomb(20)
    assert len(bomb) < 200_000
    with Server(bomb, "gzip") as srv:
        told, notices = tell(srv.url, tmp_path)
    assert told == expected_templates()[0]
    assert len(notices) == 1 and f"passed {LIMIT:,} bytes" in notices[0]
    assert opened and max(opened) <= LIMIT + 1 and sum(opened) <= 2 * LIMIT


def test_one_endless_line_is_cut_at_the_bound(small_bound, opened, tmp_path):
    """One event line of 5 MB sent in pieces (no line end): cut at the bound, not held whole."""
    line = sse("", pad=5_000_000).rstrip(b"\n")
    pieces = [line[i:i + 65536] for i in range(0, len(line), 65536)]
    with Server(pieces) as srv:
        told, notices = tell(srv.url, tmp_path)
    assert told == expected_templates()[0]
    assert len(notices) == 1 and "passed" in notices[0]
    assert sum(opened) <= LIMIT + 65536


@pytest.mark.parametrize("encoding,pack", [
    ("", lambda b: b),
    ("gzip", gzip.compress),
    ("deflate", zlib.compress),
    ("deflate", lambda b: zlib.compress(b, wbits=-zlib.MAX_WBITS)),  # raw deflate, as some servers send
], ids=["plain", "gzip", "deflate", "raw-deflate"])
def test_a_reply_under_the_bound_is_told_in_any_encoding_read(encoding, pack, tmp_path):
    with Server(pack(story()), encoding) as srv:
        told, notices = tell(srv.url, tmp_path)
    assert told == "Hank gets it done. The lights flicker. What now?" and not notices


def test_an_encoding_not_read_is_refused_in_one_line(tmp_path):
    with Server(story(), "br") as srv:
        told, notices = tell(srv.url, tmp_path)
    assert told == expected_templates()[0]
    assert len(notices) == 1 and "'br'" in notices[0]


def test_the_default_bound_holds_a_long_test_told_by_a_chatty_server():
    """A thousand tokens, one event each with a server's full framing, fit under the bound
    many times over (the bound refuses no real reply)."""
    one = sse("word ", pad=300)
    assert 1000 * len(one) * 4 < bounded.MAX_REPLY_BYTES
