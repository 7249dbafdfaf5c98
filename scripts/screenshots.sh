#!/usr/bin/env bash
# Regenerates screenshots/ from the real app: drives the release binary (or $BIN) in tmux on a fresh demo
# database, captures the screen with its colours, and converts each capture to SVG.
# Deterministic: the app's clock is frozen at one moment (CLUBHOUSE_TEST_NOW + CLUBHOUSE_TEST_CLOCK=frozen), so the
# demo world is seeded, the bot draft waits and the mid-season Sunday stands still at the same instant every run, and
# animations are off; running it twice changes no file.
set -euo pipefail
cd "$(dirname "$0")/.."
bin="${BIN:-$PWD/.build/release/clubhouse}"
[[ "$bin" == /* ]] || bin="$PWD/$bin"
# The moment the app believes it is (the demo's leagues keep their own 2019 season clocks).
now="2026-09-13T17:00:00Z"
out="$PWD/screenshots"
work=$(mktemp -d)
sock="clubhouse-shots-$$"
trap 'tmux -L "$sock" kill-server 2>/dev/null || true; rm -rf "$work"' EXIT
mkdir -p "$out"

start() {  # start NAME [ENV...]: a fresh app session at 120x40
    tmux -L "$sock" -f /dev/null kill-session -t shot 2>/dev/null || true
    tmux -L "$sock" -f /dev/null new-session -d -s shot -x 120 -y 40 \
        "env HOME='$work' XDG_DATA_HOME='$work/data' XDG_CONFIG_HOME='$work/config' XDG_STATE_HOME='$work/state' XDG_CACHE_HOME='$work/cache' TERM=xterm-256color LANG=C.UTF-8 CLUBHOUSE_TEST_NOW=$now CLUBHOUSE_TEST_CLOCK=frozen CLUBHOUSE_REDUCED_MOTION=1 $* '$bin'"
    wait_for "Public leagues ("
}
keys() { for k in "$@"; do tmux -L "$sock" send-keys -t shot "$k"; sleep 0.35; done; }
wait_for() {
    for _ in $(seq 1 200); do
        screen=$(tmux -L "$sock" capture-pane -p -t shot)
        if grep -qF -- "$1" <<<"$screen" && ! grep -q "Loading" <<<"$screen"; then sleep 0.3; return 0; fi
        sleep 0.1
    done
    echo "screenshots: timed out waiting for '$1'" >&2; return 1
}
shot() {  # shot FILE TITLE
    tmux -L "$sock" capture-pane -e -p -t shot > "$work/$1.ansi"
    python3 scripts/ansi2svg.py "$work/$1.ansi" "$out/$1.svg" --title "$2"
    echo "screenshots/$1.svg"
}
row_of() {  # 0-based row of a league in the Home list
    tmux -L "$sock" capture-pane -p -t shot | sed -n '/Public leagues (/,$p' | tail -n +3 | grep -n -m1 -F "$1" | cut -d: -f1 | awk '{print $1 - 1}'
}

start
shot home "clubhouse — Home"

# The bot draft mid-way: 17 picks in, pick 18 on the clock (the frozen clock keeps the bots from picking).
n=$(row_of "Bot Bowl Live"); for _ in $(seq 1 "$n"); do keys j; done
keys Enter; wait_for "› Bot Bowl Live"
keys d; wait_for "on the clock:"; wait_for "Tiers left"   # the room, then the grid on the board
shot draft-room "clubhouse — Bot Bowl Live draft room, mid-draft"

# The mid-season league on its Sunday, 20:00 UTC: Blitz Brigade vs Bits live, the score over time charted on the board.
start
n=$(row_of "Gridiron Greats"); for _ in $(seq 1 "$n"); do keys j; done
keys Enter; wait_for "Alice Moreno"
keys w; wait_for "› Week 9"
keys j Enter; wait_for "● live"; wait_for "▲ Sun 20:00"   # the matchup, then the chart on the board
shot matchup "clubhouse — Gridiron Greats · Week 9, a live matchup"
keys Enter; wait_for "Game log"
shot player "clubhouse — player page"

start NO_COLOR=1
n=$(row_of "Gridiron Greats"); for _ in $(seq 1 "$n"); do keys j; done
keys Enter; wait_for "Alice Moreno"
keys s; wait_for "› Standings"
shot no-color "clubhouse — NO_COLOR=1, standings"
