"""Typed lines and the built-in slasher trope each plays into (None: no trope), for measuring
the template judge's precision and recall. Four kinds: lines that play into a trope, near
misses (a trope's words that do not play into it), plain actions, and dice talk."""

SPLIT = "splitting up"
NOISE = "going to investigate the noise"
ALOUD = "reading the forbidden thing aloud"
BACK = "\u201cI'll be right back\u201d"
CLOSET = "hiding in the closet"
UPSTAIRS = "running upstairs instead of out the door"
PHONE = "answering the phone that keeps ringing"
PRANK = "the prank that isn't a prank"
BASEMENT = "going down to the basement alone"
CAR = "the car that won't start"
WARNING = "ignoring the warning"
DEAD = "turning your back on the killer who must be dead"
ALONE = "wandering off alone"
TOGETHER = "sneaking off together"
SWIM = "the midnight swim"
TRIP = "tripping while running away"
SHOWER = "the shower scene"

TROPE_LINES = [
    ("Let's split up, we'll cover more ground that way.", SPLIT),
    ("You take the boathouse, I'll check the cabins.", SPLIT),
    ("We should split into two groups.", SPLIT),
    ("Okay gang, let's separate and search the house.", SPLIT),
    ("I go see what that noise was.", NOISE),
    ("Jesse follows the scratching sound down the hall.", NOISE),
    ("Hello? Is anybody there?", NOISE),
    ("I'm going to investigate that scream outside.", NOISE),
    ("I read the old legend aloud by the fire.", ALOUD),
    ("She reads the Latin inscription on the cellar wall.", ALOUD),
    ("I open the book and chant the words out loud.", ALOUD),
    ("Candyman, Candyman, I say his name three times in the mirror.", ALOUD),
    ("I'll be right back.", BACK),
    ("Wait here, I'm just going to get the flashlight.", BACK),
    ("Back in a sec, don't go anywhere!", BACK),
    ("I hide in the closet and hold my breath.", CLOSET),
    ("Mara squeezes into the wardrobe and pulls the door shut.", CLOSET),
    ("I duck into the hall cupboard.", CLOSET),
    ("I run upstairs!", UPSTAIRS),
    ("Ben bolts up the stairs to the attic.", UPSTAIRS),
    ("She races up the staircase instead of out the front door.", UPSTAIRS),
    ("The phone keeps ringing, so I answer it.", PHONE),
    ("I pick up the phone. Hello?", PHONE),
    ("I answer the call from the unknown number.", PHONE),
    ("Very funny, guys. You can come out now.", PRANK),
    ("It's just a prank, relax.", PRANK),
    ("Stop messing with us, Derek!", PRANK),
    ("I go down to the basement to check the fuse box.", BASEMENT),
    ("Cat creeps down into the cellar with a candle.", BASEMENT),
    ("I open the trapdoor and climb down.", BASEMENT),
    ("I turn the key again and again but the engine won't catch.", CAR),
    ("I try to start the car.", CAR),
    ("That old man's story is just a legend, forget it.", WARNING),
    ("There's no such thing as the Woodsman.", WARNING),
    ("I ignore the sign that says KEEP OUT.", WARNING),
    ("Is he dead? I poke the body with my foot.", DEAD),
    ("It's over. He's finally dead.", DEAD),
    ("I turn my back on the body to hug Ann.", DEAD),
    ("I wander off alone into the trees.", ALONE),
    ("I'll go by myself, it's faster.", ALONE),
    ("We sneak off together to the boathouse.", TOGETHER),
    ("Ann and Ben start making out in the back seat.", TOGETHER),
    ("Who's up for skinny dipping?", SWIM),
    ("I dive into the lake to cool off.", SWIM),
    ("I trip over a root while running.", TRIP),
    ("She stumbles and falls flat in the mud.", TRIP),
    ("I take a long hot shower.", SHOWER),
]

NEAR_MISSES = [
    ("We stay together. Nobody splits up.", None),
    ("I won't split up from the group.", None),
    ("I hear a noise and run the other way.", None),
    ("I make a noise to distract it.", None),
    ("I read the map by flashlight.", None),
    ("I answer it.", None),  # "it" names no phone: not the trope in any scene
    ("Someone knocks; I answer it with the hatchet raised.", None),
    ("I refuse to read that book aloud.", None),
    ("I get a coat from the closet.", None),
    ("I walk downstairs to the kitchen.", None),
    ("I grab my phone and call the police.", None),
    ("I play a prank on Ben with a rubber spider.", None),
    ("I lock the basement door and push a chair under the handle.", None),
    ("I never go back.", None),
    ("We drive away without looking back.", None),
    ("I take a deep breath and stay close to Ann.", None),
]

PLAIN = [
    ("I pull the fuse and pray.", None),
    ("I grab the splitting maul.", None),
    ("Ann barricades the door with the sofa.", None),
    ("I light the kerosene lantern.", None),
    ("We count our flares: two left.", None),
    ("I bandage Ben's arm with my scarf.", None),
    ("Dee picks the lock on the cash box.", None),
    ("I whisper to Cat that we need a plan.", None),
    ("I pour the punch down the sink.", None),
    ("Wait for me!", None),
]

DICE_TALK = [
    ("I rolled a 7 and a 3, Messy.", None),
    ("Reroll! Spend the Genre Point.", None),
    ("9 plus 4 is 13, that beats the King.", None),
    ("Costly failure, another Strike.", None),
    ("Aptitude plus one on the d4.", None),
    ("Difficulty 11 against a Queen of spades.", None),
    ("Clean success on a five.", None),
    ("I keep the roll.", None),
]

CORPUS = TROPE_LINES + NEAR_MISSES + PLAIN + DICE_TALK

#: Written after the phrasings were tuned on the lines above, and not tuned on: the judge's
#: numbers on lines it has never seen.
HELD_OUT = [
    ("Fine, you two check the garage and we'll take the woods.", SPLIT),
    ("Everybody fan out and look for Tommy.", SPLIT),
    ("Did you hear that? I'm going to go look.", NOISE),
    ("Something's scratching at the door, I open it to see what it is.", NOISE),
    ("Ann reads the spell from the journal, word for word.", ALOUD),
    ("I recite the words on the tombstone.", ALOUD),
    ("Hold on, I'll be back in five minutes.", BACK),
    ("Stay here, I'm going to get help.", BACK),
    ("Quick, into the closet!", CLOSET),
    ("I hide inside the coat cupboard under the stairs.", CLOSET),
    ("I sprint up to the attic and pull the ladder up behind me.", UPSTAIRS),
    ("Ring ring. I pick it up.", PHONE),
    ("It's ringing again. I answer.", PHONE),
    ("Ha ha, Kevin, great costume.", PRANK),
    ("This is one of Mike's stupid jokes.", PRANK),
    ("I head down into the cellar to find more wine.", BASEMENT),
    ("The engine coughs and dies. I try again.", CAR),
    ("Ignore the old hermit, he's crazy.", WARNING),
    ("I lean over the Woodsman's body to make sure.", DEAD),
    ("I go for a walk in the woods alone.", ALONE),
    ("I light a candle and wait quietly with the others.", None),
    ("We lock every window on the ground floor.", None),
    ("I ask Ben whether the radio works.", None),
    ("I check my watch: nearly three.", None),
    ("I go upstairs slowly to find the first-aid kit.", None),
    ("I tell everyone to stick together.", None),
    ("Rolled double nines? No, a 9 and a 4!", None),
    ("That's a Dire failure, Strike two.", None),
    ("I sharpen the stake by the fire.", None),
    ("We wait for dawn in the car with the doors locked.", None),
]
