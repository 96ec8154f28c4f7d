"""A sweep's grid and nights, and ``solo sim --games``, are capped: an absurd request is one
line before anything is built or played (the chunks are listed up front, so it took memory
without bound). ``--plot`` writes only to a plain file: never through a symlink, over a file
without ``--force``, or after the sweep to a place it could have refused before."""

from __future__ import annotations

import os

import pytest

from solo.cli import main
from solo.playsets import loader
from solo.sim import run
from solo.sim import sweep as sw


@pytest.fixture
def nothing_runs(monkeypatch):
    """Fails the test if any night is played or any variant is built past a few."""
    built = []

    def no(*args, **kw):
        raise AssertionError("a night was played")

    real = loader.parse_overrides

    def counted(*args, **kw):
        built.append(1)
        if len(built) > 2_000:
            raise AssertionError("the grid was built")
        return real(*args, **kw)

    monkeypatch.setattr(sw, "run_local", no)
    monkeypatch.setattr(sw, "run_dask", no)
    monkeypatch.setattr(run, "tally_games", no)
    monkeypatch.setattr("solo.playsets.parse_overrides", counted)
    return built


@pytest.mark.parametrize("sets, says", [
    (["genre_points=" + ",".join(map(str, range(100))), "strikes=1,2,3,4,5,6,7,8,9", "empty_trophy_base=0,1"],
     "--set makes a grid of 100 × 9 × 2 = 1,800 variants, more than a sweep plays (1,000): sweep fewer values"),
    (["genre_points=" + ",".join(map(str, range(100))), "strikes=1,2,3,4,5,6,7,8,9",
      "empty_trophy_base=" + ",".join(map(str, range(14))), "awards_per_night=" + ",".join(map(str, range(100))),
      "trophy=ten,empty", "fast=true,false", "fallback=true,false"],
     "--set makes a grid of 100 × 9 × 14 × 100 × 2 × 2 × 2 = 10,080,000 variants, more than a sweep plays (1,000): "
     "sweep fewer values"),
], ids=["1800", "ten-million"])
def test_a_grid_of_too_many_variants_is_one_line_before_it_is_built(capsys, nothing_runs, sets, says):
    args = [a for s in sets for a in ("--set", s)]
    assert main(["sweep", *args, "--games", "1", "--workers", "1"]) == 2
    assert capsys.readouterr() == ("", f"solo: {says}\n")
    assert nothing_runs == []


def test_a_grid_of_the_cap_is_built(nothing_runs):
    from solo.playsets import RuleOverrides

    grid = sw.parse_grid(["genre_points=" + ",".join(map(str, range(100))),
                          "empty_trophy_base=" + ",".join(map(str, range(10)))])
    assert len(grid[0][1]) * len(grid[1][1]) == 1_000 == sw.MAX_VARIANTS
    assert len(sw.variants(grid, RuleOverrides(), "careful", "core")) == 1_000


def test_too_many_nights_in_all_is_one_line_before_any_is_played(capsys, nothing_runs):
    assert main(["sweep", "--set", "genre_points=1,2", "--games", "40000000", "--workers", "1"]) == 2
    assert capsys.readouterr() == ("", "solo: --games 40,000,000 for each of 3 variants is 120,000,000 nights, more "
                                       "than a sweep plays (100,000,000): fewer games or fewer values\n")
    with pytest.raises(ValueError, match="more than a sweep plays"):
        sw.tasks([None] * 2, run.MAX_NIGHTS // 2 + 1, "careful", 1)


def test_sim_refuses_more_nights_than_a_run_plays(capsys, nothing_runs):
    assert main(["sim", "--games", str(10 ** 12)]) == 2
    assert capsys.readouterr() == ("", "solo: --games is at most 100,000,000, got 1,000,000,000,000\n")


# ---------------------------------------------------------------------- --plot

@pytest.fixture
def plotting():
    pytest.importorskip("matplotlib")


def plot_sweep(*args):
    return main(["sweep", "--set", "genre_points=0,13", "--games", "20", "--workers", "1", "--json", *args])


def test_plot_through_a_symlink_is_refused_before_the_sweep(capsys, tmp_path, plotting, nothing_runs):
    target = tmp_path / "target.png"
    target.write_bytes(b"mine")
    link = tmp_path / "w.png"
    link.symlink_to(target)
    assert plot_sweep("--plot", str(link), "--force") == 2
    assert capsys.readouterr() == ("", f"solo: --plot {str(link)!r} is a symlink: the plot is written only to a "
                                       "plain file\n")
    assert target.read_bytes() == b"mine" and link.is_symlink()


def test_plot_over_a_dangling_symlink_is_refused(capsys, tmp_path, plotting, nothing_runs):
    link = tmp_path / "w.png"
    link.symlink_to(tmp_path / "nowhere.png")
    assert plot_sweep("--plot", str(link)) == 2
    assert "is a symlink" in capsys.readouterr().err and not (tmp_path / "nowhere.png").exists()


def test_plot_over_what_is_not_a_plain_file_is_refused(capsys, tmp_path, plotting, nothing_runs):
    folder = tmp_path / "w.png"
    folder.mkdir()
    assert plot_sweep("--plot", str(folder), "--force") == 2
    assert capsys.readouterr().err == f"solo: --plot {str(folder)!r} is not a plain file: the plot is written only to a plain file\n"
    fifo = tmp_path / "f.png"
    os.mkfifo(fifo)
    assert plot_sweep("--plot", str(fifo), "--force") == 2  # refused at once, never waited on
    assert "is not a plain file" in capsys.readouterr().err


@pytest.mark.parametrize("name, says", [
    ("nodir/w.png", "no folder 'nodir'"),
    ("w.txt", "name a picture file ending in one of"),
])
def test_plot_where_it_could_not_be_written_is_refused_before_the_sweep(capsys, tmp_path, monkeypatch, plotting,
                                                                         nothing_runs, name, says):
    monkeypatch.chdir(tmp_path)
    assert plot_sweep("--plot", name) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"solo: --plot {name!r}") and says in err and err.count("\n") == 1


def test_plot_replaces_a_file_only_with_force(capsys, tmp_path, plotting):
    png = tmp_path / "w.png"
    png.write_bytes(b"mine")
    assert plot_sweep("--plot", str(png)) == 2
    assert capsys.readouterr().err == f"solo: --plot {str(png)!r} exists: add --force to replace it\n"
    assert png.read_bytes() == b"mine"
    assert plot_sweep("--plot", str(png), "--force") == 0
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["w.png"]  # no temporary file left


def test_a_symlink_put_in_place_during_the_sweep_is_replaced_not_followed(capsys, tmp_path, plotting, monkeypatch):
    png = tmp_path / "w.png"
    target = tmp_path / "target.png"
    target.write_bytes(b"mine")
    real = sw.run_local

    def meanwhile(*args, **kw):
        out = real(*args, **kw)
        png.symlink_to(target)
        return out

    monkeypatch.setattr(sw, "run_local", meanwhile)
    assert plot_sweep("--plot", str(png)) == 2  # it exists now: not replaced without --force
    assert target.read_bytes() == b"mine"
    png.unlink()
    assert plot_sweep("--plot", str(png), "--force") == 2
    assert "is a symlink" in capsys.readouterr().err and target.read_bytes() == b"mine"
