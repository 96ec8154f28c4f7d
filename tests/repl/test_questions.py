"""At the table: a typed question goes to the director, who answers at once, in the REPL and in
the transcript; ``ask`` states odds; ``recap`` and resuming say what happened before."""

from __future__ import annotations

from solo.play.saves import read_save

from .conftest import make_shell, output


def started(seed=13, **kw):
    sh = make_shell(seed=seed, **kw)
    assert sh.run_line("quick")
    return sh


def new_output(sh, since: int) -> str:
    return output(sh)[since:]


def test_a_typed_question_is_answered_not_noted():
    sh = started()
    seen = len(output(sh))
    assert sh.run_line("Is the cellar door locked?")
    said = new_output(sh, seen)
    assert "noted" not in said
    answer = sh.night.steps[-1].narration[0][1]
    assert answer.startswith(("Yes", "No")) and answer in said
    assert "oracle: even, dread 1: rolled" in said
    transcript = sh.night.transcript.path.read_text(encoding="utf-8")
    assert f"**The group:** \u201cIs the cellar door locked?\u201d\n\n> {answer}\n" in transcript


def test_a_named_question_is_that_characters():
    sh = started()
    name = sh.night.names[1]
    assert sh.run_line(f"{name}: is anyone there?")
    step = sh.night.steps[-1]
    assert (step.who, step.say, step.ask) == (1, "is anyone there?", "")
    assert f"**{name}:** \u201cis anyone there?\u201d" in sh.night.transcript.path.read_text(encoding="utf-8")


def test_ask_states_the_odds_and_a_speaker():
    sh = started()
    name = sh.night.names[2]
    assert sh.run_line(f"ask likely: {name}: is the truck still there?")
    step = sh.night.steps[-1]
    assert (step.who, step.say, step.ask) == (2, "is the truck still there?", "likely")
    assert "oracle: likely, dread 1" in output(sh)
    assert read_save(sh.night.save_path).steps[-1].ask == "likely"


def test_a_state_question_is_answered_from_the_table():
    sh = started()
    seen = len(output(sh))
    assert sh.run_line("How many of us are left?")
    names = sh.night.names
    said = new_output(sh, seen)
    assert f"All four of you are still alive: {names[0]}, {names[1]}, {names[2]} and {names[3]}." in said
    assert "answered from the table, no roll" in said


def test_asking_again_gives_the_same_answer_and_undo_takes_a_question_back():
    sh = started()
    assert sh.run_line("Is the boathouse locked?")
    first = sh.night.steps[-1].narration[0][1]
    assert sh.run_line("ask is the boathouse locked")
    assert sh.night.steps[-1].narration[0][1] == first
    assert "already answered tonight, no new roll" in output(sh)
    steps = len(sh.night.steps)
    assert sh.run_line("undo")
    assert len(sh.night.steps) == steps - 1
    assert "undone: the question 'is the boathouse locked'" in output(sh)
    assert len(read_save(sh.night.save_path).steps) == steps - 1


def test_the_dead_ask_nothing_and_an_empty_ask_is_refused():
    sh = started()
    sh.night.game.dead[0] = "strikes"
    name = sh.night.names[0]
    assert not sh.run_line(f"{name}: is anyone there?")
    assert not sh.run_line(f"ask {name}: is anyone there?")
    assert not sh.run_line("ask")
    errors = [line for line in output(sh).splitlines() if line.startswith("error:")]
    assert errors[:2] == [f"error: {name} is dead and says nothing more", f"error: {name} is dead and asks nothing more"]
    assert errors[2].startswith("error: ask what?")


def test_recap_and_a_resumed_night_begin_with_previously(solo_home):
    sh = started(seed=21)
    for line in ("test 1", "roll", "resolve", "test 2", "roll", "resolve"):
        sh.run_line(line)
    seen = len(output(sh))
    assert sh.run_line("recap")
    lines = [ln for ln in new_output(sh, seen).splitlines() if ln.strip()]
    assert lines[0].startswith("Previously: 2 Tests into the night at ") and len(lines) <= 5
    again = make_shell()
    assert again.run_line("resume")
    text = output(again)
    resumed = text.index("Resumed:")
    assert text.index("Previously: 2 Tests into the night", resumed) > resumed


def test_the_log_shows_who_asked():
    sh = started()
    name = sh.night.names[0]
    assert sh.run_line(f"{name}: where are we?")
    assert sh.run_line("log 1")
    assert f"{name} asks \u201cwhere are we?\u201d" in output(sh)


def test_the_readmes_exchange_is_what_the_director_answers():
    """The README's "Asking the director" block, played: each question, the same answer."""
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    block = readme.split("### Asking the director", 1)[1].split("```text\n", 1)[1].split("\n```", 1)[0]
    lines = block.splitlines()
    assert lines[0] == "$ solo play --seed 13" and lines[1] == "nott› quick"
    sh = make_shell(seed=13)
    for k, line in enumerate(lines):
        if not line.startswith("nott› "):
            continue
        seen = len(output(sh))
        assert sh.run_line(line[len("nott› "):])
        if line == "nott› quick":
            continue
        shown = [x.strip() for x in new_output(sh, seen).splitlines()]
        answer, how = lines[k + 1], lines[k + 2].strip()
        assert shown[:2] == [answer, how], (line, shown[:2])
