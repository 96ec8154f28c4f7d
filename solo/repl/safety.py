"""Lines, veils and the X-card: ``line``, ``veil``, ``safety``, ``x``.

A line keeps a topic out of the story; a veil lets it happen off screen, told as a fade. Both
are the story's only (never the cards, the dice or the Strikes), kept in the night's save, and
set before a night too (config.toml's ``[safety]``, ``--line``/``--veil``): see
docs/narration.md, "Lines and veils"."""

from __future__ import annotations

from .commands import CommandError
from .nott_commands import command


def _current(sh):
    """The lines and veils in force: the night's, or those the next night begins with."""
    from ..director.safety import Safety

    if sh.night is not None:
        return sh.night.safety
    return getattr(sh, "safety", None) or Safety()


def _set(sh, safety) -> None:
    if sh.night is not None:
        sh.night.safety = safety
        sh.night.autosave(whole=True)  # the save holds them (the journal holds only steps)
    else:
        sh.safety = safety


def _change(sh, arg: str, kind: str) -> None:
    from ..director.safety import SafetyError

    text = arg.strip()
    if not text:
        cmd_safety(sh, "")
        return
    safety = _current(sh)
    try:
        if text.startswith("-"):
            topic = text[1:].strip()
            changed = safety.drop(topic)
            _set(sh, changed)
            sh.info(f"{topic} is no longer a {kind}.", "magenta")
            return
        changed = safety.line(text) if kind == "line" else safety.veil(text)
    except SafetyError as exc:
        raise CommandError(f"{exc} (to play it as a line of the story: say {kind} {text})") from None
    if changed is safety:
        from ..director.safety import topic_of

        topic = topic_of(text)
        state = "a line" if topic in safety.lines else "a veil"
        sh.info(f"{topic} is already {state} tonight ({kind} -{topic} drops it).", "dim")
        return
    _set(sh, changed)
    topic = (changed.lines if kind == "line" else changed.veils)[-1]
    from ..director.safety import words_of

    what = ("never in the story, from now on" if kind == "line"
            else "off screen from now on: a beat that shows it is told as a fade")
    sh.info(f"{kind.capitalize()}: {words_of(topic)}: {what}.", "magenta")


@command("line", "[TOPIC|-TOPIC]", group="safety")
def cmd_line(sh, arg: str) -> None:
    """Draw a line: the topic is never in the story (blood, drowning, fire, animals harmed,
    children in danger, insects, suffocation, or a word of your own, every form of it: line
    clowns). line -TOPIC takes it back; line alone lists lines and veils. It changes the
    story only, never the cards, the dice or the Strikes."""
    _change(sh, arg, "line")


@command("veil", "[TOPIC|-TOPIC]", group="safety")
def cmd_veil(sh, arg: str) -> None:
    """Draw a veil: the topic may happen, but off screen; a beat that would show it is told as a
    fade ("The scene cuts away. When it comes back, …"). veil -TOPIC takes it back."""
    _change(sh, arg, "veil")


@command("safety", "", group="safety")
def cmd_safety(sh, arg: str) -> None:
    """The night's lines and veils, and the topics the director knows by their words."""
    from ..director.safety import TOPICS

    safety = _current(sh)
    rows = safety.describe()
    if rows:
        for row in rows:
            sh.info(f"  {row}")
    else:
        sh.info("No lines or veils tonight.")
    sh.info(f"Topics: {', '.join(TOPICS)}, or any word (every form of it). line TOPIC, veil TOPIC, "
            "line -TOPIC; x takes the last beat out and tells it again.", "dim")


@command("x", "[TOPIC|words]", group="safety")
def cmd_x(sh, arg: str) -> None:
    """The X-card: take the last beat told out of the story and tell it again, without what you
    flag (x spiders: kept out of the retelling and veiled for the rest of the night) or, with
    nothing flagged, as a fade. No reason needed. A step: undo takes it back; it changes no card,
    die or Strike."""
    night = sh.need_night()
    try:
        night.xcard(arg.strip())
    except ValueError as exc:
        raise CommandError(str(exc)) from None
    text = night.steps[-1].narration[-1][1]
    sh.info("X-card: that beat is out of the story. Told again:", "dim")
    sh.out("narration", text)
