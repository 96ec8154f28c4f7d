"""The question corpus asked at moments of scripted nights, and each answer held to the truth.

The truth of each kind of question (tests/director/corpus/README.md) is worked out here from
the rules state and the fiction, never from the director's answer. A moment is a night
rewound to one of: its start, just after its first Strike, just after its first thing lost,
just after its first death, and the first step with one character left.
"""

from __future__ import annotations

import random
import re
from collections import defaultdict
from pathlib import Path

from solo.director.asking import answer
from solo.nott.cards import card_str
from solo.nott.rules import ASHCAN, PLAYTEST
from solo.world.places import short_place

CORPUS = Path(__file__).parent / "corpus"


def load(name: str) -> dict[str, list[str]]:
    kinds: dict[str, list[str]] = {}
    kind = None
    for line in (CORPUS / name).read_text("utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        m = re.fullmatch(r"\[([\w-]+)\]", line)
        if m:
            kind = m.group(1)
            kinds.setdefault(kind, [])
        elif kind is not None:
            kinds[kind].append(line)
    return kinds


class Moment:
    """One moment of a night: the game, the fiction and the setting, and what is true then."""

    def __init__(self, label, night, setting):
        self.label = label
        self.night = night
        self.fiction = night.story.copy()
        self.setting = setting
        self.step = len(night.steps)
        self.seed = night.seed
        g, f = night.game, self.fiction
        self.names = [c.name for c in g.cast]
        self.dead = [g.dead[i] is not None for i in range(len(self.names))]
        self.living = [i for i in range(len(self.names)) if not self.dead[i]]
        self.strikes = list(g.strikes)
        self.items = [list(p.items) for p in f.people]
        self.lost = [list(p.lost) for p in f.people]
        self.harm = [list(p.hurts) + list(p.scrapes) for p in f.people]
        self.place = f.location
        self.endgame = bool(g.endgame)
        self.found = [s for s in range(4) if g.weaknesses[s] >= 0]
        self.weakness_words = dict(f.weaknesses)
        self.killer = dict(f.killer)
        self.threat = None if g.is_over() else g.threat
        self.difficulty = None if g.is_over() else g.difficulty()
        self.tests = g.tests
        self.places = list(f.locations)
        self.props = {loc: list((f.places.get(loc) or {}).get("props") or ()) for loc in f.locations}

    def hurt(self, i):
        return not self.dead[i] and bool(self.strikes[i] or self.harm[i])


def moments_of(night, setting):
    """The night's moments, latest first (each found, then the night rewound to it: a moment is
    read before the next is rewound to)."""
    marks: dict[str, int] = {}
    # replay the record: the step after which each moment first holds
    f_steps = night._stories + [night.story]
    for k, story in enumerate(f_steps):
        if k == 0:
            continue
        s = sum(len(p.hurts) for p in story.people)
        d = sum(p.dead for p in story.people)
        lo = sum(len(p.lost) for p in story.people)
        if s and "strike" not in marks:
            marks["strike"] = k
        if lo and "loss" not in marks:
            marks["loss"] = k
        if d and "death" not in marks:
            marks["death"] = k
        if d == len(story.people) - 1 and "one left" not in marks:
            marks["one left"] = k
    marks["start"] = 1
    for label, k in sorted(marks.items(), key=lambda x: -x[1]):
        back = len(night.steps) - k
        if back > 0:
            night.undo(back)
        yield Moment(label, night, setting)


def fills(text: str, m: Moment, rng: random.Random, kind: str):
    """(question text, who asks, name index, item) for the placeholders of ``text`` at ``m``."""
    who = None
    name = item = place = None
    kind = kind.removeprefix("not-")  # a negated twin is filled as its original is
    if "{name}" in text:
        name = rng.randrange(len(m.names))
    if "{item}" in text:
        things = [x for xs in m.items for x in xs] + [x for xs in m.lost for x in xs]
        if kind in ("has", "has-self") and name is not None and m.items[name] and rng.random() < 0.6:
            things = m.items[name]
        if not things:
            return None
        item = rng.choice(things)
    if "{place}" in text:
        props = [p for p in m.places if m.props.get(p)]
        if kind == "place-contents" and not props:
            return None
        place = rng.choice(props if kind == "place-contents" else m.places)
    if kind.endswith("-self"):
        if not m.living:
            return None
        who = rng.choice(m.living)
        if kind == "alone-self" and len(m.living) == 1:
            who = m.living[0]
    elif m.living and rng.random() < 0.5:
        others = [i for i in m.living if i != name]
        who = rng.choice(others) if others else None
    said_item = item
    if item is not None:
        last = item.split()[-1]
        everything = [x for xs in m.items + m.lost for x in xs]
        if rng.random() < 0.5 and sum(x.split()[-1] == last for x in everything) == 1 and len(last) > 3:
            said_item = last
    q = text.replace("{name}", m.names[name] if name is not None else "")
    q = q.replace("{item}", said_item or "").replace("{place}", short_place(place) if place else "")
    return q, who, name, item, place


def _has(text: str, phrase: str) -> bool:
    return phrase.lower() in text.lower()


DEAD_WORDS = ("dead", "died", "killed", "gone", "body")


def truth(kind: str, m: Moment, who, name, item, place, reply) -> str | None:
    """Why the answer is wrong, or None when it is right."""
    t = reply.text or ""
    y = reply.yes
    if kind in YESNO:
        want = YESNO[kind](m, who, name, item)
        if y is None:
            return f"no yes/no (want {'yes' if want else 'no'})"
        if y != want:
            return f"answered {'yes' if y else 'no'}, the truth is {'yes' if want else 'no'}"
        return None
    check = OPEN[kind]
    return check(m, who, name, item, place, t)


def _all_in(text, phrases, none_words=("nothing", "nobody", "no one", "none")):
    phrases = list(phrases)
    if not phrases:
        return None if any(w in text.lower() for w in none_words) else "does not say there is none"
    missing = [p for p in phrases if not _has(text, p)]
    return f"does not name {missing}" if missing else None


def _where(m, who, name, item, place, t):
    if m.dead[name]:
        return None if any(w in t.lower() for w in DEAD_WORDS) else "does not say they are dead"
    return None if _has(t, short_place(m.place)) else f"does not name {short_place(m.place)!r}"


def _happened_person(m, who, name, item, place, t):
    if m.dead[name]:
        return None if any(w in t.lower() for w in DEAD_WORDS) else "does not say they are dead"
    if m.harm[name]:
        return _all_in(t, m.harm[name])
    return None if re.search(r"unhurt|nothing|fine|alive|no harm|not a scratch", t.lower()) else "says nothing of it"


def _hurt_how(m, who, name, item, place, t):
    return _happened_person(m, who, name, item, place, t)


def _carrying(m, who, name, item, place, t):
    i = who if name is None else name
    if i is None:
        return None
    if m.dead[i]:
        return None if any(w in t.lower() for w in DEAD_WORDS) else "does not say they are dead"
    return _all_in(t, m.items[i])


def _holder(m, who, name, item, place, t):
    holder = next((i for i in range(len(m.names)) if item in m.items[i]), None)
    if holder is None:
        return None if re.search(r"lost|taken|gone|drop", t.lower()) else "does not say it is lost"
    return None if m.names[holder] in t else f"does not name {m.names[holder]}"


def _count(m, who, name, item, place, t):
    missing = [m.names[i] for i in m.living if m.names[i] not in t]
    if missing:
        return f"does not name {missing}"
    for i in range(len(m.names)):
        if m.dead[i] and m.names[i] in t:
            sentence = next(s for s in re.split(r"(?<=[.;:])\s", t) if m.names[i] in s)
            if not any(w in sentence.lower() for w in DEAD_WORDS):
                return f"names {m.names[i]} among the living"
    return None


def _time(m, who, name, item, place, t):
    want = clock(m.tests, m.endgame)
    return None if _has(t, want) else f"does not say {want!r}"


def clock(tests: int, endgame: bool) -> str:
    """The time of night, by the rule docs/director.md gives: ten o'clock when the night
    begins, seven minutes a Test ("It takes some 60 Tests to defeat an average Killer": five in
    the morning after sixty), at least four once the Endgame has begun, never past half past
    five; told to the quarter hour, rounded down."""
    minutes = 22 * 60 + 7 * tests
    if endgame:
        minutes = max(minutes, 28 * 60)
    minutes = min(minutes, 29 * 60 + 30) // 15 * 15
    hour, rest = divmod(minutes, 60)
    hour %= 24
    words = ("twelve", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven")
    name = "midnight" if hour == 0 else words[hour % 12]
    nxt = "midnight" if hour == 23 else words[(hour + 1) % 12]
    return {0: name if hour == 0 else f"{name} o'clock", 15: f"quarter past {name}", 30: f"half past {name}",
            45: f"quarter to {nxt}"}[rest]


YESNO = {
    "alive": lambda m, who, n, it: not m.dead[n],
    "dead": lambda m, who, n, it: m.dead[n],
    "with-us": lambda m, who, n, it: not m.dead[n],
    "all-alive": lambda m, who, n, it: not any(m.dead),
    "anyone-dead": lambda m, who, n, it: any(m.dead),
    "alone-self": lambda m, who, n, it: m.living == [who],
    "hurt": lambda m, who, n, it: m.hurt(n),
    "ok": lambda m, who, n, it: not m.dead[n] and not m.hurt(n),
    "hurt-self": lambda m, who, n, it: m.hurt(who),
    "anyone-hurt": lambda m, who, n, it: any(m.hurt(i) for i in m.living),
    "has": lambda m, who, n, it: not m.dead[n] and it in m.items[n],
    "has-self": lambda m, who, n, it: it in m.items[who],
    "lost": lambda m, who, n, it: not any(it in m.items[i] for i in m.living),
    "endgame": lambda m, who, n, it: m.endgame,
}
#: Each yes/no kind's negated twin ("{name} isn't alive anymore, is she?"): Yes exactly when the
#: original's answer is No.
YESNO.update({f"not-{kind}": (lambda truth: lambda m, who, n, it: not truth(m, who, n, it))(truth)
              for kind, truth in list(YESNO.items())})

OPEN = {
    "count": _count,
    "who-dead": lambda m, who, n, it, pl, t: _all_in(t, [m.names[i] for i in range(len(m.names)) if m.dead[i]]),
    "who-hurt": lambda m, who, n, it, pl, t: _all_in(t, [m.names[i] for i in m.living if m.hurt(i)]),
    "hurt-how": _hurt_how,
    "carrying": _carrying,
    "carrying-self": _carrying,
    "carrying-group": lambda m, who, n, it, pl, t: _all_in(t, [x for i in m.living for x in m.items[i]]),
    "holder": _holder,
    "lost-what": lambda m, who, n, it, pl, t: _all_in(t, [x for xs in m.lost for x in xs]),
    "lost-by": lambda m, who, n, it, pl, t: _all_in(t, m.lost[n], ("nothing", "no ", "not ", "none")),
    "where-person": _where,
    "where-us": lambda m, who, n, it, pl, t: None if _has(t, short_place(m.place)) else "does not name the place",
    "happened-person": _happened_person,
    "happened-item": _holder,
    "killer-look": lambda m, who, n, it, pl, t: None if _has(t, m.killer["look"]) else "does not tell its look",
    "killer-weapon": lambda m, who, n, it, pl, t: None if _has(t, m.killer["weapon"]) else "does not tell its weapon",
    "killer-what": lambda m, who, n, it, pl, t: None if (_has(t, m.killer["look"]) or _has(t, m.killer["name"]))
    else "does not say what it is",
    "killer-legend": lambda m, who, n, it, pl, t: None if _has(t, m.killer["legend"]) else "does not tell the legend",
    "killer-weakness": lambda m, who, n, it, pl, t: _all_in(
        t, [m.weakness_words[s] for s in m.weakness_words], ("none", "nothing", "no ")),
    "danger": lambda m, who, n, it, pl, t: None if m.threat is None or _has(t, card_str(m.threat)) or
    _has(t, f"difficulty {m.difficulty}") else "does not name the Threat Card",
    "time": _time,
    "dawn": lambda m, who, n, it, pl, t: None if ("Endgame" in t if m.endgame else re.search(
        r"\b(?:none|one|two|three|four)\b", t.lower())) else "does not say how far dawn is",
    "place-contents": lambda m, who, n, it, pl, t: None if any(_has(t, p) or _has(t, short_name(p))
                                                              for p in m.props.get(pl, ())) else "names nothing there",
}


def short_name(prop):
    from solo.director.catalogue import short_name as s

    return s(prop)


def nights():
    """Scripted nights with every moment: the camp and both built-in playsets."""
    from solo.playsets import load_playset
    from solo.sim.autoplay import autoplay

    out = []
    for seed, rules, playset in ((4, ASHCAN, None), (11, PLAYTEST, "house-party"), (23, ASHCAN, "cabin-in-the-woods")):
        ps = load_playset(playset) if playset else None
        night = autoplay(seed, rules, "naive", out=None, playset=ps, questions=False)
        out.append((night, ps.setting() if ps else None))
    return out


def run(corpus: str, nights_list, seed: int = 0, every: int = 1):
    """(per-kind counts, failures): counts[kind] = [asked, from the state, right]; ``every``
    asks every so many questions of each kind (the first, then …)."""
    kinds = {k: qs[::every] for k, qs in load(corpus).items()}
    rng = random.Random(seed)
    counts: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    failures = []
    for night, setting in nights_list:
        for m in moments_of(night, setting):
            for kind, qs in kinds.items():
                for text in qs:
                    filled = fills(text, m, rng, kind)
                    if filled is None:
                        continue
                    q, who, name, item, place = filled
                    reply = answer(q, who, game=m.night.game, fiction=m.fiction, seed=m.seed, step=m.step,
                                   setting=m.setting)
                    c = counts[kind]
                    c[0] += 1
                    known = reply.kind in ("state", "known")
                    c[1] += known
                    why = truth(kind, m, who, name, item, place, reply) if known else "not from the state"
                    if why is None:
                        c[2] += 1
                    else:
                        failures.append((kind, m.label, q, who, why, reply.kind, reply.text))
    return counts, failures
