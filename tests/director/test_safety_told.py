"""Lines and veils as the player sets and meets them (solo/director/safety.py): what a typed
topic or X-card becomes, what the night's set holds after each change, an answer decided word
for word told without what it keeps out, what a model's paragraph is refused for, and the
``[safety]`` table of config.toml.

Each test names, in its docstring, the broken copy of the code it was seen to fail on (a mutant
of ``make mutate GROUPS=safety``, docs/testing.md)."""

from __future__ import annotations

import pytest

from solo.director import safety as S
from solo.director.continuity import Contradiction
from solo.director.safety import (
    MAX_TOPICS,
    Safety,
    SafetyError,
    check,
    flagged,
    merged,
    read_config,
    topic_of,
)


def refusal(call, *args) -> str:
    with pytest.raises(SafetyError) as err:
        call(*args)
    return str(err.value)


def test_a_refused_topic_says_why_in_the_players_own_words():
    """What ``line``, ``veil`` and ``x`` print when a topic cannot be one: the lexicon's topics
    listed, what was typed quoted (its first 40 characters). Breaks: the message dropped
    (``SafetyError(None)``), the topics joined wrongly or not at all, the text cut at 41, the
    "too plain" hint changed, x's own message dropped."""
    known = "blood, drowning, fire, animals harmed, children in danger, insects, suffocation"
    assert refusal(topic_of, "12") == f"a line or a veil is one word (clowns, knives …) or a topic: {known}; not '12'"
    long = "up behind me where the light does not reach at all"
    assert refusal(topic_of, long) == \
        f"a line or a veil is one word (clowns, knives …) or a topic: {known}; not {long[:40]!r}"
    assert refusal(topic_of, "the") == "'the' is too plain a word to keep out of the story: give a topic (blood, " \
                                       "fire, spiders …)"
    plain = "the and the of the to the in the at the by the"
    assert refusal(flagged, plain) == \
        f"x takes a topic or words to keep out (x blood, x spiders), or nothing; not {plain[:40]!r}"
    assert refusal(flagged, "the") == "x takes a topic or words to keep out (x blood, x spiders), or nothing; " \
                                      "not 'the'"


def test_a_typographic_apostrophe_is_the_same_topic():
    """``line bugs’`` (a phone's keyboard) is the insects, as ``line bugs'`` is. Breaks: the
    curly apostrophe no longer read as a straight one (kept, or turned into something else)."""
    assert topic_of("bugs’") == "insects"
    assert topic_of("kids’") == "children in danger"


def test_the_x_card_splits_what_is_flagged_at_commas_and_ands():
    """``x harm to animals, fire and kids``: three topics, a many-word alias read whole; an
    empty part (``x blood, and fire``) skips to the next; capitals are the same words. Breaks:
    the split pattern broken (no split: every word its own topic, "harm" among them), "and"
    matched only in capitals, the text upper-cased before the split, an empty part ending the
    list (``break`` for ``continue``)."""
    assert flagged("harm to animals, fire and kids") == ("animals harmed", "fire", "children in danger")
    assert flagged("Fire AND Animal Cruelty") == ("fire", "animals harmed")
    assert flagged("blood, and fire") == ("blood", "fire")
    assert flagged("blood,, fire") == ("blood", "fire")


def test_a_night_holds_at_most_24_lines_and_veils_together():
    """Twelve lines and twelve veils fill the night; a 25th topic is refused in one line,
    whether a line or a veil. Breaks: the room counted as lines minus veils, ``>`` for ``>=``
    (a 25th let in), the message dropped."""
    words = [f"zz{chr(97 + k)}" for k in range(MAX_TOPICS)]
    s = Safety.of(lines=words[:12], veils=words[12:])
    assert len(s.lines) + len(s.veils) == MAX_TOPICS == 24
    for add in (s.line, s.veil):
        assert refusal(add, "clowns") == "a night holds at most 24 lines and veils; drop one first"
    assert s.drop("zza").line("clowns").lines[-1] == "clowns"


def test_dropping_a_topic_keeps_every_other_line_and_veil():
    """``drop blood`` leaves the veils as they were; ``drop fire`` leaves the other veils.
    Breaks: the veils emptied by any drop, the dropped veil kept alone (``==`` for ``!=``), the
    refusal's message dropped."""
    s = Safety.of(lines=["blood"], veils=["fire", "spiders"])
    assert s.drop("blood") == Safety((), ("fire", "spiders"))
    assert s.drop("fire") == Safety(("blood",), ("spiders",))
    assert s.drop("gore") == Safety((), ("fire", "spiders"))  # by its alias
    assert refusal(s.drop, "clowns") == "'clowns' is neither a line nor a veil tonight"


def test_the_list_shown_and_told_to_a_model_names_each_topic_with_its_words():
    """``safety`` shows each line and veil with six of its words; the model's prompt lists them
    joined by "; ". Breaks: the words kept only when they are the topic (``==``), seven
    words, the separators changed, a veil's row naming None."""
    assert S.words_of("blood") == "blood (bloody, bleed, gore, gory, bloodstain, bloodstained …)"
    assert S.words_of("clowns") == "clowns"
    s = Safety.of(lines=["blood"], veils=["spiders", "bugs"])
    assert s.describe() == ["line: blood (bloody, bleed, gore, gory, bloodstain, bloodstained …)", "veil: spiders",
                            "veil: insects (insect, bug, beetle, cockroach, roach, maggot …)"]
    assert s.listed("veils") == "spiders; insects (insect, bug, beetle, cockroach, roach, maggot …)"


def test_an_x_carded_topic_is_veiled_unless_it_is_already_a_line_and_lines_take_it_from_the_veils():
    """The X-card's topics: veiled from then on (``with_veils``), but a topic already a line
    stays a line only; the retelling keeps them out as lines (``with_lines``): a veiled topic
    flagged becomes a line and leaves the veils, a line already set is not added twice, and a
    set with nothing new is the set itself. Breaks: a line veiled too (``or`` for ``and``),
    ``with_lines`` adding nothing (its topics dropped, kept only when already lines, or the
    test ``if not topics`` turned round), the lines or the veils of the result emptied, a
    flagged veil left among the veils."""
    s = Safety.of(lines=["blood"], veils=["fire"])
    assert s.with_veils(["blood"]) is s
    assert s.with_veils(["blood", "spiders"]) == Safety(("blood",), ("fire", "spiders"))
    assert s.with_lines(["fire", "spiders", "blood"]) == Safety(("blood", "fire", "spiders"), ())
    assert s.with_lines(["blood"]) is s
    assert s.with_lines(["spiders"]) == Safety(("blood", "spiders"), ("fire",))


def test_an_answer_or_a_players_line_reads_every_veil_as_a_line():
    """A text decided word for word is never faded: the veils are read as lines for it
    (``as_lines``), after the lines, each once. Breaks: ``as_lines`` returning the set as it
    is, emptying it, keeping only the veils that are lines already."""
    s = Safety.of(lines=["blood"], veils=["fire", "spiders"])
    assert s.as_lines() == Safety(("blood", "fire", "spiders"), ())
    assert s.as_lines().crosses("The campfire is out.") == "fire"
    assert Safety.of(lines=["blood"]).as_lines() == Safety(("blood",), ())


@pytest.mark.parametrize("safety, text, yes, told", [
    # a veil kept out of an answer as a line is
    (Safety.of(veils=["blood"]), "Yes. Tina is bleeding.", True, "Yes. The rest stays off screen."),
    # the first sentence crossing: the bare answer first, then what is left (… : whatever follows)
    (Safety.of(lines=["blood"]), "Tina is bleeding badly. She is still standing.", True,
     "Yes. She is still standing. …"),
    (Safety.of(lines=["blood"]), "No, Tina is not bleeding.", False, "No."),
    (Safety.of(lines=["blood"]), "Nobody is bleeding. Wes has the flare.", False,
     "No. Wes has the flare. …"),
    # nothing left and no yes or no: the first line of the dark that crosses nothing
    (Safety.of(lines=["blood", "dark"]), "It bleeds like anything else.", None, "That stays off screen."),
    (Safety.of(lines=["blood", "dark", "screen", "say"]), "It bleeds.", None, ""),
    # the rest line that crosses nothing
    (Safety.of(lines=["blood", "screen"]), "Yes. Tina is bleeding. She runs.", True,
     "Yes. She runs. The rest stays in the dark."),
    # a text that crosses nothing comes back exactly as it was
    (Safety.of(lines=["blood"]), "No.  Nobody is hurt.\nNot yet.", False, "No.  Nobody is hurt.\nNot yet."),
])
def test_an_answer_decided_word_for_word_keeps_its_yes_or_no_and_drops_what_crosses(safety, text, yes, told):
    """``is Tina hurt?`` answered from the table, under a line or a veil: the Yes or the No
    stays, as typed, first; what crosses goes. Breaks: a veil not read in an answer
    (``touches`` asking the veils about None), "No." dropped or misspelled ("no.", "NO.",
    "XXNo.XX") or given for a yes, the first sentence's check asking about None, the bare
    answer put second, the dark lines taken whether they cross or not, an empty answer told as
    "XXXX" or raising, the rest line taken whether it crosses or not, a text that crosses
    nothing re-spaced (``and`` for ``or`` in the first test)."""
    got = safety.scrub(text, yes)
    assert (got + " ").startswith(told[:-1]) if told.endswith("…") else got == told


def test_a_model_paragraph_refused_for_a_line_or_a_veil_says_which_sentence_and_which_words():
    """The notice a refused paragraph gives (the night's summary, ``--verbose``): the sentence,
    cut at 120 characters, and why, with the words that crossed. Breaks: the sentence dropped or
    cut at 121, the reasons' texts changed, the topic or the words not named."""
    assert check("Tina drowns.", Safety.of(lines=["drowning"])) == [
        Contradiction("line-crossed", "Tina drowns.", "it crosses the line on drowning (drowns)")]
    long = "Smoke rolls " + "slowly " * 20 + "over the water, and the campfire hisses."
    [shown] = check(long, Safety.of(veils=["fire"]))
    assert shown == Contradiction("veil-shown", long[:120],
                                  "it shows fire on screen, which is veiled (smoke, campfire)")
    assert len(shown.sentence) == 120


def test_config_toml_reads_either_key_alone_a_single_topic_and_says_what_it_could_not_read(tmp_path, monkeypatch):
    """``[safety]`` with only ``lines``, with a topic given as a string, with ``veils`` of the
    wrong type (a notice, and the lines still read), or that is no TOML (the notice quotes the
    error). Breaks: a missing key read as no list (a notice for it), a string turned into
    nothing, the wrong type ending the reading (``break``), the notices' texts dropped or
    changed."""
    cfg = tmp_path / "config.toml"
    monkeypatch.setenv("SOLO_CONFIG", str(cfg))
    notices: list[str] = []
    cfg.write_text('[safety]\nlines = ["blood"]\n')
    assert read_config(notices.append) == Safety(("blood",), ()) and notices == []
    cfg.write_text('[safety]\nveils = "spiders"\n')
    assert read_config(notices.append) == Safety((), ("spiders",)) and notices == []
    cfg.write_text('[safety]\nveils = 3\nlines = ["fire"]\n')
    assert read_config(notices.append) == Safety(("fire",), ())
    assert notices == ['config.toml: [safety] veils is a list of topics, e.g. veils = ["blood", "spiders"]']
    notices.clear()
    cfg.write_text("[safety\nlines = 1\n")
    import tomllib

    try:
        tomllib.loads(cfg.read_text())
    except ValueError as exc:
        why = " ".join(str(exc).split())
    assert read_config(notices.append) == Safety()
    assert notices == [f"config.toml {str(cfg)!r} is not valid TOML ({why}): not read, solo goes on with the defaults"]


def test_config_toml_is_found_in_the_users_config_folder(tmp_path, monkeypatch):
    """Without ``$SOLO_CONFIG``, ``$XDG_CONFIG_HOME/solo/config.toml`` (the user's config
    folder, where ``[llm]`` is read too). Breaks: the folder's name or the file's changed, the
    app name dropped (the config folder itself), the path joined wrongly."""
    monkeypatch.delenv("SOLO_CONFIG", raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    (tmp_path / "solo").mkdir()
    (tmp_path / "solo" / "config.toml").write_text('[safety]\nlines = ["blood"]\n')
    (tmp_path / "config.toml").write_text('[safety]\nlines = ["fire"]\n')
    assert read_config() == Safety(("blood",), ())


def test_command_line_veils_are_added_after_config_toml():
    """``solo play --veil fire``: added to what config.toml set. Breaks: the veils ignored
    (``veils and ()``), a veil of None."""
    base = Safety.of(lines=["blood"])
    assert merged(base, (), ["fire", "spiders"]) == Safety(("blood",), ("fire", "spiders"))
    assert merged(base, ["fire"], None) == Safety(("blood", "fire"), ())
