import io

import pytest
from rich.console import Console

from solo.repl.shell import Shell


@pytest.fixture(autouse=True)
def solo_home(tmp_path, monkeypatch):
    monkeypatch.setenv("SOLO_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


@pytest.fixture
def shell():
    return make_shell()


def make_shell(**kw):
    buf = io.StringIO()
    sh = Shell(Console(file=buf, width=120, color_system=None, highlight=False, soft_wrap=True), **kw)  # (a long path is one line)
    sh.buf = buf
    return sh


def output(sh) -> str:
    return sh.buf.getvalue()
