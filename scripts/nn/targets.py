"""What both engines' self-play players share (scripts/nn/selfplay.py's mohex_player.py and hextoe_player.py):
the random opening of game i, and the `#v` token that records one searched move."""

import hashlib
import random

from htp import name  # scripts/htp.py, on the path that selfplay.py, the players' one importer, sets

TOP_MOVES = 8  # visit counts kept per move: enough for a policy target, few enough to keep the file small
MIN_SHARE = 0.01  # ... and only moves with at least this share of the root's visits (the rest is noise)


def derived_random(*parts):
    """A random.Random seeded from the parts alone (not from PYTHONHASHSEED, time or earlier games)."""
    digest = hashlib.sha256("/".join(["hextoe-nn-selfplay"] + [str(p) for p in parts]).encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


def opening(rng, n):
    """The random stones game i opens with, drawn from its rng: [(colour, (row, column))], one Black stone
    on any cell and, in half of the games, one White stone on any other cell."""
    cells = [(r, c) for r in range(n) for c in range(n)]
    stones = [("b", rng.choice(cells))]
    white = rng.random() < 0.5  # drawn in every game so that the draws of game i do not depend on n
    second = rng.choice([c for c in cells if c != stones[0][1]] or cells)
    if white and n > 1:
        stones.append(("w", second))
    return stones


def token(stats, played):
    """The `#v` token of one move (see selfplay.py's docstring): `-` without a search behind the move, else
    the root's most visited moves with their visits and the mover's estimated chance, from stats
    {cell: (visits, the mover's chance of winning after that move)}."""
    if not stats or played not in stats or stats[played][0] <= 0:
        return "-"
    total = sum(v for v, _ in stats.values())
    order = sorted(stats, key=lambda c: (-stats[c][0], c))
    keep = [c for c in order[:TOP_MOVES] if stats[c][0] >= MIN_SHARE * total]
    if played not in keep:
        keep.append(played)
    q = min(max(stats[played][1], 0.0), 1.0)
    return ",".join(f"{name(*c)}:{stats[c][0]}" for c in keep) + f"@{q:.2f}"
