"""What the command line prints passes one edge, :func:`solo.safetext.safe`: a file name, a
playset's name, a character's name, a seed or an error quoting any of them reaches the terminal
without its escape sequences (a clipboard write, a cleared screen) or control characters."""

from __future__ import annotations

import json
import shutil

import pytest

from solo.cli import main
from solo.playsets.loader import BUILTIN_DIR

OSC52 = "\x1b]52;c;aGVsbG8=\x07"  # writes the terminal's clipboard
CLEAR = "\x1b[2J"  # clears the screen
CSI8 = "\x9b2J"  # the same, in one 8-bit control


def shown(text: str) -> bool:
    """True if ``text`` holds no escape, bell or C1 control: nothing a terminal would obey."""
    return not any(ch in text for ch in "\x1b\x07\x9b\x9d")


def run(capsys, *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exc:  # argparse's usage errors
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("argv", [
    ["playset", "check", f"one{OSC52}.toml", f"two{CLEAR}.toml"],
    ["render", f"night{OSC52}.json", f"again{CLEAR}.json"],
    ["sim", "--games", "10", f"stray{CSI8}"],
])
def test_a_failing_command_quotes_file_names_without_their_escapes(capsys, argv):
    code, out, err = run(capsys, *argv)
    assert code == 2 and err.startswith("usage:") and "unrecognized arguments" in err
    assert shown(err) and shown(out), err


def test_an_error_message_is_shown_through_the_edge(capsys, monkeypatch):
    import solo.sim.cli

    def fails(args):
        raise ValueError(f"cannot read {CLEAR}playset 'x{OSC52}'")

    monkeypatch.setattr(solo.sim.cli, "sim", fails)
    code, out, err = run(capsys, "sim")
    assert code == 2 and err == "solo: cannot read playset 'x'\n"


def test_playsets_lists_a_user_playset_named_with_an_escape(capsys, monkeypatch, tmp_path):
    monkeypatch.setenv("SOLO_CONFIG_DIR", str(tmp_path))
    (tmp_path / "playsets").mkdir()
    shutil.copy(BUILTIN_DIR / "house-party.toml", tmp_path / "playsets" / f"party{CLEAR}.toml")
    (tmp_path / "playsets" / f"broken{OSC52}.toml").write_text("title = \n", encoding="utf-8")
    code, out, err = run(capsys, "playsets")
    assert code == 0 and "party" in out and "broken" in out and "BROKEN" in out
    assert shown(out) and shown(err), out


def test_playset_check_names_the_file_without_its_escapes(capsys, tmp_path):
    path = tmp_path / f"party{OSC52}.toml"
    shutil.copy(BUILTIN_DIR / "house-party.toml", path)
    code, out, err = run(capsys, "playset", "check", str(path))
    assert code == 0 and "OK" in out and shown(out), out


def test_autoplay_names_its_transcript_without_escapes(capsys, tmp_path):
    code, out, err = run(capsys, "autoplay", "--seed", "3", "--out", str(tmp_path / f"night{CLEAR}.md"))
    assert code == 0 and "Transcript:" in out and shown(out) and shown(err), out


def test_draw_test_shows_names_and_seeds_without_escapes(capsys):
    code, out, err = run(capsys, "draw-test", "--char", f"Ann{CLEAR}:16", "--char", f"Bo{OSC52}:14",
                         "--seed", f"s{CSI8}")
    assert code == 0 and "Ann" in out and "Bo" in out and shown(out) and shown(err), out


def test_draw_test_json_keeps_the_names_escaped_not_raw(capsys):
    code, out, err = run(capsys, "draw-test", "--json", "--no-narration", "--char", f"Ann{CSI8}:16",
                         "--seed", "4")
    assert code == 0 and shown(out), out
    data = json.loads(out)
    assert f"Ann{CSI8}" in json.dumps(data, ensure_ascii=False)  # the data as given, shown as \u009b


def test_plain_output_is_unchanged(capsys):
    code, out, err = run(capsys, "draw-test", "--json", "--no-narration", "--char", "Zoë:16", "--seed", "4")
    assert code == 0 and "Zoë" in out  # non-ASCII text is kept as it is when nothing needs hiding
