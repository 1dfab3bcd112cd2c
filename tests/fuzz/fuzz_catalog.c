/*
 * fuzz_catalog.c — an untrusted catalog file (--catalog) opened through the
 * same checks as the command line (catalog_open: integrity, schema version,
 * tables, columns, every value).  Any file is either refused with a message
 * or opens into a catalog every part of which loads and a build checks,
 * places and estimates on without a crash, within bounds.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dlrig/build.h"
#include "dlrig/perf.h"
#include "dlrig/rules.h"
#include "dlrig/util.h"
#include "fuzz.h"

static const char build_doc[] =
    "{\"format\":\"dlrig-build\",\"version\":1,\"name\":\"f\",\"requirements\":{\"workload\":\"cnn\"},\"parts\":["
    "{\"id\":\"nvidia-rtx-5000-ada\",\"qty\":4},{\"id\":\"amd-threadripper-7960x\",\"qty\":1},"
    "{\"id\":\"gigabyte-trx50-aero-d\",\"qty\":1},{\"id\":\"kingston-ksm48r40bd8-32md-4x\",\"qty\":1},"
    "{\"id\":\"samsung-990-pro-4tb\",\"qty\":2},{\"id\":\"bequiet-dark-power-pro-13-1600w\",\"qty\":1},"
    "{\"id\":\"fractal-define-7\",\"qty\":1},{\"id\":\"silverstone-xe360-tr5\",\"qty\":1}]}";

/* The input as a file: one per process, rewritten for each input. */
static const char *input_file(const uint8_t *data, size_t size)
{
    static char path[64];
    if (!path[0]) snprintf(path, sizeof path, "/tmp/dlrig-fuzz-catalog-%ld.db", (long)getpid());
    unlink(path);
    FUZZ_CHECK(write_file_atomic(path, data, size, true) == 0, "cannot write %s", path);
    return path;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *path = input_file(data, size);
    char err[1024] = "";
    dlrig_catalog *cat = catalog_open(path, err, sizeof err);
    if (!cat) {
        FUZZ_CHECK(err[0] != '\0', "refused without a message");
        unlink(path);
        return 0;
    }
    for (int c = 0; c < DLRIG_CAT_COUNT; c++) {
        size_t n = catalog_count(cat, (dlrig_category)c);
        for (size_t i = 0; i < n; i++) {
            const dlrig_part *p = catalog_part_at(cat, (dlrig_category)c, i);
            FUZZ_CHECK(p && p->id && p->name, "part %zu of category %d", i, c);
            FUZZ_CHECK(catalog_find(cat, p->id) != NULL, "part %s cannot be found by id", p->id);
        }
        const dlrig_part **out = xcalloc(n ? n : 1, sizeof *out);
        FUZZ_CHECK(catalog_filter(cat, (dlrig_category)c, "rtx 4", out) <= n, "filter found too many");
        free(out);
    }
    size_t n;
    catalog_frameworks(cat, &n);
    catalog_workloads(cat, &n);
    catalog_models(cat, &n);
    dlrig_build b;
    if (build_parse(cat, build_doc, sizeof build_doc - 1, "f.json", &b, err, sizeof err) == DLRIG_BUILD_OK) {
        dlrig_report rep = {0};
        rules_check(cat, &b, &rep);
        FUZZ_CHECK(rep.placement.n_unplaced <= rep.placement.n_cards, "placement out of bounds");
        for (size_t i = 0; i < rep.placement.n_cards; i++)
            FUZZ_CHECK(rep.placement.cards[i].width >= 1 && rep.placement.cards[i].width <= 4, "card width %d",
                       rep.placement.cards[i].width);
        dlrig_estimate e;
        if (perf_estimate(cat, &b, &rep.placement, NULL, &e, err, sizeof err) == 0)
            FUZZ_CHECK(!(e.throughput < 0), "estimate %g", e.throughput);
        report_free(&rep);
    }
    build_free(&b);
    catalog_close(cat);
    unlink(path);
    return 0;
}
