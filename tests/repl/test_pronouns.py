"""Pronouns at the table: the character command takes them (``pronouns she/her`` among its
parts, or ``character NAME pronouns …`` for one already added), bad ones get one clear line
and nothing typed before is lost, and cast shows them."""

from __future__ import annotations

from .conftest import make_shell, output


def test_the_character_command_takes_pronouns_and_cast_shows_them():
    sh = make_shell(seed=5)
    assert sh.run_line("new seed 5")
    assert sh.run_line("character Laurie, The Babysitter, Resolve, watching the kids, pronouns she/her")
    assert sh.run_line("character Tommy, The Jock, Power, pronouns He/Him, dared to come, and stayed")
    assert sh.run_line("character Sid, The Savant, int")
    assert sh.run_line("character Sid pronouns xe/xem/xyr/xyrs/xemself")  # changed after it was added
    assert sh.run_line("cast")
    text = output(sh)
    assert "1. Laurie (she/her) — The Babysitter, ♥ Resolve; watching the kids" in text
    assert "2. Tommy (he/him) — The Jock, ♠ Power; dared to come, and stayed" in text
    assert "3. Sid (xe/xem/xyr/xyrs/xemself) — The Savant" in text
    assert sh.run_line("character Tina, The Thief, fin")
    assert [c.pronouns for c in sh.night.cast] == ["she/her", "he/him", "xe/xem/xyr/xyrs/xemself", "they/them"]
    before = len(output(sh))
    assert sh.run_line("status")
    table = output(sh)[before:]
    assert "Laurie (she/her)" in table and "Tommy (he/him)" in table and "Tina (" not in table  # they/them unsaid


def test_bad_pronouns_are_one_clear_line_and_nothing_is_lost():
    sh = make_shell(seed=5)
    sh.run_line("new seed 5")
    assert sh.run_line("character Laurie, The Babysitter, Resolve, pronouns she/her")
    for bad in ("character Sid, The Savant, int, pronouns me/my", "character Sid, The Savant, int, pronouns x/y/z",
                "character Sid, The Savant, int, pronouns she/her, pronouns he/him",
                "character Laurie pronouns you/you/your/yours/yourself", "character Bob pronouns he/him"):
        before = len(output(sh))
        assert not sh.run_line(bad)
        said = output(sh)[before:].strip()
        assert said.startswith("error: ") and "Traceback" not in said, said
    assert [(c.name, c.pronouns) for c in sh.pending] == [("Laurie", "she/her")]  # kept, unchanged
    text = " ".join(output(sh).split())
    assert "pronouns are she/her, he/him, they/them, it/its, or all five forms" in text
    assert "first- or second-person word" in text and "no 'Bob' in the cast so far" in text


def test_a_why_that_speaks_of_pronouns_is_a_why():
    sh = make_shell(seed=5)
    sh.run_line("new seed 5")
    assert sh.run_line("character Laurie, The Babysitter, Resolve, pronouns matter to her")
    assert sh.pending[0].why == "pronouns matter to her" and sh.pending[0].pronouns == "they/them"


def test_pronouns_given_last_without_the_word_are_pronouns():
    """"…, came for the keg, he/him" (it was the why, "came for the keg, he/him", and they/them);
    a last part that reads as no pronouns stays the why."""
    sh = make_shell(seed=5)
    sh.run_line("new seed 5")
    assert sh.run_line("character Theo, The Jock, Power, came for the keg, he/him")
    assert sh.run_line("character Ana, The Nerd, Intellect, to study, and/or")
    assert [(c.why, c.pronouns) for c in sh.pending] == [("came for the keg", "he/him"), ("to study, and/or", "they/them")]


def test_new_without_a_seed_keeps_the_seed_play_was_given():
    """``solo play --seed 77`` then ``new playset house-party``: the night of seed 77 (it was
    a random seed); after that night, new without a seed is a fresh one."""
    sh = make_shell(seed=77)
    assert sh.run_line("new playset house-party") and sh.run_line("quick")
    assert sh.night.seed == 77
    assert sh.run_line("new") or sh.run_line("new")  # (asks first in the middle of a night)
    assert sh.seed is None
