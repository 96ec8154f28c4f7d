"""Lucky 13 narration: beats built from real results, every beat rendering for every cell,
determinism, no repeats, strictness, and the Narrator protocol."""

from __future__ import annotations

import itertools
import os
import subprocess
import sys
from pathlib import Path

import jinja2
import pytest

from solo.lucky13 import (
    D6,
    D8,
    D10,
    Health,
    Mode,
    Pool,
    ScriptedChance,
    attack,
    attack_pool,
    contest,
    defense_pool,
    skill_check,
)
from solo.lucky13.beats import (
    CELLS,
    LUCKY13_BEAT_KINDS,
    Lucky13Beat,
    attack_beats,
    check_beats,
    contest_beats,
    health_beats,
    opening_beat,
    sample_beats,
    sample_context,
)
from solo.lucky13.narrator import (
    Lucky13TemplateNarrator,
    lucky13_environment,
    lucky13_prompts_dir,
    make_lucky13_narrator,
)
from solo.narration.base import Narrator
from solo.narration.beats import Beat

from tests.narration.conftest import check_text  # the house rules for every narrated text


@pytest.fixture(scope="module")
def env():
    return lucky13_environment()


# ---------------------------------------------------------------------- every beat, every cell

def test_there_is_a_template_and_cells_for_every_kind():
    root = lucky13_prompts_dir() / "lucky13"
    for kind in LUCKY13_BEAT_KINDS:
        assert (root / f"{kind}.j2").is_file(), kind
        assert kind in CELLS
    assert set(CELLS) == set(LUCKY13_BEAT_KINDS)


@pytest.mark.parametrize("kind", LUCKY13_BEAT_KINDS)
def test_every_beat_renders_for_every_combination_with_three_texts_or_more(env, kind):
    narrator = Lucky13TemplateNarrator(seed=0, environment=env)
    cells = 0
    for beat in sample_beats(kind):
        texts = {narrator.render(beat, v) for v in range(Lucky13TemplateNarrator.VARIANTS)}
        for t in texts:
            check_text(t)
        assert len(texts) >= 3, (kind, beat.context)
        cells += 1
    assert cells == len(list(itertools.product(*CELLS[kind].values())))


@pytest.mark.parametrize("kind", ["success", "failure", "hit", "wound", "dying", "death", "contest_win"])
def test_texts_name_who_they_are_about(env, kind):
    narrator = Lucky13TemplateNarrator(seed=3, environment=env)
    for beat in sample_beats(kind):
        name = beat["name"]
        texts = [narrator.render(beat, v) for v in range(12)]
        assert any(name in t or (beat.get("attacker") or "") in t for t in texts), (kind, texts)


def test_dilemma_texts_follow_success_and_failure(env):
    narrator = Lucky13TemplateNarrator(seed=1, environment=env)
    ok = Lucky13Beat("dilemma", sample_context("dilemma", what="check", success=True))
    bad = Lucky13Beat("dilemma", sample_context("dilemma", what="check", success=False))
    assert all(any(p in narrator.render(ok, v) for p in ("price", "catch", "gives")) for v in range(20))
    assert all(any(p in narrator.render(bad, v) for p in ("failure", "wrong", "trouble")) for v in range(20))


def test_strict_undefined_refuses_a_context_that_lacks_a_key(env):
    narrator = Lucky13TemplateNarrator(seed=0, environment=env)
    ctx = sample_context("hit")
    del ctx["weapon"]
    with pytest.raises(jinja2.UndefinedError):
        narrator.render(Lucky13Beat("hit", ctx), 0)


# ---------------------------------------------------------------------- determinism, variety

def played_beats() -> list[Beat]:
    beats: list[Beat] = [opening_beat("The Black Door", "cinematic")]
    for kind in LUCKY13_BEAT_KINDS:
        beats += list(sample_beats(kind))[:4]
    return beats * 3


def test_same_seed_same_texts_and_different_seeds_differ(env):
    beats = played_beats()
    one, two = Lucky13TemplateNarrator(5, environment=env), Lucky13TemplateNarrator(5)
    assert [one.tell(b) for b in beats] == ["".join(two.narrate(b)) for b in beats]
    runs = {tuple(Lucky13TemplateNarrator(s, environment=env).tell(b) for b in beats[:30]) for s in range(5)}
    assert len(runs) == 5


def test_same_seed_across_processes():
    code = ("from solo.lucky13.beats import sample_beats\n"
            "from solo.lucky13.narrator import Lucky13TemplateNarrator\n"
            "n = Lucky13TemplateNarrator(3)\n"
            "print('|'.join(n.tell(b) for b in list(sample_beats('success'))[:6]))")
    outs = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                           env={**os.environ, "PYTHONHASHSEED": str(h)}).stdout for h in (1, 2)}
    assert len(outs) == 1
    n = Lucky13TemplateNarrator(3)
    assert outs.pop().strip() == "|".join(n.tell(b) for b in list(sample_beats("success"))[:6])


def test_never_the_same_line_twice_in_a_row(env):
    beat = Lucky13Beat("hit", sample_context("hit", band="solid"))
    for seed in range(6):
        narrator = Lucky13TemplateNarrator(seed, environment=env)
        texts = [narrator.tell(beat) for _ in range(40)]
        assert all(a != b for a, b in zip(texts, texts[1:]))
        assert len(set(texts)) >= 3
    narrator = Lucky13TemplateNarrator(0, environment=env)
    last = None
    for b in played_beats():
        text = narrator.tell(b)
        assert text != last
        last = text


def test_reset_starts_again():
    n = Lucky13TemplateNarrator(9)
    beats = played_beats()[:10]
    first = [n.tell(b) for b in beats]
    n.reset()
    assert [n.tell(b) for b in beats] == first


# ---------------------------------------------------------------------- the interface

def test_it_is_a_narrator_and_the_beats_are_beats():
    n = Lucky13TemplateNarrator(1)
    assert isinstance(n, Narrator)
    beat = opening_beat(None, "gritty", ["Brunella"])
    assert isinstance(beat, Beat) and beat.kind == "opening" and beat["mode"] == "gritty"
    chunks = list(n.narrate(beat))
    assert chunks and all(isinstance(c, str) for c in chunks)
    check_text("".join(chunks))
    with pytest.raises(ValueError, match="unknown Lucky 13 beat kind"):
        Lucky13Beat("threat", {})


def test_a_narrator_from_the_factory_and_an_unknown_kind():
    notes: list[str] = []
    assert isinstance(make_lucky13_narrator("template", seed=2), Lucky13TemplateNarrator)
    from solo.narration.llm import LLMNarrator

    llm = make_lucky13_narrator("llm", seed=2, notice=notes.append)
    assert isinstance(llm, LLMNarrator) and isinstance(llm.fallback, Lucky13TemplateNarrator)
    assert llm.prompt_set == "llm-lucky13"
    with pytest.raises(ValueError, match="unknown narrator"):
        make_lucky13_narrator("telepathy")


def test_prompts_dir_override(tmp_path, monkeypatch):
    import shutil

    shutil.copytree(lucky13_prompts_dir() / "lucky13", tmp_path / "lucky13")
    (tmp_path / "lucky13" / "miss.j2").write_text("{{ attacker }} misses, and that is that.")
    monkeypatch.setenv("SOLO_PROMPTS_DIR", str(tmp_path))
    assert lucky13_prompts_dir() == tmp_path
    n = Lucky13TemplateNarrator(1, prompts=tmp_path)
    assert n.tell(Lucky13Beat("miss", sample_context("miss"))) == "Brunella misses, and that is that."
    monkeypatch.setenv("SOLO_PROMPTS_DIR", str(tmp_path / "nowhere"))
    assert lucky13_prompts_dir() == Path(__file__).resolve().parents[2] / "prompts"


# ---------------------------------------------------------------------- beats from real results

def test_check_beats_explosion_success_dilemma():
    res = skill_check(D8, D10, D6, ScriptedChance([8, 1, 5, 1]))  # d8 8!+1 (a re-roll never implodes), d6 1
    assert res.total == 15 and res.success and res.dilemma
    beats = check_beats("Hrothgar", "Pulse", "Fighting", "Challenging", res,
                        {"ability": "Pulse", "skill": "Fighting", "difficulty": "Challenging"})
    assert [b.kind for b in beats] == ["explosion", "success", "dilemma"]
    ex, ok, di = beats
    assert (ex["role"], ex["label"], ex["die"], ex["times"]) == ("ability", "Pulse", "d8", 1)
    assert ok["band"] == "solid" and ok["margin"] == 2 and ok["skilled"]
    assert di["what"] == "check" and di["success"] is True and (di["role"], di["label"]) == ("difficulty",
                                                                                           "Challenging")
    n = Lucky13TemplateNarrator(2)
    for b in beats:
        check_text(n.tell(b))


def test_failure_bands():
    for faces, band in (([3, 3, 5], "close"), ([2, 2, 4], "clear"), ([2, 2, 2], "bad")):
        res = skill_check(D8, D8, D8, ScriptedChance(faces), mode=Mode.PLAIN)
        (beat,) = check_beats("A", "Will", None, "Difficult", res)
        assert beat.kind == "failure" and beat["band"] == band and not beat["skilled"]


def test_contest_beats_from_the_actors_side():
    res = contest([Pool.check(D8, D10), Pool.check(D10, D10)], ScriptedChance([4, 5, 5, 7]))
    beats = contest_beats(["Knuckles", "Big Tuna"], ["Pulse", "Pulse"], ["Fighting", "Fighting"], res)
    assert [b.kind for b in beats] == ["contest_lose"]
    assert beats[0]["winner"] == "Big Tuna" and not beats[0]["draw"] and beats[0]["margin"] == 3
    res = contest([Pool.check(D8, D10), Pool.check(D10, D10)], ScriptedChance([4, 5, 2, 7]))
    (beat,) = contest_beats(["Knuckles", "Big Tuna"], ["Pulse", "Pulse"], ["Fighting", "Fighting"], res)
    assert beat["draw"] and beat["winner_known"]
    res = contest([Pool.check(D8, D10), Pool.check(D6, D6), Pool.check(D6, D6)], ScriptedChance([1, 9, 2, 2, 3, 1]))
    beats = contest_beats(["A", "B", "C"], ["Will"] * 3, [None] * 3, res)
    assert [b.kind for b in beats] == ["contest_win", "dilemma", "dilemma"]
    assert beats[0]["crowd"] and beats[0]["opponents"] == ["B", "C"]


def test_attack_and_health_beats_for_brunella_and_casimir():
    res = attack(attack_pool(D8, D6, D8), defense_pool(D6, D10, D6), D10, ScriptedChance([4, 5, 7, 2, 6, 4, 6]))
    beats = attack_beats("Brunella", "Casimir", "Broadsword", res)
    assert [b.kind for b in beats] == ["hit"] and beats[0]["damage"] == 10 and beats[0]["band"] == "solid"
    h0 = Health(D8)
    h1 = h0.take_damage(10)
    (wound,) = health_beats("Casimir", h0, h1, "attack", "Brunella", 10)
    assert wound.kind == "wound" and wound["pulse_dropped"] and wound["pulse"] == "d6"
    (dying,) = health_beats("Casimir", h1, h1.take_damage(21), "attack", "Brunella", 21)
    assert dying.kind == "dying" and dying["hp"] == -1
    (death,) = health_beats("Casimir", h1.take_damage(21), h1.take_damage(40), "bleed")
    assert death.kind == "death"
    (heal,) = health_beats("Casimir", h1.take_damage(21), h1.take_damage(21).heal(5), "heal", amount=5)
    assert heal.kind == "healing" and heal["revived"] and heal["stabilised"] is False
    (stab,) = health_beats("Casimir", h1.take_damage(21), h1.take_damage(21).stabilise(), "stabilise")
    assert stab.kind == "healing" and stab["stabilised"] and stab["method"] == "stabilise"
    miss = attack(attack_pool(D8, D6, D8), defense_pool(D6, D10, D6), D10, ScriptedChance([2, 2, 2, 2, 2, 2]))
    beats = attack_beats("Brunella", "Casimir", "Broadsword", miss)
    assert [b.kind for b in beats] == ["miss"] and beats[0]["draw"]
    n = Lucky13TemplateNarrator(8)
    for b in [*beats, wound, dying, death, heal, stab]:
        check_text(n.tell(b))


def test_every_context_carries_the_common_keys():
    common = {"player_action": "I charge", "summary": "Brunella unhurt.", "mode": "gritty"}
    res = skill_check(D8, D10, D6, ScriptedChance([5, 5, 5]))
    for b in check_beats("A", "Will", None, "Moderate", res, common=common):
        assert b.player_action == "I charge" and b.summary == "Brunella unhurt." and b["mode"] == "gritty"
