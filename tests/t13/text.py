"""What the text says, written out here by hand so tests do not lean on the code under test."""

# "any Awe, Craft, Orthodoc, Quiet, Virtue and Zeal Proficiencies" (card a Diamond: +5)
DIAMOND_FACETS = ("Awe", "Craft", "Orthodox", "Quiet", "Virtue", "Zeal")
# "any Hearts ♥ Facet Proficiencies (Enigma, Heresy, Jeer, Liberty, Nature or Phoenix)"
HEART_FACETS = ("Enigma", "Heresy", "Jeer", "Liberty", "Nature", "Phoenix")
# The Anti-Facet pairs listed for T13.
ANTI = {
    "Awe": "Jeer", "Burden": "Gossamer", "Craft": "Nature", "Dominion": "Yonder", "Enigma": "Key",
    "Fury": "Quiet", "Heresy": "Orthodox", "Inertia": "Zeal", "Liberty": "Wyrd", "Miasma": "Phoenix",
    "Rook": "Trial", "Sin": "Virtue",
}
ANTI |= {b: a for a, b in list(ANTI.items())}
# Ruling R4 (docs/rulings-t13.md): the default split of the black Facets.
SPADE_FACETS = ("Trial", "Burden", "Dominion", "Fury", "Inertia", "Sin")
CLUB_FACETS = ("Rook", "Gossamer", "Key", "Miasma", "Wyrd", "Yonder")

SUIT = {f: "S" for f in SPADE_FACETS} | {f: "C" for f in CLUB_FACETS} \
    | {f: "D" for f in DIAMOND_FACETS} | {f: "H" for f in HEART_FACETS}
RED = {"D", "H"}
RANKS = {"A": 1, "J": 11, "Q": 12, "K": 13} | {str(n): n for n in range(2, 11)}


def colour(s: str) -> str:
    return "red" if s in RED else "black"
