"""The director answers a question: exactly from the state, by the oracle, or with a detail of
the setting — and once it has answered, the answer is a fact.

:func:`reply` decides; the voices (templates or a model) only phrase what it decided. The
decision for a question about the unknown is kept in the fiction as a *fact* (by the
question's key, see :mod:`solo.director.questions`): asked again, in the same words or other
ones, it gives the same answer without a new draw; asked the other way round ("unlocked"
after "locked"), the opposite answer from the same fact.
"""

from __future__ import annotations

import re
from dataclasses import field
from typing import Any

from . import oracle
from .material import BOONS, COSTS, WHENS, WHYS, WORSE, Material, choose
from .questions import Question
from .restate import restate
from .state import answer_state
from ..values import Value, replace


class Reply(Value):
    """What the director decided to answer.

    ``kind``: ``state`` (exact, from the rules state), ``oracle`` (a yes/no about the unknown),
    ``open`` (a detail of the setting) or ``repeat`` (a fact already established)."""

    kind: str
    question: Question
    yes: bool | None = None
    text: str | None = None  # state and repeat: the whole answer, already decided word for word
    answer: oracle.Answer | None = None
    statement: str | None = None  # the yes/no question told back as the answer makes it
    turn: str | None = None  # what "and" / "but" adds, as a clause
    detail: str | None = None  # an open question's answer, as a noun phrase or a sentence
    interrupt: str | None = None  # the Killer breaking in, as a sentence
    extra: dict = field(default_factory=dict)

    def context(self) -> dict[str, Any]:
        """Plain data for the answer beat."""
        q = self.question
        a = self.answer
        return {
            "answer_kind": self.kind, "question": q.text, "form": q.form, "word": q.word, "odds": q.odds,
            "stated": q.stated, "fact": q.fact if q.key else None, "negated": q.negated, "yes": self.yes, "text": self.text,
            "band": a.band if a else None, "opening": a.opening if a else _opening(self.yes),
            "roll": a.roll if a else None, "dread": a.dread if a else None,
            "statement": self.statement, "turn": self.turn, "detail": self.detail, "interrupt": self.interrupt,
            **self.extra,
        }

    def describe(self) -> str | None:
        """The mechanics line for a log: how the answer was decided."""
        if self.kind == "state":
            return "answered from the table, no roll"
        if self.kind == "repeat":
            return "already answered tonight, no new roll"
        if self.answer is not None:
            return self.answer.describe()
        return "a detail of the setting, no roll"


def _opening(yes: bool | None) -> str | None:
    return None if yes is None else ("Yes" if yes else "No")


def reply(q: Question, *, game, fiction, seed, step: int, setting: dict | None = None) -> Reply:
    """The director's answer to ``q`` asked at step ``step`` of the night."""
    names = tuple(c.name for c in game.cast)
    if q.form == "yesno" or q.word in ("who", "what", "where", "how", "which") or q.word is None:
        state = answer_state(game, fiction, q.text, q.form == "yesno", q.who)
        if state is not None:
            return Reply("state", q, yes=state.yes, text=state.text, extra={"topic": state.topic})
    elif q.word in ("when", "why"):
        state = answer_state(game, fiction, q.text, False, q.who)
        if state is not None and state.topic == "dawn":
            return Reply("state", q, text=state.text, extra={"topic": state.topic})
    if "now" in q.text.lower().split() or "now?" in q.text.lower().split():
        q = replace(q, key=f"{q.key}@{game.tests}")  # "where is it now?": a fact until the next Test
    known = fiction.facts.get(q.fact) if q.key else None
    if known is not None:
        return _repeat(q, known)
    material = Material.of(setting, fiction)
    if q.form == "yesno":
        answer = oracle.decide(q.odds, oracle.dread(game), oracle.roll(seed, step, q.fact))
        yes = answer.yes  # the question as asked: "is it unlocked?" answered yes means unlocked
        statement = restate(q.text, yes, names)
        pool = {"yes-and": BOONS, "yes-but": COSTS, "no-and": WORSE}.get(answer.band)
        turn = _turn(answer.band, material, seed, step, q.fact) if pool is not None else None
        interrupt = _interruption(material, seed, step) if answer.interrupt else None
        return Reply("oracle", q, yes=yes, answer=answer, statement=statement, turn=turn, interrupt=interrupt)
    return Reply("open", q, detail=_detail(q, material, fiction, seed, step))


def _repeat(q: Question, known: dict) -> Reply:
    """A question already answered: the same answer, or its opposite asked the other way."""
    if known.get("yes") is None or known.get("negated") == q.negated:
        return Reply("repeat", q, yes=known.get("yes"), text=known.get("text"))
    yes = not known["yes"]
    said = known.get("statement")
    text = f"{'Yes' if yes else 'No'}. That is already settled: {said}." if said else \
        f"{'Yes' if yes else 'No'}. That is already settled."
    return Reply("repeat", q, yes=yes, text=text)


def _turn(band: str, material: Material, seed, step: int, key: str) -> str:
    """The clause "and" or "but" adds, from the setting when it has the words for it."""
    if band == "yes-and":
        options = list(BOONS) + [f"{p} lies within reach" for p in material.props[:3]]
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


def _detail(q: Question, material: Material, fiction, seed, step: int) -> str:
    """An open question's concrete answer, drawn from the setting (never a character)."""
    here = fiction.location
    places = [p for p in material.places if p != here] or list(material.places)
    key = (seed, step, q.fact)
    killer = material.killer
    word = q.word or "what"
    if word == "who":
        options = [f"{killer['name']}, {killer['look']}", "a figure at the edge of the light that does not move "
                   "when you do", "someone too far off to be sure of, and then no one at all"]
        if re.search(r"\b(?:drag\w*|carr\w*|body|bodies|scream\w*|cry\w*|crying)\b", q.text.lower()):
            options += [f"{p.name}'s body, or what the night has left of it" for p in fiction.people if p.dead]
        return choose(options, *key)
    if word in ("where", "which"):
        return choose(places, *key)
    if word == "why":
        return choose(WHYS, *key)
    if word == "when":
        return choose(WHENS, *key)
    if word == "how":
        return "through " + choose(places, *key).split(",")[0]
    options = list(material.signs)  # a sound, a sign: what "what was that?" turns out to be
    if not re.search(r"\b(?:noise|sound|heard?|hear|scream\w*|voice|that|smell)\b", q.text.lower()):
        options += [f"{p.split(',')[0]}, moved from where it was" for p in material.props[:4]]
    return choose(options, *key)
