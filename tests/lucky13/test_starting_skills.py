"""Finishing a character in a scene (R38) and rolling without a skill (R39): skills added or fixed
after creation, starting specializations chosen up to the allowance, each a step that undoes
and replays from the save."""

from __future__ import annotations

import pytest

from solo.lucky13 import D4, D6, D8, D10, D12, NONE
from solo.lucky13.records import SceneError
from solo.lucky13.session import Scene

ROOK = {"name": "Rook", "method": "balanced"}  # Will d10 Charm d8 Pulse d6 Intellect d6 Reflex d4


@pytest.fixture(autouse=True)
def solo_home(tmp_path, monkeypatch):
    monkeypatch.setenv("SOLO_HOME", str(tmp_path / "home"))


def rook(tmp_path=None, allowance=2) -> Scene:
    paths = {"save_path": tmp_path / "scene.json"} if tmp_path is not None else {}
    sc = Scene(7, allowance=allowance, **paths)
    sc.do("create", ROOK)
    return sc


def test_skills_are_added_fixed_and_taken_off_after_creation():
    sc = rook()
    sc.do("skill", {"who": "Rook", "skills": [["Stealth", "reflex"], ["Lore", "d8"]]})
    assert dict(sc.characters["Rook"].skills) == {"Stealth": D4, "Lore": D8}
    sc.do("skill", {"who": "Rook", "skills": [["stealth", "will"], ["Lore", "none"]]})  # any case: the same skill
    assert dict(sc.characters["Rook"].skills) == {"Stealth": D10}
    with pytest.raises(SceneError, match="no skill 'Lore' to take off"):
        sc.do("skill", {"who": "Rook", "skills": [["Lore", "none"]]})
    with pytest.raises(SceneError, match="Stealth=banana"):
        sc.do("skill", {"who": "Rook", "skills": [["Stealth", "banana"]]})


def test_a_skill_holding_a_specialization_stays():
    sc = rook()
    sc.do("skill", {"who": "Rook", "skills": [["Stealth", "reflex"]]})
    sc.do("spec", {"who": "Rook", "specs": [["Stealth", "Pick locks"]]})
    with pytest.raises(SceneError, match="Pick locks"):
        sc.do("skill", {"who": "Rook", "skills": [["Stealth", "none"]]})
    assert "Stealth" in sc.characters["Rook"].skills


def test_starting_specializations_up_to_the_allowance_then_advance():
    # "If they do choose to have an impairment, they may select one additional Specialization
    # during creation": the allowance plus one per impairment, each at level 1 (R22, R38).
    sc = rook()
    sc.do("skill", {"who": "Rook", "skills": [["Stealth", "reflex"]]})
    sc.do("spec", {"who": "Rook", "specs": [["stealth", "Pick locks"], ["Stealth", "Hide"]]})
    ch = sc.characters["Rook"]
    assert [(s.name, s.skill, s.level) for s in ch.specializations] == [("Pick locks", "Stealth", 1),
                                                                         ("Hide", "Stealth", 1)]
    assert ch.adventure_points == 0
    with pytest.raises(SceneError, match=r"all 2 starting specializations .*advance Rook spec Climb in Stealth"):
        sc.do("spec", {"who": "Rook", "specs": [["Stealth", "Climb"]]})
    sc.do("create", {"name": "Wren", "method": "balanced", "skills": [["Lore", "d6"]], "impairments": ["Limp"],
                     "specs": [["Lore", "Maps"]]})
    sc.do("spec", {"who": "Wren", "specs": [["Lore", "Runes"], ["Lore", "Herbs"]]})  # 2 + 1 for the limp
    with pytest.raises(SceneError, match="all 3 starting specializations"):
        sc.do("spec", {"who": "Wren", "specs": [["Lore", "Stars"]]})


def test_a_specialization_needs_its_skill_first():
    sc = rook()
    with pytest.raises(SceneError, match=r"'Pick locks' falls within 'Stealth'.*skill Rook Stealth="):
        sc.do("spec", {"who": "Rook", "specs": [["Stealth", "Pick locks"]]})
    assert sc.steps[-1].kind == "create"


def test_a_starting_specialization_is_dropped_but_a_bought_one_is_not():
    sc = rook()
    sc.do("skill", {"who": "Rook", "skills": [["Stealth", "reflex"]]})
    sc.do("spec", {"who": "Rook", "specs": [["Stealth", "Pick locks"], ["Stealth", "Hide"]]})
    sc.do("spec", {"who": "Rook", "drop": "hide"})
    assert [s.name for s in sc.characters["Rook"].specializations] == ["Pick locks"]
    sc.do("spec", {"who": "Rook", "specs": [["Stealth", "Climb"]]})  # its place is free again
    sc.do("award", {"who": "Rook", "points": 4})
    sc.do("advance", {"who": "Rook", "what": "spec", "name": "Disguise", "skill": "Stealth"})
    with pytest.raises(SceneError, match="bought with Adventure Points"):
        sc.do("spec", {"who": "Rook", "drop": "Disguise"})


def test_skill_and_spec_steps_undo_and_replay(tmp_path):
    sc = rook(tmp_path)
    before = sc.state_key()
    sc.do("skill", {"who": "Rook", "skills": [["Stealth", "roll"]]})  # a d100: a rolling step
    sc.do("spec", {"who": "Rook", "specs": [["Stealth", "Pick locks"]]})
    after = sc.state_key()
    again = Scene.from_save(tmp_path / "scene.json", transcript=False)
    assert again.state_key() == after
    sc.undo(2)
    assert sc.state_key() == before
    sc.do("skill", {"who": "Rook", "skills": [["Stealth", "roll"]]}, dice=[99])
    assert sc.characters["Rook"].skills["Stealth"] == D12  # 99 on the ability table


def test_no_skill_rolls_ability_and_difficulty_alone():
    # "In every skill roll, there are three core dice" — and a die steps down to no die (R2):
    # a character without the skill rolls no Skill die (R39).
    sc = rook()
    out = sc.do("check", {"who": "Rook", "ability": "Will", "skill": None, "difficulty": "d8"}, dice=[9, 4])
    assert out.lines == ["Will d10 9 + Difficult d8 4 = 13 ≥ 13: success"]
    assert "no skill" in out.heading
    ab, sk, *_ = sc.side_dice(sc.characters["Rook"], "Will", None, {})
    assert (ab, sk) == (D10, NONE)
    _, stepped, *_ = sc.side_dice(sc.characters["Rook"], "Will", None, {"s": 1})
    assert stepped == D4 and stepped.up() == D6
