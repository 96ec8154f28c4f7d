"""A newcomer's first hour, round four: the stumbles met, each as the player meets it."""

from __future__ import annotations

from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input

from solo.repl.app import run_interactive

from .conftest import make_shell, output
from .test_frontends import drive


def test_a_pasted_block_is_its_lines_and_its_last_line_a_command():
    """A block pasted at the prompt (bracketed paste: its line breaks arrive in one entry) whose
    last line is ``test <name>``: the story line is noted and the Test is taken. Break it
    catches: the block run as one line (the command inside a story line, no Test)."""
    sh = make_shell(seed=8)
    sh.run_line("quick")
    name = sh.night.cast[1].name
    paste = f"\x1b[200~We bar the door with a chair.\nEveryone holds their breath.\ntest {name}\x1b[201~\r"
    assert drive(sh, paste + "\x04") == 0
    night = sh.night
    said = [s.say for s in night.steps if s.say]
    assert said[:2] == ["We bar the door with a chair.", "Everyone holds their breath."], said
    assert not any("test " in s for s in said)
    assert night.game.tester == 1, output(sh)


def test_what_do_i_do_now_is_answered_about_play_and_writes_nothing():
    """"what do I do now?" typed with no speaker asks about playing: what to type next is shown
    and no step is written (it was answered inside the story: a drawn meaning kept as a fact).
    Break it catches: the line sent to the director as a question of the story."""
    sh = make_shell(seed=8)
    sh.run_line("quick")
    before = len(sh.night.steps)
    for line in ("what do I do now?", "how do i play", "ok so what should i do next", "now what?", "whose turn is it",
                 "who goes next?", "is it my turn"):
        at = len(output(sh))
        assert sh.run_line(line)
        said = output(sh)[at:]
        assert "not the story" in said and "test <name>" in said, (line, said)
    assert len(sh.night.steps) == before
    name = sh.night.cast[0].name
    assert sh.run_line(f"{name}: what do we do now?")  # a character asking: the story's question
    assert len(sh.night.steps) == before + 1 and sh.night.steps[-1].ask is not None


def test_a_sound_out_there_is_no_killer_reveal_and_its_look_waits_for_its_first_sighting():
    """Before the Killer is seen, "what's that whistling out there?" asks about a sound (a
    meaning is drawn), and "who is out there?" names the Killer without its look. Breaks it
    catches: a sound word read as asking who the Killer is (its look and legend told); the look
    told before the first sighting."""
    sh = make_shell(seed=8)
    sh.run_line("quick")
    night = sh.night
    assert not night.story.seen
    look = night.story.killer["look"]
    night.ask("whats that whistling out there?")
    told = night.steps[-1].narration[0][1]
    assert look not in told and "story goes" not in told.lower(), told
    night.ask("who is out there")
    told = night.steps[-1].narration[0][1]
    assert look not in told and "nobody has seen it yet" in told, told
    night.ask("what does the killer look like?")
    assert look in night.steps[-1].narration[0][1]  # asked for its look: the table's look


def test_teach_on_is_kept_across_quit_and_resume(tmp_path):
    """``teach on`` is written into the night's save and is on again when it is resumed; a save
    without it keeps its bytes. Break it catches: the setting left on the shell only."""
    from solo.play.saves import read_save

    sh = make_shell(seed=8)
    sh.run_line("quick")
    sh.run_line("teach on")
    sh.night.autosave(whole=True)
    path = sh.night.save_path
    assert read_save(path).teach is True
    back = make_shell()
    assert back.run_line(f"load {path}")
    assert back.teach and back.night.teach
    back.run_line("teach off")
    back.night.autosave(whole=True)
    assert '"teach"' not in path.read_text("utf-8")


def test_a_ten_on_the_main_die_says_the_zero_side_is_zero():
    """"the side that says 0 is actually a zero" (the ashcan): ``roll 10 2`` says so."""
    sh = make_shell(seed=8)
    sh.run_line("quick")
    sh.run_line(f"test {sh.night.cast[0].name}")
    sh.run_line("roll 10 2")
    assert "the side that says 0 is a zero" in output(sh)


def test_new_at_a_terminal_asks_the_set_up_questions_and_start_says_how_many():
    """``new`` typed in the REPL at a terminal asks the questions start-up asks (it printed one
    line); ``start`` says "need 4 characters", never "4–4". Break it catches: new ignoring the
    terminal's questions."""
    from .test_first_hour import scripted

    sh = make_shell()
    sh.run_line("start")
    assert "need 4 characters; 0 added" in output(sh) and "4–4" not in output(sh)
    ask, asked = scripted("playtest", "n", "21", "quick")
    sh.asker = ask
    assert sh.run_line("new")
    assert asked[0].startswith("Ruleset") and len(asked) == 4
    assert sh.night is not None and sh.night.game.rules.name == "playtest" and sh.night.seed == 21


def test_help_at_the_aptitude_question_says_what_an_aptitude_does():
    """"help" at a character's Aptitude question explains the Aptitude in the rulebook's words
    ("you can add or subtract one from your Fallout dice"), not only how the questions go."""
    from solo.repl.app import wizard

    from .test_first_hour import scripted

    sh = make_shell(seed=3)
    ask, asked = scripted("ashcan", "n", "build", "Ada", "", "help", KeyboardInterrupt)
    wizard(sh, ask)
    said = " ".join(output(sh).split())
    assert "add or subtract one from your Fallout dice" in said and asked[-1] == asked[-2]


def test_the_set_up_questions_help_quotes_the_rulebook():
    """Every quoted phrase of the character questions' help is the ashcan's own words."""
    import re

    from solo.repl.app import ABOUT_APTITUDE, ABOUT_ARCHETYPE, ABOUT_WHY

    from ..rulestexts import flat, rules_text

    book = flat(rules_text("nott-ashcan-2025.md"))
    quotes = [q for text in (ABOUT_APTITUDE, ABOUT_ARCHETYPE, ABOUT_WHY) for q in re.findall(r'"([^"]+)"', text)]
    assert len(quotes) >= 4
    for q in quotes:
        if q.startswith(("to find", "holds the")):
            continue  # examples of a why, not the rulebook's
        said = flat(q).rstrip(".").lower()
        assert said in book.lower() or said.replace(" '", ' "').replace("?'", '?"') in book.lower(), q


def test_without_cursor_position_reports_the_table_line_shows_above_the_prompt(monkeypatch):
    """PROMPT_TOOLKIT_NO_CPR=1 (a terminal that never reports where the cursor is): a bottom
    toolbar gets no row, so the table's line is drawn above the prompt. Break it catches: the
    line left as a bottom toolbar (never on screen)."""
    import io

    from prompt_toolkit.data_structures import Size
    from prompt_toolkit.output.vt100 import Vt100_Output

    monkeypatch.setenv("PROMPT_TOOLKIT_NO_CPR", "1")
    sh = make_shell(seed=8)
    sh.run_line("quick")
    screen = io.StringIO()
    out = Vt100_Output(screen, lambda: Size(24, 80), term="xterm")
    assert not out.responds_to_cpr
    with create_pipe_input() as pipe:
        pipe.send_text("status\r\x04")
        with create_app_session(input=pipe, output=out):
            assert run_interactive(sh, input=pipe, output=out) == 0
    card = sh.night.game.threat
    assert sh.toolbar().split("|")[0].strip() in screen.getvalue(), card


def test_on_a_short_terminal_a_tests_result_is_not_scrolled_away_by_the_table():
    """At 80x24 each Test's result scrolled above the 17-line table redrawn after it: on a
    screen under 40 rows the table after a Test is its one line (``table`` shows it whole);
    a tall screen still gets the whole table. Break it catches: the whole table at any height."""
    import io

    from rich.console import Console

    from solo.repl.shell import Shell

    def played(height):
        buf = io.StringIO()
        sh = Shell(Console(file=buf, width=80, height=height, force_terminal=True, color_system=None), seed=8)
        sh.run_line("quick")
        at = len(buf.getvalue())
        sh.run_line(f"test {sh.night.cast[0].name}")
        sh.run_line("roll 5 2")
        if sh.night.game.phase == "decide":
            sh.run_line("resolve")
        return buf.getvalue()[at:]

    short, tall = played(24), played(50)
    assert "Weaknesses" in tall and "╭───────╮" in tall
    assert "Weaknesses" not in short and "╭" not in short and "table shows the whole table" in short
    assert len(short.splitlines()) < 20


def test_make_plays_first_run_says_what_it_installs_and_shows_it():
    """The first ``make play`` said nothing for over a minute (pip --quiet): the runtime's install
    says what it downloads and lets pip show its progress. Break it catches: --quiet back on the
    runtime install, or the notice gone."""
    from pathlib import Path

    make = (Path(__file__).resolve().parents[2] / "Makefile").read_text(encoding="utf-8")
    recipe = make.split("$(STAMP): ", 1)[1].split("\n\n", 1)[0]
    assert "spaCy" in recipe and "MB" in recipe and "@echo" in recipe
    install = next(line for line in recipe.splitlines() if "pip install" in line and "-e ." in line)
    assert "--quiet" not in install and " -q" not in install
