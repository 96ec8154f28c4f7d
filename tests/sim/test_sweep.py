"""solo sweep: the grid, the baseline, the outputs, and the same JSON however the work is run."""

from __future__ import annotations

import csv
import io
import json
import sys

import pytest

from solo.cli import main
from solo.sim import fast
from solo.sim.sweep import parse_grid

needs_fast = pytest.mark.skipif(not fast.available(), reason="the fast engine is not built here")


def sweep(capsys, *args: str) -> tuple[int, str, str]:
    code = main(["sweep", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_grid_parsing():
    assert parse_grid(["genre_points=0,4, 8", "strikes=2,3"]) == [("genre_points", ["0", "4", "8"]),
                                                                  ("strikes", ["2", "3"])]
    assert parse_grid(["face_modifiers=1/2/3,0/1/2"]) == [("face_modifiers", ["1,2,3", "0,1,2"])]
    assert parse_grid(["face_modifiers=1,2,3;1,2,4"]) == [("face_modifiers", ["1,2,3", "1,2,4"])]
    assert parse_grid(["face_modifiers=1,2,4"]) == [("face_modifiers", ["1,2,4"])]
    for bad in (["genre_points"], ["genre_points="], ["genre_points=1,,2"], ["genre_points=1,1"],
                ["genre_points=1", "genre_points=2"]):
        with pytest.raises(ValueError):
            parse_grid(bad)


@pytest.mark.parametrize("args,words", [
    (["--set", "genre_points=0,x"], "genre_points"),
    (["--set", "warp_speed=1,2"], "warp_speed"),
    (["--set", "genre_points"], "KNOB=V1"),
    (["--games", "0"], "--games"),
])
def test_bad_input_is_one_line(capsys, args, words):
    code, out, err = sweep(capsys, *args, "--games", "10") if "--games" not in args else sweep(capsys, *args)
    assert code == 2 and out == "" and err.startswith("solo: ") and err.count("\n") == 1 and words in err


@needs_fast
def test_rows_baseline_and_change(capsys):
    code, out, _ = sweep(capsys, "--set", "genre_points=0,13", "--games", "3000", "--json", "--workers", "1")
    assert code == 0
    data = json.loads(out)
    rows = data["variants"]
    assert [r["variant"] for r in rows] == ["genre_points=0", "genre_points=13"]
    assert [r["baseline"] for r in rows] == [False, True]  # 13 is the rulebook's own: the baseline row
    assert rows[0]["win_rate_change"] == rows[0]["win_rate"] - rows[1]["win_rate"] < 0
    for r in rows:
        lo, hi = r["win_rate_ci95"]
        assert lo < r["win_rate"] < hi and r["games"] == 3000
        assert abs(r["survival_rate"] - sum(r["survival_by_character"].values()) / 4) < 1e-12
    # a grid without the base rules gets a baseline row first
    data = json.loads(sweep(capsys, "--set", "genre_points=0,4", "--set", "strikes=2,4", "--games", "500",
                            "--json", "--workers", "1")[1])
    assert [r["variant"] for r in data["variants"]] == [
        "baseline", "genre_points=0, strikes=2", "genre_points=0, strikes=4", "genre_points=4, strikes=2",
        "genre_points=4, strikes=4"]
    assert data["variants"][0]["baseline"] and data["knobs"] == ["genre_points", "strikes"]


@needs_fast
def test_a_row_is_what_solo_sim_says_for_those_rules(capsys):
    row = json.loads(sweep(capsys, "--set", "genre_points=4,13", "--games", "2500", "--seed", "3", "--json",
                           "--workers", "1")[1])["variants"][0]
    main(["sim", "--set", "genre_points=4", "--games", "2500", "--seed", "3", "--json", "--workers", "1"])
    one = json.loads(capsys.readouterr().out)
    for key in ("win_rate", "win_rate_ci95", "survival_rate", "survival_by_character", "mean_tests", "endgame_rate"):
        assert row[key] == one[key]


@needs_fast
def test_same_json_on_one_process_and_on_all_cores(capsys):
    args = ("--set", "genre_points=2,13", "--set", "face_modifiers=1/2/3,0/1/1", "--games", "25000", "--json")
    one = sweep(capsys, *args, "--workers", "1")[1]
    many = sweep(capsys, *args, "--workers", "2")[1]
    assert one == many and len(json.loads(one)["variants"]) == 4


@needs_fast
def test_table_and_csv(capsys):
    code, out, _ = sweep(capsys, "--set", "strikes_to_die=2,3", "--games", "1000", "--workers", "1")
    assert code == 0 and "strikes_to_die" in out and "baseline" in out and "pts" in out and "95 % CI" in out
    code, out, _ = sweep(capsys, "--set", "strikes_to_die=2,3", "--games", "1000", "--workers", "1", "--csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert [r["strikes_to_die"] for r in rows] == ["2", "3"] and rows[1]["baseline"] == "true"
    assert float(rows[0]["win_rate_ci95_low"]) < float(rows[0]["win_rate"]) < float(rows[0]["win_rate_ci95_high"])


@needs_fast
def test_plot(capsys, tmp_path):
    pytest.importorskip("matplotlib")
    png = tmp_path / "sweep.png"
    code, _, err = sweep(capsys, "--set", "genre_points=0,4,13", "--set", "strikes=2,3", "--games", "500",
                         "--workers", "1", "--plot", str(png))
    assert code == 0 and png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and "plot written" in err


def test_plot_without_matplotlib_says_what_to_install(capsys, monkeypatch, tmp_path):
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    code, out, err = sweep(capsys, "--set", "genre_points=0,4", "--games", "10", "--plot", str(tmp_path / "p.png"))
    assert code == 2 and "-m pip install 'matplotlib" in err and err.count("\n") == 1
    assert not (tmp_path / "p.png").exists()


def test_scheduler_without_distributed_says_what_to_install(capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)
    code, out, err = sweep(capsys, "--set", "genre_points=0,4", "--games", "10", "--scheduler", "tcp://127.0.0.1:1")
    assert code == 2 and "-m pip install 'distributed" in err and err.count("\n") == 1


@needs_fast
def test_a_dask_cluster_gives_the_same_json(capsys, monkeypatch):
    distributed = pytest.importorskip("distributed")
    args = ("--set", "genre_points=0,13", "--set", "strikes=2,3", "--games", "45000", "--json", "--seed", "8")
    local = sweep(capsys, *args)[1]
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                                  silence_logs=40) as cluster:
        remote = sweep(capsys, *args, "--scheduler", cluster.scheduler_address)[1]
        monkeypatch.setenv("SOLO_DASK_SCHEDULER", cluster.scheduler_address)
        from_env = sweep(capsys, *args)[1]
    assert remote == local == from_env and len(json.loads(local)["variants"]) == 4
