"""Untrusted text never costs a step: what a player pastes, a judge writes or a file holds is
cleaned at the door, a step is checked savable before it is applied, and nothing a file or a
model holds reaches the screen with its escape sequences.

Every refusal is one ``error:`` line in the project's own words (never pydantic's), and the
save is left exactly as it was."""

from __future__ import annotations

import json
import unicodedata

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solo.play.night import Night
from solo.play.saves import read_save

from .conftest import make_shell, output

#: Words of a library's validation message: a player never reads them.
LIBRARY_WORDS = ("validation error", "pydantic", "Value error,", "type=", "input_value", "String should")
#: Invisible characters pasted text carries (the issue's list): zero-width space, byte-order
#: mark, word joiner, soft hyphen, Arabic letter mark.
INVISIBLE = ["\u200b", "\ufeff", "\u2060", "\u00ad", "\u061c"]


def started(seed: int = 13):
    sh = make_shell(seed=seed)
    assert sh.run_line("quick")
    return sh


def errors_in(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("error:")]


def saved_steps(sh) -> int:
    return len(read_save(sh.night.save_path).steps)


def a_test_still_plays_and_saves(sh) -> None:
    night = sh.night
    before = saved_steps(sh)
    who = night.names[night.game.living()[0]]
    assert sh.run_line(f"test {who}"), output(sh)
    assert sh.run_line("roll"), output(sh)
    if night.game.phase == "decide":
        assert sh.run_line("resolve"), output(sh)
    assert saved_steps(sh) > before
    assert len(Night.from_save(night.save_path).steps) == len(night.steps)


@pytest.mark.parametrize("mark", INVISIBLE, ids=[f"U+{ord(c):04X}" for c in INVISIBLE])
def test_a_pasted_invisible_character_costs_no_step(mark):
    """The issue's case: ``quick``, then a line pasted from a web page. The line is kept
    (without the invisible character), saved, and every later command still works."""
    sh = started()
    assert sh.run_line(f"Tina says{mark} hello"), output(sh)
    night = sh.night
    assert night.steps[-1].say == "Tina says hello"
    assert read_save(night.save_path).steps[-1].say == "Tina says hello"
    a_test_still_plays_and_saves(sh)
    assert not errors_in(output(sh)), output(sh)
    assert mark not in night.save_path.read_text(encoding="utf-8")
    assert mark not in night.transcript.path.read_text(encoding="utf-8")


def test_separators_and_bidi_marks_become_plain_text():
    sh = started()
    assert sh.run_line("Iris: I hold\u2028my breath\u2029and \u202ewait\u202c")
    assert sh.night.steps[-1].say == "I hold my breath and wait"
    assert read_save(sh.night.save_path).steps[-1].say == "I hold my breath and wait"


def test_text_is_kept_in_one_unicode_form():
    """A decomposed é (e + combining accent) is kept composed (NFC), as the save holds it."""
    sh = started()
    assert sh.run_line("Iris: caf\u0065\u0301 au lait")
    assert sh.night.steps[-1].say == "caf\u00e9 au lait"


def test_emoji_joined_by_a_zero_width_joiner_stay_whole():
    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467"
    sh = started()
    assert sh.run_line(f"Iris: {family} at the window")
    assert sh.night.steps[-1].say == f"{family} at the window"
    assert saved_steps(sh) == len(sh.night.steps)


def test_a_long_archetype_is_refused_at_once_in_one_line():
    """The issue's case: a 2,400-character archetype was accepted by ``character`` and then
    nothing saved. It is refused when typed, with the bound, and the cast is unchanged."""
    sh = make_shell(seed=3)
    assert sh.run_line("new")
    assert not sh.run_line("character Ann, " + "x" * 2400 + ", Power, for the view")
    assert errors_in(output(sh)) == ["error: the archetype is too long (2,400 characters; at most 200)"]
    assert sh.pending == [] and sh.night is None
    assert not sh.run_line("character Ann, Jock, Power, " + "y" * 501)
    assert errors_in(output(sh))[-1] == "error: the why is too long (501 characters; at most 500)"
    for name, apt in (("Ann", "Power"), ("Bo", "Resolve"), ("Cy", "Intellect"), ("Di", "Finesse")):
        assert sh.run_line(f"character {name}, {'x' * 200}, {apt}, {'y' * 500}"), output(sh)
    assert sh.night is not None and saved_steps(sh) == 0
    a_test_still_plays_and_saves(sh)


def test_a_seed_no_save_can_hold_is_refused_before_the_night_begins(tmp_path):
    """A seed of 41 digits: refused when typed, in one line; and a Night given one refuses to
    begin, so nothing is half begun and no save file is written."""
    from solo.nott.cast import quick_cast
    from solo.nott.rules import ASHCAN

    sh = make_shell()
    seed = "9" * 41
    assert not sh.run_line(f"new seed {seed}")
    text = output(sh)
    assert sh.night is None
    assert len(errors_in(text)) == 1 and "40 digits" in errors_in(text)[0], text
    assert not any(w in text for w in LIBRARY_WORDS), text
    with pytest.raises(ValueError) as err:
        Night(quick_cast(1), ASHCAN, int(seed), save_path=tmp_path / "n.json")
    assert "40 digits" in str(err.value) and "\n" not in str(err.value)
    assert not any(w in str(err.value) for w in LIBRARY_WORDS)
    assert not (tmp_path / "n.json").exists()


def test_a_judges_long_reason_is_cut_and_the_award_saved():
    """The issue's case: a model judge's award reason over 4,000 characters. The award is
    kept and saved with the reason cut short."""
    from solo.director.awards import Director
    from solo.director.tropes import Verdict

    sh = started()
    night = sh.night
    verdict = Verdict("splitting up", "I go alone \u200b" + "and alone " * 500, "model")
    Director().award(night, 0, verdict)
    save = read_save(night.save_path)
    assert save.steps[-1].note == night.steps[-1].note
    assert len(night.steps[-1].note) < 400 and "\u200b" not in night.steps[-1].note
    a_test_still_plays_and_saves(sh)


def test_notes_past_the_bound_are_cut_not_lost():
    """Notes pile up on one step (a long ``award … why``, then more): the step's note stays
    within what a save holds, and the night keeps saving."""
    sh = started()
    night = sh.night
    name = night.names[0]
    for _ in range(3):
        assert sh.run_line(f"award {name} " + "for being brave " * 180), output(sh)  # ~2,900 characters
        night.note("and again " * 300)
    assert all(len(s.note or "") <= 4000 for s in night.steps)
    assert [s.note for s in read_save(night.save_path).steps] == [s.note for s in night.steps]
    a_test_still_plays_and_saves(sh)


def test_a_model_narration_with_invisible_characters_is_kept_clean(tmp_path):
    """A model's prose with a zero-width space and a byte-order mark is kept (in a save that
    holds a model's texts) without them."""
    from solo.nott.cast import quick_cast
    from solo.nott.rules import ASHCAN

    class Talker:
        def narrate(self, beat):
            yield "The lights\u200b go out.\ufeff "
            yield "Nobody moves\u2028at all."

    night = Night(quick_cast(4), ASHCAN, 4, narrator=Talker(), save_path=tmp_path / "n.json",
                  narrator_name="llm")
    night.start()
    assert night.opening and all("\u200b" not in t and "\ufeff" not in t for _, t in night.opening)
    assert night.opening[0][1] == "The lights go out. Nobody moves at all."
    assert [list(p) for p in read_save(tmp_path / "n.json").opening] == [list(p) for p in night.opening]


def test_a_playset_too_long_for_a_save_is_refused_when_it_is_loaded(tmp_path):
    """Odd playset names and archetypes longer than a save holds: refused in one line when
    the playset is read, not after the night has begun."""
    from solo.playsets import PlaysetError, read_playset
    from solo.playsets.loader import BUILTIN_DIR

    text = (BUILTIN_DIR / "house-party.toml").read_text(encoding="utf-8")
    long_name = tmp_path / "long.toml"
    long_name.write_text(text.replace('name = "house-party"', f'name = "{"a" * 81}"', 1), encoding="utf-8")
    with pytest.raises(PlaysetError) as err:
        read_playset(long_name)
    assert str(err.value) == (f"playset {str(long_name)!r}: name (line 2): a playset's name is 1\u201380 lowercase "
                              f"letters, digits and hyphens, not {'a' * 37 + '...'!r}")
    assert not any(w in str(err.value) for w in LIBRARY_WORDS)
    ps = read_playset(BUILTIN_DIR / "house-party.toml")
    first = ps.archetypes.Power[0]
    long_archetype = tmp_path / "arch.toml"
    long_archetype.write_text(text.replace(f'"{first}"', '"' + "z" * 201 + '"', 1), encoding="utf-8")
    with pytest.raises(PlaysetError, match=r"archetypes\.Power\.0 .*too long \(201 characters; at most 200\)"):
        read_playset(long_archetype)


def test_a_playsets_escapes_and_invisible_characters_never_reach_the_screen(tmp_path):
    """A playset is a file from anyone: its title, tropes and archetypes are cleaned when read,
    so a clipboard write (OSC 52) or a screen clear never reaches the screen or the transcript."""
    from solo.playsets.loader import BUILTIN_DIR

    text = (BUILTIN_DIR / "house-party.toml").read_text(encoding="utf-8")
    from solo.playsets import read_playset

    ps = read_playset(BUILTIN_DIR / "house-party.toml")
    evil = text.replace(f'title = "{ps.title}"', 'title = "Party\\u001b]52;c;SGVsbG8=\\u0007 Time\\u200b"', 1)
    for suit in ("Power", "Resolve", "Intellect", "Finesse"):
        first = getattr(ps.archetypes, suit)[0]
        evil = evil.replace(f'"{first}"', f'"{first}\\u001b[2J\\u202e"', 1)
    evil = evil.replace(f'"{ps.tropes[0]}"', f'"{ps.tropes[0]}\\u001b[8m"')
    path = tmp_path / "evil.toml"
    path.write_text(evil, encoding="utf-8")
    loaded = read_playset(path)
    assert loaded.title == "Party Time"
    sh = make_shell(seed=5, playset=str(path))
    assert sh.run_line("quick") and sh.run_line("cast") and sh.run_line("director tropes")
    assert sh.run_line("Iris: I go to check the noise")
    shown = output(sh)
    transcript = sh.night.transcript.path.read_text(encoding="utf-8")
    for text_out in (shown, transcript):
        assert "\x1b" not in text_out and "\u202e" not in text_out and "\u200b" not in text_out


def test_whatever_a_shell_prints_passes_the_edge():
    """The console edge: text from anywhere printed by a shell (a file name in a notice, a
    model's chunk) loses its escape sequences and invisible characters; the shell's own styles
    stay."""
    sh = make_shell()
    sh.out("notice", "skipped night-\x1b]52;c;SGVsbG8=\x07x.json: damaged")
    sh.out("stream", "a\x1b[2Jb\u200bc")
    sh.out("stream-end", "")
    sh.info("\x1bcreset\u202eme", "bold")
    text = output(sh)
    assert "\x1b" not in text and "\u202e" not in text and "\u200b" not in text
    assert "abc" in text and "resetme" in text


def test_a_damaged_save_with_an_escape_in_its_file_name_is_named_safely(solo_home):
    """``resume`` names the damaged saves it skips: a file name holding an escape sequence is
    shown without it."""
    saves = solo_home / "saves"
    saves.mkdir(parents=True)
    (saves / "night-\x1b]52;c;SGVsbG8=\x07-1.json").write_text("{not json", encoding="utf-8")
    sh = make_shell()
    assert not sh.run_line("resume")
    text = output(sh)
    assert "skipped night-" in text and "\x1b" not in text and "\x07" not in text


def test_a_shared_saves_rules_name_with_escapes_is_refused(tmp_path):
    """A save's ``rules.name`` (with a valid checksum: saves are shared) holding a clipboard
    write is refused in one line; the file is kept."""
    from .test_hardening import edited_save, refused_in_one_line

    path = edited_save(tmp_path, lambda d: d["rules"].update(name="ashcan\x1b]52;c;SGVsbG8=\x07"))
    message = refused_in_one_line(path, "rules: name")
    assert "\x1b" not in message


def test_a_lucky13_saves_seed_with_escapes_is_refused(tmp_path):
    from solo.lucky13.saves import read_scene_save
    from solo.play.saves import SaveError

    from .test_hardening import reseal

    sh = make_shell()
    from solo.repl.lucky13 import Lucky13Shell

    l13 = Lucky13Shell(sh.console)
    assert l13.run_line("new seed 5") and l13.run_line("character Ada random")
    data = json.loads(l13.scene.save_path.read_text(encoding="utf-8"))
    data["seed"] = "5\x1b]52;c;SGVsbG8=\x07"
    path = tmp_path / "scene.json"
    path.write_bytes(reseal(data))
    with pytest.raises(SaveError) as err:
        read_scene_save(path)
    assert "invalid at seed" in str(err.value) and "\x1b" not in str(err.value)


# ---------------------------------------------------------------------- the property

#: Every kind of character, the invisible and undecodable ones included.
ANY_CHAR = st.characters(codec=None, categories=("L", "M", "N", "P", "S", "Zs", "Zl", "Zp", "Cc", "Cf", "Co", "Cs"))
SPECIAL = st.sampled_from(["\u200b", "\ufeff", "\u2060", "\u00ad", "\u061c", "\u2028", "\u2029", "\x1b]52;c;QQ==\x07",
                           "\x1b[2J", "\ud800", "\U000f0000", "\u200d", "e\u0301", "\t", "\r\n"])


@st.composite
def typed_lines(draw):
    """A line as a player might type or paste it: who speaks, then text drawn from all of
    Unicode, sometimes repeated out to 100,000 characters."""
    piece = draw(st.lists(st.one_of(st.text(ANY_CHAR, min_size=1, max_size=12), SPECIAL), max_size=8))
    text = "".join(piece)
    length = draw(st.sampled_from([0, 0, 0, 0, 3990, 4000, 4001, 20_000, 100_000]))
    if length and text:
        text = (text * (length // len(text) + 1))[:length]
    speaker = draw(st.sampled_from(["", "Iris: ", "say ", "Jesse: ", "Nobody: "]))
    return speaker + "z" + text  # never a command word first (x alone is the X-card)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(lines=st.lists(typed_lines(), min_size=1, max_size=4))
def test_every_typed_line_is_saved_or_refused_and_play_goes_on(lines):
    """Each line is either recorded and saved (the save holds one more step, and loads) or
    refused with one ``error:`` line in our words and the save unchanged; afterwards a Test
    still plays and saves."""
    sh = started(seed=11)
    night = sh.night
    for line in lines:
        before_bytes = night.save_path.read_bytes()
        before_steps = len(night.steps)
        seen = len(output(sh))
        ok = sh.run_line(line)
        new = output(sh)[seen:]
        assert not any(w in new for w in LIBRARY_WORDS), new
        if len(night.steps) == before_steps + 1:
            assert ok, new
            save = read_save(night.save_path)
            assert len(save.steps) == before_steps + 1
            kept = save.steps[-1].say
            assert kept == night.steps[-1].say
            assert kept == unicodedata.normalize("NFC", kept)
            assert not any(unicodedata.category(c) in ("Cc", "Cf", "Cs", "Zl", "Zp") and c not in "\u200c\u200d"
                           for c in kept)
        else:
            assert len(night.steps) == before_steps
            assert not ok and len(errors_in(new)) == 1 and len(new.strip().splitlines()) == 1, new
            assert night.save_path.read_bytes() == before_bytes
    assert len(Night.from_save(night.save_path).steps) == len(night.steps)
    a_test_still_plays_and_saves(sh)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(text=st.text(ANY_CHAR, max_size=60), who=st.sampled_from([None, 0, 3]))
def test_the_night_itself_records_only_what_its_save_can_hold(tmp_path_factory, text, who):
    """The same through the Python API: ``Night.say`` either records and saves a step or
    raises a ``ValueError`` with the save unchanged."""
    from solo.nott.cast import quick_cast
    from solo.nott.rules import ASHCAN

    path = tmp_path_factory.mktemp("n") / "n.json"
    night = Night(quick_cast(2), ASHCAN, 2, save_path=path)
    night.start()
    before = path.read_bytes()
    try:
        night.say(text, who)
    except ValueError as exc:
        assert "\n" not in str(exc) and not any(w in str(exc) for w in LIBRARY_WORDS)
        assert path.read_bytes() == before and not night.steps
        return
    assert len(read_save(path).steps) == len(night.steps) <= 1


def test_a_night_never_plays_a_step_its_save_could_not_hold(tmp_path, monkeypatch):
    """The save has caps on its steps and its size; a step past them is refused before it is
    applied, in one line, and the night and its save still agree."""
    from solo.play import keeping as night_module
    from solo.play.saves import read_save

    sh = started()
    night = sh.night
    monkeypatch.setattr(night_module, "MAX_SAVE_STEPS", len(night.steps) + 3)
    for k in range(3):
        assert sh.run_line(f"Iris: line {k}")
    assert not sh.run_line("Iris: one too many")
    assert errors_in(output(sh))[-1].startswith("error: this step cannot be saved: a night holds at most")
    assert len(read_save(night.save_path).steps) == len(night.steps)
    monkeypatch.setattr(night_module, "MAX_SAVE_STEPS", 10_000)
    cap = night._save_size() + night.STEP_ROOM + 9_000
    monkeypatch.setattr(night_module, "MAX_SAVE_WRITE_BYTES", cap)
    lines = 0
    while sh.run_line("Iris: " + "a long breath " * 280):  # ~3,900 characters each
        lines += 1
        assert lines < 10
    assert lines >= 1
    assert errors_in(output(sh))[-1].startswith("error: this step cannot be saved: the save would pass its")
    saved = read_save(night.save_path)
    assert len(saved.steps) == len(night.steps) and night.save_path.stat().st_size <= cap
    a_test_still_plays_and_saves_under(sh, monkeypatch, night_module)


def a_test_still_plays_and_saves_under(sh, monkeypatch, night_module):
    monkeypatch.setattr(night_module, "MAX_SAVE_WRITE_BYTES", 8 * 1024 * 1024)
    a_test_still_plays_and_saves(sh)
