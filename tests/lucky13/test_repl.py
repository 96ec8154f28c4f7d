"""The Lucky 13 shell, driven through run_line and run_batch exactly as typed."""

from __future__ import annotations

import io
import random
import re

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from rich.console import Console

from solo.lucky13 import Ability, parse_pool, pool_odds, reach_probability
from solo.lucky13.checks import Mode
from solo.lucky13.saves import read_scene_save
from solo.repl.app import ShellCompleter, run_batch
from solo.repl.lucky13 import Lucky13Completer, Lucky13Shell, play, registry, run_lucky13_interactive
from solo.repl.shell import Quit


@pytest.fixture(autouse=True)
def solo_home(tmp_path, monkeypatch):
    monkeypatch.setenv("SOLO_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def make_shell(**kw) -> Lucky13Shell:
    buf = io.StringIO()
    sh = Lucky13Shell(Console(file=buf, width=200, color_system=None, highlight=False), **kw)
    sh.buf = buf
    return sh


def output(sh) -> str:
    return sh.buf.getvalue()


def errors(sh) -> list[str]:
    return [line for line in output(sh).splitlines() if line.startswith("error:")]


def run(sh, *lines):
    return [sh.run_line(line) for line in lines]


SETUP = [
    "new seed 7 Brunella's duel",
    "character Brunella custom reflex=d8 Combat=d6 weapon=Broadsword:d8:d10",
    "character Casimir custom reflex=d6 pulse=d8 Combat=d10 armor=Chainmail:d6",
]

#: Brunella vs Casimir with typed dice: the rulebook's round, then a second that drops him,
#: then he bleeds out. Rolling order: attacker (Reflex, Combat, Accuracy), defender (Reflex,
#: Combat, armor), damage.
ENCOUNTER = SETUP + [
    "initiative 6 3",
    "Brunella: I raise the broadsword and charge",
    "attack Brunella Casimir 4 5 7 2 6 4 6",
    "attack Casimir Brunella d6/d4 1 2 3 5 4",
    "attack Brunella Casimir broadsword 7 5 7 2 3 2 9",
    "damage Casimir bleed 7",
    "award Brunella 12 for the duel",
    "advance Brunella spec Broadsword in Combat",
    "end",
]


# ---------------------------------------------------------------------- whole encounters, batch mode

def test_batch_encounter_brunella_vs_casimir_to_the_end():
    sh = make_shell()
    assert run_batch(sh, [line + "\n" for line in ENCOUNTER]) == 0
    sc = sh.scene
    cas, bru = sc.characters["Casimir"], sc.characters["Brunella"]
    assert cas.health.dead and cas.health.hp == -8
    assert bru.health.hp == 20 and bru.adventure_points == 8 and bru.specialization("Broadsword").level == 1
    assert sc.finished and read_scene_save(sc.save_path).finished
    text = sc.transcript.path.read_text(encoding="utf-8")
    assert "# Lucky 13 — Brunella's duel" in text
    assert "**Brunella:** “I raise the broadsword and charge”" in text
    assert ("*⚙ Brunella: Reflex d8 4 + Combat d6 5 + Broadsword d8 7 = 16 vs Casimir: Reflex d6 2 + "
            "Combat d10 6 + Chainmail d6 4 = 12 → hit by 4 · damage: Broadsword d10 6 + 4 = 10 · "
            "Casimir 30 → 20 hp, Pulse d8 → d6*") in text
    assert ("Casimir: Reflex d6 1 (implodes) + Combat d10 2 + weapon d6 3 = 6 vs Brunella: Reflex d8 5 + "
            "Combat d6 4 = 9 → miss") in text
    assert "Casimir 20 → -1 hp, Pulse d6 → none — dying (death at -8)" in text
    assert "7 minutes bleeding: Casimir -1 → -8 hp — dead (death at -8)" in text
    assert "| Casimir | -8/30 | none (full d8) | 0 | +0 | dead |" in text
    assert "- Attacks: 3 (2 hits, 31 damage)" in text
    kinds = [line for line in text.splitlines() if line.startswith("> ")]
    assert len(kinds) >= 7  # opening, hit, wound, miss, dilemma, hit, dying, death
    out = output(sh)
    assert "Traceback" not in out and not errors(sh)


def test_batch_knuckles_and_big_tuna_at_the_door():
    sh = make_shell(seed=3)
    lines = ["character Knuckles custom pulse=d8 Fighting=d10",
             "character Big Tuna custom pulse=d8 Fighting=d10",
             "Knuckles: I throw my weight against the door",
             "contest Knuckles pulse fighting vs Big Tuna pulse fighting a+1 4 5 5 7",
             "contest Knuckles pulse fighting vs big tuna pulse fighting a+1 4 5 2 7",
             "end"]
    assert run_batch(sh, lines, echo=False) == 0
    out = output(sh)
    assert "Knuckles: Pulse d8 4 + Fighting d10 5 = 9 vs Big Tuna: Pulse d10 5 + Fighting d10 7 = 12 → " \
           "Big Tuna wins by 3" in out
    assert "= 9 → a draw fails the side acting: Big Tuna prevails" in out
    text = sh.scene.transcript.path.read_text(encoding="utf-8")
    assert "### Contest — Knuckles vs Big Tuna" in text and "## Totals" in text


def test_batch_exit_code_is_one_when_a_line_fails_and_quit_stops():
    sh = make_shell(seed=1)
    assert run_batch(sh, ["new", "check Nobody will none easy", "quit", "new"], echo=False) == 1
    assert len(errors(sh)) == 1 and output(sh).count("A new scene") == 1


def test_play_entry_point_in_batch_mode():
    buf = io.StringIO()
    code = play(seed=5, lines=["new", "character Hrothgar balanced pulse=d10 Fighting=pulse",
                               "check Hrothgar pulse fighting hard", "end"],
                console=Console(file=buf, width=120, color_system=None))
    assert code == 0 and "Check — Hrothgar: Pulse + Fighting vs Difficult (d8)" in buf.getvalue()
    assert "seed 5" in buf.getvalue()


# ---------------------------------------------------------------------- commands

def test_check_like_the_brief_and_typed_or_queued_dice():
    sh = make_shell(seed=11)
    assert all(run(sh, "new", "character Hrothgar balanced pulse=d10 reflex=d8 Fighting=pulse Sneaking=d6 "
                              "spec=Fighting:Broadsword"))
    assert sh.run_line("check Hrothgar pulse fighting hard")
    assert "Pulse + Fighting vs Difficult (d8)" in output(sh)
    assert sh.run_line("check hroth pul fig moderate 5 3 9")
    assert "Pulse d10 5 + Fighting d10 3 + Moderate d10 9 = 17 ≥ 13: success" in output(sh)
    assert sh.run_line("dice 2 2")
    assert "dice 2 2" in sh.toolbar()
    assert sh.run_line("check Hrothgar pulse broadsword heroic 4 4")  # no difficulty die: two dice
    assert "Fighting/Broadsword 1 d12 4" in output(sh)
    assert sh.queued == [2, 2]  # trailing dice win over the queue
    assert sh.run_line("check Hrothgar will none easy")
    assert sh.queued == [] and "Will d6 2 + Easy d12 2 = 4 < 13: failure" in output(sh)
    assert sh.run_line("dice 1 1 1") and sh.run_line("dice clear") and sh.queued == []


def test_every_bad_input_is_one_error_line_and_changes_nothing():
    sh = make_shell(seed=2)
    run(sh, *SETUP)
    key = sh.scene.state_key()
    steps = len(sh.scene.steps)
    bad = ["check", "check Nobody pulse none easy", "check Brunella", "check Brunella luck combat easy",
           "check Brunella reflex juggling easy", "check Brunella reflex combat tricky",
           "check Brunella reflex combat easy 1", "check Brunella reflex combat easy 1 2 3 4 5",
           "check Brunella reflex combat easy wings", "check Brunella reflex combat easy spec=Nope",
           "check Brunella reflex combat easy a+99", "contest Brunella reflex combat",
           "contest Brunella reflex combat vs Brunella reflex combat", "attack Casimir Brunella",
           "attack Brunella", "attack Brunella Nobody", "attack Brunella Casimir spoon",
           "attack Brunella Brunella", "damage Casimir", "damage Casimir -3", "damage Casimir bleed 3",
           "heal Brunella 5", "heal Casimir stabilise", "heal Casimir rest x", "initiative Nobody",
           "initiative join Casimir", "initiative show", "initiative end", "award Brunella", "award Brunella x",
           "advance Brunella reflex", "advance Brunella spec", "advance Brunella spec Lunge in Juggling",
           "reputation Brunella +x", "mode wild", "mode cinematic", "undo 99", "undo x", "log x", "log 0",
           "rules zzzz", "help nonsense", "odds", "odds d7", "odds d10 d8 d6 target 0", "odds Brunella reflex",
           "dice x", "load /nonexistent/file.json", "character", "character Bob", "character Bob weird",
           "character Brunella custom", "character Bob custom luck", "character Bob balanced pulse=d12",
           "character Bob custom Skill=d7", "character 7 custom", "weapon Brunella Dagger d5 d4",
           "armor Casimir none none", "sheet Nobody", "say", "new seed x"]
    for line in bad:
        assert sh.run_line(line) is False, line
        assert sh.scene.state_key() == key, line
    assert len(sh.scene.steps) == steps
    assert len(errors(sh)) == len(bad)
    assert "Traceback" not in output(sh)


def test_errors_before_any_scene():
    sh = make_shell()
    for line in ("check A pulse none easy", "I open the door", "undo", "sheet", "log", "save", "end"):
        assert sh.run_line(line) is False, line
    assert all(e.startswith("error: no scene under way") for e in errors(sh))
    assert sh.run_line("odds d10 d8 d6") and sh.run_line("rules") and sh.run_line("help")


def test_garbage_lines_never_break_the_shell():
    sh = make_shell(seed=77)
    run(sh, *SETUP)
    rng = random.Random(1313)
    words = registry.words() + ["Brunella", "Casimir", "vs", "pulse", "reflex", "combat", "hard", "none"]
    alphabet = "abcxyz 0123456789-+=:/,.'\"\\#!?\t♠é"
    for _ in range(300):
        if rng.random() < 0.6:
            line = rng.choice(words) + " " + " ".join(
                rng.choice(words + ["9", "0", "-1", "+1", "5", "13", "a+1", "x", "", "d8", "d6/d4", "adv",
                                    "spec=x", "bleed", "rest", "stabilise"])
                for _ in range(rng.randrange(6)))
        else:
            line = "".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 40)))
        if line.split() and line.split()[0] in ("load", "save", "quit", "exit", "new"):
            line = line.split()[0] if line.split()[0] not in ("quit", "exit") else "help"
        sh.run_line(line)  # must not raise
    out = output(sh)
    assert "Traceback" not in out and "internal error" not in out
    assert sh.scene is not None


def test_undo_through_the_shell_is_exact():
    sh = make_shell(seed=21)
    run(sh, *SETUP)
    key = sh.scene.state_key()
    assert all(run(sh, "initiative", "attack Brunella Casimir", "I feint", "attack Brunella Casimir",
                   "check Brunella will none easy", "mode gritty", "award Brunella 30", "advance Brunella will"))
    after = sh.scene.state_key()
    n = len(sh.scene.steps) - 2
    assert sh.run_line(f"undo {n}")
    assert sh.scene.state_key() == key
    assert "undone: attack" in output(sh)
    # the same commands roll the same dice again
    assert all(run(sh, "initiative", "attack Brunella Casimir", "I feint", "attack Brunella Casimir",
                   "check Brunella will none easy", "mode gritty", "award Brunella 30", "advance Brunella will"))
    assert sh.scene.state_key() == after


def test_free_text_is_the_characters_action():
    sh = make_shell(seed=6)
    run(sh, *SETUP)
    assert sh.run_line("check Brunella reflex combat moderate")
    assert sh.run_line("I look for an opening")
    assert sh.run_line("Casimir: You will not pass!")
    assert sh.run_line("say Brunella: Then I go around.")
    save = read_scene_save(sh.scene.save_path)
    says = [(s.args["text"], s.args["who"]) for s in save.steps if s.kind == "say"]
    assert says == [("I look for an opening", None), ("You will not pass!", "Casimir"),
                    ("Then I go around.", "Brunella")]
    text = sh.scene.transcript.path.read_text(encoding="utf-8")
    assert "**Brunella:** “I look for an opening”" in text and "**Casimir:** “You will not pass!”" in text
    assert sh.scene.pending_say == "Then I go around."
    sh.run_line("attack Brunella Casimir")
    assert sh.scene.pending_say is None
    assert sh.run_line("I \x1b[31msing\x07 \u202eloudly")  # terminal controls never reach the transcript
    assert sh.scene.steps[-1].args["text"] == "I sing loudly"  # cleaned as it is read: the save holds none
    assert sh.scene.transcript.path.read_text(encoding="utf-8").rstrip().endswith("“I sing loudly”")


def test_odds_prints_the_exact_figures():
    sh = make_shell()
    assert sh.run_line("odds d10 d8 d6")
    out = output(sh)
    pool = parse_pool("d10 d8 d6")
    plain, boom = reach_probability(pool), reach_probability(pool, exploding=True)
    grit = pool_odds(pool, mode=Mode.GRITTY).success
    dilemma = pool_odds(pool).dilemma

    def shown(label, p):
        return re.search(rf"^  {re.escape(label)}\s+{float(p) * 100:.2f}%\s+\({p}\)$", out, re.M)

    assert shown("without exploding dice:", plain) and shown("with exploding dice (cinematic):", boom)
    assert shown("gritty (Ability explodes once):", grit) and shown("a dilemma (a die shows 1):", dilemma)
    assert "59.17%  (71/120)" in out and "62.95%  (1813/2880)" in out
    assert sh.run_line("odds d12+d4 none d4 target 20 adv")
    assert "advantage" in output(sh)


def test_odds_for_a_characters_check():
    sh = make_shell(seed=4)
    run(sh, "new", "character Hrothgar balanced pulse=d10 Fighting=pulse spec=Fighting:Broadsword")
    assert sh.run_line("odds Hrothgar pulse broadsword hard")
    expected = reach_probability(parse_pool("d10 d12 d8"), exploding=True)
    assert f"({expected})" in output(sh) and "Fighting d12" in output(sh)


def test_health_advancement_reputation_and_sheets():
    sh = make_shell(seed=9)
    run(sh, *SETUP)
    assert all(run(sh, "damage Casimir 12", "heal Casimir 2", "damage Casimir 25", "heal Casimir stabilise",
                   "heal Casimir 10", "heal Casimir rest 30", "award Brunella 40", "advance Brunella reflex",
                   "advance Brunella spec Combat:Lunge", "advance Brunella spec lunge", "reputation Brunella +7",
                   "reputation Brunella", "sheet", "sheet Brunella", "log 3", "mode plain", "mode"))
    sc = sh.scene
    assert sc.characters["Casimir"].health.hp == 7  # 30 -12 +2 -25 = -5, stabilised, +10, +2 resting
    bru = sc.characters["Brunella"]
    assert str(bru.abilities[Ability.REFLEX]) == "d10"
    assert bru.specialization("Lunge").level == 2 and bru.adventure_points == 0
    assert bru.reputation == 5
    out = output(sh)
    assert "Reputation +0 → +5 (Reputation runs from -5 to +5)" in out
    assert "Brunella — unhurt" in out and "Specializations: Lunge (Combat) level 2" in out
    assert "mode: plain" in out


def test_initiative_join_show_and_end():
    sh = make_shell(seed=12)
    run(sh, *SETUP)
    assert sh.run_line("initiative Brunella 5")
    assert sh.run_line("initiative join Casimir 6")
    assert sh.scene.initiative.order == ("Casimir", "Brunella")
    assert sh.run_line("initiative show") and "Casimir 6, Brunella 5" in output(sh)
    assert sh.run_line("initiative end") and sh.scene.initiative is None
    assert sh.run_line("initiative roll-off 3 3 2 5")  # a tie, settled by a roll-off, not by Reflex
    assert sh.scene.initiative.order == ("Casimir", "Brunella")
    assert "roll-off Brunella 2, Casimir 5" in output(sh)
    assert sh.run_line("undo") and sh.run_line("initiative 3 3")  # the default: the higher Reflex first
    assert sh.scene.initiative.order == ("Brunella", "Casimir")


def test_help_is_generated_from_the_registry():
    sh = make_shell()
    sh.run_line("help")
    text = output(sh)
    for name in ("new", "character", "sheet", "check", "contest", "attack", "damage", "heal", "initiative",
                 "advance", "reputation", "mode", "odds", "dice", "undo", "log", "rules", "save", "help", "quit"):
        assert name in registry.commands
        assert re.search(rf"^  {name}\b", text, re.M), name
    sh.run_line("help check")
    assert "check Hrothgar pulse fighting hard" in output(sh)


def test_rules_reference():
    sh = make_shell()
    assert sh.run_line("rules combat")
    assert "Reflex + Combat + Weapon Accuracy" in output(sh)
    assert sh.run_line("rules explode") and "dilemma" in output(sh)


def test_damaged_save_is_refused_through_load_and_kept():
    sh = make_shell(seed=5)
    run(sh, *SETUP, "attack Brunella Casimir")
    path = sh.scene.save_path
    bad = path.read_bytes()[:-40]
    path.write_bytes(bad)
    sh2 = make_shell()
    assert sh2.run_line(f"load {path}") is False
    assert len(errors(sh2)) == 1 and str(path) in errors(sh2)[0]
    assert path.read_bytes() == bad and sh2.scene is None
    assert sh2.run_line("resume") is False  # the only save is damaged: nothing to resume
    assert path.read_bytes() == bad


def test_resume_after_a_crash_restores_the_exact_state():
    sh = make_shell(seed=31)
    run(sh, *SETUP, "initiative", "attack Brunella Casimir", "I press on")
    key, steps = sh.scene.state_key(), len(sh.scene.steps)
    del sh
    sh2 = make_shell()
    assert sh2.run_line("resume")
    assert sh2.scene.state_key() == key and len(sh2.scene.steps) == steps
    assert "Resumed:" in output(sh2)
    assert sh2.run_line("attack Brunella Casimir")
    assert "*(the scene resumes)*" in sh2.scene.transcript.path.read_text(encoding="utf-8")


def test_save_a_copy_and_load_it(tmp_path):
    sh = make_shell(seed=8)
    run(sh, *SETUP, "check Brunella reflex combat hard")
    copy = tmp_path / "copy.json"
    assert sh.run_line(f"save {copy}") and sh.run_line("save")
    sh2 = make_shell()
    assert sh2.run_line(f"load {copy}")
    assert sh2.scene.state_key() == sh.scene.state_key()


def test_quit_raises_quit_for_the_front_ends():
    sh = make_shell()
    with pytest.raises(Quit):
        sh.run_line("quit")


# ---------------------------------------------------------------------- completion and the interactive front end

def completions(sh, text, completer=None):
    comp = completer or Lucky13Completer(sh)
    return [c.text for c in comp.get_completions(Document(text), CompleteEvent())]


def test_completion_of_commands_names_abilities_skills_difficulties():
    sh = make_shell(seed=3)
    run(sh, *SETUP)
    assert completions(sh, "ch") == ["char", "character", "check"]
    assert completions(sh, "check Br") == ["Brunella"]
    assert completions(sh, "check Brunella re") == ["reflex"]
    assert completions(sh, "check Brunella reflex co") == ["combat"]
    assert completions(sh, "check Brunella reflex combat ha") == ["hard"]
    assert "extraordinary" in completions(sh, "check Brunella reflex combat ")
    assert completions(sh, "attack Brunella Casimir b") == ["Broadsword"]
    assert completions(sh, "contest Brunella reflex combat vs Ca") == ["Casimir"]
    assert completions(sh, "mode g") == ["gritty"]
    assert completions(sh, "rules comb") == ["combat"]
    assert completions(sh, "heal Casimir s") == ["stabilise"]
    # the shared NotT completer asks the shell for the first argument
    assert completions(sh, "sheet Ca", ShellCompleter(sh)) == ["Casimir"]
    assert completions(sh, "mode p", ShellCompleter(sh)) == ["plain"]


def test_interactive_front_end_through_a_pipe():
    sh = make_shell(seed=14)
    text = "".join(line + "\r" for line in SETUP) + "nonsense\r" + "attack Brunella Casimir\r" + "\x04"
    with create_pipe_input() as pipe:
        pipe.send_text(text)
        with create_app_session(input=pipe, output=DummyOutput()):
            assert run_lucky13_interactive(sh, input=pipe, output=DummyOutput()) == 0
    out = output(sh)
    assert "Attack — Brunella on Casimir" in out and "Saved to" in out
    assert sh.scene.save_path.exists()


def test_solo_play_system_lucky13_in_batch_mode(tmp_path):
    import os
    import subprocess
    import sys

    env = dict(os.environ, SOLO_HOME=str(tmp_path), PYTHONIOENCODING="utf-8")
    script = "\n".join(ENCOUNTER) + "\n"
    proc = subprocess.run([sys.executable, "-m", "solo", "play", "--system", "lucky13"], input=script, text=True,
                          capture_output=True, env=env, timeout=120)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    assert "l13›" in proc.stdout and "Traceback" not in proc.stderr
    assert list((tmp_path / "transcripts").glob("lucky13-*.md"))
