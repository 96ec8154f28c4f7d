"""Commands and typos are not story (issue 26, item 3): a first word one edit away from a
command, with what that command takes after it, gets "did you mean …?" and records nothing; a
stray yes or no says what to do; story that only begins like a command stays story."""

from __future__ import annotations

import string

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from solo.repl.lucky13 import registry as l13_registry
from solo.repl.shell import registry
from solo.repl.typos import MIN_COMMAND, one_edit

from .conftest import make_shell, output

WORDS = [w for w in registry.words() if len(w) >= MIN_COMMAND]
_SHELL = []


def started():
    sh = make_shell(seed=5)
    assert sh.run_line("quick")
    return sh


def shared_shell():
    if not _SHELL:
        _SHELL.append(started())
    return _SHELL[0]


def recorded(sh) -> int:
    return len(sh.night.steps)


def test_a_mistyped_command_is_refused_with_what_was_meant():
    sh = started()
    tina = sh.night.names[0]
    steps = recorded(sh)
    assert not sh.run_line(f"tset {tina}")
    assert not sh.run_line("rol")
    assert not sh.run_line("rol 5 3")
    assert recorded(sh) == steps and "noted for the transcript" not in output(sh)
    text = output(sh)
    assert f"did you mean `test {tina}`?" in text and "did you mean `roll`?" in text
    assert "did you mean `roll 5 3`?" in text


def test_story_that_begins_like_a_command_is_still_story():
    sh = started()
    steps = recorded(sh)
    for line in ("Rest here a while", "Day breaks over the lake", "Deep in the woods, an owl"):
        assert sh.run_line(line), line
    assert recorded(sh) == steps + 3
    assert sh.run_line("say tset")  # say records any text as typed
    assert sh.night.steps[-1].say == "tset"


def test_a_question_goes_to_the_director_even_when_it_begins_like_a_command():
    sh = started()
    assert sh.run_line("rol the dice now?")
    assert "did you mean" not in output(sh)


def test_a_stray_yes_or_no_says_what_to_do_and_records_nothing():
    sh = started()
    steps = recorded(sh)
    assert not sh.run_line("yes")
    assert not sh.run_line("no")
    assert recorded(sh) == steps
    assert "nothing to answer yes to" in output(sh) and "Name: no" in output(sh)
    assert sh.run_line("no way out")  # more words: what a character says
    assert recorded(sh) == steps + 1


def test_one_edit():
    assert one_edit("tset", "test") and one_edit("rol", "roll") and one_edit("rolll", "roll")
    assert one_edit("rpll", "roll") and one_edit("quick", "qick")
    assert not one_edit("roll", "roll") and not one_edit("tste", "test") and not one_edit("ro", "roll")


@st.composite
def one_edit_of_a_command(draw):
    word = draw(st.sampled_from(WORDS))
    letter = draw(st.sampled_from(string.ascii_lowercase))
    kind = draw(st.sampled_from(["insert", "delete", "substitute", "transpose"]))
    i = draw(st.integers(0, len(word) - (0 if kind == "insert" else 1 if kind != "transpose" else 2)))
    if kind == "insert":
        typo = word[:i] + letter + word[i:]
    elif kind == "delete":
        typo = word[:i] + word[i + 1:]
    elif kind == "substitute":
        typo = word[:i] + letter + word[i + 1:]
    else:
        typo = word[:i] + word[i + 1] + word[i] + word[i + 2:]
    return typo.capitalize() if draw(st.booleans()) else typo


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(typo=one_edit_of_a_command(), after=st.sampled_from(["", " {name}", " 5 3", " {name} 7 2"]))
@example(typo="cant", after=" {name}")  # "can't" and a name: read once as a question
@example(typo="may", after=" 5 3")  # an auxiliary and two numbers: once too
def test_no_command_within_one_edit_is_ever_recorded_as_a_step(typo, after):
    sh = shared_shell()
    names = [n.lower() for n in sh.night.names]
    if registry.find(typo) is not None or typo.lower() in names:
        return  # an edit that makes another command, or a character's name: not a typo
    steps = recorded(sh)
    sh.run_line(typo + after.format(name=sh.night.names[1]))
    assert recorded(sh) == steps


# ---------------------------------------------------------------- the same rule in a Lucky 13 scene

L13_WORDS = [w for w in l13_registry.words() if len(w) >= MIN_COMMAND]
_L13 = []


def l13_shell():
    if not _L13:
        import io

        from rich.console import Console

        from solo.repl.lucky13 import Lucky13Shell

        sh = Lucky13Shell(Console(file=io.StringIO(), width=200, color_system=None))
        assert sh.run_line("new seed 7 duel") and sh.run_line("character Brunella custom reflex=d8 Combat=d6")
        _L13.append(sh)
    return _L13[0]


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), after=st.sampled_from(["", " Brunella", " 5 3"]))
def test_no_lucky13_command_within_one_edit_is_ever_recorded(data, after):
    word = data.draw(st.sampled_from(L13_WORDS))
    i = data.draw(st.integers(0, len(word) - 1))
    typo = data.draw(st.sampled_from([word[:i] + word[i + 1:], word[:i] + "x" + word[i + 1:],
                                      word[:i] + "q" + word[i:]]))
    sh = l13_shell()
    if l13_registry.find(typo) is not None or typo.lower() == "brunella":
        return
    steps = len(sh.scene.steps)
    sh.run_line(typo + after)
    assert len(sh.scene.steps) == steps


def test_no_auxiliary_one_slip_from_a_command_reads_as_a_question():
    """Every auxiliary or question word one edit from a command ("cant" of cast, "may" of say,
    "have" of save), with what a command takes after it, is a slip, never a question asked."""
    from solo.director.questions import is_question
    from solo.director.words import AUX, WH

    words = [w for w in registry.words() if len(w) >= MIN_COMMAND]
    near = {(w, a) for w in words for a in {*AUX, *WH, "cant", "wont", "dont", "isnt", "didnt", "whos", "whats"}
            if one_edit(a, w) and registry.find(a) is None}
    assert ("cast", "cant") in near and ("say", "may") in near  # the measure finds them
    asked = [f"{a}{after}" for _, a in near for after in ("", " Tina", " 5 3", " Tina 7 2") if is_question(a + after)]
    assert asked == []


def test_a_mistyped_speaker_gets_did_you_mean_and_records_nothing():
    """"Alam: I light the road flare" for Alma is not the group's line: one letter off exactly one
    name in the cast (dropped, added, changed or two swapped) gets "did you mean Alma?" and
    nothing is written; a word near no name ("Note: …") is still the group's line."""
    sh = started()
    name = sh.night.cast[0].name
    swapped = name[0] + name[2] + name[1] + name[3:] if name[1] != name[2] else name + "x"
    for typo in (swapped, name[:-1] + ("q" if name[-1] != "q" else "z")):
        steps = len(sh.night.steps)
        assert sh.run_line(f"{typo}: I light the road flare.") is False
        assert len(sh.night.steps) == steps
        assert f"did you mean {name}?" in " ".join(output(sh).split())
        assert sh.run_line(f"ask {typo}: is the road still out?") is False and len(sh.night.steps) == steps
    assert sh.run_line("Note: the lights are out in the lodge.")
    assert sh.night.steps[-1].who is None and sh.night.steps[-1].say.startswith("Note:")


def test_clear_clears_the_screen_and_is_not_story():
    sh = started()
    steps = len(sh.night.steps)
    assert sh.run_line("clear")
    assert len(sh.night.steps) == steps  # not the group saying "clear"


def test_a_letter_or_two_alone_is_no_story_line():
    """'n' or 'h' typed alone (a stray answer, a slip of the keys) was written into the story:
    one line says so and nothing is written; 'say n' writes it all the same."""
    from .conftest import make_shell, output

    sh = make_shell()
    assert sh.run_line("new ashcan seed 3") and sh.run_line("quick")
    steps = len(sh.night.steps)
    for line in ("n", "h", "xy"):
        assert not sh.run_line(line)
        assert f"{line!r} is too short to be a line of the story" in output(sh)
    assert len(sh.night.steps) == steps
    assert sh.run_line("say n") and sh.night.steps[-1].say == "n"
