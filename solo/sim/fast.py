"""The simulator's fast engine: whole nights played by the C extension ``_fastnight``.

The rules live in :class:`solo.nott.game.Game`; the extension is a second, faster form of the
same rules and of the policies in :mod:`solo.sim.policies`, proven the same game by
tests/sim/test_fast_differential.py (the table compared after every Test, with both engines
drawing from the chance stream of :mod:`solo.sim.stream`) and tests/sim/test_fast_stats.py.

The extension is optional: it is compiled at install when a C compiler is present. Without
it, or for a rule it cannot play, the simulator uses the core engine and says so in one line.
"""

from __future__ import annotations

from dataclasses import fields

#: Policy codes of the extension.
POLICY_CODES = {"naive": 0, "careful": 1, "spread": 2}
#: Ruleset fields the extension plays, and those that do not change a simulated night
#: (its name, and the cast size: the simulated cast is always given whole).
PLAYED = ("trophy_start", "empty_trophy_base", "reserve_fallback", "face_modifiers", "genre_points",
          "strikes_to_die", "fast_setup")
NOT_PLAYED = ("name", "min_cast", "max_cast")
#: Bounds on numbers the extension keeps in C ints (far past anything the rules allow).
LIMIT = 1_000_000

#: The table after a Test, as :func:`trace` gives it: every pile top first; ``dead`` 0 alive,
#: 1 by Strikes, 2 by the Red Joker; ``dawn`` ``None`` while the night goes on.
TABLE_FIELDS = ("deck", "trophy", "number_reserve", "jacks", "queens", "kings", "jokers", "strikes", "genre",
                "dead", "pool", "spent", "weaknesses", "endgame", "tests", "tests_to_endgame", "dawn")

_MODULE = None
_TRIED = False


class Unsupported(ValueError):
    """A rule, policy or cast the fast engine cannot play (the core engine can)."""


def module():
    """The compiled extension, or ``None`` where it was not built."""
    global _MODULE, _TRIED
    if not _TRIED:
        _TRIED = True
        try:
            from . import _fastnight
        except ImportError:
            _fastnight = None
        _MODULE = _fastnight
    return _MODULE


def available() -> bool:
    return module() is not None


NOT_BUILT = "the fast engine is not built here (no C compiler at install time)"


def arguments(rules, policy: str, cast) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
    """(policy code, aptitudes, rules tuple) for the extension, or :class:`Unsupported`."""
    code = POLICY_CODES.get(policy)
    if code is None:
        raise Unsupported(f"the {policy!r} policy")
    names = {f.name for f in fields(rules)}
    unknown = sorted(names - set(PLAYED) - set(NOT_PLAYED))
    if unknown:
        raise Unsupported(f"the rule knob{'s' if len(unknown) > 1 else ''} {', '.join(unknown)}")
    if not 1 <= len(cast) <= 8:
        raise Unsupported(f"a cast of {len(cast)}")
    numbers = {"empty_trophy_base": rules.empty_trophy_base, "genre_points": rules.genre_points,
               "strikes_to_die": rules.strikes_to_die, "jack modifier": rules.face_modifiers[0],
               "queen modifier": rules.face_modifiers[1], "king modifier": rules.face_modifiers[2]}
    for name, value in numbers.items():
        if not isinstance(value, int) or isinstance(value, bool) or not -LIMIT <= value <= LIMIT:
            raise Unsupported(f"{name} = {value!r}")
    if rules.trophy_start not in ("ten", "empty"):
        raise Unsupported(f"trophy_start = {rules.trophy_start!r}")
    return code, tuple(c.aptitude for c in cast), (
        int(rules.trophy_start == "ten"), rules.empty_trophy_base, int(bool(rules.reserve_fallback)),
        *rules.face_modifiers, rules.genre_points, rules.strikes_to_die, int(bool(rules.fast_setup)))


def tally(rules, policy: str, seed: int, start: int, stop: int, cast) -> dict:
    """Totals of nights ``start``–``stop - 1`` (see :mod:`solo.sim.tally`)."""
    m = module()
    if m is None:
        raise Unsupported(NOT_BUILT)
    code, apts, r = arguments(rules, policy, cast)
    return m.tally(seed & 0xFFFFFFFFFFFFFFFF, start, stop, code, apts, r)


def trace(night: int, rules, policy: str, cast) -> list[tuple]:
    """The table after every Test of the night seeded ``night`` (:data:`TABLE_FIELDS`; for the
    differential test)."""
    m = module()
    if m is None:
        raise Unsupported(NOT_BUILT)
    code, apts, r = arguments(rules, policy, cast)
    return m.trace(night, code, apts, r)
