"""A save holds no more than loads in seconds: loading replays every step, so a save's steps,
its questions (the director reads each again) and their characters, the players' lines and
the X-cards have caps (:mod:`solo.play.saveform`). One over a cap is refused in one line before
a step is played, the file kept; solo never writes one. (How long a save at every cap takes to
load and render is a figure of ``make bench``: solo.bench.print_cap_save.)"""

from __future__ import annotations

import json

import pytest

from solo.play import replay, saveform
from solo.play.night import Night
from solo.play.saveform import (
    MAX_SAVE_ASKED, MAX_SAVE_QUESTIONS, MAX_SAVE_SAID, MAX_SAVE_STEPS, MAX_SAVE_XCARDS, SaveError, Tally, beyond_caps,
    digest, save_body, step_kind, write_body,
)

from .helpers import night_of

KEPT = "(file kept as it is)"


@pytest.fixture(scope="module")
def base() -> dict:
    """A begun night's save data, no steps."""
    return night_of(12).to_save().model_dump(mode="json", exclude={"checksum"})


def sealed(base: dict, steps: list[dict], path):
    """A save of ``steps`` on ``base``, sealed as solo seals one, written to ``path``."""
    body = save_body({**base, "steps": steps})
    assert body is not None
    body["checksum"] = digest(body)
    raw = json.dumps(body, separators=(",", ":")).encode()
    path.write_bytes(raw)
    return raw


@pytest.fixture
def no_replay(monkeypatch):
    """Replaying a step fails the test: a refusal must come before any."""
    def never(*args, **kwargs):
        raise AssertionError("a step was replayed")

    for name in ("say", "ask", "act", "jot", "xcard", "write_death", "turn_dread"):
        monkeypatch.setattr(Night, name, never)


def question(n: int, size: int = 6) -> dict:
    return {"say": ("w" * (size - 1) + "?"), "who": n % 4, "ask": ""}


def line(n: int, size: int) -> dict:
    return {"say": "a" * size, "who": n % 4}


def words(size: int) -> str:
    return ("word " * size)[:size - 1] + "?"


#: (label, the steps one over a cap, what the refusal says)
OVER = [
    ("questions", [question(i) for i in range(MAX_SAVE_QUESTIONS + 1)],
     f"{MAX_SAVE_QUESTIONS + 1:,} questions, more than a save may hold ({MAX_SAVE_QUESTIONS:,})"),
    ("asked", [{"say": words(4000), "who": 0, "ask": "likely"}] * ((MAX_SAVE_ASKED + 1) // 4000)
     + [{"say": words((MAX_SAVE_ASKED + 1) % 4000), "who": 0, "ask": ""}],
     f"{MAX_SAVE_ASKED + 1:,} characters of questions, more than a save may hold ({MAX_SAVE_ASKED:,})"),
    ("said", [line(i, 4000) for i in range(MAX_SAVE_SAID // 4000)] + [line(0, 1)],
     f"{MAX_SAVE_SAID + 1:,} characters of lines said, more than a save may hold ({MAX_SAVE_SAID:,})"),
    ("xcards", [line(0, 20)] + [{"xcard": True}] * (MAX_SAVE_XCARDS + 1),
     f"{MAX_SAVE_XCARDS + 1:,} X-cards, more than a save may hold ({MAX_SAVE_XCARDS:,})"),
]


@pytest.mark.parametrize("steps, says", [(s, w) for _l, s, w in OVER], ids=[label for label, _s, _w in OVER])
def test_a_save_over_a_cap_is_refused_in_one_line_before_a_step_is_played(base, tmp_path, no_replay, steps, says):
    path = tmp_path / "night.json"
    raw = sealed(base, steps, path)
    with pytest.raises(SaveError) as info:
        Night.from_save(path)
    assert str(info.value) == f"save {str(path)!r} holds {says} {KEPT}"
    assert path.read_bytes() == raw


@pytest.mark.parametrize("steps, says", [(s, w) for _l, s, w in OVER], ids=[label for label, _s, _w in OVER])
def test_solo_never_writes_a_save_over_a_cap_and_keeps_the_last(base, tmp_path, steps, says):
    path = tmp_path / "night.json"
    before = sealed(base, steps[:1], path)
    body = save_body({**base, "steps": steps})
    with pytest.raises(SaveError) as info:
        write_body(body, path)
    assert str(info.value) == f"save {str(path)!r} not written: {says}; the last save written is kept"
    assert path.read_bytes() == before and [p.name for p in tmp_path.iterdir()] == ["night.json"]


def at_the_caps() -> list[dict]:
    """Steps at every cap at once (not one over)."""
    asked = MAX_SAVE_ASKED // MAX_SAVE_QUESTIONS
    steps = [question(i, asked) for i in range(MAX_SAVE_QUESTIONS)]
    steps += [line(i, 4000) for i in range(MAX_SAVE_SAID // 4000)]
    steps += [{"say": "a note", "noted": True}] * (MAX_SAVE_STEPS - len(steps) - MAX_SAVE_XCARDS)
    return steps + [{"xcard": True}] * MAX_SAVE_XCARDS


def test_a_save_at_every_cap_is_written_and_goes_on_to_be_replayed(base, tmp_path, monkeypatch):
    steps = at_the_caps()
    assert len(steps) == MAX_SAVE_STEPS and beyond_caps(steps) is None
    path = tmp_path / "night.json"
    write_body(save_body({**base, "steps": steps}), path)
    replayed: list[int] = []
    monkeypatch.setattr(replay, "replayed", lambda cls, save, *a, **k: replayed.append(len(save.steps)) or night_of())
    Night.from_save(path)
    assert replayed == [MAX_SAVE_STEPS]


def test_the_issues_save_of_19999_steps_is_refused_by_its_count_before_a_step_is_played(base, tmp_path, no_replay):
    """The issue: a resealed save under every cap of the time (19,999 steps, about 30 MB)
    neither loaded nor rendered in 120 s."""
    path = tmp_path / "night.json"
    steps = [{"say": "I run to the boathouse. Then I hide.", "who": i % 4} for i in range(19_999)]
    raw = sealed(base, steps, path)
    with pytest.raises(SaveError) as info:
        Night.from_save(path)
    assert str(info.value) == f"save {str(path)!r} holds 19,999 steps, more than a save may hold ({MAX_SAVE_STEPS:,}) {KEPT}"
    assert path.read_bytes() == raw


@pytest.mark.parametrize("step, kind", [
    ({"say": "Is it?", "ask": "", "noted": True}, "note"),  # replayed as a note: no question for the director
    ({"say": "Is it?", "ask": "", "xcard": True}, "xcard"),
    ({"say": "Is it?", "ask": "", "who": 1, "death": True}, "death"),
    ({"say": "Is it?", "ask": "", "actions": ["test 0"]}, "act"),
    ({"say": "Is it?", "ask": ""}, "ask"),
    ({"say": "Is it?", "ask": None}, "say"),
    ({"dread": 1, "say": "Is it?", "ask": ""}, "dread"),
    ({}, None),
])
def test_a_step_is_counted_as_it_is_replayed(step, kind):
    assert step_kind(step) == kind
    assert step_kind(saveform.checked(saveform.STEP, step) or step) == kind


def test_a_night_asks_its_tally_what_one_more_step_would_pass():
    """What a night checks each step against before it plays it (its steps as it holds them)."""
    from solo.play.step import Step

    tally = Tally([question(i) for i in range(MAX_SAVE_QUESTIONS - 1)])
    asked = Step([], "Is anyone hurt?", 0, ask="")
    assert tally.past(asked) is None
    tally.add(asked)
    assert tally.past(asked) == (f"{MAX_SAVE_QUESTIONS + 1:,} questions, more than a save may hold "
                                 f"({MAX_SAVE_QUESTIONS:,})")
    assert tally.questions == MAX_SAVE_QUESTIONS  # asking changes nothing
    assert tally.past(Step([], "Is anyone hurt?", 0, noted=True)) is None
    assert tally.past(Step([], None, None, xcard=True)) is None
    assert Tally([{"xcard": True}] * MAX_SAVE_XCARDS).past(Step([], "fire", None, xcard=True)) == (
        f"{MAX_SAVE_XCARDS + 1} X-cards, more than a save may hold ({MAX_SAVE_XCARDS})")


def test_the_bench_night_keeps_within_the_caps():
    """``make bench`` plays a long night of questions and lines: within the caps, or its step
    costs would time refusals."""
    from solo.bench import LONG_NIGHT, STEP_AT, STEP_WINDOW

    played = [LONG_NIGHT[k % len(LONG_NIGHT)] for k in range(max(STEP_AT) + STEP_WINDOW)]
    steps = [{"say": t[4:], "ask": ""} if t.startswith("ask ") else {"say": t} for t in played]
    assert len(steps) <= MAX_SAVE_STEPS and beyond_caps(steps) is None
