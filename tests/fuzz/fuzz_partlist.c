/*
 * fuzz_partlist.c — the parts-list reader (partlist_parse) against the
 * embedded catalog.  A list read either holds part lines or says why not;
 * every matched line names a catalog part of a kind the list's type allows;
 * every line not matched says why; the counts add up; the build made from
 * it holds exactly the matched lines.
 */
#include <math.h>
#include <string.h>

#include "dlrig/partlist.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const dlrig_catalog *cat = fuzz_catalog();
    dlrig_partlist l;
    char err[256] = "";
    int rc = partlist_parse(cat, (const char *)data, size, &l, err, sizeof err);
    FUZZ_CHECK(rc == 0 || (l.n_lines == 0 && err[0]), "a refused list with lines or without a reason");
    FUZZ_CHECK(l.n_matched + l.n_unmatched + l.n_not_modelled == l.n_lines, "counts %zu + %zu + %zu != %zu",
               l.n_matched, l.n_unmatched, l.n_not_modelled, l.n_lines);
    FUZZ_CHECK(fuzz_terminated(l.date, sizeof l.date) && fuzz_terminated(l.site, sizeof l.site), "date or site");
    int matched = 0;
    for (size_t i = 0; i < l.n_lines; i++) {
        const dlrig_partlist_line *x = &l.lines[i];
        FUZZ_CHECK(x->line >= 1 && x->item && fuzz_terminated(x->type, sizeof x->type) &&
                       fuzz_terminated(x->currency, sizeof x->currency) && fuzz_terminated(x->store, sizeof x->store) &&
                       fuzz_terminated(x->matched_on, sizeof x->matched_on) &&
                       fuzz_terminated(x->reason, sizeof x->reason),
                   "line %zu: fields", i);
        FUZZ_CHECK(!x->has_price || (isfinite(x->price) && x->price >= 0), "line %zu: price %g", i, x->price);
        if (x->part) {
            matched++;
            FUZZ_CHECK(x->how <= DLRIG_PL_NAME && catalog_find(cat, x->part->id) == x->part, "line %zu: part", i);
        } else {
            FUZZ_CHECK(x->how > DLRIG_PL_NAME && x->reason[0], "line %zu: not matched without a reason", i);
        }
    }
    FUZZ_CHECK((size_t)matched == l.n_matched, "matched %d != %zu", matched, l.n_matched);
    dlrig_build b;
    build_init(&b, "fuzz");
    partlist_to_build(&l, &b);
    int qty = 0;
    for (size_t i = 0; i < b.n_items; i++) qty += b.items[i].qty;
    FUZZ_CHECK(qty == matched, "build holds %d parts for %d matched lines", qty, matched);
    build_free(&b);
    partlist_free(&l);
    return 0;
}
