"""What a fact's words mean, so that a question asked again in other words is the same fact.

A fact is read as a subject and a predicate, each a set of lemmas (:mod:`solo.director.facts`).
Players ask one thing many ways: "is the mess hall dark?" after "are the lights on in the mess
hall?", "is the phone line dead?" after "does the landline work?", "is the killer wounded?"
after "is it injured at all?". Here each word of a state is read as a *sense* and which way
round it says it: *dark*, *pitch black* and *unlit* are "lit" the other way round; *dead*,
*busted* and *out of gas* are "working" the other way round (said of a thing); *injured*,
*hurt* and *wounded* are one sense. And the names of things players swap are one name: a
landline is a phone, a cop is the police, a walkie is a radio.

spaCy's small pipeline gives the lemmas but carries no word vectors, and no well-kept
thesaurus or embedding model installs from the package index without a download at run time,
so the senses of the states a night's questions ask about are listed here; the reworded
question corpus (``tests/director/corpus/rewordings*.txt``, one half never read while this
list was made) measures how far they reach. Pure.
"""

from __future__ import annotations

#: Phrases that say one sense in several words (lemmas, in order), and the sense they say:
#: (sense, True) the sense holds, (sense, False) the other way round.
PHRASES: dict[tuple[str, ...], tuple[str, bool]] = {
    ("out", "of", "gas"): ("fuel", False), ("out", "of", "fuel"): ("fuel", False),
    ("run", "out", "of", "gas"): ("fuel", False), ("on", "empty"): ("fuel", False),
    ("on", "fire"): ("burn", True), ("in", "flame"): ("burn", True), ("go", "up"): ("burn", True),
    ("on", "the", "way"): ("come", True), ("on", "its", "way"): ("come", True),
    ("on", "their", "way"): ("come", True), ("on", "his", "way"): ("come", True),
    ("on", "her", "way"): ("come", True), ("head", "we", "way"): ("come", True),
    ("head", "this", "way"): ("come", True), ("head", "our", "way"): ("come", True),
    ("long", "way"): ("near", False), ("long", "walk"): ("near", False), ("far", "away"): ("near", False),
    ("far", "off"): ("near", False), ("way", "off"): ("near", False), ("close", "by"): ("near", True),
    ("nearby",): ("near", True),
    ("pitch", "black"): ("lit", False), ("pitch", "dark"): ("lit", False), ("light", "on"): ("lit", True),
    ("light", "off"): ("lit", False), ("light", "out"): ("lit", False), ("lit", "up"): ("lit", True),
    ("light", "up"): ("lit", True), ("any", "light"): ("lit", True),
    ("knock", "out"): ("awake", False), ("pass", "out"): ("awake", False),
    ("ice", "over"): ("frozen", True), ("freeze", "over"): ("frozen", True),
    ("in", "one", "piece"): ("working", True), ("show", "up"): ("present", True), ("turn", "up"): ("present", True),
    ("get", "here"): ("present", True), ("wash", "out"): ("open", False),
    ("bog", "down"): ("stuck", True), ("bogge", "down"): ("stuck", True), ("let", "up"): ("worse", False), ("die", "down"): ("worse", False),
    ("get", "worse"): ("worse", True), ("get", "heavy"): ("worse", True), ("get", "bad"): ("worse", True),
    ("do", "up"): ("lock", True), ("go", "out"): ("working", False),
    ("on", "we", "own"): ("help", False), ("on", "our", "own"): ("help", False),
    ("get", "out"): ("exit", True), ("way", "out"): ("exit", True), ("get", "away"): ("exit", True),
}

#: One word of a state: its sense and which way round it says it.
WORDS: dict[str, tuple[str, bool]] = {
    # light
    "lit": ("lit", True), "bright": ("lit", True), "dark": ("lit", False), "unlit": ("lit", False),
    "black": ("lit", False), "darkness": ("lit", False),
    # a thing that works
    "work": ("working", True), "working": ("working", True), "run": ("working", True),
    "running": ("working", True), "start": ("working", True), "function": ("working", True),
    "functioning": ("working", True), "charge": ("working", True), "charged": ("working", True),
    "rideable": ("working", True), "drivable": ("working", True), "driveable": ("working", True),
    "busted": ("working", False), "bust": ("working", False), "dead": ("working", False),
    "fry": ("working", False), "fried": ("working", False), "wreck": ("working", False),
    "wrecked": ("working", False), "damage": ("working", False), "damaged": ("working", False),
    "useless": ("working", False),
    "broken": ("working", False), "break": ("working", False), "broke": ("working", False),
    "intact": ("working", True), "whole": ("working", True), "off": ("working", False), "on": ("working", True),
    "alive": ("working", True),  # said of a thing ("is the camp dog alive?"); of someone, life
    # open
    "open": ("open", True), "closed": ("open", False), "shut": ("open", False), "ajar": ("open", True),
    # someone there
    "empty": ("occupied", False), "occupied": ("occupied", True), "deserted": ("occupied", False),
    "vacant": ("occupied", False), "abandoned": ("occupied", False),
    "arrive": ("present", True),
    # safe
    "safe": ("safe", True), "secure": ("safe", True), "dangerous": ("safe", False), "unsafe": ("safe", False),
    "deadly": ("safe", False),
    # near
    "near": ("near", True), "close": ("near", True), "far": ("near", False), "distant": ("near", False),
    # how it is heard
    "quiet": ("quiet", True), "silent": ("quiet", True), "loud": ("quiet", False), "noisy": ("quiet", False),
    "noise": ("quiet", False),
    # awake
    "awake": ("awake", True), "conscious": ("awake", True), "unconscious": ("awake", False),
    "asleep": ("awake", False), "sleep": ("awake", False), "sleeping": ("awake", False),
    # hurt
    "wound": ("hurt", True), "wounded": ("hurt", True), "injure": ("hurt", True), "injured": ("hurt", True),
    "hurt": ("hurt", True), "unhurt": ("hurt", False), "uninjured": ("hurt", False),
    # armed
    "armed": ("armed", True), "unarmed": ("armed", False), "weapon": ("armed", True),
    # loaded
    "loaded": ("loaded", True), "load": ("loaded", True), "unloaded": ("loaded", False),
    # fresh
    "fresh": ("fresh", True), "new": ("fresh", True), "recent": ("fresh", True), "old": ("fresh", False),
    # burning
    "burn": ("burn", True), "burning": ("burn", True), "ablaze": ("burn", True), "fire": ("burn", True),
    # frozen
    "frozen": ("frozen", True), "freeze": ("frozen", True), "icy": ("frozen", True),
    # coming
    "come": ("come", True), "coming": ("come", True), "head": ("come", True),
    # following
    "follow": ("follow", True), "chase": ("follow", True), "after": ("follow", True), "hunt": ("follow", True),
    "stalk": ("follow", True), "track": ("follow", True), "tail": ("follow", True), "pursue": ("follow", True),
    # stuck
    "stuck": ("stuck", True), "bog": ("stuck", True), "trap": ("stuck", True),
    # worse
    "worse": ("worse", True), "heavy": ("worse", True), "heavier": ("worse", True),
    # fuel
    "fuel": ("fuel", True), "gas": ("fuel", True), "gasoline": ("fuel", True), "petrol": ("fuel", True),
    # leaking
    "leak": ("leaking", True), "leaking": ("leaking", True), "watertight": ("leaking", False),
    # drunk
    "drunk": ("drunk", True), "wasted": ("drunk", True), "sober": ("drunk", False),
    # gone
    "gone": ("present", False), "missing": ("present", False), "disappear": ("present", False),
    "vanish": ("present", False),
    # a way out
    "exit": ("exit", True), "escape": ("exit", True),
    # signal
    "signal": ("signal", True), "reception": ("signal", True), "bar": ("signal", True),
    "service": ("signal", True),
}

#: Names of things players swap: each read as the first.
NAMES: dict[str, str] = {
    "cop": "police", "cops": "police", "policeman": "police", "officer": "police",
    "telephone": "phone", "landline": "phone", "cell": "cellphone", "mobile": "cellphone",
    "walkie": "radio", "cb": "radio", "transceiver": "radio",
    "gasoline": "gas", "petrol": "gas", "fuel": "gas",
    "reception": "signal",
    "print": "footprint", "footstep": "footprint",
    "noise": "sound",
    "doormat": "mat",
    "driveway": "drive",
    "pickup": "truck",
    "auto": "car", "vehicle": "car", "ride": "car",
    "torch": "flashlight",
    "handgun": "pistol", "revolver": "pistol",
    "extinguisher": "extinguisher",
    "neighbour": "neighbor",
    "folk": "people", "ppl": "people",
}


def phrase_at(lemmas: list[str], k: int) -> tuple[int, tuple[str, bool]] | None:
    """The phrase of :data:`PHRASES` that starts at ``lemmas[k]`` (the longest), as (its
    length, its sense); None when none does."""
    best = None
    for words, sense in PHRASES.items():
        n = len(words)
        if tuple(lemmas[k:k + n]) == words and (best is None or n > best[0]):
            best = (n, sense)
    return best


def sense_of(lemma: str) -> tuple[str, bool] | None:
    """The sense one word of a state says, and which way round; None for a word of no sense
    listed."""
    return WORDS.get(lemma)


def name_of(lemma: str) -> str:
    """The name a thing is kept under ("landline" is a phone)."""
    return NAMES.get(lemma, lemma)
