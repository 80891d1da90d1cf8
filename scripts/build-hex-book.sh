#!/usr/bin/env bash
# Rebuilds assets/hex-book.txt, the opening book for Hex without the swap rule (ai::hex::book).
#
# For each board size given (default: 11), the mcts player searches the empty board for EMPTY_SECONDS and
# every first stone (one of each pair that a 180° rotation maps onto each other; the book looks positions up
# in both orientations) for BOOK_SECONDS, one thread, and the move it chooses becomes the entry.
#
#   scripts/build-hex-book.sh [SIZE...]        e.g. scripts/build-hex-book.sh 9 11 13
#   HEXTOE=path/to/hextoe BOOK_SECONDS=5 EMPTY_SECONDS=30 scripts/build-hex-book.sh
#
# Needs a release build (cargo build --release) and jq. Sizes not named keep their entries.
set -euo pipefail
cd "$(dirname "$0")/.."
HEXTOE=${HEXTOE:-target/release/hextoe}
BOOK_SECONDS=${BOOK_SECONDS:-5}
EMPTY_SECONDS=${EMPTY_SECONDS:-30}
BOOK=assets/hex-book.txt
sizes=("$@")
[ ${#sizes[@]} -eq 0 ] && sizes=(11)
# shellcheck source=scripts/hex-table.sh
. scripts/hex-table.sh
hex_table_setup

# One entry: SIZE BLACK WHITE MOVE WIN_RATE SIMULATIONS for the position POSITION (a move list).
entry() {
    local size=$1 position=$2 black=$3 seconds=$4 json
    json=$("$HEXTOE" analyze --game hex --size "$size" ${position:+--position "$position"} --player mcts \
        --move-time "$seconds" --threads 1 --seed 1 --json)
    jq -r --arg size "$size" --arg black "$black" \
        '"\($size) \($black) - \(.chosen) \(.moves[0].win_rate) \(.simulations)"' <<<"$json"
}

{
    echo "# hextoe's opening book for Hex without the swap rule; rebuilt by scripts/build-hex-book.sh."
    echo "# SIZE BLACK WHITE MOVE WIN_RATE SIMULATIONS (cells comma-separated, - for none)"
    for size in "${sizes[@]}"; do
        echo "# ${size}x${size}: the empty board ${EMPTY_SECONDS} s, each first stone ${BOOK_SECONDS} s, one thread"
        entry "$size" "" - "$EMPTY_SECONDS"
        for cell in $(first_stones "$size"); do
            entry "$size" "$cell" "$cell" "$BOOK_SECONDS"
        done
    done
} >"$tmp"
hex_table_install "$BOOK" "${sizes[@]}"
