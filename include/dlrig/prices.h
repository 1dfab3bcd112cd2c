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
 * The delimiter is ',' ';' or tab, whichever the header uses.  Header names
 * are matched without regard to case, spaces, '_' or '-', with common
 * synonyms (prices_column_help lists them), in any order; other columns are
 * ignored and reported.  Each line names its part by one of
 *   id    the catalog part id;
 *   mpn   a manufacturer part number (SKU), looked up in the catalog's part
 *         numbers: a number sold as a kit of N in the catalog prices the kit
 *         at N times the line's price, and a module number sold in several
 *         kit sizes prices each;
 *   name  the catalog part's name (with or without its maker), exactly, or
 *         a part number written inside the name;
 * tried in that order.  price is a positive number with a '.' decimal point
 * and optional ',' thousands separators (groups of 3), or with a declared
 * decimal comma a ',' decimal point and '.', space or apostrophe
 * separators; a leading or trailing $, EUR sign or GBP sign gives the
 * currency.  currency a 3-letter ISO 4217 code in capitals; date YYYY-MM-DD
 * or YYYY-MM, not after today; vendor a non-empty name.  currency, date and
 * vendor may instead be given for the whole file (dlrig_price_options).
 * Prices in a currency other than USD need a stated rate (US dollars per
 * unit, e.g. EUR=1.08); totals are always in USD at the stated rate.
 * Storage and the effective prices are in catalog.h
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

/* How an imported line found its part. */
typedef enum {
    DLRIG_MATCH_ID,       /* the catalog id */
    DLRIG_MATCH_MPN,      /* a manufacturer part number */
    DLRIG_MATCH_NAME,     /* the part's name */
    DLRIG_MATCH_NAME_MPN, /* a part number written inside the name */
    DLRIG_MATCH_COUNT
} dlrig_price_match;

/* Words for each way, e.g. "part number". */
extern const char *const dlrig_price_match_names[DLRIG_MATCH_COUNT];

/* What a price list does not say itself (zero: the file says everything). */
typedef struct dlrig_price_options {
    const char *label;       /* the file's name, stored as each row's source */
    const dlrig_rate *rates; /* stated currency rates */
    size_t n_rates;
    bool decimal_comma;      /* prices are written 1.299,00 */
    const char *currency;    /* for a file without a currency column */
    const char *vendor;      /* for a file without a vendor column */
    const char *date;        /* for a file without a date column (YYYY-MM[-DD]) */
    const char *today;       /* YYYY-MM[-DD]: later dates are refused; NULL: today (DLRIG_TODAY when set) */
} dlrig_price_options;

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
    char delimiter;                        /* the delimiter read: ',' ';' or '\t' */
    size_t matched[DLRIG_MATCH_COUNT];     /* good lines by how they found their part */
    char ignored_columns[200];             /* header names not used, comma-separated ("" when none) */
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
/* prices_parse with what the file may leave out.  A line whose part number
 * names several catalog parts (kits of one module) gives a row for each. */
void prices_parse_opts(const dlrig_catalog *cat, const char *text, size_t len, const dlrig_price_options *opt,
                       dlrig_price_list *out);
/* The header names each column accepts, one line per column, for --help. */
const char *prices_column_help(void);
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
