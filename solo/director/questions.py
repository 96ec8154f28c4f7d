"""What a player asks: recognising a question, its stated odds, its kind and its topic.

The rules put conversation at the centre of play: "The Director and players narrate the
events leading up to this moment through conversation and asking questions from each other"
(ashcan, The Test); players "describe actions, ask questions, and resolve Tests" (playtest).

A typed line is a question when it ends with ``?`` or is typed after ``ask``. It is one of:

- a *state* question, answered exactly from the rules state and the fiction (who is hurt,
  how many are left, who carries what, what was lost, where the group is, what the Killer
  has shown, Genre Points, the difficulty …), never by chance;
- a *yes/no* question about what the rules leave unknown ("Is the cellar door locked?"),
  for the oracle (:mod:`solo.director.oracle`);
- an *open* question about the unknown ("What is making that noise upstairs?"), answered
  with a concrete detail of the setting.

A question about the unknown has a *key*: its content words, so that asking again in other
words ("Is the door to the cellar locked?") finds the answer already given, and a
*polarity*, so that "Is the cellar door unlocked?" is the same fact asked the other way.
"""

from __future__ import annotations

import re

from .oracle import ODDS
from ..values import Value

#: Words that state odds, checked longest first (``surely not`` before ``surely``).
ODDS_WORDS = {
    "very unlikely": ("surely not", "no way", "there's no way", "very unlikely", "impossible", "not a chance",
                      "certainly not", "definitely not"),
    "unlikely": ("unlikely", "probably not", "i doubt", "doubtful", "hardly", "not likely"),
    "even": ("maybe", "perhaps", "50/50", "fifty-fifty", "even odds", "who knows"),
    "likely": ("likely", "probably", "i bet", "i guess", "presumably", "chances are"),
    "very likely": ("surely", "certainly", "definitely", "must be", "obviously", "of course", "very likely",
                    "no doubt"),
}
_ODDS_FOUND = sorted(((w, o) for o, ws in ODDS_WORDS.items() for w in ws), key=lambda x: -len(x[0]))
_ODDS_RE = re.compile(r"(?<![\w'])(" + "|".join(re.escape(w) for w, _ in _ODDS_FOUND) + r")(?![\w'])", re.I)
#: ``ask likely: …``, ``ask very unlikely …`` — the odds named first.
_ODDS_PREFIX = re.compile(r"^(very unlikely|very likely|unlikely|likely|even|50/50)\s*[:,\-—]?\s+", re.I)

AUXILIARIES = frozenset(
    "is are was were am do does did can could will would shall should may might must has have had "
    "isn't aren't wasn't weren't don't doesn't didn't can't couldn't won't wouldn't shouldn't hasn't haven't "
    "hadn't mustn't ain't".split())
WH_WORDS = frozenset("what who whom whose where why how which when".split())
#: Words that carry no content for a fact's key.
STOP = frozenset(
    "a an the this that these those there here it its it's of to in on at by for from with into onto "
    "up down out over under about and or but so then just really still even yet some any anyone anybody "
    "anything someone somebody something all every each i me my mine we us our ours you your yours he him his "
    "she her hers they them their theirs do does did is are was were am be been being can could will would "
    "shall should may might must has have had get got there's what who whom whose where why how which when "
    "if whether think know tell say please ok okay hey now right well".split())
#: Words that turn a statement over ("not", "unlocked" = not "locked"); antonyms the key reads as one.
NEGATIONS = frozenset("not no never nobody nothing none nowhere n't".split())
ANTONYMS = {"closed": "open", "shut": "open", "unlocked": "locked", "dead": "alive", "empty": "full",
            "off": "on", "dark": "lit", "unlit": "lit", "outside": "inside", "away": "near", "far": "near",
            "asleep": "awake", "gone": "there", "absent": "there", "unsafe": "safe", "unarmed": "armed",
            "unseen": "seen", "unknown": "known", "broken": "working", "false": "true", "fake": "real"}
_APOSTROPHES = str.maketrans({"\u2019": "'", "\u2018": "'"})


class Question(Value):
    """A question as the director reads it."""

    text: str  # as asked (cleaned)
    who: int | None  # who asks (None: the group)
    odds: str  # one of oracle.ODDS
    stated: bool  # the player stated the odds (``ask likely: …`` or a word like "surely")
    form: str  # "yesno" or "open"
    word: str | None  # the open question's word (what, who, where, why, how, which, when)
    key: str  # content words, sorted: the fact it asks about
    negated: bool  # asked the other way round ("not", "unlocked")

    @property
    def fact(self) -> str:
        return f"{self.form}:{self.key}"


def is_question(line: str) -> bool:
    """True for a line that asks: it ends with a question mark (quotes and brackets aside)."""
    return str(line).rstrip().rstrip("\"'\u201d\u2019)]").rstrip().endswith("?")


def stated_odds(text: str) -> tuple[str, str | None]:
    """(text without a leading odds word, the odds it states or None). ``likely: is it
    there?`` → ``("is it there?", "likely")``; ``surely it's there?`` → (text, "very likely")."""
    text = " ".join(str(text).split())
    m = _ODDS_PREFIX.match(text)
    if m:
        word = m.group(1).lower()
        return text[m.end():], ("even" if word == "50/50" else word)
    found = _ODDS_RE.search(text.translate(_APOSTROPHES))
    if found:
        word = found.group(1).lower()
        return text, next(o for w, o in _ODDS_FOUND if w == word)
    return text, None


def words_of(text: str) -> list[str]:
    """Lower-case words, apostrophes kept inside (``door's``), punctuation dropped."""
    return re.findall(r"[\w]+(?:'[\w]+)*", str(text).lower().translate(_APOSTROPHES))


def _stem(word: str) -> str:
    word = re.sub(r"'s$", "", word)
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        word = word[:-1]
    return word


def content_key(text: str, names: tuple[str, ...] = ()) -> tuple[str, bool]:
    """The key of the fact ``text`` asks about, and whether it asks it the other way round.

    The key is the question's content words, stemmed lightly, sorted: ``"Is the cellar door
    locked?"`` and ``"is the door to the cellar locked"`` both give ``"cellar door locked"``.
    Negations and antonyms flip the polarity: ``"Is the cellar door unlocked?"`` gives the same
    key, negated."""
    found, _ = stated_odds(text)
    text = _ODDS_RE.sub(" ", found.translate(_APOSTROPHES))
    negated = False
    keep: list[str] = []
    lowered_names = {n.lower() for n in names}
    for w in words_of(text):
        if w.endswith("n't"):
            negated = not negated
            w = w[:-3] if not w.startswith(("can", "won", "ain")) else ""
        if w in NEGATIONS:
            negated = not negated
            continue
        if w in ANTONYMS:
            negated = not negated
            w = ANTONYMS[w]
        elif w.startswith("un") and len(w) > 5 and (w.endswith("ed") or w[2:] in ANTONYMS.values()):
            negated = not negated
            w = w[2:]
        w = re.sub(r"'(?:s|re|ll|d|ve)$", "", w) if w not in lowered_names else w
        if not w or w in STOP:
            continue
        keep.append(w if w in lowered_names else _stem(w))
    if not keep:  # "Is anyone out there?": only small words, so all of them are the fact
        keep = [_stem(w) for w in words_of(text) if w not in NEGATIONS and not w.endswith("n't")]
    return " ".join(sorted(set(keep))), negated


def parse(text: str, who: int | None = None, odds: str | None = None, names: tuple[str, ...] = ()) -> Question:
    """Read a question (``odds`` when the player named them: ``ask likely: …``)."""
    text = " ".join(str(text).split())
    rest, found = stated_odds(text)
    if odds is None and found is not None:
        odds = found
    stated = odds is not None
    if odds is not None and odds not in ODDS:
        raise ValueError(f"unknown odds {odds!r}: one of {', '.join(ODDS)}")
    ws = [w for w in words_of(_ODDS_RE.sub(" ", rest.translate(_APOSTROPHES)))
          if w not in ("so", "and", "but", "well", "ok", "okay", "hey", "wait", "then")]
    # "do you think the door is locked?" / "I wonder if …": the question inside
    while len(ws) > 2 and ws[:3] in (["do", "you", "think"], ["i", "wonder", "if"], ["i", "wonder", "whether"]):
        ws = ws[3:]
    first = re.sub(r"'(?:s|re|ll|d|ve)$", "", ws[0]) if ws else ""
    if first in WH_WORDS:
        form, word = "open", first
    else:
        form, word = "yesno", None
    key, negated = content_key(rest, names)
    return Question(text, who, odds or "even", stated, form, word, key, negated)
