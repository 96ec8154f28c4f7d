"""Where the templates come from and how they are read: ``$SOLO_PROMPTS_DIR`` or the
repository's prompts/ (else the package's own, inside a wheel), one read per process, no
escaping, no trailing newline, and the narrator's own prompts folder."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import solo.narration.environment as T
from solo.narration import Beat, TemplateNarrator, make_environment
from solo.narration.llm import LLMNarrator
from solo.narration.environment import PROMPTS_DIR, PROMPTS_ENV, prompts_dir
from solo.narration.compose import _slots, compose, is_question


def own_prompts(tmp_path: Path, dawn: str) -> Path:
    shutil.copytree(PROMPTS_DIR / "template", tmp_path / "template")
    (tmp_path / "template" / "dawn.j2").write_text(dawn, encoding="utf-8")
    return tmp_path


def test_a_missing_override_is_named_in_the_error(tmp_path, monkeypatch):
    monkeypatch.setenv(PROMPTS_ENV, str(tmp_path / "nowhere"))
    with pytest.raises(FileNotFoundError) as err:
        prompts_dir()
    assert str(err.value) == (f"no narrator templates at {tmp_path / 'nowhere' / 'template'} (install solo "
                              f"editable, `pip install -e .`, or set SOLO_PROMPTS_DIR)")


def test_without_the_repositorys_prompts_the_packages_own_are_used(tmp_path, monkeypatch):
    """Inside a wheel the prompts travel in the package: <site>/solo/prompts."""
    monkeypatch.delenv(PROMPTS_ENV, raising=False)
    monkeypatch.setattr(T, "PROMPTS_DIR", tmp_path / "gone")
    inside = tmp_path / "site" / "solo" / "prompts"
    (inside / "template").mkdir(parents=True)
    monkeypatch.setattr(T, "__file__", str(tmp_path / "site" / "solo" / "narration" / "environment.py"))
    assert prompts_dir() == inside
    shutil.rmtree(inside)
    with pytest.raises(FileNotFoundError, match="no narrator templates at " + str(inside / "template")):
        prompts_dir()


def test_an_environment_reads_the_folder_it_is_given(tmp_path):
    env = make_environment(own_prompts(tmp_path, "§a\nThe sun is up at last."))
    assert env.get_template("template/dawn.j2").render().strip().endswith("The sun is up at last.")
    n = TemplateNarrator(1, prompts=tmp_path)
    assert n.tell(Beat("dawn", {"survivors": ["A"], "dead": []})) == "The sun is up at last."


def test_templates_are_read_once_per_process(tmp_path):
    env = make_environment(own_prompts(tmp_path, "First version of the ending."))
    assert env.get_template("template/dawn.j2").render() == "First version of the ending."
    (tmp_path / "template" / "dawn.j2").write_text("Second version, much longer than the first.", encoding="utf-8")
    assert env.get_template("template/dawn.j2").render() == "First version of the ending."


def test_templates_render_unescaped_without_a_trailing_newline(tmp_path):
    env = make_environment(own_prompts(tmp_path, "{{ name }} & co's <night>.\n"))
    assert env.get_template("template/dawn.j2").render(name="Dana & Bo's <crew>") == \
        "Dana & Bo's <crew> & co's <night>."
    n = LLMNarrator(TemplateNarrator(1), log_path=None)
    assert not n._system().endswith("\n")


def test_a_narrator_without_a_story_counts_its_texts():
    n = TemplateNarrator(1)
    for _ in range(3):
        n.tell(Beat("dawn", {"survivors": ["A"], "dead": [], "survivor_count": 1}))
    assert n.count == 3


def test_the_tidy_pass_closes_a_gap_left_by_a_stripped_escape():
    assert compose("§a\nRed \x1b[0m.", ("k",), set()) == "Red."


def test_only_closing_quotes_and_brackets_are_looked_past_for_a_question_mark():
    assert is_question("Who goes?”") and not is_question("Who goes?X")


def test_slot_names_keep_their_own_letters_and_fallbacks_are_counted_exactly():
    assert _slots("§boX\nA line.")[0][0] == "boX"
    assert _slots("Before one.\nBefore two.\n§a\nA.") == [("", "", ["Before one.", "Before two."], 2),
                                                         ("a", "", ["A."], 1)]
    assert _slots("§t\n~\nLater.") == [("t", "", ["Later."], 0)]


def test_every_helper_is_offered_to_template_writers():
    env = make_environment()
    text = env.from_string(
        "{{ 'The Jock'|role }}/{{ 'The Jock'|bare }}/{{ ['A', 'B']|names }}/{{ 2|words }}/{{ 'x y'|cap }}/"
        "{{ 'Iris'|possessive }}/{{ 'The door'|uncap }}/{{ '{{ who }} runs'|fill }}/{{ pick(['p', 'q']) }}"
    ).render(who="Dana", v=1)
    assert text == "the Jock/Jock/A and B/two/X y/Iris's/the door/Dana runs/q"
