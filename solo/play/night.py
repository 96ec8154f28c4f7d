"""A played night: the rules core with its steps, narration, transcript and autosave.

The REPL and ``autoplay`` both drive a :class:`Night`, so a human game and a generated one
write the same transcript. A *step* is one command's worth of play — the rules actions it
pushed and/or a line of free text — and is the unit of ``undo``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ..nott import events as E
from ..nott.actions import Action, parse_action
from ..nott.cards import SUIT_APTITUDES, parse_suit
from ..nott.chance import SeededChance
from ..nott.describe import mechanics
from ..nott.game import Character, Game
from ..nott.rules import Ruleset
from .saves import SavedCharacter, SavedRules, SavedStep, SaveError, SaveFile, read_save, write_save
from .transcript import Transcript

Output = Callable[[str, str], None]  # (kind, text): kind is "narration", "mechanics", "notice"


@dataclass
class Step:
    actions: list[Action] = field(default_factory=list)
    say: str | None = None
    who: int | None = None
    note: str | None = None


def _quiet(kind: str, text: str) -> None:
    pass


_STARTS = (E.ThreatRevealed, E.JokerRevealed, E.Rolled, E.Dawn, E.AllDead)


def segments(events: list) -> list[list]:
    """Split a step's events where a new table moment begins."""
    out: list[list] = []
    for e in events:
        if not out or isinstance(e, _STARTS):
            out.append([])
        out[-1].append(e)
    return out


class Night:
    """One game of Night of the Thirteenth as it is played."""

    def __init__(
        self,
        cast: Sequence[Character],
        rules: Ruleset,
        seed: int | str,
        *,
        narrator=None,
        save_path: Path | None = None,
        transcript_path: Path | None = None,
        narrator_name: str = "template",
        playset: str | None = None,
        out: Output | None = None,
        game: Game | None = None,
    ) -> None:
        self.game = game if game is not None else Game(cast, rules, SeededChance(seed))
        self.seed = seed
        self.steps: list[Step] = []
        self._set_narrator(narrator)
        self.narrator_name = narrator_name
        self.playset = playset
        self.playset_title: str | None = None
        self.save_path = Path(save_path) if save_path else None
        self.out: Output = out or _quiet
        self.pending_say: str | None = None
        self.last_events: list = []
        self.last_beats: list = []
        self.step_events: list[list] = []  # the events of each step, parallel to ``steps``
        self.transcript = Transcript(transcript_path, self) if transcript_path else None
        self._replaying = False
        self.on_resolved: Callable[[list], None] | None = None  # e.g. the REPL's teaching line

    def _set_narrator(self, narrator) -> None:
        self._narrator = narrator
        if hasattr(narrator, "set_cast"):
            narrator.set_cast([{"name": c.name, "archetype": c.archetype, "aptitude": SUIT_APTITUDES[c.aptitude]}
                               for c in self.game.cast])

    @property
    def narrator(self):
        return self._narrator

    @narrator.setter
    def narrator(self, narrator) -> None:
        self._set_narrator(narrator)

    # ------------------------------------------------------------------ building

    @property
    def cast(self) -> tuple[Character, ...]:
        return self.game.cast

    @property
    def names(self) -> list[str]:
        return [c.name for c in self.game.cast]

    def start(self) -> None:
        """Open the night: narrate the opening and the first Threat Card, write the header."""
        if self.transcript:
            self.transcript.header()
        self._narrate_events([], opening=True)
        self._report(list(self.game.opening_events))
        self.autosave()

    # ------------------------------------------------------------------ playing

    def act(self, actions: Sequence[Action], say: str | None = None, who: int | None = None) -> list:
        """Push ``actions`` as one step; all or nothing. Returns the events."""
        game = self.game
        pushed = 0
        events: list = []
        try:
            for a in actions:
                events += game.push(a)
                pushed += 1
        except BaseException:
            for _ in range(pushed):
                game.pop()
            raise
        self.steps.append(Step(list(actions), say, who))
        self.step_events.append(events)
        self.last_events = events
        if not self._replaying:
            self.autosave()  # before the prose: an interrupted narration loses no play
            self._report(events)
        return events

    @property
    def last_test_events(self) -> list:
        """Every event of the last resolved Test, from its first action to its resolution."""
        flat: list = []
        for events in reversed(self.step_events):
            flat[:0] = events
            if any(type(e) is E.TestBegan for e in events) and any(type(e) is E.TestResolved for e in flat):
                break
        end = max((i for i, e in enumerate(flat) if type(e) is E.TestResolved), default=None)
        if end is None:
            return []
        start = max(i for i, e in enumerate(flat[: end + 1]) if type(e) is E.TestBegan or i == 0)
        # the resolution's own consequences follow it up to the next Test
        stop = next((i for i in range(end + 1, len(flat)) if type(flat[i]) is E.TestBegan), len(flat))
        return flat[start:stop]

    def say(self, text: str, who: int | None = None) -> None:
        """Free text that is not a command: the character's action, for transcript and narrator."""
        text = " ".join(str(text).split())
        if not text:
            return
        if who is None and self.game.tester >= 0:
            who = self.game.tester
        self.steps.append(Step([], text, who))
        self.step_events.append([])
        self.pending_say = text
        if not self._replaying:
            if self.transcript:
                self.transcript.say(self.names[who] if who is not None else None, text)
            self.autosave()

    def note(self, text: str) -> None:
        """A table note (e.g. why a Genre Point was awarded): transcript only."""
        if self.transcript and not self._replaying:
            self.transcript.note(text)

    def undo(self, n: int = 1) -> list[Step]:
        """Take back the last ``n`` steps exactly."""
        if n < 1:
            raise ValueError(f"undo needs a positive number of steps, got {n!r}")
        if n > len(self.steps):
            raise ValueError(f"cannot undo {n} steps: only {len(self.steps)} played")
        undone = []
        for _ in range(n):
            step = self.steps.pop()
            self.step_events.pop()
            for _a in step.actions:
                self.game.pop()
            undone.append(step)
        self.pending_say = None
        self.last_events = self.step_events[-1] if self.step_events else []
        if self.transcript:
            self.transcript.note(f"*(undo: {n} step{'s' if n != 1 else ''} taken back)*")
        self.autosave()
        return undone

    # ------------------------------------------------------------------ output

    def _report(self, events: list) -> None:
        """Print, transcribe and narrate, one table moment at a time (a new Threat Card or the
        ending starts a new moment, so narration follows the mechanics it tells)."""
        for segment in segments(events):
            for line in mechanics(segment, self.names):
                self.out("mechanics", line)
            if self.transcript:
                self.transcript.events(segment)
            self._narrate_events(segment)
            if self.on_resolved is not None and any(type(e) is E.TestResolved for e in segment):
                self.on_resolved(self.last_test_events)
        if self.game.is_over() and self.transcript:
            self.transcript.footer()

    def _narrate_events(self, events: list, opening: bool = False) -> None:
        if self.narrator is None or self._replaying:
            return
        from ..narration.base import Retraction, strip_control
        from ..narration.beats import beats_from_events, opening_beats

        if opening:
            beats = [b for b in opening_beats(self.game) if b.kind == "opening"]
        else:
            beats = beats_from_events(self.game, events, player_action=self.pending_say)
        if beats:
            self.pending_say = None
            self.last_beats = beats
        for beat in beats:
            chunks = []
            for chunk in self.narrator.narrate(beat):
                if isinstance(chunk, Retraction):
                    chunks.clear()  # the stream broke: its text is replaced by the template's
                    self.out("stream-end", "")
                    continue
                chunk = strip_control(chunk)
                chunks.append(chunk)
                self.out("stream", chunk)
            text = "".join(chunks).strip()
            self.out("stream-end", text)
            if self.transcript and text:
                self.transcript.narration(beat.kind, text)

    # ------------------------------------------------------------------ saving

    def to_save(self) -> SaveFile:
        r = self.game.rules
        return SaveFile(
            rules=SavedRules(
                name=r.name, trophy_start=r.trophy_start, empty_trophy_base=r.empty_trophy_base,
                reserve_fallback=r.reserve_fallback, face_modifiers=r.face_modifiers,
                genre_points=r.genre_points, strikes_to_die=r.strikes_to_die, fast_setup=r.fast_setup,
                min_cast=r.min_cast, max_cast=r.max_cast),
            seed=self.seed,
            cast=[SavedCharacter(name=c.name, aptitude=SUIT_APTITUDES[c.aptitude], archetype=c.archetype,
                                 why=c.why) for c in self.cast],
            steps=[SavedStep(actions=[str(a) for a in s.actions], say=s.say, who=s.who, note=s.note)
                   for s in self.steps],
            narrator=self.narrator_name,
            playset=self.playset,
            transcript=str(self.transcript.path) if self.transcript else None,
            finished=self.game.is_over(),
            summary=self.summary(),
        )

    def autosave(self) -> None:
        if self.save_path is not None and not self._replaying:
            write_save(self.to_save(), self.save_path)

    def summary(self) -> str:
        g = self.game
        o = g.outcome()
        state = ("dawn" if o.dawn else "everyone dead") if o else f"test {g.tests + 1}"
        return f"{', '.join(self.names)} — {g.rules.name}, seed {self.seed}, {state}"

    @classmethod
    def from_save(cls, path: Path, *, narrator=None, out: Output | None = None, **kw) -> "Night":
        """Load and replay a save; :class:`SaveError` (one line) if it cannot be trusted."""
        save = read_save(path)
        try:
            rules = Ruleset(**save.rules.model_dump())
            cast = [Character(c.name, parse_suit(c.aptitude), c.archetype, c.why) for c in save.cast]
            transcript = Path(save.transcript) if save.transcript else None
            night = cls(cast, rules, save.seed, narrator=narrator, save_path=None,
                        transcript_path=None, narrator_name=save.narrator, playset=save.playset, out=out, **kw)
        except ValueError as exc:
            raise SaveError(f"save {str(path)!r} describes no playable game: {exc}") from None
        night._replaying = True
        for i, step in enumerate(save.steps, 1):
            try:
                if step.actions:
                    night.act([parse_action(a) for a in step.actions], step.say, step.who)
                elif step.say:
                    night.say(step.say, step.who)
            except ValueError as exc:
                raise SaveError(f"save {str(path)!r} does not replay at step {i} "
                                f"({'; '.join(step.actions) or step.say!r}): {exc}") from None
        night._replaying = False
        night.pending_say = None
        night.save_path = Path(path)
        if transcript is not None:
            night.transcript = Transcript(transcript, night, resume=True)
        return night
