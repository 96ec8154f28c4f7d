"""Choosing a narrator: ``template`` (offline, the default) or ``llm``."""

from __future__ import annotations

from collections.abc import Callable


def make_narrator(kind: str = "template", *, seed=None, model: str | None = None,
                  notice: Callable[[str], None] | None = None, playset=None):
    """A narrator for ``kind``. Unknown kinds are refused with a one-line ValueError."""
    from .templates import TemplateNarrator

    setting = playset.setting() if playset is not None else None
    if kind == "template":
        return TemplateNarrator(seed=seed, setting=setting)
    if kind == "llm":
        try:
            from .llm import LLMNarrator
        except ImportError:
            if notice:
                notice("the LLM narrator is not available; using the templates")
            return TemplateNarrator(seed=seed, setting=setting)
        return LLMNarrator(fallback=TemplateNarrator(seed=seed, setting=setting), model=model, notice=notice,
                           setting=playset.describe() if playset is not None else None)
    raise ValueError(f"unknown narrator {kind!r} (template or llm)")
