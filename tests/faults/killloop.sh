#!/usr/bin/env bash
# Kill loop: SIGKILL at random moments of every command that writes —
# recommend -o and export -o (write_file_atomic), prices import and prices
# clear (the user database).  After each kill the file is the old or the new
# complete version and every command still works.  A write's new version has
# no name until it is complete (O_TMPFILE), so a kill leaves no temporary
# file (any left, from the instant between naming and renaming, is a complete
# version), and no write removes a file it did not create: a user's files
# named like temporary files stay.
#
#   tests/faults/killloop.sh PATH_TO_DLRIG [KILLS]   (KILLS defaults to 200)
set -uo pipefail
DLRIG=$1
KILLS=${2:-200}
DATA=$(cd "$(dirname "$0")/../data" && pwd)
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
export HOME=$TMP XDG_DATA_HOME=$TMP/data XDG_CONFIG_HOME=$TMP/config NO_COLOR=1 LC_ALL=C.UTF-8
W=$TMP/w
mkdir -p "$W"
echo "a user's file" > "$W/r.json.tmp123-abcdef"
echo "another" > "$W/thesis.tmp2024-draft1"
fail=0
bad() { echo "FAIL $*"; fail=$((fail + 1)); }

# The versions each file may hold (prices change documents: these commands
# run without imported prices, in their own data directory).
NP=$TMP/noprices
env XDG_DATA_HOME="$NP" "$DLRIG" recommend --workload cnn --budget-usd 9000 -o "$TMP/rec-old.json" >/dev/null 2>&1
env XDG_DATA_HOME="$NP" "$DLRIG" recommend --workload transformer --budget-usd 30000 -o "$TMP/rec-new.json" >/dev/null 2>&1
env XDG_DATA_HOME="$NP" "$DLRIG" export "$DATA/builds/clean.json" --format html -o "$TMP/exp-old.html" 2>/dev/null
env XDG_DATA_HOME="$NP" "$DLRIG" export "$DATA/builds/clean.json" --format html --customer "New customer" -o "$TMP/exp-new.html" 2>/dev/null
cmp -s "$TMP/rec-old.json" "$TMP/rec-new.json" && bad "setup: the two recommend versions are the same"
# A price list of every part from 8 vendors (thousands of rows) and a small one.
"$DLRIG" parts --json | grep -o '"id":[[:space:]]*"[^"]*"' | sed 's/.*"\([^"]*\)"$/\1/' > "$TMP/ids"
{
    echo 'id,price,currency,date,vendor'
    for v in 1 2 3 4 5 6 7 8; do sed "s/\$/,$((100 + v)),USD,2025-04,Vendor $v/" "$TMP/ids"; done
} > "$TMP/big.csv"
printf 'id,price,currency,date,vendor\nnvidia-rtx-4090,1500,USD,2025-04,Small\n' > "$TMP/small.csv"
prices_state() { "$DLRIG" prices list --json 2>/dev/null | grep -c '"vendor"'; }
"$DLRIG" prices import "$TMP/small.csv" >/dev/null 2>&1
small=$(prices_state)
"$DLRIG" prices import "$TMP/big.csv" >/dev/null 2>&1
big=$(prices_state) # small and big together
"$DLRIG" prices clear >/dev/null 2>&1
[ "$small" = 1 ] && [ "$big" -gt 1000 ] || bad "setup: price states $small / $big"

# duration in microseconds of one run of "$@"
duration() {
    local s e
    s=$(date +%s%N)
    "$@" >/dev/null 2>&1
    e=$(date +%s%N)
    echo $(( (e - s) / 1000 ))
}

# kill_at USEC CMD...: runs CMD, SIGKILLs it after USEC microseconds;
# returns 0 when it was killed while running.  Under AddressSanitizer the
# killed run does no leak check: a kill that lands while LeakSanitizer stops
# the process at exit makes its tracer log "Unable to get registers from
# thread N" (about the kill, not about dlrig).  The runs after each kill keep
# the leak check.
kill_at() {
    local us=$1
    shift
    ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" "$@" >/dev/null 2>&1 &
    local pid=$!
    sleep "$(printf '0.%06d' "$us")"
    if kill -KILL $pid 2>/dev/null; then
        wait $pid 2>/dev/null
        return 0
    fi
    wait $pid 2>/dev/null
    return 1
}

declare -A killed=() done_=() temps=()
kinds=(recommend export import clear)
for ((i = 0; i < KILLS; i++)); do
    kind=${kinds[$((i % 4))]}
    case $kind in
    recommend)
        cp "$TMP/rec-old.json" "$W/r.json"
        d=$(duration env XDG_DATA_HOME="$NP" "$DLRIG" recommend --workload transformer --budget-usd 30000 -o "$W/probe.json")
        kill_at $((RANDOM * (d + d / 5) / 32768)) env XDG_DATA_HOME="$NP" "$DLRIG" recommend --workload transformer --budget-usd 30000 -o "$W/r.json" &&
            killed[$kind]=$((${killed[$kind]:-0} + 1)) || done_[$kind]=$((${done_[$kind]:-0} + 1))
        cmp -s "$W/r.json" "$TMP/rec-old.json" || cmp -s "$W/r.json" "$TMP/rec-new.json" ||
            bad "recommend kill $i: r.json is neither version"
        env XDG_DATA_HOME="$NP" "$DLRIG" check "$W/r.json" >/dev/null 2>&1
        [ $? -le 1 ] || bad "recommend kill $i: check cannot read r.json"
        ;;
    export)
        cp "$TMP/exp-old.html" "$W/e.html"
        d=$(duration env XDG_DATA_HOME="$NP" "$DLRIG" export "$DATA/builds/clean.json" --format html --customer "New customer" -o "$W/probe.html" --force)
        kill_at $((RANDOM * (d + d / 5) / 32768)) env XDG_DATA_HOME="$NP" "$DLRIG" export "$DATA/builds/clean.json" --format html \
            --customer "New customer" -o "$W/e.html" --force &&
            killed[$kind]=$((${killed[$kind]:-0} + 1)) || done_[$kind]=$((${done_[$kind]:-0} + 1))
        cmp -s "$W/e.html" "$TMP/exp-old.html" || cmp -s "$W/e.html" "$TMP/exp-new.html" ||
            bad "export kill $i: e.html is neither version"
        ;;
    import | clear)
        "$DLRIG" prices clear >/dev/null 2>&1
        "$DLRIG" prices import "$TMP/small.csv" >/dev/null 2>&1
        if [ $kind = import ]; then
            d=$(duration "$DLRIG" prices import "$TMP/big.csv")
            "$DLRIG" prices clear >/dev/null 2>&1
            "$DLRIG" prices import "$TMP/small.csv" >/dev/null 2>&1
            cmd=("$DLRIG" prices import "$TMP/big.csv")
            want="$small $big"
        else
            "$DLRIG" prices import "$TMP/big.csv" >/dev/null 2>&1
            cmd=("$DLRIG" prices clear)
            want="$big 0"
        fi
        [ $kind = clear ] && d=$(( d > 0 ? d : 50000 ))
        kill_at $((RANDOM * (d + d / 5) / 32768)) "${cmd[@]}" &&
            killed[$kind]=$((${killed[$kind]:-0} + 1)) || done_[$kind]=$((${done_[$kind]:-0} + 1))
        # every command works afterwards, and the prices are all or nothing
        "$DLRIG" parts --category gpu >/dev/null 2>&1 || bad "$kind kill $i: parts fails afterwards"
        "$DLRIG" check "$DATA/builds/clean.json" >/dev/null 2>&1 || bad "$kind kill $i: check fails afterwards"
        got=$(prices_state)
        case " $want " in *" $got "*) ;; *) bad "$kind kill $i: $got prices, want one of: $want" ;; esac
        ;;
    esac
    n=$(find "$W" "$XDG_DATA_HOME" -name '*.tmp[0-9]*' ! -name 'r.json.tmp123-abcdef' ! -name 'thesis.tmp2024-draft1' | wc -l)
    temps[$kind]=$((${temps[$kind]:-0} + n))
done
# what killed writers left: nothing, or complete versions; the user's files untouched
left=0
while IFS= read -r f; do
    case $f in */r.json.tmp123-abcdef | */thesis.tmp2024-draft1) continue ;; esac
    left=$((left + 1))
    cmp -s "$f" "$TMP/rec-old.json" || cmp -s "$f" "$TMP/rec-new.json" || cmp -s "$f" "$TMP/exp-old.html" ||
        cmp -s "$f" "$TMP/exp-new.html" || bad "temporary file $f is not a complete version"
done < <(find "$W" -name '*.tmp*')
env XDG_DATA_HOME="$NP" "$DLRIG" recommend --workload cnn --budget-usd 9000 -o "$W/final.json" >/dev/null 2>&1
[ "$(cat "$W/r.json.tmp123-abcdef" "$W/thesis.tmp2024-draft1" 2>/dev/null)" = "$(printf "a user's file\nanother")" ] ||
    bad "a user's file named like a temporary file was changed or removed"
for k in "${kinds[@]}"; do
    echo "killloop: $k: ${killed[$k]:-0} killed while running, ${done_[$k]:-0} finished first"
done
echo "killloop: $KILLS kills, temporary files seen after kills: ${temps[recommend]:-0}+${temps[export]:-0} ($left left at the end, each a complete version; none removed that dlrig did not create); $fail failures"
[ "$fail" -eq 0 ]
