"""Lucky 13 beats: the moments a narrator tells, built from the rules core's results.

A beat is a :class:`~solo.narration.beats.Beat` (kind + plain-data context), so any
narrator that tells beats — the offline :class:`~solo.lucky13.narrator.Lucky13TemplateNarrator`
now, an LLM narrator later — can tell these. :class:`Lucky13Beat` only swaps the set of
kinds the Night of the Thirteenth beats allow for the Lucky 13 ones.

The builders read results and decide nothing: a check's beats are an ``explosion`` (if a
die exploded), ``success`` or ``failure``, then a ``dilemma`` (if a die imploded); an
attack's are ``hit`` or ``miss`` and what the damage did (``wound``, ``dying``, ``death``).

Every context carries ``player_action`` (the player's last free-text line, or ``None``),
``summary`` (a short line about the scene) and ``mode`` (cinematic, gritty or plain).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from solo.narration.beats import Beat

from .checks import CheckResult, ContestResult, DieRoll, PoolRoll
from .combat import AttackResult
from .dice import ABILITY, ACCURACY, DAMAGE, DEFENSE, DIFFICULTY, EXTRA, SKILL
from .health import Health

__all__ = [
    "ABILITY_NAMES",
    "CELLS",
    "LUCKY13_BEAT_KINDS",
    "Lucky13Beat",
    "attack_beats",
    "cell_of",
    "check_beats",
    "contest_beats",
    "health_beats",
    "opening_beat",
    "sample_beats",
    "sample_context",
]

#: Every Lucky 13 beat kind.
LUCKY13_BEAT_KINDS = (
    "opening", "success", "failure", "explosion", "dilemma", "hit", "miss", "wound", "dying", "death",
    "healing", "contest_win", "contest_lose",
)

ABILITY_NAMES = ("Will", "Charm", "Pulse", "Intellect", "Reflex")
ROLES = (ABILITY, SKILL, DIFFICULTY, ACCURACY, DEFENSE, DAMAGE, EXTRA)


@dataclass(frozen=True)
class Lucky13Beat(Beat):
    """A :class:`~solo.narration.beats.Beat` whose kind is one of :data:`LUCKY13_BEAT_KINDS`."""

    def __post_init__(self) -> None:
        if self.kind not in LUCKY13_BEAT_KINDS:
            raise ValueError(f"unknown Lucky 13 beat kind {self.kind!r} (one of {', '.join(LUCKY13_BEAT_KINDS)})")
        object.__setattr__(self, "context", dict(self.context))


# ---------------------------------------------------------------------- bands

def success_band(margin: int) -> str:
    """How a success looks: ``narrow`` (13–14), ``solid`` (15–18), ``great`` (19 or more)."""
    return "narrow" if margin <= 1 else "solid" if margin <= 5 else "great"


def failure_band(short: int) -> str:
    """How a failure looks: ``close`` (11–12), ``clear`` (7–10), ``bad`` (6 or less)."""
    return "close" if short <= 2 else "clear" if short <= 6 else "bad"


def hit_band(damage: int) -> str:
    """How a hit looks: ``graze`` (up to 6 damage), ``solid`` (7–14), ``brutal`` (15 or more)."""
    return "graze" if damage <= 6 else "solid" if damage <= 14 else "brutal"


#: The keys that tell one cell of a beat kind from another, with every value they take.
CELLS: dict[str, dict[str, tuple]] = {
    "opening": {"mode": ("cinematic", "gritty", "plain"), "titled": (True, False)},
    "success": {"ability": ABILITY_NAMES, "band": ("narrow", "solid", "great"), "skilled": (True, False)},
    "failure": {"ability": ABILITY_NAMES, "band": ("close", "clear", "bad"), "skilled": (True, False)},
    "explosion": {"role": ROLES, "many": (False, True)},
    "dilemma": {"what": ("check", "contest", "attack", "defense", "damage"), "success": (True, False, None)},
    "hit": {"band": ("graze", "solid", "brutal")},
    "miss": {"draw": (False, True)},
    "wound": {"source": ("attack", "damage", "bleed"), "pulse_dropped": (False, True)},
    "dying": {"source": ("attack", "damage", "bleed")},
    "death": {"source": ("attack", "damage", "bleed")},
    "healing": {"method": ("heal", "stabilise", "rest"), "revived": (False, True), "full": (False, True)},
    "contest_win": {"ability": ABILITY_NAMES, "close": (False, True), "crowd": (False, True)},
    "contest_lose": {"ability": ABILITY_NAMES, "draw": (False, True), "winner_known": (True, False)},
}

_CELL_KEYS = tuple(dict.fromkeys(k for cells in CELLS.values() for k in cells))


def cell_of(context: Mapping[str, Any]) -> tuple:
    """The cell a context falls in (for the narrator's no-repeat memory)."""
    return tuple(context.get(k) for k in _CELL_KEYS)


# ---------------------------------------------------------------------- builders

def _common(common: Mapping[str, Any] | None) -> dict[str, Any]:
    base = {"player_action": None, "summary": "", "mode": "cinematic"}
    base.update(common or {})
    return base


def _beat(kind: str, common: Mapping[str, Any], **ctx: Any) -> Lucky13Beat:
    return Lucky13Beat(kind, {**common, **ctx})


def opening_beat(title: str | None, mode: str, names: Sequence[str] = (), common: Mapping[str, Any] | None = None) -> Lucky13Beat:
    """The scene begins."""
    c = _common(common)
    c["mode"] = mode
    return _beat("opening", c, title=title or None, titled=bool(title), names=list(names), count=len(names))


def _label(d: DieRoll, labels: Mapping[str, str]) -> str:
    return labels.get(d.role) or d.role


def _explosion(name: str, roll: PoolRoll, labels: Mapping[str, str], common: dict) -> Lucky13Beat | None:
    exploded = [d for d in roll.dice if d.exploded]
    if not exploded:
        return None
    best = max(exploded, key=lambda d: len(d.faces))  # the first of the longest chains
    times = len(best.faces) - 1
    return _beat("explosion", common, name=name, role=best.role, label=_label(best, labels), die=f"d{best.size}",
                 times=times, many=times > 1 or len(exploded) > 1, dice_exploded=len(exploded), die_total=best.total)


def _dilemma(name: str, roll: PoolRoll, labels: Mapping[str, str], what: str, success: bool | None,
             common: dict) -> Lucky13Beat | None:
    imploded = roll.implosions
    if not imploded:
        return None
    first = imploded[0]
    return _beat("dilemma", common, name=name, role=first.role, label=_label(first, labels), die=f"d{first.size}",
                 what=what, success=success, count=len(imploded))


def check_beats(name: str, ability: str, skill: str | None, difficulty: str, result: CheckResult,
                labels: Mapping[str, str] | None = None, common: Mapping[str, Any] | None = None) -> list[Lucky13Beat]:
    """A skill check: [explosion], success or failure, [dilemma]."""
    c = _common(common)
    labels = dict(labels or {})
    beats: list[Lucky13Beat] = []
    ex = _explosion(name, result.roll, labels, c)
    if ex is not None:
        beats.append(ex)
    base = dict(name=name, ability=ability, skill=skill, skilled=skill is not None, difficulty=difficulty,
                total=result.total, exploded=ex is not None, dilemma=result.dilemma)
    if result.success:
        beats.append(_beat("success", c, **base, margin=result.margin, band=success_band(result.margin)))
    else:
        short = -result.margin
        beats.append(_beat("failure", c, **base, short=short, band=failure_band(short)))
    di = _dilemma(name, result.roll, labels, "check", result.success, c)
    if di is not None:
        beats.append(di)
    return beats


def contest_beats(names: Sequence[str], abilities: Sequence[str], skills: Sequence[str | None], result: ContestResult,
                  labels: Sequence[Mapping[str, str]] | None = None,
                  common: Mapping[str, Any] | None = None) -> list[Lucky13Beat]:
    """A contest, told from the acting side (side 0): [explosion], contest_win or contest_lose,
    then a dilemma for each side whose die imploded."""
    c = _common(common)
    labels = list(labels or [{} for _ in names])
    beats: list[Lucky13Beat] = []
    for i, roll in enumerate(result.rolls):
        ex = _explosion(names[i], roll, labels[i], c)
        if ex is not None:
            beats.append(ex)
            break
    others = [n for i, n in enumerate(names) if i != 0]
    base = dict(name=names[0], ability=abilities[0], skill=skills[0], opponents=others, opponent=others[0],
                crowd=len(others) > 1, totals=list(result.totals), total=result.totals[0])
    if result.actor_wins:
        beats.append(_beat("contest_win", c, **base, margin=result.margin, close=result.margin <= 2))
    else:
        winner = names[result.winner] if result.winner is not None else None
        best_other = max(t for i, t in enumerate(result.totals) if i != 0)
        beats.append(_beat("contest_lose", c, **base, winner=winner, winner_known=winner is not None,
                           draw=result.totals[0] == best_other, margin=best_other - result.totals[0]))
    for i in result.dilemmas:
        won = result.winner == i if result.winner is not None else None
        di = _dilemma(names[i], result.rolls[i], labels[i], "contest", won, c)
        if di is not None:
            beats.append(di)
    return beats


def attack_beats(attacker: str, defender: str, weapon: str, result: AttackResult,
                 labels: Sequence[Mapping[str, str]] | None = None,
                 common: Mapping[str, Any] | None = None) -> list[Lucky13Beat]:
    """One round of combat: [explosion], hit or miss, dilemmas (attacker, defender, damage).
    What the damage did to the defender is :func:`health_beats`' part."""
    c = _common(common)
    a_labels, d_labels = (list(labels) if labels else [{}, {}])[:2]
    beats: list[Lucky13Beat] = []
    for who, roll, lab in ((attacker, result.attack, a_labels), (defender, result.defense, d_labels),
                           (attacker, result.damage_roll, {DAMAGE: weapon})):
        if roll is None:
            continue
        ex = _explosion(who, roll, lab, c)
        if ex is not None:
            beats.append(ex)
            break
    if result.hit:
        beats.append(_beat("hit", c, attacker=attacker, defender=defender, name=attacker, weapon=weapon,
                           margin=result.margin, damage=result.damage, band=hit_band(result.damage)))
    else:
        draw = result.attack.total == result.defense.total
        beats.append(_beat("miss", c, attacker=attacker, defender=defender, name=attacker, weapon=weapon, draw=draw,
                           margin=result.defense.total - result.attack.total))
    for what, who, roll, lab in (("attack", attacker, result.attack, a_labels),
                                 ("defense", defender, result.defense, d_labels),
                                 ("damage", attacker, result.damage_roll, {DAMAGE: weapon})):
        if roll is None:
            continue
        success = result.hit if what != "defense" else not result.hit
        di = _dilemma(who, roll, lab, what, success if what != "damage" else None, c)
        if di is not None:
            beats.append(di)
    return beats


def health_beats(name: str, before: Health, after: Health, source: str, attacker: str | None = None,
                 amount: int = 0, common: Mapping[str, Any] | None = None) -> list[Lucky13Beat]:
    """What a change of hit points did: wound, dying or death (damage) or healing."""
    c = _common(common)
    base = dict(name=name, source=source, attacker=attacker, amount=amount, hp=after.hp, max_hp=after.max_hp,
                pulse=str(after.pulse), pulse_before=str(before.pulse), death_at=after.death_at)
    if after.dead:
        return [_beat("death", c, **base)]
    if after.hp < before.hp:
        if after.dying:
            return [_beat("dying", c, **base, stable=after.stable)]
        return [_beat("wound", c, **base, pulse_dropped=after.pulse != before.pulse)]
    if after.hp > before.hp or (after.stable and not before.stable):
        method = source if source in ("heal", "stabilise", "rest") else "heal"
        return [_beat("healing", c, **base, method=method, stabilised=after.stable and not before.stable,
                      revived=before.hp <= 0 < after.hp, full=after.hp == after.max_hp,
                      was_dying=before.dying, pulse_restored=after.pulse != before.pulse)]
    return []


# ---------------------------------------------------------------------- samples (tests, docs)

_SAMPLE_NAMES = ("Brunella", "Casimir", "Hrothgar", "Knuckles")


def sample_context(kind: str, **cell: Any) -> dict[str, Any]:
    """A full, consistent context for ``kind`` in the given cell (any key of :data:`CELLS`
    left out takes its first value). For tests and for trying templates."""
    if kind not in CELLS:
        raise ValueError(f"unknown Lucky 13 beat kind {kind!r}")
    values = {k: (cell[k] if k in cell else v[0]) for k, v in CELLS[kind].items()}
    unknown = set(cell) - set(values)
    if unknown:
        raise ValueError(f"{kind} has no cell key {sorted(unknown)!r}")
    ctx: dict[str, Any] = {"player_action": None, "summary": "Brunella unhurt, Casimir 20/30 hp.",
                           "mode": "cinematic"}
    name, other = _SAMPLE_NAMES[0], _SAMPLE_NAMES[1]
    if kind == "opening":
        ctx.update(mode=values["mode"], title="The Black Door" if values["titled"] else None,
                   titled=values["titled"], names=[], count=0)
    elif kind in ("success", "failure"):
        skilled = values["skilled"]
        ctx.update(name=name, ability=values["ability"], skill="Fighting" if skilled else None, skilled=skilled,
                   difficulty="Moderate", exploded=False, dilemma=False, band=values["band"])
        if kind == "success":
            margin = {"narrow": 1, "solid": 4, "great": 9}[values["band"]]
            ctx.update(margin=margin, total=13 + margin)
        else:
            short = {"close": 1, "clear": 5, "bad": 9}[values["band"]]
            ctx.update(short=short, total=13 - short)
    elif kind == "explosion":
        role = values["role"]
        label = {ABILITY: "Pulse", SKILL: "Fighting", DIFFICULTY: "Moderate", ACCURACY: "Broadsword",
                 DEFENSE: "Chainmail", DAMAGE: "Broadsword", EXTRA: "d6"}[role]
        ctx.update(name=name, role=role, label=label, die="d8", times=2 if values["many"] else 1,
                   many=values["many"], dice_exploded=1, die_total=19 if values["many"] else 11)
    elif kind == "dilemma":
        what = values["what"]
        role = {"check": ABILITY, "contest": SKILL, "attack": ACCURACY, "defense": DEFENSE, "damage": DAMAGE}[what]
        ctx.update(name=other if what == "defense" else name, role=role, label="Pulse", die="d8", what=what,
                   success=values["success"], count=1)
    elif kind == "hit":
        damage = {"graze": 5, "solid": 10, "brutal": 18}[values["band"]]
        ctx.update(attacker=name, defender=other, name=name, weapon="Broadsword", margin=4, damage=damage,
                   band=values["band"])
    elif kind == "miss":
        ctx.update(attacker=name, defender=other, name=name, weapon="Broadsword", draw=values["draw"],
                   margin=0 if values["draw"] else 3)
    elif kind in ("wound", "dying", "death"):
        source = values["source"]
        ctx.update(name=other, source=source, attacker=name if source == "attack" else None,
                   amount=10, max_hp=30, death_at=-8)
        if kind == "wound":
            dropped = values["pulse_dropped"]
            ctx.update(hp=20 if dropped else 25, pulse="d6" if dropped else "d8", pulse_before="d8",
                       pulse_dropped=dropped)
        elif kind == "dying":
            ctx.update(hp=-2, pulse="none", pulse_before="d4", stable=False)
        else:
            ctx.update(hp=-8, pulse="none", pulse_before="none")
    elif kind == "healing":
        method, revived, full = values["method"], values["revived"], values["full"]
        hp = 30 if full else (4 if revived else 18)
        ctx.update(name=other, source=method, attacker=None, amount=6, hp=hp, max_hp=30, death_at=-8,
                   pulse="d8" if full else ("d4" if revived else "d6"), pulse_before="d6", method=method,
                   stabilised=method == "stabilise", revived=revived, full=full, was_dying=revived,
                   pulse_restored=full)
    elif kind in ("contest_win", "contest_lose"):
        ctx.update(name=name, ability=values["ability"], skill="Fighting", opponent=other, total=12)
        if kind == "contest_win":
            crowd = values["crowd"]
            ctx.update(opponents=[other, "Big Tuna"] if crowd else [other], crowd=crowd, close=values["close"],
                       margin=1 if values["close"] else 5, totals=[12, 11 if values["close"] else 7])
        else:
            known, draw = values["winner_known"], values["draw"]
            ctx.update(opponents=[other, "Big Tuna"] if not known else [other], crowd=not known, draw=draw,
                       winner=other if known else None, winner_known=known, margin=0 if draw else 3,
                       totals=[12, 12 if draw else 15])
    return ctx


def sample_beats(kind: str) -> Iterator[Lucky13Beat]:
    """One beat for every cell of ``kind``."""
    keys = list(CELLS[kind])
    for combo in itertools.product(*(CELLS[kind][k] for k in keys)):
        yield Lucky13Beat(kind, sample_context(kind, **dict(zip(keys, combo))))
