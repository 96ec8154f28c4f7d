"""A Threat Card's scene fits the place the group is at: no bed in a boathouse, no rain on a tin
roof in the Hendersons' laundry room, no ledge outside the second floor of a one-storey cabin,
no car bogged to its axles once an answer said the car is gone.

The check is written apart from the rule it checks (solo.world.places): a hand list of words,
each with what a place must show to have it, read against the place's own data (its name, its
``indoors``, its props, sounds and threats) and the setting's places."""

from __future__ import annotations

import re

import pytest

from solo.director.catalogue import CAMP_PLACES
from solo.nott.rules import ASHCAN, PLAYTEST
from solo.sim.autoplay import autoplay

#: Words that need a roof overhead: never told at a place its setting says is out of doors.
ROOFED = ("floorboard", "the floor above", "the ceiling", "rafters", "hallway", "corridor", "fuse box",
          "breaker panel", "in the room", "the shelf", "boiler", "gas line", "laid the table", "these walls",
          "walk-in freezer", "the mirror", "under the bed", "the bunks", "closet")
#: Words that need the open air: never told at a place its setting says is indoors.
OPEN_AIR = ("campfire", "through the trees", "out of the trees", "a swing", "the reeds", "through the mud",
            "a branch", "crossroads", "fallen pine", "chain-link")
#: Words that need a kind of place: told only where the place's own words show one of the words
#: after them (a floor above: or the place is indoors in a setting with an upstairs).
KIND = {
    r"\b(?:the bed|bunks)\b": r"\b(?:beds?|bunks?|bedroom|mattress\w*|cabin)\b",
    r"\bboats?\b|\boutboard\b|\bthe weir\b": r"\b(?:lake|dock|boats?|boathouse|rowboat|canoe|shore)\b",
    r"\btin roof\b": r"\b(?:shed|woodshed|boathouse|outhouse)\b",
    r"\bfreezer\b": r"\b(?:freezer|mess|kitchen|pantry)\b",
    r"\bmirror\b": r"\b(?:mirrors?|bathroom|washhouse)\b",
    r"\bporch\b": r"\b(?:porch|cabins?|lodge|house)\b",
    r"\btruck\b(?! keys)|\bthe car\b(?! keys)": r"\b(?:truck|car|garage|road|lot|parked)\b",
    r"\bsecond floor\b|\bfloor above\b|\bstairs collapse\b|\bdrainpipe\b": r"\b(?:upstairs|lodge|tower|loft|attic)\b",
    r"\bbarn\b": r"\bbarn\b",
    r"\bpump house\b": r"\bpump house\b",
    r"\bwoodpile\b": r"\bwoodpile\b",
}


def place_data(setting, place):
    if setting is None:
        return CAMP_PLACES.get(place)
    return setting["places"].get(place)


def slips(text: str, place: str, own: dict | None, places: list[str], gone: tuple[str, ...] = ()) -> list[str]:
    """What a threat's ``text`` says that ``place`` (its data ``own``) cannot have."""
    if own is None:
        return []
    mine = [str(x).lower() for x in [*own.get("sounds", ()), *(t for v in own.get("threats", {}).values() for t in v)]]
    low = text.lower()
    for line in mine:  # what the place owns fits it
        low = low.replace(line.rstrip("."), " ")
    for p in sorted(places, key=len, reverse=True):  # a place named is not a thing at hand
        low = low.replace(p.lower(), " ").replace(re.split(r",| with | where | off | in | by | on ", p.lower())[0], " ")
    words = " ".join([place, *own.get("props", ()), *mine]).lower()
    found = []
    if not own.get("indoors"):
        found += [w for w in ROOFED if w in low]
    else:
        found += [w for w in OPEN_AIR if w in low]
    for need, has in KIND.items():
        m = re.search(need, low)
        if m and not re.search(has, words) and not (own.get("indoors") and "floor" in need
                                                    and "upstairs" in " ".join(places)):
            found.append(m.group(0))
    found += [g for g in gone if re.search(rf"\b{re.escape(g)}\b", low)]
    return found


def gone_things(f) -> tuple[str, ...]:
    """What the night's answers told is gone ("the car is gone")."""
    told = " ".join(a.get("text") or "" for a in f.get("answers") or ()).lower()
    return tuple(f"the {m}" for m in re.findall(r"\bthe (\w+) (?:is|was) (?:gone|missing|stolen|not there)", told))


def read(seed, rules, ps):
    from solo.playsets import load_playset

    playset = load_playset(ps) if ps else None
    setting = playset.setting() if playset else None
    found = []

    def told(beat, text, before, after):
        if beat.kind == "threat":
            f = beat["f"]
            bad = slips(text, f["location"], place_data(setting, f["location"]), f["places"], gone_things(f))
            found.extend(f"{ps} {seed} at {f['location']}: {bad} in {text!r}" for _ in bad[:1])

    autoplay(seed, playset.ruleset() if playset else rules, "naive", out=None, playset=playset, on_told=told)
    return found


def candidates(ps, facts=()):
    """Every line threat.j2 may tell at each place of the setting ``ps`` (None: the camp), for
    every suit and severity, with the Killer heard: (place, its data, the setting's places, line)."""
    from solo.director.beats import beats_from_events
    from solo.director.fiction import Fiction
    from solo.narration.compose import _slots
    from solo.narration.templates import TemplateNarrator
    from solo.nott import Game, quick_cast
    from solo.nott import events as E
    from solo.nott.chance import SeededChance
    from solo.playsets import load_playset

    setting = load_playset(ps).setting() if ps else None
    game = Game(quick_cast(3), ASHCAN, SeededChance(3))
    narrator = TemplateNarrator(seed=1, setting=setting)
    story = narrator.story = Fiction([{"name": c.name, "archetype": c.archetype, "aptitude": c.aptitude_name,
                                       "why": c.why} for c in game.cast], 3, setting)
    story.facts.extend(facts)
    out = set()
    for stop in range(len(story.route)):
        story.stop = stop
        f = story.view()
        for suit in range(4):
            (beat,) = beats_from_events(game, [E.ThreatRevealed(suit * 13 + 10, 5)])
            for sev in ("atmospheric", "dangerous", "deadly", "killer"):
                ctx = narrator._context(beat) | {"severity": sev, "v": 0, "f": f, "location": story.place,
                                                 "killer_move": {"kind": "heard"}, "the_killer": dict(story.killer)}
                for _name, _flags, cands, _fallback in _slots(narrator._render("template/threat.j2", ctx)):
                    out |= {(f["location"], tuple(f["places"]), c) for c in cands}
    return [(place, place_data(setting, place), places, line) for place, places, line in sorted(out)]


@pytest.mark.parametrize("ps", [None, "cabin-in-the-woods", "house-party"])
def test_every_scene_line_fits_the_place_it_may_be_told_at(ps):
    lines = candidates(ps)
    assert len({line for *_, line in lines}) > 100
    found = sorted({(place, line) for place, own, places, line in lines if slips(line, place, own, list(places))})
    assert not found, found[:8]


@pytest.mark.parametrize("ps", ["cabin-in-the-woods", "house-party"])
def test_a_places_own_lines_are_told_there(ps):
    """What a place owns fits it, whatever its words ("a wardrobe someone pushed across the
    upstairs landing" belongs to the upstairs hallway): the variety is kept where it belongs."""
    from solo.playsets import load_playset

    lines = candidates(ps)
    for place, own in load_playset(ps).setting()["places"].items():
        told = " ".join(line.lower() for p, _own, _places, line in lines if p == place)
        for threats in own.get("threats", {}).values():
            for t in threats:
                assert t.lower() in told, (place, t)


def test_a_thing_an_answer_made_gone_is_not_in_a_scene():
    """The logging road owns "the car bogged to the axles in the mud of the logging road"; once an
    answer told the car is gone, no scene shows it."""
    from solo.director.facts import statement_fact

    car = re.compile(r"\bthe car\b(?! keys)", re.IGNORECASE)
    assert any(car.search(line) for *_, line in candidates("cabin-in-the-woods"))
    gone = statement_fact("the car is gone", "answer")
    assert not [line for *_, line in candidates("cabin-in-the-woods", [gone]) if car.search(line)]


@pytest.mark.stats
@pytest.mark.parametrize("ps", [None, "cabin-in-the-woods", "house-party"])
@pytest.mark.parametrize("rules", [ASHCAN, PLAYTEST])
def test_many_nights_scenes_fit_their_places(ps, rules):
    found = [x for seed in range(1, 21) for x in read(seed, rules, ps)]
    assert not found, found[:8]


@pytest.mark.parametrize("question, yes, statement, gone", [
    ("Is the car still there?", False, None, True),
    ("Is the car gone?", True, None, True),
    (None, True, "the car is gone", True),
    ("Is the car still there?", True, None, False),
    ("Is there a car that works?", False, None, False),  # none that works: not one that is gone
    ("Is the car working?", False, None, False),  # broken, and still there
])
def test_which_answers_make_a_thing_gone(question, yes, statement, gone):
    from types import SimpleNamespace

    from solo.world.places import absent

    fact = SimpleNamespace(head="car", question=question, yes=yes, statement=statement, text=None)
    said = absent([fact])
    assert bool(said) is gone
    assert not gone or ("the car " in said and "the carpet" not in " ".join(said))
