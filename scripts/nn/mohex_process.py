"""One MoHex 2.0 process speaking HTP on a pipe, with a CPU-time watchdog: the data generator's
(selfplay.py) engine, kept apart from the games it plays."""

import os
import subprocess
import threading

from htp import read_answer  # scripts/htp.py, on the path that selfplay.py, its one importer, sets

CPU_LIMIT = 600  # CPU seconds one MoHex command may take (a move takes ~2): more means it hangs


class EngineError(Exception):
    """MoHex died, hung or answered something that is not a legal answer: the game is redone."""


def cpu_seconds(pid):
    """CPU time (user + system) of process pid so far, or None where /proc cannot tell."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()  # the name in parentheses may hold spaces
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return None


class MoHex:
    """One MoHex process speaking HTP on a pipe, with a watchdog.

    scripts/htp.py's Engine raises on every '?' answer and waits forever; here a refusal is an answer
    (`reply`), and a command that burns more than CPU_LIMIT CPU seconds gets the engine killed. The limit
    is CPU time, not wall time, because at nice 19 a search may wait for the CPU for a long while.
    """

    def __init__(self, argv):
        self.p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True)
        self.busy_since = None  # CPU seconds of the engine when the current command was sent
        self.done = threading.Event()
        threading.Thread(target=self._watch, daemon=True).start()

    def _watch(self):
        while not self.done.wait(5):
            start = self.busy_since
            now = cpu_seconds(self.p.pid)
            if start is not None and now is not None and now - start > CPU_LIMIT:
                self.p.kill()  # the blocked readline then sees end of file: an EngineError
                return

    def reply(self, command):
        """(True, text) for '= text', (False, text) for '? text'; EngineError if MoHex quit or hung."""
        try:
            self.busy_since = cpu_seconds(self.p.pid)
            self.p.stdin.write(command + "\n")
            self.p.stdin.flush()
            answer = read_answer(self.p, "MoHex", command, EngineError)
        except (BrokenPipeError, OSError) as e:
            raise EngineError(f"MoHex's pipe broke on {command!r}: {e}") from e
        finally:
            self.busy_since = None
        if answer[:1] not in ("=", "?"):
            raise EngineError(f"MoHex answered {command!r} with {answer[:200]!r}")
        return answer[0] == "=", answer[1:].strip()

    def ask(self, command):
        """The text of a '=' answer; EngineError for a refusal."""
        ok, text = self.reply(command)
        if not ok:
            raise EngineError(f"MoHex refused {command!r}: {text[:200]}")
        return text

    def close(self):
        """Kills MoHex at once: a 'quit' would wait for a search in progress, and nothing is left to save."""
        self.done.set()
        try:
            self.p.kill()
        except OSError:
            pass
        self.p.wait()
