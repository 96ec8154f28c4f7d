"""The guided first night: a stacked table and chosen dice that bring every rule up in play
order, each lesson in the rulebook's words. The player still makes every choice; the dice
for a Threat Card are the lesson's, so a different choice changes the story, not the lesson.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from ..world.pronouns import DEFAULT as DEFAULT_PRONOUNS
from ..world.pronouns import pronouns_of
from .cards import parse_card
from .chance import SeededChance
from .game import Character, Game
from .rules import ASHCAN

#: The cast's pronouns: the tutorial's texts speak of each with their own (never "her brother's
#: van" of a character who is they/them).
PRONOUNS = {"Ann": DEFAULT_PRONOUNS, "Ben": DEFAULT_PRONOUNS, "Cat": DEFAULT_PRONOUNS, "Dee": DEFAULT_PRONOUNS}

CAST = (
    Character("Ann", 0, "The Jock", f"drove everyone here in {pronouns_of(PRONOUNS['Ann']).say('their')} brother's van",
              PRONOUNS["Ann"]),
    Character("Ben", 1, "The Babysitter", "promised to bring the Doyle kids home by midnight", PRONOUNS["Ben"]),
    Character("Cat", 2, "The Genre Savant", "has seen every one of these films and knows the rules", PRONOUNS["Cat"]),
    Character("Dee", 3, "The Thief", "came to lift the caretaker's cash box", PRONOUNS["Dee"]),
)

THREAT = ("A♠ A♥ 4♣ 7♦ 9♠ 8♥ J♠ Q♥ K♣ J♣ J♦ 2♠ 3♥ 2♦ 3♣ 4♠ 2♥").split()

#: Dice for each Threat Card: the first roll, then a Genre Point reroll.
DICE = {
    "A♠": [(4, 1)], "A♥": [(6, 3)], "4♣": [(0, 3)], "7♦": [(3, 3)], "9♠": [(2, 2), (3, 4)],
    "8♥": [(1, 4)], "J♠": [(8, 2)], "Q♥": [(5, 1)], "K♣": [(6, 2)], "J♣": [(3, 1)], "J♦": [(4, 2)],
    "BJ": [(9, 2)], "K♠": [(0, 1)], "RJ": [(7, 4)],
}

#: Shuffles, in order, per pile: the cards that come out on top (skipped if not in the pile).
SHUFFLES = {
    "threat": [["Q♥"], ["K♣"], ["J♣"], ["J♦"], ["BJ", "K♠", "RJ"], ["RJ"]],
    "trophy": [["A♥"], ["10♦"], ["A♠"], ["A♥"], ["A♠"], ["10♦"], ["10♦"]],
}
CHOICES = {"jack": ["J♥", "J♥", "J♥"], "king": ["K♠"], "black_joker": ["K♣", "K♠"]}

#: What to say when each Threat Card comes up: (rule, explanation in the rulebook's words, what to type).
#: ``{Cat:theirs}`` is a word said of a character with the default pronouns, said with the
#: character's own when the lesson is shown (:func:`lesson_for`).
LESSONS: dict[str, tuple[str, str, str]] = {
    "A♠": ("The d13 and a clean success",
           "The top card of the Threat Deck is the Threat Card: the next challenge. ♠ is Power, a physical "
           "challenge; an Ace is 1. \"To make the Test, roll a d13\" — a d10 read 0–9 (the Main die) plus a d4 "
           "(the Fallout die), 1 to 13. \"If your roll is equal to or greater than the difficulty, you Succeed.\"",
           "test Ben, then roll"),
    "A♥": ("Fallout",
           "\"The number you rolled on your Fallout die (the d4) is the Fallout from the Test. It determines how "
           "you succeed or fail, and be warned: a higher roll is worse.\" 1 Clean, 2 Messy, 3 Costly, 4 Dire. A "
           "beaten number card goes on top of the Trophy Pile, and the next card from the Number Reserve joins the "
           "bottom of the Threat Deck.",
           "test Cat, then roll"),
    "4♣": ("An atmospheric failure",
           "\"1–4: Atmospheric. There is no risk of Strikes from this challenge.\" On a failure the Threat Card "
           "goes to the bottom of the Threat Deck \"to haunt you again later\", with the next Number Reserve card.",
           "test Dee, then roll"),
    "7♦": ("Aptitude",
           "Dee's Aptitude is Finesse (♦), the suit of this card. \"If in a Test, the suit of the Aptitude of your "
           "character and the suit on the Threat Card are a match, you can add or subtract one from the Fallout die "
           "result after the roll. This will affect both if the Test was successful, and the severity of the "
           "Fallout.\" After the roll, look at the three choices before you commit.",
           "test Dee, roll, then resolve +1, resolve -1 or resolve"),
    "9♠": ("A Genre Point reroll",
           "\"The Director starts with 13 Genre Points that they can award you with for playing into the genre's "
           "tropes. You can spend one Genre Point to reroll your entire d13 and add a +1 to that roll's main die. "
           "You must accept the second result.\" — even when it is worse: a Dire failure is a Strike. Cat wants to "
           "go up there alone while the others wait below — a trope if ever there was one.",
           "award Cat for going up alone, test Cat, roll, then reroll"),
    "8♥": ("A Strike",
           "\"You get a Strike when you: Fail any Test against the Killer. Fail a Test with Dire (4) Fallout. "
           "Succeed in a Test with Dire (4) Fallout against the Killer.\" \"Everyone in Night of the Thirteenth gets "
           "two close calls with death before the end comes for them.\" The third Strike kills.",
           "test Ann, then roll"),
    "J♠": ("Facing the Killer — and a weakness",
           "Face cards are the Killer. \"The difficulty is determined by adding the Trophy Pile's top card to the "
           "modifier from the face card in question: Jack +1, Queen +2, King +3.\" A success adds a random Jack "
           "(Fallout 1–2) or Queen (3–4); the first defeat of a suit finds a weakness of the Killer and removes the "
           "card. After any confrontation, the Threat Deck and Trophy Pile are shuffled.",
           "test Ann, roll, and think twice about Aptitude: a Dire success against the Killer is a Strike"),
    "Q♥": ("A second weakness",
           "The shuffled Trophy Pile shows a new top card, so the Killer's difficulty has changed. Find a weakness "
           "in each of the four suits and the Endgame begins.",
           "test Ben, then roll"),
    "K♣": ("Failure is disastrous",
           "\"Failure is disastrous: you gain one Strike, and a random King is added from the Face Card Reserves to "
           "the bottom of the Threat Deck.\" A King over a 10 is difficulty 13: only 9 + 4 beats it.",
           "test Cat, then roll (Aptitude will not save this one)"),
    "J♣": ("Three suits",
           "The Trophy Pile was shuffled again: the base is low now. Strike while it is.",
           "test Cat, then roll"),
    "J♦": ("The last weakness: the Endgame",
           "\"Should you survive long enough to defeat a face card from all four suits, the night reaches its bloody "
           "climax. The Director removes all number cards from the Threat Deck, leaving only the monstrous face "
           "cards. Both Jokers are shuffled into this deck of horrors.\"",
           "test Dee, then roll"),
    "BJ": ("The Black Joker",
           "\"When the Director would reveal a Joker from the top of the deck, it is not shown to the players. Its "
           "effect is triggered immediately.\" The Trophy Pile is shuffled first and its top card is the "
           "Difficulty. The Black Joker, The Twist: \"Success: Removes the highest face card from the deck. "
           "Failure: Adds another King.\" Then it leaves the game. Jokers have no suit: no Aptitude.",
           "test Ann, then roll"),
    "K♠": ("The third Strike",
           "\"Everyone in Night of the Thirteenth gets two close calls with death before the end comes for them.\" "
           "Cat has had {Cat:theirs}: a Strike from the reroll that went Dire, one from the King of Clubs. A King is "
           "\"disastrous\" to fail — one more Strike — and the third Strike kills. Someone has to face it, and the "
           "dead take no more Tests.",
           "test Cat, then roll"),
    "RJ": ("The Red Joker: the end",
           "\"The Red Joker (The End): This is it. The true finale. One character must make a final Test.\" "
           "Success: \"You see the dawn. Any surviving characters have won.\" Failure: the tester is killed and "
           "the Red Joker is shuffled back into the deck.",
           "test Ben, then roll"),
}


class LessonChance:
    """Dice chosen by the current Threat Card, scripted shuffles and picks, and a seeded
    source for anything past the script (or a shuffle whose cards are not there)."""

    def __init__(self, seed: int = 13) -> None:
        self.game: Game | None = None
        self.dice = {parse_card(k): v for k, v in DICE.items()}
        self.shuffles = {k: [[parse_card(c) for c in top] for top in v] for k, v in SHUFFLES.items()}
        self.choices = {k: [parse_card(c) for c in v] for k, v in CHOICES.items()}
        self.then = SeededChance(seed)
        self._used: dict[Any, int] = {}

    def _next(self, key: Any, seq: Sequence) -> Any:
        i = self._used.get(key, 0)
        if i < len(seq):
            self._used[key] = i + 1
            return seq[i]
        return None

    def roll(self) -> tuple[int, int]:
        card = self.game.threat if self.game is not None else None
        d = self._next(("dice", card), self.dice.get(card, ()))
        return d if d is not None else self.then.roll()

    def shuffle(self, pile: list[int], what: str) -> None:
        top = self._next(("shuffle", what), self.shuffles.get(what, ()))
        if top is None or any(c not in pile for c in top):
            self.then.shuffle(pile, what)
            return
        rest = [c for c in pile if c not in top]
        self.then.shuffle(rest, what)
        pile[:] = list(top) + rest

    def choose(self, cards: Sequence[int], what: str) -> int:
        want = self._next(("choice", what), self.choices.get(what, ()))
        if want is not None and want in cards:
            return list(cards).index(want)
        return self.then.choose(cards, what)

    def getstate(self) -> Any:
        return dict(self._used), self.then.getstate()

    def setstate(self, state: Any) -> None:
        used, then = state
        self._used = dict(used)
        self.then.setstate(then)


def tutorial_game() -> Game:
    """The stacked table of the guided first night."""
    chance = LessonChance()
    game = Game.stacked(CAST, ASHCAN, chance, threat=THREAT, trophy=["10♦"])
    chance.game = game
    return game


def lesson_for(game: Game) -> tuple[str, str, str] | None:
    from .cards import card_str

    lesson = LESSONS.get(card_str(game.threat))
    if lesson is None:
        return None
    return tuple(spoken(part, game.cast) for part in lesson)  # type: ignore[return-value]


_SAID = re.compile(r"\{(\w+):([\w']+)\}")


def spoken(text: str, cast: Sequence[Character]) -> str:
    """``text`` with each ``{Name:word}`` (a word said with the default pronouns: their, theirs,
    they …) said with that character's own pronouns: "Cat has had {Cat:theirs}" → "Cat has had
    theirs", or "hers" for a she/her Cat."""
    own = {c.name: c.pronouns for c in cast}
    return _SAID.sub(lambda m: pronouns_of(own.get(m.group(1), PRONOUNS.get(m.group(1)))).say(m.group(2)), text)


def lesson_tester(game: Game) -> str | None:
    """The character the current card's lesson has test (``test Ben, then roll`` → ``Ben``)."""
    lesson = lesson_for(game)
    if lesson is None:
        return None
    m = re.search(r"\btest (\w+)", lesson[2])
    return m.group(1) if m else None
