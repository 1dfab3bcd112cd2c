#!/bin/bash
# deps.sh LIB.a NAME — the object files of a library form no dependency cycle.
# For the terminal interface (NAME "TUI"): screens reach each other only
# through the app's screen stack (app_open / app_push / app_pop), never by
# calling one another.  For the core (NAME "core"): each unit builds on lower
# ones (requirements on vocab and jsondoc, build on requirements, place on
# build, perf on llm on gpurate, ...; docs/ARCHITECTURE.md has the map).
# An edge "a b" means a.c uses a public symbol that b.c defines; tsort fails
# on a loop.  Prints the edges, so a failure shows the cycle's members.
set -u
lib=$1
name=${2:-library}
command -v nm >/dev/null && command -v tsort >/dev/null || { echo "SKIP: nm or tsort missing"; exit 0; }
# nm -A: "LIB:FILE.c.o:ADDRESS TYPE SYMBOL" (defined), "LIB:FILE.c.o: U SYMBOL" (used)
obj='{n = split($1, p, ":"); f = p[2]; sub(/\.c\.o$/, "", f)}'
defs=$(nm -A --defined-only "$lib" | awk "$obj"' $(NF-1) ~ /^[TDRBC]$/ {print $NF, f}')
uses=$(nm -A --undefined-only "$lib" | awk "$obj"' {print $NF, f}')
edges=$(awk 'NR == FNR {def[$1] = $2; next} ($1 in def) && def[$1] != $2 {print $2, def[$1]}' \
        <(echo "$defs") <(echo "$uses") | sort -u)
[ -n "$edges" ] || { echo "FAIL: no symbols read from $lib"; exit 1; }
echo "$edges"
if ! out=$(echo "$edges" | tsort 2>&1 >/dev/null) || [ -n "$out" ]; then
    echo "FAIL: the $name's files form a dependency cycle:"
    echo "$out"
    exit 1
fi
echo "ok: $(echo "$edges" | wc -l) edges between $(echo "$edges" | tr ' ' '\n' | sort -u | wc -l) files of the $name, no cycle"
