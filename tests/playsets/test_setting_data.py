"""What a playset hands the narrators is the file's own data, key by key (read here with
tomllib, independently of the pydantic model)."""

import tomllib
from pathlib import Path

import pytest

from solo.playsets import load_playset

BUILTIN = Path(__file__).resolve().parents[2] / "solo" / "playsets" / "builtin"


@pytest.mark.parametrize("name", ["cabin-in-the-woods", "house-party"])
def test_the_setting_is_the_files_data(name):
    raw = tomllib.loads((BUILTIN / f"{name}.toml").read_text(encoding="utf-8"))
    setting = load_playset(name).setting()
    for key in ("name", "title", "premise", "locations", "props", "tropes", "killer", "flavour", "dread"):
        assert setting[key] == raw[key], key
    assert setting["trope_phrasings"] == raw.get("trope_phrasings", {})


@pytest.mark.parametrize("name", ["cabin-in-the-woods", "house-party"])
def test_the_description_names_the_killer_and_the_first_eight_places(name):
    raw = tomllib.loads((BUILTIN / f"{name}.toml").read_text(encoding="utf-8"))
    text = load_playset(name).describe()
    assert text.startswith(f"{raw['title']}. {raw['premise']}")
    assert f"The Killer: {raw['killer']['name']} — {raw['killer']['look']}; calling card: " \
           f"{raw['killer']['calling_card']}." in text
    assert text.endswith(f"Places: {', '.join(raw['locations'][:8])}.")
    assert raw["locations"][8] not in text
