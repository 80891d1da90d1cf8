#!/usr/bin/env python3
"""How well MoHex 2.0's own playouts foretell the winners of a games file: the yardstick beside
examples/playout_brier.rs, on the same positions.

For every finished game of the file (one a line: the board side, then the moves, Black first, no swap),
the positions after 16, 24, 32 and 40 moves (those at least six moves before the end) are each played out
PLAYOUTS times by MoHex (its HTP command `mohex-do-playouts`, which runs its playout policy alone, no
tree). Prints the Brier score and the log-likelihood of the forecasts of Black's win.

    scripts/mohex-forecast.py --mohex PATH/run_mohex.sh --games training/hex-games-mohex-heldout.txt

MoHex is a yardstick, never part of hextoe's build or tests.
"""

import argparse
import math
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from htp import LETTERS, Engine, winner  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mohex", required=True, help="MoHex's run_mohex.sh")
    ap.add_argument("--games", required=True, help="the games file")
    ap.add_argument("--playouts", type=int, default=300)
    a = ap.parse_args()
    if a.playouts < 1:
        sys.exit("--playouts must be at least 1")
    brier = loglik = 0.0
    count = 0
    engines = {}
    try:
        with open(a.games, encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                words = line.split()
                if not words or words[0].startswith("#"):
                    continue
                if not words[0].isdigit() or not 1 <= int(words[0]) <= 13:
                    sys.exit(f"{a.games}:{number}: expected a board side from 1 to 13 (MoHex's limit) first")
                n, moves = int(words[0]), words[1:]
                stones, colour = {}, "b"
                for m in moves:
                    m = m.lower()
                    if len(m) < 2 or m[0] not in LETTERS[:n] or not m[1:].isdigit():
                        sys.exit(f"{a.games}:{number}: {m[:20]!r} is not a cell of the {n}x{n} board")
                    stones[(int(m[1:]) - 1, LETTERS.index(m[0]))] = colour
                    colour = "w" if colour == "b" else "b"
                won = winner(stones, n)
                if won is None:
                    continue
                if n not in engines:
                    engines[n] = Engine([a.mohex, "-s", str(n), "-t", "1", "--fast"])
                e = engines[n]
                for ply in (16, 24, 32, 40):
                    if ply + 6 > len(moves):
                        continue
                    e.ask("clear_board")
                    colour = "b"
                    for m in moves[:ply]:
                        e.ask(f"play {colour} {m}")
                        colour = "w" if colour == "b" else "b"
                    answer = e.ask(f"mohex-do-playouts {a.playouts}")
                    wins = re.search(r"wins=(\d+)", answer)
                    if not wins:
                        raise RuntimeError(f"MoHex answered {answer[:80]!r} to mohex-do-playouts")
                    mover = (int(wins.group(1)) + 0.5) / (a.playouts + 1)
                    black = mover if colour == "b" else 1 - mover
                    truth = 1.0 if won == "b" else 0.0
                    brier += (black - truth) ** 2
                    loglik += math.log(black if truth else 1 - black)
                    count += 1
    finally:
        for e in engines.values():
            e.close()
    if not count:
        sys.exit(f"{a.games}: no finished game of 22 moves or more")
    print(f"{count} positions, {a.playouts} playouts each: Brier {brier / count:.4f}, log-likelihood {loglik / count:.4f}")


if __name__ == "__main__":
    main()
