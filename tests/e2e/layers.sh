#!/bin/bash
# layers.sh CORE.a TUI.a CLI_OBJECT_DIR — each library reaches only what its
# layer may: SQLite only from the catalog's modules (catalog.c, userdb.c),
# curses only from the terminal interface (never from the core or the command
# line), and neither the core nor the TUI has a dependency cycle (deps.sh).
set -u
core=$1 tui=$2 clidir=$3
here=$(dirname "$0")
command -v nm >/dev/null || { echo "SKIP: nm missing"; exit 0; }
fail=0
bash "$here/deps.sh" "$core" core | tail -n 3 || fail=1
bash "$here/deps.sh" "$tui" TUI | tail -n 3 || fail=1
# "FILE SYMBOL" for every undefined symbol of the core, the TUI and the CLI's objects
undef() { nm -A --undefined-only "$@" 2>/dev/null | awk '{n = split($1, p, ":"); f = p[n-1]; if (f == "") f = p[1]; sub(/^.*\//, "", f); print f, $NF}'; }
all=$( { undef "$core"; undef "$tui"; undef "$clidir"/*.o; } )
[ -n "$all" ] || { echo "FAIL: no symbols read"; exit 1; }
sql=$(echo "$all" | awk '$2 ~ /^sqlite3_/ && $1 != "catalog.c.o" && $1 != "userdb.c.o" {print $1}' | sort -u)
if [ -n "$sql" ]; then echo "FAIL: SQLite called outside the catalog modules: $sql"; fail=1; fi
# The shared objects themselves (libncursesw.so may be a linker script).
so=$(ldconfig -p 2>/dev/null | awk '/libncursesw\.so\.[0-9]/ {print $NF; exit}')
if [ -n "$so" ]; then
    cursesyms=$(nm -D --defined-only "$so" | awk '{s = $NF; sub(/@.*/, "", s); print s}' | sort -u)
    tinfo=$(ldconfig -p 2>/dev/null | awk '/libtinfo\.so\.[0-9]/ {print $NF; exit}')
    [ -n "$tinfo" ] && cursesyms=$(printf '%s\n%s\n' "$cursesyms" "$(nm -D --defined-only "$tinfo" | awk '{s = $NF; sub(/@.*/, "", s); print s}')" | sort -u)
    outside=$( { undef "$core"; undef "$clidir"/*.o; } | awk 'NR == FNR {c[$1] = 1; next} ($2 in c) {print $1 ": " $2}' \
               <(echo "$cursesyms") - | sort -u)
    if [ -n "$outside" ]; then echo "FAIL: curses called outside the terminal interface:"; echo "$outside"; fail=1; fi
else
    echo "note: libncursesw not found; curses check skipped"
fi
[ $fail = 0 ] && echo "ok: SQLite only in catalog.c and userdb.c; curses only in the TUI"
exit $fail
