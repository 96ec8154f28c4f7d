"""The editor reads a strong model's prose for meaning (solo/director/record.py and the editor's
own reading): each slip a capable model really makes is caught, and its faithful twin — the
same scene told right, from the labelled set's nights — is kept. Each pair would fail on a
planted break of its rule: a check that reads words alone refuses the twin, one that is gone
keeps the slip."""

from __future__ import annotations

import pytest

from solo.director.editor import edit
from solo.nott.game import Character

CAST = [Character("Nancy", 0, pronouns="they/them"), Character("Hank", 1, pronouns="they/them"),
        Character("Laurie", 2, pronouns="she/her"), Character("Eddie", 3, pronouns="he/him")]


def people(**hurts):
    names = ("Nancy", "Hank", "Laurie", "Eddie")
    carry = {"Nancy": ["baseball bat"], "Hank": ["disposable camera"], "Laurie": ["strobe light"], "Eddie": ["hatchet"]}
    return [{"name": n, "alive": True, "items": carry[n], "hurts": list(hurts.get(n, ())), "scrapes": [],
             "pronouns": c.pronouns} for n, c in zip(names, CAST)]


def outcome(name="Nancy", success=True, fallout="Clean", **extra):
    return {"kind": "outcome", "name": name, "success": success, "fallout_name": fallout,
            "f": {"people": people(**extra.pop("hurts", {}))}, **extra}


def kinds(text, beats, **extra):
    return {c.kind for c in edit(text, beats, cast=CAST, **extra)}


@pytest.mark.parametrize("kind, slip, twin, beat", [
    ("pronouns", "Hank crawls under the wire with his head down, the camera hugged to his chest.",
     "Hank crawls under the wire with their head down, the camera hugged to their chest.", outcome("Hank")),
    ("undecided-harm", "Nancy smashes through the door, a splinter of the frame gashing Nancy's cheek open.",
     "Nancy smashes through the door and keeps going, past the broken pinball machine.", outcome()),
    ("undecided-harm", "Nancy lunges, and the bar snaps down on Nancy's fingertip, splitting the nail.",
     "Nancy works a fingertip through the crack and eases the hatch open.", outcome()),
    ("night-over", "Nancy gets the door open, and minutes later the sirens are already turning into the cul-de-sac.",
     "Nancy gets the door open; far off, a siren wails and fades, going somewhere else.", outcome()),
    ("too-soon", "Nancy gets through, and the mask rides up: for a heartbeat it is the face of the neighbour's son.",
     "Nancy gets through, and the mask turns to follow, blank and patient.", outcome()),
    ("past-action", "Nancy kicks aside the baseball bat they wedged under the garage door earlier and slips out.",
     "Nancy wedges the baseball bat under the garage door and slips out.", outcome()),
    ("flipped", "Nancy hauls on the cord, and the hatch finally gives, grinding open onto the black of the attic.",
     "Nancy hauls on the cord, and the hatch stays stubbornly down while the cord burns their palms.",
     outcome(success=False)),
    ("flipped", "Nancy heaves at it, but the wood only groans and stays wedged fast, and they have to give up.",
     "Nancy heaves at it until the wood groans and tears free.", outcome()),
    ("wrong-hands", "Nancy walks the length of the lawn, sweeping Laurie's strobe light across the grass.",
     "Nancy walks the length of the lawn while Laurie sweeps the strobe light across the grass.", outcome()),
])
def test_a_slip_is_caught_and_its_faithful_twin_kept(kind, slip, twin, beat):
    assert kind in kinds(slip, [beat]), slip
    assert kind not in kinds(twin, [beat]), twin


def test_a_wound_the_beat_decided_or_an_old_one_is_no_invented_harm():
    struck = outcome("Eddie", success=False, strike=True, hurt="a broken wrist")
    told = "A gloved hand bends Eddie's wrist back until the bones give, and Eddie's broken wrist is clutched to his chest."
    assert "undecided-harm" not in kinds(told, [struck])
    old = outcome("Nancy", hurts={"Nancy": ["a bruised hip"]})
    assert "undecided-harm" not in kinds("Nancy, favouring the bruised hip, drifts to the back.", [old])
    assert "undecided-harm" in kinds("Nancy, favouring the bruised hip, drifts back, and glass slices Nancy's palm.",
                                     [outcome()])


def test_a_past_deed_the_record_told_is_no_invented_one():
    """The same deed, told earlier (in the request's words or a kept reply), may be recalled."""
    recalled = "Nancy kicks aside the baseball bat they wedged under the garage door earlier and slips out."
    assert "past-action" not in kinds(recalled, [outcome()], prompt="Nancy wedges the bat under the garage door.")
    assert "past-action" not in kinds(recalled, [outcome()], kept=["Nancy wedged the bat under the door."])


def test_the_length_asked_is_held_and_the_closing_question_is_beside_it():
    five = "Nancy goes. The door gives. The hall is dark. Something drips. The stairs wait. Who goes?"
    assert "length" not in kinds(five, [outcome()], most=5)
    assert "length" in kinds(five.replace(" Who goes?", " A floorboard creaks."), [outcome()], most=4)
    quoted = 'Nancy shouts "Watch me," and goes. The door gives. Who goes?'
    assert "length" not in kinds(quoted, [outcome()], most=2)  # a quotation's comma and stop are no sentence end


def test_a_cost_told_in_the_paragraph_is_no_weightless_success():
    """"Without a sound" said of the lost thing falling, with the loss told, is the cost told."""
    costly = outcome("Nancy", fallout="Costly", lost_item="old leather-bound journal")
    kept = ("Nancy drags the door clear. The old leather-bound journal drops through a gap in the floorboards, "
            "and the dark swallows it without a sound.")
    assert "flipped" not in kinds(kept, [costly])
    messy = outcome("Nancy", fallout="Messy")
    assert "flipped" in kinds("Nancy slips through without a sound.", [messy])
    assert "flipped" not in kinds("Nancy gets through. Someone has to climb it without a sound, if anyone can.", [messy])


def test_the_dawn_the_red_joker_brings_may_be_told():
    """The Red Joker beaten: its request says "Dawn comes", so the sun may rise in the reply."""
    won = {"kind": "red_joker", "phase": "success", "name": "Nancy"}
    assert "night-over" not in kinds("Nancy drives it back into the lake, and the sun comes up over the pines.", [won])
    assert "night-over" in kinds("Nancy gets through, and the sun comes up over the pines.", [outcome()])


def test_the_words_the_prompt_hands_the_model_are_no_echo():
    """A place, the Killer's look, a weakness or a decided answer in the prompt's own words is
    used, not echoed; an instruction said back still is."""
    answer = {"kind": "answer", "text": None, "detail": "It went toward the treehouse in the back garden",
              "f": {"places": ["the treehouse in the back garden"]}}
    prompt = ('Facts: Ashley asks: "Where did it go?" The answer is decided: It went toward the treehouse in the back '
              'garden. Answer the question in one or two short sentences, in the Director\'s voice, naming exactly that.')
    assert "echo" not in kinds("It went toward the treehouse in the back garden, a pale shape between the hedges.",
                               [answer], prompt=prompt)
    assert "echo" in kinds("Answer the question in one or two short sentences, in the Director's voice: it went.",
                           [answer], prompt=prompt)


def test_a_run_of_deeds_in_one_sentence_reads_each_for_its_own_doer():
    """A quiet run folded into one sentence (solo/director/pacing.py) names several of the cast:
    what is told of one ("strains at it, and it won't move") is not read for the next, and the
    deed that is the doer's own is still read."""
    run = "For a while it is only the work: Laurie strains at it, and it won't move, and now Hank makes it through."
    assert "flipped" not in kinds(run, [outcome("Hank")])
    turned = "For a while it is only the work: Laurie makes it through, and now Hank strains at it, and it won't move."
    assert "flipped" in kinds(turned, [outcome("Hank")])
    fumbled = "For a while it is only the work: Laurie fumbles it, and now Hank makes it through."
    assert "flipped" not in kinds(fumbled, [outcome("Hank")])
    assert "flipped" in kinds("For a while it is only the work: Laurie gets through, and now Hank fumbles it.",
                              [outcome("Hank")])
