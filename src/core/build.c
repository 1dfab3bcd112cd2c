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

#include "dlrig/format.h"
#include "dlrig/jsondoc.h"
#include "dlrig/util.h"

#define MAX_BUILD_BYTES (1 << 20)
#define MAX_QTY 1000

/* ------------------------------------------------------------ the model */

dlrig_price build_line_price(const dlrig_build *b, const dlrig_item *it)
{
    if (it->owned) return (dlrig_price){.usd = 0, .condition = DLRIG_CONDITION_NEW, .owned = true};
    return part_price(it->part, b->req.allow_used);
}

double build_line_usd(const dlrig_build *b, const dlrig_item *it)
{
    return it->owned ? 0 : part_price_usd(it->part, b->req.allow_used);
}

void build_init(dlrig_build *b, const char *name)
{
    memset(b, 0, sizeof *b);
    b->name = xstrdup(name ? name : "Untitled build");
    requirements_init(&b->req);
}

void build_free(dlrig_build *b)
{
    free(b->name);
    free(b->tier);
    cJSON_Delete(b->notes);
    free(b->items);
    memset(b, 0, sizeof *b);
}

void build_copy(dlrig_build *dst, const dlrig_build *src)
{
    *dst = *src;
    dst->name = xstrdup(src->name);
    dst->tier = src->tier ? xstrdup(src->tier) : NULL;
    dst->notes = src->notes ? cJSON_Duplicate(src->notes, 1) : NULL;
    dst->cap_items = src->n_items ? src->n_items : 1;
    dst->items = xcalloc(dst->cap_items, sizeof *dst->items);
    if (src->n_items) memcpy(dst->items, src->items, src->n_items * sizeof *src->items);
}

/* A tier label: 1 to MAX_TIER bytes of valid UTF-8 with no control character. */
#define MAX_TIER 32
static bool tier_ok(const cJSON *t)
{
    if (!cJSON_IsString(t)) return false;
    size_t n = strlen(t->valuestring);
    if (n == 0 || n > MAX_TIER || !utf8_valid(t->valuestring, n)) return false;
    for (const unsigned char *p = (const unsigned char *)t->valuestring; *p; p++)
        if (*p < 0x20 || *p == 0x7f) return false;
    return true;
}

/* ------------------------------------------------------------ names */

static const char *const name_from_ids[] = {"user", "requirements", "gpus", NULL};

const char *build_generated_name(const dlrig_catalog *cat, const dlrig_build *b, dlrig_name_from from, char *buf,
                                 size_t len)
{
    if (!len) return buf;
    buf[0] = '\0';
    strbuf sb = {0};
    if (from == DLRIG_NAME_REQUIREMENTS) {
        const dlrig_workload *wl = cat ? requirements_workload(cat, &b->req) : NULL;
        char usd[32];
        sb_printf(&sb, "%s, %s", wl && wl->name ? wl->name : b->req.workload[0] ? b->req.workload : "Any workload",
                  isnan(b->req.budget_usd) ? "no budget" : format_usd(b->req.budget_usd, usd, sizeof usd));
    } else if (from == DLRIG_NAME_GPUS) {
        for (size_t i = 0; i < b->n_items; i++) {
            const dlrig_item *it = &b->items[i];
            if (it->part->category != DLRIG_CAT_GPU) continue;
            sb_printf(&sb, "%s%d x %s", sb.len ? " + " : "", it->qty, it->part->name);
            if (it->power_limit_w > 0) sb_printf(&sb, " at %d W", it->power_limit_w);
        }
        if (!sb.len) sb_append(&sb, "No GPU");
        if (b->req.nodes > 1) sb_append(&sb, " per node");
    }
    snprintf(buf, len, "%s", sb.s ? sb.s : "");
    sb_free(&sb);
    return buf;
}

void build_name_by(const dlrig_catalog *cat, dlrig_build *b, dlrig_name_from from)
{
    b->name_from = from;
    if (from != DLRIG_NAME_USER) build_refresh_name(cat, b);
}

bool build_refresh_name(const dlrig_catalog *cat, dlrig_build *b)
{
    if (b->name_from == DLRIG_NAME_USER) return false;
    char buf[320];
    build_generated_name(cat, b, b->name_from, buf, sizeof buf);
    if (b->name && !strcmp(b->name, buf)) return false;
    free(b->name);
    b->name = xstrdup(buf);
    return true;
}

void build_set_user_name(dlrig_build *b, const char *name)
{
    char *n = xstrdup(name ? name : "Untitled build");
    free(b->name);
    b->name = n;
    b->name_from = DLRIG_NAME_USER;
}

static void push_item(dlrig_build *b, const dlrig_part *part, int qty, bool cluster)
{
    if (b->n_items == b->cap_items) {
        b->cap_items = b->cap_items ? b->cap_items * 2 : 8;
        b->items = xrealloc(b->items, b->cap_items * sizeof *b->items);
    }
    b->items[b->n_items++] = (dlrig_item){part, qty, cluster, 0, false};
}

bool build_set_owned(dlrig_build *b, const dlrig_part *part, bool owned)
{
    for (size_t i = 0; i < b->n_items; i++)
        if (b->items[i].part == part) {
            b->items[i].owned = owned;
            return true;
        }
    return false;
}

static void remove_item(dlrig_build *b, size_t i);

bool build_own_all(dlrig_build *b, const dlrig_part *part, bool owned)
{
    size_t first = b->n_items;
    for (size_t i = 0; i < b->n_items; i++) {
        if (b->items[i].part != part) continue;
        if (first == b->n_items) {
            first = i;
            continue;
        }
        b->items[first].qty += b->items[i].qty; /* the part's other line joins its first */
        remove_item(b, i--);
    }
    if (first == b->n_items) return false;
    b->items[first].owned = owned;
    return true;
}

size_t build_owned_lines(const dlrig_build *b)
{
    size_t n = 0;
    for (size_t i = 0; i < b->n_items; i++) n += b->items[i].owned;
    return n;
}

bool build_set_power_limit(dlrig_build *b, const dlrig_part *part, int watts)
{
    if (part->category != DLRIG_CAT_GPU) return false;
    bool any = false;
    for (size_t i = 0; i < b->n_items; i++) /* every card of the part: owned and bought lines alike */
        if (b->items[i].part == part) {
            b->items[i].power_limit_w = watts > 0 ? watts : 0;
            any = true;
        }
    return any;
}

static void remove_item(dlrig_build *b, size_t i)
{
    memmove(&b->items[i], &b->items[i + 1], (b->n_items - i - 1) * sizeof *b->items);
    b->n_items--;
}

/* The line of part that is (not) owned, or -1. */
static long line_of(const dlrig_build *b, const dlrig_part *part, bool owned)
{
    for (size_t i = 0; i < b->n_items; i++)
        if (b->items[i].part == part && b->items[i].owned == owned) return (long)i;
    return -1;
}

void build_add(dlrig_build *b, const dlrig_part *part, int qty)
{
    long bought = line_of(b, part, false), own = line_of(b, part, true);
    if (bought >= 0) {
        b->items[bought].qty += qty;
        return;
    }
    push_item(b, part, qty, part->category == DLRIG_CAT_SWITCH);
    if (own >= 0 && (size_t)own + 1 < b->n_items - 1) { /* the bought units right after the owned ones */
        dlrig_item it = b->items[b->n_items - 1];
        it.power_limit_w = b->items[own].power_limit_w;
        memmove(&b->items[own + 2], &b->items[own + 1], (b->n_items - 2 - (size_t)own) * sizeof *b->items);
        b->items[own + 1] = it;
    } else if (own >= 0) {
        b->items[b->n_items - 1].power_limit_w = b->items[own].power_limit_w;
    }
}

int build_qty_of(const dlrig_build *b, const dlrig_part *part)
{
    int n = 0;
    for (size_t i = 0; i < b->n_items; i++)
        if (b->items[i].part == part) n += b->items[i].qty;
    return n;
}

void build_set_qty(dlrig_build *b, const dlrig_part *part, int qty)
{
    long own = line_of(b, part, true), bought = line_of(b, part, false);
    if (own < 0) { /* nothing of it owned: its one line, as ever */
        if (bought < 0) {
            if (qty > 0) build_add(b, part, qty);
        } else if (qty > 0) {
            b->items[bought].qty = qty;
        } else {
            remove_item(b, (size_t)bought);
        }
        return;
    }
    int owned = b->items[own].qty;
    if (qty > owned) { /* the owned units stay; the rest are bought */
        if (bought >= 0) b->items[bought].qty = qty - owned;
        else build_add(b, part, qty - owned);
        return;
    }
    if (bought >= 0) { /* fewer: the bought units go first */
        remove_item(b, (size_t)bought);
        if (own > bought) own--;
    }
    if (qty > 0) b->items[own].qty = qty;
    else remove_item(b, (size_t)own);
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

static int parse_parts(const dlrig_catalog *cat, const cJSON *arr, dlrig_build *b, const char *label, char *err,
                       size_t errlen)
{
    if (!cJSON_IsArray(arr))
        return jsondoc_fail(err, errlen, label, "parts: expected an array of {\"id\", \"qty\"} objects, got %s",
                          jsondoc_type(arr));
    int idx = 0;
    for (const cJSON *it = arr->child; it; it = it->next, idx++) {
        if (!cJSON_IsObject(it))
            return jsondoc_fail(err, errlen, label, "parts[%d]: expected an object with \"id\" and \"qty\", got %s", idx,
                              jsondoc_type(it));
        for (const cJSON *k = it->child; k; k = k->next)
            if (strcmp(k->string, "id") && strcmp(k->string, "qty") && strcmp(k->string, "scope") &&
                strcmp(k->string, "power_limit_w") && strcmp(k->string, "owned"))
                return jsondoc_fail(err, errlen, label,
                                  "parts[%d].%s: unknown field; valid fields: id, qty, scope, power_limit_w, owned",
                                  idx, k->string);
        const cJSON *id = cJSON_GetObjectItemCaseSensitive(it, "id");
        if (!id) return jsondoc_fail(err, errlen, label, "parts[%d]: missing field \"id\"", idx);
        if (!cJSON_IsString(id))
            return jsondoc_fail(err, errlen, label, "parts[%d].id: expected a string, got %s", idx, jsondoc_type(id));
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
            return jsondoc_fail(err, errlen, label, "parts[%d].id: unknown part id '%.80s'%s", idx, id->valuestring,
                              hint);
        }
        int qty = 1;
        const cJSON *q = cJSON_GetObjectItemCaseSensitive(it, "qty");
        if (q) {
            if (!cJSON_IsNumber(q))
                return jsondoc_fail(err, errlen, label, "parts[%d].qty: expected a whole number, got %s", idx,
                                  jsondoc_type(q));
            double d = q->valuedouble;
            if (d != floor(d))
                return jsondoc_fail(err, errlen, label, "parts[%d].qty: expected a whole number, got %g", idx, d);
            if (d < 1 || d > MAX_QTY)
                return jsondoc_fail(err, errlen, label, "parts[%d].qty: %g is out of range (1 to %d)", idx, d, MAX_QTY);
            qty = (int)d;
        }
        bool cluster = p->category == DLRIG_CAT_SWITCH;
        const cJSON *scope = cJSON_GetObjectItemCaseSensitive(it, "scope");
        if (scope) {
            if (!cJSON_IsString(scope) || (strcmp(scope->valuestring, "node") && strcmp(scope->valuestring, "cluster")))
                return jsondoc_fail(err, errlen, label, "parts[%d].scope: expected \"node\" or \"cluster\"", idx);
            cluster = strcmp(scope->valuestring, "cluster") == 0;
        }
        /* a part may have two lines: the units owned already and the units to buy */
        const cJSON *own_flag = cJSON_GetObjectItemCaseSensitive(it, "owned");
        bool owned_line = cJSON_IsTrue(own_flag);
        for (size_t i = 0; i < b->n_items; i++)
            if (b->items[i].part == p && b->items[i].owned == owned_line)
                return jsondoc_fail(err, errlen, label,
                                  "parts[%d].id: '%s' is listed twice; give one line with its qty (and at most one "
                                  "more with \"owned\": true for the units owned already)", idx, p->id);
        int limit = 0;
        const cJSON *pl = cJSON_GetObjectItemCaseSensitive(it, "power_limit_w");
        if (pl) {
            if (p->category != DLRIG_CAT_GPU)
                return jsondoc_fail(err, errlen, label,
                                  "parts[%d].power_limit_w: only a GPU takes a power limit; '%s' is a %s", idx, p->id,
                                  category_name(p->category));
            if (!cJSON_IsNumber(pl))
                return jsondoc_fail(err, errlen, label,
                                  "parts[%d].power_limit_w: expected a whole number of watts, got %s", idx,
                                  jsondoc_type(pl));
            double d = pl->valuedouble;
            const dlrig_gpu *g = (const dlrig_gpu *)p;
            int top = g->tdp_w != DLRIG_NA && g->tdp_w > 0 ? g->tdp_w : 2000;
            if (d != floor(d))
                return jsondoc_fail(err, errlen, label,
                                  "parts[%d].power_limit_w: expected a whole number of watts, got %g", idx, d);
            if (d < 1 || d > top)
                return jsondoc_fail(err, errlen, label, "parts[%d].power_limit_w: %g W is out of range (1 to %d W, %s)",
                                  idx, d, top,
                                  g->tdp_w != DLRIG_NA && g->tdp_w > 0 ? "the card's rated board power"
                                                                        : "no rating known");
            limit = (int)d;
        }
        const cJSON *own = cJSON_GetObjectItemCaseSensitive(it, "owned");
        if (own && !cJSON_IsBool(own))
            return jsondoc_fail(err, errlen, label,
                              "parts[%d].owned: expected true (the part is owned already) or false, got %s", idx,
                              jsondoc_type(own));
        push_item(b, p, qty, cluster);
        b->items[b->n_items - 1].power_limit_w = limit;
        b->items[b->n_items - 1].owned = cJSON_IsTrue(own);
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
    if (len > MAX_BUILD_BYTES) return jsondoc_fail(err, errlen, label, "file is larger than 1 MiB");
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
        return jsondoc_fail(err, errlen, label, "line %d, column %d: not valid JSON", line, col);
    }
    free(buf);
    int rc = 0;
    char twice[200];
    if (jsondoc_duplicate_key(root, twice, sizeof twice)) {
        rc = jsondoc_fail(err, errlen, label, "%s: the key is given twice (JSON readers differ on which one counts); keep one", twice);
        cJSON_Delete(root);
        build_free(out);
        build_init(out, NULL);
        return rc;
    }
    const cJSON *fmt = cJSON_GetObjectItemCaseSensitive(root, "format");
    const cJSON *ver = cJSON_GetObjectItemCaseSensitive(root, "version");
    const cJSON *name = cJSON_GetObjectItemCaseSensitive(root, "name");
    const cJSON *req = cJSON_GetObjectItemCaseSensitive(root, "requirements");
    const cJSON *parts = cJSON_GetObjectItemCaseSensitive(root, "parts");
    const cJSON *notes = cJSON_GetObjectItemCaseSensitive(root, "notes");
    const cJSON *tier = cJSON_GetObjectItemCaseSensitive(root, "tier");
    const cJSON *name_from = cJSON_GetObjectItemCaseSensitive(root, "name_from");
    if (!cJSON_IsObject(root)) {
        rc = jsondoc_fail(err, errlen, label, "expected a JSON object (a dlrig build), got %s", jsondoc_type(root));
    } else if (!cJSON_IsString(fmt) || strcmp(fmt->valuestring, "dlrig-build") != 0) {
        rc = jsondoc_fail(err, errlen, label, "format: expected \"dlrig-build\"%s", fmt ? "" : " (the field is missing)");
    } else if (!cJSON_IsNumber(ver) || (ver->valuedouble != 1 && ver->valuedouble != 2 && ver->valuedouble != 3 &&
                                        ver->valuedouble != 4)) {
        if (cJSON_IsNumber(ver) && ver->valuedouble > 4)
            rc = jsondoc_fail(err, errlen, label,
                            "version: %g is newer than this dlrig reads (expected 1, 2, 3 or 4); update dlrig",
                            ver->valuedouble);
        else
            rc = jsondoc_fail(err, errlen, label, "version: expected 1, 2, 3 or 4%s",
                            ver ? "" : " (the field is missing)");
    } else if (name && !cJSON_IsString(name)) {
        rc = jsondoc_fail(err, errlen, label, "name: expected a string, got %s", jsondoc_type(name));
    } else if (name && !utf8_valid(name->valuestring, strlen(name->valuestring))) {
        rc = jsondoc_fail(err, errlen, label, "name: not valid UTF-8 text");
    } else if (tier && !tier_ok(tier)) {
        rc = jsondoc_fail(err, errlen, label, "tier: expected a short label such as \"Good\", \"Better\" or \"Best\" "
                          "(1 to %d bytes of text, no control characters), got %s", MAX_TIER,
                          cJSON_IsString(tier) ? "another string" : jsondoc_type(tier));
    } else if (notes && !json_utf8_ok(notes)) {
        rc = jsondoc_fail(err, errlen, label, "notes: not valid UTF-8 text");
    } else if (name_from && (!cJSON_IsString(name_from) || id_index(name_from_ids, name_from->valuestring) < 0)) {
        rc = jsondoc_fail(err, errlen, label, "name_from: expected \"requirements\" or \"gpus\" (or no field: the "
                          "name is the user's), got %s%.40s%s", cJSON_IsString(name_from) ? "'" : "",
                          cJSON_IsString(name_from) ? name_from->valuestring : jsondoc_type(name_from),
                          cJSON_IsString(name_from) ? "'" : "");
    } else if (!parts) {
        rc = jsondoc_fail(err, errlen, label, "parts: missing field (an array of {\"id\", \"qty\"})");
    }
    if (!rc) {
        for (const cJSON *it = root->child; it && !rc; it = it->next) {
            static const char *const known[] = {"format", "version", "name", "name_from", "requirements",
                                                "parts",  "notes",   "tier", NULL};
            if (id_index(known, it->string) < 0)
                rc = jsondoc_fail(err, errlen, label,
                                "%s: unknown field; valid fields: format, version, name, name_from, requirements, "
                                "parts, notes, tier",
                                it->string);
        }
    }
    if (!rc && name) {
        free(out->name);
        out->name = xstrdup(name->valuestring);
    }
    if (!rc && notes) out->notes = cJSON_Duplicate(notes, 1); /* kept for saving, never shown */
    if (!rc && tier) out->tier = xstrdup(tier->valuestring);
    if (!rc && req) rc = requirements_from_json(cat, req, &out->req, label, err, errlen);
    if (!rc) rc = parse_parts(cat, parts, out, label, err, errlen);
    if (!rc && name_from) build_name_by(cat, out, (dlrig_name_from)id_index(name_from_ids, name_from->valuestring));
    cJSON_Delete(root);
    if (rc) {
        build_free(out);
        build_init(out, NULL);
    }
    return rc;
}

static int load_from(const dlrig_catalog *cat, const char *path, bool regular, dlrig_build *out, char *err,
                     size_t errlen)
{
    size_t len;
    const char *label = strcmp(path, "-") ? path : "standard input"; /* "-" is standard input */
    char *text =
        regular ? read_file_regular(path, MAX_BUILD_BYTES, &len) : read_file_limit(path, MAX_BUILD_BYTES, &len);
    if (!text) {
        build_init(out, NULL);
        if (errno == EFBIG) return jsondoc_fail(err, errlen, label, "file is larger than 1 MiB");
        snprintf(err, errlen, "%s: cannot read: %s", label, file_error(errno));
        return DLRIG_BUILD_EIO;
    }
    int rc = build_parse(cat, text, len, label, out, err, errlen);
    free(text);
    return rc;
}

int build_load(const dlrig_catalog *cat, const char *path, dlrig_build *out, char *err, size_t errlen)
{
    return load_from(cat, path, false, out, err, errlen);
}

int build_load_found(const dlrig_catalog *cat, const char *path, dlrig_build *out, char *err, size_t errlen)
{
    return load_from(cat, path, true, out, err, errlen);
}

cJSON *build_to_json(const dlrig_build *b)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "format", "dlrig-build");
    int version = requirements_version(&b->req);
    for (size_t i = 0; i < b->n_items; i++)
        if (b->items[i].power_limit_w > 0 && version < 2) version = 2; /* power_limit_w came with version 2 */
    if (b->name_from != DLRIG_NAME_USER) version = 3; /* name_from came with version 3 */
    if (build_owned_lines(b)) version = 4;            /* owned came with version 4 */
    cJSON_AddNumberToObject(o, "version", version);
    cJSON_AddStringToObject(o, "name", b->name ? b->name : "Untitled build");
    if (b->name_from != DLRIG_NAME_USER) cJSON_AddStringToObject(o, "name_from", name_from_ids[b->name_from]);
    requirements_to_json(&b->req, cJSON_AddObjectToObject(o, "requirements"));
    cJSON *parts = cJSON_AddArrayToObject(o, "parts");
    for (size_t i = 0; i < b->n_items; i++) {
        cJSON *p = cJSON_CreateObject();
        cJSON_AddStringToObject(p, "id", b->items[i].part->id);
        cJSON_AddNumberToObject(p, "qty", b->items[i].qty);
        if (b->items[i].cluster_scope) cJSON_AddStringToObject(p, "scope", "cluster");
        if (b->items[i].power_limit_w > 0) cJSON_AddNumberToObject(p, "power_limit_w", b->items[i].power_limit_w);
        if (b->items[i].owned) cJSON_AddTrueToObject(p, "owned");
        cJSON_AddItemToArray(parts, p);
    }
    if (b->notes) cJSON_AddItemToObject(o, "notes", cJSON_Duplicate(b->notes, 1));
    if (b->tier) cJSON_AddStringToObject(o, "tier", b->tier);
    return o;
}

char *build_to_text(const dlrig_build *b)
{
    cJSON *doc = build_to_json(b);
    char *text = jsondoc_print(doc);
    cJSON_Delete(doc);
    return text;
}

int build_save(const dlrig_build *b, const char *path, bool overwrite, char *err, size_t errlen)
{
    char *text = build_to_text(b);
    int rc = write_file_atomic(path, text, strlen(text), overwrite);
    int e = errno;
    free(text);
    if (rc != 0) {
        if (e == EEXIST) snprintf(err, errlen, "%s: already exists (not overwritten)", path);
        else snprintf(err, errlen, "%s: cannot save: %s (nothing was written)", path, strerror(e));
        return DLRIG_BUILD_EIO;
    }
    return DLRIG_BUILD_OK;
}

const char *build_oldest_price_date(const dlrig_build *b)
{
    const char *oldest = NULL;
    for (size_t i = 0; i < b->n_items; i++) {
        dlrig_price pr = build_line_price(b, &b->items[i]);
        if (!price_known(&pr) || price_month_index(pr.date) < 0) continue;
        if (!oldest || price_month_index(pr.date) < price_month_index(oldest)) oldest = pr.date;
    }
    return oldest;
}
