/*
 * whatif.h — "swap this part into the build": the first error the swap
 * would add, and the speed and price that would result.  The builder's
 * candidate list and `dlrig parts --against BUILD.json` both read it.
 *
 * A swap puts qty of the part in place of every part of its category, qty
 * being the build's count of that category (at least 1): two GPUs swapped
 * for another model stay two.  The swapped build is judged by rules_check
 * and perf_estimate exactly as `dlrig check` / `dlrig estimate` would judge
 * it; nothing here is a model of its own.
 */
#ifndef DLRIG_WHATIF_H
#define DLRIG_WHATIF_H

#include <stdbool.h>
#include <stddef.h>

#include "dlrig/advisor.h"
#include "dlrig/build.h"
#include "dlrig/catalog.h"

/* What a swap gives (or, for whatif_base, what the build itself is). */
typedef struct dlrig_swap {
    const dlrig_part *part;  /* the part swapped in (NULL for the build itself) */
    int qty;                 /* how many of it */
    const char *error_id;    /* the first error-level finding the build did not have (a rule id, static), or NULL */
    char error_message[512]; /* that finding's message; "" when none */
    size_t new_errors;       /* error-level findings (by rule id) the build did not have */
    size_t errors;           /* error-level findings of the swapped build, in all */
    double speed;            /* the swapped build's estimated throughput (whole plan); NAN: no estimate (no GPU) */
    double speed_delta;      /* speed minus the build's; NAN when either has no estimate */
    const char *unit;        /* the estimate's unit ("samples/s", "tokens/s"), static; NULL without estimate */
    double price_usd;        /* the swapped build's total price (rules' totals: unpriced parts left out) */
    double price_delta_usd;  /* price_usd minus the build's; NAN when the part or one it replaces has no price */
    int unpriced_parts;      /* lines of the swapped build without a price (left out of price_usd) */
} dlrig_swap;

/* Swaps of parts into one build, each computed on first use and kept. */
typedef struct dlrig_whatif dlrig_whatif;

/* A what-if over a copy of b (b may change or be freed afterwards; the
 * catalog must outlive the result and keep its prices: a caller that changes
 * them, or the build, makes a new one).  Never NULL.  Free with whatif_free. */
dlrig_whatif *whatif_new(const dlrig_catalog *cat, const dlrig_build *b);
void whatif_free(dlrig_whatif *w);

/* The build itself: part NULL, qty 0, no error_id, errors and speed and
 * price of the build, deltas 0 (speed_delta NAN without an estimate).
 * Owned by w. */
const dlrig_swap *whatif_base(const dlrig_whatif *w);

/* What swapping p into the build gives (computed now or remembered from an
 * earlier call).  The result is owned by w and stays valid, unchanged,
 * until whatif_free.  p must be a part of w's catalog. */
const dlrig_swap *whatif_get(dlrig_whatif *w, const dlrig_part *p);

/* The same without a cache: swaps p into b and fills *out.  For one part;
 * whatif_get is the way to judge a whole list. */
void whatif_swap(const dlrig_catalog *cat, const dlrig_build *b, const dlrig_part *p, dlrig_swap *out);

/* How many of a part of category c a swap puts into b: the build's count of
 * that category, at least 1. */
int whatif_swap_qty(const dlrig_build *b, dlrig_category c);

/* Whether the part chosen in category c can change the build's estimated
 * speed: the GPUs, and what decides their slots and links (board, CPU, case,
 * M.2 drives, NVLink bridge, network card).  For the other categories a
 * swap's speed is the build's own. */
bool whatif_affects_speed(dlrig_category c);

/* ---- what if the advisor chose again, keeping some parts ---- */

/* The advisor's builds for a set of requirements, and the build made of
 * the best of them with the pinned parts kept. */
typedef struct dlrig_readvice {
    dlrig_recommendation *recs; /* the advisor's builds, best first (n of them) */
    size_t n;
    size_t pick;       /* the recommendation the build was made from */
    size_t errors;     /* error-level findings of the build (0 unless the pinned parts fit none) */
    dlrig_build build; /* the result: name and notes of `from`, requirements req */
} dlrig_readvice;

/* Runs advisor_recommend for req (up to top_k builds, best first) and makes
 * a build of its pick, with the parts of every category c with pinned[c]
 * (an array of DLRIG_CAT_COUNT; NULL: none pinned) taken from `from`, with
 * their quantities, instead of the advisor's: the pick is the best-ranked
 * recommendation that takes the pinned parts without an error-level finding,
 * else the one that leaves the fewest.  The build keeps from's name and notes
 * (from NULL: the recommendation's name, no notes) and gets req.  The
 * build's lines are priced by req (build_line_price: req.allow_used says
 * whether second-hand offers may price them).
 * Returns 0 with *out filled, -1 when the advisor finds no build, or -2 when
 * it refuses req (bad requirements), with its reason in err ("" when it
 * gives none); *out then holds no recommendation and an empty build.  Either
 * way the caller frees *out with whatif_readvice_free.  The advisor ranks
 * by the speed objective. */
int whatif_readvise(const dlrig_catalog *cat, const dlrig_requirements *req, const dlrig_build *from,
                    const bool *pinned, int top_k, dlrig_readvice *out, char *err, size_t errlen);
/* The same with the advisor ranking by objective obj (advisor_recommend_by). */
int whatif_readvise_by(const dlrig_catalog *cat, const dlrig_requirements *req, dlrig_objective obj,
                       const dlrig_build *from, const bool *pinned, int top_k, dlrig_readvice *out, char *err,
                       size_t errlen);
void whatif_readvice_free(dlrig_readvice *r);

#endif
