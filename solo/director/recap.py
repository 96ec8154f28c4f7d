"""``Previously…``: where the night stands, in at most five lines, from the fiction.

Shown when a night is resumed or loaded, and by ``recap``: who is dead and how, who is hurt
and by what, what was lost for good, where the group is and what the Killer has shown, and
the last Test. It lists exactly the dead, the hurt and the lost — no more, no fewer.
"""

from __future__ import annotations

from ..nott import events as E
from ..nott.cards import SUIT_APTITUDES, card_str

#: At most this many lines.
MAX_LINES = 5


def _names(items: list[str]) -> str:
    if not items:
        return ""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def recap(game, fiction, last_test: list | None = None) -> list[str]:
    """The recap's lines (the first begins "Previously"). ``last_test``: the events of the
    last resolved Test (``Night.last_test_events``), for its line."""
    names = [c.name for c in game.cast]
    living = game.living()
    where = f" at {fiction.location.split(',')[0]}" if fiction.location else ""
    if game.tests == 0:
        head = f"Previously: the night has only begun{where}; no Test has been taken yet."
    else:
        head = (f"Previously: {game.tests} Test{'s' if game.tests != 1 else ''} into the night{where}; "
                f"{len(living)} of {len(names)} still alive.")
    lines = [head]
    dead = [i for i in range(len(names)) if game.dead[i] is not None]
    if dead:
        parts = []
        for i in dead:
            p = fiction.people[i]
            at = f", at {p.died_at.split(',')[0]}" if p.died_at else ""
            parts.append(f"{names[i]} \u2014 {p.death or 'killed'}{at}")
        lines.append("Dead: " + "; ".join(parts) + ".")
    hurt = []
    for i in living:
        p = fiction.people[i]
        marks = list(p.hurts) + list(p.scrapes)
        strikes = game.strikes[i]
        if strikes or marks:
            count = f"{strikes} Strike{'s' if strikes != 1 else ''}" if strikes else "no Strike"
            hurt.append(f"{names[i]} ({count}{': ' + ', '.join(marks) if marks else ''})")
    if hurt:
        lines.append("Hurt: " + "; ".join(hurt) + ".")
    lost = [f"{names[i]}'s {x}" for i, p in enumerate(fiction.people) for x in p.lost]
    if lost:
        lines.append("Lost: " + _names(lost) + ".")
    last = _last_test_line(game, names, last_test or [])
    shown = [f"{fiction.weaknesses.get(SUIT_APTITUDES[s], 'a weakness')}" for s in range(4) if game.weaknesses[s] >= 0]
    killer = ("The Killer has shown: " + "; ".join(shown) + "." if shown
              else "The Killer has shown no weakness yet.")
    tail = " ".join(x for x in (killer, last) if x)
    lines.append(tail)
    return lines[:MAX_LINES]


def _last_test_line(game, names: list[str], events: list) -> str | None:
    rolled = next((e for e in reversed(events) if type(e) is E.TestResolved), None)
    if rolled is None:
        return None
    who = names[rolled.who] if 0 <= rolled.who < len(names) else "someone"
    outcome = "success" if rolled.success else "failure"
    strike = next((e for e in events if type(e) is E.StrikeGained), None)
    died = next((e for e in events if type(e) is E.CharacterDied), None)
    after = " — and died" if died else (" — a Strike" if strike else "")
    return f"Last Test: {who} on {card_str(rolled.card)}, {outcome}{after}."
