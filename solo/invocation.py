"""How to name ``solo`` in a hint so that it works as typed: the way the program was started.

``make play`` runs ``.venv/bin/solo``, which is not on PATH unless the venv is active; a hint
saying ``solo play --resume`` would then answer "command not found". :func:`solo_command`
gives ``solo`` only when that word on PATH is this very program, else the path it was started
by (relative to the current folder when it lies inside it), or ``python -m solo``.
"""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Callable
from pathlib import Path


def _same(a: str | None, b: str | None) -> bool:
    if not a or not b:
        return False
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def _as_typed(path: str, cwd: str) -> str:
    """``path`` relative to ``cwd`` when it lies inside it (``.venv/bin/solo``), else absolute."""
    full = os.path.abspath(os.path.join(cwd, path))
    base = os.path.abspath(cwd)
    if full.startswith(base.rstrip(os.sep) + os.sep):
        rel = os.path.relpath(full, base)
        return rel if os.sep in rel else f".{os.sep}{rel}"
    return full


def solo_command(argv0: str | None = None, *, executable: str | None = None,
                 which: Callable[[str], str | None] = shutil.which, cwd: str | None = None) -> str:
    """The words that start this program again from the current folder."""
    argv0 = sys.argv[0] if argv0 is None else argv0
    executable = sys.executable if executable is None else executable
    cwd = os.getcwd() if cwd is None else cwd
    if Path(argv0).name in ("__main__.py", "-m", "-c", "") or Path(argv0).suffix == ".py":
        python = next((w for w in ("python3", "python") if _same(which(w), executable)), None)
        return f"{python or _as_typed(executable, cwd)} -m solo"
    if _same(which("solo"), os.path.join(cwd, argv0)) or (os.sep not in argv0 and which(argv0)):
        return "solo"
    return _as_typed(argv0, cwd)
