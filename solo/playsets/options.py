"""The playset and the rules a command asks for (``--playset``, ``--rules``, ``--fast-setup``,
``--set``): one reading for every command that plays nights (``autoplay``, ``sim``, ``sweep``)."""

from __future__ import annotations

from .loader import load_playset, parse_overrides
from .model import Playset, RuleOverrides


def chosen_playset(args) -> Playset | None:
    """The playset ``args.playset`` names (a built-in, a user playset or a file), or None."""
    name = getattr(args, "playset", None)
    return load_playset(name) if name else None


def chosen_base(args, playset: Playset | None = None) -> RuleOverrides:
    """The rule changes before any ``--set``: the playset's, then ``--rules`` when given (it
    wins over the playset's base ruleset; the playset's own changes stay), then
    ``--fast-setup``."""
    given = getattr(args, "rules", None)
    if playset is None:
        base = RuleOverrides(base=given or "ashcan")
    else:
        base = playset.rules.model_copy(update={"base": given}) if given else playset.rules
    if getattr(args, "fast_setup", False):
        base = base.model_copy(update={"fast_setup": True})
    return base


def chosen_rules(args, playset: Playset | None = None):
    """The rules: :func:`chosen_base`, then each ``--set``."""
    return parse_overrides(getattr(args, "set", None) or [], chosen_base(args, playset)).ruleset()
