"""A local OpenAI-compatible HTTP server that misbehaves on purpose (127.0.0.1 only)."""

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
        mode = self.server.mode
        if mode == "stall":
            time.sleep(self.server.stall)
            return self._send(200, b"{}")
        if mode.isdigit():  # any HTTP error status: "429", "500", "502", "503", ...
            payload = json.dumps({"error": {"message": f"fake {mode}", "type": "fake"}}).encode()
            return self._send(int(mode), payload, headers={"retry-after": "0"})
        if mode == "garbage":
            return self._send(200, b"<html>this is not json</html>", ctype="application/json")
        self.send_response(200)
        self.send_header("content-type", "text/event-stream")
        self.send_header("connection", "close")  # the body ends when the stream does
        self.close_connection = True
        self.end_headers()
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
        for piece in self.server.pieces:
            self.wfile.write(chunk(piece))
        self.wfile.write(chunk(None, "stop"))
        self.wfile.write(chunk(usage={"prompt_tokens": 50, "completion_tokens": 12, "total_tokens": 62}))
        self.wfile.write(b"data: [DONE]\n\n")

    def _send(self, status, payload, ctype="application/json", headers=None):
        self.send_response(status)
        self.send_header("content-type", ctype)
        self.send_header("content-length", str(len(payload)))
        for k, v in (headers or {}).items():
            self.send_header(k, v)
        self.end_headers()
        self.wfile.write(payload)


class FakeServer:
    def __init__(self, mode="ok", pieces=("The door ", "creaks open. ", "What do you do?"), stall=3.0, port=0):
        self.httpd = ThreadingHTTPServer(("127.0.0.1", port), Handler)
        self.httpd.mode = mode
        self.httpd.pieces = list(pieces)
        self.httpd.stall = stall
        self.httpd.requests = []
        self.httpd.daemon_threads = True
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

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
