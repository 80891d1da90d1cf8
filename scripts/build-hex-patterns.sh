#!/usr/bin/env bash
# Rebuilds crates/hextoe-core/data/hex-patterns.txt, the learned shape strengths of the tree search's prior
# (ai::hex::patterns), from the games in training/hex-games-mohex.txt.
#
#   scripts/build-hex-patterns.sh [ITERATIONS] [MIN_SEEN]      defaults: 60 rounds of MM, 20
#
# The games are MoHex 2.0 playing itself at 3,000 playouts a move (which needs a MoHex build; hextoe's build
# and tests never do). The network's data generator makes more in the same format, one game a line, with
# comment lines of search statistics that this list does not keep. (The list itself was made by the
# older scripts/mohex-selfplay.py, which commit c1e5393 still holds.) To add games before refitting:
#
#   scripts/nn/selfplay.py --mohex PATH/run_mohex.sh --size 11 --games 100 --seed 21 --out more.txt
#   grep -v '^#' more.txt >> training/hex-games-mohex.txt
set -euo pipefail
cd "$(dirname "$0")/.."
GAMES=training/hex-games-mohex.txt
[ -s "$GAMES" ] || { echo "no games in $GAMES" >&2; exit 1; }
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
cargo run --quiet --release --example train_patterns -- "$GAMES" "${1:-60}" "${2:-20}" > "$tmp"
mv "$tmp" crates/hextoe-core/data/hex-patterns.txt
trap - EXIT
echo "crates/hextoe-core/data/hex-patterns.txt: $(grep -vc '^#' crates/hextoe-core/data/hex-patterns.txt) shapes from $(grep -vc '^#' "$GAMES") games"
