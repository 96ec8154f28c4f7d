"""Design sweeps: one simulation per variant of the rules, over a grid of what-ifs.

``--set KNOB=V1,V2,…`` (repeatable) gives a grid: every combination of the values is a
variant, applied on top of the base rules (``--rules`` or a playset's). The base rules
themselves are the baseline every variant is compared with (a grid row when the grid holds
them, an extra first row when it does not).

The work is cut into chunks of nights, each a pure function of (rules, policy, seed, first
night, last night): a chunk's tally is the same on any machine, and tallies add up to the
same totals in any order. So a sweep gives the same numbers run in one process, on all local
cores (the default), or on a Dask cluster (``--scheduler``), byte for byte in ``--json``.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from .report import wilson
from .run import MAX_NIGHTS
from .tally import merge

#: Nights per chunk of work (the unit handed to a worker, and of progress).
CHUNK = 20_000
#: Most variants in a grid; a sweep plays at most :data:`~solo.sim.run.MAX_NIGHTS` nights in
#: all. Its chunks are listed up front: an absurd grid or ``--games`` would take memory without
#: bound before a night is played.
MAX_VARIANTS = 1_000


@dataclass(frozen=True)
class Variant:
    settings: tuple[tuple[str, str], ...]  # (knob, value) as given; () for the baseline row
    rules: object  # a Ruleset
    engine: str
    baseline: bool = False

    @property
    def label(self) -> str:
        return ", ".join(f"{k}={v}" for k, v in self.settings) or "baseline"


def parse_grid(items: Sequence[str]) -> list[tuple[str, list[str]]]:
    """``["genre_points=0,4,8", "strikes=2,3"]`` → ``[("genre_points", ["0", "4", "8"]), …]``.

    ``face_modifiers`` takes three numbers per value: write values as ``1/2/3,1/2/4`` (or
    ``1,2,3;1,2,4``); a single ``1,2,4`` is one value.
    """
    grid: list[tuple[str, list[str]]] = []
    for item in items:
        key, sep, text = item.partition("=")
        key = key.strip().lower()
        if not sep or not key or not text.strip():
            raise ValueError(f"--set needs KNOB=V1,V2,…, got {item!r}")
        from ..playsets import PlaysetError, knob_name

        try:
            knob_name(key)  # an unknown knob is refused with the whole item, before any value
        except PlaysetError as exc:
            raise ValueError(f"--set {item!r}: {exc}") from None
        if key in ("face_modifiers", "face-modifiers"):
            if ";" in text:
                values = text.split(";")
            elif "/" in text:
                values = [v.replace("/", ",") for v in text.split(",")]
            else:
                values = [text]
        else:
            values = text.split(",")
        values = [v.strip() for v in values]
        if any(not v for v in values):
            raise ValueError(f"--set {item!r}: an empty value")
        if len(set(values)) != len(values):
            raise ValueError(f"--set {item!r}: a value given twice")
        if any(k == key for k, _ in grid):
            raise ValueError(f"--set {key} given twice: list its values in one --set {key}=V1,V2,…")
        grid.append((key, values))
    return grid


def variants(grid: Sequence[tuple[str, list[str]]], base_overrides, policy: str, engine: str,
             notice: Callable[[str], None] | None = None) -> list[Variant]:
    """The baseline and every combination of the grid, each with the engine that plays it
    (ValueError, one line, for a grid of more than :data:`MAX_VARIANTS`)."""
    from ..playsets import parse_overrides
    from .run import pick_engine

    count = math.prod(len(v) for _, v in grid)
    if count > MAX_VARIANTS:  # said before the grid is built
        sizes = " × ".join(f"{len(v):,}" for _, v in grid)
        raise ValueError(f"--set makes a grid of {sizes} = {count:,} variants, more than a sweep plays "
                         f"({MAX_VARIANTS:,}): sweep fewer values")

    base = base_overrides.ruleset()
    notes: set[str] = set()

    def make(settings: tuple[tuple[str, str], ...]) -> Variant:
        rules = parse_overrides([f"{k}={v}" for k, v in settings], base_overrides).ruleset()
        eng, note = pick_engine(engine, rules, policy)
        if note and notice and note not in notes:
            notes.add(note)
            notice(note)
        return Variant(settings, rules, eng, baseline=rules == base)

    out = [make(tuple(zip([k for k, _ in grid], combo))) for combo in itertools.product(*[v for _, v in grid])]
    first = next((i for i, v in enumerate(out) if v.baseline), None)
    out = [v if i == first else Variant(v.settings, v.rules, v.engine) for i, v in enumerate(out)]
    if first is None:
        out.insert(0, make(()))
    return out


def check_size(variant_count: int, games: int) -> None:
    """ValueError (one line) for a sweep of more than :data:`MAX_NIGHTS` nights in all."""
    if variant_count * games > MAX_NIGHTS:
        raise ValueError(f"--games {games:,} for each of {variant_count:,} variants is {variant_count * games:,} "
                         f"nights, more than a sweep plays ({MAX_NIGHTS:,}): fewer games or fewer values")


def tasks(vs: Sequence[Variant], games: int, policy: str, seed: int, chunk: int = CHUNK) -> list[tuple]:
    """The chunks of a sweep: ``(variant index, engine, rules, policy, seed, start, stop)``.
    Every variant plays the same nights (the same seeds): differences between rows are the
    rules', not chance's. At most :data:`MAX_NIGHTS` nights in all (ValueError)."""
    check_size(len(vs), games)
    return [(i, v.engine, v.rules, policy, seed, a, min(a + chunk, games))
            for i, v in enumerate(vs) for a in range(0, games, chunk)]


def run_chunk(task: tuple) -> tuple[int, dict]:
    """One chunk of work (what a local worker or a Dask worker runs)."""
    from .fast import Unsupported
    from .run import tally_range

    i, *rest = task
    try:
        return i, tally_range(*rest)
    except Unsupported as exc:  # a cluster worker without the compiled engine
        import socket

        raise ValueError(f"on {socket.gethostname()}: {exc}; install solo there with a C compiler, "
                         "or sweep with --engine core") from None


def _collect(results: Iterable[tuple[int, dict]], n: int, progress: Callable[[int], None] | None) -> list[dict]:
    totals: list[dict | None] = [None] * n
    for i, t in results:
        totals[i] = t if totals[i] is None else merge(totals[i], t)
        if progress:
            progress(t["games"])
    return totals  # type: ignore[return-value]


def run_local(work: Sequence[tuple], n: int, workers: int,
              progress: Callable[[int], None] | None = None) -> list[dict]:
    """Run the chunks here: in this process (``workers`` 1) or on a pool of processes."""
    workers = min(workers, len(work))
    if workers <= 1:
        return _collect(map(run_chunk, work), n, progress)
    from .run import _pool

    pool = _pool(workers)
    try:
        out = _collect(pool.imap_unordered(run_chunk, work), n, progress)
    except BaseException:
        pool.terminate()
        pool.join()
        raise
    pool.close()
    pool.join()
    return out


def dask_missing() -> str:
    """Why ``--scheduler`` cannot run, and the command that installs what it needs here."""
    from ..invocation import install_command

    return f"--scheduler needs dask.distributed: {install_command('dask', 'distributed')}"


#: Seconds a Dask sweep waits, its work unfinished, on a cluster without a worker before it
#: gives up (ValueError). The cluster is asked only after :data:`QUIET` seconds without a result.
NO_WORKER_PATIENCE = 20.0
QUIET = 2.0


#: Seconds a Dask sweep waits for the scheduler at its address to greet it (a Dask scheduler
#: speaks first, at once): a listener that is not one is a ValueError within this, not a wait of
#: minutes with no word (Dask's own handshake has no time limit).
GREETING_PATIENCE = 20.0
#: The most bytes a Dask greeting can announce in its first frame header (it is a few dozen).
_GREETING_MOST = 1 << 24


def run_dask(work: Sequence[tuple], n: int, scheduler, progress: Callable[[int], None] | None = None,
             patience: float | None = None) -> list[dict]:
    """Run the chunks on a Dask cluster: ``scheduler`` is its address (``tcp://host:8786``) or
    a ``distributed.Client``. Its workers need solo installed (the same version). An address
    where nothing greets as a Dask scheduler within ``patience`` seconds (default
    :data:`GREETING_PATIENCE`), or a cluster left without a worker for
    :data:`NO_WORKER_PATIENCE` seconds, is a ValueError, not a wait forever."""
    try:
        from distributed import Client
    except ImportError:
        raise ValueError(dask_missing()) from None
    if not isinstance(scheduler, Client):
        patience = GREETING_PATIENCE if patience is None else patience
        greeted(scheduler, patience)
    client = scheduler if isinstance(scheduler, Client) else Client(scheduler, timeout="20s")
    futures = []
    try:
        futures = client.map(run_chunk, list(work), pure=False)
        return _collect(_dask_results(client, futures), n, progress)
    finally:
        if client is not scheduler:
            client.close()
        elif futures:
            client.cancel(futures)  # nothing left queued on someone else's client after an error


def greeted(address: str, patience: float) -> None:
    """Nothing if what listens at the TCP ``address`` greets as a Dask scheduler does (its first
    frame header, at once) within ``patience`` seconds; a ValueError, in one line, if it says
    nothing, closes, or says something else. A refused or unreachable address is left to the
    Dask client, which retries for its own bounded time; other protocols (``tls://`` …) are
    not asked here."""
    import socket
    import struct
    import time

    from distributed.comm.addressing import parse_address, parse_host_port

    try:
        scheme, loc = parse_address(address)
        host, port = parse_host_port(loc)
    except ValueError:
        return  # the Dask client says what is wrong with the address
    if scheme != "tcp":
        return
    deadline = time.monotonic() + patience
    try:
        sock = socket.create_connection((host, port), timeout=patience)
    except TimeoutError:
        raise ValueError(f"nothing answered at {address} in {patience:g} s: is a Dask scheduler running "
                         "there (dask scheduler prints its address)?") from None
    except OSError:
        return
    head = b""
    try:
        while len(head) < 8:
            left = deadline - time.monotonic()
            if left <= 0:
                break
            sock.settimeout(left)
            try:
                got = sock.recv(8 - len(head))
            except TimeoutError:
                break
            except OSError:
                got = b""
            if not got:
                raise ValueError(f"{address} closed the connection without a Dask scheduler's greeting: it is "
                                 "not a Dask scheduler (dask scheduler prints the address to give)")
            head += got
    finally:
        sock.close()
    if len(head) < 8:
        raise ValueError(f"{address} accepted the connection but said nothing in {patience:g} s: it is not a Dask "
                         "scheduler (dask scheduler prints the address to give)")
    if not 0 < struct.unpack("Q", head)[0] <= _GREETING_MOST:
        raise ValueError(f"{address} answered, but not as a Dask scheduler does: it is not one "
                         "(dask scheduler prints the address to give)")


def _dask_results(client, futures: list) -> Iterable[tuple[int, dict]]:
    """The chunks' results as they come; a ValueError once the cluster has had no worker for
    :data:`NO_WORKER_PATIENCE` seconds with work left, or once a chunk killed its workers."""
    import time

    from distributed import as_completed
    from distributed.scheduler import KilledWorker

    done = as_completed(futures)
    left = len(futures)
    last = time.monotonic()  # the last result, or the last time the cluster was asked
    alone_since = None  # since when the cluster has had no worker
    while left:
        if not done.has_ready():
            time.sleep(0.05)
            now = time.monotonic()
            if now - last < QUIET:
                continue
            last = now
            if client.nthreads():
                alone_since = None
            elif alone_since is None:
                alone_since = now
            elif now - alone_since >= NO_WORKER_PATIENCE:
                raise ValueError(f"the Dask cluster at {client.scheduler.address} has had no worker for "
                                 f"{now - alone_since:.0f} s, {left:,} of {len(futures):,} chunks undone: start "
                                 "workers there (dask worker ADDRESS) and sweep again")
            continue
        for f in done.next_batch(block=False):
            try:
                yield f.result()
            except KilledWorker as exc:
                raise ValueError(f"the Dask cluster lost the workers that ran a chunk: {exc}") from None
            left -= 1
        last, alone_since = time.monotonic(), None


def rows(vs: Sequence[Variant], totals: Sequence[dict]) -> list[dict]:
    """One row per variant: win rate with its 95 % interval, survival, Tests per night,
    Endgame rate, and the change in win rate against the baseline."""
    from .run import SIM_CAST

    out = []
    for v, t in zip(vs, totals, strict=True):
        n = t["games"]
        lo, hi = wilson(t["wins"], n)
        out.append({
            "variant": v.label,
            "set": dict(v.settings),
            "baseline": v.baseline,
            "engine": v.engine,
            "games": n,
            "win_rate": t["wins"] / n,
            "win_rate_ci95": [lo, hi],
            "survival_rate": sum(t["alive"]) / (n * len(t["alive"])),
            "survival_by_character": {c.name: a / n for c, a in zip(SIM_CAST, t["alive"])},
            "mean_tests": t["tests_sum"] / n,
            "endgame_rate": t["endgames"] / n,
        })
    base = next(r for r in out if r["baseline"])
    for r in out:
        r["win_rate_change"] = r["win_rate"] - base["win_rate"]
    return out


def table_text(result: dict, console) -> None:
    """The sweep as a rich table."""
    from rich import box
    from rich.table import Table

    t = Table(title=f"{result['games']:,} nights per variant · {result['rules']} rules · {result['policy']} policy "
                    f"· seed {result['seed']}", box=box.SIMPLE_HEAD)
    knobs = result["knobs"] or ["variant"]
    for k in knobs:
        t.add_column(k, no_wrap=True)
    for col in ("Win rate", "95 % CI", "Survival", "Tests", "Endgame", "Δ win"):
        t.add_column(col, justify="right", no_wrap=True)
    for r in result["variants"]:
        lo, hi = r["win_rate_ci95"]
        change = "baseline" if r["baseline"] else f"{r['win_rate_change'] * 100:+.1f} pts"
        where = [r["set"].get(k, "(base)") for k in knobs] if result["knobs"] else [r["variant"]]
        t.add_row(*where, f"{r['win_rate']:.1%}", f"{lo * 100:.1f}–{hi * 100:.1f}", f"{r['survival_rate']:.1%}",
                  f"{r['mean_tests']:.1f}", f"{r['endgame_rate']:.1%}", change)
    console.print(t)


CSV_COLUMNS = ("variant", "games", "win_rate", "win_rate_ci95_low", "win_rate_ci95_high", "survival_rate",
               "mean_tests", "endgame_rate", "win_rate_change", "baseline", "engine")


def write_csv(result: dict, out) -> None:
    import csv

    knobs = result["knobs"]
    cast = list(result["variants"][0]["survival_by_character"])
    w = csv.writer(out, lineterminator="\n")
    w.writerow([*CSV_COLUMNS[:1], *knobs, *CSV_COLUMNS[1:], *(f"survival_{c.lower()}" for c in cast)])
    for r in result["variants"]:
        w.writerow([r["variant"], *(r["set"].get(k, "") for k in knobs), r["games"], r["win_rate"],
                    *r["win_rate_ci95"], r["survival_rate"], r["mean_tests"], r["endgame_rate"],
                    r["win_rate_change"], str(r["baseline"]).lower(), r["engine"],
                    *r["survival_by_character"].values()])


def plot_missing() -> str:
    """Why ``--plot`` cannot draw, and the command that installs matplotlib here."""
    from ..invocation import install_command

    return f"--plot needs matplotlib: {install_command('plot', 'matplotlib')}"


def plot_target(path, force: bool = False):
    """Where ``--plot`` may write (a Path): refused in one line (ValueError) for a symlink,
    anything that is not a plain file, a plain file there without ``force``, a folder that does
    not exist, or a kind of picture matplotlib cannot draw (named by the file's ending)."""
    import os
    import stat
    from pathlib import Path

    path = Path(path)
    fmt = path.suffix[1:].lower()
    kinds = _plot_formats()
    if fmt not in kinds:
        raise ValueError(f"--plot {str(path)!r}: name a picture file ending in one of "
                         f"{', '.join('.' + k for k in sorted(kinds))}")
    parent = path.parent if str(path.parent) else Path(".")
    if not parent.is_dir():
        raise ValueError(f"--plot {str(path)!r}: no folder {str(parent)!r}")
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return path
    if stat.S_ISLNK(st.st_mode) or not stat.S_ISREG(st.st_mode):
        what = "a symlink" if stat.S_ISLNK(st.st_mode) else "not a plain file"
        raise ValueError(f"--plot {str(path)!r} is {what}: the plot is written only to a plain file")
    if not force:
        raise ValueError(f"--plot {str(path)!r} exists: add --force to replace it")
    return path


def _plot_formats() -> set[str]:
    try:
        from matplotlib.backend_bases import FigureCanvasBase
    except ImportError:
        raise ValueError(plot_missing()) from None
    return set(FigureCanvasBase.get_supported_filetypes())


#: The knobs in a player's words, for the plot's axis and title (aliases as --set takes them).
KNOB_LABELS = {"genre_points": "Genre Points", "gp": "Genre Points", "strikes_to_die": "Strikes to die",
               "strikes": "Strikes to die", "face_modifiers": "face card modifiers (J/Q/K)",
               "face-modifiers": "face card modifiers (J/Q/K)", "fast_setup": "fast setup", "fast": "fast setup",
               "trophy_start": "Trophy Pile start", "trophy": "Trophy Pile start",
               "reserve_fallback": "Number Reserve fallback", "fallback": "Number Reserve fallback",
               "empty_trophy_base": "difficulty on an empty Trophy Pile",
               "awards_per_night": "Genre Points the director awards per night"}


def knob_label(key: str) -> str:
    """A swept knob's name in words: ``strikes_to_die`` → ``Strikes to die``."""
    return KNOB_LABELS.get(key, key.replace("_", " "))


def plot(result: dict, path, force: bool = False) -> None:
    """Win rate (with its 95 % interval) against the first swept knob; one line for each
    combination of the others; the baseline as a dotted line. Written only where
    :func:`plot_target` allows, through a temporary file beside it (never through a symlink)."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise ValueError(plot_missing()) from None
    path = plot_target(path, force)
    knobs = result["knobs"]
    grid_rows = [r for r in result["variants"] if r["set"]]
    base = next(r for r in result["variants"] if r["baseline"])
    fig, ax = plt.subplots(figsize=(6.4, 3.8), dpi=100)
    if knobs:
        first = knobs[0]
        xs_text = list(dict.fromkeys(r["set"][first] for r in grid_rows))
        try:
            xs_num = [float(x) for x in xs_text]
        except ValueError:
            xs_num = None
        where = dict(zip(xs_text, xs_num if xs_num else range(len(xs_text))))
        groups: dict[str, list[dict]] = {}
        for r in grid_rows:
            rest = ", ".join(f"{k}={r['set'][k]}" for k in knobs[1:])
            groups.setdefault(rest, []).append(r)
        for rest, rs in groups.items():
            x = [where[r["set"][first]] for r in rs]
            y = [r["win_rate"] * 100 for r in rs]
            # at a win rate of 0 or 100 % an interval's edge may pass it by a rounding: no bar below 0
            err = [[max(0.0, (r["win_rate"] - r["win_rate_ci95"][0]) * 100) for r in rs],
                   [max(0.0, (r["win_rate_ci95"][1] - r["win_rate"]) * 100) for r in rs]]
            ax.errorbar(x, y, yerr=err, marker="o", capsize=4, label=rest or None)
        if not xs_num:
            ax.set_xticks(list(where.values()), xs_text)
        ax.set_xlabel(knob_label(first))
        if len(groups) > 1:
            ax.legend(fontsize="small")
    ax.axhline(base["win_rate"] * 100, linestyle=":", color="grey")
    ax.annotate("baseline", (1.0, base["win_rate"] * 100), xycoords=("axes fraction", "data"), ha="right",
                va="bottom", fontsize="small", color="grey")
    ax.set_ylabel("win rate, % (95 % interval)")
    ax.set_ylim(0, 100)  # the whole scale: neither an error bar nor the baseline is cut off
    what = f"Win rate (dawn) by {knob_label(knobs[0])}" if knobs else "Win rate (dawn)"
    ax.set_title(f"{what}\n{result['rules']} rules, {result['policy']} policy, {result['games']:,} nights per "
                 "variant", fontsize="medium")
    ax.grid(alpha=0.3)
    fig.tight_layout()
    _save_figure(fig, path)
    plt.close(fig)


def _save_figure(fig, path) -> None:
    import os
    import tempfile

    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=path.suffix, dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fig.savefig(fh, format=path.suffix[1:].lower())
        os.replace(tmp, path)  # replaces the name itself: a symlink put there meanwhile is not followed
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
