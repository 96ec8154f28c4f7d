"""Plain text for a Card Draw Test: each character's arithmetic, the ranking, a JSON view.

Shared by the NotT ``race`` side-rule (:mod:`solo.t13.race`, :mod:`solo.repl.race`) and the
standalone ``solo draw-test`` (:mod:`solo.t13.cli`). Nothing here decides anything: it
reads a :class:`~solo.t13.group.GroupResult` and writes it out.

>>> from solo.t13 import Participant, ScriptedChance, run_test
>>> result = run_test([Participant("Ada", "Trial", 16), Participant("Bo", "Trial", 15)],
...                   difficulty=20, chance=ScriptedChance(["7♠", "9♣"]))
>>> print("\\n".join(arithmetic(result.entry("Ada"), result)))
Ada draws 7♠ — Trump on Trial ♠
    16  Trial Draw
    +7  Ordeal Card 7♠
    +2  Trump: ♠ is Trial's own suit
  = 25 against Difficulty 20: beats it by 5 — Pass
  1st place: +1 Success Level (highest Pips)
  Levels: 1 Success, 0 Failure
>>> ranking_line(result)
'Ranking: 1st Ada 25 (pass) · 2nd Bo 24 (pass)'
"""

from __future__ import annotations

from typing import Any

from .cards import SUIT_SYMBOLS, card_str
from .draw import JOKER, OPPOSED, OPPOSITE_COLOUR, SAME_COLOUR, TRUMP
from .group import Entry, GroupResult

#: How a card's suit stands to the tested Facet, in words.
SUIT_CLASS_WORDS = {
    TRUMP: "Trump",
    OPPOSED: "Opposed Suit",
    OPPOSITE_COLOUR: "opposite colour",
    SAME_COLOUR: "same colour",
    JOKER: "a Joker, no suit",
}

_PLACE_WORDS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
                "tenth", "eleventh", "twelfth", "thirteenth")


def ordinal(n: int) -> str:
    """1 → ``1st``, 2 → ``2nd``, 11 → ``11th``."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def place_word(n: int) -> str:
    """1 → ``first`` … 13 → ``thirteenth`` (then ``14th``)."""
    return _PLACE_WORDS[n - 1] if 1 <= n <= len(_PLACE_WORDS) else ordinal(n)


def facet_label(result: GroupResult, facet: str) -> str:
    """``Trial ♠``: the Facet and its suit in the test's table."""
    return f"{facet} {SUIT_SYMBOLS[result.table.suit_of(facet)]}"


def shared(result: GroupResult, entry: Entry) -> bool:
    """Whether ``entry`` shares its place with someone."""
    return sum(1 for e in result.entries if e.place == entry.place) > 1


def place_text(result: GroupResult, entry: Entry) -> str:
    """``1st``, or ``=3rd`` for a shared place."""
    return ("=" if shared(result, entry) else "") + ordinal(entry.place)


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else str(n)


def _level_text(level) -> str:
    parts = []
    if level.success:
        parts.append(f"+{level.success} Success Level{'s' if level.success != 1 else ''}")
    if level.failure:
        parts.append(f"+{level.failure} Failure Level{'s' if level.failure != 1 else ''}")
    return f"{', '.join(parts)} ({level.label})"


def verdict(entry: Entry, result: GroupResult) -> str:
    """``beats it by 5 — Pass`` / ``does not beat it (short by 2) — Fail``."""
    m = entry.margin
    if entry.passed:
        return f"beats it by {m} — Pass"
    if m == 0:
        return "equals it, which does not beat it — Fail"
    return f"falls short by {-m} — Fail"


def arithmetic(entry: Entry, result: GroupResult) -> list[str]:
    """One character's draw as plain-text lines: the card and how its suit stands, each line of
    Pips (Draw, card, Trump, Proficiencies, Boosts), the total against the Difficulty, the
    place and every Success and Failure Level with its reason."""
    r = entry.result
    how = SUIT_CLASS_WORDS[r.suit_class]
    hand = " by hand" if r.card in entry.by_hand else ""
    out = [f"{entry.name} draws {card_str(r.card)}{hand} — {how} on {facet_label(result, r.facet)}"]
    for k, line in enumerate(r.lines):
        out.append(f"  {line.pips if k == 0 else _signed(line.pips):>4}  {line.label}")
    out.append(f"  = {r.total} against {result.difficulty.describe()}: {verdict(entry, result)}")
    place = f"  {place_text(result, entry)} place"
    if entry.draw_off:
        place += f" (draw-off: {' '.join(card_str(c) for c in entry.draw_off)})"
    placing = [lv for lv in entry.levels if lv.kind in ("placing", "below_placing")]
    withheld = (not entry.passed and result.rules.levels_require_pass
                and entry.place <= result.rules.success_places)
    if withheld:  # R13: the placing Success Level is additional to a pass
        place += " (a fail: no placing Success Level, which is additional to a pass)"
    out.append(place + (": " + "; ".join(_level_text(lv) for lv in placing) if placing else ""))
    for lv in entry.levels:
        if lv.kind not in ("placing", "below_placing"):
            out.append(f"  {_level_text(lv)}")
    out.append(f"  Levels: {entry.success_levels} Success, {entry.failure_levels} Failure")
    return out


def equation(entry: Entry, result: GroupResult) -> str:
    """The same arithmetic on one line (for the transcript)."""
    r = entry.result
    terms = [f"{line.pips} [{line.label}]" for line in r.lines]
    levels = "; ".join(_level_text(lv) for lv in entry.levels) or "no Levels"
    off = f", draw-off {' '.join(card_str(c) for c in entry.draw_off)}" if entry.draw_off else ""
    if entry.by_hand:
        off += f", drawn by hand: {' '.join(card_str(c) for c in entry.by_hand)}"
    return (f"{entry.name}: {' + '.join(terms)} = {r.total} against {result.difficulty.describe()}: "
            f"{verdict(entry, result)}; {place_text(result, entry)}{off}; {levels} — "
            f"{entry.success_levels} Success, {entry.failure_levels} Failure")


def ranking_line(result: GroupResult) -> str:
    """``Ranking: 1st Ada 25 (pass) · =2nd Bo 24 (pass) · =2nd Cy 24 (pass)``."""
    return "Ranking: " + " · ".join(f"{place_text(result, e)} {e.name} {e.total} ({'pass' if e.passed else 'fail'})"
                                    for e in result.ranked())


def as_data(result: GroupResult) -> dict[str, Any]:
    """The whole test as plain data (for ``--json``)."""
    d = result.difficulty
    return {
        "difficulty": {"pips": d.pips, "label": d.label, "card": card_str(d.card) if d.card is not None else None,
                       "base": d.base, "text": d.describe()},
        "ranking": [result.entries[i].name for i in result.ranking],
        "entries": [
            {
                "name": e.name,
                "facet": e.result.facet,
                "annex": e.result.annex,
                "card": card_str(e.result.card),
                "suit": e.result.suit_class,
                "lines": [{"kind": ln.kind, "label": ln.label, "pips": ln.pips} for ln in e.result.lines],
                "total": e.total,
                "passed": e.passed,
                "margin": e.margin,
                "place": e.place,
                "draw_off": [card_str(c) for c in e.draw_off],
                "by_hand": [card_str(c) for c in e.by_hand],
                "levels": [{"kind": lv.kind, "label": lv.label, "success": lv.success, "failure": lv.failure}
                           for lv in e.levels],
                "success_levels": e.success_levels,
                "failure_levels": e.failure_levels,
                "tracks_after": {"chi": e.result.tracks_after.chi, "stress": e.result.tracks_after.stress,
                                 "strain": e.result.tracks_after.strain, "shock": e.result.tracks_after.shock},
            }
            for e in result.entries
        ],
    }
