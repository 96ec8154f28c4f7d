"""A broken playset file gets one line naming the file, the key, the line it is on (or the
nearest table above a missing key) and what is wrong, word for word (docs/playsets.md: "a
broken file gets one line naming the key and the line it is on").

Every file here is written by the test from ``GOOD`` below; the line an error should name is
found in that text by the test itself, and pydantic's own words for a broken constraint are
asked of pydantic directly, not of the loader."""

from __future__ import annotations

import errno
import os
import tomllib
from typing import Annotated

import pytest
from pydantic import Field, TypeAdapter, ValidationError

from solo.play.files import MAX_PLAYSET_BYTES
from solo.playsets import PlaysetError, read_playset

GOOD = """\
name = "ghost-ship"
title = "Ghost Ship"
premise = "A salvage crew boards a liner that went missing forty years ago."
locations = ["the bridge", "the ballroom", "the engine room", "the cargo hold", "the galley", "the crew quarters"]
props = ["a flare gun", "a fire axe", "a hand-cranked radio"]
tropes = ["splitting up", "going below deck alone", "reading the captain's log aloud"]

[killer]
name = "the Drowned Captain"
look = "a waterlogged dress uniform"
calling_card = "wet footprints that lead nowhere"

[flavour]
Power = ["forcing a rusted hatch", "holding a door against the sea", "hauling a chain"]
Resolve = ["staying in the dark hold", "not answering the voice", "waiting for the tide"]
Intellect = ["reading the old charts", "restarting the generator", "decoding the log"]
Finesse = ["crossing a flooded corridor", "climbing the rigging", "slipping past the cabins"]

[dread]
atmospheric = ["The hull groans.", "Water drips somewhere above."]
dangerous = ["Something moves in the ballast.", "The lights die deck by deck."]
deadly = ["The water is rising fast.", "A door seals behind you."]
killer = ["The Captain is aboard.", "Salt water pools at your feet."]

[archetypes]
Power = ["the Deckhand"]
Resolve = ["the Chaplain"]
Intellect = ["the Engineer"]
Finesse = ["the Stowaway"]
"""


def line_of(text: str, start: str) -> int:
    """The number (from 1) of the only line of ``text`` that begins with ``start``."""
    found = [i for i, line in enumerate(text.splitlines(), 1) if line.startswith(start)]
    assert len(found) == 1, (start, found)
    return found[0]


def pydantic_says(annotation, value) -> str:
    """What the loader says of ``value`` against one length constraint, worked out here: a
    player never reads pydantic's own wording."""
    least = next(m.min_length for f in annotation.__metadata__ for m in f.metadata if hasattr(m, "min_length"))
    if not value:
        return "it is empty"
    if isinstance(value, str):
        return f"it is too short ({len(value)} characters; at least {least})"
    return f"it has too few items ({len(value)}; at least {least})"


def refused(path) -> str:
    with pytest.raises(PlaysetError) as exc:
        read_playset(path)
    return str(exc.value)


@pytest.fixture
def write(tmp_path):
    def write(text: str | bytes, name: str = "ghost-ship.toml"):
        p = tmp_path / name
        if isinstance(text, bytes):
            p.write_bytes(text)
        else:
            p.write_text(text, encoding="utf-8")
        return p
    return write


def test_the_good_playset_here_is_good(write):
    """The base every broken file below is made from is itself accepted."""
    assert read_playset(write(GOOD)).name == "ghost-ship"


# -- files that are not read at all ----------------------------------------------------------

def test_a_folder_is_refused_as_a_playset_folder(tmp_path):
    folder = tmp_path / "night.toml"
    folder.mkdir()
    assert refused(folder) == f"playset {str(folder)!r} is a folder, not a regular file"


def test_a_file_over_the_cap_is_refused_with_its_size(write):
    text = GOOD + "# " + "x" * MAX_PLAYSET_BYTES + "\n"
    p = write(text)
    size = len(text.encode("utf-8"))
    assert refused(p) == f"playset {str(p)!r} is too large ({size:,} bytes; at most {MAX_PLAYSET_BYTES:,})"


def test_a_missing_file_names_the_path_and_the_systems_reason(tmp_path):
    p = tmp_path / "nowhere.toml"
    assert refused(p) == f"cannot read playset {str(p)!r}: {os.strerror(errno.ENOENT)}"


def test_a_file_not_in_utf8_is_named_as_such(write):
    p = write(GOOD.replace("Ghost Ship", "Le Fantôme").encode("latin-1"))
    assert refused(p) == f"playset {str(p)!r} is not UTF-8 text"


def test_invalid_toml_quotes_the_toml_readers_words(write):
    text = GOOD.replace('title = "Ghost Ship"', 'title = "Ghost Ship')
    p = write(text)
    with pytest.raises(tomllib.TOMLDecodeError) as toml:
        tomllib.loads(text)
    assert refused(p) == f"playset {str(p)!r} is not valid TOML: {toml.value}"


def test_a_value_nested_too_deeply_is_one_line_not_a_crash(write):
    p = write(GOOD + "[rules]\nbase = " + "[" * 5000 + "]" * 5000 + "\n")
    assert refused(p) == f"playset {str(p)!r} is nested too deeply"


# -- keys that are wrong, with the line they are on -------------------------------------------

def test_an_unknown_top_level_key_is_named_with_its_line(write):
    text = GOOD.replace('tropes = [', 'colour = "grey"\ntropes = [')
    p = write(text)
    assert refused(p) == f"playset {str(p)!r}: colour (line {line_of(text, 'colour =')}): unknown key"


def test_an_unknown_table_is_named_at_its_header(write):
    text = GOOD + '\n[SFX]\nscream = "a gull, or not a gull"\n'
    p = write(text)
    assert refused(p) == f"playset {str(p)!r}: SFX (line {line_of(text, '[SFX]')}): unknown key"


def test_an_unknown_subtable_is_named_at_its_own_header_not_its_parents(write):
    text = GOOD.replace('\n[flavour]', '\n[killer.alias]\nfirst = "Captain Hale"\n\n[flavour]')
    p = write(text)
    assert refused(p) == (f"playset {str(p)!r}: killer.alias (line {line_of(text, '[killer.alias]')}): "
                          "unknown key")


def test_a_key_in_a_quoted_table_header_is_found(write):
    text = GOOD.replace("[killer]", '["killer"]').replace('calling_card = "wet footprints that lead nowhere"',
                                                          'calling_card = ""')
    p = write(text)
    msg = pydantic_says(Annotated[str, Field(min_length=1)], "")
    assert refused(p) == (f"playset {str(p)!r}: killer.calling_card (line {line_of(text, 'calling_card =')}): "
                          f"{msg}")


def test_a_capitalised_key_is_found_in_its_own_table(write):
    """Flavour's Power has two lines where three are needed: the line named is flavour's
    ``Power =``, not the table's header nor archetypes' ``Power =`` further down."""
    old = 'Power = ["forcing a rusted hatch", "holding a door against the sea", "hauling a chain"]'
    new = 'Power = ["forcing a rusted hatch", "hauling a chain"]'
    text = GOOD.replace(old, new)
    p = write(text)
    msg = "too few Power threats (2, with the ones the locations own; at least 3)"
    assert refused(p) == f"playset {str(p)!r}: flavour.Power (line {line_of(text, new)}): {msg}"


def test_a_short_premise_is_named_with_pydantics_reason(write):
    text = GOOD.replace('premise = "A salvage crew boards a liner that went missing forty years ago."',
                        'premise = "A ship."')
    p = write(text)
    msg = pydantic_says(Annotated[str, Field(min_length=20)], "A ship.")
    assert refused(p) == f"playset {str(p)!r}: premise (line {line_of(text, 'premise =')}): {msg}"


def test_a_missing_key_in_a_table_names_the_tables_header(write):
    text = GOOD.replace('look = "a waterlogged dress uniform"\n', "")
    p = write(text)
    assert refused(p) == f"playset {str(p)!r}: killer.look (line {line_of(text, '[killer]')}): missing"


def test_a_missing_top_level_key_has_no_line_to_name(write):
    """Nothing above a missing top-level key holds it: the error names no line at all."""
    text = GOOD.replace('title = "Ghost Ship"\n', "")
    p = write(text)
    assert refused(p) == f"playset {str(p)!r}: title: missing"


# -- several problems: the first, and how many more --------------------------------------------

def test_two_problems_name_the_first_and_count_one_more(write):
    text = GOOD.replace('title = "Ghost Ship"\n', "").replace(
        'premise = "A salvage crew boards a liner that went missing forty years ago."', 'premise = "A ship."')
    p = write(text)
    assert refused(p) == f"playset {str(p)!r}: title: missing; 1 more problem"


def test_a_file_with_only_a_name_counts_every_missing_table_and_list(write):
    """docs/playsets.md: besides ``name``, nine keys are required (title, premise, killer,
    locations, props, tropes, flavour, dread, archetypes); the first is named, eight more counted."""
    p = write('name = "ghost-ship"\n')
    assert refused(p) == f"playset {str(p)!r}: title: missing; 8 more problems"


# -- what is inside a multi-line string is text, not keys or tables ----------------------------

SHORT_LOCATIONS = ('locations = ["the bridge", "the ballroom", "the engine room", "the cargo hold", "the galley", '
                   '"the crew quarters"]', 'locations = ["the bridge", "the ballroom", "the engine room"]')


def too_few(n: int, least: int) -> str:
    """Pydantic's words for a list of ``n`` items where ``least`` are needed."""
    return pydantic_says(Annotated[list[str], Field(min_length=least)], ["x"] * n)


def test_a_bracketed_line_in_a_multi_line_premise_is_not_a_table(write):
    """A stage direction such as ``[static]`` inside the premise does not make the keys after
    the premise look as if they were in a table called static."""
    premise = 'premise = """The tape starts mid-sentence.\n[static]\nA salvage crew boards a lost liner."""'
    text = GOOD.replace('premise = "A salvage crew boards a liner that went missing forty years ago."', premise)
    text = text.replace(*SHORT_LOCATIONS)
    p = write(text)
    assert refused(p) == (f"playset {str(p)!r}: locations (line {line_of(text, 'locations =')}): "
                          f"{too_few(3, 6)}")


def test_a_key_like_line_in_a_multi_line_literal_string_is_not_the_key(write):
    """Nor is a line in a literal (single-quoted) one, which the other quotes do not close."""
    premise = ('premise = \'\'\'A salvage crew boards a lost liner. The log reads """\n'
               'locations = unknown"""\n\'\'\'')
    text = GOOD.replace('premise = "A salvage crew boards a liner that went missing forty years ago."', premise)
    text = text.replace(*SHORT_LOCATIONS)
    p = write(text)
    assert refused(p) == (f"playset {str(p)!r}: locations (line {line_of(text, 'locations = [')}): "
                          f"{too_few(3, 6)}")


def test_a_multi_line_string_closed_on_its_own_line_hides_nothing_after_it(write):
    premise = 'premise = """A salvage crew boards a liner that went missing forty years ago."""'
    text = GOOD.replace('premise = "A salvage crew boards a liner that went missing forty years ago."', premise)
    text = text.replace(*SHORT_LOCATIONS)
    p = write(text)
    assert refused(p) == (f"playset {str(p)!r}: locations (line {line_of(text, 'locations =')}): "
                          f"{too_few(3, 6)}")


def test_a_line_closing_one_multi_line_string_and_opening_the_next_stays_inside(write):
    '''Dread's killer lines as two multi-line strings over five lines: the second line closes the
    first string and opens the second, so the ``[archetypes]`` and ``Power =`` after it are
    text, and the real table's ``Power =`` is named.'''
    dread = 'killer = ["The Captain is aboard.", "Salt water pools at your feet."]'
    strings = 'killer = ["""The Captain\nis aboard.""", """\n[archetypes]\nPower = the sea itself\n"""]'
    text = GOOD.replace(dread, strings).replace('Power = ["the Deckhand"]', "Power = []")
    p = write(text)
    assert refused(p) == (f"playset {str(p)!r}: archetypes.Power (line {line_of(text, 'Power = []')}): "
                          f"{too_few(0, 1)}")


def test_a_string_in_a_multi_line_list_is_not_a_key_even_if_it_reads_like_one(write):
    """A trope written ``"killer = ..."`` on its own line of the list is a string, not a key:
    a missing key of the killer is still placed at the ``[killer]`` table."""
    text = GOOD.replace('tropes = ["splitting up", "going below deck alone", "reading the captain\'s log aloud"]',
                        'tropes = [\n  "splitting up",\n  "killer = dead, so nobody checks the body",\n'
                        '  "reading the captain\'s log aloud",\n]')
    text = text.replace('look = "a waterlogged dress uniform"\n', "")
    p = write(text)
    assert refused(p) == f"playset {str(p)!r}: killer.look (line {line_of(text, '[killer]')}): missing"


def test_a_quoted_key_is_found_like_a_bare_one(write):
    text = GOOD.replace('calling_card = "wet footprints that lead nowhere"', '"calling_card" = ""')
    p = write(text)
    msg = pydantic_says(Annotated[str, Field(min_length=1)], "")
    line = line_of(text, '"calling_card" =')
    assert refused(p) == f"playset {str(p)!r}: killer.calling_card (line {line}): {msg}"


# ---------------------------------------------------------------------- locations that own things

TABLES = """
[[locations]]
place = "the engine room, hot and roaring"
indoors = true
props = ["a wrench as long as your arm"]
sounds = ["The pistons miss a beat."]
[locations.threats]
Power = ["a boiler valve rusted open"]

[[locations]]
place = "the open deck"
sounds = ["A gull screams overhead."]
"""


def with_tables(text: str) -> str:
    """GOOD with its places written as [[locations]] tables (two of them owning things)."""
    plain = ('locations = ["the bridge", "the ballroom", "the engine room", "the cargo hold", "the galley", '
             '"the crew quarters"]')
    head = "".join(f'\n[[locations]]\nplace = "{p}"\n' for p in ("the bridge", "the ballroom", "the cargo hold",
                                                                  "the galley", "the crew quarters"))
    return text.replace(plain + "\n", "") + head + TABLES


def test_locations_written_as_tables_own_their_props_sounds_and_threats(write):
    ps = read_playset(write(with_tables(GOOD)))
    setting = ps.setting()
    assert setting["locations"][-2:] == ["the engine room, hot and roaring", "the open deck"]
    assert setting["props"] == ["a flare gun", "a fire axe", "a hand-cranked radio", "a wrench as long as your arm"]
    engine = setting["places"]["the engine room, hot and roaring"]
    assert engine["indoors"] is True and engine["sounds"] == ["The pistons miss a beat."]
    assert engine["threats"]["Power"] == ["a boiler valve rusted open"] and engine["threats"]["Finesse"] == []
    assert setting["places"]["the bridge"] == {"indoors": False, "props": [], "sounds": [],
                                                "threats": {s: [] for s in ("Power", "Resolve", "Intellect",
                                                                            "Finesse")}}
    assert setting["flavour"]["Power"] == ["forcing a rusted hatch", "holding a door against the sea",
                                           "hauling a chain"]  # the located threat is not told anywhere


def test_an_unknown_key_in_a_location_is_named_with_its_line(write):
    text = with_tables(GOOD).replace('sounds = ["A gull screams overhead."]', 'sound = ["A gull screams overhead."]')
    p = write(text)
    assert refused(p) == f"playset {str(p)!r}: locations.6.sound (line {line_of(text, 'sound =')}): unknown key"


def test_a_threat_a_location_owns_counts_toward_its_suits_three(write):
    """Flavour's Power has two lines; the engine room owns a third: enough."""
    text = with_tables(GOOD).replace('"holding a door against the sea", ', "")
    assert len(read_playset(write(text)).threats("Power")) == 3


def test_two_locations_with_one_place_are_refused(write):
    text = with_tables(GOOD).replace('place = "the open deck"', 'place = "the bridge"')
    p = write(text)
    first = text.splitlines().index("[[locations]]") + 1  # the key's first table
    assert refused(p) == f"playset {str(p)!r}: locations (line {first}): two locations are 'the bridge'"
