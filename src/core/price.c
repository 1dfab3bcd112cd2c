/* price.c — the price policy (price.h). */
#include "dlrig/price.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

dlrig_price price_none(void)
{
    return (dlrig_price){.usd = NAN, .condition = DLRIG_CONDITION_NEW};
}

bool price_known(const dlrig_price *p) { return p && (p->owned || (isfinite(p->usd) && p->usd > 0)); }

int price_month_index(const char *d)
{
    if (!d || strlen(d) < 7) return -1;
    for (int i = 0; i < 7; i++)
        if (i == 4 ? d[i] != '-' : !isdigit((unsigned char)d[i])) return -1;
    if (d[7] && d[7] != '-') return -1;
    int y = atoi(d), m = atoi(d + 5);
    if (m < 1 || m > 12) return -1;
    return y * 12 + m - 1;
}

int price_age_months(const char *date, const char *today)
{
    int a = price_month_index(date), t = price_month_index(today);
    if (a < 0 || t < 0) return -1;
    return t > a ? t - a : 0;
}

const char *price_today(char buf[8])
{
    const char *env = getenv("DLRIG_TODAY");
    if (env && price_month_index(env) >= 0) {
        snprintf(buf, 8, "%.7s", env);
        return buf;
    }
    time_t now = time(NULL);
    struct tm tm;
    localtime_r(&now, &tm);
    unsigned y = (unsigned)(tm.tm_year + 1900) % 10000u, m = (unsigned)(tm.tm_mon + 1) % 100u;
    snprintf(buf, 8, "%04u-%02u", y, m);
    return buf;
}

static bool same_market(const dlrig_price *a, const dlrig_price *b)
{
    if (a->user_list != b->user_list) return false;
    if (!a->market || !b->market) return !a->market && !b->market && a->source == b->source;
    return strcmp(a->market, b->market) == 0;
}

/* Whether a is newer than b (a dated price is newer than an undated one;
 * same month: the longer date, a day, is the more precise, not newer). */
static int cmp_date(const dlrig_price *a, const dlrig_price *b)
{
    int x = price_month_index(a->date), y = price_month_index(b->date);
    if (x != y) return x > y ? 1 : -1;
    if (a->date && b->date) return strcmp(a->date, b->date) > 0 ? 1 : strcmp(a->date, b->date) < 0 ? -1 : 0;
    return 0;
}

dlrig_price price_pick(const dlrig_price *obs, size_t n)
{
    int newest = -1;
    for (size_t i = 0; i < n; i++)
        if (price_known(&obs[i])) {
            int m = price_month_index(obs[i].date);
            if (m > newest) newest = m;
        }
    dlrig_price best = price_none();
    for (size_t i = 0; i < n; i++) {
        const dlrig_price *o = &obs[i];
        if (!price_known(o)) continue;
        /* 1. the newest of its market only */
        bool superseded = false;
        for (size_t k = 0; k < n && !superseded; k++) {
            if (k == i || !price_known(&obs[k]) || !same_market(o, &obs[k])) continue;
            int c = cmp_date(&obs[k], o);
            superseded = c > 0 || (c == 0 && k < i);
        }
        if (superseded) continue;
        /* 2. current: within the window of the newest (undated: only when none is dated) */
        int m = price_month_index(o->date);
        if (newest >= 0 && (m < 0 || m < newest - DLRIG_PRICE_WINDOW_MONTHS)) continue;
        /* 3. the cheapest; on a tie the newest */
        if (!price_known(&best) || o->usd < best.usd || (o->usd == best.usd && cmp_date(o, &best) > 0)) best = *o;
    }
    return best;
}

bool price_stale(const char *date, const char *today)
{
    return price_age_months(date, today) > DLRIG_PRICE_STALE_MONTHS;
}

const char *price_age_note(const char *oldest, const char *today, char *buf, size_t len)
{
    int age = price_age_months(oldest, today);
    if (age < 0) snprintf(buf, len, "%s", "");
    else if (age > DLRIG_PRICE_STALE_MONTHS)
        snprintf(buf, len, "prices from %.7s, %d months old: re-check before ordering", oldest, age);
    else snprintf(buf, len, "prices from %.7s", oldest);
    return buf;
}
