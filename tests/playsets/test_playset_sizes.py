"""A big playset is checked in time that grows with its size, not with its square: 100,000
short locations (a file under the size cap) pass ``playset check`` and ``playsets`` in
seconds, a place given twice among them is still found, and a file of tens of thousands of
broken entries is told in a few lines (the first problems and a count of the rest).

Everything runs in this process, through :func:`solo.cli.main`."""

from __future__ import annotations

import re

import pytest

from solo.cli import main
from solo.playsets import PlaysetError, read_playset
from solo.playsets.loader import MAX_PROBLEMS_SHOWN
from solo.playsets.model import first_repeat
from solo.reading import MAX_PLAYSET_BYTES

from .test_loader_errors import GOOD

MANY = 100_000


def with_locations(entries: str) -> str:
    """``GOOD`` with its six locations replaced by ``entries`` (the inside of a TOML array)."""
    text, n = re.subn(r"^locations = \[.*\]$", lambda _: f"locations = [{entries}]", GOOD, flags=re.M)
    assert n == 1
    return text


def run(capsys, *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exc:
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(scope="module")
def huge(tmp_path_factory):
    """A playset of 100,000 short locations, in a folder of user playsets of its own."""
    folder = tmp_path_factory.mktemp("config") / "playsets"
    folder.mkdir()
    path = folder / "huge.toml"
    path.write_text(with_locations(", ".join(f'"p{i}"' for i in range(MANY))), encoding="utf-8")
    assert path.stat().st_size < MAX_PLAYSET_BYTES  # the loader reads it: it is not refused for its size
    return path


@pytest.mark.corpus  # long: .ci/run runs it
def test_a_playset_of_100000_locations_passes_the_check(capsys, huge):
    code, out, err = run(capsys, "playset", "check", str(huge))
    assert (code, err) == (0, "")
    assert out.startswith(f"{huge}: OK — 'Ghost Ship', ashcan rules")


@pytest.mark.corpus  # long: .ci/run runs it
def test_playsets_lists_a_playset_of_100000_locations(capsys, huge, monkeypatch):
    monkeypatch.setenv("SOLO_CONFIG_DIR", str(huge.parent.parent))
    code, out, _ = run(capsys, "playsets")
    assert code == 0
    assert "huge                   user      Ghost Ship — ashcan rules" in out.splitlines()


@pytest.mark.corpus  # long: .ci/run runs it
def test_a_place_given_twice_among_100000_is_found(tmp_path):
    places = [f'"p{i}"' for i in range(MANY)] + ['"p12345"']
    path = tmp_path / "twice.toml"
    path.write_text(with_locations(", ".join(places)), encoding="utf-8")
    with pytest.raises(PlaysetError) as exc:
        read_playset(path)
    assert str(exc.value) == f"playset {str(path)!r}: locations (line 4): two locations are 'p12345'"


class Counted:
    """A value that counts how often it is compared with another."""

    comparisons = 0

    def __init__(self, n: int) -> None:
        self.n = n

    def __hash__(self) -> int:
        return self.n

    def __eq__(self, other) -> bool:
        Counted.comparisons += 1
        return isinstance(other, Counted) and other.n == self.n


def test_the_duplicate_check_does_not_compare_pairs():
    """Distinct places are never compared with one another (a set, not every earlier place);
    a repeat is compared only with its twin."""
    Counted.comparisons = 0
    assert first_repeat(Counted(i) for i in range(10_000)) is None
    assert Counted.comparisons == 0
    items = [Counted(i) for i in range(10_000)] + [Counted(5)]
    assert first_repeat(items) is items[-1]  # the second of the two
    assert Counted.comparisons == 1


def test_a_file_of_40000_broken_locations_is_told_in_a_few_lines(capsys, tmp_path):
    """Each location carries an unknown key: every problem is found (and counted), each on its
    line, in one reading of the file; the first ones are listed, the rest counted."""
    n = 40_000
    path = tmp_path / "broken.toml"
    path.write_text(with_locations("\n" + "\n".join(f'{{place="p{i}",x=1}},' for i in range(n)) + "\n"),
                    encoding="utf-8")
    assert path.stat().st_size < MAX_PLAYSET_BYTES
    code, out, err = run(capsys, "playset", "check", str(path))
    lines = err.splitlines()
    assert (code, out) == (1, "")
    assert lines[0] == f"solo: playset {str(path)!r}: {n} problems:"
    assert lines[1:MAX_PROBLEMS_SHOWN + 1] == [f"  locations.{i}.x (line 4): unknown key"
                                               for i in range(MAX_PROBLEMS_SHOWN)]
    assert lines[MAX_PROBLEMS_SHOWN + 1:] == [f"  … and {n - MAX_PROBLEMS_SHOWN} more"]
    # the one-line message (what ``play --playset`` says) names the first ones and counts the rest
    with pytest.raises(PlaysetError) as exc:
        read_playset(path)
    message = str(exc.value)
    assert "\n" not in message and message.endswith(f"locations.{MAX_PROBLEMS_SHOWN - 1}.x (line 4) "
                                                    f"and {n - MAX_PROBLEMS_SHOWN} more")
