"""What the REPL says of the rules is the rulebook's own words: the Threat line's bands ("5–7:
Potentially dangerous Tasks. 8–10: Difficult and dangerous Tasks."), and the rules reference's
word on Aptitudes ("It might make a more thematically balanced game…"). Each test reads the
rulebook text (../shared/rules, or $SOLO_RULES_DIR) and skips with the reason where it is absent."""

from __future__ import annotations

import re

import pytest

from solo.nott.cards import card
from solo.nott.describe import threat_label
from solo.nott.reference import SECTIONS, search

from ..rulestexts import flat, rules_text
from .conftest import make_shell, output


def rulebook_bands() -> dict[tuple[int, int], str]:
    """The rulebook's word for each band of Numbers: (5, 7) → "Potentially dangerous"."""
    text = flat(rules_text("nott-ashcan-2025.md"))
    bands = {}
    for low, high, words in re.findall(r"(\d+)–(\d+): ([A-Z][^.]*?)(?: Tasks)?\.", text):
        bands.setdefault((int(low), int(high)), words)
    assert set(bands) >= {(1, 4), (5, 7), (8, 10)}, bands
    return bands


@pytest.mark.parametrize("number", range(1, 11))
def test_the_threat_line_calls_each_band_what_the_rulebook_does(number):
    """Catches "7♦ Finesse, dangerous, difficulty 7" and "9♠ Power, deadly, difficulty 9": the
    rulebook says "5–7: Potentially dangerous Tasks" and "8–10: Difficult and dangerous Tasks",
    and so does the card panel beside the line; "deadly" is no word of its."""
    bands = rulebook_bands()
    words = next(w for (lo, hi), w in bands.items() if lo <= number <= hi)
    words = words.split(".")[0].lower()  # "Atmospheric. There is no risk …" → "atmospheric"
    for suit in range(4):
        label = threat_label(card(number, suit), number)
        assert f", {words}, difficulty {number}" in label, label
        assert "deadly" not in label


def test_the_threat_line_and_the_card_panel_agree():
    """The line above the table and the card panel on the same screen say a band in the same
    words (the tutorial's 7♦ and 9♠)."""
    from .test_tutorial import SCRIPT

    bands = rulebook_bands()
    sh = make_shell()
    sh.start_tutorial()
    for line in SCRIPT[:9]:
        assert sh.run_line(line), line
    text = output(sh)
    for shown, (lo, hi) in (("7♦ Finesse", (5, 7)), ("9♠ Power", (8, 10))):
        words = bands[(lo, hi)].lower()
        line = next(x for x in text.splitlines() if f"Threat Card: {shown}," in x)
        assert f"{shown}, {words}, difficulty" in line, line
        panel = text.split(line, 1)[1].split("Weaknesses", 1)[0]
        assert words in panel


def test_the_rules_reference_quotes_the_rulebook_on_different_aptitudes():
    """Catches "Each character with a different Aptitude makes a more balanced game." (rules
    cast): the rulebook only suggests it, "It might make a more thematically balanced game if
    each player plays a character with a different Aptitude." — quoted as it stands."""
    text = flat(rules_text("nott-ashcan-2025.md"))
    m = re.search(r"(It might make a more thematically balanced game[^.]*\. [^.]*\.)", text)
    assert m, "the rulebook's 'For your consideration' on Aptitudes"
    said = [s for s in SECTIONS if "balanced" in s.text]
    assert said and all(m.group(1) in flat(s.text) for s in said)
    assert not any("makes a more balanced game" in s.text for s in SECTIONS)
    for topic in ("cast", "aptitude", "genre", "balanced"):
        for s in search(topic):
            assert "makes a more balanced" not in s.text
