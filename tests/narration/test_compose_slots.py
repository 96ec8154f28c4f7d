"""The composer and the template helpers (docs/narration.md, "Writing a template"): slots,
the §slot? / §slot! / ~ rules, the no-repeat memory, "Again, …", and the small filters the
templates use. The autoplay answer line (``respond``) is checked against the lists read from
prompts/template/response.j2 itself."""

from __future__ import annotations

import ast
import re

import jinja2
from hypothesis import given, settings
from hypothesis import strategies as st
import pytest

from solo.narration import Beat, TemplateNarrator, make_environment
from solo.director.fiction import Fiction
from solo.narration.environment import PROMPTS_DIR, bare, cap, names, possessive, role, uncap, words
from solo.narration.compose import _AGAIN, _slots, compose, counted, is_question, norm, sentences

NAMES = ("Ana", "Bo", "Cy", "Dee")
RESPONSE = (PROMPTS_DIR / "template" / "response.j2").read_text(encoding="utf-8")


def _literal(name: str):
    """A ``{%- set NAME = … -%}`` literal of response.j2, as Python data."""
    body = re.search(r"\{%- set " + name + r" = (.*?) -%\}", RESPONSE, re.S).group(1)
    body = body.split(" if match else")[0] if name == "OPEN" else body
    return ast.literal_eval(body)


DO = _literal("DO")
OPEN_MATCH = _literal("OPEN")
OPEN_OTHER = ast.literal_eval(re.search(r"if match else\s*(\[.*?\]) -%\}", RESPONSE, re.S).group(1))
KEEP = _literal("KEEP")


@pytest.fixture(scope="module")
def env():
    return make_environment()


# ---------------------------------------------------------------------- the filters


def test_role_and_bare_read_an_archetype():
    assert role("The Jock") == "the Jock" and role("A Nerd") == "a Nerd" and role("an Outsider") == "an Outsider"
    assert role("Jock") == "the Jock" and role("  Final Girl ") == "the Final Girl"
    assert role("") == "the stranger" and role(None) == "the stranger" and role("The") == "the The"
    assert bare("The Jock") == "Jock" and bare("a Nerd") == "Nerd" and bare("AN Outsider") == "Outsider"
    assert bare("Jock") == "Jock" and bare("  The Final Girl ") == "Final Girl"
    assert bare("") == "horror-movie" and bare(None) == "horror-movie" and bare("The") == "The"


def test_names_words_cap_and_possessive():
    assert names([]) == "no one" and names(None) == "no one" and names(["Ann"]) == "Ann"
    assert names(["Ann", "Bo"]) == "Ann and Bo" and names(["Ann", "Bo", "Cy"]) == "Ann, Bo and Cy"
    assert names([1, 2]) == "1 and 2"
    assert [words(n) for n in (0, 1, 2, 4, 13)] == ["no one", "one", "two", "four", "thirteen"]
    assert words(14) == "14" and words(-1) == "-1" and words("3") == "3" and words(None) == "None"
    assert cap("the door") == "The door" and cap("") == "" and cap("iPod case") == "IPod case" and cap(7) == "7"
    assert possessive("Dana") == "Dana's" and possessive("Iris") == "Iris's"


def test_uncap_lowers_an_ordinary_first_word_only():
    assert uncap("The door gives.") == "the door gives."
    assert uncap("Somewhere") == "somewhere" and uncap("") == "" and uncap("X") == "x"
    for keep in ("I run.", "I'm here.", "I've got it.", "I'll go.", "McKenzie runs.", "OK then.", "TV off."):
        assert uncap(keep) == keep
    assert uncap("It is quiet. The Door") == "it is quiet. The Door"
    assert uncap(3) == "3"


def test_pick_takes_the_variant_and_needs_it(env):
    t = env.from_string("{{ pick(['a', 'b', 'c']) }}")
    assert [t.render(v=v) for v in range(5)] == ["a", "b", "c", "a", "b"]
    assert env.from_string("{{ pick([]) }}|").render(v=3) == "|"
    with pytest.raises(jinja2.UndefinedError):
        env.from_string("{{ pick(['a']) }}").render(v="1")
    with pytest.raises(jinja2.UndefinedError):
        env.from_string("{{ pick(['a']) }}").render()


def test_pick_for_another_slot_mixes_but_is_fixed_by_the_variant(env):
    parts = [str(i) for i in range(7)]
    main = env.from_string("{{ pick(parts) }}")
    other = env.from_string("{{ pick(parts, 1) }}")
    third = env.from_string("{{ pick(parts, 2) }}")
    a = [main.render(v=v, parts=parts) for v in range(40)]
    b = [other.render(v=v, parts=parts) for v in range(40)]
    c = [third.render(v=v, parts=parts) for v in range(40)]
    assert b == [other.render(v=v, parts=parts) for v in range(40)]
    assert a != b and b != c and set(b) <= set(parts) and len(set(b)) > 3
    assert sum(x == y for x, y in zip(a, b)) < 20


def test_fill_renders_a_part_with_the_beats_context(env):
    t = env.from_string("{{ part|fill }}")
    assert t.render(part="{{ name }} runs.", name="Dana") == "Dana runs."
    assert t.render(part="{{ name }} runs.", name="Eddie") == "Eddie runs."
    assert "{{ name }} runs." in env._solo_parts


# ---------------------------------------------------------------------- sentences


def test_sentences_split_at_a_stop_before_a_capital():
    assert sentences("The door opens.  Who goes? I do!") == ["The door opens.", "Who goes?", "I do!"]
    assert sentences("It is 3 a.m. here. 4 more.") == ["It is 3 a.m. here.", "4 more."]
    parts = sentences('"Run!" She ran. (Then) "Fine."')
    assert [norm(p) for p in parts] == ['"run', "she ran", '(then) "fine']
    assert sentences("Wait… Then\nnothing.") == ["Wait…", "Then nothing."]
    assert sentences("  ") == []


def test_questions_norm_and_what_the_memory_counts():
    assert is_question("What do you do, Eddie?") and is_question('"Who goes?"') and is_question("Who goes?)")
    assert is_question("one two three four five six seven eight nine ten?")
    assert not is_question("one two three four five six seven eight nine ten eleven?")
    assert not is_question("What now.")
    assert norm("  The Door   OPENS.\"  ") == "the door opens" and norm("Wait…!?") == "wait"
    assert norm("He said ’no’") == "he said ’no"
    assert not counted("Twelve chars") and counted("Thirteen char")
    assert not counted("What do you do now, Eddie?")
    assert counted("one two three four five six seven eight nine ten eleven?")


# ---------------------------------------------------------------------- slots


def test_slots_are_read_with_their_flags_and_fallbacks():
    text = ("Before  any slot .\n§open\nA one.\n\nA   two .\nA one.\n§ask!\nQ?\n§wound?\n"
            "§both?!\nB.\n~\nC.\n§bare~\n")
    assert _slots(text) == [
        ("", "", ["Before any slot."], 1),
        ("open", "", ["A one.", "A two."], 2),
        ("ask", "!", ["Q?"], 1),
        ("wound", "?", [], 0),
        ("both", "?!", ["B.", "C."], 1),
        ("bare~", "", [], 0),
    ]


def test_compose_tells_one_line_per_slot_and_remembers_it():
    used: set[str] = set()
    out = compose("§a\nThe first line is here.\n§b\nThe second line is here.", ("k",), used)
    assert out == "The first line is here. The second line is here."
    assert {u for u in used if not u.startswith(("§frame|", "§said|"))} == {"the first line is here",
                                                                          "the second line is here"}
    assert {u for u in used if u.startswith("§said|")} == {"§said|the first line is here|1",
                                                          "§said|the second line is here|1"}
    assert {u for u in used if u.startswith("§frame|")} == {"§frame|x first line is here|1",
                                                              "§frame|x second line is here|1"}


COLOURS = ("red", "green", "blue", "grey", "black")


def test_compose_never_tells_a_told_sentence_while_another_is_left():
    text = "§a\n" + "\n".join(f"The {c} candidate is told." for c in COLOURS)
    used: set[str] = set()
    told = [compose(text, ("same key",), used) for _ in range(5)]
    assert sorted(told) == sorted(f"The {c} candidate is told." for c in COLOURS)
    assert compose("§a\nIt was said, once. The door opens wide.\nA fresh line for it.", ("k",),
                   {"the door opens wide"}) == "A fresh line for it."


def test_a_sentence_is_told_at_most_four_times_as_a_reader_hears_it():
    """Names, pronouns and numbers masked, a lead-in dropped: "Again, Sid forces it." is the
    same sentence as "Ann forces it."; past four, a slot that may be left out is."""
    text = "§a?\n" + "\n".join(f"{name} forces it, number {i}." for i, name in enumerate(("Ann", "Sid", "Bo")))
    used: set[str] = set()
    told = [compose(text, (k,), used, names=("Ann", "Sid", "Bo")) for k in range(6)]
    assert len([t for t in told if t]) == 3  # each exact sentence once: three
    used = set()
    lines = ["Ann ran, she fell.", "Sid ran, he fell.", "Then, Bo ran, they fell.", "Mo ran, she fell.",
             "Al ran, he fell."]
    told = [compose("§a?\n" + line, (k,), used, names=("Ann", "Sid", "Bo", "Mo", "Al")) for k, line in enumerate(lines)]
    assert told == lines[:4] + [""]


def test_the_stock_question_is_asked_at_most_three_times_a_night():
    names = ("Ann", "Sid", "Bo", "Mo")
    def asks(capped: bool) -> list[str]:
        used: set[str] = set()
        return [compose(f"§a!\n{n}, what do you do?\nWhat do you do, {n}?\nWhere to, {n}?\nNow, {n}?\nWho, {n}?", (k,), used,
                        names=names, capped=capped) for k, n in enumerate(names * 2)]

    capped, free = asks(True), asks(False)
    assert sum("what do you do" in a.lower() for a in capped) <= 3 < sum("what do you do" in a.lower() for a in free)
    assert all(a and not a.startswith("Again") for a in capped), capped


def test_after_an_opener_a_line_keeps_a_capital_only_for_a_name():
    used: set[str] = set()
    told = [compose("§a\nWith a grunt, Dex forces it.", (k,), used, names=("Dex",)) for k in range(3)]
    assert told[0] == "With a grunt, Dex forces it."
    assert all(t.split(", ", 1)[1][0].islower() for t in told[1:]), told


def test_the_start_is_seeded_by_the_key():
    text = "§a\n" + "\n".join(f"Candidate number {i} is told." for i in range(6))
    firsts = {compose(text, (k,), set()) for k in range(30)}
    assert len(firsts) > 3
    assert compose(text, (5, "x"), set()) == compose(text, (5, "x"), set())
    names_ = {compose(text.replace("§a", "§" + n), (1,), set()) for n in ("a", "b", "c", "d", "e", "f", "g")}
    assert len(names_) > 1  # the slot's name is part of the seed


def test_an_optional_slot_is_left_out_when_spent_a_required_one_is_told_again():
    used = {"the door opens slowly"}
    assert compose("§a?\nThe door opens slowly.\n§b\nSomething else is here.", ("k",), used) == \
        "Something else is here."
    used = {"the door opens slowly"}
    assert compose("§a\nThe door opens slowly.", ("k",), used) == "Again, the door opens slowly."
    assert "again, the door opens slowly" in used
    assert compose("§a\nThe door opens slowly.", ("k",), used) == "Once more, the door opens slowly."
    assert compose("§a\nDana opens the door slowly.", ("k",), {"dana opens the door slowly"}, names=("Dana",)) == \
        "Again, Dana opens the door slowly."
    assert compose("§a\nCamp Crystal Pines is dark.", ("k",), {"camp crystal pines is dark"}) == \
        "Again, Camp Crystal Pines is dark."
    assert compose("§a\nDana.", ("k",), set()) == "Dana."


def test_told_again_tries_every_opener_then_gives_the_line_as_it_is():
    line = "The lock turns under her hand."
    used = {norm(line)} | {norm(o + "the lock turns under her hand.") for o in _AGAIN}
    assert compose("§a\n" + line, ("k",), set(used)) == line
    used -= {norm("Somehow, the lock turns under her hand.")}
    assert compose("§a\n" + line, ("k",), set(used)) == "Somehow, the lock turns under her hand."
    two = "§a\nThe lock turns under her hand.\nSomething moves in the dark."
    used = {norm("The lock turns under her hand."), norm("Something moves in the dark."),
            norm("Again, the lock turns under her hand."), norm("Again, something moves in the dark.")}
    assert compose(two, ("k",), used).startswith("Once more, ")


def test_short_lines_slot_tells_the_untold_first_then_may_repeat():
    text = "§ask!\nWho goes?\nWhat now?\nWhere to?"
    used: set[str] = set()
    told = [compose(text, ("k",), used) for _ in range(3)]
    assert sorted(told) == ["What now?", "Where to?", "Who goes?"]
    assert {"!who goes", "!what now", "!where to"} <= used
    assert compose(text, ("k",), used) in told  # all told: one repeats
    plain = "§ask\nWho goes?\nWhat now?\nWhere to?"
    assert len({compose(plain, ("k",), set()) for _ in range(3)}) == 1  # without "!" nothing is kept
    assert compose("§ask?!\nWho goes?", ("k",), {"!who goes"}) == "Who goes?"


def test_a_short_lines_slot_still_skips_a_told_long_sentence():
    text = "§o!\nThe dark is very close now.\nFine."
    assert compose(text, ("k",), {"the dark is very close now"}) == "Fine."
    used = {"the dark is very close now", "!fine"}
    assert compose(text, ("k",), used) == "Fine."
    assert compose("§o?!\nThe dark is very close now.", ("k",), {"the dark is very close now"}) == ""


def test_the_lines_after_a_tilde_are_told_only_when_the_first_are_spent():
    text = "§a\nFirst choice one is here.\nFirst choice two is here.\n~\nThe fallback line is here."
    for k in range(12):
        assert "fallback" not in compose(text, (k,), set())
    used = {"first choice one is here", "first choice two is here"}
    assert compose(text, ("k",), used) == "The fallback line is here."
    assert compose("§a\n~\nOnly after it.", ("k",), set()) == "Only after it."


def test_the_text_is_tidied():
    assert compose("§a\nOne  thing , then\tanother .\n§b\n\x1b[31mRed\x1b[0m is here now.", ("k",), set()) == \
        "One thing, then another. Red is here now."


def test_empty_slots_tell_nothing():
    assert compose("§a\n§b?\n", ("k",), set()) == ""
    assert compose("", ("k",), set()) == ""


# ---------------------------------------------------------------------- the narrator


def threat(**kw) -> Beat:
    ctx = {"suit": "Power", "severity": "dangerous", "killer": False, "living_count": 3} | kw
    return Beat("threat", ctx)


def test_the_response_context_of_a_mapping_and_of_a_character():
    class Ch:
        name, archetype, aptitude = "Eddie", None, 0

    beat = threat(player_action="I run", summary="so far", location="the dock", living_count=2)
    ctx = TemplateNarrator.response_context({"name": "Dana", "archetype": "The Jock", "aptitude": "Power"}, beat)
    assert ctx == {"name": "Dana", "archetype": "The Jock", "aptitude": "Power", "suit": "Power",
                   "severity": "dangerous", "killer": False, "match": True, "player_action": "I run",
                   "summary": "so far", "location": "the dock", "living_count": 2}
    from solo.nott.cards import SUIT_APTITUDES

    ctx = TemplateNarrator.response_context(Ch(), Beat("threat", {"suit": SUIT_APTITUDES[1], "killer": 1}))
    assert ctx == {"name": "Eddie", "archetype": "", "aptitude": SUIT_APTITUDES[0], "suit": SUIT_APTITUDES[1],
                   "severity": "atmospheric", "killer": True, "match": False, "player_action": None,
                   "summary": "", "location": None, "living_count": 4}
    for odd in (4, -1, True, "Charm", None):
        assert TemplateNarrator.response_context({"name": "X", "aptitude": odd}, beat)["aptitude"] is None
    assert TemplateNarrator.response_context({"name": "X"}, beat)["archetype"] == ""
    assert TemplateNarrator.response_context({"name": "X", "aptitude": 3}, beat)["aptitude"] == SUIT_APTITUDES[3]
    joker = TemplateNarrator.response_context({"name": "X", "aptitude": "Power"}, Beat("threat", {"suit": None}))
    assert joker["match"] is False and joker["suit"] is None


def _story(told: int) -> Fiction:
    f = Fiction([{"name": "Dana", "aptitude": "Power"}, {"name": "Eddie", "aptitude": "Finesse"}], 4)
    f.told = told
    return f


def test_an_answer_opens_and_keeps_hold_of_a_carried_thing_by_the_variant():
    """v = told: an opener when v % 3 == 0, a line about the first carried thing when v is even."""
    n = TemplateNarrator(1)
    for told, opener, keep in ((0, True, True), (2, False, True), (3, True, False), (1, False, False)):
        n.story = story = _story(told)
        before = set(story.used)
        line = n.respond({"name": "Dana", "aptitude": "Power"}, threat())
        assert story.used == before  # remembered only when it is said
        assert line.startswith(tuple(OPEN_MATCH)) is opener, line
        assert not line.startswith(tuple(OPEN_OTHER)), line
        item = story.find("Dana").items[told % 2]
        mine = ("the " if "'" in item.split()[0] else "my ") + item  # "the Hendersons' car keys", "my camera"
        kept = [k.replace("{{ mine }}", mine) for k in KEEP]
        assert any(k in line for k in kept) is keep, line
        assert any(d + "." in line for d in DO["Power"]["number"]), line


def test_an_answer_is_sure_only_in_its_own_aptitude_and_fights_a_killer():
    n = TemplateNarrator(1)
    n.story = _story(0)
    line = n.respond({"name": "Eddie", "aptitude": "Finesse"}, threat(suit="Power", killer=True))
    assert line.startswith(tuple(OPEN_OTHER)) and any(d + "." in line for d in DO["Power"]["killer"])
    n.story = _story(0)
    line = n.respond({"name": "Eddie", "aptitude": "Finesse"}, threat(suit="Finesse", severity="killer"))
    assert line.startswith(tuple(OPEN_MATCH)) and any(d + "." in line for d in DO["Finesse"]["killer"])
    n.story = _story(0)
    line = n.respond({"name": "Eddie", "aptitude": "Finesse"}, threat(suit=None, severity="joker"))
    assert any(d + "." in line for d in DO["Joker"]["killer"])


def test_the_last_one_alive_never_speaks_of_the_others():
    assert any("the others" in d for d in DO["Resolve"]["number"])
    n = TemplateNarrator(2)
    lines = [n.respond({"name": "Dana", "aptitude": "Resolve"}, threat(suit="Resolve", living_count=1))
             for _ in range(len(DO["Resolve"]["number"]) - 1)]
    assert not any("the others" in line for line in lines)
    lines = [n.respond({"name": "Dana", "aptitude": "Resolve"}, threat(suit="Resolve", living_count=2))
             for _ in range(len(DO["Resolve"]["number"]))]
    assert any("the others" in line for line in lines)


def test_without_a_story_answers_do_not_repeat_and_reset_forgets_them():
    n = TemplateNarrator(3)
    beat = threat(suit="Intellect")
    lines = [n.respond({"name": "Dana", "aptitude": "Power"}, beat) for _ in range(len(DO["Intellect"]["number"]))]
    does = [next(d for d in DO["Intellect"]["number"] if d + "." in line) for line in lines]
    assert len(set(does)) == len(does)
    assert n._used and n.responses == len(lines)
    n.reset()
    assert n._used == set() and n.responses == 0 and n.count == 0
    assert [n.respond({"name": "Dana", "aptitude": "Power"}, beat) for _ in range(3)] == lines[:3]


def test_answers_carry_no_thing_without_a_story():
    """No fiction, nothing carried: the keep-hold line is never told."""
    heads = [k.split("{{")[0] for k in KEEP]
    n = TemplateNarrator(5)
    for _ in range(12):
        line = n.respond({"name": "Dana", "aptitude": "Power"}, threat())
        assert not any(h in line for h in heads), line


def test_tell_keys_the_story_and_render_changes_nothing():
    n = TemplateNarrator(9)
    story = _story(0)
    n.story = story
    beat = Beat("endgame", {"removed_count": 2, "living": ["Dana", "Eddie"], "living_count": 2,
                                  "tests": 5})
    first = n.tell(beat)
    assert story.told == 1 and n.count == 1 and story.used
    used = set(story.used)
    assert n.render(beat, 1) == first  # the same variant, a fresh memory
    assert story.used == used and story.told == 1
    second = "".join(n.narrate(beat))
    assert story.told == 2 and second != first
    plain = TemplateNarrator(9)
    plain.tell(beat)
    assert plain.count == 1 and plain._used


def test_a_beats_context_has_every_detail_and_the_fictions_view():
    n = TemplateNarrator(1, setting={"name": "The Lodge"})
    ctx = n._context(Beat("dawn", {"survivors": ["A"], "lost_item": "camera"}))
    assert ctx["lost_item"] == "camera" and ctx["hurt"] is None and ctx["why_ok"] is True
    assert ctx["kind"] == "dawn" and ctx["setting"] == {"name": "The Lodge"} and ctx["survivors"] == ["A"]
    assert ctx["f"]["people"] == [] and ctx["f"]["living_count"] == 0
    n.story = _story(0)
    assert n._context(Beat("dawn", {}))["f"] == n.story.view()
    assert n._context(Beat("dawn", {"f": {"mine": 1}}))["f"] == {"mine": 1}
    assert TemplateNarrator(None).seed == 0 and TemplateNarrator(1).setting is None


def test_an_answer_never_repeats_what_the_night_has_already_heard():
    lines = DO["Power"]["number"]
    n = TemplateNarrator(1)
    n.story = story = _story(1)  # v = 1: no opener, no keep-hold line
    story.used |= {norm(d + ".") for d in lines[1:]}
    assert n.respond({"name": "Dana", "aptitude": "Power"}, threat()) == lines[0] + "."


def test_role_reads_the_article_of_a_longer_archetype():
    assert role("The Final Girl") == "the Final Girl" and role("A Camp Counselor") == "a Camp Counselor"


def test_a_frame_opens_at_most_three_sentences_while_the_slot_has_others():
    """Frames, not only sentences, vary: "Sid, what do you do?" and "Pam, what do you do?" are
    one frame; after three, the slot tells another while it has one, and a slot that may be
    left out is left out rather than repeat a frame."""
    from solo.narration.compose import FRAME_LIMIT, frame

    assert frame("Sid, what do you do now?") == frame("Pam, what do you do now?") == "x, what do you do"
    used: set[str] = set()
    told = [compose(f"§a\n{n}, what do you do now?\nShow me what you do, {n}, right now.", (n, 0), used)
            for n in ("Ann", "Ben", "Cat", "Dee", "Eve", "Fay")]
    firsts = [t for t in told if t.endswith("what do you do now?")]
    assert len(firsts) <= FRAME_LIMIT and len(told) == 6
    used2: set[str] = set()
    optional = [compose(f"§a?\n{n}, the dark is waiting for you.", (n,), used2) for n in ("Ann", "Ben", "Cat", "Dee")]
    assert optional[:3] == ["Ann, the dark is waiting for you.", "Ben, the dark is waiting for you.",
                            "Cat, the dark is waiting for you."] and optional[3] == ""


def test_a_six_word_run_is_told_at_most_three_times_while_the_slot_has_others():
    """Runs, not only openings: "The Killer retreats, and Sid comes out of it with a split lip"
    and "… Pam comes out of it with a bruised hip" share the masked run "name comes out of it
    with"; the cast's names are masked only when the composer is given them."""
    from solo.narration.compose import RUN_CEILING, RUN_LIMIT, runs

    assert "name comes out of it with" in runs("Then Sid comes out of it with a limp.", ["Sid"])
    assert "name comes out of it with" not in runs("Then Sid comes out of it with a limp.")
    assert "cap, and the night has other" in runs("At Dusk, and the night has other plans.")  # not the first word
    hurts = ("a split lip", "a bruised hip", "a skinned knee", "a jammed finger", "a twisted ankle", "a torn sleeve")
    cast = ["Ann", "Ben", "Cat", "Dee", "Eve", "Fay"]
    used: set[str] = set()
    told = [compose(f"§a\nAfter that, {n} comes out of it with {h}.\n{n} limps on, {h} and all, to the next door.",
                    (n,), used, names=cast) for n, h in zip(cast, hurts)]
    assert sum("comes out of it" in t for t in told) == RUN_LIMIT and len(told) == 6
    used = set()  # a slot with nothing else tells the run again, and a slot that may be left out is
    alone = [compose(f"§a\nAfter that, {n} comes out of it with {h}.\n§b?\nThen {n} comes out of it with a grin.",
                     (n,), used, names=cast) for n, h in zip(cast, hurts)]
    assert all("After that" in t for t in alone) and sum("grin" in t for t in alone) <= RUN_LIMIT - 1 < RUN_CEILING


def test_a_slot_with_every_run_worn_tells_the_least_worn():
    from solo.narration.compose import RUN_CEILING, remember

    worn, less = "the door at the end of the hall", "a light at the far end of the lake"
    used: set[str] = set()
    for k in range(RUN_CEILING + 2):
        remember(f"Then {worn} number {k}.", used)
    for k in range(RUN_CEILING):
        remember(f"Then {less} number {k}.", used)
    text = f"§a\nAnd {worn} again.\nAnd {less} again."
    assert {compose(text, (k,), set(used)) for k in range(10)} == {f"And {less} again."}


# ---------------------------------------------------------------------- lines held to the place


def test_a_line_that_does_not_fit_the_place_is_left_out_while_its_slot_has_others():
    from solo.world.places import fits

    rendered = ("§end\nBy morning, they are a story told around campfires.\nBy morning, they are a story.\n"
                "§sense?\nThe dark between the trees looks back.\n")
    house = lambda line: fits(line, False, True)  # noqa: E731  (a house party, indoors)
    for k in range(8):
        assert compose(rendered, ("k", k), set(), house) == "By morning, they are a story."
    woods = {compose(rendered, ("k", k), set(), lambda line: fits(line, True, False)) for k in range(8)}
    assert any("campfires" in t for t in woods) and all("between the trees" in t for t in woods)
    # a required slot none of whose lines fits still tells one (nothing else to tell)
    assert compose("§end\nA story told around campfires.\n", ("k", 0), set(), house) == "A story told around campfires."


def test_a_line_about_a_buildings_insides_is_not_told_out_of_doors():
    from solo.world.places import fits

    rendered = "§scene\nThe stairs collapse in a shower of rotten wood.\nThe footbridge sags over the drop.\n"
    for k in range(8):
        assert compose(rendered, ("k", k), set(), lambda line: fits(line, True, False, True)) == \
            "The footbridge sags over the drop."
    either = {compose(rendered, ("k", k), set(), lambda line: fits(line, True, False, False)) for k in range(8)}
    assert len(either) == 2  # indoors, or a place the setting says nothing of: both fit


def test_the_fiction_knows_a_place_is_out_of_doors_only_from_its_setting():
    from solo.director.fiction import Fiction

    camp = Fiction([{"name": "Ann", "aptitude": "Power"}], 1)
    found = {}
    for stop in range(len(camp.route)):
        camp.stop = stop
        found[camp.location] = camp.here["outdoors"]
    assert found["the trail around the lake"] is True and found["the mess hall"] is False
    free = Fiction([{"name": "Ann", "aptitude": "Power"}], 1, {"locations": ["a field", "a barn"]})
    for stop in range(2):  # a setting that tells nothing of its places: either may be indoors
        free.stop = stop
        assert free.here["outdoors"] is False


def test_a_house_party_night_ends_with_no_campfire():
    from solo.playsets import load_playset

    setting = load_playset("house-party").setting()
    n = TemplateNarrator(seed=0, setting=setting)
    beat = Beat("all_dead", {"names": ["Ann", "Ben"], "tests": 20})
    texts = {n.render(beat, v) for v in range(TemplateNarrator.VARIANTS)}
    assert texts and not any("campfire" in t for t in texts)
    camp = {TemplateNarrator(seed=0).render(beat, v) for v in range(TemplateNarrator.VARIANTS)}
    assert any("campfire" in t for t in camp)  # the camp keeps its woods


def _slots_line_by_line(rendered: str) -> list:
    """The slot rules read the plain way, a line at a time (what :func:`_slots` must give)."""
    slots: list = []
    for raw in rendered.splitlines():
        line = " ".join(raw.split())
        if line and line[0] != "§" and line != "~":
            line = re.sub(r" ([.,;:!?])", r"\1", line)
        if not line:
            continue
        if line[0] == "§":
            name = line[1:].strip()
            slots.append([name.rstrip("?!"), name[len(name.rstrip("?!")):], [], -1])
        elif not slots:  # before any slot: a slot with no name, this line its first candidate
            slots.append(["", "", [line], -1])
        elif line == "~":
            slots[-1][3] = len(slots[-1][2])
        elif line not in slots[-1][2]:
            slots[-1][2].append(line)
    return [(n, f, c, len(c) if fb < 0 else fb) for n, f, c, fb in slots]


_PIECES = ["§a", "§b?", "§c!", "  §d", "\t§e?!", "§", "~", " ~ ", "", "  ", "x", "x", "y .", "z  z", "a § b",
           "Eddie runs.", "x\x0by", "\u2028§f", "x\r§g", "w ,w"]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=14))
def test_slots_come_out_as_the_plain_line_by_line_reading_gives_them(pieces):
    """The slots as the composer reads them (in one pass, its lines cached): headers after
    spaces or odd line ends, the lines before any slot, "~", repeats and spacing all come out
    as the plain line-by-line reading gives them, read once or again."""
    text = "\n".join(pieces)
    assert _slots(text) == _slots_line_by_line(text)
    assert _slots(text) == _slots_line_by_line(text)  # its lines read back from the line cache


def test_a_set_piece_never_told_comes_before_one_told_in_another_frame():
    """A set-piece slot (``*``): "the drunk linebacker who won't let anyone past" told once
    ("At the den: …") is not told again ("Then: …") while "a door someone is holding shut from
    the other side" was never told, though a line told twice shares a run with the door."""
    from solo.narration.compose import compose, remember

    used: set[str] = set()
    remember("At the den: the drunk linebacker who won't let anyone past.", used)
    for _ in range(2):
        remember("A bedroom door someone is holding shut from inside.", used)
    rendered = ("§scene*\nThen: the drunk linebacker who won't let anyone past.\n"
                "Then: a door someone is holding shut from the other side.\n")
    for k in range(6):
        assert "door" in compose(rendered, ("seed", k), set(used)), k


def test_a_once_slot_tells_each_line_once_a_night_as_it_is_heard():
    """§slot?1: "This is the moment Ana was made for." is the same line told of Bo; once told,
    it is not told of anyone again that night, and the slot is left out when all its lines
    have been (a §slot? alone tells them again, up to the sentence limit)."""
    rendered = "§a\nAna goes.\n§b?1\nThis is the moment {n} was made for.\nNobody breathes while {n} works.\n"
    once: set[str] = set()
    told = [compose(rendered.replace("{n}", n).replace("Ana goes", f"{n} goes"), ("k", i), once, names=NAMES)
            for i, n in enumerate(NAMES)]
    heard = [s.replace(n, "N") for t, n in zip(told, NAMES) for s in sentences(t)[1:]]
    assert len(heard) == 2 and len(set(heard)) == 2, told
    again: set[str] = set()
    plain = rendered.replace("§b?1", "§b?")
    told = [compose(plain.replace("{n}", n), ("k", i), again, names=NAMES) for i, n in enumerate(NAMES)]
    assert sum(len(sentences(t)) - 1 for t in told) > 2, told
