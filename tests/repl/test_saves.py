"""Autosave, resume after a crash, and damaged saves refused with the file kept."""

import json

import pytest

from solo.play.saves import SaveError, read_save, write_save

from .conftest import make_shell, output
from .scripts import script_for


def played_shell(seed=21, tests=5):
    sh = make_shell(seed=seed)
    lines, _ = script_for(seed, max_tests=tests)
    assert all(sh.run_line(line) for line in lines)
    sh.run_line("I hear something in the boathouse")
    return sh


def test_resume_after_a_simulated_crash_restores_the_exact_state():
    sh = played_shell()
    key = sh.night.game.state_key()
    steps = len(sh.night.steps)
    del sh  # the process dies: no quit, no explicit save
    sh2 = make_shell()
    assert sh2.run_line("resume")
    assert sh2.night.game.state_key() == key and len(sh2.night.steps) == steps
    assert "Resumed:" in output(sh2)
    # and play goes on, into the same transcript, which reads as if the night never broke
    g = sh2.night.game
    line = f"test {g.cast[g.living()[0]].name}"
    assert sh2.run_line(line)
    resumed = sh2.night.transcript.path.read_text(encoding="utf-8")
    unbroken = played_shell()
    assert unbroken.run_line(line)
    assert resumed == unbroken.night.transcript.path.read_text(encoding="utf-8")
    assert "resumes" not in resumed and "undo" not in resumed


def test_autosave_is_atomic_and_leaves_no_temp_files():
    sh = played_shell()
    folder = sh.night.save_path.parent
    assert [p.name for p in folder.iterdir()] == [sh.night.save_path.name]


@pytest.mark.parametrize("damage", ["truncate", "garbage", "tamper", "not-json-object", "version"])
def test_damaged_save_is_refused_in_one_line_and_kept(damage):
    sh = played_shell()
    path = sh.night.save_path
    raw = path.read_bytes()
    if damage == "truncate":
        bad = raw[: len(raw) // 2]
    elif damage == "garbage":
        bad = b"\x00\xff" + raw[10:]
    elif damage == "tamper":
        bad = raw.replace(b'"roll"', b'"roll 9 1"', 1)
    elif damage == "not-json-object":
        bad = b"[1, 2, 3]"
    else:
        data = json.loads(raw)
        data["version"] = 99
        bad = json.dumps(data).encode()
    path.write_bytes(bad)
    sh2 = make_shell()
    assert sh2.run_line(f"load {path}") is False
    errors = [l for l in output(sh2).splitlines() if l.startswith("error:")]
    assert len(errors) == 1 and str(path) in errors[0]
    assert path.read_bytes() == bad  # kept exactly as it was
    assert sh2.night is None


def test_a_tampered_save_with_a_fixed_checksum_still_must_replay():
    sh = played_shell()
    path = sh.night.save_path
    save = read_save(path)
    save.steps[1].actions = ["resolve +1"]  # not legal there
    write_save(save, path)  # a valid checksum over an impossible game
    with pytest.raises(SaveError, match="does not replay at step 2"):
        from solo.play.night import Night
        Night.from_save(path)


def test_resume_skips_a_corrupt_save_and_never_overwrites_it():
    sh = played_shell()
    good = sh.night.save_path
    corrupt = good.with_name("night-corrupt.json")
    corrupt.write_bytes(b"{ not json")
    sh2 = make_shell()
    assert sh2.run_line("resume")
    assert sh2.night.save_path == good
    assert corrupt.read_bytes() == b"{ not json"


def test_new_games_never_reuse_a_save_file():
    a = played_shell(seed=5, tests=1)
    b = played_shell(seed=5, tests=1)
    assert a.night.save_path != b.night.save_path


def test_save_copy_to_a_file(tmp_path):
    sh = played_shell()
    target = tmp_path / "copy.json"
    assert sh.run_line(f"save {target}")
    assert read_save(target).steps == read_save(sh.night.save_path).steps


def test_no_api_key_in_saves(monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-SECRET-0123456789abcdef")
    sh = played_shell()
    assert b"SECRET" not in sh.night.save_path.read_bytes()
    assert "SECRET" not in sh.night.transcript.path.read_text(encoding="utf-8")


# ---------------------------------------------------------------- issue 26, item 7: new asks first

def test_new_in_the_middle_of_a_night_asks_first_and_the_night_stays_resumable():
    from .conftest import make_shell, output

    sh = make_shell(seed=5)
    assert sh.run_line("quick")
    night = sh.night
    assert sh.run_line(f"{night.names[0]}: I check the door")
    assert sh.run_line("new")
    assert sh.night is night and "A night is under way" in output(sh) and "Type new again" in output(sh)
    assert sh.run_line("new")  # asked, and typed again: the night is left
    assert sh.night is None
    assert sh.run_line("resume")
    assert sh.night.save_path == night.save_path and len(sh.night.steps) == len(night.steps)


def test_new_asks_again_when_play_went_on_after_the_question():
    from .conftest import make_shell

    sh = make_shell(seed=5)
    assert sh.run_line("quick")
    night = sh.night
    assert sh.run_line("new")
    assert sh.run_line(f"{night.names[0]}: I check the door")
    assert sh.run_line("new")
    assert sh.night is night
