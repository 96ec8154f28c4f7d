"""The player's notebook of the night: ``note``, ``journal``, ``threads``, and the oracle's
``dread``. What they list is read from the night (:mod:`solo.director.notebook`), so it
agrees with the save after undo and resume."""

from __future__ import annotations

from .commands import CommandError, _int
from .nott_commands import command


@command("note", "TEXT", group="keeping")
def cmd_note(sh, arg: str) -> None:
    """Keep a note of your own in the night: in the save, the transcript and the journal
    (undo takes it back). It changes nothing of the night."""
    night = sh.need_night()
    try:
        night.jot(arg)
    except ValueError as exc:
        raise CommandError(str(exc)) from None
    sh.info("noted (journal lists your notes)", "dim")


@command("journal", "", group="looking")
def cmd_journal(sh, arg: str) -> None:
    """What the night has established, grouped: the dead, things lost and taken, places cut
    off, weaknesses found, answers given, your notes."""
    from ..director.notebook import journal

    night = sh.need_night()
    groups = journal(night.game, night.story, [s.say for s in night.steps if s.noted and s.say])
    if not groups:
        sh.info("Nothing established yet: ask, play, or note something.")
        return
    for head, entries in groups:
        sh.info(f"{head}:", "bold")
        for e in entries:
            sh.info(f"  - {e}")


@command("threads", "[all]", group="looking")
def cmd_threads(sh, arg: str) -> None:
    """The leads the night leaves open (where the Killer was last, what it took, what can stop
    it, questions the oracle answered with a twist); threads all lists the closed ones too,
    with what closed them."""
    from ..director.notebook import threads

    word = arg.strip().lower()
    if word not in ("", "all"):
        raise CommandError(f"threads or threads all, not {arg.strip()!r}")
    night = sh.need_night()
    found = threads(night.game, night.story)
    shown = [t for t in found if word == "all" or t.closed is None]
    if not shown:
        sh.info("No open threads." + (" (threads all lists the closed ones.)" if found else ""))
        return
    for t in shown:
        sh.info(f"  - {t.text}" + (f"  [closed: {t.closed}]" if t.closed else ""), "dim" if t.closed else "")
    closed = sum(1 for t in found if t.closed)
    if word != "all" and closed:
        sh.info(f"({closed} closed: threads all lists them)", "dim")


@command("dread", "[+N|-N]", group="keeping")
def cmd_dread(sh, arg: str) -> None:
    """The oracle's dread (1–9) and what it does to its answers; dread +1 or dread -1
    turns it (a step: undo takes it back; it changes how questions are answered, never the
    cards, the dice or the Strikes)."""
    night = sh.need_night()
    text = arg.strip()
    if text:
        if text[0] not in "+-":
            raise CommandError(f"dread +1 or dread -1 (a signed number), not {text!r}")
        by = _int(text, "dread change")
        try:
            before, after = night.turn_dread(by)
        except ValueError as exc:
            raise CommandError(str(exc)) from None
        sh.info(f"The dread turns {'up' if after > before else 'down'}: {before} → {after}.", "magenta")
    for line in dread_lines(night):
        sh.info(line)


def dread_lines(night) -> list[str]:
    """The dread and what it does to an even question's answer, in two lines."""
    from ..director import oracle

    d = oracle.dread(night.game, night.story.dread_shift)
    r = oracle.ranges("even", d)
    yes_and, yes_but, no_and = r["yes-and"], r["yes-but"], r["no-and"]
    by = sum(s.dread for s in night.steps if s.dread)
    turned = f" (you turned it {by:+d})" if by else ""
    lines = [f"Dread {d} of 9{turned}: at even odds, “Yes, and…” on {_band(yes_and)}, “Yes, but…” on "
             f"{_band(yes_but)}, “No, and…” on {_band(no_and)} of a d100."]
    lines.append("The Killer may break into an answer (a double on the roll)." if d >= 4
                 else "Below dread 4 the Killer never breaks into an answer.")
    return lines


def _band(span: tuple[int, int]) -> str:
    first, last = span
    if last < first:
        return "none"
    return f"{first}" if first == last else f"{first}–{last}"
