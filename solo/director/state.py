"""What the director knows, and answers exactly: the rules state and what the story has
established.

A question read by :mod:`solo.director.understand` is about a character, the group, a thing,
a place, the Killer or the night, and asks something of it. When the rules core (Strikes,
deaths, Genre Points, the Threat Card, weaknesses found) or the fiction (which hurt a Strike
left, who carries what and what was lost, where the group is and where it is cut off from,
the playset's Killer) decides it, the answer is built from them and chance has no part in it:
"is Randy gone?" after Randy's death is "Yes. Randy is dead: …", whatever words asked it. A
yes/no question is answered "Yes" or "No" as asked ("is Randy not dead?" after his death:
"No"), followed by the fact.
"""

from __future__ import annotations

import re

from ..nott.cards import SUIT_APTITUDES, is_face, is_joker, severity
from ..nott.describe import strike_ordinal
from ..world.places import short_place
from .listen import told_why
from ..world.pronouns import pronouns_of
from dataclasses import dataclass, replace
from .understand import Reading

_NUMBER = ("no one", "one", "two", "three", "four", "five", "six", "seven", "eight")
#: What the rules say a Threat Card's number means ("1–4: Atmospheric. There is no risk of
#: Strikes from this challenge. 5–7: Potentially dangerous Tasks. 8–10: Difficult and
#: dangerous Tasks."; face cards: "an upcoming confrontation with the Killer").
_SEVERITY = {
    "atmospheric": "atmospheric: there is no risk of a Strike from it",
    "dangerous": "potentially dangerous: a Dire failure costs a Strike",
    "deadly": "difficult and dangerous: a Dire failure costs a Strike",
    "killer": "the Killer itself: any failure costs a Strike, and so does a Dire success",
}


@dataclass(frozen=True)
class StateAnswer:
    topic: str
    text: str
    yes: bool | None = None  # the answer to a yes/no question, None for an open one
    legend: bool = False  # it tells the Killer's legend (told once a night: see _killer)


def _words(n: int) -> str:
    return _NUMBER[n] if 0 <= n < len(_NUMBER) else str(n)


def _names(items: list[str]) -> str:
    items = list(items)
    if not items:
        return "no one"
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def _plural(thing: str) -> bool:
    """"the truck keys are", "the matches are" (a thing's last word, plural)."""
    last = thing.split()[-1].lower()
    return last.endswith("s") and not last.endswith(("ss", "us", "is"))


def _the(things: list[str]) -> str:
    return _names([f"the {x}" for x in things])


def clock(tests: int, endgame: bool) -> str:
    """The time of night: the night begins at ten; a Test takes about seven minutes (the
    ashcan: "It takes some 60 Tests to defeat an average Killer", so five in the morning after
    sixty); once the Endgame has begun it is four at least; it is never later than half past
    five. Told to the quarter hour before."""
    from datetime import datetime, timedelta

    start = datetime(2000, 1, 13, 22, 0)
    at = start + timedelta(minutes=7 * tests)
    if endgame:
        at = max(at, datetime(2000, 1, 14, 4, 0))
    at = min(at, datetime(2000, 1, 14, 5, 30))
    at -= timedelta(minutes=at.minute % 15)
    names = "twelve one two three four five six seven eight nine ten eleven".split()
    hour = names[at.hour % 12] if at.hour else "midnight"
    following = names[(at.hour + 1) % 12] if at.hour != 23 else "midnight"
    if at.minute == 0:
        return hour if at.hour == 0 else f"{hour} o'clock"
    return {15: f"quarter past {hour}", 30: f"half past {hour}", 45: f"quarter to {following}"}[at.minute]


class Knower:
    """Answers the questions one moment of the night knows the answer to."""

    def __init__(self, game, fiction, asker: int | None = None, again: bool = False) -> None:
        self.game = game
        self.fiction = fiction
        self.asker = asker
        self.again = again  # the question asks to be told again ("tell me the legend again")
        self.names = [c.name for c in game.cast]

    # -- facts of one character

    def dead(self, i: int) -> bool:
        return self.game.dead[i] is not None

    def hurt(self, i: int) -> bool:
        p = self.fiction.people[i]
        return not self.dead(i) and bool(self.game.strikes[i] or p.hurts or p.scrapes)

    def _they(self, i: int):
        return pronouns_of(self.fiction.people[i].pronouns)

    def death_line(self, i: int) -> str:
        p = self.fiction.people[i]
        if p.written:  # the player's words, as a clause ("Frankie is dead: they never saw it coming.")
            written = p.written.rstrip(".")
            first = written.split(" ", 1)[0]
            if first[:1].isupper() and first[1:].islower() and first not in self.names and first != "I":
                written = first.lower() + written[len(first):]
            return f"{self.names[i]} is dead: {written}."
        how = p.death or "killed"
        where = f", at {p.died_at}" if p.died_at else ""
        return f"{self.names[i]} is dead: {how}{where}."

    def strikes_clause(self, i: int) -> str:
        n = self.game.strikes[i]
        return f", with {_words(n)} Strike{'s' if n != 1 else ''}" if n else ""

    def hurt_line(self, i: int) -> str:
        """One character's state: Strikes and the wounds they left, small harms, or unhurt; and a
        warning when one more Strike kills."""
        g, p, name = self.game, self.fiction.people[i], self.names[i]
        if self.dead(i):
            return self.death_line(i)
        n = g.strikes[i]
        if not n and not p.scrapes:
            return f"{name} is unhurt."
        if not n:
            return f"{name} has {_names(p.scrapes)}, but no Strike."
        wounds = f" ({', '.join(p.hurts)})" if p.hurts else ""
        besides = f", and {_names(p.scrapes)} besides" if p.scrapes else ""
        warn = f" The {strike_ordinal(g.rules.strikes_to_die)} kills." if g.rules.strikes_to_die - n == 1 else ""
        return f"{name} has {_words(n)} Strike{'s' if n != 1 else ''}{wounds}{besides}.{warn}"

    def carried(self, i: int) -> str:
        p = self.fiction.people[i]
        if self.dead(i):
            had = f" {self._they(i).say('They')} had {_the(p.items)}." if p.items else ""
            return self.death_line(i) + had
        return f"{self.names[i]} has {_the(p.items)}." if p.items else f"{self.names[i]} has nothing left."

    def lost_by(self, i: int) -> str:
        lost = self.fiction.people[i].lost
        if not lost:
            return f"{self.names[i]} has lost nothing yet."
        return f"{self.names[i]} has lost " + _names([f"the {x} ({self._how_lost(x)})" for x in lost]) + "."

    def taken(self, item: str) -> bool:
        return any(m.get("kind") == "takes" and m.get("item") == item for m in self.fiction.moves)

    def _how_lost(self, item: str) -> str:
        it = "them" if _plural(item) else "it"
        return f"the Killer took {it}" if self.taken(item) else "lost in the dark"

    def where_line(self, i: int) -> str:
        if self.dead(i):
            return self.death_line(i)
        return f"{self.names[i]} is with the rest of you, at {self.fiction.place}."

    # -- the group

    def living(self) -> list[int]:
        return list(self.game.living())

    def count_line(self) -> str:
        living = [self.names[i] for i in self.living()]
        total = len(self.names)
        if len(living) == total:
            return f"All {_words(total)} of you are still alive: {_names(living)}."
        dead = [self.names[i] for i in range(total) if self.dead(i)]
        gone = f" {_names(dead)} {'is' if len(dead) == 1 else 'are'} dead."
        if len(living) == 1:
            return f"Only {living[0]} is left.{gone}"
        if not living:
            return "No one is left."
        return f"{_words(len(living)).capitalize()} of you are left: {_names(living)}.{gone}"

    def dead_line(self) -> str:
        dead = [i for i in range(len(self.names)) if self.dead(i)]
        return " ".join(self.death_line(i) for i in dead) if dead else "Nobody has died yet."

    def hurt_all(self) -> str:
        hurt = [i for i in self.living() if self.hurt(i)]
        if not self.living():
            return "No one is left to be hurt."
        if not hurt:
            return "Nobody is hurt." if len(self.living()) > 1 else self.hurt_line(self.living()[0])
        unhurt = [self.names[i] for i in self.living() if i not in hurt]
        tail = f" {_names(unhurt)} {'is' if len(unhurt) == 1 else 'are'} unhurt." if unhurt else ""
        return " ".join(self.hurt_line(i) for i in hurt) + tail

    def lost_all(self) -> str:
        lost = [(i, x) for i, p in enumerate(self.fiction.people) for x in p.lost]
        if not lost:
            return "Nothing has been lost yet."
        return "Lost so far: " + _names([f"{self.names[i]}'s {x}" for i, x in lost]) + "."

    def holds_all(self) -> str:
        living = self.living()
        if not living:
            return "No one is left."
        return " ".join(self.carried(i) for i in living)

    # -- a thing

    def holder(self, item: str) -> int | None:
        return next((i for i, p in enumerate(self.fiction.people) if item in p.items and not self.dead(i)), None)

    def thing_line(self, item: str) -> str:
        holder = self.holder(item)
        if holder is not None:
            return f"{self.names[holder]} has the {item}."
        loser = next((i for i, p in enumerate(self.fiction.people) if item in p.lost), None)
        if loser is not None:
            be, it = ("are", "them") if _plural(item) else ("is", "it")
            if self.taken(item):
                return f"The {item} {be} lost: {self.fiction.killer['name']} took {it} from {self.names[loser]}."
            return f"The {item} {be} lost: {self.names[loser]} lost {it} in the dark."
        dead = next((i for i, p in enumerate(self.fiction.people) if item in p.items), None)
        if dead is not None:
            return f"The {item} went with {self.names[dead]}, who is dead."
        return f"Nobody has the {item}."

    # -- the night

    def dawn_line(self) -> str:
        g = self.game
        if g.endgame:
            return "The Endgame has begun: only the Killer's face cards and the two Jokers stand between you and dawn."
        found = g.found()
        return (f"{_words(found).capitalize() if found else 'None'} of the Killer's four weaknesses "
                f"{'is' if found == 1 else 'are'} found; the Endgame begins when all four are, and after it, dawn.")

    def weakness_line(self) -> tuple[str, bool]:
        g, f = self.game, self.fiction
        found = [s for s in range(4) if g.weaknesses[s] >= 0]
        if not found:
            return "Nothing yet: none of the Killer's four weaknesses has been found.", False
        shown = [f.weaknesses.get(SUIT_APTITUDES[s], "a weakness") for s in found]
        hidden = 4 - len(found)
        tail = (f" {_words(hidden).capitalize()} {'is' if hidden == 1 else 'are'} still hidden." if hidden
                else " All four are found.")
        return "The Killer has shown: " + "; ".join(shown) + "." + tail, True

    def danger_line(self) -> str:
        g = self.game
        if g.is_over():
            return "There is nothing left to face: the night is over."
        c, d = g.threat, g.difficulty()
        if is_joker(c):
            return f"This one is difficulty {d}: it is the end of the night, and it is here."
        band = _SEVERITY[severity(c)]
        from .stages import STAGES

        stage = STAGES[self.fiction.stage]
        return f"This one is difficulty {d}, {band}. A Test needs {d} or more on the d13. The night has reached {stage}."

    def difficulty_line(self) -> str:
        g = self.game
        if g.is_over():
            return "There is no Threat Card: the night is over."
        c, d = g.threat, g.difficulty()
        if is_joker(c):  # (the card itself is on the table, and in the mechanics line: never in an answer)
            said = f"This one is difficulty {d}: the end of the night (the Trophy Pile's top card)."
        elif is_face(c):
            said = f"This one is difficulty {d}: the Killer itself (the Trophy Pile's top card plus the face card's modifier)."
        else:
            said = f"This one is difficulty {d}."
        return said + f" A Test needs {d} or more on the d13."

    def genre_line(self, named: list[int]) -> str:
        g = self.game
        who = named or g.living()
        holding = [i for i in who if g.genre[i]]
        parts = [f"{self.names[i]} has {g.genre[i]} Genre Point{'s' if g.genre[i] != 1 else ''}" for i in holding]
        none = [self.names[i] for i in who if not g.genre[i]]
        if none and (named or len(none) < 3 or holding):
            parts.append(f"{_names(none)} {'has' if len(none) == 1 else 'have'} none")
        elif none:
            parts.append("nobody holds a Genre Point")
        said = "; ".join(parts)
        return said[:1].upper() + said[1:] + f". The Director's pool holds {g.pool}."


def _yes(flag: bool, line: str, topic: str) -> StateAnswer:
    return StateAnswer(topic, f"{'Yes' if flag else 'No'}. {line}", flag)


def answer_known(r: Reading, game, fiction, asker: int | None = None, again: bool = False) -> StateAnswer | None:
    """The exact answer to the question ``r``, or None when nothing the night knows decides it.
    ``again``: the question as typed asks to be told again ("remind me …", "… again")."""
    yesno = r.form == "yesno"
    ask = r.ask
    if r.mentioned("place") and ask not in ("contents", "where"):
        cut = _cut(r, fiction, yesno, lambda flag: (not flag) if r.negated else flag)
        if cut is not None:
            return cut
    if ask is None:
        return None
    k = Knower(game, fiction, asker, again)
    person = r.first("person")
    thing = r.first("thing")
    group = r.first("group")
    # a group word for the one who asks ("I" with nobody named as asking): the one taking the Test
    me = asker if asker is not None else (game.tester if game.tester >= 0 else None)
    if person is None and group is not None and group.ref == "me" and me is not None and ask in (
            "alive", "dead", "ok", "hurt", "holds", "lost", "where", "happened", "status"):
        person = group.__class__("person", me, group.start, group.end, group.text)

    def flip(flag: bool) -> bool:
        return (not flag) if r.negated else flag

    if ask == "genre":
        named = [m.ref for m in r.mentioned("person")]
        said = k.genre_line(named)
        if yesno:
            flag = any(game.genre[i] for i in named) if named else game.pool > 0
            return _yes(flip(flag), said, "genre")
        return StateAnswer("genre", said)
    if ask == "difficulty":
        return StateAnswer("difficulty", k.difficulty_line())
    if ask == "time":
        return StateAnswer("time", f"It is about {clock(game.tests, game.endgame)}. {k.dawn_line()}")
    if ask == "dawn":
        if yesno:
            return _yes(flip(bool(game.endgame)), k.dawn_line(), "dawn")
        return StateAnswer("dawn", f"It is about {clock(game.tests, game.endgame)}. {k.dawn_line()}")
    if ask == "danger":
        return StateAnswer("danger", k.danger_line()) if not yesno else None
    if ask == "killer-where":
        return _killer_where(r, k, yesno, flip)
    if ask == "taken":
        return _taken(k, person.ref if person is not None else None, yesno, flip)
    if ask == "holds" and thing is None and person is None and (group is None or r.wh == "who") and \
            not r.mentioned("place"):
        owned = _owned_by_why(r, k)
        if owned is not None:
            return owned
    if ask == "safe":
        return _safe(k, yesno, flip)
    if ask in ("look", "look-has", "weapon", "what", "legend", "weakness", "killer-dead"):
        return _killer(ask, r, k, yesno, flip)
    if ask == "confront":
        return _confront(k, flip)
    if ask == "recent":
        return None
    if ask == "contents":
        return _contents(r, fiction)
    if ask == "place-state":
        return _place_state(r, fiction, yesno, flip)
    if thing is not None and ask in ("holds", "lost", "happened") and not (
            person is not None and ask == "lost" and thing is None):
        return _thing(r, k, thing.ref, person.ref if person is not None else None, ask, yesno, flip)
    if person is not None and ask in ("alive", "dead", "with", "ok", "hurt", "holds", "lost", "where", "happened",
                                      "who-is", "status", "alone"):
        return _person(r, k, person.ref, ask, yesno, flip, me)
    if ask in ("all-alive", "any-dead", "all-dead", "any-hurt", "all-ok", "who-hurt", "who-dead", "count", "holds",
               "lost", "where", "alone"):
        return _group(r, k, ask, yesno, flip, me, group)
    return None


def _taken(k: Knower, who: int | None, yesno: bool, flip) -> StateAnswer:
    """What the Killer took, from whom, as its moves told it (a thing lost in a Costly
    Fallout was dropped, not taken)."""
    name = k.fiction.killer["name"]
    cap = name[:1].upper() + name[1:]
    moves = [m for m in k.fiction.moves if m.get("kind") == "takes" and (who is None or m.get("target") == k.names[who])]
    if not moves:
        whom = f" from {k.names[who]}" if who is not None else ""
        line = f"{cap} has not taken anything{whom}, not that anyone has noticed."
        return _yes(flip(False), line, "taken") if yesno else StateAnswer("taken", f"Nothing, so far. {line}")
    said = _names([f"{m['target']}'s {m['item']}" for m in moves])
    line = f"{cap} took {said}."
    return _yes(flip(True), line, "taken") if yesno else StateAnswer("taken", line)


#: Words of a question about holding a thing that are not the thing ("who's got the keys?").
_NOT_THINGS = frozenset("who what which anything something anyone anybody someone somebody everything stuff thing "
                        "things one gear item items supplies equipment belongings loot inventory group pocket pockets "
                        "bag bags pack hand hands".split())


def _owned_by_why(r: Reading, k: Knower) -> StateAnswer | None:
    """"Who has the car keys?" when no one carries a thing of that name: the one whose "why"
    holds it ("drove the others here and holds the only car keys"), or nobody."""
    nouns = [k for k, t in enumerate(r.parse) if t.pos in ("NOUN", "PROPN") and t.dep in (
        "dobj", "pobj", "attr", "nsubj", "conj") and t.lower not in _NOT_THINGS]
    if not nouns:
        return None
    at = nouns[-1]
    head = r.parse[at]
    words = {head.lower, head.lemma.lower()}
    for i in k.living():
        why = str(k.fiction.people[i].why or "")
        if any(re.search(rf"\b{re.escape(w)}\b", why, re.I) for w in words):
            return StateAnswer("holds", f"{k.names[i]}: {k.names[i]} {told_why(why, k.fiction.people[i].pronouns)}.")
    thing = " ".join(t.lower for t in r.parse[max(0, at - 2):at + 1] if t.pos in ("NOUN", "PROPN", "ADJ"))
    said = next((f for f in reversed(k.fiction.known_facts()) if f.yes is not None and f.statement and re.search(
        rf"\b{re.escape(head.lemma.lower())}", str(f.statement).lower())), None)
    if said is not None:  # a thing an answer brought into the night: nobody carries it; where it is
        told = str(said.statement).rstrip(".")
        return StateAnswer("holds", f"None of you has the {thing}. {told[:1].upper() + told[1:]}.")
    article = "any" if _plural(thing) else "an" if thing[:1] in "aeiou" else "a"
    return StateAnswer("holds", f"None of you has {article} {thing}.")


def _killer(ask: str, r: Reading, k: Knower, yesno: bool, flip) -> StateAnswer | None:
    killer = k.fiction.killer
    name = killer["name"]
    cap = name[:1].upper() + name[1:]
    if ask == "weakness":
        said, any_found = k.weakness_line()
        return _yes(flip(any_found), said, "killer") if yesno else StateAnswer("killer", said)
    if ask == "look-has":  # "does it wear a mask?": what it has been seen with is its look, and only that
        nouns = [t.lemma.lower() for t in r.parse if t.pos == "NOUN" and t.dep in ("dobj", "pobj", "attr")]
        if not nouns:
            return None
        look = f"{killer['look']}, and {killer['weapon']}".lower()
        seen = any(n in look for n in nouns)
        line = f"{cap}: {killer['look']}." if not any(n in str(killer["weapon"]).lower() for n in nouns) else \
            f"{cap} carries {killer['weapon']}."
        return _yes(flip(seen), line if seen else f"Not that anyone has seen. {cap}: {killer['look']}.", "look")
    # the legend is told once a night: to another question, again only when asked for again
    asked = getattr(k.fiction, "legend_told", ())
    told = bool(asked) and not k.again and " ".join(r.text.lower().split()) not in asked
    if yesno and ask == "legend":
        return replace(_yes(flip(True), _legend(killer) if not told else _LEGEND_AGAIN, "legend"), legend=not told)
    if yesno and ask == "look" and any(t.lemma.lower() in ("see", "look", "glimpse", "describe") for t in r.parse):
        return StateAnswer("look", f"For a moment, yes: {killer['look']}.")
    if yesno and ask != "killer-dead":
        return None  # "does it have a knife?": for the oracle
    if ask == "look":
        return StateAnswer("look", f"{cap}: {killer['look']}.")
    if ask == "weapon":
        return StateAnswer("weapon", f"{cap} carries {killer['weapon']}.")
    if ask == "what":
        legend = _legend(killer) if not told else ""
        if not k.fiction.seen:  # before its first appearance its look is nobody's to tell
            return StateAnswer("what", f"{cap}, though nobody has seen it yet. {legend}".strip(), legend=bool(legend))
        return StateAnswer("what", f"{cap}: {killer['look']}. {legend}".strip(), legend=bool(legend))
    if ask == "legend":
        return StateAnswer("legend", _legend(killer) if not told else _LEGEND_AGAIN, legend=not told)
    if ask == "killer-dead":
        if k.game.is_over():
            return _yes(flip(False), "Nobody killed it. Dawn came, and it was gone.", "killer")
        return _yes(flip(False), f"{cap} is still out there, and only dawn ends the night.", "killer")
    return None


#: What the Killer's move this Test says of where it is, for "where is it?" and "is it close?".
_MOVE_WHERE = {
    "heard": ("Close: you heard it, just now.", True, False),
    "sign": ("It has been here, and not long ago: {card}.", True, False),
    "glimpsed": ("Here, at {place}: you saw it a moment ago.", True, True),
    "takes": ("Close enough that it took {target}'s {item}, a moment ago.", True, True),
    "cuts": ("Between you and {place}: it got there first, and the way there is cut.", False, False),
    "stalks": ("Right behind {target}, and it is not hurrying.", True, True),
    "comes": ("Here. It is coming for {target}.", True, True),
    "faced": ("Here, at {place}: it is the one you face now.", True, True),
}
#: Where the Killer was when last it showed itself, by its move then.
_LAST_WHERE = {"glimpsed": "at {place}", "cuts": "between you and {place}", "takes": "close enough to touch",
               "stalks": "right behind {target}", "comes": "coming for {target}"}


def _last_seen(f) -> StateAnswer | None:
    """"Where is it now?" with no move this Test: where the story last placed it (None when it
    never showed itself: the oracle's meaning answers)."""
    move = next((m for m in reversed(f.moves) if m.get("kind") in _LAST_WHERE), None)
    if move is None:
        return None
    where = _LAST_WHERE[move["kind"]].format(place=short_place(move.get("place") or f.location),
                                             target=move.get("target") or "one of you")
    return StateAnswer("killer", f"Nobody has seen it since. The last anyone knew, it was {where}.")
_FOLLOWING = frozenset("follow watch stalk hunt chase track trail see".split())
_NEAR = frozenset("near close here around nearby behind outside inside come coming".split())


def _killer_where(r: Reading, k: Knower, yesno: bool, flip) -> StateAnswer | None:
    """Where the Killer is, as its move before this Test told it; None when it made none (the
    oracle answers, for this Test only)."""
    f = k.fiction
    move = f.moves[-1] if f.moves and f.moves[-1].get("tests") == k.game.tests else None
    if move is None and not k.game.is_over() and is_face(k.game.threat):  # the Killer is this Test's threat
        move = {"kind": "faced"}
    if move is None or move["kind"] not in _MOVE_WHERE:
        if yesno:
            return None
        return _last_seen(f)
    said, near, watching = _MOVE_WHERE[move["kind"]]
    target = move.get("target") or ""
    p = f.find(target)
    their = pronouns_of(p.pronouns).determiner if p is not None else "their"
    line = said.format(card=f.killer["calling_card"], place=short_place(move.get("place") or f.location),
                       target=target, item=move.get("item") or "", their=their)
    if not yesno:
        return StateAnswer("killer", line)
    lemmas = {t.lemma.lower() for t in r.parse}
    lows = {t.lower for t in r.parse}
    from .facts import fact_of

    found = fact_of(r, k.game.tests)
    said = found[0].predicate if found is not None and found[0].subject == {"killer:None"} else frozenset()
    turned = found is not None and found[1] != r.negated  # "is it far away?": near, the other way round
    if lemmas & _FOLLOWING or "follow" in said:
        flag = watching
    elif lemmas & _NEAR or lows & _NEAR or said & {"near", "come", "here", "in", "inside", "at"} or any(
            w.startswith("place:") for w in said):
        flag = near != turned
    elif lows & {"gone", "away", "left"} or lemmas & {"leave", "go"}:
        flag = not near
    else:
        return None
    return _yes(flip(flag), line, "killer")


def _safe(k: Knower, yesno: bool, flip) -> StateAnswer | None:
    """"Are we safe here?": the Threat Card says — atmospheric ("There is no risk of Strikes
    from this challenge") is as safe as the night gets; anything else is not."""
    g = k.game
    if g.is_over():
        return _yes(flip(True), "The night is over.", "danger") if yesno else None
    safe = not is_joker(g.threat) and severity(g.threat) == "atmospheric"
    line = k.danger_line()
    if yesno:
        return _yes(flip(safe), ("For now. " if safe else "") + line, "danger")
    return StateAnswer("danger", line)


def _confront(k: Knower, flip) -> StateAnswer:
    """"Is it the Killer?": the rules say so — a face card is the Killer itself ("Face cards
    represent an upcoming confrontation with the Killer"), a Joker its last act."""
    g = k.game
    if g.is_over():
        return _yes(flip(False), "The night is over.", "confront")
    c = g.threat
    if is_joker(c) or is_face(c):
        said = "It is the Killer itself, here, now." if is_face(c) else "It is the end of the night, and it is here."
        return _yes(flip(True), said, "confront")
    return _yes(flip(False), "Not yet: this one is not the Killer itself.", "confront")


#: The legend asked about again: the story was told, and it says no more.
_LEGEND_AGAIN = "The story has nothing more to tell than that. Whatever else there is, nobody lived to say."


def _legend(killer: dict) -> str:
    legend = str(killer.get("legend") or "").rstrip(".")
    return f"The story goes that {legend}." if legend else ""


_CLOSED = frozenset("cut blocked closed sealed shut gone lost burning burned dark".split())


def _cut(r: Reading, fiction, yesno: bool, flip) -> StateAnswer | None:
    """A place the Killer cut the group off from: the fact answers any question about it, never
    chance. "Can we go back to the boathouse?" — "No. …"; "Is the boathouse cut off?" — "Yes.
    …". A place it did not cut is for the oracle."""
    place = next((m for m in r.mentioned("place") if m.ref in fiction.cut), None)
    if place is None:
        return None
    fact = f"The way to {short_place(place.ref)} is cut off: {fiction.killer['name']} got there first."
    if not yesno:
        return StateAnswer("cut", fact)
    closed = any(t.lower in _CLOSED or t.lemma.lower() in ("block", "cut", "close", "seal") for t in r.parse)
    return _yes(flip(closed), fact, "cut")


def _contents(r: Reading, fiction) -> StateAnswer | None:
    """"What's in the kitchen?": what the setting put there (its props no one was dealt); of a
    place the Killer cut off, that it is cut off."""
    place = r.first("place")
    if place is None:
        return None
    if place.ref in fiction.cut:  # nobody can go and look: the fact answers
        return StateAnswer("cut", f"The way to {short_place(place.ref)} is cut off: {fiction.killer['name']} got there first.")
    props = list((fiction.places.get(place.ref) or {}).get("props") or ())
    dealt = {phrase for p in fiction.people for phrase in p.phrases.values()}
    left = [x for x in props if x not in dealt] or props
    if not left:
        return None
    short = short_place(place.ref)
    return StateAnswer("contents", f"In {short}: {_names(left)}.")


def _place_state(r: Reading, fiction, yesno: bool, flip) -> StateAnswer | None:
    """"Is the chapel locked?" asked inside the chapel: you are in it."""
    place = r.first("place")
    if place is None or place.ref != fiction.location or not yesno:
        return None
    short = short_place(place.ref)
    lows = {t.lower for t in r.parse}
    locked = bool(lows & {"locked", "closed", "shut", "sealed"})
    fact = f"You are inside {short}: nothing keeps you out of it."
    return _yes(flip(not locked), fact, "place")


def _thing(r: Reading, k: Knower, item: str, who: int | None, ask: str, yesno: bool, flip) -> StateAnswer:
    line = k.thing_line(item)
    holder = k.holder(item)
    if not yesno:
        if ask == "lost" and who is not None:
            return StateAnswer("items", k.lost_by(who))
        return StateAnswer("items", line)
    if ask == "lost":
        if who is not None:
            flag = item in k.fiction.people[who].lost
        else:
            flag = holder is None
        return _yes(flip(flag), line, "items")
    if who is not None:
        flag = holder == who
    else:
        flag = holder is not None
    return _yes(flip(flag), line, "items")


def _person(r: Reading, k: Knower, i: int, ask: str, yesno: bool, flip, me) -> StateAnswer | None:
    name = k.names[i]
    dead = k.dead(i)
    if ask == "alone":
        living = k.living()
        flag = living == [i]
        return _yes(flip(flag), k.count_line(), "count") if yesno else StateAnswer("count", k.count_line())
    if ask in ("alive", "with", "dead", "status") and not yesno:
        if ask == "status":
            return StateAnswer("state", k.death_line(i) if dead else
                               f"{name} is alive{k.strikes_clause(i)}, with the rest of you at {k.fiction.place}. "
                               f"{k.carried(i)}")
        return StateAnswer("dead", k.death_line(i) if dead else f"{name} is alive{k.strikes_clause(i)}.")
    if ask in ("alive", "with", "status"):
        line = k.death_line(i) if dead else (
            f"{name} is with you, at {k.fiction.place}{k.strikes_clause(i)}." if ask == "with" else
            f"{name} is alive{k.strikes_clause(i)}.")
        return _yes(flip(not dead), line, "dead")
    if ask == "dead":
        line = k.death_line(i) if dead else f"{name} is alive{k.strikes_clause(i)}."
        return _yes(flip(dead), line, "dead")
    if ask == "ok":
        return _yes(flip(not dead and not k.hurt(i)), k.hurt_line(i), "hurt")
    if ask == "hurt":
        if yesno:
            return _yes(flip(k.hurt(i)), k.hurt_line(i), "hurt")
        return StateAnswer("hurt", k.hurt_line(i))
    if ask == "holds":
        if yesno:
            return _yes(flip(not dead and bool(k.fiction.people[i].items)), k.carried(i), "items")
        return StateAnswer("items", k.carried(i))
    if ask == "lost":
        lost = k.fiction.people[i].lost
        return _yes(flip(bool(lost)), k.lost_by(i), "lost") if yesno else StateAnswer("lost", k.lost_by(i))
    if ask == "where":  # the living stay together: "has anyone seen Jesse?" is "Yes, here"
        return StateAnswer("where", k.where_line(i)) if not yesno else _yes(flip(not dead), k.where_line(i), "where")
    if ask == "happened":
        if dead:
            return StateAnswer("happened", k.death_line(i))
        lost = k.fiction.people[i].lost
        tail = f" {k.lost_by(i)}" if lost else ""
        if k.hurt(i):
            return StateAnswer("happened", k.hurt_line(i) + tail)
        return StateAnswer("happened", f"Nothing has happened to {name} yet: {name} is unhurt.{tail}")
    if ask == "who-is":
        c = k.game.cast[i]
        p = k.fiction.people[i]
        why = f", who {told_why(p.why, c.pronouns)}" if p.why else ""
        state = " (dead)" if dead else ""
        return StateAnswer("who", f"{name}{state}: {c.archetype}, {p.aptitude}{why}.")
    return None


def _group(r: Reading, k: Knower, ask: str, yesno: bool, flip, me, group) -> StateAnswer | None:
    living = k.living()
    n = len(k.names)
    dead = [i for i in range(n) if k.dead(i)]
    others = [i for i in range(n) if i != me] if group is not None and group.other and me is not None else list(range(n))
    if ask == "alone":
        one = living == [me] if me is not None else len(living) == 1
        return _yes(flip(one), k.count_line(), "count") if yesno else StateAnswer("count", k.count_line())
    if ask == "count":
        return StateAnswer("count", k.count_line())
    if ask == "all-alive":
        flag = not any(k.dead(i) for i in others)
        return _yes(flip(flag), k.count_line(), "count")
    if ask in ("any-dead", "all-dead"):
        quantity = group.ref if group is not None else "any"
        if ask == "all-dead" or quantity == "all":
            flag = all(k.dead(i) for i in others)
        else:
            flag = any(k.dead(i) for i in others)
        if quantity == "none":
            flag = not flag
        line = k.dead_line() if dead else "Nobody has died yet."
        return _yes(flip(flag), line + ("" if not dead else f" {k.count_line()}"), "dead")
    if ask == "who-dead":
        return StateAnswer("dead", k.dead_line())
    if ask in ("any-hurt", "all-ok"):
        hurt = [i for i in living if k.hurt(i)]
        flag = bool(hurt) if ask == "any-hurt" else not hurt
        if group is not None and group.ref == "none":
            flag = not flag
        return _yes(flip(flag), k.hurt_all(), "hurt")
    if ask == "who-hurt":
        return StateAnswer("hurt", k.hurt_all())
    if ask == "holds":
        return StateAnswer("items", k.holds_all()) if not yesno else None
    if ask == "lost":
        lost = k.lost_all()
        return _yes(flip(bool(k.fiction.lost_items())), lost, "lost") if yesno else StateAnswer("lost", lost)
    if ask == "where":
        f = k.fiction
        return StateAnswer("where", f"You are at {f.location}." if f.location else "You are where the night has left you.")
    return None
