/*
 * fuzz_presets.c — the preset reader (preset_parse) against the embedded
 * catalog.  Any input either parses into terminated strings and
 * requirements within the build file's ranges — which then survive a build
 * file round trip — or is refused with status 2 and a message naming it.
 */
#include <cjson/cJSON.h>
#include <string.h>

#include "dlrig/build.h"
#include "dlrig/preset.h"
#include "fuzz.h"

static int terminated(const char *s, size_t n) { return memchr(s, '\0', n) != NULL; }

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const dlrig_catalog *cat = fuzz_catalog();
    dlrig_preset p;
    char err[1024] = "";
    int rc = preset_parse(cat, "fuzz", (const char *)data, size, &p, err, sizeof err);
    FUZZ_CHECK(rc == 0 || rc == DLRIG_BUILD_EINVAL, "status %d", rc);
    if (rc != 0) {
        FUZZ_CHECK(strstr(err, "fuzz") != NULL, "refused without naming the preset: '%s'", err);
        return 0;
    }
    FUZZ_CHECK(terminated(p.name, sizeof p.name) && terminated(p.title, sizeof p.title) &&
                   terminated(p.story, sizeof p.story),
               "unterminated text");
    FUZZ_CHECK(p.req.nodes >= 1, "nodes %d", p.req.nodes);
    /* a build made from the preset saves and loads again (as recommend -o does) */
    dlrig_build b;
    build_init(&b, p.title);
    b.req = p.req;
    cJSON *doc = build_to_json(&b);
    char *text = cJSON_PrintUnformatted(doc);
    cJSON_Delete(doc);
    dlrig_build again;
    rc = build_parse(cat, text, strlen(text), "preset-build", &again, err, sizeof err);
    FUZZ_CHECK(rc == DLRIG_BUILD_OK, "a build from preset requirements does not load: %s\n%s", err, text);
    build_free(&again);
    cJSON_free(text);
    build_free(&b);
    return 0;
}
