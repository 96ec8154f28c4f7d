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
from pathlib import Path

from rich.console import Console

from ...lucky13.character import ABILITIES, asset_level
from ...lucky13.checks import DIFFICULTY_LEVELS, Mode, edge
from ...lucky13.dice import as_die
from ...lucky13.narrator import make_lucky13_narrator
from ...lucky13.odds import ADV_WORDS, DIS_WORDS  # the same words everywhere
from ...lucky13.records import Outcome, counted, parse_ability_word, sheet_line
from ...lucky13.reference import RULES
from ...lucky13.saves import DEFAULT_ALLOWANCE, read_scene_save, scene_paths
from ...lucky13.session import Scene
from ...lucky13.transcript import state_word
from ...paths import data_dir, saves_dir, transcripts_dir
from ...play.files import release_reserved
from ...safetext import shown_name
from ..base import BaseShell
from ..commands import CommandError, Registry
from ..completion import ShellCompleter

PROMPT = "l13› "
registry = Registry()
command = registry.command

METHODS = {"random": "random", "balanced": "balanced", "specialized": "specialized", "specialised": "specialized",
           "custom": "custom", "npc": "custom"}
ABILITY_KEYS = {a.value.lower(): a.value for a in ABILITIES} | {a.value.lower()[:3]: a.value for a in ABILITIES}
OPTION_HELP = ("options: spec=NAME, asset=QUALITY, adv, dis, a+N / a-N (Ability die), s+N / s-N (Skill die), "
               "assist=DIE (assist=ability:DIE for an ability task), +DIE (an added die)")
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

def spec_words(words: list[str]) -> tuple[str, str | None]:
    """``NAME [in SKILL]`` or ``SKILL:NAME`` as (name, skill or None); underscores are spaces."""
    low = [w.lower() for w in words]
    skill = None
    if "in" in low:
        at = low.index("in")
        skill = " ".join(words[at + 1:]).replace("_", " ").strip() or None
        words = words[:at]
    name = " ".join(words).replace("_", " ")
    if ":" in name and skill is None:
        skill, _, name = name.partition(":")
        skill = skill.strip() or None
    return name.strip(), skill

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
            elif k == "assist":  # assist=d8, or assist=ability:d8 / assist=skill:d8 for the die it steps (R36)
                on, sep, die = v.partition(":")
                if sep and on.lower() in ("skill", "ability") and die:
                    o["assist_on"] = on.lower()
                    v = die
                elif sep:
                    raise CommandError(f"assist=DIE, assist=ability:DIE or assist=skill:DIE, got {w!r}")
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

class Lucky13Shell(BaseShell):
    """The Lucky 13 shell. ``night`` is the scene under way (the front ends save it on leaving)."""

    registry = registry
    prompt = PROMPT

    def make_completer(self) -> Lucky13Completer:
        return Lucky13Completer(self)

    def leave(self) -> None:
        _leave(self)

    def __init__(self, console: Console | None = None, *, seed: int | None = None, mode: str = "cinematic",
                 narrator: str = "template", model: str | None = None, allowance: int = DEFAULT_ALLOWANCE) -> None:
        super().__init__(console)
        self.scene: Scene | None = None
        self.seed = seed
        self.mode = Mode(mode)
        self.narrator_kind = narrator
        self.model = model
        self.allowance = allowance
        self.queued: list[int] = []

    @property
    def night(self) -> Scene | None:
        """The scene under way (named as the front ends expect: ``save_path``, ``autosave()``)."""
        return self.scene

    # ------------------------------------------------------------------ output

    def show(self, out: Outcome) -> None:
        if out.kind == "ask" and out.result is not None:  # the answer, then how it was decided
            self.info(out.result.text)
            self.info("  " + out.result.how, "dim")
            return
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
        narrator = self.make_narrator(seed)
        save, transcript = scene_paths(seed, saves_dir(), transcripts_dir())
        try:
            scene = Scene(seed, mode=mode or self.mode, title=title,
                          allowance=self.allowance if allowance is None else allowance,
                          narrator=narrator, narrator_name=self.narrator_kind,
                          save_path=save, transcript_path=transcript)
        except BaseException:
            release_reserved([save, transcript])  # no scene: its names are free again
            raise
        self.scene = scene
        self._hold(save)
        self.queued = []
        self.info(f"A new scene{': ' + scene.title if scene.title else ''} — seed {seed} (replay it with seed {seed}), "
                  f"{scene.mode.value} mode, {counted(scene.allowance, 'starting specialization')}.", "bold")
        self.show(scene.start())
        self.info("Next: character NAME random|balanced|specialized|custom … (help character), skill NAME "
                  "Skill=ABILITY, spec NAME Skill:Name, then check, contest, attack.", "dim")
        return scene

    def load(self, path: Path) -> None:
        from ...play.files import check_loadable_name

        save = read_scene_save(check_loadable_name(path))
        scene = Scene.from_save(path, narrator=self.make_narrator(save.seed), narrator_name=self.narrator_kind)
        if not self._hold(path):  # another solo plays it: look, or go on in a copy
            scene.save_path = None
            scene.transcript = None
            self.info(f"This scene is open in another solo ({self._refused or 'another process'}): opened read-only, "
                      "nothing is saved. To keep what you do here: save FILE, then load FILE.", "yellow")
        self.scene = scene
        self.queued = []
        self.info(f"Resumed: {scene.summary()}", "bold")
        if scene.transcript is not None and scene.transcript.path.name != Path(path).stem + ".md":
            self.info(f"(a save from outside your saves folder: its transcript goes to "
                      f"{shown_name(scene.transcript.path)})", "dim")
        for n, c in scene.characters.items():
            self.info(f"  {n}: {sheet_line(c, scene.gear.get(n))}")

    def _hold(self, path: Path) -> bool:
        """Hold ``path`` for this shell alone (letting go of the one held before); False if
        another solo has it open."""
        from ...play.lock import SaveLock

        lock = SaveLock(path)
        if not lock.acquire():
            self._refused = lock.holder
            return False
        old = getattr(self, "lock", None)
        if old is not None:
            old.release()
        self.lock = lock
        return True

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
        try:
            out = self.need_scene().do(kind, args, dice)
        except ValueError as exc:
            if not queued:
                raise
            raise CommandError(f"{exc} — these dice came from the queue ({' '.join(map(str, dice or []))}): "
                               "dice clear empties it, dice N … sets new ones") from None
        if queued:
            self.queued = []
        self.show(out)
        return out

    def is_name(self, word: str, exact: bool = False) -> bool:
        """Is ``word`` a character's name (or, unless ``exact``, the start of just one)?"""
        names = [n.lower() for n in self.scene.names] if self.scene is not None else []
        word = word.lower()
        return word in names or (not exact and sum(n.startswith(word) for n in names) == 1)

    def take_who(self, words: list[str], doing: str = "") -> tuple[str, list[str]]:
        """The character named at the start of ``words`` (a full name, any case, possibly of
        several words, or a unique beginning of one) and the words after it."""
        scene = self.need_scene()
        names = scene.names
        if not words:
            raise CommandError(f"{doing + ': ' if doing else ''}say who ({', '.join(names) or 'no characters yet'})")
        longest = max((len(n) for n in names), default=0)
        k_max, length = 0, -1  # no more words than the longest name holds: linear in the line
        while k_max < len(words) and length + 1 + len(words[k_max]) <= longest:
            length += 1 + len(words[k_max])
            k_max += 1
        for k in range(k_max, 0, -1):
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

    def skill_word(self, who: str, word: str, ability: str = "pulse") -> tuple[str | None, str | None]:
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
        from .typos import closest_skill, known_skills

        skills = f"skills: {', '.join(ch.skills) or 'none'}"
        mine = closest_skill(key, [*ch.skills, *(s.name for s in ch.specializations)])
        if mine is not None:  # a slip on a skill the character has: never a hint that adds the slip
            raise CommandError(f"{who} has no skill {word!r}: did you mean {mine}? ({skills}; a new one: skill {who} "
                               f"NAME={ability.lower()})")
        known = closest_skill(key, known_skills(self))
        name = known if known is not None else word.replace("_", " ").strip().capitalize()
        add = "Add" if known is not None and known.lower() != key else "add"
        meant = f" did you mean {known}?" if add == "Add" else ""
        raise CommandError(f"{who} has no skill {word!r} ({skills}):{meant} {add} it with skill {who} "
                           f"{name.replace(' ', '_')}={ability.lower()} (it starts at that ability's die), or roll "
                           "none for no skill die")

    def creation_hint(self, who: str) -> None:
        """Say what a character still lacks to play: skills, then starting specializations."""
        scene = self.need_scene()
        ch = scene.characters[who]
        left = scene.allowance + len(ch.impairments) - len(scene.starting.get(who, ()))
        choose = counted(left, "starting specialization")
        if not ch.skills:
            then = f", then choose {choose}: spec {who} Stealth:Pick_locks" if left > 0 else ""
            self.info(f"{who} has no skills yet: add them with skill {who} Stealth=reflex Lore=intellect "
                      f"(each starts at that ability's die){then}", "yellow")
        elif left > 0:
            first = next(iter(ch.skills)).replace(" ", "_")
            self.info(f"{who} has {choose} to choose: spec {who} {first}:NAME (help spec)", "yellow")

    def side(self, words: list[str], doing: str) -> dict:
        """``<who> <ability> <skill> [options]`` for a check or a contest side."""
        who, rest = self.take_who(words, doing)
        if len(rest) < 2:
            raise CommandError(f"{doing} needs <who> <ability> <skill> for each side, e.g. {who} pulse fighting")
        ability = parse_ability_word(rest[0]).value
        skill, spec = self.skill_word(who, rest[1], ability)
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

    def speaker(self, line: str) -> tuple[str | None, str]:
        """``Name: text`` as (the character, the text); (None, the line) when it names none."""
        head, sep, tail = line.partition(":")
        if sep and tail.strip() and self.scene is not None:
            try:
                who, rest = self.take_who(head.split())
            except CommandError:
                return None, line
            if not rest:
                return who, tail.strip()
        return None, line

    def _refuse_typo(self, line: str) -> None:
        """A command a slip away (``chek Vera pulse fighting``, ``atak Ann Cas``) is refused with
        "did you mean …?", not written as the character's action (:mod:`.typos`)."""
        from .typos import did_you_mean

        hint = did_you_mean(self, line)
        if hint:
            raise CommandError(hint)

    def _typed_text(self, line: str) -> None:
        """A line that is no command: a question (``is the door locked?``, ``Brunella: am I
        hurt?``) is asked; anything else is the character's action (``say`` writes either as typed)."""
        self._refuse_typo(line)
        if self.scene is not None:
            from ...director.questions import is_question

            who, text = self.speaker(line)
            if is_question(text):
                self.ask(text, who)
                return
        self._free_text(line)

    def ask(self, text: str, who: str | None = None, odds: str | None = None) -> Outcome:
        """Put a question to the scene; the answer is shown at once, and kept (a step: undo takes it back)."""
        out = self.step("ask", {"text": text, "who": who, "odds": odds})
        from ... import english

        missing = english.missing()
        if missing and not getattr(self, "_told_missing", False):
            self._told_missing = True
            self.info(f"  ({missing})", "dim")
        return out

    def warm_up(self) -> None:
        """Once the first prompt shows: start loading the English pipeline the first question needs."""
        from ... import english

        english.preload()

    def settle(self) -> None:
        """On the way out: wait for what :meth:`warm_up` started."""
        from ... import english

        english.settle()

    def _free_text(self, line: str) -> None:
        scene = self.need_scene()
        who, line = self.speaker(line)
        out = scene.do("say", {"text": line, "who": who})
        self.info(f"  ({out.speaker + ': ' if out.speaker else ''}noted for the transcript and the narrator)", "dim")


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


def _begin(shell: Lucky13Shell, load: str | None, resume: bool) -> bool:
    """--load or --resume, as asked; False when the scene named cannot be loaded."""
    if load:
        return shell.run_call(shell.load, Path(load))  # the file named, exactly: never the name cleaned
    return not resume or shell.run_line("resume")


def _leave(shell: Lucky13Shell) -> None:
    scene = shell.scene
    if scene is not None and scene.save_path is not None:
        scene.autosave()
        if scene.finished:
            shell.info(f"Saved to {shown_name(scene.save_path)}.", "dim")
        else:
            from ..app import resume_command

            again = resume_command(scene.save_path, "lucky13-*.json", "lucky13")
            how = "resume (in Lucky 13), or from your shell:" if again.endswith("--resume") else "from your shell:"
            shell.info(f"Saved to {shown_name(scene.save_path)}. To go on: {how}", "dim")
            _whole_line(shell, "  " + again, "dim")


def _whole_line(shell: Lucky13Shell, text: str, style: str = "") -> None:
    """``text`` on a line of its own that is never broken (a command to copy whole): rich wraps
    nothing of it, however narrow the terminal."""
    console = shell.console
    if getattr(console, "plain", False):  # the batch console wraps nothing
        console.text(text, style)
        return
    from rich.text import Text

    console.print(Text(text, style=style, no_wrap=True, overflow="ignore"), soft_wrap=True)


def run_lucky13_interactive(shell: Lucky13Shell, history_path=None, input=None, output=None) -> int:
    """The REPL with Lucky 13 completion: the shared front end (one PromptSession, errors
    caught per line, Ctrl-C cancels the line, Ctrl-D saves and leaves)."""
    from ..app import run_interactive

    return run_interactive(shell, history_path=history_path, input=input, output=output)


def play(*, seed: int | None = None, mode: str = "cinematic", narrator: str = "template", model: str | None = None,
         load: str | None = None, resume: bool = False, batch: bool = False, lines: Iterable[str] | None = None,
         console: Console | None = None) -> int:
    """``solo play --system lucky13``: batch mode when stdin is not a terminal (or ``batch``),
    else the interactive REPL. Returns the exit code (2 when ``load``/``resume`` fails)."""
    from ..app import run_batch, stdin_is_terminal

    interactive = lines is None and stdin_is_terminal() and not batch
    if console is None:
        console = Console(highlight=False) if interactive else Console(highlight=False, color_system=None,
                                                                        width=100, soft_wrap=True)
    shell = Lucky13Shell(console, seed=seed, mode=mode, narrator=narrator, model=model)
    if not interactive:
        from ..streams import OutputLost, report, watch

        watch(shell.console)
        try:
            if not _begin(shell, load, resume):
                return 2
        except OutputLost as lost:  # the output went away while the scene was loaded: saved, and said
            return report(lost, shell, "before the first line of the input", _leave)
        return run_batch(shell, lines if lines is not None else sys.stdin)
    if not _begin(shell, load, resume):
        return 2
    shell.info("Lucky 13 — roll 13 or better. Type new to start a scene (help for every command).", "bold")
    return run_lucky13_interactive(shell, history_path=data_dir() / "history-lucky13")
