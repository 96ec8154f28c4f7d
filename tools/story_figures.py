"""The story figures of the README's Narration section, measured again.

    python tools/story_figures.py typed 20     # the twenty typed nights of tests/repl/test_typed_nights.py
    python tools/story_figures.py auto 1000    # autoplay nights, as tests/narration/story_nights.py plays them

Each night is read as the tests read it: the sentence told most often as a reader hears a
repeat, the stock question, a lead-in before a capital, a "why" spliced raw, a thing nobody
alive holds told as present, a group word to the last one alive, and the middle of the night
(events a reader follows between Tests 15 and 45, the longest run of Tests without one).
"""

from __future__ import annotations

import re
import statistics
import sys
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from solo.play.middle import middle  # noqa: E402
from solo.play.transcript import render  # noqa: E402
from tests.narration.story_nights import setup  # noqa: E402
from tests.repl.test_typed_nights import TELLS_LOSSES, gone_words, play, read  # noqa: E402

CROWD = re.compile(r"\b(?:everyone|everybody|the others|(?:all|one|each) of you)\b", re.IGNORECASE)


def _middle(night) -> tuple[int, int, int] | None:
    m = middle(night)
    return (m.events, m.last - m.first + 1, m.longest) if m else None


def autoplayed(i: int) -> dict:
    from solo.sim.autoplay import autoplay

    rules, policy, playset = setup(i)
    slips: list = []
    state = {"n": 0, "gone": set(), "alone": False}

    def step(night) -> None:  # each step's prose against the fiction before it
        new, state["n"] = night.steps[state["n"]:], len(night.steps)
        story = night.story
        present = [i.lower() for p in story.people for i in p.items + p.lost if i.lower().split()[-1] not in state["gone"]]
        for s in new:
            for kind, text in s.narration:
                base, low = kind.partition(".")[0], text.lower()
                for name in [p.lower() for p in story.locations] + present:
                    low = low.replace(name, "")
                if base not in TELLS_LOSSES:
                    slips.extend(w for w in state["gone"] if re.search(rf"\b{re.escape(w)}s?\b", low))
                if base in ("challenge", "threat") and state["alone"] and CROWD.search(text):
                    slips.append(text)
        state["gone"], state["alone"] = gone_words(story), len(story.living()) == 1

    night = autoplay(i, rules, policy, out=None, playset=playset, on_step=step)
    r = read(render(night, "story"), list(night.names))
    return {"most": r["most"][0], "stock": r["stock"], "capitals": len(r["capitals"]), "raw": len(r["raw"]),
            "middle": _middle(night), "slips": len(slips)}


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
    print(f"  slips (a thing gone told as present, a group to the last one alive"
          f"{', a thing not held told as used' if kind == 'typed' else ''}): {sum(r['slips'] for r in rows)}")
    if kind == "typed":
        print(f"  deaths written: {sum(r['written'] for r in rows)}")
    if mids:
        print(f"  the middle: events per Test, median {statistics.median(e / t for e, t, _ in mids):.2f}; "
              f"the longest run without one, median {statistics.median(q for *_, q in mids):.0f}, "
              f"most {max(q for *_, q in mids)} ({len(mids)} nights reach Test 15)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
