"""Seeds typed by a player (``--seed N``, ``new seed N``): a whole number of at most
:data:`MAX_SEED_DIGITS` digits, the most a save holds, refused in one line otherwise, before it
is used (a longer seed would play, then write a save no solo reads back). Lean: no imports."""

from __future__ import annotations

import re

#: Digits in the largest seed (as :data:`solo.play.saves.MAX_SEED_DIGITS`: a save holds no more).
MAX_SEED_DIGITS = 40
_NUMBER = re.compile(r"[+-]?[0-9]+")


def parse_seed(text: str, what: str = "seed") -> int:
    """The seed ``text`` names, or ValueError in one line (never Python's own wording about
    the digits of a number)."""
    t = str(text).strip()
    if not _NUMBER.fullmatch(t):
        shown = repr(t) if len(t) <= 60 else f"{t[:60]!r}… ({len(t):,} characters)"
        raise ValueError(f"{what} must be a whole number, got {shown}")
    digits = len(t.lstrip("+-").lstrip("0")) or 1
    if digits > MAX_SEED_DIGITS:
        raise ValueError(f"{what} has at most {MAX_SEED_DIGITS} digits, got one of {digits:,}")
    return int(t)


def seed_arg(text: str) -> int:
    """``--seed`` for argparse: a refusal is argparse's one-line usage error."""
    import argparse

    try:
        return parse_seed(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
