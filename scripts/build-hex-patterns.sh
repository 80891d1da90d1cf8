#!/usr/bin/env bash
# Rebuilds crates/hextoe-core/data/hex-patterns.txt, the learned shape strengths of the tree search's prior
# (ai::hex::patterns), from the games in training/hex-games-mohex.txt.
#
#   scripts/build-hex-patterns.sh [ITERATIONS] [MIN_SEEN]      defaults: 60 rounds of MM, 20
#
# The games are MoHex 2.0 playing itself, made by scripts/mohex-selfplay.py (which needs a MoHex build;
# hextoe's build and tests never do). To add games before refitting:
#
#   scripts/mohex-selfplay.py --mohex PATH/run_mohex.sh --games 100 --playouts 3000 --seed 21 \
#       --out training/hex-games-mohex.txt
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
