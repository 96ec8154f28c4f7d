"""Lucky 13 shell commands — Setting up a scene: new, character, skill, spec, weapon, armor, load, resume."""

from __future__ import annotations

import re

from ...lucky13.checks import Mode
from ...lucky13.session import latest_unfinished_scene
from ...paths import saves_dir
from ...safetext import shown_name
from ..commands import CommandError, seed_word
from .shell import ABILITY_KEYS, Lucky13Shell, METHODS, MODES, _int, _tokens, command, spec_words


# ---------------------------------------------------------------------- setting up

@command("new", "[seed N] [cinematic|gritty|plain] [allowance N] [title …]", group="setting up")
def cmd_new(sh: Lucky13Shell, arg: str) -> None:
    """Start a new scene: seed, mode of play, starting specializations, a title."""
    words = arg.split()
    seed = mode = allowance = None
    title: list[str] = []
    i = 0
    while i < len(words):
        w = words[i].lower()
        if w in ("seed", "--seed") and i + 1 < len(words):
            i += 1
            seed = seed_word(words[i])
        elif w.isdigit() and seed is None and not title:
            seed = seed_word(w)
        elif w in MODES and mode is None:
            mode = Mode(w)
        elif w == "title" and not title:  # new title The Drowned Chapel: the rest is the title
            title.extend(words[i + 1:])
            break
        elif w in ("allowance", "specs") and i + 1 < len(words):
            i += 1
            allowance = _int(words[i], "allowance")
            if not 0 <= allowance <= 20:
                raise CommandError(f"allowance is 0–20 starting specializations, got {allowance}")
        else:
            title.append(words[i])
        i += 1
    text = " ".join(title).strip(" .!?")
    if len(text) > 80 or re.search(r"[\x00-\x1f#|*_`<>]", text):
        raise CommandError(f"a title is at most 80 characters, without # | * _ ` < >: {text!r}")
    sh.begin(seed, mode, text, allowance)


@command("character", "NAME METHOD [ability=DIE …] [Skill=DIE|ability|roll …] [spec=Skill:Name] …",
         aliases=("create", "char"), group="setting up")
def cmd_character(sh: Lucky13Shell, arg: str) -> None:
    """Make a character. METHOD: random (d100 per ability), balanced, specialized, or custom.

    balanced = d4 d6 d6 d8 d10, specialized = d4 d4 d6 d10 d12: assign with pulse=d10 …; abilities
    left out get the rest of the array in ability order, largest first. custom: any dice (d6 if
    left out), for NPCs. Skill=DIE, Skill=ABILITY (starts at that ability's die) or Skill=roll (d100).
    Also spec=Skill:Name, bg=Background, imp=Impairment (one more specialization each),
    weapon=Name:ACC:DMG, armor=Name:DIE. Trailing numbers are typed d100s for random.
    e.g. character Hrothgar balanced pulse=d10 reflex=d8 Fighting=pulse Sneaking=d6 spec=Fighting:Broadsword
    Skills and starting specializations may also come after: help skill, help spec.
    """
    words, dice, queued = sh.split_dice(_tokens(arg))
    at = next((i for i, w in enumerate(words) if w.lower() in METHODS), None)
    if at is None or at == 0:
        raise CommandError("character needs a name and a method (random, balanced, specialized, custom): "
                           "e.g. character Hrothgar balanced pulse=d10 Fighting=pulse")
    args: dict = {"name": " ".join(words[:at]), "method": METHODS[words[at].lower()], "abilities": {},
                  "skills": [], "specs": [], "impairments": [], "weapons": []}
    for tok in words[at + 1:]:
        if "=" not in tok:
            raise CommandError(f"expected key=value after the method, got {tok!r} (help character)")
        k, _, v = tok.partition("=")
        kl = k.lower()
        if not k or not v:
            raise CommandError(f"expected key=value, got {tok!r}")
        if kl in ("spec", "specialization", "specialisation"):
            skill, sep, name = v.partition(":")
            if not sep or not skill or not name:
                raise CommandError(f"spec=Skill:Name, got {tok!r}")
            args["specs"].append([skill.replace("_", " "), name.replace("_", " ")])
        elif kl in ("bg", "background"):
            args["background"] = v.replace("_", " ")
        elif kl in ("imp", "impairment"):
            args["impairments"].append(v.replace("_", " "))
        elif kl == "weapon":
            parts = v.split(":")
            if len(parts) != 3:
                raise CommandError(f"weapon=Name:ACCURACY:DAMAGE, e.g. weapon=Broadsword:d8:d10; got {tok!r}")
            args["weapons"].append([parts[0].replace("_", " "), parts[1], parts[2]])
        elif kl == "armor":
            parts = v.split(":")
            if len(parts) != 2:
                raise CommandError(f"armor=Name:DIE, e.g. armor=Chainmail:d6; got {tok!r}")
            args["armor"] = [parts[0].replace("_", " "), parts[1]]
        elif kl in ABILITY_KEYS:
            args["abilities"][ABILITY_KEYS[kl]] = v
        else:
            args["skills"].append([k.replace("_", " "), v])
    if sh.scene is None:
        sh.begin()
    sh.step("create", args, dice, queued)
    sh.creation_hint(args["name"])


@command("skill", "<who> Skill=DIE|ABILITY|roll|none …", complete="who", group="setting up")
def cmd_skill(sh: Lucky13Shell, arg: str) -> None:
    """Add or fix skills of a character made already: skill Rook Stealth=reflex (starts at Reflex's die).

    Skill=DIE, Skill=ABILITY, Skill=roll (d100) as at creation; Skill=none takes a skill off.
    """
    words, dice, queued = sh.split_dice(_tokens(arg))
    who, rest = sh.take_who(words, "skill")
    if not rest:
        raise CommandError(f"skill needs <who> Skill=ABILITY, e.g. skill {who} Stealth=reflex")
    sh.step("skill", {"who": who, "skills": [_skill_pair(tok) for tok in rest]}, dice, queued)
    sh.creation_hint(who)


def _skill_pair(tok: str) -> list[str]:
    """``Skill=how`` as [skill, how]."""
    k, sep, v = tok.partition("=")
    if not sep or not k or not v:
        raise CommandError(f"expected Skill=DIE, Skill=ABILITY, Skill=roll or Skill=none, got {tok!r}")
    return [k.replace("_", " "), v]


@command("spec", "<who> Skill:Name … | <who> NAME in SKILL | <who> drop NAME", complete="who", group="setting up")
def cmd_spec(sh: Lucky13Shell, arg: str) -> None:
    """Choose a starting specialization (level 1) for a character made already: spec Rook Stealth:Pick_locks.

    As many as the scene's allowance (2 unless new set another) plus one per impairment; more are
    bought with advance (4 Adventure Points). spec Rook drop Pick_locks frees one to choose again.
    """
    who, rest = sh.take_who(_tokens(arg), "spec")
    if not rest:
        raise CommandError(f"spec needs <who> Skill:Name, e.g. spec {who} Stealth:Pick_locks")
    if rest[0].lower() == "drop":
        name = " ".join(rest[1:]).replace("_", " ").strip()
        if not name:
            raise CommandError(f"spec drop needs a specialization, e.g. spec {who} drop Pick_locks")
        sh.step("spec", {"who": who, "drop": name})
        return
    sh.step("spec", {"who": who, "specs": _spec_pairs(rest, who)})


def _spec_pairs(words: list[str], who: str) -> list[list[str]]:
    """Each ``Skill:Name`` word, or one ``NAME in SKILL``, as [skill, name]."""
    groups = [[w] for w in words] if all(":" in w for w in words) else [words]
    pairs = []
    for group in groups:
        name, skill = spec_words(group)
        if not name or not skill:
            raise CommandError(f"say the skill it falls within: spec {who} Skill:Name or spec {who} NAME in "
                               f"SKILL, got {' '.join(group)!r}")
        pairs.append([skill, name])
    return pairs


@command("weapon", "<who> NAME ACCURACY DAMAGE", complete="who", group="setting up")
def cmd_weapon(sh: Lucky13Shell, arg: str) -> None:
    """Give a character a weapon: weapon Brunella Broadsword d8 d10."""
    who, rest = sh.take_who(_tokens(arg), "weapon")
    if len(rest) < 3:
        raise CommandError(f"weapon needs <who> NAME ACCURACY DAMAGE, e.g. weapon {who} Broadsword d8 d10")
    sh.step("weapon", {"who": who, "name": " ".join(rest[:-2]), "accuracy": rest[-2], "damage": rest[-1]})


@command("armor", "<who> NAME DIE | <who> none", complete="who", group="setting up")
def cmd_armor(sh: Lucky13Shell, arg: str) -> None:
    """Armor gives the Defensive Die: armor Casimir Chainmail d6 (armor Casimir none takes it off)."""
    who, rest = sh.take_who(_tokens(arg), "armor")
    if len(rest) == 1 and rest[0].lower() in ("none", "off", "-"):
        sh.step("armor", {"who": who, "name": None})
        return
    if len(rest) < 2:
        raise CommandError(f"armor needs <who> NAME DIE, e.g. armor {who} Chainmail d6")
    sh.step("armor", {"who": who, "name": " ".join(rest[:-1]), "die": rest[-1]})


@command("load", "FILE", group="setting up", raw=True)
def cmd_load(sh: Lucky13Shell, arg: str) -> None:
    """Load a Lucky 13 save (refused whole if it is damaged; the file is kept)."""
    from ...play.files import path_argument, typed_path

    name, _ = path_argument(arg)
    if not name:
        raise CommandError("load needs a file name")
    sh.load(typed_path(name))  # the file named, as typed: never the name cleaned


@command("resume", "", group="setting up")
def cmd_resume(sh: Lucky13Shell, arg: str) -> None:
    """Resume the last unfinished scene (a damaged save is named and skipped, and kept)."""
    skipped: list = []
    path = latest_unfinished_scene(saves_dir(), skipped)
    for bad, why in skipped:
        sh.info(f"skipped {shown_name(bad.name)}: {why}", "yellow")
    if path is None:
        raise CommandError("no unfinished Lucky 13 scene to resume")
    sh.load(path)
