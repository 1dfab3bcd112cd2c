/*
 * fix.c — fix-its: for a finding, candidate changes of the build (which
 * parts may resolve it is the one piece of knowledge here, per finding id);
 * each candidate is applied to a scratch copy of the build and the rules run
 * again, and only candidates that remove the finding without adding an error
 * are kept.  Prices come from the totals of that re-check, never from a
 * formula of our own.
 */
#include "dlrig/fix.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlrig/constraints.h"
#include "dlrig/format.h"
#include "dlrig/perf.h"
#include "dlrig/power.h"
#include "dlrig/query.h"
#include "dlrig/requirements.h"
#include "dlrig/util.h"

/* ------------------------------------------------------------ tallies */

#define MAX_IDS 96

/* Errors and warnings per finding id of one report. */
typedef struct tally {
    const char *id[MAX_IDS];
    int err[MAX_IDS], warn[MAX_IDS];
    size_t n;
} tally;

static size_t tally_slot(tally *t, const char *id)
{
    for (size_t i = 0; i < t->n; i++)
        if (t->id[i] == id || strcmp(t->id[i], id) == 0) return i;
    if (t->n == MAX_IDS) return MAX_IDS - 1;
    t->id[t->n] = id;
    t->err[t->n] = t->warn[t->n] = 0;
    return t->n++;
}

static void tally_of(const dlrig_report *r, tally *t)
{
    t->n = 0;
    for (size_t i = 0; i < r->n_findings; i++) {
        const dlrig_finding *f = &r->findings[i];
        if (f->severity == DLRIG_SEV_INFO) continue;
        size_t k = tally_slot(t, f->id);
        if (f->severity == DLRIG_SEV_ERROR) t->err[k]++;
        else t->warn[k]++;
    }
}

static void tally_get(const tally *t, const char *id, int *err, int *warn)
{
    *err = *warn = 0;
    for (size_t i = 0; i < t->n; i++)
        if (strcmp(t->id[i], id) == 0) {
            *err = t->err[i];
            *warn = t->warn[i];
            return;
        }
}

/* compat.missing_part lists every missing category in one finding: progress
 * is a shorter list (the rule's own test, rules_missing_categories). */
static int missing_count(const dlrig_build *b)
{
    dlrig_category miss[DLRIG_CAT_COUNT];
    return (int)rules_missing_categories(b, miss, DLRIG_CAT_COUNT);
}

/* ------------------------------------------------------------ changes */

static void apply_change(dlrig_build *b, const dlrig_change *c)
{
    switch (c->op) {
    case DLRIG_CHANGE_REPLACE: {
        /* every unit of part goes (owned or bought); the units of `with` are bought */
        size_t at = b->n_items, dup = b->n_items;
        for (size_t i = 0; i < b->n_items; i++) {
            if (b->items[i].part == c->part && at == b->n_items) at = i;
            if (b->items[i].part == c->with && !b->items[i].owned) dup = i;
        }
        if (at == b->n_items) {
            build_add(b, c->with, c->qty);
        } else if (dup < b->n_items) {
            b->items[dup].qty += c->qty;
            build_set_qty(b, c->part, 0);
        } else {
            b->items[at].part = c->with; /* in place: GPUs keep their order, so their placement */
            b->items[at].qty = c->qty;
            b->items[at].owned = false;
            build_set_qty(b, c->part, 0); /* the part's other line, if it had two */
        }
        break;
    }
    case DLRIG_CHANGE_ADD: build_add(b, c->with, c->qty); break;
    case DLRIG_CHANGE_REMOVE: build_set_qty(b, c->part, 0); break;
    case DLRIG_CHANGE_QTY: build_set_qty(b, c->part, c->qty); break;
    case DLRIG_CHANGE_REQUIREMENT: {
        const dlrig_reqfield *f = requirements_field(c->key);
        if (!f) break;
        if (f->kind == DLRIG_RK_FLAGS && !c->value[0]) {
            b->req.require = 0;
            break;
        }
        char err[256];
        (void)requirements_parse_text(f, c->value, c->key, NULL, &b->req, err, sizeof err);
        break;
    }
    case DLRIG_CHANGE_POWER_LIMIT: build_set_power_limit(b, c->part, c->qty); break;
    }
}

void fix_apply(dlrig_build *b, const dlrig_fix *f)
{
    for (int i = 0; i < f->n_changes; i++) apply_change(b, &f->changes[i]);
}

/* "AMD Threadripper 7960X": the vendor unless the name starts with it. */
static const char *part_label(const dlrig_part *p, char *buf, size_t len)
{
    size_t v = p->vendor ? strlen(p->vendor) : 0;
    if (!v || strncmp(p->name, p->vendor, v) == 0) snprintf(buf, len, "%s", p->name);
    else snprintf(buf, len, "%s %s", p->vendor, p->name);
    return buf;
}

static void describe_change(const dlrig_change *c, strbuf *sb)
{
    char a[160], b[160];
    switch (c->op) {
    case DLRIG_CHANGE_REPLACE:
        if (c->qty != c->qty_from)
            sb_printf(sb, "replace %d x %s with %d x %s", c->qty_from, part_label(c->part, a, sizeof a), c->qty,
                      part_label(c->with, b, sizeof b));
        else if (c->qty > 1)
            sb_printf(sb, "replace %d x %s with %d x %s", c->qty, part_label(c->part, a, sizeof a), c->qty,
                      part_label(c->with, b, sizeof b));
        else
            sb_printf(sb, "replace %s with %s", part_label(c->part, a, sizeof a), part_label(c->with, b, sizeof b));
        break;
    case DLRIG_CHANGE_ADD:
        if (c->qty > 1) sb_printf(sb, "add %d x %s", c->qty, part_label(c->with, a, sizeof a));
        else sb_printf(sb, "add %s (%s)", part_label(c->with, a, sizeof a), category_title(c->with->category));
        break;
    case DLRIG_CHANGE_REMOVE: sb_printf(sb, "remove %s", part_label(c->part, a, sizeof a)); break;
    case DLRIG_CHANGE_QTY:
        sb_printf(sb, "%d x %s instead of %d", c->qty, part_label(c->part, a, sizeof a), c->qty_from);
        break;
    case DLRIG_CHANGE_REQUIREMENT:
        if (!strcmp(c->key, "require"))
            sb_printf(sb, "drop a requirement (require: %s instead of %s)", c->value[0] ? c->value : "nothing",
                      c->old_value);
        else if (!strcmp(c->key, "budget_usd"))
            sb_printf(sb, "raise the budget from %s to %s", format_usd(strtod(c->old_value, NULL), a, sizeof a),
                      format_usd(strtod(c->value, NULL), b, sizeof b));
        else
            sb_printf(sb, "change the %s requirement from %s to %s", c->key, c->old_value[0] ? c->old_value : "none",
                      c->value);
        break;
    case DLRIG_CHANGE_POWER_LIMIT: {
        const dlrig_gpu *g = (const dlrig_gpu *)c->part;
        double kept = g->tdp_w > 0 ? power_speed_fraction((double)c->qty / g->tdp_w) : 1;
        sb_printf(sb, "limit each %s to %d W of %d W (sudo nvidia-smi -pl %d), ~%.0f%% slower",
                  part_label(c->part, a, sizeof a), c->qty, g->tdp_w, c->qty, (1 - kept) * 100);
        break;
    }
    }
}

static void describe(dlrig_fix *f)
{
    strbuf sb = {0};
    for (int i = 0; i < f->n_changes; i++) {
        if (i) sb_append(&sb, i + 1 == f->n_changes ? " and " : ", ");
        describe_change(&f->changes[i], &sb);
    }
    snprintf(f->summary, sizeof f->summary, "%s", sb.s ? sb.s : "");
    if (f->summary[0] >= 'a' && f->summary[0] <= 'z') f->summary[0] = (char)(f->summary[0] - 'a' + 'A');
    sb_free(&sb);
}

/* ------------------------------------------------------------ candidates */

typedef struct cand {
    dlrig_fix_kind kind;
    int move; /* the recipe move that proposed it: each move has its own budget of trials */
    dlrig_change ch[DLRIG_FIX_CHANGES];
    int n;
    double est; /* price change by the parts' prices, for trying cheap candidates first */
} cand;

typedef struct fixer {
    const dlrig_catalog *cat;
    const dlrig_build *b;
    const dlrig_report *rep;
    const dlrig_finding *target;
    unsigned kinds;
    cand *v;
    size_t n, cap;
    dlrig_build work;   /* scratch: items only; name, notes and requirements borrowed */
    size_t work_cap;
    dlrig_report trial;
    tally before, after;
    int missing_before;
    dlrig_placement base_pl; /* the build's own placement, for candidates that cannot move a card */
    int move;                /* the recipe move proposing candidates now */
    int moved[DLRIG_RULE_MOVES + 1];        /* per move: trials that placed the cards again */
    long moved_steps[DLRIG_RULE_MOVES + 1]; /* per move: placement search steps those trials took */
} fixer;

/* Trials that must place the cards again (a GPU, NIC, board, case, drive or
 * CPU count changes) take a few hundred placement steps on real boards but up
 * to the search's bound (DLRIG_PLACE_MAX_STEPS, a tenth of a second) on a
 * pathological one (dozens of x16 slots, a dozen cards): at most this many
 * per move of the finding's recipe, cheapest first, and none started once the
 * move's trials so far took this many steps, so that a check stays
 * interactive.  The budget is the move's own, so cheap candidates of one move
 * (boards) cannot use up the trials of the next (fewer GPUs).  It counts
 * work, not time, so the same build gets the same fixes on a loaded machine. */
#define MAX_MOVED_TRIALS 32
#define MOVED_MAX_STEPS (2 * DLRIG_PLACE_MAX_STEPS)

/* What a part costs on the build being fixed (its own requirements say
 * whether a second-hand offer may price it); NAN when unpriced. */
#define COST(x, p) part_price_usd((p), (x)->b->req.allow_used)

static double price_or_zero(const dlrig_part *p, bool used)
{
    double v = p ? part_price_usd(p, used) : NAN;
    return isnan(v) ? 0 : v;
}

static double change_est(const dlrig_change *c, bool used)
{
    switch (c->op) {
    case DLRIG_CHANGE_REPLACE: return price_or_zero(c->with, used) * c->qty - price_or_zero(c->part, used) * c->qty_from;
    case DLRIG_CHANGE_ADD: return price_or_zero(c->with, used) * c->qty;
    case DLRIG_CHANGE_REMOVE: return -price_or_zero(c->part, used) * c->qty_from;
    case DLRIG_CHANGE_QTY: return price_or_zero(c->part, used) * (c->qty - c->qty_from);
    default: return 0;
    }
}

static cand *push(fixer *x, dlrig_fix_kind kind)
{
    if (!(x->kinds & (1u << kind))) return NULL;
    if (x->n == x->cap) {
        x->cap = x->cap ? x->cap * 2 : 64;
        x->v = xrealloc(x->v, x->cap * sizeof *x->v);
    }
    cand *c = &x->v[x->n++];
    memset(c, 0, sizeof *c);
    c->kind = kind;
    c->move = x->move;
    return c;
}

static void finish(fixer *x, cand *c)
{
    if (!c) return;
    c->est = 0;
    for (int i = 0; i < c->n; i++) c->est += change_est(&c->ch[i], x->b->req.allow_used);
    int nodes = x->b->req.nodes > 0 ? x->b->req.nodes : 1;
    c->est *= nodes;
}

static int qty_of(const dlrig_build *b, const dlrig_part *p) { return build_qty_of(b, p); }

/* The part of category cat the finding names, else the build's first one. */
static const dlrig_part *subject(const fixer *x, dlrig_category cat)
{
    for (int i = 0; i < x->target->n_parts; i++)
        for (size_t k = 0; k < x->b->n_items; k++)
            if (x->b->items[k].part->category == cat && !strcmp(x->b->items[k].part->id, x->target->parts[i]))
                return x->b->items[k].part;
    return build_first(x->b, cat, NULL);
}

/* A replacement GPU is at least as strong: as much memory, and as fast a
 * card alone on the build's workload by the performance model (without a
 * workload: as much tensor, else FP32, throughput). */
static bool gpu_not_weaker(const fixer *x, const dlrig_gpu *to, const dlrig_gpu *from)
{
    if (!(to->vram_gb >= from->vram_gb)) return false;
    /* the same software platform (CUDA, ROCm): a change of vendor is not a fix-it */
    if (to->arch && from->arch && to->arch->platform_kind != from->arch->platform_kind)
        return false;
    const dlrig_requirements *r = &x->b->req;
    const dlrig_workload *wl = requirements_workload(x->cat, r);
    dlrig_workload job;
    char e[8];
    const dlrig_workload *as_run = wl ? perf_job_workload(x->cat, r, wl, &job, e, sizeof e) : NULL;
    if (as_run) wl = as_run;
    if (wl) {
        double pm = !isnan(r->model_params_m) ? r->model_params_m : wl->params_m;
        dlrig_precision prec = requirements_effective_precision(r);
        const char *bound;
        double a = perf_gpu_throughput(to, wl, pm, prec, &bound), b = perf_gpu_throughput(from, wl, pm, prec, &bound);
        if (!isnan(a) && !isnan(b)) return a >= b;
    }
    if (!isnan(from->fp16_tensor_tflops))
        return !isnan(to->fp16_tensor_tflops) && to->fp16_tensor_tflops >= from->fp16_tensor_tflops;
    return isnan(from->fp32_tflops) || (!isnan(to->fp32_tflops) && to->fp32_tflops >= from->fp32_tflops);
}

/* Replacing a case with a complete server also takes out what the server
 * brings: its board, power supplies and CPU heatsinks. */
static void server_extras(const fixer *x, cand *c, const dlrig_case *to)
{
    const dlrig_part *p;
    int q;
    if (to->board && (p = build_first(x->b, DLRIG_CAT_MOTHERBOARD, &q)) && c->n < DLRIG_FIX_CHANGES)
        c->ch[c->n++] = (dlrig_change){.op = DLRIG_CHANGE_REMOVE, .part = p, .qty_from = q};
    if (case_has_psus(to) && (p = build_first(x->b, DLRIG_CAT_PSU, &q)) && c->n < DLRIG_FIX_CHANGES)
        c->ch[c->n++] = (dlrig_change){.op = DLRIG_CHANGE_REMOVE, .part = p, .qty_from = q};
    if (!case_needs_cpu_cooler(to) && (p = build_first(x->b, DLRIG_CAT_COOLER, &q)) && c->n < DLRIG_FIX_CHANGES)
        c->ch[c->n++] = (dlrig_change){.op = DLRIG_CHANGE_REMOVE, .part = p, .qty_from = q};
}

/* Whether q cards of g cannot possibly sit on the build's board: they need
 * more positions than the board has, with what may hang below it in the
 * case and a card's width of slack.  (Placing them would only fail, and a
 * failing search on a board with very many slots is slow.) */
static bool cards_cannot_fit(const fixer *x, const dlrig_gpu *g, int q)
{
    const dlrig_motherboard *bd = build_board(x->b);
    const dlrig_case *cs = (const dlrig_case *)build_first(x->b, DLRIG_CAT_CASE, NULL);
    if (!bd || bd->expansion_positions == DLRIG_NA || bd->expansion_positions <= 0 || isnan(g->slots)) return false;
    int w = (int)ceil(g->slots);
    int room = bd->expansion_positions + w;
    if (cs && cs->expansion_slots != DLRIG_NA && cs->expansion_slots > bd->expansion_positions)
        room += cs->expansion_slots - bd->expansion_positions;
    return (long)q * w > room;
}

/* Whether the board facts the rules check (compat.socket, compat.memory_type,
 * compat.form_factor) that hold with board `from` still hold with `to`: a
 * board that would break one is sure to add an error, so it is not worth one
 * of the move's trials.  A fact already broken (the error being fixed) does
 * not count against a board. */
static bool board_keeps_facts(const fixer *x, const dlrig_motherboard *from, const dlrig_motherboard *to)
{
    const dlrig_build *b = x->b;
    int ncpu = 0;
    const dlrig_cpu *cpu = (const dlrig_cpu *)build_first(b, DLRIG_CAT_CPU, &ncpu);
    const dlrig_case *cs = (const dlrig_case *)build_first(b, DLRIG_CAT_CASE, NULL);
    if (cpu) {
        if (board_takes_cpu(from, cpu) && !board_takes_cpu(to, cpu)) return false;
        if (!strcmp(cpu->memory_type, from->memory_type) && strcmp(cpu->memory_type, to->memory_type)) return false;
        if (ncpu <= from->cpu_sockets && ncpu > to->cpu_sockets) return false;
    }
    for (size_t i = 0; i < b->n_items; i++) {
        if (b->items[i].part->category != DLRIG_CAT_MEMORY) continue;
        const dlrig_memory *m = (const dlrig_memory *)b->items[i].part;
        bool before = !strcmp(m->type, from->memory_type) && constraint_memory_fits_board(m, from);
        bool after = !strcmp(m->type, to->memory_type) && constraint_memory_fits_board(m, to);
        if (before && !after) return false;
    }
    if (cs && !cs->board && form_factor_fits(cs->form_factors, from->form_factor) &&
        !form_factor_fits(cs->form_factors, to->form_factor))
        return false;
    return true;
}

/* Every priced part of category cat in place of the finding's part of that
 * category (same quantity); a board only when it keeps what the build's
 * board got right (board_keeps_facts). */
static void replace_all(fixer *x, dlrig_category cat)
{
    const dlrig_part *from = subject(x, cat);
    if (!from) return;
    int q = qty_of(x->b, from);
    size_t n = catalog_count(x->cat, cat);
    for (size_t i = 0; i < n; i++) {
        const dlrig_part *to = catalog_part_at(x->cat, cat, i);
        if (to == from || isnan(COST(x, to))) continue;
        if (cat == DLRIG_CAT_GPU && (!gpu_not_weaker(x, (const dlrig_gpu *)to, (const dlrig_gpu *)from) ||
                                     cards_cannot_fit(x, (const dlrig_gpu *)to, q)))
            continue;
        if (cat == DLRIG_CAT_MOTHERBOARD &&
            !board_keeps_facts(x, (const dlrig_motherboard *)from, (const dlrig_motherboard *)to))
            continue;
        cand *c = push(x, DLRIG_FIX_PARTS);
        if (!c) return;
        c->ch[c->n++] = (dlrig_change){.op = DLRIG_CHANGE_REPLACE, .part = from, .with = to, .qty_from = q, .qty = q};
        if (cat == DLRIG_CAT_CASE) server_extras(x, c, (const dlrig_case *)to);
        finish(x, c);
    }
}

/* Each priced part of an empty category, qty units. */
static void add_all(fixer *x, dlrig_category cat, int qty)
{
    size_t n = catalog_count(x->cat, cat);
    for (size_t i = 0; i < n; i++) {
        const dlrig_part *to = catalog_part_at(x->cat, cat, i);
        if (isnan(COST(x, to))) continue;
        cand *c = push(x, DLRIG_FIX_PARTS);
        if (!c) return;
        c->ch[c->n++] = (dlrig_change){.op = DLRIG_CHANGE_ADD, .with = to, .qty = qty};
        finish(x, c);
    }
}

static void set_qty(fixer *x, dlrig_fix_kind kind, const dlrig_part *p, int qty)
{
    int from = qty_of(x->b, p);
    if (!p || qty < 1 || qty == from) return;
    cand *c = push(x, kind);
    if (!c) return;
    c->ch[c->n++] = (dlrig_change){.op = DLRIG_CHANGE_QTY, .part = p, .qty_from = from, .qty = qty};
    finish(x, c);
}

static void remove_part(fixer *x, const dlrig_part *p)
{
    if (!p) return;
    cand *c = push(x, DLRIG_FIX_PARTS);
    if (!c) return;
    c->ch[c->n++] = (dlrig_change){.op = DLRIG_CHANGE_REMOVE, .part = p, .qty_from = qty_of(x->b, p)};
    finish(x, c);
}

/* Memory: every priced kit (or the same one) in every count the board has
 * slots for. */
static void memory_all(fixer *x)
{
    const dlrig_part *from = subject(x, DLRIG_CAT_MEMORY);
    const dlrig_motherboard *board = build_board(x->b);
    int q0 = from ? qty_of(x->b, from) : 0;
    size_t n = catalog_count(x->cat, DLRIG_CAT_MEMORY);
    for (size_t i = 0; i < n; i++) {
        const dlrig_memory *m = (const dlrig_memory *)catalog_part_at(x->cat, DLRIG_CAT_MEMORY, i);
        if (isnan(COST(x, &m->p)) || m->modules < 1) continue;
        int slots = board && board->memory_slots > 0 ? board->memory_slots : 8;
        for (int q = 1; q * m->modules <= slots && q <= 8; q++) {
            if (&m->p == from && q == q0) continue;
            cand *c = push(x, DLRIG_FIX_PARTS);
            if (!c) return;
            if (!from)
                c->ch[c->n++] = (dlrig_change){.op = DLRIG_CHANGE_ADD, .with = &m->p, .qty = q};
            else if (&m->p == from)
                c->ch[c->n++] = (dlrig_change){.op = DLRIG_CHANGE_QTY, .part = from, .qty_from = q0, .qty = q};
            else
                c->ch[c->n++] =
                    (dlrig_change){.op = DLRIG_CHANGE_REPLACE, .part = from, .with = &m->p, .qty_from = q0, .qty = q};
            finish(x, c);
        }
    }
}

/* A new platform: each priced board that does not take the CPU, with each
 * priced CPU it takes that has as many cores or more, and the cheapest
 * priced cooler for that CPU when the build's does not mount on it. */
static void platform_all(fixer *x)
{
    const dlrig_cpu *cpu = (const dlrig_cpu *)build_first(x->b, DLRIG_CAT_CPU, NULL);
    const dlrig_part *board = build_first(x->b, DLRIG_CAT_MOTHERBOARD, NULL);
    const dlrig_cooler *cooler = (const dlrig_cooler *)build_first(x->b, DLRIG_CAT_COOLER, NULL);
    const dlrig_case *cs = (const dlrig_case *)build_first(x->b, DLRIG_CAT_CASE, NULL);
    if (!cpu || !board) return;
    int ncpu = qty_of(x->b, &cpu->p);
    size_t nb, nc, nk;
    const dlrig_motherboard *boards = catalog_boards(x->cat, &nb);
    const dlrig_cpu *cpus = catalog_cpus(x->cat, &nc);
    const dlrig_cooler *coolers = catalog_coolers(x->cat, &nk);
    for (size_t i = 0; i < nb; i++) {
        const dlrig_motherboard *bd = &boards[i];
        if (&bd->p == board || isnan(COST(x, &bd->p)) || board_takes_cpu(bd, cpu)) continue;
        for (size_t j = 0; j < nc; j++) {
            const dlrig_cpu *c2 = &cpus[j];
            if (isnan(COST(x, &c2->p)) || !board_takes_cpu(bd, c2) || c2->cores < cpu->cores) continue;
            const dlrig_cooler *k2 = NULL;
            if (cooler && !constraint_cooler_fits_socket(cooler, c2)) {
                for (size_t k = 0; k < nk; k++)
                    if (!isnan(COST(x, &coolers[k].p)) && constraint_cooler_fits_socket(&coolers[k], c2) &&
                        (!cs || constraint_cooler_fits_case(&coolers[k], cs)) &&
                        (!k2 || COST(x, &coolers[k].p) < COST(x, &k2->p)))
                        k2 = &coolers[k];
                if (!k2) continue;
            }
            cand *c = push(x, DLRIG_FIX_PARTS);
            if (!c) return;
            c->ch[c->n++] = (dlrig_change){.op = DLRIG_CHANGE_REPLACE, .part = board, .with = &bd->p, .qty_from = 1,
                                           .qty = 1};
            c->ch[c->n++] = (dlrig_change){.op = DLRIG_CHANGE_REPLACE, .part = &cpu->p, .with = &c2->p,
                                           .qty_from = ncpu, .qty = ncpu};
            if (k2)
                c->ch[c->n++] = (dlrig_change){.op = DLRIG_CHANGE_REPLACE, .part = &cooler->p, .with = &k2->p,
                                               .qty_from = 1, .qty = 1};
            finish(x, c);
        }
    }
}

/* Fewer GPUs of the finding's model, down to one. */
static void fewer_gpus(fixer *x)
{
    const dlrig_part *g = subject(x, DLRIG_CAT_GPU);
    int q = g ? qty_of(x->b, g) : 0;
    for (int k = q - 1; k >= 1; k--) set_qty(x, DLRIG_FIX_FEWER_GPUS, g, k);
}

static void requirement(fixer *x, const char *key, const char *value)
{
    const dlrig_reqfield *f = requirements_field(key);
    if (!f) return;
    cand *c = push(x, DLRIG_FIX_REQUIREMENT);
    if (!c) return;
    dlrig_change *ch = &c->ch[c->n++];
    *ch = (dlrig_change){.op = DLRIG_CHANGE_REQUIREMENT, .key = f->key};
    snprintf(ch->value, sizeof ch->value, "%s", value);
    if (f->kind == DLRIG_RK_FLAGS) {
        strbuf sb = {0};
        for (int i = 0; dlrig_require_ids[i]; i++)
            if (x->b->req.require & (1u << i)) sb_printf(&sb, "%s%s", sb.len ? "," : "", dlrig_require_ids[i]);
        snprintf(ch->old_value, sizeof ch->old_value, "%s", sb.s ? sb.s : "");
        sb_free(&sb);
    } else if (f->size > 1 && f->kind != DLRIG_RK_NUMBER && f->kind != DLRIG_RK_WHOLE && f->kind != DLRIG_RK_BOOL) {
        snprintf(ch->old_value, sizeof ch->old_value, "%s", (const char *)&x->b->req + f->offset);
    }
    finish(x, c);
}

/* The requirement without one --require flag. */
static void drop_flag(fixer *x, unsigned flag)
{
    if (!(x->b->req.require & flag)) return;
    strbuf sb = {0};
    for (int i = 0; dlrig_require_ids[i]; i++)
        if ((x->b->req.require & ~flag) & (1u << i)) sb_printf(&sb, "%s%s", sb.len ? "," : "", dlrig_require_ids[i]);
    requirement(x, "require", sb.s ? sb.s : "");
    sb_free(&sb);
}

/* Circuits that supply more than the build's. */
static void bigger_circuits(fixer *x)
{
    const dlrig_circuit *now = x->b->req.circuit[0] ? catalog_circuit(x->cat, x->b->req.circuit) : NULL;
    for (const char *const *id = catalog_ids(x->cat, DLRIG_VOCAB_CIRCUIT); *id; id++) {
        const dlrig_circuit *c = catalog_circuit(x->cat, *id);
        if (!c || c == now) continue;
        if (now && !(c->continuous_w > now->continuous_w || (now->volts < 200 && c->volts >= 200))) continue;
        requirement(x, "circuit", c->id);
    }
}

/* The GPUs limited to 95%, 90%, ... 60% of their rating (the measured part
 * of the curve, power.h), the smallest cut tried first; only when every GPU
 * line is one model. */
static void power_limits(fixer *x)
{
    const dlrig_part *g = NULL;
    int limit_now = 0;
    for (size_t i = 0; i < x->b->n_items; i++) {
        const dlrig_item *it = &x->b->items[i];
        if (it->part->category != DLRIG_CAT_GPU) continue;
        if (g && g != it->part) return;
        g = it->part;
        limit_now = it->power_limit_w;
    }
    if (!g) return;
    int rated = ((const dlrig_gpu *)g)->tdp_w;
    if (rated <= 0) return;
    int now = limit_now > 0 && limit_now < rated ? limit_now : rated;
    for (int pct = 95; pct >= (int)(DLRIG_POWER_MEASURED_MIN * 100 + 0.5); pct -= 5) {
        int w = power_limit_at(rated, pct);
        if (w >= now) continue;
        cand *c = push(x, DLRIG_FIX_POWER_LIMIT);
        if (!c) return;
        c->ch[c->n++] = (dlrig_change){.op = DLRIG_CHANGE_POWER_LIMIT, .part = g, .qty_from = limit_now, .qty = w};
        finish(x, c);
        c->est = now - w; /* the least cut first */
    }
}

static void under_budget(fixer *x);
static void raise_budget(fixer *x);

/* One move of the finding's fix recipe (rules.h, the rule's row). */
static void move(fixer *x, const dlrig_fix_move *m)
{
    const dlrig_build *b = x->b;
    const dlrig_case *cs = (const dlrig_case *)build_first(b, DLRIG_CAT_CASE, NULL);
    dlrig_category cat = (dlrig_category)m->cat;
    switch ((dlrig_move_op)m->op) {
    case DLRIG_MOVE_END: break;
    case DLRIG_MOVE_NAMED:
        for (int i = 0; i < x->target->n_parts; i++) {
            const dlrig_part *p = catalog_find(x->cat, x->target->parts[i]);
            if (p) replace_all(x, p->category);
        }
        break;
    case DLRIG_MOVE_REPLACE: replace_all(x, cat); break;
    case DLRIG_MOVE_REPLACE_PRESENT:
        if (build_count(b, cat)) replace_all(x, cat);
        break;
    case DLRIG_MOVE_REPLACE_OR_ADD:
        if (build_count(b, cat)) replace_all(x, cat);
        else add_all(x, cat, 1);
        break;
    case DLRIG_MOVE_ADD: add_all(x, cat, 1); break;
    case DLRIG_MOVE_REMOVE: remove_part(x, build_first(b, cat, NULL)); break;
    case DLRIG_MOVE_REMOVE_IN_SERVER:
        if (cs && (cat == DLRIG_CAT_PSU ? case_has_psus(cs) : cs->board != NULL)) remove_part(x, build_first(b, cat, NULL));
        break;
    case DLRIG_MOVE_MISSING: {
        dlrig_category miss[DLRIG_CAT_COUNT];
        size_t n = rules_missing_categories(b, miss, DLRIG_CAT_COUNT);
        for (size_t i = 0; i < n; i++) {
            if (miss[i] == DLRIG_CAT_MEMORY) memory_all(x);
            else add_all(x, miss[i], 1);
        }
        break;
    }
    case DLRIG_MOVE_MEMORY: memory_all(x); break;
    case DLRIG_MOVE_PLATFORM: platform_all(x); break;
    case DLRIG_MOVE_CPU_SOCKETS: {
        const dlrig_motherboard *bd = build_board(b);
        const dlrig_part *cpu = build_first(b, DLRIG_CAT_CPU, NULL);
        if (bd && bd->cpu_sockets >= 1) set_qty(x, DLRIG_FIX_PARTS, cpu, bd->cpu_sockets);
        set_qty(x, DLRIG_FIX_PARTS, cpu, 1);
        break;
    }
    case DLRIG_MOVE_SUPPLY:
        /* not more units of the same supply: the rules do not know a chassis' bays */
        if (build_first(b, DLRIG_CAT_PSU, NULL)) replace_all(x, DLRIG_CAT_PSU);
        else if (case_has_psus(cs)) replace_all(x, DLRIG_CAT_CASE);
        break;
    case DLRIG_MOVE_POWER_LIMITS: power_limits(x); break;
    case DLRIG_MOVE_FEWER_GPUS: fewer_gpus(x); break;
    case DLRIG_MOVE_MORE_GPUS: {
        const dlrig_part *gpu = subject(x, DLRIG_CAT_GPU);
        int q = gpu ? qty_of(b, gpu) : 0;
        for (int k = q + 1; k <= q + 3 && gpu; k++) set_qty(x, DLRIG_FIX_PARTS, gpu, k);
        break;
    }
    case DLRIG_MOVE_GPU_COUNT: {
        const dlrig_part *gpu = subject(x, DLRIG_CAT_GPU);
        int lo = b->req.min_gpus > 0 ? b->req.min_gpus : 1, hi = b->req.max_gpus > 0 ? b->req.max_gpus : lo + 3;
        for (int k = lo; k <= hi && k <= 16 && gpu; k++)
            if (k != qty_of(b, gpu)) set_qty(x, DLRIG_FIX_PARTS, gpu, k);
        break;
    }
    case DLRIG_MOVE_MORE_DRIVES: {
        const dlrig_part *s = subject(x, DLRIG_CAT_STORAGE);
        if (s) set_qty(x, DLRIG_FIX_PARTS, s, qty_of(b, s) + 1);
        if (s) set_qty(x, DLRIG_FIX_PARTS, s, qty_of(b, s) + 2);
        break;
    }
    case DLRIG_MOVE_ADD_BRIDGES: {
        int pairs = build_count(b, DLRIG_CAT_GPU) / 2;
        if (!build_count(b, DLRIG_CAT_NVLINK_BRIDGE) && pairs > 0) add_all(x, DLRIG_CAT_NVLINK_BRIDGE, pairs);
        break;
    }
    case DLRIG_MOVE_BIGGER_CIRCUIT: bigger_circuits(x); break;
    case DLRIG_MOVE_DROP_REQ: drop_flag(x, 1u << m->cat); break;
    case DLRIG_MOVE_PRECISIONS:
        for (int i = 0; dlrig_precision_ids[i]; i++)
            if (i != (int)requirements_effective_precision(&b->req)) requirement(x, "precision", dlrig_precision_ids[i]);
        break;
    case DLRIG_MOVE_UNDER_BUDGET: under_budget(x); break;
    case DLRIG_MOVE_RAISE_BUDGET: raise_budget(x); break;
    }
}

/* Which changes may resolve the finding: its rule's fix recipe, move by
 * move (a rule without one: another part of each category it names). */
static void candidates(fixer *x)
{
    const dlrig_rule_info *r = x->target->rule;
    static const dlrig_fix_move named = {DLRIG_MOVE_NAMED, 0};
    if (!r || r->fix[0].op == DLRIG_MOVE_END) {
        move(x, &named);
        return;
    }
    for (int i = 0; i < DLRIG_RULE_MOVES && r->fix[i].op != DLRIG_MOVE_END; i++) {
        x->move = i;
        move(x, &r->fix[i]);
    }
}

static int cmp_cand(const void *pa, const void *pb)
{
    const cand *a = pa, *b = pb;
    if (a->kind != b->kind) return (int)a->kind - (int)b->kind;
    /* fewer GPUs: keep as many as work (the dearest first) */
    double ea = a->kind == DLRIG_FIX_FEWER_GPUS ? -a->est : a->est, eb = b->kind == DLRIG_FIX_FEWER_GPUS ? -b->est : b->est;
    if (ea != eb) return ea < eb ? -1 : 1;
    return 0;
}

/* ------------------------------------------------------------ trial */

static void work_reset(fixer *x)
{
    const dlrig_build *b = x->b;
    if (x->work_cap < b->n_items + DLRIG_FIX_CHANGES) {
        x->work_cap = b->n_items + DLRIG_FIX_CHANGES + 8;
        x->work.items = xrealloc(x->work.items, x->work_cap * sizeof *x->work.items);
    }
    x->work.name = b->name;
    x->work.notes = NULL;
    x->work.req = b->req;
    memcpy(x->work.items, b->items, b->n_items * sizeof *b->items);
    x->work.n_items = b->n_items;
    x->work.cap_items = x->work_cap;
}

/* Whether a change leaves the cards where they are (place_build reads the
 * GPUs, NICs, board, case, drives and the number of CPUs). */
static bool keeps_placement(const dlrig_change *c)
{
    if (c->op == DLRIG_CHANGE_REQUIREMENT || c->op == DLRIG_CHANGE_POWER_LIMIT) return true;
    const dlrig_part *p = c->part ? c->part : c->with;
    switch (p->category) {
    case DLRIG_CAT_PSU:
    case DLRIG_CAT_MEMORY:
    case DLRIG_CAT_COOLER:
    case DLRIG_CAT_NVLINK_BRIDGE:
    case DLRIG_CAT_SWITCH: return true;
    case DLRIG_CAT_CPU: return c->op == DLRIG_CHANGE_REPLACE && c->qty == c->qty_from;
    default: return false;
    }
}

/* Applies n changes to the scratch build and runs the rules: the report in
 * x->trial, its tally in x->after.  A change that moves cards counts
 * against move `budget` (-1: against none); false, with nothing run, when
 * that move's budget is spent. */
static bool trial_run(fixer *x, const dlrig_change *ch, int n, int budget)
{
    bool same = true;
    for (int i = 0; i < n; i++) same = same && keeps_placement(&ch[i]);
    if (!same && budget >= 0 && (x->moved[budget] >= MAX_MOVED_TRIALS || x->moved_steps[budget] >= MOVED_MAX_STEPS))
        return false;
    work_reset(x);
    for (int i = 0; i < n; i++) apply_change(&x->work, &ch[i]);
    if (x->work.cap_items != x->work_cap) x->work_cap = x->work.cap_items; /* grown by build_add */
    if (same) {
        rules_check_placed(x->cat, &x->work, &x->base_pl, &x->trial);
    } else {
        rules_check(x->cat, &x->work, &x->trial);
        if (budget >= 0) {
            x->moved[budget]++;
            x->moved_steps[budget] += x->trial.placement.steps;
        }
    }
    tally_of(&x->trial, &x->after);
    return true;
}

/* Applies c to the scratch build and judges it; fills *f when it is a fix. */
static bool try_cand(fixer *x, const cand *c, dlrig_fix *f)
{
    if (!trial_run(x, c->ch, c->n, c->move)) return false;
    for (size_t i = 0; i < x->after.n; i++) {
        int e, w;
        tally_get(&x->before, x->after.id[i], &e, &w);
        if (x->after.err[i] > e) return false; /* adds an error */
    }
    int e0, w0, e1, w1;
    tally_get(&x->before, x->target->id, &e0, &w0);
    tally_get(&x->after, x->target->id, &e1, &w1);
    bool resolved;
    bool listing = x->target->rule && x->target->rule->fix[0].op == DLRIG_MOVE_MISSING; /* one finding, many parts */
    if (listing) resolved = missing_count(&x->work) < x->missing_before;
    else if (x->target->severity == DLRIG_SEV_ERROR) resolved = e1 < e0;
    else resolved = w1 < w0 && e1 <= e0;
    if (!resolved) return false;
    memset(f, 0, sizeof *f);
    f->kind = c->kind;
    memcpy(f->changes, c->ch, sizeof c->ch);
    f->n_changes = c->n;
    f->price_delta_usd = round((x->trial.totals.price_usd - x->rep->totals.price_usd) * 100) / 100;
    f->price_complete = true;
    for (int i = 0; i < c->n; i++)
        if ((c->ch[i].part && isnan(COST(x, c->ch[i].part))) || (c->ch[i].with && isnan(COST(x, c->ch[i].with))))
            f->price_complete = false;
    for (size_t i = 0; i < x->before.n; i++) {
        tally_get(&x->after, x->before.id[i], &e1, &w1);
        if ((e1 < x->before.err[i] || w1 < x->before.warn[i]) && f->n_resolves < DLRIG_FIX_IDS)
            f->resolves[f->n_resolves++] = x->before.id[i];
    }
    if (x->target->rule && x->target->rule->fix[0].op == DLRIG_MOVE_MISSING && f->n_resolves == 0)
        f->resolves[f->n_resolves++] = x->target->id;
    for (size_t i = 0; i < x->after.n; i++) {
        tally_get(&x->before, x->after.id[i], &e0, &w0);
        if (x->after.warn[i] > w0 && f->n_introduces < DLRIG_FIX_IDS) f->introduces[f->n_introduces++] = x->after.id[i];
    }
    describe(f);
    return true;
}

/* ------------------------------------------------------------ budget */

/* One cheaper part in place of the build's part of its category. */
typedef struct cheaper {
    dlrig_change ch;
    double saving; /* whole plan, by the parts' prices */
    bool clean;    /* alone it adds no error and no warning */
} cheaper;

typedef struct cheapers {
    cheaper *v;
    size_t n, cap;
} cheapers;

/* The categories whose part may be swapped for a cheaper one to meet a
 * budget: what the build's speed and capability do not hang on. */
static const dlrig_category budget_cats[] = {DLRIG_CAT_MEMORY, DLRIG_CAT_STORAGE, DLRIG_CAT_CASE, DLRIG_CAT_PSU,
                                             DLRIG_CAT_COOLER};
#define N_BUDGET_CATS (sizeof budget_cats / sizeof budget_cats[0])

static void cheaper_add(fixer *x, cheapers *o, dlrig_change ch)
{
    double saving = -change_est(&ch, x->b->req.allow_used) * (x->b->req.nodes > 0 ? x->b->req.nodes : 1);
    if (!(saving > 0.005)) return;
    if (o->n == o->cap) {
        o->cap = o->cap ? o->cap * 2 : 32;
        o->v = xrealloc(o->v, o->cap * sizeof *o->v);
    }
    o->v[o->n++] = (cheaper){.ch = ch, .saving = saving};
}

/* Every priced part of category cat whose line costs less than the build's
 * (memory: every kit and count the board's slots take). */
static void cheaper_parts(fixer *x, dlrig_category cat, cheapers *o)
{
    const dlrig_part *from = subject(x, cat);
    if (!from || isnan(COST(x, from))) return;
    int q0 = qty_of(x->b, from);
    if (cat == DLRIG_CAT_CASE && (((const dlrig_case *)from)->board || case_has_psus((const dlrig_case *)from)))
        return; /* a complete server: its board and supplies come with it */
    size_t n = catalog_count(x->cat, cat);
    for (size_t i = 0; i < n; i++) {
        const dlrig_part *to = catalog_part_at(x->cat, cat, i);
        if (isnan(COST(x, to))) continue;
        if (cat == DLRIG_CAT_MEMORY) {
            const dlrig_memory *m = (const dlrig_memory *)to;
            const dlrig_motherboard *board = build_board(x->b);
            int slots = board && board->memory_slots > 0 ? board->memory_slots : 8;
            for (int q = 1; m->modules >= 1 && q * m->modules <= slots && q <= 8; q++) {
                if (to == from && q >= q0) continue;
                if (to == from)
                    cheaper_add(x, o, (dlrig_change){.op = DLRIG_CHANGE_QTY, .part = from, .qty_from = q0, .qty = q});
                else
                    cheaper_add(x, o, (dlrig_change){.op = DLRIG_CHANGE_REPLACE, .part = from, .with = to,
                                                     .qty_from = q0, .qty = q});
            }
            continue;
        }
        if (to == from) continue;
        if (cat == DLRIG_CAT_CASE && (((const dlrig_case *)to)->board || case_has_psus((const dlrig_case *)to)))
            continue;
        cheaper_add(x, o, (dlrig_change){.op = DLRIG_CHANGE_REPLACE, .part = from, .with = to, .qty_from = q0,
                                         .qty = q0});
    }
}

static int cmp_saving_desc(const void *pa, const void *pb)
{
    const cheaper *a = pa, *b = pb;
    return a->saving > b->saving ? -1 : a->saving < b->saving ? 1 : 0;
}

/* Whether the scratch build's tally adds no error and no warning to the build's. */
static bool trial_adds_nothing(const fixer *x)
{
    for (size_t i = 0; i < x->after.n; i++) {
        int e, w;
        tally_get(&x->before, x->after.id[i], &e, &w);
        if (x->after.err[i] > e || x->after.warn[i] > w) return false;
    }
    return true;
}

/* Combinations of `size` clean swaps of different categories (at most
 * `per` of each, the largest savings) that save at least `need`; returns
 * how many were proposed. */
static size_t budget_combos(fixer *x, cheapers *per_cat, int size, size_t per, double need)
{
    size_t found = 0;
    /* each subset of categories of that size */
    for (unsigned set = 0; set < (1u << N_BUDGET_CATS); set++) {
        if (__builtin_popcount(set) != size) continue;
        size_t cats[N_BUDGET_CATS], nc = 0, lim[N_BUDGET_CATS];
        bool empty = false;
        for (size_t k = 0; k < N_BUDGET_CATS; k++)
            if (set & (1u << k)) {
                cats[nc] = k;
                lim[nc] = per_cat[k].n < per ? per_cat[k].n : per;
                empty = empty || lim[nc] == 0;
                nc++;
            }
        if (empty) continue;
        size_t idx[N_BUDGET_CATS] = {0};
        for (;;) {
            double saving = 0;
            for (size_t k = 0; k < nc; k++) saving += per_cat[cats[k]].v[idx[k]].saving;
            if (saving >= need - 0.005) {
                cand *c = push(x, DLRIG_FIX_PARTS);
                if (!c) return found;
                for (size_t k = 0; k < nc && c->n < DLRIG_FIX_CHANGES; k++) c->ch[c->n++] = per_cat[cats[k]].v[idx[k]].ch;
                finish(x, c);
                found++;
            }
            size_t k = 0;
            while (k < nc && ++idx[k] == lim[k]) idx[k++] = 0;
            if (k == nc) break;
        }
    }
    return found;
}

/* Cheaper memory, storage, case, PSU or cooler that bring the total within
 * the budget: one part when one does it (every such swap that adds no
 * error), else the fewest together (swaps that alone add no error and no
 * warning, the largest savings of each category).  The GPUs, CPU and
 * board stay: the build keeps its speed and what it was chosen for. */
static void under_budget(fixer *x)
{
    double budget = x->b->req.budget_usd, total = x->rep->totals.price_usd;
    if (isnan(budget) || !(total > budget)) return;
    double need = total - budget;
    cheapers per_cat[N_BUDGET_CATS];
    memset(per_cat, 0, sizeof per_cat);
    bool clean_single = false;
    for (size_t k = 0; k < N_BUDGET_CATS; k++) {
        cheaper_parts(x, budget_cats[k], &per_cat[k]);
        cheapers *o = &per_cat[k];
        size_t kept = 0;
        for (size_t i = 0; i < o->n; i++) {
            trial_run(x, &o->v[i].ch, 1, -1);
            bool adds_error = false;
            for (size_t j = 0; j < x->after.n && !adds_error; j++) {
                int e0, w0;
                tally_get(&x->before, x->after.id[j], &e0, &w0);
                adds_error = x->after.err[j] > e0;
            }
            if (adds_error) continue;
            o->v[i].clean = trial_adds_nothing(x);
            if (o->v[i].saving >= need - 0.005) {
                cand *c = push(x, DLRIG_FIX_PARTS);
                if (c) {
                    c->ch[c->n++] = o->v[i].ch;
                    finish(x, c);
                }
                clean_single = clean_single || o->v[i].clean;
            }
            if (o->v[i].clean) o->v[kept++] = o->v[i];
        }
        o->n = kept; /* the clean ones, for combinations */
        if (o->n > 1) qsort(o->v, o->n, sizeof *o->v, cmp_saving_desc);
    }
    /* per category at most: 6 for pairs, 4 for three, 3 for four categories */
    static const size_t per[] = {0, 0, 6, 4, 3};
    for (int size = 2; !clean_single && size <= DLRIG_FIX_CHANGES && size <= (int)N_BUDGET_CATS; size++)
        if (budget_combos(x, per_cat, size, per[size], need)) break;
    for (size_t k = 0; k < N_BUDGET_CATS; k++) free(per_cat[k].v);
}

/* The budget raised to the total (whole dollars, rounded up). */
static void raise_budget(fixer *x)
{
    double budget = x->b->req.budget_usd, total = x->rep->totals.price_usd;
    if (isnan(budget) || !(total > budget)) return;
    const dlrig_reqfield *f = requirements_field("budget_usd");
    cand *c = f ? push(x, DLRIG_FIX_REQUIREMENT) : NULL;
    if (!c) return;
    dlrig_change *ch = &c->ch[c->n++];
    *ch = (dlrig_change){.op = DLRIG_CHANGE_REQUIREMENT, .key = f->key};
    snprintf(ch->value, sizeof ch->value, "%.0f", ceil(total - 0.005));
    snprintf(ch->old_value, sizeof ch->old_value, "%.15g", budget);
    finish(x, c);
}

/* Share of speed a power-limit fix loses (0 for other fixes). */
static double speed_lost(const dlrig_fix *f)
{
    if (f->kind != DLRIG_FIX_POWER_LIMIT) return 0;
    const dlrig_gpu *g = (const dlrig_gpu *)f->changes[0].part;
    return g->tdp_w > 0 ? 1 - power_speed_fraction((double)f->changes[0].qty / g->tdp_w) : 0;
}

/* A power limit that costs at most this share of speed comes before a
 * change of parts that costs money (a 2% slower card beats buying another
 * one); a dearer limit comes after every change of parts. */
#define CHEAP_LIMIT_LOSS 0.05

/* The order of fixes: groups first (a free change of parts, a cheap power
 * limit, a change of parts that costs, another power limit, fewer GPUs, a
 * requirement), then within a group as cmp_fix says. */
static int fix_group(const dlrig_fix *f)
{
    switch (f->kind) {
    case DLRIG_FIX_PARTS: return f->price_delta_usd <= 0 ? 0 : 2;
    case DLRIG_FIX_POWER_LIMIT: return speed_lost(f) <= CHEAP_LIMIT_LOSS + 1e-9 ? 1 : 3;
    case DLRIG_FIX_FEWER_GPUS: return 4;
    default: return 5;
    }
}

static int cmp_fix(const void *pa, const void *pb)
{
    const dlrig_fix *a = pa, *b = pb;
    int ga = fix_group(a), gb = fix_group(b);
    if (ga != gb) return ga - gb;
    if (a->kind != DLRIG_FIX_FEWER_GPUS && (a->n_introduces > 0) != (b->n_introduces > 0))
        return a->n_introduces > 0 ? 1 : -1;
    if (a->kind == DLRIG_FIX_POWER_LIMIT && a->changes[0].qty != b->changes[0].qty)
        return a->changes[0].qty > b->changes[0].qty ? -1 : 1; /* the highest limit: the least speed lost */
    double da = a->price_delta_usd, db = b->price_delta_usd;
    if (a->kind == DLRIG_FIX_FEWER_GPUS) {
        da = -da;
        db = -db;
    }
    if (da != db) return da < db ? -1 : 1;
    return 0;
}

bool fix_wanted(const dlrig_finding *f)
{
    if (f->severity == DLRIG_SEV_ERROR) return true;
    return f->severity == DLRIG_SEV_WARNING && f->rule && (f->rule->flags & DLRIG_RULE_FIX);
}

size_t fix_finding(const dlrig_catalog *cat, const dlrig_build *b, const dlrig_report *rep, size_t which,
                   unsigned kinds, dlrig_fix *out, size_t max)
{
    if (which >= rep->n_findings || max == 0 || !fix_wanted(&rep->findings[which])) return 0;
    fixer x;
    memset(&x, 0, sizeof x);
    x.cat = cat;
    x.b = b;
    x.rep = rep;
    x.target = &rep->findings[which];
    x.kinds = kinds;
    tally_of(rep, &x.before);
    x.missing_before = missing_count(b);
    x.base_pl = rep->placement;
    candidates(&x);
    if (x.n > 1) qsort(x.v, x.n, sizeof *x.v, cmp_cand);
    /* Candidates run cheapest first within a kind, so once a kind has max
     * fixes that add no warning, its dearer candidates cannot rank higher. */
    dlrig_fix *found = NULL;
    size_t n_found = 0, cap_found = 0;
    size_t clean[4] = {0, 0, 0, 0};
    for (size_t i = 0; i < x.n; i++) {
        if (clean[x.v[i].kind] >= max) continue;
        dlrig_fix f;
        if (x.v[i].kind == DLRIG_FIX_FEWER_GPUS) {
            /* one GPU less, two less, ...: what works with k cards works with
             * fewer, so search the most that work, then take the next ones */
            size_t j = i;
            while (j < x.n && x.v[j].kind == DLRIG_FIX_FEWER_GPUS) j++;
            size_t lo = i, hi = j; /* the first that works is in [lo, hi] (hi: none) */
            while (lo < hi) {
                size_t mid = lo + (hi - lo) / 2;
                if (try_cand(&x, &x.v[mid], &f)) hi = mid;
                else lo = mid + 1;
            }
            for (size_t k = lo; k < j && clean[DLRIG_FIX_FEWER_GPUS] < max; k++) {
                if (!try_cand(&x, &x.v[k], &f)) continue;
                if (n_found == cap_found) {
                    cap_found = cap_found ? cap_found * 2 : 8;
                    found = xrealloc(found, cap_found * sizeof *found);
                }
                found[n_found++] = f;
                clean[DLRIG_FIX_FEWER_GPUS]++;
            }
            i = j - 1;
            continue;
        }
        if (!try_cand(&x, &x.v[i], &f)) continue;
        if (n_found == cap_found) {
            cap_found = cap_found ? cap_found * 2 : 8;
            found = xrealloc(found, cap_found * sizeof *found);
        }
        found[n_found++] = f;
        if (f.n_introduces == 0) clean[f.kind]++;
        /* the highest limit that works is the power-limit fix: lower ones only cost speed */
        if (f.kind == DLRIG_FIX_POWER_LIMIT) clean[f.kind] = max;
    }
    if (n_found > 1) qsort(found, n_found, sizeof *found, cmp_fix);
    size_t n = n_found < max ? n_found : max;
    if (n) memcpy(out, found, n * sizeof *out);
    free(found);
    free(x.v);
    free(x.work.items);
    report_free(&x.trial);
    return n;
}

/* ------------------------------------------------------------ JSON */

static const char *const kind_names[] = {"parts", "power-limit", "fewer-gpus", "requirement"};

cJSON *fix_to_json(const dlrig_fix *f)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "summary", f->summary);
    cJSON_AddStringToObject(o, "kind", kind_names[f->kind]);
    cJSON *ch = cJSON_AddArrayToObject(o, "changes");
    for (int i = 0; i < f->n_changes; i++) {
        const dlrig_change *c = &f->changes[i];
        cJSON *j = cJSON_CreateObject();
        switch (c->op) {
        case DLRIG_CHANGE_REPLACE:
            cJSON_AddStringToObject(j, "op", "replace");
            cJSON_AddStringToObject(j, "part", c->part->id);
            cJSON_AddStringToObject(j, "with", c->with->id);
            cJSON_AddNumberToObject(j, "qty", c->qty);
            if (c->qty != c->qty_from) cJSON_AddNumberToObject(j, "qty_from", c->qty_from);
            break;
        case DLRIG_CHANGE_ADD:
            cJSON_AddStringToObject(j, "op", "add");
            cJSON_AddStringToObject(j, "part", c->with->id);
            cJSON_AddNumberToObject(j, "qty", c->qty);
            break;
        case DLRIG_CHANGE_REMOVE:
            cJSON_AddStringToObject(j, "op", "remove");
            cJSON_AddStringToObject(j, "part", c->part->id);
            break;
        case DLRIG_CHANGE_QTY:
            cJSON_AddStringToObject(j, "op", "set");
            cJSON_AddStringToObject(j, "part", c->part->id);
            cJSON_AddNumberToObject(j, "qty", c->qty);
            cJSON_AddNumberToObject(j, "qty_from", c->qty_from);
            break;
        case DLRIG_CHANGE_REQUIREMENT:
            cJSON_AddStringToObject(j, "op", "set");
            cJSON_AddStringToObject(j, "requirement", c->key);
            cJSON_AddStringToObject(j, "value", c->value);
            cJSON_AddStringToObject(j, "was", c->old_value);
            break;
        case DLRIG_CHANGE_POWER_LIMIT:
            cJSON_AddStringToObject(j, "op", "power_limit");
            cJSON_AddStringToObject(j, "part", c->part->id);
            cJSON_AddNumberToObject(j, "power_limit_w", c->qty);
            if (c->qty_from > 0) cJSON_AddNumberToObject(j, "was", c->qty_from);
            else cJSON_AddNullToObject(j, "was");
            break;
        }
        cJSON_AddItemToArray(ch, j);
    }
    cJSON_AddNumberToObject(o, "price_delta_usd", f->price_delta_usd);
    if (!f->price_complete) cJSON_AddFalseToObject(o, "price_complete");
    cJSON *r = cJSON_AddArrayToObject(o, "resolves");
    for (int i = 0; i < f->n_resolves; i++) cJSON_AddItemToArray(r, cJSON_CreateString(f->resolves[i]));
    cJSON *in = cJSON_AddArrayToObject(o, "introduces");
    for (int i = 0; i < f->n_introduces; i++) cJSON_AddItemToArray(in, cJSON_CreateString(f->introduces[i]));
    return o;
}

void fix_annotate_json(const dlrig_catalog *cat, const dlrig_build *b, const dlrig_report *rep, cJSON *doc,
                       size_t max_per_finding)
{
    cJSON *findings = cJSON_GetObjectItemCaseSensitive(doc, "findings");
    if (!cJSON_IsArray(findings) || max_per_finding == 0) return;
    dlrig_fix *fx = xmalloc(max_per_finding * sizeof *fx);
    size_t i = 0;
    cJSON *f;
    cJSON_ArrayForEach(f, findings)
    {
        if (i >= rep->n_findings) break;
        size_t n = fix_finding(cat, b, rep, i++, DLRIG_FIX_ALL_KINDS, fx, max_per_finding);
        if (!n) continue;
        cJSON *arr = cJSON_AddArrayToObject(f, "fix");
        for (size_t k = 0; k < n; k++) cJSON_AddItemToArray(arr, fix_to_json(&fx[k]));
    }
    free(fx);
}

/* ------------------------------------------------------------ repair */

/* The best allowed fix of the first error that has one; false when none has. */
static bool first_fix(const dlrig_catalog *cat, const dlrig_build *b, const dlrig_report *rep, unsigned kinds,
                      dlrig_fix *out)
{
    for (size_t i = 0; i < rep->n_findings; i++)
        if (rep->findings[i].severity == DLRIG_SEV_ERROR && fix_finding(cat, b, rep, i, kinds, out, 1)) return true;
    return false;
}

/* Completes b greedily; returns the errors left, with the price in *price,
 * the GPUs it keeps in *gpus and the fixes it took added to *steps. */
static size_t rollout(const dlrig_catalog *cat, const dlrig_build *start, unsigned kinds, double *price, int *steps,
                      int *gpus)
{
    dlrig_build b;
    build_copy(&b, start);
    dlrig_report rep = {0};
    rules_check(cat, &b, &rep);
    for (int step = 0; step < 16 && rep.counts[DLRIG_SEV_ERROR]; step++) {
        dlrig_fix f;
        if (!first_fix(cat, &b, &rep, kinds, &f)) break;
        fix_apply(&b, &f);
        (*steps)++;
        rules_check(cat, &b, &rep);
    }
    size_t left = rep.counts[DLRIG_SEV_ERROR];
    *price = rep.totals.price_usd;
    *gpus = build_count(&b, DLRIG_CAT_GPU);
    report_free(&rep);
    build_free(&b);
    return left;
}

size_t fix_repair(const dlrig_catalog *cat, dlrig_build *b, unsigned kinds, dlrig_repair *out)
{
    memset(out, 0, sizeof *out);
    dlrig_report rep = {0};
    rules_check(cat, b, &rep);
    out->price_before_usd = rep.totals.price_usd;
    size_t cap = 0;
    for (int step = 0; step < 32 && rep.counts[DLRIG_SEV_ERROR]; step++) {
        dlrig_fix best;
        bool have = false;
        size_t best_left = 0;
        int best_steps = 0, best_gpus = 0;
        double best_price = 0;
        for (size_t i = 0; i < rep.n_findings && i < 16; i++) {
            if (rep.findings[i].severity != DLRIG_SEV_ERROR) continue;
            dlrig_fix opts[3];
            size_t n = fix_finding(cat, b, &rep, i, kinds, opts, 3);
            for (size_t k = 0; k < n; k++) {
                dlrig_build t;
                build_copy(&t, b);
                fix_apply(&t, &opts[k]);
                double price;
                int steps = 1, gpus = 0;
                size_t left = rollout(cat, &t, kinds, &price, &steps, &gpus);
                build_free(&t);
                /* fewest errors left, then the most GPUs kept (fewer GPUs is a
                 * compromise: as few dropped as will do), then fewest changes,
                 * then least price */
                bool better = !have || left < best_left;
                if (have && left == best_left) {
                    if (gpus != best_gpus) better = gpus > best_gpus;
                    else if (steps != best_steps) better = steps < best_steps;
                    else better = price < best_price - 0.005;
                }
                if (better) {
                    have = true;
                    best = opts[k];
                    best_left = left;
                    best_steps = steps;
                    best_gpus = gpus;
                    best_price = price;
                }
            }
        }
        if (!have) break;
        fix_apply(b, &best);
        if (out->n_steps == cap) {
            cap = cap ? cap * 2 : 4;
            out->steps = xrealloc(out->steps, cap * sizeof *out->steps);
        }
        out->steps[out->n_steps++] = best;
        rules_check(cat, b, &rep);
    }
    out->price_after_usd = rep.totals.price_usd;
    size_t left = rep.counts[DLRIG_SEV_ERROR];
    if (left) {
        out->left = xcalloc(left, sizeof *out->left);
        out->left_options = xcalloc(left * DLRIG_REPAIR_OPTIONS, sizeof *out->left_options);
        out->n_left_options = xcalloc(left, sizeof *out->n_left_options);
        for (size_t i = 0; i < rep.n_findings && out->n_left < left; i++) {
            if (rep.findings[i].severity != DLRIG_SEV_ERROR) continue;
            out->left[out->n_left] = rep.findings[i];
            out->n_left_options[out->n_left] =
                fix_finding(cat, b, &rep, i, DLRIG_FIX_ALL_KINDS & ~kinds,
                            &out->left_options[out->n_left * DLRIG_REPAIR_OPTIONS], DLRIG_REPAIR_OPTIONS);
            out->n_left++;
        }
    }
    out->after = rep;
    return left;
}

void fix_repair_free(dlrig_repair *r)
{
    free(r->steps);
    free(r->left);
    free(r->left_options);
    free(r->n_left_options);
    report_free(&r->after);
    memset(r, 0, sizeof *r);
}
