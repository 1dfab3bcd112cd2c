/* Upgrade planning (upgrade.h): plans keep the parts owned, cost what is
 * bought, and the cheapest plan equals an exhaustive search over every GPU
 * model and count. */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlrig/build.h"
#include "dlrig/fix.h"
#include "dlrig/perf.h"
#include "dlrig/rules.h"
#include "dlrig/upgrade.h"

#define UP DLRIG_TEST_DATA "/upgrade"

static dlrig_catalog *cat;

static void setup(void)
{
    char err[512];
    cat = catalog_open(NULL, err, sizeof err);
    ck_assert_msg(cat != NULL, "%s", err);
}

static void teardown(void) { catalog_close(cat); }

static void load(const char *file, dlrig_build *b)
{
    char err[512];
    ck_assert_msg(build_load(cat, file, b, err, sizeof err) == DLRIG_BUILD_OK, "%s", err);
}

/* What the lines not owned cost (what a plan buys), whole plan. */
static double bought(const dlrig_build *b)
{
    double s = 0;
    for (size_t i = 0; i < b->n_items; i++)
        if (!b->items[i].owned) s += part_price_usd(b->items[i].part, b->req.allow_used) * b->items[i].qty;
    return s;
}

/* The desktop with one RTX 3090 cannot hold a 13B LoRA; every plan runs it,
 * costs exactly what it buys, and keeps the owned parts it does not set
 * aside.  Adding a second RTX 3090 keeps the owned one and buys one more
 * (and the power supply it needs), not two. */
START_TEST(plans_keep_owned_parts)
{
    dlrig_build m;
    load(UP "/desktop-3090.json", &m);
    dlrig_upgrade u;
    char err[256];
    ck_assert_msg(upgrade_plan(cat, &m, 50, &u, err, sizeof err) == 0, "%s", err);
    ck_assert(!u.now_runs);
    ck_assert_ptr_nonnull(strstr(u.now_why, "27.6 GiB"));
    ck_assert_uint_gt(u.n_plans, 3);
    bool second_3090 = false;
    for (size_t i = 0; i < u.n_plans; i++) {
        const dlrig_upgrade_plan *p = &u.plans[i];
        ck_assert_msg(fabs(p->cost_usd - bought(&p->build)) < 0.01, "plan %zu: %.2f vs %.2f", i, p->cost_usd,
                      bought(&p->build));
        ck_assert(p->cost_usd <= m.req.budget_usd);
        ck_assert(perf_estimate_fits(&p->est));
        dlrig_report r = {0};
        rules_check(cat, &p->build, &r);
        ck_assert_uint_eq(r.counts[DLRIG_SEV_ERROR], 0);
        report_free(&r);
        if (i) ck_assert(p->cost_usd >= u.plans[i - 1].cost_usd);
        const dlrig_part *g3090 = catalog_find(cat, "nvidia-rtx-3090");
        if (build_qty_of(&p->build, g3090) == 2 && build_count(&p->build, DLRIG_CAT_GPU) == 2) {
            second_3090 = true;
            ck_assert(p->build.items[0].part == g3090 && p->build.items[0].owned && p->build.items[0].qty == 1);
            ck_assert(p->build.items[1].part == g3090 && !p->build.items[1].owned && p->build.items[1].qty == 1);
            ck_assert_ptr_nonnull(strstr(p->changes, "buy 1 more GeForce RTX 3090 (1 owned)"));
            /* 850 W does not carry two 350 W cards: a bigger supply is bought, the owned one set aside */
            ck_assert_ptr_nonnull(strstr(p->changes, "set aside 1 x MAG A850GL PCIE5"));
            ck_assert(p->cost_usd < 2 * part_price_usd(g3090, false)); /* one card bought, not two */
        }
    }
    ck_assert(second_3090);
    upgrade_free(&u);
    build_free(&m);
}
END_TEST

/* The cheapest plan is the cheapest of every (GPU model, count) change of
 * the machine repaired with parts: an exhaustive search over counts 1-4
 * (the planner tries only the fewest cards that hold the job). */
START_TEST(cheapest_matches_exhaustive)
{
    static const char *const files[] = {UP "/desktop-3090.json", UP "/workstation-2x4080.json"};
    for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
        dlrig_build m;
        load(files[f], &m);
        dlrig_upgrade u;
        char err[256];
        ck_assert_msg(upgrade_plan(cat, &m, 1, &u, err, sizeof err) == 0, "%s", err);
        ck_assert_uint_eq(u.n_plans, 1);
        double best = INFINITY;
        size_t ng, tried = 0;
        const dlrig_gpu *gpus = catalog_gpus(cat, &ng);
        for (size_t gi = 0; gi < ng; gi++) {
            const dlrig_gpu *g = &gpus[gi];
            for (int n = 1; n <= 4; n++) {
                dlrig_build c;
                build_copy(&c, &m);
                int owned = 0;
                for (size_t i = 0; i < m.n_items; i++)
                    if (m.items[i].part == &g->p && m.items[i].owned) owned += m.items[i].qty;
                build_set_category(&c, DLRIG_CAT_GPU, &g->p, owned > 0 && owned < n ? owned : n);
                if (owned > 0) {
                    build_set_owned(&c, &g->p, true);
                    if (n > owned) build_add(&c, &g->p, n - owned);
                }
                if (!owned && !(part_price_usd(&g->p, false) > 0)) {
                    build_free(&c);
                    continue;
                }
                tried++;
                dlrig_repair rep;
                size_t left = fix_repair(cat, &c, 1u << DLRIG_FIX_PARTS, &rep);
                fix_repair_free(&rep);
                dlrig_report r = {0};
                rules_check(cat, &c, &r);
                dlrig_estimate e;
                bool ok = left == 0 && r.counts[DLRIG_SEV_ERROR] == 0 &&
                          perf_estimate(cat, &c, &r.placement, NULL, &e, err, sizeof err) == 0 &&
                          perf_estimate_fits(&e) && r.totals.price_usd <= m.req.budget_usd;
                if (ok && r.totals.price_usd < best) best = r.totals.price_usd;
                report_free(&r);
                build_free(&c);
            }
        }
        ck_assert_uint_gt(tried, 100);
        ck_assert_msg(fabs(u.plans[0].cost_usd - best) < 0.01, "%s: planner $%.2f, exhaustive $%.2f", files[f],
                      u.plans[0].cost_usd, best);
        printf("upgrade vs exhaustive: %s: $%.2f, %zu (model, count) changes tried\n", files[f], best, tried);
        upgrade_free(&u);
        build_free(&m);
    }
}
END_TEST

/* A machine that runs the job as it is: its own GPUs are the first plan, at
 * no cost; the others say how much faster they are. */
START_TEST(machine_that_runs_gets_speedups)
{
    dlrig_build m;
    load(UP "/desktop-3090.json", &m);
    snprintf(m.req.method, sizeof m.req.method, "qlora"); /* 4-bit base: fits 24 GB */
    dlrig_upgrade u;
    char err[256];
    ck_assert_msg(upgrade_plan(cat, &m, 5, &u, err, sizeof err) == 0, "%s", err);
    ck_assert_msg(u.now_runs, "%s", u.now_why);
    ck_assert_uint_gt(u.n_plans, 0);
    ck_assert(u.plans[0].cost_usd == 0);
    ck_assert_str_eq(u.plans[0].changes, "no change");
    ck_assert(fabs(u.plans[0].speedup - 1) < 1e-9);
    for (size_t i = 1; i < u.n_plans; i++) ck_assert(isfinite(u.plans[i].speedup));
    /* the shared wording: the machine's speed, a plan's cost first and its gain */
    char line[700], value[128];
    ck_assert_msg(strncmp(upgrade_now_text(&u, line, sizeof line), "as it is, ", 10) == 0 && strstr(line, "tokens/s"),
                  "%s", line);
    ck_assert_str_eq(upgrade_plan_value(&u.plans[0], value, sizeof value), ""); /* buys nothing */
    ck_assert_msg(strstr(upgrade_plan_headline(&u, &u.plans[0], line, sizeof line), "$0: ") == line &&
                      strstr(line, "1.00x the machine's speed"),
                  "%s", line);
    if (u.n_plans > 1) {
        ck_assert_msg(strstr(upgrade_plan_value(&u.plans[1], value, sizeof value), "faster per $1,000 spent"), "%s",
                      value);
    }
    upgrade_free(&u);
    build_free(&m);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("upgrade");
    TCase *tc = tcase_create("plans");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, plans_keep_owned_parts);
    tcase_add_test(tc, cheapest_matches_exhaustive);
    tcase_add_test(tc, machine_that_runs_gets_speedups);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
