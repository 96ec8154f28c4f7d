"""Pacing (docs/narration.md, "Pacing"): the Killer's stage shapes the prose. Early slots tell
any candidate; from terror on, a slot prefers candidates of short sentences; the worst (the
Endgame, a Joker turned up, a death) is met after a quiet beat; a narrow escape lets you
breathe; the last lines sound like the end. Only what the engine has decided is told."""

from __future__ import annotations

from solo.narration import Beat, TemplateNarrator
from solo.narration.templates import _EMPTY_VIEW
from solo.narration.compose import PACE, compose, pace, sentences

LONG = "The long line goes on and on past the door, past the lake, past the trees."
SHORT = "It is close now."


def view(stage: str, endgame: bool = False) -> dict:
    return {**_EMPTY_VIEW, "stage": stage, "endgame": endgame, "living": ["Ann", "Ben"], "living_count": 2}


def test_the_pace_tightens_from_terror_and_the_endgame_is_the_finale():
    assert pace(view("unease")) is None and pace(view("dread")) is None
    assert pace(view("terror")) == PACE["terror"] > PACE["finale"] == pace(view("finale"))
    assert pace(view("dread", endgame=True)) == PACE["finale"]  # the Endgame is the finale, told at once
    assert pace(view("terror"), "endgame") == PACE["finale"] and pace(None) is None


def test_a_tight_slot_prefers_short_sentences_and_never_repeats_for_them():
    text = f"§a\n{LONG}\n{SHORT}"
    keys = range(20)
    assert {compose(text, (k,), set()) for k in keys} == {LONG, SHORT}  # early: either
    assert {compose(text, (k,), set(), brief=PACE["terror"]) for k in keys} == {SHORT}
    used: set[str] = set()
    assert [compose(text, ("k",), used, brief=9) for _ in range(2)] == [SHORT, LONG]  # told once: the other


def narrator(stage: str, endgame: bool = False) -> tuple[TemplateNarrator, dict]:
    return TemplateNarrator(4), view(stage, endgame)


QUIET = ("Then nothing. Not a sound.", "For a breath, the whole night goes still.", "Everything stops. Even the wind.",
         "The quiet comes down like a held breath.")


def threat(f: dict, **over) -> Beat:
    ctx = {"suit": "Power", "severity": "killer", "face": "King", "card": "K♠", "difficulty": 8, "killer": True,
           "suited": None, "living": f["living"], "living_count": 2, "f": f}
    return Beat("threat", ctx | over)


def test_a_quiet_beat_comes_before_the_killer_only_late_and_before_a_joker_always():
    n = TemplateNarrator(4)
    late = [n.render(threat(view("terror")), v) for v in range(30)]
    early = [n.render(threat(view("unease")), v) for v in range(30)]
    assert any(q in t for t in late for q in QUIET)
    assert not any(q in t for t in early for q in QUIET)
    weak = [n.render(threat(view("terror"), severity="atmospheric", killer=False, face=None, card="2♠"), v)
            for v in range(30)]
    assert not any(q in t for t in weak for q in QUIET)  # a quiet beat says the worst is here: only for it
    joker = [n.render(threat(view("unease"), suit=None, severity="killer", face=None, card="Red Joker",
                             killer=False), v) for v in range(12)]
    assert all(any(q in t for q in QUIET) for t in joker)


def test_the_endgame_opens_quietly_and_the_dead_are_told_by_the_stage():
    n = TemplateNarrator(4)
    endgame = [n.render(Beat("endgame", {"living": ["Ann"], "living_count": 1, "removed_count": 20,
                                         "f": view("terror", True)}), v) for v in range(12)]
    assert all(sentences(t)[0] in ("Then, for a moment, nothing at all.", "Silence, all at once.", "Everything goes very still.")
               for t in endgame)
    late = {n.render(Beat("all_dead", {"names": ["Ann", "Ben"], "tests": 30, "f": view("finale", True)}), v)
            for v in range(12)}
    early = {n.render(Beat("all_dead", {"names": ["Ann", "Ben"], "tests": 9, "f": view("terror")}), v)
             for v in range(12)}
    assert all("last act" in t or "weaknesses" in t for t in late)
    assert not any("last act" in t or "weaknesses" in t for t in early)  # no Endgame: none of it is said


BREATHE = ("For a moment, everyone breathes again.", "Someone laughs, once, too high, and stops.",
           "Shaking, but alive.", "Still here. Somehow, still here.")


def test_a_narrow_escape_from_the_killer_lets_you_breathe_and_nothing_else_does():
    n = TemplateNarrator(4)

    def outcome(success: bool, fallout: int, **over) -> Beat:
        ctx = {"name": "Ann", "archetype": "The Jock", "suit": "Power", "severity": "killer", "killer": True,
               "success": success, "fallout": fallout, "fallout_name": "Costly", "strike": False, "strike_count": 0,
               "dies": False, "added_face": None, "living": ["Ann", "Ben"], "living_count": 2, "f": view("terror")}
        return Beat("outcome", ctx | over)

    narrow = [n.render(outcome(True, 4), v) for v in range(8)]
    assert all(any(b in t for b in BREATHE) for t in narrow)
    for beat in (outcome(True, 1), outcome(False, 4), outcome(True, 4, killer=False, severity="dangerous")):
        assert not any(b in n.render(beat, v) for v in range(8) for b in BREATHE)


def test_dawn_speaks_of_one_dead_character_in_the_singular():
    """"Sid stay in the dark behind you" was told when one character died."""
    from solo.narration import TemplateNarrator
    from solo.narration.beats import Beat

    for dead, verb in ((["Sid"], "stays"), (["Sid", "Ann"], "stay")):
        told = {TemplateNarrator(seed=s).render(Beat("dawn", {"survivors": ["Bo", "Cy"], "dead": dead,
                                                            "survivor_count": 2}), v)
                for s in range(6) for v in range(TemplateNarrator.VARIANTS)}
        behind = [t for t in told if "in the dark behind you" in t]
        assert behind and all(f" {verb} in the dark behind you" in t for t in behind), behind
