/*
 * fuzz_theme.c — the colour theme parser (theme_parse).  Any input either
 * parses into styles within range or is refused with a message naming the
 * input; the all-default theme is left on failure.
 */
#include <string.h>

#include "dlrig/theme.h"
#include "fuzz.h"

static void check_style(const dlrig_style *s)
{
    FUZZ_CHECK(s->fg >= DLRIG_COLOR_DEFAULT && s->fg <= 255, "fg %d", s->fg);
    FUZZ_CHECK(s->bg >= DLRIG_COLOR_DEFAULT && s->bg <= 255, "bg %d", s->bg);
    FUZZ_CHECK(s->attrs < (1u << 7), "attrs %#x", s->attrs);
    for (int n = 8; n <= 256; n *= 2) {
        int c = theme_color_reduce(s->fg, n);
        FUZZ_CHECK(c == s->fg || (c >= 0 && c < (n >= 16 ? 16 : 8)), "reduce %d to %d colours gave %d", s->fg, n, c);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    dlrig_theme t;
    char err[512];
    err[0] = '\0';
    int rc = theme_parse((const char *)data, size, "fuzz.json", "fallback", &t, err, sizeof err);
    FUZZ_CHECK(rc == 0 || rc == -1, "status %d", rc);
    FUZZ_CHECK(fuzz_terminated(t.name, sizeof t.name) && fuzz_terminated(t.description, sizeof t.description),
               "unterminated name or description");
    if (rc != 0) {
        FUZZ_CHECK(strncmp(err, "fuzz.json: ", 11) == 0 && err[11] != '\0', "refused without a message: '%s'", err);
        FUZZ_CHECK(strcmp(t.name, "fallback") == 0, "a refused theme is not the default one");
    }
    for (int r = 0; r < DLRIG_ROLE_COUNT; r++) check_style(&t.roles[r]);
    /* The name the document gives, used as a file name, must be checked first. */
    (void)theme_name_valid(t.name);
    return 0;
}
