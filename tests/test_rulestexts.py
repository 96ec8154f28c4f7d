"""A fresh clone has no rulebook texts: the tests that quote them skip, saying how to provide
them (SOLO_RULES_DIR); with SOLO_REQUIRE_RULES=1, as .ci/run sets it, they fail instead."""

from __future__ import annotations

import os
import subprocess
import sys

from .rulestexts import ROOT

QUOTING = "tests/nott/test_rulebook_examples.py::test_archetype_examples_are_the_rulebooks"


def run_quoting_test(rules_dir, require: bool) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "SOLO_REQUIRE_RULES"}
    env["SOLO_RULES_DIR"] = str(rules_dir)
    if require:
        env["SOLO_REQUIRE_RULES"] = "1"
    return subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-rsf", QUOTING],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)


def test_missing_rules_texts_skip_with_how_to_provide_them(tmp_path):
    done = run_quoting_test(tmp_path, require=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "1 skipped" in done.stdout
    reason = [line for line in done.stdout.splitlines() if line.startswith("SKIPPED")]
    assert len(reason) == 1 and "SOLO_RULES_DIR" in reason[0] and "nott-ashcan-2025.md" in reason[0]


def test_missing_rules_texts_fail_where_they_are_required(tmp_path):
    done = run_quoting_test(tmp_path, require=True)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "1 failed" in done.stdout and "SOLO_RULES_DIR" in done.stdout


def test_ci_requires_the_rules_texts():
    run = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    before_tests = run.split("make test", 1)[0]
    assert "export SOLO_REQUIRE_RULES=1" in before_tests
