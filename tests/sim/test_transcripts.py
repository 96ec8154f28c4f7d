"""The committed sample transcripts are what autoplay writes today (byte for byte)."""

import re
from pathlib import Path

import pytest

from solo.nott.rules import get_ruleset
from solo.sim.autoplay import autoplay

ROOT = Path(__file__).resolve().parents[2] / "transcripts"
SAMPLES = sorted(p for p in ROOT.glob("*.md") if p.name != "README.md" and "-interactive-" not in p.name)
INTERACTIVE = ROOT / "ashcan-interactive-seed13.md"
PARTY = ROOT / "ashcan-interactive-party-seed21.md"  # typed: a hand-built cast, a written death


def test_there_are_samples_for_dawn_death_and_playtest():
    names = {p.name for p in SAMPLES} | {INTERACTIVE.name, PARTY.name}
    assert {"ashcan-careful-seed6.md", "ashcan-naive-seed3.md", "playtest-careful-seed9.md",
            "ashcan-careful-seed6-log.md", "ashcan-interactive-seed13.md", PARTY.name} <= names
    index = (ROOT / "README.md").read_text(encoding="utf-8")
    for name in names:
        assert name in index


@pytest.mark.parametrize("path", SAMPLES, ids=[p.name for p in SAMPLES])
def test_sample_is_reproducible(path, tmp_path):
    rules, policy, seed, log = re.fullmatch(r"(\w+)-(\w+)-seed(\d+)(-log)?\.md", path.name).groups()
    out = tmp_path / path.name
    autoplay(int(seed), get_ruleset(rules), policy, out=out, form="log" if log else "story")
    assert out.read_bytes() == path.read_bytes()


def test_the_interactive_sample_is_what_its_typed_lines_play():
    """transcripts/interactive-seed13.txt, typed into the REPL's batch mode, plays the committed
    interactive night byte for byte (tools/interactive_sample.py writes it)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("interactive_sample", ROOT.parent / "tools" / "interactive_sample.py")
    sample = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(sample)
    assert sample.play() == INTERACTIVE.read_text(encoding="utf-8")
    lines, party, seed = sample.SAMPLES[1]
    assert party == PARTY and sample.play(lines, seed) == PARTY.read_text(encoding="utf-8")
    text = INTERACTIVE.read_text(encoding="utf-8")
    # answered in the story's prose, or read from the table as a note
    asked = re.findall(r"^\*\*[^*]+:\*\* “[^”]*\?”\n\n(?:> |\*📋 )(.*?)\*?$", text, re.M)
    assert len(asked) >= 15 and any(a.startswith("Yes") for a in asked) and any(a.startswith("No") for a in asked)


def test_the_story_samples_read_as_stories():
    """An actual play, not a log: no mechanics lines, each Test's dice in one short line."""
    for path in SAMPLES + [INTERACTIVE, PARTY]:
        text = path.read_text(encoding="utf-8")
        if path.name.endswith("-log.md"):
            assert "*⚙ " in text
            continue
        assert "⚙" not in text and "## Epilogue" in text
        tests = len(re.findall(r"^### \d+\. ", text, re.M))
        assert tests > 20 and len(re.findall(r"^\*🎲 Test \d+, ", text, re.M)) == tests


def test_the_readmes_story_excerpt_is_from_a_sample():
    readme = (ROOT.parent / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Narration", 1)[1].split("## ", 1)[0]
    quoted = [line for line in section.splitlines() if line.startswith(("> ", "**", "*🎲"))]
    assert len(quoted) >= 4
    sample = (ROOT / "ashcan-naive-seed3.md").read_text(encoding="utf-8")
    for line in quoted:
        assert line in sample, line


def test_the_narration_docs_excerpt_is_from_a_sample():
    """docs/narration.md quotes a night early and at its end: the lines are the sample's."""
    docs = (ROOT.parent / "docs" / "narration.md").read_text(encoding="utf-8")
    section = re.split(r"\n## (?!Dawn)", docs.split("## A night, early and at its end", 1)[1], maxsplit=1)[0]
    quoted = [line for line in section.splitlines() if line.startswith(("> ", "**", "*🎲", "- **", "### ", "## "))]
    assert len(quoted) >= 8 and any(line.startswith("## Dawn") for line in quoted)
    sample = (ROOT / "ashcan-careful-seed6.md").read_text(encoding="utf-8").splitlines()
    for line in quoted:
        assert line in sample, line


def test_the_typed_nights_docs_excerpt_is_from_the_typed_sample():
    docs = (ROOT.parent / "docs" / "narration.md").read_text(encoding="utf-8")
    section = docs.split("## A typed night, with a death the player wrote", 1)[1].split("\n## ", 1)[0]
    quoted = [line for line in section.splitlines() if line.startswith(("> ", "**", "*🎲", "*How", "*Left", "### "))]
    assert len(quoted) >= 8 and any(line.startswith("*How") for line in quoted)
    sample = PARTY.read_text(encoding="utf-8").splitlines()
    for line in quoted:
        assert line in sample, line


def test_each_epilogue_line_tells_that_characters_night():
    """Each character's epilogue line names what happened to them: the Tests they took (counted
    here from the transcript's own Test headings) and won, the weakness they found."""
    for path in [p for p in SAMPLES if not p.name.endswith("-log.md")] + [INTERACTIVE, PARTY]:
        text = path.read_text(encoding="utf-8")
        epilogue = text.split("## Epilogue", 1)[1]
        lines = [x for x in epilogue.splitlines() if x.startswith("- **")]
        assert len(lines) >= 3, path.name
        for line in lines:
            name = re.match(r"- \*\*([^*]+)\*\*", line).group(1)
            taken = len(re.findall(rf"^### \d+\. {re.escape(name)} — ", text, re.M))
            expected = f"Took {taken} Test{'s' if taken != 1 else ''}, won " if taken else "Took no Test tonight."
            assert expected in line, (path.name, line)


def test_the_log_tells_a_tests_outcome_before_the_next_card():
    """In the log form a Test's prose comes under its own heading: after its resolution line,
    before the next Threat Card's heading."""
    text = (ROOT / "ashcan-careful-seed6-log.md").read_text(encoding="utf-8")
    sections = re.split(r"^\*\*Threat Card — ", text, flags=re.M)[1:]
    resolved = 0
    for section in sections:
        for test in re.split(r"^### Test \d+ — ", section, flags=re.M)[1:]:
            lines = test.splitlines()
            k = next((i for i, x in enumerate(lines) if re.search(r"→ (?:success|failure)", x)), None)
            if k is None:
                continue
            resolved += 1
            assert any(x.startswith("> ") for x in lines[k + 1:]), test[:300]
    assert resolved > 20


def test_an_award_told_by_the_director_is_announced_once():
    for path in [p for p in SAMPLES if not p.name.endswith("-log.md")] + [INTERACTIVE, PARTY]:
        text = path.read_text(encoding="utf-8")
        assert "slides a Genre Point across" not in text, path.name
    # the samples carry at least one award the director judged, with its reason
    assert any(re.search(r"^\*Judged by the templates: “[^”]+”\.\*$", p.read_text(encoding="utf-8"), re.M)
               for p in [*SAMPLES, INTERACTIVE, PARTY])


def test_the_typed_sample_has_a_hand_built_cast_and_a_death_the_player_wrote():
    """The typed night a reader is shown: the cast typed by hand (their "why" told as a clause,
    never spliced raw), a first-person line before most Tests, and a death in the player's own
    words told once, in place of the director's."""
    text = PARTY.read_text(encoding="utf-8")
    typed = (ROOT / "interactive-party-seed21.txt").read_text(encoding="utf-8")
    assert typed.count("\ncharacter ") + typed.startswith("character ") == 4
    written = re.search(r"\*How (\w+) dies, as the player tells it:\*\n\n> (.+)\n", text)
    assert written and text.count(written.group(2)) == 2  # the story and the epilogue
    tests = len(re.findall(r"^### \d+\. ", text, re.M))
    said = len(re.findall(r"^\*\*(?!The group)[^*]+:\*\* “I ", text, re.M))
    assert tests > 20 and said >= tests * 0.8
    night = text.split("## The night", 1)[1]
    assert "Dex Dared" not in night and "Priya Hiding" not in night and "Ana I came" not in night
