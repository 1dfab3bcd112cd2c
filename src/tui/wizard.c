/* wizard.c — the first screen: short questions (workload, model and data,
 * budget, framework and precision, environment, must-haves), a live advisor
 * preview of the answers so far, and at the end the builder on the
 * advisor's best build. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlrig/llm.h"
#include "dlrig/query.h"
#include "dlrig/util.h"
#include "tui/app.h"

enum { Q_WORKLOAD, Q_MODEL, Q_RUN, Q_CONTEXT, Q_DATASET, Q_BUDGET, Q_FRAMEWORK, Q_PRECISION, Q_ENV, Q_CIRCUIT, Q_NOISE, Q_MUST,
       Q_REVIEW, Q_COUNT };

static const struct {
    const char *step;  /* the step it belongs to (tab bar) */
    const char *title; /* the question */
    const char *label; /* short name in the review */
} questions[Q_COUNT] = {
    [Q_WORKLOAD] = {"Workload", "What will it mostly run?", "Workload"},
    [Q_MODEL] = {"Model", "How big is the model?", "Model"},
    [Q_RUN] = {"Model", "How will it run?", "Runs as"},
    [Q_CONTEXT] = {"Model", "How long a context?", "Context"},
    [Q_DATASET] = {"Model", "How big is the dataset?", "Dataset"},
    [Q_BUDGET] = {"Budget", "What is the budget?", "Budget"},
    [Q_FRAMEWORK] = {"Framework", "Which framework?", "Framework"},
    [Q_PRECISION] = {"Framework", "Which training precision?", "Precision"},
    [Q_ENV] = {"Environment", "Where will it stand?", "Environment"},
    [Q_CIRCUIT] = {"Environment", "Which wall circuit feeds it?", "Circuit"},
    [Q_NOISE] = {"Environment", "Does noise matter?", "Noise"},
    [Q_MUST] = {"Must-haves", "Must-haves (Space toggles)", "Must-haves"},
    [Q_REVIEW] = {"Review", "Review the answers", "Review"},
};
static const char *const steps[] = {"Workload", "Model", "Budget", "Framework", "Environment", "Must-haves",
                                    "Review"};
#define N_STEPS (sizeof steps / sizeof steps[0])

/* Why each workload matters for the hardware (DOMAIN.md and the sources in db/SOURCES.md). */
static const struct {
    const char *id, *help;
} workload_help[] = {
    {"cnn", "Vision CNNs want tensor-core throughput first, then FP32, then VRAM; data-parallel multi-GPU "
            "scales very well."},
    {"transformer", "Transformers/NLP are bandwidth- and VRAM-hungry (then FP16); BERT-class models need large "
                    "VRAM; multi-GPU gains vary."},
    {"llm-finetune", "LLM fine-tuning: VRAM decides what fits (weights, gradients, optimizer state); memory "
                     "bandwidth and NVLink matter when the model is sharded."},
    {"llm-inference", "LLM token generation reads every weight per token: memory bandwidth sets tokens/s, VRAM "
                      "must hold weights plus KV cache."},
    {"rnn", "RNN/LSTM: small matrix multiplies are bandwidth-bound; multi-GPU scaling is unclear and some jobs run "
            "well on many CPU cores."},
    {"gan", "GANs train like CNNs: tensor throughput and VRAM for the image size; they scale well over GPUs."},
    {"diffusion", "Diffusion training: tensor throughput, and VRAM for resolution and batch size; mixed precision "
                  "is standard."},
    {"recsys", "Recommenders and autoencoders: large embedding tables make memory size and bandwidth the "
               "limit."},
    {"inference", "Inference is latency-bound, often at the edge: efficiency and low-precision support beat raw "
                  "training speed."},
    {"scientific-fp64", "FP64 science/HPC: GeForce FP64 is crippled (1:32 on Pascal); datacenter cards are ~16x "
                        "faster in FP64."},
};

static const struct {
    const char *label, *detail;
    double value; /* NAN: the workload's reference model */
    const char *help;
} model_presets[] = {
    {"Workload's reference model", "the default", NAN,
     "Estimates use the workload's reference model (ResNet-50, BERT-large, an 8B LLM...). Pick a size when yours "
     "differs."},
    {"ResNet-50", "25.6M params", 25.6,
     "Rough capacity: (VRAM - 0.4 GB) / 2 / 4 bytes per FP32 parameter; CNNs need extra memory for activations."},
    {"BERT-large", "340M params", 340,
     "Transformers like BERT need large VRAM; 16-bit training fits about twice the model of 32-bit (Dettmers)."},
    {"Llama-class 8B", "8,000M params", 8000,
     "8B weights are 16 GB in 16-bit; full fine-tuning needs several times that (gradients, optimizer state), LoRA "
     "far less."},
    {"Llama-class 70B", "70,000M params", 70000,
     "70B weights are 140 GB in 16-bit: several 80-141 GB cards, sharded, with NVLink helping."},
    {"Type a size...", "e.g. 1.3B, 350M", NAN, "Type the parameter count: 350M, 13B, or a number in millions."},
};

static const struct {
    const char *label;
    double gb;
    const char *help;
} dataset_presets[] = {
    {"Not sure", NAN, "Without a dataset size dlrig skips the epoch time and the storage and RAM checks."},
    {"10 GB", 10, "Small datasets (under 10-15 GB) rarely gain from several GPUs; RAM holds them easily."},
    {"50 GB", 50, "Fits in RAM on most workstations: no storage bottleneck once cached."},
    {"150 GB", 150, "Larger than RAM on many machines: stream from NVMe; data I/O is a common bottleneck."},
    {"500 GB", 500, "Stream from fast NVMe storage; buy more RAM for heavy preprocessing (Dettmers)."},
    {"2 TB", 2000, "Needs several TB of fast storage for data plus checkpoints; storage speed matters."},
    {"Type a size...", NAN, "Type the size: 800, 800GB or 3TB."},
};

static const struct {
    const char *label;
    double usd;
    const char *help;
} budget_presets[] = {
    {"$3,000", 3000, "One consumer GPU workstation: for an individual, one good card is usually right."},
    {"$5,000", 5000, "One high-end consumer card with a solid platform, or a 24-32 GB pro card."},
    {"$10,000", 10000, "A workstation with a 48 GB pro card or two consumer cards."},
    {"$20,000", 20000, "2-4 GPUs: a budget workstation with 4 cards beats a cluster of low-end cards."},
    {"$40,000", 40000, "A 4-GPU workstation on a Threadripper PRO / Xeon W platform with ECC memory."},
    {"$80,000", 80000, "Datacenter cards (H100/H200 class) in a server chassis with forced airflow."},
    {"$150,000", 150000, "A dense GPU server (up to 8-10 cards, e.g. DSS8440-class) or a small cluster."},
    {"Type an amount...", NAN, "Type dollars: 12500, 12.5k or $12,500."},
};

static const struct {
    const char *id, *help;
} precision_help[] = {
    {"fp32", "Full FP32: slowest and twice the memory of 16-bit; only for numerically sensitive work."},
    {"mixed-fp16", "Mixed FP16+FP32 is the standard for image training; 16-bit fits about 2x the model "
                   "(Dettmers)."},
    {"bf16", "BF16 keeps FP32's range without loss scaling; needs Ampere or newer."},
    {"fp8", "FP8 is the fastest for transformer training; needs Ada/Hopper or newer."},
};

static const struct {
    const char *id, *label, *help;
} env_help[] = {
    {"office", "Office", "People work next to it: noise matters and it has one wall socket; blower and server "
                         "fans are loud (env.noise)."},
    {"server-room", "Server room", "Noise is fine and higher-power circuits exist; tower or rack chassis."},
    {"datacenter", "Datacenter", "Rack chassis with forced airflow: passively cooled datacenter GPUs need it "
                                 "(cooling.passive_needs_server)."},
};

static const struct {
    unsigned bit;
    const char *label, *help;
} must_help[] = {
    {DLRIG_REQ_ECC, "ECC memory (GPU and RAM)",
     "Long training runs rely on correct results: GeForce cards have no ECC on VRAM, datacenter cards do."},
    {DLRIG_REQ_NVLINK, "NVLink between GPUs",
     "NVLink is 5-12x PCIe between GPUs: matters for multi-GPU transformer and LLM training."},
    {DLRIG_REQ_RDMA, "GPUDirect RDMA (clusters)",
     "Across machines RDMA gives 2.5x over TCP with the same cards; GeForce has no GPUDirect RDMA."},
    {DLRIG_REQ_QUIET, "Quiet (desk-side)",
     "No blower or server fans: a machine people sit next to. Open-air cards packed together throttle (Dettmers)."},
    {DLRIG_REQ_RACKMOUNT, "Rack-mount chassis",
     "For a server room or datacenter rack: a GPU server needs designed airflow and retention."},
};
#define N_MUST (sizeof must_help / sizeof must_help[0])

typedef struct choice {
    char label[96];
    char detail[96];
    char help[400];
    int role;
    double num;     /* numeric value, NAN when none */
    char id[32];    /* id value, "" when none */
    bool typed;     /* "type a value" entry */
} choice;

struct wizard_state {
    int q;
    int sel[Q_COUNT];
    bool answered[Q_COUNT];
    double typed[Q_COUNT]; /* typed values (NAN when none) */
    unsigned must;
    bool editing;
    char input[32];
    choice ch[64];
    int n_ch;
    int top;
    /* preview */
    dlrig_requirements preview_req;
    bool preview_done;
    bool preview_stale; /* answers changed since the preview was computed */
    dlrig_recommendation *prev;
    size_t n_prev;
    char prev_err[512];
    double prev_ms;
    /* geometry for the mouse */
    int list_y, list_x, list_h, list_w;
};

enum { W_UP = 1, W_DOWN, W_NEXT, W_BACK, W_TOGGLE, W_HOME, W_END, W_ESC, W_PRESETS, W_PRESET };

static const keybind wizard_keys[] = {
    {KEY_UP, W_UP, "Up", "previous choice", NULL},
    {'k', W_UP, "k", "previous choice", NULL},
    {KEY_DOWN, W_DOWN, "Down", "next choice", NULL},
    {'j', W_DOWN, "j", "next choice", NULL},
    {KEY_HOME, W_HOME, "Home", "first choice", NULL},
    {KEY_END, W_END, "End", "last choice", NULL},
    {'\r', W_NEXT, "Enter", "accept the highlighted choice and go on", "accept"},
    {KEY_ENTER, W_NEXT, "Enter", "accept the highlighted choice and go on", NULL},
    {KEY_RIGHT, W_NEXT, "Right", "accept the highlighted choice and go on", NULL},
    {'l', W_NEXT, "l", "accept the highlighted choice and go on", NULL},
    {' ', W_TOGGLE, "Space", "toggle a must-have", NULL},
    {KEY_BACKSPACE, W_BACK, "Bksp", "back to the previous question", "back"},
    {127, W_BACK, "Bksp", "back to the previous question", NULL},
    {8, W_BACK, "Bksp", "back to the previous question", NULL},
    {KEY_LEFT, W_BACK, "Left", "back to the previous question", NULL},
    {'h', W_BACK, "h", "back to the previous question", NULL},
    {27, W_ESC, "Esc", "back (never quits)", NULL},
    {'P', W_PRESETS, "P", "preset scenarios: pick one and see its best build", "presets"},
    {KEY_F(1), W_PRESET, "F1", tui_preset_help[0], NULL},
    {KEY_F(2), W_PRESET + 1, "F2", tui_preset_help[1], NULL},
    {KEY_F(3), W_PRESET + 2, "F3", tui_preset_help[2], NULL},
    {KEY_F(4), W_PRESET + 3, "F4", tui_preset_help[3], NULL},
    {KEY_F(5), W_PRESET + 4, "F5", tui_preset_help[4], NULL},
    {KEY_F(6), W_PRESET + 5, "F6", tui_preset_help[5], NULL},
    {KEY_F(7), W_PRESET + 6, "F7", tui_preset_help[6], NULL},
    {KEY_F(8), W_PRESET + 7, "F8", tui_preset_help[7], NULL},
    {0, 0, NULL, NULL, NULL},
};

static struct wizard_state *W(const app *a) { return a->wiz; }

static bool numeric_question(int q) { return q == Q_MODEL || q == Q_DATASET || q == Q_BUDGET; }

static void add_choice(struct wizard_state *w, const char *label, const char *detail, const char *help, double num,
                       const char *id, int role, bool typed)
{
    if (w->n_ch >= (int)(sizeof w->ch / sizeof w->ch[0])) return;
    choice *c = &w->ch[w->n_ch++];
    snprintf(c->label, sizeof c->label, "%s", label);
    snprintf(c->detail, sizeof c->detail, "%s", detail ? detail : "");
    snprintf(c->help, sizeof c->help, "%s", help ? help : "");
    c->num = num;
    snprintf(c->id, sizeof c->id, "%s", id ? id : "");
    c->role = role;
    c->typed = typed;
}

static const char *env_of(const struct wizard_state *w)
{
    int s = w->sel[Q_ENV];
    return s >= 0 && s < 3 ? dlrig_environment_ids[s] : "office";
}

static int default_circuit(const struct wizard_state *w)
{
    const char *want = strcmp(env_of(w), "office") == 0 ? "120v-15a" : "208v-30a";
    int i = id_index(dlrig_circuit_ids, want);
    return i < 0 ? 0 : i;
}

static choice choice_of(app *a, int q);
static void copy_id(char *dst, size_t n, const char *src);

/* Whether the workload chosen is a language-model one (its model, how it
 * runs and its context are asked). */
static bool llm_workload(app *a)
{
    struct wizard_state *w = W(a);
    int s = w->sel[Q_WORKLOAD], n = 0;
    while (dlrig_workload_ids[n]) n++;
    return s >= 0 && s < n && strncmp(dlrig_workload_ids[s], "llm-", 4) == 0;
}

/* Whether question q is asked for the answers so far. */
static bool applies(app *a, int q)
{
    return (q != Q_RUN && q != Q_CONTEXT) || llm_workload(a);
}

/* The LLM question the answers ask, with `weights`, `method` or `context`
 * replaced when not NULL/0 (for the memory each choice costs). */
static bool llm_answer(app *a, const char *method, const char *weights, int context, dlrig_fit_query *q)
{
    /* the workload and model only: the run and context choices call this */
    dlrig_requirements r;
    requirements_init(&r);
    copy_id(r.workload, sizeof r.workload, choice_of(a, Q_WORKLOAD).id);
    choice mc = choice_of(a, Q_MODEL);
    if (mc.id[0]) copy_id(r.model, sizeof r.model, mc.id);
    else r.model_params_m = mc.num;
    if (method) snprintf(r.method, sizeof r.method, "%s", method);
    if (weights) snprintf(r.weights, sizeof r.weights, "%s", weights);
    if (context) r.context_tokens = context;
    char err[256];
    return llm_query_for(a->cat, &r, NULL, q, err, sizeof err) == 1;
}

static int cmp_model_size(const void *x, const void *y)
{
    const dlrig_model *a = *(const dlrig_model *const *)x, *b = *(const dlrig_model *const *)y;
    if (a->params_m != b->params_m) return a->params_m < b->params_m ? -1 : 1;
    return strcmp(a->id, b->id);
}

/* The catalog's language models, smallest first, between the workload's
 * reference and a typed size. */
static void llm_model_choices(app *a)
{
    struct wizard_state *w = W(a);
    add_choice(w, "Workload's reference model", "an 8B decoder",
               "Estimates use the workload's reference model, an 8B Llama-class decoder. Pick yours for exact memory "
               "(KV cache, embeddings) and speed.", NAN, NULL, DLRIG_ROLE_NORMAL, false);
    size_t n;
    const dlrig_model *m = catalog_models(a->cat, &n);
    const dlrig_model **v = xcalloc(n + 1, sizeof *v);
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        if (m[i].kind && !strcmp(m[i].kind, "llm")) v[k++] = &m[i];
    qsort(v, k, sizeof *v, cmp_model_size);
    size_t room = sizeof w->ch / sizeof w->ch[0] - 2;
    for (size_t i = 0; i < k && i < room; i++) {
        char d[96], h[400], pm[32], am[32];
        format_thousands(v[i]->params_m, pm, sizeof pm);
        if (!isnan(v[i]->active_params_m) && v[i]->active_params_m < v[i]->params_m)
            snprintf(d, sizeof d, "%sM, %sM active", pm, format_thousands(v[i]->active_params_m, am, sizeof am));
        else snprintf(d, sizeof d, "%sM params", pm);
        dlrig_llm_shape sh;
        llm_shape_from_model(v[i], &sh);
        snprintf(h, sizeof h, "%s: %d layers, %d KV heads of %d; up to %d tokens of context%s%s.",
                 v[i]->hf_repo ? v[i]->hf_repo : v[i]->name, sh.layers, sh.kv_heads, sh.head_dim, sh.max_context,
                 sh.kv_lora_rank ? " (latent attention: a small KV cache)" : "",
                 sh.sliding_window ? " (sliding-window layers)" : "");
        add_choice(w, v[i]->name, d, h, v[i]->params_m, v[i]->id, DLRIG_ROLE_NORMAL, false);
    }
    free(v);
    char d[96] = "e.g. 13B, 350M";
    if (!isnan(w->typed[Q_MODEL])) snprintf(d, sizeof d, "%gM params", w->typed[Q_MODEL]);
    add_choice(w, "Type a size...", d, "Type the parameter count: 350M, 13B, or a number in millions. The layer shape "
               "is then assumed Llama-like.", w->typed[Q_MODEL], NULL, DLRIG_ROLE_NORMAL, true);
}

/* How the model runs: weights for inference, the method for fine-tuning,
 * each with what it costs in memory for the model chosen. */
static void llm_run_choices(app *a)
{
    struct wizard_state *w = W(a);
    bool tune = strcmp(choice_of(a, Q_WORKLOAD).id, "llm-finetune") == 0;
    static const struct {
        const char *label, *detail, *id, *help;
    } inf[] = {{"16-bit weights", "BF16 / FP16", "bf16", "Full quality; 2 bytes a parameter."},
               {"8-bit weights", "INT8 / FP8", "int8", "Near-lossless; 1 byte a parameter. INT8 runs on any CUDA card, "
                                                      "FP8 compute needs Ada or newer."},
               {"4-bit weights", "GGUF Q4_K_M, AWQ, GPTQ", "4.85", "How large models run at home (llama.cpp, "
                                                                 "ExLlama, vLLM): about 4.85 bits a parameter."}},
      ft[] = {{"LoRA", "16-bit base, adapters", "lora", "Frozen 16-bit weights and small trained adapters."},
              {"QLoRA", "4-bit NF4 base, adapters", "qlora", "The base in 4-bit NF4 (Dettmers et al.): a quarter of "
                                                           "LoRA's weights; a little slower."},
              {"Full fine-tuning", "every weight, AdamW", "full", "Weights, gradients and optimizer state: about 16 "
                                                                 "bytes a parameter in mixed precision (ZeRO)."}};
    for (size_t i = 0; i < 3; i++) {
        const char *label = tune ? ft[i].label : inf[i].label, *id = tune ? ft[i].id : inf[i].id;
        char h[400];
        dlrig_fit_query q;
        if (llm_answer(a, tune ? id : "inference", tune ? NULL : id, 0, &q)) {
            dlrig_mem_breakdown m;
            llm_replica_breakdown(&q, &m);
            snprintf(h, sizeof h, "%s %s needs %.1f GiB in all on one card (weights %.1f GiB).",
                     tune ? ft[i].help : inf[i].help, q.model.name ? q.model.name : "The model", m.total, m.weights);
        } else {
            snprintf(h, sizeof h, "%s", tune ? ft[i].help : inf[i].help);
        }
        add_choice(w, label, tune ? ft[i].detail : inf[i].detail, h, NAN, id, DLRIG_ROLE_NORMAL, false);
    }
}

/* Context lengths up to the model's own, with their KV cache. */
static void llm_context_choices(app *a)
{
    struct wizard_state *w = W(a);
    static const int ctx[] = {4096, 8192, 32768, 131072};
    /* the way it runs, as answered */
    choice rc = choice_of(a, Q_RUN);
    bool tune = strcmp(choice_of(a, Q_WORKLOAD).id, "llm-finetune") == 0;
    const char *method = tune ? rc.id : NULL, *weights = tune ? NULL : rc.id;
    dlrig_fit_query q0;
    bool have = llm_answer(a, method, weights, 0, &q0);
    for (size_t i = 0; i < sizeof ctx / sizeof ctx[0]; i++) {
        if (have && q0.model.max_context > 0 && ctx[i] > q0.model.max_context && i > 0) break;
        char label[32], d[96], h[400];
        snprintf(label, sizeof label, "%dk tokens", ctx[i] / 1024);
        snprintf(d, sizeof d, "%s", i == 0 ? "chat, short prompts" : i == 1 ? "documents" : i == 2 ? "long documents"
                                                                                                     : "whole books, code bases");
        dlrig_fit_query q;
        if (llm_answer(a, method, weights, ctx[i], &q)) {
            dlrig_mem_breakdown m;
            llm_replica_breakdown(&q, &m);
            snprintf(h, sizeof h, "Memory grows with the context: %s at %d tokens needs %.1f GiB in all (KV cache %.1f "
                     "GiB, activations %.1f GiB).", q.model.name ? q.model.name : "the model", ctx[i], m.total,
                     m.kv_cache, m.activations);
        } else {
            snprintf(h, sizeof h, "Memory grows with the context (the KV cache).");
        }
        char id[16];
        snprintf(id, sizeof id, "%d", ctx[i]);
        add_choice(w, label, d, h, ctx[i], id, DLRIG_ROLE_NORMAL, false);
    }
}

/* Fills w->ch with the choices of question q. */
static void build_choices(app *a, int q)
{
    struct wizard_state *w = W(a);
    w->n_ch = 0;
    char d[96], h[400];
    switch (q) {
    case Q_WORKLOAD:
        for (int i = 0; dlrig_workload_ids[i]; i++) {
            const char *id = dlrig_workload_ids[i];
            const dlrig_workload *wl = catalog_workload(a->cat, id);
            const char *help = NULL;
            for (size_t k = 0; k < sizeof workload_help / sizeof workload_help[0]; k++)
                if (strcmp(workload_help[k].id, id) == 0) help = workload_help[k].help;
            if (!help && wl) help = wl->note;
            snprintf(h, sizeof h, "%s%s%s", help ? help : "", wl && wl->reference_model ? " Estimates use: " : "",
                     wl && wl->reference_model ? wl->reference_model : "");
            add_choice(w, wl && wl->name ? wl->name : id, NULL, h, NAN, id, DLRIG_ROLE_NORMAL, false);
        }
        break;
    case Q_MODEL:
        if (llm_workload(a)) {
            llm_model_choices(a);
            break;
        }
        for (size_t i = 0; i < sizeof model_presets / sizeof model_presets[0]; i++) {
            bool typed = i + 1 == sizeof model_presets / sizeof model_presets[0];
            const char *detail = model_presets[i].detail;
            if (typed && !isnan(w->typed[q])) {
                snprintf(d, sizeof d, "%gM params", w->typed[q]);
                detail = d;
            }
            add_choice(w, model_presets[i].label, detail, model_presets[i].help,
                       typed ? w->typed[q] : model_presets[i].value, NULL, DLRIG_ROLE_NORMAL, typed);
        }
        break;
    case Q_RUN: llm_run_choices(a); break;
    case Q_CONTEXT: llm_context_choices(a); break;
    case Q_DATASET:
        for (size_t i = 0; i < sizeof dataset_presets / sizeof dataset_presets[0]; i++) {
            bool typed = i + 1 == sizeof dataset_presets / sizeof dataset_presets[0];
            const char *detail = NULL;
            if (typed && !isnan(w->typed[q])) {
                snprintf(d, sizeof d, "%g GB", w->typed[q]);
                detail = d;
            }
            add_choice(w, dataset_presets[i].label, detail, dataset_presets[i].help,
                       typed ? w->typed[q] : dataset_presets[i].gb, NULL, DLRIG_ROLE_NORMAL, typed);
        }
        break;
    case Q_BUDGET:
        for (size_t i = 0; i < sizeof budget_presets / sizeof budget_presets[0]; i++) {
            bool typed = i + 1 == sizeof budget_presets / sizeof budget_presets[0];
            const char *detail = NULL;
            if (typed && !isnan(w->typed[q])) detail = format_usd(w->typed[q], d, sizeof d);
            add_choice(w, budget_presets[i].label, detail, budget_presets[i].help,
                       typed ? w->typed[q] : budget_presets[i].usd, NULL, DLRIG_ROLE_NORMAL, typed);
        }
        break;
    case Q_FRAMEWORK: {
        size_t n;
        const dlrig_framework *fw = catalog_frameworks(a->cat, &n);
        for (size_t i = 0; i < n; i++) {
            bool disc = fw[i].status && fw[i].status_kind != DLRIG_FRAMEWORK_MAINTAINED;
            snprintf(d, sizeof d, "%s%s%s%s%s%s", disc ? "discontinued · " : "", fw[i].cuda ? "CUDA" : "",
                     fw[i].cuda && fw[i].rocm ? "+" : "", fw[i].rocm ? "ROCm" : "",
                     fw[i].xpu && (fw[i].cuda || fw[i].rocm) ? "+" : "", fw[i].xpu ? "XPU" : "");
            if (!a->utf8) {
                char *dot = strstr(d, "·");
                if (dot) memcpy(dot, "- ", 2), memmove(dot + 1, dot + 2, strlen(dot + 2) + 1);
            }
            snprintf(h, sizeof h, "%s%s%s", fw[i].status_note ? fw[i].status_note : "",
                     fw[i].focus ? " Focus: " : "", fw[i].focus ? fw[i].focus : "");
            add_choice(w, fw[i].name, d, h, NAN, fw[i].id, disc ? DLRIG_ROLE_DIM : DLRIG_ROLE_NORMAL, false);
        }
        add_choice(w, "Other / not sure", "no framework check", "dlrig skips the framework checks (CUDA vs ROCm, "
                   "maintenance status).", NAN, "", DLRIG_ROLE_NORMAL, false);
        break;
    }
    case Q_PRECISION:
        for (int i = 0; dlrig_precision_ids[i]; i++) {
            const char *help = NULL;
            for (size_t k = 0; k < sizeof precision_help / sizeof precision_help[0]; k++)
                if (strcmp(precision_help[k].id, dlrig_precision_ids[i]) == 0) help = precision_help[k].help;
            add_choice(w, dlrig_precision_ids[i], NULL, help, NAN, dlrig_precision_ids[i], DLRIG_ROLE_NORMAL, false);
        }
        break;
    case Q_ENV:
        for (int i = 0; dlrig_environment_ids[i]; i++) {
            const char *label = dlrig_environment_ids[i], *help = NULL;
            for (size_t k = 0; k < sizeof env_help / sizeof env_help[0]; k++)
                if (strcmp(env_help[k].id, label) == 0) {
                    help = env_help[k].help;
                    label = env_help[k].label;
                }
            add_choice(w, label, NULL, help, NAN, dlrig_environment_ids[i], DLRIG_ROLE_NORMAL, false);
        }
        break;
    case Q_CIRCUIT:
        for (int i = 0; dlrig_circuit_ids[i]; i++) {
            const dlrig_circuit *c = catalog_circuit(a->cat, dlrig_circuit_ids[i]);
            char w_s[32] = "";
            if (c && c->continuous_w != DLRIG_NA) {
                snprintf(w_s, sizeof w_s, "%d", c->continuous_w);
                snprintf(d, sizeof d, "%s W continuous", w_s);
            } else {
                d[0] = '\0';
            }
            snprintf(h, sizeof h,
                     "The machine's draw at the wall must stay under what the circuit supplies continuously "
                     "(power.circuit). %s",
                     c && c->note ? c->note : "");
            add_choice(w, dlrig_circuit_ids[i], d, h, NAN, dlrig_circuit_ids[i], DLRIG_ROLE_NORMAL, false);
        }
        add_choice(w, "Not sure", "no circuit check", "dlrig skips the wall-circuit check.", NAN, "",
                   DLRIG_ROLE_NORMAL, false);
        break;
    case Q_NOISE:
        add_choice(w, "Noise does not matter", NULL,
                   "Blower and server fans are fine: dense multi-GPU builds become possible.", NAN, "any",
                   DLRIG_ROLE_NORMAL, false);
        add_choice(w, "It must be quiet", "people sit next to it",
                   "Rules out blower and server-fan designs (env.noise); open-air cards need spacing (Dettmers).", NAN,
                   "quiet", DLRIG_ROLE_NORMAL, false);
        break;
    case Q_MUST:
        for (size_t i = 0; i < N_MUST; i++)
            add_choice(w, must_help[i].label, NULL, must_help[i].help, NAN, dlrig_require_ids[i], DLRIG_ROLE_NORMAL,
                       false);
        add_choice(w, "Continue", NULL, "Space toggles a must-have; each one narrows the advisor's search.", NAN,
                   "", DLRIG_ROLE_ACCENT, false);
        break;
    case Q_REVIEW: {
        for (int k = 0; k < Q_REVIEW; k++) add_choice(w, questions[k].label, NULL,
                                                      "Enter goes back to this question.", NAN, "",
                                                      DLRIG_ROLE_NORMAL, false);
        add_choice(w, "Build it", NULL, "The advisor's best build opens in the builder; its alternatives are one "
                   "key away (a).", NAN, "", DLRIG_ROLE_ACCENT, false);
        break;
    }
    default: break;
    }
}

/* The value chosen at question q (as a choice of that question). */
static choice choice_of(app *a, int q)
{
    struct wizard_state *w = W(a);
    choice saved[64];
    int saved_n = w->n_ch;
    memcpy(saved, w->ch, sizeof saved);
    build_choices(a, q);
    int s = w->sel[q];
    if (s < 0 || s >= w->n_ch) s = 0;
    choice c = w->ch[s];
    memcpy(w->ch, saved, sizeof saved);
    w->n_ch = saved_n;
    return c;
}

/* Copies an id into a fixed requirements field (ids are short slugs). */
static void copy_id(char *dst, size_t n, const char *src)
{
    size_t l = strlen(src);
    if (l >= n) l = n - 1;
    memcpy(dst, src, l);
    dst[l] = '\0';
}

/* The requirements the answers give (unanswered questions at their
 * defaults). */
static void answers(app *a, dlrig_requirements *r)
{
    struct wizard_state *w = W(a);
    memset(r, 0, sizeof *r);
    requirements_init(r);
    choice c = choice_of(a, Q_WORKLOAD);
    copy_id(r->workload, sizeof r->workload, c.id);
    choice mc = choice_of(a, Q_MODEL);
    if (llm_workload(a) && mc.id[0]) copy_id(r->model, sizeof r->model, mc.id);
    else r->model_params_m = mc.num;
    if (llm_workload(a)) {
        choice rc = choice_of(a, Q_RUN), cc = choice_of(a, Q_CONTEXT);
        if (!strcmp(c.id, "llm-finetune")) copy_id(r->method, sizeof r->method, rc.id);
        else if (rc.id[0]) copy_id(r->weights, sizeof r->weights, rc.id);
        if (!isnan(cc.num)) r->context_tokens = (int)cc.num;
    }
    r->dataset_gb = choice_of(a, Q_DATASET).num;
    r->budget_usd = choice_of(a, Q_BUDGET).num;
    copy_id(r->framework, sizeof r->framework, choice_of(a, Q_FRAMEWORK).id);
    copy_id(r->precision, sizeof r->precision, choice_of(a, Q_PRECISION).id);
    copy_id(r->environment, sizeof r->environment, choice_of(a, Q_ENV).id);
    copy_id(r->circuit, sizeof r->circuit, choice_of(a, Q_CIRCUIT).id);
    r->nodes = 1;
    r->require = w->must;
    if (strcmp(choice_of(a, Q_NOISE).id, "quiet") == 0) r->require |= DLRIG_REQ_QUIET;
}

static void free_preview(struct wizard_state *w)
{
    if (w->prev) recommendations_free(w->prev, w->n_prev);
    w->prev = NULL;
    w->n_prev = 0;
}

/* Marks the preview stale; wizard_idle computes it once the frame is drawn. */
static void refresh_preview(app *a)
{
    W(a)->preview_stale = true;
}

static bool wizard_idle(app *a)
{
    struct wizard_state *w = W(a);
    if (!w->preview_stale) return false;
    w->preview_stale = false;
    dlrig_requirements r;
    answers(a, &r);
    if (w->preview_done && memcmp(&r, &w->preview_req, sizeof r) == 0) return false;
    free_preview(w);
    w->preview_req = r;
    w->preview_done = true;
    w->prev_err[0] = '\0';
    double t0 = now_seconds();
    /* The best build, and the runners-up a tall preview lists under it. */
    catalog_allow_used(a->cat, r.allow_used); /* second-hand prices only when asked */
    int rc = advisor_recommend(a->cat, &r, 3, &w->prev, &w->n_prev, w->prev_err, sizeof w->prev_err);
    w->prev_ms = (now_seconds() - t0) * 1000.0;
    if (rc != 0) {
        free_preview(w);
        if (!w->prev_err[0]) snprintf(w->prev_err, sizeof w->prev_err, "the advisor could not use these answers");
    } else if (w->n_prev == 0 && !w->prev_err[0]) {
        snprintf(w->prev_err, sizeof w->prev_err, "no complete build meets these answers");
    }
    return true;
}

static void enter_question(app *a, int q)
{
    struct wizard_state *w = W(a);
    if (q < 0) q = 0;
    if (q >= Q_COUNT) q = Q_COUNT - 1;
    w->q = q;
    w->editing = false;
    w->top = 0;
    if (q == Q_CIRCUIT && !w->answered[Q_CIRCUIT]) w->sel[Q_CIRCUIT] = default_circuit(w);
    build_choices(a, q);
    if (q == Q_MUST && !w->answered[Q_MUST]) w->sel[q] = w->n_ch - 1;
    if (q == Q_REVIEW) w->sel[q] = w->n_ch - 1;
    if (w->sel[q] >= w->n_ch) w->sel[q] = w->n_ch - 1;
    if (w->sel[q] < 0) w->sel[q] = 0;
    refresh_preview(a);
}

/* Enters question q, or the next one asked in direction dir (+1, -1). */
static void go(app *a, int q, int dir)
{
    while (q > 0 && q < Q_REVIEW && !applies(a, q)) q += dir;
    enter_question(a, q);
}

static int find_id(app *a, int q, const char *id)
{
    struct wizard_state *w = W(a);
    build_choices(a, q);
    for (int i = 0; i < w->n_ch; i++)
        if (strcmp(w->ch[i].id, id) == 0) return i;
    return -1;
}

static void free_state(struct wizard_state *w)
{
    if (!w) return;
    free_preview(w);
    free(w);
}

void wizard_free(app *a)
{
    free_state(a->wiz);
    a->wiz = NULL;
}

/* The requirement field a typed amount answers (NULL for other questions). */
static const dlrig_reqfield *amount_field(int q)
{
    return requirements_field(q == Q_MODEL ? "model_params_m" : q == Q_DATASET ? "dataset_gb"
                              : q == Q_BUDGET ? "budget_usd" : "");
}

/* Parses a typed amount ("12.5k", "$12,500", "13B", "3TB") with the
 * requirement table's units and limits, so the wizard accepts exactly what a
 * build file holds.  Returns false with a message naming the limit in err. */
static bool parse_amount(int q, const char *s, double *out, char *err, size_t errlen)
{
    const dlrig_reqfield *f = amount_field(q);
    dlrig_requirements r;
    requirements_init(&r);
    if (!f || requirements_parse_text(f, s, f->label, NULL, &r, err, errlen) != 0) return false;
    *out = requirements_number(f, &r);
    return true;
}

static void finish(app *a)
{
    dlrig_requirements r;
    answers(a, &r);
    dlrig_recommendation *recs = NULL;
    size_t n = 0;
    char err[512] = "";
    catalog_allow_used(a->cat, r.allow_used); /* second-hand prices only when asked */
    int rc = advisor_recommend(a->cat, &r, 3, &recs, &n, err, sizeof err);
    dlrig_build b;
    build_init(&b, NULL);
    if (rc == 0 && n > 0) {
        build_free(&b);
        build_copy(&b, &recs[0].build);
    } else {
        b.req = r;
        if (recs) recommendations_free(recs, n);
        recs = NULL;
        n = 0;
    }
    {
        /* named after the answers (the advisor's name describes its GPUs) */
        const dlrig_workload *wl = catalog_workload(a->cat, r.workload);
        char budget[32];
        char *nm = xasprintf("%s, %s", wl && wl->name ? wl->name : r.workload,
                             isnan(r.budget_usd) ? "no budget" : format_usd(r.budget_usd, budget, sizeof budget));
        free(b.name);
        b.name = nm;
    }
    b.req = r;
    wizard_free(a);
    builder_open(a, &b, NULL, recs, n);
    if (rc != 0 || n == 0)
        app_message(a, DLRIG_ROLE_WARNING, "The advisor found no build: %s. Pick parts by hand.",
                    err[0] ? err : "nothing meets the requirements");
}

static void accept(app *a)
{
    struct wizard_state *w = W(a);
    int q = w->q;
    choice *c = &w->ch[w->sel[q]];
    if (q == Q_REVIEW) {
        if (w->sel[q] < Q_REVIEW) go(a, w->sel[q], 1);
        else finish(a);
        return;
    }
    if (c->typed && !w->editing && isnan(c->num)) {
        w->editing = true;
        w->input[0] = '\0';
        return;
    }
    w->answered[q] = true;
    if (q == Q_NOISE) {
        if (strcmp(c->id, "quiet") == 0) w->must |= DLRIG_REQ_QUIET;
        else w->must &= ~(unsigned)DLRIG_REQ_QUIET;
    }
    if (q == Q_ENV) w->answered[Q_CIRCUIT] = false; /* its default depends on the environment */
    /* from a jump back from the review, go straight back to it */
    bool back_to_review = w->answered[Q_REVIEW];
    go(a, back_to_review ? Q_REVIEW : q + 1, 1);
}

static int wizard_key(app *a, int action, int key)
{
    struct wizard_state *w = W(a);
    int q = w->q;
    if (w->editing) {
        if (key == 27) {
            w->editing = false;
        } else if (key == '\r' || key == '\n' || key == KEY_ENTER) {
            double v;
            char err[512];
            if (parse_amount(q, w->input, &v, err, sizeof err)) {
                w->typed[q] = v;
                w->editing = false;
                build_choices(a, q);
                accept(a);
            } else {
                app_message(a, DLRIG_ROLE_ERROR, "%s", err);
            }
        } else if (key == KEY_BACKSPACE || key == 127 || key == 8) {
            size_t n = strlen(w->input);
            if (n) w->input[n - 1] = '\0';
            else w->editing = false;
        } else if (key > 0x20 && key < 0x7f) {
            size_t n = strlen(w->input);
            if (n + 1 < sizeof w->input) {
                w->input[n] = (char)key;
                w->input[n + 1] = '\0';
            }
        }
        return UI_HANDLED;
    }
    /* digits: type a number in numeric questions, pick a choice elsewhere */
    if (key >= '0' && key <= '9' && numeric_question(q)) {
        w->sel[q] = w->n_ch - 1;
        w->editing = true;
        w->input[0] = (char)key;
        w->input[1] = '\0';
        return UI_HANDLED;
    }
    if (key >= '1' && key <= '9' && key - '1' < w->n_ch && q != Q_REVIEW) {
        w->sel[q] = key - '1';
        refresh_preview(a);
        return UI_HANDLED;
    }
    if (action >= W_PRESET && action < W_PRESET + TUI_PRESET_KEYS) {
        tui_preset_load(a, (size_t)(action - W_PRESET)); /* may replace the wizard with the builder */
        return UI_HANDLED;
    }
    switch (action) {
    case W_PRESETS: tui_preset_menu(a); return UI_HANDLED;
    case W_UP:
        if (w->sel[q] > 0) w->sel[q]--;
        break;
    case W_DOWN:
        if (w->sel[q] + 1 < w->n_ch) w->sel[q]++;
        break;
    case W_HOME: w->sel[q] = 0; break;
    case W_END: w->sel[q] = w->n_ch - 1; break;
    case W_NEXT: accept(a); return UI_HANDLED;
    case W_TOGGLE:
        if (q == Q_MUST && w->sel[q] < (int)N_MUST) w->must ^= must_help[w->sel[q]].bit;
        else if (q != Q_MUST) accept(a);
        break;
    case W_BACK:
    case W_ESC:
        if (q > 0) {
            w->answered[Q_REVIEW] = false;
            go(a, q - 1, -1);
        } else if (action == W_ESC) {
            app_message(a, DLRIG_ROLE_INFO, "This is the first question; q quits.");
        }
        return UI_HANDLED;
    default: return UI_UNHANDLED;
    }
    refresh_preview(a);
    return UI_HANDLED;
}

static int wizard_mouse(app *a, const MEVENT *ev)
{
    struct wizard_state *w = W(a);
    int q = w->q;
    if (ev->bstate & BUTTON4_PRESSED) return wizard_key(a, W_UP, 0);
    if (ev->bstate & BUTTON5_PRESSED) return wizard_key(a, W_DOWN, 0);
    if (!(ev->bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED | BUTTON1_DOUBLE_CLICKED))) return UI_HANDLED;
    int r = ev->y - w->list_y + w->top;
    if (ev->x >= w->list_x && ev->x < w->list_x + w->list_w && ev->y >= w->list_y &&
        ev->y < w->list_y + w->list_h && r >= 0 && r < w->n_ch) {
        if (r == w->sel[q] || (ev->bstate & BUTTON1_DOUBLE_CLICKED)) {
            w->sel[q] = r;
            if (q == Q_MUST && r < (int)N_MUST) w->must ^= must_help[r].bit;
            else accept(a);
        } else {
            w->sel[q] = r;
            refresh_preview(a);
        }
    }
    return UI_HANDLED;
}

static bool wizard_text(const app *a) { return a->wiz && a->wiz->editing; }

/* ---- drawing ---- */

static void draw_steps(app *a, int y)
{
    struct wizard_state *w = W(a);
    const char *cur = questions[w->q].step;
    int x = 1;
    for (size_t i = 0; i < N_STEPS; i++) {
        bool on = strcmp(steps[i], cur) == 0;
        bool done = false;
        for (int q = 0; q < Q_COUNT; q++)
            if (strcmp(questions[q].step, steps[i]) == 0 && q < w->q) done = true;
        int role = on ? DLRIG_ROLE_SELECTION : done ? DLRIG_ROLE_OK : DLRIG_ROLE_DIM;
        x += ui_putf(a, y, x, a->w - x, role, " %s ", steps[i]);
        if (i + 1 < N_STEPS) x += ui_putf(a, y, x, a->w - x, DLRIG_ROLE_DIM, "%s", a->g->arrow);
    }
}

static void answer_text(app *a, int q, char *buf, size_t len)
{
    if (!applies(a, q)) {
        snprintf(buf, len, "- (language-model workloads)");
        return;
    }
    choice c = choice_of(a, q);
    struct wizard_state *w = W(a);
    if (q == Q_MUST) {
        dlrig_requirements r;
        requirements_init(&r);
        r.require = w->must;
        if (!requirements_format(requirements_field("require"), &r, NULL, buf, len)) snprintf(buf, len, "none");
        return;
    }
    if (c.typed) {
        char m[32];
        if (isnan(c.num)) snprintf(buf, len, "-");
        else if (q == Q_BUDGET) snprintf(buf, len, "%s", format_usd(c.num, m, sizeof m));
        else if (q == Q_DATASET) snprintf(buf, len, "%g GB", c.num);
        else snprintf(buf, len, "%gM params", c.num);
        return;
    }
    if (q == Q_MODEL && !isnan(c.num)) snprintf(buf, len, "%.60s (%.30s)", c.label, c.detail);
    else snprintf(buf, len, "%s", c.label);
}

static void draw_list(app *a, int y, int x, int h, int wdt)
{
    struct wizard_state *w = W(a);
    int q = w->q;
    ui_box(a, y, x, h, wdt, q == Q_MODEL && llm_workload(a) ? "Which model, or how big?" : questions[q].title, true);
    int body = h - 2, iw = wdt - 4;
    w->list_y = y + 1;
    w->list_x = x + 1;
    w->list_h = body;
    w->list_w = wdt - 2;
    int s = w->sel[q];
    if (s < w->top) w->top = s;
    if (s >= w->top + body) w->top = s - body + 1;
    for (int r = 0; r < body && w->top + r < w->n_ch; r++) {
        int i = w->top + r;
        const choice *c = &w->ch[i];
        bool sel = i == s;
        int yy = y + 1 + r, xx = x + 2;
        if (sel) ui_fill(a, yy, x + 1, wdt - 2, DLRIG_ROLE_SELECTION);
        int role = sel ? DLRIG_ROLE_SELECTION : c->role;
        int used = ui_put(a, yy, xx, iw, role, sel ? a->g->cursor : " ");
        used += 1;
        if (q == Q_MUST && i < (int)N_MUST)
            used += ui_putf(a, yy, xx + used, iw - used, role, "%s ",
                            (w->must & must_help[i].bit) ? a->g->check : a->g->uncheck);
        if (q == Q_REVIEW && i < Q_REVIEW) {
            char ans[160];
            answer_text(a, i, ans, sizeof ans);
            int lw = 13;
            ui_put(a, yy, xx + used, lw, sel ? role : DLRIG_ROLE_DIM, c->label);
            ui_put(a, yy, xx + used + lw + 1, iw - used - lw - 1, role, ans);
            continue;
        }
        if (w->editing && sel && c->typed) {
            used += ui_putf(a, yy, xx + used, iw - used, role, "%s ", c->label);
            used += ui_put(a, yy, xx + used, iw - used, DLRIG_ROLE_FOCUS, w->input);
            ui_put(a, yy, xx + used, 1, DLRIG_ROLE_FOCUS, a->utf8 ? "▏" : "_");
            continue;
        }
        used += ui_put(a, yy, xx + used, iw - used, role, c->label);
        /* the detail only when it fits whole (the help line says the rest) */
        int dw = ui_width(a, c->detail);
        if (c->detail[0] && used + 2 + dw <= iw)
            ui_put(a, yy, xx + iw - dw, dw, sel ? role : DLRIG_ROLE_DIM, c->detail);
    }
    if (w->n_ch > body) {
        char pos[32];
        snprintf(pos, sizeof pos, " %d/%d ", s + 1, w->n_ch);
        ui_put_right(a, y + h - 1, x + 2, wdt - 4, DLRIG_ROLE_DIM, pos);
    }
}

static void draw_preview(app *a, int y, int x, int h, int wdt)
{
    struct wizard_state *w = W(a);
    ui_box(a, y, x, h, wdt, "Advisor preview", false);
    int iy = y + 1, ix = x + 2, iw = wdt - 4, end = y + h - 1;
    char buf[256], m1[32], m2[32];
    if (!w->preview_done) {
        ui_put(a, iy, ix, iw, DLRIG_ROLE_DIM, "Working out the best build...");
        return;
    }
    if (w->n_prev == 0) {
        ui_put(a, iy++, ix, iw, DLRIG_ROLE_WARNING, "No build for these answers yet:");
        ui_put_wrapped(a, iy, ix, end - iy, iw, DLRIG_ROLE_NORMAL, w->prev_err);
        return;
    }
    const dlrig_recommendation *r = &w->prev[0];
    const dlrig_build *b = &r->build;
    int lw = 7;
    static const struct {
        dlrig_category c;
        const char *label;
    } rows[] = {{DLRIG_CAT_GPU, "GPU"}, {DLRIG_CAT_CPU, "CPU"}, {DLRIG_CAT_MOTHERBOARD, "Board"},
                {DLRIG_CAT_MEMORY, "RAM"}, {DLRIG_CAT_CASE, "Case"}, {DLRIG_CAT_PSU, "PSU"}};
    for (size_t i = 0; i < sizeof rows / sizeof rows[0] && iy < end; i++) {
        int qty = 0;
        const dlrig_part *p = build_first(b, rows[i].c, &qty);
        if (!p) continue;
        ui_put(a, iy, ix, lw, DLRIG_ROLE_DIM, rows[i].label);
        int n = build_count(b, rows[i].c);
        if (n > 1) snprintf(buf, sizeof buf, "%d%s %s", n, a->g->times, p->name);
        else snprintf(buf, sizeof buf, "%s", p->name);
        ui_put(a, iy++, ix + lw, iw - lw, rows[i].c == DLRIG_CAT_GPU ? DLRIG_ROLE_ACCENT : DLRIG_ROLE_NORMAL, buf);
    }
    if (iy < end) {
        ui_put(a, iy, ix, lw, DLRIG_ROLE_DIM, "Price");
        bool over = !isnan(b->req.budget_usd) && r->price_usd > b->req.budget_usd;
        int used = ui_put(a, iy, ix + lw, iw - lw, over ? DLRIG_ROLE_ERROR : DLRIG_ROLE_PRICE,
                          format_usd(r->price_usd, m1, sizeof m1));
        if (!isnan(b->req.budget_usd))
            ui_putf(a, iy, ix + lw + used, iw - lw - used, DLRIG_ROLE_DIM, " of %s",
                    format_usd(b->req.budget_usd, m2, sizeof m2));
        iy++;
    }
    if (iy < end && r->estimate.throughput > 0) {
        ui_put(a, iy, ix, lw, DLRIG_ROLE_DIM, "Speed");
        char n1[32];
        snprintf(buf, sizeof buf, "%s %s", format_number(r->estimate.throughput, 0, n1, sizeof n1),
                 r->estimate.unit ? r->estimate.unit : "");
        int used = ui_put(a, iy, ix + lw, iw - lw, DLRIG_ROLE_OK, buf);
        if (!isnan(r->estimate.epoch_hours))
            ui_putf(a, iy, ix + lw + used, iw - lw - used, DLRIG_ROLE_DIM, " %s %s h/epoch", a->g->sep,
                    format_number(r->estimate.epoch_hours, r->estimate.epoch_hours < 10 ? 2 : 0, n1, sizeof n1));
        iy++;
    }
    if (iy < end) {
        size_t c = r->report.counts[DLRIG_SEV_WARNING], ci = r->report.counts[DLRIG_SEV_INFO];
        ui_putf(a, iy++, ix, iw, c ? DLRIG_ROLE_WARNING : DLRIG_ROLE_DIM, "%zu warning%s, %zu note%s", c,
                c == 1 ? "" : "s", ci, ci == 1 ? "" : "s");
    }
    /* Runners-up at the foot of a tall preview: one line each, under a heading. */
    int alt_rows = w->n_prev > 1 && end - iy >= 12 ? 2 + (int)w->n_prev - 1 : 0;
    if (iy + 1 < end - alt_rows && r->why[0]) {
        iy++;
        ui_put_wrapped(a, iy, ix, end - alt_rows - iy, iw, DLRIG_ROLE_NORMAL, r->why);
    }
    if (alt_rows) {
        int ay = end - alt_rows + 1;
        ui_put(a, ay++, ix, iw, DLRIG_ROLE_DIM, "Also ranked (the builder's alternatives, key a):");
        for (size_t i = 1; i < w->n_prev && ay < end; i++) {
            const dlrig_recommendation *alt = &w->prev[i];
            char n1[32];
            int used = ui_putf(a, ay, ix, iw, DLRIG_ROLE_DIM, "%zu. ", i + 1);
            used += ui_put(a, ay, ix + used, iw - used, DLRIG_ROLE_ACCENT, alt->build.name);
            used += ui_putf(a, ay, ix + used, iw - used, DLRIG_ROLE_PRICE, "  %s", format_usd(alt->price_usd, m1, sizeof m1));
            ui_putf(a, ay, ix + used, iw - used, DLRIG_ROLE_DIM, "  %s %s",
                    format_number(alt->estimate.throughput, 0, n1, sizeof n1),
                    alt->estimate.unit ? alt->estimate.unit : "");
            ay++;
        }
    }
}

static void wizard_draw(app *a)
{
    struct wizard_state *w = W(a);
    int q = w->q;
    /* title bar */
    ui_fill(a, 0, 0, a->w, DLRIG_ROLE_HEADER);
    ui_putf(a, 0, 1, a->w / 2, DLRIG_ROLE_HEADER, "dlrig %s New build", a->g->sep);
    int sidx = 0;
    for (size_t i = 0; i < N_STEPS; i++)
        if (strcmp(steps[i], questions[q].step) == 0) sidx = (int)i;
    char right[64];
    snprintf(right, sizeof right, "Step %d of %d ", sidx + 1, (int)N_STEPS);
    ui_put_right(a, 0, a->w / 2, a->w / 2, DLRIG_ROLE_HEADER, right);
    draw_steps(a, 1);

    int help_h = 5;
    int top = 3, bottom = a->h - 1 - help_h; /* rows [top, bottom) for the panes */
    int lw = a->w >= 120 ? a->w * 5 / 10 : a->w - 44;
    if (lw > 90) lw = 90;
    draw_list(a, top - 1, 0, bottom - top + 1, lw);
    draw_preview(a, top - 1, lw, bottom - top + 1, a->w - lw);
    /* help for the highlighted choice */
    const choice *c = &w->ch[w->sel[q]];
    ui_box(a, bottom, 0, help_h, a->w, "Why it matters", false);
    ui_put_wrapped(a, bottom + 1, 2, help_h - 2, a->w - 4, DLRIG_ROLE_NORMAL, c->help);
}

static void wizard_resize(app *a) { (void)a; }

const screen wizard_screen = {
    .name = "wizard",
    .min_w = UI_MIN_W,
    .min_h = UI_MIN_H,
    .draw = wizard_draw,
    .on_key = wizard_key,
    .on_mouse = wizard_mouse,
    .on_resize = wizard_resize,
    .text_input = wizard_text,
    .on_idle = wizard_idle,
    .keys = wizard_keys,
};

void wizard_open(app *a, const dlrig_requirements *start)
{
    wizard_free(a);
    tui_presets_init(a);
    struct wizard_state *w = xcalloc(1, sizeof *w);
    a->wiz = w;
    for (int q = 0; q < Q_COUNT; q++) w->typed[q] = NAN;
    /* sensible defaults: Enter through every step gives a good build */
    w->sel[Q_WORKLOAD] = 0;
    w->sel[Q_MODEL] = 0;
    w->sel[Q_DATASET] = 3;  /* 150 GB */
    w->sel[Q_BUDGET] = 2;   /* $10,000 */
    int i = find_id(a, Q_FRAMEWORK, "pytorch");
    w->sel[Q_FRAMEWORK] = i < 0 ? 0 : i;
    i = id_index(dlrig_precision_ids, requirements_default("precision"));
    w->sel[Q_PRECISION] = i < 0 ? 0 : i;
    w->sel[Q_ENV] = 0;
    w->sel[Q_CIRCUIT] = default_circuit(w);
    if (start) {
        if ((i = find_id(a, Q_WORKLOAD, start->workload)) >= 0) w->sel[Q_WORKLOAD] = i;
        if (start->model[0] && (i = find_id(a, Q_MODEL, start->model)) >= 0) {
            w->sel[Q_MODEL] = i;
        } else if (!isnan(start->model_params_m)) {
            w->typed[Q_MODEL] = start->model_params_m;
            build_choices(a, Q_MODEL);
            w->sel[Q_MODEL] = w->n_ch - 1;
        }
        if ((i = find_id(a, Q_RUN, start->method[0] ? start->method : start->weights)) >= 0) w->sel[Q_RUN] = i;
        char ctx[16];
        snprintf(ctx, sizeof ctx, "%d", start->context_tokens);
        if (start->context_tokens > 0 && (i = find_id(a, Q_CONTEXT, ctx)) >= 0) w->sel[Q_CONTEXT] = i;
        if (!isnan(start->dataset_gb)) {
            w->typed[Q_DATASET] = start->dataset_gb;
            w->sel[Q_DATASET] = (int)(sizeof dataset_presets / sizeof dataset_presets[0]) - 1;
        }
        if (!isnan(start->budget_usd)) {
            w->typed[Q_BUDGET] = start->budget_usd;
            w->sel[Q_BUDGET] = (int)(sizeof budget_presets / sizeof budget_presets[0]) - 1;
        }
        if ((i = find_id(a, Q_FRAMEWORK, start->framework)) >= 0) w->sel[Q_FRAMEWORK] = i;
        if ((i = find_id(a, Q_PRECISION, start->precision)) >= 0) w->sel[Q_PRECISION] = i;
        if ((i = find_id(a, Q_ENV, start->environment)) >= 0) w->sel[Q_ENV] = i;
        if ((i = find_id(a, Q_CIRCUIT, start->circuit)) >= 0) {
            w->sel[Q_CIRCUIT] = i;
            w->answered[Q_CIRCUIT] = true;
        }
        w->must = start->require;
        w->sel[Q_NOISE] = (start->require & DLRIG_REQ_QUIET) ? 1 : 0;
    }
    app_set_screen(a, &wizard_screen);
    enter_question(a, 0);
}
