"""The table at a glance, drawn with rich: Threat Card, Trophy top, cast, weaknesses, piles."""

from __future__ import annotations

from rich import box
from rich.console import Group
from rich.cells import cell_len
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ..nott.cards import BLACK_JOKER, RED_JOKER, SUIT_APTITUDES, SUIT_NATURES, SUIT_SYMBOLS, card_str, severity
from ..nott.game import Game
from ..world.pronouns import DEFAULT as DEFAULT_PRONOUNS
from .toolbar import strikes_text, toolbar  # noqa: F401  (toolbar: where it was always found)

RED_SUITS = (1, 3)


def card_style(c: int | None) -> str:
    if c is None:
        return "dim"
    if c == RED_JOKER:
        return "bold red"
    if c == BLACK_JOKER:
        return "bold white on grey23"
    return "bold red" if c // 13 in RED_SUITS else "bold bright_white"


def card_text(c: int | None) -> Text:
    """A card as coloured text, e.g. [7♠]."""
    if c is None:
        return Text("[ — ]", style="dim")
    return Text(f"[{card_str(c)}]", style=card_style(c))


def card_face(c: int | None, caption: str = "") -> Panel:
    """A small drawn card."""
    if c is None:
        body = Text("\n  —  \n", style="dim", justify="center")
    elif c >= 52:
        body = Text("\nJOKER\n" + ("RED" if c == RED_JOKER else "BLACK") + "\n", style=card_style(c), justify="center")
    else:
        label = card_str(c)
        rank_txt, suit_txt = label[:-1], label[-1]
        body = Text(f"{rank_txt:<3}\n\n  {suit_txt}  \n\n{rank_txt:>3}", style=card_style(c), justify="left")
    return Panel(body, width=9, box=box.ROUNDED, padding=(0, 1))


def threat_description(game: Game) -> Text:
    c = game.threat
    diff = game.difficulty()
    t = Text()
    if c >= 52:
        name = "The Red Joker — The End" if c == RED_JOKER else "The Black Joker — The Twist"
        t.append(name, style=card_style(c))
        t.append(f"\nDifficulty {diff} (Trophy Pile top)\nno suit: no Aptitude")
        return t
    sev = severity(c)
    s = c // 13
    t.append(f"{SUIT_SYMBOLS[s]} {SUIT_APTITUDES[s]}", style=card_style(c))
    t.append(f" — {SUIT_NATURES[s]}\n")
    band = {"atmospheric": "atmospheric: no risk of Strikes", "dangerous": "potentially dangerous",
            "deadly": "difficult and dangerous", "killer": "THE KILLER: failure is a Strike"}[sev]
    t.append(f"Difficulty {diff}", style="bold")
    if sev == "killer":
        mod = game.rules.face_modifiers[c % 13 - 10]
        t.append(f" (Trophy {game.base_difficulty()} + {mod})")
    t.append(f"\n{band}", style="bold red" if sev in ("killer", "deadly") else "")
    return t


def table_view(game: Game) -> Group:
    top = Table.grid(padding=(0, 2))
    top.add_row(Text("Threat", style="dim"), Text(""), Text("Trophy", style="dim"))
    top.add_row(card_face(game.threat), threat_description(game), card_face(game.trophy_top))
    rows = []
    for i, c in enumerate(game.cast):
        dead = game.dead[i]
        state = Text("dead" + (" (Red Joker)" if dead == "red joker" else ""), style="red") if dead else (
            Text("testing", style="bold yellow") if game.tester == i else Text("alive", style="green"))
        apt = Text(f"{SUIT_SYMBOLS[c.aptitude]} {c.aptitude_name}", style="red" if c.aptitude in RED_SUITS else "")
        name = Text(c.name, style="dim strike" if dead else "bold")
        if c.pronouns != DEFAULT_PRONOUNS:  # they/them goes unsaid
            name.append(f" ({c.pronouns})", style="dim")
        rows.append([Text(str(i + 1)), name,
                     Text(c.archetype or "—"), apt, Text(strikes_text(game.strikes[i], game.rules.strikes_to_die)),
                     Text(str(game.genre[i])), state])
    cast = CastTable(rows)
    weak = Text("Weaknesses ")
    for s in range(4):
        found = game.weaknesses[s] != -1
        weak.append(SUIT_SYMBOLS[s], style=("bold red" if s in RED_SUITS else "bold") if found else "dim")
    weak.append(f" {game.found()}/4")
    if game.endgame:
        weak.append("  THE ENDGAME", style="bold red")
    jacks, queens, kings = (len(r) for r in game.reserves)
    piles = Items([f"Threat Deck {len(game.deck)}", f"Trophy {len(game.trophy)}",
                   f"Number Reserve {len(game.number_reserve)}", f"J/Q/K {jacks}/{queens}/{kings}",
                   f"Genre pool {game.pool}", f"Tests {game.tests}"], style="dim")
    return Group(top, cast, weak, piles)


class CastTable:
    """The cast, one line per character at any width from 80 up (between columns: a blank, a
    rule of blank, a blank): the columns that say how a
    character stands keep their width, and a long name or archetype is cut short (…) to fit."""

    HEAD = ("", "Name", "Archetype", "Aptitude", "Strikes", "GP", "State")

    def __init__(self, rows: list[list[Text]]) -> None:
        self.rows = rows

    def __rich_console__(self, console, options):
        widths = [max([cell_len(h)] + [r[k].cell_len for r in self.rows]) for k, h in enumerate(self.HEAD)]
        room = options.max_width - 3 * (len(widths) - 1) - sum(w for k, w in enumerate(widths) if k not in (1, 2))
        name, arch = widths[1], widths[2]
        if name + arch > room:  # share what is left: the name up to half of it, the archetype the rest
            name = min(name, max(6, room // 2))
            arch = max(6, room - name)
        if name < min(widths[1], 8) or arch < 8:  # a narrow screen: the names whole, the archetypes left out
            yield self._narrow(options.max_width)
            return
        table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
        for k, head in enumerate(self.HEAD):
            width = name if k == 1 else arch if k == 2 else widths[k]
            table.add_column(head, width=width, no_wrap=True, overflow="ellipsis")
        for row in self.rows:
            table.add_row(*row)
        yield table

    def _narrow(self, max_width: int) -> Table:
        """Name, Aptitude (its suit), Strikes, GP and State (its first word): each name whole."""
        cols = [1, 3, 4, 5, 6]
        rows = []
        for r in self.rows:
            r = list(r)
            r[3] = Text(r[3].plain.split()[0], style=r[3].style)  # "♠ Power" → "♠"
            r[6] = Text(r[6].plain.split()[0], style=r[6].style)  # "dead (Red Joker)" → "dead"
            rows.append(r)
        heads = {1: "Name", 3: "Apt", 4: "Str", 5: "GP", 6: "State"}
        width = {k: max([cell_len(heads[k])] + [r[k].cell_len for r in rows]) for k in cols}
        width[1] = max(4, min(width[1], max_width - sum(width[k] for k in cols[1:]) - 3 * (len(cols) - 1)))
        table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
        for k in cols:
            table.add_column(heads[k], width=width[k], no_wrap=True, overflow="ellipsis")
        for r in rows:
            table.add_row(*(r[k] for k in cols))
        return table


class Items:
    """Items joined by `` · ``, broken between two items (never inside one) to fit the width."""

    def __init__(self, items: list[str], style: str = "") -> None:
        self.items, self.style = items, style

    def __rich_console__(self, console, options):
        lines = [""]
        for item in self.items:
            joined = f"{lines[-1]} · {item}" if lines[-1] else item
            if lines[-1] and cell_len(joined) > options.max_width:
                lines.append(item)
            else:
                lines[-1] = joined
        yield Text("\n".join(lines), style=self.style)
