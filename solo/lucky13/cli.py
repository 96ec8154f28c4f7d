"""``solo odds``: Lucky 13's exact odds from the command line, the same as ``odds`` in its REPL.

    solo odds d10 d8 d6            # Ability, Skill and Difficulty dice → 13 or more
    solo odds d12+d4 d6 target 15 adv
"""

from __future__ import annotations

import argparse
import sys

from ..safetext import echo

PROG = "solo odds"


def _odds(args: argparse.Namespace) -> int:
    from .odds import dice_odds

    try:
        lines = dice_odds(list(args.dice))
    except ValueError as exc:
        echo(f"{PROG}: error: {' '.join(str(exc).split())}", file=sys.stderr)
        return 2
    echo("\n".join(lines))
    return 0


def register(sub) -> argparse.ArgumentParser:
    p = sub.add_parser("odds", help="Lucky 13: the exact chance of 13 or more for dice, e.g. solo odds d10 d8 d6",
                       description="Lucky 13: the exact chance that DICE reach the target (13 unless given): "
                                   "without exploding dice, cinematic, gritty, and of a dilemma. A chain such as "
                                   "d12+d4 is one die. Words after the dice: target N, adv, dis.")
    p.add_argument("dice", nargs="+", metavar="DICE", help="e.g. d10 d8 d6 [target N] [adv|dis]")
    p.set_defaults(func=_odds)
    return p
