/*
 * advisor.c — the best complete builds for a set of requirements.
 *
 * The search space: for every priced GPU model g and count n, every
 * compatible (board, CPU, CPU count), case, CPU cooler (where the case takes one), memory kit x
 * 1-4, storage model x 1-4, PSU (x2 for redundant server units), NVLink
 * bridges (none, or enough of one fitting bridge for every pair) and, for
 * several nodes, an RDMA network card (and a switch above two nodes).
 *
 * The objective (advisor.h states it exactly): among the builds with no
 * error-level finding, none of the warnings the rule table marks DLRIG_RULE_AVOID (the advisor
 * sizes RAM, power, cooling and storage so that they do not fire), every
 * --require met and the price within the budget, those within
 * ADVISOR_TIE_TOLERANCE of the best speed (or speed per dollar) are ties, and
 * the tie goes to the cheaper build, then fewer GPUs, more VRAM, a newer
 * architecture (value: to the faster build first).  advisor_exhaustive()
 * enumerates the whole space with rules_check on every candidate; the tests
 * check that advisor_recommend makes the same pick.
 *
 * How it stays fast: throughput depends only on the GPUs, the placement
 * (board, CPU count, case overhang, M.2 drives), the bridge and the network,
 * so (g, n) pairs are visited best upper bound first and the search stops
 * once no remaining pair can reach the tie band of the K-th best pair.
 * A pair is skipped when its cards and the cheapest board and case that can
 * hold that many (each card in an x16 slot of its own) exceed the budget.
 * Within a pair, parts that do not change throughput are filtered by the same
 * conditions the rules check and reduced to their price/power Pareto front;
 * the PSU is the cheapest one that carries the resulting load.  Each pair
 * yields its speed/price Pareto front of builds confirmed with rules_check
 * (a build both slower and dearer than another of the same pair can never be
 * picked); the picks are made on the union of those fronts.
 */
#include "dlrig/advisor.h"

#include <limits.h>
#include <stdint.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlrig/constraints.h"
#include "dlrig/market.h"
#include "dlrig/power.h"
#include "dlrig/query.h"
#include "dlrig/util.h"

const char *const dlrig_objective_ids[] = {"speed", "value", NULL};

const char *advisor_objective_rule(dlrig_objective obj)
{
    /* the figures follow ADVISOR_TIE_TOLERANCE (5%) */
    _Static_assert(ADVISOR_TIE_PERCENT == 5, "the rules below say 5%");
    if (obj == DLRIG_OBJ_VALUE)
        return "the most speed per dollar; builds within 5% of the best speed per dollar are ties, and a tie goes "
               "to the faster build, then the cheaper, fewer GPUs, more VRAM, a newer architecture";
    return "the fastest build; builds within 5% of the fastest are ties, and a tie goes to the cheaper build, then "
           "fewer GPUs, more VRAM, a newer architecture";
}

#define MAX_GPUS_PER_NODE 10
#define MAX_KIT_QTY 4
#define MAX_DRIVE_QTY 4

/* GPU power limits the advisor tries, in % of the card's rating: 100 (none)
 * and three steps down, all on the measured part of the curve (power.h,
 * DLRIG_POWER_MEASURED_MIN); a level is used only when it makes a build
 * possible or cheaper (see advisor.h). */
static const int limit_pct[] = {100, 90, 80, 70};
#define N_LIMIT_LEVELS 4

/* The limit of level k for g in watts (a multiple of 5 at or below the
 * share), 0 for level 0 or a card without a rating. */
static int level_w(const dlrig_gpu *g, int k)
{
    if (k == 0 || g->tdp_w == DLRIG_NA || g->tdp_w <= 0) return 0;
    return power_limit_at(g->tdp_w, limit_pct[k]);
}

/* ------------------------------------------------------------ helpers */

/* What a part costs in this search: its new price, or with used parts
 * allowed the cheaper of that and its current second-hand offer (NAN when
 * unpriced).  The requirements carry the choice; the catalog has no mode. */
static double cost_of(const dlrig_part *p, bool allow_used) { return part_price_usd(p, allow_used); }
static bool priced(const dlrig_part *p, bool allow_used)
{
    double v = cost_of(p, allow_used);
    return !isnan(v) && v > 0;
}
#define COST(c, p) cost_of((p), (c)->req->allow_used)

/* ---- parts no build needs: a dearer twin of a part with identical figures
 * (everything the rules and the perf model read) can never be chosen over
 * the cheaper one, so the search skips it.  This keeps the search size
 * proportional to the distinct parts, not to listings of the same part. */

typedef struct sig_entry {
    char *sig;
    const dlrig_part *part;
    size_t at; /* case_kinship: its index among the usable cases */
    double price;
} sig_entry;

static int cmp_sig(const void *x, const void *y)
{
    const sig_entry *a = x, *b = y;
    int c = strcmp(a->sig, b->sig);
    if (c) return c;
    if (a->price != b->price) return a->price < b->price ? -1 : 1;
    return strcmp(a->part->id, b->part->id);
}

static int cmp_ptr(const void *x, const void *y)
{
    const void *a = *(const void *const *)x, *b = *(const void *const *)y;
    return (a > b) - (a < b);
}

/* Appends v in decimal. */
static void sig_int(strbuf *b, long v)
{
    char buf[24], *e = buf + sizeof buf, *q = e;
    unsigned long u = v < 0 ? 0UL - (unsigned long)v : (unsigned long)v;
    do *--q = (char)('0' + u % 10);
    while (u /= 10);
    if (v < 0) *--q = '-';
    sb_appendn(b, q, (size_t)(e - q));
}

/* Appends a token for d equal for two values exactly when their "%.4g"
 * texts (part_field_format's) are equal: the sign, the decimal exponent and
 * the four significant digits of d correctly rounded, as printf rounds them.
 * The digits come from arithmetic, or from "%.3e" (the same rounding) where
 * d lies too close to a rounding tie for arithmetic to be sure. */
static void sig_real(strbuf *b, double d)
{
    if (isnan(d)) {
        sb_append(b, "-");
        return;
    }
    sb_append(b, signbit(d) ? "-" : "+");
    double x = fabs(d);
    if (x == 0 || isinf(x)) {
        sb_append(b, x == 0 ? "0" : "inf");
        return;
    }
    static const double pow10[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                   1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
    int e = (int)floor(log10(x));
    long r = -1;
    for (int tries = 0; tries < 3 && r < 0 && e >= -19 && e <= 25; tries++) {
        int k = 3 - e; /* scaled = x * 10^k, within half an ulp of the exact product */
        double scaled = k >= 0 ? x * pow10[k] : x / pow10[-k];
        if (scaled < 1000) { /* log10 rounded across a power of ten */
            e--;
            continue;
        }
        if (scaled >= 10000) {
            e++;
            continue;
        }
        double fl = floor(scaled), frac = scaled - fl;
        if (fabs(frac - 0.5) < 1e-6) break; /* too near a tie: ask printf */
        r = (long)fl + (frac > 0.5);
    }
    if (r < 0) {
        char buf[48];
        snprintf(buf, sizeof buf, "%.3e", x); /* d.ddde+XX */
        r = (buf[0] - '0') * 1000 + (buf[2] - '0') * 100 + (buf[3] - '0') * 10 + (buf[4] - '0');
        e = atoi(buf + 6);
    }
    if (r == 10000) { /* 9999.5 and above round up to the next power of ten */
        r = 1000;
        e++;
    }
    sig_int(b, e);
    sb_append(b, "e");
    sig_int(b, r);
}

/* Appends field f of p as part_field_format shows it, or (for a real) a
 * token that is equal exactly when that text is. */
static void sig_field(strbuf *b, const dlrig_part *p, const dlrig_field *f)
{
    const char *at = (const char *)p + f->offset;
    switch (f->kind) {
    case DLRIG_F_STR:
    case DLRIG_F_LIST: {
        const char *s = *(const char *const *)at;
        sb_append(b, s ? s : "-");
        return;
    }
    case DLRIG_F_BOOL: sb_append(b, *(const int *)at != 0 ? "yes" : "no"); return;
    case DLRIG_F_INT: {
        int v = *(const int *)at;
        if (v == DLRIG_NA) sb_append(b, "-");
        else sig_int(b, v);
        return;
    }
    case DLRIG_F_REAL:
        if (!strstr(f->name, "price")) {
            sig_real(b, *(const double *)at);
            return;
        }
        break;
    }
    char buf[512];
    sb_append(b, part_field_format(p, f, buf, sizeof buf));
}

/* Everything the rules and the perf model read of p but its price, as text;
 * with `mask`, that field's value is left out (only whether it is known is kept). */
static char *signature_masked(const dlrig_part *p, const char *mask)
{
    strbuf b = {0};
    size_t n;
    const dlrig_field *f = category_fields(p->category, &n);
    for (size_t i = 0; i < n; i++) {
        if (f[i].kind == DLRIG_F_STR && (!strcmp(f[i].name, "max_note") || !strcmp(f[i].name, "onboard_network")))
            continue; /* prose */
        if (mask && !strcmp(f[i].name, mask)) {
            sb_append(&b, f[i].kind == DLRIG_F_INT && *(const int *)((const char *)p + f[i].offset) == DLRIG_NA
                              ? "?\x1f" : "*\x1f");
            continue;
        }
        sig_field(&b, p, &f[i]);
        sb_append(&b, "\x1f");
    }
    if (p->category == DLRIG_CAT_MOTHERBOARD) {
        const dlrig_motherboard *m = (const dlrig_motherboard *)p;
        for (size_t i = 0; i < m->n_slots; i++)
            sb_printf(&b, "s%d,%d,%d,%d,%d;", m->slots[i].position, m->slots[i].physical_width,
                      m->slots[i].electrical_width, m->slots[i].pcie_gen, (int)m->slots[i].attached_to);
        for (size_t i = 0; i < m->n_m2; i++)
            sb_printf(&b, "m%d,%d,%d,%d;", m->m2[i].idx, m->m2[i].pcie_gen, m->m2[i].lanes, (int)m->m2[i].attached_to);
        for (size_t i = 0; i < m->n_shares; i++)
            sb_printf(&b, "l%d,%d,%d,%d;", m->shares[i].slot_position, m->shares[i].trigger_m2,
                      m->shares[i].trigger_index, m->shares[i].width_when);
    } else if (p->category == DLRIG_CAT_NVLINK_BRIDGE ||
               (p->category == DLRIG_CAT_GPU && ((const dlrig_gpu *)p)->nvlink)) {
        /* Which bridge fits which card is a matter of identity: never merge those. */
        sb_printf(&b, "%s", p->id);
    }
    return sb_take(&b);
}

static char *signature(const dlrig_part *p) { return signature_masked(p, NULL); }

/* Sorted pointers of the parts shadowed by a cheaper identical twin. */
typedef struct shadow_set {
    const dlrig_part **v;
    size_t n;
} shadow_set;

static void shadow_build(const dlrig_catalog *cat, bool allow_used, shadow_set *out)
{
    out->v = NULL;
    out->n = 0;
    size_t cap = 0;
    for (int c = 0; c < DLRIG_CAT_COUNT; c++) {
        size_t n = catalog_count(cat, (dlrig_category)c), k = 0;
        sig_entry *e = xcalloc(n + 1, sizeof *e);
        for (size_t i = 0; i < n; i++) {
            const dlrig_part *p = catalog_part_at(cat, (dlrig_category)c, i);
            if (!priced(p, allow_used) || market_price_overtaken(cat, p, allow_used)) continue;
            e[k].sig = signature(p);
            e[k].price = cost_of(p, allow_used);
            e[k++].part = p;
        }
        if (k > 1) qsort(e, k, sizeof *e, cmp_sig);
        for (size_t i = 1; i < k; i++)
            if (!strcmp(e[i].sig, e[i - 1].sig)) {
                if (out->n == cap) out->v = xrealloc(out->v, (cap = cap ? cap * 2 : 64) * sizeof *out->v);
                out->v[out->n++] = e[i].part;
            }
        for (size_t i = 0; i < k; i++) free(e[i].sig);
        free(e);
    }
    if (out->n > 1) qsort(out->v, out->n, sizeof *out->v, cmp_ptr);
}

static bool shadowed(const shadow_set *s, const dlrig_part *p)
{
    return s->n && bsearch(&p, s->v, s->n, sizeof *s->v, cmp_ptr) != NULL;
}

bool advisor_avoids(const dlrig_finding *f)
{
    return f->severity == DLRIG_SEV_ERROR ||
           (f->severity == DLRIG_SEV_WARNING && f->rule && (f->rule->flags & DLRIG_RULE_AVOID));
}

/* The objective on a checked build: acceptable, and its throughput. */
static bool acceptable(const dlrig_report *rep)
{
    if (rep->counts[DLRIG_SEV_ERROR]) return false;
    for (size_t i = 0; i < rep->n_findings; i++) {
        if (advisor_avoids(&rep->findings[i])) return false;
    }
    return true;
}

/* ---- the objective (advisor.h): what decides between acceptable builds */

typedef struct scored {
    double speed, price;
    int limit_pct; /* GPU power limit, % of the rating (100: none) */
    int gpus;      /* per node */
    double vram;   /* GB per node */
    int arch_year; /* the GPU architecture's year, 0 when unknown */
} scored;

static scored score_of(const dlrig_gpu *g, int n, double speed, double price)
{
    int year = g->arch && g->arch->year != DLRIG_NA ? g->arch->year : g->p.year != DLRIG_NA ? g->p.year : 0;
    return (scored){speed, price, 100, n, isnan(g->vram_gb) ? 0 : g->vram_gb * n, year};
}

/* What the objective maximises: speed, or speed per dollar. */
static double goal_of(const scored *s, dlrig_objective obj)
{
    if (obj == DLRIG_OBJ_VALUE) return s->price > 0 ? s->speed / s->price : 0;
    return s->speed;
}

/* Within the tie band of the best goal? */
static bool in_tie(double goal, double best) { return goal >= (1 - ADVISOR_TIE_TOLERANCE) * best; }

static int cmp_faster(double a, double b)
{
    double tol = 1e-9 * fmax(fabs(a), fabs(b));
    return a > b + tol ? -1 : a < b - tol ? 1 : 0;
}

/* The order within a tie band: negative when a is preferred over b. */
static int tie_cmp(const scored *a, const scored *b, dlrig_objective obj)
{
    int c;
    if (obj == DLRIG_OBJ_VALUE && (c = cmp_faster(a->speed, b->speed))) return c;
    if (a->price < b->price - 1e-6) return -1;
    if (a->price > b->price + 1e-6) return 1;
    if (a->limit_pct != b->limit_pct) return a->limit_pct > b->limit_pct ? -1 : 1;
    if (a->gpus != b->gpus) return a->gpus < b->gpus ? -1 : 1;
    if ((c = cmp_faster(a->vram, b->vram))) return c;
    if (a->arch_year != b->arch_year) return a->arch_year > b->arch_year ? -1 : 1;
    return cmp_faster(a->speed, b->speed);
}

/* The objective's pick among v[0..n) without skip[i] (skip may be NULL);
 * -1 when none.  *best_at (when not NULL) gets the entry with the best goal,
 * the top of the tie band. */
static long objective_pick(const scored *v, size_t n, const bool *skip, dlrig_objective obj, long *best_at)
{
    long top = -1, pick = -1;
    for (size_t i = 0; i < n; i++)
        if (!(skip && skip[i]) && (top < 0 || goal_of(&v[i], obj) > goal_of(&v[top], obj))) top = (long)i;
    if (best_at) *best_at = top;
    if (top < 0) return -1;
    double best = goal_of(&v[top], obj);
    for (size_t i = 0; i < n; i++) {
        if ((skip && skip[i]) || !in_tie(goal_of(&v[i], obj), best)) continue;
        if (pick < 0 || tie_cmp(&v[i], &v[pick], obj) < 0) pick = (long)i;
    }
    return pick;
}

/* a is at least as good as b on every count the objectives read: b is never picked over it. */
static bool dominates(const scored *a, const scored *b)
{
    return a->speed >= b->speed && a->price <= b->price && a->gpus <= b->gpus && a->vram >= b->vram &&
           a->arch_year >= b->arch_year && a->limit_pct >= b->limit_pct;
}

/* Acceptable builds kept for the pick: each with its score. */
typedef struct pool {
    scored *s;
    dlrig_build *b;
    size_t *pair; /* which (GPU, count) pair it came from */
    size_t n, cap;
} pool;

static void pool_push(pool *p, const scored *s, const dlrig_build *b, size_t pair)
{
    if (p->n == p->cap) {
        p->cap = p->cap ? p->cap * 2 : 16;
        p->s = xrealloc(p->s, p->cap * sizeof *p->s);
        p->b = xrealloc(p->b, p->cap * sizeof *p->b);
        p->pair = xrealloc(p->pair, p->cap * sizeof *p->pair);
    }
    p->s[p->n] = *s;
    p->b[p->n] = *b; /* the pool owns the build now */
    p->pair[p->n++] = pair;
}

static void pool_free(pool *p)
{
    for (size_t i = 0; i < p->n; i++) build_free(&p->b[i]);
    free(p->s);
    free(p->b);
    free(p->pair);
    memset(p, 0, sizeof *p);
}

typedef struct evaluated {
    bool ok;
    double throughput, price;
} evaluated;

static evaluated evaluate(const dlrig_catalog *cat, const dlrig_build *b, const dlrig_requirements *req,
                          dlrig_report *rep)
{
    evaluated e = {false, 0, 0};
    rules_check(cat, b, rep);
    e.price = rep->totals.price_usd;
    if (!acceptable(rep) || rep->totals.unpriced_parts) return e;
    if (!isnan(req->budget_usd) && e.price > req->budget_usd) return e;
    dlrig_estimate est;
    char err[128];
    if (perf_estimate(cat, b, &rep->placement, NULL, &est, err, sizeof err) != 0) return e;
    if (!est.fits && !est.fits_sharded) return e;
    if (est.llm) /* the same test as gpu_allowed: every card must run the model's weights format */
        for (size_t i = 0; i < b->n_items; i++) {
            char why[256];
            if (b->items[i].part->category == DLRIG_CAT_GPU &&
                !llm_gpu_runs((const dlrig_gpu *)b->items[i].part, &est.query, why, sizeof why))
                return e;
        }
    e.ok = true;
    e.throughput = est.throughput;
    return e;
}

/* ------------------------------------------------------------ candidate sets */

typedef struct choice {
    const dlrig_part *part;
    int qty;
    double price, power;
} choice;

typedef struct vec {
    choice *v;
    size_t n, cap;
} vec;

static void vpush(vec *a, const dlrig_part *p, int qty, double price, double power)
{
    if (a->n == a->cap) {
        a->cap = a->cap ? a->cap * 2 : 16;
        a->v = xrealloc(a->v, a->cap * sizeof *a->v);
    }
    a->v[a->n++] = (choice){p, qty, price, power};
}

static int cmp_price_power(const void *x, const void *y)
{
    const choice *a = x, *b = y;
    if (a->price != b->price) return a->price < b->price ? -1 : 1;
    if (a->power != b->power) return a->power < b->power ? -1 : 1;
    return 0;
}

/* Keeps the price/power Pareto front (sorted by price). */
static void pareto(vec *a)
{
    if (a->n < 2) return;
    qsort(a->v, a->n, sizeof *a->v, cmp_price_power);
    size_t k = 0;
    double best_power = INFINITY;
    for (size_t i = 0; i < a->n; i++)
        if (a->v[i].power < best_power) {
            a->v[k++] = a->v[i];
            best_power = a->v[i].power;
        }
    a->n = k;
}

typedef struct ctx {
    const dlrig_catalog *cat;
    const dlrig_requirements *req;
    const dlrig_workload *wl;
    dlrig_workload job; /* the workload as the request runs it (perf_job_workload), when wl is not the row */
    const dlrig_framework *fw;
    const dlrig_circuit *circuit;
    double gpu_share, cpu_share; /* sustained share of GPU limit and CPU TDP running the workload (power.h) */
    int n_levels;                /* GPU power-limit levels tried (limit_pct[]): 1 = none */
    dlrig_objective obj;
    dlrig_precision precision; /* requirements_effective_precision */
    double params_m;
    bool llm;           /* a language-model job: q is what must fit */
    dlrig_fit_query q;
    dlrig_fit_query q2; /* the second job of a workload mix, when has_second */
    bool has_second;
    int nodes;
    bool quiet;
    double need_fast_gb; /* storage the dataset and checkpoints want (0: none given) */
    /* The parts the advisor may choose, per category: priced, and not a
     * dearer twin.  Collected once, so the search never walks the rest. */
    const void **use[DLRIG_CAT_COUNT];
    size_t n_use[DLRIG_CAT_COUNT];
    /* The cheapest usable memory kit, drive and PSU (INFINITY: none). */
    double min_mem, min_sto, min_psu;
    /* What a node with n cards w slot positions wide costs at least besides
     * them (INFINITY: no usable board and case hold n): bounds for pruning
     * (GPU, count) pairs.  [w][n] */
    double min_platform[5][MAX_GPUS_PER_NODE + 1];
    /* Storage options with exactly m2 drives on M.2 (0: none on M.2), whatever the board. */
    vec sto_by_m2[MAX_DRIVE_QTY + 1];
    /* Few distinct strings decide which case takes which board and which
     * cooler fits which CPU: numbered once, so the search compares numbers.
     * ff_fits[list * n_board_ff + ff]: a case's form-factor list takes a board's form factor. */
    int *board_ff, *case_ffl, *cpu_socket, n_board_ff, n_case_ffl, n_sockets;
    unsigned char *ff_fits;
    /* The cheapest cooler per (CPU socket, usable case), filled as needed (cooler_unset: not yet). */
    const dlrig_cooler **cooler_cache;
    /* takes[board * n_use[CPU] + cpu]: the board takes the CPU and its memory type;
     * needs_cooler[case]: case_needs_cpu_cooler. */
    unsigned char *takes, *needs_cooler;
    /* The rules that judge a frame alone (DLRIG_RULE_FRAME), by position in the rule table. */
    size_t frame_rules[8], n_frame_rules;
    /* case_kin[case]: cases with the same number differ in nothing but the
     * GPU length they take and their price (n_case_kin numbers in all). */
    size_t *case_kin, n_case_kin;
    /* Placements made so far (placement_for), for the whole search. */
    struct place_cache *places;
    /* Memory options made so far (memory_cached), for the whole search. */
    struct mem_cache *mems;
} ctx;

static const dlrig_cooler cooler_unset_mark;
#define cooler_unset (&cooler_unset_mark)

/* The usable parts of category cat, typed by the caller. */
#define USE(c, cat, type) ((const type *const *)(c)->use[cat])

static void storage_options(const ctx *c, int m2, vec *out);

/* The number of s among the distinct strings seen so far (adding it when new). */
static int intern(const char ***seen, int *n, const char *s)
{
    if (!s) s = "";
    for (int i = 0; i < *n; i++)
        if (strcmp((*seen)[i], s) == 0) return i;
    *seen = xrealloc(*seen, (size_t)(*n + 1) * sizeof **seen);
    (*seen)[*n] = s;
    return (*n)++;
}

static int cmp_sig_only(const void *x, const void *y)
{
    const sig_entry *a = x, *b = y;
    return strcmp(a->sig, b->sig);
}

/* Numbers the usable cases by kin (ctx.case_kin): the same figures but for
 * the GPU length limit.  Where two of them both take a pair's cards, the
 * dearer one can never give a better build (best_for keeps the cheaper). */
static void case_kinship(ctx *c)
{
    size_t ncs = c->n_use[DLRIG_CAT_CASE];
    sig_entry *e = xcalloc(ncs + 1, sizeof *e);
    for (size_t i = 0; i < ncs; i++) {
        e[i].sig = signature_masked(c->use[DLRIG_CAT_CASE][i], "max_gpu_length_mm");
        e[i].part = c->use[DLRIG_CAT_CASE][i];
        e[i].at = i;
    }
    if (ncs > 1) qsort(e, ncs, sizeof *e, cmp_sig_only);
    c->case_kin = xcalloc(ncs + 1, sizeof *c->case_kin);
    c->n_case_kin = 0;
    for (size_t k = 0; k < ncs; k++) {
        if (k == 0 || strcmp(e[k].sig, e[k - 1].sig)) c->n_case_kin++;
        c->case_kin[e[k].at] = c->n_case_kin - 1;
    }
    for (size_t k = 0; k < ncs; k++) free(e[k].sig);
    free(e);
}

static void number_strings(ctx *c)
{
    size_t nb = c->n_use[DLRIG_CAT_MOTHERBOARD], ncs = c->n_use[DLRIG_CAT_CASE], nc = c->n_use[DLRIG_CAT_CPU];
    const char **ffs = NULL, **lists = NULL, **sockets = NULL;
    c->board_ff = xcalloc(nb + 1, sizeof *c->board_ff);
    c->case_ffl = xcalloc(ncs + 1, sizeof *c->case_ffl);
    c->cpu_socket = xcalloc(nc + 1, sizeof *c->cpu_socket);
    for (size_t i = 0; i < nb; i++)
        c->board_ff[i] = intern(&ffs, &c->n_board_ff, USE(c, DLRIG_CAT_MOTHERBOARD, dlrig_motherboard)[i]->form_factor);
    for (size_t i = 0; i < ncs; i++)
        c->case_ffl[i] = intern(&lists, &c->n_case_ffl, USE(c, DLRIG_CAT_CASE, dlrig_case)[i]->form_factors);
    for (size_t i = 0; i < nc; i++)
        c->cpu_socket[i] = intern(&sockets, &c->n_sockets, USE(c, DLRIG_CAT_CPU, dlrig_cpu)[i]->socket);
    c->ff_fits = xcalloc((size_t)c->n_case_ffl * (size_t)c->n_board_ff + 1, 1);
    for (int l = 0; l < c->n_case_ffl; l++)
        for (int f = 0; f < c->n_board_ff; f++)
            c->ff_fits[l * c->n_board_ff + f] = form_factor_fits(lists[l], ffs[f]);
    c->takes = xcalloc(nb * nc + 1, 1);
    for (size_t i = 0; i < nb; i++) {
        const dlrig_motherboard *b = USE(c, DLRIG_CAT_MOTHERBOARD, dlrig_motherboard)[i];
        for (size_t k = 0; k < nc; k++) {
            const dlrig_cpu *cpu = USE(c, DLRIG_CAT_CPU, dlrig_cpu)[k];
            c->takes[i * nc + k] = board_takes_cpu(b, cpu) && !strcmp(cpu->memory_type, b->memory_type);
        }
    }
    c->needs_cooler = xcalloc(ncs + 1, 1);
    for (size_t i = 0; i < ncs; i++) c->needs_cooler[i] = case_needs_cpu_cooler(USE(c, DLRIG_CAT_CASE, dlrig_case)[i]);
    c->n_frame_rules = rules_indices(DLRIG_RULE_FRAME, c->frame_rules, sizeof c->frame_rules / sizeof c->frame_rules[0]);
    case_kinship(c);
    c->cooler_cache = xcalloc((size_t)c->n_sockets * ncs + 1, sizeof *c->cooler_cache);
    for (size_t i = 0; i < (size_t)c->n_sockets * ncs; i++) c->cooler_cache[i] = cooler_unset;
    free(ffs);
    free(lists);
    free(sockets);
}

/* Positions a card of g takes in a tower or rack case, as place_build counts
 * them (1-4, 2 when unknown); an open frame's risers take one each. */
static int card_width(const dlrig_gpu *g)
{
    return constraint_card_positions(g, NULL);
}

/* The most cards `w` positions wide board b can hold in a case giving
 * case_slots positions: place_build's conditions but the second CPU (an x16
 * slot each, no overlap, within the positions), so an upper bound. */
static int board_capacity(const dlrig_motherboard *b, int w, int case_slots)
{
    int positions = b->expansion_positions > 0 ? b->expansion_positions : 7;
    int max_pos = case_slots > positions ? case_slots : positions;
    long end = LONG_MIN;
    int n = 0;
    for (size_t i = 0; i < b->n_slots; i++) { /* sorted by position: the earliest that fit, greedily */
        const dlrig_slot *s = &b->slots[i];
        if (s->physical_width < 16 || (long)s->position + w - 1 > max_pos || s->position <= end) continue;
        end = (long)s->position + w - 1;
        n++;
    }
    return n;
}

static void usable_collect(ctx *c)
{
    shadow_set shadow;
    shadow_build(c->cat, c->req->allow_used, &shadow);
    for (int k = 0; k < DLRIG_CAT_COUNT; k++) {
        size_t n = catalog_count(c->cat, (dlrig_category)k), m = 0;
        const void **v = xcalloc(n + 1, sizeof *v);
        for (size_t i = 0; i < n; i++) {
            const dlrig_part *p = catalog_part_at(c->cat, (dlrig_category)k, i);
            if (priced(p, c->req->allow_used) && !shadowed(&shadow, p) &&
                !market_price_overtaken(c->cat, p, c->req->allow_used))
                v[m++] = p;
        }
        c->use[k] = v;
        c->n_use[k] = m;
    }
    free(shadow.v);
    c->min_mem = c->min_sto = c->min_psu = INFINITY;
    for (size_t i = 0; i < c->n_use[DLRIG_CAT_MEMORY]; i++)
        c->min_mem = fmin(c->min_mem, COST(c, USE(c, DLRIG_CAT_MEMORY, dlrig_part)[i]));
    for (size_t i = 0; i < c->n_use[DLRIG_CAT_STORAGE]; i++)
        c->min_sto = fmin(c->min_sto, COST(c, USE(c, DLRIG_CAT_STORAGE, dlrig_part)[i]));
    for (size_t i = 0; i < c->n_use[DLRIG_CAT_PSU]; i++)
        c->min_psu = fmin(c->min_psu, COST(c, USE(c, DLRIG_CAT_PSU, dlrig_part)[i]));
    double min_cpu = INFINITY;
    for (size_t i = 0; i < c->n_use[DLRIG_CAT_CPU]; i++)
        min_cpu = fmin(min_cpu, COST(c, USE(c, DLRIG_CAT_CPU, dlrig_part)[i]));
    /* Complete servers: their own supplies cost nothing extra, and their
     * built-in boards (not sold alone, often unpriced) join the boards searched. */
    size_t ncs = c->n_use[DLRIG_CAT_CASE];
    for (size_t i = 0; i < ncs; i++) {
        const dlrig_case *cs = USE(c, DLRIG_CAT_CASE, dlrig_case)[i];
        if (case_has_psus(cs)) c->min_psu = 0;
        if (!cs->board) continue;
        size_t nb = c->n_use[DLRIG_CAT_MOTHERBOARD], k = 0;
        while (k < nb && c->use[DLRIG_CAT_MOTHERBOARD][k] != (const void *)cs->board) k++;
        if (k < nb) continue;
        c->use[DLRIG_CAT_MOTHERBOARD] = xrealloc(c->use[DLRIG_CAT_MOTHERBOARD], (nb + 2) * sizeof(void *));
        c->use[DLRIG_CAT_MOTHERBOARD][nb] = cs->board;
        c->n_use[DLRIG_CAT_MOTHERBOARD] = nb + 1;
    }
    /* How many cards of a width a board can hold at most, and so what n
     * cards cost at least besides themselves. */
    int case_slots = 0; /* the most positions a case without a board gives */
    for (size_t i = 0; i < ncs; i++) {
        const dlrig_case *cs = USE(c, DLRIG_CAT_CASE, dlrig_case)[i];
        if (!cs->board && cs->expansion_slots > case_slots) case_slots = cs->expansion_slots;
    }
    for (int n = 1; n <= MAX_GPUS_PER_NODE; n++) {
        double board_alone[5]; /* by card width */
        for (int w = 1; w <= 4; w++) {
            board_alone[w] = INFINITY;
            for (size_t i = 0; i < c->n_use[DLRIG_CAT_MOTHERBOARD]; i++) {
                const dlrig_motherboard *b = USE(c, DLRIG_CAT_MOTHERBOARD, dlrig_motherboard)[i];
                if (priced(&b->p, c->req->allow_used) && board_capacity(b, w, case_slots) >= n)
                    board_alone[w] = fmin(board_alone[w], COST(c, &b->p));
            }
        }
        for (int w = 1; w <= 4; w++) {
            double frame = INFINITY;
            for (size_t i = 0; i < ncs; i++) {
                const dlrig_case *cs = USE(c, DLRIG_CAT_CASE, dlrig_case)[i];
                if (!constraint_case_gpu_count_ok(cs, n)) continue;
                int cw = constraint_case_frame(cs) ? 1 : w; /* cards on risers take one position each */
                if (cs->board) {
                    if (board_capacity(cs->board, cw, cs->expansion_slots) >= n) frame = fmin(frame, COST(c, &cs->p));
                } else {
                    frame = fmin(frame, COST(c, &cs->p) + board_alone[cw]);
                }
            }
            c->min_platform[w][n] = min_cpu + frame + c->min_mem + c->min_sto + c->min_psu;
        }
    }
    for (int m2 = 0; m2 <= MAX_DRIVE_QTY; m2++) storage_options(c, m2, &c->sto_by_m2[m2]);
    number_strings(c);
}

struct place_cache;
static void place_cache_free(struct place_cache *pc);
struct mem_cache;
static void mem_cache_free(struct mem_cache *mc);

static void usable_free(ctx *c)
{
    for (int k = 0; k < DLRIG_CAT_COUNT; k++) free(c->use[k]);
    for (int m2 = 0; m2 <= MAX_DRIVE_QTY; m2++) free(c->sto_by_m2[m2].v);
    free(c->board_ff);
    free(c->case_ffl);
    free(c->cpu_socket);
    free(c->ff_fits);
    free(c->cooler_cache);
    free(c->takes);
    free(c->needs_cooler);
    free(c->case_kin);
    place_cache_free(c->places);
    mem_cache_free(c->mems);
}

/* g, one of the usable GPUs, n of them per node: allowed by the requirements? */
static bool gpu_allowed(const ctx *c, const dlrig_gpu *g, int n)
{
    unsigned rq = c->req->require;
    if ((rq & DLRIG_REQ_ECC) && !g->ecc) return false;
    if ((rq & DLRIG_REQ_NVLINK) && (!g->nvlink || n < 2)) return false;
    if (c->nodes > 1 && !g->gpudirect_rdma) return false;
    if (!constraint_gpu_count_ok(g, n)) return false;
    if (!constraint_gpu_quiet_for(g, n, c->req)) return false;
    if (!constraint_gpu_datacenter_ok(g, c->req)) return false;
    if (!constraint_gpu_count_requested(c->req, n) || !constraint_vram_requested(c->req, g)) return false;
    if (c->has_second) { /* job.second: the box runs the second job too */
        char why[256];
        dlrig_fit f2;
        if (!llm_gpu_runs(g, &c->q2, why, sizeof why)) return false;
        llm_fit(g, c->req->one_card ? 1 : n, NULL, &c->q2, &f2); /* shape.one_card holds it to one card too */
        if (!f2.fits) return false;
    }
    if (g->arch) {
        if (!perf_workload_own_precision(c->wl) && !perf_gpu_supports(g, c->precision)) return false;
        if (c->fw && !framework_supports(c->fw, g->arch)) return false;
    }
    /* shape.one_card: the job on one card (every card then holds a copy) */
    int room = c->req->one_card || (c->wl && c->wl->whole_on_card) ? 1 : n;
    if (c->llm) {
        char why[256];
        dlrig_fit f;
        if (!llm_gpu_runs(g, &c->q, why, sizeof why)) return false;
        llm_fit(g, room, NULL, &c->q, &f);
        if (!f.fits) return false;
        if (room != n) llm_fit(g, n, NULL, &c->q, &f);
        return f.fits;
    }
    if (c->wl && perf_model_memory_gb(c->wl, c->params_m, c->precision, 1) > g->vram_gb * room) return false;
    return true;
}

/* cs, one of the usable cases, for n of GPU g?  (Which boards it takes is
 * judged per board, with the numbered form factors.) */
static bool case_allowed(const ctx *c, const dlrig_case *cs, const dlrig_gpu *g, int n)
{
    if (!constraint_case_takes_gpus(cs, g, n)) return false;
    if ((c->req->require & DLRIG_REQ_RACKMOUNT) && !constraint_case_rackmount(cs)) return false;
    if (!constraint_case_frame_for(cs, c->req)) return false;
    if (!constraint_case_quiet_for(cs, c->req)) return false;
    if (!constraint_case_datacenter_ok(cs, c->req)) return false;
    return true;
}

/* Memory options for a board + CPUs + GPUs (the memory rules, exactly). */
static void memory_options(const ctx *c, const dlrig_motherboard *b, const dlrig_cpu *cpu, int ncpu, double vram_max,
                           vec *out)
{
    size_t n = c->n_use[DLRIG_CAT_MEMORY];
    const dlrig_memory *const *m = USE(c, DLRIG_CAT_MEMORY, dlrig_memory);
    int channels = constraint_memory_channels(b, cpu, ncpu);
    for (size_t i = 0; i < n; i++) {
        if (!constraint_memory_fits_board(m[i], b) || !constraint_memory_fits_cpu(m[i], cpu)) continue;
        if ((c->req->require & DLRIG_REQ_ECC) && !m[i]->ecc) continue;
        for (int q = 1; q <= MAX_KIT_QTY; q++) {
            int modules = m[i]->modules * q, ram = m[i]->capacity_gb * q;
            if (modules > b->memory_slots) break;
            if (modules < channels) continue;
            if (!constraint_ram_capacity_ok(b, cpu, ncpu, ram)) continue;
            if (!constraint_ram_covers_vram(ram, vram_max)) continue;
            vpush(out, &m[i]->p, q, COST(c, &m[i]->p) * q, part_power_w(&m[i]->p) * q);
        }
    }
    pareto(out);
}

/* Memory options kept for the whole search: they depend on the board, the
 * CPUs and the largest card's VRAM only, and many pairs share those. */
typedef struct mem_entry {
    const dlrig_motherboard *board;
    const dlrig_cpu *cpu;
    int ncpu;
    double vram;
    vec opts;
} mem_entry;

typedef struct mem_cache {
    mem_entry *v;
    size_t n, cap;
    size_t *slot, n_slot; /* open addressing: index + 1 into v, 0 empty; n_slot a power of two */
} mem_cache;

static size_t mem_hash(const mem_entry *e)
{
    uint64_t bits;
    memcpy(&bits, &e->vram, sizeof bits);
    uint64_t h = 1469598103934665603ull;
    const uint64_t vals[] = {(uint64_t)(uintptr_t)e->board, (uint64_t)(uintptr_t)e->cpu, (uint64_t)e->ncpu, bits};
    for (size_t i = 0; i < 4; i++) h = (h ^ vals[i]) * 1099511628211ull;
    return (size_t)(h ^ (h >> 29));
}

static void mem_insert_slot(mem_cache *mc, size_t at)
{
    size_t mask = mc->n_slot - 1, h = mem_hash(&mc->v[at]) & mask;
    while (mc->slot[h]) h = (h + 1) & mask;
    mc->slot[h] = at + 1;
}

/* memory_options(c, b, cpu, ncpu, vram_max), made once; the options stay
 * valid for the whole search. */
static const vec *memory_cached(const ctx *c, const dlrig_motherboard *b, const dlrig_cpu *cpu, int ncpu,
                                double vram_max)
{
    mem_cache *mc = c->mems;
    mem_entry key = {b, cpu, ncpu, vram_max, {0}};
    if (mc->n_slot) {
        size_t mask = mc->n_slot - 1;
        for (size_t h = mem_hash(&key) & mask; mc->slot[h]; h = (h + 1) & mask) {
            const mem_entry *e = &mc->v[mc->slot[h] - 1];
            if (e->board == b && e->cpu == cpu && e->ncpu == ncpu && !memcmp(&e->vram, &vram_max, sizeof vram_max))
                return &e->opts;
        }
    }
    memory_options(c, b, cpu, ncpu, vram_max, &key.opts);
    if (mc->n == mc->cap) mc->v = xrealloc(mc->v, (mc->cap = mc->cap ? mc->cap * 2 : 64) * sizeof *mc->v);
    mc->v[mc->n++] = key;
    if (2 * mc->n > mc->n_slot) {
        free(mc->slot);
        mc->n_slot = mc->n_slot ? mc->n_slot * 2 : 256;
        mc->slot = xcalloc(mc->n_slot, sizeof *mc->slot);
        for (size_t i = 0; i < mc->n; i++) mem_insert_slot(mc, i);
    } else {
        mem_insert_slot(mc, mc->n - 1);
    }
    return &mc->v[mc->n - 1].opts;
}

static void mem_cache_free(mem_cache *mc)
{
    if (!mc) return;
    for (size_t i = 0; i < mc->n; i++) free(mc->v[i].opts.v);
    free(mc->v);
    free(mc->slot);
    free(mc);
}

/* M.2 drives a board can take: its sockets, or (as storage.m2_slots
 * judges it) any number when the catalog does not list its sockets. */
static int m2_capacity(const dlrig_motherboard *b)
{
    return b->n_m2 ? (int)b->n_m2 : MAX_DRIVE_QTY;
}

/* Storage options with m2 M.2 drives exactly (0 = none on M.2); the search
 * offers a board only the counts its sockets take (m2_capacity). */
static void storage_options(const ctx *c, int m2, vec *out)
{
    size_t n = c->n_use[DLRIG_CAT_STORAGE];
    const dlrig_storage *const *s = USE(c, DLRIG_CAT_STORAGE, dlrig_storage);
    for (size_t i = 0; i < n; i++) {
        if (s[i]->storage_kind == DLRIG_STORAGE_HDD) continue;
        bool is_m2 = s[i]->form_factor && !strncmp(s[i]->form_factor, "M.2", 3);
        for (int q = 1; q <= MAX_DRIVE_QTY; q++) {
            if (is_m2 ? q != m2 : m2 != 0) continue;
            if ((double)s[i]->capacity_gb * q < c->need_fast_gb) continue;
            vpush(out, &s[i]->p, q, COST(c, &s[i]->p) * q, part_power_w(&s[i]->p) * q);
        }
    }
    pareto(out);
}

/* PSU options for a case, GPUs and CPUs: sorted by the load they accept,
 * with the cheapest price for at least that load in best[]. */
typedef struct psu_opt {
    const dlrig_psu *psu;
    int qty;
    double max_load, price, cap; /* rated load accepted (the headroom rule's), price, capacity for efficiency */
    const char *level;           /* 80 PLUS level, for the wall draw */
    size_t cheapest_from;        /* index of the cheapest option at or after this one */
} psu_opt;

static int cmp_psu_load(const void *x, const void *y)
{
    const psu_opt *a = x, *b = y;
    return (a->max_load > b->max_load) - (a->max_load < b->max_load);
}

static size_t psu_options(const ctx *c, const dlrig_case *cs, const dlrig_gpu *g, int n, int ncpu, psu_opt *out,
                          size_t cap)
{
    size_t np = c->n_use[DLRIG_CAT_PSU], k = 0;
    const dlrig_psu *const *p = USE(c, DLRIG_CAT_PSU, dlrig_psu);
    if (case_has_psus(cs)) {
        /* A complete server: its own supplies, nothing to add (a listed PSU is an error). */
        double load = case_psu_max_load_w(cs, c->circuit);
        if (load <= 0 || cap == 0) return 0;
        out[0] = (psu_opt){NULL, 0, load, 0, case_psu_capacity_w(cs, c->circuit), cs->psu_efficiency, 0};
        return 1;
    }
    for (size_t i = 0; i < np && k < cap; i++) {
        if (!constraint_psu_fits_case(p[i], cs)) continue;
        for (int q = 1; q <= (p[i]->redundant ? 2 : 1) && k < cap; q++) {
            if (!psu_connectors_ok(p[i], q, g, n, ncpu)) continue;
            double load = psu_max_load_w(p[i], q, c->circuit);
            if (load <= 0) continue;
            out[k++] = (psu_opt){p[i], q, load, COST(c, &p[i]->p) * q, psu_capacity_w(p[i], q, c->circuit),
                                 p[i]->efficiency, 0};
        }
    }
    if (k > 1) qsort(out, k, sizeof *out, cmp_psu_load);
    /* Suffix minimum: the cheapest option accepting at least out[i].max_load. */
    size_t best = k;
    for (size_t i = k; i-- > 0;) {
        if (best == k || out[i].price < out[best].price) best = i;
        out[i].cheapest_from = best;
    }
    return k;
}

/* Whether the circuit (if any) carries sustained_w drawn through option o:
 * the power.circuit rule's test (constraints.h). */
static bool circuit_carries(const ctx *c, const psu_opt *o, double sustained_w)
{
    return constraint_circuit_carries(c->circuit, constraint_wall_w(c->circuit, sustained_w, o->level, o->cap));
}

/* Cheapest PSU option whose accepted load is >= rated_w and whose wall draw
 * at sustained_w the circuit carries; NULL when none. */
static const psu_opt *cheapest_psu(const ctx *c, const psu_opt *v, size_t n, double rated_w, double sustained_w)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (v[mid].max_load < rated_w) lo = mid + 1;
        else hi = mid;
    }
    if (lo >= n) return NULL;
    const psu_opt *best = &v[v[lo].cheapest_from];
    if (circuit_carries(c, best, sustained_w)) return best;
    if (constraint_circuit_out_of_reach(c->circuit, sustained_w)) return NULL;
    best = NULL;
    for (size_t i = lo; i < n; i++)
        if ((!best || v[i].price < best->price) && circuit_carries(c, &v[i], sustained_w)) best = &v[i];
    return best;
}

/* ------------------------------------------------------------ search */


static void assemble(dlrig_build *b, const ctx *c, const dlrig_gpu *g, int n, int limit_w, const dlrig_cpu *cpu,
                     int ncpu, const dlrig_motherboard *board, const dlrig_case *cs, const dlrig_cooler *cooler,
                     const choice *mem, const choice *sto, const psu_opt *psu, const dlrig_nvlink_bridge *bridge,
                     int n_bridges, const dlrig_nic *nic, const dlrig_switch *sw)
{
    build_init(b, NULL);
    b->req = *c->req;
    b->req.nodes = c->nodes;
    build_add(b, &g->p, n);
    if (limit_w > 0) build_set_power_limit(b, &g->p, limit_w);
    build_add(b, &cpu->p, ncpu);
    if (board != cs->board) build_add(b, &board->p, 1); /* a complete server brings its own */
    if (mem) build_add(b, mem->part, mem->qty);
    if (sto) build_add(b, sto->part, sto->qty);
    if (psu && psu->psu) build_add(b, &psu->psu->p, psu->qty);
    build_add(b, &cs->p, 1);
    if (cooler) build_add(b, &cooler->p, ncpu);
    if (bridge && n_bridges) build_add(b, &bridge->p, n_bridges);
    if (nic) build_add(b, &nic->p, 1);
    if (sw) build_add(b, &sw->p, 1);
}

/* Cheapest cooler for a CPU socket in a case (one that takes standard coolers). */
static const dlrig_cooler *cheapest_cooler(const ctx *c, const dlrig_cpu *cpu, const dlrig_case *cs)
{
    size_t n = c->n_use[DLRIG_CAT_COOLER];
    const dlrig_cooler *const *v = USE(c, DLRIG_CAT_COOLER, dlrig_cooler);
    const dlrig_cooler *best = NULL;
    for (size_t i = 0; i < n; i++) {
        if (!constraint_cooler_fits_socket(v[i], cpu) || !constraint_cooler_fits_case(v[i], cs)) continue;
        if (!best || COST(c, &v[i]->p) < COST(c, &best->p)) best = v[i];
    }
    return best;
}

typedef struct cand {
    double throughput, price;
    int level;    /* power-limit level (limit_pct[]) */
    size_t frame; /* candidates of one frame share its placement */
    size_t order; /* where the full search makes it (ties go to the first) */
    const dlrig_cpu *cpu;
    int ncpu;
    const dlrig_motherboard *board;
    const dlrig_case *cs;
    const dlrig_cooler *cooler;
    choice mem, sto;
    psu_opt psu;
    const dlrig_nvlink_bridge *bridge;
    int n_bridges;
    const dlrig_nic *nic;
    const dlrig_switch *sw;
} cand;

typedef struct cvec {
    cand *v;
    size_t n, cap;
} cvec;

static void cpush(cvec *a, const cand *c)
{
    if (a->n == a->cap) {
        a->cap = a->cap ? a->cap * 2 : 64;
        a->v = xrealloc(a->v, a->cap * sizeof *a->v);
    }
    a->v[a->n++] = *c;
}

/* The confirmation order: faster first (speeds within 1e-9 relative are
 * one speed), then cheaper, then the one the full search makes first. */
static bool cand_before(const cand *x, const cand *y)
{
    double t1 = x->throughput, t2 = y->throughput;
    double tol = 1e-9 * fmax(fabs(t1), fabs(t2));
    if (t1 > t2 + tol) return true;
    if (t1 < t2 - tol) return false;
    if (x->price < y->price - 1e-6) return true;
    if (y->price < x->price - 1e-6) return false;
    return x->order < y->order;
}

/* A binary heap of candidate indices, the first in cand_before order on
 * top: the confirmation below mostly stops after a few candidates, so the
 * rest are never sorted. */
typedef struct cand_heap {
    const cand *c;
    size_t *v, n;
} cand_heap;

static void heap_down(cand_heap *h, size_t i)
{
    for (;;) {
        size_t l = 2 * i + 1, m = i;
        if (l < h->n && cand_before(&h->c[h->v[l]], &h->c[h->v[m]])) m = l;
        if (l + 1 < h->n && cand_before(&h->c[h->v[l + 1]], &h->c[h->v[m]])) m = l + 1;
        if (m == i) return;
        size_t t = h->v[i];
        h->v[i] = h->v[m];
        h->v[m] = t;
        i = m;
    }
}

static void heap_init(cand_heap *h, const cvec *cands)
{
    h->c = cands->v;
    h->n = cands->n;
    h->v = xmalloc((h->n + 1) * sizeof *h->v);
    for (size_t i = 0; i < h->n; i++) h->v[i] = i;
    for (size_t i = h->n / 2; i-- > 0;) heap_down(h, i);
}

/* The index of the next candidate (h->n must be above 0). */
static size_t heap_pop(cand_heap *h)
{
    size_t top = h->v[0];
    h->v[0] = h->v[--h->n];
    heap_down(h, 0);
    return top;
}

/* Findings that depend only on a frame (GPUs, board, CPUs, case, M.2 drives,
 * bridge, NIC): when one rejects a candidate, every candidate of that frame
 * is rejected too. */
static bool frame_finding(const dlrig_report *rep)
{
    for (size_t i = 0; i < rep->n_findings; i++)
        if (rep->findings[i].severity >= DLRIG_SEV_WARNING && (rep->findings[i].rule->flags & DLRIG_RULE_FRAME))
            return true;
    return false;
}

/* ---- placements, kept for the whole search
 *
 * place_build reads the board, the CPU count, the case's overhang, how many
 * M.2 drives there are, the NIC, and of the GPUs only their count and shape
 * (positions, lanes, PCIe generation, SXM or not): cards of one model are
 * interchangeable.  So a placement made for one GPU model serves every model
 * of the same shape on the same frame, and a frame that cannot hold the
 * cards is turned down without assembling it. */
typedef struct place_key {
    const dlrig_motherboard *board;
    const dlrig_nic *nic;
    int ncpu, overhang, m2, n, width, lanes, gen, sxm;
} place_key;

typedef struct place_entry {
    place_key k;
    dlrig_placement *pl; /* NULL: some card finds no slot */
} place_entry;

typedef struct place_cache {
    place_entry *v;
    size_t n, cap;
    size_t *slot, n_slot; /* open addressing: index + 1 into v, 0 empty; n_slot a power of two */
} place_cache;

static size_t place_hash(const place_key *k)
{
    uint64_t h = 1469598103934665603ull;
    const uint64_t vals[] = {(uint64_t)(uintptr_t)k->board, (uint64_t)(uintptr_t)k->nic, (uint64_t)k->ncpu,
                             (uint64_t)k->overhang, (uint64_t)k->m2, (uint64_t)k->n, (uint64_t)k->width,
                             (uint64_t)k->lanes, (uint64_t)k->gen, (uint64_t)k->sxm};
    for (size_t i = 0; i < sizeof vals / sizeof vals[0]; i++) h = (h ^ vals[i]) * 1099511628211ull;
    return (size_t)(h ^ (h >> 29));
}

static bool place_key_eq(const place_key *a, const place_key *b)
{
    return a->board == b->board && a->nic == b->nic && a->ncpu == b->ncpu && a->overhang == b->overhang &&
           a->m2 == b->m2 && a->n == b->n && a->width == b->width && a->lanes == b->lanes && a->gen == b->gen &&
           a->sxm == b->sxm;
}

static void place_insert_slot(place_cache *pc, size_t at)
{
    size_t mask = pc->n_slot - 1, h = place_hash(&pc->v[at].k) & mask;
    while (pc->slot[h]) h = (h + 1) & mask;
    pc->slot[h] = at + 1;
}

/* The placement of n cards of g on this frame (sto: its storage, with m2 M.2
 * drives), made and remembered when new; NULL when some card finds no slot.
 * The GPU cards in it may be another model of g's shape (place_as fixes them). */
static const dlrig_placement *placement_for(const ctx *c, const dlrig_gpu *g, int n, const dlrig_cpu *cpu, int ncpu,
                                            const dlrig_motherboard *board, const dlrig_case *cs, int overhang, int m2,
                                            const choice *sto, const dlrig_nic *nic, const dlrig_switch *sw)
{
    place_cache *pc = c->places;
    place_key k = {board, nic, ncpu, overhang, m2, n, constraint_card_positions(g, cs),
                   g->pcie_lanes > 0 ? g->pcie_lanes : 16, constraint_card_link_gen(g, cs), constraint_gpu_sxm(g)};
    if (pc->n_slot) {
        size_t mask = pc->n_slot - 1;
        for (size_t h = place_hash(&k) & mask; pc->slot[h]; h = (h + 1) & mask)
            if (place_key_eq(&pc->v[pc->slot[h] - 1].k, &k)) return pc->v[pc->slot[h] - 1].pl;
    }
    dlrig_placement *made = NULL;
    int positions = board->expansion_positions > 0 ? board->expansion_positions : 7;
    /* More cards than the board has x16 slots for, one apart from the other: none to place */
    if (k.sxm || board_capacity(board, k.width, positions + overhang) >= n) {
        dlrig_build fb;
        assemble(&fb, c, g, n, 0, cpu, ncpu, board, cs, NULL, NULL, sto, NULL, NULL, 0, nic, sw);
        made = xmalloc(sizeof *made);
        place_build(&fb, made);
        build_free(&fb);
        if (made->n_unplaced) {
            free(made);
            made = NULL;
        }
    }
    if (pc->n == pc->cap) pc->v = xrealloc(pc->v, (pc->cap = pc->cap ? pc->cap * 2 : 64) * sizeof *pc->v);
    pc->v[pc->n++] = (place_entry){k, made};
    if (2 * pc->n > pc->n_slot) { /* grow and rehash */
        free(pc->slot);
        pc->n_slot = pc->n_slot ? pc->n_slot * 2 : 256;
        pc->slot = xcalloc(pc->n_slot, sizeof *pc->slot);
        for (size_t i = 0; i < pc->n; i++) place_insert_slot(pc, i);
    } else {
        place_insert_slot(pc, pc->n - 1);
    }
    return made;
}

/* *out = pl with its GPU cards g's. */
static void place_as(const dlrig_placement *pl, const dlrig_gpu *g, dlrig_placement *out)
{
    *out = *pl;
    for (size_t i = 0; i < out->n_cards; i++)
        if (out->cards[i].part->category == DLRIG_CAT_GPU) out->cards[i].part = &g->p;
}

static void place_cache_free(place_cache *pc)
{
    if (!pc) return;
    for (size_t k = 0; k < pc->n; k++) free(pc->v[k].pl);
    free(pc->v);
    free(pc->slot);
    free(pc);
}

/* Placement and throughput of one frame, memoised on what they depend on;
 * the case and cooler are those of the first frame met with this key (its
 * estimate and its own findings stand for every frame of the key). */
typedef struct place_memo {
    const dlrig_motherboard *board;
    const dlrig_cpu *cpu; /* pcie.lanes depends on its lane count */
    int ncpu, overhang, m2;
    const dlrig_nic *nic;
    const dlrig_nvlink_bridge *bridge;
    int n_bridges;
    const dlrig_case *cs;
    const dlrig_cooler *cooler;
    const choice *sto;           /* storage it was placed with */
    const dlrig_placement *pl;   /* from placement_for; NULL: the cards do not fit */
    bool made;                   /* placed and estimated at level 0 */
    bool ok;                     /* placed and estimated (and, once judged, no frame finding) */
    bool judged;                 /* the frame rules have run */
    double throughput[N_LIMIT_LEVELS]; /* per power-limit level; NAN until needed */
} place_memo;

/* Estimates shared by the frames of one (GPU, count) pair that differ only
 * in what perf_estimate does not read: it reads the GPUs and their limits,
 * the bridge and NIC, the requirements and the placement, not the CPU model,
 * case, cooler, memory, storage or PSU.  Keyed by the placement (placement_for's,
 * one per board, CPU count, overhang, M.2 drives, NIC and card shape) and the bridge. */
typedef struct est_entry {
    const dlrig_placement *pl;
    const dlrig_nvlink_bridge *bridge;
    double t[N_LIMIT_LEVELS]; /* NAN until needed */
} est_entry;

typedef struct est_table {
    est_entry *v;
    size_t n, cap;
    size_t *slot, n_slot; /* open addressing: index + 1 into v, 0 empty; n_slot a power of two */
} est_table;

static size_t est_hash(const dlrig_placement *pl, const dlrig_nvlink_bridge *br)
{
    uint64_t h = ((uint64_t)(uintptr_t)pl * 0x9E3779B97F4A7C15ull) ^ ((uint64_t)(uintptr_t)br * 0xC2B2AE3D27D4EB4Full);
    return (size_t)(h ^ (h >> 31));
}

static void est_insert_slot(est_table *et, size_t at)
{
    size_t mask = et->n_slot - 1, h = est_hash(et->v[at].pl, et->v[at].bridge) & mask;
    while (et->slot[h]) h = (h + 1) & mask;
    et->slot[h] = at + 1;
}

/* The shared entry of (pl, bridge), made when new. */
static est_entry *est_find(est_table *et, const dlrig_placement *pl, const dlrig_nvlink_bridge *br)
{
    if (et->n_slot) {
        size_t mask = et->n_slot - 1;
        for (size_t h = est_hash(pl, br) & mask; et->slot[h]; h = (h + 1) & mask) {
            est_entry *e = &et->v[et->slot[h] - 1];
            if (e->pl == pl && e->bridge == br) return e;
        }
    }
    if (et->n == et->cap) et->v = xrealloc(et->v, (et->cap = et->cap ? et->cap * 2 : 64) * sizeof *et->v);
    est_entry *e = &et->v[et->n++];
    e->pl = pl;
    e->bridge = br;
    for (int k = 0; k < N_LIMIT_LEVELS; k++) e->t[k] = NAN;
    if (2 * et->n > et->n_slot) { /* grow and rehash */
        free(et->slot);
        et->n_slot = et->n_slot ? et->n_slot * 2 : 256;
        et->slot = xcalloc(et->n_slot, sizeof *et->slot);
        for (size_t i = 0; i < et->n; i++) est_insert_slot(et, i);
    } else {
        est_insert_slot(et, et->n - 1);
    }
    return &et->v[et->n - 1];
}

/* The throughput of memo entry pm's frame at power-limit level lv (0 when
 * it cannot be estimated). */
static double frame_throughput(const ctx *c, const dlrig_gpu *g, int n, place_memo *pm, int lv, const dlrig_switch *sw,
                               est_table *et)
{
    if (isnan(pm->throughput[lv])) {
        est_entry *e = est_find(et, pm->pl, pm->bridge);
        if (isnan(e->t[lv])) {
            dlrig_build fb;
            assemble(&fb, c, g, n, level_w(g, lv), pm->cpu, pm->ncpu, pm->board, pm->cs, pm->cooler, NULL, pm->sto,
                     NULL, pm->bridge, pm->n_bridges, pm->nic, sw);
            dlrig_placement pl;
            place_as(pm->pl, g, &pl);
            dlrig_estimate est;
            char e2[64];
            e->t[lv] = perf_estimate(c->cat, &fb, &pl, NULL, &est, e2, sizeof e2) == 0 ? est.throughput : 0;
            build_free(&fb);
        }
        pm->throughput[lv] = e->t[lv];
    }
    return pm->throughput[lv];
}

/* The cheapest completions kept per frame (price order); more are only
 * needed when a completion-specific finding rejects the cheaper ones, which
 * the filters above rule out. */
#define KEEP_PER_FRAME 4

/* A frame that may get candidates, waiting for its completions: its memo
 * entry, the memory options of its board and CPUs (mv[0..mems_n), from memory_cached),
 * its case and cooler, what it costs and draws before memory, storage and
 * PSU, its PSU and storage options, and its place in the search order. */
typedef struct frame_desc {
    size_t memo;
    const choice *mv;
    size_t mems_n;
    const dlrig_case *cs;
    const dlrig_cooler *cooler;
    double fixed, extra, extra_w, rest_w, rest_load_w;
    const psu_opt *psus;
    size_t npsu;
    const vec *stos;
    size_t seq;
    double throughput; /* at level 0: no completion of the frame is faster */
} frame_desc;

static int cmp_frame_desc(const void *x, const void *y)
{
    const frame_desc *a = x, *b = y;
    if (a->throughput != b->throughput) return a->throughput > b->throughput ? -1 : 1;
    return (a->seq > b->seq) - (a->seq < b->seq);
}

/* Speeds closer than this (relative) are one speed to cand_before; the
 * margins below keep clear of it. */
#define SPEED_EPS 1e-9

/* One pass of best_for.  With `lazy` (the speed objective), frames are
 * completed fastest first, and a frame whose speed is already below the tie
 * band of a faster frame with an affordable completion gets no candidates;
 * nor does a candidate that comes after one as cheap and no more
 * power-limited: the confirmation below would stop or skip before them once
 * the faster or cheaper one is confirmed.  When the pass cannot show that
 * (no build confirmed, the first confirmed slower than a frame left out
 * allows, a candidate turned down while some were left out) it clears
 * *complete and its builds must be thrown away. */
static size_t best_pass(const ctx *c, const dlrig_gpu *g, int n, double floor_goal, pool *out, size_t pair,
                        dlrig_report *rep, bool lazy, bool *complete)
{
    *complete = true;
    double floor_throughput = c->obj == DLRIG_OBJ_SPEED ? floor_goal : 0;
    size_t out_from = out->n;
    size_t nb = c->n_use[DLRIG_CAT_MOTHERBOARD], nc = c->n_use[DLRIG_CAT_CPU], ncs = c->n_use[DLRIG_CAT_CASE],
           nbr = c->n_use[DLRIG_CAT_NVLINK_BRIDGE], nn = c->n_use[DLRIG_CAT_NIC], nsw = c->n_use[DLRIG_CAT_SWITCH];
    const dlrig_motherboard *const *ub = USE(c, DLRIG_CAT_MOTHERBOARD, dlrig_motherboard);
    const dlrig_cpu *const *uc = USE(c, DLRIG_CAT_CPU, dlrig_cpu);
    const dlrig_case *const *cases = USE(c, DLRIG_CAT_CASE, dlrig_case);
    const dlrig_nvlink_bridge *const *bridges = USE(c, DLRIG_CAT_NVLINK_BRIDGE, dlrig_nvlink_bridge);
    const dlrig_nic *const *nics = USE(c, DLRIG_CAT_NIC, dlrig_nic);
    const dlrig_switch *const *sws = USE(c, DLRIG_CAT_SWITCH, dlrig_switch);
    double budget = c->req->budget_usd;

    /* Network options (several nodes): RDMA cards on their speed/price front; the cheapest switch. */
    const dlrig_nic *nic_opts[32];
    size_t n_nic = 0;
    const dlrig_switch *sw = NULL;
    if (c->nodes > 1) {
        for (size_t i = 0; i < nn && n_nic < 32; i++) {
            const dlrig_nic *a = nics[i];
            if (!a->rdma) continue;
            bool dominated = false;
            for (size_t k = 0; k < nn && !dominated; k++) {
                const dlrig_nic *o = nics[k];
                if (k != i && o->rdma && o->speed_gbps >= a->speed_gbps && COST(c, &o->p) <= COST(c, &a->p) &&
                    o->pcie_lanes <= a->pcie_lanes &&
                    (o->speed_gbps > a->speed_gbps || COST(c, &o->p) < COST(c, &a->p) ||
                     o->pcie_lanes < a->pcie_lanes || k < i))
                    dominated = true;
            }
            if (!dominated) nic_opts[n_nic++] = a;
        }
        if (n_nic == 0) return 0;
        if (c->nodes > 2) {
            for (size_t i = 0; i < nsw; i++)
                if (!sw || COST(c, &sws[i]->p) < COST(c, &sw->p)) sw = sws[i];
            if (!sw) return 0;
        }
    } else {
        nic_opts[n_nic++] = NULL;
    }

    /* Bridge options: none, and each fitting bridge (enough for every pair). */
    const dlrig_nvlink_bridge *br_opts[16];
    int br_qty[16];
    size_t n_br = 0;
    if (!(c->req->require & DLRIG_REQ_NVLINK)) {
        br_opts[n_br] = NULL;
        br_qty[n_br++] = 0;
    }
    if (g->nvlink && n >= 2)
        for (size_t i = 0; i < nbr && n_br < 16; i++) {
            for (size_t k = 0; k < bridges[i]->n_fits; k++)
                if (bridges[i]->fits[k] == g) {
                    br_opts[n_br] = bridges[i];
                    br_qty[n_br++] = (n / 2) * (bridges[i]->per_pair > 0 ? bridges[i]->per_pair : 1);
                    break;
                }
        }
    if (n_br == 0) return 0;

    /* The cheapest memory, storage and PSU anywhere: a lower bound for pruning frames by price. */
    double min_mem = c->min_mem, min_sto = c->min_sto, min_psu = c->min_psu;
    if (isinf(min_mem) || isinf(min_sto) || isinf(min_psu)) return 0;

    cvec cands = {0};
    frame_desc *fd = NULL; /* the frames that may get candidates, in search order */
    size_t n_fd = 0, cap_fd = 0;
    const vec *stos_by_m2 = c->sto_by_m2;
    place_memo *memo = NULL;
    size_t n_memo = 0, cap_memo = 0;
    est_table ests = {0};
    /* The cases this pair allows, collected once, and each one's PSU options
     * (they depend on the case, the GPUs and the CPU count), made when first needed. */
    const dlrig_case **ucs = xcalloc(ncs + 1, sizeof *ucs);
    size_t *ucs_at = xcalloc(ncs + 1, sizeof *ucs_at); /* each one's index among the usable cases */
    size_t nucs = 0;
    /* Of allowed cases that differ only in the GPU length they take (both
     * take these cards), only the cheaper one (the first of equal ones) can
     * give a build on the front: the dearer one's builds are its builds at a
     * higher price, found after them. */
    size_t *kin_at = xmalloc((c->n_case_kin + 1) * sizeof *kin_at);
    for (size_t k = 0; k < c->n_case_kin; k++) kin_at[k] = SIZE_MAX;
    for (size_t i = 0; i < ncs; i++) {
        if (!case_allowed(c, cases[i], g, n)) continue;
        size_t *k = &kin_at[c->case_kin[i]];
        if (*k == SIZE_MAX || COST(c, &cases[i]->p) < COST(c, &cases[*k]->p) - 1e-6) *k = i;
    }
    for (size_t i = 0; i < ncs; i++)
        if (kin_at[c->case_kin[i]] == i) {
            ucs_at[nucs] = i;
            ucs[nucs++] = cases[i];
        }
    free(kin_at);
    psu_opt **psu_cache = xcalloc(2 * nucs + 1, sizeof *psu_cache);
    size_t *psu_count = xcalloc(2 * nucs + 1, sizeof *psu_count);
    size_t *bcs = xcalloc(nucs + 1, sizeof *bcs); /* the allowed cases a board fits in, by index */
    for (size_t bi = 0; bi < nb; bi++) {
        const dlrig_motherboard *board = ub[bi];
        if ((c->req->require & DLRIG_REQ_ECC) && !board->ecc) continue;
        int positions = board->expansion_positions > 0 ? board->expansion_positions : 7;
        /* A board sold alone goes in the cases that take its form factor; a
         * complete server takes only its own board, which then costs nothing extra. */
        bool sold_alone = priced(&board->p, c->req->allow_used), built_in = false;
        size_t nbcs = 0;
        for (size_t si = 0; si < nucs; si++) {
            const dlrig_case *cs = ucs[si];
            if (cs->board ? cs->board != board : !sold_alone) continue;
            if (cs->board || c->ff_fits[c->case_ffl[ucs_at[si]] * c->n_board_ff + c->board_ff[bi]]) bcs[nbcs++] = si;
            if (cs->board) built_in = true;
        }
        if (nbcs == 0) continue;
        double board_price = sold_alone ? COST(c, &board->p) : 0;
        /* What the board adds at least: nothing where a complete server brings it. */
        double board_min = built_in ? 0 : board_price;
        for (size_t ci = 0; ci < nc; ci++) {
            const dlrig_cpu *cpu = uc[ci];
            if (!c->takes[bi * nc + ci]) continue; /* board_takes_cpu and the memory type */
            if ((c->req->require & DLRIG_REQ_ECC) && !cpu->ecc) continue;
            for (int ncpu = 1; ncpu <= board->cpu_sockets && ncpu <= cpu->max_sockets && ncpu <= 2; ncpu++) {
                if (!constraint_cores_ok(cpu, ncpu, n) || !constraint_workstation_cores_ok(cpu, ncpu, g)) continue;
                double platform = COST(c, &g->p) * n + COST(c, &cpu->p) * ncpu + board_price;
                if (!isnan(budget) &&
                    (platform - board_price + board_min + min_mem + min_sto + min_psu) * c->nodes > budget)
                    continue;
                const vec *mems = memory_cached(c, board, cpu, ncpu, g->vram_gb);
                if (mems->n == 0) continue;
                /* Frames memoised from here on share this board, CPU and count. */
                size_t memo_from = n_memo;
                for (size_t bsi = 0; bsi < nbcs; bsi++) {
                    size_t si = bcs[bsi];
                    const dlrig_case *cs = ucs[si];
                    bool needs_cooler = c->needs_cooler[ucs_at[si]];
                    const dlrig_cooler *cooler = NULL;
                    if (needs_cooler) {
                        const dlrig_cooler **cached = &c->cooler_cache[(size_t)c->cpu_socket[ci] * ncs + ucs_at[si]];
                        if (*cached == cooler_unset) *cached = cheapest_cooler(c, cpu, cs);
                        cooler = *cached;
                    }
                    if (needs_cooler && !cooler) continue;
                    double fixed = platform - (cs->board == board ? board_price : 0) + COST(c, &cs->p) +
                                   (cooler ? COST(c, &cooler->p) * ncpu : 0);
                    if (!isnan(budget) && (fixed + mems->v[0].price + min_sto + min_psu) * c->nodes > budget) continue;
                    size_t pk = 2 * si + (size_t)(ncpu - 1);
                    if (!psu_cache[pk]) {
                        psu_cache[pk] = xcalloc(64, sizeof **psu_cache);
                        psu_count[pk] = psu_options(c, cs, g, n, ncpu, psu_cache[pk], 64);
                    }
                    const psu_opt *psus = psu_cache[pk];
                    size_t npsu = psu_count[pk];
                    if (npsu == 0) continue;
                    /* Rated draw (PSU sizing) and what the circuit sees running the workload (power.h),
                     * besides the GPUs, whose share depends on the power-limit level. */
                    double rest_w = part_power_w(&cpu->p) * ncpu + part_power_w(&board->p) + part_power_w(&cs->p);
                    double rest_load_w =
                        c->cpu_share * part_power_w(&cpu->p) * ncpu + part_power_w(&board->p) + part_power_w(&cs->p);
                    int overhang = cs->expansion_slots > positions ? cs->expansion_slots - positions : 0;
                    for (int m2 = 0; m2 <= m2_capacity(board) && m2 <= MAX_DRIVE_QTY; m2++) {
                        const vec *stos = &stos_by_m2[m2];
                        if (stos->n == 0) continue;
                        for (size_t bri = 0; bri < n_br; bri++) {
                            for (size_t ni = 0; ni < n_nic; ni++) {
                                const dlrig_nic *nic = nic_opts[ni];
                                double extra = (br_opts[bri] ? COST(c, &br_opts[bri]->p) * br_qty[bri] : 0) +
                                               (nic ? COST(c, &nic->p) : 0);
                                double extra_w = nic ? part_power_w(&nic->p) : 0;
                                /* This frame's memo entry (the first frame of its key makes it). */
                                place_memo *pm = NULL;
                                for (size_t k = memo_from; k < n_memo; k++)
                                    if (memo[k].overhang == overhang && memo[k].m2 == m2 && memo[k].nic == nic &&
                                        memo[k].bridge == br_opts[bri] &&
                                        /* an open frame places cards on its own risers */
                                        (memo[k].cs == cs ||
                                         (!constraint_case_frame(memo[k].cs) && !constraint_case_frame(cs)))) {
                                        pm = &memo[k];
                                        break;
                                    }
                                if (!pm) {
                                    if (n_memo == cap_memo) {
                                        cap_memo = cap_memo ? cap_memo * 2 : 64;
                                        memo = xrealloc(memo, cap_memo * sizeof *memo);
                                    }
                                    pm = &memo[n_memo++];
                                    *pm = (place_memo){board, cpu,  ncpu, overhang, m2,    nic,   br_opts[bri],
                                                       br_qty[bri], cs, cooler, &stos->v[0], NULL, false, false,
                                                       false, {0}};
                                    for (int k = 0; k < N_LIMIT_LEVELS; k++) pm->throughput[k] = NAN;
                                }
                                /* No completion within the budget: the frame gives nothing. */
                                if (!isnan(budget) &&
                                    (fixed + extra + stos->v[0].price + mems->v[0].price +
                                     psus[psus[0].cheapest_from].price) * c->nodes + (sw ? COST(c, &sw->p) : 0) >
                                        budget)
                                    continue;
                                if (!pm->made) { /* placement and estimate */
                                    pm->made = true;
                                    pm->pl = placement_for(c, g, n, pm->cpu, pm->ncpu, pm->board, pm->cs,
                                                           pm->overhang, pm->m2, pm->sto, pm->nic, sw);
                                    pm->ok = pm->pl && frame_throughput(c, g, n, pm, 0, sw, &ests) > 0;
                                    if (!pm->ok) pm->throughput[0] = 0;
                                }
                                if (!pm->ok || pm->throughput[0] < floor_throughput) continue;
                                if (n_fd == cap_fd) fd = xrealloc(fd, (cap_fd = cap_fd ? cap_fd * 2 : 64) * sizeof *fd);
                                fd[n_fd] = (frame_desc){(size_t)(pm - memo), mems->v, mems->n, cs, cooler, fixed,
                                                        extra, extra_w, rest_w, rest_load_w, psus, npsu, stos, n_fd,
                                                        pm->throughput[0]};
                                n_fd++;
                            }
                        }
                    }
                }
            }
        }
    }

    /* The frames, fastest first with `lazy`: each one's cheapest completions
     * become candidates. */
    if (lazy && n_fd > 1) qsort(fd, n_fd, sizeof *fd, cmp_frame_desc);
    double run_top = 0, skipped_max = -1; /* the fastest candidate made; the fastest frame left out */
    cand cheap[N_LIMIT_LEVELS];           /* the cheapest candidate made per level */
    bool have_cheap[N_LIMIT_LEVELS] = {false};
    size_t dropped = 0;                   /* candidates left out after one as cheap */
    bool unsure = false;                  /* a limited frame estimated faster than unlimited */
    for (size_t fi = 0; fi < n_fd; fi++) {
        const frame_desc *d = &fd[fi];
        place_memo *pm = &memo[d->memo];
        if (lazy &&
            d->throughput * (1 + 10 * SPEED_EPS) < (1 - ADVISOR_TIE_TOLERANCE) * (1 - SPEED_EPS) * run_top) {
            skipped_max = d->throughput; /* the fastest of those left out */
            break;
        }
        const vec *stos = d->stos;
        const choice *mv = d->mv;
        if (lazy && have_cheap[0]) {
            /* Every completion of this frame comes after an unlimited candidate already made that costs no
             * more than the frame's cheapest conceivable completion: left out as above, unmade. */
            double least = (d->fixed + d->extra + stos->v[0].price + mv[0].price +
                            d->psus[d->psus[0].cheapest_from].price) * c->nodes + (sw ? COST(c, &sw->p) : 0);
            const cand *x = &cheap[0];
            size_t first_order = d->seq * N_LIMIT_LEVELS * KEEP_PER_FRAME; /* no candidate of it comes earlier */
            if (x->throughput >= d->throughput &&
                (x->price < least - 1e-6 || (x->price <= least && x->order < first_order))) {
                dropped++;
                continue;
            }
        }
        /* The cheapest completions of this frame, per power-limit level. */
        cand keep[N_LIMIT_LEVELS][KEEP_PER_FRAME];
        size_t nk[N_LIMIT_LEVELS] = {0};
        for (size_t ti = 0; ti < stos->n; ti++)
            for (size_t mi = 0; mi < d->mems_n; mi++) {
                double more_w = d->extra_w + stos->v[ti].power + mv[mi].power;
                /* The highest level some supply carries: a limit only when no
                 * supply in the catalog carries these parts at a higher one. */
                const psu_opt *po = NULL;
                int lv = 0, lw = 0;
                for (; lv < c->n_levels; lv++) {
                    lw = level_w(g, lv);
                    if (lv > 0 && lw <= 0) break;
                    double gw = lv ? lw : part_power_w(&g->p);
                    po = cheapest_psu(c, d->psus, d->npsu, gw * n + d->rest_w + more_w,
                                      power_gpu_load_w(gw, part_power_w(&g->p), c->gpu_share) * n + d->rest_load_w +
                                          more_w);
                    if (po) break;
                }
                if (!po) continue;
                double node = d->fixed + d->extra + stos->v[ti].price + mv[mi].price + po->price;
                double price = node * c->nodes + (sw ? COST(c, &sw->p) : 0);
                if (!isnan(budget) && price > budget) continue;
                if (nk[lv] == KEEP_PER_FRAME && price >= keep[lv][nk[lv] - 1].price) continue;
                double t = frame_throughput(c, g, n, pm, lv, sw, &ests);
                if (t > pm->throughput[0] * (1 + SPEED_EPS)) unsure = true;
                if (t <= 0 || t < floor_throughput) continue;
                cand cd = {t,          price,  lv,          d->seq, 0,    pm->cpu,       pm->ncpu,
                           pm->board,  d->cs,  d->cooler,   mv[mi], stos->v[ti], *po, pm->bridge,
                           pm->n_bridges, pm->nic, sw};
                cand *kp = keep[lv];
                size_t pos = nk[lv] < KEEP_PER_FRAME ? nk[lv] : KEEP_PER_FRAME - 1;
                while (pos > 0 && kp[pos - 1].price > price) {
                    if (pos < KEEP_PER_FRAME) kp[pos] = kp[pos - 1];
                    pos--;
                }
                kp[pos] = cd;
                if (nk[lv] < KEEP_PER_FRAME) nk[lv]++;
            }
        size_t any = 0;
        for (int lv = 0; lv < N_LIMIT_LEVELS; lv++) any += nk[lv];
        if (!any) continue;
        if (!pm->judged) { /* the frame's own findings: the same for all its completions */
            dlrig_build fb;
            assemble(&fb, c, g, n, 0, pm->cpu, pm->ncpu, pm->board, pm->cs, pm->cooler, NULL, pm->sto, NULL,
                     pm->bridge, pm->n_bridges, pm->nic, sw);
            dlrig_placement pl;
            place_as(pm->pl, g, &pl);
            rules_check_only(c->cat, &fb, &pl, c->frame_rules, c->n_frame_rules, rep);
            pm->ok = !frame_finding(rep);
            pm->judged = true;
            build_free(&fb);
        }
        if (!pm->ok) continue;
        for (int lv = 0; lv < N_LIMIT_LEVELS; lv++)
            for (size_t k = 0; k < nk[lv]; k++) {
                cand *cd = &keep[lv][k];
                cd->order = (d->seq * N_LIMIT_LEVELS + (size_t)lv) * KEEP_PER_FRAME + k; /* the full search's order */
                if (lazy) {
                    /* After a candidate as cheap and no more limited, it is skipped below once that one is
                     * confirmed; should a candidate be turned down there, the pass is redone in full. */
                    bool after_cheaper = false;
                    for (int l2 = 0; l2 <= lv && !after_cheaper; l2++)
                        after_cheaper = have_cheap[l2] && cheap[l2].price <= cd->price && cand_before(&cheap[l2], cd);
                    if (after_cheaper) {
                        dropped++;
                        continue;
                    }
                }
                cpush(&cands, cd);
                if (!have_cheap[lv] || cd->price < cheap[lv].price) cheap[lv] = *cd;
                have_cheap[lv] = true;
                run_top = fmax(run_top, cd->throughput);
            }
    }
    for (size_t i = 0; i < 2 * nucs; i++) free(psu_cache[i]);
    free(psu_cache);
    free(psu_count);
    free(bcs);
    free(ucs_at);
    free(ucs);
    free(memo);
    free(ests.v);
    free(ests.slot);
    if (unsure && lazy) { /* the frame order bounds nothing: redo in full */
        free(fd);
        free(cands.v);
        *complete = false;
        return 0;
    }
    /* Confirm with the full rules, fastest first: each build cheaper than
     * every faster one (as little limited or less) confirmed joins the
     * front.  A frame-level rejection skips the frame. */
    cand_heap h;
    heap_init(&h, &cands);
    bool *bad = xcalloc(n_fd + 1, sizeof *bad);
    /* the cheapest confirmed build per power-limit level; one at a level no
     * lower (as little limited or less), faster and no dearer dominates */
    double min_price[N_LIMIT_LEVELS], floor = floor_goal;
    for (int lv = 0; lv < N_LIMIT_LEVELS; lv++) min_price[lv] = INFINITY;
    while (h.n) {
        const cand *cd = &cands.v[heap_pop(&h)];
        if (bad[cd->frame]) continue;
        if (c->obj == DLRIG_OBJ_SPEED && cd->throughput < floor * (1 - 1e-9)) break;
        if (c->obj == DLRIG_OBJ_VALUE && cd->throughput / cd->price < floor * (1 - 1e-9)) continue;
        double below = INFINITY;
        for (int lv = 0; lv <= cd->level; lv++) below = fmin(below, min_price[lv]);
        if (cd->price >= below - 1e-6) continue; /* a faster one, no more limited, costs no more */
        dlrig_build b;
        int lw = level_w(g, cd->level);
        assemble(&b, c, g, n, lw, cd->cpu, cd->ncpu, cd->board, cd->cs, cd->cooler, &cd->mem, &cd->sto, &cd->psu,
                 cd->bridge, cd->n_bridges, cd->nic, cd->sw);
        evaluated e = evaluate(c->cat, &b, c->req, rep);
        bool joins = e.ok && e.price < below - 1e-6;
        if (dropped && !(joins && fabs(e.price - cd->price) <= 1e-7)) {
            *complete = false; /* a candidate left out may be needed: redo in full */
            build_free(&b);
            break;
        }
        if (joins) {
            build_name_by(c->cat, &b, DLRIG_NAME_GPUS); /* "2 x NAME[ at W W][ per node]", renamed as it changes */
            scored sc = score_of(g, n, e.throughput, e.price);
            sc.limit_pct = limit_pct[cd->level];
            min_price[cd->level] = e.price;
            /* the pair's best bounds the tie band any of its builds can be in */
            floor = fmax(floor, (1 - ADVISOR_TIE_TOLERANCE) * goal_of(&sc, c->obj));
            if (out->n == out_from && skipped_max >= 0 &&
                !((1 - ADVISOR_TIE_TOLERANCE) * (1 - SPEED_EPS) * fmin(e.throughput, cd->throughput) >
                  skipped_max * (1 + 10 * SPEED_EPS)))
                *complete = false; /* a frame left out could come next: redo in full */
            pool_push(out, &sc, &b, pair);
            if (!*complete) break;
            continue;
        }
        if (!e.ok && frame_finding(rep)) bad[cd->frame] = true;
        build_free(&b);
    }
    free(bad);
    free(h.v);
    free(fd);
    free(cands.v);
    if (skipped_max >= 0 && out->n == out_from) *complete = false;
    return out->n - out_from;
}

/* The speed/price Pareto front of the acceptable builds with exactly n of
 * GPU g per node, appended to *out with pair number `pair`; builds whose
 * goal (speed, or speed per dollar) is below floor_goal, or below the tie
 * band of the pair's own best, are left out: they cannot be picked.
 * Returns how many it appended. */
static size_t best_for(const ctx *c, const dlrig_gpu *g, int n, double floor_goal, pool *out, size_t pair,
                       dlrig_report *rep)
{
    bool complete;
    size_t from = out->n, got = best_pass(c, g, n, floor_goal, out, pair, rep, c->obj == DLRIG_OBJ_SPEED, &complete);
    if (complete) return got;
    while (out->n > from) build_free(&out->b[--out->n]);
    return best_pass(c, g, n, floor_goal, out, pair, rep, false, &complete);
}

/* ------------------------------------------------------------ explanations */

/* What names build t beside build r in r's explanation: t's name when its
 * GPUs differ; with the same GPUs (the same name), the parts that differ, so
 * that a "why" never compares a build with itself ("2 x X on TRX50 AERO D
 * with Threadripper 7960X").  Written into buf. */
static void tie_label(const dlrig_build *t, const dlrig_build *r, char *buf, size_t len)
{
    snprintf(buf, len, "%s", t->name ? t->name : "?");
    bool same_gpus = true, same_limits = true;
    int t_limit = 0;
    for (size_t i = 0, j = 0; same_gpus && (i < t->n_items || j < r->n_items);) {
        while (i < t->n_items && t->items[i].part->category != DLRIG_CAT_GPU) i++;
        while (j < r->n_items && r->items[j].part->category != DLRIG_CAT_GPU) j++;
        if (i == t->n_items || j == r->n_items) {
            same_gpus = i == t->n_items && j == r->n_items;
            break;
        }
        same_gpus = t->items[i].part == r->items[j].part && t->items[i].qty == r->items[j].qty;
        if (t->items[i].power_limit_w != r->items[j].power_limit_w) same_limits = false;
        if (t->items[i].power_limit_w > 0) t_limit = t->items[i].power_limit_w;
        i++, j++;
    }
    if (!same_gpus) return;
    if (!same_limits) { /* the same cards run at another power limit: say so, or the two read alike */
        size_t l = strlen(buf);
        if (t_limit > 0 && !strstr(buf, " W")) snprintf(buf + l, len - l, " at %d W", t_limit);
        else if (t_limit == 0) snprintf(buf + l, len - l, " at full power");
    }
    static const dlrig_category order[] = {DLRIG_CAT_MOTHERBOARD, DLRIG_CAT_CPU,  DLRIG_CAT_MEMORY,
                                           DLRIG_CAT_CASE,        DLRIG_CAT_PSU,  DLRIG_CAT_STORAGE,
                                           DLRIG_CAT_COOLER,      DLRIG_CAT_NIC,  DLRIG_CAT_NVLINK_BRIDGE};
    int named = 0;
    bool with = false;
    for (size_t k = 0; k < sizeof order / sizeof order[0] && named < 2; k++) {
        int qt = 0, qr = 0;
        const dlrig_part *pt = build_first(t, order[k], &qt), *pr = build_first(r, order[k], &qr);
        if (!pt || (pt == pr && qt == qr)) continue;
        const char *joint = order[k] == DLRIG_CAT_MOTHERBOARD ? " on " : with ? " and " : " with ";
        if (order[k] != DLRIG_CAT_MOTHERBOARD) with = true;
        size_t l = strlen(buf);
        if (qt > 1) snprintf(buf + l, len - l, "%s%d x %s", joint, qt, pt->name);
        else snprintf(buf + l, len - l, "%s%s", joint, pt->name);
        named++;
    }
}

/* r's explanation; next_up is the build ranked just above it (NULL for the
 * first), tie the build that topped r's tie band when it was not r (NULL
 * when r did), named tie_name. */
static void explain(const ctx *c, dlrig_recommendation *r, const dlrig_recommendation *next_up, const scored *tie,
                    const char *tie_name)
{
    const dlrig_gpu *g = (const dlrig_gpu *)build_first(&r->build, DLRIG_CAT_GPU, NULL);
    int n = build_count(&r->build, DLRIG_CAT_GPU);
    const dlrig_estimate *e = &r->estimate;
    char price[32];
    strbuf b = {0};
    sb_printf(&b, "%d x %s (%.0f GB, %.0f GB/s", n, g->p.name, g->vram_gb, g->bandwidth_gbs);
    if (!isnan(g->fp16_tensor_tflops)) sb_printf(&b, ", %.0f TFLOPS FP16 tensor", g->fp16_tensor_tflops);
    char sp[64], each[64], sc[64];
    format_speed(e->throughput, e->unit, sp, sizeof sp);
    if (e->llm)
        sb_printf(&b, "): %s for %s (%s, weights %s, %d-token context), bound by %s", sp, e->reference_model,
                  dlrig_method_ids[e->query.method], e->query.weights.label, e->query.context, e->bound);
    else if (c->wl && fabs(e->params_m - c->wl->params_m) > 0.01 * c->wl->params_m)
        sb_printf(&b, "): %s for a %.0fM-parameter model (scaled from %s), bound by %s", sp, e->params_m,
                  e->reference_model, e->bound);
    else
        sb_printf(&b, "): %s for %s, bound by %s", sp, e->reference_model, e->bound);
    if (e->gpus > 1 && e->llm && e->memory.how && !strcmp(e->memory.how, "tensor parallel"))
        sb_printf(&b, " (tensor parallel over %d GPUs: %d streams at once, %s each%s)", e->memory.gpus, e->memory.batch,
                  format_speed(e->memory.batch > 0 ? e->throughput / e->memory.batch / (e->gpus / e->memory.gpus)
                                                   : e->throughput, e->unit, each, sizeof each),
                  e->query.serving ? ", counting the time spent reading their prompts" : "");
    else if (e->llm && e->query.serving && e->memory.batch > 1)
        sb_printf(&b, " (%d streams at once, %s each, counting the time spent reading their prompts)", e->memory.batch,
                  format_speed(e->throughput / e->memory.batch /
                                   (e->memory.gpus > 0 && e->gpus >= e->memory.gpus ? e->gpus / e->memory.gpus : 1),
                               e->unit, each, sizeof each));
    else if (e->gpus > 1 && c->wl && c->wl->single_stream)
        sb_printf(&b, " (one stream: layers split over %d GPUs add memory, not speed)", e->gpus);
    else if (e->gpus > 1)
        sb_printf(&b, " (%s)", perf_scaling_text(e, sc, sizeof sc));
    const dlrig_model *vm = c->req->model[0] ? catalog_model_find(c->cat, c->req->model) : NULL;
    if (vm && vm->frames != DLRIG_NA && e->throughput > 0 && e->gpus > 0) {
        /* frames/s in the terms a video maker plans in: minutes a clip on each card */
        double minutes = vm->frames / (e->throughput / e->gpus) / 60;
        sb_printf(&b, "; one %d-frame video every %.*f min%s", vm->frames, minutes < 10 ? 1 : 0, minutes,
                  e->gpus > 1 ? " on each GPU" : "");
    }
    if (e->llm && e->query.method == DLRIG_METHOD_INFERENCE && isfinite(e->memory.ttft_s) && e->memory.ttft_s > 0)
        sb_printf(&b, "; first token after %.2f s for a %d-token prompt", e->memory.ttft_s, e->query.prompt_tokens);
    sb_printf(&b, ". %s per $1,000.", format_speed(r->perf_per_kusd, e->unit, each, sizeof each));
    if (c->wl && c->wl->priority_kind == DLRIG_PRIORITY_BANDWIDTH)
        sb_printf(&b, " For %s work memory bandwidth and VRAM come first: %.0f GB at %.0f GB/s per GPU here.",
                  c->wl->id, g->vram_gb, g->bandwidth_gbs);
    if (e->llm)
        sb_printf(&b, " Memory: %.1f of %.0f GiB a card, %s.", e->memory.per_gpu.total, e->memory.capacity_gib,
                  e->memory.strategy);
    else if (!e->fits)
        sb_printf(&b, " The model (%.0f GB) is sharded over the GPUs.", e->mem_need_gb);
    if (r->ram_sized)
        sb_printf(&b, " RAM: %d GB, at least twice the %.0f GB of VRAM as vendors recommend, since the budget "
                  "leaves room.", r->report.totals.ram_gb, r->report.totals.vram_gb);
    int tol = (int)lround(ADVISOR_TIE_TOLERANCE * 100);
    if (tie && c->obj == DLRIG_OBJ_SPEED)
        sb_printf(&b, " %s is %.1f%% faster for %s more; builds within %d%% of the fastest count as ties, and a "
                  "tie goes to the cheaper build, then fewer GPUs, more VRAM, a newer architecture.", tie_name,
                  (tie->speed / e->throughput - 1) * 100, format_usd(tie->price - r->price_usd, price, sizeof price),
                  tol);
    else if (tie)
        sb_printf(&b, " %s gives %.1f%% more speed per dollar; builds within %d%% of the best speed per dollar "
                  "count as ties, and a tie goes to the faster build.", tie_name,
                  (goal_of(tie, DLRIG_OBJ_VALUE) / (e->throughput / r->price_usd) - 1) * 100, tol);
    if (next_up) {
        /* The next better-ranked build: what it buys, and for how much more (or less). */
        double gain = next_up->estimate.throughput / e->throughput - 1;
        double dp = next_up->price_usd - r->price_usd;
        if (c->obj == DLRIG_OBJ_VALUE && next_up->perf_per_kusd > r->perf_per_kusd * (1 + 1e-9) && gain < -1e-9)
            sb_printf(&b, " %s ranks above it with more speed per dollar (%.1f against %.1f per $1,000).",
                      next_up->build.name, next_up->perf_per_kusd, r->perf_per_kusd);
        else if (gain < -1e-9 && dp < 0)
            sb_printf(&b, " %s ranks above it: %.1f%% slower, within the %d%% tie band, and %s cheaper.",
                      next_up->build.name, -gain * 100, tol, format_usd(-dp, price, sizeof price));
        else if (gain < -1e-9)
            sb_printf(&b, " %s ranks above it: %.1f%% slower, within the %d%% tie band, with fewer GPUs, more VRAM "
                      "or a newer architecture.", next_up->build.name, -gain * 100, tol);
        else if (fabs(gain) < 0.005 && dp < 0)
            sb_printf(&b, " %s is as fast and %s cheaper; this one is the alternative with other parts.",
                      next_up->build.name, format_usd(-dp, price, sizeof price));
        else if (dp >= 0)
            sb_printf(&b, " Next step up: %s, %s more, is %.0f%% faster.", next_up->build.name,
                      format_usd(dp, price, sizeof price), gain * 100);
        else
            sb_printf(&b, " %s is %.0f%% faster and %s cheaper; this one is the alternative with other parts.",
                      next_up->build.name, gain * 100, format_usd(-dp, price, sizeof price));
    }
    if (power_build_limited(&r->build)) {
        /* what binds without the limit: the same build unlimited, checked */
        dlrig_build free_run;
        build_copy(&free_run, &r->build);
        for (size_t i = 0; i < free_run.n_items; i++) free_run.items[i].power_limit_w = 0;
        dlrig_report fr = {0};
        rules_check(c->cat, &free_run, &fr);
        const dlrig_finding *cf = report_find(&fr, "power.circuit");
        bool circuit = c->circuit && cf && cf->severity == DLRIG_SEV_ERROR;
        report_free(&fr);
        build_free(&free_run);
        char sum[400], cmds[300];
        power_limit_summary(&r->build, sum, sizeof sum);
        power_limit_commands(&r->build, cmds, sizeof cmds);
        for (char *q = cmds; *q; q++)
            if (*q == '\n') *q = ';';
        sb_printf(&b, " Power-limited so that the %s%s carries it: %s; set with %s (again after each reboot).",
                  circuit ? c->circuit->id : "power supply", circuit ? " circuit" : "", sum, cmds);
    }
    snprintf(r->why, sizeof r->why, "%s", b.s);
    sb_free(&b);
}

/* ------------------------------------------------------------ RAM sized to the GPUs */

/* The cheapest memory of a node with board b and ncpu x cpu that reaches
 * `want` GB (the memory rules' filters, as memory_options; with full_speed
 * one module a channel only), taking options in (price, catalog order) after
 * the one tried last (price `above` of part `above_part`; -INFINITY and NULL
 * at first); *qty gets the kits.  NULL when none is left. */
static const dlrig_memory *ram_option(const dlrig_catalog *cat, const dlrig_requirements *req,
                                      const dlrig_motherboard *b, const dlrig_cpu *cpu, int ncpu, double want,
                                      bool full_speed, double above, const dlrig_part *above_part, int *qty)
{
    const dlrig_memory *pick = NULL;
    double pick_price = INFINITY;
    int channels = constraint_memory_channels(b, cpu, ncpu);
    size_t n = catalog_count(cat, DLRIG_CAT_MEMORY);
    for (size_t i = 0; i < n; i++) {
        const dlrig_memory *m = (const dlrig_memory *)catalog_part_at(cat, DLRIG_CAT_MEMORY, i);
        if (!priced(&m->p, req->allow_used) || !constraint_memory_fits_board(m, b) || !constraint_memory_fits_cpu(m, cpu))
            continue;
        if ((req->require & DLRIG_REQ_ECC) && !m->ecc) continue;
        for (int q = 1; q <= MAX_KIT_QTY; q++) {
            int modules = m->modules * q, ram = m->capacity_gb * q;
            if (modules > b->memory_slots) break;
            double price = cost_of(&m->p, req->allow_used) * q;
            if (modules < channels || ram < want || !constraint_ram_capacity_ok(b, cpu, ncpu, ram)) continue;
            if (full_speed && !constraint_memory_full_speed(m, modules, channels)) break; /* more kits: more modules */
            /* options in (price, catalog order) order, after the one tried last */
            if (price < above || (price == above && (const dlrig_part *)m <= above_part)) continue;
            if (price < pick_price) {
                pick = m;
                pick_price = price;
                *qty = q;
            }
            break; /* more kits of m only cost more */
        }
    }
    return pick;
}

/* What size_ram works on: the build's node and the memory it has. */
typedef struct ram_ctx {
    const dlrig_catalog *cat;
    const dlrig_requirements *req;
    const dlrig_motherboard *board;
    const dlrig_cpu *cpu;
    int ncpu, nmem, nodes;
    const dlrig_part *mem;
    double want, speed;
    dlrig_report rep;
} ram_ctx;

/* Tries the memory options that reach rc->want (only those with one module a
 * channel when full_speed), cheapest first: the first that keeps b acceptable,
 * as fast and within the budget stays in b.  True when one did. */
static bool try_ram(ram_ctx *rc, dlrig_build *b, bool full_speed, double *price)
{
    double above = -INFINITY;
    const dlrig_part *above_part = NULL;
    int qty = 0;
    const dlrig_memory *m;
    /* a few options at most: the cheapest that reaches the amount usually passes */
    for (int tries = 0; tries < 8 && (m = ram_option(rc->cat, rc->req, rc->board, rc->cpu, rc->ncpu, rc->want,
                                                      full_speed, above, above_part, &qty)) != NULL;
         tries++) {
        above = cost_of(&m->p, rc->req->allow_used) * qty;
        above_part = &m->p;
        if (!isnan(rc->req->budget_usd) &&
            *price + (above - cost_of(rc->mem, rc->req->allow_used) * rc->nmem) * rc->nodes > rc->req->budget_usd)
            return false; /* dearer options do not fit either */
        build_set_category(b, DLRIG_CAT_MEMORY, &m->p, qty);
        evaluated after = evaluate(rc->cat, b, rc->req, &rc->rep);
        if (after.ok && after.throughput >= rc->speed * (1 - 1e-9)) {
            *price = after.price;
            return true;
        }
        build_set_category(b, DLRIG_CAT_MEMORY, rc->mem, rc->nmem);
    }
    return false;
}

/* Sizes the RAM of the advisor's pick as vendors do (speed objective only):
 * when the build has less than constraint_ram_recommended_gb() of its total
 * VRAM, the cheapest memory on the same board and CPUs that reaches it
 * replaces the build's own if the build stays acceptable, as fast, and
 * within the budget, one module a channel where that fits
 * (constraint_memory_full_speed); else the build keeps the least RAM the
 * rules accept.  RAM adds no speed, so the search ranks builds on the least
 * RAM their cards need and the pick is sized afterwards: the advisor and the
 * exhaustive search size their picks the same way.  *price is updated.
 * Returns true when the memory changed. */
static bool size_ram(const dlrig_catalog *cat, const dlrig_requirements *req, dlrig_build *b, double *price)
{
    ram_ctx rc = {.cat = cat, .req = req, .board = build_board(b)};
    rc.cpu = (const dlrig_cpu *)build_first(b, DLRIG_CAT_CPU, &rc.ncpu);
    rc.mem = build_first(b, DLRIG_CAT_MEMORY, &rc.nmem);
    if (!rc.board || !rc.cpu || !rc.mem || build_count(b, DLRIG_CAT_MEMORY) != rc.nmem) return false; /* one line */
    double vram = 0;
    int ram = ((const dlrig_memory *)rc.mem)->capacity_gb * rc.nmem;
    for (size_t i = 0; i < b->n_items; i++)
        if (b->items[i].part->category == DLRIG_CAT_GPU)
            vram += ((const dlrig_gpu *)b->items[i].part)->vram_gb * b->items[i].qty;
    rc.want = constraint_ram_recommended_gb(vram);
    if (isnan(rc.want) || ram >= rc.want) return false;
    rc.rep.ids_only = true;
    evaluated before = evaluate(cat, b, req, &rc.rep);
    rc.nodes = rc.rep.totals.nodes > 1 ? rc.rep.totals.nodes : 1;
    rc.speed = before.throughput;
    bool changed = before.ok && (try_ram(&rc, b, true, price) || try_ram(&rc, b, false, price));
    report_free(&rc.rep);
    return changed;
}

/* ------------------------------------------------------------ API */

static int setup(ctx *c, const dlrig_catalog *cat, const dlrig_requirements *req, char *err, size_t errlen)
{
    memset(c, 0, sizeof *c);
    c->cat = cat;
    c->req = req;
    c->wl = requirements_workload(cat, req);
    if (!c->wl) {
        snprintf(err, errlen, "unknown workload '%s'", req->workload);
        return -1;
    }
    c->wl = perf_job_workload(cat, req, c->wl, &c->job, err, errlen);
    if (!c->wl) return -1;
    c->fw = req->framework[0] ? catalog_framework(cat, req->framework) : NULL;
    if (req->framework[0] && !c->fw) {
        snprintf(err, errlen, "unknown framework '%s'", req->framework);
        return -1;
    }
    c->circuit = req->circuit[0] ? catalog_circuit(cat, req->circuit) : NULL;
    c->gpu_share = power_gpu_load_share(c->wl);
    c->cpu_share = power_cpu_load_share(c->wl);
    c->precision = requirements_effective_precision(req);
    c->params_m = !isnan(req->model_params_m) ? req->model_params_m : c->wl->params_m;
    c->nodes = req->nodes > 0 ? req->nodes : 1;
    c->quiet = constraint_wants_quiet(req);
    int rc = llm_query_for(cat, req, c->wl, &c->q, err, errlen);
    if (rc < 0) return -1;
    c->llm = rc == 1;
    rc = llm_query_second(cat, req, &c->q2, err, errlen);
    if (rc < 0) return -1;
    c->has_second = rc == 1;
    if (req->min_gpus > 0 && req->max_gpus > 0 && req->min_gpus > req->max_gpus) {
        snprintf(err, errlen, "at least %d GPUs and at most %d: no count meets both", req->min_gpus, req->max_gpus);
        return -1;
    }
    /* Power limits: off on request, and for language-model jobs, whose
     * estimate (llm.h) does not read limits. */
    c->n_levels = req->no_power_limit || c->llm ? 1 : N_LIMIT_LEVELS;
    if (!isnan(req->dataset_gb))
        c->need_fast_gb = constraint_fast_storage_gb(req->dataset_gb, c->params_m);
    return 0;
}

typedef struct pair {
    const dlrig_gpu *g;
    int n;
    double ub;    /* upper bound on throughput */
    double price; /* of the n cards */
} pair;

static int cmp_pair(const void *x, const void *y)
{
    const pair *a = x, *b = y;
    if (a->ub != b->ub) return a->ub > b->ub ? -1 : 1;
    if (a->price != b->price) return a->price < b->price ? -1 : 1;
    return strcmp(a->g->p.id, b->g->p.id);
}

static void free_results(dlrig_recommendation *r, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        build_free(&r[i].build);
        report_free(&r[i].report);
    }
}

void recommendations_free(dlrig_recommendation *r, size_t n)
{
    if (!r) return;
    free_results(r, n);
    free(r);
}

/* The advisor's best build for r as "1 x GeForce RTX 4090 does ($2,440,
 * 0.093 images/s)" in buf; false (buf untouched) when there is none. */
static bool best_pick_text(const dlrig_catalog *cat, const dlrig_requirements *r, char *buf, size_t len)
{
    dlrig_recommendation *recs = NULL;
    size_t n = 0;
    char e2[512];
    bool found = advisor_recommend(cat, r, 1, &recs, &n, e2, sizeof e2) == 0 && n > 0;
    if (found) {
        char price[32], sp[64];
        int gpus = 0;
        const dlrig_part *g = build_first(&recs[0].build, DLRIG_CAT_GPU, &gpus);
        snprintf(buf, len, "%d x %s does (%s, %s)", gpus, g ? g->name : "?",
                 format_usd(recs[0].price_usd, price, sizeof price),
                 format_speed(recs[0].estimate.throughput, recs[0].estimate.unit, sp, sizeof sp));
    }
    if (recs) recommendations_free(recs, n);
    return found;
}

/* Nothing runs a language model at its weight format within the budget:
 * says what fewer bits per weight would buy, replacing err ("no build under
 * $5,000 runs Llama 3.1 70B at 16-bit weights; at int4 weights, 2 x GeForce
 * RTX 3090 does ($3,612)"). */
static void suggest_fewer_bits(const dlrig_catalog *cat, const dlrig_requirements *req, const dlrig_fit_query *q,
                               char *err, size_t errlen)
{
    static const dlrig_weight_format fewer[] = {DLRIG_WEIGHTS_INT8, DLRIG_WEIGHTS_INT4};
    if (q->method == DLRIG_METHOD_FULL) return; /* full fine-tuning trains 16-bit weights */
    for (size_t i = 0; i < sizeof fewer / sizeof fewer[0]; i++) {
        dlrig_weights w;
        char e[256];
        const char *name = dlrig_weight_format_names[fewer[i]];
        if (llm_weights_parse(name, &w, e, sizeof e) != 0 || w.bits >= q->weights.bits) continue;
        dlrig_requirements r2 = *req;
        snprintf(r2.weights, sizeof r2.weights, "%s",
                 q->method == DLRIG_METHOD_INFERENCE ? name : dlrig_weight_format_names[DLRIG_WEIGHTS_NF4]);
        if (q->method == DLRIG_METHOD_LORA) /* LoRA on NF4 weights is QLoRA */
            snprintf(r2.method, sizeof r2.method, "%s", dlrig_method_ids[DLRIG_METHOD_QLORA]);
        char pick[256], budget[32];
        if (best_pick_text(cat, &r2, pick, sizeof pick)) {
            snprintf(err, errlen, "no build%s%s runs %s at %s weights; at %s weights%s, %s",
                     isnan(req->budget_usd) ? "" : " under ",
                     isnan(req->budget_usd) ? "" : format_usd(req->budget_usd, budget, sizeof budget),
                     q->model.name ? q->model.name : "the model", q->weights.name, r2.weights,
                     strcmp(r2.method, req->method) && r2.method[0] ? " (QLoRA)" : "", pick);
            return;
        }
        if (q->method != DLRIG_METHOD_INFERENCE) return; /* QLoRA is the one smaller option */
    }
}

/* Nothing generates with a named model (image generation) at 16-bit weights
 * within the budget: says what 8-bit (FP8) weights would buy, as ComfyUI's
 * and diffusers' FP8 checkpoints run, replacing err ("no build under $3,000
 * generates with FLUX.1 [dev] at 16-bit weights; at --precision fp8, 1 x
 * GeForce RTX 4090 does ($2,440, 0.093 images/s)"). */
static void suggest_fp8(const dlrig_catalog *cat, const dlrig_requirements *req, char *err, size_t errlen)
{
    if (!req->model[0] || requirements_effective_precision(req) == DLRIG_PRECISION_FP8) return;
    const dlrig_model *m = catalog_model_find(cat, req->model);
    if (!m || !m->kind || strcmp(m->kind, "diffusion") != 0) return;
    dlrig_requirements r2 = *req;
    snprintf(r2.precision, sizeof r2.precision, "%s", dlrig_precision_ids[DLRIG_PRECISION_FP8]);
    char pick[256], budget[32];
    if (best_pick_text(cat, &r2, pick, sizeof pick))
        snprintf(err, errlen, "no build%s%s generates with %s at 16-bit weights; at --precision fp8, %s",
                 isnan(req->budget_usd) ? "" : " under ",
                 isnan(req->budget_usd) ? "" : format_usd(req->budget_usd, budget, sizeof budget), m->name, pick);
}

int advisor_recommend(const dlrig_catalog *cat, const dlrig_requirements *req, int top_k,
                      dlrig_recommendation **out, size_t *n_out, char *err, size_t errlen)
{
    return advisor_recommend_by(cat, req, DLRIG_OBJ_SPEED, top_k, out, n_out, err, errlen);
}

/* Inserts v into the descending list top[0..*n) of at most k values. */
static void top_insert(double *top, size_t *n, size_t k, double v)
{
    size_t pos = *n < k ? *n : k;
    if (pos == k && v <= top[k - 1]) return;
    while (pos > 0 && top[pos - 1] < v) {
        if (pos < k) top[pos] = top[pos - 1];
        pos--;
    }
    top[pos] = v;
    if (*n < k) (*n)++;
}

int advisor_recommend_by(const dlrig_catalog *cat, const dlrig_requirements *req, dlrig_objective obj, int top_k,
                         dlrig_recommendation **out, size_t *n_out, char *err, size_t errlen)
{
    *out = NULL;
    *n_out = 0;
    if (top_k < 1) top_k = 1;
    if (top_k > 10) top_k = 10;
    if (obj != DLRIG_OBJ_SPEED && obj != DLRIG_OBJ_VALUE) {
        snprintf(err, errlen, "unknown objective %d", (int)obj);
        return -1;
    }
    ctx c;
    if (setup(&c, cat, req, err, errlen)) return -1;
    c.obj = obj;
    dlrig_requirements eff_req = *req;
    if ((req->require & DLRIG_REQ_RDMA) && c.nodes < 2) {
        eff_req.nodes = 2; /* RDMA means a cluster: plan two nodes */
        c.nodes = 2;
    }
    c.req = &eff_req;
    usable_collect(&c);
    c.places = xcalloc(1, sizeof *c.places);
    c.mems = xcalloc(1, sizeof *c.mems);

    size_t ng = c.n_use[DLRIG_CAT_GPU];
    const dlrig_gpu *const *gpus = USE(&c, DLRIG_CAT_GPU, dlrig_gpu);
    pair *pairs = xcalloc(ng * MAX_GPUS_PER_NODE + 1, sizeof *pairs);
    size_t np = 0;
    bool single_stream = c.wl->single_stream;
    for (size_t i = 0; i < ng; i++) {
        double pg = c.llm ? 0 : perf_gpu_throughput(gpus[i], c.wl, c.params_m, c.precision, NULL);
        for (int n = 1; n <= MAX_GPUS_PER_NODE; n++) {
            if (!gpu_allowed(&c, gpus[i], n)) continue;
            /* no build of n cards costs less than they and the cheapest board and case that hold n */
            double platform = c.min_platform[card_width(gpus[i])][n];
            if (isinf(platform)) break; /* nor of more */
            double cards = COST(&c, &gpus[i]->p) * n;
            if (!isnan(req->budget_usd) && (cards + platform) * c.nodes > req->budget_usd) break;
            double ub = single_stream ? pg : pg * n * c.nodes;
            if (c.llm) {
                /* the speed with the fastest link the card can have bounds every build of it */
                dlrig_link best = {gpus[i]->nvlink && !isnan(gpus[i]->nvlink_gbs) ? gpus[i]->nvlink_gbs / 2
                                                                                   : 0.8 * 16 * 3.938,
                                   gpus[i]->nvlink != NULL, false};
                dlrig_fit f;
                llm_fit(gpus[i], n, &best, &c.q, &f);
                ub = f.tokens_per_s * (c.q.method == DLRIG_METHOD_INFERENCE && !c.q.serving ? 1 : c.nodes);
            }
            /* value: the speed bound over what such a build costs at least */
            if (obj == DLRIG_OBJ_VALUE) ub /= (cards + platform) * c.nodes;
            pairs[np++] = (pair){gpus[i], n, ub, cards};
        }
    }
    if (np > 1) qsort(pairs, np, sizeof *pairs, cmp_pair);

    /* Each pair's front into the pool, best bound first, until no pair left
     * can reach the tie band of the K-th best pair found (rank k's best is at
     * least the K-th best pair's, k <= K). */
    pool pl = {0};
    double top[10];
    size_t ntop = 0;
    dlrig_report rep = {0};
    rep.ids_only = true; /* the search reads findings' ids, never their text */
    for (size_t i = 0; i < np; i++) {
        double floor = ntop == (size_t)top_k ? (1 - ADVISOR_TIE_TOLERANCE) * top[ntop - 1] * (1 - 1e-9) : 0;
        if (ntop == (size_t)top_k && pairs[i].ub < floor) break;
        size_t from = pl.n;
        if (best_for(&c, pairs[i].g, pairs[i].n, floor, &pl, i, &rep) == 0) continue;
        double pair_best = 0;
        for (size_t k = from; k < pl.n; k++) pair_best = fmax(pair_best, goal_of(&pl.s[k], obj));
        top_insert(top, &ntop, (size_t)top_k, pair_best);
    }
    report_free(&rep);
    free(pairs);
    usable_free(&c);
    if (pl.n == 0) {
        char budget[32];
        snprintf(err, errlen,
                 "no build meets the requirements%s%s: raise the budget, relax a --require, or pick a smaller model",
                 isnan(req->budget_usd) ? "" : " within ", isnan(req->budget_usd) ? "" : format_usd(req->budget_usd, budget, sizeof budget));
        if (c.llm) suggest_fewer_bits(cat, req, &c.q, err, errlen);
        else if (c.wl && !c.wl->training) suggest_fp8(cat, req, err, errlen);
        pool_free(&pl);
        return 0;
    }
    /* The picks: rank k is the objective's pick among the pairs no better rank took. */
    dlrig_recommendation *best = xcalloc((size_t)top_k + 1, sizeof *best);
    scored *tie_top = xcalloc((size_t)top_k + 1, sizeof *tie_top);
    char (*tie_name)[320] = xcalloc((size_t)top_k + 1, sizeof *tie_name);
    bool *skip = xcalloc(pl.n + 1, sizeof *skip);
    /* RAM sizing (speed objective): a build's price is compared sized, so a
     * tie in the band goes to the build that is cheaper as recommended, not
     * before its RAM was raised.  Sized lazily, cheapest first, until the
     * cheapest of the band is a sized build (sizing never lowers a price). */
    signed char *sized = xcalloc(pl.n + 1, sizeof *sized); /* 0 not yet, 1 raised, -1 left as it was */
    size_t nbest = 0;
    while (nbest < (size_t)top_k) {
        long top_at = -1;
        long at = objective_pick(pl.s, pl.n, skip, obj, &top_at);
        if (at < 0) break;
        while (obj == DLRIG_OBJ_SPEED && !sized[at]) {
            sized[at] = size_ram(cat, c.req, &pl.b[at], &pl.s[at].price) ? 1 : -1;
            at = objective_pick(pl.s, pl.n, skip, obj, &top_at);
        }
        /* what topped the tie band when it was not the pick (for the explanation) */
        if (top_at != at && cmp_faster(goal_of(&pl.s[top_at], obj), goal_of(&pl.s[at], obj)) < 0) {
            tie_top[nbest] = pl.s[top_at];
            tie_label(&pl.b[top_at], &pl.b[at], tie_name[nbest], sizeof tie_name[nbest]);
        }
        dlrig_recommendation *rec = &best[nbest];
        rec->build = pl.b[at];
        build_init(&pl.b[at], NULL); /* moved out of the pool */
        rec->price_usd = pl.s[at].price;
        if (obj == DLRIG_OBJ_SPEED) {
            rec->ram_sized = sized[at] > 0;
            /* the build that topped the band, sized the same way, for its price in the explanation */
            if (tie_name[nbest][0] && !sized[top_at]) {
                dlrig_build t;
                build_copy(&t, &pl.b[top_at]);
                size_ram(cat, c.req, &t, &tie_top[nbest].price);
                build_free(&t);
            }
        }
        rec->objective = obj;
        rec->band_top = goal_of(&pl.s[top_at], obj);
        rules_check(cat, &rec->build, &rec->report);
        char e2[64];
        perf_estimate(cat, &rec->build, &rec->report.placement, NULL, &rec->estimate, e2, sizeof e2);
        rec->perf_per_kusd = rec->price_usd > 0 ? rec->estimate.throughput / (rec->price_usd / 1000) : 0;
        size_t taken = pl.pair[at];
        for (size_t k = 0; k < pl.n; k++)
            if (pl.pair[k] == taken) skip[k] = true;
        nbest++;
    }
    for (size_t i = 0; i < nbest; i++)
        explain(&c, &best[i], i > 0 ? &best[i - 1] : NULL, tie_name[i][0] ? &tie_top[i] : NULL, tie_name[i]);
    free(skip);
    free(sized);
    free(tie_top);
    free(tie_name);
    pool_free(&pl);
    *out = best;
    *n_out = nbest;
    return 0;
}

int advisor_recommend_nodes(const dlrig_catalog *cat, const dlrig_requirements *req, dlrig_objective obj, int top_k,
                            int max_nodes, dlrig_recommendation **out, size_t *n_out, char *err, size_t errlen)
{
    int rc = advisor_recommend_by(cat, req, obj, top_k, out, n_out, err, errlen);
    if (rc != 0 || *n_out > 0 || req->nodes > 1) return rc;
    char first_err[512];
    snprintf(first_err, sizeof first_err, "%s", err);
    for (int nodes = 2; nodes <= max_nodes; nodes *= 2) {
        dlrig_requirements r = *req;
        r.nodes = nodes;
        rc = advisor_recommend_by(cat, &r, obj, top_k, out, n_out, err, errlen);
        if (rc != 0 || *n_out > 0) return rc;
    }
    snprintf(err, errlen, "%s (no plan of up to %d nodes either)", first_err, max_nodes);
    return 0;
}

/* ------------------------------------------------------------ reference search */

/* Plain enumeration of the whole search space, category by category; the
 * only shortcut is dropping a partial build already over the budget (prices
 * are positive, so completing it cannot bring it back). */
typedef struct ex_state {
    const dlrig_catalog *cat;
    const dlrig_requirements *req;
    int nodes;
    dlrig_objective obj;
    dlrig_build b;
    dlrig_report rep;
    pool front; /* acceptable builds no other one dominates */
    long evaluated;
    int n_levels; /* power-limit levels to try (ctx.n_levels) */
    bool any_board_case, any_psu_case; /* the catalog has complete servers with their own board / PSUs */
} ex_state;

static bool ex_over(const ex_state *st, double node_price, double cluster_price)
{
    return !isnan(st->req->budget_usd) && node_price * st->nodes + cluster_price > st->req->budget_usd;
}

/* Whether every finding that keeps rep's build out is a power one (a GPU
 * power limit might let it in). */
static bool only_power_blocks(const dlrig_report *rep)
{
    bool any = false;
    for (size_t i = 0; i < rep->n_findings; i++) {
        const dlrig_finding *f = &rep->findings[i];
        if (!advisor_avoids(f)) continue;
        if (strncmp(f->id, "power.", 6) != 0) return false;
        any = true;
    }
    return any;
}

static void ex_consider(ex_state *st, int level);

/* Whether some priced power supply of the catalog (or the chassis' own
 * supplies) carries the build just checked into st->rep, at its rated draw
 * within the headroom and its sustained draw within the circuit: the test
 * the advisor's PSU options make (psu_options, cheapest_psu), over every
 * supply whatever its price. */
static bool ex_some_psu_carries(const ex_state *st)
{
    const dlrig_totals *t = &st->rep.totals;
    const dlrig_case *cs = (const dlrig_case *)build_first(&st->b, DLRIG_CAT_CASE, NULL);
    const dlrig_gpu *g = (const dlrig_gpu *)build_first(&st->b, DLRIG_CAT_GPU, NULL);
    int n = build_count(&st->b, DLRIG_CAT_GPU), ncpu = build_count(&st->b, DLRIG_CAT_CPU);
    const dlrig_circuit *circ = st->req->circuit[0] ? catalog_circuit(st->cat, st->req->circuit) : NULL;
    if (cs && case_has_psus(cs))
        return constraint_power_fits(circ, case_psu_capacity_w(cs, circ), cs->psu_efficiency, t->power_w, t->load_w);
    size_t np = catalog_count(st->cat, DLRIG_CAT_PSU);
    for (size_t i = 0; i < np; i++) {
        const dlrig_psu *p = (const dlrig_psu *)catalog_part_at(st->cat, DLRIG_CAT_PSU, i);
        if (!priced(&p->p, st->req->allow_used) || (cs && !constraint_psu_fits_case(p, cs))) continue;
        for (int q = 1; q <= (p->redundant ? 2 : 1); q++) {
            if (g && !psu_connectors_ok(p, q, g, n, ncpu)) continue;
            if (constraint_power_fits(circ, psu_capacity_w(p, q, circ), p->efficiency, t->power_w, t->load_w))
                return true;
        }
    }
    return false;
}

/* The build as enumerated, and when only power keeps it out and no supply
 * of the catalog would carry its parts, the same build at the next lower
 * power-limit level, and so on (a limit only when power binds). */
static void ex_finish(ex_state *st)
{
    ex_consider(st, 0);
}

static void ex_consider(ex_state *st, int level)
{
    st->evaluated++;
    const dlrig_gpu *g = (const dlrig_gpu *)build_first(&st->b, DLRIG_CAT_GPU, NULL);
    if (!g) return;
    int lw = level_w(g, level);
    if (level > 0) {
        if (lw <= 0 || build_count(&st->b, DLRIG_CAT_GPU) == 0) return;
        build_set_power_limit(&st->b, &g->p, lw);
    }
    evaluated e = evaluate(st->cat, &st->b, st->req, &st->rep);
    if (level > 0) build_set_power_limit(&st->b, &g->p, 0);
    if (!e.ok) {
        if (level + 1 < st->n_levels && only_power_blocks(&st->rep) && !ex_some_psu_carries(st))
            ex_consider(st, level + 1);
        return;
    }
    scored sc = score_of(g, build_count(&st->b, DLRIG_CAT_GPU), e.throughput, e.price);
    sc.limit_pct = limit_pct[level];
    pool *f = &st->front;
    for (size_t i = 0; i < f->n; i++)
        if (dominates(&f->s[i], &sc)) return;
    size_t k = 0;
    for (size_t i = 0; i < f->n; i++) {
        if (dominates(&sc, &f->s[i])) {
            build_free(&f->b[i]);
            continue;
        }
        f->s[k] = f->s[i];
        f->b[k] = f->b[i];
        f->pair[k++] = f->pair[i];
    }
    f->n = k;
    dlrig_build copy;
    build_copy(&copy, &st->b);
    if (lw > 0) build_set_power_limit(&copy, &g->p, lw);
    pool_push(f, &sc, &copy, 0);
}

/* Level order: 0 GPU, 1 CPU, 2 board (or none), 3 memory, 4 storage, 5 PSU (or none), 6 case,
 * 7 cooler (or none), 8 bridge (or none), 9 NIC (several nodes), 10 switch
 * (more than two nodes). */
static void ex_level(ex_state *st, int level, double node, double cluster)
{
    if (ex_over(st, node, cluster)) return;
    if (level == 11) {
        ex_finish(st);
        return;
    }
    static const dlrig_category cats[] = {DLRIG_CAT_GPU, DLRIG_CAT_CPU, DLRIG_CAT_MOTHERBOARD, DLRIG_CAT_MEMORY,
                                          DLRIG_CAT_STORAGE, DLRIG_CAT_PSU, DLRIG_CAT_CASE, DLRIG_CAT_COOLER,
                                          DLRIG_CAT_NVLINK_BRIDGE, DLRIG_CAT_NIC, DLRIG_CAT_SWITCH};
    dlrig_category cat = cats[level];
    bool optional = level >= 7;
    if (level == 9 && st->nodes < 2) {
        ex_level(st, level + 1, node, cluster);
        return;
    }
    if (level == 10 && st->nodes < 3) {
        ex_level(st, level + 1, node, cluster);
        return;
    }
    if (optional && level != 9 && level != 10) ex_level(st, level + 1, node, cluster); /* none */
    /* No board or no PSU: a complete server chassis may bring them. */
    if ((level == 2 && st->any_board_case) || (level == 5 && st->any_psu_case)) ex_level(st, level + 1, node, cluster);
    int gpus = build_count(&st->b, DLRIG_CAT_GPU), cpus = build_count(&st->b, DLRIG_CAT_CPU);
    const dlrig_part *gpu = build_first(&st->b, DLRIG_CAT_GPU, NULL);
    bool has_board = build_count(&st->b, DLRIG_CAT_MOTHERBOARD) > 0, has_psu = build_count(&st->b, DLRIG_CAT_PSU) > 0;
    size_t n = catalog_count(st->cat, cat);
    for (size_t i = 0; i < n; i++) {
        const dlrig_part *p = catalog_part_at(st->cat, cat, i);
        int qmin = 1, qmax = 1;
        switch (cat) {
        case DLRIG_CAT_GPU:
            /* as usable_collect: not a card whose price predates a rise of its market */
            if (market_price_overtaken(st->cat, p, st->req->allow_used)) continue;
            qmax = MAX_GPUS_PER_NODE;
            break;
        case DLRIG_CAT_CPU: qmax = 2; break;
        case DLRIG_CAT_MEMORY: qmax = MAX_KIT_QTY; break;
        case DLRIG_CAT_STORAGE: qmax = MAX_DRIVE_QTY; break;
        case DLRIG_CAT_PSU: qmax = ((const dlrig_psu *)p)->redundant ? 2 : 1; break;
        case DLRIG_CAT_CASE: {
            /* Without a board or a PSU only a complete server that brings them can work
             * (anything else is a compat.missing_part error): skip the rest early. */
            const dlrig_case *cs = (const dlrig_case *)p;
            if ((!has_board && !cs->board) || (!has_psu && !case_has_psus(cs))) continue;
            /* as case_allowed: an open frame only when asked for (its risers have no price) */
            if (!constraint_case_frame_for(cs, st->req)) continue;
            break;
        }
        case DLRIG_CAT_COOLER: qmin = qmax = cpus; break;
        case DLRIG_CAT_NVLINK_BRIDGE: {
            const dlrig_nvlink_bridge *br = (const dlrig_nvlink_bridge *)p;
            if (gpus < 2 || !gpu || !((const dlrig_gpu *)gpu)->nvlink) continue;
            qmin = qmax = (gpus / 2) * (br->per_pair > 0 ? br->per_pair : 1);
            break;
        }
        default: break;
        }
        double price = isnan(cost_of(p, st->req->allow_used)) ? 0 : cost_of(p, st->req->allow_used);
        for (int q = qmin; q <= qmax; q++) {
            build_add(&st->b, p, q);
            if (cat == DLRIG_CAT_SWITCH) ex_level(st, level + 1, node, cluster + price * q);
            else ex_level(st, level + 1, node + price * q, cluster);
            build_set_qty(&st->b, p, 0);
        }
    }
}

int advisor_exhaustive(const dlrig_catalog *cat, const dlrig_requirements *req, dlrig_objective obj,
                       double *throughput, double *price, dlrig_build *out)
{
    ctx c;
    char err[128];
    if (setup(&c, cat, req, err, sizeof err)) return -1;
    dlrig_requirements eff_req = *req;
    if ((req->require & DLRIG_REQ_RDMA) && c.nodes < 2) eff_req.nodes = 2;
    ex_state st;
    memset(&st, 0, sizeof st);
    st.cat = cat;
    st.req = &eff_req;
    st.nodes = eff_req.nodes > 0 ? eff_req.nodes : 1;
    st.obj = obj;
    st.n_levels = c.n_levels;
    size_t ncs;
    const dlrig_case *cs = catalog_cases(cat, &ncs);
    for (size_t i = 0; i < ncs; i++) {
        if (cs[i].board) st.any_board_case = true;
        if (case_has_psus(&cs[i])) st.any_psu_case = true;
    }
    st.rep.ids_only = true;
    build_init(&st.b, "exhaustive");
    st.b.req = eff_req;
    ex_level(&st, 0, 0, 0);
    build_free(&st.b);
    report_free(&st.rep);
    /* the pick as the advisor makes it: ties in the band compared on sized prices */
    long at = objective_pick(st.front.s, st.front.n, NULL, obj, NULL);
    bool *sized = xcalloc(st.front.n + 1, sizeof *sized);
    while (at >= 0 && obj == DLRIG_OBJ_SPEED && !sized[at]) {
        size_ram(cat, &eff_req, &st.front.b[at], &st.front.s[at].price);
        sized[at] = true;
        at = objective_pick(st.front.s, st.front.n, NULL, obj, NULL);
    }
    free(sized);
    *throughput = at >= 0 ? st.front.s[at].speed : 0;
    *price = at >= 0 ? st.front.s[at].price : 0;
    if (at >= 0 && out) {
        build_free(out);
        build_copy(out, &st.front.b[at]);
    }
    pool_free(&st.front);
    return at >= 0 ? 1 : 0;
}

/* ------------------------------------------------------------ when nothing fits */

static void recommendations_free_one(dlrig_recommendation *r)
{
    free_results(r, 1);
}

/* The best build for r (top 1), or false. */
static bool one_build(const dlrig_catalog *cat, const dlrig_requirements *r, dlrig_recommendation *best)
{
    dlrig_recommendation *recs = NULL;
    size_t n = 0;
    char e[512];
    if (advisor_recommend(cat, r, 1, &recs, &n, e, sizeof e) != 0 || n == 0) {
        if (recs) recommendations_free(recs, n);
        return false;
    }
    *best = recs[0];
    free(recs); /* the one recommendation now belongs to *best */
    return true;
}

static void describe(strbuf *b, const dlrig_recommendation *r)
{
    char price[32], sp[64];
    int gpus = 0;
    const dlrig_part *g = build_first(&r->build, DLRIG_CAT_GPU, &gpus);
    sb_printf(b, "%s: %d x %s, %s", format_usd(r->price_usd, price, sizeof price), gpus, g ? g->name : "?",
              format_speed(r->estimate.throughput, r->estimate.unit, sp, sizeof sp));
}

int advisor_why_none(const dlrig_catalog *cat, const dlrig_requirements *req, double *cheapest, char *msg,
                     size_t msglen)
{
    strbuf b = {0};
    int found = 0;
    *cheapest = NAN;
    dlrig_recommendation r;
    if (!isnan(req->budget_usd)) {
        /* exists(budget) only grows with the budget: double it until a build
         * exists, then bisect to the dollar */
        dlrig_requirements t = *req;
        double lo = req->budget_usd, hi = lo;
        bool ok = false;
        while (!ok && hi < 1e7) {
            hi = hi * 2 < 1e7 ? hi * 2 : 1e7;
            t.budget_usd = hi;
            ok = one_build(cat, &t, &r);
            if (ok) recommendations_free_one(&r);
            else lo = hi;
        }
        if (ok) {
            while (hi - lo > 1) {
                t.budget_usd = floor((lo + hi) / 2);
                if (one_build(cat, &t, &r)) {
                    recommendations_free_one(&r);
                    hi = t.budget_usd;
                } else {
                    lo = t.budget_usd;
                }
            }
            t.budget_usd = hi;
            if (one_build(cat, &t, &r)) {
                *cheapest = r.price_usd;
                sb_append(&b, "The cheapest build that meets every other requirement costs ");
                describe(&b, &r);
                sb_append(&b, ".");
                recommendations_free_one(&r);
                found++;
            }
        } else {
            sb_append(&b, "No budget up to $10,000,000 buys a build that meets every other requirement.");
        }
    }
    /* one requirement at a time, at the budget asked */
    struct {
        const char *what;
        dlrig_requirements r;
    } alt[24];
    size_t na = 0;
    /* near misses: what a buyer would trade for a build (used parts, a
     * shorter context, offload, the purchase's shape) */
    if (!req->allow_used) {
        alt[na].r = *req;
        alt[na].r.allow_used = true;
        alt[na++].what = "with used parts allowed (--allow-used)";
    }
    dlrig_fit_query fq;
    char qerr[256];
    if (llm_query_for(cat, req, NULL, &fq, qerr, sizeof qerr) == 1) {
        static const int shorter[] = {1024, 512};
        static const char *const say[] = {"with a 1,024-token context", "with a 512-token context"};
        for (int i = 0; i < 2; i++)
            if (fq.context > shorter[i]) {
                alt[na].r = *req;
                alt[na].r.context_tokens = shorter[i];
                alt[na++].what = say[i];
                break;
            }
        if (fq.method != DLRIG_METHOD_INFERENCE && fq.offload == DLRIG_OFFLOAD_NONE) {
            alt[na].r = *req;
            snprintf(alt[na].r.offload, sizeof alt[na].r.offload, "%s", dlrig_offload_ids[DLRIG_OFFLOAD_OPTIMIZER]);
            alt[na++].what = "with the optimizer state in system memory (--offload optimizer)";
        }
    }
    if (req->min_gpus > 0 || req->max_gpus > 0) {
        alt[na].r = *req;
        alt[na].r.min_gpus = alt[na].r.max_gpus = 0;
        alt[na++].what = "with any number of GPUs";
    }
    if (!isnan(req->min_vram_gb)) {
        alt[na].r = *req;
        alt[na].r.min_vram_gb = NAN;
        alt[na++].what = "with any VRAM a card";
    }
    if (req->one_card) {
        alt[na].r = *req;
        alt[na].r.one_card = false;
        alt[na++].what = "with the job split over cards (without --one-card)";
    }
    if (req->also_model[0]) {
        alt[na].r = *req;
        alt[na].r.also_model[0] = '\0';
        alt[na++].what = "without the second job";
    }
    if (req->circuit[0]) {
        alt[na].r = *req;
        alt[na].r.circuit[0] = '\0';
        alt[na++].what = "without the circuit limit";
    }
    for (int i = 0; dlrig_require_ids[i] && na < 12; i++)
        if (req->require & (1u << i)) {
            alt[na].r = *req;
            alt[na].r.require &= ~(1u << i);
            alt[na++].what = dlrig_require_ids[i];
        }
    dlrig_requirements as_default;
    requirements_init(&as_default);
    if (req->precision[0] && requirements_precision(req) != requirements_effective_precision(&as_default)) {
        alt[na].r = *req;
        alt[na].r.precision[0] = '\0';
        alt[na++].what = "at the default precision";
    }
    if (req->framework[0]) {
        alt[na].r = *req;
        alt[na].r.framework[0] = '\0';
        alt[na++].what = "with any framework";
    }
    if (req->environment[0]) {
        alt[na].r = *req;
        alt[na].r.environment[0] = '\0';
        alt[na++].what = "in any environment";
    }
    for (size_t i = 0; i < na; i++) {
        if (!one_build(cat, &alt[i].r, &r)) continue;
        bool flag = strncmp(alt[i].what, "with", 4) && strncmp(alt[i].what, "at ", 3) && strncmp(alt[i].what, "in ", 3);
        sb_printf(&b, "%s%s%s%s gives ", b.len ? " " : "", flag ? "Dropping --require " : "Asking ", alt[i].what,
                  flag ? "" : "");
        describe(&b, &r);
        sb_append(&b, ".");
        recommendations_free_one(&r);
        found++;
    }
    snprintf(msg, msglen, "%s", b.s ? b.s : "");
    sb_free(&b);
    return found;
}
