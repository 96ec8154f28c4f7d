"""Lucky 13 scenes narrated by an OpenAI-compatible model, falling back to the templates."""

from tests.narration.fakeserver import FakeServer

import pytest

from .test_repl import ENCOUNTER, make_shell, output


@pytest.fixture(autouse=True)
def solo_home(tmp_path, monkeypatch):
    monkeypatch.setenv("SOLO_HOME", str(tmp_path / "home"))


def play(monkeypatch, url):
    monkeypatch.setenv("OPENAI_BASE_URL", url)
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-lucky13-key-000000000")
    sh = make_shell(narrator="llm", model="fake")
    assert all(sh.run_line(line) for line in ENCOUNTER)
    return sh


def test_the_model_narrates_the_scene(monkeypatch):
    with FakeServer("ok", pieces=["Steel ", "rings ", "in the hall."]) as srv:
        sh = play(monkeypatch, srv.url)
    text = sh.scene.transcript.path.read_text(encoding="utf-8")
    assert "Steel rings in the hall." in text
    bodies = [r["body"] for r in srv.requests]
    assert bodies and "Lucky 13" in bodies[0] and "sk-test" not in "".join(bodies)


def test_a_dead_server_changes_only_the_prose(monkeypatch):
    with FakeServer("500") as srv:
        sh = play(monkeypatch, srv.url)
    ref = make_shell()
    assert all(ref.run_line(line) for line in ENCOUNTER)
    assert output(sh).count("LLM narration unavailable") == 1
    assert [c.health for c in sh.scene.characters.values()] == [c.health for c in ref.scene.characters.values()]
