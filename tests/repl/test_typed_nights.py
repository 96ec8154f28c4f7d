"""Whole nights as a person types them, read as a reader would (issue: a typed night reads as a
story). Before every Test the player types a first-person action, varied; now and then a
question, a handover or an undo; some nights with a cast built by hand, whose "why" lines are
typed as people type them. Then the story's director text is read:

- no sentence told more than four times in a night, read as a reader hears a repeat (names,
  pronouns and numbers masked, a lead-in before a comma dropped: "Again, X" is X again);
- the stock "what do you do" at most three times a night;
- no lead-in followed by a capital that is not a name ("Again, With a grunt");
- no "why" spliced raw after a name ("Dex Dared by his teammates.").

Six nights run in ``make test``; twenty (both rulesets, the camp and both built-in playsets)
under the ``stats`` marker."""

from __future__ import annotations

import functools
import random
import re
from collections import Counter

import pytest

from solo.director.continuity import check as contradictions
from solo.director.killer import QUIET_LIMIT
from solo.english import lemma_of
from solo.narration.compose import sentences
from solo.play.middle import middle
from solo.play.transcript import render

from .conftest import make_shell

ACTIONS = (
    "I grab the {item} and run for the {place}.", "I kick the door open and go in first.",
    "I climb onto the roof to get a look around.", "I pull {other} behind me and keep low.",
    "I shout for the others and wave my arms over my head.", "I crawl under the porch and wait.",
    "I smash the window with my elbow.", "I hold the door shut with my whole weight.",
    "I sneak past it while it looks the other way.", "I search the {place} for anything useful.",
    "I hotwire the truck.", "I light a match and look.", "I pray, quietly, and keep walking.",
    "I talk {other} down before they panic.", "I read the old journal by flashlight.",
    "I lead it away from the others.", "I follow the footprints into the trees.",
    "I tie the rope to the rail and lower myself down.", "I check {other}'s wound and bandage it.",
    "I hide in the closet and hold my breath.", "I run across the open ground.",
    "I set a trap with the fishing line.", "I barricade the stairs with the couch.",
    "I call out its name to draw it in.", "I dive into the lake and swim for the dock.",
    "I scream at it to leave us alone.", "I search the body for keys.", "I jam a chair under the handle.",
    "I count to ten and then I go.", "I swing the {item} at its head.",
)
#: Actions that use a thing, typed with one the character does not hold.
USES = ("I grab the {item} and run for the {place}.", "I swing the {item} at its head.",
        "I hold up the {item} and go first.")
QUESTIONS = ("is everybody still with us?", "what's {other} carrying?", "where are we?", "is anyone hurt?",
             "who's dead?", "what do we have left?")
#: A cast built by hand, its "why" lines typed as people type them.
HAND_CAST = ("character Bo, The Jock, Power, lost a bet",
             "character Priya, The Rebel, Finesse, Hiding from her probation officer. Not anymore.",
             "character Dex, The Brain, Intellect, Dared by his teammates.",
             "character Ana, The Final Girl, Resolve, I came back for my sister")
RAW_WHYS = ("Priya Hiding", "Dex Dared", "Ana I came", "Priya hiding", "Dex dared")
PRONOUNS = r"\b(?:he|she|they|him|her|them|his|hers|their|theirs|himself|herself|themselves|themself)\b"
LEAD_IN = re.compile(r"^(?:[\w'’]+ ){0,2}[\w'’]+, (?=.{12})")
OPENER = re.compile(r"\b(?:Again|Once more|Then|This time|Just as before|And then|Somehow|Meanwhile|By now|"
                    r"Even so), ([A-Z][\w'’]*)")


DEATHS = ("the pool takes her under, fingers still hooked on the ladder",
          "It drags {name} into the reeds and the water closes over both of them.")


def gone_words(story) -> set[str]:
    """The last words of the things nobody alive holds (lost, taken, with the dead)."""
    away = [i for p in story.people for i in p.lost] + [i for p in story.people if p.dead for i in p.items]
    held = {i.lower().split()[-1] for p in story.people if not p.dead for i in p.items}
    return {i.lower().split()[-1] for i in away} - held - {p.name.lower() for p in story.people}


#: Beats that may name a thing that is gone (they tell the loss, or answer what was lost).
TELLS_LOSSES = ("answer", "dawn", "all_dead", "death", "outcome")
#: Words for the group, never told to the last one alive.
CROWD = re.compile(r"\b(?:everyone|everybody|the others|(?:all|one|each) of you)\b", re.IGNORECASE)


def story_slips(told, story, gone: set[str], alone: bool) -> list[str]:
    """The told ``(kind, text)`` of a step that show a thing in ``gone`` as present (the beats
    that tell a loss aside; place names and the things still there not read for it), or speak
    of the group when the last one is ``alone``."""
    there = [i.lower() for p in story.people for i in p.items + p.lost if i.lower().split()[-1] not in gone]
    unread = [p.lower() for p in story.locations] + there
    slips = []
    for kind, text in told:
        base, low = kind.partition(".")[0], functools.reduce(lambda t, n: t.replace(n, ""), unread, text.lower())
        if base not in TELLS_LOSSES:
            slips += [text for w in gone if re.search(rf"\b{re.escape(w)}s?\b", low)]
        if alone and base in ("challenge", "threat") and CROWD.search(text):
            slips.append(text)
    return slips


def play(seed: int, playset: str | None, rules: str, by_hand: bool, reader: bool = False) -> dict:
    """Play night ``seed`` as typed. Its story transcript (``md``), its cast's ``names``, the
    deaths the player wrote (``written``: each with the director's telling it replaced) and
    ``slips``: a thing gone told as present, a thing not held told as used; with ``reader``,
    what the whole-night reader finds (``reader``: :mod:`tests.narration.reader`)."""
    from tests.narration.reader import Told, attach_says
    from tests.narration.reader import read as read_whole

    sh = make_shell(seed=seed, playset=playset)
    if by_hand:
        assert sh.run_line(f"new {rules} seed {seed}")
        for line in HAND_CAST:
            assert sh.run_line(line)
    else:
        assert sh.run_line(f"quick {rules}")
    night = sh.night
    g = night.game
    rng = random.Random(seed)
    written, slips, kept = [], [], []
    def read_told(beat, text, before, after):  # the continuity checker reads it all
        if reader:
            kept.append(Told(beat.kind, text, dict(beat.context)))
        for c in contradictions(text, beat.kind, before, after, beat.get("name")):
            if beat.kind == "award" and c.kind == "setting":
                continue  # a trope's name is a label: "hiding in the closet", awarded as the player typed it
            if any(p.written and p.written.lower()[:40] in c.sentence.lower() for p in night.story.people):
                continue  # the player's own words, quoted back
            slips.append(c)

    night.on_told = read_told
    while not g.is_over() and g.tests < 80:
        who = g.living()[rng.randrange(len(g.living()))]
        name = g.cast[who].name
        me = night.story.find(name)
        others = [p.name for p in night.story.people if not p.dead and p.name != name] or [name]
        item = rng.choice(me.items) if me.items else "flashlight"
        elsewhere = [i for p in night.story.people if p is not me for i in p.items + p.lost]
        wrong = elsewhere and rng.random() < 0.15  # a thing someone else holds, or one that is gone
        if wrong:
            item = rng.choice(elsewhere)
        place = str(rng.choice(night.story.locations or ["boathouse"])).removeprefix("the ")
        if rng.random() < 0.15:
            sh.run_line(rng.choice(QUESTIONS).format(other=rng.choice(others)))
        if me.items and len(others) > 1 and rng.random() < 0.08:
            assert sh.run_line(f"give {name} {me.items[0]} to {others[0]}")
        action = rng.choice(USES if wrong else ACTIONS).format(item=item, place=place, other=rng.choice(others))
        sh.run_line(f"{name}: " + action)
        gone, held, steps = gone_words(night.story), item in me.items, len(night.steps)
        sh.run_line(f"test {name}")
        if not g.is_over():
            sh.run_line("roll")
            if not g.is_over() and g.tester >= 0:
                sh.run_line("resolve")
        told = [(k, t) for step in night.steps[steps:] for k, t in step.narration]
        typed = {lemma_of(w, "NOUN") for w in re.findall(r"[\w'-]+", action.lower())}
        gone = {w for w in gone if w not in action.lower() and lemma_of(w, "NOUN") not in typed}  # typed ("a match"
        # for the matches): the director meets it ("it is gone")
        slips += story_slips(told, night.story, gone, len(g.living()) == 1)
        if not held and wrong:  # met in the story, never told as used
            slips += [t for _k, t in told if any(u.split("{")[0][2:] + item in t for u in USES)]
        if g.is_over():
            break
        if sh.deaths:  # the first death or two written by the player
            if len(written) < 2:
                proposal = next(t for k, t in night.steps[-1].narration if k == "death")
                text = DEATHS[len(written)].format(name=g.cast[sh.deaths[0]].name)
                assert sh.run_line(text)
                written.append((text, proposal))
            sh.run_line("")
        if not g.is_over() and rng.random() < 0.04:
            assert sh.run_line("undo")
    findings = None
    if reader:
        attach_says(kept, night.steps)
        findings = read_whole(kept, playset)
    return {"md": render(night, "story"), "names": list(night.names), "slips": slips, "middle": middle(night),
            "reader": findings,
            "written": [w for w in written if w[0] in (p.written for p in night.story.people)]}


PLAYER = re.compile(r"^\*\*[^*]+:\*\* “(.*)”$")


def told_paragraphs(md: str) -> list[str]:
    """The story's told paragraphs, its answers to questions left out: an answer is decided
    word for word ("Yes.", "Kit has nothing left."), as often as it is asked."""
    from solo.director.questions import is_question

    out: list[str] = []
    answering = False
    for line in md.splitlines():
        m = PLAYER.match(line)
        if m:
            answering = is_question(m.group(1))
        elif line.startswith("> "):
            if not answering:
                out.append(line[2:])
            answering = False
    return out


def director_sentences(md: str) -> list[str]:
    """The sentences of :func:`told_paragraphs`."""
    return [s for p in told_paragraphs(md) for s in sentences(p)]


def heard(sentence: str, names) -> str:
    """A sentence as a reader hears a repeat."""
    for n in sorted(names, key=len, reverse=True):
        sentence = re.sub(r"\b" + re.escape(n) + r"\b", "N", sentence)
    sentence = re.sub(PRONOUNS, "P", re.sub(r"\d+", "n", sentence), flags=re.IGNORECASE)
    return " ".join(LEAD_IN.sub("", sentence).lower().split())


def read(md: str, names) -> dict:
    told = director_sentences(md)
    counts = Counter(heard(s, names) for s in told)
    top, most = counts.most_common(1)[0]
    return {
        "most": (most, top),
        "stock": sum("what do you do" in s.lower() for s in told),
        "capitals": [m.group(0) for s in told for m in OPENER.finditer(s)
                     if re.sub(r"['’]s?$", "", m.group(1)) not in names and m.group(1) != "I"],  # "Brooke's": a name
        "raw": [w for w in RAW_WHYS if w in md.split("## The night", 1)[-1]],
        "tests": md.count("*🎲 Test "),
    }


NIGHTS = [(3, None, "ashcan", True), (5, "house-party", "playtest", False), (8, "cabin-in-the-woods", "ashcan", False),
          (11, None, "playtest", False), (14, "house-party", "ashcan", True), (17, "cabin-in-the-woods", "playtest", True)]


def check(seed, playset, rules, by_hand):
    night = play(seed, playset, rules, by_hand)
    md, names, written = night["md"], night["names"], night["written"]
    r = read(md, names)
    assert night["slips"] == []
    if night["middle"] is not None:  # the middle builds: the Killer is never long out of sight
        assert night["middle"].longest <= QUIET_LIMIT + 2, night["middle"]
    told = told_paragraphs(md.split("## The night", 1)[1].split("## Epilogue", 1)[0])
    for text, proposal in written:  # a written death is the death: told once, in its place
        assert sum(text[1:] in p for p in told) == 1 and proposal not in md
    assert r["tests"] >= 10
    assert r["most"][0] <= 4, r["most"]
    assert r["stock"] <= 3
    assert r["capitals"] == []
    assert r["raw"] == []
    return r


@pytest.mark.parametrize("seed, playset, rules, by_hand", NIGHTS)
def test_a_typed_night_repeats_no_sentence_and_splices_nothing(seed, playset, rules, by_hand):
    check(seed, playset, rules, by_hand)


@pytest.mark.stats
@pytest.mark.parametrize("seed", range(100, 120))
def test_twenty_typed_nights(seed):
    playset = (None, "house-party", "cabin-in-the-woods")[seed % 3]
    check(seed, playset, ("ashcan", "playtest")[seed // 3 % 2], seed % 2 == 0)


def test_the_reader_counts_a_repeat_behind_a_lead_in():
    """The measure itself: a lead-in, a name or a pronoun does not make a sentence new."""
    names = ["Dex", "Ana"]
    assert heard("Again, Dex forces it with his hands.", names) == heard("Ana forces it with her hands.", names)
    assert heard("Dex runs.", names) != heard("Dex hides.", names)
    md = "> Again, With a grunt, Dex forces it. Dex Dared by his teammates.\n"
    assert read("## The night\n" + md, names)["capitals"] == ["Again, With"]
