"""A question asked the other way round, as players type it, at every turn of the reading
(solo/director/understand.py ``_negated``, ``_tagged``, ``_tag_start``, ``_other_clause``,
``_predicate``) and of the answer (solo/director/asking.py, restate.py): read round or not, then
answered from the table with the Yes or No its direction gives, and asked of the unknown in
both directions with one answer between them.

Each test names, in its docstring, the broken copies of the code it fails on (planted by hand
and as mutants of ``make mutate GROUPS=asking``, docs/testing.md)."""

from __future__ import annotations


import pytest

from solo.director.understand import Lexicon, read
from solo.narration.factory import make_narrator
from solo.nott.cast import quick_cast
from solo.nott.rules import ASHCAN
from solo.play.night import Night

from .nights import first_death_night, hurt, yes_to

LEX = Lexicon(["Tina", "Wes", "Iris", "Hank"], ["she/her", "he/him", "she/her", "she/her"],
              ["road flare", "truck keys", "hunting knife"],
              ["the chapel in the pines", "the boathouse", "the mess hall"], "the Killer", "the boathouse")

# (question, asked the other way round)
READINGS = [
    # a "not", "never", "no longer" on what is asked
    ("is Tina not dead?", True), ("did Tina never make it?", True), ("is Tina no longer breathing?", True),
    ("does Tina not have the road flare?", True), ("is Tina not with us anymore?", True),
    ("is there no way out?", True), ("is Tina no more?", True), ("is Tina no more", True),
    ("is Tina not here with us?", True),
    # an inverted auxiliary's own "n't" at the front asks, it turns nothing round; a "not" after it does
    ("isn't Tina dead?", False), ("didn't Wes make it?", False), ("doesn't Tina have the road flare?", False),
    ("hasn't Tina got the flare?", False), ("couldn't Wes get out?", False), ("can't Wes run?", False),
    ("won't Tina come back?", False), ("ain't Tina dead?", False), ("shouldnt Tina be dead?", False),
    ("is not dead, Hank?", True), ("is Tina nt dead", True), ("isn't Tina not dead?", True),
    # "or not" asks both ways
    ("is Tina alive or not?", False), ("Is Wes alive, or not?", False), ("whether or not Tina is alive?", False),
    # a "not" in a clause of its own, or in a sentence before the question
    ("is the guy who didn't run still here?", False), ("Wes isn't moving. is he dead?", False),
    ("is the door that wasn't locked open now?", False),
    # ... but a predicate the parse hangs on the subject is the question's own
    ("is the hunting knife not lost", True), ("are the truck keys not lost?", True),
    # "not hurt" saying "good" again
    ("is Tina good, not hurt or anything?", False), ("is Tina good, not hurt", False),
    ("is Tina fine, not injured?", False), ("is Tina okay, not wounded?", False),
    ("is Tina alright, not bleeding?", False), ("is Tina alive, not dead?", False), ("is Tina ok, not hurt?", False),
    # a statement with a tag: the statement's "not" turns it round, the tag's own does not
    ("Tina ain't dead, is she?", True), ("Tina aint dead is she?", True), ("Tina isn't dead, right?", True),
    ("Tina's not dead, is she?", True), ("Tina isnt dead is she", True), ("Wes didn't make it, did he?", True),
    ("not everybody is alive, right", True), ("Tina is dead, isn't she?", False),
    # tags the chatter around a question leaves on ("weren't they?", "couldn't she?", "hadn't he?")
    ("the truck keys were lost, weren't they?", False), ("the truck keys weren't lost, were they?", True),
    ("Tina could get out, couldn't she?", False), ("Tina couldn't get out, could she?", True),
    ("Wes had been hurt, hadn't he?", False), ("Wes hadn't been hurt, had he?", True),
    # how the dead are spoken of, and "no one" (the group, none of it)
    ("is anyone no longer with us?", False), ("is Wes no longer with us?", False), ("no one hurt?", False),
    ("is there no one", False),
    ("is nobody hurt?", False),
    # a verbless "not"
    ("Wes not here?", True),
]


@pytest.mark.parametrize("text, negated", READINGS, ids=[t for t, _ in READINGS])
def test_a_question_is_read_round_exactly_when_it_asks_the_other_way(text, negated):
    """Breaks: any "not" read round (the front "n't", of "can't" and "won't" too, which spaCy
    splits into "ca" and "wo": read round until this test found it; "or not", another clause,
    the tag's own "n't", "not hurt" after "good" no longer set aside), no "not" read round
    ("never", "no longer", "no more" (or one ending the line), "nt", a tagged statement's, a
    bare "is"'s predicate missed), "no longer with" read round, any "not" before a "with" set
    aside, "no one" read as "no" (a determiner: round), the tag not found (``_tagged`` False)
    or found where there is none (True), the tag's start misplaced."""
    assert read(text, LEX).negated is negated


@pytest.fixture(scope="module")
def night():
    """A night played until its first death, with someone hurt among the living, someone not
    hurt, and something carried."""
    n = first_death_night(ASHCAN, range(3, 80), lambda n, living: any(n.story.people[i].items for i in living))
    if n is None:
        pytest.fail("no night with a death, a hurt and an unhurt survivor carrying something")
    return n


yes = yes_to


# (question with {who}, asked the other way round, what it asks)
FORMS = [
    ("is {who} not dead?", True, "dead"),
    ("is not dead, {who}?", True, "dead"),
    ("{who} is dead, isn't she?", False, "dead"),
    ("{who}'s not dead, is she?", True, "dead"),
    ("is {who} alive or not?", False, "alive"),
    ("did {who} never make it?", True, "alive"),
    ("{who} didn't make it, did she?", True, "alive"),
    ("didn't {who} make it?", False, "alive"),
    ("is {who} not with us anymore?", True, "with"),
    ("is {who} good, not hurt or anything?", False, "ok"),
]


@pytest.mark.parametrize("form, negated, asks", FORMS, ids=[f[0] for f in FORMS])
def test_an_answer_from_the_table_follows_the_questions_direction(night, form, negated, asks):
    """For the dead, a hurt survivor and an unhurt one, the answer is Yes exactly when the
    question's direction holds (the truth read from the game and the fiction, not from the
    director). Breaks: the state's answer not turned round for a question read round, and
    every break of the reading above that reaches these forms."""
    g = night.game
    for i, c in enumerate(g.cast):
        dead = g.dead[i] is not None
        if asks in ("ok",) and dead:
            continue  # the dead are not asked after as well
        truth = {"dead": dead, "alive": not dead, "with": not dead, "ok": not dead and not hurt(night, i)}[asks]
        text = form.format(who=c.name)
        assert yes(night, text) == (truth != negated), (text, truth)


def test_no_one_hurt_is_asked_of_the_group(night):
    """"no one hurt?" is Yes exactly when nobody living is hurt; "is anyone no longer with us?"
    Yes when someone is dead. Breaks: "no one" read round, "no longer with" read round."""
    g = night.game
    anyone_hurt = any(hurt(night, i) for i in g.living())
    assert yes(night, "no one hurt?") is (not anyone_hurt)
    assert yes(night, "is nobody hurt?") is (not anyone_hurt)
    assert yes(night, "is anyone no longer with us?") is True


def test_carrying_asked_the_other_way_round(night):
    """"does Tina not have the flare?" is No when she carries it; "doesn't Tina have the flare?"
    is Yes. Breaks: the front "n't" read round, the "not" after the subject missed."""
    g = night.game
    i = next(i for i in g.living() if night.story.people[i].items)
    name, item = g.cast[i].name, night.story.people[i].items[0]
    assert yes(night, f"does {name} have the {item}?") is True
    assert yes(night, f"does {name} not have the {item}?") is False
    assert yes(night, f"doesn't {name} have the {item}?") is True


# (the question of the unknown with {x} and {y}, asked the other way round)
UNKNOWN = [
    ("is the {x} {y}?", False),
    ("is the {x} not {y}?", True),
    ("isn't the {x} {y}?", False),
    ("the {x} isn't {y}, is it?", True),
    ("the {x} is {y}, isn't it?", False),
    ("is the {x} {y} or not?", False),
]
SUBJECTS = [("chapel door", "locked"), ("radio", "working"), ("back gate", "open"), ("cellar hatch", "locked"),
            ("phone", "dead"), ("truck", "working")]


@pytest.mark.parametrize("first", range(len(UNKNOWN)), ids=[f for f, _ in UNKNOWN])
def test_the_unknown_asked_both_ways_gets_one_answer(first):
    """A yes/no of the unknown, first asked in one form, then in every other: the oracle
    decides once, and each form is answered with the Yes or No its direction gives; the
    statement told back says the same ("the radio is not working" exactly when it is not).
    Breaks: the fact kept the wrong way round (``yes != negated`` dropped), a repeat not turned
    round for a question asked the other way, the restatement's "not" dropped or doubled, the
    settled answer's words changed (the fact capitalised, a letter doubled or lost, told as
    the opening's facts are, its statement not kept), the log not saying it was answered
    before (the reply's kind lost), and the reading's breaks above for these forms."""
    night = Night(quick_cast(12), ASHCAN, 12, narrator=make_narrator("template", seed=12))
    night.start()
    for x, y in SUBJECTS:
        order = [first] + [k for k in range(len(UNKNOWN)) if k != first]
        truth = None
        for k in order:
            form, negated = UNKNOWN[k]
            text = form.format(x=x, y=y)
            said = yes(night, text)
            if truth is None:
                truth = said != negated
            assert said == (truth != negated), (text, truth)
            told = night.steps[-1].narration[0][1]
            if f"the {x} is" in told.lower():
                assert (f"the {x} is {y}" in told.lower()) is truth, (text, told)
                assert (f"the {x} is not {y}" in told.lower()) is not truth, (text, told)
            if k != first and negated != UNKNOWN[first][1]:  # asked the other way round: settled
                fact = f"the {x} is {y}" if truth else f"the {x} is not {y}"
                fact = f": {fact}" if first not in (3, 4) else ""  # (a tagged statement is not told back)
                assert told == f"{'Yes' if said else 'No'}. That is already settled{fact}.", (text, told)
            assert night.last_reply.describe() == ("already answered tonight, no new roll" if k != first else
                                                   night.last_reply.answer.describe()), text


def test_the_other_word_for_it_and_what_one_answer_settles_are_read_round_too():
    """"is the chapel door unlocked?" after "is it locked?" is its other way round; a door
    locked is not open, a door open is not locked; "broken" is "working" the other way round.
    Breaks: a predicate's other word not read round (``negated = r.negated`` in
    ``fact_of``), a fact another settles not turned round for a question asked the other way
    (``yes = truth``)."""
    night = Night(quick_cast(12), ASHCAN, 12, narrator=make_narrator("template", seed=12))
    night.start()
    seen = set()
    for x in ("chapel door", "boathouse door", "back gate", "cellar hatch"):
        locked = yes(night, f"is the {x} locked?")
        assert yes(night, f"is the {x} unlocked?") is not locked
        assert yes(night, f"is the {x} not unlocked?") is locked
        if locked:
            assert yes(night, f"is the {x} open?") is False
            assert yes(night, f"is the {x} not open?") is True
            assert yes(night, f"is the {x} closed?") is True
        seen.add(locked)
    for x in ("mess hall door", "shed door", "side gate", "attic hatch"):
        opened = yes(night, f"is the {x} open?")
        assert yes(night, f"is the {x} closed?") is not opened
        if opened:
            assert yes(night, f"is the {x} locked?") is False
            assert yes(night, f"is the {x} not locked?") is True
        seen.add(("open", opened))
    for x in ("radio", "truck", "phone"):
        working = yes(night, f"is the {x} working?")
        assert yes(night, f"is the {x} broken?") is not working
        assert yes(night, f"is the {x} not broken?") is working
    assert {True, ("open", True)} <= seen  # each settling fact was met


def test_what_the_opening_states_is_answered_in_its_words_both_ways():
    """The opening said "the camp is dark": "is the camp dark?" is "Yes. The camp is dark.",
    and "is the camp lit?" is its other way round, "No. The camp is dark." (it was a fresh draw
    of the oracle, which could say the camp is lit: "lit" was read as "light", no word of the
    fact); "is the camp not lit?" is Yes. Breaks: the Yes or No of a stated fact misspelled or
    not turned round (``known.yes == negated``), its statement not capitalised, cut or
    stripped wrongly, told as "already settled" like an answer's, "lit" read as "light"."""
    for seed in range(1, 200):
        night = Night(quick_cast(seed), ASHCAN, seed, narrator=make_narrator("template", seed=seed))
        if "the camp is dark" in night.story.scene_facts:
            break
    else:
        pytest.fail("no opening says the camp is dark")
    night.start()
    for text, told in (("is the camp dark?", "Yes. The camp is dark."), ("is the camp lit?", "No. The camp is dark."),
                       ("is the camp not lit?", "Yes. The camp is dark."),
                       ("isn't the camp lit?", "No. The camp is dark.")):
        night.ask(text)
        assert night.steps[-1].narration[0][1] == told, text


def test_cant_and_wont_at_the_front_ask_the_positive_way():
    """"can't we get out through the window?" is "can we get out through the window?" (the
    same answer), and "can we not …?" its other way round; so for "won't" and "will". They
    were read the other way round (spaCy splits "can't" into "ca" and "n't", and "ca" was no
    auxiliary to the reading), so the answer could contradict the one given. Breaks: "ca" and
    "wo" dropped from the front auxiliaries."""
    night = Night(quick_cast(12), ASHCAN, 12, narrator=make_narrator("template", seed=12))
    night.start()
    for positive, front, negative in (
            ("can we get out through the window?", "can't we get out through the window?",
             "can we not get out through the window?"),
            ("will the truck start?", "won't the truck start?", "will the truck not start?")):
        answer = yes(night, positive)
        assert yes(night, front) is answer, front
        assert yes(night, negative) is not answer, negative
        night2 = Night(quick_cast(12), ASHCAN, 12, narrator=make_narrator("template", seed=12))
        night2.start()
        first = yes(night2, front)  # asked first the other way: the same fact, the same answer after
        assert yes(night2, positive) is first and yes(night2, negative) is not first, front
