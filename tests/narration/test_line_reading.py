"""How a candidate line is read (docs/narration.md, "Writing a template"): its slot line, its
sentences, the sentences the no-repeat rule counts, its frames, its six-word runs, its longest
sentence, and whether it fits the place. Each reader is checked against a plain reading of its
definition, written here word by word, over generated lines mixing words, names, capitals,
digits, punctuation and odd whitespace."""

from __future__ import annotations

import re

from hypothesis import example, given, settings
from hypothesis import strategies as st

from solo.world import places
from solo.narration import compose as t

# ---------------------------------------------------------------------- plain readings

MARKS = ".!?…"
CLOSERS = "\"”’)"
OPENERS = "\"“("
NORM_END = ".!?…\"”’ "
UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
DIGITS = "0123456789"


def plain_sentences(text: str) -> tuple[str, ...]:
    """Spaces collapsed; a sentence ends at a full stop, !, ? or … that is followed (after any
    closing quotes or brackets, which go with the break) by a space and then a capital or a
    digit, an opening quote or bracket allowed before it."""
    line = " ".join(text.split())
    out, start, i = [], 0, 0
    while i < len(line):
        if line[i] in MARKS:
            j = i + 1
            while j < len(line) and line[j] in CLOSERS:
                j += 1
            k = j
            while k < len(line) and line[k].isspace():
                k += 1
            nxt = k + 1 if k < len(line) and line[k] in OPENERS else k
            if k > j and nxt < len(line) and (line[nxt] in UPPER or line[nxt] in DIGITS):
                out.append(line[start:i + 1])
                start = i = k
                continue
        i += 1
    out.append(line[start:])
    return tuple(s.strip() for s in out if s.strip())


def plain_norm(sentence: str) -> str:
    low = " ".join(sentence.lower().split())
    while low and low[-1] in NORM_END:
        low = low[:-1]
    return low


def plain_told(text: str) -> tuple[str, ...]:
    """Sentences of 13 characters or more that are not short questions (a ? at the end, closers
    aside, and ten words at most), normalised."""
    def question(s: str) -> bool:
        return s.rstrip(CLOSERS).endswith("?") and len(s.split()) <= 10
    return tuple(plain_norm(s) for s in plain_sentences(text) if len(s) >= 13 and not question(s))


def plain_frame(sentence: str) -> str | None:
    """Capitalised words (a capital opening a word) → x, numbers → n, normalised; the first
    five words, when there are five."""
    masked = re.sub(r"\d+", "n", re.sub(r"\b[A-Z][\w'’-]*", "x", sentence))
    words = plain_norm(masked).split()
    return " ".join(words[:5]) if len(words) >= 5 else None


def plain_runs(sentence: str, names: tuple[str, ...]) -> frozenset[str]:
    """Names (whole words) → NAME, numbers → N, a capitalised word not first in the sentence nor
    after a full stop → CAP; every six consecutive words, lower case."""
    for n in names:
        if n in sentence:
            sentence = re.sub(r"\b" + re.escape(n) + r"\b", "NAME", sentence)
    sentence = re.sub(r"\d+", "N", sentence)
    sentence = re.sub(r"(?<!^)(?<![.!?] )\b[A-Z][a-z'’]+", "CAP", sentence)
    w = sentence.lower().split()
    return frozenset(" ".join(w[k:k + 6]) for k in range(len(w) - 5))


def plain_slot_line(raw: str) -> str:
    """Spaces collapsed; no space before a , ; : ! ? or . (slot heads and "~" as they are)."""
    line = " ".join(raw.split())
    if not line or line[0] == "§" or line == "~":
        return line
    return "".join(c for i, c in enumerate(line) if not (c == " " and line[i + 1:i + 2] in tuple(".,;:!?")))


def plain_said(words: tuple[str, ...], text: str) -> str | None:
    """The first of ``words`` the text says, whole words, any case."""
    m = re.search(r"\b(?:" + "|".join(map(re.escape, words)) + r")\b", text, re.I)
    return m.group(0).lower() if m else None


# ---------------------------------------------------------------------- generated lines

PIECES = st.sampled_from([
    "the", "door", "gives", "and", "nothing", "moves", "Sid", "Pam", "Mary Ann", "Sidney", "Eddie's", "The", "It",
    "Again", "O'Neil", "well-lit", "3", "12", "4th", "٣", "A1", "x9B", "the attic", "the woods", "Hallway",
    "between the trees", "the STAIRS", "campfires", "atticus", "in the room", "second floor", "Kelvin", "\u212a",
    "İz", "ſ", "é", ".", "!", "?", "…", ",", ";", ":", "\"", "“", "”", "’", "‘", "(", ")", "—", "-", "§", "~",
])
GAPS = st.sampled_from(["", " ", " ", " ", "  ", "\t", "\n", "\u00a0", " . ", "? ", ". ", "!” ", ".) ", "… "])


@st.composite
def lines(draw) -> str:
    parts = draw(st.lists(st.tuples(PIECES, GAPS), max_size=24))
    return draw(GAPS) + "".join(p + g for p, g in parts)


# lines as templates write them: one space between words, mostly lower case, a mark now and
# then (its own word or ending one)
TIDY = st.sampled_from(["the", "door", "gives", "and", "nothing", "moves", "out", "into", "night", "a", "dog", "went",
                        "the attic", "the door frame", "Sid", "Sam", "3", "?", ".", ",", "!", ";", ":", "…", "door.",
                        "out?", "“Sam", "(Sam", "\"Sam", "Sam's", "Pam.", "night!”", "aB", "hallway", "the trees"])


@st.composite
def tidy_lines(draw) -> str:
    return " ".join(draw(st.lists(TIDY, min_size=1, max_size=16)))


NAMES = st.sampled_from([(), ("Sid", "Pam"), ("Mary Ann", "Ann"), ("Eddie", "Vic", "Kit")])
HARD = ["", " ", "...", "?!", "…", "“”", "a  .  B", "Sid walks. Pam runs!  Then 3 dogs bark? “Yes.” He said. (Run.) 4 men.",
        "What do you do, Eddie?", "One two three four five six seven eight nine ten?", "a b c d . . .",
        "12 34 ٣٤ 5a A5 9A a9B", "Sidney and Sid, Sid's SID sid.", "İstanbul İ. The İİİ", "\u212a the \u212aitchen"]


def _fresh() -> None:
    """Every reader cache emptied: each example is read for the first time."""
    for f in (t._sentences, t._told, t._frame_keys, t._run_keys, t._longest, t._runs, places._says_wild, places._says_outside,
              t.frame, t.norm, t._slot_line, places._inside):
        f.cache_clear()


@settings(max_examples=600, deadline=None)
@given(st.one_of(lines(), tidy_lines()), NAMES)
@example("Sid walks. Pam runs!  Then 3 dogs bark? “Yes.” He said. (Run.) 4 men.", ("Sid", "Pam"))
@example("He said “Stop.” Then he ran out of the house with the 2 dogs behind him.", ("Mary Ann",))
@example("Mary Ann and Ann go up the second floor. Ann runs, then Mary Ann runs with a limp.", ("Mary Ann", "Ann"))
@example("“Sam went out into the night with the dog", ())
@example("the door gives and nothing moves ?", ())
def test_a_line_is_read_as_its_plain_definitions_read_it(text, names):
    _fresh()
    assert t._slot_line(text) == plain_slot_line(text)
    sents = plain_sentences(text)
    assert t._sentences(text) == sents and t.sentences(text) == list(sents)
    assert t._told(text) == plain_told(text)
    frames = tuple(f"§frame|{f}|" for f in map(plain_frame, sents) if f is not None)
    assert t._frames(text) == frames
    assert t._frame_keys(text) == (frames, tuple(k + str(t.FRAME_LIMIT) for k in frames))
    assert [t.frame(s) for s in sents] == [plain_frame(s) for s in sents]
    runs = tuple(f"§run|{r}|" for s in sents for r in plain_runs(s, names))
    assert sorted(t._text_runs(text, names)) == sorted(runs)
    keys, at = t._run_keys(text, names)
    assert sorted(keys) == sorted(runs) and at == tuple(k + str(t.RUN_LIMIT) for k in keys)
    assert [t.runs(s, names) for s in sents] == [plain_runs(s, names) for s in sents]
    assert t._longest(text) == max((len(s.split()) for s in sents), default=0)


@settings(max_examples=600, deadline=None)
@given(st.one_of(lines(), tidy_lines()), st.booleans(), st.booleans(), st.booleans(),
       st.sampled_from([(), ("the attic crawlspace",), ("the woods, by the lake", "The Hallway")]))
def test_a_line_fits_the_place_as_the_plain_reading_of_the_words_says(text, wild, indoors, outdoors, where):
    _fresh()
    for words in (places.WILD_WORDS, places.OUTSIDE_WORDS, places.INSIDE_WORDS, ("Attic", "x y"), ("k", "é"),
                  ("the door", "the door frame", "the"), ("the door frame", "the", "the door")):
        assert places.said(words, text) == plain_said(words, text)
    inside = plain_said(places.INSIDE_WORDS, text)
    if inside is not None and where:
        low = text.lower()
        for p in sorted({q for p in where for q in (p, places.short_place(p))}, key=len, reverse=True):
            low = low.replace(p.lower(), " ")
        inside = plain_said(places.INSIDE_WORDS, low)
    assert places.inside_word(text, where) == inside
    expected = ((wild or plain_said(places.WILD_WORDS, text) is None)
                and not (indoors and plain_said(places.OUTSIDE_WORDS, text) is not None)
                and not (outdoors and inside is not None))
    assert places.fits(text, wild, indoors, outdoors, where) is expected


def test_the_hard_lines_read_as_their_plain_definitions():
    for text in HARD:
        _fresh()
        assert t._sentences(text) == plain_sentences(text), text
        assert t._told(text) == plain_told(text), text
        assert t._slot_line(text) == plain_slot_line(text), text
        assert t._frames(text) == tuple(f"§frame|{f}|" for f in map(plain_frame, plain_sentences(text)) if f), text
        for words in (places.WILD_WORDS, places.INSIDE_WORDS, ("k",)):
            assert places.said(words, text) == plain_said(words, text), text
