/* wizard.c — the first screen: short questions (workload, model and data,
 * budget, framework and precision, environment, must-haves), a live advisor
 * preview of the answers so far, and at the end the builder on the
 * advisor's best build.
 *
 * Each question is one row of `questions[]`: its kind (pick one, pick or
 * type an amount, toggle flags, review), where its choices come from, the
 * requirement field an answer sets (requirements.h's table: the same parser,
 * bounds and wording as a build file and the command line) and how it reads
 * on the review line.  A generic stepper walks the table: next, back, and
 * past the questions that do not apply to the answers so far. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlrig/llm.h"
#include "dlrig/perf.h"
#include "dlrig/query.h"
#include "dlrig/util.h"
#include "tui/app.h"

/* ---- what the questions show: help texts indexed by the vocabularies ---- */

/* The preset answers of an amount question; the last one is "type a value". */
typedef struct amount_preset {
    const char *label, *detail;
    double value; /* in the field's unit; NAN: not given (the field's default) */
    const char *help;
} amount_preset;

static const amount_preset dataset_presets[] = {
    {"Not sure", NULL, NAN, "Without a dataset size dlrig skips the epoch time and the storage and RAM checks."},
    {"10 GB", NULL, 10, "Small datasets (under 10-15 GB) rarely gain from several GPUs; RAM holds them easily."},
    {"50 GB", NULL, 50, "Fits in RAM on most workstations: no storage bottleneck once cached."},
    {"150 GB", NULL, 150, "Larger than RAM on many machines: stream from NVMe; data I/O is a common bottleneck."},
    {"500 GB", NULL, 500, "Stream from fast NVMe storage; buy more RAM for heavy preprocessing (Dettmers)."},
    {"2 TB", NULL, 2000, "Needs several TB of fast storage for data plus checkpoints; storage speed matters."},
    {"Type a size...", NULL, NAN, "Type the size: 800, 800GB or 3TB."},
};

static const amount_preset budget_presets[] = {
    {"$1,000", NULL, 1000,
     "An entry machine with one 8-12 GB gaming card: d2l.ai starts beginners on a 150-200 W card, Dettmers on an "
     "entry or used one."},
    {"$2,000", NULL, 2000, "One 16 GB consumer card on a mainstream desktop platform: Dettmers' value choice for an "
     "individual."},
    {"$3,000", NULL, 3000, "One consumer GPU workstation: for an individual, one good card is usually right."},
    {"$5,000", NULL, 5000, "One high-end consumer card with a solid platform, or a 24-32 GB pro card."},
    {"$10,000", NULL, 10000, "A workstation with a 48 GB pro card or two consumer cards."},
    {"$20,000", NULL, 20000, "2-4 GPUs: a budget workstation with 4 cards beats a cluster of low-end cards."},
    {"$40,000", NULL, 40000, "A 4-GPU workstation on a Threadripper PRO / Xeon W platform with ECC memory."},
    {"$80,000", NULL, 80000, "Datacenter cards (H100/H200 class) in a server chassis with forced airflow."},
    {"$150,000", NULL, 150000, "A dense GPU server (up to 8-10 cards, e.g. DSS8440-class) or a small cluster."},
    {"Type an amount...", NULL, NAN, "Type dollars: 12500, 12.5k or $12,500."},
};

/* A value's label (NULL: the requirement table's label of the value, which
 * quotes show too) and help, indexed like the field's values (vocab.h's
 * enums). */
typedef struct value_text {
    const char *label, *help;
} value_text;

static const value_text precision_texts[DLRIG_PRECISION_COUNT] = {
    [DLRIG_PRECISION_FP32] = {NULL, "Full FP32: slowest and twice the memory of 16-bit; only for numerically "
                                    "sensitive work."},
    [DLRIG_PRECISION_MIXED_FP16] = {NULL, "Mixed FP16+FP32 is the standard for image training; 16-bit fits about 2x "
                                          "the model (Dettmers)."},
    [DLRIG_PRECISION_BF16] = {NULL, "BF16 keeps FP32's range without loss scaling; needs Ampere or newer."},
    [DLRIG_PRECISION_FP8] = {NULL, "FP8 is the fastest for transformer training; needs Ada/Hopper or newer."},
};

static const value_text env_texts[DLRIG_ENV_COUNT] = {
    [DLRIG_ENV_OFFICE] = {NULL, "People work next to it: noise matters and it has one wall socket; blower and "
                                "server fans are loud (env.noise)."},
    [DLRIG_ENV_SERVER_ROOM] = {NULL, "Noise is fine and higher-power circuits exist; tower or rack "
                                     "chassis."},
    [DLRIG_ENV_DATACENTER] = {NULL, "Rack chassis, and no GeForce cards: NVIDIA's GeForce license does not "
                                    "allow them in a data centre (env.datacenter). Passively cooled "
                                    "datacenter GPUs need a server's forced airflow."},
};

static const value_text must_texts[DLRIG_MUST_COUNT] = {
    [DLRIG_MUST_ECC] = {NULL, "Long training runs rely on correct results: GeForce cards have "
                              "no ECC on VRAM, datacenter cards do."},
    [DLRIG_MUST_NVLINK] = {NULL, "NVLink is 5-12x PCIe between GPUs: matters for multi-GPU "
                                 "transformer and LLM training."},
    [DLRIG_MUST_RDMA] = {NULL, "Across machines RDMA gives 2.5x over TCP with the same cards; "
                               "GeForce has no GPUDirect RDMA."},
    [DLRIG_MUST_QUIET] = {NULL, "No blower or server fans: a machine people sit next to. Open-air "
                                "cards packed together throttle (Dettmers)."},
    [DLRIG_MUST_RACKMOUNT] = {NULL, "For a server room or datacenter rack: a GPU server needs "
                                    "designed airflow and retention."},
    [DLRIG_MUST_OPEN_FRAME] = {NULL, "Cards on riser cables over an open frame, as used multi-GPU rigs "
                                     "are built: thick cards fit; risers are bought apart."},
};

/* ---- the question table ---- */

/* How a question is answered. */
typedef enum qkind {
    QK_CHOICE, /* pick one choice */
    QK_AMOUNT, /* pick a preset amount, or type one in the field's unit (the last choice) */
    QK_FLAGS,  /* toggle any of the choices with Space, then the last choice goes on */
    QK_REVIEW, /* the answers: a line each (Enter goes back to it), then "Build it" */
    QK_FORM,   /* not asked by the wizard: a row of the what-if form only */
} qkind;

/* What identifies a question's answer (its list selection, whether it was
 * answered, a typed value, and the must-have flags), for the caches of
 * wizard_state. */
typedef struct answer_key {
    int sel;
    bool answered;
    double typed;
    unsigned flags;
} answer_key;

/* One choice of the question on screen. */
typedef struct choice {
    char label[96];
    char detail[96];
    char help[400];
    int role;
    double num;                 /* the value of a number field, NAN when none */
    char id[32];                /* the value of a text field as typed on the command line, "" when none */
    unsigned bits;              /* the flags of a flags field */
    const dlrig_reqfield *f;    /* the field it sets, NULL: the question's */
    bool typed;                 /* the "type a value" entry */
} choice;

typedef struct question question;

/* The most rows of the question table (wizard_state's arrays). */
#define MAX_Q 24

struct wizard_state {
    int q;
    /* each question's list (the list widget): pick[q].sel is its answer; the
     * question on screen's also scrolls and takes the mouse */
    ui_list pick[MAX_Q];
    bool answered[MAX_Q];
    double typed[MAX_Q]; /* typed values (NAN when none) */
    unsigned flags;   /* the answer of the flags question (must-haves) */
    bool editing;     /* an amount is typed (the line editor) */
    char input[32];
    choice ch[64];
    int n_ch;
    int review_q[MAX_Q]; /* the review's lines: the question each one is */
    /* the question on screen's choices narrowed by a filter (/): find.sel
     * is a row among shown[0 .. find.n - 1], the choices it matches; the
     * question's pick[q].sel follows it */
    ui_list find;
    int shown[64];
    /* preview */
    dlrig_requirements preview_req;
    bool preview_done;
    bool preview_stale; /* answers changed since the preview was computed */
    /* the preview shown: a view of one entry of seen[] (not owned) */
    dlrig_recommendation *prev;
    size_t n_prev;
    char prev_err[512];
    double prev_ms;
    /* Work kept between key presses.  A question's choices depend only on
     * the answers before it, so each cache entry notes the answers it was
     * made from and is used while they are the same: chosen[q] is the choice
     * answering question q (made from the answers to 0..q); upto[u] the
     * requirements the answers before question u give. */
    struct cached_choice {
        bool valid;
        answer_key deps[MAX_Q];
        choice c;
    } chosen[MAX_Q];
    struct cached_answers {
        bool valid;
        answer_key deps[MAX_Q];
        dlrig_requirements r;
    } upto[MAX_Q + 1];
    /* The previews of the last answers (the advisor's picks for them): moving
     * back to an answer shows its build again without advising, and the
     * finished wizard opens the preview's build. */
    struct cached_preview {
        bool used;
        dlrig_requirements req;
        dlrig_recommendation *recs;
        size_t n;
        char err[512];
        double ms;
    } seen[8];
    int seen_next;
};

struct question {
    tui_reqrow row;    /* its row of the what-if form (row.hot 0: none); row.field is the field its answer sets */
    const char *step;  /* the step it belongs to (tab bar) */
    const char *title; /* the question */
    const char *label; /* short name on the review line */
    qkind kind;
    /* choices made of the field's values: their labels and help (indexed like the values) */
    const value_text *texts;
    int n_texts;
    /* QK_AMOUNT: the presets, the last one being "type a value" */
    const amount_preset *presets;
    size_t n_presets;
    /* the answer's default as the command line would give it; NULL: the field's default, else the first choice */
    const char *dflt;
    /* the key of the field whose answer sets this one's default (circuit: environment): an answer there
     * resets this one to its default until it is answered again */
    const char *follows;
    /* Fills w->ch (NULL: the presets of QK_AMOUNT, else the field's values with their texts). */
    void (*choices)(app *a, int q);
    /* Whether it is asked for the answers so far (NULL: always). */
    bool (*asked)(app *a);
    /* The default choice computed from earlier answers (NULL: dflt). */
    int (*initial)(app *a, int q);
    /* The title for the answers so far (NULL: title). */
    const char *(*retitle)(app *a);
    /* when it is asked, for the review line of a question not asked ("language-model workloads") */
    const char *asked_when;
    /* asked only from the review (Enter on its line) or once answered: a walk through the wizard passes it
     * by (the purchase's shape, a second job) */
    bool optional;
    /* an optional question asked right after the one before it is answered (the second job's method) */
    bool chained;
    /* The review line's text for choice c (NULL: the label; a typed amount as the field writes it). */
    void (*describe)(app *a, const choice *c, char *buf, size_t len);
};

enum { N_MAX_CHOICES = (int)(sizeof((struct wizard_state *)0)->ch / sizeof(choice)) };

static const question *Q(int q);
static int n_questions(void);
static bool asked(app *a, int q);

enum {
    W_NEXT = 1, W_BACK, W_TOGGLE, W_ESC, W_PRESETS, W_DIGIT, W_RETYPE, W_FILTER,
    W_PRESET, /* .. W_PRESET + TUI_PRESET_KEYS - 1 */
};

/* While an amount is typed the keys go to the line editor (edit_key), as
 * the rows that say "while typing" describe. */
static const keybind wizard_keys[] = {
    UI_LIST_KEYBINDS("previous choice", "next choice", "a page of choices up", "a page of choices down",
                     "first choice", "last choice"),
    {'\r', W_NEXT, "Enter", "accept the choice (or the amount typed) and go on", "accept"},
    {KEY_ENTER, W_NEXT, "Enter", "accept the choice (or the amount typed) and go on", NULL},
    {KEY_RIGHT, W_NEXT, "Right", "accept the highlighted choice and go on", NULL},
    {'l', W_NEXT, "l", "accept the highlighted choice and go on", NULL},
    {' ', W_TOGGLE, "Space", "toggle a must-have; elsewhere accept the choice", NULL},
    {KEY_BACKSPACE, W_BACK, "Bksp", "back to the previous question (typing: Bksp deletes)", "back"},
    {127, W_BACK, "Bksp", "back to the previous question (typing: Bksp deletes)", NULL},
    {8, W_BACK, "Bksp", "back to the previous question (typing: Bksp deletes)", NULL},
    {KEY_LEFT, W_BACK, "Left", "back to the previous question", NULL},
    {'h', W_BACK, "h", "back to the previous question", NULL},
    {27, W_ESC, "Esc", "back (never quits); while typing, stop typing", NULL},
#define DIGIT_KEY(d) {d, W_DIGIT, "0-9", "highlight choice 1-9; in a size or budget question, type the amount", NULL},
    DIGIT_KEY('0') DIGIT_KEY('1') DIGIT_KEY('2') DIGIT_KEY('3') DIGIT_KEY('4') DIGIT_KEY('5') DIGIT_KEY('6')
    DIGIT_KEY('7') DIGIT_KEY('8') DIGIT_KEY('9')
#undef DIGIT_KEY
    {21, W_RETYPE, "Ctrl-U", "type an amount afresh; while typing, clear it", NULL},
    {'/', W_FILTER, "/", "filter the choices as you type (Enter accepts, Esc clears)", "filter"},
    {'P', W_PRESETS, "P", "preset scenarios: pick one and see its best build", "presets"},
    TUI_PRESET_KEYBINDS(W_PRESET),
    {0, 0, NULL, NULL, NULL},
};

static struct wizard_state *W(const app *a) { return app_state(a, &wizard_screen); }

/* The work the wizard does (tui_wizard_work): choice lists built, the
 * requirements derived from the answers, advisor runs. */
static tui_wizard_counts work;

void tui_wizard_work(tui_wizard_counts *out) { *out = work; }

static void add_choice(struct wizard_state *w, const char *label, const char *detail, const char *help, double num,
                       const char *id, int role, bool typed)
{
    if (w->n_ch >= N_MAX_CHOICES) return;
    choice *c = &w->ch[w->n_ch++];
    memset(c, 0, sizeof *c);
    snprintf(c->label, sizeof c->label, "%s", label);
    snprintf(c->detail, sizeof c->detail, "%s", detail ? detail : "");
    snprintf(c->help, sizeof c->help, "%s", help ? help : "");
    c->num = num;
    snprintf(c->id, sizeof c->id, "%s", id ? id : "");
    c->role = role;
    c->typed = typed;
}

/* The field choice c of question q sets (NULL when none). */
static const dlrig_reqfield *field_of(int q, const choice *c)
{
    return c && c->f ? c->f : Q(q)->row.field ? requirements_field(Q(q)->row.field) : NULL;
}

/* Sets in r what choice c of question q answers, through the requirement
 * table: numbers by the field's member, text by the field's own parser (so
 * an answer is what a build file holds), flags added to r's. */
static void apply_choice(int q, const choice *c, dlrig_requirements *r)
{
    const dlrig_reqfield *f = field_of(q, c);
    if (!f) return;
    char *m = (char *)r + f->offset;
    char err[256];
    switch (f->kind) {
    case DLRIG_RK_NUMBER:
        if (!isnan(c->num)) *(double *)(void *)m = c->num;
        break;
    case DLRIG_RK_WHOLE:
        if (!isnan(c->num)) *(int *)(void *)m = (int)c->num;
        break;
    case DLRIG_RK_FLAGS: *(unsigned *)(void *)m |= c->bits; break;
    default:
        if (c->id[0]) (void)requirements_parse_text(f, c->id, f->label, NULL, r, err, sizeof err);
        break;
    }
}

static choice choice_of(app *a, int q);

/* What identifies question q's answer now. */
static answer_key key_of(const struct wizard_state *w, int q)
{
    return (answer_key){.sel = w->pick[q].sel, .answered = w->answered[q], .typed = w->typed[q], .flags = w->flags};
}

/* Whether the answers to questions 0..n-1 are still those of deps. */
static bool same_answers(const struct wizard_state *w, const answer_key *deps, int n)
{
    for (int q = 0; q < n; q++) {
        answer_key k = key_of(w, q);
        const answer_key *d = &deps[q];
        if (k.sel != d->sel || k.answered != d->answered || k.flags != d->flags ||
            !(k.typed == d->typed || (isnan(k.typed) && isnan(d->typed))))
            return false;
    }
    return true;
}

static void note_answers(const struct wizard_state *w, answer_key *deps, int n)
{
    for (int q = 0; q < n; q++) deps[q] = key_of(w, q);
}

static void derive_answers(app *a, int upto, dlrig_requirements *r);

/* The requirements the answers to the questions before `upto` give (the
 * questions not asked left out; all of them: n_questions()), derived once
 * for each set of answers. */
static void answers_upto(app *a, int upto, dlrig_requirements *r)
{
    struct wizard_state *w = W(a);
    struct cached_answers *c = &w->upto[upto];
    if (!c->valid || !same_answers(w, c->deps, upto)) {
        dlrig_requirements fresh;
        derive_answers(a, upto, &fresh); /* may fill other entries of the cache (asked() asks answers_upto) */
        c->r = fresh;
        note_answers(w, c->deps, upto);
        c->valid = true;
    }
    *r = c->r;
}

static void derive_answers(app *a, int upto, dlrig_requirements *r)
{
    struct wizard_state *w = W(a);
    work.requirement_builds++;
    memset(r, 0, sizeof *r);
    requirements_init(r);
    for (int q = 0; q < upto; q++) {
        const question *qq = Q(q);
        if (qq->kind == QK_REVIEW || !asked(a, q)) continue;
        choice c = qq->kind == QK_FLAGS ? (choice){.bits = w->flags, .num = NAN} : choice_of(a, q);
        apply_choice(q, &c, r);
    }
}

/* The requirements the answers give (unanswered questions at their defaults). */
static void answers(app *a, dlrig_requirements *r) { answers_upto(a, n_questions(), r); }

/* ---- language models: the core's view of the answers ---- */

static int question_index(const char *field);

/* The language-model question the answers before question `upto` ask, with
 * choice c of question `cq` applied when c is not NULL; false when they ask
 * none (not a language-model workload). */
static bool llm_answer(app *a, int upto, int cq, const choice *c, dlrig_fit_query *fq)
{
    dlrig_requirements r;
    answers_upto(a, upto, &r);
    if (c) apply_choice(cq, c, &r);
    char err[256];
    return llm_query_for(a->cat, &r, NULL, fq, err, sizeof err) == 1;
}

/* Whether the workload chosen is a language-model one (its model, how it
 * runs and its context are asked). */
static bool llm_workload(app *a)
{
    dlrig_fit_query fq;
    return llm_answer(a, question_index("workload") + 1, 0, NULL, &fq);
}

/* Whether the language model is fine-tuned (else it runs inference). */
static bool llm_tuned(app *a)
{
    dlrig_fit_query fq;
    return llm_answer(a, question_index("workload") + 1, 0, NULL, &fq) && fq.method != DLRIG_METHOD_INFERENCE;
}

static const char *llm_title(app *a) { return llm_workload(a) ? "Which model, or how big?" : NULL; }

/* Whether the workload chosen trains (a dataset is read epoch after epoch). */
static bool training_workload(app *a)
{
    dlrig_requirements r;
    answers_upto(a, question_index("workload") + 1, &r);
    const dlrig_workload *wl = requirements_workload(a->cat, &r);
    if (!wl || !wl->training) return false;
    dlrig_fit_query fq;
    return !llm_answer(a, question_index("method") + 1, 0, NULL, &fq) || fq.method != DLRIG_METHOD_INFERENCE;
}

/* The workload chosen, NULL before one is. */
static const dlrig_workload *chosen_workload(app *a)
{
    dlrig_requirements r;
    answers_upto(a, question_index("workload") + 1, &r);
    return requirements_workload(a->cat, &r);
}

/* Whether the workload has a model to size: not one without parameters
 * (molecular dynamics, an FP64 solver), whose estimate no size changes. */
static bool model_applies(app *a)
{
    const dlrig_workload *wl = chosen_workload(a);
    return !wl || wl->params_m > 0 || llm_workload(a);
}

/* Whether a training precision applies: not for a language model that only
 * generates (its weight format is asked instead), nor for work without
 * parameters that trains nothing (molecular dynamics runs its own mixed
 * precision, whatever the request names). */
static bool precision_applies(app *a)
{
    const dlrig_workload *wl = chosen_workload(a);
    if (perf_workload_own_precision(wl)) return false;
    dlrig_fit_query fq;
    return !llm_answer(a, question_index("method") + 1, 0, NULL, &fq) || fq.method != DLRIG_METHOD_INFERENCE;
}

/* ---- where the choices come from ---- */

/* The choices of an amount question: its presets, the typed value last. */
static void amount_choices(app *a, int q)
{
    struct wizard_state *w = W(a);
    const question *qq = Q(q);
    for (size_t i = 0; i < qq->n_presets; i++) {
        const amount_preset *p = &qq->presets[i];
        bool typed = i + 1 == qq->n_presets;
        char d[96];
        const char *detail = p->detail;
        double v = typed ? w->typed[q] : p->value;
        if (typed && !isnan(v)) {
            dlrig_requirements r;
            requirements_init(&r);
            choice c = {.num = v};
            apply_choice(q, &c, &r);
            detail = requirements_format(field_of(q, NULL), &r, NULL, d, sizeof d);
        }
        add_choice(w, p->label, detail, p->help, v, NULL, DLRIG_ROLE_NORMAL, typed);
    }
}

/* The choices of a text field: its values from the requirement table, with
 * a label and help for each. */
static void field_choices(app *a, int q, void (*each)(app *a, int i, const char *id))
{
    const dlrig_reqfield *f = field_of(q, NULL);
    const char *const *ids = f ? requirements_choices(f, a->cat) : NULL;
    for (int i = 0; ids && ids[i]; i++) each(a, i, ids[i]);
}

static void workload_one(app *a, int i, const char *id)
{
    (void)i;
    const dlrig_workload *wl = catalog_workload(a->cat, id);
    /* why it matters for the hardware: the catalog's description of it */
    const char *help = wl ? wl->description ? wl->description : wl->note : NULL;
    char h[400];
    snprintf(h, sizeof h, "%s%s%s", help ? help : "", wl && wl->reference_model ? " Estimates use: " : "",
             wl && wl->reference_model ? wl->reference_model : "");
    add_choice(W(a), wl && wl->name ? wl->name : id, NULL, h, NAN, id, DLRIG_ROLE_NORMAL, false);
}

static void workload_choices(app *a, int q) { field_choices(a, q, workload_one); }

static int cmp_model_size(const void *x, const void *y)
{
    const dlrig_model *a = *(const dlrig_model *const *)x, *b = *(const dlrig_model *const *)y;
    if (a->params_m != b->params_m) return a->params_m < b->params_m ? -1 : 1;
    return strcmp(a->id, b->id);
}

/* The "Type a size..." choice of the model question, with the size typed. */
static void typed_size_choice(app *a, int q, const char *help)
{
    struct wizard_state *w = W(a);
    char d[96] = "e.g. 13B, 350M";
    if (!isnan(w->typed[q])) {
        dlrig_requirements r;
        requirements_init(&r);
        r.model_params_m = w->typed[q];
        requirements_format(requirements_field("model_params_m"), &r, NULL, d, sizeof d);
    }
    add_choice(w, "Type a size...", d, help, w->typed[q], NULL, DLRIG_ROLE_NORMAL, true);
}

/* The catalog's language models, smallest first, between the workload's
 * reference and a typed size. */
/* The catalog's language models, smallest first, as choices setting field
 * (the model by name); at most room of them. */
static void add_llm_models(app *a, const dlrig_reqfield *model_field, size_t room)
{
    struct wizard_state *w = W(a);
    size_t n;
    const dlrig_model *m = catalog_models(a->cat, &n);
    const dlrig_model **v = xcalloc(n + 1, sizeof *v);
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        if (m[i].kind && !strcmp(m[i].kind, "llm")) v[k++] = &m[i];
    qsort(v, k, sizeof *v, cmp_model_size);
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
        w->ch[w->n_ch - 1].f = model_field; /* the model by name, not its size */
    }
    free(v);
}

static void llm_model_choices(app *a, int q)
{
    add_choice(W(a), "Workload's reference model", "an 8B decoder",
               "Estimates use the workload's reference model, an 8B Llama-class decoder. Pick yours for exact memory "
               "(KV cache, embeddings) and speed.", NAN, NULL, DLRIG_ROLE_NORMAL, false);
    add_llm_models(a, requirements_field("model"), N_MAX_CHOICES - 2);
    typed_size_choice(a, q, "Type the parameter count: 350M, 13B, or a number in millions. The layer shape is then "
                            "assumed Llama-like.");
}

/* The catalog's other models (vision, encoders, diffusion), smallest first,
 * by size: the workload model scales its FLOPs and memory with the size. */
static void sized_model_choices(app *a, int q)
{
    struct wizard_state *w = W(a);
    dlrig_requirements r;
    answers_upto(a, question_index("workload") + 1, &r);
    const dlrig_workload *wl = requirements_workload(a->cat, &r);
    char h[400];
    snprintf(h, sizeof h, "Estimates use the workload's reference model%s%s%s. Pick a size when yours differs.",
             wl && wl->reference_model ? " (" : "", wl && wl->reference_model ? wl->reference_model : "",
             wl && wl->reference_model ? ")" : "");
    add_choice(w, "Workload's reference model", "the default", h, NAN, NULL, DLRIG_ROLE_NORMAL, false);
    size_t n;
    const dlrig_model *m = catalog_models(a->cat, &n);
    const dlrig_model **v = xcalloc(n + 1, sizeof *v);
    size_t k = 0;
    /* a workload that generates with a denoiser takes diffusion models only: video models for video
     * generation, image models for image generation */
    bool stepwise = wl && wl->steps_per_sample != DLRIG_NA, video = wl && wl->unit_kind == DLRIG_WL_UNIT_FRAMES;
    for (size_t i = 0; i < n; i++) {
        bool is_video = m[i].frames != DLRIG_NA;
        if (m[i].kind && strcmp(m[i].kind, "llm") != 0 && (!stepwise || !strcmp(m[i].kind, "diffusion")) &&
            is_video == video)
            v[k++] = &m[i];
    }
    qsort(v, k, sizeof *v, cmp_model_size);
    for (size_t i = 0; i < k && i < (size_t)N_MAX_CHOICES - 2; i++) {
        char d[96], pm[32], w16[32], train[32];
        format_number(v[i]->params_m, v[i]->params_m < 100 ? 1 : 0, pm, sizeof pm);
        snprintf(d, sizeof d, "%sM params", pm);
        /* 2 bytes a parameter of 16-bit weights; 16 with gradients and Adam state (ZeRO) */
        snprintf(h, sizeof h,
                 "%s, %sM parameters: %s GB of 16-bit weights; training in mixed precision keeps about %s GB of "
                 "weights, gradients and Adam state (16 bytes a parameter) before activations.",
                 v[i]->name, pm, format_number(v[i]->params_m * 2 / 1000, 1, w16, sizeof w16),
                 format_number(v[i]->params_m * 16 / 1000, 1, train, sizeof train));
        add_choice(w, v[i]->name, d, h, v[i]->params_m, v[i]->id, DLRIG_ROLE_NORMAL, false);
        /* the model by name: its own training FLOPs and sample where the catalog has them (perf_job_workload) */
        w->ch[w->n_ch - 1].f = requirements_field("model");
    }
    free(v);
    typed_size_choice(a, q, "Type the parameter count: 350M, 13B, or a number in millions.");
}

static void model_choices(app *a, int q)
{
    if (llm_workload(a)) llm_model_choices(a, q);
    else sized_model_choices(a, q);
}

/* How the model runs: weights for inference, the method for fine-tuning,
 * each with what it costs in memory for the model chosen. */
static void llm_run_choices(app *a, int q)
{
    struct wizard_state *w = W(a);
    bool tune = llm_tuned(a);
    static const struct {
        const char *label, *detail, *id, *help;
    } inf[] = {{"16-bit weights", "BF16 / FP16", "bf16", "Full quality; 2 bytes a parameter."},
               {"8-bit weights", "INT8 / FP8", "int8", "Near-lossless; 1 byte a parameter. INT8 runs on any CUDA card, "
                                                      "FP8 compute needs Ada or newer."},
               {"4-bit weights", "GGUF Q4_K_M (4.84 bits)", "q4_k_m",
                "How large models run at home (llama.cpp, Ollama): the Q4_K_M file, 4.84 bits a parameter on "
                "average over every tensor (dlrig fit --weights q4_k_m). AWQ and GPTQ are int4."}};
    static const struct {
        const char *label, *detail;
        dlrig_method method;
        const char *help;
    } ft[] = {{"LoRA", "16-bit base, adapters", DLRIG_METHOD_LORA, "Frozen 16-bit weights and small trained "
                                                                   "adapters."},
              {"QLoRA", "4-bit NF4 base, adapters", DLRIG_METHOD_QLORA, "The base in 4-bit NF4 (Dettmers et al.): a "
                                                                        "quarter of LoRA's weights; a little slower."},
              {"Full fine-tuning", "every weight, AdamW", DLRIG_METHOD_FULL, "Weights, gradients and optimizer state: "
                                                                             "about 16 bytes a parameter in mixed "
                                                                             "precision (ZeRO)."}};
    const dlrig_reqfield *f = requirements_field(tune ? "method" : "weights");
    for (size_t i = 0; i < 3; i++) {
        const char *help = tune ? ft[i].help : inf[i].help;
        add_choice(w, tune ? ft[i].label : inf[i].label, tune ? ft[i].detail : inf[i].detail, help, NAN,
                   tune ? dlrig_method_ids[ft[i].method] : inf[i].id, DLRIG_ROLE_NORMAL, false);
        choice *c = &w->ch[w->n_ch - 1];
        c->f = f;
        dlrig_fit_query fq;
        if (llm_answer(a, q, q, c, &fq)) {
            dlrig_mem_breakdown m;
            llm_replica_breakdown(&fq, &m);
            snprintf(c->help, sizeof c->help, "%s %s needs %.1f GiB in all on one card (weights %.1f GiB).", help,
                     fq.model.name ? fq.model.name : "The model", m.total, m.weights);
        }
    }
}

/* Context lengths up to the model's own, with their KV cache. */
static void llm_context_choices(app *a, int q)
{
    struct wizard_state *w = W(a);
    static const struct {
        int tokens;
        const char *detail;
    } ctx[] = {{4096, "chat, short prompts"}, {8192, "documents"}, {32768, "long documents"},
               {131072, "whole books, code bases"}};
    dlrig_fit_query q0;
    bool have = llm_answer(a, q, q, NULL, &q0);
    for (size_t i = 0; i < sizeof ctx / sizeof ctx[0]; i++) {
        if (have && q0.model.max_context > 0 && ctx[i].tokens > q0.model.max_context && i > 0) break;
        char label[32], id[16];
        snprintf(label, sizeof label, "%dk tokens", ctx[i].tokens / 1024);
        snprintf(id, sizeof id, "%d", ctx[i].tokens);
        add_choice(w, label, ctx[i].detail, "Memory grows with the context (the KV cache).", ctx[i].tokens, id,
                   DLRIG_ROLE_NORMAL, false);
        choice *c = &w->ch[w->n_ch - 1];
        dlrig_fit_query fq;
        if (llm_answer(a, q, q, c, &fq)) {
            dlrig_mem_breakdown m;
            llm_replica_breakdown(&fq, &m);
            snprintf(c->help, sizeof c->help, "Memory grows with the context: %s at %d tokens needs %.1f GiB in all "
                     "(KV cache %.1f GiB, activations %.1f GiB).", fq.model.name ? fq.model.name : "the model",
                     ctx[i].tokens, m.total, m.kv_cache, m.activations);
        }
    }
}

static void framework_choices(app *a, int q)
{
    (void)q;
    struct wizard_state *w = W(a);
    size_t n;
    char d[96], h[400];
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
        snprintf(h, sizeof h, "%s%s%s", fw[i].status_note ? fw[i].status_note : "", fw[i].focus ? " Focus: " : "",
                 fw[i].focus ? fw[i].focus : "");
        add_choice(w, fw[i].name, d, h, NAN, fw[i].id, disc ? DLRIG_ROLE_DIM : DLRIG_ROLE_NORMAL, false);
    }
    add_choice(w, "Other / not sure", "no framework check", "dlrig skips the framework checks (CUDA vs ROCm, "
               "maintenance status).", NAN, "", DLRIG_ROLE_NORMAL, false);
}

static void circuit_one(app *a, int i, const char *id)
{
    (void)i;
    const dlrig_circuit *c = catalog_circuit(a->cat, id);
    char d[96] = "", h[400];
    if (c && c->continuous_w != DLRIG_NA) snprintf(d, sizeof d, "%d W continuous", c->continuous_w);
    snprintf(h, sizeof h,
             "The machine's draw at the wall must stay under what the circuit supplies continuously "
             "(power.circuit). %s",
             c && c->note ? c->note : "");
    add_choice(W(a), id, d, h, NAN, id, DLRIG_ROLE_NORMAL, false);
}

static void circuit_choices(app *a, int q)
{
    field_choices(a, q, circuit_one);
    add_choice(W(a), "Not sure", "no circuit check", "dlrig skips the wall-circuit check.", NAN, "",
               DLRIG_ROLE_NORMAL, false);
}

/* The circuit an environment suggests: in an office the weakest wall socket
 * of the catalog, elsewhere its strongest circuit. */
static int circuit_initial(app *a, int q)
{
    dlrig_requirements r;
    answers_upto(a, q, &r);
    bool office = requirements_environment(&r) == DLRIG_ENV_OFFICE;
    struct wizard_state *w = W(a);
    int best = 0, best_w = 0;
    for (int i = 0; i < w->n_ch; i++) {
        const dlrig_circuit *c = w->ch[i].id[0] ? catalog_circuit(a->cat, w->ch[i].id) : NULL;
        if (!c || c->continuous_w == DLRIG_NA) continue;
        if (best_w == 0 || (office ? c->continuous_w < best_w : c->continuous_w > best_w)) {
            best = i;
            best_w = c->continuous_w;
        }
    }
    return best;
}

static void noise_choices(app *a, int q)
{
    (void)q;
    struct wizard_state *w = W(a);
    add_choice(w, "Noise does not matter", NULL,
               "Blower and server fans are fine: dense multi-GPU builds become possible.", NAN, NULL,
               DLRIG_ROLE_NORMAL, false);
    add_choice(w, "It must be quiet", "people sit next to it",
               "Rules out blower and server-fan designs (env.noise); open-air cards need spacing (Dettmers).", NAN,
               dlrig_require_ids[DLRIG_MUST_QUIET], DLRIG_ROLE_NORMAL, false);
    w->ch[w->n_ch - 1].bits = DLRIG_REQ_QUIET;
}

static void value_choices(app *a, int q);

static void must_choices(app *a, int q)
{
    value_choices(a, q);
    add_choice(W(a), "Continue", NULL, "Space toggles a must-have; each one narrows the advisor's search.", NAN, "",
               DLRIG_ROLE_ACCENT, false);
}

static void review_choices(app *a, int q)
{
    (void)q;
    struct wizard_state *w = W(a);
    for (int k = 0; k < n_questions(); k++)
        if (Q(k)->kind != QK_REVIEW && Q(k)->kind != QK_FORM) {
            w->review_q[w->n_ch] = k;
            add_choice(w, Q(k)->label, NULL, "Enter goes back to this question.", NAN, "", DLRIG_ROLE_NORMAL,
                       false);
        }
    add_choice(W(a), "Build it", NULL, "The advisor's best build opens in the builder; its alternatives are one "
               "key away (a).", NAN, "", DLRIG_ROLE_ACCENT, false);
}

/* A chosen model reads with its size. */
static void model_describe(app *a, const choice *c, char *buf, size_t len)
{
    (void)a;
    if (isnan(c->num)) snprintf(buf, len, "%s", c->label);
    else snprintf(buf, len, "%.60s (%.30s)", c->label, c->detail);
}

/* ---- the purchase's shape and a second job (asked from the review) ---- */

static const amount_preset gpu_count_presets[] = {
    {"Any number", NULL, NAN, "The advisor chooses how many GPUs the budget and the job call for."},
    {"1 GPU", NULL, 1, "One card: no multi-GPU software, the simplest box."},
    {"2 GPUs", NULL, 2, "Two cards fit most desktop platforms."},
    {"4 GPUs", NULL, 4, "Four cards need a workstation or server platform (lanes, power, cooling): a 4-GPU box."},
    {"8 GPUs", NULL, 8, "Eight cards: a GPU server."},
    {"Type a number...", NULL, NAN, "Type a count: 3, 6 or 10."},
};

static const amount_preset vram_presets[] = {
    {"Any", NULL, NAN, "The advisor chooses: the job's memory need decides."},
    {"16 GB", NULL, 16, "16 GB a card or more."},
    {"24 GB", NULL, 24, "24 GB a card or more: RTX 3090/4090 class."},
    {"32 GB", NULL, 32, "32 GB a card or more: RTX 5090 class."},
    {"48 GB", NULL, 48, "48 GB a card or more: RTX 6000 Ada / A6000 class."},
    {"80 GB", NULL, 80, "80 GB a card or more: H100 class and up."},
    {"Type a size...", NULL, NAN, "Type the size in GB: 40, 96 or 141."},
};

static void one_card_choices(app *a, int q)
{
    (void)q;
    add_choice(W(a), "It may be split", "over several GPUs",
               "FSDP, ZeRO, llama.cpp and vLLM split a model over cards; the advisor may then buy several smaller "
               "ones.", NAN, "no", DLRIG_ROLE_NORMAL, false);
    add_choice(W(a), "On one card", "each job fits one GPU",
               "For tools that do not split a model (most image-model LoRA trainers): every job fits one card; more "
               "cards each run a copy.", NAN, "yes", DLRIG_ROLE_NORMAL, false);
}

static void second_model_choices(app *a, int q)
{
    (void)q;
    add_choice(W(a), "No second job", NULL, "The box runs the first job only.", NAN, "", DLRIG_ROLE_NORMAL, false);
    add_llm_models(a, requirements_field("also_model"), N_MAX_CHOICES - 1);
}

/* The answers so far name a second job (its model). */
static bool second_job(app *a)
{
    dlrig_requirements r;
    answers_upto(a, question_index("also_model") + 1, &r);
    return r.also_model[0] != '\0';
}

/* ... that generates (inference): its weights are asked. */
static bool second_job_generates(app *a)
{
    dlrig_requirements r;
    answers_upto(a, question_index("also_method") + 1, &r);
    return r.also_model[0] &&
           (!r.also_method[0] || id_index(dlrig_method_ids, r.also_method) == DLRIG_METHOD_INFERENCE);
}

/* ---- when the what-if form shows a row (the requirements it edits) ---- */

/* Whether the requirements are for a language model (the catalog's row of their workload says). */
static bool form_llm(const dlrig_catalog *cat, const dlrig_requirements *r)
{
    const dlrig_workload *w = requirements_workload(cat, r);
    return w && w->language_model;
}

static bool form_llm_trained(const dlrig_catalog *cat, const dlrig_requirements *r)
{
    return form_llm(cat, r) && requirements_workload(cat, r)->training;
}

static bool form_llm_generates(const dlrig_catalog *cat, const dlrig_requirements *r)
{
    return form_llm(cat, r) && !requirements_workload(cat, r)->training;
}

/* a size for other workloads, or one given for a language model beside its name */
static bool form_params(const dlrig_catalog *cat, const dlrig_requirements *r)
{
    return !form_llm(cat, r) || !isnan(r->model_params_m);
}

/* the second job's method and weights once it names a model (its weights when it generates) */
static bool form_second_job(const dlrig_catalog *cat, const dlrig_requirements *r)
{
    (void)cat;
    return r->also_model[0] != '\0';
}

static bool form_second_job_generates(const dlrig_catalog *cat, const dlrig_requirements *r)
{
    (void)cat;
    return r->also_model[0] &&
           (!r->also_method[0] || id_index(dlrig_method_ids, r->also_method) == DLRIG_METHOD_INFERENCE);
}

/* The questions, in the order they are asked, and the what-if form's rows
 * (app.h's tui_reqrow): one table, in the order both show them.  A QK_FORM
 * row is the form's only. */
#define ROW(f, h, ...) .row = {.field = (f), .hot = (h), __VA_ARGS__}
#define FORM_ROW(f, h, ...) {.row = {.field = (f), .hot = (h), __VA_ARGS__}, .kind = QK_FORM}
static const question questions[] = {
    {ROW("workload", 'w'), .step = "Workload", .title = "What will it mostly run?", .label = "Workload",
     .kind = QK_CHOICE, .choices = workload_choices},
    /* the model by name: the wizard's model question picks it from the list */
    FORM_ROW("model", 'm', .shown = form_llm),
    {ROW("model_params_m", 'm', .shown = form_params), .step = "Model", .title = "How big is the model?",
     .label = "Model", .kind = QK_AMOUNT, .choices = model_choices, .retitle = llm_title,
     .describe = model_describe, .asked = model_applies, .asked_when = "workloads with a model"},
    /* the wizard's "how will it run" sets the method, or the weights of a model that generates */
    {ROW("method", 'o', .label = "How it runs", .shown = form_llm_trained), .step = "Model",
     .title = "How will it run?", .label = "Runs as", .kind = QK_CHOICE, .choices = llm_run_choices,
     .asked = llm_workload, .asked_when = "language-model workloads"},
    FORM_ROW("weights", 'o', .label = "How it runs", .shown = form_llm_generates),
    {ROW("context_tokens", 'x', .shown = form_llm), .step = "Model", .title = "How long a context?",
     .label = "Context", .kind = QK_CHOICE, .choices = llm_context_choices, .asked = llm_workload,
     .asked_when = "language-model workloads"},
    {ROW("dataset_gb", 'd'), .step = "Model", .title = "How big is the dataset?", .label = "Dataset",
     .kind = QK_AMOUNT, .presets = dataset_presets, .n_presets = sizeof dataset_presets / sizeof dataset_presets[0],
     .asked = training_workload, .asked_when = "training workloads"},
    {ROW("budget_usd", 'b'), .step = "Budget", .title = "What is the budget?", .label = "Budget", .kind = QK_AMOUNT,
     .presets = budget_presets, .n_presets = sizeof budget_presets / sizeof budget_presets[0], .dflt = "10000"},
    {ROW("framework", 'f'), .step = "Framework", .title = "Which framework?", .label = "Framework",
     .kind = QK_CHOICE, .choices = framework_choices, .dflt = "pytorch"},
    {ROW("precision", 'p'), .step = "Framework", .title = "Which training precision?", .label = "Precision",
     .kind = QK_CHOICE, .texts = precision_texts, .n_texts = DLRIG_PRECISION_COUNT, .asked = precision_applies,
     .asked_when = "neural-network workloads"},
    {ROW("environment", 'e'), .step = "Environment", .title = "Where will it stand?", .label = "Environment",
     .kind = QK_CHOICE, .texts = env_texts, .n_texts = DLRIG_ENV_COUNT},
    {ROW("circuit", 'c'), .step = "Environment", .title = "Which wall circuit feeds it?", .label = "Circuit",
     .kind = QK_CHOICE, .choices = circuit_choices, .initial = circuit_initial, .follows = "environment"},
    {ROW("require", 'n', .label = "Noise", .noise = true), .step = "Environment", .title = "Does noise matter?",
     .label = "Noise", .kind = QK_CHOICE, .choices = noise_choices},
    /* the purchase's shape and a second job (a workload mix) */
    {ROW("min_gpus", 'g', .label = "GPUs, at least"), .step = "Must-haves", .title = "At least how many GPUs?",
     .label = "Min GPUs", .kind = QK_AMOUNT, .presets = gpu_count_presets,
     .n_presets = sizeof gpu_count_presets / sizeof gpu_count_presets[0], .optional = true,
     .asked_when = "any count; Enter sets one"},
    {ROW("max_gpus", 'g', .label = "GPUs, at most"), .step = "Must-haves", .title = "At most how many GPUs?",
     .label = "Max GPUs", .kind = QK_AMOUNT, .presets = gpu_count_presets,
     .n_presets = sizeof gpu_count_presets / sizeof gpu_count_presets[0], .optional = true,
     .asked_when = "any count; Enter sets one"},
    {ROW("min_vram_gb", 'v'), .step = "Must-haves", .title = "How much memory must each GPU have?",
     .label = "VRAM a card", .kind = QK_AMOUNT, .presets = vram_presets,
     .n_presets = sizeof vram_presets / sizeof vram_presets[0], .optional = true, .asked_when = "any; Enter sets it"},
    {ROW("one_card", 'l'), .step = "Must-haves", .title = "Must each job fit on one GPU?", .label = "On one card",
     .kind = QK_CHOICE, .choices = one_card_choices, .optional = true,
     .asked_when = "may be split; Enter to require one card"},
    {ROW("also_model", 's'), .step = "Must-haves", .title = "A second job on the same box? (its model)",
     .label = "Second job", .kind = QK_CHOICE, .choices = second_model_choices, .optional = true,
     .asked_when = "none; Enter adds one"},
    {ROW("also_method", 's', .shown = form_second_job), .step = "Must-haves", .title = "How does the second job run?",
     .label = "Job 2 runs as", .kind = QK_CHOICE, .asked = second_job, .optional = true, .chained = true,
     .asked_when = "with a second job"},
    {ROW("also_weights", 's', .shown = form_second_job_generates), .step = "Must-haves",
     .title = "How are the second job's weights stored?", .label = "Job 2 weights", .kind = QK_CHOICE,
     .asked = second_job_generates, .optional = true, .chained = true, .asked_when = "a second job that generates"},
    {ROW("require", 'h'), .step = "Must-haves", .title = "Must-haves (Space toggles)", .label = "Must-haves",
     .kind = QK_FLAGS, .texts = must_texts, .n_texts = DLRIG_MUST_COUNT, .choices = must_choices},
    {.step = "Review", .title = "Review the answers", .label = "Review", .kind = QK_REVIEW, .choices = review_choices},
};
#undef ROW
#undef FORM_ROW
#define N_QUESTIONS ((int)(sizeof questions / sizeof questions[0]))
_Static_assert(N_QUESTIONS <= MAX_Q, "wizard_state's arrays");

static const question *Q(int q) { return &questions[q]; }
static int n_questions(void) { return N_QUESTIONS; }

size_t tui_reqrow_count(void) { return (size_t)N_QUESTIONS; }

const tui_reqrow *tui_reqrow_at(size_t i)
{
    return i < (size_t)N_QUESTIONS && questions[i].row.hot ? &questions[i].row : NULL;
}

/* The first question the wizard asks that sets the field `key` (the LLM run
 * question sets method or weights and is found by "method"). */
static int question_index(const char *field)
{
    for (int q = 0; q < N_QUESTIONS; q++)
        if (questions[q].kind != QK_FORM && questions[q].row.field && strcmp(questions[q].row.field, field) == 0)
            return q;
    return 0;
}

/* Whether the wizard asks question q for the answers so far (never a row of the form's only). */
static bool asked(app *a, int q)
{
    const question *qq = &questions[q];
    if (qq->kind == QK_FORM) return false;
    /* passed by, and its answer left out, until it is answered (Enter on its review line) */
    if (qq->optional && !W(a)->answered[q]) return false;
    return !qq->asked || qq->asked(a);
}

/* ---- the stepper ---- */

/* The choices of the field's values (requirements.h's lists, in vocab.h's
 * order) with the question's texts; a flag each for a flags field. */
static void value_choices(app *a, int q)
{
    struct wizard_state *w = W(a);
    const question *qq = &questions[q];
    const dlrig_reqfield *f = field_of(q, NULL);
    for (int i = 0; f && f->choices && f->choices[i]; i++) {
        const value_text *t = i < qq->n_texts ? &qq->texts[i] : NULL;
        const char *label = t && t->label ? t->label : f->labels && f->labels[i] ? f->labels[i] : f->choices[i];
        add_choice(w, label, NULL, t ? t->help : NULL, NAN, f->choices[i],
                   DLRIG_ROLE_NORMAL, false);
        if (f->kind == DLRIG_RK_FLAGS) w->ch[w->n_ch - 1].bits = 1u << i;
    }
}

/* Fills w->ch with the choices of question q. */
static void build_choices(app *a, int q)
{
    struct wizard_state *w = W(a);
    work.choice_lists++;
    w->n_ch = 0;
    if (questions[q].choices) questions[q].choices(a, q);
    else if (questions[q].kind == QK_AMOUNT) amount_choices(a, q);
    else value_choices(a, q);
}

/* The value chosen at question q (as a choice of that question), built
 * once for each set of answers to questions 0..q. */
static choice build_choice_of(app *a, int q);

static choice choice_of(app *a, int q)
{
    struct wizard_state *w = W(a);
    struct cached_choice *c = &w->chosen[q];
    if (!c->valid || !same_answers(w, c->deps, q + 1)) {
        choice fresh = build_choice_of(a, q);
        c->c = fresh;
        note_answers(w, c->deps, q + 1);
        c->valid = true;
    }
    return c->c;
}

static choice build_choice_of(app *a, int q)
{
    struct wizard_state *w = W(a);
    choice *saved = xmalloc(sizeof w->ch);
    int saved_n = w->n_ch;
    memcpy(saved, w->ch, sizeof w->ch);
    build_choices(a, q);
    int s = w->pick[q].sel;
    if (s < 0 || s >= w->n_ch) s = 0;
    choice c = w->ch[s];
    memcpy(w->ch, saved, sizeof w->ch);
    w->n_ch = saved_n;
    free(saved);
    return c;
}

/* The index of the choice of question q (built in w->ch) whose answer
 * equals r's value of its field; -1 when none does.  A flags choice matches
 * when r has all its flags (the one with most of them). */
static int find_value(int q, const struct wizard_state *w, const dlrig_requirements *r)
{
    int best = -1, best_bits = -1;
    for (int i = 0; i < w->n_ch; i++) {
        const choice *c = &w->ch[i];
        const dlrig_reqfield *f = field_of(q, c);
        if (!f || c->typed) continue;
        if (f->kind == DLRIG_RK_FLAGS) {
            int nb = 0;
            for (unsigned b = c->bits; b; b &= b - 1) nb++;
            unsigned have = *(const unsigned *)(const void *)((const char *)r + f->offset);
            if ((have & c->bits) == c->bits && nb > best_bits) best = i, best_bits = nb;
            continue;
        }
        dlrig_requirements one;
        requirements_init(&one);
        apply_choice(q, c, &one);
        char x[128], y[128];
        const char *sx = requirements_format(f, &one, NULL, x, sizeof x), *sy = requirements_format(f, r, NULL, y,
                                                                                                     sizeof y);
        if (sx && sy && strcmp(sx, sy) == 0) return i;
        /* a text field not given: the choice that sets nothing ("Not sure") */
        if (!sx && !sy && f->kind != DLRIG_RK_NUMBER && f->kind != DLRIG_RK_WHOLE) return i;
    }
    return best;
}

/* The default answer of question q (its choices built in w->ch). */
static int default_choice(app *a, int q)
{
    const question *qq = &questions[q];
    if (qq->initial) return qq->initial(a, q);
    const dlrig_reqfield *f = qq->row.field ? requirements_field(qq->row.field) : NULL;
    const char *def = qq->dflt ? qq->dflt : f ? requirements_default_in(f, a->cat) : NULL;
    if (!f || !def) return 0;
    dlrig_requirements r;
    requirements_init(&r);
    char err[256];
    if (requirements_parse_text(f, def, f->label, NULL, &r, err, sizeof err) != 0) return 0;
    int i = find_value(q, W(a), &r);
    return i < 0 ? 0 : i;
}

static void refresh_preview(app *a);

static void enter_question(app *a, int q)
{
    struct wizard_state *w = W(a);
    if (q < 0) q = 0;
    if (q >= N_QUESTIONS) q = N_QUESTIONS - 1;
    w->q = q;
    w->editing = false;
    ui_list_filter_clear(&w->find);
    build_choices(a, q);
    ui_list *l = &w->pick[q];
    ui_list_set(l, w->n_ch);
    l->top = 0; /* scrolled to the answer when drawn */
    const question *qq = &questions[q];
    if (qq->follows && !w->answered[q]) ui_list_select(l, default_choice(a, q));
    if ((qq->kind == QK_FLAGS && !w->answered[q]) || qq->kind == QK_REVIEW) ui_list_select(l, w->n_ch - 1);
    refresh_preview(a);
}

/* Enters question q, or the next one asked in direction dir (+1, -1). */
static void go(app *a, int q, int dir)
{
    while (q > 0 && q < N_QUESTIONS - 1 && !asked(a, q)) q += dir;
    enter_question(a, q);
}

/* Forgets the previews kept (their builds are freed). */
static void free_previews(struct wizard_state *w)
{
    for (size_t i = 0; i < sizeof w->seen / sizeof w->seen[0]; i++) {
        struct cached_preview *p = &w->seen[i];
        if (p->recs) recommendations_free(p->recs, p->n);
        memset(p, 0, sizeof *p);
    }
    w->prev = NULL;
    w->n_prev = 0;
}

/* The kept preview of answers r, or NULL. */
static struct cached_preview *preview_of(struct wizard_state *w, const dlrig_requirements *r)
{
    for (size_t i = 0; i < sizeof w->seen / sizeof w->seen[0]; i++)
        if (w->seen[i].used && memcmp(&w->seen[i].req, r, sizeof *r) == 0) return &w->seen[i];
    return NULL;
}

/* Marks the preview stale; wizard_idle computes it once the frame is drawn. */
static void refresh_preview(app *a)
{
    struct wizard_state *w = W(a);
    if (w) w->preview_stale = true;
}

static bool wizard_idle(app *a)
{
    struct wizard_state *w = W(a);
    if (!w->preview_stale) return false;
    w->preview_stale = false;
    dlrig_requirements r;
    answers(a, &r);
    if (w->preview_done && memcmp(&r, &w->preview_req, sizeof r) == 0) return false;
    w->preview_req = r;
    w->preview_done = true;
    struct cached_preview *p = preview_of(w, &r);
    if (!p) { /* advise, into the slot used longest ago */
        p = &w->seen[w->seen_next];
        w->seen_next = (w->seen_next + 1) % (int)(sizeof w->seen / sizeof w->seen[0]);
        if (p->recs) recommendations_free(p->recs, p->n);
        memset(p, 0, sizeof *p);
        p->used = true;
        p->req = r;
        double t0 = now_seconds();
        work.advisor_runs++;
        /* The best build, and the runners-up a tall preview lists under it. */
        int rc = tui_advise(a, &r, 3, &p->recs, &p->n, p->err, sizeof p->err);
        p->ms = (now_seconds() - t0) * 1000.0;
        if (rc != 0) {
            if (p->recs) recommendations_free(p->recs, p->n);
            p->recs = NULL;
            p->n = 0;
            if (!p->err[0]) snprintf(p->err, sizeof p->err, "the advisor could not use these answers");
        } else if (p->n == 0 && !p->err[0]) {
            snprintf(p->err, sizeof p->err, "no complete build meets these answers");
        }
    }
    w->prev = p->recs;
    w->n_prev = p->n;
    snprintf(w->prev_err, sizeof w->prev_err, "%s", p->err);
    w->prev_ms = p->ms;
    return true;
}

static void free_state(struct wizard_state *w)
{
    if (!w) return;
    free_previews(w);
    free(w);
}

static void wizard_close(void *st) { free_state(st); }

/* Parses a typed amount ("12.5k", "$12,500", "13B", "3TB") with the
 * requirement table's parser, units and limits, so the wizard accepts
 * exactly what a build file holds.  Returns false with a message naming the
 * limit in err. */
static bool parse_amount(int q, const char *s, double *out, char *err, size_t errlen)
{
    const dlrig_reqfield *f = field_of(q, NULL);
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
    /* named after the answers, and renamed as they change (the advisor's name describes its GPUs) */
    char err[512];
    const char *nm = NULL;
    /* the preview advised these answers already: its picks are the build */
    struct wizard_state *w = W(a);
    struct cached_preview *p = preview_of(w, &r);
    size_t got;
    if (p) {
        dlrig_recommendation *recs = p->recs;
        size_t n = p->n;
        snprintf(err, sizeof err, "%s", p->err);
        memset(p, 0, sizeof *p); /* handed over */
        w->prev = NULL;
        w->n_prev = 0;
        got = tui_open_advised(a, &r, nm, recs, n, err, sizeof err);
    } else {
        work.advisor_runs++;
        got = tui_open_best_build(a, &r, nm, err, sizeof err);
    }
    if (got == 0)
        app_message(a, DLRIG_ROLE_WARNING, "The advisor found no build: %s. Pick parts by hand.", err);
}

static void accept(app *a)
{
    struct wizard_state *w = W(a);
    int q = w->q;
    const question *qq = &questions[q];
    int sel = w->pick[q].sel;
    choice *c = &w->ch[sel];
    if (qq->kind == QK_REVIEW) {
        if (sel < w->n_ch - 1) {
            int t = w->review_q[sel];
            w->answered[q] = true; /* the answer given there goes straight back to the review */
            /* a question that follows another (the second job's method) and does not apply yet: the one it
             * follows is asked instead */
            while (questions[t].chained && t > 0 && questions[t].asked && !questions[t].asked(a)) t--;
            if (!questions[t].optional) go(a, t, 1);
            else enter_question(a, t); /* asked for */
        }
        else finish(a);
        return;
    }
    if (c->typed && !w->editing && isnan(c->num)) {
        w->editing = true;
        w->input[0] = '\0';
        return;
    }
    w->answered[q] = true;
    /* a choice of flags (quiet) sets its flags in the flags answer and clears its siblings' */
    const dlrig_reqfield *f = field_of(q, NULL);
    if (qq->kind == QK_CHOICE && f && f->kind == DLRIG_RK_FLAGS) {
        for (int i = 0; i < w->n_ch; i++) w->flags &= ~w->ch[i].bits;
        w->flags |= c->bits;
    }
    /* the questions whose default follows this answer take it again */
    for (int k = q + 1; f && k < N_QUESTIONS; k++)
        if (questions[k].follows && strcmp(questions[k].follows, f->key) == 0) w->answered[k] = false;
    /* from a jump back from the review, go straight back to it */
    bool back_to_review = w->answered[N_QUESTIONS - 1];
    /* a second job's method follows its model, its weights the method, when they apply */
    for (int k = q + 1; k < N_QUESTIONS && questions[k].chained; k++) {
        if (questions[k].asked && !questions[k].asked(a)) continue;
        enter_question(a, k);
        return;
    }
    go(a, back_to_review ? N_QUESTIONS - 1 : q + 1, 1);
}

/* Toggles choice i of a flags question (not its last, "Continue"). */
static bool toggle(struct wizard_state *w, int i)
{
    if (questions[w->q].kind != QK_FLAGS || i < 0 || i >= w->n_ch - 1) return false;
    w->flags ^= w->ch[i].bits;
    return true;
}

/* Starts typing an amount in the question on screen (its last choice),
 * with `first` typed (0: nothing yet). */
static void start_typing(struct wizard_state *w, int first)
{
    ui_list_select(&w->pick[w->q], w->n_ch - 1);
    w->editing = true;
    w->input[0] = '\0';
    if (first) ui_edit_key(w->input, sizeof w->input, first, 0);
}

/* Keys while an amount is typed (the key table does not apply): the line
 * editor's, with Enter taking the amount and Esc leaving it. */
static int edit_key(app *a, int key)
{
    struct wizard_state *w = W(a);
    int q = w->q;
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
    } else if ((key == KEY_BACKSPACE || key == 127 || key == 8) && !w->input[0]) {
        w->editing = false; /* Backspace past the start leaves the amount */
    } else if (ui_edit_key(w->input, sizeof w->input, key, 0) == UI_EDIT_FULL) {
        app_message(a, DLRIG_ROLE_WARNING, "An amount is at most %zu characters long", sizeof w->input - 1);
    }
    return UI_HANDLED;
}

/* ---- the filter: the list widget's, over the question's choices ---- */

/* Whether the choices on screen are narrowed by a filter. */
static bool filtered(const struct wizard_state *w) { return w->find.filter[0] || w->find.filtering; }

/* The text the filter matches of choice i: its label and detail. */
static const char *choice_text(void *ctx, int i, char *buf, size_t len)
{
    const choice *c = &((const struct wizard_state *)ctx)->ch[i];
    snprintf(buf, len, "%s %s", c->label, c->detail);
    return buf;
}

/* The question's answer follows the filter's selection. */
static void follow_find(app *a)
{
    struct wizard_state *w = W(a);
    if (!w->find.n) return;
    ui_list_select(&w->pick[w->q], w->shown[w->find.sel]);
    refresh_preview(a);
}

/* Narrows the choices to the filter's, the selection on the answer when it is among them. */
static void refilter(app *a)
{
    struct wizard_state *w = W(a);
    ui_list *f = &w->find;
    int sel = w->pick[w->q].sel;
    f->n = w->n_ch; /* the rows before: all, so that the answer's row is kept */
    for (int i = 0; i < w->n_ch; i++) w->shown[i] = i;
    ui_list_select(f, sel);
    ui_list_filter_rows(f, w->n_ch, choice_text, w, w->shown);
    follow_find(a);
}

/* Keys while the filter is typed (the key table does not apply). */
static int find_key(app *a, int key)
{
    struct wizard_state *w = W(a);
    switch (ui_list_filter_key(&w->find, key)) {
    case UI_FILTER_CHANGED: refilter(a); break;
    case UI_FILTER_MOVED: follow_find(a); break;
    case UI_FILTER_ACCEPT:
        if (w->find.n) accept(a); /* leaves the question: the filter goes */
        break;
    default: break;
    }
    return UI_HANDLED;
}

static int wizard_key(app *a, int action, int key)
{
    struct wizard_state *w = W(a);
    int q = w->q;
    qkind kind = questions[q].kind;
    ui_list *l = &w->pick[q];
    if (w->editing) return edit_key(a, key);
    if (w->find.filtering) return find_key(a, key);
    if (action == W_FILTER) {
        if (kind != QK_CHOICE && kind != QK_AMOUNT) return UI_UNHANDLED;
        ui_list_filter_start(&w->find);
        refilter(a);
        return UI_HANDLED;
    }
    if (filtered(w)) {
        /* the filter's rows move; Esc clears it; other keys act on all the choices again */
        if (ui_list_nav(&w->find, action, false)) {
            follow_find(a);
            return UI_HANDLED;
        }
        if (action == W_ESC) {
            ui_list_filter_clear(&w->find);
            return UI_HANDLED;
        }
        if (action == W_NEXT && !w->find.n) return UI_HANDLED;
        ui_list_filter_clear(&w->find);
    }
    if (action == W_DIGIT) {
        /* digits: type a number in amount questions, pick a choice elsewhere */
        if (kind == QK_AMOUNT) {
            start_typing(w, key);
            return UI_HANDLED;
        }
        if (key < '1' || key - '1' >= w->n_ch || kind == QK_REVIEW) return UI_UNHANDLED;
        ui_list_select(l, key - '1');
        refresh_preview(a);
        return UI_HANDLED;
    }
    if (action >= W_PRESET && action < W_PRESET + TUI_PRESET_KEYS) {
        tui_preset_load(a, (size_t)(action - W_PRESET)); /* may replace the wizard with the builder */
        return UI_HANDLED;
    }
    if (ui_list_nav(l, action, false)) {
        refresh_preview(a);
        return UI_HANDLED;
    }
    switch (action) {
    case W_PRESETS: tui_preset_menu(a); return UI_HANDLED;
    case W_NEXT: accept(a); return UI_HANDLED;
    case W_TOGGLE:
        if (toggle(w, l->sel) || kind == QK_FLAGS) break;
        accept(a); /* may finish the wizard (Build it): its state is then gone */
        return UI_HANDLED;
    case W_RETYPE:
        if (kind != QK_AMOUNT) return UI_UNHANDLED;
        start_typing(w, 0);
        return UI_HANDLED;
    case W_BACK:
    case W_ESC:
        if (q > 0) {
            w->answered[N_QUESTIONS - 1] = false;
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

/* The list widget's mouse: a click selects, a second click (or a double
 * click) accepts, the wheel moves the selection.  While an amount is typed
 * the wheel does nothing, a click on it takes it (as Enter) and a click on
 * another choice leaves it. */
static int wizard_mouse(app *a, const MEVENT *ev)
{
    struct wizard_state *w = W(a);
    ui_list *l = &w->pick[w->q];
    if (filtered(w)) { /* the filter's rows */
        int r = ui_list_mouse(&w->find, ev, 1, false);
        if (r == UI_LIST_MOVED || r == UI_LIST_CHOSEN) follow_find(a);
        if (r == UI_LIST_CHOSEN && w->find.n) {
            w->find.filtering = false;
            if (!toggle(w, l->sel)) accept(a);
        }
        return UI_HANDLED;
    }
    if (w->editing && (ev->bstate & (BUTTON4_PRESSED | BUTTON5_PRESSED))) return UI_HANDLED;
    int before = l->sel;
    int r = ui_list_mouse(l, ev, 1, false);
    if (w->editing && l->sel != before) w->editing = false;
    if (r == UI_LIST_CHOSEN && w->editing) return edit_key(a, '\r');
    if (r == UI_LIST_CHOSEN) {
        if (!toggle(w, l->sel)) accept(a);
    } else if (r == UI_LIST_MOVED) {
        refresh_preview(a);
    }
    return UI_HANDLED;
}

static bool wizard_text(const app *a) { return W(a) && (W(a)->editing || W(a)->find.filtering); }

/* The keys while an amount is typed (edit_key) or the choices are filtered
 * (find_key), for F1. */
enum { WT_OK = 1, WT_LEAVE, WT_CLEAR, WT_MOVE, WT_EDIT, WT_ERASE, WT_KEYS };
static const keybind amount_typing_keys[] = {
    {'\r', WT_OK, "Enter", "take the amount and go to the next question (a bad one is named and stays)", "take"},
    {KEY_ENTER, WT_OK, "Enter", NULL, NULL},
    {27, WT_LEAVE, "Esc", "leave the amount: the choices again (Backspace on an empty amount too)", "leave"},
    UI_EDIT_KEY_ROWS(WT_EDIT, WT_ERASE, WT_KEYS),
    {0, 0, NULL, NULL, NULL},
};
static const keybind find_typing_keys[] = {
    {'\r', WT_OK, "Enter", "choose the selected answer", "choose"},
    {KEY_ENTER, WT_OK, "Enter", NULL, NULL},
    {'\t', WT_LEAVE, "Tab", "stop typing; the choices stay filtered", NULL},
    {27, WT_CLEAR, "Esc", "clear the filter and stop typing", "clear"},
    UI_FILTER_MOVE_ROWS(WT_MOVE, "move in the choices shown"),
    UI_EDIT_KEY_ROWS(WT_EDIT, WT_ERASE, WT_KEYS),
    {0, 0, NULL, NULL, NULL},
};

static const keybind *wizard_text_keys(const app *a)
{
    if (!W(a)) return NULL;
    return W(a)->editing ? amount_typing_keys : W(a)->find.filtering ? find_typing_keys : NULL;
}

/* ---- drawing ---- */

/* The steps of the tab bar: the questions' steps, in order, once each;
 * returns how many and the index of question q's in *cur. */
static int steps_of(int q, const char *out[], int max, int *cur)
{
    int n = 0;
    for (int k = 0; k < N_QUESTIONS; k++) {
        if (!questions[k].step) continue; /* a row of the form's only */
        if (n == 0 || strcmp(out[n - 1], questions[k].step) != 0) {
            if (n == max) break;
            out[n++] = questions[k].step;
        }
        if (k == q) *cur = n - 1;
    }
    return n;
}

static void draw_steps(app *a, int y)
{
    struct wizard_state *w = W(a);
    const char *steps[N_QUESTIONS];
    int cur = 0, n = steps_of(w->q, steps, N_QUESTIONS, &cur);
    int x = 1;
    for (int i = 0; i < n; i++) {
        int role = i == cur ? DLRIG_ROLE_SELECTION : i < cur ? DLRIG_ROLE_OK : DLRIG_ROLE_DIM;
        x += ui_putf(a, y, x, a->w - x, role, " %s ", steps[i]);
        if (i + 1 < n) x += ui_putf(a, y, x, a->w - x, DLRIG_ROLE_DIM, "%s", a->g->arrow);
    }
}

/* The review line of question q: its answer as the table describes it. */
static void answer_text(app *a, int q, char *buf, size_t len)
{
    const question *qq = &questions[q];
    if (!asked(a, q)) {
        snprintf(buf, len, "- (%s)", qq->asked_when ? qq->asked_when : "not asked");
        return;
    }
    struct wizard_state *w = W(a);
    const dlrig_reqfield *f = field_of(q, NULL);
    dlrig_requirements r;
    requirements_init(&r);
    if (qq->kind == QK_FLAGS) {
        choice c = {.bits = w->flags, .num = NAN};
        apply_choice(q, &c, &r);
        if (!f || !requirements_format(f, &r, NULL, buf, len)) snprintf(buf, len, "none");
        return;
    }
    choice c = choice_of(a, q);
    if (c.typed) {
        apply_choice(q, &c, &r);
        if (!f || !requirements_format(f, &r, NULL, buf, len)) snprintf(buf, len, "-");
        return;
    }
    if (qq->describe) qq->describe(a, &c, buf, len);
    else snprintf(buf, len, "%s", c.label);
}

static void draw_list(app *a, int y, int x, int h, int wdt)
{
    struct wizard_state *w = W(a);
    int q = w->q;
    const question *qq = &questions[q];
    const char *title = qq->retitle ? qq->retitle(a) : NULL;
    ui_box(a, y, x, h, wdt, title ? title : qq->title, true);
    int body = h - 2, iw = wdt - 4;
    /* the rows shown: every choice, or those the filter matches */
    bool narrowed = filtered(w);
    ui_list *l = narrowed ? &w->find : &w->pick[q];
    ui_list_place(l, y + 1, x + 1, body, wdt - 2, 1);
    int s = w->pick[q].sel;
    if (narrowed && !l->n)
        ui_put(a, y + 1, x + 2, iw, DLRIG_ROLE_DIM, "No match (Esc clears the filter)");
    for (int r = 0; r < body && l->top + r < l->n; r++) {
        int i = narrowed ? w->shown[l->top + r] : l->top + r;
        const choice *c = &w->ch[i];
        bool sel = i == s;
        int yy = y + 1 + r, xx = x + 2;
        if (sel) ui_fill(a, yy, x + 1, wdt - 2, DLRIG_ROLE_SELECTION);
        int role = sel ? DLRIG_ROLE_SELECTION : c->role;
        int used = ui_put(a, yy, xx, iw, role, sel ? a->g->cursor : " ");
        used += 1;
        if (qq->kind == QK_FLAGS && i < w->n_ch - 1)
            used += ui_putf(a, yy, xx + used, iw - used, role, "%s ",
                            (w->flags & c->bits) == c->bits ? a->g->check : a->g->uncheck);
        if (qq->kind == QK_REVIEW && i < w->n_ch - 1) {
            char ans[160];
            answer_text(a, w->review_q[i], ans, sizeof ans);
            int lw = 13;
            ui_put(a, yy, xx + used, lw, sel ? role : DLRIG_ROLE_DIM, c->label);
            ui_put(a, yy, xx + used + lw + 1, iw - used - lw - 1, role, ans);
            continue;
        }
        if (w->editing && sel && c->typed) {
            used += ui_putf(a, yy, xx + used, iw - used, role, "%s ", c->label);
            ui_edit_draw(a, yy, xx + used, iw - used, DLRIG_ROLE_FOCUS, w->input);
            continue;
        }
        used += ui_put(a, yy, xx + used, iw - used, role, c->label);
        /* the detail only when it fits whole (the help line says the rest) */
        int dw = ui_width(a, c->detail);
        if (c->detail[0] && used + 2 + dw <= iw)
            ui_put(a, yy, xx + iw - dw, dw, sel ? role : DLRIG_ROLE_DIM, c->detail);
    }
    /* the bottom border: the filter (left) and where the selection is (right) */
    int pos_w = 0;
    if (l->n > body || narrowed) {
        char pos[32];
        snprintf(pos, sizeof pos, " %d/%d ", l->n ? l->sel + 1 : 0, l->n);
        pos_w = (int)strlen(pos) + 1;
        ui_put_right(a, y + h - 1, x + 2, wdt - 4, DLRIG_ROLE_DIM, pos);
    }
    char f[128];
    if (ui_list_filter_text(&w->find, f, sizeof f))
        ui_putf(a, y + h - 1, x + 2, wdt - 4 - pos_w, DLRIG_ROLE_ACCENT, " %s ", f);
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
        snprintf(buf, sizeof buf, "%s %s", format_speed(r->estimate.throughput, NULL, n1, sizeof n1),
                 r->estimate.unit ? r->estimate.unit : "");
        int used = ui_put(a, iy, ix + lw, iw - lw, DLRIG_ROLE_OK, buf);
        if (!isnan(r->estimate.epoch_hours))
            ui_putf(a, iy, ix + lw + used, iw - lw - used, DLRIG_ROLE_DIM, " %s %s per epoch", a->g->sep,
                    format_hours(r->estimate.epoch_hours, n1, sizeof n1));
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
                    format_speed(alt->estimate.throughput, NULL, n1, sizeof n1),
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
    const char *steps[N_QUESTIONS];
    int sidx = 0, n_steps = steps_of(q, steps, N_QUESTIONS, &sidx);
    char right[64];
    snprintf(right, sizeof right, "Step %d of %d ", sidx + 1, n_steps);
    ui_put_right(a, 0, a->w / 2, a->w / 2, DLRIG_ROLE_HEADER, right);
    draw_steps(a, 1);

    int help_h = 5;
    int top = 3, bottom = a->h - 1 - help_h; /* rows [top, bottom) for the panes */
    int lw = a->w >= 120 ? a->w * 5 / 10 : a->w - 44;
    if (lw > 90) lw = 90;
    draw_list(a, top - 1, 0, bottom - top + 1, lw);
    draw_preview(a, top - 1, lw, bottom - top + 1, a->w - lw);
    /* help for the highlighted choice */
    const choice *c = &w->ch[w->pick[q].sel];
    ui_box(a, bottom, 0, help_h, a->w, "Why it matters", false);
    ui_put_wrapped(a, bottom + 1, 2, help_h - 2, a->w - 4, DLRIG_ROLE_NORMAL, c->help);
}

static void wizard_resize(app *a) { (void)a; }

static void wizard_open(app *a, void *args);

const screen wizard_screen = {
    .name = "wizard",
    .min_w = UI_MIN_W,
    .min_h = UI_MIN_H,
    .open = wizard_open,
    .close = wizard_close,
    .draw = wizard_draw,
    .on_key = wizard_key,
    .on_mouse = wizard_mouse,
    .on_resize = wizard_resize,
    .text_input = wizard_text,
    .text_keys = wizard_text_keys,
    .on_idle = wizard_idle,
    .keys = wizard_keys,
    .key_help = tui_preset_key_help,
};

/* Question q's answer taken from the start requirements: the choice with
 * start's value, else a typed amount. */
static void start_answer(app *a, int q, const dlrig_requirements *start)
{
    struct wizard_state *w = W(a);
    /* a question asked only when asked for takes a start's value it states */
    const dlrig_reqfield *given = questions[q].row.field ? requirements_field(questions[q].row.field) : NULL;
    if (questions[q].optional && (!given || !requirements_given(given, start))) return;
    int i = find_value(q, w, start);
    /* an amount is shown as typed even when a preset has it; a model by name is a choice */
    if (i >= 0 && questions[q].kind == QK_AMOUNT && field_of(q, &w->ch[i])->kind == DLRIG_RK_NUMBER) i = -1;
    if (i >= 0) {
        ui_list_select(&w->pick[q], i);
        w->answered[q] = true;
        return;
    }
    if (questions[q].kind != QK_AMOUNT || w->n_ch == 0) return;
    const dlrig_reqfield *f = field_of(q, &w->ch[w->n_ch - 1]);
    double v = f ? requirements_number(f, start) : NAN;
    if (isnan(v)) return;
    w->typed[q] = v;
    build_choices(a, q);
    ui_list_select(&w->pick[q], w->n_ch - 1);
}

/* app_open(TUI_WIZARD, wizard_args * or NULL). */
static void wizard_open(app *a, void *args)
{
    const dlrig_requirements *start = args ? ((const wizard_args *)args)->start : NULL;
    struct wizard_state *w = xcalloc(1, sizeof *w);
    app_push(a, &wizard_screen, w);
    for (int q = 0; q < N_QUESTIONS; q++) w->typed[q] = NAN;
    /* sensible defaults (Enter through every step gives a good build), or the start's answers */
    for (int q = 0; q < N_QUESTIONS; q++) {
        if (questions[q].kind == QK_FORM) continue;
        build_choices(a, q);
        ui_list_set(&w->pick[q], w->n_ch);
        if (questions[q].kind == QK_REVIEW || questions[q].kind == QK_FLAGS) continue;
        ui_list_select(&w->pick[q], default_choice(a, q));
        if (start) start_answer(a, q, start);
    }
    if (start) w->flags = start->require;
    enter_question(a, 0);
}
