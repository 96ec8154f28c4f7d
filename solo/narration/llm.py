"""The LLM narrator: any OpenAI-compatible chat endpoint (OpenAI, Ollama, llama.cpp's server,
LM Studio, vLLM) behind the same small ``Narrator`` interface.

The rules are resolved before the model speaks; the prompt states the outcome as fact. The
night's requests make one conversation that only grows (:mod:`.conversation`), so a server
with a prompt cache reads only the new turn. Any failure — no key, connection refused,
timeout, 429, 5xx, a malformed or empty reply, a stream cut mid-way — falls back to the
template narrator for that beat, with one quiet notice, and play goes on. Model text is
untrusted: control sequences are stripped and length is capped. Every exchange is logged
(JSON lines, readable by the user only, never the key nor credentials in the server's URL).
``openai`` is imported only here, and only when a narrator is made.

Every stage of a request has a deadline (:mod:`.deadlines`, ``[llm]`` in config.toml):
connecting, the first text, a minimum rate and the longest silence after it, and a cap on the
whole request, retries included; a server's Retry-After is obeyed only within what is left.
After a few failed beats in a row the model is paused: the night goes on from the templates
until the player asks for the model again (:meth:`LLMNarrator.retry`). A reply the guard
refuses is told from the templates too, but is no failure of the server and does not count.
"""

from __future__ import annotations

import json
import math
import os
import queue
import re
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

from .. import secrets
from ..paths import NotWritten
from ..private import append_private
from ..reading import FileRefused
from .base import narrate_text, strip_control
from .bounded import HEADERS, bound_reply
from .beats import Beat
from .conversation import Conversation, Pending
from .deadlines import WALL, Clock, Deadlines, WallClock, read_deadlines
from .environment import make_environment, prompts_dir
from .gate import Gate, sentences as split_sentences

DEFAULT_MODEL = "gpt-4o-mini"


def load_config() -> dict[str, Any]:
    """``[llm]`` table of ``config.toml`` in the user's config directory, if any (read within
    bounds by :mod:`solo.config`: a file that cannot be read is one notice, and the defaults)."""
    from ..config import table

    return table("llm")


class LLMNarrator:
    """Narrates beats with a chat model; falls back to ``fallback`` (a TemplateNarrator)."""

    #: What the deadlines are measured by (a test gives a clock it moves itself).
    clock: WallClock = WALL

    def __init__(self, fallback, *, model: str | None = None, base_url: str | None = None,
                 api_key: str | None = None, notice: Callable[[str], None] | None = None,
                 timeout: float | None = None, stall: float | None = None, max_retries: int = 1,
                 max_chars: int = 700, max_tokens: int = 160,
                 temperature: float = 0.8, log_path: Path | None = None, setting: str | None = None,
                 prompt_set: str = "llm", merge: bool | None = None, max_tokens_per_test: int | None = None,
                 connect_timeout: float | None = None, first_text_timeout: float | None = None,
                 min_rate: float | None = None, rate_window: float | None = None,
                 request_timeout: float | None = None, deadlines: Deadlines | None = None,
                 context_tokens: int | None = None, clock: WallClock | None = None) -> None:
        config = load_config()
        if clock is not None:
            self.clock = clock
        self.fallback = fallback
        self.model = model or os.environ.get("SOLO_MODEL") or config.get("model") or DEFAULT_MODEL
        self.base_url = base_url or os.environ.get("OPENAI_BASE_URL") or config.get("base_url")
        self._api_key = api_key  # kept in memory only; never logged or saved
        remember_secrets(api_key, self.base_url)
        self.notice = notice or (lambda text: None)
        #: How long a request may take, stage by stage: arguments, then config.toml, then the
        #: defaults (``timeout`` is the old name of ``first_text_timeout``).
        self.deadlines = deadlines if deadlines is not None else read_deadlines(
            config, self.notice, connect=connect_timeout,
            first_text=first_text_timeout if first_text_timeout is not None else timeout,
            min_rate=min_rate, rate_window=rate_window, stall=stall, request=request_timeout)
        self.max_retries = max_retries  # retries of a failed request, within its deadlines
        self.max_chars = max_chars
        self.max_tokens = max_tokens
        #: One request per Test: the outcome and all that follows it, to the next Threat Card,
        #: told as one piece (``merge``); False tells beat by beat (one request each).
        env_merge = os.environ.get("SOLO_LLM_MERGE")
        self.merge = bool(merge if merge is not None else
                          (env_merge.strip() not in ("0", "off", "no", "false") if env_merge
                           else config.get("merge", True)))
        capped = max_tokens_per_test or os.environ.get("SOLO_MAX_TOKENS_PER_TEST") or config.get("max_tokens_per_test")
        #: The cap the player set on one Test's prose (None: room for the sentences each asks for).
        self.capped_per_test = int(capped) if capped else None
        self.temperature = temperature
        self.setting = setting
        self.prompt_set = prompt_set  # prompts/<prompt_set>/: system.j2, then <kind>.j2 or beat.j2
        self.log_path = log_path if log_path is not None else _default_log()
        self.usage = {"prompt_tokens": 0, "completion_tokens": 0, "calls": 0, "fallbacks": 0, "estimated": False,
                      "seconds": 0.0, "kept": 0, "refused": {}}
        self.last_finish: str | None = None
        self.env = make_environment(prompts_dir())
        #: The night's requests and what was told for each, resent as prior turns so that a
        #: server's prompt cache reads only the new one (``context_tokens``: the model's window).
        self.conversation = Conversation(int(context_tokens or os.environ.get("SOLO_LLM_CONTEXT")
                                             or config.get("context_tokens", 4096)))
        self._client = None
        self._client_error: str | None = None
        self._warned = False
        self._failures = 0  # consecutive failed beats
        self._waited = 0.0  # seconds those beats cost
        self._log_refused = False
        self.paused = False  # after repeated failures: templates until retry()
        #: Set by the night before each beat: text → contradictions with the fiction. A reply
        #: that contradicts the story is not kept; the templates tell that beat.
        self.guard: Callable[..., list] | None = None
        #: The night's lines and veils (set by the night): told to the model in the system
        #: prompt; the guard refuses a reply that crosses one.
        self.safety = None
        #: The paragraphs kept lately (the guard refuses one that repeats most of one of them).
        self._kept: deque[str] = deque(maxlen=KEEP_READ)

    @property
    def timeout(self) -> float:
        """The first-text deadline (its old name)."""
        return self.deadlines.first_text

    @timeout.setter
    def timeout(self, value: float) -> None:
        self.deadlines = replace(self.deadlines, first_text=float(value))

    @property
    def stall(self) -> float:
        """The longest silence after the first text."""
        return self.deadlines.stall

    @stall.setter
    def stall(self, value: float) -> None:
        self.deadlines = replace(self.deadlines, stall=float(value))

    # ------------------------------------------------------------------ the interface

    #: After this many failed beats in a row, pause the model until the player asks for it
    #: again (a stalled server would otherwise cost a wait on every beat). A reply the guard
    #: refuses neither counts nor breaks the run.
    FAILURES_BEFORE_PAUSE = 3
    #: Nor may failed beats in a row cost more than this many seconds in all: a server that
    #: stalls costs about a minute, once, before the templates tell the night.
    PATIENCE = 60.0

    def retry(self) -> None:
        """Try the model again at the next beat (after a pause, or a missing client)."""
        self.paused = False
        self._failures = 0
        self._waited = 0.0
        self._warned = False
        self._client_error = None

    def narrate(self, beat: Beat) -> Iterator[str]:
        yield from self._told(lambda: self._request(beat), lambda: self.fallback.tell(beat), beat.kind,
                              self.max_tokens, part=lambda missing: self.fallback.tell(beat) if missing else "")

    #: Beats no voice tells when a model narrates merged stretches: table talk (who takes the
    #: Test, a Genre Point) is the mechanics lines' to say, and the story keeps one voice.
    TABLE_TALK = ("challenge", "award", "genre_point")
    #: Beats told by a request of their own: the ending.
    ALONE = ("dawn", "all_dead")

    def narrate_stretch(self, beats: list[Beat]) -> Iterator[str]:
        """One request for a stretch of beats (an outcome and all that follows it, to the next
        Threat Card), told as one continuous piece in table order; on any failure the
        templates tell every beat of the stretch (or, once the model's first sentences are
        shown, the beats they left untold)."""
        if len(beats) == 1:
            yield from self.narrate(beats[0])
            return

        def part(missing: list[int]) -> str:
            return " ".join(t for t in (self.fallback.tell(beats[i]) for i in missing if 0 <= i < len(beats)) if t)
        yield from self._told(lambda: self._stretch_request(beats),
                              lambda: " ".join(t for t in (self.fallback.tell(b) for b in beats) if t),
                              "+".join(b.kind for b in beats), self.max_tokens_per_test, part=part)

    def _told(self, make_request, fallback, kind: str, max_tokens: int, part=None) -> Iterator[str]:
        """Ask, read and tell one request. With the director's reading of sentences (a guard
        with ``waits`` and ``untold``, and ``part``: the templates' telling of the beats a shown
        part left untold), each sentence is shown as soon as it passes (:class:`.gate.Gate`);
        otherwise the reply is held until it is whole, read, and shown or refused."""
        if self.paused:
            self.usage["fallbacks"] += 1
            yield fallback()
            return
        pending = make_request()
        messages = pending.messages
        started = time.monotonic()
        streamed: list[str] = []
        error: str | None = None
        finish = None
        begun = self.clock.now()
        guard, self.guard = self.guard, None
        asked = dict(prompt=prompt_words(messages), kept=tuple(self._kept),
                     most=sentence_limit(messages[-1].get("content", "") if messages else ""))
        gate = None
        if guard is not None and part is not None and callable(getattr(guard, "waits", None)) \
                and callable(getattr(guard, "untold", None)):
            gate = Gate(lambda t: guard(strip_control(t), **asked), guard.waits)
        try:
            client = self.client()
            self.last_finish = None
            for piece, finish_reason in self._stream(client, messages, max_tokens):
                if finish_reason:
                    finish = finish_reason
                if not piece:
                    continue
                room = self.max_chars * (3 if "+" in kind else 1) - sum(len(s) for s in streamed)
                if room <= 0:
                    break
                streamed.append(piece[:room])  # held: nothing is shown before the director has read it
                if gate is not None and not gate.closed:
                    for sentence in gate.feed(_cleaned(streamed)):
                        yield sentence + " "
        except GeneratorExit:
            raise
        except Exception as exc:  # every failure becomes a template beat
            error = describe_error(exc)
        self.usage["seconds"] += time.monotonic() - started
        text = _cleaned(streamed)
        if error is None and not text:
            error = "the model returned no text"
        if error is None and finish is None and sum(len(p) for p in streamed) < self.max_chars:
            error = "the stream ended before the model finished"  # cut mid-way
        if gate is not None:
            if error is None and not gate.closed:
                for sentence in gate.feed(text, final=True):
                    yield sentence + " "
            if gate.shown:
                yield from self._told_in_part(gate, guard, part, pending, messages, kind, text, error, finish,
                                              started, begun)
                return
        refused = False  # the server answered; the guard did not keep its text
        if error is None and guard is not None:
            wrong = (gate.refused if gate is not None else []) or guard(strip_control(text), **asked)
            if wrong and gate is None:
                kept_part = _salvage(strip_control(text), guard, asked)
                if kept_part is not None:  # the sentences that broke it set aside, the rest is the model's
                    self.usage["trimmed"] = self.usage.get("trimmed", 0) + 1
                    self.notice(f"one part of the model's reply was set aside: it {_what(wrong[0])} "
                                f"({wrong[0].why}); the rest is told as written")
                    text, wrong = kept_part, []
            refused = bool(wrong)
            if wrong:
                why = getattr(wrong[0], "kind", "continuity")
                self.usage["refused"][why] = self.usage["refused"].get(why, 0) + 1
                error = f"the model's text {_what(wrong[0])} ({wrong[0].why})"
        self._log(kind, messages, text, error, finish, time.monotonic() - started)
        if error is not None:
            self.usage["fallbacks"] += 1
            self._failed(error, refused, begun)
            fallback_text = fallback()
            if error.startswith("HTTP 400"):
                self.conversation.reset()  # refused as it stood (e.g. too long): start afresh
            else:  # what was told in its place, not the refused reply, follows in the conversation
                self.conversation.keep(pending, fallback_text)
            yield fallback_text
            return
        self._failures = 0
        self._waited = 0.0
        self.usage["kept"] += 1
        self._kept.append(text)
        self.conversation.keep(pending, text)
        yield text

    def _told_in_part(self, gate, guard, part, pending, messages, kind: str, text: str, error: str | None,
                      finish, started: float, begun: float) -> Iterator[str]:
        """A reply whose first sentences are shown: what was set aside is said in one quiet line,
        and the beats the shown part left untold are the templates' to tell."""
        told = gate.text
        missing = list(guard.untold(told))
        rest = part(missing) if missing else ""
        if rest:
            yield rest
        first = next((c for _s, c in gate.set_aside if c is not None), None)
        if gate.set_aside:
            why = getattr(first, "kind", "continuity") if first is not None else "length"
            self.usage["refused"][why] = self.usage["refused"].get(why, 0) + 1
        if error is not None:  # the stream broke: what was shown stays, the templates tell the rest
            self._failed(error, False, begun)
        else:
            self._failures = 0
            self._waited = 0.0
            if first is not None:
                self.notice(f"one part of the model's reply was set aside: it {_what(first)} ({first.why}); "
                            f"the rest is told as written")
            if missing:
                self.notice("the model's text leaves out what was decided; the templates tell the rest")
            if gate.set_aside:  # logged as a refusal of that part, in the editor's words
                error = (f"the model's text {_what(first)} ({first.why}): that part was set aside" if first is not None
                         else "the model's text runs past the length asked: the rest was set aside")
            elif missing:
                error = "the model's text leaves out what was decided: the templates told the rest"
        if gate.whole and not missing and error is None:
            self.usage["kept"] += 1
        else:
            self.usage["trimmed"] = self.usage.get("trimmed", 0) + 1  # shown in part (the templates told the rest)
        self._log(kind, messages, text, error, finish, time.monotonic() - started)
        self._kept.append(told)
        self.conversation.keep(pending, " ".join(t for t in (told, rest) if t))

    def _failed(self, error: str, refused: bool, begun: float) -> None:
        """A beat the model did not tell (a failing server, or a reply refused): counted, and
        after too many in a row (or too long a wait) the model is paused."""
        self._failures += 0 if refused else 1  # a refused reply is the model's, not a failing server
        self._waited += 0.0 if refused else max(self.clock.now() - begun, 0.0)
        if refused:  # the model answered: its reply was not kept, this time, for this reason
            self.notice(f"{error}; the templates tell this beat")
        else:
            self._warn(error)
        if self._failures >= self.FAILURES_BEFORE_PAUSE or (not refused and self._waited >= self.PATIENCE):
            failed = ("1 failed beat" if self._failures == 1 else f"{self._failures} failed beats in a row")
            cost = f", {self._waited:.0f} s of waiting" if self._waited >= 1 else ""
            self._failures = 0
            self._waited = 0.0
            self.paused = True
            self.notice(f"LLM narration paused after {failed}{cost} ({error}); the templates tell the night "
                        f"until you type: narrator retry")

    def respond(self, character, beat: Beat) -> str:
        """Autoplay's player answers come from the templates (fast and offline)."""
        return self.fallback.respond(character, beat)

    def tell(self, beat: Beat) -> str:
        return narrate_text(self, beat)

    # ------------------------------------------------------------------ prompts

    def messages(self, beat: Beat) -> list[dict[str, str]]:
        """The request for one beat: the system prompt (the same all night), the conversation
        so far, then a new user turn: what the story has established (what changed since the
        last request), the night so far, the beat's facts."""
        return self._request(beat).messages

    def stretch_messages(self, beats: list[Beat]) -> list[dict[str, str]]:
        """The request for a stretch: as :meth:`messages`, the facts of every beat in order."""
        return self._stretch_request(beats).messages

    def _request(self, beat: Beat) -> Pending:
        self._learn_killer([beat])
        fiction = beat.get("f")
        known = isinstance(fiction, dict) and bool(fiction.get("people"))
        summary = beat.get("summary") or ""
        # with the fiction, who is hurt is said in it: only the first part of the summary
        cast = beat.get("cast")
        if cast and [c.get("name") for c in cast] == [c.get("name") for c in self._cast]:
            cast = None  # the night's own (its pronouns too): the system prompt stays the same
        return self._ask(self._system(cast), fiction if known else None,
                         summary.split(";")[0] + "." if known and summary else summary,
                         self._beat_prompt(beat).strip(), self.max_tokens)

    def _stretch_request(self, beats: list[Beat]) -> Pending:
        self._learn_killer(beats)
        facts: list[str] = []
        for beat in beats:
            rendered = [ln.strip() for ln in self._beat_prompt(beat).splitlines() if ln.strip()]
            lines = [ln[len("Facts:"):].strip() for ln in rendered if ln.startswith("Facts:")]
            facts += lines or rendered[:1]  # the opening states no "Facts:", only what to tell
        first, last = beats[0], beats[-1]
        living = list(last.get("living") or [])
        if last.kind == "threat" or last.get("phase") == "revealed":
            ask = f"What do you do, {living[0]}?" if len(living) == 1 else "Who goes?"
        else:
            ask = None
        fiction = first.get("f")
        summary = (first.get("summary") or "").split(";")[0]
        user = self.env.get_template(f"{self.prompt_set}/stretch.j2").render(facts=facts, ask=ask).strip()
        room = self.max_tokens_per_test if self.capped_per_test else max(self.max_tokens_per_test,
                                                                         TOKENS_PER_SENTENCE * (2 * len(facts) + 1))
        return self._ask(self._system(), fiction if isinstance(fiction, dict) and fiction.get("people") else None,
                         summary + "." if summary else "", user, room)

    def _ask(self, system: str, fiction: dict | None, summary: str, facts: str, room: int) -> Pending:
        """The request (see :mod:`.conversation`): the story's lines, then the night so far
        (its count of Tests changes every time), then the facts."""
        lines: list[str] = []
        if fiction is not None and self.prompt_set == "llm":
            rendered = self.env.get_template("llm/_fiction.j2").render(f=fiction).strip().splitlines()
            lines = [ln for ln in rendered[1:] if ln.strip()]  # below its heading
        news = "\n".join(p for p in (f"The night so far: {summary}" if summary else "", facts) if p)
        return self.conversation.request(system, lines, news, room)

    def _system(self, cast=None) -> str:
        """The system prompt: the same for every request of a night (a server may cache it)."""
        return self.env.get_template(f"{self.prompt_set}/system.j2").render(setting=self.setting,
                                                                           cast=cast or self._cast,
                                                                           safety=self.safety or None,
                                                                           killer=self.killer)

    @property
    def max_tokens_per_test(self) -> int:
        """Tokens for one Test's prose: the player's cap, or at least this much (a stretch asks
        room for each sentence it allows)."""
        return self.capped_per_test or 220

    @max_tokens_per_test.setter
    def max_tokens_per_test(self, value: int) -> None:
        self.capped_per_test = int(value)

    #: The night's Killer as the beats give it (look, weapon, calling card, legend): told in the
    #: system prompt from the first request on (the default night's; a playset's says its own).
    killer: dict | None = None

    def _learn_killer(self, beats) -> None:
        if self.killer is not None:
            return
        for beat in beats:
            found = beat.get("the_killer") or (beat.get("f") or {}).get("killer")
            if isinstance(found, dict) and found.get("look"):
                self.killer = {k: str(v) for k, v in found.items() if isinstance(v, str)}
                return

    def _beat_prompt(self, beat: Beat) -> str:
        """The beat's own prompt (``prompts/<set>/<kind>.j2``): its facts, stated as decided."""
        from .templates import DETAILS

        ctx = dict(DETAILS) | {"setting": self.setting} | dict(beat.context)
        template = self.env.select_template([f"{self.prompt_set}/{beat.kind}.j2", f"{self.prompt_set}/beat.j2"])
        return template.render(ctx | {"kind": beat.kind, "context_items": sorted(beat.context.items())})

    _cast: list = []

    def set_cast(self, cast: list[dict]) -> None:
        self._cast = list(cast)

    # ------------------------------------------------------------------ transport

    def client(self):
        if self._client is not None:
            return self._client
        if self._client_error is not None:
            raise RuntimeError(self._client_error)
        try:
            import openai
        except ImportError as exc:  # pragma: no cover - openai is a dependency
            self._client_error = f"the openai package is missing ({exc})"
            raise RuntimeError(self._client_error) from None
        try:
            # retries are ours, within the deadlines (the SDK's would sleep out any Retry-After)
            self._client = make_client(self.base_url, self._api_key, self.deadlines.request, 0,
                                       connect=self.deadlines.connect)
        except RuntimeError as exc:
            self._client_error = str(exc)
            raise
        return self._client

    def _stream(self, client, messages, max_tokens: int | None = None) -> Iterator[tuple[str, str | None]]:
        """(text, finish_reason) pieces as the server sent them (the reply is cleaned whole, once
        it is all in: an escape or a secret may fall across two pieces)."""
        self.usage["calls"] += 1
        request = dict(model=self.model, messages=messages, stream=True, max_tokens=max_tokens or self.max_tokens,
                       temperature=self.temperature, stream_options={"include_usage": True})
        buffer = ""
        reported = False
        pieces = 0
        for chunk in self._chunks(client, request):
            usage = getattr(chunk, "usage", None)
            if usage is not None:
                reported = True
                self.usage["prompt_tokens"] += int(getattr(usage, "prompt_tokens", 0) or 0)
                self.conversation.measured(messages, int(getattr(usage, "prompt_tokens", 0) or 0))
                self.usage["completion_tokens"] += int(getattr(usage, "completion_tokens", 0) or 0)
            choices = getattr(chunk, "choices", None) or []
            if not choices:
                continue
            choice = choices[0]
            delta = getattr(choice, "delta", None)
            piece = getattr(delta, "content", None) or ""
            finish = getattr(choice, "finish_reason", None)
            if finish:
                self.last_finish = finish
            if piece:
                pieces += 1
            if not isinstance(piece, str):
                raise ValueError("malformed reply: content is not text")
            buffer += piece
            # release up to the last whitespace (or a long run), never inside a fresh escape
            cut = max(buffer.rfind(" "), buffer.rfind("\n")) + 1
            if not cut and len(buffer) >= 160:
                cut = len(buffer)
            if cut:
                yield buffer[:cut], finish
                buffer = buffer[cut:]
            elif finish:
                yield "", finish
        if buffer:
            yield buffer, None
        if not reported:  # a server that reports no usage (llama.cpp): estimate, and say so
            self.usage["estimated"] = True
            self.usage["prompt_tokens"] += sum(len(m["content"]) for m in messages) // 4
            self.usage["completion_tokens"] += pieces

    def _chunks(self, client, request: dict[str, Any]) -> Iterator[Any]:
        """The reply's chunks. A helper thread makes the request (retrying within the
        deadlines) and reads the stream; this side waits for its chunks against the deadlines
        (:class:`~.deadlines.Clock`), each chunk timed when it arrived, and ends the request
        (:class:`StreamStalled`) the moment one passes."""
        clock = Clock(self.deadlines, source=self.clock)
        q: queue.Queue = queue.Queue()
        stop = threading.Event()
        held: dict[str, Any] = {}

        def pump() -> None:
            try:
                stream = self._open(client, request, clock, stop)
                held["stream"] = stream
                if stop.is_set():  # given up while the request was being made
                    _close(stream)
                    return
                with stream:
                    for chunk in stream:
                        q.put(("chunk", clock.now(), chunk))
                        if stop.is_set():
                            return
            except BaseException as exc:  # handed to the reader
                q.put(("error", clock.now(), exc))
            else:
                q.put(("end", clock.now(), None))

        helper = threading.Thread(target=pump, name="llm-stream", daemon=True)
        helper.start()
        try:
            while True:
                try:
                    kind, at, item = clock.wait(q, helper)
                except queue.Empty:
                    why = clock.expired(clock.now())
                    if why:
                        raise StreamStalled(why) from None
                    continue
                if kind == "end":
                    return
                if kind == "error":
                    raise item
                why = clock.expired(at)  # as things stood when this chunk came
                if why:
                    raise StreamStalled(why)
                clock.text(at, _text_length(item))
                yield item
        finally:
            stop.set()
            if "stream" in held:
                _close(held["stream"])  # wakes the helper thread, ends the connection

    def _open(self, client, request: dict[str, Any], clock: Clock, stop: threading.Event):
        """The stream of ``request``, retried up to ``max_retries`` times after a failure worth
        retrying (a refused or dropped connection, 408, 409, 429, 5xx) — but only while the
        wait (the server's Retry-After, or a short backoff) ends before the first-text
        deadline."""
        import openai

        d = self.deadlines
        attempt = 0
        while True:
            left = clock.first_by - clock.now()
            if left <= 0:
                raise StreamStalled(f"no text within {clock.first_by - clock.start:g} s")
            short = min(d.connect, left)
            # the reader enforces the deadlines; these only let this thread end in time (a
            # read may wait as long as the checks after the first text allow, or to the cap)
            rest = clock.end - clock.now()
            after = [x for x in (d.stall, d.rate_window if d.min_rate else 0) if x] or [rest]
            read = min(rest, max(left, *after))
            timeout = openai.Timeout(read, connect=short, write=short, pool=short)
            try:
                return client.chat.completions.create(**request, timeout=timeout)
            except Exception as exc:
                if attempt >= self.max_retries or stop.is_set():
                    raise
                wait, asked = retry_wait(exc, attempt)
                if wait is None:
                    raise
                left = clock.first_by - clock.now()
                if wait >= left:
                    if asked:
                        raise StreamStalled(f"{describe_error(exc)}: the server asks to wait {wait:g} s, "
                                            f"more than the {max(math.floor(left), 0)} s left") from None
                    raise
                if self.clock.sleep(wait, stop):
                    raise
                attempt += 1

    # ------------------------------------------------------------------ notices and the log

    def _warn(self, error: str) -> None:
        if not self._warned:
            self._warned = True
            self.notice(f"LLM narration unavailable ({error}); narrating from templates, play goes on")

    def _log(self, kind: str, messages, text: str, error: str | None, finish, seconds: float) -> None:
        if self.log_path is None:
            return
        record = {"time": round(time.time(), 3), "model": self.model, "base_url": redact_url(self.base_url),
                  "beat": kind, "messages": messages, "text": text, "finish_reason": finish,
                  "error": error, "seconds": round(seconds, 3)}
        refused = log_exchange(self.log_path, record)
        if refused and not self._log_refused:
            self._log_refused = True
            self.notice(refused)


#: The tokens a stretch's request leaves for each sentence it asks for (a strong model's short
#: sentence of horror prose runs to 25–40).
TOKENS_PER_SENTENCE = 45
#: How many kept paragraphs a new one is read against for repeats.
KEEP_READ = 12
#: How the log names a refusal of the director's editor (solo.director.editor).
REFUSED_WORDS = {"untold": "leaves out what was decided", "flipped": "turns the outcome round",
                 "night-over": "ends the night too soon", "chat-format": "carries chat tokens",
                 "echo": "echoes the prompt", "repeat": "repeats an earlier paragraph",
                 "pronouns": "gives someone the wrong pronouns", "stranger": "names someone not of the night",
                 "line-crossed": "crosses a line you set", "veil-shown": "shows what you veiled",
                 "length": "runs past the length asked", "undecided-harm": "hurts someone nothing hurt",
                 "too-soon": "explains the Killer", "past-action": "tells a deed nobody did"}


_COUNTS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9}
_LIMIT = re.compile(r"\bin at most (\d+|one|two|three|four|five|six|seven|eight|nine) (?:short )?sentences?\b"
                    r"|\bin (?:one or )?(one|two|three|four|five) (?:short )?sentences?\b"
                    r"|\b(one) (?:wry |short )?sentence\b", re.I)


def sentence_limit(request: str) -> int | None:
    """The most sentences a request asks for ("in at most 5 short sentences", "in one or two
    short sentences", "One wry sentence"), or None when it says nothing of its length."""
    m = None
    for m in _LIMIT.finditer(str(request)):
        pass  # the last one the request says
    if m is None:
        return None
    word = next(g for g in m.groups() if g)
    return int(word) if word.isdigit() else _COUNTS[word.lower()]


def _what(wrong) -> str:
    """What a refusal says the model's text did, in a player's words."""
    why = getattr(wrong, "kind", "continuity")
    return ("is not the director's prose" if why in ("fourth-wall", "off-beat")
            else "contradicts the story" if why not in REFUSED_WORDS else REFUSED_WORDS[why])


def _salvage(text: str, guard, asked: dict) -> str | None:
    """The reply without the one sentence that broke it, when what is left passes the director's
    reading whole (every decided fact still told) and is most of the reply: three sentences or
    more, the first and the last kept (who acts, and the question the request ends on). None
    when no such part stands: the templates tell the beat."""
    sentences = split_sentences(text)  # as the gate splits a streamed reply
    if len(sentences) < 4:
        return None
    for k in range(len(sentences) - 2, 0, -1):
        rest = " ".join(sentences[:k] + sentences[k + 1:]).strip()
        if not guard(rest, **asked):
            return rest
    return None


def _cleaned(streamed: list[str]) -> str:
    """The reply so far as it may be read: controls stripped, secrets masked (a secret's first
    characters at its end held back)."""
    text = secrets.redact(strip_control("".join(streamed)))
    return text[:secrets.trailing_part(text)].strip()


def prompt_words(messages) -> str:
    """The words a reply may not echo: the system prompt and the requests (what the story has
    established among them), without what characters said (quoted) and without the replies."""
    parts = [str(m.get("content", "")) for m in messages if m.get("role") in ("system", "user")]
    return re.sub(r"“[^”]*”|\"[^\"]*\"", " ", "\n".join(parts))


class StreamStalled(TimeoutError):
    """A deadline of the model's reply passed (the message says which)."""


def _close(stream) -> None:
    try:
        stream.close()
    except Exception:
        pass


def _text_length(chunk) -> int:
    """Characters of text in a chunk (0 for none, or for content that is not text)."""
    choices = getattr(chunk, "choices", None) or []
    content = getattr(getattr(choices[0], "delta", None), "content", None) if choices else None
    return len(content) if isinstance(content, str) else 0


#: Statuses worth asking again (as the SDK's own retries): timeout, conflict, rate limit, 5xx.
RETRY_STATUSES = (408, 409, 429)


def retry_wait(exc: BaseException, attempt: int) -> tuple[float | None, bool]:
    """(seconds to wait before asking again, whether the server asked for them): the
    server's ``Retry-After`` (or ``retry-after-ms``) when it sends one, else a backoff of
    0.5 s, 1 s, 2 s …; (None, False) when the failure is not worth a retry."""
    import openai

    if isinstance(exc, openai.APIStatusError):
        status = exc.status_code
        if status not in RETRY_STATUSES and status < 500:
            return None, False
        asked = retry_after(getattr(getattr(exc, "response", None), "headers", None))
        if asked is not None:
            return asked, True
    elif not isinstance(exc, openai.APIConnectionError):
        return None, False
    return min(0.5 * 2 ** attempt, 8.0), False


def retry_after(headers) -> float | None:
    """Seconds from a ``retry-after-ms`` or ``retry-after`` header (seconds or an HTTP date);
    None when there is none, or it is not a time."""
    if headers is None:
        return None
    for name, scale in (("retry-after-ms", 0.001), ("retry-after", 1.0)):
        raw = headers.get(name)
        if raw is None:
            continue
        raw = str(raw).strip()[:64]
        try:
            seconds = float(raw) * scale
        except ValueError:
            if scale != 1.0:
                continue
            try:
                from email.utils import parsedate_to_datetime

                when = parsedate_to_datetime(raw)
                seconds = when.timestamp() - time.time()
            except (TypeError, ValueError, IndexError, OverflowError):
                continue
        if math.isfinite(seconds) and seconds >= 0:
            return seconds
    return None


#: ``user:password@`` after a scheme's ``//`` (up to the last ``@``: a password may hold one).
_URL_USER = re.compile(r"(?<=//)[^/?#\s]*@")
#: Words that name a credential, anywhere in a query key (``subscription-key``, ``X-Amz-Signature``).
SECRET_WORDS = ("key", "token", "auth", "secret", "pass", "pwd", "sig", "credential", "session", "cookie")
_URL_PARAM = re.compile(r"([?&;#])([^=&;#\s?]+)=([^&;#\s'\"<>]*)")


def _secret_name(name: str) -> bool:
    from urllib.parse import unquote

    name = unquote(name).casefold()
    return any(word in name for word in SECRET_WORDS)


def redact_url(url: str | None) -> str | None:
    """``url`` with credentials taken out: ``user:password@``, and the value of any query (or
    fragment) parameter whose name holds a word of :data:`SECRET_WORDS`, case aside."""
    if not url:
        return url
    text = _URL_USER.sub("***@", str(url))
    return _URL_PARAM.sub(lambda m: f"{m[1]}{m[2]}=***" if _secret_name(m[2]) else m[0], text)


def remember_secrets(api_key: str | None, base_url: str | None) -> None:
    """Hold the key given, the environment's and the URL's credentials as secrets: no text
    from outside shows, keeps or logs them (:mod:`solo.secrets`)."""
    secrets.remember_environment()
    secrets.remember(api_key)
    secrets.remember_url(base_url)


def log_exchange(path: Path, record: dict) -> str | None:
    """Append ``record`` to the exchange log, every secret taken out; a plain file of the
    owner's only (a symlink, a pipe or a folder there is refused, never followed or waited on).
    One line saying why it was not written, or None."""
    line = json.dumps(secrets.redact_data(record), ensure_ascii=False) + "\n"
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        append_private(path, line)
    except FileRefused as exc:
        return f"the exchange log was not written: {exc}"
    except NotWritten as exc:  # one line already: the cause, the path, what to do
        return f"the exchange log: {exc}"
    except OSError as exc:
        return f"the exchange log {str(path)!r} was not written ({exc.strerror or exc})"
    return None


def _default_log() -> Path | None:
    try:
        from ..paths import data_dir

        return data_dir() / "llm-exchanges.jsonl"
    except OSError:
        return None


def make_client(base_url: str | None, api_key: str | None, timeout: float, max_retries: int, *,
                connect: float | None = None):
    """An ``openai.OpenAI`` client for any compatible server (``timeout`` for every stage of a
    request, ``connect`` for connecting when given); one line (RuntimeError) when it cannot be
    made (no key, a bad URL). The key stays in memory."""
    import openai

    kwargs: dict[str, Any] = {"timeout": timeout if connect is None else openai.Timeout(timeout, connect=connect),
                              "max_retries": max_retries,
                              # every reply read to a bound (solo.narration.bounded)
                              "http_client": openai.DefaultHttpxClient(event_hooks={"response": [bound_reply]},
                                                                       headers=HEADERS)}
    if base_url:
        kwargs["base_url"] = base_url
    if api_key:
        kwargs["api_key"] = api_key
    try:
        return openai.OpenAI(**kwargs)
    except openai.OpenAIError as exc:
        raise RuntimeError("no API key (set OPENAI_API_KEY)" if "api_key" in str(exc) else describe_error(exc)) \
            from None


#: A credential in a message: after a word naming one and ``=``/``:`` (any value), or after the
#: word and a space (a value of 8 characters or more with a digit in it); a bearer token; a key.
_MESSAGE_SECRETS = (
    (re.compile(r"\bsk-[A-Za-z0-9_\-]{6,}"), "sk-…"),
    (re.compile(r"(?i)(\bbearer\s+)[^\s'\",;]+"), r"\1…"),
    (re.compile(r"(?i)((?:key|token|auth|authorization|secret|password|passwd|pwd|signature|sig|credentials?)"
                r"[\"']?\s*[=:]\s*[\"']?)(?!…|\*\*\*)[^\s'\",;&#)]+"), r"\1…"),
    (re.compile(r"(?i)(\b(?:key|token|secret|password|passwd|signature)\s+)(?=[^\s'\",;]*\d)[^\s'\",;…]{8,}"),
     r"\1…"),
)


def describe_error(exc: BaseException) -> str:
    """A short, key-free description of an LLM failure."""
    name = type(exc).__name__
    status = getattr(exc, "status_code", None)
    if status is not None:
        return f"HTTP {status} ({name})"
    text = secrets.redact(str(exc).split("\n")[0][:2000])
    # never echo anything that looks like a key, nor credentials in a URL (before cutting it short)
    text = redact_url(text) or ""
    for pattern, replacement in _MESSAGE_SECRETS:
        text = pattern.sub(replacement, text)
    text = text[:120]
    if isinstance(exc, StreamStalled):
        return text
    return f"{name}: {text}" if text else name
