"""A question told back as the statement its answer makes, in good English, from its parse.

``"Is the cellar door standing open?"`` with a yes → ``"the cellar door is standing open"``,
with a no → ``"the cellar door is not standing open"``; ``"Is Iris's car still parked out
here?"`` with a no → ``"Iris's car is no longer parked out here"``; ``"Does Tina have a
gun?"`` → ``"Tina has a gun"`` / ``"Tina does not have a gun"``; ``"Is anyone there?"`` →
``"someone is there"`` / ``"no one is there"``; ``"Can we get out through our window?"`` →
``"you can get out through your window"``. The subject is the parse's (the noun with what
belongs to it: "the master bedroom window", "the door to the cellar"), the verb moves after
it and agrees with it; the question's words are never spliced. A question whose parse does not
give a clean subject and predicate gives ``None``, and the answer says yes or no without
retelling it (a garbled retelling is worse than none).
"""

from __future__ import annotations

from .. import english
from .understand import AUX, WH, Reading

__all__ = ["restate", "topic", "told_back"]

#: What the director says back for the player's first person.
SWAP = {"we": "you", "us": "you", "our": "your", "ours": "yours", "i": "you", "me": "you", "my": "your",
        "mine": "yours", "myself": "yourself", "ourselves": "yourselves"}
#: An indefinite subject, and what it becomes in a yes and in a no.
INDEFINITE = {
    "anyone": ("someone", "no one"), "anybody": ("somebody", "nobody"), "someone": ("someone", "no one"),
    "somebody": ("somebody", "nobody"), "anything": ("something", "nothing"), "something": ("something", "nothing"),
    "everyone": ("everyone", "not everyone"), "everybody": ("everybody", "not everybody"),
}
_BE = {"is": "is", "are": "are", "was": "was", "were": "were", "am": "am", "'s": "is", "'re": "are", "'m": "am"}
_DO = {"do": "VBP", "does": "VBZ", "did": "VBD"}
_NOT = {"can": "cannot", "will": "will not", "'ll": "will not", "would": "would not", "'d": "would not",
        "could": "could not", "should": "should not", "must": "must not", "may": "may not", "might": "might not",
        "has": "has not", "have": "have not", "had": "had not", "shall": "shall not"}
_HAVE = {"has": "has", "have": "have", "had": "had", "'s": "has", "'ve": "have", "'d": "had"}
_NOUNISH = frozenset("NOUN PROPN PRON NUM".split())
_WHERE_WORDS = frozenset("upstairs downstairs outside inside overhead underneath nearby".split())
_MOTION = frozenset("go run head come take drag walk crawl drive leave flee disappear vanish".split())


class _Word(str):
    """A word of the question as typed, and whether a space followed it there ("second-floor")."""

    joined = False


def _a_mine(parse, k: int) -> bool:
    """Whether "mine" at ``k`` is a mine ("the abandoned mine adit", "the old mine"), not the
    asker's ("is the knife mine?")."""
    before = parse[k - 1] if k else None
    after = parse[k + 1] if k + 1 < len(parse) else None
    return (before is not None and before.pos in ("DET", "ADJ") and before.lower not in ("is", "was")) or (
        after is not None and after.pos in ("NOUN", "PROPN"))


def _swapped(parse, indices) -> list[str]:
    out = []
    indices = list(indices)
    for n, k in enumerate(indices):
        t = parse[k]
        low = t.lower
        word = _Word(t.text if low == "mine" and _a_mine(parse, k) else SWAP.get(low, t.text))
        word.joined = not t.space and n + 1 < len(indices) and indices[n + 1] == k + 1
        out.append(word)
    return out


def _join(words: list[str]) -> str:
    text = ""
    for w in words:
        if not w:
            continue
        text += w + ("" if getattr(w, "joined", False) else " ")
    for mark in ("'s", "n't", ","):
        text = text.replace(" " + mark, mark)
    return " ".join(text.split())


def _subject_words(r: Reading, start: int, end: int, yes: bool) -> tuple[list[str], str] | None:
    """The subject as the statement says it, and its person for agreement ("3s", "3p", "2")."""
    parse = r.parse
    words = _swapped(parse, range(start, end))
    first = parse[start]
    low = first.lower
    if low in INDEFINITE and (end - start == 1 or end - start == 2 and parse[start + 1].lower == "else"):
        return [INDEFINITE[low][0 if yes else 1], *(["else"] if end - start == 2 else [])], "3s"
    if end - start == 1 and low in ("i", "we", "you"):
        return ["you"], "2"
    if first.pos not in ("PROPN",) and low not in ("i",):
        if first.pos != "PROPN":
            lowered = _Word(words[0][:1].lower() + words[0][1:])
            lowered.joined = getattr(words[0], "joined", False)
            words[0] = lowered
    head = next((parse[i] for i in range(start, end) if parse[i].dep in ("nsubj", "nsubjpass")), parse[end - 1])
    plural = head.tag in ("NNS", "NNPS") or head.lower in ("they", "them", "these", "those") or any(
        parse[k].lower == "and" for k in range(start, end))
    return words, "3p" if plural else "3s"


def _agree(verb: str, person: str) -> str:
    if person in ("2", "3p"):
        return {"is": "are", "was": "were", "am": "are", "has": "have", "does": "do"}.get(verb, verb)
    return {"are": "is", "were": "was", "am": "is", "have": "has", "do": "does"}.get(verb, verb)


def _clean_span(parse, start: int, end: int) -> bool:
    """The subject ends on a noun or a pronoun and the next word does not carry the noun on."""
    if end <= start or parse[end - 1].pos not in _NOUNISH and parse[end - 1].lower not in INDEFINITE and not (
            parse[end - 1].lower == "else" and parse[start].lower in INDEFINITE):
        return False
    if end < len(parse) and (parse[end].pos == "NOUN" or parse[end].pos == "PROPN" and parse[end].dep in (
            "compound", "nsubj")):
        return False  # the noun phrase goes on past the subject the parse gave
    return all(t.text[:1].isalnum() or t.text in ("'s", "-", "'") for t in parse[start:end])


def _predicate(parse, start: int) -> list[int]:
    end = len(parse)
    while end > start and not parse[end - 1].text[:1].isalnum():
        end -= 1
    return list(range(start, end))


def restate(r: Reading, yes: bool) -> str | None:
    """The statement a yes or a no to the yes/no question ``r`` makes, lower-case first letter
    (names keep theirs), no full stop; None when its parse has no clean shape."""
    parse = r.parse
    if r.form != "yesno" or not parse or not getattr(parse, "parsed", False) or r.subject is None:
        return None
    k = next((i for i, t in enumerate(parse) if t.text[:1].isalnum() or t.text[:1] == "'"), None)
    if k is None or parse[k].lower not in AUX:
        return None
    aux = parse[k].lower
    start, end = r.subject
    tagged = k + 1 < len(parse) and parse[k + 1].lower in ("n't", "not") and start == k + 2
    if start != k + 1 and not tagged:
        return None
    if parse[start].lower == "there" and parse[start].dep == "expl":
        return _there(parse, aux, start, yes)
    if not _clean_span(parse, start, end):
        return None
    subject = _subject_words(r, start, end, yes)
    if subject is None:
        return None
    words, person = subject
    rest = _predicate(parse, end)
    if not rest or len(rest) > 10 or any(parse[i].lower in WH or parse[i].lower == "?" for i in rest):
        return None
    if end - start == 1 and parse[start].lower in ("that", "this", "these", "those") and len(rest) > 1 and (
            parse[rest[0]].pos not in ("DET", "ADP") or any(parse[i].pos in ("NOUN", "PROPN") for i in rest[:2])):
        return None  # "is that rusted lantern unlocked?": "that" goes with the lantern
    if any(parse[i].dep in ("cc", "conj") and parse[i].head == k for i in rest):
        return None  # "is it locked or open": two questions
    if parse[rest[0]].lower in ("not", "n't") and len(rest) > 1:
        rest, yes = rest[1:], not yes  # "is the door not locked?" no: it is locked; yes: it is not
    still = [i for i in rest if parse[i].lower == "still"]
    body = _swapped(parse, [i for i in rest if not (not yes and parse[i].lower == "still")])
    indefinite_no = not yes and parse[start].lower in INDEFINITE and words[-1] in ("else",) + tuple(
        v[1] for v in INDEFINITE.values())
    negative = [] if yes or indefinite_no else (["no", "longer"] if still else ["not"])
    if aux in _DO:
        verb_k = next((i for i in rest if parse[i].pos in ("VERB", "AUX") and parse[i].dep == "ROOT"), None)
        if verb_k is None or verb_k != rest[0] and not all(parse[i].pos == "ADV" for i in rest[:rest.index(verb_k)]):
            return None
        lemma = parse[verb_k].lemma.lower()
        tag = "VBD" if aux == "did" else ("VBP" if person in ("2", "3p") else "VBZ")
        before = _swapped(parse, [i for i in rest[:rest.index(verb_k)] if yes or parse[i].lower != "still"])
        after = _swapped(parse, rest[rest.index(verb_k) + 1:])
        if yes or indefinite_no:
            return _join([*words, *before, english.inflect(lemma, tag), *after])
        do = _agree({"do": "do", "does": "does", "did": "did"}[aux], person) if aux != "did" else "did"
        return _join([*words, do, "not", *before, lemma, *after])
    if aux in _BE or aux in ("isn't", "aren't", "wasn't", "weren't"):
        head = parse[rest[0]]
        if head.tag == "POS" or not (head.pos in ("ADJ", "ADV", "ADP", "PART", "DET", "NUM", "PRON") or
                                     head.tag == "VBG" or head.tag in ("VBN", "VBD") and
                                     "NOUN" not in english.parts_of(head.text)) or (
                head.pos == "ADJ" and english.parts_of(head.text) == {"NOUN"}):  # "lantern" is no adjective
            return None  # what follows the subject does not begin a predicate: the parse is not to be trusted
        verb = _agree(_BE.get(aux, aux.replace("n't", "")), person)
        return _join([*words, verb, *negative, *body])
    base = aux.replace("n't", "") if aux.endswith("n't") else aux
    base = {"ca": "can", "wo": "will", "sha": "shall"}.get(base, base)
    if base in _HAVE:
        base = _agree(_HAVE[base], person)
    if yes or indefinite_no:
        return _join([*words, base, *body])
    return _join([*words, _NOT.get(base, base + " not"), *body])


def _there(parse, aux: str, start: int, yes: bool) -> str | None:
    """"is there a way out?" → "there is a way out" / "there is no way out"."""
    verb = _BE.get(aux)
    if verb is None:
        return None
    rest = _predicate(parse, start + 1)
    if not rest or len(rest) > 10:
        return None
    first = parse[rest[0]].lower
    tail = _swapped(parse, rest)
    if first in INDEFINITE:
        return _join(["there", verb, INDEFINITE[first][0 if yes else 1], *tail[1:]])
    if yes:
        if first == "any":
            tail[0] = "some"
        return _join(["there", verb, *tail])
    if first in ("a", "an", "any", "some"):
        return _join(["there", verb, "no", *tail[1:]])
    return _join(["there", verb, "not", *tail])


def topic(r: Reading) -> str | None:
    """What an open question asks about, as a noun phrase ("that noise upstairs", "your
    truck", "the little shed door"), or None."""
    parse = r.parse
    if not parse:
        return None
    about = r.about
    if about is not None and about.kind == "person":
        return " ".join(SWAP.get(w.lower(), w) for w in about.text.split())
    heads = [k for k, t in enumerate(parse) if (t.pos in ("NOUN", "PROPN") or t.tag in ("VBG", "JJ") and k and
                                                 parse[k - 1].tag == "DT" and t.lower.endswith("ing")) and t.lower not in WH
             and t.lemma.lower() not in ("time", "way") and t.dep not in ("compound", "amod", "poss")]
    # what the question is about: its subject or object ("that noise" of "what was that noise by the lake?"),
    # else a thing or place it names
    heads = [k for k in heads if parse[k].dep in ("nsubj", "nsubjpass", "dobj", "attr") or parse[k].pos not in (
        "NOUN", "PROPN")] + (
        [k for k in heads if about is not None and about.kind in ("thing", "place") and about.start <= k < about.end])
    heads += [k for k, t in enumerate(parse) if t.pos in ("NOUN", "PROPN") and t.dep not in ("compound", "amod", "poss")
              and t.lower not in WH and t.lemma.lower() not in ("time", "way")]
    if not heads:
        return about.text if about is not None and about.kind in ("thing", "place") else None
    k = heads[0]
    if not getattr(parse, "parsed", False):
        return parse[k].text
    left = [i for i in parse.subtree(k) if i <= k]
    right = [i for i in parse.subtree(k) if i > k and not any(
        parse[j].dep in ("relcl", "acl", "advcl", "conj", "cc") for j in _path(parse, i, k))]
    if parse[k].tag in ("VBG", "JJ") and k and parse[k - 1].tag == "DT":
        left = [k - 1, k]
    span = sorted(set(left) | set(right))
    if len(span) > 7 or any(parse[i].lower in WH for i in span):
        span = [i for i in left if parse[i].lower not in WH]
    after = span[-1] + 1
    if after < len(parse) and parse[after].lower in _WHERE_WORDS:
        span.append(after)  # "that noise upstairs"
    span = [i for i in span if parse[i].text[:1].isalnum() or parse[i].text in ("'s", "-")]
    words = _swapped(parse, span)
    return " ".join(words).replace(" 's", "'s")


def _path(parse, i: int, top: int) -> list[int]:
    """The tokens from ``i`` up to (not including) ``top``."""
    out = []
    while i != top and parse[i].head != i and len(out) < 20:
        out.append(i)
        i = parse[i].head
    return out


def told_back(r: Reading, filler: str | None) -> str | None:
    """An open question told back as the statement its answer makes: "who left the door
    open?" with "Someone" → "Someone left the door open"; "where did it go?" with "at the
    boathouse" → "it went toward the boathouse"; "why is the door open?" → "the door is
    open". None when the parse has no clean shape."""
    parse = r.parse
    if not parse or not getattr(parse, "parsed", False):
        return None
    w = next((i for i, t in enumerate(parse) if t.lower in WH), None)
    if w is None:
        return None
    rest = _predicate(parse, w + 1)
    if not rest or len(rest) > 10:
        return None
    if parse[w].dep in ("nsubj", "nsubjpass") and filler:
        words = _swapped(parse, rest)
        if words and words[0] == "'s":
            words[0] = "has" if any(parse[i].lemma == "get" and parse[i].tag == "VBN" for i in rest) else "is"
        if len(words) == 2 and words[0] in ("is", "was") and words[1] in ("this", "that", "it"):
            return _join([words[1], words[0], filler])  # "who is this?": "this is someone…"
        return _join([filler, *words])
    aux = parse[rest[0]].lower
    if aux not in AUX:
        return None
    subj = next((i for i in rest if parse[i].dep in ("nsubj", "nsubjpass")), None)
    if subj is None:
        return None
    span = [i for i in parse.subtree(subj) if i in rest]
    if not span or span[0] != rest[1] or not _clean_span(parse, span[0], span[-1] + 1):
        return None
    start, end = span[0], span[-1] + 1
    words, person = _subject_words(r, start, end, True)
    after = [i for i in rest if i >= end]
    if aux in _DO:
        verb = next((i for i in after if parse[i].pos in ("VERB", "AUX")), None)
        if verb is None or verb != after[0]:
            return None
        lemma = parse[verb].lemma.lower()
        tag = "VBD" if aux == "did" else ("VBP" if person in ("2", "3p") else "VBZ")
        tail = _swapped(parse, after[1:])
        if filler and lemma in _MOTION and filler.startswith("at "):
            filler = "toward " + filler[3:]
        return _join([*words, english.inflect(lemma, tag), *tail, *([filler] if filler else [])])
    verb = _agree(_BE.get(aux, aux), person)
    return _join([*words, verb, *_swapped(parse, after), *([filler] if filler else [])])
