#!/usr/bin/env python3
"""Tallies the games of `hextoe tourney --record` files (as `scripts/swap-duel.py --games-out` writes them)
under the swap rule by their opening: who opened, with which stone, whether it was swapped, and who won.

The point is the opening study of the strength issue: which first stones win for the player who made them,
and which the opponent leaves alone. Within one file, later lines for the same seed, pairing and game
replace earlier ones (a resumed run plays a seed again); files are separate matches, so two files of the
same seeds (one build's first-player games and another's, say) are both counted. Lines that are not game
records are counted and skipped.

Example:
  scripts/swap-openings.py docs/experiments/games/0124-thirteen-swap-with-network.jsonl
"""

import argparse
import collections
import json
import sys


def load(paths):
    games, skipped = {}, 0
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for line in f:
                try:
                    r = json.loads(line)
                    key = (path, r["seed"], r["pairing"], r["game"])
                    moves = r["moves"].split()
                    first, result = r["first"], r["result"]
                    hash((key, first))
                except (json.JSONDecodeError, KeyError, TypeError, AttributeError):
                    skipped += 1
                    continue
                if not moves or result not in ("first", "second"):
                    skipped += 1
                    continue
                games[key] = (first, moves, result)
    return list(games.values()), skipped


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("files", nargs="+", help="JSONL files of tourney --record")
    args = ap.parse_args()
    try:
        games, skipped = load(args.files)
    except OSError as e:
        sys.exit(f"swap-openings: {e}")
    # (opener, stone, swapped) -> [games, opener's wins]
    rows = collections.defaultdict(lambda: [0, 0])
    for first, moves, result in games:
        swapped = len(moves) > 1 and moves[1] == "swap"
        # After a swap the second player owns the first stone; the opener is still the one who chose it.
        row = rows[(first, moves[0], swapped)]
        row[0] += 1
        row[1] += result == "first"
    print("| opener | first stone | swapped | games | opener's wins |")
    print("|---|---|---|---|---|")
    for (opener, stone, swapped), (n, wins) in sorted(rows.items(), key=lambda kv: (kv[0][0], -kv[1][0], kv[0][1])):
        print(f"| {opener} | {stone} | {'yes' if swapped else 'no'} | {n} | {wins} |")
    by_opener = collections.defaultdict(lambda: [0, 0, 0])
    for (opener, _, swapped), (n, wins) in rows.items():
        t = by_opener[opener]
        t[0] += n
        t[1] += wins
        t[2] += n if swapped else 0
    print()
    for opener, (n, wins, swaps) in sorted(by_opener.items()):
        print(f"{opener}: opened {n} games, won {wins}, swapped in {swaps}")
    if skipped:
        print(f"({skipped} lines skipped: not a finished game record)", file=sys.stderr)


if __name__ == "__main__":
    main()
