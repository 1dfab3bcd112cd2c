/*
 * prices.h — user price lists: reading and validating a vendor's CSV price
 * list (a pure function over a buffer, no SQL), currency rates, where the
 * user database lives, and what a build costs at each vendor.
 *
 * Price list format (CSV, RFC 4180, UTF-8, a header row required):
 *
 *   id,price,currency,date,vendor
 *   nvidia-rtx-4090,1799.00,USD,2025-03-14,Acme Computers
 *   nvidia-rtx-6000-ada,6450,EUR,2025-03,Euro Parts GmbH
 *
 * The five header names are exact (lower case) and may come in any order;
 * no other columns.  price is a positive number with a '.' decimal point;
 * currency a 3-letter ISO 4217 code in capitals; date YYYY-MM-DD or YYYY-MM;
 * vendor a non-empty name.  Prices in a currency other than USD need a
 * stated rate (US dollars per unit, e.g. EUR=1.08); totals are always in USD
 * at the stated rate.  Storage and the effective prices are in catalog.h
 * (catalog_user_prices_store, catalog_apply_user_prices).
 */
#ifndef DLRIG_PRICES_H
#define DLRIG_PRICES_H

#include <stdbool.h>
#include <stddef.h>

#include "dlrig/build.h"
#include "dlrig/catalog.h"

/* Largest price list accepted. */
#define DLRIG_PRICES_MAX_BYTES (8u << 20)
#define DLRIG_PRICES_MAX_RATES 16

typedef struct dlrig_rate {
    char currency[4];
    double usd_per_unit;
} dlrig_rate;

/* One rejected line: "LINE: reason" (line 0 for the file as a whole). */
typedef struct dlrig_price_issue {
    int line;
    char reason[320];
} dlrig_price_issue;

typedef struct dlrig_price_list {
    dlrig_price_row *rows; /* the good lines, in file order */
    size_t n_rows;
    dlrig_price_issue *issues; /* every bad line, in file order */
    size_t n_issues;
    bool fatal; /* the header (or the file) is unusable: nothing can be imported */
} dlrig_price_list;

/* Parses "EUR=1.08" (USD per unit; currency 3 capital letters; rate a
 * positive number).  Returns 0, or -1 with a message in err. */
int prices_parse_rate(const char *arg, dlrig_rate *out, char *err, size_t errlen);

/* Reads and validates a price list of len bytes against the catalog.  Every
 * line is checked; good lines go to out->rows (with their USD price at the
 * stated rate and `label` as their source), bad ones to out->issues with the
 * reason (an unknown id names the closest catalog ids).  `label` is the file
 * name used in rows.  Never fails otherwise; free with price_list_free. */
void prices_parse(const dlrig_catalog *cat, const char *text, size_t len, const char *label,
                  const dlrig_rate *rates, size_t n_rates, dlrig_price_list *out);
void price_list_free(dlrig_price_list *l);

/* The user database's path: $XDG_DATA_HOME/dlrig/user.db (or
 * ~/.local/share/dlrig/user.db); with create, the directory is made (0700).
 * Returns a string the caller frees, or NULL with errno set. */
char *prices_user_db_path(bool create);

/* What one vendor charges for a whole build. */
typedef struct dlrig_vendor_total {
    char vendor[72];
    double total_usd; /* whole plan (nodes x node parts + cluster parts) */
    int lines_listed; /* build lines the vendor prices */
    int lines;        /* build lines with a price (the vendor's or the catalog's) */
} dlrig_vendor_total;

/* The build's total at each vendor of the applied user prices: the vendor's
 * USD price where it lists the part, the catalog price where it does not.
 * Writes up to max vendors, cheapest first; returns how many vendors there
 * are (0 without user prices). */
size_t prices_vendor_totals(const dlrig_catalog *cat, const dlrig_build *b, dlrig_vendor_total *out, size_t max);

#endif
