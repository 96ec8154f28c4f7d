"""Whether a line may be told of the scene at hand: it fits the place and the Killer
(:func:`~solo.world.places.fits`: no house where the setting has none, no mask on a Killer
that wears none), shows nothing that is gone (:mod:`~solo.world.present`) and speaks of no
group the living cannot make (:mod:`~solo.world.group`)."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Any

from .group import CROWD, crowd
from .places import buildings_of, fits, masked
from .present import gone, gone_word, unplaced

__all__ = ["line_fits"]

#: Whether a line fits, per (wild, indoors, outdoors, places, buildings, mask, gone, present, crowd, lacks).
_FITTING: dict[tuple, dict[str, bool]] = {}


def line_fits(ctx: Mapping[str, Any], setting: Mapping[str, Any] | None) -> Callable[[str], bool]:
    """Whether a line fits where the group is, for a beat's context ``ctx`` (its ``kind`` and the
    fiction's view ``f``) in ``setting`` (a playset's; None for the default camp)."""
    f = ctx.get("f") or {}
    wild = f["wild"] if f.get("wild") is not None else not (setting and setting.get("locations")) or \
        bool(setting.get("wild"))
    indoors, outdoors = bool(f.get("indoors")), bool(f.get("outdoors"))
    places = tuple(f.get("places") or ())
    buildings = _buildings(places, setting)
    killer = f.get("killer") or ctx.get("the_killer") or (setting or {}).get("killer")
    mask = masked(killer.get("look")) if isinstance(killer, Mapping) else None
    away, present = gone(ctx, f)
    group = crowd(ctx.get("kind"), f)
    lacks = tuple(f.get("lacks") or ())  # what the place has not got (:func:`~solo.world.places.lacking`)
    lacking = _lacking(lacks)
    memo = _FITTING.setdefault((wild, indoors, outdoors, places, buildings, mask, away, present, group, lacks), {})

    def fitting(line: str) -> bool:
        got = memo.get(line)
        if got is None:
            if len(memo) > 16384:  # a long session: kept bounded
                memo.clear()
            got = memo[line] = fits(line, wild, indoors, outdoors, places, buildings, mask) and not (
                away and gone_word(away).search(unplaced(line, places + present))) and not (
                group is not None and CROWD[group].search(line)) and not (
                lacking is not None and lacking.search(line))
        return got

    return fitting


@lru_cache(maxsize=256)
def _lacking(lacks: tuple[str, ...]) -> re.Pattern | None:
    """One pattern for the words a place lacks (read as plain lower-case substrings)."""
    return re.compile("|".join(re.escape(w) for w in lacks), re.IGNORECASE) if lacks else None


def _buildings(places: tuple[str, ...], setting: Mapping[str, Any] | None) -> frozenset[str] | None:
    """The kinds of building the setting has (:func:`~solo.world.places.buildings_of`): named by
    its places (the fiction's, or the setting's), its title or its premise; None when nothing
    of the setting is known (no line is then held to it)."""
    setting = setting or {}
    texts = tuple(places) or tuple(str(x) for x in (setting.get("locations") or ()))
    if not texts:
        return None
    return buildings_of(texts + tuple(str(setting.get(k) or "") for k in ("title", "premise")))
