"""Batch output written without rich. Batch play (stdin or stdout not a terminal) prints with a
rich console of no colour, 100 columns wide, that never wraps, through
:func:`solo.safetext.guard_console`; :class:`PlainConsole` writes the same bytes for what a night
prints (its lines of text, and the table when every character in it is one column wide) without
importing rich, and hands anything else to that rich console, made at its first use."""

from __future__ import annotations

import sys

from ..nott.cards import BLACK_JOKER, RED_JOKER, SUIT_APTITUDES, SUIT_NATURES, SUIT_SYMBOLS, card_str, severity
from ..nott.game import Game
from ..world.pronouns import DEFAULT as DEFAULT_PRONOUNS
from ..safetext import safe

WIDTH = 100

#: The characters the table is drawn in one column each (beyond printable ASCII).
NARROW = frozenset("".join(SUIT_SYMBOLS) + "✗·—…")


def batch_console():
    """The rich console batch play has always printed with (no colour, 100 columns, no wrapping)."""
    from rich.console import Console

    from ..safetext import guard_console

    return guard_console(Console(highlight=False, color_system=None, width=WIDTH, soft_wrap=True))


def _plain(text: str) -> bool:
    """Does rich print ``text`` as it is (nothing to take out, no tab to expand)?"""
    return text.replace("\n", "").isprintable() and safe(text) == text


def _narrow(text: str) -> bool:
    return all(" " <= ch <= "~" or ch in NARROW for ch in text)


class PlainConsole:
    """The batch console (see the module): ``text`` for a line, ``table`` for the table."""

    plain = True
    is_terminal = False

    def __init__(self, file=None) -> None:
        self._file = file
        self._rich = None
        self.quiet = False

    @property
    def file(self):
        return self._file or sys.stdout

    @property
    def rich(self):
        """The rich console for whatever is not plain text (made once, at its first use)."""
        if self._rich is None:
            from .streams import watch

            self._rich = batch_console()
            if self._file is not None:
                self._rich.file = self._file
            watch(self._rich)  # a failed write stops play, saved (solo.repl.streams)
        return self._rich

    def print(self, *objects, **kw) -> None:
        if not objects and not kw:
            self._write("\n")  # a blank line
            return
        self.rich.print(*objects, **kw)

    def text(self, text: str, style: str = "", end: str = "\n") -> None:
        """One line (or lines) of ``text`` as ``print(Text(text, style=style), end=end)`` writes it."""
        if not (_plain(text) and _plain(end)):
            from rich.text import Text

            self.rich.print(Text(text, style=style), end=end)
            return
        # in a pipe or a file, every finished line loses its trailing blanks (solo.safetext)
        *done, last = (text + end).split("\n")
        self._write("".join(line.rstrip() + "\n" for line in done) + last)

    def table(self, game: Game) -> None:
        """The table at a glance, as ``print(solo.repl.view.table_view(game))`` draws it."""
        lines = table_lines(game)
        if lines is None:
            from .view import table_view

            self.rich.print(table_view(game))
            return
        self._write("".join(line.rstrip() + "\n" for line in lines))

    def _write(self, text: str) -> None:
        if self.quiet:
            return
        try:
            self.file.write(text)
            self.file.flush()
        except OSError as exc:  # a pipe closed early, a full disk: play stops there, saved
            from .streams import output_lost

            output_lost(exc, self)


# ---------------------------------------------------------------- the table, drawn as rich draws it


def _card_face(c: int | None) -> list[str]:
    """A small drawn card (a rounded panel 9 wide, its text 5 wide)."""
    if c is None:
        body = [_centred(line) for line in ("", "  —  ", "")]
    elif c >= 52:
        body = [_centred(line) for line in ("", "JOKER", "RED" if c == RED_JOKER else "BLACK", "")]
    else:
        label = card_str(c)
        rank, suit = label[:-1], label[-1]
        body = [f"{rank:<3}", "", f"  {suit}  ", "", f"{rank:>3}"]
    return ["╭───────╮", *(f"│ {line:<5} │" for line in body), "╰───────╯"]


def _centred(line: str, width: int = 5) -> str:
    """Centred as rich centres: its trailing blanks dropped first, the odd blank on the right."""
    line = line.rstrip()
    left = (width - len(line)) // 2
    return " " * left + line + " " * (width - len(line) - left)


def _threat_lines(game: Game) -> list[str]:
    c = game.threat
    diff = game.difficulty()
    if c >= 52:
        name = "The Red Joker — The End" if c == RED_JOKER else "The Black Joker — The Twist"
        return [name, f"Difficulty {diff} (Trophy Pile top)", "no suit: no Aptitude"]
    sev = severity(c)
    s = c // 13
    band = {"atmospheric": "atmospheric: no risk of Strikes", "dangerous": "potentially dangerous",
            "deadly": "difficult and dangerous", "killer": "THE KILLER: failure is a Strike"}[sev]
    second = f"Difficulty {diff}"
    if sev == "killer":
        second += f" (Trophy {game.base_difficulty()} + {game.rules.face_modifiers[c % 13 - 10]})"
    return [f"{SUIT_SYMBOLS[s]} {SUIT_APTITUDES[s]} — {SUIT_NATURES[s]}", second, band]


def _fit(text: str, width: int) -> str:
    """A cell ``width`` wide, cut short with … (rich's ellipsis)."""
    if len(text) > width:
        text = text[: width - 1] + "…"
    return text.ljust(width)


def table_lines(game: Game) -> list[str] | None:
    """The lines of :func:`solo.repl.view.table_view` at 100 columns without colour (trailing
    blanks left in), or None when a character in it is not one column wide."""
    from .toolbar import strikes_text

    threat, trophy = _card_face(game.threat), _card_face(game.trophy_top)
    desc = _threat_lines(game)
    w = max(len(line) for line in desc)
    lines = [f"{'Threat':<9}  {'':<{w}}  Trophy"]
    for k in range(max(len(threat), len(trophy), len(desc))):
        left = threat[k] if k < len(threat) else ""
        right = trophy[k] if k < len(trophy) else ""
        mid = desc[k] if k < len(desc) else ""
        lines.append(f"{left:<9}  {mid:<{w}}  {right}")

    head = ("", "Name", "Archetype", "Aptitude", "Strikes", "GP", "State")
    rows = []
    for i, c in enumerate(game.cast):
        dead = game.dead[i]
        state = ("dead" + (" (Red Joker)" if dead == "red joker" else "")) if dead else (
            "testing" if game.tester == i else "alive")
        name = c.name if c.pronouns == DEFAULT_PRONOUNS else f"{c.name} ({c.pronouns})"
        rows.append([str(i + 1), name, c.archetype or "—", f"{SUIT_SYMBOLS[c.aptitude]} {c.aptitude_name}",
                     strikes_text(game.strikes[i], game.rules.strikes_to_die), str(game.genre[i]), state])
    if not all(_narrow(cell) for row in rows for cell in row):
        return None
    widths = [max([len(h)] + [len(r[k]) for r in rows]) for k, h in enumerate(head)]
    room = WIDTH - 3 * (len(widths) - 1) - sum(wd for k, wd in enumerate(widths) if k not in (1, 2))
    if widths[1] + widths[2] > room:  # as solo.repl.view.CastTable shares what is left
        widths[1] = min(widths[1], max(6, room // 2))
        widths[2] = max(6, room - widths[1])
    if sum(widths) + 3 * (len(widths) - 1) > WIDTH:
        return None  # rich would squeeze the columns its own way
    lines.append("   ".join(_fit(h, wd) for h, wd in zip(head, widths)))
    lines.append("─" * (sum(widths) + 3 * (len(widths) - 1)))
    lines += ["   ".join(_fit(cell, wd) for cell, wd in zip(row, widths)) for row in rows]

    weak = "Weaknesses " + "".join(SUIT_SYMBOLS) + f" {game.found()}/4"
    if game.endgame:
        weak += "  THE ENDGAME"
    lines.append(weak)
    jacks, queens, kings = (len(r) for r in game.reserves)
    items = [f"Threat Deck {len(game.deck)}", f"Trophy {len(game.trophy)}",
             f"Number Reserve {len(game.number_reserve)}", f"J/Q/K {jacks}/{queens}/{kings}",
             f"Genre pool {game.pool}", f"Tests {game.tests}"]
    piles = [""]
    for item in items:  # as solo.repl.view.Items breaks them
        joined = f"{piles[-1]} · {item}" if piles[-1] else item
        if piles[-1] and len(joined) > WIDTH:
            piles.append(item)
        else:
            piles[-1] = joined
    return lines + piles
