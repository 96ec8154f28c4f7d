"""Run many nights and gather what happened in each.

Game ``i`` of a run with seed ``S`` uses the chance seed ``S * 1_000_003 + i`` and its own
policy stream, so any split of the games over worker processes gives the same totals.

Two engines play the nights: ``core`` is :class:`~solo.nott.game.Game` itself (chance from
:class:`~solo.nott.chance.SeededChance`), ``fast`` the C extension of :mod:`solo.sim.fast`
(chance from :mod:`solo.sim.stream`). Both give :mod:`tallies <solo.sim.tally>`;
:func:`pick_engine` chooses, falling back to the core with a one-line note.
"""

from __future__ import annotations

import random
import signal
from collections.abc import Callable
from dataclasses import dataclass

from ..nott.actions import ROLL
from ..nott.cards import BLACK_JOKER, RED_JOKER
from ..nott.chance import SeededChance
from ..nott.game import CHOOSE_TESTER, DECIDE, Character, Game
from ..nott.rules import Ruleset
from .policies import get_policy
from .tally import from_records, merge

#: The simulated cast: four characters with four different Aptitudes, in suit order.
SIM_CAST = (Character("Power", 0), Character("Resolve", 1), Character("Intellect", 2), Character("Finesse", 3))


def game_seed(seed: int, i: int) -> int:
    return seed * 1_000_003 + i


@dataclass(frozen=True, slots=True)
class GameRecord:
    """What one simulated night came to."""

    dawn: bool
    alive: tuple[bool, ...]
    tests: int
    tests_to_endgame: int | None
    strikes: tuple[int, ...]
    deaths_by_strikes: int
    deaths_by_red_joker: int
    genre_spent: int
    black_joker: tuple[int, int]  # successes, failures
    red_joker_failures: int


def play_one(rules: Ruleset, policy, seed: int, cast=SIM_CAST) -> Game:
    """One whole night with ``policy``; no history kept (the simulator's hot loop)."""
    game = Game(cast, rules, SeededChance(seed), record=False)
    rng = random.Random(seed ^ 0x5EED)
    push = game.push
    tester, decide = policy.tester, policy.decide
    while game._outcome is None:
        phase = game.phase
        if phase == CHOOSE_TESTER:
            push(_TEST[tester(game, rng)])
        elif phase == DECIDE:
            for a in decide(game, rng):
                push(a)
        else:
            push(ROLL)
    return game


from .policies import _test  # noqa: E402  (cached Test actions)

_TEST = [_test(i) for i in range(8)]


def record(game: Game) -> GameRecord:
    o = game.outcome()
    bj = [s for j, s in game.joker_log if j == BLACK_JOKER]
    return GameRecord(
        dawn=o.dawn,
        alive=tuple(d is None for d in game.dead),
        tests=game.tests,
        tests_to_endgame=game.tests_to_endgame,
        strikes=tuple(game.strikes),
        deaths_by_strikes=sum(d == "strikes" for d in game.dead),
        deaths_by_red_joker=sum(d == "red joker" for d in game.dead),
        genre_spent=game.spent,
        black_joker=(sum(bj), len(bj) - sum(bj)),
        red_joker_failures=sum(1 for j, s in game.joker_log if j == RED_JOKER and not s),
    )


def run_range(rules: Ruleset, policy_name: str, seed: int, start: int, stop: int) -> list[GameRecord]:
    policy = get_policy(policy_name)
    return [record(play_one(rules, policy, game_seed(seed, i))) for i in range(start, stop)]


def _chunk(args: tuple) -> list[GameRecord]:
    return [] if _STOP is not None and _STOP.is_set() else _failing_stops(run_range, args)


def _failing_stops(work, args: tuple):
    """``work(*args)`` in a worker; a chunk that fails tells every worker to skip the chunks left
    at once (the parent hears of the failure only when the results reach it in order: the
    others would play on until then)."""
    try:
        return work(*args)
    except BaseException:
        if _STOP is not None:
            _STOP.set()
        raise


#: In a worker: the pool's stop signal (set when the run failed: the chunks left are skipped).
_STOP = None


def _quiet_worker(stop=None) -> None:
    """Workers leave Ctrl-C to the parent, which stops them (no tracebacks from each); a worker
    whose parent is gone (killed, SIGTERM or SIGKILL) ends at once, quietly: a write to it
    kills the worker as a pipe's writer is (SIGPIPE), never a traceback."""
    global _STOP
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "SIGPIPE"):
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    _STOP = stop
    _end_with_parent()


def _end_with_parent() -> None:
    """A thread that ends this worker as soon as its parent is gone (its chunk is not played out)."""
    import multiprocessing as mp
    import os
    import threading
    from multiprocessing.connection import wait

    parent = mp.parent_process()
    sentinel = getattr(parent, "sentinel", None)
    if sentinel is None:
        return

    def watch() -> None:
        try:
            wait([sentinel])
        except (OSError, ValueError):
            return
        os._exit(0)  # nothing of the parent's is left to tell: no clean-up, no traceback

    threading.Thread(target=watch, name="solo-parent-watch", daemon=True).start()


def _pool(workers: int):
    """A pool of ``workers`` processes that ignore Ctrl-C. They are forked from this process
    (copies of it, quick to start) when no other thread runs in it; else from a server process
    of their own (a fork of a process with other threads running can inherit a lock one of them
    held, an import's say, and wait on it for ever)."""
    import multiprocessing as mp
    import threading

    methods = mp.get_all_start_methods()
    if threading.active_count() > 1 and "forkserver" in methods:
        ctx = mp.get_context("forkserver")
        ctx.set_forkserver_preload(["solo.sim.run"])
        _quiet_tracker()
    else:
        ctx = mp.get_context("fork") if "fork" in methods else mp.get_context()
    if threading.current_thread() is not threading.main_thread():
        return _with_stop(ctx, workers)
    # a Ctrl-C while the workers start would leave a pool half made that nobody stops: it waits
    # until the pool is whole, which is then stopped before the Ctrl-C goes on
    pressed: list[int] = []
    before = signal.signal(signal.SIGINT, lambda signum, frame: pressed.append(signum))
    try:
        pool = _with_stop(ctx, workers)
    finally:
        signal.signal(signal.SIGINT, before)
    if pressed:
        pool.terminate()
        pool.join()
        raise KeyboardInterrupt
    return pool


def _quiet_tracker() -> None:
    """The resource tracker (started for a server of workers) is told not to warn of the pool's
    semaphores when this process was killed: it removes them all the same."""
    import sys

    quiet = "ignore::UserWarning:multiprocessing.resource_tracker"
    if quiet not in sys.warnoptions:
        sys.warnoptions.append(quiet)


def _with_stop(ctx, workers: int):
    stop = ctx.Event()
    pool = ctx.Pool(workers, initializer=_quiet_worker, initargs=(stop,))
    pool.solo_stop = stop
    return pool


def simulate(games: int, rules: Ruleset, policy_name: str, seed: int, workers: int = 1,
             progress: Callable[[int], None] | None = None, chunk: int = 500) -> list[GameRecord]:
    """Records of ``games`` nights played by the core engine, in game order whatever
    ``workers`` is."""
    get_policy(policy_name)  # fail fast on a bad name
    ranges = [(rules, policy_name, seed, a, min(a + chunk, games)) for a in range(0, games, chunk)]
    out: list[GameRecord] = []
    if workers <= 1 or len(ranges) == 1:
        for r in ranges:
            out += _chunk(r)
            if progress:
                progress(r[4] - r[3])
        return out
    pool = _pool(workers)
    try:
        for recs in pool.imap(_chunk, ranges):
            out += recs
            if progress:
                progress(len(recs))
    except BaseException as exc:
        _stop(pool, exc)
        raise
    pool.close()
    pool.join()
    return out


#: Seconds a failed run's workers have to skip the chunks left before they are terminated.
STOP_WAIT = 30.0


def _stop(pool, exc: BaseException) -> None:
    """Stop a pool whose work failed: on Ctrl-C at once (its workers terminated); on a failing
    chunk by telling the workers to skip the chunks left and letting them finish (a worker
    terminated while it writes a result holds the results' lock for ever, and the pool waits
    on it), terminated only if they have not within :data:`STOP_WAIT` seconds."""
    import threading

    if isinstance(exc, KeyboardInterrupt):
        pool.terminate()
        pool.join()
        return
    stop = getattr(pool, "solo_stop", None)
    if stop is not None:
        stop.set()
    pool.close()
    waiting = threading.Thread(target=pool.join, daemon=True)
    waiting.start()
    waiting.join(STOP_WAIT)
    if waiting.is_alive():
        pool.terminate()
        waiting.join(STOP_WAIT)


# ---------------------------------------------------------------------- tallies, either engine

ENGINES = ("auto", "fast", "core")
#: Most nights one run plays (its chunks are listed up front).
MAX_NIGHTS = 100_000_000
#: Nights per chunk: a chunk is the unit of work handed to a worker (and of progress).
CHUNK = {"fast": 20_000, "core": 500}


def pick_engine(requested: str, rules: Ruleset, policy_name: str, cast=SIM_CAST) -> tuple[str, str | None]:
    """``("fast" | "core", note)``: ``auto`` takes the fast engine when it is built and can play
    these rules, else the core with a one-line ``note`` saying why; ``fast`` refuses (a
    ``ValueError``) where ``auto`` would fall back."""
    get_policy(policy_name)
    if requested not in ENGINES:
        raise ValueError(f"unknown engine {requested!r} (choose from {', '.join(ENGINES)})")
    if requested == "core":
        return "core", None
    from . import fast

    if not fast.available():
        reason = fast.NOT_BUILT
    else:
        try:
            fast.arguments(rules, policy_name, cast)
            return "fast", None
        except fast.Unsupported as exc:
            reason = f"the fast engine cannot play {exc}"
    if requested == "fast":
        raise ValueError(reason)
    return "core", f"{reason}; simulating with the core rules engine"


def tally_range(engine: str, rules: Ruleset, policy_name: str, seed: int, start: int, stop: int) -> dict:
    """The tally of nights ``start``–``stop - 1`` of a run, played by ``engine``."""
    if engine == "fast":
        from . import fast

        return fast.tally(rules, policy_name, seed, start, stop, SIM_CAST)
    if engine != "core":
        raise ValueError(f"unknown engine {engine!r}")
    return from_records(run_range(rules, policy_name, seed, start, stop))


def _tally_chunk(args: tuple) -> dict | None:
    return None if _STOP is not None and _STOP.is_set() else _failing_stops(tally_range, args)


def tally_games(games: int, rules: Ruleset, policy_name: str, seed: int, workers: int = 1, engine: str = "core",
                progress: Callable[[int], None] | None = None, chunk: int | None = None) -> dict:
    """The tally of ``games`` nights (identical whatever ``workers`` and ``chunk`` are)."""
    chunk = chunk or CHUNK.get(engine, 500)
    ranges = [(engine, rules, policy_name, seed, a, min(a + chunk, games)) for a in range(0, games, chunk)]
    total = None
    workers = min(workers, len(ranges))
    if workers <= 1:
        results = map(_tally_chunk, ranges)
        pool = None
    else:
        pool = _pool(workers)
        results = pool.imap_unordered(_tally_chunk, ranges)
    try:
        for t in results:
            if t is None:
                continue  # skipped: a chunk failed (its error is on its way)
            total = t if total is None else merge(total, t)
            if progress:
                progress(t["games"])
    except BaseException as exc:  # Ctrl-C or a failing chunk: stop the workers
        if pool is not None:
            _stop(pool, exc)
        raise
    if pool is not None:
        pool.close()
        pool.join()
    if total is None:
        raise ValueError("no games to simulate")
    return total
