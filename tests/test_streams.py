"""Closed and broken standard streams (issue 49, class 5), each in a ``solo`` process of its own:
stdout or stdin closed at the start, a pipe closed early, an output encoding that lacks solo's
characters. Never a traceback; a night cut short is said on stderr, exits non-zero, and is saved."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from solo.play.saves import read_save

ROOT = Path(__file__).resolve().parents[1]
PLAY = "quick\nsay The door creaks.\nstatus\nquit\n"


def env_for(home: Path, **extra: str) -> dict:
    env = dict(os.environ, SOLO_HOME=str(home), PYTHONPATH=str(ROOT))
    env.pop("PYTHONIOENCODING", None)
    return {**env, **extra}


def shell_run(redirect: str, *args: str, home: Path, stdin: bytes | None = None, **extra: str):
    """``solo ARGS REDIRECT`` as a shell runs it (``>&-`` closes stdout before solo starts)."""
    script = f'exec "$0" -m solo "$@" {redirect}'
    return subprocess.run(["sh", "-c", script, sys.executable, *args], input=stdin, capture_output=True, check=False,
                          env=env_for(home, **extra), cwd=ROOT, timeout=120)


def saves(home: Path) -> list[Path]:
    return sorted((home / "saves").glob("*.json")) if (home / "saves").is_dir() else []


def no_traceback(err: bytes) -> None:
    text = err.decode("utf-8", "replace")
    assert "Traceback" not in text and "Exception ignored" not in text and "Error:" not in text, text


# ------------------------------------------------------------------ stdout closed at the start

@pytest.mark.parametrize("args", [("odds", "d10", "d8"), ("rules", "strikes"), ("--help",), ("--version",),
                                  ("sim", "--games", "10", "--workers", "1"), ("play", "--seed", "5"),
                                  ("autoplay", "--seed", "3"), ("playsets",)])
def test_stdout_closed_is_one_line_and_nothing_done(tmp_path, args):
    stdin = PLAY.encode() if args[0] == "play" else None
    proc = shell_run(">&-", *args, home=tmp_path, stdin=stdin)
    no_traceback(proc.stderr)
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr.decode().count("\n") == 1 and "standard output is closed" in proc.stderr.decode()
    assert saves(tmp_path) == []  # nothing played, nothing written


def test_every_stream_closed_ends_with_a_code_and_nothing_written(tmp_path):
    proc = shell_run("<&- >&- 2>&-", "play", "--seed", "5", home=tmp_path)
    assert proc.returncode == 2 and proc.stdout == b"" and proc.stderr == b""
    assert saves(tmp_path) == []


# ------------------------------------------------------------------ stdin closed at the start

@pytest.mark.parametrize("args", [("play", "--seed", "5"), ("play", "--seed", "5", "--quick"), ("tutorial",),
                                  ("play", "--system", "lucky13", "--seed", "5"), ("play", "--batch")])
def test_stdin_closed_is_one_line_and_no_night(tmp_path, args):
    proc = shell_run("<&-", *args, home=tmp_path)
    no_traceback(proc.stderr)
    err = proc.stderr.decode()
    assert proc.returncode == 2 and err.count("\n") == 1 and "standard input is closed" in err, err
    assert saves(tmp_path) == []


def test_stdin_that_cannot_be_read_stops_play_saved_and_says_so(tmp_path):
    proc = shell_run(f"0>{tmp_path / 'written-only'}", "play", "--seed", "5", "--quick", home=tmp_path)
    no_traceback(proc.stderr)
    err = proc.stderr.decode()
    assert proc.returncode == 2 and err.count("\n") == 1 and "the input could not be read" in err, err
    assert len(saves(tmp_path)) == 1 and read_save(saves(tmp_path)[0]).seed == 5  # the night begun is kept


def test_a_command_that_reads_no_input_runs_with_stdin_closed(tmp_path):
    proc = shell_run("<&-", "odds", "d10", "d8", home=tmp_path)
    assert proc.returncode == 0 and b"13 or more" in proc.stdout, proc.stderr


def test_stderr_closed_keeps_errors_out_of_the_output(tmp_path):
    proc = shell_run("2>&-", "odds", "d10", "banana", home=tmp_path)
    assert proc.returncode == 2 and proc.stdout == b""


# ------------------------------------------------------------------ a pipe closed early

def start(home: Path, *args: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "solo", *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=env_for(home), cwd=ROOT)


def read_until(proc: subprocess.Popen, pattern: str) -> re.Match:
    while True:
        line = proc.stdout.readline().decode("utf-8", "replace")
        assert line, f"solo ended before printing {pattern!r}"
        m = re.match(pattern, line)
        if m:
            return m


def close_early_then_send(proc: subprocess.Popen, more: str) -> tuple[int, str]:
    """The reader goes (as ``head`` does after its lines), then more lines come in."""
    proc.stdout.close()
    try:
        proc.stdin.write(more.encode())
        proc.stdin.close()
    except BrokenPipeError:  # solo stopped already
        pass
    err = proc.stderr.read().decode("utf-8", "replace")
    return proc.wait(timeout=120), err


def test_play_into_a_pipe_closed_early_stops_says_so_and_keeps_what_was_shown(tmp_path):
    proc = start(tmp_path, "play", "--seed", "5")
    proc.stdin.write(b"quick\nsay The door creaks.\nstatus\n")
    proc.stdin.flush()
    announced = Path(read_until(proc, r"Saving to (.+)$").group(1))
    read_until(proc, r"nott› status$")
    read_until(proc, r"Threat Deck \d+")  # the table of status: both lines before it ran and were shown
    code, err = close_early_then_send(proc, "look\n" * 200 + "quit\n")
    no_traceback(err.encode())
    assert code != 0, err
    assert err.count("\n") == 1 and "output was closed early" in err, err
    assert re.search(r"stopped at line [34] of the input", err), err  # status's last lines, or the next line
    assert str(announced) in err
    save = read_save(announced)  # the save announced is on disk, with the line shown before
    assert any(s.say == "The door creaks." for s in save.steps), save.steps


def test_a_pipe_closed_while_the_night_begins_still_keeps_the_night_announced(tmp_path):
    proc = start(tmp_path, "play", "--seed", "5", "--quick")
    announced = Path(read_until(proc, r"Saving to (.+)$").group(1))
    code, err = close_early_then_send(proc, "look\n" * 50)
    no_traceback(err.encode())
    assert code != 0 and "output was closed early" in err, err
    assert read_save(announced).seed == 5


@pytest.mark.parametrize("args, first", [(("tutorial",), r".+"),
                                         (("play", "--system", "lucky13", "--seed", "5"), r"l13› new$")])
def test_other_plays_into_a_pipe_closed_early_stop_and_say_so(tmp_path, args, first):
    proc = start(tmp_path, *args)
    proc.stdin.write(b"new\n")
    proc.stdin.flush()
    read_until(proc, first)
    code, err = close_early_then_send(proc, "help\n" * 50 + "quit\n")
    no_traceback(err.encode())
    assert code != 0 and err.count("\n") == 1 and "output was closed early" in err, err
    if args[0] == "play":  # the scene begun is saved, and named
        assert [str(p) for p in saves(tmp_path)] == [re.search(r"saved: (\S+)$", err.strip()).group(1)]


def test_autoplay_into_a_closed_pipe_says_so_with_its_files_written(tmp_path):
    proc = subprocess.Popen([sys.executable, "-m", "solo", "autoplay", "--seed", "3"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=env_for(tmp_path), cwd=ROOT)
    proc.stdout.close()
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=120) != 0 and "output was closed early" in err, err
    no_traceback(err.encode())
    assert len(saves(tmp_path)) == 1 and len(list((tmp_path / "transcripts").glob("*.md"))) == 1


# ------------------------------------------------------------------ any output encoding

@pytest.mark.parametrize("encoding", ["latin-1", "ascii:strict"])
def test_play_in_an_encoding_without_solos_characters(tmp_path, encoding):
    lines = "quick\ndraw 7S\nsay Kit → runs “now” ♠\nstatus\nquit\n"
    proc = shell_run("", "play", "--seed", "5", home=tmp_path, stdin=lines.encode(), PYTHONIOENCODING=encoding)
    no_traceback(proc.stderr)
    assert proc.returncode in (0, 1), proc.stderr  # 1: the draw refused, as in any encoding
    out = proc.stdout.decode(encoding.split(":")[0])
    assert "nott" in out and "Threat Deck" in out and "Saved to" in out, out[-500:]
    assert [s.say for s in read_save(saves(tmp_path)[0]).steps] == ["Kit → runs “now” ♠"]  # the save keeps all


@pytest.mark.parametrize("args", [("odds", "d10", "d8"), ("rules", "strikes"), ("sim", "--games", "10", "--workers", "1")])
def test_reports_in_ascii(tmp_path, args):
    proc = shell_run("", *args, home=tmp_path, PYTHONIOENCODING="ascii")
    no_traceback(proc.stderr)
    assert proc.returncode == 0 and proc.stdout.decode("ascii"), proc.stderr


def test_the_repl_on_a_terminal_in_latin_1(tmp_path):
    from tests.repl.ptyrun import run_in_pty

    env = env_for(tmp_path, PYTHONIOENCODING="latin-1")
    screen = run_in_pty([sys.executable, "-m", "solo", "play", "--seed", "5", "--quick"],
                        [("nott", "status\r"), ("nott", "quit\r")], env=env, cwd=str(ROOT), timeout=60)
    assert "Traceback" not in screen and "codec" not in screen, screen[-800:]
    assert "Saved to" in screen and len(saves(tmp_path)) == 1, screen[-800:]
