"""Asking in a Lucky 13 scene: a question answered from the scene when it knows, else by the
oracle, and every oracle answer kept as a fact of the scene.

The rules have no oracle (*"Not every rule you will need is detailed here"*); the scene uses
the director's of Night of the Thirteenth (:mod:`solo.director`), and only that:

1. **Reading.** A question is read as the director reads one (:func:`solo.director.understand.read`:
   what it is about, what it asks, yes/no or open, asked the other way round), with the
   scene's own words: its characters and what they carry. :func:`sheet_topics` adds what only
   a Lucky 13 sheet holds (skills, specializations, abilities, Reputation, Adventure Points,
   initiative, the mode), named by the rulebook's own nouns and the characters' own skills.
2. **From the scene.** What the sheets, the hit points and the initiative order decide is
   answered from them, exactly, and no die is rolled (:func:`from_scene`). Change the scene
   and the answer changes with it.
3. **Kept.** A yes/no answer the oracle gave is a fact of the scene (:class:`Kept`), matched
   on meaning (:func:`solo.director.facts.fact_of`): asked again, in the same words or others
   that mean the same, the same answer; asked the other way round, the opposite; never a new
   roll.
4. **The oracle.** Any other yes/no question: :func:`solo.director.oracle.decide` with the
   odds the player states (even by default) and the scene's :func:`tension` (R40), on one
   d100 drawn from the scene's seeded dice, so the scene replays exactly from its save.

An open question ("what is behind the door?") nothing in the scene answers is refused in one
line: the oracle answers yes or no.

The director's modules are imported when a question is asked (``solo odds`` loads the rules
only).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any

from .character import ABILITIES, Ability, Character
from .checks import Mode
from .records import Gear, SceneError, sheet_line
from .transcript import state_word

#: The tension's range: the oracle's own scale (its "dread", 1 to 9).
TENSION = (1, 9)
#: What an encounter under way adds to the tension (R40).
ENCOUNTER = 2
#: The longest question read (the director reads 600 characters at most).
MAX_QUESTION = 500

#: What "and" or "but" adds to an exceptional answer (R40: a dilemma, the rules' own word).
TURNS = {"yes-and": "something more goes your way", "yes-but": "with a dilemma", "no-and": "a dilemma comes of it"}
#: The oracle broke in (a double at tension 4 and above).
INTERRUPT = "Before anyone can act on it, the scene takes a turn nobody expected."

#: What each mode lets dice do ("In Cinematic mode, any die can explode or implode." …).
MODE_WORDS = {
    Mode.CINEMATIC: "any die can explode or implode",
    Mode.GRITTY: "only an Ability die can explode, once; any die can implode",
    Mode.PLAIN: "no die explodes or implodes",
}

#: The sheet's nouns, as the rulebook names them (lemmas; a run of two is a phrase).
SHEET_WORDS: dict[str, tuple[str, ...]] = {
    "specializations": ("specialization", "specialisation", "specialty", "speciality", "spec"),
    "skills": ("skill", "tradecraft"),
    "abilities": ("ability", "stat", "attribute"),
    "reputation": ("reputation", "rep"),
    "adventure": ("adventure point", "ap"),
    "background": ("background",),
    "impairments": ("impairment",),
    "weapons": ("weapon", "armed"),
    "armor": ("armor", "armour", "defensive die"),
    "health": ("hit point", "hp", "health"),
    "sheet": ("sheet", "character sheet"),
}
#: Words that make a skill's or specialization's name a question about having it ("does Rook
#: know Stealth?"), not a word of the fiction ("is Casimir in combat?").
HAVING = frozenset("have know train trained good skilled learn use roll possess got".split())


# ---------------------------------------------------------------------- tension


def tension(scene) -> int:
    """The scene's tension, 1 to 9 (R40): 1, plus 2 while an encounter is under way (initiative
    rolled and not ended), plus one for every step a character's Pulse has fallen from its full
    die (a dying or dead character's Pulse is no die: the whole die is lost)."""
    lost = sum(c.health.base.step - c.health.pulse.step for c in scene.characters.values())
    level = TENSION[0] + (ENCOUNTER if scene.initiative is not None else 0) + lost
    return max(TENSION[0], min(TENSION[1], level))


# ---------------------------------------------------------------------- what is kept


@dataclass(frozen=True)
class Kept:
    """An oracle answer, kept as a fact of the scene."""

    question: str
    key: str  # the question's words, lower case: a question with no fact to read is matched on them
    fact: Any  # the director's Fact (its ``yes``: the fact asked the positive way holds), or None
    yes: bool  # the answer to the question as it was asked
    negated: bool  # that question asked it the other way round
    text: str  # the answer as it was told
    statement: str | None = None  # the fact told back ("the door is locked"), lower-case first letter


@dataclass(frozen=True)
class Told:
    """An answer: ``kind`` is ``state`` (from the scene), ``oracle`` or ``repeat`` (a kept fact)."""

    kind: str
    question: str
    who: str | None
    text: str  # the answer, as shown and written
    how: str  # how it was decided, one line
    yes: bool | None = None
    odds: str | None = None
    roll: int | None = None
    band: str | None = None
    tension: int | None = None
    kept: Kept | None = None  # what this answer establishes (oracle answers)

    def record(self) -> dict:
        """What the save keeps of the answer."""
        out: dict = {"kind": self.kind, "text": self.text, "yes": self.yes}
        if self.band is not None:
            out["band"] = self.band
        return out


def _key(text: str) -> str:
    return " ".join(re.findall(r"[^\W_]+(?:'[^\W_]+)?", text.lower().replace("\u2019", "'")))


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _yes(flag: bool, line: str) -> tuple[str, bool]:
    return f"{'Yes' if flag else 'No'}. {line}", flag


# ---------------------------------------------------------------------- the scene's words


def lexicon(scene):
    """The scene's words for the director's reader: its characters and what they carry."""
    from ..director.understand import Lexicon

    things = [w.name for g in scene.gear.values() for w in g.weapons] + \
        [g.armor.name for g in scene.gear.values() if g.armor is not None]
    return Lexicon(scene.names, things=things)


def _lemmas(r) -> list[str]:
    return [(t.lemma or t.text).lower() for t in r.parse]


def _runs(words: list[str], phrase: str) -> bool:
    run = phrase.split()
    return any(words[k:k + len(run)] == run for k in range(len(words) - len(run) + 1))


def _named(r, names) -> list[str]:
    """The names (skills, specializations; several words each) a question says, longest first."""
    lows = [t.lower for t in r.parse]
    found = []
    for name in sorted(names, key=len, reverse=True):
        run = name.lower().replace("_", " ").split()
        if run and _runs(lows, " ".join(run)) and not any(name.lower() in f.lower() for f in found):
            found.append(name)
    return found


def sheet_topics(r, scene) -> list[str]:
    """What a question asks of the Lucky 13 sheets and the scene, by the rulebook's words:
    ``initiative``, ``mode``, ``cast``, ``skill:NAME``, ``spec:NAME``, ``ability:NAME``, then
    the nouns of :data:`SHEET_WORDS`, in that order; [] when it names none."""
    lows = [t.lower for t in r.parse]
    lemmas = _lemmas(r)
    words = set(lows) | set(lemmas)
    topics: list[str] = []
    wh = r.wh
    if "initiative" in words or (wh in ("who", "whose") and words & {"first", "turn", "next", "order"}) or (
            "turn" in words and r.first("person") is not None):
        topics.append("initiative")
    if "mode" in words or words & {"cinematic", "gritty"}:
        topics.append("mode")
    if wh in ("who", "how many") and words & {"scene", "cast", "present", "character"}:
        topics.append("cast")
    having = bool(words & HAVING) or wh is not None
    if having:
        specs = [s.name for c in scene.characters.values() for s in c.specializations]
        skills = [k for c in scene.characters.values() for k in c.skills]
        for name in _named(r, set(specs)):
            topics.append(f"spec:{name}")
        for name in _named(r, {k for k in skills if k.lower() not in {s.lower() for s in specs}}):
            if not any(t.startswith("spec:") and name.lower() in t.lower() for t in topics):
                topics.append(f"skill:{name}")
    for k, t in enumerate(r.parse):
        ability = next((a for a in ABILITIES if t.lower == a.value.lower()), None)
        if ability is None or t.pos in ("AUX", "VERB") or (not t.pos and k == 0):
            continue  # "will Rook make it?": an auxiliary, not the ability
        if f"ability:{ability.value}" not in topics:
            topics.append(f"ability:{ability.value}")
    for topic, phrases in SHEET_WORDS.items():
        if any(_runs(lemmas, p) or _runs(lows, p) for p in phrases):
            if topic == "abilities" and any(t.startswith("ability:") for t in topics):
                continue
            if topic == "skills" and any(t.startswith(("skill:", "spec:")) for t in topics):
                continue
            topics.append(topic)
    return topics


# ---------------------------------------------------------------------- from the scene


def _names(items: list[str]) -> str:
    items = list(items)
    if not items:
        return "nobody"
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def health_line(name: str, ch: Character) -> str:
    """One character's hit points and state, as the sheet has them."""
    h = ch.health
    if h.dead:
        return f"{name} is dead ({h.hp} hit points; death at {h.death_at})."
    if h.dying:
        how = "stabilised" if h.stable else "losing a hit point a minute until stabilised"
        return f"{name} is dying: {h.hp} hit points, unconscious and {how} (death at {h.death_at})."
    if h.hp == h.max_hp:
        return f"{name} is unhurt: {h.hp}/{h.max_hp} hit points, Pulse {h.pulse}."
    return f"{name} is wounded: {h.hp}/{h.max_hp} hit points, Pulse {h.pulse} ({h.base} at full strength)."


def gear_line(name: str, gear: Gear | None) -> str:
    gear = gear or Gear()
    weapons = [f"{w.name} (Accuracy {w.accuracy}, Damage {w.damage})" for w in gear.weapons]
    carries = f"carries {_names(weapons)}" if weapons else "carries no weapon"
    wears = f"wears {gear.armor.name} (Defensive Die {gear.armor.die})" if gear.armor else "wears no armor"
    return f"{name} {carries} and {wears}."


def _who(r, scene, asker: str | None) -> list[str] | None:
    """The characters a question is about: those it names ("I" is the one asking, else the one
    who acted last); everyone when it names the group or, with one character, that one; None
    when it names someone the scene does not have."""
    names = scene.names
    people = [names[m.ref] for m in r.mentioned("person") if isinstance(m.ref, int) and m.ref < len(names)]
    me = asker if asker is not None else (scene.last_actor if scene.last_actor in scene.characters else None)
    for m in r.mentioned("group"):
        if m.ref == "me" and me is not None and me not in people:
            people.append(me)
    if people:
        return list(dict.fromkeys(people))
    if r.mentioned("stranger"):
        return None
    return list(names)


def _sheet_answer(topic: str, who: list[str], scene, r) -> tuple[str, bool | None]:
    """The answer a sheet topic gives for ``who``: its line, and a yes or no when the question
    asks one and the sheet decides it."""
    chars = scene.characters
    yesno = r.form == "yesno"
    if topic == "initiative":
        init = scene.initiative
        if init is None:
            line = "No encounter is under way: nobody has rolled initiative (initiative rolls it)."
            return line, (False if yesno and r.first("person") is None else None)
        order = " → ".join(f"{n} ({init.rolls[n]})" for n in init.order)
        line = f"Initiative: {order}; {init.order[0]} goes first."
        if yesno:
            named = [n for n in who if n in init.order] if r.first("person") is not None else []
            return line, (init.order[0] == named[0]) if named else True
        return line, None
    if topic == "mode":
        line = f"The scene is in {scene.mode.value} mode: {MODE_WORDS[scene.mode]}."
        said = [m for m in Mode if m.value in {t.lower for t in r.parse}]
        return line, (scene.mode in said if yesno and said else None)
    if topic == "cast":
        if not chars:
            return "Nobody is in the scene yet (character NAME … makes one).", (False if yesno else None)
        return "In the scene: " + _names([f"{n} ({state_word(c)})" for n, c in chars.items()]) + ".", None
    kind, _, name = topic.partition(":")
    lines, flags = [], []
    if kind == "skill" and r.wh in ("who", "whom", "which") and r.first("person") is None:
        having = [n for n in chars if any(k.lower() == name.lower() for k in chars[n].skills)]  # "who knows Stealth?"
        if not having:
            return f"Nobody in the scene has the skill {name}.", None
        return " ".join(f"{n} has {k} {v}." for n in having for k, v in chars[n].skills.items()
                        if k.lower() == name.lower()), None
    if kind == "spec" and r.wh in ("who", "whom", "which") and r.first("person") is None:
        having = [n for n in chars if any(s.name.lower() == name.lower() for s in chars[n].specializations)]
        if not having:
            return f"Nobody in the scene has the specialization {name}.", None
        return " ".join(_spec_line(n, chars[n], name)[0] for n in having), None
    for n in who:
        ch, gear = chars[n], scene.gear.get(n)
        if kind == "skill":
            key = next((k for k in ch.skills if k.lower() == name.lower()), None)
            lines.append(f"{n} has {key} {ch.skills[key]}." if key else f"{n} has no skill {name}.")
            flags.append(key is not None)
        elif kind == "spec":
            line, has = _spec_line(n, ch, name)
            lines.append(line)
            flags.append(has)
        elif kind == "ability":
            ab = Ability(name)
            die = ch.abilities[ab]
            now = f" ({ch.health.pulse} now, at {ch.health.hp}/{ch.health.max_hp} hit points)" \
                if ab is Ability.PULSE and ch.health.pulse != die and not ch.health.pulse.is_none else \
                " (no die now: at 0 hit points or below)" if ab is Ability.PULSE and ch.health.pulse.is_none else ""
            lines.append(f"{n}'s {ab.value} is {die}{now}.")
            said = {t.lower for t in r.parse} & {"d4", "d6", "d8", "d10", "d12"}
            if said:
                flags.append(str(die) in said)
        elif topic == "abilities":
            lines.append(f"{n}: " + ", ".join(f"{a.value} {ch.abilities[a]}" for a in ABILITIES) + ".")
        elif topic == "skills":
            lines.append(f"{n}'s skills: " + ", ".join(f"{k} {v}" for k, v in ch.skills.items()) + "."
                         if ch.skills else f"{n} has no skills yet.")
            flags.append(bool(ch.skills))
        elif topic == "specializations":
            specs = ", ".join(f"{s.name} ({s.skill}) level {s.level}" for s in ch.specializations)
            lines.append(f"{n}'s specializations: {specs}." if specs else f"{n} has no specializations.")
            flags.append(bool(specs))
        elif topic == "reputation":
            lines.append(f"{n}'s Reputation is {ch.reputation:+d}.")
        elif topic == "adventure":
            points = ch.adventure_points
            lines.append(f"{n} has {points} Adventure Point{'' if points == 1 else 's'}.")
            flags.append(points > 0)
        elif topic == "background":
            lines.append(f"{n}'s background: {ch.background.name}." if ch.background else f"{n} has no background.")
            flags.append(ch.background is not None)
        elif topic == "impairments":
            imps = ", ".join(i.name for i in ch.impairments)
            lines.append(f"{n}'s impairments: {imps}." if imps else f"{n} has no impairments.")
            flags.append(bool(imps))
        elif topic == "weapons":
            weapons = (gear or Gear()).weapons
            lines.append(f"{n} carries " + _names([f"{w.name} (Accuracy {w.accuracy}, Damage {w.damage})"
                                                   for w in weapons]) + "." if weapons else f"{n} carries no weapon.")
            flags.append(bool(weapons))
        elif topic == "armor":
            armor = (gear or Gear()).armor
            lines.append(f"{n} wears {armor.name} (Defensive Die {armor.die})." if armor else f"{n} wears no armor.")
            flags.append(armor is not None)
        elif topic == "health":
            lines.append(health_line(n, ch))
        elif topic == "sheet":
            lines.append(f"{n}: {sheet_line(ch, gear)}.")
    line = " ".join(lines)
    if yesno and flags and len(flags) == len(who):
        return line, (all(flags) if r.first("group") is None or r.first("group").ref in ("all", "we") else any(flags))
    return line, None


def _spec_line(name: str, ch: Character, spec: str) -> tuple[str, bool]:
    found = next((s for s in ch.specializations if s.name.lower() == spec.lower()), None)
    if found is None:
        return f"{name} has no specialization {spec}.", False
    die = ch.skill_die(found.skill, specialization=found.name)
    return (f"{name} has {found.name} ({found.skill}) at level {found.level}: it steps {found.skill} "
            f"{ch.skills[found.skill]} up to {die}."), True


#: The director's asks about a character, and the group, that the hit points decide.
_PERSON = ("alive", "dead", "with", "ok", "hurt", "status", "who-is", "holds", "alone")
_GROUP = ("who-hurt", "any-hurt", "all-ok", "all-alive", "any-dead", "all-dead", "who-dead", "count", "alone",
          "holds")


def _health(ask: str, who: list[str], scene, r, flip) -> tuple[str, bool | None] | None:
    """The director's asks of health and company, answered from the hit points."""
    chars = scene.characters
    yesno = r.form == "yesno"
    named = r.first("person") is not None or any(m.ref == "me" for m in r.mentioned("group"))
    thing = r.first("thing")
    if ask == "holds" and thing is not None:
        holders = [n for n, g in scene.gear.items() if thing.ref in [w.name for w in g.weapons] or (
            g.armor is not None and g.armor.name == thing.ref)]
        line = f"{_names(holders)} {'has' if len(holders) == 1 else 'have'} the {thing.ref}."
        if yesno and named:
            return _yes(flip(who[0] in holders), line)
        return line, None
    if named and ask in _PERSON:
        if ask == "holds":
            return " ".join(gear_line(n, scene.gear.get(n)) for n in who), None
        if ask == "who-is":
            return " ".join(f"{n}: {sheet_line(chars[n], scene.gear.get(n))}." for n in who), None
        if ask == "alone":
            others = [n for n, c in chars.items() if n not in who and c.health.alive]
            line = f"{_names(others)} {'is' if len(others) == 1 else 'are'} in the scene too." if others else \
                f"{_names(who)} {'is' if len(who) == 1 else 'are'} alone: nobody else in the scene is alive."
            return _yes(flip(not others), line) if yesno else (line, None)
        line = " ".join(health_line(n, chars[n]) for n in who)
        h = [chars[n].health for n in who]
        truth = {"alive": all(x.alive for x in h), "dead": all(x.dead for x in h),
                 "with": all(x.alive for x in h), "ok": all(x.hp == x.max_hp for x in h),
                 "hurt": all(x.hp < x.max_hp and x.alive for x in h)}.get(ask)
        if yesno and truth is not None:
            return _yes(flip(truth), line)
        return line, None
    if ask not in _GROUP or not chars:
        if ask in _GROUP:
            return "Nobody is in the scene yet (character NAME … makes one).", (False if yesno else None)
        return None
    living = [n for n, c in chars.items() if c.health.alive]
    dead = [n for n, c in chars.items() if c.health.dead]
    hurt = [n for n in living if chars[n].health.hp < chars[n].health.max_hp]
    if ask in ("who-hurt", "any-hurt", "all-ok"):
        if not living:
            return "Nobody in the scene is alive.", None
        unhurt = [n for n in living if n not in hurt]
        tail = f" {_names(unhurt)} {'is' if len(unhurt) == 1 else 'are'} unhurt." if hurt and unhurt else ""
        line = (" ".join(health_line(n, chars[n]) for n in hurt) + tail) if hurt else \
            ("Nobody is hurt: " + _names([f"{n} {chars[n].health.hp}/{chars[n].health.max_hp}" for n in living])
             + " hit points.")
        if yesno:
            return _yes(flip(bool(hurt) if ask == "any-hurt" else not hurt), line)
        return line, None
    if ask in ("who-dead", "any-dead", "all-dead", "all-alive"):
        dying = [n for n in living if chars[n].health.dying]
        line = " ".join(health_line(n, chars[n]) for n in dead + dying) or \
            f"Nobody has died: {_names(living)} {'is' if len(living) == 1 else 'are'} alive."
        if yesno:
            truth = {"any-dead": bool(dead), "all-dead": not living, "all-alive": not dead}.get(ask, bool(dead))
            return _yes(flip(truth), line)
        return line, None
    if ask == "holds":
        return " ".join(gear_line(n, scene.gear.get(n)) for n in living) or "Nobody in the scene is alive.", None
    if ask == "alone":
        return None
    # count: who is here
    line = "In the scene: " + _names([f"{n} ({state_word(c)})" for n, c in chars.items()]) + "."
    return (_yes(flip(not dead), line) if yesno else (line, None))


def from_scene(r, scene, asker: str | None = None) -> tuple[str, bool | None] | None:
    """The exact answer the scene gives to the question ``r`` (its text, and the yes or no of a
    yes/no question when the scene decides it), or None when nothing in it does."""
    def flip(flag: bool) -> bool:
        return (not flag) if r.negated else flag

    who = _who(r, scene, asker)
    topics = sheet_topics(r, scene)
    if topics and who is not None:
        if not scene.characters and not set(topics) <= {"initiative", "mode", "cast"}:
            return "Nobody is in the scene yet (character NAME … makes one).", None
        answers = [_sheet_answer(t, who, scene, r) for t in topics]
        line = " ".join(a for a, _ in answers if a)
        flags = [f for _, f in answers if f is not None]
        if r.form == "yesno" and len(flags) == 1:
            return _yes(flip(flags[0]), line)
        return line, None
    ask = r.ask
    if ask is None and r.wh == "how" and not r.asks and r.first("group") is not None:
        ask = "who-hurt"  # "how is everyone?" (the director's reading leaves it open when it ends in "?")
    if ask is None or who is None:
        return None
    return _health(ask, who, scene, r, flip)


# ---------------------------------------------------------------------- asking


def _repeat(kept: Kept, negated: bool) -> tuple[str, bool]:
    """A question already answered: the same answer, or its opposite asked the other way."""
    yes = kept.yes if negated == kept.negated else not kept.yes
    if negated == kept.negated:
        return kept.text, yes
    if kept.statement:
        return f"{'Yes' if yes else 'No'}. That is already settled: {kept.statement}.", yes
    return f"{'Yes' if yes else 'No'}. That is already settled.", yes


def recall(facts, asked, key: str):
    """The kept answer ``asked`` (a director Fact, or None) or the words ``key`` match, if any
    (the latest)."""
    for kept in reversed(facts):
        if asked is not None and kept.fact is not None and kept.fact.matches(asked):
            return kept
        if kept.key == key:
            return kept
    return None


def _statement(r, yes: bool) -> str | None:
    from ..director.restate import restate

    said = restate(r, yes)
    if not said or " not not " in f" {said} " or len(said) > 300:
        return None
    return said


def oracle_text(band: str, statement: str | None, interrupt: bool) -> str:
    """The oracle's answer in words: its band, the question told back, a dilemma when it has one."""
    s, turn = statement, TURNS.get(band)
    if band == "yes-and":
        text = f"Yes, and more than that: {s}, and {turn}." if s else f"Yes, and {turn}."
    elif band == "yes-but":
        text = f"Yes, but {turn}: {s}." if s else f"Yes, but {turn}."
    elif band == "no-and":
        text = f"No, and worse: {s}, and {turn}." if s else f"No, and {turn}."
    else:
        opening = "Yes" if band == "yes" else "No"
        text = f"{opening}. {_cap(s)}." if s else f"{opening}."
    return f"{text} {INTERRUPT}" if interrupt else text


def answer(scene, text: str, who: str | None, odds: str | None, chance) -> Told:
    """Answer ``text`` asked by ``who`` (a character's name, or None) at the ``odds`` stated (or
    None: read from the question, even by default); an oracle answer rolls one d100 of ``chance``."""
    from ..director import oracle
    from ..director.facts import fact_of, implied
    from ..director.questions import parse
    from ..director.understand import read

    try:
        q = parse(text, None, odds)
    except ValueError as exc:
        raise SceneError(str(exc)) from None
    asker = scene.names.index(who) if who is not None else None
    r = read(q.text, lexicon(scene), asker)
    known = from_scene(r, scene, who)
    if known is not None and known[0]:
        return Told("state", q.text, who, known[0], "answered from the scene, no roll", known[1])
    found = fact_of(r)
    asked, negated = found if found is not None else (None, r.negated)
    key = _key(q.text)
    kept = recall(scene.facts, asked, key)
    if kept is not None:
        said, yes = _repeat(kept, negated)
        return Told("repeat", q.text, who, said, "already answered in this scene, no new roll", yes)
    follows = implied([k.fact for k in scene.facts if k.fact is not None], asked, 0) if asked is not None else None
    if follows is not None:  # "is the gate open?" after "the gate is locked": no
        fact, truth = follows
        yes = truth != negated
        said = (fact.statement or "").rstrip(".")
        text = f"{'Yes' if yes else 'No'}. That is already settled: {said}." if said else f"{'Yes' if yes else 'No'}."
        return Told("repeat", q.text, who, text, "already answered in this scene, no new roll", yes)
    if r.form != "yesno":
        raise SceneError(f"nothing in the scene answers {q.text!r}, and the oracle answers only yes or no: ask it "
                         "as a yes/no question (e.g. ask is the door locked?)")
    level = tension(scene)
    roll = chance.roll(100)
    a = oracle.decide(q.odds, level, roll)
    statement = _statement(r, a.yes)
    told = oracle_text(a.band, statement, a.interrupt)
    how = (f"oracle: {q.odds}, tension {level}: rolled {roll}, yes on 1\u2013{oracle.YES_CHANCE[q.odds]} "
           f"\u2192 {a.opening}{' — an interruption' if a.interrupt else ''}")
    fact = replace(asked, yes=a.yes != negated, statement=statement, negated=negated, text=told) \
        if asked is not None else None
    kept = Kept(q.text, key, fact, a.yes, negated, told, statement)
    return Told("oracle", q.text, who, told, how, a.yes, q.odds, roll, a.band, level, kept)


def as_saved(told: Told, saved: Any) -> Told:
    """An oracle answer replayed from a save: the answer the save says was told (its words and
    its yes or no), so a fact once told is never told otherwise, whatever reads the question
    now. A record that is not an oracle answer's leaves ``told`` as it is."""
    from ..narration.base import strip_control

    if told.kind != "oracle" or told.kept is None or not isinstance(saved, dict) or saved.get("kind") != "oracle":
        return told
    text = " ".join(strip_control(str(saved.get("text") or "")).split())[:1000]
    yes = saved.get("yes")
    if not text or not isinstance(yes, bool) or (text, yes) == (told.text, told.yes):
        return told
    k = told.kept
    fact = replace(k.fact, yes=yes != k.negated, text=text) if k.fact is not None else None
    return replace(told, text=text, yes=yes, kept=replace(k, text=text, yes=yes, fact=fact))
