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

/* When nothing meets req: what would.  The cheapest build that meets every
 * requirement but the budget (found by bisecting the budget to the dollar;
 * `cheapest` gets its price, NAN when even $10,000,000 buys none), and which
 * single requirement, dropped, gives a build within the budget (the circuit,
 * a --require flag, the precision, the framework, the environment), with
 * the build each gives.  Writes sentences into msg ("The cheapest build that
 * meets every requirement costs $993: 1 x GeForce RTX 3060 12GB, 360
 * samples/s."); returns how many suggestions it found.  Costs a few dozen
 * searches: call it once, after advisor_recommend found nothing. */
int advisor_why_none(const dlrig_catalog *cat, const dlrig_requirements *req, double *cheapest, char *msg,
                     size_t msglen);

/* The reference search for tests: enumerates the advisor's whole search
 * space (every part of every category, quantities included) with
 * rules_check on each candidate.  Exponential; for small catalogs only.
 * Returns 1 and the best objective (throughput, price; and the build when out
 * is not NULL, initialised by the caller with build_init) or 0 when nothing is
 * acceptable; -1 on bad requirements. */
int advisor_exhaustive(const dlrig_catalog *cat, const dlrig_requirements *req, double *throughput, double *price,
                       dlrig_build *out);

/* True when the advisor's builds never carry a warning with this finding id
 * (errors are always excluded).  finding_id: a rule id such as
 * "cpu.cores_per_gpu"; the caller keeps it. */
bool advisor_avoids(const char *finding_id);

#endif
