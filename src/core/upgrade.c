/* upgrade.c — the least-cost changes to a machine one owns (upgrade.h). */
#include "dlrig/upgrade.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlrig/fix.h"
#include "dlrig/format.h"
#include "dlrig/util.h"

/* GPUs a plan may put in one node: the most any board of the catalog takes. */
#define UPGRADE_MAX_GPUS 8

/* Why a build does not run its requirements: its first error, else the
 * model that does not fit.  "" when it runs. */
static void why_not(const dlrig_report *rep, const dlrig_estimate *e, bool have_est, char *buf, size_t len)
{
    buf[0] = '\0';
    for (size_t i = 0; i < rep->n_findings; i++)
        if (rep->findings[i].severity == DLRIG_SEV_ERROR) {
            snprintf(buf, len, "%.*s", (int)(len - 1), rep->findings[i].message);
            return;
        }
    if (!have_est) snprintf(buf, len, "no estimate (no GPU)");
    else if (!perf_estimate_fits(e)) snprintf(buf, len, "the model does not fit its GPUs");
}

/* The machine with n cards of g in place of its GPUs: the owned cards of g
 * stay (as many as n takes), the rest are bought; other GPUs are set aside. */
static void with_gpus(const dlrig_build *machine, const dlrig_gpu *g, int n, dlrig_build *out)
{
    build_copy(out, machine);
    int owned = 0;
    for (size_t i = 0; i < machine->n_items; i++)
        if (machine->items[i].part == &g->p && machine->items[i].owned) owned += machine->items[i].qty;
    /* in the place of the machine's GPU lines (so the plan reads as the machine does) */
    build_set_category(out, DLRIG_CAT_GPU, &g->p, owned > 0 && owned < n ? owned : n);
    if (owned > 0) {
        build_set_owned(out, &g->p, true);
        if (n > owned) build_add(out, &g->p, n - owned);
    }
}

/* What changed from the machine to the plan, in words. */
static void describe(const dlrig_build *machine, const dlrig_build *plan, char *buf, size_t len)
{
    size_t k = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < plan->n_items; i++) {
        const dlrig_item *it = &plan->items[i];
        if (it->owned) continue;
        int had = 0;
        for (size_t j = 0; j < machine->n_items; j++)
            if (machine->items[j].part == it->part && machine->items[j].owned) had += machine->items[j].qty;
        char one[200];
        if (had > 0)
            snprintf(one, sizeof one, "buy %d more %s (%d owned)", it->qty, it->part->name, had);
        else
            snprintf(one, sizeof one, "buy %d x %s", it->qty, it->part->name);
        k += (size_t)snprintf(buf + k, k < len ? len - k : 0, "%s%s", k ? "; " : "", one);
    }
    for (size_t j = 0; j < machine->n_items; j++) {
        const dlrig_item *m = &machine->items[j];
        if (!m->owned) continue;
        int kept = 0;
        for (size_t i = 0; i < plan->n_items; i++)
            if (plan->items[i].part == m->part && plan->items[i].owned) kept += plan->items[i].qty;
        if (kept >= m->qty) continue;
        char one[200];
        snprintf(one, sizeof one, "set aside %d x %s", m->qty - kept, m->part->name);
        k += (size_t)snprintf(buf + k, k < len ? len - k : 0, "%s%s", k ? "; " : "", one);
    }
    if (!k) snprintf(buf, len, "no change");
}

/* A note on why the platform must go: the errors the attempts left, the most frequent first. */
typedef struct reason {
    const char *id;
    char message[240];
    int count;
} reason;

static void note_reason(reason *r, size_t *n, size_t cap, const dlrig_report *rep)
{
    for (size_t i = 0; i < rep->n_findings; i++) {
        const dlrig_finding *f = &rep->findings[i];
        if (f->severity != DLRIG_SEV_ERROR) continue;
        size_t k = 0;
        while (k < *n && strcmp(r[k].id, f->id) != 0) k++;
        if (k == *n) {
            if (*n == cap) return;
            r[k].id = f->id;
            snprintf(r[k].message, sizeof r[k].message, "%.*s", (int)sizeof r[k].message - 1, f->message);
            r[k].count = 0;
            (*n)++;
        }
        r[k].count++;
        return; /* the first error of each attempt */
    }
}

static int cmp_reason(const void *a, const void *b)
{
    const reason *x = a, *y = b;
    return (x->count < y->count) - (x->count > y->count);
}

static int cmp_plan(const void *a, const void *b)
{
    const dlrig_upgrade_plan *x = a, *y = b;
    if (x->cost_usd != y->cost_usd) return x->cost_usd < y->cost_usd ? -1 : 1;
    if (x->est.throughput != y->est.throughput) return x->est.throughput > y->est.throughput ? -1 : 1;
    return strcmp(x->build.items[0].part->id, y->build.items[0].part->id);
}

/* Plans are the same to a buyer when their speed and VRAM agree (a partner card of the same chip). */
static bool same_plan(const dlrig_upgrade_plan *a, const dlrig_upgrade_plan *b)
{
    double m = fmax(a->est.throughput, b->est.throughput);
    return fabs(a->est.throughput - b->est.throughput) <= 1e-3 * (m > 0 ? m : 1) && a->vram_gb == b->vram_gb;
}

int upgrade_plan(const dlrig_catalog *cat, const dlrig_build *machine, size_t max_plans, dlrig_upgrade *out,
                 char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    rules_check(cat, machine, &out->now);
    out->now_vram_gb = out->now.totals.vram_gb;
    if (build_count(machine, DLRIG_CAT_GPU) > 0) {
        char e[256];
        out->have_now_est =
            perf_estimate(cat, machine, &out->now.placement, NULL, &out->now_est, e, sizeof e) == 0;
    }
    why_not(&out->now, &out->now_est, out->have_now_est, out->now_why, sizeof out->now_why);
    out->now_runs = out->now_why[0] == '\0';

    size_t ng;
    const dlrig_gpu *gpus = catalog_gpus(cat, &ng);
    if (ng == 0) {
        snprintf(err, errlen, "the catalog has no GPU to plan with");
        return -1;
    }
    dlrig_upgrade_plan *all = xcalloc(ng + 1, sizeof *all);
    size_t n_all = 0;
    reason reasons[16];
    size_t n_reasons = 0;
    double budget = machine->req.budget_usd;
    for (size_t gi = 0; gi < ng; gi++) {
        const dlrig_gpu *g = &gpus[gi];
        bool owned_model = false;
        for (size_t j = 0; j < machine->n_items; j++)
            if (machine->items[j].part == &g->p && machine->items[j].owned) owned_model = true;
        /* a card to buy needs a price (an owned one costs nothing) */
        if (!owned_model && !(part_price_usd(&g->p, machine->req.allow_used) > 0)) continue;
        out->tried++;
        /* the fewest cards of g that hold the job */
        dlrig_build cand;
        bool found = false;
        for (int n = 1; n <= UPGRADE_MAX_GPUS && !found; n++) {
            with_gpus(machine, g, n, &cand);
            dlrig_estimate e;
            char e2[256];
            if (perf_estimate(cat, &cand, NULL, NULL, &e, e2, sizeof e2) == 0 && perf_estimate_fits(&e)) {
                found = true;
                break;
            }
            build_free(&cand);
        }
        if (!found) continue;
        dlrig_repair rep;
        size_t left = fix_repair(cat, &cand, 1u << DLRIG_FIX_PARTS, &rep);
        if (left > 0) {
            note_reason(reasons, &n_reasons, sizeof reasons / sizeof reasons[0], &rep.after);
            fix_repair_free(&rep);
            build_free(&cand);
            continue;
        }
        fix_repair_free(&rep);
        dlrig_upgrade_plan *p = &all[n_all];
        memset(p, 0, sizeof *p);
        dlrig_report r = {0};
        rules_check(cat, &cand, &r);
        char e2[256];
        bool ok = r.counts[DLRIG_SEV_ERROR] == 0 &&
                  perf_estimate(cat, &cand, &r.placement, NULL, &p->est, e2, sizeof e2) == 0 &&
                  perf_estimate_fits(&p->est);
        p->cost_usd = r.totals.price_usd;
        p->unpriced_parts = r.totals.unpriced_parts;
        p->vram_gb = r.totals.vram_gb;
        p->warnings = r.counts[DLRIG_SEV_WARNING];
        report_free(&r);
        if (!ok || (budget > 0 && p->cost_usd > budget)) {
            build_free(&cand);
            continue;
        }
        p->build = cand;
        p->speedup = out->have_now_est && out->now_runs && out->now_est.throughput > 0
                         ? p->est.throughput / out->now_est.throughput
                         : INFINITY;
        describe(machine, &p->build, p->changes, sizeof p->changes);
        n_all++;
    }
    qsort(all, n_all, sizeof *all, cmp_plan);
    /* the cheapest of each kind of plan, at most max_plans */
    out->plans = xcalloc(max_plans + 1, sizeof *out->plans);
    for (size_t i = 0; i < n_all; i++) {
        bool dup = false;
        for (size_t k = 0; k < out->n_plans && !dup; k++) dup = same_plan(&out->plans[k], &all[i]);
        if (dup || out->n_plans >= max_plans) {
            build_free(&all[i].build);
            continue;
        }
        out->plans[out->n_plans++] = all[i];
    }
    free(all);
    if (out->n_plans == 0) {
        qsort(reasons, n_reasons, sizeof *reasons, cmp_reason);
        size_t k = 0;
        for (size_t i = 0; i < n_reasons && i < 3; i++)
            k += (size_t)snprintf(out->platform_note + k, k < sizeof out->platform_note ? sizeof out->platform_note - k
                                                                                         : 0,
                                  "%s%s (%d of the GPU models tried)", k ? "; " : "", reasons[i].message,
                                  reasons[i].count);
        if (!k)
            snprintf(out->platform_note, sizeof out->platform_note,
                     budget > 0 ? "no change of GPUs within the budget holds the model" : "no GPU holds the model");
    }
    return 0;
}

void upgrade_free(dlrig_upgrade *u)
{
    report_free(&u->now);
    for (size_t i = 0; i < u->n_plans; i++) build_free(&u->plans[i].build);
    free(u->plans);
    memset(u, 0, sizeof *u);
}

cJSON *upgrade_plan_to_json(const dlrig_catalog *cat, const dlrig_upgrade_plan *p)
{
    (void)cat;
    cJSON *o = cJSON_CreateObject();
    cJSON_AddNumberToObject(o, "cost_usd", round(p->cost_usd * 100) / 100);
    cJSON_AddNumberToObject(o, "unpriced_parts", p->unpriced_parts);
    cJSON_AddStringToObject(o, "changes", p->changes);
    if (isfinite(p->speedup)) cJSON_AddNumberToObject(o, "speedup", round(p->speedup * 1000) / 1000);
    else cJSON_AddNullToObject(o, "speedup");
    cJSON_AddNumberToObject(o, "vram_gb", p->vram_gb);
    cJSON_AddNumberToObject(o, "warnings", (double)p->warnings);
    cJSON_AddItemToObject(o, "estimate", estimate_to_json(&p->est));
    cJSON_AddItemToObject(o, "build", build_to_json(&p->build));
    return o;
}

const char *upgrade_now_text(const dlrig_upgrade *u, char *buf, size_t len)
{
    char sp[64];
    if (!u->now_runs) snprintf(buf, len, "as it is, it cannot run the requirements: %s", u->now_why);
    else if (u->have_now_est)
        snprintf(buf, len, "as it is, %s", format_speed(u->now_est.throughput, u->now_est.unit, sp, sizeof sp));
    else snprintf(buf, len, "as it is, it runs");
    return buf;
}

const char *upgrade_plan_headline(const dlrig_upgrade *u, const dlrig_upgrade_plan *p, char *buf, size_t len)
{
    char price[32], sp[64], gain[96], v[32], v0[32];
    if (isfinite(p->speedup)) snprintf(gain, sizeof gain, "%.2fx the machine's speed", p->speedup);
    else snprintf(gain, sizeof gain, "runs what the machine cannot");
    snprintf(buf, len, "%s%s: %s, %s, %s GB of VRAM (%s now)", format_usd(p->cost_usd, price, sizeof price),
             p->unpriced_parts ? " +?" : "", format_speed(p->est.throughput, p->est.unit, sp, sizeof sp), gain,
             format_number(p->vram_gb, 0, v, sizeof v), format_number(u->now_vram_gb, 0, v0, sizeof v0));
    return buf;
}

const char *upgrade_plan_value(const dlrig_upgrade_plan *p, char *buf, size_t len)
{
    char n[64];
    if (!(p->cost_usd > 0)) snprintf(buf, len, "%s", "");
    else if (isfinite(p->speedup))
        snprintf(buf, len, "%s%% faster per $1,000 spent",
                 format_number((p->speedup - 1) * 100 / (p->cost_usd / 1000), 1, n, sizeof n));
    else
        snprintf(buf, len, "%s per $1,000 spent",
                 format_speed(p->est.throughput / (p->cost_usd / 1000), p->est.unit, n, sizeof n));
    return buf;
}
