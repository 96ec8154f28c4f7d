"""No test compares wall-clock time with a bound: ``make test`` runs on shared, busy machines
(two cores, other processes beside it), where a bound that holds on a quiet machine fails at
random. A test counts work (calls, lines run, words copied), checks what is never done (a file
never read, a client never made), or guards against a hang with a generous join; speed
targets are figures of ``make bench`` (:mod:`solo.bench`), measured as ratios within one run.

This test reads every test file's syntax tree and names, file:line, each ``assert`` that
orders (``<``, ``<=``, ``>``, ``>=``) a time taken: a difference involving
``time.monotonic()``, ``time.perf_counter()`` or ``time.time()`` (their ``_ns`` forms too), a
name assigned such a difference (``took``, ``elapsed``), what a function of the file returns
holding one, or the clock read against a deadline taken from it.
"""

from __future__ import annotations

import ast
import textwrap
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
CLOCKS = {"monotonic", "perf_counter", "time", "monotonic_ns", "perf_counter_ns", "time_ns"}
ORDERS = (ast.Lt, ast.LtE, ast.Gt, ast.GtE)


class _File:
    """The clock names of one file and what in it is a time or a time taken."""

    def __init__(self, tree: ast.Module) -> None:
        self.modules: set[str] = set()  # names the time module goes by
        self.clocks: set[str] = set()  # clock functions imported by name
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                self.modules |= {a.asname or a.name for a in node.names if a.name == "time"}
            elif isinstance(node, ast.ImportFrom) and node.module == "time":
                self.clocks |= {a.asname or a.name for a in node.names if a.name in CLOCKS}
        self.returns: dict[str, set[int] | bool] = {}  # function: True (its result) or the tuple places
        self.times: set[str] = set()  # names (anywhere in the file) holding a time read from the clock
        self.taken: set[str] = set()  # names (anywhere in the file) holding a time taken
        if not self.modules and not self.clocks:
            return  # no clock in the file
        functions = [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
        for _ in range(3):  # a function's result can be another's, or a name's: settle
            self._names(tree)
            for fn in functions:
                self._result(fn)

    def is_clock(self, node: ast.AST) -> bool:
        if not isinstance(node, ast.Call):
            return False
        f = node.func
        if isinstance(f, ast.Attribute) and f.attr in CLOCKS:
            return isinstance(f.value, ast.Name) and f.value.id in self.modules
        return isinstance(f, ast.Name) and f.id in self.clocks

    def is_time(self, node: ast.AST) -> bool:
        """``node`` holds a clock reading (or a name assigned one, or a deadline from one)."""
        return any(self.is_clock(n) or (isinstance(n, ast.Name) and n.id in self.times) for n in ast.walk(node))

    def is_taken(self, node: ast.AST) -> bool:
        """``node`` holds a time taken: a difference of two times (or of the clock and a value
        given, ``time.time() - t0``), a name assigned one, or the part of a function's result
        that is one. A time less a constant is a time (an hour ago), not one taken."""
        for n in ast.walk(node):
            if isinstance(n, ast.BinOp) and isinstance(n.op, ast.Sub) and self._difference(n.left, n.right):
                return True
            if isinstance(n, ast.Name) and n.id in self.taken:
                return True
            if isinstance(n, ast.Call) and self.returns.get(_called(n)) is True:
                return True
        return False

    def _names(self, scope: ast.AST) -> None:
        for node in ast.walk(scope):
            if isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)) and node.value is not None:
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                for target in targets:
                    self._bind(target, node.value)
            elif isinstance(node, ast.NamedExpr):
                self._bind(node.target, node.value)

    def _bind(self, target: ast.AST, value: ast.AST) -> None:
        if isinstance(target, ast.Name):
            if self.is_taken(value):
                self.taken.add(target.id)
            elif self.is_time(value):
                self.times.add(target.id)
        elif isinstance(target, (ast.Tuple, ast.List)):
            if isinstance(value, (ast.Tuple, ast.List)) and len(value.elts) == len(target.elts):
                for t, v in zip(target.elts, value.elts):
                    self._bind(t, v)
            elif isinstance(value, ast.Call):
                places = self.returns.get(_called(value))
                for i, t in enumerate(target.elts):
                    if isinstance(t, ast.Name) and (places is True or (isinstance(places, set) and i in places)):
                        self.taken.add(t.id)

    def _result(self, fn: ast.AST) -> None:
        for node in ast.walk(fn):
            if not isinstance(node, ast.Return) or node.value is None:
                continue
            if isinstance(node.value, ast.Tuple):
                places = {i for i, v in enumerate(node.value.elts) if self.is_taken(v)}
                if places:
                    old = self.returns.get(fn.name)
                    self.returns[fn.name] = old if old is True else (old or set()) | places
            elif self.is_taken(node.value):
                self.returns[fn.name] = True

    def bounds(self, tree: ast.Module) -> list[int]:
        """Lines of the asserts that order a time taken (or the clock against a deadline)."""
        if not self.modules and not self.clocks:
            return []
        lines = set()
        for node in ast.walk(tree):
            if not isinstance(node, ast.Assert):
                continue
            for cmp in ast.walk(node.test):
                if not isinstance(cmp, ast.Compare):
                    continue
                sides = [cmp.left, *cmp.comparators]
                for op, a, b in zip(cmp.ops, sides, sides[1:]):
                    if isinstance(op, ORDERS) and (self.is_taken(a) or self.is_taken(b) or self._deadline(a, b)):
                        lines.add(node.lineno)
        return sorted(lines)


    def _difference(self, a: ast.AST, b: ast.AST) -> bool:
        if self.is_time(a) and self.is_time(b):
            return True
        read = [any(self.is_clock(n) for n in ast.walk(side)) for side in (a, b)]
        return (read[0] and not _constant(b)) or (read[1] and not _constant(a))

    def _deadline(self, a: ast.AST, b: ast.AST) -> bool:
        """The clock read against a time taken from it (``time.monotonic() < deadline``)."""
        read = any(self.is_clock(n) for side in (a, b) for n in ast.walk(side))
        return read and self.is_time(a) and self.is_time(b)


def _constant(node: ast.AST) -> bool:
    return all(isinstance(n, (ast.Constant, ast.BinOp, ast.UnaryOp, ast.operator, ast.unaryop))
               for n in ast.walk(node))


def _called(call: ast.Call) -> str | None:
    f = call.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else None


def wall_clock_bounds(source: str) -> list[int]:
    """The lines of ``source`` whose asserts order a wall-clock time taken."""
    if "time" not in source:
        return []  # no clock can be read without naming the time module
    tree = ast.parse(source)
    return _File(tree).bounds(tree)


def found(files) -> list[str]:
    return [f"tests/{p.relative_to(TESTS)}:{line}" for p in files
            for line in wall_clock_bounds(p.read_text(encoding="utf-8"))]


def every_test_file() -> list[Path]:
    return sorted(p for p in TESTS.rglob("*.py") if "__pycache__" not in p.parts)


def test_no_test_compares_wall_clock_time_with_a_bound():
    files = every_test_file()  # every one: none is let off
    assert len(files) > 100 and Path(__file__).resolve() in files  # the tests were found
    bad = found(files)
    assert not bad, ("these asserts bound a time taken (count the work, check what is never done, or "
                     "move the figure to make bench: see this file's docstring):\n  " + "\n  ".join(bad))


# ---------------------------------------------------------------- what is found, and what is not

@pytest.mark.parametrize("source, lines", [
    ("""
     import time
     started = time.monotonic()
     work()
     assert time.monotonic() - started < 5
     """, [5]),
    ("""
     import time
     def test():
         started = time.perf_counter()
         work()
         took = time.perf_counter() - started
         peak = 3
         assert took < 5.0 and peak < 40, (took, peak)
     """, [8]),
    ("""
     from time import perf_counter as clock
     def run():
         t = clock()
         return 2, clock() - t
     def test():
         code, took = run()
         assert code == 2
         assert 10 > took
     """, [9]),
    ("""
     import time
     def elapsed(t0):
         return time.time() - t0
     def test():
         assert elapsed(0) <= 3
     """, [6]),
    ("""
     import time
     deadline = time.monotonic() + 60
     work()
     assert time.monotonic() < deadline
     """, [5]),
], ids=["difference", "a name for it", "a function's tuple", "a function's result", "a deadline"])
def test_a_bound_on_a_time_taken_is_found(source, lines):
    assert wall_clock_bounds(textwrap.dedent(source)) == lines


def test_what_is_no_bound_on_time_is_not_found():
    source = textwrap.dedent("""
        import os, time, threading, tracemalloc
        def test():
            t = threading.Thread(target=work)
            t.start()
            t.join(60)  # a guard against a hang
            assert not t.is_alive()
            hour_ago = time.time() - 2 * 3600
            os.utime("f", (hour_ago, hour_ago))
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline:
                pass
            took = 3  # no clock
            assert took < 5
            assert time.monotonic() - deadline == 0 or True  # no order
            before = time.time()
            rec = log()
            assert before - 1 <= rec["time"] <= time.time() + 1  # a time stamp within the call
            peak = tracemalloc.get_traced_memory()[1]
            assert peak < 40_000_000
        """)
    assert wall_clock_bounds(source) == []
