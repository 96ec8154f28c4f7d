"""Playsets: the built-ins, validation errors, narration with a setting, rule overrides."""

import random
import subprocess
import sys

import pytest

from solo.narration import TemplateNarrator
from solo.director.beats import beats_from_events, opening_beats
from solo.nott import Game, quick_cast
from solo.nott.cards import card_str
from solo.playsets import PlaysetError, builtin_names, load_playset, parse_overrides, read_playset
from solo.sim.policies import get_policy, next_actions

BUILTINS = ["cabin-in-the-woods", "house-party"]
LEFTOVERS = ("{{", "}}", "{%", "%}", "None", "Undefined")


def check(text):
    assert text.strip() and text[-1] in ".!?", repr(text)
    for bad in LEFTOVERS:
        assert bad not in text, (bad, text)


def test_the_two_builtins_are_there_and_valid():
    assert builtin_names() == BUILTINS
    for name in BUILTINS:
        ps = load_playset(name)
        assert ps.name == name and len(ps.locations) >= 12 and ps.ruleset().name == "ashcan"


@pytest.mark.parametrize("name", BUILTINS)
def test_every_threat_card_renders_in_the_setting(name):
    ps = load_playset(name)
    setting = ps.setting()
    for c in list(range(52)) + [52, 53]:
        threat = [card_str(c), "2♠" if c != 1 else "3♠"]
        weak = ["J♠", "J♥", "J♣", "J♦"] if c >= 52 else []
        if c >= 52:
            threat = [card_str(c), "Q♠"]
        trophy = ["5♥"] if card_str(c) != "5♥" else ["6♥"]
        g = Game.stacked(quick_cast(1), threat=threat, weaknesses=weak, trophy=trophy)
        beat = [b for b in opening_beats(g) if b.kind == "threat" or b.kind.endswith("joker")][0]
        n = TemplateNarrator(seed=0, setting=setting)
        texts = {n.render(beat, v) for v in range(TemplateNarrator.VARIANTS)}
        for t in texts:
            check(t)
        assert len(texts) >= 3
        if c < 52:
            assert any(loc in t for t in texts for loc in ps.setting_places()), texts


@pytest.mark.parametrize("name", BUILTINS)
def test_every_beat_kind_renders_in_the_setting_over_whole_nights(name):
    ps = load_playset(name)
    kinds = set()
    for seed in range(12):
        for policy in ("naive", "careful"):
            g = Game(quick_cast(seed), seed=seed)
            n = TemplateNarrator(seed=seed, setting=ps.setting())
            beats = opening_beats(g)
            rng = random.Random(seed)
            while g.outcome() is None:
                for a in next_actions(g, get_policy(policy), rng):
                    beats += beats_from_events(g, g.push(a))
            for b in beats:
                kinds.add(b.kind)
                for v in (0, 7, 31):
                    check(n.render(b, v))
    assert {"opening", "threat", "challenge", "outcome", "award", "genre_point", "weakness", "strike", "death",
            "endgame", "black_joker", "red_joker"} <= kinds
    assert {"dawn", "all_dead"} & kinds


def test_the_setting_reaches_the_opening_and_the_llm_prompt():
    from solo.narration.llm import LLMNarrator

    ps = load_playset("house-party")
    g = Game(quick_cast(2), seed=2)
    opening = opening_beats(g)[0]
    assert "Hendersons" in TemplateNarrator(seed=1, setting=ps.setting()).tell(opening)
    llm = LLMNarrator(TemplateNarrator(seed=1), model="x", setting=ps.describe(), log_path=None)
    system = llm.messages(opening)[0]["content"]
    assert "House Party" in system and "the Party Guest" in system


BROKEN = [
    ('name = "x"\ntitle = "X"\npremise = "short"\n', "premise (line 3)"),
    ('name = "x"\ntitle = \n', "not valid TOML"),
    ('name = "Bad Name"\n', "name (line 1)"),
]


@pytest.mark.parametrize("text,expected", BROKEN)
def test_a_broken_playset_gets_one_clear_error(text, expected, tmp_path):
    p = tmp_path / "bad.toml"
    p.write_text(text)
    with pytest.raises(PlaysetError) as err:
        read_playset(p)
    msg = str(err.value)
    assert expected in msg and "\n" not in msg and str(p) in msg


def test_unknown_and_wrong_keys_are_named_with_their_line(tmp_path):
    good = (load_playset("cabin-in-the-woods").model_dump())
    src = (tmp_path / "ok.toml")
    text = open(__import__("solo.playsets.loader", fromlist=["x"]).BUILTIN_DIR / "cabin-in-the-woods.toml").read()
    bad = text.replace('calling_card = "a ring', 'calling_crad = "a ring')
    src.write_text(bad)
    with pytest.raises(PlaysetError, match=r"killer\.calling_card \(line \d+\): missing|killer\.calling_crad \(line \d+\): unknown key"):
        read_playset(src)
    bad = text.replace('base = "ashcan"', 'base = "nightmare"')
    src.write_text(bad)
    with pytest.raises(PlaysetError, match=r"rules\.base \(line \d+\)"):
        read_playset(src)
    line = [i for i, l in enumerate(bad.splitlines(), 1) if l.startswith("base =")][0]
    with pytest.raises(PlaysetError, match=rf"line {line}\)"):
        read_playset(src)
    assert good["name"] == "cabin-in-the-woods"


def test_overrides_parse_and_refuse_clearly():
    r = parse_overrides(["genre_points=5", "face_modifiers=1,2,4", "fast=yes", "strikes=4", "rules=playtest"]).ruleset()
    assert (r.genre_points, r.face_modifiers, r.fast_setup, r.strikes_to_die, r.name) == (5, (1, 2, 4), True, 4, "playtest")
    for bad, word in (["bogus=1"], "bogus"), (["genre_points=-1"], "genre_points"), (["fast_setup=maybe"], "true or false"), (["nokey"], "key=value"):
        with pytest.raises(PlaysetError, match=word):
            parse_overrides(bad)


def test_user_playsets_are_listed_and_loadable(tmp_path, monkeypatch):
    monkeypatch.setenv("SOLO_CONFIG_DIR", str(tmp_path))
    (tmp_path / "playsets").mkdir()
    from solo.playsets.loader import BUILTIN_DIR

    text = (BUILTIN_DIR / "house-party.toml").read_text().replace('name = "house-party"', 'name = "my-party"')
    (tmp_path / "playsets" / "my-party.toml").write_text(text)
    assert load_playset("my-party").name == "my-party"
    env = {"SOLO_CONFIG_DIR": str(tmp_path), "PATH": "", "PYTHONIOENCODING": "utf-8"}
    out = subprocess.run([sys.executable, "-m", "solo", "playsets"], capture_output=True, text=True, env=env, timeout=60)
    assert "my-party" in out.stdout and "user" in out.stdout and "cabin-in-the-woods" in out.stdout


def test_playset_check_command_exit_codes(tmp_path):
    from solo.playsets.loader import BUILTIN_DIR

    ok = subprocess.run([sys.executable, "-m", "solo", "playset", "check", str(BUILTIN_DIR / "house-party.toml")],
                        capture_output=True, text=True, timeout=60)
    assert ok.returncode == 0 and "OK" in ok.stdout
    bad = tmp_path / "bad.toml"
    bad.write_text('name = "x"\n')
    out = subprocess.run([sys.executable, "-m", "solo", "playset", "check", str(bad)], capture_output=True, text=True,
                         timeout=60)
    # the nine required keys missing besides the name: a line saying so, then one line each
    assert out.returncode == 1 and out.stderr.count("\n") == 10 and "\n  title: missing\n" in out.stderr


def test_transcript_header_names_the_playset_and_autoplay_uses_its_archetypes(tmp_path):
    from solo.sim.autoplay import autoplay

    ps = load_playset("house-party")
    night = autoplay(5, ps.ruleset(), "careful", out=tmp_path / "t.md", playset=ps)
    text = (tmp_path / "t.md").read_text()
    assert text.startswith("# Night of the Thirteenth — House Party")
    assert "*House Party (the house-party playset) · ashcan rules · seed 5" in text
    from solo.play.transcript import render

    assert "- **Playset:** house-party" in render(night, "log")
    allowed = {a for lst in ps.archetypes.model_dump().values() for a in lst}
    assert all(c.archetype in allowed for c in night.cast)


def test_the_repl_plays_and_resumes_a_playset_night(tmp_path, monkeypatch):
    monkeypatch.setenv("SOLO_HOME", str(tmp_path))
    from tests.repl.conftest import make_shell, output

    sh = make_shell(seed=6, playset="cabin-in-the-woods", overrides=["genre_points=3"])
    assert sh.run_line("quick")
    assert sh.night.game.pool == 3 and "Cabin in the Woods" in output(sh)
    g = sh.night.game
    assert sh.run_line(f"test {g.cast[g.living()[0]].name}")
    key = g.state_key()
    sh2 = make_shell()
    assert sh2.run_line("resume")
    assert sh2.night.game.state_key() == key and sh2.night.playset_title == "Cabin in the Woods"
    assert sh2.night.narrator.setting["title"] == "Cabin in the Woods"


def test_a_bad_playset_in_the_repl_is_one_error_line(tmp_path, monkeypatch):
    monkeypatch.setenv("SOLO_HOME", str(tmp_path))
    from tests.repl.conftest import make_shell, output

    sh = make_shell(seed=6)
    assert sh.run_line("new playset no-such-place") is False
    assert "no playset called 'no-such-place'" in output(sh)


@pytest.mark.parametrize("name", BUILTINS)
def test_an_award_without_a_judged_trope_names_none_of_the_playsets(name):
    """The player's own ``award Cat`` has no trope: its telling never names one the player did
    not play ("daring someone to say the name three times" for "I feint left and go right")."""
    from solo.narration.beats import Beat

    ps = load_playset(name)
    n = TemplateNarrator(seed=0, setting=ps.setting())
    beat = Beat("award", {"name": "Cat", "archetype": "The Jock", "held": 1, "pool_left": 9})
    for v in range(TemplateNarrator.VARIANTS):
        text = n.render(beat, v)
        assert "Cat" in text and not any(t in text for t in ps.tropes), text
    judged = n.render(Beat("award", {**beat.context, "trope": ps.tropes[0]}), 0)
    assert ps.tropes[0] in judged  # the director's own award names the trope it judged


@pytest.mark.parametrize("name", BUILTINS)
def test_a_place_tells_its_own_threats_and_sounds_and_no_other_places(name):
    """Over a few nights, the threats and sounds a location owns are told, each only while the
    group is there."""
    from solo.nott.rules import ASHCAN
    from solo.sim.autoplay import autoplay

    ps = load_playset(name)
    owned = {line.lower().rstrip("."): loc.place for loc in ps.places()
             for line in [*loc.sounds, *(t for s in ("Power", "Resolve", "Intellect", "Finesse")
                                        for t in getattr(loc.threats, s))]}
    told = set()

    def heard(beat, text, before, after):
        if beat.kind == "threat":
            for line, place in owned.items():
                if line in text.lower():
                    assert after.location == place, (line, after.location)
                    told.add(line)

    for seed in range(4):
        autoplay(seed, ASHCAN, "careful", out=None, playset=ps, on_told=heard)
    assert len(told) >= 8, told
