"""Whole nights read by the whole-night reader (tests/narration/reader.py): what breaks, by kind.

    python tools/read_nights.py auto 200     # autoplay nights, as tests/narration/story_nights.py plays them
    python tools/read_nights.py typed 20     # the twenty typed nights of tests/repl/test_typed_nights.py
    python tools/read_nights.py auto 200 5   # … quoting five findings of each kind (default 3)

Prints the findings per kind, per kind and setting, and the first few of each kind quoted.
"""

from __future__ import annotations

import sys
from collections import Counter
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.narration.reader import KINDS


def autoplayed(i: int) -> tuple[str, list]:
    from tests.narration.story_nights import PLAYSETS, read_night

    return PLAYSETS[(i // 4) % 3] or "camp", [(f"night {i}", f) for f in read_night(i, reader=True)["reader"]]


def typed(seed: int) -> tuple[str, list]:
    from tests.repl.test_typed_nights import play

    playset = (None, "house-party", "cabin-in-the-woods")[seed % 3]
    night = play(seed, playset, ("ashcan", "playtest")[seed // 3 % 2], seed % 2 == 0, reader=True)
    return playset or "camp", [(f"typed {seed}", f) for f in night["reader"]]


def safely(work, seed):
    """A night that breaks is counted, not fatal (the tellings may be mid-change)."""
    try:
        return work(seed)
    except Exception as exc:  # noqa: BLE001 - counted and named
        return "broken", [(f"night {seed}", f"{type(exc).__name__}: {exc}")]


def _run(args):
    return safely(*args)


def main(argv: list[str]) -> int:
    kind, count, quote = (argv + ["auto", "200", "3"][len(argv):])[:3]
    n = int(count)
    work, seeds = (autoplayed, range(n)) if kind == "auto" else (typed, range(100, 100 + n))
    with Pool(2) as pool:
        rows = pool.map(_run, [(work, s) for s in seeds], chunksize=4)
    broken = [f"{night}: {e}" for where, found in rows if where == "broken" for night, e in found]
    rows = [r for r in rows if r[0] != "broken"]
    if broken:
        print(f"{len(broken)} nights broke: " + "; ".join(broken[:3]))
    per = Counter((where, f.kind) for where, found in rows for _, f in found)
    everything = [(night, f) for _, found in rows for night, f in found]
    print(f"{kind}: {len(rows)} nights, {len(everything)} findings")
    settings = sorted({where for where, _ in rows})
    print(f"  {'kind':14}{'all':>6}" + "".join(f"{s:>20}" for s in settings))
    for k in KINDS:
        print(f"  {k:14}{sum(per[s, k] for s in settings):>6}" + "".join(f"{per[s, k]:>20}" for s in settings))
    for k in KINDS:
        found = [(night, f) for night, f in everything if f.kind == k]
        if found:
            whys = Counter(f.why.split(" (")[0].split(",")[0] for _, f in found)
            print(f"\n{k}: " + "; ".join(f"{w} ×{c}" for w, c in whys.most_common(6)))
            for night, f in found[:int(quote)]:
                print(f"  - {night}, Test {f.test}, {f.beat}: “{f.sentence}” ({f.why})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
