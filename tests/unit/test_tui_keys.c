/* Every key a screen handles is in its key table, so that ? lists it: on
 * each screen and overlay (the wizard's kinds of question, the builder's
 * three panes, the requirements form, compare, a menu, a text view), every
 * key that is in neither the screen's table nor the global one leaves the
 * screen exactly as it was.  Driven in-process on a curses screen writing
 * to /dev/null. */
#include <check.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dlrig/util.h"
#include "tui/app.h"

enum { W = 100, H = 32 };

static const char sample[] =
    "{\"format\":\"dlrig-build\",\"version\":1,\"name\":\"Keys\",\"requirements\":{\"workload\":\"cnn\","
    "\"model_params_m\":25.6,\"dataset_gb\":150,\"budget_usd\":25000,\"framework\":\"pytorch\",\"precision\":"
    "\"mixed-fp16\",\"environment\":\"server-room\",\"circuit\":\"208v-30a\",\"nodes\":1},"
    "\"parts\":[{\"id\":\"nvidia-rtx-6000-ada\",\"qty\":2},{\"id\":\"amd-threadripper-pro-7975wx\",\"qty\":1},"
    "{\"id\":\"asus-pro-ws-wrx90e-sage-se\",\"qty\":1}]}";

static dlrig_catalog *cat;

static void setup(void)
{
    char tmpl[] = "/tmp/dlrig-test-keys-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(tmpl));
    ck_assert_int_eq(chdir(tmpl), 0);
    setenv("HOME", tmpl, 1);
    setenv("XDG_DATA_HOME", tmpl, 1);
    setenv("XDG_CONFIG_HOME", tmpl, 1);
    setenv("XDG_STATE_HOME", tmpl, 1);
    setlocale(LC_CTYPE, "C.UTF-8");
    ck_assert_int_eq(tui_test_init(), 0);
    char err[512];
    cat = catalog_open(NULL, err, sizeof err);
    ck_assert_msg(cat != NULL, "%s", err);
}

static bool in_table(const keybind *t, int key)
{
    for (; t && t->key; t++)
        if (t->key == key) return true;
    return false;
}

/* The whole screen, as drawn. */
typedef struct shot {
    chtype c[H][W + 1];
} shot;

static void take(shot *s)
{
    for (int y = 0; y < H; y++) mvwinchnstr(stdscr, y, 0, s->c[y], W);
}

/* The app after keys from the start (the builder on the sample when
 * builder is set, else the wizard), the screen's deferred work done. */
static app *reach(bool builder, const int *keys)
{
    dlrig_build b, *start = NULL;
    char err[512];
    if (builder) {
        ck_assert_msg(build_parse(cat, sample, sizeof sample - 1, "sample", &b, err, sizeof err) == 0, "%s", err);
        start = &b;
    }
    app *a = tui_test_begin(cat, W, H, start);
    for (; keys && *keys; keys++) tui_test_key(a, *keys);
    while (a->scr && a->scr->on_idle && !a->ov && a->scr->on_idle(a)) continue;
    return a;
}

/* Sends every key outside the tables to the screen on top of the app that
 * keys reach; each must leave the screen as it was.  After one that does
 * not, the state is reached afresh.  Lists those keys in out; returns how
 * many. */
static int unlisted_keys(bool builder, const int *keys, const char *name, char *out, size_t len)
{
    static shot before, after;
    int bad = 0;
    size_t k = 0;
    out[0] = '\0';
    app *a = NULL;
    const screen *s = NULL;
    for (int key = 1; key <= KEY_MAX; key++) {
        if (key > 0xff && key < KEY_MIN) key = KEY_MIN;
        if (!a) {
            a = reach(builder, keys);
            s = a->ov ? a->ov : a->scr;
            ck_assert_ptr_nonnull(s);
            ck_assert_str_eq(s->name, name);
            ck_assert_msg(!(s->text_input && s->text_input(a)), "%s: taking text", s->name);
            a->status[0] = '\0';
            app_draw_frame(a);
            take(&before);
        }
        if (key == KEY_RESIZE || key == KEY_MOUSE || key == 3 /* Ctrl-C is a signal */) continue;
        if (in_table(s->keys, key) || (!a->ov && in_table(app_global_keys, key))) continue;
        tui_test_key(a, key);
        take(&after);
        const screen *now = a->ov ? a->ov : a->scr;
        if (now != s || tui_test_done(a) || memcmp(&before, &after, sizeof before) != 0) {
            bad++;
            ui_appendf(out, len, &k, " %s(%d)", keyname(key) ? keyname(key) : "?", key);
            tui_test_end(a);
            a = NULL;
        }
    }
    if (a) tui_test_end(a);
    return bad;
}

/* The keys reach screen `name` (what: its description for a failure). */
static void check(bool builder, const int *keys, const char *name, const char *what)
{
    char out[2048];
    int bad = unlisted_keys(builder, keys, name, out, sizeof out);
    ck_assert_msg(bad == 0, "%s: keys handled but missing from the key table (? does not list them):%s", what, out);
}

START_TEST(wizard_choice) { check(false, NULL, "wizard", "the wizard's first question"); }
END_TEST

START_TEST(wizard_amount) { check(false, (const int[]){'\r', 0}, "wizard", "the wizard's model size"); }
END_TEST

START_TEST(wizard_flags)
{
    static const int keys[] = {'\r', '\r', '\r', '\r', '\r', '\r', '\r', '\r', '\r', 0};
    check(false, keys, "wizard", "the wizard's must-haves");
    static const int review[] = {'\r', '\r', '\r', '\r', '\r', '\r', '\r', '\r', '\r', '\r', 0};
    check(false, review, "wizard", "the wizard's review");
}
END_TEST

START_TEST(builder_panes)
{
    check(true, (const int[]){27, 0}, "builder", "the builder's categories");
    check(true, (const int[]){27, '\r', 0}, "builder", "the builder's part list");
    check(true, (const int[]){27, '\t', '\t', 0}, "builder", "the builder's findings");
}
END_TEST

START_TEST(overlays)
{
    check(true, (const int[]){'P', 0}, "menu", "a menu");
    check(true, (const int[]){'i', 0}, "text", "a text view");
    check(true, (const int[]){'?', 0}, "text", "the help");
    check(true, (const int[]){'r', 0}, "requirements", "the requirements form");
    check(true, (const int[]){'C', 0}, "menu", "the compare menu");
    check(true, (const int[]){'C', '\r', 0}, "compare", "the compare screen");
    check(true, (const int[]){27, '\t', '\t', '\r', 0}, "choices", "a finding's fixes to choose from");
}
END_TEST

/* The work a key press takes in the wizard: walking through every question
 * (moving in each list, answering), then building.  Printed, and held: the
 * answers are derived once per change, each question's choices are built
 * when it is shown, and the advisor runs once per set of answers (the
 * preview's result is the build the wizard opens). */
START_TEST(wizard_work_per_key)
{
    tui_wizard_counts c0, c1;
    tui_wizard_work(&c0);
    app *a = tui_test_begin(cat, W, H, NULL);
    int keys = 0;
    for (int q = 0; q < 16 && a->scr && !strcmp(a->scr->name, "wizard"); q++) {
        static const int walk[] = {KEY_DOWN, KEY_DOWN, KEY_UP, KEY_UP};
        for (size_t k = 0; k < sizeof walk / sizeof walk[0]; k++, keys++) tui_test_key(a, walk[k]);
        tui_test_key(a, '\r');
        keys++;
    }
    while (a->scr && !strcmp(a->scr->name, "wizard") && keys < 200) tui_test_key(a, '\r'), keys++;
    ck_assert_msg(a->scr && !strcmp(a->scr->name, "builder"), "the wizard did not open the builder");
    tui_wizard_work(&c1);
    double lists = (double)(c1.choice_lists - c0.choice_lists) / keys,
           reqs = (double)(c1.requirement_builds - c0.requirement_builds) / keys;
    unsigned long runs = c1.advisor_runs - c0.advisor_runs;
    printf("wizard: %d keys: %.1f choice lists and %.1f requirement derivations a key, %lu advisor runs\n", keys,
           lists, reqs, runs);
    /* before the caches: 17.1 lists, 6.9 derivations a key and 39 runs on this walk */
    ck_assert_msg(lists < 5 && reqs < 2, "%.1f lists, %.1f derivations a key", lists, reqs);
    ck_assert_msg(runs * 3 < (unsigned long)keys, "%lu advisor runs for %d keys", runs, keys);
    tui_test_end(a);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("tui_keys");
    TCase *tc = tcase_create("tui_keys");
    tcase_add_unchecked_fixture(tc, setup, NULL);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, wizard_choice);
    tcase_add_test(tc, wizard_work_per_key);
    tcase_add_test(tc, wizard_amount);
    tcase_add_test(tc, wizard_flags);
    tcase_add_test(tc, builder_panes);
    tcase_add_test(tc, overlays);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
