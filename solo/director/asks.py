"""Deciding what a question asks of what it is about.

A question read by :mod:`solo.director.understand` carries its mentions (a character, the
group, a thing, a place, the Killer, the night) and the kinds of ask its words carry (alive,
dead, holds, lost …); :func:`decide` chooses the one it asks — "did the killer get Jesse?"
asks whether Jesse is dead, "who's got the flare?" who holds the flare, "how do we kill it?"
what weaknesses are found — or None, for what the night does not know.
"""

from __future__ import annotations

import re

from .words import KILL_VERBS, KILLER_DOING, LOST_IDIOMS, SENSED, WHAT_IS_IT



def _killerish(r, asks: set, lows: set, lemmas: set) -> bool:
    """The question is about the Killer: it names it, or asks "it"/"he" (no one of the cast)
    what only the Killer is asked (its look, its weapon, a weakness, who is doing this)."""
    if r.first("killer"):
        return True
    text = " ".join(t.lower for t in r.parse)
    if r.wh in ("who", "what") and (any(p in text for p in WHAT_IS_IT) or re.search(r"\bis that\W*$", text)) and \
            not r.first("person") and not r.first("thing") and not (lows & SENSED):
        return True  # (not "what's that whistling out there?": a sound, for the oracle to mean)
    if not r.first("it"):
        return False
    if any(any(r.parse[k].dep in ("nsubj", "nsubjpass", "dobj", "attr") for k in range(m.start, m.end))
           for m in r.mentions if m.kind in ("thing", "place")):
        return False  # "what is it doing with the flare?" (not "what did it look like in the light?")
    return bool(asks & {"look", "weakness", "legend"}) or r.wh in ("who", "where") or (
        "weapon" in asks and (r.wh in ("what", "which") or {"armed", "weapon", "knife"} & lows)) or bool(
        lemmas & KILLER_DOING) or bool(lemmas & KILL_VERBS and (r.first("person") or r.first("group"))) or (
        r.wh in ("what", "which") and "with" in lows and bool(lemmas & {"cut", "hit", "stab", "slash", "kill"}))


#: Verbs of the Killer taking a thing.
TAKE_VERBS = frozenset({"take", "steal", "grab", "snatch", "nick", "swipe", "pinch"})


def _killer_acts(r) -> bool:
    """The Killer (by name, or "it" with nobody of the cast named) is the subject."""
    return any(r.parse[k].dep in ("nsubj", "expl") for m in r.mentions if m.kind in ("killer", "it")
               for k in range(m.start, m.end))


def decide(r) -> str | None:
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
    if killer is not None and r.form == "yesno" and not person and not thing and not lows & {
            "story", "legend", "old", "stories", "before"} and (
            any(r.parse[k].dep in ("attr", "dobj") for k in range(killer.start, killer.end)) and (
                lemmas & {"be", "face"}) or lows & {"here"} and "be" in lemmas):
        return "confront"
    if wh in ("who", "whom") and "dead" in asks and not r.first("killer") and not r.first("it"):
        return "who-dead"  # "dead who??", "who got offed"
    if "weakness" in asks and lows & {"weakness", "weaknesses"} and not person:
        return "weakness"
    if person and about is person and wh in ("what", "which") and lemmas & {"lose", "drop"}:
        return "lost"  # "what did Jesse lose when it grabbed him?"
    # the Killer
    if lemmas & TAKE_VERBS and not thing and _killer_acts(r) and not (person and any(
            r.parse[k].dep in ("dobj", "nsubjpass") for k in range(person.start, person.end))):
        return "taken"  # "did it take anything off us?", "what did the killer take from Pam?"
    if r.form == "yesno" and not person and not thing and not place and _killer_acts(r) and (
            asks & {"with", "contents"} or lows & {"inside", "nearby", "near", "close", "around", "outside"}):
        return "killer-where"  # "is it in the house with us?" (not a headcount)
    killed_it = r.first("killer") or r.first("it") or "thing" in lows
    if thing and killed_it and lemmas & {"take", "steal", "grab", "snatch"} and wh is None:
        return "lost"  # "did that thing just take the flare?"
    if _killerish(r, asks, lows, lemmas):
        if person is not None and lemmas & KILL_VERBS and wh is None:
            return "dead"  # "did the killer get Jesse?"
        if group is not None and lemmas & KILL_VERBS and wh is None:
            return "any-dead"  # "has the killer gotten anyone yet?"
        if wh in ("who", "whom") and lemmas & KILL_VERBS and not (r.about is not None and r.about.kind in (
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
        if wh == "what" or "anything" in lows or "useful" in lows or ("find" in lemmas and r.form != "yesno"):
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


def _killer_ask(r, asks: set, wh, lows: set, lemmas: set) -> str | None:
    acts = any(r.parse[k].dep == "nsubj" for m in r.mentions if m.kind in ("killer", "it")
               for k in range(m.start, m.end)) or any(t.dep == "dobj" and t.lower in ("us", "we", "people", "everyone",
                                                                                      "them", "me") for t in r.parse)
    if "weakness" in asks and not (acts and lemmas & {"kill", "hurt"} and not lows & {"weakness", "weak"}) and (lows & {"weakness", "weaknesses", "weak", "afraid", "scared", "fear", "vulnerable"}
                               or (wh == "how" and lemmas & {"kill", "stop", "beat", "defeat", "hurt", "fight",
                                                               "slow", "destroy", "survive"})
                               or (wh == "what" and lemmas & {"know", "learn", "hurt", "stop", "kill", "figure", "find",
                                                               "work"})):
        return "weakness"
    if "weapon" in asks and (lows & {"weapon", "weapons", "armed", "knife", "blade", "wield", "hand", "using", "use"}
                             or wh in ("what", "which") and lemmas & {"carry", "hold", "have", "get", "use", "pack"}) \
            or (wh in ("what", "which") and "with" in lows and lemmas & {"kill", "attack", "stab", "murder", "cut", "hit",
                                                                       "slash", "hurt"}) \
            or (wh in ("what", "which") and lows & {"swinging", "wielding", "waving", "holding"}):
        return "weapon"
    if "look" in asks and (wh in ("what", "how", None) or "describe" in lemmas):
        if wh is None and r.form == "yesno" and not lemmas & {"describe", "look", "see", "glimpse"}:
            return "look-has" if lemmas & {"have", "wear", "get"} else None  # "does it have a mask?"
        return "look"
    if "legend" in asks or wh == "why":
        return "legend"
    if wh in ("what", "who"):
        if lemmas & KILLER_DOING and wh == "what" and lemmas & {"do", "doing"}:
            return "killer-where"
        return "what"
    if wh == "where" or lemmas & KILLER_DOING:
        return "killer-where"
    if "dead" in asks and wh is None:
        return "killer-dead"
    return None


def _person_ask(r, asks: set, wh, lows: set, lemmas: set, person) -> str | None:
    words = [t for t in r.parse if t.text[:1].isalnum()]
    if "good" in lows and re.search(r"\bfor good\b", r.text.lower()):
        asks = asks - {"ok"}  # "gone for good"
    if wh == "where" or (wh == "which" and "way" in lows) or (lemmas & {"see"} and wh is None and any(
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
    if "alone" in asks and lows & {"only", "just", "last", "alone", "else", "final", "sole", "all"} and (
            not r.first("group") or r.first("group").ref == "all"):
        return "alone"
    if "ok" in asks and lows & {"without", "uninjured", "unhurt", "unharmed", "unscathed", "good", "ok", "okay", "piece",
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
    if lemmas & {"lose"} and wh is None and not _lost_track(r.parse):
        return "dead"  # "did we lose Randy?" (not "i lost track of him")
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


def _group_ask(r, asks: set, wh, lows: set, lemmas: set, group) -> str | None:
    count = group.ref if group is not None else None
    me = group is not None and group.ref == "me" or bool(lows & {"i", "me"})
    if "alone" in asks and lows & {"only", "just", "last", "alone", "myself"} and (
            me or (group is not None and group.other) or lows & {"alone", "last", "only"}):
        return "alone"
    if wh == "where":
        if group is None and any(t.pos in ("NOUN", "PROPN") for t in r.parse):
            return None  # "where's the car?": a thing of the setting, not where you are
        return "where"
    if wh in ("who", "whom", "which", "what") and lows & {"thing", "things", "stuff", "gear", "items", "item",
                                                          "belongings", "supplies"} and (
            asks & {"lost", "dead"} or lemmas & {"lose", "drop", "go"}):
        return "lost"  # "which of our things are gone?"
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
        if "dead" in asks or (lemmas & {"lose"} and people) or (lost_words and people):  # "are we missing anyone?"
            return "all-dead" if count == "all" else "any-dead"
        if "hurt" in asks and "ok" not in asks:
            return "any-hurt"
        if "ok" in asks:
            return "all-ok"
        if asks & {"alive", "with", "count"}:
            return "all-alive"
    words = {w for w in lemmas if any(c.isalnum() for c in w)}  # "how is everyone?": its "?" is no word
    doing = lows & {"doing", "holding", "feeling"} or (words == {"how", "be"} | (words & {"we", "everyone", "everybody",
                                                                                  "all"}))
    if wh == "how" and group is not None and (doing and not asks - {"hurt", "ok"} or asks & {"hurt", "ok"}):
        return "who-hurt"  # "how are we doing?", "how is everyone?" (not "how do we open the door?")
    return None


def _lost_track(parse) -> bool:
    """"lost track", "lost sight", "lost count": nobody lost, nothing lost."""
    return any(t.lemma.lower() == "lose" and k + 1 < len(parse) and parse[k + 1].lower in LOST_IDIOMS
               for k, t in enumerate(parse))
