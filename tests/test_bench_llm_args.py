"""``python -m solo.bench_llm`` benches any model: ``--help`` prints its options and starts
nothing; ``--base-url`` and ``--model`` bench a server already running (none is started);
``--gguf`` starts llama-cpp-python's server with that file; ``--nights`` and ``--label`` say
how many nights and how the figures name the model; with no arguments it does what it always
did (the simulated laptop server, then SmolLM2 from the live tests' package). Besides its
figures it prints the share of the model's replies the director kept, and its refusals by kind.

No model runs here: a stand-in OpenAI-compatible server on 127.0.0.1 answers, in this process."""

from __future__ import annotations

import contextlib
import re

import pytest

from solo import bench_llm
from tests.narration.fakeserver import FakeServer, refused_url


@pytest.fixture
def nothing_starts(monkeypatch):
    """Every part of the bench that would start or ask a server fails the test, and is recorded."""
    calls: list[tuple[str, tuple, dict]] = []

    def recorder(name, result=0):
        def record(*args, **kwargs):
            calls.append((name, args, kwargs))
            return result
        return record

    monkeypatch.setattr(bench_llm, "simulated", recorder("simulated", None))
    monkeypatch.setattr(bench_llm, "live", recorder("live"))
    monkeypatch.setattr(bench_llm, "bench_server", recorder("bench_server"))
    return calls


def run(capsys, *argv: str) -> tuple[int, str, str]:
    try:
        code = bench_llm.main(list(argv))
    except SystemExit as exc:
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


def test_help_prints_the_options_and_starts_nothing(capsys, nothing_starts):
    code, out, err = run(capsys, "--help")
    assert (code, err, nothing_starts) == (0, "", [])
    assert out.startswith("usage: python -m solo.bench_llm")
    for option in ("--base-url URL", "--gguf PATH", "--model NAME", "--nights N", "--label TEXT"):
        assert option in out


def test_no_arguments_keep_the_default_run(capsys, nothing_starts):
    """The simulated laptop server, then the live tests' SmolLM2 (the package's file): one night."""
    assert run(capsys)[0] == 0
    assert [name for name, _, _ in nothing_starts] == ["simulated", "live"]
    _, args, kwargs = nothing_starts[1]
    assert args == (None, 5, 4096)
    assert kwargs == {"nights": 1, "gguf": None, "model": None, "label": None}


def test_a_base_url_benches_that_server_and_nothing_else(capsys, nothing_starts):
    code, _, _ = run(capsys, "--base-url", "http://127.0.0.1:9/v1", "--model", "m", "--nights", "3",
                     "--label", "my model")
    assert code == 0
    assert nothing_starts == [("bench_server", ("http://127.0.0.1:9/v1", "m"),
                               {"nights": 3, "tests": None, "seed": 5, "n_ctx": 4096, "label": "my model"})]


@pytest.mark.parametrize("argv, says", [
    (["--base-url", "http://127.0.0.1:9/v1"], "--base-url needs --model NAME"),
    (["--model", "m"], "--model names the model at --base-url URL"),
    (["--base-url", "http://127.0.0.1:9/v1", "--model", "m", "--gguf", "x.gguf"], "not allowed with argument"),
    (["--nights", "0"], "--nights: at least 1, not 0"),
    (["--nights", "two"], "--nights: a whole number, at least 1, not 'two'"),
    (["--gguf", "no-such-model.gguf"], "--gguf: no model file 'no-such-model.gguf'"),
    (["--now"], "unrecognized arguments: --now"),
])
def test_wrong_arguments_are_one_usage_error_and_start_nothing(capsys, nothing_starts, argv, says):
    code, out, err = run(capsys, *argv)
    assert (code, out, nothing_starts) == (2, "", [])
    assert says in err.splitlines()[-1]


def figures(out: str) -> tuple[int, int, int, dict[str, int]]:
    """(requests, kept, other failures, refused by kind) as the bench printed them."""
    kept, calls = map(int, re.search(r"^  replies kept: (\d+) of (\d+)", out, re.M).groups())
    refused_line = re.search(r"^  refused by the director: (.*)$", out, re.M).group(1)
    refused = {} if refused_line == "none" else {
        kind: int(n) for kind, n in re.findall(r"([a-z-]+) (\d+)", refused_line.split(" — ", 1)[1])}
    other = re.search(r"^  failed otherwise .*: (\d+)$", out, re.M)
    return calls, kept, int(other.group(1)) if other else 0, refused


def test_a_running_server_is_benched_with_the_replies_it_had_kept(capsys, monkeypatch):
    """A stand-in whose every reply is the same few words that name no one: the director
    refuses most of them, and the bench says so, by kind; no simulated run, no server started."""
    monkeypatch.setattr(bench_llm, "simulated", lambda *a, **k: pytest.fail("the simulated run started"))
    monkeypatch.setattr(bench_llm, "llama_server", lambda *a, **k: pytest.fail("a server was started"))
    with FakeServer() as server:
        code, out, err = run(capsys, "--base-url", server.url, "--model", "stand-in", "--tests", "2")
        requests = len(server.requests)
    assert (code, err) == (0, "")
    assert out.startswith(f"Live: stand-in at {server.url} (n_ctx 4096), a night of 2 Tests, {requests} requests")
    assert "from a roll to the model's first word: median" in out
    assert "from a roll to the first words shown (each sentence once read): median" in out
    calls, kept, other, refused = figures(out)
    assert calls == requests > 0
    assert kept + other + sum(refused.values()) == calls
    assert refused.get("untold", 0) > 0  # "The door creaks open. What do you do?" names no tester
    share = re.search(r"replies kept: \d+ of \d+ \((\d+)%\)", out).group(1)
    assert int(share) == round(100 * kept / calls)


def test_nights_and_label_are_the_benchs(capsys):
    with FakeServer() as server:
        code, out, _ = run(capsys, "--base-url", server.url, "--model", "stand-in", "--nights", "2", "--tests", "1",
                           "--label", "a stand-in model")
    assert code == 0
    assert out.startswith("Live: a stand-in model (n_ctx 4096), 2 nights of 2 Tests in all, ")


def test_a_base_url_where_nothing_answers_is_one_line(capsys):
    url = refused_url()
    code, out, _ = run(capsys, "--base-url", url, "--model", "m")
    assert code == 1
    assert out.startswith(f"solo.bench_llm: no server answers at {url} (") and out.count("\n") == 1


LLAMA_LOG = """\
llama_perf_context_print:        prompt eval time =     900.00 ms /   800 tokens
700 prefix-match hit, remaining 120 prompt tokens to eval
llama_perf_context_print:        prompt eval time =     150.00 ms /   120 tokens
800 prefix-match hit, remaining 80 prompt tokens to eval
llama_perf_context_print:        prompt eval time =     100.00 ms /    80 tokens
"""


def test_a_gguf_file_is_served_by_llama_cpp_and_benched(capsys, monkeypatch, tmp_path):
    """``--gguf`` starts llama-cpp-python's server with that file (a stand-in here, whose log
    is llama.cpp's), and reads its prompt cache from the log, as the default run does."""
    model = tmp_path / "tiny-model.Q4.gguf"
    model.write_bytes(b"GGUF")
    started = []

    @contextlib.contextmanager
    def stand_in(path, n_ctx, alias):
        started.append((path, n_ctx, alias))
        log = tmp_path / "llama.log"
        log.write_text(LLAMA_LOG, encoding="utf-8")
        with FakeServer() as server:
            yield server.url, log

    monkeypatch.setattr(bench_llm, "_llama_installed", lambda: True)
    monkeypatch.setattr(bench_llm, "llama_server", stand_in)
    monkeypatch.setattr(bench_llm, "simulated", lambda *a, **k: pytest.fail("the simulated run started"))
    code, out, _ = run(capsys, "--gguf", str(model), "--tests", "1", "--context", "2048")
    assert code == 0
    assert started == [(model, 2048, "bench")]
    assert out.startswith("Live: llama-cpp-python's server with tiny-model.Q4.gguf (n_ctx 2048), a night of 1 Test, ")
    assert "  requests after the first: prompt tokens 1,700, of which 1,500 (88%) from the server's cache" in out
    assert "  per request (cached/read): 0/800 700/120 800/80" in out
    calls, kept, other, refused = figures(out)
    assert calls > 0 and kept + other + sum(refused.values()) == calls


def test_a_gguf_file_without_llama_cpp_says_what_to_install(capsys, monkeypatch, tmp_path):
    model = tmp_path / "m.gguf"
    model.write_bytes(b"GGUF")
    monkeypatch.setattr(bench_llm, "_llama_installed", lambda: False)
    monkeypatch.setattr(bench_llm, "llama_server", lambda *a, **k: pytest.fail("a server was started"))
    code, out, _ = run(capsys, "--gguf", str(model))
    assert code == 1
    assert out == "solo.bench_llm: --gguf needs llama-cpp-python's server: pip install 'llama-cpp-python[server]'\n"
