"""The Lucky 13 actual-play transcript: Markdown written as the scene goes."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from .character import Character

if TYPE_CHECKING:
    from .session import Outcome, Scene


def md(text: str) -> str:
    return " ".join(str(text).replace("|", "\\|").split())


class SceneTranscript:
    """The actual-play transcript of a scene, written as it goes (Markdown)."""

    def __init__(self, path: Path, resume: bool = False) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        if resume and self.path.exists():
            self._write("\n*(the scene resumes)*\n\n")
        elif not resume:
            self.path.write_text("", encoding="utf-8")

    def _write(self, text: str) -> None:
        with self.path.open("a", encoding="utf-8") as fh:
            fh.write(text)

    def header(self, scene: Scene) -> None:
        lines = [
            f"# Lucky 13 — {md(scene.title) or 'a scene'}",
            "",
            f"- **Seed:** {scene.seed}",
            f"- **Mode:** {scene.mode.value}",
            f"- **Narrator:** {scene.narrator_name}",
            f"- **Starting specializations:** {scene.allowance} (+1 per impairment)",
            "",
            "## The scene",
            "",
        ]
        self._write("\n".join(lines) + "\n")

    def outcome(self, out: Outcome) -> None:
        parts: list[str] = []
        if out.kind == "say":
            who = f"**{md(out.speaker)}:** " if out.speaker else ""
            self._write(f"{who}“{md(out.said or '')}”\n\n")
            return
        if out.heading:
            parts.append(f"### {md(out.heading)}\n")
        if out.lines:
            parts.append("*⚙ " + " · ".join(md(x) for x in out.lines) + "*\n")
        for note in out.notes:
            parts.append(md(note) + "\n")
        for _kind, text in out.narration:
            parts.append("> " + " ".join(text.split()) + "\n")
        if parts:
            self._write("\n".join(parts) + "\n")

    def narration(self, texts: Iterable[str]) -> None:
        for text in texts:
            self._write("> " + " ".join(text.split()) + "\n\n")

    def note(self, text: str) -> None:
        self._write(f"{md(text)}\n\n")

    def footer(self, scene: Scene) -> None:
        s = scene.stats
        lines = ["## Totals", "", "| Character | Hit points | Pulse | Adventure Points | Reputation | State |",
                 "|---|---|---|---|---|---|"]
        for name, ch in scene.characters.items():
            h = ch.health
            lines.append(f"| {md(name)} | {h.hp}/{h.max_hp} | {h.pulse if not h.pulse.is_none else 'none'} "
                         f"(full {h.base}) | {ch.adventure_points} | {ch.reputation:+d} | {state_word(ch)} |")
        lines += [
            "",
            f"- Steps: {len(scene.steps)}",
            f"- Checks: {s['checks']} ({s['successes']} succeeded)",
            f"- Contests: {s['contests']} ({s['contest_wins']} won by the side acting)",
            f"- Attacks: {s['attacks']} ({s['hits']} hits, {s['damage']} damage)",
            f"- Explosions: {s['explosions']} · Dilemmas: {s['dilemmas']}",
            "",
        ]
        self._write("\n".join(lines) + "\n")


def state_word(ch: Character) -> str:
    h = ch.health
    if h.dead:
        return "dead"
    if h.dying:
        return "dying, stable" if h.stable else "dying"
    return "unhurt" if h.hp == h.max_hp else "wounded"
