"""The fiction's vocabulary: what characters carry, how they get hurt, what the Killer shows,
and the words a death's epitaph may use. Shared by the fiction (which decides), the
templates (which tell) and the continuity checker (which reads), so the three agree.

Nothing here is a rule: the rules core decides *that* a Strike, a Costly Fallout or a
weakness happened; this decides only *what it looked like*.
"""

from __future__ import annotations

import re

#: The camp of the default night (no playset): where the group can be.
CAMP_LOCATIONS = (
    "the gravel lot by the front gate",
    "the mess hall",
    "the row of cabins by the lake",
    "the boathouse",
    "the old lodge",
    "the end of the dock",
    "the archery range",
    "the washhouse",
    "the chapel in the pines",
    "the caretaker's cabin",
    "the trail around the lake",
    "the shuttered infirmary",
)

#: How the default night opens (the director chooses one): the scene, and what it makes true
#: (asked "is the road still out?", the director answers from it).
CAMP_SCENES = (
    ("The last road out washed away an hour ago; the camp is dark, the lake is still, and it is the thirteenth.",
     ("the road is out", "the road is washed away", "the road is blocked", "the camp is dark", "the lake is still")),
    ("Camp Crystal Pines has been closed for thirteen years, and tonight someone left the gate open.",
     ("the camp is closed", "the gate is open", "the camp is empty")),
    ("Camp Crystal Pines has been shut since the summer it happened, thirteen years ago tonight.",
     ("the camp is closed", "the camp is empty")),
)

#: What each place of the camp owns (the setting model: docs/narration.md, "The setting"):
#: whether it is indoors, the sounds heard there and the threats that can happen only there.
CAMP_PLACES = {
    "the gravel lot by the front gate": {
        "props": ["the camp truck, sunk to its axles", "a chained gate with a rusted padlock"], 
        "sounds": ["The gate chain clinks against the post, though the air is still."],
        "threats": {"Power": ["The camp truck is sunk in mud to the axles, and its headlights are the only "
                              "light for a mile."]}},
    "the mess hall": {
        "props": ["stacks of steel trays", "a walk-in pantry with a sticking door"], "indoors": True, "sounds": ["A tray slides off a table in the dark mess hall and clatters."]},
    "the row of cabins by the lake": {
        "props": ["bunk beds with bare mattresses", "a footlocker with a broken hasp"], "sounds": ["Screen doors bang along the row of cabins, one after another."]},
    "the boathouse": {
        "props": ["life jackets on rusted hooks", "a canoe paddle with a cracked blade"], 
        "indoors": True, "sounds": ["Water knocks under the boathouse floor, slow and hollow."],
        "threats": {"Power": ["The canoe has drifted loose and knocks against the pilings, just out of reach."]}},
    "the old lodge": {
        "props": ["a stone fireplace, cold", "a wall of faded group photographs"], "indoors": True, "sounds": ["The lodge's old clock clears its throat and strikes the wrong hour."]},
    "the end of the dock": {
        "props": ["a coil of wet rope", "a rowboat tied up short"], 
        "sounds": ["The dock boards creak behind you, one after another, as if someone is walking them."],
        "threats": {"Power": ["The rowboat is taking on water fast, and the shore is a long swim in the dark."]}},
    "the archery range": {
        "props": ["a rack of warped bows", "targets stuffed with straw"], "sounds": ["An arrow thunks into a target somewhere in the dark."]},
    "the washhouse": {
        "props": ["a row of sinks with cracked mirrors", "a mop bucket of grey water"], "indoors": True, "sounds": ["Every shower in the washhouse runs for one second, then stops."]},
    "the chapel in the pines": {
        "props": ["a hymn board with the numbers pulled out", "pews under dust sheets"], "indoors": True, "sounds": ["The chapel bell gives one soft note, though the rope is still."]},
    "the caretaker's cabin": {
        "props": ["the caretaker's logbook", "a shotgun rack, empty"], 
        "indoors": True, "sounds": ["The caretaker's radio crackles on by itself."],
        "threats": {"Intellect": ["The caretaker's logbook stops mid-sentence, thirteen years ago tonight."]}},
    "the trail around the lake": {
        "props": ["a trail marker snapped in half", "a rusted bear trap by the path"], 
        "sounds": ["Something keeps pace in the reeds beside the trail."],
        "threats": {"Finesse": ["The trail ahead is seeded with bear traps hidden under the leaves.",
                                "The footbridge on the lake trail is missing every third plank."]}},
    "the shuttered infirmary": {
        "props": ["a medicine cabinet, its lock forced", "a gurney with one bad wheel"], "indoors": True, "sounds": ["A gurney wheel squeaks somewhere down the infirmary hall."]},
}

#: Things a character may carry into the night (default pool). Each is
#: (how the opening names it, the short name used ever after).
CAMP_ITEMS = (
    ("a flashlight with fresh batteries", "flashlight"),
    ("a folding pocketknife", "pocketknife"),
    ("a brass lighter", "brass lighter"),
    ("the keys to the camp truck", "truck keys"),
    ("a first-aid kit", "first-aid kit"),
    ("a road flare", "road flare"),
    ("a walkie-talkie", "walkie-talkie"),
    ("a disposable camera", "camera"),
    ("a tin whistle on a cord", "tin whistle"),
    ("a hatchet from the woodpile", "hatchet"),
    ("a paper map of the camp", "camp map"),
    ("a hunting compass", "compass"),
)

#: Things that fit any setting: dealt when a playset's own props run out.
ANY_ITEMS = tuple((p, s) for p, s in CAMP_ITEMS if s not in ("truck keys", "hatchet", "camp map", "compass"))

#: What a Strike does, by the suit of the card that dealt it (the rulebook: "something
#: horrible either happens to the character or almost happens to them").
HURTS = {
    "Power": ("cracked ribs", "a dislocated shoulder", "a broken nose", "a wrenched knee",
              "a bruised throat"),
    "Resolve": ("hands that will not stop shaking", "a voice screamed raw", "a cut scalp",
                "a sprained wrist", "a gash over one eye"),
    "Intellect": ("a burned hand", "a blow to the head", "a wire cut across the palm",
                  "a concussion", "a crushed finger"),
    "Finesse": ("a deep cut along the forearm", "a slashed palm", "a gash across the cheek",
                "a torn calf", "a broken wrist"),
    "Joker": ("a stab wound in the side", "a deep cut across the back", "a broken arm"),
}

#: Small harms a Costly Fallout can leave when there is nothing left to lose
#: ("twist your ankle", "hurt yourself").
SCRAPES = ("a twisted ankle", "a skinned knee", "a jammed finger", "a split lip", "a bruised hip")

#: The Killer's weaknesses, one per suit; each is named once, when found, and the same words
#: are used for it afterwards. None of them depends on anything a character carries.
WEAKNESSES = {
    "Power": ("it bleeds like anything else", "it goes down when it is hit hard enough",
              "it can be knocked off its feet"),
    "Resolve": ("it falters when someone stares it down", "it needs you to be afraid",
                "it stops, just for a moment, when it hears its old name"),
    "Intellect": ("it always comes back the way it came", "it keeps to the same pattern, every time",
                  "it cannot resist a trail laid for it"),
    "Finesse": ("it turns a beat late, always to the left", "it cannot see what stands perfectly still",
                "it has a blind side, on its left"),
}

#: What a deed that found a weakness did, for each weakness it may have shown: "I hold still and
#: stare it down" finds that "it falters when someone stares it down", not its old name.
WEAKNESS_DEEDS = {
    "it bleeds like anything else": r"\b(?:cut|stab|slash)",
    "it goes down when it is hit hard enough": r"\b(?:hit|swing|smash|club|bat|punch|slam|throw)",
    "it can be knocked off its feet": r"\b(?:tackle|charge|shove|knock|trip|legs|feet|weight)",
    "it falters when someone stares it down": r"\b(?:stare|eyes?\b|blink|look it)",
    "it needs you to be afraid": r"\b(?:laugh|afraid|scream|calm|terrified)",
    "it stops, just for a moment, when it hears its old name": r"\b(?:name|shout|call)",
    "it always comes back the way it came": r"\b(?:double back|the way it came|already been|back)",
    "it keeps to the same pattern, every time": r"\b(?:pattern|count|time the|footsteps)",
    "it cannot resist a trail laid for it": r"\b(?:trail|bait|lure|lead it|trap|cups)",
    "it turns a beat late, always to the left": r"\b(?:turn|feint|dart|left|roll under)",
    "it cannot see what stands perfectly still": r"\b(?:still|hold my breath|walk right past|freeze)",
    "it has a blind side, on its left": r"\b(?:behind|blind|side|slip|sneak|duck)",
}

#: Words an epitaph may use for a character of each Aptitude, and only for them.
EPITHETS = {
    "Power": ("strong", "stubborn", "unbending"),
    "Resolve": ("steady", "brave", "unshaken"),
    "Intellect": ("clever", "curious", "sharp-eyed"),
    "Finesse": ("quiet", "careful", "quick"),
}

#: Words that mark a sentence as being about the dead or the lost, not about the living or
#: what is held: a sentence naming the dead or a lost thing must carry one of these.
MEMORY_WORDS = (
    "dead", "death", "died", "dies", "body", "gone", "lost", "grave", "remember", "memory", "never",
    "no more", "last", "corpse", "blood", "empty", "without", "would have", "used to", "were",
    "was", "had", "killed", "buried", "behind", "mourn", "missing", "silence", "still there",
    "nobody", "no one", "none", "story", "sees it", "doesn't", "won't", "not",
)


def short_name(prop: str) -> str:
    """A playset prop's short name: ``"a cordless phone with a dying battery"`` → ``"cordless
    phone"``; ``"the Hendersons' car keys"`` → ``"Hendersons' car keys"``."""
    text = " ".join(str(prop).split())
    text = re.split(r",| with | from | that | which | for | on a | in a ", text, maxsplit=1)[0]
    head, _, rest = text.partition(" ")
    if head.lower() in ("a", "an", "the", "some") and rest:
        text = rest
    return text.strip().rstrip(".") or str(prop)
