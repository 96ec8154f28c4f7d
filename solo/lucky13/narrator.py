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
import os
import re
from collections.abc import Callable, Iterator
from functools import lru_cache
from pathlib import Path
from typing import Any

from jinja2 import Environment

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
        packaged = Path(__file__).resolve().parents[1] / "prompts"  # inside an installed wheel
        if (packaged / SUBDIR).is_dir():
            return packaged
        raise FileNotFoundError(f"no Lucky 13 narrator templates at {PROMPTS_DIR / SUBDIR} "
                                f"(install solo editable, `pip install -e .`, or set {PROMPTS_ENV})")
    return PROMPTS_DIR


def lucky13_environment(path: str | os.PathLike[str] | None = None) -> Environment:
    """The Jinja2 environment over the prompts directory (templates named ``lucky13/<kind>.j2``):
    the Night's environment, with its ``pick``/``fill`` helpers and filters (StrictUndefined)."""
    from solo.narration.environment import make_environment

    return make_environment(str(path if path is not None else lucky13_prompts_dir()))


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
    """A narrator for Lucky 13 beats: the templates, or an OpenAI-compatible model (prompts in
    ``prompts/llm-lucky13/``) that falls back to them for any beat it cannot tell. Unknown
    kinds are refused with a one-line ValueError."""
    if kind == "template":
        return Lucky13TemplateNarrator(seed=seed)
    if kind == "llm":
        from solo.narration.llm import LLMNarrator

        return LLMNarrator(Lucky13TemplateNarrator(seed=seed), model=model, notice=notice,
                           prompt_set="llm-lucky13")
    raise ValueError(f"unknown narrator {kind!r} (template or llm)")
