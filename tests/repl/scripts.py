"""Scripts for whole games, worked out on the rules core first (the REPL must agree)."""

from solo.nott import Game, Resolve, Roll, Test, quick_cast


def script_for(seed: int, max_tests: int = 10_000) -> tuple[list[str], Game]:
    """Commands that play a quick-cast night of ``seed`` to its end: the first living
    character always tests and always keeps the roll."""
    g = Game(quick_cast(seed), seed=seed)
    lines = ["quick"]
    while g.outcome() is None and g.tests < max_tests:
        who = g.living()[0]
        g.push(Test(who))
        g.push(Roll())
        lines += [f"test {g.cast[who].name}", "roll"]
        if g.aptitude_applies() or (not g.rerolled and g.genre[who] > 0):
            lines.append("resolve")
        g.push(Resolve(0))
    return lines, g


def find_seed(dawn: bool) -> int:
    for seed in range(1, 500):
        _, g = script_for(seed)
        if g.outcome().dawn == dawn:
            return seed
    raise AssertionError("no seed found")
