"""Paths and files from strangers, round three (issue 35): the file findings.

Each finding has a test that fails on the code before the fix; a few more guard what must stay
as it was (a night of the saves folder still resumes with --resume, the bounds --set allows).

1. A path is the player's exact name: opened as typed, only shown cleaned.
2. No write replaces another night's save, or a file another solo has open, unforced; Markdown
   never lands on a save, even forced.
3. A Lucky 13 save never chooses where its transcript goes, and a transcript is never appended
   to a file solo did not begin.
4. A save's rules are held to the bounds ``--set`` allows.
5. Messages: how to resume a night loaded from elsewhere, --workers, a seed that is no whole
   number, a port that is no port.
6. The REPL's history keeps only accepted, cleaned lines, and is bounded.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
import unicodedata
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solo.cli import main
from solo.play.saves import read_save
from solo.repl.lucky13 import Lucky13Shell
from solo.repl.lucky13 import play as play_lucky13
from solo.repl.setup import release_lock
from solo.safetext import safe, shown_name

from tests.repl.conftest import make_shell, output
from tests.repl.scripts import script_for

ESCAPED = "e\x1b]0;x\x07.json"  # what `printf 'e\033]0;x\007.json'` names
ZERO_WIDTH = "a\u200bb.json"
DECOMPOSED = unicodedata.normalize("NFD", "café.json")
HOLD = """
import sys
from solo.play.lock import SaveLock
lock = SaveLock(sys.argv[1])
assert lock.acquire()
print("held", flush=True)
sys.stdin.read()
"""


@pytest.fixture(autouse=True)
def solo_home(tmp_path, monkeypatch):
    monkeypatch.setenv("SOLO_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def played(seed=21, tests=2):
    sh = make_shell(seed=seed)
    lines, _ = script_for(seed, max_tests=tests)
    assert all(sh.run_line(line) for line in lines)
    return sh


def a_save(seed=21) -> bytes:
    """The bytes of a night's save (its shell let go of it)."""
    sh = played(seed)
    release_lock(sh)
    return sh.night.save_path.read_bytes()


def reseal(data: dict) -> bytes:
    body = {k: v for k, v in data.items() if k != "checksum"}
    raw = json.dumps(body, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    data["checksum"] = hashlib.sha256(raw.encode("utf-8")).hexdigest()
    return json.dumps(data, ensure_ascii=False).encode("utf-8")


def lucky(**kw) -> Lucky13Shell:
    buf = io.StringIO()
    sh = Lucky13Shell(io_console(buf), **kw)
    sh.buf = buf
    return sh


def io_console(buf):
    from rich.console import Console

    return Console(file=buf, width=200, color_system=None, highlight=False, soft_wrap=True)


def batch_play(monkeypatch, *args, stdin: str = "") -> int:
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    return main(["play", "--batch", *args])


def holding(path: Path, home: Path):
    """Another solo process holding ``path`` open."""
    other = subprocess.Popen([sys.executable, "-c", HOLD, str(path)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             env=dict(os.environ, SOLO_HOME=str(home)), text=True)
    assert other.stdout.readline().strip() == "held"
    return other


def no_raw_controls(text: str) -> None:
    assert safe(text) == text, repr(text)


# ---------------------------------------------------------------- 1. the exact name

def test_load_option_opens_the_file_named_with_an_escape_never_the_name_cleaned(tmp_path, monkeypatch, capsys):
    data = a_save()
    named, cleaned = tmp_path / ESCAPED, tmp_path / "e.json"
    named.write_bytes(data)
    cleaned.write_bytes(data)
    steps = len(read_save(named).steps)
    assert batch_play(monkeypatch, "--load", str(named), stdin="say hi\n") == 0
    assert cleaned.read_bytes() == data  # never resumed nor autosaved into e.json
    assert len(read_save(named).steps) == steps + 1
    out = capsys.readouterr().out
    no_raw_controls(out)
    assert shown_name(named) in out  # shown, its escape made visible


@pytest.mark.parametrize("name", [ZERO_WIDTH, DECOMPOSED], ids=["zero-width", "decomposed"])
def test_load_option_opens_a_name_with_invisible_or_combining_characters(tmp_path, monkeypatch, name):
    path = tmp_path / name
    path.write_bytes(a_save())
    steps = len(read_save(path).steps)
    assert batch_play(monkeypatch, "--load", str(path), stdin="say hi\n") == 0
    assert len(read_save(path).steps) == steps + 1
    assert sorted(os.listdir(tmp_path)) == sorted(["home", name])  # no file of the cleaned name made


@pytest.mark.parametrize("name", [ESCAPED, ZERO_WIDTH, DECOMPOSED], ids=["escape", "zero-width", "decomposed"])
def test_typed_load_opens_the_file_named(tmp_path, name):
    data = a_save()
    path = tmp_path / name
    path.write_bytes(data)
    decoy = tmp_path / safe(unicodedata.normalize("NFC", name))
    if decoy != path:
        decoy.write_bytes(a_save(seed=5))
    sh = make_shell()
    assert sh.run_line(f"load {path}")
    assert sh.night.save_path == path
    no_raw_controls(output(sh))


def test_a_name_that_is_not_utf8_is_loaded_or_refused_by_its_name_and_saved_to(tmp_path):
    from solo.repl.app import run_batch

    raw = os.fsencode(tmp_path) + b"/x\xff.json"
    path = Path(os.fsdecode(raw))
    path.write_bytes(a_save())
    sh = played()
    stdin = io.TextIOWrapper(io.BytesIO(b"load " + raw + b"\nsave " + raw + b".copy\n"), encoding="utf-8",
                             errors="surrogateescape")
    assert run_batch(sh, stdin) == 1  # the load refused, naming the file; the copy written
    said = output(sh)
    no_raw_controls(said)
    assert "x\\udcff.json" in said and "not UTF-8" in said, said
    assert read_save(Path(os.fsdecode(raw + b".copy"))).steps == read_save(sh.night.save_path).steps


@pytest.mark.parametrize("name", [ESCAPED, ZERO_WIDTH, DECOMPOSED], ids=["escape", "zero-width", "decomposed"])
def test_typed_save_writes_the_file_named(tmp_path, name):
    sh = played()
    path = tmp_path / name
    assert sh.run_line(f"save {path}")
    assert read_save(path).steps == read_save(sh.night.save_path).steps
    assert sorted(os.listdir(tmp_path)) == sorted(["home", name])
    assert f"saved a copy to {shown_name(path)}" in output(sh)


def test_render_out_with_an_escape_writes_that_file_and_names_it_so(tmp_path, capsys):
    save = tmp_path / ESCAPED
    save.write_bytes(a_save())
    out = tmp_path / "e\x1b[8m.md"
    assert main(["render", str(save), "-o", str(out)]) == 0
    assert out.read_text(encoding="utf-8").startswith("# Night of the Thirteenth")
    assert not (tmp_path / "e.md").exists()
    said = capsys.readouterr().out
    no_raw_controls(said)
    assert shown_name(out) in said  # "e\x1b[8m.md": the file written, not another one's name


def test_lucky13_load_option_opens_the_file_named(tmp_path):
    first = lucky(seed=5)
    assert first.run_line("new") and first.run_line("character Ada random")
    data = first.scene.save_path.read_bytes()
    named, cleaned = tmp_path / ESCAPED, tmp_path / "e.json"
    named.write_bytes(data)
    cleaned.write_bytes(data)
    buf = io.StringIO()
    assert play_lucky13(load=str(named), lines=["Ada: hello"], console=io_console(buf)) == 0
    assert cleaned.read_bytes() == data and named.read_bytes() != data
    no_raw_controls(buf.getvalue())


# the property: whatever the name, the file touched is the one named (or nothing, refused)

NAME_CHARS = st.sampled_from(["a", "b", "é", " ", "'", '"', "-", "~", "\\", "\x1b", "\x1b]0;", "\x07", "\x1b[31m",
                              "\u200b", "\u200e", "\u202e", "\ufeff", "\u0301", "\u0308", "e\u0301", "\x9b",
                              "\t", "\x7f", "--force", ";", "$", "*"])
NAMES = st.one_of(st.lists(NAME_CHARS, min_size=1, max_size=12).map("".join),
                  st.tuples(st.text("ab", min_size=150, max_size=200), st.lists(NAME_CHARS, max_size=5))
                  .map(lambda t: t[0] + "".join(t[1]))).filter(
    lambda n: n not in (".", "..") and len(os.fsencode(n + ".json.md")) < 250)


def _files(folder: Path) -> dict[str, bytes]:
    return {p: (Path(folder) / p).read_bytes() for p in os.listdir(folder)}


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(name=NAMES)
def test_load_render_and_save_touch_exactly_the_file_named_or_refuse(name, solo_home):
    data = SAVE_BYTES.get("save") or SAVE_BYTES.setdefault("save", a_save())
    other = SAVE_BYTES.get("other") or SAVE_BYTES.setdefault("other", a_save(seed=5))
    folder = Path(tempfile.mkdtemp(dir=solo_home.parent))
    try:
        path = folder / f"{name}.json"
        path.write_bytes(data)
        decoy = folder / (safe(unicodedata.normalize("NFC", name)).strip() + ".json")
        if decoy != path:
            decoy.write_bytes(other)
        before = _files(folder)
        # load: the night named, or refused; nothing written in the folder by loading
        sh = make_shell()
        assert sh.run_line(f"load {shlex.quote(str(path))}") and sh.night.save_path == path
        release_lock(sh)
        assert _files(folder) == before
        no_raw_controls(output(sh))
        # render -o: the Markdown file named, or refused; nothing else changed
        out = folder / f"{name}.md"
        with _quiet():
            code = main(["render", str(path), "-o", str(out)])
        after = _files(folder)
        if code == 0:
            assert after.pop(out.name).startswith(b"# Night of the Thirteenth")
        assert after == before
        # save FILE: the copy named, or refused; nothing else changed
        sh = make_shell()
        assert sh.run_line(f"load {shlex.quote(str(path))}")
        copy = folder / f"copy {name}.json"
        ok = sh.run_line(f"save {shlex.quote(str(copy))}")
        release_lock(sh)
        after = _files(folder)
        after.pop(out.name, None)
        if ok:
            assert read_save(copy).steps == read_save(path).steps
            after.pop(copy.name)
        assert after == before
        no_raw_controls(output(sh))
    finally:
        shutil.rmtree(folder, ignore_errors=True)


SAVE_BYTES: dict[str, bytes] = {}


class _quiet:
    """stdout and stderr swallowed (the command line's own lines are not looked at here)."""

    def __enter__(self):
        self.saved = sys.stdout, sys.stderr
        sys.stdout = sys.stderr = io.StringIO()

    def __exit__(self, *exc):
        sys.stdout, sys.stderr = self.saved


# ---------------------------------------------------------------- 2. writes that replace

def test_render_never_writes_markdown_over_a_save_even_forced(tmp_path, capsys):
    save = tmp_path / "S.json"
    save.write_bytes(a_save())
    before = save.read_bytes()
    assert main(["render", str(save), "-o", str(save), "--force"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "solo save" in err and "Markdown" in err, err
    assert save.read_bytes() == before


def test_autoplay_never_writes_markdown_over_a_save_even_forced(tmp_path, capsys):
    save = tmp_path / "S.json"
    save.write_bytes(a_save())
    before = save.read_bytes()
    assert main(["autoplay", "--seed", "3", "--out", str(save), "--force"]) == 2
    assert "solo save" in capsys.readouterr().err
    assert save.read_bytes() == before


@pytest.mark.parametrize("command", ["render", "autoplay"])
def test_forced_markdown_never_replaces_a_file_another_solo_has_open(tmp_path, solo_home, capsys, command):
    save = tmp_path / "S.json"
    save.write_bytes(a_save())
    target = tmp_path / "notes.md"
    target.write_text("another solo's file\n")
    args = (["render", str(save), "-o", str(target), "--force"] if command == "render"
            else ["autoplay", "--seed", "3", "--out", str(target), "--force"])
    other = holding(target, solo_home)
    try:
        assert main(args) == 2
        err = capsys.readouterr().err
        assert "open in another solo" in err and err.count("\n") == 1, err
        assert target.read_text() == "another solo's file\n"
    finally:
        other.communicate("", timeout=10)
    assert main(args) == 0  # the other solo has gone


def test_render_never_replaces_the_transcript_of_a_night_another_solo_plays(tmp_path, solo_home, capsys):
    sh = played()
    release_lock(sh)
    transcript = sh.night.transcript.path
    before = transcript.read_bytes()
    other = holding(sh.night.save_path, solo_home)
    try:
        assert main(["render", str(sh.night.save_path), "-o", str(transcript), "--force"]) == 2
        assert "open in another solo" in capsys.readouterr().err
        assert transcript.read_bytes() == before
    finally:
        other.communicate("", timeout=10)


def test_typed_save_never_replaces_another_nights_save_unforced(tmp_path):
    theirs = tmp_path / "theirs.json"
    theirs.write_bytes(a_save(seed=5))
    before = theirs.read_bytes()
    sh = played(seed=21)
    assert not sh.run_line(f"save {theirs}")
    assert "another night" in output(sh).splitlines()[-1] and "--force" in output(sh).splitlines()[-1]
    assert theirs.read_bytes() == before
    mine = tmp_path / "mine.json"
    assert sh.run_line(f"save {mine}")  # a new file
    assert sh.run_line("test " + sh.night.cast[sh.night.game.living()[0]].name)
    assert sh.run_line(f"save {mine}")  # its own copy, saved over again
    assert sh.run_line(f"save {sh.night.save_path}")  # its own save
    again = make_shell()  # another shell playing the same night goes on saving over its copy
    release_lock(sh)
    assert again.run_line(f"load {sh.night.save_path}") and again.run_line("roll")
    assert again.run_line(f"save {mine}")
    assert sh.run_line(f"save {theirs} --force")  # forced: replaced
    assert read_save(theirs).seed == 21


def test_lucky13_typed_save_never_replaces_another_scenes_save_unforced(tmp_path):
    first = lucky(seed=5)
    assert first.run_line("new") and first.run_line("character Ada random")
    theirs = tmp_path / "theirs.json"
    theirs.write_bytes(first.scene.save_path.read_bytes())
    before = theirs.read_bytes()
    sh = lucky(seed=6)
    assert sh.run_line("new") and sh.run_line("character Bea random")
    assert not sh.run_line(f"save {theirs}")
    assert "another" in sh.buf.getvalue().splitlines()[-1]
    assert theirs.read_bytes() == before
    mine = tmp_path / "mine.json"
    assert sh.run_line(f"save {mine}") and sh.run_line("Bea: hello") and sh.run_line(f"save {mine}")
    assert sh.run_line(f"save {theirs} --force")


# ---------------------------------------------------------------- 3. a Lucky 13 save's transcript

def _scene_save(tmp_path) -> dict:
    first = lucky(seed=5)
    assert first.run_line("new") and first.run_line("character Ada random")
    return json.loads(first.scene.save_path.read_text(encoding="utf-8"))


def test_lucky13_save_never_appends_to_a_file_of_yours_beside_it(tmp_path, solo_home):
    data = _scene_save(tmp_path)
    folder = tmp_path / "downloads"
    folder.mkdir()
    notes = folder / "scene.md"
    notes.write_text("my own notes\n")
    data["transcript"] = str(notes)  # names <save>.md, a file of yours
    (folder / "scene.json").write_bytes(reseal(data))
    sh = lucky()
    assert sh.run_line(f"load {folder / 'scene.json'}") and sh.run_line("Ada: hello")
    assert notes.read_text() == "my own notes\n"
    assert sh.scene.transcript.path.parent == solo_home / "transcripts"
    assert "hello" in sh.scene.transcript.path.read_text(encoding="utf-8")


def test_lucky13_save_never_names_another_transcript_in_the_data_folder(tmp_path, solo_home):
    mine = lucky(seed=7)
    assert mine.run_line("new") and mine.run_line("character Cid random")
    my_transcript = mine.scene.transcript.path
    before = my_transcript.read_bytes()
    data = _scene_save(tmp_path)
    data["transcript"] = str(my_transcript)  # a stranger's save naming your transcript
    stranger = tmp_path / "stranger.json"
    stranger.write_bytes(reseal(data))
    sh = lucky()
    assert sh.run_line(f"load {stranger}") and sh.run_line("Ada: hello")
    assert my_transcript.read_bytes() == before
    assert sh.scene.transcript.path != my_transcript


def test_lucky13_transcript_is_never_appended_to_a_file_solo_did_not_begin(tmp_path, solo_home):
    data = _scene_save(tmp_path)
    saves, transcripts = solo_home / "saves", solo_home / "transcripts"
    (saves / "lucky13-mine.json").write_bytes(reseal(data))
    theirs = transcripts / "lucky13-mine.md"  # where its transcript goes: a file solo did not begin
    theirs.write_text("not a transcript\n")
    sh = lucky()
    assert sh.run_line(f"load {saves / 'lucky13-mine.json'}") and sh.run_line("Ada: hello")
    assert theirs.read_text() == "not a transcript\n"
    assert sh.scene.transcript.path.parent == transcripts and sh.scene.transcript.path != theirs
    assert "hello" in sh.scene.transcript.path.read_text(encoding="utf-8")


# ---------------------------------------------------------------- 4. saved rules checked

def _edited(tmp_path, edit) -> Path:
    data = json.loads(a_save())
    edit(data["rules"])
    path = tmp_path / "edited.json"
    path.write_bytes(reseal(data))
    return path


@pytest.mark.parametrize("edit, words", [
    ({"face_modifiers": [10**39, -10**39, 0]}, "face modifiers"),
    ({"face_modifiers": [1, 2, 14]}, "face modifiers"),
    ({"face_modifiers": [-1, 2, 3]}, "face modifiers"),
    ({"genre_points": 100}, "genre points"),
    ({"strikes_to_die": 10}, "strikes to die"),
], ids=["huge", "fourteen", "negative", "genre-points", "strikes"])
def test_a_save_with_rules_out_of_bounds_is_refused_in_one_line(tmp_path, edit, words):
    path = _edited(tmp_path, lambda r: r.update(edit))
    before = path.read_bytes()
    sh = make_shell()
    assert not sh.run_line(f"load {path}")
    said = output(sh).strip()
    assert said.count("error:") == 1 and words in said and "file kept" in said, said
    assert path.read_bytes() == before


def test_the_bounds_of_a_save_are_those_of_set(tmp_path):
    from solo.playsets import PlaysetError, parse_overrides

    for item in ("face_modifiers=0,13,13", "genre_points=99", "strikes_to_die=9"):
        parse_overrides([item])  # --set allows them: a save may hold them
    path = _edited(tmp_path, lambda r: r.update(face_modifiers=[0, 13, 13], genre_points=99, strikes_to_die=9))
    assert make_shell().run_line(f"load {path}")
    for item in ("face_modifiers=0,13,14", "genre_points=100", "strikes_to_die=10"):
        with pytest.raises(PlaysetError):
            parse_overrides([item])


# ---------------------------------------------------------------- 5. messages

def test_after_loading_a_save_from_elsewhere_the_hint_loads_it_again(tmp_path, monkeypatch, capsys):
    path = tmp_path / "it's mine.json"
    path.write_bytes(a_save())
    assert batch_play(monkeypatch, "--load", str(path), stdin="say hi\n") == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert "--resume" not in last and f"play --load {shlex.quote(str(path))}" in last, last
    assert shlex.split(last.split("Resume with: ")[1])[-1] == str(path)


def test_after_loading_a_name_with_an_escape_the_hint_gives_the_name_back(tmp_path, monkeypatch, capsys):
    path = tmp_path / ESCAPED
    path.write_bytes(a_save())
    assert batch_play(monkeypatch, "--load", str(path), stdin="say hi\n") == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    no_raw_controls(last)
    assert "--load $'" in last and "\\x1b]0;x\\x07.json'" in last, last


def test_a_night_of_the_saves_folder_still_resumes_with_resume(monkeypatch, capsys):
    assert batch_play(monkeypatch, "--seed", "5", stdin="quick\nsay hi\n") == 0
    assert capsys.readouterr().out.strip().splitlines()[-1].endswith("play --resume")


def test_a_lucky13_scene_loaded_from_elsewhere_says_how_to_load_it_again(tmp_path):
    data = _scene_save(tmp_path)
    path = tmp_path / "scene.json"
    path.write_bytes(reseal(data))
    buf = io.StringIO()
    assert play_lucky13(load=str(path), lines=["Ada: hello"], console=io_console(buf)) == 0
    last = buf.getvalue().strip().splitlines()[-1]
    assert "--resume" not in last and f"--load {path}" in last, last


@pytest.mark.parametrize("command", ["sim", "sweep"])
@pytest.mark.parametrize("workers", ["-3", "0"])
def test_workers_below_one_are_refused(capsys, command, workers):
    extra = ["--set", "genre_points=0,4"] if command == "sweep" else []
    with pytest.raises(SystemExit) as exc:
        main([command, "--games", "10", "--workers", workers, *extra])
    assert exc.value.code == 2
    assert "at least 1" in capsys.readouterr().err


@pytest.mark.parametrize("seed, shown", [(float("nan"), "nan"), (1e308, "1e+308"), (2.5, "2.5")])
def test_a_save_whose_seed_is_no_whole_number_says_so(tmp_path, seed, shown):
    data = json.loads(a_save())
    data["seed"] = seed
    path = tmp_path / "seed.json"
    path.write_bytes(reseal(data))
    sh = make_shell()
    assert not sh.run_line(f"load {path}")
    said = output(sh)
    assert "int is not valid" not in said and "too large to use" not in said
    assert "the seed must be a whole number" in said and shown in said, said


def test_a_port_that_is_no_port_is_refused_at_once(capsys, monkeypatch):
    """A port that is no port, given or from $SOLO_DASK_SCHEDULER, is refused before anything
    is asked of a cluster or played: the bug (the environment's address handed to Dask's
    client, which waits out its 20 s connect timeout) calls run_dask, which fails here."""
    from solo.sim import sweep as sw

    asked: list[str] = []

    def never(name):
        def call(*args, **kwargs):
            asked.append(name)
            raise RuntimeError(f"{name} was called: the sweep went on to run")
        return call

    for name in ("run_dask", "run_local", "greeted"):
        monkeypatch.setattr(sw, name, never(name))
    with pytest.raises(SystemExit) as exc:
        main(["sweep", "--games", "10", "--set", "genre_points=0,4", "--scheduler", "tcp://127.0.0.1:99999"])
    assert exc.value.code == 2 and "1–65535" in capsys.readouterr().err
    monkeypatch.setenv("SOLO_DASK_SCHEDULER", "tcp://127.0.0.1:0")
    assert main(["sweep", "--games", "10", "--set", "genre_points=0,4"]) == 2
    assert "1–65535" in capsys.readouterr().err
    assert asked == []


# ---------------------------------------------------------------- 6. history

def _history(path: Path) -> list[str]:
    from solo.repl.completion import CleanFileHistory

    return list(CleanFileHistory(str(path)).load_history_strings())[::-1]


def test_history_keeps_only_accepted_lines_cleaned(solo_home):
    from prompt_toolkit.application import create_app_session
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from solo.repl.app import run_interactive

    solo_home.mkdir(parents=True, exist_ok=True)
    history = solo_home / "history"
    sh = make_shell(seed=9)
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        pipe.send_text("quick\r")
        pipe.send_text("test Nobody\r")  # refused: not kept
        pipe.send_text("award " + "x " * 3000 + "\r")  # refused, too long for history anyway
        pipe.send_text("say hi\u200b the door\u200e\r")  # kept, cleaned
        pipe.send_bytes(b"Iris: \xff\xfe\r")  # refused: not UTF-8
        pipe.send_text("\x04")
        assert run_interactive(sh, history_path=history, input=pipe, output=DummyOutput()) == 0
    assert _history(history) == ["quick", "say hi the door"]
    raw = history.read_bytes()
    assert "\u200b".encode() not in raw and b"Nobody" not in raw and b"Iris" not in raw


def test_history_is_bounded(solo_home):
    from solo.repl.completion import CleanFileHistory

    solo_home.mkdir(parents=True, exist_ok=True)
    path = solo_home / "history"
    lines = [f"say line {i}" for i in range(1500)] + ["say " + "y" * 2000, "say a\u200bb\x1b[31m"]
    path.write_text("".join(f"\n# then\n+{line}\n" for line in lines), encoding="utf-8")
    kept = _history(path)
    assert len(kept) == CleanFileHistory.MAX_ENTRIES == 1000
    assert kept[-1] == "say ab" and kept[0] == "say line 501"
    assert all(len(line) <= 1000 for line in kept)
    assert _history(path) == kept and path.stat().st_size < 100_000  # the file written again, bounded
    history = CleanFileHistory(str(path))
    list(history.load_history_strings())
    for i in range(2500):  # a long session: the file stays bounded
        history.append_string(f"say more {i}")
        history.accepted(True)
    assert len(_history(path)) <= 2 * CleanFileHistory.MAX_ENTRIES and _history(path)[-1] == "say more 2499"


# ------------------------------------------------------------------------- a playset gone at load

def test_a_night_whose_playset_is_gone_is_not_retold_at_the_camp(solo_home, monkeypatch):
    """Load a House Party night where its playset cannot be read: the load names the playset and
    the transcript (its House Party opening) and the save stay as they were."""
    import solo.playsets
    from solo.playsets import PlaysetError
    from solo.repl.locking import release_lock
    from tests.repl.conftest import make_shell, output

    sh = make_shell(seed=5)
    assert sh.run_line("new playset house-party seed 5") and sh.run_line("quick")
    assert sh.run_line(f"test {sh.night.cast[0].name}") and sh.run_line("roll")
    save, transcript = sh.night.save_path, sh.night.transcript.path
    release_lock(sh)
    before = {p: p.read_bytes() for p in (save, transcript)}
    real = solo.playsets.load_playset

    def gone(name, *a, **kw):
        if name == "house-party":
            raise PlaysetError("no playset called 'house-party'")
        return real(name, *a, **kw)

    monkeypatch.setattr(solo.playsets, "load_playset", gone)
    other = make_shell()
    assert not other.run_line(f'load "{save}"')
    assert "the playset 'house-party', which cannot be read here" in output(other)
    assert {p: p.read_bytes() for p in before} == before and other.night is None
