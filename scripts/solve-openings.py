#!/usr/bin/env python3
"""Proves the first stones of one board size one at a time, and keeps every attempt, so that a long job
(8×8's openings take hours on two cores) resumes where it stopped, across runs.

For each first stone (one of each pair a 180° turn maps onto each other, as the table of solved openings
keeps them), it runs `hextoe solve --size N --position STONE --one --time-limit CAP`: White to move, so
the answer is White's winning reply when the stone loses, and no move when it wins. Each attempt is one
JSON line in the output file: the stone, whether it was proved, the winner and White's winning reply, the
positions searched, the wall and CPU seconds, the cap, the load average when it started, and the
commit checked out when it ran (the binary is expected to be built from it). A stone already proved is skipped; one that ran out of time is tried again only with a
larger cap.

    cargo build --release
    nice -n 19 python3 scripts/solve-openings.py --size 8 --cap 600          # resumes; Ctrl-C stops
    python3 scripts/solve-openings.py --size 8 --summary                     # what is proved so far
    python3 scripts/solve-openings.py --size 8 --table                       # the proved ones as table lines

The records are the source of the table of solved openings' entries for these first stones
(`scripts/build-hex-solved.sh` prints them with `--table`): `SIZE STONE - win-by REPLY` for a stone White
refutes by REPLY, `SIZE STONE - loss -` for one that wins for Black, and the empty board won by the
stones proved winning.
"""

import argparse
import json
import os
import re
import resource
import signal
import subprocess
import sys
import time

LETTERS = "abcdefghijklmnopqrs"


def first_stones(size):
    """One cell of each 180°-turned pair, the centre included, row by row (as scripts/hex-table.sh)."""
    return [f"{LETTERS[i % size]}{i // size + 1}" for i in range((size * size + 1) // 2)]


def records(path):
    """Every attempt recorded so far, in order; a malformed line stops with its line number."""
    out = []
    if not os.path.exists(path):
        return out
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                out.append(json.loads(line))
            except json.JSONDecodeError as e:
                sys.exit(f"{path}:{n}: not a JSON record ({e})")
    return out


def commit():
    """The commit the binary was presumably built from (the working tree's HEAD), for the record."""
    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                              check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def attempt(hextoe, size, stone, cap):
    """One capped proof of the position after `stone`; returns its record."""
    load = os.getloadavg()[0]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    run = subprocess.run([hextoe, "solve", "--size", str(size), "--position", stone, "--one", "--time-limit",
                          str(cap), "--json"], capture_output=True, text=True)
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    rec = {"size": size, "stone": stone, "cap_s": cap, "wall_s": round(wall, 1), "cpu_s": round(cpu, 1),
           "load": round(load, 1), "commit": commit()}
    if run.returncode == 0:
        ans = json.loads(run.stdout)
        rec.update(proved=True, winner=ans["winner"], reply=(ans["winning_moves"] or [None])[0],
                   positions=ans["nodes"])
    else:
        m = re.search(r"after ([\d,]+) positions", run.stderr)
        if not m:
            sys.exit(f"hextoe failed on {stone}: {run.stderr.strip()[:300]}")
        rec.update(proved=False, positions=int(m.group(1).replace(",", "")))
    return rec


def best_attempts(recs, size):
    """Each stone's best attempt: a proof, else the one with the largest cap."""
    best = {}
    for r in recs:
        if r["size"] != size:
            continue
        old = best.get(r["stone"])
        if old is None or (r["proved"] and not old["proved"]) or (not old["proved"] and r["cap_s"] > old["cap_s"]):
            best[r["stone"]] = r
    return best


def table(recs, size):
    """The proved stones as lines of the table of solved openings, in board order, after the empty board's
    line: Black wins it by any of the stones proved winning (none proved, no line)."""
    best = best_attempts(recs, size)
    winning = [s for s in first_stones(size) if best.get(s, {}).get("proved") and best[s]["winner"] == "black"]
    if winning:
        print(f"{size} - - win-by {','.join(winning)}")
    for s in first_stones(size):
        r = best.get(s)
        if r and r["proved"]:
            print(f"{size} {s} - win-by {r['reply']}" if r["winner"] == "white" else f"{size} {s} - loss -")


def summary(recs, size):
    """One line a stone: its best attempt."""
    best = best_attempts(recs, size)
    stones = first_stones(size)
    proved = [s for s in stones if best.get(s, {}).get("proved")]
    print(f"{size}x{size}: {len(proved)} of {len(stones)} first stones proved")
    for s in stones:
        r = best.get(s)
        if r is None:
            print(f"  {s:4} not tried")
        elif r["proved"]:
            what = f"White wins by {r['reply']}" if r["winner"] == "white" else "Black wins"
            print(f"  {s:4} {what:22} {r['positions']:>10,} positions {r['cpu_s']:>7.1f} s CPU")
        else:
            print(f"  {s:4} {'open':22} {r['positions']:>10,} positions in {r['cap_s']} s (load {r['load']})")


def main():
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # `| head` ends the output quietly
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--size", type=int, required=True, help="board side, 2 to 19")
    p.add_argument("--cap", type=int, default=600, help="seconds for each proof, 1 to 3600")
    p.add_argument("--out", help="the records (default: docs/solver-openings-SIZE.jsonl)")
    p.add_argument("--hextoe", default=os.environ.get("HEXTOE", "target/release/hextoe"))
    p.add_argument("--stones", help="only these first stones, comma-separated (default: every one)")
    p.add_argument("--summary", action="store_true", help="print what is proved and stop")
    p.add_argument("--table", action="store_true", help="print the proved stones as table lines and stop")
    a = p.parse_args()
    if not 2 <= a.size <= 19:
        sys.exit(f"--size {a.size}: expected 2 to 19")
    if not 1 <= a.cap <= 3600:
        sys.exit(f"--cap {a.cap}: expected 1 to 3600 seconds")
    out = a.out or f"docs/solver-openings-{a.size}.jsonl"
    recs = records(out)
    if a.summary or a.table:
        (summary if a.summary else table)(recs, a.size)
        return
    if not os.access(a.hextoe, os.X_OK):
        sys.exit(f"no hextoe at {a.hextoe}: run cargo build --release first, or give --hextoe")
    stones = first_stones(a.size)
    if a.stones:
        wanted = a.stones.split(",")
        bad = [w for w in wanted if w not in stones]
        if bad:
            sys.exit(f"--stones: {','.join(bad)[:80]} not among the first stones of {a.size}x{a.size} "
                     f"(one of each turned pair: {stones[0]} to {stones[-1]} row by row)")
        stones = [s for s in stones if s in wanted]
    for stone in stones:
        recs = records(out)  # another run may have proved it meanwhile
        mine = [r for r in recs if r["size"] == a.size and r["stone"] == stone]
        if any(r["proved"] for r in mine) or any(r["cap_s"] >= a.cap for r in mine):
            continue
        rec = attempt(a.hextoe, a.size, stone, a.cap)
        with open(out, "a", encoding="utf-8") as f:
            f.write(json.dumps(rec) + "\n")
        recs.append(rec)
        print(json.dumps(rec), flush=True)
    summary(recs, a.size)


if __name__ == "__main__":
    main()
