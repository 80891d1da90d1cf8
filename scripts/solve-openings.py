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

With --deeper it proves instead the positions one move further, as the table holds them for 7×7: every
White reply to each proved winning stone (Black's winning answer), and every Black move after each proved
losing stone and White's winning reply (White's winning answer). A proof of a first stone shows these
positions won, but finding the winning move again in play can take a few times a move's share of the
solver (`d2 d5 c5` took 395,480 positions), and impossible must not throw such a game away. They are
recorded with their `position`, tried in order (the centre's replies first), entered as `win-by` lines,
and the empty board is then won by the stones whose every reply is proved, where any is.

    nice -n 19 python3 scripts/solve-openings.py --size 8 --deeper --cap 300 --share 0/2 &   # one run a core
    nice -n 19 python3 scripts/solve-openings.py --size 8 --deeper --cap 300 --share 1/2

With --split it proves each first stone that is still open reply by reply instead: each position after the
stone and one of White's replies (Black to move) gets its own capped proof, the replies that refuted other
stones first, until one wins for White (the stone loses to it) or every reply is proved a Black win (the
stone wins). The parts are recorded as positions one move beyond, so a stone proved this way needs no
--deeper run, and a run stopped halfway resumes with the next open reply.

    nice -n 19 python3 scripts/solve-openings.py --size 8 --split --cap 900 --stones h2
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

from openings_records import answer_positions, best_attempts, deeper_positions, first_stones, records, split_replies
from openings_report import answers_summary, deeper_summary, split_summary, summary, table


def commit():
    """The commit the binary was presumably built from (the working tree's HEAD), for the record."""
    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                              check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def attempt(hextoe, size, stone, cap, key="stone"):
    """One capped proof of the position `stone` (a move list); returns its record, the position under `key`.
    With key="answers_of" it proves the position lost for the side to move and records the winning answer
    to each of its moves (`hextoe solve --replies`)."""
    load = os.getloadavg()[0]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    mode = "--replies" if key == "answers_of" else "--one"
    run = subprocess.run([hextoe, "solve", "--size", str(size), "--position", stone, mode, "--time-limit",
                          str(cap), "--json"], capture_output=True, text=True)
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    rec = {"size": size, key: stone, "cap_s": cap, "wall_s": round(wall, 1), "cpu_s": round(cpu, 1),
           "load": round(load, 1), "commit": commit()}
    if run.returncode == 0:
        ans = json.loads(run.stdout)
        rec.update(proved=True, winner=ans["winner"], reply=(ans["winning_moves"] or [None])[0],
                   positions=ans["nodes"])
        if key == "answers_of":
            rec["replies"] = [[r["move"], r["answer"]] for r in ans.get("replies", [])]
    else:
        m = re.search(r"after ([\d,]+) positions", run.stderr)
        if not m:
            sys.exit(f"hextoe failed on {stone}: {run.stderr.strip()[:300]}")
        rec.update(proved=False, positions=int(m.group(1).replace(",", "")))
    return rec


def deeper(a, out, recs, stones, key="position"):
    """Proves each deeper position (key="position"), or each position whose moves get their answers
    (key="answers_of"), past the first `stones`, not yet proved (nor tried with this cap or more), in order."""
    todo = deeper_positions(recs, a.size) if key == "position" else answer_positions(recs, a.size)
    if not todo:
        sys.exit(f"nothing of {a.size}x{a.size} to prove: run without --deeper (then without --answers) first")
    k, n = a.share
    done = {r.get(key) for r in recs if r["size"] == a.size and (r["proved"] or r["cap_s"] >= a.cap)}
    for position, _, _ in todo[k::n]:
        if position in done or position.split()[0] not in stones:
            continue
        recs = records(out)  # another run may have proved it meanwhile
        mine = [r for r in recs if r["size"] == a.size and r.get(key) == position]
        if any(r["proved"] for r in mine) or any(r["cap_s"] >= a.cap for r in mine):
            continue
        rec = attempt(a.hextoe, a.size, position, a.cap, key)
        with open(out, "a", encoding="utf-8") as f:
            f.write(json.dumps(rec) + "\n")
        print(json.dumps(rec), flush=True)
    deeper_summary(records(out), a.size)
    answers_summary(records(out), a.size)


def split(a, out, stones):
    """Proves each open first stone reply by reply (--split): each position after the stone and one of
    White's replies, Black to move, capped on its own, until a reply wins for White or every reply is
    proved a Black win. A stone that resists one proof often gives way to its parts, and every part
    proved is kept, so the work resumes across runs; the parts are the table's positions one move beyond."""
    k, n = a.share
    for stone in stones:
        best = best_attempts(records(out), a.size)
        if best.get(stone, {}).get("proved"):
            continue
        refuters = {r["reply"] for r in best.values() if r.get("proved") and r["winner"] == "white"}
        for w in split_replies(a.size, stone, refuters)[k::n]:
            recs = records(out)
            if best_attempts(recs, a.size).get(stone, {}).get("proved"):
                break
            position = f"{stone} {w}"
            mine = [r for r in recs if r["size"] == a.size and r.get("position") == position]
            if any(r["proved"] for r in mine) or any(r["cap_s"] >= a.cap for r in mine):
                continue
            rec = attempt(a.hextoe, a.size, position, a.cap, "position")
            rec["split"] = True
            with open(out, "a", encoding="utf-8") as f:
                f.write(json.dumps(rec) + "\n")
            print(json.dumps(rec), flush=True)
    split_summary(records(out), a.size, stones)


def main():
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # `| head` ends the output quietly
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--size", type=int, required=True, help="board side, 2 to 19")
    p.add_argument("--cap", type=int, default=600, help="seconds for each proof, 1 to 3600")
    p.add_argument("--out", help="the records (default: docs/solver-openings-SIZE.jsonl)")
    p.add_argument("--hextoe", default=os.environ.get("HEXTOE", "target/release/hextoe"))
    p.add_argument("--stones", help="only these first stones, comma-separated (default: every one)")
    p.add_argument("--deeper", action="store_true",
                   help="prove the positions one move beyond the proved first stones instead")
    p.add_argument("--answers", action="store_true",
                   help="prove the positions two moves beyond the first stones lost, with the answer to each move")
    p.add_argument("--split", action="store_true",
                   help="prove each open first stone reply by reply, each reply's position capped on its own")
    p.add_argument("--share", default="0/1", help="with --deeper, --answers or --split, K/N: only every N-th position from the K-th, so "
                   "that N runs (one a core) divide the positions between them")
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
        if a.summary:
            summary(recs, a.size)
            split_summary(recs, a.size, first_stones(a.size))
            deeper_summary(recs, a.size)
            answers_summary(recs, a.size)
        else:
            table(recs, a.size)
        return
    if not os.access(a.hextoe, os.X_OK):
        sys.exit(f"no hextoe at {a.hextoe}: run cargo build --release first, or give --hextoe")
    m = re.fullmatch(r"(\d{1,3})/(\d{1,3})", a.share)
    if not m or not int(m.group(1)) < int(m.group(2)):
        sys.exit(f"--share {a.share[:20]!r}: expected K/N with 0 <= K < N <= 999, such as 1/2")
    a.share = (int(m.group(1)), int(m.group(2)))
    stones = first_stones(a.size)
    if a.stones:
        wanted = a.stones.split(",")
        bad = [w for w in wanted if w not in stones]
        if bad:
            sys.exit(f"--stones: {','.join(bad)[:80]} not among the first stones of {a.size}x{a.size} "
                     f"(one of each turned pair: {stones[0]} to {stones[-1]} row by row)")
        stones = [s for s in stones if s in wanted]
    if a.deeper or a.answers:
        deeper(a, out, recs, stones, "answers_of" if a.answers else "position")
        return
    if a.split:
        split(a, out, stones)
        return
    for stone in stones:
        recs = records(out)  # another run may have proved it meanwhile
        mine = [r for r in recs if r["size"] == a.size and r.get("stone") == stone]
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
