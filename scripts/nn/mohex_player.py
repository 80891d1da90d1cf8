"""MoHex 2.0 playing one self-play game for selfplay.py: its moves, and its root's visits read back from
`mohex-save-tree` after each search."""

import re

from htp import name, parse, winner  # scripts/htp.py, on the path that selfplay.py sets
from mohex_process import EngineError, MoHex, cpu_seconds
from targets import derived_random, opening, token

WHO = "MoHex 2.0"  # who plays, for the games file's header
OPTION = "mohex"  # selfplay.py's option naming the binary
HOW = "build MoHex"  # how to get one


def root_stats(sgf, stones, colour, n):
    """{cell: (visits, the mover's chance after it)} of the root's children in a `mohex-save-tree` file, or
    None if that tree is not a search of this position (a move made without a search leaves the previous
    tree behind).

    The tree's root position is the searched board plus MoHex's fill-in (dead and captured cells it
    filled), so it must hold every stone of ours in the same colour, have `colour` to play, and its
    children must be empty cells. An older tree fails this: the move its own search chose is a stone now.
    A child's mean is the win rate of the player to move there, the opponent: the mover's is 1 - mean.
    """
    head = sgf.split("\n(;", 1)[0]  # the root node; the subtrees follow as "(;B[..]..." blocks
    got = {c: re.search(rf"^;?{c}((?:\[[^\]]*\])*)", head, re.M) for c in ("AB", "AW", "PL")}
    if not all(got.values()):
        raise EngineError(f"mohex-save-tree wrote no root position: {head[:200]!r}")
    root = {}
    for c, who in (("AB", "b"), ("AW", "w")):
        for cell in re.findall(r"\[([a-z]+\d+)\]", got[c].group(1)):  # skips [north], [east], ...
            root[parse(cell, n, "mohex-save-tree")] = who
    if got["PL"].group(1).lower() != f"[{colour}]":
        return None
    if any(root.get(cell) != who for cell, who in stones.items()):
        return None
    label = re.search(r"^LB((?:\[[^\]]*\])*)", head, re.M)
    if not label:
        return None  # a root without children: nothing was searched
    out = {}
    for cell, visits, mean in re.findall(r"\[([a-z]+\d+):([\d.]+)@([\d.]+)\]", label.group(1)):
        rc = parse(cell, n, "mohex-save-tree")
        if rc in stones:
            raise EngineError(f"mohex-save-tree lists {cell}, which is taken, as a move")
        out[rc] = (round(float(visits)), 1 - float(mean))
    return out or None


def play_game(a, i, attempt, tree):
    """Game i: (MoHex's seed, moves, tokens, MoHex's CPU seconds), with `tree` the scratch file for
    `mohex-save-tree`. EngineError, or RuntimeError for an answer that is not a cell, if MoHex failed; the
    game is then simply redone."""
    n = a.size
    rng = derived_random(a.seed, n, i)
    # A failure is first retried as it was (it may have been a passing one: memory, a kill); if it
    # recurs, MoHex's seed is changed so that a deterministic crash in one position cannot stop the run.
    seed = rng.randrange(1, 2**31 - 1)
    if attempt >= 2:
        seed = derived_random(a.seed, n, i, attempt).randrange(1, 2**31 - 1)
    first = opening(rng, n)
    stones, moves, tokens = {}, [], []
    engine = MoHex([a.mohex, "-s", str(n), "-g", str(a.playouts), "--fast", "--threads", "1",
                    "--seed", str(seed)])
    try:
        for colour, cell in first:
            engine.ask(f"play {colour} {name(*cell)}")
            stones[cell] = colour
            moves.append(name(*cell))
            tokens.append("-")
        colour = "w" if len(first) == 1 else "b"
        searched = False  # mohex-save-tree crashes MoHex until a first search has run
        while winner(stones, n) is None:
            cell = parse(engine.ask(f"genmove {colour}"), n)  # RuntimeError if not a cell
            if cell in stones:
                raise EngineError(f"MoHex played {name(*cell)}, which is taken (move {len(moves) + 1})")
            stats = None
            if not searched:
                ok, text = engine.reply("mohex-values")  # harmless probe: refuses until a search ran
                searched = ok or "no previous search" not in text.lower()
            if searched:
                engine.ask(f"mohex-save-tree {tree}")
                with open(tree, encoding="ascii", errors="replace") as f:
                    stats = root_stats(f.read(), stones, colour, n)
            tokens.append(token(stats, cell))
            stones[cell] = colour
            moves.append(name(*cell))
            colour = "b" if colour == "w" else "w"
        cpu = cpu_seconds(engine.p.pid)  # the speed without the load: at nice 19 wall time says little
    finally:
        engine.close()
    return seed, moves, tokens, cpu
