/* The expert panel: buying scenarios from published recommendations
 * (tests/data/panel.json, each with its source), scored right / acceptable /
 * wrong / no answer by the advisor's best build.  The score is printed
 * (DLRIG_PANEL_TABLE=1 prints every scenario) and may not fall below the
 * last measured one: advice that gets worse fails the build. */
#include <check.h>
#include <cjson/cJSON.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlrig/advisor.h"
#include "dlrig/query.h"
#include "dlrig/util.h"

/* Measured on the shipped catalog (docs/CALIBRATION.md, expert panel: 56
 * scenarios, 39 right, 16 acceptable, 1 wrong, 0 without an answer): the
 * test fails when more scenarios than this end wrong or without an answer,
 * or when the panel has fewer scenarios than PANEL_MIN_SCENARIOS (a
 * scenario dropped from the file is not a scenario passed). */
#define PANEL_MAX_MISSES 2
#define PANEL_MIN_SCENARIOS 59

static dlrig_catalog *cat;

static void setup(void)
{
    char err[512];
    cat = catalog_open(NULL, err, sizeof err);
    ck_assert_msg(cat != NULL, "%s", err);
}

static void teardown(void) { catalog_close(cat); }

static bool in_list(const cJSON *arr, const char *s)
{
    const cJSON *it;
    cJSON_ArrayForEach(it, arr)
        if (cJSON_IsString(it) && s && strcmp(it->valuestring, s) == 0) return true;
    return false;
}

/* Whether the recommendation has everything the rule asks; why not in why. */
static bool meets(const cJSON *rule, const dlrig_recommendation *r, char *why, size_t len)
{
    int n = 0;
    const dlrig_gpu *g = (const dlrig_gpu *)build_first(&r->build, DLRIG_CAT_GPU, &n);
    n = build_count(&r->build, DLRIG_CAT_GPU);
    const dlrig_case *cs = (const dlrig_case *)build_first(&r->build, DLRIG_CAT_CASE, NULL);
    const cJSON *v;
    if (!g) return snprintf(why, len, "no GPU"), false;
    if ((v = cJSON_GetObjectItem(rule, "gpus")) && !in_list(v, g->p.id))
        return snprintf(why, len, "%s is not one of the cards named", g->p.id), false;
    if ((v = cJSON_GetObjectItem(rule, "count")) && cJSON_GetArraySize(v) == 2 &&
        (n < cJSON_GetArrayItem(v, 0)->valueint || n > cJSON_GetArrayItem(v, 1)->valueint))
        return snprintf(why, len, "%d GPUs", n), false;
    if ((v = cJSON_GetObjectItem(rule, "segments")) && !in_list(v, g->segment))
        return snprintf(why, len, "a %s card", g->segment), false;
    if ((v = cJSON_GetObjectItem(rule, "min_vram_gb")) && g->vram_gb < v->valuedouble)
        return snprintf(why, len, "%.0f GB a card", g->vram_gb), false;
    if ((v = cJSON_GetObjectItem(rule, "min_total_vram_gb")) && g->vram_gb * n < v->valuedouble)
        return snprintf(why, len, "%.0f GB on %d GPUs", g->vram_gb * n, n), false;
    if ((v = cJSON_GetObjectItem(rule, "min_year")) && g->p.year != DLRIG_NA && g->p.year < v->valueint)
        return snprintf(why, len, "a %d card", g->p.year), false;
    if ((v = cJSON_GetObjectItem(rule, "case_kinds")) && !(cs && in_list(v, cs->kind)))
        return snprintf(why, len, "a %s case", cs ? cs->kind : "missing"), false;
    if ((v = cJSON_GetObjectItem(rule, "no_blower")) && cJSON_IsTrue(v) && g->cooler_type == DLRIG_GPU_COOLER_BLOWER)
        return snprintf(why, len, "blower cards"), false;
    if ((v = cJSON_GetObjectItem(rule, "min_fp64_tflops")) && !(g->fp64_tflops >= v->valuedouble))
        return snprintf(why, len, "%.1f TFLOPS FP64", g->fp64_tflops), false;
    if ((v = cJSON_GetObjectItem(rule, "max_wall_w")) && r->report.totals.wall_w > v->valuedouble)
        return snprintf(why, len, "%.0f W at the wall", r->report.totals.wall_w), false;
    return true;
}

START_TEST(expert_panel)
{
    size_t len;
    char *text = read_file_limit(DLRIG_TEST_DATA "/panel.json", 1 << 20, &len);
    ck_assert_ptr_nonnull(text);
    cJSON *doc = cJSON_ParseWithLength(text, len);
    ck_assert_ptr_nonnull(doc);
    const cJSON *sc;
    int right = 0, acceptable = 0, wrong = 0, none = 0, total = 0;
    bool print = getenv("DLRIG_PANEL_TABLE") != NULL;
    if (print) printf("| scenario | verdict | dlrig's pick | price | why not right |\n|---|---|---|---:|---|\n");
    cJSON_ArrayForEach(sc, cJSON_GetObjectItem(doc, "scenarios"))
    {
        const char *name = cJSON_GetObjectItem(sc, "name")->valuestring;
        ck_assert_msg(cJSON_IsString(cJSON_GetObjectItem(sc, "source")), "%s: no source", name);
        dlrig_requirements req;
        requirements_init(&req);
        char err[1024];
        ck_assert_msg(requirements_from_json(cat, cJSON_GetObjectItem(sc, "requirements"), &req, name, err,
                                             sizeof err) == 0, "%s", err);
        dlrig_recommendation *recs = NULL;
        size_t n = 0;
        ck_assert_int_eq(advisor_recommend(cat, &req, 1, &recs, &n, err, sizeof err), 0);
        total++;
        const char *verdict;
        char pick[160] = "-", price[32] = "-", why[1100] = "";
        if (n == 0) {
            verdict = "no answer";
            none++;
            snprintf(why, sizeof why, "%s", err);
        } else {
            int q = 0;
            const dlrig_part *g = build_first(&recs[0].build, DLRIG_CAT_GPU, &q);
            snprintf(pick, sizeof pick, "%d x %s", build_count(&recs[0].build, DLRIG_CAT_GPU), g ? g->name : "?");
            format_usd(recs[0].price_usd, price, sizeof price);
            char why2[160];
            if (meets(cJSON_GetObjectItem(sc, "right"), &recs[0], why, sizeof why)) {
                verdict = "right";
                right++;
                why[0] = '\0';
            } else if (meets(cJSON_GetObjectItem(sc, "acceptable"), &recs[0], why2, sizeof why2)) {
                verdict = "acceptable";
                acceptable++;
            } else {
                verdict = "wrong";
                wrong++;
            }
        }
        if (print) printf("| %s | %s | %s | %s | %s |\n", name, verdict, pick, price, why);
        if (recs) recommendations_free(recs, n);
    }
    printf("expert panel: %d scenarios: %d right, %d acceptable, %d wrong, %d no answer\n", total, right, acceptable,
           wrong, none);
    ck_assert_int_ge(total, PANEL_MIN_SCENARIOS);
    ck_assert_msg(wrong + none <= PANEL_MAX_MISSES, "%d wrong and %d without an answer (at most %d)", wrong, none,
                  PANEL_MAX_MISSES);
    cJSON_Delete(doc);
    free(text);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("panel");
    TCase *tc = tcase_create("panel");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, expert_panel);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}
