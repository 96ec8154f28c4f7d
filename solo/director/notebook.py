"""What the night has established, and what it leaves open: ``journal`` and ``threads``.

Both are read from the rules state and the fiction, never kept beside them, so they agree with
the save after undo and resume (the fiction is rebuilt from the steps).

The **journal** lists the night's facts, grouped and short: the dead, things lost and taken,
places cut off, weaknesses found, answers given (the oracle's, the meaning tables', and what the
setting said at the start), and the player's notes.

**Threads** are the leads the night leaves open, in the manner of Mythic's threads list: what
can stop the Killer (until a weakness is found), where the Killer was last heard or seen, each
thing the Killer took, and each question the oracle answered with a twist ("Yes, but…",
"No, and…", the Killer breaking in) or a meaning table answered (who, why, where…). A thread
is closed when the story resolves it: a weakness found; a newer sign of the Killer; a thread
about someone who then died, or about a place the Killer then cut off; a question asked again
and answered anew; and every thread at the night's end.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..nott.cards import SUIT_APTITUDES

#: Longest line of a journal or thread entry.
WIDTH = 110


def _short(text: str, width: int = WIDTH) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= width else text[: width - 1].rstrip() + "…"


def journal(game, fiction, notes: list[str] = ()) -> list[tuple[str, list[str]]]:
    """The journal: (heading, entries) for each group that has any, in a fixed order."""
    names = [c.name for c in game.cast]
    groups: list[tuple[str, list[str]]] = []
    dead = []
    for i, who in enumerate(names):
        if game.dead[i] is not None:
            p = fiction.people[i]
            at = f", at {p.died_at.split(',')[0]}" if p.died_at else ""
            dead.append(_short(f"{who}: {p.written or p.death or 'killed'}{at}"))
    groups.append(("The dead", dead))
    taken = {(m.get("target"), m.get("item")) for m in fiction.moves if m.get("kind") == "takes"}
    lost = [f"{names[i]}'s {x} — {'taken by the Killer' if (p.name, x) in taken else 'lost'}"
            for i, p in enumerate(fiction.people) for x in p.lost]
    groups.append(("Lost and taken", lost))
    groups.append(("Cut off", [f"the way to {_place(p)}" for p in fiction.cut]))
    found = [f"{SUIT_APTITUDES[s]}: {fiction.weaknesses.get(SUIT_APTITUDES[s], 'a weakness')}"
             for s in range(4) if game.weaknesses[s] >= 0]
    groups.append(("Weaknesses found", found))
    answers = []
    for f in fiction.known_facts():
        said = f.text or f.statement
        if not said:
            continue
        if f.source == "answer" and f.question:
            answers.append(_short(f"{f.question} — {said}"))
        else:
            answers.append(_short(said))
    groups.append(("Established", answers))
    groups.append(("Notes", [_short(n) for n in notes]))
    return [(head, entries) for head, entries in groups if entries]


@dataclass(frozen=True)
class Thread:
    """A lead: what it is, and why it was closed (None: open)."""

    text: str
    closed: str | None = None


def threads(game, fiction) -> list[Thread]:
    """The night's threads, open and closed, in the order they were raised."""
    over = game.is_over()
    names = [c.name for c in game.cast]
    out: list[Thread] = []
    found = [fiction.weaknesses.get(SUIT_APTITUDES[s], "a weakness") for s in range(4) if game.weaknesses[s] >= 0]
    out.append(Thread("What can stop the Killer?",
                      f"a weakness found: {_short(found[0], 60)}" if found else None))
    signs = [m for m in fiction.moves if m.get("kind") != "takes"]
    for k, m in enumerate(signs):
        where = m.get("place") or m.get("location") or ""
        what = {"cuts": f"The Killer cut off the way to {_place(where)}", "heard": "The Killer was heard",
                "sign": "A sign of the Killer", "glimpsed": "The Killer was glimpsed",
                "stalks": "The Killer stalked them", "comes": "The Killer came for them"}.get(
            m.get("kind"), "The Killer moved")
        text = _short(f"{what}{' near ' + _place(where) if where and m.get('kind') != 'cuts' else ''} "
                      f"(Test {m.get('tests', '?')})")
        later = k < len(signs) - 1
        out.append(Thread(text, "a newer sign of the Killer" if later else None))
    for m in fiction.moves:
        if m.get("kind") == "takes":
            out.append(Thread(_short(f"The Killer has {m.get('target')}'s {m.get('item')} (Test {m.get('tests', '?')})")))
    asked: dict[frozenset, int] = {}
    questions: list[tuple] = []
    for f in fiction.facts:
        if f.source != "answer" or not f.question:
            continue
        twist = f.form == "open" or getattr(f, "twist", False)
        if not twist:
            continue
        key = f.subject | f.predicate
        asked[key] = len(questions)
        questions.append((key, f))
    for n, (key, f) in enumerate(questions):
        closed = None
        if asked[key] != n:
            closed = "asked again"
        else:
            for ref in f.subject:
                kind, _, at = str(ref).partition(":")
                if kind == "person" and at.isdigit() and int(at) < len(names) and game.dead[int(at)] is not None:
                    closed = f"{names[int(at)]} died"
                elif kind == "place" and any(at and at.lower() in str(c).lower() for c in fiction.cut):
                    closed = "the way there is cut off"
        out.append(Thread(_short(f"{f.question} — {f.text or f.statement or ''}"), closed))
    if over:
        out = [t if t.closed else Thread(t.text, "the night is over") for t in out]
    return out


def _place(text: str) -> str:
    return str(text).split(",")[0].split("|")[0].strip()
