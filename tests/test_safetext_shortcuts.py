"""The edge and the door return a text as it is when there is nothing in it to remove
(solo/safetext.py looks for that first): the same result as taking it through every step,
on texts made of the characters each step is about."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from solo import safetext
from solo.safetext import _CONTROLS, _CSI, _ESC, _STRING_SEQ, _drop_invisible, _invisible, strip_control


def every_step_strip(text: str) -> str:
    if not text:
        return ""
    for pattern in (_STRING_SEQ, _CSI, _ESC, _CONTROLS):
        text = pattern.sub("", text)
    return text


def every_step_drop(text: str, separators: str = "") -> str:
    out = []
    for ch in text:
        if ch in "\u2028\u2029":
            out.append(separators)
        elif not _invisible(ch):
            out.append(ch)
    return "".join(out)


PIECES = ["a", "Zoë", "“quoted” — yes…", "\n", "\t", "\r", "\x1b", "\x1b[31m", "\x1b]0;t\x07", "\x9b2J", "\x90x\x9c",
          "\x00", "\x7f", "\u200b", "\u200d", "\u200e", "\u202e", "\u2066", "\u2028", "\u2029", "\ufeff", "\u00ad",
          "\u00a0", "\ue000", "\U000e0041", "😀", "\ud800", " "]
TEXTS = st.lists(st.sampled_from(PIECES) | st.text(max_size=3), max_size=12).map("".join)


@settings(max_examples=500, deadline=None)
@given(TEXTS)
def test_strip_control_is_every_step(text):
    assert strip_control(text) == every_step_strip(text)


@settings(max_examples=500, deadline=None)
@given(TEXTS, st.sampled_from(["", " ", "\n"]))
def test_dropping_the_invisible_is_every_step(text, separators):
    assert _drop_invisible(text, separators) == every_step_drop(text, separators)


def test_a_plain_text_comes_back_itself():
    text = "Iris runs for the boathouse — “now!”\n\tThe door gives."
    assert safetext.safe(text) is text


@settings(max_examples=1000, deadline=None)
@given(TEXTS)
def test_unsafe_reason_is_every_check(text):
    """A printable text is passed at once (str.isprintable: no control, format, surrogate or
    separator character): the same answer as every check gives."""
    assert safetext.unsafe_reason(text) == safetext._every_check(text)
