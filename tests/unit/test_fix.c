/* Fix-it tests: every fix offered for every rule's trigger build does what it
 * says when applied through the public API (the finding goes, no error
 * comes, the price changes by the stated amount); fixes are ranked; the
 * repair of five broken builds (wrong socket, small PSU, no PSU, passive
 * cards in a tower, four 450 W cards on a 15 A circuit) ends without errors
 * or names what parts cannot fix. */
#include <check.h>
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlrig/build.h"
#include "dlrig/catalog.h"
#include "dlrig/fix.h"
#include "dlrig/rules.h"

#define BUILDS DLRIG_TEST_DATA "/builds"
#define FIXES DLRIG_TEST_DATA "/fix"

static dlrig_catalog *cat;

static void setup(void)
{
    char err[256];
    cat = catalog_open(NULL, err, sizeof err);
    if (!cat) {
        fprintf(stderr, "%s\n", err);
        exit(1);
    }
}

static void teardown(void) { catalog_close(cat); }

static bool load(const char *path, dlrig_build *b)
{
    char err[1024];
    if (build_load(cat, path, b, err, sizeof err) != DLRIG_BUILD_OK) {
        build_free(b);
        return false;
    }
    return true;
}

static int count(const dlrig_report *r, const char *id, dlrig_severity sev)
{
    int n = 0;
    for (size_t i = 0; i < r->n_findings; i++)
        if (r->findings[i].severity == sev && !strcmp(r->findings[i].id, id)) n++;
    return n;
}

/* Every error id of after appears at most as often as in before. */
static bool no_new_error(const dlrig_report *before, const dlrig_report *after)
{
    for (size_t i = 0; i < after->n_findings; i++) {
        const dlrig_finding *f = &after->findings[i];
        if (f->severity == DLRIG_SEV_ERROR && count(after, f->id, f->severity) > count(before, f->id, f->severity))
            return false;
    }
    return true;
}

static size_t check_fixes_of(const char *path)
{
    dlrig_build b;
    if (!load(path, &b)) return 0; /* the builds of the fixture catalog */
    dlrig_report rep = {0}, after = {0};
    rules_check(cat, &b, &rep);
    size_t checked = 0;
    for (size_t i = 0; i < rep.n_findings; i++) {
        const dlrig_finding *f = &rep.findings[i];
        dlrig_fix fx[3];
        size_t n = fix_finding(cat, &b, &rep, i, DLRIG_FIX_ALL_KINDS, fx, 3);
        ck_assert_msg(n == 0 || fix_wanted(f), "%s: fixes for %s, which does not want them", path, f->id);
        for (size_t k = 0; k < n; k++) {
            dlrig_build t;
            build_copy(&t, &b);
            fix_apply(&t, &fx[k]);
            rules_check(cat, &t, &after);
            ck_assert_msg(no_new_error(&rep, &after), "%s: fix '%s' of %s adds an error", path, fx[k].summary, f->id);
            if (strcmp(f->id, "compat.missing_part") != 0)
                ck_assert_msg(count(&after, f->id, f->severity) < count(&rep, f->id, f->severity),
                              "%s: fix '%s' does not resolve %s", path, fx[k].summary, f->id);
            ck_assert_msg(fabs(after.totals.price_usd - rep.totals.price_usd - fx[k].price_delta_usd) < 0.01,
                          "%s: fix '%s' says %.2f, the totals differ by %.2f", path, fx[k].summary,
                          fx[k].price_delta_usd, after.totals.price_usd - rep.totals.price_usd);
            ck_assert_msg(fx[k].summary[0] && fx[k].n_changes > 0, "%s: empty fix", path);
            if (k > 0 && fx[k].kind == fx[k - 1].kind && fx[k].kind == DLRIG_FIX_PARTS &&
                (fx[k].n_introduces > 0) == (fx[k - 1].n_introduces > 0))
                ck_assert_msg(fx[k].price_delta_usd >= fx[k - 1].price_delta_usd, "%s: %s fixes not cheapest first",
                              path, f->id);
            /* kinds in order, except that a cheap power limit ranks before a change of parts (fix.h) */
            if (k > 0 && fx[k - 1].kind != DLRIG_FIX_POWER_LIMIT) ck_assert_int_ge(fx[k].kind, fx[k - 1].kind);
            build_free(&t);
            checked++;
        }
    }
    report_free(&after);
    report_free(&rep);
    build_free(&b);
    return checked;
}

START_TEST(every_offered_fix_holds)
{
    DIR *d = opendir(BUILDS);
    ck_assert_ptr_nonnull(d);
    struct dirent *e;
    size_t checked = 0, errors_with_fix = 0;
    while ((e = readdir(d))) {
        size_t n = strlen(e->d_name);
        if (n < 13 || strcmp(e->d_name + n - 13, ".trigger.json") != 0) continue;
        char path[512];
        snprintf(path, sizeof path, "%s/%s", BUILDS, e->d_name);
        size_t k = check_fixes_of(path);
        checked += k;
        errors_with_fix += k > 0;
    }
    closedir(d);
    ck_assert_msg(checked > 50, "only %zu fixes checked", checked);
    ck_assert_msg(errors_with_fix > 20, "only %zu trigger builds have fixes", errors_with_fix);
}
END_TEST

/* Repairs FIXES/name with the given kinds; returns the errors left. */
static size_t repair(const char *name, unsigned kinds, double *delta, dlrig_build *out)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", FIXES, name);
    ck_assert_msg(load(path, out), "%s does not load", path);
    dlrig_repair r;
    size_t left = fix_repair(cat, out, kinds, &r);
    *delta = r.price_after_usd - r.price_before_usd;
    dlrig_report rep = {0};
    rules_check(cat, out, &rep);
    ck_assert_uint_eq(rep.counts[DLRIG_SEV_ERROR], left); /* the report agrees with the build */
    ck_assert_uint_eq(r.n_left, left);
    report_free(&rep);
    fix_repair_free(&r);
    return left;
}

START_TEST(five_broken_builds)
{
    static const char *const fixable[] = {"socket.json", "psu-small.json", "no-psu.json", "passive.json"};
    for (size_t i = 0; i < 4; i++) {
        dlrig_build b;
        double delta;
        ck_assert_msg(repair(fixable[i], 1u << DLRIG_FIX_PARTS, &delta, &b) == 0, "%s not repaired", fixable[i]);
        ck_assert(!isnan(delta));
        /* the GPUs keep their number */
        ck_assert_int_eq(build_count(&b, DLRIG_CAT_GPU), 2);
        build_free(&b);
    }
    dlrig_build b;
    double delta;
    /* 4 x 450 W on 1440 W: no change of parts keeping four such cards works */
    ck_assert_uint_gt(repair("circuit.json", 1u << DLRIG_FIX_PARTS, &delta, &b), 0);
    ck_assert_int_eq(build_count(&b, DLRIG_CAT_GPU), 4);
    build_free(&b);
    ck_assert_uint_eq(repair("circuit.json", (1u << DLRIG_FIX_PARTS) | (1u << DLRIG_FIX_FEWER_GPUS), &delta, &b), 0);
    ck_assert_int_lt(build_count(&b, DLRIG_CAT_GPU), 4);
    ck_assert(delta < 0);
    build_free(&b);
}
END_TEST

/* The first fix of a finding with this id, of any kind; false when none. */
static bool first_fix_of(const dlrig_build *b, const char *id, dlrig_fix *out)
{
    dlrig_report rep = {0};
    rules_check(cat, b, &rep);
    bool found = false;
    for (size_t i = 0; i < rep.n_findings && !found; i++)
        if (!strcmp(rep.findings[i].id, id)) found = fix_finding(cat, b, &rep, i, DLRIG_FIX_ALL_KINDS, out, 1) == 1;
    report_free(&rep);
    return found;
}

/* Two 575 W cards on AM5 about 40 W over a 15 A circuit at the wall: limiting
 * them to 545 W (2% slower, free) comes before any change of parts, and
 * clears the circuit; four such cards would need a limit below the measured
 * curve: no power-limit fix. */
START_TEST(power_limit_fix_when_cheap)
{
    dlrig_build b;
    ck_assert(load(BUILDS "/power-5090-pair-am5.json", &b));
    dlrig_fix f;
    ck_assert(first_fix_of(&b, "power.circuit", &f));
    ck_assert_int_eq(f.kind, DLRIG_FIX_POWER_LIMIT);
    ck_assert_int_eq(f.changes[0].op, DLRIG_CHANGE_POWER_LIMIT);
    ck_assert_int_eq(f.changes[0].qty, 545);
    ck_assert(f.price_delta_usd == 0);
    ck_assert_ptr_nonnull(strstr(f.summary, "nvidia-smi -pl 545"));
    fix_apply(&b, &f);
    dlrig_report rep = {0};
    rules_check(cat, &b, &rep);
    ck_assert_int_eq(count(&rep, "power.circuit", DLRIG_SEV_ERROR), 0);
    ck_assert_uint_eq(rep.counts[DLRIG_SEV_ERROR], 0);
    for (size_t i = 0; i < b.n_items; i++)
        if (b.items[i].part->category == DLRIG_CAT_GPU) ck_assert_int_eq(b.items[i].power_limit_w, 545);
    report_free(&rep);
    build_free(&b);
    /* repair allowed to limit power: no error left, no price change */
    double delta;
    ck_assert_uint_eq(repair("../builds/power-5090-pair-am5.json", (1u << DLRIG_FIX_PARTS) | (1u << DLRIG_FIX_POWER_LIMIT),
                             &delta, &b),
                      0);
    ck_assert(fabs(delta) < 0.01);
    build_free(&b);
    /* four cards: 1,024 W over; a limit would have to go under 60% of the rating */
    ck_assert(load(FIXES "/circuit.json", &b));
    dlrig_report r2 = {0};
    rules_check(cat, &b, &r2);
    for (size_t i = 0; i < r2.n_findings; i++) {
        if (strcmp(r2.findings[i].id, "power.circuit")) continue;
        dlrig_fix fx[8];
        size_t n = fix_finding(cat, &b, &r2, i, DLRIG_FIX_ALL_KINDS, fx, 8);
        for (size_t k = 0; k < n; k++) ck_assert_int_ne(fx[k].kind, DLRIG_FIX_POWER_LIMIT);
    }
    report_free(&r2);
    build_free(&b);
}
END_TEST

START_TEST(passive_card_replaced_by_no_weaker_card)
{
    dlrig_build b;
    ck_assert(load(FIXES "/passive.json", &b));
    dlrig_report rep = {0};
    rules_check(cat, &b, &rep);
    const dlrig_gpu *l40s = (const dlrig_gpu *)build_first(&b, DLRIG_CAT_GPU, NULL);
    size_t seen = 0;
    for (size_t i = 0; i < rep.n_findings; i++) {
        if (strcmp(rep.findings[i].id, "cooling.passive_needs_server")) continue;
        dlrig_fix fx[3];
        size_t n = fix_finding(cat, &b, &rep, i, DLRIG_FIX_ALL_KINDS, fx, 3);
        ck_assert_uint_gt(n, 0);
        for (size_t k = 0; k < n; k++)
            for (int c = 0; c < fx[k].n_changes; c++) {
                const dlrig_change *ch = &fx[k].changes[c];
                if (ch->op != DLRIG_CHANGE_REPLACE || ch->with->category != DLRIG_CAT_GPU) continue;
                const dlrig_gpu *g = (const dlrig_gpu *)ch->with;
                ck_assert(g->vram_gb >= l40s->vram_gb);
                ck_assert_str_ne(g->cooler, "passive");
                ck_assert_int_eq(ch->qty, 2);
                seen++;
            }
    }
    ck_assert_uint_gt(seen, 0);
    report_free(&rep);
    build_free(&b);
}
END_TEST

/* The GPUs of a build's first GPU line. */
static int gpus_of(const dlrig_build *b) { return build_count(b, DLRIG_CAT_GPU); }

/* Four 2-slot cards on a board with three x16 slots: boards that take the
 * same CPU and memory and have four x16 slots (WRX90) fix pcie.slots with
 * all four cards kept; the cheap boards of other sockets (sure to add an
 * error) do not use up the trials before them. */
START_TEST(pcie_slots_fixed_by_a_board_that_keeps_the_cpu)
{
    dlrig_build b;
    ck_assert(load(FIXES "/pcie-4-maxq-trx50.json", &b));
    const dlrig_part *cpu = build_first(&b, DLRIG_CAT_CPU, NULL);
    dlrig_report rep = {0};
    rules_check(cat, &b, &rep);
    size_t at = rep.n_findings;
    for (size_t i = 0; i < rep.n_findings; i++)
        if (!strcmp(rep.findings[i].id, "pcie.slots")) at = i;
    ck_assert_uint_lt(at, rep.n_findings);
    dlrig_fix fx[3];
    size_t n = fix_finding(cat, &b, &rep, at, DLRIG_FIX_ALL_KINDS, fx, 3);
    ck_assert_uint_gt(n, 0);
    ck_assert_int_eq(fx[0].kind, DLRIG_FIX_PARTS);
    ck_assert_int_eq(fx[0].changes[0].op, DLRIG_CHANGE_REPLACE);
    ck_assert_int_eq(fx[0].changes[0].with->category, DLRIG_CAT_MOTHERBOARD);
    dlrig_build t;
    build_copy(&t, &b);
    fix_apply(&t, &fx[0]);
    ck_assert_int_eq(gpus_of(&t), 4);
    ck_assert_ptr_eq(build_first(&t, DLRIG_CAT_CPU, NULL), cpu);
    dlrig_report after = {0};
    rules_check(cat, &t, &after);
    ck_assert_uint_eq(after.counts[DLRIG_SEV_ERROR], 0);
    report_free(&after);
    build_free(&t);
    report_free(&rep);
    build_free(&b);
    /* dlrig fix: repaired by parts, four cards kept, with or without --allow-fewer-gpus */
    double delta;
    ck_assert_uint_eq(repair("pcie-4-maxq-trx50.json", 1u << DLRIG_FIX_PARTS, &delta, &b), 0);
    ck_assert_int_eq(gpus_of(&b), 4);
    build_free(&b);
    ck_assert_uint_eq(repair("pcie-4-maxq-trx50.json", (1u << DLRIG_FIX_PARTS) | (1u << DLRIG_FIX_FEWER_GPUS), &delta, &b), 0);
    ck_assert_int_eq(gpus_of(&b), 4);
    build_free(&b);
}
END_TEST

/* Four 3-slot RTX 4090s on a 15 A circuit: no change of parts keeps four,
 * and the repair lists "2 x ... instead of 4" as its fewer-GPU option.
 * Allowed fewer GPUs, the repair applies that option: two cards, not one. */
START_TEST(fewer_gpus_keeps_as_many_as_work)
{
    char path[512];
    snprintf(path, sizeof path, "%s/circuit.json", FIXES);
    dlrig_build b;
    ck_assert(load(path, &b));
    dlrig_repair r;
    ck_assert_uint_gt(fix_repair(cat, &b, 1u << DLRIG_FIX_PARTS, &r), 0);
    int offered = 0;
    for (size_t i = 0; i < r.n_left; i++)
        for (size_t k = 0; k < r.n_left_options[i]; k++) {
            const dlrig_fix *o = &r.left_options[i * DLRIG_REPAIR_OPTIONS + k];
            if (o->kind == DLRIG_FIX_FEWER_GPUS && o->changes[0].qty > offered) offered = o->changes[0].qty;
        }
    ck_assert_int_eq(offered, 2);
    fix_repair_free(&r);
    build_free(&b);
    double delta;
    ck_assert_uint_eq(repair("circuit.json", (1u << DLRIG_FIX_PARTS) | (1u << DLRIG_FIX_FEWER_GPUS), &delta, &b), 0);
    ck_assert_int_eq(gpus_of(&b), offered);
    build_free(&b);
}
END_TEST

/* The fixes (at most max) of the finding with this id in FIXES/name. */
static size_t fixes_of(const char *name, const char *id, dlrig_fix *out, size_t max, dlrig_build *b, dlrig_report *rep)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", FIXES, name);
    ck_assert_msg(load(path, b), "%s does not load", path);
    rules_check(cat, b, rep);
    for (size_t i = 0; i < rep->n_findings; i++)
        if (!strcmp(rep->findings[i].id, id)) return fix_finding(cat, b, rep, i, DLRIG_FIX_ALL_KINDS, out, max);
    ck_abort_msg("%s: no %s", name, id);
    return 0;
}

/* Applies f to a copy of b: the total within the budget, no budget.over, no
 * error, no new warning when the fix says none; the GPUs, CPU and board kept. */
static void check_budget_fix(const dlrig_build *b, const dlrig_fix *f)
{
    dlrig_build t;
    build_copy(&t, b);
    fix_apply(&t, f);
    dlrig_report r = {0};
    rules_check(cat, &t, &r);
    ck_assert_msg(r.totals.price_usd <= t.req.budget_usd, "%s: $%.2f over $%.0f", f->summary, r.totals.price_usd,
                  t.req.budget_usd);
    ck_assert_ptr_null(report_find(&r, "budget.over"));
    ck_assert_uint_eq(r.counts[DLRIG_SEV_ERROR], 0);
    if (f->kind == DLRIG_FIX_PARTS) {
        ck_assert_ptr_eq(build_first(&t, DLRIG_CAT_GPU, NULL), build_first(b, DLRIG_CAT_GPU, NULL));
        ck_assert_int_eq(build_count(&t, DLRIG_CAT_GPU), build_count(b, DLRIG_CAT_GPU));
        ck_assert_ptr_eq(build_first(&t, DLRIG_CAT_CPU, NULL), build_first(b, DLRIG_CAT_CPU, NULL));
        ck_assert_ptr_eq(build_first(&t, DLRIG_CAT_MOTHERBOARD, NULL), build_first(b, DLRIG_CAT_MOTHERBOARD, NULL));
        ck_assert(t.req.budget_usd == b->req.budget_usd);
    }
    report_free(&r);
    build_free(&t);
}

/* budget.over gets fixes: $216 over, a cheaper memory kit (the cheapest such
 * swap that adds no warning first); the last resort, a requirement change,
 * raises the budget to the total. */
START_TEST(budget_over_fixed_by_cheaper_memory)
{
    dlrig_build b;
    dlrig_report rep = {0};
    dlrig_fix fx[16];
    size_t n = fixes_of("budget-memory.json", "budget.over", fx, 16, &b, &rep);
    ck_assert_uint_ge(n, 2);
    ck_assert_int_eq(fx[0].kind, DLRIG_FIX_PARTS);
    ck_assert_int_eq(fx[0].n_introduces, 0);
    ck_assert_int_eq(fx[0].n_changes, 1);
    ck_assert_int_eq(fx[0].changes[0].part->category, DLRIG_CAT_MEMORY);
    ck_assert(fx[0].price_delta_usd <= -(rep.totals.price_usd - b.req.budget_usd));
    for (size_t k = 0; k < n; k++) check_budget_fix(&b, &fx[k]);
    /* cheapest first among the swaps that add no warning */
    for (size_t k = 1; k < n && fx[k].kind == DLRIG_FIX_PARTS && fx[k].n_introduces == 0; k++)
        ck_assert(fx[k].price_delta_usd >= fx[k - 1].price_delta_usd);
    const dlrig_fix *last = &fx[n - 1];
    ck_assert_int_eq(last->kind, DLRIG_FIX_REQUIREMENT);
    ck_assert_str_eq(last->changes[0].key, "budget_usd");
    char want[32];
    snprintf(want, sizeof want, "%.0f", ceil(rep.totals.price_usd));
    ck_assert_str_eq(last->changes[0].value, want);
    ck_assert_ptr_nonnull(strstr(last->summary, "Raise the budget from $5,000 to $"));
    report_free(&rep);
    build_free(&b);
}
END_TEST

/* $411 over where no one part saves that much: two cheaper parts together. */
START_TEST(budget_over_fixed_by_two_parts)
{
    dlrig_build b;
    dlrig_report rep = {0};
    dlrig_fix fx[3];
    size_t n = fixes_of("budget-two-parts.json", "budget.over", fx, 3, &b, &rep);
    ck_assert_uint_gt(n, 0);
    ck_assert_int_eq(fx[0].kind, DLRIG_FIX_PARTS);
    ck_assert_int_eq(fx[0].n_changes, 2);
    ck_assert(fx[0].changes[0].part->category != fx[0].changes[1].part->category);
    for (size_t k = 0; k < n; k++) check_budget_fix(&b, &fx[k]);
    report_free(&rep);
    build_free(&b);
}
END_TEST

/* $1,216 over a $4,000 budget with the cheap parts already cheap: no change
 * of parts keeps the GPUs; the budget raised to $5,216 is the one fix. */
START_TEST(budget_far_over_offers_a_higher_budget)
{
    dlrig_build b;
    dlrig_report rep = {0};
    dlrig_fix fx[3];
    size_t n = fixes_of("budget-far.json", "budget.over", fx, 3, &b, &rep);
    ck_assert_uint_eq(n, 1);
    ck_assert_int_eq(fx[0].kind, DLRIG_FIX_REQUIREMENT);
    check_budget_fix(&b, &fx[0]);
    report_free(&rep);
    build_free(&b);
}
END_TEST

START_TEST(clean_build_has_nothing_to_fix)
{
    dlrig_build b;
    ck_assert(load(BUILDS "/clean.json", &b));
    dlrig_repair r;
    ck_assert_uint_eq(fix_repair(cat, &b, DLRIG_FIX_ALL_KINDS, &r), 0);
    ck_assert_uint_eq(r.n_steps, 0);
    fix_repair_free(&r);
    build_free(&b);
}
END_TEST

START_TEST(json_shape)
{
    dlrig_build b;
    ck_assert(load(FIXES "/socket.json", &b));
    dlrig_report rep = {0};
    rules_check(cat, &b, &rep);
    cJSON *doc = report_to_json(&b, &rep);
    fix_annotate_json(cat, &b, &rep, doc, 3);
    cJSON *f = cJSON_GetArrayItem(cJSON_GetObjectItem(doc, "findings"), 0);
    ck_assert_ptr_nonnull(cJSON_GetObjectItem(f, "message")); /* the existing keys stay */
    cJSON *fix = cJSON_GetArrayItem(cJSON_GetObjectItem(f, "fix"), 0);
    ck_assert(cJSON_IsString(cJSON_GetObjectItem(fix, "summary")));
    ck_assert(cJSON_IsNumber(cJSON_GetObjectItem(fix, "price_delta_usd")));
    cJSON *ch = cJSON_GetArrayItem(cJSON_GetObjectItem(fix, "changes"), 0);
    const char *op = cJSON_GetStringValue(cJSON_GetObjectItem(ch, "op"));
    ck_assert(op && (!strcmp(op, "replace") || !strcmp(op, "add") || !strcmp(op, "remove") || !strcmp(op, "set")));
    cJSON_Delete(doc);
    report_free(&rep);
    build_free(&b);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("fix");
    TCase *tc = tcase_create("fix");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, every_offered_fix_holds);
    tcase_add_test(tc, five_broken_builds);
    tcase_add_test(tc, power_limit_fix_when_cheap);
    tcase_add_test(tc, passive_card_replaced_by_no_weaker_card);
    tcase_add_test(tc, pcie_slots_fixed_by_a_board_that_keeps_the_cpu);
    tcase_add_test(tc, fewer_gpus_keeps_as_many_as_work);
    tcase_add_test(tc, budget_over_fixed_by_cheaper_memory);
    tcase_add_test(tc, budget_over_fixed_by_two_parts);
    tcase_add_test(tc, budget_far_over_offers_a_higher_budget);
    tcase_add_test(tc, clean_build_has_nothing_to_fix);
    tcase_add_test(tc, json_shape);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
