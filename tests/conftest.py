"""Every test runs with its own data folder: nothing a test does is written under the real
home (``~/.local/share/solo``), whatever it forgets to set."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _own_data_folder(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("SOLO_HOME", str(tmp_path_factory.mktemp("solo-home")))


@pytest.fixture(autouse=True)
def _no_secret_held_after():
    """The secrets a test's narrator holds (its key) end with the test: a key of one test must
    not mask words in the next."""
    yield
    from solo import secrets

    secrets.forget_all()
