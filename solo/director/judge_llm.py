"""The model's trope judge: a small structured verdict from any OpenAI-compatible endpoint.

The model is shown the night's tropes and one typed line, and asked for JSON:
``{"trope": "<a trope from the list, or none>", "reason": "<one short line>"}``. The reply
is untrusted: it is validated with pydantic and the trope must be one of the list, word for
word (case aside). Anything malformed, slow (over ``deadline`` seconds) or failing means
*no award*, and play goes on. Each (line, speaker, tropes) is asked once: the answer — an
award, none, or a failure — is cached, so retyping a line never asks again. After a few
failures in a row the judge pauses until :meth:`LLMJudge.retry`.

The client is built from the same settings as the LLM narrator (``--model``/``SOLO_MODEL``,
``OPENAI_BASE_URL``, ``OPENAI_API_KEY``, ``[llm]`` in config.toml); the key is never logged.
"""

from __future__ import annotations

import json
import os
import queue
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from .tropes import Trope, Verdict

if TYPE_CHECKING:
    from ..narration.deadlines import WallClock

MAX_REPLY = 2000


class RawVerdict(BaseModel):
    """What the model must send back."""

    model_config = ConfigDict(extra="ignore", str_strip_whitespace=True)
    trope: str | None = Field(default=None, max_length=200)
    reason: str = Field(default="", max_length=400)


def parse_verdict(text: Any, tropes: Sequence[Trope]) -> tuple[Verdict | None, str | None]:
    """(verdict or None, error or None) from the model's reply text."""
    from .awards import clean_reason

    if not isinstance(text, str) or not text.strip():
        return None, "the model returned no text"
    text = text.strip()[:MAX_REPLY]
    start, end = text.find("{"), text.rfind("}")
    if start < 0 or end <= start:
        return None, "the reply is not a JSON object"
    try:
        data = json.loads(text[start:end + 1])
    except (ValueError, RecursionError):
        return None, "the reply is not valid JSON"
    if not isinstance(data, dict):
        return None, "the reply is not a JSON object"
    try:
        raw = RawVerdict.model_validate(data)
    except ValidationError as exc:
        return None, f"malformed verdict ({exc.errors()[0]['msg']})"
    name = (raw.trope or "").strip().strip("\"'\u201c\u201d.").casefold()
    if name in ("", "none", "null", "no", "no trope", "n/a"):
        return None, None
    for t in tropes:
        if t.name.casefold().strip("\u201c\u201d") == name.strip("\u201c\u201d"):
            reason = clean_reason(raw.reason) or "plays into the trope"
            return Verdict(t.name, reason, "model"), None
    return None, "the verdict names no trope from the list"


class LLMJudge:
    """Judges typed lines with a chat model; never blocks play for longer than ``deadline``
    (``timeout`` is the connect deadline; both default to the narrator's, from config.toml)."""

    name = "model"
    FAILURES_BEFORE_PAUSE = 3

    def __init__(self, *, model: str | None = None, base_url: str | None = None, api_key: str | None = None,
                 timeout: float | None = None, deadline: float | None = None, max_tokens: int = 60,
                 notice: Callable[[str], None] | None = None, log_path: Path | None = None,
                 json_mode: bool = True, cache_size: int = 512, clock: WallClock | None = None) -> None:
        from ..narration.deadlines import WALL, read_deadlines
        from ..narration.llm import DEFAULT_MODEL, load_config, remember_secrets

        config = load_config()
        #: What ``deadline`` is measured by (the narrator's; a test gives a clock it moves itself).
        self.clock = clock if clock is not None else WALL
        self.model = model or os.environ.get("SOLO_MODEL") or config.get("model") or DEFAULT_MODEL
        self.base_url = base_url or os.environ.get("OPENAI_BASE_URL") or config.get("base_url")
        self._api_key = api_key  # in memory only
        remember_secrets(api_key, self.base_url)
        self._log_refused = False
        self.notice = notice or (lambda text: None)
        deadlines = read_deadlines(config)  # a bad value is the narrator's notice (it comes with one)
        self.timeout = float(timeout if timeout is not None else deadlines.connect)
        self.deadline = float(deadline if deadline is not None else min(deadlines.first_text, deadlines.request))
        self.max_tokens = max_tokens
        self.json_mode = json_mode
        self.log_path = log_path if log_path is not None else _exchange_log()
        self.cache: OrderedDict[tuple, Verdict | None] = OrderedDict()
        self.cache_size = cache_size
        self.asked = 0  # requests sent
        self.failures = 0  # in a row
        self.paused = False
        self.last_error: str | None = None
        self._client = None
        self._warned = False

    def retry(self) -> None:
        self.paused = False
        self.failures = 0
        self._warned = False

    # ------------------------------------------------------------------ judging

    def judge(self, line: str, who: str | None, tropes: Sequence[Trope]) -> Verdict | None:
        key = (" ".join(str(line).split()).casefold(), who or "", tuple(t.name for t in tropes))
        if key in self.cache:
            self.cache.move_to_end(key)
            return self.cache[key]
        if self.paused:
            return None  # not cached: the player may ask for the model again
        verdict, error = self._ask(line, who, tropes)
        self.cache[key] = verdict
        if len(self.cache) > self.cache_size:
            self.cache.popitem(last=False)
        if error is None:
            self.failures = 0
            return verdict
        self.last_error = error
        self.failures += 1
        if not self._warned:
            self._warned = True
            self.notice(f"the director's model could not judge that line ({error}); no Genre Point, play goes on")
        if self.failures >= self.FAILURES_BEFORE_PAUSE:
            self.paused = True
            self.failures = 0
            self.notice(f"the director's model is paused after {self.FAILURES_BEFORE_PAUSE} failed judgements; "
                        "no Genre Points from it until you type: director retry")
        return None

    def messages(self, line: str, who: str | None, tropes: Sequence[Trope]) -> list[dict[str, str]]:
        from ..narration.environment import make_environment, prompts_dir

        env = make_environment(prompts_dir())
        ctx = {"tropes": [t.name for t in tropes], "line": " ".join(str(line).split())[:600], "who": who or ""}
        system = env.get_template("judge/system.j2").render(ctx).strip()
        user = env.get_template("judge/line.j2").render(ctx).strip()
        return [{"role": "system", "content": system}, {"role": "user", "content": user}]

    def _ask(self, line: str, who: str | None, tropes: Sequence[Trope]) -> tuple[Verdict | None, str | None]:
        from ..narration.llm import describe_error

        try:
            messages = self.messages(line, who, tropes)
        except Exception as exc:  # a broken prompt file: no award
            return None, describe_error(exc)
        answer: queue.Queue = queue.Queue()
        started = self.clock.now()

        def call() -> None:
            try:
                answer.put(("text", self._request(messages)))
            except BaseException as exc:  # handed to the waiting thread
                answer.put(("error", exc))

        worker = threading.Thread(target=call, name="trope-judge", daemon=True)
        self.asked += 1
        worker.start()
        try:
            kind, text = self.clock.wait(answer, started + self.deadline, worker)
        except KeyboardInterrupt:
            self._log(messages, None, "interrupted", self.clock.now() - started)
            return None, "interrupted"
        except queue.Empty:
            error = f"no verdict within {self.deadline:g} s"
            self._log(messages, None, error, self.clock.now() - started)
            return None, error
        if kind == "error":
            error = describe_error(text)
            self._log(messages, None, error, self.clock.now() - started)
            return None, error
        verdict, error = parse_verdict(text, tropes)
        self._log(messages, text if isinstance(text, str) else None, error, self.clock.now() - started)
        return verdict, error

    def client(self):
        if self._client is None:
            from ..narration.llm import make_client

            self._client = make_client(self.base_url, self._api_key, self.deadline, 0, connect=self.timeout)
        return self._client

    def _request(self, messages) -> Any:
        kwargs: dict[str, Any] = {"model": self.model, "messages": messages, "max_tokens": self.max_tokens,
                                  "temperature": 0.0}
        if self.json_mode:
            kwargs["response_format"] = {"type": "json_object"}
        reply = self.client().chat.completions.create(**kwargs)
        choices = getattr(reply, "choices", None) or []
        if not choices:
            raise ValueError("malformed reply: no choices")
        message = getattr(choices[0], "message", None)
        return getattr(message, "content", None)

    # ------------------------------------------------------------------ the log

    def _log(self, messages, text: str | None, error: str | None, seconds: float) -> None:
        """One JSON line in the private exchange log (as the narrator's; no key, no URL secrets)."""
        if self.log_path is None:
            return
        from ..narration.llm import log_exchange, redact_url

        record = {"time": round(time.time(), 3), "model": self.model, "base_url": redact_url(self.base_url),
                  "beat": "trope-judge", "messages": messages, "text": (text or "")[:MAX_REPLY], "error": error,
                  "seconds": round(seconds, 3)}
        refused = log_exchange(self.log_path, record)
        if refused and not self._log_refused:
            self._log_refused = True
            self.notice(refused)


def _exchange_log() -> Path | None:
    try:
        from ..paths import data_dir

        return data_dir() / "llm-exchanges.jsonl"
    except OSError:
        return None
