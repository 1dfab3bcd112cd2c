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
# a key twice (the file need not declare it unique)
refused duplicate-id "INSERT INTO gpu SELECT * FROM gpu WHERE id = 'nvidia-rtx-4090'" \
    "table gpu, row 'nvidia-rtx-4090': the key appears more than once" quick
# counts multiplied by quantities in int arithmetic: bounded
refused psu-connectors-huge "UPDATE psu SET pcie_8pin = 1000000000 WHERE rowid = 1" "table psu, .*column pcie_8pin: expected 0 to 64 connectors" quick
refused gpu-connectors-huge "UPDATE gpu SET power_8pin = 100 WHERE id = 'nvidia-rtx-4090'" "column power_8pin: expected 0 to 16 connectors" quick
refused memory-modules-huge "UPDATE memory SET modules = 1000000000 WHERE rowid = 1" "table memory, .*column modules: expected 1 to 64 modules" quick
refused price-inf "UPDATE gpu SET price_usd = 1e999 WHERE id = 'nvidia-rtx-4090'" "column price_usd: expected a finite number"
refused missing-arch "UPDATE gpu SET architecture = 'nowhere' WHERE id = 'nvidia-rtx-4090'" \
    "table gpu, row 'nvidia-rtx-4090', column architecture: expected a value found in architecture.id"
refused missing-slot "UPDATE board_lane_share SET slot_position = 31 WHERE rowid = 1" \
    'table board_lane_share, row .*, column board_id: expected a value found in board_slot.board_id'

# ---- the shape of the file: every statement reads the dlrig tables by name,
# so each must be a stored table (no view, no generated or hidden column),
# the file has no trigger, and its text is bounded, showable text.
cols_but() { # the columns of table $1 with column $2 replaced by NULL
    sqlite3 "$TMP/loose.db" "SELECT group_concat(CASE WHEN name = '$2' THEN 'NULL AS \"$2\"' ELSE '\"' || name || '\"' END, ',')
                             FROM pragma_table_info('$1')"
}
refused view-null-socket "ALTER TABLE cpu RENAME TO cpu_real; CREATE VIEW cpu AS SELECT $(cols_but cpu socket) FROM cpu_real" \
    'not a usable dlrig catalog \(cpu is a view in this file'
refused view-null-source-id "ALTER TABLE source RENAME TO source_real; CREATE VIEW source AS SELECT $(cols_but source id) FROM source_real" \
    'source is a view in this file' quick
refused generated-socket "ALTER TABLE cpu DROP COLUMN socket; ALTER TABLE cpu ADD COLUMN socket TEXT GENERATED ALWAYS AS (NULL) VIRTUAL" \
    'table cpu, column socket: a generated column'
refused trigger "CREATE TRIGGER t AFTER UPDATE ON gpu BEGIN SELECT RAISE(ABORT, 'x'); END" 'it has a trigger \(t\)' quick
refused id-backtick "UPDATE gpu SET id = 'rtx\`<img src=x onerror=alert(1)>\`' WHERE id = 'nvidia-rtx-4090'" \
    "table gpu, row 'rtx\`<img src=x onerror=alert\(1\)>\`', column id: expected an id of 1 to 64 characters" quick
refused id-upper "UPDATE cpu SET id = 'AMD-X' WHERE rowid = 1" 'table cpu, .*column id: expected an id' quick
refused ref-id-space "UPDATE workload SET id = 'c n n' WHERE id = 'cnn'" 'table workload, .*column id: expected an id' quick
refused name-escape "UPDATE gpu SET name = 'Evil' || char(27) || ']0;PWNED' || char(7) WHERE id = 'nvidia-rtx-4090'" \
    "table gpu, row 'nvidia-rtx-4090', column name: expected text of at most 4096 bytes of UTF-8 without control" quick
refused name-not-utf8 "UPDATE gpu SET name = 'Bad ' || CAST(X'FFFE' AS TEXT) WHERE id = 'nvidia-rtx-4090'" \
    'column name: expected text of at most 4096 bytes of UTF-8' quick
refused name-1mb "UPDATE gpu SET name = name || printf('%.*c', 1000000, 'x') WHERE id = 'nvidia-rtx-5000-ada'" \
    "table gpu, row 'nvidia-rtx-5000-ada', column name: expected text of at most 4096 bytes" quick
# a view named like a reference table whose query never ends: refused at once
# (before: every command hung at open)
cp "$TMP/loose.db" "$TMP/bomb.db"
sqlite3 "$TMP/bomb.db" "ALTER TABLE framework RENAME TO framework_real; CREATE VIEW framework AS
    WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c)
    SELECT $(cols_but framework none) FROM framework_real, (SELECT x FROM c ORDER BY x DESC LIMIT 1)"
start=$(date +%s%N)
out=$(timeout 20 "$DLRIG" --catalog "$TMP/bomb.db" parts 2>&1)
rc=$?
ms=$(( ($(date +%s%N) - start) / 1000000 ))
if [ $rc -ne 3 ] || [ $ms -gt 5000 ] || ! printf '%s' "$out" | grep -q 'framework is a view'; then
    echo "FAIL cte-bomb: exit $rc after $ms ms (want 3 at once):"; printf '%s\n' "$out" | head -2; fail=$((fail + 1))
else pass=$((pass + 1)); fi
# every statement is bounded: a statement past the limit stops with a message
# (the limit lowered for the test; 5,000 more sources make their check long)
cp "$TMP/loose.db" "$TMP/long.db"
sqlite3 "$TMP/long.db" "INSERT INTO source (id, title) SELECT 'extra-source-' || value, 'An extra source' FROM generate_series(1, 5000)"
out=$(DLRIG_QUERY_MAX_STEPS=20000 timeout 20 "$DLRIG" --catalog "$TMP/long.db" parts 2>&1)
rc=$?
if [ $rc -ne 3 ] || ! printf '%s' "$out" | grep -q 'a query ran past its limit of 20000 steps'; then
    echo "FAIL query-limit: exit $rc (want 3, 'a query ran past its limit'):"; printf '%s\n' "$out" | head -2; fail=$((fail + 1))
else pass=$((pass + 1)); fi
"$DLRIG" --catalog "$TMP/long.db" parts >/dev/null 2>&1 && pass=$((pass + 1)) ||
    { echo "FAIL query-limit-default: the long catalog must open under the normal limit"; fail=$((fail + 1)); }
# a hot journal beside the file (a write was interrupted): said as such
cp "$CATDB" "$TMP/hot.db"
mkdir -p "$TMP/hotcopy"
sqlite3 "$TMP/hot.db" "PRAGMA cache_size=1; BEGIN; UPDATE gpu SET name = name || 'x'; UPDATE cpu SET name = name || 'x';" \
    ".system cp $TMP/hot.db $TMP/hot.db-journal $TMP/hotcopy/" "ROLLBACK;"
out=$("$DLRIG" --catalog "$TMP/hotcopy/hot.db" parts 2>&1)
rc=$?
if [ $rc -ne 3 ] || ! printf '%s' "$out" | grep -q 'hot.db: has an unfinished write (.*hot.db-journal): open it once with write access'; then
    echo "FAIL hot-journal: exit $rc:"; printf '%s\n' "$out" | head -2; fail=$((fail + 1))
else pass=$((pass + 1)); fi
# a directory or a FIFO given as the catalog: said at once, never waited on
mkdir -p "$TMP/dir.db"
out=$(timeout 5 "$DLRIG" --catalog "$TMP/dir.db" parts 2>&1)
rc=$?
{ [ $rc -eq 3 ] && printf '%s' "$out" | grep -q 'dir.db: is a directory'; } && pass=$((pass + 1)) ||
    { echo "FAIL catalog-directory: exit $rc: $out"; fail=$((fail + 1)); }
cp "$CATDB" "$TMP/side.db"
mkfifo "$TMP/side.db-journal" # SQLite opens it to look for a hot journal: it hung
out=$(timeout 5 "$DLRIG" --catalog "$TMP/side.db" parts 2>&1)
rc=$?
{ [ $rc -eq 3 ] && printf '%s' "$out" | grep -q 'side.db-journal: is not a regular file'; } && pass=$((pass + 1)) ||
    { echo "FAIL catalog-journal-fifo: exit $rc: $out"; fail=$((fail + 1)); }
mkfifo "$TMP/fifo.db"
out=$(timeout 5 "$DLRIG" --catalog "$TMP/fifo.db" parts 2>&1)
rc=$?
{ [ $rc -eq 3 ] && printf '%s' "$out" | grep -q 'fifo.db: is not a regular file'; } && pass=$((pass + 1)) ||
    { echo "FAIL catalog-fifo: exit $rc (124: hung): $out"; fail=$((fail + 1)); }

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
# a catalog in WAL mode: its -wal file can change the rows while the main file stays the same
cp "$TMP/loose.db" "$TMP/wal.db"
sqlite3 "$TMP/wal.db" "PRAGMA journal_mode=WAL" >/dev/null
sleep 3 # a file changed in the last 2 seconds is not remembered
# (its own cache: a WAL catalog's -shm file changes with every reader, so it is checked at every open)
XDG_CACHE_HOME=$TMP/walcache "$DLRIG" --catalog "$TMP/wal.db" check "$BUILD" >/dev/null 2>&1 ||
    { echo "FAIL wal-first: refused"; fail=$((fail + 1)); }
sqlite3 "$TMP/wal.db" ".dbconfig no_ckpt_on_close on" "UPDATE cpu SET socket = NULL" >/dev/null # stays in wal.db-wal
out=$(XDG_CACHE_HOME=$TMP/walcache "$DLRIG" --catalog "$TMP/wal.db" check "$BUILD" 2>&1)
rc=$?
if [ $rc -ne 3 ] || ! printf '%s' "$out" | grep -q 'table cpu, row .*, column socket: expected a value (NULL found)'; then
    echo "FAIL wal-changed: a change in the -wal file must bring the checks back: exit $rc"
    printf '%s\n' "$out" | head -3
    fail=$((fail + 1))
else
    pass=$((pass + 1))
fi
# a FIFO in place of the cache file is not waited on
mkdir -p "$TMP/fifocache/dlrig"
mkfifo "$TMP/fifocache/dlrig/checked-catalogs"
out=$(XDG_CACHE_HOME=$TMP/fifocache timeout 5 "$DLRIG" --catalog "$TMP/kept.db" parts 2>&1 >/dev/null)
rc=$?
[ $rc -eq 0 ] && [ -p "$TMP/fifocache/dlrig/checked-catalogs" ] && pass=$((pass + 1)) ||
    { echo "FAIL cache-fifo: exit $rc (124: hung): $out"; fail=$((fail + 1)); }
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
