"""``solo draw-test``: a T13 Card Draw Test for ad-hoc characters, from the command line.

    solo draw-test --difficulty 12 --facet Trial --char "Ann:16:Fury,Trial" --char "Ben:14" --seed 5

``--char`` (repeat it, one per character, in the order they draw)::

    NAME:DRAW[:PROFICIENCY,PROFICIENCY…][:key=value…]

- ``NAME`` — any name without ``:``; ``DRAW`` — the Facet (or Annex) Draw in Pips (R1).
- Proficiencies — the Facets of the applicable Proficiencies, comma-separated (R17); a field
  may be left empty (``Ann:16::card=7S``).
- ``key=value`` fields, in any order after the Draw: ``card=7♠`` (a card drawn by hand;
  ``card=RJ,7S`` adds the cards drawn by hand after it, in order: a Joker's redraw under
  ``--joker redraw``, a tie's draw-off under ``--draw-off``),
  ``annex=NAME`` (an Annex Draw, shown in the breakdown), ``chi=N`` (Chi spent; the
  character is taken to have it), ``stress=N``, ``strain=N``, ``shock=N`` (Gained, within
  the default tracks, R8), ``success=N`` / ``failure=N`` (Levels the Yarn-Teller grants).

The Difficulty is ``--difficulty N`` Pips (default 20), or ``--difficulty-card X`` (an
Ordeal Card, or ``draw``) plus ``--base N``. Cards not given by hand are drawn from
``--seed`` (a random seed is chosen and printed when it is missing, so any run replays).
Prints each draw with its arithmetic, the ranking and a short narration (``--no-narration``
to leave it out; ``--json`` for machine-readable output). Exit codes: 0 done, 2 bad input.
Batch-friendly: plain text on stdout, errors as one ``solo draw-test: error:`` line on stderr.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence

from ..safetext import SafeArgumentParser, echo, safe_json
from .boosts import Boosts, Tracks
from .chance import SeededChance
from .difficulty import card_difficulty, draw_difficulty, set_difficulty
from .errors import T13Error
from .facets import DEFAULT_TABLE, facet_table, parse_facet
from .group import Participant, run_test
from .narrator import RaceNarrator, race_beats
from .race import DEFAULTS
from .report import arithmetic, as_data, facet_label, ranking_line
from .rules import Rules

PROG = "solo draw-test"
_BOOST_KEYS = ("chi", "stress", "strain", "shock")


class CharSyntaxError(T13Error):
    """A ``--char`` value that does not follow ``NAME:DRAW[:PROFS][:key=value…]``."""


def _whole(text: str, what: str, spec: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise CharSyntaxError(f"{what} must be a whole number in --char {spec!r}, got {text!r}") from None
    if n < 0:
        raise CharSyntaxError(f"{what} must be at least 0 in --char {spec!r}, got {text!r}")
    return n


def parse_char(spec: str, facet: str) -> Participant:
    """One ``--char`` value as a participant testing ``facet``."""
    fields = spec.split(":")
    if len(fields) < 2 or not fields[0].strip():
        raise CharSyntaxError(f"--char needs NAME:DRAW[:PROFICIENCY,…][:key=value…], got {spec!r}")
    name = fields[0].strip()
    draw = _whole(fields[1].strip(), "the Draw", spec)
    profs: list[str] = []
    opts: dict[str, str] = {}
    for k, field in enumerate(fields[2:]):
        field = field.strip()
        if "=" in field:
            key, _, value = field.partition("=")
            key = key.strip().lower()
            if key in opts:
                raise CharSyntaxError(f"{key!r} is given twice in --char {spec!r}")
            opts[key] = value.strip()
        elif k == 0:
            profs = [p.strip() for p in field.split(",") if p.strip()]
        elif field:
            raise CharSyntaxError(f"--char {spec!r}: after the Proficiencies every field is key=value, "
                                  f"got {field!r}")
    known = {"card", "annex", "success", "failure", *_BOOST_KEYS}
    unknown = sorted(set(opts) - known)
    if unknown:
        raise CharSyntaxError(f"unknown key {unknown[0]!r} in --char {spec!r} (keys: {', '.join(sorted(known))})")
    boosts = Boosts(**{k: _whole(opts[k], k, spec) for k in _BOOST_KEYS if k in opts})
    tracks = Tracks(chi=boosts.chi)
    cards = [c.strip() for c in opts.get("card", "").split(",")]
    if any(not c for c in cards) and len(cards) > 1:
        raise CharSyntaxError(f"card= lists the cards drawn by hand, comma-separated, in --char {spec!r}: "
                              f"got {opts['card']!r}")
    return Participant(name, facet, draw, annex=opts.get("annex") or None, proficiencies=tuple(profs),
                       boosts=boosts, tracks=tracks, card=cards[0] or None, then=tuple(cards[1:]),
                       yarn_success=_whole(opts.get("success", "0"), "success", spec),
                       yarn_failure=_whole(opts.get("failure", "0"), "failure", spec))


DESCRIPTION = "A T13 Card Draw Test for ad-hoc characters: draws, arithmetic, ranking, narration."
#: What DRAW in ``--char NAME:DRAW`` is (docs/rulings-t13.md, R1).
DRAW_MEANS = "the character's Facet (or Annex) Draw in Pips, the number the card they draw is added to"
EXAMPLE = '--char "Ann:16:Fury,Trial" --char "Ben:14"'
EPILOG = ('--char syntax: NAME:DRAW[:PROFICIENCY,PROFICIENCY...][:key=value...] with keys card, annex, '
          f'chi, stress, strain, shock, success, failure. DRAW is {DRAW_MEANS} (e.g. 16). '
          'card=7S is the card the character drew by hand (card=RJ,7S: and the ones drawn after it, in order). '
          'E.g. --char "Ann:16:Fury,Trial" --char "Ben:14::chi=1"')


def add_arguments(p: argparse.ArgumentParser) -> argparse.ArgumentParser:
    """The ``draw-test`` options, on any parser."""
    p.add_argument("--facet", default="Trial", help="the Facet tested (default Trial)")
    p.add_argument("--char", action="append", default=[], metavar="SPEC",
                   help="a character, NAME:DRAW (repeat, one per character); DRAW: their Draw in Pips; see below")
    d = p.add_mutually_exclusive_group()
    d.add_argument("--difficulty", type=int, metavar="N", help=f"Difficulty in Pips (default {DEFAULTS.difficulty})")
    d.add_argument("--difficulty-card", metavar="CARD", help="make the Difficulty from an Ordeal Card, or 'draw' one")
    p.add_argument("--base", type=int, default=0, metavar="N", help="base Pips added to a card-made Difficulty")
    p.add_argument("--label", default="", help="the Difficulty's grade (Chi, Bold, Monstrous…): a label only")
    p.add_argument("--seed", help="seed for the cards drawn (random and printed if missing)")
    p.add_argument("--places", type=int, default=1, metavar="K", help="placings that earn a Success Level (default 1)")
    p.add_argument("--fail-below", type=int, metavar="P", help="a Failure Level for everyone placed below P")
    p.add_argument("--draw-off", action="store_true", help="break ties with a draw-off (one winner)")
    p.add_argument("--joker", choices=["zero", "redraw"], default="zero", help="a Joker adds 0 (default) or is redrawn")
    p.add_argument("--own-decks", action="store_true", help="each character draws from a deck of their own")
    p.add_argument("--no-colour-failure", action="store_true", help="no Failure Level for the opposite colour")
    p.add_argument("--suit", action="append", default=[], metavar="FACET=SUIT",
                   help="move an unsettled black Facet to Spades or Clubs (R4), e.g. Fury=Clubs")
    p.add_argument("--scene", default="", help="where everyone is racing to, for the narration")
    p.add_argument("--no-narration", action="store_true", help="leave out the narration")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    return p


def build_parser() -> argparse.ArgumentParser:
    return add_arguments(SafeArgumentParser(prog=PROG, description=DESCRIPTION, epilog=EPILOG))


def register(subparsers) -> argparse.ArgumentParser:
    """Add ``draw-test`` to ``solo``'s subcommands (``args.func(args)`` runs it)."""
    p = subparsers.add_parser("draw-test", help="a T13 Card Draw Test for ad-hoc characters",
                              description=DESCRIPTION, epilog=EPILOG)
    add_arguments(p)
    p.set_defaults(func=run_args)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``solo draw-test``; returns the exit code (0 done, 2 bad input)."""
    parser = build_parser()
    try:
        args = parser.parse_args(list(argv) if argv is not None else None)
    except SystemExit as exc:  # argparse has printed usage or help
        return exc.code if isinstance(exc.code, int) else 2
    return run_args(args)


def run_args(args: argparse.Namespace) -> int:
    """Run parsed ``draw-test`` options; bad input is one error line on stderr and exit code 2."""
    try:
        return _run(args)
    except (T13Error, ValueError) as exc:
        echo(f"{PROG}: error: {' '.join(str(exc).split())}", file=sys.stderr)
        return 2


def _run(args: argparse.Namespace) -> int:
    if not args.char:  # a one-line usage, with an example that runs as typed
        from ..invocation import solo_command

        run = f"{solo_command()} draw-test"
        raise CharSyntaxError(f"give at least one --char NAME:DRAW, DRAW being {DRAW_MEANS}: e.g. {run} {EXAMPLE} "
                              f"(every option: {run} --help)")
    table = DEFAULT_TABLE
    if args.suit:
        overrides = {}
        for item in args.suit:
            key, sep, value = item.partition("=")
            if not sep:
                raise T13Error(f"--suit takes FACET=SUIT, got {item!r}")
            overrides[key.strip()] = value.strip()
        table = facet_table(overrides)
    facet = parse_facet(args.facet)
    people = [parse_char(spec, facet) for spec in args.char]
    rules = Rules(success_places=args.places, failure_below=args.fail_below,
                  ties="draw_off" if args.draw_off else "share", joker=args.joker, shared_deck=not args.own_decks,
                  opposite_colour_failure=not args.no_colour_failure)
    seed_given = args.seed is not None
    seed: int | str = args.seed if seed_given else random.SystemRandom().randrange(1, 10**6)
    if isinstance(seed, str) and seed.lstrip("-").isdigit():
        from ..seeds import MAX_SEED_DIGITS

        digits = len(seed.lstrip("-").lstrip("0"))
        if digits > MAX_SEED_DIGITS:  # Python would refuse to read or show one of thousands
            raise T13Error(f"--seed has at most {MAX_SEED_DIGITS} digits, got one of {digits:,}")
        seed = int(seed)
    chance = SeededChance(seed)
    if args.difficulty_card is not None:
        if args.difficulty_card.strip().lower() == "draw":
            diff = draw_difficulty(chance, args.base, args.label, rules)
        else:
            diff = card_difficulty(args.difficulty_card, args.base, args.label)
    else:
        diff = set_difficulty(DEFAULTS.difficulty if args.difficulty is None else args.difficulty, args.label)
    result = run_test(people, diff, chance, rules, table)
    told: list[str] = []
    if not args.no_narration:
        narrator = RaceNarrator(f"t13-cli:{seed}")
        told = narrator.tell_all(race_beats(result, scene=args.scene))

    if args.json:
        data = as_data(result) | {"facet": facet, "seed": seed, "narration": told}
        echo(safe_json(data, indent=2))
        return 0
    echo(f"T13 Card Draw Test: {facet_label(result, facet)}, {diff.describe()} — seed {seed}"
         + ("" if seed_given else f" (replay with --seed {seed})"))
    for e in result.entries:
        echo("\n".join(arithmetic(e, result)))
    echo(ranking_line(result))
    for text in told:
        echo(text)
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
