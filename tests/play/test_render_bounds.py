"""``solo render`` and loading a long night cost time and memory in proportion to the night:
the text is written a step at a time, and the fiction is not copied for every step of a night
only read (that copy grows with the night: a copy per step made a long night's cost grow with
the square of its length). Undo back past the fiction kept rebuilds it exactly."""

from __future__ import annotations

import json
import sys
import tracemalloc

import pytest

from solo.play.night import KEEP_UNDO, Night
from solo.play.saves import SaveFile
from solo.play.transcript import render

from .helpers import night_of, play_on

LINES = 600  # (the copy per step this guards against grows with the square of the lines: 2,000 took 313 MB,
# so going from 300 to 600 would add some 21 MB, twice what the bounds below allow)


def talk_save(path, lines: int):
    """A save of a night begun, then ``lines`` different lines by its first character."""
    night = night_of(12)
    data = night.to_save().model_dump(mode="json", exclude={"checksum"})
    data["steps"] = [{"say": f"I run to boathouse number {i}. Then I hide behind crate {i}.", "who": 0}
                     for i in range(lines)]
    data["checksum"] = SaveFile.model_validate(data).body_digest()
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def talkative(tmp_path_factory):
    return talk_save(tmp_path_factory.mktemp("talk") / "talk.json", LINES)


@pytest.fixture(scope="module")
def half_as_talkative(tmp_path_factory):
    return talk_save(tmp_path_factory.mktemp("talk") / "half.json", LINES // 2)


def peak_bytes(fn) -> int:
    tracemalloc.start()
    try:
        fn()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


class Pieces:
    """A stdout that remembers what it was handed, piece by piece."""

    def __init__(self) -> None:
        self.pieces: list[str] = []

    def write(self, text: str) -> int:
        self.pieces.append(text)
        return len(text)

    def flush(self) -> None:
        pass


def test_render_writes_a_step_at_a_time_the_same_text(talkative, monkeypatch):
    from solo.cli import main

    out = Pieces()
    monkeypatch.setattr(sys, "stdout", out)
    assert main(["render", str(talkative)]) == 0
    text = "".join(out.pieces)
    assert text == render(Night.from_save(talkative), "story")
    assert len(text) > 16 * 1024 and len(out.pieces) > LINES
    assert max(len(p) for p in out.pieces) < 4096  # never the whole text in one piece


def test_render_to_a_file_is_the_same_text_and_leaves_no_temporary_file(talkative, tmp_path):
    from solo.cli import main

    out = tmp_path / "story.md"
    assert main(["render", str(talkative), "--as", "log", "-o", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == render(Night.from_save(talkative), "log")
    assert [p.name for p in tmp_path.iterdir()] == ["story.md"]


def _grows_in_proportion(small, large, run, per_byte: int) -> None:
    """What ``run`` takes beyond the smaller night's peak grows with the bytes added, not with
    their square (the fixed cost of the first step is the same for both)."""
    peaks = [peak_bytes(lambda p=p: run(p)) for p in (small, large)]
    added = large.stat().st_size - small.stat().st_size
    assert peaks[1] - peaks[0] < per_byte * added, (peaks, added)


@pytest.mark.corpus  # long: .ci/run runs it
def test_rendering_a_long_night_takes_memory_in_proportion_to_it(talkative, half_as_talkative, tmp_path):
    """2,000 lines took 313 MB (a copy of the fiction, with everything said so far, for each
    step); a night only rendered keeps none."""
    from solo.cli import main

    _grows_in_proportion(half_as_talkative, talkative,
                         lambda p: main(["render", str(p), "-o", str(tmp_path / f"{p.stem}.md")]), 100)


@pytest.mark.corpus  # long: .ci/run runs it
def test_loading_a_long_night_to_play_on_takes_memory_in_proportion_to_it(talkative, half_as_talkative):
    # (a night loaded to play on keeps the fiction of its last steps for undo: some 250 bytes a byte)
    _grows_in_proportion(half_as_talkative, talkative, Night.from_save, 400)


def fiction_of(night) -> dict:
    return dict(vars(night.story))


@pytest.mark.parametrize("back", [1, KEEP_UNDO, KEEP_UNDO + 1, KEEP_UNDO + 30])
def test_undo_back_past_the_fiction_kept_rebuilds_it_exactly(tmp_path, back):
    night = night_of(7, save_path=tmp_path / "night.json")
    for i in range(KEEP_UNDO + 40):
        if i % 3 == 0:
            night.say(f"I check the door number {i}. Nobody is there.", i % 4)
        else:
            play_on(night, 1, seed=i)
    assert not night.game.is_over() and len(night.steps) == KEEP_UNDO + 40
    kept_all = Night.from_save(night.save_path, keep_undo=len(night.steps))
    kept_some = Night.from_save(night.save_path)
    assert kept_some._stories.count(None) == len(night.steps) - KEEP_UNDO
    kept_all.undo(back)
    kept_some.undo(back)
    assert fiction_of(kept_some) == fiction_of(kept_all)
    assert render(kept_some, "log") == render(kept_all, "log")
    for n in (kept_all, kept_some):  # and play goes on alike
        play_on(n, 2, seed=99)
        n.say("I run for the boathouse.", 0)
    assert fiction_of(kept_some) == fiction_of(kept_all)
    assert render(kept_some, "story") == render(kept_all, "story")
