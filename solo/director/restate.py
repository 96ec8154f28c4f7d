"""A yes/no question told back as the statement it asks about, when that can be done safely.

``"Is the cellar door locked?"`` with a yes → ``"the cellar door is locked"``, with a no →
``"the cellar door is not locked"``; ``"Is anyone there?"`` → ``"someone is there"`` /
``"no one is there"``; ``"Can we get out through the window?"`` → ``"you can get out through
the window"``. Only a few plain shapes are turned; for anything else :func:`restate` gives
``None`` and the answer says yes or no without retelling the question (a garbled retelling is
worse than none).
"""

from __future__ import annotations

import re

#: Subjects a copula question may have, and what they become in a yes and in a no.
_INDEFINITE = {
    "anyone": ("someone", "no one"), "anybody": ("somebody", "nobody"), "someone": ("someone", "no one"),
    "somebody": ("somebody", "nobody"), "anything": ("something", "nothing"), "something": ("something", "nothing"),
    "everyone": ("everyone", "not everyone"), "everybody": ("everybody", "not everybody"),
}
_PRONOUN = {"it": "it", "we": "you", "i": "you", "he": "he", "she": "she", "they": "they", "this": "this",
            "that": "that"}
#: What the director says back for the player's first person.
_SWAP = {"we": "you", "us": "you", "our": "your", "ours": "yours", "i": "you", "me": "you", "my": "your",
         "mine": "yours", "myself": "yourself", "ourselves": "yourselves"}
_BE = {"is": "is", "are": "are", "was": "was", "were": "were"}
_AUX = {"can": ("can", "cannot"), "could": ("could", "could not"), "will": ("will", "will not"),
        "would": ("would", "would not"), "should": ("should", "should not"), "did": ("did", "did not"),
        "does": ("does", "does not"), "do": ("do", "do not"), "has": ("has", "has not"), "have": ("have", "have not")}
_DETERMINERS = frozenset("the this that these those my our your his her their its".split())
#: Last words a copula question may end on that make a clean predicate.
_PREDICATES = frozenset(
    "open closed shut locked unlocked empty full there here inside outside safe real alive dead awake asleep "
    "gone home near close far dark lit armed ready right wrong true broken working loaded dry wet warm cold "
    "upstairs downstairs alone together still moving listening watching waiting following coming out in on off "
    "ok okay clear blocked free lost hidden".split())
_ADVERBS = frozenset("still really already even always now yet".split())
#: Words that begin a place ("by the gate", "in the cellar").
_PLACE_WORDS = frozenset("in on at by near under behind inside outside beside above below across upstairs "
                         "downstairs".split())
_WORD = re.compile(r"^[A-Za-z][A-Za-z'-]*$")


def _swap(words: list[str]) -> list[str]:
    return [_SWAP.get(w.lower(), w) for w in words]


def _simple(words: list[str]) -> bool:
    return bool(words) and all(_WORD.match(w) for w in words) and len(words) <= 12


def restate(text: str, yes: bool, names: tuple[str, ...] = ()) -> str | None:
    """The statement a yes or a no to ``text`` makes, lower-case first letter (names keep
    theirs), no full stop; or None when the question's shape is not one of the plain ones."""
    body = " ".join(str(text).split()).rstrip("?!. ").strip()
    words = body.split()
    if len(words) < 3 or not _simple(words):
        return None
    aux, rest = words[0].lower(), words[1:]
    head = rest[0].lower()
    names_low = {n.lower() for n in names}
    if aux in _BE:
        return _copula(_BE[aux], head, rest, yes, names_low)
    if aux in _AUX:
        return _auxiliary(aux, head, rest, yes, names_low)
    return None


def _copula(verb: str, head: str, rest: list[str], yes: bool, names_low: set[str]) -> str | None:
    if head == "there":  # "is there anyone in the cellar?" → "there is someone in the cellar"
        tail = rest[1:]
        if len(tail) < 1:
            return None
        first = tail[0].lower()
        if first in _INDEFINITE:
            return " ".join(["there", verb, _INDEFINITE[first][0 if yes else 1], *_swap(tail[1:])])
        if first in ("a", "an", "any", "some") and len(tail) >= 2:
            noun = _swap(tail[1:])
            if not yes:
                return " ".join(["there", verb, "no", *noun])
            det = {"a": "a", "an": "an", "some": "some"}.get(first, "an" if noun[0][:1].lower() in "aeiou" else "a")
            return " ".join(["there", verb, det, *noun])
        return None
    if len(rest) < 2:
        return None
    if head in _INDEFINITE:  # "is anyone there?" → "someone is there" / "no one is there"
        subject, tail = [_INDEFINITE[head][0 if yes else 1]], rest[1:]
        if tail and tail[0].lower() == "else":  # "is anyone else here?" → "someone else is here"
            subject, tail = subject + ["else"], tail[1:]
        return " ".join([*subject, verb, *_swap(tail)]) if tail else None
    if head in _PRONOUN:  # "is it locked?" → "it is locked" / "it is not locked"
        if head in ("i", "we"):
            verb = {"is": "are", "was": "were"}.get(verb, verb)
        return " ".join([_PRONOUN[head], verb, *([] if yes else ["not"]), *_swap(rest[1:])])
    # "is the truck still by the gate?": a determiner and a few words, then where it is
    last = rest[-1].lower()
    predicate_last = last in _PREDICATES or (last.endswith("ed") and len(last) > 4)
    if (head in _DETERMINERS or head.endswith("'s") or head in names_low) and not predicate_last:
        # (a predicate at the end is the predicate: "is the chapel in the pines locked?")
        at = next((k for k, w in enumerate(rest[1:5], 1) if w.lower() in _PLACE_WORDS), None)
        place = [w.lower() for w in rest[at + 1:]] if at is not None else []
        if at is not None and 1 <= len(place) <= 3 and not any(w in ("a", "an", "the") for w in place[1:]):
            subject = _swap(rest[:at])
            adverb = [subject.pop().lower()] if len(subject) > 1 and subject[-1].lower() in _ADVERBS else []
            if subject[0].lower() not in names_low and not subject[0].lower().endswith("'s"):
                subject[0] = subject[0].lower()
            if not yes:
                adverb = ["no", "longer"] if adverb == ["still"] else ["not", *adverb]
            return " ".join([*subject, verb, *adverb, *_swap(rest[at:])])
    # "is the cellar door locked?": a determiner or a name, a few words, a predicate at the end
    if (head in _DETERMINERS or head.endswith("'s") or head in names_low) and 2 <= len(rest) <= 7 \
            and predicate_last:
        subject = _swap(rest[:-1])
        adverb = [subject.pop().lower()] if len(subject) > 1 and subject[-1].lower() in _ADVERBS else []
        if subject[0].lower() not in names_low and not subject[0].lower().endswith("'s"):
            subject[0] = subject[0].lower()
        if not yes:
            adverb = ["no", "longer"] if adverb == ["still"] else ["not", *adverb]
        return " ".join([*subject, verb, *adverb, last])
    return None


def _auxiliary(aux: str, head: str, rest: list[str], yes: bool, names_low: set[str]) -> str | None:
    """"can we get out through the window?" → "you can get out through the window"."""
    if len(rest) < 2:
        return None
    yes_word, no_word = _AUX[aux]
    if head in _INDEFINITE:
        if aux in ("do", "does", "did", "has", "have"):
            return None  # "did anyone hear that?": no clean turn of it
        return " ".join([_INDEFINITE[head][0 if yes else 1], yes_word, *_swap(rest[1:])])
    if head in ("we", "i"):
        subject = "you"
        if aux in ("does", "has"):
            return None
    elif head in ("it", "they", "he", "she") or head in names_low:
        subject = rest[0] if head in names_low else head
    else:
        return None
    return " ".join([subject, yes_word if yes else no_word, *_swap(rest[1:])])
