"""Where saves, transcripts and history live: the user's data directory (platformdirs).

``SOLO_HOME`` overrides the directory (tests and portable installs use it).
"""

from __future__ import annotations

import os
from pathlib import Path


def data_dir() -> Path:
    home = os.environ.get("SOLO_HOME")
    if home:
        path = Path(home)
    else:
        from platformdirs import user_data_dir

        path = Path(user_data_dir("solo", appauthor=False))
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
