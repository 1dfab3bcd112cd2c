#!/usr/bin/env bash
# The HTML quote as a customer gets it on paper: dlrig writes a one-option
# and a three-option quote (the advisor's Good / Better / Best, with a seller
# profile: services, lead time, signature block), headless Chromium prints
# them to PDF, and the PDFs are checked:
#   - a sane number of pages (the three options each start a page);
#   - no table row cut across two pages: every row of every table (its cells'
#     text in order, as pdftotext -raw reads a page in paint order) is whole on
#     one page -- a control copy of the quote whose print stylesheet lets rows
#     break must be caught by the same check, so the check can fail;
#   - the text a customer reads has no dlrig part id, no requirement or
#     finding id and no research source of a price.
# The pages are also rendered as PNGs into OUTDIR for a person to look at.
#
#   tests/print/run.sh PATH_TO_DLRIG OUTDIR
#
# Exits 77 (ctest: skipped) when Chromium is not installed; CI installs it
# (.ci/run: chromium, poppler-utils, fonts-dejavu-core).
set -u
if [ $# -ne 2 ] || [ ! -x "$1" ]; then
    echo "usage: $0 PATH_TO_DLRIG OUTDIR" >&2
    exit 2
fi
DLRIG=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
OUT=$2
HERE=$(cd "$(dirname "$0")" && pwd)
QUOTES="$HERE/../data/quote"
CHROMIUM=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
if [ -z "$CHROMIUM" ]; then
    echo "SKIP: Chromium is not installed (apt-get install chromium poppler-utils fonts-dejavu-core to run this test)"
    exit 77
fi
for t in pdftotext pdfinfo pdftoppm jq; do
    command -v "$t" >/dev/null || { echo "FAIL: $t is missing (apt-get install poppler-utils jq)"; exit 1; }
done

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
export HOME=$TMP/home XDG_CONFIG_HOME=$TMP/home/config XDG_STATE_HOME=$TMP/home/state XDG_DATA_HOME=$TMP/home/data
export LC_ALL=C.UTF-8 TZ=UTC
mkdir -p "$XDG_CONFIG_HOME/dlrig" "$OUT"
rm -f "$OUT"/quote-*.png "$OUT"/quote-*.pdf
cat >"$XDG_CONFIG_HOME/dlrig/seller.json" <<'EOF'
{"company": "Northwind Systems", "contact": "Jane Roe\njane@northwind.example\n+1 555 0100",
 "address": "12 Harbor Road\nSpringfield, OR 97477", "terms": "Payment 30 days net.",
 "lead_time": "2-3 weeks after the order",
 "services": [{"name": "Assembly, cabling and OS installation (Ubuntu, CUDA, PyTorch)", "price": 350},
              {"name": "48-hour burn-in test", "price": 150},
              {"name": "3-year parts-and-labour warranty", "price": "included"},
              {"name": "Shipping, insured", "price": 120}]}
EOF
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }

GOOD=$QUOTES/lab-good.json BETTER=$QUOTES/lab-better.json BEST=$QUOTES/lab-best.json
"$DLRIG" export "$BETTER" --format html --customer "Riverside University" --project "Vision lab" \
    -o "$TMP/quote-1-option.html" 2>"$TMP/err" || { cat "$TMP/err"; bad "export of one option"; }
"$DLRIG" export "$GOOD" "$BETTER" "$BEST" --format html --customer "Riverside University" --project "Vision lab" \
    -o "$TMP/quote-3-options.html" 2>"$TMP/err" || { cat "$TMP/err"; bad "export of three options"; }
# The control: the same quote with rows free to break (no break-inside:
# avoid, a single line may be left at a page's end) and taller lines, so that
# a row with a wrapped cell crosses a page; where it does depends on the
# layout, so a few line heights are tried.
control() {
    sed -e "s|</style>|  tr, td, th, section, .block, table.kv, table.sign, ul.findings li { break-inside: auto !important; page-break-inside: auto !important; }\n  * { orphans: 1 !important; widows: 1 !important; }\n  td, th { line-height: $1; }\n</style>|" \
        "$TMP/quote-3-options.html" >"$TMP/control.html"
}

# print NAME: TMP/NAME.html -> TMP/NAME.pdf
print() {
    rm -f "$TMP/$1.pdf"
    timeout 180 "$CHROMIUM" --headless --no-sandbox --disable-gpu --no-first-run --no-pdf-header-footer \
        --print-to-pdf-no-header --user-data-dir="$TMP/chromium" --print-to-pdf="$TMP/$1.pdf" \
        "file://$TMP/$1.html" >"$TMP/$1.chromium.log" 2>&1
    [ -s "$TMP/$1.pdf" ] || { tail -5 "$TMP/$1.chromium.log"; bad "$1: Chromium wrote no PDF"; return 1; }
}

pages_of() { pdfinfo "$TMP/$1.pdf" | awk '/^Pages:/ { print $2 }'; }

# One page's text in paint order, lines joined: after a hyphen without a
# space (a word wrapped at its hyphen), else with one space.
page_text() {
    pdftotext -raw -enc UTF-8 -f "$2" -l "$2" "$TMP/$1.pdf" - | tr -d '\f' |
        sed -e ':a' -e 'N' -e '$!ba' -e 's/\([^ ]\)-\n/\1-/g' -e 's/\n/ /g' | tr -s ' '
}

# The text of every table row of the HTML, one row a line, cells in order.
rows_of() {
    grep -E '<tr[ >].*</tr>' "$1" | sed -e 's/<[^>]*>/ /g' -e 's/&amp;/\&/g' -e 's/&lt;/</g' -e 's/&gt;/>/g' \
        -e 's/&quot;/"/g' -e "s/&#39;/'/g" | tr -s ' ' | sed -e 's/^ //' -e 's/ $//' | grep -v '^$'
}

# split_rows NAME: prints each row of NAME.html that no page of NAME.pdf holds whole.
split_rows() {
    local n p
    n=$(pages_of "$1")
    : >"$TMP/$1.pages"
    for p in $(seq 1 "$n"); do page_text "$1" "$p" >>"$TMP/$1.pages"; echo >>"$TMP/$1.pages"; done
    rows_of "$TMP/$1.html" | while IFS= read -r row; do
        grep -qF -- "$row" "$TMP/$1.pages" || printf '%s\n' "$row"
    done
}

print quote-1-option && print quote-3-options || { echo "print: $pass passed, $fail failed"; exit 1; }

# pages
p1=$(pages_of quote-1-option) p3=$(pages_of quote-3-options)
if [ "$p1" -ge 1 ] && [ "$p1" -le 4 ]; then ok; else bad "one option on $p1 pages (want 1 to 4)"; fi
if [ "$p3" -ge 4 ] && [ "$p3" -le 10 ]; then ok; else bad "three options on $p3 pages (want 4 to 10)"; fi
# each option starts a page: its heading is the first line of a page
for o in "Option A (Good):" "Option B (Better):" "Option C (Best):"; do
    found=0
    for p in $(seq 1 "$p3"); do
        pdftotext -raw -enc UTF-8 -f "$p" -l "$p" "$TMP/quote-3-options.pdf" - | head -n 1 | grep -qF -- "$o" && found=1
    done
    [ $found = 1 ] && ok || bad "'$o' does not start a page"
done

# no row cut across pages; the control shows the check sees a cut row
for q in quote-1-option quote-3-options; do
    rows=$(rows_of "$TMP/$q.html" | wc -l)
    [ "$rows" -ge 20 ] || bad "$q: only $rows table rows found in the HTML"
    cut=$(split_rows "$q")
    if [ -z "$cut" ]; then ok; else bad "$q: rows not whole on one page:"; printf '    %s\n' "$cut" | head -10; fi
done
cut=
for lh in 3.8 3.4 3.0 4.2 2.6 3.7 3.3 2.9 4.1 3.6 3.2 2.8 4.0 3.5 3.1 2.7 3.9 4.3 4.4 4.5; do
    control "$lh"
    print control || break
    cut=$(split_rows control)
    [ -n "$cut" ] && break
done
if [ -n "$cut" ]; then
    ok
    echo "control (rows free to break, line height $lh): cut rows found, e.g. '$(printf '%s\n' "$cut" | head -n 1)'"
else
    bad "the control (rows free to break) shows no cut row at any line height: the check cannot see one"
fi

# the customer's text: no dlrig part id, requirement id, finding id or research source
all="$TMP/customer.txt"
for q in quote-1-option quote-3-options; do pdftotext -enc UTF-8 "$TMP/$q.pdf" - >>"$all"; done
grep -q 'Riverside University' "$all" && grep -q 'Northwind Systems' "$all" && grep -q 'Option B (Better)' "$all" &&
    grep -q 'PO number' "$all" && grep -q 'Prices as of ' "$all" && grep -q '48-hour burn-in test' "$all" && ok ||
    bad "the PDFs lack the quote's text (customer, seller, tiers, signature block, price footnote, services)"
"$DLRIG" parts --json | jq -r '.parts[].id' >"$TMP/ids"
leaks=$(grep -oFw -f "$TMP/ids" "$all" | sort -u | tr '\n' ' ')
[ -z "$leaks" ] && ok || bad "dlrig part ids on the customer's quote: $leaks"
reqids=$(jq -r '.requirements | [.workload, .framework, .precision, .environment, .circuit] | .[] | select(. != null)' \
    "$GOOD" "$BETTER" "$BEST" | sort -u | grep -- '-' | tr '\n' '|' | sed 's/|$//')
leaks=$(grep -oE -- "$reqids" "$all" | sort -u | tr '\n' ' ')
[ -z "$leaks" ] && ok || bad "requirement ids on the customer's quote: $leaks"
leaks=$(grep -oE '\b(compat|pcie|case|cooling|power|memory|ecc|nvlink|vram|gpu|cpu|storage|cluster|framework|env|budget|price)\.[a-z_]+\b' "$all" | sort -u | tr '\n' ' ')
[ -z "$leaks" ] && ok || bad "finding ids on the customer's quote: $leaks"
for b in "$GOOD" "$BETTER" "$BEST"; do "$DLRIG" export "$b" --format json | jq -r '.lines[].price_source // empty'; done |
    sed 's/^[^,]*, //' | sort -u >"$TMP/sources"
leaks=$( { grep -oF -f "$TMP/sources" "$all"
           grep -oE 'PCPartPicker|[Ss]eed 00[0-9]|[0-9]{3}_[0-9a-f]{16}\.txt|UNVERIFIED|upgrade notes|price research|Budget' "$all"; } |
         sort -u | tr '\n' ' ')
[ -z "$leaks" ] && ok || bad "research sources or internal fields on the customer's quote: $leaks"

# pictures of the pages, for a person to look at
for q in quote-1-option quote-3-options; do
    cp "$TMP/$q.pdf" "$OUT/$q.pdf"
    pdftoppm -r 60 -png "$TMP/$q.pdf" "$OUT/$q" || bad "$q: pdftoppm failed"
done
echo "pages: one option $p1, three options $p3; PDFs and PNGs in $OUT"
echo "print: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
