#!/usr/bin/env bash
# Runs every performance budget of the design and prints a table: the value
# measured, the budget, and for start-up the ratio to a bare baseline measured
# in the same run.  Usage: bench/run.sh BUILD_DIR [RUNS]
# (build first: cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo && cmake --build build -j2)
set -euo pipefail
B=$(cd "${1:-build}" && pwd)
RUNS=${2:-200}
SRC=$(cd "$(dirname "$0")/.." && pwd)
T="$B/bench/timeit"
DL="$B/dlrig"
CLEAN="$SRC/tests/data/builds/clean.json"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
export HOME=$TMP XDG_DATA_HOME=$TMP/data XDG_CONFIG_HOME=$TMP/config XDG_CACHE_HOME=$TMP/cache NO_COLOR=1 \
    LC_ALL=C.UTF-8

med() { "$T" "$@" | awk '{print $1}'; }
rss() { "$T" "$@" | awk '{printf "%.1f", $3/1024}'; }
row() { printf '| %-44s | %12s | %-14s | %-8s |\n' "$1" "$2" "$3" "$4"; }
# ok, or OVER (noted in a file: verdict runs in a subshell; the script fails at the end)
verdict() {
    local v
    v=$(awk -v v="$1" -v b="$2" 'BEGIN{print (v+0 <= b+0) ? "ok" : "OVER"}')
    if [ "$v" = OVER ]; then echo over >>"$TMP/over"; fi
    echo "$v"
}

echo "Machine: $(nproc) cores, $(awk '/MemTotal/{printf "%.0f GiB", $2/1048576}' /proc/meminfo), $(uname -sr); $(date -u +%Y-%m-%d)"
echo
printf '| %-44s | %12s | %-14s | %-8s |\n' "measurement" "value" "budget" "verdict"
printf '|%s|%s|%s|%s|\n' "----------------------------------------------" "-------------:" "----------------" "----------"

# Start-up: dlrig parts vs the bare program that opens the same embedded catalog and runs one query.
bare=$(med "$RUNS" "$B/bench/bare_catalog")
parts=$(med "$RUNS" "$DL" parts --category gpu)
ratio=$(awk -v a="$parts" -v b="$bare" 'BEGIN{printf "%.2f", a/b}')
row "bare catalog + one query (ms, median)" "$bare" "baseline" ""
row "dlrig parts --category gpu (ms, median)" "$parts" "" ""
row "  ratio to baseline" "${ratio}x" "<= 2x" "$(verdict "$ratio" 2)"

# TUI start to first frame vs bare ncurses + catalog: both draw one frame and exit.
if [ -x "$B/bench/bare_tui" ]; then
    bt=$(TERM=xterm-256color med "$RUNS" script -qfec "$B/bench/bare_tui" /dev/null)
    tt=$(TERM=xterm-256color DLRIG_EXIT_AFTER_FIRST_FRAME=1 med "$RUNS" script -qfec "$DL" /dev/null)
    r2=$(awk -v a="$tt" -v b="$bt" 'BEGIN{printf "%.2f", a/b}')
    row "bare ncurses + catalog, one frame (ms)" "$bt" "baseline" ""
    row "dlrig to first frame (ms)" "$tt" "" ""
    row "  ratio to baseline" "${r2}x" "<= 2x" "$(verdict "$r2" 2)"
fi

chk=$(med "$RUNS" "$DL" check "$CLEAN")
row "dlrig check clean.json (ms, whole process)" "$chk" "< 5 ms" "$(verdict "$chk" 5)"
FIXB="$SRC/tests/data/fix/circuit.json"
chkf=$(med "$RUNS" "$DL" check "$FIXB")
row "dlrig check, 4 errors + fix-its (ms)" "$chkf" "" ""
chkj=$(med "$RUNS" "$DL" check --json "$FIXB")
row "dlrig check --json, 3 fix-its a finding (ms)" "$chkj" "" ""
fixt=$(med 50 "$DL" fix --dry-run "$FIXB")
row "dlrig fix --dry-run, 4 errors (ms)" "$fixt" "" ""
us=$("$B/bench/dlrig-inproc" check "$CLEAN")
row "rules_check in-process (us)" "$us" "< 50 us" "$(verdict "$us" 50)"
rec=$(med 30 "$DL" recommend --workload cnn --budget-usd 10000)
row "dlrig recommend cnn \$10k (ms, whole process)" "$rec" "< 20 ms" "$(verdict "$rec" 20)"
rect=$(med 30 "$DL" recommend --workload transformer --budget-usd 40000)
row "dlrig recommend transformer \$40k (ms)" "$rect" "< 20 ms" "$(verdict "$rect" 20)"
mem=$(rss 5 "$DL" recommend --workload cnn --budget-usd 10000)
row "peak RSS, recommend (MiB)" "$mem" "< 32 MiB" "$(verdict "$mem" 32)"

# Scaling with synthetic catalogs 1x .. 1000x the shipped one.
echo
printf '| %-8s | %8s | %14s | %16s | %18s | %14s |\n' "catalog" "parts" "check (ms)" "recommend (ms)" "filter/key (ms)" "parts (ms)"
printf '|%s|%s|%s|%s|%s|%s|\n' "----------" "---------:" "---------------:" "-----------------:" "-------------------:" "---------------:"
for f in 1 10 100 1000; do
    db="$TMP/cat$f.db"
    "$B/bench/gen_catalog" "$B/catalog.db" "$db" "$f"
    sync # the new file's write-back would otherwise slow the first runs that read it
    n=$("$B/bench/dlrig-inproc" filter "$db" | awk '{print $1}')
    filt=$("$B/bench/dlrig-inproc" filter "$db" | awk '{print $3}')
    runs=$RUNS; [ "$f" -ge 100 ] && runs=5
    c=$(med "$runs" "$DL" --catalog "$db" check "$CLEAN")
    r=$(med $([ "$f" -ge 100 ] && echo 3 || echo 10) "$DL" --catalog "$db" recommend --workload cnn --budget-usd 10000)
    p=$(med "$runs" "$DL" --catalog "$db" parts --category gpu)
    printf '| %-8s | %8s | %14s | %16s | %18s | %14s |\n' "${f}x" "$n" "$c" "$r" "$filt" "$p"
    [ "$f" -eq 100 ] && R100=$r
    [ "$f" -eq 1000 ] && F1000=$filt && N1000=$n
done
# The copies above are twins of their originals but for price (the advisor
# skips dearer twins); "distinct" copies differ in GPU rates and case limits too.
"$B/bench/gen_catalog" "$B/catalog.db" "$TMP/cat100d.db" 100 distinct
sync
# The first open of a --catalog file checks it in full; it is then
# remembered (XDG_CACHE_HOME) and later runs skip the checks.
R100F=$(med 1 "$DL" --catalog "$TMP/cat100d.db" recommend --workload cnn --budget-usd 10000)
# The runs right after the first open are slower for a while (the kernel is still settling the new
# 25 MB file's pages); three unmeasured runs keep that out of the steady-state figure below.
med 3 "$DL" --catalog "$TMP/cat100d.db" recommend --workload cnn --budget-usd 10000 >/dev/null
R100D=$(med 7 "$DL" --catalog "$TMP/cat100d.db" recommend --workload cnn --budget-usd 10000)
R100DT=$(med 7 "$DL" --catalog "$TMP/cat100d.db" recommend --workload transformer --budget-usd 40000)
echo
row "recommend on 100x catalog (ms)" "$R100" "< 1000 ms" "$(verdict "$R100" 1000)"
row "  100x, no twins: cnn \$10k, first open (ms)" "$R100F" "" ""
row "  100x, no twins: cnn \$10k (ms)" "$R100D" "< 300 ms" "$(verdict "$R100D" 300)"
row "  100x, no twins: transformer \$40k (ms)" "$R100DT" "< 300 ms" "$(verdict "$R100DT" 300)"
row "filter $N1000 parts, worst keystroke (ms)" "$F1000" "< 16 ms" "$(verdict "$F1000" 16)"
OVER=$(cat "$TMP/over" 2>/dev/null | wc -l)
if [ "$OVER" -gt 0 ]; then
    echo
    echo "$OVER measurement(s) over budget"
    exit 1
fi
