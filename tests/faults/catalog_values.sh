#!/usr/bin/env bash
# An untrusted --catalog whose tables lack the shipped constraints: every
# NOT NULL column set to NULL, values of the wrong type, out of range, a
# missing referenced row.  Each must be refused when the file is opened
# (exit 3, the message naming table, row and column), never crash a command.
#
#   tests/faults/catalog_values.sh PATH_TO_DLRIG PATH_TO_CATALOG_DB
set -uo pipefail
DLRIG=$1
CATDB=$2
DATA=$(cd "$(dirname "$0")/../data" && pwd)
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
export HOME=$TMP XDG_DATA_HOME=$TMP/data XDG_CONFIG_HOME=$TMP/config NO_COLOR=1 LC_ALL=C.UTF-8
pass=0
fail=0
BUILD=$DATA/builds/clean.json

# The shipped catalog's data in tables without any constraint (no NOT NULL,
# CHECK, STRICT, keys or references): what a hand-made file may be.
{
    echo "ATTACH '$CATDB' AS cat;"
    sqlite3 "$CATDB" "SELECT 'CREATE TABLE main.\"' || name || '\" AS SELECT * FROM cat.\"' || name || '\";'
                      FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
    sqlite3 "$CATDB" "SELECT sql || ';' FROM sqlite_schema WHERE type = 'view'"
    echo "PRAGMA main.user_version = $(sqlite3 "$CATDB" 'PRAGMA user_version');"
} | sqlite3 "$TMP/loose.db"
if ! "$DLRIG" --catalog "$TMP/loose.db" check "$BUILD" >/dev/null 2>&1; then
    echo "FAIL loose-catalog-ok: the unconstrained copy of the catalog must still be accepted"
    "$DLRIG" --catalog "$TMP/loose.db" check "$BUILD" 2>&1 | head -3
    fail=$((fail + 1))
fi

# refused CASE SQL PATTERN [COMMANDS]: the loose catalog changed by SQL is
# refused with a message matching PATTERN by check (and recommend, parts).
crashed=0
refused() {
    local name=$1 sql=$2 pattern=$3 out rc cmd
    local cmds=("check $BUILD" "recommend --workload cnn --budget-usd 9000" "parts")
    [ "${4:-}" = quick ] && cmds=("check $BUILD")
    cp "$TMP/loose.db" "$TMP/case.db"
    sqlite3 "$TMP/case.db" "$sql" || { echo "FAIL $name: bad SQL"; fail=$((fail + 1)); return; }
    for cmd in "${cmds[@]}"; do
        # shellcheck disable=SC2086
        out=$(timeout 20 "$DLRIG" --catalog "$TMP/case.db" $cmd 2>&1)
        rc=$?
        [ $rc -gt 128 ] && crashed=$((crashed + 1))
        if [ $rc -ne 3 ] || ! printf '%s' "$out" | grep -Eq -- "$pattern"; then
            echo "FAIL $name ($cmd): exit $rc (want 3), output:"
            printf '%s\n' "$out" | head -3
            fail=$((fail + 1))
            return
        fi
    done
    pass=$((pass + 1))
}

# every NOT NULL column of the schema, NULL in one row
while IFS='|' read -r t c; do
    refused "null-$t.$c" "UPDATE \"$t\" SET \"$c\" = NULL WHERE rowid = (SELECT max(rowid) FROM \"$t\")" \
        "table $t, row .*, column $c: expected a value \\(NULL found\\)" quick
done < <(sqlite3 "$CATDB" "SELECT m.name, p.name FROM sqlite_schema m, pragma_table_info(m.name) p
                           WHERE m.type = 'table' AND p.\"notnull\" AND m.name NOT LIKE 'sqlite_%' ORDER BY m.name, p.cid")
nulls=$pass
# a NULL key in a reference table
refused null-key-architecture "UPDATE architecture SET id = NULL WHERE rowid = (SELECT max(rowid) FROM architecture)" \
    'table architecture, row NULL, column id: expected a value'
# types, ranges, references
refused text-for-number "UPDATE gpu SET vram_gb = 'lots' WHERE id = 'nvidia-rtx-4090'" \
    "table gpu, row 'nvidia-rtx-4090', column vram_gb: expected a value of type REAL"
refused slots-huge "UPDATE gpu SET slots = 1e300 WHERE id = 'nvidia-rtx-4090'" \
    "table gpu, row 'nvidia-rtx-4090', column slots: expected a finite number"
refused slots-five "UPDATE gpu SET slots = 5 WHERE id = 'nvidia-rtx-4090'" \
    "table gpu, row 'nvidia-rtx-4090', column slots: expected 1 to 4 slots"
refused slots-zero "UPDATE gpu SET slots = 0 WHERE id = 'nvidia-rtx-4090'" "column slots: expected 1 to 4 slots"
refused vram-negative "UPDATE gpu SET vram_gb = -24 WHERE id = 'nvidia-rtx-4090'" "column vram_gb: expected a positive size"
refused position-intmax "UPDATE board_slot SET position = 2147483647 WHERE rowid = 1" \
    "table board_slot, row '[^']*', 2147483647, column position: expected a number of at most 1e9"
refused position-far "UPDATE board_slot SET position = position + 100 WHERE rowid = 1" \
    "table board_slot, .*column position: expected a position from 1 to 32"
refused positions-many "UPDATE motherboard SET expansion_positions = 200 WHERE id = 'gigabyte-trx50-aero-d'" \
    "table motherboard, row 'gigabyte-trx50-aero-d', column expansion_positions: expected 1 to 32"
refused width-odd "UPDATE board_slot SET physical_width = 3 WHERE rowid = 1" \
    "table board_slot, .*column physical_width: expected a value where \(physical_width IN \(1,4,8,16\)\)"
refused cooler-kind "UPDATE cooler SET kind = 'magic' WHERE rowid = 1" "table cooler, .*column kind: expected a value where"
# the closed vocabularies the program decodes (vocab.h): an unknown value is refused, naming it
refused arch-platform "UPDATE architecture SET platform = 'metal' WHERE id = 'ada'" \
    "table architecture, row 'ada', column platform: expected a value where \(platform IN \('cuda','rocm','xpu'\)\)" quick
refused gpu-segment "UPDATE gpu SET segment = 'gaming' WHERE id = 'nvidia-rtx-4090'" \
    "table gpu, row 'nvidia-rtx-4090', column segment: expected a value where" quick
refused gpu-form "UPDATE gpu SET form_factor = 'oam' WHERE id = 'nvidia-rtx-4090'" \
    "table gpu, row 'nvidia-rtx-4090', column form_factor: expected a value where" quick
refused offer-condition "UPDATE price_offer SET condition = 'broken' WHERE rowid = 1" \
    "table price_offer, .*column condition: expected a value where" quick
refused arch-share "UPDATE architecture SET tensor_generation_share = 2 WHERE id = 'turing'" \
    "table architecture, row 'turing', column tensor_generation_share: expected a value where" quick
refused lanes-huge "UPDATE cpu SET pcie_lanes = 100000 WHERE rowid = 1" "table cpu, .*column pcie_lanes: expected 0 to 256"
refused price-inf "UPDATE gpu SET price_usd = 1e999 WHERE id = 'nvidia-rtx-4090'" "column price_usd: expected a finite number"
refused missing-arch "UPDATE gpu SET architecture = 'nowhere' WHERE id = 'nvidia-rtx-4090'" \
    "table gpu, row 'nvidia-rtx-4090', column architecture: expected a value found in architecture.id"
refused missing-slot "UPDATE board_lane_share SET slot_position = 31 WHERE rowid = 1" \
    'table board_lane_share, row .*, column board_id: expected a value found in board_slot.board_id'

# A valid but pathological board: 32 x16 slots, one per position.  The GPU
# placement search is exponential in slots x cards; it is bounded, so check
# and recommend stay fast (unbounded: 14.6 s for 10 single-slot cards, 12 s
# for recommend).
cp "$CATDB" "$TMP/many.db"
sqlite3 "$TMP/many.db" "DELETE FROM board_slot WHERE board_id = 'gigabyte-trx50-aero-d';
    INSERT INTO board_slot SELECT 'gigabyte-trx50-aero-d', value, 16, 16, 5, 'cpu1', NULL FROM generate_series(1, 32);
    UPDATE motherboard SET expansion_positions = 32 WHERE id = 'gigabyte-trx50-aero-d'"
for q in 10 12 24; do
    sed -e "s/\"qty\": 2}/\"qty\": $q}/" -e 's/nvidia-rtx-5000-ada/nvidia-rtx-a4000/' "$BUILD" > "$TMP/many$q.json"
    start=$(date +%s%N)
    out=$(timeout 5 "$DLRIG" --catalog "$TMP/many.db" check "$TMP/many$q.json" 2>&1)
    rc=$?
    ms=$(( ($(date +%s%N) - start) / 1000000 ))
    if [ $rc -eq 124 ] || [ $rc -gt 128 ] || [ $ms -gt 3000 ] || printf '%s' "$out" | grep -q 'pcie.slots'; then
        echo "FAIL many-slots-check-$q: exit $rc after $ms ms"
        printf '%s\n' "$out" | grep -m2 'pcie.slots\|GPU'
        fail=$((fail + 1))
    else
        pass=$((pass + 1))
    fi
done
start=$(date +%s%N)
timeout 8 "$DLRIG" --catalog "$TMP/many.db" recommend --workload cnn --budget-usd 90000 >/dev/null 2>&1
rc=$?
ms=$(( ($(date +%s%N) - start) / 1000000 ))
if [ $rc -ne 0 ] || [ $ms -gt 5000 ]; then
    echo "FAIL many-slots-recommend: exit $rc after $ms ms"
    fail=$((fail + 1))
else
    pass=$((pass + 1))
fi

# A file that passed its checks is not checked again while it is unchanged
# ($XDG_CACHE_HOME/dlrig/checked-catalogs); any write to it, even one that
# puts the modification time back, brings the checks back.
export XDG_CACHE_HOME=$TMP/cache
cp "$TMP/loose.db" "$TMP/kept.db"
touch -r "$TMP/kept.db" "$TMP/kept.ref"
sleep 3 # a file changed in the last 2 seconds is not remembered
for run in first remembered; do
    if ! "$DLRIG" --catalog "$TMP/kept.db" check "$BUILD" >/dev/null 2>&1; then
        echo "FAIL checked-once-$run: the unchanged catalog must be accepted"
        fail=$((fail + 1))
    else
        pass=$((pass + 1))
    fi
done
if [ "$(wc -l < "$XDG_CACHE_HOME/dlrig/checked-catalogs" 2>/dev/null)" != 1 ]; then
    echo "FAIL checked-once-remembered: checked-catalogs should name the file once"
    fail=$((fail + 1))
else
    pass=$((pass + 1))
fi
sqlite3 "$TMP/kept.db" "UPDATE gpu SET vram_gb = -1 WHERE rowid = (SELECT min(rowid) FROM gpu)"
touch -r "$TMP/kept.ref" "$TMP/kept.db" # the old modification time, same size
out=$("$DLRIG" --catalog "$TMP/kept.db" check "$BUILD" 2>&1)
rc=$?
if [ $rc -ne 3 ] || ! printf '%s' "$out" | grep -q 'column vram_gb'; then
    echo "FAIL checked-once-changed: a changed remembered file must be checked again: exit $rc"
    printf '%s\n' "$out" | head -3
    fail=$((fail + 1))
else
    pass=$((pass + 1))
fi

echo "catalog values: $pass passed ($nulls NOT NULL columns), $fail failed; $crashed commands died of a signal"
[ "$fail" -eq 0 ]
