"""Asking in a Lucky 13 scene (issue 38, part 5): a question is answered from the scene when the
scene knows, else by the Night's oracle on a d100 of the scene's seeded dice; every oracle
answer is kept as a fact (in the save, undone by undo), and a scene replays its answers exactly.

Expected values come from the scene's state (its hit points, sheets, initiative) or are worked
out here independently: the d100 from a fresh ``SeededChance`` of the same seed, yes or no from
the oracle's published chance of yes (even 50, likely 70: docs/director.md), the tension from
R40's sum."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from rich.console import Console

from solo.lucky13.asking import tension
from solo.lucky13.character import Ability
from solo.lucky13.dice import SeededChance
from solo.lucky13.saves import read_scene_save, write_scene_save
from solo.lucky13.session import Scene
from solo.play.saves import SaveError
from solo.repl.lucky13 import Lucky13Shell

from ..repl.test_lucky13_first_hour import said, shell

ROOT = Path(__file__).resolve().parents[2]

SETUP = [
    "new seed 7 Brunella's duel",
    "character Brunella custom reflex=d8 Combat=d6 weapon=Broadsword:d8:d10",
    "character Casimir custom reflex=d6 pulse=d8 Combat=d10 armor=Chainmail:d6",
]
#: The oracle's chance of yes, in percent, as docs/director.md prints it.
YES_ON = {"even": 50, "likely": 70, "unlikely": 30}


def run(sh: Lucky13Shell, line: str) -> tuple[bool, list[str]]:
    """Run ``line``: (ran cleanly, the lines it printed)."""
    before = len(said(sh))
    ok = sh.run_line(line)
    return ok, [x for x in said(sh)[before:].splitlines() if x.strip()]


def band(odds: str, level: int, roll: int) -> str:
    """The oracle's band for a d100 ``roll``, from the table docs/director.md prints (Y the chance
    of yes; A = Y(10 − t)/45 "Yes, and", B = Yt/18 "Yes, but", C = (100 − Y)(t + 1)/30 "No, and")."""
    y = YES_ON[odds]
    a = round(y * (10 - level) / 45)
    b = min(round(y * level / 18), y - a)
    c = round((100 - y) * (level + 1) / 30)
    if roll <= y:
        return "yes-and" if roll <= a else "yes-but" if roll > y - b else "yes"
    return "no-and" if roll > 100 - c else "no"


#: The answer to "is the chapel door locked?" in each band.
CHAPEL = {"yes-and": "Yes, and more than that: the chapel door is locked, and something more goes your way.",
          "yes": "Yes. The chapel door is locked.", "yes-but": "Yes, but with a dilemma: the chapel door is locked.",
          "no": "No. The chapel door is not locked.",
          "no-and": "No, and worse: the chapel door is not locked, and a dilemma comes of it."}


def next_d100(scene: Scene) -> int:
    """The d100 the scene's seeded dice give next, worked out on a copy of its source."""
    probe = SeededChance(scene.seed)
    probe.setstate(scene.chance.getstate())
    return probe.roll(100)


# ---------------------------------------------------------------- 1. from the scene

def test_a_state_question_is_answered_from_the_scene_and_follows_it():
    sh = shell(*SETUP)
    scene = sh.scene
    dice = scene.chance.getstate()
    ok, shown = run(sh, "who is hurt?")
    hp = {n: (c.health.hp, c.health.max_hp) for n, c in scene.characters.items()}
    assert ok and shown == [f"Nobody is hurt: Brunella {hp['Brunella'][0]}/{hp['Brunella'][1]} and Casimir "
                            f"{hp['Casimir'][0]}/{hp['Casimir'][1]} hit points.",
                            "  answered from the scene, no roll"]
    assert scene.steps[-1].kind == "ask" and scene.steps[-1].dice == [] and scene.chance.getstate() == dice
    assert run(sh, "damage Casimir 10")[0]
    h = scene.characters["Casimir"].health
    ok, shown = run(sh, "who is hurt?")
    assert ok and shown[0] == (f"Casimir is wounded: {h.hp}/{h.max_hp} hit points, Pulse {h.pulse} ({h.base} at "
                               "full strength). Brunella is unhurt.")
    ok, shown = run(sh, "is Casimir hurt?")
    assert ok and shown[0].startswith("Yes. Casimir is wounded")
    ok, shown = run(sh, "how is everyone?")
    assert ok and shown[0].startswith("Casimir is wounded") and shown[0].endswith("Brunella is unhurt.")
    ok, shown = run(sh, "what is Casimir's pulse?")
    assert ok and shown[0] == f"Casimir's Pulse is {h.base} ({h.pulse} now, at {h.hp}/{h.max_hp} hit points)."
    ok, shown = run(sh, "Brunella: am I hurt?")  # "I" is the one asking
    assert ok and shown[0] == f"No. Brunella is unhurt: 20/20 hit points, Pulse {scene.characters['Brunella'].health.pulse}."
    assert run(sh, "damage Casimir 25")[0]  # 20 - 25 = -5: dying (death at -8)
    ok, shown = run(sh, "is Casimir dead?")
    assert ok and shown[0].startswith("No. Casimir is dying: -5 hit points")
    assert not scene.facts  # answers from the scene are not kept: the scene decides them each time


def test_the_sheet_answers_what_it_holds():
    sh = shell(*SETUP)
    ok, shown = run(sh, "what skills does Brunella have?")
    assert ok and shown[0] == "Brunella's skills: " + ", ".join(
        f"{k} {v}" for k, v in sh.scene.characters["Brunella"].skills.items()) + "."
    assert run(sh, "skill Brunella Stealth=reflex")[0]  # the sheet changes, and so does the answer
    ok, shown = run(sh, "what skills does Brunella have?")
    assert ok and shown[0] == "Brunella's skills: Combat d6, Stealth d8."
    assert run(sh, "spec Brunella Stealth:Pick_locks")[0]
    ok, shown = run(sh, "does Brunella know pick locks?")
    assert ok and shown[0] == "Yes. Brunella has Pick locks (Stealth) at level 1: it steps Stealth d8 up to d10."
    ok, shown = run(sh, "who has stealth?")
    assert ok and shown[0] == "Brunella has Stealth d8."
    ok, shown = run(sh, "what is Casimir's reflex?")
    assert ok and shown[0] == f"Casimir's Reflex is {sh.scene.characters['Casimir'].abilities[Ability.REFLEX]}."
    ok, shown = run(sh, "is Casimir armed?")
    assert ok and shown[0] == "No. Casimir carries no weapon."
    ok, shown = run(sh, "what does Casimir carry?")
    assert ok and shown[0] == "Casimir carries no weapon and wears Chainmail (Defensive Die d6)."
    ok, shown = run(sh, "who has the broadsword?")
    assert ok and shown[0] == "Brunella has the Broadsword."
    ok, shown = run(sh, "who goes first?")
    assert ok and shown[0].startswith("No encounter is under way")
    assert run(sh, "initiative 6 3")[0]
    order = sh.scene.initiative.order
    ok, shown = run(sh, "who goes first?")
    assert ok and shown[0] == (f"Initiative: {order[0]} ({sh.scene.initiative.rolls[order[0]]}) → {order[1]} "
                               f"({sh.scene.initiative.rolls[order[1]]}); {order[0]} goes first.")
    ok, shown = run(sh, "are we in gritty mode?")
    assert ok and shown[0] == "No. The scene is in cinematic mode: any die can explode or implode."
    ok, shown = run(sh, "who is in the scene?")
    assert ok and shown[0] == "In the scene: Brunella (unhurt) and Casimir (unhurt)."
    assert all(st.dice == [] for st in sh.scene.steps if st.kind == "ask")


# ---------------------------------------------------------------- 2. the oracle, and what it keeps

def test_a_yes_no_question_is_answered_by_the_oracle_and_kept():
    sh = shell(*SETUP)
    scene = sh.scene
    roll = next_d100(scene)
    yes = roll <= YES_ON["even"]  # tension 1: nobody hurt, no encounter
    ok, shown = run(sh, "ask is the chapel door locked?")
    assert ok and shown[0] == CHAPEL[band("even", 1, roll)]
    assert shown[1].startswith(f"  oracle: even, tension 1: rolled {roll}, yes on 1–50 → {'Yes' if yes else 'No'}")
    assert scene.steps[-1].dice == [roll] and len(scene.facts) == 1
    answer = shown[0]
    dice = scene.chance.getstate()
    for again in ("is the chapel door locked?", "ask is the door to the chapel still locked"):
        ok, shown = run(sh, again)  # the same question, in the same words or others: the same answer
        assert ok and shown == [answer, "  already answered in this scene, no new roll"]
    ok, shown = run(sh, "is the chapel door unlocked?")  # the other way round: the opposite
    assert ok and shown[0].startswith("No. That is already settled" if yes else "Yes. That is already settled")
    assert scene.chance.getstate() == dice and [st.dice for st in scene.steps[-3:]] == [[], [], []]

    # in the save, and kept through save and load
    save = read_scene_save(scene.save_path)
    step = next(s for s in save.steps if s.kind == "ask" and s.dice)
    assert step.args["text"] == "is the chapel door locked?" and step.args["answer"]["text"] == answer
    assert step.dice == [roll]
    loaded = Scene.from_save(scene.save_path, transcript=False)
    loaded.save_path = None  # (asked here, it writes nothing)
    assert [k.text for k in loaded.facts] == [answer]
    before = loaded.chance.getstate()
    out = loaded.do("ask", {"text": "is the chapel door locked"})
    assert out.result.text == answer and out.result.kind == "repeat" and loaded.chance.getstate() == before

    # undo takes it back: the fact, and its step in the save
    assert run(sh, "undo 4")[0]
    assert scene.facts == () and all(s.kind != "ask" for s in read_scene_save(scene.save_path).steps)
    ok, shown = run(sh, "is the chapel door locked?")  # asked afresh: the oracle rolls again
    assert ok and "oracle:" in shown[1] and scene.steps[-1].dice == [roll]  # (undo rewound the dice too)


def test_stated_odds_and_the_tension_reach_the_oracle():
    sh = shell(*SETUP, "attack Brunella Casimir 4 5 7 2 6 4 6")  # Casimir d8 → d6: one step of Pulse lost
    scene = sh.scene
    assert tension(scene) == 2
    roll = next_d100(scene)
    ok, shown = run(sh, "ask likely: Brunella: is the guard asleep?")
    yes = roll <= YES_ON["likely"]
    assert ok and shown[1].startswith(f"  oracle: likely, tension 2: rolled {roll}, yes on 1–70 → "
                                      f"{'Yes' if yes else 'No'}")
    assert scene.steps[-1].args["who"] == "Brunella" and scene.steps[-1].args["odds"] == "likely"
    roll = next_d100(scene)
    ok, shown = run(sh, "ask I doubt the bridge will hold?")  # odds in the question's own words
    assert ok and f"oracle: unlikely, tension 2: rolled {roll}, yes on 1–30" in shown[1]


def test_the_tension_is_read_from_the_scene():
    """R40: 1, +2 while an encounter is under way, +1 per step of Pulse lost (dying: the whole die)."""
    sh = shell(*SETUP)
    scene = sh.scene
    assert tension(scene) == 1
    assert run(sh, "damage Casimir 10")[0]  # 30 → 20: Pulse d8 → d6
    assert tension(scene) == 1 + 1
    assert run(sh, "initiative 6 3")[0]
    assert tension(scene) == 1 + 2 + 1
    assert run(sh, "damage Casimir 21")[0]  # -1: dying, no Pulse die: d8 → none is three steps
    assert tension(scene) == 1 + 2 + 3
    assert run(sh, "damage Brunella 19")[0]  # Brunella d6 at 1 hp: d6 → d4, one step
    assert tension(scene) == 1 + 2 + 3 + 1
    assert run(sh, "damage Brunella 3")[0]  # -2, dying: d6 → none, two steps
    assert tension(scene) == 1 + 2 + 3 + 2
    assert run(sh, "character Dax custom pulse=d12")[0]
    assert run(sh, "damage Dax 20")[0]  # 50 → 30: Pulse d12 → d8, two steps: 10, held to 9
    assert tension(scene) == 9
    assert run(sh, "initiative end")[0]
    assert tension(scene) == 1 + 3 + 2 + 2
    roll = next_d100(scene)
    ok, shown = run(sh, "is the tower burning?")
    assert ok and f"tension {tension(scene)}: rolled {roll}" in shown[1]


# ---------------------------------------------------------------- 3. replay

def test_replay_from_the_save_gives_the_same_answers_and_dice():
    sh = shell(*SETUP)
    scene = sh.scene
    probe = SeededChance(7)  # the scene's dice, worked out apart: nothing rolled before the first question
    for line in ("ask is the chapel door locked?", "check Brunella reflex combat moderate", "ask is it raining?",
                 "is the guard asleep?", "who is hurt?", "check Casimir reflex combat hard"):
        assert run(sh, line)[0], line
    oracle_steps = [st for st in scene.steps if st.kind == "ask" and st.dice]
    assert len(oracle_steps) == 3 and oracle_steps[0].dice == [probe.roll(100)]
    loaded = Scene.from_save(scene.save_path, transcript=False)
    assert [(s.kind, s.dice, s.args.get("answer")) for s in loaded.steps] == \
        [(s.kind, s.dice, s.args.get("answer")) for s in scene.steps]
    assert [k.text for k in loaded.facts] == [k.text for k in scene.facts] and len(scene.facts) == 3
    assert loaded.chance.getstate() == scene.chance.getstate()
    # a save whose oracle roll is not the seed's is refused, in one line, and kept as it is
    save = read_scene_save(scene.save_path)
    data = save.model_dump(mode="json")
    first = next(i for i, s in enumerate(data["steps"]) if s["kind"] == "ask" and s["dice"])
    data["steps"][first]["dice"] = [data["steps"][first]["dice"][0] % 100 + 1]
    bad = scene.save_path.with_name("bad.json")
    write_scene_save(type(save).model_validate({k: v for k, v in data.items() if k != "checksum"}), bad)
    with pytest.raises(SaveError, match=r"does not replay at step \d+ \(ask\)"):
        Scene.from_save(bad, transcript=False)


def test_an_answer_once_told_is_the_one_a_save_keeps():
    """Replayed from a save, an oracle answer is the one the save says was told, whatever reads
    the question now: a fact is never told otherwise."""
    sh = shell(*SETUP, "ask is the chapel door locked?")
    save = read_scene_save(sh.scene.save_path)
    data = save.model_dump(mode="json")
    step = next(s for s in data["steps"] if s["kind"] == "ask")
    told = step["args"]["answer"]
    step["args"]["answer"] = {**told, "text": "Maybe so. Told otherwise.", "yes": not told["yes"]}
    path = sh.scene.save_path.with_name("told.json")
    write_scene_save(type(save).model_validate({k: v for k, v in data.items() if k != "checksum"}), path)
    loaded = Scene.from_save(path, transcript=False)
    out = loaded.do("ask", {"text": "is the chapel door locked?"})
    assert out.result.kind == "repeat" and out.result.text == "Maybe so. Told otherwise."
    assert out.result.yes is (not told["yes"])


# ---------------------------------------------------------------- 4. bad input, plain lines, the transcript

@pytest.mark.parametrize("line", ["ask", "ask    ", "ask !!!", "ask 42", "ask asdf qwer", "ask what is behind the door?",
                                  "ask probable: is it raining?", "ask Casimr: is it raining?",
                                  "ask " + "is it " * 120 + "raining?", "ask very likely:"])
def test_bad_questions_get_one_line_and_change_nothing(line):
    sh = shell(*SETUP)
    steps, dice = len(sh.scene.steps), sh.scene.chance.getstate()
    ok, shown = run(sh, line)
    assert not ok and len(shown) == 1 and shown[0].startswith("error: ") and "Traceback" not in said(sh)
    assert len(sh.scene.steps) == steps and sh.scene.chance.getstate() == dice and sh.scene.facts == ()


def test_asking_without_a_scene_or_as_the_dead_is_one_line():
    sh = Lucky13Shell(Console(file=io.StringIO(), width=300, color_system=None, highlight=False))
    ok, shown = run(sh, "ask is the door locked?")
    assert not ok and len(shown) == 1 and shown[0].startswith("error: no scene under way")
    sh = shell(*SETUP, "damage Casimir 38")  # -8: dead
    ok, shown = run(sh, "ask Casimir: is it over?")
    assert not ok and shown == ["error: Casimir is dead and asks nothing more"]


def test_a_typed_question_is_asked_and_an_action_is_not():
    sh = shell(*SETUP)
    assert run(sh, "Brunella: I raise the broadsword and charge")[0]
    assert sh.scene.steps[-1].kind == "say"
    ok, shown = run(sh, "Brunella: is the guard asleep?")
    assert ok and sh.scene.steps[-1].kind == "ask" and sh.scene.steps[-1].args["who"] == "Brunella"
    assert run(sh, "say Casimir: will you yield?")[0]  # say writes a question as typed
    assert sh.scene.steps[-1].kind == "say" and sh.scene.steps[-1].args["text"] == "will you yield?"


def test_the_answer_is_written_in_the_transcript():
    sh = shell(*SETUP, "who is hurt?", "ask Brunella: is the chapel door locked?")
    text = sh.scene.transcript.path.read_text(encoding="utf-8")
    told = sh.scene.steps[-1].args["answer"]["text"]
    assert "**Asked:** “who is hurt?”\n\n> Nobody is hurt: Brunella 20/20 and Casimir 30/30 hit points.\n\n" \
           "*⚙ answered from the scene, no roll*" in text
    assert f"**Brunella asks:** “is the chapel door locked?”\n\n> {told}\n\n*⚙ oracle: even, tension 1: rolled " in text


# ---------------------------------------------------------------- 5. the README's exchange

def readme_exchange() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text[text.index("**Lucky 13 Game Engine**"):text.index("## Development")]
    blocks = re.findall(r"```text\n(.*?)\n\s*```", section, re.S)
    block = next((b for b in blocks if "l13› ask " in b), None)
    assert block, "the README's Lucky 13 section shows no ask exchange"
    return [line[2:] if line.startswith("  ") else line for line in block.splitlines()]


def test_the_readmes_exchange_is_what_the_scene_answers():
    lines = readme_exchange()
    assert lines[0] == "$ solo play --system lucky13"
    sh = Lucky13Shell(Console(file=io.StringIO(), width=300, color_system=None, highlight=False))
    asked = 0
    for k, line in enumerate(lines):
        if not line.startswith("l13› "):
            continue
        ok, shown = run(sh, line[len("l13› "):])
        assert ok, (line, shown)
        if k + 1 < len(lines) and lines[k + 1] != "…":
            assert shown[:2] == lines[k + 1:k + 3], line
            asked += 1
    assert asked >= 4 and any(st.kind == "ask" and st.dice for st in sh.scene.steps)
    assert json.loads(json.dumps([s.args for s in sh.scene.steps]))  # plain data, as saved
