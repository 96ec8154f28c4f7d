"""The director's editor measured on a labelled set (``data/editor-set.jsonl``): 101 replies
SmolLM2-135M wrote in two live nights (every one read and labelled *refuse*: none tells the
decided outcome as decided), and 100 stretches of the director's own prose from three other
nights (labelled *keep*). A paragraph is refused when the editor or the sense check finds a
reason (continuity needs the night's fiction, which the set does not keep), read with its
source's cast (every name its beats carry). Precision: of the paragraphs refused, the share
labelled refuse; recall: of those labelled refuse, the share refused. docs/narration.md gives
the figures."""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path

from solo.director.editor import edit
from solo.director.sense import check_sense
from solo.narration.llm import prompt_words

SET = Path(__file__).parent / "data" / "editor-set.jsonl"
#: The figures measured when the set was made: the test holds the editor to them.
PRECISION, RECALL = 1.0, 0.9


def refused(rec: dict, system: str, kept: list[str], cast: Iterable[str] = ()) -> bool:
    beats = list(rec["beats"])
    told = {b["kind"] for b in beats}
    beats += [{"kind": k} for k in rec["beat"].split("+") if k not in told]
    messages = [{"role": "system", "content": system}, {"role": "user", "content": rec["user"]}] if rec["user"] else []
    return bool(edit(rec["text"], beats, cast=cast, prompt=prompt_words(messages), kept=kept[-12:])
                + check_sense(rec["text"], beats))


def casts(records: list[dict]) -> dict[str, set[str]]:
    """Each source's cast, as the set keeps it: every name its beats carry (the set keeps one
    night's system prompt; a night's own cast is always read with its replies)."""
    out: dict[str, set[str]] = {}
    for rec in records:
        names = out.setdefault(rec["source"], set())
        for b in rec["beats"]:
            names.update(n for n in [b.get("name"), *(b.get("survivors") or ())] if isinstance(n, str) and n)
    return out


def test_the_editor_on_the_labelled_set():
    lines = SET.read_text(encoding="utf-8").splitlines()
    system = json.loads(lines[0])["system"]
    records = [json.loads(line) for line in lines[1:]]
    assert len(records) >= 200 and {r["label"] for r in records} == {"keep", "refuse"}
    kept: dict[str, list[str]] = {}
    cast = casts(records)
    tp = fp = fn = tn = 0
    for rec in records:
        mine = kept.setdefault(rec["source"], [])
        out = refused(rec, system, mine, cast[rec["source"]])
        if not out:
            mine.append(rec["text"])
        should = rec["label"] == "refuse"
        tp, fp, fn, tn = tp + (out and should), fp + (out and not should), fn + (not out and should), tn + (
            not out and not should)
    precision, recall = tp / (tp + fp), tp / (tp + fn)
    print(f"\neditor on {len(records)} labelled paragraphs: precision {precision:.3f}, recall {recall:.3f} "
          f"({tp} refused rightly, {fp} wrongly, {fn} let through, {tn} kept rightly)")
    assert precision >= PRECISION and recall >= RECALL
