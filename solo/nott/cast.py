"""Creating the Cast: archetype examples from the rulebook and a ready-dealt quick cast."""

from __future__ import annotations

import random

from .cards import SUITS
from .game import Character

#: "Archetype examples", by the suit of the Aptitude they suggest.
ARCHETYPES: dict[int, tuple[str, ...]] = {
    0: ("The Jock", "The Protective", "The Townie", "The Greaser", "The Sheriff", "The Father", "The Rival"),
    1: ("The Final Them", "The Babysitter", "The Pure", "The Sibling", "The Atoner", "The New Kid",
        "The Sheriff's Child"),
    2: ("The Genre Savant", "The Reporter", "The Skeptic", "The Loner", "The Bookworm", "The Techie",
        "The Conspiracy Nut"),
    3: ("The Rebel", "The Class Clown", "The Royal Bee", "The Thief", "The Rich Kid", "The Cheerleader",
        "The Slacker"),
}

NAMES = ("Ashley", "Brooke", "Casey", "Dana", "Eddie", "Frankie", "Gail", "Hank", "Iris", "Jesse",
         "Kit", "Laurie", "Marty", "Nancy", "Ozzie", "Pam", "Quinn", "Randy", "Sid", "Tina", "Vic", "Wes")

WHY = (
    "came for the party and stayed for the dare",
    "is looking for a sibling who never came home",
    "drove the others here and holds the only car keys",
    "heard the legend and wants to prove it false",
    "owes someone here an apology",
    "was told to keep an eye on the younger ones",
    "is hiding from something worse back in town",
    "wants the story that makes a career",
)


def quick_cast(seed: int | str | None = None, rng: random.Random | None = None,
               archetypes: dict[int, tuple[str, ...]] | None = None) -> list[Character]:
    """Four characters with four different Aptitudes, as the rulebook recommends: "It might
    make a more thematically balanced game if each player plays a character with a
    different Aptitude." ``archetypes`` (by suit) replaces the rulebook's examples, e.g. a
    playset's suggestions."""
    rng = rng or random.Random(seed)
    names = rng.sample(NAMES, 4)
    whys = rng.sample(WHY, 4)
    suits = list(SUITS)
    rng.shuffle(suits)
    pool = archetypes or ARCHETYPES
    return [Character(names[i], s, rng.choice(tuple(pool[s])), whys[i]) for i, s in enumerate(suits)]
