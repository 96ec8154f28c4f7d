"""Files (issue 49, item 4): every write that fails is one line naming the player's file
(never solo's temporary one), the cause in plain words and what to do; no temporary file and
no empty file is left; a write that will fail fails before the work that leads to it; data
folders are private."""

from __future__ import annotations

import errno
import io
import os
import stat
import sys
import tempfile
from pathlib import Path

import pytest

from solo.paths import NotWritten, cache_dir, data_dir, locks_dir, saves_dir, transcripts_dir
from solo.play import files
from solo.play.files import (FileRefused, append_private, atomic_write, check_copy_target, check_new_file,
                             check_writable_target, reserve, write_new)

LINUX_FDS = os.path.isdir("/proc/self/fd")


def one_plain_line(text: str, path) -> None:
    """One line naming ``path`` as given, in no words of Python's."""
    assert "\n" not in text and "Errno" not in text and ".tmp" not in text and "Traceback" not in text, text
    assert repr(str(path)) in text, text


def leftovers(folder: Path) -> list[str]:
    """Temporary files, and empty files, left in ``folder``."""
    return sorted(p.name for p in folder.iterdir()
                  if p.name.endswith(".tmp") or (p.is_file() and p.stat().st_size == 0))


def failing(code: int, where: Path):
    """An ``os.write`` that fails with ``code`` for the files whose path begins with ``where``
    (writes elsewhere, pytest's own, go on)."""
    real = os.write

    def write(fd, data):
        try:
            target = os.readlink(f"/proc/self/fd/{fd}")
        except OSError:
            target = ""
        if target.startswith(str(where)):
            raise OSError(code, os.strerror(code))
        return real(fd, data)

    return write


# ---------------------------------------------------------------- the data folders


def test_solo_home_that_is_a_file_is_named_with_what_to_do(tmp_path, monkeypatch):
    home = tmp_path / "home"
    home.write_text("not a folder\n")
    monkeypatch.setenv("SOLO_HOME", str(home))
    for where in (data_dir, saves_dir, transcripts_dir, locks_dir):
        with pytest.raises(NotWritten) as info:
            where()
        one_plain_line(str(info.value), home)
        assert "SOLO_HOME" in str(info.value) and "is a file, not a folder" in str(info.value)
    assert home.read_text() == "not a folder\n"


def test_solo_home_that_is_a_file_ends_autoplay_in_one_line(tmp_path, monkeypatch, capsys):
    from solo.cli import main

    home = tmp_path / "home"
    home.write_text("")
    monkeypatch.setenv("SOLO_HOME", str(home))
    assert main(["autoplay", "--seed", "3"]) != 0
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("solo: SOLO_HOME"), err
    one_plain_line(err.rstrip("\n"), home)


def test_a_data_folder_with_a_file_in_its_place_is_named(tmp_path, monkeypatch):
    home = tmp_path / "home"
    home.mkdir()
    (home / "saves").write_text("")
    monkeypatch.setenv("SOLO_HOME", str(home))
    with pytest.raises(NotWritten) as info:
        saves_dir()
    one_plain_line(str(info.value), home / "saves")
    assert "move the file away" in str(info.value)


def test_data_folders_are_made_private_with_every_folder_above_them(tmp_path, monkeypatch):
    old = os.umask(0o022)
    try:
        home = tmp_path / "a" / "b" / "home"
        monkeypatch.setenv("SOLO_HOME", str(home))
        made = [data_dir(), saves_dir(), transcripts_dir(), cache_dir(), locks_dir()]
    finally:
        os.umask(old)
    for folder in (tmp_path / "a", tmp_path / "a" / "b", *made):
        assert stat.S_IMODE(os.stat(folder).st_mode) == 0o700, folder
    assert set(made) == {home, home / "saves", home / "transcripts", home / "cache", home / "locks"}


def test_a_folder_that_cannot_be_made_is_named_plainly(tmp_path, monkeypatch):
    def denied(path, mode=0o777):
        raise PermissionError(errno.EACCES, "Permission denied", str(path))

    monkeypatch.setenv("SOLO_HOME", str(tmp_path / "home"))
    monkeypatch.setattr(os, "mkdir", denied)
    with pytest.raises(NotWritten) as info:
        data_dir()
    one_plain_line(str(info.value), tmp_path / "home")
    assert str(info.value).startswith("Permission denied") and "choose a folder" in str(info.value)
    cache_dir()  # a cache is optional: no error


# ---------------------------------------------------------------- names too long


def test_a_name_too_long_is_refused_in_plain_words(tmp_path):
    long = tmp_path / ("x" * 300 + ".json")
    for check in (check_new_file, check_copy_target, check_writable_target):
        with pytest.raises(NotWritten) as info:
            check(long)
        one_plain_line(str(info.value), long)
        assert str(info.value).startswith("The file name is too long") and "shorter name" in str(info.value)
    with pytest.raises(NotWritten, match="too long"):
        atomic_write(long, "{}")
    with pytest.raises(NotWritten, match="too long"):
        write_new(long, "text")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("size", [230, 250, 255])
def test_a_long_name_that_fits_is_written_though_its_temporary_file_is_longer(tmp_path, size):
    name = "y" * (size - 5) + ".json"
    atomic_write(tmp_path / name, "{}\n")
    write_new(tmp_path / ("z" * (size - 3) + ".md"), "text\n")
    assert sorted(len(p.name) for p in tmp_path.iterdir()) == [size, size]


# ---------------------------------------------------------------- folders that cannot be written


def _deny_temp_files(monkeypatch, folder: Path) -> None:
    """mkstemp in ``folder`` fails as in a folder that cannot be written (as root, chmod
    does not stop a write)."""
    real = tempfile.mkstemp

    def mkstemp(suffix=None, prefix=None, dir=None, text=False):
        if dir is not None and Path(dir) == folder:
            raise PermissionError(errno.EACCES, "Permission denied", os.path.join(dir, f"{prefix}abcd1234{suffix}"))
        return real(suffix, prefix, dir, text)

    monkeypatch.setattr(tempfile, "mkstemp", mkstemp)


def test_a_folder_that_cannot_be_written_names_the_file_not_the_temporary_one(tmp_path, monkeypatch):
    _deny_temp_files(monkeypatch, tmp_path)
    for write in (lambda p: atomic_write(p, "x"), lambda p: write_new(p, "x"), check_writable_target):
        with pytest.raises(NotWritten) as info:
            write(tmp_path / "x.md")
        one_plain_line(str(info.value), tmp_path / "x.md")
        assert str(info.value).startswith("Permission denied") and "choose a folder" in str(info.value)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root writes in a read-only folder")
def test_a_read_only_folder_is_refused_in_one_line(tmp_path):
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o555)
    try:
        for write in (lambda p: atomic_write(p, "x"), lambda p: write_new(p, "x"), check_writable_target):
            with pytest.raises(NotWritten) as info:
                write(folder / "x.md")
            one_plain_line(str(info.value), folder / "x.md")
    finally:
        folder.chmod(0o755)


def test_autoplay_into_a_folder_that_cannot_be_written_fails_before_the_night_is_played(tmp_path, monkeypatch,
                                                                                      capsys):
    import solo.sim.autoplay as auto
    from solo.cli import main

    played = []
    monkeypatch.setattr(auto, "autoplay", lambda *a, **kw: played.append(a))
    _deny_temp_files(monkeypatch, tmp_path)
    assert main(["autoplay", "--seed", "3", "--out", str(tmp_path / "x.md")]) != 0
    assert played == []
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err
    one_plain_line(err.rstrip("\n"), tmp_path / "x.md")


@pytest.mark.skipif(not LINUX_FDS, reason="the disk is told apart by /proc/self/fd")
def test_a_full_disk_is_found_by_the_probe_and_the_probe_leaves_nothing(tmp_path, monkeypatch):
    assert check_writable_target(tmp_path / "x.md") == tmp_path / "x.md"
    assert check_writable_target(tmp_path) == tmp_path
    assert list(tmp_path.iterdir()) == []
    monkeypatch.setattr(os, "write", failing(errno.ENOSPC, tmp_path))
    for target in (tmp_path / "x.md", tmp_path):
        with pytest.raises(NotWritten) as info:
            check_writable_target(target)
        one_plain_line(str(info.value), target)
        assert str(info.value).startswith("No space left on the disk")
    assert list(tmp_path.iterdir()) == []


# ---------------------------------------------------------------- no temporary file, no empty file


class Fault(Exception):
    pass


STAGES = ("mkstemp", "write", "fsync", "close", "replace", "link")


@pytest.mark.parametrize("stage", STAGES)
@pytest.mark.parametrize("how", ["atomic", "new", "new forced"])
def test_a_write_that_fails_anywhere_leaves_the_file_as_it_was_and_no_temporary_file(tmp_path, monkeypatch,
                                                                                    stage, how):
    target = tmp_path / "night.json"
    target.write_text("the good save\n")
    real = {name: getattr(os, name) for name in ("write", "fsync", "close", "replace", "link")}
    real_mkstemp = tempfile.mkstemp
    temps: set[int] = set()

    def mkstemp(*a, **kw):
        if stage == "mkstemp":
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(tmp_path / ".night.json.abcd1234.tmp"))
        fd, name = real_mkstemp(*a, **kw)
        temps.add(fd)
        return fd, name

    def fail_at(name):
        def fn(*a):
            if stage == name and (name in ("replace", "link") or a[0] in temps):
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            return real[name](*a)
        return fn

    monkeypatch.setattr(files, "check_writable_target", Path)  # the probe before it: tested above
    monkeypatch.setattr(tempfile, "mkstemp", mkstemp)
    for name in real:
        monkeypatch.setattr(os, name, fail_at(name))
    if how == "atomic":
        write = lambda: atomic_write(target, "new\n")
    elif how == "new":
        target.unlink()
        write = lambda: write_new(target, "new\n")
    else:
        write = lambda: write_new(target, "new\n", force=True)
    try:
        write()
    except NotWritten as exc:
        one_plain_line(str(exc), target)
        assert str(exc).startswith("No space left on the disk")
    else:  # the stage is not one this write goes through (a rename to publish a new file)
        assert (how, stage) in {("atomic", "link"), ("new", "replace"), ("new forced", "link")}
    monkeypatch.undo()
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == (["night.json"] if target.exists() else [])
    if target.exists():
        assert target.read_text() in ("the good save\n", "new\n")
        assert target.read_text() == "new\n" or how != "new"


@pytest.mark.skipif(not LINUX_FDS, reason="the disk is told apart by /proc/self/fd")
def test_a_name_reserved_and_never_written_is_given_back(tmp_path, monkeypatch):
    name = reserve("night", [(tmp_path, ".json"), (tmp_path, ".md")])
    assert sorted(p.stat().st_size for p in tmp_path.iterdir()) == [0, 0]
    with monkeypatch.context() as disk:
        disk.setattr(os, "write", failing(errno.ENOSPC, tmp_path))
        with pytest.raises(NotWritten):
            atomic_write(tmp_path / f"{name}.json", "{}")
    assert sorted(p.name for p in tmp_path.iterdir()) == [f"{name}.md"]  # the save's name given back at once
    files._give_all_back()  # at exit: a name never written is given back
    assert list(tmp_path.iterdir()) == []
    again = reserve("night", [(tmp_path, ".json")])
    atomic_write(tmp_path / f"{again}.json", "{}\n")
    files._give_all_back()
    assert (tmp_path / f"{again}.json").read_text() == "{}\n"  # a name written is kept


@pytest.mark.skipif(not LINUX_FDS, reason="the disk is told apart by /proc/self/fd")
@pytest.mark.parametrize("full", ["transcripts", "saves"])
def test_autoplay_on_a_full_disk_leaves_no_empty_transcript_or_save(tmp_path, monkeypatch, capsys, full):
    from solo.cli import main

    home = tmp_path / "home"
    monkeypatch.setenv("SOLO_HOME", str(home))
    saves_dir(), transcripts_dir()
    monkeypatch.setattr(os, "write", failing(errno.ENOSPC, home / full / ".nott-"))  # past the probe
    assert main(["autoplay", "--seed", "3"]) != 0
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "No space left on the disk" in err, err
    one_plain_line(err.rstrip("\n"), home / full / f"nott-ashcan-careful-seed3{'.md' if full == 'transcripts' else '.json'}")
    for folder in ("saves", "transcripts"):
        assert leftovers(home / folder) == [], folder
    assert list((home / full).iterdir()) == []


@pytest.mark.skipif(not LINUX_FDS, reason="the disk is told apart by /proc/self/fd")
def test_a_lucky13_scene_on_a_full_disk_leaves_no_empty_save(tmp_path, monkeypatch):
    from rich.console import Console

    from solo.repl.lucky13.shell import Lucky13Shell

    home = tmp_path / "home"
    monkeypatch.setenv("SOLO_HOME", str(home))
    out = io.StringIO()
    sh = Lucky13Shell(Console(file=out, width=200, color_system=None), seed=3)
    saves_dir(), transcripts_dir(), locks_dir()
    monkeypatch.setattr(os, "write", failing(errno.ENOSPC, home / "saves"))
    assert not sh.run_line("new")
    error = next(line for line in out.getvalue().splitlines() if line.startswith("error:"))
    assert error.startswith("error: No space left on the disk") and "Errno" not in error and ".tmp" not in error
    assert leftovers(home / "saves") == []
    files._give_all_back()  # at exit
    assert leftovers(home / "saves") == [] and leftovers(home / "transcripts") == []


# ---------------------------------------------------------------- appending


@pytest.mark.skipif(not LINUX_FDS, reason="the disk is told apart by /proc/self/fd")
def test_an_append_cut_short_by_a_full_disk_is_taken_back(tmp_path, monkeypatch):
    log = tmp_path / "log.jsonl"
    append_private(log, '{"a": 1}\n')
    real = os.write
    calls = []

    def half_then_full(fd, data):
        if os.readlink(f"/proc/self/fd/{fd}") == str(log):
            calls.append(len(data))
            if len(calls) == 1:
                return real(fd, bytes(data)[: len(data) // 2])
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real(fd, data)

    monkeypatch.setattr(os, "write", half_then_full)
    with pytest.raises(NotWritten) as info:
        append_private(log, '{"b": 2}\n')
    one_plain_line(str(info.value), log)
    monkeypatch.undo()
    assert len(calls) == 2 and log.read_text() == '{"a": 1}\n'
    append_private(log, '{"c": 3}\n')
    assert log.read_text().splitlines() == ['{"a": 1}', '{"c": 3}']


def test_appending_never_follows_a_symlink_nor_waits_on_a_pipe_and_is_private(tmp_path):
    target = tmp_path / "elsewhere.txt"
    target.write_text("theirs\n")
    (tmp_path / "link.jsonl").symlink_to(target)
    os.mkfifo(tmp_path / "pipe.jsonl")
    reader = os.open(tmp_path / "pipe.jsonl", os.O_RDONLY | os.O_NONBLOCK)  # a reader there: open would not fail
    try:
        for name in ("link.jsonl", "pipe.jsonl"):
            with pytest.raises(FileRefused):
                append_private(tmp_path / name, "x\n")
    finally:
        os.close(reader)
    assert target.read_text() == "theirs\n"
    append_private(tmp_path / "new.jsonl", "x\n")
    assert stat.S_IMODE(os.stat(tmp_path / "new.jsonl").st_mode) == 0o600


def test_not_written_is_one_line_for_the_shell_and_an_oserror_for_callers():
    exc = NotWritten(errno.ENOSPC, "No space left on the disk: 'x' not written; free some space", "x")
    assert isinstance(exc, OSError) and isinstance(exc, ValueError) and exc.errno == errno.ENOSPC
    assert str(exc) == "No space left on the disk: 'x' not written; free some space"
    assert sys.modules["solo.paths"].not_written(exc, "y") is exc
