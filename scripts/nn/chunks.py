#!/usr/bin/env python3
"""Keeps the self-play files of scripts/nn/selfplay.py in git as fixed, compressed chunks.

A generator's file (training/nn/mohex-SIZE.txt) grows for days, across many working sessions, and a
background process dies with the session that started it. Committing the growing file itself would add a
new multi-megabyte blob to the repository at every snapshot; committing it in fixed chunks of CHUNK games,
each written once and never changed, makes the repository grow by the data's own compressed size only.

    scripts/nn/chunks.py save SIZE       write every complete chunk of mohex-SIZE.txt not yet written
    scripts/nn/chunks.py restore SIZE    rebuild mohex-SIZE.txt from the chunks, if the chunks hold more
                                         games than the file (a fresh clone has no file at all)
    scripts/nn/chunks.py count SIZE      games in the chunks

Chunks are training/nn/mohex-SIZE/NNNN.txt.gz: chunk k holds games k*CHUNK .. (k+1)*CHUNK-1, each as its
`#v` line and its game line, and the file's `#settings` line first, so that a chunk is readable alone and a
restore can check that every chunk was made with the same settings. gzip's header carries no time stamp
(mtime 0), so the same games always give the same bytes.
"""

import gzip
import os
import sys

CHUNK = 100
HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.environ.get("NN_DATA", os.path.join(HERE, "..", "..", "training", "nn"))


def paths(size):
    return os.path.join(DATA, f"mohex-{size}.txt"), os.path.join(DATA, f"mohex-{size}")


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


def save(size):
    path, folder = paths(size)
    settings, games = read_games(path)
    os.makedirs(folder, exist_ok=True)
    done = len(chunk_files(folder))
    written = 0
    for k in range(done, len(games) // CHUNK):
        block = games[k * CHUNK:(k + 1) * CHUNK]
        text = settings + "\n" + "".join(f"{v}\n{g}\n" for v, g in block)
        target = os.path.join(folder, f"{k:04}.txt.gz")
        with open(target + ".tmp", "wb") as raw:
            with gzip.GzipFile(fileobj=raw, mode="wb", compresslevel=9, mtime=0, filename="") as z:
                z.write(text.encode("ascii"))
        os.replace(target + ".tmp", target)
        written += 1
    print(f"{size}x{size}: {written} new chunk(s), {len(chunk_files(folder)) * CHUNK} games in chunks, "
          f"{len(games)} in the file")


def restore(size):
    path, folder = paths(size)
    files = chunk_files(folder)
    have = len(read_games(path)[1]) if os.path.exists(path) else 0
    if not files:
        print(f"{size}x{size}: no chunks yet; nothing to restore")
        return
    if len(files) * CHUNK <= have:
        print(f"{size}x{size}: the file already holds {have} games, the chunks {len(files) * CHUNK}")
        return
    settings, lines = None, []
    for f in files:
        s, block = read_chunk(f)
        if settings is not None and s != settings:
            sys.exit(f"{f}: made with other settings than the chunks before it")
        settings = s
        lines += [f"{v}\n{g}\n" for v, g in block]
    os.makedirs(DATA, exist_ok=True)
    with open(path + ".tmp", "w", encoding="ascii") as out:
        out.write(settings + "\n" + "".join(lines))
    os.replace(path + ".tmp", path)
    print(f"{size}x{size}: restored {len(files) * CHUNK} games from {len(files)} chunk(s)")


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in ("save", "restore", "count") or not sys.argv[2].isdigit():
        sys.exit(__doc__.split("\n\n")[2])
    size = int(sys.argv[2])
    if sys.argv[1] == "save":
        save(size)
    elif sys.argv[1] == "restore":
        restore(size)
    else:
        print(len(chunk_files(paths(size)[1])) * CHUNK)


if __name__ == "__main__":
    main()
