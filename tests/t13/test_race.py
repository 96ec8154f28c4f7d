"""The NotT race side-rule core (solo/t13/race.py): mapping, determinism, the night untouched."""

from __future__ import annotations

import re

import pytest

from solo.nott import Game, quick_cast
from solo.nott.game import Character
from solo.t13 import Boosts, Difficulty, ScriptedChance, Tracks
from solo.t13.race import (
    DEFAULTS,
    RaceDefaults,
    RaceError,
    RacerSheet,
    characters_table,
    default_draw,
    default_proficiencies,
    participant_for,
    race_seed,
    run_race,
)

S, H, C, D = 0, 1, 2, 3  # NotT suits: ♠ Power, ♥ Resolve, ♣ Intellect, ♦ Finesse


def cast():
    return [Character("Ann", S, "The Jock"), Character("Ben", H, "The Babysitter"),
            Character("Cy", C, "The Skeptic"), Character("Di", D, "The Rebel")]


@pytest.fixture
def game():
    return Game(cast(), seed=11)


# ---------------------------------------------------------------------- mapping


def test_default_draw_follows_the_aptitude_suit():
    # Trial is ♠: Power (♠) 16 as in the text's "Trial of 16", Intellect (♣, black) 14, red 12.
    assert [default_draw(s, "Trial") for s in (S, H, C, D)] == [16, 12, 14, 12]
    # Awe is ♦: Finesse 16, Resolve (♥, red) 14, black 12.
    assert [default_draw(s, "Awe") for s in (S, H, C, D)] == [12, 14, 12, 16]
    # Heresy ♥, Rook ♣.
    assert [default_draw(s, "heresy") for s in (S, H, C, D)] == [12, 16, 12, 14]
    assert [default_draw(s, "Rook") for s in (S, H, C, D)] == [14, 12, 16, 12]


def test_default_proficiency_is_of_the_aptitude_suit():
    got = [default_proficiencies(s) for s in (S, H, C, D)]
    assert [(p.facet, p.name) for (p,) in got] == [("Fury", "Power"), ("Phoenix", "Resolve"),
                                                   ("Key", "Intellect"), ("Craft", "Finesse")]
    from solo.t13 import DEFAULT_TABLE
    assert [DEFAULT_TABLE.suit_of(p.facet) for (p,) in got] == [S, H, C, D]


def test_participant_for_a_nott_character():
    p = participant_for(Character("Ann", S, "The Jock"), "trial")
    assert (p.name, p.facet, p.draw) == ("Ann", "Trial", 16)
    assert [(x.facet, x.name) for x in p.proficiencies] == [("Fury", "Power")]
    assert p.tracks == Tracks(chi=1) and p.boosts == Boosts()


def test_overrides_replace_the_defaults():
    ann = Character("Ann", S)
    sheet = RacerSheet(draw=9, proficiencies=("Trial", ("Sprinting", "Burden")), annex="Legs",
                       tracks=Tracks(chi=3))
    p = participant_for(ann, "Trial", sheet=sheet, boosts=Boosts(chi=2))
    assert (p.draw, p.annex, p.tracks.chi, p.boosts.chi) == (9, "Legs", 3, 2)
    assert [(x.facet, x.name) for x in p.proficiencies] == [("Trial", ""), ("Burden", "Sprinting")]
    table = RaceDefaults(draw_suited=20, draw_same_colour=1, draw_other=0,
                         proficiencies=("Trial", "Heresy", "Rook", "Awe"), chi=0, difficulty=7)
    assert [default_draw(s, "Trial", table) for s in (S, H, C, D)] == [20, 0, 1, 0]
    q = participant_for(ann, "Trial", defaults=table)
    assert (q.draw, q.proficiencies[0].facet, q.tracks.chi) == (20, "Trial", 0)
    assert run_race(Game(cast(), seed=1), "Trial", defaults=table).difficulty.pips == 7


@pytest.mark.parametrize("kw", [dict(draw_suited=-1), dict(proficiencies=("Trial",)),
                                dict(proficiencies=("Trial", "Nope", "Key", "Awe")), dict(chi=-1),
                                dict(difficulty=True)])
def test_bad_defaults(kw):
    with pytest.raises(ValueError):
        RaceDefaults(**kw)


def test_characters_table_documents_the_defaults():
    text = "\n".join(characters_table())
    for word in ("♠ Power: Proficiency Fury", "♥ Resolve: Proficiency Phoenix", "♣ Intellect: Proficiency Key",
                 "♦ Finesse: Proficiency Craft", "Draw 16", "14", "12"):
        assert word in text


# ---------------------------------------------------------------------- running a race


def test_a_four_way_race_with_known_cards(game):
    # Ann ♠ on Trial with 7♠: 16 Draw + 7 + 2 Trump + 5 Fury (suited) = 30.
    # Ben ♥ with 9♣ (Opposed: Rook ♣): 12 + 9 + 1 Phoenix (unsuited) = 22, one Failure Level.
    # Cy ♣ with K♥ (opposite colour): 14 + 13 + 1 Key (unsuited) = 28, one Failure Level.
    # Di ♦ with Q♦ (opposite colour): 12 + 12 + 5 Craft (suited) = 29, one Failure Level.
    race = run_race(game, "Trial", difficulty=25, chance=ScriptedChance(["7♠", "9♣", "KH", "QD"]))
    r = race.result
    assert [e.total for e in r.entries] == [30, 22, 28, 29]
    assert [e.name for e in r.ranked()] == ["Ann", "Di", "Cy", "Ben"]
    assert [(e.success_levels, e.failure_levels) for e in r.entries] == [(1, 0), (0, 1), (0, 1), (0, 1)]
    assert [e.passed for e in r.entries] == [True, False, True, True]
    lines = race.arithmetic()
    assert lines["Ann"] == [
        "Ann draws 7♠ — Trump on Trial ♠",
        "    16  Trial Draw",
        "    +7  Ordeal Card 7♠",
        "    +2  Trump: ♠ is Trial's own suit",
        "    +5  Proficiency Power (Fury ♠): suited",
        "  = 30 against Difficulty 25: beats it by 5 — Pass",
        "  1st place: +1 Success Level (highest Pips)",
        "  Levels: 1 Success, 0 Failure",
    ]
    assert "  +1 Failure Level (Opposed Suit ♣: Rook is the Anti-Facet of Trial)" in lines["Ben"]
    assert "  = 22 against Difficulty 25: falls short by 3 — Fail" in lines["Ben"]
    assert "  +1 Failure Level (♥ is the opposite colour to Trial's ♠)" in lines["Cy"]
    assert race.ranking_line() == "Ranking: 1st Ann 30 (pass) · 2nd Di 29 (pass) · 3rd Cy 28 (pass) · 4th Ben 22 (fail)"
    eq = race.equations()
    assert eq[0].startswith("Ann: 16 [Trial Draw] + 7 [Ordeal Card 7♠] + 2 [Trump: ♠ is Trial's own suit] + 5 "
                            "[Proficiency Power (Fury ♠): suited] = 30 against Difficulty 25")
    assert race.heading() == "T13 Card Draw Test 1 (side-rule): Trial ♠, Difficulty 25"


def test_every_arithmetic_block_adds_up(game):
    for k in range(20):
        race = run_race(game, ("Trial", "Awe", "Key", "Heresy")[k % 4], night_seed=3, races_so_far=k)
        for e in race.result.entries:
            block = race.arithmetic()[e.name]
            pips = [int(m.group(1)) for line in block[1:] if (m := re.match(r"^ {2,}([+-]?\d+)  \S", line))]
            assert len(pips) == len(e.result.lines)
            assert sum(pips) == e.total
            assert any(line.startswith(f"  = {e.total} against Difficulty") for line in block)
            assert block[-1] == f"  Levels: {e.success_levels} Success, {e.failure_levels} Failure"
            assert any("place" in line for line in block)


def test_race_leaves_the_night_unchanged(game):
    before = game.state_key()
    chance_before = game.chance.getstate()
    for k in range(5):
        run_race(game, "Trial", races_so_far=k, boosts={"Ann": Boosts(chi=1, stress=2)})
        run_race(game, "Awe", difficulty_card="draw", base=5, races_so_far=k)
    assert game.state_key() == before
    assert game.chance.getstate() == chance_before
    assert game.dead == [None] * 4 and game.strikes == [0] * 4


def test_a_race_replays_from_the_night_seed_and_its_number(game):
    def cards(race):
        return [e.result.card for e in race.result.entries]

    a = run_race(game, "Trial", night_seed=5, races_so_far=2)
    b = run_race(Game(cast(), seed=99), "Trial", night_seed=5, races_so_far=2)
    assert a.seed == b.seed == race_seed(5, 2) == "t13-race:5:2"
    assert cards(a) == cards(b) and a.arithmetic() == b.arithmetic()
    # the night's seed is the game's seed unless given
    assert run_race(game, "Trial").seed == "t13-race:11:0"
    assert cards(run_race(game, "Trial")) == cards(run_race(game, "Trial", night_seed=11))
    # a different race number or night draws differently (over a few races)
    runs = {tuple(cards(run_race(game, "Trial", night_seed=5, races_so_far=k))) for k in range(6)}
    assert len(runs) == 6
    assert cards(run_race(game, "Trial", night_seed=6, races_so_far=2)) != cards(a)
    assert a.number == 3


def test_dead_characters_cannot_race(game):
    game.dead[1] = "strikes"
    with pytest.raises(RaceError, match="Ben is dead and cannot race"):
        run_race(game, "Trial", who=["Ben", "Ann"])
    with pytest.raises(RaceError, match="dead"):
        run_race(game, "Trial", who=[1])
    race = run_race(game, "Trial")
    assert [c.name for c in race.characters] == ["Ann", "Cy", "Di"]
    assert race.cast_indexes == (0, 2, 3)
    with pytest.raises(RaceError, match="not racing"):
        run_race(game, "Trial", boosts={"Ben": Boosts(chi=1)})
    game.dead[:] = ["strikes"] * 4
    with pytest.raises(RaceError, match="nobody is left alive"):
        run_race(game, "Trial")


def test_who_races_and_in_what_order(game):
    race = run_race(game, "Trial", who=["di", 0, "Cy"])
    assert [e.name for e in race.result.entries] == ["Di", "Ann", "Cy"]
    with pytest.raises(RaceError, match="named twice"):
        run_race(game, "Trial", who=["Ann", "an"])
    with pytest.raises(RaceError, match="no character called"):
        run_race(game, "Trial", who=["Zed"])
    with pytest.raises(RaceError, match="at least one"):
        run_race(game, "Trial", who=[])


def test_difficulty_choices(game):
    assert run_race(game, "Trial").difficulty.pips == DEFAULTS.difficulty == 20
    assert run_race(game, "Trial", difficulty=7).difficulty.pips == 7
    assert run_race(game, "Trial", difficulty=Difficulty(9, "Bold")).difficulty.describe() == "Bold Difficulty 9"
    d = run_race(game, "Trial", difficulty_card="7♦", base=10).difficulty
    assert (d.pips, d.card) == (17, 3 * 13 + 6)
    drawn = run_race(game, "Trial", difficulty_card="draw", base=2, night_seed=1)
    assert drawn.difficulty.card is not None
    assert drawn.difficulty.card not in [e.result.card for e in drawn.result.entries]
    with pytest.raises(RaceError, match="not both"):
        run_race(game, "Trial", difficulty=3, difficulty_card="7♦")
    with pytest.raises(ValueError):
        run_race(game, "Trial", difficulty=-1)
    with pytest.raises(ValueError):
        run_race(game, "Nope")
    with pytest.raises(RaceError):
        run_race(game, "Trial", races_so_far=-1)


def test_boosts_are_paid_from_a_fresh_sheet(game):
    race = run_race(game, "Trial", boosts={"Ann": Boosts(chi=1, stress=2, strain=1, shock=1)},
                    chance=ScriptedChance(["2♥", "3♥", "4♥", "5♥"]))
    ann = race.result.entry("Ann")
    assert ann.total == 16 + 2 + 1 + 1 + 2 + 2 + 5  # Draw, 2♥, Fury unsuited, Chi, Stress ×2, Strain, Shock
    after = ann.result.tracks_after
    assert (after.chi, after.stress, after.strain, after.shock) == (0, 2, 1, 1)
    block = race.arithmetic()["Ann"]
    for label in ("Chi spent ×1", "Stress Gained ×2", "Strain Gained ×1", "Shock Gained ×1"):
        assert any(label in line for line in block)
    # the next race starts from a fresh sheet again: one Chi to spend, not zero
    again = run_race(game, "Trial", races_so_far=1, boosts={"Ann": Boosts(chi=1)})
    assert again.result.entry("Ann").result.tracks_before == Tracks(chi=1)
    with pytest.raises(ValueError, match="cannot spend 2 Chi"):
        run_race(game, "Trial", boosts={"Ann": Boosts(chi=2)})
    with pytest.raises(ValueError, match="Shock"):
        run_race(game, "Trial", boosts={0: Boosts(shock=2)})


def test_quick_cast_races_and_narrates():
    g = Game(quick_cast(5), seed=5)
    race = run_race(g, "Trial")
    beats = race.beats()
    assert beats[0].kind == "race_opening"
    assert beats[0]["names"] == [c.name for c in g.cast]
    assert {b.kind for b in beats} <= {"race_opening", "race_winner", "race_placing", "race_loser", "race_tie",
                                       "race_failure"}
