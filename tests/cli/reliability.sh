# Reliability contract tests, sourced by run.sh (uses its expect, DLRIG,
# CATDB, DATA, TMP): text from files is shown, never obeyed, by a terminal;
# numbers saturate; untrusted catalogs and user databases fail cleanly.
R=$TMP/rel
mkdir -p "$R"

# raw_free NAME -- CMD...: CMD's stdout+stderr are valid UTF-8 and hold no terminal
# control (C0 but newline/tab/CR, DEL, C1) and no invisible format character
# (bidi marks, overrides and isolates, zero-width spaces; uc_hidden_format).
raw_free() {
    local name=$1
    shift 2
    local out
    out=$("$@" 2>&1)
    if printf '%s' "$out" | LC_ALL=C grep -aqP '[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]|\xc2[\x80-\x9f]|\xe2\x80[\x8b\x8e\x8f\xaa-\xae]|\xe2\x81[\xa0-\xa4\xa6-\xaf]|\xd8\x9c|\xe1\xa0\x8e|\xef\xbb\xbf|\xef\xbf[\xb9-\xbb]' ||
        ! printf '%s' "$out" | iconv -f UTF-8 -t UTF-8 >/dev/null 2>&1; then
        fail=$((fail + 1))
        echo "FAIL $name: raw control characters in the output:"
        printf '%s\n' "$out" | head -5 | cat -v
    else
        pass=$((pass + 1))
    fi
}

# ---- output safety: a hostile build name, vendor and part id
EVIL='\u001b]0;pwned\u0007\u001b[2J\u001b[8m\u009b31m\u202eevil\u2066\u007f'
sed "s/\"name\": \"[^\"]*\"/\"name\": \"${EVIL//\\/\\\\}\"/" "$DATA/builds/clean.json" > "$R/evil.json"
raw_free check-evil-name -- "$DLRIG" check "$R/evil.json"
expect check-evil-shown 0 '\\x1b\]0;pwned\\x07\\x1b\[2J.*\\u009b31m\\u202eevil\\u2066\\x7f' -- "$DLRIG" check "$R/evil.json"
raw_free estimate-evil-name -- "$DLRIG" estimate "$R/evil.json"
raw_free compare-evil-name -- "$DLRIG" compare "$R/evil.json" "$DATA/builds/clean.json"
raw_free compare-md-evil-name -- "$DLRIG" compare "$R/evil.json" "$DATA/builds/clean.json" --format md
for f in txt md csv html json; do
    raw_free "export-$f-evil-name" -- "$DLRIG" export "$R/evil.json" --format $f
done
raw_free check-json-evil-name -- "$DLRIG" check "$R/evil.json" --json
expect export-json-evil-same-json 0 '"name":[[:space:]]*"\\u001b\]0;pwned\\u0007\\u001b\[2J\\u001b\[8m\\u009b31m\\u202eevil\\u2066\\u007f"' -- "$DLRIG" export "$R/evil.json" --format json
sed 's/"nvidia-rtx-5000-ada"/"gpu-\\u001b[2J\\u001b]52;c;cm0gLXJmIH4=\\u0007"/' "$DATA/builds/clean.json" > "$R/evil-id.json"
raw_free check-evil-part-id -- "$DLRIG" check "$R/evil-id.json"
expect check-evil-part-id-named 2 "unknown part id 'gpu-\\\\x1b\\[2J\\\\x1b\\]52" -- "$DLRIG" check "$R/evil-id.json"
raw_free show-evil-id -- "$DLRIG" show "$(printf 'x\033[2Jy')"
raw_free evil-file-name -- "$DLRIG" check "$R/$(printf 'no\033]0;t\007such.json')"
# invalid UTF-8 in a build's name is refused at load (exports stay valid UTF-8)
printf '{"format":"dlrig-build","version":1,"name":"bad \xff\xfe name","parts":[]}' > "$R/badutf8.json"
expect check-invalid-utf8-name 2 'badutf8.json: name: not valid UTF-8' -- "$DLRIG" check "$R/badutf8.json"
printf '{"format":"dlrig-build","version":1,"name":"n","notes":"PO \xc3\x28","parts":[]}' > "$R/badutf8n.json"
expect check-invalid-utf8-notes 2 'badutf8n.json: notes: not valid UTF-8' -- "$DLRIG" check "$R/badutf8n.json"
# vendors with C1 controls, DEL, bidi overrides or invalid UTF-8 are refused
printf 'id,price,currency,date,vendor\nnvidia-rtx-4090,1500,USD,2025-04,Acme\xc2\x9b2J\n' > "$R/v1.csv"
printf 'id,price,currency,date,vendor\nnvidia-rtx-4090,1500,USD,2025-04,Acme\xe2\x80\xaeevil\n' > "$R/v2.csv"
printf 'id,price,currency,date,vendor\nnvidia-rtx-4090,1500,USD,2025-04,Acme\x7f\n' > "$R/v3.csv"
printf 'id,price,currency,date,vendor\nnvidia-rtx-4090,1500,USD,2025-04,Acme\xff\n' > "$R/v4.csv"
expect prices-vendor-c1 2 'v1.csv:2: vendor contains control characters or bidirectional overrides' -- "$DLRIG" prices import "$R/v1.csv"
expect prices-vendor-bidi 2 'v2.csv:2: vendor contains control characters or bidirectional overrides' -- "$DLRIG" prices import "$R/v2.csv"
expect prices-vendor-del 2 'v3.csv:2: vendor contains control' -- "$DLRIG" prices import "$R/v3.csv"
expect prices-vendor-utf8 2 'v4.csv:2: vendor is not valid UTF-8' -- "$DLRIG" prices import "$R/v4.csv"
# a user database written by something else: prices list, show and parts show vendors escaped
printf 'id,price,currency,date,vendor\nnvidia-rtx-4090,1500,USD,2025-04,Acme\n' > "$R/ok.csv"
expect prices-import-ok 0 'Imported 1 price' -- "$DLRIG" prices import "$R/ok.csv"
sqlite3 "$XDG_DATA_HOME/dlrig/user.db" "UPDATE price SET vendor = 'Acme' || char(155) || '2J' || char(8238) || 'evil' || char(27) || '[2J'" 2>/dev/null
raw_free prices-list-evil-vendor -- "$DLRIG" prices list
raw_free prices-list-json-evil-vendor -- "$DLRIG" prices list --json
raw_free show-evil-vendor -- "$DLRIG" show nvidia-rtx-4090
raw_free parts-evil-vendor -- "$DLRIG" parts --category gpu
"$DLRIG" prices clear >/dev/null 2>&1

# ---- numbers: totals saturate, long lists grow
cp "$CATDB" "$R/fw.db"
sqlite3 "$R/fw.db" "INSERT INTO framework (id,name,status,status_note,cuda,rocm,languages,focus,multi_gpu,cnn,rnn,gan,dbn,source) SELECT 'framework-with-a-rather-long-identifier-'||value,name,status,status_note,cuda,rocm,languages,focus,multi_gpu,cnn,rnn,gan,dbn,source FROM framework, generate_series(1,30) WHERE id='pytorch'"
expect recommend-many-frameworks 2 "unknown framework 'nope'; expected one of .*identifier-30" -- "$DLRIG" --catalog "$R/fw.db" recommend --workload cnn --budget-usd 9000 --framework nope
printf 'id,price,currency,date,vendor\nnvidia-rtx-5000-ada,100000000,XAU,2026-11,Gold\n' > "$R/gold.csv"
expect prices-import-gold 0 'Imported 1 price' -- "$DLRIG" prices import "$R/gold.csv" --rate XAU=1000000
sed -e 's/"qty": 2}/"qty": 1000}/' -e 's/"nodes": 1,/"nodes": 1024,/' "$DATA/builds/clean.json" > "$R/huge.json"
expect check-huge-total 1 'over \$999,999,999,999,999' -- "$DLRIG" check "$R/huge.json"
expect export-huge-total 0 'over \$1,000,000,000,000,000' -- "$DLRIG" export "$R/huge.json" --format txt
"$DLRIG" prices clear >/dev/null 2>&1

# ---- the user price store
UD=$TMP/ud
mkdir -p "$UD/a/dlrig" "$UD/hot/dlrig"
printf 'id,price,currency,date,vendor\nnvidia-rtx-4090,1500,USD,2025-04,Acme\nnvidia-rtx-5090,2500,USD,2025-04,Acme\n' > "$R/two.csv"
XDG_DATA_HOME=$UD/a "$DLRIG" prices import "$R/two.csv" >/dev/null 2>&1
# An import killed in its commit: a copy of the database and its journal
# taken in the middle of a big transaction that spilled to the file.
sqlite3 "$UD/a/dlrig/user.db" "PRAGMA cache_size=1; BEGIN; UPDATE price SET price = price + 1;
    INSERT INTO price SELECT part_id||'x'||value, vendor, price, currency, usd_per_unit, price_date, source, line,
    imported_at FROM price, generate_series(1, 300);" ".system cp $UD/a/dlrig/user.db $UD/a/dlrig/user.db-journal $UD/hot/dlrig/" "ROLLBACK;"
for c in parts check prices-list; do
    rm -rf "$UD/h-$c" && cp -r "$UD/hot" "$UD/h-$c"
done
expect hot-journal-parts 0 'an interrupted import or clear was rolled back.*nvidia-rtx-4090' -- env XDG_DATA_HOME="$UD/h-parts" "$DLRIG" parts --category gpu
expect hot-journal-check 0 'rolled back.*No findings' -- env XDG_DATA_HOME="$UD/h-check" "$DLRIG" check "$DATA/builds/clean.json"
expect hot-journal-prices 0 'rolled back.*nvidia-rtx-4090 +Acme +1500.00.*2 prices' -- env XDG_DATA_HOME="$UD/h-prices-list" "$DLRIG" prices list
expect hot-journal-after 0 '^ +Part' -- env XDG_DATA_HOME="$UD/h-parts" "$DLRIG" prices list
# simultaneous first imports all succeed (the schema is created once, inside the transaction)
races=0
for i in $(seq 1 15); do
    rm -rf "$UD/race"
    XDG_DATA_HOME=$UD/race "$DLRIG" prices import "$R/two.csv" >"$UD/r1" 2>&1 &
    p1=$!
    XDG_DATA_HOME=$UD/race "$DLRIG" prices import "$R/ok.csv" >"$UD/r2" 2>&1 &
    p2=$!
    XDG_DATA_HOME=$UD/race "$DLRIG" prices import "$R/two.csv" >"$UD/r3" 2>&1 &
    p3=$!
    wait $p1 || races=$((races + 1))
    wait $p2 || races=$((races + 1))
    wait $p3 || races=$((races + 1))
done
if [ $races -eq 0 ]; then pass=$((pass + 1)); else
    fail=$((fail + 1))
    echo "FAIL first-import-race: $races of 45 simultaneous first imports failed:"
    cat "$UD/r1" "$UD/r2" "$UD/r3" | head -3
fi
# a database locked by another program for longer than dlrig waits
XDG_DATA_HOME=$UD/a "$DLRIG" prices import "$R/ok.csv" >/dev/null 2>&1
sqlite3 "$UD/a/dlrig/user.db" "BEGIN EXCLUSIVE; DELETE FROM price WHERE 0;" ".system sleep 8" "COMMIT;" &
locker=$!
sleep 0.5
expect locked-import 3 'user.db: the user database is locked by another dlrig.*try again' -- env XDG_DATA_HOME="$UD/a" "$DLRIG" prices import "$R/ok.csv"
wait $locker
# too many open files is said as such
# (descriptors inherited from the test runner are closed first, so that 4 leaves one free)
expect emfile-import 3 'user.db: cannot write the user database: too many open files' -- bash -c \
    'for fd in $(ls /proc/$$/fd); do [ "$fd" -gt 2 ] && eval "exec $fd>&-"; done; ulimit -n 4; XDG_DATA_HOME=$0 exec "$1" prices import "$2"' \
    "$UD/a" "$DLRIG" "$R/ok.csv"
# a long list of unknown ids stays fast (did-you-mean only for the first ones)
{
    echo 'id,price,currency,date,vendor'
    for i in $(seq 1 63000); do echo "unknown-part-with-a-long-identifier-that-matches-nothing-in-the-catalog-at-all-number-$i-and-more-text-here,10,USD,2025-04,V"; done
} > "$R/unknown.csv"
# Measured in CPU seconds (user + system), not wall time, so that a loaded
# machine does not fail it: the import takes about 0.3 s of CPU; with a
# did-you-mean for every line it takes about 60 s.
TIMEFORMAT='%3U %3S'
{ time expect unknown-ids-fast 2 'unknown.csv:2: unknown part id .*63000 bad lines' -- "$DLRIG" prices import "$R/unknown.csv" 2>&3; } 3>&2 2>"$R/unknown.cpu"
unset TIMEFORMAT
ms=$(awk '{ printf "%d", ($1 + $2) * 1000 }' "$R/unknown.cpu")
if [ "$ms" -lt 5000 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL unknown-ids-time: $ms ms of CPU (want < 5000)"; fi

# ---- files
expect export-empty-output 2 '-o: expected a file name' -- "$DLRIG" export "$DATA/builds/clean.json" --format md -o ''
expect recommend-empty-output 2 '-o: expected a file name' -- "$DLRIG" recommend --workload cnn --budget-usd 9000 -o ''
expect export-hex-discount 2 "discount: expected a percentage from 0 to 100, got '0x10'" -- "$DLRIG" export "$DATA/builds/clean.json" --format md --discount 0x10
expect recommend-inf-budget 2 "budget-usd: expected a number" -- "$DLRIG" recommend --workload cnn --budget-usd inf
ln -s missing.html "$R/dangling.html"
expect export-dangling-link 2 'dangling.html exists; not overwritten' -- "$DLRIG" export "$DATA/builds/clean.json" --format html -o "$R/dangling.html"
[ -L "$R/dangling.html" ] && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL dangling-link-kept: the link was replaced"; }
expect umask-077 0 '^600$' -- bash -c 'umask 077; "$0" recommend --workload cnn --budget-usd 9000 -o "$1" >/dev/null 2>&1; stat -c %a "$1"' "$DLRIG" "$R/private.json"
chmod 600 "$R/private.json"
expect keep-mode-600 0 '^600$' -- bash -c '"$0" recommend --workload cnn --budget-usd 9500 -o "$1" >/dev/null 2>&1; stat -c %a "$1"' "$DLRIG" "$R/private.json"

# ---- round 3: what reaches a document is checked at the door; files are
# dlrig's own or left alone; numbers have one syntax; messages say what happened
R3=$R/r3
mkdir -p "$R3/out" "$R3/cfg/dlrig"
BUILD=$DATA/builds/clean.json
# true_that NAME CMD...: CMD succeeds
true_that() {
    local name=$1
    shift
    if "$@"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL $name"; fi
}
# a write removes no file but its own temporary one (it removed any file named
# like NAME.tmp<number>-<6 characters> of a process that was not running)
echo "my thesis draft" > "$R3/out/thesis.tmp2024-draft1"
echo "backup" > "$R3/out/budget.xlsx.tmp31337-backup"
echo "mine" > "$R3/out/quote.md.tmp99999999-abcdef"
expect temp-others-export 0 'md written to' -- "$DLRIG" export "$BUILD" --format md -o "$R3/out/quote.md"
expect temp-others-force 0 'md written to' -- "$DLRIG" export "$BUILD" --format md -o "$R3/out/quote.md" --force
true_that temp-others-kept [ "$(cat "$R3/out/thesis.tmp2024-draft1" "$R3/out/budget.xlsx.tmp31337-backup" \
    "$R3/out/quote.md.tmp99999999-abcdef" 2>/dev/null)" = "$(printf 'my thesis draft\nbackup\nmine')" ]
true_that temp-none-left [ "$(ls "$R3/out" | wc -l)" -eq 4 ]
# quote fields: UTF-8 without control characters (line breaks in --notes), as build names
expect quote-customer-utf8 2 '--customer is not valid UTF-8' -- "$DLRIG" export "$BUILD" --format json --customer $'Bad\xff\xfeUTF8' -o "$R3/q.json"
true_that quote-customer-nothing-written [ ! -e "$R3/q.json" ]
expect quote-project-escape 2 '--project contains control characters' -- "$DLRIG" export "$BUILD" --format md --project $'P\e[2J'
expect quote-customer-newline 2 '--customer contains control characters or line breaks' -- "$DLRIG" export "$BUILD" --format md --customer $'A\nB'
expect quote-notes-utf8 2 '--notes is not valid UTF-8' -- "$DLRIG" export "$BUILD" --format md --notes $'ok\n\xc3\x28'
expect quote-availability-utf8 2 '--availability is not valid UTF-8' -- "$DLRIG" export "$BUILD" --format md --availability $'*=soon\xff'
expect quote-notes-lines 0 'Notes' -- "$DLRIG" export "$BUILD" --format md --notes $'line one\r\nline two\tok'
printf '{"company": "ACME\xff"}' > "$R3/seller-utf8.json"
expect seller-not-utf8 2 "seller-utf8.json: field 'company' is not valid UTF-8" -- "$DLRIG" export "$BUILD" --format json --seller "$R3/seller-utf8.json"
printf '{"company": "ACME", "terms": "Net 30\\u001b]0;x\\u0007"}' > "$R3/seller-esc.json"
expect seller-escape 2 "seller-esc.json: field 'terms' contains control characters" -- "$DLRIG" export "$BUILD" --format html --seller "$R3/seller-esc.json"
printf '{"company": "ACME", "address": "Street 1\\nTown"}' > "$R3/seller-lines.json"
expect seller-lines 0 'Street 1' -- "$DLRIG" export "$BUILD" --format md --seller "$R3/seller-lines.json"
# the quote number: letters, digits and - _ . / (it went raw into Markdown: HTML and headings)
expect quote-number-html 2 "--quote-number: expected 1 to 40 letters, digits and '-', '_', '.', '/', got '<img src=x onerror=alert\(1\)>'" -- \
    "$DLRIG" export "$BUILD" --format md --quote-number '<img src=x onerror=alert(1)>'
expect quote-number-newline 2 '--quote-number: expected 1 to 40 letters' -- "$DLRIG" export "$BUILD" --format md --quote-number $'Q1\n# Injected'
expect quote-number-md 0 '\*\*Quote:\*\* 2026/Q\\_42\.a, revision 1' -- "$DLRIG" export "$BUILD" --format md --quote-number '2026/Q_42.a'
expect quote-number-options-md 0 '^# Quote 2026/Q\\_42: 2 options' -- "$DLRIG" export "$BUILD" "$BUILD" --format md --quote-number '2026/Q_42'
# notes, terms and address keep their lines but not Markdown structure: a '---' line under
# a line made it a heading, '1.' started a list, four spaces a code block
notes=$("$DLRIG" export "$BUILD" --format md --notes $'Payment in advance\n---\n1. not a list item\n    not code\n\n+ no list\n===' 2>&1 |
    sed -n '/^## Notes/,/^_Generated/p')
true_that md-notes-no-rule [ -z "$(printf '%s\n' "$notes" | grep -xE -- '-{3,} *|={3,} *|[0-9]+\. .*|[-+*] .*| {4}.*|[[:space:]]*')" ] ||
    printf '%s\n' "$notes"
true_that md-notes-escaped [ "$(printf '%s\n' "$notes" | grep -cxE -- '\\---  |1\\\. not a list item  |not code  |\\  |\\\+ no list  |\\===  ')" -eq 6 ]
# a carriage return inside a line of an export shown on the terminal (the rest overwrote the line's start)
sed 's/"name": "[^"]*"/"name": "Genuine quote for ACME\\r<FAKE>"/' "$BUILD" > "$R3/cr.json"
expect cr-html-terminal 0 '<title>Quote [^<]*Genuine quote for ACME\\x0d&lt;FAKE&gt;</title>' -- "$DLRIG" export "$R3/cr.json" --format html
true_that cr-csv-terminal-lines [ "$("$DLRIG" export "$R3/cr.json" --format csv 2>/dev/null | tr -cd '\r' | wc -c)" -eq "$("$DLRIG" export "$R3/cr.json" --format csv 2>/dev/null | wc -l)" ]
# invisible format characters (right-to-left marks, zero-width spaces) are shown escaped like the overrides
sed 's/"name": "[^"]*"/"name": "A\\u200fB\\u061cC\\u200bD\\u2067E"/' "$BUILD" > "$R3/marks.json"
expect marks-check 0 'A\\u200fB\\u061cC\\u200bD\\u2067E' -- "$DLRIG" check "$R3/marks.json"
raw_free marks-export-md -- "$DLRIG" export "$R3/marks.json" --format md
# the seller's rate: a sane range (1e-300 turned every amount into 0.00)
echo '{"company": "ACME", "currency": "EUR", "usd_rate": 1e-300}' > "$R3/rate.json"
expect seller-tiny-rate 2 "rate.json: field 'usd_rate': expected a number from 0.0001 to 1e\+06" -- "$DLRIG" export "$BUILD" --format html --seller "$R3/rate.json"
echo '{"company": "ACME", "currency": "XAU", "usd_rate": 0.0004}' > "$R3/gold.json"
expect seller-gold-rate 0 'XAU [0-9]+\.[0-9]{2}' -- "$DLRIG" export "$BUILD" --format txt --seller "$R3/gold.json"
# line totals of CSV saturate as the totals do (signed overflow: a wrapped, negative line total)
cp "$CATDB" "$R3/price.db"
sqlite3 "$R3/price.db" "UPDATE gpu SET price_usd = 1e12 WHERE id = 'nvidia-rtx-5000-ada'; DELETE FROM price_offer WHERE part_id = 'nvidia-rtx-5000-ada'"
expect csv-line-total-saturates 0 'item,gpu,nvidia-rtx-5000-ada,NVIDIA RTX 5000 Ada,1024000,1000000000000\.00,1000000000000000\.00,' -- \
    "$DLRIG" --catalog "$R3/price.db" export "$R/huge.json" --format csv
expect json-line-total-saturates 0 '"line_total_usd":[[:space:]]*1e\+15' -- "$DLRIG" --catalog "$R3/price.db" export "$R/huge.json" --format json
# amounts: one strict syntax (hex floats, stray separators and subnormal numbers were taken)
for v in 0x1p3 '1,,000' '$1,0,0' '12,50' 1e-320 inf nan '9000 usd'; do
    expect "amount-refused-$v" 2 "budget-usd: expected a number above 0 .*, got '" -- \
        "$DLRIG" recommend --workload cnn --budget-usd "$v"
done
for v in 9000 '$9,000' '9 000' 9_000 9k 9e3 '12,500.50'; do
    expect "amount-taken-$v" 0 'samples/s' -- "$DLRIG" recommend --workload cnn --budget-usd "$v"
done
expect fit-active-above-total 2 'active parameters \(200M, --active-params-m\) above the model.s 100M parameters' -- \
    "$DLRIG" fit --model-params-m 100 --active-params-m 200 --gpu nvidia-rtx-5000-ada
expect fit-gpu-empty 2 '--gpu: expected a GPU id' -- "$DLRIG" fit --model llama-3.1-70b --gpu ''
expect fit-gpu-cpu 2 "--gpu: 'amd-epyc-9354' is a CPU, not a GPU" -- "$DLRIG" fit --model llama-3.1-70b --gpu amd-epyc-9354
expect fit-gpu-near 2 "not a GPU of the catalog; did you mean 'nvidia-rtx-4090'" -- "$DLRIG" fit --model llama-3.1-70b --gpu nvidia-rtx-409
# a directory where a file is read says so (it said "Input/output error")
mkdir -p "$R3/d" "$R3/dircfg/dlrig/seller.json"
expect check-directory 3 'd: cannot read: is a directory' -- "$DLRIG" check "$R3/d"
expect fix-directory 3 'd: cannot read: is a directory' -- "$DLRIG" fix "$R3/d"
expect seller-directory 3 'seller.json: cannot read: is a directory' -- env XDG_CONFIG_HOME="$R3/dircfg" "$DLRIG" export "$BUILD" --format html
# dlrig's own files are never waited on: a FIFO there is refused at once
mkdir -p "$R3/fifocfg/dlrig"
mkfifo "$R3/fifocfg/dlrig/seller.json"
expect seller-fifo 3 'seller.json: cannot read: is not a regular file' -- env XDG_CONFIG_HOME="$R3/fifocfg" timeout 5 "$DLRIG" export "$BUILD" --format html
# a seller profile that is a link to nowhere is not "no profile"
mkdir -p "$R3/linkcfg/dlrig"
ln -s /nonexistent/seller.json "$R3/linkcfg/dlrig/seller.json"
expect seller-dangling-link 3 'seller.json: a link to a file that does not exist' -- env XDG_CONFIG_HOME="$R3/linkcfg" "$DLRIG" export "$BUILD" --format html
# a file-size limit: the write fails with a message, nothing is left (SIGXFSZ killed dlrig: exit 153)
mkdir -p "$R3/limit"
expect file-size-limit 3 'cannot write .*q.html: File too large' -- bash -c 'ulimit -f 4; exec "$0" export "$1" "$2" --format html -o "$3"' \
    "$DLRIG" "$BUILD" "$DATA/builds/dell-t640-4x-v100.json" "$R3/limit/q.html"
true_that file-size-limit-nothing-left [ -z "$(ls -A "$R3/limit")" ]
# out of memory while the catalog is read is said as such, never as a usage error
# (ulimit -v cannot run a sanitizer build)
if ! ldd "$DLRIG" 2>/dev/null | grep -q 'libasan'; then
    oom_bad=0
    for v in $(seq 5000 250 12000); do
        out=$(bash -c 'ulimit -v $0; exec "$1" recommend --workload cnn --budget-usd 9000' "$v" "$DLRIG" 2>&1)
        rc=$?
        if printf '%s' "$out" | grep -q "unknown value" || [ $rc -gt 128 ] && [ $rc -ne 134 ]; then
            oom_bad=$((oom_bad + 1))
            echo "  ulimit -v $v: exit $rc: $(printf '%s' "$out" | head -2)"
        fi
    done
    true_that oom-catalog-message [ $oom_bad -eq 0 ]
fi
