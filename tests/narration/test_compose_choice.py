"""The composer's choice for a slot (``_choose``) looks at candidates only as far as it needs,
and chooses what the whole rule says: the first fresh candidate whose frames are free; with
none, nothing for a slot that may be left out (``?``), else the first fresh one; a ``!`` slot
the first of those whose whole line is untold. Checked against the rule written out plainly,
on candidates and memories built to hit each case. A part with no tags renders as itself
(``fill`` gives it back without Jinja2)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from solo.narration import make_environment
from solo.narration.compose import FRAME_LIMIT, _choose, _frames_free, _fresh, frame, norm, sentences


def rule(order, used, flags):
    """The slot's rule, every candidate looked at."""
    fresh = [c for c in order if _fresh(c, used)]
    free = [c for c in fresh if _frames_free(c, used)]
    fresh = free if free or "?" in flags else fresh
    if "!" in flags:
        return next((c for c in fresh if "!" + norm(c) not in used), fresh[0] if fresh else None)
    return fresh[0] if fresh else None


#: Lines that share sentences and frames with each other (so memories can use them up).
LINES = ["The door gives way at last.", "The door gives way at last. Nobody breathes.", "Nobody breathes.",
         "Eddie, the door gives way.", "Kit, the door gives way.", "Run.", "Who goes?",
         "Somewhere far off, an owl stops calling.", "The lights die all at once."]


@st.composite
def memories(draw):
    used: set[str] = set()
    for line in draw(st.lists(st.sampled_from(LINES), max_size=5)):
        for s in sentences(line):
            used.add(norm(s))
    for line in draw(st.lists(st.sampled_from(LINES), max_size=4)):
        used.add("!" + norm(line))
    for line in draw(st.lists(st.sampled_from(LINES), max_size=4)):
        for s in sentences(line):
            f = frame(s)
            if f is not None:
                for k in range(1, draw(st.integers(1, FRAME_LIMIT + 1)) + 1):
                    used.add(f"§frame|{f}|{k}")
    return used


@settings(max_examples=300, deadline=None)
@given(order=st.lists(st.sampled_from(LINES), min_size=1, max_size=7, unique=True), used=memories(),
       flags=st.sampled_from(["", "?", "!", "?!"]))
def test_the_choice_is_the_rule(order, used, flags):
    assert _choose(order, used, flags) == rule(order, used, flags)


def test_the_cases_are_reached():
    """Each way the rule can go happens above: a free pick, no pick, a fresh but framed pick,
    and a ! slot passing over a told line."""
    told = {norm("The door gives way at last.")}
    assert _choose(["The door gives way at last.", "Run."], told, "") == "Run."
    assert _choose(["The door gives way at last."], told, "?") is None
    framed = {f"§frame|{frame('Somewhere far off, an owl stops calling.')}|{k}" for k in (1, 2, 3)}
    assert _choose(["Somewhere far off, an owl stops calling."], framed, "") == "Somewhere far off, an owl stops calling."
    assert _choose(["Somewhere far off, an owl stops calling."], framed, "?") is None
    assert _choose(["Who goes?", "Run."], {"!" + norm("Who goes?")}, "!") == "Run."
    assert _choose(["Who goes?"], {"!" + norm("Who goes?")}, "!") == "Who goes?"


@settings(max_examples=300, deadline=None)
@given(text=st.text(st.characters(blacklist_characters="{\n\r", blacklist_categories=("Cs",)), max_size=40))
def test_a_part_without_tags_renders_as_itself(text):
    env = make_environment(cache=False)
    through_jinja = env.from_string(text).render()
    via_fill = env.from_string("{{ part|fill }}").render(part=text)
    assert via_fill == through_jinja == text
