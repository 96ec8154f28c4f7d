"""The Jinja2 environment the template voice and the model's prompts are rendered in: where the
templates come from (``prompts/``, or ``$SOLO_PROMPTS_DIR``), the filters they speak with
(``pick``, ``fill``, ``names``, ``pro`` …), and the compiled templates kept between runs."""

from __future__ import annotations

import hashlib
import os
import re
import sys
from collections.abc import Mapping, MutableMapping, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

import jinja2
from jinja2 import Environment, FileSystemLoader, StrictUndefined, pass_context

from solo.world.places import elsewhere, short_place

from .overcome import deedlike, many, met
from .tense import does
from solo.world.pronouns import pronouns_of

__all__ = ["PROMPTS_DIR", "PROMPTS_ENV", "make_environment", "prompts_dir", "shared_environment"]

#: ``<repo>/prompts``: the package lives at ``<repo>/solo/narration`` (editable install).
PROMPTS_DIR = Path(__file__).resolve().parents[2] / "prompts"
#: Environment variable that points the narrator at another prompts directory.
PROMPTS_ENV = "SOLO_PROMPTS_DIR"


def prompts_dir() -> Path:
    """The prompts directory: ``$SOLO_PROMPTS_DIR`` if set, else ``<repo>/prompts``."""
    override = os.environ.get(PROMPTS_ENV)
    path = Path(override) if override else PROMPTS_DIR
    if not override and not (path / "template").is_dir():
        path = Path(__file__).resolve().parents[1] / "prompts"  # inside an installed wheel
    if not (path / "template").is_dir():
        raise FileNotFoundError(
            f"no narrator templates at {path / 'template'} (install solo editable, "
            f"`pip install -e .`, or set {PROMPTS_ENV})")
    return path


# ---------------------------------------------------------------------- template helpers

_NUMBER_WORDS = ("no one", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                 "ten", "eleven", "twelve", "thirteen")


def _mix(v: int, k: int) -> int:
    digest = hashlib.blake2b(f"{v}:{k}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


@pass_context
def pick(ctx: jinja2.runtime.Context, parts: Sequence[Any], k: int = 0) -> Any:
    """Part ``v % len(parts)`` for the main slot (``k=0``), a mixed choice for slot ``k``."""
    v = ctx.get("v")
    if not isinstance(v, int):
        raise jinja2.UndefinedError("pick() needs the variant number 'v' in the context")
    parts = list(parts)
    if not parts:
        return ""
    return parts[(v if k == 0 else _mix(v, k)) % len(parts)]


@pass_context
def fill(ctx: jinja2.runtime.Context, text: str) -> str:
    """Render a part (itself a small template, ``"{{ name }} runs."``) with the beat's context."""
    if type(text) is str and "{" not in text and "\n" not in text and "\r" not in text:
        return text  # no tags, no line ends: the part renders as itself
    env = ctx.environment
    cache = env.__dict__.setdefault("_solo_parts", {})
    tmpl = cache.get(text)
    if tmpl is None:
        tmpl = cache[text] = _part(env, text)
    return tmpl.render(ctx.get_all())


def _part(env: Environment, text: str) -> jinja2.Template:
    """``env.from_string(text)``, its compiled code kept in the template cache as a template's
    is (keyed on the part's own text, so a changed part is another entry)."""
    bcc = env.bytecode_cache
    if bcc is None:
        return env.from_string(text)
    bucket = bcc.get_bucket(env, "part:" + text, None, text)
    if bucket.code is None:
        bucket.code = env.compile(text)
        bcc.set_bucket(bucket)
    return env.template_class.from_code(env, bucket.code, env.make_globals(None), None)


def role(archetype: Any) -> str:
    """``"The Jock"`` → ``"the Jock"``; an empty archetype → ``"the stranger"``."""
    text = str(archetype or "").strip()
    if not text:
        return "the stranger"
    head, _, rest = text.partition(" ")
    if head.lower() in ("the", "a", "an") and rest:
        return f"{head.lower()} {rest}"
    return f"the {text}"


def names(items: Any) -> str:
    """``["A", "B", "C"]`` → ``"A, B and C"``."""
    items = [str(x) for x in (items or [])]
    if not items:
        return "no one"
    if len(items) == 1:
        return items[0]
    return f"{', '.join(items[:-1])} and {items[-1]}"


def words(n: Any) -> str:
    """Small numbers in words (0 → "no one", 1 → "one" … 13 → "thirteen")."""
    return _NUMBER_WORDS[n] if isinstance(n, int) and 0 <= n < len(_NUMBER_WORDS) else str(n)


def cap(text: Any) -> str:
    """Upper-case the first letter only."""
    text = str(text)
    return text[:1].upper() + text[1:]


def possessive(name: Any) -> str:
    """``"Dana"`` → ``"Dana's"`` (and ``"Iris's"``: one style throughout)."""
    return f"{name}'s"


@pass_context
def pro(ctx: jinja2.runtime.Context, name: Any, words: str) -> str:
    """What a template says of the character ``name`` with the default pronouns, in that
    character's own (the fiction's ``f.people``): ``name|pro("their")`` → "her", ``name|pro(
    "they are")`` → "she is". Someone not in the cast is spoken of as they/them."""
    f = ctx.get("f")
    people = f.get("people", ()) if isinstance(f, Mapping) else ()
    own = next((p.get("pronouns") for p in people if p.get("name") == name), None)
    return pronouns_of(own).say(words)


_OWNED = re.compile(r"\w(?:'s|s')\s")


def owned(name: Any, item: Any) -> str:
    """``name``'s ``item`` ("Priya's corkscrew"), or the item as it names its own owner ("the
    Hendersons' car keys", never "Priya's Hendersons' car keys")."""
    item = str(item)
    return f"the {item}" if _OWNED.search(item) else f"{possessive(name)} {item}"


@pass_context
def their(ctx: jinja2.runtime.Context, name: Any, item: Any) -> str:
    """``item`` as ``name``'s own, said with their pronoun: for a name already said in the
    sentence ("Priya gets through, without her first-aid kit", never "without Priya's first-aid
    kit"); the item as it names its own owner stays so ("the Hendersons' car keys", never "his
    Hendersons' car keys")."""
    item = str(item)
    return f"the {item}" if _OWNED.search(item) else f"{pro(ctx, name, 'their')} {item}"


def uncap(text: Any) -> str:
    """Lower-case the first word when it is an ordinary word ("The door" → "the door"), so a
    line can follow an opener; names keep their capital."""
    text = str(text)
    first, _, rest = text.partition(" ")
    if first not in ("I", "I'm", "I've", "I'll") and not (first[1:] and any(ch.isupper() for ch in first[1:])):
        first = first[:1].lower() + first[1:]
    return first + (" " + rest if rest else "")


def bare(archetype: Any) -> str:
    """``"The Jock"`` → ``"Jock"``; an empty archetype → ``"horror-movie"``."""
    text = str(archetype or "").strip()
    head, _, rest = text.partition(" ")
    if head.lower() in ("the", "a", "an") and rest:
        return rest
    return text or "horror-movie"


def plural(noun: Any) -> bool:
    """Whether a thing's short name is plural ("truck keys", "matches"; not "compass", not "box
    of matches")."""
    last = str(noun or "").split(" of ")[0].split()[-1:] or [""]
    w = last[0].lower()
    return w.endswith("s") and not w.endswith(("ss", "us", "is", "ics"))


#: The options every environment is made with; their digest names the cache files, so code
#: compiled under other options (or by another Jinja2) is never read back.
_OPTIONS: dict[str, Any] = {"auto_reload": False, "autoescape": False, "keep_trailing_newline": False}


class _QuietBytecodeCache(jinja2.FileSystemBytecodeCache):
    """Jinja2's cache of compiled templates, kept between runs (keyed on the template's name and
    path, checked against a checksum of its source: a changed template is compiled again). A
    folder that cannot be read or written, or a damaged file, only means compiling as before:
    play never fails for the cache."""

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        try:
            super().load_bytecode(bucket)
        except Exception:  # noqa: BLE001 - unreadable or damaged: compiled afresh
            bucket.reset()

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        try:
            super().dump_bytecode(bucket)
        except Exception:  # noqa: BLE001 - unwritable (read-only, full, gone): not kept, no harm
            pass


def bytecode_cache() -> jinja2.BytecodeCache | None:
    """The compiled-template cache in ``cache_dir()/templates``, or None when that folder cannot
    be made."""
    from solo.paths import cache_dir

    try:
        folder = cache_dir() / "templates"
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        st = folder.stat()
    except (OSError, RuntimeError):  # unwritable, or no home to find a cache folder in
        return None
    if st.st_mode & 0o022 or (hasattr(os, "getuid") and st.st_uid != os.getuid()):
        return None  # compiled code is run: never read from a folder someone else can write
    # one set of files per Jinja2, options and Python (its code's form): two never overwrite each other's
    tag = hashlib.blake2b(repr((jinja2.__version__, sorted(_OPTIONS.items()), sys.version_info[:2])).encode(),
                          digest_size=4).hexdigest()
    return _QuietBytecodeCache(str(folder), pattern=f"solo-{tag}-%s.cache")


class _Environment(Environment):
    """Jinja2's environment, its templates' globals one flat mapping: every template render that
    imports another asks which globals the two do not share, and a chain of mappings answers
    that slowly. The globals are set when the environment is made and never changed after (as
    Jinja2 asks), so the flat copy taken at a template's load is the same mapping."""

    def make_globals(self, d: MutableMapping[str, Any] | None) -> MutableMapping[str, Any]:
        return {**self.globals, **(d or {})}


def make_environment(path: str | os.PathLike[str] | None = None, *, cache: bool = True) -> Environment:
    """The Jinja2 environment over ``prompts/``: strict undefined, no autoescape; templates
    compiled once and kept in the user's cache folder (``cache=False``: compiled in memory)."""
    env = _Environment(
        loader=FileSystemLoader(str(path if path is not None else prompts_dir())),
        undefined=StrictUndefined,
        bytecode_cache=bytecode_cache() if cache else None,
        **_OPTIONS,  # auto_reload off: templates are read once per process, not stat-ed on every render
    )
    env.globals["pick"] = pick
    env.filters.update(fill=fill, role=role, bare=bare, names=names, words=words, cap=cap,
                       possessive=possessive, pro=pro, uncap=uncap, plural=plural, elsewhere=elsewhere,
                       short=lambda place: short_place(str(place)), owned=owned, their=their, does=does,
                       met=met, deedlike=deedlike, many=many)
    return env



@lru_cache(maxsize=8)
def shared_environment(path: str) -> Environment:
    return make_environment(path)
