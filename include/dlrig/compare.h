/*
 * compare.h — two or three builds side by side: price, speed on one common
 * workload, power, GPUs, memory and findings per build, which value is best
 * in each row and which rows differ; as a struct for the front ends, one JSON
 * document or a Markdown table.
 *
 * No terminal code.  Implemented in src/core/compare.c on top of export.h
 * (export_analyze gives each build's findings and estimate).
 */
#ifndef DLRIG_COMPARE_H
#define DLRIG_COMPARE_H

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stddef.h>

#include "dlrig/advisor.h"
#include "dlrig/build.h"
#include "dlrig/catalog.h"
#include "dlrig/export.h"
#include "dlrig/util.h"

/* At most this many builds side by side. */
#define DLRIG_COMPARE_MAX 3

/* The rows of the comparison, in display order. */
typedef enum {
    DLRIG_CMP_PRICE,
    DLRIG_CMP_PRICE_AGE,
    DLRIG_CMP_THROUGHPUT,
    DLRIG_CMP_EPOCH,
    DLRIG_CMP_PERF_PER_K,
    DLRIG_CMP_POWER,
    DLRIG_CMP_BREAKEVEN,
    DLRIG_CMP_GPUS,
    DLRIG_CMP_VRAM,
    DLRIG_CMP_RAM,
    DLRIG_CMP_ERRORS,
    DLRIG_CMP_WARNINGS,
    DLRIG_CMP_INFO,
    DLRIG_CMP_ROWS
} dlrig_compare_metric;

typedef struct dlrig_compare_row {
    const char *key;   /* JSON key: "price_usd", "throughput", ... */
    const char *label; /* "Price", "Throughput", ... */
    int better;        /* -1 lower is better, +1 higher is better, 0 neither */
    double value[DLRIG_COMPARE_MAX];
    bool known[DLRIG_COMPARE_MAX];
    char text[DLRIG_COMPARE_MAX][48]; /* value for people ("-" when unknown) */
    unsigned partial;  /* bit i: build i's value is a lower bound (some parts unpriced); never best */
    unsigned best;     /* bit i: build i has the best value (ties share it); 0 when all are equal */
    bool differs;      /* the builds do not all show the same value */
} dlrig_compare_row;

typedef struct dlrig_compare_parts {
    dlrig_category category;
    char text[DLRIG_COMPARE_MAX][160]; /* "2x NVIDIA RTX 5000 Ada Generation", "-" when none */
    bool differs;
} dlrig_compare_parts;

typedef struct dlrig_compare {
    size_t n;                                  /* builds compared, 2..3 */
    const dlrig_build *builds[DLRIG_COMPARE_MAX]; /* not owned */
    dlrig_analysis an[DLRIG_COMPARE_MAX];      /* findings per build; estimates on the common workload */
    char workload[24];                         /* the workload every estimate is for */
    const char *unit;                          /* its unit, or NULL when no build has an estimate */
    dlrig_compare_row rows[DLRIG_CMP_ROWS];
    dlrig_compare_parts parts[DLRIG_CAT_COUNT]; /* only categories some build has */
    size_t n_parts;
} dlrig_compare;

/* Compares n (2..DLRIG_COMPARE_MAX) builds.  So that speeds are comparable,
 * every estimate uses the first build's workload, model (size, name, method, weights, context), dataset and
 * precision (findings use each build's own requirements); `workload`
 * overrides the workload when not NULL.  The builds must outlive *out.
 * Returns 0, or -1 with a message in err (bad n, unknown workload).  Free
 * with compare_free. */
int compare_builds(const dlrig_catalog *cat, const dlrig_build *const *builds, size_t n, const char *workload,
                   dlrig_compare *out, char *err, size_t errlen);
/* Frees what compare_builds allocated in *c (the analyses); not the builds,
 * not c itself, which is left zeroed.  A zeroed struct is accepted. */
void compare_free(dlrig_compare *c);
/* The comparison as one JSON document ("builds", "rows", "parts").  Caller
 * frees with cJSON_Delete. */
cJSON *compare_to_json(const dlrig_compare *c);
/* Appends the comparison to out as a Markdown table (best values in bold,
 * cells escaped for Markdown).  The caller owns out. */
void compare_markdown(const dlrig_compare *c, strbuf *out);

/* Good / Better / Best for a set of requirements, sized to its budget:
 *   Best:   the fastest build within the budget (the advisor's speed pick),
 *   Better: the fastest for at most DLRIG_TIER_BETTER_SHARE of the budget,
 *   Good:   the fastest for at most DLRIG_TIER_GOOD_SHARE of it,
 * each a real step down from the tier above: other GPUs (model or count) and
 * slower beyond the advisor's tie tolerance.  A tier whose pick is the same
 * choice as the one above (the tier above costs less than the share) is
 * looked for again under that pick's price; a tier nothing meets is left
 * out.  Ordered by price and labelled in that order ("Good" the cheapest,
 * "Best" the dearest; two: Good and Best; one: Best). */
#define DLRIG_TIER_GOOD_SHARE 0.55
#define DLRIG_TIER_BETTER_SHARE 0.75
typedef struct dlrig_tiers {
    size_t n;                                   /* 0..3 */
    dlrig_recommendation rec[DLRIG_COMPARE_MAX]; /* cheapest first */
    const char *label[DLRIG_COMPARE_MAX];       /* static: "Good", "Better", "Best" */
    double cap_usd[DLRIG_COMPARE_MAX];          /* the most each tier was allowed to cost (its share of the budget) */
} dlrig_tiers;

/* Fills *out (free with compare_tiers_free).  Returns 0 (out->n may be 0
 * when nothing meets the requirements, with the reason in err), or -1 on bad
 * requirements with a message in err. */
int compare_tiers(const dlrig_catalog *cat, const dlrig_requirements *req, dlrig_tiers *out, char *err,
                  size_t errlen);
void compare_tiers_free(dlrig_tiers *t);

#endif
