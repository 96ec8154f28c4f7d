"""How to name ``solo`` in a hint so that it works as typed: the way the program was started.

``make play`` runs ``.venv/bin/solo``, which is not on PATH unless the venv is active; a hint
saying ``solo play --resume`` would then answer "command not found". :func:`solo_command`
gives ``solo`` only when that word on PATH is this very program, else the path it was started
by (relative to the current folder when it lies inside it), or ``python -m solo``.
:func:`install_command` says how to add an optional part (``pip install`` run by the very
Python that runs solo: ``pip install 'solo[plot]'`` fits neither the clone nor its venv).
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


def _same_python(found: str | None, executable: str) -> bool:
    """True if ``found`` (a python on PATH) is ``executable`` in the same environment: the
    same file in the same folder (a venv's python is a link to the system's, in a folder of
    its own: the system's ``python3`` is the same file, another environment)."""
    return found is not None and _same(found, executable) and _same(os.path.dirname(found),
                                                                    os.path.dirname(executable))


def python_command(executable: str | None = None, *, which: Callable[[str], str | None] = shutil.which,
                   cwd: str | None = None) -> str:
    """The words that start the Python running solo from the current folder: ``python3`` (or
    ``python``) when that word on PATH is it, else its path (``.venv/bin/python``)."""
    executable = sys.executable if executable is None else executable
    cwd = os.getcwd() if cwd is None else cwd
    python = next((w for w in ("python3", "python") if _same_python(which(w), executable)), None)
    return python or _as_typed(executable, cwd)


def _extra_needs(extra: str) -> list[str]:
    """What solo's optional ``extra`` installs (``matplotlib>=3.8`` for ``plot``), from the
    installed solo's own metadata; nothing when it cannot be read."""
    import re
    from importlib import metadata

    try:
        requires = metadata.requires("solo") or []
    except metadata.PackageNotFoundError:
        return []
    wanted = re.compile(rf"""^\s*([^;]+?)\s*;\s*extra\s*==\s*["']{re.escape(extra)}["']\s*$""")
    return [m.group(1) for m in map(wanted.match, requires) if m]


def install_command(extra: str, fallback: str, *, executable: str | None = None,
                    which: Callable[[str], str | None] = shutil.which, cwd: str | None = None,
                    needs: list[str] | None = None) -> str:
    """The command that installs what solo's optional ``extra`` needs (``fallback`` when its
    metadata cannot say) into the very Python running solo, typed from the current folder:
    ``.venv/bin/python -m pip install 'matplotlib>=3.8'`` in the clone that ``make`` built."""
    import shlex

    needs = _extra_needs(extra) if needs is None else needs
    python = python_command(executable, which=which, cwd=cwd)
    return f"{python} -m pip install {' '.join(shlex.quote(n) for n in needs or [fallback])}"


def solo_command(argv0: str | None = None, *, executable: str | None = None,
                 which: Callable[[str], str | None] = shutil.which, cwd: str | None = None) -> str:
    """The words that start this program again from the current folder."""
    argv0 = sys.argv[0] if argv0 is None else argv0
    executable = sys.executable if executable is None else executable
    cwd = os.getcwd() if cwd is None else cwd
    if Path(argv0).name in ("__main__.py", "-m", "-c", "") or Path(argv0).suffix == ".py":
        return f"{python_command(executable, which=which, cwd=cwd)} -m solo"
    if _same(which("solo"), os.path.join(cwd, argv0)) or (os.sep not in argv0 and which(argv0)):
        return "solo"
    return _as_typed(argv0, cwd)
