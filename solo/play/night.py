"""A played night: the rules core with its steps, the fiction, narration, transcript and autosave.

The REPL and ``autoplay`` both drive a :class:`Night`, so a human game and a generated one
write the same transcript. A *step* is one command's worth of play — the rules actions it
pushed and/or a line of free text — and is the unit of ``undo``.

The fiction (:class:`~solo.director.fiction.Fiction`: who is hurt, what is lost, where the
group is …) advances beat by beat beside the rules core and is copied before every step, so
undo rewinds it exactly. The transcript is rendered from the steps that remain (their
events, lines and narration), so an undone step leaves no trace and a resumed night writes
the same file as an unbroken one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from ..nott import events as E
from ..nott.actions import Action, parse_action
from ..nott.cards import SUIT_APTITUDES, parse_suit
from ..nott.chance import SeededChance
from ..nott.describe import mechanics
from ..nott.game import Character, Game
from ..nott.rules import Ruleset
from ..safetext import clean, safe
from . import saveform
from .saveform import (MAX_NARRATION, MAX_NOTE, MAX_SAVE_STEPS, MAX_SAVE_WRITE_BYTES, NOTE_SEP, NotSavable,
                       SaveError, compact, digest, write_body)
from .text import MAX_LINE
from .transcript import Transcript
from ..director.beats import beats_from_events
from ..narration.base import Retraction
from ..narration.beats import Beat

if TYPE_CHECKING:
    from .saves import SaveFile

Output = Callable[[str, str], None]  # (kind, text): kind is "narration", "mechanics", "notice"
#: Steps at the end of a loaded night that keep the fiction before them for undo; undo further
#: back rebuilds it by replaying (a copy per step of a long night costs time and memory
#: that grow with the square of its length).
KEEP_UNDO = 50


@dataclass
class Step:
    actions: list[Action] = field(default_factory=list)
    say: str | None = None
    who: int | None = None
    note: str | None = None
    #: What the director told for this step: (beat kind, text), in order.
    narration: list[tuple[str, str]] = field(default_factory=list)
    #: A question to the director (``say`` is the question): the odds the player stated, or
    #: "" when none were. None for any other step.
    ask: str | None = None
    #: The director's answer to it (rebuilt on replay, never saved).
    reply: object = None
    #: The player's telling of ``who``'s death (``say`` holds it): see :meth:`Night.write_death`.
    death: bool = False
    #: The player turned the oracle's dread by this much (``dread +1``): see :meth:`Night.turn_dread`.
    dread: int | None = None
    #: The dread it came to (rebuilt on replay, never saved).
    dread_to: int | None = None
    #: A note of the player's (``say`` holds it): see :meth:`Night.jot`.
    noted: bool = False
    #: The X-card (``say`` holds what the player flagged, or None): see :meth:`Night.xcard`.
    xcard: bool = False
    #: The told beat the X-card took out ((tag, text), rebuilt on replay, never saved).
    struck: tuple | None = None
    #: Changed when an X-card takes out a beat this step told, or gives it back (the transcript
    #: renders the step again; never saved).
    xmark: int = 0


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


def _setting_of(narrator) -> dict | None:
    for n in (narrator, getattr(narrator, "fallback", None)):
        setting = getattr(n, "setting", None)
        if isinstance(setting, dict):
            return setting
    return None


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
        setting: dict | None = None,
        transcript_form: str = "story",
    ) -> None:
        from ..director.fiction import Fiction

        self.game = game if game is not None else Game(cast, rules, SeededChance(seed))
        self.seed = seed
        self.steps: list[Step] = []
        self.setting = setting if setting is not None else _setting_of(narrator)
        self.story = Fiction([{"name": c.name, "archetype": c.archetype, "aptitude": SUIT_APTITUDES[c.aptitude],
                               "why": c.why, "pronouns": c.pronouns} for c in self.game.cast], seed, self.setting)
        self._stories: list = []  # the fiction before each step, parallel to ``steps`` (None: not kept)
        self._keep_stories = True  # False while replaying steps no undo will need the fiction of
        self.opening: list[tuple[str, str]] = []  # the opening's narration
        self.preface: list[str] = []  # table notes before the first step (a side-rule race)
        self._replayer = None  # a template narrator for replays and missing texts
        from ..director.safety import Safety

        self._safety = Safety()  # the player's lines and veils (see the safety property)
        self._beats_told: dict = {}  # id of a told (tag, text) → (it, its beats): what the X-card tells again
        self._struck: dict = {}  # id of a (tag, text) the X-card took out → (it, the X-card's step)
        self._set_narrator(narrator)
        self.narrator_name = narrator_name
        self.playset = playset
        self.playset_title: str | None = None
        self.save_path = Path(save_path) if save_path else None
        self.out: Output = out or _quiet
        self.last_events: list = []
        self.last_beats: list = []
        self.last_reply = None  # the director's last answer (see ask)
        self._base_size: int | None = None  # bytes of the save but its steps (see _save_size)
        self._bodies: dict[int, tuple] = {}  # id(step) → (step, its sign, its body as saved)
        #: The save as last written whole: (path, checksum, [(step, sign)], journal lines since).
        self._on_disk: tuple | None = None
        self._step_sizes: list[int] = []  # bytes of each step in the save, parallel to ``steps``
        self.step_events: list[list] = []  # the events of each step, parallel to ``steps``
        self.transcript = Transcript(transcript_path, self, form=transcript_form) if transcript_path else None
        self._replaying = False
        self.live_transcript = True
        self._stored: list[tuple[str, str]] | None = None  # narration read from a save, for replay
        self._covered = 0  # beats of a stored stretch still to pass over
        self.on_resolved: Callable[[list], None] | None = None  # e.g. the REPL's teaching line
        #: Who the director suggests for a new Threat Card (``game → name``), instead of the
        #: character whose Aptitude matches: the tutorial names its lesson's tester.
        self.suggest: Callable | None = None
        #: Called with (beat, text, fiction before, fiction after) for every text told.
        self.on_told: Callable | None = None
        self.save_body()  # a cast, seed or rules a save cannot hold: refused before the night begins

    def _set_narrator(self, narrator) -> None:
        self._narrator = narrator
        if hasattr(narrator, "set_cast"):
            narrator.set_cast([{"name": c.name, "archetype": c.archetype, "aptitude": SUIT_APTITUDES[c.aptitude],
                                "pronouns": getattr(c, "pronouns", "they/them"), "why": c.why or ""}
                               for c in self.game.cast])
        self._attach()

    def _attach(self) -> None:
        """Point every narrator at the fiction (after undo it is another object)."""
        safety = self.safety_now
        for n in (self._narrator, getattr(self._narrator, "fallback", None), self._replayer):
            if n is not None and hasattr(n, "story"):
                n.story = self.story
            if n is not None and hasattr(n, "safety"):
                n.safety = safety

    @property
    def safety(self):
        """The player's lines and veils (:class:`~solo.director.safety.Safety`): set from
        config.toml, the command line or ``line``/``veil``; kept in the save. They change what
        is told, never the cards, the dice or the Strikes."""
        return self._safety

    @safety.setter
    def safety(self, safety) -> None:
        self._safety = safety
        self._attach()
        self._base_size = None  # the save's size without its steps changes with them

    @property
    def safety_now(self):
        """The lines and veils the story is told under now: the player's, and what the X-cards
        played flagged (veiled from then on; undo takes an X-card back with its veil)."""
        from .xcard import flagged_veils

        return self._safety.with_veils(flagged_veils(self.steps)) if any(s.xcard for s in self.steps) \
            else self._safety

    @property
    def narrator(self):
        return self._narrator

    @narrator.setter
    def narrator(self, narrator) -> None:
        self._set_narrator(narrator)

    @property
    def pending_say(self) -> str | None:
        """The player's line for the moment at hand, if any (kept by the fiction)."""
        tester = self.game.tester
        p = self.story.people[tester] if 0 <= tester < len(self.story.people) else None
        return p.line if p is not None else None

    # ------------------------------------------------------------------ building

    @property
    def cast(self) -> tuple[Character, ...]:
        return self.game.cast

    @property
    def names(self) -> list[str]:
        return [c.name for c in self.game.cast]

    def start(self) -> None:
        """Open the night: narrate the opening and the first Threat Card, write the transcript."""
        from ..director.beats import opening_beats

        for line in mechanics(list(self.game.opening_events), self.names):
            self.out("mechanics", line)
        self.opening = self._tell(opening_beats(self.game))
        self.autosave()
        self.write_transcript()

    # ------------------------------------------------------------------ playing

    def act(self, actions: Sequence[Action], say: str | None = None, who: int | None = None,
            note: str | None = None) -> list:
        """Push ``actions`` as one step; all or nothing. Returns the events. ``note`` (e.g. the
        director's reason for a Genre Point) is kept with the step and told with it."""
        self._check_speaker(who)
        say = clean(say, what="the line", limit=MAX_LINE) or None if say else None
        step = Step(list(actions), say, who, self._bounded_note(note) if note else None)
        self._check_step(step)
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
        self._stories.append(self.story.copy() if self._keep_stories else None)
        self.steps.append(step)
        self.step_events.append(events)
        self.last_events = events
        if say:
            self.story.said(self.names[who] if who is not None else None, say)
        if not self._replaying:
            self.autosave()  # before the prose: an interrupted narration loses no play
        self._report(events, step)
        self._measure(step)
        if not self._replaying:
            if step.narration and self._keeps_text():
                self.autosave()
            self.write_transcript()
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
        text = clean(text, what="the line", limit=MAX_LINE)
        if not text:
            return
        if who is None and self.game.tester >= 0:
            who = self.game.tester
        self._check_speaker(who)
        step = Step([], text, who)
        self._push_words(step)
        self._measure(step)
        self.story.said(self.names[who] if who is not None else None, text)
        self._kept()

    def ask(self, text: str, who: int | None = None, odds: str | None = None):
        """A question to the director, as one step (undo takes it back). The director answers
        at once — exactly from the state, by the oracle, or with a detail of the setting — and
        an answer about the unknown becomes a fact. Returns the director's
        :class:`~solo.director.asking.Reply`."""
        from ..director.questions import parse

        text = clean(text, what="the question", limit=MAX_LINE)
        if not text:
            raise ValueError("ask what? e.g. ask is anyone out there?")
        self._check_speaker(who)
        question = parse(text, who, odds or None, tuple(self.names))  # unknown odds refused here
        step = Step([], text, who, ask=odds or "")
        self._push_words(step)
        if not self._replaying:
            self.autosave()  # before the prose: an interrupted answer loses no play
        self.last_reply = step.reply = reply = self._reply(question, len(self.steps) - 1)
        step.narration += self._tell([self._answer_beat(reply)])
        self._measure(step)
        if not self._replaying:
            if step.narration and self._keeps_text():
                self.autosave()
            self.write_transcript()
        return reply

    def write_death(self, text: str, who: int) -> None:
        """The player's telling of how ``who`` died, as one step (undo takes it back). The
        rulebook: at a third Strike "the player and the Director come up with the most
        horrifying way to go"; the director proposed one, and these words replace it in the
        transcript, the fiction and the epilogue, kept as typed."""
        text = clean(text, what="the death", limit=MAX_LINE)
        self._check_speaker(who)
        name = self.names[who]
        if not text:
            raise ValueError(f"write how {name} dies, or press Enter to keep the director's telling")
        if self.game.dead[who] is None:
            raise ValueError(f"{name} is not dead")
        if self.story.people[who].written is not None:
            raise ValueError(f"{name}'s death is already written (undo to write it again)")
        step = Step([], text, who, death=True)
        self._push_words(step)
        self._measure(step)
        self.story.write_death(name, text)
        self._kept()

    def turn_dread(self, by: int) -> tuple[int, int]:
        """Turn the oracle's dread (1–9, :func:`solo.director.oracle.dread`) up or down ``by``,
        as one step (undo takes it back): the player's hand on the oracle, as Mythic's Chaos
        Factor. It changes how questions are answered, never the cards, the dice or the
        Strikes. Returns (from, to); ValueError (one line) past 1 or 9."""
        from ..director import oracle

        if type(by) is not int or not by:
            raise ValueError(f"turn the dread up or down: dread +1 or dread -1, not {by!r}")
        now = oracle.dread(self.game, self.story.dread_shift)
        low, high = oracle.DREAD
        to = now + by
        if not low <= to <= high:
            edge = "the most" if by > 0 else "the least"
            raise ValueError(f"the dread is {now} and goes from {low} to {high}: {by:+d} would take it past "
                             f"{high if by > 0 else low}, {edge} it can be")
        step = Step([], None, None, dread=by)
        self._push_words(step)
        self.story.dread_shift = to - oracle.level(self.game)  # the level may run past 9: held at what is shown
        step.dread_to = to
        self._measure(step)
        self._kept()
        return now, to

    def jot(self, text: str) -> None:
        """A note of the player's (``note TEXT``), as one step (undo takes it back): kept in the
        save, the transcript and the journal; it changes nothing of the night."""
        text = clean(text, what="the note", limit=MAX_LINE)
        if not text:
            raise ValueError("note what? e.g. note Kit still has the flare")
        step = Step([], text, None, noted=True)
        self._push_words(step)
        self._measure(step)
        self._kept()

    def xcard(self, flagged: str = "") -> tuple[str, str]:
        """The X-card, as one step (undo takes it back): the last beat told is taken out of the
        story and told again without what the player ``flagged`` (a topic or words: kept out of
        the retelling, and veiled for the rest of the night), or, with nothing flagged, told as a
        fade of what the rules decided. It changes no card, die or Strike. Returns the
        (tag, text) taken out; ValueError (one line) when nothing was told to take out."""
        from . import xcard

        return xcard.play(self, flagged, Step)

    def _told_beats(self, pair: tuple, beats: list, also: bool = False) -> None:
        """Remember the beats a told (tag, text) told, for the X-card (the latest few)."""
        held = self._beats_told.get(id(pair))
        if also:
            if held is not None and held[0] is pair:
                held[1].extend(beats)
            return
        self._beats_told[id(pair)] = (pair, list(beats))
        if len(self._beats_told) > 256:
            del self._beats_told[next(iter(self._beats_told))]

    def _push_words(self, step: Step) -> None:
        """Push a step of no rules action (a line, a question, a death written, a note, the
        dread turned): checked savable first, the fiction before it kept for undo."""
        self._check_step(step)
        self._stories.append(self.story.copy() if self._keep_stories else None)
        self.steps.append(step)
        self.step_events.append([])

    def _kept(self) -> None:
        """The step saved and the transcript written (not while replaying)."""
        if not self._replaying:
            self.autosave()
            self.write_transcript()

    def _reply(self, question, step: int):
        from ..director.asking import reply

        return reply(question, game=self.game, fiction=self.story, seed=self.seed, step=step, setting=self.setting)

    def _answer_beat(self, reply):
        who = reply.question.who
        context = reply.context()
        safety = self.safety_now
        if safety and context.get("text"):  # decided word for word: told without what crosses a line
            context = {**context, "text": safety.scrub(context["text"], context.get("yes"))}
        return Beat("answer", {**context, "name": self.names[who] if who is not None else None,
                               "living": [self.names[i] for i in self.game.living()]})

    def _check_speaker(self, who: int | None) -> None:
        if who is not None and not 0 <= who < len(self.game.cast):
            raise ValueError(f"the cast has no character {who} ({len(self.game.cast)} characters)")

    #: Room kept in a save for a step's narration, beside the step itself (a model's prose;
    #: the templates' is not saved).
    STEP_ROOM = 16 * 1024

    def _check_step(self, step: Step) -> None:
        """A step the save can hold, or :class:`~solo.play.saves.NotSavable` (one line) before
        anything of it is applied: its text, and room for it in a save that has a cap on its
        steps and its size (so the save never refuses what the night has played)."""
        data = {"actions": [str(a) for a in step.actions], "say": step.say, "who": step.who, "note": step.note,
                "ask": step.ask, "death": step.death or None, "dread": step.dread, "noted": step.noted or None,
                "xcard": step.xcard or None}
        saved = saveform.checked(saveform.STEP, data)
        if saved is None:  # the save's models say why (or take it as they would write it)
            from .saves import SavedStep, check_savable

            saved = check_savable(SavedStep, data, "this step cannot be saved").model_dump(mode="json")
        if self._replaying:
            return
        if len(self.steps) + 1 > MAX_SAVE_STEPS:
            raise NotSavable(f"this step cannot be saved: a night holds at most {MAX_SAVE_STEPS:,} steps "
                             "(start a new night: new)")
        size = len(compact({k: v for k, v in saved.items() if v is not None}).encode("utf-8")) + self.STEP_ROOM
        if self._save_size() + size > MAX_SAVE_WRITE_BYTES:
            raise NotSavable(f"this step cannot be saved: the save would pass its {MAX_SAVE_WRITE_BYTES:,}-byte "
                             "cap (start a new night: new)")

    def _save_size(self) -> int:
        """About how many bytes this night's save takes: what it held before the first step,
        and each step as saved (its narration too)."""
        if self._base_size is None:
            self._base_size = len(compact(self.save_body()).encode("utf-8"))
            self._base_size -= sum(self._step_sizes)  # measured with the steps played so far
        return self._base_size + sum(self._step_sizes)

    def _measure(self, step: Step) -> None:
        """Count a step just applied toward the save's size (see :meth:`_save_size`)."""
        size = len(str(step.say or "")) + len(str(step.note or "")) + 20 * len(step.actions) + 40
        size += sum(len(k) + len(t) + 8 for k, t in step.narration) if self._keeps_text() else 0
        self._step_sizes.append(size)

    @staticmethod
    def _bounded_note(text: str, room: int = MAX_NOTE) -> str | None:
        """A note cleaned at the door and cut to ``room`` characters (a judge's reason can be
        long)."""
        return clean(text, what="the note", limit=max(room, 0), cut=True, undecodable="replace") or None

    def note(self, text: str) -> None:
        """A table note (e.g. why a Genre Point was awarded): kept with the last step, so it
        goes with it on undo."""
        if not self.steps:  # before the first step: with the opening (kept in memory only)
            text = self._bounded_note(text)
            if text:
                self.preface.append(text)
                self.write_transcript()
            return
        step = self.steps[-1]
        room = MAX_NOTE - (len(step.note) + len(NOTE_SEP) if step.note else 0)
        text = self._bounded_note(text, room) if room > 1 else None
        if not text:
            return
        step.note = f"{step.note}{NOTE_SEP}{text}" if step.note else text
        if not self._replaying:
            self.autosave()
            self.write_transcript()

    def undo(self, n: int = 1) -> list[Step]:
        """Take back the last ``n`` steps exactly: the rules, the fiction and the transcript."""
        if n < 1:
            raise ValueError(f"undo needs a positive number of steps, got {n!r}")
        if n > len(self.steps):
            played = f"only {len(self.steps)} played" if self.steps else "nothing played yet"
            raise ValueError(f"cannot undo {n} step{'s' if n != 1 else ''}: {played}")
        back = len(self.steps) - n
        story = self._stories[back] if self._stories[back] is not None else self._fiction_at(back)
        undone = []
        for _ in range(n):
            step = self.steps.pop()
            self.step_events.pop()
            self._stories.pop()
            if self._step_sizes:
                self._step_sizes.pop()
            for _a in step.actions:
                self.game.pop()
            if step.xcard:
                from .xcard import give_back

                give_back(self, step)
            undone.append(step)
        self.story = story
        self._attach()
        conversation = getattr(self._narrator, "conversation", None)
        if conversation is not None:  # a model is not to hear again what was taken back
            conversation.reset()
        self.last_events = self.step_events[-1] if self.step_events else []
        self.autosave()
        self.write_transcript()
        return undone

    # ------------------------------------------------------------------ output

    def _merging(self) -> bool:
        """A model that tells each Test in one request (see ``LLMNarrator.narrate_stretch``)."""
        n = self.narrator
        return (not self._replaying and n is not None and bool(getattr(n, "merge", False))
                and hasattr(n, "narrate_stretch"))

    def _report(self, events: list, step: Step) -> None:
        """Print and narrate, one table moment at a time (a new Threat Card or the ending
        starts a new moment, so narration follows the mechanics it tells). A model that tells
        a Test in one request gets the whole step at once, after its mechanics."""
        merging = self._merging()
        pending: list = []
        for segment in segments(events):
            if not self._replaying:
                for line in mechanics(segment, self.names):
                    self.out("mechanics", line)
            beats = beats_from_events(self.game, segment, player_action=self.pending_say)
            if step.note:
                beats = [self._with_trope(b, step.note) for b in beats]
            if merging:
                pending += beats
            else:
                step.narration += self._tell(beats)
            if (self.on_resolved is not None and not self._replaying
                    and any(type(e) is E.TestResolved for e in segment)):
                self.on_resolved(self.last_test_events)
        if merging and pending:
            step.narration += self._tell(pending)

    @staticmethod
    def _with_trope(beat, note: str):
        """An award beat told with the trope the director's note names."""
        if beat.kind != "award":
            return beat
        from ..director.awards import trope_of

        trope = trope_of(note)
        return Beat("award", {**beat.context, "trope": trope}) if trope else beat

    @staticmethod
    def _tag(beat) -> str:
        if beat.kind in ("red_joker", "black_joker") and beat.get("phase"):
            return f"{beat.kind}.{beat['phase']}"
        return beat.kind

    def _tell(self, beats: list) -> list[tuple[str, str]]:
        """Advance the fiction by each beat and tell it; the (kind, text) pairs told. A model
        that merges tells each stretch of beats (an outcome to the next Threat Card) in one
        request; short table talk and the ending stay beats of their own."""
        told: list[tuple[str, str]] = []
        story = self.story
        enriched = []
        merging = self._merging()
        stretch: list = []  # (beat, before, after) awaiting one request

        def flush() -> None:
            if stretch:
                group = [b for b, _, _ in stretch]
                self._speak(group, stretch[0][1], stretch[-1][2], told)
                stretch.clear()

        # what the continuity check and on_told read, taken only when one of them will
        watched = not self._replaying and (self.on_told is not None or hasattr(self.narrator, "guard"))
        before = after = None
        for beat in beats:
            if beat.kind == "threat" and self.suggest is not None:  # e.g. the tutorial's lesson
                beat = Beat("threat", self._pointed(beat.context))
            if watched:
                before = story.snapshot()
            details = story.apply(beat.kind, dict(beat.context))
            if watched:
                after = story.snapshot()
            enriched.append(Beat(beat.kind, {**beat.context, **details, "f": story.view()}))
            beat = enriched[-1]
            if self._replaying or self.narrator is None:
                tag, text = self._replay_text(beat)  # (a replay is never watched: no on_told)
                if text:
                    told.append(pair := (tag, text))
                    self._told_beats(pair, [beat])
                    story.heard(text)
                elif told and "+" in told[-1][0]:  # a stored stretch tells this beat too
                    self._told_beats(told[-1], [beat], also=True)
                continue
            if merging and beat.kind not in self.narrator.TABLE_TALK + self.narrator.ALONE + ("answer",):
                stretch.append((beat, before, after))
                continue
            flush()
            self._speak([beat], before, after, told)
        flush()
        if enriched:
            self.last_beats = enriched
        for beat in enriched:  # an answer about the unknown is told once, then kept as told
            if beat.kind == "answer" and beat.get("fact"):
                text = next((t for k, t in told if k == "answer"), None)
                if text:
                    story.established(beat["fact"], text)
        return told

    def _pointed(self, context: dict) -> dict:
        """A Threat Card's telling with the one :attr:`suggest` names: told as suited only
        when their Aptitude is the card's suit, else only pointed at."""
        name = self.suggest(self.game)
        aptitude = next((c.aptitude_name for c in self.game.cast if c.name == name), None)
        if name is not None and aptitude == context.get("suit"):
            return {**context, "suited": name, "pointed": None}
        return {**context, "suited": None, "pointed": name}

    def _speak(self, group: list, before, after, told: list) -> None:
        """Tell ``group`` (one beat, or a merged stretch) through the narrator, streaming."""
        narrator = self.narrator
        if len(group) == 1 and group[0].kind == "answer" and group[0].get("text"):
            stream = iter([group[0]["text"]])  # decided word for word (the state, a fact): no voice needed
        elif len(group) == 1 and group[0].kind in getattr(narrator, "TABLE_TALK", ()) and self._merging():
            speaker = narrator.fallback  # short table talk: the templates, no request
            stream = speaker.narrate(group[0])
        elif len(group) == 1:
            self._guard(group, before, after)
            stream = narrator.narrate(group[0])
        else:
            self._guard(group, before, after)
            stream = narrator.narrate_stretch(group)
        chunks: list[str] = []
        for chunk in stream:
            if isinstance(chunk, Retraction):
                chunks.clear()  # the stream broke: its text is replaced by the template's
                self.out("stream-end", "")
                continue
            chunk = safe(chunk)
            chunks.append(chunk)
            self.out("stream", chunk)
        text = "".join(chunks).strip()
        self.out("stream-end", text)
        text = clean(text, what="the narration", limit=MAX_NARRATION, cut=True, undecodable="replace")
        if text:
            tag = "+".join(self._tag(b) for b in group)
            told.append(pair := (tag, text))
            self._told_beats(pair, group)
            self.story.heard(text)
            for b in group:
                self._checked(b, text, before, after)

    def _checked(self, beat, text: str, before, after) -> None:
        if self.on_told is not None:
            self.on_told(beat, text, before, after)

    def _guard(self, group: list, before, after) -> None:
        """Give a model's narrator the director's reading for these beats, one or a merged
        stretch (:func:`solo.director.editor.read`: continuity, sense, and what was decided,
        told); it falls back to the templates on a text that fails it."""
        narrator = self.narrator
        if hasattr(narrator, "guard"):
            from ..director.editor import read

            contexts = [{**beat.context, "kind": beat.kind} for beat in group]
            answers = [beat.get("yes") for beat in group if beat.kind == "answer"]
            cast = self.cast
            safety = self.safety_now

            def guard(text: str, prompt: str = "", kept=()) -> list:
                return read(text, contexts, cast=cast, prompt=prompt, kept=kept, before=before, after=after,
                            answers=answers, safety=safety)

            narrator.guard = guard

    def _replay_text(self, beat) -> tuple[str, str]:
        """A beat's (tag, text) without telling it: read back from the save, or the templates'.
        A stored text keeps its stored tag: one that told a stretch (``outcome+…``) stands for
        the beats after it, in this replay and in the next one, from the save written again."""
        if beat.kind == "answer" and beat.get("text"):
            if self._stored and self._stored[0][0] == "answer":
                self._stored.pop(0)  # the same words, kept in the save too
            return "answer", clean(beat["text"], limit=MAX_NARRATION, cut=True, undecodable="replace")
        if self._covered:
            self._covered -= 1  # told by the stored stretch before it
            return "", ""
        if self._stored:
            kind, text = self._stored.pop(0)
            self._covered = max(0, min(20, str(kind).count("+")))
            return str(kind), clean(text, limit=MAX_NARRATION, cut=True, undecodable="replace")
        if not self._replaying:
            return "", ""  # a night played without a narrator tells nothing
        if self._replayer is None:
            from ..narration.templates import TemplateNarrator

            self._replayer = TemplateNarrator(seed=self.seed, setting=self.setting)
        self._replayer.story = self.story
        return self._tag(beat), self._replayer.tell(beat)

    def write_transcript(self) -> None:
        """Rewrite the transcript from the history (unless :attr:`live_transcript` is off:
        autoplay writes it once, at the end)."""
        if self.transcript is not None and not self._replaying and self.live_transcript:
            self.transcript.write()

    # ------------------------------------------------------------------ saving

    def _keeps_text(self) -> bool:
        """Narration the templates cannot tell again (a model's) is kept in the save."""
        return self.narrator_name != "template"

    def _step_data(self, s: Step) -> dict:
        return dict(actions=[str(a) for a in s.actions], say=s.say, who=s.who, note=s.note,
                    narration=[list(p) for p in s.narration] if self._keeps_text() else None, ask=s.ask,
                    death=s.death or None, dread=s.dread, noted=s.noted or None, xcard=s.xcard or None)

    def _save_data(self, steps: bool = True) -> dict:
        """What the save of this night holds, as given to its models (``steps``: with them)."""
        r = self.game.rules
        keep = self._keeps_text()
        return dict(
            rules=dict(
                name=r.name, trophy_start=r.trophy_start, empty_trophy_base=r.empty_trophy_base,
                reserve_fallback=r.reserve_fallback, face_modifiers=r.face_modifiers,
                genre_points=r.genre_points, strikes_to_die=r.strikes_to_die, fast_setup=r.fast_setup,
                min_cast=r.min_cast, max_cast=r.max_cast),
            seed=self.seed,
            cast=[dict(name=c.name, aptitude=SUIT_APTITUDES[c.aptitude], archetype=c.archetype, why=c.why,
                       pronouns=c.pronouns) for c in self.cast],
            steps=[self._step_data(s) for s in self.steps] if steps else [],
            opening=[list(p) for p in self.opening] if keep else None,
            narrator=self.narrator_name,
            playset=self.playset,
            transcript=self.transcript.path.name if self.transcript else None,
            finished=self.game.is_over(),
            summary=self.summary(),
            lines=list(self._safety.lines),
            veils=list(self._safety.veils),
        )

    def to_save(self) -> SaveFile:
        """The save of this night (its pydantic model); :class:`~solo.play.saves.NotSavable`
        (one line) if it cannot be one (the night refuses such a cast, seed or step before it
        is played)."""
        from .saves import SaveFile, check_savable

        return check_savable(SaveFile, self._save_data(), "this night cannot be saved")

    @staticmethod
    def _sign(s: Step) -> tuple:
        """What of a step can change once it is played (a model's telling, a note)."""
        return len(s.narration), s.note

    def _step_body(self, s: Step) -> dict | None:
        """A step as its save writes it, kept until the step changes (None: the models decide)."""
        held = self._bodies.get(id(s))
        sign = self._sign(s)
        if held is not None and held[0] is s and held[1] == sign:
            return held[2]
        body = saveform.step_body(self._step_data(s))
        if body is not None:
            self._bodies[id(s)] = (s, sign, body)
        return body

    def save_body(self) -> dict:
        """The save of this night as it is written (unsealed): the same data as
        ``to_save().dump()``, made without the models when :mod:`~solo.play.saveform` can tell
        (each step checked once, when it is played); :class:`~solo.play.saves.NotSavable` (one
        line) if it cannot be saved."""
        if len(self._bodies) > 2 * len(self.steps) + 64:  # undone steps
            live = {id(s) for s in self.steps}
            self._bodies = {k: v for k, v in self._bodies.items() if k in live}
        body = saveform.save_body(self._save_data(steps=False))
        steps = [self._step_body(s) for s in self.steps]
        if body is None or any(b is None for b in steps):
            return self.to_save().dump()
        body["steps"] = steps
        return body

    def write_save(self, path: Path) -> Path:
        """Write this night's save to ``path`` whole (atomically): the bytes
        ``write_save(night.to_save(), path)`` writes; :class:`SaveError` if it is over a save's
        caps. Written over its own save, the journal beside it is done with."""
        from . import journal

        body = self.save_body()
        sealed = digest(body)
        own = self.save_path is not None and Path(path) == self.save_path
        disk = self._on_disk
        if own and disk is not None and disk[0] == self.save_path and disk[3]:
            # the journal ends in the night as it is now: left by a crash before it is removed,
            # it cannot bring back steps undone since (its save may be this one, word for word)
            try:
                journal.append(path, None, journal.line(0, body["steps"], body["finished"], body["summary"]))
            except OSError:
                pass
        out = write_body(body, path, sealed)
        if own:
            journal.remove(path)
            self._on_disk = (Path(path), sealed, [(s, self._sign(s)) for s in self.steps], 0)
        return out

    def autosave(self, whole: bool = False) -> None:
        """Save the night after a step: the steps that changed, appended to the save's journal
        (:mod:`solo.play.journal`), so a step costs the same early or late in a night; the
        save is written whole while it is small (:data:`~solo.play.journal.SMALL`), every
        :data:`~solo.play.journal.EVERY` steps, at the night's end, when the journal cannot be
        written, and when ``whole``."""
        if self.save_path is None or self._replaying:
            return
        if not whole and not self.game.is_over() and self._append():
            return
        self.write_save(self.save_path)

    def _append(self) -> bool:
        """Append what changed since the save on disk to its journal; False when the save is to
        be written whole instead."""
        from . import journal

        disk = self._on_disk
        if disk is None or disk[0] != self.save_path or disk[3] >= journal.EVERY or len(self.steps) < journal.SMALL:
            return False
        path, base, was, lines = disk
        now = self.steps
        at = min(len(was), len(now))
        while at and not (was[at - 1][0] is now[at - 1] and was[at - 1][1] == self._sign(now[at - 1])):
            at -= 1
        if len(was) - at > journal.EVERY:
            return False
        steps = [self._step_body(s) for s in now[at:]]
        if any(b is None for b in steps):
            return False
        entry = journal.line(at, steps, False, self.summary())
        try:
            size = journal.append(path, base if lines == 0 else None, entry)
        except OSError:
            return False
        if size > journal.MAX_BYTES // 2:
            return False
        self._on_disk = (path, base, was[:at] + [(s, self._sign(s)) for s in now[at:]], lines + 1)
        return True

    def summary(self) -> str:
        g = self.game
        o = g.outcome()
        state = ("dawn" if o.dawn else "everyone dead") if o else f"test {g.tests + 1}"
        return f"{', '.join(self.names)} — {g.rules.name}, seed {self.seed}, {state}"

    @classmethod
    def from_save(cls, path: Path, *, narrator=None, out: Output | None = None, setting: dict | None = None,
                  transcript_dir: Path | None = None, keep_undo: int = KEEP_UNDO) -> "Night":
        """Load and replay a save; :class:`SaveError` (one line) if it cannot be trusted.

        The fiction and the narration are rebuilt by replaying every step; a model's texts
        come back from the save. The transcript goes next to the other transcripts, named
        after the save (with a digest of where it lies when it is not in the saves folder, so
        it never writes over the transcript of another save): a save never chooses where a
        file is written. The last ``keep_undo`` steps keep the fiction before them for undo (0
        for a night only read, as ``render`` does); undo further back rebuilds it.
        """
        from .saves import read_save

        save = read_save(path)
        if setting is None and save.playset:
            from ..playsets import load_playset

            try:
                playset = load_playset(save.playset)
            except Exception as exc:  # gone or broken: the story would be retold elsewhere
                from .saves import SaveError

                raise SaveError(f"save {str(path)!r} was played with the playset {save.playset!r}, which cannot "
                                f"be read here ({' '.join(str(exc).split())[:200]}): put its file back among your "
                                "playsets (solo playsets lists them) to play it on; the save and its transcript "
                                "are kept as they are") from None
            setting = playset.setting() if playset is not None else None
        night = cls._replayed(save, f"save {str(path)!r}", out=out, setting=setting, keep_undo=keep_undo)
        night.narrator = narrator
        night.save_path = Path(path)
        if save.transcript:
            from ..paths import transcript_name, transcripts_dir

            folder = transcript_dir if transcript_dir is not None else transcripts_dir()
            night.transcript = Transcript(Path(folder) / transcript_name(Path(path)), night)
        return night

    @classmethod
    def _replayed(cls, save: SaveFile, label: str, *, out: Output | None, setting: dict | None,
                  keep_undo: int) -> "Night":
        """A night replayed from ``save``: no narrator, save or transcript (``label`` names the
        save in a :class:`SaveError`)."""
        try:
            rules = Ruleset(**save.rules.model_dump())
            cast = [Character(c.name, parse_suit(c.aptitude), c.archetype, c.why, c.pronouns) for c in save.cast]
            night = cls(cast, rules, save.seed, narrator_name=save.narrator, playset=save.playset, out=out,
                        setting=setting)  # no narrator, save or transcript while it replays
        except ValueError as exc:
            raise SaveError(f"{label} describes no playable game: {exc}") from None
        night._replaying = True
        if save.lines or save.veils:
            from ..director.safety import Safety

            night.safety = Safety(tuple(save.lines), tuple(save.veils))
        from ..director.beats import opening_beats

        night._stored = [tuple(p) for p in (save.opening or [])]
        night.opening = night._tell(opening_beats(night.game))
        kept_from = len(save.steps) - max(0, keep_undo)
        for i, step in enumerate(save.steps, 1):
            night._stored = [tuple(p) for p in (step.narration or [])]
            night._covered = 0
            night._keep_stories = i > kept_from
            try:
                if step.death and step.say and step.who is not None and not step.actions:
                    night.write_death(step.say, step.who)
                elif step.dread and not step.actions:
                    night.turn_dread(step.dread)
                elif step.noted and step.say and not step.actions:
                    night.jot(step.say)
                elif step.xcard and not step.actions:
                    night.xcard(step.say or "")
                elif step.ask is not None and step.say and not step.actions:
                    night.ask(step.say, step.who, step.ask or None)
                elif step.actions:
                    night.act([parse_action(a) for a in step.actions], step.say, step.who, note=step.note)
                elif step.say:
                    night.say(step.say, step.who)
                else:
                    continue
            except ValueError as exc:
                raise SaveError(f"{label} does not replay at step {i} "
                                f"({'; '.join(step.actions) or step.say!r}): {exc}") from None
            if step.note and not step.actions:
                night.steps[-1].note = step.note
        night._keep_stories = True
        night._stored = None
        night._replaying = False
        return night

    def _fiction_at(self, k: int):
        """The fiction after the first ``k`` steps, rebuilt by replaying them (for undo back
        past the fiction kept)."""
        save = self.to_save()
        save = save.model_copy(update={"steps": save.steps[:k]})
        return self._replayed(save, "the night", out=None, setting=self.setting, keep_undo=0).story
