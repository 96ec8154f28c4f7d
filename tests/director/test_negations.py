"""Negations as players type them, across the state questions (who is dead, alive, hurt, with
the group): the answer's Yes or No follows the question's direction against the state, which
the test reads from the game itself. A question asked the other way round ("isn't", "didn't",
"aint", "not … anymore", "no longer", a tag "…, right?", "…, is she?") is answered Yes exactly
when its negation holds; "no longer with us" is how the dead are spoken of, not a negation of
it (that reading turned the answer round twice).

Breaks these catch: the tag check dropped (``_tagged`` always False: "X ain't dead, is she?" is
answered as "is X dead?"); "no longer with" read as a negation again; "aint" not read as one."""

from __future__ import annotations

import random

import pytest

from solo.narration.factory import make_narrator
from solo.nott.cast import quick_cast
from solo.nott.rules import ASHCAN
from solo.play.night import Night
from solo.sim.policies import get_policy, next_actions

from .nights import first_death_night, hurt, yes_to


@pytest.fixture(scope="module")
def night():
    """A night played until its first death, with someone hurt among the living."""
    n = first_death_night(ASHCAN, range(3, 60))
    if n is None:
        pytest.fail("no night with a death, a hurt and an unhurt survivor")
    return n


answer = yes_to


def people(night):
    g = night.game
    dead = next(c.name for c, d in zip(g.cast, g.dead) if d is not None)
    sore = next(c.name for i, c in enumerate(g.cast) if g.dead[i] is None and hurt(night, i))
    well = next(c.name for i, c in enumerate(g.cast) if g.dead[i] is None and not hurt(night, i))
    return dead, sore, well


# (question with {who}, whether it asks the other way round, what it asks: dead / alive / hurt)
FORMS = [
    ("Is {who} dead?", False, "dead"),
    ("{who} isn't dead, right?", True, "dead"),
    ("{who} aint dead is she?", True, "dead"),
    ("{who} ain't dead, is it?", True, "dead"),
    ("Is {who} no longer with us?", False, "dead"),
    ("is {who} not alive anymore", True, "alive"),
    ("{who} didn't make it?", True, "alive"),
    ("Is {who} no longer breathing?", True, "alive"),
    ("is {who} still alive", False, "alive"),
    ("{who} isn't hurt, is she?", True, "hurt"),
    ("Is {who} hurt?", False, "hurt"),
]


@pytest.mark.parametrize("form, negated, asks", FORMS, ids=[f[0] for f in FORMS])
def test_the_answer_follows_the_questions_direction(night, form, negated, asks):
    g = night.game
    for name in people(night):
        i = next(k for k, c in enumerate(g.cast) if c.name == name)
        truth = {"dead": g.dead[i] is not None, "alive": g.dead[i] is None,
                 "hurt": g.dead[i] is None and hurt(night, i)}[asks]
        if asks == "hurt" and g.dead[i] is not None:
            continue  # the dead are not asked after as hurt
        assert answer(night, form.format(who=name)) == (truth != negated), (form.format(who=name), truth)


def test_anyone_no_longer_with_us_is_asked_about_the_dead(night):
    assert answer(night, "Is anyone no longer with us?") is True


@pytest.mark.parametrize("name", ["Hank", "Sid", "Ana", "Priya", "Eddie"])
def test_a_statement_with_a_tag_is_read_the_other_way_round_whatever_the_name(name):
    """The small pipeline reads a tag ("is she?") as the sentence's root and the statement before
    it as another clause; the statement's "not" still turns the question round."""
    from solo import english
    from solo.director.understand import _negated as negated

    def _negated(parse):
        return negated(parse, ("dead",) if "with us" in " ".join(t.lower for t in parse) else ())

    for text in (f"{name} aint dead is she?", f"{name} ain't dead, is she?", f"{name} isn't hurt, is he?",
                 f"{name} isn't dead, right?", f"{name} is not hurt, is it?"):
        assert _negated(english.parse(text)), text
    for text in (f"{name} is dead, is she?", f"{name} is hurt, right?", f"is {name} no longer with us?",
                 f"{name} is alive, isn't she?"):
        assert not _negated(english.parse(text)), text


def test_is_it_the_killer_is_answered_in_the_storys_words_not_a_cards():
    """"Is it the Killer?" was answered "Yes. Q♥ is the Killer itself.": a card's name in the
    story's answer (the table's line under the Test names the card). Break it catches: the card
    named again."""
    import re

    for seed in range(3, 40):
        n = Night(quick_cast(seed), ASHCAN, seed, narrator=make_narrator("template", seed=seed))
        n.start()
        rng = random.Random(seed)
        asked = 0
        while n.game.outcome() is None and asked < 2 and len(n.steps) < 400:
            n.ask("is it the killer?")
            told = n.steps[-1].narration[0][1]
            assert not re.search(r"(?:10|[2-9JQKA])[♠♥♣♦]", told), told
            asked += told.startswith("Yes")
            n.act(next_actions(n.game, get_policy("naive"), rng))
        if asked:
            return
    pytest.fail("no night met the Killer in person")
