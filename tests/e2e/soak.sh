#!/usr/bin/env bash
# Random-key soak of the terminal interface, driven in a headless tmux.
#
#   tests/e2e/soak.sh PATH_TO_DLRIG
#
# dlrig receives SOAK_KEYS (default 10000) random keys -- letters, digits,
# arrows, Tab, Enter, Esc, Backspace, / ? + - and function keys, in batches --
# with window resizes down to 2x2 and back at random moments.  Half the keys go
# to a session that starts in the wizard (UTF-8 locale), half to one opened on
# a saved build in the C locale (ASCII line drawing).
# 'q' is sent only now and then, always followed by Esc (which cancels the
# "unsaved changes" question); when dlrig does leave with status 0 (q in the
# wizard quits at once) it is started again and the count goes on.  Ctrl-C is
# never sent.  At the end dlrig is quit with q (choosing "Quit without saving"
# when asked) and the terminal must be restored.
#
# The run is seeded: the seed is printed and SOAK_SEED=N replays it exactly
# (same keys, same resizes; the timing of the screen can differ).
#
# Fails when dlrig exits with a non-zero status or dies, when the terminal is
# left in raw mode or on the alternate screen, or when AddressSanitizer or
# UndefinedBehaviorSanitizer wrote anything (their log_path is pointed at a
# temporary directory that must stay empty; without sanitizers the options
# are ignored).
set -euo pipefail

if [ $# -ne 1 ] || [ ! -x "$1" ]; then
    echo "usage: $0 PATH_TO_DLRIG" >&2
    exit 2
fi
DLRIG=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
HERE=$(cd "$(dirname "$0")" && pwd)
FIXTURE="$HERE/data/workstation.json"
command -v tmux >/dev/null || { echo "tmux is not installed" >&2; exit 2; }

SEED=${SOAK_SEED:-$(( ($(date +%s) ^ $$) % 1000000 ))}
KEYS=${SOAK_KEYS:-10000}
TIMEOUT=${SOAK_TIMEOUT:-60}
echo "soak: seed $SEED (replay with SOAK_SEED=$SEED), $KEYS keys"
RANDOM=$SEED

TMP=$(mktemp -d)
SOCK="dlrig-soak-$$"
cleanup() {
    tmux -L "$SOCK" kill-server >/dev/null 2>&1 || true
    rm -rf "$TMP"
}
trap cleanup EXIT

# tmux-256color: its khome/kend (\E[1~, \E[4~) are what tmux sends for Home/End
# (xterm-256color expects \EOH/\EOF, so the keys would arrive as Esc [ 1 ~)
export TERM=tmux-256color LANG=C.UTF-8 ESCDELAY=25 NO_COLOR=1
export HOME="$TMP/home" XDG_CONFIG_HOME="$TMP/home/config" XDG_DATA_HOME="$TMP/home/data"
unset LC_ALL LC_CTYPE || true
mkdir -p "$HOME" "$XDG_CONFIG_HOME" "$XDG_DATA_HOME" "$TMP/san"
# Sanitizer reports go to files (halting on the first one); keep the caller's
# other options.
ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}log_path=$TMP/san/asan:halt_on_error=1"
UBSAN_OPTIONS="${UBSAN_OPTIONS:+$UBSAN_OPTIONS:}log_path=$TMP/san/ubsan:halt_on_error=1:print_stacktrace=1"
export ASAN_OPTIONS UBSAN_OPTIONS

S=""
WORK=""
ARGS=()
RUN=0

start() {
    RUN=$((RUN + 1))
    S="soak$RUN"
    WORK="$TMP/$S"
    mkdir -p "$WORK"
    local args="" a
    for a in "${ARGS[@]}"; do args+=" $(printf '%q' "$a")"; done
    local cmd
    cmd="cd $(printf '%q' "$WORK") && $(printf '%q' "$DLRIG")$args; rc=\$?; stty -a >stty 2>&1; echo \$rc >exit.tmp; mv exit.tmp exit; exec sleep 3600"
    tmux -L "$SOCK" -f /dev/null new-session -d -s "$S" -x 80 -y 24 \
        -e TERM="$TERM" -e LANG="$PHASE_LANG" -e ESCDELAY="$ESCDELAY" -e NO_COLOR="$NO_COLOR" -e HOME="$HOME" \
        -e XDG_CONFIG_HOME="$XDG_CONFIG_HOME" -e XDG_DATA_HOME="$XDG_DATA_HOME" -e XDG_STATE_HOME="$HOME/state" \
        -e ASAN_OPTIONS="$ASAN_OPTIONS" -e UBSAN_OPTIONS="$UBSAN_OPTIONS" "$cmd"
    # SOAK_LOG=DIR keeps each session's raw terminal output, for debugging.
    if [ -n "${SOAK_LOG:-}" ]; then
        mkdir -p "$SOAK_LOG"
        tmux -L "$SOCK" pipe-pane -t "$S" -o "cat >>$(printf '%q' "$SOAK_LOG/$S.out")"
    fi
}

screen() { tmux -L "$SOCK" capture-pane -p -t "$S" 2>/dev/null || true; }

die() {
    echo "soak: FAIL (seed $SEED): $*" >&2
    echo "after $SENT keys; session $S; alternate screen $(tmux -L "$SOCK" display -p -t "$S" '#{alternate_on}' 2>/dev/null)" >&2
    echo "--- screen ---" >&2
    screen | sed 's/^/  |/' >&2
    local f
    for f in "$TMP"/san/*; do
        [ -e "$f" ] || continue
        echo "--- $f ---" >&2
        head -60 "$f" >&2
    done
    exit 1
}

san_clean() {
    local f
    for f in "$TMP"/san/*; do
        [ -e "$f" ] && die "sanitizer report in $(basename "$f")"
    done
    return 0
}

# Waits until the screen has not changed for a moment (dlrig has caught up
# with the keys sent so far) or until dlrig has exited.
settle() {
    local deadline=$((SECONDS + TIMEOUT)) prev="" cur same=0
    while [ $SECONDS -lt $deadline ]; do
        [ -f "$WORK/exit" ] && return 0
        cur=$(screen)
        if [ "$cur" = "$prev" ]; then
            same=$((same + 1))
            [ $same -ge 4 ] && return 0
        else
            same=0
            prev=$cur
        fi
        sleep 0.1
    done
    die "the screen did not settle within ${TIMEOUT}s"
}

# dlrig left on its own: fine with status 0 (it was told to quit), else fail.
check_alive() {
    [ -f "$WORK/exit" ] || return 0
    local rc
    rc=$(cat "$WORK/exit")
    [ "$rc" = 0 ] || die "dlrig exited with status $rc"
    check_restored
    tmux -L "$SOCK" kill-session -t "$S" >/dev/null 2>&1 || true
    RESTARTS=$((RESTARTS + 1))
    start
}

check_restored() {
    grep -qE '(^| )icanon( |$)' "$WORK/stty" || die "terminal left without icanon: $(cat "$WORK/stty")"
    grep -qE '(^| )echo( |$)' "$WORK/stty" || die "terminal left without echo"
    # The alternate screen is off.  (Not "the interface is gone from the
    # pane": when a resize races with the exit, tmux 3.3 can leave old rows
    # on the restored main screen although dlrig did leave the alternate
    # screen.)
    [ "$(tmux -L "$SOCK" display -p -t "$S" '#{alternate_on}')" = 0 ] || die "the alternate screen is still on"
}

NAMED=(Up Down Left Right Up Down Tab BTab Enter Enter Escape BSpace Space Home End PPage NPage DC
    F1 F2 F3 F4 F5 F6 F7 F8 F9 F10 F11 F12)
LITERAL='abcdefghijklmnoprstuvwxyzABCDEFGHIJKLMNOPRSTUVWXYZ0123456789/?+-=.,'
SIZES=("10 5" "2 2" "20 8" "40 12" "79 23" "80 24" "80 24" "100 30" "160 48" "12 40")

random_key() {
    if [ $((RANDOM % 5)) -lt 2 ]; then
        KEY=${NAMED[$((RANDOM % ${#NAMED[@]}))]}
    else
        KEY=${LITERAL:$((RANDOM % ${#LITERAL})):1}
    fi
}

SENT=0
RESIZES=0
RESTARTS=0
QUITS=0

soak_phase() {
    local budget=$1 sent=0 batch n keys
    start
    while [ $sent -lt "$budget" ]; do
        n=$((20 + RANDOM % 41))
        [ $((sent + n)) -gt "$budget" ] && n=$((budget - sent))
        keys=()
        for ((batch = 0; batch < n; batch++)); do
            random_key
            keys+=("$KEY")
        done
        # now and then a q, cancelled by Esc (Esc never quits)
        if [ $((RANDOM % 25)) -eq 0 ]; then
            keys+=(q Escape)
            QUITS=$((QUITS + 1))
            n=$((n + 2))
        fi
        tmux -L "$SOCK" send-keys -t "$S" -- "${keys[@]}"
        sent=$((sent + n))
        SENT=$((SENT + n))
        if [ $((RANDOM % 3)) -eq 0 ]; then
            local wh=${SIZES[$((RANDOM % ${#SIZES[@]}))]}
            tmux -L "$SOCK" resize-window -t "$S" -x "${wh% *}" -y "${wh#* }"
            RESIZES=$((RESIZES + 1))
        fi
        # keep dlrig within reach of the keys, and look at it
        if [ $((RANDOM % 4)) -eq 0 ]; then
            settle
            san_clean
        fi
        check_alive
    done
    # back to a normal size, leave every overlay or text field, quit
    tmux -L "$SOCK" resize-window -t "$S" -x 80 -y 24
    settle
    check_alive
    local tries=0
    while [ ! -f "$WORK/exit" ]; do
        tries=$((tries + 1))
        [ $tries -le 10 ] || die "q did not quit"
        tmux -L "$SOCK" send-keys -t "$S" Escape Escape Escape
        settle
        tmux -L "$SOCK" send-keys -t "$S" q
        settle
        if screen | grep -qF "Quit without saving"; then
            tmux -L "$SOCK" send-keys -t "$S" Down Enter
            settle
        fi
    done
    local rc
    rc=$(cat "$WORK/exit")
    [ "$rc" = 0 ] || die "dlrig exited with status $rc"
    check_restored
    san_clean
    tmux -L "$SOCK" kill-session -t "$S" >/dev/null 2>&1 || true
}

T0=$SECONDS
cp "$FIXTURE" "$TMP/fixture.json"
ARGS=()
PHASE_LANG=C.UTF-8
soak_phase $((KEYS / 2))
ARGS=(tui "$TMP/fixture.json")
PHASE_LANG=C # a non-UTF-8 locale: ASCII line drawing
soak_phase $((KEYS - KEYS / 2))
san_clean
echo "soak: ok: seed $SEED, $SENT keys, $RESIZES resizes, $QUITS q+Esc, $RESTARTS restarts after a quit, $((SECONDS - T0))s"
