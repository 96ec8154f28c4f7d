"""A sweep on a Dask cluster with no worker left stops with one line, instead of waiting forever."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading

import pytest

from solo.cli import main
from solo.nott.rules import get_ruleset
from solo.sim import sweep as sw

from .threads import in_thread

distributed = pytest.importorskip("distributed")


def cluster(n_workers: int):
    return distributed.LocalCluster(n_workers=n_workers, threads_per_worker=1, processes=True,
                                    dashboard_address=None, silence_logs=40)


@pytest.mark.corpus  # long: .ci/run runs it
def test_a_sweep_whose_only_worker_dies_is_an_error_within_a_minute(monkeypatch):
    """The sweep gives up with one line once the cluster has had no worker for its patience (a
    user's is well within the minute; here two seconds, solo's own knob), instead of waiting
    for results forever: the bug (no patience at all) never ends, and the join, a guard
    against a hang and no speed bound, fails it. Nothing is timed."""
    assert sw.QUIET + sw.NO_WORKER_PATIENCE < 60
    monkeypatch.setattr(sw, "NO_WORKER_PATIENCE", 2.0)
    # core-engine chunks of 2,000 nights: a worker plays the hundred for a minute or more
    work = [(0, "core", get_ruleset("ashcan"), "careful", 1, a, a + 2000) for a in range(0, 200_000, 2000)]
    with cluster(0) as c, distributed.Client(c) as client:
        worker = subprocess.Popen([sys.executable, "-m", "distributed.cli.dask_worker", c.scheduler_address,
                                   "--no-nanny", "--nthreads", "1", "--no-dashboard"],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            first = threading.Event()
            box, t = in_thread(lambda: sw.run_dask(work, 1, client, lambda k: first.set()))
            assert first.wait(120), "the worker played no chunk"
            os.kill(worker.pid, signal.SIGKILL)  # the cluster's only worker dies mid-sweep
            t.join(120)  # only so that a sweep that never gives up cannot hold the run
            assert not t.is_alive(), "the sweep never gave up after its only worker died"
        finally:
            worker.kill()
            worker.wait()
    assert isinstance(box.get("err"), ValueError), box
    assert "no worker" in str(box["err"]) and "\n" not in str(box["err"])


@pytest.mark.corpus  # long: .ci/run runs it
def test_solo_sweep_on_a_cluster_without_workers_says_so_in_one_line(capsys, monkeypatch):
    monkeypatch.setattr(sw, "NO_WORKER_PATIENCE", 1.0)
    with cluster(0) as c:
        box, t = in_thread(lambda: main(["sweep", "--set", "genre_points=0,4", "--games", "10",
                                         "--scheduler", c.scheduler_address]))
        t.join(60)
        assert not t.is_alive(), "solo sweep still waits on a cluster without workers"
    out, err = capsys.readouterr()
    assert box == {"out": 2} and "Traceback" not in err
    line = next(l for l in err.splitlines() if l.startswith("solo: "))
    assert "no worker" in line and c.scheduler_address in line


def test_a_chunk_that_kills_its_workers_is_one_line():
    # the scheduler gives up on a chunk whose worker died (here at once: no failure allowed)
    work = [(0, "core", get_ruleset("ashcan"), "careful", 1, a, a + 2000) for a in range(0, 40_000, 2000)]
    dask = pytest.importorskip("dask")
    with dask.config.set({"distributed.scheduler.allowed-failures": 0}), cluster(1) as c, \
            distributed.Client(c) as client:
        first = threading.Event()
        box, t = in_thread(lambda: sw.run_dask(work, 1, client, lambda k: first.set()))
        assert first.wait(120), "the worker played no chunk"
        for pid in client.run(os.getpid).values():
            os.kill(pid, signal.SIGKILL)  # the nanny starts another; the chunk it ran is given up
        t.join(60)
        assert not t.is_alive()
    assert isinstance(box.get("err"), ValueError), box
    assert "lost the workers" in str(box["err"]) and "\n" not in str(box["err"])
