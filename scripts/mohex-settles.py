#!/usr/bin/env python3
"""Labels Hex positions with what MoHex 2.0's connection builder settles at once, for the solver's yardstick.

Reads a positions file (benches/positions/8x8-open.txt is one) and writes it again with each position's
label, which examples/settle_bench.rs compares with what hextoe's solver settles at the same positions:

- `loss`: the opponent of the side to move has a full connection between its edges (the mover has lost);
- `win`: the side to move has a full or a semi connection between its edges (the mover has won);
- `open`: neither.

MoHex is asked through its wrapper, one thread: the stones are placed with `play`, then for each colour
`vc-build` (which fills in MoHex's inferior cells first, as its solver does) and the connections between
that colour's edges. One position a line: the board side, a diagram (rows from 1, `b`, `w` or `.` per
cell, rows separated by `/`), the side to move (`black` or `white`), and an optional old label, which is
replaced. Lines starting with '#' are kept as they are.

    scripts/mohex-settles.py --mohex PATH/run_mohex.sh benches/positions/8x8-open.txt > labelled.txt

MoHex is a yardstick, never part of hextoe's build or tests.
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from htp import Engine, name  # noqa: E402

EDGES = {"black": ("north", "south"), "white": ("east", "west")}


def stones(diagram, n, path, number):
    """The cells of each colour in a diagram, as (black, white) lists of names; ValueError says what is wrong."""
    rows = diagram.split("/")
    if len(rows) != n or any(len(r) != n for r in rows):
        raise ValueError(f"{path}:{number}: expected {n} rows of {n} cells, got {diagram[:80]!r}")
    black, white = [], []
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch not in "bw.":
                raise ValueError(f"{path}:{number}: '{ch}' is not b, w or '.'")
            cell = name(r, c)
            (black if ch == "b" else white if ch == "w" else []).append(cell)
    return black, white


def connected(engine, colour, semi_too):
    """Whether `colour` has a full (or, with `semi_too`, a semi) connection between its edges."""
    engine.ask(f"vc-build {colour}")
    a, b = EDGES[colour]
    if "[" in engine.ask(f"vc-between-cells-full {colour} {a} {b}"):
        return True
    return semi_too and "[" in engine.ask(f"vc-between-cells-semi {colour} {a} {b}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mohex", default=os.environ.get("MOHEX", "/opt/mohex/run_mohex.sh"),
                    help="MoHex's run_mohex.sh (default: $MOHEX)")
    ap.add_argument("positions")
    args = ap.parse_args()
    with open(args.positions, encoding="utf-8") as f:
        lines = f.read().splitlines()
    engine, size = None, None
    try:
        for number, line in enumerate(lines, 1):
            words = line.split()
            if not words or line.startswith("#"):
                print(line)
                continue
            if len(words) not in (3, 4) or not words[0].isdigit() or words[2] not in EDGES:
                raise ValueError(f"{args.positions}:{number}: expected SIZE DIAGRAM black|white [LABEL]")
            n = int(words[0])
            if not 1 <= n <= 13:
                raise ValueError(f"{args.positions}:{number}: this MoHex plays sizes 1 to 13, not {n}")
            black, white = stones(words[1], n, args.positions, number)
            if size != n:
                if engine:
                    engine.close()
                engine, size = Engine([args.mohex, "-s", str(n)]), n
            engine.ask("clear_board")
            for colour, cells in (("b", black), ("w", white)):
                for cell in cells:
                    engine.ask(f"play {colour} {cell}")
            mover = words[2]
            opponent = "white" if mover == "black" else "black"
            if connected(engine, opponent, False):
                label = "loss"
            elif connected(engine, mover, True):
                label = "win"
            else:
                label = "open"
            print(f"{n} {words[1]} {mover} {label}", flush=True)
    except (ValueError, RuntimeError, OSError) as e:
        print(f"mohex-settles: {e}", file=sys.stderr)
        return 1
    finally:
        if engine:
            engine.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
