/* In-process micro-benchmarks: rules_check of one build, part filtering
 * over a catalog, advisor_recommend.  Usage:
 *   inproc check BUILD.json [CATALOG.db]      microseconds per rules_check
 *   inproc filter CATALOG.db                 ms per keystroke filtering every part
 *   inproc recommend [CATALOG.db]            ms per advisor_recommend (cnn, $10k, top 3) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlrig/advisor.h"
#include "dlrig/query.h"
#include "dlrig/rules.h"
#include "dlrig/util.h"

int main(int argc, char **argv)
{
    if (argc < 2) return 2;
    char err[512];
    const char *catpath = NULL;
    if (!strcmp(argv[1], "check") && argc > 3) catpath = argv[3];
    if (!strcmp(argv[1], "filter") && argc > 2) catpath = argv[2];
    if (!strcmp(argv[1], "recommend") && argc > 2) catpath = argv[2];
    dlrig_catalog *cat = catalog_open(catpath, err, sizeof err);
    if (!cat) {
        fprintf(stderr, "%s\n", err);
        return 3;
    }
    if (!strcmp(argv[1], "check")) {
        dlrig_build b;
        if (build_load(cat, argv[2], &b, err, sizeof err)) {
            fprintf(stderr, "%s\n", err);
            return 2;
        }
        dlrig_report rep = {0};
        int n = 20000;
        for (int i = 0; i < 200; i++) rules_check(cat, &b, &rep); /* warm up */
        double t0 = now_seconds();
        for (int i = 0; i < n; i++) rules_check(cat, &b, &rep);
        double us = (now_seconds() - t0) / n * 1e6;
        printf("%.2f\n", us);
        report_free(&rep);
        build_free(&b);
    } else if (!strcmp(argv[1], "filter")) {
        /* A user typing "rtx 6000 ada": every prefix is one keystroke. */
        const char *typed = "rtx 6000 ada";
        char prefix[64];
        size_t total = 0;
        for (int c = 0; c < DLRIG_CAT_COUNT; c++) total += catalog_count(cat, (dlrig_category)c);
        /* The list is on screen before anyone types: its rows are read then. */
        {
            dlrig_query all = {.category = -1};
            const dlrig_part **v;
            size_t n;
            catalog_query(cat, &all, &v, &n, err, sizeof err);
            free(v);
        }
        double worst = 0, sum = 0;
        size_t keys = strlen(typed);
        for (size_t k = 1; k <= keys; k++) {
            memcpy(prefix, typed, k);
            prefix[k] = '\0';
            dlrig_query q = {.category = -1, .filter = prefix};
            const dlrig_part **v;
            size_t n;
            double t0 = now_seconds();
            catalog_query(cat, &q, &v, &n, err, sizeof err);
            double ms = (now_seconds() - t0) * 1e3;
            free(v);
            sum += ms;
            if (ms > worst) worst = ms;
        }
        printf("%zu %.3f %.3f\n", total, sum / keys, worst);
    } else if (!strcmp(argv[1], "recommend")) {
        dlrig_requirements req;
        requirements_init(&req);
        strcpy(req.workload, "cnn");
        req.budget_usd = 10000;
        dlrig_recommendation *r;
        size_t n;
        double t0 = now_seconds();
        advisor_recommend(cat, &req, 3, &r, &n, err, sizeof err);
        printf("%.2f %zu\n", (now_seconds() - t0) * 1e3, n);
        recommendations_free(r, n);
    }
    catalog_close(cat);
    return 0;
}
