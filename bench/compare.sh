#!/usr/bin/env bash
# Times `recommend` with two dlrig programs, runs interleaved (old, new, old,
# new, ...) so that a shared, noisy machine weighs on both alike, and prints
# each one's minimum and median and the new/old ratios: the shipped catalog
# and the 100x synthetic catalog without twins, CNN $10k and transformer $40k.
# Usage: bench/compare.sh BUILD_DIR OLD_DLRIG NEW_DLRIG [RUNS]
# (BUILD_DIR: where bench/timeit, bench/gen_catalog and catalog.db are)
set -euo pipefail
B=$(cd "${1:?build dir}" && pwd)
OLD=$(cd "$(dirname "${2:?old dlrig}")" && pwd)/$(basename "$2")
NEW=$(cd "$(dirname "${3:?new dlrig}")" && pwd)/$(basename "$3")
RUNS=${4:-30}
T="$B/bench/timeit"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
export HOME=$TMP XDG_DATA_HOME=$TMP/data XDG_CONFIG_HOME=$TMP/config XDG_CACHE_HOME=$TMP/cache NO_COLOR=1 \
    LC_ALL=C.UTF-8
"$B/bench/gen_catalog" "$B/catalog.db" "$TMP/cat100d.db" 100 distinct
sync # its write-back would otherwise slow the first runs

# stats FILE: "min median" of the numbers in FILE
stats() { sort -g "$1" | awk '{v[NR]=$1} END {printf "%.1f %.1f\n", v[1], (NR % 2) ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }

echo "Machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $(uname -sr); $(date -u +%Y-%m-%dT%H:%MZ); $RUNS runs each"
printf '| %-34s | %16s | %16s | %13s |\n' "recommend (ms, whole process)" "old min / median" "new min / median" "new/old (min)"
printf '|%s|%s|%s|%s|\n' "------------------------------------" "-----------------:" "-----------------:" "--------------:"
row() {
    local label=$1 n=$2
    shift 2
    : >"$TMP/old" && : >"$TMP/new"
    "$OLD" "$@" >/dev/null 2>&1 || true # warm: page cache, and a --catalog file's checks remembered
    "$NEW" "$@" >/dev/null 2>&1 || true
    for ((i = 0; i < n; i++)); do
        "$T" 1 "$OLD" "$@" | awk '{print $1}' >>"$TMP/old"
        "$T" 1 "$NEW" "$@" | awk '{print $1}' >>"$TMP/new"
    done
    read -r omin omed < <(stats "$TMP/old")
    read -r nmin nmed < <(stats "$TMP/new")
    printf '| %-34s | %16s | %16s | %13s |\n' "$label" "$omin / $omed" "$nmin / $nmed" \
        "$(awk -v a="$nmin" -v b="$omin" 'BEGIN{printf "%.2f", a/b}')"
}
row "shipped, cnn \$10k" "$RUNS" recommend --workload cnn --budget-usd 10000
row "shipped, transformer \$40k" "$RUNS" recommend --workload transformer --budget-usd 40000
n100=$(( RUNS / 3 > 5 ? RUNS / 3 : 5 ))
row "100x no twins, cnn \$10k" "$n100" --catalog "$TMP/cat100d.db" recommend --workload cnn --budget-usd 10000
row "100x no twins, transformer \$40k" "$n100" --catalog "$TMP/cat100d.db" recommend --workload transformer \
    --budget-usd 40000
