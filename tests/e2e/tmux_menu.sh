#!/usr/bin/env bash
# End-to-end, defect 1: the menu's choices for the next game survive a review, a resume and leaving the game.
# With a 7×7 game in progress (swap on), choose 11×11, medium and swap off, review the game and come back:
# the menu keeps the choices; Resume says they apply to a new game; leaving the game shows them again; and
# n (after the question) starts an 11×11 game without the swap rule.
#
# Usage: tests/e2e/tmux_menu.sh   (builds target/release/hextoe if needed; HEXTOE_BIN overrides the binary)
source "$(dirname "$0")/harness.sh"

menu_shows() { # the menu's choices: size, level, swap
  wait_for "Board size   ‹ $1 ›"
  screen | grep -qF "Level        ‹ $2 ›" || fail "the level is not $2"
  screen | grep -qF "Swap rule    ‹ $3 ›" || fail "the swap rule is not $3"
}

keys "XDG_DATA_HOME=$WORK/data XDG_CONFIG_HOME=$WORK/config $BIN --game hex --size 7 --swap --level easy" Enter
wait_for 'Start new game'
keys Enter
wait_for 'Your move (Black'
keys ':d4' Enter
wait_for '1 ● d4'
wait_for 'Your move' 20
keys q
wait_for 'Resume game'
menu_shows 7×7 easy on

# The next game's choices: 11×11, medium, swap off.
select_row 'Board size'
for _ in 1 2 3 4; do keys Right; done
select_row 'Level'
keys Right
select_row 'Swap rule'
keys Right
menu_shows 11×11 medium off

# A review of the game in progress, and back: the choices stay.
select_row 'Review game'
keys Enter
wait_for 'Review · Hex 7×7'
keys q
wait_for 'Resume game'
menu_shows 11×11 medium off

resume() { # back to the game in progress: as it was, the status line saying the new board waits
  select_row 'Resume game'
  keys Enter
  wait_for 'Hex 7×7 · swap'
  wait_for 'apply to a new game'
}
resume
keys q
wait_for 'Resume game'
menu_shows 11×11 medium off

# n from the game starts the menu's game, after asking.
resume
keys n
wait_for 'Start another game?'
keys y
# The new game's empty move list (the 7×7 game has moves, and the question none), so that neither the
# question's own "Hex 11×11" nor the old game's panel passes for the new game; then its panel's title.
wait_for '(none yet)'
screen | grep -qF '│ Hex 11×11' || fail "the new game is not Hex 11×11"
screen | grep -qF 'Hex 11×11 · swap' && fail "the new game has the swap rule"
screen | grep -qF 'AI · medium' || fail "the new game is not against medium"
keys q
sleep 0.3
keys q
wait_shell
echo "e2e: ok: the menu's choices survived a review, a resume and leaving the game; n started Hex 11×11"
