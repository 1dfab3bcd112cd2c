#!/usr/bin/env bash
# The command-line interface under valgrind memcheck: every subcommand, on
# good and bad input, must run without a memory error and without a definite
# leak.  The terminal interface runs too (in tmux).  ncurses keeps memory it
# never frees, but it stays reachable (not a definite leak), so no suppression
# file is needed: only definite leaks and memory errors count.
#
#   tests/valgrind/run.sh PATH_TO_DLRIG PATH_TO_CATALOG_DB
#
# Needs a build without sanitizers (valgrind cannot run ASan binaries).
# Prints one line per command and "valgrind: N passed, M failed".
set -uo pipefail

if [ $# -ne 2 ]; then
    echo "usage: $0 PATH_TO_DLRIG PATH_TO_CATALOG_DB" >&2
    exit 2
fi
DLRIG=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
CATDB=$2
HERE=$(cd "$(dirname "$0")" && pwd)
DATA=$(cd "$HERE/../data" && pwd)
FIXTURE="$HERE/../e2e/data/workstation.json"
command -v valgrind >/dev/null || { echo "valgrind is not installed" >&2; exit 2; }
if nm -an "$DLRIG" 2>/dev/null | grep -q __asan_init; then
    echo "$DLRIG is built with AddressSanitizer; valgrind needs a plain build" >&2
    exit 2
fi

TMP=$(mktemp -d)
SOCK="dlrig-vg-$$"
trap 'tmux -L "$SOCK" kill-server >/dev/null 2>&1; rm -rf "$TMP"' EXIT
export HOME=$TMP/home XDG_DATA_HOME=$TMP/home/data XDG_CONFIG_HOME=$TMP/home/config NO_COLOR=1 LC_ALL=C.UTF-8
mkdir -p "$HOME"

# Memory errors and definite leaks exit 99; the command's own status is kept
# otherwise (bad input is expected to fail with 2 or 3).
VG=(valgrind -q --error-exitcode=99 --leak-check=full --show-leak-kinds=definite
    --errors-for-leak-kinds=definite --track-origins=yes --num-callers=30)
pass=0
fail=0
n=0

# vg STATUS ARGS... : dlrig ARGS under memcheck exits with STATUS (a regex
# such as 0|1), and valgrind reports nothing.
vg() {
    local want=$1
    shift
    n=$((n + 1))
    local log="$TMP/vg.$n.log" rc
    "${VG[@]}" --log-file="$log" "$DLRIG" "$@" >"$TMP/out" 2>"$TMP/err" </dev/null
    rc=$?
    if [[ "$rc" =~ ^($want)$ ]] && [ ! -s "$log" ]; then
        pass=$((pass + 1))
        echo "ok   dlrig $*"
    else
        fail=$((fail + 1))
        echo "FAIL dlrig $*: exit $rc (want $want)"
        head -5 "$TMP/err" | sed 's/^/    /'
        head -60 "$log" | sed 's/^/    /'
    fi
}

B=$DATA/builds
vg 0 --version
vg 0 --help
vg 2 frobnicate
vg 0 parts
vg 0 parts --category gpu --sort price_usd:desc
vg 0 parts --filter "threadripper pro" --json
vg 0 parts --filter "rt" --category gpu
vg 2 parts --category gpus
vg 0 parts --workload llm-finetune --model-params-m 13000 --precision bf16 --sort value
vg 0 parts --workload cnn --json
vg 2 parts --workload cnn --sort vram_gb
vg 0 parts --category gpu --against "$B/clean.json" --sort speed
vg 0 parts --category memory --against "$B/clean.json" --json
vg 2 parts --category switch --filter zzz --against "$B/clean.json"
vg 2 parts --category gpu --against "$B/bad-unknown-id.json"
vg 0 --catalog "$CATDB" parts --category cpu --json
head -c 20000 /dev/urandom >"$TMP/random.db"
vg 3 --catalog "$TMP/random.db" parts
head -c 30000 "$CATDB" >"$TMP/truncated.db"
vg 3 --catalog "$TMP/truncated.db" parts
vg 0 show nvidia-rtx-4090
vg 0 show nvidia-rtx-4090 --json
vg 2 show nvidia-rtx-409
vg 0 check "$B/clean.json"
vg 0 check "$B/clean.json" --json
vg 1 check "$B/power.psu_capacity.trigger.json" --json
for f in "$B"/bad-*.json; do vg 2 check "$f"; done
vg 3 check "$TMP/none.json"
vg 0 estimate "$B/clean.json"
vg 0 estimate "$B/clean.json" --workload llm-finetune --json
vg 2 estimate "$B/clean.json" --workload cnnn
vg 0 recommend --workload cnn --budget-usd 10000
vg 0 recommend --workload llm-finetune --model-params-m 8000 --budget-usd 40000 --require ecc --top 3 --json
vg '0|1' recommend --workload transformer --budget-usd 150000 --nodes 2 --environment datacenter --require rdma --json
vg 0 recommend --workload cnn --budget-usd 10000 -o "$TMP/best.json"
vg 0 recommend --from "$DATA/upgrade/desktop-3090.json" --json
vg 0 recommend --workload diffusion --model flux.1-dev --method lora --budget-usd 3000 --top 1
vg 0 compare "$DATA/builds/power-4090-pair-tr.json" "$DATA/builds/job.second.ok.json"
vg 3 recommend --workload cnn --budget-usd 10000 -o /dev/full --force
vg 1 recommend --workload llm-finetune --model-params-m 400000 --budget-usd 3000
vg 2 recommend --workload vision --budget-usd 5000
vg 0 recommend --from "$DATA/builds/clean.json" --pin gpu,case -o "$TMP/readvised.json"
vg 0 recommend --from "$DATA/builds/clean.json" --pin gpu --json
vg 1 recommend --from "$DATA/builds/clean.json" --pin motherboard --top 2
vg 3 recommend --from "$TMP/none.json" --pin gpu
vg 2 recommend --from "$DATA/builds/bad-unknown-id.json"
vg 2 recommend --from "$DATA/builds/clean.json" --pin gpus
vg 2 recommend --from "$DATA/builds/clean.json" --pin nic
# language models: dlrig fit, LLM recommendations, estimates with LLM overrides
vg 0 fit --model llama-3.1-70b --weights int4 --gpu nvidia-rtx-3090 --gpus 2
vg 1 fit --model llama-3.1-8b --weights bf16 --context-tokens 128k --gpu nvidia-rtx-4090 --json
vg 0 fit --model meta-llama/Llama-3.1-70B-Instruct --weights int4 --max-gpus 4
vg 1 recommend --workload llm-inference --model llama-3.1-70b --budget-usd 2500
vg 1 recommend --workload cnn --budget-usd 1200 --require nvlink --json
vg 0 recommend --workload llm-inference --model llama-3.1-70b --weights int4 --budget-usd 5000 --allow-used --json
vg 0 estimate "$B/clean.json" --workload llm-finetune --model qwen2.5-7b --method qlora
if [ -d "$HERE/../../db/presets" ]; then
    vg 0 recommend --preset llm-finetune-lab --json
    vg '0|1' recommend --preset two-node-cluster -o "$TMP/cluster.json"
fi
for fmt in md csv json txt html; do
    vg 0 export "$B/clean.json" --format "$fmt" --customer "Ada <Lovelace> & Co" --discount 5 --tax 8.25
done
vg 0 export "$B/clean.json" --format html -o "$TMP/quote.html"
vg 2 export "$B/clean.json" --format pdf
vg 0 compare "$B/clean.json" "$TMP/best.json"
vg 0 compare "$B/clean.json" "$TMP/best.json" "$FIXTURE" --json
vg 0 compare "$B/clean.json" "$TMP/best.json" --format md
cat >"$TMP/prices.csv" <<'EOF'
id,price,currency,date,vendor
nvidia-rtx-4090,1799.00,USD,2025-03-14,Acme Computers
nvidia-rtx-6000-ada,6450,EUR,2025-03,Euro Parts GmbH
nvidia-rtx-409,1,USD,2025-03,Typo Shop
EOF
vg 2 prices import "$TMP/prices.csv" --rate EUR=1.08
vg 0 prices import "$TMP/prices.csv" --rate EUR=1.08 --skip-bad
vg 1 import "$DATA/import/pcpp-reddit.md" -o "$TMP/imported.json"
vg 1 import "$DATA/import/pcpp-reddit.md" --json
vg 0 scan --root "$DATA/scan/server-four-h100" -o "$TMP/scanned.json"
vg 1 scan --root "$DATA/scan/trpro-two-gpus" --json
vg 1 check "$TMP/scanned.json"
vg "0|1" scan
vg 0 catalog export "$TMP/own.db"
vg 0 prices list
vg 0 prices list --json
vg 0 check "$B/clean.json" --json
vg 0 prices clear --vendor "Acme Computers"
vg 0 prices clear
# completion, option mistakes, standard input and output
vg 0 completion bash
vg 0 __complete zsh recommend --workload ''
vg 0 __complete fish show nvidia-rtx-40
vg 0 __complete bash parts --category gpu --sort v
vg 2 recommend --jsn --workload cnn --budget-usd 5000
vg 2 parts --c gpu
vg 2 check -
vg 0 recommend --workload cnn --budget-usd 5000 -o -
vg 0 fix "$DATA/fix/socket.json" -o -

# The terminal interface: wizard to builder, a few keys, quit.
if command -v tmux >/dev/null; then
    log="$TMP/vg.tui.log"
    cmd="$(printf '%q ' "${VG[@]}" --log-file="$log" "$DLRIG" tui "$FIXTURE"); echo \$? >$TMP/tui.exit; sleep 60"
    tmux -L "$SOCK" -f /dev/null new-session -d -x 100 -y 30 -e TERM=tmux-256color -e LANG=C.UTF-8 \
        -e ESCDELAY=25 -e NO_COLOR=1 -e HOME="$HOME" -e XDG_DATA_HOME="$XDG_DATA_HOME" \
        -e XDG_CONFIG_HOME="$XDG_CONFIG_HOME" "$cmd"
    wait_screen() {
        local deadline=$((SECONDS + 60))
        while [ $SECONDS -lt $deadline ]; do
            tmux -L "$SOCK" capture-pane -p | grep -qF -- "$1" && return 0
            sleep 0.2
        done
        return 1
    }
    tui_ok=1
    wait_screen "Build sheet" || tui_ok=0
    for k in Down Down Enter Down Enter Tab Enter Escape t '?' Escape p p / 4 0 9 0 Escape N Enter Enter; do
        tmux -L "$SOCK" send-keys "$k"
        sleep 0.2
    done
    tmux -L "$SOCK" resize-window -x 40 -y 10
    sleep 0.5
    tmux -L "$SOCK" resize-window -x 100 -y 30
    sleep 0.5
    tmux -L "$SOCK" send-keys q
    sleep 1
    tmux -L "$SOCK" capture-pane -p | grep -qF "Quit without saving" && tmux -L "$SOCK" send-keys Down Enter
    deadline=$((SECONDS + 60))
    while [ ! -s "$TMP/tui.exit" ] && [ $SECONDS -lt $deadline ]; do sleep 0.2; done
    if [ $tui_ok = 1 ] && [ "$(cat "$TMP/tui.exit" 2>/dev/null)" = 0 ] && [ ! -s "$log" ]; then
        pass=$((pass + 1))
        echo "ok   dlrig tui (keys, resize, quit)"
    else
        fail=$((fail + 1))
        echo "FAIL dlrig tui: exit $(cat "$TMP/tui.exit" 2>/dev/null)"
        tmux -L "$SOCK" capture-pane -p | sed 's/^/    |/'
        head -80 "$log" 2>/dev/null | sed 's/^/    /'
    fi
fi

echo "valgrind: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
