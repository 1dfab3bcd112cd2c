/* cost.c — buy or rent (cost.h): owning a build against renting cloud GPU
 * instances for the same work.  No SQL (the rates come from catalog.c), no
 * terminal code. */
#include "dlrig/cost.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "dlrig/power.h"
#include "dlrig/requirements.h"
#include "dlrig/rules.h"
#include "dlrig/util.h"

#define DAYS_PER_YEAR 365.0

void cost_assumptions_default(dlrig_cost_assumptions *a)
{
    a->kwh_usd = DLRIG_COST_KWH_USD;
    a->hours_per_day = DLRIG_COST_HOURS_PER_DAY;
    a->years = DLRIG_COST_YEARS;
    a->utilisation = DLRIG_COST_UTILISATION;
}

int cost_check_assumptions(const dlrig_cost_assumptions *a, char *err, size_t errlen)
{
    if (!(a->kwh_usd >= 0 && a->kwh_usd <= 10)) {
        snprintf(err, errlen, "electricity price %g USD/kWh: expected 0 to 10", a->kwh_usd);
        return -1;
    }
    if (!(a->hours_per_day > 0 && a->hours_per_day <= 24)) {
        snprintf(err, errlen, "hours per day %g: expected above 0 and at most 24", a->hours_per_day);
        return -1;
    }
    if (!(a->years > 0 && a->years <= 20)) {
        snprintf(err, errlen, "years %g: expected above 0 and at most 20", a->years);
        return -1;
    }
    if (!(a->utilisation > 0 && a->utilisation <= 1)) {
        snprintf(err, errlen, "utilisation %g: expected above 0 and at most 1", a->utilisation);
        return -1;
    }
    return 0;
}

void cost_own_arith(const dlrig_cost_assumptions *a, double purchase_usd, double wall_w, double throughput,
                    double epoch_hours, dlrig_cost_own *o)
{
    memset(o, 0, sizeof *o);
    o->purchase_usd = purchase_usd;
    o->wall_w = wall_w;
    o->throughput = throughput;
    o->epoch_hours = epoch_hours;
    o->work_hours_per_year = a->hours_per_day * DAYS_PER_YEAR * a->utilisation;
    o->kwh_per_year = wall_w / 1000.0 * o->work_hours_per_year;
    o->electricity_per_year = o->kwh_per_year * a->kwh_usd;
    o->total_usd = purchase_usd + o->electricity_per_year * a->years;
    o->usd_per_hour = o->total_usd / (o->work_hours_per_year * a->years);
    o->usd_per_run = isnan(epoch_hours) ? NAN : o->usd_per_hour * epoch_hours;
    o->usd_per_million = throughput > 0 ? o->usd_per_hour / (throughput * 3600.0) * 1e6 : NAN;
}

void cost_offer_arith(const dlrig_cost_assumptions *a, const dlrig_cost_own *own, double offer_throughput,
                      double usd_per_hour, dlrig_cost_offer *f)
{
    f->throughput = offer_throughput;
    if (!(offer_throughput > 0) || !(own->throughput > 0)) {
        f->hours_ratio = f->hours_per_year = f->usd_per_year = f->total_usd = NAN;
        f->usd_per_run = f->usd_per_million = f->breakeven_months = NAN;
        return;
    }
    f->hours_ratio = own->throughput / offer_throughput;
    f->hours_per_year = own->work_hours_per_year * f->hours_ratio;
    f->usd_per_year = f->hours_per_year * usd_per_hour;
    f->total_usd = f->usd_per_year * a->years;
    f->usd_per_run = isnan(own->epoch_hours) ? NAN : own->epoch_hours * f->hours_ratio * usd_per_hour;
    f->usd_per_million = usd_per_hour / (offer_throughput * 3600.0) * 1e6;
    /* owning pays the purchase once, then the electricity each month; renting pays each month */
    double saved_per_month = (f->usd_per_year - own->electricity_per_year) / 12.0;
    if (isnan(own->purchase_usd)) f->breakeven_months = NAN;
    else if (saved_per_month <= 0) f->breakeven_months = INFINITY;
    else f->breakeven_months = own->purchase_usd / saved_per_month;
}

bool cost_provider_known(const dlrig_catalog *cat, const char *provider)
{
    size_t n;
    const dlrig_cloud_rate *r = catalog_cloud_rates(cat, &n);
    for (size_t i = 0; i < n; i++)
        if (r[i].provider && strcasecmp(r[i].provider, provider) == 0) return true;
    return false;
}

static bool estimate_fits(const dlrig_estimate *e) { return e->llm ? e->memory.fits : (e->fits || e->fits_sharded); }

int cost_compute(const dlrig_catalog *cat, const dlrig_build *b, const char *workload, const dlrig_cost_assumptions *a,
                 const char *provider, dlrig_cost *out, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    out->a = *a;
    if (cost_check_assumptions(a, err, errlen)) return -1;
    bool all = !provider || strcasecmp(provider, "all") == 0;
    if (!all && !cost_provider_known(cat, provider)) {
        snprintf(err, errlen, "no cloud rates of provider '%s' in the catalog", provider);
        return -1;
    }
    dlrig_build own;
    build_copy(&own, b);
    if (workload) {
        if (!catalog_workload(cat, workload)) {
            snprintf(err, errlen, "unknown workload '%s'", workload);
            build_free(&own);
            return -1;
        }
        snprintf(own.req.workload, sizeof own.req.workload, "%s", workload);
    }
    dlrig_report rep = {0};
    rules_check(cat, &own, &rep);
    if (perf_estimate(cat, &own, &rep.placement, NULL, &out->est, err, errlen) != 0) {
        report_free(&rep);
        build_free(&own);
        return -1;
    }
    out->fits = estimate_fits(&out->est);
    out->load_assumption = power_load_assumption(requirements_workload(cat, &own.req));
    int nodes = rep.totals.nodes > 0 ? rep.totals.nodes : 1;
    double purchase = rep.totals.price_usd;
    out->unpriced_parts = rep.totals.unpriced_parts;
    out->owned_parts = rep.totals.owned_parts;
    if (purchase <= 0 && out->unpriced_parts > 0) purchase = NAN;
    cost_own_arith(a, purchase, rep.totals.wall_w * nodes, out->est.throughput, out->est.epoch_hours, &out->own);

    size_t n;
    const dlrig_cloud_rate *rates = catalog_cloud_rates(cat, &n);
    out->offers = xcalloc(n ? n : 1, sizeof *out->offers);
    for (size_t i = 0; i < n; i++) {
        const dlrig_cloud_rate *r = &rates[i];
        if (!all && strcasecmp(r->provider, provider) != 0) continue;
        const dlrig_part *gp = catalog_find(cat, r->gpu_id);
        if (!gp || gp->category != DLRIG_CAT_GPU || r->gpu_count < 1) continue;
        dlrig_build inst;
        build_init(&inst, r->offer);
        inst.req = own.req;
        inst.req.nodes = 1;
        build_add(&inst, gp, r->gpu_count);
        dlrig_estimate e;
        char why[256];
        dlrig_cost_offer *f = &out->offers[out->n_offers];
        f->rate = r;
        if (perf_estimate(cat, &inst, NULL, NULL, &e, why, sizeof why) == 0) {
            f->fits = estimate_fits(&e);
            cost_offer_arith(a, &out->own, e.throughput, r->usd_per_hour, f);
        } else {
            f->fits = false;
            cost_offer_arith(a, &out->own, NAN, r->usd_per_hour, f);
        }
        build_free(&inst);
        out->n_offers++;
    }
    report_free(&rep);
    build_free(&own);
    return 0;
}

void cost_free(dlrig_cost *c)
{
    free(c->offers);
    c->offers = NULL;
    c->n_offers = 0;
}

static void add_num(cJSON *o, const char *k, double v)
{
    if (isfinite(v)) cJSON_AddNumberToObject(o, k, v);
    else cJSON_AddNullToObject(o, k);
}

static double round_to(double v, double step) { return isfinite(v) ? round(v / step) * step : v; }

cJSON *cost_to_json(const dlrig_catalog *cat, const dlrig_cost *c)
{
    cJSON *doc = cJSON_CreateObject();
    cJSON_AddStringToObject(doc, "workload", c->est.workload);
    cJSON_AddStringToObject(doc, "unit", c->est.unit);
    cJSON *as = cJSON_AddObjectToObject(doc, "assumptions");
    add_num(as, "kwh_usd", c->a.kwh_usd);
    add_num(as, "hours_per_day", c->a.hours_per_day);
    add_num(as, "years", c->a.years);
    add_num(as, "utilisation", c->a.utilisation);
    add_num(as, "work_hours_per_year", round_to(c->own.work_hours_per_year, 0.1));
    cJSON_AddStringToObject(as, "power", c->load_assumption ? c->load_assumption : "");
    cJSON_AddStringToObject(as, "cloud", "instances rented only for the hours the same work takes on them (hours_per_year "
                                        "counts instance-hours: a slower instance keeps pace only as several at once)");
    cJSON_AddStringToObject(as, "excluded",
                            "idle draw, resale value, financing, storage, data transfer, space, cooling, staff time");
    cJSON *o = cJSON_AddObjectToObject(doc, "own");
    add_num(o, "purchase_usd", round_to(c->own.purchase_usd, 0.01));
    cJSON_AddNumberToObject(o, "unpriced_parts", c->unpriced_parts);
    cJSON_AddNumberToObject(o, "owned_parts", c->owned_parts);
    add_num(o, "wall_w", round(c->own.wall_w));
    add_num(o, "throughput", round_to(c->own.throughput, 0.01));
    cJSON_AddBoolToObject(o, "fits", c->fits);
    add_num(o, "epoch_hours", round_to(c->own.epoch_hours, 0.001));
    add_num(o, "kwh_per_year", round_to(c->own.kwh_per_year, 0.1));
    add_num(o, "electricity_usd_per_year", round_to(c->own.electricity_per_year, 0.01));
    add_num(o, "total_usd", round_to(c->own.total_usd, 0.01));
    add_num(o, "usd_per_hour", round_to(c->own.usd_per_hour, 0.0001));
    add_num(o, "usd_per_run", round_to(c->own.usd_per_run, 0.0001));
    add_num(o, "usd_per_million", round_to(c->own.usd_per_million, 0.0001));
    cJSON *arr = cJSON_AddArrayToObject(doc, "offers");
    for (size_t i = 0; i < c->n_offers; i++) {
        const dlrig_cost_offer *f = &c->offers[i];
        const dlrig_cloud_rate *r = f->rate;
        cJSON *x = cJSON_CreateObject();
        cJSON_AddStringToObject(x, "id", r->id);
        cJSON_AddStringToObject(x, "provider", r->provider);
        cJSON_AddStringToObject(x, "offer", r->offer);
        cJSON_AddStringToObject(x, "gpu", r->gpu_id);
        cJSON_AddNumberToObject(x, "gpu_count", r->gpu_count);
        cJSON_AddStringToObject(x, "kind", r->kind);
        add_num(x, "usd_per_hour", r->usd_per_hour);
        cJSON_AddStringToObject(x, "rate_date", r->rate_date);
        const dlrig_source *s = catalog_source(cat, r->source);
        cJSON *src = cJSON_AddObjectToObject(x, "source");
        cJSON_AddStringToObject(src, "id", r->source);
        if (s && s->title) cJSON_AddStringToObject(src, "title", s->title);
        if (s && s->url) cJSON_AddStringToObject(src, "url", s->url);
        cJSON_AddBoolToObject(x, "fits", f->fits);
        add_num(x, "throughput", round_to(f->throughput, 0.01));
        add_num(x, "hours_ratio", round_to(f->hours_ratio, 0.0001));
        add_num(x, "hours_per_year", round_to(f->hours_per_year, 0.1));
        add_num(x, "usd_per_year", round_to(f->usd_per_year, 0.01));
        add_num(x, "total_usd", round_to(f->total_usd, 0.01));
        add_num(x, "usd_per_run", round_to(f->usd_per_run, 0.0001));
        add_num(x, "usd_per_million", round_to(f->usd_per_million, 0.0001));
        add_num(x, "breakeven_months", round_to(f->breakeven_months, 0.1));
        cJSON_AddBoolToObject(x, "breakeven_never", isinf(f->breakeven_months));
        cJSON_AddItemToArray(arr, x);
    }
    return doc;
}
