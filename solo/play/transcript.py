"""The actual-play transcript: Markdown written as the night goes.

Header (ruleset, seed, cast), then each beat — the Threat Card, the Test with a compact
mechanical line, the narration, the players' words — strikes and deaths, the ending, and a
footer with totals. Nothing time-dependent is written, so the same seed and choices with
the template narrator give the same bytes.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from ..nott import events as E
from ..nott.cards import SUIT_APTITUDES, SUIT_SYMBOLS, card_str
from ..nott.describe import mechanics, threat_label

if TYPE_CHECKING:
    from .night import Night


def _md(text: str) -> str:
    """Keep player/LLM text from breaking the Markdown layout."""
    return " ".join(text.replace("|", "\\|").split())


class Transcript:
    def __init__(self, path: Path, night: "Night", resume: bool = False) -> None:
        self.path = Path(path)
        self.night = night
        self.path.parent.mkdir(parents=True, exist_ok=True)
        if resume and self.path.exists():
            self._write("\n*(the night resumes)*\n")
        elif not resume:
            self.path.write_text("", encoding="utf-8")

    def _write(self, text: str) -> None:
        with self.path.open("a", encoding="utf-8") as fh:
            fh.write(text)

    def header(self) -> None:
        n = self.night
        g = n.game
        r = g.rules
        title = n.playset_title or "actual play"
        lines = [
            f"# Night of the Thirteenth — {title}",
            "",
            f"- **Ruleset:** {r.name}{' (fast setup)' if r.fast_setup else ''}",
            f"- **Seed:** {n.seed}",
            f"- **Playset:** {n.playset or '—'}",
            f"- **Narrator:** {n.narrator_name}",
            "",
            "## The cast",
            "",
            "| # | Name | Archetype | Aptitude | Why are you here? |",
            "|---|------|-----------|----------|-------------------|",
        ]
        for i, c in enumerate(g.cast, 1):
            apt = f"{SUIT_SYMBOLS[c.aptitude]} {SUIT_APTITUDES[c.aptitude]}"
            lines.append(f"| {i} | {_md(c.name)} | {_md(c.archetype) or '—'} | {apt} | {_md(c.why) or '—'} |")
        lines += ["", "## The night", ""]
        self._write("\n".join(lines) + "\n")

    def events(self, events: list) -> None:
        names = self.night.names
        out: list[str] = []
        pending: list = []

        def flush() -> None:
            if pending:
                lines = mechanics(pending, names)
                if lines:
                    out.append("*⚙ " + " · ".join(lines) + "*\n")
                pending.clear()

        for e in events:
            t = type(e)
            if t is E.ThreatRevealed or t is E.JokerRevealed:
                flush()
                card = e.card if t is E.ThreatRevealed else e.joker
                out.append(f"\n**Threat Card — {threat_label(card, e.difficulty)}**\n")
                if t is E.JokerRevealed:
                    top = card_str(e.trophy_top) if e.trophy_top is not None else "empty"
                    out.append(f"*⚙ The Joker is not shown; it triggers. Trophy Pile shuffled: top {top}.*\n")
            elif t is E.TestBegan:
                flush()
                out.append(f"\n### Test {self.night.game.tests + 1} — {names[e.who]} takes on {card_str(e.card)}\n")
            elif t is E.EndgameBegan:
                flush()
                out.append("\n## The Endgame\n")
                pending.append(e)
            elif t is E.CharacterDied:
                pending.append(e)
                flush()
                cause = "the third Strike" if e.cause == "strikes" else "the Red Joker"
                out.append(f"\n**☠ {names[e.who]} dies** ({cause}).\n")
            elif t is E.Dawn or t is E.AllDead:
                flush()
                out.append(self._ending(e))
            else:
                pending.append(e)
        flush()
        if out:
            self._write("\n".join(out) + "\n")

    def narration(self, kind: str, text: str) -> None:
        quoted = "\n".join("> " + line if line.strip() else ">" for line in text.strip().splitlines())
        self._write(quoted + "\n\n")

    def say(self, name: str | None, text: str) -> None:
        who = f"**{_md(name)}:** " if name else ""
        self._write(f"{who}“{_md(text)}”\n\n")

    def note(self, text: str) -> None:
        self._write(f"{_md(text)}\n\n")

    def _ending(self, e) -> str:
        names = self.night.names
        if type(e) is E.Dawn:
            return f"\n## Dawn\n\nSurvivors: {', '.join(names[i] for i in e.survivors)}.\n"
        return "\n## Everyone is dead\n\nNobody sees the sunrise. The Killer wins.\n"

    def footer(self) -> None:
        n = self.night
        g = n.game
        o = g.outcome()
        lines = ["", "## Totals", "", "| Character | Strikes | Genre Points held | Fate |", "|---|---|---|---|"]
        for i, c in enumerate(g.cast):
            fate = {None: "survived" if o and o.dawn else "—", "strikes": "third Strike",
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
        usage = getattr(n.narrator, "usage", None)
        if usage:
            approx = "≈" if usage.get("estimated") else ""
            lines.append(f"- Narration tokens: {approx}{usage.get('prompt_tokens', 0)} prompt + "
                         f"{approx}{usage.get('completion_tokens', 0)} completion in {usage.get('calls', 0)} calls"
                         f" ({usage.get('fallbacks', 0)} beats from the templates)")
        self._write("\n".join(lines) + "\n")
