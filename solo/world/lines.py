"""Whether a line may be told of the scene at hand: it fits the place
(:func:`~solo.world.places.fits`), shows nothing that is gone (:mod:`~solo.world.present`) and
speaks of no group the living cannot make (:mod:`~solo.world.group`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .group import CROWD, crowd
from .places import fits
from .present import gone, gone_word, unplaced

__all__ = ["line_fits"]

#: Whether a line fits, per (wild, indoors, outdoors, places, gone, present, crowd).
_FITTING: dict[tuple, dict[str, bool]] = {}


def line_fits(ctx: Mapping[str, Any], setting: Mapping[str, Any] | None) -> Callable[[str], bool]:
    """Whether a line fits where the group is, for a beat's context ``ctx`` (its ``kind`` and the
    fiction's view ``f``) in ``setting`` (a playset's; None for the default camp)."""
    f = ctx.get("f") or {}
    wild = f["wild"] if f.get("wild") is not None else not (setting and setting.get("locations")) or \
        bool(setting.get("wild"))
    indoors, outdoors = bool(f.get("indoors")), bool(f.get("outdoors"))
    places = tuple(f.get("places") or ())
    away, present = gone(ctx, f)
    group = crowd(ctx.get("kind"), f)
    memo = _FITTING.setdefault((wild, indoors, outdoors, places, away, present, group), {})

    def fitting(line: str) -> bool:
        got = memo.get(line)
        if got is None:
            if len(memo) > 16384:  # a long session: kept bounded
                memo.clear()
            got = memo[line] = fits(line, wild, indoors, outdoors, places) and not (
                away and gone_word(away).search(unplaced(line, places + present))) and not (
                group is not None and CROWD[group].search(line))
        return got

    return fitting
