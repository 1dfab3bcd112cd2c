/* Preset tests: every shipped preset parses, and the advisor recommends a
 * build with no error finding for it on the shipped catalog; unknown and
 * malformed presets are errors naming the preset and the field. */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlrig/advisor.h"
#include "dlrig/preset.h"
#include "dlrig/rules.h"

static dlrig_catalog *cat;

static void setup(void)
{
    char err[512];
    cat = catalog_open(NULL, err, sizeof err);
    ck_assert_msg(cat != NULL, "%s", err);
}

static void teardown(void) { catalog_close(cat); }

START_TEST(shipped_presets_parse)
{
    static const char *const expected[] = {"kaggle-starter",   "vision-lab-4gpu",  "nlp-nvlink-pair",
                                           "llm-finetune-lab", "inference-server", "scientific-fp64",
                                           "quiet-office",     "two-node-cluster"};
    ck_assert_uint_ge(preset_count(), 8);
    for (size_t i = 0; i < 8; i++) ck_assert_int_ge(preset_index(expected[i]), 0);
    for (size_t i = 0; i < preset_count(); i++) {
        dlrig_preset p;
        char err[1024];
        ck_assert_msg(preset_load_at(cat, i, &p, err, sizeof err) == 0, "%s", err);
        ck_assert_str_eq(p.name, preset_name(i));
        ck_assert(p.title[0] && strlen(p.story) > 40);
        ck_assert(p.req.workload[0]);
        ck_assert(p.req.budget_usd > 0);
    }
}
END_TEST

START_TEST(advisor_builds_every_preset)
{
    size_t i = (size_t)_i;
    if (i >= preset_count()) return;
    dlrig_preset p;
    char err[1024];
    ck_assert_msg(preset_load_at(cat, i, &p, err, sizeof err) == 0, "%s", err);
    dlrig_recommendation *recs;
    size_t n;
    ck_assert_msg(advisor_recommend(cat, &p.req, 3, &recs, &n, err, sizeof err) == 0, "%s: %s", p.name, err);
    ck_assert_msg(n > 0, "preset %s: no build: %s", p.name, err);
    for (size_t k = 0; k < n; k++) {
        ck_assert_msg(recs[k].report.counts[DLRIG_SEV_ERROR] == 0, "preset %s: build %zu has an error finding",
                      p.name, k + 1);
        ck_assert(recs[k].price_usd <= p.req.budget_usd + 1e-6);
        ck_assert(recs[k].estimate.throughput > 0);
        ck_assert(build_count(&recs[k].build, DLRIG_CAT_GPU) > 0);
    }
    recommendations_free(recs, n);
}
END_TEST

START_TEST(unknown_and_malformed)
{
    dlrig_preset p;
    char err[1024];
    ck_assert_int_eq(preset_load(cat, "no-such-preset", &p, err, sizeof err), DLRIG_BUILD_EINVAL);
    ck_assert_ptr_nonnull(strstr(err, "unknown preset 'no-such-preset'"));
    ck_assert_ptr_nonnull(strstr(err, "kaggle-starter"));
    static const struct {
        const char *doc, *want;
    } bad[] = {
        {"[]", "expected a JSON object"},
        {"{\"format\":\"dlrig-build\",\"version\":1}", "format: expected \"dlrig-preset\""},
        {"{\"format\":\"dlrig-preset\",\"version\":2}", "version: expected 1"},
        {"{\"format\":\"dlrig-preset\",\"version\":1,\"title\":\"T\",\"story\":\"S\",\"requirements\":"
         "{\"workload\":\"cnn\",\"budget_usd\":\"lots\"}}",
         "requirements.budget_usd: expected a number"},
        {"{\"format\":\"dlrig-preset\",\"version\":1,\"title\":\"T\",\"story\":\"S\",\"requirements\":"
         "{\"workload\":\"cnn\"}}",
         "requirements.budget_usd: missing"},
        {"{\"format\":\"dlrig-preset\",\"version\":1,\"title\":3,\"story\":\"S\",\"requirements\":{}}",
         "title: expected a non-empty string"},
        {"{\"format\":\"dlrig-preset\",\"version\":1,\"title\":\"T\",\"story\":\"S\",\"extra\":1,"
         "\"requirements\":{}}",
         "extra: unknown field"},
        {"{\"format\":\"dlrig-preset\",\"version\":1,\"title\":\"T\",\"story\":\"S\",\"requirements\":"
         "{\"workload\":\"cnn\",\"budget_usd\":5000,\"require\":[\"fast\"]}}",
         "unknown requirement 'fast'"},
        {"{\"format\":", "not valid JSON"},
        {"{\"format\":\"dlrig-preset\",\"version\":1,\"title\":\"T\",\"story\":\"S\",\"requirements\":"
         "{\"workload\":\"cnn\",\"budget_usd\":5000,\"workload\":\"rnn\"}}",
         "requirements.workload: the key is given twice"},
        {"{\"format\":\"dlrig-preset\",\"version\":1,\"title\":\"T\",\"title\":\"U\",\"story\":\"S\","
         "\"requirements\":{}}",
         "title: the key is given twice"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        ck_assert_int_eq(preset_parse(cat, "my-preset", bad[i].doc, strlen(bad[i].doc), &p, err, sizeof err),
                         DLRIG_BUILD_EINVAL);
        ck_assert_msg(strstr(err, "preset 'my-preset'") && strstr(err, bad[i].want), "%zu: %s", i, err);
    }
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("preset");
    TCase *tc = tcase_create("core");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, shipped_presets_parse);
    tcase_add_loop_test(tc, advisor_builds_every_preset, 0, 16);
    tcase_add_test(tc, unknown_and_malformed);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
