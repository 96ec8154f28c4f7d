"""The Night of the Thirteenth shell: run one line at a time, never dying on bad input.

The interactive front end (prompt_toolkit) and batch mode (stdin is not a terminal) both
feed lines to :meth:`Shell.run_line`, so scripts exercise exactly what a player types. The
commands register themselves from :mod:`.setup` (setting up a night), :mod:`.play` (playing,
looking, keeping), :mod:`.director` and :mod:`.race` (the T13 side-rule), each imported when one
of its commands is first typed (:mod:`.nott_commands`).
"""

from __future__ import annotations

import random
import time

from typing import TYPE_CHECKING

from ..nott import events as E
from ..nott.describe import RULES, rules_fired
from ..nott.errors import NottError
from ..nott.game import DECIDE, ROLL, Character
from ..play.files import release_reserved, reserve
from ..play.night import Night
from ..paths import saves_dir, transcripts_dir
from .base import BaseShell, Quit  # noqa: F401  (Quit: for the front ends)
from .commands import CommandError, _int  # noqa: F401  (_int: the shells' whole numbers)
from .nott_commands import command, registry  # noqa: F401  (command: for the modules below)
from .toolbar import toolbar

if TYPE_CHECKING:
    from rich.console import Console

TEACH_PRIORITY = ("red_joker", "black_joker", "endgame", "weakness", "death", "strike", "joker", "genre",
                  "aptitude", "face_failure", "face_success", "atmospheric", "reserve", "number_failure",
                  "number_success", "success", "failure")


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
        self.asker = None  # at a terminal: ask(question, default, options), the set-up questions' prompt
        self.playset = playset
        self.overrides = list(overrides or [])
        self.auto_resolve = auto_resolve
        self.pending: list[Character] = []
        self._streaming = False
        self.tutorial = False
        self._lesson_card: int | None = None
        self._director = None  # made at first use: the model's judge with the LLM narrator
        self.proposal = None  # a Genre Point the director proposes (director awards ask)
        self.deaths: list[int] = []  # deaths the player may write next (see write_death)
        self.new_asked: tuple | None = None  # `new` asked about leaving this night (see setup)
        #: The lines and veils a night begins with, and a loaded one is given too (config.toml's
        #: [safety], --line/--veil, line/veil typed before a night): None for none.
        self.safety = None

    @property
    def director(self):
        if self._director is None:
            from .director import make_director

            self._director = make_director(self)
        return self._director

    def toolbar(self) -> str:
        try:
            from prompt_toolkit.application import get_app

            width = get_app().output.get_size().columns
        except Exception:  # no terminal to measure
            width = 80
        return toolbar(self.night.game if self.night else None, width)

    # ------------------------------------------------------------------ output

    def out(self, kind: str, text: str) -> None:
        """Receiver for a Night's output."""
        if kind == "stream":
            self._streaming = True
            self.say(text, "italic", end="")
        elif kind == "stream-end":
            if self._streaming:
                self.console.print()
            self._streaming = False
        elif self._streaming:  # a line said while a paragraph streams (a notice): on a line of its own
            self.console.print()
            self._streaming = False
            self.out(kind, text)
        elif kind == "mechanics":
            self.say("  " + text, "cyan")
        else:
            self.say(text, "yellow")

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

    def is_name(self, word: str, exact: bool = False) -> bool:
        """Is ``word`` a character's name (or, unless ``exact``, an unambiguous first part of one)?"""
        if self.night is None:
            return any(c.name.lower() == word.lower() for c in self.pending)
        if exact:
            return any(c.name.lower() == word.lower() for c in self.night.cast)
        try:
            self.night.game.who(word)
        except NottError:
            return False
        return True

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
        from ..nott.rules import RULESETS

        if not self.playset and not self.overrides and self.rules_name in RULESETS:
            rules = RULESETS[self.rules_name]  # no playset machinery: as it would give them
            return rules.with_(fast_setup=True) if self.fast else rules
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
        narrator = self.make_narrator(seed, ps)
        # the save's name and the transcript's, taken at once: another solo started in the
        # same second with the same seed gets other names
        name = reserve(f"night-{time.strftime('%Y%m%d-%H%M%S')}-{seed}",
                       [(saves_dir(), ".json"), (transcripts_dir(), ".md")])
        save, transcript = saves_dir() / f"{name}.json", transcripts_dir() / f"{name}.md"
        try:
            night = Night(cast, rules, seed, narrator=narrator, save_path=save, transcript_path=transcript,
                          narrator_name=self.narrator_kind, playset=ps.name if ps else None, out=self.out)
            night.playset_title = ps.title if ps else None
            if self.safety:  # the lines and veils set before the night (config.toml, --line, line …)
                night.safety = self.safety
            self.night = night
            from .locking import hold_lock

            hold_lock(self, save)  # a new file: one solo at a time may write it
            night.on_resolved = self.teach_line
            night.teach = self.teach
            self.pending = []
            where = f"{ps.title} — " if ps else ""
            self.info(f"A new night: {where}{rules.name} rules{' (fast setup)' if rules.fast_setup else ''}, "
                      f"seed {seed} (replay it with --seed {seed}).", "bold")
            self.info(f"Saving to {save}", "dim")
            night.start()
        except BaseException:
            release_reserved([save, transcript])  # the night did not start: its names are free again
            raise
        self.show_table(night.game)
        self.prompt_next()

    def start_tutorial(self) -> None:
        """The guided first night (no save file: the table is stacked)."""
        from ..nott.tutorial import tutorial_game

        game = tutorial_game()
        self.tutorial = True
        self.teach = True
        self._lesson_card = None
        narrator = self.make_narrator(13)
        name = reserve(f"tutorial-{time.strftime('%Y%m%d-%H%M%S')}", [(transcripts_dir(), ".md")])
        self.night = Night(game.cast, game.rules, "tutorial", narrator=narrator,
                           transcript_path=transcripts_dir() / f"{name}.md",
                           narrator_name=self.narrator_kind, out=self.out, game=game)
        self.night.on_resolved = self.teach_line
        if self.safety:
            self.night.safety = self.safety
        from ..nott.tutorial import lesson_tester

        self.night.suggest = lesson_tester  # the director points at the lesson's tester
        self.info("Your first night. The deck is stacked so that every rule comes up in order; the choices are "
                  "yours. After each Test a line says which rule fired. Type help at any time, undo to take a step "
                  "back, rules <topic> to read more.", "bold")
        self.night.start()
        self.show_table(game)
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
        if "Genre Point" in title and self.director.mode != "off":
            self.info("The director can award it itself: type what a character does — Cat: I read the old legend "
                      "aloud — and a line that plays into a horror trope earns that character a Genre Point, with "
                      "the reason (undo gives it back; director awards ask or off if you would rather decide).",
                      "magenta")
        self.info(f"Now: {todo}.", "bold")

    def show_recap(self) -> None:
        """Previously…, in at most five lines."""
        from ..director.recap import recap

        night = self.need_night()
        safety = night.safety_now
        for line in recap(night.game, night.story, night.last_test_events):
            head = line.startswith("Previously")
            if safety and safety.touches(line):  # told by the director: within the lines and veils too
                line = safety.scrub(line)
                if not line.endswith("off screen."):  # nothing of it left to tell
                    continue
            self.info(line, "bold" if head else "")

    #: Rows below which a Test's result would scroll away above the whole table redrawn.
    SHORT_SCREEN = 40

    def short_screen(self) -> bool:
        """A terminal too short for a Test's telling and the whole table (80x24)."""
        console = self.console
        if getattr(console, "plain", False) or not getattr(console, "is_terminal", False):
            return False
        return console.size.height < self.SHORT_SCREEN

    def show_brief(self, game) -> None:
        """The table in one line (the toolbar's), and where the whole one is."""
        from .toolbar import toolbar

        self.info(toolbar(game, self.width()).strip(), "bold")
        self.info("  (table shows the whole table)", "dim")

    def prompt_next(self, lesson: bool = True) -> None:
        night = self.night
        if night is None or night.game.is_over():
            return
        g = night.game
        if self.tutorial and lesson and g.phase not in (ROLL, DECIDE):
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
            held = g.genre[t]
            spend = f"{name}'s Genre Point" if held == 1 else f"1 of {name}'s {held} Genre Points"
            self.info(f"  reroll       → spend {spend}: reroll, +1 on the main die, "
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

    def run_line(self, line: str) -> bool:
        """As :meth:`BaseShell.run_line`; after a death the next free-text line is its telling."""
        if self.deaths:
            written = self._write_death(line)
            if written is not None:
                return written
        return super().run_line(line)

    def _write_death(self, line: str) -> bool | None:
        """The line after a death: free text becomes the death (True once written, False if
        refused: the director's telling stands and nothing is lost); Enter keeps the director's
        telling; a command or a question keeps it too and runs (None)."""
        from ..director.questions import is_question
        from ..play.text import TextRefused, clean_line

        who = self.deaths[0]
        try:
            text = clean_line(line).strip()
        except TextRefused:
            return None  # refused in one line by run_line; the death may still be written
        night = self.night
        if night is None or who >= len(night.cast):
            self.deaths.clear()
            return None
        name = night.names[who]
        head, sep, tail = text.partition(":")
        if sep and head.strip().lower() == name.lower() and tail.strip():
            text = tail.strip()
        elif sep and tail.strip() and " " not in head.strip() and self.is_name(head.strip(), exact=True):
            self.deaths.clear()  # "Pam: I jam the door": Pam's line, not the death; the director's telling stands
            return None
        if not text:
            self.deaths.pop(0)
            self.info(f"  The director's telling of {name}'s death stands.", "dim")
            self._after_death()
            return True
        from .typos import did_you_mean

        if (text.startswith("#") or self.registry.find(text.split()[0]) is not None or is_question(text)
                or did_you_mean(self.registry, text, self.is_name, lambda w: self.is_name(w, exact=True))):
            self.deaths.clear()  # a command (or one mistyped): the director's telling stands
            return None
        try:
            night.write_death(text, who)
        except ValueError as exc:  # refused in one line; the death may still be written
            self.error(str(exc))
            return False
        self.deaths.pop(0)
        self.info(f"  So that is how {name} dies. (undo takes it back)", "dim")
        self._after_death()
        return True

    def _ask_death(self) -> None:
        if self.deaths:
            name = self.need_night().names[self.deaths[0]]
            self.info(f"How does {name} die? That was the director's telling. Write your own now "
                      "(one line), or press Enter to keep it.", "bold magenta")

    def _after_death(self) -> None:
        """A death written or kept: the next death is asked for, or else what comes next."""
        if self.deaths:
            self._ask_death()
        elif self.night is not None and self.night.game.is_over():
            self._closing_hint()
        else:
            self.prompt_next(lesson=False)  # the tutorial's lesson came with the death

    def after(self, events: list) -> None:
        """After a step: the table, then one thing asked of the player, last: a death to
        write, else who goes next (or, at the end, how the night ended and what now)."""
        night = self.need_night()
        g = night.game
        self.deaths = [e.who for e in events if type(e) is E.CharacterDied]
        if any(type(e) is E.TestResolved for e in events):
            if self.short_screen() and not g.is_over():
                self.show_brief(g)  # the result stays on screen above it
            else:
                self.show_table(g)
            if g.is_over():
                o = g.outcome()
                alive = [g.cast[i].name for i in o.survivors]
                self.info((f"DAWN. {', '.join(alive)} survive{'s' if len(alive) == 1 else ''} the night.")
                          if o.dawn else "Everyone is dead. The night belongs to the Killer.", "bold")
                if self.deaths:
                    self._ask_death()
                else:
                    self._closing_hint()
                return
        if self.deaths:
            if self.tutorial and g.phase not in (ROLL, DECIDE):
                self.show_lesson()
            self._ask_death()
        else:
            self.prompt_next()

    def _closing_hint(self) -> None:
        if self.tutorial:
            from ..invocation import solo_command

            self.info("That was the whole game, every rule of it. Start a night of your own with: "
                      f"{solo_command()} play", "bold magenta")
        else:
            self.info("Type new for another night, log to look back, or quit.", "dim")

    def speaker_typo(self, head: str, hint: str) -> None:
        """Refuse ``Head: …`` when ``Head`` is not in the cast but one letter off exactly one name
        ("Alam: I light the flare" for Alma): a mistyped speaker is not the group's line."""
        from ..english import one_edit

        word = head.strip()
        if not word.isalpha() or self.night is None:
            return
        near = [c.name for c in self.night.cast if one_edit(word.lower(), c.name.lower())]
        if len(near) == 1:
            raise CommandError(f"{word!r} is not in the cast: did you mean {near[0]}? ({hint})")

    def _free_text(self, line: str, asked: bool = False) -> None:
        """A line that is no command: the character's action or words (``asked``: typed after
        ``say``, so written whatever it is)."""
        if self.night is None:  # no story yet: a word one slip from a command is that command
            from .typos import did_you_mean

            hint = did_you_mean(self.registry, line, self.is_name, lambda w: self.is_name(w, exact=True), loose=True)
            if hint:
                raise CommandError(hint)
        night = self.need_night()
        bare = line.strip()
        if not asked and len(bare) <= 2 and bare.isalpha() and bare.lower() not in ("i", "go", "no", "ok"):
            raise CommandError(f"{bare!r} is too short to be a line of the story: type help for the commands, "
                               f"or say {bare} to write it anyway")
        who = None
        head, sep, tail = line.partition(":")
        if sep and tail.strip() and " " not in head.strip():
            try:
                who = night.game.who(head.strip())
                line = tail.strip()
            except NottError:
                who = None
                self.speaker_typo(head, f"to write it as story: say {line}")
        if who is not None and night.game.dead[who] is not None:
            raise CommandError(f"{night.cast[who].name} is dead and says nothing more")
        from ..director.questions import is_question
        from .meta import about_play

        if who is None and not asked and about_play(line):
            self.info("That asks about playing, not the story: nothing is written.", "dim")
            if night.game.is_over():
                self.info("The night is over: new starts another, quit leaves.", "dim")
            else:
                self.prompt_next(lesson=False)
            self.info(f"help lists every command; tutorial teaches a night; a question with a name "
                      f"({night.cast[0].name}: is the door locked?) asks the director inside the story.", "dim")
            return
        if is_question(line):
            self.ask(line, who)
            return
        held = [list(p.items) for p in night.story.people]
        night.say(line, who)
        if who is None and night.game.tester >= 0:
            who = night.game.tester
        speaker = night.cast[who].name if who is not None else None
        self.info(f"  ({speaker + ': ' if speaker else ''}noted for the transcript and the narrator)", "dim")
        for p, before in zip(night.story.people, held):
            for thing in set(p.items) - set(before):
                self.info(f"  {p.name} now carries {speaker}'s {thing}.", "dim")
        from .director import direct

        direct(self, line, who)
        from ..director.tidy import asked_after

        asked = asked_after(line)  # "I answer it. Who is this?": done, and asked
        if asked and not night.game.is_over() and (who is None or night.game.dead[who] is None):
            self.ask(asked, who)


    def ask(self, question: str, who: int | None = None, odds: str | None = None) -> None:
        """Put a question to the director; its answer is told at once (and kept)."""
        night = self.need_night()
        reply = night.ask(question, who, odds)
        how = reply.describe()
        if how:
            self.info(f"  {how}", "dim")
        from .. import english

        missing = english.missing()
        if missing and not getattr(self, "_told_missing", False):
            self._told_missing = True
            self.info(f"  ({missing})", "dim")
        self.prompt_next()

    def warm_up(self) -> None:
        """Once the first prompt shows: start loading the English pipeline the first question needs."""
        from .. import english

        english.preload()

    def settle(self) -> None:
        """On the way out: wait for what :meth:`warm_up` started."""
        from .. import english

        english.settle()

