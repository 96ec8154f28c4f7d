"""A big playset is refused by its caps before its entries are read (:mod:`solo.playsets.model`:
100,000 short locations, a file under the size cap, once passed ``playset check`` and then took
97 s to play), a place given twice is still found, and a file of tens of thousands of broken
entries is told in a few lines (the first problems and a count of the rest).

Everything runs in this process, through :func:`solo.cli.main`."""

from __future__ import annotations

import re

import pytest

from solo.cli import main
from solo.playsets import PlaysetError, read_playset
from solo.playsets.loader import MAX_PROBLEMS_SHOWN
from solo.playsets.model import MAX_PLACES, first_repeat
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


REFUSED = f"locations (line 4): {MANY:,} entries, more than a playset may hold ({MAX_PLACES})"


def test_a_playset_of_100000_locations_is_refused_by_the_check(capsys, huge):
    code, out, err = run(capsys, "playset", "check", str(huge))
    assert (code, out) == (1, "")
    assert err == f"solo: playset {str(huge)!r}: {REFUSED}\n"


def test_playsets_lists_a_playset_of_100000_locations_as_broken(capsys, huge, monkeypatch):
    monkeypatch.setenv("SOLO_CONFIG_DIR", str(huge.parent.parent))
    code, out, _ = run(capsys, "playsets")
    assert code == 0
    assert f"huge                   user      BROKEN: playset {str(huge)!r}: {REFUSED}" in out.splitlines()


def test_a_place_given_twice_is_found(tmp_path):
    places = [f'"p{i}"' for i in range(MAX_PLACES - 1)] + ['"p12"']
    path = tmp_path / "twice.toml"
    path.write_text(with_locations(", ".join(places)), encoding="utf-8")
    with pytest.raises(PlaysetError) as exc:
        read_playset(path)
    assert str(exc.value) == f"playset {str(path)!r}: locations (line 4): two locations are 'p12'"


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


def test_a_file_of_40000_unknown_keys_is_told_in_a_few_lines(capsys, tmp_path):
    """Every problem is found (and counted), each on its line, in one reading of the file; the
    first ones are listed, the rest counted."""
    n = 40_000
    path = tmp_path / "broken.toml"
    head = GOOD.split("\n[killer]")[0]
    path.write_text(head + "\n" + "".join(f"x{i} = 1\n" for i in range(n)) + GOOD[len(head):], encoding="utf-8")
    assert path.stat().st_size < MAX_PLAYSET_BYTES
    first = head.count("\n") + 2  # the line of x0
    code, out, err = run(capsys, "playset", "check", str(path))
    lines = err.splitlines()
    assert (code, out) == (1, "")
    assert lines[0] == f"solo: playset {str(path)!r}: {n} problems:"
    assert lines[1:MAX_PROBLEMS_SHOWN + 1] == [f"  x{i} (line {first + i}): unknown key" for i in range(MAX_PROBLEMS_SHOWN)]
    assert lines[MAX_PROBLEMS_SHOWN + 1:] == [f"  … and {n - MAX_PROBLEMS_SHOWN} more"]
    # the one-line message (what ``play --playset`` says) names the first ones and counts the rest
    with pytest.raises(PlaysetError) as exc:
        read_playset(path)
    message = str(exc.value)
    assert "\n" not in message and message.endswith(f"x{MAX_PROBLEMS_SHOWN - 1} (line {first + MAX_PROBLEMS_SHOWN - 1}) "
                                                    f"and {n - MAX_PROBLEMS_SHOWN} more")
