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


def best_attempts(recs, size, key="stone"):
    """Each stone's (or, with key="position", each deeper position's) best attempt: a proof, else the one
    with the largest cap."""
    best = {}
    for r in recs:
        if r["size"] != size or key not in r:
            continue
        old = best.get(r[key])
        if old is None or (r["proved"] and not old["proved"]) or (not old["proved"] and r["cap_s"] > old["cap_s"]):
            best[r[key]] = r
    if key == "stone":
        for stone in first_stones(size):
            if not best.get(stone, {}).get("proved"):
                verdict = split_verdict(recs, size, stone)
                if verdict:
                    best[stone] = verdict
    return best


def split_replies(size, stone, refuters=()):
    """White's replies to `stone` in the order --split proves them: the `refuters` (the replies that refuted
    other first stones), then the rest from the centre out (a refutation, where there is one, is most
    likely near it)."""
    cells = [f"{LETTERS[i % size]}{i // size + 1}" for i in range(size * size)]
    centre = (size - 1) / 2

    def distance(cell):
        row, col = int(cell[1:]) - 1, LETTERS.index(cell[0])
        dr, dc = row - centre, col - centre
        return (abs(dr) + abs(dc) + abs(dr + dc), cell)

    return sorted((c for c in cells if c != stone), key=lambda c: (c not in refuters, distance(c)))


def split_verdict(recs, size, stone):
    """The first stone's result from its replies proved one by one (--split), as a stone record, or None
    while it is open: White wins by a reply after which Black loses; Black wins once every reply is
    proved a Black win. The positions and CPU are the sums over the replies' proofs."""
    best = best_attempts(recs, size, "position")
    replies = [best.get(f"{stone} {w}") for w in split_replies(size, stone)]
    if not any(replies):
        return None
    tried = [r for r in replies if r]
    total = {"positions": sum(r["positions"] for r in tried), "cpu_s": round(sum(r["cpu_s"] for r in tried), 1)}
    for r in tried:
        if r["proved"] and r["winner"] == "white":
            return {"size": size, "stone": stone, "proved": True, "winner": "white",
                    "reply": r["position"].split()[1], "split": True, "cap_s": r["cap_s"], **total}
    if all(r and r["proved"] for r in replies):
        return {"size": size, "stone": stone, "proved": True, "winner": "black", "reply": None, "split": True,
                "cap_s": max(r["cap_s"] for r in tried), **total}
    return None


def deeper_positions(recs, size):
    """The positions one move beyond the proved first stones, as (position, black stones, white stones), in
    the order they are proved: each White reply to the centre-most winning stone (so that the empty board
    soon has one stone whose every reply is prepared), then each Black move after a losing stone and
    White's proved reply, then the replies to the other winning stones."""
    best = best_attempts(recs, size)
    cells = [f"{LETTERS[i % size]}{i // size + 1}" for i in range(size * size)]
    proved = [s for s in first_stones(size) if best.get(s, {}).get("proved")]
    centre = (size - 1) / 2

    def distance(cell):
        row, col = int(cell[1:]) - 1, LETTERS.index(cell[0])
        return abs(row - centre) + abs(col - centre)

    winning = sorted((s for s in proved if best[s]["winner"] == "black"), key=distance)
    replies = [[(f"{s} {r}", s, r) for r in cells if r != s] for s in winning]
    out = replies[0] if replies else []
    for s in (s for s in proved if best[s]["winner"] == "white"):
        w = best[s]["reply"]
        out += [(f"{s} {w} {m}", f"{s},{m}", w) for m in cells if m not in (s, w)]
    return out + [p for r in replies[1:] for p in r]


def answer_positions(recs, size):
    """The positions two moves beyond the first stones whose every move gets its answer (--answers), as
    (position, black stones, white stones): after each losing stone, White's reply, each Black move and
    White's proved answer, the lines whose proof cost most first (White must win after every losing first
    stone); then after the winning stones d4 and e4 (the centre's), each White reply and Black's proved
    answer."""
    best = best_attempts(recs, size)
    deep = best_attempts(recs, size, "position")
    out = []
    for position, _, _ in deeper_positions(recs, size):
        r = deep.get(position)
        if not (r and r["proved"] and r["reply"]):
            continue
        moves = position.split() + [r["reply"]]
        if len(moves) == 4 or moves[0] in ("d4", "e4"):
            out.append((r["positions"], len(moves), " ".join(moves)))
    out.sort(key=lambda t: (-t[1], -t[0]))
    return [(p, ",".join(p.split()[0::2]), ",".join(p.split()[1::2])) for _, _, p in out if best]


def prepared(recs, size, stone):
    """True if every White reply to the winning first `stone` has its Black answer proved."""
    best = best_attempts(recs, size, "position")
    cells = [f"{LETTERS[i % size]}{i // size + 1}" for i in range(size * size)]
    return all(best.get(f"{stone} {r}", {}).get("proved") for r in cells if r != stone)


def table(recs, size):
    """The proved stones as lines of the table of solved openings, in board order, after the empty board's
    line: Black wins it by the stones proved winning whose positions beyond are proved furthest (every
    reply answered, then every move two moves beyond too; none proved, no line)."""
    best = best_attempts(recs, size)
    winning = [s for s in first_stones(size) if best.get(s, {}).get("proved") and best[s]["winner"] == "black"]
    ready = [s for s in winning if prepared(recs, size, s)]
    # Of those, the stones whose positions two moves beyond have every move answered as well, where any has.
    ans = best_attempts(recs, size, "answers_of")
    lines = answer_positions(recs, size)
    answered = [s for s in ready if any(p.split()[0] == s for p, _, _ in lines)
                and all(ans.get(p, {}).get("proved") for p, _, _ in lines if p.split()[0] == s)]
    if winning:
        print(f"{size} - - win-by {','.join(answered or ready or winning)}")
    for s in first_stones(size):
        r = best.get(s)
        if r and r["proved"]:
            print(f"{size} {s} - win-by {r['reply']}" if r["winner"] == "white" else f"{size} {s} - loss -")
    deep = best_attempts(recs, size, "position")
    for position, black, white in deeper_positions(recs, size):
        r = deep.get(position)
        if r and r["proved"]:
            mover = "black" if len(position.split()) % 2 == 0 else "white"
            if r["winner"] != mover or not r["reply"]:
                sys.exit(f"the record of {position} says {r['winner']} wins, but the first stone's proof "
                         f"makes it a win for {mover}, the side to move: the records disagree")
            print(f"{size} {black} {white} win-by {r['reply']}")
    ans = best_attempts(recs, size, "answers_of")
    for position, black, white in answer_positions(recs, size):
        r = ans.get(position)
        if r and r["proved"] and r["replies"]:
            mover = "black" if len(position.split()) % 2 == 0 else "white"
            if r["winner"] == mover:
                sys.exit(f"the record of {position} says {mover}, the side to move, wins, but its line makes it "
                         f"a loss: the records disagree")
            pairs = ",".join(f"{m}:{a}" for m, a in r["replies"])
            print(f"{size} {black} {white} loss {pairs}")


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


def split_summary(recs, size, stones):
    """For each first stone proved or being proved reply by reply: how many replies are proved, and the
    open ones."""
    best = best_attempts(recs, size)
    deep = best_attempts(recs, size, "position")
    for stone in stones:
        parts = [(w, deep.get(f"{stone} {w}")) for w in split_replies(size, stone)]
        if not any(r and r.get("split") for _, r in parts):
            continue
        done = [r for _, r in parts if r and r["proved"]]
        verdict = best.get(stone, {})
        state = (f"White wins by {verdict['reply']}" if verdict.get("winner") == "white" else
                 "Black wins" if verdict.get("proved") else "open")
        print(f"  {stone}: {state}; {len(done)} of {len(parts)} replies proved "
              f"({sum(r['positions'] for r in done):,} positions, {sum(r['cpu_s'] for r in done) / 60:.0f} min of CPU)")
        for w, r in parts:
            if r and not r["proved"]:
                print(f"    {stone} {w} open after {r['positions']:,} positions in {r['cap_s']} s")


def deeper_summary(recs, size):
    """How many deeper positions are proved, and the open ones."""
    best = best_attempts(recs, size, "position")
    todo = deeper_positions(recs, size)
    proved = [p for p, _, _ in todo if best.get(p, {}).get("proved")]
    print(f"{size}x{size}: {len(proved)} of {len(todo)} positions one move beyond the first stones proved")
    if proved:
        done = sorted((best[p] for p in proved), key=lambda r: r["positions"])
        cpu = sum(r["cpu_s"] for r in done)
        top = done[-1]
        print(f"  {cpu / 60:.0f} min of CPU in all; median {done[len(done) // 2]['positions']:,} positions; "
              f"most {top['positions']:,} ({top['position']}, {top['cpu_s']} s CPU); "
              f"{sum(r['positions'] > 100_000 for r in done)} took more than 100,000")
    for p, _, _ in todo:
        r = best.get(p)
        if r and not r["proved"]:
            print(f"  {p:10} open after {r['positions']:,} positions in {r['cap_s']} s (load {r['load']})")


def answers_summary(recs, size):
    """How many positions two moves beyond the first stones have every move answered."""
    best = best_attempts(recs, size, "answers_of")
    todo = answer_positions(recs, size)
    done = [best[p] for p, _, _ in todo if best.get(p, {}).get("proved")]
    if not done:
        return
    cpu = sum(r["cpu_s"] for r in done)
    print(f"{size}x{size}: {len(done)} of {len(todo)} positions two moves beyond the first stones have every move "
          f"answered ({sum(len(r['replies']) for r in done):,} answers, {cpu / 60:.0f} min of CPU)")
    for p, _, _ in todo:
        r = best.get(p)
        if r and not r["proved"]:
            print(f"  {p:14} open after {r['positions']:,} positions in {r['cap_s']} s (load {r['load']})")


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
