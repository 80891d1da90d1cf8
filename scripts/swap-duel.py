#!/usr/bin/env python3
"""Plays hextoe's impossible level against an engine under the swap rule, one pair of games per seed, and
appends one JSON tally line per game to a file that docs/experiments can hold as it is.

Each seed runs `hextoe tourney --swap --games 2 --seed S`: one game with each program as the first player
(the second player decides the swap). The output file is read first and the seeds already in it are skipped,
so a match stopped at any point resumes where it stopped. With --first-seat-only, only the game with
hextoe's player first (`--games 1`), for a change that touches the opening alone. With --tuning, hextoe's
tree search takes those settings (`tourney --tuning`), for one arm of an A/B. With --games-out, every game's
moves are appended there too (`tourney --record`), to study which first stones win; on resuming, the games of
this run's seeds that have no tally (a seed stopped after its record) are dropped from that file before they
are played again, so give each shard a games file of its own.

Example (11×11, 1 s a move, MoHex 2.0 with a 6 s deadline):
  scripts/swap-duel.py --hextoe target/release/hextoe --engine "run_mohex.sh -s 11 -t 1 --fast" \
      --size 11 --first 11800 --pairs 100 --out docs/experiments/0118-swap-rule-network.jsonl
"""

import argparse
import json
import os
import subprocess
import sys


def done_seeds(path):
    seeds = set()
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            for line in f:
                try:
                    rec = json.loads(line)
                except json.JSONDecodeError:
                    continue
                if isinstance(rec, dict) and isinstance(rec.get("seed"), int):
                    seeds.add(rec["seed"])
    return seeds


def drop_untallied(games_out, seeds, done):
    """Removes from games_out the games of `seeds` that are not in `done`: a run stopped between a seed's
    record and its tally plays that seed again, and its games must not be in the file twice."""
    if not os.path.exists(games_out):
        return
    with open(games_out, encoding="utf-8") as f:
        lines = f.readlines()
    kept = []
    for line in lines:
        try:
            seed = json.loads(line).get("seed")
        except (json.JSONDecodeError, AttributeError):
            seed = None
        if isinstance(seed, int) and seed in seeds and seed not in done:
            continue
        kept.append(line)
    if len(kept) != len(lines):
        tmp = games_out + ".tmp"
        with open(tmp, "w", encoding="utf-8") as f:
            f.writelines(kept)
        os.replace(tmp, games_out)
        print(f"{games_out}: dropped {len(lines) - len(kept)} games of seeds without a tally", file=sys.stderr)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hextoe", required=True, help="hextoe's binary")
    ap.add_argument("--engine", required=True, help="the opponent's command line (GTP)")
    ap.add_argument("--deadline", default="6s", help="the engine's deadline a move (tourney's engine@T)")
    ap.add_argument("--level", default="impossible",
                    help="hextoe's player as tourney names it: a level, or engine@T:COMMAND")
    ap.add_argument("--games-out", help="JSONL file for every game's moves (tourney --record)")
    ap.add_argument("--tuning", help="the tree search's settings for this arm (tourney --tuning), e.g. net_value=64")
    ap.add_argument("--arm", default="impossible", help="the arm's name in the output")
    ap.add_argument("--size", type=int, default=11)
    ap.add_argument("--move-time", default="1")
    ap.add_argument("--first", type=int, required=True, help="the first seed")
    ap.add_argument("--pairs", type=int, required=True, help="seeds to play, each a pair of games")
    ap.add_argument("--out", required=True, help="JSONL file to append to")
    ap.add_argument("--first-seat-only", action="store_true",
                    help="play only the game with hextoe's player as the first player (a change to the opening)")
    args = ap.parse_args()

    level = args.level
    players = f"{level},engine@{args.deadline}:{args.engine}"
    done = done_seeds(args.out)
    if args.games_out:
        drop_untallied(args.games_out, set(range(args.first, args.first + args.pairs)), done)
    for seed in range(args.first, args.first + args.pairs):
        if seed in done:
            continue
        cmd = [args.hextoe, "tourney", "--size", str(args.size), "--swap", "--players", players,
               "--move-time", args.move_time, "--games", "1" if args.first_seat_only else "2", "--seed", str(seed), "--json"]
        if args.tuning:
            cmd += ["--tuning", args.tuning]
        if args.games_out:
            cmd += ["--record", args.games_out]
        run = subprocess.run(cmd, capture_output=True, text=True)
        if run.returncode != 0:
            sys.exit(f"seed {seed}: hextoe tourney failed ({run.returncode}): {run.stderr.strip()}")
        report = json.loads(run.stdout)
        ms = {s["player"]: s["mean_move_ms"] for s in report["standings"]}
        forfeits = len(report["forfeits"])
        lines = []
        for p in report["pairings"]:
            ours_first = p["black"] == level
            won = p["black_wins"] if ours_first else p["white_wins"]
            lines.append({"seed": seed, "arm": args.arm, "colour": "first" if ours_first else "second",
                          "games": 1, "wins": won, "opponent": args.engine, "size": args.size,
                          "protocol": "swap", "move_time_s": float(args.move_time), "forfeits": forfeits,
                          "mean_move_ms": ms})
        with open(args.out, "a", encoding="utf-8") as f:
            for rec in lines:
                f.write(json.dumps(rec, ensure_ascii=False) + "\n")
        wins = sum(r["wins"] for r in lines)
        print(f"seed {seed}: {wins} of {len(lines)}", file=sys.stderr, flush=True)


if __name__ == "__main__":
    main()
