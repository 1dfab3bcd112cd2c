/* jsonschema.c — see jsonschema.h. */
#include "jsonschema.h"

#include <math.h>
#include <regex.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlrig/util.h"

#define MAX_FILES 32

struct jsonschema {
    char *dir;
    struct {
        char *name;
        cJSON *doc;
    } files[MAX_FILES];
    size_t n;
    char *err;
    size_t errlen;
    bool failed;
};

static cJSON *load_file(jsonschema *s, const char *name)
{
    for (size_t i = 0; i < s->n; i++)
        if (!strcmp(s->files[i].name, name)) return s->files[i].doc;
    if (s->n == MAX_FILES) return NULL;
    char *path = xasprintf("%s/%s", s->dir, name);
    size_t len;
    char *text = read_file_limit(path, 1 << 20, &len);
    free(path);
    if (!text) return NULL;
    cJSON *doc = cJSON_ParseWithLength(text, len);
    free(text);
    if (!doc) return NULL;
    s->files[s->n].name = xstrdup(name);
    s->files[s->n].doc = doc;
    s->n++;
    return doc;
}

jsonschema *jsonschema_load(const char *dir, const char *file, char *err, size_t errlen)
{
    jsonschema *s = xcalloc(1, sizeof *s);
    s->dir = xstrdup(dir);
    if (!load_file(s, file)) {
        snprintf(err, errlen, "%s/%s: cannot read or not JSON", dir, file);
        jsonschema_free(s);
        return NULL;
    }
    return s;
}

void jsonschema_free(jsonschema *s)
{
    if (!s) return;
    for (size_t i = 0; i < s->n; i++) {
        free(s->files[i].name);
        cJSON_Delete(s->files[i].doc);
    }
    free(s->dir);
    free(s);
}

static bool fail(jsonschema *s, const char *path, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static bool fail(jsonschema *s, const char *path, const char *fmt, ...)
{
    if (!s->failed) {
        char what[512];
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(what, sizeof what, fmt, ap);
        va_end(ap);
        snprintf(s->err, s->errlen, "%s: %s", path, what);
        s->failed = true;
    }
    return false;
}

static const char *type_of(const cJSON *v)
{
    if (cJSON_IsObject(v)) return "object";
    if (cJSON_IsArray(v)) return "array";
    if (cJSON_IsString(v)) return "string";
    if (cJSON_IsBool(v)) return "boolean";
    if (cJSON_IsNull(v)) return "null";
    if (cJSON_IsNumber(v)) return "number";
    return "invalid";
}

static bool is_type(const cJSON *v, const char *t)
{
    if (!strcmp(t, "integer"))
        return cJSON_IsNumber(v) && isfinite(v->valuedouble) && v->valuedouble == floor(v->valuedouble);
    return !strcmp(t, type_of(v));
}

/* "#/$defs/x" in root, "file.json" or "file.json#/$defs/x" */
static const cJSON *resolve(jsonschema *s, const cJSON *root, const char *ref, const cJSON **new_root)
{
    const char *hash = strchr(ref, '#');
    const cJSON *doc = root;
    if (hash != ref) {
        char name[256];
        size_t n = hash ? (size_t)(hash - ref) : strlen(ref);
        snprintf(name, sizeof name, "%.*s", (int)n, ref);
        doc = load_file(s, name);
        if (!doc) return NULL;
    }
    *new_root = doc;
    if (!hash || !hash[1]) return doc;
    if (strncmp(hash, "#/$defs/", 8) != 0) return NULL;
    const cJSON *defs = cJSON_GetObjectItemCaseSensitive(doc, "$defs");
    return cJSON_GetObjectItemCaseSensitive(defs, hash + 8);
}

static bool validate(jsonschema *s, const cJSON *root, const cJSON *schema, const cJSON *v, const char *path);

static bool known_keyword(const char *k)
{
    static const char *const kw[] = {"$schema", "$id", "$defs", "$comment", "title", "description", "type",
                                     "properties", "required", "additionalProperties", "items", "minItems",
                                     "maxItems", "enum", "const", "minimum", "maximum", "minLength", "pattern",
                                     "anyOf", "oneOf", "allOf", "$ref", "examples", NULL};
    for (size_t i = 0; kw[i]; i++)
        if (!strcmp(kw[i], k)) return true;
    return false;
}

static bool validate(jsonschema *s, const cJSON *root, const cJSON *schema, const cJSON *v, const char *path)
{
    if (cJSON_IsTrue(schema)) return true;
    if (cJSON_IsFalse(schema)) return fail(s, path, "not allowed here");
    if (!cJSON_IsObject(schema)) return fail(s, path, "the schema is not an object");
    for (const cJSON *k = schema->child; k; k = k->next)
        if (!known_keyword(k->string))
            return fail(s, path, "the schema uses '%s', which this validator lacks", k->string);
    const cJSON *kw;
    if ((kw = cJSON_GetObjectItemCaseSensitive(schema, "$ref"))) {
        const cJSON *nroot = root;
        const cJSON *target = cJSON_IsString(kw) ? resolve(s, root, kw->valuestring, &nroot) : NULL;
        if (!target)
            return fail(s, path, "the schema's $ref '%s' does not resolve", cJSON_IsString(kw) ? kw->valuestring : "?");
        if (!validate(s, nroot, target, v, path)) return false;
    }
    if ((kw = cJSON_GetObjectItemCaseSensitive(schema, "type"))) {
        bool ok = false;
        if (cJSON_IsString(kw)) ok = is_type(v, kw->valuestring);
        for (const cJSON *t = cJSON_IsArray(kw) ? kw->child : NULL; t; t = t->next)
            ok = ok || is_type(v, t->valuestring);
        if (!ok) {
            char *want = cJSON_PrintUnformatted(kw);
            fail(s, path, "expected type %s, got %s", want, type_of(v));
            cJSON_free(want);
            return false;
        }
    }
    if ((kw = cJSON_GetObjectItemCaseSensitive(schema, "const")) && !cJSON_Compare(kw, v, true)) {
        char *want = cJSON_PrintUnformatted(kw), *got = cJSON_PrintUnformatted(v);
        fail(s, path, "expected %s, got %s", want, got);
        cJSON_free(want);
        cJSON_free(got);
        return false;
    }
    if ((kw = cJSON_GetObjectItemCaseSensitive(schema, "enum"))) {
        bool ok = false;
        for (const cJSON *e = kw->child; e; e = e->next) ok = ok || cJSON_Compare(e, v, true);
        if (!ok) {
            char *want = cJSON_PrintUnformatted(kw), *got = cJSON_PrintUnformatted(v);
            fail(s, path, "expected one of %s, got %s", want, got);
            cJSON_free(want);
            cJSON_free(got);
            return false;
        }
    }
    if (cJSON_IsNumber(v)) {
        char num[64];
        snprintf(num, sizeof num, "%g", v->valuedouble);
        if ((kw = cJSON_GetObjectItemCaseSensitive(schema, "minimum")) && v->valuedouble < kw->valuedouble)
            return fail(s, path, "%s is below the minimum", num);
        if ((kw = cJSON_GetObjectItemCaseSensitive(schema, "maximum")) && v->valuedouble > kw->valuedouble)
            return fail(s, path, "%s is above the maximum", num);
    }
    if (cJSON_IsString(v)) {
        kw = cJSON_GetObjectItemCaseSensitive(schema, "minLength");
        if (kw && strlen(v->valuestring) < (size_t)kw->valuedouble)
            return fail(s, path, "'%s' is shorter than minLength", v->valuestring);
        if ((kw = cJSON_GetObjectItemCaseSensitive(schema, "pattern"))) {
            regex_t re;
            if (regcomp(&re, kw->valuestring, REG_EXTENDED | REG_NOSUB) != 0)
                return fail(s, path, "the schema's pattern '%s' is no POSIX extended expression", kw->valuestring);
            int m = regexec(&re, v->valuestring, 0, NULL, 0);
            regfree(&re);
            if (m != 0) return fail(s, path, "'%s' does not match %s", v->valuestring, kw->valuestring);
        }
    }
    if (cJSON_IsArray(v)) {
        int n = cJSON_GetArraySize(v);
        if ((kw = cJSON_GetObjectItemCaseSensitive(schema, "minItems")) && n < kw->valuedouble)
            return fail(s, path, "fewer items than minItems");
        if ((kw = cJSON_GetObjectItemCaseSensitive(schema, "maxItems")) && n > kw->valuedouble)
            return fail(s, path, "more items than maxItems");
        if ((kw = cJSON_GetObjectItemCaseSensitive(schema, "items"))) {
            int i = 0;
            for (const cJSON *e = v->child; e; e = e->next, i++) {
                char *p = xasprintf("%s[%d]", path, i);
                bool ok = validate(s, root, kw, e, p);
                free(p);
                if (!ok) return false;
            }
        }
    }
    if (cJSON_IsObject(v)) {
        const cJSON *props = cJSON_GetObjectItemCaseSensitive(schema, "properties");
        if ((kw = cJSON_GetObjectItemCaseSensitive(schema, "required")))
            for (const cJSON *r = kw->child; r; r = r->next)
                if (!cJSON_GetObjectItemCaseSensitive(v, r->valuestring))
                    return fail(s, path, "the key \"%s\" is missing", r->valuestring);
        const cJSON *extra = cJSON_GetObjectItemCaseSensitive(schema, "additionalProperties");
        for (const cJSON *m = v->child; m; m = m->next) {
            const cJSON *ps = cJSON_GetObjectItemCaseSensitive(props, m->string);
            char *p = xasprintf("%s.%s", path, m->string);
            bool ok = true;
            if (ps) ok = validate(s, root, ps, m, p);
            else if (cJSON_IsFalse(extra)) ok = fail(s, path, "the key \"%s\" is not in the schema", m->string);
            else if (extra && !cJSON_IsTrue(extra)) ok = validate(s, root, extra, m, p);
            free(p);
            if (!ok) return false;
        }
    }
    if ((kw = cJSON_GetObjectItemCaseSensitive(schema, "allOf")))
        for (const cJSON *sub = kw->child; sub; sub = sub->next)
            if (!validate(s, root, sub, v, path)) return false;
    const cJSON *any = cJSON_GetObjectItemCaseSensitive(schema, "anyOf");
    const cJSON *one = cJSON_GetObjectItemCaseSensitive(schema, "oneOf");
    for (int pass = 0; pass < 2; pass++) {
        const cJSON *list = pass ? one : any;
        if (!list) continue;
        int matched = 0;
        char first[512] = "";
        for (const cJSON *sub = list->child; sub; sub = sub->next) {
            bool was = s->failed;
            char *saved = xstrdup(s->err);
            s->failed = false;
            if (validate(s, root, sub, v, path)) matched++;
            else if (!first[0]) snprintf(first, sizeof first, "%s", s->err);
            snprintf(s->err, s->errlen, "%s", saved);
            free(saved);
            s->failed = was;
        }
        if (pass == 0 && matched == 0) return fail(s, path, "matches none of anyOf (the first: %s)", first);
        if (pass == 1 && matched != 1)
            return fail(s, path, "matches %s of oneOf, not exactly one", matched ? "more" : "none");
    }
    return true;
}

bool jsonschema_validate(jsonschema *s, const cJSON *doc, char *err, size_t errlen)
{
    s->err = err;
    s->errlen = errlen;
    s->failed = false;
    err[0] = '\0';
    return validate(s, s->files[0].doc, s->files[0].doc, doc, "$");
}
