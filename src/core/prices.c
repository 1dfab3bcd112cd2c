/*
 * prices.c — price list CSV validation, currency rates, per-vendor build
 * totals.  No SQL here: the user database is read and written by catalog.c.
 */
#include "dlrig/prices.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlrig/csv.h"
#include "dlrig/util.h"

enum { COL_ID, COL_PRICE, COL_CURRENCY, COL_DATE, COL_VENDOR, COL_COUNT };
static const char *const col_names[COL_COUNT] = {"id", "price", "currency", "date", "vendor"};
#define COLS_TEXT "id, price, currency, date, vendor"
#define MAX_VENDOR_BYTES 64
#define MAX_SUGGESTED 20 /* unknown ids that get did-you-mean suggestions */

static bool is_currency(const char *s)
{
    return strlen(s) == 3 && isupper((unsigned char)s[0]) && isupper((unsigned char)s[1]) &&
           isupper((unsigned char)s[2]) && s[0] <= 'Z' && s[1] <= 'Z' && s[2] <= 'Z';
}

/* A plain decimal: digits, at most one '.', at least one digit. */
static bool parse_decimal(const char *s, double *out)
{
    int digits = 0, dots = 0;
    for (const char *p = s; *p; p++) {
        if (*p >= '0' && *p <= '9') digits++;
        else if (*p == '.') dots++;
        else return false;
    }
    if (!digits || dots > 1) return false;
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (errno || *end || !isfinite(v)) return false;
    *out = v;
    return true;
}

int prices_parse_rate(const char *arg, dlrig_rate *out, char *err, size_t errlen)
{
    const char *eq = arg ? strchr(arg, '=') : NULL;
    char cur[8] = "";
    if (eq && eq - arg == 3) memcpy(cur, arg, 3);
    double v;
    if (!eq || !is_currency(cur) || !parse_decimal(eq + 1, &v) || !(v > 0) || v > 1e6) {
        snprintf(err, errlen,
                 "expected CUR=RATE, a 3-letter currency code in capitals and US dollars per unit "
                 "(e.g. EUR=1.08), got '%s'",
                 arg ? arg : "");
        return -1;
    }
    if (strcmp(cur, "USD") == 0 && v != 1) {
        snprintf(err, errlen, "the rate of USD is 1 by definition, got '%s'", arg);
        return -1;
    }
    memcpy(out->currency, cur, 4);
    out->usd_per_unit = v;
    return 0;
}

/* Trims spaces and tabs in place. */
static char *trim(char *s)
{
    while (*s == ' ' || *s == '\t') s++;
    size_t n = strlen(s);
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r')) s[--n] = '\0';
    return s;
}

static bool valid_date(const char *s)
{
    size_t n = strlen(s);
    if (n != 7 && n != 10) return false;
    for (size_t i = 0; i < n; i++) {
        bool dash = i == 4 || i == 7;
        if (dash ? s[i] != '-' : !isdigit((unsigned char)s[i])) return false;
    }
    int y = atoi(s), m = atoi(s + 5);
    if (y < 1990 || y > 2100 || m < 1 || m > 12) return false;
    if (n == 7) return true;
    int d = atoi(s + 8);
    static const int days[12] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    if (d < 1 || d > days[m - 1]) return false;
    bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    return !(m == 2 && d == 29 && !leap);
}

static void add_issue(dlrig_price_list *l, size_t *cap, int line, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void add_issue(dlrig_price_list *l, size_t *cap, int line, const char *fmt, ...)
{
    if (l->n_issues == *cap) l->issues = xrealloc(l->issues, (*cap = *cap ? *cap * 2 : 16) * sizeof *l->issues);
    dlrig_price_issue *is = &l->issues[l->n_issues++];
    is->line = line;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(is->reason, sizeof is->reason, fmt, ap);
    va_end(ap);
}

/* Appends "; " + text to a reason being built. */
static void reason_add(strbuf *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void reason_add(strbuf *r, const char *fmt, ...)
{
    if (r->len) sb_append(r, "; ");
    va_list ap;
    va_start(ap, fmt);
    sb_vprintf(r, fmt, ap);
    va_end(ap);
}

/* A user-supplied value for a message: at most 40 bytes, no control bytes. */
static const char *shown(const char *s, char *buf, size_t len)
{
    size_t k = 0;
    for (const char *p = s; *p && k + 4 < len && k < 40; p++) buf[k++] = (unsigned char)*p < 0x20 ? '?' : *p;
    if (strlen(s) > 40 && k + 4 < len) {
        memcpy(buf + k, "...", 3);
        k += 3;
    }
    buf[k] = '\0';
    return buf;
}

static bool header_ok(const csv_record *rec, int *map, dlrig_price_list *l, size_t *icap)
{
    int seen[COL_COUNT];
    for (int c = 0; c < COL_COUNT; c++) seen[c] = -1;
    strbuf r = {0};
    char b[64];
    for (int i = 0; i < rec->n; i++) {
        char *name = trim(rec->fields[i]);
        int c = -1;
        for (int k = 0; k < COL_COUNT; k++)
            if (strcmp(name, col_names[k]) == 0) c = k;
        if (c < 0) reason_add(&r, "unknown column '%s'", shown(name, b, sizeof b));
        else if (seen[c] >= 0) reason_add(&r, "column '%s' appears twice", name);
        else seen[c] = i;
    }
    for (int c = 0; c < COL_COUNT; c++)
        if (seen[c] < 0) reason_add(&r, "missing column '%s'", col_names[c]);
    if (r.len) {
        add_issue(l, icap, rec->line, "header: %s (expected the columns " COLS_TEXT ", in any order)", r.s);
        sb_free(&r);
        return false;
    }
    for (int c = 0; c < COL_COUNT; c++) map[c] = seen[c];
    return true;
}

typedef struct dup_key {
    const dlrig_price_row *r;
    size_t row;
} dup_key;

static int cmp_dup(const void *x, const void *y)
{
    const dlrig_price_row *a = ((const dup_key *)x)->r, *b = ((const dup_key *)y)->r;
    int c = strcmp(a->part_id, b->part_id);
    if (!c) c = strcmp(a->vendor, b->vendor);
    if (!c) c = (a->line > b->line) - (a->line < b->line);
    return c;
}

static int cmp_issue(const void *x, const void *y)
{
    const dlrig_price_issue *a = x, *b = y;
    return (a->line > b->line) - (a->line < b->line);
}

void prices_parse(const dlrig_catalog *cat, const char *text, size_t len, const char *label,
                  const dlrig_rate *rates, size_t n_rates, dlrig_price_list *out)
{
    memset(out, 0, sizeof *out);
    size_t icap = 0, rcap = 0, unknown_ids = 0;
    if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) { /* UTF-8 byte order mark */
        text += 3;
        len -= 3;
    }
    if (memchr(text, '\0', len)) {
        add_issue(out, &icap, 0, "the file contains NUL bytes: not a CSV text file");
        out->fatal = true;
        return;
    }
    csv_reader rd;
    csv_init(&rd, text, len);
    csv_record rec;
    int map[COL_COUNT];
    bool have_header = false;
    int rc;
    char b1[64], b2[64];
    while ((rc = csv_next(&rd, &rec)) != 0) {
        if (rc < 0) {
            add_issue(out, &icap, rec.line,
                      "malformed CSV: a quote is not closed, text follows a closing quote, or there are more than "
                      "%d fields",
                      CSV_MAX_FIELDS);
            if (!have_header) {
                out->fatal = true;
                break;
            }
            continue;
        }
        if (rec.n == 1 && *trim(rec.fields[0]) == '\0') continue; /* blank line */
        if (!have_header) {
            if (!header_ok(&rec, map, out, &icap)) {
                out->fatal = true;
                break;
            }
            have_header = true;
            continue;
        }
        if (rec.n != COL_COUNT) {
            add_issue(out, &icap, rec.line, "expected %d fields (" COLS_TEXT "), got %d", COL_COUNT, rec.n);
            continue;
        }
        dlrig_price_row row;
        memset(&row, 0, sizeof row);
        row.line = rec.line;
        snprintf(row.source, sizeof row.source, "%s", label ? label : "");
        strbuf why = {0};
        const char *id = trim(rec.fields[map[COL_ID]]);
        const char *price = trim(rec.fields[map[COL_PRICE]]);
        const char *cur = trim(rec.fields[map[COL_CURRENCY]]);
        const char *date = trim(rec.fields[map[COL_DATE]]);
        const char *vendor = trim(rec.fields[map[COL_VENDOR]]);

        if (!*id) {
            reason_add(&why, "empty part id");
        } else if (!catalog_find(cat, id)) {
            /* did-you-mean costs an edit distance against every id: only for
             * the first few unknown ids (a list of thousands stays fast) */
            const char *sugg[3];
            size_t ns = unknown_ids++ < MAX_SUGGESTED ? catalog_suggest(cat, id, sugg, 3) : 0;
            if (ns == 0) {
                reason_add(&why, "unknown part id '%s' (see 'dlrig parts')", shown(id, b1, sizeof b1));
            } else {
                reason_add(&why, "unknown part id '%s'; did you mean ", shown(id, b1, sizeof b1));
                for (size_t s = 0; s < ns; s++)
                    sb_printf(&why, "%s'%s'", s ? (s + 1 == ns ? " or " : ", ") : "", sugg[s]);
                sb_append(&why, "?");
            }
        } else {
            snprintf(row.part_id, sizeof row.part_id, "%s", id);
        }
        double v = 0;
        if (!*price) reason_add(&why, "empty price");
        else if (!parse_decimal(price, &v) || !(v > 0) || v > 1e8)
            reason_add(&why, "price '%s' is not a positive number (digits and one '.', no currency sign or "
                       "thousands separator)", shown(price, b1, sizeof b1));
        else row.price = v;
        double rate = NAN;
        if (!is_currency(cur)) {
            reason_add(&why, "currency '%s' is not a 3-letter ISO 4217 code in capitals (e.g. USD, EUR)",
                       shown(cur, b1, sizeof b1));
        } else {
            memcpy(row.currency, cur, 4);
            if (strcmp(cur, "USD") == 0) rate = 1;
            for (size_t i = 0; i < n_rates; i++)
                if (strcmp(rates[i].currency, cur) == 0) rate = rates[i].usd_per_unit;
            if (isnan(rate))
                reason_add(&why, "no exchange rate for %s: state one in US dollars per unit (--rate %s=1.08)", cur,
                           cur);
        }
        if (!valid_date(date)) reason_add(&why, "date '%s' is not YYYY-MM-DD or YYYY-MM", shown(date, b1, sizeof b1));
        else snprintf(row.date, sizeof row.date, "%s", date);
        /* a vendor name is shown on terminals and written into JSON: valid
         * UTF-8 without controls (C0, DEL, C1) or bidirectional overrides */
        char *safe_vendor = term_safe(vendor, 0);
        bool ctl = strcmp(safe_vendor, vendor) != 0;
        free(safe_vendor);
        if (!*vendor) reason_add(&why, "empty vendor");
        else if (strlen(vendor) > MAX_VENDOR_BYTES)
            reason_add(&why, "vendor '%s' is longer than %d bytes", shown(vendor, b2, sizeof b2), MAX_VENDOR_BYTES);
        else if (!utf8_valid(vendor, strlen(vendor))) reason_add(&why, "vendor is not valid UTF-8");
        else if (ctl) reason_add(&why, "vendor contains control characters or bidirectional overrides");
        else snprintf(row.vendor, sizeof row.vendor, "%s", vendor);

        if (why.len) {
            add_issue(out, &icap, rec.line, "%s", why.s);
            sb_free(&why);
            continue;
        }
        row.usd_per_unit = rate;
        row.price_usd = row.price * rate;
        if (out->n_rows == rcap) out->rows = xrealloc(out->rows, (rcap = rcap ? rcap * 2 : 64) * sizeof *out->rows);
        out->rows[out->n_rows++] = row;
    }
    csv_free(&rd);
    if (!have_header && !out->fatal) {
        add_issue(out, &icap, 1, "empty file: expected a header row (" COLS_TEXT ") and price lines");
        out->fatal = true;
    }
    if (out->fatal) {
        free(out->rows);
        out->rows = NULL;
        out->n_rows = 0;
        return;
    }
    /* the same part from the same vendor twice: the later lines are bad */
    if (out->n_rows > 1) {
        dup_key *k = xcalloc(out->n_rows, sizeof *k);
        for (size_t i = 0; i < out->n_rows; i++) k[i] = (dup_key){&out->rows[i], i};
        qsort(k, out->n_rows, sizeof *k, cmp_dup);
        bool *drop = xcalloc(out->n_rows, sizeof *drop);
        size_t ndrop = 0;
        for (size_t i = 1; i < out->n_rows; i++) {
            const dlrig_price_row *a = &out->rows[k[i - 1].row], *b = &out->rows[k[i].row];
            if (strcmp(a->part_id, b->part_id) || strcmp(a->vendor, b->vendor)) continue;
            size_t first = i - 1;
            while (first > 0 && drop[k[first].row]) first--;
            add_issue(out, &icap, b->line, "'%s' from vendor '%s' is already priced on line %d", b->part_id,
                      shown(b->vendor, b1, sizeof b1), out->rows[k[first].row].line);
            drop[k[i].row] = true;
            ndrop++;
        }
        if (ndrop) {
            size_t w = 0;
            for (size_t i = 0; i < out->n_rows; i++)
                if (!drop[i]) out->rows[w++] = out->rows[i];
            out->n_rows = w;
        }
        free(drop);
        free(k);
    }
    if (out->n_issues > 1) qsort(out->issues, out->n_issues, sizeof *out->issues, cmp_issue);
}

void price_list_free(dlrig_price_list *l)
{
    free(l->rows);
    free(l->issues);
    memset(l, 0, sizeof *l);
}

char *prices_user_db_path(bool create)
{
    char *dir = xdg_data_dir(create);
    if (!dir) return NULL;
    char *p = xasprintf("%s/user.db", dir);
    free(dir);
    return p;
}

static int cmp_total(const void *x, const void *y)
{
    const dlrig_vendor_total *a = x, *b = y;
    if (a->total_usd != b->total_usd) return a->total_usd < b->total_usd ? -1 : 1;
    return strcmp(a->vendor, b->vendor);
}

size_t prices_vendor_totals(const dlrig_catalog *cat, const dlrig_build *b, dlrig_vendor_total *out, size_t max)
{
    size_t n_all;
    const dlrig_price_row *all = catalog_user_prices(cat, NULL, &n_all);
    /* distinct vendors */
    const char **vendors = NULL;
    size_t nv = 0, cap = 0;
    for (size_t i = 0; i < n_all; i++) {
        bool seen = false;
        for (size_t k = 0; k < nv && !seen; k++) seen = strcmp(vendors[k], all[i].vendor) == 0;
        if (seen) continue;
        if (nv == cap) vendors = xrealloc(vendors, (cap = cap ? cap * 2 : 8) * sizeof *vendors);
        vendors[nv++] = all[i].vendor;
    }
    dlrig_vendor_total *t = xcalloc(nv ? nv : 1, sizeof *t);
    int nodes = b->req.nodes > 0 ? b->req.nodes : 1;
    for (size_t v = 0; v < nv; v++) {
        snprintf(t[v].vendor, sizeof t[v].vendor, "%s", vendors[v]);
        for (size_t i = 0; i < b->n_items; i++) {
            const dlrig_item *it = &b->items[i];
            size_t nr;
            const dlrig_price_row *r = catalog_user_prices(cat, it->part->id, &nr);
            double price = it->part->catalog_price_usd;
            bool listed = false;
            for (size_t k = 0; k < nr; k++)
                if (strcmp(r[k].vendor, vendors[v]) == 0) {
                    price = r[k].price_usd;
                    listed = true;
                }
            if (isnan(price)) continue;
            double mult = it->cluster_scope ? 1 : nodes;
            t[v].total_usd += price * it->qty * mult;
            t[v].lines++;
            if (listed) t[v].lines_listed++;
        }
    }
    if (nv > 1) qsort(t, nv, sizeof *t, cmp_total);
    for (size_t v = 0; v < nv && v < max; v++) out[v] = t[v];
    free(t);
    free(vendors);
    return nv;
}
