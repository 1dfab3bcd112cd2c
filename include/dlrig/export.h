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
#include "dlrig/format.h" /* format_cents, DLRIG_MONEY_CAP_CENTS */
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

struct dlrig_seller;
struct dlrig_lead_time;

typedef struct dlrig_export_opts {
    const char *customer;  /* NULL or "" when none */
    const char *project;
    const char *notes;     /* free text; newlines kept in HTML, Markdown and text */
    int validity_days;     /* days the quote is valid (default 30) */
    double discount_pct;   /* 0..100, on the subtotal */
    double tax_pct;        /* 0..100, on the discounted subtotal */
    time_t date;           /* the quote's date; 0 means now (tests inject one) */
    /* added with quote numbers, sellers and lead times (all optional) */
    const char *quote_number;             /* NULL or "": export_quote_number of the build(s) and date */
    int revision;                         /* the quote's revision, 1 when 0 */
    const struct dlrig_seller *seller;    /* NULL: no seller block; amounts in US dollars */
    const struct dlrig_lead_time *lead;   /* availability / lead time per part (column shown when n_lead > 0) */
    size_t n_lead;
    /* The seller has re-checked the prices: a quote with prices older than
     * DLRIG_PRICE_STALE_MONTHS still promises its validity (without it, such
     * a quote says "re-check before ordering" and promises none). */
    bool prices_checked;
    /* A worksheet for the seller rather than the customer's copy: a quote
     * then also shows each part's dlrig id, each line's price source, the
     * findings' ids and the planning inputs (the budget).  Without it a
     * quote (HTML, several options, or any quote field) shows none of those:
     * a manufacturer part number column, the requirements in words, and one
     * dated footnote for the prices.  Parts lists (md, txt, csv, json
     * without quote fields) always show the ids. */
    bool internal;
} dlrig_export_opts;

/* Availability or lead time of a part on a quote ("in stock", "4-6 weeks").
 * part_id "*" applies to every line without an entry of its own. */
typedef struct dlrig_lead_time {
    const char *part_id;
    const char *text;
} dlrig_lead_time;

/* The seller of a quote, read from $XDG_CONFIG_HOME/dlrig/seller.json:
 *   {"company": "...", "contact": "...", "address": "...", "terms": "...",
 *    "currency": "EUR", "usd_rate": 0.92}
 * company is required; the others are optional strings (newlines kept).
 * currency is an ISO 4217 code (three capital letters, default "USD"); any
 * other currency needs usd_rate, the units of it for one US dollar, and the
 * quote's amounts are converted at that rate (the quote says so), which is
 * between DLRIG_SELLER_RATE_MIN and DLRIG_SELLER_RATE_MAX (a rate near zero
 * would turn every price into 0.00).  Text fields are UTF-8 without control
 * characters (the company one line).  CSV and JSON exports stay in US
 * dollars. */
#define DLRIG_SELLER_RATE_MIN 1e-4
#define DLRIG_SELLER_RATE_MAX 1e6
#define DLRIG_SELLER_MAX_SERVICES 16

/* A service line of the seller's quotes: assembly, burn-in, warranty,
 * support, shipping, ... */
typedef struct dlrig_service {
    char *name;    /* malloc'd: "Assembly and 48-hour burn-in" */
    double price;  /* in the seller's currency, >= 0; NAN: "included" (shown, adds nothing) */
    bool per_node; /* charged once per node of a multi-node plan (else once per quote option) */
} dlrig_service;

typedef struct dlrig_seller {
    char *company, *contact, *address, *terms; /* malloc'd; NULL when absent */
    char currency[4];
    double usd_rate;
    /* added with service lines (all optional) */
    dlrig_service services[DLRIG_SELLER_MAX_SERVICES]; /* added to every quote's line items and totals */
    size_t n_services;
    char *lead_time; /* malloc'd; "2-3 weeks after the order" on the quote's details; NULL when absent */
} dlrig_seller;

/* Parses a seller document (text of len bytes; `name` names it in messages).
 * Returns 0, or -1 with a message naming the field and what was expected in
 * err (s then holds nothing to free, but export_seller_free is harmless). */
int export_seller_parse(const char *text, size_t len, const char *name, dlrig_seller *s, char *err, size_t errlen);
/* The fields of the seller file (for messages and help): "company, contact,
 * address, terms, currency, usd_rate, services, lead_time". */
extern const char dlrig_seller_fields[];
/* Reads and parses the seller file at path: 0 on success, 1 when the file
 * does not exist (s is empty: no seller block), -1 with err on a bad or
 * unreadable file, one that is not a regular file (never waited on), or a
 * symlink whose target is missing.  Free with export_seller_free. */
int export_seller_load(const char *path, dlrig_seller *s, char *err, size_t errlen);
void export_seller_free(dlrig_seller *s);

/* A quote number for builds b[0..n-1] on `date`: "Q-YYYYMMDD-XXXX", XXXX
 * four hex digits of a hash of the builds' names and parts, so the same
 * builds quoted the same day get the same number. */
const char *export_quote_number(const dlrig_build *const *b, size_t n, time_t date, char *buf, size_t len);

/* A quote number that tells quotes apart: "Q-YYYYMMDD-XXXX", XXXX four hex
 * digits of a hash of the builds and of everything the quote says besides
 * them (customer, project, discount, tax, validity, revision, notes, the
 * seller and its terms) and the time of day, so two customers quoted the same
 * builds on the same day get different numbers.  The front ends number
 * quotes from a counter (export_quote_serial_next) and use this when the
 * counter cannot be written. */
const char *export_quote_number_for(const dlrig_build *const *b, size_t n, const struct dlrig_export_opts *o,
                                    time_t when, char *buf, size_t len);
/* Takes the next number of the quote counter in directory dir (the state
 * directory, $XDG_STATE_HOME/dlrig): the file quote-counter holds the last
 * number given; it is read and rewritten atomically under an exclusive lock
 * (quote-counter.lock), so two dlrig processes never get the same number.
 * Writes "Q-YYYYMMDD-NNNN" (the date of `when`, the number zero-padded to
 * four digits) into buf and returns 0; -1 with err (naming the file and the
 * reason) when the counter cannot be read or written. */
int export_quote_serial_next(const char *dir, time_t when, char *buf, size_t len, char *err, size_t errlen);

/* The problems that make a build unfit to send as a final quote: its
 * error-level findings and budget.over.  Returns how many; up to max of them
 * go to out (pointers into an->report).  A front end refuses to export a
 * quote when this is not 0 unless the user allows it; the quote then says
 * DRAFT and lists these first. */
size_t export_problems(const dlrig_analysis *an, const dlrig_finding **out, size_t max);

/* Whether the finding is a "not checked" note (a rule missing a catalog
 * figure); quotes list those once in a section of their own. */
bool export_finding_unchecked(const dlrig_finding *f);

/* Where a price comes from, for people: "2025-07, PCPartPicker video-card
 * listings"; "2026-05, Newegg; <source>"; "used, eBay 2026-05; <source>";
 * "price list of <vendor>, 2026-03".  Writes into buf and returns it; NULL
 * (buf empty) when there is no price or the line is owned. */
const char *export_price_source(const dlrig_catalog *cat, const dlrig_price *pr, char *buf, size_t len);

/* A source (catalog `source` row) named for a reader: its title up to the
 * first parenthesis, colon or semicolon; the id itself when there is no such
 * row. */
const char *export_source_label(const dlrig_catalog *cat, const char *id, char *buf, size_t len);

/* Most options in one quote. */
#define DLRIG_EXPORT_MAX_OPTIONS 6

/* One quote offering several builds as options (Option A, B, ...): a summary
 * table, then each option's problems, line items and totals, estimated
 * speed; "not checked" notes and sources once at the end.  fmt is
 * DLRIG_EXPORT_MD or DLRIG_EXPORT_HTML; n is 1..DLRIG_EXPORT_MAX_OPTIONS.
 * Discount and tax apply to each option.  Returns 0, or -1 for another format
 * or count. */
int export_options(const dlrig_catalog *cat, const dlrig_build *const *b, const dlrig_analysis *const *an, size_t n,
                   dlrig_export_format fmt, const dlrig_export_opts *opts, strbuf *out);

/* Defaults: no customer, project or notes, 30 days, no discount, no tax, today. */
void export_opts_init(dlrig_export_opts *o);

#define DLRIG_EXPORT_MAX_PCT 100.0
#define DLRIG_EXPORT_MAX_DAYS 3650

/* The money of a quote in integer cents: line totals are unit price (rounded
 * to the cent) x quantity; discount = round(subtotal x pct / 100); tax =
 * round((subtotal - discount) x pct / 100); total = subtotal - discount + tax.
 * Rounding is half away from zero.  Amounts saturate at DLRIG_MONEY_CAP_CENTS
 * (a quadrillion dollars) instead of overflowing. */

typedef struct dlrig_quote_money {
    long long subtotal, discount, tax, total; /* cents */
    long long services;                        /* cents of the seller's services, part of subtotal */
    int unpriced_lines;                        /* lines without a price (not in the subtotal) */
    int owned_lines;                           /* lines the buyer owns already (not in the subtotal) */
    bool any_cents;                            /* some amount is not a whole dollar */
} dlrig_quote_money;
void export_quote_money(const dlrig_build *b, double discount_pct, double tax_pct, dlrig_quote_money *out);


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
