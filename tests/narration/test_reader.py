"""The whole-night reader (reader.py): each kind it finds caught on a bad text made by hand, and
left alone on a good one; then the sweeps, held to reader.LIMITS (``stats``)."""

from __future__ import annotations

import pytest

from .reader import (
    LIMITS,
    Told,
    count,
    doubled,
    game_terms,
    noun_picks,
    places,
    read,
    setting,
    short_climaxes,
    threads,
)

CAST = [{"name": n, "items": [], "lost": []} for n in ("Eddie", "Sid", "Mara", "Priya", "Bo", "Ana")]


def f(location: str, indoors: bool, carried=(), playset=None) -> dict:
    own = setting(playset).places.get(location, {})
    people = [{**p, "items": list(carried)} if p["name"] == "Sid" else p for p in CAST]
    return {"location": location, "indoors": indoors, "outdoors": not indoors, "people": people,
            "here": {"place": location, "indoors": indoors, "outdoors": not indoors, "props": own.get("props", []),
                     "sounds": own.get("sounds", []), "threats": own.get("threats", {})}}


def told(kind: str, text: str, **context) -> Told:
    context.setdefault("f", f("the mess hall", True))
    context.setdefault("tests", 4)
    say = context.pop("say", None)
    return Told(kind, text, context, say)


def whys(findings) -> list[str]:
    return [x.why for x in findings]


# ---------------------------------------------------------------------- doubled


def test_an_outcome_told_twice_is_doubled():
    bad = told("outcome", "Eddie sets out to kick it until it breaks, and it works. It works, and the Killer has "
               "heard every second of it.", success=True)
    good = told("outcome", "Eddie sets out to kick it until it breaks, and it works. The Killer has heard every "
                "second of it.", success=True)
    assert whys(doubled([bad])) == ["the outcome told twice"]
    assert doubled([good]) == []


def test_a_success_told_as_a_failure_and_the_reverse():
    assert whys(doubled([told("outcome", "Sid tries to pick the lock, and it holds.", success=True)])) == [
        "a success told as a failure"]
    assert doubled([told("outcome", "Sid tries to pick the lock, and it holds.", success=False)]) == []
    assert whys(doubled([told("outcome", "Mara goes for the latch and pulls it off.", success=False)])) == [
        "a failure told as a success"]
    assert doubled([told("outcome", "Mara goes for the latch and nearly pulls it off.", success=False)]) == []


def test_one_gesture_twice_in_a_row():
    assert "one gesture twice (count)" in whys(doubled([told("challenge", "Ana counts to three, ready to count.")]))
    two = [told("challenge", "Bo glances at the door."), told("outcome", "Bo glances at the door again.",
                                                             success=True)]
    assert any("in a row (glance)" in w for w in whys(doubled(two)))
    assert doubled([told("challenge", "Ana counts to three and runs.")]) == []


# ---------------------------------------------------------------------- game terms


@pytest.mark.parametrize("text", [
    "Dana has earned a Genre Point.", "This is what you're good at, Eddie: Power.", "One weakness found; three to go.",
    "The Director has twelve left to give.", "It was the Q♥ all along.", "That is a Strike for Sid.",
    "Sid has two strikes now.", "Eddie passes the Test.", "The Joker grins.", "It's Messy, but it's done.",
    "Hank, the Sheriff's Child (Resolve), goes first.", "Your Finesse is all you have.",
    "If anyone's finesse can get you through this, it's Hank's.", "Ashley spends a little luck and tries again.",
    "That is the last luck the night gives away.", "Ashley will need the luck right away.",
    "Eddie pushes their luck; of course the Jock would try that.", "The night allows a second chance.",
    "Kit plays it like the movies, and gets another try."])
def test_game_terms_in_the_story_are_found(text):
    assert len(game_terms([told("threat", text)])) == 1


@pytest.mark.parametrize("text", [
    "Your resolve has kept you alive so far.", "The lodge's old clock strikes the wrong hour.",
    "This is the moment Eddie's power was made for.", "The Killer is on Sid.", "Resolve hardens in Eddie's face.",
    "It is a clean cut, and it is over.", "Bo will not be this lucky twice.",
    "Still shut, and the night is not waiting for a second try.", "If anyone has the hands for this, it's Hank."])
def test_plain_words_are_no_game_terms(text):
    assert game_terms([told("threat", text)]) == []


def test_an_answer_about_the_game_may_name_it():
    text = "Sid has two Strikes."
    assert game_terms([told("answer", text, question="how many strikes does Sid have?")]) == []
    assert len(game_terms([told("answer", text, question="is Sid hurt?")])) == 1


# ---------------------------------------------------------------------- threads


THREAD = {"kind": "chosen", "target": "Mara", "opened": 3, "closed": None}


def test_an_announcement_with_no_thread_is_found():
    assert len(threads([told("threat", "The Killer has chosen Mara.")])) == 1
    assert len(threads([told("threat", "Somewhere behind you, it is coming for you.")])) == 1
    assert len(threads([told("strike", "It comes back, slowly, for Sid.")])) == 1
    assert threads([told("outcome", "Mara is following the footprints into the trees.")]) == []
    assert threads([told("death", "It drags Sid into the reeds.")]) == []


def test_a_thread_is_paid_and_names_its_target():
    opens = told("threat", "The Killer has chosen Mara.", opens=THREAD)
    paid = told("outcome", "Mara gets through, and the Killer's choice comes to nothing.", pays=[{**THREAD, "closed": 4}])
    unnamed = told("outcome", "It gets through, and the choice comes to nothing.", pays=[{**THREAD, "closed": 4}])
    assert threads([opens, paid]) == []
    assert whys(threads([opens])) == ["the thread (chosen, Mara) is never paid"]
    assert whys(threads([opens, unnamed])) == ["the thread's pay-off does not name Mara"]


# ---------------------------------------------------------------------- places


def test_a_thing_or_sound_outside_its_place():
    mess = f("the mess hall", True)
    assert len(places([told("threat", "The caretaker's logbook lies open on a table.", f=mess)], setting(None))) == 1
    carried = f("the mess hall", True, carried=["the caretaker's logbook"])
    assert places([told("threat", "The caretaker's logbook lies open on a table.", f=carried)], setting(None)) == []
    cabin = f("the caretaker's cabin", True)
    assert places([told("threat", "The caretaker's logbook lies open on a table.", f=cabin)], setting(None)) == []
    sound = "Every shower in the washhouse runs for one second, then stops."
    assert len(places([told("threat", sound, f=mess)], setting(None))) == 1
    assert places([told("threat", sound, f=f("the washhouse", True))], setting(None)) == []


def test_scenery_indoors_and_out():
    camp = setting(None)
    range_ = f("the archery range", False)
    assert len(places([told("challenge", "The floorboards creak under you.", f=range_)], camp)) == 1
    assert places([told("challenge", "The floorboards creak under you.", f=f("the mess hall", True))], camp) == []
    assert len(places([told("challenge", "Trees overhead creak in the wind.", f=f("the mess hall", True))], camp)) == 1
    assert places([told("challenge", "Trees overhead creak in the wind.", f=range_)], camp) == []
    assert places([told("challenge", "Through the window, the sky is black.", f=f("the mess hall", True))], camp) == []


def test_a_building_the_setting_has_not_got():
    camp = setting(None)
    assert len(places([told("threat", "A door slams upstairs.")], camp)) == 1
    hall = "the upstairs hallway with its row of closed doors"
    party = [told("threat", "A door slams upstairs.", f=f(hall, True, playset="house-party"))]
    assert places(party, setting("house-party")) == []
    assert len(places([told("threat", "Smoke drifts from the campfire.", f=f(hall, True, playset="house-party"))],
                      setting("house-party"))) == 1


# ---------------------------------------------------------------------- noun picks


@pytest.mark.parametrize("say, text", [
    ("I keep the fire extinguisher close.", "The fire it is."),
    ("I search the body for keys.", "It's the body, then, and no second chances."),
    ("I run across the open ground.", "Mara sizes up the open."),
    ("I hotwire the truck.", "Bo sets out to hotwire nothing."),
])
def test_a_noun_lifted_from_the_typed_line(say, text):
    assert len(noun_picks([told("challenge", text, say=say, name="Mara")])) == 1


@pytest.mark.parametrize("say, text", [
    ("I search the body for keys.", "As good as their word, Ana goes to search the body for keys, and pulls it off."),
    ("I run across the open ground.", "Mara runs, low and fast, across the open ground."),
    ("I hotwire the truck.", "Bo manages without the truck keys, somehow."),
    # a noun the line says twice, hung from two verbs: retold with one of them, it is no pick
    ("I tackle it before it can raise the knife. I keep a hand on my hunting knife the whole time.",
     "Sid tackles it before it can raise the knife."),
])
def test_a_line_retold_with_its_verb(say, text):
    assert noun_picks([told("outcome", text, say=say, name="Mara", success=True)]) == []


def test_the_place_the_group_is_at_is_no_pick():
    # the place is the night's; the "-" of "cul-de-sac" (a noun to the parser) is no thing lifted
    at = f("the cul-de-sac out front, every other house dark", False)
    assert noun_picks([told("challenge", "The Killer finds Jesse at the cul-de-sac out front.", f=at,
                            say="I grab the flashlight and run for the cul-de-sac out front.")]) == []


def test_a_why_with_no_verb_of_its_own():
    assert len(noun_picks([told("opening", "Priya to prove the camp legend is a hoax.")])) == 1
    assert noun_picks([told("opening", "Priya wants to prove the camp legend is a hoax.")]) == []
    assert noun_picks([told("opening", "Priya, dared by her friends, came anyway.")]) == []


# ---------------------------------------------------------------------- climaxes


def test_a_climax_told_in_under_three_sentences():
    assert len(short_climaxes([told("death", "Sid dies. It is quick.")])) == 1
    assert short_climaxes([told("death", "Sid runs. It is quicker. The lake closes over him.")]) == []
    assert short_climaxes([told("outcome", "It works.")]) == []


def test_a_whole_good_night_reads_clean():
    night = [told("opening", "It is the thirteenth. The lake is still. Four of you came."),
             told("challenge", "Mara steps up.", say="I pick the lock with a hairpin.", name="Mara"),
             told("outcome", "Mara picks the lock with a hairpin, and it gives.", success=True, name="Mara"),
             told("dawn", "The sky greys. The birds start. You made it.", f=f("the archery range", False))]
    assert read(night) == []
    assert set(LIMITS["auto"]) == set(LIMITS["typed"]) == set(count([]))


# ---------------------------------------------------------------------- the sweeps


def held_to(findings, limits):
    got = count(findings)
    assert {k: got[k] for k in limits if got[k] > limits[k]} == {}, got


@pytest.mark.stats
def test_two_hundred_autoplay_nights_read_whole():
    from concurrent.futures import ProcessPoolExecutor

    from .story_nights import read_nights

    chunks = [range(k, 200, 2) for k in range(2)]
    with ProcessPoolExecutor(max_workers=2) as pool:
        nights = [r for part in pool.map(read_nights, chunks, [True, True]) for r in part]
    held_to([x for r in nights for x in r["reader"]], LIMITS["auto"])


@pytest.mark.stats
def test_twenty_typed_nights_read_whole():
    from tests.repl.test_typed_nights import play

    found = []
    for seed in range(100, 120):
        playset = (None, "house-party", "cabin-in-the-woods")[seed % 3]
        found += play(seed, playset, ("ashcan", "playtest")[seed // 3 % 2], seed % 2 == 0, reader=True)["reader"]
    held_to(found, LIMITS["typed"])


@pytest.mark.stats
def test_one_night_is_read_whole():
    """One autoplay night through the hook: the reader's findings come back, each of a kind."""
    from .story_nights import read_night

    r = read_night(2, reader=True)
    assert isinstance(r["reader"], list) and {x.kind for x in r["reader"]} <= set(count([]))
    assert read_night.__defaults__ == (False,)  # the plain read stays as cheap as it was


def test_a_challenge_is_read_against_a_line_said_before_it_not_the_answer_after():
    """"Pam, what's the plan?" then "No plan: I just run at it." is a question and its answer; the
    same question after the line was said would ask for what the player already gave."""
    say = "No plan: I just run at it."
    after = told("challenge", "Pam, what's the plan?", say=say, name="Pam", already_said=None)
    before = told("challenge", "Pam, what's the plan?", say=say, name="Pam", already_said=say)
    assert noun_picks([after]) == [] and len(noun_picks([before])) == 1
