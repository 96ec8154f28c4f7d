"""strip_control: LLM text and player names must not drive the terminal."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solo.narration import strip_control

HOSTILE = [
    ("\x1b[2J\x1b[Hhello", "hello"),                                # clear screen, cursor home
    ("\x1b[31mred\x1b[0m plain", "red plain"),                     # colours
    ("\x1b[?1049hswap\x1b[?1049l", "swap"),                        # alternate screen
    ("\x1b]52;c;ZXZpbA==\x07after", "after"),                      # OSC 52 clipboard, BEL-terminated
    ("\x1b]52;c;ZXZpbA==\x1b\\after", "after"),                    # OSC 52, ST-terminated
    ("\x9d52;c;ZXZpbA==\x9cafter", "after"),                       # OSC 52, 8-bit
    ("\x1b]0;pwned title\x07text", "text"),                        # window title
    ("\x1b]8;;http://evil.example\x1b\\click\x1b]8;;\x1b\\", "click"),  # hyperlink
    ("\x1bP1$r0m\x1b\\dcs", "dcs"),                                # DCS query
    ("\x1b_apc payload\x1b\\ok", "ok"),                            # APC
    ("ding\x07dong", "dingdong"),                                  # bell
    ("abc\x08\x08\x08xyz", "abcxyz"),                              # backspace overwrite
    ("safe text\rEVIL", "safe textEVIL"),                          # carriage-return overwrite
    ("line one\r\nline two", "line one\nline two"),                # CRLF keeps the newline
    ("\x9b31mred\x9b0m", "red"),                                   # C1 CSI
    ("\x85next\x8dline\x9c", "nextline"),                          # other C1 controls
    ("\x1b(0lqk\x1b(B", "lqk"),                                    # charset switch
    ("\x1bcreset", "reset"),                                       # full reset (ESC c)
    ("\x1b7saved\x1b8", "saved"),                                  # save/restore cursor
    ("tail\x1b", "tail"),                                          # lone ESC
    ("cut \x1b[", "cut "),                                         # CSI cut off
    ("\x1b]52;c;AAAA unterminated", ""),                           # OSC swallows to the end
    ("del\x7fete", "delete"),                                      # DEL
    ("nul\x00l", "null"),                                          # NUL
    ("vt\x0bff\x0c", "vtff"),                                      # vertical tab, form feed
    ("\u202eevil\u202c \u2066iso\u2069", "evil iso"),              # bidi overrides / isolates
]


@pytest.mark.parametrize("hostile, clean", HOSTILE, ids=[f"hostile-{i}" for i in range(len(HOSTILE))])
def test_hostile_inputs_leave_printable_text(hostile, clean):
    assert strip_control(hostile) == clean


def test_keeps_ordinary_text():
    text = "Dana's flashlight dies.\n\tThe ♠ Killer waits — café, naïve, 日本語, 🔪"
    assert strip_control(text) == text


def test_empty():
    assert strip_control("") == ""


_BAD = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.characters(min_codepoint=0, max_codepoint=0x2100), max_size=60))
def test_never_leaves_a_control(text):
    out = strip_control(text)
    assert not _BAD.search(out)
    assert strip_control(out) == out


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from([h for h, _ in HOSTILE] + ["plain ", "words", " ♠ "]), max_size=6))
def test_mixtures_of_hostile_pieces(pieces):
    out = strip_control("".join(pieces))
    assert "\x1b" not in out and "\x07" not in out and "\r" not in out
    assert not _BAD.search(out)
