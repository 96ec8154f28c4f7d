"""Every beat kind renders for every cell, cleanly, with at least three distinct texts.

Beats are built the way the game builds them: hand-made event lists (the rules core's own
event types) go through ``beats_from_events``, so the contexts are the real ones.
"""

from __future__ import annotations

import itertools

import pytest

from solo.narration import BEAT_KINDS, Beat, TemplateNarrator
from solo.director.beats import beats_from_events
from solo.nott import Character, Game, quick_cast
from solo.nott import events as E
from solo.nott.cards import BLACK_JOKER, RED_JOKER, card, card_str, severity


SUITS = range(4)
#: One rank per severity band, and each face card (the Killer's Jack, Queen, King).
CELL_RANKS = (2, 6, 9, 11, 12, 13)
ALL_RANKS = range(1, 14)


def new_game(seed=3):
    return Game(quick_cast(seed), seed=seed)


def only(beats, kind):
    found = [b for b in beats if b.kind == kind]
    assert len(found) == 1, [b.kind for b in beats]
    return found[0]


@pytest.fixture
def render_all(env, check):
    """``render_all(beat)``: the distinct texts over every variant number, each one checked."""
    def render(beat):
        narrator = TemplateNarrator(seed=0, environment=env)
        texts = [narrator.render(beat, v) for v in range(TemplateNarrator.VARIANTS)]
        for t in texts:
            check(t)
        return set(texts)
    return render


@pytest.fixture
def seeded(env, check):
    """``seeded(beat)``: the distinct first texts of narrators with 40 different seeds."""
    def tell(beat):
        texts = {TemplateNarrator(seed=s, environment=env).tell(beat) for s in range(40)}
        for t in texts:
            check(t)
        return texts
    return tell


def resolved(game, who, c, success, fallout):
    diff = game.difficulty(c)
    main = max(0, min(9, (diff - fallout) if success else (diff - fallout - 1)))
    return E.TestResolved(who, c, diff, main, fallout, 0, fallout, success, False)


def outcome_events(game, who, c, success, fallout, strikes_before=0):
    """The events a Resolve push would give for this Test (strike and face card as the rules say)."""
    evs = [resolved(game, who, c, success, fallout)]
    if game.strike_due(c, success, fallout):
        evs.append(E.StrikeGained(who, strikes_before + 1, "test"))
        if strikes_before + 1 >= 3:
            evs.append(E.CharacterDied(who, "strikes"))
    if c % 13 >= 10:
        if success:
            added = card(11 if fallout <= 2 else 12, (c // 13 + 1) % 4)
            evs.append(E.CardMoved(added, E.JACKS if fallout <= 2 else E.QUEENS, E.THREAT, "bottom"))
            evs.append(E.WeaknessFound(c // 13, c, 1))
        else:
            evs.append(E.CardMoved(card(13, (c // 13 + 2) % 4), E.KINGS, E.THREAT, "bottom"))
        evs.append(E.Shuffled(E.THREAT))
    return evs


# ---------------------------------------------------------------------- threat / challenge


@pytest.mark.parametrize("s", SUITS)
@pytest.mark.parametrize("r", ALL_RANKS)
def test_threat_every_card(render_all, seeded, s, r):
    game = new_game()
    c = card(r, s)
    beat = only(beats_from_events(game, [E.ThreatRevealed(c, game.difficulty(c))]), "threat")
    assert beat["severity"] == severity(c) and beat["card"] == card_str(c)
    texts = render_all(beat)
    assert len(texts) >= 3
    # a card told as a scene asks who goes; the rest end on the hazard (the table knows to answer)
    assert all(t.endswith("?") for t in texts) if beat["pace"] == "scene" else not any(t.endswith("?") for t in texts)
    assert len(seeded(beat)) >= 3


@pytest.mark.parametrize("who", range(4))
@pytest.mark.parametrize("c", [card(r, s) for s in SUITS for r in CELL_RANKS] + [RED_JOKER, BLACK_JOKER],
                         ids=card_str)
def test_challenge_every_cell_and_tester(render_all, seeded, who, c):
    game = new_game()
    beat = only(beats_from_events(game, [E.TestBegan(who, c, game.difficulty(c))]), "challenge")
    name = game.cast[who].name
    texts = render_all(beat)
    assert len(texts) >= 3
    pace = beat["pace"]
    for t in texts:
        assert name in t, t
        # a scene asks the tester; a quiet Test asks nothing (the table knows whose turn it is)
        assert t.endswith("?") if pace == "scene" else not t.endswith("?") if pace == "quiet" else True, (pace, t)
        if t.endswith("?"):
            last = t.rstrip("?").split(". ")[-1]
            assert name in last, f"the question is not to {name}: {t!r}"
    assert len(seeded(beat)) >= 3


# ---------------------------------------------------------------------- outcome


@pytest.mark.parametrize("fallout", range(1, 5))
@pytest.mark.parametrize("success", [True, False])
@pytest.mark.parametrize("c", [card(r, s) for s in SUITS for r in CELL_RANKS], ids=card_str)
def test_outcome_every_cell(render_all, seeded, c, success, fallout):
    game = new_game()
    beats = beats_from_events(game, outcome_events(game, 0, c, success, fallout))
    beat = only(beats, "outcome")
    strike = game.strike_due(c, success, fallout)
    assert beat["strike"] is strike and beat["success"] is success and beat["fallout"] == fallout
    texts = render_all(beat)
    assert len(texts) >= 3
    for t in texts:
        name = game.cast[0].name
        assert name in t
        # The story, not the table: a Strike is the dice line's to say (the mechanics under each
        # Test), never a word of the prose; the strike beat that follows tells what it did.
        assert "Strike" not in t, t
        if c % 13 >= 10 and not success:
            assert "Killer" in t, t
    if strike and not beat["dies"]:
        assert all("Strike" not in t and game.cast[0].name in t for t in render_all(only(beats, "strike")))
    else:
        assert "strike" not in [b.kind for b in beats]
    assert len(seeded(beat)) >= 3


@pytest.mark.parametrize("c", [card(r, s) for s in SUITS for r in ALL_RANKS], ids=card_str)
def test_outcome_every_card_and_strike_count(env, check, c):
    game = new_game()
    narrator = TemplateNarrator(seed=1, environment=env)
    for success, fallout, before in itertools.product((True, False), range(1, 5), range(3)):
        for adjust in (-1, 0, 1):
            evs = outcome_events(game, 1, c, success, fallout, before)
            ev = evs[0]
            evs[0] = E.TestResolved(ev.who, ev.card, ev.difficulty, ev.main,
                                    min(4, max(1, fallout - adjust)), adjust, fallout, success, adjust == 0)
            beats = beats_from_events(game, evs)
            for b in beats:
                check(narrator.tell(b))
            if game.strike_due(c, success, fallout) and before == 2:
                assert [b.kind for b in beats][:2] == ["outcome", "death"]
                assert "strike" not in [b.kind for b in beats]


# ---------------------------------------------------------------------- strike / death / weakness

STRIKE_CARDS = [card(r, s) for s in SUITS for r in (5, 6, 7, 8, 9, 10, 11, 12, 13)] + [BLACK_JOKER]


@pytest.mark.parametrize("number", [1, 2])
@pytest.mark.parametrize("c", STRIKE_CARDS, ids=card_str)
def test_strike_every_cell(render_all, seeded, c, number):
    game = new_game()
    success = c % 13 >= 10 and c < 52
    fallout = 4
    evs = [resolved(game, 2, c, success, fallout), E.StrikeGained(2, number, "test")]
    beat = only(beats_from_events(game, evs), "strike")
    assert beat["strike_number"] == number
    texts = render_all(beat)
    assert len(texts) >= 3
    assert all(game.cast[2].name in t and "Strike" not in t for t in texts)
    assert len(seeded(beat)) >= 3


def test_first_and_second_strikes_differ(render_all, seeded):
    game = new_game()
    c = card(8, 0)
    first = only(beats_from_events(game, [resolved(game, 0, c, False, 4), E.StrikeGained(0, 1, "x")]), "strike")
    second = only(beats_from_events(game, [resolved(game, 0, c, False, 4), E.StrikeGained(0, 2, "x")]), "strike")
    assert render_all(first).isdisjoint(render_all(second))


def test_strike_beat_renders_even_for_an_atmospheric_card(render_all, seeded):
    """The rules never give one, but a narrator must not raise on a hand-built beat."""
    game = new_game()
    c = card(3, 1)
    beat = only(beats_from_events(game, [resolved(game, 0, c, False, 4), E.StrikeGained(0, 1, "x")]), "strike")
    assert len(render_all(beat)) >= 3


@pytest.mark.parametrize("c", STRIKE_CARDS, ids=card_str)
def test_death_by_strikes_every_cell(render_all, seeded, c):
    game = new_game()
    evs = [resolved(game, 1, c, False, 4), E.StrikeGained(1, 3, "test"), E.CharacterDied(1, "strikes")]
    beats = beats_from_events(game, evs)
    assert "strike" not in [b.kind for b in beats]
    beat = only(beats, "death")
    assert beat["cause"] == "strikes"
    texts = render_all(beat)
    assert len(texts) >= 3
    assert all(game.cast[1].name in t for t in texts)
    assert len(seeded(beat)) >= 3


@pytest.mark.parametrize("living", range(4))
def test_death_by_red_joker(render_all, seeded, living):
    game = new_game()
    for w in range(3 - living + 1, 4):
        game.dead[w] = "strikes"  # the survivors count as the game shows them
    evs = [resolved(game, 0, RED_JOKER, False, 2), E.RedJokerResolved(False), E.CharacterDied(0, "red joker")]
    game.dead[0] = "red joker"
    beats = beats_from_events(game, evs)
    assert [b.kind for b in beats] == ["red_joker", "death"]
    assert beats[0]["phase"] == "failure" and beats[1]["cause"] == "red joker"
    for b in beats:
        assert len(render_all(b)) >= 3


@pytest.mark.parametrize("found", range(1, 5))
@pytest.mark.parametrize("c", [card(r, s) for s in SUITS for r in (11, 12, 13)], ids=card_str)
def test_weakness_every_cell(render_all, seeded, c, found):
    game = new_game()
    evs = [resolved(game, 3, c, True, 1), E.WeaknessFound(c // 13, c, found)]
    beat = only(beats_from_events(game, evs), "weakness")
    assert beat["found"] == found and beat["remaining"] == 4 - found
    texts = render_all(beat)
    assert len(texts) >= 3 and all(game.cast[3].name in t for t in texts)
    assert len(seeded(beat)) >= 3


# ---------------------------------------------------------------------- the rest


@pytest.mark.parametrize("who", range(4))
@pytest.mark.parametrize("left", [0, 1, 2])
def test_genre_point(render_all, seeded, who, left):
    game = new_game()
    evs = [E.GenrePointSpent(who, left), E.Rolled(who, 8, 3, 7, False, True)]
    beat = only(beats_from_events(game, evs), "genre_point")
    assert beat["total"] == 11
    texts = render_all(beat)
    assert len(texts) >= 3 and all(game.cast[who].name in t for t in texts)


@pytest.mark.parametrize("who", range(4))
@pytest.mark.parametrize("pool_left", [0, 1, 12])
def test_award(render_all, seeded, who, pool_left):
    game = new_game()
    game.genre[who] = 2
    beat = only(beats_from_events(game, [E.GenrePointAwarded(who, pool_left)]), "award")
    texts = render_all(beat)
    # the point is the mechanics line's to say: the prose tells the move, not the game
    assert len(texts) >= 3 and all(game.cast[who].name in t and "Genre Point" not in t and "Director" not in t
                                   for t in texts)


@pytest.mark.parametrize("dead", range(5))
def test_endgame(render_all, seeded, dead):
    game = new_game()
    for w in range(dead):
        game.dead[w] = "strikes"
    beat = only(beats_from_events(game, [E.EndgameBegan((card(5, 0), card(9, 2)))]), "endgame")
    assert len(render_all(beat)) >= 3


@pytest.mark.parametrize("joker", [RED_JOKER, BLACK_JOKER], ids=card_str)
def test_joker_revealed(render_all, seeded, joker):
    game = new_game()
    beat = only(beats_from_events(game, [E.Shuffled(E.TROPHY), E.JokerRevealed(joker, 7, card(7, 1))]),
                "red_joker" if joker == RED_JOKER else "black_joker")
    assert beat["phase"] == "revealed"
    assert len(render_all(beat)) >= 3


@pytest.mark.parametrize("success, removed, added", [
    (True, card(13, 2), None), (True, None, None), (False, None, card(13, 0)), (False, None, None)])
@pytest.mark.parametrize("strike", [False, True])
def test_black_joker_resolved(render_all, seeded, success, removed, added, strike):
    game = new_game()
    fallout = 4 if strike else 2
    evs = [resolved(game, 1, BLACK_JOKER, success, fallout)]
    if strike and not success:
        evs.append(E.StrikeGained(1, 1, "Dire failure"))
    evs += [E.CardMoved(BLACK_JOKER, E.THREAT, E.REMOVED), E.BlackJokerResolved(success, removed, added)]
    beats = beats_from_events(game, evs)
    beat = beats[0]
    assert beat.kind == "black_joker" and beat["phase"] == ("success" if success else "failure")
    assert [b.kind for b in beats] == ["black_joker"] + (["strike"] if strike and not success else [])
    for b in beats:
        assert len(render_all(b)) >= 3


@pytest.mark.parametrize("survivors", [(0,), (0, 2), (1, 2, 3), (0, 1, 2, 3)])
def test_red_joker_success_and_dawn(render_all, seeded, survivors):
    game = new_game()
    for w in range(4):
        if w not in survivors:
            game.dead[w] = "strikes"
    evs = [resolved(game, survivors[0], RED_JOKER, True, 1), E.RedJokerResolved(True), E.Dawn(survivors)]
    beats = beats_from_events(game, evs)
    assert [b.kind for b in beats] == ["red_joker", "dawn"]
    assert beats[1]["survivor_count"] == len(survivors)
    for b in beats:
        texts = render_all(b)
        assert len(texts) >= 3
    for t in render_all(beats[1]):
        assert all(game.cast[w].name in t for w in survivors)


def test_all_dead(render_all, seeded):
    game = new_game()
    game.dead = ["strikes"] * 4
    beat = only(beats_from_events(game, [E.AllDead()]), "all_dead")
    texts = render_all(beat)
    assert len(texts) >= 3 and all(all(c.name in t for c in game.cast) for t in texts)


@pytest.mark.parametrize("seed", range(6))
def test_opening_introduces_the_cast(render_all, seeded, seed):
    game = new_game(seed)
    beats = beats_from_events(game, game.opening_events)
    assert [b.kind for b in beats][:2] == ["opening", "threat"]
    texts = render_all(beats[0])
    assert len(texts) >= 3
    for t in texts:
        for ch in game.cast:
            assert ch.name in t and ch.archetype.split(" ", 1)[-1] in t
            assert f"({ch.aptitude_name})" not in t  # the Aptitude is the cast table's, not the story's


def test_opening_with_bare_characters(render_all, seeded):
    cast = [Character("Al", 0), Character("Bo", 1, "", ""), Character("Cy", 2, "Nurse"), Character("Di", 3, "a Drifter")]
    game = Game(cast, seed=1)
    beats = beats_from_events(game, game.opening_events)
    for b in beats:
        assert len(render_all(b)) >= 3


@pytest.mark.parametrize("band", ["yes-and", "yes", "yes-but", "no", "no-and"])
@pytest.mark.parametrize("statement", [None, "the cellar door is locked"])
def test_answer_to_a_yes_no_question_begins_with_its_answer(render_all, band, statement):
    """The director phrases what the oracle decided: every text begins "Yes" or "No" as the
    band says, tells the statement and the turn it was given, and no other."""
    turn = {"yes-and": "nothing seems to have noticed", "yes-but": "it takes longer than it should",
            "no-and": "the dark is closer than it was"}.get(band)
    beat = Beat("answer", {"answer_kind": "oracle", "form": "yesno", "band": band, "statement": statement,
                           "turn": turn, "yes": band.startswith("yes"), "question": "Is the cellar door locked?"})
    texts = render_all(beat)
    opening = "Yes" if band.startswith("yes") else "No"
    for t in texts:
        assert t.startswith(opening) and not t.startswith("Now"), t
        assert statement is None or statement in t.lower(), t
        assert turn is None or turn in t.lower(), t
    assert len(texts) >= 2


@pytest.mark.parametrize("word,detail", [("what", "That noise upstairs: a window open that nobody opened."),
                                         ("who", "Someone who was here before you left the door open."),
                                         ("where", "It went toward the boathouse."),
                                         ("why", "The door is open, because nobody was ever meant to leave this place."),
                                         ("how", "The gate: through the mess hall.")])
def test_answer_to_an_open_question_tells_its_detail(render_all, word, detail):
    """The director decided the whole sentence (naming what was asked about): it is told as is."""
    beat = Beat("answer", {"answer_kind": "open", "form": "open", "word": word, "detail": detail,
                           "question": f"{word} is it?"})
    for t in render_all(beat):
        assert detail in t, t
        assert not t.startswith(("Yes", "No ")), t


def test_an_interruption_follows_the_answer(render_all):
    beat = Beat("answer", {"answer_kind": "oracle", "form": "yesno", "band": "no", "yes": False,
                           "interrupt": "Nobody finishes the thought."})
    for t in render_all(beat):
        assert t.startswith("No") and t.endswith("Nobody finishes the thought."), t


def test_every_kind_is_covered_here():
    """Each beat kind has a test above (keep this list in step with BEAT_KINDS)."""
    tested = {"opening", "threat", "challenge", "outcome", "genre_point", "award", "weakness", "strike",
              "death", "endgame", "black_joker", "red_joker", "dawn", "all_dead", "answer"}
    assert tested == set(BEAT_KINDS)
