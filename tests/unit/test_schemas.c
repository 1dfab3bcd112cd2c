/* Every JSON document dlrig writes names its format and version first, is
 * printed with two-space indents, and conforms to its JSON Schema under
 * docs/schemas/ (validated by tests/schema/jsonschema.c, whose own cases come
 * first so that a validator that accepts anything fails here).  Every schema
 * is used, and the man page names every format. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../schema/jsonschema.h"
#include "dlrig/util.h"
#include "tui/app.h"

#ifndef DLRIG_SOURCE_DIR
#error "DLRIG_SOURCE_DIR is the repository root"
#endif
#define SCHEMAS DLRIG_SOURCE_DIR "/docs/schemas"
#define BUILDS DLRIG_TEST_DATA "/builds"

static char tmp[256];

static void setup_env(void)
{
    snprintf(tmp, sizeof tmp, "/tmp/dlrig-schemas-XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(tmp));
    char *h = xasprintf("%s/home", tmp), *d = xasprintf("%s/data", tmp), *c = xasprintf("%s/config", tmp),
         *s = xasprintf("%s/state", tmp);
    mkdir(h, 0700);
    setenv("HOME", h, 1);
    setenv("XDG_DATA_HOME", d, 1);
    setenv("XDG_CONFIG_HOME", c, 1);
    setenv("XDG_STATE_HOME", s, 1);
    setenv("NO_COLOR", "1", 1);
    setenv("LC_ALL", "C.UTF-8", 1);
    free(h);
    free(d);
    free(c);
    free(s);
}

static void teardown_env(void)
{
    char *cmd = xasprintf("rm -rf '%s'", tmp);
    ck_assert_int_eq(system(cmd), 0);
    free(cmd);
}

/* The standard output of a shell command. */
static char *run(const char *cmd)
{
    FILE *p = popen(cmd, "r");
    ck_assert_ptr_nonnull(p);
    strbuf b = {0};
    char chunk[8192];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, p)) > 0) sb_appendn(&b, chunk, n);
    pclose(p);
    return sb_take(&b);
}

static cJSON *parse(const char *text, const char *what)
{
    cJSON *doc = cJSON_Parse(text);
    ck_assert_msg(doc != NULL, "%s: not JSON: %.300s", what, text);
    return doc;
}

/* The validator itself: each document that breaks its schema is refused
 * with the path, each that keeps it is accepted. */
START_TEST(validator_refuses_what_breaks_a_schema)
{
    char dir[] = "/tmp/dlrig-schema-self-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    char *p = xasprintf("%s/s.json", dir), *q = xasprintf("%s/other.json", dir);
    FILE *f = fopen(p, "w");
    ck_assert_ptr_nonnull(f);
    fputs("{\"type\": \"object\", \"required\": [\"a\"], \"additionalProperties\": false,"
          " \"properties\": {\"a\": {\"type\": \"integer\", \"minimum\": 1},"
          " \"b\": {\"enum\": [\"x\", \"y\"]}, \"c\": {\"type\": \"array\", \"items\": {\"$ref\": \"#/$defs/item\"}},"
          " \"d\": {\"$ref\": \"other.json#/$defs/d\"}, \"e\": {\"type\": \"string\", \"pattern\": \"^[a-z]+$\"},"
          " \"f\": {\"anyOf\": [{\"type\": \"null\"}, {\"const\": 3}]}},"
          " \"$defs\": {\"item\": {\"type\": \"object\", \"required\": [\"id\"]}}}",
          f);
    fclose(f);
    f = fopen(q, "w");
    ck_assert_ptr_nonnull(f);
    fputs("{\"$defs\": {\"d\": {\"type\": \"boolean\"}}}", f);
    fclose(f);
    char err[512];
    jsonschema *s = jsonschema_load(dir, "s.json", err, sizeof err);
    ck_assert_msg(s != NULL, "%s", err);
    static const struct {
        const char *doc, *want; /* want NULL: valid */
    } cases[] = {
        {"{\"a\": 1, \"b\": \"x\", \"c\": [{\"id\": 1}], \"d\": true, \"e\": \"abc\", \"f\": null}", NULL},
        {"{\"a\": 2, \"f\": 3}", NULL},
        {"{}", "$: the key \"a\" is missing"},
        {"{\"a\": 1.5}", "$.a: expected type \"integer\""},
        {"{\"a\": 0}", "$.a: 0 is below the minimum"},
        {"{\"a\": 1, \"z\": 1}", "the key \"z\" is not in the schema"},
        {"{\"a\": 1, \"b\": \"w\"}", "$.b: expected one of"},
        {"{\"a\": 1, \"c\": [{\"id\": 1}, {}]}", "$.c[1]: the key \"id\" is missing"},
        {"{\"a\": 1, \"d\": 1}", "$.d: expected type \"boolean\""},
        {"{\"a\": 1, \"e\": \"ABC\"}", "$.e: 'ABC' does not match"},
        {"{\"a\": 1, \"f\": 4}", "$.f: matches none of anyOf"},
        {"[]", "$: expected type \"object\""},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        cJSON *d = parse(cases[i].doc, cases[i].doc);
        bool ok = jsonschema_validate(s, d, err, sizeof err);
        if (!cases[i].want) ck_assert_msg(ok, "%s: refused: %s", cases[i].doc, err);
        else ck_assert_msg(!ok && strstr(err, cases[i].want), "%s: want '%s', got %s '%s'", cases[i].doc,
                           cases[i].want, ok ? "valid" : "invalid", err);
        cJSON_Delete(d);
    }
    jsonschema_free(s);
    /* a keyword the validator does not know is an error of the schema, never skipped */
    f = fopen(p, "w");
    ck_assert_ptr_nonnull(f);
    fputs("{\"type\": \"object\", \"propertyNames\": {\"pattern\": \"^a\"}}", f);
    fclose(f);
    s = jsonschema_load(dir, "s.json", err, sizeof err);
    cJSON *d = parse("{\"b\": 1}", "b");
    ck_assert(!jsonschema_validate(s, d, err, sizeof err));
    ck_assert_msg(strstr(err, "'propertyNames', which this validator lacks"), "%s", err);
    cJSON_Delete(d);
    jsonschema_free(s);
    unlink(p);
    unlink(q);
    rmdir(dir);
    free(p);
    free(q);
}
END_TEST

/* The commands, one for each shape of each document. */
static const struct {
    const char *format; /* the document's "format" */
    const char *args;   /* after the program */
} commands[] = {
    {"dlrig-check", "check " BUILDS "/clean.json --json"},
    {"dlrig-check", "check " BUILDS "/power.circuit.trigger.json --json"},
    {"dlrig-check", "check " BUILDS "/owned-lines.json --json"},
    {"dlrig-check", "check " BUILDS "/am5-two-gpus-x8x8.json --json"}, /* a DDR5 kit's market move, in 2026 */
    {"dlrig-estimate", "estimate " BUILDS "/clean.json --json"},
    {"dlrig-estimate", "estimate " BUILDS "/power-5090-pair-tr-llm.json --json"},
    {"dlrig-fit", "fit --model llama-3.1-8b --json"},
    {"dlrig-fit", "fit --model llama-3.1-70b --weights int4 --gpu nvidia-rtx-3090 --gpus 2 --json"},
    {"dlrig-recommend", "recommend --workload cnn --budget-usd 5000 --json"},
    {"dlrig-recommend", "recommend --workload cnn --budget-usd 5000 --tiers --json"},
    {"dlrig-recommend", "recommend --preset kaggle-starter --json"},
    {"dlrig-recommend", "recommend --workload cnn --budget-usd 100 --json"},
    {"dlrig-recommend", "recommend --from " BUILDS "/clean.json --pin gpu --json"},
    {"dlrig-recommend", "recommend --from " DLRIG_TEST_DATA "/upgrade/desktop-3090.json --json"},
    {"dlrig-recommend", "recommend --workload cnn --budget-usd 6000 --circuit 120v-15a --json"},
    {"dlrig-presets", "recommend --list-presets --json"},
    {"dlrig-parts", "parts --json"},
    {"dlrig-parts", "parts --workload cnn --json"},
    {"dlrig-parts", "parts --category gpu --against " BUILDS "/clean.json --json"},
    {"dlrig-part", "show nvidia-rtx-4090 --json"},
    {"dlrig-part", "show supermicro-h13dsg-o-cpu --json"},
    {"dlrig-models", "models --json"},
    {"dlrig-model", "models llama-3.1-8b --json"},
    {"dlrig-compare", "compare " BUILDS "/clean.json " BUILDS "/pcie.lanes.ok.json --json"},
    {"dlrig-fix", "fix -n " BUILDS "/power.circuit.trigger.json --json"},
    {"dlrig-fix", "fix -n " BUILDS "/clean.json --json"},
    {"dlrig-prices", "prices list --json"},
    {"dlrig-import", "import " DLRIG_TEST_DATA "/import/pcpp-reddit.md --json"},
    {"dlrig-scan", "scan --root " DLRIG_TEST_DATA "/scan/server-four-h100 --json"},
    {"dlrig-scan", "scan --root " DLRIG_TEST_DATA "/scan/trpro-two-gpus --json"},
    {"dlrig-scan", "scan --root " DLRIG_TEST_DATA "/scan/desktop-unknown-gpu --json"},
    {"dlrig-scan", "scan --root " DLRIG_TEST_DATA "/scan/desktop-no-gpu --json"},
    {"dlrig-build", "scan --root " DLRIG_TEST_DATA "/scan/trpro-two-gpus -o -"},
    {"dlrig-cost", "cost " BUILDS "/clean.json --json"},
    {"dlrig-cost", "cost " BUILDS "/owned-lines.json --json"},
    {"dlrig-cost", "cost " BUILDS "/clean.json --hours-per-day 24 --cloud runpod --json"},
    {"dlrig-export", "export " BUILDS "/clean.json --format json"},
    {"dlrig-export", "export " BUILDS "/owned-lines.json --format json"},
    {"dlrig-build", "fix - -o - < " BUILDS "/owned-lines.json"},
    {"dlrig-export", "export " BUILDS "/compat.socket.trigger.json --format json --customer ACME --allow-errors"},
    {"dlrig-build", "recommend --workload llm-finetune --model llama-3.1-8b --budget-usd 20000 -o -"},
    {"dlrig-build", "fix - < " DLRIG_TEST_DATA "/fix/socket.json"},
};

/* The output is one document printed as dlrig prints JSON: format and version
 * first, two spaces an indentation level, no tab, a final newline. */
static void check_form(const char *text, const char *what, const char *format)
{
    ck_assert_msg(strchr(text, '\t') == NULL, "%s: a tab in the output", what);
    size_t n = strlen(text);
    ck_assert_msg(n > 2 && text[n - 1] == '\n', "%s: no final newline", what);
    char *head = xasprintf("{\n  \"format\": \"%s\",\n  \"version\": ", format);
    ck_assert_msg(strncmp(text, head, strlen(head)) == 0, "%s: does not start with format and version: %.80s", what,
                  text);
    free(head);
    for (const char *l = text; *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : l + strlen(l)) {
        size_t sp = strspn(l, " ");
        ck_assert_msg(sp % 2 == 0, "%s: a line indented by %zu spaces: %.60s", what, sp, l);
    }
}

START_TEST(every_document_conforms)
{
    setup_env();
    /* a price list, so that prices list has a row */
    char *csv = xasprintf("%s/p.csv", tmp);
    FILE *f = fopen(csv, "w");
    ck_assert_ptr_nonnull(f);
    fputs("id,price,currency,date,vendor\nnvidia-rtx-4090,1799,USD,2026-11,Shop\n", f);
    fclose(f);
    char *imp = xasprintf("'%s' prices import '%s' >/dev/null 2>&1", DLRIG_BIN, csv);
    ck_assert_int_eq(system(imp), 0);
    free(imp);
    free(csv);
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++) {
        char *cmd = xasprintf("'%s' %s 2>/dev/null", DLRIG_BIN, commands[i].args);
        char *out = run(cmd);
        check_form(out, commands[i].args, commands[i].format);
        cJSON *doc = parse(out, commands[i].args);
        const cJSON *fmt = cJSON_GetObjectItemCaseSensitive(doc, "format");
        ck_assert_msg(cJSON_IsString(fmt) && !strcmp(fmt->valuestring, commands[i].format), "%s: format %s",
                      commands[i].args, cJSON_IsString(fmt) ? fmt->valuestring : "missing");
        char file[128], err[1024];
        snprintf(file, sizeof file, "%s.schema.json", commands[i].format);
        jsonschema *s = jsonschema_load(SCHEMAS, file, err, sizeof err);
        ck_assert_msg(s != NULL, "%s", err);
        ck_assert_msg(jsonschema_validate(s, doc, err, sizeof err), "%s (%s): %s", commands[i].args, file, err);
        jsonschema_free(s);
        cJSON_Delete(doc);
        free(out);
        free(cmd);
    }
    /* the terminal interface's quote answers */
    tui_quote q = {.customer = "ACME", .project = "Lab", .notes = NULL, .discount_pct = 5, .tax_pct = 8,
                   .validity_days = 30};
    ck_assert_int_eq(tui_quote_save(&q), 0);
    char *path = xasprintf("%s/state/dlrig/quote.json", tmp);
    size_t len;
    char *text = read_file_limit(path, 1 << 16, &len);
    ck_assert_ptr_nonnull(text);
    check_form(text, "quote.json", "dlrig-quote-settings");
    cJSON *doc = parse(text, "quote.json");
    char err[1024];
    jsonschema *s = jsonschema_load(SCHEMAS, "dlrig-quote-settings.schema.json", err, sizeof err);
    ck_assert_msg(s != NULL, "%s", err);
    ck_assert_msg(jsonschema_validate(s, doc, err, sizeof err), "quote.json: %s", err);
    jsonschema_free(s);
    cJSON_Delete(doc);
    free(text);
    free(path);
    /* the seller's defaults come back; the customer's identity is not kept */
    tui_quote back;
    tui_quote_load(&back);
    ck_assert(back.customer == NULL || back.customer[0] == '\0');
    ck_assert_int_eq(back.validity_days, 30);
    ck_assert(back.tax_pct == 8);
    tui_quote_free(&back);
    teardown_env();
}
END_TEST

/* Every schema in docs/schemas is a document's (or the shared one), and the
 * man page describes every format. */
START_TEST(every_schema_is_used_and_documented)
{
    char *list = run("ls " SCHEMAS);
    size_t len;
    char *man = read_file_limit(DLRIG_SOURCE_DIR "/man/dlrig.1", 1 << 20, &len);
    ck_assert_ptr_nonnull(man);
    size_t n = 0;
    for (char *line = strtok(list, "\n"); line; line = strtok(NULL, "\n")) {
        ck_assert_msg(strstr(line, ".schema.json") != NULL, "docs/schemas/%s: not a schema", line);
        char fmt[128];
        snprintf(fmt, sizeof fmt, "%.*s", (int)(strstr(line, ".schema.json") - line), line);
        n++;
        if (!strcmp(fmt, "dlrig-common")) continue;
        bool covered = !strcmp(fmt, "dlrig-quote-settings");
        for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
            covered = covered || !strcmp(commands[i].format, fmt);
        ck_assert_msg(covered, "docs/schemas/%s: no command's output is validated against it", line);
        /* the man page writes the format with escaped hyphens: dlrig\-check */
        char manfmt[160];
        size_t k = 0;
        for (const char *c = fmt; *c && k + 3 < sizeof manfmt; c++) {
            if (*c == '-') manfmt[k++] = '\\';
            manfmt[k++] = *c;
        }
        manfmt[k] = '\0';
        ck_assert_msg(strstr(man, manfmt) != NULL, "man/dlrig.1 does not describe the format %s", fmt);
    }
    ck_assert_uint_ge(n, 16);
    free(man);
    free(list);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("schemas");
    TCase *tc = tcase_create("documents");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, validator_refuses_what_breaks_a_schema);
    tcase_add_test(tc, every_document_conforms);
    tcase_add_test(tc, every_schema_is_used_and_documented);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
