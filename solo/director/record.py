"""What a strong model gets wrong against the record of the night, read sentence by sentence.

A capable model writes fluent prose that follows its instructions; its slips are of meaning,
not of surface. Each finding is a :class:`~solo.director.continuity.Contradiction`:

- ``pronouns``: a character told with pronouns not their own ("Hank … his head down" for a
  Hank who is they/them), in a sentence that names them and no one else it could be said of;
- ``undecided-harm``: a wound told on a character the beats hurt in no way ("a splinter of the
  door frame gashing Nancy's cheek open" on a clean success), and not one they already had;
- ``night-over``: help that ends the night — the police, sirens pulling in, a rescue — before
  the night's end;
- ``too-soon``: the Killer explained — unmasked, its face named — when the rules only ever let
  it be glimpsed;
- ``past-action``: something the group did earlier that the record never had ("the table you
  pushed against the door"): a deed of the past no earlier request or reply told;
- ``flipped``: a success told as what they cannot do, or a failure as what finally gives;
- ``wrong-hands``: a thing one of the cast carries used by another ("Ashley … sweeping Laurie's
  strobe light across the lawn"): the one who does what is done with it, as the parse reads the
  sentence, holds no such thing, and nothing says it was handed over.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from typing import Any

from .continuity import Contradiction

__all__ = ["RECORD_KINDS", "against_record"]

RECORD_KINDS = ("pronouns", "undecided-harm", "night-over", "too-soon", "past-action", "flipped", "wrong-hands")

_SENTENCE_END = re.compile(r"(?<=[.!?…])[\"”’)]*\s+")
_QUOTED = re.compile(r"“[^”]*”|\"[^\"]*\"")
_GENDERED = {"he": "he", "him": "he", "his": "he", "himself": "he",
             "she": "she", "her": "she", "hers": "she", "herself": "she"}
#: Someone else a gendered pronoun may be said of (not of the cast).
_OTHERS = re.compile(r"\b(?:man|men|woman|women|boy|girl|guy|son|daughter|mother|father|mom|dad|brother|sister|"
                     r"sheriff|deputy|officer|ranger|caretaker|counselor|stranger|owner|kid|child|wife|husband|"
                     r"killer|figure|shape|he-|she-)\b", re.I)
_BODY = ("cheek", "face", "hand", "hands", "arm", "arms", "leg", "legs", "finger", "fingers", "fingertip", "nail",
         "knee", "knees", "ankle", "wrist", "head", "lip", "lips", "nose", "rib", "ribs", "shoulder", "palm",
         "skin", "thumb", "scalp", "forehead", "brow", "eye", "foot", "feet", "neck", "chest", "stomach",
         "shin", "elbow", "knuckles", "jaw", "temple", "throat", "hip", "hips", "calf", "thigh", "nail",
         "nails", "toe", "toes", "ear", "ears", "mouth", "teeth", "forearm", "forearms", "bone", "bones")
#: Words of a wound, a few words from a part of the body ("gashing Nancy's cheek open").
_HARM = re.compile(r"\b(?:gash\w*|bleed\w*|bled|slash\w*|stabb?\w*|sprain\w*|fractur\w*|dislocat\w*|bruis\w*|"
                   r"wound\w*|lacerat\w*|sliced|slices|blister\w*|punctur\w*|opens? a (?:thin |long |red )?line|"
                   r"crack of bone|crush\w*|open to the bone|(?:open\w*|leav\w*|left) (?:a|an) (?:\w+ )?(?:cut|gash)|"
                   r"lays? (?:\w+'s |their |his |her )?\w+ open|laid (?:\w+'s |their |his |her )?\w+ open|"
                   r"blood (?:runs|pours|wells|streams|sheets|drips))\b", re.I)
#: Words that are a wound only right beside the part of the body ("a broken wrist", "splits
#: their lip"; not "the broken blind", "a finger through the crack").
_HARM_NEAR = re.compile(r"\b(?:broke|broken|snaps?|snapped|cracks?|cracked|splits?|splitting|burns?|burned|burnt|"
                        r"torn|tears?|rips?|cuts?|twisted|wrenched)\b", re.I)
_OVER = re.compile(r"\b(?:police|cops|sheriff'?s?|deputies|ambulances?|paramedics|rescuers|(?:the )?cavalry)\b"
                   r"[^.!?]{0,40}\b(?:arriv\w*|pull(?:s|ing|ed)? (?:in|up)|turn(?:s|ing|ed)? in(?:to)?|are here|is here|"
                   r"burst\w* in|come|comes|came)\b"
                   r"|\bsirens?\b[^.!?]{0,40}\b(?:turn(?:s|ing)? in(?:to)?|pull(?:s|ing)? (?:in|up)|arriv\w*|are here)\b"
                   r"|\b(?:they|you|we) (?:are|were) (?:rescued|saved)\b|\bthe night (?:is )?over\b"
                   r"|\b(?:first|thin|grey|gray) light of dawn\b|\bdawn (?:comes|breaks|arrives|is here)\b"
                   r"|\bthe night is behind (?:them|you|us)\b"
                   r"|\b(?:and )?it is over[.!]", re.I)
_UNMASKED = re.compile(r"\b(?:unmask\w*|(?:the|its) mask (?:rides up|slips|slipping|comes off|falls away|tears away|is off)|"
                       r"the name of the (?:\w+ ){0,2}(?:boy|girl|man|woman|counselor|kid|child)\b|"
                       r"(?:face|mask) of the (?:\w+ ){0,2}(?:boy|girl|man|woman|counselor|caretaker|son|daughter|kid) who|"
                       r"its (?:real |true )?face is|(?:it is|it's) the face of|behind the mask (?:is|it is)|"
                       r"behind the (?:[\w-]+ ){0,2}mask,? (?:\w+ ){0,2}(?:see|sees|saw|find|finds|found)|"
                       r"(?:man|woman|uncle|aunt|father|mother|caretaker|counselor|boy|girl|son|daughter)'s own "
                       r"(?:\w+, )*(?:\w+ ){0,2}(?:face|eyes|skin)|"
                       r"the (?:mask|face) is (?:only |just )?(?:this|that|a|the) (?:man|woman|boy|girl)'s own|"
                       r"the (?:uncle|aunt|father|mother|caretaker|counselor|groundskeeper|brother|sister|son|daughter) "
                       r"who (?:owned|never left|lived|drowned|died|built|ran)|"
                       r"(?:its|the killer's) (?:real |true )?name is)\b", re.I)
#: A weakness told ("it cannot abide running water", "it cannot bear to be laughed at").
_CANNOT_BEAR = re.compile(r"\b(?:it|he|she) (?:cannot|can't|can never|could never|will not|won't|will never) "
                          r"(?:bear|abide|stand|resist|stomach|endure|cross|tolerate)\b[^.;!?]*"
                          r"|\b(?:it|he|she) (?:hates|fears|dreads) (?:\w+ ){1,3}above all\b[^.;!?]*", re.I)
_CANNOT = re.compile(r"\b(?:can(?:not|'t)|could(?:n't| not)|won't|will not|fails? to) (?:make|get|open|move|budge|find|"
                     r"reach|work|fit|free|lift|force|figure|read|solve|finish)\b"
                     r"|\b(?:have|has|had) to give up\b|\b(?:won't|doesn't|does not|will not) budge\b"
                     r"|\bthe (?:\w+ ){0,2}?\w+ (?:stays|stay) (?:\w+ly )?(?:down|shut|locked|stuck|fast|wedged|closed|jammed)\b",
                     re.I)  # a thing that stays shut ("the lock stays stubbornly down"), not one who stays down
_GIVES = re.compile(r"\b(?:finally|at last) (?:gives|opens|works|comes (?:free|loose|open)|gives way|swings open|"
                    r"clicks open|turns over|catches)\b", re.I)
#: "Kit, who had untied the mooring rope": a deed told as done before, by someone of the cast.
_WHO_HAD = re.compile(r"\b([A-Z][a-z]+),? who (?:had|has) (?:already )?(\w+)\b"
                      r"|\b(?:where|when|that|which) ([A-Z][a-z]+|you|they|we) (?:had )?(?:already )?(\w+)\b(?=[^.;!?]{0,40}"
                      r"\b(?:earlier|before|an hour ago|on the way in|the first night|last night)\b)"
                      r"|\b([A-Z][a-z]+)'s \w+ had already (\w+)\b")
#: "the table you pushed against the door": a deed told as done before, by the group.
_DONE = re.compile(r"\b(?:the|that|those|our|your|their) ((?:\w+ ){0,2}?\w+) (?:that |which )?(you|they|we|[A-Z][a-z]+)"
                   r" (?:had |have |already )?(\w+)\b")


def against_record(text: str, beats: Sequence[Mapping[str, Any]], *, cast: Iterable[Any] = (), prompt: str = "",
                   kept: Iterable[str] = (), ends: bool = False) -> list[Contradiction]:
    """Every slip of ``text`` (a model's telling of ``beats``) against the record (see the
    module's list); ``ends``: the beats hold the night's end."""
    plain = " ".join(str(text).split())
    short = plain[:120]
    bare = _QUOTED.sub("“quoted”", plain)
    sentences = [s for s in _SENTENCE_END.split(bare) if s.strip()]
    people = _people(beats, cast)
    found: list[Contradiction] = []
    found += _pronouns(sentences, people, short)
    found += _harm(sentences, beats, people, short)
    if not ends:
        m = _OVER.search(bare)
        if m:
            found.append(Contradiction("night-over", short, f"help comes before the night's end ({m.group(0)!r})"))
    m = _UNMASKED.search(bare)
    if m:
        found.append(Contradiction("too-soon", short, f"the Killer is only ever glimpsed, never explained ({m.group(0)!r})"))
    elif not any(b.get("kind") == "weakness" for b in beats) and _found(beats) < 4:
        m = _CANNOT_BEAR.search(bare)
        if m and not _known_weakness(m.group(0), beats):
            found.append(Contradiction("too-soon", short, f"a weakness no one has found ({m.group(0)!r})"))
    found += _flipped(sentences, beats, short)
    found += _hands(sentences, beats, people, short)
    found += _unhurt(sentences, people, short)
    found += _past(sentences, people, prompt + " " + _said_of_night(beats), kept, short, beats)
    return found


def _people(beats: Sequence[Mapping[str, Any]], cast: Iterable[Any]) -> dict[str, dict]:
    """name → what the record says of them: pronouns, hurts before the beats, hurts they bring."""
    people: dict[str, dict] = {}
    for c in cast:
        name = getattr(c, "name", None)
        if name:
            people[str(name)] = {"pronouns": str(getattr(c, "pronouns", "") or ""), "hurts": [], "harmed": False}
    for b in beats:
        f = b.get("f") or {}
        for p in f.get("people") or ():
            entry = people.setdefault(str(p.get("name", "")), {"pronouns": "", "hurts": [], "harmed": False})
            entry["pronouns"] = entry["pronouns"] or str(p.get("pronouns") or "")
            entry["hurts"] = list(p.get("hurts") or ()) + list(p.get("scrapes") or ()) + [str(p.get("death") or "")]
        name = b.get("name")
        harmful = b.get("kind") in ("strike", "death", "all_dead", "red_joker", "black_joker") or b.get("hurt") \
            or b.get("scrape") or b.get("wounds") or b.get("strike") or b.get("fallout_name") == "Dire"
        if isinstance(name, str) and name in people and harmful:
            people[name]["harmed"] = True
        if b.get("kind") in ("strike", "death", "all_dead", "red_joker", "black_joker", "endgame"):
            for entry in people.values():  # the Killer in person: anyone may be hurt in it
                entry["harmed"] = entry["harmed"] or b.get("kind") in ("all_dead", "red_joker", "black_joker")
    people.pop("", None)
    return people


def _named(name: str, sentence: str) -> bool:
    return re.search(r"(?<![\w'])" + re.escape(name) + r"(?![\w])", sentence) is not None


def _pronouns(sentences: list[str], people: dict[str, dict], short: str) -> list[Contradiction]:
    """A sentence that names one of the cast and no one else a gendered pronoun could be said
    of (or, naming no one, follows one that named one alone: "Tina freezes. Her legs simply
    stop") telling them with a pronoun not theirs."""
    found = []
    last: str | None = None
    for s in sentences:
        named = [n for n in people if _named(n, s)]
        carried = not named and last is not None
        last = named[0] if len(named) == 1 else (last if carried else None)
        if carried:
            named = [last]
        if len(named) != 1 or _OTHERS.search(s):
            continue
        name = named[0]
        own = people[name]["pronouns"].split("/")[0].strip().lower()
        if not own:
            continue
        told = {_GENDERED[w] for w in re.findall(r"[a-z]+", s.lower()) if w in _GENDERED}
        wrong = sorted(t for t in told if t != own)
        if wrong and not any(people[n]["pronouns"].split("/")[0].strip().lower() == wrong[0] for n in people
                             if n != name and _named(n, s)):
            found.append(Contradiction("pronouns", short, f"it says {wrong[0]} of {name}, who is {people[name]['pronouns']}"))
    return found


def _harm(sentences: list[str], beats: Sequence[Mapping[str, Any]], people: dict[str, dict],
          short: str) -> list[Contradiction]:
    """A wound told on someone the beats do not hurt (not an old one of theirs)."""
    found = []
    last = next((b.get("name") for b in beats if b.get("kind") == "outcome" and b.get("name") in people), None)
    for s in sentences:
        hit = _wound(s, people, last)
        named = [n for n in people if _named(n, s)]
        if named:
            last = min(named, key=s.index) if len(named) == 1 else None  # whose "their" the next sentence means
        if hit is None:
            continue
        harm, body, name = hit
        entry = people.get(name)
        if entry is None or entry["harmed"]:
            continue
        old = " ".join(entry["hurts"]).lower()
        if body in old or harm.split()[0][:4] in old:
            continue  # an old hurt, remembered
        found.append(Contradiction("undecided-harm", short, f"it hurts {name}, whom nothing hurt ({harm!r})"))
    return found


_OWNERS = re.compile(r"^(?:their|his|her|hers|xyr|zir|your|my|our)$")


def _wound(s: str, people: dict[str, dict], last: str | None = None) -> tuple[str, str, str] | None:
    """(the words of harm, the part of the body, whose) when a sentence tells a wound on one of
    the cast: a part of someone's body ("Nancy's cheek", "their brow") a few words from the harm
    ("gashing Nancy's cheek open"; a word that is a wound only beside it: "a broken wrist", "their
    wrist snaps"; not "past the broken pinball machine", "a chair leg tears its coat")."""
    words = re.findall(r"[\w']+", s)
    low = [w.lower() for w in words]
    named = [n for n in people if _named(n, s)]
    bodies = []
    for i, w in enumerate(low):
        if w not in _BODY:
            continue
        before = low[max(0, i - 3):i]
        owner = next((words[k][:-2] for k in range(i - 1, max(-1, i - 4), -1)
                      if low[k].endswith("'s") and words[k][:-2] in people), None)
        if owner is None and any(_OWNERS.match(b) for b in before) and (named or last):
            owner = named[0] if named else last  # "their palm": the one this sentence, or the last, named
        if owner is not None:
            bodies.append((i, owner))
    if not bodies:
        return None
    for pattern, ahead, behind in ((_HARM, 6, 6), (_HARM_NEAR, 3, 1)):
        for m in pattern.finditer(s.lower()):
            at = len(re.findall(r"[\w']+", s.lower()[:m.start()]))
            for i, owner in bodies:
                if 0 <= i - at <= ahead or 0 <= at - i <= behind:
                    return m.group(0), low[i], owner
    return None


def own_part(sentence: str, name: str, others: Iterable[str]) -> str:
    """What ``sentence`` tells of ``name`` when it names others too (a run of deeds told in one
    sentence: "Laurie strains at it, and it won't move, and now Hank makes it through"): from
    ``name`` to the next other name; the whole sentence when ``name`` is its only one."""
    at = re.search(r"(?<![\w'])" + re.escape(name) + r"(?![\w])", sentence)
    if at is None:
        return sentence
    after = [m.start(1) for n in others if n and n != name
             for m in [re.compile(_CLAUSE_START + "(" + re.escape(n) + r")(?![\w])").search(sentence, at.end())] if m]
    if not after and not any(n != name and _named(n, sentence[:at.start()]) for n in others if n):
        return sentence
    return sentence[at.start():min(after, default=len(sentence))]


# another doer's clause begins ("…, Jesse works it out", "…, and now Hank makes it through");
# a name inside the deed ("Hank shoves Laurie aside") begins none
_CLAUSE_START = r"[,:;]\s+(?:(?:and|then|now|while|but)\s+)*"


def _flipped(sentences: list[str], beats: Sequence[Mapping[str, Any]], short: str) -> list[Contradiction]:
    found = []
    names = _names(beats)
    for b in beats:
        name, success = b.get("name"), b.get("success")
        if b.get("kind") != "outcome" or not isinstance(name, str) or success is None:
            continue
        for s in sentences:
            if not _named(name, s) and (success or any(_named(n, s) for n in names)):
                continue
            s = own_part(s, name, names)
            m = (_CANNOT if success else _GIVES).search(s)
            if m and not re.search(r"\b(?:if|whether|unless|almost|nearly)\b", s, re.I):
                told = "what they cannot do" if success else "working"
                found.append(Contradiction("flipped", short, f"it tells {name}'s "
                                           f"{'success' if success else 'failure'} as {told} ({m.group(0)!r})"))
                break
    return found


def _said_of_night(beats: Sequence[Mapping[str, Any]]) -> str:
    """What the beats say of the night in words: the Killer (its calling card: "a door left
    standing open that you closed behind you" tells of a door the group shut), the cast's lines."""
    out = []
    for b in beats:
        killer = b.get("the_killer") or (b.get("f") or {}).get("killer")
        if isinstance(killer, Mapping):
            out += [str(v) for v in killer.values() if isinstance(v, str)]
        for k in ("player_action", "said", "plan", "action"):
            if isinstance(b.get(k), str):
                out.append(b[k])
    return " ".join(out)


def _found(beats: Sequence[Mapping[str, Any]]) -> int:
    """How many of the Killer's weaknesses the night has found (all four: none is left to tell
    too soon)."""
    return max((len((b.get("f") or {}).get("weaknesses") or {}) for b in beats), default=0)


def _known_weakness(told: str, beats: Sequence[Mapping[str, Any]]) -> bool:
    """Whether a weakness told is one the night has found (a word of it said again)."""
    found = " ".join(str(w) for b in beats for w in ((b.get("f") or {}).get("weaknesses") or {}).values()).lower()
    words = [w for w in re.findall(r"[a-z]{4,}", told.lower()) if w not in ("cannot", "bear", "abide", "stand")]
    return any(w in found for w in words)


def _names(beats: Sequence[Mapping[str, Any]]) -> set[str]:
    names = set()
    for b in beats:
        for p in (b.get("f") or {}).get("people") or ():
            names.add(str(p.get("name", "")))
    names.discard("")
    return names


def _calling_cards(beats: Sequence[Mapping[str, Any]]) -> set[str]:
    words: set[str] = set()
    for b in beats:
        killer = b.get("the_killer") or (b.get("f") or {}).get("killer")
        if isinstance(killer, Mapping):
            words |= set(re.findall(r"[a-z]+", str(killer.get("calling_card") or "").lower()))
    return words


def _past(sentences: list[str], people: dict[str, dict], prompt: str, kept: Iterable[str],
          short: str, beats: Sequence[Mapping[str, Any]] = ()) -> list[Contradiction]:
    """A deed of the group told as done before that nothing earlier told."""
    found = []
    for k, s in enumerate(sentences):
        record = " ".join([prompt, *kept, *sentences[:k], *sentences[k + 1:]]).lower()
        deeds = [(m.group(0), "", g[0], g[1].lower()) for m in _WHO_HAD.finditer(s)
                 for g in [[x for x in m.groups() if x]] if len(g) == 2]
        deeds += [(m.group(0), m.group(1), m.group(2), m.group(3).lower()) for m in _DONE.finditer(s)
                  if not _OWN_OBJECT.match(s, m.end())]  # "the snarl they had set the block down in"
        for said, thing, who, verb in deeds:
            if who not in ("you", "they", "we") and who not in people:
                continue
            if not _FUNCTION.isdisjoint(thing.lower().split()):
                continue  # "the order in which they must": no thing done to
            lemma = _past_verb(verb)
            if lemma is None or lemma in _SENSE_VERBS:
                continue
            forms = _forms(lemma)
            here = (record + " " + s.replace(said, " ")).lower()  # the deed told in this sentence too
            if _told_with(here, forms, thing):
                continue
            if _echoes(s, record, {*forms, *thing.lower().split()[-1:]}):
                continue  # the deed is one the record tells in its own words
            card = _calling_cards(beats)
            if thing and thing.split()[-1].lower() in card and (lemma in _CLOSING or not card.isdisjoint(forms)):
                continue  # the Killer's calling card tells that deed ("a door … you closed behind you")
            found.append(Contradiction("past-action", short, f"nothing earlier told {who} doing it ({said!r})"))
            return found
    return found


#: A verb with an object of its own after it: no deed done to the thing before it.
_OWN_OBJECT = re.compile(r"\s+(?:the|a|an|their|his|her|its|our|your|my|this|that)\b", re.I)
#: How far apart a deed's verb and its thing may be told for the record to have told the deed.
DEED_NEAR = 8
_VAGUE = frozenset("one ones thing things it them same other".split())


def _told_with(record: str, forms: tuple[str, ...], thing: str) -> bool:
    """Whether ``record`` (lowered) tells the deed: a form of its verb within :data:`DEED_NEAR`
    words of its thing ("the door Kit had barred" needs "bar" told of a door; a vague thing, "the
    same one", or none: the verb anywhere)."""
    last = (thing.lower().split() or [""])[-1]
    if not last or last in _VAGUE:
        return any(re.search(r"\b" + re.escape(f) + r"\b", record) for f in forms)
    words = re.findall(r"[a-z0-9']+", record)
    stem = last[:-1] if last.endswith("s") and len(last) > 3 else last
    for i, w in enumerate(words):
        if w in forms:
            near = words[max(0, i - DEED_NEAR):i + DEED_NEAR + 1]
            if any(n == last or n.startswith(stem) for n in near):
                return True
    return False


_FUNCTION = frozenset("in of which that to on at with for from by as than when where while".split())
#: Verbs of the senses and of being: "the door you saw", "the sound they heard" are no deeds.
_SENSE_VERBS = frozenset("see hear feel know think remember notice find smell taste want need be have get "
                         "say tell call come go love hate fear like".split())


@lru_cache(maxsize=2048)
def _past_verb(word: str) -> str | None:
    """The lemma of ``word`` when it is a verb's past form ("pushed" → push, "set" → set), else None."""
    from .. import english

    if word in ("had", "have", "already"):
        return None
    lemma = english.lemma_of(word, "VERB")
    if "VERB" not in english.parts_of(lemma):
        return None
    past = {english.inflect(lemma, "VBD"), english.inflect(lemma, "VBN")}
    if word == lemma and word not in _SAME_PAST:
        return None  # no past form of its own ("must"), or the present ("they push")
    return lemma if word in past else None


#: Verbs whose past is their bare form.
_SAME_PAST = frozenset("set put cut shut hit let spread cast shed split".split())


@lru_cache(maxsize=2048)
def _forms(lemma: str) -> tuple[str, ...]:
    from .. import english

    return tuple({lemma} | {english.inflect(lemma, tag) for tag in ("VBD", "VBN", "VBZ", "VBG")} - {""})


#: Verbs that do nothing with a thing ("Ashley sees Laurie's light"), and that hand it over.
_NOT_USING = frozenset("see hear watch notice spot glimpse find look catch follow reach want need eye".split())
_HANDING = re.compile(r"\b(?:pass\w*|hand\w*|toss\w*|throw\w*|threw|give\w*|gave|lend\w*|lent|share\w*|borrow\w*|"
                      r"take\w* (?:it|them) from|snatch\w*|grab\w* it from|(?:takes?|took|taking|grabs?|grabbed|"
                      r"grabbing) [A-Z][\w-]*'s)\b", re.I)


def _hands(sentences: list[str], beats: Sequence[Mapping[str, Any]], people: dict[str, dict],
           short: str) -> list[Contradiction]:
    holders: dict[str, set[str]] = {}  # a thing's words (as told) → who carries it
    for b in beats[-1:]:
        for p in (b.get("f") or {}).get("people") or ():
            if not p.get("alive", True):
                continue
            for item in list(p.get("items") or ()) + _held_by_why(str(p.get("why") or "")):
                holders.setdefault(str(item).lower(), set()).add(str(p.get("name", "")))
    if not holders:
        return []
    found = []
    for s in sentences:
        low = s.lower()
        things = [i for i in holders if re.search(r"\b" + re.escape(i) + r"\b", low)]
        if not things or _HANDING.search(s) or not any(_named(n, s) for n in people):
            continue
        user = [(t, w, "uses") for t, w in _user_of(s, things) + _possessed(s, things, holders, people)]
        user += [(t, w, "is told holding") for t, w in _has(s, things, people)]
        for thing, who, how in user:
            if who in people and who not in holders[thing]:
                owner = " or ".join(sorted(holders[thing]))
                found.append(Contradiction("wrong-hands", short, f"{who} {how} the {thing} {owner} carries"))
                return found
    return found


_WHY_HOLDS = re.compile(r"\b(?:holds|has|carries|keeps)\s+(?:the\s+|their\s+)?(?:only\s+)?([a-z][a-z -]*?[a-z])"
                        r"(?=$|[,.;]| and\b| to\b| for\b| from\b)")


def _held_by_why(why: str) -> list[str]:
    """The things a character's why says they hold ("drove the others here and holds the only
    car keys" → car keys)."""
    return [m.group(1) for m in _WHY_HOLDS.finditer(why.lower()) if len(m.group(1).split()) <= 3]


_HAS = ("has", "holds", "carries", "keeps", "clutches", "is holding", "is carrying", "has got", "still has",
        "still holds", "still carries", "still has got")


def _has(sentence: str, things: list[str], people: dict[str, dict]) -> list[tuple[str, str]]:
    """(thing, who) for "Kit still has the car keys": one of the cast said to hold a thing."""
    out = []
    for thing in things:
        for name in people:
            m = re.search(r"(?<![\w'])" + re.escape(name) + r" (?:" + "|".join(re.escape(h) for h in _HAS) +
                          r")\b(?:(?! and | but )[^.;!?]){0,25}?\b" + re.escape(thing) + r"\b", sentence, re.I)
            if m:
                out.append((thing, name))
    return out


#: Verbs that take a thing from another (a handover, told): "Nancy takes Laurie's light".
_TAKING = frozenset("take grab snatch borrow accept catch seize".split())


def _possessed(sentence: str, things: list[str], holders: dict[str, set[str]],
               people: dict[str, dict]) -> list[tuple[str, str]]:
    """(thing, who) for "Iris … flicking Frankie's brass lighter": a verb right before another's
    thing, named as theirs, in a sentence that names someone else of the cast before it (the
    doer, as a small parse often misses it)."""
    from .. import english

    out = []
    for thing in things:
        for owner in holders[thing]:
            m = re.search(r"\b([a-z]+) " + re.escape(owner) + r"'s " + re.escape(thing) + r"\b", sentence, re.I)
            if m is None:
                continue
            verb = m.group(1).lower()
            lemma = english.lemma_of(verb, "VERB")
            if "VERB" not in english.parts_of(verb) or lemma in _NOT_USING or lemma in _TAKING:
                continue
            doers = [n for n in people if n != owner and _named(n, sentence[:m.start()])]
            if doers:
                first = min(doers, key=lambda n: sentence.index(n))
                out.append((thing, first))
    return out


def _user_of(sentence: str, things: list[str]) -> list[tuple[str, str]]:
    """(thing, who does what is done with it) for each of ``things`` in the sentence, as the
    parse reads it: the subject of the verb the thing hangs on (or of the clause that verb
    belongs to: "Ashley walks …, sweeping the light"); none without the pipeline."""
    from .. import english

    words = english.parse(sentence)
    if not words.parsed:
        return []
    out = []
    for thing in things:
        last = thing.split()[-1]
        at = next((i for i, w in enumerate(words) if w.lower == last), None)
        if at is None:
            continue
        if words[at].dep not in ("dobj", "pobj", "conj"):
            continue  # "a corkscrew jutting from their pocket": beside someone, not used
        i, seen = at, 0
        while words[i].pos not in ("VERB",) and words[i].head != i and seen < 6:
            if words[i].dep == "pobj" and words[words[i].head].lower not in ("with", "at", "into", "through"):
                break  # "from their pocket", "on the table": where it is, not what is done with it
            i, seen = words[i].head, seen + 1
        if words[i].pos != "VERB" or words[i].lemma in _NOT_USING:
            continue
        subject = _subject(words, i)
        if subject is not None:
            out.append((thing, words[subject].text))
    return out


def _subject(words, verb: int, depth: int = 0) -> int | None:
    for k, w in enumerate(words):
        if w.head == verb and k != verb and w.dep in ("nsubj", "nsubjpass"):
            return k
    v = words[verb]
    if depth < 3 and v.dep in ("advcl", "xcomp", "conj", "acl", "ccomp") and v.head != verb:
        return _subject(words, v.head, depth + 1)
    return None


#: The deeds a calling card's "a door … that you closed behind you" tells.
_CLOSING = frozenset("close shut pull slam push lock".split())


def _echoes(sentence: str, record: str, deed: set[str]) -> bool:
    """Whether a sentence shares a run of four words with the record (less its articles) that
    holds a word of the ``deed`` (its verb's forms, its thing): it retells something told, in the
    record's words (not "in front of them", which any sentence may share)."""
    words = [w for w in re.findall(r"[a-z']+", sentence.lower()) if w not in ("the", "a", "an")]
    told = " " + " ".join(w for w in re.findall(r"[a-z']+", record.lower()) if w not in ("the", "a", "an")) + " "
    return any(f" {' '.join(words[i:i + 4])} " in told and not deed.isdisjoint(words[i:i + 4])
               for i in range(len(words) - 3))


_UNHURT = re.compile(r"\b(?:still |entirely |completely )?(?:unhurt|unharmed|unscathed|without a scratch|not a scratch on)\b",
                     re.I)


def _unhurt(sentences: list[str], people: dict[str, dict], short: str) -> list[Contradiction]:
    """Someone the record has hurt told as unhurt ("Iris, the only one of them still unhurt")."""
    for s in sentences:
        m = _UNHURT.search(s)
        if m is None or re.search(r"\b(?:not|no longer|never|nobody|no one)\b", s[:m.start()][-30:], re.I):
            continue
        for name, entry in people.items():
            if _named(name, s) and [h for h in entry["hurts"] if h]:
                return [Contradiction("nobody-hurt", short, f"{name} is hurt ({m.group(0)!r})")]
    return []
