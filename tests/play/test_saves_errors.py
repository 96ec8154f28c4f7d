"""A damaged save is refused in one clear line that names the file and the problem, and the
file is left exactly as it was (docs/saves.md, "Integrity" and "What a save may never do")."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import pytest

from solo.nott.actions import Test
from solo.play import saves
from solo.play.night import Night
from solo.play.saves import SaveError, read_save, write_save

from .helpers import night_of


@pytest.fixture
def good(tmp_path):
    """A valid save of a night with one Test begun."""
    night = night_of(12, save_path=tmp_path / "night.json")
    night.act([Test(night.game.living()[0])])
    return night.save_path


def refused(path, text: bytes | str) -> str:
    """Write ``text`` to ``path``, read it as a save: the one-line error, file unchanged."""
    raw = text.encode("utf-8") if isinstance(text, str) else text
    path.write_bytes(raw)
    with pytest.raises(SaveError) as info:
        read_save(path)
    assert path.read_bytes() == raw
    message = str(info.value)
    assert "\n" not in message
    return message


def edited(path, change) -> dict:
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    return data


def resealed(data: dict) -> str:
    """``data`` with its checksum made right again, as anyone editing a save can do: the
    SHA-256 of the sorted, compact JSON of every other field (docs/saves.md)."""
    body = {k: v for k, v in data.items() if k != "checksum"}
    raw = json.dumps(body, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return json.dumps({**body, "checksum": hashlib.sha256(raw.encode("utf-8")).hexdigest()})


def test_a_missing_save_cannot_be_read(tmp_path):
    path = tmp_path / "gone.json"
    with pytest.raises(SaveError) as info:
        read_save(path)
    assert str(info.value) == f"cannot read save {str(path)!r}: No such file or directory"


def test_a_folder_is_not_read_as_a_save(tmp_path):
    with pytest.raises(SaveError) as info:
        read_save(tmp_path)
    assert str(info.value) == (f"save {str(tmp_path)!r} is a folder, not a regular file: "
                               "not read (file kept as it is)")


def test_a_save_over_the_size_cap_is_refused_unread(good, monkeypatch):
    size = good.stat().st_size
    monkeypatch.setattr(saves, "MAX_SAVE_READ_BYTES", size - 1)
    before = good.read_bytes()
    with pytest.raises(SaveError) as info:
        read_save(good)
    assert str(info.value) == (f"save {str(good)!r} is too large ({size:,} bytes; at most {size - 1:,}): "
                               "not read (file kept as it is)")
    assert good.read_bytes() == before


def test_bytes_that_are_not_utf8(tmp_path):
    path = tmp_path / "s.json"
    assert refused(path, b'{"format": "\xff"}') == (
        f"save {str(path)!r} is not UTF-8 text; it is damaged (file kept as it is)")


def test_truncated_json_names_the_line(tmp_path):
    path = tmp_path / "s.json"
    assert refused(path, '{\n "format": "solo-nott-save",\n "version": ') == (
        f"save {str(path)!r} is damaged or truncated: Expecting value at line 3 (file kept as it is)")


def test_a_number_thousands_of_digits_long(tmp_path):
    path = tmp_path / "s.json"
    assert refused(path, '{"seed": ' + "7" * 5000 + "}") == (
        f"save {str(path)!r} holds a number with thousands of digits; it is damaged (file kept as it is)")


def test_nesting_too_deep_for_a_save(tmp_path):
    path = tmp_path / "s.json"
    assert refused(path, "[" * 100_000 + "]" * 100_000) == (
        f"save {str(path)!r} is nested too deeply to be a save; it is damaged (file kept as it is)")


@pytest.mark.parametrize("text", ['[1, 2]', '"solo-nott-save"', '{"version": 1}',
                                  '{"format": "solo-lucky13-save", "version": 1}'])
def test_json_that_is_not_a_night_save(tmp_path, text):
    path = tmp_path / "s.json"
    assert refused(path, text) == f"{str(path)!r} is not a solo save file (file kept as it is)"


@pytest.mark.parametrize("version, shown", [(2, "2"), ("1", "'1'"), (None, "None")])
def test_another_version_is_named(tmp_path, version, shown):
    path = tmp_path / "s.json"
    data = {"format": "solo-nott-save"}
    if version is not None:
        data["version"] = version
    assert refused(path, json.dumps(data)) == (
        f"save {str(path)!r} has version {shown}; this solo reads version 1")


def test_an_invalid_field_is_named_by_its_place(good):
    def blank(data):
        data["cast"][2]["name"] = "Ann  Lee"

    message = refused(good, resealed(edited(good, blank)))
    assert message == (f"save {str(good)!r} is invalid at cast 3: name: the name 'Ann Lee' has "
                       "spaces at its ends or doubled (file kept as it is)")


def test_only_the_first_invalid_field_is_named(good):
    def two(data):
        data["seed"] = "x" * 81
        data["summary"] = "\x1b[31m"

    message = refused(good, resealed(edited(good, two)))
    assert message.startswith(f"save {str(good)!r} is invalid at seed")
    assert "summary" not in message


def test_an_edit_without_a_new_checksum_is_refused(good):
    def edit(data):
        data["summary"] = "an edited summary"

    assert refused(good, json.dumps(edited(good, edit))) == (
        f"save {str(good)!r} was modified or damaged: its checksum does not match (file kept as it is)")


def test_a_resealed_edit_is_read(good):
    """The checksum catches damage, not edits: a save edited and resealed is read."""
    def edit(data):
        data["summary"] = "an edited summary"

    good.write_text(resealed(edited(good, edit)), encoding="utf-8")
    assert read_save(good).summary == "an edited summary"


def test_a_seed_of_forty_digits_is_allowed_and_of_forty_one_refused(good):
    good.write_text(resealed(edited(good, lambda d: d.update(seed=-int("9" * 40)))), encoding="utf-8")
    assert read_save(good).seed == -int("9" * 40)
    message = refused(good, resealed(edited(good, lambda d: d.update(seed=10 ** 40))))
    assert message == (f"save {str(good)!r} holds a number of more than 40 digits at seed; it is damaged "
                       "(file kept as it is)")


def test_the_checksum_covers_everything_but_itself(good):
    """Sealing is a SHA-256 of the sorted JSON of every other field as written (a step that is
    no question has no ``ask``, one that writes no death no ``death``, one that turns no dread
    no ``dread``, one that is no note no ``noted``, one that is no X-card no ``xcard``, a night
    with no lines or veils no ``lines`` or ``veils``, a character with the default pronouns no
    ``pronouns``): the same for the same contents, different when any field differs."""
    save = read_save(good)
    data = save.model_dump(mode="json", exclude={"checksum"})
    for key in ("lines", "veils"):
        assert data.pop(key) == []
    assert data.pop("teach") is False  # (teach on at the table: kept only when on)
    for step in data["steps"]:
        for key in ("ask", "death", "dread", "noted", "xcard"):
            if step[key] is None:
                del step[key]
    for person in data["cast"]:
        assert person.pop("pronouns") == "they/them"
    raw = json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    assert save.checksum == hashlib.sha256(raw.encode("utf-8")).hexdigest()
    assert save.sealed().checksum == save.checksum
    assert save.model_copy(update={"summary": "é"}).sealed().checksum != save.checksum


def test_a_save_is_written_as_compact_utf8_json_with_a_final_newline(tmp_path, good):
    save = read_save(good).model_copy(update={"summary": "Zoë — ashcan"})
    path = write_save(save, tmp_path / "sub" / "copy.json")
    assert path == tmp_path / "sub" / "copy.json"
    text = path.read_text(encoding="utf-8")
    assert text.endswith("}\n") and text.count("\n") == 1 and '"format":"solo-nott-save",' in text
    assert "Zoë — ashcan" in text
    assert read_save(path).summary == "Zoë — ashcan"


def test_a_failed_write_removes_its_temporary_file_and_raises(tmp_path, monkeypatch):
    def no_rename(src, dst):
        raise OSError(18, "Invalid cross-device link")

    monkeypatch.setattr(os, "replace", no_rename)
    with pytest.raises(OSError, match="cross-device"):
        saves.atomic_write(tmp_path / "t.md", "text")
    assert list(tmp_path.iterdir()) == []


def test_a_save_with_a_step_by_someone_not_in_the_cast_does_not_replay(good):
    """A step's speaker is a cast index; one past the cast is refused in one line."""
    def stranger(data):
        data["steps"].append({"actions": [], "say": "I am not here", "who": 6, "note": None, "narration": None})

    good.write_text(resealed(edited(good, stranger)), encoding="utf-8")
    with pytest.raises(SaveError) as info:
        Night.from_save(good)
    assert str(info.value) == (f"save {str(good)!r} does not replay at step 2 ('I am not here'): "
                               "the cast has no character 6 (4 characters)")


def test_a_write_goes_through_a_hidden_temporary_file_beside_the_target(tmp_path, monkeypatch):
    replaced = []
    real = os.replace

    def spy(src, dst):
        replaced.append((src, dst))
        real(src, dst)

    monkeypatch.setattr(os, "replace", spy)
    target = tmp_path / "a" / "b" / "night.json"
    assert saves.atomic_write(target, "Zoë\n") == target
    assert target.read_bytes() == "Zoë\n".encode("utf-8")
    (src, dst), = replaced
    src = Path(src)
    assert Path(dst) == target and src.parent == target.parent
    assert src.name.startswith(".night.json.") and src.name.endswith(".tmp")


def test_a_save_is_utf8_whatever_the_locale(tmp_path, monkeypatch):
    """Where the locale's encoding is Latin-1 (simulated: text files opened without an
    encoding get it), a save and a transcript are still written as UTF-8."""
    real = os.fdopen

    def latin1_locale(fd, mode="r", *args, encoding=None, **kw):
        if "b" not in mode and encoding is None:
            encoding = "latin-1"
        return real(fd, mode, *args, encoding=encoding, **kw)

    monkeypatch.setattr(os, "fdopen", latin1_locale)
    target = saves.atomic_write(tmp_path / "t.md", "Zoë — “quoted”\n")
    assert target.read_bytes() == "Zoë — “quoted”\n".encode("utf-8")
