"""Questions the rules state answers exactly: who is hurt and how, how many are left, who
carries what, what was lost, where the group is, what the Killer has shown, Genre Points,
the difficulty, how near dawn is.

The answer is built from the rules core (Strikes, deaths, Genre Points, the Threat Card,
weaknesses found) and the fiction (which hurt a Strike left, which thing was lost, where the
group is); chance has no part in it. A yes/no question about the state is answered "Yes" or
"No" from it, like any other.
"""

from __future__ import annotations

import re

from ..nott.cards import SUIT_APTITUDES, SUIT_SYMBOLS, card_str, is_face, is_joker
from ..nott.describe import strike_ordinal
from ..values import Value

#: Words for the cast as a whole (or the one who asks).
GROUP = (r"anyone|anybody|everyone|everybody|we|us|our|ours|someone|somebody|all of us|any of us|the group"
         r"|i|me|my|mine|i'm|you|your|you all|y'all|we're|who")
_NUMBER = ("no one", "one", "two", "three", "four", "five", "six", "seven", "eight")


class StateAnswer(Value):
    topic: str
    text: str
    yes: bool | None = None  # the answer to a yes/no question, None for an open one


def _words(n: int) -> str:
    return _NUMBER[n] if 0 <= n < len(_NUMBER) else str(n)


def _names(items: list[str]) -> str:
    items = list(items)
    if not items:
        return "no one"
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def _norm(text: str) -> str:
    return " ".join(str(text).lower().replace("\u2019", "'").split())


def _has_word(text: str, pattern: str) -> bool:
    return re.search(r"(?<![\w'])(?:" + pattern + r")(?![\w])", text) is not None


# ---------------------------------------------------------------------- reading the question

_TOPICS = (
    ("dawn", r"how long (?:until|till|til|to|before) (?:dawn|morning|sunrise|sunup|it's over)|how close (?:are we|is dawn)"
             r"|is it (?:almost|nearly) (?:dawn|over|morning)|endgame|how near (?:is )?dawn"),
    ("genre", r"genre points?|how many points|\bgp\b"),
    ("difficulty", r"difficulty|how hard|what do (?:i|we|you) need to roll|what (?:are we|am i|is \w+) facing"
                   r"|what'?s the (?:threat|card|target)|which card|what card"),
    ("confront", r"^(?:is|isn't) (?:it|that|this) (?:the killer|him|her|the thing)\b|^are we facing the killer"
                 r"|^is (?:the killer|it) here"),
    ("killer", r"weakness(?:es)?|what do we know about (?:it|the killer|him|her|the thing|them)"
               r"|what (?:has|have) (?:it|the killer) shown|what is it afraid of|how (?:do|can) (?:we|i) (?:kill|stop|beat|hurt) it"),
    ("where", r"where (?:are we|am i|is everyone|is the group|are you all|are we now)|what is this place"
              r"|where(?:'s| is) everybody"),
    ("count", r"how many (?:of us )?(?:are )?(?:left|alive|still|remain)|how many of us|how many are (?:left|alive|we)"
              r"|who(?:'s| is| are) (?:left|still alive|alive|still here|remaining|still standing)|^who(?:'s)? left\??$"
              r"|who (?:is )?still (?:alive|here|standing)|who survived"
              r"|are we all (?:alive|here|ok|okay|still here)|is everyone (?:else )?(?:alive|here|still here|still alive)"
              r"|are the others (?:alive|still alive|ok|okay)"),
    ("dead", r"who(?:'s| is| has)? (?:dead|died|been killed|gone)|how did \w+ die|is \w+ (?:dead|alive)"
             r"|did \w+ die|is anyone dead|has anyone died|who have we lost|who did we lose"),
    ("lost", r"what (?:have|did) (?:we|you|\w+) (?:lose|lost)|what(?:'s| is| has)? (?:been )?lost|is the [\w' -]+ lost"
             r"|did \w+ lose"),
    ("hurt", r"who(?:'s| is)? (?:hurt|injured|wounded|bleeding)|is (?:anyone|anybody|\w+) (?:hurt|injured|wounded"
             r"|bleeding|ok|okay|alright|all right|fine)|how (?:bad(?:ly)?|hurt|injured) (?:is|are) |how is \w+(?: doing)?\?"
             r"|how many strikes|what'?s wrong with|strikes? (?:does|do|has|have)"),
    ("items", r"what (?:do|does|did) (?:we|i|you|\w+) (?:have|carry|hold|got)|what (?:are|is|am) (?:we|i|\w+) (?:carrying|holding)"
              r"|what have (?:we|i|you) got|who(?:'s| is| has)? (?:got |carrying |holding )?(?:the|a|an|any) "
              r"|(?:does|do) (?:\w+) (?:have|carry|still have) |where(?:'s| is) (?:the|my|our|\w+'s) "),
)


def topic_of(text: str) -> str | None:
    """The state topic a question asks about, or None when the rules leave it unknown."""
    low = _norm(text)
    for topic, pattern in _TOPICS:
        if re.search(pattern, low):
            return topic
    return None


# ---------------------------------------------------------------------- answering


class StateReader:
    """Answers questions about the state of one moment of the night."""

    def __init__(self, game, fiction, asker: int | None = None) -> None:
        self.game = game
        self.fiction = fiction
        self.asker = asker
        self.names = [c.name for c in game.cast]

    # -- who and what the question names

    def named(self, text: str) -> list[int]:
        """Characters the question names (first names, whole words), or the asker for "I"."""
        low = _norm(text)
        found = [i for i, n in enumerate(self.names) if _has_word(low, re.escape(n.lower()))]
        if not found and self.asker is not None and _has_word(low, r"i|me|my|i'm|am i"):
            found = [self.asker]
        return found

    def item_named(self, text: str) -> str | None:
        """The thing of the fiction a question names (held or lost), longest name first."""
        low = _norm(text)
        known = [i for p in self.fiction.people for i in p.items + p.lost]
        for item in sorted(set(known), key=len, reverse=True):
            if _has_word(low, re.escape(item.lower())):
                return item
        for item in sorted(set(known), key=len, reverse=True):  # "the keys" for "truck keys"
            last = item.lower().split()[-1]
            if len(last) > 3 and _has_word(low, re.escape(last)):
                return item
        return None

    def person(self, i: int):
        return self.fiction.people[i]

    def about_us(self, text: str) -> bool:
        """The question is about the cast: it names one of them, the group ("anyone", "we"),
        or a thing one of them carries or lost; not a stranger ("Is the caretaker hurt?")."""
        low = _norm(text)
        return bool(self.named(text)) or _has_word(low, GROUP) or self.item_named(text) is not None

    def stranger(self, text: str) -> bool:
        """The question names someone who is not in the cast (a capitalised word past the first)."""
        cast = {n.lower() for n in self.names}
        words = re.findall(r"[\w']+", str(text))[1:]
        return any(w[:1].isupper() and w.lower() not in cast and w not in ("I", "I'm", "Killer", "Genre", "Points",
                                                                         "Point", "Director", "Trophy", "Threat")
                   for w in words)

    def answer(self, topic: str, text: str, yesno: bool) -> StateAnswer | None:
        """The exact answer, or None when the question is about someone the state does not
        know (a stranger's wounds are for the oracle)."""
        if topic in ("hurt", "dead", "items", "lost"):
            if self.stranger(text) and not self.named(text):
                return None
            if yesno and not self.about_us(text):
                return None
        handler = getattr(self, "_" + topic)
        return handler(text, yesno)

    # -- the topics

    def _count(self, text: str, yesno: bool) -> StateAnswer:
        g = self.game
        living = [self.names[i] for i in g.living()]
        dead = [n for i, n in enumerate(self.names) if g.dead[i] is not None]
        total = len(self.names)
        if len(living) == total:
            said = f"All {_words(total)} of you are still alive: {_names(living)}."
        elif len(living) == 1:
            said = f"Only {living[0]} is left."
        elif not living:
            said = "No one is left."
        else:
            said = f"{_words(len(living)).capitalize()} of you are left: {_names(living)}."
        if yesno:  # "are we all alive?"
            if not dead:
                return StateAnswer("count", f"Yes. {said}", True)
            return StateAnswer("count", f"No. {_names(dead)} {'is' if len(dead) == 1 else 'are'} dead. {said}", False)
        return StateAnswer("count", said)

    def _death_line(self, i: int) -> str:
        p = self.person(i)
        how = p.death or "killed"
        where = f", at {p.died_at}" if p.died_at else ""
        return f"{self.names[i]} is dead: {how}{where}."

    def _dead(self, text: str, yesno: bool) -> StateAnswer:
        g = self.game
        dead = [i for i in range(len(self.names)) if g.dead[i] is not None]
        who = self.named(text)
        low = _norm(text)
        if yesno and who:
            i = who[0]
            asks_alive = _has_word(low, "alive|living|ok|okay")
            is_dead = g.dead[i] is not None
            yes = (not is_dead) if asks_alive else is_dead
            said = self._death_line(i) if is_dead else f"{self.names[i]} is alive{self._strikes_clause(i)}."
            return StateAnswer("dead", f"{'Yes' if yes else 'No'}. {said}", yes)
        if yesno:  # "is anyone dead?"
            said = " ".join(self._death_line(i) for i in dead) if dead else "Nobody has died yet."
            return StateAnswer("dead", f"{'Yes' if dead else 'No'}. {said}", bool(dead))
        if who:
            i = who[0]
            said = self._death_line(i) if g.dead[i] is not None else f"{self.names[i]} is alive{self._strikes_clause(i)}."
            return StateAnswer("dead", said)
        return StateAnswer("dead", " ".join(self._death_line(i) for i in dead) if dead else "Nobody has died yet.")

    def _strikes_clause(self, i: int) -> str:
        n = self.game.strikes[i]
        return f", with {_words(n)} Strike{'s' if n != 1 else ''}" if n else ""

    def _hurt_line(self, i: int) -> str:
        """One character's state: Strikes and the wounds they left, small harms, or unhurt;
        and a warning when one more Strike kills."""
        g, p, name = self.game, self.person(i), self.names[i]
        if g.dead[i] is not None:
            return self._death_line(i)
        n = g.strikes[i]
        if not n and not p.scrapes:
            return f"{name} is unhurt."
        if not n:
            return f"{name} has {_names(p.scrapes)}, but no Strike."
        wounds = f" ({', '.join(p.hurts)})" if p.hurts else ""
        besides = f", and {_names(p.scrapes)} besides" if p.scrapes else ""
        warn = f" The {strike_ordinal(g.rules.strikes_to_die)} kills." if g.rules.strikes_to_die - n == 1 else ""
        return f"{name} has {_words(n)} Strike{'s' if n != 1 else ''}{wounds}{besides}.{warn}"

    def _hurt(self, text: str, yesno: bool) -> StateAnswer:
        g = self.game
        who = self.named(text)
        low = _norm(text)
        hurt = [i for i in g.living() if g.strikes[i] or self.person(i).hurts or self.person(i).scrapes]
        if yesno and who:
            i = who[0]
            if g.dead[i] is not None:
                return StateAnswer("hurt", f"No. {self._death_line(i)}", False)
            asks_ok = _has_word(low, "ok|okay|alright|all right|fine")
            is_hurt = i in hurt
            yes = (not is_hurt) if asks_ok else is_hurt
            return StateAnswer("hurt", f"{'Yes' if yes else 'No'}. {self._hurt_line(i)}", yes)
        if yesno:  # "is anyone hurt?"
            said = " ".join(self._hurt_line(i) for i in hurt) if hurt else "Nobody is hurt."
            return StateAnswer("hurt", f"{'Yes' if hurt else 'No'}. {said}", bool(hurt))
        if who:
            return StateAnswer("hurt", " ".join(self._hurt_line(i) for i in who))
        if not hurt:
            living = g.living()
            if not living:
                return StateAnswer("hurt", "No one is left to be hurt.")
            return StateAnswer("hurt", self._hurt_line(living[0]) if len(living) == 1 else "Nobody is hurt.")
        unhurt = [self.names[i] for i in g.living() if i not in hurt]
        tail = f" {_names(unhurt)} {'is' if len(unhurt) == 1 else 'are'} unhurt." if unhurt else ""
        return StateAnswer("hurt", " ".join(self._hurt_line(i) for i in hurt) + tail)

    def _carried(self, i: int) -> str:
        p = self.person(i)
        return f"{self.names[i]} has {_names(['the ' + x for x in p.items])}." if p.items else \
            f"{self.names[i]} has nothing left."

    def _items(self, text: str, yesno: bool) -> StateAnswer:
        g = self.game
        item = self.item_named(text)
        who = self.named(text)
        if item is not None:
            holder = next((i for i, p in enumerate(self.fiction.people) if item in p.items and g.dead[i] is None), None)
            loser = next((i for i, p in enumerate(self.fiction.people) if item in p.lost), None)
            if holder is not None:
                said = f"{self.names[holder]} has the {item}."
            elif loser is not None:
                said = f"The {item} is lost: {self.names[loser]} lost it."
            else:
                dead_holder = next(i for i, p in enumerate(self.fiction.people) if item in p.items)
                said = f"The {item} went with {self.names[dead_holder]}, who is dead."
            if yesno:
                yes = holder is not None and (not who or holder in who)
                return StateAnswer("items", f"{'Yes' if yes else 'No'}. {said}", yes)
            return StateAnswer("items", said)
        if yesno and who:  # "does Tina have a gun?": nothing the fiction knows of
            thing = _thing_asked(text)
            return StateAnswer("items", f"No. {self._carried(who[0])}" if not thing else
                               f"No. Nobody here carries {thing}. {self._carried(who[0])}", False)
        if yesno:
            thing = _thing_asked(text)
            return StateAnswer("items", f"No. Nobody carries {thing or 'that'}.", False)
        thing = _thing_asked(text)
        if thing and not who:  # "who has a flashlight?": nothing the fiction knows of
            return StateAnswer("items", f"Nobody here carries {thing}.")
        people = who or g.living()
        return StateAnswer("items", " ".join(self._carried(i) for i in people) if people else "No one is left.")

    def _lost(self, text: str, yesno: bool) -> StateAnswer:
        item = self.item_named(text)
        lost = [(i, x) for i, p in enumerate(self.fiction.people) for x in p.lost]
        if item is not None:
            loser = next((i for i, x in lost if x == item), None)
            if loser is not None:
                said = f"The {item} is lost: {self.names[loser]} lost it."
            else:
                return self._items(text, yesno) if not yesno else StateAnswer(
                    "lost", f"No. {self._items(text, False).text}", False)
            return StateAnswer("lost", f"Yes. {said}" if yesno else said, True if yesno else None)
        who = self.named(text)
        if who:
            lost = [(i, x) for i, x in lost if i in who]
        said = ("Lost so far: " + _names([f"{self.names[i]}'s {x}" for i, x in lost]) + ".") if lost else \
            "Nothing has been lost yet."
        if yesno:
            return StateAnswer("lost", f"{'Yes' if lost else 'No'}. {said}", bool(lost))
        return StateAnswer("lost", said)

    def _where(self, text: str, yesno: bool) -> StateAnswer:
        f = self.fiction
        said = f"You are at {f.location}." if f.location else "You are where the night has left you."
        return StateAnswer("where", said)

    def _killer(self, text: str, yesno: bool) -> StateAnswer:
        g, f = self.game, self.fiction
        found = [s for s in range(4) if g.weaknesses[s] >= 0]
        if not found:
            said = "Nothing yet: none of the Killer's four weaknesses has been found."
            return StateAnswer("killer", f"No. {said}" if yesno else said, False if yesno else None)
        shown = [f"{f.weaknesses.get(SUIT_APTITUDES[s], 'a weakness')} ({SUIT_SYMBOLS[s]} {SUIT_APTITUDES[s]})"
                 for s in found]
        hidden = 4 - len(found)
        tail = (f" {_words(hidden).capitalize()} {'is' if hidden == 1 else 'are'} still hidden." if hidden
                else " All four are found.")
        said = "The Killer has shown: " + "; ".join(shown) + "." + tail
        return StateAnswer("killer", f"Yes. {said}" if yesno else said, True if yesno else None)

    def _confront(self, text: str, yesno: bool) -> StateAnswer:
        """"Is it the Killer?": the rules say so — a face card is the Killer itself ("Face cards
        represent an upcoming confrontation with the Killer"), a Joker its last act."""
        g = self.game
        if g.is_over():
            return StateAnswer("confront", "No. The night is over.", False)
        c = g.threat
        if is_joker(c) or is_face(c):
            said = f"{card_str(c)} is the Killer itself." if is_face(c) else "It is the end of the night, and it is here."
            return StateAnswer("confront", f"Yes. {said}", True)
        return StateAnswer("confront", f"No. Not yet: {card_str(c)} is not the Killer itself.", False)

    def _genre(self, text: str, yesno: bool) -> StateAnswer:
        g = self.game
        named = self.named(text)
        who = named or g.living()
        holding = [i for i in who if g.genre[i]]
        parts = [f"{self.names[i]} has {g.genre[i]} Genre Point{'s' if g.genre[i] != 1 else ''}" for i in holding]
        none = [self.names[i] for i in who if not g.genre[i]]
        if none and (named or len(none) < 3 or holding):
            parts.append(f"{_names(none)} {'has' if len(none) == 1 else 'have'} none")
        elif none:
            parts.append("nobody holds a Genre Point")
        said = "; ".join(parts)
        said = said[:1].upper() + said[1:] + f". The Director's pool holds {g.pool}."
        if yesno:
            yes = any(g.genre[i] for i in who) if self.named(text) else g.pool > 0
            return StateAnswer("genre", f"{'Yes' if yes else 'No'}. {said}", yes)
        return StateAnswer("genre", said)

    def _difficulty(self, text: str, yesno: bool) -> StateAnswer:
        g = self.game
        if g.is_over():
            return StateAnswer("difficulty", "There is no Threat Card: the night is over.")
        c = g.threat
        d = g.difficulty()
        if is_joker(c):
            said = f"The {'Red' if c == 53 else 'Black'} Joker: difficulty {d} (the Trophy Pile's top card)."
        elif is_face(c):
            said = (f"{card_str(c)}: the Killer itself ({SUIT_APTITUDES[c // 13]}), difficulty {d}: "
                    f"the Trophy Pile's top card plus the face card's modifier.")
        else:
            said = f"{card_str(c)} ({SUIT_APTITUDES[c // 13]}): difficulty {d}."
        said += f" A Test needs {d} or more on the d13."
        return StateAnswer("difficulty", said)

    def _dawn(self, text: str, yesno: bool) -> StateAnswer:
        g = self.game
        found = g.found()
        if g.endgame:
            said = "The Endgame has begun: only the Killer's face cards and the two Jokers stand between you and dawn."
        else:
            said = (f"{_words(found).capitalize() if found else 'None'} of the Killer's four weaknesses "
                    f"{'is' if found == 1 else 'are'} found; the Endgame begins when all four are.")
        if yesno:
            return StateAnswer("dawn", f"{'Yes' if g.endgame else 'No'}. {said}", g.endgame)
        return StateAnswer("dawn", said)


def _thing_asked(text: str) -> str | None:
    """``"does Tina have a gun?"`` → ``"a gun"``; ``"who has the flashlight?"`` → ``"a
    flashlight"``."""
    m = re.search(r"\b(?:has|have|carry|carries|got|hold|holds|carrying|holding)\s+(?:got\s+)?"
                  r"(a|an|the|any|some)\s+([\w' -]+?)\s*\??$", _norm(text))
    if not m:
        return None
    det, noun = m.groups()
    if det in ("the", "any"):
        det = "an" if noun[:1] in "aeiou" else "a"
    return f"{det} {noun}"


_CLOSED = r"cut|cut off|blocked|closed|shut|sealed|dark|gone|lost|burning|burned|out of reach"
def _place_named(place: str, text: str) -> bool:
    """Whether ``text`` names ``place`` ("the cellar" for "the cellar under the kitchen trapdoor")."""
    from ..places import short_place

    names = {place.lower(), short_place(place).lower()}
    return any(_has_word(text, re.escape(n)) for n in names)


def answer_cut(fiction, text: str, yesno: bool) -> StateAnswer | None:
    """A question about a place the Killer cut the group off from: the fact answers it, never
    chance. "Can we go back to the boathouse?" — "No. …"; "Is the boathouse cut off?" — "Yes. …"."""
    low = _norm(text)
    place = next((p for p in getattr(fiction, "cut", ()) if _place_named(p, low)), None)
    if place is None:
        return None
    fact = f"The way to {place} is cut off: {fiction.killer['name']} got there first."
    if not yesno:
        return StateAnswer("cut", fact)
    closed = _has_word(low, _CLOSED)
    return StateAnswer("cut", f"{'Yes' if closed else 'No'}. {fact}", yes=closed)


def answer_state(game, fiction, text: str, yesno: bool, asker: int | None = None) -> StateAnswer | None:
    """The exact answer to a question about the state, or None when it asks about the unknown."""
    cut = answer_cut(fiction, text, yesno)
    if cut is not None:
        return cut
    topic = topic_of(text)
    if topic is None:
        return None
    return StateReader(game, fiction, asker).answer(topic, text, yesno)
