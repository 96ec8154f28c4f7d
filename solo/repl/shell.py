"""The shell: every REPL command, run one line at a time, never dying on bad input.

The interactive front end (prompt_toolkit) and batch mode (stdin is not a terminal) both
feed lines to :meth:`Shell.run_line`, so scripts exercise exactly what a player types.
"""

from __future__ import annotations

import random
import shlex
import time
from pathlib import Path

from rich.console import Console
from rich.text import Text

from ..nott import events as E
from ..nott.actions import Award, Reroll, Resolve, Roll, Test
from ..nott.cards import SUIT_APTITUDES, SUIT_SYMBOLS, parse_suit
from ..nott.cast import ARCHETYPES, quick_cast
from ..nott.describe import RULES, explain, mechanics, rules_fired
from ..nott.errors import NottError
from ..nott.game import DECIDE, ROLL, Character
from ..nott.reference import SECTIONS, search
from ..play.night import Night
from ..play.paths import saves_dir, transcripts_dir
from ..play.saves import read_save, write_save
from .base import BaseShell, Quit
from .commands import CommandError, Registry
from .view import table_view, toolbar

registry = Registry()
TEACH_PRIORITY = ("red_joker", "black_joker", "endgame", "weakness", "death", "strike", "joker", "genre",
                  "aptitude", "face_failure", "face_success", "atmospheric", "reserve", "number_failure",
                  "number_success", "success", "failure")
command = registry.command


class Shell(BaseShell):
    """The Night of the Thirteenth shell."""

    registry = registry

    def __init__(self, console: Console | None = None, *, rules: str = "ashcan", fast: bool = False,
                 seed: int | None = None, narrator: str = "template", model: str | None = None,
                 teach: bool = False, playset: str | None = None, auto_resolve: bool = True,
                 overrides: list[str] | None = None) -> None:
        super().__init__(console)
        self.night: Night | None = None
        self.rules_name = rules
        self.fast = fast
        self.seed = seed
        self.narrator_kind = narrator
        self.model = model
        self.teach = teach
        self.playset = playset
        self.overrides = list(overrides or [])
        self.auto_resolve = auto_resolve
        self.pending: list[Character] = []
        self._streaming = False
        self.tutorial = False
        self._lesson_card: int | None = None

    def toolbar(self) -> str:
        return toolbar(self.night.game if self.night else None)

    # ------------------------------------------------------------------ output

    def out(self, kind: str, text: str) -> None:
        """Receiver for a Night's output."""
        if kind == "stream":
            self._streaming = True
            self.console.print(Text(text, style="italic"), end="")
        elif kind == "stream-end":
            if self._streaming:
                self.console.print()
            self._streaming = False
        elif kind == "mechanics":
            self.console.print(Text("  " + text, style="cyan"))
        else:
            self.console.print(Text(text, style="yellow"))

    # ------------------------------------------------------------------ helpers

    def need_night(self) -> Night:
        if self.night is None:
            raise CommandError("no night under way: type quick to deal a ready cast, or help")
        return self.night

    def need_running(self) -> Night:
        night = self.need_night()
        if night.game.is_over():
            o = night.game.outcome()
            raise CommandError(f"the night is over ({'dawn' if o.dawn else 'everyone is dead'}): "
                               "type new for another, or undo")
        return night

    def who(self, ref: str) -> int:
        night = self.need_night()
        if not ref:
            raise CommandError("say who: a name (or its first letters) or a number 1–"
                               f"{len(night.cast)}")
        if ref.isdigit():
            n = int(ref)
            if not 1 <= n <= len(night.cast):
                raise CommandError(f"no character number {ref!r} (1–{len(night.cast)})")
            return n - 1
        return night.game.who(ref)

    def dice(self, args: list[str]) -> tuple[int, int] | tuple[None, None]:
        if not args:
            return None, None
        if len(args) == 1 and len(args[0]) == 2 and args[0].isdigit():
            args = [args[0][0], args[0][1]]
        if len(args) != 2:
            raise CommandError(f"dice are two numbers, main d10 (0–9) then Fallout d4 (1–4): got {' '.join(args)!r}")
        from ..nott.chance import check_dice

        return check_dice(args[0], args[1])

    def make_narrator(self, seed, playset=None):
        from ..narration.factory import make_narrator

        return make_narrator(self.narrator_kind, seed=seed, model=self.model, notice=lambda t: self.out("notice", t),
                             playset=playset)

    def playset_obj(self):
        """The chosen playset (loaded now, so a bad one is refused before the night begins)."""
        if not self.playset:
            return None
        from ..playsets import load_playset

        return load_playset(self.playset)

    def ruleset(self):
        """Rules from the playset (or the named ruleset), then fast setup and --set what-ifs."""
        from ..playsets import RuleOverrides, parse_overrides

        ps = self.playset_obj()
        base = ps.rules if ps is not None else RuleOverrides(base=self.rules_name)
        if self.fast:
            base = base.model_copy(update={"fast_setup": True})
        return parse_overrides(self.overrides, base).ruleset()

    def begin(self, cast: list[Character]) -> None:
        rules = self.ruleset()
        ps = self.playset_obj()
        seed = self.seed if self.seed is not None else random.SystemRandom().randrange(1, 10**6)
        self.seed = None
        stem = f"night-{time.strftime('%Y%m%d-%H%M%S')}-{seed}"
        save = saves_dir() / f"{stem}.json"
        n = 1
        while save.exists():
            n += 1
            save = saves_dir() / f"{stem}-{n}.json"
        night = Night(cast, rules, seed, narrator=self.make_narrator(seed, ps), save_path=save,
                      transcript_path=transcripts_dir() / (save.stem + ".md"), narrator_name=self.narrator_kind,
                      playset=ps.name if ps else None, out=self.out)
        night.playset_title = ps.title if ps else None
        self.night = night
        night.on_resolved = self.teach_line
        self.pending = []
        where = f"{ps.title} — " if ps else ""
        self.info(f"A new night: {where}{rules.name} rules{' (fast setup)' if rules.fast_setup else ''}, seed {seed} "
                  f"(replay it with --seed {seed}).", "bold")
        self.info(f"Saving to {save}", "dim")
        night.start()
        self.print(table_view(night.game))
        self.prompt_next()

    def start_tutorial(self) -> None:
        """The guided first night (no save file: the table is stacked)."""
        from ..nott.tutorial import tutorial_game

        game = tutorial_game()
        self.tutorial = True
        self.teach = True
        self._lesson_card = None
        self.night = Night(game.cast, game.rules, "tutorial", narrator=self.make_narrator(13),
                           transcript_path=transcripts_dir() / f"tutorial-{time.strftime('%Y%m%d-%H%M%S')}.md",
                           narrator_name=self.narrator_kind, out=self.out, game=game)
        self.night.on_resolved = self.teach_line
        self.info("Your first night. The deck is stacked so that every rule comes up in order; the choices are "
                  "yours. After each Test a line says which rule fired. Type help at any time, undo to take a step "
                  "back, rules <topic> to read more.", "bold")
        self.night.start()
        self.print(table_view(game))
        self.prompt_next()

    def show_lesson(self) -> None:
        from ..nott.tutorial import lesson_for

        g = self.need_night().game
        if g.threat == self._lesson_card:
            return
        self._lesson_card = g.threat
        lesson = lesson_for(g)
        if lesson is None:
            return
        title, text, todo = lesson
        self.info(f"── Lesson: {title} ──", "bold magenta")
        self.info(text, "magenta")
        self.info(f"Now: {todo}.", "bold")

    def prompt_next(self) -> None:
        night = self.night
        if night is None or night.game.is_over():
            if self.tutorial and night is not None and night.game.is_over():
                self.info("That is the whole game. Start a real night with: solo play", "bold magenta")
            return
        g = night.game
        if self.tutorial and g.phase not in (ROLL, DECIDE):
            self.show_lesson()
        if g.phase == ROLL:
            self.info(f"{g.cast[g.tester].name} is up: roll (or roll M F with your own dice).", "dim")
        elif g.phase == DECIDE:
            self.show_options()
        else:
            self.info("Who takes the Test? test <name> — or describe what happens.", "dim")

    def show_options(self) -> None:
        g = self.need_night().game
        t = g.tester
        name = g.cast[t].name
        p0 = g.preview(0)
        self.info(f"{name}: {g.main} + {g.fallout} = {g.main + g.fallout} against difficulty {p0.difficulty}.", "bold")
        self.info(f"  resolve      → {self._outcome_words(p0)}")
        if g.aptitude_applies():
            for adj in (+1, -1):
                p = g.preview(adj)
                if p.fallout == p0.fallout:
                    continue  # the d4 cannot go further that way
                self.info(f"  resolve {adj:+d}   → {self._outcome_words(p)}  (Aptitude: {g.cast[t].aptitude_name})")
        if not g.rerolled and g.genre[t] > 0:
            self.info(f"  reroll       → spend 1 of {name}'s {g.genre[t]} Genre Points: reroll, +1 on the main die, "
                      "the second result stands")
        elif not g.rerolled and g.pool > 0:
            self.info(f"  (award {name} a Genre Point for playing into a trope, then reroll)", "dim")

    @staticmethod
    def _outcome_words(p) -> str:
        words = f"{'success' if p.success else 'failure'}, {p.fallout_name} ({p.total})"
        if p.dies:
            words += " — DEATH"
        elif p.strike:
            words += " — a Strike"
        return words

    def teach_line(self, test_events: list) -> None:
        """``--teach``: one line saying which rule fired."""
        if not self.teach:
            return
        keys = rules_fired(test_events)
        main = next((k for k in TEACH_PRIORITY if k in keys), keys[0] if keys else None)
        if main:
            self.info(f"rule: {', '.join(k.replace('_', ' ') for k in keys)} — {RULES[main]}", "magenta")

    def has_choice(self) -> bool:
        g = self.need_night().game
        return g.aptitude_applies() or (not g.rerolled and g.genre[g.tester] > 0)

    def play(self, actions: list, say: str | None = None) -> list:
        night = self.need_running()
        events = night.act(actions, say)
        self.after(events)
        return events

    def after(self, events: list) -> None:
        night = self.need_night()
        g = night.game
        if any(type(e) is E.TestResolved for e in events):
            if g.is_over():
                self.print(table_view(g))
                o = g.outcome()
                self.info(("DAWN. " + ", ".join(g.cast[i].name for i in o.survivors) + " survive the night.")
                          if o.dawn else "Everyone is dead. The night belongs to the Killer.", "bold")
                self.info("Type new for another night, log to look back, or quit.", "dim")
                return
            self.print(table_view(g))
        self.prompt_next()

    def _free_text(self, line: str) -> None:
        night = self.need_night()
        who = None
        head, sep, tail = line.partition(":")
        if sep and tail.strip() and " " not in head.strip():
            try:
                who = night.game.who(head.strip())
                line = tail.strip()
            except NottError:
                who = None
        if who is not None and night.game.dead[who] is not None:
            raise CommandError(f"{night.cast[who].name} is dead and says nothing more")
        night.say(line, who)
        speaker = night.cast[who].name if who is not None else (
            night.cast[night.game.tester].name if night.game.tester >= 0 else None)
        self.info(f"  ({speaker + ': ' if speaker else ''}noted for the transcript and the narrator)", "dim")


# ---------------------------------------------------------------------- setup commands

@command("new", "[ashcan|playtest] [fast] [seed N] [playset NAME]", group="setting up")
def cmd_new(sh: Shell, arg: str) -> None:
    """Set up a new night: ruleset, optional fast setup, seed. Then quick or character ×4."""
    words = arg.split()
    rules, fast, seed, playset = "ashcan", False, None, None
    i = 0
    while i < len(words):
        w = words[i].lower()
        if w in ("playset", "--playset") and i + 1 < len(words):
            i += 1
            playset = words[i]
        elif w in ("ashcan", "playtest"):
            rules = w
        elif w in ("fast", "--fast"):
            fast = True
        elif w in ("seed", "--seed") and i + 1 < len(words):
            i += 1
            seed = _int(words[i], "seed")
        elif w.isdigit():
            seed = int(w)
        else:
            raise CommandError(f"new takes ashcan|playtest, fast, seed N: not {words[i]!r}")
        i += 1
    if playset is not None:
        from ..playsets import load_playset

        load_playset(playset)  # refuse a bad one now
    sh.rules_name, sh.fast, sh.seed = rules, fast, seed
    if playset is not None:
        sh.playset = playset
    sh.night = None
    sh.pending = []
    r = sh.ruleset()
    want = str(r.max_cast) if r.min_cast == r.max_cast else f"{r.min_cast}–{r.max_cast}"
    sh.info(f"New night: {rules} rules{', fast setup' if fast else ''}, seed {seed if seed is not None else 'random'}. "
            f"Cast of {want}: type quick for a ready cast, or character Name, Archetype, Aptitude, Why.")


def _int(text: str, what: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise CommandError(f"{what} must be a whole number, got {text!r}") from None


@command("quick", "", group="setting up")
def cmd_quick(sh: Shell, arg: str) -> None:
    """Deal a ready cast of four with four different Aptitudes, and begin."""
    if sh.night is not None and not sh.night.game.is_over():
        raise CommandError("a night is under way (it is saved): type new first to start another")
    seed = sh.seed if sh.seed is not None else random.SystemRandom().randrange(1, 10**6)
    sh.seed = seed
    ps = sh.playset_obj()
    archetypes = {i: tuple(getattr(ps.archetypes, SUIT_APTITUDES[i])) for i in range(4)} if ps else None
    cast = quick_cast(seed, archetypes=archetypes)
    sh.begin(cast[: sh.ruleset().max_cast])


@command("character", "Name, Archetype, Aptitude[, Why]", aliases=("char",), group="setting up")
def cmd_character(sh: Shell, arg: str) -> None:
    """Add a character: e.g. character Laurie, The Babysitter, Resolve, watching the Doyle kids."""
    if sh.night is not None and not sh.night.game.is_over():
        raise CommandError("the cast is set once the night begins")
    parts = [p.strip() for p in arg.split(",")]
    if len(parts) < 3 or not parts[0]:
        raise CommandError(f"character needs Name, Archetype, Aptitude[, Why]: got {arg!r}")
    name, archetype, apt = parts[:3]
    why = ", ".join(parts[3:])
    if any(c.name.lower() == name.lower() for c in sh.pending):
        raise CommandError(f"there is already a {name!r} in the cast")
    ch = Character(name, parse_suit(apt), archetype, why)
    r = sh.ruleset()
    sh.pending.append(ch)
    used = {c.aptitude for c in sh.pending[:-1]}
    hint = "" if ch.aptitude not in used else " (another character shares this Aptitude)"
    sh.info(f"{ch.name}, {archetype or 'no archetype'}, {SUIT_SYMBOLS[ch.aptitude]} {ch.aptitude_name}{hint}. "
            f"Cast {len(sh.pending)}/{r.max_cast}.")
    if len(sh.pending) >= r.max_cast:
        sh.begin(list(sh.pending))


@command("start", "", group="setting up")
def cmd_start(sh: Shell, arg: str) -> None:
    """Begin with the characters added so far (the playtest rules allow a cast of 3)."""
    r = sh.ruleset()
    if not r.min_cast <= len(sh.pending) <= r.max_cast:
        raise CommandError(f"the {r.name} rules need {r.min_cast}–{r.max_cast} characters; "
                           f"{len(sh.pending)} added")
    sh.begin(list(sh.pending))


@command("archetypes", "[suit]", complete="suit", group="setting up")
def cmd_archetypes(sh: Shell, arg: str) -> None:
    """The rulebook's archetype examples, by Aptitude."""
    suits = [parse_suit(arg)] if arg else range(4)
    for s in suits:
        sh.info(f"{SUIT_SYMBOLS[s]} {SUIT_APTITUDES[s]}: {', '.join(ARCHETYPES[s])}")


@command("resume", "", group="setting up")
def cmd_resume(sh: Shell, arg: str) -> None:
    """Resume the last unfinished night."""
    path = latest_unfinished()
    if path is None:
        raise CommandError("no unfinished night to resume")
    load_into(sh, path)


@command("load", "FILE", group="setting up")
def cmd_load(sh: Shell, arg: str) -> None:
    """Load a save file (refused whole if it is damaged; the file is kept)."""
    if not arg:
        raise CommandError("load needs a file name")
    load_into(sh, Path(shlex.split(arg)[0]).expanduser())


def load_into(sh: Shell, path: Path) -> None:
    save = read_save(path)
    night = Night.from_save(path, narrator=None, out=sh.out)
    ps = None
    if save.playset:
        from ..playsets import PlaysetError, load_playset

        try:
            ps = load_playset(save.playset)
            night.playset_title = ps.title
        except PlaysetError as exc:
            sh.out("notice", f"{exc}; narrating without the playset's setting")
    night.narrator = sh.make_narrator(save.seed, ps)
    night.narrator_name = sh.narrator_kind
    night.on_resolved = sh.teach_line
    sh.night = night
    sh.info(f"Resumed: {night.summary()}", "bold")
    sh.print(table_view(night.game))
    sh.prompt_next()


def latest_unfinished() -> Path | None:
    """The last unfinished Night (its saves are named night-*.json)."""
    from ..play.saves import latest_unfinished as latest

    return latest(saves_dir(), "night-*.json", read_save)


# ---------------------------------------------------------------------- play commands

@command("test", "<who> [M F]", complete="character")
def cmd_test(sh: Shell, arg: str) -> None:
    """A character takes on the Threat Card; give your own dice to roll at once."""
    night = sh.need_running()
    words = arg.split()
    if not words:
        raise CommandError("test who? e.g. test " + night.cast[night.game.living()[0]].name)
    # names may have spaces: dice are the trailing numbers
    dice_words = []
    while words and words[-1].isdigit() and len(dice_words) < 2 and len(words) > 1:
        dice_words.insert(0, words.pop())
    who = sh.who(" ".join(words))
    actions: list = [Test(who)]
    m, f = sh.dice(dice_words)
    if m is not None:
        actions.append(Roll(m, f))
    _play_with_auto_resolve(sh, actions)


def _play_with_auto_resolve(sh: Shell, actions: list) -> None:
    night = sh.need_running()
    g = night.game
    # try the step, then add an automatic resolve when the rules leave no choice
    if any(isinstance(a, (Roll, Reroll)) for a in actions) and sh.auto_resolve:
        pushed = 0
        try:
            for a in actions:
                g.push(a)
                pushed += 1
            no_choice = g.phase == DECIDE and not sh.has_choice()
        finally:
            for _ in range(pushed):
                g.pop()
        if no_choice:
            actions = actions + [Resolve(0)]
    sh.play(actions)


@command("roll", "[M F]")
def cmd_roll(sh: Shell, arg: str) -> None:
    """Roll the d13 for the Test under way, or type the dice you rolled: roll 5 3."""
    m, f = sh.dice(arg.split())
    _play_with_auto_resolve(sh, [Roll(m, f)])


@command("reroll", "[M F]")
def cmd_reroll(sh: Shell, arg: str) -> None:
    """Spend the tester's Genre Point: reroll the whole d13 with +1 on the main die."""
    m, f = sh.dice(arg.split())
    _play_with_auto_resolve(sh, [Reroll(m, f)])


@command("resolve", "[+1|-1]", aliases=("accept", "keep"))
def cmd_resolve(sh: Shell, arg: str) -> None:
    """Accept the roll; with Aptitude, +1 or -1 on the Fallout die first."""
    arg = arg.strip()
    adj = {"": 0, "0": 0, "+1": 1, "1": 1, "+": 1, "up": 1, "-1": -1, "-": -1, "down": -1}.get(arg)
    if adj is None:
        raise CommandError(f"resolve takes +1 or -1 (Aptitude), not {arg!r}")
    sh.play([Resolve(adj)])


@command("award", "<who> [why]", complete="character")
def cmd_award(sh: Shell, arg: str) -> None:
    """The Director gives a Genre Point for playing into a trope."""
    night = sh.need_running()
    words = arg.split()
    if not words:
        raise CommandError("award who? e.g. award " + night.cast[night.game.living()[0]].name + " for splitting up")
    # longest name prefix that resolves
    for n in range(len(words), 0, -1):
        try:
            who = sh.who(" ".join(words[:n]))
        except (CommandError, NottError):
            continue
        why = " ".join(words[n:]).strip()
        break
    else:
        who = sh.who(words[0])
        why = ""
    sh.play([Award(who)], say=None)
    if why:
        night.note(f"*Genre Point to {night.cast[who].name}: {why}*")


@command("say", "<text>")
def cmd_say(sh: Shell, arg: str) -> None:
    """Your character's action or words (plain text that is no command does the same)."""
    if not arg:
        raise CommandError("say what?")
    sh._free_text(arg)


@command("undo", "[N]")
def cmd_undo(sh: Shell, arg: str) -> None:
    """Take back the last step (or N steps), exactly."""
    night = sh.need_night()
    n = _int(arg, "undo count") if arg else 1
    steps = night.undo(n)
    for s in steps:
        what = "; ".join(str(a) for a in s.actions) or f"say {s.say!r}"
        sh.info(f"  undone: {what}", "dim")
    sh.print(table_view(night.game))
    sh.prompt_next()


@command("status", "", aliases=("table", "s"), group="looking")
def cmd_status(sh: Shell, arg: str) -> None:
    """The table at a glance."""
    sh.print(table_view(sh.need_night().game))
    sh.prompt_next()


@command("cast", "", group="looking")
def cmd_cast(sh: Shell, arg: str) -> None:
    """Who is who: names, archetypes, aptitudes, why they are here."""
    night = sh.need_night()
    for i, c in enumerate(night.cast, 1):
        sh.info(f"{i}. {c.name} — {c.archetype or '—'}, {SUIT_SYMBOLS[c.aptitude]} {c.aptitude_name}"
                f"{'; ' + c.why if c.why else ''}")


@command("log", "[N]", group="looking")
def cmd_log(sh: Shell, arg: str) -> None:
    """The last N steps (default 10) as mechanical lines."""
    night = sh.need_night()
    n = _int(arg, "log count") if arg else 10
    if n < 1:
        raise CommandError(f"log shows at least one step, not {arg!r}")
    first = max(0, len(night.steps) - n)
    for k, step in enumerate(night.steps[first:], first + 1):
        if step.actions:
            line = "; ".join(str(a) for a in step.actions)
        else:
            who = night.cast[step.who].name + ": " if step.who is not None else ""
            line = f"{who}“{step.say}”"
        sh.info(f"  {k:>4}  {line}")
    if not night.steps:
        sh.info("  (nothing played yet)")
    for line in mechanics(night.last_events, night.names):
        sh.info("       " + line, "cyan")


@command("explain", "", group="looking")
def cmd_explain(sh: Shell, arg: str) -> None:
    """Why the last Test resolved as it did, quoting the rules."""
    night = sh.need_night()
    for line in explain(night.last_test_events, night.names):
        sh.info(line)


@command("rules", "[topic]", complete="topic", group="looking")
def cmd_rules(sh: Shell, arg: str) -> None:
    """The rules reference; give a topic to search (rules strikes, rules joker …)."""
    if not arg:
        sh.info("Topics: " + ", ".join(s.key for s in SECTIONS) + " — rules <topic or any words>")
        return
    hits = search(arg)
    if not hits:
        raise CommandError(f"nothing in the rules about {arg!r}; topics: {', '.join(s.key for s in SECTIONS)}")
    for s in hits[:2]:
        sh.info(s.title, "bold")
        sh.info(s.text)


@command("teach", "[on|off]", complete="onoff", group="looking")
def cmd_teach(sh: Shell, arg: str) -> None:
    """After each resolution, one line saying which rule fired."""
    if arg.lower() not in ("", "on", "off"):
        raise CommandError(f"teach on or teach off, not {arg!r}")
    sh.teach = (not sh.teach) if not arg else arg.lower() == "on"
    sh.info(f"teaching {'on' if sh.teach else 'off'}")


@command("save", "[FILE]", group="keeping")
def cmd_save(sh: Shell, arg: str) -> None:
    """Save now (the night autosaves after every action); with FILE, also save a copy there."""
    night = sh.need_night()
    if arg:
        path = Path(shlex.split(arg)[0]).expanduser()
        write_save(night.to_save(), path)
        sh.info(f"saved a copy to {path}")
    elif night.save_path is not None:
        write_save(night.to_save(), night.save_path)
        sh.info(f"saved to {night.save_path}")
    else:
        raise CommandError("this night has no save file; give one: save FILE")


@command("help", "[command]", aliases=("?",), complete="command", group="keeping")
def cmd_help(sh: Shell, arg: str) -> None:
    """This list, or the details of one command."""
    for line in registry.help_lines(arg or None):
        sh.info(line)


@command("quit", "", aliases=("exit",), group="keeping")
def cmd_quit(sh: Shell, arg: str) -> None:
    """Save and leave (Ctrl-D does the same)."""
    raise Quit()
from . import race  # noqa: E402,F401  (the T13 side-rule registers its commands)
