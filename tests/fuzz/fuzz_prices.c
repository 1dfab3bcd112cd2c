/*
 * fuzz_prices.c — the price list importer's validation (prices_parse_opts)
 * against the embedded catalog.  Every accepted row must be a valid price of
 * a catalog part; every rejected line carries a reason; a fatal file yields
 * no rows.
 */
#include <ctype.h>
#include <math.h>
#include <string.h>

#include "dlrig/prices.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const dlrig_catalog *cat = fuzz_catalog();
    static const dlrig_rate rates[] = {{"EUR", 1.08}, {"GBP", 1.27}, {"JPY", 0.0067}};
    dlrig_price_list l;
    /* the first byte picks the options a user can give: a decimal comma and
     * the currency, vendor and date stated for the whole file */
    unsigned flags = size ? data[0] : 0;
    dlrig_price_options o = {.label = "fuzz.csv",
                             .rates = rates,
                             .n_rates = sizeof rates / sizeof rates[0],
                             .decimal_comma = flags & 1,
                             .currency = flags & 2 ? "EUR" : NULL,
                             .vendor = flags & 4 ? "Fuzz Parts" : NULL,
                             .date = flags & 8 ? "2026-01" : NULL,
                             .today = "2026-11-27"};
    prices_parse_opts(cat, (const char *)data, size, &o, &l);
    FUZZ_CHECK(!l.fatal || (l.n_rows == 0 && l.n_issues > 0), "a fatal file with rows or without a reason");
    for (size_t i = 0; i < l.n_rows; i++) {
        const dlrig_price_row *r = &l.rows[i];
        FUZZ_CHECK(fuzz_terminated(r->part_id, sizeof r->part_id) && fuzz_terminated(r->vendor, sizeof r->vendor) &&
                       fuzz_terminated(r->currency, sizeof r->currency) && fuzz_terminated(r->date, sizeof r->date),
                   "row %zu: unterminated string", i);
        FUZZ_CHECK(catalog_find(cat, r->part_id) != NULL, "row %zu: unknown id '%s' accepted", i, r->part_id);
        FUZZ_CHECK(r->price > 0 && isfinite(r->price) && r->usd_per_unit > 0 && r->price_usd > 0 &&
                       isfinite(r->price_usd),
                   "row %zu: price %g x %g = %g", i, r->price, r->usd_per_unit, r->price_usd);
        FUZZ_CHECK(strlen(r->currency) == 3 && isupper((unsigned char)r->currency[0]), "row %zu: currency", i);
        FUZZ_CHECK(r->vendor[0] != '\0' && r->line >= 2, "row %zu: vendor or line", i);
        FUZZ_CHECK(strncmp(r->date, "2026-11-27", strlen(r->date)) <= 0, "row %zu: date %s after today", i, r->date);
        FUZZ_CHECK(r->match < DLRIG_MATCH_COUNT && r->units >= 1, "row %zu: match %d units %d", i, r->match, r->units);
        for (size_t j = 0; j < i; j++)
            FUZZ_CHECK(strcmp(l.rows[j].part_id, r->part_id) || strcmp(l.rows[j].vendor, r->vendor),
                       "rows %zu and %zu: the same part and vendor twice", j, i);
    }
    for (size_t i = 0; i < l.n_issues; i++) {
        FUZZ_CHECK(l.issues[i].line >= 0 && l.issues[i].reason[0] != '\0', "issue %zu without a reason", i);
        FUZZ_CHECK(fuzz_terminated(l.issues[i].reason, sizeof l.issues[i].reason), "issue %zu unterminated", i);
        if (i) FUZZ_CHECK(l.issues[i - 1].line <= l.issues[i].line, "issues out of line order");
    }
    price_list_free(&l);
    return 0;
}
