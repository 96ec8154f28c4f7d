"""Lucky 13 shell commands — Looking: sheet, odds, log, rules."""

from __future__ import annotations

import re

from rich.table import Table

from ...lucky13.character import ABILITIES
from ...lucky13.dice import Pool
from ...lucky13.odds import dice_odds, odds_lines, odds_words
from ...lucky13.records import counted, difficulty_label, parse_difficulty_word
from ...lucky13.transcript import state_word
from ..commands import CommandError

from ...lucky13.reference import RULES
from .shell import Lucky13Shell, _int, _tokens, command


# ---------------------------------------------------------------------- looking

@command("sheet", "[who]", aliases=("status", "s"), complete="who", group="looking")
def cmd_sheet(sh: Lucky13Shell, arg: str) -> None:
    """Character sheets: everyone at a glance, or one in full."""
    scene = sh.need_scene()
    if not scene.characters:
        sh.info("No characters yet: character NAME METHOD … (help character)")
        return
    if arg:
        who, rest = sh.take_who(_tokens(arg), "sheet")
        if rest:
            raise CommandError(f"sheet takes one character, not {' '.join(rest)!r}")
        ch, gear = scene.characters[who], scene.gear.get(who)
        h = ch.health
        sh.info(f"{who} — {state_word(ch)}", "bold")
        sh.info("  " + " · ".join(f"{a.value} {ch.abilities[a]}" for a in ABILITIES)
                + (f" (Pulse now {h.pulse})" if h.pulse != ch.abilities[ABILITIES[2]] else ""))
        sh.info(f"  Hit points {h.hp}/{h.max_hp}, death at {h.death_at}{', stabilised' if h.stable else ''}")
        sh.info("  Skills: " + (", ".join(f"{k} {v}" for k, v in ch.skills.items()) or "none"))
        if ch.specializations:
            sh.info("  Specializations: " + ", ".join(f"{s.name} ({s.skill}) level {s.level}"
                                                     for s in ch.specializations))
        if ch.background:
            sh.info(f"  Background: {ch.background.name} (adv on rolls it helps)")
        if ch.impairments:
            sh.info("  Impairments: " + ", ".join(i.name for i in ch.impairments) + " (dis when they hinder)")
        sh.info(f"  Adventure Points {ch.adventure_points} · Reputation {ch.reputation:+d}")
        if gear and gear.text():
            sh.info(f"  Gear: {gear.text()}")
        return
    t = Table(box=None, pad_edge=False)
    for col in ("Name", "Will", "Charm", "Pulse", "Int", "Reflex", "HP", "State", "Skills", "AP", "Rep"):
        t.add_column(col)
    for n, c in scene.characters.items():
        h = c.health
        pulse = f"{h.pulse if not h.pulse.is_none else '—'}" + (f"/{c.abilities[ABILITIES[2]]}"
                                                               if h.pulse != c.abilities[ABILITIES[2]] else "")
        t.add_row(n, *(str(c.abilities[a]) for a in (ABILITIES[0], ABILITIES[1])), pulse,
                  str(c.abilities[ABILITIES[3]]), str(c.abilities[ABILITIES[4]]), f"{h.hp}/{h.max_hp}",
                  state_word(c), ", ".join(f"{k} {v}" for k, v in c.skills.items()) or "—",
                  str(c.adventure_points), f"{c.reputation:+d}")
    sh.print(t)
    sh.info(f"{scene.mode.value} mode · seed {scene.seed} · {counted(len(scene.steps), 'step')}"
            + (f" · initiative {' → '.join(scene.initiative.order)}" if scene.initiative else ""), "dim")


@command("odds", "DICE… [target N] [adv|dis] | <who> <ability> <skill> <difficulty> [options]", group="looking")
def cmd_odds(sh: Lucky13Shell, arg: str) -> None:
    """Exact chance to reach 13: without exploding dice, with them (cinematic), gritty; and of a dilemma.

    e.g. odds d10 d8 d6 (Ability, Skill, Difficulty), or odds Hrothgar pulse fighting hard.
    """
    words = _tokens(arg)
    if not words:
        raise CommandError("odds needs dice, e.g. odds d10 d8 d6, or a character's check")
    rest, target, e = odds_words(words)
    if not rest:
        raise CommandError("odds needs dice, e.g. odds d10 d8 d6, or a character's check")
    if sh.scene is not None and sh.scene.characters and not re.fullmatch(r"d\d+(\+d\d+)*|none|-", rest[0].lower()):
        who, after = sh.take_who(rest, "odds")
        if len(after) < 3:
            raise CommandError(f"odds for a character: <who> <ability> <skill> <difficulty>, e.g. odds {who} "
                               "pulse fighting moderate")
        side = sh.side([who] + after[:2] + after[3:], "odds")
        diff = parse_difficulty_word(after[2])
        ab_die, sk_die, _labels, side_edge, extra = sh.scene.side_dice(sh.scene.character(who), side["ability"],
                                                                    side["skill"], side)
        pool = Pool.check(ab_die, sk_die, diff, extra)
        if side_edge:
            e = side_edge
        what = f"{who}: {side['ability']} {ab_die} + {_skill_text(side['skill'], sk_die)} + {difficulty_label(diff)}"
        lines = odds_lines(pool, what, target, e)
    else:
        lines = dice_odds(words)
    sh.info(lines[0], "bold")
    for line in lines[1:]:
        sh.info(line)


def _skill_text(skill: str | None, die) -> str:
    """``Stealth d6``, or ``no skill`` when none is rolled (``no skill d4`` if a modifier gave one)."""
    if die.is_none:
        return f"{skill} (no die)" if skill else "no skill"
    return f"{skill or 'no skill'} {die}"


@command("log", "[N]", group="looking")
def cmd_log(sh: Lucky13Shell, arg: str) -> None:
    """The last N steps (default 10), one line each."""
    scene = sh.need_scene()
    n = _int(arg, "log count") if arg else 10
    if n < 1:
        raise CommandError(f"log count must be 1 or more, got {n}")
    if not scene.steps:
        sh.info("nothing played yet")
        return
    start = max(0, len(scene.steps) - n)
    for i, st in enumerate(scene.steps[start:], start + 1):
        typed = " (typed dice)" if st.typed else ""
        sh.info(f"  {i:>4}  {st.summary}{typed}")




@command("rules", "[topic]", complete="l13rules", group="looking")
def cmd_rules(sh: Lucky13Shell, arg: str) -> None:
    """A short Lucky 13 reference; give a topic or any word to search."""
    if not arg:
        sh.info("Topics: " + ", ".join(k for k, _, _ in RULES) + " — rules <topic or any word>")
        return
    key = arg.strip().lower()
    hits = [r for r in RULES if r[0] == key] or [r for r in RULES if r[0].startswith(key)] or \
        [r for r in RULES if key in r[1].lower() or key in r[2].lower()]
    if not hits:
        raise CommandError(f"nothing in the Lucky 13 reference about {arg!r}; topics: "
                           f"{', '.join(k for k, _, _ in RULES)}")
    for _k, title, text in hits[:2]:
        sh.info(title, "bold")
        sh.info(text)
