"""An answer that promises is a promise the story keeps: "Is anyone coming to help?" answered
"Yes, and better still: someone is coming to help" is paid at the night's end (the help comes
with the light, or with a morning that finds no one); a night with no such answer tells no
help coming."""

from __future__ import annotations

import dataclasses

from solo.narration import Beat, TemplateNarrator
from solo.nott.rules import ASHCAN
from solo.sim.autoplay import autoplay

HELP_TOLD = ("the help that was coming", "the help that was promised")


def _end(night) -> str:
    return " ".join(t for s in night.steps for k, t in s.narration if k in ("dawn", "all_dead"))


def _promised() -> "object":
    """The first autoplay night (from seed 4242) whose players were told help is coming."""
    for seed in range(4242, 4300):
        night = autoplay(seed, ASHCAN, "careful", out=None)
        told = " ".join(t for s in night.steps for _k, t in s.narration).lower()
        if "yes" in told and "someone is coming to help" in told:
            return night
    raise AssertionError("no night promised help")


def test_help_an_answer_promised_comes_at_the_end():
    night = _promised()
    assert night.story.help_coming() and any(h in _end(night) for h in HELP_TOLD), _end(night)


def test_no_help_comes_that_no_answer_promised():
    story = _promised().story
    helped = [f for f in story.facts if "help" in (f.statement or "")]
    assert helped
    story.facts = [dataclasses.replace(f, yes=False) if f in helped else f for f in story.facts]
    assert not story.help_coming()  # "No, nobody is coming" promises nothing
    quiet = [n for n in (autoplay(s, ASHCAN, "careful", out=None, questions=False) for s in (6, 7))]
    assert all(not n.story.help_coming() and not any(h in _end(n) for h in HELP_TOLD) for n in quiet)


def test_the_dawn_and_the_last_death_tell_the_help_only_when_it_was_promised():
    f = {"people": [{"name": "Ann", "items": [], "lost": []}], "killer": {"name": "the Woodsman"}}
    for kind, ctx in (("dawn", {"survivors": ["Ann"], "survivor_count": 1, "dead": [], "whys": {}}),
                      ("all_dead", {"names": ["Ann"], "tests": 30})):
        told = {TemplateNarrator(s).render(Beat(kind, ctx | {"f": f, "help_coming": True}), v)
                for s in range(3) for v in range(4)}
        assert all("help that was" in t for t in told), told
        plain = {TemplateNarrator(s).render(Beat(kind, ctx | {"f": f}), v) for s in range(3) for v in range(4)}
        assert not any("help that was" in t for t in plain), plain


def test_why_each_came_comes_back_to_them_once_in_a_quiet_moment_and_never_after_their_death():
    import re

    called = 0
    for seed in (6, 7, 3):
        night = autoplay(seed, ASHCAN, "careful", out=None, questions=False)
        seen: dict[str, int] = {}
        gone: set[str] = set()
        for step in night.steps:
            for kind, text in step.narration:
                if kind == "death":
                    gone |= {p.name for p in night.story.people if p.dead and p.name in text}
                for m in re.finditer(r"(?:(\w+) [^.]*?; in the quiet, the thought will not leave \w+ alone\."
                                     r"|(\w+) [^.]*?, and has not forgotten it, not for a second\.)", text):
                    name = m.group(1) or m.group(2)
                    assert kind == "threat", (seed, kind, text)
                    seen[name] = seen.get(name, 0) + 1
                    assert name not in gone, (seed, name, text)
        assert all(n == 1 for n in seen.values()), (seed, seen)
        called += len(seen)
    assert called >= 6
