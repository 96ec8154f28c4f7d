"""Two knobs swept in the order given, not alphabetical (issue 26, item 7): the CSV's knob
columns follow that order, and each row's knob cells are its variant's settings."""

from __future__ import annotations

import csv
import io
import json

from solo.cli import main

ARGS = ["sweep", "--set", "strikes_to_die=2,3", "--set", "genre_points=5,13", "--games", "30", "--workers", "1"]


def test_each_csv_rows_knob_cells_are_its_variants_settings(capsys):
    assert main([*ARGS, "--csv"]) == 0
    text = capsys.readouterr().out
    head = next(csv.reader(io.StringIO(text)))
    assert head[:3] == ["variant", "strikes_to_die", "genre_points"]  # as given: s before g
    rows = list(csv.DictReader(io.StringIO(text)))
    assert main([*ARGS, "--json"]) == 0
    variants = json.loads(capsys.readouterr().out)["variants"]
    assert [r["variant"] for r in rows] == [v["variant"] for v in variants]
    for row, v in zip(rows, variants):
        said = dict(part.split("=") for part in row["variant"].split(", "))
        assert said == {"strikes_to_die": row["strikes_to_die"], "genre_points": row["genre_points"]} == v["set"]
        defaults = row["strikes_to_die"] == "3" and row["genre_points"] == "13"  # the ashcan rules' own
        assert row["baseline"] == ("true" if defaults else "false")
    assert {(r["strikes_to_die"], r["genre_points"]) for r in rows} == {("2", "5"), ("2", "13"), ("3", "5"),
                                                                       ("3", "13")}
