"""``latest_unfinished``: the newest unfinished save that loads; damaged saves newer than it
are named with their reason, newest first, and left as they are (docs/saves.md, "Damaged
saves and --resume")."""

from __future__ import annotations

import os
from types import SimpleNamespace

from solo.play.saves import SaveError, latest_unfinished


def files(folder, mtimes: dict[str, float]):
    for name, m in mtimes.items():
        p = folder / name
        p.write_text("{}", encoding="utf-8")
        os.utime(p, (m, m))
    return folder


class Reader:
    """A reader whose verdict is given per file name, or per call (the folder's listing order
    is the filesystem's)."""

    def __init__(self, by_name=None, by_call=()):
        self.by_name = by_name or {}
        self.by_call = list(by_call)
        self.calls = []

    def __call__(self, path):
        self.calls.append(path.name)
        verdict = self.by_name.get(path.name) or (self.by_call[len(self.calls) - 1] if self.by_call else "open")
        if verdict == "damaged":
            raise SaveError(f"{path.name} is damaged")
        if verdict == "unreadable":
            raise OSError(13, "Permission denied")
        return SimpleNamespace(finished=verdict == "finished")


def test_the_newest_unfinished_save_is_chosen(tmp_path):
    folder = files(tmp_path, {"a.json": 100, "b.json": 300, "c.json": 200, "d.txt": 400})
    assert latest_unfinished(folder, "*.json", Reader()) == folder / "b.json"


def test_finished_saves_are_passed_over(tmp_path):
    folder = files(tmp_path, {"a.json": 100, "b.json": 300, "c.json": 200})
    assert latest_unfinished(folder, "*.json", Reader({"b.json": "finished"})) == folder / "c.json"


def test_no_save_at_all_gives_none(tmp_path):
    folder = files(tmp_path, {"a.json": 100})
    skipped = []
    assert latest_unfinished(folder, "*.json", Reader({"a.json": "finished"}), skipped) is None
    assert skipped == []


def test_damaged_saves_newer_than_the_chosen_one_are_named_newest_first(tmp_path):
    """Names sort the other way round from their times, so the order is by time."""
    folder = files(tmp_path, {"a.json": 500, "b.json": 400, "c.json": 300, "d.json": 200, "e.json": 300})
    reader = Reader({"a.json": "damaged", "b.json": "damaged", "d.json": "damaged", "e.json": "damaged"})
    skipped = []
    assert latest_unfinished(folder, "*.json", reader, skipped) == folder / "c.json"
    names = [(p.name, why) for p, why in skipped]
    assert names[:2] == [("a.json", "a.json is damaged"), ("b.json", "b.json is damaged")]
    # as new as the chosen one: named too; older: not
    assert names[2:] == [("e.json", "e.json is damaged")]


def test_with_nothing_chosen_every_damaged_save_is_named(tmp_path):
    folder = files(tmp_path, {"a.json": 100, "b.json": 300})
    skipped = []
    assert latest_unfinished(folder, "*.json", Reader({"a.json": "damaged", "b.json": "damaged"}), skipped) is None
    assert [p.name for p, _ in skipped] == ["b.json", "a.json"]


def test_without_a_list_damaged_saves_are_skipped_quietly(tmp_path):
    folder = files(tmp_path, {"a.json": 100, "b.json": 300})
    assert latest_unfinished(folder, "*.json", Reader({"b.json": "damaged"})) == folder / "a.json"


def test_a_save_that_cannot_be_opened_is_passed_over_without_a_word(tmp_path):
    folder = files(tmp_path, {"a.json": 100, "b.json": 300})
    skipped = []
    assert latest_unfinished(folder, "*.json", Reader({"b.json": "unreadable"}), skipped) == folder / "a.json"
    assert skipped == []


def test_the_search_goes_on_past_a_damaged_unreadable_or_finished_save(tmp_path):
    """Whatever comes first in the folder's listing, the files after it are still read."""
    for first in ("damaged", "unreadable", "finished"):
        folder = tmp_path / first
        folder.mkdir()
        files(folder, {"a.json": 100, "b.json": 200, "c.json": 300})
        reader = Reader(by_call=[first, "open", "open"])
        chosen = latest_unfinished(folder, "*.json", reader)
        assert len(reader.calls) == 3
        newest_open = max(reader.calls[1:], key=lambda n: {"a.json": 1, "b.json": 2, "c.json": 3}[n])
        assert chosen == folder / newest_open


def test_of_two_saves_written_at_the_same_moment_the_first_listed_is_kept(tmp_path):
    folder = files(tmp_path, {"a.json": 100, "b.json": 100})
    reader = Reader()
    assert latest_unfinished(folder, "*.json", reader) == folder / reader.calls[0]


def test_damaged_saves_written_at_the_same_moment_keep_the_folders_order(tmp_path):
    folder = files(tmp_path, {"a.json": 100, "b.json": 500, "c.json": 500, "d.json": 500})
    reader = Reader({"b.json": "damaged", "c.json": "damaged", "d.json": "damaged"})
    skipped = []
    assert latest_unfinished(folder, "*.json", reader, skipped) == folder / "a.json"
    assert [p.name for p, _ in skipped] == [n for n in reader.calls if n != "a.json"]
