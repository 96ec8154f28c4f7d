"""A local OpenAI-compatible HTTP server that misbehaves on purpose (127.0.0.1 only).

Modes: ``ok`` streams ``pieces``; ``stall`` sends no headers for ``stall`` seconds; ``silent``
sends headers, then nothing for ``stall`` seconds; ``keepalive`` sends chunks with no text
every ``every`` seconds for ``stall`` seconds; ``trickle`` sends ``piece`` every ``every``
seconds for ``stall`` seconds; ``slowstart`` waits ``delay`` seconds before its headers, then
streams ``pieces`` one every ``every`` seconds; an HTTP status (``"429"``, ``"500"``, ...)
answers with that status and ``Retry-After: retry_after``; ``garbage``, ``empty``,
``midstall``, ``malformed``, ``cut``, ``wrong``, ``replies`` and ``answer`` as their comments say. ``script`` lists the modes of
the first requests, in order; ``mode`` answers the rest."""

from __future__ import annotations

import json
import socket
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


def chunk(content=None, finish=None, usage=None):
    body = {"id": "c1", "object": "chat.completion.chunk", "created": 0, "model": "fake",
            "choices": [] if usage else [{"index": 0, "delta": {"content": content} if content is not None else {},
                                          "finish_reason": finish}]}
    if usage:
        body["usage"] = usage
    return f"data: {json.dumps(body)}\n\n".encode()


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):  # quiet
        pass

    def do_POST(self):
        length = int(self.headers.get("content-length", 0))
        self.server.requests.append({"path": self.path, "headers": dict(self.headers),
                                     "body": self.rfile.read(length).decode()})
        mode = self.server.script.pop(0) if self.server.script else self.server.mode
        if mode == "stall":
            time.sleep(self.server.stall)
            return self._send(200, b"{}")
        if mode == "slowstart":
            time.sleep(self.server.delay)
        if mode.isdigit():  # any HTTP error status: "429", "500", "502", "503", ...
            payload = json.dumps({"error": {"message": f"fake {mode}", "type": "fake"}}).encode()
            return self._send(int(mode), payload, headers={"retry-after": self.server.retry_after})
        if mode == "garbage":
            return self._send(200, b"<html>this is not json</html>", ctype="application/json")
        self.send_response(200)
        self.send_header("content-type", "text/event-stream")
        self.send_header("connection", "close")  # the body ends when the stream does
        self.close_connection = True
        self.end_headers()
        if mode in ("silent", "keepalive", "trickle"):
            return self._drip(None if mode == "silent" else "" if mode == "keepalive" else self.server.piece)
        if mode == "slowstart":
            for piece in self.server.pieces:
                if not self._write(chunk(piece)):
                    return
                time.sleep(self.server.every)
            self._write(chunk(None, "stop") + b"data: [DONE]\n\n")
            return
        if mode == "empty":
            self.wfile.write(b"data: [DONE]\n\n")
            return
        if mode == "midstall":  # one chunk, then nothing for ``stall`` seconds, then the rest
            self.wfile.write(chunk("The lights flicker "))
            self.wfile.flush()
            time.sleep(self.server.stall)
            try:
                self.wfile.write(chunk("and die.", "stop"))
                self.wfile.write(b"data: [DONE]\n\n")
            except OSError:
                pass
            return
        if mode == "malformed":  # a good chunk, then one that is not JSON, then the rest
            self.wfile.write(chunk("The lights flicker "))
            self.wfile.write(b'data: {"id": "c1", "choices": [{"delta": {"content": "and\n\n')
            self.wfile.write(chunk("the door opens.", "stop"))
            self.wfile.write(b"data: [DONE]\n\n")
            return
        if mode == "cut":
            self.wfile.write(chunk("The lights flicker "))
            self.wfile.write(chunk("and the door "))
            self.wfile.flush()
            self.connection.shutdown(socket.SHUT_RDWR)
            return
        pieces = self.server.pieces
        if mode == "wrong":  # fluent, but wrong in one of the ways a small model is, in turn
            pieces = [wrong_reply(len(self.server.requests), self.server.requests[-1]["body"])]
        if mode == "replies":  # the n-th request gets the n-th of ``replies`` (a night told again)
            n = len(self.server.requests) - 1
            pieces = [self.server.replies[n] if n < len(self.server.replies) else "The dark holds its breath."]
        if mode == "answer":  # ``answer(body)`` says the reply (a night told again, matched by what it asks)
            pieces = [self.server.answer(self.server.requests[-1]["body"])]
        for piece in pieces:
            self.wfile.write(chunk(piece))
        self.wfile.write(chunk(None, "stop"))
        self.wfile.write(chunk(usage={"prompt_tokens": 50, "completion_tokens": 12, "total_tokens": 62}))
        self.wfile.write(b"data: [DONE]\n\n")

    def _drip(self, piece):
        """Send ``piece`` (None: nothing at all) every ``every`` seconds for ``stall`` seconds."""
        end = time.monotonic() + self.server.stall
        while time.monotonic() < end:
            if piece is not None and not self._write(chunk(piece)):
                return  # the client has gone
            time.sleep(self.server.every if piece is not None else min(0.05, self.server.stall))
        self._write(chunk(None, "stop") + b"data: [DONE]\n\n")

    def _write(self, data) -> bool:
        try:
            self.wfile.write(data)
            self.wfile.flush()
            return True
        except OSError:
            return False

    def _send(self, status, payload, ctype="application/json", headers=None):
        try:
            self.send_response(status)
            self.send_header("content-type", ctype)
            self.send_header("content-length", str(len(payload)))
            for k, v in (headers or {}).items():
                self.send_header(k, v)
            self.end_headers()
            self.wfile.write(payload)
        except OSError:  # the client has gone (it gave up waiting)
            pass


def wrong_reply(n: int, body: str) -> str:
    """The ``n``-th reply of the ``wrong`` mode: it names the one who took the Test (read from
    the request's facts, "Tina SUCCEEDS …"), and is wrong all the same: the night ended, the
    prompt echoed with chat tokens, the outcome turned round, one paragraph again, or someone
    who is not of the night acting."""
    import re

    try:
        last = json.loads(body)["messages"][-1]["content"]
    except (ValueError, KeyError, IndexError, TypeError):
        last = ""
    m = re.search(r"\b([A-Z][a-z]+) (SUCCEEDS|FAILS)\b", last)
    name, success = (m.group(1), m.group(2) == "SUCCEEDS") if m else ("Someone", True)
    kind = n % 5
    if kind == 0:
        return f"{name} gets through it. The night has ended. The next day, you're on the drive home."
    if kind == 1:
        return f"The story has established (never contradict it): {name} is here. <s>[INST]"
    if kind == 2:
        return (f"{name} fumbles it, and it goes wrong." if success
                else f"{name} pulls it off without a scratch.")
    if kind == 3:
        return f"{name} moves through the dark, slow and careful, listening for anything at all behind the trees."
    return f"{name} is there. Mr. Johnson steps out of the dark and grabs {name} by the arm."


class FakeServer:
    def __init__(self, mode="ok", pieces=("The door ", "creaks open. ", "What do you do?"), stall=3.0, port=0,
                 every=4.0, piece="a ", delay=0.0, retry_after="0", script=(), replies=(), answer=None):
        self.httpd = ThreadingHTTPServer(("127.0.0.1", port), Handler)
        self.httpd.mode = mode
        self.httpd.pieces = list(pieces)
        self.httpd.stall = stall
        self.httpd.every = every
        self.httpd.piece = piece
        self.httpd.delay = delay
        self.httpd.retry_after = retry_after
        self.httpd.script = list(script)
        self.httpd.replies = list(replies)
        self.httpd.answer = answer
        self.httpd.requests = []
        self.httpd.daemon_threads = True
        self.thread = threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)

    @property
    def url(self):
        return f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"

    @property
    def requests(self):
        return self.httpd.requests

    def set_mode(self, mode):
        self.httpd.mode = mode

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.httpd.shutdown()
        self.httpd.server_close()


def refused_url():
    """A loopback port with nothing listening."""
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return f"http://127.0.0.1:{port}/v1"
