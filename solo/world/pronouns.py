"""A character's pronouns, and the words the narration says of them with.

Accepted (see docs/narration.md, "Pronouns"): the three common sets and ``it``, named by
their first two forms or by the subject alone — ``she/her``, ``he/him``, ``they/them``,
``it/its`` — or any set written out in full, five forms: subject, object, possessive
determiner, possessive pronoun, reflexive (``xe/xem/xyr/xyrs/xemself``). The default is
``they/them``. A set written in full takes the verbs of "she" ("xe is", "xe runs") unless its
reflexive is a plural one (``-selves``).

Templates name the word they would say of a character with the default set ("their",
"they're", "they are") and :meth:`Pronouns.say` gives the character's own.
"""

from __future__ import annotations

import re
from functools import lru_cache

from dataclasses import dataclass

__all__ = ["DEFAULT", "PRONOUN_WORD", "Pronouns", "PronounError", "parse_pronouns", "pronouns_of"]

#: The pronouns a character has unless the player gives others.
DEFAULT = "they/them"
#: The sets offered by name (any set written out in full is accepted too).
CHOICES = ("she/her", "he/him", "they/them", "it/its")
#: The longest pronoun set accepted, as typed.
MAX_LENGTH = 60
#: Any pronoun of a person, of the common sets and the usual neopronouns, as a whole word (the
#: composer masks them when it counts how often a sentence was heard).
PRONOUN_WORD = re.compile(r"\b(?:he|she|they|him|her|them|his|hers|their|theirs|himself|herself|themselves|themself|"
                          r"xe|xem|xyr|ze|zir|hir)\b", re.IGNORECASE)


class PronounError(ValueError):
    """Pronouns that cannot be used, said in one line."""


@dataclass(frozen=True)
class Pronouns:
    subject: str  # she
    object: str  # her
    determiner: str  # her (her compass)
    possessive: str  # hers
    reflexive: str  # herself
    plural: bool  # takes "are", "say": they

    @property
    def text(self) -> str:
        """How the set is written: ``she/her`` for the common sets, all five forms otherwise."""
        short = f"{self.subject}/{self.object}" if self.object != self.subject else f"{self.subject}/{self.determiner}"
        return short if _COMMON.get(short) == self else "/".join(
            (self.subject, self.object, self.determiner, self.possessive, self.reflexive))

    def contraction(self, ending: str) -> str:
        """``'m``/``'re``, ``'ve``, ``'ll``, ``'d`` after the subject: "they're" or "she's"."""
        ending = ending.lower()
        if ending in ("'m", "'re"):
            return self.subject + ("'re" if self.plural else "'s")
        if ending == "'ve":
            return self.subject + ("'ve" if self.plural else "'s")
        return self.subject + ending

    def agree(self, verb: str) -> str | None:
        """``verb`` (present or past, after this subject) as it agrees with it: "am" → "is"
        or "are", "run" → "runs"; ``None`` for a word not known to be a verb, when the subject
        is singular (a plural subject takes the first person's verb as it is)."""
        low = verb.lower()
        if self.plural:
            return {"am": "are", "was": "were"}.get(low, verb)
        if low in _SINGULAR:
            return _SINGULAR[low]
        if low in _KEEP or (low.endswith("ed") and len(low) > 3) or low in _PAST:
            return verb
        if low in _VERBS:
            return third_person(low)
        return None

    def say(self, words: str) -> str:
        """What a template writes with the default set, in this set: "their" → "her",
        "they're" → "she's", "they are" → "she is", "they say" → "she says"."""
        head, _, rest = words.partition(" ")
        low = head.lower()
        m = re.fullmatch(r"they('re|'ve|'ll|'d)", low)
        if m:
            out = self.contraction(m.group(1))
        else:
            out = {"they": self.subject, "them": self.object, "their": self.determiner, "theirs": self.possessive,
                   "themselves": self.reflexive, "themself": self.reflexive}.get(low)
            if out is None:
                raise PronounError(f"no pronoun form for {words!r}")
        if rest:
            verb, _, more = rest.partition(" ")
            if low == "they":  # the template's verb is one it knows: agreed by rule if not listed
                verb = self.agree(verb) or third_person(verb)
            rest = verb + (" " + more if more else "")
        if head[:1].isupper():
            out = out[:1].upper() + out[1:]
        return out + (" " + rest if rest else "")


def third_person(verb: str) -> str:
    """The present tense after he, she or it: "run" → "runs", "reach" → "reaches", "try" → "tries"."""
    low = verb.lower()
    if low in _SINGULAR:
        return _SINGULAR[low]
    if re.search(r"[^aeiou]y$", low):
        return verb[:-1] + "ies"
    if re.search(r"(?:s|sh|ch|x|z|o)$", low):
        return verb + "es"
    return verb + "s"


_COMMON = {
    "she/her": Pronouns("she", "her", "her", "hers", "herself", False),
    "he/him": Pronouns("he", "him", "his", "his", "himself", False),
    "they/them": Pronouns("they", "them", "their", "theirs", "themselves", True),
    "it/its": Pronouns("it", "it", "its", "its", "itself", False),
}
_ALIASES = {"she": "she/her", "he": "he/him", "they": "they/them", "it": "it/its", "she/her/hers": "she/her",
            "he/him/his": "he/him", "they/them/theirs": "they/them", "they/them/their": "they/them",
            "it/it": "it/its"}
for _k, _p in _COMMON.items():
    _ALIASES[_p.subject + "/" + "/".join((_p.object, _p.determiner, _p.possessive, _p.reflexive))] = _k
#: Words no set of pronouns may use: the first and second person (the player's, and the director's address).
_PERSONS = frozenset("i me my mine myself we us our ours ourselves you your yours yourself yourselves i'm i've "
                     "i'll i'd we're we've we'll we'd you're you've you'll you'd let's".split())
_FORM = re.compile(r"[a-z][a-z'-]{0,14}")


@lru_cache(maxsize=256)
def parse_pronouns(text: str | None) -> Pronouns:
    """The set ``text`` names (see the module's docstring); :class:`PronounError` in one line
    otherwise. Empty text gives the default."""
    raw = " ".join(str(text or "").split()).lower().replace("’", "'")
    if not raw:
        return _COMMON[DEFAULT]
    raw = re.sub(r"\s*/\s*", "/", raw)
    key = _ALIASES.get(raw, raw)
    if key in _COMMON:
        return _COMMON[key]
    forms = raw.split("/")
    if len(raw) > MAX_LENGTH or len(forms) != 5 or not all(_FORM.fullmatch(f) for f in forms):
        raise PronounError(f"pronouns are she/her, he/him, they/them, it/its, or all five forms of your own "
                           f"(subject/object/possessive/possessive pronoun/reflexive, e.g. xe/xem/xyr/xyrs/xemself): "
                           f"not {str(text)[:MAX_LENGTH]!r}")
    if any(f in _PERSONS for f in forms):
        raise PronounError(f"pronouns speak of a character in the third person: {str(text)[:MAX_LENGTH]!r} has "
                           "a first- or second-person word")
    if not forms[4].endswith(("self", "selves")):
        raise PronounError(f"the fifth form is the reflexive, ending in -self (xemself): not {forms[4]!r}")
    return Pronouns(*forms, plural=forms[4].endswith("selves"))


def pronouns_of(text: str | None) -> Pronouns:
    """Like :func:`parse_pronouns`, but anything that is no set gives the default (for text
    already checked at the door, read again)."""
    try:
        return parse_pronouns(text)
    except PronounError:
        return _COMMON[DEFAULT]


#: Present-tense forms that are not made by the rule, and negatives.
_SINGULAR = {"am": "is", "are": "is", "were": "was", "have": "has", "do": "does", "go": "goes", "be": "is",
             "don't": "doesn't", "haven't": "hasn't", "aren't": "isn't", "weren't": "wasn't", "dont": "doesn't"}
#: Words after a subject that are the same whoever says them: modals, past auxiliaries.
_KEEP = frozenset("can can't cannot could couldn't will won't would wouldn't should shouldn't might must may shall "
                  "did didn't had hadn't was wasn't".split())
#: Common past tenses that do not end in -ed.
_PAST = frozenset(
    "ran got went came saw took made found held kept left felt knew thought told said gave sat stood threw "
    "caught brought bought fought hid hit put cut let set shut read lost heard slid spun swung struck stuck "
    "crept slept swept wept fled led fell rode broke woke spoke chose froze drove wrote bit lit meant sent "
    "spent built bent dug hung shot split tore wore swore began drank sang sank swam rang ate forgot "
    "understood grabbed".split())
#: Verbs a retelling may turn to the third person singular (others are quoted instead).
_VERBS = frozenset(
    "act add aim ask back bang bar bark beg bend bite blink block blow bolt brace break breathe bring "
    "build burn call calm carry catch charge chase check choose circle clap clean clear climb cling close "
    "count cover crawl creep cross crouch crush cry cut dart dash dig dive do drag draw drink drive drop "
    "duck ease edge empty end enter face fall feel fetch fight find fire fix flash flee flick flip follow "
    "force freeze gasp give glance go grab grip grit guard hang head hear heave help hide hit hold hope "
    "hum hunt hurl hurry inch jam jump keep kick kneel knock land laugh lead lean leap leave lend lift "
    "light lie limp listen load lock look lower make mark mean move need nod note open pace pack pant pass "
    "peek peer pick pin play plead point pour pray press pry pull punch push put rake reach read reload "
    "remember rest return rip roll rub run rush say scan scramble scream search see seize set shake shine "
    "shout shove show shut sing sink sit slam slap slide slip smash sneak snap speak spin spit sprint "
    "squeeze stab stand stare start stay step stick stop strike swing take talk tap tear tell test think "
    "throw tie tiptoe touch trace track trip try tug turn twist unlock use wait wake walk want wash watch "
    "wave wedge whisper whistle wipe wish work wrap yank yell".split())
