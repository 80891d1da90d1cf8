#!/usr/bin/env bash
# End-to-end: the release binary in a real terminal (tmux) plays a tic-tac-toe game to its end by keys,
# checks the screen, quits with q, and checks that the terminal is back to normal: the shell prompt is on
# screen, the alternate screen and mouse capture are off, and `stty -a` shows a cooked terminal.
#
# Usage: tests/e2e/tmux_ttt.sh   (builds target/release/hextoe if needed; HEXTOE_BIN overrides the binary)
source "$(dirname "$0")/harness.sh"

t send-keys -t e2e "XDG_DATA_HOME=$WORK/data XDG_CONFIG_HOME=$WORK/config $BIN play --game tictactoe --first human --level impossible" Enter
wait_for 'Your move (x)'
[ "$(flag alternate_on)" = 1 ] || fail "the game is not on the alternate screen"
[ "$(flag mouse_any_flag)" = 1 ] || [ "$(flag mouse_button_flag)" = 1 ] || fail "mouse capture is off during the game"

# Try every cell in reading order; taken cells are refused, free ones played, until the game ends.
over=""
for round in 1 2; do
  for d in 1 2 3 4 5 6 7 8 9; do
    t send-keys -t e2e "$d"
    sleep 0.25
    if screen | grep -qE '│ (You win|You lose|Draw)( |$)'; then over=1; break 2; fi
  done
done
[ -n "$over" ] || fail "the game did not end"
result=$(screen | grep -oE '│ (You win|You lose|Draw)( |$)' | head -1 | tr -d '│' | xargs)
echo "e2e: game over: $result"
screen | grep -qF 'Score · impossible' || fail "no score in the side panel"
case "$result" in
  "You win") screen | grep -qF 'You 1 · draws 0 · AI 0' || fail "the win is not counted" ;;
  "Draw") screen | grep -qF 'You 0 · draws 1 · AI 0' || fail "the draw is not counted" ;;
  "You lose") screen | grep -qF 'You 0 · draws 0 · AI 1' || fail "the loss is not counted" ;;
esac
[ "$(screen | grep -cE '╲ ╱|╭───╮|╭─╮')" -ge 5 ] || fail "fewer than five marks on the board"

# q: back to the menu; q again: quit.
t send-keys -t e2e q
wait_for 'Start new game'
t send-keys -t e2e q
wait_shell
sleep 0.2
[ "$(flag alternate_on)" = 0 ] || fail "still on the alternate screen after quitting"
[ "$(flag mouse_any_flag)" = 0 ] && [ "$(flag mouse_button_flag)" = 0 ] || fail "mouse capture left on"
screen | grep -qF 'Score ·' && fail "the game's screen is still visible"
grep -q '"losses"' "$WORK/data/hextoe/score.json" || fail "no score file in the data directory"

stty_after=$WORK/stty-after.txt
t send-keys -t e2e "stty -a > $stty_after" Enter
sleep 0.3
grep -qE '(^|[ ;])icanon' "$stty_after" && grep -qE '(^|[ ;])echo([ ;]|$)' "$stty_after" || fail "the terminal is not cooked: $(cat "$stty_after")"
diff <(tr ' ;' '\n\n' < "$stty_before" | sort) <(tr ' ;' '\n\n' < "$stty_after" | sort) >/dev/null \
  || fail "stty settings differ from before the game: $(diff "$stty_before" "$stty_after")"
echo "e2e: ok: tic-tac-toe played to the end ($result), quit with q, terminal restored"
