"""A sweep pointed at something that is not a Dask scheduler fails in one line, in bounded
time: a listener that accepts and says nothing, one that hangs up, one that speaks another
protocol. (Dask's own handshake waits on such a listener for minutes with no word.) The bound
is lowered here to a second or two; a user's is well within half a minute."""

from __future__ import annotations

import contextlib
import socket
import threading
import time

import pytest

from solo.cli import main
from solo.sim import sweep as sw

distributed = pytest.importorskip("distributed")


@contextlib.contextmanager
def listener(behaviour: str):
    """A TCP server on 127.0.0.1 (its address yielded) that accepts every connection and then
    ``"silent"``: keeps it open and says nothing; ``"hangs up"``: closes it at once;
    ``"talks"``: answers as a web server would, and keeps it open."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(16)
    server.settimeout(0.05)
    held: list[socket.socket] = []
    stop = threading.Event()

    def serve():
        while not stop.is_set():
            try:
                conn, _ = server.accept()
            except TimeoutError:
                continue
            if behaviour == "hangs up":
                conn.close()
                continue
            if behaviour == "talks":
                conn.sendall(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n")
            held.append(conn)

    t = threading.Thread(target=serve, daemon=True)
    t.start()
    try:
        yield f"tcp://127.0.0.1:{server.getsockname()[1]}"
    finally:
        stop.set()
        t.join(5)
        for conn in held:
            conn.close()
        server.close()


def sweep(capsys, *args: str) -> tuple[int, str, str, float]:
    started = time.monotonic()
    code = main(["sweep", "--set", "genre_points=0,4", "--games", "10", *args])
    out, err = capsys.readouterr()
    return code, out, err, time.monotonic() - started


def test_a_users_bound_is_well_within_half_a_minute():
    assert sw.GREETING_PATIENCE <= 20


def test_a_silent_listener_is_one_line_within_the_bound(capsys, monkeypatch):
    monkeypatch.setattr(sw, "GREETING_PATIENCE", 1.5)
    with listener("silent") as address:
        code, out, err, took = sweep(capsys, "--scheduler", address)
    assert (code, out) == (2, "")
    assert err == (f"solo: {address} accepted the connection but said nothing in 1.5 s: it is not a Dask "
                   "scheduler (dask scheduler prints the address to give)\n")
    assert took < 10


def test_a_silent_listener_named_by_the_environment_is_refused_too(capsys, monkeypatch):
    monkeypatch.setattr(sw, "GREETING_PATIENCE", 1.0)
    with listener("silent") as address:
        monkeypatch.setenv("SOLO_DASK_SCHEDULER", address)
        code, _, err, took = sweep(capsys)
    assert code == 2 and err.count("\n") == 1 and "said nothing in 1 s: it is not a Dask scheduler" in err
    assert took < 10


def test_a_listener_that_hangs_up_is_one_line_at_once(capsys):
    with listener("hangs up") as address:
        code, _, err, took = sweep(capsys, "--scheduler", address)
    assert code == 2
    assert err == (f"solo: {address} closed the connection without a Dask scheduler's greeting: it is not a "
                   "Dask scheduler (dask scheduler prints the address to give)\n")
    assert took < 10


def test_a_listener_of_another_protocol_is_one_line_at_once(capsys):
    with listener("talks") as address:
        code, _, err, took = sweep(capsys, "--scheduler", address)
    assert code == 2
    assert err == (f"solo: {address} answered, but not as a Dask scheduler does: it is not one "
                   "(dask scheduler prints the address to give)\n")
    assert took < 10


def test_run_dask_takes_its_bound_as_a_parameter():
    work = [(0, "core", None, "careful", 1, 0, 10)]
    with listener("silent") as address:
        started = time.monotonic()
        with pytest.raises(ValueError, match=r"said nothing in 0\.5 s"):
            sw.run_dask(work, 1, address, patience=0.5)
    assert time.monotonic() - started < 5


def test_a_real_scheduler_greets_at_once():
    with distributed.LocalCluster(n_workers=0, processes=False, protocol="tcp://", dashboard_address=None,
                                  silence_logs=40) as cluster:
        assert cluster.scheduler_address.startswith("tcp://")
        started = time.monotonic()
        sw.greeted(cluster.scheduler_address, 5.0)  # no error
        assert time.monotonic() - started < 5
