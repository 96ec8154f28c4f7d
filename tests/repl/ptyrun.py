"""Run a command in a pseudo-terminal, answering prompts as a player would type."""

from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import struct
import subprocess
import termios
import time


def run_in_pty(argv: list[str], replies: list[tuple[str, str]], env: dict, cwd: str, cols: int = 100,
               timeout: float = 60) -> str:
    """Start ``argv`` on a pty (TERM=dumb: prompts are drawn plainly); for each ``(wait, send)``
    read until ``wait`` shows, then type ``send``. Returns the screen text without escapes."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 50, cols, 0, 0))
    attrs = termios.tcgetattr(slave)
    attrs[3] &= ~termios.ECHO  # the program echoes what is typed; the terminal need not
    termios.tcsetattr(slave, termios.TCSANOW, attrs)
    env = dict(env, TERM="dumb", PROMPT_TOOLKIT_NO_CPR="1", COLUMNS=str(cols))
    proc = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=slave, env=env, cwd=cwd,
                            start_new_session=True)
    os.close(slave)
    seen = b""
    pending = b""

    def read_some(wait: float) -> bytes:
        r, _, _ = select.select([master], [], [], wait)
        if not r:
            return b""
        try:
            return os.read(master, 65536)
        except OSError:
            return b""

    try:
        for wait, send in replies:
            end = time.monotonic() + timeout
            while wait.encode() not in pending:
                if time.monotonic() > end:
                    raise TimeoutError(f"waited for {wait!r}; the screen ends {(seen + pending)[-300:]!r}")
                pending += read_some(0.2)
            seen += pending
            pending = b""
            os.write(master, send.encode())
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            chunk = read_some(0.2)
            seen += chunk
            if not chunk and proc.poll() is not None:
                break
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait(timeout=10)
        os.close(master)
    text = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", seen.decode("utf-8", errors="replace"))
    return text.replace("\r", "")
