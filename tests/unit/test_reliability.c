/* Reliability tests of the core: text from files made safe for terminals,
 * fields a program does not show kept across load and save, numbers that
 * saturate instead of overflowing, untrusted catalogs and user databases. */
#include <check.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "dlrig/build.h"
#include "dlrig/place.h"
#include "dlrig/catalog.h"
#include "dlrig/export.h"
#include "dlrig/query.h"
#include "dlrig/rules.h"
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
        /* a carriage return is kept only where it ends a line: inside one it
         * would let the rest overwrite the line's start */
        {"a\nb\tc\rd\x1b", "a\nb\tc\\x0dd\\x1b", TERM_SAFE_KEEP_LINES},
        {"a\r\nb\r", "a\r\nb\\x0d", TERM_SAFE_KEEP_LINES},
        /* the invisible marks that reorder or hide text: escaped too */
        {"\xe2\x80\x8f\xe2\x80\x8e\xd8\x9c\xe2\x80\x8b\xef\xbb\xbf\xe2\x81\xaa",
         "\\u200f\\u200e\\u061c\\u200b\\ufeff\\u206a", 0},
        /* the joiners stay (scripts and emoji need them) */
        {"\xf0\x9f\x91\xa9\xe2\x80\x8d\xf0\x9f\x92\xbb \xe2\x80\x8c",
         "\xf0\x9f\x91\xa9\xe2\x80\x8d\xf0\x9f\x92\xbb \xe2\x80\x8c", 0},
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

/* Markdown keeps its structure whatever the text: a quote number, a part id
 * (a backtick ended the code span) and notes with block syntax at a line's
 * start are escaped; the core does this even where the command line refuses
 * such text first. */
static bool unescaped_lt(const char *s)
{
    for (const char *p = s; (p = strchr(p, '<')) != NULL; p++)
        if (p == s || p[-1] != '\\') return true;
    return false;
}

START_TEST(markdown_keeps_its_structure)
{
    dlrig_build b;
    char err[512];
    ck_assert_int_eq(build_load(cat, DLRIG_TEST_DATA "/builds/clean.json", &b, err, sizeof err), DLRIG_BUILD_OK);
    dlrig_gpu g = *(const dlrig_gpu *)catalog_find(cat, "nvidia-rtx-5000-ada");
    g.p.id = "rtx`<img src=x onerror=alert(1)>`";
    for (size_t i = 0; i < b.n_items; i++)
        if (b.items[i].part->category == DLRIG_CAT_GPU) b.items[i].part = &g.p;
    dlrig_analysis an = {0};
    export_analyze(cat, &b, &an);
    dlrig_export_opts o;
    export_opts_init(&o);
    o.quote_number = "<img src=x onerror=alert(1)>\n# Injected";
    o.customer = "ACME";
    o.notes = "Payment in advance\n---\n1. not a list\n    not code\n\n+ no list\n2) no list";
    strbuf md = {0};
    ck_assert_int_eq(export_build(cat, &b, &an, DLRIG_EXPORT_MD, &o, &md), 0);
    ck_assert_msg(!unescaped_lt(md.s), "raw HTML in: %s", md.s);
    ck_assert_ptr_nonnull(strstr(md.s, "**Quote:** \\<img src=x onerror=alert(1)\\> \\# Injected, revision 1"));
    ck_assert_ptr_nonnull(strstr(md.s, "(rtx\\`\\<img src=x onerror=alert(1)\\>\\`)"));
    const char *notes = strstr(md.s, "## Notes\n\n");
    ck_assert_ptr_nonnull(notes);
    ck_assert_ptr_nonnull(strstr(notes, "Payment in advance  \n\\---  \n1\\. not a list  \nnot code  \n\\  \n"
                                        "\\+ no list  \n2\\) no list  \n"));
    const dlrig_build *bs[2] = {&b, &b};
    const dlrig_analysis *as[2] = {&an, &an};
    strbuf q = {0};
    ck_assert_int_eq(export_options(cat, bs, as, 2, DLRIG_EXPORT_MD, &o, &q), 0);
    ck_assert_msg(!unescaped_lt(q.s) && !strstr(q.s, "\n# Injected"), "raw in: %.300s", q.s);
    ck_assert_msg(strncmp(q.s, "# Quote \\<img", 13) == 0 || strncmp(q.s, "# DRAFT Quote \\<img", 19) == 0, "%.80s",
                  q.s);
    sb_free(&md);
    sb_free(&q);
    export_analysis_free(&an);
    build_free(&b);
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


/* ---- 2. numbers */

START_TEST(format_usd_saturates)
{
    char buf[64];
    ck_assert_str_eq(format_usd(1234567.4, buf, sizeof buf), "$1,234,567");
    ck_assert_str_eq(format_usd(-1500, buf, sizeof buf), "-$1,500");
    ck_assert_str_eq(format_usd(1e20, buf, sizeof buf), "over $999,999,999,999,999");
    ck_assert_str_eq(format_usd(9.3e18, buf, sizeof buf), "over $999,999,999,999,999");
    ck_assert_str_eq(format_usd(-1e300, buf, sizeof buf), "over -$999,999,999,999,999");
    ck_assert_str_eq(format_usd(INFINITY, buf, sizeof buf), "over $999,999,999,999,999");
    ck_assert_str_eq(format_usd(NAN, buf, sizeof buf), "-");
    ck_assert_str_eq(format_cents(LLONG_MAX, true, buf, sizeof buf), "over $1,000,000,000,000,000");
    ck_assert_str_eq(format_cents(LLONG_MIN, true, buf, sizeof buf), "over -$1,000,000,000,000,000");
}
END_TEST

START_TEST(money_saturates_in_quotes_and_checks)
{
    /* a price of 1e300 (a --catalog, or a price list in a currency rated 1e6 USD), 1000 cards, 1024 nodes */
    dlrig_gpu g = *(const dlrig_gpu *)catalog_find(cat, "nvidia-rtx-4090");
    g.p.price_usd = g.p.new_price.usd = 1e300;
    dlrig_build b;
    build_init(&b, "huge");
    build_add(&b, &g.p, 1000);
    build_add(&b, catalog_find(cat, "amd-threadripper-7960x"), 1);
    b.req.nodes = 1024;
    dlrig_quote_money m;
    export_quote_money(&b, 10, 25, &m);
    ck_assert(m.subtotal > 0 && m.subtotal <= DLRIG_MONEY_CAP_CENTS);
    ck_assert(m.total > 0 && m.discount >= 0 && m.tax >= 0);
    char buf[64];
    ck_assert_str_eq(format_cents(m.subtotal, true, buf, sizeof buf), "over $1,000,000,000,000,000");
    strbuf out = {0};
    dlrig_analysis an = {0};
    export_analyze(cat, &b, &an);
    dlrig_export_opts eo;
    export_opts_init(&eo);
    export_build(cat, &b, &an, DLRIG_EXPORT_TXT, &eo, &out);
    ck_assert_msg(strstr(out.s, "over $1,000,000,000,000,000") && !strstr(out.s, "$-"), "%s", out.s);
    sb_free(&out);
    export_analysis_free(&an);
    dlrig_report rep = {0};
    rules_check(cat, &b, &rep);
    ck_assert_str_eq(format_usd(rep.totals.price_usd, buf, sizeof buf), "over $999,999,999,999,999");
    report_free(&rep);
    build_free(&b);
}
END_TEST

START_TEST(placement_survives_extreme_catalog_values)
{
    dlrig_gpu g = *(const dlrig_gpu *)catalog_find(cat, "nvidia-rtx-4090");
    g.slots = 1e300;
    dlrig_motherboard mb = *(const dlrig_motherboard *)catalog_find(cat, "gigabyte-trx50-aero-d");
    dlrig_slot slots[16];
    ck_assert(mb.n_slots <= 16);
    memcpy(slots, mb.slots, mb.n_slots * sizeof *slots);
    slots[mb.n_slots - 1].position = INT_MAX - 1;
    mb.slots = slots;
    mb.expansion_positions = INT_MAX;
    dlrig_build b;
    build_init(&b, "extreme");
    build_add(&b, &g.p, 2);
    build_add(&b, &mb.p, 1);
    build_add(&b, catalog_find(cat, "amd-threadripper-7960x"), 1);
    dlrig_placement pl;
    place_build(&b, &pl);
    ck_assert_uint_eq(pl.n_cards, 2);
    for (size_t i = 0; i < pl.n_cards; i++) ck_assert(pl.cards[i].width >= 1 && pl.cards[i].width <= 4);
    dlrig_report rep = {0};
    rules_check(cat, &b, &rep); /* the lane sums too */
    ck_assert(rep.totals.lanes_used >= 0);
    report_free(&rep);
    build_free(&b);
}
END_TEST

/* ---- 5. files */

static char *slurp(const char *path)
{
    size_t n;
    char *s = read_file_limit(path, 1 << 20, &n);
    ck_assert_msg(s != NULL, "%s: %s", path, strerror(errno));
    return s;
}

START_TEST(atomic_write_keeps_mode_and_respects_umask)
{
    char *dir = tmpdir_make();
    char *p = xasprintf("%s/b.json", dir);
    mode_t old = umask(077);
    ck_assert_int_eq(write_file_atomic(p, "a", 1, false), 0);
    struct stat st;
    ck_assert_int_eq(stat(p, &st), 0);
    ck_assert_int_eq(st.st_mode & 0777, 0600);
    umask(022);
    ck_assert_int_eq(chmod(p, 0640), 0);
    ck_assert_int_eq(write_file_atomic(p, "b", 1, true), 0);
    ck_assert_int_eq(stat(p, &st), 0);
    ck_assert_int_eq(st.st_mode & 0777, 0640);
    unlink(p);
    ck_assert_int_eq(write_file_atomic(p, "c", 1, false), 0);
    ck_assert_int_eq(stat(p, &st), 0);
    ck_assert_int_eq(st.st_mode & 0777, 0644);
    umask(old);
    unlink(p);
    ck_assert_int_eq(write_file_atomic("", "c", 1, true), -1);
    rmdir(dir);
    free(p);
    free(dir);
}
END_TEST

START_TEST(atomic_write_through_symlinks)
{
    char *dir = tmpdir_make();
    char *real = xasprintf("%s/real.json", dir), *link = xasprintf("%s/link.json", dir);
    char *dang = xasprintf("%s/dangling.json", dir);
    ck_assert_int_eq(write_file_atomic(real, "old", 3, false), 0);
    ck_assert_int_eq(symlink("real.json", link), 0);
    ck_assert_int_eq(write_file_atomic(link, "new", 3, false), -1); /* exists */
    ck_assert_int_eq(errno, EEXIST);
    ck_assert_int_eq(write_file_atomic(link, "new", 3, true), 0);
    struct stat st;
    ck_assert_int_eq(lstat(link, &st), 0);
    ck_assert(S_ISLNK(st.st_mode)); /* still a link */
    char *s = slurp(real);
    ck_assert_str_eq(s, "new"); /* its target was written */
    free(s);
    ck_assert_int_eq(symlink("missing.json", dang), 0);
    ck_assert_int_eq(write_file_atomic(dang, "x", 1, false), -1);
    ck_assert_int_eq(errno, EEXIST);
    ck_assert_int_eq(lstat(dang, &st), 0);
    ck_assert(S_ISLNK(st.st_mode));
    unlink(dang);
    unlink(link);
    unlink(real);
    rmdir(dir);
    free(real);
    free(link);
    free(dang);
    free(dir);
}
END_TEST

START_TEST(atomic_no_clobber_has_no_race)
{
    char *dir = tmpdir_make();
    int lost = 0;
    for (int round = 0; round < 30; round++) {
        char *p = xasprintf("%s/q%d.txt", dir, round);
        pid_t kids[4];
        for (int k = 0; k < 4; k++) {
            kids[k] = fork();
            if (kids[k] == 0) {
                char body[2] = {(char)('a' + k), 0};
                _exit(write_file_atomic(p, body, 1, false) == 0 ? 0 : 1);
            }
        }
        int ok = 0;
        for (int k = 0; k < 4; k++) {
            int status;
            waitpid(kids[k], &status, 0);
            ok += WIFEXITED(status) && WEXITSTATUS(status) == 0;
        }
        if (ok != 1) lost++;
        unlink(p);
        free(p);
    }
    ck_assert_msg(lost == 0, "%d of 30 rounds: more (or fewer) than one no-clobber write succeeded", lost);
    rmdir(dir);
    free(dir);
}
END_TEST

/* A write touches no file but its own: files named like another process's
 * temporary file (of a process that is gone, or of a user) stay, and none
 * of its own is left beside the destination. */
START_TEST(other_files_never_removed)
{
    char *dir = tmpdir_make();
    long dead = 0;
    for (long pid = 4000000; pid > 3000000 && !dead; pid -= 7777)
        if (kill((pid_t)pid, 0) != 0 && errno == ESRCH) dead = pid;
    ck_assert(dead > 0);
    char *paths[4] = {xasprintf("%s/thesis.tmp2024-draft1", dir), xasprintf("%s/budget.xlsx.tmp31337-backup", dir),
                      xasprintf("%s/c.json.tmp%ld-Ab12Cd", dir, dead), xasprintf("%s/notes.tmp", dir)};
    for (int i = 0; i < 4; i++) {
        FILE *f = fopen(paths[i], "w");
        ck_assert_ptr_nonnull(f);
        fputs("mine", f);
        fclose(f);
    }
    char *p = xasprintf("%s/c.json", dir);
    ck_assert_int_eq(write_file_atomic(p, "{}", 2, false), 0);
    ck_assert_int_eq(write_file_atomic(p, "{ }", 3, true), 0);
    for (int i = 0; i < 4; i++) ck_assert_msg(access(paths[i], F_OK) == 0, "%s was removed", paths[i]);
    /* nothing else in the directory: the four, c.json */
    DIR *d = opendir(dir);
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) n += e->d_name[0] != '.';
    closedir(d);
    ck_assert_int_eq(n, 5);
    for (int i = 0; i < 4; i++) {
        unlink(paths[i]);
        free(paths[i]);
    }
    unlink(p);
    rmdir(dir);
    free(p);
    free(dir);
}
END_TEST

/* dlrig's own files are read only when regular: a FIFO in their place fails
 * at once (it would block forever), a directory says so. */
START_TEST(own_files_regular_only)
{
    char *dir = tmpdir_make();
    char *fifo = xasprintf("%s/seller.json", dir);
    ck_assert_int_eq(mkfifo(fifo, 0600), 0);
    size_t len;
    double t0 = now_seconds();
    errno = 0;
    ck_assert_ptr_null(read_file_regular(fifo, 1024, &len));
    ck_assert_int_eq(errno, ENXIO);
    ck_assert(now_seconds() - t0 < 2);
    ck_assert_str_eq(file_error(ENXIO), "is not a regular file (a FIFO, socket or device)");
    errno = 0;
    ck_assert_ptr_null(read_file_limit(dir, 1024, &len));
    ck_assert_int_eq(errno, EISDIR);
    ck_assert_str_eq(file_error(EISDIR), "is a directory");
    errno = 0;
    ck_assert_ptr_null(read_file_regular(dir, 1024, &len));
    ck_assert_int_eq(errno, EISDIR);
    char *f = xasprintf("%s/f", dir);
    ck_assert_int_eq(write_file_atomic(f, "12345", 5, false), 0);
    char *text = read_file_regular(f, 5, &len);
    ck_assert_ptr_nonnull(text);
    ck_assert_str_eq(text, "12345");
    free(text);
    errno = 0;
    ck_assert_ptr_null(read_file_regular(f, 4, &len));
    ck_assert_int_eq(errno, EFBIG);
    unlink(f);
    unlink(fifo);
    rmdir(dir);
    free(f);
    free(fifo);
    free(dir);
}
END_TEST

/* The one check of text for documents: UTF-8, no control characters, line
 * breaks only where a field has lines. */
START_TEST(text_checked_at_the_door)
{
    ck_assert_ptr_null(text_problem("ACME GmbH \xc3\xbc \xd7\xa9\xd7\x9c\xd7\x95\xd7\x9d\t", 19, 0));
    ck_assert_ptr_null(text_problem("line 1\nline 2\r\nline 3", 21, TEXT_MULTILINE));
    ck_assert_str_eq(text_problem("Bad\xff\xfeUTF8", 9, 0), "is not valid UTF-8");
    ck_assert_ptr_nonnull(text_problem("a\nb", 3, 0));
    ck_assert_ptr_nonnull(text_problem("a\rb", 3, TEXT_MULTILINE));
    ck_assert_ptr_nonnull(text_problem("esc\x1b[2J", 7, TEXT_MULTILINE));
    ck_assert_ptr_nonnull(text_problem("c1\xc2\x9b", 4, TEXT_MULTILINE));
    ck_assert_ptr_nonnull(text_problem("del\x7f", 4, 0));
    ck_assert(uc_hidden_format(0x202e) && uc_hidden_format(0x2066) && uc_hidden_format(0x200f) &&
              uc_hidden_format(0x200e) && uc_hidden_format(0x061c) && uc_hidden_format(0xfeff));
    ck_assert(!uc_hidden_format(0x200d) && !uc_hidden_format(0x200c) && !uc_hidden_format('a') &&
              !uc_hidden_format(0x05d0));
    ck_assert(token_valid("Q-20261127-40C8", 40, "-_./"));
    ck_assert(token_valid("2026/0042", 40, "-_./"));
    ck_assert(!token_valid("<img src=x>", 40, "-_./"));
    ck_assert(!token_valid("Q1\n# Injected", 40, "-_./"));
    ck_assert(!token_valid("", 40, "-_./"));
    char r1[33], r2[33];
    random_token(r1);
    random_token(r2);
    ck_assert_int_eq(strlen(r1), 32);
    ck_assert_str_ne(r1, r2);
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
    tcase_add_test(tc, markdown_keeps_its_structure);
    suite_add_tcase(s, tc);
    tc = tcase_create("numbers");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, format_usd_saturates);
    tcase_add_test(tc, money_saturates_in_quotes_and_checks);
    tcase_add_test(tc, placement_survives_extreme_catalog_values);
    suite_add_tcase(s, tc);
    tc = tcase_create("files");
    tcase_add_test(tc, atomic_write_keeps_mode_and_respects_umask);
    tcase_add_test(tc, atomic_write_through_symlinks);
    tcase_add_test(tc, atomic_no_clobber_has_no_race);
    tcase_add_test(tc, other_files_never_removed);
    tcase_add_test(tc, own_files_regular_only);
    tcase_add_test(tc, text_checked_at_the_door);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}
