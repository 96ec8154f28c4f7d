"""Where Markdown (``render -o``, ``autoplay --out``) may be written: as any new file
(:func:`solo.play.files.check_new_file`), and never over a solo save, even with ``--force``,
nor over a file another solo has open."""

from __future__ import annotations

import os
from pathlib import Path

from .files import FileRefused, check_new_file, solo_save_data, write_new
from .lock import open_elsewhere, writing_to


def check_output_file(path: Path | str, force: bool = False) -> Path:
    """Whether Markdown (``render -o``, ``autoplay --out``) may be written at ``path``: as
    :func:`check_new_file`, and never over a solo save (a night is not replaced by its
    telling, even with ``force``) nor over a file another solo has open (a save, or the
    transcript of a night played in another solo). Returns ``path``."""
    path = check_new_file(path, force)
    if os.path.lexists(path):
        if solo_save_data(path) is not None:
            raise FileRefused(f"{str(path)!r} is a solo save: Markdown is never written over a save, "
                              "even with --force (nothing written; name another file)")
        holder = open_by_another_solo(path)
        if holder:
            raise FileRefused(f"{str(path)!r} is open in another solo ({holder}): nothing written")
    return path


def open_by_another_solo(path: Path | str) -> str | None:
    """Who has ``path`` open in another solo: as a save, or as the transcript of a night
    played there (``transcripts/NAME.md`` of ``saves/NAME.json``); None when nobody has."""
    from ..paths import saves_dir, transcripts_dir

    path = Path(path)
    holder = open_elsewhere(path)
    if holder:
        return holder
    try:
        in_transcripts = os.path.samefile(os.path.dirname(os.path.abspath(path)), transcripts_dir())
    except OSError:
        in_transcripts = False
    if in_transcripts and path.suffix == ".md":
        return open_elsewhere(saves_dir() / f"{path.stem}.json")
    return None


def write_output(path: Path | str, content, force: bool = False) -> Path:
    """Write Markdown ``content`` (see :func:`write_new`) to ``path`` as
    :func:`check_output_file` allows, holding ``path``'s lock meanwhile (a solo that opens
    it then waits for the write)."""
    path = check_output_file(path, force)
    with writing_to(path):
        return write_new(path, content, force, check=check_output_file)
