"""Listening to the player: turn what a player typed for a character into words the director
can tell back.

Only what can be rephrased correctly is: one clause of the character's own action, first
person turned to third. A line with someone else speaking in it (we, you), or whose verb would
read wrong after "tries to" ("try", "go", "be"), gives ``None``, and the director quotes the
player's words instead of garbling them.

``"I brace my feet and pull until something gives."`` becomes the phrase ``"brace their
feet and pull until something gives"``, which a template can use after "tries to" or
"sets out to". Lines that cannot be turned safely give ``None`` and are quoted instead.
"""

from __future__ import annotations

import re

_SENTENCE = re.compile(r"(?<=[.!?])\s+")
# "I'll X", "I will X", "I'm going to X", "I try to X", "I'm gonna X" → X
_LEADS = re.compile(
    r"^(?:i'll|i will|i'm going to|i am going to|i'm gonna|i try to|i'm trying to|i want to|"
    r"i need to|i have to|i'd better|let me)\s+", re.I)
_PLAIN = re.compile(r"^i\s+(?!am\b|was\b|can't\b|cannot\b|don't\b|do not\b|won't\b|would\b|could\b|"
                    r"should\b|have\b|had\b|think\b|guess\b|hope\b|feel\b|know\b|see\b)([a-z])", re.I)
_PRONOUNS = (
    (re.compile(r"\bmyself\b", re.I), "themselves"),
    (re.compile(r"\bmy\b", re.I), "their"),
    (re.compile(r"\bmine\b", re.I), "theirs"),
    (re.compile(r"\bme\b", re.I), "them"),
    (re.compile(r"\bI am\b"), "they are"),
    (re.compile(r"\bI was\b"), "they were"),
    (re.compile(r"\bI'm\b"), "they're"),
    (re.compile(r"\bI've\b"), "they've"),
    (re.compile(r"\bI'll\b"), "they'll"),
    (re.compile(r"\bI\b"), "they"),
)
_CLEAN = re.compile(r"[^\w\s'’,;:\-—–]")
MAX_WORDS = 18
#: Words a retelling cannot carry: another person speaking (we, you), or a first person left over.
_UNSAFE = re.compile(r"\b(?:we|we're|we'll|we've|we'd|us|our|ours|ourselves|you|you're|you'll|you've|you'd|your"
                     r"|yours|yourself|let's)\b", re.I)
#: First words that read wrong after "tries to" / "goes to" / "sets out to" ("tries to try",
#: "goes to go", "tries to be right back"): the line is quoted instead.
_AWKWARD = frozenset("try tries trying go goes going be get gets got am is are was were do does did gonna "
                     "wanna just really".split())


def action_phrase(text: str | None) -> str | None:
    """The first first-person action in ``text`` as a bare verb phrase, or ``None``.

    ``"Okay. I pick the lock with a hairpin."`` → ``"pick the lock with a hairpin"``.
    """
    if not text:
        return None
    text = " ".join(str(text).replace("’", "'").split())
    for sentence in _SENTENCE.split(text):
        s = sentence.strip().rstrip(".!?").strip()
        lead = _LEADS.match(s)
        if lead:
            rest = s[lead.end():]
        else:
            plain = _PLAIN.match(s)
            if not plain:
                continue
            rest = s[2:]
        rest = rest.strip()
        if not rest or not rest[0].isalpha():
            continue
        rest = re.split(r"\s*(?:[,;:—–]|\s-\s)\s*", rest, maxsplit=1)[0]  # one clause: the rest may be anyone's
        if _UNSAFE.search(rest):
            return None  # we, you: whose is it? rephrasing could go wrong: quoted
        for pattern, repl in _PRONOUNS:
            rest = pattern.sub(repl, rest)
        rest = _CLEAN.sub("", rest).strip(" ,;:-—–")
        words = rest.split()
        if not words or len(words) > MAX_WORDS or words[0].lower() in _AWKWARD:
            return None  # the first action cannot be retold; a later aside is not the action
        return " ".join(words)
    return None


_GIVE = re.compile(
    r"\b(?i:i\s+)?(?i:give|gives|hand|hands|pass|passes|toss|tosses|throw|throws|lend|lends|slide|slides)\s+"
    r"(?:(?P<to1>[A-Z][\w'-]*)\s+(?i:my|the|our)\s+(?P<thing1>[\w' -]+?)"
    r"|(?i:my|the|our)\s+(?P<thing2>[\w' -]+?)\s+(?i:over\s+)?(?i:to)\s+(?P<to2>[A-Z][\w'-]*))"
    r"(?=\s*(?:[.,;:!?]|$|\s+(?:and|so|then|before|while)\b))")


def handover(text: str | None) -> tuple[str, str] | None:
    """A thing handed to someone in the player's line: ``(thing, receiver)``.

    ``"I hand my hatchet to Wes."`` and ``"I give Wes the hatchet."`` → ``("hatchet", "Wes")``.
    """
    if not text:
        return None
    m = _GIVE.search(" ".join(str(text).replace("’", "'").split()))
    if not m:
        return None
    thing = (m.group("thing1") or m.group("thing2") or "").strip().lower()
    to = m.group("to1") or m.group("to2")
    return (thing, to) if thing and to else None


def quote(text: str | None, limit: int = 140) -> str | None:
    """The player's words, tidied and cut to ``limit`` characters, for quoting in prose."""
    if not text:
        return None
    text = " ".join(str(text).split()).replace('"', "'")
    if len(text) > limit:
        text = text[: limit - 1].rsplit(" ", 1)[0] + "…"
    return text
