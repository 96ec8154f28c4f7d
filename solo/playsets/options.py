"""The playset and the rules a command asks for (``--playset``, ``--rules``, ``--fast-setup``,
``--set``): one reading for every command that plays nights (``autoplay``, ``sim``, ``sweep``)."""

from __future__ import annotations

from .loader import load_playset, parse_overrides
from .model import Playset, RuleOverrides


def chosen_playset(args) -> Playset | None:
    """The playset ``args.playset`` names (a built-in, a user playset or a file), or None."""
    name = getattr(args, "playset", None)
    return load_playset(name) if name else None


def chosen_rules(args, playset: Playset | None = None):
    """The rules: the playset's (or ``--rules``), then ``--fast-setup``, then each ``--set``."""
    base = playset.rules if playset is not None else RuleOverrides(base=args.rules)
    if getattr(args, "fast_setup", False):
        base = base.model_copy(update={"fast_setup": True})
    return parse_overrides(getattr(args, "set", None) or [], base).ruleset()
