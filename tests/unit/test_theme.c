/* Theme tests: the theme format's checks (a key given twice, the
 * "background" the theme is drawn for) and the reduction of colours to 8 or
 * 16, where a foreground must never take its background's colour. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "dlrig/theme.h"
#include "dlrig/util.h"

#define THEMES DLRIG_SOURCE_DIR "/themes"

static void load_file(const char *name, dlrig_theme *t)
{
    char *path = xasprintf("%s/%s.json", THEMES, name);
    size_t len;
    char *text = read_file_limit(path, DLRIG_THEME_MAX_BYTES, &len);
    ck_assert_msg(text != NULL, "%s", path);
    char err[512];
    ck_assert_msg(theme_parse(text, len, path, name, t, err, sizeof err) == 0, "%s", err);
    free(text);
    free(path);
}

START_TEST(duplicate_key_refused)
{
    static const char doc[] = "{\"name\": \"x\", \"colors\": {\"border\": {\"fg\": 1, \"fg\": 2}}}";
    dlrig_theme t;
    char err[512];
    ck_assert_int_eq(theme_parse(doc, strlen(doc), "mine.json", "x", &t, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "mine.json: colors.border.fg: the key is given twice"), "%s", err);
}
END_TEST

START_TEST(background_key)
{
    dlrig_theme t;
    char err[512];
    static const char light[] = "{\"background\": \"light\", \"colors\": {\"normal\": {}}}";
    ck_assert_int_eq(theme_parse(light, strlen(light), "l.json", "l", &t, err, sizeof err), 0);
    ck_assert(t.light);
    static const char none[] = "{\"colors\": {\"normal\": {}}}";
    ck_assert_int_eq(theme_parse(none, strlen(none), "n.json", "n", &t, err, sizeof err), 0);
    ck_assert(!t.light); /* dark unless it says */
    static const char bad[] = "{\"background\": \"grey\", \"colors\": {\"normal\": {}}}";
    ck_assert_int_eq(theme_parse(bad, strlen(bad), "b.json", "b", &t, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "b.json: \"background\": expected \"dark\" or \"light\""), "%s", err);
    load_file("light", &t);
    ck_assert(t.light);
    load_file("dark", &t);
    ck_assert(!t.light);
}
END_TEST

/* On 8 colours (TERM=linux) the dark theme's grey borders (240) reduced to
 * black: black on the console's black.  Now every role of every built-in
 * theme stays apart from the background it is drawn on, on 8 and 16
 * colours, and a grey stays a grey. */
START_TEST(foreground_never_the_background)
{
    ck_assert_int_eq(theme_color_reduce(240, 8), 0); /* the nearest: why the border vanished */
    ck_assert_int_eq(theme_fg_reduce(240, DLRIG_COLOR_DEFAULT, false, 8), 7);
    ck_assert_int_eq(theme_fg_reduce(240, DLRIG_COLOR_DEFAULT, false, 16), 8);
    ck_assert_int_eq(theme_fg_reduce(240, DLRIG_COLOR_DEFAULT, false, 256), 240);
    /* a light background: a light grey becomes black, not white */
    ck_assert_int_eq(theme_fg_reduce(250, DLRIG_COLOR_DEFAULT, true, 8), 0);
    /* a colour keeps its nearest when that is not the background */
    ck_assert_int_eq(theme_fg_reduce(203, DLRIG_COLOR_DEFAULT, false, 8), theme_color_reduce(203, 8));
    /* on an explicit background of the same nearest colour, another one */
    ck_assert_int_ne(theme_fg_reduce(16, 236, false, 8), theme_color_reduce(236, 8));
    static const char *const names[] = {"dark", "light", "high-contrast"};
    static const int depths[] = {8, 16};
    for (size_t n = 0; n < 3; n++)
        for (size_t d = 0; d < 2; d++) {
            dlrig_theme t;
            load_file(names[n], &t);
            for (int r = 0; r < DLRIG_ROLE_COUNT; r++) {
                const dlrig_style *s = &t.roles[r];
                if (s->fg < 0) continue;
                int fg = theme_fg_reduce(s->fg, s->bg, t.light, depths[d]);
                int bg = s->bg >= 0 ? theme_color_reduce(s->bg, depths[d]) : t.light ? 7 : 0;
                ck_assert_msg(fg != bg, "%s on %d colours: %s is drawn in its background's colour %d", names[n],
                              depths[d], theme_role_name((dlrig_role)r), bg);
            }
        }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("theme");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, duplicate_key_refused);
    tcase_add_test(tc, background_key);
    tcase_add_test(tc, foreground_never_the_background);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
