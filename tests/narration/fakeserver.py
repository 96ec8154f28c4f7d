"""A local OpenAI-compatible server that misbehaves on purpose.

Modes: ``ok`` streams ``pieces``; ``stall`` sends no headers for ``stall`` seconds; ``silent``
sends headers, then nothing for ``stall`` seconds; ``keepalive`` sends chunks with no text
every ``every`` seconds for ``stall`` seconds; ``trickle`` sends ``piece`` every ``every``
seconds for ``stall`` seconds; ``slowstart`` waits ``delay`` seconds before its headers, then
streams ``pieces`` one every ``every`` seconds; an HTTP status (``"429"``, ``"500"``, ...)
answers with that status and ``Retry-After: retry_after``; ``garbage``, ``empty``,
``midstall``, ``malformed``, ``cut``, ``wrong``, ``replies``, ``answer``, ``echokey`` and
``echoerror`` as their comments say. ``script`` lists the modes of the first requests, in order; ``mode`` answers the rest.

Without a ``clock`` the server listens on 127.0.0.1 (``url``) and answers at once: the modes
that wait (:data:`WAITING`) need a clock. With one (tests/narration/fakeclock.py) it answers in
this process: while it is open, ``make_client`` of solo.narration.llm gives its ``url`` a client
that reaches it without a socket; each wait of a mode is a wait on the clock, and one longer
than the request's read timeout ends in a read timeout then, as on a socket. Each request is
recorded with the clock's time it came (``at``)."""

from __future__ import annotations

import itertools
import json
import socket
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

try:  # the HTTP client the openai SDK is built on
    import httpx2
except ImportError:  # an SDK before httpx2
    import httpx as httpx2

#: The modes that wait: they run only on a clock.
WAITING = frozenset({"stall", "silent", "keepalive", "trickle", "slowstart", "midstall"})
DONE = b"data: [DONE]\n\n"


def chunk(content=None, finish=None, usage=None):
    body = {"id": "c1", "object": "chat.completion.chunk", "created": 0, "model": "fake",
            "choices": [] if usage else [{"index": 0, "delta": {"content": content} if content is not None else {},
                                          "finish_reason": finish}]}
    if usage:
        body["usage"] = usage
    return f"data: {json.dumps(body)}\n\n".encode()


@dataclass
class Hold:
    """Say nothing for ``seconds``."""

    seconds: float


@dataclass
class Status:
    """A whole answer that is no stream."""

    code: int
    payload: bytes
    ctype: str = "application/json"
    headers: dict = field(default_factory=dict)


START = "start"  # the stream's headers
CUT = "cut"  # the connection dropped


def respond(srv, mode: str):
    """What the server does for one request, in order: :class:`Hold`, :class:`Status`,
    ``START``, then the stream's bytes (and holds), or ``CUT``."""
    if mode == "stall":
        yield Hold(srv.stall)
        yield Status(200, b"{}")
        return
    if mode == "slowstart":
        yield Hold(srv.delay)
    if mode.isdigit():  # any HTTP error status: "429", "500", "502", "503", ...
        payload = json.dumps({"error": {"message": f"fake {mode}", "type": "fake"}}).encode()
        yield Status(int(mode), payload, headers={"retry-after": srv.retry_after})
        return
    if mode == "echoerror":  # an error page that says the request's credentials back
        yield Status(500, json.dumps({"error": {"message": f"bad key {srv.bearer()}"}}).encode(),
                     headers={"x-echo": srv.bearer(), "retry-after": srv.bearer()})
        return
    if mode == "garbage":
        yield Status(200, b"<html>this is not json</html>")
        return
    yield START
    if mode in ("silent", "keepalive", "trickle"):
        if mode == "silent":
            yield Hold(srv.stall)
        else:  # a piece (keepalive: with no text) every ``every`` seconds for ``stall`` seconds
            waited = 0.0
            while waited < srv.stall:
                yield chunk("" if mode == "keepalive" else srv.piece)
                yield Hold(srv.every)
                waited += srv.every
        yield chunk(None, "stop") + DONE
        return
    if mode == "slowstart":
        for piece in srv.pieces:
            yield chunk(piece)
            yield Hold(srv.every)
        yield chunk(None, "stop") + DONE
        return
    if mode == "empty":
        yield DONE
        return
    if mode == "midstall":  # one chunk, then nothing for ``stall`` seconds, then the rest
        yield chunk("The lights flicker ")
        yield Hold(srv.stall)
        yield chunk("and die.", "stop") + DONE
        return
    if mode == "malformed":  # a good chunk, then one that is not JSON, then the rest
        yield (chunk("The lights flicker ") + b'data: {"id": "c1", "choices": [{"delta": {"content": "and\n\n'
               + chunk("the door opens.", "stop") + DONE)
        return
    if mode == "cut":
        yield chunk("The lights flicker ") + chunk("and the door ")
        yield CUT
        return
    pieces = srv.pieces
    if mode == "wrong":  # fluent, but wrong in one of the ways a small model is, in turn
        pieces = [wrong_reply(len(srv.requests), srv.requests[-1]["body"])]
    if mode == "replies":  # the n-th request gets the n-th of ``replies`` (a night told again)
        n = len(srv.requests) - 1
        pieces = [srv.replies[n] if n < len(srv.replies) else "The dark holds its breath."]
    if mode == "echokey":  # ``echo(bearer, body)`` says the reply: the request's key said back
        pieces = list(srv.echo(srv.bearer(), srv.requests[-1]["body"]))
    if mode == "answer":  # ``answer(body)`` says the reply (a night told again, matched by what it asks)
        pieces = [srv.answer(srv.requests[-1]["body"])]
    yield b"".join(chunk(piece) for piece in pieces) + chunk(None, "stop") + chunk(
        usage={"prompt_tokens": 50, "completion_tokens": 12, "total_tokens": 62}) + DONE


class Handler(BaseHTTPRequestHandler):
    """The server over HTTP: answers at once (no mode that waits)."""

    protocol_version = "HTTP/1.1"

    def log_message(self, *args):  # quiet
        pass

    def do_POST(self):
        srv = self.server.fake
        length = int(self.headers.get("content-length", 0))
        mode = srv.asked({"path": self.path, "headers": dict(self.headers),
                          "body": self.rfile.read(length).decode()})
        for event in respond(srv, mode):
            if isinstance(event, Status):
                return self._send(event.code, event.payload, event.ctype, event.headers)
            if event == START:
                self.send_response(200)
                self.send_header("content-type", "text/event-stream")
                self.send_header("connection", "close")  # the body ends when the stream does
                self.close_connection = True
                self.end_headers()
            elif event == CUT:
                self.connection.shutdown(socket.SHUT_RDWR)
                return
            elif not isinstance(event, bytes):  # a Hold
                raise RuntimeError(f"mode {mode!r} waits: give the FakeServer a clock")
            elif not self._write(event):
                return  # the client has gone

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
    _numbers = itertools.count(1)

    def __init__(self, mode="ok", pieces=("The door ", "creaks open. ", "What do you do?"), stall=3.0, port=0,
                 every=4.0, piece="a ", delay=0.0, retry_after="0", script=(), replies=(), answer=None, clock=None,
                 echo=None):
        self.clock = clock
        self.pieces = list(pieces)
        self.stall = stall
        self.every = every
        self.piece = piece
        self.delay = delay
        self.retry_after = retry_after
        self.script = list(script)
        self.replies = list(replies)
        self.answer = answer
        self.echo = echo
        self.requests = []
        self.set_mode(mode)
        self._check(*self.script)
        self._closing: list[threading.Event] = []  # each in-process answer's: set when it is closed
        self._lock = threading.Lock()
        if clock is None:
            self.httpd = ThreadingHTTPServer(("127.0.0.1", port), Handler)
            self.httpd.fake = self
            self.httpd.daemon_threads = True
            self.thread = threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.05},
                                           daemon=True)
            self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"
        else:
            self.url = f"http://fake{next(self._numbers)}.invalid/v1"

    def set_mode(self, mode):
        self._check(mode)
        self.mode = mode

    def _check(self, *modes):
        waits = sorted(WAITING & set(modes)) if self.clock is None else []
        if waits:
            raise ValueError(f"mode {waits[0]!r} waits: give the FakeServer a clock (tests/narration/fakeclock.py)")

    def bearer(self) -> str:
        """The bearer value of the latest request (what an echoing server says back)."""
        headers = {k.lower(): v for k, v in self.requests[-1]["headers"].items()}
        return headers.get("authorization", "").removeprefix("Bearer ")

    def asked(self, record) -> str:
        """Record a request; the mode that answers it."""
        with self._lock:
            if self.clock is not None:
                record["at"] = self.clock.now()
            self.requests.append(record)
            return self.script.pop(0) if self.script else self.mode

    def __enter__(self):
        if self.clock is None:
            self.thread.start()
            return self
        from solo.narration import llm

        outer = llm.make_client

        def make_client(base_url, *args, **kw):
            client = outer(base_url, *args, **kw)
            if str(base_url or "").startswith(self.url):
                client = client.with_options(http_client=httpx2.Client(transport=_Transport(self)))
            return client

        self._restore = (llm, outer)
        llm.make_client = make_client
        return self

    def __exit__(self, *exc):
        if self.clock is None:
            self.httpd.shutdown()
            self.httpd.server_close()
            return
        module, outer = self._restore
        module.make_client = outer
        for closing in self._closing:  # no answer waits on past the test
            closing.set()

    def hold(self, seconds, request, closing) -> None:
        """Wait ``seconds`` on the clock: a read timeout (``httpx2.ReadTimeout``) when the
        request's is shorter; ``RemoteProtocolError`` when the answer is closed meanwhile."""
        read = (request.extensions.get("timeout") or {}).get("read")
        timed_out = read is not None and read < seconds
        if self.clock.sleep(read if timed_out else seconds, closing):
            raise httpx2.RemoteProtocolError("the fake server's answer was closed", request=request)
        if timed_out:
            raise httpx2.ReadTimeout(f"no bytes for {read:g} s", request=request)


class _Transport(httpx2.BaseTransport):
    """The server in this process: each request answered in the thread that sends it."""

    def __init__(self, server: FakeServer) -> None:
        self.server = server

    def handle_request(self, request):
        srv = self.server
        mode = srv.asked({"path": request.url.path, "headers": dict(request.headers),
                          "body": request.read().decode()})
        closing = threading.Event()
        srv._closing.append(closing)
        events = respond(srv, mode)
        for event in events:
            if isinstance(event, Hold):
                srv.hold(event.seconds, request, closing)
            elif isinstance(event, Status):
                return httpx2.Response(event.code, headers={"content-type": event.ctype, **event.headers},
                                       content=event.payload)
            elif event == START:
                return httpx2.Response(200, headers={"content-type": "text/event-stream"},
                                       stream=_Stream(srv, request, events, closing))
        raise AssertionError(f"mode {mode!r} gave no answer")


class _Stream(httpx2.SyncByteStream):
    """The rest of an answer: its bytes, its holds, or a dropped connection."""

    def __init__(self, server, request, events, closing) -> None:
        self.server, self.request, self.events, self.closing = server, request, events, closing

    def __iter__(self):
        for event in self.events:
            if isinstance(event, Hold):
                self.server.hold(event.seconds, self.request, self.closing)
            elif event == CUT:
                raise httpx2.RemoteProtocolError("peer closed connection without sending complete message body",
                                                 request=self.request)
            else:
                yield event

    def close(self) -> None:
        self.closing.set()


def refused_url():
    """A loopback port with nothing listening."""
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return f"http://127.0.0.1:{port}/v1"
