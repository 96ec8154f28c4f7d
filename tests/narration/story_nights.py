"""Whole autoplay nights read by the continuity checker and the variety measures.

Importable by worker processes: the night-reading runs in parallel (the machine's cores).
"""

from __future__ import annotations

from solo.director.continuity import check
from solo.director.sense import check_sense
from solo.director.stages import STAGES
from solo.narration.compose import sentences
from solo.narration.variety import distinct_share, frame_share, most_repeated_run, repeated_long
from solo.nott.rules import ASHCAN, PLAYTEST
from solo.world.places import short_place
from solo.play.middle import middle
from solo.play.transcript import render
from solo.sim.autoplay import autoplay
from tests.narration.reader import Told, attach_says
from tests.narration.reader import read as read_whole
from tests.repl.test_typed_nights import gone_words, read as read_as_heard, story_slips

PLAYSETS = (None, "cabin-in-the-woods", "house-party")


def setup(i: int):
    """Night ``i`` of the sweep: ruleset, policy and playset all turn over."""
    from solo.playsets import load_playset

    ps = PLAYSETS[(i // 4) % 3]
    playset = load_playset(ps) if ps else None
    rules = playset.ruleset() if playset else (ASHCAN, PLAYTEST)[i % 2]
    return rules, ("naive", "careful")[(i // 2) % 2], playset


def read_night(i: int, reader: bool = False) -> dict:
    """Play night ``i``; what the checker found and what the variety measures say (and, with
    ``reader``, what the whole-night reader finds: :mod:`tests.narration.reader`)."""
    rules, policy, playset = setup(i)
    found: list[str] = []
    kept: list = []  # every told text, for the whole-night reader
    killer: list[str] = []  # the Killer's moves and the stages, held to the rules
    stages: list[int] = []
    pace = {stage: [0, 0] for stage in STAGES}  # the stage's words and sentences told

    def told(beat, text, before, after):
        if reader:
            kept.append(Told(beat.kind, text, dict(beat.context)))
        if beat.kind != "answer":  # answers are decided word for word, not paced
            f = beat.get("f") or {}
            at = pace["finale" if f.get("endgame") else f.get("stage", "unease")]
            for s in sentences(text):
                at[0] += len(s.split())
                at[1] += 1
        for c in check(text, beat.kind, before, after, beat.get("name")):
            found.append(f"night {i}, {beat.kind}: {c}")
        for c in check_sense(text, [{**beat.context, "kind": beat.kind}]):  # the templates read as prose too
            found.append(f"night {i}, {beat.kind}: {c}")
        if beat.kind == "threat":
            stage = STAGES.index(beat["stage"])
            if stages and stage < stages[-1]:
                killer.append(f"night {i}, Test {beat['tests']}: the stage ran back to {beat['stage']}")
            if beat["endgame"] and beat["stage"] != "finale":
                killer.append(f"night {i}, Test {beat['tests']}: the Endgame at stage {beat['stage']}")
            stages.append(stage)
            if beat["location"] in before.cut:
                killer.append(f"night {i}, Test {beat['tests']}: the group went back to {beat['location']}, cut off")
            move = beat["killer_move"]
            if move and move.get("target") and move["target"] not in before.living:
                killer.append(f"night {i}: the Killer's move ({move['kind']}) on {move['target']}, who is dead")
            if move and move.get("item") and move["item"] in before.lost:
                killer.append(f"night {i}: the Killer took {move['item']}, already lost")
            if move and move.get("target") and f"{move['target']} reaches for {move['target']}'s" in text:
                killer.append(f"night {i}: {move['target']} reaches for {move['target']}'s own thing")
            if move and move["kind"] in ("takes", "cuts") and (move.get("item") or short_place(move["place"])) not in text:
                killer.append(f"night {i}: the Killer's move ({move['kind']}) was never told")

    watch = {"n": 0, "gone": set(), "alone": False}

    def step(night) -> None:
        """Each step's prose against the fiction before it (:func:`story_slips`)."""
        new, watch["n"] = night.steps[watch["n"]:], len(night.steps)
        told = [(k, t) for s in new for k, t in s.narration]
        found.extend(f"night {i}: {t!r}" for t in story_slips(told, night.story, watch["gone"], watch["alone"]))
        watch["gone"], watch["alone"] = gone_words(night.story), len(night.story.living()) == 1

    night = autoplay(i, rules, policy, out=None, playset=playset, on_told=told, on_step=step)
    md = render(night, "story")
    findings = None
    if reader:
        attach_says(kept, night.steps)
        findings = read_whole(kept, playset.name if playset else None)
    heard = read_as_heard(md, list(night.names))  # as a reader hears a repeat (the typed nights' measure)
    built = middle(night)
    # the player's lines (autoplay's) are held to the fiction too: nothing lost in hand
    last = night.story.snapshot()
    for step in night.steps:
        if step.say:
            for c in check(step.say, "response", last, last):
                if c.kind == "lost-in-hand" and _lost_before(night, step, c):
                    found.append(f"night {i}, player line: {c}")
    # the director's answers are decided word for word (the state, a fact asked again): not
    # narration whose frames could repeat, so the variety measures leave them out
    for step in night.steps:
        if step.ask is not None:
            for _kind, text in step.narration:
                md = md.replace(f"> {text}\n", "")
    return {"night": i, "found": found, "share": distinct_share(md), "repeats": repeated_long(md),
            "frames": frame_share(md, night.names), "run": most_repeated_run(md, night.names),
            "killer": killer, "reader": findings, "stages": stages, "moves": len(night.story.moves), "tests": night.game.tests,
            "endgame": bool(night.game.endgame), "final_stage": night.story.stage, "pace": pace,
            "said": heard["most"], "stock": heard["stock"], "capitals": heard["capitals"], "raw": heard["raw"],
            "longest_quiet": built.longest if built else None,
            "middle": (built.events, built.last - built.first + 1, built.longest) if built else None}


def _lost_before(night, step, c) -> bool:
    """True if the thing the line names was already lost when the line was said."""
    k = night.steps.index(step)
    before = night._stories[k].snapshot()
    return any(item.lower() in c.sentence.lower() for item in before.lost)


def read_nights(indices, reader: bool = False) -> list[dict]:
    return [read_night(i, reader) for i in indices]
