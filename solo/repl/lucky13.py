"""The Lucky 13 shell: solo play of the Lucky 13 Game Engine, one line at a time.

Same architecture as the Night of the Thirteenth shell (:mod:`solo.repl.shell`): a
:class:`~solo.repl.commands.Registry` of commands, :meth:`Lucky13Shell.run_line` that never
raises except :class:`~solo.repl.shell.Quit`, one ``error: …`` line for every bad input with
the scene unchanged, and free text as the character's action. The rules live in
:mod:`solo.lucky13`; a played scene (steps, undo, saves, transcript, narration) in
:mod:`solo.lucky13.session`.

Front ends: :func:`run_lucky13_interactive` (prompt_toolkit, completion of commands,
character names, abilities, skills, difficulties) and :func:`solo.repl.app.run_batch`
(lines from a script or stdin). :func:`play` chooses between them for the CLI.
"""

from __future__ import annotations

import random
import re
import shlex
import sys
from collections.abc import Iterable
from fractions import Fraction
from pathlib import Path

from rich.console import Console
from rich.table import Table
from rich.text import Text

from ..lucky13.character import ABILITIES, asset_level
from ..lucky13.checks import DIFFICULTY_LEVELS, TARGET, Edge, Mode, edge
from ..lucky13.dice import Pool, as_die, parse_pool
from ..lucky13.errors import Lucky13Error
from ..lucky13.narrator import make_lucky13_narrator
from ..lucky13.odds import pool_odds
from ..lucky13.saves import DEFAULT_ALLOWANCE, latest_unfinished_scene, read_scene_save, scene_paths, write_scene_save
from ..lucky13.session import Outcome, Scene, difficulty_label, parse_ability_word, parse_difficulty_word, sheet_line
from ..lucky13.transcript import state_word
from ..play.paths import data_dir, saves_dir, transcripts_dir
from ..play.saves import SaveError
from .commands import CommandError, Registry
from .app import ShellCompleter
from .shell import Quit

__all__ = ["Lucky13Completer", "Lucky13Shell", "play", "registry", "run_lucky13_interactive"]

PROMPT = "l13› "
registry = Registry()
command = registry.command

METHODS = {"random": "random", "balanced": "balanced", "specialized": "specialized", "specialised": "specialized",
           "custom": "custom", "npc": "custom"}
ABILITY_KEYS = {a.value.lower(): a.value for a in ABILITIES} | {a.value.lower()[:3]: a.value for a in ABILITIES}
ADV_WORDS = ("adv", "advantage", "bg", "background")
DIS_WORDS = ("dis", "disadvantage", "imp", "impairment")
OPTION_HELP = ("options: spec=NAME, asset=QUALITY, adv, dis, a+N / a-N (Ability die), s+N / s-N (Skill die), "
               "assist=DIE, +DIE (an added die)")
MODES = tuple(m.value for m in Mode)


def _tokens(arg: str) -> list[str]:
    """Words, with "quoted words" kept together (a lone quote is just a character)."""
    try:
        return shlex.split(arg)
    except ValueError:
        return arg.split()


def _int(text: str, what: str) -> int:
    if not re.fullmatch(r"[+-]?\d{1,7}", str(text).strip()):
        raise CommandError(f"{what} must be a whole number, got {text!r}")
    return int(text)


def _pct(p: Fraction) -> str:
    return f"{float(p) * 100:.2f}%"


def _options(words: list[str], *, attack: bool = False) -> dict:
    """Roll modifiers from option words (see :data:`OPTION_HELP`)."""
    o: dict = {}
    adv = dis = False
    extra: list[str] = []
    for w in words:
        lw = w.lower()
        m = re.fullmatch(r"([as])([+-]\d{1,2})", lw)
        if lw in ADV_WORDS:
            adv = True
        elif lw in DIS_WORDS:
            dis = True
        elif m:
            o[m[1]] = o.get(m[1], 0) + int(m[2])
        elif re.fullmatch(r"\+d\d{1,2}", lw):
            extra.append(str(as_die(lw[1:])))
        elif "=" in w:
            k, _, v = w.partition("=")
            k = k.lower()
            if not v:
                raise CommandError(f"option {w!r} needs a value after '='")
            if k in ("spec", "specialization", "specialisation"):
                o["spec"] = v.replace("_", " ")
            elif k == "asset":
                o["asset"] = asset_level(int(v) if v.isdigit() else v)
            elif k == "assist":
                o["assist"] = str(as_die(v))
            elif attack and k == "armor":
                o["armor"] = "none" if v.lower() in ("none", "-") else str(as_die(v))
            elif attack and k in ("with", "skill"):
                o["skill"] = v.replace("_", " ")
            else:
                more = ", armor=DIE|none, with=SKILL" if attack else ""
                raise CommandError(f"unknown option {w!r} ({OPTION_HELP}{more})")
        else:
            more = ", armor=DIE|none, with=SKILL" if attack else ""
            raise CommandError(f"unknown option {w!r} ({OPTION_HELP}{more})")
    if adv or dis:
        o["edge"] = int(edge(adv, dis))
    if extra:
        o["extra"] = extra
    return o


class Lucky13Shell:
    """The Lucky 13 shell. ``night`` is the scene under way (the front ends save it on leaving)."""

    registry = registry
    prompt = PROMPT

    def make_completer(self) -> "Lucky13Completer":
        return Lucky13Completer(self)

    def leave(self) -> None:
        _leave(self)

    def __init__(self, console: Console | None = None, *, seed: int | None = None, mode: str = "cinematic",
                 narrator: str = "template", model: str | None = None, allowance: int = DEFAULT_ALLOWANCE) -> None:
        self.console = console or Console(highlight=False)
        self.scene: Scene | None = None
        self.seed = seed
        self.mode = Mode(mode)
        self.narrator_kind = narrator
        self.model = model
        self.allowance = allowance
        self.queued: list[int] = []
        self.errors = 0

    @property
    def night(self) -> Scene | None:
        """The scene under way (named as the front ends expect: ``save_path``, ``autosave()``)."""
        return self.scene

    # ------------------------------------------------------------------ output

    def print(self, *args, **kw) -> None:
        self.console.print(*args, **kw)

    def info(self, text: str, style: str = "") -> None:
        self.console.print(Text(text, style=style))

    def error(self, text: str) -> None:
        self.errors += 1
        self.console.print(Text(f"error: {' '.join(str(text).split())}", style="bold red"))

    def show(self, out: Outcome) -> None:
        if out.heading:
            self.info(out.heading, "bold")
        for line in out.lines:
            self.info("  " + line, "cyan")
        for note in out.notes:
            self.info("  " + note, "dim")
        for _kind, text in out.narration:
            self.info(text, "italic")

    def toolbar(self) -> str:
        sc = self.scene
        if sc is None:
            return " solo · Lucky 13 · type new, then character … (help)"
        parts = [f" Lucky 13 · {sc.mode.value}{' · over' if sc.finished else ''}"]
        for n, c in sc.characters.items():
            h = c.health
            parts.append(f"{n} {h.hp}/{h.max_hp} {h.pulse if not h.pulse.is_none else '—'}"
                         + ("" if state_word(c) in ("unhurt", "wounded") else f" {state_word(c)}"))
        if sc.initiative is not None:
            parts.append("init " + " → ".join(sc.initiative.order))
        if self.queued:
            parts.append("dice " + " ".join(map(str, self.queued)))
        return " | ".join(parts)

    # ------------------------------------------------------------------ dispatch

    def run_line(self, line: str) -> bool:
        """Run one line; True if it ran cleanly. Raises :class:`~solo.repl.shell.Quit` to leave."""
        line = line.strip()
        if not line or line.startswith("#"):
            return True
        word, _, rest = line.partition(" ")
        cmd = self.registry.find(word)
        try:
            if cmd is None:
                self._free_text(line)
            else:
                cmd.func(self, rest.strip())
            return True
        except Quit:
            raise
        except (CommandError, SaveError, ValueError) as exc:
            self.error(str(exc))
        except OSError as exc:
            self.error(f"{exc.strerror or exc}: {getattr(exc, 'filename', '') or ''}")
        return False

    # ------------------------------------------------------------------ helpers

    def need_scene(self) -> Scene:
        if self.scene is None:
            raise CommandError("no scene under way: type new (then character …), or resume; help lists the commands")
        return self.scene

    def make_narrator(self, seed):
        return make_lucky13_narrator(self.narrator_kind, seed=seed, model=self.model,
                                     notice=lambda t: self.info(t, "yellow"))

    def begin(self, seed: int | str | None = None, mode: Mode | None = None, title: str = "",
              allowance: int | None = None) -> Scene:
        if seed is None:
            seed = self.seed if self.seed is not None else random.SystemRandom().randrange(1, 10**6)
        self.seed = None
        save, transcript = scene_paths(seed, saves_dir(), transcripts_dir())
        scene = Scene(seed, mode=mode or self.mode, title=title,
                      allowance=self.allowance if allowance is None else allowance,
                      narrator=self.make_narrator(seed), narrator_name=self.narrator_kind,
                      save_path=save, transcript_path=transcript)
        self.scene = scene
        self.queued = []
        self.info(f"A new scene{': ' + scene.title if scene.title else ''} — seed {seed} (replay it with seed {seed}), "
                  f"{scene.mode.value} mode, {scene.allowance} starting specializations.", "bold")
        self.show(scene.start())
        self.info("Next: character NAME random|balanced|specialized|custom … (help character), then check, "
                  "contest, attack.", "dim")
        return scene

    def load(self, path: Path) -> None:
        save = read_scene_save(path)
        scene = Scene.from_save(path, narrator=self.make_narrator(save.seed), narrator_name=self.narrator_kind)
        self.scene = scene
        self.queued = []
        self.info(f"Resumed: {scene.summary()}", "bold")
        for n, c in scene.characters.items():
            self.info(f"  {n}: {sheet_line(c, scene.gear.get(n))}")

    def split_dice(self, words: list[str]) -> tuple[list[str], list[int] | None, bool]:
        """Trailing numbers are typed dice; without them, dice queued with ``dice``."""
        words = list(words)
        typed: list[int] = []
        while words and re.fullmatch(r"\d{1,4}", words[-1]):
            typed.insert(0, int(words.pop()))
        if typed:
            return words, typed, False
        if self.queued:
            return words, list(self.queued), True
        return words, None, False

    def step(self, kind: str, args: dict, dice: list[int] | None = None, queued: bool = False) -> Outcome:
        out = self.need_scene().do(kind, args, dice)
        if queued:
            self.queued = []
        self.show(out)
        return out

    def take_who(self, words: list[str], doing: str = "") -> tuple[str, list[str]]:
        """The character named at the start of ``words`` (a full name, any case, possibly of
        several words, or a unique beginning of one) and the words after it."""
        scene = self.need_scene()
        names = scene.names
        if not words:
            raise CommandError(f"{doing + ': ' if doing else ''}say who ({', '.join(names) or 'no characters yet'})")
        for k in range(len(words), 0, -1):
            cand = " ".join(words[:k]).lower()
            exact = [n for n in names if n.lower() == cand]
            if exact:
                return exact[0], words[k:]
        first = words[0].lower()
        hits = [n for n in names if n.lower().startswith(first)]
        if len(hits) == 1:
            return hits[0], words[1:]
        if hits:
            raise CommandError(f"{words[0]!r} could be {', '.join(hits)}")
        raise CommandError(f"no character {words[0]!r} (characters: {', '.join(names) or 'none yet: use character'})")

    def skill_word(self, who: str, word: str) -> tuple[str | None, str | None]:
        """``(skill, specialization)`` for a word: a skill (any case, or a unique beginning),
        ``none``/``-`` for no skill die, or a specialization name (its parent skill is rolled)."""
        ch = self.need_scene().character(who)
        key = word.replace("_", " ").strip().lower()
        if key in ("none", "-", "no"):
            return None, None
        exact = [k for k in ch.skills if k.lower() == key]
        if exact:
            return exact[0], None
        specs = [s for s in ch.specializations if s.name.lower() == key]
        if specs:
            return specs[0].skill, specs[0].name
        hits = [k for k in ch.skills if k.lower().startswith(key)]
        if len(hits) == 1:
            return hits[0], None
        raise CommandError(f"{who} has no skill {word!r} (skills: {', '.join(ch.skills) or 'none'}; "
                           "or none for no skill die)")

    def side(self, words: list[str], doing: str) -> dict:
        """``<who> <ability> <skill> [options]`` for a check or a contest side."""
        who, rest = self.take_who(words, doing)
        if len(rest) < 2:
            raise CommandError(f"{doing} needs <who> <ability> <skill> for each side, e.g. {who} pulse fighting")
        ability = parse_ability_word(rest[0]).value
        skill, spec = self.skill_word(who, rest[1])
        opts = _options(rest[2:])
        if spec is not None and "spec" not in opts:
            opts["spec"] = spec
        return {"who": who, "ability": ability, "skill": skill, **opts}

    def complete_options(self, kind: str | None, who: list[str] | str | None = None) -> list[str]:
        """Completion words for ``kind``: who, ability, skill, difficulty, weapon, mode, l13rules,
        heal, advance, initiative, command."""
        sc = self.scene
        whos = [who] if isinstance(who, str) else list(who or [])
        if kind == "who":
            return [n for n, c in sc.characters.items() if not c.health.dead] if sc else []
        if kind == "ability":
            return [a.value.lower() for a in ABILITIES]
        if kind == "difficulty":
            return [n.lower() for n, _ in DIFFICULTY_LEVELS] + ["hard"]
        if kind == "skill":
            if sc and whos and whos[0] in sc.characters:
                ch = sc.characters[whos[0]]
                return [k.lower() for k in ch.skills] + [s.name.lower() for s in ch.specializations] + ["none"]
            return ["none"]
        if kind == "weapon":
            if sc and whos and whos[0] in sc.gear:
                return [w.name for w in sc.gear[whos[0]].weapons]
            return []
        if kind == "mode":
            return list(MODES)
        if kind == "l13rules":
            return [k for k, _, _ in RULES]
        if kind == "heal":
            return ["stabilise", "rest"]
        if kind == "damage":
            return ["bleed"]
        if kind == "advance":
            return ["spec", "ability"] + [a.value.lower() for a in ABILITIES]
        if kind == "initiative":
            return ["join", "show", "end", "roll-off"] + (sc.names if sc else [])
        if kind == "command":
            return self.registry.words()
        return []

    def _free_text(self, line: str) -> None:
        scene = self.need_scene()
        who = None
        head, sep, tail = line.partition(":")
        if sep and tail.strip():
            try:
                who, rest = self.take_who(head.split())
                if rest:
                    who = None
                else:
                    line = tail.strip()
            except CommandError:
                who = None
        out = scene.do("say", {"text": line, "who": who})
        self.info(f"  ({out.speaker + ': ' if out.speaker else ''}noted for the transcript and the narrator)", "dim")


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
            seed = _int(words[i], "seed")
        elif w.isdigit() and seed is None and not title:
            seed = int(w)
        elif w in MODES and mode is None:
            mode = Mode(w)
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


@command("load", "FILE", group="setting up")
def cmd_load(sh: Lucky13Shell, arg: str) -> None:
    """Load a Lucky 13 save (refused whole if it is damaged; the file is kept)."""
    if not arg:
        raise CommandError("load needs a file name")
    sh.load(Path(_tokens(arg)[0]).expanduser())


@command("resume", "", group="setting up")
def cmd_resume(sh: Lucky13Shell, arg: str) -> None:
    """Resume the last unfinished scene."""
    path = latest_unfinished_scene(saves_dir())
    if path is None:
        raise CommandError("no unfinished Lucky 13 scene to resume")
    sh.load(path)


# ---------------------------------------------------------------------- rolling

@command("check", "<who> <ability> <skill> <difficulty> [options] [dice]", complete="who")
def cmd_check(sh: Lucky13Shell, arg: str) -> None:
    """A skill check: Ability + Skill + Difficulty die, 13 or more succeeds.

    e.g. check Hrothgar pulse fighting hard, or with your own dice: check Hrothgar pulse fighting moderate 5 3 9.
    Difficulty: easy d12, moderate d10, difficult (hard) d8, challenging d6, extraordinary d4, heroic (no die),
    or a die. Skill: a skill, a specialization (steps its skill), or none.
    Options: spec=NAME, asset=QUALITY, adv, dis, a+N, s+N, assist=DIE, +DIE.
    """
    words, dice, queued = sh.split_dice(_tokens(arg))
    who, rest = sh.take_who(words, "check")
    if len(rest) < 3:
        raise CommandError(f"check needs <who> <ability> <skill> <difficulty>, e.g. check {who} pulse "
                           f"{next(iter(sh.need_scene().character(who).skills), 'none').lower()} moderate")
    args = sh.side([who] + rest[:2] + rest[3:], "check")
    args["difficulty"] = str(parse_difficulty_word(rest[2]))
    sh.step("check", args, dice, queued)


@command("contest", "<who> <ability> <skill> [opts] vs <who> <ability> <skill> [opts] [dice]", complete="who")
def cmd_contest(sh: Lucky13Shell, arg: str) -> None:
    """An opposed roll, Ability + Skill against Ability + Skill; higher wins, a draw fails the first side.

    e.g. contest Knuckles pulse fighting vs Big Tuna pulse fighting a+1 (the door steps his Pulse up).
    """
    words, dice, queued = sh.split_dice(_tokens(arg))
    sides: list[list[str]] = [[]]
    for w in words:
        if w.lower() in ("vs", "versus", "vs."):
            sides.append([])
        else:
            sides[-1].append(w)
    if len(sides) < 2:
        raise CommandError("contest needs two sides: contest A pulse fighting vs B pulse fighting")
    sh.step("contest", {"sides": [sh.side(s, "contest") for s in sides]}, dice, queued)


@command("attack", "<attacker> <defender> [weapon|ACC/DMG] [options] [dice]", complete="who")
def cmd_attack(sh: Lucky13Shell, arg: str) -> None:
    """One round of combat: Reflex + Combat + Accuracy vs Reflex + Combat + Defensive Die; damage on a hit.

    Damage is the weapon's Damage die plus the difference; it comes off the defender's hit points.
    e.g. attack Brunella Casimir broadsword, attack Brunella Casimir 4 5 7 2 6 4 6 (your dice: attacker, defender,
    damage). Options as for check, plus armor=DIE|none (the defender's Defensive Die) and with=SKILL.
    """
    scene = sh.need_scene()
    words, dice, queued = sh.split_dice(_tokens(arg))
    attacker, rest = sh.take_who(words, "attack")
    defender, rest = sh.take_who(rest, "attack whom")
    args: dict = {"attacker": attacker, "defender": defender}
    if rest and re.fullmatch(r"d\d{1,2}/d\d{1,2}", rest[0].lower()):
        acc, dmg = rest[0].lower().split("/")
        args["adhoc"] = [str(as_die(acc)), str(as_die(dmg))]
        rest = rest[1:]
    elif rest and "=" not in rest[0] and not re.fullmatch(r"[as][+-]\d+|\+d\d+", rest[0].lower()) \
            and rest[0].lower() not in ADV_WORDS + DIS_WORDS:
        gear = scene.gear.get(attacker)
        for k in range(len(rest), 0, -1):
            w = gear.weapon(" ".join(rest[:k])) if gear else None
            if w is not None:
                args["weapon"] = w.name
                rest = rest[k:]
                break
        else:
            have = gear.text() if gear and gear.text() else "nothing"
            raise CommandError(f"{attacker} has no weapon {rest[0]!r} (carries: {have})")
    args.update(_options(rest, attack=True))
    sh.step("attack", args, dice, queued)


@command("initiative", "[who …] [roll-off] [dice] | join <who> | show | end", complete="initiative")
def cmd_initiative(sh: Lucky13Shell, arg: str) -> None:
    """Roll initiative (Reflex, highest first; ties: higher Reflex, then a roll-off). Once per encounter.

    initiative: everyone conscious; initiative Brunella Casimir 6 3: those two with your dice;
    initiative join <who>: a latecomer; initiative show; initiative end: the encounter is over.
    """
    scene = sh.need_scene()
    words, dice, queued = sh.split_dice(_tokens(arg))
    head = words[0].lower() if words else ""
    if head == "show":
        if scene.initiative is None:
            raise CommandError("no initiative order: type initiative to roll it")
        sh.info("initiative: " + ", ".join(f"{n} {scene.initiative.rolls[n]}" for n in scene.initiative.order))
        return
    if head == "end":
        sh.step("initiative_end", {})
        return
    if head == "join":
        who, rest = sh.take_who(words[1:], "initiative join")
        if rest:
            raise CommandError(f"initiative join takes one character, not {' '.join(rest)!r}")
        sh.step("join", {"who": who}, dice, queued)
        return
    tie = "reflex"
    names: list[str] = []
    rest = words
    while rest:
        if rest[0].lower() in ("roll-off", "rolloff"):
            tie = "roll-off"
            rest = rest[1:]
            continue
        who, rest = sh.take_who(rest, "initiative")
        if who in names:
            raise CommandError(f"{who} is named twice")
        names.append(who)
    sh.step("initiative", {"who": names, "tie": tie}, dice, queued)


@command("dice", "[N …] | clear", group="play")
def cmd_dice(sh: Lucky13Shell, arg: str) -> None:
    """Queue the dice you rolled at the table for the next roll.

    In rolling order, an exploding die's extra roll straight after it. Or type them at the end of
    check, contest, attack, initiative or character.
    """
    words = _tokens(arg)
    if not words:
        sh.info("dice queued: " + (" ".join(map(str, sh.queued)) or "none (the seed rolls)"))
        return
    if len(words) == 1 and words[0].lower() in ("clear", "none", "-"):
        sh.queued = []
        sh.info("dice queue cleared: the seed rolls")
        return
    values = []
    for w in words:
        if not re.fullmatch(r"\d{1,4}", w):
            raise CommandError(f"dice are whole numbers as the dice show them, got {w!r}")
        values.append(int(w))
    if len(values) > 200:
        raise CommandError("at most 200 dice at once")
    sh.queued = values
    sh.info(f"dice queued for the next roll: {' '.join(map(str, values))}")


@command("damage", "<who> N | <who> bleed MINUTES", complete="who", group="health")
def cmd_damage(sh: Lucky13Shell, arg: str) -> None:
    """Take hit points off a character (Pulse drops every 10); bleed: a dying character loses 1 a minute."""
    who, rest = sh.take_who(_tokens(arg), "damage")
    if len(rest) == 2 and rest[0].lower() == "bleed":
        sh.step("damage", {"who": who, "bleed": _int(rest[1], "minutes")})
    elif len(rest) == 1:
        sh.step("damage", {"who": who, "amount": _int(rest[0], "damage")})
    else:
        raise CommandError(f"damage needs <who> N or <who> bleed MINUTES, e.g. damage {who} 5")


@command("heal", "<who> N | <who> stabilise | <who> rest MINUTES", complete="who", group="health")
def cmd_heal(sh: Lucky13Shell, arg: str) -> None:
    """Restore hit points (and Pulse with them); healing a dying character stabilises them.

    rest: 1 hp per 15 minutes, at most 4 resting alone (Top Secret NWO reference rule).
    """
    who, rest = sh.take_who(_tokens(arg), "heal")
    if len(rest) == 1 and rest[0].lower() in ("stabilise", "stabilize", "stab", "stable"):
        sh.step("heal", {"who": who, "stabilise": True})
    elif len(rest) == 2 and rest[0].lower() == "rest":
        sh.step("heal", {"who": who, "rest": _int(rest[1], "minutes")})
    elif len(rest) == 1:
        sh.step("heal", {"who": who, "amount": _int(rest[0], "healing")})
    else:
        raise CommandError(f"heal needs <who> N, <who> stabilise or <who> rest MINUTES, e.g. heal {who} 5")


# ---------------------------------------------------------------------- advancement

@command("award", "<who> N [why]", complete="who", group="advancement")
def cmd_award(sh: Lucky13Shell, arg: str) -> None:
    """Give Adventure Points (10–20 an adventure is typical)."""
    who, rest = sh.take_who(_tokens(arg), "award")
    if not rest:
        raise CommandError(f"award needs <who> N, e.g. award {who} 12 for saving the village")
    sh.step("award", {"who": who, "points": _int(rest[0], "Adventure Points"), "why": " ".join(rest[1:])})


@command("advance", "<who> spec NAME [in SKILL] | <who> ABILITY", complete="who", group="advancement")
def cmd_advance(sh: Lucky13Shell, arg: str) -> None:
    """Spend Adventure Points: a specialization or a level of one (4 AP), or an ability (die × 4 AP).

    e.g. advance Brunella spec Broadsword in Combat (or spec Combat:Broadsword), advance Brunella reflex.
    """
    who, rest = sh.take_who(_tokens(arg), "advance")
    if not rest:
        raise CommandError(f"advance needs <who> spec NAME [in SKILL] or <who> ABILITY, e.g. advance {who} reflex")
    head = rest[0].lower()
    if head in ("spec", "specialization", "specialisation"):
        body = rest[1:]
        skill = None
        low = [w.lower() for w in body]
        if "in" in low:
            at = low.index("in")
            skill = " ".join(body[at + 1:]).replace("_", " ") or None
            body = body[:at]
        name = " ".join(body).replace("_", " ")
        if ":" in name and skill is None:
            skill, _, name = name.partition(":")
        if not name.strip():
            raise CommandError("advance spec needs a name, e.g. advance Brunella spec Broadsword in Combat")
        sh.step("advance", {"who": who, "what": "spec", "name": name.strip(),
                            "skill": skill.strip() if skill else None})
        return
    if head == "ability":
        rest = rest[1:]
    if len(rest) != 1:
        raise CommandError("advance <who> ABILITY takes one ability, e.g. advance Brunella reflex")
    sh.step("advance", {"who": who, "what": "ability", "ability": parse_ability_word(rest[0]).value})


@command("reputation", "<who> [+N|-N]", aliases=("rep",), complete="who", group="advancement")
def cmd_reputation(sh: Lucky13Shell, arg: str) -> None:
    """Show or change Reputation (-5 to +5); it steps Charm on Reaction checks."""
    who, rest = sh.take_who(_tokens(arg), "reputation")
    if not rest:
        ch = sh.need_scene().character(who)
        sh.info(f"{who}: Reputation {ch.reputation:+d}")
        return
    if len(rest) != 1:
        raise CommandError(f"reputation takes <who> +N or -N, e.g. reputation {who} +1")
    sh.step("reputation", {"who": who, "change": _int(rest[0], "a Reputation change")})


# ---------------------------------------------------------------------- looking

@command("sheet", "[who]", aliases=("status", "s"), complete="who", group="looking")
def cmd_sheet(sh: Lucky13Shell, arg: str) -> None:
    """Character sheets: everyone at a glance, or one in full."""
    scene = sh.need_scene()
    if not scene.characters:
        sh.info("No characters yet: character NAME METHOD … (help character)")
        return
    if arg:
        who, rest = sh.take_who(_tokens(arg), "sheet")
        if rest:
            raise CommandError(f"sheet takes one character, not {' '.join(rest)!r}")
        ch, gear = scene.characters[who], scene.gear.get(who)
        h = ch.health
        sh.info(f"{who} — {state_word(ch)}", "bold")
        sh.info("  " + " · ".join(f"{a.value} {ch.abilities[a]}" for a in ABILITIES)
                + (f" (Pulse now {h.pulse})" if h.pulse != ch.abilities[ABILITIES[2]] else ""))
        sh.info(f"  Hit points {h.hp}/{h.max_hp}, death at {h.death_at}{', stabilised' if h.stable else ''}")
        sh.info("  Skills: " + (", ".join(f"{k} {v}" for k, v in ch.skills.items()) or "none"))
        if ch.specializations:
            sh.info("  Specializations: " + ", ".join(f"{s.name} ({s.skill}) level {s.level}"
                                                     for s in ch.specializations))
        if ch.background:
            sh.info(f"  Background: {ch.background.name} (adv on rolls it helps)")
        if ch.impairments:
            sh.info("  Impairments: " + ", ".join(i.name for i in ch.impairments) + " (dis when they hinder)")
        sh.info(f"  Adventure Points {ch.adventure_points} · Reputation {ch.reputation:+d}")
        if gear and gear.text():
            sh.info(f"  Gear: {gear.text()}")
        return
    t = Table(box=None, pad_edge=False)
    for col in ("Name", "Will", "Charm", "Pulse", "Int", "Reflex", "HP", "State", "Skills", "AP", "Rep"):
        t.add_column(col)
    for n, c in scene.characters.items():
        h = c.health
        pulse = f"{h.pulse if not h.pulse.is_none else '—'}" + (f"/{c.abilities[ABILITIES[2]]}"
                                                               if h.pulse != c.abilities[ABILITIES[2]] else "")
        t.add_row(n, *(str(c.abilities[a]) for a in (ABILITIES[0], ABILITIES[1])), pulse,
                  str(c.abilities[ABILITIES[3]]), str(c.abilities[ABILITIES[4]]), f"{h.hp}/{h.max_hp}",
                  state_word(c), ", ".join(f"{k} {v}" for k, v in c.skills.items()) or "—",
                  str(c.adventure_points), f"{c.reputation:+d}")
    sh.print(t)
    sh.info(f"{scene.mode.value} mode · seed {scene.seed} · {len(scene.steps)} steps"
            + (f" · initiative {' → '.join(scene.initiative.order)}" if scene.initiative else ""), "dim")


@command("odds", "DICE… [target N] [adv|dis] | <who> <ability> <skill> <difficulty> [options]", group="looking")
def cmd_odds(sh: Lucky13Shell, arg: str) -> None:
    """Exact chance to reach 13: without exploding dice, with them (cinematic), gritty; and of a dilemma.

    e.g. odds d10 d8 d6 (Ability, Skill, Difficulty), or odds Hrothgar pulse fighting hard.
    """
    words = _tokens(arg)
    if not words:
        raise CommandError("odds needs dice, e.g. odds d10 d8 d6, or a character's check")
    target = TARGET
    edge_v = 0
    rest: list[str] = []
    i = 0
    while i < len(words):
        w = words[i].lower()
        if w in ("target", "vs") and i + 1 < len(words):
            target = _int(words[i + 1], "target")
            i += 2
            continue
        if w.startswith("target="):
            target = _int(w.partition("=")[2], "target")
        elif w in ADV_WORDS:
            edge_v += 1
        elif w in DIS_WORDS:
            edge_v -= 1
        else:
            rest.append(words[i])
        i += 1
    if not rest:
        raise CommandError("odds needs dice, e.g. odds d10 d8 d6, or a character's check")
    if not 1 <= target <= 60:
        raise CommandError(f"target is 1–60, got {target}")
    e = Edge(max(-1, min(1, edge_v)))
    pool: Pool
    if sh.scene is not None and sh.scene.characters and not re.fullmatch(r"d\d+(\+d\d+)*|none|-", rest[0].lower()):
        who, after = sh.take_who(rest, "odds")
        if len(after) < 3:
            raise CommandError(f"odds for a character: <who> <ability> <skill> <difficulty>, e.g. odds {who} "
                               "pulse fighting moderate")
        side = sh.side([who] + after[:2] + after[3:], "odds")
        diff = parse_difficulty_word(after[2])
        ab_die, sk_die, _labels, side_edge, extra = sh.scene.side_dice(sh.scene.character(who), side["ability"],
                                                                    side["skill"], side)
        pool = Pool.check(ab_die, sk_die, diff, extra)
        if side_edge:
            e = side_edge
        what = f"{who}: {side['ability']} {ab_die} + {side['skill'] or 'no skill'} {sk_die} + {difficulty_label(diff)}"
    else:
        try:
            pool = parse_pool(" ".join(rest))
        except Lucky13Error:
            raise CommandError(f"not dice: {' '.join(rest)!r} (e.g. odds d10 d8 d6; a chain such as d12+d4 is "
                               "one die)") from None
        what = str(pool)
    if len(pool.sizes) > 8 or sum(1 for r, _ in pool.dice() if r == "ability") > 3:
        raise CommandError("odds work out pools of up to 8 dice (an Ability die of up to three)")
    plain = pool_odds(pool, mode=Mode.PLAIN, edge=e, target=target)
    cine = pool_odds(pool, mode=Mode.CINEMATIC, edge=e, target=target)
    grit = pool_odds(pool, mode=Mode.GRITTY, edge=e, target=target)
    edge_txt = {1: " (advantage: Ability rolled twice, higher kept)",
                -1: " (disadvantage: Ability rolled twice, lower kept)"}.get(int(e), "")
    sh.info(f"{what} → {target} or more{edge_txt}:", "bold")
    sh.info(f"  without exploding dice:           {_pct(plain.success):>7}  ({plain.success})")
    sh.info(f"  with exploding dice (cinematic):  {_pct(cine.success):>7}  ({cine.success})")
    sh.info(f"  gritty (Ability explodes once):   {_pct(grit.success):>7}  ({grit.success})")
    sh.info(f"  a dilemma (a die shows 1):        {_pct(cine.dilemma):>7}  ({cine.dilemma})")


@command("log", "[N]", group="looking")
def cmd_log(sh: Lucky13Shell, arg: str) -> None:
    """The last N steps (default 10), one line each."""
    scene = sh.need_scene()
    n = _int(arg, "log count") if arg else 10
    if n < 1:
        raise CommandError(f"log count must be 1 or more, got {n}")
    if not scene.steps:
        sh.info("nothing played yet")
        return
    start = max(0, len(scene.steps) - n)
    for i, st in enumerate(scene.steps[start:], start + 1):
        typed = " (typed dice)" if st.typed else ""
        sh.info(f"  {i:>4}  {st.summary}{typed}")


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
     "Skills: a die, based on an ability, or rolled (R21)."),
    ("specializations", "Specializations",
     "Within a skill; each level (1–5) steps the skill die up once. New ones start at level 1. spec=NAME "
     "on a roll, or use the specialization's name as the skill."),
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
]


@command("rules", "[topic]", complete="l13rules", group="looking")
def cmd_rules(sh: Lucky13Shell, arg: str) -> None:
    """A short Lucky 13 reference; give a topic or any word to search."""
    if not arg:
        sh.info("Topics: " + ", ".join(k for k, _, _ in RULES) + " — rules <topic or any word>")
        return
    key = arg.strip().lower()
    hits = [r for r in RULES if r[0] == key] or [r for r in RULES if r[0].startswith(key)] or \
        [r for r in RULES if key in r[1].lower() or key in r[2].lower()]
    if not hits:
        raise CommandError(f"nothing in the Lucky 13 reference about {arg!r}; topics: "
                           f"{', '.join(k for k, _, _ in RULES)}")
    for _k, title, text in hits[:2]:
        sh.info(title, "bold")
        sh.info(text)


# ---------------------------------------------------------------------- keeping

@command("mode", "[cinematic|gritty|plain]", complete="mode", group="keeping")
def cmd_mode(sh: Lucky13Shell, arg: str) -> None:
    """Which dice explode: cinematic (any, for ever), gritty (the Ability die, once), plain (none)."""
    scene = sh.need_scene()
    if not arg:
        sh.info(f"mode: {scene.mode.value}")
        return
    if arg.strip().lower() not in MODES:
        raise CommandError(f"mode cinematic, gritty or plain, not {arg!r}")
    sh.step("mode", {"mode": arg.strip().lower()})


@command("say", "<text>", group="keeping")
def cmd_say(sh: Lucky13Shell, arg: str) -> None:
    """Your character's action or words (plain text that is no command does the same; Name: text for another)."""
    if not arg:
        raise CommandError("say what?")
    sh._free_text(arg)


@command("undo", "[N]", group="keeping")
def cmd_undo(sh: Lucky13Shell, arg: str) -> None:
    """Take back the last step (or N steps), exactly: characters, mode, initiative and the dice to come."""
    scene = sh.need_scene()
    n = _int(arg, "undo count") if arg else 1
    for st in scene.undo(n):
        sh.info(f"  undone: {st.summary}", "dim")


@command("end", "", group="keeping")
def cmd_end(sh: Lucky13Shell, arg: str) -> None:
    """End the scene: the transcript gets its totals and the save is marked finished (undo reopens it)."""
    scene = sh.need_scene()
    sh.step("end", {})
    for n, c in scene.characters.items():
        h = c.health
        sh.info(f"  {n}: {h.hp}/{h.max_hp} hp, {state_word(c)}, {c.adventure_points} AP")
    if scene.transcript:
        sh.info(f"Transcript: {scene.transcript.path}", "dim")


@command("save", "[FILE]", group="keeping")
def cmd_save(sh: Lucky13Shell, arg: str) -> None:
    """Save now (the scene autosaves after every step); with FILE, also save a copy there."""
    scene = sh.need_scene()
    if arg:
        path = Path(_tokens(arg)[0]).expanduser()
        write_scene_save(scene.to_save(), path)
        sh.info(f"saved a copy to {path}")
    elif scene.save_path is not None:
        write_scene_save(scene.to_save(), scene.save_path)
        sh.info(f"saved to {scene.save_path}")
    else:
        raise CommandError("this scene has no save file; give one: save FILE")


@command("help", "[command]", aliases=("?",), complete="command", group="keeping")
def cmd_help(sh: Lucky13Shell, arg: str) -> None:
    """This list, or the details of one command."""
    for line in registry.help_lines(arg or None):
        sh.info(line)


@command("quit", "", aliases=("exit",), group="keeping")
def cmd_quit(sh: Lucky13Shell, arg: str) -> None:
    """Save and leave (Ctrl-D does the same)."""
    raise Quit()


# ---------------------------------------------------------------------- front ends

#: What each argument position of a command completes with.
SLOTS: dict[str, list[str]] = {
    "check": ["who", "ability", "skill", "difficulty"],
    "contest": ["who", "ability", "skill"],
    "attack": ["who", "who", "weapon"],
    "odds": [],
    "damage": ["who", "damage"],
    "heal": ["who", "heal"],
    "advance": ["who", "advance"],
}


class Lucky13Completer(ShellCompleter):
    """Command words, then each argument as the command wants: character names, abilities,
    the named character's skills, difficulty names, weapons, modes, rule topics."""

    def argument_options(self, cmd, done: list[str]) -> list[str]:
        slots = SLOTS.get(cmd.name) or ([cmd.complete] if cmd.complete else [])
        if cmd.name == "contest" and any(w.lower() == "vs" for w in done):
            last = max(i for i, w in enumerate(done) if w.lower() == "vs")
            done = done[last + 1:]
        names = self.shell.scene.names if self.shell.scene else []
        pos = i = 0
        whos: list[str] = []
        while i < len(done) and pos < len(slots):
            if slots[pos] == "who":
                taken = 1
                for k in range(len(done) - i, 0, -1):
                    cand = " ".join(done[i:i + k]).lower()
                    match = [n for n in names if n.lower() == cand]
                    if match:
                        whos.append(match[0])
                        taken = k
                        break
                i += taken
            else:
                i += 1
            pos += 1
        if pos >= len(slots):
            return []
        return list(self.shell.complete_options(slots[pos], whos))


def _leave(shell: Lucky13Shell) -> None:
    scene = shell.scene
    if scene is not None and scene.save_path is not None:
        scene.autosave()
        shell.info(f"Saved to {scene.save_path}. Resume with: resume (solo play --system lucky13 --resume)", "dim")


def run_lucky13_interactive(shell: Lucky13Shell, history_path=None, input=None, output=None) -> int:
    """The REPL with Lucky 13 completion: the shared front end (one PromptSession, errors
    caught per line, Ctrl-C cancels the line, Ctrl-D saves and leaves)."""
    from .app import run_interactive

    return run_interactive(shell, history_path=history_path, input=input, output=output)


def play(*, seed: int | None = None, mode: str = "cinematic", narrator: str = "template", model: str | None = None,
         load: str | None = None, resume: bool = False, batch: bool = False, lines: Iterable[str] | None = None,
         console: Console | None = None) -> int:
    """``solo play --system lucky13``: batch mode when stdin is not a terminal (or ``batch``),
    else the interactive REPL. Returns the exit code (2 when ``load``/``resume`` fails)."""
    from .app import run_batch, stdin_is_terminal

    interactive = lines is None and stdin_is_terminal() and not batch
    if console is None:
        console = Console(highlight=False) if interactive else Console(highlight=False, color_system=None,
                                                                        width=100, soft_wrap=True)
    shell = Lucky13Shell(console, seed=seed, mode=mode, narrator=narrator, model=model)
    if load:
        if not shell.run_line(f"load {shlex.quote(str(load))}"):
            return 2
    elif resume:
        if not shell.run_line("resume"):
            return 2
    if not interactive:
        return run_batch(shell, lines if lines is not None else sys.stdin)
    shell.info("Lucky 13 — roll 13 or better. Type new to start a scene (help for every command).", "bold")
    return run_lucky13_interactive(shell, history_path=data_dir() / "history-lucky13")
