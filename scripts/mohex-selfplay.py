#!/usr/bin/env python3
"""Plays MoHex 2.0 against itself and appends the games to a games file, for training hextoe's patterns.

The games are the training set of scripts/build-hex-patterns.sh: every move MoHex chose, with the
position it chose it in, is one example of a strong move. Each game opens with one black stone on a
random cell (so the games differ), then MoHex plays both sides to the end (it never resigns here).

    scripts/mohex-selfplay.py --mohex PATH/run_mohex.sh --games 40 --size 11 --playouts 3000 \
        --out assets/hex-games-mohex.txt --seed 1

One game per line: the board side, then the moves in hextoe's cell names (column letter, row number),
black first. Lines starting with '#' are comments. MoHex is a yardstick, never part of hextoe's build or
tests: this script only makes training data.
"""

import argparse
import random
import subprocess
import sys

LETTERS = "abcdefghijklmnopqrs"


def name(r, c):
    return f"{LETTERS[c]}{r + 1}"


def parse(cell, n):
    cell = cell.strip().lower()
    if len(cell) < 2 or cell[0] not in LETTERS[:n] or not cell[1:].isdigit():
        raise ValueError(f"MoHex answered {cell!r}, not a cell of the {n}x{n} board")
    r, c = int(cell[1:]) - 1, LETTERS.index(cell[0])
    if not 0 <= r < n:
        raise ValueError(f"MoHex answered {cell!r}, off the {n}x{n} board")
    return r, c


def winner(stones, n):
    """'b' if black joins rows 1 and n, 'w' if white joins columns a and the last, else None."""
    for colour, starts, done in (
        ("b", [(0, c) for c in range(n)], lambda r, c: r == n - 1),
        ("w", [(r, 0) for r in range(n)], lambda r, c: c == n - 1),
    ):
        seen = set()
        todo = [s for s in starts if stones.get(s) == colour]
        while todo:
            r, c = todo.pop()
            if (r, c) in seen:
                continue
            seen.add((r, c))
            if done(r, c):
                return colour
            for dr, dc in ((-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0)):
                nb = (r + dr, c + dc)
                if stones.get(nb) == colour and nb not in seen:
                    todo.append(nb)
    return None


class Engine:
    def __init__(self, argv):
        self.p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def ask(self, command):
        self.p.stdin.write(command + "\n")
        self.p.stdin.flush()
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError(f"MoHex quit while answering {command!r}")
            if line.strip() == "" and lines:
                break
            if line.strip():
                lines.append(line.strip())
        answer = " ".join(lines)
        if not answer.startswith("="):
            raise RuntimeError(f"MoHex refused {command!r}: {answer}")
        return answer[1:].strip()

    def close(self):
        try:
            self.ask("quit")
        except (RuntimeError, BrokenPipeError):
            pass
        self.p.wait(timeout=10)


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
