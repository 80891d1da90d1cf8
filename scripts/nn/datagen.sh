#!/usr/bin/env bash
# Runs the self-play generators of the Hex network's training data in the background, at the lowest
# CPU priority, so that they only use CPU time nothing else wants.
#
#   scripts/nn/datagen.sh start [ENGINE]    start the generators that are not running (each continues its
#                                           file)
#   scripts/nn/datagen.sh stop [ENGINE]     stop them (SIGTERM: the game in progress is dropped, the files
#                                           stay whole)
#   scripts/nn/datagen.sh status [ENGINE]   games and positions done per file, and whether each one runs
#   scripts/nn/datagen.sh save [ENGINE]     write the finished games into committed chunks and the tail after
#                                           them (scripts/nn/chunks.py), so that they survive this checkout;
#                                           commit training/nn/*-SIZE/ and training/nn/*-tail.txt.gz after
#
# ENGINE is mohex, hextoe or all (the default). Four generators (scripts/nn/selfplay.py, one thread each),
# each into training/nn/ENGINE-SIZE.txt, logging to training/nn/ENGINE-SIZE.log (with ENGINE-SIZE.pid while
# running; all git-ignored): MoHex 2.0 at 11x11 toward 6000 games and at 13x13 toward 3000, and hextoe's
# impossible level at 11x11 and 13x13 toward 3000 each. hextoe's generators play with a copy of this
# checkout's release build made when they start (training/nn/hextoe-SIZE.bin, git-ignored), so that a
# rebuild meanwhile does not change the player in the middle of a game; `cargo build --release` first. A
# background process dies with the session that started it, so run `start` again in each new session: it
# first rebuilds each file from its committed chunks (a fresh clone has none of the .txt files), and every
# generator resumes where its file ends. Stop them before anything timed (matches, benchmarks): `start`
# afterwards resumes them.
#
# They run under `nice -n 19`, and also SCHED_IDLE (chrt --idle) and idle I/O (ionice -c 3) where those
# work, each in a session of its own whose autogroup is at nice 19 (without that, a kernel that groups the
# scheduling by session gives them half the CPU against a job started in another session): a compile or a
# match then gets the CPU nearly as if they were not there.
#
# Settings from the environment: MOHEX (default /opt/mohex/run_mohex.sh), PLAYOUTS (MoHex's, 3000),
# SIMULATIONS (hextoe's, 8000), SEED (1), NN_DATA (the folder, default training/nn of this checkout).
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
DATA=${NN_DATA:-$(cd "$HERE/../.." && pwd)/training/nn}
MOHEX=${MOHEX:-/opt/mohex/run_mohex.sh}
PLAYOUTS=${PLAYOUTS:-3000}
SIMULATIONS=${SIMULATIONS:-8000}
SEED=${SEED:-1}
BUILD=$(cd "$HERE/../.." && pwd)/target/release/hextoe
ALL_JOBS=("mohex 11 6000" "mohex 13 3000" "hextoe 11 3000" "hextoe 13 3000")   # engine, side, target games
ENGINE=${2:-all}
case "$ENGINE" in
    all) JOBS=("${ALL_JOBS[@]}") ;;
    mohex | hextoe) JOBS=(); for job in "${ALL_JOBS[@]}"; do [[ $job == "$ENGINE "* ]] && JOBS+=("$job"); done ;;
    *) echo "datagen: unknown engine '$ENGINE': expected mohex, hextoe or all" >&2; exit 2 ;;
esac

# The pid of the generator named $1 (ENGINE-SIZE) if it runs, else nothing. The pid file is written by selfplay.py
# itself (so it is the Python process, not a shell or wrapper); the command line is checked as well, so a
# stale file whose pid was reused by another process is not taken for a generator.
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
    local prefix job engine size target name pid argv
    mapfile -t prefix < <(idle_prefix)
    mkdir -p "$DATA"
    for job in "${JOBS[@]}"; do
        read -r engine size target <<< "$job"
        name=$engine-$size
        pid=$(running "$name")
        if [ -n "$pid" ]; then echo "$name: already running (pid $pid)"; continue; fi
        case "$engine" in
            mohex)
                if [ ! -x "$MOHEX" ]; then
                    echo "$name: no MoHex at $MOHEX (build it, or set MOHEX)" >&2; continue
                fi
                argv=(--playouts "$PLAYOUTS" --mohex "$MOHEX") ;;
            hextoe)
                if [ ! -x "$BUILD" ]; then
                    echo "$name: no release build at $BUILD (cargo build --release)" >&2; continue
                fi
                cp "$BUILD" "$DATA/$name.bin.tmp" && mv "$DATA/$name.bin.tmp" "$DATA/$name.bin"
                argv=(--engine hextoe --playouts "$SIMULATIONS" --hextoe "$DATA/$name.bin") ;;
        esac
        NN_DATA=$DATA python3 "$HERE/chunks.py" restore "$name"
        rm -f "$DATA/$name.pid"
        # A session of its own whose autogroup is at nice 19: where the kernel groups the scheduling by
        # session (autogroup), a process's own nice and SCHED_IDLE only rank it within its session, and a
        # match or a build started in another session would share the CPU half and half with it.
        nohup setsid sh -c 'echo 19 > /proc/self/autogroup 2>/dev/null; exec "$@"' sh \
            nice -n 19 "${prefix[@]}" python3 "$HERE/selfplay.py" --size "$size" --games "$target" \
            --seed "$SEED" --out "$DATA/$name.txt" "${argv[@]}" \
            --pidfile "$DATA/$name.pid" >> "$DATA/$name.log" 2>&1 < /dev/null &
    done
    # Until each selfplay.py has checked its file and written its pid file, or failed (at most 15 s).
    sleep 1
    for _ in $(seq 14); do
        local all=1
        for job in "${JOBS[@]}"; do
            read -r engine size _ <<< "$job"
            [ -n "$(running "$engine-$size")" ] || all=0
        done
        [ "$all" = 1 ] && break
        sleep 1
    done
    status
}

stop() {
    local job engine size name pid n child pids=()
    # SIGTERM to all first, then wait: each takes a second or two (MoHex frees its 1 GB tree on exit).
    for job in "${JOBS[@]}"; do
        read -r engine size _ <<< "$job"
        name=$engine-$size
        pid=$(running "$name")
        if [ -z "$pid" ]; then echo "$name: not running"; continue; fi
        kill -TERM "$pid"
        pids+=("$name:$pid")
    done
    for job in "${pids[@]}"; do
        name=${job%%:*} pid=${job#*:}
        # selfplay.py kills its engine and leaves at once; 30 s is ample even on a loaded machine.
        for n in $(seq 150); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
        if kill -0 "$pid" 2>/dev/null; then
            echo "$name: pid $pid ignored SIGTERM; killing it and its engine"
            for child in $(ps -o pid= --ppid "$pid"); do kill -KILL "$child" 2>/dev/null || true; done
            kill -KILL "$pid" 2>/dev/null || true
        fi
        rm -f "$DATA/$name.pid"
        echo "$name: stopped (pid $pid)"
    done
}

status() {
    local job engine size target name pid file log
    for job in "${JOBS[@]}"; do
        read -r engine size target <<< "$job"
        name=$engine-$size
        file=$DATA/$name.txt
        log=$DATA/$name.log
        pid=$(running "$name")
        # Games are the lines that are neither comments nor blank; a position is a move of one.
        if [ -f "$file" ]; then
            awk -v name="$name" -v target="$target" '
                !/^#/ && NF { games++; moves += NF - 1 }
                END { printf "%s: %d/%d games, %d positions", name, games, target, moves }' "$file"
        else
            printf '%s: 0/%d games, 0 positions' "$name" "$target"
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
    save) for job in "${JOBS[@]}"; do
              read -r engine size _ <<< "$job"
              if [ -f "$DATA/$engine-$size.txt" ]; then NN_DATA=$DATA python3 "$HERE/chunks.py" save "$engine-$size"; fi
          done ;;
    *) sed -n '2,29p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2 ;;
esac
