"""A Lucky 13 save that is nested too deeply, holds a number too long, or reads but does not
replay is refused in one line and skipped by ``resume``, never blocking it."""

from __future__ import annotations

import hashlib
import json
import os
import time

import pytest

from solo.lucky13.saves import SavedStep, read_scene_save, write_scene_save
from solo.lucky13.session import latest_unfinished_scene
from solo.play.saves import SaveError

from .test_session import cast, scene


def resealed(data: dict) -> str:
    """``data`` sealed again as anyone can (docs/saves.md): the SHA-256 of the sorted compact
    JSON of every other field, defaults written out as solo writes them."""
    body = {k: v for k, v in data.items() if k != "checksum"}
    raw = json.dumps(body, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return json.dumps({**body, "checksum": hashlib.sha256(raw.encode("utf-8")).hexdigest()})


def nest(value, depth: int):
    for _ in range(depth):
        value = [value]
    return value


@pytest.fixture
def folder(tmp_path):
    """A saves folder holding one good unfinished scene (``lucky13-a.json``)."""
    sc = cast(scene(tmp_path / "a"))
    saves = tmp_path / "saves"
    saves.mkdir()
    (saves / "lucky13-a.json").write_bytes(sc.save_path.read_bytes())
    return saves


def newer(folder, name: str, text: str):
    path = folder / name
    path.write_text(text, encoding="utf-8")
    os.utime(path, (time.time() + 5, time.time() + 5))
    return path


@pytest.mark.parametrize("depth", [40, 300, 900])
def test_a_deeply_nested_scene_is_skipped_by_resume(folder, depth):
    """At 300 deep the save parsed and validated, then sealing it raised pydantic's own
    ValueError ("Maximum serialization depth exceeded") and resume stopped there."""
    data = json.loads((folder / "lucky13-a.json").read_text(encoding="utf-8"))
    data["steps"][0]["args"]["deep"] = nest(1, depth)
    bad = newer(folder, "lucky13-b.json", resealed(data))
    with pytest.raises(SaveError) as info:
        read_scene_save(bad)
    assert str(info.value).startswith(f"save {str(bad)!r} is nested more than 32 deep at steps.0.args.deep.0.0")
    skipped: list = []
    assert latest_unfinished_scene(folder, skipped) == folder / "lucky13-a.json"
    assert [p for p, _ in skipped] == [bad] and "nested more than 32 deep" in skipped[0][1]


def test_a_number_thousands_of_digits_long_in_a_scene_is_refused(folder):
    data = json.loads((folder / "lucky13-a.json").read_text(encoding="utf-8"))
    data["steps"][0]["dice"] = [10 ** 4000]
    bad = newer(folder, "lucky13-b.json", resealed(data))
    with pytest.raises(SaveError) as info:
        read_scene_save(bad)
    assert str(info.value) == (f"save {str(bad)!r} holds a number of more than 40 digits at steps.0.dice.0; "
                               "it is damaged (file kept as it is)")
    data["steps"][0]["dice"] = []
    data["seed"] = "\x1b[2J" + "x" * 10
    bad.write_text(resealed(data), encoding="utf-8")
    with pytest.raises(SaveError, match="is invalid at seed"):
        read_scene_save(bad)


def test_a_newer_scene_that_reads_but_does_not_replay_is_skipped(folder):
    save = read_scene_save(folder / "lucky13-a.json")
    forged = save.model_copy(update={"steps": list(save.steps) + [SavedStep(kind="attack", args={
        "attacker": "Nobody", "defender": "Casimir"})]})
    bad = folder / "lucky13-b.json"
    write_scene_save(forged, bad)
    os.utime(bad, (time.time() + 5, time.time() + 5))
    read_scene_save(bad)  # it reads
    from solo.paths import transcripts_dir

    for name in ("lucky13-a.md", "lucky13-b.md"):  # where loading them would go on with their transcripts
        transcripts_dir().mkdir(parents=True, exist_ok=True)
        (transcripts_dir() / name).write_text("so far\n", encoding="utf-8")
    skipped: list = []
    assert latest_unfinished_scene(folder, skipped) == folder / "lucky13-a.json"
    assert [p for p, _ in skipped] == [bad] and f"does not replay at step {len(forged.steps)}" in skipped[0][1]
    for name in ("lucky13-a.md", "lucky13-b.md"):  # looking whether a save replays writes nothing
        assert (transcripts_dir() / name).read_text(encoding="utf-8") == "so far\n"
