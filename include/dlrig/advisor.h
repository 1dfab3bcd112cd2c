/*
 * advisor.h — given requirements, the best complete builds under the budget.
 * Returns a ranked, diverse top-K with explanations.
 *
 * A build is acceptable when it has no error-level finding, none of the
 * warnings the advisor avoids, every --require met, the model fitting in
 * memory and its price within the budget.  Among the acceptable builds A,
 * with speed s(b) the estimated throughput and t = ADVISOR_TIE_TOLERANCE:
 *
 *   speed objective: S* = max s(b); the ties T = { b : s(b) >= (1 - t) S* };
 *     the pick is the least of T by (price, GPUs, -VRAM, -architecture year,
 *     -speed): the cheaper build, then fewer GPUs, more VRAM, a newer
 *     architecture, and the faster one.
 *   value objective: v(b) = s(b) / price; V* = max v(b); the ties
 *     T = { b : v(b) >= (1 - t) V* }; the pick is the least of T by (-speed,
 *     price, GPUs, -VRAM, -architecture year): as much speed per dollar as
 *     the best, and then as much speed as possible.
 *
 * Power limits (power binds): when no power supply in the catalog (or the
 * chassis' own) carries a build's parts within its headroom and the wall
 * circuit, the same parts are taken with their GPUs limited to 90%, else 80%,
 * else 70% of their rating (power_limit_w, `nvidia-smi -pl`), the first
 * level some supply carries; its speed is the measured curve's (power.h).
 * Not for language-model jobs (their estimate does not read limits) nor with
 * requirements no_power_limit.  Limited builds then compete as above; among
 * equals in price the less limited comes first.  The exhaustive reference
 * search admits limits by the same test.
 *
 * Rank k is the pick among the acceptable builds whose (GPU model, count)
 * no better rank has (the top-K is diverse).
 *
 * RAM: builds are ranked with the least RAM the rules accept (at least the
 * largest card's VRAM); RAM adds no speed.  The speed objective's picks are
 * then sized as vendors recommend, to twice the node's total VRAM
 * (constraint_ram_recommended_gb), with the cheapest memory that reaches it
 * on the same board and CPUs when the build stays acceptable and within the
 * budget; the exhaustive search sizes its pick the same way.  The value
 * objective keeps the least RAM (more would only lower speed per dollar).
 */
#ifndef DLRIG_ADVISOR_H
#define DLRIG_ADVISOR_H

#include <cjson/cJSON.h>
#include <stddef.h>

#include "dlrig/build.h"
#include "dlrig/catalog.h"
#include "dlrig/perf.h"
#include "dlrig/rules.h"

/* What the advisor optimises (recommend --objective). */
typedef enum dlrig_objective {
    DLRIG_OBJ_SPEED, /* the fastest build, ties within the tolerance to the cheaper */
    DLRIG_OBJ_VALUE, /* the most speed per dollar, ties within the tolerance to the faster */
} dlrig_objective;

/* The objectives' names, in enum order, NULL-terminated ("speed", "value"). */
extern const char *const dlrig_objective_ids[];

/* Builds within 5% of the best speed (or value) are ties.  Differences that
 * small are below what the performance model resolves (its median error on
 * published measurements is about 9%, docs/CALIBRATION.md) and below what a
 * user notices in a training run (an hour per epoch against 63 minutes), so
 * ranking by them would buy a dearer machine for noise. */
#define ADVISOR_TIE_PERCENT 5
#define ADVISOR_TIE_TOLERANCE (ADVISOR_TIE_PERCENT / 100.0)

/* The objective's rule in one sentence, for people ("the fastest build;
 * builds within 5% of the fastest are ties, ..."); static text. */
const char *advisor_objective_rule(dlrig_objective obj);

typedef struct dlrig_recommendation {
    dlrig_build build;
    dlrig_report report;
    dlrig_estimate estimate;
    double price_usd;
    double perf_per_kusd;  /* throughput per $1,000 */
    char why[1280];        /* why this GPU, what limits it, what the next step buys */
    dlrig_objective objective; /* what it was chosen for */
    double band_top;           /* the best goal (speed, or speed per dollar) among the builds this rank
                                  was chosen from: the top of its tie band (a build of a pair a better
                                  rank took, or not shown, may hold it) */
    bool ram_sized;            /* RAM raised to the recommended amount (see "RAM" above) */
} dlrig_recommendation;

/* Recommends up to top_k diverse builds (different GPU models or counts),
 * best first.  On success returns 0 with *out a malloc'd array of *n
 * recommendations (free with recommendations_free); *n may be 0 when nothing
 * meets the requirements, with the reason in err.  Returns -1 on bad
 * requirements with a message in err. */
int advisor_recommend(const dlrig_catalog *cat, const dlrig_requirements *req, int top_k,
                      dlrig_recommendation **out, size_t *n, char *err, size_t errlen);
void recommendations_free(dlrig_recommendation *r, size_t n);

/* As advisor_recommend, for the objective obj (advisor_recommend is
 * advisor_recommend_by with DLRIG_OBJ_SPEED). */
int advisor_recommend_by(const dlrig_catalog *cat, const dlrig_requirements *req, dlrig_objective obj, int top_k,
                         dlrig_recommendation **out, size_t *n, char *err, size_t errlen);

/* As advisor_recommend; when req asks for one node and no single machine
 * meets it (the model needs more GPUs than any chassis holds, say), plans 2,
 * 4, ... up to max_nodes identical nodes with an RDMA interconnect instead. */
int advisor_recommend_nodes(const dlrig_catalog *cat, const dlrig_requirements *req, dlrig_objective obj, int top_k,
                            int max_nodes, dlrig_recommendation **out, size_t *n_out, char *err, size_t errlen);

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
 * Returns 1 and the pick of objective obj (its throughput, price; and the
 * build when out is not NULL, initialised by the caller with build_init) or 0
 * when nothing is acceptable; -1 on bad requirements. */
int advisor_exhaustive(const dlrig_catalog *cat, const dlrig_requirements *req, dlrig_objective obj,
                       double *throughput, double *price, dlrig_build *out);

/* True when the advisor's builds never carry this finding: every error, and
 * the warnings of the rules the table marks DLRIG_RULE_AVOID. */
bool advisor_avoids(const dlrig_finding *f);

#endif
