"""hextoe's impossible level playing one self-play game for selfplay.py: each move a `hextoe analyze --json`
search on a budget of simulations, one thread, with a seed, so a game is the same on every run.

hextoe's own games teach what MoHex's do not: its moves come from a search guided by the network it is
training, several times longer than the MoHex generator's, so both the root's visits (the policy target)
and the results (the value target) come from stronger play (docs/nn.md, "Next").
"""

import json
import os
import resource
import subprocess
import tempfile

from htp import name, parse, winner  # scripts/htp.py, on the path that selfplay.py sets
from mohex_process import EngineError
from targets import derived_random, opening, token

WHO = "hextoe"  # who plays, for the games file's header
OPTION = "hextoe"  # selfplay.py's option naming the binary
HOW = "run `cargo build --release`"  # how to get one
MOVE_LIMIT = 1800  # wall seconds one search may take (one takes under a second): more means it hangs
TUNING = "opening_book=off"  # every move searched: a book move has no visits to learn from


def children_cpu():
    """CPU seconds (user + system) of this process's finished children so far."""
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def search(a, moves, stones, seed, config):
    """hextoe's analysis of the position after `moves`, whose cells are the keys of `stones`: (the chosen
    cell, {cell: (visits, the mover's chance after it)}). EngineError if hextoe failed, hung or answered
    something that is not a legal analysis of this position."""
    n = a.size
    argv = [a.hextoe, "analyze", "--config", config, "--game", "hex", "--size", str(n),
            "--position", " ".join(moves), "--level", "impossible", "--playouts", str(a.playouts),
            "--threads", "1", "--seed", str(seed), "--tuning", TUNING, "--json"]
    try:
        run = subprocess.run(argv, capture_output=True, text=True, timeout=MOVE_LIMIT, stdin=subprocess.DEVNULL)
    except (OSError, subprocess.TimeoutExpired) as e:
        raise EngineError(f"hextoe analyze failed after {len(moves)} moves: {e}") from e
    if run.returncode != 0:
        raise EngineError(f"hextoe analyze exited with {run.returncode}: {run.stderr.strip()[:300]}")
    try:
        out = json.loads(run.stdout)
        chosen = parse(out["chosen"], n, "hextoe analyze")
        stats = {}
        for m in out["moves"]:
            cell, visits, rate = parse(m["move"], n, "hextoe analyze"), m["visits"], m["win_rate"]
            if cell in stones or not isinstance(visits, int) or visits < 0:
                raise EngineError(f"hextoe analyze lists {m['move']} with {visits!r} visits")
            if visits > 0:
                stats[cell] = (visits, 0.5 if rate is None else float(rate))
    except (ValueError, KeyError, TypeError, RuntimeError) as e:
        raise EngineError(f"hextoe analyze answered what is not an analysis: {e}: {run.stdout[:200]!r}") from e
    if chosen in stones:
        raise EngineError(f"hextoe chose {name(*chosen)}, which is taken (move {len(moves) + 1})")
    return chosen, stats


def play_game(a, i, attempt, _scratch):
    """Game i: (the first search's seed, moves, tokens, hextoe's CPU seconds). EngineError if hextoe
    failed; the game is then redone, from its third attempt with other seeds (as MoHex's is)."""
    n = a.size
    rng = derived_random(a.seed, n, i, "hextoe")
    first = opening(rng, n)
    stones, moves, tokens = {}, [], []
    for colour, cell in first:
        stones[cell] = colour
        moves.append(name(*cell))
        tokens.append("-")
    colour = "w" if len(first) == 1 else "b"
    start = children_cpu()
    seeds = []
    with tempfile.NamedTemporaryFile("w", suffix=".toml") as config:  # empty: every default setting
        while winner(stones, n) is None:
            parts = (a.seed, n, i, "hextoe", len(moves)) + ((attempt,) if attempt >= 2 else ())
            seeds.append(derived_random(*parts).randrange(1, 2**31 - 1))
            cell, stats = search(a, moves, stones, seeds[-1], config.name)
            tokens.append(token(stats, cell))
            stones[cell] = colour
            moves.append(name(*cell))
            colour = "b" if colour == "w" else "w"
    return (seeds[0] if seeds else 0), moves, tokens, children_cpu() - start


def default_binary():
    """The release build of this checkout, where `cargo build --release` puts it."""
    return os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "target", "release", "hextoe")
