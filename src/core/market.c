/* market.c — how a part's market moved since its price was seen (market.h). */
#include "dlrig/market.h"

#include <cjson/cJSON.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlrig/format.h"
#include "dlrig/price.h"

/* Whether b sells in a's market: memory of the same type and buffering,
 * drives of the same kind, GPUs of the same chip and memory. */
static bool peer(const dlrig_part *a, const dlrig_part *b)
{
    if (a == b || a->category != b->category) return false;
    if (a->category == DLRIG_CAT_MEMORY) {
        const dlrig_memory *x = (const dlrig_memory *)a, *y = (const dlrig_memory *)b;
        return x->type && y->type && strcmp(x->type, y->type) == 0 && !x->registered == !y->registered;
    }
    if (a->category == DLRIG_CAT_STORAGE) {
        const dlrig_storage *x = (const dlrig_storage *)a, *y = (const dlrig_storage *)b;
        return x->storage_kind != DLRIG_STORAGE_KIND_UNKNOWN && x->storage_kind == y->storage_kind;
    }
    if (a->category == DLRIG_CAT_GPU) { /* the same chip and memory: a model and its partner cards */
        const dlrig_gpu *x = (const dlrig_gpu *)a, *y = (const dlrig_gpu *)b;
        return x->architecture && y->architecture && strcmp(x->architecture, y->architecture) == 0 &&
               x->form_factor && y->form_factor && strcmp(x->form_factor, y->form_factor) == 0 &&
               x->vram_gb == y->vram_gb && x->bandwidth_gbs == y->bandwidth_gbs &&
               x->fp16_tensor_tflops == y->fp16_tensor_tflops;
    }
    return false;
}

/* The chip maker's own row among p and its peers (the model a partner card
 * is built on), else p. */
static const dlrig_part *reference_of(const dlrig_catalog *cat, const dlrig_part *p)
{
    static const char *const makers[] = {"NVIDIA", "AMD", "Intel"};
    size_t n = catalog_count(cat, DLRIG_CAT_GPU);
    for (size_t i = 0; i < n; i++) {
        const dlrig_part *q = catalog_part_at(cat, DLRIG_CAT_GPU, i);
        if (q != p && !peer(p, q)) continue;
        for (size_t k = 0; k < sizeof makers / sizeof makers[0]; k++)
            if (q->vendor && strcmp(q->vendor, makers[k]) == 0) return q;
    }
    return p;
}

static void segment_name(const dlrig_catalog *cat, const dlrig_part *p, char *buf, size_t len)
{
    if (p->category == DLRIG_CAT_GPU) {
        snprintf(buf, len, "%s cards", reference_of(cat, p)->name);
        return;
    }
    if (p->category == DLRIG_CAT_MEMORY) {
        const dlrig_memory *m = (const dlrig_memory *)p;
        snprintf(buf, len, "%s %skits", m->type ? m->type : "memory", m->registered ? "RDIMM " : "");
        return;
    }
    static const char *const drives[DLRIG_STORAGE_KIND_COUNT] = {"NVMe drives", "SATA SSDs", "U.2 drives",
                                                                 "hard disks"};
    const dlrig_storage *s = (const dlrig_storage *)p;
    snprintf(buf, len, "%s", s->storage_kind >= 0 && s->storage_kind < DLRIG_STORAGE_KIND_COUNT
                                 ? drives[s->storage_kind]
                                 : "drives");
}

/* One new-part price the catalog holds for a part: its row's or a new offer's. */
typedef struct obs {
    double usd;
    int month; /* -1: none */
} obs;

/* Takes x as q's price then (the latest month within the window before s,
 * the cheapest of that month) or later (the newest month at least
 * DLRIG_MARKET_GAP_MONTHS after s, the cheapest of that month). */
static void consider(obs x, int s, obs *then, obs *now)
{
    if (x.month < 0 || !isfinite(x.usd) || x.usd <= 0) return;
    if (x.month <= s && x.month >= s - DLRIG_MARKET_THEN_MONTHS &&
        (then->month < 0 || x.month > then->month || (x.month == then->month && x.usd < then->usd)))
        *then = x;
    if (x.month >= s + DLRIG_MARKET_GAP_MONTHS &&
        (now->month < 0 || x.month > now->month || (x.month == now->month && x.usd < now->usd)))
        *now = x;
}

/* q's new prices (its row and its new offers) then and later; false when it
 * lacks either. */
static bool then_and_now(const dlrig_catalog *cat, const dlrig_part *q, int s, obs *then, obs *now)
{
    *then = *now = (obs){NAN, -1};
    consider((obs){q->catalog_price_usd, price_month_index(q->price_date)}, s, then, now);
    size_t k;
    const dlrig_offer *o = catalog_offers(cat, q->id, &k);
    for (size_t i = 0; i < k; i++)
        if (o[i].condition_kind == DLRIG_CONDITION_NEW)
            consider((obs){o[i].price_usd, price_month_index(o[i].price_date)}, s, then, now);
    return then->month >= 0 && now->month >= 0;
}

typedef struct peer_ratio {
    double ratio, then, now;
    int then_month, now_month;
    const dlrig_part *p;
} peer_ratio;

static int cmp_ratio(const void *x, const void *y)
{
    const peer_ratio *a = x, *b = y;
    if (a->ratio != b->ratio) return a->ratio < b->ratio ? -1 : 1;
    return strcmp(a->p->id, b->p->id);
}

static void month_text(int m, char buf[8])
{
    unsigned y = (unsigned)(m / 12) % 10000u, mo = (unsigned)(m % 12 + 1) % 100u;
    snprintf(buf, 8, "%04u-%02u", y, mo);
}

bool market_move_since(const dlrig_catalog *cat, const dlrig_part *p, const char *since, dlrig_market_move *out)
{
    int s = price_month_index(since);
    if (!p || s < 0 ||
        (p->category != DLRIG_CAT_MEMORY && p->category != DLRIG_CAT_STORAGE && p->category != DLRIG_CAT_GPU))
        return false;
    size_t n = catalog_count(cat, p->category), np = 0;
    peer_ratio *r = calloc(n + 1, sizeof *r);
    if (!r) return false;
    for (size_t i = 0; i < n; i++) {
        const dlrig_part *q = catalog_part_at(cat, p->category, i);
        if (!peer(p, q)) continue;
        obs then, now;
        if (!then_and_now(cat, q, s, &then, &now)) continue;
        r[np++] = (peer_ratio){now.usd / then.usd, then.usd, now.usd, then.month, now.month, q};
    }
    if (!np) {
        free(r);
        return false;
    }
    qsort(r, np, sizeof *r, cmp_ratio);
    const peer_ratio *mid = &r[(np - 1) / 2];
    memset(out, 0, sizeof *out);
    out->ratio = np % 2 ? mid->ratio : sqrt(mid->ratio * r[np / 2].ratio); /* even: the geometric mean of the two */
    out->peers = (int)np;
    snprintf(out->since, sizeof out->since, "%.7s", since);
    int until = r[0].now_month;
    for (size_t i = 1; i < np; i++)
        if (r[i].now_month > until) until = r[i].now_month;
    month_text(until, out->until);
    segment_name(cat, p, out->segment, sizeof out->segment);
    out->example = mid->p;
    out->example_then = mid->then;
    out->example_now = mid->now;
    month_text(mid->then_month, out->example_then_date);
    month_text(mid->now_month, out->example_now_date);
    free(r);
    return true;
}

bool market_move_notable(const dlrig_market_move *m)
{
    return m && m->peers >= DLRIG_MARKET_MIN_PEERS &&
           (m->ratio >= DLRIG_MARKET_RATIO || m->ratio <= 1.0 / DLRIG_MARKET_RATIO);
}

bool market_line_move(const dlrig_catalog *cat, const dlrig_build *b, const dlrig_item *it, const char *today,
                      dlrig_market_move *out)
{
    dlrig_price pr = build_line_price(b, it);
    if (!price_known(&pr) || pr.owned || pr.condition != DLRIG_CONDITION_NEW || !price_stale(pr.date, today))
        return false;
    dlrig_market_move m;
    if (!market_move_since(cat, it->part, pr.date, &m) || !market_move_notable(&m)) return false;
    *out = m;
    return true;
}

/* "5.2x as much" or "0.6x as much" */
static const char *factor(double ratio, char *buf, size_t len)
{
    snprintf(buf, len, "%.*fx as much", ratio < 10 ? 1 : 0, ratio);
    return buf;
}

const char *market_move_text(const dlrig_market_move *m, char *buf, size_t len)
{
    char f[32], a[32], b2[32];
    snprintf(buf, len, "%d %s priced in %s and again since cost %s by %s (the median; %s: %s in %s, %s in %s)",
             m->peers, m->segment, m->since, factor(m->ratio, f, sizeof f), m->until,
             m->example ? m->example->name : "", format_usd(m->example_then, a, sizeof a), m->example_then_date,
             format_usd(m->example_now, b2, sizeof b2), m->example_now_date);
    return buf;
}

const char *market_move_short(const dlrig_market_move *m, char *buf, size_t len)
{
    char f[32];
    snprintf(buf, len, "%s cost %s by %s", m->segment, factor(m->ratio, f, sizeof f), m->until);
    return buf;
}

cJSON *market_move_to_json(const dlrig_market_move *m)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "segment", m->segment);
    cJSON_AddStringToObject(o, "since", m->since);
    cJSON_AddStringToObject(o, "until", m->until);
    cJSON_AddNumberToObject(o, "ratio", round(m->ratio * 100) / 100);
    cJSON_AddNumberToObject(o, "peers", m->peers);
    if (m->example) {
        cJSON *e = cJSON_AddObjectToObject(o, "example");
        cJSON_AddStringToObject(e, "id", m->example->id);
        cJSON_AddNumberToObject(e, "then_usd", round(m->example_then * 100) / 100);
        cJSON_AddStringToObject(e, "then", m->example_then_date);
        cJSON_AddNumberToObject(e, "now_usd", round(m->example_now * 100) / 100);
        cJSON_AddStringToObject(e, "now", m->example_now_date);
    }
    return o;
}

void market_annotate_prices(const dlrig_catalog *cat, const dlrig_build *b, cJSON *doc, const char *today)
{
    cJSON *lines = cJSON_GetObjectItemCaseSensitive(doc, "prices");
    if (!cJSON_IsArray(lines) || cJSON_GetArraySize(lines) != (int)b->n_items) return;
    for (size_t i = 0; i < b->n_items; i++) {
        dlrig_market_move m;
        cJSON *l = cJSON_GetArrayItem(lines, (int)i);
        if (l && market_line_move(cat, b, &b->items[i], today, &m))
            cJSON_AddItemToObject(l, "market_move", market_move_to_json(&m));
    }
}

bool market_price_overtaken(const dlrig_catalog *cat, const dlrig_part *p, bool allow_used)
{
    if (!p || p->category != DLRIG_CAT_GPU) return false;
    dlrig_price pr = part_price(p, allow_used);
    if (!price_known(&pr) || pr.user_list || pr.condition != DLRIG_CONDITION_NEW) return false;
    dlrig_market_move m;
    if (!market_move_since(cat, p, pr.date, &m) || m.peers < DLRIG_MARKET_MIN_PEERS || m.ratio < DLRIG_MARKET_RATIO)
        return false;
    return price_month_index(m.until) - price_month_index(pr.date) > DLRIG_PRICE_WINDOW_MONTHS;
}
