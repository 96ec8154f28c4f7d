"""The story figures of the README's Narration section, measured again.

    python tools/story_figures.py typed 20     # the twenty typed nights of tests/repl/test_typed_nights.py
    python tools/story_figures.py auto 1000    # autoplay nights, as tests/narration/story_nights.py plays them

Each night is read as the tests read it: the sentence told most often as a reader hears a
repeat, the stock question, a lead-in before a capital, a "why" spliced raw, a thing nobody
alive holds told as present, a group word to the last one alive, and the middle of the night
(events a reader follows between Tests 15 and 45, the longest run of Tests without one).
"""

from __future__ import annotations

import statistics
import sys
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.narration.story_nights import read_night  # noqa: E402
from tests.repl.test_typed_nights import play, read  # noqa: E402


def autoplayed(i: int) -> dict:
    """Night ``i`` as the thousand-night tests read it (tests/narration/story_nights.py)."""
    r = read_night(i)
    return {"most": r["said"][0], "stock": r["stock"], "capitals": len(r["capitals"]), "raw": len(r["raw"]),
            "middle": r["middle"], "slips": len(r["found"])}


def typed(seed: int) -> dict:
    playset = (None, "house-party", "cabin-in-the-woods")[seed % 3]
    night = play(seed, playset, ("ashcan", "playtest")[seed // 3 % 2], seed % 2 == 0)
    r = read(night["md"], night["names"])
    m = night["middle"]
    return {"most": r["most"][0], "stock": r["stock"], "capitals": len(r["capitals"]), "raw": len(r["raw"]),
            "middle": (m.events, m.last - m.first + 1, m.longest) if m else None, "slips": len(night["slips"]),
            "written": len(night["written"])}


def main(argv: list[str]) -> int:
    kind, count = (argv + ["auto", "1000"])[:2] if argv else ("auto", "1000")
    n = int(count)
    work, seeds = (autoplayed, range(n)) if kind == "auto" else (typed, range(100, 100 + n))
    with Pool(2) as pool:
        rows = pool.map(work, seeds, chunksize=5)
    mids = [r["middle"] for r in rows if r["middle"]]
    print(f"{kind}: {len(rows)} nights")
    print(f"  nights with a sentence told more than four times: {sum(r['most'] > 4 for r in rows)}"
          f" (most in a night: {max(r['most'] for r in rows)})")
    print(f"  the stock question, most in a night: {max(r['stock'] for r in rows)}")
    print(f"  lead-ins before a capital: {sum(r['capitals'] for r in rows)}; raw whys: {sum(r['raw'] for r in rows)}")
    print(f"  slips ({'a thing gone told as present, a group to the last one alive, a thing not held told as used' if kind == 'typed' else 'the continuity checker, a thing gone told as present, a group to the last one alive'}): {sum(r['slips'] for r in rows)}")
    if kind == "typed":
        print(f"  deaths written: {sum(r['written'] for r in rows)}")
    if mids:
        print(f"  the middle: events per Test, median {statistics.median(e / t for e, t, _ in mids):.2f}; "
              f"the longest run without one, median {statistics.median(q for *_, q in mids):.0f}, "
              f"most {max(q for *_, q in mids)} ({len(mids)} nights reach Test 15)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
