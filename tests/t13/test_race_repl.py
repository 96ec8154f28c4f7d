"""The race side-rule in the NotT shell: off by default, a four-way race, errors, batch mode."""

from __future__ import annotations

import re

import pytest

import solo.repl.race  # noqa: F401  (registers race, draw-test and siderule on the shell's registry)
from solo.repl.app import run_batch
from tests.repl.conftest import make_shell


@pytest.fixture(autouse=True)
def solo_home(tmp_path, monkeypatch):
    monkeypatch.setenv("SOLO_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def out(sh) -> str:
    return sh.buf.getvalue()


def since(sh, mark: int) -> str:
    return out(sh)[mark:]


def errors(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("error:")]


@pytest.fixture
def sh():
    shell = make_shell()
    shell.seed = 5
    assert shell.run_line("quick")
    return shell


def race_lines(sh, line: str) -> str:
    mark = len(out(sh))
    assert sh.run_line(line), since(sh, mark)
    return since(sh, mark)


def test_off_by_default(sh):
    mark = len(out(sh))
    assert sh.run_line("race Trial") is False
    text = since(sh, mark)
    assert errors(text) == [
        "error: race is the T13 Card Draw Test side-rule, off by default: type siderule t13 on to use it"]
    assert len(text.strip().splitlines()) == 1
    assert sh.run_line("draw-test Trial") is False
    mark = len(out(sh))
    assert sh.run_line("siderule")
    assert since(sh, mark).startswith("t13: off")


def test_switch_on_and_off(sh):
    assert sh.run_line("siderule t13 on")
    assert sh.run_line("siderule t13")
    assert "t13: on" in out(sh)
    assert sh.run_line("race Trial")
    assert sh.run_line("sideroll t13 off")  # the alias the issue names
    assert sh.run_line("race Trial") is False
    assert errors(out(sh))[-1].endswith("type siderule t13 on to use it")
    for bad in ("siderule t14 on", "siderule t13 maybe", "siderule t13 on off"):
        mark = len(out(sh))
        assert sh.run_line(bad) is False
        assert len(errors(since(sh, mark))) == 1


def test_a_four_way_race(sh):
    sh.run_line("siderule t13 on")
    names = [c.name for c in sh.night.cast]
    text = race_lines(sh, "race Trial")
    assert "T13 Card Draw Test 1 (side-rule): Trial ♠, Difficulty 20" in text
    draws = re.findall(r"^(\w+) draws (\S+) — ", text, re.M)
    assert [n for n, _ in draws] == names and len({c for _, c in draws}) == 4
    for name in names:
        assert re.search(rf"^Ranking: .*\b{name} \d+ \((pass|fail)\)", text, re.M)
    assert text.count("Trial Draw") == 4
    assert text.count("  = ") == 4 and text.count("against Difficulty 20") == 4
    assert text.count("  Levels: ") == 4
    assert "Proficiency " in text
    # narration: the opening names everyone; the scramble is told after the ranking
    after = text.split("Ranking:", 1)[1]
    assert all(name in after for name in names)
    assert errors(text) == []
    # the alias, and a second race numbered 2 with other cards
    text2 = race_lines(sh, "draw-test trial difficulty 15")
    assert "T13 Card Draw Test 2 (side-rule): Trial ♠, Difficulty 15" in text2
    assert re.findall(r"^(\w+) draws (\S+) — ", text2, re.M) != draws


def test_race_leaves_the_night_unchanged(sh):
    sh.run_line("siderule t13 on")
    game = sh.night.game
    key = game.state_key()
    steps = len(sh.night.steps)
    save = sh.night.save_path.read_text(encoding="utf-8")
    for line in ("race Trial", "race Awe card draw base 8 places 3 below 2", "race Key drawoff",
                 f"race Heresy {game.cast[0].name} {game.cast[1].name} boost {game.cast[0].name} chi"):
        assert sh.run_line(line), errors(out(sh))
    assert game.state_key() == key
    assert len(sh.night.steps) == steps
    assert sh.night.save_path.read_text(encoding="utf-8") == save
    # play goes on as before: the Threat Card still waits for a tester
    assert sh.run_line(f"test {game.cast[0].name}")
    assert sh.run_line("undo")
    assert game.state_key() == key


def test_same_seed_same_race():
    texts = []
    for _ in range(2):
        shell = make_shell()
        shell.seed = 5
        shell.run_line("quick")
        shell.run_line("siderule t13 on")
        texts.append(race_lines(shell, "race Trial") + race_lines(shell, "race Awe card draw"))
    assert texts[0] == texts[1]


@pytest.mark.parametrize("line", [
    "race", "race bogus", "race Trial zzz", "race Trial difficulty", "race Trial difficulty lots",
    "race Trial difficulty -3", "race Trial card", "race Trial card 99Z", "race Trial boost",
    "race Trial boost Tina", "race Trial boost Tina fireball", 'race Trial "unclosed',
    "race Trial places x", "race Trial below 0", "race Trial card 7S difficulty 3", "race Trial draw Tina",
    "race Trial prof Tina Nope", "race Trial Tina Tina", "race Trial boost Tina chi 3", "race Trial 9",
    "race Trial difficulty 3 card draw",
])
def test_garbage_gives_one_error_line(sh, line):
    sh.run_line("siderule t13 on")
    key = sh.night.game.state_key()
    mark = len(out(sh))
    assert sh.run_line(line) is False
    text = since(sh, mark)
    assert len(errors(text)) == 1, text
    assert len(text.strip().splitlines()) == 1 or text.count("error:") == 1
    assert "Ranking" not in text
    assert sh.night.game.state_key() == key


def test_dead_characters_cannot_race(sh):
    sh.run_line("siderule t13 on")
    game = sh.night.game
    dead = game.cast[1].name
    game.dead[1] = "strikes"  # as if the third Strike had landed
    mark = len(out(sh))
    assert sh.run_line(f"race Trial {dead}") is False
    assert errors(since(sh, mark)) == [f"error: {dead} is dead and cannot race"]
    text = race_lines(sh, "race Trial")
    assert len(re.findall(r"^\w+ draws ", text, re.M)) == 3
    assert f"{dead} draws" not in text
    assert sh.run_line(f"race Trial boost {dead} chi") is False


def test_overrides_and_options(sh):
    sh.run_line("siderule t13 on")
    a, b = sh.night.cast[0].name, sh.night.cast[1].name
    text = race_lines(sh, f"race Trial {a} {b} draw {a} 3 prof {a} Trial prof {a} Rook boost {b} stress 2 "
                          "places 2 below 1 vs 10")
    block = text.split(f"{a} draws", 1)[1].split(f"{b} draws", 1)[0]
    assert "     3  Trial Draw" in block
    assert "Proficiency Trial ♠" in block and "Proficiency Rook ♣" in block
    assert "Stress Gained ×2" in text
    assert len(re.findall(r"^\w+ draws ", text, re.M)) == 2
    assert "Difficulty 10" in text


def test_help_lists_the_side_rule(sh):
    sh.run_line("help")
    assert "side rules:" in out(sh) and "siderule" in out(sh)
    sh.run_line("help race")
    assert "(also: draw-test)" in out(sh)


def test_batch_session_writes_the_race_to_the_transcript():
    shell = make_shell()
    shell.seed = 5
    code = run_batch(shell, ["quick", "siderule t13 on", "race Trial", "say we run for the boathouse",
                             "race Awe card draw base 10", "quit"])
    assert code == 0, errors(out(shell))
    names = [c.name for c in shell.night.cast]
    md = shell.night.transcript.path.read_text(encoding="utf-8")
    assert "### T13 Card Draw Test 1 (side-rule): Trial ♠, Difficulty 20" in md
    assert "### T13 Card Draw Test 2 (side-rule): Awe ♦, Difficulty " in md
    race1 = md.split("### T13 Card Draw Test 1", 1)[1].split("### T13 Card Draw Test 2", 1)[0]
    # arithmetic: one ⚙ line per character, with the Draw, the card and the total against the Difficulty
    gears = [line for line in race1.splitlines() if line.startswith("*⚙ ")]
    assert [g[3:].split(":", 1)[0] for g in gears] == names
    for g in gears:
        assert "[Trial Draw]" in g and "[Ordeal Card " in g and "against Difficulty 20" in g
        assert re.search(r"— \d+ Success, \d+ Failure\*$", g)
    assert "**Ranking: " in race1
    # narration, as told on screen
    told = [line[2:] for line in race1.splitlines() if line.startswith("> ")]
    assert len(told) >= 3 and all(n in " ".join(told) for n in names)
    screen = out(shell)
    for t in told:
        assert t.split(".")[0] in " ".join(screen.split())
    assert "we run for the boathouse" in md


def test_a_race_in_a_night_told_by_a_model_is_told_by_the_model(tmp_path, monkeypatch):
    from tests.narration.fakeserver import FakeServer
    from tests.repl.conftest import make_shell, output

    monkeypatch.setenv("SOLO_HOME", str(tmp_path))

    with FakeServer("ok", pieces=["They ", "run."]) as srv:
        monkeypatch.setenv("OPENAI_BASE_URL", srv.url)
        monkeypatch.setenv("OPENAI_API_KEY", "sk-test-race-000000000000")
        sh = make_shell(seed=5, narrator="llm", model="fake")
        assert sh.run_line("quick") and sh.run_line("siderule t13 on") and sh.run_line("race Trial")
        assert any("scrambling" in r["body"] for r in srv.requests)
    assert "They run." in output(sh)
