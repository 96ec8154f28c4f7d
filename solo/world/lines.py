"""Whether a line may be told of the scene at hand: it fits the place and the Killer
(:func:`~solo.world.places.fits`: no house where the setting has none, no mask on a Killer
that wears none), shows nothing that is gone (:mod:`~solo.world.present`) and speaks of no
group the living cannot make (:mod:`~solo.world.group`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .group import CROWD, crowd
from .places import buildings_of, fits, masked
from .present import gone, gone_word, unplaced

__all__ = ["line_fits"]

#: Whether a line fits the place (wild, indoors, outdoors, places, buildings, mask, lacks), and whether
#: it shows nothing gone (gone, the names not read for it): each kept apart, as each changes
#: at its own pace over a night.
_PLACED: dict[tuple, dict[str, bool]] = {}
_SHOWN: dict[tuple, dict[str, bool]] = {}


def _memo(memos: dict[tuple, dict[str, bool]], key: tuple) -> dict[str, bool]:
    memo = memos.get(key)
    if memo is None:
        if len(memos) > 256:  # a long session: kept bounded
            memos.clear()
        memo = memos[key] = {}
    elif len(memo) > 16384:
        memo.clear()
    return memo


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
    crowded = CROWD[group].search if group is not None else None
    # what the place has not got (:func:`~solo.world.places.lacking`), as lower-case substrings
    lacks = tuple(f.get("lacks") or ())
    placed = _memo(_PLACED, (wild, indoors, outdoors, places, buildings, mask, lacks))
    shown = _memo(_SHOWN, (away, places + present)) if away else None
    unsaid = places + present

    def fitting(line: str) -> bool:
        if crowded is not None and crowded(line):
            return False
        got = placed.get(line)
        if got is None:
            got = placed[line] = fits(line, wild, indoors, outdoors, places, buildings, mask) and not (
                lacks and any(map(line.lower().__contains__, lacks)))
        if not got or shown is None:
            return got
        seen = shown.get(line)
        if seen is None:
            seen = shown[line] = not gone_word(away).search(unplaced(line, unsaid))
        return seen

    return fitting


def _buildings(places: tuple[str, ...], setting: Mapping[str, Any] | None) -> frozenset[str] | None:
    """The kinds of building the setting has (:func:`~solo.world.places.buildings_of`): named by
    its places (the fiction's, or the setting's), its title or its premise; None when nothing
    of the setting is known (no line is then held to it)."""
    setting = setting or {}
    texts = tuple(places) or tuple(str(x) for x in (setting.get("locations") or ()))
    if not texts:
        return None
    return buildings_of(texts + tuple(str(setting.get(k) or "") for k in ("title", "premise")))
