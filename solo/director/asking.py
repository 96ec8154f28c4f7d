"""The director answers a question: from what it knows, by the oracle, or with a meaning drawn
for what nothing decides — and once it has answered, the answer is a fact.

:func:`reply` decides; the voices (templates or a model) only phrase what it decided. In
order:

1. **Known**: what the rules state and the fiction decide (:mod:`solo.director.state`): who
   is alive, hurt, carrying what; what was lost; where the group is and where it is cut off
   from; the Killer's look, weapon and legend from the playset; how dangerous the Threat Card
   is; the time of night.
2. **Established**: a fact already told tonight — an earlier answer, the opening's scene, the
   playset's facts — matched on meaning (:mod:`solo.director.facts`): asked again in other
   words, the same answer; asked the other way round, the opposite; never a new draw.
3. **The oracle** for a yes/no question nothing decides (:mod:`solo.director.oracle`), told
   back as a statement (:mod:`solo.director.restate`).
4. **A meaning** for an open question nothing decides: a draw from the setting's meaning
   tables (:mod:`solo.director.meaning`), told around the question's own subject, never a
   detail already given tonight.
"""

from __future__ import annotations

import re

from dataclasses import dataclass, field, replace
from typing import Any

from . import oracle
from .facts import Fact, fact_of, find, gist_of, implied, resembling
from .material import BOONS, COSTS, WORSE, Material, choose
from .questions import Question
from .restate import restate
from .state import answer_known
from .tidy import readdressed
from .understand import Lexicon, Reading, read

#: A question that asks to be told again what was told ("tell me the legend again").
_AGAIN = re.compile(r"\b(?:again|remind|repeat)\b", re.I)
#: Asks about the Killer's doings: facts of the moment (the Killer moves between Tests).
_MOMENT = frozenset({"killer-where"})


@dataclass(frozen=True)
class Reply:
    """What the director decided to answer.

    ``kind``: ``state`` (exact, from what the night knows), ``oracle`` (a yes/no about the
    unknown), ``open`` (a meaning drawn for the unknown) or ``repeat`` (a fact already
    established)."""

    kind: str
    question: Question
    yes: bool | None = None
    text: str | None = None  # state and repeat: the whole answer, already decided word for word
    answer: oracle.Answer | None = None
    statement: str | None = None  # the yes/no question told back as the answer makes it
    turn: str | None = None  # what "and" / "but" adds, as a clause
    detail: str | None = None  # an open question's answer, as a sentence naming its subject
    interrupt: str | None = None  # the Killer breaking in, as a sentence
    reading: Reading | None = None
    fact: Fact | None = None  # what this answer establishes (oracle and open answers)
    negated: bool = False
    extra: dict = field(default_factory=dict)

    def context(self) -> dict[str, Any]:
        """Plain data for the answer beat."""
        q, r, a = self.question, self.reading, self.answer
        return {
            "answer_kind": self.kind, "question": q.text, "form": r.form if r else "yesno",
            "word": r.wh if r else None, "odds": q.odds, "stated": q.stated,
            "fact": self.fact, "negated": self.negated,
            "yes": self.yes, "text": self.text,
            "band": a.band if a else None, "opening": a.opening if a else _opening(self.yes),
            "roll": a.roll if a else None, "dread": a.dread if a else None,
            "statement": self.statement, "turn": self.turn, "detail": self.detail, "interrupt": self.interrupt,
            "focus": _focus(r), **self.extra,
        }

    def describe(self) -> str | None:
        """The mechanics line for a log: how the answer was decided."""
        if self.kind == "state":
            return "answered from the table, no roll"
        if self.kind == "repeat":
            return "already answered tonight, no new roll"
        if self.answer is not None:
            return self.answer.describe()
        return "a meaning drawn for what nothing decides, no roll"


def _opening(yes: bool | None) -> str | None:
    return None if yes is None else ("Yes" if yes else "No")


def _focus(r: Reading | None) -> int | None:
    """The character the question was about (the next "she" or "he" may be them)."""
    if r is None:
        return None
    person = r.first("person")
    return person.ref if person is not None else None


def answer(text: str, who: int | None = None, odds: str | None = None, *, game, fiction, seed, step: int,
           setting: dict | None = None) -> Reply:
    """:func:`reply` to ``text`` as typed (odds read from it, or given)."""
    from .questions import parse

    return reply(parse(text, who, odds), game=game, fiction=fiction, seed=seed, step=step, setting=setting)


def reply(q: Question, *, game, fiction, seed, step: int, setting: dict | None = None) -> Reply:
    """The director's answer to ``q`` asked at step ``step`` of the night."""
    names = [c.name for k, c in enumerate(game.cast) if k != q.who]
    to = readdressed(q.text, names)  # "laurie r u hurt": asked of Laurie
    if to != q.text:
        q = replace(q, text=to)
    r = read(q.text, Lexicon.of(game, fiction), q.who, getattr(fiction, "focus", None))
    known = answer_known(r, game, fiction, q.who, again=bool(_AGAIN.search(q.text)))
    if known is None and r.form == "yesno" and r.ask != "killer-where":
        about = fact_of(r, game.tests)  # "is the killer in the mess hall?": where it is, as its move told
        if about is not None and about[0].subject == {"killer:None"}:
            known = answer_known(replace(r, ask="killer-where"), game, fiction, q.who)
    if known is not None:
        return Reply("state", q, yes=known.yes, text=known.text, reading=r, extra={
            "topic": known.topic, "legend": known.legend, "asked": " ".join(r.text.lower().split())})
    moment = r.ask in _MOMENT or any(t.lower == "now" for t in r.parse)
    found = fact_of(r, game.tests if moment else None)
    if found is not None and r.ask == "killer-where" and r.form == "open":
        # "where did it go?", "did anyone see where it went?", "where is the Killer?": one
        # place for the Killer this Test, however it is asked
        found = (replace(found[0], subject=frozenset({"killer:where"}), head="killer:where",
                         predicate=frozenset(), wh="where", words=frozenset()), found[1])
    if found is not None:
        asked, negated = found
        known = fiction.known_facts()
        established = find(known, asked, game.tests)
        if established is not None:
            return _repeat(q, r, established, negated)
        follows = implied(known, asked, game.tests)
        if follows is not None:  # "is the chapel door open?" after "it is locked": no
            fact, truth = follows
            yes = truth != negated
            said = (fact.statement or "").rstrip(".")
            text = f"{'Yes' if yes else 'No'}. That is already settled: {said}." if said else \
                f"{'Yes' if yes else 'No'}."
            return Reply("repeat", q, yes=yes, text=text, reading=r)
    else:
        asked, negated = None, r.negated
    if r.form == "yesno":
        near = resembling(fiction.known_facts(), *gist_of(r), game.tests)
        if near is not None:  # "is the pickup bogged down in mud?" after "is it stuck in the mud?"
            fact, holds = near
            return _settled(q, r, fact, holds != r.negated)
    key = _roll_key(asked, q.text)
    material = Material.of(setting, fiction)
    if r.form == "yesno":
        answer_ = oracle.decide(q.odds, oracle.dread(game, getattr(fiction, "dread_shift", 0)),
                                oracle.roll(seed, step, key))
        yes = answer_.yes  # the question as asked: "is it unlocked?" answered yes means unlocked
        statement = restate(r, yes)
        pool = {"yes-and": BOONS, "yes-but": COSTS, "no-and": WORSE}.get(answer_.band)
        turn = _turn(answer_.band, material, seed, step, key) if pool is not None else None
        interrupt = _interruption(material, seed, step) if answer_.interrupt else None
        fact = _kept(asked, yes != negated, statement, negated,
                     twist=pool is not None and answer_.band != "yes-and" or answer_.interrupt)
        if fact is not None:
            anchors, rest, signs = gist_of(r)
            fact = replace(fact, gist=anchors | rest, anchors=anchors, signs=signs, worded=yes != r.negated)
        return Reply("oracle", q, yes=yes, answer=answer_, statement=statement, turn=turn, interrupt=interrupt,
                     reading=r, fact=fact, negated=negated)
    from .meaning import detail

    told, drawn = detail(r, material, fiction, game, (seed, step, key))
    fact = _kept(asked, None, told)
    return Reply("open", q, detail=told, reading=r, fact=fact, negated=negated, extra={"drawn": drawn})


def _kept(asked: Fact | None, yes: bool | None, statement: str | None, negated: bool = False,
          twist: bool = False) -> Fact | None:
    if asked is None:
        return None
    return Fact(asked.subject, asked.head, asked.predicate, yes, asked.form, asked.wh, asked.tests,
                statement=statement, question=asked.question, negated=negated, words=asked.words, twist=twist)


def _roll_key(asked: Fact | None, text: str) -> str:
    if asked is None:
        return " ".join(text.lower().split())
    return f"{'|'.join(sorted(asked.subject))}/{'|'.join(sorted(asked.predicate))}/{asked.wh or ''}"


def _repeat(q: Question, r: Reading, known: Fact, negated: bool) -> Reply:
    """A question already answered: the same answer, or its opposite asked the other way."""
    if known.yes is None:
        text = known.text or (known.statement[:1].upper() + known.statement[1:] + "." if known.statement else None)
        return Reply("repeat", q, text=text, reading=r)
    yes = known.yes != negated
    if known.text and negated == known.negated:
        return Reply("repeat", q, yes=yes, text=known.text, reading=r)  # the same words it was told in
    said = known.statement
    if said and known.source != "answer":  # the opening's or the playset's fact
        text = f"{'Yes' if yes else 'No'}. {said[:1].upper() + said[1:].rstrip('.')}."
    elif said:
        text = f"{'Yes' if yes else 'No'}. That is already settled: {said[:1].lower() + said[1:].rstrip('.')}."
    else:
        text = f"{'Yes' if yes else 'No'}. That is already settled."
    return Reply("repeat", q, yes=yes, text=text, reading=r)


def _settled(q: Question, r: Reading, known: Fact, yes: bool) -> Reply:
    """A question of the gist of one already answered (:func:`~.facts.resembling`): the answer
    it makes, said as that fact."""
    said = (known.statement or "").rstrip(".")
    text = f"{'Yes' if yes else 'No'}. That is already settled: {said[:1].lower() + said[1:]}." if said else \
        f"{'Yes' if yes else 'No'}."
    return Reply("repeat", q, yes=yes, text=text, reading=r)


def _turn(band: str, material: Material, seed, step: int, key: str) -> str:
    """The clause "and" or "but" adds, from the setting when it has the words for it."""
    if band == "yes-and":
        options = list(BOONS) + [f"you spot {p} within reach" for p in material.props[:3]]  # "keys" or "a kit": no verb to agree
    elif band == "yes-but":
        options = list(COSTS) + [f"it leads you toward {p.split(',')[0]}" for p in material.places[:3]]
    else:
        options = list(WORSE) + [f"somewhere close there is {material.killer['calling_card']}"]
    return choose(options, seed, step, key, band)


def _interruption(material: Material, seed, step: int) -> str:
    """The Killer breaks into the conversation (high dread, a double on the oracle's roll)."""
    killer = material.killer
    options = [f"Before anyone can say another word: {d[:1].lower() + d[1:]}" for d in material.dread] + [
        f"And then, in the middle of it, {killer['name']} is there: {killer['look']}. Then it is not.",
        f"Nobody finishes the thought. Somewhere close: {killer['calling_card']}.",
    ]
    return choose(options, seed, step, "interrupt")
