"""Lucky 13 shell commands — Keeping: mode, say, undo, end, save, narrator, help, clear, quit."""

from __future__ import annotations

from pathlib import Path

from ...lucky13.saves import write_scene_save
from ...lucky13.transcript import state_word
from ...play.files import check_copy_target, path_argument, typed_path
from ...play.lock import writing_to
from ...safetext import shown_name
from ..base import Quit
from ..commands import CommandError
from ..locking import copied, own_copy
from .shell import MODES, Lucky13Shell, _int, command, registry

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
    """Your character's action or words, as typed (plain text that is no command does the same, unless it reads as a question: that is asked; Name: text for another)."""
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
        sh.info(f"Transcript: {shown_name(scene.transcript.path)}", "dim")


@command("save", "[FILE] [--force]", group="keeping", raw=True)
def cmd_save(sh: Lucky13Shell, arg: str) -> None:
    """Save now (the scene autosaves after every step); with FILE, also save a copy there.

    A copy never replaces a symlink or a device, nor a save another solo has open, and never
    creates folders; a file that is not a solo save, or the save of another scene, only with
    --force."""
    scene = sh.need_scene()
    name, force = path_argument(arg)
    if name:
        typed = typed_path(name)  # the file named, as typed: never the name cleaned
        path = check_copy_target(typed, force, mine=lambda data: _mine(sh, scene, typed, data),
                                 what="scene")
        with writing_to(path):  # not while another solo has that file open
            write_scene_save(scene.to_save(), path)
            copied(sh, path)
        sh.info(f"saved a copy to {shown_name(path)}")
    elif scene.save_path is not None:
        write_scene_save(scene.to_save(), scene.save_path)
        sh.info(f"saved to {shown_name(scene.save_path)}")
    else:
        raise CommandError("this scene has no save file; give one: save FILE")


def _mine(sh, scene, path: Path, data: dict) -> bool:
    """The save at ``path`` (its ``data``) is this scene's own: its save file, a copy this
    shell wrote, or a save of this scene at an earlier or later point."""
    from ...lucky13.saves import SCENE_KEYS
    from ...play.saves import same_night

    return own_copy(sh, path, scene.save_path) or same_night(data, scene.to_save().dump(), SCENE_KEYS)


@command("narrator", "[retry]", group="keeping")
def cmd_narrator(sh: Lucky13Shell, arg: str) -> None:
    """Who tells the scene; narrator retry asks the model again after it was paused."""
    from ..play import _narrator_command

    _narrator_command(sh, sh.need_scene().narrator, arg)

@command("help", "[command]", aliases=("?",), complete="command", group="keeping")
def cmd_help(sh: Lucky13Shell, arg: str) -> None:
    """This list, or the details of one command."""
    for line in registry.help_lines(arg or None, sh.width()):
        sh.info(line)


@command("clear", "", group="keeping")
def cmd_clear(sh: Lucky13Shell, arg: str) -> None:
    """Clear the screen, as in the Night of the Thirteenth shell (the scene and its transcript are untouched; dice clear empties the dice queue)."""
    if arg.strip():
        raise CommandError(f"clear clears the screen and takes nothing after it (to write it as the character's "
                           f"action: say clear {arg.strip()}; dice clear empties the dice queue)")
    sh.console.clear()


@command("quit", "", aliases=("exit",), group="keeping")
def cmd_quit(sh: Lucky13Shell, arg: str) -> None:
    """Save and leave (Ctrl-D does the same)."""
    raise Quit()
