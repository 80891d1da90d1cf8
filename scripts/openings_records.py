"""What the records of scripts/solve-openings.py say: each first stone's (and each position's) best
attempt, the verdicts of stones proved reply by reply, and the positions one and two moves beyond the first
stones in the order they are proved. Read by the prover and by its reports (openings_report.py)."""

import json
import os
import sys

from htp import LETTERS, name  # scripts/htp.py: the cells' names


def cells(size):
    """Every cell of the board, row by row."""
    return [name(i // size, i % size) for i in range(size * size)]


def first_stones(size):
    """One cell of each 180°-turned pair, the centre included, row by row (as scripts/hex-table.sh)."""
    return cells(size)[:(size * size + 1) // 2]


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
    board = cells(size)
    centre = (size - 1) / 2

    def distance(cell):
        row, col = int(cell[1:]) - 1, LETTERS.index(cell[0])
        dr, dc = row - centre, col - centre
        return (abs(dr) + abs(dc) + abs(dr + dc), cell)

    return sorted((c for c in board if c != stone), key=lambda c: (c not in refuters, distance(c)))


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
    board = cells(size)
    proved = [s for s in first_stones(size) if best.get(s, {}).get("proved")]
    centre = (size - 1) / 2

    def distance(cell):
        row, col = int(cell[1:]) - 1, LETTERS.index(cell[0])
        return abs(row - centre) + abs(col - centre)

    winning = sorted((s for s in proved if best[s]["winner"] == "black"), key=distance)
    replies = [[(f"{s} {r}", s, r) for r in board if r != s] for s in winning]
    out = replies[0] if replies else []
    for s in (s for s in proved if best[s]["winner"] == "white"):
        w = best[s]["reply"]
        out += [(f"{s} {w} {m}", f"{s},{m}", w) for m in board if m not in (s, w)]
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
    board = cells(size)
    return all(best.get(f"{stone} {r}", {}).get("proved") for r in board if r != stone)
