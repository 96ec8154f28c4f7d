"""The fiction, one beat at a time: what each beat establishes and what it hands the narrator
(docs/narration.md, "The fiction"). Expectations come from the catalogue's own lists and the
table of that page, never from the fiction's output."""

from __future__ import annotations

import pytest

from solo.director.catalogue import CAMP_ITEMS, CAMP_SCENES, CAMP_LOCATIONS, CAMP_PLACES, EPITHETS, HURTS, SCRAPES, WEAKNESSES
from solo.director.continuity import Snapshot
from solo.director.fiction import Fiction, Person
from solo.narration.compose import norm

CAST = [
    {"name": "Ana", "archetype": "The Jock", "aptitude": "Power", "why": "to get the others out"},
    {"name": "Ben", "archetype": "The Nerd", "aptitude": "Intellect", "why": "to find the flashlight"},
    {"name": "Cy", "archetype": "The Final Girl", "aptitude": "Resolve", "why": ""},
]
CAMP_SHORT = [s for _, s in CAMP_ITEMS]
CAMP_PHRASE = dict((s, p) for p, s in CAMP_ITEMS)


def fiction(seed=7, cast=CAST, setting=None) -> Fiction:
    return Fiction([dict(c) for c in cast], seed, setting)


def big_cast(n):
    return [{"name": f"P{i}", "archetype": "", "aptitude": "Finesse", "why": ""} for i in range(n)]


# ---------------------------------------------------------------------- Person


def person(**kw) -> Person:
    base = dict(name="Dana", archetype="The Jock", aptitude="Power", why="revenge")
    base.update(kw)
    return Person(**base)


def test_a_person_is_unhurt_hurt_or_dead_in_plain_words():
    assert person().condition == "unhurt"
    assert person(hurts=["cracked ribs"], scrapes=["a split lip"]).condition == "hurt: cracked ribs, a split lip"
    assert person(scrapes=["a split lip"]).condition == "hurt: a split lip"
    assert person(dead=True).condition == "dead (killed)"
    assert person(dead=True, death="the third Strike (the dark)").condition == "dead (the third Strike (the dark))"
    assert (person(dead=True, death="the Red Joker's last Test", died_at="the boathouse").condition
            == "dead (the Red Joker's last Test, at the boathouse)")
    assert person(dead=True, died_at="the dock").condition == "dead (killed, at the dock)"


def test_a_persons_copy_is_equal_and_shares_no_list():
    p = person(items=["compass"], phrases={"compass": "a hunting compass"}, lost=["hatchet"],
               hurts=["a broken nose"], scrapes=["a split lip"], dead=True, death="x", died_at="y",
               deeds=["run"], line="I run", pronouns="he/him")
    q = p.copy()
    assert q == p
    q.items.append("a"); q.phrases["a"] = "b"; q.lost.append("a"); q.hurts.append("a")
    q.scrapes.append("a"); q.deeds.append("a")
    assert p.items == ["compass"] and p.phrases == {"compass": "a hunting compass"} and p.lost == ["hatchet"]
    assert p.hurts == ["a broken nose"] and p.scrapes == ["a split lip"] and p.deeds == ["run"]


def test_a_person_as_data_names_every_fact():
    p = person(items=["compass", "hatchet"], phrases={"compass": "a hunting compass"}, lost=["camera"],
               hurts=["a broken nose"], deeds=["a", "b", "c", "d"], line="I hide")
    assert p.to_dict() == {
        "name": "Dana", "archetype": "The Jock", "aptitude": "Power", "why": "revenge", "alive": True,
        "items": ["compass", "hatchet"], "carrying": ["a hunting compass", "hatchet"], "lost": ["camera"],
        "hurts": ["a broken nose"], "scrapes": [], "hurt": True, "condition": "hurt: a broken nose",
        "death": None, "died_at": None, "deeds": ["b", "c", "d"], "line": "I hide", "written": None,
        "pronouns": "they/them",
    }
    assert person(pronouns="she/her").to_dict()["pronouns"] == "she/her"
    dead = person(dead=True, death="the dark", died_at="the lodge", scrapes=["a split lip"]).to_dict()
    assert dead["alive"] is False and dead["hurt"] is True and dead["death"] == "the dark"
    assert dead["died_at"] == "the lodge" and dead["scrapes"] == ["a split lip"]
    assert person().to_dict()["hurt"] is False


def test_a_persons_data_is_a_copy():
    p = person(items=["compass"], lost=["camera"], hurts=["x"], scrapes=["y"])
    d = p.to_dict()
    d["items"].append("z"); d["lost"].append("z"); d["hurts"].append("z"); d["scrapes"].append("z")
    assert p.items == ["compass"] and p.lost == ["camera"] and p.hurts == ["x"] and p.scrapes == ["y"]


# ---------------------------------------------------------------------- the start


def test_everyone_starts_with_two_things_of_their_own_from_the_camp():
    f = fiction()
    assert [p.name for p in f.people] == ["Ana", "Ben", "Cy"]
    assert [(p.archetype, p.aptitude, p.why) for p in f.people] == [(c["archetype"], c["aptitude"], c["why"])
                                                                    for c in CAST]
    held = [i for p in f.people for i in p.items]
    assert all(len(p.items) == 2 for p in f.people)
    assert len(set(held)) == 6 and set(held) <= set(CAMP_SHORT)
    for p in f.people:
        assert p.phrases == {i: CAMP_PHRASE[i] for i in p.items}
        assert not (p.lost or p.hurts or p.scrapes or p.deeds or p.dead or p.line)


def test_a_cast_entry_may_leave_out_everything_but_nothing_breaks():
    f = Fiction([{}], 1)
    p = f.people[0]
    assert (p.name, p.archetype, p.aptitude, p.why) == ("", "", "", "")
    f = Fiction([{"name": "Z", "archetype": None, "aptitude": None, "why": None}], 1)
    assert (f.people[0].archetype, f.people[0].aptitude, f.people[0].why) == ("", "", "")


def test_the_camps_twelve_things_are_dealt_without_repeats():
    f = fiction(cast=big_cast(7))
    held = [i for p in f.people for i in p.items]
    assert sorted(held) == sorted(CAMP_SHORT)  # 12 things for 14 hands: all of them, once
    assert [len(p.items) for p in f.people] == [2, 2, 2, 2, 2, 2, 0]


def test_a_playsets_props_come_first_then_things_that_fit_anywhere_never_the_camps_own():
    from solo.director.catalogue import ANY_ITEMS

    f = fiction(cast=big_cast(7), setting={"props": ["a lighter", "the Hendersons' car keys, on a ring"]})
    held = [i for p in f.people for i in p.items]
    # "lighter" is within "brass lighter": the spare lighter is not dealt as well; the camp's
    # truck keys, hatchet, map and compass belong to the camp
    spare = [s for _p, s in ANY_ITEMS if s != "brass lighter"]
    assert sorted(held) == sorted(["lighter", "Hendersons' car keys"] + spare)
    assert held[:2] == [f.people[0].items[0], f.people[0].items[1]] and set(held[:2]) == {"lighter", "Hendersons' car keys"}
    phrases = {k: v for p in f.people for k, v in p.phrases.items()}
    assert phrases["lighter"] == "a lighter"
    assert phrases["Hendersons' car keys"] == "the Hendersons' car keys, on a ring"


def test_a_prop_that_contains_a_camp_things_name_replaces_it():
    f = fiction(cast=big_cast(7), setting={"props": ["an old Flashlight Lantern"]})
    held = [i for p in f.people for i in p.items]
    assert "flashlight" not in held and "old Flashlight Lantern" in held
    assert len(held) == 8  # the prop, then the seven things that fit anywhere and are not a flashlight


def test_the_route_is_the_settings_places_in_a_seeded_order():
    places = [f"place {i}" for i in range(8)]
    f = fiction(setting={"locations": places})
    assert sorted(f.route) == sorted(places) and f.locations == places
    assert f.location == f.route[0]
    assert fiction(setting={"locations": places}).route == f.route
    routes = {tuple(fiction(seed=s, setting={"locations": places}).route) for s in range(6)}
    assert len(routes) > 1
    camp = fiction()
    assert sorted(camp.route) == sorted(CAMP_LOCATIONS)


def test_items_are_dealt_by_the_seed():
    deals = {tuple(i for p in fiction(seed=s).people for i in p.items) for s in range(6)}
    assert len(deals) > 1
    assert [p.items for p in fiction(seed=3).people] == [p.items for p in fiction(seed=3).people]


def test_a_fresh_fiction_has_no_history():
    f = fiction()
    assert (f.stop, f.moved_at, f.tests, f.endgame, f.told) == (0, 0, 0, False, 0)
    assert f.weaknesses == {} and f.lines == [] and f.used == set()


# ---------------------------------------------------------------------- moving on


def test_the_group_moves_on_after_three_five_four_and_six_tests_then_again():
    f = fiction(setting={"locations": [f"p{i}" for i in range(10)]})
    moves = []
    for t in range(0, 25):
        d = f.apply("threat", {"tests": t})
        assert d["location"] == f.route[f.stop % 10]
        if d["moved"]:
            moves.append(t)
    assert moves == [3, 8, 12, 18, 21]
    assert f.stop == 5 and f.moved_at == 21


def test_the_route_wraps_around():
    f = fiction(setting={"locations": ["here", "there"]})
    seen = [f.location]
    for t in (3, 8, 12):
        assert f.apply("threat", {"tests": t})["moved"]
        seen.append(f.location)
    assert seen == [f.route[0], f.route[1], f.route[0], f.route[1]]


def test_a_new_threat_clears_what_was_said_and_recalls_a_known_weakness():
    f = fiction()
    f.said("Ana", "I run for the lodge.")
    f.apply("weakness", {"suit": "Power"})
    d = f.apply("threat", {"tests": 1, "suit": "Power"})
    assert d == {"moved": False, "location": f.place, "known_weakness": f.weaknesses["Power"],
                 # a weakness found lets the night breathe: the Killer keeps still this once
                 "stage": "unease", "stage_up": None, "relief": True, "killer_move": None, "first_sight": False,
                 "the_killer": f.killer, "unbeaten": None, "unbeaten_suit": None}
    assert all(p.line is None for p in f.people)
    assert f.apply("threat", {"tests": 1, "suit": "Finesse"})["known_weakness"] is None


def test_a_hazard_not_overcome_is_left_behind_by_the_next_card_once():
    """A failed Test's hazard is the next card's to leave behind ("You leave the basement door
    unbeaten and find another way on."), once; a success, a Strike or the Killer's card leaves nothing."""
    f = fiction()
    f.hazard = "There's the basement door, swollen in its frame and stuck fast."
    f.apply("outcome", {"name": f.people[0].name, "success": False, "suit": "Power", "severity": "dangerous"})
    d = f.apply("threat", {"tests": 1, "suit": "Finesse"})
    assert (d["unbeaten"], d["unbeaten_suit"]) == ("There's the basement door, swollen in its frame and stuck fast.",
                                                   "Power")
    assert f.apply("threat", {"tests": 2, "suit": "Finesse"})["unbeaten"] is None  # told once
    for over in ({"success": True}, {"success": False, "strike": True}, {"success": False, "killer": True}):
        f.hazard = "There's a padlock whose code is scratched on the wall in tally marks."
        f.apply("outcome", {"name": f.people[0].name, "suit": "Intellect", "severity": "dangerous", **over})
        assert f.apply("threat", {"tests": 3, "suit": "Power"})["unbeaten"] is None, over


def test_apply_keeps_the_test_count_and_unknown_kinds_tell_nothing():
    f = fiction()
    assert f.apply("award", {"tests": 4}) == {}
    assert f.tests == 4
    f.apply("award", {})
    assert f.tests == 4
    f.apply("award", {"tests": None})
    assert f.tests == 0
    f.apply("award", {"tests": "6"})
    assert f.tests == 6


# ---------------------------------------------------------------------- the player


def test_what_the_player_says_is_remembered_for_that_character():
    f = fiction()
    f.said("Ben", '  I pick   the "lock".  ')
    ben = f.find("Ben")
    assert ben.line == "I pick the 'lock'." and ben.deeds == ["I pick the 'lock'."]
    assert f.lines == [("Ben", "I pick the 'lock'.")]
    assert norm('I pick the "lock".') in f.used
    assert f.find("Ana").line is None and f.find("Ana").deeds == []


def test_a_group_line_and_an_empty_line():
    f = fiction()
    f.said(None, "We all run for it together.")
    assert f.lines == [(None, "We all run for it together.")]
    assert all(p.line is None for p in f.people)
    f.said("Ana", "   ")
    assert f.lines == [(None, "We all run for it together.")] and f.find("Ana").line is None


def test_only_the_last_six_lines_are_kept_and_short_sentences_not_remembered():
    f = fiction()
    for i in range(8):
        f.said("Ana", f"Line number {i} is long enough.")
    assert [t for _, t in f.lines] == [f"Line number {i} is long enough." for i in range(2, 8)]
    assert len(f.find("Ana").deeds) == 8
    f.said("Cy", "I hide. Then I run to the boathouse.")
    assert "i hide" not in f.used and norm("Then I run to the boathouse.") in f.used


def test_the_dead_say_nothing():
    f = fiction()
    f.apply("death", {"name": "Cy"})
    f.said("Cy", "I get up again and walk.")
    assert f.find("Cy").line is None and f.find("Cy").deeds == []
    assert f.lines == [("Cy", "I get up again and walk.")]


# ---------------------------------------------------------------------- the Test


def test_a_challenge_is_told_with_what_the_tester_said_and_their_wounds():
    f = fiction()
    f.said("Ana", "I'll kick the door in.")
    f.apply("weakness", {"suit": "Power"})
    f.find("Ana").hurts.append("cracked ribs")
    d = f.apply("challenge", {"name": "Ana", "suit": "Power"})
    assert d == {"location": f.place, "already_said": "I'll kick the door in.", "missing": None, "action": "kick the door in",
                 "plan": {"verb": "kick", "object": "kicking the door in", "alone": False}, "known_weakness": f.weaknesses["Power"], "wounds": ["cracked ribs"]}
    d["wounds"].append("x")
    assert f.find("Ana").hurts == ["cracked ribs"]
    assert f.apply("challenge", {"name": "Nobody", "suit": "Finesse"}) == {
        "location": f.place, "already_said": None, "missing": None, "action": None, "plan": None, "known_weakness": None,
        "wounds": []}


def test_an_outcome_for_nobody_known_tells_only_where():
    f = fiction()
    assert f.apply("outcome", {"name": "Zed", "fallout": 3}) == {
        "location": f.place, "lost_item": None, "scrape": None, "hurt": None, "action": None, "said": None}


def test_a_costly_fallout_takes_one_of_that_characters_things_for_good():
    f = fiction()
    f.said("Ben", "I climb the fence.")
    before = {p.name: list(p.items) for p in f.people}
    d = f.apply("outcome", {"name": "Ben", "fallout": 3, "strike": False, "suit": "Intellect", "tests": 2})
    ben = f.find("Ben")
    assert d["lost_item"] in before["Ben"] and ben.lost == [d["lost_item"]]
    assert ben.items == [i for i in before["Ben"] if i != d["lost_item"]]
    assert f.find("Ana").items == before["Ana"] and f.find("Cy").items == before["Cy"]
    assert d["said"] == "I climb the fence." and d["action"] == "climb the fence"
    assert d["scrape"] is None and d["hurt"] is None and d["known_weakness"] is None
    assert ben.line is None
    assert f.lost_items() == [d["lost_item"]] and d["lost_item"] not in f.held_items()


def test_with_nothing_left_to_lose_a_costly_fallout_leaves_small_harms_all_different():
    f = fiction()
    ben = f.find("Ben")
    got = []
    for t in range(2):
        got.append(f.apply("outcome", {"name": "Ben", "fallout": 3, "tests": t})["lost_item"])
    assert sorted(got) == sorted(f.find("Ben").lost) and ben.items == []
    scrapes = [f.apply("outcome", {"name": "Ben", "fallout": 3, "tests": 5 + t})["scrape"] for t in range(5)]
    assert sorted(scrapes) == sorted(SCRAPES) and ben.scrapes == scrapes
    sixth = f.apply("outcome", {"name": "Ben", "fallout": 3, "tests": 11})
    # not one of them again, told as new (a jammed finger, then a jammed finger): bruises on top
    assert sixth["scrape"] == "fresh bruises on top of the rest" and sixth["lost_item"] is None


def test_other_fallouts_take_nothing():
    f = fiction()
    before = [list(p.items) for p in f.people]
    for fallout in (0, 1, 2, None):
        d = f.apply("outcome", {"name": "Ana", "fallout": fallout})
        assert d["lost_item"] is None and d["scrape"] is None and d["hurt"] is None
    assert [p.items for p in f.people] == before and not f.find("Ana").scrapes


def test_a_strike_names_a_hurt_from_its_suit_and_it_stays_with_that_character():
    f = fiction()
    d = f.apply("outcome", {"name": "Ana", "fallout": 3, "strike": True, "suit": "Finesse"})
    ana = f.find("Ana")
    assert d["hurt"] in HURTS["Finesse"] and ana.hurts == [d["hurt"]]
    assert d["lost_item"] is None and len(ana.items) == 2  # a Strike, not a loss
    s = f.apply("strike", {"name": "Ana", "strike_number": 1, "suit": "Finesse"})
    assert s == {"hurt": d["hurt"], "hurt_told": False, "location": f.place} and ana.hurts == [d["hurt"]]
    s2 = f.apply("strike", {"name": "Ana", "strike_number": 2, "suit": "Power"})
    assert s2["hurt"] in HURTS["Power"] and ana.hurts == [d["hurt"], s2["hurt"]]
    assert f.find("Ben").hurts == [] and f.find("Cy").hurts == []


def test_a_strike_beat_without_a_number_counts_as_the_first():
    f = fiction()
    d = f.apply("strike", {"name": "Cy", "suit": "Resolve"})
    assert d["hurt"] in HURTS["Resolve"] and len(f.find("Cy").hurts) == 1
    f.apply("strike", {"name": "Cy", "suit": "Resolve", "strike_number": None})
    assert len(f.find("Cy").hurts) == 1
    assert f.apply("strike", {"name": "Nobody"}) == {}


def test_a_jokers_strike_and_an_unknown_suits_come_from_the_joker_hurts():
    f = fiction()
    hurts = [f.apply("strike", {"name": "Ben", "strike_number": n, "suit": None})["hurt"] for n in (1, 2, 3)]
    assert sorted(hurts) == sorted(HURTS["Joker"])  # three different ones
    fourth = f.apply("strike", {"name": "Ben", "strike_number": 4, "suit": "Teeth"})["hurt"]
    assert fourth in HURTS["Joker"]  # every one told: one repeats
    assert f.apply("strike", {"name": "Cy", "strike_number": 1, "suit": "Joker"})["hurt"] in HURTS["Joker"]


# ---------------------------------------------------------------------- death


def test_a_death_is_recorded_how_and_where():
    f = fiction()
    f.said("Ana", "I hold the door.")
    d = f.apply("death", {"name": "Ana", "nature": "violence"})
    ana = f.find("Ana")
    assert ana.dead and ana.died_at == f.place and ana.death == "the third Strike (violence)"
    assert d["epithet"] in EPITHETS["Power"] and d["deed"] == "I hold the door."
    assert d["left"] == ["Ben", "Cy"] and d["left_count"] == 2 and d["location"] == f.place
    assert d["why_ok"] is True
    assert [p.name for p in f.living()] == ["Ben", "Cy"]
    assert ana.items and f.held_items() == [i for p in f.people[1:] for i in p.items]


def test_a_death_without_a_nature_and_the_red_jokers_death():
    f = fiction()
    f.apply("death", {"name": "Ben"})
    assert f.find("Ben").death == "the third Strike (the dark)"
    f.apply("death", {"name": "Cy", "cause": "red joker", "nature": "violence"})
    assert f.find("Cy").death == "the Red Joker's last Test"
    assert f.apply("death", {"name": "Nobody"}) == {}


def test_an_epitaph_is_of_the_dead_characters_own_aptitude():
    cast = [{"name": n, "aptitude": a} for n, a in (("P", "Power"), ("R", "Resolve"), ("I", "Intellect"),
                                                     ("F", "Finesse"), ("X", ""))]
    for seed in range(4):
        f = fiction(seed=seed, cast=cast)
        for c in cast:
            words = EPITHETS.get(c["aptitude"], ("remembered",))
            assert f.apply("death", {"name": c["name"]})["epithet"] in words
    seen = {fiction(seed=s, cast=cast).apply("death", {"name": "P"})["epithet"] for s in range(12)}
    assert len(seen) > 1


def test_a_death_without_deeds_has_no_deed():
    assert fiction().apply("death", {"name": "Cy"})["deed"] is None


def test_why_is_not_told_when_empty_or_when_it_names_a_lost_thing():
    f = fiction()
    assert f.apply("death", {"name": "Cy"})["why_ok"] is False  # Cy has no why
    f = fiction()
    ben = f.find("Ben")
    ben.items.append("flashlight")
    f.find("Ana").lost.append("Flashlight")
    assert f.apply("death", {"name": "Ben"})["why_ok"] is False  # "to find the flashlight"
    f = fiction()
    f.find("Ana").lost.append("flash")  # a word, not a part of one
    assert f.apply("death", {"name": "Ben"})["why_ok"] is True


def test_why_naming_the_others_is_not_told_when_none_or_one_is_left():
    f = fiction()
    assert f.apply("death", {"name": "Ana"})["why_ok"] is True  # two left: "the others" holds
    f = fiction()
    f.apply("death", {"name": "Ben"})
    d = f.apply("death", {"name": "Ana"})
    assert d["left"] == ["Cy"] and d["why_ok"] is False
    for why in ("for the rest", "for everyone", "for all of you", "for the group"):
        g = fiction(cast=[{"name": "A", "why": why}, {"name": "B", "why": why}])
        assert g.apply("death", {"name": "A"})["why_ok"] is False
    g = fiction(cast=[{"name": "A", "why": "for the groups"}, {"name": "B"}])
    assert g.apply("death", {"name": "A"})["why_ok"] is True


# ---------------------------------------------------------------------- the Killer


def test_a_weakness_is_named_once_from_its_suits_words_and_kept():
    f = fiction()
    d = f.apply("weakness", {"suit": "Intellect"})
    assert d["weakness_words"] in WEAKNESSES["Intellect"] and d["location"] == f.place
    assert f.weaknesses == {"Intellect": d["weakness_words"]}
    for _ in range(3):
        assert f.apply("weakness", {"suit": "Intellect"})["weakness_words"] == d["weakness_words"]
    named = {fiction(seed=s).apply("weakness", {"suit": "Power"})["weakness_words"] for s in range(12)}
    assert named <= set(WEAKNESSES["Power"]) and len(named) > 1


def test_a_joker_has_no_weakness():
    f = fiction()
    assert f.apply("weakness", {"suit": None})["weakness_words"] is None
    assert f.apply("weakness", {"suit": "Joker"})["weakness_words"] is None
    assert f.weaknesses == {}


def test_the_endgame_and_the_ending_tell_where():
    f = fiction()
    assert f.apply("endgame", {}) == {"location": f.place, "stage": "finale"} and f.endgame is True
    assert f.apply("dawn", {}) == {"location": f.place, "help_coming": False}
    assert f.apply("all_dead", {}) == {"location": f.place, "help_coming": False}


@pytest.mark.parametrize("kind", ["black_joker", "red_joker"])
def test_a_jokers_test_uses_up_what_the_tester_said_but_its_reveal_does_not(kind):
    f = fiction()
    f.said("Ana", "I'm going to run for the truck.")
    assert f.apply(kind, {"name": "Ana", "phase": "revealed"}) == {"location": f.place, "action": None}
    assert f.find("Ana").line == "I'm going to run for the truck."
    assert f.apply(kind, {"name": "Ana", "phase": "failure"}) == {"location": f.place,
                                                                 "action": "run for the truck"}
    assert f.find("Ana").line is None
    assert f.apply(kind, {"name": "Nobody", "phase": "success"})["action"] is None


# ---------------------------------------------------------------------- the picture


def test_the_view_states_the_whole_picture():
    f = fiction()
    for i in range(5):
        f.said("Ana", f"I do thing number {i}.")
    ben = f.find("Ben")
    lost = f.apply("outcome", {"name": "Ben", "fallout": 3, "tests": 4})["lost_item"]
    f.apply("strike", {"name": "Cy", "suit": "Power"})
    f.apply("weakness", {"suit": "Finesse"})
    f.apply("death", {"name": "Ana"})
    f.apply("endgame", {"tests": 9})
    v = f.view()
    from solo.director.catalogue import CAMP_PLACES

    own = CAMP_PLACES[f.location]
    assert v == {
        "location": f.location,
        "here": {"place": f.location, "indoors": bool(own.get("indoors")), "outdoors": not own.get("indoors"),
                 "sounds": own["sounds"], "threats": own.get("threats", {}),
                 "props": own["props"]},  # the camp deals none of its places' props: all scenery
        "wild": True,  # the camp is in the woods
        "indoors": bool(own.get("indoors")),
        "outdoors": not own.get("indoors"),  # a camp place the catalogue knows
        "places": list(CAMP_LOCATIONS),
        "sounds": [],
        "people": [p.to_dict() for p in f.people],
        "living": ["Ben", "Cy"], "living_count": 2, "dead": ["Ana"], "hurt": ["Cy"], "anyone_hurt": True,
        "held": ben.items + f.find("Cy").items, "lost": [lost],
        "weaknesses": dict(f.weaknesses),
        "lines": [{"name": "Ana", "text": f"I do thing number {i}."} for i in range(1, 5)],
        "tests": 9, "endgame": True, "answers": [],
        "stage": "finale", "killer": f.killer, "killer_seen": False, "cut": [], "moves": [],
        "scene": next(line for line, _ in CAMP_SCENES if line == f.scene),  # the opening the director chose
        "threads_open": [],  # no promise made: nothing owed
        "lacks": v["lacks"],  # what a scene may not say here: read below
        "absent": [],  # no answer has made anything gone
    }
    # indoors, no campfire; out of doors, no floorboards
    assert ("campfire" if own.get("indoors") else "floorboard") in v["lacks"]
    assert ("floorboard" if own.get("indoors") else "campfire") not in v["lacks"]
    v["weaknesses"]["Power"] = "x"
    assert "Power" not in f.weaknesses


def test_anyone_hurt_counts_scrapes_and_the_dead():
    f = fiction()
    assert f.view()["anyone_hurt"] is False and f.view()["hurt"] == []
    f.find("Ben").scrapes.append("a split lip")
    assert f.view()["anyone_hurt"] is True and f.view()["hurt"] == ["Ben"]
    g = fiction()
    g.apply("death", {"name": "Ana"})
    assert g.view()["anyone_hurt"] is True and g.view()["hurt"] == []
    assert g.snapshot().anyone_hurt is True
    h = fiction()
    h.find("Cy").hurts.append("a cut scalp")
    assert h.snapshot().anyone_hurt is True and fiction().snapshot().anyone_hurt is False


def test_the_snapshot_is_what_the_checker_reads():
    f = fiction()
    f.said("Ben", "I search the desk.")
    f.said("Ana", "I kick the door.")
    lost = f.apply("outcome", {"name": "Cy", "fallout": 3})["lost_item"]
    f.apply("weakness", {"suit": "Resolve"})
    f.apply("death", {"name": "Ana"})
    s = f.snapshot()
    assert s == Snapshot(dead=frozenset({"Ana"}), lost=frozenset({lost}), living=("Ben", "Cy"), anyone_hurt=True,
                         weaknesses=dict(f.weaknesses), spoke=frozenset({"Ben"}),
                         aptitudes={"Ana": "Power", "Ben": "Intellect", "Cy": "Resolve"},
                         location=f.location, places=tuple(f.locations), located=f.located(), wild=True,
                         indoors=f.here["indoors"], outdoors=not CAMP_PLACES[f.location].get("indoors"),
                         hurts={"Ana": (), "Ben": (), "Cy": ()},
                         lines={"Ben": "I search the desk."}, tropes=s.tropes, facts=s.facts)
    # the facts the checker holds later texts to: the opening's scene's, each stated
    scene = next(facts for line, facts in CAMP_SCENES if line == f.scene)
    assert sorted(x.statement for x in s.facts) == sorted(scene)


def test_a_copy_goes_its_own_way():
    f = fiction()
    f.said("Ana", "I light the flare and wave it.")
    f.apply("weakness", {"suit": "Power"})
    f.told = 5
    g = f.copy()
    assert g.view() == f.view() and g.used == f.used and g.told == 5 and g.route == f.route
    assert g.seed == f.seed and g.lines == f.lines
    g.apply("outcome", {"name": "Ana", "fallout": 3, "strike": True, "suit": "Power"})
    g.apply("death", {"name": "Ben"})
    g.apply("weakness", {"suit": "Finesse"})
    g.said("Cy", "Something else entirely is said.")
    g.used.add("x")
    assert f.find("Ana").hurts == [] and not f.find("Ben").dead and len(f.find("Ana").items) == 2
    assert list(f.weaknesses) == ["Power"] and len(f.lines) == 1 and "x" not in f.used
    assert f.find("Cy").line is None


def test_find_and_the_lists_of_things():
    f = fiction()
    assert f.find("Ben") is f.people[1] and f.find("Nobody") is None and f.find(None) is None
    f.find("Ana").lost.append("camera")
    f.find("Cy").lost.append("compass")
    assert f.lost_items() == ["camera", "compass"]
    f.apply("death", {"name": "Cy"})
    assert f.held_items() == f.people[0].items + f.people[1].items


def test_an_outcome_recalls_the_weakness_of_its_suit_once_found():
    f = fiction()
    f.apply("weakness", {"suit": "Finesse"})
    d = f.apply("outcome", {"name": "Ana", "fallout": 1, "suit": "Finesse"})
    assert d["known_weakness"] == f.weaknesses["Finesse"] and d["known_weakness"] in WEAKNESSES["Finesse"]
    assert f.apply("outcome", {"name": "Ana", "fallout": 1, "suit": "Power"})["known_weakness"] is None


def test_a_strike_beat_with_nothing_to_count_names_no_hurt():
    """A Strike number already passed (here a malformed one) adds no hurt and names none."""
    f = fiction()
    assert f.apply("strike", {"name": "Ben", "strike_number": -1, "suit": "Power"}) == {
        "hurt": None, "hurt_told": False, "location": f.place}
    assert f.find("Ben").hurts == []


def test_a_death_is_named_by_the_strike_that_killed():
    """A playset may set fewer Strikes to die: the death names the one that killed."""
    f = fiction()
    f.apply("death", {"name": "Ben", "strikes": 2, "nature": "violence"})
    assert f.find("Ben").death == "the second Strike (violence)"
    f.apply("death", {"name": "Cy", "strikes": None})
    assert f.find("Cy").death == "the third Strike (the dark)"


# ---------------------------------------------------------------------- wounds told once


def test_a_strike_knows_when_the_outcome_already_told_its_hurt():
    f = fiction()
    hurt = f.apply("outcome", {"name": "Ana", "fallout": 4, "strike": True, "suit": "Power", "tests": 3})["hurt"]
    f.heard(f"It goes catastrophically wrong, and Ana is hurt: {hurt}.")
    strike = f.apply("strike", {"name": "Ana", "strike_number": 1, "suit": "Power"})
    assert strike["hurt"] == hurt and strike["hurt_told"] is True
    g = fiction()
    g.apply("outcome", {"name": "Ana", "fallout": 4, "strike": True, "suit": "Power", "tests": 3})
    g.heard(f"Ben is hurt: {hurt}.")  # another's name: not Ana's hurt told
    assert g.apply("strike", {"name": "Ana", "strike_number": 1, "suit": "Power"})["hurt_told"] is False
