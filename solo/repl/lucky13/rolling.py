"""Lucky 13 shell commands — Rolling: check, contest, attack, initiative, dice, damage, heal."""

from __future__ import annotations

import re

from ...lucky13.dice import as_die
from ...lucky13.records import parse_difficulty_word
from ..commands import CommandError
from .shell import ADV_WORDS, DIS_WORDS, Lucky13Shell, _int, _options, _tokens, command


# ---------------------------------------------------------------------- rolling

@command("check", "<who> <ability> <skill> <difficulty> [options] [dice]", complete="who")
def cmd_check(sh: Lucky13Shell, arg: str) -> None:
    """A skill check: Ability + Skill + Difficulty die, 13 or more succeeds.

    e.g. check Hrothgar pulse fighting hard, or with your own dice: check Hrothgar pulse fighting moderate 5 3 9.
    Difficulty: easy d12, moderate d10, difficult (hard) d8, challenging d6, extraordinary d4, heroic (no die),
    or a die. Skill: a skill, a specialization (steps its skill), or none.
    Options: spec=NAME, asset=QUALITY, adv, dis, a+N, s+N, assist=DIE, +DIE.
    """
    words, dice, queued = sh.split_dice(_tokens(arg))
    who, rest = sh.take_who(words, "check")
    if len(rest) < 3:
        raise CommandError(f"check needs <who> <ability> <skill> <difficulty>, e.g. check {who} pulse "
                           f"{next(iter(sh.need_scene().character(who).skills), 'none').lower()} moderate")
    args = sh.side([who] + rest[:2] + rest[3:], "check")
    args["difficulty"] = str(parse_difficulty_word(rest[2]))
    sh.step("check", args, dice, queued)


@command("contest", "<who> <ability> <skill> [opts] vs <who> <ability> <skill> [opts] [dice]", complete="who")
def cmd_contest(sh: Lucky13Shell, arg: str) -> None:
    """An opposed roll, Ability + Skill against Ability + Skill; higher wins, a draw fails the first side.

    e.g. contest Knuckles pulse fighting vs Big Tuna pulse fighting a+1 (the door steps his Pulse up).
    """
    words, dice, queued = sh.split_dice(_tokens(arg))
    sides: list[list[str]] = [[]]
    for w in words:
        if w.lower() in ("vs", "versus", "vs."):
            sides.append([])
        else:
            sides[-1].append(w)
    if len(sides) < 2:
        raise CommandError("contest needs two sides: contest A pulse fighting vs B pulse fighting")
    sh.step("contest", {"sides": [sh.side(s, "contest") for s in sides]}, dice, queued)


@command("attack", "<attacker> <defender> [weapon|ACC/DMG] [options] [vs defender's options] [dice]",
         complete="who")
def cmd_attack(sh: Lucky13Shell, arg: str) -> None:
    """One round of combat: Reflex + Combat + Accuracy vs Reflex + Combat + Defensive Die; damage on a hit.

    Damage is the weapon's Damage die plus the difference; it comes off the defender's hit points.
    e.g. attack Brunella Casimir broadsword, attack Brunella Casimir 4 5 7 2 6 4 6 (your dice: attacker, defender,
    damage). Options as for check, plus armor=DIE|none (the defender's Defensive Die) and with=SKILL; after vs,
    the defender's: adv, dis, a+N/a-N, s+N/s-N, assist=DIE, +DIE (attack Brunella Casimir vs dis a+1).
    """
    scene = sh.need_scene()
    words, dice, queued = sh.split_dice(_tokens(arg))
    attacker, rest = sh.take_who(words, "attack")
    defender, rest = sh.take_who(rest, "attack whom")
    args: dict = {"attacker": attacker, "defender": defender}
    if rest and re.fullmatch(r"d\d{1,2}/d\d{1,2}", rest[0].lower()):
        acc, dmg = rest[0].lower().split("/")
        args["adhoc"] = [str(as_die(acc)), str(as_die(dmg))]
        rest = rest[1:]
    elif rest and "=" not in rest[0] and not re.fullmatch(r"[as][+-]\d+|\+d\d+", rest[0].lower()) \
            and rest[0].lower() not in ADV_WORDS + DIS_WORDS:
        gear = scene.gear.get(attacker)
        for k in range(len(rest), 0, -1):
            w = gear.weapon(" ".join(rest[:k])) if gear else None
            if w is not None:
                args["weapon"] = w.name
                rest = rest[k:]
                break
        else:
            have = gear.text() if gear and gear.text() else "nothing"
            raise CommandError(f"{attacker} has no weapon {rest[0]!r} (carries: {have})")
    low = [w.lower() for w in rest]
    if "vs" in low:  # the defender's modifiers after vs
        at = low.index("vs")
        defense = _options(rest[at + 1:])
        if any(k in defense for k in ("spec", "asset")):
            raise CommandError("the defender's options after vs: adv, dis, a+N/a-N, s+N/s-N, assist=DIE, +DIE")
        if defense:
            args["defense"] = defense
        rest = rest[:at]
    args.update(_options(rest, attack=True))
    sh.step("attack", args, dice, queued)


@command("initiative", "[who …] [roll-off] [dice] | join <who> | show | end", complete="initiative")
def cmd_initiative(sh: Lucky13Shell, arg: str) -> None:
    """Roll initiative (Reflex, highest first; ties: higher Reflex, then a roll-off). Once per encounter.

    initiative: everyone conscious; initiative Brunella Casimir 6 3: those two with your dice;
    initiative join <who>: a latecomer; initiative show; initiative end: the encounter is over.
    """
    scene = sh.need_scene()
    words, dice, queued = sh.split_dice(_tokens(arg))
    head = words[0].lower() if words else ""
    if head == "show":
        if scene.initiative is None:
            raise CommandError("no initiative order: type initiative to roll it")
        sh.info("initiative: " + ", ".join(f"{n} {scene.initiative.rolls[n]}" for n in scene.initiative.order))
        return
    if head == "end":
        sh.step("initiative_end", {})
        return
    if head == "join":
        who, rest = sh.take_who(words[1:], "initiative join")
        if rest:
            raise CommandError(f"initiative join takes one character, not {' '.join(rest)!r}")
        sh.step("join", {"who": who}, dice, queued)
        return
    tie = "reflex"
    names: list[str] = []
    rest = words
    while rest:
        if rest[0].lower() in ("roll-off", "rolloff"):
            tie = "roll-off"
            rest = rest[1:]
            continue
        who, rest = sh.take_who(rest, "initiative")
        if who in names:
            raise CommandError(f"{who} is named twice")
        names.append(who)
    sh.step("initiative", {"who": names, "tie": tie}, dice, queued)


@command("dice", "[N …] | clear", group="play")
def cmd_dice(sh: Lucky13Shell, arg: str) -> None:
    """Queue the dice you rolled at the table for the next roll.

    In rolling order, an exploding die's extra roll straight after it. Or type them at the end of
    check, contest, attack, initiative or character.
    """
    words = _tokens(arg)
    if not words:
        sh.info("dice queued: " + (" ".join(map(str, sh.queued)) or "none (the seed rolls)"))
        return
    if len(words) == 1 and words[0].lower() in ("clear", "none", "-"):
        sh.queued = []
        sh.info("dice queue cleared: the seed rolls")
        return
    values = []
    for w in words:
        if not re.fullmatch(r"\d{1,4}", w):
            raise CommandError(f"dice are whole numbers as the dice show them, got {w!r}")
        if not 1 <= int(w) <= 100:  # a d4–d12 shows 1–12; a d100 for a random character 1–100
            raise CommandError(f"no die shows {w}: a die shows 1–12 (a d100 1–100); nothing was queued")
        values.append(int(w))
    if len(values) > 200:
        raise CommandError("at most 200 dice at once")
    sh.queued = values
    sh.info(f"dice queued for the next roll: {' '.join(map(str, values))}")


@command("damage", "<who> N | <who> bleed MINUTES", complete="who", group="health")
def cmd_damage(sh: Lucky13Shell, arg: str) -> None:
    """Take hit points off a character (Pulse drops every 10); bleed: a dying character loses 1 a minute."""
    who, rest = sh.take_who(_tokens(arg), "damage")
    if len(rest) == 2 and rest[0].lower() == "bleed":
        sh.step("damage", {"who": who, "bleed": _int(rest[1], "minutes")})
    elif len(rest) == 1:
        sh.step("damage", {"who": who, "amount": _int(rest[0], "damage")})
    else:
        raise CommandError(f"damage needs <who> N or <who> bleed MINUTES, e.g. damage {who} 5")


@command("heal", "<who> N | <who> stabilise | <who> rest MINUTES", complete="who", group="health")
def cmd_heal(sh: Lucky13Shell, arg: str) -> None:
    """Restore hit points (and Pulse with them); healing a dying character stabilises them.

    rest: 1 hp per 15 minutes, at most 4 resting alone (Top Secret NWO reference rule).
    """
    who, rest = sh.take_who(_tokens(arg), "heal")
    if len(rest) == 1 and rest[0].lower() in ("stabilise", "stabilize", "stab", "stable"):
        sh.step("heal", {"who": who, "stabilise": True})
    elif len(rest) == 2 and rest[0].lower() == "rest":
        sh.step("heal", {"who": who, "rest": _int(rest[1], "minutes")})
    elif len(rest) == 1:
        sh.step("heal", {"who": who, "amount": _int(rest[0], "healing")})
    else:
        raise CommandError(f"heal needs <who> N, <who> stabilise or <who> rest MINUTES, e.g. heal {who} 5")


@command("reaction", "<who> <skill|none> <decision> [options] [dice]", complete="who")
def cmd_reaction(sh: Lucky13Shell, arg: str) -> None:
    """A Reaction check: is the NPC friendly? Charm + a social skill + the decision die, 13 or more.

    "The PC's reputation will cause the Charm die to step up or down according to their reputation
    level": one step per level (R28). e.g. reaction Vera persuasion moderate, reaction Vera none hard.
    Options as for check.
    """
    words, dice, queued = sh.split_dice(_tokens(arg))
    who, rest = sh.take_who(words, "reaction")
    if len(rest) < 2:
        raise CommandError(f"reaction needs <who> <skill|none> <decision die>, e.g. reaction {who} none moderate")
    args = sh.side([who, "charm", rest[0]] + rest[2:], "reaction")
    args["difficulty"] = str(parse_difficulty_word(rest[1]))
    rep = sh.need_scene().character(who).reputation
    if rep:
        args["a"] = args.get("a", 0) + rep
        sh.info(f"Reputation {rep:+d}: {who}'s Charm steps {'up' if rep > 0 else 'down'} {abs(rep)}", "dim")
    sh.step("check", args, dice, queued)
