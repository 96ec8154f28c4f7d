"""What ``playset check`` passes, a night plays in seconds: a playset's places, its lists of
lines, what a place owns, the threats of a suit in all and its facts have caps
(:mod:`solo.playsets.model`), each refused in one line quoting the key, its line and the cap,
without reading the entries past it. (How long a night with a playset at every cap takes is a
figure of ``make bench``: solo.bench.print_cap_playset.)"""

from __future__ import annotations

import json
import re
import tomllib

import pytest

from solo.playsets import PlaysetError, read_playset
from solo.playsets import model
from solo.playsets.model import MAX_FACTS, MAX_LINES, MAX_OWNED, MAX_PLACES, MAX_THREATS

from .test_loader_errors import GOOD


def toml(value) -> str:
    if isinstance(value, dict):
        return "{" + ", ".join(f"{json.dumps(k)} = {toml(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(toml(v) for v in value) + "]"
    return json.dumps(value)


def line_of(text: str, key: str) -> int:
    """The line of ``key`` ("dread.killer": ``killer`` under ``[dread]``) in ``text``."""
    table, _, name = key.rpartition(".")
    rows = text.splitlines()
    start = rows.index(f"[{table}]") if table else 0
    return next(i for i, t in enumerate(rows[start:], start + 1) if t.startswith((f"{name} =", f'"{name}" =')))


def write(path, data: dict) -> str:
    """``data`` as a playset file (its tables last), and its text."""
    plain = [f"{k} = {toml(v)}" for k, v in data.items() if not isinstance(v, dict)]
    tables = [f"[{k}]\n" + "".join(f"{json.dumps(kk)} = {toml(vv)}\n" for kk, vv in v.items())
              for k, v in data.items() if isinstance(v, dict)]
    text = "\n".join(plain) + "\n" + "\n".join(tables)
    path.write_text(text, encoding="utf-8")
    return text


def lines(n: int, what: str = "line") -> list[str]:
    return [f"{what} {i}" for i in range(n)]


def places(n: int, **owned) -> list:
    return [{"place": f"place {i}", **owned} if i == 0 and owned else f"p{i}" for i in range(n)]


def set_at(data: dict, key: str, value) -> dict:
    table, _, name = key.rpartition(".")
    (data[table] if table else data)[name] = value
    return data


#: (key, cap, what a list of ``n`` makes of the playset's data)
CAPPED = [
    ("locations", MAX_PLACES, lambda d, n: set_at(d, "locations", places(n))),
    ("props", MAX_LINES, lambda d, n: set_at(d, "props", lines(n, "prop"))),
    ("sounds", MAX_LINES, lambda d, n: set_at(d, "sounds", lines(n, "sound"))),
    ("tropes", MAX_LINES, lambda d, n: set_at(d, "tropes", lines(n, "trope"))),
    ("flavour.Power", MAX_LINES, lambda d, n: set_at(d, "flavour.Power", lines(n, "forcing"))),
    ("dread.killer", MAX_LINES, lambda d, n: set_at(d, "dread.killer", lines(n, "It is here"))),
    ("archetypes.Finesse", MAX_LINES, lambda d, n: set_at(d, "archetypes.Finesse", lines(n, "the Thief"))),
    ("meaning.subjects", MAX_LINES, lambda d, n: set_at(d, "meaning", {"subjects": lines(n, "a bell")})),
    ("facts", MAX_FACTS, lambda d, n: set_at(d, "facts", lines(n, "the radio is broken"))),
]
OWNED = [
    ("props", lambda n: {"props": lines(n, "a rope")}),
    ("sounds", lambda n: {"sounds": lines(n, "a creak")}),
]


@pytest.fixture
def good() -> dict:
    return tomllib.loads(GOOD)


@pytest.mark.parametrize("key, cap, make", CAPPED, ids=[c[0] for c in CAPPED])
def test_a_list_past_its_cap_is_refused_naming_the_key_its_line_and_the_cap(tmp_path, good, key, cap, make):
    path = tmp_path / "big.toml"
    text = write(path, make(good, cap + 1))
    with pytest.raises(PlaysetError) as info:
        read_playset(path)
    assert str(info.value) == (f"playset {str(path)!r}: {key} (line {line_of(text, key)}): {cap + 1:,} entries, more than a "
                               f"playset may hold ({cap})")
    write(path, make(tomllib.loads(GOOD), cap))
    read_playset(path)  # at the cap: it passes


@pytest.mark.parametrize("key, make", OWNED, ids=[o[0] for o in OWNED])
def test_what_a_place_owns_past_its_cap_is_refused(tmp_path, good, key, make):
    path = tmp_path / "big.toml"
    write(path, set_at(good, "locations", places(6, **make(MAX_OWNED + 1))))
    with pytest.raises(PlaysetError) as info:
        read_playset(path)
    assert re.fullmatch(rf"playset {re.escape(repr(str(path)))}: locations\.0\.{key} \(line \d+\): "
                        rf"{MAX_OWNED + 1} entries, more than a playset may hold \({MAX_OWNED}\)", str(info.value))
    write(path, set_at(tomllib.loads(GOOD), "locations", places(6, **make(MAX_OWNED))))
    read_playset(path)


def test_a_places_threats_past_their_cap_are_refused(tmp_path, good):
    path = tmp_path / "big.toml"
    write(path, set_at(good, "locations", places(6, threats={"Power": lines(MAX_OWNED + 1, "a fall")})))
    with pytest.raises(PlaysetError) as info:
        read_playset(path)
    assert re.fullmatch(rf"playset .*: locations\.0 \(line \d+\): threats\.Power: {MAX_OWNED + 1} threats, more than "
                        rf"a place may own \({MAX_OWNED}\)", str(info.value))


def test_a_suits_threats_in_all_past_their_cap_are_refused(tmp_path, good):
    """The setting's own and the ones its places own, together."""
    owners = min(6, MAX_THREATS // MAX_OWNED - 1)
    owned = {"threats": {"Power": lines(MAX_OWNED, "a fall")}}
    data = set_at(good, "locations", [{"place": f"place {i}", **(owned if i < owners else {})} for i in range(6)])
    set_at(data, "flavour.Power", lines(MAX_THREATS - owners * MAX_OWNED + 1, "forcing"))
    path = tmp_path / "big.toml"
    write(path, data)
    with pytest.raises(PlaysetError) as info:
        read_playset(path)
    assert re.fullmatch(rf"playset .*: flavour\.Power \(line \d+\): {MAX_THREATS + 1} Power threats with the ones the "
                        rf"locations own, more than a playset may hold \({MAX_THREATS}\)", str(info.value))
    set_at(data, "flavour.Power", lines(MAX_THREATS - owners * MAX_OWNED, "forcing"))
    write(path, data)
    read_playset(path)


def test_100000_places_are_refused_at_the_cap_without_reading_the_rest(tmp_path, good):
    """The issue: a playset of 100,000 places passed ``playset check``, then took 97 s and
    573 MB to autoplay. Now the places are read (each by ``_as_location``, then its text by
    ``_clean``) only up to the one past the cap."""
    import sys

    path = tmp_path / "huge.toml"
    write(path, set_at(good, "locations", places(100_000)))
    watched = {model._as_location.__code__: 0, model._clean.__code__: 0}

    def count(frame, event, arg):
        if event == "call" and frame.f_code in watched:
            watched[frame.f_code] += 1

    sys.setprofile(count)
    try:
        with pytest.raises(PlaysetError) as info:
            read_playset(path)
    finally:
        sys.setprofile(None)
    assert str(info.value).endswith(f": locations (line 4): 100,000 entries, more than a playset may hold ({MAX_PLACES})")
    assert watched[model._as_location.__code__] <= MAX_PLACES + 1
    assert watched[model._clean.__code__] <= MAX_PLACES + 1 + GOOD.count('"')


def test_a_playset_at_every_cap_passes_the_check(tmp_path, capsys):
    from solo.bench import cap_playset
    from solo.cli import main

    path = cap_playset(tmp_path / "caps.toml")
    playset = read_playset(path)
    assert len(playset.locations) == MAX_PLACES and len(playset.facts) == MAX_FACTS
    assert all(len(playset.threats(s)) == MAX_THREATS for s in model.SUITS)
    assert main(["playset", "check", str(path)]) == 0
    assert capsys.readouterr().out.startswith(f"{path}: OK")
