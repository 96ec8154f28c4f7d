"""beats_from_events on real games: every push's events become beats, every beat is told."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solo.narration import BEAT_KINDS, TemplateNarrator
from solo.director.beats import beats_from_events, opening_beats
from solo.nott import REROLL, RESOLVE, ROLL, Award, Game, Reroll, Resolve, Roll, Test, quick_cast
from solo.nott import events as E
from solo.director.teller import segments


def play(seed, env, check, strategy="first"):
    """Play a whole night; return (game, [(action, events, beats, texts)])."""
    game = Game(quick_cast(seed), seed=seed)
    narrator = TemplateNarrator(seed=game.seed, environment=env)
    rng = random.Random(seed)
    log = []
    beats = opening_beats(game)
    log.append((None, list(game.opening_events), beats, [narrator.tell(b) for b in beats]))
    while game.outcome() is None:
        if strategy == "first":
            actions = [Test(game.living()[0]), ROLL, RESOLVE]
        else:
            actions = [_choose(game, rng)]
        for action in actions:
            events = game.push(action)
            living = game.living()
            line = narrator.respond(game.cast[living[0]], beats[-1]) if beats and living else None
            beats = beats_from_events(game, events, player_action=line)
            texts = [narrator.tell(b) for b in beats]
            for t in texts:
                check(t)
            log.append((action, events, beats, texts))
    return game, log


def _choose(game, rng):
    """Awards now and then, rerolls when a Genre Point is held, Aptitude used when it helps."""
    legal = game.legal_actions()
    awards = [a for a in legal if isinstance(a, Award)]
    if awards and rng.random() < 0.15:
        return rng.choice(awards)
    if game.phase == "choose tester":
        return rng.choice([a for a in legal if isinstance(a, Test)])
    if game.phase == "roll":
        return ROLL
    if REROLL in legal and not game.preview(0).success and rng.random() < 0.8:
        return REROLL
    resolves = [a for a in legal if isinstance(a, Resolve)]
    return max(resolves, key=lambda a: (game.preview(a.adjust).success, -game.preview(a.adjust).fallout))


SEEDS = range(12)


@pytest.mark.parametrize("strategy", ["first", "mixed"])
@pytest.mark.parametrize("seed", SEEDS)
def test_every_night_is_told_and_ends_in_dawn_or_death(env, check, seed, strategy):
    game, log = play(seed, env, check, strategy)
    final = log[-1][2]
    assert final[-1].kind == ("dawn" if game.outcome().dawn else "all_dead")
    if game.outcome().dawn:
        assert final[-1]["survivors"] == [game.cast[w].name for w in game.outcome().survivors]
    assert log[0][2][0].kind == "opening"
    kinds = [b.kind for _, _, beats, _ in log for b in beats]
    assert kinds.count("dawn") + kinds.count("all_dead") == 1


def test_beats_follow_the_events(env, check):
    for seed in SEEDS:
        for strategy in ("first", "mixed"):
            _, log = play(seed, env, check, strategy)
            for action, events, beats, texts in log[1:]:
                kinds = [b.kind for b in beats]
                assert len(texts) == len(beats)
                if isinstance(action, Test):
                    assert kinds == ["challenge"]
                    assert beats[0]["name"] in texts[0].split(". ")[-1]
                elif isinstance(action, Roll):
                    assert kinds == []
                elif isinstance(action, Award):
                    assert kinds == ["award"]
                elif isinstance(action, Reroll):
                    assert kinds == ["genre_point"]
                else:  # Resolve
                    res = next(e for e in events if isinstance(e, E.TestResolved))
                    first = beats[0]
                    if res.card >= 52:
                        assert first.kind == ("red_joker" if res.card == 52 else "black_joker")
                    else:
                        assert first.kind == "outcome"
                        assert first["success"] is res.success and first["fallout"] == res.fallout
                        struck = any(isinstance(e, E.StrikeGained) for e in events)
                        assert first["strike"] is struck
                        # told in the story, never by the game's word for it (the dice line says it):
                        # a strike beat follows a Strike that does not kill
                        told = " ".join(texts)
                        assert "Strike" not in told, texts
                        assert ("strike" in kinds or first["dies"]) is struck, kinds
                    died = [e for e in events if isinstance(e, E.CharacterDied)]
                    assert kinds.count("death") == len(died)
                    strikes = [e for e in events if isinstance(e, E.StrikeGained)]
                    assert kinds.count("strike") == sum(1 for e in strikes if e.strikes < 3)
                    assert kinds.count("weakness") == sum(isinstance(e, E.WeaknessFound) for e in events)
                    assert kinds.count("endgame") == sum(isinstance(e, E.EndgameBegan) for e in events)
                    revealed = sum(isinstance(e, (E.ThreatRevealed, E.JokerRevealed)) for e in events)
                    assert kinds.count("threat") + sum(
                        1 for b in beats if b.get("phase") == "revealed") == revealed
                    if revealed:
                        assert beats[-1].kind == "threat" or beats[-1].get("phase") == "revealed"


def test_all_beat_kinds_appear_over_a_few_nights(env, check):
    seen = Counter()
    phases = set()
    for seed in SEEDS:
        for strategy in ("first", "mixed"):
            _, log = play(seed, env, check, strategy)
            for _, _, beats, _ in log:
                seen.update(b.kind for b in beats)
                phases |= {(b.kind, b.get("phase")) for b in beats if b.kind.endswith("joker")}
    from_events = set(BEAT_KINDS) - {"answer"}  # an answer comes from a question, never from an event
    assert set(seen) == from_events, from_events - set(seen)
    assert {"threat", "outcome", "strike", "death"} <= set(seen)
    assert ("red_joker", "revealed") in phases and ("black_joker", "revealed") in phases


def test_no_text_twice_in_a_row_in_real_nights(env, check):
    for seed in range(4):
        _, log = play(seed, env, check, "mixed")
        last = {}
        for _, _, beats, texts in log:
            for b, t in zip(beats, texts):
                assert last.get(b.kind) != t
                last[b.kind] = t


def test_bookkeeping_alone_makes_no_beats(game):
    evs = [E.CardMoved(3, E.THREAT, E.TROPHY, "top"), E.Shuffled(E.THREAT), E.ReserveDry("king"),
           E.Rolled(0, 4, 2, 4, False, False)]
    assert beats_from_events(game, evs) == []


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10_000), choices=st.randoms(use_true_random=False))
def test_random_legal_play_always_narrates(env, check, seed, choices):
    """Any legal play is told: every text well formed, a threat beat for every Threat Card
    revealed, a death told for every character who dies, and the last beat the night's end."""
    game = Game(quick_cast(seed), seed=seed)
    narrator = TemplateNarrator(seed, environment=env)
    for b in opening_beats(game):
        check(narrator.tell(b))
    last = None
    while game.outcome() is None:
        action = choices.choice(game.legal_actions())
        events = game.push(action)
        beats = beats_from_events(game, events)
        kinds = [b.kind for b in beats]
        assert kinds.count("threat") == sum(isinstance(e, E.ThreatRevealed) for e in events)
        assert kinds.count("death") == sum(isinstance(e, E.CharacterDied) for e in events), kinds
        for b in beats:
            check(narrator.tell(b))
            last = b
    assert last is not None and last.kind == ("dawn" if game.outcome().dawn else "all_dead")


def test_segments_split_where_a_table_moment_begins():
    """``solo.play.night.segments`` (what the played night narrates a moment at a time): the
    parts put back together are the events, and each part but the first begins with a Threat
    Card, a Joker, a roll or the ending, which appear nowhere else."""
    for seed in range(4):
        game = Game(quick_cast(seed), seed=seed)
        rng = random.Random(seed)
        while game.outcome() is None:
            events = game.push(_choose(game, rng))
            parts = segments(events)
            assert [e for part in parts for e in part] == events and all(parts)
            for k, part in enumerate(parts):
                assert k == 0 or isinstance(part[0], _MOMENTS)
                assert not any(isinstance(e, _MOMENTS) for e in part[1:])
    assert segments([]) == []


_MOMENTS = (E.ThreatRevealed, E.JokerRevealed, E.Rolled, E.Dawn, E.AllDead)


@pytest.mark.parametrize("seed", range(6))
def test_events_split_into_table_moments_give_the_same_beats(env, check, seed):
    """A front end may map a push's events a moment at a time (split where a Threat Card,
    a roll or the ending begins); the beats are the same kinds in the same order."""
    game = Game(quick_cast(seed), seed=seed)
    narrator = TemplateNarrator(seed, environment=env)
    rng = random.Random(seed)
    while game.outcome() is None:
        events = game.push(_choose(game, rng))
        whole = [b.kind for b in beats_from_events(game, events)]
        parts = [b for seg in segments(events) for b in beats_from_events(game, seg)]
        assert [b.kind for b in parts] == whole
        for b in parts:
            check(narrator.tell(b))
