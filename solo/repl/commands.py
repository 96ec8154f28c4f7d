"""The command registry: one place that dispatches commands, generates ``help`` and feeds
tab completion (as in litecli/pgcli)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


class CommandError(ValueError):
    """A command that cannot run as typed; its message is shown as one line."""


def seed_word(text: str) -> int:
    """A typed seed (``new seed N``): a whole number of at most 40 digits, or CommandError."""
    from ..seeds import parse_seed

    try:
        return parse_seed(text)
    except ValueError as exc:
        raise CommandError(str(exc)) from None


@dataclass
class Command:
    name: str
    func: Callable
    usage: str = ""
    summary: str = ""
    aliases: tuple[str, ...] = ()
    complete: str | None = None  # "character", "topic", "rules", "onoff", "command"
    group: str = "play"
    #: The command takes a file name: it gets the rest of the line as typed, never cleaned (a
    #: file is opened by its exact name; only what is shown of it is cleaned).
    raw: bool = False


class Registry:
    """The commands by name and by word (name or alias).

    ``modules`` (module name → its command words, in the order help lists the modules) makes the
    registry lazy: a module is imported when one of its words is first looked up, and every one
    of them when the whole list is asked for (``commands``, ``words``, ``help``). A module may
    register only the words given for it."""

    def __init__(self, modules: dict[str, tuple[str, ...]] | None = None) -> None:
        self._commands: dict[str, Command] = {}
        self.by_word: dict[str, Command] = {}
        self.modules = dict(modules or {})
        self._module_of = {w: m for m, words in self.modules.items() for w in words}
        self._all = not self.modules

    def command(self, name: str, usage: str = "", aliases: tuple[str, ...] = (), complete: str | None = None,
                group: str = "play", raw: bool = False) -> Callable:
        def register(func: Callable) -> Callable:
            cmd = Command(name, func, usage, (_paragraphs(func.__doc__) or [""])[0], aliases, complete, group, raw)
            for word in (name, *aliases):
                if word in self.by_word:
                    raise ValueError(f"command word {word!r} registered twice")
                if self.modules and self._module_of.get(word) != func.__module__:
                    raise ValueError(f"command word {word!r} is not listed for {func.__module__} in the registry")
            self._commands[name] = cmd
            for word in (name, *aliases):
                self.by_word[word] = cmd
            return func
        return register

    def load(self) -> None:
        """Import every module of commands, and keep the commands in the modules' order."""
        if self._all:
            return
        import importlib

        for module in self.modules:
            importlib.import_module(module)
        order = list(self.modules)
        self._commands = dict(sorted(self._commands.items(), key=lambda kv: order.index(kv[1].func.__module__)))
        self._all = True

    @property
    def commands(self) -> dict[str, Command]:
        self.load()
        return self._commands

    def find(self, word: str) -> Command | None:
        word = word.lower()
        cmd = self.by_word.get(word)
        if cmd is None and word in self._module_of and not self._all:
            import importlib

            importlib.import_module(self._module_of[word])
            cmd = self.by_word.get(word)
        return cmd

    def words(self) -> list[str]:
        self.load()
        return sorted(self.by_word)

    def help_lines(self, word: str | None = None, width: int = 80) -> list[str]:
        """The list of commands by group, each with its summary (the first paragraph of its
        docstring, whole), or one command's usage and whole docstring; wrapped to ``width``
        columns, wrapped lines indented under their summary."""
        import textwrap

        width = max(int(width or 80), 40) - 1
        if word:
            cmd = self.find(word)
            if cmd is None:
                raise CommandError(f"no command {word!r} (type help for the list)")
            also = f"  (also: {', '.join(cmd.aliases)})" if cmd.aliases else ""
            lines = [f"{cmd.name} {cmd.usage}".rstrip() + also]
            for para in _paragraphs(cmd.func.__doc__):
                lines += textwrap.wrap(para, width, initial_indent="  ", subsequent_indent="  ")
            return lines
        groups: dict[str, list[Command]] = {}
        for cmd in self.commands.values():
            groups.setdefault(cmd.group, []).append(cmd)
        lines = []
        for group, cmds in groups.items():
            lines.append(f"{group}:")
            for cmd in cmds:
                head = f"{cmd.name} {cmd.usage}".rstrip()
                if len(head) > 26:
                    lines += textwrap.wrap(head, width, initial_indent="  ", subsequent_indent="      ")
                    head = ""
                lines += textwrap.wrap(f"  {head:<26} {cmd.summary}", width, subsequent_indent=" " * 29,
                                       drop_whitespace=True) or [f"  {head}"]
        lines += textwrap.wrap("Anything else you type is your character's action, written to the transcript.",
                               width)
        return lines


def _paragraphs(doc: str | None) -> list[str]:
    """A docstring's paragraphs, each on one line."""
    import inspect

    text = inspect.cleandoc(doc or "")
    return [" ".join(p.split()) for p in text.split("\n\n") if p.strip()]


def _int(text: str, what: str) -> int:
    """A whole number typed for ``what``, or :class:`CommandError` in one line."""
    try:
        return int(text)
    except ValueError:
        raise CommandError(f"{what} must be a whole number, got {text!r}") from None
