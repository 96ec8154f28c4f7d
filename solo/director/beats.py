"""What the director tells of what the rules resolved: the events of ``Game.push`` (or the
game's ``opening_events``) as beats, in table order.

:func:`beats_from_events` reads the game and the events only; the fiction then adds what the
story has established (:meth:`solo.director.fiction.Fiction.apply`) and a voice tells it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

from ..narration.beats import BEAT_KINDS, Beat  # noqa: F401  (BEAT_KINDS: the kinds a beat may be)
from ..nott import events as E
from ..nott.cards import (
    BLACK_JOKER,
    RED_JOKER,
    SUIT_APTITUDES,
    SUIT_NAMES,
    SUIT_NATURES,
    SUIT_SYMBOLS,
    card_str,
    rank,
    severity,
    suit,
)
from .listen import told_why
from .pacing import pace_of

__all__ = ["Beat", "beats_from_events", "card_context", "character_context", "opening_beats", "summarize"]

FACE_NAMES = {11: "Jack", 12: "Queen", 13: "King"}
_FACE_RESERVES = (E.JACKS, E.QUEENS, E.KINGS)


# ---------------------------------------------------------------------- context builders


def character_context(game: Any, who: int) -> dict[str, Any]:
    """Who a beat is about: name, archetype, Aptitude (name and suit symbol), why, and the
    Strikes and Genre Points the game shows for them now."""
    ch = game.cast[who]
    return {
        "who": who,
        "name": ch.name,
        "archetype": ch.archetype or "",
        "aptitude": SUIT_APTITUDES[ch.aptitude],
        "aptitude_symbol": SUIT_SYMBOLS[ch.aptitude],
        "why": told_why(ch.why, ch.pronouns),
        "strikes": game.strikes[who],
        "genre": game.genre[who],
        "alive": game.dead[who] is None,
    }


def card_context(c: int) -> dict[str, Any]:
    """A Threat Card as plain data. ``suit`` is the Aptitude the suit calls for ("Power",
    "Resolve", "Intellect", "Finesse"; ``None`` for a Joker); ``severity`` is atmospheric,
    dangerous, deadly, killer or joker."""
    s = suit(c)
    r = rank(c)
    return {
        "card": card_str(c),
        "suit": SUIT_APTITUDES[s] if s >= 0 else None,
        "suit_name": SUIT_NAMES[s] if s >= 0 else None,
        "suit_symbol": SUIT_SYMBOLS[s] if s >= 0 else None,
        "nature": SUIT_NATURES[s] if s >= 0 else None,
        "severity": severity(c),
        "rank": r,
        "face": FACE_NAMES.get(r),
        "killer": 11 <= r <= 13,
        "joker": "red" if c == RED_JOKER else "black" if c == BLACK_JOKER else None,
    }


#: Words for the rest of the group: a why told at dawn of the last one alive never says them.
_OTHERS = re.compile(r"\b(?:the others|the rest|everyone|all of you|the group|we|us|our)\b", re.IGNORECASE)


def _cast_entry(game: Any, who: int) -> dict[str, Any]:
    ch = game.cast[who]
    return {"name": ch.name, "archetype": ch.archetype or "", "aptitude": SUIT_APTITUDES[ch.aptitude],
            "why": told_why(ch.why, ch.pronouns)}


def summarize(game: Any) -> str:
    """A short rolling summary of the night: Tests, weaknesses, Strikes, the dead."""
    people = []
    for i, ch in enumerate(game.cast):
        if game.dead[i] is not None:
            people.append(f"{ch.name} dead")
        elif game.strikes[i]:
            people.append(f"{ch.name} {game.strikes[i]} Strike{'s' if game.strikes[i] > 1 else ''}")
        else:
            people.append(f"{ch.name} unhurt")
    act = "Endgame" if game.endgame else f"{game.found()}/4 weaknesses found"
    return f"After {game.tests} Tests: {act}; {', '.join(people)}."


# ---------------------------------------------------------------------- events -> beats


def opening_beats(game: Any, player_action: str | None = None) -> list[Beat]:
    """The opening beat (the cast) and the first Threat Card, from ``game.opening_events``."""
    return beats_from_events(game, game.opening_events, player_action, opening=True)


def _after(events: Sequence[Any], i: int) -> Iterable[Any]:
    """Events after index ``i`` up to the next Test's resolution (one push holds one)."""
    for e in events[i + 1:]:
        if isinstance(e, E.TestResolved):
            return
        yield e


def beats_from_events(
    game: Any,
    events: Iterable[Any],
    player_action: str | None = None,
    *,
    opening: bool | None = None,
) -> list[Beat]:
    """Beats for the events one ``game.push`` returned, in table order.

    Pass ``game.opening_events`` (or set ``opening=True``) to get the opening beat that
    introduces the cast first. Bookkeeping events (CardMoved, Shuffled, ReserveDry, Rolled)
    make no beat of their own; they only add context. A third Strike is told as a death,
    and a Joker's Test as its Joker beat rather than a plain outcome.
    """
    if opening is None:
        opening = events is game.opening_events
    evs = list(events)
    living = [game.cast[i].name for i in game.living()]
    common = {
        "player_action": player_action,
        "summary": summarize(game),
        "tests": game.tests,
        "endgame": bool(game.endgame),
        "found": game.found(),
        "living": living,
        "living_count": len(living),
        "strikes_total": sum(game.strikes),
    }
    strikes_to_die = getattr(getattr(game, "rules", None), "strikes_to_die", 3)
    beats: list[Beat] = []

    def beat(kind: str, **ctx: Any) -> None:
        ctx = {**common, **ctx}
        pace = pace_of(kind, ctx)
        if pace is not None:  # the telling's speed: quiet, tense or scene (solo.director.pacing)
            ctx["pace"] = pace
        beats.append(Beat(kind, ctx))

    if opening:
        trophy = game.trophy_top
        beat("opening",
             cast=[_cast_entry(game, i) for i in range(len(game.cast))],
             names=[c.name for c in game.cast],
             trophy_top=card_str(trophy) if trophy is not None else None,
             ruleset=game.rules.name)

    last_resolved: E.TestResolved | None = None
    consumed: set[int] = set()
    for i, ev in enumerate(evs):
        if i in consumed:
            continue
        if isinstance(ev, E.ThreatRevealed):
            cc = card_context(ev.card)
            suited = [game.cast[w].name for w in game.living()
                      if cc["suit"] is not None and SUIT_APTITUDES[game.cast[w].aptitude] == cc["suit"]]
            alive = game.living()
            whys = {game.cast[w].name: told_why(game.cast[w].why, game.cast[w].pronouns) for w in alive
                    if game.cast[w].why and not (len(alive) == 1 and _OTHERS.search(game.cast[w].why))}
            beat("threat", **cc, difficulty=ev.difficulty, suited=suited[0] if suited else None, pointed=None,
                 by_hand=ev.by_hand, instead=card_str(ev.instead) if ev.instead is not None else None, whys=whys)
        elif isinstance(ev, E.JokerRevealed):
            kind = "red_joker" if ev.joker == RED_JOKER else "black_joker"
            beat(kind, **card_context(ev.joker), phase="revealed", success=None,
                 difficulty=ev.difficulty,
                 trophy_top=card_str(ev.trophy_top) if ev.trophy_top is not None else None)
        elif isinstance(ev, E.TestBegan):
            cc = card_context(ev.card)
            ch = character_context(game, ev.who)
            beat("challenge", **ch, **cc, difficulty=ev.difficulty,
                 aptitude_match=cc["suit"] is not None and cc["suit"] == ch["aptitude"])
        elif isinstance(ev, E.GenrePointSpent):
            rolled = next((e for e in evs[i + 1:] if isinstance(e, E.Rolled) and e.reroll), None)
            threat = game.threat if game.deck else None
            cc = card_context(threat) if threat is not None else {}
            beat("genre_point", **cc, **character_context(game, ev.who), left=ev.left,
                 main=rolled.main if rolled else None,
                 fallout=rolled.fallout if rolled else None,
                 total=rolled.total if rolled else None,
                 difficulty=game.difficulty() if threat is not None else None)
        elif isinstance(ev, E.GenrePointAwarded):
            beat("award", **character_context(game, ev.who), held=game.genre[ev.who],
                 pool_left=ev.pool_left)
        elif isinstance(ev, E.TestResolved):
            last_resolved = ev
            later = list(_after(evs, i))
            strike = next((e for e in later if isinstance(e, E.StrikeGained) and e.who == ev.who), None)
            died = next((e for e in later if isinstance(e, E.CharacterDied) and e.who == ev.who), None)
            ch = character_context(game, ev.who)
            cc = card_context(ev.card)
            mech = dict(
                difficulty=ev.difficulty, main=ev.main, fallout=ev.fallout,
                rolled_fallout=ev.rolled_fallout, adjust=ev.adjust, total=ev.total,
                success=ev.success, fallout_name=ev.fallout_name, rerolled=ev.rerolled,
                strike=strike is not None, strike_count=strike.strikes if strike else ch["strikes"],
                dies=died is not None,
            )
            if ev.card in (RED_JOKER, BLACK_JOKER):
                j_type = E.RedJokerResolved if ev.card == RED_JOKER else E.BlackJokerResolved
                j = next((k for k, e in enumerate(evs) if k > i and isinstance(e, j_type)), None)
                if j is not None:
                    consumed.add(j)
                removed = added = None
                if j is not None and isinstance(evs[j], E.BlackJokerResolved):
                    removed, added = evs[j].removed, evs[j].added
                beat("red_joker" if ev.card == RED_JOKER else "black_joker", **cc, **ch, **mech,
                     phase="success" if ev.success else "failure",
                     removed=card_str(removed) if removed is not None else None,
                     added=card_str(added) if added is not None else None,
                     living_left=len(game.living()))
                continue
            added = None
            if cc["killer"]:
                added = next((e.card for e in later if isinstance(e, E.CardMoved)
                              and e.source in _FACE_RESERVES and e.dest == E.THREAT), None)
            beat("outcome", **cc, **ch, **mech,
                 added=card_str(added) if added is not None else None,
                 added_face=FACE_NAMES.get(rank(added)) if added is not None else None,
                 weakness=any(isinstance(e, E.WeaknessFound) for e in later))
        elif isinstance(ev, E.StrikeGained):
            if ev.strikes >= strikes_to_die or any(
                    isinstance(e, E.CharacterDied) and e.who == ev.who for e in evs[i + 1:]):
                continue  # the death beat tells the last Strike
            card = last_resolved.card if last_resolved is not None else None
            ctx = (card_context(card) if card is not None else _no_card()) | character_context(game, ev.who)
            beat("strike", **ctx | {"strikes": ev.strikes, "strike_number": ev.strikes, "reason": ev.reason})
        elif isinstance(ev, E.CharacterDied):
            card = last_resolved.card if last_resolved is not None else None
            beat("death", **(card_context(card) if card is not None else _no_card()),
                 **character_context(game, ev.who), cause=ev.cause,
                 living_left=len(game.living()))
        elif isinstance(ev, E.WeaknessFound):
            finder = character_context(game, last_resolved.who) if last_resolved is not None else {
                "who": None, "name": "someone", "archetype": "", "aptitude": SUIT_APTITUDES[ev.suit],
                "aptitude_symbol": SUIT_SYMBOLS[ev.suit], "why": "", "strikes": 0, "genre": 0,
                "alive": True}
            beat("weakness", **finder, **card_context(ev.card), found=ev.found, remaining=4 - ev.found)
        elif isinstance(ev, E.EndgameBegan):
            beat("endgame", removed_count=len(ev.removed))
        elif isinstance(ev, (E.BlackJokerResolved, E.RedJokerResolved)):
            # Only reached without its TestResolved in the same batch (a hand-built list).
            kind = "red_joker" if isinstance(ev, E.RedJokerResolved) else "black_joker"
            extra = {}
            if isinstance(ev, E.BlackJokerResolved):
                extra = {"removed": card_str(ev.removed) if ev.removed is not None else None,
                         "added": card_str(ev.added) if ev.added is not None else None}
            who = last_resolved.who if last_resolved is not None else (game.living() or [0])[0]
            beat(kind, **card_context(RED_JOKER if kind == "red_joker" else BLACK_JOKER),
                 **character_context(game, who), phase="success" if ev.success else "failure",
                 success=ev.success, strike=False, dies=False, difficulty=game.base_difficulty(),
                 living_left=len(game.living()), **({"removed": None, "added": None} | extra))
        elif isinstance(ev, E.Dawn):
            survivors = [game.cast[w].name for w in ev.survivors]
            dead = [c.name for w, c in enumerate(game.cast) if w not in ev.survivors]
            whys = {game.cast[w].name: told_why(game.cast[w].why, game.cast[w].pronouns)
                    for w in ev.survivors if game.cast[w].why
                    and not (len(ev.survivors) == 1 and _OTHERS.search(game.cast[w].why))}
            beat("dawn", survivors=survivors, survivor_count=len(survivors), dead=dead, whys=whys)
        elif isinstance(ev, E.AllDead):
            beat("all_dead", names=[c.name for c in game.cast])
        # CardMoved, Shuffled, ReserveDry, Rolled: bookkeeping, folded into the beats above.
    return beats


def _no_card() -> dict[str, Any]:
    return {"card": None, "suit": None, "suit_name": None, "suit_symbol": None, "nature": None,
            "severity": "joker", "rank": 0, "face": None, "killer": False, "joker": None}
