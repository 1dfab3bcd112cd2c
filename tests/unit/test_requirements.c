/* Requirements tests: every field of the requirements table round-trips
 * typed text -> struct -> build file JSON -> parse -> the same struct; values
 * past a field's limits are refused by the typed-text parser and the file
 * reader alike, with the field named; the units parse; the build file
 * version follows the fields; every field is an option of `dlrig recommend`. */
#include <check.h>
#include <sqlite3.h>
#include <dirent.h>
#include <sys/wait.h>
#include <unistd.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlrig/build.h"
#include "dlrig/catalog.h"
#include "dlrig/fix.h"
#include "dlrig/llm.h"
#include "dlrig/gpurate.h"
#include "dlrig/perf.h"
#include "dlrig/power.h"
#include "dlrig/rules.h"
#include "dlrig/requirements.h"
#include "dlrig/util.h"

static dlrig_catalog *cat;

static void setup(void)
{
    char err[512];
    cat = catalog_open(NULL, err, sizeof err);
    ck_assert_msg(cat != NULL, "%s", err);
}

static void teardown(void) { catalog_close(cat); }

/* A typed value for a field, derived from its row, at the edge of what it
 * accepts (the upper limit in the field's unit, the last choice, ...). */
static void sample_text(const dlrig_reqfield *f, char *buf, size_t len)
{
    switch (f->kind) {
    case DLRIG_RK_ENUM: {
        int n = 0;
        while (f->choices[n + 1]) n++;
        snprintf(buf, len, "%s", f->choices[n]);
        break;
    }
    case DLRIG_RK_ENUM_BITS: snprintf(buf, len, "4.85"); break;
    case DLRIG_RK_CATALOG: {
        const char *const *ids = requirements_choices(f, cat);
        int n = 0;
        while (ids[n + 1]) n++;
        snprintf(buf, len, "%s", ids[n]);
        break;
    }
    case DLRIG_RK_STRING: snprintf(buf, len, "Qwen/Qwen2.5-72B-Instruct"); break;
    case DLRIG_RK_BOOL: snprintf(buf, len, "yes"); break;
    case DLRIG_RK_FLAGS: {
        strbuf b = {0};
        requirements_join(&b, f->choices);
        snprintf(buf, len, "%s", b.s);
        sb_free(&b);
        break;
    }
    case DLRIG_RK_NUMBER:
    case DLRIG_RK_WHOLE: requirements_format_amount(f->unit, f->hi, buf, len); break;
    }
}

/* Typed text -> struct -> JSON -> struct, one field at a time and all at once. */
/* Precision, environment and must-haves are vocab.h X-macros: the string
 * lists of the command line and the enums the rules compare come from one
 * list, and a requirement decodes to its member (UNKNOWN when not given). */
START_TEST(vocabularies_decode)
{
    dlrig_requirements r;
    requirements_init(&r);
    ck_assert_int_eq(requirements_precision(&r), DLRIG_PRECISION_UNKNOWN);
    ck_assert_int_eq(requirements_environment(&r), DLRIG_ENV_UNKNOWN);
    for (int i = 0; i < DLRIG_PRECISION_COUNT; i++) {
        snprintf(r.precision, sizeof r.precision, "%s", dlrig_precision_ids[i]);
        ck_assert_int_eq(requirements_precision(&r), i);
    }
    ck_assert_ptr_null(dlrig_precision_ids[DLRIG_PRECISION_COUNT]);
    snprintf(r.precision, sizeof r.precision, "bf16");
    ck_assert_int_eq(requirements_precision(&r), DLRIG_PRECISION_BF16);
    snprintf(r.environment, sizeof r.environment, "office");
    ck_assert_int_eq(requirements_environment(&r), DLRIG_ENV_OFFICE);
    ck_assert_ptr_null(dlrig_environment_ids[DLRIG_ENV_COUNT]);
    ck_assert_str_eq(dlrig_require_ids[DLRIG_MUST_QUIET], "quiet");
    ck_assert_int_eq(DLRIG_REQ_QUIET, 1 << DLRIG_MUST_QUIET);
    ck_assert_ptr_null(dlrig_require_ids[DLRIG_MUST_COUNT]);
}
END_TEST

/* The words a customer reads for each requirement: every choice of a closed
 * list has a label, no value is shown as its id, circuits by volts and amps,
 * catalog rows by their names; the budget (a planning input) is left out. */
START_TEST(reader_words_not_ids)
{
    size_t nf;
    const dlrig_reqfield *f = requirements_fields(&nf);
    char buf[400], err[512];
    for (size_t i = 0; i < nf; i++) {
        const char *const *ids = requirements_choices(&f[i], cat);
        if (f[i].kind == DLRIG_RK_BOOL) ck_assert_msg((f[i].labels && f[i].labels[0] && f[i].labels[1]) ||
                                                      f[i].planning, "%s: no words for no and yes", f[i].key);
        if (!ids) continue;
        for (size_t k = 0; ids[k]; k++) {
            if (f[i].kind != DLRIG_RK_CATALOG)
                ck_assert_msg(f[i].labels && f[i].labels[k] && *f[i].labels[k], "%s: no label for '%s'", f[i].key,
                              ids[k]);
            dlrig_requirements r;
            requirements_init(&r);
            ck_assert_int_eq(requirements_parse_text(&f[i], ids[k], f[i].option, cat, &r, err, sizeof err), 0);
            ck_assert_ptr_nonnull(requirements_format_reader(&f[i], &r, cat, buf, sizeof buf));
            /* an id of letters alone ("office", "pytorch") may read the same but for its case */
            bool plain = strspn(ids[k], "abcdefghijklmnopqrstuvwxyz") == strlen(ids[k]);
            ck_assert_msg(plain ? strcmp(buf, ids[k]) != 0 : strstr(buf, ids[k]) == NULL, "%s: '%s' shown as '%s'",
                          f[i].key, ids[k], buf);
        }
    }
    static const struct {
        const char *key, *text, *want;
    } cases[] = {
        {"environment", "server-room", "Server room"},
        {"circuit", "208v-30a", "208 V / 30 A circuit"},
        {"circuit", "120v-15a", "120 V / 15 A circuit"},
        {"precision", "mixed-fp16", "Mixed precision (FP16)"},
        {"require", "ecc,quiet", "ECC memory (GPU and RAM), Quiet (desk-side)"},
        {"framework", "pytorch", "PyTorch"},
        {"model", "llama-3.3-70b", "Llama 3.3 70B"},
        {"model_params_m", "70B", "70B parameters"},
        {"dataset_gb", "1.5TB", "1.5 TB"},
        {"context_tokens", "4096", "4,096 tokens"},
        {"batch", "1", "1 sequence"},
        {"weights", "4.85", "4.85 bits per weight"},
        {"method", "qlora", "QLoRA fine-tuning (4-bit base model)"},
        {"weights", "q4_k_m", "GGUF Q4_K_M (4-bit)"},
        {"min_gpus", "1", "1 GPU a node"},
        {"max_gpus", "4", "4 GPUs a node"},
        {"also_model", "llama-3.1-8b", "Llama 3.1 8B"},
        {"also_method", "qlora", "QLoRA fine-tuning (4-bit base model)"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const dlrig_reqfield *fi = requirements_field(cases[i].key);
        dlrig_requirements r;
        requirements_init(&r);
        ck_assert_msg(requirements_parse_text(fi, cases[i].text, fi->option, cat, &r, err, sizeof err) == 0, "%s", err);
        ck_assert_ptr_nonnull(requirements_format_reader(fi, &r, cat, buf, sizeof buf));
        ck_assert_str_eq(buf, cases[i].want);
    }
    dlrig_requirements r;
    requirements_init(&r);
    r.budget_usd = 16474;
    ck_assert_ptr_null(requirements_format_reader(requirements_field("budget_usd"), &r, cat, buf, sizeof buf));
}
END_TEST

START_TEST(every_field_round_trips)
{
    size_t nf;
    const dlrig_reqfield *f = requirements_fields(&nf);
    ck_assert_uint_ge(nf, 18);
    dlrig_requirements all;
    requirements_init(&all);
    for (size_t i = 0; i < nf; i++) {
        char text[128], err[1024];
        sample_text(&f[i], text, sizeof text);
        dlrig_requirements one;
        requirements_init(&one);
        ck_assert_msg(requirements_parse_text(&f[i], text, f[i].option, cat, &one, err, sizeof err) == 0,
                      "%s '%s': %s", f[i].key, text, err);
        ck_assert_msg(requirements_given(&f[i], &one), "%s '%s' parsed but is not given", f[i].key, text);
        ck_assert_int_eq(requirements_version(&one), f[i].version);
        ck_assert_int_eq(requirements_parse_text(&f[i], text, f[i].option, cat, &all, err, sizeof err), 0);
        /* the display shows it */
        char shown[200];
        ck_assert_ptr_nonnull(requirements_format(&f[i], &one, cat, shown, sizeof shown));
        cJSON *o = cJSON_CreateObject();
        requirements_to_json(&one, o);
        ck_assert_msg(cJSON_GetObjectItemCaseSensitive(o, f[i].key) != NULL, "%s not written", f[i].key);
        dlrig_requirements back;
        requirements_init(&back);
        int rc = requirements_from_json(cat, o, &back, "t", err, sizeof err);
        cJSON_Delete(o);
        ck_assert_msg(rc == 0, "%s: %s", f[i].key, err);
        ck_assert_msg(memcmp(&one, &back, sizeof one) == 0, "%s '%s' changed through JSON", f[i].key, text);
    }
    /* through a whole build file, on disk format */
    dlrig_build b, back;
    build_init(&b, "Every requirement");
    b.req = all;
    cJSON *doc = build_to_json(&b);
    ck_assert_int_eq(cJSON_GetObjectItemCaseSensitive(doc, "version")->valueint, 2);
    char *text = cJSON_Print(doc);
    cJSON_Delete(doc);
    char err[1024];
    int rc = build_parse(cat, text, strlen(text), "all.json", &back, err, sizeof err);
    ck_assert_msg(rc == 0, "%s\n%s", err, text);
    ck_assert_msg(memcmp(&b.req, &back.req, sizeof b.req) == 0, "requirements changed through the file:\n%s", text);
    cJSON_free(text);
    build_free(&b);
    build_free(&back);
}
END_TEST

/* Past the upper limit: refused when typed and when read from a file, the
 * message naming the field and (typed) the limit in the field's unit. */
START_TEST(out_of_range_names_the_field)
{
    size_t nf;
    const dlrig_reqfield *f = requirements_fields(&nf);
    int checked = 0;
    for (size_t i = 0; i < nf; i++) {
        if (f[i].kind != DLRIG_RK_NUMBER && f[i].kind != DLRIG_RK_WHOLE) continue;
        char text[64], limit[64], err[1024];
        requirements_format_amount(f[i].unit, f[i].hi * 10, text, sizeof text);
        requirements_format_amount(f[i].unit, f[i].hi, limit, sizeof limit);
        dlrig_requirements r;
        requirements_init(&r);
        ck_assert_msg(requirements_parse_text(&f[i], text, f[i].label, cat, &r, err, sizeof err) != 0, "%s '%s'",
                      f[i].key, text);
        ck_assert_msg(strstr(err, f[i].label) && strstr(err, limit) && strstr(err, "out of range"), "%s", err);
        ck_assert(!requirements_given(&f[i], &r));
        /* below the lower limit too */
        snprintf(text, sizeof text, "%g", f[i].kind == DLRIG_RK_WHOLE ? f[i].lo - 1 : f[i].lo);
        ck_assert_msg(requirements_parse_text(&f[i], text, f[i].label, cat, &r, err, sizeof err) != 0, "%s '%s'",
                      f[i].key, text);
        /* the file reader */
        cJSON *o = cJSON_CreateObject();
        cJSON_AddNumberToObject(o, f[i].key, f[i].hi * 10);
        char key[80];
        snprintf(key, sizeof key, "requirements.%s", f[i].key);
        ck_assert_int_eq(requirements_from_json(cat, o, &r, "t.json", err, sizeof err), DLRIG_BUILD_EINVAL);
        ck_assert_msg(strstr(err, key) && strstr(err, "out of range"), "%s", err);
        cJSON_Delete(o);
        checked++;
    }
    ck_assert_int_ge(checked, 7);
    /* the other kinds name the field too */
    char err[1024];
    dlrig_requirements r;
    requirements_init(&r);
    ck_assert_int_ne(requirements_parse_text(requirements_field("weights"), "int3", "--weights", cat, &r, err,
                                             sizeof err), 0);
    ck_assert_ptr_nonnull(strstr(err, "--weights: unknown value 'int3'"));
    ck_assert_int_ne(requirements_parse_text(requirements_field("weights"), "33", "--weights", cat, &r, err,
                                             sizeof err), 0);
    ck_assert_int_ne(requirements_parse_text(requirements_field("model"), "a b;rm", "--model", cat, &r, err,
                                             sizeof err), 0);
    ck_assert_ptr_nonnull(strstr(err, "--model: expected a name"));
    ck_assert_int_ne(requirements_parse_text(requirements_field("framework"), "torch", "--framework", cat, &r, err,
                                             sizeof err), 0);
    ck_assert_ptr_nonnull(strstr(err, "unknown framework 'torch'"));
    ck_assert_int_ne(requirements_parse_text(requirements_field("batch"), "2.5", "--batch", cat, &r, err,
                                             sizeof err), 0);
    ck_assert_ptr_nonnull(strstr(err, "whole number"));
    cJSON *o = cJSON_Parse("{\"method\": \"pretrain\"}");
    ck_assert_int_eq(requirements_from_json(cat, o, &r, "t.json", err, sizeof err), DLRIG_BUILD_EINVAL);
    ck_assert_ptr_nonnull(strstr(err, "requirements.method: unknown value 'pretrain'; expected one of inference"));
    cJSON_Delete(o);
    o = cJSON_Parse("{\"weights\": 64}");
    ck_assert_int_eq(requirements_from_json(cat, o, &r, "t.json", err, sizeof err), DLRIG_BUILD_EINVAL);
    ck_assert_ptr_nonnull(strstr(err, "requirements.weights: 64 is out of range"));
    cJSON_Delete(o);
}
END_TEST

/* The units a user types, with the values they mean. */
START_TEST(units)
{
    static const struct {
        dlrig_unit u;
        const char *text;
        double want;
    } cases[] = {
        {DLRIG_UNIT_PARAMS_M, "350M", 350},     {DLRIG_UNIT_PARAMS_M, "13B", 13000},
        {DLRIG_UNIT_PARAMS_M, "1.3T", 1.3e6},   {DLRIG_UNIT_PARAMS_M, "350", 350},
        {DLRIG_UNIT_PARAMS_M, "500k", 0.5},     {DLRIG_UNIT_GB, "800", 800},
        {DLRIG_UNIT_GB, "3TB", 3000},           {DLRIG_UNIT_GB, "500MB", 0.5},
        {DLRIG_UNIT_GB, "1.5PB", 1.5e6},        {DLRIG_UNIT_USD, "12500", 12500},
        {DLRIG_UNIT_USD, "12.5k", 12500},       {DLRIG_UNIT_USD, "$12,500", 12500},
        {DLRIG_UNIT_USD, "2M", 2e6},            {DLRIG_UNIT_TOKENS, "8k", 8192},
        {DLRIG_UNIT_TOKENS, "128k", 131072},    {DLRIG_UNIT_TOKENS, "131072", 131072},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        double v = NAN;
        ck_assert_msg(requirements_parse_amount(cases[i].u, cases[i].text, &v), "%s", cases[i].text);
        ck_assert_msg(fabs(v - cases[i].want) < 1e-9 * cases[i].want, "%s: %g", cases[i].text, v);
    }
    static const char *const bad[] = {"", "lots", "12 apples", "1e999", "nan", "$12", "13Q", NULL};
    for (int i = 0; bad[i]; i++) {
        double v;
        ck_assert_msg(!requirements_parse_amount(DLRIG_UNIT_PARAMS_M, bad[i], &v), "'%s' parsed", bad[i]);
    }
}
END_TEST

/* The file version: 1 without LLM fields, 2 with; 1 to 4 load, 5 is refused. */
START_TEST(file_versions)
{
    dlrig_build b, back;
    build_init(&b, "v1");
    snprintf(b.req.workload, sizeof b.req.workload, "cnn");
    cJSON *doc = build_to_json(&b);
    ck_assert_int_eq(cJSON_GetObjectItemCaseSensitive(doc, "version")->valueint, 1);
    cJSON_Delete(doc);
    b.req.batch = 8;
    doc = build_to_json(&b);
    ck_assert_int_eq(cJSON_GetObjectItemCaseSensitive(doc, "version")->valueint, 2);
    cJSON_Delete(doc);
    build_free(&b);
    char err[512];
    const char *v2 = "{\"format\":\"dlrig-build\",\"version\":2,\"requirements\":{\"method\":\"qlora\","
                     "\"weights\":\"nf4\",\"context_tokens\":8192},\"parts\":[]}";
    ck_assert_int_eq(build_parse(cat, v2, strlen(v2), "v2.json", &back, err, sizeof err), 0);
    ck_assert_str_eq(back.req.method, "qlora");
    ck_assert_str_eq(back.req.weights, "nf4");
    ck_assert_int_eq(back.req.context_tokens, 8192);
    build_free(&back);
    const char *v5 = "{\"format\":\"dlrig-build\",\"version\":5,\"parts\":[]}"; /* 4 added "owned" */
    ck_assert_int_eq(build_parse(cat, v5, strlen(v5), "v5.json", &back, err, sizeof err), DLRIG_BUILD_EINVAL);
    ck_assert_ptr_nonnull(strstr(err, "v5.json: version: 5 is newer"));
    build_free(&back);
}
END_TEST

/* Defaults come from the table. */
START_TEST(defaults)
{
    dlrig_requirements r;
    requirements_init(&r);
    ck_assert_int_eq(r.nodes, 1);
    ck_assert(isnan(r.model_params_m));
    requirements_apply_defaults(cat, &r);
    ck_assert_str_eq(r.precision, "mixed-fp16");
    ck_assert_str_eq(r.workload, "cnn");
    ck_assert(isnan(r.model_params_m)); /* no default: the workload's reference model */
    snprintf(r.precision, sizeof r.precision, "bf16");
    requirements_apply_defaults(cat, &r);
    ck_assert_str_eq(r.precision, "bf16");
}
END_TEST

/* Workloads and circuits are the catalog's rows, in its list order. */
START_TEST(lists_are_the_catalogs)
{
    size_t n;
    catalog_workloads(cat, &n);
    const char *const *ids = requirements_choices(requirements_field("workload"), cat);
    size_t k = 0;
    while (ids[k]) {
        ck_assert_ptr_nonnull(catalog_workload(cat, ids[k]));
        if (k) ck_assert_int_lt(catalog_workload(cat, ids[k - 1])->list_order, catalog_workload(cat, ids[k])->list_order);
        k++;
    }
    ck_assert_uint_eq(k, n);
    /* the models switch on the decoded unit, scaling and priority */
    const dlrig_workload *all = catalog_workloads(cat, &n);
    for (size_t i = 0; i < n; i++) {
        ck_assert_str_eq(dlrig_workload_unit_names[all[i].unit_kind], all[i].unit);
        ck_assert_str_eq(dlrig_scaling_names[all[i].scaling_kind], all[i].scaling);
        ck_assert_str_eq(dlrig_priority_names[all[i].priority_kind], all[i].priority);
    }
    ck_assert_int_eq(catalog_workload(cat, "scientific-fp64")->priority_kind, DLRIG_PRIORITY_FP64);
    ck_assert_int_eq(catalog_workload(cat, "rnn")->scaling_kind, DLRIG_SCALING_POOR);
    ck_assert_str_eq(ids[0], "cnn"); /* the help and messages list them as before */
    ck_assert_str_eq(catalog_default_workload(cat)->id, "cnn");
    ck_assert_str_eq(requirements_default_in(requirements_field("workload"), cat), "cnn");
    catalog_circuits(cat, &n);
    ids = requirements_choices(requirements_field("circuit"), cat);
    for (k = 0; ids[k]; k++) ck_assert_ptr_nonnull(catalog_circuit(cat, ids[k]));
    ck_assert_uint_eq(k, n);
    ck_assert_str_eq(ids[0], "120v-15a");
    ck_assert_str_eq(ids[n - 1], "208v-30a");
    /* without a catalog there is no list to offer, and the help names the table */
    ck_assert_ptr_null(requirements_choices(requirements_field("workload"), NULL));
    strbuf d = {0};
    requirements_describe(requirements_field("circuit"), NULL, &d);
    ck_assert_str_eq(d.s, "an id of the catalog's circuit table");
    sb_free(&d);
}
END_TEST

static void sql_exec(sqlite3 *db, const char *sql)
{
    char *e = NULL;
    ck_assert_msg(sqlite3_exec(db, sql, NULL, NULL, &e) == SQLITE_OK, "%s: %s", sql, e ? e : "");
}

/* A copy of the shipped catalog in a temporary file with sql run on it;
 * returns its path (caller unlinks, frees). */
static char *catalog_copy_with(const char *sql)
{
    char *path = xstrdup("/tmp/dlrig-copyXXXXXX");
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    close(fd);
    unlink(path);
    sqlite3 *db;
    ck_assert_int_eq(sqlite3_open(DLRIG_CATALOG_DB, &db), SQLITE_OK);
    char *vacuum = xasprintf("VACUUM INTO '%s'", path);
    sql_exec(db, vacuum);
    free(vacuum);
    sqlite3_close(db);
    ck_assert_int_eq(sqlite3_open(path, &db), SQLITE_OK);
    sql_exec(db, sql);
    sqlite3_close(db);
    return path;
}

/* A copy of the built catalog with one more workload and circuit, which
 * nothing in the program names; returns its path (caller unlinks, frees). */
static char *catalog_with_extra_rows(void)
{
    /* a speech workload shaped like the CNN profile, listed after the others */
    return catalog_copy_with("CREATE TEMP TABLE w AS SELECT * FROM workload WHERE id = 'cnn';"
                             "UPDATE w SET id = 'speech-asr', name = 'Speech recognition training', is_default = 0,"
                             " list_order = (SELECT max(list_order) + 1 FROM workload),"
                             " description = 'Speech models want tensor throughput and fast storage for audio.';"
                             "INSERT INTO workload SELECT * FROM w;"
                             "INSERT INTO circuit (id, volts, amps, continuous_w, source, note, list_order)"
                             " SELECT '240v-30a', 240, 30, 5760, source, NULL, 0 FROM circuit WHERE id = '208v-30a';");
}

static int run_dlrig(const char *args, strbuf *out)
{
    char *cmd = xasprintf("'%s' %s 2>&1", DLRIG_BIN, args);
    FILE *p = popen(cmd, "r");
    free(cmd);
    ck_assert_ptr_nonnull(p);
    char line[1024];
    while (fgets(line, sizeof line, p)) sb_append(out, line);
    int st = pclose(p);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* A workload or circuit added to a catalog only is accepted and offered
 * wherever a workload is asked for: the typed-text parser, build files,
 * the command line and its help, with its description as its help. */
START_TEST(workload_added_to_the_catalog_only)
{
    char *path = catalog_with_extra_rows();
    char err[4096];
    dlrig_catalog *cat2 = catalog_open(path, err, sizeof err);
    ck_assert_msg(cat2 != NULL, "%s", err);
    const dlrig_reqfield *wf = requirements_field("workload"), *cf = requirements_field("circuit");
    dlrig_requirements r;
    requirements_init(&r);
    /* the built-in catalog does not know it, and says which it knows */
    ck_assert_int_eq(requirements_parse_text(wf, "speech-asr", "--workload", cat, &r, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "--workload: unknown value 'speech-asr'; expected one of cnn, transformer"));
    /* the catalog that has it accepts it, lists it last and shows its name and description */
    ck_assert_int_eq(requirements_parse_text(wf, "speech-asr", "--workload", cat2, &r, err, sizeof err), 0);
    ck_assert_str_eq(r.workload, "speech-asr");
    const char *const *ids = requirements_choices(wf, cat2);
    size_t k = 0;
    while (ids[k + 1]) k++;
    ck_assert_str_eq(ids[k], "speech-asr");
    ck_assert_str_eq(requirements_workload(cat2, &r)->description,
                     "Speech models want tensor throughput and fast storage for audio.");
    char buf[128];
    ck_assert_str_eq(requirements_format(wf, &r, cat2, buf, sizeof buf), "Speech recognition training");
    /* a circuit too, listed where its list_order puts it (first) */
    ck_assert_int_eq(requirements_parse_text(cf, "240v-30a", "--circuit", cat2, &r, err, sizeof err), 0);
    ck_assert_str_eq(requirements_choices(cf, cat2)[0], "240v-30a");
    ck_assert_int_eq(requirements_parse_text(cf, "240v-30a", "--circuit", cat, &r, err, sizeof err), -1);
    /* build files */
    const char *doc = "{\"format\":\"dlrig-build\",\"version\":1,\"name\":\"asr\",\"requirements\":"
                      "{\"workload\":\"speech-asr\",\"circuit\":\"240v-30a\"},\"parts\":[]}";
    dlrig_build b;
    ck_assert_int_eq(build_parse(cat2, doc, strlen(doc), "asr.json", &b, err, sizeof err), 0);
    ck_assert_str_eq(b.req.workload, "speech-asr");
    build_free(&b);
    ck_assert_int_eq(build_parse(cat, doc, strlen(doc), "asr.json", &b, err, sizeof err), DLRIG_BUILD_EINVAL);
    ck_assert_ptr_nonnull(strstr(err, "requirements.workload: unknown value 'speech-asr'"));
    build_free(&b);
    /* the command line: help lists it, options and estimates take it */
    strbuf out = {0};
    char *args = xasprintf("--catalog '%s' recommend --help", path);
    ck_assert_int_eq(run_dlrig(args, &out), 0);
    free(args);
    /* listed after the last built-in workload (the line may wrap between them) */
    const char *last = strstr(out.s, "md-simulation,");
    ck_assert_msg(last && strstr(last, "speech-asr") && !strstr(out.s, "speech-asr, md-simulation"), "%s", out.s);
    ck_assert_msg(strstr(out.s, "240v-30a, 120v-15a") != NULL, "%s", out.s);
    sb_free(&out);
    out = (strbuf){0};
    args = xasprintf("--catalog '%s' estimate '%s/builds/clean.json' --workload speech-asr --json", path,
                     DLRIG_TEST_DATA);
    ck_assert_int_eq(run_dlrig(args, &out), 0);
    free(args);
    ck_assert_msg(strstr(out.s, "\"workload\":") && strstr(out.s, "speech-asr"), "%s", out.s);
    sb_free(&out);
    out = (strbuf){0};
    args = xasprintf("estimate '%s/builds/clean.json' --workload speech-asr", DLRIG_TEST_DATA);
    ck_assert_int_eq(run_dlrig(args, &out), 2);
    free(args);
    ck_assert_msg(strstr(out.s, "unknown value 'speech-asr'") != NULL, "%s", out.s);
    sb_free(&out);
    catalog_close(cat2);
    unlink(path);
    free(path);
}
END_TEST

/* Every built-in workload copied under another id behaves exactly like
 * the original in the perf model, the LLM model and the rules: they read the
 * row's columns (single_stream, language_model, adapter_share, ...), never
 * its id. */
START_TEST(behaviour_follows_the_row_not_the_id)
{
    char *path = catalog_copy_with("CREATE TEMP TABLE c AS SELECT * FROM workload;"
                                   "UPDATE c SET id = 'x-' || id, is_default = 0, list_order = list_order + 1000;"
                                   "INSERT INTO workload SELECT * FROM c;");
    char err[1024];
    dlrig_catalog *c2 = catalog_open(path, err, sizeof err);
    ck_assert_msg(c2 != NULL, "%s", err);
    static const char *const builds[] = {"clean.json", "known-bad-4x-3090-on-15a.json"};
    size_t n;
    const dlrig_workload *w = catalog_workloads(cat, &n);
    for (size_t i = 0; i < n; i++) {
        char copy[24];
        snprintf(copy, sizeof copy, "x-%s", w[i].id);
        const dlrig_workload *a = catalog_workload(c2, w[i].id), *b = catalog_workload(c2, copy);
        ck_assert_ptr_nonnull(b);
        ck_assert_double_eq(power_gpu_load_share(a), power_gpu_load_share(b));
        ck_assert_str_eq(power_load_assumption(a), power_load_assumption(b));
        for (size_t k = 0; k < sizeof builds / sizeof builds[0]; k++) {
            char *file = xasprintf("%s/builds/%s", DLRIG_TEST_DATA, builds[k]);
            dlrig_build bo, bc;
            ck_assert_msg(build_load(c2, file, &bo, err, sizeof err) == 0, "%s", err);
            ck_assert_msg(build_load(c2, file, &bc, err, sizeof err) == 0, "%s", err);
            free(file);
            snprintf(bo.req.workload, sizeof bo.req.workload, "%s", w[i].id);
            snprintf(bc.req.workload, sizeof bc.req.workload, "%s", copy);
            dlrig_estimate eo, ec;
            int ro = perf_estimate(c2, &bo, NULL, NULL, &eo, err, sizeof err);
            ck_assert_int_eq(perf_estimate(c2, &bc, NULL, NULL, &ec, err, sizeof err), ro);
            if (ro == 0) {
                ck_assert_msg(eo.throughput == ec.throughput, "%s on %s: %g vs %g", w[i].id, builds[k],
                              eo.throughput, ec.throughput);
                ck_assert_double_eq(eo.scaling, ec.scaling);
                ck_assert_str_eq(eo.bound, ec.bound);
                ck_assert_int_eq(eo.llm, ec.llm);
            }
            dlrig_fit_query qo, qc;
            ck_assert_int_eq(llm_query_for(c2, &bo.req, NULL, &qo, err, sizeof err),
                             llm_query_for(c2, &bc.req, NULL, &qc, err, sizeof err));
            dlrig_report rpo = {0}, rpc = {0};
            rules_check(c2, &bo, &rpo);
            rules_check(c2, &bc, &rpc);
            ck_assert_uint_eq(rpo.n_findings, rpc.n_findings);
            for (size_t f = 0; f < rpo.n_findings; f++) {
                ck_assert_str_eq(rpo.findings[f].id, rpc.findings[f].id);
                ck_assert_int_eq(rpo.findings[f].severity, rpc.findings[f].severity);
            }
            ck_assert_double_eq(rpo.totals.load_w, rpc.totals.load_w);
            ck_assert_double_eq(rpo.totals.wall_w, rpc.totals.wall_w);
            report_free(&rpo);
            report_free(&rpc);
            build_free(&bo);
            build_free(&bc);
        }
    }
    catalog_close(c2);
    unlink(path);
    free(path);
}
END_TEST

/* A copy of the built catalog in which every architecture has a copy
 * 'x-<id>' and every GPU a copy 'x-<id>' of that architecture; returns its
 * path (caller unlinks, frees). */
static char *catalog_with_copied_architectures(void)
{
    return catalog_copy_with("CREATE TEMP TABLE a AS SELECT * FROM architecture; UPDATE a SET id = 'x-' || id;"
                             "INSERT INTO architecture SELECT * FROM a;"
                             "CREATE TEMP TABLE g AS SELECT * FROM gpu;"
                             "UPDATE g SET id = 'x-' || id, architecture = 'x-' || architecture;"
                             "INSERT INTO gpu SELECT * FROM g;");
}

/* The same for an architecture: a GPU of a copied architecture (another id,
 * the same row) trains, infers and all-reduces at the same speed, is refused
 * or accepted for a language model alike, and gets the same findings (the
 * tensor-core generation's share, PCIe peer-to-peer on consumer cards and
 * CUDA 12 support are columns, not ids). */
START_TEST(architecture_behaviour_follows_the_row_not_the_id)
{
    char *path = catalog_with_copied_architectures();
    char err[1024];
    dlrig_catalog *c2 = catalog_open(path, err, sizeof err);
    ck_assert_msg(c2 != NULL, "%s", err);
    static const dlrig_precision precs[] = {DLRIG_PRECISION_FP32, DLRIG_PRECISION_MIXED_FP16, DLRIG_PRECISION_BF16,
                                            DLRIG_PRECISION_FP8, DLRIG_PRECISION_TF32};
    size_t ng, nw;
    const dlrig_gpu *gpus = catalog_gpus(cat, &ng);
    const dlrig_workload *w = catalog_workloads(c2, &nw);
    for (size_t i = 0; i < ng; i++) {
        char copy[96];
        snprintf(copy, sizeof copy, "x-%s", gpus[i].p.id);
        const dlrig_gpu *a = (const dlrig_gpu *)catalog_find(c2, gpus[i].p.id);
        const dlrig_gpu *b = (const dlrig_gpu *)catalog_find(c2, copy);
        ck_assert_ptr_nonnull(a);
        ck_assert_ptr_nonnull(b);
        ck_assert_ptr_nonnull(b->arch);
        ck_assert_str_ne(a->arch->id, b->arch->id);
        ck_assert_double_eq(gpu_tensor_generation_share(a), gpu_tensor_generation_share(b));
        for (size_t k = 0; k < nw; k++)
            for (size_t p = 0; p < sizeof precs / sizeof precs[0]; p++) {
                ck_assert_msg(perf_gpu_throughput(a, &w[k], NAN, precs[p], NULL) ==
                                  perf_gpu_throughput(b, &w[k], NAN, precs[p], NULL),
                              "%s, %s", copy, w[k].id);
                ck_assert(perf_gpu_supports(a, precs[p]) == perf_gpu_supports(b, precs[p]));
            }
        for (int m = DLRIG_METHOD_INFERENCE; m <= DLRIG_METHOD_FULL; m++) {
            dlrig_fit_query q;
            memset(&q, 0, sizeof q);
            q.model.params_m = 8000;
            llm_shape_complete(&q.model);
            llm_query_defaults(&q, (dlrig_method)m);
            char wa[256], wb[256];
            ck_assert_msg(llm_gpu_runs(a, &q, wa, sizeof wa) == llm_gpu_runs(b, &q, wb, sizeof wb), "%s", copy);
        }
        /* two cards: the all-reduce path (peer-to-peer or host memory) */
        static const char *const wls[] = {"transformer", "cnn", "llm-finetune"};
        for (size_t k = 0; k < sizeof wls / sizeof wls[0]; k++) {
            dlrig_build bo, bc;
            build_init(&bo, "a");
            build_init(&bc, "b");
            snprintf(bo.req.workload, sizeof bo.req.workload, "%s", wls[k]);
            snprintf(bc.req.workload, sizeof bc.req.workload, "%s", wls[k]);
            build_add(&bo, &a->p, 2);
            build_add(&bc, &b->p, 2);
            dlrig_estimate eo, ec;
            int ro = perf_estimate(c2, &bo, NULL, NULL, &eo, err, sizeof err);
            ck_assert_int_eq(perf_estimate(c2, &bc, NULL, NULL, &ec, err, sizeof err), ro);
            if (ro == 0) {
                ck_assert_msg(eo.throughput == ec.throughput, "2 x %s, %s: %g vs %g", copy, wls[k], eo.throughput,
                              ec.throughput);
                ck_assert_str_eq(eo.bound, ec.bound);
            }
            dlrig_report rpo = {0}, rpc = {0};
            rules_check(c2, &bo, &rpo);
            rules_check(c2, &bc, &rpc);
            ck_assert_uint_eq(rpo.n_findings, rpc.n_findings);
            for (size_t f = 0; f < rpo.n_findings; f++) ck_assert_str_eq(rpo.findings[f].id, rpc.findings[f].id);
            report_free(&rpo);
            report_free(&rpc);
            build_free(&bo);
            build_free(&bc);
        }
    }
    catalog_close(c2);
    unlink(path);
    free(path);
}
END_TEST

/* A build that names no workload is for the catalog's default one, in every
 * module: each build file naming the default workload gets the same findings
 * (with their fix-its) and the same estimate when the workload is left out. */
START_TEST(no_workload_is_the_default_workload)
{
    const dlrig_workload *def = catalog_default_workload(cat);
    ck_assert_ptr_nonnull(def);
    char *dir = xasprintf("%s/builds", DLRIG_TEST_DATA);
    DIR *d = opendir(dir);
    ck_assert_ptr_nonnull(d);
    int compared = 0;
    for (struct dirent *e; (e = readdir(d));) {
        if (!strstr(e->d_name, ".json")) continue;
        char *file = xasprintf("%s/%s", dir, e->d_name);
        dlrig_build named, unnamed;
        char err[1024];
        int rc = build_load(cat, file, &named, err, sizeof err);
        free(file);
        if (rc != 0 || strcmp(named.req.workload, def->id) != 0) { /* left initialised on failure */
            build_free(&named);
            continue;
        }
        build_copy(&unnamed, &named);
        unnamed.req.workload[0] = '\0';
        dlrig_report ra = {0}, rb = {0};
        rules_check(cat, &named, &ra);
        rules_check(cat, &unnamed, &rb);
        cJSON *ja = report_to_json(&named, &ra), *jb = report_to_json(&unnamed, &rb);
        fix_annotate_json(cat, &named, &ra, ja, 3);
        fix_annotate_json(cat, &unnamed, &rb, jb, 3);
        char *fa = cJSON_PrintUnformatted(cJSON_GetObjectItem(ja, "findings"));
        char *fb = cJSON_PrintUnformatted(cJSON_GetObjectItem(jb, "findings"));
        ck_assert_msg(strcmp(fa, fb) == 0, "%s:\n  named:   %s\n  unnamed: %s", e->d_name, fa, fb);
        dlrig_estimate ea, eb;
        int xa = perf_estimate(cat, &named, &ra.placement, NULL, &ea, err, sizeof err);
        ck_assert_int_eq(perf_estimate(cat, &unnamed, &rb.placement, NULL, &eb, err, sizeof err), xa);
        if (xa == 0) ck_assert_msg(ea.throughput == eb.throughput, "%s: %g vs %g", e->d_name, ea.throughput, eb.throughput);
        free(fa);
        free(fb);
        cJSON_Delete(ja);
        cJSON_Delete(jb);
        report_free(&ra);
        report_free(&rb);
        build_free(&named);
        build_free(&unnamed);
        compared++;
    }
    closedir(d);
    free(dir);
    ck_assert_int_gt(compared, 20);
}
END_TEST

/* Every weight format the table accepts is one the memory model reads, and
 * so is a number of bits the table accepts. */
START_TEST(weights_are_what_the_memory_model_reads)
{
    const dlrig_reqfield *f = requirements_field("weights");
    ck_assert_ptr_nonnull(f);
    char err[512];
    dlrig_weights w;
    for (int i = 0; f->choices[i]; i++)
        ck_assert_msg(llm_weights_parse(f->choices[i], &w, err, sizeof err) == 0, "%s: %s", f->choices[i], err);
    dlrig_requirements r;
    requirements_init(&r);
    ck_assert_int_eq(requirements_parse_text(f, "4.85", "--weights", NULL, &r, err, sizeof err), 0);
    ck_assert_int_eq(llm_weights_parse(r.weights, &w, err, sizeof err), 0);
    ck_assert_double_eq_tol(w.bits, 4.85, 1e-9);
}
END_TEST

/* `dlrig recommend --help` lists every field's option. */
START_TEST(every_field_in_recommend_help)
{
    char *cmd = xasprintf("'%s' recommend --help", DLRIG_BIN);
    FILE *p = popen(cmd, "r");
    free(cmd);
    ck_assert_ptr_nonnull(p);
    strbuf out = {0};
    char line[512];
    while (fgets(line, sizeof line, p)) sb_append(&out, line);
    ck_assert_int_eq(pclose(p), 0);
    size_t nf;
    const dlrig_reqfield *f = requirements_fields(&nf);
    for (size_t i = 0; i < nf; i++) {
        char opt[80];
        snprintf(opt, sizeof opt, "--%s ", f[i].option);
        ck_assert_msg(strstr(out.s, opt) != NULL, "%s is not in recommend --help", opt);
    }
    sb_free(&out);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("requirements");
    TCase *tc = tcase_create("table");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, every_field_round_trips);
    tcase_add_test(tc, reader_words_not_ids);
    tcase_add_test(tc, vocabularies_decode);
    tcase_add_test(tc, out_of_range_names_the_field);
    tcase_add_test(tc, units);
    tcase_add_test(tc, file_versions);
    tcase_add_test(tc, defaults);
    tcase_add_test(tc, lists_are_the_catalogs);
    tcase_add_test(tc, workload_added_to_the_catalog_only);
    tcase_add_test(tc, behaviour_follows_the_row_not_the_id);
    tcase_add_test(tc, architecture_behaviour_follows_the_row_not_the_id);
    tcase_add_test(tc, no_workload_is_the_default_workload);
    tcase_add_test(tc, weights_are_what_the_memory_model_reads);
    tcase_add_test(tc, every_field_in_recommend_help);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}
