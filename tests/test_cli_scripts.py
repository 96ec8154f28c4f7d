"""Batch use and scripts (issue 26, item 4): a reader that goes away early (``solo sim | head
-2``) ends solo quietly with success; output into a pipe carries no padding to the console's
width; ``autoplay`` without ``--seed`` plays a fresh seed and prints it."""

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def solo(*args, home, **kw):
    env = dict(os.environ, SOLO_HOME=str(home), PYTHONPATH=str(ROOT), PYTHONIOENCODING="utf-8")
    return subprocess.run([sys.executable, "-m", "solo", *args], capture_output=True, text=True, env=env,
                          cwd=ROOT, timeout=120, encoding="utf-8", **kw)


def test_a_reader_gone_early_ends_solo_quietly_with_success(tmp_path):
    env = dict(os.environ, SOLO_HOME=str(tmp_path), PYTHONPATH=str(ROOT))
    for args in (["sim", "--games", "20", "--workers", "1"], ["rules"], ["--help"]):
        proc = subprocess.Popen([sys.executable, "-m", "solo", *args], stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, env=env, cwd=ROOT)
        proc.stdout.close()  # the reader is gone before solo writes (head has read its lines)
        err = proc.stderr.read().decode()
        assert proc.wait(timeout=120) == 0, (args, err)
        assert err == "", (args, err)


def test_piped_output_is_not_padded_to_the_console_width(tmp_path):
    for args in (["sim", "--games", "20", "--workers", "1"], ["rules", "strikes"]):
        proc = solo(*args, home=tmp_path)
        assert proc.returncode == 0, proc.stderr
        padded = [line for line in proc.stdout.splitlines() if line != line.rstrip()]
        assert padded == [], (args, padded[:3])
    proc = solo("play", "--seed", "5", "--batch", home=tmp_path, input="quick\nstatus\nquit\n")
    assert "Threat Deck" in proc.stdout  # the table was printed, without trailing blanks
    assert [line for line in proc.stdout.splitlines() if line != line.rstrip()] == []


def test_autoplay_without_a_seed_plays_a_fresh_one_and_prints_it(tmp_path):
    seeds = []
    for _ in range(2):
        proc = solo("autoplay", home=tmp_path)
        assert proc.returncode == 0, proc.stderr
        m = re.match(r"Seed (\d+) \(replay it with --seed \1\)\.\n", proc.stdout)
        assert m, proc.stdout
        assert f"seed{m.group(1)}.md" in proc.stdout
        seeds.append(m.group(1))
    assert seeds[0] != seeds[1]
