"""Turn simulated nights into a report: rates with intervals, distributions, the rulebook's
claims side by side with what the simulation measured."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from .tally import from_records, median

if TYPE_CHECKING:
    from .run import GameRecord

#: The rulebooks' own claims about the odds: (key, the words, the figure, the ruleset whose
#: document says it). Each is set against a run of that ruleset only, as published: the
#: ashcan's ("nott-ashcan-2025.md"); the intro's, whose set-up is the ashcan's ("The Director
#: takes a random 10 from the Number Reserve to start this face-up pile"; the playtest's Trophy
#: Pile starts empty); the playtest configuration's.
CLAIMS = (
    ("tests", "\"It takes some 60 Tests to defeat an average Killer\" (ashcan)", 60.0, "ashcan"),
    ("win", "\"players are expected to win only about one-third of the time\" (intro)", 1 / 3, "ashcan"),
    ("survival", "\"roughly 20–25% chance for each character\" (playtest)", (0.20, 0.25), "playtest"),
)

#: What each policy does, in one line (solo/sim/policies.py has the whole of it): the report
#: and the commands' --policy help say it.
POLICY_DOES = {
    "careful": "the character whose Aptitude is the Threat's suit tests (else the fewest Strikes); Aptitude and "
               "the Director's Genre Points, the cast's from the start, go to avoid Strikes and lost Killer and "
               "Joker Tests",
    "naive": "a random living character tests; no Aptitude, no Genre Points",
    "spread": "the character with the fewest Strikes tests; Aptitude and Genre Points as careful",
}

#: The rule knobs a what-if or a playset may change (the ruleset's name, its fast set-up and
#: its cast size are not among them).
KNOBS = ("trophy_start", "empty_trophy_base", "reserve_fallback", "face_modifiers", "genre_points", "strikes_to_die")

_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")


def ordinal(n: int) -> str:
    """``3`` → ``third``; past ten, ``11th``."""
    return _ORDINALS[n - 1] if 1 <= n <= len(_ORDINALS) else f"{n}th"


def rule_changes(rules) -> dict[str, list]:
    """The knobs of ``rules`` (a :class:`~solo.nott.rules.Ruleset`) that are not its
    rulebook's, as ``{knob: [rulebook's value, value played]}`` (lists, for JSON)."""
    from ..nott.rules import RULESETS

    book = RULESETS.get(rules.name)
    if book is None:
        return {}

    def plain(v):
        return list(v) if isinstance(v, tuple) else v

    return {k: [plain(getattr(book, k)), plain(getattr(rules, k))] for k in KNOBS
            if getattr(book, k) != getattr(rules, k)}


def knob_value(v) -> str:
    """A knob's value as ``--set`` takes it: ``2``, ``true``, ``1,2,4``."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (list, tuple)):
        return ",".join(str(x) for x in v)
    return str(v)


def changes_text(summary: dict) -> str:
    """The rules' changes from their rulebook, ``strikes_to_die=2 (rulebook: 3); …``, or ``""``."""
    return "; ".join(f"{k}={knob_value(new)} (rulebook: {knob_value(old)})"
                     for k, (old, new) in (summary.get("changes") or {}).items())


def base_rules(summary: dict) -> str:
    """The ruleset a run started from: ``ashcan`` of ``ashcan (fast setup)``."""
    return str(summary["rules"]).split(" (")[0]


def not_comparable(summary: dict) -> str | None:
    """Why the rulebook's claims are not set against this run (one line), or None when its rules
    are a rulebook's as published."""
    why = []
    if summary.get("changes"):
        why.append(f"this run changes {', '.join(summary['changes'])}")
    if (summary.get("ruleset") or {}).get("fast_setup") or "(fast setup)" in str(summary["rules"]):
        why.append("the fast setup plays a smaller deck")
    if not why:
        return None
    return (f"Not compared with the rulebook's claims: they are about the {base_rules(summary)} rules as "
            f"published, and {' and '.join(why)}.")


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
    if not records:
        raise ValueError("no games to summarise")
    return summarize_tally(from_records(records), rules=rules, policy=policy, seed=seed, workers=workers,
                           seconds=seconds, cast=cast)


def summarize_tally(t: dict, *, rules: str, policy: str, seed: int, workers: int, seconds: float,
                    cast: Sequence[str]) -> dict:
    """The report's figures from a :mod:`tally <solo.sim.tally>` of nights."""
    n = t["games"]
    if n == 0:
        raise ValueError("no games to summarise")
    wins = t["wins"]
    k = len(t["alive"])
    survival = [a / n for a in t["alive"]]
    hist = t["tests_hist"]
    bins: dict[int, int] = {}
    for tests, count in enumerate(hist):
        if count:
            b = (tests // 10) * 10
            bins[b] = bins.get(b, 0) + count
    eg = t["endgames"]
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
        "mean_tests": t["tests_sum"] / n,
        "median_tests": median(hist, n),
        "min_tests": next(i for i, c in enumerate(hist) if c),
        "max_tests": max(i for i, c in enumerate(hist) if c),
        "mean_tests_when_won": t["won_tests_sum"] / wins if wins else None,
        "tests_histogram": {f"{b}-{b + 9}": bins[b] for b in sorted(bins)},
        "endgame_rate": eg / n,
        "mean_tests_to_endgame": t["tests_to_endgame_sum"] / eg if eg else None,
        "mean_strikes_per_character": t["strikes"] / (n * k),
        "deaths_per_game": {
            "third strike": t["deaths_by_strikes"] / n,
            "red joker": t["deaths_by_red_joker"] / n,
        },
        "mean_genre_points_spent": t["genre_spent"] / n,
        "jokers": {
            "black_joker_success": t["black_joker_success"],
            "black_joker_failure": t["black_joker_failure"],
            "red_joker_failure": t["red_joker_failure"],
            "red_joker_dawn": wins,
        },
    }


def claims(summary: dict) -> list[tuple[str, str, str, str]]:
    """(claim, rulebook, simulated, verdict) rows: the claims of the document of the ruleset
    played (:data:`CLAIMS`), none when the rules played are not that ruleset as published
    (:func:`not_comparable`)."""
    if not_comparable(summary):
        return []
    base = base_rules(summary)
    rows = []
    for key, words, _figure, ruleset in CLAIMS:
        if ruleset != base:
            continue
        if key == "tests":
            won = summary["mean_tests_when_won"]
            t = summary["mean_tests"]
            sim = f"{t:.1f} per night; {won:.1f} in nights won" if won is not None else f"{t:.1f} per night"
            ref = won if won is not None else t
            rows.append((words, "≈ 60", sim, "close" if abs(ref - 60) <= 12 else ("fewer" if ref < 60 else "more")))
        elif key == "win":
            w = summary["win_rate"]
            lo, hi = summary["win_rate_ci95"]
            verdict = "consistent" if lo <= 1 / 3 <= hi else ("higher" if lo > 1 / 3 else "lower")
            rows.append((words, "≈ 33 %", f"{w:.1%} (95 % CI {lo:.1%}–{hi:.1%})", verdict))
        else:
            s = summary["survival_rate"]
            verdict = "inside" if 0.20 <= s <= 0.25 else ("higher" if s > 0.25 else "lower")
            rows.append((words, "20–25 %", f"{s:.1%}", verdict))
    return rows


def title(summary: dict) -> str:
    """The report's first line: nights, the rules (with every change from the rulebook), the
    playset, the policy, the seed."""
    s = summary
    changed = changes_text(s)
    rules = f"{s['rules']} rules" + (f" with {changed}" if changed else "")
    playset = f" · {s['playset']} playset" if s.get("playset") else ""
    return f"{s['games']:,} nights · {rules}{playset} · {s['policy']} policy · seed {s['seed']}"


def render(summary: dict, console) -> None:
    """Print the report with rich: headline table, distribution chart, claims."""
    from rich import box
    from rich.table import Table

    s = summary
    head = Table(title=title(s), box=box.SIMPLE_HEAD, show_header=False)
    head.add_column(style="bold")
    head.add_column()
    does = POLICY_DOES.get(s["policy"])
    if does:
        head.add_row("Policy", f"{s['policy']}: {does}")
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
    strikes = (s.get("ruleset") or {}).get("strikes_to_die", 3)
    head.add_row("Deaths per night", f"{d['third strike']:.2f} by {ordinal(strikes)} Strike, "
                                     f"{d['red joker']:.2f} by the Red Joker")
    head.add_row("Genre Points spent", f"{s['mean_genre_points_spent']:.2f} per night")
    j = s["jokers"]
    head.add_row("Jokers", f"Black Joker {j['black_joker_success']:,} beaten / {j['black_joker_failure']:,} lost; "
                           f"Red Joker {j['red_joker_dawn']:,} dawns / {j['red_joker_failure']:,} deaths")
    if s.get("games_per_second"):
        engine = f", {s['engine']} engine" if s.get("engine") else ""
        head.add_row("Speed", f"{s['games_per_second']:,.0f} games/s with {s['workers']} worker(s){engine}")
    console.print(head)
    console.print(histogram(s["tests_histogram"]))
    why = not_comparable(s)
    if why:
        console.print(why, style="dim", markup=False)
        return
    rows = claims(s)
    if not rows:
        return
    t = Table(title="The rulebook's claims", box=box.SIMPLE_HEAD)
    for col in ("Claim", "Rulebook", "Simulated", "Verdict"):
        t.add_column(col)
    for row in rows:
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
