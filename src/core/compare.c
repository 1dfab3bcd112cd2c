/* compare.c — two or three builds side by side: the figures of each, which
 * value is best in every row, and which rows differ.  The front ends only
 * render a dlrig_compare. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlrig/compare.h"
#include "dlrig/cost.h"
#include "dlrig/export.h"
#include "dlrig/query.h"

static const struct {
    const char *key, *label;
    int better;
} metric_info[DLRIG_CMP_ROWS] = {
    [DLRIG_CMP_PRICE] = {"price_usd", "Price", -1},
    [DLRIG_CMP_PRICE_AGE] = {"price_age_months", "Prices from", -1},
    [DLRIG_CMP_THROUGHPUT] = {"throughput", "Throughput", +1},
    [DLRIG_CMP_EPOCH] = {"epoch_hours", "Time per epoch", -1},
    [DLRIG_CMP_PERF_PER_K] = {"per_kusd", "Speed per $1k", +1},
    [DLRIG_CMP_POWER] = {"power_w", "Power (sustained)", -1},
    [DLRIG_CMP_BREAKEVEN] = {"breakeven_months", "Buy vs rent", -1},
    [DLRIG_CMP_GPUS] = {"gpu_count", "GPUs", 0},
    [DLRIG_CMP_VRAM] = {"vram_gb", "VRAM", +1},
    [DLRIG_CMP_RAM] = {"ram_gb", "RAM", +1},
    [DLRIG_CMP_ERRORS] = {"errors", "Errors", -1},
    [DLRIG_CMP_WARNINGS] = {"warnings", "Warnings", -1},
    [DLRIG_CMP_INFO] = {"info", "Info", 0},
};

static bool same(double a, double b)
{
    double m = fmax(fabs(a), fabs(b));
    return fabs(a - b) <= 1e-9 * (m > 1 ? m : 1);
}

static void set(dlrig_compare_row *r, size_t i, double v, const char *text)
{
    r->known[i] = !isnan(v);
    r->value[i] = v;
    snprintf(r->text[i], sizeof r->text[i], "%s", r->known[i] ? text : "-");
}

/* Marks the best values of a row and whether the builds differ.  A partial
 * value (some parts unpriced) is an optimistic bound: it is never marked,
 * and a complete value is best only when it beats every such bound. */
static void judge(dlrig_compare_row *r, size_t n)
{
    r->best = 0;
    r->differs = false;
    for (size_t i = 1; i < n; i++)
        if (strcmp(r->text[i], r->text[0]) != 0) r->differs = true;
    if (!r->better) return;
    size_t known = 0, complete = 0;
    double best = NAN;
    for (size_t i = 0; i < n; i++) {
        if (!r->known[i]) continue;
        known++;
        if (r->partial & (1u << i)) continue;
        complete++;
        if (isnan(best) || (r->better > 0 ? r->value[i] > best : r->value[i] < best)) best = r->value[i];
    }
    if (known < 2 || complete == 0) return;
    bool all_same = true;
    for (size_t i = 0; i < n; i++) {
        if (!r->known[i]) continue;
        if (!same(r->value[i], best)) all_same = false;
        /* a bound that could still be as good as the best: no winner */
        if ((r->partial & (1u << i)) && (r->better > 0 ? r->value[i] >= best : r->value[i] <= best)) return;
    }
    if (all_same && known == n) return; /* nothing to choose between */
    for (size_t i = 0; i < n; i++)
        if (r->known[i] && !(r->partial & (1u << i)) && same(r->value[i], best)) r->best |= 1u << i;
}

int compare_builds(const dlrig_catalog *cat, const dlrig_build *const *builds, size_t n, const char *workload,
                   dlrig_compare *out, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    if (n < 2 || n > DLRIG_COMPARE_MAX) {
        snprintf(err, errlen, "compare takes 2 or 3 builds, not %zu", n);
        return -1;
    }
    const dlrig_requirements *ref = &builds[0]->req;
    const dlrig_workload *w = workload ? catalog_workload(cat, workload) : requirements_workload(cat, ref);
    if (!w) {
        snprintf(err, errlen, "unknown workload '%s'", workload ? workload : ref->workload);
        return -1;
    }
    snprintf(out->workload, sizeof out->workload, "%s", w->id);
    out->n = n;
    dlrig_build views[DLRIG_COMPARE_MAX]; /* shallow copies: each build on the common workload */
    for (size_t i = 0; i < n; i++) {
        const dlrig_build *b = builds[i];
        out->builds[i] = b;
        dlrig_analysis *an = &out->an[i];
        rules_check(cat, b, &an->report);
        /* the estimate on the common workload: a shallow copy with the first
         * build's model, dataset and precision (nodes stay the build's own) */
        dlrig_build view = *b;
        snprintf(view.req.workload, sizeof view.req.workload, "%s", w->id);
        view.req.model_params_m = ref->model_params_m;
        view.req.dataset_gb = ref->dataset_gb;
        snprintf(view.req.precision, sizeof view.req.precision, "%s", ref->precision);
        /* and the first build's model and how it runs (a language model's, a diffusion model's) */
        memcpy(view.req.model, ref->model, sizeof view.req.model);
        memcpy(view.req.method, ref->method, sizeof view.req.method);
        memcpy(view.req.weights, ref->weights, sizeof view.req.weights);
        memcpy(view.req.optimizer, ref->optimizer, sizeof view.req.optimizer);
        memcpy(view.req.offload, ref->offload, sizeof view.req.offload);
        view.req.context_tokens = ref->context_tokens;
        view.req.batch = ref->batch;
        view.req.prompt_tokens = ref->prompt_tokens;
        view.req.output_tokens = ref->output_tokens;
        view.req.active_params_m = ref->active_params_m;
        views[i] = view; /* kept for the cost row */
        if (build_count(b, DLRIG_CAT_GPU) > 0)
            an->have_estimate = perf_estimate(cat, &view, &an->report.placement, w->id, &an->estimate, an->estimate_err,
                                              sizeof an->estimate_err) == 0;
        else snprintf(an->estimate_err, sizeof an->estimate_err, "no GPU in the build");
        if (an->have_estimate && !out->unit) out->unit = an->estimate.unit;
    }

    for (int m = 0; m < DLRIG_CMP_ROWS; m++) {
        dlrig_compare_row *r = &out->rows[m];
        r->key = metric_info[m].key;
        r->label = metric_info[m].label;
        r->better = metric_info[m].better;
        for (size_t i = 0; i < n; i++) {
            const dlrig_analysis *an = &out->an[i];
            const dlrig_totals *t = &an->report.totals;
            const dlrig_estimate *e = an->have_estimate ? &an->estimate : NULL;
            char a[48], t2[48];
            double v = NAN;
            switch ((dlrig_compare_metric)m) {
            case DLRIG_CMP_PRICE:
                v = t->price_usd;
                snprintf(t2, sizeof t2, "%s%s", format_usd(v, a, sizeof a), t->unpriced_parts ? " +?" : "");
                if (t->owned_parts) /* what is owned costs nothing: the price is what is left to buy */
                    snprintf(t2 + strlen(t2), sizeof t2 - strlen(t2), " +%d owned", t->owned_parts);
                if (t->unpriced_parts) r->partial |= 1u << i;
                break;
            case DLRIG_CMP_PRICE_AGE: { /* the oldest price's month and its age: one to re-check past six months */
                char today[8];
                int age = price_age_months(t->oldest_price_date, price_today(today));
                if (age >= 0) {
                    v = age;
                    snprintf(t2, sizeof t2, "%.7s (%d mo)", t->oldest_price_date, age);
                }
                break;
            }
            case DLRIG_CMP_THROUGHPUT:
                if (e) {
                    v = e->throughput;
                    format_speed(v, e->unit, t2, sizeof t2);
                }
                break;
            case DLRIG_CMP_EPOCH:
                if (e && !isnan(e->epoch_hours)) {
                    v = e->epoch_hours;
                    format_hours(v, t2, sizeof t2);
                }
                break;
            case DLRIG_CMP_PERF_PER_K:
                if (e && t->price_usd > 0) {
                    v = e->throughput / (t->price_usd / 1000.0);
                    snprintf(t2, sizeof t2, "%s%s", format_speed(v, NULL, a, sizeof a), t->unpriced_parts ? " ?" : "");
                    if (t->unpriced_parts) r->partial |= 1u << i;
                }
                break;
            case DLRIG_CMP_POWER:
                v = t->power_w;
                snprintf(t2, sizeof t2, "%s W", format_number(v, 0, a, sizeof a));
                break;
            case DLRIG_CMP_BREAKEVEN: {
                /* against the cheapest cloud rental of the same work, at dlrig cost's default assumptions */
                dlrig_cost_assumptions ca;
                cost_assumptions_default(&ca);
                dlrig_cost c;
                char cerr[256];
                if (e && cost_compute(cat, &views[i], w->id, &ca, NULL, &c, cerr, sizeof cerr) == 0) {
                    const dlrig_cost_offer *f = cost_cheapest_offer(&c);
                    if (f && !isnan(f->breakeven_months) && c.own.purchase_usd > 0) {
                        v = isinf(f->breakeven_months) ? 1e9 : f->breakeven_months;
                        cost_breakeven_text(f->breakeven_months, t2, sizeof t2);
                        if (t->unpriced_parts) r->partial |= 1u << i;
                    }
                    cost_free(&c);
                }
                break;
            }
            case DLRIG_CMP_GPUS:
                v = t->gpu_count;
                if (t->gpu_count && t->vram_max_gb > 0)
                    snprintf(t2, sizeof t2, "%d x %.0f GB", t->gpu_count, t->vram_max_gb);
                else snprintf(t2, sizeof t2, "%d", t->gpu_count);
                break;
            case DLRIG_CMP_VRAM:
                v = t->vram_gb;
                snprintf(t2, sizeof t2, "%s GB", format_number(v, 0, a, sizeof a));
                break;
            case DLRIG_CMP_RAM:
                v = t->ram_gb;
                snprintf(t2, sizeof t2, "%s GB", format_number(v, 0, a, sizeof a));
                break;
            case DLRIG_CMP_ERRORS:
            case DLRIG_CMP_WARNINGS:
            case DLRIG_CMP_INFO: {
                int sev = m == DLRIG_CMP_ERRORS ? DLRIG_SEV_ERROR : m == DLRIG_CMP_WARNINGS ? DLRIG_SEV_WARNING
                                                                                              : DLRIG_SEV_INFO;
                v = (double)an->report.counts[sev];
                snprintf(t2, sizeof t2, "%zu", an->report.counts[sev]);
                break;
            }
            default: break;
            }
            set(r, i, v, t2);
        }
        judge(r, n);
    }

    /* the parts of each category any build has */
    for (int cat_i = 0; cat_i < DLRIG_CAT_COUNT; cat_i++) {
        bool any = false;
        for (size_t i = 0; i < n; i++)
            if (build_count(builds[i], (dlrig_category)cat_i) > 0) any = true;
        if (!any) continue;
        dlrig_compare_parts *p = &out->parts[out->n_parts++];
        p->category = (dlrig_category)cat_i;
        for (size_t i = 0; i < n; i++) {
            const dlrig_build *b = builds[i];
            size_t k = 0;
            p->text[i][0] = '\0';
            for (size_t j = 0; j < b->n_items; j++) {
                const dlrig_item *it = &b->items[j];
                if ((int)it->part->category != cat_i) continue;
                char one[220], lbl[200];
                export_part_label(it->part, lbl, sizeof lbl);
                if (it->qty > 1) snprintf(one, sizeof one, "%dx %s", it->qty, lbl);
                else snprintf(one, sizeof one, "%s", lbl);
                k += (size_t)snprintf(p->text[i] + k, k < sizeof p->text[i] ? sizeof p->text[i] - k : 0, "%s%s",
                                      k ? "; " : "", one);
                if (k >= sizeof p->text[i]) k = sizeof p->text[i] - 1;
            }
            if (!p->text[i][0]) snprintf(p->text[i], sizeof p->text[i], "-");
        }
        for (size_t i = 1; i < n; i++)
            if (strcmp(p->text[i], p->text[0]) != 0) p->differs = true;
    }
    return 0;
}

void compare_free(dlrig_compare *c)
{
    for (size_t i = 0; i < DLRIG_COMPARE_MAX; i++) export_analysis_free(&c->an[i]);
    memset(c, 0, sizeof *c);
}

cJSON *compare_to_json(const dlrig_compare *c)
{
    cJSON *doc = cJSON_CreateObject();
    cJSON_AddStringToObject(doc, "workload", c->workload);
    if (c->unit) cJSON_AddStringToObject(doc, "unit", c->unit);
    else cJSON_AddNullToObject(doc, "unit");
    cJSON *builds = cJSON_AddArrayToObject(doc, "builds");
    for (size_t i = 0; i < c->n; i++) {
        const dlrig_build *b = c->builds[i];
        const dlrig_analysis *an = &c->an[i];
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "name", b->name ? b->name : "");
        cJSON_AddBoolToObject(o, "ok", an->report.counts[DLRIG_SEV_ERROR] == 0);
        for (int m = 0; m < DLRIG_CMP_ROWS; m++) {
            const dlrig_compare_row *r = &c->rows[m];
            if (r->known[i]) cJSON_AddNumberToObject(o, r->key, round(r->value[i] * 100) / 100);
            else cJSON_AddNullToObject(o, r->key);
        }
        cJSON_AddNumberToObject(o, "nodes", an->report.totals.nodes);
        if (an->have_estimate) cJSON_AddItemToObject(o, "estimate", estimate_to_json(&an->estimate));
        else cJSON_AddNullToObject(o, "estimate");
        cJSON *parts = cJSON_AddArrayToObject(o, "parts");
        for (size_t j = 0; j < b->n_items; j++) {
            cJSON *p = cJSON_CreateObject();
            cJSON_AddStringToObject(p, "id", b->items[j].part->id);
            cJSON_AddStringToObject(p, "category", category_name(b->items[j].part->category));
            cJSON_AddNumberToObject(p, "qty", b->items[j].qty);
            cJSON_AddItemToArray(parts, p);
        }
        cJSON_AddItemToArray(builds, o);
    }
    cJSON *rows = cJSON_AddArrayToObject(doc, "rows");
    for (int m = 0; m < DLRIG_CMP_ROWS; m++) {
        const dlrig_compare_row *r = &c->rows[m];
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "key", r->key);
        cJSON_AddStringToObject(o, "label", r->label);
        cJSON_AddStringToObject(o, "better", r->better > 0 ? "higher" : r->better < 0 ? "lower" : "neither");
        cJSON *vals = cJSON_AddArrayToObject(o, "values");
        cJSON *texts = cJSON_AddArrayToObject(o, "text");
        cJSON *best = cJSON_AddArrayToObject(o, "best");
        cJSON *partial = cJSON_AddArrayToObject(o, "partial");
        for (size_t i = 0; i < c->n; i++) {
            cJSON_AddItemToArray(vals, r->known[i] ? cJSON_CreateNumber(round(r->value[i] * 100) / 100) : cJSON_CreateNull());
            cJSON_AddItemToArray(texts, cJSON_CreateString(r->text[i]));
            if (r->best & (1u << i)) cJSON_AddItemToArray(best, cJSON_CreateNumber((double)i));
            if (r->partial & (1u << i)) cJSON_AddItemToArray(partial, cJSON_CreateNumber((double)i));
        }
        cJSON_AddBoolToObject(o, "differs", r->differs);
        cJSON_AddItemToArray(rows, o);
    }
    cJSON *parts = cJSON_AddArrayToObject(doc, "parts");
    for (size_t k = 0; k < c->n_parts; k++) {
        const dlrig_compare_parts *p = &c->parts[k];
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "category", category_name(p->category));
        cJSON *texts = cJSON_AddArrayToObject(o, "text");
        for (size_t i = 0; i < c->n; i++) cJSON_AddItemToArray(texts, cJSON_CreateString(p->text[i]));
        cJSON_AddBoolToObject(o, "differs", p->differs);
        cJSON_AddItemToArray(parts, o);
    }
    return doc;
}

/* Markdown-escapes a table cell. */
static void md_cell(strbuf *sb, const char *s)
{
    for (const char *p = s ? s : ""; *p; p++) {
        if (*p == '\n' || *p == '\r') {
            sb_append(sb, " ");
            continue;
        }
        if (strchr("\\|*_`<>[]~#&!", *p)) sb_appendn(sb, "\\", 1);
        sb_appendn(sb, p, 1);
    }
}

void compare_markdown(const dlrig_compare *c, strbuf *sb)
{
    static const char letters[] = "ABC";
    sb_printf(sb, "## Side by side (estimates for the `%s` workload)\n\n|  |", c->workload);
    for (size_t i = 0; i < c->n; i++) {
        sb_printf(sb, " %c: ", letters[i]);
        md_cell(sb, c->builds[i]->name);
        sb_append(sb, " |");
    }
    sb_append(sb, "\n|---|");
    for (size_t i = 0; i < c->n; i++) sb_append(sb, "---:|");
    sb_append(sb, "\n");
    for (int m = 0; m < DLRIG_CMP_ROWS; m++) {
        const dlrig_compare_row *r = &c->rows[m];
        sb_printf(sb, "| %s%s |", r->label, r->differs ? " ≠" : "");
        for (size_t i = 0; i < c->n; i++) {
            bool best = r->best & (1u << i);
            sb_append(sb, best ? " **" : " ");
            md_cell(sb, r->text[i]);
            sb_append(sb, best ? "** |" : " |");
        }
        sb_append(sb, "\n");
    }
    for (size_t k = 0; k < c->n_parts; k++) {
        const dlrig_compare_parts *p = &c->parts[k];
        sb_printf(sb, "| %s%s |", category_title(p->category), p->differs ? " ≠" : "");
        for (size_t i = 0; i < c->n; i++) {
            sb_append(sb, " ");
            md_cell(sb, p->text[i]);
            sb_append(sb, " |");
        }
        sb_append(sb, "\n");
    }
    sb_append(sb, "\n**Bold**: the best value in the row. ≠: the builds differ. +?: some parts have no price.");
    bool owned = false;
    for (size_t i = 0; i < c->n; i++) owned |= c->an[i].report.totals.owned_parts > 0;
    sb_append(sb, owned ? " +N owned: parts owned already, not in the price.\n" : "\n");
}

/* ------------------------------------------------------------ Good / Better / Best */

/* The same choice for the purpose of Good / Better / Best: the same GPU
 * model and count.  Two builds that differ only in RAM, storage or platform
 * give the buyer no choice of speed (the $3,000 CNN request had a Good and a
 * Better RTX 5080 $30 apart, the second with more RAM). */
static bool same_pick(const dlrig_recommendation *a, const dlrig_recommendation *b)
{
    const dlrig_part *ga = build_first(&a->build, DLRIG_CAT_GPU, NULL);
    const dlrig_part *gb = build_first(&b->build, DLRIG_CAT_GPU, NULL);
    return ga == gb && build_count(&a->build, DLRIG_CAT_GPU) == build_count(&b->build, DLRIG_CAT_GPU);
}

/* hi is a step up from lo: other GPUs, and faster beyond the tie band (a
 * build within it of the cheaper one's speed is a tie the cheaper wins). */
static bool step_up(const dlrig_recommendation *lo, const dlrig_recommendation *hi)
{
    return !same_pick(lo, hi) && hi->estimate.throughput > lo->estimate.throughput * (1 + ADVISOR_TIE_TOLERANCE);
}

static void free_pick(dlrig_recommendation *r)
{
    build_free(&r->build);
    report_free(&r->report);
}

/* The advisor's one pick for obj at budget (1 or 0 into *r); -1 on bad requirements. */
static int one_pick(const dlrig_catalog *cat, const dlrig_requirements *req, dlrig_objective obj, double budget,
                    dlrig_recommendation *r, char *err, size_t errlen)
{
    dlrig_requirements q = *req;
    q.budget_usd = budget;
    dlrig_recommendation *v = NULL;
    size_t n = 0;
    if (advisor_recommend_by(cat, &q, obj, 1, &v, &n, err, errlen) != 0) return -1;
    if (n == 0) {
        recommendations_free(v, n);
        return 0;
    }
    *r = v[0];
    free(v); /* its one recommendation now belongs to *r */
    return 1;
}

/* The fastest build for at most cap that is a step down from `above` (its
 * GPUs differ and it is slower beyond the tie band): the advisor's speed pick
 * at cap, else at just under each pick's price that was not one, at most
 * TIER_TRIES times.  1 with *r, 0 none, -1 on bad requirements. */
#define TIER_TRIES 6
static int tier_below(const dlrig_catalog *cat, const dlrig_requirements *req, double cap,
                      const dlrig_recommendation *above, dlrig_recommendation *r, char *err, size_t errlen)
{
    if (cap >= above->price_usd) cap = floor(above->price_usd) - 1;
    for (int t = 0; t < TIER_TRIES && cap > 0; t++) {
        int got = one_pick(cat, req, DLRIG_OBJ_SPEED, cap, r, err, errlen);
        if (got <= 0) return got;
        if (step_up(r, above)) return 1;
        cap = floor(r->price_usd) - 1; /* the same choice as the tier above: look under its price */
        free_pick(r);
    }
    return 0;
}

int compare_tiers(const dlrig_catalog *cat, const dlrig_requirements *req, dlrig_tiers *out, char *err,
                  size_t errlen)
{
    memset(out, 0, sizeof *out);
    dlrig_recommendation v[3];
    double caps[3];
    size_t n = 0;
    int rb = one_pick(cat, req, DLRIG_OBJ_SPEED, req->budget_usd, &v[0], err, errlen);
    if (rb <= 0) return rb;
    caps[n++] = req->budget_usd;
    /* Better, then Good, each under its share of the budget and a step down from the tier above */
    static const double share[] = {DLRIG_TIER_BETTER_SHARE, DLRIG_TIER_GOOD_SHARE};
    for (size_t k = 0; k < 2; k++) {
        char e2[256];
        int got = tier_below(cat, req, floor(req->budget_usd * share[k]), &v[n - 1], &v[n], e2, sizeof e2);
        if (got < 0) {
            for (size_t i = 0; i < n; i++) free_pick(&v[i]);
            snprintf(err, errlen, "%s", e2);
            return -1;
        }
        if (got == 1) caps[n++] = floor(req->budget_usd * share[k]);
    }
    /* cheapest first: Good, Better, Best (two: Good and Best) */
    static const char *const names3[] = {"Good", "Better", "Best"}, *const names2[] = {"Good", "Best"},
                             *const names1[] = {"Best"};
    const char *const *names = n == 3 ? names3 : n == 2 ? names2 : names1;
    for (size_t i = 0; i < n; i++) {
        out->rec[i] = v[n - 1 - i];
        out->cap_usd[i] = caps[n - 1 - i];
        out->label[i] = names[i];
        /* the build knows its tier: a quote of the tiers titles its options by it */
        free(out->rec[i].build.tier);
        out->rec[i].build.tier = xstrdup(names[i]);
    }
    out->n = n;
    return 0;
}

void compare_tiers_free(dlrig_tiers *t)
{
    for (size_t i = 0; i < t->n; i++) free_pick(&t->rec[i]);
    memset(t, 0, sizeof *t);
}
