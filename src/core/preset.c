/* preset.c — the built-in scenario presets (embedded from db/presets). */
#include "dlrig/preset.h"

#include <cjson/cJSON.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlrig/jsondoc.h"
#include "dlrig/util.h"

/* Generated from db/presets by embed_presets.cmake (preset_blob.c). */
extern const struct {
    const char *name;
    const char *json;
} dlrig_builtin_presets[];

size_t preset_count(void)
{
    size_t n = 0;
    while (dlrig_builtin_presets[n].name) n++;
    return n;
}

const char *preset_name(size_t i) { return i < preset_count() ? dlrig_builtin_presets[i].name : NULL; }

int preset_index(const char *name)
{
    for (size_t i = 0; name && dlrig_builtin_presets[i].name; i++)
        if (strcmp(dlrig_builtin_presets[i].name, name) == 0) return (int)i;
    return -1;
}

static int fail(char *err, size_t errlen, const char *name, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static int fail(char *err, size_t errlen, const char *name, const char *fmt, ...)
{
    char label[160];
    snprintf(label, sizeof label, "preset '%s'", name);
    va_list ap;
    va_start(ap, fmt);
    int rc = jsondoc_vfail(err, errlen, label, fmt, ap);
    va_end(ap);
    return rc;
}

/* A required string field of at most max-1 bytes. */
static int text_field(const cJSON *root, const char *key, char *dst, size_t max, const char *name, char *err,
                      size_t errlen)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(root, key);
    if (!v) return fail(err, errlen, name, "%s: missing field (a string)", key);
    if (!cJSON_IsString(v) || !v->valuestring[0]) return fail(err, errlen, name, "%s: expected a non-empty string", key);
    if (!utf8_valid(v->valuestring, strlen(v->valuestring))) /* shown, and saved into builds */
        return fail(err, errlen, name, "%s: not valid UTF-8 text", key);
    if (strlen(v->valuestring) >= max)
        return fail(err, errlen, name, "%s: longer than %zu bytes", key, max - 1);
    snprintf(dst, max, "%s", v->valuestring);
    return 0;
}

int preset_parse(const dlrig_catalog *cat, const char *name, const char *text, size_t len, dlrig_preset *out,
                 char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    requirements_init(&out->req);
    snprintf(out->name, sizeof out->name, "%s", name);
    if (len > DLRIG_PRESET_MAX_BYTES) return fail(err, errlen, name, "larger than %d bytes", DLRIG_PRESET_MAX_BYTES);
    char *buf = xmalloc(len + 1);
    memcpy(buf, text, len);
    buf[len] = '\0';
    const char *end = NULL;
    cJSON *root = cJSON_ParseWithLengthOpts(buf, len + 1, &end, 1);
    if (!root) {
        size_t off = end && end >= buf ? (size_t)(end - buf) : 0;
        int line = 1;
        for (size_t i = 0; i < off && i < len; i++) line += buf[i] == '\n';
        free(buf);
        return fail(err, errlen, name, "line %d: not valid JSON", line);
    }
    free(buf);
    int rc = 0;
    char twice[200];
    if (jsondoc_duplicate_key(root, twice, sizeof twice)) rc = fail(err, errlen, name, "%s: the key is given twice (JSON readers differ on which one counts); keep one", twice);
    const cJSON *fmt = cJSON_GetObjectItemCaseSensitive(root, "format");
    const cJSON *ver = cJSON_GetObjectItemCaseSensitive(root, "version");
    const cJSON *req = cJSON_GetObjectItemCaseSensitive(root, "requirements");
    static const char *const known[] = {"format", "version", "title", "story", "requirements", NULL};
    if (rc) {
        /* said */
    } else if (!cJSON_IsObject(root)) rc = fail(err, errlen, name, "expected a JSON object (a dlrig preset)");
    else if (!cJSON_IsString(fmt) || strcmp(fmt->valuestring, "dlrig-preset") != 0)
        rc = fail(err, errlen, name, "format: expected \"dlrig-preset\"%s", fmt ? "" : " (the field is missing)");
    else if (!cJSON_IsNumber(ver) || ver->valuedouble != 1)
        rc = fail(err, errlen, name, "version: expected 1%s", ver ? "" : " (the field is missing)");
    for (const cJSON *it = root->child; !rc && it; it = it->next)
        if (id_index(known, it->string) < 0)
            rc = fail(err, errlen, name, "%s: unknown field; valid fields: format, version, title, story, requirements",
                      it->string);
    if (!rc) rc = text_field(root, "title", out->title, sizeof out->title, name, err, errlen);
    if (!rc) rc = text_field(root, "story", out->story, sizeof out->story, name, err, errlen);
    if (!rc && !req) rc = fail(err, errlen, name, "requirements: missing field (an object)");
    if (!rc) {
        char label[80];
        snprintf(label, sizeof label, "preset '%s'", name);
        rc = requirements_from_json(cat, req, &out->req, label, err, errlen);
    }
    if (!rc && !out->req.workload[0]) rc = fail(err, errlen, name, "requirements.workload: missing (a preset needs one)");
    if (!rc && !(out->req.budget_usd > 0))
        rc = fail(err, errlen, name, "requirements.budget_usd: missing (a preset needs a budget)");
    cJSON_Delete(root);
    return rc;
}

int preset_load_at(const dlrig_catalog *cat, size_t i, dlrig_preset *out, char *err, size_t errlen)
{
    if (i >= preset_count()) {
        memset(out, 0, sizeof *out);
        snprintf(err, errlen, "no preset number %zu (there are %zu)", i + 1, preset_count());
        return DLRIG_BUILD_EINVAL;
    }
    const char *json = dlrig_builtin_presets[i].json;
    return preset_parse(cat, dlrig_builtin_presets[i].name, json, strlen(json), out, err, errlen);
}

int preset_load(const dlrig_catalog *cat, const char *name, dlrig_preset *out, char *err, size_t errlen)
{
    int i = preset_index(name);
    if (i < 0) {
        memset(out, 0, sizeof *out);
        strbuf b = {0};
        for (size_t k = 0; dlrig_builtin_presets[k].name; k++)
            sb_printf(&b, "%s%s", k ? ", " : "", dlrig_builtin_presets[k].name);
        snprintf(err, errlen, "unknown preset '%.60s'; valid presets: %s", name ? name : "", b.s ? b.s : "(none)");
        sb_free(&b);
        return DLRIG_BUILD_EINVAL;
    }
    return preset_load_at(cat, (size_t)i, out, err, errlen);
}
