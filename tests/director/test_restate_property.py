"""Restating never garbles: a yes/no question about a generated noun phrase is told back with
the noun phrase whole and the predicate after the verb ("Is the master bedroom window painted
shut?" → "the master bedroom window is painted shut"), or not told back at all; never
"the master bedroom window painted is shut"."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solo.director.restate import restate
from solo.director.understand import Lexicon, read

LEX = Lexicon(["Iris", "Wes"], ["she/her", "he/him"])

DETERMINERS = ("the", "the", "my", "our", "that", "Iris's", "Wes's")
MODIFIERS = ("", "", "old", "back", "front", "little", "rusted", "master bedroom", "cellar", "kitchen", "basement",
             "boathouse", "red", "second-floor")
HEADS = ("door", "window", "gate", "hatch", "truck", "car", "radio", "lantern", "shed", "generator", "trapdoor",
         "freezer", "canoe")
PREDICATES = ("open", "locked", "shut", "painted shut", "standing open", "still parked out here", "boarded up",
              "nailed shut", "propped open", "left open", "still running", "broken", "empty", "hidden behind the shed",
              "still there", "working", "unlocked", "covered in mud")


@st.composite
def questions(draw):
    det = draw(st.sampled_from(DETERMINERS))
    mod = draw(st.sampled_from(MODIFIERS))
    head = draw(st.sampled_from(HEADS))
    predicate = draw(st.sampled_from(PREDICATES))
    np = " ".join(w for w in (det, mod, head) if w)
    return np, predicate


def expected(np: str, predicate: str, yes: bool) -> str:
    np = np[:1].lower() + np[1:] if not np.startswith(("Iris", "Wes")) else np
    for mine in ("my ", "our "):
        if np.startswith(mine):
            np = "your " + np[len(mine):]
    if yes:
        return f"{np} is {predicate}"
    if predicate.startswith("still "):
        return f"{np} is no longer {predicate[6:]}"
    return f"{np} is not {predicate}"


RESTATED = []


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(questions(), st.booleans(), st.sampled_from(["Is {} {}?", "is {} {}", "Is {} {}"]))
def test_restating_a_noun_phrase_never_garbles_it(q, yes, shape):
    np, predicate = q
    r = read(shape.format(np, predicate), LEX)
    said = restate(r, yes)
    RESTATED.append(said is not None)
    assert said in (None, expected(np, predicate, yes)), (np, predicate, said)


def test_most_generated_questions_are_told_back():
    """Declining to restate is allowed, not a habit: most are told back (the property above
    has run first and counted)."""
    if len(RESTATED) < 100:
        test_restating_a_noun_phrase_never_garbles_it()
    assert sum(RESTATED) / len(RESTATED) >= 0.8, sum(RESTATED) / len(RESTATED)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(("Iris", "Wes", "the caretaker", "anyone", "my sister")),
       st.sampled_from(("the keys", "a gun", "a light", "the map", "our flashlight", "a way out")), st.booleans())
def test_do_questions_are_told_back_with_the_verb_agreeing(subject, thing, yes):
    r = read(f"Does {subject} have {thing}?", LEX)
    said = restate(r, yes)
    thing_said = thing.replace("our ", "your ")
    who = {"anyone": ("someone", "no one"), "my sister": ("your sister", "your sister")}.get(subject, (subject, subject))
    if yes:
        want = f"{who[0]} has {thing_said}"
    elif subject == "anyone":
        want = f"no one has {thing_said}"
    else:
        want = f"{who[1]} does not have {thing_said}"
    assert said in (None, want), (subject, thing, said)


def test_a_mine_in_a_place_name_is_no_pronoun():
    """"Can we get out through the abandoned mine adit?" was told back as "the abandoned yours
    adit": "mine" swapped for the one asking only where it is a pronoun."""
    from solo.director.restate import restate
    from solo.director.understand import Lexicon, read

    lex = Lexicon(["Kit"], places=["the abandoned mine adit up the hill"])
    told = restate(read("Can we get out through the abandoned mine adit?", lex), True)
    assert "abandoned mine adit" in told and "yours" not in told
    assert restate(read("is the old mine flooded?", lex), True) == "the old mine is flooded"
