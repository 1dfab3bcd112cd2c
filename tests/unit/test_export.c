/* Export tests: CSV cells (quoting, formula injection) read back by the core
 * CSV reader to the same cells; HTML escapes every string and stays one
 * self-contained file; the quote's discount and tax arithmetic in cents; a
 * Markdown parts table with one row per part; plain text padded by display
 * width; the JSON document; and compare picking the best value per row. */
#include <check.h>
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/wait.h>
#include <unistd.h>

#include "dlrig/build.h"
#include "dlrig/catalog.h"
#include "dlrig/compare.h"
#include "dlrig/csv.h"
#include "dlrig/export.h"
#include "dlrig/market.h"
#include "dlrig/rules.h"
#include "dlrig/util.h"

#define BUILDS DLRIG_TEST_DATA "/builds"

/* 2025-03-14 12:00:00 UTC */
#define FIXED_DATE ((time_t)1741953600)

static dlrig_catalog *cat;

static void setup(void)
{
    setenv("TZ", "UTC", 1);
    tzset();
    char err[512];
    cat = catalog_open(NULL, err, sizeof err);
    ck_assert_msg(cat != NULL, "%s", err);
}

static void teardown(void) { catalog_close(cat); }

static void load(const char *file, dlrig_build *b)
{
    char path[512], err[1024];
    snprintf(path, sizeof path, "%s/%s", BUILDS, file);
    int rc = build_load(cat, path, b, err, sizeof err);
    ck_assert_msg(rc == DLRIG_BUILD_OK, "%s", err);
}

/* Gives every unpriced part of b a price, so totals are complete. */
static void price_all(dlrig_build *b, double usd)
{
    for (size_t i = 0; i < b->n_items; i++)
        if (isnan(b->items[i].part->price_usd)) catalog_set_price(cat, b->items[i].part->id, usd, "test");
}

static char *export_to_string(const dlrig_build *b, dlrig_export_format fmt, const dlrig_export_opts *o)
{
    dlrig_analysis an = {0};
    export_analyze(cat, b, &an);
    strbuf sb = {0};
    ck_assert_int_eq(export_build(cat, b, &an, fmt, o, &sb), 0);
    export_analysis_free(&an);
    return sb_take(&sb);
}

/* ------------------------------------------------------------ CSV */

static const struct {
    const char *in, *back; /* back: the cell as read back */
} csv_cases[] = {
    {"plain", "plain"},
    {"", ""},
    {"a,b", "a,b"},
    {"say \"hi\"", "say \"hi\""},
    {"\"", "\""},
    {"two\nlines", "two\nlines"},
    {"cr\rlf\r\n", "cr\rlf\r\n"},
    {"=SUM(A1:A9)", "'=SUM(A1:A9)"},
    {"+1", "'+1"},
    {"-2+3", "'-2+3"},
    {"@cmd", "'@cmd"},
    {"=HYPERLINK(\"http://x\",\"y\")", "'=HYPERLINK(\"http://x\",\"y\")"},
    {"\tTAB", "'\tTAB"},
    {"a=b", "a=b"},
    {"Ünïcödé, ×2", "Ünïcödé, ×2"},
};
#define N_CSV (sizeof csv_cases / sizeof csv_cases[0])

START_TEST(csv_cells_read_back)
{
    strbuf sb = {0};
    for (size_t i = 0; i < N_CSV; i++) {
        if (i) sb_append(&sb, ",");
        export_csv_cell(&sb, csv_cases[i].in);
    }
    sb_append(&sb, "\r\n");
    export_csv_cell(&sb, "second");
    sb_append(&sb, "\r\n");
    csv_reader r;
    csv_record rec;
    csv_init(&r, sb.s, sb.len);
    ck_assert_int_eq(csv_next(&r, &rec), 1);
    ck_assert_int_eq(rec.n, (int)N_CSV);
    for (size_t i = 0; i < N_CSV; i++)
        ck_assert_msg(strcmp(rec.fields[i], csv_cases[i].back) == 0, "cell %zu: wrote [%s], read [%s]", i,
                      csv_cases[i].in, rec.fields[i]);
    ck_assert_int_eq(csv_next(&r, &rec), 1);
    ck_assert_str_eq(rec.fields[0], "second");
    ck_assert_int_eq(csv_next(&r, &rec), 0);
    csv_free(&r);
    sb_free(&sb);
}
END_TEST

START_TEST(csv_export_parses_with_hostile_names)
{
    dlrig_build b;
    load("clean.json", &b);
    free(b.name);
    b.name = xstrdup("=HYPERLINK(\"http://evil\",\"x\"), \"quoted\"\nsecond line");
    dlrig_export_opts o;
    export_opts_init(&o);
    o.customer = "@Acme, Inc.";
    o.project = "-1+1";
    o.date = FIXED_DATE;
    char *text = export_to_string(&b, DLRIG_EXPORT_CSV, &o);
    /* every line ends in CRLF (the newline inside the quoted name too is
     * data, so look only outside quotes) */
    bool inq = false;
    for (const char *p = text; *p; p++) {
        if (*p == '"') inq = !inq;
        if (*p == '\n' && !inq) ck_assert_msg(p > text && p[-1] == '\r', "bare LF at offset %td", p - text);
    }
    csv_reader r;
    csv_record rec;
    csv_init(&r, text, strlen(text));
    int rc, rows = 0, items = 0;
    bool saw_name = false, saw_customer = false, saw_project = false;
    while ((rc = csv_next(&r, &rec)) == 1) {
        rows++;
        ck_assert_msg(rec.n == 8, "record at line %d has %d fields", rec.line, rec.n);
        if (rows == 1) ck_assert_str_eq(rec.fields[0], "type");
        if (strcmp(rec.fields[0], "build") == 0) {
            ck_assert_str_eq(rec.fields[3], "'=HYPERLINK(\"http://evil\",\"x\"), \"quoted\"\nsecond line");
            saw_name = true;
        }
        if (strcmp(rec.fields[0], "customer") == 0) {
            ck_assert_str_eq(rec.fields[3], "'@Acme, Inc.");
            saw_customer = true;
        }
        if (strcmp(rec.fields[0], "project") == 0) {
            ck_assert_str_eq(rec.fields[3], "'-1+1");
            saw_project = true;
        }
        if (strcmp(rec.fields[0], "item") == 0) items++;
        /* no cell may start with a formula character */
        for (int k = 0; k < rec.n; k++)
            ck_assert_msg(!strchr("=+-@", rec.fields[k][0]) || !rec.fields[k][0], "cell [%s] is a formula",
                          rec.fields[k]);
    }
    ck_assert_int_eq(rc, 0);
    ck_assert(saw_name && saw_customer && saw_project);
    ck_assert_int_eq(items, (int)b.n_items);
    csv_free(&r);
    free(text);
    build_free(&b);
}
END_TEST

/* ------------------------------------------------------------ HTML */

START_TEST(html_escapes_everything)
{
    static const char evil[] = "<script>alert(1)</script> & \"x\"";
    static const char escaped[] = "&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;x&quot;";
    dlrig_build b;
    load("clean.json", &b);
    free(b.name);
    b.name = xstrdup(evil);
    dlrig_export_opts o;
    export_opts_init(&o);
    o.customer = evil;
    o.project = evil;
    o.notes = evil;
    o.date = FIXED_DATE;
    char *html = export_to_string(&b, DLRIG_EXPORT_HTML, &o);
    ck_assert_msg(strstr(html, "<script") == NULL, "unescaped <script> in the HTML");
    ck_assert_msg(strstr(html, "alert(1)</script>") == NULL, "unescaped </script>");
    /* title, heading, customer, project, notes: at least five escaped copies */
    int copies = 0;
    for (const char *p = html; (p = strstr(p, escaped)) != NULL; p++) copies++;
    ck_assert_msg(copies >= 5, "only %d escaped copies", copies);
    /* self-contained and printable */
    ck_assert(strncmp(html, "<!DOCTYPE html>", 15) == 0);
    ck_assert_ptr_nonnull(strstr(html, "<style>"));
    ck_assert_ptr_null(strstr(html, "<link"));
    ck_assert_ptr_null(strstr(html, " src="));
    ck_assert_ptr_null(strstr(html, "url("));
    ck_assert_ptr_null(strstr(html, "@import"));
    ck_assert_ptr_nonnull(strstr(html, "@page"));
    ck_assert_ptr_nonnull(strstr(html, "<thead>"));
    ck_assert_ptr_nonnull(strstr(html, "display: table-header-group"));
    ck_assert_ptr_nonnull(strstr(html, "break-inside: avoid"));
    /* date and validity */
    ck_assert_ptr_nonnull(strstr(html, "2025-03-14"));
    ck_assert_ptr_nonnull(strstr(html, "2025-04-13 (30 days)"));
    free(html);

    strbuf sb = {0};
    export_html_escape(&sb, "a'b<>&\"");
    ck_assert_str_eq(sb.s, "a&#39;b&lt;&gt;&amp;&quot;");
    sb_free(&sb);
    build_free(&b);
}
END_TEST

/* ------------------------------------------------------------ money */

START_TEST(discount_and_tax_in_cents)
{
    dlrig_build b;
    build_init(&b, "Money");
    const dlrig_part *gpu = catalog_find(cat, "nvidia-rtx-4090");
    const dlrig_part *ssd = catalog_find(cat, "samsung-990-pro-4tb");
    ck_assert(gpu && ssd);
    catalog_set_price(cat, gpu->id, 1999.99, "test");
    catalog_set_price(cat, ssd->id, 0.005, "test"); /* rounds to 1 cent */
    build_add(&b, gpu, 3);
    build_add(&b, ssd, 2);
    dlrig_quote_money m;
    export_quote_money(&b, 12.5, 7.25, &m);
    /* 3 x 1999.99 + 2 x 0.01 = 5999.99 */
    ck_assert_int_eq(m.subtotal, 599999);
    /* 12.5% of 5999.99 = 749.99875 -> 750.00 */
    ck_assert_int_eq(m.discount, 75000);
    /* 7.25% of 5249.99 = 380.6242... -> 380.62 */
    ck_assert_int_eq(m.tax, 38062);
    ck_assert_int_eq(m.total, 599999 - 75000 + 38062);
    ck_assert(m.any_cents);
    ck_assert_int_eq(m.unpriced_lines, 0);

    export_quote_money(&b, 0, 0, &m);
    ck_assert_int_eq(m.total, m.subtotal);
    export_quote_money(&b, 100, 20, &m);
    ck_assert_int_eq(m.total, 0);

    /* multi-node: node parts count once per node */
    b.req.nodes = 4;
    export_quote_money(&b, 0, 0, &m);
    ck_assert_int_eq(m.subtotal, 4 * 599999);

    char buf[48];
    ck_assert_str_eq(format_cents(123456789, false, buf, sizeof buf), "$1,234,567.89");
    ck_assert_str_eq(format_cents(100000, false, buf, sizeof buf), "$1,000");
    ck_assert_str_eq(format_cents(100000, true, buf, sizeof buf), "$1,000.00");
    ck_assert_str_eq(format_cents(-1250, false, buf, sizeof buf), "-$12.50");
    ck_assert_str_eq(format_cents(5, false, buf, sizeof buf), "$0.05");

    /* the same figures in the documents */
    b.req.nodes = 1;
    dlrig_export_opts o;
    export_opts_init(&o);
    o.discount_pct = 12.5;
    o.tax_pct = 7.25;
    o.date = FIXED_DATE;
    char *html = export_to_string(&b, DLRIG_EXPORT_HTML, &o);
    ck_assert_ptr_nonnull(strstr(html, "$5,999.99"));
    ck_assert_ptr_nonnull(strstr(html, "Discount (12.5%)"));
    ck_assert_ptr_nonnull(strstr(html, "-$750.00"));
    ck_assert_ptr_nonnull(strstr(html, "Tax (7.25%)"));
    ck_assert_ptr_nonnull(strstr(html, "$380.62"));
    ck_assert_ptr_nonnull(strstr(html, "$5,630.61"));
    free(html);
    char *md = export_to_string(&b, DLRIG_EXPORT_MD, &o);
    ck_assert_ptr_nonnull(strstr(md, "| **Total** | **$5,630.61** |"));
    free(md);
    char *json = export_to_string(&b, DLRIG_EXPORT_JSON, &o);
    cJSON *doc = cJSON_Parse(json);
    ck_assert_ptr_nonnull(doc);
    cJSON *q = cJSON_GetObjectItemCaseSensitive(doc, "quote");
    ck_assert_double_eq_tol(cJSON_GetObjectItemCaseSensitive(q, "total_usd")->valuedouble, 5630.61, 1e-9);
    ck_assert_double_eq_tol(cJSON_GetObjectItemCaseSensitive(q, "discount_usd")->valuedouble, 750.0, 1e-9);
    cJSON_Delete(doc);
    free(json);
    build_free(&b);
}
END_TEST

/* ------------------------------------------------------------ Markdown, text, JSON */

START_TEST(markdown_one_row_per_part)
{
    dlrig_build b;
    load(_i == 0 ? "clean.json" : "cooling.open_air_dense.trigger.json", &b);
    char *md = export_to_string(&b, DLRIG_EXPORT_MD, NULL);
    /* the part-number column, as a line of each build has one */
    const char *head = "| Category | Part | Part number | Qty | Unit price | Line total |\n|---|---|---|---:|---:|---:|\n";
    const char *p = strstr(md, head);
    ck_assert_ptr_nonnull(p);
    p += strlen(head);
    size_t rows = 0;
    while (*p == '|') {
        /* six cells: seven unescaped pipes */
        const char *e = strchr(p, '\n');
        ck_assert_ptr_nonnull(e);
        int pipes = 0;
        for (const char *q = p; q < e; q++)
            if (*q == '|' && (q == p || q[-1] != '\\')) pipes++;
        ck_assert_int_eq(pipes, 7);
        rows++;
        p = e + 1;
    }
    ck_assert_uint_eq(rows, b.n_items);
    for (size_t i = 0; i < b.n_items; i++) ck_assert_ptr_nonnull(strstr(md, b.items[i].part->id));
    ck_assert_ptr_nonnull(strstr(md, "## Findings"));
    ck_assert_ptr_nonnull(strstr(md, "Time per epoch"));
    if (_i == 1) {
        ck_assert_ptr_nonnull(strstr(md, "### Warnings"));
        ck_assert_ptr_nonnull(strstr(md, "`cooling.open_air_dense`"));
    }
    free(md);
    build_free(&b);
}
END_TEST

START_TEST(markdown_escapes_metacharacters)
{
    dlrig_build b;
    load("clean.json", &b);
    free(b.name);
    b.name = xstrdup("a|b *c* <img src=x>");
    char *md = export_to_string(&b, DLRIG_EXPORT_MD, NULL);
    ck_assert_ptr_nonnull(strstr(md, "# a\\|b \\*c\\* \\<img src=x\\>\n"));
    free(md);
    build_free(&b);
}
END_TEST

START_TEST(text_pads_by_display_width)
{
    dlrig_build b;
    load("clean.json", &b);
    free(b.name);
    b.name = xstrdup("Überbox ×2"); /* 10 columns, 13 bytes */
    char *txt = export_to_string(&b, DLRIG_EXPORT_TXT, NULL);
    ck_assert_ptr_nonnull(strstr(txt, "Überbox ×2\n==========\n"));
    /* the money column lines up: every parts row and total ends at the same column */
    const char *p = strstr(txt, "  Category");
    ck_assert_ptr_nonnull(p);
    int width = -1;
    for (int lines = 0; lines < (int)b.n_items + 3; lines++) {
        const char *e = strchr(p, '\n');
        ck_assert_ptr_nonnull(e);
        int w = (int)(e - p); /* the parts' names here are ASCII */
        if (width < 0) width = w;
        ck_assert_msg(w == width, "line %d is %d wide, not %d: %.*s", lines, w, width, (int)(e - p), p);
        p = e + 1;
    }
    free(txt);
    build_free(&b);
}
END_TEST

START_TEST(json_document)
{
    dlrig_build b;
    load("cooling.open_air_dense.trigger.json", &b);
    char *json = export_to_string(&b, DLRIG_EXPORT_JSON, NULL);
    cJSON *doc = cJSON_Parse(json);
    ck_assert_ptr_nonnull(doc);
    ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(doc, "format")->valuestring, "dlrig-export");
    cJSON *build = cJSON_GetObjectItemCaseSensitive(doc, "build");
    ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(build, "format")->valuestring, "dlrig-build");
    ck_assert_int_eq(cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(doc, "lines")), (int)b.n_items);
    ck_assert(cJSON_IsObject(cJSON_GetObjectItemCaseSensitive(doc, "totals")));
    ck_assert(cJSON_IsObject(cJSON_GetObjectItemCaseSensitive(doc, "estimate")));
    cJSON *f = cJSON_GetObjectItemCaseSensitive(doc, "findings");
    ck_assert(cJSON_GetArraySize(f) >= 1);
    /* the embedded build loads back */
    char *bs = cJSON_PrintUnformatted(build);
    dlrig_build back;
    char err[512];
    ck_assert_int_eq(build_parse(cat, bs, strlen(bs), "export", &back, err, sizeof err), DLRIG_BUILD_OK);
    ck_assert_uint_eq(back.n_items, b.n_items);
    build_free(&back);
    cJSON_free(bs);
    cJSON_Delete(doc);
    free(json);
    build_free(&b);
}
END_TEST

/* A part priced from a used offer is marked so in every format; with used
 * offers not allowed nothing is marked and the new price is quoted. */
START_TEST(exports_mark_used_prices)
{
    static const dlrig_export_format fmts[] = {DLRIG_EXPORT_MD, DLRIG_EXPORT_CSV, DLRIG_EXPORT_JSON,
                                               DLRIG_EXPORT_TXT, DLRIG_EXPORT_HTML};
    dlrig_build b;
    load("clean.json", &b);
    const dlrig_part *g = catalog_find(cat, "nvidia-rtx-3090");
    ck_assert_ptr_nonnull(g);
    build_set_category(&b, DLRIG_CAT_GPU, g, 1);
    const dlrig_price *o = &g->used_price;
    ck_assert(price_known(o));
    char label[160];
    snprintf(label, sizeof label, "%s, %s %s", dlrig_condition_names[o->condition], o->market, o->date);
    for (int allow = 0; allow <= 1; allow++) {
        b.req.allow_used = allow;
        for (size_t k = 0; k < sizeof fmts / sizeof fmts[0]; k++) {
            char *out = export_to_string(&b, fmts[k], NULL);
            if (!allow)
                ck_assert_msg(strstr(out, "used,") == NULL, "format %zu marks a used price when none is allowed", k);
            else if (fmts[k] != DLRIG_EXPORT_JSON)
                ck_assert_msg(strstr(out, label) != NULL, "format %zu does not say '%s'", k, label);
            if (fmts[k] == DLRIG_EXPORT_JSON) {
                cJSON *doc = cJSON_Parse(out);
                ck_assert_ptr_nonnull(doc);
                cJSON *line = NULL, *lines = cJSON_GetObjectItemCaseSensitive(doc, "lines");
                cJSON_ArrayForEach(line, lines)
                {
                    if (strcmp(cJSON_GetObjectItemCaseSensitive(line, "id")->valuestring, g->id) != 0) continue;
                    ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(line, "price_condition")->valuestring,
                                     allow ? "used" : "new");
                    ck_assert_double_eq_tol(cJSON_GetObjectItemCaseSensitive(line, "unit_price_usd")->valuedouble,
                                            allow ? o->usd : g->new_price.usd, 0.005);
                    cJSON *po = cJSON_GetObjectItemCaseSensitive(line, "price_offer");
                    ck_assert(allow == cJSON_IsObject(po));
                    if (allow) {
                        ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(po, "market")->valuestring, o->market);
                        ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(po, "date")->valuestring, o->date);
                    }
                }
                cJSON_Delete(doc);
            }
            free(out);
        }
    }
    build_free(&b);
}
END_TEST

/* A line owned already counts nothing: the totals leave it out (and say
 * how many), the quote's subtotal too, and every format shows "owned" where
 * its price would be; the other lines keep their prices. */
START_TEST(owned_lines_are_priced_zero)
{
    static const dlrig_export_format fmts[] = {DLRIG_EXPORT_MD, DLRIG_EXPORT_CSV, DLRIG_EXPORT_JSON,
                                               DLRIG_EXPORT_TXT, DLRIG_EXPORT_HTML};
    dlrig_build b;
    load("clean.json", &b);
    price_all(&b, 100);
    dlrig_report all = {0}, owned = {0};
    rules_check(cat, &b, &all);
    const dlrig_item *gpu = NULL;
    for (size_t i = 0; i < b.n_items; i++)
        if (b.items[i].part->category == DLRIG_CAT_GPU) gpu = &b.items[i];
    ck_assert_ptr_nonnull(gpu);
    double gpu_usd = gpu->part->price_usd * gpu->qty;
    ck_assert(gpu_usd > 0);
    dlrig_quote_money before, after;
    export_quote_money(&b, 0, 0, &before);
    ck_assert(build_set_owned(&b, gpu->part, true));
    rules_check(cat, &b, &owned);
    ck_assert_int_eq(all.totals.owned_parts, 0);
    ck_assert_int_eq(owned.totals.owned_parts, 1);
    ck_assert_int_eq(owned.totals.unpriced_parts, all.totals.unpriced_parts);
    ck_assert_double_eq_tol(owned.totals.price_usd, all.totals.price_usd - gpu_usd, 0.01);
    export_quote_money(&b, 0, 0, &after);
    ck_assert_int_eq(after.owned_lines, 1);
    ck_assert_int_eq(after.unpriced_lines, before.unpriced_lines);
    ck_assert_int_eq(before.subtotal - after.subtotal, llround(gpu->part->price_usd * 100) * gpu->qty);
    report_free(&all);
    report_free(&owned);
    for (size_t k = 0; k < sizeof fmts / sizeof fmts[0]; k++) {
        char *out = export_to_string(&b, fmts[k], NULL);
        ck_assert_msg(strstr(out, "owned") != NULL, "format %zu does not say 'owned'", k);
        if (fmts[k] == DLRIG_EXPORT_JSON) {
            cJSON *doc = cJSON_Parse(out);
            ck_assert_ptr_nonnull(doc);
            cJSON *line = NULL, *lines = cJSON_GetObjectItemCaseSensitive(doc, "lines");
            int n_owned = 0;
            cJSON_ArrayForEach(line, lines)
            {
                bool is_gpu = strcmp(cJSON_GetObjectItemCaseSensitive(line, "id")->valuestring, gpu->part->id) == 0;
                ck_assert(is_gpu == cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(line, "owned")));
                if (!is_gpu) continue;
                n_owned++;
                ck_assert(cJSON_GetObjectItemCaseSensitive(line, "line_total_usd")->valuedouble == 0);
            }
            ck_assert_int_eq(n_owned, 1);
            cJSON_Delete(doc);
        }
        free(out);
    }
    build_free(&b);
}
END_TEST

START_TEST(format_names)
{
    ck_assert_int_eq(export_format_from_name("md"), DLRIG_EXPORT_MD);
    ck_assert_int_eq(export_format_from_name("html"), DLRIG_EXPORT_HTML);
    ck_assert_int_eq(export_format_from_name("pdf"), -1);
    ck_assert_int_eq(export_format_from_name(NULL), -1);
    ck_assert_str_eq(export_format_ext(DLRIG_EXPORT_TXT), "txt");
}
END_TEST

/* ------------------------------------------------------------ compare */

START_TEST(compare_two_builds_best_values)
{
    dlrig_build a, b;
    load("clean.json", &a);
    price_all(&a, 500);
    /* b: the same build with one GPU fewer: cheaper, slower, less VRAM and power */
    build_copy(&b, &a);
    const dlrig_part *gpu = build_first(&b, DLRIG_CAT_GPU, NULL);
    build_set_qty(&b, gpu, 1);
    const dlrig_build *v[2] = {&a, &b};
    dlrig_compare c;
    char err[256];
    ck_assert_int_eq(compare_builds(cat, v, 2, NULL, &c, err, sizeof err), 0);
    ck_assert_str_eq(c.workload, "cnn");
    ck_assert_str_eq(c.unit, "samples/s");
    ck_assert_uint_eq(c.rows[DLRIG_CMP_PRICE].best, 2u);      /* b is cheaper */
    ck_assert_uint_eq(c.rows[DLRIG_CMP_THROUGHPUT].best, 1u); /* a is faster */
    ck_assert_uint_eq(c.rows[DLRIG_CMP_EPOCH].best, 1u);
    ck_assert_uint_eq(c.rows[DLRIG_CMP_POWER].best, 2u);
    ck_assert_uint_eq(c.rows[DLRIG_CMP_VRAM].best, 1u);
    ck_assert_uint_eq(c.rows[DLRIG_CMP_GPUS].best, 0u); /* more GPUs is not better in itself */
    ck_assert(c.rows[DLRIG_CMP_GPUS].differs);
    ck_assert_uint_eq(c.rows[DLRIG_CMP_RAM].best, 0u); /* equal: nothing to mark */
    ck_assert(!c.rows[DLRIG_CMP_RAM].differs);
    ck_assert(c.rows[DLRIG_CMP_PRICE].differs);
    /* perf per $1k: the one with the higher ratio */
    double ra = c.rows[DLRIG_CMP_PERF_PER_K].value[0], rb = c.rows[DLRIG_CMP_PERF_PER_K].value[1];
    ck_assert_uint_eq(c.rows[DLRIG_CMP_PERF_PER_K].best, ra > rb ? 1u : 2u);
    /* parts: only the GPU line differs */
    bool gpu_seen = false;
    for (size_t k = 0; k < c.n_parts; k++) {
        if (c.parts[k].category == DLRIG_CAT_GPU) {
            gpu_seen = true;
            ck_assert(c.parts[k].differs);
            ck_assert_ptr_nonnull(strstr(c.parts[k].text[0], "2x "));
        } else {
            ck_assert_msg(!c.parts[k].differs, "%s differs", category_title(c.parts[k].category));
        }
    }
    ck_assert(gpu_seen);
    cJSON *doc = compare_to_json(&c);
    ck_assert_int_eq(cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(doc, "builds")), 2);
    cJSON_Delete(doc);
    strbuf md = {0};
    compare_markdown(&c, &md);
    ck_assert_ptr_nonnull(strstr(md.s, "**"));
    sb_free(&md);
    compare_free(&c);
    build_free(&a);
    build_free(&b);
}
END_TEST

START_TEST(compare_ties_unknowns_and_bad_input)
{
    dlrig_build a, b, nogpu;
    load("clean.json", &a);
    price_all(&a, 500);
    build_copy(&b, &a);
    build_copy(&nogpu, &a);
    build_set_category(&nogpu, DLRIG_CAT_GPU, NULL, 0);
    const dlrig_build *v[3] = {&a, &b, &nogpu};
    dlrig_compare c;
    char err[256];
    ck_assert_int_eq(compare_builds(cat, v, 3, NULL, &c, err, sizeof err), 0);
    /* a and b tie on speed; the GPU-less build has no estimate */
    ck_assert_uint_eq(c.rows[DLRIG_CMP_THROUGHPUT].best, 3u);
    ck_assert(!c.rows[DLRIG_CMP_THROUGHPUT].known[2]);
    ck_assert_str_eq(c.rows[DLRIG_CMP_THROUGHPUT].text[2], "-");
    ck_assert_uint_eq(c.rows[DLRIG_CMP_PRICE].best, 4u); /* no GPUs: cheapest */
    compare_free(&c);
    /* unpriced parts: shown, never ranked */
    dlrig_build u;
    load("cooling.open_air_dense.trigger.json", &u);
    bool has_unpriced = false;
    for (size_t i = 0; i < u.n_items; i++)
        if (isnan(u.items[i].part->price_usd)) has_unpriced = true;
    if (has_unpriced) {
        const dlrig_build *w[2] = {&a, &u};
        ck_assert_int_eq(compare_builds(cat, w, 2, NULL, &c, err, sizeof err), 0);
        const dlrig_compare_row *pr = &c.rows[DLRIG_CMP_PRICE];
        ck_assert_uint_eq(pr->partial, 2u);
        ck_assert_uint_eq(pr->best & 2u, 0u);
        /* the complete price is best only when it is below the partial one's lower bound */
        ck_assert_uint_eq(pr->best, pr->value[0] < pr->value[1] ? 1u : 0u);
        compare_free(&c);
    }
    build_free(&u);
    ck_assert_int_eq(compare_builds(cat, v, 1, NULL, &c, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "2 or 3"));
    ck_assert_int_eq(compare_builds(cat, v, 2, "vision", &c, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "vision"));
    build_free(&a);
    build_free(&b);
    build_free(&nogpu);
}
END_TEST

/* ------------------------------------------------------------ quotes */

/* 1 when every element of html is closed in order (void elements aside). */
static int html_balanced(const char *html, char *why, size_t len)
{
    static const char *const voids[] = {"meta", "br", "hr", "img", "link", "input", NULL};
    char stack[64][16];
    int depth = 0;
    for (const char *p = html; (p = strchr(p, '<')) != NULL;) {
        if (p[1] == '!') {
            p = strchr(p, '>');
            if (!p) break;
            continue;
        }
        bool close = p[1] == '/';
        const char *n = p + 1 + close;
        size_t l = strspn(n, "abcdefghijklmnopqrstuvwxyz0123456789");
        char name[16];
        snprintf(name, sizeof name, "%.*s", (int)(l < 15 ? l : 15), n);
        const char *e = strchr(p, '>');
        if (!l || !e) return snprintf(why, len, "stray '<' at offset %td", p - html), 0;
        bool is_void = false;
        for (int i = 0; voids[i]; i++) is_void |= !strcmp(voids[i], name);
        if (close) {
            if (depth == 0 || strcmp(stack[depth - 1], name) != 0)
                return snprintf(why, len, "</%s> closes <%s>", name, depth ? stack[depth - 1] : "nothing"), 0;
            depth--;
        } else if (!is_void && e[-1] != '/') {
            if (depth == 64) return snprintf(why, len, "nested too deep"), 0;
            snprintf(stack[depth++], sizeof stack[0], "%s", name);
            if (!strcmp(name, "style") || !strcmp(name, "script")) { /* raw text up to the end tag */
                char end[24];
                snprintf(end, sizeof end, "</%s>", name);
                e = strstr(e, end);
                if (!e) return snprintf(why, len, "<%s> never closed", name), 0;
                p = e;
                continue;
            }
        }
        p = e + 1;
    }
    if (depth) return snprintf(why, len, "<%s> never closed", stack[depth - 1]), 0;
    return 1;
}

static void opts_fixed(dlrig_export_opts *o)
{
    export_opts_init(o);
    o->date = FIXED_DATE;
    o->customer = "Lab <A> & Co";
}

START_TEST(draft_quote_lists_problems_first)
{
    dlrig_build b;
    load("compat.socket.trigger.json", &b);
    dlrig_analysis an = {0};
    export_analyze(cat, &b, &an);
    const dlrig_finding *pr[8];
    ck_assert_uint_eq(export_problems(&an, pr, 8), 2);
    ck_assert_str_eq(pr[0]->id, "compat.socket");
    export_analysis_free(&an);
    dlrig_export_opts o;
    opts_fixed(&o);
    for (int f = 0; f < DLRIG_EXPORT_COUNT; f++) {
        char *s = export_to_string(&b, (dlrig_export_format)f, &o);
        const char *d = strstr(s, f == DLRIG_EXPORT_JSON ? "\"draft\": true" : "DRAFT");
        ck_assert_msg(d != NULL, "format %d: no DRAFT mark", f);
        if (f != DLRIG_EXPORT_JSON && f != DLRIG_EXPORT_CSV) {
            const char *prob = strstr(s, "does not fit TRX50 AERO D");
            const char *items = strstr(s, f == DLRIG_EXPORT_HTML ? "Line items" : "Parts");
            ck_assert_msg(prob && items && prob < items, "format %d: the problems do not come before the parts", f);
        }
        if (f == DLRIG_EXPORT_HTML) {
            char why[128];
            ck_assert_msg(html_balanced(s, why, sizeof why), "draft HTML: %s", why);
            ck_assert_ptr_nonnull(strstr(s, "<h1>DRAFT quotation</h1>"));
        }
        free(s);
    }
    build_free(&b);
    /* a clean build is no draft and has no problems */
    load("clean.json", &b);
    char *s = export_to_string(&b, DLRIG_EXPORT_HTML, &o);
    ck_assert_ptr_null(strstr(s, "DRAFT"));
    ck_assert_ptr_nonnull(strstr(s, "<h1>Quotation</h1>"));
    free(s);
    build_free(&b);
}
END_TEST

START_TEST(seller_file_fields)
{
    dlrig_seller s;
    char err[512];
    const char *good = "{\"company\": \"Northwind <GmbH>\", \"contact\": \"Jane\\njane@x\", \"terms\": \"30 days net\","
                       " \"currency\": \"EUR\", \"usd_rate\": 0.5}";
    ck_assert_int_eq(export_seller_parse(good, strlen(good), "seller.json", &s, err, sizeof err), 0);
    ck_assert_str_eq(s.currency, "EUR");
    dlrig_build b;
    load("clean.json", &b);
    price_all(&b, 100);
    dlrig_export_opts o;
    opts_fixed(&o);
    o.seller = &s;
    char *html = export_to_string(&b, DLRIG_EXPORT_HTML, &o);
    ck_assert_ptr_nonnull(strstr(html, "Northwind &lt;GmbH&gt;"));
    ck_assert_ptr_nonnull(strstr(html, "Jane<br>\njane@x"));
    ck_assert_ptr_nonnull(strstr(html, "<h2>Terms</h2>"));
    ck_assert_ptr_nonnull(strstr(html, "1 USD = 0.5 EUR"));
    /* amounts converted line by line: each unit price halved, to the cent */
    long long sub = 0;
    for (size_t i = 0; i < b.n_items; i++)
        sub += llround(b.items[i].part->price_usd * 0.5 * 100) * export_item_total_qty(&b, &b.items[i]);
    char want[160], num[64];
    format_cents(sub, true, num, sizeof num);
    snprintf(want, sizeof want, "Subtotal</td><td class=\"num\">EUR %s", num + 1);
    ck_assert_msg(strstr(html, want) != NULL, "no '%s'", want);
    free(html);
    /* CSV stays in US dollars */
    char *csv = export_to_string(&b, DLRIG_EXPORT_CSV, &o);
    ck_assert_ptr_null(strstr(csv, "EUR"));
    free(csv);
    export_seller_free(&s);
    build_free(&b);

    static const struct {
        const char *doc, *msg;
    } bad[] = {
        {"{\"compnay\": \"X\"}", "unknown field 'compnay'"},
        {"{\"contact\": \"X\"}", "field 'company' is missing"},
        {"{\"company\": 3}", "field 'company': expected a string"},
        {"{\"company\": \"X\", \"currency\": \"euro\"}", "field 'currency'"},
        {"{\"company\": \"X\", \"currency\": \"EUR\"}", "field 'usd_rate' is missing"},
        {"{\"company\": \"X\", \"usd_rate\": -1}", "field 'usd_rate'"},
        {"[1]", "not a JSON object"},
        {"{", "not a JSON object"},
        {"{\"company\": \"X\", \"terms\": \"30 days\", \"company\": \"Y\"}", "company: the key is given twice"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        err[0] = '\0';
        ck_assert_int_eq(export_seller_parse(bad[i].doc, strlen(bad[i].doc), "seller.json", &s, err, sizeof err), -1);
        ck_assert_msg(strstr(err, bad[i].msg) && strstr(err, "seller.json"), "'%s': got '%s'", bad[i].doc, err);
        export_seller_free(&s);
    }
    ck_assert_int_eq(export_seller_load("/nonexistent/dlrig/seller.json", &s, err, sizeof err), 1);
}
END_TEST

/* A quote whose prices are more than six months old on its date says so
 * and promises no validity, unless the seller says the prices were
 * re-checked; the same build quoted a month after its oldest price does not. */
static time_t month_after(const char *ym, int months)
{
    struct tm tm = {0};
    tm.tm_year = atoi(ym) - 1900;
    tm.tm_mon = atoi(ym + 5) - 1 + months;
    tm.tm_mday = 15;
    tm.tm_hour = 12;
    return mktime(&tm);
}

/* The clean build quoted to a customer `months` after its oldest price;
 * returns that oldest price's date. */
static const char *quote_clean_later(dlrig_build *b, dlrig_export_opts *o, int months)
{
    load("clean.json", b);
    const char *oldest = build_oldest_price_date(b);
    ck_assert_ptr_nonnull(oldest);
    export_opts_init(o);
    o->customer = "Lab";
    o->date = month_after(oldest, months);
    return oldest;
}

START_TEST(old_prices_quote_says_recheck)
{
    dlrig_build b;
    dlrig_export_opts o;
    const char *oldest = quote_clean_later(&b, &o, 16);
    char *md = export_to_string(&b, DLRIG_EXPORT_MD, &o);
    ck_assert_msg(strstr(md, "re-check before ordering") && !strstr(md, "valid until"), "%s", md);
    char *html = export_to_string(&b, DLRIG_EXPORT_HTML, &o);
    ck_assert_ptr_nonnull(strstr(html, "class=\"stale\""));
    ck_assert_ptr_nonnull(strstr(html, "none until the prices are re-checked"));
    char *txt = export_to_string(&b, DLRIG_EXPORT_TXT, &o);
    ck_assert_ptr_nonnull(strstr(txt, "none until the prices are re-checked"));
    char *js = export_to_string(&b, DLRIG_EXPORT_JSON, &o);
    cJSON *doc = cJSON_Parse(js), *q = cJSON_GetObjectItemCaseSensitive(doc, "quote");
    ck_assert(cJSON_IsNull(cJSON_GetObjectItemCaseSensitive(q, "valid_until")));
    ck_assert(cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(q, "prices_stale")));
    ck_assert_int_eq(cJSON_GetObjectItemCaseSensitive(q, "price_age_months")->valueint, 16);
    cJSON_Delete(doc);
    free(md), free(html), free(txt), free(js);
    /* the seller re-checked them: the validity is promised, and the quote says why */
    o.prices_checked = true;
    md = export_to_string(&b, DLRIG_EXPORT_MD, &o);
    ck_assert_msg(strstr(md, "valid until") && strstr(md, "re-checked by the seller"), "%s", md);
    free(md);
    /* a month after the oldest price: an ordinary quote */
    o.prices_checked = false;
    o.date = month_after(oldest, 1);
    md = export_to_string(&b, DLRIG_EXPORT_MD, &o);
    ck_assert_msg(strstr(md, "valid until") && !strstr(md, "re-check"), "%s", md);
    free(md);
    build_free(&b);
}
END_TEST

/* A quote with old prices marks each line whose price is more than six
 * months old and says how many lines and how much of the total they are;
 * lines priced since are not marked, and a seller's re-check removes the
 * marks. */
START_TEST(old_price_lines_marked)
{
    dlrig_build b;
    dlrig_export_opts o;
    quote_clean_later(&b, &o, DLRIG_PRICE_STALE_MONTHS + 1); /* only the oldest month's lines are old */
    char today[16];
    strftime(today, sizeof today, "%Y-%m", localtime(&o.date));
    int priced = 0, old = 0;
    double old_usd = 0;
    for (size_t i = 0; i < b.n_items; i++) {
        dlrig_price pr = build_line_price(&b, &b.items[i]);
        if (!price_known(&pr)) continue;
        priced++;
        if (price_age_months(pr.date, today) > DLRIG_PRICE_STALE_MONTHS) {
            old++;
            old_usd += pr.usd * export_item_total_qty(&b, &b.items[i]);
        }
    }
    ck_assert_msg(old > 0 && old < priced, "the fixture build needs lines priced in different months (%d of %d old)",
                  old, priced);
    char want[96];
    snprintf(want, sizeof want, "%d of %d priced lines", old, priced);
    char *md = export_to_string(&b, DLRIG_EXPORT_MD, &o), *html = export_to_string(&b, DLRIG_EXPORT_HTML, &o),
         *txt = export_to_string(&b, DLRIG_EXPORT_TXT, &o);
    ck_assert_msg(strstr(md, want) && strstr(md, "(marked below)"), "%s", md);
    ck_assert_msg(strstr(html, want), "%s", html);
    ck_assert_msg(strstr(txt, want), "%s", txt);
    /* each line's mark follows its price's age */
    for (size_t i = 0; i < b.n_items; i++) {
        dlrig_price pr = build_line_price(&b, &b.items[i]);
        if (!price_known(&pr)) continue;
        char lbl[200], row[640];
        export_part_label(b.items[i].part, lbl, sizeof lbl);
        bool is_old = price_age_months(pr.date, today) > DLRIG_PRICE_STALE_MONTHS;
        /* with what its market did since, when the catalog's prices of its peers moved */
        dlrig_market_move mm;
        char mk[200] = "";
        if (market_line_move(cat, &b, &b.items[i], today, &mm)) {
            ck_assert(is_old);
            char t[160];
            snprintf(mk, sizeof mk, ": %s", market_move_short(&mm, t, sizeof t));
        }
        snprintf(row, sizeof row, "| %s (price of %.7s, to be re-checked%s) |", lbl, pr.date, mk);
        ck_assert_msg(!!strstr(md, row) == is_old, "%s: %s\n%s", lbl, is_old ? "not marked" : "marked", md);
        snprintf(row, sizeof row, "%s [%.7s price]", lbl, pr.date);
        ck_assert_msg(!!strstr(txt, row) == is_old, "%s\n%s", lbl, txt);
    }
    char *js = export_to_string(&b, DLRIG_EXPORT_JSON, &o);
    cJSON *doc = cJSON_Parse(js), *q = cJSON_GetObjectItemCaseSensitive(doc, "quote");
    ck_assert_int_eq(cJSON_GetObjectItemCaseSensitive(q, "stale_price_lines")->valueint, old);
    ck_assert_double_eq_tol(cJSON_GetObjectItemCaseSensitive(q, "stale_price_usd")->valuedouble, old_usd, 0.01 * old);
    cJSON_Delete(doc);
    free(md), free(html), free(txt), free(js);
    /* re-checked by the seller: no marks, no count */
    o.prices_checked = true;
    md = export_to_string(&b, DLRIG_EXPORT_MD, &o);
    ck_assert_msg(!strstr(md, "to be re-checked") && !strstr(md, want), "%s", md);
    free(md);
    /* the seller's worksheet gives each line's price date instead of a mark */
    o.prices_checked = false;
    o.internal = true;
    md = export_to_string(&b, DLRIG_EXPORT_MD, &o);
    ck_assert_msg(strstr(md, want) && !strstr(md, "to be re-checked") && !strstr(md, "(marked below)"), "%s", md);
    free(md);
    build_free(&b);
}
END_TEST

/* "Prices as of OLDEST to NEWEST from retailer listings" of b's new-part lines. */
static void price_span(const dlrig_build *b, char *buf, size_t len)
{
    const char *lo = NULL, *hi = NULL;
    for (size_t i = 0; i < b->n_items; i++) {
        dlrig_price pr = build_line_price(b, &b->items[i]);
        if (!price_known(&pr) || !pr.date) continue;
        if (!lo || strncmp(pr.date, lo, 7) < 0) lo = pr.date;
        if (!hi || strncmp(pr.date, hi, 7) > 0) hi = pr.date;
    }
    ck_assert_ptr_nonnull(lo);
    if (!strncmp(lo, hi, 7)) snprintf(buf, len, "Prices as of %.7s from retailer listings", lo);
    else snprintf(buf, len, "Prices as of %.7s to %.7s from retailer listings", lo, hi);
}

START_TEST(quote_number_revision_lead_and_price_source)
{
    dlrig_build b;
    load("clean.json", &b);
    const dlrig_build *one[1] = {&b};
    dlrig_export_opts o;
    opts_fixed(&o);
    o.revision = 3;
    char q1[64], q2[64];
    export_quote_number_for(one, 1, &o, FIXED_DATE, q1, sizeof q1);
    export_quote_number_for(one, 1, &o, FIXED_DATE, q2, sizeof q2);
    ck_assert_str_eq(q1, q2);
    ck_assert_msg(strncmp(q1, "Q-20250314-", 11) == 0 && strlen(q1) == 15, "%s", q1);
    dlrig_lead_time lead[] = {{"*", "in stock"}, {b.items[0].part->id, "4-6 weeks"}};
    o.lead = lead;
    o.n_lead = 2;
    char *html = export_to_string(&b, DLRIG_EXPORT_HTML, &o);
    ck_assert_msg(strstr(html, q1) != NULL, "no quote number %s", q1);
    ck_assert_ptr_nonnull(strstr(html, "Revision</th><td>3"));
    ck_assert_ptr_nonnull(strstr(html, "<th>Availability</th>"));
    ck_assert_ptr_nonnull(strstr(html, "<td>4-6 weeks</td>"));
    ck_assert_ptr_nonnull(strstr(html, "<td>in stock</td>"));
    /* the customer's copy names no line's price source: one dated footnote says where the prices come from */
    char basis[120];
    price_span(&b, basis, sizeof basis);
    ck_assert_msg(strstr(html, basis) != NULL, "no footnote '%s'", basis);
    o.internal = true; /* the seller's worksheet: every priced line names the month and source of its price */
    char *sheet = export_to_string(&b, DLRIG_EXPORT_HTML, &o);
    size_t sources = 0;
    for (size_t i = 0; i < b.n_items; i++) {
        char ps[320];
        dlrig_price pr = build_line_price(&b, &b.items[i]);
        if (!export_price_source(cat, &pr, ps, sizeof ps)) continue;
        ck_assert_msg(strlen(ps) > 9 && !strstr(ps, ".txt"), "%s: '%s'", b.items[i].part->id, ps);
        strbuf esc = {0};
        export_html_escape(&esc, ps);
        ck_assert_msg(strstr(sheet, esc.s) != NULL, "no price source '%s' on the worksheet", ps);
        ck_assert_msg(strstr(html, esc.s) == NULL, "price source '%s' on the customer's copy", ps);
        sb_free(&esc);
        sources++;
    }
    ck_assert_uint_gt(sources, 3);
    char why[128];
    ck_assert_msg(html_balanced(html, why, sizeof why), "%s", why);
    ck_assert_msg(html_balanced(sheet, why, sizeof why), "%s", why);
    free(sheet);
    free(html);
    o.internal = false;
    o.quote_number = "SE-42";
    char *md = export_to_string(&b, DLRIG_EXPORT_MD, &o);
    ck_assert_ptr_nonnull(strstr(md, "**Quote:** SE-42, revision 3"));
    ck_assert_ptr_nonnull(strstr(md, "| Availability |"));
    free(md);
    build_free(&b);
}
END_TEST

START_TEST(quote_with_three_options)
{
    static const char *const files[3] = {"clean.json", "unknown-card-length.json", "compat.socket.trigger.json"};
    dlrig_build b[3];
    dlrig_analysis an[3];
    memset(an, 0, sizeof an);
    const dlrig_build *bp[3];
    const dlrig_analysis *ap[3];
    for (int k = 0; k < 3; k++) {
        load(files[k], &b[k]);
        export_analyze(cat, &b[k], &an[k]);
        bp[k] = &b[k];
        ap[k] = &an[k];
    }
    dlrig_export_opts o;
    opts_fixed(&o);
    strbuf sb = {0};
    ck_assert_int_eq(export_options(cat, bp, ap, 3, DLRIG_EXPORT_CSV, &o, &sb), -1);
    ck_assert_int_eq(export_options(cat, bp, ap, 0, DLRIG_EXPORT_HTML, &o, &sb), -1);
    ck_assert_int_eq(export_options(cat, bp, ap, 3, DLRIG_EXPORT_HTML, &o, &sb), 0);
    char why[128];
    ck_assert(!html_balanced("<p><b>x</p>", why, sizeof why)); /* the check can fail */
    ck_assert(!html_balanced("<div><p>x</p>", why, sizeof why));
    ck_assert_msg(html_balanced(sb.s, why, sizeof why), "3-option HTML: %s", why);
    ck_assert_ptr_nonnull(strstr(sb.s, "Options at a glance"));
    ck_assert_ptr_nonnull(strstr(sb.s, "DRAFT quotation"));
    const char *a = strstr(sb.s, "id=\"option-a\""), *bb = strstr(sb.s, "id=\"option-b\""),
               *c = strstr(sb.s, "id=\"option-c\"");
    ck_assert_msg(a && bb && c && a < bb && bb < c, "options out of order");
    /* the problems of option C come first, before the summary */
    const char *prob = strstr(sb.s, "Option C: <span");
    ck_assert_msg(prob && prob < strstr(sb.s, "Options at a glance"), "option C's problems not first");
    /* a "not checked" note is shown once, in its own section, never among findings */
    ck_assert_ptr_nonnull(strstr(sb.s, "<h2>Not checked</h2>"));
    ck_assert_ptr_null(strstr(sb.s, "not checked: "));
    size_t copies = 0;
    for (const char *p = sb.s; (p = strstr(p, "no card length for GeForce RTX 4070 Ti SUPER")) != NULL; p++) copies++;
    ck_assert_uint_eq(copies, 1);
    sb_free(&sb);
    /* the same build twice: its notes still once */
    const dlrig_build *twice[2] = {&b[1], &b[1]};
    const dlrig_analysis *atwice[2] = {&an[1], &an[1]};
    ck_assert_int_eq(export_options(cat, twice, atwice, 2, DLRIG_EXPORT_MD, &o, &sb), 0);
    copies = 0;
    for (const char *p = sb.s; (p = strstr(p, "no card length for GeForce RTX 4070 Ti SUPER")) != NULL; p++) copies++;
    ck_assert_uint_eq(copies, 1);
    ck_assert_ptr_nonnull(strstr(sb.s, "## Option B: "));
    ck_assert_ptr_nonnull(strstr(sb.s, "| Option | Build | GPUs | VRAM | Estimated speed | Status | Total |"));
    sb_free(&sb);
    for (int k = 0; k < 3; k++) {
        export_analysis_free(&an[k]);
        build_free(&b[k]);
    }
}
END_TEST

/* ------------------------------------------------------------ the customer's copy */

static void load_quote(const char *file, dlrig_build *b)
{
    char path[512], err[1024];
    snprintf(path, sizeof path, "%s/quote/%s", DLRIG_TEST_DATA, file);
    int rc = build_load(cat, path, b, err, sizeof err);
    ck_assert_msg(rc == DLRIG_BUILD_OK, "%s", err);
}

/* Two customers quoted the same build on the same day get different quote
 * numbers; so does one customer offered other terms; the same quote asked
 * again at the same moment keeps its number. */
START_TEST(quote_numbers_tell_quotes_apart)
{
    dlrig_build b;
    load("clean.json", &b);
    dlrig_export_opts a, z;
    opts_fixed(&a);
    opts_fixed(&z);
    a.customer = "Alpha Corp";
    z.customer = "Beta Labs";
    z.discount_pct = 15;
    char *ha = export_to_string(&b, DLRIG_EXPORT_HTML, &a), *hz = export_to_string(&b, DLRIG_EXPORT_HTML, &z);
    const char *na = strstr(ha, "Quote no.</th><td>"), *nz = strstr(hz, "Quote no.</th><td>");
    ck_assert(na && nz);
    ck_assert_msg(strncmp(na, nz, 40) != 0, "both quotes are %.40s", na);
    free(ha);
    free(hz);
    const dlrig_build *one[1] = {&b};
    char q1[64], q2[64];
    z.customer = "Alpha Corp";
    export_quote_number_for(one, 1, &a, FIXED_DATE, q1, sizeof q1);
    export_quote_number_for(one, 1, &z, FIXED_DATE, q2, sizeof q2);
    ck_assert_str_ne(q1, q2); /* the same customer, another discount */
    z.discount_pct = 0;
    export_quote_number_for(one, 1, &z, FIXED_DATE, q2, sizeof q2);
    ck_assert_str_eq(q1, q2);
    export_quote_number_for(one, 1, &z, FIXED_DATE + 3600, q2, sizeof q2);
    ck_assert_str_ne(q1, q2); /* an hour later: another quote */
    build_free(&b);
}
END_TEST

/* The counter in the state directory gives each quote its own number, also
 * to processes taking numbers at the same time; a damaged counter file is
 * refused naming the file. */
START_TEST(quote_counter_numbers_each_quote_once)
{
    char dir[] = "/tmp/dlrig-qc-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    char q[64], err[512];
    ck_assert_int_eq(export_quote_serial_next(dir, FIXED_DATE, q, sizeof q, err, sizeof err), 0);
    ck_assert_str_eq(q, "Q-20250314-0001");
    ck_assert_int_eq(export_quote_serial_next(dir, FIXED_DATE, q, sizeof q, err, sizeof err), 0);
    ck_assert_str_eq(q, "Q-20250314-0002");
    enum { KIDS = 4, EACH = 25 };
    for (int k = 0; k < KIDS; k++) {
        pid_t pid = fork();
        ck_assert_int_ge(pid, 0);
        if (pid == 0) {
            char path[600], one[64], e[512];
            snprintf(path, sizeof path, "%s/kid%d", dir, k);
            FILE *f = fopen(path, "w");
            for (int i = 0; f && i < EACH; i++)
                if (export_quote_serial_next(dir, FIXED_DATE, one, sizeof one, e, sizeof e) == 0) fprintf(f, "%s\n", one);
            _exit(f && fclose(f) == 0 ? 0 : 1);
        }
    }
    for (int k = 0; k < KIDS; k++) {
        int st;
        ck_assert_int_gt(wait(&st), 0);
        ck_assert(WIFEXITED(st) && WEXITSTATUS(st) == 0);
    }
    char seen[KIDS * EACH][64];
    int n = 0;
    for (int k = 0; k < KIDS; k++) {
        char path[600], line[64];
        snprintf(path, sizeof path, "%s/kid%d", dir, k);
        FILE *f = fopen(path, "r");
        ck_assert_ptr_nonnull(f);
        while (fgets(line, sizeof line, f) && n < KIDS * EACH) {
            line[strcspn(line, "\n")] = '\0';
            for (int i = 0; i < n; i++) ck_assert_msg(strcmp(seen[i], line) != 0, "%s given twice", line);
            snprintf(seen[n++], sizeof seen[0], "%s", line);
        }
        fclose(f);
        unlink(path);
    }
    ck_assert_int_eq(n, KIDS * EACH);
    ck_assert_int_eq(export_quote_serial_next(dir, FIXED_DATE, q, sizeof q, err, sizeof err), 0);
    ck_assert_str_eq(q, "Q-20250314-0103");
    char path[600];
    snprintf(path, sizeof path, "%s/quote-counter", dir);
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs("twelve\n", f);
    fclose(f);
    ck_assert_int_eq(export_quote_serial_next(dir, FIXED_DATE, q, sizeof q, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "quote-counter") && strstr(err, "whole number"), "%s", err);
    unlink(path);
    snprintf(path, sizeof path, "%s/quote-counter.lock", dir);
    unlink(path);
    rmdir(dir);
    ck_assert_int_eq(export_quote_serial_next("/nonexistent/dlrig", FIXED_DATE, q, sizeof q, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "/nonexistent/dlrig/quote-counter"), "%s", err);
}
END_TEST

/* The customer's copy of a quote of the advisor's three tiers: options
 * titled by tier, the requirements in words, no dlrig part id, no finding
 * id, no line's price source, no tier's budget cap; the seller's worksheet
 * (internal) keeps the ids and the budget. */
START_TEST(customer_copy_has_words_not_ids)
{
    static const char *const files[3] = {"lab-good.json", "lab-better.json", "lab-best.json"};
    dlrig_build b[3];
    dlrig_analysis an[3];
    memset(an, 0, sizeof an);
    const dlrig_build *bp[3];
    const dlrig_analysis *ap[3];
    for (int k = 0; k < 3; k++) {
        load_quote(files[k], &b[k]);
        export_analyze(cat, &b[k], &an[k]);
        bp[k] = &b[k];
        ap[k] = &an[k];
    }
    dlrig_export_opts o;
    opts_fixed(&o);
    for (int fmt = 0; fmt < 2; fmt++) {
        dlrig_export_format f = fmt ? DLRIG_EXPORT_MD : DLRIG_EXPORT_HTML;
        strbuf sb = {0};
        o.internal = false;
        ck_assert_int_eq(export_options(cat, bp, ap, 3, f, &o, &sb), 0);
        const char *t = sb.s;
        static const char *const want[] = {"Option A (Good)", "Option B (Better)", "Option C (Best)", "Server room",
                                           "208 V / 30 A circuit", "Mixed precision (FP16)",
                                           "ECC memory (GPU and RAM)", "Transformer fine-tuning", "Time per epoch"};
        for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
            bool requirement = i >= 3 && i <= 7; /* the Markdown options list no requirements */
            if (f == DLRIG_EXPORT_HTML || !requirement)
                ck_assert_msg(strstr(t, want[i]) != NULL, "format %d: no '%s'", fmt, want[i]);
        }
        static const char *const never[] = {"server-room", "208v-30a", "mixed-fp16", "Budget", "(workload ",
                                            "no dataset size given", "price: "};
        for (size_t i = 0; i < sizeof never / sizeof never[0]; i++)
            ck_assert_msg(strstr(t, never[i]) == NULL, "format %d: '%s' on the customer's copy", fmt, never[i]);
        for (int k = 0; k < 3; k++) {
            char cap[48];
            format_usd(b[k].req.budget_usd, cap, sizeof cap);
            ck_assert_msg(strstr(t, cap) == NULL, "format %d: the budget %s is shown", fmt, cap);
            for (size_t i = 0; i < b[k].n_items; i++) {
                const char *id = b[k].items[i].part->id;
                ck_assert_msg(strstr(t, id) == NULL, "format %d: part id %s on the customer's copy", fmt, id);
                char ps[320];
                dlrig_price pr = build_line_price(&b[k], &b[k].items[i]);
                const char *label = export_price_source(cat, &pr, ps, sizeof ps) ? strrchr(ps, ',') : NULL;
                if (label) ck_assert_msg(strstr(t, label + 2) == NULL, "format %d: source '%s' shown", fmt, label + 2);
            }
            for (size_t i = 0; i < an[k].report.n_findings; i++)
                ck_assert_msg(strstr(t, an[k].report.findings[i].id) == NULL, "format %d: finding id %s shown", fmt,
                              an[k].report.findings[i].id);
        }
        sb_free(&sb);
        /* the seller's worksheet */
        o.internal = true;
        ck_assert_int_eq(export_options(cat, bp, ap, 3, f, &o, &sb), 0);
        ck_assert_msg(strstr(sb.s, b[1].items[0].part->id) != NULL, "format %d: the worksheet lacks the ids", fmt);
        if (f == DLRIG_EXPORT_HTML) ck_assert_ptr_nonnull(strstr(sb.s, "Budget"));
        sb_free(&sb);
    }
    for (int k = 0; k < 3; k++) {
        export_analysis_free(&an[k]);
        build_free(&b[k]);
    }
}
END_TEST

/* "Time per epoch" only when the user gave the dataset's size, and only for
 * a workload that trains. */
START_TEST(epoch_only_with_a_dataset)
{
    dlrig_build b;
    load_quote("lab-good.json", &b);
    dlrig_export_opts o;
    opts_fixed(&o);
    char *with = export_to_string(&b, DLRIG_EXPORT_HTML, &o);
    ck_assert_ptr_nonnull(strstr(with, "Time per epoch"));
    free(with);
    b.req.dataset_gb = NAN;
    for (int f = 0; f < DLRIG_EXPORT_COUNT; f++) {
        if (f == DLRIG_EXPORT_JSON) continue; /* data: "epoch_hours": null */
        char *t = export_to_string(&b, (dlrig_export_format)f, &o);
        ck_assert_msg(strstr(t, "epoch") == NULL && strstr(t, "Epoch") == NULL, "format %d shows an epoch", f);
        free(t);
    }
    build_free(&b);
    load("power-5090-pair-tr-llm.json", &b); /* token generation, with a dataset size: no epochs */
    char *inf = export_to_string(&b, DLRIG_EXPORT_HTML, &o);
    ck_assert_ptr_null(strstr(inf, "Time per epoch"));
    free(inf);
    build_free(&b);
}
END_TEST

/* Service lines from the seller profile: on the quote with their prices or
 * "included", added to the subtotal before discount and tax; the lead time
 * among the details; an acceptance block to sign on a seller's final quote
 * (not on a draft); without a seller profile the quote says it is
 * unofficial and has no block to sign. */
START_TEST(seller_services_lead_time_and_acceptance)
{
    dlrig_seller s;
    char err[512];
    const char *doc = "{\"company\": \"Northwind\", \"lead_time\": \"2-3 weeks after the order\", \"services\": ["
                      "{\"name\": \"Assembly and 48-hour burn-in\", \"price\": 350},"
                      "{\"name\": \"3-year warranty\", \"price\": \"included\"},"
                      "{\"name\": \"Shipping\", \"price\": 120.5, \"per_node\": true}]}";
    ck_assert_msg(export_seller_parse(doc, strlen(doc), "seller.json", &s, err, sizeof err) == 0, "%s", err);
    ck_assert_uint_eq(s.n_services, 3);
    ck_assert(isnan(s.services[1].price) && s.services[2].per_node);
    dlrig_build b;
    load_quote("lab-good.json", &b);
    dlrig_export_opts o;
    opts_fixed(&o);
    o.discount_pct = 10;
    o.tax_pct = 5;
    o.seller = &s;
    dlrig_quote_money parts;
    export_quote_money(&b, 0, 0, &parts);
    long long sub = parts.subtotal + 35000 + 12050, disc = llround(sub * 0.10), tax = llround((sub - disc) * 0.05);
    char *html = export_to_string(&b, DLRIG_EXPORT_HTML, &o);
    char want[200], num[64];
    format_cents(sub, true, num, sizeof num);
    snprintf(want, sizeof want, "Subtotal</td><td class=\"num\">%s", num);
    ck_assert_msg(strstr(html, want) != NULL, "no '%s'", want);
    format_cents(sub - disc + tax, true, num, sizeof num);
    snprintf(want, sizeof want, "Total (USD)</td><td class=\"num\">%s", num);
    ck_assert_msg(strstr(html, want) != NULL, "no '%s'", want);
    static const char *const shown[] = {"Assembly and 48-hour burn-in", "$350.00", "3-year warranty", "included",
                                        "$120.50", "Lead time</th><td>2-3 weeks after the order", "<h2>Acceptance</h2>",
                                        "Customer name", "Signature", "PO number"};
    for (size_t i = 0; i < sizeof shown / sizeof shown[0]; i++)
        ck_assert_msg(strstr(html, shown[i]) != NULL, "no '%s'", shown[i]);
    ck_assert_ptr_null(strstr(html, "Unofficial"));
    free(html);
    char *md = export_to_string(&b, DLRIG_EXPORT_MD, &o);
    ck_assert_ptr_nonnull(strstr(md, "| Service | 3-year warranty | | 1 | included | included |")); /* no part number */
    ck_assert_ptr_nonnull(strstr(md, "## Acceptance"));
    free(md);
    char *csv = export_to_string(&b, DLRIG_EXPORT_CSV, &o);
    ck_assert_ptr_nonnull(strstr(csv, "service,,,Assembly and 48-hour burn-in,1,350.00,350.00,"));
    free(csv);
    /* no seller: unofficial, nothing to sign */
    o.seller = NULL;
    html = export_to_string(&b, DLRIG_EXPORT_HTML, &o);
    ck_assert_ptr_nonnull(strstr(html, "Unofficial quote: no seller profile"));
    ck_assert_ptr_null(strstr(html, "Acceptance"));
    ck_assert_ptr_null(strstr(html, "Assembly"));
    free(html);
    build_free(&b);
    /* a draft is no offer to sign */
    load("compat.socket.trigger.json", &b);
    o.seller = &s;
    html = export_to_string(&b, DLRIG_EXPORT_HTML, &o);
    ck_assert_ptr_nonnull(strstr(html, "DRAFT quotation"));
    ck_assert_ptr_null(strstr(html, "Acceptance"));
    free(html);
    build_free(&b);
    export_seller_free(&s);

    static const struct {
        const char *doc, *msg;
    } bad[] = {
        {"{\"company\": \"X\", \"services\": {}}", "field 'services': expected an array"},
        {"{\"company\": \"X\", \"services\": [{\"price\": 1}]}", "services[1]: field 'name'"},
        {"{\"company\": \"X\", \"services\": [{\"name\": \"A\", \"price\": -5}]}", "services[1] ('A'): field 'price'"},
        {"{\"company\": \"X\", \"services\": [{\"name\": \"A\", \"price\": \"free\"}]}", "\"included\""},
        {"{\"company\": \"X\", \"services\": [{\"name\": \"A\", \"price\": 1, \"qty\": 2}]}", "unknown field 'qty'"},
        {"{\"company\": \"X\", \"lead_time\": 14}", "field 'lead_time'"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        err[0] = '\0';
        ck_assert_int_eq(export_seller_parse(bad[i].doc, strlen(bad[i].doc), "seller.json", &s, err, sizeof err), -1);
        ck_assert_msg(strstr(err, bad[i].msg) && strstr(err, "seller.json"), "'%s': got '%s'", bad[i].doc, err);
        export_seller_free(&s);
    }
}
END_TEST

/* A "Part number" column with the catalog's manufacturer part numbers, an
 * empty cell where it has none; no column when no line has one. */
START_TEST(part_number_column)
{
    dlrig_build b;
    load("clean.json", &b);
    dlrig_export_opts o;
    opts_fixed(&o);
    char *html = export_to_string(&b, DLRIG_EXPORT_HTML, &o);
    ck_assert_ptr_nonnull(strstr(html, "<th class=\"mpn\">Part number</th>"));
    ck_assert_ptr_nonnull(strstr(html, "<td class=\"mpn\">4 x KSM48R40BD8-32MD</td>"));
    ck_assert_ptr_nonnull(strstr(html, "<td class=\"mpn\">MZ-V9P4T0</td>"));
    ck_assert_ptr_nonnull(strstr(html, "NVIDIA RTX 5000 Ada</td><td class=\"mpn\">VCNRTX5000ADA-PB</td>"));
    ck_assert_ptr_nonnull(strstr(html, "TRX50 AERO D</td><td class=\"mpn\"></td>"));
    free(html);
    /* JSON: the number as printed, and the count of modules of a kit */
    char *json = export_to_string(&b, DLRIG_EXPORT_JSON, &o);
    {
        cJSON *doc = cJSON_Parse(json);
        ck_assert_ptr_nonnull(doc);
        int kit = 0, drive = 0;
        const cJSON *lines = cJSON_GetObjectItemCaseSensitive(doc, "lines");
        const cJSON *l;
        cJSON_ArrayForEach(l, lines) {
            const cJSON *mpn = cJSON_GetObjectItemCaseSensitive(l, "mpn");
            const cJSON *units = cJSON_GetObjectItemCaseSensitive(l, "mpn_units");
            if (cJSON_IsString(mpn) && strcmp(mpn->valuestring, "KSM48R40BD8-32MD") == 0)
                kit += cJSON_IsNumber(units) && units->valueint == 4;
            if (cJSON_IsString(mpn) && strcmp(mpn->valuestring, "MZ-V9P4T0") == 0) drive++;
        }
        ck_assert_int_eq(kit, 1);
        ck_assert_int_eq(drive, 1);
        cJSON_Delete(doc);
    }
    free(json);
    /* only parts without a number: no column */
    dlrig_build g;
    build_init(&g, "A board only");
    build_add(&g, catalog_find(cat, "gigabyte-trx50-aero-d"), 1);
    html = export_to_string(&g, DLRIG_EXPORT_HTML, &o);
    ck_assert_ptr_null(strstr(html, "Part number"));
    free(html);
    build_free(&g);
    build_free(&b);
}
END_TEST

static Suite *export_suite(void)
{
    Suite *s = suite_create("export");
    TCase *tc = tcase_create("export");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, csv_cells_read_back);
    tcase_add_test(tc, csv_export_parses_with_hostile_names);
    tcase_add_test(tc, html_escapes_everything);
    tcase_add_test(tc, discount_and_tax_in_cents);
    tcase_add_loop_test(tc, markdown_one_row_per_part, 0, 2);
    tcase_add_test(tc, markdown_escapes_metacharacters);
    tcase_add_test(tc, text_pads_by_display_width);
    tcase_add_test(tc, json_document);
    tcase_add_test(tc, exports_mark_used_prices);
    tcase_add_test(tc, owned_lines_are_priced_zero);
    tcase_add_test(tc, format_names);
    tcase_add_test(tc, compare_two_builds_best_values);
    tcase_add_test(tc, compare_ties_unknowns_and_bad_input);
    tcase_add_test(tc, draft_quote_lists_problems_first);
    tcase_add_test(tc, seller_file_fields);
    tcase_add_test(tc, quote_number_revision_lead_and_price_source);
    tcase_add_test(tc, old_prices_quote_says_recheck);
    tcase_add_test(tc, old_price_lines_marked);
    tcase_add_test(tc, quote_with_three_options);
    tcase_add_test(tc, quote_numbers_tell_quotes_apart);
    tcase_add_test(tc, quote_counter_numbers_each_quote_once);
    tcase_add_test(tc, customer_copy_has_words_not_ids);
    tcase_add_test(tc, epoch_only_with_a_dataset);
    tcase_add_test(tc, seller_services_lead_time_and_acceptance);
    tcase_add_test(tc, part_number_column);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    setlocale(LC_CTYPE, "C.UTF-8");
    SRunner *sr = srunner_create(export_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
