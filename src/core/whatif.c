/* whatif.c — swaps of parts into a build, judged by the rules and the
 * performance model, with a cache keyed by the part (see whatif.h). */
#include "dlrig/whatif.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlrig/perf.h"
#include "dlrig/rules.h"
#include "dlrig/util.h"

struct dlrig_whatif {
    const dlrig_catalog *cat;
    dlrig_build b;         /* the caller's build, copied */
    dlrig_report rep;      /* its report: the errors a swap is compared with */
    dlrig_swap base;       /* the build itself */
    dlrig_report scratch;  /* the swapped build's report, reused */
    dlrig_swap **table;    /* open addressing by part, at most half full; entries allocated one by one */
    size_t cap, n;
};

bool whatif_affects_speed(dlrig_category c)
{
    switch (c) {
    case DLRIG_CAT_GPU:
    case DLRIG_CAT_CPU:
    case DLRIG_CAT_MOTHERBOARD:
    case DLRIG_CAT_CASE:
    case DLRIG_CAT_STORAGE:
    case DLRIG_CAT_NVLINK_BRIDGE:
    case DLRIG_CAT_NIC: return true;
    default: return false;
    }
}

/* The build's estimated throughput with its report's placement into *speed
 * and *unit (NAN, NULL without a GPU or an estimate). */
static void estimate(const dlrig_catalog *cat, const dlrig_build *b, const dlrig_report *rep, double *speed,
                     const char **unit)
{
    *speed = NAN;
    *unit = NULL;
    if (build_count(b, DLRIG_CAT_GPU) <= 0) return;
    dlrig_estimate e;
    char err[256];
    if (perf_estimate(cat, b, &rep->placement, NULL, &e, err, sizeof err) != 0) return;
    *speed = e.throughput;
    *unit = e.unit;
}

/* Fills out with the judgement of b (its report rep) against the original
 * build's report orig and figures (base; NULL when b is the original). */
static void judge(const dlrig_catalog *cat, const dlrig_build *b, const dlrig_report *rep, const dlrig_report *orig,
                  const dlrig_swap *base, dlrig_swap *out)
{
    out->error_id = NULL;
    out->error_message[0] = '\0';
    out->new_errors = 0;
    out->errors = rep->counts[DLRIG_SEV_ERROR];
    for (size_t i = 0; i < rep->n_findings && orig; i++) {
        const dlrig_finding *f = &rep->findings[i];
        if (f->severity != DLRIG_SEV_ERROR) continue;
        bool old = false;
        for (size_t k = 0; k < orig->n_findings && !old; k++)
            old = orig->findings[k].severity == DLRIG_SEV_ERROR && strcmp(orig->findings[k].id, f->id) == 0;
        if (old) continue;
        if (!out->error_id) { /* the report lists errors in rule-id order: the first is the one to show */
            out->error_id = f->id;
            snprintf(out->error_message, sizeof out->error_message, "%s", f->message);
        }
        out->new_errors++;
    }
    estimate(cat, b, rep, &out->speed, &out->unit);
    out->price_usd = rep->totals.price_usd;
    out->unpriced_parts = rep->totals.unpriced_parts;
    if (base) {
        out->speed_delta = isnan(out->speed) || isnan(base->speed) ? NAN : out->speed - base->speed;
        out->price_delta_usd = out->price_usd - base->price_usd;
    } else {
        out->speed_delta = isnan(out->speed) ? NAN : 0;
        out->price_delta_usd = 0;
    }
}

int whatif_swap_qty(const dlrig_build *b, dlrig_category c)
{
    int q = build_count(b, c);
    return q > 0 ? q : 1;
}

/* Swaps p into a copy of w's build and judges it. */
static void evaluate(dlrig_whatif *w, const dlrig_part *p, dlrig_swap *out)
{
    dlrig_build tmp;
    build_copy(&tmp, &w->b);
    out->part = p;
    out->qty = whatif_swap_qty(&w->b, p->category);
    build_set_category(&tmp, p->category, p, out->qty);
    rules_check(w->cat, &tmp, &w->scratch);
    judge(w->cat, &tmp, &w->scratch, &w->rep, &w->base, out);
    /* the totals leave unpriced parts out: the change is unknown when the
     * part, or one it replaces, has no price */
    bool unknown = isnan(part_price_usd(p, w->b.req.allow_used));
    for (size_t i = 0; i < w->b.n_items && !unknown; i++)
        unknown = w->b.items[i].part->category == p->category && isnan(build_line_usd(&w->b, &w->b.items[i]));
    if (unknown) out->price_delta_usd = NAN;
    build_free(&tmp);
}

dlrig_whatif *whatif_new(const dlrig_catalog *cat, const dlrig_build *b)
{
    dlrig_whatif *w = xcalloc(1, sizeof *w);
    w->cat = cat;
    build_copy(&w->b, b);
    rules_check(cat, &w->b, &w->rep);
    judge(cat, &w->b, &w->rep, NULL, NULL, &w->base);
    return w;
}

void whatif_free(dlrig_whatif *w)
{
    if (!w) return;
    for (size_t i = 0; i < w->cap; i++) free(w->table[i]);
    free(w->table);
    report_free(&w->scratch);
    report_free(&w->rep);
    build_free(&w->b);
    free(w);
}

const dlrig_swap *whatif_base(const dlrig_whatif *w) { return &w->base; }

static size_t slot_of(dlrig_swap *const *t, size_t cap, const dlrig_part *p)
{
    size_t i = (size_t)(((uintptr_t)p >> 4) * (uintptr_t)0x9E3779B97F4A7C15u) & (cap - 1);
    while (t[i] && t[i]->part != p) i = (i + 1) & (cap - 1);
    return i;
}

const dlrig_swap *whatif_get(dlrig_whatif *w, const dlrig_part *p)
{
    if (w->cap) {
        dlrig_swap *e = w->table[slot_of(w->table, w->cap, p)];
        if (e) return e;
    }
    if (2 * (w->n + 1) > w->cap) { /* grow: the table stays at most half full */
        size_t cap = w->cap ? w->cap * 2 : 256;
        dlrig_swap **t = xcalloc(cap, sizeof *t);
        for (size_t i = 0; i < w->cap; i++)
            if (w->table[i]) t[slot_of(t, cap, w->table[i]->part)] = w->table[i];
        free(w->table);
        w->table = t;
        w->cap = cap;
    }
    dlrig_swap *e = xcalloc(1, sizeof *e);
    evaluate(w, p, e);
    w->table[slot_of(w->table, w->cap, p)] = e;
    w->n++;
    return e;
}

void whatif_swap(const dlrig_catalog *cat, const dlrig_build *b, const dlrig_part *p, dlrig_swap *out)
{
    dlrig_whatif *w = whatif_new(cat, b);
    evaluate(w, p, out);
    whatif_free(w);
}

/* Replaces the parts of the pinned categories of b with those of from (a
 * line owned there stays owned: the parts kept are the ones the user has). */
static void keep_pins(const bool *pinned, const dlrig_build *from, dlrig_build *b)
{
    for (int c = 0; c < DLRIG_CAT_COUNT && pinned && from; c++) {
        if (!pinned[c]) continue;
        build_set_category(b, (dlrig_category)c, NULL, 0);
        for (size_t i = 0; i < from->n_items; i++) { /* with their lines: what is owned stays owned */
            const dlrig_item *it = &from->items[i];
            if (it->part->category != (dlrig_category)c) continue;
            build_add(b, it->part, it->qty);
            if (it->owned) build_set_owned(b, it->part, true);
        }
    }
}

int whatif_readvise(const dlrig_catalog *cat, const dlrig_requirements *req, const dlrig_build *from,
                    const bool *pinned, int top_k, dlrig_readvice *out, char *err, size_t errlen)
{
    return whatif_readvise_by(cat, req, DLRIG_OBJ_SPEED, from, pinned, top_k, out, err, errlen);
}

int whatif_readvise_by(const dlrig_catalog *cat, const dlrig_requirements *req, dlrig_objective obj,
                       const dlrig_build *from, const bool *pinned, int top_k, dlrig_readvice *out, char *err,
                       size_t errlen)
{
    memset(out, 0, sizeof *out);
    build_init(&out->build, from ? from->name : NULL);
    if (errlen) err[0] = '\0';
    int refused = advisor_recommend_by(cat, req, obj, top_k, &out->recs, &out->n, err, errlen) != 0;
    if (refused || out->n == 0) {
        if (out->recs) recommendations_free(out->recs, out->n);
        out->recs = NULL;
        out->n = 0;
        return refused ? -2 : -1;
    }
    /* the best-ranked build that takes the pinned parts without an error,
     * else the one with the fewest */
    dlrig_report rep = {0};
    size_t best = 0, best_err = (size_t)-1;
    for (size_t i = 0; i < out->n && best_err > 0; i++) {
        dlrig_build tmp;
        build_copy(&tmp, &out->recs[i].build);
        keep_pins(pinned, from, &tmp);
        rules_check(cat, &tmp, &rep);
        if (rep.counts[DLRIG_SEV_ERROR] < best_err) {
            best = i;
            best_err = rep.counts[DLRIG_SEV_ERROR];
        }
        build_free(&tmp);
    }
    report_free(&rep);
    build_free(&out->build);
    build_copy(&out->build, &out->recs[best].build);
    keep_pins(pinned, from, &out->build);
    if (from) {
        if (from->name) {
            free(out->build.name);
            out->build.name = xstrdup(from->name);
        }
        out->build.name_from = from->name_from;
        cJSON_Delete(out->build.notes);
        out->build.notes = from->notes ? cJSON_Duplicate(from->notes, 1) : NULL;
    }
    out->build.req = *req;
    build_refresh_name(cat, &out->build); /* a name dlrig gave follows the new parts and requirements */
    out->pick = best;
    out->errors = best_err;
    return 0;
}

void whatif_readvice_free(dlrig_readvice *r)
{
    if (r->recs) recommendations_free(r->recs, r->n);
    build_free(&r->build);
    memset(r, 0, sizeof *r);
}
