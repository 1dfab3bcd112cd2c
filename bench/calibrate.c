/* Prints the perf model against the published measurements of
 * tests/data/calibration.csv: predicted vs measured per row, median error and
 * rank correlation.  Usage: dlrig-calibrate [calibration.csv] */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "dlrig/catalog.h"
#include "dlrig/perf.h"
#include "dlrig/util.h"

int main(int argc, char **argv)
{
    const char *path = argc > 1 ? argv[1] : "tests/data/calibration.csv";
    char err[512];
    dlrig_catalog *cat = catalog_open(NULL, err, sizeof err);
    if (!cat) {
        fprintf(stderr, "%s\n", err);
        return 3;
    }
    size_t len;
    char *text = read_file_limit(path, 1 << 20, &len);
    if (!text) {
        perror(path);
        return 3;
    }
    dlrig_calib_row *rows;
    size_t n;
    dlrig_calib_stats st;
    if (perf_calibrate(cat, text, len, &rows, &n, &st, err, sizeof err) != 0) {
        fprintf(stderr, "%s\n", err);
        return 2;
    }
    printf("| GPU | workload | precision | GPUs | measured | predicted | error |\n|---|---|---|---:|---:|---:|---:|\n");
    for (size_t i = 0; i < n; i++)
        printf("| %s | %s | %s | %d | %.1f | %.1f | %+.0f%% |\n", rows[i].gpu->p.id, rows[i].workload, rows[i].precision,
               rows[i].gpus, rows[i].measured, rows[i].predicted, 100 * (rows[i].predicted / rows[i].measured - 1));
    printf("\nrows %zu, median |error| %.1f%%, within 30%%: %.0f%%, Spearman rank correlation %.3f\n", st.n,
           100 * st.median_abs_err, 100 * st.within_30, st.spearman);
    free(rows);
    free(text);
    catalog_close(cat);
    return 0;
}
