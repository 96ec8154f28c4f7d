"""``solo draw-test`` (solo/t13/cli.py): ad-hoc characters, arithmetic, ranking, narration."""

from __future__ import annotations

import argparse
import json
import re

import pytest

from solo.t13.cli import main, parse_char, register

EXAMPLE = ["--difficulty", "12", "--facet", "Trial", "--char", "Ann:16:Fury,Trial", "--char", "Ben:14", "--seed", "5"]


def run(capsys, argv):
    code = main(argv)
    cap = capsys.readouterr()
    return code, cap.out, cap.err


def test_the_example(capsys):
    code, out, err = run(capsys, EXAMPLE)
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "T13 Card Draw Test: Trial ♠, Difficulty 12 — seed 5"
    assert re.search(r"^Ann draws \S+ — ", out, re.M) and re.search(r"^Ben draws \S+ — ", out, re.M)
    assert "    16  Trial Draw" in out and "    14  Trial Draw" in out
    assert "Proficiency Fury ♠" in out and "Proficiency Trial ♠" in out
    assert out.count("against Difficulty 12") == 2
    ranking = next(line for line in lines if line.startswith("Ranking: "))
    assert re.fullmatch(r"Ranking: 1st \w+ \d+ \((pass|fail)\) · 2nd \w+ \d+ \((pass|fail)\)", ranking)
    narration = lines[lines.index(ranking) + 1:]
    assert narration and "Ann" in " ".join(narration) and "Ben" in " ".join(narration)
    # the same seed replays byte for byte
    assert run(capsys, EXAMPLE)[1] == out


def test_cards_by_hand_give_exact_arithmetic(capsys):
    code, out, _ = run(capsys, ["--facet", "trial", "--difficulty", "20", "--no-narration",
                                "--char", "Ann:16:Trial:card=7S:chi=1", "--char", "Ben:15::card=9C"])
    assert code == 0
    assert out.splitlines()[1:] == [
        "Ann draws 7♠ by hand — Trump on Trial ♠",
        "    16  Trial Draw",
        "    +7  Ordeal Card 7♠",
        "    +2  Trump: ♠ is Trial's own suit",
        "    +5  Proficiency Trial ♠: suited",
        "    +1  Chi spent ×1 (+1 each)",
        "  = 31 against Difficulty 20: beats it by 11 — Pass",
        "  1st place: +1 Success Level (highest Pips)",
        "  Levels: 1 Success, 0 Failure",
        "Ben draws 9♣ by hand — Opposed Suit on Trial ♠",
        "    15  Trial Draw",
        "    +9  Ordeal Card 9♣",
        "  = 24 against Difficulty 20: beats it by 4 — Pass",
        "  2nd place",
        "  +1 Failure Level (Opposed Suit ♣: Rook is the Anti-Facet of Trial)",
        "  Levels: 0 Success, 1 Failure",
        "Ranking: 1st Ann 31 (pass) · 2nd Ben 24 (pass)",
    ]


def test_json_output(capsys):
    code, out, _ = run(capsys, EXAMPLE + ["--json", "--places", "2", "--fail-below", "1"])
    assert code == 0
    data = json.loads(out)
    assert data["facet"] == "Trial" and data["seed"] == 5 and data["difficulty"]["pips"] == 12
    assert sorted(data["ranking"]) == ["Ann", "Ben"]
    for e in data["entries"]:
        assert sum(line["pips"] for line in e["lines"]) == e["total"]
    second = next(e for e in data["entries"] if e["place"] == 2)
    assert any(lv["kind"] == "below_placing" for lv in second["levels"])
    assert data["narration"]


def test_options(capsys):
    code, out, _ = run(capsys, ["--facet", "Awe", "--difficulty-card", "draw", "--base", "5", "--seed", "x",
                                "--char", "A:10", "--char", "B:10", "--char", "C:10", "--draw-off",
                                "--joker", "redraw", "--suit", "Fury=Clubs", "--scene", "the boathouse",
                                "--label", "Bold"])
    assert code == 0
    assert re.search(r"^T13 Card Draw Test: Awe ♦, Bold Difficulty \d+ \(\S+: \d+ \+ base 5\) — seed x$", out, re.M)
    places = re.findall(r"^  =?(\d)\w\w place", out, re.M)
    assert sorted(places) == ["1", "2", "3"]  # a draw-off leaves one of each place
    code, out, _ = run(capsys, ["--difficulty-card", "KH", "--char", "A:10::annex=Legs:success=1:failure=2:card=7S"])
    assert code == 0 and "Difficulty 13 (K♥: 13 + base 0)" in out
    assert "Legs Annex Draw (Trial)" in out and "granted by the Yarn-Teller" in out
    assert "Levels: 2 Success, 2 Failure" in out


def test_a_missing_seed_is_chosen_and_printed(capsys):
    code, out, _ = run(capsys, ["--char", "A:10"])
    assert code == 0
    seed = re.search(r"replay with --seed (\d+)", out).group(1)
    again = run(capsys, ["--char", "A:10", "--seed", seed])[1]
    assert again.splitlines()[1:] == out.splitlines()[1:]


@pytest.mark.parametrize("argv,msg", [
    ([], "at least one --char"),
    (["--char", "Ann"], "NAME:DRAW"),
    (["--char", "Ann:x"], "the Draw must be a whole number"),
    (["--char", "Ann:-1"], "at least 0"),
    (["--char", ":5"], "NAME:DRAW"),
    (["--char", "Ann:5:Nope"], "unknown Facet"),
    (["--char", "Ann:5::colour=red"], "unknown key 'colour'"),
    (["--char", "Ann:5::card=ZZ"], "card"),
    (["--char", "Ann:5::chi=1:chi=2"], "twice"),
    (["--char", "Ann:5:Trial:oops"], "key=value"),
    (["--char", "Ann:5::shock=2"], "Shock"),
    (["--char", "Ann:5", "--char", "Ann:6"], "given twice"),
    (["--char", "Ann:5::card=7S", "--char", "Ben:5::card=7S"], "already out"),
    (["--char", "Ann:5", "--facet", "Nope"], "unknown Facet"),
    (["--char", "Ann:5", "--suit", "Trial=Clubs"], "cannot move"),
    (["--char", "Ann:5", "--suit", "Fury"], "FACET=SUIT"),
    (["--char", "Ann:5", "--difficulty", "-2"], "Difficulty"),
    (["--char", "Ann:5", "--fail-below", "0"], "failure_below"),
    (["--char", "Ann:5", "--difficulty-card", "nope"], "card"),
])
def test_bad_input_is_one_error_line(capsys, argv, msg):
    code, out, err = run(capsys, argv)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1
    assert err.startswith("solo draw-test: error: ") and msg in err


def test_argparse_errors_and_help(capsys):
    code, _, err = run(capsys, ["--bogus"])
    assert code == 2 and "unrecognized arguments" in err
    code, _, err = run(capsys, ["--difficulty", "3", "--difficulty-card", "7S", "--char", "A:1"])
    assert code == 2 and "not allowed with" in err
    code, out, _ = run(capsys, ["--help"])
    assert code == 0 and "NAME:DRAW[:PROFICIENCY,PROFICIENCY...]" in out


def test_parse_char():
    p = parse_char("Ann:16:Fury, Trial:card=7♠:stress=2", "Trial")
    assert (p.name, p.draw, p.card, p.boosts.stress) == ("Ann", 16, 6, 2)
    assert [x.facet for x in p.proficiencies] == ["Fury", "Trial"]


def test_register_as_a_solo_subcommand(capsys):
    parser = argparse.ArgumentParser(prog="solo")
    sub = parser.add_subparsers(dest="command")
    register(sub)
    args = parser.parse_args(["draw-test"] + EXAMPLE)
    assert args.func(args) == 0
    assert capsys.readouterr().out == run(capsys, EXAMPLE)[1]
    args = parser.parse_args(["draw-test", "--char", "A:x"])
    assert args.func(args) == 2


def test_a_failing_first_place_is_told_it_gains_no_success_level(capsys):
    # R13: "the Character with the highest Pips being granted an additional Success Level" — on top of a pass
    code, out, _ = run(capsys, ["--char", "A:5::card=1S", "--seed", "1", "--no-narration"])
    assert code == 0 and "= 8 against Difficulty 20: falls short by 12 — Fail" in out
    assert "+1 Success Level" not in out and "Levels: 0 Success, 0 Failure" in out
    assert "1st place (a fail: no placing Success Level, which is additional to a pass)" in out
    code, out, _ = run(capsys, ["--char", "A:25::card=1S", "--seed", "1", "--no-narration"])
    assert "1st place: +1 Success Level (highest Pips)" in out and "Levels: 1 Success" in out
