"""Turn simulated nights into a report: rates with intervals, distributions, the rulebook's
claims side by side with what the simulation measured."""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Sequence

from .run import GameRecord

#: The rulebooks' own claims about the odds.
CLAIMS = (
    ("tests", "\"It takes some 60 Tests to defeat an average Killer\" (ashcan)", 60.0),
    ("win", "\"players are expected to win only about one-third of the time\" (intro)", 1 / 3),
    ("survival", "\"roughly 20–25% chance for each character\" (playtest)", (0.20, 0.25)),
)


def wilson(successes: int, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """95 % Wilson score interval for a proportion."""
    if n == 0:
        return 0.0, 0.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def summarize(records: Sequence[GameRecord], *, rules: str, policy: str, seed: int, workers: int,
              seconds: float, cast: Sequence[str]) -> dict:
    n = len(records)
    if n == 0:
        raise ValueError("no games to summarise")
    wins = sum(r.dawn for r in records)
    tests = [r.tests for r in records]
    won_tests = [r.tests for r in records if r.dawn]
    eg = [r.tests_to_endgame for r in records if r.tests_to_endgame is not None]
    k = len(records[0].alive)
    survival = [sum(r.alive[i] for r in records) / n for i in range(k)]
    hist = Counter((t // 10) * 10 for t in tests)
    bj_s = sum(r.black_joker[0] for r in records)
    bj_f = sum(r.black_joker[1] for r in records)
    lo, hi = wilson(wins, n)
    return {
        "games": n,
        "rules": rules,
        "policy": policy,
        "seed": seed,
        "workers": workers,
        "seconds": round(seconds, 3),
        "games_per_second": round(n / seconds, 1) if seconds > 0 else None,
        "win_rate": wins / n,
        "win_rate_ci95": [lo, hi],
        "survival_rate": sum(survival) / k,
        "survival_by_character": dict(zip(cast, survival)),
        "mean_tests": statistics.fmean(tests),
        "median_tests": statistics.median(tests),
        "min_tests": min(tests),
        "max_tests": max(tests),
        "mean_tests_when_won": statistics.fmean(won_tests) if won_tests else None,
        "tests_histogram": {f"{b}-{b + 9}": hist[b] for b in sorted(hist)},
        "endgame_rate": len(eg) / n,
        "mean_tests_to_endgame": statistics.fmean(eg) if eg else None,
        "mean_strikes_per_character": sum(sum(r.strikes) for r in records) / (n * k),
        "deaths_per_game": {
            "third strike": sum(r.deaths_by_strikes for r in records) / n,
            "red joker": sum(r.deaths_by_red_joker for r in records) / n,
        },
        "mean_genre_points_spent": sum(r.genre_spent for r in records) / n,
        "jokers": {
            "black_joker_success": bj_s,
            "black_joker_failure": bj_f,
            "red_joker_failure": sum(r.red_joker_failures for r in records),
            "red_joker_dawn": wins,
        },
    }


def claims(summary: dict) -> list[tuple[str, str, str, str]]:
    """(claim, rulebook, simulated, verdict) rows."""
    rows = []
    won = summary["mean_tests_when_won"]
    t = summary["mean_tests"]
    sim = f"{t:.1f} per night; {won:.1f} in nights won" if won is not None else f"{t:.1f} per night"
    ref = won if won is not None else t
    rows.append((CLAIMS[0][1], "≈ 60", sim, "close" if abs(ref - 60) <= 12 else ("fewer" if ref < 60 else "more")))
    w = summary["win_rate"]
    lo, hi = summary["win_rate_ci95"]
    verdict = "consistent" if lo <= 1 / 3 <= hi else ("higher" if lo > 1 / 3 else "lower")
    rows.append((CLAIMS[1][1], "≈ 33 %", f"{w:.1%} (95 % CI {lo:.1%}–{hi:.1%})", verdict))
    s = summary["survival_rate"]
    verdict = "inside" if 0.20 <= s <= 0.25 else ("higher" if s > 0.25 else "lower")
    rows.append((CLAIMS[2][1], "20–25 %", f"{s:.1%}", verdict))
    return rows


def render(summary: dict, console) -> None:
    """Print the report with rich: headline table, distribution chart, claims."""
    from rich import box
    from rich.table import Table

    s = summary
    head = Table(title=f"{s['games']:,} nights · {s['rules']} rules · {s['policy']} policy · seed {s['seed']}",
                 box=box.SIMPLE_HEAD, show_header=False)
    head.add_column(style="bold")
    head.add_column()
    lo, hi = s["win_rate_ci95"]
    head.add_row("Dawn (win rate)", f"{s['win_rate']:.1%}  (95 % CI {lo:.1%}–{hi:.1%})")
    head.add_row("Survival per character", ", ".join(f"{k} {v:.1%}" for k, v in s["survival_by_character"].items())
                 + f"  (mean {s['survival_rate']:.1%})")
    head.add_row("Tests per night", f"mean {s['mean_tests']:.1f}, median {s['median_tests']:g}, "
                                    f"range {s['min_tests']}–{s['max_tests']}")
    eg = s["mean_tests_to_endgame"]
    head.add_row("Endgame reached", f"{s['endgame_rate']:.1%}" + (f", after {eg:.1f} tests on average" if eg else ""))
    head.add_row("Strikes", f"{s['mean_strikes_per_character']:.2f} per character")
    d = s["deaths_per_game"]
    head.add_row("Deaths per night", f"{d['third strike']:.2f} by third Strike, {d['red joker']:.2f} by the Red Joker")
    head.add_row("Genre Points spent", f"{s['mean_genre_points_spent']:.2f} per night")
    j = s["jokers"]
    head.add_row("Jokers", f"Black Joker {j['black_joker_success']:,} beaten / {j['black_joker_failure']:,} lost; "
                           f"Red Joker {j['red_joker_dawn']:,} dawns / {j['red_joker_failure']:,} deaths")
    if s.get("games_per_second"):
        head.add_row("Speed", f"{s['games_per_second']:,.0f} games/s with {s['workers']} worker(s)")
    console.print(head)
    console.print(histogram(s["tests_histogram"]))
    t = Table(title="The rulebook's claims", box=box.SIMPLE_HEAD)
    for col in ("Claim", "Rulebook", "Simulated", "Verdict"):
        t.add_column(col)
    for row in claims(s):
        t.add_row(*row)
    console.print(t)


def histogram(hist: dict[str, int], width: int = 40) -> str:
    """A terminal bar chart of the tests-per-night distribution."""
    if not hist:
        return ""
    top = max(hist.values())
    total = sum(hist.values())
    lines = ["Tests per night"]
    for label, count in hist.items():
        bar = "█" * max(1 if count else 0, round(width * count / top))
        lines.append(f"  {label:>9} │{bar} {count / total:.1%}")
    return "\n".join(lines)
