/*
 * price.h — what a part costs: the offer it is priced at (price, condition,
 * market, month) and the policy that picks that offer from the prices the
 * catalog and the user's price lists hold.  Pure: no catalog, no SQL.
 *
 * The policy, for each of a part's new and second-hand prices:
 *   1. per market (a retailer, a vendor's price list, the catalog's own row)
 *      only its newest price stands: an older line never displaces a newer
 *      one from the same market;
 *   2. of those, only the current ones count: dated within
 *      DLRIG_PRICE_WINDOW_MONTHS of the newest (an undated price counts only
 *      when no price is dated);
 *   3. the cheapest current price wins (on a tie, the newest).
 */
#ifndef DLRIG_PRICE_H
#define DLRIG_PRICE_H

#include <stdbool.h>
#include <stddef.h>

#include "dlrig/vocab.h"

/* Months before a part's newest price within which another market's price
 * is still current.  One: the newest month and the one before.  In 2025-26
 * GPU and memory prices moved by 40 % and more within a few months (the
 * DRAM shortage; r/buildapcsales posts put an RTX 5080 at $980 in 2026-06
 * and $1,499 in 2026-09), so a deal three months older than the newest
 * price is not one a buyer can get; a month gives a retailer that posts
 * monthly a chance to be compared. */
#define DLRIG_PRICE_WINDOW_MONTHS 1
/* A price older than this many months is flagged where it is shown (quotes
 * say "re-check before ordering"). */
#define DLRIG_PRICE_STALE_MONTHS 6

/* One price of a part: from the catalog's row, a catalog price offer or a
 * user price list.  Strings belong to the catalog. */
typedef struct dlrig_price {
    double usd;                /* NAN: no price */
    const char *date;          /* 'YYYY-MM' or 'YYYY-MM-DD' it was observed; NULL when not known */
    const char *market;        /* where: an offer's market or a price list's vendor; NULL for the catalog's row */
    const char *source;        /* the catalog source id, or the price list's file name; may be NULL */
    dlrig_condition condition; /* new, used or refurbished */
    bool user_list;            /* from the user's price lists (dlrig prices import) */
    bool owned;                /* a line the buyer owns already (a build line marked "owned"): usd is 0, and
                                  what shows a price says "owned" instead */
} dlrig_price;

/* No price. */
dlrig_price price_none(void);
/* Whether p has a usable price (finite and positive, or owned: 0). */
bool price_known(const dlrig_price *p);

/* The price the policy above picks among obs[0..n) (all of one kind: new,
 * or second-hand); price_none() when none is known. */
dlrig_price price_pick(const dlrig_price *obs, size_t n);

/* Months since the epoch of a 'YYYY-MM' or 'YYYY-MM-DD' date (year * 12 +
 * month - 1), or -1 when it is not such a date. */
int price_month_index(const char *date);
/* Months from date to today ('YYYY-MM...'): >= 0; -1 when either is not a
 * date. */
int price_age_months(const char *date, const char *today);
/* What a reader is told of a build's price age, from its oldest price date
 * (NULL: none dated): "prices from 2026-05" when they are recent, "prices
 * from 2025-07, 16 months old: re-check before ordering" when the oldest is
 * more than DLRIG_PRICE_STALE_MONTHS before today; "" when no price is
 * dated.  Returns buf. */
const char *price_age_note(const char *oldest, const char *today, char *buf, size_t len);
/* Whether a price of `date` is more than DLRIG_PRICE_STALE_MONTHS old on `today`. */
bool price_stale(const char *date, const char *today);
/* Today's month as 'YYYY-MM' into buf (8 bytes): the local date, or
 * DLRIG_TODAY ('YYYY-MM' or 'YYYY-MM-DD') from the environment when set
 * (tests and reproducible documents). */
const char *price_today(char buf[8]);

#endif
