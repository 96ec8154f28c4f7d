"""Writes that go where they should not (issue 25, item 3; the file modes and stale temp files
of item 6).

Each test reproduces one item: it fails on the code before the fix. Files solo writes are
created exclusively or replaced by a rename (never written through a symlink, never into a
named pipe), never replace a file of the player's without --force, and are readable by their
owner only."""

import hashlib
import io
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from rich.console import Console

from solo.cli import main
from solo.lucky13.saves import read_scene_save
from solo.play.saves import read_save
from solo.repl.lucky13 import Lucky13Shell

from .conftest import make_shell, output
from .scripts import script_for
from .test_hardening import HOLD

SECOND = "20250613-130000"  # two solos started in the same second


def played(seed=21, tests=2):
    sh = make_shell(seed=seed)
    lines, _ = script_for(seed, max_tests=tests)
    assert all(sh.run_line(line) for line in lines)
    return sh


def lucky(**kw) -> Lucky13Shell:
    buf = io.StringIO()
    sh = Lucky13Shell(Console(file=buf, width=200, color_system=None, highlight=False), **kw)
    sh.buf = buf
    return sh


def reseal(data: dict) -> bytes:
    body = {k: v for k, v in data.items() if k != "checksum"}
    raw = json.dumps(body, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    data["checksum"] = hashlib.sha256(raw.encode("utf-8")).hexdigest()
    return json.dumps(data, ensure_ascii=False).encode("utf-8")


@pytest.fixture
def umask_022():
    old = os.umask(0o022)  # the usual umask: new files readable by everyone unless solo says otherwise
    yield
    os.umask(old)


def mode(path: Path) -> int:
    return os.lstat(path).st_mode & 0o777


def holding(path: Path, home: Path):
    """Another solo process holding ``path`` open."""
    other = subprocess.Popen([sys.executable, "-c", HOLD, str(path)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             env=dict(os.environ, SOLO_HOME=str(home)), text=True)
    assert other.stdout.readline().strip() == "held"
    return other


# ---------------------------------------------------------------- autoplay --out

def autoplay(*args) -> int:
    return main(["autoplay", "--seed", "3", *args])


def test_autoplay_out_refuses_an_existing_file_without_force(tmp_path, capsys):
    out = tmp_path / "mine.md"
    out.write_text("my own notes\n")
    assert autoplay("--out", str(out)) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and repr(str(out)) in err and "--force" in err, err
    assert out.read_text() == "my own notes\n"
    assert autoplay("--out", str(out), "--force") == 0
    assert out.read_text().startswith("# Night of the Thirteenth")


@pytest.mark.parametrize("force", [[], ["--force"]], ids=["plain", "force"])
def test_autoplay_out_never_writes_through_a_symlink_or_into_a_named_pipe(tmp_path, capsys, force):
    target = tmp_path / "notes.txt"
    target.write_text("keep me\n")
    link, pipe = tmp_path / "link.md", tmp_path / "pipe.md"
    link.symlink_to(target)
    os.mkfifo(pipe)
    for path, kind in ((link, "a symlink"), (pipe, "a named pipe")):
        assert autoplay("--out", str(path), *force) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and kind in err, err
    assert target.read_text() == "keep me\n" and link.is_symlink()
    assert os.path.exists(pipe) and not pipe.is_file()  # still the pipe: not replaced


def test_autoplay_without_out_never_replaces_an_earlier_transcript(solo_home, capsys):
    folder = solo_home / "transcripts"
    folder.mkdir(parents=True)
    first = folder / "nott-ashcan-careful-seed3.md"
    first.write_text("an earlier night, edited by hand\n")
    assert autoplay() == 0
    assert first.read_text() == "an earlier night, edited by hand\n"
    second = folder / "nott-ashcan-careful-seed3-2.md"
    assert second.read_text().startswith("# Night of the Thirteenth")
    assert f"Transcript: {second}" in capsys.readouterr().out


def test_autoplay_and_render_write_new_files_for_their_owner_only(tmp_path, umask_022):
    assert autoplay("--out", str(tmp_path / "a.md")) == 0
    save = played(seed=21).night.save_path
    assert main(["render", str(save), "-o", str(tmp_path / "b.md")]) == 0
    assert mode(tmp_path / "a.md") == 0o600 and mode(tmp_path / "b.md") == 0o600


@pytest.mark.parametrize("force", [[], ["--force"]], ids=["plain", "force"])
def test_render_out_never_writes_through_a_symlink_or_into_a_named_pipe(tmp_path, capsys, force):
    save = played(seed=21).night.save_path
    target = tmp_path / "notes.txt"
    target.write_text("keep me\n")
    (tmp_path / "link.md").symlink_to(target)
    os.mkfifo(tmp_path / "pipe.md")
    for name, kind in (("link.md", "a symlink"), ("pipe.md", "a named pipe")):
        assert main(["render", str(save), "-o", str(tmp_path / name), *force]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and kind in err, err
    assert target.read_text() == "keep me\n" and (tmp_path / "link.md").is_symlink()


# ---------------------------------------------------------------- unique save names

def test_two_nights_started_in_the_same_second_with_the_same_seed_keep_their_own_saves(monkeypatch):
    monkeypatch.setattr(time, "strftime", lambda fmt, *a: SECOND)
    a, b = make_shell(seed=13), make_shell(seed=13)
    real = a.make_narrator

    def the_other_starts_meanwhile(seed, playset=None):
        assert b.run_line("quick")
        return real(seed, playset)

    a.make_narrator = the_other_starts_meanwhile
    assert a.run_line("quick")
    assert a.night.save_path != b.night.save_path
    assert a.night.transcript.path != b.night.transcript.path
    assert a.run_line("I am the first player") and b.run_line("I am the second player")
    assert read_save(a.night.save_path).steps[-1].say == "I am the first player"
    assert read_save(b.night.save_path).steps[-1].say == "I am the second player"
    assert "second player" not in a.night.transcript.path.read_text(encoding="utf-8")
    assert "first player" not in b.night.transcript.path.read_text(encoding="utf-8")


def test_a_new_night_never_takes_the_name_of_a_transcript_already_there(monkeypatch, solo_home):
    monkeypatch.setattr(time, "strftime", lambda fmt, *a: SECOND)
    kept = solo_home / "transcripts" / f"night-{SECOND}-13.md"
    kept.parent.mkdir(parents=True)
    kept.write_text("the transcript of a night whose save I deleted\n")
    sh = make_shell(seed=13)
    assert sh.run_line("quick")
    assert kept.read_text() == "the transcript of a night whose save I deleted\n"
    assert sh.night.save_path.name == sh.night.transcript.path.stem + ".json"  # save and transcript: one name


def test_two_lucky13_scenes_started_in_the_same_second_keep_their_own_files(monkeypatch):
    monkeypatch.setattr(time, "strftime", lambda fmt, *a: SECOND)
    a, b = lucky(seed=5), lucky(seed=5)
    real = a.make_narrator

    def the_other_starts_meanwhile(seed):
        assert b.run_line("new")
        return real(seed)

    a.make_narrator = the_other_starts_meanwhile
    assert a.run_line("new")
    assert a.scene.save_path != b.scene.save_path
    assert a.scene.transcript.path != b.scene.transcript.path
    assert a.run_line("character Ada random") and b.run_line("character Bea random")
    assert [s.kind for s in read_scene_save(a.scene.save_path).steps] == ["create"]
    assert read_scene_save(a.scene.save_path).steps[0].args["name"] == "Ada"
    assert read_scene_save(b.scene.save_path).steps[0].args["name"] == "Bea"
    assert "Bea" not in a.scene.transcript.path.read_text(encoding="utf-8")


# ---------------------------------------------------------------- save FILE and the lock

def test_save_file_is_refused_while_another_solo_has_that_file_open(tmp_path, solo_home):
    target = tmp_path / "shared.json"
    target.write_bytes(played(seed=5).night.save_path.read_bytes())  # another night's save: --force may replace it
    before = target.read_bytes()
    sh = played(seed=21)
    other = holding(target, solo_home)
    try:
        assert not sh.run_line(f'save "{target}" --force')  # not even forced
        said = output(sh)
        error = " ".join(said[said.rindex("error:"):].split())  # one message (the console wraps it)
        assert "open in another solo" in error and repr(str(target)) in error, error
        assert target.read_bytes() == before
    finally:
        other.communicate("", timeout=10)
    assert sh.run_line(f'save "{target}" --force')  # the other solo has gone
    assert len(read_save(target).steps) == len(sh.night.steps)


def test_lucky13_save_file_is_refused_while_another_solo_has_that_file_open(tmp_path, solo_home):
    first = lucky(seed=5)
    assert first.run_line("new") and first.run_line("character Ada random")
    target = tmp_path / "shared.json"
    target.write_bytes(first.scene.save_path.read_bytes())
    before = target.read_bytes()
    sh = lucky(seed=6)
    assert sh.run_line("new") and sh.run_line("character Bea random")
    other = holding(target, solo_home)
    try:
        assert not sh.run_line(f'save "{target}" --force')  # another scene's save, and open: not even forced
        said = output(sh)
        assert "open in another solo" in " ".join(said[said.rindex("error:"):].split())
        assert target.read_bytes() == before
    finally:
        other.communicate("", timeout=10)


def test_save_file_onto_the_nights_own_save_keeps_its_lock(solo_home):
    sh = played(seed=21)
    path = sh.night.save_path
    assert sh.run_line(f'save "{path}"')
    out = subprocess.run([sys.executable, "-c", "import sys; from solo.play.lock import SaveLock; "
                          "print(SaveLock(sys.argv[1]).acquire())", str(path)],
                         capture_output=True, text=True, env=dict(os.environ, SOLO_HOME=str(solo_home)), timeout=30)
    assert out.stdout.strip() == "False"  # still held by the shell that plays it


# ---------------------------------------------------------------- a transcript belongs to its own save

def test_a_strangers_save_named_like_yours_never_writes_over_your_transcript(tmp_path):
    mine = played(seed=21)
    my_transcript = mine.night.transcript.path
    before = my_transcript.read_bytes()
    stranger = played(seed=5)
    downloads = tmp_path / "downloads"
    downloads.mkdir()
    theirs = downloads / mine.night.save_path.name  # the same file name as my save
    theirs.write_bytes(stranger.night.save_path.read_bytes())
    sh = make_shell()
    assert sh.run_line(f'load "{theirs}"') and sh.run_line("I look around")
    assert my_transcript.read_bytes() == before
    assert sh.night.transcript.path != my_transcript and sh.night.transcript.path.parent == my_transcript.parent
    assert str(sh.night.transcript.path) in output(sh)  # says where it writes
    again = make_shell()  # loading it again goes on in the same transcript
    assert again.run_line(f'load "{theirs}"') and again.night.transcript.path == sh.night.transcript.path


def test_a_lucky13_transcript_symlinked_beside_a_shared_save_is_not_written_through(tmp_path, solo_home):
    first = lucky(seed=5)
    assert first.run_line("new") and first.run_line("character Ada random")
    shared = tmp_path / "shared"
    shared.mkdir()
    victim = tmp_path / "startup.sh"
    victim.write_text("echo hello\n")
    data = json.loads(first.scene.save_path.read_text(encoding="utf-8"))
    data["transcript"] = str(shared / "scene.md")  # beside the save, where a scene's transcript may sit
    (shared / "scene.json").write_bytes(reseal(data))
    (shared / "scene.md").symlink_to(victim)
    sh = lucky()
    assert sh.run_line(f'load "{shared / "scene.json"}"') and sh.run_line("Ada: hello")
    assert victim.read_text() == "echo hello\n" and (shared / "scene.md").is_symlink()
    assert sh.scene.transcript.path.parent == solo_home / "transcripts"
    assert "hello" in sh.scene.transcript.path.read_text(encoding="utf-8")


# ---------------------------------------------------------------- file modes and stale temp files

def test_saves_transcripts_and_history_are_for_their_owner_only(umask_022, solo_home):
    from solo.repl.app import CleanFileHistory

    sh = played(seed=21)
    scene = lucky(seed=5)
    assert scene.run_line("new") and scene.run_line("character Ada random")
    history = solo_home / "history"
    CleanFileHistory(str(history)).store_string("quick")
    for path in (sh.night.save_path, sh.night.transcript.path, scene.scene.save_path, scene.scene.transcript.path,
                 history):
        assert mode(path) == 0o600, path


def test_a_history_file_made_readable_before_is_made_private(umask_022, solo_home):
    from solo.repl.app import CleanFileHistory

    solo_home.mkdir()
    history = solo_home / "history"
    history.write_text("\n# old\n+quick\n")
    os.chmod(history, 0o644)
    CleanFileHistory(str(history)).store_string("roll")
    assert mode(history) == 0o600 and history.read_text().endswith("+roll\n")


def test_the_history_is_never_written_through_a_symlink(tmp_path, solo_home):
    from solo.repl.app import CleanFileHistory

    victim = tmp_path / "victim.txt"
    victim.write_text("keep me\n")
    solo_home.mkdir()
    (solo_home / "history").symlink_to(victim)
    history = CleanFileHistory(str(solo_home / "history"))
    history.store_string("quick")  # not kept, and no error: the REPL goes on
    assert victim.read_text() == "keep me\n"


def test_stale_temp_files_of_a_save_are_removed_and_nothing_else(solo_home):
    sh = played(seed=21)
    save = sh.night.save_path
    folder = save.parent
    old, fresh = folder / f".{save.name}.k2j4h5g6.tmp", folder / f".{save.name}.a1b2c3d4.tmp"
    other = folder / ".notes.json.k2j4h5g6.tmp"  # not a temp file of this save
    mine = folder / "keep.k2j4h5g6.tmp"
    for p in (old, fresh, other, mine):
        p.write_text("{")
    link = folder / f".{save.name}.zzzzzzzz.tmp"
    link.symlink_to(mine)
    hour_ago = time.time() - 2 * 3600
    for p in (old, other, mine):
        os.utime(p, (hour_ago, hour_ago))
    os.utime(link, (hour_ago, hour_ago), follow_symlinks=False)
    fresh_shell = make_shell()
    assert fresh_shell.run_line(f'load "{save}"') and fresh_shell.run_line("I listen")
    assert not old.exists()
    assert fresh.exists() and other.exists() and mine.exists() and link.is_symlink()


def test_a_lucky13_scene_open_in_another_solo_is_looked_at_without_writing_its_transcript(solo_home):
    first = lucky(seed=5)
    assert first.run_line("new") and first.run_line("character Ada random")
    path, transcript = first.scene.save_path, first.scene.transcript.path
    first.lock.release()  # as if that solo had quit
    before = transcript.read_bytes()
    other = holding(path, solo_home)
    try:
        sh = lucky()
        assert sh.run_line(f'load "{path}"') and "read-only" in output(sh)
        assert transcript.read_bytes() == before
    finally:
        other.communicate("", timeout=10)
