"""Without spaCy's English pipeline the director still understands, word by word, and says so
once; the parses it made are kept in the cache folder and read back without the pipeline."""

from __future__ import annotations

import json

import pytest

from solo import english

from . import corpus_check as C


@pytest.fixture
def no_pipeline(monkeypatch):
    """As on a machine where spaCy's English pipeline is not installed."""
    monkeypatch.setattr(english, "_tried", True)
    monkeypatch.setattr(english, "_nlp", None)
    monkeypatch.setattr(english, "_why", "spaCy's small English pipeline (en_core_web_sm) is not installed")
    monkeypatch.setattr(english, "_memo", {})
    monkeypatch.setattr(english, "_disk", {name: {} for name in english._SECTIONS})


def test_questions_are_still_answered_word_by_word(no_pipeline):
    counts, failures = C.run("tuning.txt", C.nights(), every=6)
    asked = sum(c[0] for c in counts.values())
    known = sum(c[1] for c in counts.values())
    contradictions = [f for f in failures if f[4].startswith("answered")]
    assert known / asked >= 0.9, failures[:10]
    assert len(contradictions) <= asked * 0.01
    assert not english.parse("what's Kit carrying?").parsed


def test_the_repl_says_once_that_it_reads_word_by_word(no_pipeline):
    from tests.repl.conftest import make_shell, output

    sh = make_shell(seed=13)
    assert sh.run_line("quick")
    assert sh.run_line("is everybody still with us")
    assert sh.run_line("who has the flare?")
    said = " ".join(output(sh).split())  # (the console wraps long lines)
    assert said.count("reads questions word by word (make play installs it)") == 1
    assert "All four of you are still alive" in said


def test_parses_are_kept_and_read_back_without_the_pipeline(tmp_path, monkeypatch):
    """A parse made once is in the cache file, keyed by its text, with the pipeline it came
    from; another process reads it back (here: the memory and the pipeline forgotten)."""
    monkeypatch.setenv("SOLO_HOME", str(tmp_path))
    monkeypatch.setattr(english, "_disk", None)
    monkeypatch.setattr(english, "_memo", {})
    text = "is the cellar door standing open?"
    first = english.parse(text)
    assert first.parsed
    english._write_disk()
    saved = json.loads((tmp_path / "cache" / f"english-{english.CACHE_FORMAT}.json").read_text("utf-8"))
    assert text in saved["parses"] and saved["pipeline"].count("/") == 2
    monkeypatch.setattr(english, "_disk", None)
    monkeypatch.setattr(english, "_memo", {})
    monkeypatch.setattr(english, "_nlp", None)
    monkeypatch.setattr(english, "_tried", True)  # no pipeline now: only the cache can give a parse
    again = english.parse(text)
    assert again == first and again.parsed


def test_a_damaged_cache_file_is_parsed_afresh(tmp_path, monkeypatch):
    monkeypatch.setenv("SOLO_HOME", str(tmp_path))
    (tmp_path / "cache").mkdir()
    (tmp_path / "cache" / f"english-{english.CACHE_FORMAT}.json").write_text(
        '{"pipeline": "x", "parses": {"is it?": [["is", 3, "AUX"]]}, "words": [1]}', "utf-8")
    monkeypatch.setattr(english, "_disk", None)
    monkeypatch.setattr(english, "_memo", {})
    parse = english.parse("is it?")
    assert [t.text for t in parse] == ["is", "it", "?"]
