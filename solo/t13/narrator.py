"""Telling a Card Draw Test: beats built from a result, and a small template narrator.

:func:`race_beats` turns a :class:`~solo.t13.group.GroupResult` into :class:`~solo.narration.beats.Beat`\\ s
in table order — the opening, then first place to last (the winner, each middle placing,
the loser, a tie beat wherever a place is shared), then one beat for each character who
ends with Failure Levels. :class:`RaceNarrator` tells them from the Jinja2 templates in
``prompts/t13/`` (one per kind, :data:`RACE_BEAT_KINDS`), with ``StrictUndefined``.
It satisfies the :class:`~solo.narration.base.Narrator` protocol (``narrate(beat)`` yields
text), is deterministic (the same seed and beats give the same texts) and never tells the
same line twice in a row. It tells what the result says and decides nothing.
"""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from jinja2 import Environment

from ..narration.base import strip_control
from ..narration.beats import Beat
from ..narration.environment import make_environment, prompts_dir
from .cards import SUIT_SYMBOLS, card_str
from .group import Entry, GroupResult
from .report import place_word

__all__ = ["RACE_BEAT_KINDS", "RaceBeat", "RaceNarrator", "race_beats", "template_name"]

#: Beat kinds of a race; ``race_<x>`` is told by ``prompts/t13/<x>.j2``.
RACE_BEAT_KINDS = ("race_opening", "race_placing", "race_winner", "race_loser", "race_tie", "race_failure")


@dataclass(frozen=True)
class RaceBeat(Beat):
    """A :class:`~solo.narration.beats.Beat` of a race: ``kind`` is one of :data:`RACE_BEAT_KINDS`
    (the NotT kinds of :data:`~solo.narration.beats.BEAT_KINDS` are not race beats)."""

    def __post_init__(self) -> None:
        if self.kind not in RACE_BEAT_KINDS:
            raise ValueError(f"unknown race beat kind {self.kind!r} (one of {', '.join(RACE_BEAT_KINDS)})")
        object.__setattr__(self, "context", dict(self.context))


def template_name(kind: str) -> str:
    """``race_winner`` → ``t13/winner.j2``."""
    if kind not in RACE_BEAT_KINDS:
        raise ValueError(f"not a race beat kind: {kind!r} (kinds: {', '.join(RACE_BEAT_KINDS)})")
    return f"t13/{kind.removeprefix('race_')}.j2"


# ---------------------------------------------------------------------- beats


def _racer(entry: Entry, result: GroupResult, person: Mapping[str, Any]) -> dict[str, Any]:
    r = entry.result
    return {
        "name": entry.name,
        "archetype": str(person.get("archetype") or ""),
        "aptitude": str(person.get("aptitude") or ""),
        "card": card_str(r.card),
        "suit_class": r.suit_class,
        "total": entry.total,
        "margin": entry.margin,
        "passed": entry.passed,
        "place": entry.place,
        "place_word": place_word(entry.place),
        "success": entry.success_levels,
        "failure": entry.failure_levels,
        "failure_kinds": [lv.kind for lv in entry.levels if lv.failure],
        "draw_off": bool(entry.draw_off),
    }


def race_beats(result: GroupResult, people: Sequence[Mapping[str, Any]] | None = None,
               scene: str = "") -> list[Beat]:
    """The beats of a test, in table order.

    ``people`` gives, for each entry in the order given, optional ``archetype`` and
    ``aptitude`` (text); ``scene`` an optional word for what the test is (not used in prose
    unless given). Every context carries ``facet``, ``suit`` (its symbol), ``difficulty``
    (Pips), ``n`` (how many take part) and ``scene``.
    """
    people = list(people) if people is not None else [{} for _ in result.entries]
    if len(people) != len(result.entries):
        raise ValueError(f"race_beats needs one person per entry: {len(people)} for {len(result.entries)}")
    facet = result.entries[0].result.facet
    base = {"facet": facet, "suit": SUIT_SYMBOLS[result.table.suit_of(facet)],
            "difficulty": result.difficulty.pips, "n": len(result.entries), "scene": scene}
    racers = [_racer(e, result, people[e.index]) for e in result.entries]
    ranked = [racers[e.index] for e in result.ranked()]
    beats: list[Beat] = [RaceBeat("race_opening", base | {"racers": racers, "names": [r["name"] for r in racers]})]
    groups: list[list[dict[str, Any]]] = []
    for r in ranked:
        if groups and groups[-1][0]["place"] == r["place"]:
            groups[-1].append(r)
        else:
            groups.append([r])
    n_groups = len(groups)
    winner = ranked[0]
    for k, group in enumerate(groups):
        first, last = k == 0, k == n_groups - 1 and n_groups > 1
        if len(group) > 1:
            beats.append(RaceBeat("race_tie", base | {
                "names": [r["name"] for r in group], "place": group[0]["place"],
                "place_word": group[0]["place_word"], "total": group[0]["total"],
                "passed": group[0]["passed"], "first": first, "last": last or (first and n_groups == 1),
                "count": len(group)}))
        elif first:
            runner = ranked[1] if len(ranked) > 1 else None
            beats.append(RaceBeat("race_winner", base | group[0] | {
                "alone": runner is None, "lead": winner["total"] - runner["total"] if runner else 0}))
        elif last:
            beats.append(RaceBeat("race_loser", base | group[0] | {
                "winner": winner["name"], "behind": winner["total"] - group[0]["total"]}))
        else:
            beats.append(RaceBeat("race_placing", base | group[0]))
    for r in ranked:
        if r["failure"]:
            beats.append(RaceBeat("race_failure", base | r))
    return beats


# ---------------------------------------------------------------------- narrator


@lru_cache(maxsize=8)
def _environment(path: str) -> Environment:
    return make_environment(path)


def _tidy(text: str) -> str:
    text = " ".join(strip_control(text).split())
    for p in ".,;:!?":
        text = text.replace(f" {p}", p)
    return text


_DIGITS = re.compile(r"\d+")


def _shape(text: str, beat: Beat) -> str:
    """The text with the beat's names and numbers blanked: two placings told with the same
    words for different people have the same shape, and the narrator avoids that in a row."""
    c = beat.context
    names = [c.get("name"), c.get("winner"), *(c.get("names") or [])]
    for n in sorted((str(x) for x in names if x), key=len, reverse=True):
        text = text.replace(n, "§")
    return _DIGITS.sub("#", text)


def _cell(beat: Beat) -> tuple:
    c = beat.context
    return tuple(c.get(k) for k in ("place", "passed", "suit_class", "first", "last", "alone"))


class RaceNarrator:
    """Tells race beats from ``prompts/t13/``; deterministic from ``seed``.

    A render gets a variant number ``v`` (templates choose parts with ``pick``, as in
    ``prompts/template/``). The variant comes from the seed, the beat count and the kind;
    if its text equals the last line told (of any kind) or the last of its kind, the next
    variant is tried, so no line is told twice in a row.
    """

    VARIANTS = 60

    def __init__(self, seed: int | str | None = None, *, prompts: str | os.PathLike[str] | None = None,
                 environment: Environment | None = None) -> None:
        self.seed = 0 if seed is None else seed
        if environment is None:
            environment = _environment(str(Path(prompts) if prompts is not None else prompts_dir()))
        self.env = environment
        self.count = 0
        self._last_text: str | None = None
        self._last_by_kind: dict[str, str] = {}
        self._last_variant: dict[tuple, int] = {}
        self._last_shape: dict[str, str] = {}

    def narrate(self, beat: Beat) -> Iterator[str]:
        """The beat's text as one chunk (chosen now, not when the iterator is read)."""
        return iter([self.tell(beat)])

    def tell(self, beat: Beat) -> str:
        """The beat's text; advances the count and the no-repeat memory."""
        v0 = self._variant(beat.kind, self.count)
        self.count += 1
        avoid = {self._last_text, self._last_by_kind.get(beat.kind)}
        last_shape = self._last_shape.get(beat.kind)
        last_v = self._last_variant.get((beat.kind, _cell(beat)))
        first: tuple[int, str] | None = None  # the first text that is no repeat
        chosen: tuple[int, str] | None = None  # ... and that also reads differently from the last of its kind
        for step in range(self.VARIANTS):
            v = (v0 + step) % self.VARIANTS
            if v == last_v:
                continue
            text = self.render(beat, v)
            if text in avoid:
                continue
            if first is None:
                first = (v, text)
            if _shape(text, beat) != last_shape:
                chosen = (v, text)
                break
        v, text = chosen or first or (v0, self.render(beat, v0))
        self._last_variant[(beat.kind, _cell(beat))] = v
        self._last_text = text
        self._last_by_kind[beat.kind] = text
        self._last_shape[beat.kind] = _shape(text, beat)
        return text

    def tell_all(self, beats: Iterable[Beat]) -> list[str]:
        return [self.tell(b) for b in beats]

    def render(self, beat: Beat, variant: int) -> str:
        """Render ``beat`` with variant ``variant``; no state changes. Raises
        :class:`jinja2.UndefinedError` when the context lacks a key the template uses."""
        ctx = dict(beat.context)
        ctx.update(v=int(variant), kind=beat.kind)
        return _tidy(self.env.get_template(template_name(beat.kind)).render(ctx))

    def reset(self) -> None:
        self.count = 0
        self._last_text = None
        self._last_by_kind.clear()
        self._last_variant.clear()
        self._last_shape.clear()

    def _variant(self, kind: str, n: int) -> int:
        digest = hashlib.blake2b(f"{self.seed!r}|{n}|{kind}".encode(), digest_size=8).digest()
        return int.from_bytes(digest, "big") % self.VARIANTS
