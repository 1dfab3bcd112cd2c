#!/usr/bin/env bash
# Vendor-validated builds must pass 'dlrig check' (no error finding) and
# known-bad builds must fail with the finding their source documents
# (tests/data/vendor_builds.json).  Usage: vendor_builds.sh PATH_TO_DLRIG
set -u
DLRIG=$1
DATA=$(cd "$(dirname "$0")/../data" && pwd)
MANIFEST=$DATA/vendor_builds.json
export NO_COLOR=1 LC_ALL=C.UTF-8
command -v jq >/dev/null || { echo "vendor_builds: jq is required"; exit 1; }
pass=0
fail=0
good=0
bad=0
while IFS=$'\t' read -r file verdict finding; do
    out=$("$DLRIG" check "$DATA/builds/$file" --json 2>&1)
    rc=$?
    errors=$(printf '%s' "$out" | jq -r '[.findings[] | select(.severity == "error") | .id] | join(" ")' 2>/dev/null)
    if [ "$verdict" = pass ]; then
        good=$((good + 1))
        if [ "$rc" -eq 0 ] && [ -z "$errors" ]; then
            pass=$((pass + 1))
        else
            fail=$((fail + 1))
            echo "FAIL $file: a vendor-validated build gets errors (exit $rc): ${errors:-$out}"
        fi
    else
        bad=$((bad + 1))
        if [ "$rc" -eq 1 ] && printf ' %s ' "$errors" | grep -q " $finding "; then
            pass=$((pass + 1))
        else
            fail=$((fail + 1))
            echo "FAIL $file: a known-bad build should fail with $finding (exit $rc, errors: ${errors:-none})"
        fi
    fi
done < <(jq -r '.builds[] | [.file, .verdict, (.finding // "-")] | @tsv' "$MANIFEST")
echo "vendor builds: $good should pass, $bad should fail; $pass as expected, $fail not"
[ "$good" -ge 5 ] && [ "$bad" -ge 5 ] || { echo "FAIL: want at least 5 of each"; exit 1; }
[ "$fail" -eq 0 ]
