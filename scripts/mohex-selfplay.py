#!/usr/bin/env python3
"""Plays MoHex 2.0 against itself and appends the games to a games file, for training hextoe's patterns.

The games are the training set of scripts/build-hex-patterns.sh: every move MoHex chose, with the
position it chose it in, is one example of a strong move. Each game opens with one black stone on a
random cell (so the games differ), then MoHex plays both sides to the end (it never resigns here).

    scripts/mohex-selfplay.py --mohex PATH/run_mohex.sh --games 40 --size 11 --playouts 3000 \
        --out training/hex-games-mohex.txt --seed 1

One game per line: the board side, then the moves in hextoe's cell names (column letter, row number),
black first. Lines starting with '#' are comments. MoHex is a yardstick, never part of hextoe's build or
tests: this script only makes training data.
"""

import argparse
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from htp import Engine, name, parse, winner  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mohex", required=True, help="MoHex's run_mohex.sh")
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--size", type=int, default=11)
    ap.add_argument("--playouts", type=int, default=3000, help="MoHex's playouts a move")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    n = a.size
    rng = random.Random(a.seed)
    engine = Engine([a.mohex, "-s", str(n), "-g", str(a.playouts), "--fast", "--seed", str(a.seed)])
    try:
        for g in range(a.games):
            engine.ask("clear_board")
            stones, moves = {}, []
            first = (rng.randrange(n), rng.randrange(n))
            engine.ask(f"play b {name(*first)}")
            stones[first] = "b"
            moves.append(name(*first))
            colour = "w"
            while winner(stones, n) is None:
                cell = parse(engine.ask(f"genmove {colour}"), n)
                if cell in stones:
                    raise RuntimeError(f"MoHex played {name(*cell)}, which is taken")
                stones[cell] = colour
                moves.append(name(*cell))
                colour = "b" if colour == "w" else "w"
            with open(a.out, "a", encoding="ascii") as f:
                f.write(f"{n} {' '.join(moves)}\n")
            print(f"game {g + 1}: {len(moves)} moves, {winner(stones, n)} wins", file=sys.stderr, flush=True)
    finally:
        engine.close()


if __name__ == "__main__":
    main()
