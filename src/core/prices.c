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
#include <time.h>

#include "dlrig/csv.h"
#include "dlrig/util.h"

enum { COL_ID, COL_MPN, COL_NAME, COL_PRICE, COL_CURRENCY, COL_DATE, COL_VENDOR, COL_COUNT };
static const char *const col_names[COL_COUNT] = {"id", "mpn", "name", "price", "currency", "date", "vendor"};
/* Header names each column accepts, compared in lower case without spaces,
 * '_', '-', '.', '/', '(' and ')' ("Part Number", "part_number" and
 * "PART-NUMBER" are one). */
static const char *const col_aliases[COL_COUNT] = {
    "id partid dlrigid",
    "mpn sku partnumber manufacturerpartnumber mfrpartnumber mfgpartnumber mfrpn mpnsku pn vendorpartnumber "
    "productcode",
    "name product productname description item itemname title partname",
    "price unitprice cost amount netprice saleprice",
    "currency cur ccy currencycode",
    "date pricedate asof updated lastupdated quotedate",
    "vendor seller store retailer shop merchant supplier distributor",
};
#define COLS_TEXT "id, price, currency, date, vendor"
#define MAX_VENDOR_BYTES 64
#define MAX_SUGGESTED 20 /* unknown ids that get did-you-mean suggestions */

const char *const dlrig_price_match_names[DLRIG_MATCH_COUNT] = {"id", "part number", "name",
                                                                "part number in the name"};

const char *prices_column_help(void)
{
    return "  id        id, part id\n"
           "  mpn       mpn, sku, part number, manufacturer part number, mfr part number, pn,\n"
           "            product code\n"
           "  name      name, product, product name, description, item, title\n"
           "  price     price, unit price, cost, amount, net price, sale price, price usd\n"
           "            (price + a currency code gives the currency)\n"
           "  currency  currency, cur, ccy, currency code\n"
           "  date      date, price date, as of, updated, last updated, quote date\n"
           "  vendor    vendor, seller, store, retailer, shop, merchant, supplier, distributor\n";
}

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

/* A header name as compared: lower-case letters and digits only. */
static void header_key(const char *name, char *out, size_t len)
{
    size_t k = 0;
    for (const unsigned char *p = (const unsigned char *)name; *p && k + 1 < len; p++)
        if (isalnum(*p) && *p < 0x80) out[k++] = (char)tolower(*p);
    out[k] = '\0';
}

/* The column a header name gives, or -1; "price_eur" gives price with the
 * currency EUR in cur (else cur is ""). */
static int header_column(const char *name, char cur[4])
{
    char key[48];
    header_key(name, key, sizeof key);
    cur[0] = '\0';
    if (!*key) return -1;
    for (int c = 0; c < COL_COUNT; c++) {
        const char *a = col_aliases[c];
        size_t n = strlen(key);
        while (*a) {
            size_t w = strcspn(a, " ");
            if (w == n && memcmp(a, key, n) == 0) return c;
            a += w;
            while (*a == ' ') a++;
        }
    }
    size_t n = strlen(key);
    if (n == 8 && (memcmp(key, "price", 5) == 0)) { /* priceusd, priceeur */
        for (int i = 0; i < 3; i++) cur[i] = (char)toupper((unsigned char)key[5 + i]);
        cur[3] = '\0';
        if (isalpha((unsigned char)cur[0]) && isalpha((unsigned char)cur[1]) && isalpha((unsigned char)cur[2]))
            return COL_PRICE;
        cur[0] = '\0';
    }
    return -1;
}

typedef struct header_map {
    int col[COL_COUNT];  /* field index of each column, -1 when absent */
    char price_cur[4];   /* a currency the price column's name gives */
} header_map;

static bool header_ok(const csv_record *rec, header_map *m, const dlrig_price_options *opt, dlrig_price_list *l,
                      size_t *icap)
{
    for (int c = 0; c < COL_COUNT; c++) m->col[c] = -1;
    m->price_cur[0] = '\0';
    strbuf r = {0}, ignored = {0};
    char b[64], b2[64];
    for (int i = 0; i < rec->n; i++) {
        char *name = trim(rec->fields[i]);
        char cur[4];
        int c = header_column(name, cur);
        if (c < 0) {
            if (*name) sb_printf(&ignored, "%s'%s'", ignored.len ? ", " : "", shown(name, b, sizeof b));
            continue;
        }
        if (m->col[c] >= 0) {
            reason_add(&r, "columns '%s' and '%s' both give the %s", shown(rec->fields[m->col[c]], b, sizeof b),
                       shown(name, b2, sizeof b2), col_names[c]);
            continue;
        }
        m->col[c] = i;
        if (c == COL_PRICE) memcpy(m->price_cur, cur, 4);
    }
    if (m->col[COL_PRICE] < 0) reason_add(&r, "missing column 'price'");
    if (m->col[COL_ID] < 0 && m->col[COL_MPN] < 0 && m->col[COL_NAME] < 0)
        reason_add(&r, "missing a column naming the part: 'id', 'mpn' (part number) or 'name'");
    if (m->col[COL_CURRENCY] < 0 && !m->price_cur[0] && !(opt->currency && *opt->currency))
        reason_add(&r, "missing column 'currency' (or state one for the file with --currency)");
    if (m->col[COL_DATE] < 0 && !(opt->date && *opt->date))
        reason_add(&r, "missing column 'date' (or state one for the file with --date)");
    if (m->col[COL_VENDOR] < 0 && !(opt->vendor && *opt->vendor))
        reason_add(&r, "missing column 'vendor' (or state one for the file with --vendor)");
    snprintf(l->ignored_columns, sizeof l->ignored_columns, "%s", ignored.len ? ignored.s : "");
    if (r.len) {
        add_issue(l, icap, rec->line, "header: %s%s%s (the columns are " COLS_TEXT ", in any order; 'mpn' or "
                  "'name' may stand for 'id')",
                  r.s, ignored.len ? "; not used: " : "", ignored.len ? ignored.s : "");
        sb_free(&r);
        sb_free(&ignored);
        return false;
    }
    sb_free(&ignored);
    return true;
}

/* Drops a leading or trailing currency sign ("$1,299", "1.299 EUR sign") and
 * says which currency it gives ("" when none). */
static char *strip_currency_sign(char *s, char cur[4])
{
    static const struct {
        const char *sign, *cur;
    } signs[] = {{"US$", "USD"}, {"$", "USD"}, {"\xE2\x82\xAC", "EUR"}, {"\xC2\xA3", "GBP"}};
    cur[0] = '\0';
    for (size_t i = 0; i < sizeof signs / sizeof signs[0]; i++) {
        size_t n = strlen(signs[i].sign), len = strlen(s);
        if (strncmp(s, signs[i].sign, n) == 0) {
            memcpy(cur, signs[i].cur, 4);
            s = trim(s + n);
            break;
        }
        if (len > n && strcmp(s + len - n, signs[i].sign) == 0) {
            memcpy(cur, signs[i].cur, 4);
            s[len - n] = '\0';
            s = trim(s);
            break;
        }
    }
    return s;
}

/* A price: digits with an optional decimal part and optional thousands
 * separators in groups of three.  With decimal_comma the decimal mark is ','
 * and the separators '.', ' ', a no-break space or an apostrophe; else the
 * mark is '.' and the separator ','. */
static bool parse_price(const char *s, bool decimal_comma, double *out)
{
    char mark = decimal_comma ? ',' : '.';
    char digits[64];
    size_t k = 0;
    int group = -1; /* digits since the last separator; -1 before any */
    bool after_mark = false;
    size_t lead = 0; /* digits before the first separator */
    const unsigned char *p = (const unsigned char *)s;
    if (!*p) return false;
    while (*p) {
        size_t sep = 0;
        if (!decimal_comma && *p == ',') sep = 1;
        else if (decimal_comma && (*p == '.' || *p == ' ' || *p == '\'')) sep = 1;
        else if (decimal_comma && p[0] == 0xC2 && p[1] == 0xA0) sep = 2;
        else if (decimal_comma && p[0] == 0xE2 && p[1] == 0x80 && p[2] == 0xAF) sep = 3;
        if (sep) {
            if (after_mark || k == 0 || (group >= 0 && group != 3) || (group < 0 && lead > 3)) return false;
            group = 0;
            p += sep;
            continue;
        }
        if (*p == (unsigned char)mark) {
            if (after_mark || k == 0 || (group >= 0 && group != 3)) return false;
            after_mark = true;
            if (k + 1 >= sizeof digits) return false;
            digits[k++] = '.';
            p++;
            if (!isdigit(*p)) return false;
            continue;
        }
        if (!isdigit(*p) || k + 1 >= sizeof digits) return false;
        digits[k++] = (char)*p++;
        if (!after_mark) {
            if (group >= 0) group++;
            else lead++;
        }
    }
    if (!after_mark && group >= 0 && group != 3) return false;
    digits[k] = '\0';
    char *end;
    errno = 0;
    double v = strtod(digits, &end);
    if (errno || *end || !isfinite(v)) return false;
    *out = v;
    return true;
}

/* Today as YYYY-MM-DD (or YYYY-MM when DLRIG_TODAY gives only a month). */
static const char *today_date(char buf[11])
{
    const char *env = getenv("DLRIG_TODAY");
    if (env && (strlen(env) == 7 || strlen(env) == 10) && valid_date(env)) {
        snprintf(buf, 11, "%s", env);
        return buf;
    }
    time_t now = time(NULL);
    struct tm tm;
    localtime_r(&now, &tm);
    unsigned y = (unsigned)(tm.tm_year + 1900) % 10000u, m = (unsigned)(tm.tm_mon + 1) % 100u,
             d = (unsigned)tm.tm_mday % 100u;
    snprintf(buf, 11, "%04u-%02u-%02u", y, m, d);
    return buf;
}

/* Whether a valid date lies after today (to the day where both give one). */
static bool date_after(const char *date, const char *today)
{
    int c = strncmp(date, today, 7);
    if (c) return c > 0;
    return strlen(date) == 10 && strlen(today) == 10 && strcmp(date + 8, today + 8) > 0;
}

/* A catalog part by its name: "GeForce RTX 4090" or "NVIDIA GeForce RTX
 * 4090", compared in lower case with runs of spaces as one. */
typedef struct name_key {
    char *key;
    const dlrig_part *part;
} name_key;

static char *name_norm(const char *a, const char *b)
{
    strbuf o = {0};
    bool space = false;
    for (int pass = 0; pass < 2; pass++) {
        const char *s = pass ? b : a;
        if (!s) continue;
        if (pass && o.len) space = true;
        for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
            if (isspace(*p)) {
                space = o.len > 0;
                continue;
            }
            if (space) sb_append(&o, " ");
            space = false;
            char ch = (char)(*p < 0x80 ? tolower(*p) : *p);
            sb_appendn(&o, &ch, 1);
        }
    }
    if (!o.s) return xstrdup("");
    return o.s;
}

static int cmp_name_key(const void *x, const void *y)
{
    return strcmp(((const name_key *)x)->key, ((const name_key *)y)->key);
}

typedef struct name_index {
    name_key *k;
    size_t n;
} name_index;

static void name_index_build(const dlrig_catalog *cat, name_index *ix)
{
    size_t total = 0;
    for (int c = 0; c < DLRIG_CAT_COUNT; c++) total += catalog_count(cat, (dlrig_category)c);
    ix->k = xcalloc(total * 2 + 1, sizeof *ix->k);
    ix->n = 0;
    for (int c = 0; c < DLRIG_CAT_COUNT; c++)
        for (size_t i = 0; i < catalog_count(cat, (dlrig_category)c); i++) {
            const dlrig_part *p = catalog_part_at(cat, (dlrig_category)c, i);
            if (!p->name) continue;
            ix->k[ix->n++] = (name_key){name_norm(p->name, NULL), p};
            if (p->vendor) ix->k[ix->n++] = (name_key){name_norm(p->vendor, p->name), p};
        }
    qsort(ix->k, ix->n, sizeof *ix->k, cmp_name_key);
}

static void name_index_free(name_index *ix)
{
    for (size_t i = 0; i < ix->n; i++) free(ix->k[i].key);
    free(ix->k);
    memset(ix, 0, sizeof *ix);
}

/* The parts of that exact name (several only when two makers' parts share
 * a name and the line does not give the maker). */
static size_t name_lookup(const name_index *ix, const char *name, const dlrig_part **out, size_t max)
{
    char *key = name_norm(name, NULL);
    name_key probe = {key, NULL};
    name_key *hit = ix->n ? bsearch(&probe, ix->k, ix->n, sizeof *ix->k, cmp_name_key) : NULL;
    size_t n = 0;
    if (hit) {
        while (hit > ix->k && strcmp(hit[-1].key, key) == 0) hit--;
        for (; hit < ix->k + ix->n && strcmp(hit->key, key) == 0; hit++) {
            bool dup = false;
            for (size_t i = 0; i < n; i++) dup = dup || out[i] == hit->part;
            if (!dup && n < max) out[n++] = hit->part;
        }
    }
    free(key);
    return n;
}

/* The catalog entries of a part number; a number with a regional suffix
 * ("MZ-V9P2T0B/AM") that the catalog does not list is tried without it. */
static const dlrig_part_number *mpn_lookup(const dlrig_catalog *cat, const char *mpn, size_t *n)
{
    return catalog_part_numbers_like(cat, mpn, DLRIG_MPN_REGION, n);
}

/* A part number written inside a product name ("Samsung 990 PRO 2TB
 * (MZ-V9P2T0B/AM)"): the one word that is a catalog part number. */
static const dlrig_part_number *mpn_in_name(const dlrig_catalog *cat, const char *name, size_t *n, char *word,
                                            size_t wlen)
{
    const dlrig_part_number *found = NULL;
    size_t nfound = 0;
    const char *p = name;
    while (*p) {
        size_t skip = strspn(p, " \t,;()[]{}\"'");
        p += skip;
        size_t w = strcspn(p, " \t,;()[]{}\"'");
        if (!w) break;
        if (w >= 5 && w < DLRIG_MPN_KEY_MAX) {
            char tok[DLRIG_MPN_KEY_MAX];
            memcpy(tok, p, w);
            tok[w] = '\0';
            bool digit = strpbrk(tok, "0123456789") != NULL, alpha = false;
            for (const char *t = tok; *t; t++) alpha = alpha || isalpha((unsigned char)*t);
            size_t k;
            const dlrig_part_number *m = digit && alpha ? mpn_lookup(cat, tok, &k) : NULL;
            if (m) {
                if (found && (k != nfound || strcmp(m->part_id, found->part_id))) return NULL; /* two numbers */
                found = m;
                nfound = k;
                snprintf(word, wlen, "%s", tok);
            }
        }
        p += w;
    }
    *n = nfound;
    return found;
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
    dlrig_price_options o = {.label = label, .rates = rates, .n_rates = n_rates};
    prices_parse_opts(cat, text, len, &o, out);
}

/* The part (or, for a kit number, parts) a line names; reasons go to why. */
typedef struct line_parts {
    const dlrig_part *part[8];
    int units[8];
    size_t n;
    dlrig_price_match how;
    char on[72];
} line_parts;

static void find_parts(const dlrig_catalog *cat, const name_index *names, const char *id, const char *mpn,
                       const char *name, size_t *unknown_ids, line_parts *lp, strbuf *why)
{
    char b1[64];
    memset(lp, 0, sizeof *lp);
    if (id && *id) {
        const dlrig_part *p = catalog_find(cat, id);
        if (p) {
            lp->part[0] = p;
            lp->units[0] = 1;
            lp->n = 1;
            lp->how = DLRIG_MATCH_ID;
            return;
        }
        if ((mpn && *mpn) || (name && *name)) {
            /* the line names the part otherwise too: say so only if that fails */
        } else {
            /* did-you-mean costs an edit distance against every id: only for
             * the first few unknown ids (a list of thousands stays fast) */
            const char *sugg[3];
            size_t ns = (*unknown_ids)++ < MAX_SUGGESTED ? catalog_suggest(cat, id, sugg, 3) : 0;
            if (ns == 0) {
                reason_add(why, "unknown part id '%s' (see 'dlrig parts')", shown(id, b1, sizeof b1));
            } else {
                reason_add(why, "unknown part id '%s'; did you mean ", shown(id, b1, sizeof b1));
                for (size_t s = 0; s < ns; s++)
                    sb_printf(why, "%s'%s'", s ? (s + 1 == ns ? " or " : ", ") : "", sugg[s]);
                sb_append(why, "?");
            }
            return;
        }
    }
    size_t k = 0;
    const dlrig_part_number *m = NULL;
    if (mpn && *mpn && (m = mpn_lookup(cat, mpn, &k)) != NULL) {
        lp->how = DLRIG_MATCH_MPN;
        snprintf(lp->on, sizeof lp->on, "%s", mpn);
    } else if (name && *name) {
        const dlrig_part *byname[4];
        size_t nn = name_lookup(names, name, byname, 4);
        if (nn == 1) {
            lp->part[0] = byname[0];
            lp->units[0] = 1;
            lp->n = 1;
            lp->how = DLRIG_MATCH_NAME;
            snprintf(lp->on, sizeof lp->on, "%s", name);
            return;
        }
        if (nn > 1) {
            reason_add(why, "name '%s' is %zu catalog parts (%s, %s%s): give the maker or an id",
                       shown(name, b1, sizeof b1), nn, byname[0]->id, byname[1]->id, nn > 2 ? ", ..." : "");
            return;
        }
        char word[DLRIG_MPN_KEY_MAX];
        if ((m = mpn_in_name(cat, name, &k, word, sizeof word)) != NULL) {
            lp->how = DLRIG_MATCH_NAME_MPN;
            snprintf(lp->on, sizeof lp->on, "%s", word);
        }
    }
    if (m) {
        for (size_t i = 0; i < k && lp->n < 8; i++) {
            lp->part[lp->n] = catalog_find(cat, m[i].part_id);
            lp->units[lp->n] = m[i].units;
            if (lp->part[lp->n]) lp->n++;
        }
        return;
    }
    strbuf what = {0};
    char b2[64], b3[64];
    if (id && *id) sb_printf(&what, "id '%s'", shown(id, b1, sizeof b1));
    if (mpn && *mpn) sb_printf(&what, "%spart number '%s'", what.len ? ", " : "", shown(mpn, b2, sizeof b2));
    if (name && *name) sb_printf(&what, "%sname '%s'", what.len ? ", " : "", shown(name, b3, sizeof b3));
    if (what.len) reason_add(why, "no catalog part has the %s (see 'dlrig parts')", what.s);
    else reason_add(why, "the line names no part (empty id, part number and name)");
    sb_free(&what);
}

void prices_parse_opts(const dlrig_catalog *cat, const char *text, size_t len, const dlrig_price_options *opt,
                       dlrig_price_list *out)
{
    memset(out, 0, sizeof *out);
    size_t icap = 0, rcap = 0, unknown_ids = 0;
    char today_buf[11];
    const char *today = opt->today && valid_date(opt->today) ? opt->today : today_date(today_buf);
    out->delimiter = ',';
    if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) { /* UTF-8 byte order mark */
        text += 3;
        len -= 3;
    }
    if (memchr(text, '\0', len)) {
        add_issue(out, &icap, 0, "the file contains NUL bytes: not a CSV text file");
        out->fatal = true;
        return;
    }
    /* what the options say for the whole file */
    char b1[64], b2[64];
    if (opt->currency && *opt->currency && !is_currency(opt->currency)) {
        add_issue(out, &icap, 0, "the stated currency '%s' is not a 3-letter ISO 4217 code in capitals",
                  shown(opt->currency, b1, sizeof b1));
        out->fatal = true;
    }
    if (opt->date && *opt->date && !valid_date(opt->date)) {
        add_issue(out, &icap, 0, "the stated date '%s' is not YYYY-MM-DD or YYYY-MM", shown(opt->date, b1, sizeof b1));
        out->fatal = true;
    } else if (opt->date && *opt->date && date_after(opt->date, today)) {
        add_issue(out, &icap, 0, "the stated date %s is after today (%s)", opt->date, today);
        out->fatal = true;
    }
    if (out->fatal) return;
    out->delimiter = csv_sniff_delimiter(text, len);
    csv_reader rd;
    csv_init(&rd, text, len);
    csv_set_delimiter(&rd, out->delimiter);
    csv_record rec;
    header_map map;
    bool have_header = false, need_names = false;
    name_index names = {0};
    int rc;
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
            if (!header_ok(&rec, &map, opt, out, &icap)) {
                out->fatal = true;
                break;
            }
            have_header = true;
            need_names = map.col[COL_NAME] >= 0;
            if (need_names) name_index_build(cat, &names);
            continue;
        }
        int last = -1, last_col = 0;
        for (int c = 0; c < COL_COUNT; c++)
            if (map.col[c] > last) {
                last = map.col[c];
                last_col = c;
            }
        if (rec.n <= last) {
            add_issue(out, &icap, rec.line, "expected %d fields (through the column '%s'), got %d", last + 1,
                      col_names[last_col], rec.n);
            continue;
        }
#define FIELD(c) (map.col[c] >= 0 ? trim(rec.fields[map.col[c]]) : NULL)
        const char *id = FIELD(COL_ID), *mpn = FIELD(COL_MPN), *name = FIELD(COL_NAME);
        char *price_text = FIELD(COL_PRICE);
        const char *cur = FIELD(COL_CURRENCY), *date = FIELD(COL_DATE), *vendor = FIELD(COL_VENDOR);
#undef FIELD
        if (!cur || !*cur) cur = map.price_cur[0] ? map.price_cur : opt->currency ? opt->currency : cur;
        if (!date || !*date) date = map.col[COL_DATE] < 0 ? opt->date : date;
        if (!vendor || !*vendor) vendor = map.col[COL_VENDOR] < 0 ? opt->vendor : vendor;
        if (!cur) cur = "";
        if (!date) date = "";
        if (!vendor) vendor = "";
        strbuf why = {0};
        line_parts lp;
        find_parts(cat, &names, id, mpn, name, &unknown_ids, &lp, &why);
        double v = 0;
        char sign_cur[4];
        char *price = strip_currency_sign(price_text, sign_cur);
        if (!*price) reason_add(&why, "empty price");
        else if (!parse_price(price, opt->decimal_comma, &v) || !(v > 0) || v > 1e8) {
            bool looks_comma = !opt->decimal_comma && strchr(price, ',') && !strchr(price, '.');
            reason_add(&why, "price '%s' is not a positive number%s", shown(price_text, b1, sizeof b1),
                       looks_comma ? " (a decimal comma? say so with --decimal-comma)"
                       : opt->decimal_comma ? " (with a decimal comma: 1.299,00)"
                                            : " (digits, one '.', ',' between thousands: 1,299.00)");
        }
        double rate = NAN;
        if (sign_cur[0] && *cur && strcmp(sign_cur, cur) != 0) {
            reason_add(&why, "the price is marked %s but the currency is %s", sign_cur, shown(cur, b1, sizeof b1));
        } else {
            if (!*cur) cur = sign_cur;
            if (!is_currency(cur)) {
                reason_add(&why, "currency '%s' is not a 3-letter ISO 4217 code in capitals (e.g. USD, EUR)",
                           shown(cur, b1, sizeof b1));
            } else {
                if (strcmp(cur, "USD") == 0) rate = 1;
                for (size_t i = 0; i < opt->n_rates; i++)
                    if (strcmp(opt->rates[i].currency, cur) == 0) rate = opt->rates[i].usd_per_unit;
                if (isnan(rate))
                    reason_add(&why, "no exchange rate for %s: state one in US dollars per unit (--rate %s=1.08)",
                               cur, cur);
            }
        }
        if (!valid_date(date)) reason_add(&why, "date '%s' is not YYYY-MM-DD or YYYY-MM", shown(date, b1, sizeof b1));
        else if (date_after(date, today)) reason_add(&why, "date %s is after today (%s)", date, today);
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

        if (why.len) {
            add_issue(out, &icap, rec.line, "%s", why.s);
            sb_free(&why);
            continue;
        }
        for (size_t i = 0; i < lp.n; i++) {
            dlrig_price_row row;
            memset(&row, 0, sizeof row);
            row.line = rec.line;
            snprintf(row.source, sizeof row.source, "%s", opt->label ? opt->label : "");
            snprintf(row.part_id, sizeof row.part_id, "%s", lp.part[i]->id);
            snprintf(row.vendor, sizeof row.vendor, "%s", vendor);
            snprintf(row.date, sizeof row.date, "%s", date);
            memcpy(row.currency, cur, 4);
            row.price = v * lp.units[i];
            row.usd_per_unit = rate;
            row.price_usd = row.price * rate;
            row.match = (unsigned char)lp.how;
            row.units = lp.units[i];
            snprintf(row.matched_on, sizeof row.matched_on, "%s", lp.on);
            if (!(row.price_usd > 0) || !isfinite(row.price_usd)) continue;
            if (out->n_rows == rcap)
                out->rows = xrealloc(out->rows, (rcap = rcap ? rcap * 2 : 64) * sizeof *out->rows);
            out->rows[out->n_rows++] = row;
        }
    }
    csv_free(&rd);
    name_index_free(&names);
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
    /* lines by how they found their part (a kit number's line gives several rows) */
    for (size_t i = 0; i < out->n_rows; i++)
        if (i == 0 || out->rows[i].line != out->rows[i - 1].line) out->matched[out->rows[i].match]++;
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
