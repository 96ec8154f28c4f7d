"""A played Lucky 13 scene: steps all-or-nothing, typed dice, exact undo, saves that replay,
damaged saves refused and kept, and the Markdown transcript."""

from __future__ import annotations

import json

import pytest

from solo.lucky13 import D6, D8, D10, Mode, check_odds
from solo.lucky13.narrator import Lucky13TemplateNarrator
from solo.lucky13.saves import FORMAT, read_scene_save, write_scene_save
from solo.lucky13.session import latest_unfinished_scene
from solo.lucky13.records import SceneError, parse_ability_word, parse_difficulty_word
from solo.lucky13.session import Scene
from solo.play.saves import SaveError


@pytest.fixture(autouse=True)
def solo_home(tmp_path, monkeypatch):
    monkeypatch.setenv("SOLO_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


BRUNELLA = {"name": "Brunella", "method": "custom", "abilities": {"Reflex": "d8"}, "skills": [["Combat", "d6"]],
            "weapons": [["Broadsword", "d8", "d10"]]}
CASIMIR = {"name": "Casimir", "method": "custom", "abilities": {"Reflex": "d6", "Pulse": "d8"},
           "skills": [["Combat", "d10"]], "armor": ["Chainmail", "d6"]}
HROTHGAR = {"name": "Hrothgar", "method": "balanced", "abilities": {"Pulse": "d10", "Reflex": "d8"},
            "skills": [["Fighting", "pulse"], ["Sneaking", "d6"]], "specs": [["Fighting", "Broadsword"]]}


def scene(tmp_path=None, seed=7, narrate=True, **kw) -> Scene:
    paths = {}
    if tmp_path is not None:
        paths = {"save_path": tmp_path / "scene.json", "transcript_path": tmp_path / "scene.md"}
    sc = Scene(seed, narrator=Lucky13TemplateNarrator(seed) if narrate else None, **paths, **kw)
    sc.start()
    return sc


def cast(sc: Scene) -> Scene:
    for c in (BRUNELLA, CASIMIR, HROTHGAR):
        sc.do("create", c)
    return sc


def seeded_play(sc: Scene) -> None:
    """A handful of seeded steps of every rolling kind."""
    sc.do("check", {"who": "Hrothgar", "ability": "Pulse", "skill": "Fighting", "difficulty": "d8"})
    sc.do("contest", {"sides": [{"who": "Hrothgar", "ability": "Pulse", "skill": "Fighting"},
                                {"who": "Brunella", "ability": "Reflex", "skill": "Combat", "a": 1}]})
    sc.do("initiative", {"who": [], "tie": "reflex"})
    sc.do("attack", {"attacker": "Brunella", "defender": "Casimir"})
    sc.do("say", {"text": "I circle to his left", "who": None})
    sc.do("mode", {"mode": "gritty"})
    sc.do("check", {"who": "Brunella", "ability": "Reflex", "skill": None, "difficulty": "d12", "edge": 1})
    sc.do("award", {"who": "Brunella", "points": 20, "why": "bravery"})
    sc.do("advance", {"who": "Brunella", "what": "spec", "name": "Broadsword", "skill": "Combat"})


# ---------------------------------------------------------------------- the worked examples, played

def test_hrothgar_forces_the_door_with_typed_dice():
    sc = cast(scene())
    out = sc.do("check", {"who": "Hrothgar", "ability": "Pulse", "skill": "Fighting", "difficulty": "d10"},
                dice=[5, 3, 9])
    assert out.result.total == 17 and out.result.success and not out.result.dilemma
    assert out.lines == ["Pulse d10 5 + Fighting d10 3 + Moderate d10 9 = 17 ≥ 13: success"]
    assert sc.steps[-1].dice == [5, 3, 9] and sc.steps[-1].typed
    assert [k for k, _ in out.narration] == ["success"]


def test_brunella_attacks_casimir_as_in_the_text():
    sc = cast(scene())
    out = sc.do("attack", {"attacker": "Brunella", "defender": "Casimir"}, dice=[4, 5, 7, 2, 6, 4, 6])
    res = out.result
    assert (res.attack.total, res.defense.total, res.margin, res.damage) == (16, 12, 4, 10)
    cas = sc.characters["Casimir"]
    assert cas.health.hp == 20 and cas.health.pulse == D6 and cas.abilities[parse_ability_word("pulse")] == D8
    assert out.lines[0].endswith("= 12 → hit by 4")
    assert out.lines[1] == "damage: Broadsword d10 6 + 4 = 10"
    assert out.lines[2] == "Casimir 30 → 20 hp, Pulse d8 → d6"
    assert [k for k, _ in out.narration] == ["hit", "wound"]


def test_knuckles_cannot_force_the_door_and_a_draw_fails_him():
    sc = scene()
    sc.do("create", {"name": "Knuckles", "method": "custom", "abilities": {"Pulse": "d8"},
                     "skills": [["Fighting", "d10"]]})
    sc.do("create", {"name": "Big Tuna", "method": "custom", "abilities": {"Pulse": "d8"},
                     "skills": [["Fighting", "d10"]]})
    sides = [{"who": "Knuckles", "ability": "Pulse", "skill": "Fighting"},
             {"who": "Big Tuna", "ability": "Pulse", "skill": "Fighting", "a": 1}]  # the door steps his Pulse
    out = sc.do("contest", {"sides": sides}, dice=[4, 5, 5, 7])
    assert out.result.totals == (9, 12) and out.result.winner == 1
    assert "Big Tuna wins by 3" in out.lines[0] and "Pulse d10 5" in out.lines[0]
    out = sc.do("contest", {"sides": sides}, dice=[4, 5, 2, 7])
    assert out.result.totals == (9, 9) and out.result.winner == 1
    assert "a draw fails the side acting: Big Tuna prevails" in out.lines[0]
    assert [k for k, _ in out.narration] == ["contest_lose"]


def test_dying_bleeding_stabilising_and_death():
    sc = cast(scene())
    sc.do("damage", {"who": "Casimir", "amount": 31})
    h = sc.characters["Casimir"].health
    assert h.hp == -1 and h.dying
    with pytest.raises(SceneError, match="dying and unconscious"):
        sc.do("check", {"who": "Casimir", "ability": "Will", "skill": None, "difficulty": "d12"})
    out = sc.do("heal", {"who": "Casimir", "stabilise": True})
    assert sc.characters["Casimir"].health.stable and [k for k, _ in out.narration] == ["healing"]
    with pytest.raises(SceneError, match="not bleeding out"):
        sc.do("damage", {"who": "Casimir", "bleed": 3})
    sc.do("damage", {"who": "Casimir", "amount": 1})  # fresh damage undoes stabilising (R17)
    out = sc.do("damage", {"who": "Casimir", "bleed": 30})
    assert sc.characters["Casimir"].health.dead and sc.characters["Casimir"].health.hp == -8
    assert [k for k, _ in out.narration] == ["death"]
    with pytest.raises(SceneError, match="dead"):
        sc.do("heal", {"who": "Casimir", "amount": 5})


def test_random_creation_with_typed_percentile_dice_and_00():
    sc = scene()
    out = sc.do("create", {"name": "Rolled", "method": "random", "skills": [["Luck", "roll"]]},
                dice=[5, 21, 0, 61, 99, 40])
    ch = sc.characters["Rolled"]
    assert [str(ch.abilities[a]) for a in ch.abilities] == ["d4", "d6", "d12", "d10", "d12"]
    assert str(ch.skills["Luck"]) == "d6"
    assert sc.steps[-1].dice == [5, 21, 100, 61, 99, 40]
    assert "Charm 21 → d6" in out.notes[0] and "Pulse 00 → d12" in out.notes[0]


def test_arrays_fill_in_ability_order_and_refuse_wrong_dice():
    sc = scene()
    sc.do("create", {"name": "Spec", "method": "specialized", "abilities": {}})
    assert [str(d) for d in sc.characters["Spec"].abilities.values()] == ["d12", "d10", "d6", "d4", "d4"]
    before = sc.state_key()
    with pytest.raises(ValueError):
        sc.do("create", {"name": "Cheat", "method": "balanced", "abilities": {"Pulse": "d12"}})
    with pytest.raises(ValueError, match="may start with 2 specializations"):
        sc.do("create", {"name": "Greedy", "method": "balanced", "skills": [["A", "d6"]],
                         "specs": [["A", "x"], ["A", "y"], ["A", "z"]]})
    sc.do("create", {"name": "Impaired", "method": "balanced", "skills": [["A", "d6"]],
                     "specs": [["A", "x"], ["A", "y"], ["A", "z"]], "impairments": ["Bad knee"]})
    assert len(sc.characters["Impaired"].specializations) == 3
    assert before != sc.state_key()


# ---------------------------------------------------------------------- all or nothing, typed dice

def test_failing_steps_leave_the_scene_and_the_dice_to_come_unchanged():
    sc = cast(scene())
    key = sc.state_key()
    bad = [
        ("check", {"who": "Nobody", "ability": "Pulse", "skill": None, "difficulty": "d10"}),
        ("check", {"who": "Hrothgar", "ability": "Pulse", "skill": "Juggling", "difficulty": "d10"}),
        ("check", {"who": "Hrothgar", "ability": "Luck", "skill": None, "difficulty": "d10"}),
        ("check", {"who": "Hrothgar", "ability": "Pulse", "skill": None, "difficulty": "d7"}),
        ("attack", {"attacker": "Casimir", "defender": "Brunella"}),  # no weapon
        ("attack", {"attacker": "Brunella", "defender": "Brunella"}),
        ("contest", {"sides": [{"who": "Hrothgar", "ability": "Pulse", "skill": "Fighting"}]}),
        ("advance", {"who": "Brunella", "what": "ability", "ability": "Reflex"}),  # no AP
        ("heal", {"who": "Brunella", "amount": 3}),  # already full
        ("mode", {"mode": "cinematic"}),
        ("mode", {"mode": "wild"}),
        ("create", {"name": "hrothgar", "method": "custom"}),
        ("create", {"name": "Bad=Name", "method": "custom"}),
        ("create", {"name": "Seven 7", "method": "custom"}),
        ("nonsense", {}),
    ]
    for kind, args in bad:
        with pytest.raises(ValueError):
            sc.do(kind, args)
        assert sc.state_key() == key, kind
    assert len(sc.steps) == 3


def test_typed_dice_must_match_the_roll_exactly():
    sc = cast(scene())
    key = sc.state_key()
    args = {"who": "Hrothgar", "ability": "Pulse", "skill": "Fighting", "difficulty": "d10"}
    with pytest.raises(SceneError, match="not enough dice typed: 2 given"):
        sc.do("check", args, dice=[5, 3])
    with pytest.raises(SceneError, match="1 typed die left over"):
        sc.do("check", args, dice=[5, 3, 9, 4])
    with pytest.raises(SceneError, match="typed die 1 is 11, but it is a d10"):
        sc.do("check", args, dice=[11, 3, 9])
    with pytest.raises(SceneError, match="rolls no dice"):
        sc.do("damage", {"who": "Casimir", "amount": 3}, dice=[3])
    assert sc.state_key() == key
    # an exploding die needs its extra roll straight after it (R5)
    with pytest.raises(SceneError, match="a d10 is needed next"):
        sc.do("check", args, dice=[10, 3, 9])
    out = sc.do("check", args, dice=[10, 2, 3, 9])
    assert out.result.total == 24 and "Pulse d10 10!+2" in out.lines[0]
    assert [k for k, _ in out.narration] == ["explosion", "success"]


def test_a_dilemma_is_reported_beside_success():
    sc = cast(scene())
    out = sc.do("check", {"who": "Hrothgar", "ability": "Pulse", "skill": "Fighting", "difficulty": "d12"},
                dice=[1, 7, 6])
    assert out.result.success and out.result.dilemma
    assert out.lines[0].endswith("= 14 ≥ 13: success, dilemma") and "d10 1 (implodes)" in out.lines[0]
    assert [k for k, _ in out.narration] == ["success", "dilemma"]


def test_modes_change_what_explodes():
    sc = cast(scene(mode="plain"))
    args = {"who": "Hrothgar", "ability": "Pulse", "skill": "Fighting", "difficulty": "d10"}
    out = sc.do("check", args, dice=[10, 10, 1])
    assert out.result.total == 21 and not out.result.dilemma
    sc.do("mode", {"mode": "gritty"})
    out = sc.do("check", args, dice=[10, 10, 10, 1])  # only the Ability die explodes, once
    assert out.result.total == 31 and out.result.dilemma


def test_odds_helpers_read_words():
    assert parse_difficulty_word("hard") == D8 and parse_difficulty_word("mod") == D10
    assert parse_difficulty_word("heroic").is_none and parse_difficulty_word("d6") == D6
    assert parse_ability_word("ref").value == "Reflex"
    with pytest.raises(SceneError):
        parse_difficulty_word("tricky")
    assert check_odds(D10, D8, D6, mode=Mode.PLAIN).success > 0


# ---------------------------------------------------------------------- undo

def test_undo_is_exact_step_by_step_and_the_dice_to_come_return():
    sc = cast(scene())
    keys = [sc.state_key()]
    seeded_play(sc)
    played = sc.steps[3:]
    keys_after = []
    sc2 = cast(scene())
    for st in played:
        sc2.do(st.kind, st.args)
        keys_after.append(sc2.state_key())
    assert sc.state_key() == keys_after[-1]
    for i in range(len(played) - 1, -1, -1):
        sc.undo(1)
        assert sc.state_key() == (keys_after[i - 1] if i else keys[0]), i
    # and replaying the same steps gives the same dice again
    for st in played:
        sc.do(st.kind, st.args)
    assert [s.dice for s in sc.steps[3:]] == [s.dice for s in played]
    assert sc.state_key() == keys_after[-1]


def test_undo_several_at_once_and_its_limits():
    sc = cast(scene())
    start = sc.state_key()
    seeded_play(sc)
    sc.undo(len(sc.steps) - 3)
    assert sc.state_key() == start
    sc.undo(3)
    assert sc.characters == {} and sc.steps == []
    with pytest.raises(SceneError, match="cannot undo 1 step: only 0 played"):
        sc.undo()
    with pytest.raises(SceneError):
        sc.undo(0)


def test_the_end_closes_the_scene_and_undo_reopens_it():
    sc = cast(scene())
    sc.do("end")
    with pytest.raises(SceneError, match="the scene is over"):
        sc.do("damage", {"who": "Casimir", "amount": 1})
    sc.do("say", {"text": "Well fought."})
    sc.undo(2)
    assert not sc.finished
    sc.do("damage", {"who": "Casimir", "amount": 1})


# ---------------------------------------------------------------------- saves

def test_autosave_replays_to_the_same_state(tmp_path):
    sc = cast(scene(tmp_path))
    seeded_play(sc)
    sc.do("attack", {"attacker": "Brunella", "defender": "Casimir"}, dice=[4, 5, 7, 2, 6, 4, 6])
    save = read_scene_save(sc.save_path)
    assert save.format == FORMAT and save.checksum == save.body_digest()
    assert [s.typed for s in save.steps][-1] is True
    back = Scene.from_save(sc.save_path)
    assert back.state_key() == sc.state_key()
    assert [(s.kind, s.args, s.dice) for s in back.steps] == [(s.kind, s.args, s.dice) for s in sc.steps]
    # and goes on rolling the same dice as the original would
    args = {"who": "Hrothgar", "ability": "Pulse", "skill": "Fighting", "difficulty": "d8"}
    assert back.do("check", args).result == sc.do("check", args).result
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []  # no temp files left


@pytest.mark.parametrize("damage", ["truncate", "garbage", "tamper", "not-json-object", "version", "nott",
                                    "bad-step"])
def test_damaged_save_is_refused_in_one_line_and_kept(tmp_path, damage):
    sc = cast(scene(tmp_path))
    seeded_play(sc)
    path = sc.save_path
    raw = path.read_bytes()
    if damage == "truncate":
        bad = raw[: len(raw) // 2]
    elif damage == "garbage":
        bad = b"\x00\xff" + raw[10:]
    elif damage == "tamper":
        bad = raw.replace(b'"Hrothgar"', b'"Hrothgor"', 1)
    elif damage == "not-json-object":
        bad = b"[1, 2, 3]"
    elif damage == "nott":
        data = json.loads(raw)
        data["format"] = "solo-nott-save"
        bad = json.dumps(data).encode()
    elif damage == "bad-step":
        data = json.loads(raw)
        data["steps"][0]["kind"] = "teleport"
        bad = json.dumps(data).encode()
    else:
        data = json.loads(raw)
        data["version"] = 99
        bad = json.dumps(data).encode()
    path.write_bytes(bad)
    with pytest.raises(SaveError) as err:
        Scene.from_save(path)
    assert "\n" not in str(err.value) and str(path) in str(err.value)
    assert path.read_bytes() == bad


def test_a_save_with_a_valid_checksum_must_still_replay(tmp_path):
    sc = cast(scene(tmp_path))
    seeded_play(sc)
    save = read_scene_save(sc.save_path)
    forged = save.model_copy(deep=True)
    i = next(i for i, s in enumerate(forged.steps) if s.kind == "check" and not s.typed)
    forged.steps[i].dice = [6, 6, 6]  # the seed does not roll these
    write_scene_save(forged, sc.save_path)
    with pytest.raises(SaveError, match=f"does not replay at step {i + 1}"):
        Scene.from_save(sc.save_path)
    forged = save.model_copy(deep=True)
    forged.steps[3].args["who"] = "Nobody"
    write_scene_save(forged, sc.save_path)
    with pytest.raises(SaveError, match="does not replay at step 4"):
        Scene.from_save(sc.save_path)


def test_latest_unfinished_skips_finished_and_damaged(tmp_path):
    a = cast(scene(tmp_path / "a"))
    b = cast(scene(tmp_path / "b"))
    b.do("end")
    saves = tmp_path / "all"
    saves.mkdir()
    (saves / "lucky13-a.json").write_bytes(a.save_path.read_bytes())
    (saves / "lucky13-b.json").write_bytes(b.save_path.read_bytes())
    (saves / "lucky13-c.json").write_text("{broken")
    assert latest_unfinished_scene(saves) == saves / "lucky13-a.json"


# ---------------------------------------------------------------------- transcript

def test_transcript_has_header_rolls_narration_words_and_footer(tmp_path):
    sc = cast(scene(tmp_path, title="The Black Door"))
    sc.do("say", {"text": "I put my shoulder to the door", "who": "Hrothgar"})
    sc.do("check", {"who": "Hrothgar", "ability": "Pulse", "skill": "Fighting", "difficulty": "d10"}, dice=[5, 3, 9])
    sc.do("attack", {"attacker": "Brunella", "defender": "Casimir"}, dice=[4, 5, 7, 2, 6, 4, 6])
    sc.undo()
    sc.do("end")
    text = sc.transcript.path.read_text(encoding="utf-8")
    assert text.startswith("# Lucky 13 — The Black Door\n\n- **Seed:** 7\n- **Mode:** cinematic\n")
    assert "**Hrothgar:** “I put my shoulder to the door”" in text
    assert "### Check — Hrothgar: Pulse + Fighting vs Moderate (d10)" in text
    assert "*⚙ Pulse d10 5 + Fighting d10 3 + Moderate d10 9 = 17 ≥ 13: success*" in text
    assert "### Attack — Brunella on Casimir (Broadsword)" in text and "damage: Broadsword d10 6 + 4 = 10" in text
    assert "*(undo: 1 step taken back)*" in text
    assert "## Totals" in text and "| Casimir | 30/30 | d8 (full d8) | 0 | +0 | unhurt |" in text
    assert "- Checks: 1 (1 succeeded)" in text
    quotes = [line for line in text.splitlines() if line.startswith("> ")]
    assert len(quotes) >= 4  # opening, success, hit, wound
    assert read_scene_save(sc.save_path).finished


def test_same_seed_and_steps_give_the_same_transcript(tmp_path):
    texts = []
    for d in ("one", "two"):
        sc = cast(scene(tmp_path / d, seed=99))
        seeded_play(sc)
        sc.do("end")
        texts.append(sc.transcript.path.read_text(encoding="utf-8"))
    assert texts[0] == texts[1]


def test_resumed_transcript_goes_on_in_the_same_file():
    from solo.paths import saves_dir, transcripts_dir

    sc = Scene(7, narrator=Lucky13TemplateNarrator(7), save_path=saves_dir() / "lucky13-x.json",
               transcript_path=transcripts_dir() / "lucky13-x.md")  # a scene of the data folder's
    sc.start()
    cast(sc)
    seeded_play(sc)
    back = Scene.from_save(sc.save_path, narrator=Lucky13TemplateNarrator(7))
    assert back.transcript.path == sc.transcript.path
    back.do("check", {"who": "Hrothgar", "ability": "Pulse", "skill": "Fighting", "difficulty": "d8"})
    text = back.transcript.path.read_text(encoding="utf-8")
    assert text.count("# Lucky 13") == 1 and "*(the scene resumes)*" in text
    after = text.split("*(the scene resumes)*")[1]
    assert "### Check — Hrothgar: Pulse + Fighting vs Difficult (d8)" in after and "\n> " in after
