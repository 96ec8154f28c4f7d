"""Where saves, transcripts and history live: the user's data directory (platformdirs); compiled
templates, in the user's cache directory.

``SOLO_HOME`` overrides both (tests and portable installs use it; the cache is its ``cache/``).
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path


def _home() -> Path:
    home = os.environ.get("SOLO_HOME")
    if home:
        return Path(home)
    from platformdirs import user_data_dir

    return Path(user_data_dir("solo", appauthor=False))


def cache_dir() -> Path:
    """Where solo keeps what it can rebuild (compiled templates): ``$SOLO_HOME/cache``, else
    the user's cache folder (platformdirs). Not created here: a cache is optional."""
    home = os.environ.get("SOLO_HOME")
    if home:
        return Path(home) / "cache"
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("solo", appauthor=False))


def data_dir() -> Path:
    path = _home()
    path.mkdir(parents=True, exist_ok=True)
    return path


def saves_dir() -> Path:
    p = data_dir() / "saves"
    p.mkdir(parents=True, exist_ok=True)
    return p


def transcripts_dir() -> Path:
    p = data_dir() / "transcripts"
    p.mkdir(parents=True, exist_ok=True)
    return p


def history_file() -> Path:
    return data_dir() / "history"


def in_saves_dir(save: Path) -> bool:
    """``save`` lies in the saves folder (a night or scene of this player's)."""
    try:
        return os.path.samefile(os.path.dirname(os.path.abspath(save)), _home() / "saves")
    except OSError:
        return False


def transcript_name(save: Path) -> str:
    """The name of ``save``'s transcript in the transcripts folder: ``NAME.md`` for a save in
    the saves folder; ``NAME-DIGEST.md`` for a save anywhere else (a digest of where it lies),
    so a save from elsewhere whose name matches one of yours never writes over your transcript,
    and loading it again goes on in its own."""
    save = Path(save)
    if in_saves_dir(save):
        return save.stem + ".md"
    where = os.path.realpath(save).encode("utf-8", "surrogateescape")
    return f"{save.stem}-{hashlib.sha256(where).hexdigest()[:12]}.md"
