"""Plain-text descriptions of resolved events: the compact mechanical line of a transcript,
the REPL's log, and the rule each event rests on (``--teach`` and ``explain``)."""

from __future__ import annotations

from collections.abc import Sequence

from . import events as E
from .cards import SUIT_APTITUDES, SUIT_SYMBOLS, card_str, severity


ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")


def strike_ordinal(n: int) -> str:
    """``third`` for 3: the Strike that killed ("When you get your third Strike, the
    character's story is over"; a playset may set another number)."""
    return ORDINALS[n - 1] if 1 <= n <= len(ORDINALS) else f"{n}th"


#: What each band of Threat Card is, in the rulebook's words ("1–4: Atmospheric. … 5–7:
#: Potentially dangerous Tasks. 8–10: Difficult and dangerous Tasks."), as the card panel beside
#: the Threat line says it.
BANDS = {"atmospheric": "atmospheric", "dangerous": "potentially dangerous", "deadly": "difficult and dangerous",
         "killer": "the Killer"}


def threat_label(c: int, difficulty: int) -> str:
    """``7♠ Power, potentially dangerous, difficulty 7`` — what the Threat Card means."""
    if c >= 52:
        name = "Red Joker (The End)" if c == 52 else "Black Joker (The Twist)"
        return f"{name}, difficulty {difficulty}"
    band = BANDS[severity(c)]
    return f"{card_str(c)} {SUIT_APTITUDES[c // 13]}, {band}, difficulty {difficulty}"


def _back(instead: int | None, where: str) -> str:
    """`` (3♥ goes back into the deck)``: the chance source's card a card drawn by hand replaced."""
    if instead is None:
        return ""
    name = {52: "the Red Joker", 53: "the Black Joker"}.get(instead) or card_str(instead)
    return f" ({name} goes back into the {where})"


def drawn_line(e: E.DrawnByHand) -> str:
    """A card drawn by hand for the Trophy Pile's top, or named as the one the faster game removed."""
    if e.pile == "trophy":
        line = f"Trophy Pile top drawn by hand: {card_str(e.card)}{_back(e.instead, 'pile')}"
        if e.threat >= 52 or e.threat % 13 >= 10:  # its difficulty follows the Trophy Pile's top
            line += f"; the Threat Card is now {threat_label(e.threat, e.difficulty)}"
        return line
    line = f"Removed for the faster game, by hand: {card_str(e.card)}"
    return line + (f" ({card_str(e.instead)} takes its place)" if e.instead is not None else "")


def _jokers_shuffle(events: Sequence, k: int) -> bool:
    """Whether ``events[k]``, the Trophy Pile shuffled, is the shuffle a Joker's reveal makes
    ("the Director first shuffles the Trophy Pile"), which the Joker's line tells with its top
    card: so each shuffle is said once ("Trophy pile shuffled" twice in a row was a confrontation's
    shuffle and the Joker's after it, the Joker's then told a third time). A confrontation's
    comes right after the Threat Deck's; any other is a Joker's, and the Joker comes next (in
    this list, or at the head of the next moment's)."""
    if k + 1 < len(events) and type(events[k + 1]) is E.JokerRevealed:
        return True
    before = events[k - 1] if k else None
    return not (type(before) is E.Shuffled and before.pile == E.THREAT)


def mechanics(events: Sequence, names: Sequence[str]) -> list[str]:
    """One short line per meaningful event, e.g. ``Ann: 5+2 = 7 vs 7 → success, Messy``."""
    out: list[str] = []
    struck: dict[int, int] = {}  # each character's Strikes, as the events tell them
    for k, e in enumerate(events):
        t = type(e)
        if t is E.Rolled and not e.reroll and k + 1 < len(events) and type(events[k + 1]) is E.TestResolved:
            continue  # the resolved line repeats these dice
        if t is E.ThreatRevealed:
            out.append(f"Threat Card{' drawn by hand' if e.by_hand else ''}: {threat_label(e.card, e.difficulty)}"
                       + _back(e.instead, "deck"))
        elif t is E.JokerRevealed:
            top = card_str(e.trophy_top) if e.trophy_top is not None else "empty"
            hand = " drawn by hand" if e.by_hand else ""
            out.append(f"{threat_label(e.joker, e.difficulty)}{hand} — Trophy Pile shuffled, top {top}"
                       + _back(e.instead, "deck"))
        elif t is E.DrawnByHand:
            out.append(drawn_line(e))
        elif t is E.TestBegan:
            out.append(f"{names[e.who]} takes the Test ({card_str(e.card)}, difficulty {e.difficulty})")
        elif t is E.Rolled:
            how = " by hand" if e.by_hand else ""
            if e.reroll:
                out.append(f"{names[e.who]} rerolls{how}: {e.raw_main}+1 → {e.main} and {e.fallout} = {e.total}")
            else:
                out.append(f"{names[e.who]} rolls{how}: {e.main} + {e.fallout} = {e.total}")
        elif t is E.GenrePointSpent:
            out.append(f"{names[e.who]} spends a Genre Point ({e.left} left)")
        elif t is E.GenrePointAwarded:
            out.append(f"Genre Point to {names[e.who]} (Director's pool: {e.pool_left})")
        elif t is E.TestResolved:
            adj = f", Aptitude {e.adjust:+d} → Fallout {e.fallout}" if e.adjust else ""
            word = "success" if e.success else "failure"
            out.append(f"{names[e.who]}: {e.main}+{e.fallout} = {e.total} vs {e.difficulty}{adj} → "
                       f"{word}, {e.fallout_name}")
        elif t is E.CardMoved:
            where = f" ({e.where})" if e.where else ""
            if e.source == e.dest:
                out.append(f"{card_str(e.card)} goes to the {e.dest}{where}")
            else:
                out.append(f"{card_str(e.card)}: {e.source} → {e.dest}{where}")
        elif t is E.Shuffled:
            if e.pile == E.TROPHY and _jokers_shuffle(events, k):
                continue  # the Joker's own line tells this shuffle, with the card it turned up
            out.append(f"{e.pile.capitalize()} shuffled")
        elif t is E.ReserveDry:
            out.append(f"No {e.wanted} left in the reserves: none added")
        elif t is E.WeaknessFound:
            out.append(f"Weakness found: {SUIT_SYMBOLS[e.suit]} {SUIT_APTITUDES[e.suit]} ({e.found}/4)")
        elif t is E.StrikeGained:
            struck[e.who] = e.strikes
            out.append(f"Strike {e.strikes} for {names[e.who]} ({e.reason})")
        elif t is E.CharacterDied:
            how = f"{strike_ordinal(struck[e.who])} Strike" if e.cause == "strikes" and e.who in struck else (
                "Strikes" if e.cause == "strikes" else "the Red Joker")
            out.append(f"{names[e.who]} is dead ({how})")
        elif t is E.EndgameBegan:
            out.append(f"THE ENDGAME: {len(e.removed)} number cards leave the Threat Deck; both Jokers shuffled in")
        elif t is E.BlackJokerResolved:
            if e.success:
                gone = card_str(e.removed) if e.removed is not None else "nothing"
                out.append(f"Black Joker beaten: {gone} removed from the deck; the Black Joker leaves the game")
            else:
                add = card_str(e.added) if e.added is not None else "no King left"
                out.append(f"Black Joker wins: {add} added; the Black Joker leaves the game")
        elif t is E.RedJokerResolved:
            out.append("Red Joker beaten: DAWN" if e.success else "Red Joker: the tester dies; it is shuffled back")
        elif t is E.Dawn:
            who = ", ".join(names[i] for i in e.survivors)
            out.append(f"Dawn. Survivors: {who}")
        elif t is E.AllDead:
            out.append("Everyone is dead. The Killer wins.")
    return out


#: The rule behind each kind of event, in the rulebook's words (ashcan unless noted).
RULES = {
    "success": "\"If your roll is equal to or greater than the difficulty, you Succeed.\"",
    "failure": "\"If it's less, it is a Failure.\"",
    "fallout": "\"The number you rolled on your Fallout die (the d4) is the Fallout from the Test ... a higher roll is worse.\"",
    "aptitude": "\"If in a Test, the suit of the Aptitude of your character and the suit on the Threat Card are a match, you can add or subtract one from the Fallout die result after the roll.\"",
    "genre": "\"You can spend one Genre Point to reroll your entire d13 and add a +1 to that roll's main die. You must accept the second result.\"",
    "number_success": "\"On a Success: The Threat Card is removed from the Threat Deck and placed on top of the Trophy Pile ... The Director then adds the next card from the Number Reserve to the bottom of the Threat Deck.\"",
    "number_failure": "\"On a Failure: You stumble. The Threat Card is placed on the bottom of the Threat Deck to haunt you again later, and the Director adds the next card from the Number Reserve to the bottom of the deck to accompany it.\"",
    "face_difficulty": "\"The difficulty is determined by adding the Trophy Pile's top card to the modifier from the face card in question: Jack: +1, Queen: +2, King: +3\"",
    "face_success": "\"Success against the Killer is always costly ... Clean/Messy (1 or 2 on d4): Add a random Jack. Costy/Dire (3 or 4 on d4): Add a random Queen.\"",
    "weakness": "\"If this was the first time a face card of its suit was defeated ... you've found a weakness of the Killer. The Threat Card is removed from the game. Doing this for all four suits triggers the Endgame.\"",
    "face_failure": "\"Failure is disastrous: you gain one Strike, and a random King is added from the Face Card Reserves to the bottom of the Threat Deck.\"",
    "shuffle": "\"After resolving any confrontation with the Killer, the entire Threat Deck and Trophy Pile are shuffled\"",
    "strike": "\"You get a Strike when you: Fail any Test against the Killer. Fail a Test with Dire (4) Fallout. Succeed in a Test with Dire (4) Fallout against the Killer. You can gain only one Strike from any one Test.\"",
    "death": "\"When you get your third Strike, the character's story is over.\"",
    "atmospheric": "\"1–4: Atmospheric. There is no risk of Strikes from this challenge.\"",
    "endgame": "\"The Director removes all number cards from the Threat Deck, leaving only the monstrous face cards. Both Jokers are shuffled into this deck of horrors.\"",
    "joker": "\"When the Director would reveal a Joker from the top of the deck, it is not shown to the players. Its effect is triggered immediately ... the Director first shuffles the Trophy Pile, and the value of its top card becomes the Difficulty.\"",
    "black_joker": "\"The Black Joker (The Twist) ... Success: Removes the highest face card from the deck. Failure: Adds another King. The Black Joker is then removed from the game\"",
    "red_joker": "\"The Red Joker (The End) ... Success: You've done it. You see the dawn. Any surviving characters have won. Failure: The character making the Test is killed. The Red Joker is shuffled back into the deck\"",
    "reserve": "\"If there are no cards left in a Reserve you would need to pull from, pull from the next highest Reserve pile instead.\" (playtest: \"Reserves may run dry\")",
}


def rules_fired(events: Sequence) -> list[str]:
    """Keys of :data:`RULES` that the events show at work, in order, without repeats."""
    keys: list[str] = []
    res = None
    for e in events:
        t = type(e)
        if t is E.GenrePointSpent:
            keys.append("genre")
        elif t is E.TestResolved:
            res = e
            keys.append("success" if e.success else "failure")
            if e.adjust:
                keys.append("aptitude")
            if e.card >= 52:
                keys.append("joker")
            elif e.card % 13 >= 10:
                keys += ["face_difficulty", "face_success" if e.success else "face_failure", "shuffle"]
            else:
                keys.append("number_success" if e.success else "number_failure")
                if e.card % 13 < 4 and not e.success and e.fallout == 4:
                    keys.append("atmospheric")
        elif t is E.StrikeGained:
            keys.append("strike")
        elif t is E.CharacterDied and e.cause == "strikes":
            keys.append("death")
        elif t is E.WeaknessFound:
            keys.append("weakness")
        elif t is E.EndgameBegan:
            keys.append("endgame")
        elif t is E.JokerRevealed:
            keys.append("joker")
        elif t is E.BlackJokerResolved:
            keys.append("black_joker")
        elif t is E.RedJokerResolved:
            keys.append("red_joker")
        elif t is E.ReserveDry:
            keys.append("reserve")
    if res is not None and "fallout" not in keys:
        keys.insert(1 if keys and keys[0] == "genre" else 0, "fallout")
    seen: set[str] = set()
    return [k for k in keys if not (k in seen or seen.add(k))]


def explain(events: Sequence, names: Sequence[str]) -> list[str]:
    """Why a Test resolved as it did: the arithmetic, then each rule that fired, quoted."""
    res = next((e for e in events if type(e) is E.TestResolved), None)
    if res is None:
        return ["No Test has been resolved yet."]
    who = names[res.who]
    lines = [f"{who} faced {threat_label(res.card, res.difficulty)}."]
    if res.card < 52 and res.card % 13 >= 10:
        lines.append(f"Difficulty {res.difficulty} = Trophy Pile top + {('Jack +1', 'Queen +2', 'King +3')[res.card % 13 - 10]}"
                     " (or the playset's modifier).")
    rolled = f"main {res.main} + Fallout {res.rolled_fallout}"
    if res.adjust:
        rolled += f", Aptitude {res.adjust:+d} → Fallout {res.fallout}"
    cmp = ">=" if res.success else "<"
    lines.append(f"Roll: {rolled} = {res.total} {cmp} {res.difficulty} → {'success' if res.success else 'failure'}, "
                 f"Fallout {res.fallout} ({res.fallout_name}).")
    for key in rules_fired(events):
        lines.append(f"- {key.replace('_', ' ')}: {RULES[key]}")
    return lines
