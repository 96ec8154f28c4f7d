"""A played Lucky 13 scene: characters, a seeded chance source, steps, transcript, autosave.

The REPL (:mod:`solo.repl.lucky13`) parses what the player types into a *step*: an
operation kind and its arguments as plain data (``check`` with who, ability, skill,
difficulty, …). :meth:`Scene.do` applies it to the rules core (:mod:`solo.lucky13`),
all or nothing, with dice from the scene's :class:`~solo.lucky13.dice.SeededChance` or
typed by the player (physical dice), and records the dice each step used.

- **Undo** is exact: every step keeps a snapshot of the state before it (characters are
  immutable values, the chance source's state is saved), and undo restores it.
- **Saves** hold the seed and the steps (kind, arguments, dice, typed or not); loading
  replays them through the rules core, and a seeded step must draw the dice the save
  recorded, so a save that does not replay is refused. Pydantic model, own ``format``
  (``solo-lucky13-save``), checksum, atomic write; a damaged file is refused in one line
  and kept as it is.
- **Transcript**: Markdown — header, each check/contest/attack with its dice arithmetic
  line and the narration, the player's words, and a footer at ``end``. Nothing
  time-dependent is written, so the same seed and steps give the same bytes.
- **A step exists once it is saved**: it is saved before anything of it is told or written
  to the transcript. A step (or undo) whose save cannot be written (a full disk) is taken
  back, so the scene stands at its last saved step, and the failure is one line naming the
  save (:class:`~solo.paths.NotWritten`); typed again once there is room, it plays. A
  transcript that cannot be written is a note, never an error: what it missed is held and
  written first at its next write.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from ..paths import NotWritten, not_written
from ..play.saves import SaveError, latest_unfinished
from .beats import opening_beat
from .character import Character
from .checks import Mode
from .combat import Initiative
from .dice import SeededChance
from .records import ROLLING, Gear, Outcome, SceneError, Step, _Recorder, _Typed, _whole, counted
from .saves import DEFAULT_ALLOWANCE, OPS, SavedStep, SceneSave, read_scene_save, write_scene_save
from .steps import SceneSteps
from .transcript import SceneTranscript, state_word


# ---------------------------------------------------------------------- the transcript


class KeptTranscript(SceneTranscript):
    """The scene's transcript, whole through a full disk: a write that fails (a full disk) is
    held, with :attr:`failed` saying why, and written first at the next write (or at
    :meth:`catch_up`), so the file ends as an unbroken scene's would. Nothing here raises
    :class:`~solo.paths.NotWritten`: the scene says it in a note."""

    def __init__(self, path: Path, resume: bool = False) -> None:
        self.behind = ""  # text not written yet (a write failed): written first at the next
        self.failed: NotWritten | None = None  # why, while some is behind
        try:
            super().__init__(path, resume)
        except OSError as exc:  # its folder cannot be made, its name cannot be taken …
            raise not_written(exc, path, "cannot be begun", "the transcript") from None

    def _write(self, text: str) -> None:
        held = self.behind + text
        try:
            super()._write(held)
        except OSError as exc:  # appended whole or not at all (solo.private.append_private)
            self.behind, self.failed = held, not_written(exc, self.path)
        else:
            self.behind, self.failed = "", None

    def catch_up(self) -> None:
        """Write what a failed write held back (nothing when none is)."""
        if self.behind:
            self._write("")


# ---------------------------------------------------------------------- the scene

Output = Callable[[str, str], None]


class Scene(SceneSteps):
    """One Lucky 13 scene as it is played."""

    def __init__(self, seed: int | str, *, mode: Mode | str = Mode.CINEMATIC, title: str = "",
                 allowance: int = DEFAULT_ALLOWANCE, narrator=None, narrator_name: str = "template",
                 save_path: Path | None = None, transcript_path: Path | None = None) -> None:
        if isinstance(seed, bool) or not isinstance(seed, (int, str)):
            raise SceneError(f"a seed is a whole number or text, got {seed!r}")
        self.seed = seed
        self.chance = SeededChance(seed)
        self.start_mode = Mode(mode)
        self.mode = self.start_mode
        self.title = " ".join(str(title or "").split())[:80]
        self.allowance = _whole(allowance, "the starting specialization allowance", 0, 20)
        self.characters: dict[str, Character] = {}
        self.gear: dict[str, Gear] = {}
        #: each character's starting specializations, as chosen (R38): what ``spec`` may drop
        self.starting: dict[str, tuple[str, ...]] = {}
        self.initiative: Initiative | None = None
        #: the oracle's answers, kept as facts of the scene (:mod:`solo.lucky13.asking`)
        self.facts: tuple = ()
        self.finished = False
        self.stats: Counter = Counter()
        self.steps: list[Step] = []
        self.narrator = narrator
        self.narrator_name = narrator_name
        self.pending_say: str | None = None
        self.last_actor: str | None = None
        self.save_path = Path(save_path) if save_path else None
        self.transcript = KeptTranscript(transcript_path) if transcript_path else None
        self._replaying = False

    # ------------------------------------------------------------------ starting

    def start(self) -> Outcome:
        """Tell the opening, save, write the transcript header. A save that cannot be written is
        :class:`~solo.paths.NotWritten` (one line; the scene is saved with its first step)."""
        out = Outcome("opening")
        out.beats = [opening_beat(self.title, self.mode.value, list(self.characters), self._common())]
        self._narrate(out)
        unsaved = None
        try:
            self._save()
        except NotWritten as exc:
            unsaved = exc.also("(the scene is not saved yet: it is saved with its first step)")
        if self.transcript:  # begun either way: held, if it cannot be written, for the next write
            self.transcript.header(self)
            self.transcript.narration(t for _, t in out.narration)
            self._transcript_noted(out)
        if unsaved is not None:
            raise unsaved from None
        return out

    # ------------------------------------------------------------------ state

    @property
    def names(self) -> list[str]:
        return list(self.characters)

    def character(self, name: str) -> Character:
        try:
            return self.characters[name]
        except (KeyError, TypeError):
            raise SceneError(f"no character {name!r} in this scene (characters: "
                             f"{', '.join(self.characters) or 'none yet'})") from None

    def state_key(self) -> tuple:
        """Everything undo must restore, as a comparable value."""
        return (tuple(self.characters.items()), tuple(self.gear.items()), tuple(self.starting.items()), self.mode,
                None if self.initiative is None else (self.initiative.order, tuple(self.initiative.rolls.items())),
                self.finished, tuple(sorted(self.stats.items())), self.chance.getstate(), self.last_actor, self.facts)

    def _snapshot(self) -> tuple:
        return (dict(self.characters), dict(self.gear), dict(self.starting), self.mode, self.initiative, self.finished,
                Counter(self.stats), self.chance.getstate(), self.last_actor, self.facts)

    def _restore(self, snap: tuple) -> None:
        (chars, gear, starting, self.mode, self.initiative, self.finished, stats, rng, self.last_actor, self.facts) = snap
        self.characters = dict(chars)
        self.gear = dict(gear)
        self.starting = dict(starting)
        self.stats = Counter(stats)
        self.chance.setstate(rng)

    def summary(self) -> str:
        who = ", ".join(f"{n} {state_word(c)}" for n, c in self.characters.items()) or "no characters yet"
        state = "over" if self.finished else counted(len(self.steps), "step")
        return f"{self.title or 'a scene'} — {who}; seed {self.seed}, {self.mode.value}, {state}"

    def _status_line(self) -> str:
        people = []
        for n, c in self.characters.items():
            h = c.health
            people.append(f"{n} {state_word(c)} ({h.hp}/{h.max_hp} hp)")
        return "; ".join(people) + "." if people else ""

    def _common(self) -> dict[str, Any]:
        return {"player_action": self.pending_say, "summary": self._status_line(), "mode": self.mode.value}

    # ------------------------------------------------------------------ playing

    def do(self, kind: str, args: Mapping[str, Any] | None = None, dice: Sequence[int] | None = None) -> Outcome:
        """Take one step, all or nothing: on any error the scene is exactly as before.
        ``dice`` are typed dice (every one must be used, in rolling order); without them the
        scene's seeded chance rolls."""
        if kind not in OPS:
            raise SceneError(f"no step {kind!r} (steps: {', '.join(OPS)})")
        if self.finished and kind not in ("say", "ask"):
            raise SceneError("the scene is over: type new for another, or undo to take back its end")
        try:
            args = json.loads(json.dumps(dict(args or {})))
        except (TypeError, ValueError):
            raise SceneError(f"the arguments of a {kind} step must be plain data, got {args!r}") from None
        if dice is not None and kind not in ROLLING:
            raise SceneError(f"{kind} rolls no dice, so none can be typed for it")
        snap = self._snapshot()
        chance: _Typed | _Recorder = _Typed(dice) if dice is not None else _Recorder(self.chance)
        try:
            out = getattr(self, f"_op_{kind}")(args, chance)
            if isinstance(chance, _Typed) and chance.pos < len(chance.values):
                left = len(chance.values) - chance.pos
                raise SceneError(f"{left} typed {'die' if left == 1 else 'dice'} left over: this roll used "
                                 f"{chance.pos} ({chance.so_far()})")
        except BaseException:
            self._restore(snap)
            raise
        self.steps.append(Step(kind, args, list(chance.faces), dice is not None, out.summary, snap))
        if not self._replaying:
            try:  # saved before anything of it is told: a step exists once it is saved
                self._save()
            except BaseException as exc:
                self.steps.pop()
                self._restore(snap)
                if isinstance(exc, NotWritten):
                    raise exc.also(self.NOT_PLAYED) from None
                raise
            self._report(out)
        return out

    #: Said after a step whose save could not be written.
    NOT_PLAYED = "(that step was not played: the scene stands at its last saved step)"

    def undo(self, n: int = 1) -> list[Step]:
        """Take back the last ``n`` steps exactly (characters, mode, initiative, dice to come)."""
        if not isinstance(n, int) or isinstance(n, bool) or n < 1:
            raise SceneError(f"undo needs a positive number of steps, got {n!r}")
        if n > len(self.steps):
            raise SceneError(f"cannot undo {n} step{'s' if n != 1 else ''}: only {len(self.steps)} played")
        held, now = list(self.steps), self._snapshot()
        undone = [self.steps.pop() for _ in range(n)]
        self._restore(undone[-1].before)
        try:  # saved before it is told: an undo that cannot be saved undoes nothing
            self._save()
        except BaseException as exc:
            self.steps[:] = held
            self._restore(now)
            if isinstance(exc, NotWritten):
                raise exc.also("(nothing was undone: the scene stands at its last saved step)") from None
            raise
        self.pending_say = None
        if self.transcript:
            self.transcript.note(f"*(undo: {n} step{'s' if n != 1 else ''} taken back)*")
            self._transcript_noted(None)
        return undone

    def _report(self, out: Outcome) -> None:
        if out.kind == "say":
            self.pending_say = out.said
        elif out.beats:
            self._narrate(out)
            self.pending_say = None
        if self.transcript:
            self.transcript.outcome(out)
            if out.kind == "end":
                self.transcript.footer(self)
            self._transcript_noted(out)

    def _transcript_noted(self, out: Outcome | None) -> None:
        """After the transcript was written to: a write a full disk held back, or a transcript
        refused (it stops), said in a note of ``out``; never an error (the step is saved)."""
        tr = self.transcript
        if tr is None or out is None:  # (an undo: the next step says it)
            return
        if tr.refused:
            out.notes.append(f"(the transcript stops here: {tr.refused})")
            self.transcript = None
            try:  # the save says so (or the next one does)
                self._save()
            except NotWritten:
                pass
        elif getattr(tr, "failed", None) is not None:
            out.notes.append(f"(the transcript is behind: {tr.failed} — nothing of it is lost: it is written "
                             "with the next step)")

    def _narrate(self, out: Outcome) -> None:
        if self.narrator is None or self._replaying:
            return
        from ..narration.base import narrate_text, strip_control

        for beat in out.beats:
            try:
                text = strip_control(narrate_text(self.narrator, beat)).strip()
            except Exception as exc:  # the step stands; a narrator failure only loses the text
                why = " ".join(str(exc).split())[:200] or "no reason given"
                out.notes.append(f"(the narrator could not tell the {beat.kind} beat: {why})")
                continue
            if text:
                out.narration.append((beat.kind, " ".join(text.split())))

    # ------------------------------------------------------------------ saving

    def to_save(self) -> SceneSave:
        return SceneSave(
            seed=self.seed, mode=self.start_mode.value, title=self.title, allowance=self.allowance,
            narrator=self.narrator_name,
            steps=[SavedStep(kind=s.kind, args=s.args, dice=s.dice, typed=s.typed) for s in self.steps],
            transcript=str(self.transcript.path) if self.transcript else None,
            finished=self.finished, summary=self.summary())

    def _save(self) -> None:
        """Write the save (not while replaying, nor without a save file): a failure raised as it
        is (:class:`~solo.paths.NotWritten`, one line naming the save, on a full disk)."""
        if self.save_path is not None and not self._replaying:
            write_scene_save(self.to_save(), self.save_path)

    def autosave(self) -> None:
        """Save the scene (at quit), and write what the transcript could not (as it can: a
        transcript never stops a save)."""
        self._save()
        if self.transcript is not None and not self._replaying:
            catch_up = getattr(self.transcript, "catch_up", None)
            if catch_up is not None:
                catch_up()

    @classmethod
    def from_save(cls, path: Path, *, narrator=None, narrator_name: str | None = None,
                  transcript: bool = True) -> Scene:
        """Load and replay a save; :class:`~solo.play.saves.SaveError` (one line) if it
        cannot be trusted. The file is never written here; with ``transcript`` False, nor is
        the transcript (a replay to see that the save plays)."""
        path = Path(path)
        save = read_scene_save(path)
        try:
            scene = cls(save.seed, mode=save.mode, title=save.title, allowance=save.allowance,
                        narrator=narrator, narrator_name=narrator_name or save.narrator)
        except ValueError as exc:
            raise SaveError(f"save {str(path)!r} describes no playable scene: {exc}") from None
        scene._replaying = True
        for i, st in enumerate(save.steps, 1):
            try:
                scene.do(st.kind, st.args, dice=st.dice if st.typed else None)
            except (ValueError, KeyError, TypeError, AttributeError, IndexError) as exc:
                raise SaveError(f"save {str(path)!r} does not replay at step {i} ({st.kind}): "
                                f"{' '.join(str(exc).split())}") from None
            if not st.typed and scene.steps[-1].dice != st.dice:
                raise SaveError(f"save {str(path)!r} does not replay at step {i} ({st.kind}): the seed rolls "
                                f"{scene.steps[-1].dice} where the save says {st.dice} (file kept as it is)")
        scene._replaying = False
        scene.save_path = path
        if save.transcript and transcript:  # a save never chooses where to write (see resumed_transcript)
            scene.transcript = KeptTranscript(resumed_transcript(path), resume=True)
        return scene

    # ------------------------------------------------------------------ helpers for steps


#: How a scene's transcript begins (:meth:`SceneTranscript.header`): a file that begins so was begun by solo.
TRANSCRIPT_HEAD = b"# Lucky 13 \xe2\x80\x94 "


def resumed_transcript(save: Path) -> Path:
    """Where the transcript of the scene saved at ``save`` goes on: in the data folder's
    transcripts, named after the save (``NAME.md``; ``NAME-DIGEST.md`` for a save from
    elsewhere), whatever the save's ``transcript`` field says (a save never chooses where a
    file is written, nor which transcript of yours it adds to). It is appended to only when
    solo began it (a scene's transcript, or the empty file its name was taken with); when
    that name holds another file, the transcript goes on under a free name beside it."""
    from ..paths import transcript_name, transcripts_dir
    from ..play.files import is_own_file, reserve

    folder = transcripts_dir()
    where = folder / transcript_name(save)
    if not os.path.lexists(where) or (is_own_file(where) and _begun_by_solo(where)):
        return where
    return folder / f"{reserve(where.stem, [(folder, '.md')])}.md"


def _begun_by_solo(path: Path) -> bool:
    """``path`` is empty (a name solo took) or begins as a scene's transcript does."""
    try:  # never waiting on a pipe, never through a symlink
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return False
    try:
        head = os.read(fd, len(TRANSCRIPT_HEAD))
    except OSError:
        return False
    finally:
        os.close(fd)
    return head == b"" or head == TRANSCRIPT_HEAD


def latest_unfinished_scene(saves: Path, skipped: list | None = None) -> Path | None:
    """The most recently written Lucky 13 save that is not finished and replays (damaged ones,
    and ones that do not replay, skipped; those newer than it added to ``skipped`` as (path, why))."""
    return latest_unfinished(saves, "lucky13-*.json", read_scene_save, skipped,
                             replays=lambda p: Scene.from_save(p, transcript=False))
