"""What of a night is kept on disk: its save, written whole or appended to its journal
(:mod:`solo.play.journal`), and the room a save has for it.

:class:`Keeping` is the part of :class:`~solo.play.night.Night` that saves: each step is checked
savable before anything of it is applied (a save never refuses what the night has played), its
body made once and kept until it changes, and after each step only what changed goes to disk.
A save that cannot be written (a full disk) is told in one line naming the save
(:class:`~solo.paths.NotWritten`); the save after it is written whole.
"""

from __future__ import annotations

from pathlib import Path

from ..nott.cards import SUIT_APTITUDES
from ..paths import NotWritten
from . import saveform
from .saveform import MAX_SAVE_STEPS, MAX_SAVE_WRITE_BYTES, NotSavable, compact, digest, write_body
from .step import Step

__all__ = ["Keeping"]


class Keeping:
    """The saving of a night (mixed into :class:`~solo.play.night.Night`, whose steps, game,
    cast and names it reads)."""

    def _start_keeping(self) -> None:
        self._base_size: int | None = None  # bytes of the save but its steps (see _save_size)
        self._bodies: dict[int, tuple] = {}  # id(step) → (step, its sign, its body as saved)
        #: The save as last written whole: (path, checksum, [(step, sign)], journal lines since).
        self._on_disk: tuple | None = None
        self._step_sizes: list[int] = []  # bytes of each step in the save, parallel to ``steps``
        #: A save failed: the journal may hold a line cut short, so the next save is written whole.
        self._whole_next = False
        self._tally: saveform.Tally | None = None  # what the save's caps count of the steps played

    #: Said after a save that could not be written.
    KEPT = "(the night stands at its last saved step)"

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
        if self._tally is None or self._tally.steps != len(self.steps):
            self._tally = saveform.Tally(self.steps)  # after an undo, counted again
        past = self._tally.past(step)
        if past:
            raise NotSavable(f"this step cannot be saved: {past} (start a new night: new)")
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
        if self._tally is not None:
            self._tally.add(step)

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
            teach=self.teach,
        )

    def to_save(self):
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
        before = None  # the journal's size before the line below, to cut it back to
        if own and disk is not None and disk[0] == self.save_path and disk[3]:
            # the journal ends in the night as it is now: left by a crash before it is removed,
            # it cannot bring back steps undone since (its save may be this one, word for word)
            try:
                held = journal.size(path)
                journal.append(path, None, journal.line(0, body["steps"], body["finished"], body["summary"]))
                before = held
            except OSError:
                pass
        try:
            out = write_body(body, path, sealed)
        except BaseException:
            if before is not None:  # not written: the journal is the night as last saved again
                journal.cut(path, before)
            raise
        if own:
            journal.remove(path)
            self._on_disk = (Path(path), sealed, [(s, self._sign(s)) for s in self.steps], 0)
        return out

    def autosave(self, whole: bool = False) -> None:
        """Save the night after a step: the steps that changed, appended to the save's journal
        (:mod:`solo.play.journal`), so a step costs the same early or late in a night; the
        save is written whole while it is small (:data:`~solo.play.journal.SMALL`), every
        :data:`~solo.play.journal.EVERY` steps, at the night's end, when the journal cannot be
        written, after a save that failed, and when ``whole``. A save not written is
        :class:`~solo.paths.NotWritten` (one line: the save, the cause, what to do)."""
        try:
            self._save_now(whole)
        except NotWritten as exc:
            raise exc.also(self.KEPT) from None

    def _save_now(self, whole: bool = False) -> None:
        """:meth:`autosave`, a failure raised as it is (what was kept is the caller's to say)."""
        if self.save_path is None or self._replaying:
            return
        try:
            if not (whole or self._whole_next or self.game.is_over()) and self._append():
                return
            self.write_save(self.save_path)
        except BaseException:
            self._whole_next = True  # the journal may end in a line cut short: never appended to
            raise
        self._whole_next = False

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
        # the count the table's "Tests N" shows: Tests taken, not the next one's number
        taken = "no Test taken yet" if not g.tests else f"{g.tests} Test{'s' if g.tests != 1 else ''} taken"
        state = ("dawn" if o.dawn else "everyone dead") if o else taken
        return f"{', '.join(self.names)} — {g.rules.name}, seed {self.seed}, {state}"
