"""``solo sim`` run in this process (one worker, small runs): its JSON against nights counted
one by one, its one-line errors and notes word for word, the rules it was asked for, the
worker count it uses, its printed report and its progress bar."""

from __future__ import annotations

import json
import sys

import pytest

from solo.cli import main
from solo.nott.cards import RED_JOKER
from solo.nott.rules import ASHCAN
from solo.sim import cli as simcli
from solo.sim import fast
from solo.sim.policies import get_policy
from solo.sim.run import SIM_CAST, game_seed, play_one
from solo.sim.stream import night_seed

from .differential import core_trace

needs_fast = pytest.mark.skipif(not fast.available(), reason="the fast engine is not built here")
NOT_BUILT = "the fast engine is not built here (no C compiler at install time)"
ASHCAN_KNOBS = {"trophy_start": "ten", "reserve_fallback": True, "face_modifiers": [1, 2, 3], "genre_points": 13,
                "strikes_to_die": 3, "fast_setup": False}


def sim(capsys, *args: str) -> tuple[int, str, str]:
    code = main(["sim", *args])
    out, err = capsys.readouterr()
    return code, out, err


def sim_json(capsys, *args: str) -> dict:
    code, out, err = sim(capsys, *args, "--json")
    assert code == 0 and err == "", err
    return json.loads(out)


def counted(n: int, policy: str, seed: int) -> dict:
    """Dawns (the Red Joker beaten), survivors and Tests counted from the core's Games one by one."""
    wins, alive, tests = 0, [0, 0, 0, 0], 0
    for i in range(n):
        g = play_one(ASHCAN, get_policy(policy), game_seed(seed, i))
        wins += any(j == RED_JOKER and ok for j, ok in g.joker_log)
        alive = [a + (d is None) for a, d in zip(alive, g.dead)]
        tests += g.tests
    return {"wins": wins, "alive": alive, "tests": tests}


def test_sim_json_counts_the_core_engines_nights(capsys):
    data = sim_json(capsys, "--games", "120", "--seed", "3", "--policy", "naive", "--engine", "core",
                    "--workers", "1")
    want = counted(120, "naive", 3)
    assert data["games"] == 120 and data["win_rate"] == want["wins"] / 120
    assert data["jokers"]["red_joker_dawn"] == want["wins"]
    assert data["survival_by_character"] == {c.name: a / 120 for c, a in zip(SIM_CAST, want["alive"])}
    assert data["mean_tests"] == want["tests"] / 120
    assert (data["rules"], data["policy"], data["seed"], data["workers"], data["engine"]) == (
        "ashcan", "naive", 3, 1, "core")
    assert data["playset"] is None and data["overrides"] == [] and data["ruleset"] == ASHCAN_KNOBS
    assert data["changes"] == {}  # the rulebook's rules: nothing named as changed
    assert data["seconds"] >= 0 and (data["games_per_second"] is None or data["games_per_second"] > 0)


@needs_fast
def test_sim_json_counts_the_fast_engines_nights(capsys):
    """The fast engine's nights, as the core plays them on the same chance stream."""
    data = sim_json(capsys, "--games", "80", "--seed", "4", "--policy", "careful", "--engine", "fast",
                    "--workers", "1")
    wins = alive = 0
    for i in range(80):
        last = core_trace(night_seed(4, i), ASHCAN, "careful", SIM_CAST)[-1]
        wins += bool(last[-1])
        alive += sum(d == 0 for d in last[9])
    assert data["engine"] == "fast" and data["games"] == 80
    assert data["win_rate"] == wins / 80
    assert data["survival_rate"] == pytest.approx(alive / 320, abs=1e-12)


@pytest.mark.parametrize("games", ["0", "-5"])
def test_sim_refuses_fewer_than_one_game_in_one_line(capsys, games):
    assert sim(capsys, "--games", games, "--json") == (2, "", f"solo: --games must be at least 1, got {games}\n")


def test_sim_without_the_fast_engine_says_so_in_one_line_and_plays_the_core(capsys, no_fast_engine):
    code, out, err = sim(capsys, "--games", "40", "--workers", "1", "--json")
    assert code == 0 and err == f"solo: {NOT_BUILT}; simulating with the core rules engine\n"
    assert json.loads(out)["engine"] == "core"


def test_sim_asked_for_the_fast_engine_where_there_is_none_refuses_in_one_line(capsys, no_fast_engine):
    assert sim(capsys, "--games", "40", "--engine", "fast", "--json") == (2, "", f"solo: {NOT_BUILT}\n")


def test_sim_says_nothing_on_stderr_when_it_plays_what_was_asked(capsys):
    code, _, err = sim(capsys, "--games", "20", "--engine", "core", "--workers", "1", "--json")
    assert code == 0 and err == ""


def test_sim_plays_the_rules_it_was_asked_for(capsys):
    data = sim_json(capsys, "--games", "20", "--engine", "core", "--workers", "1", "--rules", "playtest")
    assert data["rules"] == "playtest"
    assert data["ruleset"] == dict(ASHCAN_KNOBS, trophy_start="empty", reserve_fallback=False)


def test_sim_fast_setup_is_named_in_the_rules(capsys):
    data = sim_json(capsys, "--games", "20", "--engine", "core", "--workers", "1", "--fast-setup")
    assert data["rules"] == "ashcan (fast setup)" and data["ruleset"] == dict(ASHCAN_KNOBS, fast_setup=True)


def test_sim_what_ifs_are_played_and_listed(capsys):
    data = sim_json(capsys, "--games", "20", "--engine", "core", "--workers", "1", "--set", "genre_points=5",
                    "--set", "strikes_to_die=4", "--fast-setup")
    assert data["overrides"] == ["genre_points=5", "strikes_to_die=4"]
    assert data["ruleset"] == dict(ASHCAN_KNOBS, genre_points=5, strikes_to_die=4, fast_setup=True)
    assert data["rules"] == "ashcan (fast setup)" and data["playset"] is None


def test_sim_what_ifs_change_the_nights(capsys):
    """No Genre Points: the careful policy spends none."""
    data = sim_json(capsys, "--games", "30", "--engine", "core", "--workers", "1", "--set", "genre_points=0")
    assert data["mean_genre_points_spent"] == 0
    assert sim_json(capsys, "--games", "30", "--engine", "core", "--workers", "1")["mean_genre_points_spent"] > 0


def test_sim_names_the_playset_it_plays(capsys):
    data = sim_json(capsys, "--games", "20", "--engine", "core", "--workers", "1", "--playset", "cabin-in-the-woods")
    assert data["playset"] == "cabin-in-the-woods" and data["rules"] == "ashcan"
    assert data["ruleset"] == ASHCAN_KNOBS


def test_sim_playset_what_ifs_apply_on_top_of_it(capsys):
    data = sim_json(capsys, "--games", "20", "--engine", "core", "--workers", "1", "--playset", "house-party",
                    "--set", "genre_points=2")
    assert data["playset"] == "house-party" and data["ruleset"]["genre_points"] == 2


def test_sim_bad_playset_is_one_line(capsys):
    code, out, err = sim(capsys, "--games", "20", "--workers", "1", "--playset", "no-such-playset")
    assert code == 2 and out == "" and err.startswith("solo: no playset called 'no-such-playset'")
    assert err.count("\n") == 1


def test_sim_bad_what_if_is_one_line(capsys):
    code, out, err = sim(capsys, "--games", "20", "--workers", "1", "--set", "warp_speed=9")
    assert code == 2 and out == "" and "warp_speed" in err and err.count("\n") == 1


@pytest.mark.parametrize("games,workers,want", [("300", "4", 1), ("501", "4", 2), ("1001", "2", 2)])
def test_sim_never_uses_more_workers_than_chunks_of_core_nights(capsys, monkeypatch, games, workers, want):
    """500 core nights a chunk: 300 nights are one chunk, 501 two."""
    seen = {}

    def tally_games(games, rules, policy, seed, workers, engine, progress=None):
        seen.update(games=games, workers=workers, engine=engine)
        from solo.sim.run import GameRecord
        from solo.sim.tally import from_records

        return from_records([GameRecord(True, (True,) * 4, 50, 40, (0,) * 4, 0, 0, 0, (0, 0), 0)] * games)

    monkeypatch.setattr("solo.sim.run.tally_games", tally_games)
    data = sim_json(capsys, "--games", games, "--engine", "core", "--workers", workers)
    assert data["workers"] == want and seen == {"games": int(games), "workers": want, "engine": "core"}


@needs_fast
@pytest.mark.parametrize("games,want", [("20000", 1), ("20001", 2), ("60000", 3)])
def test_sim_never_uses_more_workers_than_chunks_of_fast_nights(capsys, monkeypatch, games, want):
    """20,000 fast nights a chunk; with no --workers, every core (three here)."""
    seen = {}

    def tally_games(games, rules, policy, seed, workers, engine, progress=None):
        seen["workers"] = workers
        return fast.tally(rules, policy, seed, 0, 10, SIM_CAST)

    monkeypatch.setattr("solo.sim.run.tally_games", tally_games)
    monkeypatch.setattr("os.cpu_count", lambda: 3)
    data = sim_json(capsys, "--games", games, "--engine", "fast")
    assert data["workers"] == want == seen["workers"]


def test_sim_uses_one_worker_where_the_cores_are_unknown(capsys, monkeypatch):
    monkeypatch.setattr("os.cpu_count", lambda: None)
    assert sim_json(capsys, "--games", "501", "--engine", "core", "--policy", "naive")["workers"] == 1


def test_sim_prints_the_report_without_json(capsys):
    code, out, err = sim(capsys, "--games", "40", "--seed", "2", "--engine", "core", "--workers", "1",
                         "--policy", "spread")
    assert code == 0 and err == ""
    text = [" ".join(line.split()) for line in out.splitlines()]
    assert "40 nights · ashcan rules · spread policy · seed 2" in text
    assert any(line.startswith("Speed ") and line.endswith("games/s with 1 worker(s), core engine") for line in text)
    assert "The rulebook's claims" in text
    assert not out.lstrip().startswith("{")


def test_sim_report_figures_are_not_coloured(capsys, monkeypatch):
    """Forced colours colour nothing but the report's own styles: no highlighting of numbers."""
    monkeypatch.setenv("FORCE_COLOR", "1")
    monkeypatch.delenv("NO_COLOR", raising=False)
    code, out, _ = sim(capsys, "--games", "20", "--engine", "core", "--workers", "1")
    assert code == 0 and "\x1b[1m" in out  # colours on: the labels are bold
    assert "\x1b[1;36m" not in out and "\x1b[32m" not in out  # rich's highlighter: numbers, strings


def test_no_progress_bar_off_a_terminal():
    assert simcli._progress_bar(10, "simulating") == (None, None)


def test_progress_bar_on_a_terminal_counts_to_its_total(monkeypatch):
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True, raising=False)
    bar, advance = simcli._progress_bar(10, "simulating")
    (task,) = bar.tasks
    assert task.description == "simulating" and task.total == 10 and task.completed == 0
    advance(4)
    advance(6)
    assert bar.tasks[0].completed == 10 and bar.tasks[0].finished


def test_sim_on_a_terminal_shows_progress_to_the_end_and_reports_on_stdout(capsys, monkeypatch):
    bars = []
    made = simcli._progress_bar

    def spy(total, label):
        bar, advance = made(total, label)
        bars.append(bar)
        return bar, advance

    monkeypatch.setattr(sys.stderr, "isatty", lambda: True, raising=False)
    monkeypatch.setattr(simcli, "_progress_bar", spy)
    code, out, err = sim(capsys, "--games", "700", "--engine", "core", "--workers", "1", "--policy", "naive")
    assert code == 0 and "700 nights · ashcan rules" in out
    (bar,) = bars
    (task,) = bar.tasks
    assert task.description == "simulating" and task.total == 700 and task.completed == 700
    assert "700 nights" not in err


def test_sim_json_shows_no_progress_bar_even_on_a_terminal(capsys, monkeypatch):
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True, raising=False)
    monkeypatch.setattr(simcli, "_progress_bar", lambda *a: pytest.fail("a bar for --json"))
    assert sim_json(capsys, "--games", "20", "--engine", "core", "--workers", "1")["games"] == 20


def test_say_writes_one_line_on_stderr(capsys):
    simcli.say("all is well")
    assert capsys.readouterr() == ("", "solo: all is well\n")


def test_sim_plays_a_single_night(capsys):
    data = sim_json(capsys, "--games", "1", "--engine", "core", "--workers", "1", "--policy", "naive")
    want = counted(1, "naive", 1)
    assert data["games"] == 1 and data["win_rate"] == want["wins"] and data["mean_tests"] == want["tests"]


def playset_file(tmp_path, rules: str) -> str:
    """The built-in cabin playset under another name, with its own ``[rules]``."""
    from pathlib import Path

    import solo.playsets

    text = (Path(solo.playsets.__file__).parent / "builtin" / "cabin-in-the-woods.toml").read_text(encoding="utf-8")
    text = text.replace('name = "cabin-in-the-woods"', 'name = "lean-cabin"')
    text = text.replace('[rules]\nbase = "ashcan"', '[rules]\nbase = "ashcan"\n' + rules)
    path = tmp_path / "lean-cabin.toml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_sim_plays_a_playset_files_own_rules(capsys, tmp_path):
    path = playset_file(tmp_path, "genre_points = 5\nstrikes_to_die = 2")
    data = sim_json(capsys, "--games", "20", "--engine", "core", "--workers", "1", "--playset", path)
    assert data["playset"] == "lean-cabin"
    assert data["ruleset"] == dict(ASHCAN_KNOBS, genre_points=5, strikes_to_die=2)


def test_rules_for_a_command_without_playsets_or_what_ifs():
    """A command line with no --playset, --set or --fast-setup options at all reads --rules alone."""
    import argparse

    from solo.nott.rules import PLAYTEST

    assert simcli.rules_for(argparse.Namespace(rules="playtest")) == (None, PLAYTEST)
    assert simcli.rules_for(argparse.Namespace(rules="ashcan", fast_setup=True)) == (
        None, ASHCAN.with_(fast_setup=True))


def test_sim_json_keeps_what_was_typed_as_typed(capsys):
    """UTF-8 out, not ``\\u`` escapes: a no-break space typed before a knob comes back as it was."""
    code, out, _ = sim(capsys, "--games", "5", "--engine", "core", "--workers", "1", "--json",
                       "--set", "\u00a0genre_points=5")
    assert code == 0 and '"overrides": ["\u00a0genre_points=5"]' in out


def test_sim_times_the_run(capsys, clock):
    data = sim_json(capsys, "--games", "40", "--engine", "core", "--workers", "1", "--policy", "naive")
    assert data["seconds"] == 2.5 and data["games_per_second"] == 16.0


@needs_fast
def test_sim_on_a_terminal_plays_the_engine_it_chose(capsys, monkeypatch):
    from solo.sim import run

    engines = []
    tally_games = run.tally_games

    def spy(*args, **kw):
        engines.append(args[5] if len(args) > 5 else kw.get("engine", "core"))
        return tally_games(*args, **kw)

    monkeypatch.setattr(sys.stderr, "isatty", lambda: True, raising=False)
    monkeypatch.setattr(run, "tally_games", spy)
    code, out, _ = sim(capsys, "--games", "30", "--engine", "fast", "--workers", "1")
    assert code == 0 and engines == ["fast"] and "fast engine" in out


def test_progress_bar_shows_what_it_counts_and_the_time_left(monkeypatch):
    import io

    from rich.console import Console

    monkeypatch.setattr(sys.stderr, "isatty", lambda: True, raising=False)
    bar, advance = simcli._progress_bar(10, "simulating")
    advance(4)
    c = Console(file=io.StringIO(), width=100)
    c.print(bar.get_renderable())
    import re

    assert re.fullmatch(r"simulating ━+ +4/10 -:--:--\n", c.file.getvalue()), c.file.getvalue()


def test_progress_bar_is_erased_when_done(capsys, monkeypatch):
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True, raising=False)
    bar, advance = simcli._progress_bar(10, "simulating")
    with bar:
        advance(10)
    err = capsys.readouterr().err
    assert "simulating" in err and "10/10" in err
    assert err.endswith("\x1b[2K")  # the bar's line erased, the cursor back where it was


# ------------------------------------------------------------------ what-ifs and claims in the report

def report_words(capsys, monkeypatch, *args: str) -> str:
    """The printed report of ``solo sim ARGS`` (40 core nights), its words one space apart."""
    monkeypatch.setenv("COLUMNS", "160")
    code, out, err = sim(capsys, "--games", "40", "--engine", "core", "--workers", "1", *args)
    assert code == 0 and err == "", err
    return " ".join(out.split())


PUBLISHED = ("It takes some 60 Tests", "one-third of the time", "roughly 20–25%")


def test_sim_report_names_a_what_if_and_its_strikes_and_leaves_the_claims_out(capsys, monkeypatch):
    """Catches `solo sim --set strikes_to_die=2` with a title that names no what-if, "by third
    Strike", and the rulebook's published claims set against rules that are not the rulebook's."""
    text = report_words(capsys, monkeypatch, "--set", "strikes_to_die=2")
    assert "40 nights · ashcan rules with strikes_to_die=2 (rulebook: 3) · careful policy · seed 1" in text
    assert "by second Strike" in text and "third Strike" not in text
    assert "The rulebook's claims" not in text and not any(claim in text for claim in PUBLISHED)
    assert ("Not compared with the rulebook's claims: they are about the ashcan rules as published, and this run "
            "changes strikes_to_die.") in text
    data = sim_json(capsys, "--games", "20", "--engine", "core", "--workers", "1", "--set", "strikes_to_die=2")
    assert data["changes"] == {"strikes_to_die": [3, 2]}


def test_sim_report_names_every_what_if(capsys, monkeypatch):
    text = report_words(capsys, monkeypatch, "--set", "genre_points=5", "--set", "strikes_to_die=4",
                        "--set", "face_modifiers=1,2,4")
    assert ("ashcan rules with face_modifiers=1,2,4 (rulebook: 1,2,3); genre_points=5 (rulebook: 13); "
            "strikes_to_die=4 (rulebook: 3) · careful policy") in text
    assert "by fourth Strike" in text


def test_sim_a_what_if_of_the_rulebooks_own_value_changes_nothing(capsys, monkeypatch):
    """strikes_to_die=3 is the ashcan's "third Strike": the rules are the rulebook's, compared."""
    text = report_words(capsys, monkeypatch, "--set", "strikes_to_die=3")
    assert "40 nights · ashcan rules · careful policy · seed 1" in text and "by third Strike" in text
    assert "The rulebook's claims" in text and "Not compared" not in text


def test_sim_a_playsets_own_rules_are_named_and_not_compared(capsys, monkeypatch, tmp_path):
    text = report_words(capsys, monkeypatch, "--playset", playset_file(tmp_path, "strikes_to_die = 2"))
    assert "ashcan rules with strikes_to_die=2 (rulebook: 3) · lean-cabin playset · careful policy" in text
    assert "by second Strike" in text and not any(claim in text for claim in PUBLISHED)


def test_sim_prints_a_documents_claim_only_under_its_ruleset(capsys, monkeypatch):
    """Catches the playtest document's "roughly 20–25% chance for each character" printed under
    an ashcan run (and the ashcan's and the intro's under a playtest run: the intro's set-up is
    the ashcan's, "a random 10 ... to start this face-up pile")."""
    ashcan = report_words(capsys, monkeypatch, "--rules", "ashcan")
    assert "It takes some 60 Tests" in ashcan and "one-third of the time" in ashcan
    assert "20–25" not in ashcan
    playtest = report_words(capsys, monkeypatch, "--rules", "playtest")
    assert "roughly 20–25% chance for each character" in playtest
    assert "60 Tests" not in playtest and "one-third" not in playtest


@pytest.mark.parametrize("policy", ["careful", "naive", "spread"])
def test_sim_report_says_what_the_policy_does(capsys, monkeypatch, policy):
    """Catches a report that says "careful policy" and never what careful does."""
    from solo.sim.report import POLICY_DOES

    text = report_words(capsys, monkeypatch, "--policy", policy)
    assert f"Policy {policy}: {POLICY_DOES[policy]}" in text


def test_sim_help_says_what_each_policy_does(capsys, monkeypatch):
    """Catches `solo sim --help` naming careful "the default" without saying what it does: the
    help says it as solo/sim/policies.py plays it (the Threat's suit tests, Aptitude, the
    Director's Genre Points in the cast's hands) and naive's (random, no Genre Points)."""
    monkeypatch.setenv("COLUMNS", "200")
    with pytest.raises(SystemExit):
        main(["sim", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert ("careful (the default): the character whose Aptitude is the Threat's suit tests (else the fewest "
            "Strikes); Aptitude and the Director's Genre Points") in text
    assert "naive: a random living character tests; no Aptitude, no Genre Points." in text
    assert "spread: the character with the fewest Strikes tests" in text
