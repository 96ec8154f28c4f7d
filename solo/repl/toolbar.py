"""The toolbar's line of essentials and the Strikes as drawn, in plain text (no rich: the
batch console draws them too)."""

from __future__ import annotations

from ..nott.cards import SUIT_APTITUDES, SUIT_SYMBOLS, card_str
from ..nott.game import Game


def strikes_text(n: int, top: int) -> str:
    return "✗" * n + "·" * max(0, top - n)


#: What the tester is doing, in the toolbar.
TOOLBAR_PHASE = {"roll": "to roll", "decide": "to resolve"}


def toolbar(game: Game | None, width: int = 80) -> str:
    """One line of essentials for the bottom toolbar, at most ``width`` characters: the Threat
    Card and who is testing first, then the cast; what does not fit is shortened, then left out."""
    if game is None:
        return " solo · Night of the Thirteenth · type help"[:width]
    if game.is_over():
        o = game.outcome()
        return f" {'DAWN' if o.dawn else 'Everyone is dead'} after {game.tests} tests · new / quit"[:width]
    c = game.threat
    label = "Joker" if c >= 52 else f"{card_str(c)} {SUIT_APTITUDES[c // 13]}"
    head = [f" {label} d{game.difficulty()}"]
    if game.tester >= 0:
        head.append(f"▶ {game.cast[game.tester].name} {TOOLBAR_PHASE.get(game.phase, game.phase)}")
    trophy = f"Trophy {card_str(game.trophy_top) if game.trophy_top is not None else '—'}"
    weak = "Weak " + "".join(SUIT_SYMBOLS[s] if game.weaknesses[s] != -1 else "·" for s in range(4))
    limit = game.rules.strikes_to_die

    def people(gp: bool) -> list[str]:
        return [f"{ch.name} ☠" if game.dead[i] else
                f"{ch.name} {strikes_text(game.strikes[i], limit)}{f' {game.genre[i]}gp' if gp else ''}"
                for i, ch in enumerate(game.cast)]

    for parts in (head + [trophy, weak] + people(True) + [f"pool {game.pool}"],
                  head + [trophy, weak] + people(True),
                  head + [weak] + people(True),
                  head + [weak] + people(False),
                  head + people(False)):
        line = " | ".join(parts)
        if len(line) <= width:
            return line
    return line[: max(0, width - 1)] + "…"
