"""A short Lucky 13 rules reference for the REPL's ``rules`` command: (topic, title, text)."""

RULES: list[tuple[str, str, str]] = [
    ("basics", "The basics",
     "Skill checks always need 13: Ability + Skill + Difficulty die, added. Contests: each side rolls, "
     "the higher roll wins. Five dice: d4, d6, d8, d10, d12. Modifiers step dice up or down; nobody adds "
     "numbers to a roll."),
    ("stepping", "Stepping dice",
     "Step up: d4 → d6 → d8 → d10 → d12 → d12+d4 → d12+d6 … (for ever). Step down: d4 → no die, and "
     "no further (R1, R2). Options a+N / s+N step the Ability / Skill die for one roll."),
    ("difficulty", "Difficulty",
     "Easy d12, Moderate d10, Difficult d8 (hard), Challenging d6, Extraordinary d4, Heroic no die. "
     "The smaller the die, the harder the task. check Hrothgar pulse fighting moderate."),
    ("explode", "Exploding and imploding dice",
     "A die showing its highest face explodes: roll it again and add (shown as 8!+3). A die showing 1 "
     "implodes: a dilemma — not a failure, a complication for the table to invent. Only a die's own "
     "roll implodes, not an explosion re-roll (R8)."),
    ("modes", "Modes of play",
     "Cinematic: any die explodes or implodes, explosions go on and on. Gritty: only the Ability die "
     "explodes, once; any die still implodes (R6). Plain (not in the text): nothing explodes or implodes. "
     "mode cinematic|gritty|plain."),
    ("contests", "Contests and opposed rolls",
     "Ability + Skill against Ability + Skill (+ modifiers). Higher total wins; a draw fails the side "
     "acting (R12). contest Knuckles pulse fighting vs Big Tuna pulse fighting a+1."),
    ("combat", "Combat",
     "Reflex + Combat + Weapon Accuracy vs Reflex + Combat + Defensive Die (armor, or none). Higher wins; "
     "a draw is a failed attack. Damage = the weapon's Damage die + the difference. attack A B [weapon]."),
    ("hitpoints", "Hit points",
     "10 hit points per Pulse die step: d4 10 … d12 50. Every 10 lost steps Pulse down for now; healing "
     "restores it. At 0 or below, no Pulse die (R14)."),
    ("dying", "Death and dying",
     "At 0 hit points a character is dying: unconscious, losing 1 hp a minute (damage X bleed M) until "
     "stabilised (heal X stabilise, or any healing). Death when negative hit points equal the full Pulse "
     "die: d4 -4 … d12 -12 (R15)."),
    ("healing", "Healing",
     "The designer's choice. heal X N restores hit points; heal X rest M uses the Top Secret NWO "
     "reference rule: 1 hp per 15 minutes, at most 4 hp resting alone (R19)."),
    ("initiative", "Initiative",
     "Each rolls Reflex, highest first, once per encounter; ties go to the higher Reflex, then a roll-off "
     "(R32). No exploding (R31). initiative, initiative join X, initiative end."),
    ("creation", "Making characters",
     "Abilities Will, Charm, Pulse, Intellect, Reflex. Random: d100 each (01-20 d4, 21-40 d6, 41-60 d8, "
     "61-80 d10, 81-00 d12). Arrays: balanced d4 d6 d6 d8 d10; specialized d4 d4 d6 d10 d12 (R20). "
     "Skills: a die, based on an ability, or rolled (R21); add or fix them later with skill X Stealth=reflex "
     "(R38). No skill for a task: roll none (R39)."),
    ("specializations", "Specializations",
     "Within a skill; each level (1–5) steps the skill die up once. New ones start at level 1. The starting "
     "ones (2 unless new sets another): spec X Stealth:Pick_locks (R38). spec=NAME on a roll, or use the "
     "specialization's name as the skill."),
    ("backgrounds", "Backgrounds and impairments",
     "A background that helps: roll the Ability die twice, keep the higher (adv). An impairment that "
     "hinders: twice, keep the lower (dis); both cancel (R10). Each impairment taken at creation allows "
     "one more starting specialization."),
    ("assets", "Assets and assistance",
     "An asset steps the skill die by its level: Perfect 5, Excellent 4, Standard 3, Adequate 2, "
     "Inferior 1 (asset=adequate). A helper steps a die up to d12 5, d10 4, d8 3, d6 2, d4 1 steps "
     "(assist=d8)."),
    ("advancement", "Adventure Points",
     "10–20 an adventure (award X N). A new specialization or a level costs 4; an ability costs its die "
     "× 4 (d4→d6 16, d6→d8 24, d8→d10 32, d10→d12 40), up to d12. advance X spec NAME in SKILL, "
     "advance X reflex."),
    ("reputation", "Reputation",
     "From -5 to +5, starting at 0. It steps Charm on Reaction checks (Charm + a social skill + a "
     "decision die), one step per level. reputation X +1."),
    ("odds", "Odds",
     "odds d10 d8 d6: the exact chance to reach 13, with and without exploding dice, counted "
     "exactly (R34). odds Hrothgar pulse fighting hard: a character's check."),
    ("dice", "Your own dice",
     "Type the dice you rolled after the command (check Hrothgar pulse fighting moderate 5 3 9) or "
     "queue them with dice 5 3 9. Rolling order: Ability, Skill, Difficulty (added dice after); in "
     "combat attacker, defender, then damage; an exploding die's extra roll straight after it. Percentile "
     "00 is 100."),
    ("asking", "Asking the scene (not in the text)",
     "ask QUESTION, or any line that reads as a question. What the scene decides (who is hurt, hit points, "
     "skills, specializations, gear, initiative, the mode) is answered from it, no roll. Any other yes/no "
     "question goes to the oracle: a d100 of the scene's dice against the odds (ask likely: …, even by "
     "default) and the tension: 1, +2 in an encounter, +1 per step of Pulse lost (R40). Its answer is kept: "
     "asked again, the same answer; undo takes it back."),
]
