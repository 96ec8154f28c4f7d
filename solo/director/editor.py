"""The director reads a model's paragraph as an editor would, before anyone sees it.

The engine decides; a model only phrases. A paragraph is kept only when it tells what was
decided and nothing against it: :func:`read` is the one place a model's words are judged (the
continuity of the story, sense, and the editor's own reading below), and each finding is a
:class:`~solo.director.continuity.Contradiction` whose ``kind`` says why:

- ``untold``: a decided fact is missing (who took the Test, a thing lost, a hurt, a death, a
  weakness found, who is alive at dawn, who faces a Joker): a model may colour a fact, never drop it;
- ``flipped``: a success told as a failure, or the other way round; or a Messy, Costly or
  Dire success told as weightless ("without a sound", "no sound and no trace", "cleanly" …);
- ``night-over``: the night ended, or the next day begun, before the night's end;
- ``chat-format``: a chat model's control tokens (``<s>``, ``[INST]``, ``<|im_start|>`` …);
- ``echo``: a long run of the prompt's own words;
- ``repeat``: most of a paragraph already kept;
- ``pronouns``: a cast member given pronouns other than their own;
- ``stranger``: someone who is not of the night told as acting ("Sarah grabs the flashlight",
  "Mr. Johnson appears"): a proper name the parse reads as the subject of a verb, or after a
  title (Mr, Dr, Officer …), that is no cast member, no word of the prompt (the setting, its
  places, the Killer, the cast, the facts), no English word ("Dawn comes") and no day or month.
  Read only when such a name is there; without spaCy's pipeline, only a name after a title.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .continuity import Contradiction
from .record import against_record, own_part

EDITOR_KINDS = ("untold", "flipped", "night-over", "chat-format", "echo", "repeat", "pronouns", "stranger", "length",
                "undecided-harm", "too-soon", "past-action")

#: Words of a run of the prompt that a paragraph may not repeat.
ECHO_RUN = 8
#: Words of a run shared with a kept paragraph, and the share of the paragraph's runs, that
#: make it a repeat.
REPEAT_RUN = 5
REPEAT_SHARE = 0.5

_CHAT = re.compile(r"</?s>|\[/?INST\]|<<?/?SYS>>?|<\|[A-Za-z_ ]{1,30}\|>|<(?:start|end)_of_turn>|"
                   r"(?:^|\n)\s*(?:assistant|user|system)\s*:", re.I)
_OVER = re.compile(r"\b(?:the night (?:has|had|is) (?:ended|over|done)|the night ends|the next (?:day|morning)|"
                   r"(?:on )?the (?:drive|ride|way) home|the sun (?:rises|rose|comes up|came up)|dawn (?:breaks|broke)|"
                   r"(?:it is|it's) morning|morning (?:comes|came)|they all survived?|"
                   r"dawn (?:is|was) (?:already |finally )?(?:breaking|coming up|here)|"
                   r"(?:you|they|we) (?:have|'ve|had|'d) (?:all )?made it (?:through the night|to morning|to dawn))\b"
                   r"|(?:^|[.!?]\s+)the end[.!]", re.I)
_FAILED = re.compile(r"\b(?:fails?|failed|failing|fumbles?|fumbled|goes wrong|went wrong|botch\w*|misses|missed|"
                     r"(?:hand|grip|foot) slips|no use|in vain)\b", re.I)
_SUCCEEDED = re.compile(r"\b(?:succeeds?|succeeded|it works|pulls it off|pulled it off|nails it)\b", re.I)
#: A success told as costing nothing: the Clean Fallout's own words (no sound, no trace), wrong
#: for a success of another weight. (A failure may be clean too: these are no success.)
_WEIGHTLESS = re.compile(r"\b(?:without (?:a|any) (?:sound|trace|scratch)|no sound(?:,| and) no trace|cleanly|"
                         r"effortlessly|flawlessly)\b", re.I)
_HEAVY = ("Messy", "Costly", "Dire")
#: A sentence that asks for it rather than tells it ("it has to open without a sound").
#: A sentence that supposes it ("if anyone can get up there without a sound", "whether …").
_SUPPOSED = re.compile(r"\b(?:if|whether|unless|could|would)\b", re.I)
#: A sentence that opens on someone already named ("She slips through …").
_PERSON = re.compile(r"\W*(?:he|she|they|xe|ze)\b", re.I)
_DEMAND = re.compile(r"\b(?:has to|have to|had to|must|needs? to|the only way|tries to|try to|trying to)\b", re.I)
_SENTENCE_END = re.compile(r"(?<!\bMr\.)(?<!\bMrs\.)(?<!\bMs\.)(?<!\bDr\.)(?<=[.!?…])[\"”’)]*\s+")
_NEGATED = re.compile(r"\b(?:not|never|no|nearly|almost|doesn't|does not|didn't|did not|won't)\W+(?:\w+\W+)?$", re.I)
_ASKED_LAST = re.compile(r"(?:Who goes|What do you do(?:, [A-Z][\w'-]*)?)\?[\"”]?")
_QUOTE = re.compile(r"“[^”]*”|\"[^\"]*\"")
_PRONOUN_TAG = re.compile(r"\b([A-Z][\w'-]*)\s*\(\s*([a-z]+)\s*/\s*([a-z]+)\s*\)")
_WORD = re.compile(r"[a-z0-9']+")
_ENDS = ("dawn", "all_dead")


def read(text: str, beats: Sequence[Mapping[str, Any]], *, cast: Iterable[Any] = (), prompt: str = "",
         kept: Iterable[str] = (), before=None, after=None, answers: Iterable[bool | None] = (),
         safety=None, most: int | None = None) -> list[Contradiction]:
    """Every reason not to keep ``text``, a model's telling of ``beats`` (their contexts, each
    with its ``kind``): the story's continuity (``before``/``after``, the fiction's snapshots
    around the beats), answers decided (``answers``: yes, no or None), sense, and the editor's
    reading (:data:`EDITOR_KINDS`) against the ``prompt`` it was asked with, the paragraphs
    ``kept`` before it and the ``cast`` (with their pronouns); the player's lines and veils
    (``safety``, :mod:`.safety`: ``line-crossed``, ``veil-shown``). [] when it may be kept."""
    from .continuity import check, check_answer
    from .sense import check_sense

    found: list[Contradiction] = []
    if before is not None and after is not None:
        for kind, who in dict.fromkeys((b.get("kind"), b.get("name")) for b in beats):
            found += [c for c in check(text, kind, before, after, who, model=True) if c not in found]
    for yes in answers:
        found += check_answer(text, yes)
    found += check_sense(text, beats)
    found += edit(text, beats, cast=cast, prompt=prompt, kept=kept, most=most)
    if safety:
        from .safety import check as check_safety

        found = check_safety(text, safety) + found  # said first: the reason a player most needs to hear
    return found


def edit(text: str, beats: Sequence[Mapping[str, Any]], *, cast: Iterable[Any] = (), prompt: str = "",
         kept: Iterable[str] = (), most: int | None = None) -> list[Contradiction]:
    """The editor's own reading (:data:`EDITOR_KINDS`); ``most``: the sentences the request
    allowed."""
    plain = " ".join(str(text).split())
    short = plain[:120]
    found: list[Contradiction] = []
    m = _CHAT.search(str(text))
    if m:
        found.append(Contradiction("chat-format", short, f"it carries a chat token {m.group(0).strip()!r}"))
    if not _ends(beats):
        m = next((m for s in _SENTENCE_END.split(_unquoted(plain)) if not _SUPPOSED.search(s)
                  for m in [_OVER.search(s)] if m), None)
        if m:
            found.append(Contradiction("night-over", short, f"it ends the night before its end ({m.group(0)!r})"))
    found += _facts(plain, beats)
    found += _pronouns(plain, cast)
    found += [c for c in against_record(plain, beats, cast=cast, prompt=prompt, kept=kept, ends=_ends(beats))
              if c.kind not in {f.kind for f in found}]
    found += _strangers(plain, beats, cast, prompt)
    run = _shared_run(plain, prompt, ECHO_RUN)
    if run:
        found.append(Contradiction("echo", short, f"it repeats the prompt's words ({run!r})"))
    if most is not None:
        told = [s for s in _SENTENCE_END.split(_QUOTE.sub("quoted", plain)) if re.search(r"\w", s)]
        if told and _ASKED_LAST.fullmatch(told[-1].strip()):
            told.pop()  # the question the request asks it to end with ("Who goes?") is beside the count
        if len(told) > most:
            found.append(Contradiction("length", short, f"it tells {len(told)} sentences where {most} were asked"))
    for before_text in kept:
        if _repeats(plain, before_text):
            found.append(Contradiction("repeat", short, "most of it was told already"))
            break
    return found


def _ends(beats: Sequence[Mapping[str, Any]]) -> bool:
    """The night's end is among the beats: the dawn, everyone dead, or the Red Joker beaten
    (its telling says "Dawn comes")."""
    return any(b.get("kind") in _ENDS or (b.get("kind") == "red_joker" and b.get("phase") == "success")
               for b in beats)


def may_wait(found: Contradiction) -> bool:
    """Whether a sentence still to come may answer ``found`` (the reply read as it streams,
    :mod:`solo.narration.gate`): a decided fact not told yet, a success's cost not told yet
    (what made it read as costing nothing), a paragraph that has named nothing of the night yet,
    or that so far is mostly one told already (a repeat is judged on the whole)."""
    return found.kind in ("untold", "off-beat", "repeat") or (found.kind == "flipped" and "costing nothing" in found.why)


def untold_beats(text: str, beats: Sequence[Mapping[str, Any]]) -> list[int]:
    """The beats (their places in ``beats``) whose decided facts ``text`` leaves untold."""
    plain = " ".join(str(text).split())
    return sorted({k for k, c in _facts(plain, beats, tagged=True) if c.kind == "untold"})


def _facts(plain: str, beats: Sequence[Mapping[str, Any]], tagged: bool = False) -> list:
    """What was decided must be told, and not turned round (``tagged``: each finding with the
    place of its beat)."""
    found: list = []
    bare = _unquoted(plain)
    dead = {b.get("name") for b in beats if b.get("kind") == "death"}
    names = {str(p.get("name")) for b in beats for p in (b.get("f") or {}).get("people") or () if p.get("name")}
    for at, b in enumerate(beats):
        mark = len(found)
        kind, name = b.get("kind"), b.get("name")
        if kind == "outcome" and name:
            if not _names(bare, name):
                found.append(Contradiction("untold", plain[:120], f"it never names {name}, who took the Test"))
            success = b.get("success")
            # a success that costs a life may say where it went wrong: of the death, not the deed
            wrong = _said(_told_of(bare, name, names), _FAILED if success else _SUCCEEDED) \
                if success is not None and not (success and name in dead) else None
            if wrong:
                told = "a failure" if success else "a success"
                found.append(Contradiction("flipped", plain[:120], f"it tells {told} ({wrong!r})"))
            weight = b.get("fallout_name")
            light = _weightless(bare, b) if success and weight in _HEAVY else None
            if light:
                found.append(Contradiction("flipped", plain[:120],
                                           f"it tells a {weight} success as costing nothing ({light!r})"))
            lost = b.get("lost_item")
            if lost and not _thing(bare, str(lost)):
                found.append(Contradiction("untold", plain[:120], f"it never tells {name} losing the {lost}"))
            hurt = b.get("hurt")  # a cost of its own (a Strike's hurt is the strike beat's; a death tells itself)
            if isinstance(hurt, str) and hurt and not b.get("strike") and name not in dead \
                    and not _thing(bare, hurt):
                found.append(Contradiction("untold", plain[:120], f"it never tells {name}'s hurt ({hurt})"))
        elif kind in ("red_joker", "black_joker") and isinstance(name, str) and name \
                and b.get("alive", True) is not False and not _names(bare, name):
            found.append(Contradiction("untold", plain[:120], f"it never names {name}, who faces it"))
        elif kind in ("death", "strike") and name and not _names(bare, name):
            found.append(Contradiction("untold", plain[:120], f"it never names {name}, whose {kind} it tells"))
        elif kind == "dawn":
            missing = [n for n in b.get("survivors") or () if isinstance(n, str) and not _names(bare, n)]
            if missing:
                found.append(Contradiction("untold", plain[:120], f"it never names {', '.join(missing)}, alive at dawn"))
        elif kind == "weakness" and not re.search(r"\bweak", bare, re.I) and not any(
                _word(bare, w) for w in _weakness_words(b)):
            found.append(Contradiction("untold", plain[:120], "it never tells the weakness found"))
        if tagged:
            found[mark:] = [(at, c) for c in found[mark:]]
    return found


def _weakness_words(beat: Mapping[str, Any]) -> list[str]:
    words = beat.get("weakness_words")
    if isinstance(words, str):
        return [words]
    return [str(w) for w in words or ()]


def _unquoted(text: str) -> str:
    """The text without what characters say (a quoted line may say anything)."""
    return re.sub(r"“[^”]*”|\"[^\"]*\"", "“…”", text)


def _names(text: str, name: str) -> bool:
    return re.search(r"(?<![\w'])" + re.escape(name) + r"(?![\w])", text) is not None


def _thing(text: str, thing: str) -> bool:
    """``thing`` told: its last word (``the old lighter`` → lighter), whole, any case."""
    return _said_word(text, (_WORD.findall(thing.lower()) or [""])[-1])


def _word(text: str, words: str) -> bool:
    """The telling word of ``words`` (its longest: "it cannot resist a trail laid for it" →
    resist) is in ``text``."""
    return _said_word(text, max(_WORD.findall(words.lower()), key=len, default=""))


def _said_word(text: str, word: str) -> bool:
    return bool(word) and re.search(r"\b" + re.escape(word) + r"\b", text, re.I) is not None


def _said(text: str, pattern: re.Pattern) -> str | None:
    """The first words of ``pattern`` said, and not denied just before ("does not fail")."""
    for m in pattern.finditer(text):
        if not _NEGATED.search(text[max(0, m.start() - 40):m.start()]):
            return m.group(0)
    return None


def _told_of(text: str, name: str, others: Iterable[str] = ()) -> str:
    """The sentences of ``text`` told of ``name``: that name them, or open on someone already
    named ("She slips through"); what is said of the Killer or another is not read for them, in
    another sentence or in another's clause of a run ("Vic fumbles it, and now Eddie gets through")."""
    return " ".join(own_part(s, name, others) for s in _SENTENCE_END.split(text) if _names(s, name) or _PERSON.match(s))


def _weightless(text: str, beat: Mapping[str, Any]) -> str | None:
    """Words of a success that cost nothing, told of the deed itself (in a sentence that names
    who took the Test), not denied, asked for or supposed ("if someone can climb it without a
    sound"), and with no cost told anywhere in the paragraph (a lost thing that falls "without a
    sound" is the cost, told)."""
    name = beat.get("name")
    cost = [str(x) for x in (beat.get("lost_item"), beat.get("hurt"), beat.get("scrape")) if isinstance(x, str) and x]
    if any(_thing(text, c) for c in cost):
        return None
    for sentence in _SENTENCE_END.split(text):
        if _DEMAND.search(sentence) or _SUPPOSED.search(sentence):
            continue
        if isinstance(name, str) and name and not _names(sentence, name) and not _PERSON.match(sentence):
            continue
        said = _said(sentence, _WEIGHTLESS)
        if said:
            return said
    return None


#: Words before a name that make a person of it.
_TITLES = frozenset("mr mrs ms miss mister dr doctor officer sheriff deputy detective professor coach uncle aunt".split())
_DETERMINERS = frozenset("a an the this that these those some every each another".split())
_CALENDAR = frozenset("monday tuesday wednesday thursday friday saturday sunday january february march april may june "
                      "july august september october november december".split())
_CAPITAL = re.compile(r"(?<![\w'’-])([A-Z][a-z]+(?:-[A-Z]?[a-z]+)*)")
_SUBJECT = ("nsubj", "nsubjpass")


def _strangers(plain: str, beats: Sequence[Mapping[str, Any]], cast: Iterable[Any], prompt: str) -> list[Contradiction]:
    """Someone told as acting who is not of the night (see ``stranger`` above). What
    characters say is not read."""
    from .. import english

    bare = _unquoted(plain)
    ours = {str(getattr(c, "name", c)) for c in cast}
    for b in beats:
        ours.add(str(b.get("name") or ""))
        ours.update(str(n) for n in b.get("survivors") or ())
    known = set(re.findall(r"[a-z]+", prompt.lower()))
    known |= {w[:-1] for w in known if w.endswith("s")}  # "the Hendersons" names Mrs. Henderson
    names = {w for w in _CAPITAL.findall(bare)
             if w not in ours and w.lower() not in known and w.lower() not in _TITLES | _CALENDAR}
    names = {w for w in names if not english.known_word(w.lower())}
    if not names:
        return []
    found: list[str] = []
    for sentence in _SENTENCE_END.split(bare):
        if not any(w in sentence for w in names):
            continue
        words = english.parse(sentence)
        for i, t in enumerate(words):
            if t.text not in names or t.text in found:
                continue
            before = [w.lower for w in words[max(0, i - 2):i] if w.text != "."]  # "Mr." or "Mr", "."
            if before and before[-1] in _DETERMINERS:
                continue  # "lies a Polaroid of this very room": a thing, not someone
            titled = bool(before) and before[-1].rstrip(".") in _TITLES
            if not words.parsed:
                acting = titled  # no parse: only a name after a title
            elif not titled and _joined(t.text):
                acting = False  # "Floodwater pours in": two words, no name
            else:
                head = words[t.head]
                acting = t.pos == "PROPN" and (titled or t.dep in _SUBJECT and head.pos in ("VERB", "AUX")
                                               or _misread_verb(words, i))
            if acting:
                found.append(t.text)
    if not found:
        return []
    who = "who are" if len(found) > 1 else "who is"
    return [Contradiction("stranger", plain[:120], f"it tells {', '.join(found)}, {who} not of the night, as acting")]


def _joined(word: str) -> bool:
    """``word`` is two English words run together ("Floodwater", "Moonlight"; not "Peterson")."""
    from ..english import known_word

    low = word.lower()
    return any(known_word(low[:k]) and known_word(low[k:]) for k in range(3, len(low) - 3))


def _misread_verb(words, i: int) -> bool:
    """The small pipeline's slip on "Jason lunges from the dark": the name read as part of a
    noun ("Jason lunges", a plural) that is the sentence's root, right after it, and a verb."""
    from ..english import parts_of

    t = words[i]
    head = words[t.head]
    return (t.dep == "compound" and t.head == i + 1 and head.dep == "ROOT" and head.tag == "NNS"
            and "VERB" in parts_of(head.text))


def _pronouns(text: str, cast: Iterable[Any]) -> list[Contradiction]:
    """``Tina (she/them)`` for a Tina whose pronouns are she/her."""
    own = {}
    for c in cast:
        name, pronouns = getattr(c, "name", None), getattr(c, "pronouns", None)
        if name and pronouns:
            own[name] = [p.lower() for p in str(pronouns).split("/")[:2]]
    found = []
    for m in _PRONOUN_TAG.finditer(text):
        name, told = m.group(1), [m.group(2).lower(), m.group(3).lower()]
        if name in own and told != own[name]:
            found.append(Contradiction("pronouns", text[:120],
                                       f"it gives {name} {'/'.join(told)}, not {'/'.join(own[name])}"))
    return found


def _runs(text: str, n: int) -> set[tuple[str, ...]]:
    words = _WORD.findall(text.lower())
    return {tuple(words[i:i + n]) for i in range(len(words) - n + 1)}


def _shared_run(text: str, prompt: str, n: int) -> str | None:
    """A run of ``n`` words of ``text`` that the prompt has word for word and that is mostly the
    request's own wording (:func:`scaffold`: words the prompt templates write themselves), not
    the night's content it hands the model to use (a place, the Killer's look, a weakness, a
    decided answer: said in its words, read from the prompt itself)."""
    if not prompt:
        return None
    pwords = _WORD.findall(prompt.lower())
    runs = {tuple(pwords[k:k + n]) for k in range(len(pwords) - n + 1)}
    own = scaffold()
    words = _WORD.findall(text.lower())
    for k in range(len(words) - n + 1):
        run = words[k:k + n]
        if tuple(run) in runs:
            threes = [tuple(run[j:j + 3]) for j in range(n - 2)]
            if sum(t in own for t in threes) * 2 >= len(threes):
                return " ".join(run)
    return None


_SCAFFOLD: frozenset[tuple[str, str, str]] | None = None
_JINJA = re.compile(r"\{\{.*?\}\}|\{%.*?%\}", re.S)


def scaffold() -> frozenset[tuple[str, str, str]]:
    """The three-word runs the model prompt templates write themselves (their text between the
    slots the night fills): a reply that says many of them back says its request back."""
    global _SCAFFOLD
    if _SCAFFOLD is None:
        from importlib.resources import files

        runs: set[tuple[str, str, str]] = set()
        root = files("solo") / "prompts"
        for folder in root.iterdir():
            if not folder.name.startswith(("llm", "judge")) or not folder.is_dir():
                continue
            for path in folder.iterdir():
                if not path.name.endswith(".j2"):
                    continue
                source = re.sub(r"\{#.*?#\}", " ", path.read_text(encoding="utf-8"), flags=re.S)
                # the setting a template describes (the camp's places) is the night's content
                source = "\n".join(line for line in source.splitlines() if not line.startswith("The setting:"))
                for literal in _JINJA.split(source):
                    words = _WORD.findall(literal.lower())
                    runs.update(zip(words, words[1:], words[2:]))
        _SCAFFOLD = frozenset(runs)
    return _SCAFFOLD


def _repeats(text: str, earlier: str) -> bool:
    """Most of ``text``'s runs of words were in ``earlier``."""
    mine = _runs(text, REPEAT_RUN)
    if not mine:
        return " ".join(text.lower().split()) == " ".join(earlier.lower().split())
    return len(mine & _runs(earlier, REPEAT_RUN)) >= REPEAT_SHARE * len(mine)
