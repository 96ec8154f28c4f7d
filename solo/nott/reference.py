"""A searchable rules reference: the rulebook's own words, section by section (ashcan text,
with the playtest configuration's differences noted)."""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Section:
    key: str
    title: str
    keywords: tuple[str, ...]
    text: str


SECTIONS = (
    Section("d13", "The d13", ("dice", "d10", "d4", "roll", "main die", "fallout die"),
            "The game uses a \"d13\" dice, that is a combination of a d10 and a d4. The d10 (Main die) is read so "
            "that the side that says 0 is actually a zero, so it produces results ranging from 0 to 9. The d4 "
            "(Fallout die) produces a result between 1 and 4. These are added together to get a result between "
            "1 and 13. A modifier can never raise the result of a die above or below the ranges mentioned above."),
    Section("setup", "Setting up the table", ("threat deck", "reserve", "aces", "jack", "trophy", "fast", "deck"),
            "The Director shuffles the 2s, 3s, 4s, and one Jack together. The deck is placed face down on the "
            "table. The four Aces are placed on top of this stack face up. The remaining cards are set aside in "
            "five piles: Number Reserve (5s through 10s, in order), the Jack, Queen and King Reserves, and the two "
            "Jokers, kept separate for the final act. Trophy Pile: the Director takes the bottom card (a random 10) "
            "from the Number Reserve and places it face-up. (Playtest: the Trophy Pile starts empty; if empty, face "
            "cards use difficulty 1 as base.) For a faster game remove a random 2, 3, 4, 5, 6, 7, 8, 9 and 10."),
    Section("threat", "The Threat Card", ("suit", "spades", "hearts", "clubs", "diamonds", "power", "resolve",
                                          "intellect", "finesse", "number", "atmospheric", "severity"),
            "The top card of the Threat Deck is always visible: the next challenge. Suit: ♠ Power - physical "
            "challenges; ♥ Resolve - challenges of nerves; ♣ Intellect - knowhow challenges; ♦ Finesse - precise "
            "challenges. Number: 1–4 Atmospheric, there is no risk of Strikes from this challenge; 5–7 potentially "
            "dangerous Tasks; 8–10 difficult and dangerous Tasks."),
    Section("face", "Face cards: the Killer", ("killer", "jack", "queen", "king", "confrontation", "difficulty"),
            "Face cards represent an upcoming confrontation with the Killer. The suit still sets the nature of the "
            "challenge. The difficulty is the Trophy Pile's top card plus the modifier: Jack +1, Queen +2, King +3."),
    Section("test", "The Test", ("roll", "difficulty", "success", "failure", "equal"),
            "To make the Test, roll a d13 and compare it to the Threat Card's number. If your roll is equal to or "
            "greater than the difficulty, you Succeed. If it's less, it is a Failure. It takes some 60 Tests to "
            "defeat an average Killer, so don't spend too much time with each of them."),
    Section("fallout", "Fallout", ("clean", "messy", "costly", "dire", "d4", "consequence"),
            "The number on your Fallout die (the d4) is the Fallout: a higher roll is worse. Success: 1 Clean (no "
            "sound, no trace), 2 Messy (noise or a mess), 3 Costly (lose an item, twist an ankle, give away your "
            "general location), 4 Dire (the Killer knows exactly where you are; against the Killer you gain one "
            "Strike). Failure: 1 Clean (no extra hassle), 2 Messy (not pretty), 3 Costly (a personal cost), 4 Dire "
            "(you gain one Strike)."),
    Section("numbers", "Number cards: success and failure", ("trophy", "number reserve", "bottom", "card flow"),
            "On a Success the Threat Card goes on top of the Trophy Pile and the next card from the Number Reserve "
            "goes to the bottom of the Threat Deck. On a Failure the Threat Card goes to the bottom of the Threat "
            "Deck, with the next Number Reserve card under it; a Dire Fallout gives one Strike. If a Reserve is "
            "empty, pull from the next highest Reserve pile (playtest: reserves may run dry)."),
    Section("killer", "Facing the Killer", ("weakness", "jack", "queen", "king", "shuffle", "confrontation"),
            "Success: add a random Jack (Fallout 1–2) or Queen (3–4) from the reserves. The first defeat of a face "
            "card of a suit finds a weakness of the Killer: that card is removed from the game; all four suits "
            "trigger the Endgame. A suit already defeated: the card stays in the Threat Deck. Failure: one Strike "
            "and a random King to the bottom of the Threat Deck. After any confrontation the Threat Deck and the "
            "Trophy Pile are shuffled."),
    Section("cast", "Creating the Cast", ("character", "name", "archetype", "why", "aptitude"),
            "Choose a Name, a clear Archetype, a reason \"Why are you here?\" and an Aptitude (Power, Resolve, "
            "Intellect or Finesse). Archetypes: ♠ The Jock, The Protective, The Townie, The Greaser, The Sheriff, "
            "The Father, The Rival; ♥ The Final Them, The Babysitter, The Pure, The Sibling, The Atoner, The New "
            "Kid, The Sheriff's Child; ♣ The Genre Savant, The Reporter, The Skeptic, The Loner, The Bookworm, The "
            "Techie, The Conspiracy Nut; ♦ The Rebel, The Class Clown, The Royal Bee, The Thief, The Rich Kid, The "
            "Cheerleader, The Slacker. For your consideration: \"It might make a more thematically balanced game if "
            "each player plays a character with a different Aptitude. This creates some tension from the get-go.\""),
    Section("aptitude", "Aptitude", ("adjust", "plus", "minus", "fallout", "suit match"),
            "If the suit of your Aptitude matches the Threat Card's suit, you can add or subtract one from the "
            "Fallout die after the roll. This affects both whether the Test succeeds and the severity of the Fallout."),
    Section("genre", "Genre Points", ("genre point", "reroll", "trope", "award", "gp", "13"),
            "The Director starts with 13 Genre Points to award for playing into the genre's tropes. Spend one to "
            "reroll your entire d13 and add +1 to that roll's main die. You must accept the second result."),
    Section("strikes", "Strikes", ("strike", "death", "die", "third", "three strikes"),
            "You get a Strike when you fail any Test against the Killer, fail a Test with Dire (4) Fallout, or "
            "succeed with Dire (4) Fallout against the Killer. Only one Strike from any one Test. At the third "
            "Strike the character's story is over, in a genre-fitting, gruesome fashion."),
    Section("endgame", "The Endgame", ("endgame", "weaknesses", "four suits", "jokers", "finale"),
            "Defeat a face card of all four suits and the Director removes all number cards from the Threat Deck; "
            "both Jokers are shuffled in. A Joker that would be revealed is not shown: it triggers at once. For a "
            "Joker Test the Trophy Pile is shuffled first and its top card is the Difficulty."),
    Section("jokers", "The Jokers", ("red joker", "black joker", "dawn", "twist", "the end", "win"),
            "The Red Joker (The End): one character makes a final Test. Success: you see the dawn; any surviving "
            "characters have won. Failure: the character is killed; the Red Joker is shuffled back and the "
            "nightmare continues. The Black Joker (The Twist): success removes the highest face card from the deck; "
            "failure adds another King; the Black Joker is then removed from the game."),
)


def search(topic: str) -> list[Section]:
    """Sections matching ``topic`` (title, keywords, then text), best first."""
    words = [w for w in re.findall(r"[\w♠♥♣♦]+", topic.lower()) if w]
    if not words:
        return list(SECTIONS)
    named = [s for s in SECTIONS if topic.lower().strip() in (s.key, s.title.lower())]
    if named:
        return named  # a topic named is that topic alone ("rules fallout" is no lesson on the d13)
    scored = []
    for i, s in enumerate(SECTIONS):
        score = 0
        phrase = topic.lower().strip()
        if phrase == s.key or phrase in s.title.lower():
            score += 10
        if any(phrase in k for k in s.keywords):
            score += 6
        for w in words:
            if w in s.title.lower():
                score += 3
            if any(w in k for k in s.keywords):
                score += 2
            if w in s.text.lower():
                score += 1
        if score:
            scored.append((-score, i, s))
    return [s for _, _, s in sorted(scored)]
