/* export.c — a build as Markdown, CSV, JSON, plain text or an HTML quote.
 * Money is computed in integer cents (export_quote_money) so that the
 * subtotal, discount, tax and total of every format agree to the cent. */
#include "dlrig/export.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>
#include <wchar.h>

#include "dlrig/jsondoc.h"
#include "dlrig/market.h"
#include "dlrig/power.h"
#include "dlrig/query.h"

const char *const dlrig_export_format_ids[] = {"md", "csv", "json", "txt", "html", NULL};

int export_format_from_name(const char *s)
{
    if (!s) return -1;
    for (int i = 0; dlrig_export_format_ids[i]; i++)
        if (strcmp(dlrig_export_format_ids[i], s) == 0) return i;
    return -1;
}

const char *export_format_ext(dlrig_export_format f)
{
    return (unsigned)f < DLRIG_EXPORT_COUNT ? dlrig_export_format_ids[f] : "txt";
}

/* ------------------------------------------------------------ analysis */

void export_analyze(const dlrig_catalog *cat, const dlrig_build *b, dlrig_analysis *an)
{
    rules_check(cat, b, &an->report);
    an->have_estimate = false;
    an->estimate_err[0] = '\0';
    if (build_count(b, DLRIG_CAT_GPU) > 0)
        an->have_estimate = perf_estimate(cat, b, &an->report.placement, NULL, &an->estimate, an->estimate_err,
                                          sizeof an->estimate_err) == 0;
    else snprintf(an->estimate_err, sizeof an->estimate_err, "no GPU in the build");
}

void export_analysis_free(dlrig_analysis *an) { report_free(&an->report); }

void export_opts_init(dlrig_export_opts *o)
{
    memset(o, 0, sizeof *o);
    o->validity_days = 30;
}

/* ------------------------------------------------------------ seller */

void export_seller_free(dlrig_seller *s)
{
    if (!s) return;
    free(s->company);
    free(s->contact);
    free(s->address);
    free(s->terms);
    free(s->lead_time);
    for (size_t i = 0; i < s->n_services && i < DLRIG_SELLER_MAX_SERVICES; i++) free(s->services[i].name);
    memset(s, 0, sizeof *s);
    snprintf(s->currency, sizeof s->currency, "USD");
    s->usd_rate = 1;
}

const char dlrig_seller_fields[] = "company, contact, address, terms, currency, usd_rate, services, lead_time";

/* Longest service name and lead time (bytes). */
#define MAX_SERVICE_TEXT 200

/* Reads the seller's "services" array into s: each {"name": "...", "price":
 * N or "included", "per_node": bool}.  0, or -1 with a message naming the
 * entry and the field. */
static int parse_services(const cJSON *arr, const char *name, dlrig_seller *s, char *err, size_t errlen)
{
    static const char *const what = "expected an array of {\"name\": \"...\", \"price\": N or \"included\"}";
    if (!cJSON_IsArray(arr)) {
        snprintf(err, errlen, "%s: field 'services': %s", name, what);
        return -1;
    }
    int n = cJSON_GetArraySize(arr);
    if (n > DLRIG_SELLER_MAX_SERVICES) {
        snprintf(err, errlen, "%s: field 'services': at most %d services, got %d", name, DLRIG_SELLER_MAX_SERVICES, n);
        return -1;
    }
    for (size_t i = 0; i < s->n_services; i++) free(s->services[i].name); /* a repeated key: the last one counts */
    s->n_services = 0;
    int k = 0;
    const cJSON *e;
    cJSON_ArrayForEach(e, arr)
    {
        k++;
        if (!cJSON_IsObject(e)) {
            snprintf(err, errlen, "%s: services[%d]: %s", name, k, what);
            return -1;
        }
        const cJSON *f;
        cJSON_ArrayForEach(f, e)
        {
            const char *key = f->string ? f->string : "";
            if (strcmp(key, "name") && strcmp(key, "price") && strcmp(key, "per_node")) {
                snprintf(err, errlen, "%s: services[%d]: unknown field '%.60s'; known fields: name, price, per_node",
                         name, k, key);
                return -1;
            }
        }
        const cJSON *nm = cJSON_GetObjectItemCaseSensitive(e, "name");
        const cJSON *pr = cJSON_GetObjectItemCaseSensitive(e, "price");
        const cJSON *pn = cJSON_GetObjectItemCaseSensitive(e, "per_node");
        if (!cJSON_IsString(nm) || !*nm->valuestring || strlen(nm->valuestring) > MAX_SERVICE_TEXT) {
            snprintf(err, errlen, "%s: services[%d]: field 'name': expected the service as the quote names it, 1 to "
                                  "%d characters (\"Assembly and 48-hour burn-in\")", name, k, MAX_SERVICE_TEXT);
            return -1;
        }
        double price;
        if (cJSON_IsString(pr) && !strcmp(pr->valuestring, "included")) price = NAN;
        else if (cJSON_IsNumber(pr) && pr->valuedouble >= 0 && pr->valuedouble < 1e9) price = pr->valuedouble;
        else {
            snprintf(err, errlen, "%s: services[%d] ('%.60s'): field 'price': expected an amount in the seller's "
                                  "currency (0 or more) or \"included\"", name, k, nm->valuestring);
            return -1;
        }
        if (pn && !cJSON_IsBool(pn)) {
            snprintf(err, errlen, "%s: services[%d] ('%.60s'): field 'per_node': expected true or false", name, k,
                     nm->valuestring);
            return -1;
        }
        dlrig_service *sv = &s->services[s->n_services++];
        sv->name = xstrdup(nm->valuestring);
        sv->price = price;
        sv->per_node = pn && cJSON_IsTrue(pn);
    }
    return 0;
}

int export_seller_parse(const char *text, size_t len, const char *name, dlrig_seller *s, char *err, size_t errlen)
{
    const char *const known = dlrig_seller_fields;
    memset(s, 0, sizeof *s);
    snprintf(s->currency, sizeof s->currency, "USD");
    s->usd_rate = 1;
    cJSON *doc = cJSON_ParseWithLength(text ? text : "", len);
    if (!doc || !cJSON_IsObject(doc)) {
        snprintf(err, errlen, "%s: not a JSON object; expected {\"company\": \"...\", ...} with the fields %s", name,
                 known);
        cJSON_Delete(doc);
        return -1;
    }
    char twice[200];
    if (jsondoc_duplicate_key(doc, twice, sizeof twice)) {
        snprintf(err, errlen, "%s: %s: the key is given twice (JSON readers differ on which one counts); keep one",
                 name, twice);
        cJSON_Delete(doc);
        return -1;
    }
    bool rate_given = false;
    const cJSON *it;
    cJSON_ArrayForEach(it, doc)
    {
        const char *k = it->string ? it->string : "";
        char **dst = !strcmp(k, "company") ? &s->company
                     : !strcmp(k, "contact") ? &s->contact
                     : !strcmp(k, "address") ? &s->address
                     : !strcmp(k, "terms")   ? &s->terms
                                             : NULL;
        if (dst) {
            if (!cJSON_IsString(it)) {
                snprintf(err, errlen, "%s: field '%s': expected a string", name, k);
                goto bad;
            }
            /* the company is one line; contact, address and terms may have several */
            const char *why = text_problem(it->valuestring, strlen(it->valuestring),
                                           strcmp(k, "company") ? TEXT_MULTILINE : 0);
            if (why) {
                snprintf(err, errlen, "%s: field '%s' %s", name, k, why);
                goto bad;
            }
            free(*dst);
            *dst = xstrdup(it->valuestring);
        } else if (!strcmp(k, "currency")) {
            const char *v = cJSON_IsString(it) ? it->valuestring : NULL;
            if (!v || strlen(v) != 3 || !(v[0] >= 'A' && v[0] <= 'Z') || !(v[1] >= 'A' && v[1] <= 'Z') ||
                !(v[2] >= 'A' && v[2] <= 'Z')) {
                snprintf(err, errlen, "%s: field 'currency': expected a three-letter ISO 4217 code such as \"USD\" or "
                                      "\"EUR\"", name);
                goto bad;
            }
            memcpy(s->currency, v, 4);
        } else if (!strcmp(k, "usd_rate")) {
            if (!cJSON_IsNumber(it) ||
                !(it->valuedouble >= DLRIG_SELLER_RATE_MIN && it->valuedouble <= DLRIG_SELLER_RATE_MAX)) {
                snprintf(err, errlen, "%s: field 'usd_rate': expected a number from %g to %g (units of the currency "
                                      "for one US dollar)", name, DLRIG_SELLER_RATE_MIN, DLRIG_SELLER_RATE_MAX);
                goto bad;
            }
            s->usd_rate = it->valuedouble;
            rate_given = true;
        } else if (!strcmp(k, "services")) {
            if (parse_services(it, name, s, err, errlen)) goto bad;
        } else if (!strcmp(k, "lead_time")) {
            if (!cJSON_IsString(it) || !*it->valuestring || strlen(it->valuestring) > MAX_SERVICE_TEXT) {
                snprintf(err, errlen, "%s: field 'lead_time': expected text such as \"2-3 weeks after the order\" (1 to "
                                      "%d characters)", name, MAX_SERVICE_TEXT);
                goto bad;
            }
            free(s->lead_time);
            s->lead_time = xstrdup(it->valuestring);
        } else {
            snprintf(err, errlen, "%s: unknown field '%.60s'; known fields: %s", name, k, known);
            goto bad;
        }
    }
    if (!s->company || !*s->company) {
        snprintf(err, errlen, "%s: field 'company' is missing or empty; it names the seller on the quote", name);
        goto bad;
    }
    if (strcmp(s->currency, "USD") != 0 && !rate_given) {
        snprintf(err, errlen, "%s: field 'usd_rate' is missing; currency %s needs the units of %s for one US dollar",
                 name, s->currency, s->currency);
        goto bad;
    }
    if (!strcmp(s->currency, "USD")) s->usd_rate = 1;
    cJSON_Delete(doc);
    return 0;
bad:
    cJSON_Delete(doc);
    export_seller_free(s);
    return -1;
}

int export_seller_load(const char *path, dlrig_seller *s, char *err, size_t errlen)
{
    memset(s, 0, sizeof *s);
    snprintf(s->currency, sizeof s->currency, "USD");
    s->usd_rate = 1;
    size_t len = 0;
    errno = 0;
    char *text = read_file_regular(path, 64 * 1024, &len);
    if (!text) {
        int e = errno;
        struct stat st;
        if (e == ENOENT && lstat(path, &st) == 0 && S_ISLNK(st.st_mode)) {
            /* a link to nowhere is a profile that went missing, not no profile */
            snprintf(err, errlen, "%s: a link to a file that does not exist; fix the link or remove it", path);
            return -1;
        }
        if (e == ENOENT) return 1;
        snprintf(err, errlen, "%s: cannot read: %s", path, e ? file_error(e) : "too large (over 64 KiB)");
        return -1;
    }
    int rc = export_seller_parse(text, len, path, s, err, errlen);
    free(text);
    return rc;
}

/* ------------------------------------------------------------ quote number, problems, sources */

const char *export_quote_number(const dlrig_build *const *b, size_t n, time_t date, char *buf, size_t len)
{
    uint32_t h = 2166136261u; /* FNV-1a */
#define MIX(str)                                                                                                       \
    for (const char *q_ = (str); q_ && *q_; q_++) h = (h ^ (unsigned char)*q_) * 16777619u;                            \
    h = (h ^ 0xffu) * 16777619u
    for (size_t i = 0; i < n; i++) {
        MIX(b[i]->name);
        for (size_t k = 0; k < b[i]->n_items; k++) {
            char q[16];
            snprintf(q, sizeof q, "%d", b[i]->items[k].qty);
            MIX(b[i]->items[k].part->id);
            MIX(q);
        }
    }
#undef MIX
    struct tm tm;
    localtime_r(&date, &tm);
    char d[16];
    strftime(d, sizeof d, "%Y%m%d", &tm);
    snprintf(buf, len, "Q-%s-%04X", d, (unsigned)((h ^ (h >> 16)) & 0xffffu));
    return buf;
}

const char *export_quote_number_for(const dlrig_build *const *b, size_t n, const dlrig_export_opts *o, time_t when,
                                    char *buf, size_t len)
{
    uint32_t h = 2166136261u; /* FNV-1a over the builds, then the quote's other words */
#define MIX(str)                                                                                                       \
    for (const char *q_ = (str); q_ && *q_; q_++) h = (h ^ (unsigned char)*q_) * 16777619u;                            \
    h = (h ^ 0xffu) * 16777619u
    char t[64];
    for (size_t i = 0; i < n; i++) {
        MIX(b[i]->name);
        MIX(b[i]->tier);
        for (size_t k = 0; k < b[i]->n_items; k++) {
            snprintf(t, sizeof t, "%d", b[i]->items[k].qty);
            MIX(b[i]->items[k].part->id);
            MIX(t);
        }
    }
    if (o) {
        MIX(o->customer);
        MIX(o->project);
        MIX(o->notes);
        snprintf(t, sizeof t, "%.4f/%.4f/%d/%d", o->discount_pct, o->tax_pct, o->validity_days, o->revision);
        MIX(t);
        if (o->seller) {
            MIX(o->seller->company);
            MIX(o->seller->terms);
            MIX(o->seller->currency);
        }
    }
    struct tm tm;
    localtime_r(&when, &tm);
    strftime(t, sizeof t, "%H:%M:%S", &tm); /* the same quote asked twice a day is two quotes */
    MIX(t);
#undef MIX
    char d[16];
    strftime(d, sizeof d, "%Y%m%d", &tm);
    snprintf(buf, len, "Q-%s-%04X", d, (unsigned)((h ^ (h >> 16)) & 0xffffu));
    return buf;
}

/* The counter's largest number: far beyond any seller's count of quotes. */
#define MAX_QUOTE_SERIAL 999999999L

int export_quote_serial_next(const char *dir, time_t when, char *buf, size_t len, char *err, size_t errlen)
{
    if (!dir || !*dir) {
        snprintf(err, errlen, "no state directory for the quote counter");
        return -1;
    }
    char *lock = xasprintf("%s/quote-counter.lock", dir), *path = xasprintf("%s/quote-counter", dir);
    int rc = -1;
    int fd = open(lock, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
    if (fd < 0) {
        snprintf(err, errlen, "%s: cannot open: %s", lock, strerror(errno));
        goto out;
    }
    while (flock(fd, LOCK_EX) != 0) {
        if (errno == EINTR) continue;
        snprintf(err, errlen, "%s: cannot lock: %s", lock, strerror(errno));
        goto out;
    }
    long last = 0;
    size_t tl = 0;
    errno = 0;
    char *text = read_file_limit(path, 64, &tl);
    if (text) {
        char *end;
        errno = 0;
        last = strtol(text, &end, 10);
        while (*end == '\n' || *end == ' ') end++;
        bool ok = end != text && !*end && !errno && last >= 0 && last < MAX_QUOTE_SERIAL;
        free(text);
        if (!ok) {
            snprintf(err, errlen, "%s: expected the last quote number given (a whole number); remove the file to "
                                  "start again at 1", path);
            goto out;
        }
    } else if (errno != ENOENT) {
        snprintf(err, errlen, "%s: cannot read: %s", path, errno ? strerror(errno) : "too large");
        goto out;
    }
    char num[32];
    snprintf(num, sizeof num, "%ld\n", last + 1);
    if (write_file_atomic(path, num, strlen(num), true) != 0) {
        snprintf(err, errlen, "%s: cannot write: %s", path, strerror(errno));
        goto out;
    }
    struct tm tm;
    localtime_r(&when, &tm);
    char d[16];
    strftime(d, sizeof d, "%Y%m%d", &tm);
    snprintf(buf, len, "Q-%s-%04ld", d, last + 1);
    rc = 0;
out:
    if (fd >= 0) close(fd); /* releases the lock */
    free(lock);
    free(path);
    return rc;
}

size_t export_problems(const dlrig_analysis *an, const dlrig_finding **out, size_t max)
{
    size_t n = 0;
    for (size_t i = 0; i < an->report.n_findings; i++) {
        const dlrig_finding *f = &an->report.findings[i];
        if (f->severity != DLRIG_SEV_ERROR && !(f->rule && (f->rule->flags & DLRIG_RULE_DRAFT))) continue;
        if (n < max && out) out[n] = f;
        n++;
    }
    return n;
}

bool export_finding_unchecked(const dlrig_finding *f) { return f->unchecked; }

const char *export_source_label(const dlrig_catalog *cat, const char *id, char *buf, size_t len)
{
    const dlrig_source *src = id && cat ? catalog_source(cat, id) : NULL;
    const char *t = src && src->title && *src->title ? src->title : id ? id : "";
    size_t n = strcspn(t, "(;:");
    const char *comma = strstr(t, ", ");
    if (comma && (size_t)(comma - t) >= 12 && (size_t)(comma - t) < n) n = (size_t)(comma - t);
    while (n && t[n - 1] == ' ') n--;
    if (n == 0) n = strlen(t);
    size_t quotes = 0, last = 0;
    for (size_t i = 0; i < n; i++)
        if (t[i] == '"') quotes++, last = i;
    if (quotes % 2) n = last; /* a quotation cut in half: drop its opening mark and the rest */
    while (n && t[n - 1] == ' ') n--;
    if (n > 90) n = 90;
    snprintf(buf, len, "%.*s", (int)n, t);
    return buf;
}

const char *export_price_source(const dlrig_catalog *cat, const dlrig_price *pr, char *buf, size_t len)
{
    if (len) buf[0] = '\0';
    if (!price_known(pr) || pr->owned) return NULL; /* an owned line has no price to source */
    char src[128];
    const char *label = pr->user_list ? NULL : export_source_label(cat, pr->source, src, sizeof src);
    if (pr->user_list)
        snprintf(buf, len, "price list of %s%s%s", pr->market ? pr->market : "a vendor", pr->date ? ", " : "",
                 pr->date ? pr->date : "");
    else if (pr->condition != DLRIG_CONDITION_NEW)
        snprintf(buf, len, "%s, %s %s; %s", dlrig_condition_names[pr->condition], pr->market ? pr->market : "market",
                 pr->date ? pr->date : "undated", label);
    else if (pr->market)
        snprintf(buf, len, "%s, %s; %s", pr->date ? pr->date : "undated", pr->market, label);
    else if (pr->date)
        snprintf(buf, len, "%s, %s", pr->date, label);
    else
        snprintf(buf, len, "%s", label);
    return buf;
}

/* ------------------------------------------------------------ money */

/* Money saturates at DLRIG_MONEY_CAP_CENTS (a quadrillion dollars): sums and
 * products of absurd prices, quantities and rates stay far from overflow,
 * and format_cents shows a saturated amount as "over ...". */
static long long cents_of(double usd)
{
    if (isnan(usd)) return 0;
    double c = usd * 100.0;
    if (c >= (double)DLRIG_MONEY_CAP_CENTS) return DLRIG_MONEY_CAP_CENTS;
    if (c <= -(double)DLRIG_MONEY_CAP_CENTS) return -DLRIG_MONEY_CAP_CENTS;
    return llround(c);
}

static long long money_clamp(long long v)
{
    return v > DLRIG_MONEY_CAP_CENTS ? DLRIG_MONEY_CAP_CENTS : v < -DLRIG_MONEY_CAP_CENTS ? -DLRIG_MONEY_CAP_CENTS : v;
}

static long long money_mul(long long cents, long long qty)
{
    long long r;
    if (__builtin_mul_overflow(cents, qty, &r)) return (cents < 0) != (qty < 0) ? -DLRIG_MONEY_CAP_CENTS : DLRIG_MONEY_CAP_CENTS;
    return money_clamp(r);
}

const char *export_part_label(const dlrig_part *p, char *buf, size_t len)
{
    const char *v = p->vendor, *n = p->name ? p->name : p->id;
    size_t vl = v ? strlen(v) : 0;
    if (!vl || strncasecmp(n, v, vl) == 0) snprintf(buf, len, "%s", n);
    else snprintf(buf, len, "%s %s", v, n);
    return buf;
}

int export_item_total_qty(const dlrig_build *b, const dlrig_item *it)
{
    int nodes = b->req.nodes > 0 ? b->req.nodes : 1;
    return it->cluster_scope ? it->qty : it->qty * nodes;
}

static void quote_money(const dlrig_build *b, double rate, double discount_pct, double tax_pct, dlrig_quote_money *m);

void export_quote_money(const dlrig_build *b, double discount_pct, double tax_pct, dlrig_quote_money *m)
{
    quote_money(b, 1.0, discount_pct, tax_pct, m);
}

static void quote_money(const dlrig_build *b, double rate, double discount_pct, double tax_pct, dlrig_quote_money *m)
{
    memset(m, 0, sizeof *m);
    for (size_t i = 0; i < b->n_items; i++) {
        const dlrig_item *it = &b->items[i];
        if (it->owned) {
            m->owned_lines++;
            continue;
        }
        double usd = build_line_usd(b, it);
        if (isnan(usd)) {
            m->unpriced_lines++;
            continue;
        }
        long long unit = cents_of(usd * rate);
        if (unit % 100) m->any_cents = true;
        m->subtotal = money_clamp(m->subtotal + money_mul(unit, export_item_total_qty(b, it)));
    }
    if (isnan(discount_pct) || discount_pct < 0) discount_pct = 0;
    if (isnan(tax_pct) || tax_pct < 0) tax_pct = 0;
    if (discount_pct > 100) discount_pct = 100;
    if (tax_pct > 100) tax_pct = 100;
    m->discount = llround((double)m->subtotal * discount_pct / 100.0);
    m->tax = llround((double)(m->subtotal - m->discount) * tax_pct / 100.0);
    m->total = m->subtotal - m->discount + m->tax;
    if (m->discount % 100 || m->tax % 100 || m->total % 100) m->any_cents = true;
}

/* A percentage without trailing zeros: "10", "8.25". */
static const char *fmt_pct(double p, char *buf, size_t len)
{
    snprintf(buf, len, "%.4f", p);
    char *e = buf + strlen(buf) - 1;
    while (e > buf && *e == '0') *e-- = '\0';
    if (*e == '.') *e = '\0';
    return buf;
}

static void format_date(time_t t, int add_days, char *buf, size_t len)
{
    struct tm tm;
    localtime_r(&t, &tm);
    if (add_days) {
        tm.tm_mday += add_days;
        tm.tm_isdst = -1;
        time_t u = mktime(&tm);
        localtime_r(&u, &tm);
    }
    strftime(buf, len, "%Y-%m-%d", &tm);
}

/* ------------------------------------------------------------ shared pieces */

typedef struct ctx {
    const dlrig_catalog *cat;
    const dlrig_build *b;
    const dlrig_analysis *an;
    const dlrig_report *rep;
    const dlrig_estimate *est; /* NULL without an estimate */
    dlrig_export_opts o;
    dlrig_quote_money m;
    int nodes;
    char date[16], valid_until[16];
    char oldest_price[12];  /* the oldest price month of the quote's builds ("" when none is dated) */
    int price_age;          /* its age in months on the quote's date, -1 when none is dated */
    bool stale;             /* older than DLRIG_PRICE_STALE_MONTHS: the quote says re-check and promises no validity */
    int old_lines;          /* part lines of the quote's builds priced more than DLRIG_PRICE_STALE_MONTHS ago */
    int priced_lines;       /* part lines with a known price (owned lines not counted) */
    long long old_cents;    /* what the old-priced lines add up to, in the quote's currency */
    char validity[160];     /* "valid until 2026-12-27 (30 days)", or what a stale quote says instead */
    strbuf *out;
    /* quotes */
    double rate;                  /* seller's currency units per US dollar (1 in CSV and JSON) */
    const char *currency;         /* "USD" or the seller's code */
    char qnum[64];                /* quote number */
    int revision;
    const dlrig_finding *problems[64];
    size_t n_problems;            /* may exceed 64: only the first 64 are kept */
    const char *option;           /* "Option A" in a quote of several builds, else NULL */
    bool customer;                /* the customer's copy of a quote: no dlrig ids, no per-line price sources, the
                                     requirements in words (a quote without opts.internal) */
} ctx;

#define MAX_PROBLEMS 64

static const char *build_name(const dlrig_build *b) { return b->name && *b->name ? b->name : "Untitled build"; }

static bool given(const char *s) { return s && *s; }

/* An amount for people in the quote's currency: "$1,234" in US dollars,
 * "EUR 1,234.00" in another currency. */
static const char *money(const ctx *c, long long cents, char *buf, size_t len)
{
    if (!c->currency || !strcmp(c->currency, "USD")) return format_cents(cents, c->m.any_cents, buf, len);
    char t[64];
    format_cents(cents, true, t, sizeof t);
    char *d = strchr(t, '$');
    if (d) memmove(d, d + 1, strlen(d));
    if (snprintf(buf, len, "%s %s", c->currency, t) >= (int)len && len) buf[len - 1] = '\0';
    return buf;
}

static long long unit_cents(const ctx *c, const dlrig_item *it) { return cents_of(build_line_usd(c->b, it) * c->rate); }

static const char *unit_money(const ctx *c, const dlrig_item *it, char *buf, size_t len)
{
    if (it->owned) return snprintf(buf, len, "owned"), buf;
    if (isnan(build_line_usd(c->b, it))) return snprintf(buf, len, "-"), buf;
    return money(c, unit_cents(c, it), buf, len);
}

static const char *line_money(const ctx *c, const dlrig_item *it, char *buf, size_t len)
{
    if (it->owned) return snprintf(buf, len, "owned"), buf;
    if (isnan(build_line_usd(c->b, it))) return snprintf(buf, len, "-"), buf;
    return money(c, money_mul(unit_cents(c, it), export_item_total_qty(c->b, it)), buf, len);
}

/* The availability / lead time of a line, or NULL. */
static const char *lead_of(const ctx *c, const dlrig_part *p)
{
    const char *any = NULL;
    for (size_t i = 0; i < c->o.n_lead; i++) {
        const dlrig_lead_time *l = &c->o.lead[i];
        if (!l->part_id || !l->text) continue;
        if (!strcmp(l->part_id, p->id)) return l->text;
        if (!strcmp(l->part_id, "*")) any = l->text;
    }
    return any;
}

static bool is_problem(const ctx *c, const dlrig_finding *f)
{
    size_t n = c->n_problems < MAX_PROBLEMS ? c->n_problems : MAX_PROBLEMS;
    for (size_t i = 0; i < n; i++)
        if (c->problems[i] == f) return true;
    return false;
}

/* "Error" or "Over budget": what a problem is, for the DRAFT list. */
static const char *problem_kind(const dlrig_finding *f)
{
    return f->severity == DLRIG_SEV_ERROR ? "Error" : "Over budget"; /* the DRAFT warning is the budget's */
}

/* Whether a quote shows the seller, number and validity: HTML always, the
 * other formats when any quote field is given. */
static bool quote_fields(const ctx *c)
{
    return given(c->o.customer) || given(c->o.project) || c->o.seller || given(c->o.quote_number) ||
           c->o.revision > 1;
}

/* ------------------------------------------------------------ quote pieces: services, part numbers, price basis */

/* A service's price in the quote's currency, in cents (0 when included). */
static long long service_unit_cents(const ctx *c, const dlrig_service *sv)
{
    if (isnan(sv->price) || !c->o.seller || !(c->o.seller->usd_rate > 0)) return 0;
    return cents_of(sv->price / c->o.seller->usd_rate * c->rate);
}

static int service_qty(const ctx *c, const dlrig_service *sv) { return sv->per_node ? c->nodes : 1; }

static size_t n_services(const ctx *c)
{
    return c->o.seller ? (c->o.seller->n_services < DLRIG_SELLER_MAX_SERVICES ? c->o.seller->n_services
                                                                               : DLRIG_SELLER_MAX_SERVICES)
                       : 0;
}

/* Adds the seller's services to the money of the quote: into the subtotal,
 * then discount, tax and total again as quote_money computes them. */
static void add_services(ctx *c)
{
    dlrig_quote_money *m = &c->m;
    m->services = 0;
    for (size_t i = 0; i < n_services(c); i++) {
        const dlrig_service *sv = &c->o.seller->services[i];
        long long unit = service_unit_cents(c, sv);
        if (unit % 100) m->any_cents = true;
        m->services = money_clamp(m->services + money_mul(unit, service_qty(c, sv)));
    }
    if (!m->services) return;
    double d = c->o.discount_pct > 100 ? 100 : c->o.discount_pct, t = c->o.tax_pct > 100 ? 100 : c->o.tax_pct;
    m->subtotal = money_clamp(m->subtotal + m->services);
    m->discount = llround((double)m->subtotal * d / 100.0);
    m->tax = llround((double)(m->subtotal - m->discount) * t / 100.0);
    m->total = m->subtotal - m->discount + m->tax;
    if (m->discount % 100 || m->tax % 100 || m->total % 100) m->any_cents = true;
}

/* The manufacturer part number of a part, or NULL. */
/* The part number a buyer orders part p by, "8 x KSM32RD4/32" for a kit of
 * modules sold singly, into buf; NULL when the catalog has none. */
static const char *part_mpn(const ctx *c, const dlrig_part *p, char *buf, size_t len)
{
    const dlrig_part_number *n = catalog_part_number_of(c->cat, p->id);
    if (!n) return NULL;
    if (n->units > 1) snprintf(buf, len, "%d x %s", n->units, n->mpn);
    else snprintf(buf, len, "%s", n->mpn);
    return buf;
}

/* Whether any line of the build has a manufacturer part number. */
static bool any_mpn(const ctx *c)
{
    for (size_t i = 0; i < c->b->n_items; i++)
        if (catalog_part_number_of(c->cat, c->b->items[i].part->id)) return true;
    return false;
}

/* The condition of a second-hand line as the customer reads it ("used",
 * "refurbished"), or NULL for a new part. */
static const char *line_condition(const dlrig_price *pr)
{
    return pr->condition == DLRIG_CONDITION_USED || pr->condition == DLRIG_CONDITION_REFURBISHED
               ? dlrig_condition_names[pr->condition]
               : NULL;
}

/* Whether the customer's copy marks this line's price as one to re-check:
 * older than DLRIG_PRICE_STALE_MONTHS and not re-checked by the seller.
 * Returns its month ("2025-07") into buf, or NULL. */
static const char *line_old_price(const ctx *c, const dlrig_price *pr, char *buf, size_t len)
{
    if (!c->stale || c->o.prices_checked || !price_known(pr) || pr->owned || !price_stale(pr->date, c->date))
        return NULL;
    snprintf(buf, len, "%.7s", pr->date);
    return buf;
}

/* What the market of a line with an old price did since (market.h), as ":
 * DDR5 kits cost 5.2x as much by 2026-09" after the line's mark; "" when it
 * has no old price, no peers or no notable move. */
static const char *line_market(const ctx *c, const dlrig_item *it, char *buf, size_t len)
{
    buf[0] = '\0';
    dlrig_price pr = build_line_price(c->b, it);
    char om[12], t[160];
    dlrig_market_move m;
    if (line_old_price(c, &pr, om, sizeof om) && market_line_move(c->cat, c->b, it, c->date, &m))
        snprintf(buf, len, ": %s", market_move_short(&m, t, sizeof t));
    return buf;
}

/* Which lines of a quote carry the old prices and how much of it they are:
 * "7 of 8 priced lines, $1,126.22 of the parts' $2,684.22, carry prices
 * older than 6 months" and, on the customer's copy, where they are marked
 * (mark: " (marked below)").  "" when none does or the seller re-checked
 * them. */
static const char *old_lines_text(const ctx *c, const char *mark, char *buf, size_t len)
{
    buf[0] = '\0';
    if (!c->stale || c->o.prices_checked || c->old_lines <= 0) return buf;
    char a[48], t[48], n[64];
    if (c->old_lines == c->priced_lines)
        snprintf(n, sizeof n, "%s %d priced line%s", c->old_lines == 1 ? "The" : c->old_lines == 2 ? "Both" : "All",
                 c->old_lines, c->old_lines == 1 ? "" : "s");
    else snprintf(n, sizeof n, "%d of %d priced lines", c->old_lines, c->priced_lines);
    if (!c->customer) mark = "";
    if (c->option)
        snprintf(buf, len, "%s of the options carry prices older than %d months%s.", n, DLRIG_PRICE_STALE_MONTHS, mark);
    else
        snprintf(buf, len, "%s, %s of the parts' %s, carry prices older than %d months%s.", n,
                 money(c, c->old_cents, a, sizeof a), money(c, c->m.subtotal - c->m.services, t, sizeof t),
                 DLRIG_PRICE_STALE_MONTHS, mark);
    return buf;
}

/* Appends name to a comma-separated list in buf unless it is there already. */
static void list_add(char *buf, size_t len, const char *name)
{
    if (!name || !*name) return;
    size_t nl = strlen(name);
    for (const char *p = buf; (p = strstr(p, name)) != NULL; p += nl)
        if ((p == buf || p[-1] == ' ') && (p[nl] == '\0' || p[nl] == ',')) return;
    size_t k = strlen(buf);
    snprintf(buf + k, len - k, "%s%s", k ? ", " : "", name);
}

/* The one footnote that says where the prices of a quote come from: the
 * months they span and the kind of listing, with no per-line research notes:
 * "Prices as of 2025-07 to 2026-09 from retailer listings; re-check before
 * ordering." (the last clause when the prices are old and not re-checked). */
static const char *price_basis(ctx *const *cs, size_t n, char *buf, size_t len)
{
    int lo = -1, hi = -1;
    const char *lo_s = NULL, *hi_s = NULL;
    bool retail = false, second = false;
    char lists[200] = "", markets[200] = "";
    for (size_t k = 0; k < n; k++) {
        const dlrig_build *b = cs[k]->b;
        for (size_t i = 0; i < b->n_items; i++) {
            dlrig_price pr = build_line_price(b, &b->items[i]);
            if (!price_known(&pr) || pr.owned) continue; /* an owned line has no price to date */
            if (pr.user_list) list_add(lists, sizeof lists, pr.market ? pr.market : "a vendor");
            else if (line_condition(&pr)) {
                second = true;
                list_add(markets, sizeof markets, pr.market);
            } else retail = true;
            int m = pr.date ? price_month_index(pr.date) : -1;
            if (m < 0) continue;
            if (lo < 0 || m < lo) lo = m, lo_s = pr.date;
            if (hi < 0 || m > hi) hi = m, hi_s = pr.date;
        }
    }
    char when[48] = "", from[480] = "";
    if (lo >= 0 && lo == hi) snprintf(when, sizeof when, " as of %.7s", lo_s);
    else if (lo >= 0) snprintf(when, sizeof when, " as of %.7s to %.7s", lo_s, hi_s);
    if (retail) snprintf(from, sizeof from, "retailer listings");
    if (second) {
        size_t k = strlen(from);
        snprintf(from + k, sizeof from - k, "%ssecond-hand listings%s%s%s", k ? " and " : "", markets[0] ? " (" : "",
                 markets, markets[0] ? ")" : "");
    }
    if (lists[0]) {
        size_t k = strlen(from);
        snprintf(from + k, sizeof from - k, "%sthe price list%s of %s", k ? " and " : "", strchr(lists, ',') ? "s" : "",
                 lists);
    }
    const ctx *c = cs[0];
    const char *tail = c->stale && !c->o.prices_checked ? "; re-check before ordering"
                       : c->stale                       ? ", re-checked by the seller"
                                                        : "";
    if (!from[0]) snprintf(buf, len, "No line has a known price%s.", tail);
    else snprintf(buf, len, "Prices%s from %s%s.", when, from, tail);
    return buf;
}

/* An option's title: "Option A", or with the advisor's tier "Option A (Good)". */
static const char *option_title(const ctx *c, char *buf, size_t len)
{
    if (c->b->tier && *c->b->tier) snprintf(buf, len, "%s (%s)", c->option ? c->option : "Option", c->b->tier);
    else snprintf(buf, len, "%s", c->option ? c->option : "");
    return buf;
}

/* Whether any of the quote's builds has problems (the quote says DRAFT). */
static bool any_draft(ctx *const *cs, size_t n)
{
    for (size_t k = 0; k < n; k++)
        if (cs[k]->n_problems) return true;
    return false;
}

/* Where the seller profile is missing: what the quote says instead of the
 * seller's block. */
static const char unofficial_notice[] =
    "Unofficial quote: no seller profile is configured, so this quote names no seller and binds no one. "
    "Prices are estimates from public listings.";

/* Requirement lines (label, value) of the build; returns how many. */
/* Room for every requirement field plus the sheet or estimate lines. */
#define MAX_LINES 48

typedef struct kv {
    const char *k;
    char v[800];
} kv;

static size_t requirement_lines(const ctx *c, kv *out, size_t max)
{
    size_t nf, n = 0;
    const dlrig_reqfield *f = requirements_fields(&nf);
    for (size_t i = 0; i < nf && n < max; i++)
        if (c->customer ? requirements_format_reader(&f[i], &c->b->req, c->cat, out[n].v, sizeof out[n].v) != NULL
                        : requirements_format(&f[i], &c->b->req, c->cat, out[n].v, sizeof out[n].v) != NULL)
            out[n++].k = f[i].label;
    return n;
}

/* Sheet lines (power, GPUs, lanes). */
static size_t sheet_lines(const ctx *c, kv *out, size_t max)
{
    const dlrig_totals *t = &c->rep->totals;
    size_t n = 0;
    char a[32], b2[32], d[32];
    const char *per = c->nodes > 1 ? " per node" : "";
    if (n < max) {
        out[n].k = "Power";
        char e[32];
        snprintf(out[n].v, sizeof out[n].v, "%s W rated, %s W peak (PSU sizing); %s W running the workload, %s W at "
                 "the wall%s",
                 format_number(t->power_w, 0, a, sizeof a), format_number(t->peak_power_w, 0, b2, sizeof b2),
                 format_number(t->load_w, 0, e, sizeof e), format_number(t->wall_w, 0, d, sizeof d), per);
        n++;
    }
    if (n < max && power_build_limited(c->b)) {
        out[n].k = "Power limits";
        power_limit_summary(c->b, out[n].v, sizeof out[n].v);
        n++;
        if (n < max) {
            out[n].k = "Set limits with";
            power_limit_commands(c->b, out[n].v, sizeof out[n].v);
            for (char *q = out[n].v; *q; q++)
                if (*q == '\n') *q = ';'; /* one line: "cmd1; cmd2" reads as a shell line too */
            n++;
        }
    }
    if (n < max) {
        out[n].k = "PSU";
        if (t->psu_w > 0) snprintf(out[n].v, sizeof out[n].v, "%s W usable", format_number(t->psu_w, 0, a, sizeof a));
        else snprintf(out[n].v, sizeof out[n].v, "none");
        n++;
    }
    if (n < max) {
        out[n].k = "GPUs";
        snprintf(out[n].v, sizeof out[n].v, "%d, %s GB VRAM in total%s", t->gpu_count,
                 format_number(t->vram_gb, 0, a, sizeof a),
                 per);
        n++;
    }
    if (n < max) {
        out[n].k = "RAM";
        snprintf(out[n].v, sizeof out[n].v, "%d GB%s", t->ram_gb, per);
        n++;
    }
    if (n < max) {
        out[n].k = "PCIe lanes";
        snprintf(out[n].v, sizeof out[n].v, "%d used of %d (CPU)", t->lanes_used, t->lanes_available);
        n++;
    }
    return n;
}

/* Whether the quote shows a time per epoch: the user gave the dataset's
 * size (a default size would make the figure up) and the workload trains
 * (inference makes no passes over a dataset). */
static bool epoch_applies(const ctx *c)
{
    const dlrig_estimate *e = c->est;
    if (!e || isnan(e->epoch_hours) || !(e->epoch_hours > 0)) return false;
    if (!requirements_given(requirements_field("dataset_gb"), &c->b->req)) return false;
    const dlrig_workload *w = e->workload ? catalog_workload(c->cat, e->workload) : NULL;
    return !w || w->training;
}

/* Estimate lines. */
static size_t estimate_lines(const ctx *c, kv *out, size_t max)
{
    size_t n = 0;
    if (!c->est) {
        if (n < max) {
            out[n].k = "Estimate";
            snprintf(out[n].v, sizeof out[n].v, "none (%.120s)", c->an->estimate_err[0] ? c->an->estimate_err : "no estimate");
            n++;
        }
        return n;
    }
    const dlrig_estimate *e = c->est;
    char a[48], b2[48];
    if (n < max) {
        out[n].k = "Model";
        char label[256];
        if (c->customer) /* the workload is named in words by the requirements */
            snprintf(out[n].v, sizeof out[n].v, "%s", estimate_model_label(e, label, sizeof label));
        else
            snprintf(out[n].v, sizeof out[n].v, "%s (workload %s)", estimate_model_label(e, label, sizeof label),
                     e->workload ? e->workload : "?");
        n++;
    }
    if (n < max) {
        out[n].k = "Speed";
        char sc[64];
        snprintf(out[n].v, sizeof out[n].v, "%s %s on %d GPU%s (%s per GPU, %s), %s-bound",
                 format_speed(e->throughput, NULL, a, sizeof a), e->unit ? e->unit : "", e->gpus,
                 e->gpus == 1 ? "" : "s", format_speed(e->per_gpu, NULL, b2, sizeof b2),
                 perf_scaling_text(e, sc, sizeof sc), e->bound ? e->bound : "?");
        n++;
    }
    if (n < max && epoch_applies(c)) {
        out[n].k = "Time per epoch";
        format_hours(e->epoch_hours, out[n].v, sizeof out[n].v);
        n++;
    }
    double price = (double)(c->m.subtotal - c->m.services) / 100.0 / (c->rate > 0 ? c->rate : 1); /* the hardware */
    if (n < max && price > 0) {
        out[n].k = "Per $1,000";
        snprintf(out[n].v, sizeof out[n].v, "%s %s", format_speed(e->throughput / (price / 1000.0), NULL, a, sizeof a),
                 e->unit ? e->unit : "");
        n++;
    }
    if (n < max && !isnan(e->relative)) {
        out[n].k = "vs one RTX 4090";
        snprintf(out[n].v, sizeof out[n].v, "%.2fx", e->relative);
        n++;
    }
    if (n < max && e->llm) {
        const dlrig_fit *f = &e->memory;
        const dlrig_mem_breakdown *m = &f->per_gpu;
        out[n].k = "Memory";
        snprintf(out[n].v, sizeof out[n].v,
                 "%.1f GiB of %.0f GiB a card (%s): weights %.1f, KV cache %.1f, activations %.1f, gradients %.1f, "
                 "optimizer %.1f, overhead %.1f; %s", m->total, f->capacity_gib, f->fits ? "fits" : "does not fit",
                 m->weights, m->kv_cache, m->activations, m->gradients, m->optimizer, m->overhead, f->strategy);
        n++;
        if (n < max) {
            out[n].k = "Assumed";
            const dlrig_reqfield *mf = requirements_field("method");
            const char *method = dlrig_method_ids[e->query.method];
            if (c->customer && mf && mf->labels && mf->labels[e->query.method]) method = mf->labels[e->query.method];
            snprintf(out[n].v, sizeof out[n].v, "%s%s%s; %s", method, e->reference_model[0] ? " of " : "",
                     e->reference_model, f->assumptions);
            n++;
        }
    } else if (n < max) {
        out[n].k = "Memory";
        snprintf(out[n].v, sizeof out[n].v, "%.1f GB per replica; smallest GPU %.0f GB (%s)", e->mem_need_gb, e->vram_gb,
                 e->fits ? "fits" : e->fits_sharded ? "fits only sharded" : "does not fit");
        n++;
    }
    return n;
}

static const char *const sev_heads[3] = {"Info", "Warnings", "Errors"};

/* ------------------------------------------------------------ Markdown */

/* Appends s with Markdown metacharacters backslash-escaped and line breaks
 * as spaces (safe inside a table cell and in running text). */
static void md_text(strbuf *sb, const char *s)
{
    for (const char *p = s ? s : ""; *p; p++) {
        if (*p == '\n' || *p == '\r') {
            sb_append(sb, " ");
            continue;
        }
        if (strchr("\\|*_`<>[]~#&!", *p)) sb_appendn(sb, "\\", 1);
        sb_appendn(sb, p, 1);
    }
}

/* Appends one line of text at the start of a Markdown line: md_text, with
 * what would start a block escaped too (a list item "-", "+", "1." or
 * "1)", a heading or rule underline "---" / "===", an indented code block),
 * so the line stays a line of the paragraph. */
static void md_line_start(strbuf *sb, const char *line)
{
    while (*line == ' ' || *line == '\t') line++;
    size_t digits = strspn(line, "0123456789");
    if (*line == '-' || *line == '+' || *line == '=') {
        sb_append(sb, "\\");
    } else if (digits && digits <= 9 && (line[digits] == '.' || line[digits] == ')')) {
        sb_appendn(sb, line, digits);
        sb_append(sb, "\\");
        line += digits;
    }
    md_text(sb, line);
}

/* Appends text line by line as Markdown lines ending in a hard break; an
 * empty line keeps the paragraph going (a blank line would end it). */
static void md_lines(strbuf *sb, const char *text, const char *prefix)
{
    const char *p = text;
    while (p && *p) {
        const char *e = strchr(p, '\n');
        size_t l = e ? (size_t)(e - p) : strlen(p);
        char *line = xmalloc(l + 1);
        memcpy(line, p, l);
        line[l] = '\0';
        if (l && line[l - 1] == '\r') line[l - 1] = '\0';
        sb_append(sb, prefix);
        if (line[strspn(line, " \t")]) md_line_start(sb, line);
        else sb_append(sb, "\\"); /* an escaped nothing: the line is not blank */
        free(line);
        sb_append(sb, "  \n");
        p += l;
        if (*p) p++;
    }
}

/* A finding's id after its message, on a worksheet or parts list only. */
static void md_finding_id(const ctx *c, const char *id)
{
    if (!c->customer) sb_printf(c->out, " (`%s`)", id);
}

/* Appends an id in a code span when it is a plain id, else as escaped text
 * (a backtick would end the span, and nothing inside one can be escaped). */
static void md_id(strbuf *sb, const char *id)
{
    if (id && *id && strspn(id, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-") == strlen(id)) {
        sb_append(sb, "`");
        sb_append(sb, id);
        sb_append(sb, "`");
    } else {
        md_text(sb, id);
    }
}

/* The DRAFT notice and the problems of one build (a quote of several prefixes
 * each with its option). */
static void md_problems(ctx *c)
{
    size_t n = c->n_problems < MAX_PROBLEMS ? c->n_problems : MAX_PROBLEMS;
    for (size_t i = 0; i < n; i++) {
        const dlrig_finding *f = c->problems[i];
        sb_append(c->out, "> - ");
        if (c->option) sb_printf(c->out, "%s: ", c->option);
        sb_printf(c->out, "**%s:** ", problem_kind(f));
        md_text(c->out, f->message);
        md_finding_id(c, f->id);
        sb_append(c->out, "\n");
    }
    if (c->n_problems > n) sb_printf(c->out, "> - and %zu more\n", c->n_problems - n);
}

static void md_draft_head(strbuf *sb)
{
    sb_append(sb, "> **DRAFT: not a final quote.** Resolve these problems before ordering:\n>\n");
}

/* The date line of a quote, and the notice when its prices are old. */
static void md_dateline(ctx *c)
{
    strbuf *sb = c->out;
    char ol[256];
    old_lines_text(c, " (marked below)", ol, sizeof ol);
    if (c->stale && !c->o.prices_checked)
        sb_printf(sb, "**Date:** %s. **Prices from %s (%d months old): re-check before ordering.** %s%sThis quote "
                      "promises no validity until they are.\n\n", c->date, c->oldest_price, c->price_age, ol,
                  ol[0] ? " " : "");
    else if (c->stale)
        sb_printf(sb, "**Date:** %s, valid until %s. Prices from %s, re-checked by the seller.\n\n", c->date,
                  c->valid_until, c->oldest_price);
    else sb_printf(sb, "**Date:** %s, valid until %s\n\n", c->date, c->valid_until);
}

static void md_quote_meta(ctx *c)
{
    strbuf *sb = c->out;
    if (!quote_fields(c)) return;
    sb_append(sb, "**Quote:** ");
    md_text(sb, c->qnum);
    sb_printf(sb, ", revision %d  \n", c->revision);
    if (c->o.seller) {
        sb_append(sb, "**From:** ");
        md_text(sb, c->o.seller->company);
        sb_append(sb, "  \n");
        if (given(c->o.seller->address)) md_lines(sb, c->o.seller->address, "");
        if (given(c->o.seller->contact)) md_lines(sb, c->o.seller->contact, "");
    } else if (c->customer) {
        sb_printf(sb, "**%s**  \n", unofficial_notice);
    }
    if (given(c->o.customer)) {
        sb_append(sb, "**Customer:** ");
        md_text(sb, c->o.customer);
        sb_append(sb, "  \n");
    }
    if (given(c->o.project)) {
        sb_append(sb, "**Project:** ");
        md_text(sb, c->o.project);
        sb_append(sb, "  \n");
    }
    if (c->o.seller && given(c->o.seller->lead_time)) {
        sb_append(sb, "**Lead time:** ");
        md_text(sb, c->o.seller->lead_time);
        sb_append(sb, "  \n");
    }
    md_dateline(c);
}

/* The part cell of a Markdown line: the part as people name it, on a
 * worksheet or parts list with its dlrig id and price source, on the
 * customer's copy with "(used)" for a second-hand line. */
static void md_part_cell(ctx *c, const dlrig_item *it)
{
    strbuf *sb = c->out;
    char lbl[200];
    md_text(sb, export_part_label(it->part, lbl, sizeof lbl));
    dlrig_price pr = build_line_price(c->b, it);
    if (c->customer) {
        if (it->cluster_scope) sb_append(sb, ", cluster-wide");
        const char *cond = line_condition(&pr);
        char om[12], mk[200];
        const char *old = line_old_price(c, &pr, om, sizeof om);
        line_market(c, it, mk, sizeof mk);
        if (old) {
            sb_printf(sb, " (%s%sprice of %s, to be re-checked", cond ? cond : "", cond ? "; " : "", old);
            md_text(sb, mk);
            sb_append(sb, ")");
        } else if (cond) sb_printf(sb, " (%s)", cond);
        return;
    }
    sb_append(sb, " (");
    md_id(sb, it->part->id);
    sb_append(sb, ")");
    if (it->cluster_scope) sb_append(sb, ", cluster-wide");
    char pl[320];
    if (export_price_source(c->cat, &pr, pl, sizeof pl)) {
        sb_append(sb, "; priced ");
        md_text(sb, pl);
    }
    char mk[200];
    if (*line_market(c, it, mk, sizeof mk)) {
        sb_append(sb, "; re-check it");
        md_text(sb, mk);
    }
}

/* The parts table and totals of one build, with the seller's services. */
static void md_items(ctx *c)
{
    strbuf *sb = c->out;
    char m1[48], m2[48], pct[24];
    bool lead = c->o.n_lead > 0, mpn = any_mpn(c);
    sb_printf(sb, "| Category | Part |%s Qty | Unit price | Line total |%s\n|---|---|%s---:|---:|---:|%s\n",
              mpn ? " Part number |" : "", lead ? " Availability |" : "", mpn ? "---|" : "", lead ? "---|" : "");
    for (size_t i = 0; i < c->b->n_items; i++) {
        const dlrig_item *it = &c->b->items[i];
        sb_printf(sb, "| %s | ", category_title(it->part->category));
        md_part_cell(c, it);
        if (mpn) {
            char mb[96];
            const char *m = part_mpn(c, it->part, mb, sizeof mb);
            sb_append(sb, " | ");
            md_text(sb, m ? m : "");
        }
        sb_printf(sb, " | %d | %s | %s |", export_item_total_qty(c->b, it), unit_money(c, it, m1, sizeof m1),
                  line_money(c, it, m2, sizeof m2));
        if (lead) {
            const char *l = lead_of(c, it->part);
            sb_append(sb, " ");
            md_text(sb, l ? l : "-");
            sb_append(sb, " |");
        }
        sb_append(sb, "\n");
    }
    for (size_t i = 0; i < n_services(c); i++) {
        const dlrig_service *sv = &c->o.seller->services[i];
        bool incl = isnan(sv->price);
        long long unit = service_unit_cents(c, sv);
        sb_append(sb, "| Service | ");
        md_text(sb, sv->name);
        sb_printf(sb, " |%s %d | %s | %s |%s\n", mpn ? " |" : "", service_qty(c, sv),
                  incl ? "included" : money(c, unit, m1, sizeof m1),
                  incl ? "included" : money(c, money_mul(unit, service_qty(c, sv)), m2, sizeof m2), lead ? " |" : "");
    }
    sb_append(sb, "\n| Totals | |\n|---|---:|\n");
    sb_printf(sb, "| Subtotal | %s |\n", money(c, c->m.subtotal, m1, sizeof m1));
    if (c->o.discount_pct > 0)
        sb_printf(sb, "| Discount (%s%%) | %s |\n", fmt_pct(c->o.discount_pct, pct, sizeof pct),
                  money(c, -c->m.discount, m1, sizeof m1));
    if (c->o.tax_pct > 0)
        sb_printf(sb, "| Tax (%s%%) | %s |\n", fmt_pct(c->o.tax_pct, pct, sizeof pct), money(c, c->m.tax, m1, sizeof m1));
    sb_printf(sb, "| **Total%s** | **%s** |\n", c->nodes > 1 ? " (all nodes)" : "", money(c, c->m.total, m1, sizeof m1));
    if (c->m.unpriced_lines)
        sb_printf(sb, "\n%d part line%s without a known price (not in the total).\n", c->m.unpriced_lines,
                  c->m.unpriced_lines == 1 ? "" : "s");
    if (c->m.owned_lines)
        sb_printf(sb, "\n%d part line%s owned already (not in the total).\n", c->m.owned_lines,
                  c->m.owned_lines == 1 ? "" : "s");
}

static void md_kv(strbuf *sb, const kv *lines, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        sb_printf(sb, "- **%s:** ", lines[i].k);
        md_text(sb, lines[i].v);
        sb_append(sb, "\n");
    }
}

/* The findings of one build by severity, without its problems when they
 * were listed first and without "not checked" notes (those have a section). */
static void md_findings(ctx *c, const char *head)
{
    strbuf *sb = c->out;
    size_t counts[3] = {0};
    for (size_t i = 0; i < c->rep->n_findings; i++) {
        const dlrig_finding *f = &c->rep->findings[i];
        if (!is_problem(c, f) && !export_finding_unchecked(f)) counts[f->severity]++;
    }
    sb_printf(sb, "\n%s\n\n", head);
    if (c->n_problems) sb_append(sb, "The problems listed at the top come first.\n\n");
    if (!counts[0] && !counts[1] && !counts[2]) sb_append(sb, c->n_problems ? "No other findings.\n" : "No problems found.\n");
    for (int s = DLRIG_SEV_ERROR; s >= DLRIG_SEV_INFO; s--) {
        if (!counts[s]) continue;
        sb_printf(sb, "%s# %s (%zu)\n\n", head[2] == '#' ? "###" : "##", sev_heads[s], counts[s]);
        for (size_t i = 0; i < c->rep->n_findings; i++) {
            const dlrig_finding *f = &c->rep->findings[i];
            if ((int)f->severity != s || is_problem(c, f) || export_finding_unchecked(f)) continue;
            if (c->customer) sb_append(sb, "- ");
            else sb_printf(sb, "- `%s`: ", f->id);
            md_text(sb, f->message);
            sb_append(sb, "\n");
        }
        sb_append(sb, "\n");
    }
}

/* The "not checked" notes of builds cs[0..n-1], each once (the notes are
 * listed once per quote), into out (at most max); returns how many. */
static size_t unchecked_notes(ctx *const *cs, size_t n, const dlrig_finding **out, size_t max)
{
    size_t k = 0;
    for (size_t b = 0; b < n; b++)
        for (size_t i = 0; i < cs[b]->rep->n_findings && k < max; i++) {
            const dlrig_finding *f = &cs[b]->rep->findings[i];
            if (!f->unchecked) continue;
            bool seen = false;
            for (size_t j = 0; j < k && !seen; j++) seen = !strcmp(out[j]->message, f->message);
            if (!seen) out[k++] = f;
        }
    return k;
}

#define MAX_NOTES 64

/* "Not checked" notes of builds cs[0..n-1], each once. */
static void md_unchecked(ctx *const *cs, size_t n)
{
    strbuf *sb = cs[0]->out;
    const dlrig_finding *notes[MAX_NOTES];
    size_t k = unchecked_notes(cs, n, notes, MAX_NOTES);
    if (k) sb_append(sb, "\n## Not checked\n\nThe catalog lacks a figure these checks need; confirm them with the vendor:\n\n");
    for (size_t i = 0; i < k; i++) {
        sb_append(sb, "- ");
        md_text(sb, finding_detail(notes[i]));
        md_finding_id(cs[0], notes[i]->id);
        sb_append(sb, "\n");
    }
}

/* The lines the customer fills in to order (see html_acceptance). */
static void md_acceptance(ctx *const *cs, size_t n)
{
    const ctx *c = cs[0];
    strbuf *sb = c->out;
    if (!c->o.seller || any_draft(cs, n)) return;
    sb_printf(sb, "\n## Acceptance\n\nTo order, sign and return this quote (%s, revision %d)%s.\n\n", c->qnum,
              c->revision, n > 1 ? " with the option you choose" : "");
    if (n > 1) sb_append(sb, "Option chosen: \\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_  \n");
    static const char *const fields[] = {"Customer name", "Signature", "Date", "PO number"};
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
        sb_printf(sb, "%s: \\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_  \n", fields[i]);
}

static void md_end(ctx *const *cs, size_t n)
{
    ctx *c = cs[0];
    strbuf *sb = c->out;
    if (given(c->o.notes)) {
        sb_append(sb, "\n## Notes\n\n");
        md_lines(sb, c->o.notes, "");
    }
    if (c->o.seller && given(c->o.seller->terms)) {
        sb_append(sb, "\n## Terms\n\n");
        md_lines(sb, c->o.seller->terms, "");
    }
    if (c->customer) md_acceptance(cs, n);
    if (strcmp(c->currency, "USD") != 0)
        sb_printf(sb, "\nPrices in %s, converted from US dollars at 1 USD = %g %s.\n", c->currency, c->rate, c->currency);
    if (c->customer) {
        char basis[800];
        sb_append(sb, "\n");
        md_text(sb, price_basis(cs, n, basis, sizeof basis));
        sb_append(sb, "\n");
    }
    sb_printf(sb, "\n_Generated by dlrig " DLRIG_VERSION " on %s; speeds are estimates, not measurements._\n", c->date);
}

static void export_md(ctx *c)
{
    strbuf *sb = c->out;
    kv lines[MAX_LINES];
    sb_append(sb, "# ");
    if (c->n_problems) sb_append(sb, "DRAFT: ");
    md_text(sb, build_name(c->b));
    sb_append(sb, "\n\n");
    if (c->n_problems) {
        md_draft_head(sb);
        md_problems(c);
        sb_append(sb, "\n");
    }
    md_quote_meta(c);
    size_t n = requirement_lines(c, lines, MAX_LINES);
    if (n) {
        sb_append(sb, "| Requirement | Value |\n|---|---|\n");
        for (size_t i = 0; i < n; i++) {
            sb_printf(sb, "| %s | ", lines[i].k);
            md_text(sb, lines[i].v);
            sb_append(sb, " |\n");
        }
        sb_append(sb, "\n");
    }
    sb_append(sb, "## Parts\n\n");
    md_items(c);
    sb_append(sb, "\n## Estimated speed\n\n");
    md_kv(sb, lines, estimate_lines(c, lines, MAX_LINES));
    sb_append(sb, "\n## Sheet\n\n");
    md_kv(sb, lines, sheet_lines(c, lines, MAX_LINES));
    md_findings(c, "## Findings");
    ctx *one[1] = {c};
    md_unchecked(one, 1);
    md_end(one, 1);
}

/* ------------------------------------------------------------ CSV */

void export_csv_cell(strbuf *out, const char *s)
{
    if (!s) s = "";
    bool inject = s[0] == '=' || s[0] == '+' || s[0] == '-' || s[0] == '@' || s[0] == '\t' || s[0] == '\r';
    bool quote = strpbrk(s, ",\"\r\n") != NULL;
    if (quote) sb_append(out, "\"");
    if (inject) sb_append(out, "'");
    for (const char *p = s; *p; p++) {
        if (*p == '"') sb_append(out, "\"\"");
        else sb_appendn(out, p, 1);
    }
    if (quote) sb_append(out, "\"");
}

static void csv_row(strbuf *out, const char *const *cells, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (i) sb_append(out, ",");
        export_csv_cell(out, cells[i]);
    }
    sb_append(out, "\r\n");
}

/* Amounts as plain numbers with two decimals (no $, no thousands separators)
 * so spreadsheets read them as numbers. */
static const char *csv_money(long long cents, char *buf, size_t len)
{
    unsigned long long v = cents < 0 ? (unsigned long long)(-(cents + 1)) + 1 : (unsigned long long)cents;
    snprintf(buf, len, "%s%llu.%02llu", cents < 0 ? "-" : "", v / 100, v % 100);
    return buf;
}

static void export_csv(ctx *c)
{
    strbuf *sb = c->out;
    static const char *const head[] = {"type", "category", "id", "name", "qty", "unit_price_usd", "line_total_usd",
                                       "note"};
    enum { NC = 8 };
    csv_row(sb, head, NC);
    char note[200], q[16], u[32], l[32], pct[24];
    snprintf(note, sizeof note, "%d node%s; %s", c->nodes, c->nodes == 1 ? "" : "s", c->date);
    const char *row_build[NC] = {"build", "", "", build_name(c->b), "", "", "", note};
    csv_row(sb, row_build, NC);
    if (c->n_problems) {
        char dn[120];
        snprintf(dn, sizeof dn, "DRAFT: %zu problem%s to resolve (the error and budget findings below)", c->n_problems,
                 c->n_problems == 1 ? "" : "s");
        const char *r[NC] = {"draft", "", "", dn, "", "", "", ""};
        csv_row(sb, r, NC);
    }
    if (given(c->o.customer)) {
        const char *r[NC] = {"customer", "", "", c->o.customer, "", "", "", ""};
        csv_row(sb, r, NC);
    }
    if (given(c->o.project)) {
        const char *r[NC] = {"project", "", "", c->o.project, "", "", "", ""};
        csv_row(sb, r, NC);
    }
    for (size_t i = 0; i < c->b->n_items; i++) {
        const dlrig_item *it = &c->b->items[i];
        snprintf(q, sizeof q, "%d", export_item_total_qty(c->b, it));
        dlrig_price pr = build_line_price(c->b, it);
        bool priced = price_known(&pr);
        long long unit = priced ? cents_of(pr.usd) : 0;
        char lbl[200], pl[160], pnote[200];
        if (price_label(&pr, pl, sizeof pl))
            snprintf(pnote, sizeof pnote, "%spriced %s", it->cluster_scope ? "cluster-wide; " : "", pl);
        else snprintf(pnote, sizeof pnote, "%s", it->cluster_scope ? "cluster-wide" : priced ? "" : "no known price");
        if (pr.owned) {
            size_t k = strlen(pnote);
            snprintf(pnote + k, sizeof pnote - k, "%sowned (not in the total)", k ? "; " : "");
        }
        if (it->part->category == DLRIG_CAT_GPU && it->power_limit_w > 0) {
            size_t k = strlen(pnote);
            snprintf(pnote + k, sizeof pnote - k, "%spower limit %d W (nvidia-smi -pl %d)", k ? "; " : "",
                     it->power_limit_w, it->power_limit_w);
        }
        const char *r[NC] = {"item",
                             category_name(it->part->category),
                             it->part->id,
                             export_part_label(it->part, lbl, sizeof lbl),
                             q,
                             priced ? csv_money(unit, u, sizeof u) : "",
                             priced ? csv_money(money_mul(unit, export_item_total_qty(c->b, it)), l, sizeof l) : "",
                             pnote};
        csv_row(sb, r, NC);
    }
    for (size_t i = 0; i < n_services(c); i++) {
        const dlrig_service *sv = &c->o.seller->services[i];
        bool incl = isnan(sv->price);
        long long unit = service_unit_cents(c, sv);
        snprintf(q, sizeof q, "%d", service_qty(c, sv));
        const char *r[NC] = {"service", "", "", sv->name, q, incl ? "0.00" : csv_money(unit, u, sizeof u),
                             incl ? "0.00" : csv_money(money_mul(unit, service_qty(c, sv)), l, sizeof l),
                             incl ? "included" : sv->per_node ? "per node" : ""};
        csv_row(sb, r, NC);
    }
    /* Totals: amounts are positive; the discount row says it is subtracted. */
    const char *r_sub[NC] = {"total", "", "subtotal", "Subtotal", "", "", csv_money(c->m.subtotal, l, sizeof l), ""};
    csv_row(sb, r_sub, NC);
    if (c->o.discount_pct > 0) {
        snprintf(note, sizeof note, "%s%% off the subtotal (subtracted)", fmt_pct(c->o.discount_pct, pct, sizeof pct));
        const char *r[NC] = {"total", "", "discount", "Discount", "", "", csv_money(c->m.discount, l, sizeof l), note};
        csv_row(sb, r, NC);
    }
    if (c->o.tax_pct > 0) {
        snprintf(note, sizeof note, "%s%% of the discounted subtotal", fmt_pct(c->o.tax_pct, pct, sizeof pct));
        const char *r[NC] = {"total", "", "tax", "Tax", "", "", csv_money(c->m.tax, l, sizeof l), note};
        csv_row(sb, r, NC);
    }
    snprintf(note, sizeof note, "%d unpriced line%s not included", c->m.unpriced_lines, c->m.unpriced_lines == 1 ? "" : "s");
    const char *r_tot[NC] = {"total", "", "total", "Total", "", "", csv_money(c->m.total, l, sizeof l),
                             c->m.unpriced_lines ? note : ""};
    csv_row(sb, r_tot, NC);
    kv lines[MAX_LINES];
    size_t n = estimate_lines(c, lines, MAX_LINES);
    for (size_t i = 0; i < n; i++) {
        const char *r[NC] = {"estimate", "", "", lines[i].k, "", "", "", lines[i].v};
        csv_row(sb, r, NC);
    }
    for (size_t i = 0; i < c->rep->n_findings; i++) {
        const dlrig_finding *f = &c->rep->findings[i];
        const char *r[NC] = {"finding", severity_name(f->severity), f->id, f->message, "", "", "", ""};
        csv_row(sb, r, NC);
    }
}

/* ------------------------------------------------------------ JSON */

static cJSON *json_money(long long cents) { return cJSON_CreateNumber((double)cents / 100.0); }

static void export_json(ctx *c)
{
    cJSON *doc = cJSON_CreateObject();
    cJSON_AddStringToObject(doc, "format", "dlrig-export");
    cJSON_AddNumberToObject(doc, "version", 1);
    cJSON_AddItemToObject(doc, "build", build_to_json(c->b));
    if (power_build_limited(c->b)) {
        char cmds[800];
        cJSON_AddStringToObject(doc, "power_limit_commands", power_limit_commands(c->b, cmds, sizeof cmds));
    }
    cJSON *lines = cJSON_AddArrayToObject(doc, "lines");
    for (size_t i = 0; i < c->b->n_items; i++) {
        const dlrig_item *it = &c->b->items[i];
        cJSON *j = cJSON_CreateObject();
        cJSON_AddStringToObject(j, "id", it->part->id);
        cJSON_AddStringToObject(j, "name", it->part->name);
        if (it->part->vendor) cJSON_AddStringToObject(j, "vendor", it->part->vendor);
        cJSON_AddStringToObject(j, "category", category_name(it->part->category));
        cJSON_AddNumberToObject(j, "qty", export_item_total_qty(c->b, it));
        dlrig_price pr = build_line_price(c->b, it);
        if (!price_known(&pr)) {
            cJSON_AddNullToObject(j, "unit_price_usd");
            cJSON_AddNullToObject(j, "line_total_usd");
        } else {
            long long unit = cents_of(pr.usd);
            cJSON_AddItemToObject(j, "unit_price_usd", json_money(unit));
            cJSON_AddItemToObject(j, "line_total_usd", json_money(money_mul(unit, export_item_total_qty(c->b, it))));
        }
        if (pr.owned) cJSON_AddTrueToObject(j, "owned");
        const dlrig_part_number *mpn = catalog_part_number_of(c->cat, it->part->id);
        if (mpn) {
            cJSON_AddStringToObject(j, "mpn", mpn->mpn);
            if (mpn->units > 1) cJSON_AddNumberToObject(j, "mpn_units", mpn->units);
        }
        if (pr.user_list && pr.market) cJSON_AddStringToObject(j, "price_from", pr.market);
        char ps[320];
        if (export_price_source(c->cat, &pr, ps, sizeof ps)) cJSON_AddStringToObject(j, "price_source", ps);
        if (price_known(&pr) && pr.date) {
            cJSON_AddStringToObject(j, "price_date", pr.date);
            cJSON_AddBoolToObject(j, "price_stale", !pr.owned && price_stale(pr.date, c->date));
            dlrig_market_move mm;
            if (market_line_move(c->cat, c->b, it, c->date, &mm))
                cJSON_AddItemToObject(j, "market_move", market_move_to_json(&mm));
        }
        const char *ld = lead_of(c, it->part);
        if (ld) cJSON_AddStringToObject(j, "availability", ld);
        bool second = pr.condition == DLRIG_CONDITION_USED || pr.condition == DLRIG_CONDITION_REFURBISHED;
        cJSON_AddStringToObject(j, "price_condition", dlrig_condition_names[second ? pr.condition : DLRIG_CONDITION_NEW]);
        if (second) {
            cJSON *po = cJSON_AddObjectToObject(j, "price_offer");
            cJSON_AddStringToObject(po, "condition", dlrig_condition_names[pr.condition]);
            cJSON_AddStringToObject(po, "market", pr.market ? pr.market : "");
            cJSON_AddStringToObject(po, "date", pr.date ? pr.date : "");
            if (pr.source) cJSON_AddStringToObject(po, "source", pr.source);
        }
        cJSON_AddItemToArray(lines, j);
    }
    /* totals and findings as in `dlrig check --json` */
    cJSON *check = report_to_json(c->b, c->rep);
    cJSON_AddBoolToObject(doc, "ok", c->rep->counts[DLRIG_SEV_ERROR] == 0);
    cJSON_AddItemToObject(doc, "totals", cJSON_DetachItemFromObjectCaseSensitive(check, "totals"));
    cJSON_AddItemToObject(doc, "findings", cJSON_DetachItemFromObjectCaseSensitive(check, "findings"));
    cJSON_Delete(check);
    if (c->est) cJSON_AddItemToObject(doc, "estimate", estimate_to_json(c->est));
    else cJSON_AddNullToObject(doc, "estimate");
    cJSON *q = cJSON_AddObjectToObject(doc, "quote");
    if (given(c->o.customer)) cJSON_AddStringToObject(q, "customer", c->o.customer);
    else cJSON_AddNullToObject(q, "customer");
    if (given(c->o.project)) cJSON_AddStringToObject(q, "project", c->o.project);
    else cJSON_AddNullToObject(q, "project");
    cJSON_AddStringToObject(q, "number", c->qnum);
    cJSON_AddNumberToObject(q, "revision", c->revision);
    cJSON_AddBoolToObject(q, "draft", c->n_problems > 0);
    cJSON *pr = cJSON_AddArrayToObject(q, "problems");
    for (size_t i = 0; i < c->n_problems && i < MAX_PROBLEMS; i++)
        cJSON_AddItemToArray(pr, cJSON_CreateString(c->problems[i]->id));
    if (c->o.seller) {
        cJSON *sj = cJSON_AddObjectToObject(q, "seller");
        cJSON_AddStringToObject(sj, "company", c->o.seller->company);
        if (c->o.seller->contact) cJSON_AddStringToObject(sj, "contact", c->o.seller->contact);
        if (c->o.seller->address) cJSON_AddStringToObject(sj, "address", c->o.seller->address);
        if (c->o.seller->terms) cJSON_AddStringToObject(sj, "terms", c->o.seller->terms);
        cJSON_AddStringToObject(sj, "currency", c->o.seller->currency);
        cJSON_AddNumberToObject(sj, "usd_rate", c->o.seller->usd_rate);
        if (c->o.seller->lead_time) cJSON_AddStringToObject(sj, "lead_time", c->o.seller->lead_time);
    } else cJSON_AddNullToObject(q, "seller");
    /* the seller's services, in US dollars like every amount here */
    cJSON *svs = cJSON_AddArrayToObject(q, "services");
    for (size_t i = 0; i < n_services(c); i++) {
        const dlrig_service *sv = &c->o.seller->services[i];
        cJSON *sj = cJSON_CreateObject();
        cJSON_AddStringToObject(sj, "name", sv->name);
        cJSON_AddNumberToObject(sj, "qty", service_qty(c, sv));
        cJSON_AddBoolToObject(sj, "included", isnan(sv->price));
        long long unit = service_unit_cents(c, sv);
        cJSON_AddItemToObject(sj, "unit_price_usd", json_money(unit));
        cJSON_AddItemToObject(sj, "line_total_usd", json_money(money_mul(unit, service_qty(c, sv))));
        cJSON_AddItemToArray(svs, sj);
    }
    cJSON_AddItemToObject(q, "services_usd", json_money(c->m.services));
    cJSON_AddStringToObject(q, "date", c->date);
    cJSON_AddNumberToObject(q, "validity_days", c->o.validity_days);
    if (c->stale && !c->o.prices_checked) cJSON_AddNullToObject(q, "valid_until");
    else cJSON_AddStringToObject(q, "valid_until", c->valid_until);
    if (c->oldest_price[0]) cJSON_AddStringToObject(q, "oldest_price_date", c->oldest_price);
    else cJSON_AddNullToObject(q, "oldest_price_date");
    if (c->price_age >= 0) cJSON_AddNumberToObject(q, "price_age_months", c->price_age);
    cJSON_AddBoolToObject(q, "prices_stale", c->stale);
    cJSON_AddNumberToObject(q, "stale_price_lines", c->old_lines);
    cJSON_AddItemToObject(q, "stale_price_usd", json_money(c->old_cents));
    cJSON_AddBoolToObject(q, "prices_checked", c->o.prices_checked);
    cJSON_AddItemToObject(q, "subtotal_usd", json_money(c->m.subtotal));
    cJSON_AddNumberToObject(q, "discount_pct", c->o.discount_pct);
    cJSON_AddItemToObject(q, "discount_usd", json_money(c->m.discount));
    cJSON_AddNumberToObject(q, "tax_pct", c->o.tax_pct);
    cJSON_AddItemToObject(q, "tax_usd", json_money(c->m.tax));
    cJSON_AddItemToObject(q, "total_usd", json_money(c->m.total));
    cJSON_AddNumberToObject(q, "unpriced_lines", c->m.unpriced_lines);
    cJSON_AddNumberToObject(q, "owned_lines", c->m.owned_lines);
    if (given(c->o.notes)) cJSON_AddStringToObject(q, "notes", c->o.notes);
    else cJSON_AddNullToObject(q, "notes");
    char *s = jsondoc_print(doc); /* dlrig's one JSON form: two-space indents */
    sb_append(c->out, s);
    free(s);
    cJSON_Delete(doc);
}

/* ------------------------------------------------------------ plain text */

/* Display columns of a UTF-8 string, whatever the locale (util.h). */
static int text_width(const char *s) { return utf8_width(s); }

static void pad(strbuf *sb, int n)
{
    for (int i = 0; i < n; i++) sb_append(sb, " ");
}

/* Appends s padded to w columns (right-aligned when right). */
static void cell(strbuf *sb, const char *s, int w, bool right)
{
    int dw = text_width(s);
    if (right) pad(sb, w - dw);
    sb_append(sb, s);
    if (!right) pad(sb, w - dw);
}

/* Strips CR/LF/TAB so one line stays one line. */
static char *one_line(const char *s)
{
    char *d = xstrdup(s ? s : "");
    for (char *p = d; *p; p++)
        if (*p == '\n' || *p == '\r' || *p == '\t') *p = ' ';
    return d;
}

static void txt_kv(strbuf *sb, const kv *lines, size_t n)
{
    int kw = 0;
    for (size_t i = 0; i < n; i++)
        if (text_width(lines[i].k) > kw) kw = text_width(lines[i].k);
    for (size_t i = 0; i < n; i++) {
        sb_append(sb, "  ");
        cell(sb, lines[i].k, kw, false);
        sb_append(sb, "  ");
        char *v = one_line(lines[i].v);
        sb_append(sb, v);
        free(v);
        sb_append(sb, "\n");
    }
}

static void txt_heading(strbuf *sb, const char *s, char under)
{
    sb_append(sb, s);
    sb_append(sb, "\n");
    int w = text_width(s);
    for (int i = 0; i < w; i++) sb_appendn(sb, &under, 1);
    sb_append(sb, "\n");
}

static void export_txt(ctx *c)
{
    strbuf *sb = c->out;
    char *name = one_line(build_name(c->b));
    if (c->n_problems) {
        char *d = xasprintf("DRAFT: %s", name);
        free(name);
        name = d;
    }
    txt_heading(sb, name, '=');
    free(name);
    if (c->n_problems) {
        sb_append(sb, "DRAFT: not a final quote. Resolve these problems before ordering:\n");
        size_t np = c->n_problems < MAX_PROBLEMS ? c->n_problems : MAX_PROBLEMS;
        for (size_t i = 0; i < np; i++) {
            char *m = one_line(c->problems[i]->message);
            if (c->customer) sb_printf(sb, "  %s: %s\n", problem_kind(c->problems[i]), m);
            else sb_printf(sb, "  %s: %s (%s)\n", problem_kind(c->problems[i]), m, c->problems[i]->id);
            free(m);
        }
        sb_append(sb, "\n");
    }
    kv lines[MAX_LINES];
    size_t n = 0;
    if (quote_fields(c)) {
        lines[n].k = "Quote";
        snprintf(lines[n++].v, sizeof lines[0].v, "%s, revision %d", c->qnum, c->revision);
    }
    if (c->o.seller) {
        lines[n].k = "From";
        char *v = one_line(c->o.seller->company);
        snprintf(lines[n++].v, sizeof lines[0].v, "%s", v);
        free(v);
        if (given(c->o.seller->contact)) {
            lines[n].k = "Contact";
            v = one_line(c->o.seller->contact);
            snprintf(lines[n++].v, sizeof lines[0].v, "%s", v);
            free(v);
        }
    } else if (c->customer) {
        lines[n].k = "From";
        snprintf(lines[n++].v, sizeof lines[0].v, "%s", unofficial_notice);
    }
    if (given(c->o.customer)) {
        lines[n].k = "Customer";
        char *v = one_line(c->o.customer);
        snprintf(lines[n++].v, sizeof lines[0].v, "%s", v);
        free(v);
    }
    if (given(c->o.project)) {
        lines[n].k = "Project";
        char *v = one_line(c->o.project);
        snprintf(lines[n++].v, sizeof lines[0].v, "%s", v);
        free(v);
    }
    lines[n].k = "Date";
    snprintf(lines[n++].v, sizeof lines[0].v, "%s", c->date);
    if (quote_fields(c)) {
        lines[n].k = "Valid until";
        snprintf(lines[n++].v, sizeof lines[0].v, "%s", c->validity);
    }
    if (c->o.seller && given(c->o.seller->lead_time)) {
        lines[n].k = "Lead time";
        char *v = one_line(c->o.seller->lead_time);
        snprintf(lines[n++].v, sizeof lines[0].v, "%s", v);
        free(v);
    }
    n += requirement_lines(c, lines + n, MAX_LINES - n);
    txt_kv(sb, lines, n);
    sb_append(sb, "\n");

    txt_heading(sb, "Parts", '-');
    enum { NC = 5 };
    static const char *const head[NC] = {"Category", "Part", "Qty", "Unit price", "Line total"};
    static const bool right[NC] = {false, false, true, true, true};
    size_t rows = c->b->n_items + n_services(c);
    char **cells = xcalloc((rows + 1) * NC, sizeof *cells);
    for (int k = 0; k < NC; k++) cells[k] = xstrdup(head[k]);
    char m1[48], m2[48], q[16];
    for (size_t i = 0; i < rows; i++) {
        char **r = cells + (i + 1) * NC;
        if (i >= c->b->n_items) { /* the seller's services */
            const dlrig_service *sv = &c->o.seller->services[i - c->b->n_items];
            bool incl = isnan(sv->price);
            long long unit = service_unit_cents(c, sv);
            r[0] = xstrdup("Service");
            r[1] = one_line(sv->name);
            snprintf(q, sizeof q, "%d", service_qty(c, sv));
            r[2] = xstrdup(q);
            r[3] = xstrdup(incl ? "included" : money(c, unit, m1, sizeof m1));
            r[4] = xstrdup(incl ? "included" : money(c, money_mul(unit, service_qty(c, sv)), m2, sizeof m2));
            continue;
        }
        const dlrig_item *it = &c->b->items[i];
        r[0] = xstrdup(category_title(it->part->category));
        char lbl[200];
        char *pn = one_line(export_part_label(it->part, lbl, sizeof lbl));
        char pl[160];
        dlrig_price pr = build_line_price(c->b, it);
        const char *used = c->customer ? line_condition(&pr) : price_label(&pr, pl, sizeof pl);
        char om[12], ob[64] = "";
        const char *old = c->customer ? line_old_price(c, &pr, om, sizeof om) : NULL;
        if (old) snprintf(ob, sizeof ob, "%s%s price", used ? "; " : "", old);
        r[1] = xasprintf("%s%s%s%s%s%s", pn, it->cluster_scope ? " (cluster-wide)" : "", used || old ? " [" : "",
                         used ? used : "", ob, used || old ? "]" : "");
        free(pn);
        snprintf(q, sizeof q, "%d", export_item_total_qty(c->b, it));
        r[2] = xstrdup(q);
        r[3] = xstrdup(unit_money(c, it, m1, sizeof m1));
        r[4] = xstrdup(line_money(c, it, m2, sizeof m2));
    }
    int w[NC] = {0};
    for (size_t i = 0; i <= rows; i++)
        for (int k = 0; k < NC; k++)
            if (text_width(cells[i * NC + k]) > w[k]) w[k] = text_width(cells[i * NC + k]);
    /* the totals below line up with the last column */
    char tot[4][64], lab[4][48], pct[24];
    int nt = 0;
    snprintf(lab[nt], sizeof lab[0], "Subtotal");
    money(c, c->m.subtotal, tot[nt++], sizeof tot[0]);
    if (c->o.discount_pct > 0) {
        snprintf(lab[nt], sizeof lab[0], "Discount (%s%%)", fmt_pct(c->o.discount_pct, pct, sizeof pct));
        money(c, -c->m.discount, tot[nt++], sizeof tot[0]);
    }
    if (c->o.tax_pct > 0) {
        snprintf(lab[nt], sizeof lab[0], "Tax (%s%%)", fmt_pct(c->o.tax_pct, pct, sizeof pct));
        money(c, c->m.tax, tot[nt++], sizeof tot[0]);
    }
    snprintf(lab[nt], sizeof lab[0], "%s", c->nodes > 1 ? "Total (all nodes)" : "Total");
    money(c, c->m.total, tot[nt++], sizeof tot[0]);
    for (int i = 0; i < nt; i++)
        if (text_width(tot[i]) > w[4]) w[4] = text_width(tot[i]);
    int total_w = 2;
    for (int k = 0; k < NC; k++) total_w += w[k] + (k ? 2 : 0);
    for (size_t i = 0; i <= rows; i++) {
        sb_append(sb, "  ");
        for (int k = 0; k < NC; k++) {
            if (k) sb_append(sb, "  ");
            if (k == NC - 1 || right[k]) cell(sb, cells[i * NC + k], w[k], right[k]);
            else cell(sb, cells[i * NC + k], w[k], false);
        }
        sb_append(sb, "\n");
        if (i == 0) {
            sb_append(sb, "  ");
            for (int k = 2; k < total_w; k++) sb_append(sb, "-");
            sb_append(sb, "\n");
        }
    }
    sb_append(sb, "  ");
    for (int k = 2; k < total_w; k++) sb_append(sb, "-");
    sb_append(sb, "\n");
    for (int i = 0; i < nt; i++) {
        int lw = total_w - w[4] - 2;
        cell(sb, lab[i], lw, true);
        sb_append(sb, "  ");
        cell(sb, tot[i], w[4], true);
        sb_append(sb, "\n");
    }
    for (size_t i = 0; i < (rows + 1) * NC; i++) free(cells[i]);
    free(cells);
    if (c->m.unpriced_lines)
        sb_printf(sb, "  %d part line%s without a known price (not in the total).\n", c->m.unpriced_lines,
                  c->m.unpriced_lines == 1 ? "" : "s");
    char ol[256];
    if (quote_fields(c) && old_lines_text(c, " (marked [YYYY-MM price] above)", ol, sizeof ol)[0]) {
        sb_printf(sb, "  %s Re-check them before ordering.\n", ol);
        for (size_t i = 0; i < c->b->n_items; i++) { /* what the markets of the old lines did since */
            dlrig_market_move mm;
            char t[512];
            const dlrig_item *it = &c->b->items[i];
            dlrig_price pr = build_line_price(c->b, it);
            if (!market_line_move(c->cat, c->b, it, c->date, &mm)) continue;
            char *line = xasprintf("%s, priced %.7s: %s.", it->part->name, pr.date, market_move_text(&mm, t, sizeof t));
            char *safe = one_line(line);
            sb_printf(sb, "  %s\n", safe);
            free(safe);
            free(line);
        }
    }
    if (c->m.owned_lines)
        sb_printf(sb, "  %d part line%s owned already (not in the total).\n", c->m.owned_lines,
                  c->m.owned_lines == 1 ? "" : "s");
    sb_append(sb, "\n");

    txt_heading(sb, "Estimated speed", '-');
    txt_kv(sb, lines, estimate_lines(c, lines, MAX_LINES));
    sb_append(sb, "\n");
    txt_heading(sb, "Sheet", '-');
    txt_kv(sb, lines, sheet_lines(c, lines, MAX_LINES));
    sb_append(sb, "\n");

    txt_heading(sb, "Findings", '-');
    size_t shown = 0, unchecked = 0;
    int idw = 0;
    for (size_t i = 0; i < c->rep->n_findings; i++) {
        if (export_finding_unchecked(&c->rep->findings[i])) {
            unchecked++;
            continue;
        }
        shown++;
        if (!c->customer && (int)strlen(c->rep->findings[i].id) > idw) idw = (int)strlen(c->rep->findings[i].id);
    }
    if (shown == 0) sb_append(sb, "  No problems found.\n");
    for (size_t i = 0; i < c->rep->n_findings; i++) {
        const dlrig_finding *f = &c->rep->findings[i];
        if (export_finding_unchecked(f)) continue;
        sb_append(sb, "  ");
        cell(sb, severity_name(f->severity), 7, false);
        sb_append(sb, "  ");
        if (!c->customer) {
            cell(sb, f->id, idw, false);
            sb_append(sb, "  ");
        }
        char *msg = one_line(f->message);
        sb_append(sb, msg);
        free(msg);
        sb_append(sb, "\n");
    }
    if (unchecked) {
        sb_append(sb, "\n");
        txt_heading(sb, "Not checked", '-');
        sb_append(sb, "  The catalog lacks a figure these checks need; confirm them with the vendor:\n");
        const dlrig_finding *notes[MAX_NOTES];
        ctx *one[1] = {c};
        size_t k = unchecked_notes(one, 1, notes, MAX_NOTES);
        for (size_t i = 0; i < k; i++) {
            char *v = one_line(finding_detail(notes[i]));
            if (c->customer) sb_printf(sb, "  - %s\n", v);
            else sb_printf(sb, "  - %s (%s)\n", v, notes[i]->id);
            free(v);
        }
    }
    if (given(c->o.notes)) {
        sb_append(sb, "\n");
        txt_heading(sb, "Notes", '-');
        const char *p = c->o.notes;
        while (*p) {
            const char *e = strchr(p, '\n');
            size_t l = e ? (size_t)(e - p) : strlen(p);
            sb_append(sb, "  ");
            sb_appendn(sb, p, l);
            sb_append(sb, "\n");
            p += l;
            if (*p) p++;
        }
    }
    if (c->o.seller && given(c->o.seller->terms)) {
        sb_append(sb, "\n");
        txt_heading(sb, "Terms", '-');
        char *v = one_line(c->o.seller->terms);
        sb_printf(sb, "  %s\n", v);
        free(v);
    }
    if (c->customer && c->o.seller && !c->n_problems) {
        sb_append(sb, "\n");
        txt_heading(sb, "Acceptance", '-');
        sb_printf(sb, "  To order, sign and return this quote (%s, revision %d).\n\n", c->qnum, c->revision);
        static const char *const fields[] = {"Customer name", "Signature", "Date", "PO number"};
        for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
            sb_printf(sb, "  %-14s ______________________________\n\n", fields[i]);
    }
    if (strcmp(c->currency, "USD") != 0)
        sb_printf(sb, "\nPrices in %s, converted from US dollars at 1 USD = %g %s.\n", c->currency, c->rate, c->currency);
    if (c->customer) {
        char basis[800];
        ctx *one[1] = {c};
        sb_printf(sb, "\n%s\n", price_basis(one, 1, basis, sizeof basis));
    }
    sb_printf(sb, "\nGenerated by dlrig " DLRIG_VERSION " on %s; speeds are estimates, not measurements.\n", c->date);
}

/* ------------------------------------------------------------ HTML */

void export_html_escape(strbuf *out, const char *s)
{
    for (const char *p = s ? s : ""; *p; p++) {
        switch (*p) {
        case '&': sb_append(out, "&amp;"); break;
        case '<': sb_append(out, "&lt;"); break;
        case '>': sb_append(out, "&gt;"); break;
        case '"': sb_append(out, "&quot;"); break;
        case '\'': sb_append(out, "&#39;"); break;
        default: sb_appendn(out, p, 1);
        }
    }
}

static void h(strbuf *sb, const char *s) { export_html_escape(sb, s); }

static const char html_style[] =
    "  :root { --ink: #1a1a1a; --muted: #5f6368; --rule: #d0d4d9; --band: #f3f5f7; --accent: #0b5394;\n"
    "          --err: #a50e0e; --warn: #8a5300; --info: #1a5b8a; }\n"
    "  * { box-sizing: border-box; }\n"
    "  body { font: 10.5pt/1.45 -apple-system, \"Segoe UI\", Roboto, \"Helvetica Neue\", Arial, sans-serif;\n"
    "         color: var(--ink); max-width: 60rem; margin: 2rem auto; padding: 0 1.5rem; }\n"
    "  h1 { font-size: 1.6rem; margin: 0 0 .25rem; color: var(--accent); }\n"
    "  h2 { font-size: 1.1rem; margin: 1.6rem 0 .5rem; padding-bottom: .2rem; border-bottom: 2px solid var(--accent); }\n"
    "  .build { font-size: 1.05rem; margin: 0 0 1rem; color: var(--muted); }\n"
    "  table { border-collapse: collapse; width: 100%; }\n"
    "  th, td { padding: .35rem .5rem; text-align: left; vertical-align: top; }\n"
    "  thead th { background: var(--band); border-bottom: 1px solid var(--rule); font-weight: 600; }\n"
    "  tbody td { border-bottom: 1px solid var(--rule); }\n"
    "  .num { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }\n"
    "  .id { color: var(--muted); font-size: .85em; font-family: ui-monospace, Menlo, Consolas, monospace; }\n"
    "  table.meta { width: auto; }\n"
    "  table.meta th { padding-left: 0; color: var(--muted); font-weight: normal; }\n"
    "  tfoot td { border: 0; }\n"
    "  tfoot tr.total td { border-top: 2px solid var(--ink); font-weight: 700; font-size: 1.1em; }\n"
    "  table.kv th { width: 12rem; padding-left: 0; color: var(--muted); font-weight: normal; }\n"
    "  table.kv td, table.kv th { border-bottom: 1px solid var(--band); }\n"
    "  ul.findings { padding-left: 1.2rem; margin: .3rem 0; }\n"
    "  .sev { font-weight: 700; }\n"
    "  .sev-error { color: var(--err); } .sev-warning { color: var(--warn); } .sev-info { color: var(--info); }\n"
    "  .notes { border-left: 3px solid var(--rule); padding-left: .8rem; }\n"
    "  footer { margin-top: 2rem; color: var(--muted); font-size: .85em; }\n"
    "  .head { display: flex; justify-content: space-between; gap: 2rem; align-items: flex-start; }\n"
    "  .seller p { margin: 0 0 .3rem; } .seller .company { font-weight: 700; font-size: 1.15rem; }\n"
    "  .head .seller { flex: 0 1 18rem; } .head .quote { flex: 0 1 auto; }\n"
    "  table.meta th { white-space: nowrap; padding-right: 1rem; }\n"
    "  .src { color: var(--muted); font-size: .85em; }\n"
    "  .draft { border: 2px solid var(--err); padding: .2rem 1rem .6rem; margin: 1rem 0; }\n"
    "  .stale { border-left: 4px solid var(--err); padding: .3rem .8rem; margin: .8rem 0; }\n"
    "  .old { color: var(--err); }\n"
    "  .nw { white-space: nowrap; }\n"
    "  .draft h2 { color: var(--err); border-bottom-color: var(--err); }\n"
    "  h3 { font-size: 1rem; margin: 1.1rem 0 .4rem; }\n"
    "  .mpn { font-size: .9em; white-space: nowrap; width: 1%; }\n"
    "  tr.service td { color: var(--ink); background: #fafbfc; }\n"
    "  .unofficial { border: 2px dashed var(--warn); padding: .4rem .8rem; max-width: 24rem; color: var(--warn); }\n"
    "  table.sign th { width: 10rem; padding: 1.1rem .5rem .2rem 0; color: var(--muted); font-weight: normal; }\n"
    "  table.sign td { border-bottom: 1px solid var(--ink); }\n"
    "  section.option, section.lines { break-inside: auto; page-break-inside: auto; }\n"
    "  section, tr, .notes, .block, table.kv, table.sign { break-inside: avoid; page-break-inside: avoid; }\n"
    "  thead { display: table-header-group; }\n"
    "  tfoot { display: table-row-group; }\n"
    "  @page { size: A4; margin: 15mm 14mm 18mm; }\n"
    "  @media print {\n"
    "    body { margin: 0; max-width: none; padding: 0; font-size: 9.5pt; }\n"
    "    th, td { padding: .22rem .45rem; }\n"
    "    h2 { margin: 1.1rem 0 .4rem; } h3 { margin: .8rem 0 .3rem; }\n"
    "    h1, h2, h3 { break-after: avoid; page-break-after: avoid; }\n"
    "    section, tr, td, th, .notes, .block, table.kv, table.sign, ul.findings li { break-inside: avoid; "
    "page-break-inside: avoid; }\n"
    "    section.lines { break-inside: auto; page-break-inside: auto; }\n"
    "    section.option { break-inside: auto; page-break-inside: auto; break-before: page; page-break-before: always; }\n"
    "    thead { display: table-header-group; }\n"
    "    tfoot { display: table-row-group; }\n"
    "    a { color: inherit; text-decoration: none; }\n"
    "    thead th, tr.service td { -webkit-print-color-adjust: exact; print-color-adjust: exact; }\n"
    "  }\n";

/* A finding's id after its message, on a worksheet only: the customer
 * reads the message. */
static void html_finding_id(const ctx *c, const char *id)
{
    if (c->customer) return;
    sb_append(c->out, " <span class=\"id\">");
    h(c->out, id);
    sb_append(c->out, "</span>");
}

static void html_kv(strbuf *sb, const kv *lines, size_t n)
{
    sb_append(sb, "<table class=\"kv\">\n");
    for (size_t i = 0; i < n; i++) {
        sb_append(sb, "  <tr><th scope=\"row\">");
        h(sb, lines[i].k);
        sb_append(sb, "</th><td>");
        h(sb, lines[i].v);
        sb_append(sb, "</td></tr>\n");
    }
    sb_append(sb, "</table>\n");
}

/* Appends text with newlines as <br>. */
static void html_lines(strbuf *sb, const char *text)
{
    for (const char *p = text ? text : ""; *p;) {
        const char *e = strchr(p, '\n');
        size_t l = e ? (size_t)(e - p) : strlen(p);
        char *line = xmalloc(l + 1);
        memcpy(line, p, l);
        line[l] = '\0';
        if (p != text) sb_append(sb, "<br>\n");
        h(sb, line);
        free(line);
        p += l;
        if (*p) p++;
    }
}

/* Document head, seller block and quote details; `title` names the build or
 * the options; draft when any build has problems. */
static void html_begin(ctx *c, const char *title, bool draft)
{
    strbuf *sb = c->out;
    sb_append(sb, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                  "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>");
    sb_append(sb, draft ? "DRAFT quote " : "Quote ");
    h(sb, c->qnum);
    sb_append(sb, ": ");
    h(sb, title);
    if (given(c->o.customer)) {
        sb_append(sb, " for ");
        h(sb, c->o.customer);
    }
    sb_append(sb, "</title>\n<style>\n");
    sb_append(sb, html_style);
    sb_append(sb, "</style>\n</head>\n<body>\n<header>\n<div class=\"head\">\n");
    if (c->o.seller) {
        sb_append(sb, "<div class=\"seller\">\n<p class=\"company\">");
        h(sb, c->o.seller->company);
        sb_append(sb, "</p>\n");
        if (given(c->o.seller->address)) {
            sb_append(sb, "<p>");
            html_lines(sb, c->o.seller->address);
            sb_append(sb, "</p>\n");
        }
        if (given(c->o.seller->contact)) {
            sb_append(sb, "<p>");
            html_lines(sb, c->o.seller->contact);
            sb_append(sb, "</p>\n");
        }
        sb_append(sb, "</div>\n");
    } else {
        sb_printf(sb, "<div class=\"seller unofficial\">\n<p>%s</p>\n</div>\n", unofficial_notice);
    }
    sb_printf(sb, "<div class=\"quote\">\n<h1>%s</h1>\n<table class=\"meta\">\n", draft ? "DRAFT quotation" : "Quotation");
    sb_append(sb, "  <tr><th scope=\"row\">Quote no.</th><td>");
    h(sb, c->qnum);
    sb_printf(sb, "</td></tr>\n  <tr><th scope=\"row\">Revision</th><td>%d</td></tr>\n", c->revision);
    if (given(c->o.customer)) {
        sb_append(sb, "  <tr><th scope=\"row\">Customer</th><td>");
        h(sb, c->o.customer);
        sb_append(sb, "</td></tr>\n");
    }
    if (given(c->o.project)) {
        sb_append(sb, "  <tr><th scope=\"row\">Project</th><td>");
        h(sb, c->o.project);
        sb_append(sb, "</td></tr>\n");
    }
    sb_printf(sb, "  <tr><th scope=\"row\">Date</th><td>%s</td></tr>\n", c->date);
    sb_printf(sb, "  <tr><th scope=\"row\">Valid until</th><td>%s</td></tr>\n", c->validity);
    if (c->o.seller && given(c->o.seller->lead_time)) {
        sb_append(sb, "  <tr><th scope=\"row\">Lead time</th><td>");
        h(sb, c->o.seller->lead_time);
        sb_append(sb, "</td></tr>\n");
    }
    sb_append(sb, "</table>\n</div>\n</div>\n<p class=\"build\">");
    h(sb, title);
    sb_append(sb, "</p>\n");
    if (c->stale && !c->o.prices_checked) {
        char ol[256];
        old_lines_text(c, " (marked below)", ol, sizeof ol);
        sb_printf(sb, "<p class=\"stale\"><strong>Prices from %s (%d months old): re-check before ordering.</strong> ",
                  c->oldest_price, c->price_age);
        if (ol[0]) {
            h(sb, ol);
            sb_append(sb, " ");
        }
        sb_append(sb, "This quote promises no validity until they are.</p>\n");
    }
    sb_append(sb, "</header>\n\n");
}

/* The DRAFT notice with the problems of builds cs[0..n-1]. */
static void html_draft(ctx *const *cs, size_t n)
{
    strbuf *sb = cs[0]->out;
    sb_append(sb, "<section class=\"draft\">\n<h2>DRAFT: not a final quote</h2>\n<p>Resolve these problems before "
                  "ordering:</p>\n<ul class=\"findings\">\n");
    for (size_t k = 0; k < n; k++) {
        const ctx *c = cs[k];
        size_t np = c->n_problems < MAX_PROBLEMS ? c->n_problems : MAX_PROBLEMS;
        for (size_t i = 0; i < np; i++) {
            const dlrig_finding *f = c->problems[i];
            sb_append(sb, "  <li>");
            if (c->option) sb_printf(sb, "%s: ", c->option);
            sb_printf(sb, "<span class=\"sev sev-%s\">%s</span> ", severity_name(f->severity), problem_kind(f));
            h(sb, f->message);
            html_finding_id(c, f->id);
            sb_append(sb, "</li>\n");
        }
        if (c->n_problems > np) sb_printf(sb, "  <li>and %zu more</li>\n", c->n_problems - np);
    }
    sb_append(sb, "</ul>\n</section>\n\n");
}

/* The part cell of a line: the part as people name it, cluster-wide and
 * second-hand marks; on a worksheet also its dlrig id and price source. */
static void html_part_cell(ctx *c, const dlrig_item *it)
{
    strbuf *sb = c->out;
    char lbl[200];
    h(sb, export_part_label(it->part, lbl, sizeof lbl));
    if (it->cluster_scope) sb_append(sb, " (cluster-wide)");
    dlrig_price pr = build_line_price(c->b, it);
    if (c->customer) {
        const char *cond = line_condition(&pr);
        if (cond) sb_printf(sb, " <em>(%s)</em>", cond);
        char om[12], mk[200];
        const char *old = line_old_price(c, &pr, om, sizeof om);
        if (old) {
            sb_printf(sb, " <em class=\"old\">(price of <span class=\"nw\">%s,</span> to be re-checked", old);
            h(sb, line_market(c, it, mk, sizeof mk));
            sb_append(sb, ")</em>");
        }
        return;
    }
    char pl[160];
    if (price_label(&pr, pl, sizeof pl)) {
        sb_append(sb, " <em>(priced ");
        h(sb, pl);
        sb_append(sb, ")</em>");
    }
    sb_append(sb, "<br><span class=\"id\">");
    h(sb, it->part->id);
    sb_append(sb, "</span>");
    char ps[320];
    if (export_price_source(c->cat, &pr, ps, sizeof ps)) {
        sb_append(sb, " <span class=\"src\">price: ");
        h(sb, ps);
        sb_append(sb, "</span>");
    }
}

/* The line items table with totals of one build: its parts, then the
 * seller's services. */
static void html_items(ctx *c)
{
    strbuf *sb = c->out;
    char m1[48], m2[48], pct[24];
    bool lead = c->o.n_lead > 0, mpn = any_mpn(c);
    int span = 5 + (lead ? 1 : 0) + (mpn ? 1 : 0);
    sb_append(sb, "<table class=\"items\">\n<thead>\n  <tr><th class=\"num\">#</th>"
                  "<th>Category</th><th>Part</th>");
    if (mpn) sb_append(sb, "<th class=\"mpn\">Part number</th>");
    sb_append(sb, "<th class=\"num\">Qty</th><th class=\"num\">Unit price</th>");
    if (lead) sb_append(sb, "<th>Availability</th>");
    sb_append(sb, "<th class=\"num\">Line total</th></tr>\n</thead>\n<tbody>\n");
    for (size_t i = 0; i < c->b->n_items; i++) {
        const dlrig_item *it = &c->b->items[i];
        sb_printf(sb, "  <tr><td class=\"num\">%zu</td><td>", i + 1);
        h(sb, category_title(it->part->category));
        sb_append(sb, "</td><td>");
        html_part_cell(c, it);
        if (mpn) {
            char mb[96];
            const char *m = part_mpn(c, it->part, mb, sizeof mb);
            sb_append(sb, "</td><td class=\"mpn\">");
            h(sb, m ? m : "");
        }
        dlrig_price pr = build_line_price(c->b, it);
        sb_printf(sb, "</td><td class=\"num\">%d</td><td class=\"num\">", export_item_total_qty(c->b, it));
        bool priced = price_known(&pr);
        h(sb, priced ? unit_money(c, it, m1, sizeof m1) : "on request");
        if (lead) {
            const char *l = lead_of(c, it->part);
            sb_append(sb, "</td><td>");
            h(sb, l ? l : "-");
        }
        sb_append(sb, "</td><td class=\"num\">");
        h(sb, priced ? line_money(c, it, m2, sizeof m2) : "-");
        sb_append(sb, "</td></tr>\n");
    }
    for (size_t i = 0; i < n_services(c); i++) {
        const dlrig_service *sv = &c->o.seller->services[i];
        bool incl = isnan(sv->price);
        long long unit = service_unit_cents(c, sv);
        sb_printf(sb, "  <tr class=\"service\"><td class=\"num\">%zu</td><td>Service</td><td>", c->b->n_items + i + 1);
        h(sb, sv->name);
        if (mpn) sb_append(sb, "</td><td>");
        sb_printf(sb, "</td><td class=\"num\">%d</td><td class=\"num\">%s", service_qty(c, sv),
                  incl ? "included" : money(c, unit, m1, sizeof m1));
        if (lead) sb_append(sb, "</td><td>");
        sb_printf(sb, "</td><td class=\"num\">%s</td></tr>\n",
                  incl ? "included" : money(c, money_mul(unit, service_qty(c, sv)), m2, sizeof m2));
    }
    sb_append(sb, "</tbody>\n<tfoot>\n");
    sb_printf(sb, "  <tr><td colspan=\"%d\" class=\"num\">Subtotal</td><td class=\"num\">%s</td></tr>\n", span,
              money(c, c->m.subtotal, m1, sizeof m1));
    if (c->o.discount_pct > 0)
        sb_printf(sb, "  <tr><td colspan=\"%d\" class=\"num\">Discount (%s%%)</td><td class=\"num\">%s</td></tr>\n",
                  span, fmt_pct(c->o.discount_pct, pct, sizeof pct), money(c, -c->m.discount, m1, sizeof m1));
    if (c->o.tax_pct > 0)
        sb_printf(sb, "  <tr><td colspan=\"%d\" class=\"num\">Tax (%s%%)</td><td class=\"num\">%s</td></tr>\n", span,
                  fmt_pct(c->o.tax_pct, pct, sizeof pct), money(c, c->m.tax, m1, sizeof m1));
    sb_printf(sb, "  <tr class=\"total\"><td colspan=\"%d\" class=\"num\">Total%s (%s)</td><td class=\"num\">%s</td></tr>\n",
              span, c->nodes > 1 ? " for all nodes" : "", c->currency, money(c, c->m.total, m1, sizeof m1));
    sb_append(sb, "</tfoot>\n</table>\n");
    if (c->m.unpriced_lines)
        sb_printf(sb, "<p>%d line%s priced on request %s not included in the total.</p>\n", c->m.unpriced_lines,
                  c->m.unpriced_lines == 1 ? "" : "s", c->m.unpriced_lines == 1 ? "is" : "are");
    if (c->m.owned_lines)
        sb_printf(sb, "<p>%d line%s owned already %s not included in the total.</p>\n", c->m.owned_lines,
                  c->m.owned_lines == 1 ? "" : "s", c->m.owned_lines == 1 ? "is" : "are");
}

/* The findings of one build, without the problems listed first and without
 * "not checked" notes. */
static void html_review(ctx *c, const char *hx)
{
    strbuf *sb = c->out;
    const dlrig_report *r = c->rep;
    size_t counts[3] = {0};
    for (size_t i = 0; i < r->n_findings; i++)
        if (!is_problem(c, &r->findings[i]) && !export_finding_unchecked(&r->findings[i])) counts[r->findings[i].severity]++;
    sb_printf(sb, "<%s>Compatibility review</%s>\n", hx, hx);
    if (c->n_problems) sb_append(sb, "<p>The problems listed at the top come first.</p>\n");
    if (!counts[0] && !counts[1] && !counts[2]) {
        sb_append(sb, c->n_problems ? "<p>No other findings.</p>\n"
                                    : "<p>No problems found: the build passes every dlrig rule.</p>\n");
        return;
    }
    sb_printf(sb, "<p>%zu error%s, %zu warning%s, %zu note%s.</p>\n", counts[2], counts[2] == 1 ? "" : "s", counts[1],
              counts[1] == 1 ? "" : "s", counts[0], counts[0] == 1 ? "" : "s");
    sb_append(sb, "<ul class=\"findings\">\n");
    for (int s = DLRIG_SEV_ERROR; s >= DLRIG_SEV_INFO; s--)
        for (size_t i = 0; i < r->n_findings; i++) {
            const dlrig_finding *f = &r->findings[i];
            if ((int)f->severity != s || is_problem(c, f) || export_finding_unchecked(f)) continue;
            const char *sev = severity_name(f->severity);
            sb_printf(sb, "  <li><span class=\"sev sev-%s\">%s</span> ", sev, sev);
            h(sb, f->message);
            html_finding_id(c, f->id);
            sb_append(sb, "</li>\n");
        }
    sb_append(sb, "</ul>\n");
}

/* "Not checked" notes of builds cs[0..n-1], each once, in a section. */
static void html_unchecked(ctx *const *cs, size_t n)
{
    strbuf *sb = cs[0]->out;
    const dlrig_finding *notes[MAX_NOTES];
    size_t k = unchecked_notes(cs, n, notes, MAX_NOTES);
    if (!k) return;
    sb_append(sb, "<section>\n<h2>Not checked</h2>\n<p>The catalog lacks a figure these checks need; confirm them with "
                  "the vendor:</p>\n<ul class=\"findings\">\n");
    for (size_t i = 0; i < k; i++) {
        sb_append(sb, "  <li>");
        h(sb, finding_detail(notes[i]));
        html_finding_id(cs[0], notes[i]->id);
        sb_append(sb, "</li>\n");
    }
    sb_append(sb, "</ul>\n</section>\n\n");
}

/* The block the customer signs to order: a seller's final quote only (a
 * draft or an unofficial quote is not an offer to accept). */
static void html_acceptance(ctx *const *cs, size_t n)
{
    const ctx *c = cs[0];
    strbuf *sb = c->out;
    if (!c->o.seller || any_draft(cs, n)) return;
    sb_append(sb, "<section class=\"accept\">\n<h2>Acceptance</h2>\n<p>To order, sign and return this quote (");
    h(sb, c->qnum);
    sb_printf(sb, ", revision %d)%s.</p>\n<table class=\"sign\">\n", c->revision,
              n > 1 ? " with the option you choose" : "");
    if (n > 1) sb_append(sb, "  <tr><th scope=\"row\">Option chosen</th><td></td></tr>\n");
    sb_append(sb, "  <tr><th scope=\"row\">Customer name</th><td></td></tr>\n"
                  "  <tr><th scope=\"row\">Signature</th><td></td></tr>\n"
                  "  <tr><th scope=\"row\">Date</th><td></td></tr>\n"
                  "  <tr><th scope=\"row\">PO number</th><td></td></tr>\n"
                  "</table>\n</section>\n\n");
}

static void html_end(ctx *const *cs, size_t n)
{
    ctx *c = cs[0];
    strbuf *sb = c->out;
    if (given(c->o.notes)) {
        sb_append(sb, "<section>\n<h2>Notes</h2>\n<p class=\"notes\">");
        html_lines(sb, c->o.notes);
        sb_append(sb, "</p>\n</section>\n\n");
    }
    if (c->o.seller && given(c->o.seller->terms)) {
        sb_append(sb, "<section>\n<h2>Terms</h2>\n<p class=\"notes\">");
        html_lines(sb, c->o.seller->terms);
        sb_append(sb, "</p>\n</section>\n\n");
    }
    html_acceptance(cs, n);
    sb_append(sb, "<footer>\n<p>");
    if (c->customer) {
        char basis[800];
        h(sb, price_basis(cs, n, basis, sizeof basis));
        if (strcmp(c->currency, "USD") != 0)
            sb_printf(sb, " Amounts in %s%s, converted from US dollars at 1 USD = %g %s.", c->currency,
                      c->o.tax_pct > 0 ? "" : " before tax", c->rate, c->currency);
        else sb_printf(sb, " Amounts in US dollars%s.", c->o.tax_pct > 0 ? "" : ", before tax");
        sb_printf(sb, " Speeds are estimates, not measurements. Generated by dlrig " DLRIG_VERSION " on %s.</p>\n"
                      "</footer>\n</body>\n</html>\n", c->date);
        return;
    }
    if (strcmp(c->currency, "USD") != 0)
        sb_printf(sb, "Prices in %s%s, converted from US dollars at 1 USD = %g %s; each line's price source gives the "
                      "month the US dollar price was seen. ", c->currency, c->o.tax_pct > 0 ? "" : " before tax",
                  c->rate, c->currency);
    else
        sb_printf(sb, "Prices in US dollars%s; each line's price source gives the month the price was seen. ",
                  c->o.tax_pct > 0 ? "" : ", before tax");
    sb_printf(sb, "Speeds are estimates from the dlrig performance model, not measurements. Generated by dlrig "
                  DLRIG_VERSION " on %s.</p>\n</footer>\n</body>\n</html>\n", c->date);
}

static void export_html(ctx *c)
{
    strbuf *sb = c->out;
    kv lines[MAX_LINES];
    html_begin(c, build_name(c->b), c->n_problems > 0);
    ctx *one[1] = {c};
    if (c->n_problems) html_draft(one, 1);
    sb_append(sb, "<section class=\"lines\">\n<h2>Line items</h2>\n");
    html_items(c);
    sb_append(sb, "</section>\n\n");
    sb_append(sb, "<section>\n<h2>Estimated performance</h2>\n");
    html_kv(sb, lines, estimate_lines(c, lines, MAX_LINES));
    sb_append(sb, "</section>\n\n<section>\n<h2>System</h2>\n");
    size_t n = requirement_lines(c, lines, MAX_LINES);
    n += sheet_lines(c, lines + n, MAX_LINES - n);
    html_kv(sb, lines, n);
    sb_append(sb, "</section>\n\n<section>\n");
    html_review(c, "h2");
    sb_append(sb, "</section>\n\n");
    html_unchecked(one, 1);
    html_end(one, 1);
}

/* ------------------------------------------------------------ a quote of several options */

/* The one-line speed of an option for the summary ("1,234 samples/s"). */
static const char *option_speed(const ctx *c, char *buf, size_t len)
{
    if (!c->est) return snprintf(buf, len, "-"), buf;
    char a[48];
    snprintf(buf, len, "%s %s", format_speed(c->est->throughput, NULL, a, sizeof a),
             c->est->unit ? c->est->unit : "");
    return buf;
}

static void options_html(ctx *const *cs, size_t n)
{
    ctx *c0 = cs[0];
    strbuf *sb = c0->out;
    kv lines[MAX_LINES];
    bool draft = false;
    for (size_t k = 0; k < n; k++) draft |= cs[k]->n_problems > 0;
    char title[64];
    snprintf(title, sizeof title, "%zu options", n);
    html_begin(c0, title, draft);
    if (draft) html_draft(cs, n);
    sb_append(sb, "<section>\n<h2>Options at a glance</h2>\n<table class=\"items options\">\n<thead>\n  <tr><th>Option"
                  "</th><th>Build</th><th class=\"num\">GPUs</th><th class=\"num\">VRAM</th><th>Estimated speed</th>"
                  "<th>Status</th><th class=\"num\">Total</th></tr>\n</thead>\n<tbody>\n");
    for (size_t k = 0; k < n; k++) {
        ctx *c = cs[k];
        char sp[96], m1[48], v[32], ot[80];
        sb_printf(sb, "  <tr><td><a href=\"#option-%c\">", (char)('a' + k));
        h(sb, option_title(c, ot, sizeof ot));
        sb_append(sb, "</a></td><td>");
        h(sb, build_name(c->b));
        sb_printf(sb, "</td><td class=\"num\">%d</td><td class=\"num\">%s GB</td><td>", c->rep->totals.gpu_count,
                  format_number(c->rep->totals.vram_gb, 0, v, sizeof v));
        h(sb, option_speed(c, sp, sizeof sp));
        if (c->n_problems)
            sb_printf(sb, "</td><td><span class=\"sev sev-error\">DRAFT</span> %zu problem%s", c->n_problems,
                      c->n_problems == 1 ? "" : "s");
        else sb_append(sb, "</td><td>ready");
        sb_printf(sb, "</td><td class=\"num\">%s%s</td></tr>\n", money(c, c->m.total, m1, sizeof m1),
                  c->m.unpriced_lines ? " +" : "");
    }
    sb_append(sb, "</tbody>\n</table>\n");
    bool unpriced = false;
    for (size_t k = 0; k < n; k++) unpriced |= cs[k]->m.unpriced_lines > 0;
    if (unpriced) sb_append(sb, "<p>+ some lines are priced on request and not included in the total.</p>\n");
    sb_append(sb, "</section>\n\n");
    for (size_t k = 0; k < n; k++) {
        ctx *c = cs[k];
        char ot[80];
        sb_printf(sb, "<section class=\"option\" id=\"option-%c\">\n<h2>", (char)('a' + k));
        h(sb, option_title(c, ot, sizeof ot));
        sb_append(sb, ": ");
        h(sb, build_name(c->b));
        sb_append(sb, "</h2>\n");
        html_items(c);
        sb_append(sb, "<div class=\"block\">\n<h3>Estimated performance</h3>\n");
        html_kv(sb, lines, estimate_lines(c, lines, MAX_LINES));
        sb_append(sb, "</div>\n<div class=\"block\">\n<h3>System</h3>\n");
        size_t nl = requirement_lines(c, lines, MAX_LINES);
        nl += sheet_lines(c, lines + nl, MAX_LINES - nl);
        html_kv(sb, lines, nl);
        sb_append(sb, "</div>\n<div class=\"block\">\n");
        html_review(c, "h3");
        sb_append(sb, "</div>\n</section>\n\n");
    }
    html_unchecked(cs, n);
    html_end(cs, n);
}

static void options_md(ctx *const *cs, size_t n)
{
    ctx *c0 = cs[0];
    strbuf *sb = c0->out;
    kv lines[MAX_LINES];
    bool draft = false;
    for (size_t k = 0; k < n; k++) draft |= cs[k]->n_problems > 0;
    sb_printf(sb, "# %sQuote ", draft ? "DRAFT " : "");
    md_text(sb, c0->qnum);
    sb_printf(sb, ": %zu options\n\n", n);
    if (draft) {
        md_draft_head(sb);
        for (size_t k = 0; k < n; k++) md_problems(cs[k]);
        sb_append(sb, "\n");
    }
    bool had = quote_fields(c0);
    if (!had) md_dateline(c0);
    else md_quote_meta(c0);
    sb_append(sb, "## Options at a glance\n\n| Option | Build | GPUs | VRAM | Estimated speed | Status | Total |\n"
                  "|---|---|---:|---:|---|---|---:|\n");
    for (size_t k = 0; k < n; k++) {
        ctx *c = cs[k];
        char sp[96], m1[48], v[32];
        char ot[80];
        sb_append(sb, "| ");
        md_text(sb, option_title(c, ot, sizeof ot));
        sb_append(sb, " | ");
        md_text(sb, build_name(c->b));
        sb_printf(sb, " | %d | %s GB | ", c->rep->totals.gpu_count,
                  format_number(c->rep->totals.vram_gb, 0, v, sizeof v));
        md_text(sb, option_speed(c, sp, sizeof sp));
        if (c->n_problems) sb_printf(sb, " | DRAFT: %zu problem%s", c->n_problems, c->n_problems == 1 ? "" : "s");
        else sb_append(sb, " | ready");
        sb_printf(sb, " | %s%s |\n", money(c, c->m.total, m1, sizeof m1), c->m.unpriced_lines ? " +" : "");
    }
    bool unpriced = false;
    for (size_t k = 0; k < n; k++) unpriced |= cs[k]->m.unpriced_lines > 0;
    if (unpriced) sb_append(sb, "\n\\+ some lines are priced on request and not included in the total.\n");
    for (size_t k = 0; k < n; k++) {
        ctx *c = cs[k];
        char ot[80];
        sb_append(sb, "\n## ");
        md_text(sb, option_title(c, ot, sizeof ot));
        sb_append(sb, ": ");
        md_text(sb, build_name(c->b));
        sb_append(sb, "\n\n");
        md_items(c);
        sb_append(sb, "\n### Estimated speed\n\n");
        md_kv(sb, lines, estimate_lines(c, lines, MAX_LINES));
        md_findings(c, "### Findings");
    }
    md_unchecked(cs, n);
    md_end(cs, n);
}

static void ctx_init(ctx *c, const dlrig_catalog *cat, const dlrig_build *const *all, size_t n_all, size_t k,
                     const dlrig_analysis *an, dlrig_export_format fmt, const dlrig_export_opts *opts, strbuf *out);

int export_options(const dlrig_catalog *cat, const dlrig_build *const *b, const dlrig_analysis *const *an, size_t n,
                   dlrig_export_format fmt, const dlrig_export_opts *opts, strbuf *out)
{
    if ((fmt != DLRIG_EXPORT_MD && fmt != DLRIG_EXPORT_HTML) || n < 1 || n > DLRIG_EXPORT_MAX_OPTIONS) return -1;
    static const char *const names[DLRIG_EXPORT_MAX_OPTIONS] = {"Option A", "Option B", "Option C",
                                                                 "Option D", "Option E", "Option F"};
    ctx *cs[DLRIG_EXPORT_MAX_OPTIONS];
    for (size_t k = 0; k < n; k++) {
        cs[k] = xmalloc(sizeof *cs[k]);
        ctx_init(cs[k], cat, b, n, k, an[k], fmt, opts, out);
        cs[k]->option = names[k];
    }
    if (fmt == DLRIG_EXPORT_HTML) options_html(cs, n);
    else options_md(cs, n);
    for (size_t k = 0; k < n; k++) free(cs[k]);
    return 0;
}

/* ------------------------------------------------------------ entry */

static void ctx_init(ctx *c, const dlrig_catalog *cat, const dlrig_build *const *all, size_t n_all, size_t k,
                     const dlrig_analysis *an, dlrig_export_format fmt, const dlrig_export_opts *opts, strbuf *out)
{
    const dlrig_build *b = all[k];
    memset(c, 0, sizeof *c);
    c->cat = cat;
    c->b = b;
    c->an = an;
    c->rep = &an->report;
    c->est = an->have_estimate ? &an->estimate : NULL;
    c->out = out;
    if (opts) c->o = *opts;
    else export_opts_init(&c->o);
    if (c->o.validity_days <= 0) c->o.validity_days = 30;
    if (isnan(c->o.discount_pct) || c->o.discount_pct < 0) c->o.discount_pct = 0;
    if (isnan(c->o.tax_pct) || c->o.tax_pct < 0) c->o.tax_pct = 0;
    if (!c->o.lead) c->o.n_lead = 0;
    c->nodes = b->req.nodes > 0 ? b->req.nodes : 1;
    time_t when = c->o.date ? c->o.date : time(NULL);
    format_date(when, 0, c->date, sizeof c->date);
    format_date(when, c->o.validity_days, c->valid_until, sizeof c->valid_until);
    /* the age of the oldest price of every build the quote shows, on its date */
    const char *oldest = NULL;
    for (size_t i = 0; i < n_all; i++) {
        const char *d = build_oldest_price_date(all[i]);
        if (d && (!oldest || price_month_index(d) < price_month_index(oldest))) oldest = d;
    }
    snprintf(c->oldest_price, sizeof c->oldest_price, "%.7s", oldest ? oldest : "");
    c->price_age = price_age_months(oldest, c->date);
    c->stale = c->price_age > DLRIG_PRICE_STALE_MONTHS;
    if (c->stale && !c->o.prices_checked)
        snprintf(c->validity, sizeof c->validity, "none until the prices are re-checked (prices from %s, %d months old)",
                 c->oldest_price, c->price_age);
    else
        snprintf(c->validity, sizeof c->validity, "%s (%d day%s)", c->valid_until, c->o.validity_days,
                 c->o.validity_days == 1 ? "" : "s");
    /* CSV and JSON are data in US dollars; the documents use the seller's currency */
    bool data = fmt == DLRIG_EXPORT_CSV || fmt == DLRIG_EXPORT_JSON;
    c->rate = 1;
    c->currency = "USD";
    if (c->o.seller && !data && c->o.seller->usd_rate > 0 && strcmp(c->o.seller->currency, "USD") != 0) {
        c->rate = c->o.seller->usd_rate;
        c->currency = c->o.seller->currency;
    }
    quote_money(b, c->rate, c->o.discount_pct, c->o.tax_pct, &c->m);
    add_services(c);
    for (size_t i = 0; i < n_all; i++)
        for (size_t j = 0; j < all[i]->n_items; j++) {
            const dlrig_item *it = &all[i]->items[j];
            dlrig_price pr = build_line_price(all[i], it);
            if (!price_known(&pr) || pr.owned) continue;
            c->priced_lines++;
            if (!price_stale(pr.date, c->date)) continue;
            c->old_lines++;
            long long unit = cents_of(build_line_usd(all[i], it) * c->rate);
            c->old_cents = money_clamp(c->old_cents + money_mul(unit, export_item_total_qty(all[i], it)));
        }
    c->customer = !c->o.internal && (fmt == DLRIG_EXPORT_HTML || n_all > 1 || quote_fields(c));
    if (given(c->o.quote_number)) snprintf(c->qnum, sizeof c->qnum, "%s", c->o.quote_number);
    else export_quote_number_for(all, n_all, &c->o, when, c->qnum, sizeof c->qnum);
    c->revision = c->o.revision > 0 ? c->o.revision : 1;
    c->n_problems = export_problems(an, c->problems, MAX_PROBLEMS);
}

int export_build(const dlrig_catalog *cat, const dlrig_build *b, const dlrig_analysis *an, dlrig_export_format fmt,
                 const dlrig_export_opts *opts, strbuf *out)
{
    if ((unsigned)fmt >= DLRIG_EXPORT_COUNT) return -1;
    ctx c;
    const dlrig_build *all[1] = {b};
    ctx_init(&c, cat, all, 1, 0, an, fmt, opts, out);
    switch (fmt) {
    case DLRIG_EXPORT_MD: export_md(&c); break;
    case DLRIG_EXPORT_CSV: export_csv(&c); break;
    case DLRIG_EXPORT_JSON: export_json(&c); break;
    case DLRIG_EXPORT_TXT: export_txt(&c); break;
    case DLRIG_EXPORT_HTML: export_html(&c); break;
    default: return -1;
    }
    return 0;
}
