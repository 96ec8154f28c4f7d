"""Questions as players word them, answered from what the night knows.

The corpus (tests/director/corpus/, its README says how it is written) is asked at five
moments of three scripted nights (the camp and both built-in playsets: the start, after a
Strike, after a thing is lost, after a death, one left); each answer is held to the truth
worked out from the game and the fiction (tests/director/corpus_check.py). ``tuning.txt``,
``tuning2.txt`` and ``tuning3.txt`` were read while building the director's reading;
``heldout.txt`` never was,
and its figures are reported beside theirs (docs/director.md, "Understanding").

`make test` asks every fifth question of each file; the whole corpus runs under the
``corpus`` marker (`.ci/run`).
"""

from __future__ import annotations

import pytest

from . import corpus_check as C

#: The issue's kinds of question, and the corpus's kinds that ask each.
ISSUE_KINDS = {
    "alive": ("alive", "all-alive"), "dead": ("dead", "anyone-dead", "who-dead"),
    "with us": ("with-us", "alone-self"), "how many": ("count",), "hurt": ("hurt", "ok", "hurt-self", "anyone-hurt",
                                                                          "who-hurt", "hurt-how"),
    "holds": ("carrying", "carrying-self", "carrying-group", "holder", "has", "has-self"),
    "lost": ("lost", "lost-what", "lost-by"), "where": ("where-person", "where-us", "place-contents"),
    "looks like": ("killer-look", "killer-what"), "why": ("killer-legend",), "how dangerous": ("danger",),
    "what time": ("time", "dawn", "endgame"), "what happened": ("happened-person", "happened-item"),
}


@pytest.fixture
def nights():
    return C.nights()  # fresh: asking rewinds them


def test_the_corpus_is_as_big_as_it_says():
    """At least 300 questions in each part, at least 20 phrasings of each kind of question."""
    for name in ("tuning.txt", "tuning2.txt", "tuning3.txt", "heldout.txt"):
        kinds = C.load(name)
        assert sum(len(q) for q in kinds.values()) >= 300, name
        assert set(kinds) == set(C.YESNO) | set(C.OPEN), name
        for kind, qs in kinds.items():
            assert len(set(qs)) == len(qs) >= 8, (name, kind)
        for issue_kind, ours in ISSUE_KINDS.items():
            assert sum(len(kinds[k]) for k in ours) >= 20, (name, issue_kind)
        for kind in C.YESNO:  # a negated twin for every yes/no question
            if not kind.startswith("not-"):
                assert len(kinds["not-" + kind]) == len(kinds[kind]), (name, kind)


def figures(name, nights, every=1):
    counts, failures = C.run(name, nights, every=every)
    asked = sum(c[0] for c in counts.values())
    known = sum(c[1] for c in counts.values())
    contradictions = [f for f in failures if f[4].startswith("answered")]
    return asked, known / asked, contradictions, failures


@pytest.mark.parametrize("name", ["tuning.txt", "tuning2.txt", "tuning3.txt"])
def test_questions_are_answered_from_what_the_night_knows(name, nights):
    asked, known, contradictions, failures = figures(name, nights, every=5)
    assert asked > 1000
    assert known >= 0.97, (known, failures[:20])
    assert contradictions == [], contradictions[:20]


@pytest.mark.corpus
@pytest.mark.parametrize("name", ["tuning.txt", "tuning2.txt", "tuning3.txt", "heldout.txt"])
def test_the_whole_corpus(name, nights):
    """Every question at every moment; the held-out part's figures are printed (and held to
    what they were when first measured, so the reading does not slip)."""
    asked, known, contradictions, failures = figures(name, nights)
    right = 1 - len(failures) / asked
    print(f"\n{name}: {asked} answers, {known:.1%} from the state, {right:.1%} right, "
          f"{len(contradictions)} contradictions")
    if name == "heldout.txt":
        assert known >= 0.97 and len(contradictions) <= asked * 0.005
    else:
        assert known >= 0.97 and not contradictions, failures[:20]
