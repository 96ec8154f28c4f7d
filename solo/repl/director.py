"""The director's Genre Points in the REPL: the ``director`` setting and ``yes``/``no`` to a
proposed award. The judging itself is :mod:`solo.director.awards`; the shell calls
:func:`direct` after every line the player types that is no command."""

from __future__ import annotations


from ..nott import events as E
from ..director.awards import MODES, Director, Proposal, award_note, given
from .commands import CommandError
from .nott_commands import command

DIRECTOR_RULE = ("The director judges what you type. A line that plays into a horror trope (splitting up, "
                 "going to investigate the noise, reading the forbidden thing aloud, \u201cI'll be right back\u201d, "
                 "the playset's own …) earns that character a Genre Point from the pool, with the reason, at once. "
                 "At most one such point per Test; the same trope rewards the same character once a night; none "
                 "for the dead, none from an empty pool, none for talk about the dice. undo gives a point back; "
                 "director awards ask proposes each one and waits for yes; director awards off leaves awarding "
                 "to you (award <who> [why]).")


def make_director(sh) -> Director:
    """The shell's director: the model's judge when the LLM narrator is on, else the templates'."""
    if sh.narrator_kind == "llm":
        from ..director.judge_llm import LLMJudge

        judge = LLMJudge(model=sh.model, notice=lambda t: sh.out("notice", t))
        return Director(judge=judge)
    return Director()


def direct(sh, line: str, who: int | None) -> None:
    """After a typed line: award, propose, or say why not (a recognised trope withheld)."""
    night = sh.night
    d = sh.director
    if night is None or d.mode == "off":
        return
    verdict, withheld = d.consider(night, line, who)
    if verdict is None:
        return
    if withheld or who is None:
        sh.info(f"  (the director sees {verdict.trope} \u2014 no Genre Point: {withheld})", "dim")
        return
    name = night.names[who]
    if d.mode == "ask":
        sh.proposal = Proposal(who, verdict, len(night.steps))
        sh.info(f"The director would slide {name} a Genre Point: {verdict.trope} ({verdict.reason}). "
                "Take it? yes or no", "bold")
        return
    give(sh, who, verdict)


def give(sh, who: int, verdict) -> None:
    night = sh.need_running()
    events = sh.director.award(night, who, verdict)
    note = award_note(night.names[who], verdict)
    told = night.steps and any("award" in (p.partition(".")[0] for p in kind.split("+"))
                               for kind, _ in night.steps[-1].narration)
    if told and ". (Judged by " in note:  # the director's prose announced it: only how it was judged
        sh.info(f"  (judged by {note.split('. (Judged by ', 1)[1].removesuffix(')')[:-1]}; undo gives it back)", "dim")
    else:
        sh.info(note, "magenta")
        sh.info("  (undo gives it back)", "dim")
    sh.after(events)


@command("director", "[[awards] off|ask|on | retry | tropes]", group="play")
def cmd_director(sh, arg: str) -> None:
    """How the director awards Genre Points for playing into tropes: on, ask (propose and wait for yes), off."""
    words = arg.lower().split()
    d = sh.director
    if not words:
        judge = "the model" if d.judge.name == "model" else "the templates"
        line = f"director: awards {d.mode}, judged by {judge}"
        if sh.night is not None:
            n = len(given(sh.night))
            line += f"; {n} Genre Point{'' if n == 1 else 's'} given by the director tonight"
        sh.info(line)
        return
    if len(words) == 1 and words[0] in MODES:  # director ask, director off: the awards, said short
        words = ["awards", words[0]]
    if words[0] == "awards":
        if len(words) != 2 or words[1] not in MODES:
            raise CommandError(f"director awards off, ask or on, not {' '.join(words[1:]) or 'nothing'!r}")
        d.mode = words[1]
        sh.proposal = None
        sh.info({"on": "the director awards Genre Points for tropes as it sees them (undo gives one back)",
                 "ask": "the director proposes each Genre Point and waits for yes",
                 "off": "the director awards nothing: award <who> [why] is yours"}[d.mode])
        return
    if words == ["retry"]:
        if not hasattr(d.judge, "retry"):
            raise CommandError("the templates judge the tropes: there is no model to ask again")
        d.judge.retry()
        sh.info("the director's model will judge the next line again")
        return
    if words == ["tropes"]:
        from ..director.tropes import catalogue

        setting = sh.night.setting if sh.night is not None else None
        for t in catalogue(setting):
            where = "" if t.source == "slasher" else f"  ({t.source})"
            sh.info(f"  {t.name}{where}")
        return
    raise CommandError(f"director, director awards off|ask|on, director retry or director tropes, not {arg!r}")


def _pending(sh) -> Proposal | None:
    p = sh.proposal
    night = sh.night
    if p is None or night is None or p.at != len(night.steps) or night.game.is_over():
        sh.proposal = None
        return None
    return p


def _no_proposal(sh, word: str, arg: str) -> None:
    """``yes``/``no`` with no Genre Point proposed: with more words it is story (``no way
    out``); alone it answers nothing, so it is refused and nothing is recorded."""
    if arg:
        sh._free_text(f"{word} {arg}")
        return
    raise CommandError(f"no Genre Point is proposed, so there is nothing to answer {word} to: for a character "
                       f"to say it, type Name: {word} (or say {word})")


@command("yes", "", group="play")
def cmd_yes(sh, arg: str) -> None:
    """Take the Genre Point the director proposes (with director awards ask)."""
    p = _pending(sh)
    if p is None:
        _no_proposal(sh, "yes", arg)
        return
    sh.proposal = None
    give(sh, p.who, p.verdict)


@command("no", "", group="play")
def cmd_no(sh, arg: str) -> None:
    """Turn down the Genre Point the director proposes."""
    p = _pending(sh)
    if p is None:
        _no_proposal(sh, "no", arg)
        return
    sh.proposal = None
    sh.director.refused.add((p.who, p.verdict.trope))
    sh.info(f"no Genre Point; the director will not offer {sh.night.names[p.who]} one for "
            f"{p.verdict.trope} again tonight", "dim")


def explain_awards(sh) -> list[str]:
    """The director's awards during the last resolved Test (for ``explain``)."""
    night = sh.night
    if night is None:
        return []
    ends = [i for i, events in enumerate(night.step_events) if any(type(e) is E.TestResolved for e in events)]
    if not ends:
        return []
    first = ends[-2] + 1 if len(ends) > 1 else 0
    out = []
    for g in given(night):
        if first <= g.step < ends[-1]:
            note = next((n for n in (night.steps[g.step].note or "").split(" \u00a6 ")
                         if n.startswith("The director")), "")
            out.append(f"Director's award: {note} \u2014 \u201cThe Director starts with 13 Genre Points that "
                       "they can award you with for playing into the genre's tropes.\u201d")
    return out
