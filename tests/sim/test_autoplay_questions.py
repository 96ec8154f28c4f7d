"""Autoplay's idle questions ask about somewhere else: "Is the walk-in pantry locked?" is not
asked from inside the walk-in pantry, and no question takes for granted what nothing told."""

from types import SimpleNamespace

from solo.sim.asking import IDLE, Curious, elsewhere

def story(here, route, cut=()):
    return SimpleNamespace(location=here, route=list(route), cut=list(cut))

def test_the_place_asked_about_is_the_next_on_the_way_and_not_cut_off():
    way = ["the boathouse", "the mess hall", "the chapel"]
    assert elsewhere(story("the boathouse", way)) == "the mess hall"
    assert elsewhere(story("the chapel", way)) == "the boathouse"  # the way wraps round
    assert elsewhere(story("the boathouse", way, cut=["the mess hall"])) == "the chapel"
    assert elsewhere(story("the boathouse", ["the boathouse"])) == "the boathouse"  # nowhere else

def test_no_idle_question_names_where_the_group_stands():

    way = ["the walk-in pantry, shelves to the ceiling", "the backyard pool", "the outhouse at the end of the lantern path"]
    asked = []
    for seed in range(40):
        curious = Curious(seed, rate=1.0)
        game = SimpleNamespace(living=lambda: [0, 1], is_over=lambda: False, threat=4, dead=[None, None],
                               cast=[SimpleNamespace(name="Ann"), SimpleNamespace(name="Bo")])
        night = SimpleNamespace(game=game, last_events=[], story=story(way[seed % 2], way))
        for _ in range(len(IDLE)):
            q = curious.question(night)
            if q:
                asked.append(q[0])
    assert any("backyard pool" in q for q in asked)
    assert any("outhouse" in q for q in asked)
    assert not any("walk-in pantry" in q for q in asked), [q for q in asked if "pantry" in q]
    assert not any("still out" in q for q in asked)  # "Is the road still out?" when nothing said it was
    assert not any("lantern path" in q for q in asked)  # the short name: "the outhouse", not its whole telling
