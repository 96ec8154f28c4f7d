"""The words the director listens for in a question: what each kind of ask sounds like, the
words for the group, the Killer and the night, and the chatter around a question that is not
part of it. Tables of a domain, not of English: English itself is spaCy's and lemminflect's
(:mod:`solo.english`)."""

from __future__ import annotations

import re

from .. import english
from ..english import one_edit


#: What a question may ask, and the words (or lemmas) that ask it. A phrase matches a run of
#: words; a word matches a word as typed or its lemma.
ASKS: dict[str, tuple[str, ...]] = {
    "alive": ("alive", "live", "living", "breathe", "breathing", "survive", "make it", "pull through", "kick",
              "among the living", "with the living", "still standing", "hang in", "still with we"),
    "dead": ("dead", "die", "kill", "murder", "gone", "goner", "bite it", "bite the dust", "kick the bucket",
             "buy it", "croak", "perish", "slaughter", "butcher", "body", "corpse", "deceased", "no longer with",
             "snuff", "gut", "stab to death", "RIP", "rip", "offed", "get offed", "toast", "buy the farm", "worm food",
             "snuff it", "six feet under", "push up daisies", "flatline", "waste", "wasted", "get got", "dust", "bleed out", "bled out"),
    "with": ("with we", "with the group", "tag along", "stick with", "around", "here", "present", "nearby",
             "with the rest", "with everyone", "with the other", "with i", "still with", "about", "still about",
             "in our group", "in the group", "by our side", "by my side", "at our side"),
    "ok": ("ok", "okay", "alright", "all right", "fine", "unhurt", "unharmed", "uninjured", "unscathed",
           "without a scratch", "in one piece", "hold up", "good", "in good shape", "in shape"),
    "hurt": ("hurt", "injure", "injured", "injury", "wound", "wounded", "bleed", "bleeding", "harm", "harmed",
             "pain", "limp", "limping", "bruise", "bruised", "banged up", "bang up", "messed up", "mess up",
             "beat up", "busted up", "strike", "cut", "damage", "shape", "condition", "wrong with", "how bad",
             "scratch", "scrape", "health", "hp", "hit", "shot", "stab", "wreck", "rough shape",
             "rough up", "roughed up", "get on", "getting on", "hold up", "holding up", "cope", "coping",
             "patch up", "patching up", "patch", "need help"),
    "holds": ("carry", "carrying", "hold", "holding", "have", "bring", "pack", "possess", "keep", "got",
              "on they", "on he", "on she", "on i", "on we", "on him", "on her", "on them", "on me", "on us",
              "in pocket", "gear", "stuff", "equipment", "inventory", "item", "supplies", "belongings", "loot",
              "hand", "grab", "armed", "lug", "tote", "bag", "backpack", "pocket", "packing", "lugging", "hauling", "haul",
              "hang on to", "hold on to", "hang onto", "hold onto", "hanging onto", "holding onto"),
    "lost": ("lose", "lost", "drop", "miss", "missing", "gone", "take", "steal", "stolen", "leave behind",
             "ditch", "left behind", "snatch", "misplace"),
    "count": ("how many", "left", "remain", "remaining", "survivor", "headcount", "head count", "count",
              "still alive", "still standing", "still around", "still here", "roll call", "still breathe"),
    "alone": ("alone", "just i", "only i", "only one", "last one", "only survivor", "by myself", "last person",
              "on my own", "last survivor", "last man", "last girl", "final girl", "everyone else",
              "everybody else", "all the other", "rest of", "the other", "anyone else", "anybody else", "final",
              "sole survivor", "all that be left", "all that is left"),
    "look": ("look like", "describe", "appearance", "wear", "face", "see", "dress", "mask", "look", "tall",
             "get a look", "glimpse", "clothes", "what do it look", "description"),
    "weapon": ("weapon", "armed", "arm", "kill with", "use", "knife", "blade", "wield", "swing", "stab with",
               "attack with", "fight with", "carry", "hold", "have", "got", "in hand", "in its hand", "pack",
               "packing"),
    "legend": ("story", "legend", "history", "before", "rumor", "rumour", "myth", "tale", "backstory", "origin",
               "come from", "curse", "happen here", "why", "want", "motive", "reason", "local",
               "past", "lore", "background", "say about", "people say", "folks say"),
    "weakness": ("weakness", "weak", "stop", "beat", "defeat", "afraid", "scared", "fear", "know about",
                 "vulnerable", "kill", "hurt", "survive it", "fight", "learn", "slow", "destroy",
                 "figure out", "work out", "find out"),
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

#: The asks' phrases by their first word: (ask, the phrase's words).
ASK_RUNS: dict[str, list[tuple[str, tuple[str, ...]]]] = {}
for _ask, _phrases in ASKS.items():
    for _phrase in _phrases:
        _run = tuple(_phrase.split())
        ASK_RUNS.setdefault(_run[0], []).append((_ask, _run))

#: First words that ask for an account, not a yes or a no ("describe it", "tell me about …").
REQUESTS = frozenset("describe tell explain show name list give remind".split())
#: Words for the cast as a whole, and what of it they count ("all", "any", "none").
GROUP = {"we": "we", "us": "we", "our": "we", "ours": "we", "ourselves": "we", "everyone": "all",
         "everybody": "all", "all": "all", "each": "all", "anyone": "any", "anybody": "any", "someone": "any",
         "somebody": "any", "any": "any", "nobody": "none", "noone": "none", "none": "none", "y'all": "we",
         "guys": "we", "group": "we", "others": "we", "rest": "we", "team": "we", "people": "we", "cast": "we",
         "crew": "we", "party": "we"}
SELF = frozenset("i me my mine myself".split())
PRONOUNS = SELF | frozenset("he him his himself she her hers herself".split())
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
                "goin": "going", "doin": "doing", "holdin": "holding", "carryin": "carrying", "bleedin": "bleeding",
                "wya": "where are you", "teh": "the", "aight": "alright", "livin": "living", "smth": "something",
                "gonna": "going to", "kinda": "kind of", "ya": "you", "hurtin": "hurting", "ok?": "ok?"}
#: Chatter around a question that is not part of it ("ok so", "you think", "or what").
FILLER_HEAD = re.compile(r"^(?:(?:ok(?:ay)?|so|wait|hey|um+|uh+|and|but|well|oh|god|oh god|alright|right|"
                          r"hmm+|quick question|question|director|dm|gm|yo|sorry|also|now|then|ok so|wait so|"
                          r"yall|y'all|idk|dude|bro|bruh|real question|ok real question|guys|listen)"
                          r"[\s,:;.!-]+)+", re.I)
FILLER_TAIL = re.compile(r"(?:[\s,;-]+(?:do you think|you think|d'you think|i think|i guess|i wonder|you reckon|"
                          r"right|or what|or not|or no|or nah|fr|yeah|yes or no|huh|eh|then|now|tho|though|please|again|"
                          r"at this point|right now|"
                          r"at all|anymore|any more|for real|really|honestly|by now|yet|so far|still|lol|man|"
                          r"dude|guys|director|if i may ask|if you don't mind|mate|bro|bruh|(?:is|isn't|are|aren't|was|wasn't|did|didn't|does|doesn't|has|hasn't|"
                          r"have|haven't|can|can't|will|won't) (?:it|we|he|she|they|you|i|there)))+\s*(?=[?.!]*$)",
                          re.I)
#: A question asked through another ("could you tell me where Kit is", "I'd like to know if …").
ASKED_THROUGH = re.compile(
    r"^(?:(?:could|can|would|will) (?:you|someone|anyone) (?:please )?(?:tell|show|remind) (?:me|us)|"
    r"(?:somebody|someone|anyone) (?:tell|show) (?:me|us)|"
    r"(?:(?:could|can|would|will) you )?(?:please |kindly )?(?:tell|show|remind) (?:me|us)|"
    r"(?:would|do) you mind telling (?:me|us)|mind telling (?:me|us)|i'?d (?:like|love) to know|"
    r"i (?:should|would) like to know|i (?:want|need|wanna) to know|"
    r"i wanna know|we (?:want|need) to know|do (?:you|we|i|any of us) (?:know|remember)|does (?:anyone|anybody) "
    r"know|any idea|i wonder|i'm wondering|i am wondering|i was wondering|wondering|i'm curious|curious)"
    r"[\s,:]*(?:(?P<yesno>whether|if)\b\s*)?", re.I)
ODDS_FIRST = re.compile(r"^(?:very unlikely|very likely|unlikely|likely|even|50/50)\s*[:,\-—]\s*", re.I)
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


_SIZES: dict[int, tuple[str, ...]] | None = None


def _by_size() -> dict[int, tuple[str, ...]]:
    """The listened-for words by length (a slip changes a word's length by one at most)."""
    global _SIZES, _LISTENED
    if _SIZES is None:
        if _LISTENED is None:
            _LISTENED = _listened()
        _SIZES = {n: tuple(w for w in sorted(_LISTENED) if len(w) == n) for n in {len(w) for w in _LISTENED}}
    return _SIZES


def fix_typo(word: str, extra: frozenset[str] = frozenset()) -> str | None:
    """The listened-for word (or night's word in ``extra``) ``word`` is one slip from, if
    exactly one: a letter added, dropped or swapped with its neighbour (4 letters or more), or
    changed (5 or more)."""
    global _LISTENED
    if _LISTENED is None:
        _LISTENED = _listened()
    low = word.lower()
    if len(low) < 4 or not low.isalpha() or low in _LISTENED or low in extra or low in _COMMON:
        return None
    found = [w for size in (len(low) - 1, len(low), len(low) + 1) for w in (*_by_size().get(size, ()), *extra)
             if len(w) == size and (w[0] in low[:2] or low[0] in w[:2]) and one_edit(low, w)
             and (size != len(low) or len(low) >= 5 or sorted(w) == sorted(low))]
    found = list(dict.fromkeys(found))
    if len(found) > 1:  # a slip keeps the first letter, and more often drops a letter than adds one
        found = [w for w in found if w[0] == low[0]] or found
        longer = [w for w in found if len(w) > len(low)]
        found = longer if len(longer) == 1 else found
    if len(found) != 1 or english.known_word(low):  # "hurting" is not a slip for "hunting"
        return None
    return found[0]


#: Words of chatter before a question ("bruh who's even left", "ok real talk who's alive").
CHATTER = frozenset("bruh yo ok okay so like real talk um uh hey wait listen look seriously honestly guys man dude bro "
                     "alright right well hmm erm also anyway and but quick question omg god jeez ugh oh lol".split())

#: Words that say something of a subject, whatever the parse tagged them ("is our radio *shut*?").
PREDICATE_WORDS = frozenset("open shut closed empty full locked unlocked broken dead alive safe dark lit there here gone "
                            "out off on inside outside upstairs downstairs ready loaded working stuck missing hidden "
                            "quiet still wet dry cold warm hot".split())
DEMONSTRATIVES = frozenset("that this these those".split())


KILL_VERBS = frozenset("get kill take catch grab murder stab slash gut butcher slaughter".split())
KILLER_DOING = frozenset("follow watch near close here come chase hunt behind around nearby outside inside "
                          "stalk wait hide lurk coming".split())
WHAT_IS_IT = ("doing this", "kill we", "killing us", "killing everyone", "after we", "after us", "hunting us",
               "dealing with", "up against", "out there", "behind this", "behind all this", "do this")

#: What is heard, seen or smelled in the dark: "what's that noise out there?" asks about it, not who
#: the Killer is.
SENSED = frozenset("noise noises sound sounds whistle whistling voice voices light lights glow smell scream screams "
                   "screaming knock knocking bang banging scratch scratching tapping humming hum singing music crying "
                   "laughing laughter footsteps footstep shadow shadows movement splash splashing creak creaking "
                   "rustling thud".split())

#: "lost track", "lost sight", "lost count": nobody lost, nothing lost.
LOST_IDIOMS = ("track", "sight", "count", "touch")

_SAFE = None


def listened_words() -> frozenset[str]:
    """Every word a kind of ask is listened for by (lower case)."""
    global _LISTENED
    if _LISTENED is None:
        _LISTENED = _listened()
    return _LISTENED


def listened_safe() -> frozenset[str]:
    """Words never read as a mistyped name."""
    global _SAFE
    if _SAFE is None:
        _SAFE = frozenset(w for phrases in ASKS.values() for p in phrases for w in p.split()) | set(GROUP) | \
            KILLER | NIGHT | _COMMON | set(WH) | AUX
    return _SAFE


#: People a cast member may say they are, as a reason for being here ("the new counselor", "Sam's
#: girlfriend"): told "is the new counselor", where any other thing is "is here for …".
PEOPLE = frozenset("friend girlfriend boyfriend sister brother cousin son daughter kid child mother father mom dad "
                   "aunt uncle niece nephew wife husband partner fiance fiancee roommate counselor counsellor camper "
                   "lifeguard cook caretaker teacher coach cop officer deputy sheriff ranger guide student nurse "
                   "doctor driver babysitter host guest neighbor neighbour owner heir janitor groundskeeper "
                   "photographer journalist reporter blogger podcaster streamer investigator detective survivor "
                   "witness fan nerd jock cheerleader rebel thief brain stoner dealer runaway newcomer outsider "
                   "ex twin sibling grandson granddaughter stepbrother stepsister intern volunteer".split())
