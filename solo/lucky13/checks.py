"""Skill checks, contests, exploding and imploding dice, advantage and disadvantage.

"Lucky 13 relies on two kinds of rolls: skill checks and contests." A skill check
succeeds on 13 or more; in a contest the higher total wins and a draw fails the side
that acts. Which dice explode depends on the :class:`Mode`; a die showing 1 implodes,
which makes a *dilemma* — reported beside success, never instead of it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum, IntEnum

from .dice import ABILITY, NONE, Chance, D4, D6, D8, D10, D12, Die, Pool, as_die
from .errors import InvalidDieError, UnknownDifficultyError

#: "skill checks always require a 13 to succeed"
TARGET = 13


class Mode(Enum):
    """Which dice explode and implode.

    - ``CINEMATIC``: "any die can explode or implode. Exploding dice can continue to
      explode indefinitely."
    - ``GRITTY``: "only an Ability die can explode, and it can only explode one time."
      Any die still implodes on a 1 (R6); at most one explosion per roll (R7).
    - ``PLAIN``: no exploding or imploding at all — not in the text; for a designer who
      leaves the rule out, and for the "without exploding dice" odds.
    """

    CINEMATIC = "cinematic"
    GRITTY = "gritty"
    PLAIN = "plain"


class Edge(IntEnum):
    """Advantage and disadvantage on the Ability die.

    Background: "they may roll their Ability die twice, and choose the higher of the two
    rolls." Impairment: "they will roll their Ability die twice, and select the lower of the
    two rolls." One of each cancels out (R10).
    """

    DISADVANTAGE = -1
    NONE = 0
    ADVANTAGE = 1


def edge(background: bool = False, impairment: bool = False) -> Edge:
    """The :class:`Edge` of a roll where a background and/or an impairment comes into play."""
    return Edge(int(bool(background)) - int(bool(impairment)))


#: "Difficulty levels correspond to die sizes as follows", hardest last.
DIFFICULTY_LEVELS: tuple[tuple[str, Die], ...] = (
    ("Easy", D12),
    ("Moderate", D10),
    ("Difficult", D8),
    ("Challenging", D6),
    ("Extraordinary", D4),
    ("Heroic", NONE),
)


def difficulty_die(level: str | Die) -> Die:
    """The Difficulty die for a level name (``"Moderate"`` → d10, ``"Heroic"`` → no die).

    A die (or die text such as ``"d10"``) is accepted as it is: "The difficulty die can be
    anything from a d4 to a d12."
    """
    if isinstance(level, Die):
        return level
    if isinstance(level, str):
        key = level.strip().lower()
        for name, die in DIFFICULTY_LEVELS:
            if name.lower() == key:
                return die
        try:
            return as_die(level)
        except InvalidDieError:
            pass
    names = ", ".join(n for n, _ in DIFFICULTY_LEVELS)
    raise UnknownDifficultyError(f"not a difficulty: {level!r} (levels: {names}; or a die d4–d12)")


def difficulty_name(die: Die | str) -> str:
    """The level name for a Difficulty die (d10 → ``"Moderate"``)."""
    d = as_die(die)
    for name, level_die in DIFFICULTY_LEVELS:
        if level_die == d:
            return name
    raise UnknownDifficultyError(f"no difficulty level uses {str(d)!r}")


# ---------------------------------------------------------------------- results

@dataclass(frozen=True, slots=True)
class DieRoll:
    """One die of a roll. ``faces`` holds the roll, then every explosion re-roll in order.

    ``discarded`` is the face of the Ability roll not kept under advantage/disadvantage.
    """

    role: str
    size: int
    faces: tuple[int, ...]
    imploded: bool = False
    discarded: int | None = None

    @property
    def total(self) -> int:
        return sum(self.faces)

    @property
    def exploded(self) -> bool:
        """"A die explodes when the highest number on that die is rolled.\""""
        return len(self.faces) > 1


@dataclass(frozen=True, slots=True)
class PoolRoll:
    """The dice of one pool after rolling."""

    pool: Pool
    dice: tuple[DieRoll, ...]
    mode: Mode
    edge: Edge = Edge.NONE

    @property
    def total(self) -> int:
        return sum(d.total for d in self.dice)

    @property
    def implosions(self) -> tuple[DieRoll, ...]:
        return tuple(d for d in self.dice if d.imploded)

    @property
    def dilemma(self) -> bool:
        """"The result of an imploding die is a dilemma." """
        return any(d.imploded for d in self.dice)

    @property
    def faces(self) -> tuple[int, ...]:
        """Every face rolled and kept, in rolling order."""
        return tuple(f for d in self.dice for f in d.faces)


@dataclass(frozen=True, slots=True)
class CheckResult:
    """A skill check: success at ``target`` (13) or more; a dilemma is separate data.

    "This is not an automatic failure, because there are other dice that were rolled with
    it, and the total may still reach 13 even if one die comes up as a 1."
    """

    roll: PoolRoll
    target: int = TARGET

    @property
    def total(self) -> int:
        return self.roll.total

    @property
    def success(self) -> bool:
        return self.roll.total >= self.target

    @property
    def dilemma(self) -> bool:
        return self.roll.dilemma

    @property
    def margin(self) -> int:
        """Total minus the target (negative when short)."""
        return self.roll.total - self.target


@dataclass(frozen=True, slots=True)
class ContestResult:
    """Each side's roll; ``winner`` is a side index, or ``None`` when nobody prevails."""

    rolls: tuple[PoolRoll, ...]
    actor: int | None
    winner: int | None

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(r.total for r in self.rolls)

    @property
    def actor_wins(self) -> bool:
        return self.actor is not None and self.winner == self.actor

    @property
    def draw(self) -> bool:
        """Two or more sides share the highest total."""
        t = self.totals
        return t.count(max(t)) > 1

    @property
    def margin(self) -> int:
        """Winner's total minus the best other total (0 when nobody wins or on a draw)."""
        if self.winner is None:
            return 0
        t = self.totals
        others = [x for i, x in enumerate(t) if i != self.winner]
        return t[self.winner] - max(others) if others else t[self.winner]

    @property
    def dilemmas(self) -> tuple[int, ...]:
        """Sides whose roll holds an imploded die."""
        return tuple(i for i, r in enumerate(self.rolls) if r.dilemma)


# ---------------------------------------------------------------------- rolling

def _explodes(mode: Mode, role: str, gritty_left: int) -> bool:
    if mode is Mode.CINEMATIC:
        return True
    if mode is Mode.GRITTY:
        return role == ABILITY and gritty_left > 0
    return False


def roll_pool(pool: Pool, chance: Chance, *, mode: Mode = Mode.CINEMATIC, edge: Edge = Edge.NONE) -> PoolRoll:
    """Roll ``pool``: each die in order, its explosion re-rolls straight after it (R5).

    Under an :class:`Edge` the Ability dice are rolled twice as a set, first set then
    second, and the set with the higher (advantage) or lower (disadvantage) sum is kept,
    ties keeping the first; only then do the kept dice explode (R9).
    """
    if not isinstance(mode, Mode):
        raise InvalidDieError(f"not a mode of play: {mode!r}")
    edge = Edge(edge)
    dice = pool.dice()
    ability_at = [i for i, (r, _) in enumerate(dice) if r == ABILITY]
    preset: dict[int, tuple[int, int | None]] = {}
    gritty_left = 1
    out = []
    for i, (role, size) in enumerate(dice):
        if i in preset:
            face, other = preset[i]
        elif edge and role == ABILITY:
            a = [chance.roll(dice[j][1]) for j in ability_at]
            b = [chance.roll(dice[j][1]) for j in ability_at]
            first = sum(a) >= sum(b) if edge > 0 else sum(a) <= sum(b)
            kept, dropped = (a, b) if first else (b, a)
            preset = {j: (k, o) for j, k, o in zip(ability_at, kept, dropped)}
            face, other = preset[i]
        else:
            face, other = chance.roll(size), None
        faces = [face]
        while faces[-1] == size and _explodes(mode, role, gritty_left):
            if mode is Mode.GRITTY:
                gritty_left -= 1
            faces.append(chance.roll(size))
        imploded = mode is not Mode.PLAIN and face == 1
        out.append(DieRoll(role, size, tuple(faces), imploded, other))
    return PoolRoll(pool, tuple(out), mode, edge)


def check(pool: Pool, chance: Chance, *, mode: Mode = Mode.CINEMATIC, edge: Edge = Edge.NONE,
          target: int = TARGET) -> CheckResult:
    """Roll a prepared pool against ``target`` (13)."""
    return CheckResult(roll_pool(pool, chance, mode=mode, edge=edge), target)


def skill_check(ability: Die | str, skill: Die | str, difficulty: Die | str, chance: Chance, *,
                mode: Mode = Mode.CINEMATIC, edge: Edge = Edge.NONE, extra: Iterable[Die | str] = (),
                target: int = TARGET) -> CheckResult:
    """Ability + Skill + Difficulty die (a level name or a die), trying for 13.

    "Skill checks use three core dice, Ability, Skill, and a Difficulty Die, which are added
    to try and reach 13." ``extra`` dice: "In some cases, other dice can be added when an
    object or character is used to help."
    """
    pool = Pool.check(ability, skill, difficulty_die(difficulty), extra)
    return check(pool, chance, mode=mode, edge=edge, target=target)


def contest(pools: Sequence[Pool], chance: Chance, *, mode: Mode = Mode.CINEMATIC,
            edges: Sequence[Edge] | None = None, actor: int | None = 0) -> ContestResult:
    """Each side rolls its pool (in order); the higher total wins.

    "Contests are a simple matter of each side trying for a higher roll." On a draw for the
    highest total the ``actor`` (the side trying to change things) fails — "A draw is
    considered a failed attack" — so with two sides the other side prevails; with more,
    a draw among the rest leaves ``winner`` as ``None`` (R12). ``actor=None`` makes every
    draw a draw.
    """
    pools = list(pools)
    if len(pools) < 2:
        raise InvalidDieError(f"a contest needs two or more sides, got {len(pools)}")
    edges = list(edges) if edges is not None else [Edge.NONE] * len(pools)
    if len(edges) != len(pools):
        raise InvalidDieError(f"{len(edges)} edges for {len(pools)} sides")
    if actor is not None and not 0 <= actor < len(pools):
        raise InvalidDieError(f"no side {actor!r} in a contest of {len(pools)}")
    rolls = tuple(roll_pool(p, chance, mode=mode, edge=e) for p, e in zip(pools, edges))
    totals = [r.total for r in rolls]
    leaders = [i for i, t in enumerate(totals) if t == max(totals)]
    if len(leaders) > 1 and actor in leaders:
        leaders.remove(actor)
    return ContestResult(rolls, actor, leaders[0] if len(leaders) == 1 else None)


def opposed(actor: Pool, opponent: Pool, chance: Chance, *, mode: Mode = Mode.CINEMATIC,
            actor_edge: Edge = Edge.NONE, opponent_edge: Edge = Edge.NONE) -> ContestResult:
    """"An opposed roll consists of each character's Ability die + Skill die versus the
    other's": the actor (side 0) wins only with a strictly higher total."""
    return contest((actor, opponent), chance, mode=mode, edges=(actor_edge, opponent_edge), actor=0)
