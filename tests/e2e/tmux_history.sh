#!/usr/bin/env bash
# End-to-end, defect 7: every finished game is kept, and unfinished ones do not pile up. A 3×3 game against
# easy is played to its end, a second game is left unfinished for a third (after the question), and the
# third is left running when hextoe quits: the history holds the first two, Load game lists them newest
# first, one autosave holds the third, and the next start offers it.
#
# Usage: tests/e2e/tmux_history.sh   (builds target/release/hextoe if needed; HEXTOE_BIN overrides the binary)
source "$(dirname "$0")/harness.sh"
data=$WORK/data/hextoe
over() { screen | grep -qE '│ (You win|You lose)( |$)'; }

run="XDG_DATA_HOME=$WORK/data XDG_CONFIG_HOME=$WORK/config $BIN"
keys "$run play --game hex --size 3 --level easy --name Ada" Enter
wait_for 'Your move (Black'
for cell in b2 a1 b1 c1 a2 c2 a3 b3 c3; do
  over && break
  keys ":$cell" Enter
  sleep 0.3
  for _ in $(seq 1 50); do
    if over || screen | grep -qF 'Your move (Black'; then break; fi
    sleep 0.1
  done
done
over || fail "the game did not end"
ls "$data"/history/hex-3x3-*.sgf >/dev/null 2>&1 || fail "the finished game is not in the history"
grep -qE 'PB\[Ada\]PW\[hextoe easy\].*RE\[[BW]\+\]' "$data"/history/hex-3x3-*.sgf || fail "the history file lacks players or result: $(cat "$data"/history/*.sgf)"

# A second game, one move, then left for a third.
keys n
wait_for 'Moves'
keys ':b2' Enter
wait_for '1 ● b2'
sleep 1
keys n
wait_for 'Start another game?'
screen | grep -qF 'It stays in the history' || fail "the question does not say where the game goes"
keys y
sleep 0.5
[ "$(ls "$data"/history | wc -l)" = 2 ] || fail "the game left unfinished is not in the history: $(ls "$data"/history)"

# The third game: one move, then quit with q q while it runs.
keys ':a1' Enter
wait_for '1 ● a1'
sleep 1
keys q
sleep 0.3
keys q
wait_shell
[ "$(ls "$data" | grep -cE '^autosave.*\.(sgf|txt)$')" = 1 ] || fail "not exactly one autosave: $(ls "$data")"
[ -d "$data/saves" ] && fail "unfinished games piled up among the saves: $(ls "$data/saves")"

# The next start offers the running game, and Load game lists the history newest first.
keys "$run" Enter
wait_for 'Resume last game'
screen | grep -qE 'Resume last game  Hex 3×3 · [12] moves?' || fail "the game in progress is not offered"
select_row 'Load game'
keys Enter
wait_for 'Load game · 2 games'
screen | grep -qE '▶ Hex 3×3 +Ada vs AI · easy .* unfinished +[12]  history' || fail "the game left is not listed first"
screen | grep -qE ' Hex 3×3 +Ada vs AI · easy .* (Black|White) wins +[0-9]+  history' || fail "the finished game is not listed"
keys Tab Tab
wait_for 'Load game · tic-tac-toe · 0 games'
keys q
wait_for 'Resume last game'
keys q
wait_shell
echo "e2e: ok: the finished game and the one left are in the history, one autosave holds the game in progress"
