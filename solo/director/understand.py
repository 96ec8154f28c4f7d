"""Reading a question: what it is about, and what it asks of it.

The rules put table talk at the centre of play ("The Director and players narrate the events
leading up to this moment through conversation and asking questions from each other"), and
players word their questions as people do: "is everybody still with us?", "what's Kit
carrying?", "whos hurt", "did Randy make it". The director reads each into

- what it is **about** (:class:`Mention`): a character (by name, "I"/"me", "he"/"she"), the
  group ("we", "everyone", "anyone else"), a thing someone carries or lost, a place of the
  setting, the Killer, or the night itself — found with the night's own words (its names,
  things, places and Killer; :class:`Lexicon`), and
- what it **asks** of it: alive, dead, with us, how many, hurt, carrying, lost, where, what
  it looks like, why, how dangerous, what time, what happened … (:data:`ASKS`),

from spaCy's parse (:mod:`solo.english`): the subject of the sentence, the lemmas of its words
("carrying" → carry, "got" → get), and whether the line asks at all ("I check whether the
door is locked?" is an action; "who is hurt" is a question). A word one letter off a word the
director listens for ("hurtt", "evryone") or a name ("Randdy") is read as that word.
"""

from __future__ import annotations

import re
from dataclasses import field

from .. import english
from ..english import one_edit
from ..pronouns import pronouns_of
from ..values import Value

__all__ = ["Lexicon", "Mention", "Reading", "read", "is_question"]


# ---------------------------------------------------------------------- the words listened for

#: What a question may ask, and the words (or lemmas) that ask it. A phrase matches a run of
#: words; a word matches a word as typed or its lemma.
ASKS: dict[str, tuple[str, ...]] = {
    "alive": ("alive", "live", "living", "breathe", "breathing", "survive", "make it", "pull through", "kick",
              "among the living", "with the living", "still standing", "hang in", "still with we"),
    "dead": ("dead", "die", "kill", "murder", "gone", "goner", "bite it", "bite the dust", "kick the bucket",
             "buy it", "croak", "perish", "slaughter", "butcher", "body", "corpse", "deceased", "no longer with",
             "snuff", "gut", "stab to death", "RIP", "rip", "offed", "get offed", "toast", "buy the farm", "worm food",
             "snuff it", "six feet under", "push up daisies", "flatline", "waste", "wasted", "get got", "dust"),
    "with": ("with we", "with the group", "tag along", "stick with", "around", "here", "present", "nearby",
             "with the rest", "with everyone", "with the other", "with i", "still with", "about", "still about"),
    "ok": ("ok", "okay", "alright", "all right", "fine", "unhurt", "unharmed", "uninjured", "unscathed",
           "without a scratch", "in one piece", "hold up", "good", "in good shape", "in shape"),
    "hurt": ("hurt", "injure", "injured", "injury", "wound", "wounded", "bleed", "bleeding", "harm", "harmed",
             "pain", "limp", "limping", "bruise", "bruised", "banged up", "bang up", "messed up", "mess up",
             "beat up", "busted up", "strike", "cut", "damage", "shape", "condition", "wrong with", "how bad",
             "scratch", "scrape", "health", "hp", "hit", "shot", "stab", "wreck", "rough shape",
             "rough up", "roughed up", "get on", "getting on", "hold up", "holding up", "cope", "coping"),
    "holds": ("carry", "carrying", "hold", "holding", "have", "bring", "pack", "possess", "keep", "got",
              "on they", "on he", "on she", "on i", "on we", "on him", "on her", "on them", "on me", "on us",
              "in pocket", "gear", "stuff", "equipment", "inventory", "item", "supplies", "belongings", "loot",
              "hand", "grab", "armed", "lug", "tote", "bag", "backpack", "pocket", "packing", "lugging", "hauling", "haul"),
    "lost": ("lose", "lost", "drop", "miss", "missing", "gone", "take", "steal", "stolen", "leave behind",
             "ditch", "left behind", "snatch", "misplace"),
    "count": ("how many", "left", "remain", "remaining", "survivor", "headcount", "head count", "count",
              "still alive", "still standing", "still around", "still here", "roll call", "still breathe"),
    "alone": ("alone", "just i", "only i", "only one", "last one", "only survivor", "by myself", "last person",
              "on my own", "last survivor", "last man", "last girl", "final girl", "everyone else",
              "everybody else", "all the other", "rest of", "the other", "anyone else", "anybody else", "final",
              "sole survivor"),
    "look": ("look like", "describe", "appearance", "wear", "face", "see", "dress", "mask", "look", "tall",
             "get a look", "glimpse", "clothes", "what do it look", "description"),
    "weapon": ("weapon", "armed", "arm", "kill with", "use", "knife", "blade", "wield", "swing", "stab with",
               "attack with", "fight with", "carry", "hold", "have", "got", "in hand", "in its hand", "pack",
               "packing"),
    "legend": ("story", "legend", "history", "before", "rumor", "rumour", "myth", "tale", "backstory", "origin",
               "come from", "curse", "happen here", "why", "want", "motive", "reason", "local",
               "past", "lore", "background"),
    "weakness": ("weakness", "weak", "stop", "beat", "defeat", "afraid", "scared", "fear", "know about",
                 "vulnerable", "kill", "hurt", "survive it", "fight", "learn", "slow", "destroy"),
    "danger": ("dangerous", "danger", "risky", "risk", "bad", "hard", "difficult", "deadly", "threat", "odds",
               "chance", "up against", "facing", "face", "scary", "serious", "trouble", "severe", "lethal",
               "tough", "rough", "grim", "screwed", "doomed", "safe", "bad news", "threat level", "deep", "dicey",
               "hairy", "sketchy", "nasty"),
    "time": ("time", "clock", "late", "hour", "o'clock", "midnight", "early", "how far into"),
    "dawn": ("dawn", "morning", "sunrise", "sunup", "daylight", "daybreak", "first light", "endgame",
             "through the night", "sun come up", "sun up", "sun rise", "final stretch", "home stretch",
             "close to the end", "near the end", "almost over", "nearly over", "almost done", "nearly done",
             "end of the night", "night almost", "night nearly", "night over", "last stretch", "final act", "sun",
             "night end", "night is end", "night left", "much night", "much longer", "much more of this"),
    "happened": ("happen", "become of", "go on", "deal with", "up with", "news", "status", "story with",
                 "what about", "how about", "befall", "go down", "do to", "happend", "do with"),
    "contents": ("in", "inside", "find", "there", "contain", "hold", "keep", "store", "look in", "hide in",
                 "useful"),
    "cut": ("cut", "cut off", "block", "blocked", "go back", "get back", "return", "reach", "get to",
            "make it to", "way to", "way back", "head back", "run back", "back to"),
    "genre": ("genre point", "genre", "gp"),
    "difficulty": ("difficulty", "need to roll", "roll", "target", "threat card", "card", "number to beat"),
}

#: First words that ask for an account, not a yes or a no ("describe it", "tell me about …").
_REQUESTS = frozenset("describe tell explain show name list give remind".split())
#: Words for the cast as a whole, and what of it they count ("all", "any", "none").
GROUP = {"we": "we", "us": "we", "our": "we", "ours": "we", "ourselves": "we", "everyone": "all",
         "everybody": "all", "all": "all", "each": "all", "anyone": "any", "anybody": "any", "someone": "any",
         "somebody": "any", "any": "any", "nobody": "none", "noone": "none", "none": "none", "y'all": "we",
         "guys": "we", "group": "we", "others": "we", "rest": "we", "team": "we", "people": "we", "cast": "we",
         "crew": "we", "party": "we"}
SELF = frozenset("i me my mine myself".split())
_PRONOUNS = SELF | frozenset("he him his himself she her hers herself".split())
#: Words for the Killer, whatever the setting calls it.
KILLER = frozenset("killer murderer slasher maniac psycho psychopath monster stalker creature attacker "
                   "thing guy figure shape masked".split())
NIGHT = frozenset("time clock hour late midnight dawn morning sunrise sunup daylight daybreak tonight".split())
WH = ("what", "who", "whom", "whose", "where", "why", "how", "which", "when")
#: First words of a line that open a yes/no question.
AUX = frozenset("is are was were am do does did can could will would shall should may might must has have had "
                "isn't aren't wasn't weren't don't doesn't didn't can't couldn't won't wouldn't shouldn't "
                "hasn't haven't hadn't ain't".split())
#: Misspellings players make of the words that join a question ("whos" for "who's").
CONTRACTIONS = {"whos": "who's", "whats": "what's", "wheres": "where's", "hows": "how's", "whys": "why's",
                "thats": "that's", "isnt": "isn't", "arent": "aren't", "wasnt": "wasn't", "werent": "weren't",
                "didnt": "didn't", "doesnt": "doesn't", "dont": "don't", "hasnt": "hasn't", "havent": "haven't",
                "cant": "can't", "couldnt": "couldn't", "im": "I'm", "ive": "I've", "whered": "where'd",
                "whatd": "what'd", "whod": "who'd", "hes": "he's", "shes": "she's", "theyre": "they're",
                "u": "you", "r": "are", "ur": "your", "ppl": "people", "every1": "everyone", "any1": "anyone",
                "some1": "someone", "no1": "no one", "rn": "now", "tho": "though", "pls": "please",
                "wat": "what", "wut": "what", "whr": "where", "alrite": "alright", "k": "ok", "w": "with",
                "w/": "with", "kickin": "kicking", "breathin": "breathing", "nothin": "nothing", "somethin": "something",
                "goin": "going", "doin": "doing", "holdin": "holding", "carryin": "carrying", "bleedin": "bleeding"}
#: Chatter around a question that is not part of it ("ok so", "you think", "or what").
_FILLER_HEAD = re.compile(r"^(?:(?:ok(?:ay)?|so|wait|hey|um+|uh+|and|but|well|oh|god|oh god|alright|right|"
                          r"hmm+|quick question|question|director|dm|gm|yo|sorry|also|now|then|ok so|wait so)"
                          r"[\s,:;.!-]+)+", re.I)
_FILLER_TAIL = re.compile(r"(?:[\s,;-]+(?:do you think|you think|d'you think|i think|i guess|i wonder|you reckon|"
                          r"right|or what|or not|or no|yeah|yes or no|huh|eh|then|now|tho|though|please|again|"
                          r"at all|anymore|any more|for real|really|honestly|by now|yet|so far|still|lol|man|"
                          r"dude|guys|director|if i may ask|if you don't mind|mate|bro|bruh|(?:is|isn't|are|aren't|was|wasn't|did|didn't|does|doesn't|has|hasn't|"
                          r"have|haven't|can|can't|will|won't) (?:it|we|he|she|they|you|i|there)))+\s*(?=[?.!]*$)",
                          re.I)
#: A question asked through another ("could you tell me where Kit is", "I'd like to know if …").
_ASKED_THROUGH = re.compile(
    r"^(?:(?:could|can|would|will) (?:you|someone|anyone) (?:please )?(?:tell|show|remind) (?:me|us)|"
    r"(?:(?:could|can|would|will) you )?(?:please |kindly )?(?:tell|show|remind) (?:me|us)|"
    r"(?:would|do) you mind telling (?:me|us)|mind telling (?:me|us)|i'?d (?:like|love) to know|"
    r"i (?:should|would) like to know|i (?:want|need|wanna) to know|"
    r"i wanna know|we (?:want|need) to know|do (?:you|we|i|any of us) (?:know|remember)|does (?:anyone|anybody) "
    r"know|any idea|i wonder|i'm wondering|i am wondering|i was wondering|wondering|i'm curious|curious)"
    r"[\s,:]*(?:(?P<yesno>whether|if)\b\s*)?", re.I)
_ODDS_FIRST = re.compile(r"^(?:very unlikely|very likely|unlikely|likely|even|50/50)\s*[:,\-—]\s*", re.I)
#: Words spelled right that a typo of a listened-for word must not be read as.
_COMMON = frozenset("dear deaf head heat hurl hunt hurry live give move mine line kind find fine hold bold "
                    "gold told cold hard card ward word lost last list most must host post goes does done "
                    "gone bone none one once rest test best nest lest left lift loft soft life wife safe "
                    "sane same game name came come some home here there where were wear near dead deed "
                    "keys key flare flair stare store start".split())


def _listened() -> frozenset[str]:
    words = {w for phrases in ASKS.values() for p in phrases for w in p.split() if len(w) >= 4}
    words |= set(GROUP) | KILLER | NIGHT | {"everyone", "everybody", "anyone", "anybody", "alive", "still",
                                            "carrying", "injured", "bleeding", "wounded", "killed", "happened",
                                            "dangerous", "weapon", "survived", "holding", "dropped", "where",
                                            "what", "which", "there", "group", "their", "people", "doing"}
    return frozenset(w for w in words if len(w) >= 4 and w.isalpha())


_LISTENED: frozenset[str] | None = None


def _fix_typo(word: str, extra: frozenset[str] = frozenset()) -> str | None:
    """The listened-for word (or night's word in ``extra``) ``word`` is one slip from, if
    exactly one: a letter added, dropped or swapped with its neighbour (4 letters or more), or
    changed (5 or more)."""
    global _LISTENED
    if _LISTENED is None:
        _LISTENED = _listened()
    low = word.lower()
    if len(low) < 4 or not low.isalpha() or low in _LISTENED or low in extra or low in _COMMON:
        return None
    found = [w for w in (_LISTENED | extra) if abs(len(w) - len(low)) <= 1 and one_edit(low, w)
             and (len(w) != len(low) or len(low) >= 5 or sorted(w) == sorted(low))]
    if len(found) > 1:  # a slip keeps the first letter, and more often drops a letter than adds one
        found = [w for w in found if w[0] == low[0]] or found
        longer = [w for w in found if len(w) > len(low)]
        found = longer if len(longer) == 1 else found
    if len(found) != 1 or english.known_word(low):  # "hurting" is not a slip for "hunting"
        return None
    return found[0]


# ---------------------------------------------------------------------- the night's words


class Thing(Value):
    """A thing of the fiction a question may name: its short name and the words it goes by."""

    name: str  # the story's short name ("road flare")
    words: tuple[tuple[str, ...], ...]  # lemma runs that name it, longest first


class Place(Value):
    location: str  # as the setting gives it
    short: str  # "the chapel"
    words: tuple[str, ...]  # content lemmas of the short name ("chapel")


class Lexicon:
    """The night's own words: its characters (names and pronouns), the things they carry and
    lost, its places, and its Killer."""

    def __init__(self, names, pronouns=(), things=(), places=(), killer_name: str = "the Killer",
                 here: str | None = None) -> None:
        self.names = [str(n) for n in names]
        self.pronouns = [pronouns_of(p) for p in pronouns] or [pronouns_of(None) for _ in self.names]
        self.things = [Thing(t, _name_runs(t)) for t in dict.fromkeys(things) if t]
        self.places = [Place(p, *_place_words(p)) for p in dict.fromkeys(places) if p]
        self.killer_words = frozenset(w for w in _words(killer_name) if w not in ("the", "a", "an"))
        self.here = here
        self.extra = frozenset(n.lower() for n in self.names if n.isalpha()) | \
            frozenset(w for t in self.things for run in t.words for w in run if len(w) >= 3 and w.isalpha())

    @classmethod
    def of(cls, game, fiction) -> "Lexicon":
        things = [*(i for p in fiction.people for i in p.items + p.lost)]
        return cls([c.name for c in game.cast], [p.pronouns for p in fiction.people], things,
                   list(fiction.locations), fiction.killer.get("name") or "the Killer", fiction.location)


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+(?:'[a-z]+)?", str(text).lower().replace("\u2019", "'"))


_STOP = frozenset("the a an of to in on at by for from with and or 's his her their its my our your some "
                  "old".split())


def _name_runs(name: str) -> tuple[tuple[str, ...], ...]:
    """The lemma runs a thing goes by: its whole name and its last word ("road flare",
    "flare"; "truck keys", "keys" → key)."""
    ws = [w for w in _words(name) if w not in ("a", "an", "the")]
    ws = [w[:-2] if w.endswith("'s") else w for w in ws]
    lemmas = tuple(_singular(w) for w in ws)
    runs = {lemmas}
    if lemmas:
        runs.add(lemmas[-1:])
        if len(lemmas) >= 2:
            runs.add(lemmas[-2:])
    return tuple(sorted(runs, key=len, reverse=True))


def _singular(word: str) -> str:
    if len(word) > 3 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def _place_words(location: str) -> tuple[str, tuple[str, ...]]:
    from ..places import short_place

    short = short_place(location)
    ws = tuple(_singular(w[:-2] if w.endswith("'s") else w) for w in _words(short) if w not in _STOP)
    return short, ws


# ---------------------------------------------------------------------- what a reading holds


class Mention(Value):
    """Something a question names: ``kind`` is person, group, thing, place, killer, night or
    here; ``ref`` the character's index, the thing's or place's name, or the group's count
    ("all", "any", "none", "we")."""

    kind: str
    ref: object
    start: int
    end: int  # token indices, end excluded
    text: str  # as typed
    other: bool = False  # "anyone else", "the others": the group without the one who asks


class Reading(Value):
    """A question as the director reads it."""

    text: str  # as asked (cleaned)
    question: bool  # it asks (False: a statement or an action, whatever its last character)
    form: str  # "yesno" or "open"
    wh: str | None  # what, who, where, why, how, which, when, whose; "how many", "how long"
    about: Mention | None  # what it is about
    mentions: tuple  # every mention, in order
    asks: tuple[str, ...]  # every kind of ask its words carry, strongest first
    ask: str | None  # what it asks of what it is about (see _decide)
    negated: bool  # asked the other way round ("is Randy not dead?")
    subject: tuple[int, int] | None = None  # the subject's tokens, for a restatement
    parse: tuple = field(default_factory=tuple)

    def mentioned(self, kind: str) -> list[Mention]:
        return [m for m in self.mentions if m.kind == kind]

    def first(self, kind: str) -> Mention | None:
        """The first mention of ``kind``; of characters, one named by name before one named
        "I" or "she" ("where can I find Jesse?" is about Jesse)."""
        found = [m for m in self.mentions if m.kind == kind]
        if kind == "person" and len(found) > 1:
            named = [m for m in found if m.text.lower() not in _PRONOUNS]
            found = named or found
        return found[0] if found else None


# ---------------------------------------------------------------------- reading


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


#: Words of chatter before a question ("bruh who's even left", "ok real talk who's alive").
_CHATTER = frozenset("bruh yo ok okay so like real talk um uh hey wait listen look seriously honestly guys man dude bro "
                     "alright right well hmm erm also anyway and but quick question omg god jeez ugh oh lol".split())


def _lead_in(body: str, extra: frozenset[str]) -> str:
    """Chatter before the question proper ("bruh who's even left"), dropped."""
    words = body.split(" ")
    for k, w in enumerate(words[1:4], 1):
        core = re.sub(r"'(?:s|re|d|ll|ve|m)$", "", w.lower().strip(",;:"))
        if core in WH and k + 1 < len(words):
            if all(x.lower().strip(",;:-?!.") in _CHATTER for x in words[:k]):
                return " ".join(words[k:])
            break
    return body


def tidy(text: str, extra: frozenset[str] = frozenset()) -> str:
    """The question without chatter around it, its slips of the keyboard mended: "ok so
    whos hurtt, you think?" → "who's hurt?"."""
    text = _ODDS_FIRST.sub("", english.normal(text))
    head = _FILLER_HEAD.match(text)
    if head and head.end() < len(text):
        text = text[head.end():]
    through = _ASKED_THROUGH.match(text)
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
        new = _FILLER_TAIL.sub("", body).rstrip(" ,;-?!.")
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
            fix = _fix_typo(core, extra)
        out.append(w.replace(core, fix, 1) if fix else w)
    return " ".join(out) + mark


def _first_word(parse) -> tuple[int, str]:
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
    through = _ASKED_THROUGH.match(raw)
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
    return _asks_indirectly(parse) or not _statement(parse)


def _asks_indirectly(parse) -> bool:
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
    k, first = _first_word(parse)
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


def read(text: str, lexicon: Lexicon, asker: int | None = None, focus: int | None = None) -> Reading:
    """Read ``text`` against the night's ``lexicon``; ``asker`` is who asks ("I"), ``focus``
    the character the talk was last about ("is she ok?")."""
    said = tidy(text, lexicon.extra)
    parse = english.parse(said)
    question = is_question(text)
    k, first = _first_word(parse)
    first = re.sub(r"'(?:s|re|d|ll|ve|m)$", "", first)
    wh = first if first in WH else None
    if wh is None and parse.parsed:  # "so Kit's carrying what?", "and Kit is where", "Dana where"
        last = max((i for i, t in enumerate(parse) if t.text[:1].isalnum()), default=-1)
        wh = next((t.lower for i, t in enumerate(parse) if t.lower in WH and (
            t.dep in ("dobj", "advmod", "attr", "pobj") or i == last or t.head == i or
            (i and parse[i - 1].text in (",", "?", "!", ":", ";", "-", "...")))), None)
    if wh is None and any(t.lower in ("whereabouts",) for t in parse):
        wh = "where"
    if wh is None:
        inner = next((t.lower for t in parse[k + 1:k + 5] if t.lower in WH), None)
        if inner and _asks_indirectly(parse):
            wh = inner
    lows = [t.lower for t in parse]
    if wh == "how":
        at = lows.index("how") if "how" in lows else 0
        nxt = lows[at + 1] if at + 1 < len(lows) else ""
        if nxt == "many" or (nxt == "much" and "of" in lows[at + 2:at + 3]):
            wh = "how many"  # ("how much of us are left")
        elif nxt in ("long", "soon", "close", "near", "far") and any(w in NIGHT or w in ("over", "light") for w in lows):
            wh = "how long"
    content = [t for t in parse if t.pos in ("NOUN", "PROPN", "ADJ", "VERB", "AUX", "ADV")]
    verbless = parse.parsed and not any(t.pos in ("VERB", "AUX") for t in parse) and bool(content) and \
        content[-1].pos == "NOUN" and not any(t.lower in ("nearly", "almost", "still", "already", "close", "yet")
                                              for t in parse)  # "location??" asks for it; "Kit alive?" yes or no
    verbless = verbless or (len([t for t in parse if t.text[:1].isalnum()]) == 1 and len(content) == 1 and
                            content[0].tag in ("NN", "NNS", "VB", "VBP"))  # "headcount?", "weakness??"
    if verbless and wh is None:
        wh = "what"
    form = "open" if wh or (parse and parse[k].lemma.lower() in _REQUESTS) or verbless else "yesno"
    mentions = _mentions(parse, lexicon, asker, focus)
    asks = _asks(parse, mentions)
    negated = _negated(parse)
    about = _about(parse, mentions, wh)
    reading = Reading(said, question, form, wh, about, tuple(mentions), asks, None, negated,
                      _subject_span(parse), parse)
    ask = _decide(reading)
    return Reading(said, question, form, wh, about, tuple(mentions), asks, ask, negated, reading.subject, parse)


# ---------------------------------------------------------------------- mentions


def _lemmas(parse) -> list[str]:
    out = []
    for t in parse:
        lem = t.lemma.lower()
        if t.lower in ("us",):
            lem = "we"
        out.append(_singular(lem) if t.pos in ("NOUN", "PROPN", "X", "") and lem.isalpha() else lem)
    return out


def _mentions(parse, lex: Lexicon, asker: int | None, focus: int | None) -> list[Mention]:
    lows = [t.lower for t in parse]
    lemmas = _lemmas(parse)
    plain = [_singular(w[:-2] if w.endswith("'s") else w) for w in lows]
    taken = [False] * len(parse)
    found: list[Mention] = []

    def take(kind, ref, start, end, other=False):
        for k in range(start, end):
            taken[k] = True
        found.append(Mention(kind, ref, start, end, parse.text_of(range(start, end)), other))

    def run_at(run, k):
        return all(k + j < len(parse) and (plain[k + j] == w or lemmas[k + j] == w and parse[k + j].pos in (
            "NOUN", "PROPN", "X", "")) for j, w in enumerate(run))  # ("the whistling" is not the tin whistle)

    def things(runs_of_two: bool):
        for thing in sorted(lex.things, key=lambda x: -len(x.words[0])):
            for run in thing.words:
                if (len(run) >= 2) != runs_of_two:
                    continue
                for k in range(len(parse)):
                    if not any(taken[k:k + len(run)]) and run_at(run, k):
                        take("thing", thing.name, k, k + len(run))
                        break
                else:
                    continue
                break

    # things named in full first ("the first-aid kit" is not Kit), then names, then a thing by
    # its last word ("the flare"), then places
    things(True)
    names = [n.lower() for n in lex.names]
    for k, t in enumerate(parse):
        low = t.lower
        if low in names and not taken[k]:
            take("person", names.index(low), k, k + 1)
    for k, t in enumerate(parse):
        if taken[k] or not t.text[:1].isalpha() or len(t.text) < 4:
            continue
        if t.pos in ("PROPN", "NOUN", "X", "ADJ", "VERB", "") and t.lower not in _LISTENED_SAFE():
            near = [i for i, n in enumerate(names) if len(n) >= 4 and one_edit(t.lower, n)]
            if len(near) == 1 and (t.text[:1].isupper() or t.pos in ("PROPN", "X", "")):
                take("person", near[0], k, k + 1)
    things(False)
    best: dict[int, tuple[int, Place]] = {}
    for place in lex.places:
        if not place.words:
            continue
        hits = [k for k in range(len(parse)) if not taken[k] and (plain[k] in place.words or lemmas[k] in place.words)
                and parse[k].dep != "compound"]  # "the cellar door" is a door, not the cellar
        if place.words[-1] in [plain[k] for k in hits] or len(hits) >= 2:
            for k in hits:
                if k not in best or best[k][0] < len(hits):
                    best[k] = (len(hits), place)
    if best:
        by_place: dict[str, list[int]] = {}
        for k, (_, place) in best.items():
            by_place.setdefault(place.location, []).append(k)
        for location, ks in by_place.items():
            start = min(ks)
            while start > 0 and lows[start - 1] in ("the", "a", "an", "'s") or (start > 0 and taken[start - 1] is False
                                                                              and lows[start - 1] == "the"):
                start -= 1
            take("place", location, start, max(ks) + 1)
    for k, t in enumerate(parse):
        if taken[k]:
            continue
        low = t.lower
        if low in SELF or (low == "i" and t.text == "I"):
            if asker is not None:
                take("person", asker, k, k + 1)
            else:
                take("group", "me", k, k + 1)
        elif low in ("he", "him", "his", "she", "her", "hers", "himself", "herself"):
            who = _pronoun(low, lex, focus)
            if who is not None:
                take("person", who, k, k + 1)
            elif low in ("he", "him", "his", "himself"):
                take("it", None, k, k + 1)  # no one of the cast: perhaps the Killer
        elif low in ("it", "its", "itself") and not (k and lemmas[k - 1] in ("make", "bite", "buy", "do", "snuff")
                                                     and parse[k - 1].pos != "AUX"):
            take("it", None, k, k + 1)  # (not "make it", "bite it": those are idioms)
        elif low in GROUP and not (low in ("all", "any", "each", "none", "rest", "party", "group", "people") and
                                   _part_of_other(parse, k)):
            other = any(w in ("else", "other", "others") for w in lows[k:k + 3]) or low in ("others", "rest")
            take("group", GROUP[low], k, k + 1, other)
        elif low in lex.killer_words or low in KILLER or (plain[k] in lex.killer_words):
            if low in ("thing", "guy", "figure", "shape") and not (k and lows[k - 1] in ("the", "that", "this")):
                continue
            start = k - 1 if k and lows[k - 1] in ("the", "that", "this") else k
            take("killer", None, start, k + 1)
        elif low in NIGHT or lemmas[k] in NIGHT:
            take("night", lemmas[k], k, k + 1)
        elif low == "here" or (low == "place" and k and lows[k - 1] == "this"):
            take("here", lex.here, k, k + 1)
    for k, t in enumerate(parse):  # a name the night does not know ("is Randy gone?" with no Randy)
        if not taken[k] and t.pos == "PROPN" and t.text[:1].isupper() and t.text.isalpha() and len(t.text) >= 3 \
                and t.lower not in _LISTENED_SAFE() and (k == 0 or lows[k - 1] not in ("the", "a", "an")) \
                and (k + 1 >= len(parse) or parse[k + 1].pos != "PROPN") and (k == 0 or parse[k - 1].pos != "PROPN"):
            take("stranger", t.text, k, k + 1)
    found.sort(key=lambda m: m.start)
    return found


_SAFE = None


def _LISTENED_SAFE() -> frozenset[str]:
    """Words never read as a mistyped name."""
    global _SAFE
    if _SAFE is None:
        _SAFE = frozenset(w for phrases in ASKS.values() for p in phrases for w in p.split()) | set(GROUP) | \
            KILLER | NIGHT | _COMMON | set(WH) | AUX
    return _SAFE


def _part_of_other(parse, k: int) -> bool:
    """"all right", "any of the keys": a group word that is not about the cast."""
    low = [t.lower for t in parse]
    nxt = low[k + 1] if k + 1 < len(low) else ""
    if low[k] in ("any", "all", "each", "none") and k + 1 < len(low) and parse[k + 1].pos in ("NOUN", "ADJ", "NUM"):
        return True  # "any weaknesses", "all four"
    return nxt in ("right", "clear") or (low[k] in ("any", "all", "none") and nxt == "of" and
                                          not any(w in ("us", "we", "you") for w in low[k + 2:k + 4]))


def _pronoun(word: str, lex: Lexicon, focus: int | None) -> int | None:
    """The character "he" or "she" is: the one the talk was last about, if it fits; else the
    only character it fits."""
    subject = "he" if word in ("he", "him", "his", "himself") else "she"
    fits = [i for i, p in enumerate(lex.pronouns) if p.subject == subject]
    if focus is not None and focus in fits:
        return focus
    return fits[0] if len(fits) == 1 else None


# ---------------------------------------------------------------------- asks


def _asks(parse, mentions: list[Mention]) -> tuple[str, ...]:
    """Every kind of ask the words carry, in the order of the table (mentions' words aside:
    "the first-aid kit" asks nothing of "hurt")."""
    taken = {k for m in mentions if m.kind in ("thing", "place") for k in range(m.start, m.end)}
    lows = [t.lower for t in parse]
    lemmas = [t.lemma.lower() for t in parse]
    left = {k for k, t in enumerate(parse) if t.lower == "left" and any(
        parse[c].dep in ("dobj", "prep") and parse[c].lower not in ("of",) for c in parse.children(k))}
    taken |= left  # "who left the door open?" counts no one
    out = []
    for ask, phrases in ASKS.items():
        for phrase in phrases:
            run = phrase.split()
            if any(all(k + j < len(parse) and (k + j not in taken or ask in ("with", "contents", "cut"))
                       and (lows[k + j] == w or lemmas[k + j] == w) for j, w in enumerate(run))
                   for k in range(len(parse))):
                out.append(ask)
                break
    return tuple(out)


def _negated(parse) -> bool:
    """Asked the other way round: a "not", "never", "no longer" or "no more" on the main verb
    or its predicate, that is not the tag of an inverted auxiliary ("isn't Randy dead?" asks
    whether Randy is dead; "is Randy not dead?" whether he is alive; "is Kit good, not hurt or
    anything?" whether Kit is good)."""
    lows = [t.lower for t in parse]
    k, _ = _first_word(parse)
    main = set(parse.roots()) if parse.parsed else set()
    for r in list(main):  # the root's predicate ("is Kit *good*"), not a clause beside it
        main |= {c for c in parse.children(r) if parse[c].dep in ("acomp", "attr", "xcomp", "ccomp", "oprd", "aux",
                                                                   "auxpass", "prep")}
    for i, w in enumerate(lows):
        two = i + 1 < len(lows) and lows[i + 1] in ("longer", "more")
        none = w == "no" and parse.parsed and parse[i].dep == "det" and not two  # "there is no signal"
        if w in ("not", "n't", "never") or (w == "no" and two) or none:
            if i == k + 1 and parse[k].lower in AUX | {"is", "are", "was", "were", "do", "does", "did"}:
                continue  # "isn't", "didn't" at the front: a tag, not the other way round
            if i >= 1 and lows[i - 1] in ("or",):
                continue  # "alive or not"
            if parse.parsed and parse[i].head not in main and not two:
                continue  # a "not" in another clause
            if i + 1 < len(lows) and lows[i + 1] in ("hurt", "injured", "wounded", "bleeding", "dead") and any(
                    w in ("ok", "okay", "good", "fine", "alright", "alive") for w in lows[:i]):
                continue  # "is Dana good, not hurt?": the "not hurt" says the "good" again
            return True
    return False


def _about(parse, mentions: list[Mention], wh: str | None) -> Mention | None:
    """What the question is about: the mention that is its subject, else the one a
    preposition points at ("what happened to Iris"), else the first."""
    if not mentions:
        return None
    if parse.parsed:
        for m in mentions:
            if any(parse[k].dep in ("nsubj", "nsubjpass", "expl") for k in range(m.start, m.end)) and \
                    m.kind not in ("night",):
                return m
        for m in mentions:
            if any(parse[k].dep == "poss" for k in range(m.start, m.end)):
                return m
    return mentions[0]


def _subject_span(parse) -> tuple[int, int] | None:
    span = _subject_found(parse)
    if span is None:
        return None
    start, end = span
    if end < len(parse) and parse[end].tag == "POS":  # "Iris 's window": the subject is the window
        span = _subject_by_order(parse)
        if span is None:
            return None
        start, end = span
    for k in range(start + 1, end):  # "the window standing open": "standing" begins what is said of it
        t = parse[k]
        if t.lower.endswith(("ing", "ed")) and parse[k - 1].pos in ("NOUN", "PROPN") and t.pos in ("NOUN", "VERB") \
                and (k + 1 >= len(parse) or parse[k + 1].pos in ("ADJ", "ADV", "ADP", "PART", "PUNCT")):
            return start, k
    return span


def _subject_found(parse) -> tuple[int, int] | None:
    """The subject's tokens of a yes/no question ("the cellar door" of "is the cellar door
    standing open?"): the subject noun with what comes before it under it, and the
    prepositions after it that name it ("the door to the cellar"); not a participle or a clause
    after it."""
    if not parse.parsed:
        return None
    if not any(t.dep in ("nsubj", "nsubjpass", "expl") for t in parse):
        return _subject_by_order(parse)
    for k, t in enumerate(parse):
        if t.dep in ("nsubj", "nsubjpass", "expl"):
            if t.lower in PREDICATE_WORDS and t.dep != "expl" or (k > 1 and parse[k - 1].lower in _DEMONSTRATIVES and parse[k - 1].dep ==
                                              "mark"):
                return _subject_by_order(parse)  # "is our radio shut?": "shut" is what is said of the radio
            if t.tag == "DT" and any(parse[j].pos in ("NOUN", "PROPN") for j in range(k + 1, min(len(parse), k + 4))):
                return _subject_by_order(parse)  # "is that (back) door open?": "that" is the door's, not the subject
            start = min(parse.subtree(k))
            end = k + 1
            if end < len(parse) and parse[end].lower == "else":
                end += 1  # "anyone else"
            for c in parse.children(k):
                if c > k and parse[c].dep in ("prep", "poss", "case", "compound"):
                    after = max(parse.subtree(c)) + 1
                    if parse[c].lower in ("of", "to", "'s") or any(
                            t.pos in ("ADJ", "VERB") or t.lower in PREDICATE_WORDS for t in parse[after:]):
                        end = max(end, after)  # "the door to the cellar", "the truck by the gate (locked?)"
            return start, end  # ("is the truck still by the gate?": where it is, is what is asked)
    return None


#: Words that say something of a subject, whatever the parse tagged them ("is our radio *shut*?").
PREDICATE_WORDS = frozenset("open shut closed empty full locked unlocked broken dead alive safe dark lit there here gone "
                            "out off on inside outside upstairs downstairs ready loaded working stuck missing hidden "
                            "quiet still wet dry cold warm hot".split())
_DEMONSTRATIVES = frozenset("that this these those".split())


def _subject_by_order(parse) -> tuple[int, int] | None:
    """A yes/no question the parse found no subject in ("is the music loud", "is that back
    door open"): after the auxiliary, a determiner and what describes a noun, up to the noun
    followed by a word that says something of it."""
    k, first = _first_word(parse)
    if first not in AUX or k + 1 >= len(parse) or (parse[k + 1].pos not in ("DET", "PROPN", "NOUN", "PRON", "ADJ")
                                                   and parse[k + 1].lower not in _DEMONSTRATIVES):
        return None
    for j in range(k + 1, min(len(parse), k + 8)):
        t = parse[j]
        if t.lower in PREDICATE_WORDS and j > k + 1 and parse[j - 1].pos in ("NOUN", "PROPN"):
            return k + 1, j
        if not (t.pos in ("DET", "ADJ", "ADV", "NOUN", "PROPN", "NUM", "PRON") or t.text in ("'s", "-") or
                t.lower in _DEMONSTRATIVES):
            return None
        nxt = parse[j + 1] if j + 1 < len(parse) else None
        if t.pos in ("NOUN", "PROPN") and nxt is not None and nxt.tag != "POS" and (
                nxt.pos in ("ADJ", "ADV", "VERB", "ADP", "PART") or nxt.lower in PREDICATE_WORDS):
            return k + 1, j + 1
    return None


# ---------------------------------------------------------------------- deciding what is asked


_KILL_VERBS = frozenset("get kill take catch grab murder stab slash gut butcher slaughter".split())
_KILLER_DOING = frozenset("follow watch near close here come chase hunt behind around nearby outside inside "
                          "stalk wait hide lurk coming".split())
_WHAT_IS_IT = ("doing this", "kill we", "killing us", "killing everyone", "after we", "after us", "hunting us",
               "dealing with", "up against", "out there", "behind this", "behind all this", "do this")


def _killerish(r: Reading, asks: set, lows: set, lemmas: set) -> bool:
    """The question is about the Killer: it names it, or asks "it"/"he" (no one of the cast)
    what only the Killer is asked (its look, its weapon, a weakness, who is doing this)."""
    if r.first("killer"):
        return True
    text = " ".join(t.lower for t in r.parse)
    if r.wh in ("who", "what") and (any(p in text for p in _WHAT_IS_IT) or re.search(r"\bis that\W*$", text)) and \
            not r.first("person") and not r.first("thing"):
        return True
    if not r.first("it"):
        return False
    if r.first("thing") or r.first("place"):
        return False
    return bool(asks & {"look", "weakness", "legend"}) or r.wh in ("who", "where") or (
        "weapon" in asks and (r.wh in ("what", "which") or {"armed", "weapon", "knife"} & lows)) or bool(
        lemmas & _KILLER_DOING)


def _decide(r: Reading) -> str | None:
    """What the question asks of what it is about: one of the state's kinds (alive, dead,
    with, ok, hurt, holds, lost, count, alone, where, happened, look, weapon, what, legend,
    weakness, danger, time, dawn, contents, cut, genre, difficulty …), or None for what the
    night does not know."""
    asks = set(r.asks)
    wh = r.wh
    person = r.first("person")
    group = r.first("group")
    thing = r.first("thing")
    place = r.first("place")
    lows = {t.lower for t in r.parse}
    lemmas = {t.lemma.lower() for t in r.parse}
    about = r.about

    if "genre" in asks:
        return "genre"
    if "difficulty" in asks and not person and lows & {"card", "difficulty", "roll", "target"}:
        return "difficulty"
    # the night
    if not person and not thing and (wh == "how long" or "dawn" in asks):
        if "time" in asks and wh == "what":
            return "time"
        return "dawn"
    if "time" in asks and (r.first("night") or "far" in lows or "late" in lows) and not person and not thing:
        return "time"
    if wh == "when" and lows & {"sun", "dawn", "morning", "light", "daylight", "over", "end"}:
        return "dawn"
    if r.form == "yesno" and "safe" in lows and not person and not thing and (
            group is not None or r.first("here") or not r.mentions):
        return "safe"  # "are we safe here?": the Threat Card says

    # the Killer, met now? ("is it the killer?", "are we facing the killer?", "is the killer here?")
    killer = r.first("killer")
    if killer is not None and r.form == "yesno" and not person and not thing and (
            any(r.parse[k].dep in ("attr", "dobj") for k in range(killer.start, killer.end)) and (
                lemmas & {"be", "face"}) or lows & {"here"} and "be" in lemmas):
        return "confront"
    if wh in ("who", "whom") and "dead" in asks and not r.first("killer") and not r.first("it"):
        return "who-dead"  # "dead who??", "who got offed"
    if "weakness" in asks and lows & {"weakness", "weaknesses"} and not person:
        return "weakness"
    # the Killer
    if _killerish(r, asks, lows, lemmas):
        if person is not None and lemmas & _KILL_VERBS and wh is None:
            return "dead"  # "did the killer get Jesse?"
        if group is not None and lemmas & _KILL_VERBS and wh is None:
            return "any-dead"  # "has the killer gotten anyone yet?"
        if wh in ("who", "whom") and lemmas & _KILL_VERBS and not (r.about is not None and r.about.kind in (
                "killer", "it") and r.parse[r.about.start].dep in ("nsubj",) and r.parse[r.about.start].head ==
                next((i for i, t in enumerate(r.parse) if t.lower in ("who", "whom")), -1)):
            return "who-dead"  # "who did the killer get?" (not "who killed them?": that asks who the Killer is)
        if person is not None and "happened" in asks:
            return "happened"
        k = _killer_ask(r, asks, wh, lows, lemmas)
        if k:
            return k
    if wh == "why" and not person and not thing and not place and (
            lows & {"this", "us", "we", "me", "i", "happening", "night", "tonight"} or len(r.parse) <= 3):
        return "legend"  # "why is this happening?", "why us?" (not "why is the door open?")
    if "legend" in asks and not person and not thing and lows & {"story", "stories", "legend", "history", "rumor",
                                                                 "rumors", "myth", "tale", "curse", "before",
                                                                 "backstory", "lore", "locals"}:
        return "legend"
    # a thing
    if thing and (asks & {"holds", "lost", "happened", "with"} or wh in ("who", "whom", "where") or (
            person and "with" in lows)) and (
            about is thing or about is None or about.kind in ("group", "it") or wh == "who" or
            (about.kind == "person" and ({"holds", "lost"} & asks or wh in ("where",)))):
        if "happened" in asks and wh in ("what", None):
            return "happened"
        if "lost" in asks and not (wh == "who" and "holds" in asks and not lows & {"lost", "lose", "drop"}):
            return "lost"
        return "holds"  # "who has the flare?", "is the flare still with us?", "is the flare with Kit?"
    # where the group is ("what room are we in?", even where a place of the setting is a room)
    bare = place is not None and place.end - place.start == 1 and place.start and \
        r.parse[place.start - 1].lower in ("what", "which")
    if bare and not person and (about is None or about.kind in ("group", "here", "it", "place")):
        return "where"
    if (wh in ("what", "which", "where") and (lows & {"place", "room", "building"}) and not place and not person
            and (about is None or about.kind in ("group", "here", "it") or "this" in lows)):
        return "where"
    # a place
    if place and not (person and about is person):
        if "cut" in asks and wh != "what":
            return "cut"
        if wh == "what" or "anything" in lows or "useful" in lows or "find" in lemmas:
            if "contents" in asks or lows & {"anything", "useful"}:
                return "contents"
        if wh == "where" and about is place:
            return None
        if lemmas & {"lock", "open", "close", "shut"} and r.form == "yesno":
            return "place-state"
        if "cut" in asks:
            return "cut"
    # a character
    if person and (about is None or about.kind in ("person", "it") or (about.kind == "group" and (
            about.ref == "me" or wh is None and not (asks & {"dead", "alive", "count"})))):
        return _person_ask(r, asks, wh, lows, lemmas, person)
    if not thing:
        g = _group_ask(r, asks, wh, lows, lemmas, group)
        if g:
            return g
    if "danger" in asks and not person and not thing and not place and wh in ("how", "what", None):
        if wh is None and not lows & {"dangerous", "danger", "deadly", "safe", "risky", "screwed", "doomed"}:
            return None
        return "danger"
    if wh == "where" and r.first("here") or (not person and not thing and not place and lows & {
            "location", "whereabouts", "position"}):
        return "where"
    return None


def _killer_ask(r: Reading, asks: set, wh, lows: set, lemmas: set) -> str | None:
    acts = any(r.parse[k].dep == "nsubj" for m in r.mentions if m.kind in ("killer", "it")
               for k in range(m.start, m.end)) or any(t.dep == "dobj" and t.lower in ("us", "we", "people", "everyone",
                                                                                      "them", "me") for t in r.parse)
    if "weakness" in asks and not (acts and lemmas & {"kill", "hurt"} and not lows & {"weakness", "weak"}) and (lows & {"weakness", "weaknesses", "weak", "afraid", "scared", "fear", "vulnerable"}
                               or (wh == "how" and lemmas & {"kill", "stop", "beat", "defeat", "hurt", "fight",
                                                               "slow", "destroy", "survive"})
                               or (wh == "what" and lemmas & {"know", "learn", "hurt", "stop", "kill"})):
        return "weakness"
    if "weapon" in asks and (lows & {"weapon", "weapons", "armed", "knife", "blade", "wield", "hand", "using", "use"}
                             or wh in ("what", "which") and lemmas & {"carry", "hold", "have", "get", "use", "pack"}) \
            or (wh in ("what", "which") and "with" in lows and lemmas & {"kill", "attack", "stab", "murder"}):
        return "weapon"
    if "look" in asks and (wh in ("what", "how", None) or "describe" in lemmas):
        if wh is None and r.form == "yesno" and not lemmas & {"describe", "look", "see", "glimpse"}:
            return "look-has" if lemmas & {"have", "wear", "get"} else None  # "does it have a mask?"
        return "look"
    if "legend" in asks or wh == "why":
        return "legend"
    if wh in ("what", "who"):
        if lemmas & _KILLER_DOING and wh == "what" and lemmas & {"do", "doing"}:
            return "killer-where"
        return "what"
    if wh == "where" or lemmas & _KILLER_DOING:
        return "killer-where"
    if "dead" in asks and wh is None:
        return "killer-dead"
    return None


def _person_ask(r: Reading, asks: set, wh, lows: set, lemmas: set, person: Mention) -> str | None:
    words = [t for t in r.parse if t.text[:1].isalnum()]
    if wh == "where" or (lemmas & {"see"} and wh is None and any(
            r.parse[k].dep == "dobj" for k in range(person.start, person.end))):
        return "where"
    if "happened" in asks and wh in ("what", "how", None):
        return "happened"
    if wh in ("what", "which") and "with" in lows and "wrong" not in lows and any(r.parse[k].dep == "pobj" and r.parse[r.parse[k].head].lower
                                                          == "with" for k in range(person.start, person.end)):
        return "holds"  # "what is with me?", "what things are with Hank?"
    if wh in ("who", "whom") and len(words) <= 4 and "be" in lemmas and not asks & {"hurt", "dead", "alive"}:
        return "who-is"
    if ("lost" in asks or "behind" in lows) and (lows & {"lost", "lose", "drop", "dropped", "missing", "misplaced",
                                                         "ditched"} or "leave" in lemmas and "behind" in lows) and \
            not (wh is None and lemmas & {"lose"} and any(r.parse[k].dep == "dobj"
                                                            for k in range(person.start, person.end))):
        return "lost"
    if "alone" in asks and lows & {"only", "just", "last", "alone", "else", "final", "sole"} and not r.first("group"):
        return "alone"
    if "ok" in asks and lows & {"without", "uninjured", "unhurt", "unharmed", "unscathed", "good", "ok", "okay",
                                "alright", "fine", "right"} and (
            not lows & {"hurt", "wounded", "bleeding", "injured"} or
            re.search(r"\bnot (?:hurt|wounded|bleeding|injured)\b", r.text.lower())):
        return "ok"  # ("is Dana good, not hurt or anything?")
    if "holds" in asks and wh != "how" and (wh in ("what", "which") or lows & {"carrying", "gear", "stuff", "pack",
                                                                          "packing",
                                                              "inventory", "items", "supplies", "pockets",
                                                              "pocket", "on", "equipment", "belongings",
                                                              "lugging", "bag"}) and not lows & {
            "injury", "injuries", "wound", "wounds", "strike", "strikes", "hurt", "pain"}:
        return "holds"
    if lemmas & {"lose"} and wh is None:
        return "dead"  # "did we lose Randy?"
    if "dead" in asks and not ("alive" in asks and "or" in lows):
        return "dead"
    if "alive" in asks:
        return "alive"
    if "with" in asks:
        return "with"
    if "hurt" in asks or (wh == "how" and lemmas & {"be", "do", "hold", "look", "feel"}):
        return "hurt"
    if wh in ("what", "how") and lows & {"wrong", "up", "status", "doing", "condition", "shape"}:
        return "hurt"
    if "holds" in asks and r.form == "yesno" and lows & {"anything", "something", "any"}:
        return "holds"
    if wh is None and len(words) <= 2:
        return "status"
    return None


def _group_ask(r: Reading, asks: set, wh, lows: set, lemmas: set, group: Mention | None) -> str | None:
    count = group.ref if group is not None else None
    me = group is not None and group.ref == "me" or bool(lows & {"i", "me"})
    if "alone" in asks and lows & {"only", "just", "last", "alone", "myself"} and (
            me or (group is not None and group.other) or lows & {"alone", "last", "only"}):
        return "alone"
    if wh == "where":
        return "where"
    if wh in ("who", "whom", "which"):
        if asks & {"hurt", "ok"}:
            return "who-hurt"
        if "dead" in asks or lemmas & {"lose"} or ("lost" in asks and lows & {"lost"}) or (
                "alive" in asks and r.negated):
            return "who-dead"  # "who have we lost?", "who didn't make it?"
        if "holds" in asks:
            return "holds"
        if asks & {"count", "alive", "with"}:
            return "count"
        return None
    if wh == "how many":
        return "who-dead" if "dead" in asks or lemmas & {"lose"} else "count"
    if "count" in asks and wh in ("what", "how"):
        return "count"
    lost_words = lows & {"lost", "lose", "drop", "dropped", "missing", "ditched", "misplaced", "gone"} or \
        lemmas & {"lose", "drop"} or ("leave" in lemmas and "behind" in lows)
    people = lows & {"anyone", "anybody", "someone", "somebody", "one", "people", "person", "member", "friend"}
    if lost_words and wh in ("what", "which"):
        return "lost"
    if lost_words and not people and lows & {"anything", "something", "stuff", "gear", "things", "thing", "item",
                                               "items"}:
        return "lost"  # "did we lose anything?", "lost stuff??"
    if "holds" in asks and (wh in ("what", "which") or lows & {"gear", "stuff", "supplies", "equipment", "inventory",
                                                              "items", "belongings"}) and not lows & {"hurt", "injury",
                                                                                                      "injuries"}:
        return "holds"
    if wh is None and group is not None:
        if "dead" in asks or (lemmas & {"lose"} and people):
            return "all-dead" if count == "all" else "any-dead"
        if "hurt" in asks and "ok" not in asks:
            return "any-hurt"
        if "ok" in asks:
            return "all-ok"
        if asks & {"alive", "with", "count"}:
            return "all-alive"
    doing = lows & {"doing", "holding", "feeling"} or (lemmas == {"how", "be"} | (lemmas & {"we", "everyone", "everybody",
                                                                                    "everybody", "all"}))
    if wh == "how" and group is not None and (doing and not asks - {"hurt", "ok"} or asks & {"hurt", "ok"}):
        return "who-hurt"  # "how are we doing?", "how is everyone?" (not "how do we open the door?")
    return None
