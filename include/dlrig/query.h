/*
 * query.h — listing, filtering and sorting catalog parts, and a part as JSON.
 * Pure functions over the loaded catalog (no SQL): the CLI's `parts`, the
 * TUI's candidate lists and `show` all use them.
 */
#ifndef DLRIG_QUERY_H
#define DLRIG_QUERY_H

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stddef.h>

#include "dlrig/catalog.h"
#include "dlrig/format.h" /* format_usd, format_thousands */

typedef struct dlrig_query {
    int category;       /* a dlrig_category, or -1 for every category */
    const char *filter; /* words that must all appear in id, vendor or name (any case); NULL for all */
    const char *sort;   /* a field name (see category_field); NULL: by category, then id */
    bool descending;
    bool unpriced;      /* only the parts part_unpriced() reports */
    bool old_prices;    /* only the parts whose price (as dlrig prices them, new) is more than older_than
                           months old on price_today(), or undated */
    int older_than;
} dlrig_query;

/* Whether a part has no usable price (none, or not above zero), so that
 * `dlrig recommend` cannot consider it.  A complete server's built-in board
 * does not count: it comes with its chassis, priced or not. */
bool part_unpriced(const dlrig_catalog *cat, const dlrig_part *p);
/* How many parts of the catalog part_unpriced() reports. */
size_t catalog_unpriced_count(const dlrig_catalog *cat);

/* Runs q.  On success returns 0 and sets *out to a malloc'd array of *n part
 * pointers (the caller frees the array, not the parts).  On a bad sort field
 * returns -1 with a message listing the valid fields in err. */
int catalog_query(const dlrig_catalog *cat, const dlrig_query *q, const dlrig_part ***out, size_t *n, char *err,
                  size_t errlen);

/* Every field of a part as a JSON object (unknown values null, booleans as
 * true/false, LIST fields as arrays, a board's slot map as "pcie_slots",
 * "m2_slots", "lane_sharing"; a bridge's "fits").  Caller frees with cJSON_Delete. */
cJSON *part_to_json(const dlrig_part *p);

/* A field's value for people: "-" when unknown, yes/no for booleans, money
 * as "$1,599", other numbers without trailing zeros; price_date is the date
 * of the price the part is shown at (an offer's or an imported list's, as
 * part_to_json gives it), not the catalog row's.  Writes into buf. */
const char *part_field_format(const dlrig_part *p, const dlrig_field *f, char *buf, size_t len);

/* A part's sheet, line by line, as `dlrig show` and the builder's part view
 * show it: every field but the name (its price date with where the price
 * was seen), the source's title and address after the source, the
 * category's own fields, and a note when a vendor's list sets the price.
 * fn gets each line: its kind, a label ("" for a detail line) and the value. */
typedef enum { DLRIG_SHEET_FIELD, DLRIG_SHEET_DETAIL, DLRIG_SHEET_NOTE } dlrig_sheet_kind;
typedef void (*dlrig_sheet_fn)(void *ctx, dlrig_sheet_kind kind, const char *label, const char *value);
void part_sheet(const dlrig_catalog *cat, const dlrig_part *p, dlrig_sheet_fn fn, void *ctx);

/* An M.2 socket's link for people: "PCIe 4.0 x4", or what of it the catalog
 * does not know ("link not in the catalog").  Writes into buf; returns buf. */
const char *m2_link_format(const dlrig_m2 *m, char *buf, size_t len);

/* The columns worth showing in a list of parts of category c (field names,
 * NULL-terminated), most important first. */
const char *const *category_list_columns(dlrig_category c);

/* A short column heading for a field name ("vram_gb" -> "VRAM GB"). */
const char *field_label(const char *name);

#endif
