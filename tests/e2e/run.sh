#!/usr/bin/env bash
# End-to-end tests of the terminal interface, driven in a headless tmux.
#
#   tests/e2e/run.sh PATH_TO_DLRIG
#
# Prints one line per test and a last line "N passed, M failed"; exits
# non-zero when a test failed.  Every test polls the screen for the text it
# expects with a deadline (no fixed sleeps); the environment is pinned
# (TERM, LANG, ESCDELAY, NO_COLOR, HOME and XDG_* in a temporary directory).
set -euo pipefail

if [ $# -ne 1 ] || [ ! -x "$1" ]; then
    echo "usage: $0 PATH_TO_DLRIG" >&2
    exit 2
fi
DLRIG=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
HERE=$(cd "$(dirname "$0")" && pwd)
FIXTURE="$HERE/data/workstation.json"
command -v tmux >/dev/null || { echo "tmux is not installed" >&2; exit 2; }

TMP=$(mktemp -d)
SOCK="dlrig-e2e-$$"
TIMEOUT=${E2E_TIMEOUT:-10}
cleanup() {
    tmux -L "$SOCK" kill-server >/dev/null 2>&1 || true
    rm -rf "$TMP"
}
trap cleanup EXIT

# tmux gives its panes TERM=tmux-256color (its default-terminal; -e TERM is not
# taken); a test that wants another runs its command under START_ENV="env
# TERM=...": test_terms does for xterm-256color, screen and linux.
export TERM=tmux-256color LANG=C.UTF-8 ESCDELAY=25 NO_COLOR=1
# price ages are counted to this month, whatever the day the tests run
export DLRIG_TODAY=2026-11
# Under TERM=linux ncurses' mousemask loads the GPM library, which leaks 10
# bytes that LeakSanitizer reports at exit (not dlrig's memory); the console
# tests check colours and keys, not the mouse, so GPM stays off here.
export NCURSES_GPM_TERMS=
export HOME="$TMP/home" XDG_CONFIG_HOME="$TMP/home/config" XDG_DATA_HOME="$TMP/home/data"
unset LC_ALL LC_CTYPE || true
mkdir -p "$HOME" "$XDG_CONFIG_HOME" "$XDG_DATA_HOME"

S=""      # the current test's tmux session
WORK=""   # its working directory

# start NAME WIDTH HEIGHT ARGS... : runs dlrig ARGS in a new session; when it
# exits, the terminal's stty state goes to $WORK/stty and its status to
# $WORK/exit.
start() {
    S=$1
    local w=$2 h=$3
    shift 3
    WORK="$TMP/$S"
    mkdir -p "$WORK"
    local args="" a
    for a in "$@"; do args+=" $(printf '%q' "$a")"; done
    local cmd
    cmd="cd $(printf '%q' "$WORK") && ${START_ENV:-} $(printf '%q' "$DLRIG")$args; rc=\$?; stty -a >stty 2>&1; echo \$rc >exit.tmp; mv exit.tmp exit; exec sleep 600"
    tmux -L "$SOCK" -f /dev/null new-session -d -s "$S" -x "$w" -y "$h" \
        -e TERM="$TERM" -e LANG="$LANG" -e ESCDELAY="$ESCDELAY" -e NO_COLOR="$NO_COLOR" -e HOME="$HOME" \
        -e XDG_CONFIG_HOME="$XDG_CONFIG_HOME" -e XDG_DATA_HOME="$XDG_DATA_HOME" \
        -e XDG_STATE_HOME="$WORK/state" -e DLRIG_TODAY="$DLRIG_TODAY" "$cmd"
}

screen() { tmux -L "$SOCK" capture-pane -p -t "$S"; }

keys() { tmux -L "$SOCK" send-keys -t "$S" "$@"; }

# Literal text (no key-name lookup).
type_text() { tmux -L "$SOCK" send-keys -t "$S" -l "$1"; }

fail() {
    echo "    $*" >&2
    echo "    --- screen ---" >&2
    screen 2>/dev/null | sed 's/^/    |/' >&2 || true
    return 1
}

# wait_for TEXT : until the screen shows TEXT (fixed string), or fail.
wait_for() {
    local deadline=$((SECONDS + TIMEOUT))
    while [ $SECONDS -lt $deadline ]; do
        if screen 2>/dev/null | grep -qF -- "$1"; then return 0; fi
        sleep 0.05
    done
    fail "timed out waiting for: $1"
}

# wait_gone TEXT : until the screen no longer shows TEXT.
wait_gone() {
    local deadline=$((SECONDS + TIMEOUT))
    while [ $SECONDS -lt $deadline ]; do
        if ! screen 2>/dev/null | grep -qF -- "$1"; then return 0; fi
        sleep 0.05
    done
    fail "still showing: $1"
}

# wait_exit STATUS : until dlrig has exited with STATUS.
wait_exit() {
    local deadline=$((SECONDS + TIMEOUT))
    while [ $SECONDS -lt $deadline ]; do
        if [ -f "$WORK/exit" ]; then
            local rc
            rc=$(cat "$WORK/exit")
            [ "$rc" = "$1" ] || fail "exit status $rc, expected $1"
            return
        fi
        sleep 0.05
    done
    fail "dlrig did not exit"
}

# The terminal is back in cooked mode with echo after dlrig exits.
check_restored() {
    grep -qE '(^| )icanon( |$)' "$WORK/stty" || fail "terminal left without icanon: $(cat "$WORK/stty")"
    grep -qE '(^| )echo( |$)' "$WORK/stty" || fail "terminal left without echo"
    # the alternate screen is gone: none of the interface is left on the pane
    ! screen | grep -qF "Build sheet" || fail "the interface is still on the screen"
}

end_session() { tmux -L "$SOCK" kill-session -t "$S" >/dev/null 2>&1 || true; }

# Pressing Enter through every wizard question lands in the builder.
wizard_through() {
    local q
    for q in "What will it mostly run?" "How big is the model?" "How big is the dataset?" \
        "What is the budget" "Which framework?" "Which training precision?" "Where will it stand?" \
        "Which wall circuit feeds it?" "Does noise matter?" "Must-haves (Space toggles)" "Review the answers"; do
        wait_for "$q"
        keys Enter
    done
    wait_for "Build sheet"
    wait_for "Findings"
}

# Leaves, answering the unsaved-changes question when it comes.
quit_discarding() {
    keys q
    local deadline=$((SECONDS + TIMEOUT))
    while [ $SECONDS -lt $deadline ]; do
        [ -f "$WORK/exit" ] && return 0
        if screen | grep -qF "Quit without saving"; then
            keys Down Enter
            return 0
        fi
        sleep 0.05
    done
    fail "q did not quit"
}

# The screen with its attributes and colours as SGR escapes (capture-pane -e).
screen_e() { tmux -L "$SOCK" capture-pane -e -p -t "$S"; }

# record_output FILE : from now on, what the program writes to its terminal goes to FILE as well.
record_output() { tmux -L "$SOCK" pipe-pane -o -t "$S" "cat >> $(printf '%q' "$1")"; }

# sgr_colours FILE : prints every SGR escape of FILE that sets a colour (foreground or background,
# default included: 30-39, 40-49, 90-97, 100-107, 38;..., 48;...), one a line.
sgr_colours() {
    perl -ne 'while (/\e\[([0-9;:]*)m/g) { my @p = split /[;:]/, $1; for (my $i = 0; $i < @p; $i++) {
        my $n = $p[$i]; if ($n eq "38" || $n eq "48") { print "\\e[$1m\n"; last }
        if (($n >= 30 && $n <= 49) || ($n >= 90 && $n <= 97) || ($n >= 100 && $n <= 107)) { print "\\e[$1m\n"; last } } }' "$1"
}

# invisible_cells FILE : prints each line of a capture-pane -e screen where a visible character is drawn
# in black on black, or in black on the default background (black on the Linux console and most dark terminals).
invisible_cells() {
    perl -CSD -ne 'my ($fg, $bg) = (39, 49); my $line = $_;
        for my $t (split /(\e\[[0-9;:]*m)/) {
            if ($t =~ /^\e\[([0-9;:]*)m$/) { my @p = split /[;:]/, $1; @p = (0) unless @p;
                for (my $i = 0; $i < @p; $i++) { my $n = $p[$i];
                    if ($n == 0) { ($fg, $bg) = (39, 49) } elsif ($n == 38 || $n == 48) {
                        my $v = $p[$i + 1] == 5 ? "5;" . $p[$i + 2] : "x"; $i += $p[$i + 1] == 5 ? 2 : 4;
                        if ($n == 38) { $fg = $v } else { $bg = $v } }
                    elsif (($n >= 30 && $n <= 37) || $n == 39) { $fg = $n } elsif (($n >= 40 && $n <= 47) || $n == 49) { $bg = $n } } }
            elsif ($t =~ /\S/ && ($fg eq "30" || $fg eq "5;0" || $fg eq "5;16") && ($bg eq "49" || $bg eq "40" || $bg eq "5;0")) {
                $line =~ s/\e\[[0-9;:]*m//g; print "black on black: $line"; last } }' "$1"
}

# ---------------------------------------------------------------- tests

test_wizard_80x24() {
    start wiz80 80 24
    wait_for "What will it mostly run?"
    wait_for "Advisor preview"
    wait_for "Why it matters"
    # Esc goes back and never quits
    keys Enter
    wait_for "How big is the model?"
    keys Escape
    wait_for "What will it mostly run?"
    keys Escape
    wait_for "first question"
    [ ! -f "$WORK/exit" ] || fail "Esc quit the program"
    wizard_through
    quit_discarding
    wait_exit 0
    check_restored
    end_session
}

test_wizard_160x48() {
    start wiz160 160 48
    wait_for "Step 1 of 7"
    wait_for "Advisor preview"
    # a tall preview lists the runners-up under the best build
    wait_for "Also ranked"
    wait_for "2. "
    wait_for "3. "
    # a typed budget
    keys Enter Enter Enter
    wait_for "What is the budget"
    # budgets from an entry machine up (the catalog builds one for under $1,000)
    wait_for '$1,000'
    wait_for '$2,000'
    type_text "12.5k"
    keys Enter
    wait_for "Which framework?"
    keys BSpace
    wait_for '$12,500'
    keys Enter
    wizard_through_rest() {
        local q
        for q in "Which framework?" "Which training precision?" "Where will it stand?" \
            "Which wall circuit feeds it?" "Does noise matter?" "Must-haves (Space toggles)" "Review the answers"; do
            wait_for "$q"
            keys Enter
        done
    }
    wizard_through_rest
    wait_for "Build sheet"
    wait_for "PCIe slots"
    wait_for "Highlighted part"
    quit_discarding
    wait_exit 0
    check_restored
    end_session
}

# A language-model workload asks which model, how it runs and the context,
# with what each costs in memory; the builder's sheet shows the breakdown.
test_wizard_llm() {
    start wizllm 100 32
    wait_for "What will it mostly run?"
    keys Down Down Down
    wait_for "LLM token generation"
    keys Enter
    wait_for "Which model, or how big?"
    wait_for "Llama 3.2 1B"
    # the list scrolls down to the 70B models: one Down at a time, each
    # waiting for the list's position counter to move (slow builds lag)
    local i pos deadline
    for i in $(seq 1 60); do
        screen | grep -qF "▸ Llama 3.1 70B " && break
        pos=$(screen | grep -oE '[0-9]+/[0-9]+ ─╯' | head -1)
        keys Down
        deadline=$((SECONDS + TIMEOUT))
        while [ $SECONDS -lt $deadline ] && [ "$(screen | grep -oE '[0-9]+/[0-9]+ ─╯' | head -1)" = "$pos" ]; do
            sleep 0.05
        done
    done
    screen | grep -qF "▸ Llama 3.1 70B " || fail "no Llama 3.1 70B in the model list"
    keys Enter
    wait_for "How will it run?"
    wait_for "Llama 3.1 70B needs"
    keys Down Down
    wait_for "4-bit weights"
    keys Enter
    wait_for "How long a context?"
    wait_for "KV cache"
    keys Enter
    # token generation reads no dataset and trains at no precision: not asked
    wait_for "What is the budget?"
    keys BSpace BSpace
    wait_for "How will it run?"
    keys Enter Enter
    local q
    for q in "What is the budget" "Which framework?" \
        "Where will it stand?" "Which wall circuit feeds it?" "Does noise matter?" "Must-haves (Space toggles)"; do
        wait_for "$q"
        keys Enter
    done
    wait_for "Review the answers"
    wait_for "4-bit weights"
    wait_for "4k tokens"
    wait_for "training workloads"
    keys Enter
    wait_for "Build sheet"
    wait_for "Memory"
    wait_for "GiB"
    quit_discarding
    wait_exit 0
    end_session
    # a CNN build never asks about the run or the context
    start wizcnn 100 32
    wait_for "What will it mostly run?"
    keys Enter
    wait_for "How big is the model?"
    keys Enter
    wait_for "How big is the dataset?"
    keys BSpace
    wait_for "How big is the model?"
    keys q
    wait_exit 0
    end_session
}

# Typed amounts past what a build file holds are refused in the wizard, naming
# the limit (a 50T model or a $2,000m budget used to be saved into a build
# that dlrig check and the builder's own Open then refused); what it accepts
# saves a build that dlrig check reads.
test_wizard_amount_limits() {
    start wizlimits 160 48
    wait_for "What will it mostly run?"
    keys Enter
    wait_for "How big is the model?"
    type_text "50T"
    keys Enter
    wait_for "out of range"
    wait_for "at most 10T"
    screen | grep -qF "How big is the model?" || fail "the wizard went past the model question with 50T"
    keys BSpace BSpace BSpace
    type_text "13B"
    keys Enter
    wait_for "How big is the dataset?"
    keys Enter
    wait_for "What is the budget"
    keys End Enter
    type_text "2000m"
    keys Enter
    wait_for "at most \$1,000,000,000"
    screen | grep -qF "What is the budget" || fail "the wizard went past the budget question with 2000m"
    keys BSpace BSpace BSpace BSpace BSpace
    type_text "20k"
    keys Enter
    local q
    for q in "Which framework?" "Which training precision?" "Where will it stand?" \
        "Which wall circuit feeds it?" "Does noise matter?" "Must-haves (Space toggles)" "Review the answers"; do
        wait_for "$q"
        keys Enter
    done
    wait_for "Build sheet"
    keys W
    wait_for "Save build as"
    keys C-u
    type_text "limits box"
    keys Enter
    wait_for "Saved to"
    local saved="$XDG_DATA_HOME/dlrig/builds/limits-box.json"
    [ -f "$saved" ] || fail "no $saved"
    grep -q '"model_params_m":[[:space:]]*13000' "$saved" || fail "the saved build lacks the 13B model: $(cat "$saved")"
    local rc=0
    "$DLRIG" check "$saved" >/dev/null 2>"$WORK/check.err" || rc=$?
    [ "$rc" -le 1 ] || fail "dlrig check refused the saved build: $(cat "$WORK/check.err")"
    quit_discarding
    wait_exit 0
    end_session
}

# Every key the wizard takes is in its key table, so ? lists it: the digits
# pick a choice, and in an amount question start typing it.
test_wizard_keys_listed() {
    start wizkeys 100 32
    wait_for "What will it mostly run?"
    keys '?'
    wait_for "Keys: wizard"
    wait_for "0-9"
    keys Escape
    wait_gone "Keys: wizard"
    keys 3
    wait_for "▸ LLM LoRA fine-tuning"
    keys 1 Enter
    wait_for "How big is the model?"
    keys 5
    type_text "00M"
    keys Enter
    wait_for "How big is the dataset?"
    keys BSpace
    wait_for "500M parameters"
    keys q
    wait_exit 0
    end_session
}

# The wizard's choices are the list widget, as everywhere else: PgDn/PgUp
# move a page, and ? lists them.
test_wizard_list_paging() {
    start wizpage 80 24
    wait_for "What will it mostly run?"
    # the language models: a long list, 14 rows shown at 80x24
    keys Down Down Down Enter
    wait_for "Which model, or how big?"
    wait_for " 1/"
    keys NPage
    wait_for " 15/"
    wait_for "▸ "
    keys NPage
    wait_for " 29/"
    keys PPage
    wait_for " 15/"
    keys Home
    wait_for " 1/"
    keys '?'
    wait_for "a page of choices down"
    keys Escape
    wait_gone "Keys: wizard"
    keys q
    wait_exit 0
    end_session
}

# The mouse on the wizard's list: the wheel moves one choice at a time; a
# click on another choice while an amount is typed leaves the typing (the
# keys went on to the amount, no longer shown: Down did not move).
test_wizard_list_mouse() {
    start wizclick 100 32
    wait_for "What will it mostly run?"
    keys Down Down Down Enter
    wait_for "Which model, or how big?"
    click 8 6 65
    wait_for " 2/"
    click 8 6 64
    wait_for " 1/"
    keys BSpace
    wait_for "What will it mostly run?"
    keys Home Enter
    wait_for "How big is the model?"
    keys 9
    wait_for "▸ Type a size... 9"
    click 8 5
    wait_for "▸ BERT-large"
    keys Down
    wait_for "▸ Stable Diffusion 1.5"
    keys Enter
    wait_for "How big is the dataset?"
    keys BSpace
    wait_for "▸ Stable Diffusion 1.5"
    keys q
    wait_exit 0
    end_session
}

# The wizard's amounts are the line editor, as everywhere else: Ctrl-U
# clears what is typed (and in an amount question starts typing afresh),
# Backspace takes a UTF-8 character whole.
test_wizard_amount_editor() {
    start wizedit 100 32
    wait_for "What will it mostly run?"
    keys Enter
    wait_for "How big is the model?"
    type_text "13B"
    wait_for "Type a size... 13B"
    keys C-u
    wait_gone "Type a size... 13B"
    type_text "7B"
    keys Enter
    wait_for "How big is the dataset?"
    keys BSpace
    wait_for "Type a size...                    7000M parameters"
    keys C-u
    type_text "5€"
    wait_for "Type a size... 5€"
    keys BSpace
    wait_gone "Type a size... 5€"
    keys Enter
    wait_for "How big is the dataset?"
    keys BSpace
    wait_for "Type a size...                       5M parameters"
    keys '?'
    wait_for "Ctrl-U"
    keys Escape
    wait_gone "Keys: wizard"
    keys q
    wait_exit 0
    end_session
}

test_builder_finding_save_open_export() {
    cp "$FIXTURE" "$TMP/fixture.json"
    start builder 80 24 tui "$TMP/fixture.json"
    wait_for "Vision lab box"
    wait_for "Build sheet"
    # the GPU list is focused; filter to a GeForce card without ECC (by its
    # id: partner cards of the same chip share the name)
    keys /
    type_text "nvidia-rtx-5090"
    wait_for "filter: nvidia-rtx-5090"
    keys Enter
    keys Enter
    wait_for "GeForce RTX 5090 chosen"
    wait_for "2× GeForce RTX"
    # the new error is listed first; open it
    keys Tab
    keys Enter
    wait_for "error: ecc.gpu"
    wait_for "Why it matters"
    keys Escape
    wait_gone "error: ecc.gpu"
    # save under a new name
    keys W
    wait_for "Save build as"
    keys C-u
    type_text "e2e box"
    keys Enter
    wait_for "Saved to"
    local saved="$XDG_DATA_HOME/dlrig/builds/e2e-box.json"
    [ -f "$saved" ] || fail "no $saved"
    grep -q '"nvidia-rtx-5090"' "$saved" || fail "the saved build lacks the new GPU"
    # undo, then reopen the saved build
    keys u
    wait_for "Undone"
    wait_gone "2× GeForce RTX"
    # the undone change is unsaved: opening asks first
    keys o
    wait_for "Unsaved changes"
    keys Up Enter
    wait_for "Open a saved build"
    wait_for "e2e-box.json"
    keys Enter
    wait_for "Opened"
    wait_for "2× GeForce RTX"
    # export Markdown and JSON into the working directory
    keys e
    wait_for "Markdown parts list"
    keys Enter
    wait_for "Export Markdown to"
    keys Enter
    wait_for "Exported Markdown"
    [ -f "$WORK/e2e-box.md" ] || fail "no e2e-box.md"
    grep -q "nvidia-rtx-5090" "$WORK/e2e-box.md" || fail "the Markdown lacks the GPU"
    grep -q "ecc.gpu" "$WORK/e2e-box.md" || fail "the Markdown lacks the finding"
    keys e
    wait_for "JSON document"
    keys Down Down Enter
    wait_for "Export JSON to"
    keys Enter
    wait_for "Exported JSON"
    grep -q '"dlrig-build"' "$WORK/e2e-box.json" || fail "the JSON export is not a build file"
    # help overlay, then quit: nothing unsaved after the reopen
    keys '?'
    wait_for "Keys: builder"
    keys Escape
    wait_gone "Keys: builder"
    keys q
    wait_exit 0
    check_restored
    cmp -s "$FIXTURE" "$TMP/fixture.json" || fail "the input build file was modified"
    end_session
}

test_export_html_and_compare() {
    cp "$FIXTURE" "$TMP/fixture3.json"
    start exportcmp 100 30 tui "$TMP/fixture3.json"
    wait_for "Build sheet"
    # every format is offered; the HTML quote asks for the customer first
    keys e
    wait_for "Markdown parts list"
    wait_for "CSV spreadsheet"
    wait_for "Plain text"
    wait_for "HTML quote"
    keys End Enter
    wait_for "HTML quote for"
    type_text "Ada & <Co>"
    keys Enter
    # the quote's details, the same fields as dlrig export: edit the project, then write
    wait_for "Quote details"
    wait_for "Write the quote"
    wait_for "Valid for"
    keys Down Down Enter
    wait_for "The project name"
    type_text "Vision 2027"
    keys Enter
    wait_for "Quote details"
    keys Up Up Enter # the cursor stayed on Project
    wait_for "Export HTML quote to"
    keys Enter
    wait_for "Exported HTML quote"
    # no seller profile: the message says where it goes
    wait_for "no seller profile: add ~/config/dlrig/seller.json"
    local html="$WORK/vision-lab-box.html"
    [ -f "$html" ] || fail "no $html"
    grep -q '<!DOCTYPE html>' "$html" || fail "not an HTML document"
    grep -qF 'Ada &amp; &lt;Co&gt;' "$html" || fail "the customer is missing or not escaped"
    grep -qF 'Vision 2027' "$html" || fail "the project is missing"
    grep -q 'Quote no.</th><td>Q-[0-9]*-0001<' "$html" || fail "the quote has no number from the counter"
    grep -q 'RTX 6000 Ada' "$html" || fail "the quote lacks the GPU"
    grep -q 'nvidia-rtx-6000-ada' "$html" && fail "the customer's quote shows a dlrig part id"
    grep -q 'Unofficial quote' "$html" || fail "the quote without a seller does not say it is unofficial"
    # exporting again asks before replacing; Cancel keeps the file
    cp "$html" "$TMP/quote-before.html"
    keys e
    wait_for "HTML quote"
    keys End Enter
    wait_for "HTML quote for"
    # the next customer starts empty: no name, project or discount of the last quote
    screen | grep -qF "Ada & <Co>" && fail "the last customer's name is offered to the next"
    type_text "Someone else"
    keys Enter
    wait_for "Quote details"
    screen | grep -qF "Vision 2027" && fail "the last customer's project is offered to the next"
    keys Enter
    wait_for "Export HTML quote to"
    keys Enter
    wait_for "vision-lab-box.html exists"
    wait_for "Replace it"
    keys Enter
    wait_gone "Replace it"
    cmp -s "$html" "$TMP/quote-before.html" || fail "Cancel replaced the file"
    # Good / Better / Best: the best value, a step up, the fastest side by side
    keys C
    wait_for "Good / Better / Best"
    keys Enter
    wait_for "Compare"
    # Better only when a build between them is a real step up (the catalog's prices decide)
    wait_for "A  Good"
    wait_for "  Best"
    wait_for "Throughput"
    wait_for "Time per epoch"
    wait_for "best in the row"
    keys '?'
    wait_for "Keys: compare"
    wait_for "back to the builder"
    keys Escape
    wait_gone "Keys: compare"
    # the three builds as one quote with options A, B, C titled by their tiers
    keys e
    wait_for "HTML quote for"
    keys Enter
    wait_for "Quote details"
    keys Enter
    wait_for "Export the options as one HTML quote to"
    keys Enter
    wait_for "Exported a quote with"
    local n
    n=$(screen | grep -o 'Exported a quote with [23] options' | grep -o '[23]')
    [ -n "$n" ] || fail "not a quote of the 2 or 3 tiers"
    local last=$([ "$n" = 3 ] && echo C || echo B)
    grep -q 'Options at a glance' "$WORK/quote-options.html" || fail "the options quote lacks its summary"
    grep -q "id=\"option-$(echo "$last" | tr A-Z a-z)\"" "$WORK/quote-options.html" || fail "the options quote lacks option $last"
    grep -qF 'Option A (Good)' "$WORK/quote-options.html" || fail "the options quote lost the tier names"
    grep -qF "Option $last (Best)" "$WORK/quote-options.html" || fail "the options quote lost the tier names"
    grep -qF 'Vision 2027' "$WORK/quote-options.html" && fail "the options quote has an earlier customer's project"
    # Esc goes back unchanged
    keys Escape
    wait_for "Build sheet"
    wait_for "Vision lab box"
    # this build vs a saved one, then take the saved one
    keys W
    wait_for "Save build as"
    keys C-u
    type_text "other box"
    keys Enter
    wait_for "Saved to"
    keys C
    wait_for "This build vs saved builds"
    keys Down Enter
    wait_for "other-box.json"
    keys Enter
    # with more saved builds (an earlier test saved one) a third may be added
    local deadline=$((SECONDS + TIMEOUT))
    while [ $SECONDS -lt $deadline ]; do
        if screen | grep -qF "Add a third build?"; then
            wait_for "Compare these two"
            keys Enter
            break
        fi
        screen | grep -qF "A  This build" && break
        sleep 0.05
    done
    wait_for "A  This build"
    wait_for "B  other-box.json"
    keys Right Enter
    wait_for "other-box.json loaded from the comparison"
    wait_for "Build sheet"
    quit_discarding
    wait_exit 0
    check_restored
    end_session
}

test_slots_and_compat() {
    cp "$FIXTURE" "$TMP/fixture2.json"
    start slots 80 24 tui "$TMP/fixture2.json"
    wait_for "Build sheet"
    keys p
    wait_for "PCIe slots"
    wait_for "RTX 6000 Ada"
    wait_for "air gap"
    keys p
    wait_for "GPU · "
    keys c
    wait_for "compatible only"
    screen | grep -qF "GeForce RTX 5090" && fail "an incompatible card is listed with 'compatible only'"
    keys c
    wait_gone "compatible only"
    quit_discarding
    wait_exit 0
    end_session
}

# A GPU line's power limit shows on the build sheet with its speed cost.
test_power_limit_sheet() {
    sed -e 's/"version": 1/"version": 2/' \
        -e 's/{"id": "nvidia-rtx-6000-ada", "qty": 2}/{"id": "nvidia-rtx-6000-ada", "qty": 2, "power_limit_w": 250}/' \
        "$FIXTURE" >"$TMP/limited.json"
    grep -q power_limit_w "$TMP/limited.json" || fail "the fixture changed: no GPU line to limit"
    start powerlimit 160 48 tui "$TMP/limited.json"
    wait_for "Build sheet"
    wait_for "Limit  2 x RTX 6000 Ada at 250 W of 300 W (~6% slow"
    quit_discarding
    wait_exit 0
    end_session
}

# The highlighted part gives the month of its price, and how old it is when
# a quote would ask to re-check it (every price is, in 2035).
test_highlight_price_month() {
    local today=$DLRIG_TODAY
    DLRIG_TODAY=2035-01
    start pricemonth 200 60 tui "$FIXTURE"
    DLRIG_TODAY=$today
    wait_for "Highlighted part"
    screen | grep -qE "Priced +20[0-9]{2}-[0-9]{2} \([0-9]+ mo\)" || fail "no price month with its age: $(screen)"
    # the part list's own column, where there is room for it (the memory kits' list)
    keys BTab Down Down Down
    wait_for "─ Memory · "
    screen | grep -qE "Price +Priced " || fail "no Priced column: $(screen)"
    quit_discarding
    wait_exit 0
    end_session
}

test_resize() {
    start resize 80 24 tui "$FIXTURE"
    wait_for "Build sheet"
    tmux -L "$SOCK" resize-window -t "$S" -x 70 -y 20
    wait_for "Enlarge the terminal to at least 80x24 (now 70x20)"
    tmux -L "$SOCK" resize-window -t "$S" -x 80 -y 24
    wait_for "Build sheet"
    tmux -L "$SOCK" resize-window -t "$S" -x 160 -y 48
    wait_for "Highlighted part"
    tmux -L "$SOCK" resize-window -t "$S" -x 80 -y 24
    wait_gone "Highlighted part"
    wait_for "Build sheet"
    quit_discarding
    wait_exit 0
    end_session
}

test_bad_theme() {
    mkdir -p "$XDG_CONFIG_HOME/dlrig/themes"
    printf '{"name": "broken", "colors": {"normal": ' >"$XDG_CONFIG_HOME/dlrig/themes/broken.json"
    start theme 80 24 --theme broken
    wait_for "broken.json"
    wait_for "not valid"
    wait_for "using the"
    # and it still runs
    keys Enter
    wait_for "How big is the model?"
    keys q
    wait_exit 0
    check_restored
    end_session
}

test_ctrl_c() {
    start ctrlc 80 24 tui "$FIXTURE"
    wait_for "Build sheet"
    keys C-c
    wait_exit 130
    check_restored
    end_session
}

# click X Y [BUTTON] : a mouse press and release at 0-based column X, row Y, in
# the X10 encoding (ESC [ M, then button, column and row, each + 32, 1-based)
# that the pane's terminal type, pinned to tmux-256color, declares in kmous.
# BUTTON: 0 left (default), 64 wheel up, 65 wheel down.
click() {
    local b=${3:-0}
    tmux -L "$SOCK" send-keys -t "$S" -H 1b 5b 4d "$(printf '%x' $((b + 32)))" \
        "$(printf '%x' $(($1 + 33)))" "$(printf '%x' $(($2 + 33)))"
    if [ "$b" -lt 64 ]; then
        tmux -L "$SOCK" send-keys -t "$S" -H 1b 5b 4d 23 "$(printf '%x' $(($1 + 33)))" "$(printf '%x' $(($2 + 33)))"
    fi
}

# The GPU list's Speed column: the build's estimate with each card, the
# chosen card's equal to the sheet's, and s sorts by it, fastest first.
test_speed_column() {
    cp "$FIXTURE" "$TMP/fixture-speed.json"
    start speedcol 100 30 tui "$TMP/fixture-speed.json"
    wait_for "Build sheet"
    wait_for "Speed  2,471 samples/s"
    # the chosen RTX 6000 Ada row shows the same 2,471
    screen | grep -E "RTX 6000 Ada +2,471 " >/dev/null || fail "the chosen card's speed is not the sheet's"
    keys s s
    wait_for "Sorted by the build's estimated speed"
    wait_for "Speed▼"
    # the speeds down the visible list never increase: each row's speed is the
    # first number after the name (two spaces or more on each side)
    screen | sed -n 's/^[^│]*│[^│]*││//p' | grep -oE '^.{2}[^ ]([^ ]| [^ ])*  +[0-9][0-9,.]*  ' |
        grep -oE '[0-9][0-9,.]* *$' | tr -d ', ' >"$TMP/speeds"
    [ "$(wc -l <"$TMP/speeds")" -ge 5 ] || fail "no speeds in the list: $(cat "$TMP/speeds")"
    sort -g -r -c "$TMP/speeds" 2>/dev/null || fail "the list is not sorted by speed, fastest first: $(tr '\n' ' ' <"$TMP/speeds")"
    quit_discarding
    wait_exit 0
    check_restored
    end_session
}

# The mouse: a click selects a wizard choice, a second click on it accepts
# it, the wheel moves the selection.
test_mouse() {
    start mouse 80 24
    wait_for "What will it mostly run?"
    wait_for "Advisor preview"
    # row 4 of the screen is the second choice
    click 8 4
    wait_for "▸ Transformer fine-tuning"
    wait_for "Estimates use: BERT-large"
    click 8 4
    wait_for "How big is the model?"
    wait_for "Step 2 of 7"
    # the wheel moves down the list of model sizes
    screen | grep -F "▸" >"$TMP/mouse-before"
    click 8 6 65
    local deadline=$((SECONDS + TIMEOUT))
    while [ $SECONDS -lt $deadline ]; do
        screen | grep -F "▸" | cmp -s - "$TMP/mouse-before" || break
        sleep 0.05
    done
    screen | grep -F "▸" | cmp -s - "$TMP/mouse-before" && fail "the wheel did not move the selection"
    quit_discarding
    wait_exit 0
    check_restored
    end_session
}

# `dlrig parts` on a terminal fits its width: no line wraps, ids stay whole,
# and the columns that could not fit are named.
test_parts_fit() {
    # The count follows the catalog: ask the non-terminal listing for it.
    local n
    n=$("$DLRIG" parts --category case --json | grep -o '"id"' | wc -l)
    start partsfit 80 30 parts --category case
    wait_for "$n parts"
    local joined
    joined=$(tmux -L "$SOCK" capture-pane -p -J -t "$S")
    printf '%s\n' "$joined" | awk 'length($0) > 80 { bad = 1 } END { exit bad }' ||
        fail "a line is wider than 80 columns"
    printf '%s\n' "$joined" | grep -qE '^supermicro-sc747btq-r2k04b +' || fail "an id was cut"
    printf '%s\n' "$joined" | grep -qF "hidden to fit 80 columns:" || fail "hidden columns are not named"
    wait_exit 0
    end_session
}

test_not_a_tty() {
    local rc=0
    "$DLRIG" tui "$FIXTURE" </dev/null >"$TMP/notty.out" 2>"$TMP/notty.err" || rc=$?
    [ "$rc" = 2 ] || { echo "    exit status $rc, expected 2" >&2; return 1; }
    grep -q "terminal" "$TMP/notty.err" || { echo "    no message: $(cat "$TMP/notty.err")" >&2; return 1; }
}

test_presets_and_prices() {
    # Acme undercuts both top consumer cards, so whichever the preset's advisor picks shows Acme's price.
    printf 'id,price,currency,date,vendor\nnvidia-rtx-5080,899,USD,2026-11,Acme\nnvidia-rtx-4090,899,USD,2026-11,Acme\n' \
        >"$TMP/acme.csv"
    "$DLRIG" prices import "$TMP/acme.csv" >/dev/null
    start presets 120 32
    wait_for "What will it mostly run?"
    # F1 loads the first preset at once; P lists them all
    keys F1
    wait_for "Kaggle starter"
    wait_for "Build sheet"
    wait_for "Vendor Acme"
    wait_for '$899'
    keys P
    wait_for "Preset scenarios"
    wait_for "F8 Two-node training cluster"
    keys Escape
    wait_gone "Preset scenarios"
    keys F7
    wait_for "Quiet office workstation"
    # in the menu, the function key an item shows chooses it
    keys P
    wait_for "F3 NLP pair with NVLink"
    keys F3
    wait_gone "Preset scenarios"
    wait_for "NLP pair with NVLink"
    wait_for "Build sheet"
    quit_discarding
    wait_exit 0
    check_restored
    end_session
    "$DLRIG" prices clear >/dev/null
}

# Opening another build with unsaved changes asks first; undo brings the old
# build back with its own file, so w writes it there and never over the
# build that was opened.
test_open_asks_undo_keeps_file() {
    mkdir -p "$XDG_DATA_HOME/dlrig/builds"
    jq '.name="Build B"' "$FIXTURE" >"$XDG_DATA_HOME/dlrig/builds/b.json"
    jq '.name="Build A"' "$FIXTURE" >"$TMP/a.json"
    cp "$XDG_DATA_HOME/dlrig/builds/b.json" "$TMP/b-before.json"
    start openask 80 24 tui "$TMP/a.json"
    wait_for "Build sheet"
    keys +
    wait_for "Build A *"
    keys o
    wait_for "Unsaved changes"
    keys Enter # Cancel is the default
    wait_gone "Unsaved changes"
    wait_for "Build A *"
    keys o
    wait_for "Unsaved changes"
    keys Up Enter
    wait_for "Open a saved build"
    keys Enter
    wait_for "Opened"
    wait_for "Build B"
    keys u
    wait_for "Undone"
    wait_for "Build A *"
    # still unsaved: q asks
    keys q
    wait_for "Quit without saving"
    keys Escape
    wait_gone "Quit without saving"
    keys w
    wait_for "Saved to $TMP/a.json"
    cmp -s "$XDG_DATA_HOME/dlrig/builds/b.json" "$TMP/b-before.json" || fail "b.json was written: $(jq -c .name "$XDG_DATA_HOME/dlrig/builds/b.json")"
    [ "$(jq -r .name "$TMP/a.json")" = "Build A" ] || fail "a.json lost its name"
    keys q
    wait_exit 0
    check_restored
    end_session
    rm -f "$XDG_DATA_HOME/dlrig/builds/b.json"
}

# The export never writes over the open build's own file: another default is
# proposed, and the build's path is refused when typed.
test_export_not_over_build() {
    mkdir -p "$TMP/exportself"
    cp "$FIXTURE" "$TMP/exportself/vision-lab-box.json"
    start exportself 80 24 tui vision-lab-box.json
    wait_for "Build sheet"
    keys e
    wait_for "JSON document"
    keys Down Down Enter
    wait_for "Export JSON to"
    screen | grep -qF "vision-lab-box.json" && fail "the build's own file is proposed"
    keys C-u
    type_text "./vision-lab-box.json"
    keys Enter
    wait_for "is the open build's file"
    cmp -s "$FIXTURE" "$WORK/vision-lab-box.json" || fail "the build file was overwritten"
    keys e
    wait_for "JSON document"
    keys Down Down Enter
    wait_for "Export JSON to"
    keys Enter
    wait_for "Exported JSON"
    cmp -s "$FIXTURE" "$WORK/vision-lab-box.json" || fail "the build file was overwritten"
    keys q
    wait_exit 0
    end_session
}

# Two interfaces on one file: the second save notices the first one's and
# asks before replacing it.
test_two_tuis_one_file() {
    cp "$FIXTURE" "$TMP/shared.json"
    start shared1 80 24 tui "$TMP/shared.json"
    wait_for "Build sheet"
    start shared2 80 24 tui "$TMP/shared.json"
    wait_for "Build sheet"
    S=shared1
    keys n
    wait_for "Rename the build"
    keys C-u
    type_text "From A"
    keys Enter
    keys w
    wait_for "Saved to"
    [ "$(jq -r .name "$TMP/shared.json")" = "From A" ] || fail "first save missing"
    S=shared2
    keys n
    wait_for "Rename the build"
    keys C-u
    type_text "From B"
    keys Enter
    keys w
    wait_for "changed on disk"
    keys Enter # Cancel is the default
    wait_gone "changed on disk"
    [ "$(jq -r .name "$TMP/shared.json")" = "From A" ] || fail "the other save was replaced without asking"
    keys w
    wait_for "changed on disk"
    keys Up Enter
    wait_for "Saved to"
    [ "$(jq -r .name "$TMP/shared.json")" = "From B" ] || fail "replace did not save"
    keys q
    end_session
    S=shared1
    keys q
    end_session
}

# Five vendors with names of 64 bytes (the import limit) on the build sheet's
# Vendor line: it stays in its buffer (a stack overflow before) and says how
# many vendors it could not show.
test_vendor_line_long_names() {
    local csv="$TMP/vendors.csv" i
    printf 'id,price,currency,date,vendor\n' >"$csv"
    for i in 1 2 3 4 5; do
        printf 'nvidia-rtx-6000-ada,%d,USD,2026-11,Vendor %d with a rather long name that fills the limit of 64 b\n' \
            $((6000 + i)) "$i" >>"$csv"
    done
    "$DLRIG" prices import "$csv" >/dev/null
    start vendors 80 24 tui "$FIXTURE"
    wait_for "Build sheet"
    wait_for "Vendor Vendor 1"
    wait_for "+4"
    keys q
    wait_exit 0
    check_restored
    end_session
    "$DLRIG" prices clear >/dev/null
}

# Ctrl-S does not freeze the screen (flow control is off while dlrig runs,
# and back on after).
test_ctrl_s() {
    start ctrls 80 24 tui "$FIXTURE"
    wait_for "Build sheet"
    keys C-s
    keys '?'
    wait_for "Keys: builder"
    keys Escape
    wait_gone "Keys: builder"
    keys q
    wait_exit 0
    check_restored
    grep -qE '(^| )ixon( |$)' "$WORK/stty" || fail "flow control not restored: $(cat "$WORK/stty")"
    end_session
}

# The pane closes (the tmux server dies) with unsaved changes: the next
# start offers them back, and they come back.
test_sighup_recovery() {
    cp "$FIXTURE" "$TMP/hup.json"
    local state="$TMP/hupstate" sock="$SOCK-hup"
    tmux -L "$sock" -f /dev/null new-session -d -s hup -x 80 -y 24 -e TERM="$TERM" -e LANG="$LANG" \
        -e HOME="$HOME" -e XDG_DATA_HOME="$XDG_DATA_HOME" -e XDG_CONFIG_HOME="$XDG_CONFIG_HOME" \
        -e XDG_STATE_HOME="$state" -e NO_COLOR=1 "$(printf '%q' "$DLRIG") tui $TMP/hup.json"
    local deadline=$((SECONDS + TIMEOUT))
    until tmux -L "$sock" capture-pane -p -t hup 2>/dev/null | grep -qF "Build sheet"; do
        [ $SECONDS -lt $deadline ] || { tmux -L "$sock" kill-server; fail "no builder"; }
        sleep 0.05
    done
    tmux -L "$sock" send-keys -t hup n C-u "Recovered box" Enter +
    until tmux -L "$sock" capture-pane -p -t hup 2>/dev/null | grep -qF "Recovered box *"; do
        [ $SECONDS -lt $deadline ] || { tmux -L "$sock" kill-server; fail "no rename"; }
        sleep 0.05
    done
    tmux -L "$sock" kill-server
    cmp -s "$FIXTURE" "$TMP/hup.json" || fail "the build file was written"
    deadline=$((SECONDS + TIMEOUT))
    until ls "$state"/dlrig/recover-*.json >/dev/null 2>&1 && ! pgrep -f "tui $TMP/hup.json" >/dev/null; do
        [ $SECONDS -lt $deadline ] || fail "no recovery file in $state/dlrig: $(ls -la "$state"/dlrig 2>&1)"
        sleep 0.05
    done
    [ "$(stat -c %a "$state/dlrig")" = 700 ] || fail "the state directory is not private"
    START_ENV="XDG_STATE_HOME=$state" start hup2 80 24 tui "$FIXTURE"
    wait_for "Unsaved changes from a session that ended"
    wait_for 'The unsaved build: Recovered box, $' # its price follows the catalog's
    wait_for ', 3 x RTX 6000 Ada'
    wait_for "$TMP/hup.json"
    keys Up Up Enter # a file was named: Later is the default
    wait_for "Recovered the unsaved build"
    wait_for "Recovered box *"
    wait_for "3× RTX 6000 Ada"
    keys w
    wait_for "hup.json exists"
    keys Up Enter
    wait_for "Saved to $TMP/hup.json"
    [ "$(jq -r .name "$TMP/hup.json")" = "Recovered box" ] || fail "not saved: $(jq -c .name "$TMP/hup.json")"
    ls "$state"/dlrig/recover-* >/dev/null 2>&1 && fail "the recovery file stays after the save"
    keys q
    wait_exit 0
    check_restored
    end_session
}

# No controlling terminal (setsid) and the pane goes away: no SIGHUP comes,
# input ends; dlrig leaves within two seconds instead of spinning, keeping
# its unsaved changes in a recovery file.
test_no_tty_input_gone() {
    mkdir -p "$TMP/notty2"
    cp "$FIXTURE" "$TMP/notty2/b.json"
    local cmd="cd $TMP/notty2 && setsid sh -c 'echo \$\$ >pid; exec env XDG_STATE_HOME=$TMP/notty2/state $(printf '%q' "$DLRIG") tui b.json'; sleep 600"
    tmux -L "$SOCK" -f /dev/null new-session -d -s notty2 -x 80 -y 24 -e TERM="$TERM" -e LANG="$LANG" \
        -e HOME="$HOME" -e XDG_DATA_HOME="$XDG_DATA_HOME" -e XDG_CONFIG_HOME="$XDG_CONFIG_HOME" -e NO_COLOR=1 "$cmd"
    S=notty2
    wait_for "Build sheet"
    keys +
    wait_for "Vision lab box *"
    local pid
    pid=$(cat "$TMP/notty2/pid")
    kill -0 "$pid" || fail "no dlrig"
    tmux -L "$SOCK" kill-session -t notty2
    local t0=$SECONDS
    while kill -0 "$pid" 2>/dev/null; do
        [ $((SECONDS - t0)) -le 2 ] || { kill "$pid"; fail "dlrig still runs $((SECONDS - t0)) s after its terminal went away"; }
        sleep 0.05
    done
    ls "$TMP/notty2/state"/dlrig/recover-*.json >/dev/null 2>&1 || fail "no recovery file"
}

# XDG_CONFIG_HOME is a file: the built-in themes load and t cycles them.
test_config_home_is_a_file() {
    : >"$TMP/config-file"
    START_ENV="XDG_CONFIG_HOME=$TMP/config-file" start cfgfile 80 24 tui "$FIXTURE"
    wait_for "Build sheet"
    screen | grep -qF "Not a directory" && fail "the default theme did not load"
    keys t
    wait_for "Theme: "
    screen | grep -qF "Not a directory" && fail "t did not cycle"
    keys q
    wait_exit 0
    end_session
}

# Home and End arrive as keys (the pane's terminal type maps what tmux sends)
# and move to the ends of a list.
test_home_end() {
    start homeend 80 24 tui "$FIXTURE"
    wait_for "Build sheet"
    # only compatible parts: the list's bottom line shows the position
    keys c
    wait_for "compatible only"
    local deadline
    keys End
    deadline=$((SECONDS + TIMEOUT))
    until screen | grep -qE "─ ([0-9]+)/\1 ─"; do
        [ $SECONDS -lt $deadline ] || fail "End did not go to the last part"
        sleep 0.05
    done
    keys Home
    wait_for "─ 1/"
    wait_for "compatible only"
    keys q
    wait_exit 0
    end_session
}

# save_as NAME : W, the name, Enter; waits for "Saved to".
save_as() {
    keys W
    wait_for "Save build as"
    keys C-u
    type_text "$1"
    keys Enter
    wait_for "Saved to"
}

# Names in other scripts, emoji only, "." and "..": each saves to its own
# readable file, and the Open dialog lists every one.  A name cut to fit a
# file name says so.
test_save_names() {
    local dir="$XDG_DATA_HOME/dlrig/builds" n
    rm -rf "$dir"
    start names 80 24 tui "$FIXTURE"
    wait_for "Build sheet"
    for n in "北京实验室" "東京" "🚀🚀" "🎉" "." ".." "../x"; do
        save_as "$n"
        keys Escape
    done
    [ -f "$dir/北京实验室.json" ] || fail "no 北京实验室.json: $(ls "$dir")"
    [ -f "$dir/東京.json" ] || fail "no 東京.json: $(ls "$dir")"
    [ "$(find "$dir" -name '*.json' | wc -l)" = 7 ] || fail "names share files: $(ls -a "$dir")"
    ls -a "$dir" | grep -q '^\.[^.]' && fail "a hidden file: $(ls -a "$dir")"
    ls -a "$dir" | grep -q '^\.\.[^/]' && fail "a hidden file: $(ls -a "$dir")"
    keys o
    wait_for "Open a saved build (7)"
    keys Escape
    # a long name: the file name is cut, and the message says so
    save_as "$(printf 'long%.0s' $(seq 1 30))"
    wait_for "cut to 60 bytes"
    # a name longer than the prompt takes: the prompt says so
    keys W
    wait_for "Save build as"
    keys C-u
    type_text "$(printf 'abcdefghij%.0s' $(seq 1 30))"
    wait_for "the rest was not taken"
    keys Escape
    keys q
    wait_exit 0
    end_session
    rm -rf "$dir"
}

# f applies the selected finding's cheapest fix, F repairs every error and
# shows what changed; u undoes each.
test_fix_its() {
    cp "$HERE/../data/fix/psu-small.json" "$TMP/psu-small.json"
    start fixits 80 24 tui "$TMP/psu-small.json"
    wait_for "Build sheet"
    wait_for "GPUs need 0 PCIe 8-pin"
    # the finding shows its fixes
    keys Tab
    keys Enter
    wait_for "error: power.connectors"
    wait_for "Fixes (Enter or f applies the highlighted one"
    keys Escape
    wait_gone "error: power.connectors"
    # f: the cheapest fix of power.connectors (a bigger PSU that still lacks watts)
    keys f
    wait_for "Fixed: Replace MSI MAG A850GL PCIE5 with"
    wait_gone "GPUs need 0 PCIe 8-pin"
    wait_for "PSU     MAG A1000GL"
    wait_for "Rated draw 1066 W exceeds MAG"
    keys u
    wait_for "Undone"
    wait_for "GPUs need 0 PCIe 8-pin"
    # F: every error, one change here, shown with the price before and after
    keys F
    wait_for "Repair: 1 change, 0 errors left"
    wait_for "Price \$"
    # the message comes with the overlay (the next key clears it)
    wait_for "Every error repaired"
    keys Escape
    wait_gone "Repair: 1 change"
    wait_gone "Rated draw"
    wait_gone "GPUs need 0 PCIe 8-pin"
    keys u
    wait_for "Undone"
    wait_for "PSU     MAG A850GL"
    wait_for "Rated draw 1066 W exceeds MAG"
    quit_discarding
    wait_exit 0
    cmp -s "$HERE/../data/fix/psu-small.json" "$TMP/psu-small.json" || fail "the input build file was modified"
    end_session
}

# A name dlrig generated follows the build (the advisor's "2 x Radeon RX
# 7900 XTX" after a GPU swap, in the title, the saved file and the export);
# budgets in the title are live; a name the user typed stays.
test_generated_name_follows() {
    cp "$HERE/data/home-amd.json" "$TMP/home-amd.json"
    start genname 80 24 tui "$TMP/home-amd.json"
    wait_for "dlrig · 2 x Radeon RX 7900 XTX"
    keys /
    type_text "3090 ti"
    keys Enter Enter
    wait_for "dlrig · 2 x GeForce RTX 3090 Ti *"
    keys w
    wait_for "Saved"
    "$DLRIG" export "$TMP/home-amd.json" --format md --allow-errors 2>/dev/null | head -1 | grep -qF "# DRAFT: 2 x GeForce RTX 3090 Ti" ||
        fail "the export is not titled by the GPUs it lists"
    # the user's own name stays through a change
    keys n
    wait_for "Rename the build"
    keys C-u
    type_text "Home LLM box"
    keys Enter
    wait_for "dlrig · Home LLM box *"
    keys /
    keys C-u
    type_text "7900 xtx"
    keys Enter Enter
    wait_for "Radeon RX 7900 XTX chosen"
    wait_for "dlrig · Home LLM box *"
    quit_discarding
    wait_exit 0
    end_session
}

# The findings pane never hides what changed: scrolled down, a swap that
# brings a new warning shows it (the first, most severe, row) with the rest
# of the pane filled; the parts list narrowed to the compatible parts fills
# its pane too.
test_panes_show_what_changed() {
    cp "$HERE/data/home-amd.json" "$TMP/panes.json"
    start panes 80 24 tui "$TMP/panes.json"
    wait_for "Build sheet"
    keys Tab
    keys Down Down Down
    keys BTab
    keys /
    type_text "3090 ti"
    keys Enter Enter
    wait_for "GeForce RTX 3090 Ti chosen"
    wait_for "▲ Total \$"
    # as many rows as findings (the title counts them), none blank above them
    local n
    n=$(screen | head -1 | sed -E 's/.*✖([0-9]+) ▲([0-9]+) ●([0-9]+).*/\1+\2+\3/')
    n=$((n))
    [ "$n" -gt 7 ] && n=7
    [ "$(screen | sed -n '16,22p' | grep -c '│ [▲●✖] ')" -eq "$n" ] || fail "the findings pane hides some of its $n findings"
    keys Escape
    keys /
    keys C-u
    keys Enter
    keys 1
    keys s s S
    keys c
    wait_for "compatible only"
    # rows 4..13 of the list: every one a part
    [ "$(screen | sed -n '4,13p' | grep -cE '│[✖● ] [A-Za-z]')" -eq 10 ] || fail "the parts list has blank rows"
    quit_discarding
    wait_exit 0
    end_session
}

# Fix-its where a presenter looks: the status bar offers f and F when they
# apply; Enter on a finding lists its fixes with prices, to choose from (the
# board with four x16 slots, fewer cards); F's options for what parts cannot
# fix are a list too; over budget, f swaps a cheaper part.
test_fix_choices() {
    cp "$HERE/../data/fix/pcie-4-maxq-trx50.json" "$TMP/ul4.json"
    start fixchoice 80 24 tui "$TMP/ul4.json"
    wait_for "Build sheet"
    screen | tail -1 | grep -qF " f fix " || fail "the status bar does not offer f"
    screen | tail -1 | grep -qF " F repair " || fail "the status bar does not offer F"
    keys Tab
    wait_for "Enter explain"
    keys Enter
    wait_for "error: pcie.slots"
    wait_for "▸ Replace Gigabyte TRX50 AERO D with ASRock WRX90 WS EVO (+\$622"
    wait_for "fewer GPUs: 3 x NVIDIA RTX PRO 6000"
    keys Down Down
    wait_for "▸ fewer GPUs: 3 x NVIDIA RTX PRO 6000"
    keys f
    wait_for "Fixed: 3 x NVIDIA RTX PRO 6000 Blackwell Max-Q Workstation Edition instead of"
    wait_for "GPU     3× RTX PRO"
    wait_for "✖0"
    screen | tail -1 | grep -qF " F repair " && fail "F is offered with no error left"
    keys u
    wait_for "Undone"
    wait_for "GPU     4× RTX PRO"
    # f on the error takes its first fix: the board, the four cards kept
    keys f
    wait_for "Fixed: Replace Gigabyte TRX50 AERO D with ASRock WRX90 WS EVO"
    wait_for "GPU     4× RTX PRO"
    wait_for "Board   WRX90 WS EVO"
    quit_discarding
    wait_exit 0
    end_session
    # F: what parts cannot fix is a list of options to apply
    cp "$HERE/../data/fix/circuit.json" "$TMP/circuit.json"
    start fixall 80 24 tui "$TMP/circuit.json"
    wait_for "Build sheet"
    keys F
    wait_for "Repair: 1 change, 3 errors left"
    wait_for "▸ fewer GPUs: 2 x NVIDIA GeForce RTX 4090 instead of 4"
    keys Enter
    wait_for "Fixed: 2 x NVIDIA GeForce RTX 4090 instead of 4"
    wait_for "GPU     2× GeForce"
    wait_for "✖0"
    quit_discarding
    wait_exit 0
    end_session
    # over budget: f offers and applies a cheaper part
    cp "$HERE/../data/fix/budget-memory.json" "$TMP/budget.json"
    start fixbudget 80 24 tui "$TMP/budget.json"
    wait_for "▲ Total \$5,162 is \$162 over"
    screen | tail -1 | grep -qF " f fix " || fail "the status bar does not offer f for budget.over"
    keys Tab Enter
    wait_for "warning: budget.over"
    wait_for "▸ Replace Kingston FURY Renegade 2x48GB DDR5-6000 with"
    wait_for "requirement: Raise the budget from \$5,000 to \$5,162"
    keys Escape
    keys f
    wait_for "Fixed: Replace Kingston FURY Renegade 2x48GB DDR5-6000 with"
    wait_for "✖0 ▲0"
    quit_discarding
    wait_exit 0
    end_session
}

# The what-if form's changes and its re-advise are one undo step: the
# circuit cycled four times with Right, then a: one u brings back the build
# and its circuit.
test_whatif_one_undo_step() {
    cp "$FIXTURE" "$TMP/undo-step.json"
    start undostep 80 24 tui "$TMP/undo-step.json"
    wait_for "Wall   954 W of 4,992 on 208v-30a"
    keys r
    wait_for "What if"
    keys c Right Right Right Right
    wait_for "Circuit: 230v-10a"
    keys a
    wait_for "Re-advised for the new requirements (u undoes both)"
    keys Escape
    wait_gone "Re-advised"
    keys u
    wait_for "Undone"
    wait_for "Wall   954 W of 4,992 on 208v-30a"
    wait_for "GPU     2× RTX 6000 Ada"
    keys u
    wait_for "Nothing to undo"
    quit_discarding
    wait_exit 0
    end_session
}

# The sales demo, end to end, as a presenter runs it on the projector theme:
# a university lab ($40,000, transformer training, server room, ECC and a
# rack chassis) through the wizard; in the builder one card too many, fixed
# with f; the budget cut to $30,000 and re-advised; Good / Better / Best;
# the quote exported.  The keys are counted (typed text apart): the walk
# took 42 on the version before fix-its were lists and f could fix the
# extra card (which then took Tab f F Esc S-Tab -); it takes 38 now.
DEMO_KEYS=0
demo_keys() {
    DEMO_KEYS=$((DEMO_KEYS + $#))
    keys "$@"
}
sales_demo() {
    local w=$1 h=$2
    DEMO_KEYS=0
    START_ENV= start "demo$w" "$w" "$h" --theme high-contrast
    wait_for "What will it mostly run?"
    demo_keys Down Enter       # Transformer fine-tuning
    wait_for "How big is the model?"
    demo_keys Enter            # its reference model
    wait_for "How big is the dataset?"
    demo_keys Down Enter       # 500 GB
    wait_for "What is the budget?"
    demo_keys Down Down Enter  # $40,000
    wait_for "Which framework?"
    demo_keys Enter            # PyTorch
    wait_for "Which training precision?"
    demo_keys Enter
    wait_for "Where will it stand?"
    demo_keys Down Enter       # server room
    wait_for "Which wall circuit feeds it?"
    demo_keys Enter            # 208v-30a
    wait_for "Does noise matter?"
    demo_keys Enter
    wait_for "Must-haves"
    demo_keys Home Space Down Down Down Down Space End Enter # ECC, rack chassis
    wait_for "ecc, rackmount"
    demo_keys Enter            # build it
    wait_for "dlrig · Transformer fine-tuning, \$40,000 *"
    wait_for "Build sheet"
    # one card too many: the slots error, fixed with f
    demo_keys +
    wait_for "✖2"
    screen | tail -1 | grep -qF " f fix " || fail "the status bar does not offer f"
    demo_keys Tab f
    wait_for "Fixed: 4 x NVIDIA RTX PRO"
    wait_for "✖0"
    # the customer asks for $30,000: the title follows, one key re-advises
    demo_keys r b
    type_text 30k
    demo_keys Enter
    wait_for "Budget: \$30,000"
    demo_keys a
    wait_for "Re-advised for the new requirements (u undoes both)"
    demo_keys Escape
    wait_for "dlrig · Transformer fine-tuning, \$30,000 *"
    # Good / Better / Best, sized to the budget
    demo_keys C Enter
    wait_for "A  Good"
    wait_for "B  Better"
    wait_for "C  Best"
    # the quote
    demo_keys e
    wait_for "HTML quote for"
    type_text "Riverside University"
    demo_keys Enter
    wait_for "Quote details"
    demo_keys Enter
    wait_for "Export the options as one HTML quote to"
    demo_keys Enter
    wait_for "Exported a quote with 3 options"
    grep -qF "Riverside University" "$WORK/quote-options.html" || fail "the quote lacks the customer"
    echo "    sales demo at ${w}x$h: $DEMO_KEYS keys and 23 typed characters" >&2
    [ "$DEMO_KEYS" -le 38 ] || fail "the demo took $DEMO_KEYS keys"
    keys Escape
    wait_for "Build sheet"
    quit_discarding
    wait_exit 0
    end_session
}
test_sales_demo() {
    sales_demo 80 24
    sales_demo 200 60
}

# ---------------------------------------------------------------- runner

PASSED=0
FAILED=0
# Good / Better / Best is computed for the build on screen: after opening a
# saved build with other requirements, never the previous build's options.
test_compare_after_open() {
    mkdir -p "$XDG_DATA_HOME/dlrig/builds"
    jq '.name="LLM lab" | .requirements.workload="llm-finetune" | .requirements.model_params_m=13000
        | .requirements.budget_usd=40000' "$FIXTURE" >"$XDG_DATA_HOME/dlrig/builds/zz-llm-lab.json"
    touch "$XDG_DATA_HOME/dlrig/builds/zz-llm-lab.json" # the newest: first in the open list
    start cmpopen 80 24
    wait_for "What will it mostly run?"
    keys F1
    wait_for "Kaggle starter"
    wait_for "Build sheet"
    keys o
    wait_for "Unsaved changes"
    keys Up Enter
    wait_for "Open a saved build"
    wait_for "zz-llm-lab.json"
    keys Enter
    wait_for "Opened"
    wait_for "LLM lab"
    keys C
    wait_for "Good / Better / Best"
    keys Enter
    wait_for "A  Good"
    wait_for "for the llm-finetune workload"
    ! screen | grep -qF "for the cnn workload" || fail "compare shows the previous build's workload"
    keys Escape
    wait_for "Build sheet"
    # undo brings the preset's build back: its own options again
    keys u
    wait_for "Undone"
    wait_for "Kaggle starter"
    keys C
    wait_for "Good / Better / Best"
    keys Enter
    wait_for "A  Good"
    wait_for "for the cnn workload"
    keys Escape
    wait_for "Build sheet"
    quit_discarding
    wait_exit 0
    end_session
    rm -f "$XDG_DATA_HOME/dlrig/builds/zz-llm-lab.json"
}

# At 80x24 the key bar always offers ?, also while a message is shown; the
# focused pane says so in its title; the highlighted finding shows its whole
# text in place.
test_discoverable_80x24() {
    cp "$FIXTURE" "$TMP/disc.json"
    start disc 80 24 tui "$TMP/disc.json"
    wait_for "Build sheet"
    [ "$(screen | tail -1 | grep -c '? help')" = 1 ] || fail "no ? help on the key bar"
    screen | grep -qF "▶ GPU" || fail "the focused list is not marked"
    keys +
    wait_for "GPU: 3×"
    [ "$(screen | tail -1 | grep -c '? help')" = 1 ] || fail "a message hid ? help"
    keys u
    wait_for "Undone"
    # the findings pane: marked, and its first finding whole, wrapped in place
    keys Tab
    wait_for "▶ Findings"
    screen | grep -qF "▶ GPU" && fail "two panes marked as focused"
    # the end of a long finding (cut to one line elsewhere) is on screen
    local ends m deadline shown=""
    ends=$("$DLRIG" check --json "$TMP/disc.json" | jq -r '.findings[].message | select(length > 60)' |
        awk '{print $(NF-2), $(NF-1), $NF}')
    [ -n "$ends" ] || fail "the fixture has no long finding"
    deadline=$((SECONDS + TIMEOUT))
    while [ -z "$shown" ] && [ $SECONDS -lt $deadline ]; do
        while read -r m; do screen | grep -qF -- "$m" && shown=$m; done <<<"$ends"
        sleep 0.05
    done
    [ -n "$shown" ] || fail "no finding shows its whole text"
    keys '?'
    wait_for "Keys: builder"
    keys Escape
    wait_gone "Keys: builder"
    quit_discarding
    wait_exit 0
    end_session
}

# r: the requirements as a form over the builder.  A change applies at once
# (the sheet's budget and circuit lines follow), the build keeps its name and
# parts, u undoes it; bad input names the field and keeps the text; a re-runs
# the advisor keeping a pinned part and says what changed.
test_whatif_form() {
    cp "$FIXTURE" "$TMP/whatif.json"
    start whatif 80 24 tui "$TMP/whatif.json"
    wait_for "Build sheet"
    wait_for 'of $25,000 '
    wait_for "on 208v-30a"
    keys r
    wait_for "What if: the build's requirements"
    # at 80x24 the rows scroll under the help: the last ones are at End
    keys End
    wait_for "Must have"
    wait_for "Noise"
    # the budget, typed with a unit
    keys b
    type_text "30k"
    keys Enter
    wait_for "Budget: \$30,000"
    wait_for 'of $30,000 '
    # the circuit: the digit picks the next circuit starting with it
    keys c 1
    wait_for "Circuit: 120v-15a"
    wait_for "on 120v-15a"
    wait_for "Circuit"
    # bad input: a message naming the field, the text kept for correcting
    keys b
    type_text "30x"
    keys Enter
    wait_for "Budget: expected a number"
    wait_for "got '30x'"
    wait_for "30x"
    keys BSpace
    type_text "5k"
    keys Enter
    wait_for 'of $305,000 '
    keys Escape
    wait_gone "What if: the build's requirements"
    # the name and the parts stay
    wait_for "Vision lab box *"
    wait_for "2× RTX 6000 Ada"
    # the changes of one visit of the form are one undo step
    keys u
    wait_for "Undone"
    wait_for 'of $25,000 '
    wait_for "on 208v-30a"
    # pin the case, change the budget, re-run the advisor from the form
    keys Escape
    wait_for "▶ Parts"
    keys 7 K
    wait_for "Case pinned"
    keys r b
    type_text "12k"
    keys Enter
    wait_for "Budget: \$12,000"
    keys a
    wait_for "Re-advised for the new requirements"
    wait_for "SC747BTQ-R2K04B (pinned)"
    wait_for "Price"
    keys Escape
    wait_for "Build sheet"
    wait_for "Vision lab box *"
    wait_for "SC747BTQ-R2K04B"
    keys u
    wait_for "2× RTX 6000 Ada"
    wait_for 'of $25,000 '
    quit_discarding
    wait_exit 0
    end_session
}

# A workload that only the catalog in use has (--catalog) is offered by the
# wizard with the catalog's description as its help.
test_wizard_catalog_workload() {
    local db
    db="$(dirname "$DLRIG")/catalog.db"
    if [ ! -f "$db" ] || ! command -v sqlite3 >/dev/null; then
        echo "skip test_wizard_catalog_workload (no catalog.db beside the binary or no sqlite3)"
        return 0
    fi
    cp "$db" "$TMP/extra.db"
    sqlite3 "$TMP/extra.db" "CREATE TEMP TABLE w AS SELECT * FROM workload WHERE id = 'cnn';
        UPDATE w SET id = 'speech-asr', name = 'Speech recognition training', is_default = 0,
            list_order = (SELECT max(list_order) + 1 FROM workload),
            description = 'Speech models want tensor throughput and fast storage for audio.';
        INSERT INTO workload SELECT * FROM w;
        CREATE TEMP TABLE m AS SELECT * FROM model WHERE id = 'bert-large';
        UPDATE m SET id = 'whisper-large-v3', name = 'Whisper large-v3', family = 'Whisper', params_m = 1550,
            hf_repo = NULL;
        INSERT INTO model SELECT * FROM m;"
    start wizcat 100 30 --catalog "$TMP/extra.db"
    wait_for "What will it mostly run?"
    wait_for "Speech recognition training"
    keys End
    wait_for "Speech models want tensor throughput"
    keys Enter
    wait_for "How big is the model?"
    # the model sizes are the catalog's models, a new one among them
    wait_for "Whisper large-v3"
    wait_for "1,550M params"
    end_session
}

# Molecular dynamics has no model to size, reads no dataset and runs its own
# mixed precision: the wizard goes from the workload to the budget and skips
# the training precision, and the review says why each was not asked.
test_wizard_md() {
    start wizmd 100 32
    wait_for "What will it mostly run?"
    keys End Up # molecular dynamics, the last but video generation
    wait_for "Molecular dynamics (GROMACS, AMBER, OpenMM)"
    wait_for "FP64 does not matter"
    keys Enter
    wait_for "What is the budget?"
    local q
    for q in "What is the budget?" "Which framework?" "Where will it stand?" "Which wall circuit feeds it?" \
        "Does noise matter?" "Must-haves (Space toggles)"; do
        wait_for "$q"
        keys Enter
    done
    wait_for "Review the answers"
    wait_for "workloads with a model"
    wait_for "- (neural-network workloads)"
    keys Enter
    wait_for "Build sheet"
    wait_for "samples/s"
    quit_discarding
    wait_exit 0
    end_session
}

# Video generation: the wizard offers the video models only, and the build
# sheet counts frames/s for the one chosen.
test_wizard_video() {
    start wizvid 100 32
    wait_for "What will it mostly run?"
    keys End
    wait_for "Video generation (diffusion)"
    wait_for "the minutes a clip takes"
    keys Enter
    wait_for "How big is the model?"
    wait_for "Wan 2.1 T2V-1.3B"
    wait_for "HunyuanVideo"
    ! screen | grep -q "FLUX.1" || fail "an image model offered for video generation"
    keys Down Enter
    wait_for "What is the budget?"
    wait_for "frames/s"
    local q
    for q in "What is the budget?" "Which framework?" "Which training precision?" "Where will it stand?" "Which wall circuit feeds it?" \
        "Does noise matter?" "Must-haves (Space toggles)"; do
        wait_for "$q"
        keys Enter
    done
    wait_for "Review the answers"
    keys Enter
    wait_for "Build sheet"
    wait_for "frames/s compute-bound"
    quit_discarding
    wait_exit 0
    end_session
}

# The builder's category pane is the list widget: PgDn/PgUp move a page
# (all eleven categories at 80x24, so to the last and the first), Home and
# End go to the ends, Up and Down still go round, ? lists the keys.
test_builder_category_paging() {
    cp "$FIXTURE" "$TMP/catpage.json"
    start catpage 80 24 tui "$TMP/catpage.json"
    wait_for "Build sheet"
    keys Escape
    wait_for "▶ Parts"
    keys Down Down
    wait_for "▸Board"
    keys NPage
    wait_for "▸Switch"
    wait_for "Switch · "
    keys PPage
    wait_for "▸GPU"
    keys End
    wait_for "▸Switch"
    keys Home
    wait_for "▸GPU"
    keys Up
    wait_for "▸Switch"
    keys Down
    wait_for "▸GPU"
    # the wheel goes round too; a click selects, a click on the selected one opens its parts
    click 3 3 64
    wait_for "▸Switch"
    click 3 3
    wait_for "▸CPU"
    wait_for "▶ Parts"
    click 3 3
    wait_for "▶ CPU · "
    keys '?'
    wait_for "Keys: builder"
    wait_for "PgDn"
    keys Escape
    wait_gone "Keys: builder"
    keys q
    wait_exit 0
    end_session
}

# The requirements form's rows are the list widget: the mouse selects a row
# and a second click types its value (a click on another row leaves the
# typing), the wheel moves, PgDn/PgUp/Home/End go through the rows.
test_reqform_list() {
    cp "$FIXTURE" "$TMP/formlist.json"
    start formlist 80 24 tui "$TMP/formlist.json"
    wait_for "Build sheet"
    keys r
    wait_for "What if: the build's requirements"
    wait_for "what the machine is for"
    # row 5 of the screen is the budget
    click 6 5
    wait_for "total budget in US dollars"
    click 6 5
    wait_for '$25,000▏'
    keys C-u
    type_text "30k"
    keys Enter
    wait_for 'Budget: $30,000'
    wait_for 'of $30,000 '
    # typing, then a click on another row: the typing is left, nothing applied
    keys Enter
    wait_for '$30,000▏'
    click 6 4
    wait_for "dataset size in GB"
    wait_gone '$30,000▏'
    click 6 4 65
    wait_for "total budget in US dollars"
    keys NPage
    wait_gone "total budget in US dollars"
    keys Home
    wait_for "what the machine is for"
    keys End
    wait_for "must-haves, comma-separated"
    keys PPage
    wait_gone "must-haves, comma-separated"
    keys '?'
    wait_for "Keys: requirements form"
    wait_for "a page of fields down"
    keys Escape
    wait_gone "Keys: requirements form"
    quit_discarding
    wait_exit 0
    end_session
}

# Menus page too: PgDn and PgUp in the preset menu.
test_menu_paging() {
    start menupage 80 24
    wait_for "What will it mostly run?"
    keys P
    wait_for "Preset scenarios"
    wait_for "▸ F1 Kaggle starter"
    keys NPage
    wait_for "▸ F8 Two-node training cluster"
    keys PPage
    wait_for "▸ F1 Kaggle starter"
    keys End
    wait_for "▸ F8 Two-node training cluster"
    # Down at the end still goes round to the first
    keys Down
    wait_for "▸ F1 Kaggle starter"
    keys Escape
    wait_gone "Preset scenarios"
    keys q
    wait_exit 0
    end_session
}

# A long part list is the list widget: PgDn/PgUp move a page (10 rows at
# 80x24), End and Home go to the ends, the wheel moves three parts; and the
# same keys work while a filter is typed (/ narrows the list, Esc clears it).
test_part_list_paging() {
    cp "$FIXTURE" "$TMP/partpage.json"
    start partpage 80 24 tui "$TMP/partpage.json"
    wait_for "Build sheet"
    wait_for "▶ GPU · "
    keys Home
    wait_for "─ 1/"
    keys NPage
    wait_for "─ 11/"
    keys NPage
    wait_for "─ 21/"
    keys PPage
    wait_for "─ 11/"
    local deadline
    keys End
    deadline=$((SECONDS + TIMEOUT))
    until screen | grep -qE "─ ([0-9]+)/\1 ─"; do
        [ $SECONDS -lt $deadline ] || fail "End did not go to the last part"
        sleep 0.05
    done
    keys Home
    wait_for "─ 1/"
    # the wheel over the list: three parts a notch
    click 40 5 65
    wait_for "─ 4/"
    click 40 5 65
    wait_for "─ 7/"
    click 40 5 64
    wait_for "─ 4/"
    # typing a filter: the list narrows, and the paging keys still move in it
    keys /
    type_text "geforce"
    wait_for "filter: geforce_"
    wait_for "─ 1/"
    screen | grep -F "Instinct" && fail "the filter left a part that does not match"
    keys NPage
    wait_for "─ 11/"
    keys End
    deadline=$((SECONDS + TIMEOUT))
    until screen | grep -qE "─ ([0-9]+)/\1 ─"; do
        [ $SECONDS -lt $deadline ] || fail "End while filtering did not go to the last part"
        sleep 0.05
    done
    keys Home
    wait_for "─ 1/"
    wait_for "filter: geforce_"
    # Enter ends the typing (the filter stays), Esc clears it
    keys Enter
    wait_for "filter: geforce "
    keys Escape
    wait_gone "filter: geforce"
    keys q
    wait_exit 0
    end_session
}

# Menus filter as lists do: / and words narrow the items (the position shows
# how many are left), Enter chooses among them, Esc clears the filter and
# then closes the menu; ? lists the menu's keys.
test_menu_filter() {
    start menufilter 80 24
    wait_for "What will it mostly run?"
    keys P
    wait_for "Preset scenarios"
    wait_for "▸ F1 Kaggle starter"
    # ? lists the menu's keys in its box, any key goes back to the items
    keys '?'
    wait_for "Keys: menu"
    wait_for "filter the items as you type"
    keys x
    wait_gone "Keys: menu"
    wait_for "▸ F1 Kaggle starter"
    keys /
    wait_for "filter: _"
    type_text "two-node"
    wait_for "filter: two-node_"
    wait_for "▸ F8 Two-node training cluster"
    wait_gone "F1 Kaggle starter"
    wait_for " 1/1 "
    # Esc clears the filter: every preset again, the menu still open
    keys Escape
    wait_gone "filter: "
    wait_for "F1 Kaggle starter"
    wait_for "Preset scenarios"
    keys /
    type_text "no such preset"
    wait_for "No item matches the filter"
    keys C-u
    type_text "KAGGLE"
    wait_for "▸ F1 Kaggle starter"
    wait_gone "F8 Two-node"
    # Enter ends the typing and chooses: the advisor's best build opens
    keys Enter
    wait_gone "Preset scenarios"
    wait_for "Build sheet"
    quit_discarding
    wait_exit 0
    end_session
}

# The wizard's long lists filter too: / and a word narrow the models, the
# paging keys and Enter work among them, and the answer is the one chosen;
# Esc clears the filter and every choice is back.
# The purchase's shape and a second job are asked from the review, not in
# the walk: Enter on their line asks, the answer goes straight back to the
# review, a second job's method follows its model, and the build honours them.
test_wizard_shape() {
    start wizshape 100 30
    wait_for "What will it mostly run?"
    keys Down Down Down Enter
    wait_for "Which model, or how big?"
    keys /
    type_text "llama 3.3 70b"
    wait_for "▸ Llama 3.3 70B"
    keys Enter
    wait_for "How will it run?"
    keys Down Down Enter       # 4-bit weights
    wait_for "How long a context?"
    keys Enter
    wait_for "What is the budget?"
    keys Enter Enter
    # a walk passes the shape by: environment, circuit, noise, must-haves
    wait_for "Where will it stand?"
    keys Enter Enter Enter
    wait_for "Must-haves"
    keys Enter
    wait_for "Review the answers"
    wait_for "Min GPUs      - (any count; Enter sets one)"
    wait_for "Second job    - (none; Enter adds one)"
    keys Up Up Up Up Up Up Up Up
    wait_for "▸ Min GPUs"
    keys Enter
    wait_for "At least how many GPUs?"
    keys Down Down Down Enter
    wait_for "Review the answers"
    wait_for "Min GPUs      4 GPUs"
    keys Up Up Up Up
    wait_for "▸ Second job"
    keys Enter
    wait_for "A second job on the same box? (its model)"
    keys /
    type_text "llama 3.1 8b"
    wait_for "▸ Llama 3.1 8B"
    keys Enter
    wait_for "How does the second job run?"
    keys Down Down Enter
    wait_for "Review the answers"
    wait_for "Second job    Llama 3.1 8B"
    wait_for "Job 2 runs as QLoRA"
    # Space builds it as Enter does (it crashed once: the wizard was gone)
    keys End Space
    wait_for "Build sheet"
    wait_for "GPUs   4×"
    # the what-if form shows the same answers
    keys r
    wait_for "GPUs, at least 4 GPUs a node"
    keys s
    wait_for "Second job     llama-3.1-8b"
    keys Escape
    quit_discarding
    wait_exit 0
    end_session
}

test_wizard_filter() {
    start wizfilter 80 24
    wait_for "What will it mostly run?"
    keys Down Down Down Enter
    wait_for "Which model, or how big?"
    wait_for " 1/"
    keys /
    wait_for "filter: _"
    type_text "qwen3"
    wait_for "filter: qwen3_"
    wait_for "▸ Qwen3 0.6B"
    wait_gone "Llama 3.2 1B"
    wait_for " 1/10 "
    keys End
    wait_for "▸ Qwen3-Coder 480B-A35B"
    keys Home
    wait_for "▸ Qwen3 0.6B"
    keys Escape
    wait_gone "filter: "
    wait_for "Llama 3.2 1B"
    wait_for "▸ Qwen3 0.6B"
    keys /
    type_text "qwen 14b"
    wait_for "filter: qwen 14b_"
    wait_for " 1/3 "
    wait_for "▸ Qwen2.5 14B"
    keys Down Down
    wait_for "▸ Qwen3 14B"
    keys Enter
    wait_for "How will it run?"
    keys BSpace
    wait_for "Which model, or how big?"
    wait_for "▸ Qwen3 14B"
    wait_gone "filter: "
    keys q
    wait_exit 0
    end_session
}

# At 80x24 nothing a user must read is cut when there is room: the findings
# pane shows a finding whole (wrapped) when every finding fits, the build
# sheet shortens a line that would be cut, and the help wraps a long line
# under its text, not under the keys.
test_findings_whole() {
    cp "$FIXTURE" "$TMP/whole.json"
    start whole 80 24 tui "$TMP/whole.json"
    wait_for "Build sheet"
    wait_for "● case.cooler_height not checked:"
    wait_for "clearance for SC747BTQ-R2K04B"
    # the sheet's lines say it shorter rather than cut the PSU's watts
    wait_for "peak 1,688/PSU 2,000"
    # the oldest price's month, marked: its prices are over six months old
    wait_for "of \$25,000 ▲20"
    keys '?'
    wait_for "Keys: builder"
    screen | grep -qE "│ {16}\(changes apply at once, u undoes\)" || fail "the help's wrapped line is not under its text"
    keys Escape
    wait_gone "Keys: builder"
    keys q
    wait_exit 0
    end_session
}

# At 80x24 the requirements form's help reads whole, wrapped under the rows
# (which scroll, the position on the border, when they do not all fit), for
# a field with a long list of choices, an amount, and the fields of a
# language model.
test_reqform_help_whole() {
    cp "$FIXTURE" "$TMP/formhelp.json"
    start formhelp 80 24 tui "$TMP/formhelp.json"
    wait_for "Build sheet"
    keys r
    wait_for "What if: the build's requirements"
    wait_for "what the machine is for: cnn,"
    wait_for "inference, scientific-fp64"
    wait_for " 1/15 "
    keys d
    wait_for "dataset size in GB"
    wait_for "1.5PB)"
    keys End
    wait_for "must-haves, comma-separated: ecc, nvlink, rdma, quiet, rackmount, open-frame"
    wait_for " 15/15 "
    # a language model: more rows, the model's help whole too
    keys Home Right Right
    wait_for "LLM LoRA fine-tuning"
    keys Down
    wait_for "the model by name or repository id"
    wait_for "(at most 95 characters)"
    wait_for " 2/18 "
    keys Escape
    wait_gone "What if: the build's requirements"
    quit_discarding
    wait_exit 0
    end_session
}

# The what-if form states the purchase's shape and a second job: a GPU count,
# one card, a second language-model job; the checks follow at once.
test_reqform_shape() {
    cp "$FIXTURE" "$TMP/formshape.json"
    start formshape 100 30 tui "$TMP/formshape.json"
    wait_for "Build sheet"
    # buy or rent, under the sheet when there is room
    wait_for "Buy    pays off after"
    keys r
    wait_for "What if: the build's requirements"
    keys g
    wait_for "at least N GPUs a node"
    keys Enter
    type_text "4"
    keys Enter
    wait_for "GPUs, at least: 4 GPUs a node: 1 error now, 0 before"
    keys l
    wait_for "must fit on one GPU"
    keys Right
    wait_for "On one card: yes"
    keys s
    wait_for "a second language-model job"
    keys Right
    wait_for "Second job: "
    keys u u u
    wait_gone "least 4 GPUs a node"
    wait_for "s Second job     not given: none"
    keys Escape
    wait_gone "What if: the build's requirements"
    quit_discarding
    wait_exit 0
    end_session
}

# A machine one owns (its lines marked owned): a lists its upgrade plans,
# cheapest first, each with its cost, speed and changes; a number loads one,
# u undoes it.  O marks the category's part owned or to buy.
test_upgrade_plans() {
    cp "$HERE/../data/upgrade/desktop-3090.json" "$TMP/machine.json"
    start upgrade 80 24 tui "$TMP/machine.json"
    wait_for "Build sheet"
    wait_for "a upgrade"
    wait_for "Memory 27.6 of 24 GiB"
    keys a
    wait_for "Upgrade plans for Desktop with one RTX 3090"
    wait_for "As it is, it cannot run the requirements: The job needs 27.6 GiB"
    wait_for "1. \$"
    keys End
    # the owned card is kept and another bought beside it
    wait_for "buy 1 more GeForce RTX 3090 (1 owned)"
    keys 1
    wait_gone "Upgrade plans for"
    wait_for "Upgrade plan 1 loaded: \$"
    # the plan runs the job: the memory line no longer overflows the card
    wait_gone "Memory 27.6 of 24 GiB"
    keys u
    wait_for "Undone"
    wait_for "Memory 27.6 of 24 GiB"
    # O: the power supply is one to buy after all, then owned again
    wait_for "Price  \$0 of"
    keys 6 O
    wait_for ": to buy (u undoes)"
    wait_gone "Price  \$0 of"
    keys O
    wait_for ": owned, \$0; a lists upgrade plans (u undoes)"
    wait_for "Price  \$0 of"
    quit_discarding
    wait_exit 0
    end_session
}

# At 80x24 the compare screen tells three builds apart: part names wrap in
# their column instead of being cut, a long file name shows its end (where
# names saved from one another differ), and the legend keeps the position.
test_compare_80x24_whole() {
    local dir="$XDG_DATA_HOME/dlrig/builds"
    mkdir -p "$dir"
    jq '.parts[0].id="nvidia-rtx-5000-ada"' "$FIXTURE" >"$dir/vision-lab-box-rtx5000-option.json"
    jq '.parts[0].qty=1' "$FIXTURE" >"$dir/vision-lab-box-one-gpu-option-for-the-lab.json"
    cp "$FIXTURE" "$TMP/cmpwhole.json"
    start cmpwhole 80 24 tui "$TMP/cmpwhole.json"
    wait_for "Build sheet"
    keys C
    wait_for "This build vs saved builds"
    keys Down Enter
    wait_for "Compare this build with"
    keys Enter
    wait_for "Add a third build?"
    keys Down Enter
    wait_for "A  This build"
    wait_for "Throughput"
    wait_for "000-option.json"
    wait_for "or-the-lab.json"
    wait_for "▲▼ 1-"
    # one line down: the GPU row's second line (the rows above it fill the first screen)
    keys Down
    wait_for "▲▼ 2-"
    wait_for "6000 Ada"
    wait_for "5000 Ada"
    # nothing in the table is cut (the header's long file name shows its end)
    screen | sed -n '5,22p' | grep -F "…" && fail "a cell of the table is cut"
    keys End
    wait_for "(KSM56R46BD8-32MD)"
    wait_for "2000W Titanium"
    screen | sed -n '5,22p' | grep -F "…" && fail "a cell of the table is cut"
    keys Escape
    wait_for "Build sheet"
    quit_discarding
    wait_exit 0
    end_session
    rm -f "$dir"/vision-lab-box-*.json
}

# A prompt takes text, so ? is typed into it; F1 lists the prompt's keys
# (from its key table, said on the key bar and under the text), any key goes
# back to the text as it was.
test_prompt_keys() {
    cp "$FIXTURE" "$TMP/promptkeys.json"
    start promptkeys 80 24 tui "$TMP/promptkeys.json"
    wait_for "Build sheet"
    keys W
    wait_for "Save build as"
    wait_for "F1 lists the keys"
    [ "$(screen | tail -1 | grep -c 'F1 keys')" = 1 ] || fail "no F1 keys on the key bar"
    type_text "?"
    wait_for "Vision lab box?▏"
    keys F1
    wait_for "Keys: prompt (any key goes back)"
    wait_for "clear the text"
    wait_for "delete the last character"
    wait_for "? and every other"
    keys x
    wait_gone "Keys: prompt"
    wait_for "Vision lab box?▏"
    keys BSpace
    wait_for "Vision lab box▏"
    keys Escape
    wait_gone "Save build as"
    quit_discarding
    wait_exit 0
    end_session
}

# Where text is typed outside a prompt (the builder's and the wizard's
# filters, the wizard's amounts, a requirement's value) ? is typed too: F1
# lists the keys there, the key bar says so, and any key goes back.
test_typing_keys() {
    cp "$FIXTURE" "$TMP/typingkeys.json"
    start typingkeys 80 24
    wait_for "What will it mostly run?"
    keys /
    type_text "?"
    wait_for "filter: ?_"
    [ "$(screen | tail -1 | grep -c 'F1 keys')" = 1 ] || fail "no F1 keys on the key bar while filtering"
    keys F1
    wait_for "Keys: typing (any key goes back)"
    wait_for "choose the selected answer"
    wait_for "Up Down PgUp PgDn Home End"
    keys x
    wait_gone "Keys: typing"
    wait_for "filter: ?_"
    keys Escape Enter
    wait_for "How big is the model?"
    type_text "7"
    keys F1
    wait_for "take the amount and go to the next question"
    keys x
    wait_gone "Keys: typing"
    keys Escape
    quit_discarding
    wait_exit 0
    end_session
    start typingkeys2 80 24 tui "$TMP/typingkeys.json"
    wait_for "Build sheet"
    keys /
    keys F1
    wait_for "move in the parts shown"
    keys x
    wait_gone "Keys: typing"
    keys Escape r d Enter
    wait_for "What if: the build's requirements"
    keys F1
    wait_for "the requirement keeps its value"
    keys x
    wait_gone "Keys: typing"
    keys Escape Escape
    wait_gone "What if: the build's requirements"
    quit_discarding
    wait_exit 0
    end_session
}

# NO_COLOR: not one colour escape reaches the terminal, whatever the theme
# (--theme dark, and the next themes with t); bold, dim and reverse stay, and
# the screen keeps the terminal's own colours.
test_no_color() {
    START_ENV="sleep 0.3 &&" start nocolor 80 24 --theme dark tui "$FIXTURE"
    record_output "$WORK/raw"
    wait_for "Build sheet"
    keys t
    wait_for "Theme: "
    keys t
    wait_for "Theme: "
    keys Tab
    sleep 0.3
    screen_e >"$WORK/screen"
    local found
    found=$(sgr_colours "$WORK/raw" | sort | uniq -c | head -5)
    [ -z "$found" ] || fail "colour escapes written under NO_COLOR: $found"
    # the capture's colours are the terminal's defaults (39, 49) only
    found=$(sgr_colours "$WORK/screen" | grep -vxE '\\e\[(39|49|0;39|0;49)m' | sort | uniq -c | head -5 || true)
    [ -z "$found" ] || fail "coloured cells under NO_COLOR: $found"
    grep -qE $'\e\\[([0-9;]*;)?7m' "$WORK/screen" || fail "no reverse video (the selection) under NO_COLOR"
    grep -qE $'\e\\[([0-9;]*;)?1m' "$WORK/screen" || fail "no bold under NO_COLOR"
    keys q
    wait_exit 0
    end_session
}

# The mono theme without NO_COLOR: no colour escape either.
test_mono_theme() {
    START_ENV="sleep 0.3 && env -u NO_COLOR" start mono 80 24 --theme mono tui "$FIXTURE"
    record_output "$WORK/raw"
    wait_for "Build sheet"
    keys Tab
    sleep 0.3
    local found
    found=$(sgr_colours "$WORK/raw" | sort | uniq -c | head -5)
    [ -z "$found" ] || fail "colour escapes written by the mono theme: $found"
    keys q
    wait_exit 0
    end_session
}

# Without NO_COLOR the default theme draws in colour (so the two tests above
# would see colour escapes if there were any).
test_colour_theme() {
    START_ENV="sleep 0.3 && env -u NO_COLOR" start colour 80 24 tui "$FIXTURE"
    record_output "$WORK/raw"
    wait_for "Build sheet"
    keys Tab
    sleep 0.3
    sgr_colours "$WORK/raw" | grep -q '38;5;' || fail "the dark theme wrote no 256-colour escape"
    keys q
    wait_exit 0
    end_session
}

# TERM=linux (8 colours): the borders of the panes without focus are visible
# (the dark theme's grey 240 became black: black on the console's black).
test_linux_console_colours() {
    START_ENV="env -u NO_COLOR TERM=linux" start linuxcon 80 24 tui "$FIXTURE"
    wait_for "Build sheet"
    screen_e >"$WORK/screen"
    local bad
    bad=$(invisible_cells "$WORK/screen" | head -3)
    [ -z "$bad" ] || fail "$bad"
    grep -qF "Build sheet" "$WORK/screen" || fail "no build sheet"
    keys Tab
    sleep 0.3
    screen_e >"$WORK/screen2"
    bad=$(invisible_cells "$WORK/screen2" | head -3)
    [ -z "$bad" ] || fail "after Tab: $bad"
    keys q
    wait_exit 0
    end_session
}

# Home, End, PgDn and Del under each TERM the tests run (tmux sends Home and
# End as ESC [ 1 ~ and ESC [ 4 ~ whatever TERM says): End goes to the last
# part and Home to the first, in the builder; in the wizard's filter End
# moves the selection and types nothing ("4~" before, under xterm-256color).
test_terms() {
    local term
    for term in tmux-256color xterm-256color screen linux; do
        START_ENV="env TERM=$term" start "terms-${term%%-*}" 80 24 tui "$FIXTURE"
        wait_for "Build sheet"
        keys c
        wait_for "compatible only"
        keys End
        local deadline=$((SECONDS + TIMEOUT))
        until screen | grep -qE "─ ([0-9]+)/\1 ─"; do
            [ $SECONDS -lt $deadline ] || fail "TERM=$term: End did not go to the last part"
            sleep 0.05
        done
        keys Home
        wait_for "─ 1/"
        screen | grep -qF "4~" && fail "TERM=$term: Home/End typed text"
        keys q
        wait_exit 0
        end_session

        START_ENV="env TERM=$term" start "termw-${term%%-*}" 80 24
        wait_for "What will it mostly run?"
        keys Down Down Down Enter
        wait_for "Which model, or how big?"
        keys /
        wait_for "filter: _"
        type_text "qwen3"
        wait_for "filter: qwen3_"
        wait_for "▸ Qwen3 0.6B"
        keys End
        wait_for "▸ Qwen3-Coder 480B-A35B"
        wait_for "filter: qwen3_"
        keys Home
        wait_for "▸ Qwen3 0.6B"
        wait_for "filter: qwen3_"
        screen | grep -qE "filter: qwen3.*~" && fail "TERM=$term: End or Home typed into the filter"
        keys Escape
        wait_gone "filter: "
        keys q
        wait_exit 0
        end_session
    done
}

# A run in a PID namespace has the same PID every time (a container: PID 1):
# the next run still offers the last one's unsaved work, and its own first
# change does not overwrite it (recovery files were named by PID).
test_recovery_pid_namespace() {
    local ns=()
    if unshare -p -f --mount-proc true 2>/dev/null; then ns=(unshare -p -f --mount-proc)
    elif unshare -r -p -f --mount-proc true 2>/dev/null; then ns=(unshare -r -p -f --mount-proc)
    else echo "    (skipped: no PID namespaces here)" >&2; return 0; fi
    local state="$TMP/nsstate" sock="$SOCK-ns" d="$TMP/ns"
    mkdir -p "$d"
    cp "$FIXTURE" "$d/b.json"
    jq '.name = "Other build"' "$FIXTURE" > "$d/c.json"
    local cmd="cd $d && exec env XDG_STATE_HOME=$state ${ns[*]} $(printf '%q' "$DLRIG") tui"
    tmux -L "$sock" -f /dev/null new-session -d -s ns1 -x 100 -y 30 -e TERM="$TERM" -e LANG="$LANG" \
        -e HOME="$HOME" -e XDG_DATA_HOME="$XDG_DATA_HOME" -e XDG_CONFIG_HOME="$XDG_CONFIG_HOME" -e NO_COLOR=1 "$cmd b.json"
    local deadline=$((SECONDS + TIMEOUT))
    until tmux -L "$sock" capture-pane -p -t ns1 2>/dev/null | grep -qF "Build sheet"; do
        [ $SECONDS -lt $deadline ] || { tmux -L "$sock" kill-server; fail "no builder"; }
        sleep 0.05
    done
    tmux -L "$sock" send-keys -t ns1 n C-u "Unsaved work of session 1" Enter +
    until ls "$state"/dlrig/recover-*.json >/dev/null 2>&1; do
        [ $SECONDS -lt $deadline ] || { tmux -L "$sock" kill-server; fail "no recovery file"; }
        sleep 0.05
    done
    tmux -L "$sock" kill-server
    sleep 1
    local first
    first=$(ls "$state"/dlrig/recover-*.json)
    [ "$(jq -r .name "$first")" = "Unsaved work of session 1" ] || fail "recovery holds $(jq -c .name "$first")"
    tmux -L "$sock" -f /dev/null new-session -d -s ns2 -x 100 -y 30 -e TERM="$TERM" -e LANG="$LANG" \
        -e HOME="$HOME" -e XDG_DATA_HOME="$XDG_DATA_HOME" -e XDG_CONFIG_HOME="$XDG_CONFIG_HOME" -e NO_COLOR=1 "$cmd c.json"
    S=ns2
    local old=$SOCK
    SOCK=$sock
    wait_for "Unsaved changes from a session that ended" || { SOCK=$old; tmux -L "$sock" kill-server; return 1; }
    keys Enter # Later: the default when a file is named
    wait_gone "Unsaved changes from a session"
    keys +
    sleep 1.5 # idle: this run writes its own recovery file
    [ "$(jq -r .name "$first" 2>/dev/null)" = "Unsaved work of session 1" ] ||
        { SOCK=$old; tmux -L "$sock" kill-server; fail "session 1's recovery was overwritten or removed"; }
    [ "$(ls "$state"/dlrig/recover-*.json | wc -l)" -eq 2 ] ||
        { SOCK=$old; tmux -L "$sock" kill-server; fail "want two recovery files: $(ls "$state"/dlrig)"; }
    SOCK=$old
    tmux -L "$sock" kill-server
}

# The recovery keeps the build's absolute path: recovered from another
# directory, w saves to the build's own file (it saved a new b.json there).
test_recovery_absolute_path() {
    local d="$TMP/relpath" state="$TMP/relpath/state" sock="$SOCK-rel"
    mkdir -p "$d/proj" "$d/other"
    cp "$FIXTURE" "$d/proj/b.json"
    tmux -L "$sock" -f /dev/null new-session -d -s rel -x 100 -y 30 -e TERM="$TERM" -e LANG="$LANG" \
        -e HOME="$HOME" -e XDG_DATA_HOME="$XDG_DATA_HOME" -e XDG_CONFIG_HOME="$XDG_CONFIG_HOME" -e NO_COLOR=1 \
        "cd $d/proj && exec env XDG_STATE_HOME=$state $(printf '%q' "$DLRIG") tui b.json"
    local deadline=$((SECONDS + TIMEOUT))
    until tmux -L "$sock" capture-pane -p -t rel 2>/dev/null | grep -qF "Build sheet"; do
        [ $SECONDS -lt $deadline ] || { tmux -L "$sock" kill-server; fail "no builder"; }
        sleep 0.05
    done
    tmux -L "$sock" send-keys -t rel n C-u "Relative box" Enter +
    until tmux -L "$sock" capture-pane -p -t rel 2>/dev/null | grep -qF "Relative box *"; do
        [ $SECONDS -lt $deadline ] || { tmux -L "$sock" kill-server; fail "no rename"; }
        sleep 0.05
    done
    tmux -L "$sock" kill-server
    until ls "$state"/dlrig/recover-*.path >/dev/null 2>&1; do
        [ $SECONDS -lt $deadline ] || fail "no recovery file"
        sleep 0.05
    done
    [ "$(cat "$state"/dlrig/recover-*.path)" = "$d/proj/b.json" ] || fail "path kept: $(cat "$state"/dlrig/recover-*.path)"
    START_ENV="XDG_STATE_HOME=$state" start relother 100 30 # the wizard, in another directory
    wait_for "Unsaved changes from a session that ended"
    wait_for "$d/proj/b.json"
    keys Enter
    wait_for "Recovered the unsaved build of $d/proj/b.json"
    keys w
    wait_for "b.json exists"
    keys Up Enter
    wait_for "Saved to $d/proj/b.json"
    [ "$(jq -r .name "$d/proj/b.json")" = "Relative box" ] || fail "proj/b.json not saved"
    [ ! -e "$WORK/b.json" ] || fail "saved to the working directory's b.json"
    keys q
    wait_exit 0
    end_session
}

# Invisible format characters (right-to-left override, isolates, marks) in a
# build name, a --catalog part name and a recovery path are drawn as '?',
# never written to the terminal; remembered quote answers of an earlier
# version (a customer) are not offered at all.
test_bidi_made_visible() {
    command -v script >/dev/null || { echo "    (skipped: no script(1))" >&2; return 0; }
    local d="$TMP/bidi" cat_db
    cat_db="$(dirname "$DLRIG")/catalog.db"
    [ -f "$cat_db" ] || { echo "    (skipped: no catalog.db beside dlrig)" >&2; return 0; }
    mkdir -p "$d/state/dlrig"
    cp "$cat_db" "$d/rlo.db"
    sqlite3 "$d/rlo.db" "UPDATE gpu SET name = 'Evil ' || char(8238) || 'GPU' || char(8295) || 'x' WHERE id = 'nvidia-rtx-6000-ada'"
    jq '.name = "Build \u202eemanlee\u200f\u2066"' "$FIXTURE" > "$d/b.json"
    printf '{"customer": "Cust \\u202eomer", "project": "P\\u2067", "notes": "n\\u200e"}' > "$d/state/dlrig/quote.json"
    # a recovery file (of a run whose lock is gone) naming a path with an override
    cp "$FIXTURE" "$d/state/dlrig/recover-0123456789abcdef0123456789abcdef-01234567.json"
    printf '/tmp/evil\xe2\x80\xaenosj.json' > "$d/state/dlrig/recover-0123456789abcdef0123456789abcdef-01234567.path"
    local cmd
    cmd="$(printf '%q' "$DLRIG") --catalog $(printf '%q' "$d/rlo.db") tui $(printf '%q' "$d/b.json")"
    S=bidi
    WORK="$TMP/bidi-run"
    mkdir -p "$WORK"
    tmux -L "$SOCK" -f /dev/null new-session -d -s "$S" -x 120 -y 40 -e TERM="$TERM" -e LANG="$LANG" \
        -e HOME="$HOME" -e XDG_DATA_HOME="$XDG_DATA_HOME" -e XDG_CONFIG_HOME="$XDG_CONFIG_HOME" -e NO_COLOR=1 \
        -e XDG_STATE_HOME="$d/state" "cd $WORK && script -q -f -c $(printf '%q' "$cmd") $WORK/raw; exec sleep 600"
    wait_for "Unsaved changes from a session that ended"
    wait_for "/tmp/evil?nosj.json"
    keys Enter # Later: the default when a file is named
    wait_gone "Unsaved changes from a session"
    wait_for "Build sheet"
    wait_for "Evil ?GPU?x"
    keys e
    wait_for "HTML quote"
    keys End Enter
    wait_for "HTML quote for"
    screen | grep -qF "Cust " && fail "a remembered customer was offered to the next quote"
    keys Escape
    wait_gone "HTML quote for"
    local n
    n=$( (LC_ALL=C grep -aoE $'\xe2\x80[\x8e\x8f\xaa-\xae]|\xe2\x81[\xa6-\xa9]' "$WORK/raw" || true) | wc -l)
    [ "$n" -eq 0 ] || fail "$n invisible format characters written to the terminal"
    keys q # nothing changed: leaves at once
    wait_gone "Build sheet"
    end_session
}

# A file-size limit below the recovery file's size: the write fails, the
# status bar says so, and the interface goes on (SIGXFSZ killed it with 153,
# the terminal left raw).
test_file_size_limit() {
    local d="$TMP/fsize"
    mkdir -p "$d"
    jq --arg n "$(printf 'N%.0s' $(seq 1 3000))" '.name = $n' "$FIXTURE" > "$d/big.json"
    WORK="$d"
    S=fsize
    tmux -L "$SOCK" -f /dev/null new-session -d -s "$S" -x 100 -y 30 -e TERM="$TERM" -e LANG="$LANG" \
        -e HOME="$HOME" -e XDG_DATA_HOME="$XDG_DATA_HOME" -e XDG_CONFIG_HOME="$XDG_CONFIG_HOME" -e NO_COLOR=1 \
        "cd $d && XDG_STATE_HOME=$d/state sh -c 'ulimit -f 2; exec $(printf '%q' "$DLRIG") tui big.json'; rc=\$?; stty -a >stty 2>&1; echo \$rc >exit.tmp; mv exit.tmp exit; exec sleep 600"
    wait_for "Build sheet"
    keys +
    wait_for "Unsaved changes are not kept for recovery"
    wait_for "File too large"
    [ ! -f "$d/exit" ] || fail "dlrig left with status $(cat "$d/exit")"
    keys w
    wait_for "Not saved"
    wait_for "File too large"
    cmp -s "$d/big.json" <(jq --arg n "$(printf 'N%.0s' $(seq 1 3000))" '.name = $n' "$FIXTURE") || fail "big.json changed"
    quit_discarding
    wait_exit 0
    check_restored
    [ -z "$(find "$d" -name '*.tmp*')" ] || fail "temporary files left: $(find "$d" -name '*.tmp*')"
}

# A FIFO in place of the remembered quote answers is not waited on (the
# interface froze in open() at the HTML quote).
test_quote_state_fifo() {
    local state="$TMP/fifostate"
    mkdir -p "$state/dlrig"
    mkfifo "$state/dlrig/quote.json"
    START_ENV="XDG_STATE_HOME=$state" start quotefifo 100 30 tui "$FIXTURE"
    wait_for "Build sheet"
    keys e
    wait_for "HTML quote"
    keys End Enter
    wait_for "HTML quote for"
    keys Escape
    wait_gone "HTML quote for"
    quit_discarding
    wait_exit 0
    [ -p "$state/dlrig/quote.json" ] || fail "the FIFO was replaced"
}

# The quote details: the cursor stays on the line just edited (before, it
# jumped back to "Write the quote" and the next Down Enter edited the
# customer); the next quote starts without the last customer's name,
# project and discount, and keeps the seller's tax and validity.
test_quote_details_cursor_and_memory() {
    cp "$FIXTURE" "$TMP/qd.json"
    start quotedet 100 30 tui "$TMP/qd.json"
    wait_for "Build sheet"
    keys e
    wait_for "HTML quote"
    keys End Enter
    wait_for "HTML quote for"
    type_text "Alpha Corp"
    keys Enter
    wait_for "Quote details"
    keys Down Down Down Enter
    wait_for "Discount (% of the subtotal)"
    keys C-u
    type_text "8"
    keys Enter
    wait_for "Quote details"
    wait_for "8%"
    # the natural next move: Down to Tax, Enter, type it
    keys Down Enter
    wait_for "Tax (% of the discounted subtotal)"
    keys C-u
    type_text "7.25"
    keys Enter
    wait_for "Quote details"
    wait_for "7.25%"
    screen | grep -q "Customer.*7.25" && fail "the tax went into the customer's name"
    # Enter again edits the tax, the line just edited
    keys Enter
    wait_for "Tax (% of the discounted subtotal)"
    keys Escape
    wait_for "Quote details"
    keys Up Up Up Up Enter
    wait_for "Export HTML quote to"
    keys Enter
    wait_for "Exported HTML quote"
    local html="$WORK/vision-lab-box.html"
    grep -qF 'Alpha Corp' "$html" || fail "no customer"
    grep -qF 'Discount (8%)' "$html" || fail "no discount"
    grep -qF 'Tax (7.25%)' "$html" || fail "no tax"
    local state="$WORK/state/dlrig/quote.json"
    [ -f "$state" ] || fail "the seller's defaults were not remembered"
    grep -qE 'Alpha|discount|customer|project' "$state" && fail "a customer's details were remembered: $(cat "$state")"
    # the next quote: nothing of Alpha Corp, the seller's tax kept
    keys e
    wait_for "HTML quote"
    keys End Enter
    wait_for "HTML quote for"
    screen | grep -qF "Alpha Corp" && fail "the last customer is offered again"
    keys Enter
    wait_for "Quote details"
    wait_for "7.25%"
    screen | grep -qE "Discount +8%" && fail "the last customer's discount is offered again"
    keys Escape
    wait_gone "Quote details"
    quit_discarding
    wait_exit 0
}

# A recovery file left by another session, and a file named on the command
# line: the dialog names the recovered build (name, price, GPUs) and Enter
# keeps the named file ("Later"); the recovery file stays for the next start.
test_recovery_with_named_file() {
    local state="$TMP/recstate/dlrig" pid=4194300
    mkdir -p "$state"
    chmod 700 "$TMP/recstate" "$state"
    while kill -0 "$pid" 2>/dev/null; do pid=$((pid - 1)); done
    cp "$HERE/../data/quote/lab-better.json" "$state/recover-$pid.json"
    printf '%s' "$TMP/other-lab.json" > "$state/recover-$pid.path"
    START_ENV="XDG_STATE_HOME=$TMP/recstate" start recnamed 100 30 tui "$FIXTURE"
    wait_for 'The unsaved build: 4 x RTX PRO 4500 Blackwell, $18,286'
    wait_for "$TMP/other-lab.json"
    keys Enter
    wait_gone "Unsaved changes from a session that ended"
    wait_for "Vision lab box"
    screen | grep -qF "Recovered the unsaved build" && fail "Enter recovered the other session's build"
    [ -f "$state/recover-$pid.json" ] || fail "Later deleted the recovery file"
    keys q
    wait_exit 0
    end_session
    # without a file on the command line, Enter still recovers
    START_ENV="XDG_STATE_HOME=$TMP/recstate" start recwizard 100 30
    wait_for "The unsaved build: 4 x RTX PRO 4500 Blackwell"
    keys Enter
    wait_for "Recovered the unsaved build of $TMP/other-lab.json"
    quit_discarding
    wait_exit 0
}

run() {
    local name=$1 rc
    # E2E_ONLY=REGEX runs only the tests whose names match
    if [ -n "${E2E_ONLY:-}" ] && ! [[ $name =~ $E2E_ONLY ]]; then return 0; fi
    set +e
    (set -e; "$name")
    rc=$?
    set -e
    end_session
    if [ $rc -eq 0 ]; then
        echo "ok   ${name#test_}"
        PASSED=$((PASSED + 1))
    else
        echo "FAIL ${name#test_}"
        FAILED=$((FAILED + 1))
    fi
}

run test_wizard_80x24
run test_wizard_160x48
run test_wizard_llm
run test_wizard_amount_limits
run test_wizard_keys_listed
run test_wizard_list_paging
run test_wizard_list_mouse
run test_wizard_amount_editor
run test_builder_finding_save_open_export
run test_export_html_and_compare
run test_slots_and_compat
run test_resize
run test_highlight_price_month
run test_power_limit_sheet
run test_bad_theme
run test_ctrl_c
run test_speed_column
run test_mouse
run test_parts_fit
run test_not_a_tty
run test_presets_and_prices
run test_open_asks_undo_keeps_file
run test_export_not_over_build
run test_two_tuis_one_file
run test_vendor_line_long_names
run test_ctrl_s
run test_sighup_recovery
run test_quote_details_cursor_and_memory
run test_recovery_with_named_file
run test_no_tty_input_gone
run test_config_home_is_a_file
run test_recovery_pid_namespace
run test_recovery_absolute_path
run test_bidi_made_visible
run test_file_size_limit
run test_quote_state_fifo
run test_home_end
run test_save_names
run test_compare_after_open
run test_discoverable_80x24
run test_whatif_form
run test_fix_its
run test_wizard_catalog_workload
run test_wizard_md
run test_wizard_video
run test_builder_category_paging
run test_reqform_list
run test_menu_paging
run test_part_list_paging
run test_menu_filter
run test_wizard_filter
run test_wizard_shape
run test_findings_whole
run test_reqform_help_whole
run test_reqform_shape
run test_upgrade_plans
run test_compare_80x24_whole
run test_prompt_keys
run test_typing_keys
run test_no_color
run test_mono_theme
run test_colour_theme
run test_linux_console_colours
run test_terms
run test_generated_name_follows
run test_panes_show_what_changed
run test_fix_choices
run test_whatif_one_undo_step
run test_sales_demo

echo "$PASSED passed, $FAILED failed"
[ "$FAILED" -eq 0 ]
