"""A night read back from its save: every step played again, in order, checked as it goes.

The fiction and the narration are rebuilt by replaying (a model's texts come back from the
save; the templates tell again what they told); a step that no longer plays is refused with
the step named (:class:`~solo.play.saves.SaveError`), and nothing is written. A save holding
more than replays in seconds (:func:`~solo.play.saveform.beyond_caps`: steps, questions, lines,
X-cards) is refused in one line before a step is played.
"""

from __future__ import annotations

from pathlib import Path

from ..nott.actions import parse_action
from ..nott.cards import parse_suit
from ..nott.game import Character
from ..nott.rules import Ruleset
from .saveform import SaveError, beyond_caps, step_kind
from .transcript import Transcript

__all__ = ["fiction_at", "load", "replayed"]


def load(cls, path: Path, *, narrator, out, setting: dict | None, transcript_dir: Path | None, keep_undo: int):
    """The night of the save at ``path`` (see :meth:`solo.play.night.Night.from_save`)."""
    from .saves import read_save

    save = read_save(path)
    beyond = beyond_caps(save.steps)
    if beyond:
        raise SaveError(f"save {str(path)!r} holds {beyond} (file kept as it is)")
    if setting is None and save.playset:
        from ..playsets import load_playset

        try:
            playset = load_playset(save.playset)
        except Exception as exc:  # gone or broken: the story would be retold elsewhere
            raise SaveError(f"save {str(path)!r} was played with the playset {save.playset!r}, which cannot "
                            f"be read here ({' '.join(str(exc).split())[:200]}): put its file back among your "
                            "playsets (solo playsets lists them) to play it on; the save and its transcript "
                            "are kept as they are") from None
        setting = playset.setting() if playset is not None else None
    night = replayed(cls, save, f"save {str(path)!r}", out=out, setting=setting, keep_undo=keep_undo)
    night.narrator = narrator
    night.save_path = Path(path)
    if save.transcript:
        from ..paths import transcript_name, transcripts_dir

        folder = transcript_dir if transcript_dir is not None else transcripts_dir()
        night.transcript = Transcript(Path(folder) / transcript_name(Path(path)), night)
    return night


def replayed(cls, save, label: str, *, out, setting: dict | None, keep_undo: int):
    """A night replayed from ``save``: no narrator, save or transcript (``label`` names the
    save in a :class:`SaveError`)."""
    try:
        rules = Ruleset(**save.rules.model_dump())
        cast = [Character(c.name, parse_suit(c.aptitude), c.archetype, c.why, c.pronouns) for c in save.cast]
        night = cls(cast, rules, save.seed, narrator_name=save.narrator, playset=save.playset, out=out,
                    setting=setting)  # no narrator, save or transcript while it replays
    except ValueError as exc:
        raise SaveError(f"{label} describes no playable game: {exc}") from None
    teller = night.teller
    teller.replaying = True
    if save.lines or save.veils:
        from ..director.safety import Safety

        night.safety = Safety(tuple(save.lines), tuple(save.veils))
    night.teach = save.teach
    teller.stored = [tuple(p) for p in (save.opening or [])]
    teller.texts_kept = night._keeps_text()  # a model's night: every text told is in the save
    night.opening = teller.open()
    kept_from = len(save.steps) - max(0, keep_undo)
    for i, step in enumerate(save.steps, 1):
        teller.stored = [tuple(p) for p in (step.narration or [])]
        teller.covered = 0
        night._keep_stories = i > kept_from
        kind = step_kind(step)
        try:
            if kind == "death":
                night.write_death(step.say, step.who)
            elif kind == "dread":
                night.turn_dread(step.dread)
            elif kind == "note":
                night.jot(step.say)
            elif kind == "xcard":
                night.xcard(step.say or "")
            elif kind == "ask":
                night.ask(step.say, step.who, step.ask or None)
            elif kind == "act":
                night.act([parse_action(a) for a in step.actions], step.say, step.who, note=step.note)
            elif kind == "say":
                night.say(step.say, step.who)
            else:
                continue
        except ValueError as exc:
            raise SaveError(f"{label} does not replay at step {i} "
                            f"({'; '.join(step.actions) or step.say!r}): {exc}") from None
        if step.note and not step.actions:
            night.steps[-1].note = step.note
    night._keep_stories = True
    teller.stored = None
    teller.texts_kept = False
    teller.replaying = False
    return night


def fiction_at(night, k: int):
    """The fiction of ``night`` after its first ``k`` steps, rebuilt by replaying them (for undo
    back past the fiction kept)."""
    save = night.to_save()
    save = save.model_copy(update={"steps": save.steps[:k]})
    return replayed(type(night), save, "the night", out=None, setting=night.setting, keep_undo=0).story
