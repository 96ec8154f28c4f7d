"""Write the interactive sample nights: the lines a player typed, played through the REPL.

    python tools/interactive_sample.py            # writes both samples
    python tools/interactive_sample.py --check    # exit 1 if a committed file differs

The typed lines are in ``transcripts/interactive-seed13.txt`` (the quick cast at the camp:
commands, what the characters say, questions to the director) and
``transcripts/interactive-party-seed21.txt`` (the house party with a cast built by hand, a
first-person action before every Test, a handover, an undo and a death the player writes).
Each is run by the same batch mode as ``solo play --seed N < FILE``, with the template
narrator, in a throwaway data folder. The story transcript of that night is the sample, byte
for byte.
"""

from __future__ import annotations

import argparse
import io
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: Each sample: (its typed lines, the story transcript they play, the seed ``solo play`` is given).
SAMPLES = (
    (ROOT / "transcripts" / "interactive-seed13.txt", ROOT / "transcripts" / "ashcan-interactive-seed13.md", 13),
    (ROOT / "transcripts" / "interactive-party-seed21.txt", ROOT / "transcripts" / "ashcan-interactive-party-seed21.md",
     21),
)
LINES, SAMPLE, SEED = SAMPLES[0]


def play(lines_file: Path = LINES, seed: int = SEED) -> str:
    """The story transcript of the night the typed lines play."""
    with tempfile.TemporaryDirectory() as home:
        os.environ["SOLO_HOME"] = home
        from rich.console import Console

        from solo.play.transcript import render
        from solo.repl.app import run_batch
        from solo.repl.shell import Shell

        shell = Shell(Console(file=io.StringIO(), width=100, color_system=None), seed=seed)
        lines = lines_file.read_text(encoding="utf-8").splitlines()
        if run_batch(shell, lines, echo=False) != 0:
            raise SystemExit(f"a typed line failed: {shell.console.file.getvalue()[-400:]}")
        return render(shell.night, "story")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with the committed samples instead of writing")
    args = parser.parse_args(argv)
    status = 0
    for lines, sample, seed in SAMPLES:
        text = play(lines, seed)
        if args.check:
            same = sample.is_file() and sample.read_text(encoding="utf-8") == text
            print(f"{sample.name} is up to date" if same else f"{sample.name} differs from what the typed lines play")
            status |= 0 if same else 1
            continue
        sample.write_text(text, encoding="utf-8")
        print(f"wrote {sample.relative_to(ROOT)}")
    return status


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    raise SystemExit(main())
