/*
 * build.c — the build model, the build file format and GPU placement.
 */
#include "dlrig/build.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlrig/constraints.h"
#include "dlrig/util.h"

#define MAX_BUILD_BYTES (1 << 20)
#define MAX_QTY 1000

/* ------------------------------------------------------------ the model */

void build_apply_prices(dlrig_catalog *cat, const dlrig_build *b) { catalog_allow_used(cat, b->req.allow_used); }

void build_init(dlrig_build *b, const char *name)
{
    memset(b, 0, sizeof *b);
    b->name = xstrdup(name ? name : "Untitled build");
    requirements_init(&b->req);
}

void build_free(dlrig_build *b)
{
    free(b->name);
    cJSON_Delete(b->notes);
    free(b->items);
    memset(b, 0, sizeof *b);
}

void build_copy(dlrig_build *dst, const dlrig_build *src)
{
    *dst = *src;
    dst->name = xstrdup(src->name);
    dst->notes = src->notes ? cJSON_Duplicate(src->notes, 1) : NULL;
    dst->cap_items = src->n_items ? src->n_items : 1;
    dst->items = xcalloc(dst->cap_items, sizeof *dst->items);
    if (src->n_items) memcpy(dst->items, src->items, src->n_items * sizeof *src->items);
}

static void push_item(dlrig_build *b, const dlrig_part *part, int qty, bool cluster)
{
    if (b->n_items == b->cap_items) {
        b->cap_items = b->cap_items ? b->cap_items * 2 : 8;
        b->items = xrealloc(b->items, b->cap_items * sizeof *b->items);
    }
    b->items[b->n_items++] = (dlrig_item){part, qty, cluster, 0};
}

bool build_set_power_limit(dlrig_build *b, const dlrig_part *part, int watts)
{
    if (part->category != DLRIG_CAT_GPU) return false;
    for (size_t i = 0; i < b->n_items; i++)
        if (b->items[i].part == part) {
            b->items[i].power_limit_w = watts > 0 ? watts : 0;
            return true;
        }
    return false;
}

void build_add(dlrig_build *b, const dlrig_part *part, int qty)
{
    for (size_t i = 0; i < b->n_items; i++)
        if (b->items[i].part == part) {
            b->items[i].qty += qty;
            return;
        }
    push_item(b, part, qty, part->category == DLRIG_CAT_SWITCH);
}

void build_set_qty(dlrig_build *b, const dlrig_part *part, int qty)
{
    for (size_t i = 0; i < b->n_items; i++) {
        if (b->items[i].part != part) continue;
        if (qty > 0) {
            b->items[i].qty = qty;
        } else {
            memmove(&b->items[i], &b->items[i + 1], (b->n_items - i - 1) * sizeof *b->items);
            b->n_items--;
        }
        return;
    }
    if (qty > 0) build_add(b, part, qty);
}

void build_set_category(dlrig_build *b, dlrig_category cat, const dlrig_part *part, int qty)
{
    size_t k = 0, at = (size_t)-1;
    for (size_t i = 0; i < b->n_items; i++) {
        if (b->items[i].part->category == cat) {
            if (at == (size_t)-1) at = k;
            continue;
        }
        b->items[k++] = b->items[i];
    }
    b->n_items = k;
    if (!part || qty <= 0) return;
    push_item(b, part, qty, cat == DLRIG_CAT_SWITCH);
    if (at != (size_t)-1 && at < b->n_items - 1) { /* keep the line where the old one stood */
        dlrig_item it = b->items[b->n_items - 1];
        memmove(&b->items[at + 1], &b->items[at], (b->n_items - 1 - at) * sizeof *b->items);
        b->items[at] = it;
    }
}

const dlrig_part *build_first(const dlrig_build *b, dlrig_category cat, int *qty)
{
    for (size_t i = 0; i < b->n_items; i++)
        if (b->items[i].part->category == cat) {
            if (qty) *qty = b->items[i].qty;
            return b->items[i].part;
        }
    if (qty) *qty = 0;
    return NULL;
}

int build_count(const dlrig_build *b, dlrig_category cat)
{
    int n = 0;
    for (size_t i = 0; i < b->n_items; i++)
        if (b->items[i].part->category == cat) n += b->items[i].qty;
    return n;
}

const dlrig_motherboard *build_board(const dlrig_build *b)
{
    const dlrig_part *m = build_first(b, DLRIG_CAT_MOTHERBOARD, NULL);
    if (m) return (const dlrig_motherboard *)m;
    const dlrig_case *cs = (const dlrig_case *)build_first(b, DLRIG_CAT_CASE, NULL);
    return cs ? cs->board : NULL;
}

/* ------------------------------------------------------------ file format */

int build_fail(char *err, size_t errlen, const char *label, const char *fmt, ...)
{
    char msg[768];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    snprintf(err, errlen, "%s: %s", label, msg);
    return DLRIG_BUILD_EINVAL;
}

const char *build_json_type(const cJSON *v)
{
    if (cJSON_IsString(v)) return "a string";
    if (cJSON_IsNumber(v)) return "a number";
    if (cJSON_IsBool(v)) return "a boolean";
    if (cJSON_IsNull(v)) return "null";
    if (cJSON_IsArray(v)) return "an array";
    if (cJSON_IsObject(v)) return "an object";
    return "an unknown value";
}

static int parse_parts(const dlrig_catalog *cat, const cJSON *arr, dlrig_build *b, const char *label, char *err,
                       size_t errlen)
{
    if (!cJSON_IsArray(arr))
        return build_fail(err, errlen, label, "parts: expected an array of {\"id\", \"qty\"} objects, got %s",
                          build_json_type(arr));
    int idx = 0;
    for (const cJSON *it = arr->child; it; it = it->next, idx++) {
        if (!cJSON_IsObject(it))
            return build_fail(err, errlen, label, "parts[%d]: expected an object with \"id\" and \"qty\", got %s", idx,
                              build_json_type(it));
        for (const cJSON *k = it->child; k; k = k->next)
            if (strcmp(k->string, "id") && strcmp(k->string, "qty") && strcmp(k->string, "scope") &&
                strcmp(k->string, "power_limit_w"))
                return build_fail(err, errlen, label,
                                  "parts[%d].%s: unknown field; valid fields: id, qty, scope, power_limit_w", idx,
                                  k->string);
        const cJSON *id = cJSON_GetObjectItemCaseSensitive(it, "id");
        if (!id) return build_fail(err, errlen, label, "parts[%d]: missing field \"id\"", idx);
        if (!cJSON_IsString(id))
            return build_fail(err, errlen, label, "parts[%d].id: expected a string, got %s", idx, build_json_type(id));
        const dlrig_part *p = catalog_find(cat, id->valuestring);
        if (!p) {
            const char *sugg[3];
            size_t ns = catalog_suggest(cat, id->valuestring, sugg, 3);
            char hint[256] = "";
            if (ns) {
                size_t k = (size_t)snprintf(hint, sizeof hint, "; did you mean ");
                for (size_t s = 0; s < ns && k < sizeof hint; s++)
                    k += (size_t)snprintf(hint + k, sizeof hint - k, "%s'%s'", s ? (s + 1 == ns ? " or " : ", ") : "",
                                          sugg[s]);
            } else {
                snprintf(hint, sizeof hint, " (see 'dlrig parts')");
            }
            return build_fail(err, errlen, label, "parts[%d].id: unknown part id '%.80s'%s", idx, id->valuestring,
                              hint);
        }
        int qty = 1;
        const cJSON *q = cJSON_GetObjectItemCaseSensitive(it, "qty");
        if (q) {
            if (!cJSON_IsNumber(q))
                return build_fail(err, errlen, label, "parts[%d].qty: expected a whole number, got %s", idx,
                                  build_json_type(q));
            double d = q->valuedouble;
            if (d != floor(d))
                return build_fail(err, errlen, label, "parts[%d].qty: expected a whole number, got %g", idx, d);
            if (d < 1 || d > MAX_QTY)
                return build_fail(err, errlen, label, "parts[%d].qty: %g is out of range (1 to %d)", idx, d, MAX_QTY);
            qty = (int)d;
        }
        bool cluster = p->category == DLRIG_CAT_SWITCH;
        const cJSON *scope = cJSON_GetObjectItemCaseSensitive(it, "scope");
        if (scope) {
            if (!cJSON_IsString(scope) || (strcmp(scope->valuestring, "node") && strcmp(scope->valuestring, "cluster")))
                return build_fail(err, errlen, label, "parts[%d].scope: expected \"node\" or \"cluster\"", idx);
            cluster = strcmp(scope->valuestring, "cluster") == 0;
        }
        for (size_t i = 0; i < b->n_items; i++)
            if (b->items[i].part == p)
                return build_fail(err, errlen, label, "parts[%d].id: '%s' is listed twice; give one line with its qty",
                                  idx, p->id);
        int limit = 0;
        const cJSON *pl = cJSON_GetObjectItemCaseSensitive(it, "power_limit_w");
        if (pl) {
            if (p->category != DLRIG_CAT_GPU)
                return build_fail(err, errlen, label,
                                  "parts[%d].power_limit_w: only a GPU takes a power limit; '%s' is a %s", idx, p->id,
                                  category_name(p->category));
            if (!cJSON_IsNumber(pl))
                return build_fail(err, errlen, label,
                                  "parts[%d].power_limit_w: expected a whole number of watts, got %s", idx,
                                  build_json_type(pl));
            double d = pl->valuedouble;
            const dlrig_gpu *g = (const dlrig_gpu *)p;
            int top = g->tdp_w != DLRIG_NA && g->tdp_w > 0 ? g->tdp_w : 2000;
            if (d != floor(d))
                return build_fail(err, errlen, label,
                                  "parts[%d].power_limit_w: expected a whole number of watts, got %g", idx, d);
            if (d < 1 || d > top)
                return build_fail(err, errlen, label, "parts[%d].power_limit_w: %g W is out of range (1 to %d W, %s)",
                                  idx, d, top,
                                  g->tdp_w != DLRIG_NA && g->tdp_w > 0 ? "the card's rated board power"
                                                                        : "no rating known");
            limit = (int)d;
        }
        push_item(b, p, qty, cluster);
        b->items[b->n_items - 1].power_limit_w = limit;
    }
    return 0;
}

/* Whether every string (and key) in v is valid UTF-8. */
static bool json_utf8_ok(const cJSON *v)
{
    for (; v; v = v->next) {
        if (v->string && !utf8_valid(v->string, strlen(v->string))) return false;
        if (cJSON_IsString(v) && !utf8_valid(v->valuestring, strlen(v->valuestring))) return false;
        if (v->child && !json_utf8_ok(v->child)) return false;
    }
    return true;
}

int build_parse(const dlrig_catalog *cat, const char *text, size_t len, const char *label, dlrig_build *out,
                char *err, size_t errlen)
{
    build_init(out, NULL);
    if (len > MAX_BUILD_BYTES) return build_fail(err, errlen, label, "file is larger than 1 MiB");
    /* cJSON wants a NUL-terminated buffer whose length counts the NUL. */
    char *buf = xmalloc(len + 1);
    memcpy(buf, text, len);
    buf[len] = '\0';
    const char *end = NULL;
    cJSON *root = cJSON_ParseWithLengthOpts(buf, len + 1, &end, 1);
    if (!root) {
        size_t off = end && end >= buf ? (size_t)(end - buf) : 0;
        int line = 1, col = 1;
        for (size_t i = 0; i < off && i < len; i++) {
            if (buf[i] == '\n') {
                line++;
                col = 1;
            } else {
                col++;
            }
        }
        free(buf);
        return build_fail(err, errlen, label, "line %d, column %d: not valid JSON", line, col);
    }
    free(buf);
    int rc = 0;
    const cJSON *fmt = cJSON_GetObjectItemCaseSensitive(root, "format");
    const cJSON *ver = cJSON_GetObjectItemCaseSensitive(root, "version");
    const cJSON *name = cJSON_GetObjectItemCaseSensitive(root, "name");
    const cJSON *req = cJSON_GetObjectItemCaseSensitive(root, "requirements");
    const cJSON *parts = cJSON_GetObjectItemCaseSensitive(root, "parts");
    const cJSON *notes = cJSON_GetObjectItemCaseSensitive(root, "notes");
    if (!cJSON_IsObject(root)) {
        rc = build_fail(err, errlen, label, "expected a JSON object (a dlrig build), got %s", build_json_type(root));
    } else if (!cJSON_IsString(fmt) || strcmp(fmt->valuestring, "dlrig-build") != 0) {
        rc = build_fail(err, errlen, label, "format: expected \"dlrig-build\"%s", fmt ? "" : " (the field is missing)");
    } else if (!cJSON_IsNumber(ver) || (ver->valuedouble != 1 && ver->valuedouble != 2)) {
        if (cJSON_IsNumber(ver) && ver->valuedouble > 2)
            rc = build_fail(err, errlen, label,
                            "version: %g is newer than this dlrig reads (expected 1 or 2); update dlrig",
                            ver->valuedouble);
        else
            rc = build_fail(err, errlen, label, "version: expected 1 or 2%s", ver ? "" : " (the field is missing)");
    } else if (name && !cJSON_IsString(name)) {
        rc = build_fail(err, errlen, label, "name: expected a string, got %s", build_json_type(name));
    } else if (name && !utf8_valid(name->valuestring, strlen(name->valuestring))) {
        rc = build_fail(err, errlen, label, "name: not valid UTF-8 text");
    } else if (notes && !json_utf8_ok(notes)) {
        rc = build_fail(err, errlen, label, "notes: not valid UTF-8 text");
    } else if (!parts) {
        rc = build_fail(err, errlen, label, "parts: missing field (an array of {\"id\", \"qty\"})");
    }
    if (!rc) {
        for (const cJSON *it = root->child; it && !rc; it = it->next) {
            static const char *const known[] = {"format", "version", "name", "requirements", "parts", "notes", NULL};
            if (id_index(known, it->string) < 0)
                rc = build_fail(err, errlen, label,
                                "%s: unknown field; valid fields: format, version, name, requirements, " "parts, notes",
                                it->string);
        }
    }
    if (!rc && name) {
        free(out->name);
        out->name = xstrdup(name->valuestring);
    }
    if (!rc && notes) out->notes = cJSON_Duplicate(notes, 1); /* kept for saving, never shown */
    if (!rc && req) rc = requirements_from_json(cat, req, &out->req, label, err, errlen);
    if (!rc) rc = parse_parts(cat, parts, out, label, err, errlen);
    cJSON_Delete(root);
    if (rc) {
        build_free(out);
        build_init(out, NULL);
    }
    return rc;
}

int build_load(const dlrig_catalog *cat, const char *path, dlrig_build *out, char *err, size_t errlen)
{
    size_t len;
    char *text = read_file_limit(path, MAX_BUILD_BYTES, &len);
    if (!text) {
        build_init(out, NULL);
        if (errno == EFBIG) return build_fail(err, errlen, path, "file is larger than 1 MiB");
        snprintf(err, errlen, "%s: cannot read: %s", path, strerror(errno));
        return DLRIG_BUILD_EIO;
    }
    int rc = build_parse(cat, text, len, path, out, err, errlen);
    free(text);
    return rc;
}

cJSON *build_to_json(const dlrig_build *b)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "format", "dlrig-build");
    int version = requirements_version(&b->req);
    for (size_t i = 0; i < b->n_items; i++)
        if (b->items[i].power_limit_w > 0 && version < 2) version = 2; /* power_limit_w came with version 2 */
    cJSON_AddNumberToObject(o, "version", version);
    cJSON_AddStringToObject(o, "name", b->name ? b->name : "Untitled build");
    requirements_to_json(&b->req, cJSON_AddObjectToObject(o, "requirements"));
    cJSON *parts = cJSON_AddArrayToObject(o, "parts");
    for (size_t i = 0; i < b->n_items; i++) {
        cJSON *p = cJSON_CreateObject();
        cJSON_AddStringToObject(p, "id", b->items[i].part->id);
        cJSON_AddNumberToObject(p, "qty", b->items[i].qty);
        if (b->items[i].cluster_scope) cJSON_AddStringToObject(p, "scope", "cluster");
        if (b->items[i].power_limit_w > 0) cJSON_AddNumberToObject(p, "power_limit_w", b->items[i].power_limit_w);
        cJSON_AddItemToArray(parts, p);
    }
    if (b->notes) cJSON_AddItemToObject(o, "notes", cJSON_Duplicate(b->notes, 1));
    return o;
}

int build_save(const dlrig_build *b, const char *path, bool overwrite, char *err, size_t errlen)
{
    cJSON *doc = build_to_json(b);
    char *text = cJSON_Print(doc);
    cJSON_Delete(doc);
    if (!text) {
        snprintf(err, errlen, "%s: out of memory", path);
        return DLRIG_BUILD_EIO;
    }
    size_t n = strlen(text);
    char *withnl = xmalloc(n + 2);
    memcpy(withnl, text, n);
    withnl[n] = '\n';
    withnl[n + 1] = '\0';
    cJSON_free(text);
    int rc = write_file_atomic(path, withnl, n + 1, overwrite);
    int e = errno;
    free(withnl);
    if (rc != 0) {
        if (e == EEXIST) snprintf(err, errlen, "%s: already exists (not overwritten)", path);
        else snprintf(err, errlen, "%s: cannot save: %s (nothing was written)", path, strerror(e));
        return DLRIG_BUILD_EIO;
    }
    return DLRIG_BUILD_OK;
}

/* ------------------------------------------------------------ placement */

typedef struct card {
    const dlrig_part *part;
    int width, lanes;
    int gen;
    bool is_gpu;
} card;

#define PLACE_KEYS 7 /* the keys of score_assignment */

typedef struct place_ctx {
    const dlrig_motherboard *board;
    card cards[DLRIG_MAX_CARDS];
    int n_cards;
    int cpus;
    int max_pos;
    bool m2_used[16];
    /* search state */
    int slot_of[DLRIG_MAX_CARDS];  /* index into board->slots, -1 unplaced */
    int best_slot_of[DLRIG_MAX_CARDS];
    long best_score[PLACE_KEYS];
    bool have_best;
    long nodes; /* search steps taken */
} place_ctx;

/* Width of slot si after lane sharing, given the cards placed. */
static int effective_width(const place_ctx *c, int si, const int *slot_of)
{
    const dlrig_slot *s = &c->board->slots[si];
    int w = s->electrical_width;
    for (size_t k = 0; k < c->board->n_shares; k++) {
        const dlrig_lane_share *sh = &c->board->shares[k];
        if (sh->slot_position != s->position) continue;
        bool triggered = false;
        if (sh->trigger_m2) {
            triggered = sh->trigger_index > 0 && sh->trigger_index < 16 && c->m2_used[sh->trigger_index];
        } else {
            for (int i = 0; i < c->n_cards; i++)
                if (slot_of[i] >= 0 && c->board->slots[slot_of[i]].position == sh->trigger_index) triggered = true;
        }
        if (triggered && sh->width_when < w) w = sh->width_when;
    }
    return w;
}

static bool covered(const place_ctx *c, int pos, const int *slot_of, int upto)
{
    for (int i = 0; i < upto; i++) {
        if (slot_of[i] < 0) continue;
        long p = c->board->slots[slot_of[i]].position;
        if (pos >= p && pos < p + c->cards[i].width) return true;
    }
    return false;
}

/* Bandwidth of a link in units of one PCIe 1.0 lane (each generation doubles it). */
static long link_units(int width, int gen)
{
    int g = gen < 1 ? 1 : gen > 6 ? 6 : gen;
    return (long)width << (g - 1);
}

/* Ranks the current assignment against the best so far.  Keys, most
 * important first: cards placed; the slowest GPU link (an all-reduce runs at
 * the pace of the narrowest card, so x8/x8 on the CPU beats x16 plus a
 * chipset x2/x4 slot); GPUs on CPU lanes (a chipset slot shares the
 * chipset's own uplink with drives and USB); total GPU lanes; air gaps; NIC
 * lanes; topmost positions. */
static void score_assignment(place_ctx *c)
{
    long placed = 0, gpu_width = 0, gaps = 0, nic_width = 0, possum = 0, on_cpu = 0;
    long slowest = LONG_MAX;
    for (int i = 0; i < c->n_cards; i++) {
        if (c->slot_of[i] < 0) continue;
        const dlrig_slot *s = &c->board->slots[c->slot_of[i]];
        int w = effective_width(c, c->slot_of[i], c->slot_of);
        if (w == 0) return; /* a card in a slot that lane sharing disables: not a valid layout */
        placed++;
        int link = w < c->cards[i].lanes ? w : c->cards[i].lanes;
        if (c->cards[i].is_gpu) {
            gpu_width += link;
            long u = link_units(link, s->pcie_gen < c->cards[i].gen ? s->pcie_gen : c->cards[i].gen);
            if (u < slowest) slowest = u;
            if (s->attached_to != DLRIG_ATTACH_CHIPSET) on_cpu++;
        } else {
            nic_width += link;
        }
        long p = s->position;
        possum += p;
        long below = p + c->cards[i].width;
        if (below <= c->max_pos && !covered(c, below, c->slot_of, c->n_cards)) gaps++;
    }
    if (slowest == LONG_MAX) slowest = 0;
    long score[PLACE_KEYS] = {placed, slowest, on_cpu, gpu_width, gaps, nic_width, -possum};
    bool better = !c->have_best;
    for (int k = 0; k < PLACE_KEYS && !better; k++) {
        if (score[k] > c->best_score[k]) better = true;
        if (score[k] != c->best_score[k]) break;
    }
    if (better) {
        memcpy(c->best_score, score, sizeof score);
        memcpy(c->best_slot_of, c->slot_of, sizeof c->slot_of);
        c->have_best = true;
    }
}

static bool slot_fits(const place_ctx *c, int i, int si)
{
    const dlrig_slot *s = &c->board->slots[si];
    if (s->attached_to == DLRIG_ATTACH_CPU2 && c->cpus < 2) return false;
    /* GPUs need a physical x16 slot; other cards a slot at least as wide as their lanes or x8. */
    int need = c->cards[i].is_gpu ? 16 : (c->cards[i].lanes < 8 ? c->cards[i].lanes : 8);
    if (s->physical_width < need) return false;
    if ((long)s->position + c->cards[i].width - 1 > c->max_pos) return false;
    for (int k = 0; k < i; k++) {
        if (c->slot_of[k] < 0) continue;
        long p = c->board->slots[c->slot_of[k]].position;
        long a0 = p, a1 = p + c->cards[k].width - 1;
        long b0 = s->position, b1 = (long)s->position + c->cards[i].width - 1;
        if (c->slot_of[k] == si || !(b1 < a0 || b0 > a1)) return false;
    }
    return true;
}

static void search(place_ctx *c, int i, int skipped)
{
    /* Bound the work: the search is exponential in slots x cards, and a
     * --catalog board may have dozens of slots.  Depth first, the first
     * layout is found within n_cards steps; shipped boards need < 1,000. */
    if (++c->nodes > DLRIG_PLACE_MAX_STEPS && c->have_best) return;
    /* Bound: a layout that already left out more cards than the best one cannot win. */
    if (c->have_best && c->n_cards - skipped < c->best_score[0]) return;
    if (i == c->n_cards) {
        score_assignment(c);
        return;
    }
    /* Identical consecutive cards take slots in increasing order (symmetry). */
    int start = 0;
    if (i > 0 && c->cards[i - 1].part == c->cards[i].part && c->slot_of[i - 1] >= 0) start = c->slot_of[i - 1] + 1;
    for (int si = start; si < (int)c->board->n_slots; si++) {
        if (!slot_fits(c, i, si)) continue;
        c->slot_of[i] = si;
        search(c, i + 1, skipped);
    }
    /* Leaving a card out is allowed only when an identical earlier card was left out too, or none precede it. */
    if (!(i > 0 && c->cards[i - 1].part == c->cards[i].part && c->slot_of[i - 1] >= 0)) {
        c->slot_of[i] = -1;
        search(c, i + 1, skipped + 1);
    }
    c->slot_of[i] = -1;
}

void build_place(const dlrig_build *b, dlrig_placement *out)
{
    memset(out, 0, sizeof *out);
    place_ctx *c = xcalloc(1, sizeof *c);
    int cpus = build_count(b, DLRIG_CAT_CPU);
    c->cpus = cpus;
    c->board = build_board(b);
    const dlrig_case *cs = (const dlrig_case *)build_first(b, DLRIG_CAT_CASE, NULL);

    for (int pass = 0; pass < 2; pass++) {
        for (size_t i = 0; i < b->n_items; i++) {
            const dlrig_part *p = b->items[i].part;
            bool gpu = p->category == DLRIG_CAT_GPU;
            if ((pass == 0 && !gpu) || (pass == 1 && p->category != DLRIG_CAT_NIC)) continue;
            if (b->items[i].cluster_scope) continue;
            if (gpu && constraint_gpu_sxm((const dlrig_gpu *)p)) continue; /* on the HGX baseboard, not in a slot */
            for (int q = 0; q < b->items[i].qty && c->n_cards < DLRIG_MAX_CARDS; q++) {
                card *k = &c->cards[c->n_cards++];
                k->part = p;
                k->is_gpu = gpu;
                if (gpu) {
                    const dlrig_gpu *g = (const dlrig_gpu *)p;
                    /* 1-4 positions; a --catalog value out of range must not overflow the cast */
                    double sl = g->slots > 0 ? g->slots : 2;
                    k->width = sl > 4 ? 4 : (int)ceil(sl);
                    k->lanes = g->pcie_lanes > 0 ? g->pcie_lanes : 16;
                    k->gen = g->pcie_gen > 0 ? g->pcie_gen : 3;
                } else {
                    const dlrig_nic *n = (const dlrig_nic *)p;
                    k->width = 1;
                    k->lanes = n->pcie_lanes > 0 ? n->pcie_lanes : 8;
                    k->gen = n->pcie_gen > 0 ? n->pcie_gen : 3;
                }
            }
        }
    }
    out->n_cards = (size_t)c->n_cards;
    for (int i = 0; i < c->n_cards; i++) {
        out->cards[i].part = c->cards[i].part;
        out->cards[i].width = c->cards[i].width;
    }
    if (!c->board || c->board->n_slots == 0) {
        out->n_unplaced = out->n_cards;
        free(c);
        return;
    }
    /* M.2 drives take M.2 sockets, first those that share no lanes with a slot. */
    int m2_drives = 0;
    for (size_t i = 0; i < b->n_items; i++) {
        const dlrig_part *p = b->items[i].part;
        if (p->category == DLRIG_CAT_STORAGE) {
            const dlrig_storage *s = (const dlrig_storage *)p;
            if (s->form_factor && strncmp(s->form_factor, "M.2", 3) == 0) m2_drives += b->items[i].qty;
        }
    }
    for (int pass = 0; pass < 2 && m2_drives > 0; pass++)
        for (size_t k = 0; k < c->board->n_m2 && m2_drives > 0; k++) {
            int idx = c->board->m2[k].idx;
            if (idx <= 0 || idx >= 16 || c->m2_used[idx]) continue;
            bool shares = false;
            for (size_t s = 0; s < c->board->n_shares; s++)
                if (c->board->shares[s].trigger_m2 && c->board->shares[s].trigger_index == idx) shares = true;
            if (pass == 0 && shares) continue;
            c->m2_used[idx] = true;
            out->m2_used++;
            m2_drives--;
        }
    int positions = c->board->expansion_positions > 0 ? c->board->expansion_positions : 7;
    out->overhang = cs && cs->expansion_slots > positions ? cs->expansion_slots - positions : 0;
    c->max_pos = positions + out->overhang;
    for (int i = 0; i < DLRIG_MAX_CARDS; i++) c->slot_of[i] = -1;
    search(c, 0, 0);
    /* Identical cards are interchangeable, and the search leaves the first of
     * them out: list the placed ones first, top to bottom, the unplaced last. */
    for (int i = 0; c->have_best && i < c->n_cards;) {
        int j = i + 1;
        while (j < c->n_cards && c->cards[j].part == c->cards[i].part) j++;
        for (int a = i + 1; a < j; a++)
            for (int k = a; k > i; k--) {
                int x = c->best_slot_of[k - 1], y = c->best_slot_of[k];
                if (!(y >= 0 && (x < 0 || y < x))) break;
                c->best_slot_of[k - 1] = y;
                c->best_slot_of[k] = x;
            }
        i = j;
    }
    for (int i = 0; i < c->n_cards; i++) {
        dlrig_placed *pl = &out->cards[i];
        int si = c->have_best ? c->best_slot_of[i] : -1;
        if (si < 0) {
            out->n_unplaced++;
            continue;
        }
        const dlrig_slot *s = &c->board->slots[si];
        int w = effective_width(c, si, c->best_slot_of);
        pl->position = s->position;
        pl->link_width = w < c->cards[i].lanes ? w : c->cards[i].lanes;
        pl->link_gen = s->pcie_gen < c->cards[i].gen ? s->pcie_gen : c->cards[i].gen;
        pl->attached_to = s->attached_to;
        long below = (long)s->position + c->cards[i].width;
        pl->gap_after = below <= c->max_pos && !covered(c, below, c->best_slot_of, c->n_cards);
    }
    out->steps = c->nodes;
    free(c);
}
