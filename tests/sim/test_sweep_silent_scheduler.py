"""A sweep pointed at something that is not a Dask scheduler fails in one line, in bounded
time: a listener that accepts and says nothing, one that hangs up, one that speaks another
protocol. (Dask's own handshake waits on such a listener for minutes with no word.) The bound
is lowered here to a second or two; a user's is well within half a minute.

Nothing here is timed (make test runs on shared, busy machines): each test asserts that Dask's
client is never made (the handshake that waits) and that solo's own wait is the patience it is
given (every read of the greeting has a timeout within it, and the error names it). Where the
answer must come at once, the patience is an hour and a thread's join of two minutes is the
guard: only a sweep that waits out its patience (a hang, for a test) misses it."""

from __future__ import annotations

import contextlib
import socket
import threading

import pytest

from solo.cli import main
from solo.sim import sweep as sw

from .threads import in_thread

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


#: Seconds a test waits for what must end long before: its expiry means a hang, not slowness.
HANG = 120
#: A patience that, waited out, is a hang to these tests.
AN_HOUR = 3600.0


def finished(fn):
    """``fn()``, run in a thread that must end within :data:`HANG` seconds (a guard against a
    hang, not a speed bound): its result, or what it raised."""
    box, t = in_thread(fn)
    t.join(HANG)
    assert not t.is_alive(), "still waiting: it hangs"
    if "err" in box:
        raise box["err"]
    return box["out"]


@pytest.fixture
def waits(monkeypatch):
    """The timeouts of the greeting's reads (``None``: a read that may wait forever), and no
    Dask client: one being made fails the test (its handshake is the wait without end)."""
    timeouts: list[float | None] = []
    recv = socket.socket.recv

    def timed_recv(sock, *args):
        timeouts.append(sock.gettimeout())
        return recv(sock, *args)

    class NoClient(distributed.Client):
        def __init__(self, *args, **kwargs):
            raise AssertionError("a Dask client was made: its handshake waits on a listener for minutes")

    monkeypatch.setattr(socket.socket, "recv", timed_recv)
    monkeypatch.setattr(distributed, "Client", NoClient)
    return timeouts


def sweep(capsys, *args: str) -> tuple[int, str, str]:
    code = finished(lambda: main(["sweep", "--set", "genre_points=0,4", "--games", "10", *args]))
    out, err = capsys.readouterr()
    return code, out, err


def test_a_users_bound_is_well_within_half_a_minute():
    assert sw.GREETING_PATIENCE <= 20


def test_a_silent_listener_is_one_line_within_the_bound(capsys, monkeypatch, waits):
    """The bug (Dask's handshake, no bound of solo's) makes the client and fails."""
    monkeypatch.setattr(sw, "GREETING_PATIENCE", 1.5)
    with listener("silent") as address:
        code, out, err = sweep(capsys, "--scheduler", address)
    assert (code, out) == (2, "")
    assert err == (f"solo: {address} accepted the connection but said nothing in 1.5 s: it is not a Dask "
                   "scheduler (dask scheduler prints the address to give)\n")
    assert waits and all(t is not None and t <= 1.5 for t in waits), waits


def test_a_silent_listener_named_by_the_environment_is_refused_too(capsys, monkeypatch, waits):
    """The bug (the environment's address not asked for its greeting) makes the client and fails."""
    monkeypatch.setattr(sw, "GREETING_PATIENCE", 1.0)
    with listener("silent") as address:
        monkeypatch.setenv("SOLO_DASK_SCHEDULER", address)
        code, _, err = sweep(capsys)
    assert code == 2 and err.count("\n") == 1 and "said nothing in 1 s: it is not a Dask scheduler" in err
    assert waits and all(t is not None and t <= 1.0 for t in waits), waits


def test_a_listener_that_hangs_up_is_one_line_at_once(capsys, monkeypatch, waits):
    """With an hour's patience: a sweep that waited for a greeting after the hang-up would hang."""
    monkeypatch.setattr(sw, "GREETING_PATIENCE", AN_HOUR)
    with listener("hangs up") as address:
        code, _, err = sweep(capsys, "--scheduler", address)
    assert code == 2
    assert err == (f"solo: {address} closed the connection without a Dask scheduler's greeting: it is not a "
                   "Dask scheduler (dask scheduler prints the address to give)\n")


def test_a_listener_of_another_protocol_is_one_line_at_once(capsys, monkeypatch, waits):
    """With an hour's patience: a sweep that read on after a header that is no Dask greeting
    would hang."""
    monkeypatch.setattr(sw, "GREETING_PATIENCE", AN_HOUR)
    with listener("talks") as address:
        code, _, err = sweep(capsys, "--scheduler", address)
    assert code == 2
    assert err == (f"solo: {address} answered, but not as a Dask scheduler does: it is not one "
                   "(dask scheduler prints the address to give)\n")


def test_run_dask_takes_its_bound_as_a_parameter(monkeypatch, waits):
    """The module's patience is an hour here: a run_dask that ignored its parameter would hang."""
    monkeypatch.setattr(sw, "GREETING_PATIENCE", AN_HOUR)
    work = [(0, "core", None, "careful", 1, 0, 10)]
    with listener("silent") as address, pytest.raises(ValueError, match=r"said nothing in 0\.5 s"):
        finished(lambda: sw.run_dask(work, 1, address, patience=0.5))
    assert waits and all(t is not None and t <= 0.5 for t in waits), waits


def test_a_real_scheduler_greets_at_once():
    """Asked with an hour's patience: a scheduler whose greeting went unread would hang."""
    with distributed.LocalCluster(n_workers=0, processes=False, protocol="tcp://", dashboard_address=None,
                                  silence_logs=40) as cluster:
        assert cluster.scheduler_address.startswith("tcp://")
        finished(lambda: sw.greeted(cluster.scheduler_address, AN_HOUR))  # no error
