/*
 * requirements.c — the requirement fields, declared once: the table and
 * everything that reads, writes, parses and shows a field through it.
 */
#include "dlrig/requirements.h"

#include <ctype.h>
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "dlrig/format.h"
#include "dlrig/jsondoc.h"
#include "dlrig/query.h"
#include "dlrig/util.h"

const char *const dlrig_environment_ids[] = {DLRIG_ENVIRONMENTS(DLRIG_VOCAB_NAME) NULL};
const char *const dlrig_precision_ids[] = {DLRIG_PRECISIONS(DLRIG_VOCAB_NAME) NULL};
const char *const dlrig_require_ids[] = {DLRIG_MUST_HAVES(DLRIG_VOCAB_NAME) NULL};
/* Weight storage formats by name (vocab.h; llm.c knows their bits).
 * Methods, optimizers and offload modes are vocab.h's lists. */
static const char *const weights_ids[] = {DLRIG_WEIGHT_FORMATS(DLRIG_VOCAB_NAME) NULL};

/* Each choice as a customer reads it (requirements_format_reader), in the
 * order of the lists above; the wizard shows the same words. */
static const char *const precision_labels[DLRIG_PRECISION_COUNT + 1] = {
    [DLRIG_PRECISION_FP32] = "Single precision (FP32)", [DLRIG_PRECISION_MIXED_FP16] = "Mixed precision (FP16)",
    [DLRIG_PRECISION_BF16] = "Mixed precision (BF16)", [DLRIG_PRECISION_FP8] = "8-bit floating point (FP8)"};
const char *const dlrig_environment_labels[DLRIG_ENV_COUNT + 1] = {
    [DLRIG_ENV_OFFICE] = "Office", [DLRIG_ENV_SERVER_ROOM] = "Server room", [DLRIG_ENV_DATACENTER] = "Datacenter"};
const char *const dlrig_require_labels[DLRIG_MUST_COUNT + 1] = {
    [DLRIG_MUST_ECC] = "ECC memory (GPU and RAM)", [DLRIG_MUST_NVLINK] = "NVLink between GPUs",
    [DLRIG_MUST_RDMA] = "GPUDirect RDMA (clusters)", [DLRIG_MUST_QUIET] = "Quiet (desk-side)",
    [DLRIG_MUST_RACKMOUNT] = "Rack-mount chassis", [DLRIG_MUST_OPEN_FRAME] = "Open frame (on risers)"};
static const char *const method_labels[DLRIG_METHOD_COUNT + 1] = {
    [DLRIG_METHOD_INFERENCE] = "Inference (serving the model)", [DLRIG_METHOD_LORA] = "LoRA fine-tuning",
    [DLRIG_METHOD_QLORA] = "QLoRA fine-tuning (4-bit base model)", [DLRIG_METHOD_FULL] = "Full fine-tuning"};
static const char *const weights_labels[DLRIG_WEIGHTS_COUNT + 1] = {
    [DLRIG_WEIGHTS_FP32] = "32-bit floating point (FP32)", [DLRIG_WEIGHTS_FP16] = "16-bit floating point (FP16)",
    [DLRIG_WEIGHTS_BF16] = "16-bit bfloat (BF16)", [DLRIG_WEIGHTS_FP8] = "8-bit floating point (FP8)",
    [DLRIG_WEIGHTS_INT8] = "8-bit integer (INT8)", [DLRIG_WEIGHTS_INT4] = "4-bit integer (INT4)",
    [DLRIG_WEIGHTS_NF4] = "4-bit NormalFloat (NF4)", [DLRIG_WEIGHTS_Q8_0] = "GGUF Q8_0 (8-bit)",
    [DLRIG_WEIGHTS_Q6_K] = "GGUF Q6_K (6-bit)", [DLRIG_WEIGHTS_Q5_K_M] = "GGUF Q5_K_M (5-bit)",
    [DLRIG_WEIGHTS_Q4_K_M] = "GGUF Q4_K_M (4-bit)", [DLRIG_WEIGHTS_Q4_0] = "GGUF Q4_0 (4-bit)",
    [DLRIG_WEIGHTS_Q3_K_M] = "GGUF Q3_K_M (3-bit)", [DLRIG_WEIGHTS_MXFP4] = "4-bit microscaling (MXFP4)"};
static const char *const optim_labels[DLRIG_OPTIM_COUNT + 1] = {
    [DLRIG_OPTIM_ADAMW] = "AdamW", [DLRIG_OPTIM_ADAMW8] = "8-bit AdamW", [DLRIG_OPTIM_SGD] = "SGD"};
static const char *const offload_labels[DLRIG_OFFLOAD_COUNT + 1] = {
    [DLRIG_OFFLOAD_NONE] = "None: everything in GPU memory",
    [DLRIG_OFFLOAD_OPTIMIZER] = "Optimizer state in system memory",
    [DLRIG_OFFLOAD_ALL] = "Optimizer state and weights in system memory"};
static const char *const one_card_labels[] = {"May be split over GPUs", "Fits on one GPU", NULL};
static const char *const used_labels[] = {"New parts only", "Used or refurbished parts allowed (marked on their lines)",
                                          NULL};

#define AT(m) .offset = offsetof(dlrig_requirements, m), .size = sizeof(((dlrig_requirements *)0)->m)

/* The table.  One row per field; the order is the build file's and the
 * help text's. */
static const dlrig_reqfield fields[] = {
    {.key = "workload", .option = "workload", .short_opt = 'w', .metavar = "W", .label = "Workload",
     .kind = DLRIG_RK_CATALOG, .table = DLRIG_VOCAB_WORKLOAD, .help = "what the machine is for", AT(workload),
     .version = 1},
    {.key = "model_params_m", .option = "model-params-m", .metavar = "N", .label = "Model size",
     .kind = DLRIG_RK_NUMBER, .unit = DLRIG_UNIT_PARAMS_M, .lo = 0, .hi = 1e7, .suffix = "M parameters",
     .def_help = "the workload's reference model", .help = "model size in millions of parameters",
     AT(model_params_m), .version = 1},
    {.key = "dataset_gb", .option = "dataset-gb", .metavar = "N", .label = "Dataset", .kind = DLRIG_RK_NUMBER,
     .unit = DLRIG_UNIT_GB, .lo = 0, .hi = 1e8, .suffix = " GB",
     .help = "dataset size in GB (sizes storage, epoch time)", AT(dataset_gb), .version = 1},
    {.key = "budget_usd", .option = "budget-usd", .short_opt = 'b', .metavar = "N", .label = "Budget",
     .kind = DLRIG_RK_NUMBER, .unit = DLRIG_UNIT_USD, .lo = 0, .hi = 1e9, .help = "total budget in US dollars",
     AT(budget_usd), .version = 1, .planning = true},
    {.key = "framework", .option = "framework", .metavar = "F", .label = "Framework", .kind = DLRIG_RK_CATALOG,
     .table = DLRIG_VOCAB_FRAMEWORK, .noun = "framework", .help = "the deep-learning framework", AT(framework),
     .version = 1},
    {.key = "precision", .option = "precision", .metavar = "P", .label = "Precision", .kind = DLRIG_RK_ENUM,
     .choices = dlrig_precision_ids, .labels = precision_labels, .def = "mixed-fp16", .help = "compute precision", AT(precision), .version = 1},
    {.key = "environment", .option = "environment", .metavar = "E", .label = "Environment", .kind = DLRIG_RK_ENUM,
     .choices = dlrig_environment_ids, .labels = dlrig_environment_labels, .help = "where the machine stands", AT(environment), .version = 1},
    {.key = "circuit", .option = "circuit", .metavar = "C", .label = "Circuit", .kind = DLRIG_RK_CATALOG,
     .table = DLRIG_VOCAB_CIRCUIT, .help = "the wall circuit that feeds it", AT(circuit), .version = 1},
    {.key = "nodes", .option = "nodes", .metavar = "N", .label = "Nodes", .kind = DLRIG_RK_WHOLE, .lo = 1,
     .hi = 1024, .def = "1", .suffix = " identical nodes (quantities cover all of them)",
     .help = "plan N identical nodes", AT(nodes), .version = 1},
    {.key = "require", .option = "require", .metavar = "LIST", .label = "Must have", .kind = DLRIG_RK_FLAGS,
     .choices = dlrig_require_ids, .labels = dlrig_require_labels, .help = "must-haves, comma-separated", AT(require), .version = 1},
    /* LLM requirements: build file version 2 */
    {.key = "model", .option = "model", .metavar = "NAME", .label = "Model", .kind = DLRIG_RK_STRING, .lo = 1,
     .hi = 95, .help = "the model by name or repository id", AT(model), .version = 2},
    {.key = "method", .option = "method", .metavar = "M", .label = "Method", .kind = DLRIG_RK_ENUM,
     .choices = dlrig_method_ids, .labels = method_labels, .help = "what is done with the model", AT(method), .version = 2},
    {.key = "weights", .option = "weights", .metavar = "W", .label = "Weights", .kind = DLRIG_RK_ENUM_BITS,
     .choices = weights_ids, .labels = weights_labels, .lo = 1, .hi = 32, .suffix = " bits per weight",
     .help = "how the weights are stored (storage, not compute)", AT(weights), .version = 2},
    {.key = "context_tokens", .option = "context-tokens", .metavar = "N", .label = "Context", .kind = DLRIG_RK_WHOLE,
     .unit = DLRIG_UNIT_TOKENS, .lo = 1, .hi = 1e7, .suffix = " tokens", .help = "context length in tokens",
     AT(context_tokens), .version = 2},
    {.key = "batch", .option = "batch", .metavar = "N", .label = "Batch", .kind = DLRIG_RK_WHOLE, .lo = 1,
     .hi = 4096, .suffix = " sequences",
     .def_help = "1 (one stream; inference in a server room, a data centre or a rack: as many streams as the memory holds, "
                 "up to 256)",
     .help = "sequences processed together (inference above 1: served, tensor parallel)", AT(batch), .version = 2},
    /* the request a server is sized for: vLLM's benchmark default (vllm bench serve --dataset-name random:
     * 1,024 prompt tokens, 128 generated) */
    {.key = "prompt_tokens", .option = "prompt-tokens", .metavar = "N", .label = "Prompt", .kind = DLRIG_RK_WHOLE,
     .unit = DLRIG_UNIT_TOKENS, .lo = 1, .hi = 1e7, .def = "1024", .suffix = " tokens",
     .help = "tokens of each request's prompt, read before its first token (serving throughput, time to first "
             "token)",
     AT(prompt_tokens), .version = 2},
    {.key = "output_tokens", .option = "output-tokens", .metavar = "N", .label = "Output", .kind = DLRIG_RK_WHOLE,
     .unit = DLRIG_UNIT_TOKENS, .lo = 1, .hi = 1e7, .def = "128", .suffix = " tokens",
     .help = "tokens generated for each request (serving throughput)", AT(output_tokens), .version = 2},
    {.key = "optimizer", .option = "optimizer", .metavar = "O", .label = "Optimizer", .kind = DLRIG_RK_ENUM,
     .choices = dlrig_optim_ids, .labels = optim_labels, .help = "training optimizer", AT(optimizer), .version = 2},
    {.key = "offload", .option = "offload", .metavar = "X", .label = "Offload", .kind = DLRIG_RK_ENUM,
     .choices = dlrig_offload_ids, .labels = offload_labels, .help = "what stays in system memory instead of VRAM", AT(offload), .version = 2},
    {.key = "active_params_m", .option = "active-params-m", .metavar = "N", .label = "Active parameters",
     .kind = DLRIG_RK_NUMBER, .unit = DLRIG_UNIT_PARAMS_M, .lo = 0, .hi = 1e7, .suffix = "M parameters",
     .def_help = "all of them", .help = "parameters active per token (mixture of experts), millions",
     AT(active_params_m), .version = 2},
    {.key = "allow_used", .option = "allow-used", .label = "Used parts", .kind = DLRIG_RK_BOOL, .labels = used_labels,
     .def_help = "no: new-part prices only",
     .help = "also price parts at their used or refurbished offers (off by default: a quote never assumes "
             "second-hand parts unless asked; parts priced used are marked)",
     AT(allow_used), .version = 2},
    {.key = "no_power_limit", .option = "no-power-limit", .label = "No power limits", .kind = DLRIG_RK_BOOL,
     .def_help = "no: the advisor may limit GPUs when a circuit or power supply binds",
     .help = "never propose GPU power limits (nvidia-smi -pl); by default the advisor may, when no power supply "
             "and wall circuit would carry the cards at their rating",
     AT(no_power_limit), .version = 2, .planning = true},
    /* the purchase's shape */
    {.key = "min_gpus", .option = "min-gpus", .metavar = "N", .label = "At least", .kind = DLRIG_RK_WHOLE, .lo = 1,
     .hi = 64, .suffix = " GPUs a node", .def_help = "any count",
     .help = "at least N GPUs a node (with --max-gpus N: exactly N)", AT(min_gpus), .version = 2},
    {.key = "max_gpus", .option = "max-gpus", .metavar = "N", .label = "At most", .kind = DLRIG_RK_WHOLE, .lo = 1,
     .hi = 64, .suffix = " GPUs a node", .def_help = "any count", .help = "at most N GPUs a node", AT(max_gpus),
     .version = 2},
    {.key = "min_vram_gb", .option = "min-vram-gb", .metavar = "N", .label = "VRAM a card", .kind = DLRIG_RK_NUMBER,
     .unit = DLRIG_UNIT_GB, .lo = 0, .hi = 1e4, .suffix = " GB or more", .def_help = "any",
     .help = "each GPU has at least N GB of VRAM", AT(min_vram_gb), .version = 2},
    {.key = "one_card", .option = "one-card", .label = "On one card", .kind = DLRIG_RK_BOOL, .labels = one_card_labels,
     .def_help = "no: a job may be split over GPUs (FSDP, ZeRO, layer split) where its tools do that",
     .help = "each job (and the second, --also-model) must fit on one GPU (its tools do not split a model: "
             "several GPUs then each run a copy)",
     AT(one_card), .version = 2},
    /* a second job on the same box */
    {.key = "also_model", .option = "also-model", .metavar = "NAME", .label = "Second job", .kind = DLRIG_RK_STRING,
     .lo = 1, .hi = 95, .def_help = "none",
     .help = "a second language-model job the same box must run (e.g. chat with one model and fine-tune another): "
             "the model by name; every build must fit and run it too, and builds are ranked by the first job",
     AT(also_model), .version = 2},
    {.key = "also_method", .option = "also-method", .metavar = "M", .label = "Second job runs as",
     .kind = DLRIG_RK_ENUM, .choices = dlrig_method_ids, .labels = method_labels, .def_help = "inference",
     .help = "what the second job does with its model", AT(also_method), .version = 2},
    {.key = "also_weights", .option = "also-weights", .metavar = "W", .label = "Second job's weights",
     .kind = DLRIG_RK_ENUM_BITS, .choices = weights_ids, .labels = weights_labels, .lo = 1, .hi = 32,
     .suffix = " bits per weight", .def_help = "the method's default (NF4 for QLoRA, 16-bit otherwise)",
     .help = "how the second job's weights are stored", AT(also_weights), .version = 2},
};
#define N_FIELDS (sizeof fields / sizeof fields[0])

const dlrig_reqfield *requirements_fields(size_t *n)
{
    if (n) *n = N_FIELDS;
    return fields;
}

const dlrig_reqfield *requirements_field(const char *key)
{
    for (size_t i = 0; key && i < N_FIELDS; i++)
        if (strcmp(fields[i].key, key) == 0) return &fields[i];
    return NULL;
}

const dlrig_reqfield *requirements_field_by_option(const char *option)
{
    if (!option) return NULL;
    while (*option == '-') option++;
    for (size_t i = 0; i < N_FIELDS; i++)
        if (strcmp(fields[i].option, option) == 0) return &fields[i];
    return NULL;
}

/* ---- access to the member a row describes ---- */

static char *str_of(const dlrig_reqfield *f, dlrig_requirements *r) { return (char *)r + f->offset; }
static const char *cstr_of(const dlrig_reqfield *f, const dlrig_requirements *r)
{
    return (const char *)r + f->offset;
}
static double *num_of(const dlrig_reqfield *f, dlrig_requirements *r) { return (double *)((char *)r + f->offset); }
static double cnum_of(const dlrig_reqfield *f, const dlrig_requirements *r)
{
    return *(const double *)((const char *)r + f->offset);
}
static int *int_of(const dlrig_reqfield *f, dlrig_requirements *r) { return (int *)((char *)r + f->offset); }
static int cint_of(const dlrig_reqfield *f, const dlrig_requirements *r)
{
    return *(const int *)((const char *)r + f->offset);
}
static unsigned *flags_of(const dlrig_reqfield *f, dlrig_requirements *r)
{
    return (unsigned *)((char *)r + f->offset);
}
static unsigned cflags_of(const dlrig_reqfield *f, const dlrig_requirements *r)
{
    return *(const unsigned *)((const char *)r + f->offset);
}
static bool *bool_of(const dlrig_reqfield *f, dlrig_requirements *r) { return (bool *)((char *)r + f->offset); }
static bool cbool_of(const dlrig_reqfield *f, const dlrig_requirements *r)
{
    return *(const bool *)((const char *)r + f->offset);
}

static bool is_text_kind(dlrig_reqkind k)
{
    return k == DLRIG_RK_ENUM || k == DLRIG_RK_ENUM_BITS || k == DLRIG_RK_CATALOG || k == DLRIG_RK_STRING;
}

/* A whole number's "not given" value: its default, else 0. */
static int whole_unset(const dlrig_reqfield *f) { return f->def ? atoi(f->def) : 0; }

static void set_text(const dlrig_reqfield *f, dlrig_requirements *r, const char *s)
{
    snprintf(str_of(f, r), f->size, "%s", s);
}

void requirements_init(dlrig_requirements *r)
{
    memset(r, 0, sizeof *r);
    for (size_t i = 0; i < N_FIELDS; i++) {
        const dlrig_reqfield *f = &fields[i];
        if (f->kind == DLRIG_RK_NUMBER) *num_of(f, r) = NAN;
        else if (f->kind == DLRIG_RK_WHOLE) *int_of(f, r) = whole_unset(f);
    }
}

bool requirements_given(const dlrig_reqfield *f, const dlrig_requirements *r)
{
    switch (f->kind) {
    case DLRIG_RK_NUMBER: return !isnan(cnum_of(f, r));
    case DLRIG_RK_WHOLE: return cint_of(f, r) != whole_unset(f);
    case DLRIG_RK_FLAGS: return cflags_of(f, r) != 0;
    case DLRIG_RK_BOOL: return cbool_of(f, r);
    default: return cstr_of(f, r)[0] != '\0';
    }
}

double requirements_number(const dlrig_reqfield *f, const dlrig_requirements *r)
{
    if (f->kind == DLRIG_RK_NUMBER) return cnum_of(f, r);
    if (f->kind == DLRIG_RK_WHOLE) return cint_of(f, r);
    return NAN;
}

void requirements_overlay(dlrig_requirements *dst, const dlrig_requirements *src)
{
    for (size_t i = 0; i < N_FIELDS; i++)
        if (requirements_given(&fields[i], src))
            memcpy((char *)dst + fields[i].offset, (const char *)src + fields[i].offset, fields[i].size);
}

const char *requirements_default(const char *key)
{
    const dlrig_reqfield *f = requirements_field(key);
    return f ? f->def : NULL;
}

const char *requirements_default_in(const dlrig_reqfield *f, const dlrig_catalog *cat)
{
    if (f->def || f->kind != DLRIG_RK_CATALOG || !cat) return f->def;
    const dlrig_workload *w = f->table == DLRIG_VOCAB_WORKLOAD ? catalog_default_workload(cat) : NULL;
    return w ? w->id : NULL;
}

const dlrig_workload *requirements_workload(const dlrig_catalog *cat, const dlrig_requirements *r)
{
    return r->workload[0] ? catalog_workload(cat, r->workload) : catalog_default_workload(cat);
}

const char *const *requirements_choices(const dlrig_reqfield *f, const dlrig_catalog *cat)
{
    if (f->kind == DLRIG_RK_CATALOG) return cat ? catalog_ids(cat, f->table) : NULL;
    return f->choices;
}

void requirements_apply_defaults(const dlrig_catalog *cat, dlrig_requirements *r)
{
    for (size_t i = 0; i < N_FIELDS; i++) {
        const dlrig_reqfield *f = &fields[i];
        const char *def = requirements_default_in(f, cat);
        if (!def || requirements_given(f, r)) continue;
        if (is_text_kind(f->kind)) set_text(f, r, def);
        else if (f->kind == DLRIG_RK_NUMBER) *num_of(f, r) = strtod(def, NULL);
    }
}

int id_index(const char *const *ids, const char *s)
{
    if (!s) return -1;
    for (int i = 0; ids[i]; i++)
        if (strcmp(ids[i], s) == 0) return i;
    return -1;
}

dlrig_precision requirements_precision(const dlrig_requirements *r)
{
    return (dlrig_precision)id_index(dlrig_precision_ids, r->precision);
}

dlrig_precision requirements_effective_precision(const dlrig_requirements *r)
{
    const char *p = r->precision[0] ? r->precision : requirements_default("precision");
    if (strcmp(p, DLRIG_PRECISION_TF32_NAME) == 0) return DLRIG_PRECISION_TF32;
    return (dlrig_precision)id_index(dlrig_precision_ids, p);
}

const char *requirements_precision_name(dlrig_precision p)
{
    if (p == DLRIG_PRECISION_TF32) return DLRIG_PRECISION_TF32_NAME;
    return p >= 0 && p < DLRIG_PRECISION_COUNT ? dlrig_precision_ids[p] : NULL;
}

dlrig_environment requirements_environment(const dlrig_requirements *r)
{
    return (dlrig_environment)id_index(dlrig_environment_ids, r->environment);
}

void requirements_join(strbuf *b, const char *const *ids)
{
    for (int i = 0; ids[i]; i++) sb_printf(b, "%s%s", i ? ", " : "", ids[i]);
}

static void join_flags(strbuf *b, const char *const *ids, unsigned flags)
{
    bool first = true;
    for (int i = 0; ids[i]; i++)
        if (flags & (1u << i)) {
            sb_printf(b, "%s%s", first ? "" : ", ", ids[i]);
            first = false;
        }
}

/* ---- units ---- */

typedef struct suffix {
    const char *s;
    double mult;
} suffix;

static const suffix params_suffixes[] = {{"", 1}, {"m", 1}, {"k", 1e-3}, {"b", 1e3}, {"g", 1e3}, {"t", 1e6}, {NULL, 0}};
static const suffix gb_suffixes[] = {{"", 1},     {"g", 1},    {"gb", 1},   {"m", 1e-3}, {"mb", 1e-3},
                                     {"t", 1e3},  {"tb", 1e3}, {"p", 1e6},  {"pb", 1e6}, {NULL, 0}};
static const suffix usd_suffixes[] = {{"", 1}, {"k", 1e3}, {"m", 1e6}, {NULL, 0}};
/* Context lengths count k as 1,024 tokens, as model cards do (128k = 131,072). */
static const suffix token_suffixes[] = {{"", 1}, {"k", 1024}, {"m", 1048576}, {NULL, 0}};
static const suffix plain_suffixes[] = {{"", 1}, {NULL, 0}};

static const suffix *suffixes_of(dlrig_unit u)
{
    switch (u) {
    case DLRIG_UNIT_PARAMS_M: return params_suffixes;
    case DLRIG_UNIT_GB: return gb_suffixes;
    case DLRIG_UNIT_USD: return usd_suffixes;
    case DLRIG_UNIT_TOKENS: return token_suffixes;
    default: return plain_suffixes;
    }
}

/* The number at the start of p in a strict syntax, copied without its
 * thousands separators into buf: an optional sign; for dollars an optional
 * '$'; digits, either plain or grouped in threes by one kind of separator
 * (',', '_' or ' ': "12,500", "1 000 000"); an optional fraction ".5" and
 * exponent "e6".  Returns the end of the number, NULL when there is none
 * (hexadecimal "0x1p3", "inf", "1,,000", "1,0,0", "12,50" are not). */
static const char *strict_number(dlrig_unit unit, const char *p, char *buf, size_t len)
{
    size_t k = 0;
#define PUT(ch)                                                                                                        \
    do {                                                                                                               \
        if (k + 1 >= len) return NULL;                                                                                 \
        buf[k++] = (ch);                                                                                               \
    } while (0)
    if (*p == '+' || *p == '-') PUT(*p++);
    if (*p == '$' && unit == DLRIG_UNIT_USD) p++;
    size_t group = 0, groups = 0, first = 0;
    char sep = 0;
    for (;;) {
        if (isdigit((unsigned char)*p)) {
            PUT(*p++);
            group++;
        } else if ((*p == ',' || *p == '_' || *p == ' ') && group && isdigit((unsigned char)p[1]) &&
                   (!sep || *p == sep)) {
            if (groups == 0) first = group;
            else if (group != 3) return NULL;
            sep = *p++;
            groups++;
            group = 0;
        } else {
            break;
        }
    }
    if (groups && (first > 3 || group != 3)) return NULL;
    if (*p == '.') {
        PUT(*p++);
        while (isdigit((unsigned char)*p)) PUT(*p++);
    }
    bool any = false;
    for (size_t i = 0; i < k; i++) any |= isdigit((unsigned char)buf[i]) != 0;
    if (!any) return NULL;
    if ((*p == 'e' || *p == 'E') &&
        (isdigit((unsigned char)p[1]) || ((p[1] == '+' || p[1] == '-') && isdigit((unsigned char)p[2])))) {
        PUT(*p++);
        if (*p == '+' || *p == '-') PUT(*p++);
        while (isdigit((unsigned char)*p)) PUT(*p++);
    }
#undef PUT
    buf[k] = '\0';
    return p;
}

bool requirements_parse_amount(dlrig_unit unit, const char *text, double *out)
{
    char buf[64];
    if (!text) return false;
    const char *p = text;
    while (*p == ' ') p++;
    const char *end = strict_number(unit, p, buf, sizeof buf);
    if (!end) return false;
    char *e;
    double v = strtod(buf, &e);
    /* a subnormal number is no amount anyone means (1e-320 would show as 0) */
    if (*e || !isfinite(v) || (v != 0 && fabs(v) < DBL_MIN)) return false;
    while (*end == ' ') end++;
    char suf[8];
    size_t n = 0;
    for (; *end && *end != ' '; end++) {
        if (n + 1 >= sizeof suf) return false;
        suf[n++] = (char)tolower((unsigned char)*end);
    }
    suf[n] = '\0';
    while (*end == ' ') end++;
    if (*end) return false;
    for (const suffix *s = suffixes_of(unit); s->s; s++)
        if (strcmp(s->s, suf) == 0) {
            *out = v * s->mult;
            return isfinite(*out);
        }
    return false;
}

const char *requirements_format_amount(dlrig_unit unit, double v, char *buf, size_t len)
{
    if (v == 0) unit = DLRIG_UNIT_NONE; /* "above 0", whatever the unit */
    switch (unit) {
    case DLRIG_UNIT_PARAMS_M:
        if (v >= 1e6) snprintf(buf, len, "%gT", v / 1e6);
        else if (v >= 1e3) snprintf(buf, len, "%gB", v / 1e3);
        else snprintf(buf, len, "%gM", v);
        break;
    case DLRIG_UNIT_GB:
        if (v >= 1e6) snprintf(buf, len, "%gPB", v / 1e6);
        else if (v >= 1e3) snprintf(buf, len, "%gTB", v / 1e3);
        else snprintf(buf, len, "%gGB", v);
        break;
    case DLRIG_UNIT_USD: format_usd(v, buf, len); break;
    default: snprintf(buf, len, "%.15g", v); break;
    }
    return buf;
}

static const char *unit_hint(dlrig_unit u)
{
    switch (u) {
    case DLRIG_UNIT_PARAMS_M: return "350 or 350M, 13B, 1.3T";
    case DLRIG_UNIT_GB: return "800, 500MB, 3TB, 1.5PB";
    case DLRIG_UNIT_USD: return "12500, 12.5k, $12,500, 2M";
    case DLRIG_UNIT_TOKENS: return "8192, 8k, 128k; k = 1,024";
    default: return NULL;
    }
}

/* What a catalog table's ids are called when the catalog is not at hand. */
static const char *const table_names[DLRIG_VOCAB_TABLE_COUNT] = {
    [DLRIG_VOCAB_FRAMEWORK] = "framework", [DLRIG_VOCAB_WORKLOAD] = "workload", [DLRIG_VOCAB_CIRCUIT] = "circuit"};

void requirements_describe(const dlrig_reqfield *f, const dlrig_catalog *cat, strbuf *b)
{
    switch (f->kind) {
    case DLRIG_RK_ENUM:
    case DLRIG_RK_FLAGS: requirements_join(b, f->choices); break;
    case DLRIG_RK_ENUM_BITS:
        requirements_join(b, f->choices);
        sb_printf(b, ", or bits per weight from %g to %g", f->lo, f->hi);
        break;
    case DLRIG_RK_CATALOG: {
        const char *const *ids = cat ? catalog_ids(cat, f->table) : NULL;
        if (ids && ids[0]) requirements_join(b, ids);
        else sb_printf(b, "an id of the catalog's %s table", table_names[f->table]);
        break;
    }
    case DLRIG_RK_STRING:
        sb_printf(b, "a name of letters, digits and - _ . / : + (at most %g characters)", f->hi);
        break;
    case DLRIG_RK_BOOL: sb_append(b, "yes or no"); break;
    case DLRIG_RK_NUMBER:
    case DLRIG_RK_WHOLE: {
        const char *h = unit_hint(f->unit);
        char lo[40], hi[40];
        requirements_format_amount(f->unit, f->lo, lo, sizeof lo);
        requirements_format_amount(f->unit, f->hi, hi, sizeof hi);
        if (f->kind == DLRIG_RK_WHOLE) sb_printf(b, "a whole number from %s to %s", lo, hi);
        else sb_printf(b, "a number above %s and at most %s", lo, hi);
        if (h) sb_printf(b, " (e.g. %s)", h);
        break;
    }
    }
}

/* ---- parsing typed text ---- */

static int text_fail(char *err, size_t errlen, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int text_fail(char *err, size_t errlen, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
    return -1;
}

static bool name_ok(const char *s, size_t max)
{
    size_t n = strlen(s);
    if (n == 0 || n > max) return false;
    if (!isalnum((unsigned char)s[0])) return false;
    for (const char *p = s; *p; p++)
        if (!isalnum((unsigned char)*p) && !strchr("-_./:+", *p)) return false;
    return true;
}

/* name_ok with spaces between the words ("Llama 3.3 70B"). */
static bool name_ok_spaced(const char *s, size_t max)
{
    size_t n = strlen(s);
    if (n == 0 || n > max || !isalnum((unsigned char)s[0])) return false;
    for (const char *p = s; *p; p++)
        if (!isalnum((unsigned char)*p) && !strchr("-_./:+ ", *p)) return false;
    return true;
}

/* Checks a bits-per-weight number for ENUM_BITS, writing it as text. */
static bool bits_value(const dlrig_reqfield *f, const char *text, char *out, size_t len)
{
    double v;
    if (!requirements_parse_amount(DLRIG_UNIT_NONE, text, &v) || v < f->lo || v > f->hi) return false;
    snprintf(out, len, "%g", v);
    return true;
}

int requirements_parse_text(const dlrig_reqfield *f, const char *text, const char *name, const dlrig_catalog *cat,
                            dlrig_requirements *r, char *err, size_t errlen)
{
    strbuf d = {0};
    int rc = 0;
    if (!text) text = "";
    switch (f->kind) {
    case DLRIG_RK_ENUM:
        if (id_index(f->choices, text) < 0) {
            requirements_describe(f, cat, &d);
            rc = text_fail(err, errlen, "%s: unknown value '%s'; expected one of %s", name, text, d.s);
        } else {
            set_text(f, r, text);
        }
        break;
    case DLRIG_RK_ENUM_BITS: {
        char bits[16];
        int named = -1;
        for (int i = 0; f->choices[i] && named < 0; i++) /* Q4_K_M as the screens write it: q4_k_m */
            if (!strcasecmp(f->choices[i], text)) named = i;
        if (named >= 0) {
            set_text(f, r, f->choices[named]);
        } else if (bits_value(f, text, bits, sizeof bits)) {
            set_text(f, r, bits);
        } else {
            requirements_describe(f, cat, &d);
            rc = text_fail(err, errlen, "%s: unknown value '%s'; expected one of %s", name, text, d.s);
        }
        break;
    }
    case DLRIG_RK_CATALOG:
        /* the catalog at hand decides (none: taken as given) */
        if (strlen(text) >= f->size || (cat && !catalog_has_id(cat, f->table, text))) {
            const char *const *ids = requirements_choices(f, cat);
            requirements_describe(f, cat, &d);
            rc = text_fail(err, errlen, "%s: unknown %s '%s'; expected %s%s", name, f->noun ? f->noun : "value", text,
                           ids && ids[0] ? "one of " : "", d.s);
        } else {
            set_text(f, r, text);
        }
        break;
    case DLRIG_RK_STRING:
        if (!name_ok(text, (size_t)f->hi) || strlen(text) >= f->size) {
            /* a model by the name the screens show ("Llama 3.3 70B"): its id */
            bool spaced = cat && !strcmp(f->key, "model") && name_ok_spaced(text, 2 * (size_t)f->hi);
            const dlrig_model *m = spaced ? catalog_model_find(cat, text) : NULL;
            if (m && m->id && name_ok(m->id, (size_t)f->hi) && strlen(m->id) < f->size) {
                set_text(f, r, m->id);
            } else if (spaced) {
                const char *near[3];
                size_t k = catalog_model_suggest(cat, text, near, 3);
                rc = text_fail(err, errlen, "%s: unknown model '%s'%s%s%s (dlrig models lists them)", name, text,
                               k ? "; did you mean " : "", k ? near[0] : "", k ? "?" : "");
            } else {
                requirements_describe(f, cat, &d);
                rc = text_fail(err, errlen, "%s: expected %s, got '%s'", name, d.s, text);
            }
        } else {
            set_text(f, r, text);
        }
        break;
    case DLRIG_RK_BOOL: {
        static const char *const yes[] = {"yes", "true", "1", "on", NULL}, *const no[] = {"no", "false", "0", "off",
                                                                                           NULL};
        if (id_index(yes, text) >= 0) *bool_of(f, r) = true;
        else if (id_index(no, text) >= 0) *bool_of(f, r) = false;
        else rc = text_fail(err, errlen, "%s: expected yes or no, got '%s'", name, text);
        break;
    }
    case DLRIG_RK_FLAGS: {
        char e[256];
        if (requirements_parse_require(text, flags_of(f, r), e, sizeof e) != 0)
            rc = text_fail(err, errlen, "%s: %s", name, e);
        break;
    }
    case DLRIG_RK_NUMBER:
    case DLRIG_RK_WHOLE: {
        double v;
        bool parsed = requirements_parse_amount(f->unit, text, &v);
        bool whole = f->kind == DLRIG_RK_WHOLE;
        bool ok = parsed && (whole ? v >= f->lo && v <= f->hi && v == floor(v) : v > f->lo && v <= f->hi);
        if (!ok) {
            requirements_describe(f, cat, &d);
            rc = text_fail(err, errlen, "%s: expected %s, got '%s'%s", name, d.s, text,
                           parsed && (whole ? v >= f->lo && v <= f->hi : 0) ? " (not a whole number)"
                           : parsed                                        ? " (out of range)"
                                                                           : "");
        } else if (whole) {
            *int_of(f, r) = (int)v;
        } else {
            *num_of(f, r) = v;
        }
        break;
    }
    }
    sb_free(&d);
    return rc;
}

int requirements_parse_require(const char *list, unsigned *flags, char *err, size_t errlen)
{
    *flags = 0;
    char word[64];
    const char *p = list;
    while (p && *p) {
        while (*p == ',' || *p == ' ') p++;
        size_t n = strcspn(p, ", ");
        if (n == 0) break;
        if (n >= sizeof word) n = sizeof word - 1;
        memcpy(word, p, n);
        word[n] = '\0';
        int i = id_index(dlrig_require_ids, word);
        if (i < 0) {
            strbuf v = {0};
            requirements_join(&v, dlrig_require_ids);
            snprintf(err, errlen, "unknown requirement '%s'; valid: %s", word, v.s);
            sb_free(&v);
            return -1;
        }
        *flags |= 1u << i;
        p += n;
    }
    return 0;
}

/* ---- JSON ---- */

/* Reads one present, non-null field v of row f.  d is scratch space. */
static int field_from_json(const dlrig_catalog *cat, const dlrig_reqfield *f, const cJSON *v, dlrig_requirements *r,
                           const char *label, strbuf *d, char *err, size_t errlen)
{
    const char *k = f->key;
    switch (f->kind) {
    case DLRIG_RK_ENUM:
        requirements_join(d, f->choices);
        if (!cJSON_IsString(v))
            return jsondoc_fail(err, errlen, label, "requirements.%s: expected a string (one of %s), got %s", k, d->s,
                              jsondoc_type(v));
        if (id_index(f->choices, v->valuestring) < 0)
            return jsondoc_fail(err, errlen, label, "requirements.%s: unknown value '%s'; expected one of %s", k,
                              v->valuestring, d->s);
        set_text(f, r, v->valuestring);
        return 0;
    case DLRIG_RK_ENUM_BITS: {
        char bits[16];
        requirements_describe(f, cat, d);
        if (cJSON_IsNumber(v)) {
            if (!(v->valuedouble >= f->lo && v->valuedouble <= f->hi))
                return jsondoc_fail(err, errlen, label, "requirements.%s: %g is out of range (%g to %g bits per weight)",
                                  k, v->valuedouble, f->lo, f->hi);
            snprintf(bits, sizeof bits, "%g", v->valuedouble);
            set_text(f, r, bits);
            return 0;
        }
        if (!cJSON_IsString(v))
            return jsondoc_fail(err, errlen, label, "requirements.%s: expected a string or a number (one of %s), got %s",
                              k, d->s, jsondoc_type(v));
        if (id_index(f->choices, v->valuestring) >= 0) set_text(f, r, v->valuestring);
        else if (bits_value(f, v->valuestring, bits, sizeof bits)) set_text(f, r, bits);
        else
            return jsondoc_fail(err, errlen, label, "requirements.%s: unknown value '%s'; expected one of %s", k,
                              v->valuestring, d->s);
        return 0;
    }
    case DLRIG_RK_CATALOG:
        requirements_describe(f, cat, d);
        if (!cJSON_IsString(v))
            return jsondoc_fail(err, errlen, label, "requirements.%s: expected a string (one of %s), got %s", k, d->s,
                              jsondoc_type(v));
        if (strlen(v->valuestring) >= f->size || !catalog_has_id(cat, f->table, v->valuestring))
            return jsondoc_fail(err, errlen, label, "requirements.%s: unknown %s '%.64s'; expected one of %s", k,
                              f->noun ? f->noun : "value", v->valuestring, d->s);
        set_text(f, r, v->valuestring);
        return 0;
    case DLRIG_RK_STRING:
        requirements_describe(f, cat, d);
        if (!cJSON_IsString(v))
            return jsondoc_fail(err, errlen, label, "requirements.%s: expected a string (%s), got %s", k, d->s,
                              jsondoc_type(v));
        if (!name_ok(v->valuestring, (size_t)f->hi) || strlen(v->valuestring) >= f->size)
            return jsondoc_fail(err, errlen, label, "requirements.%s: expected %s, got '%.100s'", k, d->s,
                              v->valuestring);
        set_text(f, r, v->valuestring);
        return 0;
    case DLRIG_RK_BOOL:
        if (!cJSON_IsBool(v))
            return jsondoc_fail(err, errlen, label, "requirements.%s: expected true or false, got %s", k,
                              jsondoc_type(v));
        *bool_of(f, r) = cJSON_IsTrue(v);
        return 0;
    case DLRIG_RK_NUMBER: {
        if (!cJSON_IsNumber(v))
            return jsondoc_fail(err, errlen, label, "requirements.%s: expected a number, got %s", k, jsondoc_type(v));
        double x = v->valuedouble;
        if (!(x > f->lo && x <= f->hi))
            return jsondoc_fail(err, errlen, label,
                              "requirements.%s: %g is out of range (expected more than %g, at most %g)", k, x, f->lo,
                              f->hi);
        *num_of(f, r) = x;
        return 0;
    }
    case DLRIG_RK_WHOLE: {
        if (!cJSON_IsNumber(v) || v->valuedouble != floor(v->valuedouble))
            return jsondoc_fail(err, errlen, label, "requirements.%s: expected a whole number, got %s", k,
                              cJSON_IsNumber(v) ? "a fraction" : jsondoc_type(v));
        double x = v->valuedouble;
        if (x < f->lo || x > f->hi)
            return jsondoc_fail(err, errlen, label, "requirements.%s: %g is out of range (%g to %g)", k, x, f->lo, f->hi);
        *int_of(f, r) = (int)x;
        return 0;
    }
    case DLRIG_RK_FLAGS:
        requirements_join(d, f->choices);
        if (!cJSON_IsArray(v))
            return jsondoc_fail(err, errlen, label, "requirements.%s: expected an array of strings (%s), got %s", k, d->s,
                              jsondoc_type(v));
        for (const cJSON *it = v->child; it; it = it->next) {
            int i = cJSON_IsString(it) ? id_index(f->choices, it->valuestring) : -1;
            if (i < 0)
                return jsondoc_fail(err, errlen, label, "requirements.%s: unknown requirement %s%.64s%s; valid: %s", k,
                                  cJSON_IsString(it) ? "'" : "",
                                  cJSON_IsString(it) ? it->valuestring : jsondoc_type(it),
                                  cJSON_IsString(it) ? "'" : "", d->s);
            *flags_of(f, r) |= 1u << i;
        }
        return 0;
    }
    return 0;
}

int requirements_from_json(const dlrig_catalog *cat, const cJSON *o, dlrig_requirements *r, const char *label,
                           char *err, size_t errlen)
{
    if (!cJSON_IsObject(o))
        return jsondoc_fail(err, errlen, label, "requirements: expected an object, got %s", jsondoc_type(o));
    for (const cJSON *it = o->child; it; it = it->next)
        if (!requirements_field(it->string)) {
            strbuf valid = {0};
            for (size_t i = 0; i < N_FIELDS; i++) sb_printf(&valid, "%s%s", i ? ", " : "", fields[i].key);
            int rc = jsondoc_fail(err, errlen, label, "requirements.%.64s: unknown field; valid fields: %s", it->string,
                                valid.s);
            sb_free(&valid);
            return rc;
        }
    for (size_t i = 0; i < N_FIELDS; i++) {
        const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, fields[i].key);
        if (!v || cJSON_IsNull(v)) continue;
        strbuf d = {0};
        int rc = field_from_json(cat, &fields[i], v, r, label, &d, err, errlen);
        sb_free(&d);
        if (rc) return rc;
    }
    return 0;
}

void requirements_to_json(const dlrig_requirements *r, cJSON *o)
{
    for (size_t i = 0; i < N_FIELDS; i++) {
        const dlrig_reqfield *f = &fields[i];
        /* nodes and the must-have list are always written, as version 1 did (later fields with a default only
         * when given, so a file without them keeps its version) */
        bool always = f->kind == DLRIG_RK_FLAGS || (f->kind == DLRIG_RK_WHOLE && f->def && f->version == 1);
        if (!always && !requirements_given(f, r)) continue;
        switch (f->kind) {
        case DLRIG_RK_NUMBER: cJSON_AddNumberToObject(o, f->key, cnum_of(f, r)); break;
        case DLRIG_RK_WHOLE: cJSON_AddNumberToObject(o, f->key, cint_of(f, r)); break;
        case DLRIG_RK_BOOL: cJSON_AddBoolToObject(o, f->key, cbool_of(f, r)); break;
        case DLRIG_RK_FLAGS: {
            cJSON *a = cJSON_AddArrayToObject(o, f->key);
            for (int k = 0; f->choices[k]; k++)
                if (cflags_of(f, r) & (1u << k)) cJSON_AddItemToArray(a, cJSON_CreateString(f->choices[k]));
            break;
        }
        default:
            /* a number of bits per weight is a number; names are strings */
            if (f->kind == DLRIG_RK_ENUM_BITS && id_index(f->choices, cstr_of(f, r)) < 0)
                cJSON_AddNumberToObject(o, f->key, strtod(cstr_of(f, r), NULL));
            else
                cJSON_AddStringToObject(o, f->key, cstr_of(f, r));
            break;
        }
    }
}

int requirements_version(const dlrig_requirements *r)
{
    int v = 1;
    for (size_t i = 0; i < N_FIELDS; i++)
        if (fields[i].version > v && requirements_given(&fields[i], r)) v = fields[i].version;
    return v;
}

/* ---- display ---- */

const char *requirements_format(const dlrig_reqfield *f, const dlrig_requirements *r, const dlrig_catalog *cat,
                                char *buf, size_t len)
{
    if (!requirements_given(f, r)) return NULL;
    switch (f->kind) {
    case DLRIG_RK_NUMBER:
        if (f->unit == DLRIG_UNIT_USD) format_usd(cnum_of(f, r), buf, len);
        else snprintf(buf, len, "%g%s", cnum_of(f, r), f->suffix ? f->suffix : "");
        break;
    case DLRIG_RK_WHOLE: snprintf(buf, len, "%d%s", cint_of(f, r), f->suffix ? f->suffix : ""); break;
    case DLRIG_RK_BOOL: snprintf(buf, len, "%s", cbool_of(f, r) ? "yes" : "no"); break;
    case DLRIG_RK_FLAGS: {
        strbuf b = {0};
        join_flags(&b, f->choices, cflags_of(f, r));
        snprintf(buf, len, "%s", b.s ? b.s : "");
        sb_free(&b);
        break;
    }
    case DLRIG_RK_ENUM_BITS:
        if (id_index(f->choices, cstr_of(f, r)) < 0) snprintf(buf, len, "%s%s", cstr_of(f, r), f->suffix);
        else snprintf(buf, len, "%s", cstr_of(f, r));
        break;
    default: {
        const char *s = cstr_of(f, r);
        /* a workload shows the catalog's name for it */
        const dlrig_workload *w =
            cat && f->kind == DLRIG_RK_CATALOG && f->table == DLRIG_VOCAB_WORKLOAD ? catalog_workload(cat, s) : NULL;
        snprintf(buf, len, "%s", w && w->name ? w->name : s);
        break;
    }
    }
    return buf;
}

/* A whole number or amount with its suffix, singular for one ("1
 * sequence", "1 GPU a node" of " sequences", " GPUs a node"). */
static void reader_number(double v, int decimals, const char *unit_words, char *buf, size_t len)
{
    char n[48];
    format_number(v, decimals, n, sizeof n);
    const char *s = unit_words ? unit_words : "";
    size_t wl = s[0] == ' ' ? 1 + strcspn(s + 1, " ") : 0; /* the suffix's first word, with its space */
    bool plural_word = wl > 2 && s[wl - 1] == 's';            /* " tokens", " GPUs a node" */
    if (v == 1 && plural_word) snprintf(buf, len, "%s%.*s%s", n, (int)(wl - 1), s, s + wl);
    else snprintf(buf, len, "%s%s", n, s);
}

/* The label of choice id of f (its id when the table has none). */
static const char *choice_label(const dlrig_reqfield *f, const char *id)
{
    int i = f->choices ? id_index(f->choices, id) : -1;
    return i >= 0 && f->labels && f->labels[i] ? f->labels[i] : id;
}

const char *requirements_format_reader(const dlrig_reqfield *f, const dlrig_requirements *r,
                                       const dlrig_catalog *cat, char *buf, size_t len)
{
    if (f->planning || !requirements_given(f, r)) return NULL;
    switch (f->kind) {
    case DLRIG_RK_NUMBER: {
        double v = cnum_of(f, r);
        char a[48];
        if (f->unit == DLRIG_UNIT_USD) format_usd(v, buf, len);
        else if (f->unit == DLRIG_UNIT_PARAMS_M)
            snprintf(buf, len, "%s parameters", requirements_format_amount(f->unit, v, a, sizeof a));
        else if (f->unit == DLRIG_UNIT_GB) {
            /* "150 GB", "1.5 TB" */
            requirements_format_amount(f->unit, v, a, sizeof a);
            size_t n = strlen(a);
            if (n > 2 && a[n - 1] == 'B') snprintf(buf, len, "%.*s %s", (int)(n - 2), a, a + n - 2);
            else snprintf(buf, len, "%s", a);
        } else reader_number(v, v == floor(v) ? 0 : 2, f->suffix, buf, len);
        break;
    }
    case DLRIG_RK_WHOLE: reader_number(cint_of(f, r), 0, f->suffix, buf, len); break;
    case DLRIG_RK_BOOL: {
        bool v = cbool_of(f, r);
        snprintf(buf, len, "%s", f->labels ? f->labels[v ? 1 : 0] : v ? "yes" : "no");
        break;
    }
    case DLRIG_RK_FLAGS: {
        strbuf b = {0};
        unsigned fl = cflags_of(f, r);
        for (int i = 0; f->choices[i]; i++)
            if (fl & (1u << i)) sb_printf(&b, "%s%s", b.len ? ", " : "", choice_label(f, f->choices[i]));
        snprintf(buf, len, "%s", b.s ? b.s : "");
        sb_free(&b);
        break;
    }
    case DLRIG_RK_ENUM:
    case DLRIG_RK_ENUM_BITS: {
        const char *s = cstr_of(f, r);
        if (f->kind == DLRIG_RK_ENUM_BITS && id_index(f->choices, s) < 0)
            snprintf(buf, len, "%s%s", s, f->suffix ? f->suffix : "");
        else snprintf(buf, len, "%s", choice_label(f, s));
        break;
    }
    case DLRIG_RK_CATALOG: {
        const char *s = cstr_of(f, r);
        const char *name = NULL;
        if (cat && f->table == DLRIG_VOCAB_WORKLOAD) {
            const dlrig_workload *w = catalog_workload(cat, s);
            name = w ? w->name : NULL;
        } else if (cat && f->table == DLRIG_VOCAB_FRAMEWORK) {
            const dlrig_framework *fw = catalog_framework(cat, s);
            name = fw ? fw->name : NULL;
        } else if (cat && f->table == DLRIG_VOCAB_CIRCUIT) {
            const dlrig_circuit *c = catalog_circuit(cat, s);
            if (c && c->volts > 0 && c->amps > 0) {
                snprintf(buf, len, "%d V / %d A circuit", c->volts, c->amps);
                break;
            }
        }
        snprintf(buf, len, "%s", name && *name ? name : s);
        break;
    }
    case DLRIG_RK_STRING: {
        const char *s = cstr_of(f, r);
        const dlrig_model *m =
            cat && (!strcmp(f->key, "model") || !strcmp(f->key, "also_model")) ? catalog_model_find(cat, s) : NULL;
        snprintf(buf, len, "%s", m && m->name && *m->name ? m->name : s);
        break;
    }
    }
    return buf;
}
