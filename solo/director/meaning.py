"""Meanings for what nothing decides: an open question's answer when the night does not know it.

In the manner of Mythic's meaning tables and Ironsworn's action and theme oracles, the director
draws a *subject* (what it turns out to be) and an *action* (what it is doing) and tells them
around the question's own subject: "What is that on the porch?" → "That on the porch: an old photograph,
left there on purpose."; a sound, a smell or a light is what can be heard, smelled or seen ("That
noise upstairs: a radio left on low.") The tables are the setting's (a playset's
``[meaning]`` adds to them, its props and signs are among the subjects) with defaults that fit
any night. A drawn detail is given once a night: the next open question draws another, and the
same question asked again repeats its fact (:mod:`solo.director.facts`).
"""

from __future__ import annotations

import hashlib

from .restate import topic, told_back
from .understand import Reading

#: What a thing, a sound or a sign turns out to be (noun phrases).
SUBJECTS = (
    "an old recording", "a wounded animal", "someone who should not be here", "a message meant for you",
    "the wind through a broken window", "water, somewhere it should not be", "a child's toy", "a light left on",
    "a door that will not stay shut", "an old photograph", "a name scratched into the wood", "a warning",
    "a trap, already sprung", "a shadow that is not yours", "a voice you almost know", "a radio left on low",
    "a length of rope", "a pair of muddy boots", "a shoe with no owner", "a clock someone wound tonight",
    "a generator coughing itself awake", "a phone with one bar of signal", "a bundle of old letters",
    "a trail of something dark", "a sound that stops when you listen for it", "a jacket hung up to dry",
    "a bucket of water, still rocking", "a chair pulled out from a table", "a handprint on the glass",
    "a map with one place circled", "a key on a string", "a dog's collar with no dog", "a tape measure, pulled out",
    "a candle, still burning", "a list of names", "a torn sleeping bag", "an empty bottle rolling on its side",
    "a bell on a fishing line", "a pair of glasses, one lens cracked", "a drawer left open",
)
#: What a sound, a smell or a light turns out to be, by the sense it reached.
SENSES = {
    "sound": ("an old recording", "a radio left on low", "the wind through a broken window", "a voice you almost know",
              "water, somewhere it should not be", "a generator coughing itself awake", "a bell on a fishing line",
              "a door that will not stay shut", "a clock someone wound tonight", "a phone ringing in an empty room",
              "a wounded animal", "a sound that stops when you listen for it", "footsteps that match your own",
              "someone humming, very close"),
    "smell": ("smoke from a fire someone just put out", "gasoline, spilled in a trail", "wet earth, freshly dug",
              "something burnt, and not long ago", "lake water where there is no lake", "rot from under the floor",
              "a perfume one of you knows", "bleach, a lot of it", "cold ashes"),
    "sight": ("a lantern someone left burning", "a flashlight beam sweeping the dark", "a candle in a window",
              "headlights, far off, not moving", "a shape that is only a coat on a hook", "your own reflection",
              "a match struck and shaken out", "a light that was on a minute ago, now off"),
}
#: What a message says, for a note, a voicemail, a letter or writing on a wall.
MESSAGES = ("a single word, RUN, pressed so hard the pen went through", "your names, all of them, one crossed out",
            "a date: thirteen years ago tonight", "\"Don't split up. It wants you to split up.\"",
            "directions to a place none of you has been, ending in an X", "an apology, unsigned",
            "\"It was never the counsellor.\"", "a phone number with the last digit torn off",
            "\"Whatever you hear, don't open the door.\"", "a list of supplies, and at the bottom, \"4 more\"",
            "\"I'm sorry. I had to give it one of you.\"", "the time, 3:13, and nothing else",
            "breathing, and then your own voice saying your name", "\"Count the others. Count them again.\"")
_MESSAGE_WORDS = frozenset("note notes voicemail voicemails message messages letter letters text texts writing words "
                           "diary journal logbook scrawl graffiti inscription postcard page pages tape recording "
                           "sign label".split())
_SPOKEN = frozenset("say says said read reads written write wrote voicemail voicemails recording tape message "
                    "messages text texts".split())
_SENSE_WORDS = {
    "sound": frozenset("noise noises sound sounds voice voices scream screams screaming bang banging knock knocking "
                       "scratching tapping thumping humming whistling dripping crying laughing laugh footsteps "
                       "ringing music singing whisper whispering creak creaking".split()),
    "smell": frozenset("smell smells stench odor odour reek".split()),
    "sight": frozenset("light lights glow flash shape shadow shadows figure reflection flicker beam".split()),
}
#: What it is doing (verb phrases that follow a subject: "an old recording, repeating itself").
ACTIONS = (
    "repeating itself", "waiting", "watching you", "leading somewhere", "coming closer", "going quiet",
    "left there on purpose", "still warm", "older than it should be", "soaked through", "hidden badly",
    "moved since you last looked", "pointing the way you came", "calling a name", "counting down",
    "half buried", "not alone", "wrong in a way you cannot name", "meant to be found", "torn in half",
    "set out like a gift", "dragged here from somewhere else", "scratched with a date", "swaying a little",
    "cold to the touch", "smelling of smoke", "wet with something that is not water", "turned to face the door",
    "humming very quietly", "covered with a sheet", "tied shut", "marked with a red cross", "ticking",
    "blocking the way", "one of a pair", "stopped at a quarter past", "fresher than it should be",
    "brought here tonight", "just out of reach", "nobody's",
)
#: Who did it, for "who" questions nothing decides.
WHOS = (
    "Someone who was here before you", "Nobody you can see", "Someone who knows this place better than you do",
    "Someone you never saw", "Someone who wanted you to find it", "Someone with muddy boots",
    "Someone who left in a hurry", "Someone who knew you were coming", "Someone who did not want to be seen",
    "Someone who is still nearby", "Whoever had the keys last", "Someone who will not say so",
)
#: Why, for "why" questions nothing decides (clauses after "because").
WHYS = (
    "it is the thirteenth, and tonight it always is", "somebody wants you exactly where you are",
    "nobody was ever meant to leave this place", "someone is keeping a promise made thirteen years ago",
    "it is easier to catch you one at a time", "someone wanted it found tonight", "the dark is not empty",
    "it has always been this way here", "somebody is leaving you a trail", "someone is counting on you to panic",
    "the last people here left in a hurry", "that is how it wants you",
)
#: How, for "how" questions nothing decides (phrases after "by" or a place).
HOWS = ("quietly, and one at a time", "the long way round", "without a light", "before anyone else thinks of it",
        "together, or not at all", "on your hands and knees", "slowly, listening after every step",
        "with someone keeping watch", "fast, and without looking back")
#: When, for "when" questions.
WHENS = ("sooner than you would like", "not yet, but it is coming", "when the lights go out",
         "when you are alone", "the moment you stop watching", "before dawn", "when you least expect it",
         "after the next scream", "when the fog comes in", "once you are split up")


def _order(options, *key) -> list:
    """``options`` in an order of their own for ``key`` (the same key, the same order)."""
    def rank(x):
        return hashlib.blake2b("|".join(map(str, (*key, x))).encode("utf-8", "surrogatepass"), digest_size=8).digest()

    return sorted(dict.fromkeys(options), key=rank)


def _fresh(options, used: set, *key) -> str:
    """The first of ``options`` (in ``key``'s order) not given tonight; the first if all were."""
    ordered = _order(options, *key)
    if not ordered:
        return ""
    return next((x for x in ordered if x not in used), ordered[0])


def _uncap(text: str) -> str:
    """``text`` to go mid-sentence: "Someone who…" → "someone who…"; "Old Man Crane" kept."""
    words = text.split()
    if len(words) > 1 and words[1][:1].isupper() or text[:2].isupper():
        return text
    return text[:1].lower() + text[1:]


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def detail(r: Reading, material, fiction, game, key: tuple) -> tuple[str, tuple[str, ...]]:
    """The answer to the open question ``r`` that nothing decides, naming its subject; and the
    details it draws (kept by the fiction: none is given twice a night)."""
    used = getattr(fiction, "details", set())
    about = topic(r)
    wh = r.wh or "what"
    own = getattr(material, "meaning", {}) or {}
    cut = set(getattr(fiction, "cut", ()))
    places = [p for p in material.places if p != fiction.location and p not in cut] or \
        [p for p in material.places if p not in cut] or list(material.places)
    if wh == "where":
        place = _fresh(places, used, *key, "where")
        there = place.split(",")[0]
        said = told_back(r, f"at {there}")
        return (_cap(said) if said else (f"{_cap(about)}: at {there}" if about else f"At {there}")) + ".", (place,)
    if wh == "why":
        why = _fresh([*own.get("whys", ()), *WHYS], used, *key, "why")
        said = told_back(r, None)
        return (f"{_cap(said)}, because {why}." if said else f"Because {why}."), (why,)
    if wh == "when":
        when = _fresh(WHENS, used, *key, "when")
        return _cap(when) + ".", (when,)
    if wh in ("how", "how long", "how many"):
        how = _fresh([*HOWS, *(f"through {p.split(',')[0]}" for p in places)], used, *key, "how")
        return (f"{_cap(about)}: {how}." if about else f"{_cap(how)}."), (how,)
    if wh == "who":
        who = _fresh([*WHOS, *own.get("whos", ())], used, *key, "who")
        said = told_back(r, _uncap(who))  # "this is whoever had the keys last" (a name keeps its capital)
        return _cap(said or who) + ".", (who,)
    words = {t.lower for t in r.parse}
    if words & _MESSAGE_WORDS and (words & _SPOKEN or {t.lemma.lower() for t in r.parse} & {"say", "read", "write"}):
        message = _fresh([*own.get("messages", ()), *MESSAGES], used, *key, "message")
        noun = next(t for t in r.parse if t.lower in _MESSAGE_WORDS)
        own_det = next((t.lower for t in r.parse if t.head == r.parse.index(noun) and t.dep in ("det", "poss")), "the") \
            if r.parse.parsed else "the"
        end = "" if message.endswith(('."', '?"', '!"')) else "."
        return f"{_cap(own_det)} {noun.lower} says: {message}{end}", (message,)
    sense = next((k for k, ws in _SENSE_WORDS.items() if words & ws), None)
    if sense is not None:  # a sound, a smell, a light: what can be heard, smelled or seen
        subjects = [*(material.signs if sense == "sound" else ()), *SENSES[sense]]
    else:
        subjects = [*own.get("subjects", ()), *material.signs, *material.props, *SUBJECTS]
    subject = _fresh(subjects, used, *key, "what")
    if subject in material.signs or sense is not None:  # a sign, a sound, a smell: told whole
        return (f"{_cap(about)}: {subject}." if about else f"{_cap(subject)}."), (subject,)
    action = _fresh([*own.get("actions", ()), *ACTIONS], used, *key, "action", subject)
    said = f"{subject}, {action}"
    return (f"{_cap(about)}: {said}." if about else f"{_cap(said)}."), (subject, action)
