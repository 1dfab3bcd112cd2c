#!/usr/bin/env bash
# What `cmake --install` (and so the Debian package, which cpack makes from
# the same rules) puts where, checked in a scratch DESTDIR: the program, the
# manual page gzipped reproducibly (-9n: no name, no time), the completion
# scripts in the directories bash-completion, zsh and fish read, the
# machine-readable copyright and the Debian changelog.
# Usage: install.sh CMAKE_COMMAND BUILD_DIR
set -u
CMAKE=$1
BUILD=$2
ROOT=$(mktemp -d)
trap 'rm -rf "$ROOT"' EXIT
pass=0
fail=0
check() { # NAME CMD... : CMD succeeds
    local name=$1
    shift
    if "$@" >/dev/null 2>&1; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL $name"; fi
}
DESTDIR="$ROOT" "$CMAKE" --install "$BUILD" --prefix /usr >/dev/null || { echo "FAIL cmake --install"; exit 1; }
U=$ROOT/usr
want="./usr/bin/dlrig
./usr/share/bash-completion/completions/dlrig
./usr/share/doc/dlrig/changelog.gz
./usr/share/doc/dlrig/copyright
./usr/share/fish/vendor_completions.d/dlrig.fish
./usr/share/man/man1/dlrig.1.gz
./usr/share/zsh/vendor-completions/_dlrig"
got=$(cd "$ROOT" && find . -type f ! -path './usr/share/doc/dlrig/schemas/*' | sort)
if [ "$got" = "$want" ]; then pass=$((pass + 1)); else
    fail=$((fail + 1))
    echo "FAIL layout:"
    diff <(echo "$want") <(echo "$got")
fi
# every JSON Schema of docs/schemas, for the documents the man page describes
check "schemas" diff <(cd "$(dirname "$0")/../../docs/schemas" && ls) <(ls "$U/share/doc/dlrig/schemas")
check "dlrig runs" "$U/bin/dlrig" --version
# gzip -9n: a valid stream, no file name flag (byte 3, bit 3) and no time (bytes 4-7)
for gz in "$U/share/man/man1/dlrig.1.gz" "$U/share/doc/dlrig/changelog.gz"; do
    check "$gz is gzip" gzip -t "$gz"
    hdr=$(od -An -tu1 -N8 "$gz" | tr -s ' ')
    set -- $hdr
    check "$gz has no name" test $(($4 & 8)) -eq 0
    check "$gz has no time" test "$5$6$7$8" = 0000
done
check "man page is the source" cmp <(gzip -dc "$U/share/man/man1/dlrig.1.gz") "$(dirname "$0")/../../man/dlrig.1"
# directories 0755, files 0644, the program 0755 (Debian policy 10.9)
bad=$(cd "$ROOT" && find . -mindepth 1 -type d ! -perm 0755; find . -type f ! -path ./usr/bin/dlrig ! -perm 0644)
check "permissions ($bad)" test -z "$bad"
check "program mode" test "$(stat -c %a "$U/bin/dlrig")" = 755
# the copyright file is machine-readable (DEP-5): its header, a Files paragraph and the license text
check "copyright format" grep -qx 'Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/' "$U/share/doc/dlrig/copyright"
check "copyright files" grep -qx 'Files: \*' "$U/share/doc/dlrig/copyright"
check "copyright license" grep -qx 'License: Expat' "$U/share/doc/dlrig/copyright"
# the changelog's latest entry is this version, in Debian's format
version=$("$U/bin/dlrig" --version | sed -n '1s/^dlrig //p')
check "changelog entry $version" bash -c "gzip -dc '$U/share/doc/dlrig/changelog.gz' | head -1 | grep -qE '^dlrig \\($version\\) [a-z-]+; urgency=[a-z]+\$'"
check "changelog trailer" bash -c "gzip -dc '$U/share/doc/dlrig/changelog.gz' | grep -qE '^ -- .+ <[^>]+>  [A-Z][a-z]{2}, [0-9]{2} [A-Z][a-z]{2} [0-9]{4} [0-9:]{8} [+-][0-9]{4}\$'"
# the installed completion scripts are what the program prints, and complete
for sh in bash:share/bash-completion/completions/dlrig zsh:share/zsh/vendor-completions/_dlrig \
    fish:share/fish/vendor_completions.d/dlrig.fish; do
    check "${sh%%:*} script" cmp <("$U/bin/dlrig" completion "${sh%%:*}") "$U/${sh#*:}"
done
out=$(PATH="$U/bin:$PATH" bash --norc -c ". '$U/share/bash-completion/completions/dlrig'; COMP_WORDS=(dlrig rec); COMP_CWORD=1; _dlrig; echo \"\${COMPREPLY[*]}\"")
check "installed bash completion: dlrig rec<Tab> ($out)" test "$out" = recommend
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
