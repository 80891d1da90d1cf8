#!/usr/bin/env bash
# End-to-end: every way out leaves things as they were. A Hex game in progress is ended by SIGTERM and then
# by SIGHUP from outside, as a logout or `kill` would: each time the terminal comes back as it was (shell
# prompt, no alternate screen, no mouse capture, the same `stty -a`), and the next start offers the game
# again with its moves.
#
# Usage: tests/e2e/tmux_signals.sh   (builds target/release/hextoe if needed; HEXTOE_BIN overrides the binary)
source "$(dirname "$0")/harness.sh"

terminal_is_back() {
  wait_shell
  sleep 0.2
  [ "$(flag alternate_on)" = 0 ] || fail "still on the alternate screen after $1"
  [ "$(flag mouse_any_flag)" = 0 ] && [ "$(flag mouse_button_flag)" = 0 ] || fail "mouse capture left on after $1"
  local after=$WORK/stty-after-$1.txt
  keys "stty -a > $after" Enter
  sleep 0.3
  diff <(tr ' ;' '\n\n' < "$stty_before" | sort) <(tr ' ;' '\n\n' < "$after" | sort) >/dev/null \
    || fail "stty settings differ after $1: $(diff "$stty_before" "$after")"
  keys clear Enter
  sleep 0.2
}

run="XDG_DATA_HOME=$WORK/data XDG_CONFIG_HOME=$WORK/config $BIN"
keys "$run play --game hex --size 7 --first human --level easy" Enter
wait_for 'Your move (Black'
keys ':d4' Enter
wait_for '1 ● d4'
wait_for 'Your move (Black' 20
pid=$(pgrep -n -f "$BIN play --game hex" || true)
[ -n "$pid" ] || fail "cannot find the game's process"
kill -TERM "$pid"
terminal_is_back SIGTERM

keys "$run" Enter
wait_for 'Resume last game'
screen | grep -qF 'Hex 7×7' || fail "the game stopped by SIGTERM is not offered again"
pid=$(pgrep -n -f "^$BIN\$" || true)
[ -n "$pid" ] || fail "cannot find the menu's process"
kill -HUP "$pid"
terminal_is_back SIGHUP

# Ctrl-C in the game: the same, and the game (now with a second move of yours) is offered again.
keys "$run" Enter
wait_for 'Resume last game'
keys Enter
wait_for 'Your move (Black' 20
keys ':c3' Enter
wait_for '3 ● c3'
wait_for 'Your move (Black' 20
keys C-c
terminal_is_back Ctrl-C
keys "$run" Enter
wait_for 'Resume last game'
screen | grep -qE 'Hex 7×7 · 4 moves' || fail "the game left by Ctrl-C is not offered with its moves"
keys q
wait_shell
echo "e2e: ok: SIGTERM, SIGHUP and Ctrl-C put the terminal back, and the game in progress is offered again"
