"""A character's pronouns are kept in the save (docs/saves.md, "The cast"): a save replays the
same night with them; a save written before pronouns existed still loads, with they/them, and
keeps its checksum; pronouns a save cannot hold are refused in one line, the file kept."""

from __future__ import annotations

import hashlib
import json
import random
import re

import pytest

from solo.narration import TemplateNarrator
from solo.nott.cast import quick_cast
from solo.nott.rules import ASHCAN
from solo.play.night import Night
from solo.play.saves import SaveError, read_save
from solo.sim.policies import get_policy, next_actions
from dataclasses import replace

SETS = ["she/her", "he/him", "xe/xem/xyr/xyrs/xemself", "they/them"]
LINES = ["I brace my feet and pull until something gives.", "I grab my flashlight and I run for the door.",
         "I tell myself it isn't real.", "I keep my head down and I wait."]


def played(tmp_path, sets, seed=21, steps=40):
    cast = [replace(c, pronouns=p) for c, p in zip(quick_cast(seed), sets)]
    night = Night(cast, ASHCAN, seed, narrator=TemplateNarrator(seed=seed), save_path=tmp_path / "night.json")
    night.start()
    rng = random.Random(seed)
    for k in range(steps):
        if night.game.outcome() is not None:
            break
        actions = next_actions(night.game, get_policy("careful"), rng)
        if night.game.phase == "choose tester":  # the tester says what they do
            night.act(actions, say=LINES[k % len(LINES)], who=actions[0].who)
        else:
            night.act(actions)
    return night


def told(night) -> list:
    return [list(s.narration) for s in night.steps]


def test_a_save_keeps_the_pronouns_and_replays_the_same_night(tmp_path):
    night = played(tmp_path, SETS)
    text = " ".join(t for step in told(night) for _k, t in step)
    assert re.search(r"\b(?:her|his|xyr)\b", text), "the night should speak of someone by their own pronouns"
    save = read_save(night.save_path)
    assert [c.pronouns for c in save.cast] == SETS
    loaded = Night.from_save(night.save_path, narrator=TemplateNarrator(seed=21))
    assert [c.pronouns for c in loaded.cast] == SETS
    assert told(loaded) == told(night)


def test_the_default_is_not_written_so_an_old_save_keeps_its_checksum(tmp_path):
    night = played(tmp_path, ["they/them"] * 4, steps=6)
    data = json.loads(night.save_path.read_text(encoding="utf-8"))
    assert all("pronouns" not in c for c in data["cast"])  # as a save before pronouns: the same bytes
    body = {k: v for k, v in data.items() if k != "checksum"}
    raw = json.dumps(body, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    assert data["checksum"] == hashlib.sha256(raw.encode("utf-8")).hexdigest()
    assert [c.pronouns for c in Night.from_save(night.save_path).cast] == ["they/them"] * 4


def _resealed(path, change) -> bytes:
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    body = {k: v for k, v in data.items() if k != "checksum"}
    raw = json.dumps(body, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return json.dumps({**body, "checksum": hashlib.sha256(raw.encode("utf-8")).hexdigest()}).encode("utf-8")


@pytest.mark.parametrize("bad, why", [
    ("me/my", "pronouns are she/her, he/him, they/them, it/its, or all five forms"),
    ("xe/xem/xyr/xyrs/xyrs", "the fifth form is the reflexive"),
    ("she/her\x1b[2J", "refused"),
    ("x" * 200, "at most"),
])
def test_pronouns_a_save_cannot_hold_are_refused_in_one_line(tmp_path, bad, why):
    night = played(tmp_path, SETS, steps=4)
    raw = _resealed(night.save_path, lambda d: d["cast"][1].update(pronouns=bad))
    night.save_path.write_bytes(raw)
    with pytest.raises(SaveError) as info:
        read_save(night.save_path)
    message = str(info.value)
    assert "\n" not in message and "at cast 2: pronouns" in message and why in message, message
    assert night.save_path.read_bytes() == raw


def test_pronouns_are_kept_in_their_written_form(tmp_path):
    night = played(tmp_path, ["She / Her", "HE", "they", "it/its"], steps=2)
    assert [c.pronouns for c in read_save(night.save_path).cast] == ["she/her", "he/him", "they/them", "it/its"]



