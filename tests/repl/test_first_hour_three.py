"""The first hour, round three (issue 36): help that reads whole, a tutorial true to its cast,
set-up mistakes caught early, and the small words."""

import pytest

from solo.repl.commands import _paragraphs

from .conftest import make_shell, output


# ---------------------------------------------------------------- 1. help whole, wrapped, indented

@pytest.mark.parametrize("width", [60, 80, 120])
@pytest.mark.parametrize("which", ["nott", "lucky13"])
def test_help_tells_each_summary_whole_within_the_width_indented(which, width):
    if which == "nott":
        from solo.repl.shell import registry
    else:
        from solo.repl.lucky13.keeping import registry
    lines = registry.help_lines(None, width)
    assert all(len(line) < width for line in lines), [line for line in lines if len(line) >= width]
    text = "\n".join(lines)
    flat = " ".join(text.split())
    for cmd in registry.commands.values():
        first = _paragraphs(cmd.func.__doc__)[0]
        assert first[-1] in ".)", f"{cmd.name}: its first paragraph is no whole sentence: {first!r}"
        assert first in flat, f"{cmd.name}: its summary is not told whole"
    # a wrapped summary line sits under the summaries, never at the left edge
    for line in lines[:text.count("\n", 0, text.index("Anything else"))]:
        assert line.startswith("  ") or line.endswith(":"), line


def test_help_for_one_command_tells_its_whole_docstring_wrapped():
    from solo.repl.shell import registry

    lines = registry.help_lines("give", 50)
    assert lines[0].startswith("give <Name> <thing> to <Name>")
    assert all(len(line) < 50 and line.startswith("  ") for line in lines[1:])
    assert "undo moves it back." in " ".join(" ".join(lines).split())


def test_help_in_the_shell_wraps_to_its_console():
    sh = make_shell(seed=3)
    sh.run_line("help")
    lines = output(sh).splitlines()
    give = next(k for k, line in enumerate(lines) if line.lstrip().startswith("give "))
    assert lines[give + 1].startswith(" " * 29 + "Hand a thing")
    assert "undo moves it back." in " ".join(lines[give + 1:give + 5])


# ---------------------------------------------------------------- 4. set-up mistakes caught early

def test_a_mistyped_command_before_the_night_is_named_whatever_follows_it():
    sh = make_shell(seed=3)
    assert not sh.run_line("charcter Bo, The Jock, Power, lost a bet")
    out = output(sh)
    assert "did you mean `character Bo, The Jock, Power, lost a bet`?" in out
    assert "no night under way" not in out and "say charcter" not in out
    assert not sh.run_line("I run for the car")  # story with no night: said plainly
    assert "no night under way" in output(sh)


@pytest.mark.parametrize("typed, meant", [("ashcna", "ashcan"), ("playtets", "playtest"), ("fsat", "fast")])
def test_new_names_the_word_meant(typed, meant):
    sh = make_shell()
    assert not sh.run_line(f"new {typed}")
    assert f"not {typed!r}: did you mean {meant}?" in output(sh)


@pytest.mark.parametrize("typed, meant", [("pwoer", "Power"), ("Intelect", "Intellect"), ("reslove", "Resolve"),
                                          ("Finese", "Finesse")])
def test_a_mistyped_aptitude_names_the_one_meant(typed, meant):
    sh = make_shell()
    sh.run_line("new")
    assert not sh.run_line(f"character Bo, The Jock, {typed}, lost a bet")
    assert f"{typed!r}: did you mean {meant}?" in output(sh)
    assert not sh.pending


def test_no_guess_for_a_word_like_no_aptitude():
    from solo.nott.cards import parse_suit

    with pytest.raises(ValueError) as err:
        parse_suit("xyzzy")
    assert "did you mean" not in str(err.value)


def scripted(*answers):
    asked = []
    it = iter(answers)

    def ask(question, default, options):
        asked.append(question)
        return next(it) or default

    return ask, asked


def test_the_wizard_refuses_a_name_already_in_the_cast_at_once():
    from solo.repl.app import wizard

    sh = make_shell(seed=5)
    ask, asked = scripted("", "n", "build", "Bo", "", "Power", "The Jock", "lost a bet",
                          "bo", "Cy", "", "Resolve", "The Nerd", "",
                          "Di", "", "Intellect", "", "", "Ed", "", "Finesse", "", "")
    wizard(sh, ask)
    at = asked.index("Character 2 — name")
    assert asked[at + 1] == "Character 2 — name"  # asked again at once, not after four more questions
    assert "there is already a 'bo' in the cast" in output(sh)
    assert [c.name for c in sh.night.cast] == ["Bo", "Cy", "Di", "Ed"]


def test_the_wizard_shows_its_defaults_and_new_says_a_random_seed():
    from solo.repl.app import wizard

    sh = make_shell()
    ask, asked = scripted("", "n", "", "quick")  # ruleset, fast set-up, seed, cast
    wizard(sh, ask)
    assert asked[0] == "Ruleset — ashcan or playtest (Enter: ashcan)"
    assert sh.night.game.rules.name == "ashcan"
    sh2 = make_shell()
    sh2.run_line("new")
    assert "a random seed" in output(sh2) and "seed random" not in output(sh2)


# ---------------------------------------------------------------- 5. The Final Them (ruling 43)

def test_archetypes_says_the_final_them_is_the_rulebooks_name():
    sh = make_shell()
    sh.run_line("archetypes resolve")
    assert "The Final Them is the rulebook's own name" in output(sh)
    sh2 = make_shell()
    sh2.run_line("archetypes power")
    assert "Final Them" not in output(sh2)


# ---------------------------------------------------------------- 10. the small words

def test_undo_with_nothing_played_says_so_in_the_singular():
    sh = make_shell(seed=4)
    sh.run_line("quick")
    assert not sh.run_line("undo")
    assert "cannot undo 1 step: nothing played yet" in output(sh) and "1 steps" not in output(sh)


def _to_the_end(seed):
    """A shell played by the naive policy to its last step (with a death on the way)."""
    import random

    from solo.nott import events as E
    from solo.sim.policies import get_policy, next_actions

    sh = make_shell(seed=seed)
    assert sh.run_line("quick")
    rng = random.Random(seed)
    policy = get_policy("naive")
    deaths = []
    while not sh.night.game.is_over():
        mark = len(output(sh))
        events = sh.play(next_actions(sh.night.game, policy, rng))
        if any(type(e) is E.CharacterDied for e in events) and not sh.night.game.is_over():
            deaths.append(output(sh)[mark:])
    return sh, deaths


def test_the_death_prompt_is_the_one_thing_asked_and_cast_marks_the_dead():
    sh, deaths = _to_the_end(3)
    assert deaths, "nobody died before the end: pick another seed"
    for shown in deaths:  # mid-night: the death is asked for, and nothing else after it
        last = shown.strip().splitlines()[-1]
        assert last.startswith("How does ") and "Who takes the Test?" not in shown
    g = sh.night.game
    before = len(output(sh))
    sh.run_line("")  # Enter at the last death prompt, if there is one: the night's end follows
    sh.run_line("cast")
    listed = output(sh)[before:]
    for c, dead in zip(g.cast, g.dead):
        line = next(x for x in listed.splitlines() if f". {c.name} (" in x)
        assert ("— dead (" in line) == (dead is not None), line
    assert "3 Strikes" in listed or "Red Joker" in listed


def test_keeping_a_death_then_asks_who_goes_next():
    sh2 = make_shell(seed=3)
    # replay up to the first death, then press Enter: the next prompt comes then
    import random

    from solo.nott import events as E
    from solo.sim.policies import get_policy, next_actions

    assert sh2.run_line("quick")
    rng, policy = random.Random(3), get_policy("naive")
    while not any(type(e) is E.CharacterDied for e in sh2.play(next_actions(sh2.night.game, policy, rng))):
        pass
    mark = len(output(sh2))
    assert sh2.run_line("")
    after = output(sh2)[mark:]
    assert "telling of" in after and ("Who takes the Test?" in after or sh2.night.game.is_over())


def test_at_the_end_the_death_is_asked_after_the_night_is_told_over():
    for seed in range(1, 40):
        import random

        from solo.nott import events as E
        from solo.sim.policies import get_policy, next_actions

        sh = make_shell(seed=seed)
        sh.run_line("quick")
        rng, policy = random.Random(seed), get_policy("naive")
        events = []
        while not sh.night.game.is_over():
            mark = len(output(sh))
            events = sh.play(next_actions(sh.night.game, policy, rng))
        if not sh.night.game.outcome().dawn and any(type(e) is E.CharacterDied for e in events):
            end = output(sh)[mark:]
            lines = end.strip().splitlines()
            assert "Everyone is dead" in end and lines[-1].startswith("How does ")
            assert "Type new for another night" not in end  # that comes once the death is written
            assert sh.run_line("")
            assert "Type new for another night" in output(sh)[mark + len(end):]
            return
    raise AssertionError("no night ended with everyone dead: widen the seeds")


def test_a_long_place_name_is_told_whole_only_where_a_sentence_ends():
    """The House Party's "the cul-de-sac out front, every other house dark": "when it begins"
    or "goes very quiet" never follow it; mid-sentence the place is its short name."""
    import re

    from solo.nott.rules import ASHCAN
    from solo.play.transcript import render
    from solo.playsets import load_playset
    from solo.sim.autoplay import autoplay

    playset = load_playset("house-party")
    long_names = [p.place for p in playset.locations if "," in p.place]
    assert long_names
    told = 0
    for seed in range(1, 7):
        night = autoplay(seed, ASHCAN, "careful", out=None, playset=playset)
        text = render(night, "story")
        for place in long_names:
            for m in re.finditer(re.escape(place), text):
                told += 1
                assert re.match(r"[.!?”*]|\s*$|\n", text[m.end():] or "\n"), text[m.start() - 60:m.end() + 40]
    assert told, "no long place name was told whole: pick other seeds"


def test_a_tester_the_player_named_is_never_said_to_go_unasked():
    sh, _ = _to_the_end(5)
    assert "without being asked" not in output(sh)


# ---------------------------------------------------------------- 11. resume: the night you left

def test_resume_passes_over_a_night_open_in_another_solo_and_lists_the_others(solo_home):
    import subprocess
    import sys
    import time

    from solo.repl.locking import release_lock

    paths = []
    for seed in (21, 22, 23):
        sh = make_shell(seed=seed)
        assert sh.run_line("quick") and sh.run_line(f"test {sh.night.cast[0].name}")
        paths.append(sh.night.save_path)
        release_lock(sh)
        time.sleep(0.02)  # each save newer than the last
    older, middle, newest = paths
    # another solo has the newest night open
    holder = subprocess.Popen([sys.executable, "-c",
                               "import sys, time; from solo.play.lock import SaveLock; "
                               f"assert SaveLock({str(newest)!r}).acquire(); print('held', flush=True); time.sleep(60)"],
                              stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        sh = make_shell()
        assert sh.run_line("resume")
        assert sh.night.save_path == middle  # the newest one nobody else has open
        out = output(sh)
        assert f"resumed {middle.name}" in out
        listed = out[out.index("Other unfinished nights"):]
        assert f"{newest} (open in another solo)" in listed and str(older) in listed
        assert listed.index(str(newest)) < listed.index(str(older))  # newest first
    finally:
        holder.kill()
        holder.wait()


# ---------------------------------------------------------------- 13. awards judged as a reader would

@pytest.mark.parametrize("line, trope", [
    ("I say a prayer out loud", None),
    ("I recite the Lord's prayer aloud", None),
    ("I pray aloud", None),
    ("I lift my fallen friend up", None),
    ("I lift the fallen Marty to his feet", None),
    ("I help Dana up after she fell down", None),
    ("I jump over the fallen tree", None),
    ("I read the incantation aloud", "reading the forbidden thing aloud"),
    ("I read the inscription aloud and pray it works", "reading the forbidden thing aloud"),
    ("I trip over a fallen log", "tripping while running away"),
    ("I grab the rifle and trip over the rug", "tripping while running away"),
])
def test_a_prayer_is_no_forbidden_text_and_lifting_a_friend_no_trip(line, trope):
    from solo.director.tropes import SLASHER, TemplateJudge

    verdict = TemplateJudge().judge(line, None, SLASHER)
    assert (verdict.trope if verdict else None) == trope


def test_a_cut_off_place_is_answered_by_its_short_name():
    """"Can we still get to the cul-de-sac out front?" once the Killer has cut it off: "The way
    to the cul-de-sac out front is cut off", not the place's whole description ("…, every other
    house dark") spliced before "is cut off"."""
    from solo.playsets import load_playset
    from solo.sim.autoplay import autoplay
    from solo.world.places import short_place

    playset = load_playset("house-party")
    asked: list[tuple[str, str]] = []

    def ask_when_cut(night):
        if asked or not night.story.cut or night.game.tester >= 0:
            return
        place = night.story.cut[0]
        night.ask(f"Can we still get to {short_place(place)}?")
        asked.append((place, " ".join(t for _k, t in night.steps[-1].narration)))

    autoplay(25, playset.ruleset(), "careful", out=None, playset=playset, questions=False, on_step=ask_when_cut)
    place, told = asked[0]
    assert "," in place  # a place named with a description after a comma
    assert f"The way to {short_place(place)} is cut off" in told and f"{place} is cut off" not in told, told