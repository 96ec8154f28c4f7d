"""How far the night has turned: unease, dread, terror, and the finale at Endgame.

The rulebook's night darkens as its cards do: a Test taken, a Strike, a death, a face card
(the Killer itself on the table) and a Joker each bring Dawn or the end closer. The director
reads that pressure from the rules state (never from chance) and names the stage the night
is in; the stage sets how often and how boldly the Killer moves between Tests
(:mod:`solo.director.killer`). A night's stage never runs backwards: the fiction keeps the
highest stage reached (a Black Joker may take a face card off the table; the dread stays).
"""

from __future__ import annotations

__all__ = ["FINALE", "MEANING", "STAGES", "STAGES_RULE", "THRESHOLDS", "WEIGHTS", "pressure", "stage_for", "status_line"]

#: The stages, in order.
STAGES = ("unease", "dread", "terror", "finale")
FINALE = 3

#: What each thing the rules state counts toward the pressure.
WEIGHTS = {"test": 1, "strike": 2, "death": 4, "face": 2, "joker": 3}
#: The pressure at which the night turns to dread, then to terror; the finale comes only with
#: the Endgame.
THRESHOLDS = (12, 28)


#: What each stage means at the table.
MEANING = {
    "unease": "the Killer is a rumour: sounds, signs, a thing out of place",
    "dread": "it knows you are here: it is glimpsed, it takes things, it cuts off the way back",
    "terror": "it is hunting: it follows the hurt and comes for one of you at a time",
    "finale": "the Endgame: only the Killer and the Jokers are left, and it comes every time",
}

#: The director's rule for the stages, as ``rules killer`` tells it.
STAGES_RULE = (
    "The director's rule, read from the cards: the night moves from unease to dread to "
    "terror, and to the finale at the Endgame. Every Test taken, Strike, death, face card and Joker on the "
    f"table pushes it on (a Test counts {WEIGHTS['test']}, a Strike {WEIGHTS['strike']}, a death "
    f"{WEIGHTS['death']}, a face card {WEIGHTS['face']}, a Joker {WEIGHTS['joker']}; dread from "
    f"{THRESHOLDS[0]}, terror from {THRESHOLDS[1]}), and it never turns back. The stage sets how often "
    "and how boldly the Killer moves between Tests; a Clean success or a weakness found buys one quiet "
    "moment. The Killer's moves are story only: they never change the cards, the dice or the Strikes."
)


def status_line(stage: str, points: int | None = None) -> str:
    """One line for ``status``: the stage and what it means."""
    return f"The night: {stage} — {MEANING[stage]}."


def pressure(tests: int, strikes: int, deaths: int, faces: int, jokers: int) -> int:
    """The night's pressure: Tests taken, Strikes (all, the dead's included), deaths, face
    cards met and Jokers met, weighted by :data:`WEIGHTS`."""
    return (WEIGHTS["test"] * tests + WEIGHTS["strike"] * strikes + WEIGHTS["death"] * deaths
            + WEIGHTS["face"] * faces + WEIGHTS["joker"] * jokers)


def stage_for(points: int, endgame: bool) -> int:
    """The stage (an index into :data:`STAGES`) for a pressure; the finale at Endgame."""
    if endgame:
        return FINALE
    return sum(points >= t for t in THRESHOLDS)
