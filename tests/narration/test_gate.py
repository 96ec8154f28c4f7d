"""A model's reply shown sentence by sentence (solo/narration/gate.py, LLMNarrator): each sentence
reaches the screen once the reply so far passes the director's reading, a sentence at fault never
does, and what the shown part leaves untold is the templates' to tell."""

from __future__ import annotations

import pytest

from solo.director.continuity import Contradiction
from solo.director.editor import may_wait, read, untold_beats
from solo.narration.gate import Gate, sentences

from .fakeclock import FakeClock
from .fakeserver import FakeServer
from .test_llm_deadlines import config, narrator  # noqa: F401  (the fixture)
from .test_llm_faults import beats, expected_templates


def reader(text: str) -> list[Contradiction]:
    """A stand-in reading: a stranger acting is a sentence's own fault; "without a sound" waits
    for a cost told later ("but the lamp is lost"); Ann must be named."""
    found = []
    if "Johnson" in text or "Smith" in text:
        found.append(Contradiction("stranger", text, "it tells Johnson as acting"))
    if "without a sound" in text and "lost" not in text:
        found.append(Contradiction("flipped", text, "it tells a Messy success as costing nothing"))
    if "Ann" not in text:
        found.append(Contradiction("untold", text, "it never names Ann, who took the Test"))
    return found


def gate() -> Gate:
    return Gate(reader, may_wait)


def test_a_sentence_is_shown_once_the_next_begins_and_titles_end_none():
    g = gate()
    assert g.feed("Ann steps up to the door") == []
    assert g.feed("Ann steps up to the door. Mr. Hale") == ["Ann steps up to the door."]  # "Mr." ends nothing
    assert g.feed("Ann steps up to the door. Mr. Hale's lamp is dark. It") == ["Mr. Hale's lamp is dark."]
    assert g.feed("Ann steps up to the door. Mr. Hale's lamp is dark. It opens.", final=True) == ["It opens."]
    assert g.whole and g.text == "Ann steps up to the door. Mr. Hale's lamp is dark. It opens."
    assert sentences("“Run!” she says. Then silence.") == ["“Run!” she says.", "Then silence."]


def test_a_sentence_at_fault_is_set_aside_and_a_second_ends_the_reading():
    g = gate()
    reply = "Ann goes first. Mr. Johnson grabs her. The latch gives. Johnson laughs. Ann runs."
    assert g.feed(reply, final=True) == ["Ann goes first.", "The latch gives."]
    assert [s for s, _ in g.set_aside] == ["Mr. Johnson grabs her.", "Johnson laughs.", "Ann runs."]
    assert g.closed and not g.whole and g.text == "Ann goes first. The latch gives."


def test_a_first_sentence_at_fault_shows_nothing():
    g = gate()
    assert g.feed("Mr. Smith opens the door. Ann follows.", final=True) == []
    assert g.shown == [] and [c.kind for c in g.refused] == ["stranger"]


def test_a_sentence_that_waits_is_shown_with_the_one_that_answers_it():
    g = gate()
    assert g.feed("Ann slips through without a sound. But the lamp") == []
    assert g.held == ["Ann slips through without a sound."]
    assert g.feed("Ann slips through without a sound. But the lamp is lost. Then", final=False) == [
        "Ann slips through without a sound.", "But the lamp is lost."]
    g = gate()  # never answered: set aside at the end, what stood before it stays
    assert g.feed("Ann waits. Ann slips through without a sound.", final=True) == ["Ann waits."]
    assert [s for s, _ in g.set_aside] == ["Ann slips through without a sound."]


def test_untold_waits_but_is_no_reason_to_hold():
    """An untold fact holds nothing back (the templates tell it after), and the editor says
    which beats were left untold."""
    g = gate()
    assert g.feed("The door creaks. The hall", final=False) == ["The door creaks."]
    outcome = {"kind": "outcome", "name": "Ann", "success": True, "fallout_name": "Clean"}
    threat = {"kind": "threat", "name": None}
    assert untold_beats("The door creaks.", [outcome, threat]) == [0]
    assert untold_beats("Ann gets it open.", [outcome, threat]) == []
    assert may_wait(Contradiction("untold", "", "")) and not may_wait(Contradiction("dead-acting", "", ""))
    assert may_wait(Contradiction("flipped", "", "it tells a Costly success as costing nothing ('cleanly')"))
    assert not may_wait(Contradiction("flipped", "", "it tells a failure ('missed')"))


def test_the_editors_own_reading_lets_a_cost_told_later_answer_without_a_sound():
    outcome = {"kind": "outcome", "name": "Ann", "success": True, "fallout_name": "Costly", "lost_item": "lamp"}
    g = Gate(lambda t: read(t, [outcome]), may_wait)
    shown = g.feed("Ann slips through the gap without a sound. On the far side the lamp is gone from her belt, "
                   "lost in the dark. Ann does not look back.", final=True)
    assert len(shown) == 3 and g.whole


def guarded(n, refuse: str):
    """``n`` with a reading that refuses any text with ``refuse`` in it (as the teller's does)."""
    def guard(text, prompt="", kept=(), most=None):
        return [Contradiction("stranger", text, f"it tells {refuse} as acting")] if refuse in text else []
    guard.waits = may_wait
    guard.untold = lambda text: []
    n.guard = guard
    return n


def test_the_first_sentence_is_shown_before_the_reply_is_whole(config, tmp_path):  # noqa: F811
    """On the server's clock: the first sentence reaches the screen while the rest is still on
    its way (held whole, nothing would show before the last piece), and a sentence refused never
    reaches it."""
    config(first_text_timeout=4.0, request_timeout=60.0, min_rate=0, stall=10.0)
    pieces = ["The ", "door ", "creaks. ", "Mr. ", "Johnson ", "steps ", "out. ", "Then ", "nothing ", "moves."]
    notices: list[str] = []
    clock = FakeClock()
    with FakeServer("slowstart", pieces=pieces, delay=1.0, every=1.0, clock=clock) as srv:
        n = guarded(narrator(srv.url, tmp_path, notices, clock=clock), "Johnson")
        seen = [(chunk, clock.now()) for chunk in n.narrate(beats()[0])]
    assert [c for c, _ in seen] == ["The door creaks. ", "Then nothing moves. "]
    assert seen[0][1] == pytest.approx(4.0)  # shown when "Mr." came, at 4 s; the reply ends at 10 s
    assert all("Johnson" not in c for c, _ in seen)
    assert n.usage["kept"] == 0 and n.usage["trimmed"] == 1 and "set aside" in notices[0]


def test_what_the_shown_part_leaves_untold_the_templates_tell(tmp_path):
    from .test_llm_faults import narrator as plain

    notices: list[str] = []
    with FakeServer("ok", pieces=["The door creaks. ", "Mr. Johnson waits."]) as srv:
        n = guarded(plain(srv.url, tmp_path, notices), "Johnson")
        n.guard.untold = lambda text: [0]
        beat = beats()[0]
        told = list(n.narrate(beat))
    assert told == ["The door creaks. ", expected_templates()[0]]  # then the beat as the templates tell it
    assert any("the templates tell the rest" in x for x in notices)


def test_a_notice_said_while_a_paragraph_streams_goes_on_a_line_of_its_own():
    """A sentence set aside is said once what was shown of the reply is on screen: the shell
    ends the streamed line first (a notice run on after "Who goes?" is caught)."""
    from tests.repl.conftest import make_shell, output

    sh = make_shell()
    sh.out("stream", "Ann goes first. ")
    sh.out("stream", "Who goes? ")
    sh.out("notice", "one part of the model's reply was set aside")
    sh.out("stream-end", "")
    sh.out("stream", "Ann runs.")
    sh.out("stream-end", "")
    lines = [ln.strip() for ln in output(sh).splitlines() if ln.strip()]
    assert lines[-3:] == ["Ann goes first. Who goes?", "one part of the model's reply was set aside", "Ann runs."]
