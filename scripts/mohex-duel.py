#!/usr/bin/env python3
"""Plays hextoe's engine against MoHex 2.0 and records every game with MoHex's own view of it.

`hextoe tourney` gives the official match figures; this script is for finding out *why* games are lost. For
each game it writes one JSON line: hextoe's colour, whether it won, the moves, the mean seconds a move of
each side, and the win chance MoHex's search reported for itself after each move it searched (its
`Score` line; moves MoHex settled without a search have none). A rise of MoHex's score after one of
hextoe's moves marks a mistake. Games alternate colours (hextoe is Black in even games; --colour black or
white keeps one colour), start from the empty board without the swap rule, and run one at a time unless
--parallel says otherwise.

With --opening random, each pair of games (2k, 2k+1) starts instead from one Black stone on a cell drawn at
random (from the pair's number), the same in both games of the pair, so that each program has it once; the
second player then moves. This is the protocol of hextoe's first match against MoHex, and it takes away most
of the first player's edge, which the empty board without swap leaves to whoever has Black.

With --stones CELLS, game g starts instead from the (g mod k)-th of the k named Black stones: with
--colour white and the proved losing first stones of a small board, it checks that hextoe converts every
won position (docs/experiments/0107). --mohex-games N limits MoHex to N playouts a move instead of time.

With --opponent CMD, another HTP engine takes MoHex's seat (its command line gets --seed), for instance an
older hextoe build: an A/B between two builds from random opening pairs. The records keep their keys, so
`mohex_mean_s` is then the opponent's time, and `mohex_scores` stays empty.

    scripts/mohex-duel.py --mohex PATH/run_mohex.sh --games 20 --first 0 \
        --hextoe "target/release/hextoe engine --level impossible --move-time 1 --tuning stop_when_settled=off"

MoHex is a yardstick, never part of hextoe's build or tests; see ../shared/peers/mohex for building it.
"""

import argparse
import json
import os
import random
import re
import shlex
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from htp import LETTERS, Engine, parse, winner  # noqa: E402


def play(g, a):
    n = a.size
    log = os.path.join(a.logs, f"mohex-{g}.log")
    open(log, "w").close()
    if a.opponent:
        mohex = Engine(a.opponent + ["--seed", str(1000 + g)], "the opponent")
    else:
        budget = ["-g", str(a.mohex_games)] if a.mohex_games else ["-t", str(a.mohex_time)]
        mohex = Engine([a.mohex, "-s", str(n), *budget, "--fast", "--log", log, "--seed", str(1000 + g)], "MoHex")
    hextoe = Engine(shlex.split(a.hextoe) + ["--seed", str(g + 1)], "hextoe")
    try:
        hextoe.ask(f"boardsize {n}")
        if a.opponent:
            mohex.ask(f"boardsize {n}")
        hextoe_black = g % 2 == 0 if a.colour == "both" else a.colour == "black"
        stones, moves, spent = {}, [], {True: [], False: []}
        colour = "b"
        first = None
        if a.stones:
            first = a.stones[g % len(a.stones)]
        elif a.opening == "random":
            k = random.Random(g // 2).randrange(n * n)
            first = f"{LETTERS[k % n]}{k // n + 1}"
        if first:
            for engine in (mohex, hextoe):
                engine.ask(f"play b {first}")
            stones[parse(first, n)] = "b"
            moves.append(first)
            colour = "w"
        while True:
            mine = (colour == "b") == hextoe_black
            mover, other = (hextoe, mohex) if mine else (mohex, hextoe)
            t0 = time.monotonic()
            cell = mover.ask(f"genmove {colour}")
            spent[mine].append(time.monotonic() - t0)
            rc = parse(cell, n, mover.name)
            if rc in stones:
                raise RuntimeError(f"{mover.name} played {cell}, which is taken")
            other.ask(f"play {colour} {cell.lower()}")
            stones[rc] = colour
            moves.append(cell.lower())
            won = winner(stones, n)
            if won:
                break
            colour = "w" if colour == "b" else "b"
    finally:
        mohex.close()
        hextoe.close()
    with open(log, encoding="utf-8", errors="replace") as f:
        scores = [float(x) for x in re.findall(r"^Score\s+([0-9.]+)", f.read(), re.M)]
    record = {
        "game": g,
        "hextoe_black": hextoe_black,
        "hextoe_won": (won == "b") == hextoe_black,
        "opening": f"stone {moves[0]}" if a.stones else a.opening,
        "moves": " ".join(moves),
        "mohex_scores": scores,
        "hextoe_mean_s": round(sum(spent[True]) / max(1, len(spent[True])), 3),
        "mohex_mean_s": round(sum(spent[False]) / max(1, len(spent[False])), 3),
    }
    print(json.dumps(record), flush=True)
    return record


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mohex", help="MoHex's run_mohex.sh")
    ap.add_argument("--opponent", help="another HTP engine's command line in MoHex's seat (--seed is added)")
    ap.add_argument("--hextoe", required=True, help="hextoe's engine command line (--seed is added)")
    ap.add_argument("--mohex-time", type=float, default=1.0, help="MoHex's seconds a move (-t)")
    ap.add_argument("--size", type=int, default=11, choices=range(1, 14), metavar="1..13")
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--first", type=int, default=0, help="number of the first game (seeds follow it)")
    ap.add_argument("--parallel", type=int, default=1, help="games at a time")
    ap.add_argument("--opening", choices=("empty", "random"), default="empty",
                    help="start from the empty board, or from one random Black stone per pair of games")
    ap.add_argument("--colour", choices=("both", "black", "white"), default="both",
                    help="hextoe's colour: alternate (Black in even games), or always the one named, to measure a "
                         "change that touches only one colour's games on that colour alone")
    ap.add_argument("--stones", default=None,
                    help="comma-separated Black first stones; game g starts from the (g mod k)-th of the k named")
    ap.add_argument("--mohex-games", type=int, default=None, help="MoHex's playouts a move (-g) instead of -t")
    ap.add_argument("--logs", default=None, help="folder for MoHex's logs (default: a temporary one)")
    a = ap.parse_args()
    if (a.mohex is None) == (a.opponent is None):
        sys.exit("name one opponent: --mohex PATH/run_mohex.sh or --opponent CMD")
    if a.opponent is not None:
        try:
            words = shlex.split(a.opponent)
        except ValueError as e:
            sys.exit(f"--opponent is not a command line ({e}): expected e.g. \"hextoe engine --level easy\"")
        if not words:
            sys.exit("--opponent is empty: expected an engine's command line, e.g. \"hextoe engine --level easy\"")
        a.opponent = words  # parsed once here, used by every game
        if a.mohex_games is not None or a.mohex_time != 1.0:
            sys.exit("--mohex-games and --mohex-time set MoHex's budget: give the opponent's in its command line")
    if a.games < 1 or a.parallel < 1:
        sys.exit("--games and --parallel must be at least 1")
    if a.opening == "random" and a.colour != "both":
        sys.exit("--opening random gives each program the pair's stone once: it needs --colour both")
    if a.opening == "random" and (a.first % 2 or a.games % 2):
        sys.exit("--opening random plays pairs of games: --first and --games must be even")
    if a.mohex_games is not None and not 1 <= a.mohex_games <= 10**7:
        sys.exit(f"--mohex-games {a.mohex_games} is out of range: expected 1 to 10000000")
    if a.stones is not None:
        if a.opening == "random":
            sys.exit("--stones and --opening random each choose the first stone: give one of them")
        a.stones = [c.strip().lower() for c in a.stones.split(",") if c.strip()]
        for c in a.stones:
            try:
                parse(c, a.size)
            except RuntimeError:
                sys.exit(f"--stones: {c[:20]!r} is not a cell of the {a.size}x{a.size} board")
        if not a.stones:
            sys.exit("--stones names no cell: expected comma-separated cells such as a1,b2")
    a.logs = a.logs or tempfile.mkdtemp(prefix="mohex-duel-")
    os.makedirs(a.logs, exist_ok=True)
    try:
        with ThreadPoolExecutor(a.parallel) as ex:
            records = list(ex.map(lambda g: play(g, a), range(a.first, a.first + a.games)))
    except (RuntimeError, OSError, ValueError) as e:
        sys.exit(f"mohex-duel: {e}")
    black = [r for r in records if r["hextoe_black"]]
    white = [r for r in records if not r["hextoe_black"]]
    wins = lambda rs: sum(r["hextoe_won"] for r in rs)
    print(f"hextoe won {wins(records)} of {len(records)}: {wins(black)} of {len(black)} as Black, "
          f"{wins(white)} of {len(white)} as White", flush=True)


if __name__ == "__main__":
    main()
