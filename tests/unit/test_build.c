/* Build tests: the build file format (every malformed file is refused with a
 * message naming the file and the field; unknown ids get suggestions; round
 * trips through JSON and through disk keep the build; saving never
 * clobbers or leaves debris) and GPU placement in the board's slots. */
#include <check.h>
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dlrig/build.h"
#include "dlrig/place.h"
#include "dlrig/catalog.h"
#include "dlrig/util.h"

#define BUILDS DLRIG_TEST_DATA "/builds"

static dlrig_catalog *cat;

static void setup(void)
{
    char err[512];
    cat = catalog_open(NULL, err, sizeof err);
    ck_assert_msg(cat != NULL, "%s", err);
}

static void teardown(void) { catalog_close(cat); }

static const dlrig_part *part(const char *id)
{
    const dlrig_part *p = catalog_find(cat, id);
    ck_assert_msg(p != NULL, "catalog has no %s", id);
    return p;
}

/* ------------------------------------------------------------ malformed files */

static const struct {
    const char *file;
    const char *expect[3]; /* substrings of the message, besides the file name */
} bad[] = {
    {"bad-invalid-json.json", {"line 18", "not valid JSON"}},
    {"bad-root-array.json", {"expected a JSON object", "an array"}},
    {"bad-missing-format.json", {"format", "dlrig-build", "missing"}},
    {"bad-wrong-version.json", {"version", "expected 1"}},
    {"bad-parts-not-array.json", {"parts:", "expected an array", "an object"}},
    {"bad-part-without-id.json", {"parts[0]", "\"id\""}},
    {"bad-id-not-string.json", {"parts[0].id", "expected a string", "a number"}},
    {"bad-unknown-id.json", {"parts[0].id", "'nvidia-rtx-409'", "did you mean 'nvidia-rtx-4090'"}},
    {"bad-negative-qty.json", {"parts[0].qty", "-2", "out of range"}},
    {"bad-fractional-qty.json", {"parts[0].qty", "whole number", "1.5"}},
    {"bad-huge-qty.json", {"parts[0].qty", "out of range"}},
    {"bad-unknown-workload.json", {"requirements.workload", "'cnnn'", "cnn, transformer"}},
    {"bad-budget-string.json", {"requirements.budget_usd", "expected a number", "a string"}},
    {"bad-unknown-field.json", {"colour", "unknown field"}},
    {"bad-nodes-zero.json", {"requirements.nodes", "out of range"}},
    {"bad-duplicate-part.json", {"parts[8].id", "nvidia-rtx-5000-ada", "listed twice"}},
    {"bad-power-limit.json", {"parts[0].power_limit_w", "600 W is out of range", "1 to 450 W"}},
    {"bad-tier.json", {"tier:", "\"Good\", \"Better\" or \"Best\"", "a number"}},
    {"bad-duplicate-key.json", {": name:", "the key is given twice", "keep one"}},
    {"bad-duplicate-requirement.json", {"requirements.budget_usd:", "the key is given twice"}},
    {"bad-name-from.json", {"name_from", "expected \"requirements\" or \"gpus\"", "'wizard'"}},
    {"bad-owned-not-bool.json", {"parts[0].owned", "expected true", "a string"}},
};

START_TEST(bad_file_names_the_field)
{
    char path[512], err[1024];
    snprintf(path, sizeof path, "%s/%s", BUILDS, bad[_i].file);
    dlrig_build b;
    int rc = build_load(cat, path, &b, err, sizeof err);
    ck_assert_msg(rc == DLRIG_BUILD_EINVAL, "%s: status %d (%s)", bad[_i].file, rc, err);
    ck_assert_msg(strstr(err, bad[_i].file) != NULL, "message does not name the file: %s", err);
    for (int k = 0; k < 3 && bad[_i].expect[k]; k++)
        ck_assert_msg(strstr(err, bad[_i].expect[k]) != NULL, "%s: '%s' lacks '%s'", bad[_i].file, err,
                      bad[_i].expect[k]);
    /* The output is left empty but usable. */
    ck_assert_uint_eq(b.n_items, 0);
    ck_assert_ptr_nonnull(b.name);
    build_free(&b);
}
END_TEST

/* Every bad-*.json in the data directory is in the table above. */
START_TEST(every_bad_file_is_tested)
{
    DIR *d = opendir(BUILDS);
    ck_assert_ptr_nonnull(d);
    struct dirent *e;
    int n = 0;
    while ((e = readdir(d))) {
        if (strncmp(e->d_name, "bad-", 4) != 0) continue;
        bool known = false;
        for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
            if (strcmp(bad[i].file, e->d_name) == 0) known = true;
        ck_assert_msg(known, "%s is not in test_build.c's table", e->d_name);
        n++;
    }
    closedir(d);
    ck_assert_int_eq(n, (int)(sizeof bad / sizeof bad[0]));
}
END_TEST

static int parse_str(const char *text, dlrig_build *b, char *err, size_t errlen)
{
    return build_parse(cat, text, strlen(text), "inline.json", b, err, errlen);
}

START_TEST(parse_edge_cases)
{
    dlrig_build b;
    char err[1024];
    /* The smallest valid build. */
    ck_assert_int_eq(parse_str("{\"format\":\"dlrig-build\",\"version\":1,\"parts\":[]}", &b, err, sizeof err), 0);
    ck_assert_uint_eq(b.n_items, 0);
    ck_assert_int_eq(b.req.nodes, 1);
    ck_assert(isnan(b.req.budget_usd));
    build_free(&b);
    /* qty defaults to 1. */
    ck_assert_int_eq(
        parse_str("{\"format\":\"dlrig-build\",\"version\":1,\"parts\":[{\"id\":\"nvidia-rtx-4090\"}]}", &b, err,
                  sizeof err),
        0);
    ck_assert_int_eq(b.items[0].qty, 1);
    build_free(&b);
    /* A missing parts array. */
    ck_assert_int_eq(parse_str("{\"format\":\"dlrig-build\",\"version\":1}", &b, err, sizeof err), DLRIG_BUILD_EINVAL);
    ck_assert_ptr_nonnull(strstr(err, "parts"));
    build_free(&b);
    /* Unknown field inside a part line, and inside requirements. */
    ck_assert_int_eq(parse_str("{\"format\":\"dlrig-build\",\"version\":1,\"parts\":[{\"id\":\"nvidia-rtx-4090\","
                               "\"quantity\":2}]}",
                               &b, err, sizeof err),
                     DLRIG_BUILD_EINVAL);
    ck_assert_ptr_nonnull(strstr(err, "parts[0].quantity"));
    build_free(&b);
    ck_assert_int_eq(parse_str("{\"format\":\"dlrig-build\",\"version\":1,\"requirements\":{\"budget\":5},"
                               "\"parts\":[]}",
                               &b, err, sizeof err),
                     DLRIG_BUILD_EINVAL);
    ck_assert_ptr_nonnull(strstr(err, "requirements.budget"));
    build_free(&b);
    /* An unknown requirement flag and an unknown framework. */
    ck_assert_int_eq(parse_str("{\"format\":\"dlrig-build\",\"version\":1,\"requirements\":{\"require\":[\"ecc\","
                               "\"silent\"]},\"parts\":[]}",
                               &b, err, sizeof err),
                     DLRIG_BUILD_EINVAL);
    ck_assert_ptr_nonnull(strstr(err, "'silent'"));
    build_free(&b);
    ck_assert_int_eq(parse_str("{\"format\":\"dlrig-build\",\"version\":1,\"requirements\":{\"framework\":\"torch\"},"
                               "\"parts\":[]}",
                               &b, err, sizeof err),
                     DLRIG_BUILD_EINVAL);
    ck_assert_ptr_nonnull(strstr(err, "requirements.framework"));
    ck_assert_ptr_nonnull(strstr(err, "pytorch"));
    build_free(&b);
    /* Empty input and a lone NUL byte. */
    ck_assert_int_eq(build_parse(cat, "", 0, "empty.json", &b, err, sizeof err), DLRIG_BUILD_EINVAL);
    ck_assert_ptr_nonnull(strstr(err, "empty.json"));
    build_free(&b);
    ck_assert_int_eq(build_parse(cat, "\0", 1, "nul.json", &b, err, sizeof err), DLRIG_BUILD_EINVAL);
    build_free(&b);
}
END_TEST

/* The text need not be NUL-terminated: only len bytes are read. */
START_TEST(parse_respects_len)
{
    const char *doc = "{\"format\":\"dlrig-build\",\"version\":1,\"parts\":[{\"id\":\"nvidia-rtx-4090\",\"qty\":2}]}";
    size_t n = strlen(doc);
    char *buf = xmalloc(n + 8);
    memcpy(buf, doc, n);
    memcpy(buf + n, "garbage!", 8); /* no NUL anywhere */
    dlrig_build b;
    char err[512];
    ck_assert_msg(build_parse(cat, buf, n, "buf.json", &b, err, sizeof err) == 0, "%s", err);
    ck_assert_uint_eq(b.n_items, 1);
    ck_assert_int_eq(b.items[0].qty, 2);
    build_free(&b);
    free(buf);
}
END_TEST

/* ------------------------------------------------------------ round trips */

static bool num_eq(double a, double b) { return (isnan(a) && isnan(b)) || a == b; }

static void assert_same_build(const dlrig_build *a, const dlrig_build *b)
{
    ck_assert_str_eq(a->name, b->name);
    ck_assert_msg(a->tier ? b->tier && !strcmp(a->tier, b->tier) : !b->tier, "tier %s became %s",
                  a->tier ? a->tier : "(none)", b->tier ? b->tier : "(none)");
    ck_assert_str_eq(a->req.workload, b->req.workload);
    ck_assert_str_eq(a->req.framework, b->req.framework);
    ck_assert_str_eq(a->req.precision, b->req.precision);
    ck_assert_str_eq(a->req.environment, b->req.environment);
    ck_assert_str_eq(a->req.circuit, b->req.circuit);
    ck_assert(num_eq(a->req.model_params_m, b->req.model_params_m));
    ck_assert(num_eq(a->req.dataset_gb, b->req.dataset_gb));
    ck_assert(num_eq(a->req.budget_usd, b->req.budget_usd));
    ck_assert_int_eq(a->req.nodes, b->req.nodes);
    ck_assert_uint_eq(a->req.require, b->req.require);
    ck_assert_uint_eq(a->n_items, b->n_items);
    for (size_t i = 0; i < a->n_items; i++) {
        ck_assert_ptr_eq(a->items[i].part, b->items[i].part);
        ck_assert_int_eq(a->items[i].qty, b->items[i].qty);
        ck_assert_int_eq(a->items[i].cluster_scope, b->items[i].cluster_scope);
        ck_assert_int_eq(a->items[i].power_limit_w, b->items[i].power_limit_w);
    }
}

static void load_ok(const char *name, dlrig_build *b)
{
    char path[512], err[1024];
    snprintf(path, sizeof path, "%s/%s", BUILDS, name);
    ck_assert_msg(build_load(cat, path, b, err, sizeof err) == 0, "%s", err);
}

static void json_round_trip(const dlrig_build *a)
{
    cJSON *doc = build_to_json(a);
    char *text = cJSON_PrintUnformatted(doc);
    cJSON_Delete(doc);
    dlrig_build b;
    char err[1024];
    ck_assert_msg(build_parse(cat, text, strlen(text), "round.json", &b, err, sizeof err) == 0, "%s: %s", err, text);
    assert_same_build(a, &b);
    build_free(&b);
    cJSON_free(text);
}

START_TEST(round_trip_json)
{
    dlrig_build a;
    load_ok("clean.json", &a);
    ck_assert_uint_eq(a.n_items, 8);
    ck_assert_int_eq(a.items[0].part->category, DLRIG_CAT_GPU);
    ck_assert_int_eq(a.items[0].power_limit_w, 0); /* an old file: no limit */
    ck_assert_uint_eq(a.req.require, DLRIG_REQ_ECC);
    json_round_trip(&a);
    /* The advisor's tier survives a save and a copy */
    ck_assert_ptr_null(a.tier);
    a.tier = xstrdup("Better");
    json_round_trip(&a);
    dlrig_build cp;
    build_copy(&cp, &a);
    ck_assert_str_eq(cp.tier, "Better");
    build_free(&cp);
    /* Every requirement set, a cluster with a switch (cluster scope), a name with quotes and non-ASCII. */
    free(a.name);
    a.name = xstrdup("Lab \"B\" — 3 nodes, ünïcode");
    a.req.model_params_m = 7000.5;
    a.req.nodes = 3;
    a.req.require = DLRIG_REQ_ECC | DLRIG_REQ_NVLINK | DLRIG_REQ_RDMA | DLRIG_REQ_QUIET | DLRIG_REQ_RACKMOUNT;
    build_add(&a, part("nvidia-connectx-7-ndr"), 1);
    build_add(&a, part("nvidia-quantum-2-qm9700"), 1);
    ck_assert(a.items[a.n_items - 1].cluster_scope);
    json_round_trip(&a);
    /* A GPU power limit survives, and makes the file version 2 (version 1 files without one stay version 1). */
    cJSON *v1 = build_to_json(&a);
    ck_assert_int_eq(cJSON_GetObjectItem(v1, "version")->valueint, 1);
    cJSON_Delete(v1);
    ck_assert(build_set_power_limit(&a, a.items[0].part, 200));
    ck_assert(!build_set_power_limit(&a, part("nvidia-connectx-7-ndr"), 200)); /* not a GPU */
    cJSON *v2 = build_to_json(&a);
    ck_assert_int_eq(cJSON_GetObjectItem(v2, "version")->valueint, 2);
    cJSON_Delete(v2);
    json_round_trip(&a);
    /* Nothing given at all. */
    dlrig_build e;
    build_init(&e, NULL);
    json_round_trip(&e);
    build_free(&e);
    build_free(&a);
}
END_TEST

static char *tmpdir_make(void)
{
    char tmpl[] = "/tmp/dlrig-test-build-XXXXXX";
    char *d = mkdtemp(tmpl);
    ck_assert_ptr_nonnull(d);
    return xstrdup(d);
}

/* Names in dir, sorted, comma-separated. */
static char *listing(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d) return xstrdup("<none>");
    char *names[64];
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)) && n < 64)
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) names[n++] = xstrdup(e->d_name);
    closedir(d);
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && strcmp(names[j - 1], names[j]) > 0; j--) {
            char *t = names[j];
            names[j] = names[j - 1];
            names[j - 1] = t;
        }
    strbuf b = {0};
    sb_append(&b, "");
    for (int i = 0; i < n; i++) {
        sb_printf(&b, "%s%s", i ? "," : "", names[i]);
        free(names[i]);
    }
    return sb_take(&b);
}

static void rm_rf(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d) return;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
        char p[512];
        snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
        unlink(p);
    }
    closedir(d);
    rmdir(dir);
}

START_TEST(save_and_load)
{
    char *dir = tmpdir_make();
    char path[512], err[1024];
    snprintf(path, sizeof path, "%s/box.json", dir);
    dlrig_build a, b;
    load_ok("nvlink.unsupported.ok.json", &a);
    ck_assert_msg(build_save(&a, path, false, err, sizeof err) == DLRIG_BUILD_OK, "%s", err);
    ck_assert_msg(build_load(cat, path, &b, err, sizeof err) == DLRIG_BUILD_OK, "%s", err);
    assert_same_build(&a, &b);
    build_free(&b);

    /* overwrite=false on an existing file: refused, file intact. */
    size_t len0, len1;
    char *before = read_file_limit(path, 1 << 20, &len0);
    free(a.name);
    a.name = xstrdup("A different name");
    err[0] = '\0';
    ck_assert_int_eq(build_save(&a, path, false, err, sizeof err), DLRIG_BUILD_EIO);
    ck_assert_msg(strstr(err, path) != NULL, "message does not name the file: %s", err);
    char *after = read_file_limit(path, 1 << 20, &len1);
    ck_assert_uint_eq(len0, len1);
    ck_assert(memcmp(before, after, len0) == 0);
    free(after);
    char *names = listing(dir);
    ck_assert_str_eq(names, "box.json"); /* no temporary file left behind */
    free(names);

    /* overwrite=true replaces it. */
    ck_assert_msg(build_save(&a, path, true, err, sizeof err) == DLRIG_BUILD_OK, "%s", err);
    ck_assert_int_eq(build_load(cat, path, &b, err, sizeof err), 0);
    ck_assert_str_eq(b.name, "A different name");
    build_free(&b);
    names = listing(dir);
    ck_assert_str_eq(names, "box.json");
    free(names);

    free(before);
    build_free(&a);
    rm_rf(dir);
    free(dir);
}
END_TEST

START_TEST(save_into_missing_directory)
{
    char *dir = tmpdir_make();
    char path[512], err[1024] = "";
    snprintf(path, sizeof path, "%s/no/such/dir/box.json", dir);
    dlrig_build a;
    load_ok("clean.json", &a);
    ck_assert_int_eq(build_save(&a, path, false, err, sizeof err), DLRIG_BUILD_EIO);
    ck_assert_msg(strstr(err, path) != NULL, "message does not name the file: %s", err);
    ck_assert_msg(strlen(err) > strlen(path) + 5, "no reason given: %s", err);
    char *names = listing(dir);
    ck_assert_str_eq(names, ""); /* nothing created */
    free(names);
    struct stat st;
    ck_assert_int_ne(stat(path, &st), 0);
    build_free(&a);
    rm_rf(dir);
    free(dir);
}
END_TEST

START_TEST(load_missing_file)
{
    dlrig_build b;
    char err[512];
    ck_assert_int_eq(build_load(cat, "/nonexistent/dir/none.json", &b, err, sizeof err), DLRIG_BUILD_EIO);
    ck_assert_ptr_nonnull(strstr(err, "none.json"));
    build_free(&b);
}
END_TEST

/* ------------------------------------------------------------ placement */

/* A build with a board, n_cpu CPUs and n of one GPU (and optionally a case and drives). */
static void rig(dlrig_build *b, const char *board, const char *cpu, int n_cpu, const char *gpu, int n)
{
    build_init(b, "placement");
    build_add(b, part(gpu), n);
    build_add(b, part(cpu), n_cpu);
    build_add(b, part(board), 1);
}

static void positions(const dlrig_placement *pl, char *buf, size_t len)
{
    size_t k = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < pl->n_cards && k < len; i++)
        k += (size_t)snprintf(buf + k, len - k, "%s%d", i ? "," : "", pl->cards[i].position);
}

#define ASSERT_POSITIONS(pl, want)                                                                                     \
    do {                                                                                                               \
        char got_[128];                                                                                                \
        positions((pl), got_, sizeof got_);                                                                            \
        ck_assert_msg(strcmp(got_, (want)) == 0, "positions %s, want %s", got_, (want));                              \
    } while (0)

START_TEST(four_dual_slot_cards_on_seven_positions)
{
    /* WRX90E-SAGE SE: 7 positions, x16 at 1, 3, 4, 5, 6, 7 and x8 at 2.  A dual-slot
     * card in position 7 hangs below the board: it needs an 8th bracket in the case. */
    dlrig_build b;
    rig(&b, "asus-pro-ws-wrx90e-sage-se", "amd-threadripper-pro-7975wx", 1, "nvidia-quadro-rtx-6000", 4);
    build_add(&b, part("fractal-define-7"), 1); /* 7 slots */
    dlrig_placement pl;
    place_build(&b, &pl);
    ck_assert_int_eq(pl.overhang, 0);
    ck_assert_uint_eq(pl.n_unplaced, 1);
    ASSERT_POSITIONS(&pl, "1,3,5,0");
    build_set_category(&b, DLRIG_CAT_CASE, part("phanteks-enthoo-pro-2-server"), 1); /* 8 slots */
    place_build(&b, &pl);
    ck_assert_int_eq(pl.overhang, 1);
    ck_assert_uint_eq(pl.n_cards, 4);
    ck_assert_uint_eq(pl.n_unplaced, 0);
    ASSERT_POSITIONS(&pl, "1,3,5,7");
    for (int i = 0; i < 4; i++) {
        ck_assert_int_eq(pl.cards[i].width, 2);
        ck_assert_int_eq(pl.cards[i].link_width, 16); /* the x8 slot 2 is covered, not used */
        ck_assert_int_eq(pl.cards[i].link_gen, 3);    /* Turing card: PCIe 3.0 */
        ck_assert(!pl.cards[i].gap_after);
    }
    /* Deterministic. */
    dlrig_placement again;
    place_build(&b, &again);
    ck_assert(memcmp(&pl, &again, sizeof pl) == 0);
    /* Two cards keep an air gap between them, on x16 slots. */
    build_set_qty(&b, part("nvidia-quadro-rtx-6000"), 2);
    place_build(&b, &pl);
    ck_assert_uint_eq(pl.n_unplaced, 0);
    ck_assert(pl.cards[0].gap_after);
    ck_assert_int_eq(pl.cards[0].link_width, 16);
    ck_assert_int_eq(pl.cards[1].link_width, 16);
    ck_assert_int_ge(pl.cards[1].position - pl.cards[0].position, 3);
    build_free(&b);
}
END_TEST

START_TEST(three_slot_cards_skip_a_slot)
{
    /* x16 slots at 1, 3, 5: a 3-slot card in 1 covers 3. */
    dlrig_build b;
    rig(&b, "asus-pro-ws-trx50-sage-wifi", "amd-threadripper-7960x", 1, "nvidia-rtx-4090", 2);
    dlrig_placement pl;
    place_build(&b, &pl);
    ck_assert_uint_eq(pl.n_unplaced, 0);
    ASSERT_POSITIONS(&pl, "1,5");
    ck_assert_int_eq(pl.cards[0].width, 3);
    /* A third one has nowhere to go. */
    build_set_qty(&b, part("nvidia-rtx-4090"), 3);
    place_build(&b, &pl);
    ck_assert_uint_eq(pl.n_unplaced, 1);
    ASSERT_POSITIONS(&pl, "1,5,0");
    build_free(&b);
    /* On the 1,3,5,7 board of the T640 (two CPUs): 1 and 5 again. */
    rig(&b, "dell-poweredge-t640-board", "intel-xeon-gold-6248r", 2, "nvidia-rtx-4090", 2);
    place_build(&b, &pl);
    ASSERT_POSITIONS(&pl, "1,5");
    build_free(&b);
}
END_TEST

START_TEST(second_cpu_slots)
{
    /* Dell T640 board: x16 at 1, 3 (CPU 1) and 5, 7 (CPU 2). */
    dlrig_build b;
    rig(&b, "dell-poweredge-t640-board", "intel-xeon-gold-6248r", 1, "nvidia-quadro-rtx-6000", 4);
    dlrig_placement pl;
    place_build(&b, &pl);
    ck_assert_uint_eq(pl.n_unplaced, 2);
    ASSERT_POSITIONS(&pl, "1,3,0,0");
    for (int i = 0; i < 2; i++) ck_assert_int_eq(pl.cards[i].attached_to, DLRIG_ATTACH_CPU1);
    build_set_qty(&b, part("intel-xeon-gold-6248r"), 2);
    place_build(&b, &pl);
    ck_assert_uint_eq(pl.n_unplaced, 0);
    ASSERT_POSITIONS(&pl, "1,3,5,7");
    ck_assert_int_eq(pl.cards[0].attached_to, DLRIG_ATTACH_CPU1);
    ck_assert_int_eq(pl.cards[1].attached_to, DLRIG_ATTACH_CPU1);
    ck_assert_int_eq(pl.cards[2].attached_to, DLRIG_ATTACH_CPU2);
    ck_assert_int_eq(pl.cards[3].attached_to, DLRIG_ATTACH_CPU2);
    build_free(&b);
}
END_TEST

START_TEST(lane_sharing_by_slot)
{
    /* ProArt X670E: slot 1 drops to x8 when slot 4 (x8) is used; slot 6 is x2 from the chipset.
     * Three cards in a case with a position below the board: 1, 4, 6. */
    dlrig_build b;
    rig(&b, "asus-proart-x670e-creator-wifi", "amd-ryzen-9-7950x", 1, "nvidia-rtx-4500-ada", 3);
    build_add(&b, part("phanteks-enthoo-pro-2"), 1); /* 8 expansion slots: one below the board */
    dlrig_placement pl;
    place_build(&b, &pl);
    ck_assert_int_eq(pl.overhang, 1);
    ck_assert_uint_eq(pl.n_unplaced, 0);
    ASSERT_POSITIONS(&pl, "1,4,6");
    ck_assert_int_eq(pl.cards[0].link_width, 8); /* narrowed by the card in slot 4 */
    ck_assert_int_eq(pl.cards[1].link_width, 8);
    ck_assert_int_eq(pl.cards[2].link_width, 2);
    ck_assert_int_eq(pl.cards[2].attached_to, DLRIG_ATTACH_CHIPSET);
    ck_assert_int_eq(pl.cards[2].link_gen, 4);
    /* One card alone keeps x16. */
    build_set_qty(&b, part("nvidia-rtx-4500-ada"), 1);
    place_build(&b, &pl);
    ASSERT_POSITIONS(&pl, "1");
    ck_assert_int_eq(pl.cards[0].link_width, 16);
    build_free(&b);
}
END_TEST

START_TEST(two_cards_take_cpu_x8_x8)
{
    /* Two GPUs on an AM5 board with CPU x16 (x8 when slot 4 is used), CPU x8 at 4 and a
     * chipset x2/x4 slot at 6: x8/x8 on the CPU, not x16 plus the chipset slot, whose
     * narrow link would bind every all-reduce. */
    static const char *const boards[] = {"asus-proart-x670e-creator-wifi", "asus-proart-x870e-creator-wifi",
                                         "msi-meg-x670e-ace"};
    for (size_t k = 0; k < sizeof boards / sizeof boards[0]; k++) {
        dlrig_build b;
        rig(&b, boards[k], "amd-ryzen-9-7950x", 1, "nvidia-rtx-a6000", 2);
        build_add(&b, part("phanteks-enthoo-pro-2"), 1); /* 8 expansion slots: slot 6 has room */
        dlrig_placement pl;
        place_build(&b, &pl);
        ck_assert_uint_eq(pl.n_unplaced, 0);
        ASSERT_POSITIONS(&pl, "1,4");
        for (int i = 0; i < 2; i++) {
            ck_assert_int_eq(pl.cards[i].link_width, 8);
            ck_assert_int_eq(pl.cards[i].attached_to, DLRIG_ATTACH_CPU1);
        }
        build_free(&b);
    }
}
END_TEST

START_TEST(lane_sharing_by_m2)
{
    /* Z790 AORUS MASTER: slot 1 drops to x8 when M2A_CPU (socket 1) holds a drive.
     * Drives fill the sockets that share nothing first: the fifth takes socket 1. */
    dlrig_build b;
    rig(&b, "gigabyte-z790-aorus-master", "intel-core-i9-14900k", 1, "nvidia-rtx-4500-ada", 1);
    build_add(&b, part("samsung-990-pro-2tb"), 4);
    dlrig_placement pl;
    place_build(&b, &pl);
    ck_assert_int_eq(pl.m2_used, 4);
    ASSERT_POSITIONS(&pl, "1");
    ck_assert_int_eq(pl.cards[0].link_width, 16);
    build_set_qty(&b, part("samsung-990-pro-2tb"), 5);
    place_build(&b, &pl);
    ck_assert_int_eq(pl.m2_used, 5);
    ASSERT_POSITIONS(&pl, "1");
    ck_assert_int_eq(pl.cards[0].link_width, 8);
    build_free(&b);
}
END_TEST

START_TEST(too_many_cards)
{
    dlrig_build b;
    rig(&b, "asus-pro-ws-wrx90e-sage-se", "amd-threadripper-pro-7975wx", 1, "nvidia-quadro-rtx-6000", 5);
    build_add(&b, part("phanteks-enthoo-pro-2-server"), 1);
    dlrig_placement pl;
    place_build(&b, &pl);
    ck_assert_uint_eq(pl.n_cards, 5);
    ck_assert_uint_eq(pl.n_unplaced, 1);
    ASSERT_POSITIONS(&pl, "1,3,5,7,0"); /* the unplaced card last */
    build_free(&b);
    /* No board: nothing can be placed. */
    build_init(&b, NULL);
    build_add(&b, part("nvidia-rtx-4090"), 2);
    place_build(&b, &pl);
    ck_assert_uint_eq(pl.n_cards, 2);
    ck_assert_uint_eq(pl.n_unplaced, 2);
    build_free(&b);
    /* More cards than DLRIG_MAX_CARDS: bounded, no overflow. */
    rig(&b, "dell-dss8440-board", "intel-xeon-gold-6248r", 2, "nvidia-tesla-t4", 40);
    place_build(&b, &pl);
    ck_assert_uint_le(pl.n_cards, DLRIG_MAX_CARDS);
    ck_assert_uint_gt(pl.n_unplaced, 0);
    build_free(&b);
}
END_TEST

START_TEST(nics_after_gpus)
{
    dlrig_build b;
    load_ok("clean.json", &b); /* TRX50 AERO D: x16 at 1, 4, 7; two dual-slot GPUs */
    build_add(&b, part("nvidia-connectx-7-ndr"), 1);
    dlrig_placement pl;
    place_build(&b, &pl);
    ck_assert_uint_eq(pl.n_cards, 3);
    ck_assert_uint_eq(pl.n_unplaced, 0);
    ASSERT_POSITIONS(&pl, "1,4,7");
    ck_assert_int_eq(pl.cards[2].part->category, DLRIG_CAT_NIC);
    ck_assert_int_eq(pl.cards[2].width, 1);
    ck_assert_int_eq(pl.cards[0].link_width, 16);
    ck_assert_int_eq(pl.cards[1].link_width, 16);
    /* A cluster-scope line is not in the node. */
    build_add(&b, part("nvidia-quantum-2-qm9700"), 1);
    place_build(&b, &pl);
    ck_assert_uint_eq(pl.n_cards, 3);
    build_free(&b);
}
END_TEST

/* ------------------------------------------------------------ the model */

START_TEST(build_editing)
{
    dlrig_build b;
    build_init(&b, NULL);
    ck_assert_str_eq(b.name, "Untitled build");
    const dlrig_part *g = part("nvidia-rtx-4090"), *g2 = part("nvidia-rtx-5090"), *c = part("amd-ryzen-9-7950x");
    build_add(&b, c, 1);
    build_add(&b, g, 1);
    build_add(&b, g, 2);
    ck_assert_uint_eq(b.n_items, 2);
    ck_assert_int_eq(build_count(&b, DLRIG_CAT_GPU), 3);
    build_set_category(&b, DLRIG_CAT_GPU, g2, 2);
    int q;
    ck_assert_ptr_eq(build_first(&b, DLRIG_CAT_GPU, &q), g2);
    ck_assert_int_eq(q, 2);
    ck_assert_ptr_eq(b.items[1].part, g2); /* kept its place in the list */
    dlrig_build copy;
    build_copy(&copy, &b);
    build_set_qty(&b, g2, 0);
    ck_assert_int_eq(build_count(&b, DLRIG_CAT_GPU), 0);
    ck_assert_int_eq(build_count(&copy, DLRIG_CAT_GPU), 2); /* deep copy */
    build_free(&copy);
    build_free(&b);
}
END_TEST

/* "owned" (version 4): kept through a save and a load, written only where a
 * line is owned (an older file saves as it was), priced 0 by
 * build_line_price; more of an owned part is a second line of the part, to
 * buy (priced), beside the owned units. */
START_TEST(owned_lines_round_trip)
{
    char err[1024];
    dlrig_build b;
    /* a version 1 file has no owned line and saves as version 1 */
    ck_assert_int_eq(parse_str("{\"format\":\"dlrig-build\",\"version\":1,\"parts\":[{\"id\":\"nvidia-rtx-4090\"}]}", &b,
                               err, sizeof err),
                     0);
    ck_assert(!b.items[0].owned);
    cJSON *doc = build_to_json(&b);
    ck_assert_int_eq(cJSON_GetObjectItemCaseSensitive(doc, "version")->valueint, 1);
    char *text = build_to_text(&b);
    ck_assert_ptr_null(strstr(text, "owned"));
    free(text);
    cJSON_Delete(doc);
    build_free(&b);
    /* owned lines come back owned; the others not */
    ck_assert_int_eq(parse_str("{\"format\":\"dlrig-build\",\"version\":4,\"parts\":[{\"id\":\"nvidia-rtx-4090\",\"qty\":2,"
                               "\"owned\":true},{\"id\":\"amd-ryzen-9-7950x\",\"owned\":false},"
                               "{\"id\":\"samsung-990-pro-2tb\"}]}",
                               &b, err, sizeof err),
                     0);
    ck_assert(b.items[0].owned);
    ck_assert(!b.items[1].owned);
    ck_assert(!b.items[2].owned);
    ck_assert_uint_eq(build_owned_lines(&b), 1);
    dlrig_price pr = build_line_price(&b, &b.items[0]);
    ck_assert(pr.owned);
    ck_assert(price_known(&pr));
    ck_assert(pr.usd == 0);
    ck_assert(build_line_usd(&b, &b.items[0]) == 0);
    ck_assert(build_line_usd(&b, &b.items[1]) > 0);
    text = build_to_text(&b);
    dlrig_build back;
    ck_assert_int_eq(build_parse(cat, text, strlen(text), "saved.json", &back, err, sizeof err), 0);
    ck_assert_ptr_nonnull(strstr(text, "\"version\": 4"));
    ck_assert_ptr_nonnull(strstr(text, "\"owned\": true"));
    ck_assert_ptr_null(strstr(text, "\"owned\": false"));
    free(text);
    ck_assert(back.items[0].owned);
    ck_assert(!back.items[1].owned);
    build_free(&back);
    /* a copy keeps the flag; more of an owned part is a second line, to buy */
    dlrig_build copy;
    build_copy(&copy, &b);
    ck_assert(copy.items[0].owned);
    build_set_qty(&copy, part("nvidia-rtx-4090"), 1); /* fewer: still owned */
    ck_assert(copy.items[0].owned && copy.items[0].qty == 1);
    build_set_qty(&copy, part("nvidia-rtx-4090"), 3); /* more than owned: 1 owned + 2 to buy */
    ck_assert(copy.items[0].owned && copy.items[0].qty == 1);
    ck_assert(copy.items[1].part == part("nvidia-rtx-4090") && !copy.items[1].owned && copy.items[1].qty == 2);
    ck_assert_int_eq(build_qty_of(&copy, part("nvidia-rtx-4090")), 3);
    ck_assert_int_eq(build_count(&copy, DLRIG_CAT_GPU), 3);
    /* the two lines survive a save and a load; the same part twice with the same flag does not load */
    text = build_to_text(&copy);
    ck_assert_int_eq(build_parse(cat, text, strlen(text), "split.json", &back, err, sizeof err), 0);
    ck_assert(back.items[0].owned && !back.items[1].owned && back.items[1].qty == 2);
    build_free(&back);
    free(text);
    ck_assert_int_eq(parse_str("{\"format\":\"dlrig-build\",\"version\":4,\"parts\":[{\"id\":\"nvidia-rtx-4090\","
                               "\"owned\":true},{\"id\":\"nvidia-rtx-4090\",\"owned\":true}]}",
                               &back, err, sizeof err),
                     DLRIG_BUILD_EINVAL);
    ck_assert_msg(strstr(err, "listed twice") != NULL, "%s", err);
    build_free(&back);
    build_set_qty(&copy, part("nvidia-rtx-4090"), 2); /* fewer again: the bought units go first */
    ck_assert(copy.items[0].owned && copy.items[0].qty == 1 && copy.items[1].qty == 1);
    build_set_qty(&copy, part("nvidia-rtx-4090"), 1);
    ck_assert(copy.items[0].owned && copy.items[0].qty == 1 && copy.items[1].part != part("nvidia-rtx-4090"));
    build_free(&copy);
    build_add(&b, part("nvidia-rtx-4090"), 1); /* added units are bought: the owned line stays */
    ck_assert(b.items[0].owned && b.items[0].qty == 2);
    ck_assert(!b.items[1].owned && b.items[1].part == part("nvidia-rtx-4090") && b.items[1].qty == 1);
    ck_assert(!build_set_owned(&b, part("nvidia-rtx-5090"), true));
    /* every unit to buy, then every unit owned: one line of the total each time */
    size_t lines = b.n_items;
    ck_assert(build_own_all(&b, part("nvidia-rtx-4090"), false));
    ck_assert_uint_eq(b.n_items, lines - 1);
    ck_assert(!b.items[0].owned && b.items[0].qty == 3 && build_qty_of(&b, part("nvidia-rtx-4090")) == 3);
    ck_assert(build_own_all(&b, part("nvidia-rtx-4090"), true));
    ck_assert(b.items[0].owned && b.items[0].qty == 3 && build_owned_lines(&b) == 1);
    ck_assert(!build_own_all(&b, part("nvidia-rtx-5090"), true));
    build_free(&b);
}
END_TEST

/* A name dlrig generated follows the build: the advisor's (its GPUs) after a
 * GPU swap, the wizard's (workload and budget) after a budget change; a
 * user's name stays.  Saved as version 3 with "name_from"; a file whose
 * generated name went stale (saved by an older dlrig, or edited by hand) is
 * renamed as it loads; files without the field keep their names. */
START_TEST(generated_names_follow_the_build)
{
    dlrig_build b;
    build_init(&b, NULL);
    b.req.nodes = 1;
    snprintf(b.req.workload, sizeof b.req.workload, "transformer");
    b.req.budget_usd = 40000;
    build_add(&b, part("amd-radeon-rx-7900-xtx"), 2);
    build_name_by(cat, &b, DLRIG_NAME_GPUS);
    ck_assert_str_eq(b.name, "2 x Radeon RX 7900 XTX");
    build_set_category(&b, DLRIG_CAT_GPU, part("nvidia-rtx-3090-ti"), 2);
    ck_assert(build_refresh_name(cat, &b));
    ck_assert_str_eq(b.name, "2 x GeForce RTX 3090 Ti");
    ck_assert(!build_refresh_name(cat, &b)); /* nothing changed */
    build_set_power_limit(&b, part("nvidia-rtx-3090-ti"), 350);
    build_refresh_name(cat, &b);
    ck_assert_str_eq(b.name, "2 x GeForce RTX 3090 Ti at 350 W");
    /* saved as version 3, and read back the same */
    cJSON *doc = build_to_json(&b);
    ck_assert_int_eq(cJSON_GetObjectItemCaseSensitive(doc, "version")->valueint, 3);
    ck_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(doc, "name_from")), "gpus");
    char *text = cJSON_PrintUnformatted(doc);
    cJSON_Delete(doc);
    dlrig_build back;
    char err[512];
    ck_assert_int_eq(build_parse(cat, text, strlen(text), "gen.json", &back, err, sizeof err), 0);
    ck_assert_int_eq(back.name_from, DLRIG_NAME_GPUS);
    ck_assert_str_eq(back.name, b.name);
    build_free(&back);
    cJSON_free(text);
    /* the wizard's name: workload and budget */
    build_name_by(cat, &b, DLRIG_NAME_REQUIREMENTS);
    ck_assert_str_eq(b.name, "Transformer fine-tuning, $40,000");
    b.req.budget_usd = 30000;
    build_refresh_name(cat, &b);
    ck_assert_str_eq(b.name, "Transformer fine-tuning, $30,000");
    /* the user's name stays */
    build_set_user_name(&b, "Riverside lab");
    b.req.budget_usd = 20000;
    ck_assert(!build_refresh_name(cat, &b));
    ck_assert_str_eq(b.name, "Riverside lab");
    doc = build_to_json(&b);
    ck_assert_int_eq(cJSON_GetObjectItemCaseSensitive(doc, "version")->valueint, 2); /* the power limit's */
    ck_assert_ptr_null(cJSON_GetObjectItemCaseSensitive(doc, "name_from"));
    cJSON_Delete(doc);
    build_free(&b);
    /* a stale generated name is renamed as the file loads; one without name_from is kept */
    const char *stale = "{\"format\":\"dlrig-build\",\"version\":3,\"name\":\"2 x Radeon RX 7900 XTX\",\"name_from\":"
                        "\"gpus\",\"parts\":[{\"id\":\"nvidia-rtx-3090-ti\",\"qty\":2}]}";
    ck_assert_int_eq(build_parse(cat, stale, strlen(stale), "stale.json", &back, err, sizeof err), 0);
    ck_assert_str_eq(back.name, "2 x GeForce RTX 3090 Ti");
    build_free(&back);
    const char *old = "{\"format\":\"dlrig-build\",\"version\":1,\"name\":\"2 x Radeon RX 7900 XTX\","
                      "\"parts\":[{\"id\":\"nvidia-rtx-3090-ti\",\"qty\":2}]}";
    ck_assert_int_eq(build_parse(cat, old, strlen(old), "old.json", &back, err, sizeof err), 0);
    ck_assert_str_eq(back.name, "2 x Radeon RX 7900 XTX");
    ck_assert_int_eq(back.name_from, DLRIG_NAME_USER);
    build_free(&back);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("build");
    TCase *tc = tcase_create("parse");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_loop_test(tc, bad_file_names_the_field, 0, (int)(sizeof bad / sizeof bad[0]));
    tcase_add_test(tc, every_bad_file_is_tested);
    tcase_add_test(tc, parse_edge_cases);
    tcase_add_test(tc, parse_respects_len);
    suite_add_tcase(s, tc);
    tc = tcase_create("files");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, round_trip_json);
    tcase_add_test(tc, generated_names_follow_the_build);
    tcase_add_test(tc, owned_lines_round_trip);
    tcase_add_test(tc, save_and_load);
    tcase_add_test(tc, save_into_missing_directory);
    tcase_add_test(tc, load_missing_file);
    suite_add_tcase(s, tc);
    tc = tcase_create("placement");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, four_dual_slot_cards_on_seven_positions);
    tcase_add_test(tc, three_slot_cards_skip_a_slot);
    tcase_add_test(tc, second_cpu_slots);
    tcase_add_test(tc, lane_sharing_by_slot);
    tcase_add_test(tc, two_cards_take_cpu_x8_x8);
    tcase_add_test(tc, lane_sharing_by_m2);
    tcase_add_test(tc, too_many_cards);
    tcase_add_test(tc, nics_after_gpus);
    tcase_add_test(tc, build_editing);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}
