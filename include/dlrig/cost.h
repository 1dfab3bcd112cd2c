/*
 * cost.h — buy or rent: what owning a build costs over its years (purchase
 * and electricity at the wall for the workload's sustained draw) against
 * renting cloud GPU instances that do the same work, the build's estimated
 * throughput mapped to each instance's through the same performance model
 * (perf.h) at the catalog's dated hourly rates (catalog_cloud_rates).
 *
 * Every assumption is a field of dlrig_cost_assumptions, stated in the
 * output and changeable by the caller:
 *   - the machine runs the workload hours_per_day x 365 days x utilisation
 *     hours a year, at the estimated speed; idle draw is not counted;
 *   - the cloud does the same work, paying only for the instance-hours the
 *     work takes (rented only while working), at the stored rate;
 *   - no resale value, financing, storage, data transfer, space, cooling or
 *     staff time on either side.
 */
#ifndef DLRIG_COST_H
#define DLRIG_COST_H

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stddef.h>

#include "dlrig/build.h"
#include "dlrig/catalog.h"
#include "dlrig/perf.h"

/* Default electricity price (USD per kWh): the US city average retail price
 * of electricity, BLS series APU000072610 as charted by FRED, $0.19 in
 * 2025-06 (db/SOURCES.md, "Cloud GPU rates"). */
#define DLRIG_COST_KWH_USD 0.19
#define DLRIG_COST_HOURS_PER_DAY 8.0
#define DLRIG_COST_YEARS 3.0
#define DLRIG_COST_UTILISATION 1.0

typedef struct dlrig_cost_assumptions {
    double kwh_usd;       /* electricity price, USD per kWh */
    double hours_per_day; /* hours a day the machine runs the workload (0..24] */
    double years;         /* years the machine is used (purchase spread over them) */
    double utilisation;   /* share of those hours the GPUs run at the estimated speed (0..1] */
} dlrig_cost_assumptions;

/* The defaults above. */
void cost_assumptions_default(dlrig_cost_assumptions *a);

/* Owning the build. */
typedef struct dlrig_cost_own {
    double purchase_usd;         /* the whole plan; NAN when no part is priced */
    double wall_w;               /* sustained draw at the wall running the workload, whole plan */
    double throughput;           /* the build's estimate, units of the workload a second */
    double epoch_hours;          /* one pass over the dataset; NAN without a dataset size */
    double work_hours_per_year;  /* hours_per_day x 365 x utilisation */
    double kwh_per_year;         /* wall_w / 1000 x work_hours_per_year */
    double electricity_per_year; /* kwh_per_year x kwh_usd */
    double total_usd;            /* purchase + electricity_per_year x years */
    double usd_per_hour;         /* total_usd / (work_hours_per_year x years) */
    double usd_per_run;          /* usd_per_hour x epoch_hours; NAN without an epoch */
    double usd_per_million;      /* per million units of the workload (samples or tokens) */
} dlrig_cost_own;

/* Renting one cloud offer for the same work. */
typedef struct dlrig_cost_offer {
    const dlrig_cloud_rate *rate; /* the catalog row (not set by cost_offer_arith) */
    double throughput;            /* the offer's estimate (its GPU x count), units a second */
    bool fits;                    /* the workload's model fits the offer's GPUs */
    double hours_ratio;           /* instance-hours per hour of the build's work: build / offer throughput */
    double hours_per_year;        /* instance-hours for a year of the build's work */
    double usd_per_year;
    double total_usd;             /* over the years */
    double usd_per_run;           /* an epoch on the offer; NAN without one */
    double usd_per_million;       /* per million units of the workload */
    double breakeven_months;      /* months of the build's work after which owning is cheaper;
                                     INFINITY when renting never costs more than the electricity,
                                     NAN when the build is unpriced */
} dlrig_cost_offer;

typedef struct dlrig_cost {
    dlrig_cost_assumptions a;
    dlrig_estimate est;           /* the build's estimate */
    bool fits;                    /* the workload's model fits the build */
    int unpriced_parts;           /* lines without a price (purchase is a lower bound) */
    int owned_parts;              /* lines owned already: not in the purchase */
    const char *load_assumption;  /* what the wall draw assumes (power_load_assumption) */
    dlrig_cost_own own;
    dlrig_cost_offer *offers;     /* in catalog order; malloc'd, cost_free frees it */
    size_t n_offers;
} dlrig_cost;

/* The arithmetic of owning, from plain numbers: fills o from the
 * assumptions, purchase (USD, NAN unpriced), wall watts, throughput (units a
 * second) and epoch hours (NAN: none). */
void cost_own_arith(const dlrig_cost_assumptions *a, double purchase_usd, double wall_w, double throughput,
                    double epoch_hours, dlrig_cost_own *o);
/* The arithmetic of renting one offer for the owner's work: fills f from
 * the owner's figures, the offer's throughput and its hourly rate. */
void cost_offer_arith(const dlrig_cost_assumptions *a, const dlrig_cost_own *own, double offer_throughput,
                      double usd_per_hour, dlrig_cost_offer *f);

/* Checks the assumptions; 0, or -1 with a message naming the value and the
 * range expected. */
int cost_check_assumptions(const dlrig_cost_assumptions *a, char *err, size_t errlen);

/* Whether some cloud rate's provider is `provider` (ASCII case-insensitive). */
bool cost_provider_known(const dlrig_catalog *cat, const char *provider);

/* Buy or rent for build b running `workload` (NULL: the build's own):
 * owning (rules_check's totals and wall draw, perf_estimate's throughput)
 * and every cloud rate of `provider` (NULL or "all": every provider),
 * each offer estimated by perf_estimate on a build of its GPU x count with
 * b's requirements.  Returns 0, or -1 with a message in err (bad
 * assumptions, unknown workload, a build without a GPU, an unknown provider).
 * Free with cost_free. */
int cost_compute(const dlrig_catalog *cat, const dlrig_build *b, const char *workload, const dlrig_cost_assumptions *a,
                 const char *provider, dlrig_cost *out, char *err, size_t errlen);
void cost_free(dlrig_cost *c);

/* The result as the JSON of `dlrig cost --json`.  Caller frees. */
cJSON *cost_to_json(const dlrig_catalog *cat, const dlrig_cost *c);

#endif
