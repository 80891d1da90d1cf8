"""The reports of scripts/solve-openings.py: what is proved so far, by first stone, by reply and one and
two moves beyond, and the proved positions as lines of the table of solved openings."""

import sys

from openings_records import (answer_positions, best_attempts, deeper_positions, first_stones, prepared,
                              split_replies)


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
