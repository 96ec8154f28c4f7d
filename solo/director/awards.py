"""The director's judgement: whether a typed line earns a Genre Point, and giving it.

A judge (:mod:`solo.director.tropes`) says which trope a line plays into; the director's
discipline (docs/rulings.md, "The director's Genre Points") says whether it is awarded:

- none for a line that only restates the dice (the judge is not even asked);
- none for a dead character, when nobody speaks, when the night is over or the pool is empty;
- at most one of the director's awards per Test (from one resolution to the next);
- the same trope rewards the same character once per night;
- not again what the player refused (``undo`` of an award, or ``no`` to a proposal).

An award is an ordinary ``Award`` action in the night's history, followed by a note that
says, in the fiction's voice, which trope, why and which judge gave it
(:func:`award_note`). Everything the discipline needs is read back from those notes, so a
replayed, resumed or undone night judges the same and never asks the model again.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..nott import events as E
from ..nott.actions import Award
from .tropes import TemplateJudge, Trope, TropeJudge, Verdict, catalogue, only_dice

MODES = ("off", "ask", "on")
NOTE_HEAD = "The director slides a Genre Point across to "
_JUDGED = {"templates": "the templates", "model": "the model"}


def award_note(name: str, verdict: Verdict) -> str:
    """The note kept with the award: ``The director slides a Genre Point across to Jesse:
    reading the forbidden thing aloud. (Judged by the templates: “read the legend aloud”.)``"""
    judge = _JUDGED.get(verdict.judge, "the model")
    reason = clean_reason(verdict.reason)
    return f"{NOTE_HEAD}{name}: {verdict.trope}. (Judged by {judge}{': ' + reason if reason else ''}.)"


def trope_of(note: str) -> str | None:
    """The trope a director's award note names (``None`` for any other note)."""
    for part in str(note).split(" \u00a6 "):
        if part.startswith(NOTE_HEAD) and ". (Judged by " in part:
            head = part.split(". (Judged by ", 1)[0]
            _, sep, trope = head.partition(": ")
            if sep and trope:
                return trope
    return None


def clean_reason(text: str, limit: int = 140) -> str:
    """One short line, safe to show and to keep in a note (untrusted text from a model)."""
    from ..safetext import clean

    return clean(str(text).replace("\u00a6", "|"), limit=limit, cut=True, undecodable="replace").strip(" .")


@dataclass
class Given:
    """A director's award found in the history."""

    step: int  # index in night.steps
    who: int
    trope: str
    judge: str


def given(night, tropes: tuple[Trope, ...] | None = None) -> list[Given]:
    """The director's awards in the night's history, read from the award steps' notes."""
    names = night.names
    known = tropes if tropes is not None else catalogue(night.setting)
    out: list[Given] = []
    for i, step in enumerate(night.steps):
        if not step.note or len(step.actions) != 1 or not isinstance(step.actions[0], Award):
            continue
        who = step.actions[0].who
        if not 0 <= who < len(names):
            continue
        head = f"{NOTE_HEAD}{names[who]}: "
        for note in step.note.split(" \u00a6 "):
            if not note.startswith(head):
                continue
            rest = note[len(head):]
            trope = next((t.name for t in known if rest.startswith(t.name + ". (Judged by ")), None)
            if trope is None:  # a trope no longer in the catalogue (playset changed): still counts
                trope = rest.split(". (Judged by ", 1)[0]
            judge = "model" if ". (Judged by the model" in rest else "templates"
            out.append(Given(i, who, trope, judge))
    return out


def test_span_start(night) -> int:
    """Index of the first step after the last resolution: the Test under way (or about to be)."""
    for i in range(len(night.steps) - 1, -1, -1):
        if any(type(e) is E.TestResolved for e in night.step_events[i]):
            return i + 1
    return 0


@dataclass
class Proposal:
    who: int
    verdict: Verdict
    at: int  # len(night.steps) when proposed: stale once anything else is played


@dataclass
class Director:
    """Judges typed lines and awards Genre Points from the Director's pool.

    ``mode``: ``on`` awards at once, ``ask`` proposes and waits for ``yes``, ``off`` never
    judges (the player's own ``award`` command is always there)."""

    judge: TropeJudge = field(default_factory=TemplateJudge)
    mode: str = "on"
    refused: set[tuple[int, str]] = field(default_factory=set)  # (who, trope), this session

    def consider(self, night, line: str, who: int | None) -> tuple[Verdict | None, str | None]:
        """(verdict, why not): the trope this line would earn, and the ruling that withholds
        it (None when it may be awarded). (None, None) when no trope is recognised."""
        g = night.game
        if self.mode == "off" or g.is_over():
            return None, None
        if only_dice(line):
            return None, None  # the dice are not a trope: the judge is not asked
        if who is not None and not 0 <= who < len(night.cast):
            return None, None
        if who is not None and g.dead[who] is not None:
            return None, None
        if g.pool < 1:
            return None, None  # an empty pool has nothing to give: not worth asking
        tropes = catalogue(night.setting)
        verdict = self.judge.judge(line, night.names[who] if who is not None else None, tropes)
        if verdict is None:
            return None, None
        if who is None:
            return verdict, f"say who does it: start the line with a name, e.g. {night.names[0]}: …"
        name = night.names[who]
        history = given(night, tropes)
        if any(x.who == who and x.trope == verdict.trope for x in history):
            return verdict, f"{name} already had a Genre Point for {verdict.trope} tonight"
        start = test_span_start(night)
        if any(x.step >= start for x in history):
            return verdict, "the director gives at most one Genre Point per Test"
        if (who, verdict.trope) in self.refused:
            return verdict, f"you turned down a Genre Point for {name}: {verdict.trope}"
        return verdict, None

    def award(self, night, who: int, verdict: Verdict) -> list:
        """Give the point: the Award action, then its note. Returns the events."""
        return night.act([Award(who)], note=award_note(night.names[who], verdict))

    def forget(self, night, steps) -> list[tuple[int, str]]:
        """Undone steps that were the director's awards: remembered as refused. Returns them."""
        out = []
        tropes = catalogue(night.setting)
        names = night.names
        for step in steps:
            if not step.note or len(step.actions) != 1 or not isinstance(step.actions[0], Award):
                continue
            who = step.actions[0].who
            head = f"{NOTE_HEAD}{names[who]}: " if 0 <= who < len(names) else None
            for note in step.note.split(" \u00a6 "):
                if head and note.startswith(head):
                    rest = note[len(head):]
                    trope = next((t.name for t in tropes if rest.startswith(t.name + ". (Judged by ")),
                                 rest.split(". (Judged by ", 1)[0])
                    self.refused.add((who, trope))
                    out.append((who, trope))
        return out
