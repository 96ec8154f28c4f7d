"""config.toml, the player's settings: one reader for every table, within bounds.

``$SOLO_CONFIG``, else ``config.toml`` in the user's config folder. A file larger than
:data:`MAX_CONFIG_BYTES` is refused before it is read (a pipe or a device is never read), one
with a line longer than :data:`MAX_CONFIG_LINE` before it is parsed, one nested deeper than
:data:`MAX_CONFIG_DEPTH` or holding more than :data:`MAX_CONFIG_ENTRIES` entries once parsed.
Whatever is wrong is one notice naming the file and the fault; solo then goes on with the
defaults. No file is no notice.
"""

from __future__ import annotations

import os
import stat
import sys
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

__all__ = ["MAX_CONFIG_BYTES", "MAX_CONFIG_DEPTH", "MAX_CONFIG_ENTRIES", "MAX_CONFIG_LINE", "config_path", "read_config",
           "table"]

#: Largest config.toml read (a real one is a few hundred bytes).
MAX_CONFIG_BYTES = 64 * 1024
#: Deepest nesting of tables and arrays (the file itself is 1; ``[safety] lines = [...]`` is 3).
MAX_CONFIG_DEPTH = 16
#: Most entries (keys and array items, counted over every table).
MAX_CONFIG_ENTRIES = 1_000
#: Longest line (a key of thousands of dotted parts costs the parser the square of them).
MAX_CONFIG_LINE = 4_000
#: What follows every notice of a file not read.
DEFAULTS = "not read, solo goes on with the defaults"

#: Notices given in this process, so that a reader without a notice of its own repeats none.
_told: set[str] = set()


def config_path() -> Path:
    """``config.toml``: ``$SOLO_CONFIG``, else the user's config folder."""
    override = os.environ.get("SOLO_CONFIG")
    if override:
        return Path(override)
    from platformdirs import user_config_dir

    return Path(user_config_dir("solo", appauthor=False)) / "config.toml"


def read_config(notice: Callable[[str], None] | None = None) -> dict[str, Any]:
    """The whole of config.toml, or {} (none there, or one ``notice`` of what is wrong)."""
    path = config_path()
    data, problem = _read(path)
    if problem is not None:
        _tell(f"config.toml {str(path)!r} {problem}: {DEFAULTS}", notice)
    return data


def table(name: str, notice: Callable[[str], None] | None = None) -> dict[str, Any]:
    """The ``[name]`` table of config.toml, or {} (a notice when it is there but no table)."""
    found = read_config(notice).get(name, {})
    if not isinstance(found, dict):
        _tell(f"config.toml {str(config_path())!r}: [{name}] is not a table; its defaults are used", notice)
        return {}
    return dict(found)


def _tell(text: str, notice: Callable[[str], None] | None) -> None:
    """``text`` to ``notice``; without one, to stderr unless this process has said it already."""
    if notice is not None:
        _told.add(text)
        notice(text)
        return
    if text in _told:
        return
    _told.add(text)
    try:
        from .safetext import echo

        echo(f"solo: {text}", file=sys.stderr)
    except (OSError, ValueError, AttributeError):  # no stderr to say it on
        pass


def _read(path: Path) -> tuple[dict[str, Any], str | None]:
    """(the parsed file, None), or ({}, what is wrong in a few words)."""
    from .reading import FileRefused, kind_of, read_capped

    try:
        st = os.stat(path)
    except FileNotFoundError:
        return {}, None
    except OSError as exc:
        return {}, f"cannot be read ({exc.strerror or exc})"
    if not stat.S_ISREG(st.st_mode):
        return {}, f"is {kind_of(st.st_mode)}, not a file"
    if st.st_size > MAX_CONFIG_BYTES:
        return {}, f"is too large ({st.st_size:,} bytes; at most {MAX_CONFIG_BYTES:,})"
    try:
        raw = read_capped(path, MAX_CONFIG_BYTES, "config.toml")
    except FileRefused as exc:  # changed since it was looked at
        return {}, str(exc).replace(f"config.toml {str(path)!r} ", "", 1)
    except OSError as exc:
        return {}, f"cannot be read ({exc.strerror or exc})"
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return {}, "is not UTF-8 text"
    long = next((n for n, line in enumerate(text.split("\n"), 1) if len(line) > MAX_CONFIG_LINE), None)
    if long is not None:
        return {}, f"has a line longer than {MAX_CONFIG_LINE:,} characters (line {long:,})"
    try:
        data = tomllib.loads(text)
    except RecursionError:
        return {}, f"is nested more than {MAX_CONFIG_DEPTH} deep"
    except ValueError as exc:  # TOMLDecodeError, and a number Python will not read
        return {}, f"is not valid TOML ({' '.join(str(exc).split())[:120]})"
    return ({}, problem) if (problem := _out_of_bounds(data)) else (data, None)


def _out_of_bounds(data: dict) -> str | None:
    """Too deep or too many entries, in words; None. Walked without recursion."""
    entries = 0
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict):
            items = list(value.values())
        elif isinstance(value, list):
            items = value
        else:
            continue
        if depth > MAX_CONFIG_DEPTH:
            return f"is nested more than {MAX_CONFIG_DEPTH} deep"
        entries += len(items)
        if entries > MAX_CONFIG_ENTRIES:
            return f"holds more than {MAX_CONFIG_ENTRIES:,} entries"
        stack.extend((v, depth + 1) for v in items)
    return None
