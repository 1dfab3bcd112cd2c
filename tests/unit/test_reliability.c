/* Reliability tests of the core: text from files made safe for terminals,
 * fields a program does not show kept across load and save, numbers that
 * saturate instead of overflowing, untrusted catalogs and user databases. */
#include <check.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dlrig/build.h"
#include "dlrig/catalog.h"
#include "dlrig/util.h"

static dlrig_catalog *cat;

static void setup(void)
{
    char err[512];
    cat = catalog_open(NULL, err, sizeof err);
    ck_assert_msg(cat != NULL, "%s", err);
}

static void teardown(void) { catalog_close(cat); }

static char *tmpdir_make(void)
{
    char tmpl[] = "/tmp/dlrig-test-rel-XXXXXX";
    char *d = mkdtemp(tmpl);
    ck_assert_ptr_nonnull(d);
    return xstrdup(d);
}

/* ---- 1. output safety */

START_TEST(term_safe_neutralises_controls)
{
    static const struct {
        const char *in, *out;
        unsigned flags;
    } cases[] = {
        {"plain ascii", "plain ascii", 0},
        {"Lab \xc3\xbc \xe2\x80\x94 \xe5\x8c\x97\xe4\xba\xac \xf0\x9f\x98\x80", "Lab \xc3\xbc \xe2\x80\x94 \xe5\x8c\x97\xe4\xba\xac \xf0\x9f\x98\x80", 0},
        {"\x1b]0;t\x07\x1b[2J", "\\x1b]0;t\\x07\\x1b[2J", 0},
        {"a\nb\tc\rd", "a\\x0ab\\x09c\\x0dd", 0},
        {"a\nb\tc\rd\x1b", "a\nb\tc\rd\\x1b", TERM_SAFE_KEEP_LINES},
        {"del\x7f", "del\\x7f", 0},
        {"c1 \xc2\x9b" "2J \xc2\x80 \xc2\x9f \xc2\xa0", "c1 \\u009b2J \\u0080 \\u009f \xc2\xa0", 0},
        {"\xe2\x80\xaa\xe2\x80\xae\xe2\x81\xa6\xe2\x81\xa9\xe2\x80\xa9", "\\u202a\\u202e\\u2066\\u2069\xe2\x80\xa9", 0},
        {"bad \xff \xc3 \xed\xa0\x80 \xc0\xaf", "bad \\xff \\xc3 \\xed\\xa0\\x80 \\xc0\\xaf", 0},
        {"{\"a\": \"\xc2\x9b\xe2\x80\xae\x7f\xff\"}", "{\"a\": \"\\u009b\\u202e\\u007f\\ufffd\"}", TERM_SAFE_JSON},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *s = term_safe(cases[i].in, cases[i].flags);
        ck_assert_msg(strcmp(s, cases[i].out) == 0, "case %zu: got '%s'", i, s);
        free(s);
    }
    char *e = term_safe(NULL, 0);
    ck_assert_str_eq(e, "");
    free(e);
    ck_assert(utf8_valid("\xc3\xbc\xf0\x9f\x98\x80", 6));
    ck_assert(!utf8_valid("\xc3", 1));
    ck_assert(!utf8_valid("\xed\xa0\x80", 3)); /* a surrogate */
    ck_assert(!utf8_valid("\xf4\x90\x80\x80", 4)); /* above U+10FFFF */
}
END_TEST

START_TEST(notes_survive_load_and_save)
{
    static const char doc[] = "{\"format\":\"dlrig-build\",\"version\":1,\"name\":\"lab\","
                              "\"notes\":{\"po\":\"PO 4711\",\"lines\":[\"r\xc3\xa9vis\xc3\xa9\",2,null]},"
                              "\"parts\":[{\"id\":\"nvidia-rtx-4090\",\"qty\":1}]}";
    dlrig_build b;
    char err[512];
    ck_assert_int_eq(build_parse(cat, doc, strlen(doc), "lab.json", &b, err, sizeof err), 0);
    char *dir = tmpdir_make();
    char *path = xasprintf("%s/lab.json", dir);
    ck_assert_int_eq(build_save(&b, path, true, err, sizeof err), 0);
    /* through a copy too (the TUI's undo keeps copies) */
    dlrig_build c, d;
    build_copy(&c, &b);
    build_free(&b);
    ck_assert_int_eq(build_load(cat, path, &d, err, sizeof err), 0);
    cJSON *want = cJSON_Parse("{\"po\":\"PO 4711\",\"lines\":[\"r\xc3\xa9vis\xc3\xa9\",2,null]}");
    cJSON *jd = build_to_json(&d), *jc = build_to_json(&c);
    ck_assert(cJSON_Compare(cJSON_GetObjectItemCaseSensitive(jd, "notes"), want, 1));
    ck_assert(cJSON_Compare(cJSON_GetObjectItemCaseSensitive(jc, "notes"), want, 1));
    cJSON_Delete(want);
    cJSON_Delete(jd);
    cJSON_Delete(jc);
    build_free(&c);
    build_free(&d);
    /* a plain string note */
    static const char doc2[] = "{\"format\":\"dlrig-build\",\"version\":1,\"notes\":\"PO 4711\",\"parts\":[]}";
    ck_assert_int_eq(build_parse(cat, doc2, strlen(doc2), "x", &b, err, sizeof err), 0);
    cJSON *j = build_to_json(&b);
    ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(j, "notes")->valuestring, "PO 4711");
    cJSON_Delete(j);
    build_free(&b);
    unlink(path);
    rmdir(dir);
    free(path);
    free(dir);
}
END_TEST

START_TEST(invalid_utf8_text_refused)
{
    static const char *const docs[] = {
        "{\"format\":\"dlrig-build\",\"version\":1,\"name\":\"a\xff\",\"parts\":[]}",
        "{\"format\":\"dlrig-build\",\"version\":1,\"notes\":[\"\xc3\x28\"],\"parts\":[]}",
        "{\"format\":\"dlrig-build\",\"version\":1,\"notes\":{\"\xed\xa0\x80\":1},\"parts\":[]}",
    };
    static const char *const field[] = {"name:", "notes:", "notes:"};
    for (size_t i = 0; i < 3; i++) {
        dlrig_build b;
        char err[512];
        ck_assert_int_eq(build_parse(cat, docs[i], strlen(docs[i]), "f.json", &b, err, sizeof err), DLRIG_BUILD_EINVAL);
        ck_assert_msg(strstr(err, field[i]) && strstr(err, "not valid UTF-8"), "%zu: %s", i, err);
        build_free(&b);
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("reliability");
    TCase *tc = tcase_create("output");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, term_safe_neutralises_controls);
    tcase_add_test(tc, notes_survive_load_and_save);
    tcase_add_test(tc, invalid_utf8_text_refused);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}
