/*
 * advisor.h — given requirements, the best complete builds under the budget:
 * the highest estimated throughput for the workload with no error-level
 * finding, every --require met and the model fitting in memory; ties go to
 * the cheaper build.  Returns a ranked, diverse top-K with explanations.
 */
#ifndef DLRIG_ADVISOR_H
#define DLRIG_ADVISOR_H

#include <cjson/cJSON.h>
#include <stddef.h>

#include "dlrig/build.h"
#include "dlrig/catalog.h"
#include "dlrig/perf.h"
#include "dlrig/rules.h"

typedef struct dlrig_recommendation {
    dlrig_build build;
    dlrig_report report;
    dlrig_estimate estimate;
    double price_usd;
    double perf_per_kusd;  /* throughput per $1,000 */
    char why[1024];        /* why this GPU, what limits it, what the next step buys */
} dlrig_recommendation;

/* Recommends up to top_k diverse builds (different GPU models or counts),
 * best first.  On success returns 0 with *out a malloc'd array of *n
 * recommendations (free with recommendations_free); *n may be 0 when nothing
 * meets the requirements, with the reason in err.  Returns -1 on bad
 * requirements with a message in err. */
int advisor_recommend(const dlrig_catalog *cat, const dlrig_requirements *req, int top_k,
                      dlrig_recommendation **out, size_t *n, char *err, size_t errlen);
void recommendations_free(dlrig_recommendation *r, size_t n);

/* As advisor_recommend; when req asks for one node and no single machine
 * meets it (the model needs more GPUs than any chassis holds, say), plans 2,
 * 4, ... up to max_nodes identical nodes with an RDMA interconnect instead. */
int advisor_recommend_nodes(const dlrig_catalog *cat, const dlrig_requirements *req, int top_k, int max_nodes,
                            dlrig_recommendation **out, size_t *n_out, char *err, size_t errlen);

/* The reference search for tests: enumerates the advisor's whole search
 * space (every part of every category, quantities included) with
 * rules_check on each candidate.  Exponential; for small catalogs only.
 * Returns 1 and the best objective (throughput, price; and the build when out
 * is not NULL, initialised by the caller with build_init) or 0 when nothing is
 * acceptable; -1 on bad requirements. */
int advisor_exhaustive(const dlrig_catalog *cat, const dlrig_requirements *req, double *throughput, double *price,
                       dlrig_build *out);

#endif
