"""How solo writes a file (issue 25, item 3): a new file is created exclusively or replaced by
a rename, never written through a symlink or into a named pipe, and is for its owner only."""

import os
import threading
import time

import pytest

from solo.play.files import (FileRefused, append_private, atomic_write, check_new_file, is_own_file,
                             remove_stale_temps, reserve, write_new)


@pytest.fixture
def kinds(tmp_path):
    """A plain file, a symlink to it, a dangling symlink, a named pipe and a folder."""
    plain = tmp_path / "plain.txt"
    plain.write_text("keep me\n")
    (tmp_path / "link").symlink_to(plain)
    (tmp_path / "dangling").symlink_to(tmp_path / "nowhere")
    os.mkfifo(tmp_path / "pipe")
    (tmp_path / "folder").mkdir()
    return tmp_path


@pytest.mark.parametrize("name,kind", [("link", "a symlink"), ("dangling", "a symlink"), ("pipe", "a named pipe"),
                                       ("folder", "a folder")])
@pytest.mark.parametrize("force", [False, True], ids=["plain", "force"])
def test_a_new_file_never_goes_to_a_symlink_a_pipe_or_a_folder_even_forced(kinds, name, kind, force):
    with pytest.raises(FileRefused) as info:
        write_new(kinds / name, "text", force)
    assert kind in str(info.value) and "\n" not in str(info.value)
    assert (kinds / "plain.txt").read_text() == "keep me\n" and not (kinds / "nowhere").exists()


def test_an_existing_plain_file_is_replaced_only_when_forced(kinds):
    with pytest.raises(FileRefused, match="--force"):
        write_new(kinds / "plain.txt", "new")
    assert (kinds / "plain.txt").read_text() == "keep me\n"
    write_new(kinds / "plain.txt", "new", force=True)
    assert (kinds / "plain.txt").read_text() == "new"


def test_no_folder_is_created(tmp_path):
    with pytest.raises(FileRefused, match="no folder"):
        write_new(tmp_path / "missing" / "x.md", "text")
    assert not (tmp_path / "missing").exists()


def test_a_file_that_appears_after_the_check_is_not_written_over(tmp_path, monkeypatch):
    import solo.play.files as files

    target = tmp_path / "x.md"
    real = files.check_new_file

    def then_someone_writes_it(path, force=False):
        checked = real(path, force)
        target.write_text("theirs\n")  # between the check and the write
        return checked

    monkeypatch.setattr(files, "check_new_file", then_someone_writes_it)
    with pytest.raises(FileRefused, match="appeared meanwhile"):
        write_new(target, "mine")
    assert target.read_text() == "theirs\n"


def test_new_files_are_for_their_owner_only_whatever_the_umask(tmp_path):
    old = os.umask(0o002)
    try:
        write_new(tmp_path / "a.md", "a")
        atomic_write(tmp_path / "b.json", "b")
        append_private(tmp_path / "c.log", "c")
        name = reserve("d", [(tmp_path, ".json")])
    finally:
        os.umask(old)
    for p in ("a.md", "b.json", "c.log", f"{name}.json"):
        assert os.stat(tmp_path / p).st_mode & 0o777 == 0o600, p


def test_atomic_write_replaces_a_symlink_itself_never_its_target(kinds):
    atomic_write(kinds / "link", "written")
    assert (kinds / "plain.txt").read_text() == "keep me\n"
    assert not (kinds / "link").is_symlink() and (kinds / "link").read_text() == "written"


def test_appending_refuses_a_symlink_and_a_pipe_without_waiting(kinds):
    result = {}

    def append(name):
        try:
            append_private(kinds / name, "more\n")
        except FileRefused as exc:
            result[name] = str(exc)

    for name in ("link", "pipe"):
        worker = threading.Thread(target=append, args=(name,), daemon=True)
        worker.start()
        worker.join(20)  # a pipe waited on would hang here
        assert not worker.is_alive() and name in result, name
    assert "a symlink" in result["link"] and "a named pipe" in result["pipe"]
    assert (kinds / "plain.txt").read_text() == "keep me\n"


def test_appending_makes_a_file_readable_by_others_private(tmp_path):
    log = tmp_path / "log"
    log.write_text("one\n")
    os.chmod(log, 0o644)
    append_private(log, "two\n")
    assert log.read_text() == "one\ntwo\n" and os.stat(log).st_mode & 0o777 == 0o600


def test_reserve_takes_the_first_name_free_in_every_place(tmp_path):
    saves, transcripts = tmp_path / "saves", tmp_path / "transcripts"
    saves.mkdir()
    transcripts.mkdir()
    (saves / "n.json").write_text("{}")  # taken as a save
    (transcripts / "n-2.md").symlink_to(tmp_path / "nowhere")  # taken as a transcript, even dangling
    places = [(saves, ".json"), (transcripts, ".md")]
    assert reserve("n", places) == "n-3"
    assert reserve("n", places) == "n-4"  # the next asker gets the next name
    assert not (saves / "n-2.json").exists()  # given back when its transcript was taken
    assert (saves / "n-3.json").read_bytes() == b"" and (transcripts / "n-3.md").read_bytes() == b""


def test_own_files_are_plain_files_with_one_name(kinds):
    os.link(kinds / "plain.txt", kinds / "hardlink")
    (kinds / "single").write_text("x")
    assert is_own_file(kinds / "single")
    for name in ("plain.txt", "hardlink", "link", "pipe", "folder", "missing"):
        assert not is_own_file(kinds / name), name


def test_only_stale_temp_files_of_that_file_are_removed(tmp_path):
    save = tmp_path / "night.json"
    save.write_text("{}")
    old, fresh = tmp_path / ".night.json.abcd_123.tmp", tmp_path / ".night.json.zz99zz99.tmp"
    others = [tmp_path / ".night.json.abc.tmp", tmp_path / ".other.json.abcd_123.tmp",
              tmp_path / "night.json.abcd_123.tmp", tmp_path / ".night.json.ABCD_123.tmp",
              tmp_path / ".night.json.abcd_1234.tmp", tmp_path / ".night.json.abcd-123.tmp",
              tmp_path / ".night.json.abcd_123.tmpx", tmp_path / ".night.json.abcdé123.tmp"]
    for p in (old, fresh, *others):
        p.write_text("{")
    (tmp_path / ".night.json.linklink.tmp").symlink_to(others[0])
    (tmp_path / ".night.json.foldersx.tmp").mkdir()
    hours_ago = time.time() - 7200
    for p in (old, *others):
        os.utime(p, (hours_ago, hours_ago))
    os.utime(tmp_path / ".night.json.linklink.tmp", (hours_ago, hours_ago), follow_symlinks=False)
    os.utime(tmp_path / ".night.json.foldersx.tmp", (hours_ago, hours_ago))
    assert remove_stale_temps(save) == 1
    assert not old.exists() and fresh.exists() and all(p.exists() for p in others)
    assert (tmp_path / ".night.json.linklink.tmp").is_symlink() and (tmp_path / ".night.json.foldersx.tmp").is_dir()


def test_check_new_file_allows_a_new_name_in_an_existing_folder(tmp_path):
    assert check_new_file(tmp_path / "new.md") == tmp_path / "new.md"
