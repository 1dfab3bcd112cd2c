/* jsondoc.c — helpers shared by the readers and writers of dlrig's JSON documents. */
#include "dlrig/jsondoc.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlrig/util.h"

int jsondoc_vfail(char *err, size_t errlen, const char *label, const char *fmt, va_list ap)
{
    char msg[768];
    vsnprintf(msg, sizeof msg, fmt, ap);
    snprintf(err, errlen, "%s: %s", label, msg);
    return DLRIG_JSONDOC_EINVAL;
}

int jsondoc_fail(char *err, size_t errlen, const char *label, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int rc = jsondoc_vfail(err, errlen, label, fmt, ap);
    va_end(ap);
    return rc;
}

const char *jsondoc_type(const cJSON *v)
{
    if (cJSON_IsString(v)) return "a string";
    if (cJSON_IsNumber(v)) return "a number";
    if (cJSON_IsBool(v)) return "a boolean";
    if (cJSON_IsNull(v)) return "null";
    if (cJSON_IsArray(v)) return "an array";
    if (cJSON_IsObject(v)) return "an object";
    return "an unknown value";
}

/* ------------------------------------------------------------ writing */

/* A scalar (or an empty container) as cJSON writes it. */
static void put_scalar(strbuf *sb, const cJSON *v)
{
    if (cJSON_IsArray(v) && !v->child) {
        sb_append(sb, "[]");
        return;
    }
    if (cJSON_IsObject(v) && !v->child) {
        sb_append(sb, "{}");
        return;
    }
    /* cJSON_PrintUnformatted prints one item, never its siblings */
    char *s = cJSON_PrintUnformatted(v);
    sb_append(sb, s ? s : "null");
    cJSON_free(s);
}

static bool is_container(const cJSON *v) { return (cJSON_IsArray(v) || cJSON_IsObject(v)) && v->child; }

static void put_value(strbuf *sb, const cJSON *v, int depth);

static void indent(strbuf *sb, int depth)
{
    for (int i = 0; i < depth; i++) sb_append(sb, "  ");
}

static void put_key(strbuf *sb, const char *key)
{
    cJSON *k = cJSON_CreateString(key);
    put_scalar(sb, k);
    cJSON_Delete(k);
    sb_append(sb, ": ");
}

static void put_value(strbuf *sb, const cJSON *v, int depth)
{
    if (!is_container(v)) {
        put_scalar(sb, v);
        return;
    }
    bool object = cJSON_IsObject(v);
    if (!object) {
        /* a short list of scalars stays on one line: "require": ["ecc", "nvlink"] */
        bool flat = true;
        size_t width = 0;
        for (const cJSON *c = v->child; c && flat; c = c->next) {
            if (is_container(c)) flat = false;
            char *s = flat ? cJSON_PrintUnformatted(c) : NULL;
            width += s ? strlen(s) + 2 : 0;
            cJSON_free(s);
        }
        if (flat && width + (size_t)depth * 2 < 100) {
            sb_append(sb, "[");
            for (const cJSON *c = v->child; c; c = c->next) {
                put_scalar(sb, c);
                if (c->next) sb_append(sb, ", ");
            }
            sb_append(sb, "]");
            return;
        }
    }
    sb_append(sb, object ? "{\n" : "[\n");
    for (const cJSON *c = v->child; c; c = c->next) {
        indent(sb, depth + 1);
        if (object) put_key(sb, c->string ? c->string : "");
        put_value(sb, c, depth + 1);
        sb_append(sb, c->next ? ",\n" : "\n");
    }
    indent(sb, depth);
    sb_append(sb, object ? "}" : "]");
}

char *jsondoc_print(const cJSON *doc)
{
    strbuf sb = {0};
    put_value(&sb, doc, 0);
    sb_append(&sb, "\n");
    return sb_take(&sb);
}

/* ------------------------------------------------------------ duplicate keys */

static int cmp_key(const void *x, const void *y)
{
    return strcmp(*(const char *const *)x, *(const char *const *)y);
}

/* The key that appears twice in object v, or NULL: pairwise for a few keys,
 * sorted for many (a 1 MiB document can hold 100,000 keys in one object). */
static const char *twice_in(const cJSON *v)
{
    size_t n = 0;
    for (const cJSON *c = v->child; c; c = c->next) n++;
    if (n <= 16) {
        for (const cJSON *a = v->child; a; a = a->next)
            for (const cJSON *b = a->next; b; b = b->next)
                if (a->string && b->string && strcmp(a->string, b->string) == 0) return b->string;
        return NULL;
    }
    const char **keys = xmalloc(n * sizeof *keys);
    size_t k = 0;
    for (const cJSON *c = v->child; c; c = c->next)
        if (c->string) keys[k++] = c->string;
    qsort(keys, k, sizeof *keys, cmp_key);
    const char *found = NULL;
    for (size_t i = 1; i < k && !found; i++)
        if (strcmp(keys[i - 1], keys[i]) == 0) found = keys[i];
    free(keys);
    return found;
}

static bool dup_key(const cJSON *v, const char *prefix, char *out, size_t len)
{
    bool object = cJSON_IsObject(v);
    if (!object && !cJSON_IsArray(v)) return false;
    const char *twice = object ? twice_in(v) : NULL;
    if (twice) {
        snprintf(out, len, "%s%s%s", prefix, *prefix ? "." : "", twice);
        return true;
    }
    int i = 0;
    for (const cJSON *c = v->child; c; c = c->next, i++) {
        if (!c->child) continue;
        char *p = object ? xasprintf("%s%s%s", prefix, *prefix ? "." : "", c->string ? c->string : "")
                         : xasprintf("%s[%d]", prefix, i);
        bool found = dup_key(c, p, out, len);
        free(p);
        if (found) return true;
    }
    return false;
}

bool jsondoc_duplicate_key(const cJSON *doc, char *where, size_t len)
{
    return doc && dup_key(doc, "", where, len);
}
