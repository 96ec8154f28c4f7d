"""The offline narrator: Jinja2 templates in ``prompts/template/``, no model, no network.

Each beat kind has one template, ``prompts/template/<kind>.j2``, that composes its text from
small lists of parts kept in ``prompts/template/_lexicon.j2`` and in the template itself
(per-suit sensory flavour × per-severity dread × per-Fallout consequence, and so on).
A render gets an integer ``v`` (the variant); ``pick(parts)`` chooses ``parts[v % len]``
and ``pick(parts, k)`` a differently mixed part for slot ``k``, so one cell of
suit × severity × … yields many distinct texts.

The variant is chosen from the narrator's seed and its beat count, never twice in a row
for the same kind and cell, and a text is never told twice in a row for the same kind.
"""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Iterator, Mapping, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

import jinja2
from jinja2 import Environment, FileSystemLoader, StrictUndefined, pass_context

from solo.nott.cards import SUIT_APTITUDES

from .base import strip_control
from .beats import Beat

__all__ = ["PROMPTS_DIR", "TemplateNarrator", "make_environment", "prompts_dir"]

#: ``<repo>/prompts``: the package lives at ``<repo>/solo/narration`` (editable install).
PROMPTS_DIR = Path(__file__).resolve().parents[2] / "prompts"
#: Environment variable that points the narrator at another prompts directory.
PROMPTS_ENV = "SOLO_PROMPTS_DIR"


def prompts_dir() -> Path:
    """The prompts directory: ``$SOLO_PROMPTS_DIR`` if set, else ``<repo>/prompts``."""
    override = os.environ.get(PROMPTS_ENV)
    path = Path(override) if override else PROMPTS_DIR
    if not override and not (path / "template").is_dir():
        path = Path(__file__).resolve().parents[1] / "prompts"  # inside an installed wheel
    if not (path / "template").is_dir():
        raise FileNotFoundError(
            f"no narrator templates at {path / 'template'} (install solo editable, "
            f"`pip install -e .`, or set {PROMPTS_ENV})")
    return path


# ---------------------------------------------------------------------- template helpers

_NUMBER_WORDS = ("no one", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                 "ten", "eleven", "twelve", "thirteen")


def _mix(v: int, k: int) -> int:
    digest = hashlib.blake2b(f"{v}:{k}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


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
    cache = env.__dict__.setdefault("_solo_parts", {})
    tmpl = cache.get(text)
    if tmpl is None:
        tmpl = cache[text] = env.from_string(text)
    return tmpl.render(ctx.get_all())


def role(archetype: Any) -> str:
    """``"The Jock"`` → ``"the Jock"``; an empty archetype → ``"the stranger"``."""
    text = str(archetype or "").strip()
    if not text:
        return "the stranger"
    head, _, rest = text.partition(" ")
    if head.lower() in ("the", "a", "an") and rest:
        return f"{head.lower()} {rest}"
    return f"the {text}"


def names(items: Any) -> str:
    """``["A", "B", "C"]`` → ``"A, B and C"``."""
    items = [str(x) for x in (items or [])]
    if not items:
        return "no one"
    if len(items) == 1:
        return items[0]
    return f"{', '.join(items[:-1])} and {items[-1]}"


def words(n: Any) -> str:
    """Small numbers in words (0 → "no one", 1 → "one" … 13 → "thirteen")."""
    return _NUMBER_WORDS[n] if isinstance(n, int) and 0 <= n < len(_NUMBER_WORDS) else str(n)


def cap(text: Any) -> str:
    """Upper-case the first letter only."""
    text = str(text)
    return text[:1].upper() + text[1:]


def possessive(name: Any) -> str:
    """``"Dana"`` → ``"Dana's"`` (and ``"Iris's"``: one style throughout)."""
    return f"{name}'s"


def bare(archetype: Any) -> str:
    """``"The Jock"`` → ``"Jock"``; an empty archetype → ``"horror-movie"``."""
    text = str(archetype or "").strip()
    head, _, rest = text.partition(" ")
    if head.lower() in ("the", "a", "an") and rest:
        return rest
    return text or "horror-movie"


def make_environment(path: str | os.PathLike[str] | None = None) -> Environment:
    """The Jinja2 environment over ``prompts/``: strict undefined, no autoescape."""
    env = Environment(
        loader=FileSystemLoader(str(path if path is not None else prompts_dir())),
        undefined=StrictUndefined,
        autoescape=False,
        keep_trailing_newline=False,
    )
    env.globals["pick"] = pick
    env.filters.update(fill=fill, role=role, bare=bare, names=names, words=words, cap=cap,
                       possessive=possessive)
    return env


_SPACE_BEFORE_PUNCT = re.compile(r"\s+([.,;:!?])")


def _tidy(text: str) -> str:
    text = " ".join(strip_control(text).split())
    return _SPACE_BEFORE_PUNCT.sub(r"\1", text)


# Context keys that tell one cell of a beat kind from another.
_CELL_KEYS = ("suit", "severity", "face", "success", "fallout", "strike", "strike_number", "phase",
              "cause", "survivor_count", "found", "aptitude_match", "joker")


def _cell(context: Mapping[str, Any]) -> tuple:
    return tuple(context.get(k) for k in _CELL_KEYS)


class TemplateNarrator:
    """Tells beats from the Jinja2 templates in ``prompts/template/``.

    Deterministic: the same ``seed`` and the same beats give the same texts. The narrator
    keeps only variety state (beat count, last variant and text per kind); it knows no
    rules and tells what the beat says happened.
    """

    #: How many variant numbers a render may get; parts lists of 2–6 divide it evenly.
    VARIANTS = 60

    def __init__(
        self,
        seed: int | str | None = None,
        *,
        prompts: str | os.PathLike[str] | None = None,
        environment: Environment | None = None,
        setting: Mapping[str, Any] | None = None,
    ) -> None:
        self.seed = 0 if seed is None else seed
        #: The playset's setting (``Playset.setting()``), or None for the default camp.
        self.setting = dict(setting) if setting else None
        if environment is None:
            environment = _shared_environment(str(Path(prompts) if prompts is not None else prompts_dir()))
        self.env = environment
        self.count = 0
        self.responses = 0
        self._last_variant: dict[tuple, int] = {}
        self._last_text: dict[str, str] = {}

    # ------------------------------------------------------------------ narrating

    def narrate(self, beat: Beat) -> Iterator[str]:
        """The beat's text, as one chunk (chosen now, not when the iterator is read)."""
        return iter([self.tell(beat)])

    def tell(self, beat: Beat) -> str:
        """The beat's text; advances the beat count and the no-repeat memory."""
        v0 = self._variant(beat.kind, self.count)
        self.count += 1
        return self._choose(beat.kind, _cell(beat.context), v0,
                            lambda v: self.render(beat, v))

    def render(self, beat: Beat, variant: int) -> str:
        """Render ``beat`` with variant number ``variant``; no state changes. Raises
        :class:`jinja2.UndefinedError` when the beat's context lacks a key its template uses."""
        ctx = {"player_action": None, "summary": ""}
        ctx.update(beat.context)
        ctx.update(v=int(variant), kind=beat.kind, setting=self.setting)
        return self._render(f"template/{beat.kind}.j2", ctx)

    def respond(self, character: Any, beat: Beat) -> str:
        """A short first-person action line for ``character`` facing the beat's threat, for
        autoplay: ``"I grab the poker and go for the window."``. ``character`` is a
        :class:`~solo.nott.game.Character` or a mapping with name, archetype and aptitude."""
        ctx = self.response_context(character, beat)
        v0 = self._variant("response", self.responses)
        self.responses += 1
        return self._choose("response", (ctx["suit"], ctx["severity"], ctx["match"]), v0,
                            lambda v: self._render("template/response.j2", ctx | {"v": v, "setting": self.setting}))

    @staticmethod
    def response_context(character: Any, beat: Beat) -> dict[str, Any]:
        if isinstance(character, Mapping):
            name = character["name"]
            archetype = character.get("archetype", "")
            aptitude = character.get("aptitude")
        else:
            name, archetype, aptitude = character.name, character.archetype, character.aptitude
        if isinstance(aptitude, int) and not isinstance(aptitude, bool) and 0 <= aptitude < 4:
            aptitude = SUIT_APTITUDES[aptitude]
        suit = beat.get("suit")
        return {
            "name": name,
            "archetype": archetype or "",
            "aptitude": aptitude if aptitude in SUIT_APTITUDES else None,
            "suit": suit,
            "severity": beat.get("severity") or "atmospheric",
            "killer": bool(beat.get("killer")),
            "match": suit is not None and suit == aptitude,
            "player_action": beat.get("player_action"),
            "summary": beat.get("summary", ""),
        }

    def reset(self) -> None:
        """Forget the beat count and the no-repeat memory (a new night, same seed)."""
        self.count = self.responses = 0
        self._last_variant.clear()
        self._last_text.clear()

    # ------------------------------------------------------------------ internals

    def _variant(self, kind: str, n: int) -> int:
        digest = hashlib.blake2b(f"{self.seed!r}|{n}|{kind}".encode(), digest_size=8).digest()
        return int.from_bytes(digest, "big") % self.VARIANTS

    def _choose(self, kind: str, cell: tuple, v0: int, render) -> str:
        last_v = self._last_variant.get((kind, cell))
        last_t = self._last_text.get(kind)
        first: tuple[int, str] | None = None
        chosen: tuple[int, str] | None = None
        for step in range(self.VARIANTS):
            v = (v0 + step) % self.VARIANTS
            if v == last_v and self.VARIANTS > 1:
                continue
            text = render(v)
            if first is None:
                first = (v, text)
            if text != last_t:
                chosen = (v, text)
                break
        v, text = chosen or first or (v0, render(v0))
        self._last_variant[(kind, cell)] = v
        self._last_text[kind] = text
        return text

    def _render(self, name: str, ctx: dict[str, Any]) -> str:
        return _tidy(self.env.get_template(name).render(ctx))


@lru_cache(maxsize=8)
def _shared_environment(path: str) -> Environment:
    return make_environment(path)
