#!/usr/bin/env bash
# Fault tests: dlrig facing a broken environment must fail clearly (a message
# naming the file, exit status 3), never crash and never lose data.
#
#   tests/faults/run.sh PATH_TO_DLRIG PATH_TO_CATALOG_DB PATH_TO_ATOMIC_WRITER
#
#   - corrupt catalogs (--catalog): random bytes, truncated, empty, a
#     directory, flipped bytes, a database of another schema
#   - a read-only directory: recommend -o, export -o, saving from the TUI
#   - a full disk: -o /dev/full (written in place, never replaced), and as root
#     a real full filesystem (a small tmpfs in a private mount namespace):
#     the old file survives, no temporary file is left
#   - a missing or unusable theme directory ($XDG_CONFIG_HOME)
#   - SIGTERM: the TUI while idle and while a save blocks on a FIFO; a process
#     killed while rewriting a file with write_file_atomic, many times
#
# Read-only directories: a normal user gets chmod 0555; root (which ignores
# permission bits) gets a read-only bind mount in a private mount namespace,
# which is also where the full tmpfs lives.  When root cannot make a mount
# namespace, those cases are skipped with a note.
set -uo pipefail

if [ $# -ne 3 ]; then
    echo "usage: $0 PATH_TO_DLRIG PATH_TO_CATALOG_DB PATH_TO_ATOMIC_WRITER" >&2
    exit 2
fi
abspath() { echo "$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"; }
DLRIG=$(abspath "$1")
CATDB=$(abspath "$2")
WRITER=$(abspath "$3")
HERE=$(cd "$(dirname "$0")" && pwd)
DATA=$(cd "$HERE/../data" && pwd)
FIXTURE="$HERE/../e2e/data/workstation.json"

# As root, run in a private mount namespace (once) so that read-only binds
# and a full tmpfs can be made without touching the machine.
if [ "$(id -u)" = 0 ] && [ -z "${DLRIG_FAULTS_NS:-}" ] && unshare -m --propagation private true 2>/dev/null; then
    DLRIG_FAULTS_NS=1 exec unshare -m --propagation private bash "$0" "$@"
fi
ROOT=0
[ "$(id -u)" = 0 ] && ROOT=1
CAN_MOUNT=0
[ -n "${DLRIG_FAULTS_NS:-}" ] && CAN_MOUNT=1

TMP=$(mktemp -d)
SOCK="dlrig-faults-$$"
cleanup() {
    tmux -L "$SOCK" kill-server >/dev/null 2>&1 || true
    if [ $CAN_MOUNT = 1 ]; then
        for m in $(awk -v t="$TMP" 'index($2, t) == 1 {print $2}' /proc/mounts | sort -r); do umount "$m" 2>/dev/null; done
    fi
    chmod -R u+w "$TMP" 2>/dev/null
    rm -rf "$TMP"
}
trap cleanup EXIT
export HOME=$TMP/home XDG_DATA_HOME=$TMP/home/data XDG_CONFIG_HOME=$TMP/home/config NO_COLOR=1 LC_ALL=C.UTF-8
mkdir -p "$HOME" "$XDG_DATA_HOME" "$XDG_CONFIG_HOME" "$TMP/san"
# Sanitizer reports (sanitizer builds only) go to files that must stay empty.
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}log_path=$TMP/san/asan"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:+$UBSAN_OPTIONS:}log_path=$TMP/san/ubsan:print_stacktrace=1"

pass=0
fail=0
skip=0
ok() { pass=$((pass + 1)); echo "ok   $1"; }
bad() {
    fail=$((fail + 1))
    echo "FAIL $1: $2"
}
skipped() {
    skip=$((skip + 1))
    echo "skip $1: $2"
}

# expect NAME STATUS PATTERN -- CMD...: CMD's exit status is STATUS and its
# output (stdout+stderr) matches the extended regex PATTERN.
expect() {
    local name=$1 status=$2 pattern=$3
    shift 4
    local out rc
    out=$("$@" 2>&1)
    rc=$?
    if [ "$rc" -eq "$status" ] && printf '%s' "$out" | grep -Ezq -- "$pattern"; then
        ok "$name"
    else
        bad "$name" "exit $rc (want $status), output: $(printf '%s' "$out" | head -5)"
    fi
}

# make_readonly DIR: DIR can no longer be written (by this user).
make_readonly() {
    if [ $ROOT = 0 ]; then
        chmod 0555 "$1"
    elif [ $CAN_MOUNT = 1 ]; then
        mount --bind "$1" "$1" && mount -o remount,bind,ro "$1" "$1"
    else
        return 1
    fi
}

# leftovers DIR: temporary files of an atomic write left in DIR.
leftovers() { find "$1" -name '*.tmp*' | head -3; }

# ---------------------------------------------------------------- catalogs

head -c 50000 /dev/urandom >"$TMP/random.db"
expect catalog-random-bytes 3 "random.db" -- "$DLRIG" --catalog "$TMP/random.db" parts
head -c 4096 "$CATDB" >"$TMP/truncated-header.db"
expect catalog-truncated-4k 3 "truncated-header.db" -- "$DLRIG" --catalog "$TMP/truncated-header.db" parts
size=$(stat -c %s "$CATDB")
head -c $((size / 2)) "$CATDB" >"$TMP/truncated-half.db"
expect catalog-truncated-half 3 "truncated-half.db" -- "$DLRIG" --catalog "$TMP/truncated-half.db" check "$DATA/builds/clean.json"
: >"$TMP/empty.db"
expect catalog-empty 3 "empty.db" -- "$DLRIG" --catalog "$TMP/empty.db" parts
printf 'not a database\n' >"$TMP/text.db"
expect catalog-text 3 "text.db" -- "$DLRIG" --catalog "$TMP/text.db" show nvidia-rtx-4090
mkdir "$TMP/dir.db"
expect catalog-directory 3 "dir.db" -- "$DLRIG" --catalog "$TMP/dir.db" parts
# a valid SQLite file of another schema
sqlite3 "$TMP/other.db" "CREATE TABLE t(x); INSERT INTO t VALUES (1);" 2>/dev/null &&
    expect catalog-other-schema 3 "other.db" -- "$DLRIG" --catalog "$TMP/other.db" parts
# garbage written over pages in the middle of a real catalog (the header intact)
for seed in 1 2 3 4 5; do
    cp "$CATDB" "$TMP/flipped$seed.db"
    pages=$((size / 4096))
    off=$(( (seed * 7919 % (pages - 2) + 1) * 4096 + seed * 13 ))
    head -c 2048 /dev/urandom | dd of="$TMP/flipped$seed.db" bs=1 seek=$off conv=notrunc status=none
    out=$("$DLRIG" --catalog "$TMP/flipped$seed.db" parts --json 2>&1 >/dev/null)
    rc=$?
    # A damaged page is either found (exit 3 naming the file) or lies in data
    # the checks cannot tell from real values (exit 0); never a crash.
    if [ $rc = 3 ] && printf '%s' "$out" | grep -q "flipped$seed.db"; then ok "catalog-flipped-$seed (refused)"
    elif [ $rc = 0 ]; then ok "catalog-flipped-$seed (undetectable, read)"
    else bad "catalog-flipped-$seed" "exit $rc: $out"; fi
done
cp "$CATDB" "$TMP/readonly.db"
chmod 0444 "$TMP/readonly.db"
expect catalog-readonly-file 0 "nvidia-rtx-4090" -- "$DLRIG" --catalog "$TMP/readonly.db" parts --category gpu

# ---------------------------------------------------------------- read-only directories

mkdir -p "$TMP/ro"
echo keep >"$TMP/ro/existing.json"
if make_readonly "$TMP/ro"; then
    expect recommend-o-readonly-dir 3 "ro/best.json.*(Permission denied|Read-only file system)" -- \
        "$DLRIG" recommend --workload cnn --budget-usd 10000 -o "$TMP/ro/best.json"
    [ ! -e "$TMP/ro/best.json" ] && [ -z "$(leftovers "$TMP/ro")" ] && ok "recommend-o-readonly-dir: no file, no partial file" ||
        bad "recommend-o-readonly-dir" "a file was left: $(ls -A "$TMP/ro")"
    expect export-o-readonly-dir 3 "cannot write .*ro/list.md" -- \
        "$DLRIG" export "$DATA/builds/clean.json" --format md -o "$TMP/ro/list.md"
    expect recommend-o-readonly-overwrite 3 "ro/existing.json" -- \
        "$DLRIG" recommend --workload cnn --budget-usd 10000 -o "$TMP/ro/existing.json"
    [ "$(cat "$TMP/ro/existing.json")" = keep ] && ok "recommend-o-readonly-overwrite: old file intact" ||
        bad "recommend-o-readonly-overwrite" "the old file changed"
else
    skipped readonly-dir "root without a mount namespace: permission bits do not apply"
fi

# ---------------------------------------------------------------- full disk

expect recommend-o-dev-full 3 "/dev/full.*No space left on device" -- \
    "$DLRIG" recommend --workload cnn --budget-usd 10000 -o /dev/full
expect export-o-dev-full 3 "/dev/full.*No space left on device" -- \
    "$DLRIG" export "$DATA/builds/clean.json" --format html -o /dev/full --force
[ -c /dev/full ] && ok "dev-full-still-a-device" || bad "dev-full-still-a-device" "/dev/full was replaced"
expect export-o-dev-null 0 "written to /dev/null" -- \
    "$DLRIG" export "$DATA/builds/clean.json" --format csv -o /dev/null --force

if [ $CAN_MOUNT = 1 ]; then
    mkdir -p "$TMP/full"
    mount -t tmpfs -o size=256k,mode=0755 tmpfs "$TMP/full"
    cp "$DATA/builds/clean.json" "$TMP/full/plan.json"
    dd if=/dev/zero of="$TMP/full/filler" bs=4k status=none 2>/dev/null
    sum=$(cksum <"$TMP/full/plan.json")
    expect recommend-o-full-disk 3 "plan.json.*No space left on device" -- \
        "$DLRIG" recommend --workload cnn --budget-usd 10000 -o "$TMP/full/plan.json"
    [ "$(cksum <"$TMP/full/plan.json")" = "$sum" ] && [ -z "$(leftovers "$TMP/full")" ] &&
        ok "recommend-o-full-disk: old file intact, no temporary file" ||
        bad "recommend-o-full-disk" "the old file changed or a temporary file is left: $(ls -A "$TMP/full")"
    expect export-o-full-disk 3 "cannot write .*quote.html" -- \
        "$DLRIG" export "$DATA/builds/clean.json" --format html -o "$TMP/full/quote.html"
    [ ! -e "$TMP/full/quote.html" ] && ok "export-o-full-disk: no partial file" || bad "export-o-full-disk" "partial file"
else
    skipped full-disk-tmpfs "needs root and a mount namespace (the /dev/full cases ran)"
fi

# ---------------------------------------------------------------- the user price database

printf 'id,price,currency,date,vendor\nnvidia-rtx-4090,1799.00,USD,2025-03-14,Acme\n' >"$TMP/prices.csv"
mkdir -p "$TMP/pdata/dlrig"
head -c 9000 /dev/urandom >"$TMP/pdata/dlrig/user.db"
XDG_DATA_HOME=$TMP/pdata expect user-db-corrupt-parts 3 "user.db.*corrupt" -- "$DLRIG" parts --category gpu
XDG_DATA_HOME=$TMP/pdata expect user-db-corrupt-import 3 "user.db" -- "$DLRIG" prices import "$TMP/prices.csv"
mkdir -p "$TMP/prodata/dlrig"
if make_readonly "$TMP/prodata/dlrig"; then
    XDG_DATA_HOME=$TMP/prodata expect user-db-readonly-import 3 "user.db" -- "$DLRIG" prices import "$TMP/prices.csv"
    [ -z "$(ls -A "$TMP/prodata/dlrig")" ] && ok "user-db-readonly-import: nothing written" ||
        bad user-db-readonly-import "files left: $(ls -A "$TMP/prodata/dlrig")"
    XDG_DATA_HOME=$TMP/prodata expect user-db-readonly-parts 0 "nvidia-rtx-4090" -- "$DLRIG" parts --category gpu
else
    skipped user-db-readonly "root without a mount namespace"
fi

# ---------------------------------------------------------------- themes

XDG_CONFIG_HOME=$TMP/does/not/exist expect theme-dir-missing-cli 0 "nvidia-rtx-4090" -- \
    "$DLRIG" --theme dark parts --category gpu
touch "$TMP/config-is-a-file"
XDG_CONFIG_HOME=$TMP/config-is-a-file expect theme-dir-is-a-file-cli 0 "nvidia-rtx-4090" -- \
    "$DLRIG" parts --category gpu

# ---------------------------------------------------------------- the TUI

if command -v tmux >/dev/null; then
    S=""
    WORK=""
    TIMEOUT=${FAULTS_TIMEOUT:-15}
    start() { # start NAME ENV-ASSIGNMENTS... -- ARGS...
        S=$1
        shift
        local envs=() a
        while [ $# -gt 0 ] && [ "$1" != -- ]; do envs+=(-e "$1"); shift; done
        shift
        WORK="$TMP/$S"
        mkdir -p "$WORK"
        local args=""
        for a in "$@"; do args+=" $(printf '%q' "$a")"; done
        local cmd="cd $(printf '%q' "$WORK") && $(printf '%q' "$DLRIG")$args; rc=\$?; stty -a >stty 2>&1; echo \$rc >exit.tmp; mv exit.tmp exit; exec sleep 600"
        tmux -L "$SOCK" -f /dev/null new-session -d -s "$S" -x 80 -y 24 \
            -e TERM=xterm-256color -e LANG=C.UTF-8 -e ESCDELAY=25 -e NO_COLOR=1 -e HOME="$HOME" \
            -e XDG_CONFIG_HOME="$XDG_CONFIG_HOME" -e XDG_DATA_HOME="$XDG_DATA_HOME" \
            -e ASAN_OPTIONS="$ASAN_OPTIONS" -e UBSAN_OPTIONS="$UBSAN_OPTIONS" "${envs[@]}" "$cmd"
    }
    screen() { tmux -L "$SOCK" capture-pane -p -t "$S" 2>/dev/null; }
    keys() { tmux -L "$SOCK" send-keys -t "$S" "$@"; }
    wait_for() {
        local deadline=$((SECONDS + TIMEOUT))
        while [ $SECONDS -lt $deadline ]; do
            screen | grep -qF -- "$1" && return 0
            sleep 0.05
        done
        echo "    timed out waiting for: $1" >&2
        screen | sed 's/^/    |/' >&2
        return 1
    }
    wait_exit() {
        local deadline=$((SECONDS + TIMEOUT))
        while [ $SECONDS -lt $deadline ]; do
            if [ -f "$WORK/exit" ]; then
                [ "$(cat "$WORK/exit")" = "$1" ] && return 0
                echo "    exit status $(cat "$WORK/exit"), expected $1" >&2
                return 1
            fi
            sleep 0.05
        done
        echo "    dlrig did not exit" >&2
        return 1
    }
    restored() { grep -qE '(^| )icanon( |$)' "$WORK/stty" && grep -qE '(^| )echo( |$)' "$WORK/stty"; }
    quit_discarding() {
        keys q
        local deadline=$((SECONDS + TIMEOUT))
        while [ $SECONDS -lt $deadline ]; do
            [ -f "$WORK/exit" ] && return 0
            if screen | grep -qF "Quit without saving"; then
                keys Down Enter
                return 0
            fi
            sleep 0.05
        done
        return 1
    }
    end() { tmux -L "$SOCK" kill-session -t "$S" >/dev/null 2>&1 || true; }

    # Saving into a read-only data directory: a message, the TUI goes on.
    tui_save_readonly() {
        mkdir -p "$TMP/rodata/dlrig/builds"
        make_readonly "$TMP/rodata/dlrig/builds" || { echo "skip tui-save-readonly: cannot make a read-only directory"; return 2; }
        cp "$FIXTURE" "$TMP/tui-ro.json"
        start tuiro XDG_DATA_HOME="$TMP/rodata" -- tui "$TMP/tui-ro.json" || return 1
        wait_for "Build sheet" || return 1
        keys W
        wait_for "Save build as" || return 1
        keys C-u
        tmux -L "$SOCK" send-keys -t "$S" -l "ro test"
        keys Enter
        wait_for "Not saved" || return 1
        screen | grep -qE "Permission denied|Read-only file system" || { echo "    no reason shown" >&2; return 1; }
        [ -z "$(ls -A "$TMP/rodata/dlrig/builds")" ] || { echo "    a file was left" >&2; return 1; }
        quit_discarding || return 1
        wait_exit 0 && restored
    }
    # Saving onto a full disk: the opened file keeps its old content.
    tui_save_full() {
        [ $CAN_MOUNT = 1 ] || { echo "skip tui-save-full-disk: needs root and a mount namespace"; return 2; }
        mkdir -p "$TMP/full2"
        mount -t tmpfs -o size=256k,mode=0755 tmpfs "$TMP/full2"
        cp "$FIXTURE" "$TMP/full2/box.json"
        dd if=/dev/zero of="$TMP/full2/filler" bs=4k status=none 2>/dev/null
        local sum
        sum=$(cksum <"$TMP/full2/box.json")
        start tuifull -- tui "$TMP/full2/box.json" || return 1
        wait_for "Build sheet" || return 1
        keys +            # a change, so there is something to save
        keys w
        wait_for "Not saved" || return 1
        screen | grep -qF "No space left" || { echo "    no reason shown" >&2; return 1; }
        [ "$(cksum <"$TMP/full2/box.json")" = "$sum" ] || { echo "    the build file changed" >&2; return 1; }
        [ -z "$(leftovers "$TMP/full2")" ] || { echo "    temporary file left" >&2; return 1; }
        quit_discarding || return 1
        wait_exit 0 && restored
    }
    # No theme directory: the wizard starts, themes cycle, a missing theme
    # is a message on the screen.
    tui_theme_dir_missing() {
        start tuitheme XDG_CONFIG_HOME="$TMP/no/such/dir" -- --theme mine || return 1
        wait_for "unknown theme 'mine'" || return 1
        wait_for "What will it mostly run?" || return 1
        keys t
        wait_for "Theme:" || return 1
        keys q
        wait_exit 0 && restored
    }
    # SIGTERM while idle: exit 143, terminal restored, the file untouched.
    tui_sigterm_idle() {
        cp "$FIXTURE" "$TMP/term.json"
        start tuiterm -- tui "$TMP/term.json" || return 1
        wait_for "Build sheet" || return 1
        keys +
        wait_for "*" || return 1
        local pid
        pid=$(pgrep -n -f "^$DLRIG tui $TMP/term.json") || { echo "    no process" >&2; return 1; }
        kill -TERM "$pid"
        wait_exit 143 && restored && cmp -s "$FIXTURE" "$TMP/term.json"
    }
    # SIGTERM while a save is blocked (the build file is a FIFO nobody reads):
    # the save gives up, dlrig exits 143 and the terminal is restored.
    tui_sigterm_saving() {
        mkfifo "$TMP/slow.json"
        start tuislow -- tui "$TMP/slow.json" || return 1
        cat "$FIXTURE" >"$TMP/slow.json" # dlrig reads the build from the FIFO
        wait_for "Build sheet" || return 1
        keys +
        keys w # blocks opening the FIFO for writing
        sleep 0.5
        [ ! -f "$WORK/exit" ] || { echo "    dlrig left before the signal" >&2; return 1; }
        local pid
        pid=$(pgrep -n -f "^$DLRIG tui $TMP/slow.json") || { echo "    no process" >&2; return 1; }
        kill -TERM "$pid"
        wait_exit 143 && restored && [ -p "$TMP/slow.json" ]
    }
    for t in tui_save_readonly tui_save_full tui_theme_dir_missing tui_sigterm_idle tui_sigterm_saving; do
        ( set +e; $t )
        rc=$?
        end
        name=${t//_/-}
        # 2: skipped (the reason was printed in the subshell)
        if [ $rc = 0 ]; then ok "$name"; elif [ $rc = 2 ]; then skip=$((skip + 1)); else bad "$name" "see above"; fi
    done
else
    skipped tui "tmux is not installed"
fi

# ---------------------------------------------------------------- interrupted atomic writes

target="$TMP/atomic/target.dat"
mkdir -p "$TMP/atomic"
broken=0
for i in $(seq 1 40); do
    # no leak check in a run that is killed (see killloop.sh's kill_at)
    ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" "$WRITER" write "$target" 2>/dev/null &
    wpid=$!
    sleep "0.0$((RANDOM % 10))$((RANDOM % 10))"
    if [ $((i % 2)) = 0 ]; then kill -KILL $wpid; else kill -TERM $wpid; fi
    # A SIGTERM that lands between the shell's fork and the writer's exec can
    # be swallowed by the shell's own handler, and the writer then runs on:
    # give it 5 s, then SIGKILL it (the file must be whole either way).
    {
        for _ in $(seq 1 50); do kill -0 $wpid || break; sleep 0.1; done
        kill -KILL $wpid
        wait $wpid
    } 2>/dev/null
    "$WRITER" check "$target" || broken=$((broken + 1))
done
if [ ! -e "$target" ]; then
    # a loaded machine: no write finished within the 0.1 s before a kill; let
    # one finish (up to 30 s), kill the writer in its next one, check again
    ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" "$WRITER" write "$target" 2>/dev/null &
    wpid=$!
    for _ in $(seq 1 300); do [ -e "$target" ] && break; sleep 0.1; done
    kill -KILL $wpid 2>/dev/null
    wait $wpid 2>/dev/null
    "$WRITER" check "$target" || broken=$((broken + 1))
fi
[ -e "$target" ] || bad atomic-write-interrupted "the writer never completed a write"
[ $broken = 0 ] && ok "atomic-write-interrupted: 40 kills (TERM/KILL), never half-written" ||
    bad atomic-write-interrupted "$broken of 40 checks found a half-written file"

# ---------------------------------------------------------------- sanitizers

for f in "$TMP"/san/*; do
    [ -e "$f" ] || continue
    bad sanitizer "report in $(basename "$f"):"
    head -40 "$f"
done

echo "faults: $pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
