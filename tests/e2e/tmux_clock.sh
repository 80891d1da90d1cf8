#!/usr/bin/env bash
# End-to-end: the clock runs out. A Hex game on a 20-second clock (`--time 20s+1`): both clocks show, the
# AI moves on its own clock, and when yours runs out the game ends on time, the history records it as W+T,
# and the score counts a loss. Then the terminal is back as it was.
#
# Usage: tests/e2e/tmux_clock.sh   (builds target/release/hextoe if needed; HEXTOE_BIN overrides the binary)
source "$(dirname "$0")/harness.sh"
data=$WORK/data/hextoe

keys "XDG_DATA_HOME=$WORK/data XDG_CONFIG_HOME=$WORK/config $BIN play --game hex --size 7 --level impossible --time 20s+1" Enter
wait_for 'Hex 7×7 · 20s+1'
screen | grep -qE '● Black  You +0:1[0-9]' || fail "your clock is not shown"
keys ':d4' Enter
wait_for '1 ● d4'
wait_for 'Your move (Black' 20
screen | grep -qE '○ White  AI · impossible +0:[0-9]{2}' || fail "the AI's clock is not shown"
# Now wait for your time to run out.
wait_for 'You lose on time' 30
screen | grep -qE '● Black  You +0\.0' || fail "your clock does not show the fallen flag"
grep -q 'RE\[W+T\]' "$data"/history/hex-7x7-*.sgf || fail "the history does not record the loss on time"
grep -q '"losses": 1' "$data"/score.json || fail "the loss on time is not counted"
keys q
sleep 0.3
keys q
wait_shell
sleep 0.2
[ "$(flag alternate_on)" = 0 ] || fail "still on the alternate screen after quitting"
echo "e2e: ok: the clock ran out, the game ended on time, and it is recorded and scored"
