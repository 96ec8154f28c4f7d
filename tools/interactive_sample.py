"""Write the interactive sample night: the lines a player typed, played through the REPL.

    python tools/interactive_sample.py            # writes transcripts/ashcan-interactive-seed13.md
    python tools/interactive_sample.py --check    # exit 1 if the committed file differs

The typed lines are in ``transcripts/interactive-seed13.txt`` — commands, what the characters
say, and questions to the director — and are run by the same batch mode as
``solo play --seed 13 < transcripts/interactive-seed13.txt``, with the template narrator, in a
throwaway data folder. The story transcript of that night is the sample, byte for byte.
"""

from __future__ import annotations

import argparse
import io
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LINES = ROOT / "transcripts" / "interactive-seed13.txt"
SAMPLE = ROOT / "transcripts" / "ashcan-interactive-seed13.md"
SEED = 13


def play() -> str:
    """The story transcript of the night the typed lines play."""
    with tempfile.TemporaryDirectory() as home:
        os.environ["SOLO_HOME"] = home
        from rich.console import Console

        from solo.play.transcript import render
        from solo.repl.app import run_batch
        from solo.repl.shell import Shell

        shell = Shell(Console(file=io.StringIO(), width=100, color_system=None), seed=SEED)
        lines = LINES.read_text(encoding="utf-8").splitlines()
        if run_batch(shell, lines, echo=False) != 0:
            raise SystemExit(f"a typed line failed: {shell.console.file.getvalue()[-400:]}")
        return render(shell.night, "story")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with the committed sample instead of writing")
    args = parser.parse_args(argv)
    text = play()
    if args.check:
        same = SAMPLE.is_file() and SAMPLE.read_text(encoding="utf-8") == text
        print("the sample is up to date" if same else f"{SAMPLE.name} differs from what the typed lines play")
        return 0 if same else 1
    SAMPLE.write_text(text, encoding="utf-8")
    print(f"wrote {SAMPLE.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    raise SystemExit(main())
