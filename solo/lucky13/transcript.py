"""The Lucky 13 actual-play transcript: Markdown written as the scene goes."""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

from ..play.files import FileRefused, append_private, create_exclusive, is_own_file
from .character import Character
from .records import Outcome



def md(text: str) -> str:
    return " ".join(str(text).replace("|", "\\|").split())


class SceneTranscript:
    """The actual-play transcript of a scene, written as it goes (Markdown).

    A new scene's transcript is a new file (created exclusively, or the empty file its name
    was reserved with); a resumed one is appended to. It is written only while it is a plain
    file (never through a symlink, never into a named pipe) and is for its owner only (0600).
    If it stops being one, the transcript stops and :attr:`refused` says why."""

    def __init__(self, path: Path, resume: bool = False) -> None:
        self.path = Path(path)
        self.refused: str | None = None
        self._resumes = ""  # said with the first thing written (a scene opened only to look writes nothing)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        if resume and os.path.lexists(self.path):
            self._resumes = "\n*(the scene resumes)*\n\n"
        elif not resume:
            try:
                os.close(create_exclusive(self.path))
            except FileExistsError:
                if not (is_own_file(self.path) and os.path.getsize(self.path) == 0):  # not a name reserved for it
                    raise FileRefused(f"{str(self.path)!r} exists: a new scene's transcript never writes over "
                                      "a file") from None

    def _write(self, text: str) -> None:
        if self.refused is not None:
            return
        try:
            append_private(self.path, self._resumes + text)
        except FileRefused as exc:
            self.refused = str(exc)
        self._resumes = ""

    def header(self, scene) -> None:
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
        if out.kind == "ask" and out.result is not None:  # the question, its answer, how it was decided
            told = out.result
            who = f"**{md(out.speaker)} asks:**" if out.speaker else "**Asked:**"
            self._write(f"{who} “{md(told.question)}”\n\n> {md(told.text)}\n\n*⚙ {md(told.how)}*\n\n")
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

    def footer(self, scene) -> None:
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
