"""The offline Lucky 13 narrator: Jinja2 templates in ``prompts/lucky13/``, no model, no network.

One template per beat kind (``prompts/lucky13/<kind>.j2``, kinds in
:data:`~solo.lucky13.beats.LUCKY13_BEAT_KINDS`). A render gets an integer ``v`` (the
variant); ``pick(parts)`` takes ``parts[v % len]`` for the main slot and ``pick(parts, k)``
a differently mixed part for slot ``k``. The variant comes from the narrator's seed and its
beat count, never the same one twice in a row for a kind and cell, and a text is never told
twice in a row. It satisfies the :class:`~solo.narration.base.Narrator` protocol
(``narrate(beat)`` yields text), so an LLM narrator can take its place.
"""

from __future__ import annotations

import hashlib
import inspect
import os
import re
from collections.abc import Callable, Iterator, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

import jinja2
from jinja2 import Environment, FileSystemLoader, StrictUndefined, pass_context

from solo.narration.base import strip_control
from solo.narration.beats import Beat

from .beats import LUCKY13_BEAT_KINDS, cell_of

__all__ = ["Lucky13TemplateNarrator", "lucky13_environment", "lucky13_prompts_dir", "make_lucky13_narrator"]

#: ``<repo>/prompts``: the package lives at ``<repo>/solo/lucky13`` (editable install).
PROMPTS_DIR = Path(__file__).resolve().parents[2] / "prompts"
PROMPTS_ENV = "SOLO_PROMPTS_DIR"
SUBDIR = "lucky13"


def lucky13_prompts_dir() -> Path:
    """The prompts directory holding ``lucky13/``: ``$SOLO_PROMPTS_DIR`` if it has one, else
    ``<repo>/prompts``."""
    override = os.environ.get(PROMPTS_ENV)
    if override and (Path(override) / SUBDIR).is_dir():
        return Path(override)
    if not (PROMPTS_DIR / SUBDIR).is_dir():
        raise FileNotFoundError(f"no Lucky 13 narrator templates at {PROMPTS_DIR / SUBDIR} "
                                f"(install solo editable, `pip install -e .`, or set {PROMPTS_ENV})")
    return PROMPTS_DIR


# ---------------------------------------------------------------------- template helpers

_NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                 "eleven", "twelve", "thirteen")


def _mix(v: int, k: int) -> int:
    return int.from_bytes(hashlib.blake2b(f"l13:{v}:{k}".encode(), digest_size=8).digest(), "big")


@pass_context
def pick(ctx: jinja2.runtime.Context, parts: Sequence[Any], k: int = 0) -> Any:
    """Part ``v % len(parts)`` for the main slot (``k=0``), a mixed choice for slot ``k``."""
    v = ctx.get("v")
    if not isinstance(v, int):
        raise jinja2.UndefinedError("pick() needs the variant number 'v' in the context")
    parts = list(parts)
    if not parts:
        return ""
    return parts[(v if k == 0 else _mix(v, k)) % len(parts)]


@pass_context
def fill(ctx: jinja2.runtime.Context, text: str) -> str:
    """Render a part (itself a small template, ``"{{ name }} runs."``) with the beat's context."""
    env = ctx.environment
    cache = env.__dict__.setdefault("_l13_parts", {})
    tmpl = cache.get(text)
    if tmpl is None:
        tmpl = cache[text] = env.from_string(text)
    return tmpl.render(ctx.get_all())


def words(n: Any) -> str:
    """Small numbers in words (1 → "one" … 13 → "thirteen")."""
    return _NUMBER_WORDS[n] if isinstance(n, int) and 0 <= n < len(_NUMBER_WORDS) else str(n)


def cap(text: Any) -> str:
    text = str(text)
    return text[:1].upper() + text[1:]


def possessive(name: Any) -> str:
    return f"{name}'s"


def names(items: Any) -> str:
    items = [str(x) for x in (items or [])]
    if not items:
        return "no one"
    if len(items) == 1:
        return items[0]
    return f"{', '.join(items[:-1])} and {items[-1]}"


HELPERS: dict[str, Callable] = {"fill": fill, "words": words, "cap": cap, "possessive": possessive, "names": names}


def lucky13_environment(path: str | os.PathLike[str] | None = None) -> Environment:
    """The Jinja2 environment over the prompts directory (templates named ``lucky13/<kind>.j2``).

    Reuses :func:`solo.narration.templates.make_environment` when its signature takes a path
    (StrictUndefined, no autoescape); otherwise builds the same kind of environment here. The
    ``pick``/``fill`` helpers are always this module's own, so texts do not shift when the
    Night of the Thirteenth narrator changes.
    """
    root = str(path if path is not None else lucky13_prompts_dir())
    env: Environment | None = None
    try:
        from solo.narration.templates import make_environment

        params = list(inspect.signature(make_environment).parameters.values())
        if params and params[0].kind in (params[0].POSITIONAL_ONLY, params[0].POSITIONAL_OR_KEYWORD):
            env = make_environment(root)
            if not isinstance(env, Environment) or env.undefined is not StrictUndefined:
                env = None
    except Exception:  # another engineer's module in flux: build our own
        env = None
    if env is None:
        env = Environment(loader=FileSystemLoader(root), undefined=StrictUndefined, autoescape=False,
                          keep_trailing_newline=False)
    env.globals["pick"] = pick
    env.filters.update(HELPERS)
    return env


@lru_cache(maxsize=8)
def _shared_environment(path: str) -> Environment:
    return lucky13_environment(path)


_SPACE_BEFORE_PUNCT = re.compile(r"\s+([.,;:!?])")


def tidy(text: str) -> str:
    """One line: control characters stripped, whitespace collapsed, no space before punctuation."""
    text = " ".join(strip_control(text).split())
    return _SPACE_BEFORE_PUNCT.sub(r"\1", text)


class Lucky13TemplateNarrator:
    """Tells Lucky 13 beats from ``prompts/lucky13/*.j2``.

    Deterministic: the same ``seed`` and the same beats give the same texts. It keeps only
    variety state (beat count, last variant per kind and cell, last text) and knows no rules.
    """

    #: How many variant numbers a render may get; parts lists of 2–6 divide it evenly.
    VARIANTS = 60
    name = "template"

    def __init__(self, seed: int | str | None = None, *, prompts: str | os.PathLike[str] | None = None,
                 environment: Environment | None = None) -> None:
        self.seed = 0 if seed is None else seed
        if environment is None:
            environment = _shared_environment(str(Path(prompts) if prompts is not None else lucky13_prompts_dir()))
        self.env = environment
        self.count = 0
        self._last_variant: dict[tuple, int] = {}
        self._last_text: dict[str, str] = {}
        self._last_any: str | None = None

    def narrate(self, beat: Beat) -> Iterator[str]:
        """The beat's text as one chunk (chosen now, not when the iterator is read)."""
        return iter([self.tell(beat)])

    def tell(self, beat: Beat) -> str:
        v0 = self._variant(beat.kind, self.count)
        self.count += 1
        return self._choose(beat, v0)

    def render(self, beat: Beat, variant: int) -> str:
        """Render ``beat`` with variant number ``variant``; no state changes. Raises
        :class:`jinja2.UndefinedError` when the context lacks a key the template uses."""
        if beat.kind not in LUCKY13_BEAT_KINDS:
            raise ValueError(f"no Lucky 13 template for beat kind {beat.kind!r}")
        ctx: dict[str, Any] = {"player_action": None, "summary": "", "mode": "cinematic"}
        ctx.update(beat.context)
        ctx.update(v=int(variant), kind=beat.kind)
        return tidy(self.env.get_template(f"{SUBDIR}/{beat.kind}.j2").render(ctx))

    def reset(self) -> None:
        self.count = 0
        self._last_variant.clear()
        self._last_text.clear()
        self._last_any = None

    def _variant(self, kind: str, n: int) -> int:
        digest = hashlib.blake2b(f"{self.seed!r}|{n}|{kind}".encode(), digest_size=8).digest()
        return int.from_bytes(digest, "big") % self.VARIANTS

    def _choose(self, beat: Beat, v0: int) -> str:
        key = (beat.kind, cell_of(beat.context))
        last_v = self._last_variant.get(key)
        avoid = {self._last_text.get(beat.kind), self._last_any}
        first: tuple[int, str] | None = None
        chosen: tuple[int, str] | None = None
        for step in range(self.VARIANTS):
            v = (v0 + step) % self.VARIANTS
            if v == last_v:
                continue
            text = self.render(beat, v)
            if first is None:
                first = (v, text)
            if text not in avoid:
                chosen = (v, text)
                break
        v, text = chosen or first or (v0, self.render(beat, v0))
        self._last_variant[key] = v
        self._last_text[beat.kind] = text
        self._last_any = text
        return text


def make_lucky13_narrator(kind: str = "template", *, seed=None, model: str | None = None,
                          notice: Callable[[str], None] | None = None):
    """A narrator for Lucky 13 beats. ``llm`` is not wired for Lucky 13 yet: the templates
    tell the scene (with a notice). Unknown kinds are refused with a one-line ValueError."""
    if kind == "template":
        return Lucky13TemplateNarrator(seed=seed)
    if kind == "llm":
        if notice:
            notice("the LLM narrator does not tell Lucky 13 scenes yet; using the templates")
        return Lucky13TemplateNarrator(seed=seed)
    raise ValueError(f"unknown narrator {kind!r} (template or llm)")
