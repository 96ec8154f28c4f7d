"""Mutation testing of the modules players feel most, one group at a time (``make mutate``).

Each group is mutated by mutmut in a copy of the tree of its own (``.mutants/GROUP``, kept
between runs, so a second run re-tests only the functions that changed), and each mutant runs
only the tests of its group that reach the mutated function (mutmut's own coverage of the
group's tests). Prints the score of every module and lists the mutants that survived.

    python tools/mutate.py                 # every group
    python tools/mutate.py sim playsets    # some groups
    python tools/mutate.py --report sim    # the last run's results, without running
    python tools/mutate.py --show sim      # ... with the diff of each survivor
    python tools/mutate.py --survivors sim # test the survivors again, after adding tests
    python tools/mutate.py --only 'solo.director.understand.x__negated*' asking  # some mutants only

The score of a module is killed / (mutants - equivalent): a mutant that times out counts as
killed, one that no test reaches counts as surviving. Equivalent mutants (no test can tell
them from the code, argued in docs/testing.md) are listed in tools/mutate-equivalent/GROUP.txt.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WORK = ROOT / ".mutants"
EQUIVALENT = ROOT / "tools" / "mutate-equivalent"  # one file per group: GROUP.txt

#: group: (modules mutated, tests run against them)
GROUPS: dict[str, tuple[list[str], list[str]]] = {
    "nott": (["solo/nott/game.py", "solo/nott/cards.py", "solo/nott/rules.py", "solo/nott/actions.py",
              "solo/nott/chance.py"],
             ["tests/nott"]),
    "play": (["solo/play/saves.py", "solo/play/night.py", "solo/play/keeping.py", "solo/play/replay.py",
              "solo/play/transcript.py", "solo/director/teller.py"],
             ["tests/play", "tests/repl/test_saves.py", "tests/sim/test_transcripts.py",
              "tests/narration/test_llm_key.py"]),
    "sim": (["solo/sim/run.py", "solo/sim/tally.py", "solo/sim/report.py", "solo/sim/policies.py",
             "solo/sim/stream.py", "solo/sim/fast.py", "solo/sim/cli.py"],
            ["tests/sim/test_sim.py", "tests/sim/test_engines.py", "tests/sim/test_policies.py",
             "tests/sim/test_tally_counts.py", "tests/sim/test_report_text.py", "tests/sim/test_cli_inprocess.py",
             "tests/sim/test_sweep_cli_inprocess.py", "tests/sim/test_engine_parts.py"]),
    "playsets": (["solo/playsets/loader.py", "solo/playsets/model.py"],
                 ["tests/playsets", "tests/nott/test_knobs.py"]),
    "narration": (["solo/narration/templates.py", "solo/narration/compose.py", "solo/narration/environment.py",
                   "solo/world/lines.py", "solo/world/present.py", "solo/director/beats.py", "solo/narration/llm.py",
                   "solo/director/fiction.py"],
                  ["tests/narration/test_narration_cells.py", "tests/narration/test_narration_narrator.py",
                   "tests/narration/test_narration_strip.py", "tests/narration/test_llm_faults.py",
                   "tests/narration/test_llm_5xx.py", "tests/narration/test_threat_severity.py",
                   "tests/narration/test_fiction_units.py", "tests/narration/test_compose_slots.py",
                   "tests/narration/test_beats_units.py", "tests/narration/test_llm_units.py",
                   "tests/narration/test_template_env.py",
                   "tests/narration/test_llm_fiction.py", "tests/narration/test_llm_cassettes.py",
                   "tests/narration/test_llm_merge.py", "tests/narration/test_narration_games.py",
                   "tests/sim/test_transcripts.py"]),
    # what the player keeps out of the story: lines and veils, the X-card, and the sense check
    # a model's prose is read by before it is kept
    "safety": (["solo/director/safety.py", "solo/play/xcard.py", "solo/director/sense.py"],
               ["tests/director/test_safety.py", "tests/director/test_safety_told.py",
                "tests/director/test_sense_anchors.py", "tests/play/test_xcard.py", "tests/play/test_xcard_night.py",
                "tests/repl/test_safety_commands.py", "tests/narration/test_lines_veils.py",
                "tests/narration/test_llm_lines.py", "tests/narration/test_llm_sense.py",
                "tests/narration/test_editor_set.py"]),
    # a typed question read and answered: what it is about, what it asks, asked the other way
    # round, the oracle, a meaning drawn (not the corpus tests, a thousand nights, nor
    # test_answers_are_facts.py: each surviving mutant of read() runs every test that reads)
    "asking": (["solo/director/understand.py", "solo/director/asks.py", "solo/director/asking.py",
                "solo/director/questions.py", "solo/director/words.py", "solo/director/restate.py",
                "solo/director/oracle.py", "solo/director/meaning.py"],
               ["tests/director/test_negations.py", "tests/director/test_asked_the_other_way.py",
                "tests/director/test_questions.py", "tests/director/test_oracle.py",
                "tests/director/test_oracle_told.py", "tests/director/test_restate_property.py",
                "tests/director/test_state_answers.py",
                "tests/director/test_open_answers.py", "tests/director/test_typed_words.py",
                "tests/repl/test_questions.py", "tests/repl/test_typos.py", "tests/test_night_values.py"]),
    # the rest of the director: what the night knows and establishes, the editor and the
    # continuity checker a model's prose is read by, the tropes and awards, the Killer's moves
    "director": (["solo/director/state.py", "solo/director/facts.py", "solo/director/editor.py",
                  "solo/director/continuity.py", "solo/director/record.py", "solo/director/tidy.py",
                  "solo/director/listen.py", "solo/director/tropes.py", "solo/director/awards.py",
                  "solo/director/killer.py", "solo/director/material.py", "solo/director/catalogue.py",
                  "solo/director/recap.py", "solo/director/stages.py", "solo/director/notebook.py",
                  "solo/director/judge_llm.py"],
                 ["tests/director/test_state_answers.py", "tests/director/test_answers_are_facts.py",
                  "tests/director/test_killer.py", "tests/director/test_retelling.py",
                  "tests/director/test_typed_words.py", "tests/director/test_open_answers.py",
                  "tests/narration/test_editor_nights.py", "tests/narration/test_editor_record.py",
                  "tests/narration/test_editor_set.py", "tests/narration/test_llm_editor.py",
                  "tests/narration/test_tropes.py", "tests/narration/test_tropes_work.py",
                  "tests/narration/test_judge_llm.py", "tests/narration/test_fiction_units.py",
                  "tests/narration/test_things_held.py", "tests/nott/test_director.py",
                  "tests/repl/test_director_awards.py", "tests/repl/test_notebook.py",
                  "tests/repl/test_stages_shown.py", "tests/test_night_values.py"]),
}
COPY = ("solo", "tests", "prompts", "docs", "transcripts", "README.md", "pyproject.toml", "setup.py")
LINE = re.compile(r"^\s*(?P<name>[\w.]+__mutmut_\d+):\s*(?P<status>.+?)\s*$")
KILLED = {"killed", "timeout"}


def mutmut() -> str:
    exe = Path(sys.executable).with_name("mutmut")
    if not exe.exists():
        sys.exit("mutmut is not installed in this environment (make mutate installs it)")
    return str(exe)


def prepare(group: str) -> Path:
    """A fresh copy of the sources and tests beside the group's kept mutants/ folder."""
    modules, tests = GROUPS[group]
    here = WORK / group
    here.mkdir(parents=True, exist_ok=True)
    for name in COPY:
        target = here / name
        if target.is_dir() and not target.is_symlink():
            shutil.rmtree(target)
        elif target.exists() or target.is_symlink():
            target.unlink()
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(src, target, symlinks=True, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy2(src, target)
    # solo/prompts is a link to ../prompts (the package reads its templates through it): mutmut
    # copies no links, so it is copied whole into the mutants' tree
    (here / "setup.cfg").write_text(
        "[mutmut]\nsource_paths=solo\nalso_copy=prompts\n  solo/prompts\n  docs\n  transcripts\n  README.md\n"
        "only_mutate=" + "\n  ".join(modules) + "\n"
        "pytest_add_cli_args_test_selection=" + "\n  ".join(tests) + "\n"
        "pytest_add_cli_args=-p no:cacheprovider\n", encoding="utf-8")
    return here


def run(group: str, children: int, survivors: bool = False, only: list[str] | None = None) -> int:
    """Mutate the group and test every mutant not tested before; with ``survivors``, test
    again only the mutants that survived the last run (after tests were added), with the map
    of which tests reach which function made anew; with ``only`` (mutmut's globs), test (again)
    only the mutants whose names match, the rest left as they were (a big group a piece at a
    time: the functions a change touched first)."""
    names = [n for n, status in results(group).items() if status not in KILLED] if survivors else []
    if survivors and not names:
        print(f"== {group}: no survivors to test again")
        return 0
    names += only or []
    here = prepare(group)
    if survivors:
        (here / "mutants" / "mutmut-stats.json").unlink(missing_ok=True)
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    # the copies sit deeper than the checkout: point the rulebook tests at the real rules folder
    env.setdefault("SOLO_RULES_DIR", str(ROOT.parent / "shared" / "rules"))
    cmd = ["nice", "-n", "10", mutmut(), "run", "--max-children", str(children), *names]
    print(f"== {group}: mutating {', '.join(GROUPS[group][0])}", flush=True)
    with open(here / "run.log", "w", encoding="utf-8") as log:
        return subprocess.call(cmd, cwd=here, env=env, stdout=log, stderr=subprocess.STDOUT)


def results(group: str) -> dict[str, str]:
    here = WORK / group
    if not (here / "mutants").is_dir():
        return {}
    out = subprocess.run([mutmut(), "results", "--all", "true"], cwd=here, capture_output=True, text=True)
    found = {}
    for line in out.stdout.splitlines():
        m = LINE.match(line)
        if m:
            found[m["name"]] = m["status"]
    return found


def equivalent(group: str) -> set[str]:
    """Names listed in tools/mutate-equivalent/GROUP.txt, one per line, each with its reason."""
    path = EQUIVALENT / f"{group}.txt"
    if not path.exists():
        return set()
    return {line.split()[0] for line in path.read_text(encoding="utf-8").splitlines()
            if line.strip() and not line.startswith("#")}


def module_of(name: str) -> str:
    """``solo.sim.tally`` of ``solo.sim.tally.x_merge__mutmut_3`` (or of a method's ``.xǁClassǁ…``)."""
    m = re.match(r"(.*?)\.x[_\u01c1]", name)
    return m.group(1) if m else name.rsplit(".", 1)[0]


def report(group: str, show: bool) -> tuple[int, int]:
    found = results(group)
    if not found:
        print(f"{group}: not run yet")
        return 0, 0
    eq = equivalent(group)
    per: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    survivors: list[tuple[str, str]] = []
    for name, status in sorted(found.items()):
        mod = module_of(name)
        per[mod]["all"] += 1
        if name in eq:
            per[mod]["equivalent"] += 1
        elif status == "not checked":  # an interrupted run: not counted either way
            per[mod]["unchecked"] += 1
        elif status in KILLED:
            per[mod]["killed"] += 1
            per[mod]["timeout"] += status == "timeout"
        else:
            survivors.append((name, status))
    print(f"\n{group}")
    print(f"  {'module':32} {'killed':>7} {'of':>5} {'score':>7} {'equiv':>6} {'raw':>7} {'timeout':>8} {'unchecked':>10}")
    tot: dict[str, int] = defaultdict(int)
    for mod in sorted(per):
        c = per[mod]
        for key, value in c.items():
            tot[key] += value
        print("  " + _row(mod, c))
    if per:
        print("  " + _row("all of " + group, tot))
    print("  score: killed / (mutants - equivalent - unchecked); raw: killed / (mutants - unchecked), "
          "the equivalent list left aside; timeout: killed by a time-out, not by a failing test")
    survivors = [(n, st) for n, st in survivors if st != "not checked"]
    if survivors:
        print(f"  survivors ({len(survivors)}):")
        for name, status in survivors:
            print(f"    {name}  [{status}]")
            if show:
                diff = subprocess.run([mutmut(), "show", name], cwd=WORK / group, capture_output=True, text=True)
                print("      " + "\n      ".join(diff.stdout.rstrip().splitlines()))
    n = tot["all"] - tot["equivalent"] - tot["unchecked"]
    return tot["killed"], n


def _row(label: str, c: dict[str, int]) -> str:
    n = c["all"] - c["equivalent"] - c["unchecked"]
    raw_n = c["all"] - c["unchecked"]
    score = f"{100 * c['killed'] / n:.1f}%" if n else "—"
    raw = f"{100 * c['killed'] / raw_n:.1f}%" if raw_n else "—"
    return (f"{label:32} {c['killed']:>7} {n:>5} {score:>7} {c['equivalent']:>6} {raw:>7} "
            f"{c['timeout'] or '':>8} {c['unchecked'] or '':>10}")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("groups", nargs="*", choices=[[], *GROUPS], default=[], metavar="GROUP",
                   help=f"groups to run (default all: {', '.join(GROUPS)})")
    p.add_argument("--report", action="store_true", help="print the last results without running")
    p.add_argument("--show", action="store_true", help="print the diff of each survivor")
    p.add_argument("--survivors", action="store_true",
                   help="test again only the last run's survivors (after adding tests)")
    p.add_argument("--only", action="append", default=[], metavar="GLOB",
                   help="test (again) only the mutants whose names match, e.g. 'solo.director.understand.x__negated*'")
    p.add_argument("--max-children", type=int, default=max(1, (os.cpu_count() or 2) - 1),
                   help="mutants tested at once (default: all cores but one)")
    args = p.parse_args(argv)
    groups = args.groups or list(GROUPS)
    for g in groups:
        if not args.report:
            code = run(g, args.max_children, args.survivors, args.only)
            if code:
                print(f"{g}: mutmut exited {code}; see {WORK / g / 'run.log'}")
        report(g, args.show)
    return 0


if __name__ == "__main__":
    sys.exit(main())
