#!/usr/bin/env python3
"""Tables of the experiments' results, with Wilson 95 % intervals, from docs/experiments/*.jsonl.

Each docs/experiments/NNNN-name.jsonl holds one JSON object a line, of one of three kinds:

- a tally, one per arm and colour: {"arm": "localx=2", "colour": "black", "games": 150, "wins": 123,
  "opponent": "mohex-2.0 -t 1 --fast", "size": 11, "protocol": "empty-no-swap", "move_time_s": 1};
- a game, as scripts/mohex-duel.py writes it: {"game": 4, "hextoe_black": true, "hextoe_won": false, ...},
  optionally with "arm" (default "hextoe"); a line {"defaults": {...}} sets fields (arm, opponent, size,
  protocol, move_time_s) for the game lines after it, and mohex-duel.py's closing "hextoe won ..." line is
  skipped;
- a measurement that is not a game result: {"arm": "...", "measure": "...", <numbers>}.

Usage:
  scripts/experiments.py [NNNN ...]   print each experiment's table by arm and colour
  scripts/experiments.py --write      regenerate every marked block in README.md and docs/**/*.md
  scripts/experiments.py --check      recompute every marked block and fail (exit 1) on any difference

A marked block is an HTML comment, the generated table, and a closing comment:

  <!-- results 0087 -->                               every arm of experiment 0087, by arm and colour
  <!-- results 0087:"book=replies" 0045 -->          chosen arms of one or more experiments
  <!-- results 0087:"book=replies|the default" layout=summary -->   an arm shown under a label of its own
  <!-- results 0087 0077 layout=summary -->          one line per arm: games, wins, interval, colours
  <!-- results 0052 layout=measures -->              the measurements of an experiment
  <!-- results 0103:"A" 0103:"B" layout=paired -->   two arms' games on the same seeds, pair by pair, with
                                                      the one-sided sign test that A wins more of them
  ...generated table...
  <!-- /results -->

--check also fails when "95 % interval" appears outside a marked block, when an experiment's .md has no
block of its own results, or when an .md and its .jsonl do not come in pairs.
"""

import argparse
import glob
import json
import math
import os
import re
import shlex
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXPERIMENTS = os.path.join(ROOT, "docs", "experiments")
Z = 1.96
COLOURS = ("black", "white", "first", "second", "both")
COLOUR_NAMES = {"black": "Black", "white": "White", "first": "first player", "second": "second player",
                "both": "both", "all": "all"}
PROTOCOLS = {"empty-no-swap": "empty board, no swap", "swap": "swap rule",
             "random-opening-pairs": "random opening pairs"}
BLOCK = re.compile(r"<!-- results (?P<args>.*?) -->\n(?P<body>.*?)<!-- /results -->", re.S)
INTERVAL_TEXT = re.compile(r"95[\s\u00a0\u202f]*%[\s\u00a0\u202f]*interval")


class Error(Exception):
    pass


def wilson(wins, games, z=Z):
    """The Wilson score interval for wins of games, as two fractions."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def pct(x):
    return f"{100 * x:.1f} %"


def interval(wins, games):
    lo, hi = wilson(wins, games)
    return f"{100 * lo:.1f}–{100 * hi:.1f} %"


class Experiment:
    def __init__(self, path):
        self.path = path
        self.stem = os.path.splitext(os.path.basename(path))[0]
        self.id = self.stem[:4]
        self.tallies = []  # dicts with arm, colour, games, wins and the context fields
        self.measures = []  # dicts
        self.read()

    def read(self):
        defaults = {}
        with open(self.path, encoding="utf-8") as f:
            for n, line in enumerate(f, 1):
                line = line.strip()
                if not line or line.startswith("hextoe won "):
                    continue
                where = f"{os.path.relpath(self.path, ROOT)}:{n}"
                try:
                    rec = json.loads(line)
                except json.JSONDecodeError as e:
                    raise Error(f"{where}: not JSON: {e}")
                if not isinstance(rec, dict):
                    raise Error(f"{where}: expected a JSON object")
                if "defaults" in rec:
                    defaults = dict(rec["defaults"])
                elif "hextoe_won" in rec:
                    rec = {**defaults, **rec}
                    colour = "black" if rec.get("hextoe_black") else "white"
                    self.add_tally({**rec, "arm": rec.get("arm", "hextoe"), "colour": colour, "games": 1,
                                    "wins": 1 if rec["hextoe_won"] else 0}, where)
                elif "measure" in rec:
                    if "arm" not in rec:
                        raise Error(f"{where}: a measurement needs an arm")
                    self.measures.append(rec)
                elif "games" in rec:
                    self.add_tally(rec, where)
                else:
                    raise Error(f"{where}: neither a tally, a game nor a measurement")

    def add_tally(self, rec, where):
        for key in ("arm", "colour", "games", "wins"):
            if key not in rec:
                raise Error(f"{where}: a tally needs {key}")
        if rec["colour"] not in COLOURS:
            raise Error(f"{where}: colour {rec['colour']!r} is not one of {', '.join(COLOURS)}")
        if not (isinstance(rec["games"], int) and isinstance(rec["wins"], int) and 0 <= rec["wins"] <= rec["games"]):
            raise Error(f"{where}: wins and games must be whole numbers with 0 <= wins <= games")
        self.tallies.append(rec)

    def arms(self):
        seen = []
        for r in self.tallies + self.measures:
            if r["arm"] not in seen:
                seen.append(r["arm"])
        return seen

    def rows(self, arm):
        """(colour, wins, games) rows of an arm, by colour, with an 'all' row when there are several."""
        by = {}
        for r in self.tallies:
            if r["arm"] == arm:
                w, g = by.get(r["colour"], (0, 0))
                by[r["colour"]] = (w + r["wins"], g + r["games"])
        rows = [(c, *by[c]) for c in COLOURS if c in by]
        if len(rows) > 1 and "both" not in by:
            rows.append(("all", sum(r[1] for r in rows), sum(r[2] for r in rows)))
        return rows

    def context(self, arm, key):
        values = []
        for r in self.tallies:
            if r["arm"] == arm and r.get(key) is not None and r[key] not in values:
                values.append(r[key])
        return values


def load():
    exps = {}
    for path in sorted(glob.glob(os.path.join(EXPERIMENTS, "[0-9][0-9][0-9][0-9]-*.jsonl"))):
        e = Experiment(path)
        if e.id in exps:
            raise Error(f"two experiments numbered {e.id}: {exps[e.id].stem} and {e.stem}")
        exps[e.id] = e
    return exps


def select(exps, tokens, where):
    """[(experiment, arm, label)] for the block's selection tokens: NNNN, NNNN:arm or NNNN:arm|label."""
    chosen = []
    for t in tokens:
        t, _, label = t.partition("|")
        ident, _, arm = t.partition(":")
        if ident not in exps:
            raise Error(f"{where}: no experiment {ident}")
        e = exps[ident]
        if arm:
            if arm not in e.arms():
                raise Error(f"{where}: experiment {ident} has no arm {arm!r} (it has {', '.join(e.arms())})")
            chosen.append((e, arm, label or arm))
        else:
            chosen.extend((e, a, a) for a in e.arms())
    return chosen


def md_arms(chosen):
    lines = ["| experiment | arm | colour | wins | games | win rate | 95 % interval |", "|---|---|---|---|---|---|---|"]
    for e, arm, _ in chosen:
        for colour, w, g in e.rows(arm):
            lines.append(f"| {e.id} | {arm} | {COLOUR_NAMES[colour]} | {w} | {g} | {pct(w / g)} | {interval(w, g)} |")
    return lines


def seconds(values):
    return ", ".join(f"{v:g} s" for v in values) if values else "—"


def md_summary(chosen, md_path):
    lines = ["| result | protocol | board | opponent | time a move | games | hextoe won | 95 % interval | as Black "
             "| as White |", "|---|---|---|---|---|---|---|---|---|---|"]
    refs = []
    for e, arm, label in chosen:
        rows = {c: (w, g) for c, w, g in e.rows(arm)}
        w, g = rows.get("all") or rows.get("both") or next(iter(rows.values()))
        link = os.path.relpath(os.path.join(EXPERIMENTS, e.stem + ".md"), os.path.dirname(md_path))
        if (e.id, link) not in refs:
            refs.append((e.id, link))
        colour = lambda c: f"{rows[c][0]} of {rows[c][1]} ({pct(rows[c][0] / rows[c][1])})" if c in rows else "—"
        protocol = ", ".join(PROTOCOLS.get(p, p) for p in e.context(arm, "protocol")) or "—"
        size = ", ".join(f"{s}×{s}" for s in e.context(arm, "size")) or "—"
        opponent = ", ".join(f"`{o}`" for o in e.context(arm, "opponent")) or "—"
        lines.append(f"| [{e.id}][e{e.id}] {label} | {protocol} | {size} | {opponent} | "
                     f"{seconds(e.context(arm, 'move_time_s'))} | {g} | {w} ({pct(w / g)}) | {interval(w, g)} | "
                     f"{colour('black') if 'first' not in rows else colour('first')} | "
                     f"{colour('white') if 'second' not in rows else colour('second')} |")
    lines.append("")
    lines.extend(f"[e{ident}]: {link}" for ident, link in refs)
    return lines


def md_measures(chosen):
    measures = []
    for e, arm, _ in chosen:
        measures.extend(m for m in e.measures if m["arm"] == arm and m not in measures)
    keys = []
    for m in measures:
        keys.extend(k for k in m if k not in ("arm", "measure") and k not in keys)
    lines = ["| arm | measure | " + " | ".join(keys) + " |", "|---|---|" + "---|" * len(keys)]
    for m in measures:
        cells = ["—" if m.get(k) is None else (f"{m[k]:,}" if isinstance(m[k], int) else str(m[k])) for k in keys]
        lines.append(f"| {m['arm']} | {m['measure']} | " + " | ".join(cells) + " |")
    return lines


def sign_test(k, n):
    """One-sided sign test: the chance of k or more successes in n fair coin tosses."""
    return sum(math.comb(n, i) for i in range(k, n + 1)) / 2 ** n if n else 1.0


def md_paired(chosen, where):
    """Two arms' games paired by game number (the same seed, opening stone and colours): how many pairs
    each arm alone won, and the one-sided sign test over those that the first arm wins more of them."""
    if len(chosen) != 2:
        raise Error(f"{where}: layout=paired compares exactly two arms")
    results = []
    for e, arm, _ in chosen:
        games = {}
        for r in e.tallies:
            if r["arm"] == arm and "game" in r:
                games[r["game"]] = (r["wins"] == 1, r.get("hextoe_black"))
        results.append(games)
    (a, b), ((_, _, la), (_, _, lb)) = results, chosen
    lines = [f"| colour | pairs | both won | {la} alone | {lb} alone | neither | sign test p (one-sided) |",
             "|---|---|---|---|---|---|---|"]
    for colour, keep in (("Black", True), ("White", False), ("all", None)):
        common = [g for g in sorted(a) if g in b and (keep is None or a[g][1] == keep)]
        both = sum(1 for g in common if a[g][0] and b[g][0])
        only_a = sum(1 for g in common if a[g][0] and not b[g][0])
        only_b = sum(1 for g in common if b[g][0] and not a[g][0])
        neither = len(common) - both - only_a - only_b
        p = sign_test(only_a, only_a + only_b)
        lines.append(f"| {colour} | {len(common)} | {both} | {only_a} | {only_b} | {neither} | {p:.3f} |")
    return lines


def render(exps, args, md_path, where):
    tokens = shlex.split(args)
    layout = "arms"
    picks = []
    for t in tokens:
        if t.startswith("layout="):
            layout = t.split("=", 1)[1]
        else:
            picks.append(t)
    if not picks:
        raise Error(f"{where}: a results block names no experiment")
    chosen = select(exps, picks, where)
    if layout == "arms":
        chosen = [c for c in chosen if c[0].rows(c[1])]
        lines = md_arms(chosen)
    elif layout == "summary":
        chosen = [c for c in chosen if c[0].rows(c[1])]
        lines = md_summary(chosen, md_path)
    elif layout == "measures":
        lines = md_measures(chosen)
    elif layout == "paired":
        lines = md_paired(chosen, where)
    else:
        raise Error(f"{where}: unknown layout {layout!r} (arms, summary, measures or paired)")
    if len(lines) == 2 or (layout == "summary" and len(lines) == 3):
        # A record is written before its first game (the rule of the house): until the games come, a
        # record that says so has an empty block, and so does one whose match was never played.
        with open(md_path, encoding="utf-8") as f:
            text = f.read()
            if "Verdict: pending." in text or "Verdict: not played" in text:
                return ""
        raise Error(f"{where}: the block selects nothing to show")
    return "\n".join(lines) + "\n"


def markdown_files():
    files = [os.path.join(ROOT, "README.md")]
    files += sorted(glob.glob(os.path.join(ROOT, "docs", "**", "*.md"), recursive=True))
    return [f for f in files if os.path.exists(f)]


def process(exps, write):
    problems = []
    for path in markdown_files():
        rel = os.path.relpath(path, ROOT)
        with open(path, encoding="utf-8") as f:
            text = f.read()
        out, pos, changed = [], 0, False
        for m in BLOCK.finditer(text):
            line = text.count("\n", 0, m.start()) + 1
            where = f"{rel}:{line}"
            try:
                body = render(exps, m.group("args"), path, where)
            except Error as e:
                problems.append(str(e))
                body = m.group("body")
            if body != m.group("body"):
                changed = True
                if not write:
                    problems.append(f"{where}: the results block differs from what the JSONL gives "
                                    f"(run scripts/experiments.py --write to see the difference in git diff)")
            out.append(text[pos:m.start()])
            out.append(f"<!-- results {m.group('args')} -->\n{body}<!-- /results -->")
            pos = m.end()
        out.append(text[pos:])
        new = "".join(out)
        spans = [(b.start(), b.end()) for b in BLOCK.finditer(new)]
        for m in INTERVAL_TEXT.finditer(new):
            if not any(a <= m.start() < b for a, b in spans):
                line = new.count("\n", 0, m.start()) + 1
                problems.append(f"{rel}:{line}: '95 % interval' outside a results block: every interval must "
                                f"come from scripts/experiments.py")
        if write and changed:
            with open(path, "w", encoding="utf-8") as f:
                f.write(new)
            print(f"wrote {rel}")
    return problems


def pairs(exps):
    problems = []
    mds = {os.path.basename(p)[:-3] for p in glob.glob(os.path.join(EXPERIMENTS, "[0-9][0-9][0-9][0-9]-*.md"))}
    for stem in sorted(mds - {e.stem for e in exps.values()}):
        problems.append(f"docs/experiments/{stem}.md has no {stem}.jsonl")
    for e in exps.values():
        if e.stem not in mds:
            problems.append(f"docs/experiments/{e.stem}.jsonl has no {e.stem}.md")
            continue
        with open(os.path.join(EXPERIMENTS, e.stem + ".md"), encoding="utf-8") as f:
            text = f.read()
        own = [m for m in BLOCK.finditer(text)
               if any(t.split(":")[0].split("|")[0] == e.id for t in shlex.split(m.group("args")))]
        if not own:
            problems.append(f"docs/experiments/{e.stem}.md has no results block of its own ({e.id})")
    return problems


def print_tables(exps, ids):
    for ident in ids or sorted(exps):
        if ident not in exps:
            raise Error(f"no experiment {ident}")
        e = exps[ident]
        print(f"{e.stem}")
        if e.tallies:
            print(f"  {'arm':<44} {'colour':<13} {'wins':>6} {'games':>6} {'win rate':>9}  95 % interval")
            for arm in e.arms():
                for colour, w, g in e.rows(arm):
                    print(f"  {arm[:44]:<44} {COLOUR_NAMES[colour]:<13} {w:>6} {g:>6} {pct(w / g):>9}  {interval(w, g)}")
        for m in e.measures:
            rest = ", ".join(f"{k} {v}" for k, v in m.items() if k not in ("arm", "measure"))
            print(f"  {m['arm']}: {m['measure']}: {rest}")
        print()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    group = ap.add_mutually_exclusive_group()
    group.add_argument("--check", action="store_true", help="verify every marked block; exit 1 on a mismatch")
    group.add_argument("--write", action="store_true", help="regenerate every marked block in place")
    ap.add_argument("ids", nargs="*", help="experiments to print (default: all)")
    a = ap.parse_args()
    try:
        exps = load()
        if a.check or a.write:
            problems = process(exps, a.write) + pairs(exps)
            for p in problems:
                print(f"experiments: {p}", file=sys.stderr)
            if problems:
                sys.exit(1)
            if a.check:
                print(f"experiments: {len(exps)} experiments; every results block matches its JSONL")
        else:
            print_tables(exps, a.ids)
    except Error as e:
        sys.exit(f"experiments: {e}")


if __name__ == "__main__":
    main()
