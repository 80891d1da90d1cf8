"""What the MoHex scripts share: cell names, the winner of a board, and an HTP engine on a pipe.

Imported by the mohex-*.py scripts, openings_records.py, and nn/selfplay.py with its nn/mohex_process.py
(all run from anywhere: the scripts put this folder on the path).
"""

import subprocess

LETTERS = "abcdefghijklmnopqrs"


def name(r, c):
    """hextoe's name of row r, column c (both from 0): the column letter, then the row number."""
    return f"{LETTERS[c]}{r + 1}"


def parse(cell, n, who="MoHex"):
    """(row, column) of an engine's answer `cell` on an n×n board; RuntimeError naming `who` if it is none."""
    cell = cell.strip().lower()
    if len(cell) < 2 or cell[0] not in LETTERS[:n] or not cell[1:].isdigit() or not 1 <= int(cell[1:]) <= n:
        raise RuntimeError(f"{who} answered {cell[:40]!r}, not a cell of the {n}x{n} board")
    return int(cell[1:]) - 1, LETTERS.index(cell[0])


def winner(stones, n):
    """'b' if black joins rows 1 and n, 'w' if white joins columns a and the last, else None."""
    for colour, starts, done in (
        ("b", [(0, c) for c in range(n)], lambda r, c: r == n - 1),
        ("w", [(r, 0) for r in range(n)], lambda r, c: c == n - 1),
    ):
        seen = set()
        todo = [s for s in starts if stones.get(s) == colour]
        while todo:
            r, c = todo.pop()
            if (r, c) in seen:
                continue
            seen.add((r, c))
            if done(r, c):
                return colour
            for dr, dc in ((-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0)):
                nb = (r + dr, c + dc)
                if stones.get(nb) == colour and nb not in seen:
                    todo.append(nb)
    return None


def read_answer(process, who, command, error=RuntimeError):
    """The lines of `process`'s answer to `command`, up to the blank line that ends it, joined by spaces;
    `error` naming `who` if the engine quits first (with its exit status) or floods its answer."""
    lines = []
    while True:
        line = process.stdout.readline()
        if not line:
            raise error(f"{who} quit (exit {process.poll()}) while answering {command!r}")
        if line.strip():
            lines.append(line.strip())
        elif lines:
            return " ".join(lines)
        if len(lines) > 1000:
            raise error(f"{who} flooded its answer to {command!r}")


class Engine:
    """An HTP engine on a pipe; its stderr is discarded (MoHex's wrapper logs it with --log)."""

    def __init__(self, argv, who="MoHex"):
        self.name = who
        self.p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True)

    def ask(self, command):
        """The answer to `command` without its '='; RuntimeError if refused, flooded or the engine quit."""
        self.p.stdin.write(command + "\n")
        self.p.stdin.flush()
        answer = read_answer(self.p, self.name, command)
        if not answer.startswith("="):
            raise RuntimeError(f"{self.name} refused {command!r}: {answer[:200]}")
        return answer[1:].strip()

    def close(self):
        """Asks the engine to quit, then makes sure it has."""
        try:
            self.ask("quit")
        except (RuntimeError, BrokenPipeError, OSError):
            pass
        self.p.kill()
        self.p.wait()
