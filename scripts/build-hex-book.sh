#!/usr/bin/env bash
# Rebuilds crates/hextoe-core/data/hex-book.txt, the opening book for Hex without the swap rule (ai::hex::book).
#
# For each board size given (default: 11), the mcts player searches, one thread each, and the move it
# chooses becomes the entry:
#   empty    the empty board, for EMPTY_SECONDS;
#   first    every first stone (one of each pair that a 180° rotation maps onto each other; the book looks
#            positions up in both orientations), for BOOK_SECONDS;
#   replies  the empty board's move followed by every reply to it, for REPLY_SECONDS: Black's second
#            move, whatever White answered to the book's first stone.
#
#   scripts/build-hex-book.sh [SIZE...]        e.g. scripts/build-hex-book.sh 9 11 13
#   HEXTOE=path/to/hextoe BOOK_SECONDS=5 EMPTY_SECONDS=30 REPLY_SECONDS=10 JOBS=2 scripts/build-hex-book.sh
#   PARTS=replies scripts/build-hex-book.sh 11     rebuilds one part; the size's other parts keep theirs
#
# JOBS searches run side by side (default 1). Needs a release build (cargo build --release) and jq. Sizes
# not named keep their entries, and so do the parts of a named size that PARTS leaves out.
set -euo pipefail
cd "$(dirname "$0")/.."
HEXTOE=${HEXTOE:-target/release/hextoe}
BOOK_SECONDS=${BOOK_SECONDS:-5}
EMPTY_SECONDS=${EMPTY_SECONDS:-30}
REPLY_SECONDS=${REPLY_SECONDS:-5}
JOBS=${JOBS:-1}
PARTS=${PARTS:-empty first replies}
BOOK=${BOOK:-crates/hextoe-core/data/hex-book.txt}
sizes=("$@")
[ ${#sizes[@]} -eq 0 ] && sizes=(11)
for part in $PARTS; do
    case $part in empty | first | replies) ;; *) echo "unknown part '$part' (expected empty, first or replies)" >&2; exit 1 ;; esac
done
# shellcheck source=scripts/hex-table.sh
. scripts/hex-table.sh
hex_table_setup
work=$(mktemp -d)
trap 'rm -rf "$tmp" "$work"' EXIT

# Answers chosen by games rather than by the search, one a line: SIZE BLACK WHITE MOVE. Their entries keep
# that move, with its own win rate and playouts in the same search. j2 is MoHex 2.0's first stone at 11x11:
# f8 was chosen by the games the one-second search's replies had won against it, and a balanced match then
# measured the book's f8 (docs/experiments/0091-balanced-book-replies.md).
TESTED="11 j2 - f8"

# One entry, SIZE BLACK WHITE MOVE WIN_RATE SIMULATIONS, for the position BLACK WHITE (one cell or - each).
entry() {
    local size=$1 black=$2 white=$3 seconds=$4 position="" json tested
    [ "$black" != - ] && position=$black
    [ "$white" != - ] && position="$position $white"
    json=$("$HEXTOE" analyze --game hex --size "$size" ${position:+--position "$position"} --player mcts \
        --move-time "$seconds" --threads 1 --seed 1 --json)
    tested=$(awk -v s="$size" -v b="$black" -v w="$white" '$1 == s && $2 == b && $3 == w { print $4 }' <<<"$TESTED")
    if [ -n "$tested" ]; then
        jq -r --arg size "$size" --arg black "$black" --arg white "$white" --arg mv "$tested" \
            '.moves[] | select(.move == $mv) | "\($size) \($black) \($white) \(.move) \(.win_rate) \(.visits)"' <<<"$json"
    else
        jq -r --arg size "$size" --arg black "$black" --arg white "$white" \
            '"\($size) \($black) \($white) \(.chosen) \(.moves[0].win_rate) \(.simulations)"' <<<"$json"
    fi
}
export -f entry
export HEXTOE TESTED

# Runs the entries whose arguments (SIZE BLACK WHITE SECONDS, one set a line) come on stdin, JOBS at a
# time, and prints them in the order given.
entries() {
    local n i
    rm -f "$work"/e.*
    awk '{print NR, $0}' >"$work/list"
    xargs -P "$JOBS" -L 1 bash -c 'entry "$2" "$3" "$4" "$5" >"'"$work"'/e.$1"' _ <"$work/list"
    n=$(wc -l <"$work/list")
    for ((i = 1; i <= n; i++)); do cat "$work/e.$i"; done
}

# The entries of the book for SIZE and PART, with the part's heading.
kept() {
    local size=$1 part=$2 cell='[a-s][0-9]+'
    [ -f "$BOOK" ] || return 0
    case $part in
        empty) grep -E "^(# ${size}x${size} empty:|${size} - - )" "$BOOK" || true ;;
        first) grep -E "^(# ${size}x${size} first:|${size} $cell - )" "$BOOK" || true ;;
        replies) grep -E "^(# ${size}x${size} replies:|${size} $cell $cell )" "$BOOK" || true ;;
    esac
}

{
    echo "# hextoe's opening book for Hex without the swap rule; rebuilt by scripts/build-hex-book.sh."
    echo "# SIZE BLACK WHITE MOVE WIN_RATE SIMULATIONS (cells comma-separated, - for none)"
    for size in "${sizes[@]}"; do
        for part in empty first replies; do
            if [[ " $PARTS " != *" $part "* ]]; then
                kept "$size" "$part"
                continue
            fi
            case $part in
                empty)
                    echo "# ${size}x${size} empty: the empty board, ${EMPTY_SECONDS} s, one thread"
                    echo "$size - - $EMPTY_SECONDS" | entries
                    ;;
                first)
                    echo "# ${size}x${size} first: each first stone, ${BOOK_SECONDS} s, one thread"
                    for cell in $(first_stones "$size"); do echo "$size $cell - $BOOK_SECONDS"; done | entries
                    ;;
                replies)
                    # The empty part, rebuilt or kept, is already in the new table.
                    opening=$(awk -v s="$size" '$1 == s && $2 == "-" && $3 == "-" { print $4; exit }' "$tmp")
                    [ -n "$opening" ] || { echo "no empty-board entry for ${size}x${size}: build it first" >&2; exit 1; }
                    echo "# ${size}x${size} replies: $opening and each reply, ${REPLY_SECONDS} s, one thread"
                    for cell in $(all_cells "$size"); do
                        [ "$cell" = "$opening" ] || echo "$size $opening $cell $REPLY_SECONDS"
                    done | entries
                    ;;
            esac
        done
    done
} >"$tmp"
rm -rf "$work"
hex_table_install "$BOOK" "${sizes[@]}"
