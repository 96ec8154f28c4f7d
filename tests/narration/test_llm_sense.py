"""The guard reads a model's prose for sense: a reply that talks about the game, the player,
the story or its own writing, answers as an assistant, or names nothing of the beat is not
kept — the templates tell that beat, and the night's summary counts it.

Hand-made texts for each kind, the prose a small model wrote (the smollm2 cassettes), and
cassettes (fake server, ``SOLO_RECORD=1``) of each kind of rejected reply falling back."""

from __future__ import annotations

import pytest

from solo.director.sense import SENSE_KINDS, check_sense

from .test_llm_fiction import KEY, CASSETTES, llm, night_with_a_death_and_a_loss, play_tests, recording

PEOPLE = {"people": [{"name": "Tina", "items": ["flashlight"], "lost": []},
                     {"name": "Wes", "items": [], "lost": ["compass"]}], "location": "the boathouse"}
THREAT = {"kind": "threat", "living": ["Tina", "Wes"], "location": "the boathouse", "f": PEOPLE}
OUTCOME = {"kind": "outcome", "name": "Tina", "living": ["Tina", "Wes"], "f": PEOPLE}
AWARD = {"kind": "award", "name": "Wes", "f": PEOPLE}

BAD = [
    ("fourth-wall", "This is what I created: The last three sentences of the story are about Tina.", OUTCOME),
    ("fourth-wall", "The player says: 3 challenges remain, and Tina must roll the dice.", OUTCOME),
    ("fourth-wall", "Sure! Here is a spooky scene at the boathouse.", THREAT),
    ("fourth-wall", "As an AI language model, I cannot describe Tina's fear.", OUTCOME),
    ("fourth-wall", "Facts: a new challenge appears. Difficulty 4 on a 1-13 roll at the boathouse.", THREAT),
    ("fourth-wall", "The night begins. Introduce the place and the four characters: Tina, Wes. Set a mood.", THREAT),
    ("fourth-wall", "Tina spends a Genre Point and climbs.", OUTCOME),
    ("fourth-wall", "The night has just begun at the boathouse: 1. The group finds themselves at the bed-roller. "
                    "2. A second man comes in behind them. 3. An old man approaches Tina.", THREAT),  # SmolLM2, live
    ("fourth-wall", "The night so far: After 32 Tests: 1/4 weaknesses found. What happens now, already decided, "
                    "in this order: 1. Tina FAILS at a deadly challenge. 2. a new challenge appears.", OUTCOME),
    ("fourth-wall", "The Killer is heard, not seen. The night's stage is unease.", THREAT),  # SmolLM2, live
    ("off-beat", "Magic is real, and everyone is happy.", OUTCOME),
    ("off-beat", "The weather tomorrow will be sunny with a gentle breeze.", AWARD),
]
GOOD = [
    ("Rain hammers the boathouse roof. Tina, what do you do?", THREAT),
    ("The door creaks open, and something breathes behind it. Who goes?", THREAT),
    ("Tina gets through, barely. Wes, without the compass, has no idea which way is north.", OUTCOME),
    ("The story goes that nobody who came to the lake ever left. Tina does not laugh.", OUTCOME),
    ('Tina said "the story is over" and laughed, too loudly, at the boathouse.', OUTCOME),
    ("Of course Wes checks the fuse box. A Genre Point for Wes.", AWARD),
    ("At 3 a.m. the boathouse door opens. Tina counts 2. Then nothing.", THREAT),  # numbers, no list
]


@pytest.mark.parametrize("kind, text, beat", BAD, ids=[f"{k}-{i}" for i, (k, _t, _b) in enumerate(BAD)])
def test_each_kind_is_caught_on_a_hand_made_text(kind, text, beat):
    assert kind in [c.kind for c in check_sense(text, [beat])]


@pytest.mark.parametrize("text, beat", GOOD)
def test_the_directors_prose_is_let_be(text, beat):
    assert check_sense(text, [beat]) == []


def test_every_kind_has_a_bad_text():
    assert {k for k, _t, _b in BAD} == set(SENSE_KINDS)


def test_an_answer_is_not_held_to_naming_the_beat():
    assert check_sense("No. The dark keeps that one to itself.", [{"kind": "answer"}]) == []


@pytest.mark.parametrize("cassette, reply, kind", [
    ("sense-fourth-wall.yaml", ["Here is the ", "next part of the story for the player."], "fourth-wall"),
    ("sense-off-beat.yaml", ["Magic is real, ", "and everyone is happy."], "off-beat"),
])
def test_a_rejected_reply_falls_back_to_the_templates_and_is_counted(tmp_path, cassette, reply, kind):
    night, rng = night_with_a_death_and_a_loss()
    notices: list[str] = []
    with recording(cassette, pieces=reply):
        night.narrator = n = llm(tmp_path, notices)
        play_tests(night, rng, 1)
    told = " ".join(t for s in night.steps[-1:] for _k, t in s.narration)
    assert told and "".join(reply).strip() not in told  # the templates told it
    assert notices and "not the director's prose" in notices[0]
    assert n.usage["fallbacks"] >= 1 and n.usage["calls"] >= 1
    from solo.play.transcript import render

    if night.game.is_over():
        assert "told by the templates instead" in render(night)
    assert KEY not in (CASSETTES / cassette).read_text(encoding="utf-8")


def test_a_small_models_loose_prose_is_refused():
    """What SmolLM2-135M wrote in the recorded night (tests/cassettes/smollm2-night.yaml):
    every text the guard lets through names the night; the echoes of the prompt are refused."""
    import json

    import yaml

    data = yaml.safe_load((CASSETTES / "smollm2-night.yaml").read_text(encoding="utf-8"))
    texts = []
    for i in data["interactions"]:
        body = i["response"]["body"]["string"]
        chunks = [json.loads(line[6:]) for line in body.splitlines() if line.startswith("data: {")]
        texts.append("".join(c["choices"][0]["delta"].get("content") or "" for c in chunks))
    opening = {"kind": "opening", "names": ["Iris", "Jesse", "Wes", "Frankie"]}
    refused = [t for t in texts if check_sense(t, [opening])]
    assert texts and refused, "the small model's prose was all kept"
