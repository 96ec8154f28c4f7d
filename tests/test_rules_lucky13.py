"""``solo rules`` covers Lucky 13 too (issue 26, item 7): ``solo rules lucky13`` prints its
reference, ``--system lucky13 TOPIC`` searches it, and the Night's reference says where it is."""

from solo.cli import main
from solo.lucky13.reference import RULES


def test_solo_rules_lucky13_prints_every_section(capsys):
    assert main(["rules", "lucky13"]) == 0
    out = capsys.readouterr().out
    assert all(f"## {title}\n{text}" in out for _, title, text in RULES)


def test_a_lucky13_topic_is_searched_in_its_own_rules(capsys):
    assert main(["rules", "--system", "lucky13", "combat"]) == 0
    out = capsys.readouterr().out
    assert "## Combat\n" in out and "Threat Card" not in out
    assert main(["rules", "--system", "lucky13", "banana"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "nothing in the Lucky 13 rules about 'banana'" in err


def test_the_nights_reference_says_where_lucky13s_rules_are(capsys):
    assert main(["rules"]) == 0
    assert "solo rules lucky13" in capsys.readouterr().out
