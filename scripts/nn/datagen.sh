#!/usr/bin/env bash
# Runs the self-play generators of the Hex network's training data in the background, at the lowest
# CPU priority, so that they only use CPU time nothing else wants.
#
#   scripts/nn/datagen.sh start     start the generators that are not running (each continues its file)
#   scripts/nn/datagen.sh stop      stop them (SIGTERM: the game in progress is dropped, the files stay whole)
#   scripts/nn/datagen.sh status    games and positions done per file, and whether each generator runs
#   scripts/nn/datagen.sh save      write the finished games into committed chunks and the tail after them
#                                   (scripts/nn/chunks.py), so that they survive this checkout; commit
#                                   training/nn/*-*/ and training/nn/*-tail.txt.gz after
#
# Three generators (scripts/nn/selfplay.py, one thread each), each into training/nn/STEM.txt, logging to
# training/nn/STEM.log (with training/nn/STEM.pid while running; all git-ignored):
#   mohex-11   MoHex 2.0 playing itself at 11x11, 3000 playouts a move, toward 6000 games (move and value
#              targets)
#   mohex-13   the same at 13x13, toward 3000 games
#   hextoe-11  hextoe's impossible level playing itself at 11x11, 2000 playouts a move, toward 20000 games
#              (value targets only: a result costs a few CPU seconds here, a minute there); it runs a copy
#              of this checkout's release build (training/nn/hextoe-11.bin, taken at each start), so that a
#              rebuild does not change the player in the middle of a run, and is skipped without one
# A background process dies with the session that started it, so run `start` again in each new session: it
# first rebuilds each file from its committed chunks (a fresh clone has none of the .txt files), and every
# generator resumes where its file ends.
# Stop them before anything timed (matches, benchmarks): `start` afterwards resumes them.
#
# They run under `nice -n 19`, and also SCHED_IDLE (chrt --idle) and idle I/O (ionice -c 3) where those
# work, each in a session of its own whose autogroup is at nice 19 (without that, a kernel that groups the
# scheduling by session gives them half the CPU against a job started in another session): a compile or a
# match then gets the CPU nearly as if they were not there.
#
# Settings from the environment: MOHEX (default /opt/mohex/run_mohex.sh), HEXTOE (default this checkout's
# target/release/hextoe), SEED (1), NN_DATA (the folder, default training/nn of this checkout).
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
DATA=${NN_DATA:-$(cd "$HERE/../.." && pwd)/training/nn}
MOHEX=${MOHEX:-/opt/mohex/run_mohex.sh}
HEXTOE=${HEXTOE:-$(cd "$HERE/../.." && pwd)/target/release/hextoe}
SEED=${SEED:-1}
JOBS=("mohex 11 6000 3000" "mohex 13 3000 3000" "hextoe 11 20000 2000")   # engine, side, games, playouts

# The pid of the generator of file stem $1 (mohex-11, ...) if it runs, else nothing. The pid file is
# written by selfplay.py itself (so it is the Python process, not a shell or wrapper); the command line is
# checked as well, so a stale file whose pid was reused by another process is not taken for a generator.
running() {
    local pidfile=$DATA/$1.pid pid
    [ -s "$pidfile" ] || return 0
    pid=$(cat "$pidfile")
    [[ "$pid" =~ ^[0-9]+$ ]] || return 0
    if kill -0 "$pid" 2>/dev/null && tr '\0' ' ' < "/proc/$pid/cmdline" 2>/dev/null \
        | grep -q "selfplay.py .*--out $DATA/$1.txt"; then
        echo "$pid"
    fi
}

# The wrappers that lower the priority below nice 19, those that work on this machine.
idle_prefix() {
    if chrt --idle 0 true 2>/dev/null; then printf '%s\n' chrt --idle 0; fi
    if ionice -c 3 true 2>/dev/null; then printf '%s\n' ionice -c 3; fi
}

start() {
    mkdir -p "$DATA"
    local prefix job engine size target playouts stem pid program
    mapfile -t prefix < <(idle_prefix)
    for job in "${JOBS[@]}"; do
        read -r engine size target playouts <<< "$job"
        stem=$engine-$size
        pid=$(running "$stem")
        if [ -n "$pid" ]; then echo "$stem: already running (pid $pid)"; continue; fi
        if [ "$engine" = mohex ]; then
            [ -x "$MOHEX" ] || { echo "$stem: no MoHex at $MOHEX (build it, or set MOHEX); not started" >&2; continue; }
            program=(--mohex "$MOHEX")
        else
            [ -x "$HEXTOE" ] || { echo "$stem: no hextoe at $HEXTOE (cargo build --release, or set HEXTOE); not started" >&2; continue; }
            cp "$HEXTOE" "$DATA/$stem.bin"
            program=(--hextoe "$DATA/$stem.bin")
        fi
        NN_DATA=$DATA python3 "$HERE/chunks.py" restore "$stem"
        rm -f "$DATA/$stem.pid"
        # A session of its own whose autogroup is at nice 19: where the kernel groups the scheduling by
        # session (autogroup), a process's own nice and SCHED_IDLE only rank it within its session, and a
        # match or a build started in another session would share the CPU half and half with it.
        nohup setsid sh -c 'echo 19 > /proc/self/autogroup 2>/dev/null; exec "$@"' sh \
            nice -n 19 "${prefix[@]}" python3 "$HERE/selfplay.py" --engine "$engine" --size "$size" \
            --games "$target" --playouts "$playouts" --seed "$SEED" --out "$DATA/$stem.txt" "${program[@]}" \
            --pidfile "$DATA/$stem.pid" >> "$DATA/$stem.log" 2>&1 < /dev/null &
    done
    # Until each selfplay.py has checked its file and written its pid file, or failed (at most 15 s).
    sleep 1
    for _ in $(seq 14); do
        local all=1
        for stem in $(stems); do
            [ -n "$(running "$stem")" ] || all=0
        done
        [ "$all" = 1 ] && break
        sleep 1
    done
    status
}

# The file stem of each job, one a line.
stems() {
    local job engine size
    for job in "${JOBS[@]}"; do
        read -r engine size _ <<< "$job"
        echo "$engine-$size"
    done
}

stop() {
    local stem pid n child job pids=()
    # SIGTERM to all first, then wait: each takes a second or two (MoHex frees its 1 GB tree on exit).
    for stem in $(stems); do
        pid=$(running "$stem")
        if [ -z "$pid" ]; then echo "$stem: not running"; continue; fi
        kill -TERM "$pid"
        pids+=("$stem:$pid")
    done
    for job in "${pids[@]}"; do
        stem=${job%%:*} pid=${job#*:}
        # selfplay.py kills its engine and leaves at once; 30 s is ample even on a loaded machine.
        for n in $(seq 150); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
        if kill -0 "$pid" 2>/dev/null; then
            echo "$stem: pid $pid ignored SIGTERM; killing it and its engine"
            for child in $(ps -o pid= --ppid "$pid"); do kill -KILL "$child" 2>/dev/null || true; done
            kill -KILL "$pid" 2>/dev/null || true
        fi
        rm -f "$DATA/$stem.pid"
        echo "$stem: stopped (pid $pid)"
    done
}

status() {
    local job engine size target stem pid file log
    for job in "${JOBS[@]}"; do
        read -r engine size target _ <<< "$job"
        stem=$engine-$size
        file=$DATA/$stem.txt
        log=$DATA/$stem.log
        pid=$(running "$stem")
        # Games are the lines that are neither comments nor blank; a position is a move of one.
        if [ -f "$file" ]; then
            awk -v stem="$stem" -v target="$target" '
                !/^#/ && NF { games++; moves += NF - 1 }
                END { printf "%s: %d/%d games, %d positions", stem, games, target, moves }' "$file"
        else
            printf '%s: 0/%d games, 0 positions' "$stem" "$target"
        fi
        if [ -n "$pid" ]; then printf ', running (pid %s)' "$pid"; else printf ', not running'; fi
        # Speed from the log's last 20 games ("game N: M moves (...), ... wins, T s (C s CPU)").
        if [ -f "$log" ]; then
            grep -E '^[0-9-]+ [0-9:]+ game [0-9]+: ' "$log" | tail -n 20 | awk '
                {
                    n++
                    if (match($0, /: [0-9]+ moves/)) m += substr($0, RSTART + 2, RLENGTH - 8)
                    if (match($0, /wins, [0-9.]+ s/)) t += substr($0, RSTART + 6, RLENGTH - 8)
                    if (match($0, /\([0-9.]+ s CPU\)/)) { c += substr($0, RSTART + 1, RLENGTH - 8); nc++ }
                }
                END {
                    if (!n || !t) exit
                    printf ", %.0f s a game", t / n
                    if (nc) printf " (%.0f s CPU)", c / nc
                    printf ", %.0f positions an hour (last %d games)", 3600 * m / t, n
                }' || true
        fi
        echo
        if [ -f "$log" ]; then echo "    last log line: $(tail -n 1 "$log")"; fi
    done
}

case "${1:-}" in
    start) start ;;
    stop) stop ;;
    status) status ;;
    save) for stem in $(stems); do
              if [ -f "$DATA/$stem.txt" ]; then NN_DATA=$DATA python3 "$HERE/chunks.py" save "$stem"; fi
          done ;;
    *) sed -n '2,32p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2 ;;
esac
