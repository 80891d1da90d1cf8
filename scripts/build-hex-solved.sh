#!/usr/bin/env bash
# Rebuilds crates/hextoe-core/data/hex-solved.txt, the table of solved openings (ai::hex::solved): for each board size given
# (default: 7), the empty board and every first stone (one of each pair that a 180° rotation maps onto each
# other; the table looks positions up in both orientations), solved by `hextoe solve` with every winning
# move of the side to move; on 7×7 also every reply to each winning first stone, where a strong reply
# (d3 d4) takes the solver longer than a move's share of the time, and every Black move after each losing
# first stone and each of White's winning replies (a1 f2 d4 takes 14,000 positions). These deeper
# positions are entered with the one winning move the proof found (`win-by`), unless REPLY_LIMIT is set to
# a number of seconds: then with every winning move, where finding them all takes no longer (many replies
# leave dozens of winning moves, each its own solve, so this takes hours).
#
#   scripts/build-hex-solved.sh [SIZE...]        e.g. scripts/build-hex-solved.sh 6 7
#   HEXTOE=path/to/hextoe scripts/build-hex-solved.sh
#
# From 8×8 up it enters the first stones that scripts/solve-openings.py has proved (one winning reply each
# for White, or a loss), the positions one move beyond them that its --deeper run has proved (one winning
# move each, as on 7×7), and the empty board won by the winning stones whose every reply is proved (by
# every winning stone while none is), and two moves beyond them, after each losing stone and after the
# winning stones d4 and e4, the positions its --answers run has proved lost, each with the winning answer
# to every move (`SIZE BLACK WHITE loss MOVE:ANSWER,...`): that script keeps its records in
# docs/solver-openings-SIZE.jsonl and resumes, since 8×8's first stones take hours, and the positions
# beyond them about as long; set OPENINGS_CAP=0, DEEPER_CAP=0 and ANSWERS_CAP=0 to only read its records.
#
# Needs a release build (cargo build --release), jq and timeout. At 7×7 it takes about six minutes on two
# cores for the first stones, a few minutes for the replies and about twenty for the Black moves after them.
# Sizes not named keep their entries.
set -euo pipefail
cd "$(dirname "$0")/.."
HEXTOE=${HEXTOE:-target/release/hextoe}
TABLE=crates/hextoe-core/data/hex-solved.txt
sizes=("$@")
[ ${#sizes[@]} -eq 0 ] && sizes=(7)
# shellcheck source=scripts/hex-table.sh
. scripts/hex-table.sh
hex_table_setup

REPLY_LIMIT=${REPLY_LIMIT:-0}

# One entry: SIZE BLACK WHITE RESULT MOVES for the position POSITION (a move list), solved completely; or,
# given LIMIT seconds, completely if that takes no longer, else with one winning move (`win-by`), which a
# LIMIT of 0 gives at once.
entry() {
    local size=$1 position=$2 black=$3 white=${4:--} limit=${5:-} json result=win
    if [ -n "$limit" ]; then
        if [ "$limit" = 0 ] || ! json=$(timeout "$limit" "$HEXTOE" solve --size "$size" --position "$position" --json); then
            result=win-by
            json=$("$HEXTOE" solve --size "$size" --position "$position" --one --json)
        fi
    else
        json=$("$HEXTOE" solve --size "$size" ${position:+--position "$position"} --json)
    fi
    jq -r --arg size "$size" --arg black "$black" --arg white "$white" --arg result "$result" '
        if .winner == .to_move
        then "\($size) \($black) \($white) \($result) \(.winning_moves | join(","))"
        else "\($size) \($black) \($white) loss -" end' <<<"$json"
}

{
    echo "# hextoe's solved openings; rebuilt by scripts/build-hex-solved.sh."
    echo "# SIZE BLACK WHITE RESULT MOVES: RESULT for the side to move, win, win-by or loss; MOVES every winning"
    echo "# move for win, those proven for win-by (cells comma-separated), - for none; for a loss, - or each"
    echo "# move's winning answer (MOVE:ANSWER pairs). Positions are looked up in both orientations."
    for size in "${sizes[@]}"; do
        if [ "$size" -ge 8 ]; then
            # From 8×8 up every winning move is out of reach: the first stones come from
            # scripts/solve-openings.py's records, proved one at a time across runs (OPENINGS_CAP seconds
            # each; 0 only reads the records), and the empty board is won by those proved winning.
            echo "# ${size}x${size}: the first stones and the positions one move beyond them proved so far; the empty board won by the stones whose every reply is proved; two moves beyond, the losses with each move's answer"
            if [ "${OPENINGS_CAP:-600}" != 0 ]; then
                python3 scripts/solve-openings.py --size "$size" --cap "${OPENINGS_CAP:-600}" --hextoe "$HEXTOE" >&2
            fi
            if [ "${DEEPER_CAP:-300}" != 0 ]; then
                python3 scripts/solve-openings.py --size "$size" --deeper --cap "${DEEPER_CAP:-300}" --hextoe "$HEXTOE" >&2
            fi
            if [ "${ANSWERS_CAP:-60}" != 0 ]; then
                python3 scripts/solve-openings.py --size "$size" --answers --cap "${ANSWERS_CAP:-60}" --hextoe "$HEXTOE" >&2
            fi
            python3 scripts/solve-openings.py --size "$size" --table
            continue
        fi
        echo "# ${size}x${size}: the empty board and every first stone"
        empty=$(entry "$size" "" -)
        echo "$empty"
        for cell in $(first_stones "$size"); do
            entry "$size" "$cell" "$cell"
        done
        [ "$size" -eq 7 ] || continue
        echo "# ${size}x${size}: every reply to each winning first stone"
        winners=",$(cut -d' ' -f5 <<<"$empty"),"
        for cell in $(first_stones "$size"); do
            [[ $winners == *",$cell,"* ]] || continue
            for reply in $(all_cells "$size"); do
                [ "$reply" = "$cell" ] || entry "$size" "$cell $reply" "$cell" "$reply" "$REPLY_LIMIT"
            done
        done
        echo "# ${size}x${size}: every Black move after each losing first stone and each of White's winning replies"
        for cell in $(first_stones "$size"); do
            [[ $winners == *",$cell,"* ]] && continue
            replies=$(grep -E "^$size $cell - win " "$tmp" | cut -d' ' -f5)
            for reply in ${replies//,/ }; do
                for move in $(all_cells "$size"); do
                    [ "$move" = "$cell" ] || [ "$move" = "$reply" ] && continue
                    entry "$size" "$cell $reply $move" "$cell,$move" "$reply" "$REPLY_LIMIT"
                done
            done
        done
    done
} >"$tmp"
hex_table_install "$TABLE" "${sizes[@]}"
