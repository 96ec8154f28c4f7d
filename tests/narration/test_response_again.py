"""An autoplayed line opened "Again, " is said by the one who said it before, never by another."""

from solo.narration.templates import _own_again


def test_again_belongs_to_its_speaker():
    mine = ["Again, I dart past it while it turns.", "I dart past it while it turns."]
    assert _own_again("Again, I dart past it while it turns.", mine[1:]) == mine[0]
    # another character darted past it: this one has never done it, so not "again"
    assert _own_again("Again, I dart past it while it turns.", ["I hide."]) == "Then, " + mine[1]
    assert _own_again("Once more, I hold my breath.", []) == "Then, I hold my breath."
    assert _own_again("Somehow, I hold my breath.", []) == "Somehow, I hold my breath."  # says nothing of before
    assert _own_again("I hold my breath.", []) == "I hold my breath."
