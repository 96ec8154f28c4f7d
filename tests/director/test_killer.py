"""The Killer, played, and the stages of the night (docs/director.md, "The Killer" and "The
stages"): expectations come from the documented tables and from the fiction's own state, never
from the texts told."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from solo.director.fiction import Fiction
from solo.director.killer import CHANCE, KINDS, MAX_CUTS, MOVES, OPEN_PLACES
from solo.director.material import DEFAULT_KILLER
from solo.director.stages import FINALE, STAGES, THRESHOLDS, WEIGHTS, pressure, stage_for

DOC = Path(__file__).resolve().parents[2] / "docs" / "director.md"
CAST = [{"name": n, "archetype": "", "aptitude": a, "why": ""}
        for n, a in (("Ana", "Power"), ("Ben", "Intellect"), ("Cy", "Resolve"), ("Dee", "Finesse"))]


def fiction(seed=7, setting=None) -> Fiction:
    return Fiction([dict(c) for c in CAST], seed, setting)


def section(title: str) -> str:
    text = DOC.read_text(encoding="utf-8")
    return text.split(f"## {title}\n", 1)[1].split("\n## ", 1)[0]


# ---------------------------------------------------------------------- the stages


def test_the_documented_pressure_and_thresholds_are_the_ones_used():
    text = " ".join(section("The stages").split())
    m = re.search(r"one point a Test taken, (\w+) a Strike \(the dead's too\), (\w+) a death, (\w+) a face card "
                  r"met and (\w+) a Joker met; dread from (\d+), terror from (\d+)", text)
    words = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
    assert m, "docs/director.md no longer states the pressure"
    strike, death, face, joker = (words[g] for g in m.groups()[:4])
    assert WEIGHTS == {"test": 1, "strike": strike, "death": death, "face": face, "joker": joker}
    assert THRESHOLDS == (int(m.group(5)), int(m.group(6)))


def test_the_documented_move_chances_are_the_ones_used():
    rows = re.findall(r"^\| (unease|dread|terror|finale) \| (\d+) % \|", section("The stages"), re.M)
    assert {STAGES.index(s): int(p) for s, p in rows} == CHANCE
    kinds = re.findall(r"^\| (\w+) \| ", section("The Killer"), re.M)
    assert set(kinds) - {"move"} == set(KINDS) and all(set(m) <= set(KINDS) for m in MOVES.values())


@pytest.mark.parametrize("tests, strikes, deaths, faces, jokers", [
    (0, 0, 0, 0, 0), (11, 0, 0, 0, 0), (12, 0, 0, 0, 0), (5, 2, 0, 1, 0), (10, 3, 1, 2, 1), (40, 9, 3, 8, 2)])
def test_the_stage_is_read_from_the_pressure(tests, strikes, deaths, faces, jokers):
    points = tests + 2 * strikes + 4 * deaths + 2 * faces + 3 * jokers  # the documented weights
    expected = 0 if points < 12 else 1 if points < 28 else 2
    assert pressure(tests, strikes, deaths, faces, jokers) == points
    assert stage_for(points, False) == expected and stage_for(points, True) == FINALE


def test_the_stage_never_runs_backwards_and_the_endgame_is_the_finale():
    f = fiction()
    seen = []
    for tests, strikes in [(3, 0), (14, 1), (30, 4), (2, 0), (31, 0)]:  # a pressure that drops
        seen.append(f.apply("threat", {"tests": tests, "strikes_total": strikes})["stage"])
    assert seen == ["unease", "dread", "terror", "terror", "terror"]
    assert f.apply("endgame", {"tests": 32})["stage"] == "finale"
    assert f.apply("threat", {"tests": 33, "strikes_total": 0})["stage"] == "finale"


def test_a_new_stage_is_announced_once():
    f = fiction()
    ups = [f.apply("threat", {"tests": t, "strikes_total": 0})["stage_up"] for t in (1, 12, 13, 28, 29)]
    assert ups == [None, "dread", None, "terror", None]


# ---------------------------------------------------------------------- the moves


def moves_over(f: Fiction, tests=range(1, 60), kill=(), hurt=()):
    """Apply a Threat Card a Test, killing and hurting as told; every move with the fiction
    before it."""
    out = []
    for t in tests:
        for name in kill:
            if t == kill[name]:
                f.apply("death", {"name": name, "tests": t})
        for name in hurt:
            if t == hurt[name]:
                f.find(name).hurts.append("a gash")
        before = f.copy()
        move = f.apply("threat", {"tests": t, "strikes_total": t // 4})["killer_move"]
        out.append((t, before, move))
    return out


def test_the_killer_moves_only_on_the_living_and_takes_only_what_is_held():
    for seed in range(30):
        f = fiction(seed)
        for t, before, move in moves_over(f, kill={"Ana": 5, "Cy": 20}, hurt={"Ben": 10}):
            if move is None:
                continue
            if move.get("target"):
                assert not before.find(move["target"]).dead, (seed, t, move)
            if move["kind"] == "takes":
                owner = before.find(move["target"])
                assert move["item"] in owner.items and move["item"] not in before.lost_items()
                assert move["item"] in f.find(move["target"]).lost  # taken: lost for good


def test_the_killer_favours_the_hurt():
    hunted = []
    for seed in range(40):
        f = fiction(seed)
        f.find("Dee").hurts.append("a gash")
        for _t, _before, move in moves_over(f, tests=range(28, 60)):
            if move and move["kind"] in ("stalks", "comes"):
                hunted.append(move["target"])
    assert hunted and set(hunted) == {"Dee"}


def test_a_place_cut_off_is_never_visited_again():
    for seed in range(30):
        f = fiction(seed)
        cut_at: dict[str, int] = {}
        for t, before, move in moves_over(f, tests=range(1, 120)):
            if move and move["kind"] == "cuts":
                # never where the group is now (the night may just have moved on from it)
                assert move["place"] != f.location and move["place"] not in before.cut
                cut_at[move["place"]] = t
            assert f.location not in f.cut
        assert len(f.cut) <= MAX_CUTS and len(set(f.route) - set(f.cut)) >= OPEN_PLACES


def test_the_same_move_never_comes_twice_running_and_a_night_replays():
    a, b = fiction(3), fiction(3)
    moves_a = [m for _t, _b, m in moves_over(a) if m]
    moves_b = [m for _t, _b, m in moves_over(b) if m]
    assert moves_a == moves_b and len(moves_a) > 5
    kinds = [m["kind"] for m in a.moves]
    assert all(x != y for x, y in zip(kinds, kinds[1:]))


def test_relief_after_a_clean_success_or_a_weakness_keeps_the_killer_still():
    for seed in range(40):
        f = fiction(seed)
        f.apply("threat", {"tests": 30, "strikes_total": 0})
        f.apply("outcome", {"name": "Ana", "tests": 30, "success": True, "fallout": 1, "fallout_name": "Clean"})
        d = f.apply("threat", {"tests": 31, "strikes_total": 0})
        assert d["relief"] is True and d["killer_move"] is None
        f.apply("weakness", {"suit": "Power", "tests": 31})
        assert f.apply("threat", {"tests": 32, "strikes_total": 0})["killer_move"] is None
    chances = sum(fiction(s).apply("threat", {"tests": 40, "strikes_total": 0})["killer_move"] is not None
                  for s in range(200))
    assert chances > 60  # without relief, terror moves about half the time


def test_the_first_appearance_is_told_once():
    f = fiction()
    firsts = [f.apply("threat", {"tests": t, "strikes_total": 0, "killer": t in (4, 9)})["first_sight"]
              for t in range(1, 40)]
    assert firsts.count(True) == 1 and f.seen


def test_the_playsets_killer_is_played_and_the_default_fits_any_setting():
    from solo.playsets import load_playset

    ps = load_playset("house-party")
    f = fiction(setting=ps.setting())
    assert f.killer["name"] == ps.killer.name and f.killer["weapon"] == ps.killer.weapon and ps.killer.legend
    assert fiction().killer == DEFAULT_KILLER
    assert all(DEFAULT_KILLER[k] for k in ("name", "look", "calling_card", "weapon", "legend"))


def test_the_models_prompt_carries_the_stage_the_move_and_the_cut_places():
    from solo.narration import TemplateNarrator
    from solo.narration.beats import Beat
    from solo.narration.llm import LLMNarrator

    f = fiction(5)
    f.cut.append(f.route[-1])
    llm = LLMNarrator(TemplateNarrator(seed=5), base_url="http://127.0.0.1:9/v1", api_key="x", model="m")
    details = {"stage": "terror", "stage_up": "terror", "relief": False, "first_sight": False,
               "the_killer": f.killer, "killer_move": {"kind": "takes", "target": "Ben", "item": "compass"}}
    prompt = llm._beat_prompt(Beat("threat", {"nature": "brute force", "suit": "Power", "severity": "dangerous",
                                              "difficulty": 5, "killer": False, **details, "f": f.view()}))
    assert "stage is terror (it has just turned to terror" in prompt
    assert "has taken Ben's compass" in prompt
    from solo.narration.environment import make_environment

    facts = make_environment().get_template("llm/_fiction.j2").render(f=f.view())
    assert f"The Killer has cut them off from {f.route[-1]}" in facts and "stage: unease" in facts


def test_the_directors_answers_respect_a_place_cut_off():
    from solo.nott import quick_cast
    from solo.nott.rules import ASHCAN
    from solo.play.night import Night

    night = Night(quick_cast(4), ASHCAN, 4)
    night.start()
    place = next(p for p in night.story.route if p != night.story.location)
    night.story.cut.append(place)  # as the Killer's move leaves it
    for question, yes in ((f"Can we go back to {place}?", False), (f"Is {place} safe?", False),
                          (f"Is the way to {place} blocked?", True), (f"Is {place} cut off?", True)):
        reply = night.ask(question)
        assert (reply.kind, reply.yes) == ("state", yes), question
        told = night.steps[-1].narration[0][1]
        assert told.startswith("Yes" if yes else "No") and f"The way to {place} is cut off" in told
    other = next(p for p in night.story.route if p not in (place, night.story.location))
    assert night.ask(f"Can we go back to {other}?").kind != "state"  # an open place: the oracle decides


def test_a_thing_the_player_just_held_on_to_is_torn_away_never_taken_unseen():
    """"I don't let go of my walkie-talkie, whatever happens": if the Killer takes it, the move says
    so (``held``), and it is told as torn away in plain sight, never "gone, and nobody heard"."""
    from solo.director.killer import _shape
    from solo.narration.beats import Beat
    from solo.narration.templates import TemplateNarrator

    f = fiction()
    for p in f.people:
        p.items = [p.items[0]] if p.items else ["flashlight"]
        p.deeds.append(f"I don't let go of my {p.items[0]}, whatever happens.")
    move = _shape("takes", f, f.people, lambda *key: 0)
    assert move["held"] is True
    ctx = {"suit": "Power", "severity": "dangerous", "face": None, "card": 5, "difficulty": 5, "suited": None,
           "living": [p.name for p in f.people], "living_count": 4, "f": f.view(), "the_killer": f.killer,
           "killer_move": move}
    for v in range(6):
        told = TemplateNarrator(v).render(Beat("threat", ctx), v)
        assert "nobody heard" not in told and "Nobody saw" not in told, told
        assert re.search(r"torn away|wrenches|pulls \w+ loose|takes (it|them), and the dark", told), told
    f.people[0].deeds.append("I run for the road.")
    f.people[0].deeds.append("I hide.")  # two lines on: held no longer
    assert "held" not in _shape("takes", f, f.people, lambda *key: 0)
