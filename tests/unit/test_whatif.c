/* What-if tests on the embedded catalog and tests/data/builds/clean.json
 * (2x RTX 5000 Ada on a Threadripper 7960X / TRX50, ECC required): a desktop
 * CPU is reported with compat.memory_type, a card without ECC with
 * ecc.gpu; a faster card of the same kind adds no error and reports the
 * speed and price it gives; and for every part of every category the cached
 * answer equals rules_check and perf_estimate run on the swapped build.
 * whatif_readvise: the advisor's build with pinned parts kept, the pick
 * being the best-ranked recommendation that takes them without error. */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlrig/build.h"
#include "dlrig/catalog.h"
#include "dlrig/perf.h"
#include "dlrig/query.h"
#include "dlrig/rules.h"
#include "dlrig/whatif.h"

#define CLEAN DLRIG_TEST_DATA "/builds/clean.json"

static dlrig_catalog *cat;
static dlrig_build clean;

static void setup(void)
{
    char err[1024];
    cat = catalog_open(NULL, err, sizeof err);
    if (!cat) {
        fprintf(stderr, "%s\n", err);
        exit(1);
    }
    if (build_load(cat, CLEAN, &clean, err, sizeof err) != DLRIG_BUILD_OK) {
        fprintf(stderr, "%s\n", err);
        exit(1);
    }
}

static void teardown(void)
{
    build_free(&clean);
    catalog_close(cat);
}

static const dlrig_part *part(const char *id)
{
    const dlrig_part *p = catalog_find(cat, id);
    ck_assert_msg(p != NULL, "%s is not in the catalog", id);
    return p;
}

/* What rules_check and perf_estimate say of b with p swapped in, computed
 * here without the what-if module. */
typedef struct direct {
    size_t errors;
    const char *first_new; /* first error id not among base's errors */
    size_t new_errors;
    double speed, price;
} direct;

static bool has_error(const dlrig_report *r, const char *id)
{
    for (size_t i = 0; i < r->n_findings; i++)
        if (r->findings[i].severity == DLRIG_SEV_ERROR && strcmp(r->findings[i].id, id) == 0) return true;
    return false;
}

static direct judge_directly(const dlrig_build *b, const dlrig_part *p)
{
    dlrig_report base = {0}, rep = {0};
    rules_check(cat, b, &base);
    dlrig_build t;
    build_copy(&t, b);
    int q = build_count(b, p->category);
    build_set_category(&t, p->category, p, q > 0 ? q : 1);
    rules_check(cat, &t, &rep);
    direct d = {rep.counts[DLRIG_SEV_ERROR], NULL, 0, NAN, rep.totals.price_usd};
    for (size_t i = 0; i < rep.n_findings; i++) {
        const dlrig_finding *f = &rep.findings[i];
        if (f->severity != DLRIG_SEV_ERROR || has_error(&base, f->id)) continue;
        if (!d.first_new) d.first_new = f->id;
        d.new_errors++;
    }
    dlrig_estimate e;
    char err[256];
    if (build_count(&t, DLRIG_CAT_GPU) > 0 && perf_estimate(cat, &t, &rep.placement, NULL, &e, err, sizeof err) == 0)
        d.speed = e.throughput;
    build_free(&t);
    report_free(&rep);
    report_free(&base);
    return d;
}

static bool same_number(double a, double b) { return (isnan(a) && isnan(b)) || a == b; }

START_TEST(test_socket_error_named)
{
    dlrig_whatif *w = whatif_new(cat, &clean);
    ck_assert_uint_eq(whatif_base(w)->errors, 0);
    const dlrig_swap *s = whatif_get(w, part("amd-ryzen-9-7950x"));
    ck_assert_ptr_nonnull(s->error_id);
    /* it takes neither the board's socket nor its registered memory: the
     * first error in the report's (rule id) order is the memory type */
    ck_assert_str_eq(s->error_id, "compat.memory_type");
    ck_assert_msg(strstr(s->error_message, "Ryzen 9 7950X") != NULL, "message names the CPU: %s", s->error_message);
    ck_assert_int_eq(s->qty, 1);
    ck_assert_uint_ge(s->new_errors, 2);
    /* a GeForce card has no ECC memory, which the build requires */
    const dlrig_swap *g = whatif_get(w, part("nvidia-rtx-4090"));
    ck_assert_ptr_nonnull(g->error_id);
    ck_assert_str_eq(g->error_id, "ecc.gpu");
    ck_assert_int_eq(g->qty, 2); /* two cards stay two */
    whatif_free(w);
}
END_TEST

START_TEST(test_clean_swap_reports_speed)
{
    dlrig_whatif *w = whatif_new(cat, &clean);
    const dlrig_swap *base = whatif_base(w);
    ck_assert(!isnan(base->speed));
    ck_assert_ptr_nonnull(base->unit);
    dlrig_report rep = {0};
    rules_check(cat, &clean, &rep);
    ck_assert_int_gt(base->unpriced_parts, 0);
    ck_assert_int_eq(base->unpriced_parts, rep.totals.unpriced_parts);
    report_free(&rep);
    const dlrig_swap *s = whatif_get(w, part("nvidia-rtx-6000-ada"));
    ck_assert_msg(s->error_id == NULL, "unexpected %s: %s", s->error_id ? s->error_id : "", s->error_message);
    ck_assert_uint_eq(s->errors, 0);
    ck_assert_str_eq(s->error_message, "");
    ck_assert_int_eq(s->qty, 2);
    ck_assert_msg(s->speed > base->speed, "RTX 6000 Ada %.1f vs RTX 5000 Ada %.1f", s->speed, base->speed);
    ck_assert(fabs(s->speed_delta - (s->speed - base->speed)) < 1e-9);
    ck_assert(s->price_delta_usd > 0);
    ck_assert(fabs(s->price_delta_usd - (s->price_usd - base->price_usd)) < 1e-6);
    direct d = judge_directly(&clean, part("nvidia-rtx-6000-ada"));
    ck_assert(same_number(s->speed, d.speed));
    ck_assert(same_number(s->price_usd, d.price));
    /* a part the build already has changes nothing */
    const dlrig_swap *same = whatif_get(w, part("nvidia-rtx-5000-ada"));
    ck_assert_ptr_null(same->error_id);
    ck_assert(same->speed_delta == 0 && same->price_delta_usd == 0);
    whatif_free(w);
}
END_TEST

/* Every part of every category: the what-if equals the rules and the model
 * run on the swapped build; categories that do not affect speed keep it. */
START_TEST(test_equals_direct_for_every_part)
{
    dlrig_whatif *w = whatif_new(cat, &clean);
    double base_speed = whatif_base(w)->speed;
    size_t checked = 0, with_error = 0;
    for (int c = 0; c < DLRIG_CAT_COUNT; c++) {
        dlrig_query q = {.category = c};
        const dlrig_part **v;
        size_t n;
        char err[512];
        ck_assert_int_eq(catalog_query(cat, &q, &v, &n, err, sizeof err), 0);
        for (size_t i = 0; i < n; i++) {
            const dlrig_swap *s = whatif_get(w, v[i]);
            direct d = judge_directly(&clean, v[i]);
            ck_assert_ptr_eq(s->part, v[i]);
            ck_assert_msg((s->error_id == NULL) == (d.first_new == NULL) &&
                              (!d.first_new || strcmp(s->error_id, d.first_new) == 0),
                          "%s: what-if says %s, rules say %s", v[i]->id, s->error_id ? s->error_id : "ok",
                          d.first_new ? d.first_new : "ok");
            ck_assert_uint_eq(s->errors, d.errors);
            ck_assert_uint_eq(s->new_errors, d.new_errors);
            ck_assert_msg(same_number(s->speed, d.speed), "%s: speed %g vs %g", v[i]->id, s->speed, d.speed);
            ck_assert_msg(same_number(s->price_usd, d.price), "%s: price %g vs %g", v[i]->id, s->price_usd, d.price);
            if (!whatif_affects_speed((dlrig_category)c))
                ck_assert_msg(same_number(s->speed, base_speed), "%s changes the speed (%g vs %g) but its category "
                              "is not in whatif_affects_speed", v[i]->id, s->speed, base_speed);
            ck_assert_ptr_eq(whatif_get(w, v[i]), s); /* remembered, same answer */
            checked++;
            with_error += s->error_id != NULL;
        }
        free(v);
    }
    ck_assert_uint_gt(checked, 100);
    ck_assert_uint_gt(with_error, 10);
    ck_assert_uint_lt(with_error, checked);
    whatif_free(w);
}
END_TEST

/* The what-if keeps its own copy of the build; whatif_swap gives the same
 * answer without a cache. */
START_TEST(test_copy_and_uncached)
{
    dlrig_build b;
    build_copy(&b, &clean);
    dlrig_whatif *w = whatif_new(cat, &b);
    build_set_category(&b, DLRIG_CAT_GPU, NULL, 0); /* the caller's build changes */
    const dlrig_swap *s = whatif_get(w, part("nvidia-rtx-6000-ada"));
    ck_assert_int_eq(s->qty, 2);
    ck_assert(!isnan(s->speed));
    dlrig_swap one;
    whatif_swap(cat, &clean, part("nvidia-rtx-6000-ada"), &one);
    ck_assert(one.speed == s->speed && one.price_usd == s->price_usd && one.errors == s->errors);
    whatif_free(w);
    /* a build without a GPU has no speed; swapping one in gives one */
    w = whatif_new(cat, &b);
    ck_assert(isnan(whatif_base(w)->speed));
    ck_assert(isnan(whatif_base(w)->speed_delta));
    s = whatif_get(w, part("nvidia-rtx-6000-ada"));
    ck_assert_int_eq(s->qty, 1);
    ck_assert(!isnan(s->speed));
    ck_assert(isnan(s->speed_delta));
    ck_assert(isnan(whatif_get(w, part("amd-threadripper-7970x"))->speed));
    whatif_free(w);
    /* no price change is claimed for a part without a price */
    w = whatif_new(cat, &clean);
    ck_assert(isnan(part("amd-threadripper-7980x")->price_usd));
    ck_assert(isnan(whatif_get(w, part("amd-threadripper-7980x"))->price_delta_usd));
    ck_assert(!isnan(whatif_get(w, part("amd-threadripper-9980x"))->price_delta_usd));
    whatif_free(w);
    build_free(&b);
}
END_TEST

/* ---- whatif_readvise: the advisor again, keeping pinned parts ---- */

/* b's parts of category c (part and quantity), in order, as text. */
static void cat_parts(const dlrig_build *b, dlrig_category c, char *buf, size_t len)
{
    size_t k = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < b->n_items; i++)
        if (b->items[i].part->category == c)
            k += (size_t)snprintf(buf + k, k < len ? len - k : 0, "%dx%s ", b->items[i].qty, b->items[i].part->id);
}

static bool same_parts(const dlrig_build *x, const dlrig_build *y, dlrig_category c)
{
    char a[1024], b[1024];
    cat_parts(x, c, a, sizeof a);
    cat_parts(y, c, b, sizeof b);
    return strcmp(a, b) == 0;
}

/* The errors of recommendation i with the pinned categories of from. */
static size_t errors_with_pins(const dlrig_build *rec, const dlrig_build *from, const bool *pinned)
{
    dlrig_build t;
    build_copy(&t, rec);
    for (int c = 0; c < DLRIG_CAT_COUNT; c++) {
        if (!pinned[c]) continue;
        build_set_category(&t, (dlrig_category)c, NULL, 0);
        for (size_t i = 0; i < from->n_items; i++)
            if (from->items[i].part->category == (dlrig_category)c) build_add(&t, from->items[i].part, from->items[i].qty);
    }
    dlrig_report rep = {0};
    rules_check(cat, &t, &rep);
    size_t n = rep.counts[DLRIG_SEV_ERROR];
    report_free(&rep);
    build_free(&t);
    return n;
}

/* The pick is the best-ranked recommendation that takes the pins without an
 * error, else the first with the fewest; the build is it with the pins. */
static void check_readvice(const dlrig_readvice *rv, const dlrig_build *from, const bool *pinned)
{
    size_t want = 0, fewest = (size_t)-1;
    for (size_t i = 0; i < rv->n && fewest > 0; i++) {
        size_t e = errors_with_pins(&rv->recs[i].build, from, pinned);
        if (e < fewest) {
            fewest = e;
            want = i;
        }
    }
    ck_assert_uint_eq(rv->pick, want);
    ck_assert_uint_eq(rv->errors, fewest);
    for (int c = 0; c < DLRIG_CAT_COUNT; c++)
        ck_assert_msg(same_parts(&rv->build, pinned[c] ? from : &rv->recs[rv->pick].build, (dlrig_category)c),
                      "category %s", category_name((dlrig_category)c));
    dlrig_report rep = {0};
    rules_check(cat, &rv->build, &rep);
    ck_assert_uint_eq(rep.counts[DLRIG_SEV_ERROR], rv->errors);
    report_free(&rep);
    ck_assert_str_eq(rv->build.name, from->name);
}

START_TEST(test_readvise_no_pins)
{
    bool pinned[DLRIG_CAT_COUNT] = {false};
    dlrig_readvice rv;
    char err[512];
    ck_assert_int_eq(whatif_readvise(cat, &clean.req, &clean, pinned, 8, &rv, err, sizeof err), 0);
    ck_assert_uint_ge(rv.n, 2);
    ck_assert_uint_eq(rv.pick, 0);
    ck_assert_uint_eq(rv.errors, 0);
    check_readvice(&rv, &clean, pinned);
    ck_assert(rv.build.req.budget_usd == clean.req.budget_usd);
    whatif_readvice_free(&rv);
    /* no `from`: the advisor's best build as it is */
    ck_assert_int_eq(whatif_readvise(cat, &clean.req, NULL, NULL, 3, &rv, err, sizeof err), 0);
    ck_assert_uint_eq(rv.pick, 0);
    for (int c = 0; c < DLRIG_CAT_COUNT; c++) ck_assert(same_parts(&rv.build, &rv.recs[0].build, (dlrig_category)c));
    whatif_readvice_free(&rv);
}
END_TEST

START_TEST(test_readvise_keeps_pins)
{
    /* the GPUs and the case pinned: two RTX 5000 Ada in the Define 7 stay */
    bool pinned[DLRIG_CAT_COUNT] = {false};
    pinned[DLRIG_CAT_GPU] = pinned[DLRIG_CAT_CASE] = true;
    dlrig_requirements r = clean.req;
    r.budget_usd = 30000;
    dlrig_readvice rv;
    char err[512];
    ck_assert_int_eq(whatif_readvise(cat, &r, &clean, pinned, 8, &rv, err, sizeof err), 0);
    check_readvice(&rv, &clean, pinned);
    int q = 0;
    ck_assert_ptr_eq(build_first(&rv.build, DLRIG_CAT_GPU, &q), part("nvidia-rtx-5000-ada"));
    ck_assert_int_eq(q, 2);
    ck_assert(rv.build.req.budget_usd == 30000);
    whatif_readvice_free(&rv);
    /* owned GPUs (a scanned machine) pinned: still owned in the new build, priced 0 there */
    dlrig_build mine;
    build_copy(&mine, &clean);
    ck_assert(build_set_owned(&mine, part("nvidia-rtx-5000-ada"), true));
    ck_assert_int_eq(whatif_readvise(cat, &r, &mine, pinned, 8, &rv, err, sizeof err), 0);
    bool seen = false;
    for (size_t i = 0; i < rv.build.n_items; i++) {
        const dlrig_item *it = &rv.build.items[i];
        ck_assert(it->owned == (it->part->category == DLRIG_CAT_GPU));
        seen = seen || it->part == part("nvidia-rtx-5000-ada");
    }
    ck_assert(seen);
    whatif_readvice_free(&rv);
    build_free(&mine);
    /* pinned SXM cards fit no workstation the advisor offers: the build
     * with the fewest errors, and they say so */
    dlrig_build sxm;
    build_copy(&sxm, &clean);
    build_set_category(&sxm, DLRIG_CAT_GPU, part("nvidia-h100-sxm5-80gb"), 2);
    pinned[DLRIG_CAT_CASE] = false;
    ck_assert_int_eq(whatif_readvise(cat, &clean.req, &sxm, pinned, 8, &rv, err, sizeof err), 0);
    check_readvice(&rv, &sxm, pinned);
    ck_assert_uint_gt(rv.errors, 0);
    whatif_readvice_free(&rv);
    build_free(&sxm);
}
END_TEST

START_TEST(test_readvise_nothing)
{
    dlrig_requirements r = clean.req;
    r.budget_usd = 300; /* buys no GPU workstation */
    dlrig_readvice rv;
    char err[512];
    ck_assert_int_eq(whatif_readvise(cat, &r, &clean, NULL, 8, &rv, err, sizeof err), -1);
    ck_assert_uint_eq(rv.n, 0);
    ck_assert_ptr_null(rv.recs);
    ck_assert_uint_eq(rv.build.n_items, 0);
    whatif_readvice_free(&rv);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("whatif");
    TCase *tc = tcase_create("core");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_socket_error_named);
    tcase_add_test(tc, test_clean_swap_reports_speed);
    tcase_add_test(tc, test_equals_direct_for_every_part);
    tcase_add_test(tc, test_copy_and_uncached);
    tcase_add_test(tc, test_readvise_no_pins);
    tcase_add_test(tc, test_readvise_keeps_pins);
    tcase_add_test(tc, test_readvise_nothing);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
