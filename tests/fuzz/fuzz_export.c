/*
 * fuzz_export.c — every export format, and the side-by-side comparison, of
 * any build the build reader accepts (the input is a build file, as for
 * fuzz_build; the quote's customer and notes are the build's name, so they
 * get the same hostile strings).  Each export must succeed; the JSON export
 * must be one valid JSON document; the CSV export must read back as CSV
 * with no cell a spreadsheet would take for a formula.
 */
#include <cjson/cJSON.h>
#include <string.h>

#include "dlrig/build.h"
#include "dlrig/compare.h"
#include "dlrig/csv.h"
#include "dlrig/export.h"
#include "fuzz.h"

static void check_csv(const strbuf *out)
{
    csv_reader r;
    csv_record rec;
    csv_init(&r, out->s, out->len);
    int rc;
    while ((rc = csv_next(&r, &rec)) != 0) {
        FUZZ_CHECK(rc == 1, "the CSV export does not read back (line %d)\n%s", rec.line, out->s);
        for (int i = 0; i < rec.n; i++) {
            char c = rec.fields[i][0];
            FUZZ_CHECK(c != '=' && c != '+' && c != '@' && c != '\t' && c != '\r' &&
                           !(c == '-' && rec.fields[i][1] != '\0' && !(rec.fields[i][1] >= '0' && rec.fields[i][1] <= '9')),
                       "CSV cell '%s' (line %d) starts like a formula", rec.fields[i], rec.line);
        }
    }
    csv_free(&r);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const dlrig_catalog *cat = fuzz_catalog();
    dlrig_build b;
    char err[1024];
    if (build_parse(cat, (const char *)data, size, "fuzz.json", &b, err, sizeof err) != DLRIG_BUILD_OK) {
        build_free(&b);
        return 0;
    }
    dlrig_analysis an = {0};
    export_analyze(cat, &b, &an);
    dlrig_export_opts o;
    export_opts_init(&o);
    o.customer = b.name;
    o.project = b.name;
    o.notes = b.name;
    o.date = 1700000000;
    o.discount_pct = size % 101;
    o.tax_pct = (size / 7) % 30;
    /* quote fields carry the hostile name too; a seller in another currency */
    dlrig_lead_time lead[2] = {{"*", b.name ? b.name : ""}, {b.n_items ? b.items[0].part->id : "x", "4 weeks"}};
    o.lead = lead;
    o.n_lead = 2;
    o.quote_number = b.name;
    o.revision = (int)(size % 5);
    dlrig_seller seller = {.company = b.name ? b.name : (char *)"S", .contact = b.name, .terms = b.name,
                           .currency = "EUR", .usd_rate = 0.9};
    if (size % 2) o.seller = &seller;
    for (int f = 0; f < DLRIG_EXPORT_COUNT; f++) {
        strbuf out = {0};
        FUZZ_CHECK(export_build(cat, &b, &an, (dlrig_export_format)f, &o, &out) == 0, "format %d refused", f);
        FUZZ_CHECK(out.len > 0 && out.s && strlen(out.s) == out.len, "format %d: empty or with a NUL", f);
        if (f == DLRIG_EXPORT_JSON) {
            cJSON *doc = cJSON_ParseWithLength(out.s, out.len);
            FUZZ_CHECK(doc != NULL, "the JSON export is not JSON\n%s", out.s);
            cJSON_Delete(doc);
        } else if (f == DLRIG_EXPORT_CSV) {
            check_csv(&out);
        }
        sb_free(&out);
    }
    /* the same build as three options of one quote */
    const dlrig_build *three[3] = {&b, &b, &b};
    const dlrig_analysis *ans[3] = {&an, &an, &an};
    for (int f = 0; f < DLRIG_EXPORT_COUNT; f++) {
        strbuf out = {0};
        int rc = export_options(cat, three, ans, 3, (dlrig_export_format)f, &o, &out);
        FUZZ_CHECK(rc == ((f == DLRIG_EXPORT_MD || f == DLRIG_EXPORT_HTML) ? 0 : -1), "options format %d: %d", f, rc);
        FUZZ_CHECK(rc != 0 || (out.len > 0 && strlen(out.s) == out.len), "options format %d: empty or with a NUL", f);
        sb_free(&out);
    }
    export_analysis_free(&an);

    const dlrig_build *two[2] = {&b, &b};
    dlrig_compare c;
    if (compare_builds(cat, two, 2, NULL, &c, err, sizeof err) == 0) {
        cJSON *j = compare_to_json(&c);
        char *s = cJSON_PrintUnformatted(j);
        FUZZ_CHECK(s != NULL, "the comparison cannot be printed");
        cJSON_free(s);
        cJSON_Delete(j);
        strbuf md = {0};
        compare_markdown(&c, &md);
        sb_free(&md);
        compare_free(&c);
    }
    build_free(&b);
    return 0;
}
