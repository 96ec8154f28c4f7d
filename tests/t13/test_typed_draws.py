"""T13 cards drawn by hand (issue 38): every card a Card Draw Test draws can be typed — a
character's card, the card drawn again after a Joker, a tie's draw-off — on the command line
(``card=RJ,7S``) and in the NotT shell's race (``card Iris 7S``). A card that cannot be drawn
(already out of the shared deck, one the rules never ask for, no card at all) is refused with
the reason, in one line."""

from __future__ import annotations

import pytest

import solo.repl.race  # noqa: F401  (registers race on the shell's registry)
from solo.nott import Game, quick_cast
from solo.t13.cards import card_str
from solo.t13.chance import ScriptedChance
from solo.t13.errors import ParticipantError
from solo.t13.group import Participant, run_test
from solo.t13.race import RacerSheet, run_race
from solo.t13.rules import Rules
from tests.repl.conftest import make_shell

from .test_cli import run


def test_a_jokers_redraw_typed_by_hand():
    """Under ``joker="redraw"`` a Joker is set aside and the character draws again: the second
    card is the next one typed, never the chance source's."""
    ann = Participant("Ann", "Trial", 16, card="RJ", then=("7S",))
    r = run_test([ann], 20, ScriptedChance([]), Rules(joker="redraw"))
    e = r.entry("Ann")
    assert card_str(e.result.card) == "7♠" and [card_str(j) for j in e.result.jokers] == ["RJ"]
    assert e.total == 16 + 7 + 2  # the Draw, the card's Pips, Trump (♠ is Trial's)
    assert [card_str(c) for c in e.by_hand] == ["RJ", "7♠"]


def test_a_draw_off_typed_by_hand_breaks_the_tie():
    """"ties='draw_off'": tied characters each draw a card, higher Pips places higher."""
    people = [Participant("Ann", "Trial", 10, card="2H", then=("9D",)),
              Participant("Ben", "Trial", 10, card="2D", then=("3H",))]
    r = run_test(people, 5, ScriptedChance([]), Rules(ties="draw_off"))
    assert [e.name for e in r.ranked()] == ["Ann", "Ben"]
    assert [card_str(c) for c in r.entry("Ann").draw_off] == ["9♦"]


def test_cards_the_rules_never_ask_for_are_refused():
    with pytest.raises(ParticipantError) as err:
        run_test([Participant("Ann", "Trial", 16, card="7S", then=("3H",))], 20, ScriptedChance([]))
    assert str(err.value).startswith("'Ann' drew 1 card, so 3♥ by hand is more than the rules asked for")


def test_a_card_already_out_of_the_shared_deck_is_refused_with_whose_it_is():
    people = [Participant("Ann", "Trial", 16, card="7S"), Participant("Ben", "Trial", 16, card="RJ", then=("7S",))]
    with pytest.raises(ParticipantError) as err:
        run_test(people, 20, ScriptedChance([]), Rules(joker="redraw"))
    assert str(err.value) == "card 7♠ of 'Ben' is already out of the shared deck (drawn by 'Ann')"
    with pytest.raises(ParticipantError, match="draws 7♠ by hand twice"):
        Participant("Ann", "Trial", 16, card="7S", then=("7♠",))


def test_the_command_line_takes_the_cards_drawn_after_the_first(capsys):
    code, out, err = run(capsys, ["--difficulty", "20", "--no-narration", "--joker", "redraw",
                                  "--char", "Ann:16::card=RJ,7S"])
    assert code == 0 and err == ""
    assert "Ann draws 7♠ by hand — Trump on Trial ♠" in out and "RJ set aside: a Joker is drawn again" in out
    code, out, err = run(capsys, ["--difficulty", "20", "--char", "Ann:16::card=7S,3H"])
    assert code == 2 and err.count("\n") == 1 and "3♥ by hand is more than the rules asked for" in err
    code, out, err = run(capsys, ["--difficulty-card", "7S", "--char", "Ann:16::card=7S"])
    assert code == 2 and "card 7♠ of 'Ann' is already out of the shared deck (the Difficulty's card)" in err
    code, out, err = run(capsys, ["--char", "Ann:16::card=7X"])
    assert code == 2 and "invalid card: '7X'" in err


def test_a_race_takes_a_racers_card_drawn_by_hand():
    game = Game(quick_cast(5), seed=5)
    name = game.cast[0].name
    race = run_race(game, "Trial", sheets={0: RacerSheet(cards=("7S",))}, night_seed=5)
    assert card_str(race.result.entry(name).result.card) == "7♠"
    assert any("drawn by hand: 7♠" in line for line in race.equations())


def test_the_shell_race_reads_card_who_x_and_refuses_a_card_already_out():
    sh = make_shell()
    sh.seed = 5
    assert sh.run_line("quick") and sh.run_line("siderule t13 on")
    first, second = sh.night.cast[0].name, sh.night.cast[1].name
    n = len(sh.buf.getvalue())
    assert sh.run_line(f"race Trial card {first} 7S card draw")
    shown = sh.buf.getvalue()[n:]
    assert f"{first} draws 7♠ by hand — Trump on Trial ♠" in shown
    assert "drawn by hand: 7♠" in sh.night.transcript.path.read_text(encoding="utf-8")
    n = len(sh.buf.getvalue())
    assert not sh.run_line(f"race Trial card {first} 7S card {second} 7♠")
    assert sh.buf.getvalue()[n:].startswith(f"error: card 7♠ of {second!r} is already out of the shared deck")
    assert not sh.run_line("race Trial card 7X")
    n = len(sh.buf.getvalue())
    assert not sh.run_line(f"race Trial card 9C card {first} RJ,8S")  # a Joker adds 0 here: nothing is redrawn
    assert "8♠ by hand is more than the rules asked for" in sh.buf.getvalue()[n:]
