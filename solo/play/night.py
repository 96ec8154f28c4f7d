"""A played night: the rules core with its steps, undo, and the record that is saved and told.

The REPL and ``autoplay`` both drive a :class:`Night`, so a human game and a generated one
write the same transcript. A *step* (:class:`~solo.play.step.Step`) is one command's worth of
play — the rules actions it pushed and/or a line of free text — and is the unit of ``undo``.

The night records; the director's teller (:class:`~solo.director.teller.Teller`) tells: it
turns each step's events into beats, advances the fiction (who is hurt, what is lost, where the
group is …) and tells them in the night's voice. The fiction is copied before every step, so
undo rewinds it exactly. Saving is :class:`~solo.play.keeping.Keeping`'s, reading a save back
:mod:`solo.play.replay`'s, and the transcript is rendered from the steps that remain (their
events, lines and narration), so an undone step leaves no trace and a resumed night writes the
same file as an unbroken one.

A step exists once it is saved: it is saved before anything of it is told, and a step whose save
cannot be written (a full disk) is taken back, so the night stands at its last saved step and the
failure is one line naming the save (:class:`~solo.paths.NotWritten`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from ..director.teller import Output, Teller
from ..nott.actions import Action
from ..nott.chance import SeededChance
from ..nott.game import Character, Game
from ..nott.rules import Ruleset
from ..paths import NotWritten
from ..safetext import clean
from . import replay
from .keeping import Keeping
from .saveform import MAX_NOTE, NOTE_SEP
from .step import Step, last_test
from .text import MAX_LINE
from .transcript import Transcript

__all__ = ["KEEP_UNDO", "Night", "Step"]

#: Steps at the end of a loaded night that keep the fiction before them for undo; undo further
#: back rebuilds it by replaying (a copy per step of a long night costs time and memory
#: that grow with the square of its length).
KEEP_UNDO = 50


class _Told:
    """An attribute of the night's teller, read and set through the night (``night.story`` is
    the teller's fiction, ``night.out`` where it shows what it tells …)."""

    def __set_name__(self, owner, name: str) -> None:
        self.name = name.lstrip("_")

    def __get__(self, night, owner=None):
        return self if night is None else getattr(night.teller, self.name)

    def __set__(self, night, value) -> None:
        setattr(night.teller, self.name, value)


class Night(Keeping):
    """One game of Night of the Thirteenth as it is played."""

    #: The fiction (:class:`~solo.director.fiction.Fiction`), as the teller advances it.
    story = _Told()
    #: (kind, text) for every line shown and chunk streamed; who a new Threat Card is pointed at
    #: (``game → name``, instead of the character whose Aptitude matches: the tutorial names its
    #: lesson's tester); (beat, text, fiction before, fiction after) for every text told.
    out, suggest, on_told = _Told(), _Told(), _Told()
    last_beats, pending_say, _replaying = _Told(), _Told(), _Told()

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
        from ..director.safety import Safety

        self.game = game if game is not None else Game(cast, rules, SeededChance(seed))
        self.seed = seed
        self.steps: list[Step] = []
        self.setting = setting if setting is not None else Teller.setting_of(narrator)
        self.teller = Teller(self.game, seed, self.setting)
        self._stories: list = []  # the fiction before each step, parallel to ``steps`` (None: not kept)
        self._keep_stories = True  # False while replaying steps no undo will need the fiction of
        self.opening: list[tuple[str, str]] = []  # the opening's narration
        self.preface: list[str] = []  # table notes before the first step (a side-rule race)
        self._safety = Safety()  # the player's lines and veils (see the safety property)
        self.teach = False  # ``teach on`` at the table (kept in the save)
        self.narrator = narrator
        self.narrator_name = narrator_name
        self.playset = playset
        self.playset_title: str | None = None
        self.save_path = Path(save_path) if save_path else None
        if out is not None:
            self.out = out
        self.last_events: list = []
        self.last_reply = None  # the director's last answer (see ask)
        self._start_keeping()
        self.step_events: list[list] = []  # the events of each step, parallel to ``steps``
        self.transcript = Transcript(transcript_path, self, form=transcript_form) if transcript_path else None
        self.live_transcript = True
        self._transcript_behind = False  # a transcript write failed: written again at quit
        self.on_resolved: Callable[[list], None] | None = None  # e.g. the REPL's teaching line
        self.save_body()  # a cast, seed or rules a save cannot hold: refused before the night begins

    def _attach(self) -> None:
        """Point the teller at the lines and veils the story is told under now."""
        self.teller.attach(self.safety_now)

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
        return self.teller.narrator

    @narrator.setter
    def narrator(self, narrator) -> None:
        self.teller.set_narrator(narrator, self.safety_now)

    # ------------------------------------------------------------------ building

    @property
    def cast(self) -> tuple[Character, ...]:
        return self.game.cast

    @property
    def names(self) -> list[str]:
        return [c.name for c in self.game.cast]

    def start(self) -> None:
        """Open the night: narrate the opening and the first Threat Card, write the transcript."""
        self.opening = self.teller.open()
        try:
            self._save_now()
        except NotWritten as exc:
            raise exc.also("(the night is not saved yet: it is saved with its first step)") from None
        self._transcript_kept()

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
        self._saved()  # before the prose: an interrupted narration loses no play
        resolved = (lambda: self.on_resolved(self.last_test_events)) if self.on_resolved is not None else None
        self.teller.report(events, step.narration, step.note, resolved)
        self._told(step)
        return events

    @property
    def last_test_events(self) -> list:
        """Every event of the last resolved Test, from its first action to its resolution."""
        return last_test(self.step_events)

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
        if who is None and len(living := self.game.living()) == 1:
            who = living[0]  # the last one alive asks for themselves: there is no group of one
        question = parse(text, who, odds or None, tuple(self.names))  # unknown odds refused here
        step = Step([], text, who, ask=odds or "")
        self._push_words(step)
        self._saved()  # before the prose: an interrupted answer loses no play
        self.last_reply = step.reply = reply = self._reply(question, len(self.steps) - 1)
        step.narration += self.teller.answer(reply)
        self._told(step)
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
        from ..director.oracle import turned

        now, to, shift = turned(self.game, self.story.dread_shift, by)
        step = Step([], None, None, dread=by)
        self._push_words(step)
        self.story.dread_shift = shift
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

        return xcard.play(self, flagged)

    def _push_words(self, step: Step) -> None:
        """Push a step of no rules action (a line, a question, a death written, a note, the
        dread turned): checked savable first, the fiction before it kept for undo."""
        self._check_step(step)
        self._stories.append(self.story.copy() if self._keep_stories else None)
        self.steps.append(step)
        self.step_events.append([])

    def _told(self, step: Step) -> None:
        """A step told: measured, saved again when its text is the model's, the transcript written.
        The step is saved already: a telling not saved now is saved with the next step (said in
        a notice)."""
        self._measure(step)
        if not self._replaying:
            if step.narration and self._keeps_text():
                try:
                    self._save_now()
                except NotWritten as exc:
                    self.out("notice", exc.also("(the step is saved; its telling is saved with the next "
                                                "step)").strerror)
            self._transcript_kept()

    def _kept(self) -> None:
        """The step saved (taken back when it cannot be: see :meth:`_saved`) and the transcript
        written (not while replaying)."""
        if not self._replaying:
            self._saved()
            self._transcript_kept()

    #: Said after a step whose save could not be written.
    NOT_PLAYED = "(that step was not played: the night stands at its last saved step)"

    def _saved(self) -> None:
        """Save the step just pushed, before anything of it is told. When the save cannot be
        written the step is taken back, so the night stands at its last saved step, and the
        failure raised (:class:`~solo.paths.NotWritten`: one line naming the save)."""
        if self._replaying:
            return
        try:
            self._save_now()
        except BaseException as exc:
            self._take_back(1)
            if isinstance(exc, NotWritten):
                raise exc.also(self.NOT_PLAYED) from None
            raise

    def _transcript_kept(self) -> None:
        """Write the transcript once the night is saved: a transcript that cannot be written is
        said in a notice (the night is saved; the transcript is written whole again at the next
        step, and at quit)."""
        try:
            self.write_transcript()
        except NotWritten as exc:
            self._transcript_behind = True
            self.out("notice", exc.also("(the night is saved; its transcript is written whole again at the "
                                        "next step)").strerror)
        else:
            self._transcript_behind = False

    def autosave(self, whole: bool = False) -> None:
        """As :meth:`Keeping.autosave`; saved whole (at quit), a transcript that could not be
        written is written again."""
        super().autosave(whole)
        if whole and self._transcript_behind:
            self._transcript_kept()

    def _reply(self, question, step: int):
        return self.teller.reply(question, step)

    def _check_speaker(self, who: int | None) -> None:
        if who is not None and not 0 <= who < len(self.game.cast):
            raise ValueError(f"the cast has no character {who} ({len(self.game.cast)} characters)")

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
        old, step.note = step.note, f"{step.note}{NOTE_SEP}{text}" if step.note else text
        if not self._replaying:
            try:
                self._save_now()
            except BaseException as exc:
                step.note = old
                if isinstance(exc, NotWritten):
                    raise exc.also("(that note was not kept: the night stands at its last saved step)") from None
                raise
            self._transcript_kept()

    def undo(self, n: int = 1) -> list[Step]:
        """Take back the last ``n`` steps exactly: the rules, the fiction and the transcript."""
        if n < 1:
            raise ValueError(f"undo needs a positive number of steps, got {n!r}")
        if n > len(self.steps):
            played = f"only {len(self.steps)} played" if self.steps else "nothing played yet"
            raise ValueError(f"cannot undo {n} step{'s' if n != 1 else ''}: {played}")
        held = (list(self.steps), list(self.step_events), list(self._stories), list(self._step_sizes), self.story,
                self.last_events)
        undone = self._take_back(n)
        try:
            self._save_now()
        except BaseException as exc:
            self._put_back(held, undone)
            if isinstance(exc, NotWritten):
                raise exc.also("(nothing was undone: the night stands at its last saved step)") from None
            raise
        self.teller.forget()  # a model is not to hear again what was taken back
        self._transcript_kept()
        return undone

    def _take_back(self, n: int) -> list[Step]:
        """Take the last ``n`` steps back in memory (the rules, the fiction, the X-cards); the
        steps taken back, the last first. Nothing is written."""
        back = len(self.steps) - n
        story = self._stories[back] if self._stories[back] is not None else replay.fiction_at(self, back)
        undone = []
        for _ in range(n):
            if len(self._step_sizes) >= len(self.steps):  # a step not measured yet has no size
                self._step_sizes.pop()
            step = self.steps.pop()
            self.step_events.pop()
            self._stories.pop()
            for _a in step.actions:
                self.game.pop()
            if step.xcard:
                from .xcard import give_back

                give_back(self, step)
            undone.append(step)
        self.story = story
        self._attach()
        self.last_events = self.step_events[-1] if self.step_events else []
        return undone

    def _put_back(self, held: tuple, undone: list[Step]) -> None:
        """Play again the steps :meth:`_take_back` took back (an undo that could not be saved):
        the night as it was before, the fiction ``held`` with the steps' lists."""
        from .xcard import _mark

        for step in reversed(undone):
            for a in step.actions:
                self.game.push(a)
        (self.steps[:], self.step_events[:], self._stories[:], self._step_sizes[:], self.story,
         self.last_events) = held
        for step in reversed(undone):  # each X-card takes its beat out again
            pair = step.struck if step.xcard else None
            if pair is not None:
                self.teller.struck[id(pair)] = (pair, step)
                _mark(self, next((s for s in self.steps if any(p is pair for p in s.narration)), None))
        self._attach()

    # ------------------------------------------------------------------ output

    def write_transcript(self) -> None:
        """Rewrite the transcript from the history (unless :attr:`live_transcript` is off:
        autoplay writes it once, at the end)."""
        if self.transcript is not None and not self._replaying and self.live_transcript:
            self.transcript.write()

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
        return replay.load(cls, path, narrator=narrator, out=out, setting=setting, transcript_dir=transcript_dir,
                           keep_undo=keep_undo)
