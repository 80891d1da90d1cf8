#!/usr/bin/env python3
"""hextoe's solver and MoHex 2.0's DFPN side by side: the same Hex boards, one machine, one run.

For each case (a board size; `all` for every winning move or `one` for the winner and one winning move;
the empty board, or the position after some moves, written SIZE:MODE:MOVE+MOVE) it runs, one after the
other, never two at a time:

- `hextoe solve --size N [--one] --json` on all cores (the default: one search thread and helpers);
- the same on one core (RAYON_NUM_THREADS=1: no helper, the openings checked one after another);
- MoHex 2.0 through its wrapper, one thread: `boardsize N N`, then `dfpn-solve-state black` (for `one`)
  or `dfpn-solver-find-winning black` (for `all`), with MoHex's search statistics read from its log.

Each run is timed by /usr/bin/time for its peak memory (resident set) and appends one JSON line to the
results file: engine, size, mode, whether it finished, the result, seconds (the solver's own and the
whole process's), positions and peak memory, and the load average before and after. hextoe's positions
are its `nodes` (positions expanded by its DFPN); MoHex's are its `MID calls` (the same count), with its
`VC builds` and `Terminal` beside them. MoHex's process also loads its MCTS player's pattern tables,
so its memory includes them: the `mohex-idle` row (start, `boardsize`, `quit`) measures that share.

Usage:
  scripts/solver-vs-mohex.py                          5×5, 6×6, 7×7 (all and one) and 8×8 one
  scripts/solver-vs-mohex.py --cases 9:one --cap 1200 9×9's empty board, each engine stopped after 20 min
  scripts/solver-vs-mohex.py --cases 8:one:a1 --engines hextoe --cap 300   8×8 after the first stone a1
  scripts/solver-vs-mohex.py --table                  print the table computed from the results file
  scripts/solver-vs-mohex.py --write                  rewrite the marked table in docs/strength.md
  scripts/solver-vs-mohex.py --check                  fail if the marked table differs from the results

MoHex's wrapper is run_mohex.sh (--mohex, or the MOHEX environment variable; default
/opt/mohex/run_mohex.sh); hextoe's binary is target/release/hextoe (--hextoe; build it with
`cargo build --release`). Run long measurements under `nice -n 5`.
"""

import argparse
import datetime
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RESULTS = os.path.join(ROOT, "docs", "solver-vs-mohex.jsonl")
DOC = os.path.join(ROOT, "docs", "strength.md")
BLOCK = re.compile(r"<!-- solver-vs-mohex -->\n(?P<body>.*?)<!-- /solver-vs-mohex -->", re.S)
DEFAULT_CASES = "5:all,5:one,6:all,6:one,7:all,7:one,8:one"
ENGINES = ("hextoe", "hextoe-1core", "mohex")


def timed(argv, stdin_text=None, env=None, timeout=None):
    """Runs argv under /usr/bin/time; (exit code, stdout, stderr, wall seconds, peak MB or None, CPU
    seconds or None: user and system time of the process and its threads)."""
    with tempfile.NamedTemporaryFile("r", suffix=".time") as t:
        started = time.monotonic()
        # A session of its own, so that a timeout stops the engine under /usr/bin/time too.
        p = subprocess.Popen(["/usr/bin/time", "-f", "%M %U %S", "-o", t.name] + argv, stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                             start_new_session=True)
        try:
            out, err = p.communicate(stdin_text, timeout=timeout)
            code = p.returncode
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL)
            out, err = p.communicate()
            code = None
        wall = time.monotonic() - started
        last = t.read().strip().split("\n")[-1].split()
    if len(last) == 3 and last[0].isdigit():
        return code, out, err, wall, int(last[0]) / 1024, round(float(last[1]) + float(last[2]), 2)
    return code, out, err, wall, None, None


def run_hextoe(args, size, mode, moves, one_core):
    """One `hextoe solve` run as a result line (without the load and the date)."""
    with tempfile.NamedTemporaryFile("w", suffix=".toml") as config:
        argv = [args.hextoe, "solve", "--size", str(size), "--json", "--config", config.name]
        if moves:
            argv += ["--position", " ".join(moves)]
        if mode == "one":
            argv.append("--one")
        if args.cap:
            argv += ["--time-limit", str(args.cap)]
        env = dict(os.environ)
        if one_core:
            env["RAYON_NUM_THREADS"] = "1"
        else:
            env.pop("RAYON_NUM_THREADS", None)
        code, out, err, wall, mb, cpu = timed(argv, env=env)
    row = {"engine": "hextoe-1core" if one_core else "hextoe", "size": size, "mode": mode, "moves": moves,
           "wall_seconds": round(wall, 3), "cpu_seconds": cpu, "peak_mb": mb and round(mb, 1)}
    if code == 0:
        r = json.loads(out)
        row.update(finished=True, winner=r["winner"], winning_moves=r["winning_moves"],
                   seconds=round(r["seconds"], 3), positions=r["nodes"])
    else:
        m = re.search(r"ran out after ([\d,]+) positions", err)
        if not m:
            raise RuntimeError(f"hextoe failed on {size}x{size} {mode}: {err.strip()[:300]}")
        row.update(finished=False, winner=None, seconds=args.cap, positions=int(m.group(1).replace(",", "")))
    return row


def mohex_stats(log):
    """Sums of MoHex's DFPN statistics blocks in its log (one block per search)."""
    total = {}
    for key, label in (("positions", "MID calls"), ("vc_builds", "VC builds"), ("terminal", "Terminal")):
        total[key] = sum(int(v) for v in re.findall(rf"^{label}\s+(\d+)", log, re.M))
    total["seconds"] = round(sum(float(v) for v in re.findall(r"^Elapsed Time\s+([\d.e+-]+)", log, re.M)), 3)
    total["searches"] = len(re.findall(r"^MID calls", log, re.M))
    total["aborted"] = "Search aborted." in log
    pv = re.findall(r"^PV[ \t]+([^\n]*)$", log, re.M)
    total["pv"] = pv[-1].split() if pv else []
    return total


def run_mohex(args, size, mode, moves, idle=False):
    """One MoHex DFPN run as a result line; `idle` only starts MoHex, sets the size and quits."""
    commands = [f"boardsize {size} {size}"]
    commands += [f"play {'bw'[i % 2]} {m}" for i, m in enumerate(moves)]
    mover = "white" if len(moves) % 2 else "black"
    if not idle:
        if args.cap:
            commands.append(f"param_dfpn timelimit {args.cap}")
        commands.append(f"dfpn-solve-state {mover}" if mode == "one" else f"dfpn-solver-find-winning {mover}")
    commands.append("quit")
    with tempfile.NamedTemporaryFile("r", suffix=".log") as log:
        argv = [args.mohex, "-s", str(size), "--log", log.name]
        # Its timelimit is checked inside the search; the timeout is only a safety net.
        limit = args.cap + 120 if args.cap else None
        code, out, _, wall, mb, cpu = timed(argv, stdin_text="\n".join(commands) + "\n", timeout=limit)
        text = log.read()
    answers = [a.strip()[1:].strip() for a in out.split("\n\n") if a.strip().startswith("=")]
    row = {"engine": "mohex-idle" if idle else "mohex", "size": size, "mode": "idle" if idle else mode,
           "moves": moves,
           "wall_seconds": round(wall, 3), "cpu_seconds": cpu, "peak_mb": mb and round(mb, 1)}
    if idle:
        return row
    stats = mohex_stats(text)
    answer = answers[-2] if len(answers) >= 2 else None  # the last answer is quit's
    other = "black" if mover == "white" else "white"
    finished = code == 0 and not stats["aborted"] and answer not in (None, "empty")
    row.update(finished=finished, seconds=stats["seconds"] if finished or not args.cap else args.cap,
               positions=stats["positions"], vc_builds=stats["vc_builds"], terminal=stats["terminal"],
               searches=stats["searches"])
    if finished and mode == "one":
        row.update(winner=answer, winning_moves=stats["pv"][:1])
    elif finished:
        moves = answer.split()
        won = answer.split()
        row.update(winner=mover if won else other, winning_moves=won)
    else:
        row.update(winner=None)
    return row


def measure(args):
    """Runs every case on every engine, appending a line to the results file after each run."""
    cases = []
    for c in args.cases.split(","):
        size, _, rest = c.strip().partition(":")
        mode, _, moves = rest.partition(":")
        moves = [m for m in moves.split("+") if m]
        if not size.isdigit() or not 1 <= int(size) <= 13 or mode not in ("all", "one"):
            sys.exit(f"solver-vs-mohex: bad case {c!r}: expected SIZE:all or SIZE:one[:MOVE+MOVE...], "
                     "SIZE 1 to 13")
        cases.append((int(size), mode, moves))
    engines = args.engines.split(",")
    for e in engines:
        if e not in ENGINES:
            sys.exit(f"solver-vs-mohex: unknown engine {e!r}: expected some of {', '.join(ENGINES)}")
    if not os.access(args.hextoe, os.X_OK) and any(e.startswith("hextoe") for e in engines):
        sys.exit(f"solver-vs-mohex: no hextoe binary at {args.hextoe}: run `cargo build --release`")
    if not os.access(args.mohex, os.X_OK) and "mohex" in engines:
        sys.exit(f"solver-vs-mohex: no MoHex wrapper at {args.mohex}: give --mohex or MOHEX")
    run = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    jobs = [(e, s, m, mv) for s, m, mv in cases for e in engines]
    if "mohex" in engines:
        jobs.insert(0, ("mohex-idle", cases[0][0], "idle", []))
    with open(args.results, "a") as f:
        for engine, size, mode, moves in jobs:
            load_before = os.getloadavg()[0]
            if engine.startswith("hextoe"):
                row = run_hextoe(args, size, mode, moves, engine == "hextoe-1core")
            else:
                row = run_mohex(args, size, mode, moves, idle=engine == "mohex-idle")
            row = {"run": run, "cap_seconds": args.cap, **row, "load_before": round(load_before, 2),
                   "load_after": round(os.getloadavg()[0], 2), "cores": os.cpu_count()}
            f.write(json.dumps(row) + "\n")
            f.flush()
            print(json.dumps(row), flush=True)


def thousands(n):
    return f"{n:,}"


def cell(r):
    """One engine's figures for the table: seconds, positions, peak memory; or how far it got."""
    if r is None:
        return "—"
    mb = f"{r['peak_mb']:.0f} MB" if r.get("peak_mb") else "?"
    if not r["finished"]:
        cpu = f" ({r['cpu_seconds'] / 60:.0f} min of CPU)" if r.get("cpu_seconds") else ""
        return (f"not finished after {r['cap_seconds'] / 60:g} min{cpu}, {thousands(r['positions'])} "
                f"positions, {mb}")
    vcs = ""
    if "vc_builds" in r:
        vcs = f" ({thousands(r['vc_builds'])} VC build{'' if r['vc_builds'] == 1 else 's'})"
    return f"{r['seconds']:.2f} s, {thousands(r['positions'])} positions{vcs}, {mb}"


def result_text(rows, mode):
    """The proved result, from the finished rows, and whether the engines agree on the winner."""
    done = [r for r in rows if r and r["finished"]]
    if not done:
        return "not proved"
    winners = {r["winner"] for r in done}
    if len(winners) > 1:
        return "engines disagree: " + ", ".join(f"{r['engine']} {r['winner']}" for r in done)
    text = f"{winners.pop()} wins"
    if mode == "all":
        sets = {tuple(sorted(r["winning_moves"])) for r in done if r["engine"].startswith("hextoe")}
        mo = [r for r in done if r["engine"] == "mohex"]
        if len(sets) > 1:
            return "hextoe's runs disagree on the winning moves"
        if sets:
            n = len(sets.pop())
            noun = "move" if any(r and r.get("moves") for r in rows) else "opening"
            text += f"; {n} winning {noun}{'' if n == 1 else 's'}"
        if mo:
            text += f" (MoHex lists {len(mo[0]['winning_moves'])})"
    else:
        first = [r["winning_moves"][0] for r in done if r.get("winning_moves")]
        if first:
            text += " by " + "/".join(dict.fromkeys(first))
    return text


def table(results):
    """The markdown table of the latest run of each case and engine in the results file."""
    latest = {}
    idle = None
    loads = {}
    for line in open(results):
        if not line.strip():
            continue
        r = json.loads(line)
        if r["engine"] == "mohex-idle":
            idle = r
            continue
        latest[(r["size"], r["mode"], " ".join(r.get("moves", [])), r["engine"])] = r
        loads.setdefault(r["run"], []).extend([r["load_before"], r["load_after"]])
    keys = sorted({(s, m, mv) for s, m, mv, _ in latest}, key=lambda k: (k[0], k[2] != "", k[1] == "one", k[2]))
    out = ["| board | result | hextoe, both cores | hextoe, one core | MoHex 2.0's DFPN, one core |",
           "|---|---|---|---|---|"]
    for size, mode, moves in keys:
        rows = [latest.get((size, mode, moves, e)) for e in ENGINES]
        where = f"after {moves}" if moves else "the empty board"
        what = f"{where}, every winning move" if mode == "all" else f"{where}, `--one`"
        if mode == "all" and not moves:
            what = "every winning opening"
        out.append(f"| {size}×{size}, {what} | {result_text(rows, mode)} | "
                   + " | ".join(cell(r) for r in rows) + " |")
    lo = min(v for vs in loads.values() for v in vs) if loads else 0
    hi = max(v for vs in loads.values() for v in vs) if loads else 0
    days = ", ".join(sorted({r[:10] for r in loads}))
    out.append("")
    out.append(f"Measured on {days}; load average {lo:.2f} to {hi:.2f} "
               f"(1 minute, before and after each run).")
    if idle:
        out.append(f"MoHex's process alone (start, `boardsize`, `quit`) peaks at {idle['peak_mb']:.0f} MB "
                   f"and takes {idle['wall_seconds']:.1f} s: what it allocates at start (its pattern tables, "
                   f"its MCTS player's tables, its DFPN table of 2²¹ entries); its seconds above are its "
                   f"solver's own.")
    return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--hextoe", default=os.path.join(ROOT, "target", "release", "hextoe"))
    ap.add_argument("--mohex", default=os.environ.get("MOHEX", "/opt/mohex/run_mohex.sh"),
                    help="MoHex 2.0's run_mohex.sh (default: $MOHEX, else /opt/mohex/run_mohex.sh)")
    ap.add_argument("--cases", default=DEFAULT_CASES, help=f"SIZE:all|one,... (default {DEFAULT_CASES})")
    ap.add_argument("--engines", default=",".join(ENGINES), help="some of " + ",".join(ENGINES))
    ap.add_argument("--cap", type=int, default=None, help="stop each run after this many seconds")
    ap.add_argument("--results", default=RESULTS, help="the JSONL file to append to and read")
    ap.add_argument("--table", action="store_true", help="print the table and run nothing")
    ap.add_argument("--write", action="store_true", help="rewrite the marked table in docs/strength.md")
    ap.add_argument("--check", action="store_true", help="fail if docs/strength.md's table is stale")
    args = ap.parse_args()
    if args.table or args.write or args.check:
        body = table(args.results)
        if args.table:
            print(body, end="")
            return
        doc = open(DOC).read()
        m = BLOCK.search(doc)
        if not m:
            sys.exit("solver-vs-mohex: docs/strength.md has no <!-- solver-vs-mohex --> block")
        if args.check:
            if m.group("body") != body:
                sys.exit("solver-vs-mohex: docs/strength.md's table differs from the results; run --write")
            print("solver-vs-mohex: the table matches the results")
            return
        open(DOC, "w").write(doc[: m.start("body")] + body + doc[m.end("body"):])
        return
    measure(args)


if __name__ == "__main__":
    main()
