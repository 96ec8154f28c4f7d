"""The LLM narrator's parts, without a network: the settings it reads, the prompts it builds
(from prompts/llm/), how a stream is read, cut and capped, when a reply is refused (an error,
no text, a cut stream, a contradiction of the fiction), the pause after repeated failures,
the exchange log, and the key-free descriptions of errors (module docstring of llm.py)."""

from __future__ import annotations

import json
import os
import stat
from types import SimpleNamespace as NS

import pytest

from solo.narration import llm as L
from solo.narration.base import Retraction, narrate_text
from solo.narration.beats import Beat
from solo.narration.llm import LLMNarrator, describe_error, redact_url
from solo.narration.templates import TemplateNarrator

from .fakeclock import FakeClock

SETTINGS = ("SOLO_MODEL", "OPENAI_BASE_URL", "SOLO_LLM_MERGE", "SOLO_MAX_TOKENS_PER_TEST", "SOLO_CONFIG")


@pytest.fixture(autouse=True)
def _no_settings(monkeypatch, tmp_path):
    for name in SETTINGS:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("SOLO_CONFIG", str(tmp_path / "absent.toml"))


# ---------------------------------------------------------------------- a scripted client


def piece(text=None, finish=None):
    return NS(choices=[NS(delta=NS(content=text), finish_reason=finish)], usage=None)


def usage(p, c):
    return NS(choices=[], usage=NS(prompt_tokens=p, completion_tokens=c))


class Stream:
    def __init__(self, chunks, error=None):
        self.chunks, self.error, self.closed = list(chunks), error, False

    def __iter__(self):
        yield from self.chunks
        if self.error is not None:
            raise self.error

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def close(self):
        self.closed = True


class Client:
    """``client.chat.completions.create(**kw)`` returns the next scripted stream."""

    def __init__(self, *streams):
        self.streams, self.calls = list(streams), []
        self.chat = NS(completions=NS(create=self.create))

    def create(self, **kw):
        self.calls.append(kw)
        s = self.streams.pop(0)
        if isinstance(s, BaseException):
            raise s
        return s


def ok(*texts, finish="stop", tokens=(50, 12)):
    chunks = [piece(t) for t in texts] + [piece(None, finish)]
    if tokens:
        chunks.append(usage(*tokens))
    return Stream(chunks)


def make(tmp_path, *streams, notices=None, **kw):
    """A narrator of the scripted ``streams``, on a clock of its own unless given one: it stands
    still while the streams are read, so no deadline passes on a slow machine."""
    kw.setdefault("clock", FakeClock())
    n = LLMNarrator(TemplateNarrator(seed=1), model="fake", api_key="sk-x", base_url="http://127.0.0.1:9/v1",
                    notice=(notices.append if notices is not None else None), log_path=tmp_path / "ex.jsonl",
                    timeout=2.0, stall=2.0, **kw)
    n._client = Client(*streams)
    return n


def dawn(**kw):
    return Beat("dawn", {"survivors": ["Ann", "Bo"], "dead": ["Cy"], "survivor_count": 2, "summary": "",
                         "living": ["Ann", "Bo"], "living_count": 2} | kw)


def tmpl(beat):
    return TemplateNarrator(seed=1).tell(beat)


# ---------------------------------------------------------------------- settings


def test_settings_come_from_arguments_then_the_environment_then_the_config(tmp_path, monkeypatch):
    cfg = tmp_path / "config.toml"
    cfg.write_text('[llm]\nmodel = "cfg-model"\nbase_url = "http://cfg/v1"\ntimeout = 9\nstall = 4\n'
                   "merge = false\nmax_tokens_per_test = 300\n", encoding="utf-8")
    monkeypatch.setenv("SOLO_CONFIG", str(cfg))
    assert L.load_config()["model"] == "cfg-model"
    n = LLMNarrator(TemplateNarrator(1), log_path=None)
    assert (n.model, n.base_url, n.timeout, n.stall, n.merge, n.max_tokens_per_test) == (
        "cfg-model", "http://cfg/v1", 9.0, 4.0, False, 300)
    monkeypatch.setenv("SOLO_MODEL", "env-model")
    monkeypatch.setenv("OPENAI_BASE_URL", "http://env/v1")
    monkeypatch.setenv("SOLO_LLM_MERGE", " yes ")
    monkeypatch.setenv("SOLO_MAX_TOKENS_PER_TEST", "111")
    n = LLMNarrator(TemplateNarrator(1), log_path=None)
    assert (n.model, n.base_url, n.merge, n.max_tokens_per_test) == ("env-model", "http://env/v1", True, 111)
    n = LLMNarrator(TemplateNarrator(1), model="arg", base_url="http://arg/v1", merge=False, max_tokens_per_test=5,
                    log_path=None)
    assert (n.model, n.base_url, n.merge, n.max_tokens_per_test) == ("arg", "http://arg/v1", False, 5)


@pytest.mark.parametrize("value,merge", [("0", False), ("off", False), (" no ", False), ("false", False),
                                         ("1", True), ("on", True)],
                         ids=["0", "off", "no-spaced", "false", "1", "on"])
def test_the_merge_switch_in_the_environment(monkeypatch, value, merge):
    monkeypatch.setenv("SOLO_LLM_MERGE", value)
    assert LLMNarrator(TemplateNarrator(1), log_path=None).merge is merge


def test_the_defaults(tmp_path):
    n = LLMNarrator(TemplateNarrator(1), log_path=None)
    assert n.model == L.DEFAULT_MODEL == "gpt-4o-mini" and n.base_url is None
    assert (n.timeout, n.stall, n.max_retries, n.max_chars, n.max_tokens, n.temperature) == (60.0, 10.0, 1, 700, 160,
                                                                                              0.8)
    assert (n.deadlines.connect, n.deadlines.request) == (15.0, 120.0)
    assert n.merge is True and n.max_tokens_per_test == 220 and n.prompt_set == "llm" and n.setting is None
    assert n.usage == {"prompt_tokens": 0, "completion_tokens": 0, "calls": 0, "fallbacks": 0, "estimated": False,
                       "seconds": 0.0, "kept": 0, "refused": {}}
    assert n.paused is False and n.guard is None and n.last_finish is None and n.conversation.turns == []
    assert n.conversation.window == 4096
    n.notice("nothing happens")
    home = LLMNarrator(TemplateNarrator(1))
    assert home.log_path == L._default_log() and home.log_path.name == "llm-exchanges.jsonl"
    assert str(home.log_path).startswith(os.environ["SOLO_HOME"])


def test_a_broken_or_missing_config_is_no_config(tmp_path, monkeypatch):
    cfg = tmp_path / "config.toml"
    cfg.write_text("[llm\nmodel = ", encoding="utf-8")
    monkeypatch.setenv("SOLO_CONFIG", str(cfg))
    assert L.load_config() == {}
    cfg.write_text('[other]\nmodel = "x"\n', encoding="utf-8")
    assert L.load_config() == {}
    monkeypatch.setenv("SOLO_CONFIG", str(tmp_path))  # a folder, not a file
    assert L.load_config() == {}


# ---------------------------------------------------------------------- a good reply


def test_a_good_reply_is_told_counted_and_remembered(tmp_path):
    """The reply is told whole, its usage counted, and it is remembered as the turn's answer;
    the request asks as configured (a narrator that miscounts, forgets, or changes the request
    is caught). On a clock that stands still, a busy machine cannot make it late."""
    n = make(tmp_path, ok("The sun ", "comes up. ", "It is over."))
    assert narrate_text(n, dawn()) == "The sun comes up. It is over."
    assert n.usage["calls"] == 1 and n.usage["prompt_tokens"] == 50 and n.usage["completion_tokens"] == 12
    assert n.usage["fallbacks"] == 0 and n.usage["estimated"] is False and n.last_finish == "stop"
    assert n.conversation.turns == [(n._client.calls[0]["messages"][-1]["content"], "The sun comes up. It is over.",
                                     ())]
    call = n._client.calls[0]
    assert call["model"] == "fake" and call["stream"] is True and call["max_tokens"] == 160
    assert call["temperature"] == 0.8 and call["stream_options"] == {"include_usage": True}
    assert call["messages"] == n.messages(dawn())[:1] + [call["messages"][1]]


def test_a_server_that_reports_no_usage_is_estimated(tmp_path):
    n = make(tmp_path, ok("Dawn ", "breaks.", tokens=None))
    narrate_text(n, dawn())
    prompt = sum(len(m["content"]) for m in n._client.calls[0]["messages"])
    assert n.usage["estimated"] is True
    assert n.usage["prompt_tokens"] == prompt // 4 and n.usage["completion_tokens"] == 2


def test_pieces_are_released_at_whitespace_and_control_sequences_stripped(tmp_path):
    n = make(tmp_path, ok("The li", "ght ", "goes out", " now."))
    pieces = [p for p, _ in n._stream(n.client(), n.messages(dawn()))]
    assert [p for p in pieces if p] == ["The ", "light ", "goes ", "out ", "now."]
    n = make(tmp_path, ok("The li", "ght ", "goes out", " now."))
    assert list(n.narrate(dawn())) == ["The light goes out now."]  # shown whole, once read
    n = make(tmp_path, ok("The \x1b[3", "1mlight\x1b]0;title\x07 goes", " out."))
    assert narrate_text(n, dawn()) == "The light goes out."
    n = make(tmp_path, ok("x" * 170, " end."))
    pieces = [p for p, _ in n._stream(n.client(), n.messages(dawn())) if p]
    assert pieces[0] == "x" * 170 and "".join(pieces) == "x" * 170 + " end."


def test_an_escape_or_a_c1_string_split_across_pieces_is_stripped_whole(tmp_path):
    """The reply is cleaned once it is all in: an 8-bit string sequence opened in one piece
    and closed in the next takes only what a terminal would take (cleaning piece by piece
    swallowed the rest of the first piece and showed the second's opening)."""
    n = make(tmp_path, ok("The door \x90hidden ", "words\x9c opens", " slowly."))
    assert narrate_text(n, dawn()) == "The door  opens slowly."


def test_the_text_is_capped(tmp_path):
    n = make(tmp_path, ok(*["word " for _ in range(50)]), max_chars=20)
    text = narrate_text(n, dawn())
    assert text == "word word word word"  # 20 characters read
    stretch = [dawn(), dawn()]
    n = make(tmp_path, ok(*["word " for _ in range(50)]), max_chars=20)
    assert len("".join(n.narrate_stretch(stretch))) == 59  # a stretch gets three times the room (60, stripped)


# ---------------------------------------------------------------------- refusing a reply


def test_a_failed_request_falls_back_with_one_notice_and_is_logged(tmp_path):
    notices = []
    n = make(tmp_path, RuntimeError("boom"), ok("Fine ", "now."), notices=notices)
    assert narrate_text(n, dawn()) == tmpl(dawn())
    assert notices == ["LLM narration unavailable (RuntimeError: boom); narrating from templates, play goes on"]
    assert n.usage["fallbacks"] == 1 and n._failures == 1 and [t[1] for t in n.conversation.turns] == [tmpl(dawn())]
    assert narrate_text(n, dawn()) == "Fine now."
    assert n._failures == 0 and len(notices) == 1
    rec = [json.loads(x) for x in (tmp_path / "ex.jsonl").read_text().splitlines()]
    assert [r["error"] for r in rec] == ["RuntimeError: boom", None]
    assert rec[1]["text"] == "Fine now." and rec[1]["finish_reason"] == "stop" and rec[1]["beat"] == "dawn"
    assert rec[1]["model"] == "fake" and rec[1]["base_url"] == "http://127.0.0.1:9/v1"
    assert rec[1]["messages"] == n._client.calls[1]["messages"] and rec[1]["seconds"] >= 0
    assert stat.S_IMODE(os.stat(tmp_path / "ex.jsonl").st_mode) == 0o600


def test_an_empty_reply_and_a_cut_stream_are_refused(tmp_path):
    n = make(tmp_path, ok(finish="stop"))
    assert narrate_text(n, dawn()) == tmpl(dawn())
    rec = json.loads((tmp_path / "ex.jsonl").read_text().splitlines()[-1])
    assert rec["error"] == "the model returned no text"
    n = make(tmp_path, Stream([piece("The sun "), piece("comes ")]))
    chunks = list(n.narrate(dawn()))
    assert chunks == [tmpl(dawn())]  # nothing of the cut reply was shown
    rec = json.loads((tmp_path / "ex.jsonl").read_text().splitlines()[-1])
    assert rec["error"] == "the stream ended before the model finished" and rec["finish_reason"] is None


def test_a_stream_that_breaks_shows_nothing_of_it(tmp_path):
    n = make(tmp_path, Stream([piece("The sun ")], error=ConnectionError("reset")))
    chunks = list(n.narrate(dawn()))
    assert chunks == [tmpl(dawn())] and not any(isinstance(c, Retraction) for c in chunks)


def test_a_reply_that_fills_its_room_needs_no_finish(tmp_path):
    n = make(tmp_path, Stream([piece("abcd efgh ")]), max_chars=10)
    assert narrate_text(n, dawn()) == "abcd efgh"


def test_a_piece_that_is_not_text_is_refused(tmp_path):
    n = make(tmp_path, Stream([piece(["not", "text"], None), piece(None, "stop")]))
    assert narrate_text(n, dawn()) == tmpl(dawn())
    rec = json.loads((tmp_path / "ex.jsonl").read_text().splitlines()[-1])
    assert rec["error"] == "ValueError: malformed reply: content is not text"


def test_a_reply_that_contradicts_the_story_is_refused(tmp_path):
    seen = []

    def guard(text, prompt="", kept=(), most=None):
        seen.append(text)
        return [NS(why="Cy is dead")] if "Cy" in text else []

    notices = []
    n = make(tmp_path, ok("Cy \x1b[1mwaves."), ok("Ann waves."), notices=notices)
    n.guard = guard
    assert narrate_text(n, dawn()) == tmpl(dawn())
    assert seen == ["Cy waves."] and n.guard is None  # used once, then cleared
    assert "contradicts the story (Cy is dead)" in notices[0]
    assert narrate_text(n, dawn()) == "Ann waves."  # no guard set: kept
    n = make(tmp_path, ok("Ann waves."))
    n.guard = guard
    assert narrate_text(n, dawn()) == "Ann waves." and n.guard is None


def test_three_failed_beats_pause_the_model_until_retry(tmp_path):
    notices = []
    n = make(tmp_path, RuntimeError("a"), RuntimeError("b"), RuntimeError("c"), ok("Back ", "again."),
             notices=notices)
    twin = TemplateNarrator(seed=1)  # the fallback's memory, told the same beats
    for _ in range(3):
        assert narrate_text(n, dawn()) == twin.tell(dawn())
    assert n.paused is True and n._failures == 0 and n.usage["fallbacks"] == 3
    assert notices[-1] == ("LLM narration paused after 3 failed beats in a row (RuntimeError: c); the templates "
                           "tell the night until you type: narrator retry")
    assert len(notices) == 2
    assert narrate_text(n, dawn()) == twin.tell(dawn())  # paused: no request
    assert len(n._client.calls) == 3 and n.usage["fallbacks"] == 4 and len(n.conversation.turns) == 3
    n._client_error = "stale"
    n.retry()
    assert (n.paused, n._failures, n._warned, n._client_error) == (False, 0, False, None)
    assert narrate_text(n, dawn()) == "Back again."


def test_two_failures_then_a_success_do_not_pause(tmp_path):
    n = make(tmp_path, RuntimeError("a"), RuntimeError("b"), ok("Fine."), RuntimeError("c"), RuntimeError("d"))
    for _ in range(5):
        narrate_text(n, dawn())
    assert n.paused is False and n._failures == 2


def test_the_client_error_is_kept_until_retry(tmp_path, monkeypatch):
    made = []

    def fail(*a, **kw):
        made.append((a, kw))
        raise RuntimeError("no API key (set OPENAI_API_KEY)")

    monkeypatch.setattr(L, "make_client", fail)
    n = LLMNarrator(TemplateNarrator(1), model="m", base_url="http://h/v1", api_key="sk-1", timeout=3, max_retries=2,
                    request_timeout=40, connect_timeout=4, log_path=None)
    for _ in range(2):
        with pytest.raises(RuntimeError, match="no API key"):
            n.client()
    # asked once; the retries are the narrator's own, within the deadlines, never the SDK's
    assert made == [(("http://h/v1", "sk-1", 40.0, 0), {"connect": 4.0})]
    n.retry()
    monkeypatch.setattr(L, "make_client", lambda *a, **kw: "client")
    assert n.client() == "client" and n.client() == "client"


def test_the_log_is_made_private_and_a_broken_log_is_no_failure(tmp_path):
    log = tmp_path / "ex.jsonl"
    log.write_text("")
    os.chmod(log, 0o644)
    n = make(tmp_path, ok("Fine."))
    narrate_text(n, dawn())
    assert stat.S_IMODE(os.stat(log).st_mode) == 0o600
    blocked = tmp_path / "file"
    blocked.write_text("")
    n = make(tmp_path, ok("Fine."))
    n.log_path = blocked / "sub" / "ex.jsonl"
    assert narrate_text(n, dawn()) == "Fine."
    n = make(tmp_path, ok("Fine."))
    n.log_path = None
    assert narrate_text(n, dawn()) == "Fine."


def test_answers_come_from_the_templates(tmp_path):
    n = make(tmp_path)
    beat = Beat("threat", {"suit": "Power", "severity": "dangerous", "living_count": 2})
    assert n.respond({"name": "Ann", "aptitude": "Power"}, beat) == \
        TemplateNarrator(seed=1).respond({"name": "Ann", "aptitude": "Power"}, beat)
    n = make(tmp_path, ok("Told ", "whole."))
    assert n.tell(dawn()) == "Told whole."


# ---------------------------------------------------------------------- prompts


FICTION = {"location": "the boathouse", "people": [
    {"name": "Ann", "alive": True, "hurt": False, "hurts": [], "scrapes": [], "items": ["compass"], "lost": []},
    {"name": "Cy", "alive": False, "death": "the third Strike (the dark)", "died_at": "the dock"}],
    "weaknesses": {}, "living_count": 1, "living": ["Ann"], "lines": []}


def test_a_beats_prompt_states_the_night_the_fiction_and_what_was_told(tmp_path):
    n = make(tmp_path)
    n.set_cast([{"name": "Ann", "archetype": "The Jock", "aptitude": "Power"}])
    msgs = n.messages(dawn(summary="After 3 Tests: 1/4 weaknesses found; Ann unhurt.", f=FICTION))
    assert msgs[0] == {"role": "system", "content": n._system()}
    assert "Ann (they/them; The Jock, good at Power)" in msgs[0]["content"]
    user = msgs[1]["content"]
    assert len(msgs) == 2 and user.startswith("What the story has established")  # what changes least, first
    assert "\nThe night so far: After 3 Tests: 1/4 weaknesses found.\nFacts: the sun rises." in user
    assert "- The group is at the boathouse." in user
    assert user.index("Only Ann is left alive") < user.index("The night so far") and "Last narrated" not in user
    assert user.endswith("Facts: the sun rises. Survivors: Ann, Bo. Lost: Cy. Close the film in two sentences.")
    assert n.messages(dawn())[1]["content"] == n._beat_prompt(dawn()).strip()
    user = n.messages(dawn(summary="S; rest"))[1]["content"]
    assert user.startswith("The night so far: S; rest\nFacts:") and "What the story has established" not in user


def test_the_opening_prompt_names_its_own_cast(tmp_path):
    n = make(tmp_path)
    n.set_cast([{"name": "Zed", "archetype": "", "aptitude": "Power"}])
    beat = Beat("opening", {"names": ["Ann"], "cast": [{"name": "Ann", "archetype": "", "aptitude": "Resolve"}]})
    system = n.messages(beat)[0]["content"]
    assert "Ann (they/them; no archetype, good at Resolve)" in system and "Zed" not in system
    assert "Zed (they/them; no archetype, good at Power)" in n._system()
    n.set_cast([{"name": "Zed", "archetype": "", "aptitude": "Power", "pronouns": "she/her"}])
    assert "Zed (she/her; no archetype, good at Power)" in n._system()


def test_another_prompt_set_states_no_fiction(tmp_path):
    n = make(tmp_path, prompt_set="llm")
    n.prompt_set = "other"
    n.env = n.env.overlay(loader=__import__("jinja2").DictLoader({
        "other/system.j2": "SYSTEM", "other/beat.j2": "BEAT {{ kind }} {{ context_items|length }}"}))
    msgs = n.messages(dawn(f=FICTION, summary="S; x"))
    assert msgs == [{"role": "system", "content": "SYSTEM"},
                    {"role": "user", "content": "The night so far: S.\nBEAT dawn 7"}]


def test_the_setting_is_in_the_system_prompt(tmp_path):
    n = make(tmp_path, setting="A ski lodge in a blizzard.")
    assert "The setting: A ski lodge in a blizzard." in n._system() and "Camp Crystal Pines" not in n._system()


def test_without_a_playset_the_setting_is_the_camp_with_the_fictions_places(tmp_path):
    """The default night's places, as the fiction names them (a place the model never heard
    of in the system prompt is one the story cannot be at)."""
    from solo.director.catalogue import CAMP_LOCATIONS

    system = make(tmp_path)._system()
    camp = next(line for line in system.splitlines() if line.startswith("The setting: Camp Crystal Pines"))
    assert camp.split("Places: ", 1)[1] == ", ".join(CAMP_LOCATIONS) + "."


def test_a_stretch_is_one_request_of_every_beats_facts_in_order(tmp_path):
    n = make(tmp_path, ok("All ", "of ", "it."))
    threat = Beat("threat", {"nature": "precise challenges", "suit": "Finesse", "severity": "deadly",
                             "killer": False, "difficulty": 9, "living": ["Ann", "Bo"], "summary": "X; y",
                             "f": FICTION})
    beats = [dawn(summary="After 2 Tests: z; w", f=FICTION), threat]
    assert "".join(n.narrate_stretch(beats)) == "All of it."
    call = n._client.calls[0]
    assert call["max_tokens"] == 220
    user = call["messages"][1]["content"]
    assert user.startswith("What the story has established")  # what changes least, first
    assert "\nThe night so far: After 2 Tests: z.\nWhat happens now, already decided, in this order:\n" in user
    assert "1. the sun rises. Survivors: Ann, Bo. Lost: Cy. Close the film in two sentences." in user
    assert "2. a new challenge appears. Its nature: precise challenges (Finesse). Severity: deadly." in user
    assert "in at most 5 short sentences" in user and user.endswith('End with: "Who goes?"')
    assert "- The group is at the boathouse." in user
    assert call["messages"][0] == {"role": "system", "content": n._system()}
    rec = json.loads((tmp_path / "ex.jsonl").read_text().splitlines()[-1])
    assert rec["beat"] == "dawn+threat"


def test_a_stretch_asks_the_last_one_alive_by_name_and_ends_a_night_without_a_question(tmp_path):
    n = make(tmp_path)
    threat = Beat("threat", {"nature": "n", "suit": None, "severity": "joker", "killer": False, "difficulty": 3,
                             "living": ["Bo"]})
    user = n.stretch_messages([dawn(), threat])[1]["content"]
    assert user.endswith('End with: "What do you do, Bo?"')
    revealed = Beat("black_joker", {"phase": "revealed", "living": ["Ann", "Bo"], "difficulty": 3, "severity": "joker"})
    assert n.stretch_messages([dawn(), revealed])[1]["content"].endswith('End with: "Who goes?"')
    user = n.stretch_messages([threat, dawn()])[1]["content"]
    assert "End with" not in user and "The night so far" not in user and "Last narrated" not in user
    assert "What the story has established" not in user


def test_the_opening_in_a_stretch_gives_its_first_line(tmp_path):
    n = make(tmp_path)
    op = Beat("opening", {"names": ["Ann", "Bo"]})
    user = n.stretch_messages([op, dawn()])[1]["content"]
    assert "1. The night begins. Introduce the place and the four characters: Ann, Bo." in user


def test_a_failed_stretch_is_told_beat_by_beat_by_the_templates(tmp_path):
    n = make(tmp_path, RuntimeError("x"))
    beats = [Beat("endgame", {"removed_count": 1, "living": ["Ann"], "living_count": 1}), dawn()]
    t = TemplateNarrator(seed=1)
    assert "".join(n.narrate_stretch(beats)) == " ".join([t.tell(beats[0]), t.tell(beats[1])])


def test_a_stretch_of_one_beat_is_that_beats_own_request(tmp_path):
    n = make(tmp_path, ok("One."))
    assert "".join(n.narrate_stretch([dawn()])) == "One."
    assert n._client.calls[0]["max_tokens"] == 160
    assert n._client.calls[0]["messages"] == n.messages(dawn())[:1] + [n._client.calls[0]["messages"][1]]


# ---------------------------------------------------------------------- errors and secrets


def test_urls_lose_their_credentials():
    assert redact_url("https://user:pw@host/v1?api_key=abc&x=1") == "https://***@host/v1?api_key=***&x=1"
    assert redact_url("http://h/v1?KEY=s3cret#frag") == "http://h/v1?KEY=***#frag"
    for name in ("token", "access_token", "access-token", "secret", "password", "sig", "api-key"):
        assert redact_url(f"http://h/?a=1&{name}=zzz") == f"http://h/?a=1&{name}=***"
    assert redact_url("http://h/v1") == "http://h/v1"
    assert redact_url(None) is None and redact_url("") == ""


def test_errors_are_described_in_one_key_free_line():
    class Boom(Exception):
        status_code = 429

    assert describe_error(Boom("slow down")) == "HTTP 429 (Boom)"
    assert describe_error(ValueError("first line\nsecond")) == "ValueError: first line"
    assert describe_error(ValueError("x" * 200)) == "ValueError: " + "x" * 120
    assert describe_error(ValueError("")) == "ValueError"
    assert describe_error(RuntimeError("bad token sk-abcdef123456 here")) == "RuntimeError: bad token sk-… here"
    assert describe_error(RuntimeError("key=abcdef123 and key: zyxwvu98")) == "RuntimeError: key=… and key: …"
    assert describe_error(RuntimeError("sk-abc")) == "RuntimeError: sk-abc"  # too short to be a key
    assert describe_error(RuntimeError("at http://u:p@h/?token=t")) == "RuntimeError: at http://***@h/?token=***"


def test_a_client_is_made_for_any_server_and_a_missing_key_is_one_line(monkeypatch):
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    with pytest.raises(RuntimeError, match=r"^no API key \(set OPENAI_API_KEY\)$"):
        L.make_client(None, None, 1.0, 0)
    c = L.make_client("http://127.0.0.1:9/v1", "sk-local", 2.5, 3)
    assert str(c.base_url).rstrip("/") == "http://127.0.0.1:9/v1" and c.api_key == "sk-local"
    assert c.timeout == 2.5 and c.max_retries == 3
    c = L.make_client("http://127.0.0.1:9/v1", "sk-local", 30.0, 0, connect=4.0)
    assert (c.timeout.connect, c.timeout.read, c.max_retries) == (4.0, 30.0, 0)
    monkeypatch.setenv("OPENAI_API_KEY", "sk-env")
    c = L.make_client(None, None, 1.0, 0)
    assert c.api_key == "sk-env" and "api.openai.com" in str(c.base_url)


# ---------------------------------------------------------------------- more of the stream


def test_a_finish_on_a_piece_with_no_space_still_counts(tmp_path):
    n = make(tmp_path, Stream([piece("One"), piece("two.", "stop")]))
    assert list(n.narrate(dawn())) == ["Onetwo."] and n.last_finish == "stop"
    rec = json.loads((tmp_path / "ex.jsonl").read_text().splitlines()[-1])
    assert rec["error"] is None and rec["finish_reason"] == "stop"


def test_a_long_run_without_a_space_is_released_at_160_characters(tmp_path):
    n = make(tmp_path, ok("y" * 159, "z", "w."))
    assert [p for p, _ in n._stream(n.client(), n.messages(dawn())) if p][0] == "y" * 159 + "z"
    n = make(tmp_path, ok("y" * 158, "z", "w."))
    assert [p for p, _ in n._stream(n.client(), n.messages(dawn())) if p] == ["y" * 158 + "zw."]


def test_usage_adds_up_over_requests_and_missing_counts_are_zero(tmp_path):
    n = make(tmp_path, ok("A.", tokens=(10, 3)), ok("B.", tokens=(7, 2)),
             Stream([piece("C.", "stop"), NS(choices=[], usage=NS(prompt_tokens=None))]))
    assert [narrate_text(n, dawn()) for _ in range(3)] == ["A.", "B.", "C."]
    assert n.usage["prompt_tokens"] == 17 and n.usage["completion_tokens"] == 5 and n.usage["calls"] == 3
    assert n.usage["estimated"] is False and n.usage["seconds"] > 0


def test_chunks_without_choices_or_delta_are_skipped(tmp_path):
    n = make(tmp_path, Stream([NS(choices=None, usage=None), NS(choices=[NS(finish_reason=None)], usage=None),
                               piece("Still "), piece("here.", "stop")]))
    assert narrate_text(n, dawn()) == "Still here."


class Blocking(Stream):
    """A stream that sends ``first`` chunks, then nothing (waiting on ``clock``) until closed."""

    def __init__(self, first, clock):
        import threading

        super().__init__(first)
        self.clock, self.release = clock, threading.Event()

    def __iter__(self):
        yield from self.chunks
        self.clock.sleep(float("inf"), self.release)

    def close(self):
        super().close()
        self.release.set()


def test_a_stream_that_never_starts_waits_the_timeout_and_one_that_stops_the_stall(tmp_path):
    """A stream with no text ends at the first-text deadline, one that stops after its first
    chunk at the stall deadline after it, to the clock's moment, and each is closed (a reader
    that mixes the two deadlines, waits past them, or leaves the stream open is caught)."""
    clock = FakeClock()
    silent = Blocking([], clock)
    n = make(tmp_path, silent, clock=clock)
    n.timeout, n.stall = 0.05, 9.0
    assert narrate_text(n, dawn()) == tmpl(dawn())
    rec = json.loads((tmp_path / "ex.jsonl").read_text().splitlines()[-1])
    assert rec["error"] == "no text within 0.05 s" and silent.closed and clock.now() == 0.05
    clock = FakeClock()
    stops = Blocking([piece("The sun ")], clock)
    n = make(tmp_path, stops, clock=clock)
    n.timeout, n.stall = 9.0, 0.05
    assert list(n.narrate(dawn()))[-1] == tmpl(dawn())
    rec = json.loads((tmp_path / "ex.jsonl").read_text().splitlines()[-1])
    assert rec["error"] == "the model stopped sending for 0.05 s" and stops.closed and clock.now() == 0.05


def test_a_finished_stream_is_closed(tmp_path):
    s = ok("Done.")
    n = make(tmp_path, s)
    narrate_text(n, dawn())
    assert s.closed


def test_the_log_keeps_each_exchange_whole_in_a_folder_of_its_own(tmp_path):
    import time

    n = make(tmp_path, ok("Été ", "arrive."))
    n.base_url = "http://user:pw@127.0.0.1:9/v1?key=abc"
    n.log_path = tmp_path / "new" / "deeper" / "ex.jsonl"
    before = time.time()
    narrate_text(n, dawn())
    line = n.log_path.read_text(encoding="utf-8")
    assert line.endswith("}\n") and line.count("\n") == 1 and "Été arrive." in line  # not \u-escaped
    rec = json.loads(line)
    assert rec["base_url"] == "http://***@127.0.0.1:9/v1?key=***"
    assert before - 1 <= rec["time"] <= time.time() + 1 and round(rec["time"], 3) == rec["time"]
    assert round(rec["seconds"], 3) == rec["seconds"]
    assert set(rec) == {"time", "model", "base_url", "beat", "messages", "text", "finish_reason", "error", "seconds"}


def test_the_stream_is_read_by_a_daemon_helper_thread(tmp_path):
    """A stalled server can never keep solo from exiting."""
    import threading

    seen = []

    class Watched(Stream):
        def __iter__(self):
            t = threading.current_thread()
            seen.append((t.name, t.daemon))
            yield from super().__iter__()

    n = make(tmp_path, Watched([piece("Fine.", "stop")]))
    assert narrate_text(n, dawn()) == "Fine."
    assert seen == [("llm-stream", True)]


def test_a_broken_stream_is_logged_with_its_own_error(tmp_path):
    n = make(tmp_path, Stream([piece("The sun ")], error=ConnectionError("reset")))
    narrate_text(n, dawn())
    rec = json.loads((tmp_path / "ex.jsonl").read_text().splitlines()[-1])
    assert rec["error"] == "ConnectionError: reset"


def test_a_stretch_asks_from_its_last_beat(tmp_path):
    n = make(tmp_path)
    threat = Beat("threat", {"nature": "n", "suit": None, "severity": "joker", "killer": False, "difficulty": 3,
                             "living": ["Ann", "Bo"]})
    msgs = n.stretch_messages([dawn(), dawn(), threat])
    assert msgs[1]["role"] == "user" and msgs[1]["content"].endswith('End with: "Who goes?"')
    assert set(msgs[1]) == {"role", "content"}


def test_a_beat_prompt_without_facts_gives_only_its_first_line(tmp_path):
    import jinja2

    n = make(tmp_path)
    n.prompt_set = "plain"
    n.env = n.env.overlay(loader=jinja2.DictLoader({
        "plain/system.j2": "S", "plain/beat.j2": "Tell the {{ kind }}.\nSecond line.",
        "plain/stretch.j2": "{% for f in facts %}[{{ f }}]{% endfor %}"}))
    assert n.stretch_messages([dawn(), dawn()])[1]["content"] == "[Tell the dawn.][Tell the dawn.]"


def test_the_config_lives_in_the_users_config_folder(tmp_path, monkeypatch):
    monkeypatch.delenv("SOLO_CONFIG", raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    (tmp_path / "xdg" / "solo").mkdir(parents=True)
    (tmp_path / "xdg" / "solo" / "config.toml").write_text('[llm]\nmodel = "from-home"\n', encoding="utf-8")
    assert L.load_config() == {"model": "from-home"}


def test_the_cap_stops_reading_and_keeps_what_fits(tmp_path):
    n = make(tmp_path, ok(*["word " for _ in range(50)]), max_chars=20)
    assert list(n.narrate(dawn())) == ["word word word word"]  # nothing empty after the cap
    assert n.conversation.turns[-1][1] == "word word word word"  # what was shown is what follows
    rec = json.loads((tmp_path / "ex.jsonl").read_text().splitlines()[-1])
    assert rec["text"] == "word word word word" and rec["error"] is None
    n = make(tmp_path, ok(*["word " for _ in range(50)]), max_chars=21)
    assert narrate_text(n, dawn()) == "word word word word w"


def test_a_request_with_no_finish_leaves_no_finish_behind(tmp_path):
    n = make(tmp_path, ok("Done."), Stream([piece("The sun ")]))
    narrate_text(n, dawn())
    assert n.last_finish == "stop"
    narrate_text(n, dawn())
    assert n.last_finish is None


def test_the_time_spent_on_requests_adds_up(tmp_path, monkeypatch):
    """A clock that ticks a fixed step per reading: each request costs one step to tell and
    is logged as two (to the end of its log line), to the millisecond."""
    import itertools

    step = 0.1234567
    ticks = itertools.count()
    monkeypatch.setattr(L, "time", NS(monotonic=lambda: next(ticks) * step, time=lambda: 1700000000.123456))
    n = make(tmp_path, ok("One."), ok("Two."))
    narrate_text(n, dawn())
    narrate_text(n, dawn())
    assert n.usage["seconds"] == pytest.approx(2 * step)
    recs = [json.loads(x) for x in (tmp_path / "ex.jsonl").read_text().splitlines()]
    assert [r["seconds"] for r in recs] == [0.247, 0.247]
    assert [r["time"] for r in recs] == [1700000000.123, 1700000000.123]


def test_unreported_usage_is_estimated_over_every_request(tmp_path):
    n = make(tmp_path, ok("One ", "two.", tokens=None), ok("Three.", tokens=None))
    narrate_text(n, dawn())
    first = n.usage["prompt_tokens"]
    narrate_text(n, dawn())
    sizes = [sum(len(m["content"]) for m in c["messages"]) // 4 for c in n._client.calls]
    assert first == sizes[0] and n.usage["prompt_tokens"] == sum(sizes)
    assert n.usage["completion_tokens"] == 3


def test_newlines_release_text_as_spaces_do(tmp_path):
    n = make(tmp_path, ok("one\ntwo\nthree"))
    assert [p for p, _ in n._stream(n.client(), n.messages(dawn())) if p] == ["one\ntwo\n", "three"]


def test_a_beat_prompt_may_read_the_setting_and_its_context_overrides_the_details(tmp_path):
    import jinja2

    n = make(tmp_path, setting="A ski lodge.")
    n.prompt_set = "mine"
    n.env = n.env.overlay(loader=jinja2.DictLoader({
        "mine/dawn.j2": "At {{ setting }}: {{ lost_item }}, {{ hurt }}, {{ kind }}."}))
    assert n._beat_prompt(dawn(lost_item="camera")) == "At A ski lodge.: camera, None, dawn."


def test_chunks_and_usage_without_some_fields_are_read(tmp_path):
    n = make(tmp_path, Stream([NS(choices=[NS(delta=NS(content="Bare "))]),
                               piece("chunk.", "stop"), NS(usage=NS(completion_tokens=4))]))
    assert narrate_text(n, dawn()) == "Bare chunk."
    assert n.usage["prompt_tokens"] == 0 and n.usage["completion_tokens"] == 4


def test_without_the_openai_package_the_narrator_says_so_once(tmp_path, monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "openai", None)
    n = LLMNarrator(TemplateNarrator(1), log_path=None)
    for _ in range(2):
        with pytest.raises(RuntimeError, match=r"^the openai package is missing \(.+\)$"):
            n.client()
    assert n._client_error.startswith("the openai package is missing (")


def test_a_new_log_is_private_whatever_the_umask(tmp_path):
    old = os.umask(0o077)
    try:
        n = make(tmp_path, ok("Fine."))
        narrate_text(n, dawn())
    finally:
        os.umask(old)
    assert stat.S_IMODE(os.stat(tmp_path / "ex.jsonl").st_mode) == 0o600


def test_a_private_log_is_left_as_its_owner_set_it(tmp_path):
    log = tmp_path / "ex.jsonl"
    log.write_text("")
    os.chmod(log, 0o700)
    narrate_text(make(tmp_path, ok("Fine.")), dawn())
    assert stat.S_IMODE(os.stat(log).st_mode) == 0o700


def test_any_other_client_error_is_described(monkeypatch):
    import openai

    def refuse(**kw):
        raise openai.OpenAIError("the organization is unknown")

    monkeypatch.setattr(openai, "OpenAI", refuse)
    with pytest.raises(RuntimeError, match=r"^OpenAIError: the organization is unknown$"):
        L.make_client("http://127.0.0.1:9/v1", "sk-local", 1.0, 0)


def test_keys_in_capitals_are_hidden_too():
    assert describe_error(RuntimeError("bad sk-ABCDEFGHIJ")) == "RuntimeError: bad sk-…"


def test_an_error_naming_the_api_key_option_is_the_missing_key(monkeypatch):
    import openai

    def refuse(**kw):
        raise openai.OpenAIError("the api_key client option must be set")

    monkeypatch.setattr(openai, "OpenAI", refuse)
    with pytest.raises(RuntimeError, match=r"^no API key \(set OPENAI_API_KEY\)$"):
        L.make_client(None, None, 1.0, 0)
