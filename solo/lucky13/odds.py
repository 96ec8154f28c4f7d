"""Exact odds that a pool reaches 13 (or any target), enumerated, never sampled.

Exploding dice have no largest total, but reaching a target is settled after finitely
many re-rolls: every re-roll adds at least 1, so once a die's running total reaches the
target nothing later can change the answer. Totals are therefore counted *capped at the
target*, and the enumeration is exact with no depth limit and no rounding: every figure
is a :class:`~fractions.Fraction` (R34). The odds follow :func:`~.checks.roll_pool`
exactly: the same mode rules, the same advantage/disadvantage rule, and a dilemma on a
first face of 1.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import product

from .checks import TARGET, Edge, Mode, difficulty_die
from .dice import ABILITY, Die, Pool, parse_pool
from .errors import InvalidDieError

Dist = dict[tuple[int, bool], Fraction]  # (total capped at target, any implosion) -> probability


@dataclass(frozen=True, slots=True)
class Odds:
    """Exact probabilities for one roll of a pool against ``target``."""

    success: Fraction
    dilemma: Fraction
    success_and_dilemma: Fraction
    target: int = TARGET

    @property
    def failure(self) -> Fraction:
        return 1 - self.success

    @property
    def clean_success(self) -> Fraction:
        """Success without any imploded die."""
        return self.success - self.success_and_dilemma


@lru_cache(maxsize=None)
def _tail(size: int, left: int | None, cap: int) -> tuple[tuple[int, Fraction], ...]:
    """Distribution of an explosion re-roll (and its own explosions), capped at ``cap``.
    ``left`` is how many further explosions are allowed (``None``: any number)."""
    out: dict[int, Fraction] = defaultdict(Fraction)
    p = Fraction(1, size)
    for f in range(1, size + 1):
        if f == size and f < cap and (left is None or left > 0):
            for v, q in _tail(size, None if left is None else left - 1, cap - f):
                out[min(cap, f + v)] += p * q
        else:
            out[min(cap, f)] += p
    return tuple(out.items())


def _add(a: Dist, b: Dist, cap: int) -> Dist:
    out: Dist = defaultdict(Fraction)
    for (va, ia), pa in a.items():
        for (vb, ib), pb in b.items():
            out[(min(cap, va + vb), ia or ib)] += pa * pb
    return out


def _after_faces(faces: tuple[int, ...], sizes: tuple[int, ...], explode: list[int | None] | None,
                 implode: bool, cap: int) -> Dist:
    """Distribution once ``faces`` are showing; ``explode[i]`` is the re-roll allowance of die i
    if it shows its maximum (``None`` any number, ``-1`` none)."""
    dist: Dist = {(min(cap, sum(faces)), implode and 1 in faces): Fraction(1)}
    for i, (f, s) in enumerate(zip(faces, sizes)):
        if explode is None or explode[i] == -1 or f != s:
            continue
        tail = {(v, False): q for v, q in _tail(s, explode[i], cap)}
        dist = _add(dist, tail, cap)
    return dist


def _ability_block(sizes: tuple[int, ...], mode: Mode, edge: Edge, cap: int) -> Dist:
    """The Ability dice: rolled twice under an edge (keep the higher/lower sum, ties the first),
    then the kept dice explode as the mode allows."""
    outcomes = list(product(*(range(1, s + 1) for s in sizes)))
    p_each = Fraction(1, len(outcomes))
    if edge:
        by_sum: dict[int, int] = defaultdict(int)
        for t in outcomes:
            by_sum[sum(t)] += 1
        n = len(outcomes)
        le = {s: Fraction(sum(c for x, c in by_sum.items() if x <= s), n) for s in by_sum}
        lt = {s: Fraction(sum(c for x, c in by_sum.items() if x < s), n) for s in by_sum}
        ge = {s: 1 - lt[s] for s in by_sum}
        gt = {s: 1 - le[s] for s in by_sum}
    out: Dist = defaultdict(Fraction)
    implode = mode is not Mode.PLAIN
    for t in outcomes:
        s = sum(t)
        if edge > 0:
            p = p_each * (le[s] + lt[s])
        elif edge < 0:
            p = p_each * (ge[s] + gt[s])
        else:
            p = p_each
        if mode is Mode.CINEMATIC:
            explode: list[int | None] | None = [None] * len(t)
        elif mode is Mode.GRITTY:
            first = next((i for i, (f, z) in enumerate(zip(t, sizes)) if f == z), None)
            explode = [0 if i == first else -1 for i in range(len(t))]
        else:
            explode = None
        for k, q in _after_faces(t, sizes, explode, implode, cap).items():
            out[k] += p * q
    return out


def pool_odds(pool: Pool | str, *, mode: Mode = Mode.CINEMATIC, edge: Edge = Edge.NONE,
              target: int = TARGET) -> Odds:
    """Exact odds that ``pool`` (a :class:`Pool` or text such as ``"d10 d8 d6"``) totals
    ``target`` or more, and of a dilemma, under ``mode`` and ``edge``."""
    if isinstance(pool, str):
        pool = parse_pool(pool)
    if not isinstance(target, int) or isinstance(target, bool) or target < 1:
        raise InvalidDieError(f"a target must be a whole number 1 or more, got {target!r}")
    dice = pool.dice()
    ability = tuple(s for r, s in dice if r == ABILITY)
    dist: Dist = {(0, False): Fraction(1)}
    if ability:
        dist = _add(dist, _ability_block(ability, mode, Edge(edge), target), target)
    for role, size in dice:
        if role != ABILITY:
            dist = _add(dist, _other_die(size, mode, target), target)
    success = sum((p for (v, _), p in dist.items() if v >= target), Fraction(0))
    dilemma = sum((p for (_, i), p in dist.items() if i), Fraction(0))
    both = sum((p for (v, i), p in dist.items() if i and v >= target), Fraction(0))
    return Odds(success, dilemma, both, target)


@lru_cache(maxsize=None)
def _other_die_cached(size: int, mode: Mode, cap: int) -> tuple[tuple[tuple[int, bool], Fraction], ...]:
    implode = mode is not Mode.PLAIN
    out: Dist = defaultdict(Fraction)
    for f in range(1, size + 1):
        explode = [None] if mode is Mode.CINEMATIC else [-1]
        for k, q in _after_faces((f,), (size,), explode, implode, cap).items():
            out[k] += Fraction(1, size) * q
    return tuple(out.items())


def _other_die(size: int, mode: Mode, cap: int) -> Dist:
    return dict(_other_die_cached(size, mode, cap))


def check_odds(ability: Die | str, skill: Die | str, difficulty: Die | str, *, mode: Mode = Mode.CINEMATIC,
               edge: Edge = Edge.NONE, extra: Iterable[Die | str] = (), target: int = TARGET) -> Odds:
    """Exact odds of a skill check (same arguments as :func:`~.checks.skill_check`)."""
    return pool_odds(Pool.check(ability, skill, difficulty_die(difficulty), extra), mode=mode, edge=edge, target=target)


def reach_probability(pool: Pool | str, target: int = TARGET, *, exploding: bool = False) -> Fraction:
    """Exact probability that ``pool`` reaches ``target``: plain dice, or (``exploding``)
    every die exploding indefinitely as in Cinematic mode."""
    return pool_odds(pool, mode=Mode.CINEMATIC if exploding else Mode.PLAIN, target=target).success


#: Words that give the Ability die an edge (rolled twice, the higher kept) or take it away.
ADV_WORDS = ("adv", "advantage", "bg", "background")
DIS_WORDS = ("dis", "disadvantage", "imp", "impairment")
#: The largest pool worked out exactly.
MAX_POOL_DICE = 8


def percent(p: Fraction) -> str:
    return f"{float(p) * 100:.2f}%"


def odds_words(words: list[str]) -> tuple[list[str], int, Edge]:
    """``words`` of an odds request split into (dice words, target, edge): ``target N``,
    ``target=N``, ``vs N``, ``adv`` and ``dis`` are taken out. Raises ValueError (one line)."""
    target = TARGET
    edge_v = 0
    rest: list[str] = []
    i = 0
    while i < len(words):
        w = words[i].lower()
        if w in ("target", "vs") and i + 1 < len(words):
            target = _whole(words[i + 1], "target")
            i += 2
            continue
        if w.startswith("target="):
            target = _whole(w.partition("=")[2], "target")
        elif w in ADV_WORDS:
            edge_v += 1
        elif w in DIS_WORDS:
            edge_v -= 1
        else:
            rest.append(words[i])
        i += 1
    if not 1 <= target <= 60:
        raise ValueError(f"target is 1–60, got {target}")
    return rest, target, Edge(max(-1, min(1, edge_v)))


def _whole(text: str, what: str) -> int:
    if not text.isdigit() or len(text) > 4:
        raise ValueError(f"{what} must be a whole number, got {text!r}")
    return int(text)


def odds_lines(pool: Pool, what: str, target: int, edge: Edge) -> list[str]:
    """The odds table: without exploding dice, cinematic, gritty, and of a dilemma."""
    if len(pool.sizes) > MAX_POOL_DICE or sum(1 for r, _ in pool.dice() if r == "ability") > 3:
        raise ValueError(f"odds work out pools of up to {MAX_POOL_DICE} dice (an Ability die of up to three)")
    plain = pool_odds(pool, mode=Mode.PLAIN, edge=edge, target=target)
    cine = pool_odds(pool, mode=Mode.CINEMATIC, edge=edge, target=target)
    grit = pool_odds(pool, mode=Mode.GRITTY, edge=edge, target=target)
    edge_txt = {1: " (advantage: Ability rolled twice, higher kept)",
                -1: " (disadvantage: Ability rolled twice, lower kept)"}.get(int(edge), "")
    return [f"{what} → {target} or more{edge_txt}:",
            f"  without exploding dice:           {percent(plain.success):>7}  ({plain.success})",
            f"  with exploding dice (cinematic):  {percent(cine.success):>7}  ({cine.success})",
            f"  gritty (Ability explodes once):   {percent(grit.success):>7}  ({grit.success})",
            f"  a dilemma (a die shows 1):        {percent(cine.dilemma):>7}  ({cine.dilemma})"]


def dice_odds(words: list[str], example: str = "odds") -> list[str]:
    """``odds d10 d8 d6 [target N] [adv|dis]``: the table for dice named in words.
    Raises ValueError (one line) for anything that is not dice, naming the word and the dice
    there are, with an example (``example`` is how the command is typed: ``solo odds``)."""
    from .errors import Lucky13Error

    rest, target, edge = odds_words(words)
    if not rest:
        raise ValueError(f"odds needs dice, e.g. {example} d10 d8 d6")
    try:
        pool = parse_pool(" ".join(rest))
    except Lucky13Error:
        raise ValueError(not_dice(rest, example)) from None
    return odds_lines(pool, str(pool), target, edge)


def not_dice(rest: list[str], example: str = "odds") -> str:
    """Which of ``rest`` is not a die, the dice there are (Lucky 13's five, and chains of
    them), how ``3d6`` is written, and an example."""
    import re

    from .dice import SIZES
    from .errors import Lucky13Error

    def die(word: str) -> bool:
        try:
            parse_pool(word)
        except Lucky13Error:
            return False
        return True

    bad = next((w for w in rest if not die(w)), " ".join(rest))
    many = re.fullmatch(r"\s*(\d)\s*[dD](\d+)\s*", bad)
    write = (f"; {bad.strip()} is written {' '.join([f'd{many[2]}'] * int(many[1]))}"
             if many and int(many[2]) in SIZES and 2 <= int(many[1]) <= 6 else "")
    sizes = [f"d{n}" for n in SIZES]
    return (f"not dice: {bad!r} (the dice are {', '.join(sizes[:-1])} and {sizes[-1]}; a chain such as d12+d4 "
            f"is one die{write}): e.g. {example} d10 d8 d6")
