"""Saves are bounded both ways: solo writes a save compactly and never one it would refuse to
read; what it reads is capped in size, steps, nesting and digits, refused in one line and kept;
``--resume`` skips what it cannot read or replay, whatever is wrong with it."""

from __future__ import annotations

import json
import os
import time

import pytest

from solo.nott.actions import Test
from solo.play import saves
from solo.play.saves import (
    MAX_SAVE_READ_BYTES, MAX_SAVE_STEPS, MAX_SAVE_WRITE_BYTES, SavedStep, SaveError, latest_unfinished,
    read_save, write_save,
)

from .helpers import night_of


@pytest.fixture
def save(tmp_path):
    night = night_of(12, save_path=tmp_path / "night.json")
    night.act([Test(night.game.living()[0])])
    return read_save(night.save_path)


def with_steps(save, count: int, words: int):
    """``save`` with ``count`` steps of a player's note of ``words`` words (five letters and a
    space each: notes, as lines said have a cap of their own, saveform.MAX_SAVE_SAID)."""
    line = " ".join(["aaaaa"] * words)
    return save.model_copy(update={"steps": [SavedStep(say=line, noted=True) for i in range(count)]})


def compact_size(save) -> int:
    data = save.sealed().dump()  # as written: a step that is no question has no "ask"
    return len(json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")) + 1


@pytest.mark.corpus  # long: .ci/run runs it
def test_a_save_at_the_write_cap_reads_back_and_so_does_it_re_indented(tmp_path, save):
    """The issue: a save rewritten with indentation grew past the cap and the next load
    refused it. Now solo writes compactly, and a save re-indented as ``python -m json.tool``
    does (four spaces, escaped Unicode) still loads."""
    big = with_steps(save, MAX_SAVE_STEPS, 1)
    words = (MAX_SAVE_WRITE_BYTES - compact_size(big)) // (6 * MAX_SAVE_STEPS)
    big = with_steps(save, MAX_SAVE_STEPS, 1 + words)
    assert MAX_SAVE_WRITE_BYTES - 6 * MAX_SAVE_STEPS < compact_size(big) <= MAX_SAVE_WRITE_BYTES
    path = write_save(big, tmp_path / "big.json")
    assert path.stat().st_size == compact_size(big)  # one line of compact JSON
    assert len(read_save(path).steps) == MAX_SAVE_STEPS
    indented = tmp_path / "indented.json"
    indented.write_text(json.dumps(json.loads(path.read_text(encoding="utf-8")), indent=4), encoding="utf-8")
    assert MAX_SAVE_WRITE_BYTES < indented.stat().st_size <= MAX_SAVE_READ_BYTES
    assert read_save(indented).checksum == read_save(path).checksum


def test_a_save_over_the_write_cap_is_not_written_and_the_last_one_is_kept(tmp_path, save):
    path = write_save(save, tmp_path / "night.json")
    before = path.read_bytes()
    big = with_steps(save, MAX_SAVE_STEPS, 1)
    words = (MAX_SAVE_WRITE_BYTES - compact_size(big)) // (6 * MAX_SAVE_STEPS) + 2
    big = with_steps(save, MAX_SAVE_STEPS, 1 + words)
    size = compact_size(big)
    assert size > MAX_SAVE_WRITE_BYTES
    with pytest.raises(SaveError) as info:
        write_save(big, path)
    assert str(info.value) == (f"save {str(path)!r} not written: it would be {size:,} bytes, more than a save may "
                               f"hold ({MAX_SAVE_WRITE_BYTES:,}); the last save written is kept")
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["night.json"]  # no temporary file left


def test_a_save_of_too_many_steps_is_refused_on_reading_and_never_written(tmp_path, save, monkeypatch):
    """Too many steps are refused by their count, before a step is walked or validated: the
    bug (every step validated, then replayed, before the count is looked at) calls what is
    stubbed here, and fails."""
    path = tmp_path / "many.json"
    data = save.model_dump(mode="json")
    data["steps"] = [{"say": "a"}] * (MAX_SAVE_STEPS + 1)
    raw = json.dumps(data).encode()
    path.write_bytes(raw)

    def never(what):
        def call(*args, **kwargs):
            raise AssertionError(f"{what} before the steps were counted")
        return call

    monkeypatch.setattr(saves, "_out_of_bounds", never("the save walked"))
    monkeypatch.setattr(saves.SaveFile, "model_validate", never("the save validated"))
    with pytest.raises(SaveError) as info:
        read_save(path)  # refused before walking, validating or replaying a step
    assert str(info.value) == (f"save {str(path)!r} holds {MAX_SAVE_STEPS + 1:,} steps, more than a save may "
                               f"hold ({MAX_SAVE_STEPS:,}) (file kept as it is)")
    assert path.read_bytes() == raw
    with pytest.raises(SaveError, match=f"not written: {MAX_SAVE_STEPS + 1:,} steps"):
        write_save(with_steps(save, MAX_SAVE_STEPS + 1, 1), tmp_path / "other.json")
    assert not (tmp_path / "other.json").exists()


def nest(value, depth: int):
    for _ in range(depth):
        value = [value]
    return value


@pytest.mark.parametrize("place, value, says", [
    ("seed", 10 ** 40, "holds a number of more than 40 digits at seed"),
    ("steps", [{"say": "a", "who": -(10 ** 4000)}], "holds a number of more than 40 digits at steps.0.who"),
    ("opening", nest("x", 31), None),  # 32 deep with the save itself: allowed by the walk (pydantic refuses it)
    ("opening", nest("x", 32), "is nested more than 32 deep at opening" + ".0" * 31),
    ("\x1b[2J", {"\x1b]0;x\x07": nest(1, 40)},
     "is nested more than 32 deep at " + ("'\\x1b[2J'.'\\x1b]0;x\\x07'" + ".0" * 31)[:80] + "\u2026"),
], ids=["seed", "who", "deep-32", "deep-33", "escapes"])
def test_numbers_and_nesting_out_of_bounds_are_named_by_their_place(tmp_path, save, place, value, says):
    data = save.model_dump(mode="json")
    data[place] = value
    path = tmp_path / "odd.json"
    raw = json.dumps(data).encode()
    path.write_bytes(raw)
    with pytest.raises(SaveError) as info:
        read_save(path)
    if says is None:
        assert "is invalid at opening" in str(info.value)  # the walk let it by; validation names it
    else:
        assert str(info.value) == f"save {str(path)!r} {says}; it is damaged (file kept as it is)"
    assert "\x1b" not in str(info.value) and path.read_bytes() == raw


# ---------------------------------------------------------------------- --resume skips what it cannot use

def newest(path, seconds: float) -> None:
    os.utime(path, (time.time() + seconds, time.time() + seconds))


def test_resume_skips_a_newer_save_that_reads_but_does_not_replay(tmp_path):
    from solo.play.night import Night

    good = night_of(12, save_path=tmp_path / "night-a.json")
    good.act([Test(good.game.living()[0])])
    bad = night_of(13, save_path=tmp_path / "night-b.json")
    bad.act([Test(bad.game.living()[0])])
    data = read_save(bad.save_path)
    steps = list(data.steps) + [SavedStep(actions=["resolve 0"])]  # no roll yet: the rules refuse it
    write_save(data.model_copy(update={"steps": steps}), bad.save_path)
    newest(bad.save_path, 5)
    read_save(bad.save_path)  # it reads: only replaying it shows it is no good
    skipped: list = []
    chosen = latest_unfinished(tmp_path, "night-*.json", read_save, skipped,
                               replays=lambda p: Night.from_save(p, keep_undo=0))
    assert chosen == good.save_path
    assert [(p, why.split(" does not replay")[0]) for p, why in skipped] == [
        (bad.save_path, f"save {str(bad.save_path)!r}")]


def test_resume_in_the_shell_skips_a_save_that_does_not_replay(tmp_path, monkeypatch):
    import io

    from rich.console import Console

    from solo.paths import saves_dir
    from solo.repl.shell import Shell

    monkeypatch.setenv("SOLO_HOME", str(tmp_path / "home"))
    good = night_of(12, save_path=saves_dir() / "night-a.json")
    good.act([Test(good.game.living()[0])])
    bad = saves_dir() / "night-b.json"
    data = read_save(good.save_path)
    write_save(data.model_copy(update={"steps": [SavedStep(actions=["resolve 0"])]}), bad)
    newest(bad, 5)
    buf = io.StringIO()
    sh = Shell(Console(file=buf, width=200, color_system=None, highlight=False))
    assert sh.run_line("resume"), buf.getvalue()
    assert sh.night.save_path == good.save_path
    text = " ".join(buf.getvalue().split())
    assert "skipped night-b.json: save" in text and "does not replay at step 1" in text


def test_an_unfinished_save_that_is_damaged_or_odd_never_stops_resume(tmp_path, save):
    """Any reader slip (here: a reader that fails as pydantic does on a structure too deep to
    serialise) is one skipped save, not a crash of ``--resume``."""
    good = write_save(save, tmp_path / "night-a.json")

    def reader(p):
        if p.name == "night-b.json":
            raise ValueError("Maximum serialization depth exceeded")
        return read_save(p)

    write_save(save, tmp_path / "night-b.json")
    newest(tmp_path / "night-b.json", 5)
    skipped: list = []
    assert latest_unfinished(tmp_path, "night-*.json", reader, skipped) == good
    assert skipped == [(tmp_path / "night-b.json",
                        f"save {str(tmp_path / 'night-b.json')!r} cannot be read (it is damaged or not of this "
                        "solo); file kept as it is")]  # no exception's name (issue 26, item 6)


def test_the_read_cap_is_what_the_size_check_reads_with(tmp_path, save, monkeypatch):
    path = write_save(save, tmp_path / "night.json")
    monkeypatch.setattr(saves, "MAX_SAVE_READ_BYTES", path.stat().st_size - 1)
    with pytest.raises(SaveError, match="too large"):
        read_save(path)
