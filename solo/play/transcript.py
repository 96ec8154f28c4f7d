"""The transcript: a function of the night's final history, in one of two renderings.

- ``story`` — the actual play a person would share: the cast, the director's prose, the
  player's lines, each Test's dice in one short line, the ending and an epilogue of who
  made it and what it cost them.
- ``log`` — the full mechanics: every Threat Card, every card moved, every Strike, beside
  the same prose, and a table of totals.

Both are rendered from the steps that remain (undone steps leave no trace) and written
whole, atomically, so a resumed night writes the same file as an unbroken one. Nothing
time-dependent is written: the same seed and choices with the template narrator give the
same bytes.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from ..nott import events as E
from ..nott.cards import SUIT_APTITUDES, SUIT_SYMBOLS, card_str, severity
from ..nott.describe import mechanics, strike_ordinal, threat_label
from ..world.pronouns import DEFAULT as DEFAULT_PRONOUNS
from ..safetext import safe
from .xcard import told_pairs

FORMS = ("story", "log")


def _md(text: str) -> str:
    """Keep player/LLM text from breaking the Markdown layout (and off the terminal's controls)."""
    return " ".join(safe(text).replace("|", "\\|").split())


def _quote(text: str) -> str:
    return "> " + _md(text) + "\n"  # _md makes it one line


def _finished(text: str) -> str:
    """A player's telling as a sentence of the story: its first letter a capital, a full stop
    where it stopped without one ("the hatchet raised" → "The hatchet raised."); the save keeps
    it as typed."""
    text = " ".join(str(text).split())
    if not text:
        return text
    text = text[:1].upper() + text[1:]
    return text if text.rstrip("\"'”’)]*_").endswith((".", "!", "?", "…")) else text + "."


class Transcript:
    """The night's transcript file, rewritten from the history on every change."""

    def __init__(self, path: Path, night, form: str = "story") -> None:
        if form not in FORMS:
            raise ValueError(f"unknown transcript form {form!r} (story or log)")
        self.path = Path(path)
        self.night = night
        self.form = form

    def write(self) -> None:
        from .files import atomic_write

        # the save is what must last; only the night holding its save's lock writes this file, so
        # any temporary file beside it is a crash's leftover
        atomic_write(self.path, render(self.night, self.form), sync=False, leftovers=0)


# ---------------------------------------------------------------------- rendering


def render(night, form: str = "story") -> str:
    """The whole transcript of ``night`` as it stands, ``story`` or ``log``, ending in one
    newline."""
    return "".join(_parts(night, form)).rstrip("\n") + "\n"


def write_rendered(night, form: str, write: Callable[[str], object]) -> None:
    """The transcript of ``night`` handed to ``write`` a piece at a time (a step's worth at
    most): the same text as :func:`render`."""
    newlines = 0  # held back: the text's trailing newlines become one
    for part in _parts(night, form):
        body = part.rstrip("\n")
        if body:
            write("\n" * newlines + body)
            newlines = len(part) - len(body)
        else:
            newlines += len(part)
    write("\n")


def _parts(night, form: str) -> list[str]:
    if form not in FORMS:
        raise ValueError(f"unknown transcript form {form!r} (story or log)")
    parts = [_header(night, form)]
    if form == "log":
        parts.append(_log_events(night, list(night.game.opening_events)))
    parts.append("".join(_quote(t) + "\n" for _k, t in told_pairs(night, night.opening)))
    parts.extend(f"{_md(n)}\n\n" for n in night.preface)
    parts.extend(_steps(night, form))
    if night.game.is_over():
        parts.append(_epilogue(night) if form == "story" else _totals(night))
    return parts


def _sign(step) -> tuple:
    """What of a played step can still change (a model's telling, a note, a beat the X-card
    took out)."""
    return len(step.narration), step.note, getattr(step, "xmark", 0)


def _steps(night, form: str) -> list[str]:
    """Each step's text. Kept on the night (when it takes attributes) and rendered again only
    from the first step that changed: steps change only at the end of a night (a step played,
    told, noted or undone), so a step costs the same to write early or late in a night. A step
    followed by deaths the player wrote is rendered with them, so it is rendered again when
    they change."""
    steps, events = night.steps, night.step_events
    memos = getattr(night, "_rendered", None)
    if not isinstance(memos, dict):
        memos = {}
        try:
            night._rendered = memos
        except AttributeError:
            pass
    rows = memos.setdefault(form, [])  # per step: (step, events, sign, out, tests after, dead after)
    j = min(len(rows), len(steps))
    while j and not (rows[j - 1][0] is steps[j - 1] and rows[j - 1][1] is events[j - 1]
                     and rows[j - 1][2] == _sign(steps[j - 1])):
        j -= 1
    if form == "story" and j:  # back to the step the deaths after it are written with
        j -= 1
        while j and getattr(steps[j], "death", False):
            j -= 1
    del rows[j:]
    tests, dead = (rows[-1][4], list(rows[-1][5])) if rows else (0, [])
    for k in range(j, len(steps)):
        step, ev = steps[k], events[k]
        if form == "log":
            out, tests = _log_step(night, step, ev, tests)
        elif getattr(step, "death", False) and k and _written_after(steps, k - 1):
            out = ""  # told with the death it writes (with the step before it)
        else:
            out, tests = _story_step(night, step, ev, tests, _written_after(steps, k), dead)
        rows.append((step, ev, _sign(step), out, tests, tuple(dead)))
    return [r[3] for r in rows]


def _header(night, form: str) -> str:
    g = night.game
    r = g.rules
    title = night.playset_title or "actual play"
    if form == "story":
        setting = (f"{night.playset_title or night.playset} (the {night.playset} playset)" if night.playset
                   else "Camp Crystal Pines")
        lines = [f"# Night of the Thirteenth — {_md(title)}", "",
                 f"*{setting} · {r.name} rules{' (fast setup)' if r.fast_setup else ''} · seed {_md(str(night.seed))}"
                 f" · narrated by the {_md(night.narrator_name)} director*", ""]
    else:
        lines = [f"# Night of the Thirteenth — {_md(title)} (play log)", "",
                 f"- **Ruleset:** {r.name}{' (fast setup)' if r.fast_setup else ''}",
                 f"- **Seed:** {_md(str(night.seed))}",
                 f"- **Playset:** {_md(night.playset) if night.playset else '—'}",
                 f"- **Narrator:** {_md(night.narrator_name)}", ""]
    lines += ["## The cast", "", "| # | Name | Archetype | Aptitude | Why are you here? |",
              "|---|------|-----------|----------|-------------------|"]
    for i, c in enumerate(g.cast, 1):
        apt = f"{SUIT_SYMBOLS[c.aptitude]} {SUIT_APTITUDES[c.aptitude]}"
        own = f" ({_md(c.pronouns)})" if c.pronouns != DEFAULT_PRONOUNS else ""  # they/them unsaid
        lines.append(f"| {i} | {_md(c.name)}{own} | {_md(c.archetype) or '—'} | {apt} | {_md(c.why) or '—'} |")
    lines += ["", "## The night", "", ""]
    return "\n".join(lines)


def _notes(step, told_award: bool = False) -> str:
    """The step's table notes. When the director's own prose has told the award, its note
    gives only how it was judged (the award is announced once)."""
    if not step.note:
        return ""
    from ..director.awards import NOTE_HEAD
    from .saveform import NOTE_SEP

    parts = [n for n in step.note.split(NOTE_SEP) if n.strip()]
    if told_award:  # "… to Casey: the trope. (Judged by X: “r”.)" → "Judged by X: “r”."
        parts = ["Judged by " + n.split(". (Judged by ", 1)[1].removesuffix(")")
                 if n.startswith(NOTE_HEAD) and ". (Judged by " in n else n for n in parts]
    return "".join(f"{_table_talk(_md(n))}\n\n" for n in parts)


def _table_talk(note: str) -> str:
    """A plain table note (the director's reason for a Genre Point) in italics, set off
    from the story's prose; notes that bring their own Markdown are kept as they are (a
    note's ``|`` is escaped by :func:`_md` before it gets here, so no note starts with one)."""
    if note.startswith(("*", "#", ">", "-")):
        return note
    return f"*{note.replace('*', '')}*"


def _say(night, step) -> str:
    names = night.names
    who = step.who
    if getattr(step, "death", False):  # the player's telling of a death: it is the death now
        return f"*How {_md(names[who])} dies, as the player tells it:*\n\n{_quote(_finished(step.say))}\n"
    speaker = f"**{_md(names[who])}:**" if who is not None else "**The group:**"  # a cast index (Night checks it)
    return f"{speaker} “{_md(step.say)}”\n\n"


def _dice(night, ev: E.TestResolved, test_no: int) -> str:
    name = night.names[ev.who]
    card = {52: "the Red Joker", 53: "the Black Joker"}.get(ev.card) or card_str(ev.card)
    again = " after a Genre Point reroll" if ev.rerolled else ""
    word = "success" if ev.success else "failure"
    rolled = f"{ev.main} + {ev.rolled_fallout}"
    if ev.adjust:
        sign = "+" if ev.adjust > 0 else "−"
        rolled += f", Aptitude {sign}{abs(ev.adjust)} on the Fallout die: {ev.main} + {ev.fallout}"
    return (f"*🎲 Test {test_no}, {_md(name)} on {card}{again}: {rolled} = {ev.total} vs {ev.difficulty}, "
            f"{word}, {ev.fallout_name}.*\n\n")


def _written_after(steps, k: int) -> list:
    """The death steps that follow step ``k`` straight away (the player's telling of the deaths
    that step told): the story puts each right after the director's telling."""
    if getattr(steps[k], "death", False):
        return []
    found = []
    for step in steps[k + 1:]:
        if not getattr(step, "death", False):
            break
        found.append(step)
    return found


def _left(night, dead: list[int]) -> str:
    """Who is left after a death the player wrote (the director's telling said it; the
    player's words replace that telling)."""
    left = [_md(n) for i, n in enumerate(night.names) if i not in dead]
    if not left:
        return "*No one is left.*\n\n"
    if len(left) == 1:
        return f"*Only {left[0]} is left.*\n\n"
    return f"*Left: {', '.join(left[:-1])} and {left[-1]}.*\n\n"


def _story_step(night, step, events: list, tests: int, written: list = (),
                dead: list[int] | None = None) -> tuple[str, int]:
    """One step's story. A death the player wrote after it takes the place of the director's
    telling of that death (a paragraph that told only the death): the blow is told, then the
    player's words, once."""
    table = _table_step(step)
    if table is not None:
        return table, tests
    out: list[str] = []
    written = list(written)
    dead = [] if dead is None else dead  # grows by this step's deaths
    died = [e.who for e in events if type(e) is E.CharacterDied]
    begun = [e for e in events if type(e) is E.TestBegan]
    resolved = [e for e in events if type(e) is E.TestResolved]
    if step.say and not step.actions:
        out.append(_say(night, step))
    out.append(_by_hand(night, events))
    for kind, text in told_pairs(night, step.narration):
        parts = [k.partition(".") for k in kind.split("+")]  # a model may tell a stretch at once
        for base, _, phase in parts:
            if base == "challenge" and begun:
                e = begun.pop(0)
                tests += 1
                card = e.card
                what = ("the Red Joker" if card == 52 else "the Black Joker" if card == 53
                        else f"{card_str(card)}, {SUIT_APTITUDES[card // 13]}, {_sev(card)}")
                out.append(f"### {tests}. {_md(night.names[e.who])} — {what}\n\n")
            elif (base == "outcome" or (base in ("red_joker", "black_joker") and phase in ("success", "failure"))) \
                    and resolved:
                out.append(_dice(night, resolved.pop(0), tests))
            elif base == "endgame":
                out.append("## The Endgame\n\n")
            elif base in ("dawn", "all_dead"):
                out.append("## Dawn\n\n" if base == "dawn" else "## Everyone is dead\n\n")
        told = [p.partition(".")[0] for p in kind.split("+")]
        if "death" in told and died:
            dead.append(died.pop(0))
        if written and told == ["death"]:
            out.append(_say(night, written.pop(0)) + _left(night, dead))
            continue
        if told == ["answer"] and getattr(getattr(step, "reply", None), "kind", None) == "state":
            out.append(f"*📋 {_md(text).replace('*', '')}*\n\n")  # read from the table: a note, not the story
            continue
        out.append(_quote(text) + "\n")
        if written and "death" in told:
            out.append(_say(night, written.pop(0)))
    out.extend(_say(night, w) for w in written)  # a death no narrator told
    dead.extend(died)  # deaths no narrator told
    tests += len(begun)  # Tests told by no narrator count all the same
    for e in resolved:  # a Test told by no narrator still shows its dice
        out.append(_dice(night, e, tests))
    if step.say and step.actions:
        out.append(_say(night, step))
    told_award = any("award" in (p.partition(".")[0] for p in k.split("+")) for k, _t in step.narration)
    out.append(_notes(step, told_award))
    return "".join(out), tests


def _by_hand(night, events: list) -> str:
    """The cards of this step drawn by hand from a real deck (``draw 7S``), one line each."""
    drawn = [e for e in events if type(e) is E.DrawnByHand or (type(e) in (E.ThreatRevealed, E.JokerRevealed)
                                                                and e.by_hand)]
    return "".join(f"*🂠 {_md(line)}.*\n\n" for line in mechanics(drawn, night.names))


def _sev(card: int) -> str:
    s = severity(card)
    return "the Killer" if s == "killer" else s


def _log_events(night, events: list, tests: int = 0, skip_award: bool = False) -> str:
    names = night.names
    out: list[str] = []
    pending: list = []

    def flush() -> None:
        if pending:
            lines = mechanics(pending, names)
            if lines:
                out.append("*⚙ " + " · ".join(_md(x) for x in lines) + "*\n")
            pending.clear()

    for e in events:
        t = type(e)
        if t is E.ThreatRevealed or t is E.JokerRevealed:
            flush()
            card = e.card if t is E.ThreatRevealed else e.joker
            hand = " (drawn by hand)" if e.by_hand else ""
            out.append(f"\n**Threat Card — {threat_label(card, e.difficulty)}{hand}**\n")
            if e.instead is not None:
                out.append(f"*⚙ In place of {card_str(e.instead)}, which goes back into the deck.*\n")
            if t is E.JokerRevealed:
                top = card_str(e.trophy_top) if e.trophy_top is not None else "empty"
                out.append(f"*⚙ The Joker is not shown; it triggers. Trophy Pile shuffled: top {top}.*\n")
        elif t is E.TestBegan:
            flush()
            out.append(f"\n### Test {tests + 1} — {_md(names[e.who])} takes on {card_str(e.card)}\n")
        elif t is E.EndgameBegan:
            flush()
            out.append("\n## The Endgame\n")
            pending.append(e)
        elif t is E.CharacterDied:
            pending.append(e)
            flush()
            cause = (f"the {strike_ordinal(night.game.strikes[e.who])} Strike" if e.cause == "strikes"
                     else "the Red Joker")
            out.append(f"\n**☠ {_md(names[e.who])} dies** ({cause}).\n")
        elif t is E.Dawn:
            flush()
            out.append(f"\n## Dawn\n\nSurvivors: {', '.join(_md(names[i]) for i in e.survivors)}.\n")
        elif t is E.AllDead:
            flush()
            out.append("\n## Everyone is dead\n\nNobody sees the sunrise. The Killer wins.\n")
        elif t is E.GenrePointAwarded and skip_award:
            continue
        else:
            pending.append(e)
    flush()
    return ("\n".join(out) + "\n") if out else ""


def _opens_card(kind: str) -> bool:
    """A narration that frames the next Threat Card (told under that card's heading)."""
    return kind == "threat" or kind.endswith(".revealed")


def _table_step(step) -> str | None:
    """A step of the player's that tells nothing of the story (a note, the dread turned), as
    the transcript gives it; None for any other step."""
    if getattr(step, "xcard", False):  # its retelling stands where the beat it took out was told
        return (f"*✕ The X-card: a beat is told again {'without what the player flagged' if step.say else 'as a fade'}"
                ".*\n\n")
    if getattr(step, "noted", False):
        return f"*📝 Note: {_md(step.say or '').replace('*', '')}*\n\n"
    by = getattr(step, "dread", None)
    if by:
        to = getattr(step, "dread_to", None)
        return (f"*The player turns the oracle's dread {'up' if by > 0 else 'down'}"
                f"{f' to {to} (from {to - by})' if to is not None else f' by {abs(by)}'}.*\n\n")
    return None


def _log_step(night, step, events: list, tests: int) -> tuple[str, int]:
    table = _table_step(step)
    if table is not None:
        return table, tests
    out = []
    if step.say and not step.actions:
        out.append(_say(night, step))
    noted_award = bool(step.note) and any(type(e) is E.GenrePointAwarded for e in events)
    # the Test's mechanics and prose first; the next Threat Card's under its own heading
    cut = next((k for k, e in enumerate(events) if type(e) in (E.ThreatRevealed, E.JokerRevealed)), len(events))
    head, tail = events[:cut], events[cut:]
    out.append(_log_events(night, head, tests, skip_award=noted_award))
    how = step.reply.describe() if getattr(step, "reply", None) is not None else None
    if how:
        out.append(f"*⚙ {_md(how)}*\n\n")
    tests += sum(1 for e in head if type(e) is E.TestBegan)
    told = told_pairs(night, step.narration)
    later = [t for k, t in told if tail and _opens_card(k)]
    out.append("".join(_quote(t) + "\n" for k, t in told if not (tail and _opens_card(k))))
    if tail:
        out.append(_log_events(night, tail, tests, skip_award=noted_award))
        tests += sum(1 for e in tail if type(e) is E.TestBegan)
        out.append("".join(_quote(t) + "\n" for t in later))
    if step.say and step.actions:
        out.append(_say(night, step))
    out.append(_notes(step))
    return "".join(out), tests


def _epilogue(night) -> str:
    g = night.game
    fiction = night.story
    keep = _kept(night)
    lines = ["## Epilogue", ""]
    for i, c in enumerate(g.cast):
        p = fiction.people[i]
        role = _role(c.archetype)
        who = f"**{_md(c.name)}**, {_md(role)}" if keep([role]) else f"**{_md(c.name)}**"
        if g.dead[i] is not None:
            where = f" at {_md(p.died_at)}" if p.died_at else ""
            how = "by the Red Joker" if g.dead[i] == "red joker" else f"at the {strike_ordinal(g.strikes[i])} Strike"
            line = f"{who}, died{where}, {how}."
            if p.written:
                line += f" “{_md(_finished(p.written))}”"
        else:
            harm = p.hurts + p.scrapes
            told = keep(harm)  # a hurt that crosses a line is not named (one veiled, neither)
            with_ = (f" with {_md(_names(told))}{' and more' if len(told) < len(harm) else ''}" if told
                     else ", hurt" if harm else ", unhurt")
            line = f"{who}, saw the dawn{with_}."  # alive when the night is over: it ended at dawn
        line += _night_of(night, i)
        if keep(p.lost):
            line += f" Lost tonight: {_md(_names(keep(p.lost)))}."
        if p.deeds:
            line += f" {'Last words on record' if p.dead else 'Last said'}: “{_md(p.deeds[-1])}”"
        lines.append(f"- {line}")
    found = "".join(SUIT_SYMBOLS[s] for s in range(4) if g.weaknesses[s] != -1) or "none"
    endgame = f"the Endgame after Test {g.tests_to_endgame}" if g.tests_to_endgame else "no Endgame"
    lines += ["", f"*{g.tests} Tests · weaknesses found: {found} · {endgame} · Genre Points: "
                  f"{g.rules.genre_points - g.pool} awarded, {g.spent} spent*"]
    usage = _usage(night)
    if usage:
        lines.append("")
        lines.append(f"*{usage}*")
    return "\n".join(lines) + "\n"


def _kept(night) -> Callable[[list], list]:
    """What of a list of the fiction's words the epilogue names: none that crosses one of the
    night's lines or shows a veil."""
    safety = getattr(night, "safety_now", None)
    if not safety:
        return list
    return lambda items: [x for x in items if not safety.touches(str(x))]


def _night_of(night, who: int) -> str:
    """What that character did tonight, from the table: the Tests they took and won, the
    weaknesses they found, the Genre Points they spent."""
    taken = won = spent = 0
    found: list[str] = []
    last_tester = None
    for events in night.step_events:
        for e in events:
            t = type(e)
            if t is E.TestResolved:
                last_tester = e.who
                if e.who == who:
                    taken += 1
                    won += bool(e.success)
            elif t is E.WeaknessFound and last_tester == who:
                found.append(night.story.weaknesses.get(SUIT_APTITUDES[e.suit]) or f"its {SUIT_APTITUDES[e.suit]} weakness")
            elif t is E.GenrePointSpent and e.who == who:
                spent += 1
    if not taken:
        return " Took no Test tonight."
    text = f" Took {taken} Test{'s' if taken != 1 else ''}, won {won}"
    if found:
        named = _kept(night)(found)
        text += f"; found that {_md(_names(named))}" if len(found) == 1 and named else \
            f"; found {len(found)} weakness{'es' if len(found) != 1 else ''}"
    if spent:
        text += f"; spent {spent} Genre Point{'s' if spent != 1 else ''}"
    return text + "."


def _totals(night) -> str:
    g = night.game
    lines = ["", "## Totals", "", "| Character | Strikes | Genre Points held | Fate |", "|---|---|---|---|"]
    for i, c in enumerate(g.cast):
        fate = {None: "survived", "strikes": f"{strike_ordinal(g.strikes[i])} Strike",  # alive at the end: dawn
                "red joker": "the Red Joker"}[g.dead[i]]
        lines.append(f"| {_md(c.name)} | {g.strikes[i]} | {g.genre[i]} | {fate} |")
    found = "".join(SUIT_SYMBOLS[s] for s in range(4) if g.weaknesses[s] != -1) or "none"
    lines += [
        "",
        f"- Tests: {g.tests}",
        f"- Weaknesses found: {found}",
        f"- Endgame reached: {'after test ' + str(g.tests_to_endgame) if g.tests_to_endgame else 'no'}",
        f"- Genre Points: {g.rules.genre_points - g.pool} awarded, {g.spent} spent",
    ]
    from .middle import middle

    built = middle(night)
    if built is not None:
        lines.append(f"- {str(built)[:1].upper()}{str(built)[1:]}")
    usage = _usage(night)
    if usage:
        lines.append(f"- {usage}")
    return "\n".join(lines) + "\n"


def _usage(night) -> str:
    usage = getattr(night.narrator, "usage", None)
    if not usage:
        return ""
    approx = "≈" if usage.get("estimated") else ""
    return (f"Narration: {usage.get('calls', 0)} requests, {approx}{usage.get('prompt_tokens', 0)} tokens in, "
            f"{approx}{usage.get('completion_tokens', 0)} out, {usage.get('seconds', 0.0):.1f} s of model time"
            f" ({usage.get('fallbacks', 0)} told by the templates instead)")


def _role(archetype: str) -> str:
    from ..narration.environment import role

    return role(archetype)


def _names(items: list[str]) -> str:
    from ..narration.environment import names

    return names(items)
