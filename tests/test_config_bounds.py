"""config.toml is read within bounds, by one reader (:mod:`solo.config`) for ``[llm]`` and
``[safety]``: too large is refused before a byte is read, too deep or too many entries after
parsing, never a traceback; each fault is one notice naming the file, and play goes on with
the defaults. ``[safety]``'s refused topics are said a few at a time, with a count."""

from __future__ import annotations

import itertools
import os
import threading

import pytest

from solo import config
from solo.config import MAX_CONFIG_BYTES, MAX_CONFIG_DEPTH, MAX_CONFIG_ENTRIES, MAX_CONFIG_LINE
from solo.director.safety import MAX_TOPIC_NOTICES, MAX_TOPICS, read_config
from solo.narration.llm import load_config

DEFAULTS = "not read, solo goes on with the defaults"


@pytest.fixture
def cfg(tmp_path, monkeypatch):
    path = tmp_path / "config.toml"
    monkeypatch.setenv("SOLO_CONFIG", str(path))
    return path


@pytest.fixture
def reads(monkeypatch):
    """The bytes read from files, call by call (every read of the config goes through os.read)."""
    got: list[int] = []
    real = os.read

    def counted(fd, n):
        data = real(fd, n)
        got.append(len(data))
        return data

    monkeypatch.setattr(os, "read", counted)
    return got


def words(n: int) -> list[str]:
    """``n`` different words a topic may be (three letters each)."""
    return ["".join(w) for w in itertools.islice(itertools.product("bcdfghjklmnp", repeat=3), n)]


def toml_list(items) -> str:
    return "[\n" + "".join(f'  "{w}",\n' for w in items) + "]"


def test_a_config_of_a_gibibyte_is_refused_before_a_byte_of_it_is_read(cfg, reads):
    """The issue: 1 GiB was read whole (2.1 GB of memory)."""
    with open(cfg, "wb") as fh:
        fh.truncate(1 << 30)  # sparse: costs no disk
    notices: list[str] = []
    assert read_config(notices.append) == read_config()
    assert load_config() == {}
    assert notices == [f"config.toml {str(cfg)!r} is too large ({1 << 30:,} bytes; at most {MAX_CONFIG_BYTES:,}): "
                       f"{DEFAULTS}"]
    assert sum(reads) == 0


def test_a_config_that_grows_while_read_costs_at_most_the_cap_and_one_byte(cfg, reads, monkeypatch):
    cfg.write_bytes(b"#" * (MAX_CONFIG_BYTES + 4096))
    real_stat = os.stat
    monkeypatch.setattr(os, "stat", lambda p, *a, **k: os.stat_result((real_stat(p).st_mode,) + (0,) * 9))
    notices: list[str] = []
    assert not read_config(notices.append)
    assert sum(reads) <= MAX_CONFIG_BYTES + 1
    assert len(notices) == 1 and notices[0].startswith(f"config.toml {str(cfg)!r} is too large")


def test_a_config_at_the_cap_is_read(cfg):
    head = '[safety]\nlines = ["blood"]\n'
    filler = ("#" * 79 + "\n") * MAX_CONFIG_BYTES
    cfg.write_text((head + filler)[:MAX_CONFIG_BYTES - 1] + "\n", encoding="utf-8")
    assert cfg.stat().st_size == MAX_CONFIG_BYTES
    notices: list[str] = []
    assert read_config(notices.append).lines == ("blood",) and notices == []


@pytest.mark.parametrize("text", [
    "[safety]\nlines = " + "[\n" * 5000 + "]\n" * 5000,  # the issue's depth: a RecursionError, and play never began
    "[llm]\nmodel = " + "{a=" * 900 + "1" + "}" * 900 + "\n",  # the parser's own RecursionError
    "a" + ".a" * 1900 + " = 1\n",  # dotted keys nest without any bracket
    "[" + "t." * (MAX_CONFIG_DEPTH - 1) + "t]\nx = 1\n",  # one deeper than the cap
], ids=["arrays", "inline-tables", "dotted-keys", "cap+1"])
def test_a_config_nested_too_deep_is_one_notice_and_the_defaults(cfg, text):
    cfg.write_text(text, encoding="utf-8")
    notices: list[str] = []
    assert not read_config(notices.append)
    assert load_config() == {}
    assert notices == [f"config.toml {str(cfg)!r} is nested more than {MAX_CONFIG_DEPTH} deep: {DEFAULTS}"]


def test_a_line_too_long_is_refused_before_it_is_parsed(cfg, monkeypatch):
    """A key of thousands of dotted parts costs the parser the square of them (32,000 in
    64 KB: some 20 s): such a line is never parsed."""
    import tomllib

    def never(text):
        raise AssertionError("parsed")

    cfg.write_text("[llm]\nmodel = \"m\"\n" + "a" + ".a" * (MAX_CONFIG_LINE // 2) + " = 1\n", encoding="utf-8")
    monkeypatch.setattr(tomllib, "loads", never)
    notices: list[str] = []
    assert not read_config(notices.append)
    assert notices == [f"config.toml {str(cfg)!r} has a line longer than {MAX_CONFIG_LINE:,} characters (line 3): "
                       f"{DEFAULTS}"]


def test_the_issues_config_nested_five_thousand_deep_on_one_line_is_one_notice(cfg):
    cfg.write_text("[safety]\nlines = " + "[" * 5000 + "]" * 5000 + "\n", encoding="utf-8")
    notices: list[str] = []
    assert not read_config(notices.append) and load_config() == {}
    assert len(notices) == 1 and notices[0].startswith(f"config.toml {str(cfg)!r} has a line longer than")


def test_a_config_nested_to_the_cap_is_read(cfg):
    cfg.write_text("[" + "t." * (MAX_CONFIG_DEPTH - 2) + "t]\nx = 1\n[llm]\nmodel = \"m\"\n", encoding="utf-8")
    assert load_config() == {"model": "m"}


def test_a_config_of_too_many_entries_is_one_notice(cfg):
    cfg.write_text("[llm]\nmodel = \"m\"\n[other]\nx = [" + "1," * MAX_CONFIG_ENTRIES + "]\n", encoding="utf-8")
    assert cfg.stat().st_size <= MAX_CONFIG_BYTES
    notices: list[str] = []
    assert not read_config(notices.append)
    assert notices == [f"config.toml {str(cfg)!r} holds more than {MAX_CONFIG_ENTRIES:,} entries: {DEFAULTS}"]
    cfg.write_text("[llm]\nmodel = \"m\"\n[other]\nx = [" + "1," * (MAX_CONFIG_ENTRIES - 4) + "]\n",
                   encoding="utf-8")
    assert load_config() == {"model": "m"}


@pytest.mark.parametrize("raw, says", [
    (b"\xff\xfe[llm]\n", "is not UTF-8 text"),
    (b"[llm\nmodel = ", "is not valid TOML (Expected ']'"),
    (b'[llm]\nmodel = "m\n', "is not valid TOML ("),
])
def test_a_config_that_is_no_toml_is_one_notice_naming_it(cfg, raw, says):
    cfg.write_bytes(raw)
    notices: list[str] = []
    assert not read_config(notices.append)
    assert len(notices) == 1 and notices[0].startswith(f"config.toml {str(cfg)!r} {says}")
    assert notices[0].endswith(DEFAULTS) and "\n" not in notices[0]


def test_a_pipe_for_a_config_is_refused_without_waiting_on_it(cfg):
    os.mkfifo(cfg)
    notices: list[str] = []
    reader = threading.Thread(target=lambda: read_config(notices.append), daemon=True)
    reader.start()
    reader.join(60)  # a hang guard only: a reader that opened the pipe would wait for ever
    assert not reader.is_alive()
    assert notices == [f"config.toml {str(cfg)!r} is a named pipe, not a file: {DEFAULTS}"]


def test_no_config_is_no_notice(cfg, capsys):
    notices: list[str] = []
    assert not read_config(notices.append) and load_config() == {}
    assert notices == [] and capsys.readouterr().err == ""


def test_the_narrator_reads_llm_through_the_same_reader_and_says_a_fault_once(cfg, capsys):
    """``[llm]`` (its deadlines too) comes through :func:`solo.config.table`: a fault is said
    on stderr by a reader without a notice of its own, once however often it reads."""
    from solo.narration.deadlines import Deadlines, read_deadlines

    cfg.write_text("[llm]\nstall = 3\nmodel = " + "[" * 1500 + "]" * 1500 + "\n", encoding="utf-8")
    assert load_config() == {} and load_config() == {}
    assert read_deadlines(load_config()) == Deadlines()
    err = capsys.readouterr().err
    assert err == f"solo: config.toml {str(cfg)!r} is nested more than {MAX_CONFIG_DEPTH} deep: {DEFAULTS}\n"
    cfg.write_text("[llm]\nstall = 3\n", encoding="utf-8")
    assert read_deadlines(load_config()).stall == 3.0


def test_a_fault_told_by_the_safety_reader_is_not_said_again_by_the_narrator(cfg, capsys):
    cfg.write_text("[safety\n", encoding="utf-8")
    notices: list[str] = []
    read_config(notices.append)
    assert len(notices) == 1 and load_config() == {}
    assert capsys.readouterr().err == ""


def test_a_table_that_is_no_table_is_one_notice(cfg):
    cfg.write_text('llm = 5\nsafety = "blood"\n', encoding="utf-8")
    notices: list[str] = []
    assert not read_config(notices.append)
    assert notices == [f"config.toml {str(cfg)!r}: [safety] is not a table; its defaults are used"]
    assert config.table("llm", notices.append) == {}


# ---------------------------------------------------------------------- [safety]: notices collapsed

def test_a_thousand_refused_topics_are_a_few_notices_and_a_count(cfg):
    """The issue: 10,000 ``[safety]`` lines printed 10,000 notices."""
    bad = [f"x{i}" for i in range(MAX_CONFIG_ENTRIES - 10)]  # no word: each refused with its own reason
    cfg.write_text(f"[safety]\nlines = {toml_list(bad)}\n", encoding="utf-8")
    notices: list[str] = []
    assert not read_config(notices.append)
    assert len(notices) == MAX_TOPIC_NOTICES + 1
    assert all("not 'x" in n for n in notices[:-1])
    assert notices[-1] == f"config.toml: [safety]: and {len(bad) - MAX_TOPIC_NOTICES:,} more topics left out"


def test_topics_past_the_room_of_a_night_are_one_notice_with_their_count(cfg):
    many = words(MAX_CONFIG_ENTRIES - 10)
    cfg.write_text(f"[safety]\nveils = [\"spiders\"]\nlines = {toml_list(many)}\n", encoding="utf-8")
    notices: list[str] = []
    s = read_config(notices.append)
    assert s.veils == ("spiders",) and s.lines == tuple(many[:MAX_TOPICS - 1])
    left = len(many) - (MAX_TOPICS - 1)
    assert notices == [f"config.toml: [safety] lines: a night holds at most {MAX_TOPICS} lines and veils; drop one "
                       f"first ({left:,} topics left out)"]


def test_a_few_refused_topics_are_each_said(cfg):
    cfg.write_text('[safety]\nlines = ["blood", "the", "a"]\nveils = 5\n', encoding="utf-8")
    notices: list[str] = []
    assert read_config(notices.append).lines == ("blood",)
    assert len(notices) == 3 and "veils is a list of topics" in notices[0]
    assert "'the' is too plain" in notices[1] and "not 'a'" in notices[2]


# ---------------------------------------------------------------------- play goes on

def test_a_night_is_played_with_a_config_nested_five_thousand_deep(cfg, tmp_path, capsys):
    """The issue: the RecursionError's traceback, and no night."""
    from solo.cli import main

    cfg.write_text("[safety]\nlines = " + "[\n" * 5000 + "]\n" * 5000, encoding="utf-8")
    out = tmp_path / "night.md"
    assert main(["autoplay", "--seed", "9", "--out", str(out)]) == 0
    err = capsys.readouterr().err
    assert "Traceback" not in err and out.stat().st_size > 0
    assert err.count(f"is nested more than {MAX_CONFIG_DEPTH} deep") == 1
