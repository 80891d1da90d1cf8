#!/usr/bin/env bash
# Makes the README's pictures and its animated demo in assets/: real screens of the game drawn by its own views
# (examples/screenshots.rs, which plays the scenes and dumps each frame buffer as JSON), rendered to PNG by
# scripts/render_png.py with Pillow (from PyPI, in a private virtual environment under target/) and the
# DejaVu Sans Mono font (Debian: fonts-dejavu-core).
#
# Usage: scripts/screenshots.sh   (takes a minute or two: the review scene plays and analyses a 9×9 game)
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=target/screenshots
VENV=target/screenshots-venv
cargo run --release --locked --example screenshots -- "$OUT"
if [ ! -x "$VENV/bin/python" ]; then
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install --quiet pillow
fi
"$VENV/bin/python" scripts/render_png.py assets $(ls "$OUT"/*.json | grep -v '/demo-')
"$VENV/bin/python" scripts/render_png.py --gif assets/demo.gif "$OUT"/demo-*.json
