"""``solo render`` and the files it is given (issue 26, item 5): a Lucky 13 save or a transcript
is refused in one line that says what the file is and where its transcript is; ``autoplay``
writes the night's save beside its transcript, and rendering that save gives the same story."""

from __future__ import annotations

import io
import os
from pathlib import Path

from rich.console import Console

from solo.cli import main
from solo.repl.lucky13 import Lucky13Shell


def home() -> Path:
    return Path(os.environ["SOLO_HOME"])


def test_a_lucky13_save_is_refused_in_one_line_naming_its_transcript(capsys):
    sh = Lucky13Shell(Console(file=io.StringIO(), width=120, color_system=None))
    assert sh.run_line("new seed 7 duel") and sh.run_line("character Brunella custom reflex=d8 Combat=d6")
    save, transcript = sh.scene.save_path, sh.scene.transcript.path
    capsys.readouterr()
    assert main(["render", str(save)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "is a Lucky 13 save" in err and f"its transcript is {transcript}" in err
    assert main(["render", str(transcript)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "is a transcript already" in err and "damaged" not in err


def test_autoplay_writes_a_save_that_renders_as_its_transcript(capsys):
    assert main(["autoplay", "--seed", "6"]) == 0
    out = capsys.readouterr().out
    save = home() / "saves" / "nott-ashcan-careful-seed6.json"
    assert f"Save: {save}" in out and save.is_file()
    assert main(["render", str(save)]) == 0
    story = capsys.readouterr().out
    assert story == (home() / "transcripts" / "nott-ashcan-careful-seed6.md").read_text(encoding="utf-8")
