"""The oracle: the director's yes or no to what the rules leave unknown.

In the spirit of Mythic GME's fate chart: a likelihood the player states (even odds when
none is stated) gives the chance of a yes; the night's *dread* (1–9, read from the rules
state) shapes how the answer comes: the higher the dread, the fewer clean "Yes, and…" and
the more complications ("Yes, but…") and escalations ("No, and…"). A d100 decides:

    roll 1 … Y          yes        (Y: the chance of yes, by the odds)
        1 … A              "Yes, and…"   A = round(Y × (10 − dread) / 45)   (Y/5 at dread 1)
        Y − B + 1 … Y      "Yes, but…"   B = round(Y × dread / 18)          (Y/18 … Y/2)
    roll Y + 1 … 100    no
        101 − C … 100      "No, and…"    C = round((100 − Y) × (dread + 1) / 30)

with the bands never overlapping (the plain "Yes" and "No" get what is left). At dread 4
and above a double (11, 22, … 99) whose digit is at most dread − 3 is an *interruption*:
the Killer breaks into the conversation.

The roll is not the game's chance: it is drawn from its own stream, a hash of the seed, the
step and the question, so asking never changes a card or a die, and the same question at
the same step always rolls the same.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

#: The likelihoods a player may state, least likely first, and the chance of yes (%).
ODDS = ("very unlikely", "unlikely", "even", "likely", "very likely")
YES_CHANCE = {"very unlikely": 15, "unlikely": 30, "even": 50, "likely": 70, "very likely": 85}
#: The five answers, from best to worst for the one who asked.
BANDS = ("yes-and", "yes", "yes-but", "no", "no-and")
#: What a band's answer opens with.
OPENINGS = {"yes-and": "Yes, and", "yes": "Yes", "yes-but": "Yes, but", "no": "No", "no-and": "No, and"}


@dataclass(frozen=True)
class Answer:
    """The oracle's answer: the band, the roll that chose it and what it was asked with."""

    band: str
    roll: int
    odds: str
    dread: int
    interrupt: bool = False

    @property
    def yes(self) -> bool:
        return self.band.startswith("yes")

    @property
    def opening(self) -> str:
        return OPENINGS[self.band]

    def describe(self) -> str:
        """For the log: ``oracle: likely, dread 3: rolled 42, yes on 1–70 → Yes, but``."""
        extra = " \u2014 an interruption" if self.interrupt else ""
        return (f"oracle: {self.odds}, dread {self.dread}: rolled {self.roll}, yes on 1\u2013{YES_CHANCE[self.odds]}"
                f" \u2192 {self.opening}{extra}")


def ranges(odds: str, dread: int) -> dict[str, tuple[int, int]]:
    """Each band's rolls, ``(first, last)`` inclusive, on a d100 (an empty band has
    ``first > last``). The table docs/director.md prints."""
    if odds not in YES_CHANCE:
        raise ValueError(f"unknown odds {odds!r}: one of {', '.join(ODDS)}")
    if not 1 <= dread <= 9:
        raise ValueError(f"dread is 1 to 9, not {dread!r}")
    y = YES_CHANCE[odds]
    a = round(y * (10 - dread) / 45)
    b = min(round(y * dread / 18), y - a)
    c = round((100 - y) * (dread + 1) / 30)
    return {"yes-and": (1, a), "yes": (a + 1, y - b), "yes-but": (y - b + 1, y),
            "no": (y + 1, 100 - c), "no-and": (101 - c, 100)}


def probabilities(odds: str, dread: int) -> dict[str, float]:
    """Each band's chance (0–1) on a fair d100."""
    return {band: max(0, last - first + 1) / 100 for band, (first, last) in ranges(odds, dread).items()}


def interrupts(roll: int, dread: int) -> bool:
    """A double whose digit is at most ``dread − 3``: the Killer breaks in."""
    return roll % 11 == 0 and roll < 100 and roll // 11 <= dread - 3


def decide(odds: str, dread: int, roll: int) -> Answer:
    """The answer a d100 ``roll`` (1–100) gives at these odds and this dread."""
    if not 1 <= roll <= 100:
        raise ValueError(f"a d100 roll is 1 to 100, not {roll!r}")
    for band, (first, last) in ranges(odds, dread).items():
        if first <= roll <= last:
            return Answer(band, roll, odds, dread, interrupts(roll, dread))
    raise AssertionError("the bands cover 1-100")  # pragma: no cover


def roll(seed, step: int, key: str) -> int:
    """The oracle's own d100 for a question ``key`` asked at ``step`` of the night of ``seed``."""
    digest = hashlib.blake2b(f"oracle|{seed}|{step}|{key}".encode("utf-8", "surrogatepass"), digest_size=8).digest()
    return int.from_bytes(digest, "big") % 100 + 1


#: The lowest and highest dread.
DREAD = (1, 9)


def dread(game, shift: int = 0) -> int:
    """The night's dread, 1 (a quiet night) to 9 (the Killer is here), from the rules state:

    1, plus one for every ten Tests taken (at most three), one for every two Strikes the cast
    has taken (at most two), one per death, one for every two weaknesses found, and two once
    the Endgame has begun; plus ``shift``, the steps the player turned it up or down (``dread
    +1``) — at least 1, at most 9."""
    return max(DREAD[0], min(DREAD[1], level(game) + shift))


def level(game) -> int:
    """The dread the rules state gives (see :func:`dread`), before it is held to 1–9."""
    strikes = sum(game.strikes)
    deaths = sum(1 for d in game.dead if d is not None)
    found = sum(1 for w in game.weaknesses if w >= 0)
    return 1 + min(3, game.tests // 10) + min(2, strikes // 2) + deaths + found // 2 + (2 if game.endgame else 0)


def turned(game, shift: int, by: int) -> tuple[int, int, int]:
    """The player's hand on the dread (``dread +1``): (the dread now, the dread it comes to,
    the shift that holds it there); ValueError (one line) for no turn, or one past 1 or 9."""
    if type(by) is not int or not by:
        raise ValueError(f"turn the dread up or down: dread +1 or dread -1, not {by!r}")
    now = dread(game, shift)
    low, high = DREAD
    to = now + by
    if not low <= to <= high:
        edge = "the most" if by > 0 else "the least"
        raise ValueError(f"the dread is {now} and goes from {low} to {high}: {by:+d} would take it past "
                         f"{high if by > 0 else low}, {edge} it can be")
    return now, to, to - level(game)  # the level may run past 9: held at what is shown
