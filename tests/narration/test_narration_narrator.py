"""TemplateNarrator: determinism, no repeats, strictness, the interface, finding prompts/."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator

import jinja2
import pytest

from solo.narration import PROMPTS_DIR, Beat, Narrator, TemplateNarrator, make_environment, narrate_text, prompts_dir
from solo.director.beats import beats_from_events, opening_beats
from solo.narration.environment import PROMPTS_ENV
from solo.nott import RESOLVE, ROLL, Game, Test, quick_cast
from solo.nott import events as E
from solo.nott.cards import card


def play_beats(seed: int) -> list[Beat]:
    game = Game(quick_cast(seed), seed=seed)
    beats = opening_beats(game)
    while game.outcome() is None:
        for action in (Test(game.living()[0]), ROLL, RESOLVE):
            beats += beats_from_events(game, game.push(action))
    return beats


@pytest.fixture(scope="module")
def night():
    return play_beats(21)


def test_same_seed_same_texts(env, night):
    one, two = TemplateNarrator(5, environment=env), TemplateNarrator(5, environment=env)
    assert [one.tell(b) for b in night] == ["".join(two.narrate(b)) for b in night]


def test_same_seed_same_texts_with_a_fresh_environment(night):
    """Determinism does not hang on process state (hash seeds, caches)."""
    one = TemplateNarrator(7, environment=make_environment())
    two = TemplateNarrator(7, environment=make_environment())
    assert [one.tell(b) for b in night[:40]] == [two.tell(b) for b in night[:40]]


def test_same_seed_across_processes(night):
    code = ("from solo.nott import *; from solo.narration import *; from solo.director.beats import opening_beats\n"
            "g = Game(quick_cast(21), seed=21); n = TemplateNarrator(3)\n"
            "print('|'.join(n.tell(b) for b in opening_beats(g)))")
    outs = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                           env={**os.environ, "PYTHONHASHSEED": str(h)}).stdout for h in (1, 2)}
    assert len(outs) == 1
    n = TemplateNarrator(3)
    assert outs.pop().strip() == "|".join(n.tell(b) for b in night[:2])


def test_different_seeds_differ(env, night):
    texts = {tuple(TemplateNarrator(s, environment=env).tell(b) for b in night[:30]) for s in range(5)}
    assert len(texts) == 5


def test_never_the_same_text_twice_in_a_row_for_a_kind(env, night):
    for seed in range(5):
        narrator = TemplateNarrator(seed, environment=env)
        last: dict[str, str] = {}
        for b in night:
            text = narrator.tell(b)
            assert last.get(b.kind) != text, (b.kind, text)
            last[b.kind] = text


def test_repeating_one_cell_tells_no_sentence_twice(env, game):
    """Told again and again, one cell still never repeats a counted sentence (six words or
    thirteen characters and more, short questions aside) while it has candidates left."""
    from solo.narration.compose import counted, norm, sentences

    c = card(6, 2)
    beats = (beats_from_events(game, [E.TestResolved(0, c, 6, 1, 2, 0, 2, False, False)])
             + beats_from_events(game, [E.ThreatRevealed(c, 6)]))
    assert [b.kind for b in beats] == ["outcome", "threat"]
    for b in beats:
        narrator = TemplateNarrator(1, environment=env)
        seen: list[str] = []
        for _ in range(8):
            seen += [norm(x) for x in sentences(narrator.tell(b)) if counted(x)]
        assert len(seen) == len(set(seen)), [x for x in seen if seen.count(x) > 1]


def test_the_memory_is_the_fictions_and_rewinds_with_it(env, night):
    """With a fiction attached, the no-repeat memory lives in it: a copy taken before some
    beats, put back, makes the narrator tell those beats again word for word."""
    from solo.director.fiction import Fiction

    narrator = TemplateNarrator(2, environment=env)
    narrator.story = Fiction([{"name": "A"}], 2)
    [narrator.tell(b) for b in night[:5]]
    saved = narrator.story.copy()
    first = [narrator.tell(b) for b in night[5:15]]
    assert narrator.story.used != saved.used
    narrator.story = saved
    assert [narrator.tell(b) for b in night[5:15]] == first


def test_reset_replays(env, night):
    narrator = TemplateNarrator(4, environment=env)
    first = [narrator.tell(b) for b in night[:20]]
    narrator.reset()
    assert [narrator.tell(b) for b in night[:20]] == first


def test_strict_undefined_raises_on_an_incomplete_context(env, game):
    assert env.undefined is jinja2.StrictUndefined
    full = beats_from_events(game, [E.TestResolved(0, card(8, 1), 8, 2, 4, 0, 4, False, False),
                                    E.StrikeGained(0, 1, "Dire failure")])
    outcome = full[0].context
    broken = Beat("outcome", {k: v for k, v in outcome.items() if k != "name"})
    narrator = TemplateNarrator(0, environment=env)
    with pytest.raises(jinja2.UndefinedError):
        narrator.tell(broken)
    with pytest.raises(jinja2.UndefinedError):
        narrator.render(Beat("threat", {"severity": "deadly"}), 0)
    with pytest.raises(jinja2.UndefinedError):
        narrate_text(narrator, Beat("dawn", {"survivors": ["Al"]}))


def test_strict_undefined_in_a_template_of_its_own(tmp_path):
    (tmp_path / "t.j2").write_text("Hello {{ missing }}")
    env = make_environment(tmp_path)
    with pytest.raises(jinja2.UndefinedError):
        env.get_template("t.j2").render(present=1)


def test_unknown_kind_is_refused():
    with pytest.raises(ValueError):
        Beat("monologue", {})


def test_narrator_protocol_and_chunks(env, night):
    narrator = TemplateNarrator(0, environment=env)
    assert isinstance(narrator, Narrator)
    chunks = narrator.narrate(night[0])
    assert isinstance(chunks, Iterator)
    # The choice is made when narrate() is called, not when the chunks are read.
    assert narrator.count == 1
    assert "".join(chunks) == TemplateNarrator(0, environment=env).tell(night[0])


def test_any_object_with_narrate_is_a_narrator(night):
    class Echo:
        def narrate(self, beat):
            yield beat.kind
            yield "!"

    assert isinstance(Echo(), Narrator)
    assert narrate_text(Echo(), night[0]) == "opening!"


def test_control_characters_in_names_are_stripped(env):
    from solo.nott import Character

    cast = [Character("Al\x1b]52;c;ZXZpbA==\x07", 0, "The Jock"), Character("Bo\x1b[2J", 1),
            Character("Cy\r", 2), Character("Di\x9b31m", 3)]
    game = Game(cast, seed=1)
    narrator = TemplateNarrator(0, environment=env)
    for b in opening_beats(game):
        text = narrator.tell(b)
        assert not any(ch in text for ch in "\x1b\x07\r\x9b")


def test_contexts_are_plain_data(night):
    for b in night:
        json.dumps(b.to_dict())
        assert "player_action" in b.context and isinstance(b.summary, str) and b.summary


def test_player_action_rides_along(game):
    beats = beats_from_events(game, [E.TestBegan(1, card(5, 0), 5)], player_action="I go for the window")
    assert beats[0].player_action == "I go for the window"
    assert beats[0]["name"] == game.cast[1].name


# ---------------------------------------------------------------------- respond


def test_respond_every_character_and_threat(env):
    game = Game(quick_cast(8), seed=8)
    last = None
    seen = set()
    for s in range(4):
        for r in range(1, 14):
            narrator = TemplateNarrator(3 + r, environment=env)
            threat = beats_from_events(game, [E.ThreatRevealed(card(r, s), r)])[0]
            for ch in game.cast:
                line = narrator.respond(ch, threat)
                assert line and line != last and "{" not in line and "None" not in line
                assert " I " in f" {line}" or "No plan" in line, line  # a first-person action
                last = line
                seen.add(line)
    assert len(seen) >= 30


def test_respond_takes_a_mapping_and_joker_beats(env, game):
    narrator = TemplateNarrator(3, environment=env)
    joker = beats_from_events(game, [E.JokerRevealed(52, 7, None)])[0]
    for apt in ("Power", 2, None):
        line = narrator.respond({"name": "Zed", "archetype": "", "aptitude": apt}, joker)
        assert " I " in f" {line}" or "No plan" in line, line


def test_respond_matching_aptitude_sounds_sure(env, game):
    narrator = TemplateNarrator(0, environment=env)
    ch = game.cast[0]
    threat = beats_from_events(game, [E.ThreatRevealed(card(6, ch.aptitude), 6)])[0]
    lines = {narrator.respond(ch, threat) for _ in range(60)}
    assert any(line.startswith(("This one's mine", "Let me", "I've got this")) for line in lines)
    assert not any(line.startswith(("Okay", "Somebody has to", "I'm no good")) for line in lines)


def test_respond_is_deterministic_and_apart_from_narration(env, night):
    game = Game(quick_cast(21), seed=21)
    threat = night[1]
    a, b = TemplateNarrator(6, environment=env), TemplateNarrator(6, environment=env)
    a.respond(game.cast[0], threat)  # responses share the night's memory: the texts move on
    assert [a.tell(x) for x in night[:10]] != [b.tell(x) for x in night[:10]]
    c, d = TemplateNarrator(6, environment=env), TemplateNarrator(6, environment=env)
    assert [c.respond(ch, threat) for ch in game.cast] == [d.respond(ch, threat) for ch in game.cast]


# ---------------------------------------------------------------------- finding prompts/


def test_prompts_dir_is_the_repository_prompts():
    assert prompts_dir() == PROMPTS_DIR
    assert (PROMPTS_DIR / "template" / "threat.j2").is_file()
    assert PROMPTS_DIR.parent == PROMPTS_DIR.parents[0] and (PROMPTS_DIR.parent / "solo").is_dir()


def test_works_from_any_working_directory(tmp_path):
    """The package is installed editable: templates are found whatever the cwd."""
    code = ("from solo.nott import *; from solo.narration import *; from solo.director.beats import opening_beats\n"
            "g = Game(quick_cast(1), seed=1); n = TemplateNarrator(1)\n"
            "print(all(n.tell(b) for b in opening_beats(g)))")
    out = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True,
                         env={k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", PROMPTS_ENV)})
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "True"


def test_prompts_dir_override(tmp_path, monkeypatch, game):
    shutil.copytree(PROMPTS_DIR / "template", tmp_path / "template")
    (tmp_path / "template" / "all_dead.j2").write_text("Custom ending for {{ names|names }}.")
    monkeypatch.setenv(PROMPTS_ENV, str(tmp_path))
    assert prompts_dir() == tmp_path
    narrator = TemplateNarrator(0)
    text = narrator.tell(beats_from_events(game, [E.AllDead()])[0])
    assert text.startswith("Custom ending for ")
    monkeypatch.setenv(PROMPTS_ENV, str(tmp_path / "nowhere"))
    with pytest.raises(FileNotFoundError):
        prompts_dir()


def test_package_docstring_example():
    import doctest

    import solo.narration

    result = doctest.testmod(solo.narration)
    assert result.attempted and not result.failed
