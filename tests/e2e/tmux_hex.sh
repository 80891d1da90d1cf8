#!/usr/bin/env bash
# End-to-end: the release binary in a real terminal (tmux) plays a 5×5 Hex game against impossible to its
# end with the cursor keys, opens the review and steps through it, saves the game, loads it back through the
# menu's "Load game", starts a 19×19 game, and quits with `q` `q` typed half a second apart. Then it checks
# that the terminal is back to normal, like tests/e2e/tmux_ttt.sh.
#
# Usage: tests/e2e/tmux_hex.sh   (builds target/release/hextoe if needed; HEXTOE_BIN overrides the binary)
source "$(dirname "$0")/harness.sh"
over() { screen | grep -qE '│ (You win|You lose)( |$)'; }

keys "XDG_DATA_HOME=$WORK/data XDG_CONFIG_HOME=$WORK/config $BIN play --game hex --size 5 --first human --level impossible" Enter
wait_for 'Your move (Black'
[ "$(flag alternate_on)" = 1 ] || fail "the game is not on the alternate screen"

# Try every cell in reading order with the cursor keys: to a1 (the cursor stops at the edges), then right
# and down to the cell, Enter. Taken cells are refused; after each stone, wait for the AI's reply.
played=0
for r in 0 1 2 3 4; do
  for c in 0 1 2 3 4; do
    over && break 2
    keys Up Up Up Up Left Left Left Left
    for _ in $(seq 1 "$c"); do keys Right; done
    for _ in $(seq 1 "$r"); do keys Down; done
    keys Enter
    sleep 0.2
    for _ in $(seq 1 150); do # the AI has 2 s a move; allow for a slow machine
      if over || screen | grep -qF 'Your move (Black'; then break; fi
      sleep 0.1
    done
    played=$((played + 1))
  done
done
over || fail "the game did not end"
result=$(screen | grep -oE '│ (You win|You lose)( |$)' | head -1 | tr -d '│' | xargs)
echo "e2e: game over after trying $played cells: $result"
screen | grep -qF 'reviews the game' || fail "the end of the game does not say how to review it"

# Review: R opens it at the last move; the impossible level fills in the graph.
keys R
wait_for 'Review · Hex 5×5'
wait_for 'Chance to win · You'
wait_for 'Every value is exact.' 60 # 5×5 is small enough for the solver to prove every position
total=$(screen | grep -oE 'Move [0-9]+ of [0-9]+' | head -1 | awk '{print $4}')
[ -n "$total" ] && [ "$total" -ge 9 ] || fail "no move count in the review (got '$total')"
screen | grep -qE 'You: (0|100)% to win' || fail "the last position's chance is not exact"
keys Home
wait_for 'Start · '"$total"' moves'
keys Right
wait_for "Move 1 of $total"
keys Right Right
wait_for "Move 3 of $total"
keys Left
wait_for "Move 2 of $total"
keys End
wait_for "Move $total of $total"
keys q
wait_for 'Hex 5×5'
screen | grep -qF 'Review ·' && fail "q did not leave the review"

# Save, then load it back through the menu.
keys S
wait_for 'Saved to'
ls "$WORK"/data/hextoe/saves/hex-5x5-*.sgf >/dev/null 2>&1 || fail "no save file"
keys q
wait_for 'Load game'
select_row 'Load game'
keys Enter
# The game is listed twice: kept by the history when it ended, and saved with S just now.
wait_for 'Load game · 2 games'
screen | grep -qE '▶ Hex 5×5 .* (Black|White) wins +'"$total"'  saves' || fail "the save is not listed with its result and moves"
screen | grep -qE ' Hex 5×5 .* (Black|White) wins +'"$total"'  history' || fail "the finished game is not in the history"
keys Enter
wait_for 'Review · Hex 5×5'
wait_for "Move $total of $total"
keys q
wait_for 'Load game · 2 games'
keys q
wait_for 'Start new game'

# A 19×19 game from the menu, then q q half a second apart: back to the menu, and out.
for _ in $(seq 1 15); do
  screen | grep -qF '▶ Board size' && break
  keys Up
  sleep 0.1
done
screen | grep -qF '▶ Board size' || fail "cannot select the board size"
for _ in $(seq 1 14); do keys Right; done
wait_for '‹ 19×19 ›'
select_row 'Start new game'
keys Enter
wait_for 'Hex 19×19'
keys q
sleep 0.5
keys q
wait_shell
sleep 0.2
[ "$(flag alternate_on)" = 0 ] || fail "still on the alternate screen after quitting"
[ "$(flag mouse_any_flag)" = 0 ] && [ "$(flag mouse_button_flag)" = 0 ] || fail "mouse capture left on"

stty_after=$WORK/stty-after.txt
keys "stty -a > $stty_after" Enter
sleep 0.3
diff <(tr ' ;' '\n\n' < "$stty_before" | sort) <(tr ' ;' '\n\n' < "$stty_after" | sort) >/dev/null \
  || fail "stty settings differ from before the game: $(diff "$stty_before" "$stty_after")"
echo "e2e: ok: Hex 5×5 played to the end ($result, $total moves), reviewed, saved, loaded from the menu; 19×19 quit with q q"
