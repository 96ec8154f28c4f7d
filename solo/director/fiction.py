"""The fiction: what the story has established, kept beside the narrator.

The rules core decides what happens; the fiction remembers what it looked like — who is
hurt and by what, who carries what and what was lost, where the group is, what the Killer
has shown, who is left, and what the player said each character did. It is built only
from the beats (themselves built from the rules core's events), the player's lines, the
setting and the seed, in order, so undo, resume and replay rebuild exactly the same fiction.

:meth:`Fiction.apply` advances it by one beat and returns the *details* a narrator tells
that beat with (which thing was lost, which hurt a Strike left, where someone died …);
:meth:`Fiction.view` is the plain-data picture for templates and prompts.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from ..world.places import absent, lacking, short_place
from ..world.pronouns import DEFAULT as DEFAULT_PRONOUNS, pronouns_of
from .catalogue import (ANY_ITEMS, CAMP_ITEMS, CAMP_LOCATIONS, CAMP_PLACES, CAMP_SCENES, EPITHETS, HURTS, SCRAPES,
                        WEAKNESS_DEEDS, WEAKNESSES, short_name)
from ..nott.describe import strike_ordinal
from .killer import QUIET_LIMIT, choose_move
from .listen import action_phrase, handover, loud, manner, plan_of, quote
from .material import DEFAULT_KILLER
from .stages import FINALE, STAGES, pressure, stage_for
from .threads import open_threads
from .threads import step as threads_step

__all__ = ["Fiction", "Person"]


#: An answer that says help is on its way: someone to help, the police, a ranger, coming.
_HELP = re.compile(r"\b(?:help|rescue|rescuers|police|cops|sheriff|ranger|deputy|ambulance|search party)\b", re.I)
_COMING = re.compile(r"\b(?:com(?:e|es|ing)|on (?:its|their|the) way|sent|called)\b", re.I)

@lru_cache(maxsize=4096)
def _against(line: str, facts: tuple) -> bool:
    from .facts import contradicted

    return contradicted(line, facts) is not None


@dataclass
class Person:
    name: str
    archetype: str
    aptitude: str
    why: str
    items: list[str] = field(default_factory=list)  # short names, held now
    phrases: dict[str, str] = field(default_factory=dict)  # short name → how the opening named it
    lost: list[str] = field(default_factory=list)
    hurts: list[str] = field(default_factory=list)  # one per Strike
    scrapes: list[str] = field(default_factory=list)  # small harms (Costly, nothing to lose)
    dead: bool = False
    death: str | None = None  # how
    died_at: str | None = None  # where
    deeds: list[str] = field(default_factory=list)  # what the player said they did
    line: str | None = None  # what the player said for the moment at hand
    written: str | None = None  # the death as the player wrote it (see Fiction.write_death)
    pronouns: str = DEFAULT_PRONOUNS  # how the story speaks of them ("she/her")

    def copy(self) -> "Person":
        return Person(self.name, self.archetype, self.aptitude, self.why, list(self.items), dict(self.phrases),
                      list(self.lost), list(self.hurts), list(self.scrapes), self.dead, self.death,
                      self.died_at, list(self.deeds), self.line, self.written, self.pronouns)

    @property
    def condition(self) -> str:
        if self.dead:
            return f"dead ({self.death or 'killed'}{', at ' + self.died_at if self.died_at else ''})"
        harm = self.hurts + self.scrapes
        return "hurt: " + ", ".join(harm) if harm else "unhurt"

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name, "archetype": self.archetype, "aptitude": self.aptitude, "why": self.why,
            "alive": not self.dead, "items": list(self.items),
            "carrying": [self.phrases.get(i, i) for i in self.items], "lost": list(self.lost),
            "hurts": list(self.hurts), "scrapes": list(self.scrapes), "hurt": bool(self.hurts or self.scrapes),
            "condition": self.condition, "death": self.death, "died_at": self.died_at,
            "deeds": self.deeds[-3:], "line": self.line, "written": self.written, "pronouns": self.pronouns,
        }


#: Words for the rest of the group: wrong when nobody else is left.
_OTHERS = r"\b(?:the others|the rest|everyone|all of you|the group)\b"


class Fiction:
    """What the story has established. Deterministic from (seed, setting, beats, lines)."""

    #: Tests the group stays in one place before the night moves it on (cycled).
    STAYS = (3, 5, 4, 6)

    def __init__(self, cast: list[dict[str, Any]], seed: Any, setting: dict[str, Any] | None = None) -> None:
        self.seed = seed
        setting = setting or {}
        self.locations = [str(x) for x in (setting.get("locations") or CAMP_LOCATIONS)]
        #: What each place owns (the setting model): indoors, sounds, threats by suit.
        self.places = setting.get("places") or ({} if setting.get("locations") else CAMP_PLACES)
        self.wild = bool(setting.get("wild")) if setting.get("locations") else True  # the camp is in the woods
        self.sounds = [str(x) for x in (setting.get("sounds") or ())]
        self.setting_tropes = ({"name": setting.get("name"), "tropes": setting.get("tropes"),
                                "trope_phrasings": setting.get("trope_phrasings")}
                               if setting.get("tropes") else None)
        order = sorted(range(len(self.locations)), key=lambda i: self._roll("place", i))
        self.route = [self.locations[i] for i in order]
        self.stop = 0
        self.moved_at = 0
        self.people: list[Person] = []
        pool = self._deal_pool(setting, [str(c.get("why") or "") for c in cast])
        self.things = tuple(short for _, short in pool)  # what anyone could have carried tonight
        for i, c in enumerate(cast):
            p = Person(str(c.get("name", "")), str(c.get("archetype") or ""), str(c.get("aptitude") or ""),
                       str(c.get("why") or ""), pronouns=pronouns_of(c.get("pronouns")).text)
            for phrase, short in pool[2 * i: 2 * i + 2]:
                p.items.append(short)
                p.phrases[short] = phrase
            self.people.append(p)
        self.weaknesses: dict[str, str] = {}  # suit → the words it was named with
        self.tests = 0
        self.endgame = False
        self.lines: list[tuple[str | None, str]] = []  # the player's last few lines
        self.used: set[str] = set()  # sentences told tonight (normalised): never told again
        self.told = 0  # texts composed so far (the narrator's variant key)
        #: What the director's answers established (solo.director.facts.Fact), in order:
        #: asked again, in the same words or others, the same answer.
        self.facts: list = []
        #: What the opening and the playset state as fact ("the road is out").
        if setting.get("locations"):
            self.scene = None  # a playset opens with its premise
            self.scene_facts: tuple[str, ...] = tuple(str(x) for x in (setting.get("facts") or ()))
        else:
            self.scene, self.scene_facts = CAMP_SCENES[self._roll("scene") % len(CAMP_SCENES)]
        self._scene_read: tuple | None = None
        self.focus: int | None = None  # the character the talk was last about ("is she ok?")
        self.legend_told: tuple[str, ...] = ()  # the questions an answer told the Killer's legend to
        #: Details an open answer has given tonight: never given again.
        self.details: set[str] = set()
        self.answers_told = 0  # answers composed (their own variant key: see TemplateNarrator._key)
        self.answer_used: set[str] = set()  # sentences the answers told
        #: The Killer the Director plays (the playset's, or the default that fits any setting).
        self.killer = {**DEFAULT_KILLER, **{k: v for k, v in (setting.get("killer") or {}).items() if v}}
        self.stage = 0  # the highest stage reached (solo.director.stages): never runs backwards
        self.dread_shift = 0  # the player's turns of the oracle's dread (``dread +1``): see oracle.dread
        self.stage_told = 0  # the stage the narration has announced
        self.faces = 0  # face-card Threat Cards met
        self.jokers = 0  # Jokers met
        self.seen = False  # the Killer has been seen (its first appearance is told once)
        self.relief = False  # a Clean success or a weakness found: the next frame lets you breathe
        self.stand: tuple | None = None  # (Tests taken, who, the deed retold) of the last outcome told
        self.eventful = 0  # the Tests taken when a reader last saw the Killer's presence (solo.play.middle)
        self.cut: list[str] = []  # places the Killer has cut the group off from
        self.moves: list[dict[str, Any]] = []  # the Killer's moves told, each with its Test
        self.hurts_told: set[tuple[str, str]] = set()  # (name, hurt) the story has told: not told as new again
        self.threads: list[dict[str, Any]] = []  # the telling's promises, open and paid (solo.director.threads)
        self.hazard: str | None = None  # the Threat Card's hazard as the templates told it (its outcome meets it)
        self.unbeaten: tuple[str, str] | None = None  # (hazard, suit) of the last Test failed: the next card leaves it

    def _deal_pool(self, setting: dict[str, Any], whys: list[str]) -> list[tuple[str, str]]:
        """What the cast is dealt, in dealing order: the setting's own props first (a
        playset's; the camp's without one), then things that fit any setting; never a thing a
        character's Why speaks of ("holds the only car keys": nobody else is dealt keys)."""
        said = " ".join(whys).lower()

        def spoken(short: str) -> bool:
            return any(re.search(r"\b" + re.escape(w) + r"\b", said) for w in short.lower().split() if len(w) > 3)

        own = [(p, short_name(p)) for p in (setting.get("props") or [])] or list(CAMP_ITEMS)
        seen = [s.lower() for _, s in own]
        spare = [(p, s) for p, s in ANY_ITEMS if not any(s.lower() in x or x in s.lower() for x in seen)]
        pool: list[tuple[str, str]] = []
        for group, key in ((own, "item"), (spare, "spare")):
            kept = [x for x in group if not spoken(x[1])]
            pool += [kept[i] for i in sorted(range(len(kept)), key=lambda i: self._roll(key, i))]
        return pool

    # ------------------------------------------------------------------ copying

    def copy(self) -> "Fiction":
        new = object.__new__(Fiction)
        new.__dict__.update(self.__dict__)
        new.people = [p.copy() for p in self.people]
        new.weaknesses = dict(self.weaknesses)
        new.lines = list(self.lines)
        new.used = set(self.used)
        new.facts = list(self.facts)  # each fact is a value: never changed, replaced
        new.details = set(self.details)
        new.answer_used = set(self.answer_used)
        new.cut = list(self.cut)
        new.moves = list(self.moves)  # each move is never changed once made
        new.hurts_told = set(self.hurts_told)
        new.threads = list(self.threads)  # each thread is never changed: a paid one is replaced
        new.route = self.route  # never changes
        return new

    # ------------------------------------------------------------------ reading

    @property
    def location(self) -> str:
        return self.route[self.stop % len(self.route)]

    @property
    def place(self) -> str:
        """Where the group is, as the story names it once it is there: the short name ("the
        garage" for "the garage, dark except for the chest freezer's hum"); the whole
        description is told on arrival."""
        return short_place(self.location)

    @property
    def here(self) -> dict[str, Any]:
        """What the place the group is at owns: ``indoors``, ``sounds``, ``threats`` by suit,
        ``props`` (its scenery: not the things dealt to the cast); ``outdoors`` when the setting
        knows the place and it is not indoors."""
        own = self.places.get(self.location)
        outdoors = own is not None and not own.get("indoors")
        own = own or {}
        dealt = {t.lower() for t in self.things}
        return {"place": self.location, "indoors": bool(own.get("indoors")), "outdoors": outdoors,
                "sounds": list(own.get("sounds") or ()),
                "props": [p for p in own.get("props") or () if short_name(p).lower() not in dealt],
                "threats": {k: list(v) for k, v in (own.get("threats") or {}).items()}}

    def located(self) -> dict[str, str]:
        """Every threat and sound a place owns → that place."""
        return {line: place for place, own in self.places.items()
                for line in [*(own.get("sounds") or ()), *(t for v in (own.get("threats") or {}).values() for t in v)]}

    def living(self) -> list[Person]:
        return [p for p in self.people if not p.dead]

    def find(self, name: str | None) -> Person | None:
        return next((p for p in self.people if p.name == name), None)

    def lost_items(self) -> list[str]:
        return [i for p in self.people for i in p.lost]

    def held_items(self) -> list[str]:
        return [i for p in self.people if not p.dead for i in p.items]

    def view(self) -> dict[str, Any]:
        """The fiction as plain data (templates read it as ``f``; prompts state it as facts)."""
        living = self.living()
        here = self.here
        return {
            "location": self.location,
            "here": here,
            "wild": self.wild,
            "indoors": here["indoors"],
            "outdoors": here["outdoors"],
            "places": self.locations,
            "sounds": list(self.sounds),
            "people": [p.to_dict() for p in self.people],
            "living": [p.name for p in living],
            "living_count": len(living),
            "dead": [p.name for p in self.people if p.dead],
            "hurt": [p.name for p in living if p.hurts or p.scrapes],
            "anyone_hurt": any(p.hurts or p.scrapes or p.dead for p in self.people),
            "held": self.held_items(),
            "lost": self.lost_items(),
            "weaknesses": dict(self.weaknesses),
            "lines": [{"name": n, "text": t} for n, t in self.lines[-4:]],
            "tests": self.tests,
            "endgame": self.endgame,
            "answers": [{"question": v.question, "text": v.text} for v in self.facts[-6:] if v.text],
            "stage": STAGES[self.stage],
            "killer": dict(self.killer),
            "killer_seen": self.seen,
            "cut": list(self.cut),
            "moves": [dict(m) for m in self.moves[-3:]],
            "threads_open": [dict(t) for t in open_threads(self.threads)],
            # words a scene line may not say here: what the place lacks, and what is known gone
            "lacks": list(lacking(self.location, self.places.get(self.location), self.wild, tuple(self.locations))),
            "absent": list(absent(self.facts)),
            "scene": self.scene,
        }

    def snapshot(self):
        """What the continuity checker reads (:class:`~solo.director.continuity.Snapshot`)."""
        from .continuity import Snapshot

        return Snapshot(
            dead=frozenset(p.name for p in self.people if p.dead),
            lost=frozenset(self.lost_items()),
            living=tuple(p.name for p in self.people if not p.dead),
            anyone_hurt=any(p.hurts or p.scrapes or p.dead for p in self.people),
            weaknesses=dict(self.weaknesses),
            spoke=frozenset(p.name for p in self.people if p.line and not p.dead),
            aptitudes={p.name: p.aptitude for p in self.people},
            cut=frozenset(self.cut),
            location=self.location,
            places=tuple(self.locations),
            located=self._located(),
            wild=self.wild,
            indoors=self.here["indoors"],
            outdoors=self.here["outdoors"],
            hurts={p.name: tuple(p.hurts + p.scrapes) for p in self.people},
            hurts_told=frozenset(self.hurts_told),
            lines={p.name: p.line for p in self.people if p.line and not p.dead},
            tropes=self._tropes(),
            facts=tuple(f for f in self.known_facts() if f.yes is not None and f.statement and (
                f.tests is None or f.tests == self.tests)),
        )

    def _located(self) -> dict[str, str]:
        if not hasattr(self, "_located_cache"):
            self._located_cache = self.located()
        return self._located_cache

    def _tropes(self) -> tuple:
        """The tropes an award may name (the setting's and the built-in ones), kept once."""
        if not hasattr(self, "_tropes_cache"):
            from .tropes import catalogue

            self._tropes_cache = catalogue(self.setting_tropes)
        return self._tropes_cache

    # ------------------------------------------------------------------ the player

    def said(self, name: str | None, text: str) -> None:
        """The player typed what ``name`` does (``None``: the group)."""
        whole = " ".join(str(text).split())
        text = quote(text) or ""
        if not text:
            return
        self.lines.append((name, text))
        del self.lines[:-6]
        from ..narration.compose import remember

        remember(whole, self.used, [p.name for p in self.people])
        p = self.find(name)
        if p is not None and not p.dead:
            p.deeds.append(text)
            p.line = text
            self.hand_over(p, whole)

    def heard(self, text: str) -> None:
        """A text has been told: the hurts it names beside their character's name are told."""
        low = str(text).lower()
        for p in self.people:
            for h in p.hurts + p.scrapes:
                if h in low and p.name and p.name in text:
                    self.hurts_told.add((p.name, h))

    def hand_over(self, giver: "Person", text: str) -> tuple[str, str] | None:
        """A thing the player's line hands from ``giver`` to another living character moves
        to them: ``(thing, receiver)``, or None when the line hands nothing over (or names a
        thing the giver does not hold, or someone who cannot take it)."""
        given = handover(text)
        if given is None:
            return None
        words, to = given
        receiver = next((q for q in self.people if q.name.lower() == to.lower()), None)
        if receiver is None or receiver is giver or receiver.dead:
            return None
        thing = self.held_thing(giver, words)
        if thing is None:
            return None
        giver.items.remove(thing)
        receiver.items.append(thing)
        if thing in giver.phrases:
            receiver.phrases[thing] = giver.phrases.pop(thing)
        return thing, receiver.name

    @staticmethod
    def held_thing(p: "Person", words: str) -> str | None:
        """The thing ``p`` holds that ``words`` names ("hatchet", "the truck keys", "keys")."""
        words = words.lower().strip()
        for item in p.items:
            names = {item.lower(), p.phrases.get(item, item).lower()}
            if words in names or any(words == n.split()[-1] or n.endswith(" " + words) for n in names):
                return item
        return None

    # ------------------------------------------------------------------ advancing

    def apply(self, kind: str, ctx: dict[str, Any]) -> dict[str, Any]:
        """Advance by one beat of ``kind`` with context ``ctx``; the details to tell it with."""
        self.tests = int(ctx.get("tests", self.tests) or 0)
        handler = getattr(self, "_on_" + kind, None)
        details = handler(ctx) if handler else {}
        self.threads, opens, pays = threads_step(self.threads, kind, ctx, details, self.tests,
                                                 lambda *key: self._roll("thread", *key))
        if opens:
            details["opens"] = dict(opens)
        if pays:
            details["pays"] = [dict(t) for t in pays]
        return details

    def _on_threat(self, ctx: dict[str, Any]) -> dict[str, Any]:
        if ctx.get("instead"):  # a card drawn by hand in place of one just told: the moment is the same
            first = not self.seen and bool(ctx.get("killer"))
            self.seen = self.seen or first
            return {"moved": False, "location": self.location if self.tests == 0 else self.place,
                    "known_weakness": self.weaknesses.get(ctx.get("suit")), "stage": STAGES[self.stage],
                    "stage_up": None, "relief": False, "killer_move": None, "first_sight": first,
                    "the_killer": dict(self.killer)}
        moved = False
        self.hazard = None  # a new card: told anew
        unbeaten, self.unbeaten = self.unbeaten or (None, None), None
        stay = self.STAYS[self.stop % len(self.STAYS)]
        if self.tests - self.moved_at >= stay and self.tests > 0:
            self.stop += 1
            while self.location in self.cut:  # the Killer cut the way there
                self.stop += 1
            self.moved_at = self.tests
            moved = True
        for p in self.people:
            p.line = None
        suit = ctx.get("suit")
        if ctx.get("killer"):
            self.faces += 1
        return {"moved": moved, "location": self.location if moved or self.tests == 0 else self.place,
                "known_weakness": self.weaknesses.get(suit), "unbeaten": unbeaten[0], "unbeaten_suit": unbeaten[1],
                **self._killer_turn(ctx)}

    def _killer_turn(self, ctx: dict[str, Any]) -> dict[str, Any]:
        """Before a Threat Card: the stage the night has reached, and the Killer's move."""
        strikes = int(ctx.get("strikes_total") or 0)
        deaths = sum(p.dead for p in self.people)
        points = pressure(self.tests, strikes, deaths, self.faces, self.jokers)
        self.stage = max(self.stage, stage_for(points, self.endgame))
        stage_up = STAGES[self.stage] if self.stage > self.stage_told else None
        self.stage_told = self.stage
        relief, self.relief = self.relief, False
        move = None
        if self.tests > 0 and (not relief or self.tests - self.eventful > QUIET_LIMIT):  # a breath, not a lull
            move = choose_move(self, self.stage, lambda *key: self._roll("killer", self.tests, *key),
                               quiet=self.tests - self.eventful)
        if move is not None:
            self._establish(move)
            relief = False  # no breath told with the Killer in it
        first = not self.seen and (bool(ctx.get("killer")) or (move or {}).get("kind") in ("glimpsed", "stalks", "comes"))
        self.seen = self.seen or first
        return {"stage": STAGES[self.stage], "stage_up": stage_up, "relief": relief, "killer_move": move,
                "first_sight": first, "the_killer": dict(self.killer)}

    def _establish(self, move: dict[str, Any]) -> None:
        """What a move makes true in the story: a thing taken is lost; a place cut off is not
        where the night goes again."""
        if move["kind"] != "heard":
            self.eventful = self.tests
        if move["kind"] == "takes":
            p = self.find(move["target"])
            p.items.remove(move["item"])
            p.lost.append(move["item"])
        elif move["kind"] == "cuts":
            self.cut.append(move["place"])
        self.moves.append({**move, "tests": self.tests})

    def missing(self, p: Person | None, action: str | None) -> dict[str, Any] | None:
        """A thing ``action`` uses that ``p`` does not hold, and where it is: ``{"thing",
        "how", "holder"}`` with ``how`` one of ``"held"`` (by ``holder``, alive), ``"dead"``
        (it went down with ``holder``), ``"taken"`` (by the Killer, from ``holder``), ``"lost"``
        (by ``holder``) or ``"none"`` (nobody has had one tonight). Only the night's things are
        read ("the door", "the window" are the place's); None when ``p`` has all it uses."""
        if p is None or not action:
            return None
        from .listen import used_things

        text = action.lower()
        named = [t for t in (*self.things, *(i for q in self.people for i in q.items + q.lost)) if t.lower() in text]
        for words in used_things(action):
            # a thing named in full where the parse kept a word of it ("the fire extinguisher")
            words = next((t for t in named if words in t.lower().split()), words)
            if any(self._called(i, p.phrases.get(i, i), words) for i in p.items):
                continue
            for q in self.people:
                thing = next((i for i in q.items if self._called(i, q.phrases.get(i, i), words)), None)
                if thing is not None and q is not p:
                    return {"thing": thing, "how": "dead" if q.dead else "held", "holder": q.name}
            for q in self.people:
                thing = next((i for i in q.lost if self._called(i, q.phrases.get(i, i), words)), None)
                if thing is not None:
                    taken = any(m["kind"] == "takes" and m.get("item") == thing for m in self.moves)
                    return {"thing": thing, "how": "taken" if taken else "lost", "holder": q.name}
            thing = next((i for i in self.things if self._called(i, i, words)), None)
            if thing is not None:
                return {"thing": thing, "how": "none", "holder": None}
        return None

    @staticmethod
    def _called(item: str, phrase: str, words: str) -> bool:
        """Whether the player's ``words`` name ``item`` (dealt as ``phrase``) by any of its
        names: its head noun in any number ("lighter", "lighters" for the brass lighter; "key"
        for the truck keys), the end of a word it is made of ("knife" for the pocketknife), the
        first of a hyphened one ("walkie"), what a box holds ("matches"), and words of its own
        before the head ("brass lighter", "truck keys"; "car keys" are not the truck's)."""
        said = _thing_words(words)
        if not said:
            return False
        *mods, head = said
        for name in {item, phrase}:
            heads, own = _thing_heads(name)
            if not set(mods) <= own:
                continue
            for h in heads:
                if head == h or (h.split("-")[0] == head and "-" in h) or (
                        len(head) >= 5 and head not in _VAGUE and h.endswith(head) and len(h) - len(head) >= 4
                        and "-" not in h):
                    return True
        return False

    def _on_challenge(self, ctx: dict[str, Any]) -> dict[str, Any]:
        p = self.find(ctx.get("name"))
        line = p.line if p else None
        action = self._action(line, p)
        missing = self.missing(p, action)
        if missing is not None:
            action = None  # never told as used
        plan = plan_of(action)
        if plan and plan["object"] and any(short_place(c).lower().removeprefix("the ") in plan["object"].lower()
                                           for c in self.cut):
            plan = {**plan, "object": ""}  # a place cut off is not where everything comes down to
        return {
            "location": self.place,
            "already_said": line,
            "missing": missing,
            "action": action,
            "plan": plan,
            "known_weakness": self.weaknesses.get(ctx.get("suit")),
            "wounds": list(p.hurts) if p else [],
        }

    def _on_outcome(self, ctx: dict[str, Any]) -> dict[str, Any]:
        p = self.find(ctx.get("name"))
        details: dict[str, Any] = {"location": self.place, "lost_item": None, "scrape": None, "hurt": None,
                                   "action": None, "said": None}
        if p is None:
            return details
        details["said"] = p.line
        details["action"] = self._action(p.line, p)
        details["loud"] = loud(p.line)
        details["manner"] = manner(p.line)
        details["missing"] = self.missing(p, details["action"])
        if details["missing"] is not None:
            details["said"] = details["action"] = None  # never told as used
        details["known_weakness"] = self.weaknesses.get(ctx.get("suit"))
        details["hazard"] = self.hazard
        beaten = ctx.get("success") or ctx.get("strike") or ctx.get("killer") or ctx.get("severity") == "killer"
        self.unbeaten = None if beaten or not self.hazard else (self.hazard, ctx.get("suit"))
        if ctx.get("fallout") == 3 and not ctx.get("strike"):
            if p.items:
                item = p.items[self._roll("lose", self.tests, p.name) % len(p.items)]
                p.items.remove(item)
                p.lost.append(item)
                details["lost_item"] = item
            else:
                scrape = self._fresh(SCRAPES, p.scrapes, "scrape", p.name)
                if scrape in p.scrapes:  # every small harm taken already: not one of them again, as new
                    scrape = "fresh bruises on top of the rest"
                p.scrapes.append(scrape)
                details["scrape"] = scrape
        if ctx.get("strike"):
            details["hurt"] = self._hurt(p, ctx.get("suit"))
            self.eventful = self.tests
        if ctx.get("success") and ctx.get("fallout_name") == "Clean":
            self.relief = True
        self.stand = (self.tests, p.name, details["action"])
        p.line = None
        return details

    def _on_strike(self, ctx: dict[str, Any]) -> dict[str, Any]:
        p = self.find(ctx.get("name"))
        if p is None:
            return {}
        if len(p.hurts) < int(ctx.get("strike_number") or 1):
            self._hurt(p, ctx.get("suit"))
        self.eventful = self.tests
        hurt = p.hurts[-1] if p.hurts else None
        return {"hurt": hurt, "hurt_told": (p.name, hurt) in self.hurts_told, "location": self.place}

    def _on_death(self, ctx: dict[str, Any]) -> dict[str, Any]:
        p = self.find(ctx.get("name"))
        if p is None:
            return {}
        p.dead = True
        p.died_at = self.place
        self.eventful = self.tests
        nature = ctx.get("nature") or "the dark"
        p.death = ("the Red Joker's last Test" if ctx.get("cause") == "red joker"
                   else f"the {strike_ordinal(ctx.get('strikes') or 3)} Strike ({nature})")  # rulebook: 3
        words = EPITHETS.get(p.aptitude, ("remembered",))
        left = self.living()
        why = p.why.lower()
        why_ok = bool(p.why) and not any(re.search(r"\b" + re.escape(i.lower()) + r"\b", why)
                                         for i in self.lost_items())
        stand = self.stand[2] if self.stand and self.stand[:2] == (self.tests, p.name) else None
        if len(left) <= 1:  # the others, when there are none: not told
            if re.search(_OTHERS, why):
                why_ok = False
            if stand and re.search(_OTHERS, stand.lower()):
                stand = None
        return {
            "location": self.place,
            "epithet": words[self._roll("epithet", p.name) % len(words)],
            "deed": p.deeds[-1] if p.deeds else None,
            "stand": stand,  # what the player said they did at the Test that killed them: their last stand
            "left": [q.name for q in left],
            "left_count": len(left),
            "why_ok": why_ok,
            "the_killer": dict(self.killer),
        }

    def _on_answer(self, ctx: dict[str, Any]) -> dict[str, Any]:
        """An answer about the unknown becomes a fact (its text is kept once it is told:
        :meth:`established`); the character it was about is who "she" or "he" means next."""
        fact = ctx.get("fact")
        if ctx.get("answer_kind") == "state" and ctx.get("topic") in ("legend", "what") and ctx.get("legend"):
            self.legend_told += (str(ctx.get("asked") or ""),)
        if ctx.get("answer_kind") in ("oracle", "open") and fact is not None:
            self.facts.append(fact)
            self.details.update(str(x) for x in ctx.get("drawn") or ())
        if ctx.get("focus") is not None:
            self.focus = ctx["focus"]
        return {"location": self.place}

    def against(self, line: str) -> bool:
        """Whether ``line`` states the other way round what an answer, the opening or the
        playset established (:func:`~solo.director.facts.contradicted`): a voice never tells it
        ("the cellar door, nailed shut" after "Yes: the cellar door is open"). The answers only:
        the opening's and the playset's facts the templates were written to (and a night with
        no question reads no English)."""
        facts = tuple(f for f in self.facts if f.yes is not None and f.statement and (
            f.tests is None or f.tests == self.tests))
        return bool(facts) and _against(line, facts)

    def known_facts(self) -> list:
        """Every fact of the night: the opening's and the playset's, then the answers'."""
        if self._scene_read is None:
            from .facts import statement_fact

            self._scene_read = tuple(f for f in (statement_fact(t, "opening") for t in self.scene_facts) if f)
        return [*self._scene_read, *self.facts]

    def write_death(self, name: str, text: str) -> None:
        """The player's telling of ``name``'s death: it is the death now (kept as typed)."""
        p = self.find(name)
        if p is not None and p.dead:
            p.written = " ".join(str(text).split())

    def established(self, fact, text: str) -> None:
        """The words an answer about the unknown was told in: the fact, as it will be told again."""
        from dataclasses import replace

        for k in range(len(self.facts) - 1, -1, -1):
            if self.facts[k] is fact and fact.text is None:
                self.facts[k] = replace(fact, text=text)
                return

    def _on_weakness(self, ctx: dict[str, Any]) -> dict[str, Any]:
        suit = ctx.get("suit")
        if suit in WEAKNESSES and suit not in self.weaknesses:
            options = WEAKNESSES[suit]
            deed = self.stand[2] if self.stand and self.stand[0] == self.tests else None
            shown = [w for w in options if deed and re.search(WEAKNESS_DEEDS[w], str(deed), re.IGNORECASE)]
            # the one the deed showed, when it showed one; else the night's own
            self.weaknesses[suit] = shown[0] if len(shown) == 1 else options[self._roll("weakness", suit) % len(options)]
        self.relief = True
        return {"weakness_words": self.weaknesses.get(suit), "location": self.place}

    def _on_endgame(self, ctx: dict[str, Any]) -> dict[str, Any]:
        self.endgame = True
        self.stage = self.stage_told = FINALE
        return {"location": self.place, "stage": STAGES[FINALE]}

    def _on_dawn(self, ctx: dict[str, Any]) -> dict[str, Any]:
        return {"location": self.place, "help_coming": self.help_coming()}

    def help_coming(self) -> bool:
        """Whether an answer told that help is on its way ("Yes, and better still: someone is
        coming to help"): a promise the night's end keeps (the dawn, or the morning that finds
        no one)."""
        return any(f.yes is True and not f.negated and _HELP.search(f"{f.statement or ''} {f.text or ''}")
                   and _COMING.search(f"{f.statement or ''} {f.text or ''} {f.question or ''}") for f in self.facts)

    _on_all_dead = _on_dawn

    def _on_black_joker(self, ctx: dict[str, Any]) -> dict[str, Any]:
        if ctx.get("phase") == "revealed":
            self.jokers += 1
        return {"location": self.place, "action": self._take_line(ctx)}

    _on_red_joker = _on_black_joker

    def _take_line(self, ctx: dict[str, Any]) -> str | None:
        p = self.find(ctx.get("name"))
        if p is None or ctx.get("phase") == "revealed":
            return None
        line, p.line = p.line, None
        return self._action(line, p)

    def _action(self, line: str | None, p=None) -> str | None:
        """What the player said, as the narration retells it in its own voice (a verb phrase,
        with the pronouns of ``p``, the one who said it), unless those words contradict the
        story ("tell the others …" to the last one alive): the player's words may, the
        narrator's may not."""
        action = action_phrase(line, pronouns_of(p.pronouns) if p else None)
        if action and _contradicts(action, frozenset(p.name for p in self.people if p.dead),
                                   frozenset(self.lost_items()), tuple(p.name for p in self.living()), self.wild,
                                   self.here["indoors"], self.here["outdoors"]):
            return None
        return action

    # ------------------------------------------------------------------ choosing

    def _hurt(self, p: Person, suit: str | None) -> str:
        options = HURTS.get(suit or "Joker", HURTS["Joker"])
        hurt = self._fresh(options, p.hurts, "hurt", p.name)
        p.hurts.append(hurt)
        return hurt

    def _fresh(self, options, taken, *key) -> str:
        start = self._roll(*key, len(taken))
        for k in range(len(options)):
            choice = options[(start + k) % len(options)]
            if choice not in taken:
                return choice
        return options[start % len(options)]

    def _roll(self, *key: Any) -> int:
        text = "|".join(str(k) for k in (self.seed, *key))
        return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")


#: Words too wide to name a thing by the end of its name ("light" is no flashlight).
_VAGUE = frozenset({"light"})
#: Things named by what they hold ("a box of matches": "the matches").
_HOLDERS = frozenset("box book pack packet bag bottle can jar tin case pouch carton roll".split())
#: Words before a thing's name that say whose or which, not what ("the", "my", "Ben's").
_DETERMINERS = frozenset("the a an my his her their its our your this that these those some one".split())


@lru_cache(maxsize=1024)
def _thing_words(words: str) -> tuple[str, ...]:
    """The player's name for a thing, each word as a noun's lemma, its determiners and
    possessors dropped ("my brass lighters" → ("brass", "lighter"))."""

    out = []
    for w in words.lower().replace("’", "'").split():
        if w in _DETERMINERS or w.endswith(("'s", "s'")):
            continue
        out.append("-".join(_noun_lemma(part) for part in w.split("-")))
    return tuple(out)


def _noun_lemma(word: str) -> str:
    """A noun's lemma ("knives" → "knife"); a plural lemminflect does not know, without its s
    ("talkies")."""
    from .. import english

    lemma = english.lemma_of(word, "NOUN")
    if lemma == word and word.endswith("s") and not word.endswith("ss") and not english.known_word(word):
        return word[:-1]
    return lemma


@lru_cache(maxsize=1024)
def _thing_heads(name: str) -> tuple[tuple[str, ...], frozenset[str]]:
    """A thing's name read for naming it: its head nouns (the last before a preposition, and
    what a box "of" holds) and all its words, as lemmas ("the keys to the camp truck" →
    (("key",), {"key", "camp", "truck", …}))."""
    words = _thing_words(name)
    cut = next((k for k, w in enumerate(words) if w in ("of", "to", "from", "on", "with", "for")), len(words))
    heads = [words[cut - 1]] if cut else []
    if cut < len(words) - 1 and words[cut] == "of" and heads and heads[0] in _HOLDERS:
        heads.append(words[-1])  # "box of matches": "the matches" (not "map of the camp": "the camp")
    return tuple(heads), frozenset(words)


@lru_cache(maxsize=4096)
def _names_thing(item: str, words: str) -> bool:
    """Whether ``words`` ("keys", "the flare", "truck keys") name ``item`` (a short name)."""
    words = words.lower().removeprefix("the ").strip()
    name = item.lower()
    if name.rsplit(" ", 1)[-1].split("-")[0] == words and "-" in name:
        return True  # "the walkie" for the walkie-talkie
    return bool(words) and (words == name or name.endswith(" " + words) or words.endswith(" " + name))


def _contradicts(text: str, dead: frozenset, lost: frozenset, living: tuple, wild: bool, indoors: bool,
                 outdoors: bool = False) -> bool:
    """Whether ``text`` (a retold action) contradicts who is dead or left, what is lost, or the place."""
    from .continuity import Snapshot, check

    now = Snapshot(dead=dead, lost=lost, living=living, wild=wild, indoors=indoors, outdoors=outdoors)
    return bool(check(text, "response", now, now))
