/*
 * export.h — a build with its totals, estimate and findings as a document:
 * a Markdown parts list, RFC 4180 CSV, one JSON document, aligned plain text
 * or a self-contained printable HTML quote; and two or three builds side by
 * side (which value is best in each row, which rows differ).
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

/* ---- side by side ---- */

#define DLRIG_COMPARE_MAX 3

typedef enum {
    DLRIG_CMP_PRICE,
    DLRIG_CMP_THROUGHPUT,
    DLRIG_CMP_EPOCH,
    DLRIG_CMP_PERF_PER_K,
    DLRIG_CMP_POWER,
    DLRIG_CMP_GPUS,
    DLRIG_CMP_VRAM,
    DLRIG_CMP_RAM,
    DLRIG_CMP_ERRORS,
    DLRIG_CMP_WARNINGS,
    DLRIG_CMP_INFO,
    DLRIG_CMP_ROWS
} dlrig_compare_metric;

typedef struct dlrig_compare_row {
    const char *key;   /* JSON key: "price_usd", "throughput", ... */
    const char *label; /* "Price", "Throughput", ... */
    int better;        /* -1 lower is better, +1 higher is better, 0 neither */
    double value[DLRIG_COMPARE_MAX];
    bool known[DLRIG_COMPARE_MAX];
    char text[DLRIG_COMPARE_MAX][48]; /* value for people ("-" when unknown) */
    unsigned partial;  /* bit i: build i's value is a lower bound (some parts unpriced); never best */
    unsigned best;     /* bit i: build i has the best value (ties share it); 0 when all are equal */
    bool differs;      /* the builds do not all show the same value */
} dlrig_compare_row;

typedef struct dlrig_compare_parts {
    dlrig_category category;
    char text[DLRIG_COMPARE_MAX][160]; /* "2x NVIDIA RTX 5000 Ada Generation", "-" when none */
    bool differs;
} dlrig_compare_parts;

typedef struct dlrig_compare {
    size_t n;                                  /* builds compared, 2..3 */
    const dlrig_build *builds[DLRIG_COMPARE_MAX]; /* not owned */
    dlrig_analysis an[DLRIG_COMPARE_MAX];      /* findings per build; estimates on the common workload */
    char workload[24];                         /* the workload every estimate is for */
    const char *unit;                          /* its unit, or NULL when no build has an estimate */
    dlrig_compare_row rows[DLRIG_CMP_ROWS];
    dlrig_compare_parts parts[DLRIG_CAT_COUNT]; /* only categories some build has */
    size_t n_parts;
} dlrig_compare;

/* Compares n (2..DLRIG_COMPARE_MAX) builds.  So that speeds are comparable,
 * every estimate uses the first build's workload, model size, dataset and
 * precision (findings use each build's own requirements); `workload`
 * overrides the workload when not NULL.  The builds must outlive *out.
 * Returns 0, or -1 with a message in err (bad n, unknown workload).  Free
 * with compare_free. */
int compare_builds(const dlrig_catalog *cat, const dlrig_build *const *builds, size_t n, const char *workload,
                   dlrig_compare *out, char *err, size_t errlen);
void compare_free(dlrig_compare *c);
/* The comparison as one JSON document ("builds", "rows", "parts").  Caller
 * frees with cJSON_Delete. */
cJSON *compare_to_json(const dlrig_compare *c);
/* The comparison as a Markdown table (best values in bold). */
void compare_markdown(const dlrig_compare *c, strbuf *out);

#endif
