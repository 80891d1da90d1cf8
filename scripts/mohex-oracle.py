#!/usr/bin/env python3
"""How often an engine's move agrees with a long MoHex 2.0 search, on positions taken from duel records.

A 40-game match against MoHex takes a quarter of an hour of both cores and still cannot tell 30 % from
40 %; this asks a cheaper question of the same games. Three steps, each resumable (a step skips the
positions its output file already holds):

    scripts/mohex-oracle.py positions --records 'DIR/*.jsonl' --out pos.json     # from mohex-duel.py's records
    scripts/mohex-oracle.py answer --positions pos.json --out ref.jsonl \\
        --engine "run_mohex.sh -s 11 -t 8 --fast"                                  # the reference
    scripts/mohex-oracle.py answer --positions pos.json --out mine.jsonl \\
        --engine "hextoe engine --level impossible --move-time 1" --seed-flag=--seed
    scripts/mohex-oracle.py score --positions pos.json --reference ref.jsonl mine.jsonl ...

`answer` takes --part I --parts K to split the positions between processes (one per core). Neither
hextoe's build nor its tests need MoHex or this script.
"""

import argparse
import glob
import json
import os
import random
import shlex
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from htp import LETTERS, Engine  # noqa: E402


def positions(a):
    """Picks positions with hextoe to move, one or two a game, plies 10 to 49 and at least 6 before the end."""
    games = []
    for path in sorted(glob.glob(a.records)):
        with open(path, encoding="utf-8") as f:
            for line in f:
                if line.startswith("{"):
                    try:
                        games.append(json.loads(line))
                    except json.JSONDecodeError:
                        pass
    rng = random.Random(a.seed)
    rng.shuffle(games)
    cells = {f"{c}{r}" for c in LETTERS[:a.size] for r in range(1, a.size + 1)}
    seen, out, count = set(), [], {True: 0, False: 0}
    for g in games:
        moves = str(g.get("moves", "")).split()
        if g.get("opening") != "empty" or not moves or not set(moves) <= cells:
            continue
        black = bool(g.get("hextoe_black"))
        plies = [p for p in range(10, min(50, len(moves) - 6)) if (p % 2 == 0) == black]
        for p in rng.sample(plies, min(2 if black else 1, len(plies))):
            key = " ".join(moves[:p])
            if key in seen or count[black] >= (a.black if black else a.white):
                continue
            seen.add(key)
            count[black] += 1
            out.append({"moves": key, "hextoe_black": black, "hextoe_won": bool(g.get("hextoe_won"))})
    with open(a.out, "w", encoding="utf-8") as f:
        json.dump(out, f)
    print(f"{len(out)} positions: {count[True]} with hextoe as Black, {count[False]} as White")


def answer(a):
    """Asks a fresh engine for its move in each position (and this part) not yet in the output file."""
    with open(a.positions, encoding="utf-8") as f:
        todo = json.load(f)
    done = load(a.out) if os.path.exists(a.out) else {}
    with open(a.out, "a", encoding="utf-8") as out:
        for i, p in enumerate(todo):
            if i % a.parts != a.part or i in done:
                continue
            argv = shlex.split(a.engine) + ([a.seed_flag, str(i + 1)] if a.seed_flag else [])
            engine = Engine(argv, argv[0])
            try:
                engine.ask(f"boardsize {a.size}")
                colour = "b"
                for m in p["moves"].split():
                    engine.ask(f"play {colour} {m}")
                    colour = "w" if colour == "b" else "b"
                move = engine.ask(f"genmove {colour}").lower()
            finally:
                engine.close()
            out.write(json.dumps({"i": i, "move": move}) + "\n")
            out.flush()


def load(path):
    """An answer file's moves by position number."""
    with open(path, encoding="utf-8") as f:
        return {j["i"]: j["move"] for j in map(json.loads, filter(str.strip, f))}


def score(a):
    """Prints each answer file's agreement with the reference, overall and by hextoe's colour."""
    with open(a.positions, encoding="utf-8") as f:
        todo = json.load(f)
    ref = load(a.reference)
    for path in a.answers:
        mine = load(path)
        both = [i for i in mine if i in ref]
        line = []
        for name, keep in (("all", lambda i: True), ("Black", lambda i: todo[i]["hextoe_black"]),
                           ("White", lambda i: not todo[i]["hextoe_black"])):
            ks = [i for i in both if keep(i)]
            agree = sum(mine[i] == ref[i] for i in ks)
            line.append(f"{name} {agree}/{len(ks)} ({agree / max(1, len(ks)):.1%})")
        print(f"{path}: " + ", ".join(line))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="step", required=True)
    p = sub.add_parser("positions", help="pick positions from mohex-duel.py records")
    p.add_argument("--records", required=True, help="a glob of mohex-duel.py's JSON-lines output")
    p.add_argument("--out", required=True)
    p.add_argument("--black", type=int, default=110, help="positions where hextoe had Black")
    p.add_argument("--white", type=int, default=50, help="positions where hextoe had White")
    p.add_argument("--seed", type=int, default=5)
    p.add_argument("--size", type=int, default=11, choices=range(1, 14), metavar="1..13")
    p = sub.add_parser("answer", help="an engine's move in each position")
    p.add_argument("--positions", required=True)
    p.add_argument("--out", required=True)
    p.add_argument("--engine", required=True, help="the engine's command line")
    p.add_argument("--seed-flag", default=None, help="the engine's seed option, given the position's number (--seed-flag=--seed)")
    p.add_argument("--part", type=int, default=0)
    p.add_argument("--parts", type=int, default=1)
    p.add_argument("--size", type=int, default=11, choices=range(1, 14), metavar="1..13")
    p = sub.add_parser("score", help="agreement of answer files with a reference")
    p.add_argument("--positions", required=True)
    p.add_argument("--reference", required=True)
    p.add_argument("answers", nargs="+")
    a = ap.parse_args()
    if a.step == "answer" and not 0 <= a.part < a.parts:
        sys.exit("--part must be from 0 to --parts - 1")
    try:
        {"positions": positions, "answer": answer, "score": score}[a.step](a)
    except (RuntimeError, OSError, ValueError, KeyError) as e:
        sys.exit(f"mohex-oracle: {e}")


if __name__ == "__main__":
    main()
