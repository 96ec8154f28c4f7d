"""Finding, reading and validating playsets (TOML). Errors are one line naming the file, the
key and, where it can be found, the line."""

from __future__ import annotations

import functools
import hashlib
import re
import tomllib
from pathlib import Path

from pydantic import ValidationError

from ..invalid import explain
from .model import Playset, PlaysetError, RuleOverrides

BUILTIN_DIR = Path(__file__).with_name("builtin")

#: The setting of a night without a playset (the director's own places, props and Killer): a
#: built-in setting with no file, chosen by this name like any playset (``--playset camp``).
DEFAULT_NAME = "camp"
DEFAULT_TITLE = "Camp Crystal Pines"


def user_dir() -> Path:
    import os

    from platformdirs import user_config_dir

    base = os.environ.get("SOLO_CONFIG_DIR") or user_config_dir("solo", appauthor=False)
    return Path(base) / "playsets"


def builtin_names() -> list[str]:
    return sorted(p.stem for p in BUILTIN_DIR.glob("*.toml"))


def list_playsets() -> list[tuple[str, str, Path]]:
    """(name, where, path) for every built-in and user playset."""
    out = [(p.stem, "built-in", p) for p in sorted(BUILTIN_DIR.glob("*.toml"))]
    d = user_dir()
    if d.is_dir():
        out += [(p.stem, "user", p) for p in sorted(d.glob("*.toml"))]
    return out


def _line_of(text: str, loc: tuple) -> int | None:
    """Line of a key path like ('killer', 'name') — or, for a missing key, of the nearest
    table or key above it that is there."""
    keys = tuple(str(k) for k in loc if not isinstance(k, int))
    lines = _key_lines(text)
    for depth in range(len(keys), 0, -1):  # the deepest path there is, at its first line
        if keys[:depth] in lines:
            return lines[keys[:depth]]
    return None


@functools.lru_cache(maxsize=1)  # the file whose problems are being told
def _key_lines(text: str) -> dict[tuple[str, ...], int]:
    """The first line of every table and key path of ``text``: read once, in one pass, for all
    of a file's problems (a file of 100,000 bad entries is not read 100,000 times)."""
    found: dict[tuple[str, ...], int] = {}
    table: list[str] = []
    quotes = None  # the quotes of a multi-line string still open: its lines are text, not keys
    for i, line in enumerate(text.splitlines(), 1):
        inside = quotes
        for q in re.findall(r'"""|\'\'\'', line):
            if quotes is None:
                quotes = q
            elif q == quotes:
                quotes = None
        if inside:
            continue
        s = line.strip()
        m = re.match(r"^\[+\s*([^\]]+?)\s*\]+", s)
        if m:
            table = [t.strip().strip('"') for t in m.group(1).split(".")]
            path = table
        else:
            m = re.match(r'^("?)([A-Za-z0-9_\-]+)\1\s*=', s)  # a bare or quoted key, not a string
            if not m:
                continue
            path = table + [m.group(2)]
        found.setdefault(tuple(path), i)
    return found


def _long_number(text: str) -> str:
    """`` (line N)`` of the first run of more than 40 digits in ``text``, or nothing."""
    m = re.search(r"[0-9_]{41,}", text)
    return f" (line {text.count(chr(10), 0, m.start()) + 1})" if m else ""


def read_playset(path: Path) -> Playset:
    from ..reading import MAX_PLAYSET_BYTES, FileRefused, read_capped

    path = Path(path)
    try:  # a regular file of sensible size only: never a device, a pipe or a folder
        text = read_capped(path, MAX_PLAYSET_BYTES, "playset").decode("utf-8")
    except FileRefused as exc:
        raise PlaysetError(str(exc)) from None
    except OSError as exc:
        raise PlaysetError(f"cannot read playset {str(path)!r}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise PlaysetError(f"playset {str(path)!r} is not UTF-8 text") from None
    key = hashlib.sha256(text.encode("utf-8")).hexdigest()
    if key in _READ:  # the same text read again (a night's set-up asks for it several times)
        return _READ[key]
    playset = _parse(path, text)
    _READ[key] = playset
    while len(_READ) > 4:
        del _READ[next(iter(_READ))]
    return playset


#: Playsets read, by the SHA-256 of their text (a few, the latest last).
_READ: dict[str, Playset] = {}


def _parse(path: Path, text: str) -> Playset:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise PlaysetError(f"playset {str(path)!r} is not valid TOML: {exc}") from None
    except RecursionError:
        raise PlaysetError(f"playset {str(path)!r} is nested too deeply") from None
    except ValueError:  # Python's limit on the digits of a number it reads
        raise PlaysetError(f"playset {str(path)!r}{_long_number(text)}: a number thousands of digits long") from None
    try:
        return Playset.model_validate(data)
    except ValidationError as exc:
        errors = _located(exc.errors())
        raise PlaysetError(f"playset {str(path)!r}: {_problems(text, errors)}",
                           problems=_problem_lines(text, errors), problem_count=len(errors)) from None


def _located(errors: list[dict]) -> list[dict]:
    """``errors``, a check of the whole file given the key it is about ("flavour.Power: …")."""
    for err in errors:
        m = re.match(r"(?:Value error, )?([a-z_]+(?:\.[A-Za-z_]+)*): ", str(err.get("msg", "")))
        if not err["loc"] and err["type"] == "value_error" and m:
            err["loc"] = tuple(m.group(1).split("."))
            err["msg"] = err["msg"][m.end():]
    return errors


def _place(text: str, err: dict) -> str:
    """Where a problem is: its key and, where it can be found, its line."""
    loc = tuple(err["loc"])
    line = _line_of(text, loc)
    return (".".join(str(k) for k in loc) or "(top level)") + (f" (line {line})" if line else "")


def _what(err: dict) -> str:
    if err["type"] == "too_long" and not isinstance(err.get("input"), str):  # a list past its cap
        ctx = err.get("ctx") or {}
        held = ctx.get("actual_length", len(err.get("input") or ()))
        return f"{held:,} entries, more than a playset may hold ({ctx.get('max_length', '?'):,})"
    return "missing" if err["type"] == "missing" else explain(err, "it")


#: The most problems of one file spelt out (``playset check`` counts the rest): a file of
#: thousands of bad lines is not read out line by line.
MAX_PROBLEMS_SHOWN = 50


def _problem_lines(text: str, errors: list[dict]) -> tuple[str, ...]:
    """A file's problems, one line each (the first :data:`MAX_PROBLEMS_SHOWN`): the wrong and
    missing keys in the order of the file's schema, then the unknown keys."""
    known = [e for e in errors if e["type"] != "extra_forbidden"]
    unknown = [e for e in errors if e["type"] == "extra_forbidden"]
    shown = (known + unknown)[:MAX_PROBLEMS_SHOWN]
    return tuple(f"{_place(text, e)}: {_what(e) if e['type'] != 'extra_forbidden' else 'unknown key'}"
                 for e in shown)


def _problems(text: str, errors: list[dict]) -> str:
    """A file's problems in one line: the first (key, line, what is wrong), how many more,
    and every unknown key by name (a misspelt key is the likeliest slip, and easy to fix)."""

    def place(err: dict) -> str:
        return _place(text, err)

    unknown = [e for e in errors if e["type"] == "extra_forbidden"]
    known = [e for e in errors if e["type"] != "extra_forbidden"]
    parts = []
    if known:
        first = known[0]
        parts.append(f"{place(first)}: {_what(first)}")
        if len(known) > 1:
            parts.append(f"{len(known) - 1} more problem{'s' if len(known) > 2 else ''}")
    if len(unknown) == 1 and not known:
        parts.append(f"{place(unknown[0])}: unknown key")
    elif unknown:
        named = ", ".join(place(e) for e in unknown[:MAX_PROBLEMS_SHOWN])
        more = len(unknown) - MAX_PROBLEMS_SHOWN
        parts.append(f"unknown key{'s' if len(unknown) > 1 else ''}: {named}" + (f" and {more} more" if more > 0 else ""))
    return "; ".join(parts)


def is_default(ref: str | None) -> bool:
    """True if ``ref`` names the default setting (:data:`DEFAULT_NAME`; a file of that name is
    given as ``./camp``)."""
    return isinstance(ref, str) and ref.strip().lower() == DEFAULT_NAME


def load_playset(ref: str) -> Playset | None:
    """A playset by file path, built-in name or user playset name; None for the default
    setting's name (:data:`DEFAULT_NAME`): the night without a playset."""
    if is_default(ref):
        return None
    p = Path(ref).expanduser()
    if p.suffix == ".toml" or p.exists():
        if not p.exists():
            raise PlaysetError(f"no playset file {ref!r}")
        return read_playset(p)
    name = ref.strip().lower()
    for n, _, path in list_playsets():
        if n == name:
            return read_playset(path)
    names = ", ".join([DEFAULT_NAME] + [n for n, _, _ in list_playsets()])
    raise PlaysetError(f"no playset called {ref!r} (available: {names})")


_BOOL = {"true": True, "yes": True, "on": True, "1": True, "false": False, "no": False, "off": False, "0": False}
_ALIASES = {"rules": "base", "ruleset": "base", "fast": "fast_setup", "strikes": "strikes_to_die",
            "gp": "genre_points", "fallback": "reserve_fallback", "trophy": "trophy_start"}


def knob_name(word: str) -> str:
    """The rule knob ``word`` names (``gp`` → ``genre_points``, ``face-modifiers`` →
    ``face_modifiers``); PlaysetError, naming the knob likely meant, for any other word."""
    key = word.strip().lower().replace("-", "_")
    key = _ALIASES.get(key, key)
    if key in RuleOverrides.model_fields:
        return key
    import difflib

    near = difflib.get_close_matches(key, list(RuleOverrides.model_fields) + list(_ALIASES), n=1, cutoff=0.6)
    hint = f": did you mean {_ALIASES.get(near[0], near[0])}?" if near else ""
    raise PlaysetError(f"unknown rule knob {word.strip()!r}{hint} (knobs: {', '.join(RuleOverrides.model_fields)})")


def parse_overrides(items: list[str], base: RuleOverrides | None = None) -> RuleOverrides:
    """Apply ``key=value`` what-ifs (``genre_points=5``, ``face_modifiers=1,2,4``) to ``base``."""
    data = (base or RuleOverrides()).model_dump()
    for item in items:
        key, sep, value = item.partition("=")
        value = value.strip()
        if not sep or not key.strip():
            raise PlaysetError(f"--set needs key=value, got {item!r}")
        try:
            key = knob_name(key)
        except PlaysetError as exc:
            raise PlaysetError(f"--set {item!r}: {exc}") from None
        if key in ("fast_setup", "reserve_fallback"):
            if value.lower() not in _BOOL:
                raise PlaysetError(f"--set {item!r}: {key} is true or false")
            data[key] = _BOOL[value.lower()]
        elif key == "face_modifiers":
            data[key] = [p.strip() for p in value.split(",")]
        elif "," in value:  # several values of one knob: a sweep, not a what-if
            raise PlaysetError(f"--set {item!r}: one value a what-if; to compare several, "
                               f"solo sweep --set {key}={value} plays each")
        else:
            data[key] = value
    try:
        return RuleOverrides.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        raise PlaysetError(f"--set: {'.'.join(str(k) for k in err['loc'])}: {explain(err, 'it')}") from None
