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


#: A clause that says something rather than asks it ("he's not moving", "my phone's dead").
_SAYS = re.compile(r"^(?:i|i'm|im|i've|i'd|i'll|he|she|he's|she's|it's|its|they|they're|we|we're|we've|my|his|her|"
                   r"our|their|you|you're|your|somebody|someone|nobody|there's|that's|this is|talk to me|show me|"
                   r"somebody tell me|someone tell me|anyone|anybody|please|help|oh|god|dammit|damn|shit|hello)\b",
                   re.I)
_TELL = re.compile(r"^(?:(?:please|somebody|someone|anyone|just) )?tell me\b", re.I)
_PLACEHOLDER = "\x00"


def _asks(part: str) -> bool:
    return _opens_a_question(part) or bool(_TELL.match(part)) and not re.fullmatch(
        r"(?:(?:please|somebody|someone|anyone|just) )?tell me (?:that )?(?:you|he|she|they|it|we|i)(?:'s)? ?\w*(?:n't)?\W*",
        part, re.I)  # ("tell me you do": a plea, not a question)


#: A question's tag: "…, is she?", "…, am i", "…, right?".
_TAG = re.compile(r"(?:(?:is|are|am|was|were|do|does|did|has|have|had|can|could|will|would)(?:n't|nt)?\s+"
                  r"(?:he|she|they|it|we|you|i)|right|yeah|innit|correct)\W*", re.I)


def _tagged(part: str) -> bool:
    """A statement with a tag, which asks ("Dana isn't here with us, is she?")."""
    head, sep, tail = part.rstrip().rpartition(",")
    return bool(sep and head.strip() and _TAG.fullmatch(tail.strip()))


def _request(part: str) -> bool:
    """"describe it", "explain": asking for an account."""
    return bool(re.match(r"^(?:please )?(?:describe|explain)\b", part, re.I))


def _weight(part: str, extra: frozenset[str] = frozenset()) -> tuple:
    """Which of a line's questions is the one asked: a question word's over a yes or no when
    it is short ("is it armed? with what", "has anyone seen Sid? where is he"), then the one
    with most of the words the director listens for ("Marty!! can you hear me? are you
    alive?"), a direct question over "tell me …", the first."""
    from .words import listened_words

    words = [re.sub(r"'(?:s|re|d|ll|ve|m)$", "", w.strip(",;:!?.\"'").lower()) for w in part.split()]
    wh = (words[0] in WH if words else False) or _request(part)
    heard = sum(w in listened_words() for w in words) + 2 * sum(w in extra or w.rstrip("s") in extra for w in words)
    return (wh and len(words) <= 5, _request(part), heard, not _TELL.match(part), part.endswith("?"))


def _topic_of(part: str, extra: frozenset[str]) -> str | None:
    """What a part of a line that does not ask names, if it is short and names a word of the
    night ("Marty?", "the kitchen??", "Jesse...", "someone give me the pocketknife!")."""
    words = part.rstrip(" ?!.,").split()
    short = len(words) <= (5 if words and words[0].lower() in ("the", "a", "an", "my", "our") else 3)
    if words and short and not _SAYS.match(part) and not re.search(
            r"\b(?:is|are|was|am|isnt|arent|wasnt|not|no)\b|n't\b", part, re.I):
        return " ".join(words)
    m = None
    for m in re.finditer(r"\b(?:the|my|our|your|his|her|their)\s+(?:[\w'-]+\s+){0,2}([\w'-]+)", part, re.I):
        if m.group(1).lower() in extra or m.group(1).lower().rstrip("s") in extra:
            return m.group(0)
    return None


def _question_part(text: str, extra: frozenset[str] = frozenset()) -> str:
    """The part of a line that asks, with what it is about when that was said first: "is Hank
    alive? i saw her go down" → "is Hank alive?"; "Jesse isnt moving. is he dead??" → "is he
    dead??"; "Marty? what happened" → "Marty, what happened"; "the kitchen?? what's in it" →
    "what's in the kitchen"; "i'm afraid to ask, but is Randy dead" → "is Randy dead"; "what
    time is it, my phone's dead" → "what time is it"."""
    parts = [p.strip() for p in re.split(r"(?<=[?!.])\s+|\.{3,}\s*|\u2026\s*", text) if p.strip()]
    if len(parts) >= 2:
        asking = [k for k, p in enumerate(parts) if _asks(p) or _request(p) or _tagged(p)] or [
            k for k, p in enumerate(parts) if p.endswith("?") and _topic_of(p, extra) != p.rstrip(" ?!.,")]
        at = max(asking, key=lambda k: (_weight(parts[k], extra), -k)) if asking else None
        wh_after = next((p for p in parts[(at if at is not None else len(parts)) + 1:] if len(p.split()) <= 3 and any(
            w.lower().strip("?,.!") in WH for w in p.split())), None)
        if at is not None and wh_after and (_opens_a_question(parts[at]) or parts[at].endswith("?")):
            return _clauses(parts[at].rstrip(" ?"), extra) + ", " + wh_after  # "is it armed? with what"
        if at is not None and len(parts[at].split()) <= 2 and parts[at].split()[0].lower().strip("?") in WH:
            before = [k for k in range(at) if _asks(parts[k]) or parts[k].endswith("?")]
            if before:  # "is it armed? with what", "does Dana have anything on him? what": one question
                return _clauses(parts[before[-1]].rstrip(" ?"), extra) + ", " + parts[at]
        if at is None:
            if _topic_of(parts[0], extra) == parts[0].rstrip(" ?!.,"):
                return ", ".join(p.rstrip(" ?!.,") for p in parts) + "?"  # "Hank?? hurt", "camera?? gone"
            return _clauses(parts[0], extra)  # "i am alone now? everyone else is dead?": asked twice
        chosen = _clauses(parts[at], extra)
        topic = next((t for t in (_topic_of(p, extra) for p in reversed(parts[:at])) if t), None)
        if topic and not _asks(topic):
            if re.search(r"\b(?:it|there)\b(?=[^\w]*$)", chosen):  # "the kitchen?? what's in it"
                return re.sub(r"\b(?:it|there)\b(?=[^\w]*$)", topic, chosen, count=1, flags=re.I)
            if len(topic.split()) <= 4 and not _opens_a_question(topic):
                return f"{topic}, {chosen}"  # "Marty? what happened": Marty is what it is about
        return chosen
    return _clauses(text, extra)


def _clauses(text: str, extra: frozenset[str] = frozenset()) -> str:
    """One sentence's asking clause: what follows it that says something is left out ("is
    Dana still breathing, he's not moving"), and chatter or a topic before it is handled ("i'm
    afraid to ask, but is Randy dead", "the camera, who has it")."""
    either = re.search(r"\s+or\s+(?=(?:did|do|does|is|are|was|were|has|have|can|could)\s)", text)
    if either and _opens_a_question(text[:either.start()]):
        return _clauses(text[:either.start()], extra)  # "does the car start or is it dead": the first is asked
    pieces = re.split(r",\s+", text)
    if len(pieces) >= 3 and _TAG.fullmatch(pieces[-1].strip()) and not _asks(pieces[-2]):
        return ", ".join(pieces[-2:])  # "i think it got me, i'm not bleeding, am i": the statement its tag asks
    if len(pieces) > 1 and _asks(pieces[0]):
        later = [k for k, p in enumerate(pieces) if k and _opens_a_question(p) and len(p.split()) > 2]
        first_wh = pieces[0].split()[0].lower().strip(",") in WH
        if later and not first_wh and _weight(pieces[later[0]], extra) >= _weight(pieces[0], extra):
            return _clauses(", ".join(pieces[later[0]:]), extra)  # "is that my blood, am i hurt?"
        kept = [pieces[0]]
        for piece in pieces[1:]:
            if _SAYS.match(piece) or (_asks(piece) and len(piece.split()) > 2 and not re.fullmatch(
                    r"\w+(?:n't)?(?: not)? (?:it|we|he|she|they|you|i|there)\W*", piece, re.I)):
                break  # a clause that says something, or a second question: the first is asked
            kept.append(piece)
        return ", ".join(kept) + ("?" if text.rstrip().endswith("?") and not kept[-1].endswith("?") else "")
    if not _opens_a_question(text):
        for m in re.finditer(r"(?:,|\bbut|\bso)\s+(?=\S)", text):
            rest = text[m.end():]
            tag = re.fullmatch(r"\s*\w+(?:n't)?(?: not)? (?:it|we|he|she|they|you|i|there)\W*", rest, re.I)
            if _opens_a_question(rest) and len(rest.split()) >= 2 and not tag:  # (not "…, isn't it?")
                topic = text[:m.start()].strip(" ,")
                if len(topic.split()) <= 4 and _topic_of(topic, extra) == topic.rstrip(" ?!.,") and not re.search(
                        r"\b(?:i|i'm|me|my|we|we're|us|our|you|is|are|was|am|but|pardon|sorry|excuse|please)\b",
                        topic, re.I):
                    if re.search(r"\bit\b(?=[^\w]*$)", rest):  # "the camera, who has it": it is the camera
                        return re.sub(r"\bit\b(?=[^\w]*$)", topic, rest, count=1)
                    return f"{topic}, {_clauses(rest, extra)}"
                thing = _topic_of(topic, extra)
                if thing and re.search(r"\bit\b(?=[^\w]*$)", rest):  # "we still have the keys, who's got it?"
                    return re.sub(r"\bit\b(?=[^\w]*$)", thing, _clauses(rest, extra), count=1)
                named = next((w.strip(",;:!?.") for w in topic.split() if w.strip(",;:!?.").lower() in extra), None)
                if named:  # "Hank, talk to me, how bad is it": Hank is who it is about
                    return f"{named}, {_clauses(rest, extra)}"
                return _clauses(rest, extra)
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


#: An oath after a question word ("where the hell", "what on earth", "who in god's name").
OATH = re.compile(r"\b((?:where|what|who|how|why|when|which)(?:'s|'re)?)\s+(?:in\s+)?(?:the\s+(?:hell|heck|fuck|"
                  r"devil|blazes)|on earth|in god's name|in the world)\b", re.I)


#: Chat idioms for what the director already listens for, said plainly.
CHAT_IDIOMS = tuple((re.compile(a, re.I), b) for a, b in (
    (r"\bwhat(?:'s|s| is) (\w+?)(?:'s|s'|s)? (?:situation|deal|status)\b", r"what happened to \1"),
    (r"\b(?:any )?(?:update|word|news) on (\w+)\b", r"what happened to \1"),
    (r"\bwhat did (\w+) (?:go through|run into)\b", r"what happened to \1"),
    (r"\b(?:has|did) (\w+) (?:run|ran) into (?:trouble|the killer|it)(?: or what)?\b", r"what happened to \1"),
    (r"^(\w+),? what went wrong\b", r"what happened to \1"),
    (r"\b(?:still )?in the game\b", "still alive"),
    (r"\bstill got a (?:heartbeat|pulse)\b", "still alive"),
    (r"\bgot a (?:heartbeat|pulse)\b", "alive"),
    (r"\b(?:up and (?:moving|about|walking)|still kicking)\b", "alive"),
    (r"\bdid (\w+) kick it\b", r"did \1 die"),
    (r"\b(has|have) (\w+) kicked it\b", r"\1 \2 died"),
    (r"\b(\w+) kicked it\b", r"\1 died"),
    (r"\bdid (\w+) pass(?: on| away)?\b", r"did \1 die"),
    (r"\b(has|have) (\w+) passed(?: on| away)?\b", r"\1 \2 died"),
    (r"\b(\w+) passed(?: on| away)?\b(?! (?:the|a|an|my|your|his|her|their|it|through|by|out)\b)", r"\1 died"),
    (r"\bclose by\b", "nearby"),
    (r"\bwhat (?:are )?we working with\b", "what do we have"),
    (r"\bwhat is this (?:spot|joint|dump|hole)\b", "where are we"),
    (r"\blocation on (\w+)\b", r"where is \1"),
    (r"\b(?:which|what) (?:room|part of (?:the|this) (?:place|house|camp)|building) is (\w+) in\b", r"where is \1"),
    (r"\bwhat state is (\w+) in\b", r"how is \1"),
    (r"\bwhat(?:'s|s| is) on (?!(?:the|a|an|my|your|our|his|her|their|it|this|that)\b)(\w+)(?=\W*$)",
     r"what is \1 carrying"),
    (r"\bwhat(?:'s|s| is) the (\w+(?: \w+)?) situation\b", r"what happened to the \1"),
    (r"\bwhat came of (the \w+(?: \w+)?)\b", r"what happened to \1"),
    (r"\bis (\w+) safe and sound\b", r"is \1 ok"),
    (r"\bis (\w+) all bloody\b", r"is \1 hurt"),
    (r"^(\w+),? any (?:wounds|injuries)\b", r"is \1 hurt"),
    (r"\bany (?:injuries|wounds) on me\b", "am i hurt"),
    (r"\bwho needs (?:first aid|a medic|patching up|a doctor)\b", "who is hurt"),
    (r"\bany deaths(?: yet| so far)?\b", "is anyone dead"),
    (r"\bwho(?:'s|s| has) been taken(?: out)?\b|\bwho got taken out\b", "who is dead"),
    (r"\b(?:we )?still got all (four|three|two|\d) of us\b", r"are all \1 of us still alive"),
    (r"\bis this the (?:final|last) (?:part|stretch|act|bit)\b", "is it the endgame"),
    (r"^endgame yet\b", "is it the endgame yet"),
    (r"\bhow (?:long|much) (?:is )?left (?:in|of) the night\b", "how long until dawn"),
    (r"\bcan (?:you|u) picture the killer(?: for me)?\b", "what does the killer look like"),
    (r"^what weapon\W*$", "what weapon does the killer have"),
    (r"\bwhat(?:'s|s| is) the killer(?:'s|s) weapon\b", "what weapon does the killer have"),
    (r"\bwhat(?:'s|s| is) in the killer(?:'s|s) hands?\b", "what weapon does the killer have"),
    (r"\bwho(?:'s|s| is) doing (?:all )?(?:this|it)\b", "who is the killer"),
    (r"\bis (?:that thing|it) even human\b|\bwhat kind of (?:thing|creature) is (?:it|that)\b", "what is the killer"),
    (r"\bwhat works against (?:it|the killer|that thing)\b", "what is the killer's weakness"),
))
#: A vague alternative at the end ("a radio or something", "hurt or whatever").
VAGUE_TAIL = re.compile(r",?\s+or (?:something|anything|whatever|smth|so)(?: like that)?$", re.I)


@lru_cache(maxsize=1024)
def tidy(text: str, extra: frozenset[str] = frozenset()) -> str:
    """The question without chatter around it, its slips of the keyboard mended: "ok so
    whos hurtt, you think?" → "who's hurt?"."""
    text = ODDS_FIRST.sub("", english.normal(text))
    head = FILLER_HEAD.match(text)
    if head and head.end() < len(text):
        text = text[head.end():]
    told = re.match(r"^(?:(?:please|somebody|someone|anyone|just) )?tell me (?:that )?(?=\S)", text, re.I)
    if told and re.sub(r"'(?:s|re|d|ll|ve|m)$", "", text[told.end():].split(" ")[0].lower()) not in WH + (
            "whether", "if", "about", "the", "a", "an", "our", "my", "your"):
        text = text[told.end():]  # "tell me it's almost morning": is it almost morning?
    through = ASKED_THROUGH.match(text)
    if through and through.end() < len(text):
        after = re.sub(r"'(?:s|re|d|ll|ve|m)$", "", text[through.end():].split(" ")[0].lower())
        if through.group("yesno") or after in WH + ("about", "the", "a", "an", "our", "my", "your"):
            text = text[through.end():]
            if text.lower().startswith("about "):
                text = "what about " + text[6:]
    text = OATH.sub(r"\1", text)  # "where the hell are we": where are we
    for idiom, plain in CHAT_IDIOMS:  # "any word on Sid": what happened to Sid
        text = idiom.sub(plain, text)
    text = _question_part(re.sub(r"\s+[-\u2013\u2014]+\s+", ", ", text), extra)  # "car keys - who has it"
    mark = "?" if text.rstrip().endswith("?") else ""
    body = " ".join(CONTRACTIONS.get(w.lower(), w) for w in text.rstrip(" ?!.").split(" "))
    body = _lead_in(body, extra)
    for _ in range(3):
        new = FILLER_TAIL.sub("", body).rstrip(" ,;-?!.")
        tag = re.search(r"\b(?:it|we|he|she|they|you|i|there)\b", body[len(new):], re.I) is not None
        if new == body or not new or (tag and len(new.split()) < 3):
            break  # "who is he" keeps its "is he"
        body = new
    body = VAGUE_TAIL.sub("", body) or body  # "does the cabin have a radio or something"
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


def is_question(line: str, chat: bool = True) -> bool:
    """Whether ``line`` asks the director something, by reading it: it opens with a question
    word or an auxiliary before its subject ("who is hurt", "is Kit ok"), asks indirectly
    ("I wonder if the door is locked", "tell me who is hurt"), or ends with a question mark
    and is not a statement of what someone does ("I check whether the door is locked?" is an
    action). ``chat``: also as players chat, without a question's word order (see
    :func:`_chat_question`); off where a mistyped command must be told apart first."""
    raw = english.normal(str(line))
    through = ASKED_THROUGH.match(raw)
    if through and through.end() < len(raw) and (through.group("yesno") or re.sub(
            r"'(?:s|re|d|ll|ve|m)$", "", raw[through.end():].split(" ")[0].lower()) in WH):
        return True  # "I wonder if the door is locked", "tell me who is hurt"
    if _TELL.match(raw) and len(raw.split()) > 3:
        return True  # "tell me it's almost morning"
    if _acts(raw):
        return False  # "I answer it. Who is this?": what a character does, and says
    text = tidy(str(line))
    if not text.strip(" ?"):
        return False
    asked = str(line).rstrip().rstrip("\"')]\u201d\u2019").rstrip().endswith("?")
    words = text.lower().replace("\u2019", "'").split()
    first = re.sub(r"'(?:s|re|d|ll|ve|m)$", "", words[0].strip(",;:.!?\"(")) if words else ""
    if first in WH and len(words) >= 2 and not re.match(r"^(?:what|how) (?:a|an)\b", " ".join(words[:2])):
        return True  # "who is hurt", "what's Kit carrying" (not "what a night")
    if first in AUX:
        subject, *rest = [w.strip(",") for w in words[1:]] or [""]
        named = len(text.split()) > 1 and text.split()[1][:1].isupper()
        if not asked and first.endswith("n't") and subject not in _PERSONS and not named:
            return False  # "Don't look down.": an order, not a question
        if asked or (rest and subject != "not" and not (subject in ("it", "you") and first == "do" and len(rest) < 2)
                     and not subject.isdigit() and not all(w.isdigit() for w in rest)):
            return True  # "is Kit ok", "is it in the house", "did you get the keys" (not "do not
            # move", "do it now", "cant Sid", "may 5 3": an auxiliary, a subject and something said of it)
    if first in ANYONE and len(words) >= 2:
        return True  # "anybody hurt", "anyone seen the keys" (typed to the table, it asks)
    if _ADDRESSED.match(text):
        return True  # "laurie are you hurt", "kit did you get the keys", "yo laurie you ok"
    if chat and not asked and _chat_question(str(line), text, words):
        return True
    if not asked:
        return False  # (a line that asks indirectly, "tell me who is hurt", was read above)
    parse = english.parse(text)
    return asks_indirectly(parse) or not _statement(parse)


_PERSONS = frozenset("i you he she it we they anyone anybody someone somebody everyone everybody".split())
#: A chat tag that turns a line into a question ("so Kit made it right", "Kit dead fr").
_TAG_TAIL = re.compile(r"(?:\b(?:right|yeah|huh|fr|for real|or nah|or not|or what|correct|innit|no))[\s?!.]*$", re.I)
#: Question words as players type them, anywhere in a line ("Kit where r u", "the keys went to who").
_WH_ANYWHERE = re.compile(r"\b(?:who|whom|whose|what|where|how|which|when|whats|wheres|whos|hows|wya|wtf|wth)\b"
                          r"|\b(?:who|what|where|how)'s\b", re.I)
#: What a short line with no verb asks about: how someone is, who is left, what is held, the hour.
_STATE_WORDS = frozenset("""alive dead ok okay aight alright fine hurt injured wounded bleeding safe gone around
    living livin heartbeat piece wound wounds injury injuries damage casualty casualties death deaths endgame dawn
    morning sun time hour clock left alone last survivor yet anymore holding carrying breathing hurting endgame
    wounded injured""".split())
_STATE_PHRASE = re.compile(r"\b(?:with|w) (?:us|the group|yall|y'all|everyone|the rest)\b|\bjust (?:me|us)\b"
                           r"|\bme alone\b|\bstill (?:here|around|with)\b|\bin the game\b|\bin one piece\b", re.I)
#: Asking the director to tell: "describe the killer", "time pls".
_REQUEST = re.compile(r"^(?:describe|tell me about|remind me|status|inventory|time|clock|threat level|any|anything)\b",
                      re.I)
#: Words that open a question put to everyone ("anybody hurt", "any1 seen the keys").
ANYONE = frozenset({"anybody", "anyone", "any1", "anyon", "anybdy", "anyome"})
#: One character asking another by name: the name, then "are you …", "did you …", "you ok".
_ADDRESSED = re.compile(
    r"^(?:(?:yo|hey|oi|ok|okay|so|wait|um)[, ]+)?[a-z][\w'-]*,? "
    r"(?:(?:are|were|did|do|have|can|could|will|would|is|was|has|had)(?:n't)? (?:you|ya|y'all|yall)\b"
    r"|(?:you|ya)(?: still| really| even)? (?:ok|okay|alright|good|hurt|alive|there|safe|bleeding|got|have|in one piece"
    r"|hit|fine|with us|holding|carrying)\b)", re.I)
_SENTENCES = re.compile(r"(?<=[.!?\u2026])[\"'\u201d\u2019)]*\s+")


#: Verbs of a report, not an action ("I heard Kit scream. What happened?" asks).
_REPORTS = frozenset("hear see smell feel notice think know need want wonder guess hope remember forget mean "
                     "believe".split())


def _chat_question(raw: str, text: str, words: list[str]) -> bool:
    """A line typed as players chat that asks without a question's word order: a question word
    anywhere ("Kit where r u hiding", "the keys went to who"), a tag ("so Kit made it right",
    "Kit dead fr"), a request ("describe the psycho", "any deaths yet"), or a short line with
    no verb that is finite ("Kit ok", "everyone alive", "just me now", "Kit still holding the
    flare") — and not a line that says what someone does ("I check where the door is",
    "grab the axe")."""
    if len(words) < 2 or re.match(r"^(?:what|how) (?:a|an)\b", text, re.I):
        return False  # one word is a command or a name; "what a night" exclaims
    parse = english.parse(text)
    if not parse.parsed:
        return bool(_TAG_TAIL.search(raw) and len(words) <= 10)
    k, first = first_word(parse)
    if first not in ("i", "we") and parse[k].tag == "VB" and first not in ("describe", "tell", "remind"):
        return False  # an order: "grab the axe", "run!"
    if _statement(parse) and not _TAG_TAIL.search(raw):
        return False  # "I check where the door is", "Kit opens the door"
    if _WH_ANYWHERE.search(raw) or _TAG_TAIL.search(raw) or _REQUEST.match(text):
        return True
    finite = [t for t in parse if t.tag in ("VBZ", "VBP", "VBD", "MD") or (t.tag == "VB" and t.dep == "ROOT")]
    said = any(t.lower in _STATE_WORDS or t.lemma.lower() in _STATE_WORDS for t in parse) or bool(
        _STATE_PHRASE.search(text))
    return not finite and said and len(words) <= 10  # "Kit ok", "Kit still holding the flare" (not "into the woods")


_TO_YOU = ((re.compile(r"\bur (?=\w+ing\b|ok\b|okay\b|hurt\b|alive\b|dead\b|fine\b|safe\b|injured\b|wounded\b)",
                       re.I), "you're "),
           (re.compile(r"\bu\b", re.I), "you"), (re.compile(r"\bya\b", re.I), "you"),
           (re.compile(r"\bur\b", re.I), "your"), (re.compile(r"\br\b(?= you\b)", re.I), "are"))


def readdressed(line: str, names) -> str:
    """A question one character puts to another by name, asked of that character: "laurie r u
    hurt" → "is Laurie hurt", "kit did u get the keys" → "did Kit get the keys", "Sid wya" →
    "where is Sid", "Marty whats in ur bag" → "what's in Marty's bag". ``line`` as it is when
    it names no one first, or says nothing of "you"."""
    m = re.match(r"^(?:(?:yo|hey|oi|ok|okay|so|dude|bro|wait|um)[, ]+)*([A-Za-z][\w'-]*)[,:]?\s+(.+)$", line.strip())
    if not m:
        return line
    name = next((n for n in names if n and n.lower() == m.group(1).lower()), None)
    rest = m.group(2)
    if name is None:
        return line
    if re.fullmatch(r"wya\W*|where (?:u|you) at\W*", rest, re.I):
        return f"where is {name}?"
    for pattern, word in _TO_YOU:
        rest = pattern.sub(word, rest)
    rest = re.sub(r"[\s,]*\b(?:do |d')?you (?:think|reckon|know|guess)\b", "", rest, flags=re.I)
    if not re.match(r"(?:(?:are|were|did|do|have|can|could|will|would|got)\s+you\b|you(?:'re|re)?\b|your\b"
                    r"|(?:what|where|how|who|which)(?:'s|s)?\b.*\byour?\b|is (?:the|your|that|this)\b.*\byou\b)",
                    rest, re.I):
        return line  # "Dana isn't dead you think": not put to Dana
    rest = re.sub(r"\b(are|were|have|do) you\b",
                  lambda k: {"are": "is", "were": "was", "have": "has", "do": "does"}[k.group(1).lower()] + " " + name,
                  rest, flags=re.I)
    rest = re.sub(r"\byou(?:'re|re)\b", f"{name} is", rest, flags=re.I)
    rest = re.sub(r"\byou've\b", f"{name} has", rest, flags=re.I)
    rest = re.sub(r"\byours\b", f"{name}'s", rest, flags=re.I)
    rest = re.sub(r"\byour\b", f"{name}'s", rest, flags=re.I)
    return re.sub(r"\byou\b", name, rest, flags=re.I)


def asked_after(line: str) -> str | None:
    """The question a line asks after saying what someone does ("I answer it. Who is this?" →
    "Who is this?"), or None."""
    raw = english.normal(str(line))
    if not _acts(raw):
        return None
    sentences = [s for s in _SENTENCES.split(raw.strip()) if s.strip(" .!?")]
    at = next((k for k, s in enumerate(sentences) if s.rstrip(" \"'\u201d\u2019)").endswith("?")), None)
    return " ".join(sentences[at:]) if at is not None else None


def _acts(text: str) -> bool:
    """A line of several sentences that first says what someone does ("I answer it. Who is
    this?", "I cross the bridge. Don't look down."): a character's action and words, told, not
    a question to the director. A question first is asked ("who is hurt? I need to know")."""
    sentences = [s for s in _SENTENCES.split(text.strip()) if s.strip(" .!?")]
    if len(sentences) < 2:
        return False
    for s in sentences:
        if s.rstrip(" \"'\u201d\u2019)").endswith("?"):
            return False
        parse = english.parse(s)
        k, first = first_word(parse)
        if parse.parsed and first in ("i", "we") and _statement(parse) and not any(
                parse[r].lemma.lower() in _REPORTS for r in parse.roots()):
            return True
        if not parse.parsed and first in ("i", "we") and len(parse) > k + 1 and parse[k + 1].pos != "AUX" \
                and parse[k + 1].lower not in ("am", "was", "'m", "are", "were", "'re", "have", "'ve", "had"):
            return True
    return False


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
