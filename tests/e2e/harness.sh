# The end-to-end tests' shared start, sourced by tmux_ttt.sh and tmux_hex.sh: the release binary (built if
# needed; HEXTOE_BIN overrides it), a private tmux server in a scratch directory that is removed on exit, the
# helpers below, and a clean shell in a 100×40 pane whose `stty -a` is saved in $stty_before.
#
# t ARGS       tmux on the private server       screen      the pane's text
# keys KEYS    send keys to the pane            flag NAME   a tmux format flag of the pane
# fail MSG     print MSG and the screen, exit 1 wait_for TEXT [SECONDS]  wait (default 5 s) for TEXT
# select_row ROW  move the menu's selection (down, wrapping around) to the entry named ROW
# wait_shell [SECONDS]  wait (default 5 s) until hextoe has exited and the shell shows a fresh prompt
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
ROOT=$PWD
BIN=${HEXTOE_BIN:-$ROOT/target/release/hextoe}
[ -x "$BIN" ] || cargo build --release --locked
command -v tmux >/dev/null || { echo "e2e: tmux is not installed" >&2; exit 1; }

WORK=$(mktemp -d)
SOCK=$WORK/tmux.sock # a private tmux server, so a user's own sessions play no part
t() { tmux -S "$SOCK" "$@"; }
cleanup() {
  local rc=$?
  t kill-server >/dev/null 2>&1 || true
  # The pane's shell may still be exiting; try the removal a few times.
  for _ in 1 2 3 4 5; do rm -rf "$WORK" 2>/dev/null && break; sleep 0.2; done
  exit "$rc"
}
trap cleanup EXIT
screen() { t capture-pane -p -t e2e; }
fail() { echo "e2e: FAIL: $*" >&2; echo "--- screen ---" >&2; screen >&2 || true; exit 1; }
wait_for() { # wait up to $2 seconds (default 5) for a fixed string on the screen
  local tries=$(( ${2:-5} * 10 ))
  for _ in $(seq 1 "$tries"); do
    if screen | grep -qF -- "$1"; then return 0; fi
    sleep 0.1
  done
  fail "timed out waiting for: $1"
}
keys() { t send-keys -t e2e "$@"; }
select_row() {
  for _ in $(seq 1 16); do
    screen | grep -qF "▶ $1" && return 0
    keys Down
    sleep 0.1
  done
  fail "cannot select $1"
}
flag() { t display -p -t e2e "#{$1}"; }
# The prompt's text alone does not say the shell is back: hextoe puts the terminal back first and saves the
# game after, so for that moment the screen already shows the prompt line that started it. Keys sent then
# race with the exit; so wait until the pane's foreground process is the shell and the last line shown is
# an empty prompt.
wait_shell() {
  local tries=$(( ${1:-5} * 10 ))
  for _ in $(seq 1 "$tries"); do
    if [ "$(flag pane_current_command)" = bash ] \
      && screen | grep -v '^ *$' | tail -n 1 | grep -qxE 'e2e-shell\$ *'; then
      return 0
    fi
    sleep 0.1
  done
  fail "timed out waiting for the shell's prompt (the foreground process: $(flag pane_current_command))"
}

t new-session -d -s e2e -x 100 -y 40 \
  "env -i HOME=$WORK PATH=$PATH TERM=xterm-256color HISTFILE=/dev/null PS1='e2e-shell\$ ' bash --norc --noprofile"
wait_shell
stty_before=$WORK/stty-before.txt
keys "stty -a > $stty_before" Enter
sleep 0.3
