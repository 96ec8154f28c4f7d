"""Saves from strangers, files that are not saves, input that is not text (issue 15).

Each test reproduces one item of the issue: it fails on the code before the fix."""

import hashlib
import io
import json
import os
import random
import subprocess
import sys
import threading
import time
import tracemalloc
from pathlib import Path

import pytest

from solo.play.saves import MAX_SAVE_READ_BYTES, SaveError, read_save
from solo.repl.app import run_batch

from .conftest import make_shell, output
from .scripts import script_for

ESC_SAMPLES = ["\x1b]52;c;SGVsbG8=\x07", "\x1b[31m", "\x1b[2J", "\x9b1m", "\u202e", "\x07", "\r"]
#: What text pasted from a web page carries: zero-width space, byte-order mark, word joiner,
#: soft hyphen, Arabic letter mark, line and paragraph separators.
INVISIBLE_SAMPLES = ["\u200b", "\ufeff", "\u2060", "\u00ad", "\u061c", "\u2028", "\u2029"]
#: Words of a library's validation message, which a player never reads.
LIBRARY_WORDS = ("validation error", "pydantic", "Value error,", "type=", "input_value", "String should")


def played(seed=21, tests=3):
    sh = make_shell(seed=seed)
    lines, _ = script_for(seed, max_tests=tests)
    assert all(sh.run_line(line) for line in lines)
    return sh


def reseal(data: dict) -> bytes:
    """What anyone can do to a save: change it and compute its checksum again."""
    body = {k: v for k, v in data.items() if k != "checksum"}
    raw = json.dumps(body, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    data["checksum"] = hashlib.sha256(raw.encode("utf-8")).hexdigest()
    return json.dumps(data, ensure_ascii=False).encode("utf-8")


def edited_save(tmp_path, edit) -> Path:
    sh = played()
    data = json.loads(sh.night.save_path.read_text(encoding="utf-8"))
    edit(data)
    path = tmp_path / "edited.json"
    path.write_bytes(reseal(data))
    return path


def refused_in_one_line(path: Path, *words) -> str:
    before = path.read_bytes() if path.is_file() else None
    sh = make_shell()
    assert not sh.run_line(f'load "{path}"')
    errors = [line for line in output(sh).splitlines() if line.startswith("error:")]
    assert len(errors) == 1 and sh.night is None, output(sh)
    if before is not None:
        assert path.read_bytes() == before  # the file is kept as it is
    for w in words:
        assert w in errors[0], errors[0]
    return errors[0]


def batch(sh, data: bytes) -> int:
    """Batch mode as the CLI runs it: stdin as text (surrogateescape), with its byte buffer."""
    return run_batch(sh, io.TextIOWrapper(io.BytesIO(data), encoding="utf-8", errors="surrogateescape"))


# ---------------------------------------------------------------- 1. names from a save

@pytest.mark.parametrize("name", ["\necho INJECTED\n", "Iris\x1b]52;c;SGVsbG8=\x07", "A" * 41, "a,b", "\u202eevil",
                                  "Iris\u2028two"])
def test_a_save_with_a_name_no_one_could_type_is_refused(tmp_path, name):
    path = edited_save(tmp_path, lambda d: d["cast"][0].update(name=name))
    refused_in_one_line(path, "cast 1: name")


@pytest.mark.parametrize("field,value", [("summary", "ok \x1b[2J"), ("playset", "/etc/passwd"),
                                         ("playset", "../../x"), ("narrator", "\x1b]0;x\x07")])
def test_a_save_with_escapes_or_a_path_elsewhere_is_refused(tmp_path, field, value):
    path = edited_save(tmp_path, lambda d: d.update({field: value}))
    refused_in_one_line(path, field)


def test_a_step_text_or_archetype_with_escapes_is_refused(tmp_path):
    refused_in_one_line(edited_save(tmp_path, lambda d: d["cast"][1].update(archetype="x\x1b[8m")), "archetype")
    refused_in_one_line(edited_save(tmp_path, lambda d: d["steps"].append({"say": "hi\x1b]52;c;QQ==\x07"})), "say")


def test_typed_names_follow_the_same_rule():
    sh = make_shell()
    assert not sh.run_line("character " + "N" * 41 + ", The Jock, Power")
    assert "at most 40" in output(sh)
    assert sh.run_line("character Iris \x1b[31mRed, The Jock, Power")
    assert sh.pending[-1].name == "Iris Red"


# ---------------------------------------------------------------- 2. save FILE

def test_save_refuses_a_device_a_symlink_a_pipe_and_a_file_that_is_not_a_save(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    sh = played()
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n")
    (tmp_path / "link.json").symlink_to(notes)
    os.mkfifo(tmp_path / "pipe.json")
    for target, why in [("/dev/null", "device"), ("link.json", "symlink"), ("pipe.json", "named pipe"),
                        ("notes.txt", "not a solo save"), ("nofolder/x.json", "no folder")]:
        assert not sh.run_line(f"save {target}")
        assert why in output(sh).splitlines()[-1], output(sh)
    assert notes.read_text() == "my notes\n" and Path("/dev/null").is_char_device()
    assert not (tmp_path / "nofolder").exists()
    assert sh.run_line("save notes.txt --force")
    assert read_save(notes).steps and f"saved a copy to {notes}" in output(sh)
    assert sh.run_line("save notes.txt")  # a solo save may be replaced


# ---------------------------------------------------------------- 3. invalid UTF-8

def test_one_bad_byte_refuses_its_line_and_saving_goes_on():
    sh = make_shell(seed=9)
    code = batch(sh, b"quick\nIris: \xff\xfe\ntest 1\nroll\n")
    assert code == 1  # one line failed
    assert "not UTF-8" in output(sh) and "surrogates" not in output(sh)
    save = read_save(sh.night.save_path)
    assert len(save.steps) == len(sh.night.steps) >= 1 and save.steps[-1].actions


def test_one_bad_byte_in_the_interactive_repl_is_one_refused_line():
    from prompt_toolkit.application import create_app_session
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from solo.repl.app import run_interactive

    sh = make_shell(seed=9)
    assert sh.run_line("quick")
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        pipe.send_bytes(b"Iris: \xff\xfe\r")
        pipe.send_text("test 1\r")
        pipe.send_text("\x04")
        assert run_interactive(sh, input=pipe, output=DummyOutput()) == 0
    assert "not UTF-8" in output(sh)
    assert read_save(sh.night.save_path).steps[-1].actions


# ---------------------------------------------------------------- 4. long lines, linear lookup
# Work is counted, never timed (make test runs on shared, busy machines); the speeds are in make bench.

class _Budget(Exception):
    """Raised by a counter the moment the work it counts passes its budget (so a quadratic
    regression fails at once instead of running for minutes)."""


def _counting_who(sh, monkeypatch, budget: int = 1_000) -> list[str]:
    """The list that gets every name ``sh.who`` is asked to look up from now on, in order."""
    asked: list[str] = []
    real = sh.who

    def who(ref):
        asked.append(ref)
        if len(asked) > budget:
            raise _Budget(f"more than {budget} name lookups")
        return real(ref)

    monkeypatch.setattr(sh, "who", who)
    return asked


def test_award_with_a_hundred_thousand_words_is_quick(monkeypatch):
    """A hundred thousand words after ``award`` cost a bounded number of name lookups, each of
    at most a name's length: the bug (every prefix of the line tried as a name, 100,000
    lookups of up to 100,000 words) fails the count at its 1,001st lookup. Typed, the line is
    refused for its length before it is cleaned or a name is looked up."""
    from solo.play import text
    from solo.play.text import MAX_NAME
    from solo.repl.play import cmd_award

    sh = played()
    asked = _counting_who(sh, monkeypatch)
    cleaned = []
    real_clean = text.clean
    monkeypatch.setattr(text, "clean", lambda line, **kw: cleaned.append(len(line)) or real_clean(line, **kw))
    words = " ".join(["for"] * 100_000)
    assert sh.run_line("award " + words) is False  # refused: too long a line
    assert "line too long" in output(sh) and asked == [] and cleaned == []
    counts = []
    for n in (50_000, 100_000):  # the lookup itself, past the line bound
        del asked[:]
        with pytest.raises(ValueError):
            cmd_award(sh, "Nobody " + " ".join(["for"] * n))
        assert asked and all(len(ref) <= MAX_NAME for ref in asked), asked
        counts.append(len(asked))
    assert counts[0] == counts[1] <= MAX_NAME // 2 + 1, counts  # as many for twice the words: none per word


def test_a_megabyte_line_costs_little_time_and_memory(monkeypatch):
    """A megabyte line in batch mode is skipped as it is read: the shell gets a stand-in with
    no text (so nothing splits, cleans or looks up the megabyte), the memory peak stays under
    40 MB, and the next line still plays. The bug (the whole line read, then split into
    500,000 words and looked up) hands the shell the megabyte, which the length check catches."""
    from solo.play.text import MAX_LINE, LongLine

    sh = make_shell(seed=9)
    given: list[str] = []
    real = sh.run_line
    monkeypatch.setattr(sh, "run_line", lambda line: given.append(line) or real(line))
    data = b"quick\naward " + b"x " * 500_000 + b"\ntest 1\n"
    tracemalloc.start()
    batch(sh, data)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak < 40_000_000, peak
    assert [len(line) for line in given] == [len("quick"), 0, len("test 1")]
    assert isinstance(given[1], LongLine) and given[1].length > 4 * MAX_LINE
    assert "line too long" in output(sh)
    assert read_save(sh.night.save_path).steps[-1].actions  # and the next line still played


class _CountedWords(list):
    """A list of words that counts the words its slices copy, up to a budget."""

    def __init__(self, words, budget: int):
        super().__init__(words)
        self.copied, self.budget = 0, budget

    def __getitem__(self, key):
        got = super().__getitem__(key)
        if isinstance(key, slice):
            self.copied += len(got)
            if self.copied > self.budget:
                raise _Budget(f"slices copied more than {self.budget:,} words")
        return got


def test_lucky13_name_lookup_is_linear():
    """A name lookup at the head of 100,000 words copies the words once (the rest handed back)
    and a few more for the name, however many follow: the bug (every prefix of the line joined
    and compared with the names, 5·10⁹ words copied) passes the budget at its second prefix."""
    from solo.repl.lucky13 import Lucky13Shell

    sh = Lucky13Shell(make_shell().console)
    assert sh.run_line("new seed 5") and sh.run_line("character Ada Lovelace random")
    extra = []
    for n in (50_000, 100_000):
        words = _CountedWords(["Ada", "Lovelace"] + ["x"] * n, budget=n + 1_000)
        who, rest = sh.take_who(words)
        assert who == "Ada Lovelace" and rest == ["x"] * n
        extra.append(words.copied - len(rest))  # words copied beyond handing back the rest
    assert extra[0] == extra[1] <= 100, extra  # none per word of the line


# ---------------------------------------------------------------- 5. unbounded reads

def _bounded(fn):
    """``fn()``, its memory peak held under 20 MB: reading the file it is given up to the cap
    (32 MB) or without one breaks it (a read it never makes costs no time either)."""
    tracemalloc.start()
    try:
        result = fn()
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 20_000_000, peak
    return result


@pytest.mark.parametrize("argv", [["play", "--load", "/dev/zero"], ["play", "--playset", "/dev/zero", "--quick"],
                                  ["play", "--system", "lucky13", "--load", "/dev/zero"],
                                  ["playset", "check", "/dev/zero"]])
def test_dev_zero_is_refused_at_once(argv, capsys, monkeypatch):
    from solo.cli import main

    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    code = _bounded(lambda: main(argv + (["--batch"] if argv[0] == "play" else [])))
    out = capsys.readouterr()
    assert code != 0 or "error:" in out.out
    assert "device" in out.out + out.err and "Traceback" not in out.err


def test_a_named_pipe_is_refused_without_blocking(tmp_path):
    pipe = tmp_path / "night.json"
    os.mkfifo(pipe)
    done = []
    t = threading.Thread(target=lambda: done.append(refused_in_one_line(pipe, "named pipe")), daemon=True)
    t.start()
    t.join(60)  # only so a blocked load cannot hold the run: opening a pipe no one writes waits forever
    assert done, "loading a named pipe blocked"


def test_a_huge_regular_file_is_refused_by_its_size(tmp_path):
    big = tmp_path / "big.json"
    with big.open("wb") as fh:
        fh.truncate(MAX_SAVE_READ_BYTES + 1)
    sh = make_shell()
    assert not _bounded(lambda: sh.run_line(f'load "{big}"'))  # the bound is on the refusal, not on reading it here
    errors = [line for line in output(sh).splitlines() if line.startswith("error:")]
    assert len(errors) == 1 and "too large" in errors[0] and sh.night is None
    assert big.stat().st_size == MAX_SAVE_READ_BYTES + 1


# ---------------------------------------------------------------- 6. nesting and digits

def test_a_save_nested_a_hundred_thousand_deep_is_one_line(tmp_path):
    path = tmp_path / "deep.json"
    path.write_bytes(b'{"format": "solo-nott-save", "version": 1, "x": ' + b"[" * 100_000 + b"]" * 100_000 + b"}")
    refused_in_one_line(path, "nested too deeply")


def test_a_five_thousand_digit_seed_is_one_line(tmp_path):
    sh = played()
    raw = sh.night.save_path.read_text(encoding="utf-8")
    path = tmp_path / "digits.json"
    path.write_text(raw.replace('"seed":21', '"seed":' + "7" * 5000), encoding="utf-8")
    refused_in_one_line(path, "digits")
    path.write_text(raw.replace('"seed":21', '"seed":' + "7" * 50), encoding="utf-8")
    refused_in_one_line(path, "holds a number of more than 40")


# ---------------------------------------------------------------- 7. resume names what it skips

def test_resume_names_the_damaged_save_it_skips(solo_home):
    old = played(seed=21).night.save_path
    time.sleep(0.02)
    new = played(seed=22).night.save_path
    new.write_bytes(new.read_bytes()[:100])
    os.utime(new, (time.time() + 5, time.time() + 5))
    sh = make_shell()
    assert sh.run_line("resume")
    text = " ".join(output(sh).split())
    assert f"skipped {new.name}" in text and "damaged or truncated" in text
    assert sh.night.save_path == old
    old.unlink()
    sh = make_shell()
    assert not sh.run_line("resume")
    text = " ".join(output(sh).split())
    assert f"skipped {new.name}" in text and "no unfinished night" in text


# ---------------------------------------------------------------- 8. names with spaces and quotes

@pytest.mark.parametrize("name", ["my night.json", "it's.json", 'say "hi".json'])
def test_file_names_keep_their_spaces_and_quotes(tmp_path, monkeypatch, name):
    import shlex

    monkeypatch.chdir(tmp_path)
    sh = played()
    assert sh.run_line(f"save {name}")
    assert (tmp_path / name).is_file() and len([p for p in tmp_path.iterdir() if p.name != "home"]) == 1
    sh2 = make_shell()
    assert sh2.run_line(f"load {shlex.quote(name)}"), output(sh2)
    assert sh2.night.game.state_key() == sh.night.game.state_key()
    if "'" not in name and '"' not in name:
        assert make_shell().run_line(f"load {name}")  # unquoted: the rest of the line is the name


# ---------------------------------------------------------------- 9. escapes never shown or written

def test_typed_escapes_reach_neither_screen_nor_log_nor_save(solo_home):
    sh = make_shell(seed=9)
    text = "Iris: I hide " + "".join(ESC_SAMPLES) + " under the bed"
    batch(sh, f"quick\n{text}\nlog\n".encode())
    shown = output(sh)
    for seq in ESC_SAMPLES:
        assert seq not in shown
    assert "I hide  under the bed" in shown or "I hide under the bed" in shown
    raw = sh.night.save_path.read_bytes()
    assert b"\x1b" not in raw and b"\\u001b" not in raw and b"\\u009b" not in raw
    for f in solo_home.rglob("*"):
        if f.is_file():
            assert b"\x1b" not in f.read_bytes(), f


# ---------------------------------------------------------------- 10. one solo per night

HOLD = """
import sys, time
from solo.play.lock import SaveLock
lock = SaveLock(sys.argv[1])
assert lock.acquire()
print("held", flush=True)
sys.stdin.read()
"""


def test_a_night_open_in_another_process_opens_read_only_and_can_go_on_in_a_copy(tmp_path, monkeypatch, solo_home):
    from solo.repl.setup import release_lock

    first = played()
    path = first.night.save_path
    release_lock(first)  # as if that solo had quit
    before = path.read_bytes()
    env = dict(os.environ, SOLO_HOME=str(solo_home))
    other = subprocess.Popen([sys.executable, "-c", HOLD, str(path)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             env=env, text=True)
    try:
        assert other.stdout.readline().strip() == "held"
        sh = make_shell()
        assert not sh.run_line("resume")  # resume passes over a night open elsewhere, and says so
        assert f"{path} is open in another solo (load it to look, read-only)" in output(sh)
        assert sh.run_line(f'load "{path}"')
        assert "open in another solo" in output(sh) and "read-only" in output(sh)
        g = sh.night.game
        assert sh.run_line(f"test {g.cast[g.living()[0]].name}")
        assert path.read_bytes() == before  # nothing written over the other's night
        monkeypatch.chdir(tmp_path)
        assert sh.run_line("save mine.json") and "goes on there" in output(sh)
        assert sh.run_line("roll")
        assert len(read_save(tmp_path / "mine.json").steps) == len(sh.night.steps)
    finally:
        other.communicate("", timeout=10)
    sh = make_shell()  # the other solo has gone: the night is free again
    assert sh.run_line(f'load "{path}"') and "read-only" not in output(sh)


def test_two_shells_cannot_both_write_once_one_holds_it(solo_home):
    path = played().night.save_path
    code = ("import sys; from solo.play.lock import SaveLock; "
            "print(SaveLock(sys.argv[1]).acquire())")
    out = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True,
                         env=dict(os.environ, SOLO_HOME=str(solo_home)), timeout=30)
    assert out.stdout.strip() == "False"


# ---------------------------------------------------------------- the fuzz

def _garbage(rng: random.Random) -> bytes:
    kind = rng.randrange(9)
    if kind == 8:
        return " ".join(rng.choice(["Iris:", "say", "I", "open", "the door"]) + rng.choice(INVISIBLE_SAMPLES)
                        for _ in range(rng.randrange(1, 6))).encode()
    words = ["test", "roll", "reroll", "resolve", "award", "undo", "log", "save", "load", "say", "new", "quick",
             "character", "explain", "status", "cast", "rules", "teach", "+1", "-1", "9", "Iris", "Ozzie", "x"]
    if kind == 0:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 40))).replace(b"\n", b"")
    if kind == 1:
        return (rng.choice(words) + " " + rng.choice(ESC_SAMPLES) + rng.choice(words)).encode()
    if kind == 2:
        return (rng.choice(words) + " ").encode() * rng.randrange(500, 3000)
    if kind == 3:
        return b"\xff\xfe" + rng.choice(words).encode() + b"\xc3"
    if kind == 4:
        return " ".join(rng.choice(words) for _ in range(rng.randrange(1, 6))).encode()
    if kind == 5:
        return ("Iris: " + "".join(rng.choice(ESC_SAMPLES) + "a" for _ in range(5))).encode()
    if kind == 6:
        return rng.choice([b"save", b"load", b"save /dev/null", b"load /dev/zero", b"new", b"quit!", b"undo 999"])
    return bytes([rng.choice([0, 7, 8, 27, 127, 155, 0xC0])]) * rng.randrange(1, 9)


@pytest.mark.corpus  # long: .ci/run runs it
def test_fuzz_a_few_thousand_random_lines_and_every_later_action_still_saves(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    rng = random.Random(15)
    sh = make_shell(seed=9)
    assert sh.run_line("quick")
    checked = 0
    for _round in range(25):  # 2,000 lines
        lines = [_garbage(rng) for _ in range(80)]
        batch_lines = [line for line in lines if not line.strip().lower().startswith((b"new", b"quit", b"exit"))]
        batch(sh, b"\n".join(batch_lines) + b"\n")
        night = sh.night
        if night.game.is_over():
            assert sh.run_line("undo")
        g = night.game
        before = len(night.steps)
        assert sh.run_line(f"Iris: round {_round}") or g.dead[3] is not None
        saved = read_save(night.save_path)
        assert len(saved.steps) == len(night.steps) >= before
        checked += 1
    assert checked == 25
    text = output(sh)
    assert "\x1b" not in text and "internal error" not in text and "Traceback" not in text
    assert not any(w in text for w in LIBRARY_WORDS), [line for line in text.splitlines()
                                                        if any(w in line for w in LIBRARY_WORDS)][:3]



def test_a_lucky13_save_never_chooses_where_its_transcript_is_written(tmp_path, solo_home):
    from solo.lucky13.saves import read_scene_save
    from solo.repl.lucky13 import Lucky13Shell

    sh = Lucky13Shell(make_shell().console)
    assert sh.run_line("new seed 5") and sh.run_line("character Ada random")
    data = json.loads(sh.scene.save_path.read_text(encoding="utf-8"))
    data["transcript"] = str(tmp_path / "elsewhere" / "startup.sh")
    path = tmp_path / "scene.json"
    path.write_bytes(reseal(data))
    read_scene_save(path)  # a valid save
    sh2 = Lucky13Shell(make_shell().console)
    assert sh2.run_line(f'load "{path}"') and sh2.run_line("Ada: hello")
    assert not (tmp_path / "elsewhere").exists()
    digest = hashlib.sha256(str(path.resolve()).encode()).hexdigest()[:12]  # a save from outside the saves folder
    assert sh2.scene.transcript.path == solo_home / "transcripts" / f"scene-{digest}.md"
