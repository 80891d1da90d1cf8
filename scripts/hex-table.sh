# What scripts/build-hex-book.sh and scripts/build-hex-solved.sh share: both write a table of Hex
# positions keyed by SIZE BLACK WHITE, with an entry for the empty board and one for every first stone.
# Sourced, not run; the sourcing script has set `set -euo pipefail` and `HEXTOE`.

# Checks the tools and makes the scratch file `$tmp`, removed on exit unless installed.
hex_table_setup() {
    [ -x "$HEXTOE" ] || { echo "no hextoe at $HEXTOE: run cargo build --release first" >&2; exit 1; }
    command -v jq >/dev/null || { echo "jq is needed to read hextoe's JSON" >&2; exit 1; }
    tmp=$(mktemp)
    trap 'rm -f "$tmp"' EXIT
}

# Prints the cells of an n×n board row by row: all of them, or the first COUNT.
all_cells() {
    local size=$1 count=${2:-$(($1 * $1))} letters=abcdefghijklmnopqrs i
    for ((i = 0; i < count; i++)); do echo "${letters:$((i % size)):1}$((i / size + 1))"; done
}

# Prints the cells of an n×n board that hold a first stone worth an entry: one of each pair that a 180°
# rotation maps onto each other (the tables look positions up in both orientations). The turn maps the
# i-th cell onto the (n²-1-i)-th, so these are the first half, the centre included.
first_stones() {
    all_cells "$1" $((($1 * $1 + 1) / 2))
}

# Moves `$tmp` to TABLE, keeping TABLE's entries and headings (`# NxN...`) of the sizes not rebuilt (the
# rest of the arguments); its general comments are `$tmp`'s.
hex_table_install() {
    local table=$1 rebuilt size
    shift
    if [ -f "$table" ]; then
        rebuilt=$(for size in "$@"; do printf '%s|%sx%s[: ]|' "$size " "$size" "$size"; done)
        grep -Ev "^(# [^0-9]|# (${rebuilt%|})|(${rebuilt%|}))" "$table" >>"$tmp" || true
    fi
    mv "$tmp" "$table"
    trap - EXIT
    echo "wrote $(grep -vc '^#' "$table") entries to $table"
}
