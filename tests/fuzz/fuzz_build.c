/*
 * fuzz_build.c — the build file reader (build_parse) against the embedded
 * catalog.  Any input must either parse or be refused with status 2 and a
 * message; a parsed build must survive a save/load round trip unchanged and
 * go through placement, every rule and the performance model.
 */
#include <cjson/cJSON.h>
#include <math.h>
#include <string.h>

#include "dlrig/build.h"
#include "dlrig/place.h"
#include "dlrig/perf.h"
#include "dlrig/rules.h"
#include "fuzz.h"

static int same_number(double a, double b) { return (isnan(a) && isnan(b)) || a == b; }

static void check_round_trip(const dlrig_catalog *cat, const dlrig_build *b)
{
    cJSON *doc = build_to_json(b);
    char *text = cJSON_PrintUnformatted(doc);
    cJSON_Delete(doc);
    FUZZ_CHECK(text != NULL, "build_to_json could not be printed");
    dlrig_build again;
    char err[1024] = "";
    int rc = build_parse(cat, text, strlen(text), "round-trip", &again, err, sizeof err);
    FUZZ_CHECK(rc == DLRIG_BUILD_OK, "a saved build does not load again: %s\n%s", err, text);
    FUZZ_CHECK(strcmp(again.name, b->name) == 0, "name changed: '%s' -> '%s'", b->name, again.name);
    FUZZ_CHECK(b->tier ? again.tier && strcmp(again.tier, b->tier) == 0 : !again.tier, "tier changed");
    FUZZ_CHECK(again.name_from == b->name_from, "name_from changed: %d -> %d", (int)b->name_from, (int)again.name_from);
    FUZZ_CHECK(again.n_items == b->n_items, "%zu items -> %zu", b->n_items, again.n_items);
    for (size_t i = 0; i < b->n_items; i++) {
        FUZZ_CHECK(again.items[i].part == b->items[i].part && again.items[i].qty == b->items[i].qty &&
                       again.items[i].cluster_scope == b->items[i].cluster_scope,
                   "item %zu changed", i);
    }
    const dlrig_requirements *p = &b->req, *q = &again.req;
    FUZZ_CHECK(strcmp(p->workload, q->workload) == 0 && strcmp(p->framework, q->framework) == 0 &&
                   strcmp(p->precision, q->precision) == 0 && strcmp(p->environment, q->environment) == 0 &&
                   strcmp(p->circuit, q->circuit) == 0 && p->nodes == q->nodes && p->require == q->require &&
                   same_number(p->model_params_m, q->model_params_m) && same_number(p->dataset_gb, q->dataset_gb) &&
                   same_number(p->budget_usd, q->budget_usd),
               "requirements changed in the round trip\n%s", text);
    cJSON_free(text);
    build_free(&again);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const dlrig_catalog *cat = fuzz_catalog();
    dlrig_build b;
    char err[1024];
    err[0] = '\0';
    int rc = build_parse(cat, (const char *)data, size, "fuzz.json", &b, err, sizeof err);
    FUZZ_CHECK(rc == DLRIG_BUILD_OK || rc == DLRIG_BUILD_EINVAL, "status %d", rc);
    if (rc != DLRIG_BUILD_OK) {
        FUZZ_CHECK(strncmp(err, "fuzz.json: ", 11) == 0 && err[11] != '\0', "refused without a message: '%s'", err);
        FUZZ_CHECK(b.n_items == 0 && b.name != NULL, "a refused build is not left empty");
        build_free(&b);
        return 0;
    }
    check_round_trip(cat, &b);

    dlrig_placement pl;
    place_build(&b, &pl);
    FUZZ_CHECK(pl.n_cards <= DLRIG_MAX_CARDS && pl.n_unplaced <= pl.n_cards, "placement out of bounds");
    dlrig_report rep = {0};
    rules_check(cat, &b, &rep);
    FUZZ_CHECK(rep.counts[0] + rep.counts[1] + rep.counts[2] == rep.n_findings, "finding counts do not add up");
    cJSON *j = report_to_json(&b, &rep);
    char *s = cJSON_PrintUnformatted(j);
    FUZZ_CHECK(s != NULL, "the report cannot be printed");
    cJSON_free(s);
    cJSON_Delete(j);
    dlrig_estimate e;
    if (perf_estimate(cat, &b, &rep.placement, NULL, &e, err, sizeof err) == 0) {
        FUZZ_CHECK(!isnan(e.throughput) && e.throughput >= 0, "estimate %g", e.throughput);
        cJSON *ej = estimate_to_json(&e);
        cJSON_Delete(ej);
    }
    report_free(&rep);
    build_free(&b);
    return 0;
}
