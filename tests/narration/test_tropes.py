"""The template trope judge on real phrasings: every built-in trope (slasher list and both
built-in playsets) is recognised, negations and dice talk are not, and a labelled corpus of
typed lines gives the judge's precision and recall (printed by ``make test``)."""

from __future__ import annotations

import pytest

from solo.director.tropes import (
    SLASHER, TemplateJudge, Trope, catalogue, fallback_phrasing, find, only_dice, parse_phrasing, words,
)
from solo.playsets import PlaysetError, load_playset, read_playset

from .trope_corpus import CORPUS, DICE_TALK, HELD_OUT, TROPE_LINES

JUDGE = TemplateJudge()


def judged(line, tropes=SLASHER):
    v = None if only_dice(line) else JUDGE.judge(line, None, tropes)
    return v.trope if v else None


def scores(corpus):
    tp = fp = positives = 0
    for line, want in corpus:
        got = judged(line)
        positives += want is not None
        if got is not None and got == want:
            tp += 1
        elif got is not None:
            fp += 1
    precision = tp / (tp + fp) if tp + fp else 1.0
    return precision, tp / positives


def test_the_corpus_is_large_and_covers_every_slasher_trope():
    assert len(CORPUS) >= 60
    kinds = {want for _line, want in TROPE_LINES}
    assert kinds == {t.name for t in SLASHER}, "each built-in trope has typed lines"
    assert sum(1 for _l, w in CORPUS if w is None) >= 25


def test_precision_and_recall_on_the_corpus(capsys):
    precision, recall = scores(CORPUS)
    held_p, held_r = scores(HELD_OUT)
    with capsys.disabled():
        print(f"\n[trope judge] templates on {len(CORPUS)} labelled lines: precision {precision:.2f}, "
              f"recall {recall:.2f}; on {len(HELD_OUT)} held-out lines: precision {held_p:.2f}, recall {held_r:.2f}")
    assert precision >= 0.8 and recall >= 0.8
    assert held_p >= 0.8  # on lines never tuned on, it may miss a trope but must not invent one


@pytest.mark.parametrize("line,want", TROPE_LINES)
def test_each_trope_line_is_recognised(line, want):
    assert judged(line) == want


@pytest.mark.parametrize("line", [
    "We will not split up.", "I won't go check that noise.", "Instead of hiding in the closet I run outside.",
    "I never answer the phone.", "We refuse to read it aloud.",
])
def test_a_negation_before_the_trope_is_no_trope(line):
    assert judged(line) is None


@pytest.mark.parametrize("line,_", DICE_TALK)
def test_dice_talk_only_restates_the_dice(line, _):
    assert only_dice(line)


@pytest.mark.parametrize("line", ["I roll the barrel down the stairs at it.", "I split up the last flares: one each.",
                                  "Hello?", ""])
def test_a_story_line_with_dice_words_is_not_dice_talk(line):
    assert not only_dice(line)


CABIN = {
    "reading the strange book aloud": "I open the journal and read the strange words aloud.",
    "splitting up to search faster": "Let's split up, we'll find the keys faster.",
    "going down to the cellar alone": "I go down into the cellar with the lantern.",
    "saying they'll be right back": "Don't worry, I'll be right back.",
    "the car that won't start at the worst moment": "I turn the key but the engine won't start.",
    "laughing off the legend": "The old ranger's warning? Just a campfire story.",
    "investigating the noise outside": "I go out to see what that knocking was.",
}
PARTY = {
    "sneaking off to be alone together": "Jen and I sneak off together to the treehouse.",
    "going to check the basement": "I'll go check the basement for more ice.",
    "daring someone to say the name three times": "I dare you to say his name three times.",
    "answering the phone when it keeps ringing": "It keeps ringing. Fine, I pick up the phone.",
    "the prank that everyone thinks is a prank": "Very funny, Kyle. Nice mask.",
    "hiding in the closet": "I hide in the closet under the coats.",
    "running upstairs instead of out the door": "I run upstairs and lock myself in the bathroom.",
}


@pytest.mark.parametrize("playset,lines", [("cabin-in-the-woods", CABIN), ("house-party", PARTY)])
def test_every_trope_of_the_built_in_playsets_is_recognised_in_its_own_words(playset, lines):
    ps = load_playset(playset)
    assert set(lines) == set(ps.tropes), "a line for each of the playset's tropes"
    tropes = catalogue(ps.setting())
    for trope, line in lines.items():
        v = JUDGE.judge(line, "Jesse", tropes)
        assert v is not None and v.trope == trope, (line, v)
        assert v.judge == "templates" and v.reason.startswith("\u201c")


def test_the_playsets_tropes_come_first_and_are_not_repeated():
    tropes = catalogue(load_playset("house-party").setting())
    names = [t.name for t in tropes]
    assert len(names) == len(set(names))
    assert names[:7] == list(load_playset("house-party").tropes)
    assert "splitting up" in names  # the slasher list follows


def test_words_spell_out_contractions():
    assert words("I'll be right back, it's fine — won't take long") == [
        "i", "will", "be", "right", "back", "it", "is", "fine", "will", "not", "take", "long"]


def test_phrasing_terms_gaps_and_prefixes():
    terms = parse_phrasing("investigat*|check noise|sound")
    assert find(terms, words("I investigate the strange little noise")) is not None  # three words between
    assert find(terms, words("I investigate the very strange little noise")) is None  # four is too far
    assert find(terms, words("the noise, I check it")) is None  # in order only


@pytest.mark.parametrize("bad", ["", "go * noise", "run|", "check the noise!", "a b c d e f g h i"])
def test_a_badly_written_phrasing_is_refused(bad):
    with pytest.raises(ValueError):
        parse_phrasing(bad)


def test_a_playset_trope_without_phrasings_is_recognised_by_its_own_words():
    assert fallback_phrasing("investigating the noise outside") == "investigat* noise outside"
    setting = {"name": "x", "tropes": ["feeding the strange dog"]}
    tropes = catalogue(setting)
    assert tropes[0] == Trope("feeding the strange dog", ("feed* strange dog",), "x")
    assert JUDGE.judge("I keep feeding the strange dog scraps", None, tropes).trope == "feeding the strange dog"


def _playset_with(tmp_path, extra: str):
    base = (load_playset("house-party").model_dump_json())
    import json
    import tomllib  # noqa: F401

    data = json.loads(base)
    lines = ["name = \"x-test\"", f"title = {json.dumps(data['title'])}", f"premise = {json.dumps(data['premise'])}",
             f"locations = {json.dumps([x['place'] for x in data['locations']])}",
             f"props = {json.dumps(load_playset('house-party').all_props())}",
             f"tropes = {json.dumps(data['tropes'] + ['feeding the strange dog'])}", extra]
    for table in ("killer", "flavour", "dread", "archetypes"):
        lines.append(f"[{table}]")
        lines += [f"{k} = {json.dumps(v)}" for k, v in data[table].items()]
    path = tmp_path / "x.toml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_a_playset_adds_its_own_trope_with_phrasings(tmp_path):
    path = _playset_with(tmp_path, '[trope_phrasings]\n"feeding the strange dog" = ["feed*|give* dog|mutt"]\n')
    ps = read_playset(path)
    v = JUDGE.judge("I give the mutt my sandwich", None, catalogue(ps.setting()))
    assert v.trope == "feeding the strange dog"


@pytest.mark.parametrize("extra,says", [
    ('[trope_phrasings]\n"a trope it does not have" = ["go"]\n', "not one of this playset's tropes"),
    ('[trope_phrasings]\n"feeding the strange dog" = ["feed * dog"]\n', "is not a word"),
    ('[trope_phrasings]\n"feeding the strange dog" = []\n', "has no phrasings"),
])
def test_playset_check_refuses_bad_phrasings_in_one_line(tmp_path, extra, says):
    path = _playset_with(tmp_path, extra)
    with pytest.raises(PlaysetError) as err:
        read_playset(path)
    msg = str(err.value)
    assert "\n" not in msg and "trope_phrasings" in msg and says in msg
