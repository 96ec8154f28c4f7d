"""What a playset hands the narrators is the file's own data, key by key (read here with
tomllib, independently of the pydantic model)."""

import tomllib
from pathlib import Path

import pytest

from solo.playsets import load_playset

SUITS = ("Power", "Resolve", "Intellect", "Finesse")
BUILTIN = Path(__file__).resolve().parents[2] / "solo" / "playsets" / "builtin"


@pytest.mark.parametrize("name", ["cabin-in-the-woods", "house-party"])
def test_the_setting_is_the_files_data(name):
    raw = tomllib.loads((BUILTIN / f"{name}.toml").read_text(encoding="utf-8"))
    setting = load_playset(name).setting()
    for key in ("name", "title", "premise", "tropes", "killer", "dread"):
        assert setting[key] == raw[key], key
    assert setting["trope_phrasings"] == raw.get("trope_phrasings", {})
    assert setting["flavour"] == {suit: raw["flavour"].get(suit, []) for suit in SUITS}
    assert setting["sounds"] == raw.get("sounds", []) and setting["wild"] == raw.get("wild", False)
    # a location is a place (a line) or a table that owns props, sounds and threats
    places = [x if isinstance(x, str) else x["place"] for x in raw["locations"]]
    assert setting["locations"] == places
    assert setting["props"] == raw["props"] + [p for x in raw["locations"] if isinstance(x, dict)
                                               for p in x.get("props", [])]
    for x in raw["locations"]:
        own = setting["places"][x if isinstance(x, str) else x["place"]]
        x = x if isinstance(x, dict) else {}
        assert own == {"indoors": x.get("indoors", False), "props": x.get("props", []), "sounds": x.get("sounds", []),
                       "threats": {suit: x.get("threats", {}).get(suit, []) for suit in SUITS}}


@pytest.mark.parametrize("name", ["cabin-in-the-woods", "house-party"])
def test_the_description_names_the_killer_whole_and_every_place(name):
    """The model's system prompt carries the playset's Killer as the templates know it (look,
    weapon, calling card, legend) and every place, set apart by semicolons (a place's own
    description may hold a comma): a model told only eight places was refused for naming a
    ninth the group had moved to."""
    raw = tomllib.loads((BUILTIN / f"{name}.toml").read_text(encoding="utf-8"))
    text = load_playset(name).describe()
    assert text.startswith(f"{raw['title']}. {raw['premise']}")
    killer = raw["killer"]
    weapon = f", carrying {killer['weapon']}" if killer.get("weapon") else ""
    legend = f"; the legend: {killer['legend']}" if killer.get("legend") else ""
    assert f"The Killer: {killer['name']} — {killer['look']}{weapon}; calling card: " \
           f"{killer['calling_card']}{legend}." in text
    places = [x if isinstance(x, str) else x["place"] for x in raw["locations"]]
    assert len(places) > 8 and text.endswith(f"Places: {'; '.join(places)}.")


def test_a_setting_without_woods_is_told_none_over_whole_nights():
    """A playset that is not out in the wild (the house party) hears no woods, crickets, old
    camp sign or map over whole nights: :data:`solo.world.places.WILD_WORDS` is kept out of it."""
    from solo.nott.rules import ASHCAN
    from solo.world.places import WILD_WORDS, said
    from solo.play.transcript import render
    from solo.playsets import load_playset
    from solo.sim.autoplay import autoplay

    playset = load_playset("house-party")
    assert not playset.setting().get("wild")
    told = []
    for seed in range(4):
        night = autoplay(seed, ASHCAN, "careful", out=None, playset=playset)
        told += [line for line in render(night).splitlines() if line.startswith("> ")]
    assert len(told) > 100
    camp = ("crickets", "the old sign", "the map says", "the woods", "the trees", "campfire", "the lake")
    assert [t for t in told if said(WILD_WORDS + camp, t)] == []
