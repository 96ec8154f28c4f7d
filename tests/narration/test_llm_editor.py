"""The director reads a model's paragraph as an editor before anyone sees it
(solo/director/editor.py): what the engine decided is always told, and a reply that ends the
night early, echoes its prompt with chat tokens, turns the outcome round, repeats itself or
gives someone other pronouns, tells someone not of the night as acting, or tells a costly
success as costing nothing is never kept."""

from __future__ import annotations

import random
import re

import pytest

from solo.director.editor import EDITOR_KINDS, edit
from solo.nott.game import Character

from .fakeserver import FakeServer

OUTCOME = {"kind": "outcome", "name": "Tina", "success": True, "lost_item": None}
FAILED = {"kind": "outcome", "name": "Tina", "success": False, "lost_item": "old lighter"}
CAST = [Character("Tina", 0, pronouns="she/her"), Character("Wes", 1, pronouns="he/him")]


@pytest.mark.parametrize("kind, text, beat, extra", [
    ("untold", "The lights flicker and die.", OUTCOME, {}),
    ("untold", "Tina fails, and the dark closes in.", FAILED, {}),  # the lighter lost is never told
    ("flipped", "Tina fumbles it. It goes wrong.", OUTCOME, {}),
    ("flipped", "Tina pulls it off without a scratch, and loses the lighter.", FAILED, {}),
    ("night-over", "Tina gets through. The night has ended. The next day, you're on the drive home.", OUTCOME, {}),
    ("chat-format", "Tina gets through.<|im_end|>", OUTCOME, {}),
    ("chat-format", "Tina gets through. <s>[INST]", OUTCOME, {}),
    ("echo", "Tina gets through. Answer the question in one or two short sentences, in the Director's voice.",
     OUTCOME, {"prompt": "Answer the question in one or two short sentences, in the Director's voice, naming exactly "
                         "that and nothing else new."}),  # the request's own words (prompts/llm/answer.j2)
    ("repeat", "Tina moves through the dark, slow and careful, listening for anything behind the trees.", OUTCOME,
     {"kept": ["Wes moves through the dark, slow and careful, listening for anything behind the trees."]}),
    ("pronouns", "Tina (she/them) gets through it.", OUTCOME, {}),
    ("untold", "Again, Tina's hands are shaking. The window is wide open.",  # SmolLM2, live: the cost untold
     {"kind": "outcome", "name": "Tina", "success": True, "hurt": "a split lip", "strike": False}, {}),
    ("untold", "The story has ended. Tina wakes up in a hospital bed.",  # SmolLM2, live: Wes left out
     {"kind": "dawn", "survivors": ["Tina", "Wes"]}, {}),
    ("stranger", "Tina gets through. Sarah grabs the flashlight.", OUTCOME, {}),
    ("flipped", "Tina slips through without a sound.", {**OUTCOME, "fallout_name": "Messy"}, {}),
])
def test_each_kind_is_caught(kind, text, beat, extra):
    assert kind in [c.kind for c in edit(text, [beat], cast=CAST, **extra)]


@pytest.mark.parametrize("text, beat", [
    ("Tina gets through, barely, and does not fail.", OUTCOME),
    ("Tina's hand shakes; she drops the old lighter into the lake and fails.", FAILED),
    ("Tina (she/her) gets through it.", OUTCOME),
    ("“It's over,” Tina says, and nobody believes her. She gets through.", OUTCOME),  # a character may say it
])
def test_a_paragraph_that_tells_what_was_decided_is_kept(text, beat):
    assert edit(text, [beat], cast=CAST, prompt="Facts: Tina SUCCEEDS.", kept=["The rain comes down."]) == []


def test_a_hurt_is_the_strike_beats_or_the_deaths_to_tell():
    """A Strike's hurt is told by the strike beat after it, and a death tells itself."""
    struck = {"kind": "outcome", "name": "Tina", "success": False, "hurt": "a broken wrist", "strike": True}
    assert edit("Tina stumbles straight into the Killer's reach.", [struck]) == []
    cost = {"kind": "outcome", "name": "Tina", "success": True, "hurt": "a broken wrist", "strike": False}
    assert edit("Tina beats it, barely. The sound goes out of the world for Tina.",
                [cost, {"kind": "death", "name": "Tina"}]) == []


def test_the_directors_own_prose_passes_the_editor_beat_by_beat_and_by_the_stretch():
    """The templates tell every fact: over whole nights (both rulesets, both policies) not one of
    their beats, nor one of their stretches from an outcome to the next Threat Card, is refused."""
    from solo.narration.factory import make_narrator
    from solo.nott.cast import quick_cast
    from solo.nott.rules import ASHCAN, PLAYTEST
    from solo.play.night import Night
    from solo.sim.policies import get_policy, next_actions

    beats = stretches = 0
    for seed in range(1, 5):
        night = Night(quick_cast(seed), ASHCAN if seed % 2 else PLAYTEST, seed,
                      narrator=make_narrator("template", seed=seed))
        seen: list = []
        night.on_told = lambda beat, text, before, after: seen.append(({**beat.context, "kind": beat.kind}, text))
        night.start()
        rng = random.Random(seed)
        while night.game.outcome() is None:
            night.act(next_actions(night.game, get_policy("naive" if seed < 3 else "careful"), rng))
        stretch: list = []
        for ctx, text in seen + [({"kind": "threat"}, "")]:
            if ctx["kind"] in ("outcome", "strike", "death", "weakness", "dawn"):
                beats += 1
                assert edit(text, [ctx], cast=night.cast) == [], text
            if ctx["kind"] in ("threat", "challenge"):
                if any(b["kind"] == "outcome" for b, _ in stretch):
                    stretches += 1
                    told = " ".join(t for _, t in stretch)
                    assert edit(told, [b for b, _ in stretch], cast=night.cast) == [], told
                stretch = []
            else:
                stretch.append((ctx, text))
    assert beats > 200 and stretches > 150


def test_the_night_may_end_at_its_end():
    assert edit("The sun comes up. The night has ended.", [{"kind": "dawn"}]) == []


def test_a_whole_night_against_a_fluent_wrong_server_keeps_none_of_it_and_names_every_tester(tmp_path):
    """A stand-in server whose replies are fluent but wrong, in turn (the night ended, the prompt
    echoed with chat tokens, the outcome turned round, one paragraph again and again, a stranger
acting): nothing
    of it is kept, and every Test's story names its tester after the dice."""
    from solo.narration.llm import LLMNarrator
    from solo.narration.templates import TemplateNarrator
    from solo.nott.cast import quick_cast
    from solo.nott.rules import ASHCAN
    from solo.play.night import Night
    from solo.play.transcript import render
    from solo.sim.policies import get_policy, next_actions

    with FakeServer("wrong") as srv:
        n = LLMNarrator(TemplateNarrator(seed=8), base_url=srv.url, api_key="sk-not-a-key", model="fake",
                        max_retries=0, timeout=5.0, log_path=tmp_path / "llm.jsonl")
        n.FAILURES_BEFORE_PAUSE = 999
        night = Night(quick_cast(8), ASHCAN, 8, narrator=n)
        night.start()
        rng = random.Random(8)
        while night.game.outcome() is None:
            night.act(next_actions(night.game, get_policy("careful"), rng))
        asked = len(srv.requests)
    assert asked >= 20
    told = " ".join(t for s in night.steps for k, t in s.narration if k not in ("dawn", "all_dead"))
    for wrong in ("The night has ended", "drive home", "[INST]", "<s>", "The story has established"):
        assert wrong not in told, wrong  # (at the night's end, it may end)
    assert told.count("slow and careful, listening") <= 1  # once may be told; again is a repeat
    assert "Johnson" not in told
    assert n.usage["kept"] <= 2 and "repeat" in n.usage["refused"] and set(n.usage["refused"]) >= {
        "night-over", "chat-format", "flipped", "stranger"}
    story = render(night, "story")
    tests = re.findall(r"\*🎲 Test \d+, (\w+) on [^*]*\*\n\n(> .*)", story)
    assert len(tests) >= 20
    for name, paragraph in tests:
        assert name in paragraph, (name, paragraph)


def test_every_kind_has_a_test():
    """Each of the editor's kinds has its case above, or in test_editor_record.py (the slips a
    strong model makes: each with its faithful twin)."""
    assert {k for k in EDITOR_KINDS} == {"untold", "flipped", "night-over", "chat-format", "echo", "repeat",
                                         "pronouns", "stranger", "length", "undecided-harm", "too-soon",
                                         "past-action"}


PROMPT = ("The setting: Camp Kettering, by Harrowmere lake. The Killer, Mordecai, wears a mask. The cast: Tina "
          "(she/her); Wes (he/him).")


@pytest.mark.parametrize("text, cast, prompt, stranger", [
    ("Tina gets through. Sarah grabs the flashlight.", CAST, PROMPT, True),  # SmolLM2's kind of invention
    ("Tina gets through. Mr. Johnson appears at the door.", CAST, PROMPT, True),
    ("Tina gets through. She sees Officer Daniels at the window.", CAST, PROMPT, True),  # a title makes a person
    ("Tina gets through. Jason lunges from the dark.", CAST, PROMPT, True),  # the parse reads "Jason lunges" as a noun
    ("Tina gets through. Wes grabs the flashlight.", CAST, "", False),  # a cast member
    ("Tina gets through. Wes grabs the flashlight.", CAST[:1], "", True),  # … and without him in the cast
    ("Tina gets through. Mordecai lunges out of the dark.", CAST, PROMPT, False),  # the Killer's name, prompted
    ("Tina gets through. Mordecai lunges out of the dark.", CAST, "", True),
    ("Tina gets through. Kettering sleeps under the rain.", CAST, PROMPT, False),  # a place of the prompt
    ("Tina gets through. Kettering sleeps under the rain.", CAST, "", True),
    ("Tina gets through. Sarah's flashlight rolls away.", CAST, PROMPT, False),  # a possessive does not act
    ("Wes's hand shakes, and Tina gets through.", CAST, PROMPT, False),
    ("Suddenly the lights die, and Tina gets through.", CAST, PROMPT, False),  # a sentence's first word
    ("Floodwater pours in. Tina gets through.", CAST, PROMPT, False),  # two words run together
    ("Tina gets through. Dawn comes, grey and cold.", CAST, PROMPT, False),  # a word, not a name
    ("Tina gets through. “Sarah!” she calls into the dark.", CAST, PROMPT, False),  # what a character says
    ("Tina gets through. Friday is an hour old.", CAST, PROMPT, False),
])
def test_someone_not_of_the_night_acting_is_a_stranger(text, cast, prompt, stranger):
    found = [c for c in edit(text, [OUTCOME], cast=cast, prompt=prompt) if c.kind == "stranger"]
    assert bool(found) == stranger, found


def test_a_stranger_is_read_only_when_a_name_is_there(monkeypatch):
    """The common paragraph costs no parse: every capitalised word is the cast's, the prompt's
    or English."""
    from solo import english

    def parse(text):
        raise AssertionError(f"parsed {text!r}")

    monkeypatch.setattr(english, "parse", parse)
    assert edit("Suddenly Tina gets through, and Wes's light finds Mordecai at Camp Kettering.", [OUTCOME], cast=CAST,
                prompt=PROMPT) == []
    with pytest.raises(AssertionError, match="parsed"):
        edit("Tina gets through. Sarah grabs the flashlight.", [OUTCOME], cast=CAST, prompt=PROMPT)


def test_without_the_pipeline_only_a_name_after_a_title_is_a_stranger(monkeypatch):
    from solo import english

    monkeypatch.setattr(english, "parse", english._plain)
    kinds = [c.kind for c in edit("Tina gets through. Sarah grabs the flashlight.", [OUTCOME], cast=CAST, prompt=PROMPT)]
    assert "stranger" not in kinds
    kinds = [c.kind for c in edit("Tina gets through. Mr. Johnson appears.", [OUTCOME], cast=CAST, prompt=PROMPT)]
    assert "stranger" in kinds


@pytest.mark.parametrize("text, weight, success, flipped", [
    ("Tina slips through without a sound.", "Messy", True, True),
    ("Tina leaves no sound and no trace.", "Costly", True, True),
    ("Tina does it effortlessly.", "Dire", True, True),
    ("Tina slips through without a sound.", "Clean", True, False),  # the weight it has
    ("Tina gets through, but not without a sound.", "Messy", True, False),  # denied
    ("The latch has to open without a sound. Tina gets it open, loudly.", "Messy", True, False),  # asked for
    ("Tina leaves no sound and no trace, and gets nowhere.", "Clean", False, False),  # a clean failure: no success
])
def test_a_costly_success_told_as_costing_nothing_is_flipped(text, weight, success, flipped):
    beat = {**OUTCOME, "success": success, "fallout_name": weight}
    found = [c for c in edit(text, [beat], cast=CAST) if c.kind == "flipped"]
    assert bool(found) == flipped, found
    assert not found or weight in found[0].why
