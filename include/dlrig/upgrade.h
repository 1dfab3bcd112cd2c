/*
 * upgrade.h — plan the upgrade of a machine one owns: the least-cost changes
 * that make it run its requirements, keeping the parts it has where they
 * still serve.
 *
 * The machine is a build whose lines are marked owned (dlrig scan writes
 * them; build.h): they cost nothing.  Every plan is the machine with its GPUs
 * set to n cards of one model (the owned cards kept when they are that model,
 * more of them bought beside them), n the fewest that hold the job's model,
 * then repaired with parts only (fix_repair: a bigger power supply, memory, a
 * case, ...; an owned part replaced is set aside), and checked by the rules
 * and the performance model as any build.  A plan that leaves an error, or
 * costs more than the requirements' budget, is not offered.  When none is
 * left on the machine's platform, the errors of the attempts say why the
 * platform must go.
 *
 * No terminal code.  Implemented in src/core/upgrade.c.
 */
#ifndef DLRIG_UPGRADE_H
#define DLRIG_UPGRADE_H

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stddef.h>

#include "dlrig/build.h"
#include "dlrig/catalog.h"
#include "dlrig/perf.h"
#include "dlrig/rules.h"

/* One proposal. */
typedef struct dlrig_upgrade_plan {
    dlrig_build build;       /* the machine after it: owned lines kept, the rest to buy */
    double cost_usd;         /* what is bought (the build's total: owned lines count 0) */
    int unpriced_parts;      /* lines to buy without a price (cost is then a lower bound) */
    dlrig_estimate est;      /* the plan's estimate */
    double speedup;          /* est.throughput / the machine's own; INFINITY when the machine cannot run the job */
    double vram_gb;          /* the plan's VRAM, all cards of a node */
    size_t warnings;         /* warning-level findings of the plan */
    char changes[512];       /* "buy 1 x GeForce RTX 3090 beside the 1 owned; buy MAG A1000GL PCIE5 (sets aside ...)" */
} dlrig_upgrade_plan;

typedef struct dlrig_upgrade {
    dlrig_report now;        /* the machine as it is */
    dlrig_estimate now_est;  /* its estimate (valid when have_now_est) */
    bool have_now_est;
    bool now_runs;           /* it runs the requirements as it is: no error, and the model fits */
    char now_why[400];       /* why it does not ("" when it does) */
    double now_vram_gb;
    dlrig_upgrade_plan *plans; /* cheapest first (then faster), at most the number asked for */
    size_t n_plans;
    size_t tried;            /* GPU models tried */
    char platform_note[600]; /* with no plan: the errors the attempts left, most frequent first */
} dlrig_upgrade;

/* Plans the upgrade of `machine` (its requirements say what it must run;
 * at least one line should be owned) and keeps the max_plans cheapest
 * distinct plans (plans whose speed and VRAM equal a cheaper one's are left
 * out).  Returns 0, or -1 with a message in err (no GPU model to try, an
 * estimate that cannot be made: an unknown workload or model).  Free with
 * upgrade_free. */
int upgrade_plan(const dlrig_catalog *cat, const dlrig_build *machine, size_t max_plans, dlrig_upgrade *out,
                 char *err, size_t errlen);
void upgrade_free(dlrig_upgrade *u);

/* The plan as JSON: {"cost_usd", "unpriced_parts", "changes", "speedup",
 * "vram_gb", "warnings", "estimate": {...}, "build": {...}}.  Caller frees. */
cJSON *upgrade_plan_to_json(const dlrig_catalog *cat, const dlrig_upgrade_plan *p);

/* The words the command line, the terminal interface and the exports share.
 * upgrade_now_text: "as it is, 120 tokens/s" or "as it is, it cannot run the
 * requirements: ...".  upgrade_plan_headline: "$1,769: 335 tokens/s, runs
 * what the machine cannot, 48 GB of VRAM (24 GB now)" (" +?" after the cost
 * when a part to buy has no price).  upgrade_plan_value: what a plan gains
 * per $1,000 spent ("41.3% faster per $1,000 spent"), "" when it buys
 * nothing.  Each returns buf. */
const char *upgrade_now_text(const dlrig_upgrade *u, char *buf, size_t len);
const char *upgrade_plan_headline(const dlrig_upgrade *u, const dlrig_upgrade_plan *p, char *buf, size_t len);
const char *upgrade_plan_value(const dlrig_upgrade_plan *p, char *buf, size_t len);

#endif
