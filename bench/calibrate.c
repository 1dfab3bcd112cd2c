/* Prints the perf model against published measurements: predicted vs
 * measured per row, then per workload the single-GPU median error and rank
 * correlation and the multi-GPU speed-up error, for the calibration table
 * (the model was fitted on it) and the validation table (it was not).
 * Usage: dlrig-calibrate [calibration.csv [validation.csv]] */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlrig/catalog.h"
#include "dlrig/perf.h"
#include "dlrig/util.h"

static void pct(double x)
{
    if (isnan(x)) printf(" - |");
    else printf(" %.1f%% |", 100 * x);
}

static int table(dlrig_catalog *cat, const char *path, const char *title)
{
    char err[512];
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
        free(text);
        return 2;
    }
    printf("## %s (`%s`)\n\n", title, path);
    static const char *wls[] = {"cnn", "transformer", "rnn", "llm-inference", NULL};
    printf("| workload | 1-GPU rows | 1-GPU median error | Spearman | multi-GPU rows | speed-up median error |\n"
           "|---|---:|---:|---:|---:|---:|\n");
    for (int i = 0; i <= 4; i++) {
        dlrig_calib_stats ws;
        perf_calib_stats(rows, n, wls[i], &ws);
        if (ws.n == 0) continue;
        printf("| %s | %zu |", wls[i] ? wls[i] : "**all**", ws.n_single);
        pct(ws.median_abs_err_single);
        if (isnan(ws.spearman)) printf(" - |");
        else printf(" %.3f |", ws.spearman);
        printf(" %zu |", ws.n_speedup);
        pct(ws.speedup_median_abs_err);
        printf("\n");
    }
    printf("\nrows %zu, median |error| %.1f%%, within 30%%: %.0f%%, Spearman rank correlation %.3f\n\n", st.n,
           100 * st.median_abs_err, 100 * st.within_30, st.spearman);
    printf("| GPU | workload | precision | GPUs | measured | predicted | error | speed-up measured | predicted |\n"
           "|---|---|---|---:|---:|---:|---:|---:|---:|\n");
    for (size_t i = 0; i < n; i++) {
        printf("| %s | %s | %s | %d | %.1f | %.1f | %+.0f%% |", rows[i].gpu->p.id, rows[i].workload,
               rows[i].precision, rows[i].gpus, rows[i].measured, rows[i].predicted,
               100 * (rows[i].predicted / rows[i].measured - 1));
        if (isnan(rows[i].speedup_measured)) printf("  |  |\n");
        else printf(" %.2fx | %.2fx |\n", rows[i].speedup_measured, rows[i].speedup_predicted);
    }
    printf("\n");
    free(rows);
    free(text);
    return 0;
}

int main(int argc, char **argv)
{
    const char *calib = argc > 1 ? argv[1] : "tests/data/calibration.csv";
    const char *valid = argc > 2 ? argv[2] : NULL;
    char err[512];
    dlrig_catalog *cat = catalog_open(NULL, err, sizeof err);
    if (!cat) {
        fprintf(stderr, "%s\n", err);
        return 3;
    }
    int rc = table(cat, calib, "Calibration (fitted on)");
    if (rc == 0 && valid) rc = table(cat, valid, "Validation (not fitted on)");
    catalog_close(cat);
    return rc;
}
