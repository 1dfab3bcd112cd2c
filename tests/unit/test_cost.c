/* Buy or rent (cost.h): the arithmetic against a hand calculation, and
 * cost_compute against the performance and power models it maps through. */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlrig/build.h"
#include "dlrig/compare.h"
#include "dlrig/cost.h"
#include "dlrig/perf.h"
#include "dlrig/rules.h"

#define BUILDS DLRIG_TEST_DATA "/builds"

static dlrig_catalog *cat;

static void setup(void)
{
    char err[256];
    cat = catalog_open(NULL, err, sizeof err);
    ck_assert_msg(cat != NULL, "%s", err);
}

static void teardown(void) { catalog_close(cat); }

static void near(double got, double want, const char *what)
{
    ck_assert_msg(fabs(got - want) <= 1e-6 * fmax(1.0, fabs(want)), "%s = %.9g, expected %.9g", what, got, want);
}
#define NEAR(a, b) near((double)(a), (double)(b), #a)

/* The hand calculation:
 *   $0.20/kWh, 8 h a day, 50 % utilisation, 3 years; a $3,000 machine
 *   drawing 500 W at the wall, 1,000 samples/s, an epoch of 2 h.
 *   work hours a year   8 x 365 x 0.5             = 1,460 h
 *   energy a year       0.5 kW x 1,460 h          = 730 kWh
 *   electricity a year  730 kWh x $0.20           = $146
 *   owning, 3 years     $3,000 + 3 x $146         = $3,438
 *   per hour of work    $3,438 / (3 x 1,460 h)    = $0.78493151
 *   per epoch           $0.78493151 x 2 h         = $1.56986301
 *   per million samples $0.78493151 / 3.6M x 1M   = $0.21803653
 *   an offer twice as fast (2,000 samples/s) at $2.00 an hour:
 *   instance-hours      1,460 h x 1,000 / 2,000   = 730 h a year
 *   rent a year         730 h x $2.00             = $1,460; 3 years $4,380
 *   per epoch           2 h x 0.5 x $2.00         = $2.00
 *   per million samples $2.00 / 7.2M x 1M         = $0.27777778
 *   break-even          $3,000 / (($1,460 - $146) / 12) = $3,000 / $109.50 = 27.3972603 months */
START_TEST(arithmetic_matches_hand_calculation)
{
    dlrig_cost_assumptions a = {.kwh_usd = 0.20, .hours_per_day = 8, .years = 3, .utilisation = 0.5};
    dlrig_cost_own o;
    cost_own_arith(&a, 3000, 500, 1000, 2, &o);
    NEAR(o.work_hours_per_year, 1460);
    NEAR(o.kwh_per_year, 730);
    NEAR(o.electricity_per_year, 146);
    NEAR(o.total_usd, 3438);
    NEAR(o.usd_per_hour, 0.78493151);
    NEAR(o.usd_per_run, 1.56986301);
    NEAR(o.usd_per_million, 0.21803653);
    dlrig_cost_offer f = {0};
    cost_offer_arith(&a, &o, 2000, 2.00, &f);
    NEAR(f.hours_ratio, 0.5);
    NEAR(f.hours_per_year, 730);
    NEAR(f.usd_per_year, 1460);
    NEAR(f.total_usd, 4380);
    NEAR(f.usd_per_run, 2.00);
    NEAR(f.usd_per_million, 0.27777778);
    NEAR(f.breakeven_months, 27.3972603);
}
END_TEST

/* Renting for less than the electricity never pays the machine back; an
 * unpriced machine has no break-even; no epoch, no cost per epoch. */
START_TEST(breakeven_edges)
{
    dlrig_cost_assumptions a = {.kwh_usd = 0.20, .hours_per_day = 24, .years = 3, .utilisation = 1};
    dlrig_cost_own o;
    cost_own_arith(&a, 3000, 1000, 100, NAN, &o); /* 8,760 h, 8,760 kWh, $1,752 a year */
    NEAR(o.electricity_per_year, 1752);
    ck_assert(isnan(o.usd_per_run));
    dlrig_cost_offer f = {0};
    cost_offer_arith(&a, &o, 100, 0.19, &f); /* $1,664.40 a year: less than the power */
    NEAR(f.usd_per_year, 1664.4);
    ck_assert(isinf(f.breakeven_months));
    ck_assert(isnan(f.usd_per_run));
    cost_own_arith(&a, NAN, 1000, 100, NAN, &o);
    cost_offer_arith(&a, &o, 100, 5.0, &f);
    ck_assert(isnan(f.breakeven_months));
    /* 24 h a day pays back three times as fast as 8 h a day, less the power */
    dlrig_cost_assumptions a8 = a;
    a8.hours_per_day = 8;
    cost_own_arith(&a8, 3000, 0, 100, NAN, &o);
    cost_offer_arith(&a8, &o, 100, 1.0, &f);
    NEAR(f.breakeven_months, 3000 / (8 * 365.0 / 12)); /* 12.33 months */
    cost_own_arith(&a, 3000, 0, 100, NAN, &o);
    cost_offer_arith(&a, &o, 100, 1.0, &f);
    NEAR(f.breakeven_months, 3000 / (24 * 365.0 / 12)); /* 4.11 months */
}
END_TEST

START_TEST(assumptions_are_checked)
{
    dlrig_cost_assumptions a;
    cost_assumptions_default(&a);
    char err[256];
    ck_assert_int_eq(cost_check_assumptions(&a, err, sizeof err), 0);
    a.hours_per_day = 25;
    ck_assert_int_eq(cost_check_assumptions(&a, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "hours per day"), "%s", err);
    cost_assumptions_default(&a);
    a.utilisation = 0;
    ck_assert_int_eq(cost_check_assumptions(&a, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "utilisation"), "%s", err);
    cost_assumptions_default(&a);
    a.years = NAN;
    ck_assert_int_eq(cost_check_assumptions(&a, err, sizeof err), -1);
}
END_TEST

static void load(const char *file, dlrig_build *b)
{
    char err[512];
    ck_assert_msg(build_load(cat, file, b, err, sizeof err) == DLRIG_BUILD_OK, "%s", err);
}

/* cost_compute takes the purchase and the wall draw from rules_check, the
 * build's speed from perf_estimate, and each offer's speed from
 * perf_estimate on a build of the offer's GPU x count. */
START_TEST(compute_maps_through_the_models)
{
    dlrig_build b;
    load(BUILDS "/power-4090-pair-tr.json", &b);
    dlrig_cost_assumptions a;
    cost_assumptions_default(&a);
    dlrig_cost c;
    char err[256];
    ck_assert_msg(cost_compute(cat, &b, NULL, &a, NULL, &c, err, sizeof err) == 0, "%s", err);
    dlrig_report rep = {0};
    rules_check(cat, &b, &rep);
    dlrig_estimate e;
    ck_assert_int_eq(perf_estimate(cat, &b, &rep.placement, NULL, &e, err, sizeof err), 0);
    NEAR(c.own.purchase_usd, rep.totals.price_usd);
    NEAR(c.own.wall_w, rep.totals.wall_w);
    NEAR(c.own.throughput, e.throughput);
    size_t n;
    catalog_cloud_rates(cat, &n);
    ck_assert_uint_gt(n, 0);
    ck_assert_uint_eq(c.n_offers, n);
    for (size_t i = 0; i < c.n_offers; i++) {
        const dlrig_cost_offer *f = &c.offers[i];
        dlrig_build inst;
        build_init(&inst, "offer");
        inst.req = b.req;
        build_add(&inst, catalog_find(cat, f->rate->gpu_id), f->rate->gpu_count);
        dlrig_estimate oe;
        ck_assert_int_eq(perf_estimate(cat, &inst, NULL, NULL, &oe, err, sizeof err), 0);
        NEAR(f->throughput, oe.throughput);
        dlrig_cost_offer want = {0};
        cost_offer_arith(&a, &c.own, oe.throughput, f->rate->usd_per_hour, &want);
        NEAR(f->usd_per_year, want.usd_per_year);
        NEAR(f->breakeven_months, want.breakeven_months);
        build_free(&inst);
    }
    cost_free(&c);
    report_free(&rep);

    /* one RTX 4090 against the rented RTX 4090: the same speed, an hour for an hour */
    build_set_qty(&b, catalog_find(cat, "nvidia-rtx-4090"), 1);
    ck_assert_msg(cost_compute(cat, &b, NULL, &a, "spheron", &c, err, sizeof err) == 0, "%s", err);
    bool seen = false;
    for (size_t i = 0; i < c.n_offers; i++) {
        ck_assert_str_eq(c.offers[i].rate->provider, "Spheron");
        if (strcmp(c.offers[i].rate->gpu_id, "nvidia-rtx-4090") == 0) {
            NEAR(c.offers[i].hours_ratio, 1.0);
            NEAR(c.offers[i].hours_per_year, c.own.work_hours_per_year);
            seen = true;
        }
    }
    ck_assert(seen);
    cost_free(&c);

    /* a workload override changes the speed; bad input is refused with a message */
    ck_assert_int_eq(cost_compute(cat, &b, "llm-inference", &a, "all", &c, err, sizeof err), 0);
    ck_assert_str_eq(c.est.workload, "llm-inference");
    cost_free(&c);
    ck_assert_int_eq(cost_compute(cat, &b, NULL, &a, "nosuchcloud", &c, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "nosuchcloud"), "%s", err);
    ck_assert_int_eq(cost_compute(cat, &b, "nosuchwork", &a, NULL, &c, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "nosuchwork"), "%s", err);
    build_free(&b);
}
END_TEST

/* The build sheet's and compare's "Buy vs rent": the break-even against the
 * cheapest rental of the same work (the fitting offer with the lowest cost a
 * year), in compare's row for each build. */
START_TEST(cheapest_rental_in_compare)
{
    dlrig_build b, one;
    load(BUILDS "/power-4090-pair-tr.json", &b);
    load(BUILDS "/power-4090-pair-tr.json", &one);
    build_set_qty(&one, catalog_find(cat, "nvidia-rtx-4090"), 1);
    const dlrig_build *v[2] = {&b, &one};
    dlrig_compare cmp;
    char err[256];
    ck_assert_msg(compare_builds(cat, v, 2, NULL, &cmp, err, sizeof err) == 0, "%s", err);
    const dlrig_compare_row *row = &cmp.rows[DLRIG_CMP_BREAKEVEN];
    ck_assert_str_eq(row->key, "breakeven_months");
    dlrig_cost_assumptions a;
    cost_assumptions_default(&a);
    for (int i = 0; i < 2; i++) {
        dlrig_cost c;
        ck_assert_msg(cost_compute(cat, v[i], NULL, &a, NULL, &c, err, sizeof err) == 0, "%s", err);
        const dlrig_cost_offer *best = cost_cheapest_offer(&c);
        ck_assert_ptr_nonnull(best);
        for (size_t k = 0; k < c.n_offers; k++) /* no fitting offer costs less a year */
            if (c.offers[k].fits) ck_assert(c.offers[k].usd_per_year >= best->usd_per_year);
        ck_assert(row->known[i]);
        NEAR(row->value[i], best->breakeven_months);
        char t[64];
        ck_assert_str_eq(row->text[i], cost_breakeven_text(best->breakeven_months, t, sizeof t));
        ck_assert_ptr_nonnull(strstr(row->text[i], "pays off after"));
        cost_free(&c);
    }
    compare_free(&cmp);
    build_free(&b);
    build_free(&one);
    char t[64];
    ck_assert_str_eq(cost_breakeven_text(14.66, t, sizeof t), "pays off after 14.7 months");
    ck_assert_str_eq(cost_breakeven_text(114, t, sizeof t), "pays off after 9.5 years");
    ck_assert_str_eq(cost_breakeven_text(INFINITY, t, sizeof t), "never (renting costs less than the power)");
    ck_assert_str_eq(cost_breakeven_text(NAN, t, sizeof t), "-");
}
END_TEST

/* Every stored rate names a GPU of the catalog, a known kind, a month and a
 * source row. */
START_TEST(rates_are_complete)
{
    size_t n;
    const dlrig_cloud_rate *r = catalog_cloud_rates(cat, &n);
    for (size_t i = 0; i < n; i++) {
        const dlrig_part *p = catalog_find(cat, r[i].gpu_id);
        ck_assert_msg(p && p->category == DLRIG_CAT_GPU, "%s: gpu %s", r[i].id, r[i].gpu_id);
        ck_assert_msg(r[i].usd_per_hour > 0 && r[i].gpu_count >= 1, "%s", r[i].id);
        ck_assert_msg(!strcmp(r[i].kind, "on-demand") || !strcmp(r[i].kind, "reserved") || !strcmp(r[i].kind, "spot"),
                      "%s: kind %s", r[i].id, r[i].kind);
        ck_assert_msg(strlen(r[i].rate_date) == 7 && strcmp(r[i].rate_date, "2024-01") >= 0, "%s: %s", r[i].id,
                      r[i].rate_date);
        ck_assert_msg(catalog_source(cat, r[i].source) != NULL, "%s: source %s", r[i].id, r[i].source);
        ck_assert_msg(r[i].provider && *r[i].provider && r[i].offer && *r[i].offer, "%s", r[i].id);
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("cost");
    TCase *tc = tcase_create("cost");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, arithmetic_matches_hand_calculation);
    tcase_add_test(tc, breakeven_edges);
    tcase_add_test(tc, assumptions_are_checked);
    tcase_add_test(tc, compute_maps_through_the_models);
    tcase_add_test(tc, rates_are_complete);
    tcase_add_test(tc, cheapest_rental_in_compare);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
