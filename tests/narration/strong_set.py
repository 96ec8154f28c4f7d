"""A strong model's nights, told again: the labelled set of ``data/strong/*.json``.

Each file is one real night (autoplay, or typed lines played in batch mode) whose every model
request was answered by hand through a relay server, as a careful strong model would: the
faithful replies in request order, and, for some requests, a variant that carries one planted
slip (labelled with its kind, and a note of what is wrong). The night is played again here
against a local server that gives the n-th request the n-th reply; at each request the
director's reading (the guard the teller hands the narrator) is asked about the faithful reply
and about each slip of that request, with the night's fiction as it stands at that moment.
"""

from __future__ import annotations

import io
import json
import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from solo.narration.gate import Gate

from .fakeserver import FakeServer

DATA = Path(__file__).parent / "data" / "strong"

#: The editor's kinds that are a slip's own fault: a slip refused for another reason is refused
#: by luck, not by reading it.
OWN_FAULT = {
    "wrong-hands": {"wrong-hands", "lost-in-hand"},
    "past-action": {"past-action"},
    "fact-against": {"answer-contradicted", "setting", "cut-off", "fact-against", "lost-in-hand", "dead-acting",
                     "wrong-wound", "nobody-hurt", "wrong-count", "wrong-hands"},  # a cast fact: who holds what
    "undecided-harm": {"undecided-harm", "wrong-wound"},
    "flipped": {"flipped"},
    "dead-acting": {"dead-acting"},
    "too-soon": {"too-soon", "weakness"},
    "night-over": {"night-over"},
    "pronouns": {"pronouns"},
    "length": {"length"},
}


@dataclass
class Verdicts:
    """What the director's reading said of one night's replies and slips."""

    name: str
    held_out: bool
    faithful: list[tuple[int, list]] = field(default_factory=list)  # (request, reasons) for each faithful reply
    slips: list[tuple[int, str, list]] = field(default_factory=list)  # (request, label, reasons)
    diverged: list[int] = field(default_factory=list)  # requests whose decided facts differ on this replay
    #: the same, read as the reply streams (:class:`solo.narration.gate.Gate`): for a faithful
    #: reply, what kept a sentence of it off the screen (or its facts from it); for a slip, the same
    streamed_faithful: list[tuple[int, list]] = field(default_factory=list)
    streamed_slips: list[tuple[int, str, list]] = field(default_factory=list)

    @property
    def kept(self) -> int:
        return sum(1 for _, why in self.faithful if not why)

    @property
    def kept_streamed(self) -> int:
        return sum(1 for _, why in self.streamed_faithful if not why)

    def own_fault(self, streamed: bool = False) -> int:
        return sum(1 for _, label, why in (self.streamed_slips if streamed else self.slips)
                   if {c.kind for c in why} & OWN_FAULT.get(label, {label}))


_DECIDED = re.compile(r"The answer is decided: [^\n]*|\b[A-Z][\w'-]* (?:SUCCEEDS|FAILS)\b|\bloses their [^,.]+"
                      r"|finds one of the Killer's weaknesses|\b[A-Z][\w'-]* dies\b|Strike number \d")


def decided(request: str) -> list[str]:
    """What a request says was decided (the answers, who succeeds or fails): a reply written for
    one night is read again only where the night told again decided the same."""
    return _DECIDED.findall(str(request))


_JUDGED = re.compile(r"^.*Does this play into one of the tropes\?.*$", re.M)


def key(request: str) -> tuple:
    """What a request is matched on when its night is told again: what it decides, or the line a
    trope judge is asked about (its other words may change with the prompts)."""
    judged = _JUDGED.findall(str(request))
    return tuple(judged) if judged else tuple(decided(request))


#: The record a request gives the model: who is alive, hurt, carries and has lost what, the places
#: cut off. A reply was written against it; told again with another record, it is not read.
_RECORD = re.compile(r"^- (?:[A-Z][\w'’ -]* is (?:alive|dead)\b.*|The Killer has cut them off from .*)$", re.M)


def record(request: str) -> dict[str, str]:
    """The lines of ``request`` that state the night's record (:data:`_RECORD`), by whom or
    what they are about (a request lists those it needs)."""
    return {line.split(" is ", 1)[0] if " is " in line else line: line for line in _RECORD.findall(str(request))}


def differ(now: dict[str, str], then: dict[str, str]) -> bool:
    """Whether two records state otherwise of anyone both speak of."""
    return any(now[k] != then[k] for k in now.keys() & then.keys())


_SAID = re.compile(r'^- The player said \(([^)]+)\): "(.*)"$', re.M)


def said_lines(night: dict) -> dict[str, list[str]]:
    """Each character's lines as the night the replies were written for had them, in order (its
    requests list each new one once): an autoplayed night told again says them again, so a change
    to the lines autoplay would choose now does not make it another night."""
    seen: dict[str, list[str]] = {}
    for r in sorted(night["replies"], key=lambda r: int(r["n"])):
        for name, line in _SAID.findall(str(r.get("ask", ""))):
            seen.setdefault(name, []).append(line)
    return seen


def nights() -> list[Path]:
    return sorted(DATA.glob("*.json"))


def load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def tell_again(path: Path, home: Path) -> Verdicts:
    """Play the night of ``path`` again and read every faithful reply and slip."""
    import pytest

    with pytest.MonkeyPatch.context() as monkeypatch:
        return _tell_again(path, home, monkeypatch)


def _tell_again(path: Path, home: Path, monkeypatch) -> Verdicts:
    from solo.director import teller as teller_module

    night = load(path)
    replies = [r["text"] for r in night["replies"]]
    slips: dict[int, list[dict]] = {}
    for s in night.get("slips", ()):
        slips.setdefault(int(s["n"]), []).append(s)
    #: replies that carry a slip of their own (the writer said so): read as slips, not as faithful
    slipped = {int(r["n"]): r["label"] for r in night["replies"] if r.get("label", "faithful") != "faithful"}
    out = Verdicts(path.stem, bool(night.get("held_out")))
    real_guard = teller_module.Teller._guard
    waiting: dict[tuple, list[int]] = {}  # what a request decides → the replies written for it, in order
    for r in night["replies"]:
        waiting.setdefault(key(r.get("ask", "")), []).append(int(r["n"]))
    served: list[int | None] = []  # for each request of the night told again: the reply it got
    stale: set[int] = set()  # requests whose record differs from the one their reply was written against
    written = {int(r["n"]): record(r.get("ask", "")) for r in night["replies"]}
    read: set[int] = set()  # the requests whose reply was read (a reply is read whole once)

    def answer(body: str) -> str:
        try:
            asked = json.loads(body)["messages"][-1]["content"]
        except (ValueError, KeyError, IndexError, TypeError):
            asked = ""
        queue = waiting.get(key(asked))
        n = queue.pop(0) if queue else None
        served.append(n)
        if stale or (n is not None and differ(record(asked), written[n])):
            stale.add(len(served))  # another night from here on: who holds or lost what has changed
        return replies[n - 1] if n is not None else "The dark holds its breath."

    with FakeServer(mode="answer", answer=answer) as server:
        def guard_and_read(self, group, before, after):
            real_guard(self, group, before, after)
            narrator = self.narrator
            given = getattr(narrator, "guard", None)
            if given is None:
                return

            def reading(text, prompt="", kept=(), most=None):
                n = served[-1] if served else None
                why = given(text, prompt=prompt, kept=kept, most=most)
                if len(served) in read:  # the narrator reading the reply again, sentence by sentence
                    return why
                read.add(len(served))
                if n is None or len(served) in stale:  # asked what no reply was written for, or on
                    out.diverged.append(len(served))     # another record than the reply's
                    return why

                def judged(reply: str) -> tuple[list, list]:
                    """The reply read whole, and as it streams: what kept a sentence of it off
                    the screen, or the decided facts its shown part left to the templates."""
                    whole = given(reply, prompt=prompt, kept=kept, most=most)
                    gate = Gate(lambda t: given(t, prompt=prompt, kept=kept, most=most), given.waits)
                    gate.feed(reply, final=True)
                    streamed = list(gate.refused) + list(gate.findings)
                    if gate.shown and given.untold(gate.text):
                        streamed += [c for c in given(gate.text, prompt=prompt, kept=kept, most=most)
                                     if c.kind == "untold"]
                    return whole, streamed

                if n in slipped:
                    whole, streamed = judged(replies[n - 1])
                    out.slips.append((n, slipped[n], whole))
                    out.streamed_slips.append((n, slipped[n], streamed))
                else:
                    whole, streamed = judged(replies[n - 1])
                    out.faithful.append((n, whole))
                    out.streamed_faithful.append((n, streamed))
                for s in slips.get(n, ()):
                    whole, streamed = judged(s["text"])
                    out.slips.append((n, s["label"], whole))
                    out.streamed_slips.append((n, s["label"], streamed))
                return why

            reading.waits, reading.untold = given.waits, given.untold
            narrator.guard = reading

        monkeypatch.setattr(teller_module.Teller, "_guard", guard_and_read)
        monkeypatch.setenv("OPENAI_BASE_URL", server.url)
        monkeypatch.setenv("OPENAI_API_KEY", "x")
        monkeypatch.setenv("SOLO_HOME", str(home))
        config = home / "config.toml"
        config.parent.mkdir(parents=True, exist_ok=True)
        config.write_text("[llm]\nfirst_text_timeout = 60\nrequest_timeout = 120\nmin_rate = 0\nstall = 0\n",
                          encoding="utf-8")
        monkeypatch.setenv("SOLO_CONFIG", str(config))
        play = night["night"]
        if play["kind"] == "autoplay":
            import argparse

            from solo.sim.autoplay import autoplay
            from solo.sim.cli import rules_for

            playset, rules = rules_for(argparse.Namespace(playset=play.get("playset"), set=None,
                                                          rules=play.get("rules"), fast_setup=False))
            from solo.narration.templates import TemplateNarrator

            lines, respond = said_lines(night), TemplateNarrator.respond

            def said_then(self, character, beat):
                queue = lines.get(getattr(character, "name", None) or "")
                return queue.pop(0) if queue else respond(self, character, beat)
            monkeypatch.setattr(TemplateNarrator, "respond", said_then)
            autoplay(int(play["seed"]), rules, play.get("policy", "careful"), out=home / "night.md",
                     narrator_kind="llm", model="relay", notice=lambda *_: None, playset=playset)
        else:  # typed: the lines into solo play's batch mode, as they were typed
            import contextlib

            from solo.cli import main

            lines = (Path(__file__).resolve().parents[2] / play["lines"]).read_text(encoding="utf-8")
            monkeypatch.setattr("sys.stdin", io.StringIO(lines))
            with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
                main(["play", "--seed", str(play["seed"]), "--narrator", "llm", "--model", "relay"])
    return out


def report(all_verdicts: list[Verdicts]) -> str:
    """The figures, for the whole set and its held-out part."""
    lines = []
    for part, chosen in (("tuned on", [v for v in all_verdicts if not v.held_out]),
                         ("held out", [v for v in all_verdicts if v.held_out])):
        faithful = sum(len(v.faithful) for v in chosen)
        kept = sum(v.kept for v in chosen)
        slips = sum(len(v.slips) for v in chosen)
        own = sum(v.own_fault() for v in chosen)
        if faithful:
            lines.append(f"{part}: {kept}/{faithful} faithful replies kept ({kept / faithful:.1%}), "
                         f"{own}/{slips} slips refused for their own fault ({own / max(slips, 1):.1%})")
            kept = sum(v.kept_streamed for v in chosen)
            own = sum(v.own_fault(streamed=True) for v in chosen)
            lines.append(f"{part}, as it streams: {kept}/{faithful} faithful replies shown whole "
                         f"({kept / faithful:.1%}), {own}/{slips} slips kept off the screen for their own "
                         f"fault ({own / max(slips, 1):.1%})")
    return "\n".join(lines)


def environ_clean() -> None:
    for key in ("SOLO_LLM_MERGE", "SOLO_MODEL"):
        os.environ.pop(key, None)
