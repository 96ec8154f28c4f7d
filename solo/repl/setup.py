"""The Night's set-up commands: new, quick, character, start, archetypes, resume, load."""

from __future__ import annotations

import random
import re
from pathlib import Path

from ..nott.cards import SUIT_APTITUDES, SUIT_SYMBOLS, parse_suit
from ..nott.cast import ARCHETYPES, quick_cast
from ..nott.game import Character
from ..play.night import Night
from ..paths import saves_dir
from ..play.files import path_argument, typed_path
from ..play.lock import SaveLock
from ..play.text import MAX_ARCHETYPE, MAX_WHY, check_name
from ..world.pronouns import DEFAULT as DEFAULT_PRONOUNS, MAX_LENGTH as MAX_PRONOUNS, PronounError, parse_pronouns
from ..safetext import clean, shown_name
from dataclasses import replace
from .commands import CommandError, seed_word
from .locking import hold_lock, release_lock  # noqa: F401  (hold_lock: for the play commands too)
from .nott_commands import command


# ---------------------------------------------------------------------- setup commands

@command("new", "[ashcan|playtest] [fast] [seed N] [playset NAME]", group="setting up")
def cmd_new(sh, arg: str) -> None:
    """Set up a new night: ruleset, optional fast setup, seed. Then quick or character ×4.

    In the middle of a night it asks first (type new again); the night left stays saved."""
    if _ask_before_leaving(sh):
        return
    ask = getattr(sh, "asker", None)  # at a terminal: the questions start-up asks
    if not arg.strip() and ask is not None:
        from .app import wizard

        sh.night = None
        release_lock(sh)
        sh.pending = []
        wizard(sh, ask)
        return
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
            seed = seed_word(words[i])
        elif w.isdigit():
            seed = seed_word(w)
        else:
            from .typos import closest

            near = closest(w, ["ashcan", "playtest", "fast", "seed", "playset"])
            hint = f": did you mean {near}?" if near else ""
            raise CommandError(f"new takes ashcan|playtest, fast, seed N, playset NAME: not {words[i]!r}{hint}")
        i += 1
    if playset is not None:
        from ..playsets import load_playset

        load_playset(playset)  # refuse a bad one now
    if seed is None:
        seed = sh.seed  # solo play --seed N, not yet played: the night it names ("new playset …" keeps it)
    sh.rules_name, sh.fast, sh.seed = rules, fast, seed
    if playset is not None:
        sh.playset = playset
    sh.night = None
    release_lock(sh)
    sh.pending = []
    r = sh.ruleset()
    want = str(r.max_cast) if r.min_cast == r.max_cast else f"{r.min_cast}–{r.max_cast}"
    sh.info(f"New night: {rules} rules{', fast setup' if fast else ''}, "
            f"{f'seed {seed}' if seed is not None else 'a random seed'}. "
            f"Cast of {want}: type quick for a ready cast, or character Name, Archetype, Aptitude, Why.")


def _ask_before_leaving(sh) -> bool:
    """True (and the question asked) when ``new`` would leave a night under way unasked."""
    night = sh.night
    if night is None or night.game.is_over():
        return False
    here = (id(night), len(night.steps))
    if sh.new_asked == here:  # new again, with nothing played between: the player means it
        sh.new_asked = None
        return False
    sh.new_asked = here
    kept = (f"it is saved, and resume (or load {shown_name(night.save_path)}) brings it back"
            if night.save_path is not None else "this night is not saved")
    sh.info(f"A night is under way: {kept}. Type new again to set up another.", "bold")
    return True


@command("quick", "", group="setting up")
def cmd_quick(sh, arg: str) -> None:
    """Deal a ready cast of four with four different Aptitudes, and begin."""
    if sh.night is not None and not sh.night.game.is_over():
        raise CommandError("a night is under way (it is saved): type new first to start another")
    seed = sh.seed if sh.seed is not None else random.SystemRandom().randrange(1, 10**6)
    sh.seed = seed
    ps = sh.playset_obj()
    archetypes = {i: tuple(getattr(ps.archetypes, SUIT_APTITUDES[i])) for i in range(4)} if ps else None
    cast = quick_cast(seed, archetypes=archetypes)
    sh.begin(cast[: sh.ruleset().max_cast])


@command("character", "Name, Archetype, Aptitude[, Why][, pronouns she/her]", aliases=("char",),
         group="setting up")
def cmd_character(sh, arg: str) -> None:
    """Add a character: e.g. character Laurie, The Babysitter, Resolve, watching the Doyle kids.

    Pronouns come last (pronouns she/her; they/them if none are given; she/her, he/him,
    they/them, it/its, or all five forms of your own: xe/xem/xyr/xyrs/xemself). character
    Laurie pronouns she/her changes the pronouns of a character already added."""
    if sh.night is not None and not sh.night.game.is_over():
        raise CommandError("the cast is set once the night begins")
    change = _PRONOUNS_CHANGE.fullmatch(" ".join(arg.split())) if "," not in arg else None
    if change:
        _change_pronouns(sh, change.group(1), change.group(2))
        return
    parts = [p.strip() for p in arg.split(",")]
    said = [m.group(1) for m in map(_PRONOUNS_PART.fullmatch, parts[1:]) if m]
    parts = parts[:1] + [p for p in parts[1:] if not _PRONOUNS_PART.fullmatch(p)]
    if not said and len(parts) > 3 and _BARE_PRONOUNS.fullmatch(parts[-1]) and _reads_as_pronouns(parts[-1]):
        said = [parts.pop()]  # "…, came for the keg, he/him": pronouns, said without the word
    if len(parts) < 3 or not parts[0]:
        raise CommandError(f"character needs Name, Archetype, Aptitude[, Why][, pronouns she/her]: got {arg!r}")
    if len(said) > 1:
        raise CommandError("give a character's pronouns once (pronouns she/her)")
    name, archetype, apt = parts[:3]
    name = check_name(" ".join(name.split()), "a character name")  # the rule a save's names are held to
    archetype = clean(archetype, what="the archetype", limit=MAX_ARCHETYPE)  # the bounds a save holds
    why = clean(", ".join(parts[3:]), what="the why", limit=MAX_WHY)
    pronouns = _pronouns(said[0]) if said else DEFAULT_PRONOUNS
    if any(c.name.lower() == name.lower() for c in sh.pending):
        raise CommandError(f"there is already a {name!r} in the cast")
    ch = Character(name, parse_suit(apt), archetype, why, pronouns)
    r = sh.ruleset()
    sh.pending.append(ch)
    used = {c.aptitude for c in sh.pending[:-1]}
    hint = "" if ch.aptitude not in used else " (another character shares this Aptitude)"
    sh.info(f"{ch.name} ({ch.pronouns}), {archetype or 'no archetype'}, {SUIT_SYMBOLS[ch.aptitude]} "
            f"{ch.aptitude_name}{hint}. Cast {len(sh.pending)}/{r.max_cast}.")
    if len(sh.pending) >= r.max_cast:
        sh.begin(list(sh.pending))


#: ``pronouns she/her`` as one of the character command's parts; ``Name pronouns she/her`` alone.
_PRONOUNS_PART = re.compile(r"(?i:pronouns)\s+(\S+)")
_PRONOUNS_CHANGE = re.compile(r"(.+?)\s+(?i:pronouns)\s+(\S+)")
#: Pronouns given as the last part without the word ("he/him", "xe/xem/xyr").
_BARE_PRONOUNS = re.compile(r"[A-Za-z]+(?:/[A-Za-z]+){1,4}")


def _reads_as_pronouns(text: str) -> bool:
    try:
        parse_pronouns(text)
    except PronounError:
        return False
    return True


def _pronouns(text: str) -> str:
    """Typed pronouns in their written form, or one clear line."""
    try:
        return parse_pronouns(clean(text, what="the pronouns", limit=MAX_PRONOUNS)).text
    except PronounError as exc:
        raise CommandError(str(exc)) from None


def _change_pronouns(sh, name: str, text: str) -> None:
    at = next((i for i, c in enumerate(sh.pending) if c.name.lower() == name.lower()), None)
    if at is None:
        raise CommandError(f"no {name!r} in the cast so far: character Name, Archetype, Aptitude[, Why] adds one")
    sh.pending[at] = replace(sh.pending[at], pronouns=_pronouns(text))
    sh.info(f"{sh.pending[at].name}: {sh.pending[at].pronouns}.")


@command("start", "", group="setting up")
def cmd_start(sh, arg: str) -> None:
    """Begin with the characters added so far (the playtest rules allow a cast of 3)."""
    r = sh.ruleset()
    if not r.min_cast <= len(sh.pending) <= r.max_cast:
        want = str(r.max_cast) if r.min_cast == r.max_cast else f"{r.min_cast}–{r.max_cast}"
        raise CommandError(f"the {r.name} rules need {want} characters; {len(sh.pending)} added "
                           "(character Name, Archetype, Aptitude adds one; quick deals a whole cast)")
    sh.begin(list(sh.pending))


@command("archetypes", "[suit]", complete="suit", group="setting up")
def cmd_archetypes(sh, arg: str) -> None:
    """The rulebook's archetype examples, by Aptitude."""
    suits = [parse_suit(arg)] if arg else range(4)
    for s in suits:
        sh.info(f"{SUIT_SYMBOLS[s]} {SUIT_APTITUDES[s]}: {', '.join(ARCHETYPES[s])}")
    if 1 in suits:  # ruling 43
        sh.info("  (The Final Them is the rulebook's own name for the one left standing, whatever the "
                "pronouns.)", "dim")


@command("resume", "", group="setting up")
def cmd_resume(sh, arg: str) -> None:
    """Resume the last unfinished night no other solo has open (a damaged save is named and
    skipped, and kept); the other unfinished nights are listed, to load by name."""
    skipped: list = []
    others: list = []
    path = latest_unfinished(skipped, others)
    for bad, why in skipped:
        sh.out("notice", f"skipped {shown_name(bad.name)}: {why}")
    if path is None:
        busy = "; ".join(f"{shown_name(p)} is open in another solo (load it to look, read-only)"
                         for p, who in others if who)
        raise CommandError("no unfinished night to resume" + (f" ({busy})" if busy else "")
                           + (" (the damaged saves above are kept as they are)" if skipped else ""))
    load_into(sh, path)
    sh.info(f"(resumed {shown_name(path.name)}, the last unfinished night saved)", "dim")
    _list_others(sh, others)


#: How many other unfinished nights resume lists.
OTHERS_SHOWN = 5


def _list_others(sh, others: list) -> None:
    if not others:
        return
    sh.info(f"Other unfinished night{'s' if len(others) > 1 else ''} (load FILE to play one):", "dim")
    for p, who in others[:OTHERS_SHOWN]:
        sh.info(f"  {shown_name(p)}{' (open in another solo)' if who else ''}", "dim")
    if len(others) > OTHERS_SHOWN:
        sh.info(f"  … and {len(others) - OTHERS_SHOWN} more in {saves_dir()}", "dim")


@command("load", "FILE", group="setting up", raw=True)
def cmd_load(sh, arg: str) -> None:
    """Load a save file (refused whole if it is damaged; the file is kept)."""
    name, _ = path_argument(arg)
    if not name:
        raise CommandError("load needs a file name")
    load_into(sh, typed_path(name))  # the file named, as typed: never the name cleaned


def load_into(sh, path: Path) -> None:
    from ..play.files import check_loadable_name
    from ..play.saves import read_save

    save = read_save(check_loadable_name(path))
    night = Night.from_save(path, narrator=None, out=sh.out)
    kept = night.safety
    if sh.safety:  # the player's standing lines and veils hold in every night they play
        from ..director.safety import merged

        night.safety = merged(night.safety, sh.safety.lines, sh.safety.veils)
    lock = SaveLock(path)
    if lock.acquire():
        release_lock(sh)
        sh.lock = lock
    else:  # another solo plays it: look, or go on in a copy of your own
        night.save_path = None
        night.transcript = None
        sh.out("notice", f"This night is open in another solo ({lock.holder or 'another process'}): opened "
                         "read-only, nothing is saved. To play on from here in a night of your own: save FILE")
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
    sh.teach = sh.teach or night.teach  # teach on, as the night was left
    night.teach = sh.teach
    sh.night = night
    if night.safety != kept:
        night.autosave(whole=True)  # the save holds its lines and veils from now on
    sh.info(f"Resumed: {night.summary()}", "bold")
    if night.transcript is not None and night.transcript.path.name != Path(path).stem + ".md":
        sh.info(f"(a save from outside your saves folder: its transcript goes to {shown_name(night.transcript.path)})",
                "dim")
    if night.steps:
        sh.show_recap()
    sh.show_table(night.game)
    sh.prompt_next()


def latest_unfinished(skipped: list | None = None, others: list | None = None) -> Path | None:
    """The last unfinished Night that replays and no other solo has open (its saves are named
    night-*.json); damaged saves, and saves that do not replay, newer than it are added to
    ``skipped`` as (path, why); the other unfinished nights to ``others`` as (path, who has it
    open or None)."""
    from ..play.lock import open_elsewhere
    from ..play.saves import latest_unfinished as latest, read_save

    return latest(saves_dir(), "night-*.json", read_save, skipped,
                  replays=lambda p: Night.from_save(p, keep_undo=0), busy=open_elsewhere, others=others)
