/*
 * userdb.h — the user's price store ($XDG_DATA_HOME/dlrig/user.db).
 */
#ifndef DLRIG_USERDB_H
#define DLRIG_USERDB_H

#include <stddef.h>

/* ---- user price lists ($XDG_DATA_HOME/dlrig/user.db) ----
 *
 * A price list line: one vendor's price of one part, in the vendor's
 * currency, with the rate (US dollars per unit of that currency) stated when
 * the list was imported.  Several vendors' lists live side by side, keyed by
 * (part_id, vendor); the effective price of a part is the cheapest vendor's
 * price in USD.  The user database has its own schema version
 * (DLRIG_USER_DB_VERSION in PRAGMA user_version). */
#define DLRIG_USER_DB_VERSION 1

typedef struct dlrig_price_row {
    char part_id[96];
    char vendor[72];
    double price;        /* in `currency`, > 0 */
    char currency[4];    /* ISO 4217, upper case */
    double usd_per_unit; /* the stated rate; 1 for USD */
    double price_usd;    /* price * usd_per_unit */
    char date[11];       /* YYYY-MM-DD or YYYY-MM */
    int line;            /* line in the imported file (0 when unknown) */
    char source[160];    /* the imported file's name ("" when unknown) */
    char imported_at[24];/* UTC, ISO 8601 ("" before storing) */
    /* how an imported line found its part (not stored) */
    unsigned char match; /* dlrig_price_match (prices.h) */
    int units;           /* items of the line's part number in the part (1 otherwise) */
    char matched_on[72]; /* the part number or name the line gave ("" for an id) */
} dlrig_price_row;

/* Stores rows in the user database at db_path (created with its schema when
 * missing; the directory must exist), replacing earlier rows with the same
 * (part_id, vendor).  One transaction: on any failure nothing is stored.
 * Returns 0, or DLRIG_CATALOG_EIO with a message naming the file in err. */
int catalog_user_prices_store(const char *db_path, const dlrig_price_row *rows, size_t n, char *err, size_t errlen);
/* Reads every row of the user database (ordered by part id, then USD
 * price, then vendor).  A missing file is an empty list.  On success returns
 * 0 with *out a malloc'd array (free with free) of *n rows; on a corrupt or
 * unreadable file returns DLRIG_CATALOG_EIO with a message in err. */
int catalog_user_prices_read(const char *db_path, dlrig_price_row **out, size_t *n, char *err, size_t errlen);
/* Removes the rows of `vendor` (every row when vendor is NULL); *removed gets
 * the count.  A missing file removes nothing.  0 or DLRIG_CATALOG_EIO. */
int catalog_user_prices_clear(const char *db_path, const char *vendor, size_t *removed, char *err, size_t errlen);

#endif
