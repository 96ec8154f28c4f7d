"""No words from inside reach the player (issue 26, item 6): no Python exception names, no
command syntax where a thing done is meant ("say 'rol'"), counts that agree with their nouns
("Jesse's Genre Point", not "1 of Jesse's 1 Genre Points"; "1 Adventure Point"), and
``playset check`` in a player's words: built-in playsets by name, every unknown key named,
a wrong type said as what was wanted."""

from __future__ import annotations

import io
import re

from rich.console import Console

from solo.cli import main
from solo.playsets.loader import BUILTIN_DIR
from solo.repl.lucky13 import Lucky13Shell
from solo.repl.shell import Shell


def nott_shell(seed=3) -> Shell:
    sh = Shell(Console(file=io.StringIO(), width=120, color_system=None, highlight=False), seed=seed)
    assert sh.run_line("quick")
    return sh


def said(sh) -> str:
    return sh.console.file.getvalue()


def test_a_single_genre_point_is_offered_as_that_point():
    sh = nott_shell()
    name = sh.night.names[0]
    assert sh.run_line(f"award {name} for splitting up")
    assert sh.run_line(f"test {name}") and sh.run_line("roll 5 1")
    text = said(sh)
    assert f"spend {name}'s Genre Point: reroll" in text
    assert "1 of" not in text and "1 Genre Points" not in text


def test_undo_names_what_was_taken_back_not_a_command():
    sh = nott_shell()
    name = sh.night.names[1]
    assert sh.run_line(f"{name}: I hide under the dock")
    assert sh.run_line("undo")
    assert f"undone: {name}'s line 'I hide under the dock'" in said(sh)
    assert "undone: say" not in said(sh)


def lucky13_shell() -> Lucky13Shell:
    sh = Lucky13Shell(Console(file=io.StringIO(), width=200, color_system=None, highlight=False))
    for line in ("new seed 7 Brunella's duel",
                 "character Brunella custom reflex=d8 Combat=d6 weapon=Broadsword:d8:d10"):
        assert sh.run_line(line), said(sh)
    return sh


def test_one_adventure_point_is_one_point():
    sh = lucky13_shell()
    assert sh.run_line("award Brunella 1 for the duel")
    assert "Brunella earns 1 Adventure Point (1 now)" in said(sh)


def test_a_narrator_that_fails_is_said_in_words_not_an_exception_name():
    sh = lucky13_shell()

    class Broken:
        def narrate(self, beat):
            raise RuntimeError("the model server stopped answering")

    sh.scene.narrator = Broken()
    assert sh.run_line("check Brunella reflex combat moderate")
    text = said(sh)
    assert "the model server stopped answering" in text and "RuntimeError" not in text


def test_playset_check_finds_a_built_in_playset_by_name(capsys):
    assert main(["playset", "check", "house-party"]) == 0
    assert capsys.readouterr().out.startswith("house-party: OK — 'House Party', ashcan rules, 13 Genre Points")


def test_playset_check_names_every_unknown_key_and_wants_in_plain_words(tmp_path, capsys):
    text = (BUILTIN_DIR / "house-party.toml").read_text(encoding="utf-8")
    text = re.sub(r"^title = ", 'colour = "red"\nmood = 3\ntitle = ', text, count=1, flags=re.M)
    text = text.replace("[rules]\n", '[rules]\ngenre_points = "lots"\n', 1)
    path = tmp_path / "mine.toml"
    path.write_text(text, encoding="utf-8")
    assert main(["playset", "check", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 4  # how many problems, then each on a line of its own
    assert re.search(r"^  rules\.genre_points \(line \d+\): it must be a whole number, not 'lots'$", err, re.M)
    assert re.search(r"^  colour \(line \d+\): unknown key\n  mood \(line \d+\): unknown key$", err, re.M)
    assert "problem(s)" not in err and "type" not in err
