"""Why a value was refused, in the project's own words.

The checks on saves, playsets and a night's steps are pydantic models; a player never reads
pydantic's wording ("String should have at most 200 characters …"). :func:`explain` turns one
of its error records (``ValidationError.errors()[i]``) into a short phrase, and :func:`where`
names the place (``cast 2: archetype``).
"""

from __future__ import annotations

#: Field names as a reader says them.
LABELS = {
    "say": "the line", "note": "the note", "archetype": "the archetype", "why": "the why",
    "name": "the name", "seed": "the seed", "playset": "the playset name", "summary": "the summary",
    "narration": "the narration", "actions": "the actions", "opening": "the opening", "title": "the title",
    "transcript": "the transcript name", "who": "the speaker",
}


def where(loc) -> str:
    """A place in a document from pydantic's ``loc``: ``('cast', 1, 'archetype')`` →
    ``cast 2: archetype``; ``('steps', 0, 'say')`` → ``step 1: say``."""
    parts: list[str] = []
    for k in loc:
        if isinstance(k, int) and parts:
            parts[-1] = f"{parts[-1].removesuffix('s') if parts[-1] in ('steps', 'cast') else parts[-1]} {k + 1}"
        elif isinstance(k, int):
            parts.append(f"item {k + 1}")
        elif str(k) in ("str", "int", "function-after[<lambda>(), str]") or "[" in str(k):
            continue  # a union's branch name, not a place
        else:
            parts.append(str(k))
    return ": ".join(parts) if parts else "the top level"


def explain(err: dict, label: str | None = None) -> str:
    """One of pydantic's error records, as a phrase: ``label`` (default: from the field name)
    then what is wrong with it."""
    loc = [k for k in err.get("loc", ()) if not isinstance(k, int)]
    field = str(loc[-1]) if loc else ""
    label = label or LABELS.get(field, f"{field.replace('_', ' ')}" if field else "the value")
    kind = err.get("type", "")
    ctx = err.get("ctx") or {}
    value = err.get("input")
    if kind in ("string_too_long", "too_long"):
        unit = "characters" if kind == "string_too_long" or isinstance(value, str) else "items"
        most = ctx.get("max_length", "?")
        if isinstance(value, (str, list, tuple, dict)):
            return f"{label} is too long ({len(value):,} {unit}; at most {most:,})"
        return f"{label} is too long (at most {most:,} {unit})"
    if kind in ("string_too_short", "too_short"):
        least = ctx.get("min_length", "?")
        if not value:
            return f"{label} is empty"
        if isinstance(value, str):
            return f"{label} is too short ({len(value):,} characters; at least {least:,})"
        if isinstance(value, (list, tuple, dict)):
            return f"{label} has too few items ({len(value):,}; at least {least:,})"
        return f"{label} is too short"
    if kind == "value_error":
        msg = str(err.get("msg", "")).removeprefix("Value error, ")
        return " ".join(msg.split())
    if kind in ("greater_than_equal", "greater_than", "less_than_equal", "less_than"):
        bound = next(iter(ctx.values()), "?")
        words = {"greater_than_equal": "at least", "greater_than": "more than", "less_than_equal": "at most",
                 "less_than": "less than"}[kind]
        return f"{label} must be {words} {bound}, not {_short(value)}"
    if kind == "literal_error":
        return f"{label} must be {ctx.get('expected', 'one of the known values')}, not {_short(value)}"
    if kind == "string_pattern_mismatch":
        return f"{label} {_short(value)} is not allowed here"
    if kind == "missing":
        return f"{label} is missing"
    if kind == "extra_forbidden":
        return f"unknown key {field!r}"
    if kind in ("int_parsing_size",):
        return f"{label} is a number too large to use"
    if kind.endswith("_type") or kind.endswith("_parsing"):
        want = next((w for k, w in _KINDS if kind.startswith(k)), None)
        return f"{label} must be {want}, not {_short(value)}" if want else f"{label} has the wrong type ({_short(value)})"
    return f"{label} is not valid here"


#: What a value of each kind is, in a player's words (pydantic's error types, by their start).
_KINDS = (("int", "a whole number"), ("float", "a number"), ("bool", "true or false"), ("string", "text"),
          ("str", "text"), ("list", "a list"), ("tuple", "a list"), ("dict", "a table"), ("model", "a table"))


def _short(value) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
