"""Tidying a typed question, and telling a question from a statement.

Players' chatter around a question ("ok so", "you think", "or what", "mate") is taken off, a
question asked through another ("could you tell me where Kit is") is read as that question, a
topic said first is kept ("the flare, who has it?"), and a word one letter off a word the
director listens for is mended ("hurtt", "evryone"). A line is a question when it reads as one:
"who is hurt" asks; "I check whether the door is locked?" is an action.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .. import english
from .words import (ASKED_THROUGH, CHATTER, FILLER_HEAD, FILLER_TAIL, ODDS_FIRST, AUX, CONTRACTIONS, WH,
                    fix_typo)



def _opens_a_question(text: str) -> bool:
    first = re.sub(r"'(?:s|re|d|ll|ve|m)$", "", text.split(" ")[0].lower().strip(",;:\"(")) if text else ""
    return first in WH or first in AUX


def _last_question(text: str) -> str:
    """The part of a line that asks: "i'm afraid to ask, but is Randy dead" → "is Randy
    dead"; "the kitchen?? what's in it" → "what's in the kitchen"."""
    parts = [p.strip() for p in re.split(r"(?<=[?!.])\s+", text) if p.strip()]
    if len(parts) >= 2:
        first = parts[0].rstrip(" ?!.")
        last = parts[-1]
        if not _opens_a_question(first) and len(first.split()) <= 4 and re.search(r"\b(?:it|there)\b", last, re.I) \
                and _opens_a_question(last):  # "the kitchen?? what's in it": it is the kitchen
            return re.sub(r"\b(?:it|there)\b(?=[^\w]*$)", first, last, count=1, flags=re.I)
        if all(p.endswith("?") for p in parts) and not any(_opens_a_question(p) for p in parts):
            return parts[0]  # "i am alone now? everyone else is dead?": one question, asked twice
        asking = [p for p in parts if _opens_a_question(p)]
        if asking and not _opens_a_question(parts[0]):
            if len(first.split()) <= 4 and not re.search(r"\b(?:i|i'm|we|we're|you|is|are|was|am)\b", first, re.I):
                return f"{first}, {asking[-1]}"  # "Marty? what happened": Marty is what it is about
            return asking[-1]
    if not _opens_a_question(text):
        for m in re.finditer(r"(?:,|\bbut|\bso)\s+(?=\S)", text):
            rest = text[m.end():]
            tag = re.fullmatch(r"\s*\w+(?:n't)?(?: not)? (?:it|we|he|she|they|you|i|there)\W*", rest, re.I)
            if _opens_a_question(rest) and len(rest.split()) >= 2 and not tag:  # (not "…, isn't it?")
                topic = text[:m.start()].strip(" ,")
                if len(topic.split()) <= 4 and not re.search(
                        r"\b(?:i|i'm|me|my|we|we're|us|our|you|is|are|was|am|but|pardon|sorry|excuse|please)\b",
                        topic, re.I):
                    if re.search(r"\bit\b(?=[^\w]*$)", rest):  # "the camera, who has it": it is the camera
                        return re.sub(r"\bit\b(?=[^\w]*$)", topic, rest, count=1)
                    return f"{topic}, {rest}"
                return rest
    return text


def _lead_in(body: str, extra: frozenset[str]) -> str:
    """Chatter before the question proper ("bruh who's even left"), dropped."""
    words = body.split(" ")
    for k, w in enumerate(words[1:4], 1):
        core = re.sub(r"'(?:s|re|d|ll|ve|m)$", "", w.lower().strip(",;:"))
        if core in WH and k + 1 < len(words):
            if all(x.lower().strip(",;:-?!.") in CHATTER for x in words[:k]):
                return " ".join(words[k:])
            break
    return body


@lru_cache(maxsize=1024)
def tidy(text: str, extra: frozenset[str] = frozenset()) -> str:
    """The question without chatter around it, its slips of the keyboard mended: "ok so
    whos hurtt, you think?" → "who's hurt?"."""
    text = ODDS_FIRST.sub("", english.normal(text))
    head = FILLER_HEAD.match(text)
    if head and head.end() < len(text):
        text = text[head.end():]
    through = ASKED_THROUGH.match(text)
    if through and through.end() < len(text):
        after = re.sub(r"'(?:s|re|d|ll|ve|m)$", "", text[through.end():].split(" ")[0].lower())
        if through.group("yesno") or after in WH + ("about", "the", "a", "an", "our", "my", "your"):
            text = text[through.end():]
            if text.lower().startswith("about "):
                text = "what about " + text[6:]
    text = _last_question(re.sub(r"\s+[-\u2013\u2014]+\s+", ", ", text))  # "car keys - who has it"
    mark = "?" if text.rstrip().endswith("?") else ""
    body = " ".join(CONTRACTIONS.get(w.lower(), w) for w in text.rstrip(" ?!.").split(" "))
    body = _lead_in(body, extra)
    for _ in range(3):
        new = FILLER_TAIL.sub("", body).rstrip(" ,;-?!.")
        tag = re.search(r"\b(?:it|we|he|she|they|you|i|there)\b", body[len(new):], re.I) is not None
        if new == body or not new or (tag and len(new.split()) < 3):
            break  # "who is he" keeps its "is he"
        body = new
    words = body.split(" ")
    out = []
    for w in words:
        core = w.strip(",;:.!?\"()")
        low = core.lower()
        fix = CONTRACTIONS.get(low)
        if fix is None and core:
            fix = fix_typo(core, extra)
        out.append(w.replace(core, fix, 1) if fix else w)
    return " ".join(out) + mark


def first_word(parse) -> tuple[int, str]:
    """The first word of a parse that is not a mark, and its lower case."""
    for k, t in enumerate(parse):
        if t.text[:1].isalnum() or t.text[:1] == "'":
            return k, t.lower
    return 0, ""


def is_question(line: str) -> bool:
    """Whether ``line`` asks the director something, by reading it: it opens with a question
    word or an auxiliary before its subject ("who is hurt", "is Kit ok"), asks indirectly
    ("I wonder if the door is locked", "tell me who is hurt"), or ends with a question mark
    and is not a statement of what someone does ("I check whether the door is locked?" is an
    action)."""
    raw = english.normal(str(line))
    through = ASKED_THROUGH.match(raw)
    if through and through.end() < len(raw) and (through.group("yesno") or re.sub(
            r"'(?:s|re|d|ll|ve|m)$", "", raw[through.end():].split(" ")[0].lower()) in WH):
        return True  # "I wonder if the door is locked", "tell me who is hurt"
    text = tidy(str(line))
    if not text.strip(" ?"):
        return False
    asked = str(line).rstrip().rstrip("\"')]\u201d\u2019").rstrip().endswith("?")
    words = text.lower().replace("\u2019", "'").split()
    first = re.sub(r"'(?:s|re|d|ll|ve|m)$", "", words[0].strip(",;:.!?\"(")) if words else ""
    if first in WH and len(words) >= 2 and not re.match(r"^(?:what|how) (?:a|an)\b", " ".join(words[:2])):
        return True  # "who is hurt", "what's Kit carrying" (not "what a night")
    if first in AUX and len(words) >= 2 and words[1].strip(",") not in ("not", "you", "it") or \
            (first in AUX and asked):
        return True  # "is Kit ok", "does anyone have a light" (not "do not move", "do you mind")
    if not asked:
        return False  # (a line that asks indirectly, "tell me who is hurt", was read above)
    parse = english.parse(text)
    return asks_indirectly(parse) or not _statement(parse)


def asks_indirectly(parse) -> bool:
    """"I wonder if …", "tell me who …", "do you know where …", "I want to know …"."""
    lemmas = [t.lemma.lower() for t in parse]
    low = [t.lower for t in parse]
    if len(low) >= 3 and low[0] in ("tell", "show") and any(w in WH or w in ("if", "whether") for w in low[1:4]):
        return True
    for k, lem in enumerate(lemmas[:4]):
        if lem in ("wonder", "ask") and any(w in WH or w in ("if", "whether") for w in low[k + 1:k + 3]):
            return True
        if lem == "know" and k >= 1 and lemmas[k - 1] in ("to", "need", "want") and \
                any(w in WH or w in ("if", "whether") for w in low[k + 1:k + 3]):
            return True
    return False


def _statement(parse) -> bool:
    """A sentence that says what someone does ("I check whether the door is locked?",
    "Kit opens the door?"): its subject, then a verb that is not an auxiliary."""
    k, first = first_word(parse)
    if not parse.parsed:
        return first in ("i", "we") and len(parse) > k + 1 and parse[k + 1].pos not in ("AUX",)
    roots = [i for i in parse.roots() if parse[i].pos in ("VERB", "AUX")]
    if not roots:
        return False
    root = parse[roots[0]]
    subject = next((i for i in parse.children(roots[0]) if parse[i].dep in ("nsubj", "nsubjpass")), None)
    if subject is None or subject > roots[0]:
        return False  # no subject, or the subject after the verb: a question's order
    before = [t for t in parse[:subject] if t.text[:1].isalnum()]
    if any(t.pos == "AUX" or t.lower in WH for t in before):
        return False
    if root.pos == "AUX":
        return False  # "Kit is hurt?": asking whether a thing is so
    if parse[subject].lower in ("i", "we") and root.tag in ("VBP", "VB", "VBZ", "VBD"):
        return not any(parse[i].lower in ("ok", "alive", "dead", "hurt") for i in parse.children(roots[0]))
    return root.tag in ("VBZ", "VBP") and parse[subject].pos in ("PROPN", "PRON")
