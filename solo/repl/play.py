"""The Night's play commands: test, roll, reroll, resolve, award, say, undo; looking and keeping."""

from __future__ import annotations

from pathlib import Path

from ..nott.actions import Award, Reroll, Resolve, Roll, Test, describe
from ..nott.cards import SUIT_SYMBOLS
from ..nott.describe import explain, mechanics
from ..nott.errors import NottError
from ..nott.game import CHOOSE_TESTER, DECIDE
from ..play.files import check_copy_target, path_argument, typed_path
from ..play.lock import writing_to
from .locking import copied, own_copy
from ..play.text import MAX_NAME
from ..safetext import shown_name
from .base import Quit
from .commands import CommandError, _int
from .nott_commands import command, registry


# ---------------------------------------------------------------------- play commands

@command("test", "<who> [M F]", complete="character")
def cmd_test(sh, arg: str) -> None:
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
    want = None
    if sh.tutorial:
        from ..nott.tutorial import lesson_tester

        want = lesson_tester(night.game)
        if want is not None and want.lower() == night.cast[who].name.lower():
            want = None
    _play_with_auto_resolve(sh, actions)
    if want is not None:  # the dice belong to the card, not to the character
        sh.info(f"(The lesson has {want} take this card. {night.cast[who].name} rolls the lesson's dice instead, "
                f"and the story may go another way: type undo to give it to {want}, or play on.)", "bold magenta")


def _play_with_auto_resolve(sh, actions: list) -> None:
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
def cmd_roll(sh, arg: str) -> None:
    """Roll the d13 for the Test under way, or type the dice you rolled: roll 5 3."""
    m, f = sh.dice(arg.split())
    _play_with_auto_resolve(sh, [Roll(m, f)])


@command("reroll", "[M F]")
def cmd_reroll(sh, arg: str) -> None:
    """Spend the tester's Genre Point: reroll the whole d13 with +1 on the main die."""
    m, f = sh.dice(arg.split())
    _play_with_auto_resolve(sh, [Reroll(m, f)])


@command("draw", "[trophy|removed] CARD", complete="draw")
def cmd_draw(sh, arg: str) -> None:
    """Play with a real deck: the card you turned up, as you type dice: draw 7S (7♠, 10H, TH, QD,
    A♣, red joker).

    draw CARD: the Threat Card you drew, in place of the one on the table; it must be a card that
    can be on top of the Threat Deck now (if not, the line says why). draw trophy CARD: the Trophy
    Pile's new top, at set-up (the ashcan's 10) and after each shuffle. With the faster set-up,
    draw removed CARD names the card of its rank you took out, before the first Test. Undo takes a
    draw back, saves and replays keep it, the transcript says it was drawn by hand. Cards you do
    not type are dealt as before: move the cards the table names (a Number Reserve card to the
    bottom, a random Jack, Queen or King)."""
    from ..nott.actions import DRAW_WORDS, is_told_draw, parse_draw
    from ..nott.errors import InvalidCardError

    night = sh.need_running()
    if not arg.strip():
        raise CommandError("draw which card? e.g. draw 7S, draw 7♠, draw red joker, draw trophy 10C")
    try:
        action = parse_draw(arg)
    except InvalidCardError as exc:
        if arg.split()[0].lower() not in DRAW_WORDS and is_told_draw(arg):
            sh._free_text(f"draw {arg}")  # "draw my knife": the character's action
            return
        # a card mistyped ("draw 7S 7S", "draw 1e9S", "draw None"): refused, nothing changes
        words = " ".join(arg.split())
        if len(words) <= 60 and all(w.isalpha() for w in words.split()):
            raise InvalidCardError(f"{exc}; to write it as story: say draw {words}") from None
        raise
    events = night.act([action])
    sh.show_table(night.game)
    sh.after(events)


@command("resolve", "[+1|-1]", aliases=("accept", "keep"))
def cmd_resolve(sh, arg: str) -> None:
    """Accept the roll; with Aptitude, +1 or -1 on the Fallout die first."""
    arg = arg.strip()
    adj = {"": 0, "0": 0, "+1": 1, "1": 1, "+": 1, "up": 1, "-1": -1, "-": -1, "down": -1}.get(arg)
    if adj is None:
        raise CommandError(f"resolve takes +1 or -1 (Aptitude), not {arg!r}")
    night = sh.need_running()
    if night.game.phase == CHOOSE_TESTER and _resolved_by_itself(night):
        sh.info("(nothing to resolve: the last roll resolved by itself, as the rules left no choice)", "dim")
        return
    sh.play([Resolve(adj)])


def _resolved_by_itself(night) -> bool:
    """Did the last step that played anything roll and resolve at once (the automatic resolve)?"""
    last = next((s.actions for s in reversed(night.steps) if s.actions), [])
    return any(isinstance(a, (Roll, Reroll)) for a in last) and any(isinstance(a, Resolve) for a in last)


@command("award", "<who> [why]", complete="character")
def cmd_award(sh, arg: str) -> None:
    """The Director gives a Genre Point for playing into a trope."""
    night = sh.need_running()
    words = arg.split()
    if not words:
        raise CommandError("award who? e.g. award " + night.cast[night.game.living()[0]].name + " for splitting up")
    # longest name prefix that resolves (no longer than a name can be: linear in the line)
    n_max, length = 0, -1
    while n_max < len(words) and length + 1 + len(words[n_max]) <= MAX_NAME:
        length += 1 + len(words[n_max])
        n_max += 1
    for n in range(n_max, 0, -1):
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
def cmd_say(sh, arg: str) -> None:
    """Your character's action or words (plain text that is no command does the same)."""
    if not arg:
        raise CommandError("say what?")
    sh._free_text(arg, asked=True)


@command("give", "<Name> <thing> to <Name>", group="play")
def cmd_give(sh, arg: str) -> None:
    """Hand a thing one character carries to another (the same as typing "Tina: I give my
    hatchet to Wes"); the fiction moves it, and undo moves it back."""
    import re

    m = re.fullmatch(r"(\S+)\s+(.+?)\s+to\s+(\S+)", arg.strip())
    if not m:
        raise CommandError("give whom what? e.g. give Tina hatchet to Wes")
    night = sh.need_running()
    giver, receiver = sh.who(m.group(1)), sh.who(m.group(3))
    names = night.names
    for who in (giver, receiver):
        if night.game.dead[who] is not None:
            raise CommandError(f"{names[who]} is dead")
    if giver == receiver:
        raise CommandError(f"{names[giver]} already has it")
    p = night.story.people[giver]
    thing = night.story.held_thing(p, m.group(2))
    if thing is None:
        held = ", ".join(p.items) or "nothing"
        raise CommandError(f"{names[giver]} carries no {m.group(2)!r} (carries: {held})")
    night.say(f"I give my {thing} to {names[receiver]}.", giver)
    sh.info(f"  {names[receiver]} now carries {names[giver]}'s {thing}.", "dim")


@command("ask", "[likely|unlikely|very likely|very unlikely:] [Name:] question", group="play")
def cmd_ask(sh, arg: str) -> None:
    """Ask the director: how things stand (answered exactly), yes or no (the oracle), or what,
    who, where (a detail of the setting). ask likely: is the truck still there? states the odds."""
    from ..director.questions import stated_odds

    night = sh.need_night()
    text, odds = arg.strip(), None
    rest, found = stated_odds(text)
    if rest != text:  # "likely: …" named first
        text, odds = rest, found
    who = None
    head, sep, tail = text.partition(":")
    if sep and tail.strip() and " " not in head.strip():
        try:
            who = night.game.who(head.strip())
            text = tail.strip()
        except NottError:
            who = None
            sh.speaker_typo(head, f"to ask for the group: ask {tail.strip()}")
    if not text:
        raise CommandError("ask what? e.g. ask is anyone out there?  or  ask likely: Tina: is the door locked?")
    if who is not None and night.game.dead[who] is not None:
        raise CommandError(f"{night.cast[who].name} is dead and asks nothing more")
    sh.ask(text, who, odds)


@command("recap", "", group="looking")
def cmd_recap(sh, arg: str) -> None:
    """Previously…: who is dead and hurt, what is lost, where you are, what the Killer has shown."""
    sh.show_recap()


@command("undo", "[N]")
def cmd_undo(sh, arg: str) -> None:
    """Take back the last step (or N steps), exactly."""
    night = sh.need_night()
    n = _int(arg, "undo count") if arg else 1
    steps = night.undo(n)
    for s in steps:
        what = "; ".join(describe(a, night.names) for a in s.actions) or (
            f"the question {s.say!r}" if s.ask is not None else
            f"{night.names[s.who]}'s death as you wrote it, {s.say!r}" if s.death else
            f"the dread turned {s.dread:+d}" if s.dread else
            f"your note {s.say!r}" if s.noted else
            "the X-card (the beat it took out is told as it was)" if s.xcard else
            f"{night.names[s.who]}'s line {s.say!r}" if s.who is not None else f"the line {s.say!r}")
        sh.info(f"  undone: {what}", "dim")
    for who, trope in sh.director.forget(night, steps):
        sh.info(f"  the director takes the Genre Point back and will not offer {night.names[who]} one for "
                f"{trope} again tonight", "dim")
    sh.show_table(night.game)
    sh.prompt_next()


@command("status", "", aliases=("table", "s"), group="looking")
def cmd_status(sh, arg: str) -> None:
    """The table at a glance, and how far the night has turned."""
    from ..director.stages import STAGES, status_line

    night = sh.need_night()
    sh.show_table(night.game)
    sh.info(status_line(STAGES[night.story.stage]), "magenta")
    from .keeping import dread_lines

    sh.info(dread_lines(night)[0] + " (dread +1 / dread -1 turns it)", "dim")
    sh.prompt_next()


@command("cast", "", group="looking")
def cmd_cast(sh, arg: str) -> None:
    """Who is who: names, pronouns, archetypes, aptitudes, why they are here (before the night:
    the cast so far)."""
    if sh.night is None and sh.pending:
        r = sh.ruleset()
        sh.info(f"The cast so far ({len(sh.pending)}/{r.max_cast}; the night has not begun):")
        cast = sh.pending
    else:
        cast = sh.need_night().cast
    dead = sh.night.game.dead if sh.night is not None and cast is sh.night.cast else [None] * len(cast)
    for i, c in enumerate(cast, 1):
        how = {"strikes": f"{sh.night.game.rules.strikes_to_die} Strikes" if sh.night else "Strikes",
               "red joker": "the Red Joker"}.get(dead[i - 1], dead[i - 1])
        sh.info(f"{i}. {c.name} ({c.pronouns}) — {c.archetype or '—'}, {SUIT_SYMBOLS[c.aptitude]} {c.aptitude_name}"
                f"{'; ' + c.why if c.why else ''}{f' — dead ({how})' if how else ''}")


@command("log", "[N]", group="looking")
def cmd_log(sh, arg: str) -> None:
    """The last N steps (default 10) as mechanical lines."""
    night = sh.need_night()
    n = _int(arg, "log count") if arg else 10
    if n < 1:
        raise CommandError(f"log shows at least one step, not {arg!r}")
    first = max(0, len(night.steps) - n)
    for k, step in enumerate(night.steps[first:], first + 1):
        if step.actions:
            line = "; ".join(describe(a, night.names) for a in step.actions)
        elif step.dread:
            line = f"the dread turned {step.dread:+d}" + (f" (to {step.dread_to})" if step.dread_to else "")
        elif step.noted:
            line = f"note “{step.say}”"
        else:
            who = night.cast[step.who].name + " " if step.who is not None else ""
            verb = "asks" if step.ask is not None else "dies:" if step.death else "says"
            line = f"{who}{verb} “{step.say}”"
        sh.info(f"  {k:>4}  {line}")
    if not night.steps:
        sh.info("  (nothing played yet)")
    for line in mechanics(night.last_events, night.names):
        sh.info("       " + line, "cyan")


@command("explain", "", group="looking")
def cmd_explain(sh, arg: str) -> None:
    """Why the last Test resolved as it did, quoting the rules."""
    night = sh.need_night()
    for line in explain(night.last_test_events, night.names):
        sh.info(line)
    from .director import explain_awards

    for line in explain_awards(sh):
        sh.info(line)


@command("rules", "[topic]", complete="topic", group="looking")
def cmd_rules(sh, arg: str) -> None:
    """The rules reference; give a topic to search (rules strikes, rules joker, rules stages …)."""
    from ..director.stages import STAGES, STAGES_RULE
    from ..nott.reference import SECTIONS, search

    if not arg:
        sh.info("Topics: " + ", ".join(s.key for s in SECTIONS) + ", stages — rules <topic or any words>")
        return
    staged = arg.lower().strip() in STAGES + ("stage", "stages", "escalation")
    hits = [] if staged else search(arg)[:2]
    if not hits and not staged:
        raise CommandError(f"nothing in the rules about {arg!r}; topics: {', '.join(s.key for s in SECTIONS)}, stages")
    for s in hits:
        sh.info(s.title, "bold")
        sh.info(s.text)
        if s.key == "genre":
            from .director import DIRECTOR_RULE

            sh.info(DIRECTOR_RULE)
    if staged or any(s.key in ("killer", "face") for s in hits):
        sh.info("How the night turns", "bold")
        sh.info(STAGES_RULE)


@command("teach", "[on|off]", complete="onoff", group="looking")
def cmd_teach(sh, arg: str) -> None:
    """After each resolution, one line saying which rule fired."""
    if arg.lower() not in ("", "on", "off"):
        raise CommandError(f"teach on or teach off, not {arg!r}")
    sh.teach = (not sh.teach) if not arg else arg.lower() == "on"
    if sh.night is not None:
        sh.night.teach = sh.teach  # kept in the save: on again when the night is resumed
    sh.info(f"teaching {'on' if sh.teach else 'off'}")


@command("save", "[FILE] [--force]", group="keeping", raw=True)
def cmd_save(sh, arg: str) -> None:
    """Save now (the night autosaves after every action); with FILE, also save a copy there.

    A copy never replaces a symlink or a device, nor a save another solo has open, and never
    creates folders; a file that is not a solo save, or the save of another night, only with
    --force. A night opened read-only goes on in its copy."""
    night = sh.need_night()
    name, force = path_argument(arg)
    if name:
        typed = typed_path(name)  # the file named, as typed: never the name cleaned
        path = check_copy_target(typed, force, mine=lambda data: _mine(sh, night, typed, data))
        with writing_to(path):  # not while another solo has that file open
            night.write_save(path)
            copied(sh, path)
            if night.save_path is None and not sh.tutorial:
                from .locking import hold_lock

                if hold_lock(sh, path):
                    night.save_path = path
                    sh.info(f"saved to {shown_name(path)}; this night now goes on there")
                    return
        sh.info(f"saved a copy to {shown_name(path)}")
    elif night.save_path is not None:
        night.write_save(night.save_path)
        sh.info(f"saved to {shown_name(night.save_path)}")
    else:
        raise CommandError("this night has no save file; give one: save FILE")


def _mine(sh, night, path: Path, data: dict) -> bool:
    """The save at ``path`` (its ``data``) is this night's own: its save file, a copy this shell
    wrote, or a save of this night at an earlier or later point. Another night's save is
    replaced only with --force."""
    from ..play.saves import same_night

    return own_copy(sh, path, night.save_path) or same_night(data, night.save_body())


@command("narrator", "[retry]", group="keeping")
def cmd_narrator(sh, arg: str) -> None:
    """Who tells the night; narrator retry asks the model again after it was paused."""
    _narrator_command(sh, sh.need_night().narrator, arg)


def _narrator_command(sh, narrator, arg: str) -> None:
    """``narrator [retry]`` for any shell: show the narrator, or try the paused model again."""
    word = arg.strip().lower()
    if word not in ("", "retry"):
        raise CommandError(f"narrator or narrator retry, not {arg!r}")
    if not hasattr(narrator, "retry"):
        if word:
            raise CommandError("the templates tell this story: there is no model to try again "
                               "(start solo with --narrator llm)")
        sh.info("narrator: the templates")
        return
    if word:
        narrator.retry()
        sh.info(f"the model ({narrator.model}) will be asked again at the next beat")
        return
    state = "paused after failures: type narrator retry" if narrator.paused else "on"
    sh.info(f"narrator: the model {narrator.model} ({state})")


@command("help", "[command]", aliases=("?",), complete="command", group="keeping")
def cmd_help(sh, arg: str) -> None:
    """This list, or the details of one command."""
    for line in registry.help_lines(arg or None, sh.width()):
        sh.info(line)


@command("clear", "", group="keeping")
def cmd_clear(sh, arg: str) -> None:
    """Clear the screen (the night and its transcript are untouched)."""
    sh.console.clear()


@command("quit", "", aliases=("exit",), group="keeping")
def cmd_quit(sh, arg: str) -> None:
    """Save and leave (Ctrl-D does the same)."""
    raise Quit()
