/*
 * export.h — a build with its totals, estimate and findings as a document:
 * a Markdown parts list, RFC 4180 CSV, one JSON document, aligned plain text
 * or a self-contained printable HTML quote.  Two or three builds side by side
 * are in compare.h.
 *
 * No terminal code: every function writes into a strbuf (util.h) or builds
 * cJSON, and the front ends decide where the bytes go.
 */
#ifndef DLRIG_EXPORT_H
#define DLRIG_EXPORT_H

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#include "dlrig/build.h"
#include "dlrig/catalog.h"
#include "dlrig/perf.h"
#include "dlrig/rules.h"
#include "dlrig/util.h"

typedef enum {
    DLRIG_EXPORT_MD,
    DLRIG_EXPORT_CSV,
    DLRIG_EXPORT_JSON,
    DLRIG_EXPORT_TXT,
    DLRIG_EXPORT_HTML,
    DLRIG_EXPORT_COUNT
} dlrig_export_format;

/* "md", "csv", "json", "txt", "html" (NULL-terminated, in enum order). */
extern const char *const dlrig_export_format_ids[];
#define DLRIG_EXPORT_FORMAT_NAMES "md, csv, json, txt, html"
/* The format named s, or -1. */
int export_format_from_name(const char *s);
/* The usual file extension of a format, without the dot ("md", "html"). */
const char *export_format_ext(dlrig_export_format f);

/* ---- analysis: what every export shows beside the parts ---- */

typedef struct dlrig_analysis {
    dlrig_report report;     /* rules_check of the build */
    dlrig_estimate estimate; /* valid when have_estimate */
    bool have_estimate;
    char estimate_err[256];  /* why there is no estimate ("no GPU in the build") */
} dlrig_analysis;

/* Runs the rules and the performance model on b (for b's own workload).  `an`
 * must be zero-initialised the first time; it may be reused.  Free with
 * export_analysis_free. */
void export_analyze(const dlrig_catalog *cat, const dlrig_build *b, dlrig_analysis *an);
void export_analysis_free(dlrig_analysis *an);

/* ---- options of a quote ---- */

typedef struct dlrig_export_opts {
    const char *customer;  /* NULL or "" when none */
    const char *project;
    const char *notes;     /* free text; newlines kept in HTML, Markdown and text */
    int validity_days;     /* days the quote is valid (default 30) */
    double discount_pct;   /* 0..100, on the subtotal */
    double tax_pct;        /* 0..100, on the discounted subtotal */
    time_t date;           /* the quote's date; 0 means now (tests inject one) */
} dlrig_export_opts;

/* Defaults: no customer, project or notes, 30 days, no discount, no tax, today. */
void export_opts_init(dlrig_export_opts *o);

#define DLRIG_EXPORT_MAX_PCT 100.0
#define DLRIG_EXPORT_MAX_DAYS 3650

/* The money of a quote in integer cents: line totals are unit price (rounded
 * to the cent) x quantity; discount = round(subtotal x pct / 100); tax =
 * round((subtotal - discount) x pct / 100); total = subtotal - discount + tax.
 * Rounding is half away from zero.  Amounts saturate at DLRIG_MONEY_CAP_CENTS
 * (a quadrillion dollars) instead of overflowing. */
#define DLRIG_MONEY_CAP_CENTS 100000000000000000LL

typedef struct dlrig_quote_money {
    long long subtotal, discount, tax, total; /* cents */
    int unpriced_lines;                        /* lines without a price (not in the subtotal) */
    bool any_cents;                            /* some amount is not a whole dollar */
} dlrig_quote_money;
void export_quote_money(const dlrig_build *b, double discount_pct, double tax_pct, dlrig_quote_money *out);

/* Money for people: "$1,234" when cents is a whole dollar amount and
 * show_cents is false, else "$1,234.50"; negative amounts "-$12.00"; a
 * saturated amount "over $1,000,000,000,000,000". */
const char *export_format_cents(long long cents, bool show_cents, char *buf, size_t len);

/* A part as people name it on a purchase order: vendor and name ("NVIDIA
 * RTX 5000 Ada"), the name alone when it already starts with the vendor. */
const char *export_part_label(const dlrig_part *p, char *buf, size_t len);

/* Quantity of an item across the plan: qty for cluster-wide parts, qty x
 * nodes for the others. */
int export_item_total_qty(const dlrig_build *b, const dlrig_item *it);

/* Appends the build as a document in `fmt` to out.  `an` is its analysis
 * (export_analyze); opts may be NULL for the defaults.  Every string from the
 * build, the catalog or the options is escaped for the format (Markdown table
 * metacharacters, CSV quoting and formula-injection prefix, HTML entities).
 * Returns 0, or -1 when fmt is not a format. */
int export_build(const dlrig_catalog *cat, const dlrig_build *b, const dlrig_analysis *an, dlrig_export_format fmt,
                 const dlrig_export_opts *opts, strbuf *out);

/* Appends one CSV cell: quoted when it holds , " CR or LF (inner quotes
 * doubled); a cell starting with = + - @ TAB or CR gets a leading ' so a
 * spreadsheet does not read it as a formula.  Exposed for tests. */
void export_csv_cell(strbuf *out, const char *s);
/* Appends s with & < > " ' as HTML entities.  Exposed for tests. */
void export_html_escape(strbuf *out, const char *s);

#endif
