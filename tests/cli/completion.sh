#!/usr/bin/env bash
# Shell completion: the words a user would type, completed by the scripts
# `dlrig completion SHELL` prints (the ones the package installs).  bash is
# driven through COMP_WORDS/COMP_CWORD and the completion function; zsh in a
# tmux pane with Tab; fish with `complete -C`.  zsh and fish are tested when
# installed.  Usage: completion.sh PATH_TO_DLRIG
set -u
DLRIG=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
TMP=$(mktemp -d)
SOCK="dlrig-comp-$$"
cleanup() {
    tmux -L "$SOCK" kill-server >/dev/null 2>&1 || true
    rm -rf "$TMP"
}
trap cleanup EXIT
export HOME=$TMP XDG_DATA_HOME=$TMP/data XDG_CONFIG_HOME=$TMP/config LC_ALL=C.UTF-8
mkdir -p "$TMP/bin" "$TMP/work"
ln -s "$DLRIG" "$TMP/bin/dlrig"
touch "$TMP/work/lab.json" "$TMP/work/prices.csv"
pass=0
fail=0
ok() { pass=$((pass + 1)); }
ko() {
    fail=$((fail + 1))
    echo "FAIL $*"
}

# the tables agree: every value kind names an option of its command
if out=$("$DLRIG" __complete --check 2>&1); then ok; else ko "__complete --check: $out"; fi

# ---- the helper's protocol
# helper NAME WANT SHELL WORD... : the lines `dlrig __complete` prints include WANT (a fixed line)
helper() {
    local name=$1 want=$2
    shift 2
    local out
    out=$(cd "$TMP/work" && "$DLRIG" __complete "$@" 2>&1)
    if printf '%s\n' "$out" | grep -qxF -- "$want"; then ok; else
        ko "$name: no line '$want' in:"
        printf '%s\n' "$out" | head -12
    fi
}
# helper_not NAME LINE SHELL WORD... : the output has no line LINE
helper_not() {
    local name=$1 unwanted=$2
    shift 2
    if (cd "$TMP/work" && "$DLRIG" __complete "$@" 2>&1) | grep -qxF -- "$unwanted"; then ko "$name: offers '$unwanted'"; else ok; fi
}
helper cmd-rec recommend bash rec
helper_not cmd-hidden __complete bash ''
helper cmd-desc "recommend	the fastest complete builds within a budget" zsh rec
helper workload cnn bash recommend --workload ''
helper workload-eq --workload=cnn bash recommend --workload=c
helper workload-split cnn bash recommend --workload = c
helper workload-desc "cnn	CNN image training" fish recommend --workload c
helper require-list ecc,nvlink bash recommend --require ecc,n
helper require-nospace :nospace bash recommend --require ecc,n
helper precision bf16 bash recommend --precision b
helper circuit 230v-16a bash recommend --circuit 230v-1
helper override-model llama-3.1-8b bash check lab.json --model llama-3.1-8
helper objective value bash recommend --objective v
helper preset kaggle-starter bash recommend --preset kag
helper pin gpu,case bash recommend --from lab.json --pin gpu,ca
helper export-format html bash export lab.json --format h
helper export-format-short csv bash export lab.json -f c
helper compare-format md bash compare a.json b.json --format ''
helper category nvlink_bridge bash parts --category nv
helper sort vram_gb bash parts --category gpu --sort vr
helper sort-workload value bash parts --workload cnn --sort v
helper show-part nvidia-rtx-4090 bash show nvidia-rtx-409
helper show-part-desc "nvidia-rtx-4090	GeForce RTX 4090" fish show nvidia-rtx-409
helper fit-gpu nvidia-h100-pcie bash fit --model llama-3.1-8b --gpu nvidia-h100-p
helper fit-model llama-3.1-70b bash fit --model llama-3.1-7
helper also-model llama-3.1-8b bash recommend --model llama-3.1-70b --also-model llama-3.1-8
helper models-name llama-3.1-70b bash models llama-3.1-7
helper method qlora bash fit --method ql
helper build-file ':files json' bash check ''
helper output-file ':files' bash export lab.json -o ''
helper csv-file ':files csv' bash prices import ''
helper prices-sub import bash prices i
helper scan-cmd scan bash sca
helper scan-root ':files' bash scan --root ''
helper scan-output ':files' bash scan -o ''
helper scan-option --root bash scan --ro
helper_not scan-no-operand ':files' bash scan ''
helper theme mono bash --theme m
helper theme-after mono bash tui --theme m
helper global-catalog ':files' bash --catalog ''
helper option --json bash check lab.json --js
helper option-req --budget-usd bash recommend --bud
helper option-no-operand --workload bash recommend ''
helper shell zsh bash completion z
helper_not check-one-operand ':files json' bash check lab.json ''

# ---- bash: the completion function on COMP_WORDS, with and without bash-completion
"$DLRIG" completion bash > "$TMP/dlrig.bash"
bash_complete() { # WORDS... (the last is the current word); prints COMPREPLY, one a line
    local lib=$1
    shift
    (cd "$TMP/work" && PATH="$TMP/bin:$PATH" bash --norc --noprofile -c '
        [ "$1" = yes ] && [ -f /usr/share/bash-completion/bash_completion ] && . /usr/share/bash-completion/bash_completion
        shift
        . "'"$TMP"'/dlrig.bash"
        COMP_WORDS=("$@")
        COMP_CWORD=$(($# - 1))
        COMP_LINE="$*"
        COMP_POINT=${#COMP_LINE}
        _dlrig
        printf "%s\n" "${COMPREPLY[@]}"' bash "$lib" "$@")
}
# bash_expect NAME WANT LIB WORDS... : COMPREPLY is exactly WANT (lines joined by spaces)
bash_expect() {
    local name=$1 want=$2 lib=$3
    shift 3
    local got
    got=$(bash_complete "$lib" "$@" | paste -sd' ')
    if [ "$got" = "$want" ]; then ok; else ko "bash $name: got '$got', want '$want'"; fi
}
all_workloads=$("$DLRIG" __complete bash recommend --workload '' | paste -sd' ')
case " $all_workloads " in *" cnn "*) ok ;; *) ko "workloads: $all_workloads" ;; esac
for lib in no yes; do
    bash_expect "rec<Tab> ($lib bash-completion)" recommend $lib dlrig rec
    bash_expect "sca<Tab> ($lib bash-completion)" scan $lib dlrig sca
    bash_expect "--workload <Tab> ($lib bash-completion)" "$all_workloads" $lib dlrig recommend --workload ''
    bash_expect "--workload c<Tab> ($lib bash-completion)" cnn $lib dlrig recommend --workload c
    bash_expect "check <Tab> ($lib bash-completion)" lab.json $lib dlrig check ''
    bash_expect "--require ecc,nv<Tab> ($lib bash-completion)" ecc,nvlink $lib dlrig recommend --require ecc,nv
done
# with bash-completion, "--workload=" is one word; bash replaces what follows the '='
if [ -f /usr/share/bash-completion/bash_completion ]; then
    bash_expect "--workload=c<Tab>" cnn yes dlrig recommend --workload = c
else
    echo "note: bash-completion is not installed; its word splitting is not tested"
fi

# ---- fish
if command -v fish >/dev/null; then
    "$DLRIG" completion fish > "$TMP/dlrig.fish"
    fish_complete() { (cd "$TMP/work" && PATH="$TMP/bin:$PATH" fish --no-config -c "source $TMP/dlrig.fish; complete -C\"$1\""); }
    got=$(fish_complete "dlrig rec")
    [ "$got" = "recommend	the fastest complete builds within a budget" ] && ok || ko "fish rec<Tab>: '$got'"
    got=$(fish_complete "dlrig recommend --workload " | cut -f1 | sort | paste -sd' ')
    want=$(printf '%s\n' $all_workloads | sort | paste -sd' ')
    [ "$got" = "$want" ] && ok || ko "fish --workload <Tab>: '$got', want '$want'"
    got=$(fish_complete "dlrig check " | cut -f1)
    printf '%s\n' "$got" | grep -qx lab.json && ok || ko "fish check <Tab>: '$got'"
else
    echo "note: fish is not installed; its completion is not tested"
fi

# ---- zsh, in a terminal (completion needs the line editor)
if command -v zsh >/dev/null && command -v tmux >/dev/null; then
    "$DLRIG" completion zsh > "$TMP/work/_dlrig"
    mkdir -p "$TMP/zdot"
    cat > "$TMP/zdot/.zshrc" <<ZRC
path=("$TMP/bin" \$path)
fpath=("$TMP/work" \$fpath)
autoload -Uz compinit && compinit -u -d "$TMP/zcompdump"
PROMPT='zsh> '
ZRC
    tmux -L "$SOCK" -f /dev/null new-session -d -x 120 -y 30 -c "$TMP/work" -e ZDOTDIR="$TMP/zdot" "zsh -i"
    pane() { tmux -L "$SOCK" capture-pane -p; }
    # wait_line REGEX : until a line of the pane matches
    wait_line() {
        local deadline=$((SECONDS + 10))
        while [ $SECONDS -lt $deadline ]; do
            pane | grep -qE -- "$1" && return 0
            sleep 0.1
        done
        return 1
    }
    if wait_line '^zsh>'; then
        tmux -L "$SOCK" send-keys -l 'dlrig rec'
        tmux -L "$SOCK" send-keys Tab
        wait_line '^zsh> dlrig recommend *$' && ok || ko "zsh rec<Tab>: $(pane | grep -v '^$')"
        tmux -L "$SOCK" send-keys C-u
        tmux -L "$SOCK" send-keys -l 'dlrig recommend --workload '
        tmux -L "$SOCK" send-keys Tab
        wait_line '^cnn +-- CNN image training' && wait_line '^transformer +-- ' && ok ||
            ko "zsh --workload <Tab>: $(pane | grep -v '^$')"
    else
        ko "zsh did not start: $(pane)"
    fi
else
    echo "note: zsh (or tmux) is not installed; its completion is not tested"
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
