"""Threads: every promise the telling makes is kept (docs/director.md, "The Killer").

The rules are the shared ones: a "comes" thread is paid by the outcome of the very next Test,
whoever tests; "dragging" by the outcome of its own Test; "stalks" by its target's next Strike
or death, or its target's Test against a Killer card; a death pays every thread on the dead,
and dawn or the end of everyone pays whatever is still open. Expected values come from those
rules, never from the texts told."""

from __future__ import annotations

import re

import pytest

from solo.director.threads import KINDS, open_threads, step
from solo.nott.rules import ASHCAN, PLAYTEST
from solo.sim.autoplay import autoplay


def roll(*key):
    return 0  # the dragging chance always met


def never(*key):
    return 99  # never met


def threat(tests=4, suit="Power", severity="dangerous", move=None, **more):
    return ("threat", {"tests": tests, "suit": suit, "severity": severity, "living_count": 3, **more},
            {"killer_move": move})


def beat(kind, tests, name=None, **ctx):
    return (kind, {"tests": tests, "name": name, **ctx}, {})


def run(beats, r=never):
    threads, told = [], []
    for kind, ctx, details in beats:
        threads, opens, pays = step(threads, kind, ctx, details, ctx["tests"], r)
        told.append((kind, opens, pays))
    return threads, told


def test_comes_is_paid_by_the_next_outcome_whoever_tests():
    threads, told = run([threat(4, move={"kind": "comes", "target": "Quinn"}),
                         beat("challenge", 4, "Sid"), beat("outcome", 5, "Sid", success=False)])
    assert told[0][1] == {"kind": "comes", "target": "Quinn", "opened": 5, "closed": None, "n": 0}
    assert told[1][2] == []
    assert [(t["kind"], t["target"], t["closed"]) for t in told[2][2]] == [("comes", "Quinn", 5)]
    assert open_threads(threads) == []


def test_a_thread_is_never_changed_in_place():
    threads, _, _ = step([], *threat(4, move={"kind": "comes", "target": "Quinn"}), 4, never)
    kept = dict(threads[0])
    after, _, pays = step(threads, "outcome", {"name": "Sid"}, {}, 5, never)
    assert threads[0] == kept and threads[0]["closed"] is None
    assert after[0]["closed"] == 5 and pays[0] is after[0]


def test_a_jokers_card_opens_no_comes_and_no_dragging():
    _, told = run([threat(4, suit=None, severity="joker", move={"kind": "comes", "target": "Quinn"})], roll)
    assert told[0][1] is None


def test_dragging_is_paid_by_its_own_test_and_names_who_it_had():
    _, told = run([threat(4, severity="killer", killer=True), beat("outcome", 5, "Sid", success=True)], roll)
    assert told[0][1]["kind"] == "dragging" and told[0][1]["target"] is None
    assert [(t["kind"], t["target"], t["closed"]) for t in told[1][2]] == [("dragging", "Sid", 5)]


def test_dragging_only_on_the_killers_power_card_with_company():
    for kind, ctx, details in (threat(4, severity="deadly"), threat(4, suit="Finesse", severity="killer"),
                               threat(4, severity="killer", living_count=1)):
        assert step([], kind, ctx, details, 4, roll)[1] is None


def test_stalks_waits_for_its_targets_strike_or_killer_test():
    opened = threat(4, move={"kind": "stalks", "target": "Quinn"})
    # another's Test against the Killer, and the target's Test against no Killer: nothing paid
    threads, told = run([opened, beat("outcome", 5, "Sid", killer=True), beat("outcome", 6, "Quinn", killer=False),
                         beat("strike", 6, "Sid")])
    assert all(not pays for _, _, pays in told) and len(open_threads(threads)) == 1
    for paying in (beat("strike", 7, "Quinn"), beat("death", 7, "Quinn"), beat("outcome", 7, "Quinn", killer=True),
                   beat("dawn", 7), beat("all_dead", 7)):
        after, _, pays = step(threads, *paying[:2], {}, 7, never)
        assert [(t["kind"], t["target"], t["closed"]) for t in pays] == [("stalks", "Quinn", 7)]
        assert open_threads(after) == []


def test_a_thread_already_owed_is_not_opened_again():
    opened = threat(4, move={"kind": "stalks", "target": "Quinn"})
    threads, told = run([opened, threat(5, move={"kind": "stalks", "target": "Quinn"})])
    assert told[1][1] is None and len(threads) == 1


def test_a_card_drawn_instead_opens_nothing():
    _, told = run([threat(4, move={"kind": "comes", "target": "Quinn"}, instead="7♠")])
    assert told[0][1] is None


# ---------------------------------------------------------------------- whole nights

#: (seed, rules, playset): nights that open every kind of thread and pay at a death and a Strike.
NIGHTS = ((3, PLAYTEST, None), (8, ASHCAN, "house-party"), (1, ASHCAN, "cabin-in-the-woods"))
WORDS = {"comes": r"\bcom(?:es|ing)\b|\bchose|\bwalking straight\b|\bfacing\b",
         "stalks": r"\bfollow|\bscent\b|\bkeeps pace\b|\bpicked out\b",
         "dragging": r"\bdrag|\bpulling\b|\bhauls\b"}


def play(seed, rules, ps, on_step=None):
    from solo.playsets import load_playset

    playset = load_playset(ps) if ps else None
    told = []
    night = autoplay(seed, playset.ruleset() if playset else rules, "naive", out=None, playset=playset,
                     on_told=lambda beat, text, before, after: told.append((beat, text)), on_step=on_step)
    return night, told


def read(night, told):
    """Every broken promise of a night: a thread announced and not told, paid late or never, or
    paid in words that do not name its target."""
    slips, opened = [], []
    for beat, text in told:
        if beat.get("opens"):
            t = beat["opens"]
            opened.append(t)
            if not re.search(WORDS[t["kind"]], text, re.IGNORECASE) or (t["target"] and t["target"] not in text):
                slips.append(f"announced but not told: {t} in {text!r}")
        for t in beat.get("pays") or ():
            if t["kind"] in ("comes", "dragging") and t["closed"] != t["opened"]:
                slips.append(f"paid late: {t} at {beat.kind}")
            if t["target"] not in text:
                slips.append(f"paid without naming {t['target']}: {text!r}")
    still = open_threads(night.story.threads)
    if still:
        slips.append(f"open at the end: {still}")
    if len(opened) != len(night.story.threads):
        slips.append("a thread opened that no telling announced")
    return slips, opened


@pytest.fixture(scope="module")
def nights():
    return [(args, *play(*args)) for args in NIGHTS]


def test_every_thread_of_a_night_is_announced_paid_in_time_and_names_its_target(nights):
    kinds = set()
    for args, night, told in nights:
        slips, opened = read(night, told)
        assert not slips, (args, slips[:5])
        kinds |= {t["kind"] for t in opened}
    assert kinds == set(KINDS)


def test_no_killer_promise_is_told_without_its_thread(nights):
    """The Killer's "comes" and "stalks" lines and the dragging line are told only with a thread."""
    lines = re.compile(r"It is coming for|It has chosen:|It comes out of the dark for|It is following|scent now|"
                       r"has picked out|by the collar|by the ankle|closes on one of you|hauls one of you", re.IGNORECASE)
    for args, night, told in nights:
        for beat, text in told:
            if beat.kind == "threat" and lines.search(text):
                assert beat.get("opens"), (args, text)


def test_undo_and_replay_give_the_same_threads(nights):
    from solo.play import replay

    args, night, _ = nights[0]
    seen = {}  # steps played → the threads then
    again, _ = play(*args, on_step=lambda n: seen.setdefault(len(n.steps), [dict(t) for t in n.story.threads]))
    assert again.story.threads == night.story.threads
    back = sorted(k for k in seen if seen[k])[len(seen) // 3]  # a step with threads behind it
    assert seen[back] != night.story.threads
    again.undo(len(again.steps) - back)
    assert again.story.threads == seen[back]
    assert replay.fiction_at(night, back).threads == seen[back]


@pytest.mark.stats
@pytest.mark.parametrize("ps", [None, "cabin-in-the-woods", "house-party"])
@pytest.mark.parametrize("rules", [ASHCAN, PLAYTEST])
def test_many_nights_keep_every_promise(ps, rules):
    for seed in range(1, 21):
        night, told = play(seed, rules, ps)
        slips, _ = read(night, told)
        assert not slips, (seed, rules.name, ps, slips[:5])


def test_the_killer_following_someone_comes_for_no_one_else_until_that_is_paid():
    """ "It is following Tina, and no one else": while that thread is owed, the Killer's next
    moves are at Tina (measured before: 64 of 121 such moves went for another)."""
    from solo.nott.rules import ASHCAN, PLAYTEST
    from solo.sim.autoplay import autoplay

    moves = 0
    for seed in range(16):
        story = autoplay(seed, ASHCAN if seed % 2 else PLAYTEST, "careful", out=None, questions=False).story
        for t in (t for t in story.threads if t["kind"] == "stalks"):
            for u in story.threads:
                if u is not t and u["kind"] in ("comes", "stalks") and t["opened"] < u["opened"] <= (
                        t["closed"] if t.get("closed") is not None else 10**6):
                    moves += 1
                    assert u.get("target") == t.get("target"), (seed, t, u)
    assert moves >= 10


def test_a_killer_card_faced_by_another_is_told_as_standing_in_its_way():
    """The Killer came for Tina (a thread still owed) and Eddie takes its Test: never "It's
    Eddie the Killer wants this time", but Eddie between it and Tina."""
    from solo.narration import Beat, TemplateNarrator

    f = {"people": [{"name": n} for n in ("Eddie", "Tina", "Ann")], "tests": 20, "stage": "terror",
         "endgame": False, "living": ["Eddie", "Tina", "Ann"], "living_count": 3}
    ctx = {"name": "Eddie", "archetype": "The Slacker", "aptitude": "Finesse", "suit": "Finesse",
           "severity": "killer", "face": "J", "card": "J♦", "difficulty": 5, "aptitude_match": True,
           "living_count": 3, "pace": "scene", "location": "the old lodge"}
    wrong = ("wants this time", "eyes only for Eddie", "toward Eddie, and no one else", "comes for Eddie",
             "nobody is in between")
    owed = {**f, "threads_open": [{"kind": "comes", "target": "Tina", "opened": 20, "closed": None}]}
    told = {TemplateNarrator(s).render(Beat("challenge", ctx | {"f": owed}), v) for s in range(4) for v in range(8)}
    assert all("Tina" in t and not any(w in t for w in wrong) for t in told), told
    free = {TemplateNarrator(s).render(Beat("challenge", ctx | {"f": f}), v) for s in range(4) for v in range(8)}
    assert not any("Tina" in t for t in free) and any(any(w in t for w in wrong) for t in free)
