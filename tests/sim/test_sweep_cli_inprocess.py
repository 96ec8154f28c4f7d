"""``solo sweep`` run in this process on small grids (no Dask cluster): its options and their
defaults, its help, its one-line errors, where its work runs, and what it prints."""

from __future__ import annotations

import csv
import io
import json
import re
import sys

import pytest

from solo.cli import build_parser, main
from solo.nott.rules import ASHCAN
from solo.sim import cli as simcli
from solo.sim import fast
from solo.sim import sweep as sw
from solo.sim.run import SIM_CAST
from solo.sim.tally import empty

needs_fast = pytest.mark.skipif(not fast.available(), reason="the fast engine is not built here")


def sweep(capsys, *args: str) -> tuple[int, str, str]:
    code = main(["sweep", *args])
    out, err = capsys.readouterr()
    return code, out, err


def parse(*args: str):
    return build_parser(lean=True).parse_args(["sweep", *args])


def test_sweep_defaults_are_the_documented_ones():
    """docs/simulator.md: 100,000 nights per variant, all local cores, the careful policy, ashcan
    (no --rules: ashcan, or the playset's own)."""
    a = parse()
    assert (a.games, a.rules, a.policy, a.seed, a.workers, a.engine) == (100_000, None, "careful", 1, 0, "auto")
    from solo.playsets.options import chosen_base

    assert chosen_base(a).base == "ashcan"
    assert (a.set, a.fast_setup, a.playset, a.scheduler, a.json, a.csv, a.plot) == (
        None, False, None, None, False, False, None)


def test_sweep_options_take_their_values():
    a = parse("--set", "genre_points=0,4", "--set", "strikes=2,3", "--games", "5000", "--rules", "playtest",
              "--fast-setup", "--playset", "house-party", "--policy", "spread", "--seed", "9", "--workers", "3",
              "--scheduler", "tcp://h:8786", "--engine", "core", "--csv", "--plot", "w.png")
    assert a.set == ["genre_points=0,4", "strikes=2,3"] and a.games == 5000 and a.workers == 3 and a.seed == 9
    assert (a.rules, a.fast_setup, a.playset, a.policy, a.scheduler, a.engine, a.csv, a.json, a.plot) == (
        "playtest", True, "house-party", "spread", "tcp://h:8786", "core", True, False, "w.png")
    assert parse("--policy", "naive", "--engine", "fast", "--json").json is True


@pytest.mark.parametrize("args", [["--rules", "nightmare"], ["--policy", "reckless"], ["--engine", "warp"],
                                  ["--games", "many"], ["--seed", "x"], ["--workers", "all"], ["--json", "--csv"]])
def test_sweep_refuses_bad_options(capsys, args):
    with pytest.raises(SystemExit) as exc:
        parse(*args)
    assert exc.value.code == 2
    assert "solo sweep: error:" in capsys.readouterr().err


def test_sweep_help_says_what_each_option_does(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    with pytest.raises(SystemExit):
        main(["sweep", "--help"])
    text = [" ".join(line.split()) for line in capsys.readouterr().out.splitlines()]
    for line in (
        "Simulate every combination of rule what-ifs and compare each with the base rules. See docs/simulator.md.",
        "--set KNOB=V1,V2,… a swept knob and its values, repeatable (the grid is every combination): "
        "genre_points=0,4,8,13; face_modifiers=1/2/3,1/2/4",
        "--games GAMES nights per variant (default 100,000)",
        "--rules {ashcan,playtest}",
        "base ruleset (default ashcan, or the playset's; given, it wins over the playset's)",
        "--fast-setup fast setup: remove a random 2–10 before the decks are built",
        "--playset PLAYSET playset name or file: its rules are the base",
        "--policy {naive,careful,spread}",
        "how the cast plays: naive (a random tester, no Genre Points), careful (the default) or spread (careful, "
        "but the fewest Strikes test)",
        "--seed SEED seed of the run (default 1): the same seed gives the same results",
        "--workers WORKERS local worker processes (default: all cores)",
        "--scheduler ADDRESS run on a Dask cluster, e.g. tcp://host:8786 (default: $SOLO_DASK_SCHEDULER if set)",
        "--engine {auto,fast,core}",
        "auto (default): the fast engine where built, else the core rules engine",
        "--json print one JSON object",
        "--csv print CSV, one row per variant",
        "--plot FILE.png draw win rate against the swept knob(s) (needs matplotlib)",
    ):
        assert line in text, line
    assert any("[--json | --csv]" in line for line in text)


def test_the_command_list_describes_sweep(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    with pytest.raises(SystemExit):
        main(["--help"])
    text = [" ".join(line.split()) for line in capsys.readouterr().out.splitlines()]
    assert "sweep design sweeps: a grid of rule what-ifs, one table row per variant" in text


@pytest.mark.parametrize("games", ["0", "-3"])
def test_sweep_refuses_fewer_than_one_game_in_one_line(capsys, games):
    assert sweep(capsys, "--games", games, "--set", "genre_points=0,4") == (
        2, "", f"solo: --games must be at least 1, got {games}\n")


def test_sweep_plot_without_matplotlib_is_one_line(capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    from solo.invocation import install_command

    assert sweep(capsys, "--games", "10", "--set", "genre_points=0,4", "--plot", "x.png") == (
        2, "", f"solo: --plot needs matplotlib: {install_command('plot', 'matplotlib')}\n")


def nights_of(work) -> int:
    return sum(stop - start for *_, start, stop in work)


@pytest.fixture
def local(monkeypatch):
    """The sweep's local runs recorded (their work, variants and workers); Dask refused."""
    calls = []
    run_local = sw.run_local

    def spy(work, n, workers, progress=None):
        calls.append({"nights": nights_of(work), "variants": n, "workers": workers})
        return run_local(work, n, 1, progress)

    monkeypatch.setattr(sw, "run_local", spy)
    monkeypatch.setattr(sw, "run_dask", lambda *a, **k: pytest.fail("sent to Dask"))
    monkeypatch.delenv("SOLO_DASK_SCHEDULER", raising=False)
    return calls


@needs_fast
def test_sweep_json_has_a_row_per_variant_and_the_base_rules_named(capsys, local):
    code, out, err = sweep(capsys, "--set", "genre_points=0,4", "--games", "300", "--json", "--workers", "1",
                           "--seed", "5", "--policy", "naive")
    assert code == 0 and err == ""
    data = json.loads(out)
    assert {k: data[k] for k in ("games", "rules", "playset", "policy", "seed", "knobs")} == {
        "games": 300, "rules": "ashcan", "playset": None, "policy": "naive", "seed": 5, "knobs": ["genre_points"]}
    assert [r["variant"] for r in data["variants"]] == ["baseline", "genre_points=0", "genre_points=4"]
    # each row: its variant's nights, as the fast engine tallies them
    for r, gp in zip(data["variants"], (13, 0, 4)):
        t = fast.tally(ASHCAN.with_(genre_points=gp), "naive", 5, 0, 300, SIM_CAST)
        assert r["games"] == 300 and r["win_rate"] == t["wins"] / 300
    assert local == [{"nights": 900, "variants": 3, "workers": 1}]


@needs_fast
def test_sweep_fast_setup_and_a_playset_are_the_base(capsys, local):
    data = json.loads(sweep(capsys, "--set", "strikes_to_die=2,3", "--games", "50", "--json", "--workers", "1",
                            "--fast-setup", "--playset", "house-party")[1])
    assert data["rules"] == "ashcan (fast setup)" and data["playset"] == "house-party"
    assert [(r["variant"], r["baseline"]) for r in data["variants"]] == [("strikes_to_die=2", False),
                                                                         ("strikes_to_die=3", True)]


@needs_fast
def test_sweep_fast_setup_changes_the_baseline(capsys, local):
    """Fast setup takes nine Number cards out: shorter nights in the baseline row."""
    plain = json.loads(sweep(capsys, "--set", "genre_points=13", "--games", "400", "--json", "--workers", "1")[1])
    quick = json.loads(sweep(capsys, "--set", "genre_points=13", "--games", "400", "--json", "--workers", "1",
                             "--fast-setup")[1])
    assert plain["rules"] == "ashcan"
    assert quick["variants"][0]["mean_tests"] < plain["variants"][0]["mean_tests"] - 3


@needs_fast
def test_sweep_playtest_rules_are_the_base(capsys, local):
    data = json.loads(sweep(capsys, "--set", "genre_points=13", "--games", "50", "--json", "--workers", "1",
                            "--rules", "playtest")[1])
    assert data["rules"] == "playtest" and data["playset"] is None


@needs_fast
def test_sweep_csv_has_a_column_per_knob(capsys, local):
    code, out, _ = sweep(capsys, "--set", "genre_points=0,13", "--games", "50", "--csv", "--workers", "1")
    rows = list(csv.reader(io.StringIO(out)))
    assert code == 0 and rows[0][:3] == ["variant", "genre_points", "games"] and len(rows) == 3
    assert [r[0] for r in rows[1:]] == ["genre_points=0", "genre_points=13"]


@needs_fast
def test_sweep_table_and_its_last_line(capsys, local):
    code, out, err = sweep(capsys, "--set", "genre_points=0,13", "--games", "500", "--workers", "1", "--seed", "2")
    assert code == 0 and err == ""
    text = [" ".join(line.split()) for line in out.splitlines() if line.strip()]
    assert text[0] == "500 nights per variant · ashcan rules · careful policy · seed 2"
    assert text[1] == "genre_points Win rate 95 % CI Survival Tests Endgame Δ win"
    assert text[-2].startswith("13 ") and text[-2].endswith(" baseline")
    assert re.fullmatch(r"1,000 nights in \d+\.\d s with 1 worker\.", text[-1]), text[-1]


@needs_fast
def test_sweep_table_off_a_terminal_is_120_columns_wide(capsys, local):
    """Three knobs make a table wider than 80 columns: off a terminal it is not folded."""
    code, out, _ = sweep(capsys, "--set", "genre_points=0,13", "--set", "face_modifiers=1/2/3",
                         "--set", "empty_trophy_base=1", "--set", "reserve_fallback=true", "--games", "20",
                         "--workers", "1")
    widths = [len(line) for line in out.splitlines()]
    assert code == 0 and max(widths) > 80 and max(widths) <= 120
    assert any(line.split()[:4] == ["0", "1,2,3", "1", "true"] for line in out.splitlines())


@needs_fast
def test_sweep_workers_never_exceed_the_chunks(capsys, local):
    code, out, _ = sweep(capsys, "--set", "genre_points=0,13", "--games", "30", "--workers", "5")
    assert code == 0 and local == [{"nights": 60, "variants": 2, "workers": 5}]
    assert out.rstrip().splitlines()[-1].endswith("with 2 workers.")  # two chunks of work


@needs_fast
def test_sweep_uses_every_core_by_default(capsys, local, monkeypatch):
    monkeypatch.setattr("os.cpu_count", lambda: 7)
    sweep(capsys, "--set", "genre_points=0,13", "--games", "30", "--json")
    assert local[-1]["workers"] == 7
    monkeypatch.setattr("os.cpu_count", lambda: None)
    sweep(capsys, "--set", "genre_points=0,13", "--games", "30", "--json")
    assert local[-1]["workers"] == 1


@pytest.fixture
def dask(monkeypatch):
    """A stand-in for the Dask cluster: records the address and plays the chunks here."""
    calls = []

    def run_dask(work, n, scheduler, progress=None):
        calls.append({"scheduler": scheduler, "variants": n, "nights": nights_of(work)})
        return sw._collect(map(sw.run_chunk, work), n, progress)

    monkeypatch.setattr(sw, "run_dask", run_dask)
    monkeypatch.setattr(sw, "run_local", lambda *a, **k: pytest.fail("run locally"))
    return calls


@needs_fast
def test_sweep_scheduler_sends_the_work_to_the_cluster(capsys, dask, monkeypatch):
    monkeypatch.delenv("SOLO_DASK_SCHEDULER", raising=False)
    code, out, _ = sweep(capsys, "--set", "genre_points=0,13", "--games", "40", "--scheduler", "tcp://h:8786")
    assert code == 0 and dask == [{"scheduler": "tcp://h:8786", "variants": 2, "nights": 80}]
    assert re.search(r"80 nights in \d+\.\d s on the Dask cluster at tcp://h:8786\.$", out.rstrip())


@needs_fast
def test_sweep_scheduler_from_the_environment(capsys, dask, monkeypatch):
    monkeypatch.setenv("SOLO_DASK_SCHEDULER", "tcp://env:8786")
    code, out, _ = sweep(capsys, "--set", "genre_points=0,13", "--games", "40", "--json")
    assert code == 0 and dask[0]["scheduler"] == "tcp://env:8786"
    assert len(json.loads(out)["variants"]) == 2


@needs_fast
def test_sweep_option_beats_the_environment(capsys, dask, monkeypatch):
    monkeypatch.setenv("SOLO_DASK_SCHEDULER", "tcp://env:8786")
    sweep(capsys, "--set", "genre_points=0,13", "--games", "40", "--json", "--scheduler", "tcp://opt:1")
    assert dask[0]["scheduler"] == "tcp://opt:1"


@needs_fast
def test_sweep_empty_scheduler_variable_runs_locally(capsys, local, monkeypatch):
    monkeypatch.setenv("SOLO_DASK_SCHEDULER", "")
    code, _, _ = sweep(capsys, "--set", "genre_points=0,13", "--games", "40", "--json", "--workers", "1")
    assert code == 0 and len(local) == 1


@needs_fast
def test_sweep_plot_is_written_and_said(capsys, local, tmp_path):
    pytest.importorskip("matplotlib")
    png = tmp_path / "w.png"
    code, out, err = sweep(capsys, "--set", "genre_points=0,13", "--games", "40", "--json", "--workers", "1",
                           "--plot", str(png))
    assert code == 0 and err == f"solo: plot written to {png}\n"
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and json.loads(out)["knobs"] == ["genre_points"]


@needs_fast
def test_sweep_on_a_terminal_shows_progress_over_every_variant(capsys, local, monkeypatch):
    bars = []
    made = simcli._progress_bar

    def spy(total, label):
        bar, advance = made(total, label)
        bars.append(bar)
        return bar, advance

    monkeypatch.setattr(sys.stderr, "isatty", lambda: True, raising=False)
    monkeypatch.setattr(simcli, "_progress_bar", spy)
    code, out, _ = sweep(capsys, "--set", "genre_points=0,4", "--games", "30", "--json", "--workers", "1")
    assert code == 0 and len(json.loads(out)["variants"]) == 3
    (bar,) = bars
    (task,) = bar.tasks
    assert task.description == "3 variants" and task.total == 90 and task.completed == 90
    assert bar.finished and not bar.live.is_started  # stopped at the end


@needs_fast
def test_sweep_stops_its_progress_bar_when_the_work_fails(capsys, monkeypatch):
    bars = []
    made = simcli._progress_bar

    def spy(total, label):
        bar, advance = made(total, label)
        bars.append(bar)
        return bar, advance

    def broken(*a, **k):
        raise ValueError("a worker fell over")

    monkeypatch.setattr(sys.stderr, "isatty", lambda: True, raising=False)
    monkeypatch.setattr(simcli, "_progress_bar", spy)
    monkeypatch.setattr(sw, "run_local", broken)
    monkeypatch.delenv("SOLO_DASK_SCHEDULER", raising=False)
    code, out, err = sweep(capsys, "--set", "genre_points=0,4", "--games", "30", "--json", "--workers", "1")
    assert code == 2 and out == "" and err.rstrip().endswith("solo: a worker fell over")
    assert not bars[0].live.is_started


def test_sweep_bad_grid_is_one_line(capsys):
    code, out, err = sweep(capsys, "--set", "genre_points", "--games", "10")
    assert code == 2 and out == "" and err == "solo: --set needs KNOB=V1,V2,…, got 'genre_points'\n"


def test_sweep_without_a_grid_is_the_baseline_alone(capsys, monkeypatch):
    monkeypatch.delenv("SOLO_DASK_SCHEDULER", raising=False)
    monkeypatch.setattr(sw, "run_local", lambda work, n, workers, progress=None: [
        dict(empty(4), games=10, wins=5, tests_hist=[10], alive=(1, 2, 3, 4))] * n)
    data = json.loads(sweep(capsys, "--games", "10", "--json", "--workers", "1", "--engine", "core")[1])
    assert data["knobs"] == [] and [r["variant"] for r in data["variants"]] == ["baseline"]
    assert data["variants"][0]["win_rate"] == 0.5


@needs_fast
def test_sweep_of_a_single_night_per_variant(capsys, local):
    code, out, _ = sweep(capsys, "--set", "genre_points=0,13", "--games", "1", "--json", "--workers", "1")
    assert code == 0 and [r["games"] for r in json.loads(out)["variants"]] == [1, 1]


@needs_fast
def test_sweep_base_is_a_playset_files_own_rules(capsys, local, tmp_path):
    from .test_cli_inprocess import playset_file

    path = playset_file(tmp_path, "genre_points = 5")
    data = json.loads(sweep(capsys, "--set", "genre_points=5,13", "--games", "20", "--json", "--workers", "1",
                            "--playset", path)[1])
    assert data["playset"] == "lean-cabin"
    assert [(r["variant"], r["baseline"]) for r in data["variants"]] == [("genre_points=5", True),
                                                                         ("genre_points=13", False)]


def test_sweep_says_once_why_it_falls_back_to_the_core(capsys, monkeypatch):
    monkeypatch.setattr(fast, "_MODULE", None)
    monkeypatch.setattr(fast, "_TRIED", True)
    monkeypatch.delenv("SOLO_DASK_SCHEDULER", raising=False)
    code, out, err = sweep(capsys, "--set", "genre_points=0,13", "--games", "3", "--json", "--workers", "1")
    assert code == 0 and [r["engine"] for r in json.loads(out)["variants"]] == ["core", "core"]
    assert err == ("solo: the fast engine is not built here (no C compiler at install time); "
                   "simulating with the core rules engine\n")


@needs_fast
def test_sweep_json_keeps_what_was_typed_as_typed(capsys, local):
    """UTF-8 out, not ``\\u`` escapes: a no-break space typed inside a value comes back as it was."""
    code, out, _ = sweep(capsys, "--set", "face_modifiers=1,\u00a02,3;1,2,4", "--games", "5", "--json",
                         "--workers", "1")
    assert code == 0 and '"variant": "face_modifiers=1,\u00a02,3"' in out


@needs_fast
def test_sweep_times_the_run(capsys, local, clock):
    code, out, _ = sweep(capsys, "--set", "genre_points=0,13", "--games", "40", "--workers", "1")
    assert code == 0 and out.rstrip().splitlines()[-1] == "80 nights in 2.5 s with 1 worker."


@needs_fast
def test_sweep_on_a_colour_terminal_dims_its_last_line_and_highlights_nothing(capsys, local, monkeypatch):
    monkeypatch.setenv("FORCE_COLOR", "1")
    monkeypatch.delenv("NO_COLOR", raising=False)
    code, out, _ = sweep(capsys, "--set", "genre_points=0,13", "--games", "40", "--workers", "1")
    last = out.rstrip().splitlines()[-1]
    assert code == 0 and last.startswith("\x1b[2m80 nights in ")
    assert "\x1b[1;36m" not in out and "\x1b[32m" not in out  # rich's highlighter: numbers, strings


@needs_fast
def test_sweep_on_the_cluster_shows_progress_too(capsys, dask, monkeypatch):
    bars = []
    made = simcli._progress_bar

    def spy(total, label):
        bar, advance = made(total, label)
        bars.append(bar)
        return bar, advance

    monkeypatch.setattr(sys.stderr, "isatty", lambda: True, raising=False)
    monkeypatch.setattr(simcli, "_progress_bar", spy)
    code, _, _ = sweep(capsys, "--set", "genre_points=0,13", "--games", "30", "--json", "--scheduler", "tcp://h:1")
    (task,) = bars[0].tasks
    assert code == 0 and task.total == 60 and task.completed == 60
