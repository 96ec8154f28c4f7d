"""The echo rule reads the prompt alone: a reply that says its request's own wording back is an
echo; one that uses the night's content the prompt hands it (a weakness "(use these words)", a
place of the camp, a decided answer) is not, with or without its beats. Breaks these catch:
the scaffold left empty (no echo ever caught), the camp's places counted as the request's own
words (a strong model's faithful prose refused), the rule needing the beats to tell the two."""

from __future__ import annotations

from solo.director.editor import edit, scaffold

WEAKNESS = ("Facts: Dana finds one of the Killer's weaknesses (nerves). 2 of 4 found. The weakness is exactly "
            "this: it cannot cross running water, not even a little stream (use these words). Describe the discovery.")


def echo(text, prompt, beats=()):
    return [c for c in edit(text, list(beats), prompt=prompt) if c.kind == "echo"]


def test_the_request_said_back_is_an_echo_with_or_without_beats():
    said_back = "Dana finds one of the Killer's weaknesses, nerves: 2 of 4 found. The weakness is exactly this."
    assert echo(said_back, WEAKNESS) and echo(said_back, WEAKNESS, [{"kind": "weakness", "name": "Dana"}])


def test_the_content_the_prompt_hands_over_is_no_echo():
    told = "At the creek Dana sees it stop dead: it cannot cross running water, not even a little stream, and it knows she saw."
    assert not echo(told, WEAKNESS)
    camp = ("You are the Director. The setting: Camp Crystal Pines. Places: the gravel lot by the front gate, the "
            "row of cabins by the lake, the boathouse.")
    assert not echo("Marty runs back to the gravel lot by the front gate and the car is gone.", camp)


def test_the_scaffold_is_the_templates_wording_not_the_camp():
    own = scaffold()
    assert ("in", "one", "or") in own and ("the", "weakness", "is") in own
    assert ("the", "gravel", "lot") not in own and ("row", "of", "cabins") not in own
