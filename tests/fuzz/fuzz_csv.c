/*
 * fuzz_csv.c — the CSV reader (csv_next) over a buffer, and the calibration
 * table reader built on it (perf_calibrate).  Records must stay within
 * bounds, line numbers must never go back and every call must make
 * progress, so a caller's loop always ends.
 */
#include <math.h>
#include <string.h>

#include "dlrig/csv.h"
#include "dlrig/perf.h"
#include "dlrig/util.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* An exact-size copy: the reader must not read past the end. */
    const char *text = (const char *)data;
    csv_reader r;
    csv_record rec;
    csv_init(&r, text, size);
    int rc, last_line = 0;
    size_t calls = 0;
    while ((rc = csv_next(&r, &rec)) != 0) {
        FUZZ_CHECK(rc == 1 || rc == -1, "status %d", rc);
        FUZZ_CHECK(++calls <= size + 1, "no progress after %zu calls", calls);
        FUZZ_CHECK(rec.line >= 1 && rec.line >= last_line && r.line >= rec.line, "line %d after %d (reader at %d)",
                   rec.line, last_line, r.line);
        last_line = rec.line;
        FUZZ_CHECK(rec.n >= 1 && rec.n <= CSV_MAX_FIELDS, "%d fields", rec.n);
        if (rc == 1) {
            size_t total = 0;
            for (int i = 0; i < rec.n; i++) {
                FUZZ_CHECK(rec.fields[i] >= r.buf && rec.fields[i] < r.buf + r.cap, "field %d outside the buffer", i);
                FUZZ_CHECK(fuzz_terminated(rec.fields[i], (size_t)(r.buf + r.cap - rec.fields[i])),
                           "field %d not terminated", i);
                total += strlen(rec.fields[i]);
            }
            FUZZ_CHECK(total <= size, "record longer than the input");
        }
        FUZZ_CHECK(r.p <= r.end, "reader past the end");
    }
    FUZZ_CHECK(r.p == r.end, "stopped before the end");
    csv_free(&r);

    /* The calibration table reader: same input, against the catalog. */
    dlrig_calib_row *rows = NULL;
    size_t n = 0;
    dlrig_calib_stats st;
    char err[256];
    if (perf_calibrate(fuzz_catalog(), text, size, &rows, &n, &st, err, sizeof err) == 0) {
        for (size_t i = 0; i < n; i++) FUZZ_CHECK(rows[i].gpus >= 1 && !(rows[i].measured <= 0), "row %zu", i);
        free(rows);
    }
    return 0;
}
