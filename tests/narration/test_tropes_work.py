"""The template judge's work is bounded: a playset's phrasings, however written, cost time
linear in the typed line and in the phrasings, never their product (issue: a playset of
phrasings with thousands of alternatives took minutes to judge one line)."""

from __future__ import annotations

import sys

import pytest

from solo.director.tropes import MAX_PHRASINGS, MAX_WORD, TemplateJudge, catalogue, parse_phrasing
from solo.play.files import MAX_PLAYSET_BYTES
from solo.play.text import MAX_LINE
from solo.playsets import read_playset

from .test_tropes import _playset_with


class Budget(Exception):
    """More lines of Python run than the budget allows (raised at once: a blow-up fails in
    seconds instead of running for minutes under the trace)."""


def lines_run(fn, *args, budget: int | None = None) -> int:
    """How many lines of Python ``fn(*args)`` executes (a count of work, not a time);
    :class:`Budget` as soon as they pass ``budget``."""
    count = 0

    def trace(frame, event, arg):
        nonlocal count
        if event == "line":
            count += 1
            if budget is not None and count > budget:
                raise Budget(f"more than {budget:,} lines of Python run")
        return trace

    sys.settrace(trace)
    try:
        fn(*args)
    finally:
        sys.settrace(None)
    return count


def alternatives(tropes) -> int:
    return sum(len(term) for t in tropes for p in t.phrasings for term in parse_phrasing(p))


def evil_setting(phrasings: int, alts: int) -> dict:
    """A trope whose phrasings each start with a word every word of the line begins ("a*")
    and go on with ``alts`` alternatives no word of the line matches."""
    given = ["a* " + "|".join(f"b{p}x{i}" for i in range(alts)) for p in range(phrasings)]
    return {"name": "evil", "tropes": ["x one", "x two", "x three"], "trope_phrasings": {"x one": given}}


@pytest.mark.parametrize("words, alts", [(100, 200), (400, 200), (100, 800)])
def test_judging_a_line_is_linear_in_the_line_and_the_phrasings(words, alts):
    tropes = catalogue(evil_setting(MAX_PHRASINGS, alts))
    judge = TemplateJudge()
    judge.match("warm up", tropes)  # a judge compiles each trope's phrasings once
    line = " ".join(["a"] * words)
    work = lines_run(judge.match, line, tropes)
    # a few lines per word of the line and per alternative of the phrasings, not per pair of them
    assert work <= 20 * (words + alternatives(tropes))


def test_a_playset_at_the_size_cap_judges_the_longest_line_quickly(tmp_path):
    """The worst phrasings a playset file can hold and the longest line a player can type
    (it took 66 s before: each of the line's words was tried against every alternative):
    the work is counted, not timed, and held to the same linear bound as above, so the bug
    (10⁹ word-against-alternative tries) passes the budget and fails within seconds. The
    time it takes is a figure of make bench."""
    from solo.playsets.model import MAX_PHRASING

    per = min((MAX_PLAYSET_BYTES - 20_000) // MAX_PHRASINGS, MAX_PHRASING - 3)
    phrasing = "a* " + "|".join(["b"] * (per // 2))
    toml = "[trope_phrasings]\n\"feeding the strange dog\" = [" + ", ".join([f'"{phrasing}"'] * MAX_PHRASINGS) + "]\n"
    path = _playset_with(tmp_path, toml)
    assert path.stat().st_size <= MAX_PLAYSET_BYTES
    tropes = catalogue(read_playset(path).setting())
    words = MAX_LINE // 2 - 1
    line = " ".join(["a"] * words)
    judge = TemplateJudge()
    judge.match("warm up", tropes)
    got: list = []
    lines_run(lambda: got.append(judge.match(line, tropes)), budget=20 * (words + alternatives(tropes)))
    assert got == [None]


def test_a_phrasing_word_longer_than_the_cap_is_refused():
    parse_phrasing("x" * MAX_WORD + "* noise")
    with pytest.raises(ValueError) as err:
        parse_phrasing("y" * (MAX_WORD + 1) + " noise")
    assert str(err.value) == (f"phrasing {'y' * (MAX_WORD + 1) + ' noise'!r}: {'y' * (MAX_WORD + 1)!r} is longer "
                              f"than {MAX_WORD} letters")


@pytest.mark.parametrize("line, want", [
    # the second term has two places: the first leads nowhere (the third term is too far from
    # it), the second leads on; the terms are in order, each at most three words after the last
    ("open the door door x x x now", (0, 7)),
    ("open the door x x x x now", None),
    ("not open the door door x x x now", None),  # a negation before the first term
])
def test_a_phrasing_matches_wherever_its_terms_stand_in_order_close_enough(line, want):
    from solo.director.tropes import find, words

    assert find(parse_phrasing("open door now"), words(line)) == want


def _every_phrasing(line: str, tropes):
    """The judge's answer found the long way: every phrasing of every trope read against the
    line, the earliest start winning and the first trope on a tie."""
    from solo.director.tropes import find, words

    tokens = words(line)
    best = None
    for trope in tropes:
        for terms in trope.compiled():
            found = find(terms, tokens) if tokens else None
            if found is not None and (best is None or found[0] < best[0]):
                best = (found[0], trope, found[1])
    return None if best is None else (best[1], best[0], best[2])


def test_the_judge_reads_only_the_phrasings_a_line_points_at_and_finds_what_reading_all_finds():
    """The judge holds a line only to the phrasings whose last word the line has: on the
    corpus, the samples' lines and lines made of the phrasings' own words (shuffled, cut,
    negated), it finds the trope and words that reading every phrasing finds."""
    import random

    from solo.director.tropes import words

    from .trope_corpus import HELD_OUT, NEAR_MISSES, PLAIN, TROPE_LINES

    tropes = catalogue(None)
    vocab = sorted({w.rstrip("*") + ("ing" if w.endswith("*") else "") for t in tropes for p in t.phrasings
                    for term in p.split() for w in term.split("|")})
    rng = random.Random(13)
    lines = [line for line, _ in TROPE_LINES + NEAR_MISSES + PLAIN + HELD_OUT]
    lines += [" ".join(rng.choice(vocab + ["not", "the", "a", "never"]) for _ in range(rng.randint(1, 14)))
              for _ in range(3000)]
    judge = TemplateJudge()
    found = 0
    for line in lines:
        got = judge.match(line, tropes)
        want = _every_phrasing(line, tropes)
        if want is None:
            assert got is None, line
            continue
        found += 1
        trope, i, j = want
        said = words(line)[i:j + 1]
        assert got == (trope, " ".join(said) if len(said) <= 8 else
                       f"{' '.join(said[:3])} \u2026 {' '.join(said[-3:])}"), line
    assert found > 500  # the lines made of the phrasings' words do play into tropes
