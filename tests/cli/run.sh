#!/usr/bin/env bash
# Command-line contract tests: exit statuses, messages naming the problem,
# JSON documents.  Usage: run.sh PATH_TO_DLRIG PATH_TO_CATALOG_DB
set -u
DLRIG=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
CATDB=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
DATA=$(cd "$(dirname "$0")/../data" && pwd)
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
HERE=$(cd "$(dirname "$0")" && pwd)
cd "$TMP" || exit 2 # what a command writes by mistake (a file named "-") lands here
export HOME=$TMP XDG_DATA_HOME=$TMP/data XDG_CONFIG_HOME=$TMP/config NO_COLOR=1 LC_ALL=C.UTF-8
pass=0
fail=0

# expect NAME STATUS PATTERN -- CMD...: runs CMD, checks its exit status and
# that stdout+stderr match the extended regex PATTERN.
expect() {
    local name=$1 status=$2 pattern=$3
    shift 4
    local out rc
    out=$("$@" 2>&1)
    rc=$?
    if [ "$rc" -eq "$status" ] && printf '%s' "$out" | grep -Ezq -- "$pattern"; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "FAIL $name: exit $rc (want $status), output:"
        printf '%s\n' "$out" | head -20
    fi
}

expect help 0 'Usage: dlrig' -- "$DLRIG" --help
expect version 0 '^dlrig [0-9]+\.[0-9]+' -- "$DLRIG" --version
expect unknown-command 2 "unknown command 'frobnicate'" -- "$DLRIG" frobnicate
expect parts-gpu 0 'nvidia-rtx-4090' -- "$DLRIG" parts --category gpu
expect parts-json 0 '"parts"' -- "$DLRIG" parts --json
expect parts-bad-category 2 "unknown category 'gpus'.*gpu, cpu" -- "$DLRIG" parts --category gpus
expect parts-bad-sort 2 "unknown sort field 'speed'" -- "$DLRIG" parts --category gpu --sort speed
expect parts-filter 0 'threadripper' -- "$DLRIG" parts --filter "threadripper pro"
expect show 0 'vram_gb +24' -- "$DLRIG" show nvidia-rtx-4090
expect show-json 0 '"bandwidth_gbs"' -- "$DLRIG" show nvidia-rtx-4090 --json
# GPUs ranked for a workload
expect parts-rank 0 'One GPU alone on cnn.*fastest first.*nvidia-' -- "$DLRIG" parts --workload cnn
expect parts-rank-value 0 'most speed per \$1,000 first' -- "$DLRIG" parts --workload llm-finetune --model-params-m 13000 --precision bf16 --sort value
expect parts-rank-json 0 '"order":[[:space:]]*"value".*"speed":[[:space:]]*\{[^}]*"throughput"' -- "$DLRIG" parts --workload transformer --sort value --json
expect parts-rank-filter 0 'GeForce RTX 5090' -- "$DLRIG" parts --workload cnn --filter 'rtx 5090'
expect parts-rank-category 2 'workload ranks GPUs; drop --category cpu' -- "$DLRIG" parts --workload cnn --category cpu
expect parts-rank-sort 2 "with --workload, expected speed or value, got 'vram_gb'" -- "$DLRIG" parts --workload cnn --sort vram_gb
expect parts-rank-no-workload 2 'need --workload' -- "$DLRIG" parts --precision fp8
expect parts-rank-bad-workload 2 "unknown value 'cnnn'; expected one of cnn, transformer" -- "$DLRIG" parts --workload cnnn
expect parts-rank-bad-params 2 "model-params-m: expected a number above 0" -- "$DLRIG" parts --workload cnn --model-params-m -5
# a note of over a thousand characters is shown whole (its last sentence)
# an M.2 socket whose link the catalog lacks says so, next to fully known ones
expect show-m2-unknown-link 0 'M\.2_1: link not in the catalog' -- "$DLRIG" show supermicro-h13dsg-o-cpu
expect show-m2-known-link 0 'M\.2_2: PCIe 3\.0 x2' -- "$DLRIG" show gigabyte-b550m-k
expect show-m2-unknown-json 0 '"pcie_gen":[[:space:]]*null' -- "$DLRIG" show supermicro-h13dsg-o-cpu --json
expect show-long-note 0 'PCPartPicker US lists the unit without a price \(2025-07\)\.' -- "$DLRIG" show seasonic-prime-px-2200
expect show-unknown 2 "unknown part id 'nvidia-rtx-409'.*nvidia-rtx-4090" -- "$DLRIG" show nvidia-rtx-409
expect catalog-file 0 'nvidia-rtx-4090' -- "$DLRIG" --catalog "$CATDB" parts --category gpu
head -c 20000 /dev/urandom > "$TMP/random.db"
expect catalog-random 3 "random.db" -- "$DLRIG" --catalog "$TMP/random.db" parts
head -c 30000 "$CATDB" > "$TMP/truncated.db"
expect catalog-truncated 3 "truncated.db" -- "$DLRIG" --catalog "$TMP/truncated.db" parts
expect catalog-missing 3 "nope.db" -- "$DLRIG" --catalog "$TMP/nope.db" parts

# ML models
expect models-list 0 'llama-3.1-70b.*meta-llama/Llama-3.1-70B' -- "$DLRIG" models
expect models-filter 0 'qwen3-30b-a3b' -- "$DLRIG" models --filter "qwen3 a3b"
expect models-filter-none 0 "no model matches 'nosuchmodel'" -- "$DLRIG" models --filter nosuchmodel
expect models-json 0 '"models":[[:space:]]*\[.*"active_params_m":[[:space:]]*3300.*"aliases"' -- "$DLRIG" models --json --filter qwen3-30b
expect models-show-hf 0 'id +llama-3.1-70b.*n_kv_heads +8' -- "$DLRIG" models meta-llama/Llama-3.1-70B-Instruct
expect models-show-json 0 '"kv_lora_rank":[[:space:]]*512' -- "$DLRIG" models DeepSeek-V3 --json
expect models-unknown 2 "unknown model 'llama-3.1-7b'; did you mean:.*llama-3.1-8b" -- "$DLRIG" models llama-3.1-7b
expect models-two-names 2 'expected at most one model NAME' -- "$DLRIG" models a b
expect models-bad-option 2 "^dlrig: models: unknown option '--sort'; see 'dlrig models --help' for its options$" -- "$DLRIG" models --sort params
# one voice for option mistakes: one "dlrig: COMMAND: ..." line, the closest option, no usage dump
expect option-did-you-mean 2 "^dlrig: recommend: unknown option '--jsn'; did you mean '--json'\\?$" -- "$DLRIG" recommend --jsn --workload cnn --budget-usd 5000
expect option-did-you-mean-req 2 "^dlrig: recommend: unknown option '--budgt'; did you mean '--budget-usd'\\?$" -- "$DLRIG" recommend --workload cnn --budgt 5000
expect option-ambiguous 2 "^dlrig: parts: option '--c' is ambiguous: it begins --category, --compatible$" -- "$DLRIG" parts --c gpu
expect option-needs-value 2 "^dlrig: recommend: --workload needs a value; see 'dlrig recommend --help'$" -- "$DLRIG" recommend --budget-usd 5000 --workload
expect option-short-needs-value 2 "^dlrig: export: -o \\(--output\\) needs a value" -- "$DLRIG" export "$DATA/builds/clean.json" --format md -o
expect option-takes-no-value 2 "^dlrig: check: --json takes no value \\(got 'yes'\\)$" -- "$DLRIG" check "$DATA/builds/clean.json" --json=yes
expect option-unknown-short 2 "^dlrig: fix: unknown option '-x'" -- "$DLRIG" fix -x "$DATA/builds/clean.json"
expect option-prices-sub 2 "^dlrig: prices import: unknown option '--skip-bd'; did you mean '--skip-bad'\\?$" -- "$DLRIG" prices import --skip-bd x.csv
expect command-did-you-mean 2 "^dlrig: unknown command 'recomend'; did you mean 'recommend'\\?$" -- "$DLRIG" recomend
expect global-did-you-mean 2 "^dlrig: unknown option '--verison'; did you mean '--version'\\?$" -- "$DLRIG" --verison
expect prices-sub-did-you-mean 2 "^dlrig: prices: unknown subcommand 'lst'; did you mean 'list'\\?$" -- "$DLRIG" prices lst

# check / estimate on the build files
for f in "$DATA"/builds/*.json; do
    [ -e "$f" ] || continue
    case "$(basename "$f")" in
    bad-*) expect "check-$(basename "$f")" 2 "$(basename "$f")" -- "$DLRIG" check "$f" ;;
    esac
done
expect check-missing-file 3 'cannot read' -- "$DLRIG" check "$TMP/none.json"
# complete servers: the chassis brings board, power supplies and heatsinks
# two cards on a board with CPU x8/x8 and a chipset x2 slot take the CPU slots (the bridge fits)
expect check-am5-x8x8 0 'slot 1 at x8, slot 4 at x8.*Result: no errors' -- "$DLRIG" check "$DATA/builds/am5-two-gpus-x8x8.json"
# molecular dynamics (mixed precision): GeForce cards (which ones and how many follow their prices), where the
# FP64 workload takes TITAN Vs; the workload is listed in --help and ranks GPUs by MD steps a second
expect recommend-md-3000 0 '^1\. [0-9] x GeForce RTX [0-9]{4}[^\n]*samples/s.*STMV' -- "$DLRIG" recommend --workload md-simulation --budget-usd 3000 --top 1
expect recommend-md-8000 0 '^1\. [0-9] x GeForce RTX [0-9]{4}' -- "$DLRIG" recommend --workload md-simulation --budget-usd 8000 --top 1
expect recommend-fp64-6000 0 '^1\. [0-9] x TITAN V' -- "$DLRIG" recommend --workload scientific-fp64 --budget-usd 6000 --top 1
expect recommend-help-md 0 'scientific-fp64, md-simulation' -- "$DLRIG" recommend --help
expect parts-rank-md 0 'One GPU alone on md-simulation' -- "$DLRIG" parts --workload md-simulation
# its own mixed precision: --precision fp8 neither names FP8 nor marks Ampere cards 'no native fp8'
expect parts-rank-md-precision 0 'its own mixed precision\), fastest first' -- "$DLRIG" parts --workload md-simulation --precision fp8
expect parts-rank-md-no-native 0 '^0$' -- bash -c '"$0" parts --workload md-simulation --precision fp8 | grep -c "no native" || true' "$DLRIG"
# a second language-model job beside a workload that is not one: every build holds it (70B at 4 bits: 2 x 24 GB or more)
expect recommend-cnn-second-job 0 '^1\. (2|3|4) x [^—]+— \$[0-9,]+, [0-9,]+ samples/s.   [0-9] x [A-Za-z0-9 .-]+ \((2[4-9]|[3-9][0-9]) GB' -- "$DLRIG" recommend --workload cnn --budget-usd 4000 --also-model llama-3.3-70b --also-weights q4_k_m --top 1
# upgrade planning: --from a machine whose parts are owned gives the least-cost changes, the owned parts kept
UPG=$DATA/upgrade/desktop-3090.json
expect recommend-upgrade-desktop 0 'cannot run the requirements: The job needs 27\.6 GiB.*buy 1 more GeForce RTX 3090 \(1 owned\); buy 1 x [^;]+; set aside 1 x MAG A850GL PCIE5' -- "$DLRIG" recommend --from "$UPG"
expect recommend-upgrade-scanned 0 'The build has no Power supply, Case, CPU cooler.*Note: the plans buy the parts the file lacks; a scan cannot read a power supply, case or CPU cooler' -- sh -c '"$0" scan --root "$1" -o - 2>/dev/null | "$0" recommend --from - --workload llm-finetune --model llama-2-13b --method lora --budget-usd 3000' "$DLRIG" "$DATA/scan/desktop-rtx4090"
expect recommend-upgrade-none 1 'No change of GPUs on this platform runs them within the budget.*The platform must go' -- "$DLRIG" recommend --from "$UPG" --budget-usd 100
rm -f "$TMP/plan1.json"
expect recommend-upgrade-o 0 'Plan 1 written to' -- "$DLRIG" recommend --from "$UPG" -o "$TMP/plan1.json"
expect recommend-upgrade-o-owned 0 '"owned": true' -- cat "$TMP/plan1.json"
# with --pin it re-advises as before, the kept owned card counted as owned
expect recommend-upgrade-pin-readvises 1 'Re-advised .* \(kept: gpu\).*1 x GeForce RTX 3090 +gpu +owned  \(kept\)' -- "$DLRIG" recommend --from "$UPG" --pin gpu --budget-usd 5000
# a diffusion model by name: images a second, one card that holds the whole model (not a language model's path)
expect recommend-flux-lora 0 '^1\. 1 x [A-Za-z0-9 .-]+ — \$[0-9,]+, [0-9.]+ samples/s.   1 x [A-Za-z0-9 .-]+ \((2[4-9]|[3-9][0-9]) GB, [^()]*\): [0-9.]+ samples/s for FLUX\.1 \[dev\], LoRA on 8-bit weights, a 1024x1024 image' -- "$DLRIG" recommend --workload diffusion --model flux.1-dev --method lora --budget-usd 3000 --top 3
out=$("$DLRIG" recommend --workload diffusion --model flux.1-dev --method lora --budget-usd 3000 --top 3 2>&1)
if printf '%s' "$out" | grep -Eq 'tokens/s|token context|sharded'; then fail=$((fail + 1)); echo "FAIL recommend-flux-not-llm: $(printf '%s' "$out" | grep -E 'tokens/s|token context|sharded' | head -2)"; else pass=$((pass + 1)); fi
expect recommend-flux-llm-model 2 'Llama 3\.1 8B is a language model and --workload diffusion is not' -- "$DLRIG" recommend --workload diffusion --model llama-3.1-8b --budget-usd 3000
expect fit-flux 2 'FLUX\.1 \[dev\] is a diffusion model, not a language model' -- "$DLRIG" fit --model flux.1-dev --method lora
# image generation with a named diffusion model: images/s at its steps; 16-bit FLUX does not fit 24 GB, and the
# advisor says what 8-bit weights buy; the training workload points there for --method inference
expect recommend-imagegen-sdxl 0 '^1\. 1 x .* — \$[0-9,]+, [0-9.]+ images/s.* images/s for Stable Diffusion XL 1\.0, 50 steps with guidance, a 1024x1024 image' -- "$DLRIG" recommend --workload image-generation --model sdxl --budget-usd 2500 --top 1
expect recommend-imagegen-fp8 1 'no build under \$3,000 generates with FLUX\.1 \[dev\] at 16-bit weights; at --precision fp8, 1 x [^(]+ does \(\$[0-9,]+, [0-9.]+ images/s\)' -- "$DLRIG" recommend --workload image-generation --model flux.1-dev --budget-usd 3000
expect recommend-imagegen-not-diffusion 2 'ResNet-50 is not a diffusion model: --workload image-generation generates with one' -- "$DLRIG" recommend --workload image-generation --model resnet-50 --budget-usd 3000
expect recommend-diffusion-inference 2 'the diffusion workload trains FLUX\.1 \[dev\]; to generate images with it, use --workload image-generation --model flux\.1-dev' -- "$DLRIG" recommend --workload diffusion --model flux.1-dev --method inference --budget-usd 3000
expect parts-flux-per-card 0 'FLUX\.1 \[dev\], LoRA on 8-bit weights.*nvidia-rtx-4070-ti-super  +GeForce RTX 4070 Ti SUPER +16 [^a-z]+compute +[0-9.]+ +needs 2[0-9] GB a card' -- "$DLRIG" parts --category gpu --workload diffusion --model flux.1-dev --method lora
expect parts-llm-model 2 'a language model is ranked by dlrig fit' -- "$DLRIG" parts --category gpu --workload llm-finetune --model llama-3.1-8b
expect recommend-md-typo 2 "unknown value 'md'; expected one of .*md-simulation" -- "$DLRIG" recommend --workload md --budget-usd 3000
expect recommend-nvlink-3000 0 '^1\. 2 x .*NVLink' -- "$DLRIG" recommend --workload cnn --budget-usd 3000 --require nvlink --top 1
# GPU power limits: the sustained draw drops to the limit (the 15 A circuit then holds), the speed cost is shown,
# the export carries the nvidia-smi command; a limit above the card's rating is refused
expect power-circuit-sustained 1 'power\.circuit +The machine draws about 1,?481 W at the wall running CNN image training \(GPUs at their power limit, CPUs at half their TDP, 91% supply efficiency at that load\); a 120v-15a circuit supplies 1440 W continuous; limiting each GPU to 545 W \(nvidia-smi -pl 545; power_limit_w in the build\) fits it, ~2% slower' -- "$DLRIG" check "$DATA/builds/power-5090-pair-am5.json"
expect power-circuit-not-nameplate 0 '1366 W rated \(2266 W peak\), 1316 W at the wall running the workload.*Result: no errors' -- "$DLRIG" check "$DATA/builds/power-4090-pair-tr.json"
expect power-limit-check 0 'power limits: 2 x GeForce RTX 4090 at 350 W of 450 W \(~8% slower\).*Result: no errors' -- "$DLRIG" check "$DATA/builds/power-4090-pair-tr-limited.json"
expect power-limit-estimate 0 'power limits +2 x GeForce RTX 4090 at 350 W of 450 W' -- "$DLRIG" estimate "$DATA/builds/power-4090-pair-tr-limited.json"
expect power-limit-export-md 0 'Power limits.*350 W of 450 W.*sudo nvidia-smi -i 0,1 -pl 350' -- "$DLRIG" export "$DATA/builds/power-4090-pair-tr-limited.json" --format md
expect power-limit-export-json 0 '"power_limit_w":[[:space:]]*350.*"power_limit_commands":[[:space:]]*"sudo nvidia-smi -i 0,1 -pl 350"' -- "$DLRIG" export "$DATA/builds/power-4090-pair-tr-limited.json" --format json
expect power-limit-export-csv 0 'power limit 350 W \(nvidia-smi -pl 350\)' -- "$DLRIG" export "$DATA/builds/power-4090-pair-tr-limited.json" --format csv
expect power-limit-option 0 'power limits: 2 x GeForce RTX 4090 at 400 W of 450 W \(~4% slower\).*Result: no errors' -- "$DLRIG" check "$DATA/builds/power-4090-pair-tr.json" --power-limit-w 400
expect power-limit-option-estimate 0 'power limits +2 x GeForce RTX 4090 at 300 W of 450 W \(~12% slower\)' -- "$DLRIG" estimate "$DATA/builds/power-4090-pair-tr.json" --power-limit-w 300
expect power-limit-option-high 2 'check: --power-limit-w: 500 W is above the 450 W rating of GeForce RTX 4090' -- "$DLRIG" check "$DATA/builds/power-4090-pair-tr.json" --power-limit-w 500
expect power-limit-option-bad 2 "estimate: --power-limit-w: expected a whole number of watts, got 'lots'" -- "$DLRIG" estimate "$DATA/builds/power-4090-pair-tr.json" --power-limit-w lots
expect power-limit-bad 2 'bad-power-limit.json: parts\[0\]\.power_limit_w: 600 W is out of range \(1 to 450 W' -- "$DLRIG" check "$DATA/builds/bad-power-limit.json"
expect check-t640 0 'Result: no errors' -- "$DLRIG" check "$DATA/builds/dell-t640-4x-v100.json"
# Video generation with a named video model: frames/s and the minutes a clip takes; image and video models
# each go to their own workload
expect recommend-video-wan14b 0 'frames/s for Wan 2.1 T2V-14B, 81 frames at 1280x720, 50 steps with guidance, bound by compute.*one 81-frame video every [0-9.]+ min' -- "$DLRIG" recommend --workload video-generation --model wan2.1-t2v-14b --budget 15000 --top 1
expect video-image-model 2 'FLUX.1 \[dev\] generates images: use --workload image-generation' -- "$DLRIG" recommend --workload video-generation --model flux.1-dev --budget 5000
expect image-video-model 2 'Wan 2.1 T2V-14B generates videos: use --workload video-generation' -- "$DLRIG" recommend --workload image-generation --model wan2.1-t2v-14b --budget 5000
expect video-model-training 2 'CogVideoX-5B is a video model.*training it is not modelled' -- "$DLRIG" recommend --workload diffusion --model cogvideox-5b --method lora --budget 5000
expect models-video 0 'hunyuanvideo.*wan2.1-t2v-14b' -- bash -c '"$0" models | sort' "$DLRIG"
# Four 3-slot RTX 4090s: three fit a tower over the ROMED8-2T's seven slots, an
# open frame's risers take all four; the fix names the frame, and re-advising
# with the GPUs kept picks it when an open frame is asked for (its risers have
# no price, so the advisor leaves frames out otherwise)
expect check-4x4090-tower 1 'pcie.slots +4 cards .*only 3 fit on ROMED8-2T.*fix: Replace .*with AAAWave Sluice V2 open frame' -- "$DLRIG" check "$DATA/builds/case.frame_risers.ok.json"
expect check-4x4090-frame 0 'case.frame_risers +4 GPUs on Sluice V2 open frame .* PCIe 4.0 x16 riser cables .*not in the price.*Result: no errors' -- "$DLRIG" check "$DATA/builds/case.frame_risers.trigger.json"
# two-slot blower RTX 4090s: four fit a 7-slot workstation board in a tower where four 3-slot reference cards do not
expect check-4x4090-blower-tower 0 'GeForce RTX 4090 Blower \(2-slot\) at 300 W.*Result: no errors' -- "$DLRIG" check "$DATA/builds/4x-4090-blower-tower.json"
expect check-4x4090-reference-tower 1 'pcie.slots +4 cards \(4 x GeForce RTX 4090, 3-slot\) need slots, but only 2 fit' -- "$DLRIG" check "$DATA/builds/4x-4090-reference-tower.json"
expect check-frame-pcie5 0 'case.frame_risers +2 GPUs on Sluice V2 .*; 1 PCIe 5.0 card links at 4.0 over them.*Result: no errors' -- "$DLRIG" check "$DATA/builds/frame-mixed-5090-4090.json"
expect recommend-4x4090-pinned 0 'Sluice V2 open frame.*4 x GeForce RTX 4090 .*\(kept\)' -- "$DLRIG" recommend --from "$DATA/builds/case.frame_risers.ok.json" --pin gpu --require open-frame
expect recommend-4x4090-no-frame 1 'fit none' -- "$DLRIG" recommend --from "$DATA/builds/case.frame_risers.ok.json" --pin gpu
expect recommend-open-frame-only 0 'Sluice V2 open frame' -- "$DLRIG" recommend --workload llm-inference --model llama-3.3-70b --weights int4 --min-gpus 4 --budget 6000 --allow-used --require open-frame --top 1
expect check-dss8440 0 'Result: no errors' -- "$DLRIG" check "$DATA/builds/dell-dss8440-10x-v100.json"
expect check-hgx-sxm 0 'Result: no errors' -- "$DLRIG" check "$DATA/builds/supermicro-821ge-8x-h100-sxm.json"
expect check-sxm-in-tower 1 'compat.sxm' -- "$DLRIG" check "$DATA/builds/compat.sxm.trigger.json"
expect check-t640-json 0 '"psu_w":[[:space:]]*2400' -- "$DLRIG" check "$DATA/builds/dell-t640-4x-v100.json" --json
if [ -e "$DATA/builds/clean.json" ]; then
    expect check-clean 0 'No findings' -- "$DLRIG" check "$DATA/builds/clean.json"
    expect check-clean-json 0 '"ok":[[:space:]]*true' -- "$DLRIG" check "$DATA/builds/clean.json" --json
    expect estimate-json 0 '"unit":[[:space:]]*"samples/s"' -- "$DLRIG" estimate "$DATA/builds/clean.json" --json
    expect estimate-bad-workload 2 "--workload: unknown value 'cnnn'; expected one of cnn, transformer" -- "$DLRIG" estimate "$DATA/builds/clean.json" --workload cnnn
fi

# cost: buy or rent
B4090=$DATA/builds/power-4090-pair-tr.json
expect cost-text 0 'Assumptions.*\$0\.190 per kWh.*8 h a day x 365 days x 100% utilisation = 2,920 h a year, for 3 years.*Own.*purchase +\$[0-9,]+.*Rent the same work.*Lambda.*Break-even.*Cheapest rent for this work.*Rates \(per instance-hour' -- "$DLRIG" cost "$B4090"
expect cost-json 0 '"assumptions":.*"kwh_usd":[[:space:]]*0\.19.*"own":.*"purchase_usd":.*"offers":.*"rate_date":[[:space:]]*"20[0-9][0-9]-[0-9][0-9]".*"source":.*"url":.*"breakeven_months"' -- "$DLRIG" cost "$B4090" --json
expect cost-assumptions-json 0 '"kwh_usd":[[:space:]]*0\.3.*"hours_per_day":[[:space:]]*24.*"years":[[:space:]]*5.*"utilisation":[[:space:]]*0\.5.*"work_hours_per_year":[[:space:]]*4380' -- "$DLRIG" cost "$B4090" --kwh-price 0.3 --hours-per-day 24 --years 5 --utilisation 0.5 --json
expect cost-cloud-filter 0 '^[^R]*"provider":[[:space:]]*"Lambda"' -- "$DLRIG" cost "$B4090" --cloud lambda --json
out=$("$DLRIG" cost "$B4090" --cloud LAMBDA --json 2>&1)
if printf '%s' "$out" | grep -q '"provider":[[:space:]]*"\(RunPod\|AWS\|Azure\|Spheron\)"'; then
    fail=$((fail + 1)); echo "FAIL cost-cloud-only: --cloud LAMBDA listed another provider"
else pass=$((pass + 1)); fi
# one RTX 4090 against the rented RTX 4090: the same work takes the same hours
awk '/"nvidia-rtx-4090"/ {print; getline; sub(/2/, "1")} {print}' "$B4090" > "$TMP/one4090.json"
expect cost-same-gpu 0 '"spheron-rtx-4090"[^}]*\}[^}]*"hours_ratio":[[:space:]]*1,[^}]*"hours_per_year":[[:space:]]*2920[,}]' -- "$DLRIG" cost "$TMP/one4090.json" --cloud spheron --json
expect cost-workload 0 'llm-inference' -- "$DLRIG" cost "$B4090" --workload llm-inference
expect cost-bad-hours 2 "dlrig: --hours-per-day: expected a number above 0 and at most 24, got '25'" -- "$DLRIG" cost "$B4090" --hours-per-day 25
expect cost-bad-years 2 "--years: expected a number above 0 and at most 20, got '0'" -- "$DLRIG" cost "$B4090" --years 0
expect cost-bad-util 2 "--utilisation: expected a number above 0 and at most 1, got '80'" -- "$DLRIG" cost "$B4090" --utilisation 80
expect cost-bad-kwh 2 "--kwh-price: expected a price in USD per kWh from 0 to 10, got 'cheap'" -- "$DLRIG" cost "$B4090" --kwh-price cheap
expect cost-bad-cloud 2 "--cloud: no rates of provider 'gcp' in the catalog; expected one of .*Lambda.*, or all" -- "$DLRIG" cost "$B4090" --cloud gcp
expect cost-bad-workload 2 "--workload: unknown value 'cnnn'" -- "$DLRIG" cost "$B4090" --workload cnnn
expect cost-no-build 2 'cost: expected one BUILD.json' -- "$DLRIG" cost
expect cost-missing-file 3 'nosuch.json' -- "$DLRIG" cost "$TMP/nosuch.json"
expect cost-bad-build 2 'bad-invalid-json.json' -- "$DLRIG" cost "$DATA/builds/bad-invalid-json.json"

# recommend
expect recommend-no-workload 2 'workload is required' -- "$DLRIG" recommend --budget-usd 5000
expect recommend-bad-workload 2 "unknown value 'vision'" -- "$DLRIG" recommend --workload vision --budget-usd 5000
expect recommend-bad-budget 2 'budget-usd: expected a number' -- "$DLRIG" recommend --workload cnn --budget-usd lots
expect recommend-bad-require 2 "unknown requirement 'fast'" -- "$DLRIG" recommend --workload cnn --budget-usd 5000 --require ecc,fast
expect recommend-bad-framework 2 "unknown framework 'torch'" -- "$DLRIG" recommend --workload cnn --budget-usd 5000 --framework torch
expect recommend-json 0 '"recommendations"' -- "$DLRIG" recommend --workload cnn --budget-usd 10000 --json
expect recommend-out 0 'written to' -- "$DLRIG" recommend --workload cnn --budget-usd 10000 -o "$TMP/best.json"
expect recommend-out-checks 0 'Result: no errors' -- "$DLRIG" check "$TMP/best.json"
# objectives: the JSON says which one; a bad one is named; Good / Better / Best are labelled
expect recommend-objective-default 0 '"objective":[[:space:]]*\{[^}]*"name":[[:space:]]*"speed"' -- bash -c '"$0" recommend --workload cnn --budget-usd 10000 --json | tr -d "\n"' "$DLRIG"
expect recommend-objective-value 0 '"name":[[:space:]]*"value"' -- "$DLRIG" recommend --workload cnn --budget-usd 10000 --objective value --json
expect recommend-objective-text 0 'Objective: the most speed per dollar' -- "$DLRIG" recommend --workload cnn --budget-usd 10000 --objective value
expect recommend-objective-bad 2 "objective: expected speed or value, got 'fast'" -- "$DLRIG" recommend --workload cnn --budget-usd 10000 --objective fast
expect recommend-tiers 0 '^Good: .*Better: .*Best: ' -- bash -c '"$0" recommend --workload cnn --budget-usd 20000 --tiers | grep -E "^(Good|Better|Best): [0-9]" | tr "\n" " "' "$DLRIG"
# sized to the brief: the lab's $40,000 gets three options, each priced within its share of the budget
expect recommend-tiers-sized 0 '^Good: [^\n]*\((4[0-9]|5[0-5])% of the budget\)' -- bash -c '"$0" recommend --workload transformer --dataset-gb 500 --budget-usd 40000 --environment server-room --circuit 208v-30a --require ecc,rackmount --tiers | grep -E "^(Good|Better|Best): "' "$DLRIG"
expect recommend-tiers-objective 2 'tiers picks the fastest build for each share of the budget' -- "$DLRIG" recommend --workload cnn --budget-usd 20000 --tiers --objective value
# power-limited advice: a 15 A circuit holds fast cards back; the pick carries the limit, its cost and the command,
# the saved build passes check; --no-power-limit never proposes one
expect recommend-power-limit 0 '^1\. [0-9]+ x .* at [0-9]+ W — .*Power-limited so that the 120v-15a circuit carries it: [0-9]+ x [^;]* at [0-9]+ W of [0-9]+ W \(~[0-9]+% slower\); set with sudo nvidia-smi -i 0,1[0-9,]* -pl [0-9]+' -- "$DLRIG" recommend --workload cnn --budget-usd 10000 --circuit 120v-15a --top 1
expect recommend-power-limit-json 0 '"power_limit":[[:space:]]*\{[[:space:]]*"summary":[^}]*"commands":[[:space:]]*"sudo nvidia-smi -i 0,1[0-9,]* -pl [0-9]+"' -- "$DLRIG" recommend --workload cnn --budget-usd 10000 --circuit 120v-15a --top 1 --json
expect recommend-power-limit-saves 0 'written to' -- "$DLRIG" recommend --workload cnn --budget-usd 10000 --circuit 120v-15a --top 1 -o "$TMP/limited.json"
expect recommend-power-limit-checks 0 '"power_limit_w":[[:space:]]*[0-9]+' -- cat "$TMP/limited.json"
expect recommend-power-limit-passes 0 'power limits: .*Result: no errors' -- "$DLRIG" check "$TMP/limited.json"
if "$DLRIG" recommend --workload cnn --budget-usd 10000 --circuit 120v-15a --top 3 --no-power-limit 2>&1 | grep -q 'Power-limited\| at [0-9]* W —'; then
    fail=$((fail + 1)); echo "FAIL recommend-no-power-limit: a power limit with --no-power-limit"
else pass=$((pass + 1)); fi
expect recommend-help-power-limit 0 'no-power-limit +never propose GPU power limits' -- "$DLRIG" recommend --help
# second-hand prices: off unless asked, and marked wherever a used price is counted
expect recommend-help-used 0 'allow-used.*off by default' -- "$DLRIG" recommend --help
expect recommend-new-only 0 '"recommendations"' -- "$DLRIG" recommend --workload llm-inference --budget-usd 2550 --json
if "$DLRIG" recommend --workload llm-inference --budget-usd 2550 --top 3 --json 2>/dev/null | grep -q '"price.used"'; then
    fail=$((fail + 1)); echo "FAIL recommend-new-only-unmarked: a used price without --allow-used"
else pass=$((pass + 1)); fi
expect recommend-allow-used 0 '"price.used"' -- "$DLRIG" recommend --workload llm-inference --budget-usd 2550 --allow-used --json
expect recommend-allow-used-text 0 '\(used, [^)]* 20[0-9][0-9]-[0-9][0-9]\)' -- "$DLRIG" recommend --workload llm-inference --budget-usd 2550 --allow-used
expect recommend-allow-used-saves 0 'written to' -- "$DLRIG" recommend --workload llm-inference --budget-usd 2550 --allow-used -o "$TMP/used.json"
expect recommend-allow-used-file 0 '"allow_used":[[:space:]]*true' -- cat "$TMP/used.json"
expect check-used 0 'price.used .*priced used, ' -- "$DLRIG" check "$DATA/builds/price.used.trigger.json"
expect check-used-json 0 '"id":[[:space:]]*"price.used"' -- "$DLRIG" check "$DATA/builds/price.used.trigger.json" --json
expect check-not-used 0 'Result: no errors' -- "$DLRIG" check "$DATA/builds/price.used.ok.json"
expect export-md-used 0 'priced used, [^;,]+ 20[0-9]{2}-[0-9]{2}' -- "$DLRIG" export "$DATA/builds/price.used.trigger.json" --format md
expect export-csv-used 0 'priced used, [^;,]+ 20[0-9]{2}-[0-9]{2}' -- "$DLRIG" export "$DATA/builds/price.used.trigger.json" --format csv
expect export-json-used 0 '"price_condition":[[:space:]]*"used"' -- "$DLRIG" export "$DATA/builds/price.used.trigger.json" --format json
expect show-offers 0 'price offers.*used +\$850\.00 +US resale, 2026-05' -- "$DLRIG" show nvidia-rtx-3090
expect show-offers-json 0 '"price_offers":.*"condition":[[:space:]]*"used"' -- "$DLRIG" show nvidia-rtx-3090 --json
expect show-offer-date 0 'price_usd +[$]695[[:space:]]+price_date +2026-03 \(Newegg\)' -- "$DLRIG" show nvidia-rtx-2080-ti
sed 's/"allow_used": true/"allow_used": "yes"/' "$DATA/builds/price.used.trigger.json" > "$TMP/used-bad.json"
expect check-used-bad-type 2 'requirements.allow_used: expected true or false, got a string' -- "$DLRIG" check "$TMP/used-bad.json"
expect recommend-impossible 1 'no build meets' -- "$DLRIG" recommend --workload llm-finetune --model-params-m 400000 --budget-usd 3000
expect recommend-unpriced 0 'without a price could not be considered .dlrig parts --unpriced' -- "$DLRIG" recommend --workload cnn --budget-usd 10000 --top 1
expect recommend-unpriced-json 0 '"unpriced_parts":[[:space:]]*[1-9]' -- "$DLRIG" recommend --workload cnn --budget-usd 10000 --top 1 --json
expect recommend-server-60k 0 '(AS-4125GS-TNRT|G493-ZB0)' -- "$DLRIG" recommend --workload cnn --budget-usd 60000 --require rackmount --environment datacenter --top 1
expect recommend-server-180k-json 0 '"id":[[:space:]]*"(supermicro-as-4125gs-tnrt|gigabyte-g493-zb0)"' -- "$DLRIG" recommend --workload cnn --budget-usd 180000 --require rackmount --environment datacenter --top 1 --json
# recommend --from BUILD.json --pin LIST: the advisor again for a saved build, keeping the pinned parts
RB="$DATA/builds/clean.json"
expect recommend-from-pin 0 'Re-advised .*clean.json .*kept: gpu, case.*2 x RTX 5000 Ada +gpu .*\(kept\).*Define 7 +case .*\(kept\)' -- "$DLRIG" recommend --from "$RB" --pin gpu,case
expect recommend-from-saves 0 'Re-advised build written to' -- "$DLRIG" recommend --from "$RB" --pin gpu -o "$TMP/readvised.json"
expect recommend-from-keeps-name 0 '"name":[[:space:]]*"Clean: 2x RTX 5000 Ada.*"id":[[:space:]]*"nvidia-rtx-5000-ada",[[:space:]]*"qty":[[:space:]]*2' -- cat "$TMP/readvised.json"
expect recommend-from-checks 0 'Result: no errors' -- "$DLRIG" check "$TMP/readvised.json"
expect recommend-from-json 0 '"from":.*"pinned":[[:space:]]*\[[[:space:]]*"gpu"[[:space:]]*\].*"pick":[[:space:]]*[1-8],.*"errors":[[:space:]]*0,.*"build":' -- "$DLRIG" recommend --from "$RB" --pin gpu --json
expect recommend-from-override 0 '"budget_usd":[[:space:]]*30000' -- "$DLRIG" recommend --from "$RB" --budget-usd 30000 --json
expect recommend-from-missing 3 'none.json' -- "$DLRIG" recommend --from "$TMP/none.json" --pin gpu
expect recommend-from-bad-file 2 'bad-unknown-id.json' -- "$DLRIG" recommend --from "$DATA/builds/bad-unknown-id.json"
expect recommend-pin-bad 2 "pin: unknown category 'gpus'; expected a comma-separated list of gpu, cpu" -- "$DLRIG" recommend --from "$RB" --pin gpus
expect recommend-pin-absent 2 'pin nic: .*clean.json has no nic to keep' -- "$DLRIG" recommend --from "$RB" --pin nic
expect recommend-pin-no-from 2 'pin keeps parts of a saved build; give it with --from' -- "$DLRIG" recommend --workload cnn --budget-usd 5000 --pin gpu
expect recommend-from-preset 2 'preset and --from both give' -- "$DLRIG" recommend --from "$RB" --preset kaggle-starter
expect recommend-from-tiers 2 'tiers and --from' -- "$DLRIG" recommend --from "$RB" --tiers
expect recommend-from-help 0 'from FILE .*pin LIST' -- "$DLRIG" recommend --help
# pinned parts that fit none of the advisor's builds: the build is still written, exit 1 says so
expect recommend-from-pin-misfit 1 'kept parts \(motherboard\) fit none of the advisor.s 2 builds without an error; [0-9]+ error-level' -- "$DLRIG" recommend --from "$RB" --pin motherboard --top 2 -o "$TMP/misfit.json"
expect recommend-from-pin-misfit-file 0 'gigabyte-trx50-aero-d' -- cat "$TMP/misfit.json"
expect parts-unpriced 0 'dell-poweredge-t640 .*without a price: dlrig recommend cannot consider' -- "$DLRIG" parts --unpriced --category case
# the month of each price beside it, and the parts whose price a quote would ask to re-check
expect parts-price-month 0 'Price +Priced.*\$[0-9,.]+ +20[0-9]{2}-[0-9]{2}' -- "$DLRIG" parts --category cooler
expect parts-older-than 0 'nvidia-rtx-4090 .*[0-9]+ parts priced more than 6 months before 2035-01 \(or undated\): re-check them' -- env DLRIG_TODAY=2035-01 "$DLRIG" parts --category gpu --older-than 6
expect parts-older-than-none 0 'Priced[[:space:]]+0 parts priced more than 6 months before 1999-01' -- env DLRIG_TODAY=1999-01 "$DLRIG" parts --older-than 6
expect parts-older-than-oldest-first 0 '^ID .*Priced[[:space:]]+[a-z0-9-]+ .* (19|20)[0-9]{2}-[0-9]{2}' -- env DLRIG_TODAY=2035-01 "$DLRIG" parts --category psu --older-than 0 --sort price_date
expect parts-older-than-bad 2 "older-than: expected a whole number of months from 0 to 1200, got '6.5'" -- "$DLRIG" parts --older-than 6.5
expect parts-older-than-unpriced 2 'use one' -- "$DLRIG" parts --older-than 6 --unpriced
expect parts-unpriced-json 0 '"parts"' -- "$DLRIG" parts --unpriced --json
expect parts-unpriced-workload 2 'drop --unpriced' -- "$DLRIG" parts --unpriced --workload cnn

# parts --against BUILD.json: what swapping each part of a category into a build gives
CLEAN=$DATA/builds/clean.json
expect against-table 0 'Clean: 2x RTX 5000 Ada.*\$[0-9,]+ \(some parts unpriced\), [0-9,.]+ samples/s, 0 errors.*place of the build.s GPU \(qty 2\).*If swapped in +Speed +Speed \+/- +Price \+/-.*nvidia-rtx-4090 [^[:cntrl:]]* ecc\.gpu [^[:cntrl:]]*[[:cntrl:]].*nvidia-rtx-5000-ada [^[:cntrl:]]* in the build +[0-9,.]+ +0% +\$0 .*nvidia-rtx-6000-ada [^[:cntrl:]]* ok +[0-9,.]+ +\+[0-9.]+% +\+\$[0-9,]+ .*[0-9]+ of [0-9]+ add no error' -- "$DLRIG" parts --category gpu --against "$CLEAN"
expect against-cpu-error 0 'amd-ryzen-9-7950x [^[:cntrl:]]* compat\.memory_type ' -- "$DLRIG" parts --category cpu --against "$CLEAN" --filter 'ryzen 9 7950x'
"$DLRIG" parts --category gpu --against "$CLEAN" --sort speed --json | tr -d ' \t\n' | grep -o '"swap":{[^}]*' |
    grep -o '"speed":[-0-9.e+null]*' | cut -d: -f2 > "$TMP/speeds"
expect against-sort-speed 0 'fastest first' -- awk 'BEGIN { ok = 1 } $1 == "null" { seen_null = 1; next }
    seen_null || (NR > 1 && $1 + 0 > last) { ok = 0 } { last = $1 + 0 } END { print (ok && NR > 10 ? "fastest first" : "out of order") }' "$TMP/speeds"
expect against-unpriced-delta 0 'amd-threadripper-7980x [^[:cntrl:]]* \? ' -- "$DLRIG" parts --category cpu --against "$CLEAN" --filter 7980x
expect against-json 0 '"against":[[:space:]]*\{[^}]*"name":[[:space:]]*"Clean[^}]*"qty":[[:space:]]*2[^}]*"unit":[[:space:]]*"samples/s".*"id":[[:space:]]*"nvidia-rtx-4090".*"swap":[[:space:]]*\{[^}]*"ok":[[:space:]]*false,[[:space:]]*"first_error":[[:space:]]*"ecc.gpu",[[:space:]]*"message":[[:space:]]*"[^"]*ECC' -- "$DLRIG" parts --category gpu --against "$CLEAN" --filter 'rtx 4090' --json
expect against-no-category 2 'against needs --category C' -- "$DLRIG" parts --against "$CLEAN"
expect against-workload 2 'against judges parts in a build and --workload ranks GPUs' -- "$DLRIG" parts --category gpu --workload cnn --against "$CLEAN"
expect against-missing-file 3 'nope\.json: cannot read' -- "$DLRIG" parts --category gpu --against "$TMP/nope.json"
expect against-bad-build 2 "bad-unknown-id\.json: parts\[0\]\.id: unknown part id 'nvidia-rtx-409'" -- "$DLRIG" parts --category gpu --against "$DATA/builds/bad-unknown-id.json"
expect against-nothing 2 "no switch matches --filter 'zzz'; nothing to swap into .*clean\.json" -- "$DLRIG" parts --category switch --filter zzz --against "$CLEAN"
expect against-compatible 0 'nvidia-rtx-6000-ada [^[:cntrl:]]* ok .*--compatible lists only those' -- "$DLRIG" parts --category gpu --against "$CLEAN" --compatible
expect against-compatible-drops-errors 0 'no error listed' -- sh -c \
    'if "$@" | grep -Eq " (ecc|compat|cooling|power)\.[a-z_]+ "; then echo "an error listed"; else echo "no error listed"; fi' \
    sh "$DLRIG" parts --category gpu --against "$CLEAN" --compatible
expect against-compatible-needs-against 2 'compatible lists the parts that fit a build and needs --against' -- "$DLRIG" parts --category gpu --compatible
expect against-usage 0 '--against FILE +the first error it would add' -- "$DLRIG" parts --help
# the same figures as check and estimate on the swapped build file
sed 's/nvidia-rtx-5000-ada/nvidia-rtx-6000-ada/' "$CLEAN" > "$TMP/swapped.json"
est=$("$DLRIG" estimate "$TMP/swapped.json" --json | grep -o '"throughput":[[:space:]]*[-0-9.e+]*' | head -1 | grep -o '[-0-9.e+]*$')
swp=$("$DLRIG" parts --category gpu --against "$CLEAN" --filter 'rtx 6000 ada' --json | tr -d ' \t\n' |
    grep -o '"swap":{[^}]*' | grep -o '"speed":[-0-9.e+]*' | grep -o '[-0-9.e+]*$')
expect against-equals-estimate 0 'same' -- awk -v a="$est" -v b="$swp" \
    'BEGIN { d = a - b; if (a != "" && b != "" && d < 0.05 && d > -0.05) print "same"; else print a " vs " b }'
expect against-equals-check 0 'Result: no errors' -- "$DLRIG" check "$TMP/swapped.json"

# a name dlrig generated follows the build: the advisor's GPU name after a GPU swap in the file, the export's title with it
expect recommend-name-from 0 '"name_from":[[:space:]]*"gpus"' -- sh -c '"$1" recommend --workload llm-inference --model llama-3.3-70b --weights 4.85 --budget-usd 4000 --circuit 120v-15a --top 1 -o "$2" >/dev/null && cat "$2"' sh "$DLRIG" "$TMP/home-amd.json"
expect export-name-follows-gpus 0 '^# DRAFT: 2 x GeForce RTX 3090 Ti' -- sh -c 'sed "s/amd-radeon-rx-7900-xtx/nvidia-rtx-3090-ti/" "$1" > "$2" && "$3" export "$2" --format md --allow-errors' sh "$TMP/home-amd.json" "$TMP/home-3090ti.json" "$DLRIG"
# export
if [ -e "$DATA/builds/clean.json" ]; then
    CLEAN=$DATA/builds/clean.json
    expect export-md 0 '\| Category \| Part \| Part number \| Qty \| Unit price \| Line total \|.*\| 4 x KSM48R40BD8-32MD \|' -- "$DLRIG" export "$CLEAN" --format md
    expect export-csv 0 'type,category,id,name,qty' -- "$DLRIG" export "$CLEAN" --format csv
    expect export-json 0 '"format":[[:space:]]*"dlrig-export"' -- "$DLRIG" export "$CLEAN" --format json
    expect export-txt 0 'Subtotal' -- "$DLRIG" export "$CLEAN" --format txt
    expect export-html 0 '<!DOCTYPE html>.*Customer.*Lab &amp; Co' -- "$DLRIG" export "$CLEAN" --format html --customer 'Lab & Co'
    expect export-no-format 2 'format is required.*md, csv, json, txt, html' -- "$DLRIG" export "$CLEAN"
    expect export-bad-format 2 "unknown format 'pdf'.*md, csv, json, txt, html" -- "$DLRIG" export "$CLEAN" --format pdf
    expect export-bad-discount 2 "discount: expected a percentage from 0 to 100, got 'ten'" -- "$DLRIG" export "$CLEAN" --format md --discount ten
    expect export-bad-tax 2 "tax: expected a percentage.*'120'" -- "$DLRIG" export "$CLEAN" --format md --tax 120
    expect export-bad-days 2 "valid-days: expected a whole number" -- "$DLRIG" export "$CLEAN" --format html --valid-days 0
    expect export-bad-build 2 'bad-unknown-id.json' -- "$DLRIG" export "$DATA/builds/bad-unknown-id.json" --format md
    # -o: written atomically; an existing file is kept without --force
    expect export-out 0 'written to' -- "$DLRIG" export "$CLEAN" --format html -o "$TMP/quote.html"
    grep -q '</html>' "$TMP/quote.html" && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL export-out-content"; }
    printf 'keep me\n' > "$TMP/existing.md"
    expect export-exists 2 "existing.md exists.*--force" -- "$DLRIG" export "$CLEAN" --format md -o "$TMP/existing.md"
    if [ "$(cat "$TMP/existing.md")" = "keep me" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL export-exists-unchanged"; fi
    expect export-force 0 'written to' -- "$DLRIG" export "$CLEAN" --format md -o "$TMP/existing.md" --force
    if grep -q '^## Parts' "$TMP/existing.md"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL export-force-replaced"; fi
    # the build being exported is never the output, even with --force
    cp "$CLEAN" "$TMP/self.json"
    expect export-over-input 2 "self.json is the build being exported" -- "$DLRIG" export "$TMP/self.json" --format json -o "$TMP/self.json" --force
    if cmp -s "$CLEAN" "$TMP/self.json"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL export-over-input-unchanged"; fi
    leftovers=$(find "$TMP" -maxdepth 1 -name '*.tmp*' | wc -l)
    if [ "$leftovers" -eq 0 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL export-no-temp-files"; fi

    # quotes: a build with errors or over budget is quoted only with --allow-errors, then marked DRAFT
    BROKEN=$DATA/builds/compat.socket.trigger.json
    OVER=$DATA/builds/budget.over.trigger.json
    expect export-refuse-errors 1 'compat.socket.trigger.json has 2 problems:.*error compat.socket: Xeon w7-2495X.*--allow-errors' -- "$DLRIG" export "$BROKEN" --format html
    expect export-refuse-budget 1 'over budget budget.over: Total' -- "$DLRIG" export "$OVER" --format html
    expect export-refuse-customer-md 1 'has 2 problems' -- "$DLRIG" export "$BROKEN" --format md --customer ACME
    expect export-draft-html 0 '<h1>DRAFT quotation</h1>.*DRAFT: not a final quote.*does not fit TRX50.*Line items' -- "$DLRIG" export "$BROKEN" --format html --allow-errors
    expect export-draft-partslist 0 '# DRAFT: .*DRAFT: not a final quote.*## Parts' -- "$DLRIG" export "$BROKEN" --format md
    expect export-draft-csv 0 'draft,,,DRAFT: 2 problems' -- "$DLRIG" export "$BROKEN" --format csv
    expect export-draft-json 0 '"draft":[[:space:]]*true' -- "$DLRIG" export "$BROKEN" --format json
    # quote number, revision, availability, seller file
    expect export-quote-number 0 'Quote no.</th><td>SE-7</td>.*Revision</th><td>2</td>.*<th>Availability</th>.*<td>2 weeks</td>' -- "$DLRIG" export "$CLEAN" --format html --quote-number SE-7 --revision 2 --availability '*=2 weeks'
    expect export-bad-availability 2 "availability: expected PART_ID=TEXT" -- "$DLRIG" export "$CLEAN" --format html --availability soon
    expect export-unknown-availability 2 "availability: unknown part id 'nope'" -- "$DLRIG" export "$CLEAN" --format html --availability 'nope=1 week'
    expect export-bad-revision 2 "revision: expected a whole number" -- "$DLRIG" export "$CLEAN" --format html --revision 0
    mkdir -p "$XDG_CONFIG_HOME/dlrig"
    printf '{"company": "Northwind & Co", "contact": "Jane Roe", "terms": "Payment 30 days net", "currency": "EUR", "usd_rate": 0.9}\n' > "$XDG_CONFIG_HOME/dlrig/seller.json"
    expect export-seller 0 'Northwind &amp; Co.*Jane Roe.*EUR [0-9].*<h2>Terms</h2>.*Payment 30 days net.*1 USD = 0.9 EUR' -- "$DLRIG" export "$CLEAN" --format html
    printf '{"company": "X", "currency": "EUR"}\n' > "$XDG_CONFIG_HOME/dlrig/seller.json"
    expect export-seller-no-rate 2 "seller.json: field 'usd_rate' is missing" -- "$DLRIG" export "$CLEAN" --format html
    printf '{"compnay": "X"}\n' > "$XDG_CONFIG_HOME/dlrig/seller.json"
    expect export-seller-typo 2 "seller.json: unknown field 'compnay'" -- "$DLRIG" export "$CLEAN" --format md
    rm -f "$XDG_CONFIG_HOME/dlrig/seller.json"
    # a missing file is an I/O failure (exit 3) whichever option names it, as a missing build file is
    expect export-seller-missing 3 "^dlrig: --seller: .*none.json: cannot read: No such file or directory$" -- "$DLRIG" export "$CLEAN" --format html --seller "$TMP/none.json"
    expect export-build-missing 3 "^dlrig: .*none.json: cannot read: No such file or directory$" -- "$DLRIG" export "$TMP/none.json" --format html
    expect prices-missing 3 "^dlrig: .*none.csv: cannot read: No such file or directory$" -- "$DLRIG" prices import "$TMP/none.csv"
    expect from-missing 3 "none.json: cannot read: No such file or directory$" -- "$DLRIG" recommend --from "$TMP/none.json"
    expect against-missing 3 "none.json: cannot read: No such file or directory$" -- "$DLRIG" parts --category gpu --against "$TMP/none.json"
    expect catalog-missing 3 "none.db" -- "$DLRIG" --catalog "$TMP/none.db" parts
    printf '{"company": "Stdin Traders"}\n' > "$TMP/seller-in.json"
    expect export-seller-stdin 0 'Stdin Traders' -- sh -c '"$1" export "$2" --format md --seller - < "$3"' sh "$DLRIG" "$CLEAN" "$TMP/seller-in.json"
    expect export-seller-and-build-stdin 2 "'-' \\(standard input\\) is given 2 times" -- "$DLRIG" export - --format md --seller -
    # one quote with several options
    OPT2=$DATA/builds/unknown-card-length.json
    expect export-options-html 0 'Options at a glance.*Option A.*Option B.*Option C.*<h2>Not checked</h2>' -- "$DLRIG" export "$CLEAN" "$OPT2" "$BROKEN" --format html --allow-errors
    expect export-options-refuse 1 'compat.socket.trigger.json has 2 problems' -- "$DLRIG" export "$CLEAN" "$OPT2" "$BROKEN" --format md
    expect export-options-md 0 '## Option A: .*## Option B: ' -- "$DLRIG" export "$CLEAN" "$OPT2" --format md
    expect export-options-csv 2 'several builds is md or html, not csv' -- "$DLRIG" export "$CLEAN" "$OPT2" --format csv
    # customer-facing text names sources as a reader knows them: no seed file names or working notes
    internal='[0-9]{3}_[0-9a-f]{16}\.txt|[Ss]eed 00[0-9]|UNVERIFIED|not a receipt'
    leaks=0
    for f in "$DATA"/builds/*.json; do
        case "$(basename "$f")" in bad-*) continue ;; esac
        if { "$DLRIG" export "$f" --format html --allow-errors; "$DLRIG" export "$f" --format md; "$DLRIG" check "$f";
             "$DLRIG" check "$f" --json; } 2>&1 | grep -Eq "$internal"; then
            leaks=$((leaks + 1)); echo "FAIL customer-text: internal source names in the output for $(basename "$f")"
        fi
    done
    for c in export check recommend fit; do
        "$DLRIG" "$c" --help 2>&1 | grep -Eq "$internal" && { leaks=$((leaks + 1)); echo "FAIL customer-text: dlrig $c --help"; }
    done
    [ "$leaks" -eq 0 ] && pass=$((pass + 1)) || fail=$((fail + 1))

    # recommend --tiers -o writes the Best tier, as it says, and the file knows its tier
    expect recommend-tiers-out 0 'Best build written to' -- "$DLRIG" recommend --workload transformer --budget-usd 40000 --tiers -o "$TMP/tiers-best.json"
    expect recommend-tiers-out-tier 0 '^Best$' -- jq -r .tier "$TMP/tiers-best.json"
    expect recommend-tiers-json-tier 0 '^Good Good,(Better Better,)?Best Best$' -- sh -c '"$@" | jq -r "[.recommendations[] | .tier + \" \" + .build.tier] | join(\",\")"' sh "$DLRIG" recommend --workload transformer --budget-usd 40000 --tiers --json
    # the customer's copy of a quote of the advisor's tiers: the tiers named, the requirements in words, no dlrig
    # part id, no finding id, no line's price source, no tier's budget cap; --internal keeps them for the seller
    Q=$DATA/quote
    "$DLRIG" export "$Q/lab-good.json" "$Q/lab-better.json" "$Q/lab-best.json" --format html --customer 'Riverside' \
        -o "$TMP/tiers.html" 2>"$TMP/tiers.err"
    expect export-tiers-words 0 'Option A \(Good\).*Option B \(Better\).*Option C \(Best\).*Server room.*208 V / 30 A circuit.*Mixed precision \(FP16\)' -- cat "$TMP/tiers.html"
    ids=$(jq -r '.parts[].id' "$Q"/lab-*.json | sort -u)
    leaked=$( { [ -s "$TMP/tiers.html" ] || echo '(no quote written)'
                for id in $ids; do grep -oF -- "$id" "$TMP/tiers.html"; done
                "$DLRIG" export "$Q/lab-good.json" --format json | jq -r '.lines[].price_source // empty' | sed 's/^[^,]*, //' |
                    sort -u | while read -r src; do grep -oF -- "$src" "$TMP/tiers.html"; done
                grep -oE 'Budget|\$22,102|server-room|208v-30a|mixed-fp16|price: |(cooling|memory|power|nvlink|gpu|cpu|pcie|storage|env|budget|vram|ecc|compat)\.[a-z_]+' "$TMP/tiers.html"; } | sort -u | tr '\n' ' ')
    expect export-tiers-no-ids 0 '^leaked: $' -- echo "leaked: $leaked"
    expect export-tiers-internal 0 'nvidia-rtx-pro-4500-blackwell.*price: .*Budget' -- "$DLRIG" export "$Q/lab-good.json" "$Q/lab-better.json" "$Q/lab-best.json" --format html --internal
    # no seller profile: the quote says it is unofficial and stderr says where the profile goes
    expect export-no-seller-note 0 'No seller profile: add ~/\.?config/dlrig/seller\.json' -- cat "$TMP/tiers.err"
    expect export-no-seller-unofficial 0 'Unofficial quote: no seller profile' -- cat "$TMP/tiers.html"
    # two customers quoted the same build the same day: two quote numbers, from the counter in the state directory
    qa=$("$DLRIG" export "$CLEAN" --format md --customer 'Alpha Corp' 2>/dev/null | grep -o 'Q-[0-9]*-[0-9A-F]*' | head -1)
    qb=$("$DLRIG" export "$CLEAN" --format md --customer 'Beta Labs' --discount 15 2>/dev/null | grep -o 'Q-[0-9]*-[0-9A-F]*' | head -1)
    expect export-quote-numbers-differ 0 '^Q-[0-9]{8}-[0-9]{4} Q-[0-9]{8}-[0-9]{4} differ$' -- sh -c '[ -n "$1" ] && [ "$1" != "$2" ] && echo "$1 $2 differ" || echo "$1 $2 same"' sh "$qa" "$qb"
    expect export-quote-counter 0 '^[0-9]+$' -- cat "$HOME/.local/state/dlrig/quote-counter"
    # time per epoch only for a dataset the user gave
    jq 'del(.requirements.dataset_gb)' "$Q/lab-good.json" > "$TMP/nodata.json"
    expect export-epoch-given 0 'Time per epoch' -- "$DLRIG" export "$Q/lab-good.json" --format html
    expect export-epoch-not-given 0 '^no epoch$' -- sh -c '"$@" 2>/dev/null | grep -q "per epoch" && echo "an epoch line" || echo "no epoch"' sh "$DLRIG" export "$TMP/nodata.json" --format html
    # the seller's services, lead time and the block the customer signs
    printf '%s\n' '{"company": "Northwind", "lead_time": "2-3 weeks", "services": [{"name": "Assembly and burn-in", "price": 350}, {"name": "3-year warranty", "price": "included"}]}' > "$TMP/seller-svc.json"
    expect export-services 0 'Lead time</th><td>2-3 weeks.*Assembly and burn-in.*\$350\.00.*3-year warranty.*included.*<h2>Acceptance</h2>.*PO number' -- "$DLRIG" export "$Q/lab-good.json" --format html --seller "$TMP/seller-svc.json"
    printf '%s\n' '{"company": "Northwind", "services": [{"name": "Assembly", "price": "free"}]}' > "$TMP/seller-bad.json"
    expect export-services-bad 2 "seller-bad.json: services\[1\] \('Assembly'\): field 'price': expected an amount" -- "$DLRIG" export "$Q/lab-good.json" --format html --seller "$TMP/seller-bad.json"

    # compare
    OTHER=$DATA/builds/cooling.open_air_dense.trigger.json
    expect compare 0 'Price.*\*.*the builds differ' -- "$DLRIG" compare "$CLEAN" "$OTHER"
    expect compare-json 0 '"rows".*"best"' -- "$DLRIG" compare "$CLEAN" "$OTHER" "$CLEAN" --json
    expect compare-md 0 '\| Price' -- "$DLRIG" compare "$CLEAN" "$OTHER" --format md
    expect compare-one 2 'expected 2 or 3 build files' -- "$DLRIG" compare "$CLEAN"
    expect compare-four 2 'expected 2 or 3 build files' -- "$DLRIG" compare "$CLEAN" "$CLEAN" "$CLEAN" "$CLEAN"
    expect compare-bad-format 2 "unknown format 'csv'" -- "$DLRIG" compare "$CLEAN" "$OTHER" --format csv
    expect compare-bad-file 2 'bad-root-array.json' -- "$DLRIG" compare "$CLEAN" "$DATA/builds/bad-root-array.json"
fi

# presets
expect presets-list 0 'kaggle-starter.*two-node-cluster' -- "$DLRIG" recommend --list-presets
expect presets-list-json 0 '"presets"' -- "$DLRIG" recommend --list-presets --json
expect preset-run 0 'Preset kaggle-starter: Kaggle starter' -- "$DLRIG" recommend --preset kaggle-starter --top 1
expect preset-json 0 '"preset":.*"name":[[:space:]]*"llm-finetune-lab"' -- "$DLRIG" recommend --preset llm-finetune-lab --top 1 --json
expect preset-override 0 '"budget_usd":[[:space:]]*5000' -- "$DLRIG" recommend --preset kaggle-starter --budget-usd 5000 --top 1 --json
expect preset-unknown 2 "unknown preset 'kaggel'.*valid presets: kaggle-starter" -- "$DLRIG" recommend --preset kaggel
expect preset-out 0 'written to' -- "$DLRIG" recommend --preset quiet-office -o "$TMP/quiet.json"
expect preset-out-name 0 'Quiet office workstation' -- "$DLRIG" check "$TMP/quiet.json"

# Each option of a quote and each build of a comparison is priced by its own
# requirements: a new-only build and one that allows used parts, in either
# order, show the totals `check` gives each of them.
cp "$DATA/builds/power-4090-pair-tr.json" "$TMP/opt-new.json"
sed -e 's/"requirements": *{/"requirements": {"allow_used": true,/' "$TMP/opt-new.json" > "$TMP/opt-used.json"
total_of() { "$DLRIG" check --json "$1" | sed -n 's/.*"price_usd":[[:space:]]*\([0-9.]*\).*/\1/p' | head -n 1; }
# $1 as the exports write it (1,234.56; with 0 decimals: 1,235), dots escaped for grep
money_of() { printf "%.${2:-2}f" "$1" | sed -e ':a' -e 's/\([0-9]\)\([0-9]\{3\}\)\([.,]\|$\)/\1,\2\3/' -e 'ta' -e 's/\./\\./'; }
t_new=$(total_of "$TMP/opt-new.json") t_used=$(total_of "$TMP/opt-used.json")
if [ "$t_new" = "$t_used" ]; then echo "FAIL options-premise: the used build costs the same as the new one ($t_new)"; fail=$((fail + 1)); fi
row() { printf '%s( \\| [^|]*){5} \\| \\$%s' "$1" "$(money_of "$2")"; }
expect export-options-new-used 0 "$(row 'Option A' "$t_new").*$(row 'Option B' "$t_used")" -- "$DLRIG" export --format md --allow-errors "$TMP/opt-new.json" "$TMP/opt-used.json"
expect export-options-used-new 0 "$(row 'Option A' "$t_used").*$(row 'Option B' "$t_new")" -- "$DLRIG" export --format md --allow-errors "$TMP/opt-used.json" "$TMP/opt-new.json"
# each build's oldest price month and its age, the fresher marked best (every price is old in 2035)
expect compare-price-age 0 'Prices from +20[0-9]{2}-[0-9]{2} \([0-9]+ mo\)[ *]+ +20[0-9]{2}-[0-9]{2} \([0-9]+ mo\)' -- env DLRIG_TODAY=2035-01 "$DLRIG" compare "$DATA/builds/power-4090-pair-tr.json" "$DATA/builds/job.second.ok.json"
expect compare-price-age-json 0 '"key":[[:space:]]*"price_age_months",[[:space:]]*"label":[[:space:]]*"Prices from",[[:space:]]*"better":[[:space:]]*"lower",[[:space:]]*"values":[[:space:]]*\[[[:space:]]*1[0-9]{2},' -- env DLRIG_TODAY=2035-01 "$DLRIG" compare "$DATA/builds/power-4090-pair-tr.json" "$DATA/builds/job.second.ok.json" --json
expect compare-buy-rent 0 'Buy vs rent +pays off after [0-9.]+ (months|years) +pays off after' -- "$DLRIG" compare "$DATA/builds/power-4090-pair-tr.json" "$DATA/builds/job.second.ok.json"
expect compare-new-used 0 "Price +\\\$$(money_of "$t_new" 0) [^$]*\\\$$(money_of "$t_used" 0) " -- "$DLRIG" compare "$TMP/opt-new.json" "$TMP/opt-used.json"

# Price age wherever a price is shown: check's summary and JSON, recommend's lines
expect check-price-age 0 'prices from 20[0-9]{2}-[0-9]{2}, [0-9]+ months old: re-check before ordering' -- env DLRIG_TODAY=2035-01 "$DLRIG" check "$DATA/builds/clean.json"
expect check-price-age-json 0 '"oldest_price_date":[[:space:]]*"20[0-9]{2}-[0-9]{2}".*"prices_stale":[[:space:]]*true.*"prices":[[:space:]]*\[[[:space:]]*\{[^}]*"price_date":[[:space:]]*"20' -- env DLRIG_TODAY=2035-01 "$DLRIG" check --json "$DATA/builds/clean.json"
expect check-price-age-fresh 0 '"prices_stale":[[:space:]]*false' -- env DLRIG_TODAY=1999-01 "$DLRIG" check --json "$DATA/builds/clean.json"
expect recommend-price-months 0 'gpu +\$[0-9,]+  20[0-9]{2}-[0-9]{2}.*prices from 20' -- "$DLRIG" recommend --workload cnn --budget-usd 5000 -k 1

# price lists (XDG_DATA_HOME is a temporary directory)
P=$TMP/prices
mkdir -p "$P"
printf 'id,price,currency,date,vendor\nnvidia-rtx-4090,1799.00,USD,2026-11-20,Acme\nnvidia-rtx-409,1750,USD,2026-11-20,Acme\nnvidia-rtx-5090,1999,USD,2026-11,Acme\nnvidia-rtx-6000-ada,6450,eur,2025-13,Acme\n' > "$P/bad.csv"
expect prices-empty 0 'No price lists imported' -- "$DLRIG" prices list
expect prices-bad 2 'bad.csv:3: unknown part id .nvidia-rtx-409.*did you mean .nvidia-rtx-4090.*bad.csv:5: currency .eur..*date .2025-13.*2 bad lines; nothing imported' -- "$DLRIG" prices import "$P/bad.csv"
expect prices-bad-nothing 0 'No price lists imported' -- "$DLRIG" prices list
expect prices-skip-bad 0 'Imported 2 prices' -- "$DLRIG" prices import --skip-bad "$P/bad.csv"
expect prices-list 0 'nvidia-rtx-4090 +Acme +1799.00' -- "$DLRIG" prices list
expect prices-show 0 'price override.*Acme.*vendor prices' -- "$DLRIG" show nvidia-rtx-4090
expect prices-parts-json 0 '"price_vendor":[[:space:]]*"Acme"' -- "$DLRIG" show nvidia-rtx-4090 --json
printf 'id,price,currency,date,vendor\nnvidia-rtx-4090,1500,EUR,2026-11,Euro Parts\n' > "$P/eur.csv"
expect prices-no-rate 2 'eur.csv:2: no exchange rate for EUR' -- "$DLRIG" prices import "$P/eur.csv"
expect prices-bad-rate 2 'rate: expected CUR=RATE' -- "$DLRIG" prices import "$P/eur.csv" --rate EUR
expect prices-rate 0 'Rate: 1 EUR = 1.08 USD' -- "$DLRIG" prices import "$P/eur.csv" --rate EUR=1.08
expect prices-cheapest 0 '"price_usd":[[:space:]]*1620' -- "$DLRIG" show nvidia-rtx-4090 --json
expect prices-list-rate 0 '1 EUR = 1.08 USD' -- "$DLRIG" prices list
expect prices-list-json 0 '"usd_per_unit":[[:space:]]*1.08' -- "$DLRIG" prices list --json
printf 'id,stock,currency,date,vendor\n' > "$P/header.csv"
expect prices-bad-header 2 "header.csv:1: header: missing column 'price'; not used: 'stock'" -- "$DLRIG" prices import "$P/header.csv"
# a seller's spreadsheet export: ';', a decimal comma, its own column names, parts by part number and name
printf 'SKU;Product;Stock;Unit price;Date\nMZ-V9P2T0B/AM;Samsung 990 PRO 2TB;4;179,90;2026-11-02\nKSM48R40BS4TMM-32HMR;Kingston 32GB DDR5 RDIMM;40;189,00;2026-11-02\n;GeForce RTX 4090;1;2.099,00;2026-11-02\n' > "$P/seller.csv"
expect prices-mpn-no-comma 2 "seller.csv:2: price '179,90' is not a positive number .a decimal comma" -- "$DLRIG" prices import "$P/seller.csv" --currency EUR --vendor 'Seller GmbH' --rate EUR=1.08
expect prices-mpn 0 "Imported 5 prices.*Matched 3 lines: 2 by part number, 1 by name.*line 3: 'KSM48R40BS4TMM-32HMR' is kingston-ksm48r40bs4tmm-32hmr-8x .by part number; 8 of them make the part: 8 x 189.00 EUR.*Fields separated by ';'.*Columns not used: 'Stock'" -- "$DLRIG" prices import "$P/seller.csv" --decimal-comma --currency EUR --vendor 'Seller GmbH' --rate EUR=1.08
expect prices-mpn-list 0 'samsung-990-pro-2tb +Seller GmbH +179.90 +EUR' -- "$DLRIG" prices list
# the built-in catalog written out, extended with sqlite3 and read back with --catalog
expect catalog-export 0 'Wrote .*/own.db: the built-in catalog, [0-9]+ parts' -- "$DLRIG" catalog export "$TMP/own.db"
expect catalog-export-same 0 'same' -- sh -c 'cmp -s "$0" "$1" && echo same' "$TMP/own.db" "$CATDB"
expect catalog-export-exists 2 'catalog export: .*own.db exists; not overwritten \(use --force to replace it\)' -- "$DLRIG" catalog export "$TMP/own.db"
expect catalog-export-force 0 'Wrote' -- "$DLRIG" catalog export "$TMP/own.db" --force
expect catalog-export-usage 2 'catalog export: expected one FILE.db' -- "$DLRIG" catalog export
expect catalog-bad-sub 2 "catalog: unknown subcommand 'import'" -- "$DLRIG" catalog import x.db
# a tie that differs only by the cards' power limit is named by it, not by the same words as the pick
# (8 cards power-limited to fit a server's supplies, tied with a dearer server that runs them at full power)
expect recommend-tie-power-named 0 ' at [0-9]+ W — .* at full power (on|with) [^;]* is [0-9.]+% faster' -- "$DLRIG" recommend --workload transformer --budget-usd 40000 --min-gpus 8 --max-gpus 8 --top 1
expect catalog-complete-sub 0 '^export' -- "$DLRIG" __complete bash catalog ''
expect catalog-export-bad-option 2 "catalog export: unknown option '--jsn'" -- "$DLRIG" catalog export --jsn x.db
expect catalog-export-dir 3 'cannot write: Is a directory' -- "$DLRIG" catalog export "$TMP"
sqlite3 "$TMP/own.db" "INSERT INTO source (id, title, url) VALUES ('sto-acme-2026-11', 'Acme price list, November 2026', NULL);
INSERT INTO storage (id, vendor, name, price_usd, price_date, source, kind, form_factor, pcie_gen, capacity_gb, seq_read_mbs, seq_write_mbs, power_w)
  VALUES ('acme-fast-4tb', 'Acme', 'Fast 4TB', 289, '2026-11', 'sto-acme-2026-11', 'nvme', 'M.2 2280', 4, 4000, 7000, 6500, 7.5);
INSERT INTO part_number (mpn, part_id, units, source) VALUES ('AF-4T-N4', 'acme-fast-4tb', 1, 'sto-acme-2026-11');"
expect catalog-own-part 0 'price_usd +\$289.*source +sto-acme-2026-11' -- "$DLRIG" --catalog "$TMP/own.db" show acme-fast-4tb
expect catalog-own-not-builtin 2 "unknown part id 'acme-fast-4tb'" -- "$DLRIG" show acme-fast-4tb
printf '**Storage** | [Acme Fast 4 TB M.2-2280 NVMe](https://pcpartpicker.com/product/x/acme-fast-4-tb-af-4t-n4) | $279.00 @ Acme\n' > "$TMP/acme.md"
expect catalog-own-import 0 'Fast 4TB \(acme-fast-4tb\), by part number in the link AF-4T-N4' -- "$DLRIG" --catalog "$TMP/own.db" import "$TMP/acme.md"
# what a memory kit's market did since its price: kits of a made-up type priced then and later in the catalog
sqlite3 "$TMP/own.db" "INSERT INTO memory (id, vendor, name, price_usd, price_date, source, type, capacity_gb, modules, speed_mts, ecc, registered) VALUES
  ('t-kit', 'T', 'T kit', 100, '2025-01', 'sto-acme-2026-11', 'TESTDDR', 32, 2, 4800, 0, 0),
  ('t-kit-a', 'T', 'T kit A', 100, '2025-01', 'sto-acme-2026-11', 'TESTDDR', 32, 2, 4800, 0, 0),
  ('t-kit-b', 'T', 'T kit B', 200, '2024-12', 'sto-acme-2026-11', 'TESTDDR', 32, 2, 4800, 0, 0);
INSERT INTO price_offer (part_id, condition, price_usd, price_date, market, source) VALUES
  ('t-kit-a', 'new', 400, '2025-09', 'T shop', 'sto-acme-2026-11'), ('t-kit-b', 'new', 400, '2025-10', 'T shop', 'sto-acme-2026-11');"
printf '{"format": "dlrig-build", "version": 1, "name": "T", "parts": [{"id": "t-kit", "qty": 1}]}' > "$TMP/tkit.json"
expect check-market-move 1 'T kit priced 2025-01: 2 TESTDDR kits priced in 2025-01 and again since cost 2.8x as much by 2025-10 \(the median; T kit B: \$200 in 2024-12, \$400 in 2025-10\); re-check it' -- env DLRIG_TODAY=2025-12 "$DLRIG" --catalog "$TMP/own.db" check "$TMP/tkit.json"
expect check-market-move-json 1 '"market_move":[[:space:]]*\{[[:space:]]*"segment":[[:space:]]*"TESTDDR kits",[[:space:]]*"since":[[:space:]]*"2025-01",[[:space:]]*"until":[[:space:]]*"2025-10",[[:space:]]*"ratio":[[:space:]]*2.83' -- env DLRIG_TODAY=2025-12 "$DLRIG" --catalog "$TMP/own.db" check --json "$TMP/tkit.json"
expect check-market-move-recent 0 '^0$' -- sh -c 'DLRIG_TODAY=2025-05 "$0" --catalog "$1" check "$2" | grep -c TESTDDR || true' "$DLRIG" "$TMP/own.db" "$TMP/tkit.json"
# dlrig scan: a machine's /proc and /sys (trees in tests/data/scan) read into a build of owned parts
SC=$DATA/scan
expect scan-desktop 0 'Scan of .*desktop-rtx4090.*CPU +Intel\(R\) Core\(TM\) i9-14900K, 1 package of 24 cores.*= intel-core-i9-14900k \(Core i9-14900K\), by model number i9-14900K.*= corsair-cmk64gx5m2b6000c30 .*by part number CMK64GX5M2B6000C30 \(2 modules a kit\).*GPU +display controller 0000:01:00\.0 10de:2684.*= nvidia-rtx-4090 \(GeForce RTX 4090\), by PCI id 10de:2684.*link PCIe 4\.0 x16.*Matched 4 of 4 main parts.*Nothing written' -- "$DLRIG" scan --root "$SC/desktop-rtx4090"
expect scan-write 0 "Wrote $TMP/scanned\.json \(5 part lines, each owned\)\. Next: dlrig check" -- "$DLRIG" scan --root "$SC/desktop-rtx4090" -o "$TMP/scanned.json"
expect scan-written 0 '"version":[[:space:]]*4,.*"name":[[:space:]]*"Scanned: ProArt Z790-CREATOR WIFI".*"id":[[:space:]]*"nvidia-rtx-4090",[[:space:]]*"qty":[[:space:]]*1,[[:space:]]*"owned":[[:space:]]*true' -- cat "$TMP/scanned.json"
expect scan-then-check 1 '\$0 \(5 owned parts not counted\), 1 GPU.*compat\.missing_part +The build has no Power supply, Case, CPU cooler' -- "$DLRIG" check "$TMP/scanned.json"
expect scan-no-overwrite 2 'scan: .*scanned\.json exists; not overwritten \(use --force' -- "$DLRIG" scan --root "$SC/desktop-rtx4090" -o "$TMP/scanned.json"
expect scan-no-overwrite-first 2 'scan: .*scanned\.json exists; not overwritten' -- "$DLRIG" scan --root /nonexistent -o "$TMP/scanned.json"
expect scan-force 1 'Wrote .*scanned\.json \(4 part lines, each owned\)' -- "$DLRIG" scan --root "$SC/trpro-two-gpus" -o "$TMP/scanned.json" --force --name 'Lab workstation'
expect scan-force-written 0 '"name":[[:space:]]*"Lab workstation".*"id":[[:space:]]*"nvidia-rtx-6000-ada",[[:space:]]*"qty":[[:space:]]*2,[[:space:]]*"power_limit_w":[[:space:]]*250,[[:space:]]*"owned":[[:space:]]*true' -- cat "$TMP/scanned.json"
expect scan-unmatched 1 'Not matched:.*Memory +8 x 32 GB DDR5-5600 RDIMM ECC, Samsung, part number M321R4GA3PB0-CWMXJ.*the catalog sells M321R4GA3PB0-CWM as a kit of 12 \(samsung-m321r4ga3pb0-cwm-12x\): 8 modules are not whole kits.*Matched 4 of 5 main parts' -- "$DLRIG" scan --root "$SC/trpro-two-gpus"
expect scan-power-limit 1 'memory 49140 MiB power limit 250 W \(at most 300 W\)' -- "$DLRIG" scan --root "$SC/trpro-two-gpus"
expect scan-server 0 '= supermicro-as-4125gs-tnrt .*by its system name.*= samsung-m321r4ga3pb0-cwm-12x x 2 .*link PCIe 5\.0 x8 \(the card takes x16\).*= nvidia-connectx-7-ndr .*by part number MCX75310AAS-NEAT \(its VPD\).*Not matched:.*Storage +nvme0n1: SAMSUNG MZQL27T6HBLA-00A07, 7\.68 TB NVMe SSD.*1 drive or network card not matched' -- "$DLRIG" scan --root "$SC/server-four-h100"
expect scan-no-gpu 1 'GPU +none \(no display or 3D controller of NVIDIA, AMD or Intel\).*Memory +64 GB of memory.*modules not readable \(sys/firmware/dmi/tables/DMI: No such file or directory\)' -- "$DLRIG" scan --root "$SC/desktop-no-gpu"
expect scan-amd 0 '= amd-radeon-rx-7900-xtx \(Radeon RX 7900 XTX\), by PCI id 1002:744c, revision c8.*note: a board of subsystem 1043:0506' -- "$DLRIG" scan --root "$SC/desktop-rx7900xtx"
expect scan-unknown-gpu 1 'Not matched:.*GPU +display controller 0000:01:00\.0 10de:2484.*no catalog GPU is vendor 10de device 2484 \(pci\.ids: NVIDIA Corporation GA104 \[GeForce RTX 3070\]\)' -- "$DLRIG" scan --root "$SC/desktop-unknown-gpu"
expect scan-json 0 '^\{[[:space:]]*"format":[[:space:]]*"dlrig-scan",[[:space:]]*"version":[[:space:]]*1,.*"kind":[[:space:]]*"gpu".*"narrow":[[:space:]]*true.*"matched":[[:space:]]*7,[[:space:]]*"not_matched":[[:space:]]*0,[[:space:]]*"others_not_matched":[[:space:]]*1,[[:space:]]*"build":[[:space:]]*\{' -- sh -c '"$0" scan --root "$1" --json 2>/dev/null' "$DLRIG" "$SC/server-four-h100"
expect scan-stdout 0 '^\{[[:space:]]*"format":[[:space:]]*"dlrig-build",[[:space:]]*"version":[[:space:]]*4' -- sh -c '"$0" scan --root "$1" -o - 2>/dev/null' "$DLRIG" "$SC/desktop-rtx4090"
expect scan-stdout-report 0 '^Scan of .*Matched 4 of 4' -- sh -c '"$0" scan --root "$1" -o - 2>&1 >/dev/null' "$DLRIG" "$SC/desktop-rtx4090"
expect scan-bad-root 2 '^dlrig: scan: --root /nonexistent/machine: cannot read: No such file or directory$' -- "$DLRIG" scan --root /nonexistent/machine
mkdir -p "$TMP/empty-root"
expect scan-not-a-machine 2 'empty-root: holds none of proc/cpuinfo, proc/meminfo and sys/' -- "$DLRIG" scan --root "$TMP/empty-root"
expect scan-operand 2 "scan: expected no operand, got 'here'" -- "$DLRIG" scan here
expect scan-bad-option 2 "^dlrig: scan: unknown option '--rot'; did you mean '--root'\\?$" -- "$DLRIG" scan --rot x
expect scan-write-fail 3 'nodir/x\.json: cannot save' -- "$DLRIG" scan --root "$SC/desktop-rtx4090" -o "$TMP/nodir/x.json"
mkdir -p "$TMP/epyc-root/proc"
printf 'processor\t: 0\nvendor_id\t: AuthenticAMD\nmodel name\t: AMD EPYC\n' > "$TMP/epyc-root/proc/cpuinfo"
expect scan-nothing-matched 1 "'AMD EPYC' gives no model number to match.*scan: no part of this machine is in the catalog; nothing written" -- "$DLRIG" scan --root "$TMP/epyc-root" -o "$TMP/epyc.json"
expect scan-nothing-written 0 'absent' -- sh -c 'test -e "$0" || echo absent' "$TMP/epyc.json"
# this machine, whatever it is: a report, exit 0 or 1, never a crash
live=$("$DLRIG" scan 2>&1)
case $? in 0 | 1) printf '%s' "$live" | grep -Ezq '^Scan of this machine.*Matched [0-9]+ of [0-9]+ main part' && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL scan-live: $live" | head -20; } ;;
*) fail=$((fail + 1)); echo "FAIL scan-live: exit not 0 or 1: $live" | head -20 ;; esac
expect scan-help 0 'Usage: dlrig scan .*--root DIR' -- "$DLRIG" scan --help

# lines owned already ("owned": true, as dlrig scan writes them) count 0 in every price, and say so
OB=$DATA/builds/owned-lines.json
expect owned-check 0 '\(3 owned parts not counted\), 2 GPUs' -- "$DLRIG" check "$OB"
expect owned-check-json 0 '"owned_parts":[[:space:]]*3.*"id":[[:space:]]*"nvidia-rtx-5000-ada",[[:space:]]*"qty":[[:space:]]*2,[[:space:]]*"unit_price_usd":[[:space:]]*0,[^}]*"owned":[[:space:]]*true' -- "$DLRIG" check "$OB" --json
expect owned-export-md 0 'RTX 5000 Ada[^|]*\|[^|]*\| 2 \| owned \| owned \|.*3 part lines owned already \(not in the total\)' -- "$DLRIG" export "$OB" --format md
expect owned-export-csv 0 'nvidia-rtx-5000-ada,[^\n]*,2,0\.00,0\.00,owned \(not in the total\)' -- "$DLRIG" export "$OB" --format csv
expect owned-compare 0 'Price +\$[0-9,]+ \+\? +\$[0-9,]+ \+\? \+3 owned.*\+N owned: parts owned already, not in the price' -- "$DLRIG" compare "$DATA/builds/clean.json" "$OB"
expect owned-cost 0 'purchase +\$[0-9,]+ \(some parts unpriced: a lower bound\) \(3 owned parts not counted\)' -- "$DLRIG" cost "$OB"
expect owned-recommend-from 0 '2 x RTX 5000 Ada +gpu +owned  \(kept\)' -- "$DLRIG" recommend --from "$OB" --pin gpu
expect owned-not-bool 2 'parts\[0\]\.owned: expected true \(the part is owned already\) or false, got a string' -- "$DLRIG" check "$DATA/builds/bad-owned-not-bool.json"
# PCPartPicker parts lists read into builds
I=$DATA/import
expect import-report 1 'generated 2026-11-20, us site.*line 5 +CPU: AMD Ryzen 9 9950X.*= Ryzen 9 9950X \(amd-ryzen-9-9950x\), by part number in the link 100-100001277WOF.*line 15 +Video Card: Gigabyte GAMING OC GeForce RTX 9999 Ti.*NOT MATCHED.*Matched 8 of 9 lines naming parts dlrig models \(6 by part number in the link, 2 by name\); 1 not matched; 2 left out.*Nothing written' -- "$DLRIG" import "$I/pcpp-reddit.md"
expect import-write 1 "Wrote $TMP/pcpp.json \(7 part lines\)" -- "$DLRIG" import "$I/pcpp-reddit.md" -o "$TMP/pcpp.json"
expect import-written-qty 0 '"id":[[:space:]]*"corsair-cmk64gx5m2b6000c30",[[:space:]]*"qty":[[:space:]]*2' -- cat "$TMP/pcpp.json"
expect import-written-name 0 '"name":[[:space:]]*"PCPartPicker list of 2026-11-20"' -- cat "$TMP/pcpp.json"
expect import-then-check 1 'compat.missing_part +The build has no CPU cooler' -- "$DLRIG" check "$TMP/pcpp.json"
expect import-no-overwrite 2 'import: .*pcpp.json exists; not overwritten \(use --force' -- "$DLRIG" import "$I/pcpp-reddit.md" -o "$TMP/pcpp.json"
expect import-force 1 'Wrote' -- "$DLRIG" import "$I/pcpp-reddit.md" -o "$TMP/pcpp.json" --force --name 'Lab box'
expect import-json 1 '"format":[[:space:]]*"dlrig-import".*"matched_by":[[:space:]]*"part_number".*"matched":[[:space:]]*8.*"build":' -- "$DLRIG" import "$I/pcpp-reddit.md" --json
expect import-stdout 1 '^\{.*"format":[[:space:]]*"dlrig-build"' -- sh -c '"$0" import "$1" -o - 2>/dev/null' "$DLRIG" "$I/pcpp-reddit.md"
expect import-not-a-list 2 'seller.csv: no parts list found: expected PCPartPicker' -- "$DLRIG" import "$P/seller.csv"
expect import-missing 3 'nope.md: cannot read' -- "$DLRIG" import "$TMP/nope.md"
expect import-usage 2 'import: expected one LIST file' -- "$DLRIG" import
printf '**Monitor** | [LG 27GR95QE-B](https://pcpartpicker.com/product/x/lg) | $699.99 @ Amazon\n' > "$TMP/monitor.md"
expect import-nothing-matched 2 'no line names a catalog part; nothing written' -- "$DLRIG" import "$TMP/monitor.md" -o "$TMP/monitor.json"
expect import-nothing-written 0 'absent' -- sh -c 'test -e "$0" || echo absent' "$TMP/monitor.json"
"$DLRIG" prices clear --vendor 'Seller GmbH' >/dev/null
printf 'id,price,currency,date,vendor\nnvidia-rtx-4090,1799,USD,2031-01,Acme\n' > "$P/future.csv"
expect prices-future 2 'future.csv:2: date 2031-01 is after today' -- "$DLRIG" prices import "$P/future.csv"
expect prices-missing-file 3 'nope.csv: cannot read' -- "$DLRIG" prices import "$P/nope.csv"
expect prices-bad-sub 2 "unknown subcommand 'drop'" -- "$DLRIG" prices drop
expect prices-clear-vendor 0 "Removed 1 price from 'Euro Parts'" -- "$DLRIG" prices clear --vendor "Euro Parts"
expect prices-clear 0 'Removed 2 prices' -- "$DLRIG" prices clear
expect prices-cleared 0 'No price lists imported' -- "$DLRIG" prices list
head -c 8192 /dev/urandom > "$XDG_DATA_HOME/dlrig/user.db"
expect prices-corrupt 3 'user.db: the user database is corrupt' -- "$DLRIG" prices list
expect prices-corrupt-parts 3 'user.db: the user database is corrupt' -- "$DLRIG" parts
rm -f "$XDG_DATA_HOME/dlrig/user.db"
touch "$TMP/notadir"
expect prices-no-datadir 3 'cannot create the data directory' -- env XDG_DATA_HOME="$TMP/notadir" "$DLRIG" prices import "$P/eur.csv" --rate EUR=1.08
if [ "$(id -u)" -ne 0 ]; then
    chmod 0500 "$XDG_DATA_HOME/dlrig"
    expect prices-readonly 3 'user.db: cannot .*user database' -- "$DLRIG" prices import "$P/eur.csv" --rate EUR=1.08
    chmod 0700 "$XDG_DATA_HOME/dlrig"
fi

# no bare "no build": the cheapest build that meets the rest, and what dropping one requirement gives
expect why-none-budget 1 'within \$500.*The cheapest build that meets every other requirement costs \$[0-9,]+: 1 x ' -- "$DLRIG" recommend --workload cnn --budget-usd 500
expect why-none-require 1 'Dropping --require nvlink gives \$[0-9,]+: [0-9]+ x ' -- "$DLRIG" recommend --workload cnn --budget-usd 1500 --require nvlink
expect why-none-json 1 '"cheapest_price_usd":[[:space:]]*[0-9.]+,.*"what_would":[[:space:]]*"The cheapest build' -- "$DLRIG" recommend --workload cnn --budget-usd 500 --json
expect why-none-fewer-bits 1 'no build under \$2,500 runs Llama 3.1 70B at bf16 weights; at int(8|4) weights, [0-9]+ x ' -- "$DLRIG" recommend --workload llm-inference --model llama-3.1-70b --budget-usd 2500

# dlrig fit: does a language model fit, how, how fast
expect fit-70b-int4 0 'fits.*layer split over 2 GPUs.*tokens/s generation' -- "$DLRIG" fit --model llama-3.1-70b --weights int4 --gpu nvidia-rtx-3090 --gpus 2
expect fit-hf-id 0 'Llama 3.1 70B' -- "$DLRIG" fit --model meta-llama/Llama-3.1-70B-Instruct --weights int4 --gpu nvidia-rtx-3090 --gpus 2
expect fit-long-context 1 'does not fit.*KV cache +16\.00 GiB.*longest context that fits this way: [0-9,]+ tokens.*on 2 x' -- "$DLRIG" fit --model llama-3.1-8b --weights bf16 --context-tokens 128k --gpu nvidia-rtx-4090
expect fit-json 0 '"fits":[[:space:]]*true.*"per_gpu_gb".*"capacity_gb".*"breakdown".*"kv_cache".*"strategy".*"tokens_per_s"' -- "$DLRIG" fit --model qwen2.5-32b --method qlora --gpu nvidia-rtx-5090 --json
expect fit-list 0 'cheapest first.*GeForce RTX' -- "$DLRIG" fit --model llama-3.1-70b --weights int4
expect fit-full-int4 1 'full fine-tuning trains 16- or 32-bit weights' -- "$DLRIG" fit --model llama-3.1-8b --method full --weights int4 --gpu nvidia-h100-pcie
expect fit-no-model 2 'fit: name a model' -- "$DLRIG" fit --gpu nvidia-rtx-4090
expect fit-unknown-model 2 "unknown model 'lama-3.1-70b'.*did you mean" -- "$DLRIG" fit --model lama-3.1-70b
expect fit-bad-weights 2 'weights' -- "$DLRIG" fit --model llama-3.1-8b --weights q4
expect fit-unknown-gpu 2 "'nvidia-rtx-409' is not a GPU of the catalog.*nvidia-rtx-4090" -- "$DLRIG" fit --model llama-3.1-8b --gpu nvidia-rtx-409
expect fit-gpus-without-gpu 2 'gpus counts the cards of --gpu' -- "$DLRIG" fit --model llama-3.1-8b --gpus 2
expect fit-kepler 1 'Kepler cards are not supported by CUDA 12' -- "$DLRIG" fit --model llama-3.1-8b --weights int4 --gpu nvidia-tesla-k80 --gpus 2
expect fit-list-columns 0 'Cards +GPU +GPU cost +Tokens/s +GiB a card +How' -- "$DLRIG" fit --model llama-3.1-8b --weights int4 --max-gpus 2
expect fit-qlora-rocm 1 'NF4 \(bitsandbytes\) needs a CUDA card' -- "$DLRIG" fit --model llama-3.1-8b --method qlora --gpu amd-radeon-pro-w7900
# serving: --environment from the requirement table gives the server default (as many streams as fit), and the
# output speed counts reading every request's prompt; the first token waits for the prompt
# fit answers the question asked: a card that cannot run the method says so first, with what the memory would do
expect fit-cannot-run-headline 1 'on 1 x Radeon RX 7900 XTX \(24 GiB each\): cannot run: NF4 \(bitsandbytes\) needs a CUDA card; memory would fit with 15\.3 GiB to spare' -- "$DLRIG" fit --model llama-3.1-8b --method qlora --gpu amd-radeon-rx-7900-xtx
expect fit-cannot-run-json 1 '"fits":[[:space:]]*false.*"unsupported":[[:space:]]*"Radeon RX 7900 XTX: NF4.*"memory_fits":[[:space:]]*true' -- "$DLRIG" fit --model llama-3.1-8b --method qlora --gpu amd-radeon-rx-7900-xtx --json
# the names the screens show: models and GPUs by name, any case; the wizard's 4-bit format by its name
expect fit-names-as-shown 0 'Llama 3.3 70B \(70,554M parameters\), inference, weights \(Q4_K_M, 4\.84 bits\).*on 2 x GeForce RTX 3090 \(24 GiB each\): fits' -- "$DLRIG" fit --model "Llama 3.3 70B" --weights q4_k_m --gpu "GeForce RTX 3090" --gpus 2
expect fit-names-any-case 0 'on 2 x GeForce RTX 3090 ' -- "$DLRIG" fit --model "llama 3.3 70b" --weights Q4_K_M --gpu "nvidia geforce rtx 3090" --gpus 2
expect fit-unknown-model-name 2 "unknown model 'Llama 3.3 70C'; did you mean llama-3.3-70b" -- "$DLRIG" fit --model "Llama 3.3 70C"
expect fit-bits-named 0 'weights \(Q4_K_M, 4\.84 bits\).*assumed: weights Q4_K_M, 4\.84 bits;' -- "$DLRIG" fit --model llama-3.3-70b --weights 4.84 --gpu amd-radeon-rx-7900-xtx --gpus 2
expect fit-int4-named 0 'weights \(INT4, 4\.25 bits\)' -- "$DLRIG" fit --model llama-3.1-70b --weights int4 --gpu nvidia-rtx-3090 --gpus 2
expect recommend-weights-named 0 'Llama 3\.3 70B \(inference, weights Q4_K_M, 4\.84 bits, 4096-token context\)' -- "$DLRIG" recommend --workload llm-inference --model "Llama 3.3 70B" --weights 4.84 --budget-usd 4000 --circuit 120v-15a --top 1
expect fit-environment-serving 0 'as many streams as the memory holds, served: requests of 1,024 prompt \+ 128 output tokens.*serving [0-9]+ streams at once.*serving +[0-9]+ streams: [0-9.]+ output tokens/s in all.*of the time reads prompts.*first token +after [0-9.]+ s' -- "$DLRIG" fit --model llama-3.1-8b --gpu nvidia-h100-pcie --environment datacenter
expect fit-environment-desk 0 'batch 1[[:space:]]+on 1 x .*one GPU.*first token +after [0-9.]+ s \(a 1,024-token prompt\)' -- "$DLRIG" fit --model llama-3.1-8b --gpu nvidia-h100-pcie --environment office
expect fit-environment-bad 2 "environment.*office" -- "$DLRIG" fit --model llama-3.1-8b --gpu nvidia-h100-pcie --environment moon
expect fit-environment-help 0 '--environment E.*--prompt-tokens N.*--output-tokens N.*Serving' -- "$DLRIG" fit --help
expect fit-prompt-json 0 '"serving":[[:space:]]*true,[[:space:]]*"prompt_tokens":[[:space:]]*8000,[[:space:]]*"output_tokens":[[:space:]]*500.*"decode_tokens_per_s".*"time_to_first_token_ms".*"prompt_share"' -- "$DLRIG" fit --model llama-3.1-8b --gpu nvidia-h100-pcie --batch 16 --prompt-tokens 8000 --output-tokens 500 --json
expect fit-request-longer-than-context 2 'a request of 8000 prompt \+ 128 output tokens does not fit the 4096-token context' -- "$DLRIG" fit --model llama-3.1-8b --gpu nvidia-h100-pcie --batch 16 --prompt-tokens 8000 --context-tokens 4096

# fix-its: check shows and --json carries the cheapest fix; dlrig fix repairs five broken builds
FIX=$DATA/fix
# (the W790 board has no new price: the change says it leaves a part uncounted)
expect check-fix-text 1 'compat.socket +Threadripper 7960X \(sTR5\) does not fit.*fix: Replace ASUS Pro WS W790E-SAGE SE with .+ \(\+\$[0-9,]+, not counting a part without a price\)' -- "$DLRIG" check "$FIX/socket.json"
expect check-fix-json 1 '"id":[[:space:]]*"compat.socket".*"message".*"fix":[[:space:]]*\[[[:space:]]*\{[[:space:]]*"summary":[[:space:]]*"Replace.*"changes":[[:space:]]*\[[[:space:]]*\{[[:space:]]*"op":[[:space:]]*"replace".*"price_delta_usd":[[:space:]]*[0-9].*"price_complete":[[:space:]]*false' -- "$DLRIG" check "$FIX/socket.json" --json
expect check-clean-no-fix 0 'Result: no errors' -- "$DLRIG" check "$DATA/builds/clean.json"
expect fix-socket 0 'Replace ASUS Pro WS W790E-SAGE SE with Gigabyte TRX50 AERO D \(\+\$578, not counting a part without a price\); resolves compat.form_factor, compat.socket.*No error left' -- "$DLRIG" fix -n "$FIX/socket.json"
expect fix-psu-small 0 'Replace MSI MAG A850GL PCIE5 with .+ \(\+\$[0-9,]+\); resolves power.connectors, power.psu_capacity.*No error left' -- "$DLRIG" fix -n "$FIX/psu-small.json"
expect fix-no-psu 0 'Add .+ \(Power supply\) \(\+\$[0-9,]+\); resolves compat.missing_part.*No error left' -- "$DLRIG" fix -n "$FIX/no-psu.json"
expect fix-passive 0 'Replace 2 x NVIDIA L40S with 2 x NVIDIA .+; resolves cooling.passive_needs_server.*Price: \$[0-9,]+ -> \$[0-9,]+ \([-+]\$[0-9,]+\).*No error left' -- "$DLRIG" fix -n "$FIX/passive.json"
expect fix-circuit 1 'Not fixed by a change of parts: power.circuit.*1440 W continuous.*option \(--allow-fewer-gpus\): [0-9] x NVIDIA GeForce RTX 4090 instead of 4.*option \(a requirement\): Change the circuit requirement from 120v-15a to' -- "$DLRIG" fix -n "$FIX/circuit.json"
expect fix-circuit-fewer 0 'x NVIDIA GeForce RTX 4090 instead of 4 \(-\$[0-9,]+\).*No error left' -- "$DLRIG" fix -n --allow-fewer-gpus "$FIX/circuit.json"
# four 2-slot cards on a board with three x16 slots: check names a board that takes the CPU and memory, fix applies it
expect check-fix-pcie-slots 1 'pcie.slots .*only 3 fit on TRX50 AERO D.*fix: Replace Gigabyte TRX50 AERO D with ASRock WRX90 WS EVO \(\+\$[0-9,]+\)' -- "$DLRIG" check "$FIX/pcie-4-maxq-trx50.json"
expect fix-pcie-slots 0 'Replace Gigabyte TRX50 AERO D with .*resolves pcie.slots.*No error left' -- "$DLRIG" fix -n "$FIX/pcie-4-maxq-trx50.json"
# allowed fewer GPUs, fix keeps as many as work: 2 of the 4 RTX 4090s, the option it lists without the flag
expect fix-circuit-fewer-keeps-two 0 '2 x NVIDIA GeForce RTX 4090 instead of 4 \(-\$[0-9,]+\).*No error left' -- "$DLRIG" fix -n --allow-fewer-gpus "$FIX/circuit.json"
expect fix-circuit-fewer-lists-two 1 'option \(--allow-fewer-gpus\): 2 x NVIDIA GeForce RTX 4090 instead of 4' -- "$DLRIG" fix -n "$FIX/circuit.json"
# over budget: a cheaper part that keeps every requirement, else the budget raised to the total
expect check-fix-budget 0 'budget.over +Total \$[0-9,]+ is \$[0-9,]+ over the \$5,000 budget.*fix: Replace Kingston FURY Renegade 2x48GB DDR5-6000 with .+ \(-\$[0-9,]+\)' -- "$DLRIG" check "$FIX/budget-memory.json"
expect check-fix-budget-raise 0 'budget.over .*fix: Raise the budget from \$4,000 to \$[0-9,]+ \(no price change\)' -- "$DLRIG" check "$FIX/budget-far.json"
expect check-fix-budget-json 0 '"kind":[[:space:]]*"requirement",[[:space:]]*"changes":[[:space:]]*\[[[:space:]]*\{[[:space:]]*"op":[[:space:]]*"set",[[:space:]]*"requirement":[[:space:]]*"budget_usd",[[:space:]]*"value":[[:space:]]*"[0-9]+"' -- "$DLRIG" check --json "$FIX/budget-far.json"
# a free power limit comes before a change of parts for a circuit about 40 W short at the wall; fix takes it only when allowed
expect check-fix-power-limit 1 'power.circuit .*fix: Limit each NVIDIA GeForce RTX 5090 to 545 W of 575 W \(sudo nvidia-smi -pl 545\), ~2% slower \(no price change\)' -- "$DLRIG" check "$DATA/builds/power-5090-pair-am5.json"
expect check-fix-power-limit-json 1 '"kind":[[:space:]]*"power-limit",[[:space:]]*"changes":[[:space:]]*\[[[:space:]]*\{[[:space:]]*"op":[[:space:]]*"power_limit",[[:space:]]*"part":[[:space:]]*"nvidia-rtx-5090",[[:space:]]*"power_limit_w":[[:space:]]*545' -- "$DLRIG" check "$DATA/builds/power-5090-pair-am5.json" --json
expect fix-power-limit 0 'Limit each NVIDIA GeForce RTX 5090 to 545 W of 575 W .*resolves power.circuit.*No error left' -- "$DLRIG" fix -n --allow-power-limit "$DATA/builds/power-5090-pair-am5.json"
# without --allow-power-limit the limit stays an option and the error stays (no card at least as fast draws less)
expect fix-power-limit-not-default 1 'Not fixed by a change of parts: power.circuit.*option \(--allow-power-limit\): Limit each NVIDIA GeForce RTX 5090 to 545 W' -- "$DLRIG" fix -n "$DATA/builds/power-5090-pair-am5.json"
# the written builds pass check; the input is kept; an existing output is not replaced without --force
for b in socket psu-small no-psu passive; do
    cp "$FIX/$b.json" "$TMP/fix-$b.json"
    expect "fix-write-$b" 0 "Wrote $TMP/fix-$b.fixed.json" -- "$DLRIG" fix "$TMP/fix-$b.json"
    expect "fix-then-check-$b" 0 'Result: no errors' -- "$DLRIG" check "$TMP/fix-$b.fixed.json"
    expect "fix-input-kept-$b" 0 'same' -- sh -c 'cmp -s "$1" "$2" && echo same' sh "$FIX/$b.json" "$TMP/fix-$b.json"
done
expect fix-exists 2 'fix-socket.fixed.json exists; not overwritten \(use --force' -- "$DLRIG" fix "$TMP/fix-socket.json"
expect fix-force 0 'Wrote' -- "$DLRIG" fix "$TMP/fix-socket.json" --force
expect fix-in-place 0 'Wrote .*fix-passive.json' -- "$DLRIG" fix "$TMP/fix-passive.json" -o "$TMP/fix-passive.json" --force
expect fix-in-place-check 0 'Result: no errors' -- "$DLRIG" check "$TMP/fix-passive.json"
expect fix-dry-run-writes-nothing 0 'Dry run: nothing written' -- "$DLRIG" fix --dry-run "$FIX/no-psu.json"
expect fix-dry-run-no-file 0 'absent' -- sh -c 'test -e "$1" || echo absent' sh "$FIX/no-psu.fixed.json"
expect fix-json 1 '"ok":[[:space:]]*false.*"price_delta_usd".*"applied":[[:space:]]*\[.*"unresolved":[[:space:]]*\[[[:space:]]*\{[[:space:]]*"id".*"options".*"build":[[:space:]]*\{[[:space:]]*"format":[[:space:]]*"dlrig-build"' -- "$DLRIG" fix -n --json "$FIX/circuit.json"
expect fix-clean 0 'No errors: nothing to fix' -- "$DLRIG" fix -n "$DATA/builds/clean.json"
expect fix-bad-input 2 'bad-unknown-id.json' -- "$DLRIG" fix -n "$DATA/builds/bad-unknown-id.json"
expect fix-no-args 2 'fix: expected one BUILD.json' -- "$DLRIG" fix
expect fix-help 0 'Usage: dlrig fix BUILD.json' -- "$DLRIG" fix --help
expect fix-in-usage 0 'dlrig fix +BUILD.json' -- "$DLRIG" --help

# follows FILE ERE1 ERE2: some line of FILE matching ERE1 is followed by one matching ERE2 (prints "follows")
follows() {
    local line prev=0
    while IFS= read -r line; do
        if [ $prev = 1 ] && [[ $line =~ $3 ]]; then
            echo follows
            return
        fi
        prev=0
        [[ $line =~ $2 ]] && prev=1
    done < "$1"
    echo "no line matching $2 followed by $3"
}

# ---- "-": standard input wherever a file is read, standard output wherever one is written
CLEAN=$DATA/builds/clean.json
stdin() { # FILE CMD... : CMD with FILE on standard input
    local f=$1
    shift
    "$@" < "$f"
}
expect stdin-check 0 '^Clean: 2x RTX 5000 Ada' -- stdin "$CLEAN" "$DLRIG" check -
expect stdin-check-json 0 '"ok":[[:space:]]*true' -- stdin "$CLEAN" "$DLRIG" check - --json
expect stdin-check-bad 2 "^dlrig: standard input: parts\[0\]\.id: unknown part id 'nvidia-rtx-409'" -- stdin "$DATA/builds/bad-unknown-id.json" "$DLRIG" check -
expect stdin-estimate 0 'throughput' -- stdin "$CLEAN" "$DLRIG" estimate -
expect stdin-export 0 '^Clean: 2x RTX 5000 Ada.*Estimated speed' -- stdin "$CLEAN" "$DLRIG" export - --format txt
expect stdin-compare 0 'A  Clean: .*\(standard input\)' -- stdin "$CLEAN" "$DLRIG" compare - "$DATA/builds/pcie.lanes.ok.json"
expect stdin-compare-twice 2 "^dlrig: compare: '-' \\(standard input\\) is given 2 times; it can be read once$" -- stdin "$CLEAN" "$DLRIG" compare - -
expect stdin-against 0 'nvidia-rtx-4090' -- stdin "$CLEAN" "$DLRIG" parts --category gpu --against -
expect stdin-from 0 'Re-advised standard input from the advisor' -- stdin "$CLEAN" "$DLRIG" recommend --from - --pin gpu
printf 'id,price,currency,date,vendor\nnvidia-rtx-4090,1799,USD,2026-11,Stdin Shop\n' > "$TMP/stdin-prices.csv"
expect stdin-prices 0 'Imported 1 price from standard input \(vendor: Stdin Shop\)' -- env XDG_DATA_HOME="$TMP/stdin-data" sh -c '"$1" prices import - < "$2"' sh "$DLRIG" "$TMP/stdin-prices.csv"
expect stdin-catalog 2 "^dlrig: --catalog: a catalog is a SQLite file; standard input \\('-'\\) cannot be one$" -- "$DLRIG" --catalog - parts
expect stdin-tui 2 "^dlrig: tui: standard input is the terminal" -- "$DLRIG" tui -
# -o -: the document on standard output, the report on standard error
expect stdout-export 0 '^# ' -- "$DLRIG" export "$CLEAN" --format md -o -
"$DLRIG" recommend --workload cnn --budget-usd 3000 -o - > "$TMP/rec-stdout.json" 2> "$TMP/rec-stderr.txt"
expect stdout-recommend-is-a-build 0 'Result: no errors' -- "$DLRIG" check "$TMP/rec-stdout.json"
expect stdout-recommend-report-on-stderr 0 '^1\. .*Best build written to standard output' -- cat "$TMP/rec-stderr.txt"
expect stdout-recommend-json 2 "^dlrig: recommend: --json and -o - would both write to standard output; give -o FILE$" -- "$DLRIG" recommend --workload cnn --budget-usd 3000 -o - --json
stdin "$FIX/socket.json" "$DLRIG" fix - > "$TMP/fix-stdout.json" 2> "$TMP/fix-stderr.txt"
expect stdout-fix-is-fixed 0 'Result: no errors' -- "$DLRIG" check "$TMP/fix-stdout.json"
expect stdout-fix-report-on-stderr 0 'No error left.*Wrote the repaired build to standard output' -- cat "$TMP/fix-stderr.txt"
expect stdout-fix-o 0 '"format": "dlrig-build"' -- "$DLRIG" fix "$FIX/socket.json" -o -
expect stdout-fix-json 2 "^dlrig: fix: --json and the repaired build would both go to standard output" -- stdin "$FIX/socket.json" "$DLRIG" fix - --json
# no silent overwrite: recommend -o keeps an existing file without --force, as export and fix do
echo '{"keep": "me"}' > "$TMP/rec-exists.json"
expect recommend-o-exists 2 "^dlrig: recommend: .*rec-exists.json exists; not overwritten \\(use --force to replace it\\)$" -- "$DLRIG" recommend --workload cnn --budget-usd 3000 -o "$TMP/rec-exists.json"
expect recommend-o-kept 0 '"keep": "me"' -- cat "$TMP/rec-exists.json"
expect recommend-o-force 0 'Best build written to' -- "$DLRIG" recommend --workload cnn --budget-usd 3000 -o "$TMP/rec-exists.json" --force
expect recommend-o-forced 0 '"format": "dlrig-build"' -- cat "$TMP/rec-exists.json"
cp "$CLEAN" "$TMP/readvise.json"
expect recommend-from-o-exists 2 "readvise.json exists; not overwritten" -- "$DLRIG" recommend --from "$TMP/readvise.json" --pin gpu -o "$TMP/readvise.json"

# ---- text aligned by display width, whatever the locale (LANG=C counted bytes or one column a character)
sed 's/"name": "Clean: [^"]*"/"name": "研究室 GPU サーバー, café"/' "$CLEAN" > "$TMP/wide.json"
for loc in C C.UTF-8 POSIX; do
    LC_ALL=$loc LANG=$loc "$DLRIG" export "$TMP/wide.json" --format txt --customer 'Müller & Söhne' --notes 'ÉTÉ' --quote-number Q-WIDE-1 > "$TMP/wide.$loc.txt" 2>&1
done
expect width-export-c-same 0 'same' -- sh -c 'cmp -s "$1" "$2" && cmp -s "$1" "$3" && echo same' sh "$TMP/wide.C.UTF-8.txt" "$TMP/wide.C.txt" "$TMP/wide.POSIX.txt"
# the heading's underline is as wide as the name: 3 + 1 + 3 + 1 + 4 wide characters (19 columns) and ", café" (6)
expect width-export-underline 0 'follows' -- follows "$TMP/wide.C.txt" '^研究室 GPU サーバー, café$' '^={25}$'
printf 'id,price,currency,date,vendor\nnvidia-rtx-4090,1799,USD,2026-11,Bäckerei Großhändler\nnvidia-rtx-4090,1850,USD,2026-11,Plain Shop\n' > "$TMP/wide-prices.csv"
XDG_DATA_HOME="$TMP/wide-data" "$DLRIG" prices import "$TMP/wide-prices.csv" >/dev/null 2>&1
for loc in C C.UTF-8; do
    LC_ALL=$loc XDG_DATA_HOME="$TMP/wide-data" "$DLRIG" show nvidia-rtx-4090 > "$TMP/wide-show.$loc.txt" 2>&1
done
expect width-show-c-same 0 'same' -- sh -c 'cmp -s "$1" "$2" && echo same' sh "$TMP/wide-show.C.txt" "$TMP/wide-show.C.UTF-8.txt"
# the price column starts in the same column after a vendor with umlauts as after a plain one
expect width-show-vendor-aligned 0 'aligned' -- sh -c 'a=$(grep "Großhändler .*2026-11\$" "$1" | sed "s/\\$.*//" | wc -m); b=$(grep "Plain Shop .*2026-11\$" "$1" | sed "s/\\$.*//" | wc -m); [ "$a" = "$b" ] && echo aligned || echo "$a != $b"' sh "$TMP/wide-show.C.UTF-8.txt"

# ---- check on a terminal: wrapped to its width between words, continued under the text; piped: a line each
if command -v script >/dev/null; then
    CIRCUIT=$DATA/builds/power.circuit.trigger.json
    for cols in 72 40; do
        script -qc "stty cols $cols; NO_COLOR=1 LC_ALL=C.UTF-8 '$DLRIG' check '$CIRCUIT'" /dev/null | tr -d '\r' > "$TMP/wrap-$cols.txt"
        expect "check-wrap-$cols-width" 0 '^fits$' -- awk -v w="$cols" 'length($0) > w { print "line " NR " is " length($0) " wide: " $0; bad = 1 } END { if (!bad) print "fits" }' "$TMP/wrap-$cols.txt"
    done
    # the words are those of the one-line message, none cut: joining the continuation lines gives it back
    piped=$("$DLRIG" check "$CIRCUIT" | grep '^  power.circuit ' | sed 's/^  power.circuit  *//')
    joined=$(awk '/^  power.circuit/ { on = 1; sub(/^  power.circuit */, ""); printf "%s", $0; next }
                  on && /^ +fix:/ { exit } on { sub(/^ +/, " "); printf "%s", $0 }' "$TMP/wrap-72.txt")
    expect check-wrap-words 0 'same' -- sh -c '[ "$1" = "$2" ] && echo same || printf "%s\n!=\n%s\n" "$1" "$2"' sh "$piped" "$joined"
    expect check-wrap-hanging 0 'follows' -- follows "$TMP/wrap-72.txt" '^  power.circuit {16}The machine draws about [0-9]+ W at the$' '^ {31}wall running CNN'
    expect check-wrap-fix-hanging 0 'follows' -- follows "$TMP/wrap-72.txt" '^ {31}fix: Limit each NVIDIA' '^ {36}[^ ]'
    expect check-wrap-narrow 0 'follows' -- follows "$TMP/wrap-40.txt" '^  power.circuit$' '^    The machine draws'
    expect check-piped-one-line 0 '^1$' -- sh -c '"$1" check "$2" | grep -c "^  power.circuit .*~4% slower$"' sh "$DLRIG" "$CIRCUIT"
fi

# ---- parts at 80 columns: a cut name keeps what tells it from the others ("~RTX 5070 Ti", not "GeForce RTX 5~")
if command -v script >/dev/null; then
    # name_cells FILE: "id<TAB>name cell" for each row of a parts table (the Name column by the header's position)
    name_cells() {
        awk 'NR == 1 { s = index($0, "Name"); rest = substr($0, s + 4); match(rest, /[^ ]/); e = s + 4 + RSTART - 1; next }
             /^\(hidden/ { next }
             { id = $1; cell = substr($0, s, e - s); sub(/ +$/, "", cell); print id "\t" cell }' "$1"
    }
    for cat in gpu cpu motherboard memory storage psu case cooler nic; do
        "$DLRIG" parts --category "$cat" > "$TMP/parts-wide.txt"
        script -qc "stty cols 80; '$DLRIG' parts --category $cat" /dev/null | tr -d '\r' > "$TMP/parts-80.txt"
        name_cells "$TMP/parts-wide.txt" > "$TMP/full.tsv"
        name_cells "$TMP/parts-80.txt" > "$TMP/cut.tsv"
        expect "parts-80-$cat-width" 0 '^fits$' -- awk 'length($0) > 80 { print "line " NR " is " length($0) " wide"; bad = 1 } END { if (!bad) print "fits" }' "$TMP/parts-80.txt"
        # two parts whose names differ never show the same cell
        expect "parts-80-$cat-distinct" 0 '^distinct$' -- awk -F '\t' 'NR == FNR { full[$1] = $2; next }
            { if (($2 in seen) && full[seen[$2]] != full[$1]) { print $1 " and " seen[$2] " both show \"" $2 "\""; bad = 1 } seen[$2] = $1 }
            END { if (!bad) print "distinct" }' "$TMP/full.tsv" "$TMP/cut.tsv"
    done
fi

# shellcheck source=reliability.sh
. "$HERE/reliability.sh"

echo "cli: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
