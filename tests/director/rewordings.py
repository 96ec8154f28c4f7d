"""Yes/no questions asked twice in other words (issue 48, item 3): pairs from
``corpus/rewordings*.txt`` asked one after the other at a moment of a scripted night, the
second answer held to the first (``same``: the same yes or no; ``opposite``: the other)."""

from __future__ import annotations

import random
import re
from pathlib import Path

CORPUS = Path(__file__).parent / "corpus"


def load(name: str) -> list[tuple[str, str, str]]:
    """(relation, first, second) for each pair line ``relation | first | second``."""
    pairs = []
    for line in (CORPUS / name).read_text("utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        relation, first, second = (part.strip() for part in line.split("|"))
        assert relation in ("same", "opposite"), line
        pairs.append((relation, first, second))
    return pairs


def nights(most: int = 14):
    """One night some way in for each setting: the camp and both built-in playsets."""
    from solo.narration.factory import make_narrator
    from solo.nott.cast import quick_cast
    from solo.nott.rules import ASHCAN, PLAYTEST
    from solo.play.night import Night
    from solo.sim.policies import get_policy, next_actions

    from solo.playsets import load_playset

    out = []
    for seed, rules, name in ((4, ASHCAN, None), (11, PLAYTEST, "house-party"), (23, ASHCAN, "cabin-in-the-woods")):
        playset = load_playset(name) if name else None
        night = Night(quick_cast(seed)[: rules.max_cast], rules, seed, playset=name,
                      narrator=make_narrator("template", seed=seed, playset=playset))
        night.start()
        rng = random.Random(seed)
        for _ in range(most):
            night.act(next_actions(night.game, get_policy("naive"), rng))
            if night.game.is_over():
                night.undo(1)
                break
        out.append(night)
    return out


#: The built-in playsets' Killers, by the name a player calls them.
_KILLERS = ("woodsman", "party guest")


def _place(night, rng: random.Random) -> str:
    from solo.world.places import short_place

    places = [p for p in night.story.locations if p != night.story.location] or list(night.story.locations)
    return short_place(rng.choice(places))


def run(name: str, nights_list, seed: int = 0):
    """Each pair at each night: (asked, changed, unanswered, failures, rolled). ``changed``: both
    answers are yes or no and the second is not what the first makes it; ``unanswered``: the
    second is no yes or no at all (an open answer to a yes/no question); ``rolled``: the second
    was rolled afresh by the oracle, not read as the fact the first made (whether the dice then
    agree is chance: the measure of the reading itself)."""
    rng = random.Random(seed)
    asked = changed = unanswered = rolled = 0
    failures = []
    for night in nights_list:
        killer = (night.story.killer.get("name") or "").lower().removeprefix("the ")
        for relation, first, second in load(name):
            if any(name in (first + second).lower() and name != killer for name in _KILLERS):
                continue  # the Woodsman is the Killer of his own playset only
            place = _place(night, rng)
            a_text, b_text = (re.sub(r"\{place\}", place, q) for q in (first, second))
            a = night.ask(a_text)
            b = night.ask(b_text)
            told = (night.steps[-2].narration[-1][1], night.steps[-1].narration[-1][1])
            night.undo(2)
            if a.yes is None:
                continue  # the first was not answered yes or no: nothing to hold the second to
            asked += 1
            rolled += b.kind == "oracle"
            if b.yes is None:
                unanswered += 1
                failures.append(("unanswered", relation, a_text, b_text, *told))
            elif (b.yes == a.yes) != (relation == "same"):
                changed += 1
                failures.append(("changed", relation, a_text, b_text, *told))
    return asked, changed, unanswered, failures, rolled


def merged(name: str, nights_list, seed: int = 0):
    """The first question of every pair asked one after another in each night (no undo): the
    ones answered as a fact another pair's question made — (question, answer) each. Two pairs
    may ask one thing; most ask different things, and one taken for another is a false match."""
    rng = random.Random(seed)
    out = []
    for night in nights_list:
        killer = (night.story.killer.get("name") or "").lower().removeprefix("the ")
        before = len(night.steps)
        for relation, first, second in load(name):
            if any(name in (first + second).lower() and name != killer for name in _KILLERS):
                continue
            text = re.sub(r"\{place\}", _place(night, rng), first)
            reply = night.ask(text)
            if reply.kind == "repeat":
                out.append((text, night.steps[-1].narration[-1][1]))
        night.undo(len(night.steps) - before)
    return out
