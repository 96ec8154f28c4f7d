"""The resume question at start-up takes a yes or a no, and nothing else for one: "help" was
taken as yes, and the next "n" was written into that night's story. Anything that is neither is
explained in one line and asked again; Enter is the default."""

from solo.cli import yes_or_no


def asked(*replies, default=True):
    queue, said = list(replies), []
    return yes_or_no(lambda: queue.pop(0), said.append, default), said, queue


def test_help_is_no_yes_and_the_question_is_asked_again():
    answer, said, left = asked("help", "n")
    assert answer is False and left == [] and len(said) == 1 and "'help' is neither" in said[0]


def test_the_plain_answers_and_enter():
    assert asked("y")[0] is True and asked("YES")[0] is True and asked("")[0] is True
    assert asked("n")[0] is False and asked(" No. ")[0] is False and asked("", default=False)[0] is False
    assert asked("nope")[0] is False and asked("sure")[0] is True


def test_a_question_that_gets_no_answer_ends_on_its_default():
    answer, said, _ = asked(*["what?"] * 5)
    assert answer is True and len(said) == 5
