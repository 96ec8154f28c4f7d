"""The model narrator's requests make one conversation that only grows (solo/narration/
conversation.py): each request begins with the one before it and what was told for it, so a
server's prompt cache reads only the new turn; a refused reply is not kept (what the templates
told instead is); the story is stated in full once, then only what changed; a full window
drops the earlier turns all at once, and the conversation grows again from there."""

from __future__ import annotations

from types import SimpleNamespace as NS

import pytest

from solo.narration.base import narrate_text
from solo.narration.beats import Beat
from solo.narration.conversation import FULL, SINCE

from .test_llm_units import _no_settings, dawn, ok, tmpl  # noqa: F401 (the fixture)
from .test_llm_units import make as _make


def make(tmp_path, *streams, **kw):
    """The scripted narrator, with deadlines no loaded machine reaches (the replies are instant)."""
    n = _make(tmp_path, *streams, **kw)
    n.timeout = n.stall = 60.0
    return n


def person(name, hurts=(), items=("compass",)):
    return {"name": name, "alive": True, "hurt": bool(hurts), "hurts": list(hurts), "scrapes": [],
            "items": list(items), "lost": []}


def fiction(ann_hurts=(), location="the boathouse"):
    return {"location": location, "people": [person("Ann", ann_hurts), person("Bo", items=())],
            "weaknesses": {}, "living_count": 2, "living": ["Ann", "Bo"], "lines": []}


def outcome(n, f):
    return Beat("outcome", {"name": "Ann", "success": True, "severity": "dangerous", "nature": "n",
                            "fallout_name": "Clean", "killer": False, "strike": False, "weakness": False, "lost_item": None,
                            "scrape": None, "hurt": None, "said": None, "player_action": None, "living": ["Ann", "Bo"],
                            "summary": f"After {n} Tests: 0/4 weaknesses found; x", "f": f})


def test_each_request_begins_with_the_one_before_and_what_was_told(tmp_path):
    replies = [f"Told {k}." for k in range(4)]
    n = make(tmp_path, *[ok(r) for r in replies])
    stories = [fiction(), fiction(), fiction(ann_hurts=["a cut arm"]), fiction(ann_hurts=["a cut arm"])]
    for k, f in enumerate(stories):
        assert narrate_text(n, outcome(k + 1, f)) == replies[k]
    calls = [c["messages"] for c in n._client.calls]
    for k, (before, after) in enumerate(zip(calls, calls[1:])):
        assert after[:len(before)] == before  # the whole earlier request, unchanged: a cached prefix
        assert after[len(before)] == {"role": "assistant", "content": replies[k]}
        assert [m["role"] for m in after[len(before) + 1:]] == ["user"]  # and one new turn
    assert [len(c) for c in calls] == [2, 4, 6, 8] and calls[-1][0]["role"] == "system"
    # the story in full once, then only the lines that changed
    first, same, hurt = calls[0][1]["content"], calls[1][-1]["content"], calls[2][-1]["content"]
    assert first.startswith(FULL) and "- The group is at the boathouse." in first and "- Bo is alive" in first
    assert same.startswith("The night so far: After 2 Tests") and "established" not in same
    assert hurt.startswith(SINCE + "\n- Ann is alive; hurt: a cut arm; carries compass.\nThe night so far: After 3")
    assert "Bo" not in hurt and "boathouse" not in hurt
    assert n.conversation.checkpoints == 0


def test_a_refused_reply_is_not_kept_what_was_told_instead_is(tmp_path):
    notices = []
    n = make(tmp_path, ok("Cy waves from the dock."), ok("Ann waits."), notices=notices)
    n.guard = lambda text, **_: [NS(why="Cy is dead")] if "Cy" in text else []
    told = narrate_text(n, dawn(f=fiction()))
    assert told == tmpl(dawn(f=fiction())) and "contradicts the story" in notices[0]
    narrate_text(n, dawn(f=fiction()))
    second = n._client.calls[1]["messages"]
    assert second[2] == {"role": "assistant", "content": told}
    assert not any("Cy waves" in m["content"] for m in second)


def test_a_full_window_drops_the_turns_after_the_first_at_once(tmp_path):
    replies = [f"Reply number {k}, " + " and the dark" * 12 + "." for k in range(14)]
    n = make(tmp_path, *[ok(r, tokens=None) for r in replies], context_tokens=1500)
    for k in range(len(replies)):
        narrate_text(n, outcome(k + 1, fiction(ann_hurts=["a cut arm"] if k >= 6 else ())))
    calls = [c["messages"] for c in n._client.calls]
    dropped = [k for k in range(1, len(calls)) if len(calls[k]) <= len(calls[k - 1])]
    assert len(dropped) >= 2, [len(c) for c in calls]  # the window filled more than once
    assert n.conversation.checkpoints == len(dropped)
    anchor = calls[0] + [{"role": "assistant", "content": replies[0]}]
    for k in dropped:
        # the system prompt and the first turn stay; then what changed since it, and the end
        # of what was told last
        assert len(calls[k]) == 4 and calls[k][:3] == anchor
        user = calls[k][3]["content"]
        told = replies[k - 1]
        assert f"Last narrated: {told if len(told) <= 200 else told[-200:].split(' ', 1)[1]}\n" in user
        assert ("Ann is alive; hurt: a cut arm" in user) is (k >= 6) and "Bo is alive" not in user
    for k in range(1, len(calls)):
        if k not in dropped:  # between checkpoints the conversation only grows
            before = calls[k - 1]
            assert calls[k][:len(before)] == before and calls[k][len(before)]["content"] == replies[k - 1]
    # a block at a time: between two checkpoints, several requests share their beginning
    assert min(b - a for a, b in zip(dropped, dropped[1:])) >= 3, dropped
    # and no request is larger than the window leaves room for, with its reply
    assert all(n.conversation.tokens(c) + n.max_tokens <= 1500 for c in calls)


def test_when_even_the_first_turn_does_not_fit_the_conversation_starts_afresh(tmp_path):
    long = "The dark goes on. " * 120
    n = make(tmp_path, *[ok(t, tokens=None) for t in (long, "Two.", "Three.")], context_tokens=1500, max_chars=5000)
    for k in range(3):
        narrate_text(n, outcome(k + 1, fiction()))
    second, third = (c["messages"] for c in n._client.calls[1:])
    assert len(second) == 2 and second[1]["content"].startswith(FULL) and "- Bo is alive" in second[1]["content"]
    assert "Last narrated: " in second[1]["content"] and long not in second[1]["content"]
    assert third[:2] == second and third[2] == {"role": "assistant", "content": "Two."}


def test_a_request_the_server_refuses_starts_the_conversation_afresh(tmp_path):
    class BadRequest(Exception):
        status_code = 400

    n = make(tmp_path, ok("One."), BadRequest("too long"), ok("Three."))
    narrate_text(n, dawn(f=fiction()))
    assert narrate_text(n, dawn(f=fiction())) == tmpl(dawn(f=fiction()))
    narrate_text(n, dawn(f=fiction()))
    third = n._client.calls[2]["messages"]
    assert len(third) == 2 and third[1]["content"].startswith(FULL)


def test_the_servers_count_of_tokens_sets_the_estimate(tmp_path):
    n = make(tmp_path, ok("One.", tokens=(100, 3)))
    narrate_text(n, dawn())
    chars = sum(len(m["content"]) for m in n._client.calls[0]["messages"])
    assert n.conversation.chars_per_token == chars / 100


def test_an_undone_step_is_not_heard_again(tmp_path):
    """After undo the model's conversation starts afresh: the story as it stands, told in
    full, and nothing of the step taken back."""
    import random

    from solo.nott.cast import quick_cast
    from solo.nott.rules import ASHCAN
    from solo.play.night import Night
    from solo.sim.policies import get_policy, next_actions

    n = make(tmp_path, *[ok(f"Told {k}.", tokens=None) for k in range(12)])
    night = Night(quick_cast(4), ASHCAN, 4, narrator=n)
    night.start()
    rng = random.Random(4)
    while len(n._client.calls) < 2:
        night.act(next_actions(night.game, get_policy("careful"), rng))
    night.undo()
    assert night.game.outcome() is None
    while len(n._client.calls) == 2:
        night.act(next_actions(night.game, get_policy("careful"), rng))
    after = n._client.calls[2]["messages"]
    assert len(after) == 2 and after[1]["content"].startswith(FULL)
    assert "Last narrated" not in after[1]["content"]  # nothing of what was told before


def test_the_bench_reads_the_servers_cache_figures_from_its_log():
    """llama-cpp-python's verbose log as the live server writes it (0.3.36): the first request
    logs no prefix match (nothing cached), the others "N prefix-match hit, remaining M"."""
    from solo.bench_llm import cache_figures

    log = ("llama_perf_context_print: prompt eval time =       0.03 ms /    31 tokens (    0.00 ms per token)\n"
           "llama_perf_context_print:        eval time =     277.24 ms /    39 runs   (    7.11 ms per token)\n"
           "Llama.generate: 70 prefix-match hit, remaining 22 prompt tokens to eval\n"
           "llama_perf_context_print: prompt eval time =      81.81 ms /    22 tokens (    3.72 ms per token)\n")
    assert cache_figures(log) == [(0, 31, pytest.approx(0.00003)), (70, 22, pytest.approx(0.08181))]


def shared_share(conversation, before, after):
    """The share of request ``after`` (by the narrator's estimate) that a server's prompt cache
    holds from request ``before``: the whole messages they begin with."""
    same = 0
    while same < min(len(before), len(after)) and before[same] == after[same]:
        same += 1
    return conversation.tokens(after[:same]) / conversation.tokens(after)


def test_a_checkpoint_keeps_as_many_first_turns_as_make_most_of_the_request():
    """A short system prompt and opening, then long turns: keeping only the opening at a
    checkpoint would leave most of the request for the server to read again."""
    from solo.narration.conversation import KEEP_SHARE, Conversation

    c = Conversation(window=3000)
    told = "The dark goes on and on, and nobody speaks. " * 12
    requests = []
    for k in range(30):
        pending = c.request("Narrate.", [f"- Line {k}."], f"Facts of Test {k}: " + "the beam creaks. " * 20, room=220)
        requests.append(pending)
        c.keep(pending, "Begin." if k == 0 else told)
    drops = [k for k, p in enumerate(requests) if p.dropped]
    assert len(drops) >= 2 and c.checkpoints == len(drops)
    for k in drops:
        before, after = requests[k - 1].messages, requests[k].messages
        assert after[:len(after) - 1] == before[:len(after) - 1]  # the first turns, as they were
        assert shared_share(c, before, after) >= 0.7 > KEEP_SHARE - 0.1
        assert len(after) > 4  # more than the opening
        assert c.tokens(after) + 220 <= c.window
    assert min(b - a for a, b in zip(drops, drops[1:])) >= 3  # and it grows again for a while


def test_every_request_after_the_first_is_mostly_what_the_server_has_read(tmp_path):
    """Whole nights (the camp, and a playset) where every reply is refused (the templates'
    text, which the server never generated, is resent: the least it can have cached): still
    each request after the first begins with the request before it, or a checkpoint's first
    turns, and that beginning is at least 70 % of it by the narrator's estimate."""
    import random

    from solo.nott.cast import quick_cast
    from solo.nott.rules import ASHCAN
    from solo.play.night import Night
    from solo.playsets.loader import load_playset
    from solo.sim.policies import get_policy, next_actions

    for seed, playset in ((5, None), (6, None), (8, load_playset("cabin-in-the-woods"))):
        n = make(tmp_path, *[ok("Difficulty 13 on a 1–13 roll. Who goes?", tokens=None) for _ in range(200)],
                 setting=playset.describe() if playset else None)
        n.fallback.setting = playset.setting() if playset else None
        n.FAILURES_BEFORE_PAUSE = 10 ** 6
        night = Night(quick_cast(seed), ASHCAN, seed, narrator=n, setting=playset.setting() if playset else None)
        night.start()
        rng = random.Random(seed)
        while night.game.outcome() is None:
            night.act(next_actions(night.game, get_policy("careful"), rng))
        calls = [c["messages"] for c in n._client.calls]
        assert len(calls) > 30 and n.usage["fallbacks"] == len(calls)  # every reply refused
        assert n.conversation.checkpoints >= 1
        shares = [shared_share(n.conversation, a, b) for a, b in zip(calls, calls[1:])]
        assert min(shares) >= 0.7, [f"{k + 1}: {s:.0%}" for k, s in enumerate(shares) if s < 0.7]


def test_told_beat_by_beat_every_request_has_the_same_system_prompt_as_the_opening(tmp_path):
    """The opening beat carries its own cast (each one's reason to be there, no pronouns): the
    system prompt is still the night's, or the server's cache would hold nothing of it."""
    import random

    from solo.nott.cast import quick_cast
    from solo.nott.game import Character
    from solo.nott.rules import ASHCAN
    from solo.play.night import Night
    from solo.sim.policies import get_policy, next_actions

    cast = [Character(c.name, c.aptitude, c.archetype, c.why, pronouns="she/her") for c in quick_cast(3)]
    n = make(tmp_path, *[ok(f"Told {k}.", tokens=None) for k in range(12)], merge=False)
    night = Night(cast, ASHCAN, 3, narrator=n)
    night.start()
    rng = random.Random(3)
    while len(n._client.calls) < 4:
        night.act(next_actions(night.game, get_policy("careful"), rng))
    systems = {c["messages"][0]["content"] for c in n._client.calls}
    assert len(systems) == 1
    (system,) = systems
    assert all(f"{c.name} (she/her; " in system and c.why in system for c in cast)
