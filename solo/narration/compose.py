"""The composer: one line kept per slot of a rendered template, and the night's memory of what
was told, so no sentence is told twice in a night and no frame or six-word run too often.

A beat template renders *slots*: a line ``§name`` (or ``§name?`` for a slot that may be left
out) followed by its candidate lines. :func:`compose` keeps one candidate per slot, starting
from a seeded position and skipping any candidate with a sentence the night has already
heard; :func:`remember` counts a text as told.
"""

from __future__ import annotations

import hashlib
import re
from bisect import bisect_left
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from typing import Any

from solo.world.pronouns import PRONOUN_WORD

from .base import strip_control

def _tidy(text: str) -> str:
    return _close_up(" ".join(strip_control(text).split()))


def _close_up(line: str) -> str:
    """``line`` (its spaces collapsed, so one space is the only space) without the space
    before its punctuation: what a pattern of spaces then a mark, replaced by the mark, leaves."""
    return _SPACE_MARK.sub("", line) if " " in line else line


# a space before a mark: removing each such space in one pass leaves what replacing " ." by
# ".", then " ,", … would (a removal joins a mark to a letter, never a space to a mark)
_SPACE_MARK = re.compile(r" (?=[.,;:!?])")


# ---------------------------------------------------------------------- composing

_SENTENCE_END = re.compile(r"(?<=[.!?…])[\"”’)]*\s+(?=[\"“(]?[A-Z0-9])")
_AGAIN = ("Again, ", "Once more, ", "Then, ", "This time, ", "Just as before, ", "And then, ", "Somehow, ",
          "Meanwhile, ", "By now, ", "Even so, ")
#: First words that lose their capital after an opener ("Again, the door gives.").
_LOWER = frozenset("The A An It It's Its This That There Something Someone Somewhere Nobody No Not Every Everything "
                   "Everyone Your You One Two Three Four Small Clean But And Barely Perfect Whatever Glass Wood Rain "
                   "Steady Brute Stay Somehow Nothing Heavy Moonlight Broken Far Even All Only".split())


def sentences(text: str) -> list[str]:
    """``text`` split into sentences (a full stop, ! or ? followed by a capital)."""
    return list(_sentences(text))


@lru_cache(maxsize=8192)
def _sentences(text: str) -> tuple[str, ...]:
    """``text``'s sentences (:func:`sentences`), each with its spaces collapsed (one space
    between words, none at either end): what the readers below rely on."""
    line = " ".join(text.split())
    if _SENTENCE_BREAK.search(line) is None:  # one sentence (most lines): no split to make
        return (line,) if line else ()
    return tuple(s.strip() for s in _SENTENCE_END.split(line) if s.strip())


# where _SENTENCE_END splits, its mark included: it opens on the mark, so it is found sooner
_SENTENCE_BREAK = re.compile(r"[.!?…][\"”’)]*\s+(?=[\"“(]?[A-Z0-9])")
#: What :func:`norm` strips from a sentence's end, and what a question may end with after its "?".
_NORM_END = ".!?…\"”’ "
_CLOSERS = "\"”’)"


def is_question(sentence: str) -> bool:
    """A director's short question ("What do you do, Eddie?"): free to repeat."""
    return sentence.rstrip(_CLOSERS).endswith("?") and len(sentence.split()) <= 10


@lru_cache(maxsize=16384)
def norm(sentence: str) -> str:
    """``sentence`` as the no-repeat memory keeps it: lower case, spaces collapsed, no end
    marks or closing quotes."""
    return " ".join(sentence.lower().split()).rstrip(_NORM_END)


def counted(sentence: str) -> bool:
    """Sentences the no-repeat rule counts: 13 characters or more, not a short question."""
    return len(sentence) >= 13 and not is_question(sentence)


def _fresh(text: str, used: set[str]) -> bool:
    return used.isdisjoint(_told(text))


@lru_cache(maxsize=16384)
def _told(text: str) -> tuple[str, ...]:
    """The normalised sentences of ``text`` the no-repeat rule counts."""
    # a sentence of _sentences has one space between words and none at its ends (lower case
    # adds no space): norm is its lower case stripped, is_question's word count its spaces + 1
    told = []
    for s in _sentences(text):
        if len(s) >= 13 and not (s.count(" ") < 10 and s.rstrip(_CLOSERS).endswith("?")):
            told.append(s.lower().rstrip(_NORM_END))
    return tuple(told)


# ``\d+``, written to open on a digit: found sooner
_DIGITS = re.compile(r"\d\d*")
_ASCII_DIGITS = b"0123456789"


def _mask_digits(sentence: str, mark: str) -> str:
    """``_DIGITS.sub(mark, sentence)``: an ASCII sentence with no digit (most lines) is returned
    as it is, found so without the pattern (an ASCII digit is 0-9)."""
    if sentence.isascii() and len(sentence.encode().translate(None, _ASCII_DIGITS)) == len(sentence):
        return sentence
    return _DIGITS.sub(mark, sentence)

#: How often one frame (a sentence's first five words, names and numbers masked) may open a
#: sentence in a night while the slot has other candidates.
FRAME_LIMIT = 3
# a capital at a word's start (``\b[A-Z]``), written to open on the capital: found sooner
_CAPITAL = re.compile(r"[A-Z](?<!\w[A-Z])[\w'’-]*")


@lru_cache(maxsize=16384)
def frame(sentence: str) -> str | None:
    """A sentence's frame: its first five words with names, places and numbers masked
    ("Sid, what do you do?" and "Pam, what do you do?" share one)."""
    words = norm(_DIGITS.sub("n", _CAPITAL.sub("x", sentence))).split()
    return " ".join(words[:5]) if len(words) >= 5 else None


def _frames(text: str) -> tuple[str, ...]:
    """The keys of ``text``'s frames in the night's memory (``§frame|…|``), one a sentence that has one."""
    return _frame_keys(text)[0]  # read and kept with their limit's


def _uses(key: str, used: set[str]) -> int:
    """How often ``key`` was counted: its entries 1 … n, found by doubling then halving."""
    if f"{key}1" not in used:
        return 0
    low, high = 1, 2
    while f"{key}{high}" in used:
        low, high = high, high * 2
    while high - low > 1:  # key{low} is in, key{high} is not
        mid = (low + high) // 2
        if f"{key}{mid}" in used:
            low = mid
        else:
            high = mid
    return low


def _frames_free(text: str, used: set[str]) -> bool:
    # a count is kept as its keys 1, 2 … n: with no key at the limit, every count is below it
    keys, at = _frame_keys(text)
    return used.isdisjoint(at) or all(_uses(f, used) < FRAME_LIMIT for f in keys)


@lru_cache(maxsize=16384)
def _at(keys: tuple[str, ...], limit: int) -> tuple[str, ...]:
    """``keys`` (a text's frames or runs) as their entries at the ``limit``-th use."""
    return tuple(f"{k}{limit}" for k in keys)


def _remember_frames(text: str, used: set[str]) -> None:
    for f in _frames(text):
        used.add(f"{f}{_uses(f, used) + 1}")


#: How often one masked six-word run may be told in a night (in that many sentences) while the
#: slot has other candidates; past :data:`RUN_CEILING`, a frame repeats rather than the run.
RUN_LIMIT = 3
RUN_CEILING = 5
RUN_WORDS = 6
# a capitalised word not first in its text nor after a full stop: ``(?<!^)(?<![.!?] )\b[A-Z][a-z'’]+``,
# written to open on the capital (found sooner)
_NOT_FIRST_CAPITAL = re.compile(r"[A-Z](?<!^[A-Z])(?<![.!?] [A-Z])(?<!\w[A-Z])[a-z'’]+")


@lru_cache(maxsize=256)
def _whole_word(name: str) -> re.Pattern:
    return re.compile(r"\b" + re.escape(name) + r"\b")


def runs(sentence: str, names: Sequence[str] = ()) -> frozenset[str]:
    """A sentence's masked six-word runs: the cast's ``names``, numbers and other capitalised
    words (not the first) masked, so "Sid comes out of it with a limp" and "Pam comes out of it
    with a limp" share theirs."""
    return _runs(sentence, tuple(names))


@lru_cache(maxsize=16384)
def _runs(sentence: str, names: tuple[str, ...]) -> frozenset[str]:
    return _masked_runs(sentence, names)


def _mask_names(sentence: str, names: Sequence[str], mark: str) -> str:
    """``sentence`` with each of the cast's ``names`` (a whole word) put as ``mark``."""
    for n in names:
        if n in sentence:
            sentence = _whole_word(n).sub(mark, sentence)
    return sentence


def _masked_runs(sentence: str, names: tuple[str, ...]) -> frozenset[str]:
    """:func:`runs`, not kept: a sentence is mostly read in one text only."""
    sentence = _mask_digits(_mask_names(sentence, names, "NAME"), "N")
    if not sentence[1:].islower():  # else no capital after the first letter: none to mask
        sentence = _NOT_FIRST_CAPITAL.sub("CAP", sentence)
    w = sentence.lower().split()
    # each run's words, in order: w[k], w[k + 1] … w[k + RUN_WORDS - 1]
    return frozenset(map(" ".join, zip(*map(w.__getitem__, _RUN_TAILS))))


_RUN_TAILS = tuple(slice(k, None) for k in range(RUN_WORDS))  # a run's k-th word: w[k:][i]


def _text_runs(text: str, names: tuple[str, ...]) -> tuple[str, ...]:
    """The keys of ``text``'s runs in the night's memory (``§run|…|``), sentence by sentence
    (a run two sentences share, twice)."""
    return _run_keys(text, names)[0]  # read and kept with their limit's


def _runs_below(text: str, used: set[str], names: Sequence[str], limit: int = RUN_LIMIT) -> bool:
    keys, at = _run_keys(text, tuple(names))
    if limit != RUN_LIMIT:
        at = _at(keys, limit)
    return used.isdisjoint(at) or all(_uses(r, used) < limit for r in keys)


@lru_cache(maxsize=16384)
def _run_keys(text: str, names: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """``text``'s run keys (:func:`_text_runs`), and the same at their :data:`RUN_LIMIT`-th use."""
    # a sentence of fewer than RUN_WORDS words (its spaces + 1; masking joins, never parts,
    # words) has no run
    runs = [r for s in _sentences(text) if s.count(" ") >= RUN_WORDS - 1 for r in _masked_runs(s, names)]
    return tuple(f"§run|{r}|" for r in runs), tuple(f"§run|{r}|{RUN_LIMIT}" for r in runs)


@lru_cache(maxsize=16384)
def _frame_keys(text: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """``text``'s frame keys (:func:`_frames`), and the same at their :data:`FRAME_LIMIT`-th use."""
    keys, at = [], []
    for s in _sentences(text):
        words = s.split(" ", 5)  # the first five words, and the rest
        if len(words) == 6 and words[5].rstrip(_NORM_END):
            # the rest has a character norm keeps (masking and lower case leave one there), so
            # what norm strips is all in it: the frame is the first five words masked (each
            # mask lies inside one word)
            f = _mask_digits(_CAPITAL.sub("x", s[:len(s) - len(words[5]) - 1]), "n").lower()
        elif len(words) >= 5:  # :func:`frame`, its norm as in _told (masking joins no words)
            words = _mask_digits(_CAPITAL.sub("x", s), "n").lower().rstrip(_NORM_END).split()
            if len(words) < 5:
                continue
            f = " ".join(words[:5])
        else:
            continue
        keys.append(f"§frame|{f}|")
        at.append(f"§frame|{f}|{FRAME_LIMIT}")
    return tuple(keys), tuple(at)


def _runs_told_share(text: str, used: set[str], names: Sequence[str]) -> float:
    """The share of ``text``'s six-word runs told already (0 for a text too short to have one)."""
    runs = _text_runs(text, tuple(names))
    return sum(1 for r in runs if _uses(r, used)) / len(runs) if runs else 0.0


def _most_run_uses(text: str, used: set[str], names: Sequence[str]) -> int:
    return max((_uses(r, used) for r in _text_runs(text, tuple(names))), default=0)


#: How often one sentence may be told in a night as a reader hears it (names, pronouns and
#: numbers masked, a lead-in before a comma dropped: "Again, Sid forces it." is "Sid forces it."
#: again, "Who goes?" is one question however often it is asked). Past it, a slot that may be
#: left out is; a required one takes a fresh line if it has one.
SAID_LIMIT = 4
#: The stock question, in any of its forms ("What do you do, Sid?", "So: what do you do, and
#: who does it?"), is asked at most this often in a night: a slot then asks another way.
STOCK_LIMIT = 3
_STOCK = re.compile(r"\bwhat do you do\b", re.IGNORECASE)
_STOCK_KEY = "§said|what do you do|"
_LEAD_IN = re.compile(r"^(?:[\w'’]+ ){0,2}[\w'’]+, (?=.{12})")


@lru_cache(maxsize=16384)
def _said_keys(text: str, names: tuple[str, ...]) -> tuple[str, ...]:
    """The keys of ``text``'s sentences as a reader hears them (see :data:`SAID_LIMIT`)."""
    keys = []
    for s in _sentences(text):
        s = _LEAD_IN.sub("", PRONOUN_WORD.sub("P", _mask_digits(_mask_names(s, names, "N"), "n")))
        keys.append(f"§said|{norm(s)}|")
        if _STOCK.search(s):
            keys.append(_STOCK_KEY)
    return tuple(keys)


def _said_out(text: str, used: set[str], names: tuple[str, ...]) -> bool:
    """Has a sentence of ``text`` been told :data:`SAID_LIMIT` times already (the stock
    question :data:`STOCK_LIMIT` times)?"""
    keys = _said_keys(text, names)
    return not used.isdisjoint(_at(keys, SAID_LIMIT)) or (_STOCK_KEY in keys and f"{_STOCK_KEY}{STOCK_LIMIT}" in used)


def remember(text: str, used: set[str], names: Sequence[str] = ()) -> None:
    """Count ``text``'s sentences, frames and six-word runs as told (a line the player said,
    too: the night's prose is one)."""
    used.update(_told(text))
    for k in _said_keys(text, tuple(names)):
        used.add(f"{k}{_uses(k, used) + 1}")
    for r in _text_runs(text, tuple(names)):
        used.add(f"{r}{_uses(r, used) + 1}")
    _remember_frames(text, used)


@lru_cache(maxsize=16384)
def _slot_line(raw: str) -> str:
    """A rendered line, its spaces collapsed; a candidate's, no space before its punctuation
    too (the whole text is tidied once, at the end)."""
    if not raw.startswith(" ") and _UNTIDY(raw) is None:
        return raw  # one space between words, none at the end nor before a mark: as it is (most)
    line = " ".join(raw.split())
    return line if not line or line[0] == "§" or line == "~" else _close_up(line)


# a space that is not a plain space, or is followed by a space, a mark or the end
_UNTIDY = re.compile(r"\s(?:(?<! )|(?=[\s.,;:!?]|\Z))").search


def _slots(rendered: str) -> list[tuple[str, str, list[str], int]]:
    """(name, flags, candidates, fallback) per slot: flags "?" (may be left out), "!" (short
    lines too are kept from repeating while there are others: questions, openers), "1" (each
    line told once a night as a reader hears it: the stock build-ups of a scene); a line
    "~" ends the slot's first choices: the candidates from ``fallback`` on are told only when
    every first choice has been."""
    slots: list[tuple[str, str, list[str], int]] = []
    cands: list[str] = []
    seen: set[str] = set()
    fallback = -1
    name = flags = None
    for line in map(_slot_line, rendered.splitlines()):
        if not line:
            continue
        if line[0] == "§":
            if name is not None:
                slots.append((name, flags, cands, len(cands) if fallback < 0 else fallback))
            name = line[1:].strip()
            flags = name[len(name.rstrip("?!*1")):]
            name = name.rstrip("?!*1")
            cands, seen, fallback = [], set(), -1
        elif name is None:  # lines before any slot: a slot with no name, this its first line
            name, flags = "", ""
            seen.add(line)
            cands.append(line)
        elif line == "~":
            fallback = len(cands)
        elif line not in seen:
            seen.add(line)
            cands.append(line)
    if name is not None:
        slots.append((name, flags, cands, len(cands) if fallback < 0 else fallback))
    return slots


#: The night's pace (see docs/narration.md, "Pacing"): from the stage on, a slot prefers the
#: candidates whose every sentence is at most this many words, while it has one.
PACE = {"terror": 11, "finale": 9}


def pace(view: Mapping[str, Any] | None, kind: str = "") -> int | None:
    """The longest sentence a slot prefers at the night's stage (the finale from the Endgame
    on), or None: early in the night, the prose has room to breathe."""
    if not view:
        return None
    stage = "finale" if view.get("endgame") or kind == "endgame" else view.get("stage")
    return PACE.get(str(stage))


def _brief(text: str, most: int) -> bool:
    return _longest(text) <= most


@lru_cache(maxsize=16384)
def _longest(text: str) -> int:
    """The word count of ``text``'s longest sentence (0 for none)."""
    sents = _sentences(text)
    if len(sents) == 1:  # most lines
        return sents[0].count(" ") + 1  # spaces collapsed
    return max((s.count(" ") + 1 for s in sents), default=0)


def compose(rendered: str, key: tuple, used: set[str], fits: Callable[[str], bool] | None = None,
            names: Sequence[str] = (), brief: int | None = None, capped: bool = True,
            guard: Any = None, picked: dict[str, str] | None = None) -> str:
    """One candidate per slot of ``rendered`` (see :class:`TemplateNarrator`), none with a
    sentence in ``used``; the chosen sentences are added to ``used``. ``fits`` (a line →
    whether it fits where the group is) leaves out the lines that do not, while a slot has
    others. Frames and six-word runs (``names`` masked) vary too: a candidate that would tell
    a frame more than :data:`FRAME_LIMIT` times or a run more than :data:`RUN_LIMIT` times is
    told only when its slot has nothing else, and a slot that may be left out is left out
    instead. ``brief`` (the night's :func:`pace`): among the candidates left, those with no
    sentence longer than that many words come first. ``capped``: no sentence told more than
    :data:`SAID_LIMIT` times as a reader hears it while the slot has another (not for the
    director's answers, decided word for word: "No." is the answer as often as it is).
    ``guard`` (the night's lines and veils, :class:`_Guard`): no candidate that crosses a line is
    told; a required slot whose choice would show a veil is told as a fade, and one left with no
    candidate by the beat's plain line (once a beat). ``picked``, when given, is filled with
    each slot's chosen line by the slot's name."""
    chosen: list[str] = []
    faded = lost = None  # where the fade, or the plain line, goes among the chosen
    for name, flags, cands, fallback in _slots(rendered):
        if fits is not None:
            kept = [i for i, c in enumerate(cands) if fits(c)]
            if kept or "?" in flags:
                fallback = bisect_left(kept, fallback)  # the first choices kept (kept is in order)
                cands = [cands[i] for i in kept]
        if not cands:
            continue
        first, rest = cands[:fallback] or cands, cands[fallback:] if fallback else []
        start = _hash(key, name) % len(first)
        order = first[start:] + first[:start] + rest
        if guard is not None:  # the same order, without what crosses a line
            order = [c for c in order if not guard.line(c)]
            if guard.veiling and order:
                natural = _slot_pick(order, used, flags, names, brief, capped) if faded is None and "?" not in flags \
                    else None
                if natural is not None and guard.veil(natural):
                    faded = len(chosen)  # what would be told shows a veil: the beat is told as a fade
                    continue
                order = [c for c in order if not guard.veil(c)]
            if not order:
                if "?" not in flags and lost is None:
                    lost = len(chosen)
                continue
        if "*" in flags:  # set pieces: each told before any is told again (its frames share its runs)
            pick_ = _least_worn(order, used, flags, names, brief, capped)
        else:
            pick_ = _choose(order, used, flags, names, brief, capped)
        if pick_ is not None and "!" in flags:
            used.add("!" + norm(pick_))
        if pick_ is None and "?" not in flags:
            pick_ = _least_said(order, used, tuple(names)) if "!" in flags and all(map(is_question, order)) \
                else _again(order, used, names)
        if guard is not None and pick_ is not None and guard.touches(pick_):  # an opener added to it
            pick_ = None
            if "?" not in flags and lost is None:
                lost = len(chosen)
        if pick_ is None:
            continue
        remember(pick_, used, names)
        chosen.append(pick_)
        if picked is not None:
            picked[name] = pick_
    if guard is not None and (faded is not None or lost is not None):
        line = guard.plain(used, fade=faded is not None, names=names)
        if line:
            remember(line, used, names)
            chosen.insert(faded if faded is not None else lost, line)
    return _tidy(" ".join(chosen))


def _slot_pick(order: list[str], used: set[str], flags: str, names: Sequence[str], brief: int | None,
               capped: bool) -> str | None:
    """The slot's line from ``order`` (read only: nothing is remembered): the choice, or for a
    required slot with no fresh candidate, the question heard least or the line opened again."""
    if "*" in flags:  # set pieces: each told before any is told again (its frames share its runs)
        pick_ = _least_worn(order, used, flags, names, brief, capped)
    else:
        pick_ = _choose(order, used, flags, names, brief, capped)
    if pick_ is None and "?" not in flags:
        pick_ = _least_said(order, used, tuple(names)) if "!" in flags and all(map(is_question, order)) \
            else _again(order, used, names)
    return pick_


def _choose(order: list[str], used: set[str], flags: str, names: Sequence[str] = (),
            brief: int | None = None, capped: bool = True) -> str | None:
    """The slot's candidate, or None when none is fresh (no sentence told) or the slot (``?``)
    is better left out. Preferred: fresh, no run told :data:`RUN_LIMIT` times, frames free;
    with none such, a slot that may be left out is, and another takes a fresh one whose runs
    are below :data:`RUN_LIMIT`, else below :data:`RUN_CEILING`, else the least worn. Among
    those, ``brief`` ones first (:func:`pace`), and in a ``!`` slot the first whose whole line
    is untold. Candidates are looked at only as far as the choice needs: the first that is
    preferred on every count is the choice."""
    bang = "!" in flags
    names = tuple(names)
    fresh: list[str] = []  # no sentence told
    new_runs: list[str] = []  # and no run told RUN_LIMIT times: runs, not only sentences, vary
    free: list[str] = []  # and frames
    once = "1" in flags
    for c in order:
        if not used.isdisjoint(_told(c)) or (capped and _said_out(c, used, names)) or (
                once and not used.isdisjoint(_at(_said_keys(c, names), 1))):
            continue
        fresh.append(c)
        if not _runs_below(c, used, names):
            continue
        new_runs.append(c)
        if not _frames_free(c, used):
            continue
        free.append(c)
        if (not bang or "!" + norm(c) not in used) and (not brief or _longest(c) <= brief):
            return c  # the usual case: good on every count, early in the order
    if free or "?" in flags:  # a slot that may be left out is, rather than repeat a frame or a run
        fresh = free
    else:
        fresh = (new_runs or [c for c in fresh if _runs_below(c, used, names, RUN_CEILING)]
                 or sorted(fresh, key=lambda c: _most_run_uses(c, used, names)))  # the least worn
    if brief:
        fresh = [c for c in fresh if _brief(c, brief)] + [c for c in fresh if not _brief(c, brief)]
    if bang:  # short lines too: the untold first
        return next((c for c in fresh if "!" + norm(c) not in used), fresh[0] if fresh else None)
    return fresh[0] if fresh else None


def _least_worn(order: list[str], used: set[str], flags: str, names: Sequence[str] = (),
                brief: int | None = None, capped: bool = True) -> str | None:
    """:func:`_choose` for a slot of set pieces (``*``): among the candidates whose runs have
    been told least, however long or worn their frames; the next least only when none of
    those is fresh."""
    uses: dict[tuple, list[str]] = {}
    for c in order:  # a run told past its limit comes last; then a piece told before, in another frame
        most = _most_run_uses(c, used, names)
        uses.setdefault((most >= RUN_LIMIT, _runs_told_share(c, used, names) > 0.5, most), []).append(c)
    tiers = [uses[k] for k in sorted(uses)]
    for k, tier in enumerate(tiers):
        last = k == len(tiers) - 1
        pick_ = _choose(tier, used, flags if last else flags.replace("?", ""), names, brief, capped)
        if pick_ is not None:
            return pick_
    return None


def _least_said(order: list[str], used: set[str], names: tuple[str, ...]) -> str:
    """A required question whose every line has been told as often as it may be: the one a
    reader has heard least (the stock question last), asked again as it was."""
    def worn(c: str) -> tuple[int, int]:
        keys = _said_keys(c, names)
        return (_STOCK_KEY in keys, max((_uses(k, used) for k in keys), default=0))

    return min(order, key=worn)


def _again(order: list[str], used: set[str], names: Sequence[str] = ()) -> str:
    """A required slot whose every line has been told: the same beat, opened another way
    ("Again, Eddie heaves, and nothing moves."; "Again, with a grunt, Dex forces it.")."""
    for opener in _AGAIN:
        for base in order:
            head, _, rest = base.partition(" ")  # names and "I" keep their capital
            bare = re.sub(r"(?:['’]s?)?\W*$", "", head)
            if names:  # the cast known: any other first word is a common one ("with a grunt"), or a place's
                keep = bare in names or bare == "I" or (bare not in _LOWER and rest[:1].isupper())
            else:
                keep = bare not in _LOWER
            text = opener + (head if keep else head[:1].lower() + head[1:]) + (" " + rest if rest else "")
            if _fresh(text, used):
                return text
    return order[0]


def _hash(key: tuple, name: str) -> int:
    digest = hashlib.blake2b(repr((key, name)).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")

