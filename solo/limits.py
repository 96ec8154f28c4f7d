"""How long a text may be where it is kept (a save holds it, so the night refuses more)."""

#: The longest line a shell reads; longer lines are refused whole.
MAX_LINE = 4000
#: The longest character name (typed or in a save).
MAX_NAME = 40
#: The longest archetype and "why" of a character (typed, dealt from a playset, or in a save).
MAX_ARCHETYPE = 200
MAX_WHY = 500
#: The longest text the director tells for one beat or stretch (a save keeps no more).
MAX_NARRATION = 6000
