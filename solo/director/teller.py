"""The teller: how each step of a night is told.

The rules core decides; the teller tells. From the events a step pushed it cuts the table
moments (a new Threat Card, a roll, the ending), prints their mechanics, makes the beats
(:mod:`solo.director.beats`), advances the fiction by each beat
(:class:`~solo.director.fiction.Fiction`: who is hurt, what is lost, where the group is …),
chooses the voice — the templates, a model (a stretch of beats in one request when it
merges), or a text read back from a save on replay — gives a model's voice the editor's
reading (:func:`solo.director.editor.read`), streams the text to the screen, and keeps what was
told: the (tag, text) pairs a step records, the sentences the fiction has heard, and which
beats each text told (the X-card tells them again).

The night (:class:`solo.play.night.Night`) records the steps, undoes them and saves them; it
hands the teller the events and keeps what the teller returns. The voices
(:mod:`solo.narration`) only phrase what they are handed.
"""

from __future__ import annotations

from collections.abc import Callable

from ..limits import MAX_NARRATION
from ..narration.base import Retraction
from ..narration.beats import Beat
from ..nott import events as E
from ..nott.cards import SUIT_APTITUDES
from ..nott.describe import mechanics
from ..safetext import clean, safe
from .beats import beats_from_events, opening_beats
from .pacing import run_after, run_context

__all__ = ["Teller", "segments"]

Output = Callable[[str, str], None]  # (kind, text): kind is "narration", "mechanics", "notice", "stream", …
Told = tuple[str, str]  # (tag, text): a beat's kind (or a merged stretch's kinds, "outcome+threat"), its text

_STARTS = (E.ThreatRevealed, E.JokerRevealed, E.Rolled, E.Dawn, E.AllDead)


def segments(events: list) -> list[list]:
    """Split a step's events where a new table moment begins."""
    out: list[list] = []
    for e in events:
        if not out or isinstance(e, _STARTS):
            out.append([])
        out[-1].append(e)
    return out


#: Table talk: who takes a Test, a Genre Point given or spent. A model that tells each Test in
#: one request leaves it to the mechanics lines (one voice in the story's prose).
TABLE_TALK = ("challenge", "award", "genre_point")


def _quiet(kind: str, text: str) -> None:
    pass


def _tag(beat) -> str:
    if beat.kind in ("red_joker", "black_joker") and beat.get("phase"):
        return f"{beat.kind}.{beat['phase']}"
    return beat.kind


def _with_trope(beat, note: str):
    """An award beat told with the trope the director's note names."""
    if beat.kind != "award":
        return beat
    from .awards import trope_of

    trope = trope_of(note)
    return Beat("award", {**beat.context, "trope": trope}) if trope else beat


class Teller:
    """Tells the steps of one night of ``game``: the fiction it advances (:attr:`story`), the
    voice it tells with (:attr:`narrator`), and what it has told.

    Hooks a front end sets: :attr:`out` ((kind, text) for every line and streamed chunk),
    :attr:`suggest` (``game → name``: who a new Threat Card is pointed at, as the tutorial's
    lesson), :attr:`on_told` ((beat, text, fiction before, fiction after) for every text told).
    While :attr:`replaying`, nothing is shown and the texts come from :attr:`stored` (a save's)
    or the templates.
    """

    def __init__(self, game, seed: int | str, setting: dict | None) -> None:
        from .fiction import Fiction

        self.game = game
        self.seed = seed
        self.setting = setting
        self.story = Fiction([{"name": c.name, "archetype": c.archetype, "aptitude": SUIT_APTITUDES[c.aptitude],
                               "why": c.why, "pronouns": c.pronouns} for c in game.cast], seed, setting)
        self.safety = None  # the lines and veils the story is told under (see attach)
        self._narrator = None
        self.replayer = None  # a template narrator for replays and missing texts
        self.replaying = False
        self.stored: list[Told] | None = None  # narration read from a save, for replay
        self.covered = 0  # beats of a stored stretch still to pass over
        #: the save keeps every text told (a model's night): a beat with no text of its own there
        #: was told by no voice (table talk, in a model's merged telling)
        self.texts_kept = False
        self.beats_told: dict = {}  # id of a told (tag, text) → (it, its beats): what the X-card tells again
        self.struck: dict = {}  # id of a (tag, text) the X-card took out → (it, the X-card's step)
        self.last_beats: list = []
        self.out: Output = _quiet
        self.suggest: Callable | None = None
        self.on_told: Callable | None = None

    # ------------------------------------------------------------------ the voice

    @staticmethod
    def setting_of(narrator) -> dict | None:
        """The playset's setting a narrator (or its fallback) tells in, if it says."""
        for n in (narrator, getattr(narrator, "fallback", None)):
            setting = getattr(n, "setting", None)
            if isinstance(setting, dict):
                return setting
        return None

    @property
    def narrator(self):
        return self._narrator

    def set_narrator(self, narrator, safety) -> None:
        """Tell with ``narrator`` (None: tell nothing new), under ``safety``."""
        self._narrator = narrator
        if hasattr(narrator, "set_cast"):
            narrator.set_cast([{"name": c.name, "archetype": c.archetype, "aptitude": SUIT_APTITUDES[c.aptitude],
                                "pronouns": getattr(c, "pronouns", "they/them"), "why": c.why or ""}
                               for c in self.game.cast])
        self.attach(safety)

    def attach(self, safety) -> None:
        """Point every narrator at the fiction (after undo it is another object) and at the
        lines and veils the story is told under now."""
        self.safety = safety
        for n in (self._narrator, getattr(self._narrator, "fallback", None), self.replayer):
            if n is not None and hasattr(n, "story"):
                n.story = self.story
            if n is not None and hasattr(n, "safety"):
                n.safety = safety

    def forget(self) -> None:
        """A model is not to hear again what was taken back (undo, the X-card)."""
        conversation = getattr(self._narrator, "conversation", None)
        if conversation is not None:
            conversation.reset()

    def _merging(self) -> bool:
        """A model that tells each Test in one request (see ``LLMNarrator.narrate_stretch``)."""
        n = self._narrator
        return (not self.replaying and n is not None and bool(getattr(n, "merge", False))
                and hasattr(n, "narrate_stretch"))

    @property
    def names(self) -> list[str]:
        return [c.name for c in self.game.cast]

    @property
    def pending_say(self) -> str | None:
        """The player's line for the moment at hand, if any (kept by the fiction)."""
        tester = self.game.tester
        p = self.story.people[tester] if 0 <= tester < len(self.story.people) else None
        return p.line if p is not None else None

    # ------------------------------------------------------------------ a step told

    def open(self) -> list[Told]:
        """The opening: its mechanics shown, its beats (the cast, the first Threat Card) told."""
        if not self.replaying:
            for line in mechanics(list(self.game.opening_events), self.names):
                self.out("mechanics", line)
        return self.tell(opening_beats(self.game))

    def report(self, events: list, into: list, note: str | None = None,
               resolved: Callable[[], None] | None = None) -> None:
        """Show and tell ``events``, one table moment at a time (a new Threat Card or the ending
        starts a new moment, so narration follows the mechanics it tells), each told text added
        to ``into``. A model that tells a Test in one request gets the whole step at once, after
        its mechanics. ``note`` (the director's reason for a Genre Point) names an award's
        trope; ``resolved`` is called when a Test is resolved."""
        merging = self._merging()
        pending: list = []
        for segment in segments(events):
            if not self.replaying:
                for line in mechanics(segment, self.names):
                    self.out("mechanics", line)
            beats = beats_from_events(self.game, segment, player_action=self.pending_say)
            if note:
                beats = [_with_trope(b, note) for b in beats]
            if merging:
                pending += beats
            else:
                into += self.tell(beats)
            if resolved is not None and not self.replaying and any(type(e) is E.TestResolved for e in segment):
                resolved()
        if merging and pending:
            into += self.tell(pending)

    def reply(self, question, step: int):
        """The director's answer to ``question`` asked at ``step`` (:func:`solo.director.asking.reply`)."""
        from .asking import reply

        return reply(question, game=self.game, fiction=self.story, seed=self.seed, step=step, setting=self.setting)

    def answer(self, reply) -> list[Told]:
        """Tell the director's answer (decided word for word, or phrased by the voice)."""
        who = reply.question.who
        context = reply.context()
        safety = self.safety
        if safety and context.get("text"):  # decided word for word: told without what crosses a line
            context = {**context, "text": safety.scrub(context["text"], context.get("yes"))}
        return self.tell([Beat("answer", {**context, "name": self.names[who] if who is not None else None,
                                          "living": [self.names[i] for i in self.game.living()]})])

    def tell(self, beats: list) -> list[Told]:
        """Advance the fiction by each beat and tell it; the (kind, text) pairs told. A model
        that merges tells each stretch of beats (an outcome to the next Threat Card) in one
        request; short table talk and the ending stay beats of their own."""
        told: list[Told] = []
        story = self.story
        enriched = []
        merging = self._merging()
        stretch: list = []  # (beat, before, after) awaiting one request

        def flush() -> None:
            if stretch:
                group = [b for b, _, _ in stretch]
                self._speak(group, stretch[0][1], stretch[-1][2], told)
                stretch.clear()

        # what the continuity check and on_told read, taken only when one of them will
        watched = not self.replaying and (self.on_told is not None or hasattr(self._narrator, "guard"))
        before = after = None
        for beat in beats:
            if beat.kind == "threat" and self.suggest is not None:  # e.g. the tutorial's lesson
                beat = Beat("threat", self._pointed(beat.context))
            if watched:
                before = story.snapshot()
            run = getattr(story, "quiet_run", ())  # the quiet Tests just before (kept with the fiction: undo rewinds it)
            details = story.apply(beat.kind, dict(beat.context))
            told_with = {**beat.context, **details}  # a thread paid ends a quiet run
            story.quiet_run = run_after(run, beat.kind, told_with)
            if watched:
                after = story.snapshot()
            enriched.append(Beat(beat.kind, {**beat.context, **run_context(run, beat.kind, told_with), **details,
                                             "f": story.view()}))
            beat = enriched[-1]
            if self.replaying or self._narrator is None:
                tag, text = self._replay_text(beat)  # (a replay is never watched: no on_told)
                if text:
                    told.append(pair := (tag, text))
                    self.keep(pair, [beat])
                    story.heard(text)
                elif told and "+" in told[-1][0]:  # a stored stretch tells this beat too
                    self.keep(told[-1], [beat], also=True)
                continue
            if merging and beat.kind not in self._narrator.TABLE_TALK + self._narrator.ALONE + ("answer",):
                stretch.append((beat, before, after))
                continue
            flush()
            if merging and beat.kind in self._narrator.TABLE_TALK:
                continue  # one voice: the model's; who takes the Test, a Genre Point, is the mechanics lines'
            self._speak([beat], before, after, told)
        flush()
        if enriched:
            self.last_beats = enriched
        for beat in enriched:  # an answer about the unknown is told once, then kept as told
            if beat.kind == "answer" and beat.get("fact"):
                text = next((t for k, t in told if k == "answer"), None)
                if text:
                    story.established(beat["fact"], text)
        return told

    def keep(self, pair: Told, beats: list, also: bool = False) -> None:
        """Remember the beats a told (tag, text) told, for the X-card (the latest few)."""
        held = self.beats_told.get(id(pair))
        if also:
            if held is not None and held[0] is pair:
                held[1].extend(beats)
            return
        self.beats_told[id(pair)] = (pair, list(beats))
        if len(self.beats_told) > 256:
            del self.beats_told[next(iter(self.beats_told))]

    def _pointed(self, context: dict) -> dict:
        """A Threat Card's telling with the one :attr:`suggest` names: told as suited only
        when their Aptitude is the card's suit, else only pointed at."""
        name = self.suggest(self.game)
        aptitude = next((c.aptitude_name for c in self.game.cast if c.name == name), None)
        if name is not None and aptitude == context.get("suit"):
            return {**context, "suited": name, "pointed": None}
        return {**context, "suited": None, "pointed": name}

    def _speak(self, group: list, before, after, told: list) -> None:
        """Tell ``group`` (one beat, or a merged stretch) through the narrator, streaming."""
        narrator = self._narrator
        if len(group) == 1 and group[0].kind == "answer" and group[0].get("text"):
            stream = iter([group[0]["text"]])  # decided word for word (the state, a fact): no voice needed
        elif len(group) == 1:
            self._guard(group, before, after)
            stream = narrator.narrate(group[0])
        else:
            self._guard(group, before, after)
            stream = narrator.narrate_stretch(group)
        chunks: list[str] = []
        for chunk in stream:
            if isinstance(chunk, Retraction):
                chunks.clear()  # the stream broke: its text is replaced by the template's
                self.out("stream-end", "")
                continue
            chunk = safe(chunk)
            chunks.append(chunk)
            self.out("stream", chunk)
        text = "".join(chunks).strip()
        self.out("stream-end", text)
        text = clean(text, what="the narration", limit=MAX_NARRATION, cut=True, undecodable="replace")
        if text:
            tag = "+".join(_tag(b) for b in group)
            told.append(pair := (tag, text))
            self.keep(pair, group)
            self.story.heard(text)
            if self.on_told is not None:
                for b in group:
                    self.on_told(b, text, before, after)

    def _guard(self, group: list, before, after) -> None:
        """Give a model's narrator the director's reading for these beats, one or a merged
        stretch (:func:`solo.director.editor.read`: continuity, sense, and what was decided,
        told); it falls back to the templates on a text that fails it."""
        narrator = self._narrator
        if hasattr(narrator, "guard"):
            from .editor import may_wait, read, untold_beats

            contexts = [{**beat.context, "kind": beat.kind} for beat in group]
            answers = [beat.get("yes") for beat in group if beat.kind == "answer"]
            cast = self.game.cast
            safety = self.safety

            def guard(text: str, prompt: str = "", kept=(), most: int | None = None) -> list:
                return read(text, contexts, cast=cast, prompt=prompt, kept=kept, before=before, after=after,
                            answers=answers, safety=safety, most=most)

            guard.waits = may_wait  # a finding a sentence still to come may answer (a reply read as it streams)
            guard.untold = lambda text: untold_beats(text, contexts)
            narrator.guard = guard

    def _replay_text(self, beat) -> Told:
        """A beat's (tag, text) without telling it: read back from the save, or the templates'.
        A stored text keeps its stored tag: one that told a stretch (``outcome+…``) stands for
        the beats after it, in this replay and in the next one, from the save written again."""
        if beat.kind == "answer" and beat.get("text"):
            if self.stored and self.stored[0][0] == "answer":
                self.stored.pop(0)  # the same words, kept in the save too
            return "answer", clean(beat["text"], limit=MAX_NARRATION, cut=True, undecodable="replace")
        if self.covered:
            self.covered -= 1  # told by the stored stretch before it
            return "", ""
        if self.texts_kept and beat.kind in TABLE_TALK and (
                not self.stored or str(self.stored[0][0]).split("+")[0] != _tag(beat)):
            return "", ""  # told by no voice that night (a model's merged telling: the mechanics said it)
        if self.stored:
            kind, text = self.stored.pop(0)
            self.covered = max(0, min(20, str(kind).count("+")))
            return str(kind), clean(text, limit=MAX_NARRATION, cut=True, undecodable="replace")
        if not self.replaying:
            return "", ""  # a night played without a narrator tells nothing
        return _tag(beat), self._replayer().tell(beat)

    # ------------------------------------------------------------------ told again (the X-card)

    def templates(self):
        """The templates' narrator of this night (its own, a model's fallback, or the replayer)."""
        for n in (self._narrator, getattr(self._narrator, "fallback", None)):
            if n is not None and hasattr(n, "retell"):
                return n
        return self._replayer()

    def _replayer(self):
        """The templates that tell what a replay finds no stored text for."""
        if self.replayer is None:
            from ..narration.templates import TemplateNarrator

            self.replayer = TemplateNarrator(seed=self.seed, setting=self.setting)
        self.replayer.story = self.story
        return self.replayer

    def retell(self, beats: list, safety, fade: bool) -> str:
        """``beats`` told again by the templates under ``safety`` (or as a fade)."""
        from .safety import DARK

        narrator = self.templates()
        texts: list[str] = []
        for beat in beats:
            if beat.kind == "answer" and beat.get("text"):  # decided word for word: the answer, no more
                yes = beat.get("yes")
                text = safety.scrub(beat["text"], yes) if not fade else \
                    ("Yes." if yes is True else "No." if yes is False else next((t for t in DARK if not
                                                                                 safety.touches(t)), ""))
            else:
                text = narrator.retell(beat, safety, fade=fade)
            if text:
                texts.append(text)
        text = " ".join(texts).strip()
        if not text:
            text = "The scene cuts away." if not safety.touches("The scene cuts away.") else "…"
        return clean(text, what="the narration", limit=MAX_NARRATION, cut=True, undecodable="replace")
