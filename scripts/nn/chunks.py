#!/usr/bin/env python3
"""Keeps the self-play files of scripts/nn/selfplay.py in git as fixed, compressed chunks.

A generator's file (training/nn/ENGINE-SIZE.txt, ENGINE mohex or hextoe) grows for days, across many
working sessions, and a background process dies with the session that started it. Committing the growing
file itself would add a new multi-megabyte blob to the repository at every snapshot; committing it in fixed
chunks of CHUNK games, each written once and never changed, makes the repository grow by the data's own
compressed size only.

    scripts/nn/chunks.py save NAME       write every complete chunk of NAME.txt not yet written, and the
                                         games after the last chunk as the tail
    scripts/nn/chunks.py restore NAME    rebuild NAME.txt from the chunks and the tail, if they hold more
                                         games than the file (a fresh clone has no file at all)
    scripts/nn/chunks.py count NAME      games in the chunks

NAME is a generator's ENGINE-SIZE (mohex-11, hextoe-13), or a bare SIZE for MoHex's. Chunks are
training/nn/NAME/NNNN.txt.gz: chunk k holds games k*CHUNK .. (k+1)*CHUNK-1, each as its
`#v` line and its game line, and the file's `#settings` line first, so that a chunk is readable alone and a
restore can check that every chunk was made with the same settings. gzip's header carries no time stamp
(mtime 0), so the same games always give the same bytes.

The tail, training/nn/NAME-tail.txt.gz, holds the games after the last complete chunk (fewer than
CHUNK), rewritten at each save, so that a session that ends before a chunk fills loses no game. It sits
beside the chunk folder, not in it: the network's reader trains on the fixed chunks only. Its games carry
their indices (the `#v` lines), so a restore takes from it only the games that follow the chunks.
"""

import gzip
import os
import re
import sys

CHUNK = 100
HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.environ.get("NN_DATA", os.path.join(HERE, "..", "..", "training", "nn"))


NAME = re.compile(r"(mohex|hextoe)-[0-9]{1,2}")  # a generator's ENGINE-SIZE, as datagen.sh names them


def paths(name):
    return os.path.join(DATA, f"{name}.txt"), os.path.join(DATA, name)


def tail_path(name):
    return os.path.join(DATA, f"{name}-tail.txt.gz")


def write_gz(target, text):
    with open(target + ".tmp", "wb") as raw:
        with gzip.GzipFile(fileobj=raw, mode="wb", compresslevel=9, mtime=0, filename="") as z:
            z.write(text.encode("ascii"))
    os.replace(target + ".tmp", target)


def game_index(v_line):
    """The game's index, from its `#v INDEX ...` line."""
    parts = v_line.split(" ")
    if len(parts) < 2 or not parts[1].isdigit():
        sys.exit(f"a #v line without a game index: {v_line[:60]!r}")
    return int(parts[1])


def read_tail(name, first):
    """The settings and the games of the tail from index `first` on, contiguous; none without a tail."""
    path = tail_path(name)
    if not os.path.exists(path):
        return None, []
    with gzip.open(path, "rt", encoding="ascii") as f:
        lines = f.read().split("\n")[:-1]
    if not lines or not lines[0].startswith("#settings ") or len(lines) % 2 != 1:
        sys.exit(f"{path}: not a tail of games (a #settings line, then #v and game lines)")
    games = [(lines[i], lines[i + 1]) for i in range(1, len(lines), 2)]
    games = [g for g in games if game_index(g[0]) >= first]
    for k, (v, _) in enumerate(games):
        if game_index(v) != first + k:
            sys.exit(f"{path}: game {game_index(v)} where game {first + k} was expected")
    return lines[0], games


def read_games(path):
    """The settings line and the list of complete games (each a `#v` line and a game line) of a file."""
    settings, games, pending = None, [], None
    with open(path, encoding="ascii") as f:
        text = f.read()
    lines = text.split("\n")
    if not text.endswith("\n"):
        lines = lines[:-1]  # a partial last line: a write in progress, not yet a game
    for line in lines:
        if line.startswith("#settings "):
            settings = line
        elif line.startswith("#v "):
            pending = line
        elif line and not line.startswith("#"):
            if pending is None:
                sys.exit(f"{path}: a game line without its #v line")
            games.append((pending, line))
            pending = None
    if settings is None:
        sys.exit(f"{path}: no #settings line")
    return settings, games


def chunk_files(folder):
    if not os.path.isdir(folder):
        return []
    names = sorted(n for n in os.listdir(folder) if n.endswith(".txt.gz"))
    for k, name in enumerate(names):
        if name != f"{k:04}.txt.gz":
            sys.exit(f"{folder}: chunk {name} out of sequence (expected {k:04}.txt.gz)")
    return [os.path.join(folder, n) for n in names]


def read_chunk(path):
    with gzip.open(path, "rt", encoding="ascii") as f:
        lines = f.read().split("\n")[:-1]
    settings, body = lines[0], lines[1:]
    if not settings.startswith("#settings ") or len(body) != 2 * CHUNK:
        sys.exit(f"{path}: not a chunk of {CHUNK} games")
    return settings, [(body[i], body[i + 1]) for i in range(0, len(body), 2)]


def save(name):
    path, folder = paths(name)
    settings, games = read_games(path)
    os.makedirs(folder, exist_ok=True)
    done = len(chunk_files(folder))
    written = 0
    for k in range(done, len(games) // CHUNK):
        block = games[k * CHUNK:(k + 1) * CHUNK]
        text = settings + "\n" + "".join(f"{v}\n{g}\n" for v, g in block)
        write_gz(os.path.join(folder, f"{k:04}.txt.gz"), text)
        written += 1
    chunked = len(chunk_files(folder)) * CHUNK
    rest = games[chunked:]
    if rest:
        write_gz(tail_path(name), settings + "\n" + "".join(f"{v}\n{g}\n" for v, g in rest))
    elif os.path.exists(tail_path(name)):
        os.remove(tail_path(name))
    print(f"{name}: {written} new chunk(s), {chunked} games in chunks, {len(rest)} in the tail, "
          f"{len(games)} in the file")


def restore(name):
    path, folder = paths(name)
    files = chunk_files(folder)
    have = len(read_games(path)[1]) if os.path.exists(path) else 0
    tail_settings, tail = read_tail(name, len(files) * CHUNK)
    if not files and not tail:
        print(f"{name}: no chunks yet; nothing to restore")
        return
    total = len(files) * CHUNK + len(tail)
    if total <= have:
        print(f"{name}: the file already holds {have} games, the chunks and the tail {total}")
        return
    settings, lines = None, []
    for f in files:
        s, block = read_chunk(f)
        if settings is not None and s != settings:
            sys.exit(f"{f}: made with other settings than the chunks before it")
        settings = s
        lines += [f"{v}\n{g}\n" for v, g in block]
    if settings is None:
        settings = tail_settings
    elif tail_settings is not None and tail_settings != settings:
        sys.exit(f"{tail_path(name)}: made with other settings than the chunks")
    lines += [f"{v}\n{g}\n" for v, g in tail]
    os.makedirs(DATA, exist_ok=True)
    with open(path + ".tmp", "w", encoding="ascii") as out:
        out.write(settings + "\n" + "".join(lines))
    os.replace(path + ".tmp", path)
    print(f"{name}: restored {total} games from {len(files)} chunk(s) and the tail")


def main():
    name = sys.argv[2] if len(sys.argv) == 3 else ""
    name = f"mohex-{name}" if name.isdigit() else name
    if len(sys.argv) != 3 or sys.argv[1] not in ("save", "restore", "count") or not NAME.fullmatch(name):
        sys.exit(__doc__.split("\n\n")[2])
    if sys.argv[1] == "save":
        save(name)
    elif sys.argv[1] == "restore":
        restore(name)
    else:
        print(len(chunk_files(paths(name)[1])) * CHUNK)


if __name__ == "__main__":
    main()
