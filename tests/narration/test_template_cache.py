"""Templates are compiled once and kept in the cache folder (``$SOLO_HOME/cache/templates``):
a later process reads the compiled code instead of compiling again, a changed template is
compiled afresh, and a cache folder that cannot be used never stops a night."""

from __future__ import annotations

import shutil
from pathlib import Path

import jinja2
import pytest

from solo.narration import Beat, TemplateNarrator, make_environment
from solo.narration.environment import PROMPTS_DIR
from solo.paths import cache_dir

DAWN = {"survivors": ["A"], "dead": [], "survivor_count": 1}


@pytest.fixture
def prompts(tmp_path: Path) -> Path:
    shutil.copytree(PROMPTS_DIR / "template", tmp_path / "prompts" / "template")
    return tmp_path / "prompts"


@pytest.fixture
def compiles(monkeypatch) -> list[str]:
    """The names of the templates Jinja2 compiles from source, as it compiles them."""
    seen: list[str] = []
    real = jinja2.Environment.compile

    def compile_(self, source, name=None, filename=None, raw=False, defer_init=False):
        seen.append(name)
        return real(self, source, name, filename, raw, defer_init)

    monkeypatch.setattr(jinja2.Environment, "compile", compile_)
    return seen


def dawn(prompts: Path) -> str:
    return make_environment(prompts).get_template("template/dawn.j2").render(v=0, **DAWN)


def test_the_cache_lives_under_solo_home(tmp_path, monkeypatch):
    monkeypatch.setenv("SOLO_HOME", str(tmp_path / "home"))
    assert cache_dir() == tmp_path / "home" / "cache"


def test_a_second_environment_reads_the_compiled_template_instead_of_compiling(prompts, compiles):
    first = dawn(prompts)
    assert compiles.count("template/dawn.j2") == 1
    assert list((cache_dir() / "templates").glob("solo-*.cache"))
    assert dawn(prompts) == first  # a new environment, as in a new process
    assert compiles.count("template/dawn.j2") == 1


def test_a_changed_template_is_compiled_again_and_told_as_changed(prompts, compiles):
    dawn(prompts)
    (prompts / "template" / "dawn.j2").write_text("§a\nThe sun is up, changed.", encoding="utf-8")
    assert dawn(prompts).strip() == "§a\nThe sun is up, changed."
    assert compiles.count("template/dawn.j2") == 2
    (prompts / "template" / "dawn.j2").write_text("§a\nChanged once more.", encoding="utf-8")
    assert TemplateNarrator(1, prompts=prompts).tell(Beat("dawn", DAWN)) == "Changed once more."


def test_templates_with_the_same_name_in_two_folders_are_kept_apart(tmp_path, compiles):
    for name, text in (("one", "§a\nFrom the first folder."), ("two", "§a\nFrom the second folder.")):
        (tmp_path / name / "template").mkdir(parents=True)
        (tmp_path / name / "template" / "dawn.j2").write_text(text, encoding="utf-8")
    for _ in range(2):
        assert dawn(tmp_path / "one").endswith("From the first folder.")
        assert dawn(tmp_path / "two").endswith("From the second folder.")


def test_a_cache_folder_that_cannot_be_made_leaves_play_as_it_was(prompts, compiles):
    cache_dir().mkdir(parents=True, exist_ok=True)
    (cache_dir() / "templates").write_text("a file where the folder should be")
    assert dawn(prompts) == dawn(prompts)
    assert compiles.count("template/dawn.j2") == 2  # nothing kept: compiled in each environment


def test_a_cache_folder_gone_while_playing_leaves_play_as_it_was(prompts, compiles):
    env = make_environment(prompts)
    shutil.rmtree(cache_dir() / "templates")  # nowhere to write the compiled template
    assert env.get_template("template/dawn.j2").render(v=0, **DAWN) == \
        make_environment(prompts, cache=False).get_template("template/dawn.j2").render(v=0, **DAWN)


def test_a_damaged_cache_file_is_compiled_again(prompts, compiles):
    first = dawn(prompts)
    for f in (cache_dir() / "templates").glob("solo-*.cache"):
        f.write_bytes(f.read_bytes()[:40])  # cut short, as by a full disc
    assert dawn(prompts) == first
    assert compiles.count("template/dawn.j2") == 2
    for f in (cache_dir() / "templates").glob("solo-*.cache"):
        f.write_bytes(b"\x00garbage")
    assert dawn(prompts) == first


def test_a_cache_folder_others_can_write_is_not_used(prompts, compiles):
    """Compiled code is run as it is read: a folder another user could write to is left alone."""
    (cache_dir() / "templates").mkdir(parents=True)
    (cache_dir() / "templates").chmod(0o777)
    assert dawn(prompts) == dawn(prompts)
    assert compiles.count("template/dawn.j2") == 2
    assert not list((cache_dir() / "templates").glob("solo-*.cache"))


def test_a_part_is_compiled_once_and_read_back_by_a_later_process(prompts, monkeypatch):
    """A part (a small template inside a template's data, rendered by ``fill``) is kept in the
    cache as the templates are: a new environment, as in a new process, tells it the same without
    compiling it again; a changed part is compiled afresh."""
    sources: list[str] = []
    real = jinja2.Environment.compile

    def compile_(self, source, *args, **kw):
        sources.append(source)
        return real(self, source, *args, **kw)

    monkeypatch.setattr(jinja2.Environment, "compile", compile_)

    def told(part: str) -> str:
        return make_environment(prompts).from_string("{{ part|fill }}").render(part=part, name="Ann", place="barn")

    part = "{{ name }} runs for the {{ place }}."
    assert told(part) == told(part) == "Ann runs for the barn."
    assert sources.count(part) == 1
    assert told(part.replace("runs", "crawls")) == "Ann crawls for the barn."


def test_cache_files_are_kept_apart_per_python(prompts, monkeypatch):
    """Code compiled by one Python is not the form another reads: each keeps its own files,
    so two Pythons sharing a cache folder never compile over each other's."""
    import sys as _sys

    dawn(prompts)
    before = {f.name for f in (cache_dir() / "templates").glob("solo-*.cache")}
    monkeypatch.setattr(_sys, "version_info", (3, 99, 0, "final", 0))
    dawn(prompts)
    after = {f.name for f in (cache_dir() / "templates").glob("solo-*.cache")}
    assert before < after
