"""An autoplayed deed says no Aptitude's epithet: a deed is told again at a death ("To the
last, Frankie keeps low and quiet"), where "quiet" reads as the epitaph of a Finesse character,
and the deed is said by whoever takes the Test, whatever their Aptitude."""

from __future__ import annotations

import re

from solo.director.catalogue import EPITHETS
from solo.narration.environment import prompts_dir


def deeds() -> list[str]:
    text = (prompts_dir() / "template" / "response.j2").read_text(encoding="utf-8")
    table = text[text.index("{%- set DO = {"):text.index("} -%}", text.index("{%- set DO = {"))]
    return re.findall(r'"(I [^"]+|No plan[^"]*)"', table)


def test_no_deed_says_an_epithet():
    words = {w for ws in EPITHETS.values() for w in ws}
    found = [(d, w) for d in deeds() for w in words if re.search(rf"\b{re.escape(w)}\b", d, re.IGNORECASE)]
    assert len(deeds()) > 80 and found == [], found
