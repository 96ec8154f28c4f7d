"""The command line a new player meets first (issue 13): every system named in --help, solo odds
at the top level, quiet on a closed pipe, autoplay writing where the REPL writes."""

import itertools
import os
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def solo(*args, home, cwd=None, **kw):
    env = dict(os.environ, SOLO_HOME=str(home), PYTHONPATH=str(ROOT), PYTHONIOENCODING="utf-8")
    return subprocess.run([sys.executable, "-m", "solo", *args], capture_output=True, text=True, env=env,
                          cwd=cwd or ROOT, timeout=120, encoding="utf-8", **kw)


def test_help_names_every_system_and_where_to_find_it(tmp_path):
    out = " ".join(solo("--help", home=tmp_path).stdout.split())
    for words in ("Night of the Thirteenth", "Lucky 13", "solo play --system lucky13", "solo odds",
                  "T13 Card Draw Test", "solo draw-test"):
        assert words in out, words


def test_solo_odds_at_the_top_level_matches_a_count_of_every_face(tmp_path):
    proc = solo("odds", "d10", "d8", "d6", home=tmp_path)
    assert proc.returncode == 0, proc.stderr
    # without exploding dice: count the 10·8·6 faces that sum to 13 or more
    hits = sum(1 for faces in itertools.product(range(1, 11), range(1, 9), range(1, 7)) if sum(faces) >= 13)
    plain = Fraction(hits, 480)
    assert f"without exploding dice:" in proc.stdout and f"({plain})" in proc.stdout.splitlines()[1]
    bad = solo("odds", "d10", "banana", home=tmp_path)
    assert bad.returncode == 2 and bad.stdout == ""
    assert bad.stderr.count("\n") == 1 and bad.stderr.startswith("solo odds: error: not dice")


def test_a_closed_pipe_ends_quietly(tmp_path):
    env = dict(os.environ, SOLO_HOME=str(tmp_path), PYTHONPATH=str(ROOT))
    for args in (["rules"], ["sim", "--games", "20", "--workers", "1"], ["odds", "d10", "d8", "d6"]):
        proc = subprocess.Popen([sys.executable, "-m", "solo", *args], stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, env=env, cwd=ROOT)
        proc.stdout.close()  # the reader is gone before the first line, as with | head -0
        err = proc.stderr.read().decode()
        proc.wait(timeout=120)
        assert "Broken pipe" not in err and "Errno" not in err and "Traceback" not in err, (args, err)


def test_autoplay_writes_its_transcript_where_the_repl_does_and_says_where(tmp_path):
    home, here = tmp_path / "home", tmp_path / "here"
    here.mkdir()
    proc = solo("autoplay", "--seed", "6", home=home, cwd=here)
    assert proc.returncode == 0, proc.stderr
    assert list(here.iterdir()) == []  # nothing in the current folder
    written = list((home / "transcripts").glob("*.md"))
    assert [p.name for p in written] == ["nott-ashcan-careful-seed6.md"]
    assert f"Transcript: {written[0]}" in proc.stdout
