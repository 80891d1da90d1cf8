#!/usr/bin/env python3
"""An engine plays itself and appends the finished games to a file: training data for hextoe's Hex network.

What it makes: one Hex game a line, `SIDE move move ...`, readable by every reader of
`training/hex-games-mohex.txt` (examples/common/mod.rs), each preceded by a `#v` comment line (which
those readers skip) with the engine's search statistics for every move: a soft policy target and a value
estimate. The games are for a small policy/value network trained later on the CPU. Two engines
(--engine): MoHex 2.0 (mohex_player.py), only a data source, never part of hextoe's build or tests; and
hextoe's own impossible level (hextoe_player.py), a search guided by the network, whose games teach what
MoHex's do not.

    scripts/nn/selfplay.py --size 11 --games 6000 --out training/nn/mohex-11.txt
        [--playouts 3000] [--seed 1] [--mohex /opt/mohex/run_mohex.sh]
    scripts/nn/selfplay.py --engine hextoe --size 11 --games 3000 --out training/nn/hextoe-11.txt
        --playouts 8000 [--seed 1] [--hextoe target/release/hextoe]

Normally started and stopped by scripts/nn/datagen.sh (start|stop|status), at the lowest CPU priority.

Resuming. The file is the only state: at start the games already in it are counted (and checked), a
partial last line left by a kill (or a `#v` line whose game never followed) is cut off, and game
i = count is played next. Game i's opening and MoHex seed derive from (--seed, --size, i) only, and
MoHex plays from that seed with a playout limit (one thread), so a restart does not change which
games are played; MoHex is not exactly reproducible, though: of three runs of the same two 9×9 games,
one differed in the second game's visit counts from its first search on, and in its moves from the
thirteenth. (MoHex's later attempts at a game it failed twice use other seeds; the log says so.) hextoe
is: each move is `hextoe analyze` on PLAYOUTS simulations, one thread, a seed derived from (--seed,
--size, i, the move's number), so the same build plays the same game on every run. A game
is written, with its `#v` line, in one write followed by fsync only once it is finished: a kill loses at
most the game in progress. Run it again with the same options to continue; --games is a target count
(it stops when the file holds that many), so it can be raised later. A lock on the file stops two
generators from writing it at once; a file made with other --engine/--size/--playouts/--seed is refused.

Games. Each game opens with random stones so that the games differ and the network sees positions no
book prepares: one black stone on any cell, and in half of the games one white stone on any other cell.
Then MoHex (a fresh process per game, -g PLAYOUTS, one thread, no swap, no opening book in this build),
or hextoe (impossible, PLAYOUTS simulations a move, one thread, no swap, its opening book off so that every
move is searched), plays both sides until a chain is complete; neither resigns, so the last move always
completes the winner's chain and the winner follows from the moves (the colour of the last move).

Format, one game per two lines (a '#' line is a comment for the existing readers):

    #settings size=11 playouts=3000 seed=1 format=1       (once, at the top; hextoe's end engine=hextoe)
    #v INDEX SEED TOKEN TOKEN ...                        (one TOKEN per move of the next line)
    11 f6 c6 b6 ...                                      (the side, then the moves, Black first)

Cells are hextoe's names: column letter a.., row number 1.. from the top. TOKEN j is for move j:
`-` if there is no search behind it (the random opening stones, and moves MoHex made without a search:
a decided position, a single must-play cell, or a win found by its pre-search), else
`cell:visits,cell:visits,...@q`: the root's most visited moves, most visited first (at most 8, each with
at least 1% of the root's visits, always including the move played), and q, MoHex's estimate that the
player to move wins (1 - the mean of the played move's node, two decimals). Visits are exact, read from
`mohex-save-tree` (the `mohex-values` answer rounds counts of 1000 and more down to thousands). They
add up to about --playouts, sometimes less: MoHex stops early once the best move cannot be overtaken.
hextoe's tokens are the same, from its analysis: q is the played move's win rate (a move the solver
proved without visits gets `-`); SEED is its first search's seed, MoHex's the game's.
About 1.2 KB a game at 11x11 and 2 KB at 13x13, far below the readers' 64 MiB limit.

Speed, measured on this machine (2 cores, 3000 playouts a move, one MoHex thread, both generators
running; the log gives each game's wall and CPU seconds): a game takes about 40 CPU seconds at 11x11
(~55 moves, two thirds of them searched: MoHex plays decided positions without a search), about 90 at 13x13
(~65 moves), so on an otherwise idle machine each generator makes about 5,000 (11x11) or 2,500 (13x13)
positions an hour: 6000 + 3000 games in about three days. At nice 19 other work comes first: under the
compiles of the first hour (load 3 to 5) a game took about 90 s and 220 s of wall time (2,200 and 1,100
positions an hour). Each MoHex process takes ~2 s to start (it allocates a 1 GB search tree) and ~0.8 GB.
"""

import argparse
import fcntl
import hashlib
import os
import re
import signal
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from htp import parse, winner  # noqa: E402  (scripts/htp.py: cell names, who won)
import hextoe_player  # noqa: E402  (hextoe's moves, a search a move)
import mohex_player  # noqa: E402  (MoHex's moves, read back from its search tree)
from mohex_process import EngineError  # noqa: E402  (an engine failed: the game is redone)

FORMAT = 1  # bump when the line format changes; a file of another format is refused
ATTEMPTS = 5  # tries of one game before giving up (the engine died or answered nonsense each time)
PLAYERS = {"mohex": mohex_player, "hextoe": hextoe_player}  # --engine's names


class Stop(Exception):
    """SIGTERM or SIGINT: drop the game in progress and leave."""


def check_game(n, moves):
    """Why the moves are not a finished game of side n (no repeats, the last move completes the
    winner's chain and not an earlier one), or None if they are one."""
    stones = {}
    for j, m in enumerate(moves):
        try:
            cell = parse(m, n, "the file")
        except RuntimeError as e:
            return str(e)
        if cell in stones:
            return f"move {j + 1} ({m}) is on a taken cell"
        stones[cell] = "b" if j % 2 == 0 else "w"
    if not moves or winner(stones, n) != stones[parse(moves[-1], n)]:
        return "the last move does not win"
    del stones[parse(moves[-1], n)]
    if winner(stones, n) is not None:
        return "the game was won before its last move"
    return None


def load(fd, path, settings, n, who):
    """Checks the file on fd and cuts off an unfinished tail; returns the number of games in it. A new file
    gets the settings line and a comment naming `who` plays.

    What a kill can leave: a last line without its newline (a write cut short), or a `#v` line whose game
    line never came. Both are removed. Anything wrong before that is not a kill's doing: it is an error.
    """
    data = b""
    while chunk := os.read(fd, 1 << 20):
        data += chunk
    end = data.rfind(b"\n") + 1  # what follows the last newline is a partial line
    lines = data[:end].decode("ascii").split("\n")[:-1]
    while lines and lines[-1].startswith("#v "):  # its game was never written
        end -= len(lines.pop()) + 1
    if end < len(data):
        print(f"{path}: cut off an unfinished last game ({len(data) - end} bytes)", file=sys.stderr)
        os.ftruncate(fd, end)
        os.fsync(fd)
    games, seen_settings, pending = 0, False, None
    for k, line in enumerate(lines, 1):
        where = f"{path}:{k}"
        if line.startswith("#settings "):
            if line != settings:
                sys.exit(f"{where}: made with other settings ({line!r}); this run has {settings!r}")
            seen_settings = True
        elif line.startswith("#v "):
            if pending is not None:
                sys.exit(f"{where}: two #v lines in a row")
            pending = line.split()[1:]
        elif line.startswith("#") or not line.strip():
            continue
        else:
            if not seen_settings:
                sys.exit(f"{where}: a game before any #settings line: not a file of this script")
            words = line.split()
            if words[0] != str(n):
                sys.exit(f"{where}: a game of side {words[0]} in a file of side {n}")
            why = check_game(n, words[1:])
            if why:
                sys.exit(f"{where}: {why}")
            if pending is None or pending[0] != str(games) or len(pending) != len(words) + 1:
                sys.exit(f"{where}: its #v line is missing, or not of game {games} "
                         f"and its {len(words) - 1} moves")
            games, pending = games + 1, None
    if not lines:
        # The settings first: a kill in this write leaves either nothing or the settings line whole.
        write(fd, f"{settings}\n"
                  f"# {who} self-play for hextoe's Hex network (scripts/nn/selfplay.py; the format is\n"
                  f"# in its docstring). Each game: a #v line, then 'SIDE moves...', Black first.\n")
        dir_fd = os.open(os.path.dirname(os.path.abspath(path)), os.O_RDONLY)
        try:
            os.fsync(dir_fd)  # the new file's directory entry must survive a crash too
        finally:
            os.close(dir_fd)
    elif not seen_settings:
        sys.exit(f"{path}: no #settings line: not a file of this script (or made by another version)")
    return games


def write(fd, text):
    """Appends text to fd and makes it durable (fsync) before returning."""
    data = text.encode("ascii")
    os.lseek(fd, 0, os.SEEK_END)
    while data:
        data = data[os.write(fd, data):]
    os.fsync(fd)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--engine", choices=sorted(PLAYERS), default="mohex", help="who plays (default %(default)s)")
    ap.add_argument("--size", type=int, default=11, help="board side, 1..13 (MoHex's limit, the network's)")
    ap.add_argument("--playouts", type=int, default=3000, help="MoHex's playouts, or hextoe's simulations, a move")
    ap.add_argument("--games", type=int, default=100, help="stop when the file holds this many games")
    ap.add_argument("--seed", type=int, default=1, help="base seed: game i derives from (seed, size, i)")
    ap.add_argument("--out", required=True, help="the games file (created if missing, else continued)")
    ap.add_argument("--mohex", default="/opt/mohex/run_mohex.sh",
                    help="MoHex's run_mohex.sh (default %(default)s)")
    ap.add_argument("--hextoe", default=hextoe_player.default_binary(),
                    help="the hextoe binary (default: this checkout's release build)")
    ap.add_argument("--pidfile", help="write this process's id there while it runs (for datagen.sh)")
    a = ap.parse_args()
    if not 1 <= a.size <= 13 or a.playouts < 1:
        ap.error("--size must be 1..13 and --playouts positive")
    player = PLAYERS[a.engine]
    binary = getattr(a, player.OPTION)
    if not os.access(binary, os.X_OK):
        ap.error(f"{binary} is not executable: {player.HOW} or pass --{player.OPTION}")

    # MoHex's files predate --engine, so its settings line has no engine: they resume unchanged.
    engine = "" if a.engine == "mohex" else f" engine={a.engine}"
    settings = f"#settings size={a.size} playouts={a.playouts} seed={a.seed} format={FORMAT}{engine}"
    os.makedirs(os.path.dirname(os.path.abspath(a.out)), exist_ok=True)
    fd = os.open(a.out, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        sys.exit(f"{a.out}: another generator is writing it")
    # mohex-save-tree's scratch file: one fixed name per games file (the lock makes it ours alone), so a
    # generator killed with SIGKILL leaves one file behind, overwritten by the next run, not one a run.
    key = hashlib.sha256(os.path.abspath(a.out).encode()).hexdigest()[:12]
    tree = os.path.join(tempfile.gettempdir(), f"hextoe-selfplay-{os.getuid()}-{key}.sgf")
    if re.search(r"\s", tree):
        sys.exit(f"scratch file {tree!r} has a space: HTP cannot pass it")
    if a.pidfile:
        with open(a.pidfile, "w") as f:
            f.write(f"{os.getpid()}\n")

    def log(msg):
        print(time.strftime("%Y-%m-%d %H:%M:%S ") + msg, file=sys.stderr, flush=True)

    def stop(signum, _frame):
        raise Stop(signal.Signals(signum).name)
    signal.signal(signal.SIGTERM, stop)  # (SIGHUP is left to nohup, which ignores it)
    signal.signal(signal.SIGINT, stop)
    i = "?"  # games in the file, once load() has counted them
    try:
        i = load(fd, a.out, settings, a.size, player.WHO)
        with open(binary, "rb") as f:  # which build played: a later session's may play otherwise
            build = hashlib.sha256(f.read()).hexdigest()[:12]
        log(f"{a.out}: {i} games; {a.engine} playing {a.size}x{a.size} games {i}..{a.games - 1}, "
            f"{a.playouts} playouts ({binary}, SHA-256 {build}...)")
        while i < a.games:
            for attempt in range(ATTEMPTS):
                start = time.time()
                try:
                    seed, moves, tokens, cpu = player.play_game(a, i, attempt, tree)
                    break
                except (EngineError, RuntimeError) as e:
                    log(f"game {i} attempt {attempt + 1}: {e}; the game is dropped and redone")
            else:
                sys.exit(f"game {i}: {a.engine} failed {ATTEMPTS} times; stopping")
            text = f"#v {i} {seed} {' '.join(tokens)}\n{a.size} {' '.join(moves)}\n"
            # The write must not be cut by our own signal handler: block SIGTERM/SIGINT around it.
            signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGTERM, signal.SIGINT})
            write(fd, text)
            i += 1  # before unblocking: a pending signal is delivered at once and must see the new count
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
            searched = sum(t != "-" for t in tokens)
            won = "black" if len(moves) % 2 else "white"  # the last move completes the winner's chain
            retried = f" (attempt {attempt + 1}, seed {seed})" if attempt else ""
            log(f"game {i - 1}: {len(moves)} moves ({searched} searched), {won} wins, "
                f"{time.time() - start:.1f} s" + (f" ({cpu:.1f} s CPU)" if cpu is not None else "") + retried)
        log(f"{a.out}: holds {i} games, the target; done")
    except Stop as e:
        log(f"stopped by {e}; the game in progress is dropped, the file holds {i} games")
    finally:
        for path in (tree, a.pidfile):
            if path and os.path.exists(path):
                os.remove(path)
        os.close(fd)


if __name__ == "__main__":
    main()
