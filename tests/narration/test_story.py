"""The story: the fiction, the continuity checker, variety, listening, and a transcript that
is a function of the final history (undo and resume leave no trace)."""

from __future__ import annotations

import re

import random
import statistics
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest

from solo.director.continuity import KINDS, Snapshot, check
from solo.director.fiction import Fiction
from solo.director.listen import action_phrase
from solo.narration.variety import distinct_share, repeated_long
from solo.nott.rules import ASHCAN
from solo.play.night import Night
from solo.play.transcript import render
from solo.world.places import short_place
from solo.world.pronouns import pronouns_of
from solo.sim.autoplay import autoplay

from .story_nights import read_nights

FIGURES: dict[str, str] = {}  # printed at the end of the run (see conftest)

NIGHTS = 1000
VARIETY_NIGHTS = 200

# ---------------------------------------------------------------------- the checker bites


def snap(**kw) -> Snapshot:
    base = dict(dead=frozenset(), lost=frozenset(), living=("Ann", "Ben", "Cat"), anyone_hurt=False,
                weaknesses={}, spoke=frozenset(), aptitudes={"Ann": "Power", "Ben": "Finesse", "Cat": "Resolve"})
    base.update(kw)
    return Snapshot(**base)


def _setting(name: str):
    from solo.playsets import load_playset

    return Fiction([{"name": n} for n in ("Ann", "Ben", "Cat")], 1, load_playset(name).setting())


CABIN, PARTY = _setting("cabin-in-the-woods"), _setting("house-party")
ATTIC, BRIDGE, CELLAR = ("the attic crawlspace", "the rope bridge over the creek gorge",
                         "the cellar under the kitchen trapdoor")


def cabin(place: str, **kw) -> Snapshot:
    """The checker's picture of a night of the cabin playset, with the group at ``place``."""
    return at(CABIN, place, **kw)


def party(place: str = "the garage, dark except for the chest freezer's hum", **kw) -> Snapshot:
    return at(PARTY, place, **kw)


def at(fiction: Fiction, place: str, **kw) -> Snapshot:
    f = fiction.copy()
    f.stop = f.route.index(place)
    s = f.snapshot()
    return Snapshot(**{**s.__dict__, **kw})


def _fact(question: str, yes: bool, statement: str):
    """What the director established by answering ``question`` ``yes`` or no."""
    from solo.director.facts import fact_of
    from solo.director.understand import Lexicon, read

    asked, negated = fact_of(read(question, Lexicon([])))
    from dataclasses import replace

    return replace(asked, yes=yes != negated, statement=statement, negated=negated)


BAD = [  # (kind of contradiction, beat kind, text, before, after, who)
    ("dead-acting", "threat", "Ann grabs the axe and runs for the door.",
     snap(dead=frozenset({"Ann"}), living=("Ben", "Cat")), snap(dead=frozenset({"Ann"}), living=("Ben", "Cat")), None),
    ("lost-in-hand", "threat", "The flashlight is dying, and the path is narrow.",
     snap(lost=frozenset({"flashlight"})), snap(lost=frozenset({"flashlight"})), None),
    ("nobody-hurt", "threat", "It's probably nothing. Nobody is hurt, yet.",
     snap(anyone_hurt=True), snap(anyone_hurt=True), None),
    ("wrong-count", "challenge", "Cat, the Final Girl, is all that stands between the Killer and the others.",
     snap(living=("Cat",), dead=frozenset({"Ann", "Ben"})), snap(living=("Cat",), dead=frozenset({"Ann", "Ben"})),
     "Cat"),
    ("wrong-count", "death", "Ben is gone. Now there are three.",
     snap(), snap(living=("Ann", "Cat"), dead=frozenset({"Ben"})), "Ben"),
    ("epitaph", "death", "Quiet, careful, quick: Ann was all three, right up until the blade.",
     snap(), snap(living=("Ben", "Cat"), dead=frozenset({"Ann"})), "Ann"),
    ("weakness", "threat", "You know one thing about it: it bleeds like anything else.",
     snap(), snap(), None),
    ("weakness", "weakness", "Ben saw it: it cannot see what stands perfectly still.",
     snap(weaknesses={"Finesse": "it turns a beat late, always to the left"}),
     snap(weaknesses={"Finesse": "it turns a beat late, always to the left"}), "Ben"),
    ("asked-again", "challenge", "Ben steps forward. What do you do, Ben?",
     snap(spoke=frozenset({"Ben"})), snap(spoke=frozenset({"Ben"})), "Ben"),
    ("cut-off", "threat", "Running, then walking, then creeping: now it's the boathouse.",
     snap(cut=frozenset({"the boathouse"})), snap(cut=frozenset({"the boathouse"})), None),
    ("strike-text", "strike", "It leaves Ben with a concussion. First Strike for Ben: it almost happened. Almost.",
     snap(), snap(), "Ben"),
    ("cut-off", "threat", "Here at the boathouse, the radio crackles.",
     snap(cut=frozenset({"the boathouse"})), snap(cut=frozenset({"the boathouse"})), None),
    # the setting: a threat a place owns told somewhere else; another place named as here;
    # the woods in a setting without them; trees overhead indoors
    ("setting", "threat", "At the attic crawlspace: the car bogged to the axles in the mud of the logging road.",
     snap(), cabin(ATTIC), None),
    ("setting", "threat", "A window latch that has to be worked open without a sound, here at the rope bridge.",
     snap(), cabin(BRIDGE), None),
    ("setting", "threat", "Here at the attic crawlspace, the floor groans.", snap(), cabin(BRIDGE), None),
    ("setting", "threat", "The dark between the trees looks back.", snap(), cabin(CELLAR), None),
    ("setting", "all_dead", "By morning, Ann, Ben and Cat are a story told around campfires.", snap(), party(), None),
    ("setting", "dawn", "Grey light creeps through the trees, and the night is only a place again.", snap(), party(),
     None),
    ("setting", "threat", "The path through the reeds is narrow and slick, and the light is going.", snap(),
     snap(location="the mess hall", places=("the mess hall",), indoors=True), None),
    # a building's insides out of doors
    ("setting", "threat", "A beam has come down across the hallway, and something is moving behind it.", snap(),
     cabin(BRIDGE), None),
    ("setting", "threat", "Someone has scratched each of your names into the mirror.", snap(), cabin(BRIDGE), None),
    ("setting", "threat", "Here at the trail around the lake, the stairs collapse in a shower of rotten wood.", snap(),
     snap(location="the trail around the lake", places=("the trail around the lake",), outdoors=True), None),
    # wounds: a hurt on a character it does not belong to; an old wound told as the Strike's
    ("wrong-wound", "challenge", "Ben limps forward, cracked ribs burning with every breath.",
     snap(hurts={"Ann": ("cracked ribs",), "Ben": ()}), snap(hurts={"Ann": ("cracked ribs",), "Ben": ()}), "Ben"),
    ("wrong-wound", "strike", "Second Strike for Ben: a broken nose, and it pours.",
     snap(hurts={"Ben": ("a broken nose",)}), snap(hurts={"Ben": ("a broken nose", "a concussion")}), "Ben"),
    ("wrong-wound", "strike", "It happens fast. It leaves Ben with cracked ribs. One Strike.",  # the outcome told it
     snap(hurts={"Ben": ("cracked ribs",)}, hurts_told=frozenset({("Ben", "cracked ribs")})),
     snap(hurts={"Ben": ("cracked ribs",)}, hurts_told=frozenset({("Ben", "cracked ribs")})), "Ben"),
    # an award's reason: a trope the player's line does not play, or no line at all
    ("award-reason", "award", "Ben goes for it: daring someone to say the name three times. A Genre Point.",
     snap(), party(lines={"Ben": "I feint left and go right."}), "Ben"),
    ("award-reason", "award", "The Director knows this one: laughing off the legend. A Genre Point for Ann.",
     snap(), cabin(ATTIC, lines={"Ann": "I run for the car and try the keys."}), "Ann"),
    ("award-reason", "award", "Of course: going to check the basement. Cat has earned a Genre Point.",
     snap(), party(), "Cat"),
    ("answer-contradicted", "threat", "The cellar door is locked, and something waits behind it.",
     snap(facts=(_fact("Is the cellar door locked?", False, "the cellar door is not locked"),)), snap(), None),
    ("answer-contradicted", "threat", "Headlights sweep the trees: the road is open again.",
     snap(facts=(_fact("Is the road still out?", True, "the road is still out"),)), snap(), None),
    ("answer-contradicted", "answer", "No. The gate is shut.",
     snap(facts=(_fact("Is the gate open?", True, "the gate is open"),)), snap(), None),
]


@pytest.mark.parametrize("kind, beat, text, before, after, who", BAD, ids=[f"{b[0]}-{i}" for i, b in enumerate(BAD)])
def test_the_checker_catches_each_kind_on_a_hand_made_bad_text(kind, beat, text, before, after, who):
    assert kind in [c.kind for c in check(text, beat, before, after, who)]


def test_a_flipped_answer_is_caught():
    """An answer to a yes/no question must open with the director's decision."""
    from solo.director.continuity import check_answer

    assert [c.kind for c in check_answer("No. The door holds.", True)] == ["answer-flipped"]
    assert [c.kind for c in check_answer("Nope, not a chance.", False)] == ["answer-flipped"]
    assert [c.kind for c in check_answer("Yesterday, maybe.", True)] == ["answer-flipped"]
    assert check_answer("Yes, and the door holds.", True) == [] and check_answer("“No.” Nothing more.", False) == []
    assert check_answer("Over by the lake.", None) == []


def test_every_kind_has_a_bad_text():
    assert {b[0] for b in BAD} | {"answer-flipped"} == set(KINDS)  # answer-flipped: the test above


GOOD = [
    ("threat", "Nobody says Ann's name out loud; Ann is dead.", snap(dead=frozenset({"Ann"})), None),
    ("answer", "Yes. That is already settled: the cellar door is not locked.",
     snap(facts=(_fact("Is the cellar door locked?", False, "the cellar door is not locked"),)), None),
    ("threat", "The road is still out, and the lake is black.",
     snap(facts=(_fact("Is the road out?", True, "the road is out"),)), None),
    ("outcome", "It costs Ben: Ben's flashlight is lost in the dark.", snap(), None),
    ("outcome", "Without the flashlight, Cat feels her way along the wall.", snap(lost=frozenset({"flashlight"})), None),
    ("threat", "Nobody is hurt, yet.", snap(), None),
    ("death", "Ann was stubborn to the last. Now there are three.",
     snap(living=("Ben", "Cat", "Dee")), "Ann"),
    ("challenge", "Ben's plan is to climb. The dice will tell how that goes.", snap(spoke=frozenset({"Ben"})), "Ben"),
    ("challenge", 'Ben said "I hum quietly." What do you do, Cat?', snap(spoke=frozenset({"Ben"})), "Cat"),
    ("threat", "The way back to the boathouse is cut off now.", snap(cut=frozenset({"the boathouse"})), None),
    ("threat", "Whatever is left at the boathouse, nobody is going back.", snap(cut=frozenset({"the boathouse"})),
     None),
    ("threat", "At the logging road: the car bogged to the axles in the mud of the logging road.",
     cabin("the logging road, where the car is parked"), None),
    ("threat", "The dark between the trees looks back. Here at the rope bridge, the ropes creak.", cabin(BRIDGE), None),
    ("threat", "A beam has come down across the hallway, and something is moving behind it.", cabin(ATTIC), None),
    ("threat", "The way back to the attic crawlspace is cut off now.", cabin(BRIDGE), None),  # a place named
    ("answer", "Yes: the attic hatch is dark.", cabin(BRIDGE), None),  # what the player asked about
    ("threat", "The stairs collapse in a shower of rotten wood.", snap(), None),  # a place the setting says nothing of
    ("threat", "A rope ladder hangs from the treehouse; the way back to the kitchen is cut off.", party(), None),
    ("challenge", "Ann binds Ben's cracked ribs.", snap(hurts={"Ann": (), "Ben": ("cracked ribs",)}), "Ann"),
    ("strike", "On top of the broken nose, Ben takes a concussion.",
     snap(hurts={"Ben": ("a broken nose", "a concussion")}), "Ben"),
    ("strike", "Ben's cracked ribs flare again. One Strike.",
     snap(hurts={"Ben": ("cracked ribs",)}, hurts_told=frozenset({("Ben", "cracked ribs")})), "Ben"),
    ("award", "Ben goes for it: daring someone to say the name three times. A Genre Point.",
     party(lines={"Ben": "I dare Cat to say his name three times."}), "Ben"),
    ("award", "The Director nods: Ben played the Jock to the hilt. A Genre Point.", party(), "Ben"),
]


@pytest.mark.parametrize("beat, text, fiction, who", GOOD)
def test_the_checker_lets_the_story_be(beat, text, fiction, who):
    assert check(text, beat, fiction, fiction, who) == []


# ---------------------------------------------------------------------- the fiction


def _night(seed=4, policy="naive", **kw):
    return autoplay(seed, ASHCAN, policy, out=None, **kw)


def test_a_costly_fallout_takes_a_named_thing_from_that_character_for_good():
    night = _night(7)
    seen = 0
    for k, step in enumerate(night.steps):
        for kind, text in step.narration:
            if kind != "outcome":
                continue
            taken = {m["item"] for m in night.story.moves if m["kind"] == "takes"}  # told by the Killer's move
            before, after = night._stories[k], (night._stories[k + 1] if k + 1 < len(night._stories) else night.story)
            for p, q in zip(before.people, after.people):
                gone = set(p.items) - set(q.items) - taken
                if gone:
                    seen += 1
                    (item,) = gone
                    # "Priya's flashlight", or "her flashlight" once the sentence has named her
                    own = pronouns_of(p.pronouns).determiner
                    assert item in q.lost and (f"{p.name}'s {item}" in text or (
                        p.name in text and f" {own} {item}" in text))
                    later = [t for s in night.steps[k + 1:] for _k, t in s.narration] + \
                            [s.say for s in night.steps[k + 1:] if s.say]
                    assert all(item not in t or any(w in t for w in ("lost", "gone", "without")) for t in later)
    assert seen, "no Costly Fallout in this night: pick another seed"


def test_strikes_are_hurts_and_deaths_have_a_place():
    night = _night(12, "naive")
    g = night.game
    for i, p in enumerate(night.story.people):
        assert len(p.hurts) >= min(g.strikes[i], night.game.rules.strikes_to_die) - (1 if g.dead[i] else 0)
        if g.dead[i] is not None:
            assert p.dead and p.died_at in {short_place(x) for x in night.story.locations}
        else:
            assert not p.dead


def test_weaknesses_are_named_once_in_the_fictions_own_words():
    night = _night(3, "careful")
    words = night.story.weaknesses
    assert len(words) == night.game.found()
    text = render(night, "story")
    for w in words.values():
        assert w in text


def test_the_group_moves_through_the_settings_places():
    night = _night(5)
    places = {night._stories[k].location for k in range(len(night._stories))}
    assert len(places) >= 3 and places <= set(night.story.locations)


def test_the_fiction_is_rebuilt_the_same_from_the_same_history():
    a, b = _night(9), _night(9)
    assert [p.__dict__ for p in a.story.people] == [p.__dict__ for p in b.story.people]
    assert a.story.used == b.story.used


def test_fiction_copies_are_independent():
    f = Fiction([{"name": "Ann", "aptitude": "Power"}], 1)
    g = f.copy()
    g.said("Ann", "I run.")
    g.people[0].items.clear()
    assert f.people[0].line is None and f.people[0].items


# ---------------------------------------------------------------------- listening


@pytest.mark.parametrize("line, phrase", [
    ("I brace my feet and pull until something gives.", "brace their feet and pull until something gives"),
    ("Okay. I pick the lock with a hairpin.", "pick the lock with a hairpin"),
    ("Again, I move when the noise does and stop when it stops.", "move when the noise does and stop when it stops"),
    ("I'll climb out of the window myself.", "climb out of the window themselves"),
    ("I'm going to hide under my bed.", "hide under their bed"),
    ("I stay exactly where I am and face it.", "stay exactly where they are and face it"),
    ("Run!", None),
    ("I think we should leave.", None),
])
def test_action_phrases(line, phrase):
    assert action_phrase(line) == phrase


def test_the_director_takes_up_what_the_player_typed():
    """A line typed before the Test: the director does not ask again, nor says the plan back
    before the dice (it would be said twice in a row), and the outcome tells the character
    doing what the player said, in the player's words."""
    from solo.nott.actions import RESOLVE, ROLL, Test
    from solo.nott.cast import quick_cast
    from solo.narration.factory import make_narrator

    cast = quick_cast(2)
    night = Night(cast, ASHCAN, 2, narrator=make_narrator("template", seed=2))
    texts: list[tuple[str, str]] = []
    night.out = lambda kind, text: texts.append((kind, text)) if kind == "stream-end" else None
    night.start()
    who = night.game.living()[0]
    item = night.story.people[who].items[0]  # a thing the tester holds
    night.say(f"I climb onto the roof and wave the {item}", who)
    night.act([Test(who)])
    challenge = night.steps[-1].narration[0][1]
    assert "what do you do" not in challenge.lower() and "what's the move" not in challenge.lower()
    assert night.names[who] in challenge and "climb onto the roof" not in challenge
    night.act([ROLL])
    if night.game.phase != "choose tester":
        night.act([RESOLVE])
    outcome = next(t for k, t in night.steps[-1].narration if k == "outcome")
    # the deed in the player's words, as the story tells it (the present tense) or as what they set out to do
    assert re.search(rf"\bclimbs? onto the roof and waves? the {re.escape(item)}\b", outcome), outcome


# ---------------------------------------------------------------------- undo and resume


def test_twenty_undos_leave_no_trace():
    """A night with 20 undos, each step played again after it, writes the same transcript as
    the night played straight through."""
    from solo.narration.factory import make_narrator
    from solo.nott.actions import Test
    from solo.nott.cast import quick_cast
    from solo.sim.policies import get_policy, next_actions

    def play(seed, undos):
        narrator = make_narrator("template", seed=seed)
        night = Night(quick_cast(seed), ASHCAN, seed, narrator=narrator)
        night.start()
        rng = random.Random(seed)
        chaos = random.Random(99)
        script: list = []  # (actions, say, who) per step, as first played
        done = 0
        while night.game.outcome() is None:
            if len(night.steps) < len(script):  # replaying what an undo took back
                actions, say, who = script[len(night.steps)]
                night.act(actions) if actions else night.say(say, who)
                continue
            actions = next_actions(night.game, get_policy("careful"), rng)
            night.act(actions)
            script.append((actions, None, None))
            if isinstance(actions[0], Test):
                beat = next(b for b in reversed(night.last_beats) if b.kind == "challenge")
                line = narrator.respond(night.game.cast[actions[0].who], beat)
                night.say(line, actions[0].who)
                script.append(([], line, actions[0].who))
            if done < undos and chaos.random() < 0.4 and night.game.outcome() is None:
                night.undo(chaos.randint(1, min(4, len(night.steps))))
                done += 1
        return night, done

    straight, _ = play(31, 0)
    bumpy, done = play(31, 20)
    assert done == 20
    assert render(bumpy, "story") == render(straight, "story")
    assert render(bumpy, "log") == render(straight, "log")


def test_a_killed_and_resumed_night_writes_the_same_file(tmp_path, monkeypatch):
    monkeypatch.setenv("SOLO_HOME", str(tmp_path / "home"))
    from solo.narration.factory import make_narrator
    from solo.nott.actions import Test
    from solo.nott.cast import quick_cast
    from solo.sim.policies import get_policy, next_actions

    def play(save, stop=None, night=None, rng=None):
        seed = 44
        if night is None:
            narrator = make_narrator("template", seed=seed)
            night = Night(quick_cast(seed), ASHCAN, seed, narrator=narrator, save_path=save,
                          transcript_path=tmp_path / "home" / "transcripts" / (save.stem + ".md"))
            night.start()
            rng = random.Random(seed)
        while night.game.outcome() is None and (stop is None or len(night.steps) < stop):
            actions = next_actions(night.game, get_policy("naive"), rng)
            night.act(actions)
            if isinstance(actions[0], Test):
                beat = next(b for b in reversed(night.last_beats) if b.kind == "challenge")
                night.say(night.narrator.respond(night.game.cast[actions[0].who], beat), actions[0].who)
        return night, rng

    saves = tmp_path / "home" / "saves"  # nights of one's own: their transcripts are named after them
    saves.mkdir(parents=True)
    whole, _ = play(saves / "a.json")
    half, rng = play(saves / "b.json", stop=40)
    del half  # killed: only the save and the transcript on disk remain
    resumed = Night.from_save(saves / "b.json", narrator=make_narrator("template", seed=44))
    resumed, _ = play(saves / "b.json", night=resumed, rng=rng)
    a = (tmp_path / "home" / "transcripts" / "a.md").read_text(encoding="utf-8")
    b = (tmp_path / "home" / "transcripts" / "b.md").read_text(encoding="utf-8")
    assert a == b and "## Epilogue" in a


def test_render_renders_an_old_save_either_way(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("SOLO_HOME", str(tmp_path / "home"))
    from solo.cli import main
    from solo.narration.factory import make_narrator
    from solo.nott.cast import quick_cast

    night = _night(6)
    save = tmp_path / "n.json"
    from solo.play.saves import write_save

    write_save(night.to_save(), save)
    assert main(["render", str(save)]) == 0
    story = capsys.readouterr().out
    assert story == render(night, "story")
    assert main(["render", str(save), "--as", "log", "-o", str(tmp_path / "log.md")]) == 0
    assert (tmp_path / "log.md").read_text(encoding="utf-8") == render(night, "log")
    assert main(["render", str(save), "--as", "log", "-o", str(tmp_path / "log.md")]) == 2  # no --force
    del make_narrator, quick_cast


# ---------------------------------------------------------------------- a thousand nights
# The figures are measured over a thousand nights under the ``stats`` marker (`.ci/run`);
# `make test` holds the same checks to a sample of them.

SAMPLE = 12


def _read(count: int) -> list[dict]:
    if count <= SAMPLE:  # make test's few nights: its workers already keep the cores busy
        return sorted(read_nights(range(count)), key=lambda r: r["night"])
    chunks = [range(k, count, 2) for k in range(2)]
    with ProcessPoolExecutor(max_workers=2) as pool:
        out = [r for part in pool.map(read_nights, chunks) for r in part]
    return sorted(out, key=lambda r: r["night"])


@pytest.fixture(scope="module")
def nights():
    return _read(NIGHTS)


@pytest.fixture(scope="module")
def some_nights():
    return _read(SAMPLE)


def contradict_nothing(nights, count):
    found = [f for r in nights for f in r["found"]]
    FIGURES["continuity"] = f"{len(nights)} autoplay nights (both rulesets, both policies, default camp and " \
                            f"both built-in playsets): {len(found)} contradictions"
    assert len(nights) == count
    assert found == []


def killer_closes_in(nights):
    """The stage never runs backwards and is the finale at the Endgame; the Killer never moves
    on the dead or on a thing already lost, what it takes or cuts off is told, and the group
    never goes back where it was cut off (the checker, above, finds no text that does)."""
    problems = [p for r in nights for p in r["killer"]]
    assert problems == []
    reached = [r for r in nights if r["endgame"]]
    assert reached and all(r["final_stage"] == 3 for r in reached)
    assert all(r["final_stage"] >= r["stages"][-1] for r in nights)
    assert all(r["stages"][0] == 0 for r in nights)  # every night begins in unease
    climbed = sum(len(set(r["stages"])) == 4 for r in nights)
    moves = sum(r["moves"] for r in nights) / sum(r["tests"] for r in nights)
    FIGURES["killer"] = (f"{len(nights)} nights: every stage in {climbed}; the Endgame reached in {len(reached)}; "
                         f"the Killer moves before {moves:.0%} of Tests")
    assert climbed > len(nights) // 2 and 0.1 < moves < 0.6


def frames_vary(sample):
    """Frames, not only sentences: with names, numbers and capitalised words masked, the median
    share of sentences whose five-word opening opens more than three sentences of its night is
    at most 0.08, and no masked six-word run is in more than five sentences of any night."""
    shares = [r["frames"] for r in sample]
    runs = sorted((r["run"] for r in sample), reverse=True)
    FIGURES["frames"] = (f"{len(sample)} nights: median share of sentences opening with a frame used more than "
                         f"three times {statistics.median(shares):.3f} (highest {max(shares):.3f}); a masked six-word "
                         f"run in at most {runs[0][0]} sentences of a night (median night "
                         f"{statistics.median(n for n, _ in runs):.0f}; most: {runs[0][1]!r})")
    assert statistics.median(shares) <= 0.08
    assert [(r["night"], r["run"]) for r in sample if r["run"][0] > 5] == []


def tighten(nights):
    """Pacing (docs/narration.md): room to breathe early, shorter sentences once the Killer
    hunts. Over every night, the mean words per sentence of the director's text told in terror
    and in the finale are each at least one word below those told in unease."""
    from solo.director.stages import STAGES

    words = {s: sum(r["pace"][s][0] for r in nights) for s in STAGES}
    told = {s: sum(r["pace"][s][1] for r in nights) for s in STAGES}
    mean = {s: words[s] / told[s] for s in STAGES}
    FIGURES["pace"] = f"{len(nights)} nights: words per sentence by stage " + ", ".join(
        f"{s} {mean[s]:.2f} ({told[s]} sentences)" for s in STAGES)
    assert all(told.values())
    assert mean["terror"] <= mean["unease"] - 1.0 and mean["finale"] <= mean["unease"] - 1.0


def varied(sample):
    shares = [r["share"] for r in sample]
    repeated = [(r["night"], r["repeats"]) for r in sample if r["repeats"]]
    FIGURES["variety"] = (f"{len(sample)} nights: median share of distinct sentences {statistics.median(shares):.3f} "
                          f"(lowest {min(shares):.3f}); nights with a sentence of six words or more twice: "
                          f"{len(repeated)}")
    assert statistics.median(shares) >= 0.85
    assert repeated == []


def test_a_sample_of_nights_contradicts_nothing_and_the_killer_closes_in(some_nights):
    contradict_nothing(some_nights, SAMPLE)
    killer_closes_in(some_nights)
    tighten(some_nights)


def test_a_sample_of_nights_is_varied(some_nights):
    frames_vary(some_nights)
    varied(some_nights)


@pytest.mark.stats
def test_a_thousand_nights_contradict_nothing(nights):
    contradict_nothing(nights, NIGHTS)


@pytest.mark.stats
def test_a_thousand_nights_repeat_no_sentence_and_the_middle_builds(nights):
    """As a reader hears a repeat (names, pronouns, numbers masked; a lead-in dropped): no
    sentence told more than four times in any night, the stock question at most three; between
    Tests 15 and 45 the Killer is never out of sight for more than QUIET_LIMIT + 2 Tests."""
    from solo.director.killer import QUIET_LIMIT

    assert [(r["night"], r["said"]) for r in nights if r["said"][0] > 4] == []
    assert max(r["stock"] for r in nights) <= 3
    quiet = [r["longest_quiet"] for r in nights if r["longest_quiet"] is not None]
    FIGURES["middle"] = (f"{len(quiet)} nights reach Test 15: the longest run of Tests without an event of the "
                         f"Killer's, median {statistics.median(quiet):.0f}, most {max(quiet)}")
    assert len(quiet) > len(nights) // 2 and max(quiet) <= QUIET_LIMIT + 2


@pytest.mark.stats
def test_a_thousand_nights_the_killer_closes_in_and_never_cheats(nights):
    killer_closes_in(nights)


@pytest.mark.stats
def test_two_hundred_nights_vary_their_frames(nights):
    frames_vary(nights[:VARIETY_NIGHTS])


@pytest.mark.stats
def test_a_thousand_nights_tighten_as_the_killer_closes_in(nights):
    tighten(nights)


@pytest.mark.stats
def test_two_hundred_nights_are_varied(nights):
    varied(nights[:VARIETY_NIGHTS])


def test_the_variety_measure_can_fail():
    md = "> It's a dark night and the wind is howling. It's a dark night and the wind is howling.\n"
    assert distinct_share(md) == 0.5 and repeated_long(md) == ["it's a dark night and the wind is howling"]
    assert Path(__file__).exists()


def test_the_tutorials_director_points_at_the_lessons_tester(tmp_path, monkeypatch):
    """The stacked first night: when the director suggests who should go, it is the
    character the lesson has test, never another whose Aptitude happens to match."""
    monkeypatch.setenv("SOLO_HOME", str(tmp_path))
    from solo.nott.tutorial import lesson_tester
    from tests.repl.conftest import make_shell

    sh = make_shell()
    sh.start_tutorial()
    night = sh.night
    names = set(night.names)
    lesson = lesson_tester(night.game)
    beat = next(b for b in night.last_beats if b.kind == "threat")
    assert (beat["suited"] or beat["pointed"]) == lesson and lesson in names
    threat = next(t for k, t in night.opening if k == "threat")
    for other in names - {lesson}:
        assert f"{other}'s kind of trouble" not in threat and f"drift to {other}" not in threat
        assert f"says {other}'s name" not in threat


def test_a_players_award_is_written_once_with_its_reason(tmp_path, monkeypatch):
    """The award's mechanics line gives way to the note that says why (both renderings)."""
    monkeypatch.setenv("SOLO_HOME", str(tmp_path))
    from tests.repl.conftest import make_shell

    sh = make_shell(seed=3)
    assert sh.run_line("quick")
    name = sh.night.cast[0].name
    assert sh.run_line(f"award {name} for the small-town bravado")
    for form in ("story", "log"):
        text = render(sh.night, form)
        assert text.count(f"Genre Point to {name}") == 1, form
        assert f"Genre Point to {name}: for the small-town bravado" in text


def test_a_slots_fallback_lines_wait_until_its_first_choices_are_told():
    from solo.narration.compose import compose

    rendered = "§scene\nThe door is locked tight.\nThe window is painted shut.\n~\nAt the lodge, the door is locked tight.\n"
    used: set[str] = set()
    told = [compose(rendered, ("s", n), used) for n in range(3)]
    assert sorted(told[:2]) == ["The door is locked tight.", "The window is painted shut."]
    assert told[2] == "At the lodge, the door is locked tight."


def test_autoplay_awards_are_the_directors_and_told_with_their_trope():
    from solo.director.awards import trope_of

    nights = [_night(seed, "naive") for seed in range(1, 6)]
    awards = [s for night in nights for s in night.steps if s.note and trope_of(s.note)]
    assert awards, "no director award in these nights: pick other seeds"
    for step in awards:
        told = " ".join(t for k, t in step.narration if k == "award")
        assert trope_of(step.note).lower() in told.lower()  # a sentence may open with it


def test_max_tokens_per_test_is_bounded_on_the_command_line(capsys):
    from solo.cli import main

    with pytest.raises(SystemExit) as stop:
        main(["autoplay", "--seed", "1", "--max-tokens-per-test", "3"])
    assert stop.value.code == 2 and "16–4000" in capsys.readouterr().err
