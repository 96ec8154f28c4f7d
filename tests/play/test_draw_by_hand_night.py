"""A night with cards drawn by hand (``draw 7S``, issue 38): the transcript says so in both
forms, and undo, save, resume and replay hold — a property test over random hand draws
interleaved with seeded play."""

from __future__ import annotations

import copy
import random
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solo.narration.factory import make_narrator
from solo.nott.actions import Draw, parse_action
from solo.nott.cards import card
from solo.nott.cast import quick_cast
from solo.nott.errors import ImpossibleDrawError
from solo.nott.game import CHOOSE_TESTER
from solo.nott.rules import ASHCAN, PLAYTEST
from solo.play.night import Night
from solo.play.saves import read_save
from solo.play.transcript import render
from solo.sim.policies import get_policy, next_actions

from ..nott.test_draw_by_hand import candidates
from .helpers import stacked_night


def template_night(seed: int, rules=ASHCAN, save: Path | None = None) -> Night:
    night = Night(quick_cast(seed)[: rules.max_cast], rules, seed, narrator=make_narrator("template", seed=seed),
                  save_path=save)
    night.start()
    return night


def test_the_transcript_says_a_card_was_drawn_by_hand_in_both_forms():
    night = template_night(5)
    ace = next(c for c in night.game.deck[:4] if c != night.game.threat)
    was = night.game.threat
    night.act([Draw(ace)])
    story, log = render(night, "story"), render(night, "log")
    name = {0: "A♠", 13: "A♥", 26: "A♣", 39: "A♦"}
    assert f"*🂠 Threat Card drawn by hand: {name[ace]} " in story
    assert f"({name[was]} goes back into the deck).*" in story
    assert "(drawn by hand)**" in log and f"*⚙ In place of {name[was]}, which goes back into the deck.*" in log
    night.act([Draw(card(10, 1), "trophy")] if night.game.trophy_top != card(10, 1) else [Draw(card(10, 2), "trophy")])
    assert "Trophy Pile top drawn by hand: 10" in render(night, "story")
    assert "Trophy Pile top drawn by hand: 10" in render(night, "log")
    night.undo(2)
    assert "drawn by hand" not in render(night, "story") + render(night, "log")


def test_a_card_drawn_in_place_of_another_is_told_as_the_threat_without_a_second_killer_move():
    """The director tells the card drawn by hand (a new "threat" beat); the moment is the same
    one, so the Killer does not move again for it (it moves before some 4 Tests in 10)."""
    night = template_night(9)
    rng = random.Random(9)
    drawn = 0
    while night.game.tests < 15 and not night.game.is_over():
        g = night.game
        other = [c for c in g.deck[: g.blocks[0]] if c != g.threat]
        if g.phase == CHOOSE_TESTER and g.tests and other:
            moves = len(night.story.moves)
            night.act([Draw(other[0])])
            assert [k for k, _t in night.steps[-1].narration] == ["threat"]
            assert len(night.story.moves) == moves
            drawn += 1
        night.act(next_actions(night.game, get_policy("careful"), rng))
    assert drawn >= 10


def test_a_hand_drawn_face_card_on_a_stacked_table_replays_from_its_save(tmp_path):
    night = stacked_night(["2C", "QH", "3D", "KS"], seed=4)
    night.save_path = tmp_path / "n.json"
    night.start()
    night.act([parse_action("draw KS")])
    assert night.game.threat == card(13, 0) and night.game.difficulty() == 10 + 3
    assert [s.actions for s in read_save(night.save_path).steps] == [["draw KS"]]


# ---------------------------------------------------------------------- the property


@settings(max_examples=20, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(seed=st.integers(0, 10**6), rules=st.sampled_from([ASHCAN, PLAYTEST, ASHCAN.with_(fast_setup=True)]),
       data=st.data())
def test_random_hand_draws_undo_save_and_replay_exactly(seed, rules, data):
    with tempfile.TemporaryDirectory() as tmp:
        save = Path(tmp) / "night.json"
        night = template_night(seed, rules, save)
        rng = random.Random(seed)
        states = [(copy.deepcopy(night.game.state_key()), render(night, "story"), render(night, "log"))]
        for _ in range(data.draw(st.integers(10, 60), label="steps")):
            g = night.game
            if g.is_over():
                break
            if g.phase == CHOOSE_TESTER and data.draw(st.booleans(), label="by hand"):
                d = candidates(g, data.draw)
                before = g.state_key()
                try:
                    night.act([d])
                except ImpossibleDrawError as exc:
                    assert "\n" not in str(exc) and g.state_key() == before
                    continue
            else:
                night.act(next_actions(g, get_policy("careful"), rng))
            states.append((copy.deepcopy(night.game.state_key()), render(night, "story"), render(night, "log")))
        # save → load: the same table, steps and transcript, from the save alone
        loaded = Night.from_save(save)
        assert loaded.game.state_key() == night.game.state_key()
        assert [s.actions for s in loaded.steps] == [s.actions for s in night.steps]
        for form in ("story", "log"):
            assert render(loaded, form) == render(night, form)
        # undo every step: each state comes back exactly, the transcript with it
        for n, (key, story, log) in enumerate(reversed(states[:-1]), 1):
            night.undo(1)
            assert night.game.state_key() == key, f"undo {n}"
            assert (render(night, "story"), render(night, "log")) == (story, log), f"undo {n}"
