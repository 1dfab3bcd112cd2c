#!/usr/bin/env bash
# Command-line contract tests: exit statuses, messages naming the problem,
# JSON documents.  Usage: run.sh PATH_TO_DLRIG PATH_TO_CATALOG_DB
set -u
DLRIG=$1
CATDB=$2
DATA=$(cd "$(dirname "$0")/../data" && pwd)
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
export HOME=$TMP XDG_DATA_HOME=$TMP/data XDG_CONFIG_HOME=$TMP/config NO_COLOR=1 LC_ALL=C.UTF-8
pass=0
fail=0

# expect NAME STATUS PATTERN -- CMD...: runs CMD, checks its exit status and
# that stdout+stderr match the extended regex PATTERN.
expect() {
    local name=$1 status=$2 pattern=$3
    shift 4
    local out rc
    out=$("$@" 2>&1)
    rc=$?
    if [ "$rc" -eq "$status" ] && printf '%s' "$out" | grep -Ezq -- "$pattern"; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "FAIL $name: exit $rc (want $status), output:"
        printf '%s\n' "$out" | head -20
    fi
}

expect help 0 'Usage: dlrig' -- "$DLRIG" --help
expect version 0 '^dlrig [0-9]+\.[0-9]+' -- "$DLRIG" --version
expect unknown-command 2 "unknown command 'frobnicate'" -- "$DLRIG" frobnicate
expect parts-gpu 0 'nvidia-rtx-4090' -- "$DLRIG" parts --category gpu
expect parts-json 0 '"parts"' -- "$DLRIG" parts --json
expect parts-bad-category 2 "unknown category 'gpus'.*gpu, cpu" -- "$DLRIG" parts --category gpus
expect parts-bad-sort 2 "unknown sort field 'speed'" -- "$DLRIG" parts --category gpu --sort speed
expect parts-filter 0 'threadripper' -- "$DLRIG" parts --filter "threadripper pro"
expect show 0 'vram_gb +24' -- "$DLRIG" show nvidia-rtx-4090
expect show-json 0 '"bandwidth_gbs"' -- "$DLRIG" show nvidia-rtx-4090 --json
expect show-unknown 2 "unknown part id 'nvidia-rtx-409'.*nvidia-rtx-4090" -- "$DLRIG" show nvidia-rtx-409
expect catalog-file 0 'nvidia-rtx-4090' -- "$DLRIG" --catalog "$CATDB" parts --category gpu
head -c 20000 /dev/urandom > "$TMP/random.db"
expect catalog-random 3 "random.db" -- "$DLRIG" --catalog "$TMP/random.db" parts
head -c 30000 "$CATDB" > "$TMP/truncated.db"
expect catalog-truncated 3 "truncated.db" -- "$DLRIG" --catalog "$TMP/truncated.db" parts
expect catalog-missing 3 "nope.db" -- "$DLRIG" --catalog "$TMP/nope.db" parts

# check / estimate on the build files
for f in "$DATA"/builds/*.json; do
    [ -e "$f" ] || continue
    case "$(basename "$f")" in
    bad-*) expect "check-$(basename "$f")" 2 "$(basename "$f")" -- "$DLRIG" check "$f" ;;
    esac
done
expect check-missing-file 3 'cannot read' -- "$DLRIG" check "$TMP/none.json"
if [ -e "$DATA/builds/clean.json" ]; then
    expect check-clean 0 'No findings' -- "$DLRIG" check "$DATA/builds/clean.json"
    expect check-clean-json 0 '"ok":[[:space:]]*true' -- "$DLRIG" check "$DATA/builds/clean.json" --json
    expect estimate-json 0 '"unit":[[:space:]]*"samples/s"' -- "$DLRIG" estimate "$DATA/builds/clean.json" --json
    expect estimate-bad-workload 2 "unknown workload 'cnnn'" -- "$DLRIG" estimate "$DATA/builds/clean.json" --workload cnnn
fi

# recommend
expect recommend-no-workload 2 'workload is required' -- "$DLRIG" recommend --budget-usd 5000
expect recommend-bad-workload 2 "unknown value 'vision'" -- "$DLRIG" recommend --workload vision --budget-usd 5000
expect recommend-bad-budget 2 'budget-usd: expected a number' -- "$DLRIG" recommend --workload cnn --budget-usd lots
expect recommend-bad-require 2 "unknown requirement 'fast'" -- "$DLRIG" recommend --workload cnn --budget-usd 5000 --require ecc,fast
expect recommend-bad-framework 2 "unknown framework 'torch'" -- "$DLRIG" recommend --workload cnn --budget-usd 5000 --framework torch
expect recommend-json 0 '"recommendations"' -- "$DLRIG" recommend --workload cnn --budget-usd 10000 --json
expect recommend-out 0 'written to' -- "$DLRIG" recommend --workload cnn --budget-usd 10000 -o "$TMP/best.json"
expect recommend-out-checks 0 'Result: no errors' -- "$DLRIG" check "$TMP/best.json"
expect recommend-impossible 1 'no build meets' -- "$DLRIG" recommend --workload llm-finetune --model-params-m 400000 --budget-usd 3000

echo "cli: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
