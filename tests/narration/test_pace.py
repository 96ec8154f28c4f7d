"""One Test is not every Test: the telling picks speed and focus (solo/director/pacing.py).

A quiet Test (an atmospheric or dangerous card, no Killer, nobody hurt, nothing lost) is told
short and a run of them folded into one sentence; a scene (the Killer, a deadly card, a Strike,
a death, a weakness found) is built up and told at length. Held on whole autoplay nights: the
words told, success told as success and failure as failure, no beat told twice, no game terms.
"""

from __future__ import annotations

import re
import statistics
from collections import defaultdict

import pytest

from solo.director.pacing import FOLD, pace_of, run_after, run_context
from solo.narration import Beat, TemplateNarrator
from solo.nott.rules import ASHCAN, PLAYTEST
from solo.sim.autoplay import autoplay

# ---------------------------------------------------------------------- the pace of a beat


def _card(severity: str, **over) -> dict:
    return {"severity": severity, "killer": severity == "killer", "joker": None, **over}


@pytest.mark.parametrize("kind, ctx, want", [
    # the pace: quiet is an atmospheric or dangerous card with no Killer …
    ("threat", _card("atmospheric"), "quiet"),
    ("challenge", _card("dangerous"), "quiet"),
    ("outcome", _card("dangerous", success=False, fallout=2), "quiet"),
    ("outcome", _card("atmospheric", success=True, fallout=4), "quiet"),  # no Strike from 1-4
    # … and for an outcome nothing lost (a Costly Fallout takes a thing or hurts)
    ("outcome", _card("atmospheric", success=True, fallout=3, fallout_name="Costly"), "tense"),
    # a scene: a Killer card, a Joker, a deadly card, a Strike, a death, a weakness found
    ("threat", _card("killer"), "scene"),
    ("challenge", _card("joker", joker="red"), "scene"),
    ("challenge", _card("deadly"), "scene"),
    ("outcome", _card("dangerous", success=False, fallout=4, strike=True), "scene"),
    ("outcome", _card("dangerous", success=False, fallout=4, strike=True, dies=True), "scene"),
    ("outcome", _card("killer", success=True, fallout=1, weakness=True), "scene"),
    ("outcome", _card("deadly", success=False, fallout=1), "scene"),
    ("strike", _card("dangerous"), None),  # only threats, challenges and outcomes are paced
])
def test_the_pace_of_a_beat(kind, ctx, want):
    assert pace_of(kind, ctx) == want


def _quiet(name: str, suit: str = "Power", success: bool = True) -> dict:
    return {"name": name, "suit": suit, "success": success, "severity": "atmospheric", "pace": "quiet", "fallout": 1}


def test_a_run_of_quiet_tests_folds_at_the_third_and_starts_over():
    run: tuple = ()
    folds = []
    for name in ("Ann", "Ben", "Cy", "Dee", "Eve", "Fay"):
        folds.append(run_context(run, "outcome", _quiet(name))["fold"])
        run = run_after(run, "outcome", _quiet(name))
    assert FOLD == 3 and folds == [False, False, True, False, False, True]
    ctx = run_context(run_after(run_after((), "outcome", _quiet("Ann")), "outcome", _quiet("Ben")),
                      "outcome", _quiet("Cy"))
    assert [d["name"] for d in ctx["run_deeds"]] == ["Ann", "Ben"]


def test_an_outcome_that_keeps_a_promise_is_not_told_in_passing():
    """"It comes out of the dark for Pam", then a quiet card: the outcome that pays the thread
    ends the run and is never folded into "Nothing comes at them for a while"."""
    run = run_after(run_after((), "outcome", _quiet("Ann")), "outcome", _quiet("Ben"))
    paid = {**_quiet("Cy"), "pays": [{"kind": "comes", "name": "Ann"}]}
    assert run_context(run, "outcome", paid)["fold"] is False and run_after(run, "outcome", paid) == ()
    assert run_context(run, "outcome", _quiet("Cy"))["fold"] is True


def test_a_failure_closes_no_run():
    """"Nothing comes at them for a while: …, and now Tina, who …, and it goes wrong" reads as
    calm and failure in one breath: a failed quiet Test is told on its own, and the run goes on."""
    run = run_after(run_after((), "outcome", _quiet("Ann")), "outcome", _quiet("Ben"))
    failed = _quiet("Cy", success=False)
    assert run_context(run, "outcome", failed)["fold"] is False
    assert len(run_after(run, "outcome", failed)) == 3
    assert run_context(run_after(run, "outcome", failed), "outcome", _quiet("Dee"))["fold"] is True


def test_a_scene_ends_the_run_and_a_fold_names_nobody_twice_apart():
    run = run_after(run_after((), "outcome", _quiet("Ann")), "outcome", _quiet("Ben"))
    assert run_after(run, "threat", _card("killer")) == run  # a Threat Card told between: the run goes on
    assert run_after(run, "outcome", {**_quiet("Cy"), "pace": "scene"}) == ()
    assert run_after(run, "strike", {"name": "Cy"}) == ()
    # "Ann forces it, Ben …, and now Ann …" would name Ann twice: the fold tells Ben's and hers
    assert [d["name"] for d in run_context(run, "outcome", _quiet("Ann"))["run_deeds"]] == ["Ben"]
    assert [d["name"] for d in run_context(run, "outcome", _quiet("Ben"))["run_deeds"]] == ["Ann", "Ben"]


# ---------------------------------------------------------------------- told as one sentence

F = {"people": [{"name": n, "pronouns": "she/her"} for n in ("Ann", "Ben", "Cy")], "tests": 5, "stage": "unease",
     "endgame": False, "living": ["Ann", "Ben", "Cy"], "living_count": 3}


def _outcome(**over) -> Beat:
    ctx = {"name": "Cy", "archetype": "The Jock", "suit": "Finesse", "severity": "atmospheric", "killer": False,
           "success": True, "fallout": 2, "fallout_name": "Messy", "strike": False, "strike_count": 0, "dies": False,
           "added_face": None, "living": F["living"], "living_count": 3, "f": F, "pace": "quiet"}
    return Beat("outcome", ctx | over)


def test_a_fold_tells_the_time_passing_and_only_this_tests_deed():
    """The run's earlier deeds were told in their turn: the fold tells the time passing and this
    Test's own deed, in one sentence; told again, an earlier deed would be a doubled beat, and a
    roll-call of who went before ("Ann, then Ben, and now Cy") reads as a machine."""
    deeds = [{"name": "Ann", "suit": "Power", "success": True}, {"name": "Ben", "suit": "Intellect", "success": False}]
    told = {TemplateNarrator(s).render(_outcome(fold=True, run_deeds=deeds), v) for s in range(3) for v in range(12)}
    for t in told:
        assert t.count(". ") == 0 and t.endswith(".") and "Ann" not in t and "Ben" not in t, t
        # a Messy deed not done by force: its noise an accident, not the deed's own
        assert re.fullmatch(r"[A-Z][^.:]+, and Cy [a-z' ]+, and knocks something over doing it\.", t), t
    assert len(told) >= 5  # the lead and the deed vary
    forced = {TemplateNarrator(s).render(_outcome(fold=True, run_deeds=deeds, manner="force"), v) for s in range(3)
              for v in range(12)}
    assert all(re.fullmatch(r"[A-Z][^.:]+, and Cy [a-z' ]+, and not quietly\.", t) for t in forced), forced


def test_a_fold_tells_the_typed_deed_in_the_players_words():
    """What the player typed for this Test ("I answer it, whatever it is") is its deed in the
    fold, never a stock deed of its suit in its place."""
    deeds = [{"name": "Ann", "suit": "Power", "success": True}, {"name": "Cy", "suit": "Intellect", "success": True}]
    for v in range(8):
        t = TemplateNarrator(v).render(_outcome(fold=True, run_deeds=deeds, action="answer it, whatever it is"), v)
        assert re.search(r", and Cy (?:answers|sets out to answer|goes to answer) it, whatever it is", t), t


def test_a_quiet_outcome_is_one_sentence_and_a_quiet_challenge_asks_nothing():
    for v in range(20):
        t = TemplateNarrator(v).render(_outcome(), v)
        assert len(re.findall(r"[.!?](?: |$)", t)) == 1, t
    ch = {"name": "Cy", "archetype": "The Jock", "aptitude": "Finesse", "suit": "Finesse", "severity": "dangerous",
          "killer": False, "aptitude_match": True, "living_count": 3, "f": F, "wounds": []}
    quiet = [TemplateNarrator(v).render(Beat("challenge", ch | {"pace": "quiet"}), v) for v in range(20)]
    scene = [TemplateNarrator(v).render(Beat("challenge", ch | {"pace": "scene", "severity": "deadly"}), v)
             for v in range(20)]
    assert all(not t.endswith("?") and len(re.findall(r"[.!?](?: |$)", t)) == 1 for t in quiet), quiet
    assert all(t.endswith("?") and "Cy" in t.split(". ")[-1] for t in scene), scene


# ---------------------------------------------------------------------- whole nights

#: Said only of a success, and only of a failure (the tester's own deed), written from how a
#: reader hears the two, not from the templates.
SUCCESS = re.compile(r"\b(?:it works|manages(?: it)?|pulls it off|gets it done|makes it|succeeds|it pays off|does it|(?<!night )wins|"
                     r"gets through|it's a win)\b")
FAILURE = re.compile(r"\b(?:doesn't work|goes wrong|isn't enough|fails|falls short|gets nowhere|no good|can't do it|"
                     r"holds firm|nothing moves|too slow|fumbles|guesses wrong|loses (?:her|his|their|xyr) nerve)\b")
#: The game's words, which the mechanics line says and the story never does.
GAME = re.compile(r"\b(?:Strikes?|Genre Points?|Aptitudes?|Fallout|Threat Cards?|Jokers?|Director)\b"
                  r"|(?<!^)(?<![.!?] )\b(?:Power|Finesse|Intellect|Resolve|Clean|Messy|Costly|Dire|Tests?)\b"
                  r"|\b(?:10|[2-9AJQK])[♥♦♣♠]|\b(?:one|two|three|\d) (?:weakness(?:es)? )?(?:found|left|to go)\b")
NOTHING = re.compile(r"nothing (?:happens|breaks|comes of it)|just doesn't work|a clean failure", re.IGNORECASE)
#: A fold's leads (outcome.j2): the time passing, then ", and" the tester's own deed.
LEADS = ("For a while the night lets them be", "For a stretch, nothing comes for them", "It goes quietly for a time",
         "For a while it is only the work, and nobody in the dark", "The next little while passes without blood",
         "For a while, the dark keeps its distance", "Nothing comes at them for a while",
         "For a while it is only the work", "For a time it is only one thing after another")  # the last two: a loud end
FOLDED = re.compile("^(?:" + "|".join(map(re.escape, LEADS)) + "), and ")


def _klass(ctx) -> str:
    """A Test's class read from its outcome beat as the rules decided it (not from ``pace``)."""
    if ctx.get("killer") or ctx.get("severity") in ("killer", "deadly", "joker") or ctx.get("strike") \
            or ctx.get("dies") or ctx.get("weakness"):
        return "scene"
    return "tense" if ctx.get("fallout") == 3 else "quiet"


def play(i: int) -> dict:
    """Night ``i``: per Test its class, its words and texts; the player's lines."""
    from solo.playsets import load_playset

    ps = (None, "cabin-in-the-woods", "house-party")[i % 3]
    playset = load_playset(ps) if ps else None
    rules = playset.ruleset() if playset else (ASHCAN, PLAYTEST)[(i // 3) % 2]
    tests: dict = defaultdict(lambda: {"words": 0, "texts": [], "class": None, "outcome": None})

    def told(beat, text, before, after):
        if beat.kind in ("challenge", "outcome", "strike", "award", "genre_point"):
            t = tests[beat["tests"] + (beat.kind in ("challenge", "genre_point", "award"))]
            t["texts"].append((beat.kind, text))
            if beat.kind in ("challenge", "outcome", "strike"):
                t["words"] += len(text.split())
            if beat.kind == "outcome":
                t["class"], t["outcome"] = _klass(beat.context), (beat.context, text)

    night = autoplay(2000 + i, rules, ("naive", "careful")[i % 2], out=None, playset=playset, on_told=told)
    return {"tests": dict(tests), "says": [s.say for s in night.steps if s.say]}


def _own(text: str) -> str:
    """The tester's own deed in an outcome: a fold's last clause, else the whole text."""
    return FOLDED.sub("", text) if FOLDED.match(text) else text


def check(nights: list[dict]) -> dict:
    words: dict = defaultdict(list)
    found = []
    folds = runs = 0
    for n, night in enumerate(nights):
        streak = 0
        for k in sorted(night["tests"]):
            t = night["tests"][k]
            if t["class"]:
                words[t["class"]].append(t["words"])
            for kind, text in t["texts"]:
                for m in GAME.finditer(text):
                    found.append(f"night {n}, Test {k}, {kind}: game term {m.group(0)!r}: {text}")
                if kind == "challenge" and "what do you do" in text.lower():
                    found.append(f"night {n}, Test {k}: the stock question in a challenge: {text}")
            if t["outcome"] is None:
                continue
            ctx, text = t["outcome"]
            own = _own(text)
            said = SUCCESS.findall(own) if ctx["success"] else []
            if len(said) > 1:
                found.append(f"night {n}, Test {k}: the success told twice {said}: {text}")
            if (FAILURE if ctx["success"] else SUCCESS).search(own):
                found.append(f"night {n}, Test {k}: a {'success' if ctx['success'] else 'failure'} told as the other: {text}")
            if not ctx["success"] and ctx.get("severity") in ("dangerous", "deadly") and NOTHING.search(text):
                found.append(f"night {n}, Test {k}: a failure that matters told as nothing: {text}")
            folded = bool(FOLDED.match(text))
            folds += folded
            # a quiet card's outcome that keeps a promise is told as its own beat: it ends the run
            streak = 0 if t["class"] != "quiet" or folded or ctx.get("pays") else streak + 1
            runs += streak >= FOLD and ctx["success"]  # a third quiet Test in a row, a success, told on its own
        for say in night["says"]:
            for m in GAME.finditer(say):
                found.append(f"night {n}, the player's line: game term {m.group(0)!r}: {say}")
    return {"words": words, "found": found, "folds": folds, "unfolded": runs}


@pytest.fixture(scope="module")
def nights() -> list[dict]:
    return [play(i) for i in (0, 5)]  # the camp (ashcan), the house party (playtest)


def test_quiet_tests_are_told_short_and_scenes_at_length(nights):
    """Measured on 18 nights: quiet Tests 25 words (challenge and outcome), scenes 61 (before:
    44 and 47, one rhythm for every Test)."""
    w = check(nights)["words"]
    assert len(w["quiet"]) >= 20 and len(w["scene"]) >= 20
    assert statistics.mean(w["quiet"]) < 0.6 * statistics.mean(w["scene"]), {k: statistics.mean(v) for k, v in w.items()}


def test_each_outcome_is_told_once_as_it_went_with_no_game_in_the_prose(nights):
    assert check(nights)["found"] == []


def test_runs_of_quiet_tests_are_folded(nights):
    c = check(nights)
    # 15 folds in nights 0-5 (a run ended by a thread kept is told whole)
    assert c["folds"] >= len(nights) and c["unfolded"] == 0, c


@pytest.mark.stats
def test_a_sweep_of_nights_keeps_the_pace():
    c = check([play(i) for i in range(4, 40)])
    w = c["words"]
    assert c["found"] == []
    assert statistics.mean(w["quiet"]) < 0.6 * statistics.mean(w["scene"])
    assert c["folds"] >= 2 * 36 and c["unfolded"] == 0


def test_a_thing_nobody_had_tonight_is_not_told_as_the_one_they_lost():
    """"Sid does it bare-handed, without the pocketknife" for a Sid who never had one reads as a
    thing lost; a thing nobody has had tonight is "a pocketknife"."""
    from solo.narration.beats import Beat
    from solo.narration.templates import TemplateNarrator
    from tests.director.nights import night_some_way_in
    from solo.nott.rules import ASHCAN

    night = night_some_way_in(5, ASHCAN, "careful", 10)
    n = TemplateNarrator(seed=5)
    n.story = night.story
    f = night.story.view()
    name = night.names[0]
    told = set()
    for v in range(12):
        for sev, success in (("dangerous", True), ("dangerous", False), ("atmospheric", True)):
            beat = Beat("outcome", {"name": name, "archetype": "The Jock", "suit": "Power", "severity": sev,
                                    "killer": None, "success": success, "fallout": 1, "fallout_name": "Clean",
                                    "strike": False, "strike_count": 0, "dies": False, "added_face": None,
                                    "missing": {"thing": "pocketknife", "how": "none", "holder": None},
                                    "action": "pry it open with my pocketknife", "f": f, "tests": 10 + v,
                                    "pace": "quiet" if sev == "atmospheric" else "tense"})
            n.seed = v
            told.add(n.tell(beat))
    said = " ".join(told)
    assert "pocketknife" in said and "the pocketknife" not in said, said
