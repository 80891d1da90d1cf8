#!/usr/bin/env bash
# Rebuilds crates/hextoe-core/data/hex-solved.txt, the table of solved openings (ai::hex::solved): for each board size given
# (default: 7), the empty board and every first stone (one of each pair that a 180° rotation maps onto each
# other; the table looks positions up in both orientations), solved by `hextoe solve` with every winning
# move of the side to move.
#
#   scripts/build-hex-solved.sh [SIZE...]        e.g. scripts/build-hex-solved.sh 6 7
#   HEXTOE=path/to/hextoe scripts/build-hex-solved.sh
#
# Needs a release build (cargo build --release) and jq. At 7×7 it takes about six minutes on two cores.
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

# One entry: SIZE BLACK WHITE RESULT MOVES for the position POSITION (a move list), solved completely.
entry() {
    local size=$1 position=$2 black=$3 json
    json=$("$HEXTOE" solve --size "$size" ${position:+--position "$position"} --json)
    jq -r --arg size "$size" --arg black "$black" '
        if .winner == .to_move
        then "\($size) \($black) - win \(.winning_moves | join(","))"
        else "\($size) \($black) - loss -" end' <<<"$json"
}

{
    echo "# hextoe's solved openings; rebuilt by scripts/build-hex-solved.sh."
    echo "# SIZE BLACK WHITE RESULT MOVES: RESULT for the side to move, win or loss; MOVES every winning move"
    echo "# (cells comma-separated), - for none. Positions are looked up in both orientations."
    for size in "${sizes[@]}"; do
        echo "# ${size}x${size}: the empty board and every first stone"
        entry "$size" "" -
        for cell in $(first_stones "$size"); do
            entry "$size" "$cell" "$cell"
        done
    done
} >"$tmp"
hex_table_install "$TABLE" "${sizes[@]}"
