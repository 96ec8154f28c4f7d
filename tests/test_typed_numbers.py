"""Numbers from outside are bounded before use: a typed seed has at most the 40 digits a save
holds (longer, it played and then wrote a save no solo reads back; thousands of digits long,
Python's own wording about its limit reached the screen), and a playset holding a number
thousands of digits long is one line in ``solo playset check`` and in the ``solo playsets``
listing, which still lists the others."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

from solo.cli import main
from solo.play.saves import MAX_SEED_DIGITS as SAVE_SEED_DIGITS
from solo.seeds import MAX_SEED_DIGITS, parse_seed

PYTHON_WORDS = ("int_max_str_digits", "Exceeds the limit", "invalid literal", "invalid int value")


def nines(n: int) -> str:
    return "9" * n


def test_a_typed_seed_has_the_digits_a_save_holds():
    assert MAX_SEED_DIGITS == SAVE_SEED_DIGITS
    assert parse_seed(nines(40)) == int(nines(40)) and parse_seed("-" + nines(40)) == -int(nines(40))
    assert parse_seed("0" * 50 + "7") == 7  # leading zeros are no digits of the number


@pytest.mark.parametrize("text, says", [
    (nines(41), "seed has at most 40 digits, got one of 41"),
    (nines(5000), "seed has at most 40 digits, got one of 5,000"),
    ("12x", "seed must be a whole number, got '12x'"),
    ("\u00b2", "seed must be a whole number, got '\u00b2'"),
    ("x" * 100, f"seed must be a whole number, got {'x' * 60!r}… (100 characters)"),
], ids=["41", "5000", "letters", "superscript", "long"])
def test_a_seed_out_of_bounds_is_refused_in_one_line(text, says):
    with pytest.raises(ValueError) as info:
        parse_seed(text)
    assert str(info.value) == says


@pytest.mark.parametrize("argv", [["play", "--batch"], ["autoplay"], ["sim", "--games", "1"],
                                  ["sweep", "--games", "1"]], ids=["play", "autoplay", "sim", "sweep"])
@pytest.mark.parametrize("digits", [41, 5000])
def test_every_seed_option_refuses_a_seed_too_long(argv, digits, capsys):
    with pytest.raises(SystemExit) as info:
        main([*argv, "--seed", nines(digits)])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert f"argument --seed: seed has at most 40 digits, got one of {digits:,}" in err
    assert not any(w in err for w in PYTHON_WORDS) and nines(41) not in err


def test_draw_test_refuses_a_seed_thousands_of_digits_long(capsys):
    assert main(["draw-test", "--char", "Ann:16", "--seed", nines(5000)]) == 2
    err = capsys.readouterr().err
    assert err == "solo draw-test: error: --seed has at most 40 digits, got one of 5,000\n"


def nott_shell():
    from solo.repl.shell import Shell

    buf = io.StringIO()
    return Shell(Console(file=buf, width=200, color_system=None, highlight=False)), buf


def lucky13_shell():
    from solo.repl.lucky13.shell import Lucky13Shell

    buf = io.StringIO()
    return Lucky13Shell(Console(file=buf, width=200, color_system=None, highlight=False)), buf


@pytest.mark.parametrize("make", [nott_shell, lucky13_shell], ids=["nott", "lucky13"])
@pytest.mark.parametrize("line", ["new seed " + nines(41), "new " + nines(3990), "new seed \u00b2"],
                         ids=["seed-41", "bare-3990", "superscript"])
def test_new_refuses_a_seed_out_of_bounds_in_one_line(make, line):
    sh, buf = make()
    assert not sh.run_line(line)
    errors = [x for x in buf.getvalue().splitlines() if x.startswith("error:")]
    assert len(errors) == 1 and re.search(r"seed (has at most 40 digits|must be a whole number)", errors[0])
    assert not any(w in buf.getvalue() for w in PYTHON_WORDS)


def test_a_night_on_a_forty_digit_seed_saves_and_loads_back():
    from solo.play.saves import read_save

    sh, buf = nott_shell()
    assert sh.run_line("new seed " + nines(40)) and sh.run_line("quick"), buf.getvalue()
    assert read_save(sh.night.save_path).seed == int(nines(40))


# ---------------------------------------------------------------------- playsets

def a_playset_with(tmp_path, name: str, extra: str):
    from solo.playsets.loader import BUILTIN_DIR

    text = (BUILTIN_DIR / "house-party.toml").read_text(encoding="utf-8")
    text = re.sub(r'^name = ".*"$', f'name = "{name}"', text, count=1, flags=re.M)
    text = re.sub(r"^title = ", extra + "\ntitle = ", text, count=1, flags=re.M)
    path = tmp_path / f"{name}.toml"
    path.write_text(text, encoding="utf-8")
    return path, text[:text.index(extra)].count("\n") + 1


def test_playset_check_names_a_number_thousands_of_digits_long(tmp_path, capsys):
    path, line = a_playset_with(tmp_path, "digits", "lucky = " + nines(5000))
    assert main(["playset", "check", str(path)]) == 1
    err = capsys.readouterr().err
    assert err == f"solo: playset {str(path)!r} (line {line}): a number thousands of digits long\n"


def test_the_playsets_listing_shows_a_broken_one_and_goes_on(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("SOLO_CONFIG_DIR", str(tmp_path))
    (tmp_path / "playsets").mkdir()
    a_playset_with(tmp_path / "playsets", "a-digits", "lucky = " + nines(5000))
    a_playset_with(tmp_path / "playsets", "b-fine", "")
    assert main(["playsets"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"^a-digits +user +BROKEN: playset .* a number thousands of digits long$", out, re.M)
    assert re.search(r"^b-fine +user +House Party", out, re.M)
    assert not any(w in out for w in PYTHON_WORDS)
