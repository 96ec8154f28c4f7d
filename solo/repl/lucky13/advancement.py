"""Lucky 13 shell commands — Advancement: award, advance, reputation."""

from __future__ import annotations

from ...lucky13.records import parse_ability_word
from ..commands import CommandError
from .shell import Lucky13Shell, _int, _tokens, command, spec_words


# ---------------------------------------------------------------------- advancement

@command("award", "<who> N [why]", complete="who", group="advancement")
def cmd_award(sh: Lucky13Shell, arg: str) -> None:
    """Give Adventure Points (10–20 an adventure is typical)."""
    who, rest = sh.take_who(_tokens(arg), "award")
    if not rest:
        raise CommandError(f"award needs <who> N, e.g. award {who} 12 for saving the village")
    sh.step("award", {"who": who, "points": _int(rest[0], "Adventure Points"), "why": " ".join(rest[1:])})


@command("advance", "<who> spec NAME [in SKILL] | <who> ABILITY", complete="who", group="advancement")
def cmd_advance(sh: Lucky13Shell, arg: str) -> None:
    """Spend Adventure Points: a specialization or a level of one (4 AP), or an ability (die × 4 AP).

    e.g. advance Brunella spec Broadsword in Combat (or spec Combat:Broadsword), advance Brunella reflex.
    """
    who, rest = sh.take_who(_tokens(arg), "advance")
    if not rest:
        raise CommandError(f"advance needs <who> spec NAME [in SKILL] or <who> ABILITY, e.g. advance {who} reflex")
    head = rest[0].lower()
    if head in ("spec", "specialization", "specialisation"):
        name, skill = spec_words(rest[1:])
        if not name:
            raise CommandError("advance spec needs a name, e.g. advance Brunella spec Broadsword in Combat")
        sh.step("advance", {"who": who, "what": "spec", "name": name, "skill": skill})
        return
    if head == "ability":
        rest = rest[1:]
    if len(rest) != 1:
        raise CommandError("advance <who> ABILITY takes one ability, e.g. advance Brunella reflex")
    sh.step("advance", {"who": who, "what": "ability", "ability": parse_ability_word(rest[0]).value})


@command("reputation", "<who> [+N|-N]", aliases=("rep",), complete="who", group="advancement")
def cmd_reputation(sh: Lucky13Shell, arg: str) -> None:
    """Show or change Reputation (-5 to +5); it steps Charm on Reaction checks."""
    who, rest = sh.take_who(_tokens(arg), "reputation")
    if not rest:
        ch = sh.need_scene().character(who)
        sh.info(f"{who}: Reputation {ch.reputation:+d}")
        return
    if len(rest) != 1:
        raise CommandError(f"reputation takes <who> +N or -N, e.g. reputation {who} +1")
    sh.step("reputation", {"who": who, "change": _int(rest[0], "a Reputation change")})
