"""Finding a playset (docs/playsets.md): by path, by built-in name, or by the name of a file in
the user playset folder (``SOLO_CONFIG_DIR`` moves it; otherwise the platform's config folder
for solo), with one clear line when there is none."""

from __future__ import annotations

import sys
from pathlib import Path

import platformdirs
import platformdirs.windows
import pytest

from solo.playsets import PlaysetError, list_playsets, load_playset, user_dir
from solo.playsets.loader import BUILTIN_DIR

BUILTINS = ["cabin-in-the-woods", "house-party"]  # docs/playsets.md: the two built-ins


@pytest.fixture
def config(tmp_path, monkeypatch):
    """An empty config folder of solo's own: no user playsets unless a test adds some."""
    monkeypatch.setenv("SOLO_CONFIG_DIR", str(tmp_path / "config"))
    return tmp_path / "config"


def add_user_playset(config, name: str):
    folder = config / "playsets"
    folder.mkdir(parents=True, exist_ok=True)
    text = (BUILTIN_DIR / "house-party.toml").read_text(encoding="utf-8")
    path = folder / f"{name}.toml"
    path.write_text(text.replace('name = "house-party"', f'name = "{name}"'), encoding="utf-8")
    return path


def test_the_config_variable_moves_the_user_folder(config):
    assert user_dir() == config / "playsets"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="XDG_CONFIG_HOME is platformdirs' rule on Linux")
def test_without_the_variable_the_folder_is_solos_in_the_xdg_config_home(tmp_path, monkeypatch):
    """platformdirs on Linux: ``$XDG_CONFIG_HOME/<app name>``; solo's app name is ``solo``."""
    monkeypatch.delenv("SOLO_CONFIG_DIR", raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    assert user_dir() == tmp_path / "xdg" / "solo" / "playsets"


def test_on_windows_the_folder_is_not_doubled_under_an_author_folder(monkeypatch):
    """platformdirs on Windows puts an app's folder under its author's
    (``%LOCALAPPDATA%\\<author>\\<app>``, the app's name again when no author is given) unless
    told there is none: solo's is ``%LOCALAPPDATA%\\solo``. Played here with platformdirs'
    Windows rules and the folder platformdirs lets an environment variable name."""
    local = r"C:\Users\player\AppData\Local"
    monkeypatch.delenv("SOLO_CONFIG_DIR", raising=False)
    monkeypatch.setattr(platformdirs, "PlatformDirs", platformdirs.windows.Windows)
    monkeypatch.setenv("WIN_PD_OVERRIDE_LOCAL_APPDATA", local)
    assert Path(platformdirs.user_config_dir("someapp", "someone")) == Path(local) / "someone" / "someapp"
    assert user_dir() == Path(local) / "solo" / "playsets"


def test_user_playsets_are_listed_after_the_built_ins(config):
    first = add_user_playset(config, "ghost-ship")
    second = add_user_playset(config, "abyss")
    listed = [(name, where, path) for name, where, path in list_playsets()]
    assert listed == [(n, "built-in", BUILTIN_DIR / f"{n}.toml") for n in BUILTINS] + [
        ("abyss", "user", second), ("ghost-ship", "user", first)]


def test_without_a_user_folder_only_the_built_ins_are_listed(config):
    assert [(n, where) for n, where, _ in list_playsets()] == [(n, "built-in") for n in BUILTINS]


def test_an_unknown_name_lists_every_playset_there_is(config):
    with pytest.raises(PlaysetError) as exc:
        load_playset("Nowhere")
    assert str(exc.value) == "no playset called 'Nowhere' (available: camp, cabin-in-the-woods, house-party)"
    add_user_playset(config, "ghost-ship")
    with pytest.raises(PlaysetError) as exc:
        load_playset("nowhere")
    assert str(exc.value) == ("no playset called 'nowhere' (available: camp, cabin-in-the-woods, house-party, "
                              "ghost-ship)")


def test_a_user_playset_is_found_by_its_name_in_any_case(config):
    add_user_playset(config, "ghost-ship")
    assert load_playset(" Ghost-Ship ").name == "ghost-ship"


def test_a_toml_path_that_is_not_there_is_named_as_a_missing_file(config, tmp_path):
    """A ``.toml`` reference is a path, never a name: no list of names for a mistyped path."""
    ref = str(tmp_path / "ghost-shp.toml")
    with pytest.raises(PlaysetError) as exc:
        load_playset(ref)
    assert str(exc.value) == f"no playset file {ref!r}"


def test_a_bare_toml_file_name_that_is_not_there_is_a_missing_file_too(config, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    add_user_playset(config, "ghost-ship")
    with pytest.raises(PlaysetError) as exc:
        load_playset("ghost-ship.toml")
    assert str(exc.value) == "no playset file 'ghost-ship.toml'"


def test_an_existing_file_is_read_whatever_its_suffix(config, tmp_path):
    path = add_user_playset(tmp_path, "ghost-ship").rename(tmp_path / "ghost-ship.playset")
    assert load_playset(str(path)).name == "ghost-ship"
