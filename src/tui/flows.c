/* flows.c — every advisor run of the interface, and what takes the user
 * from one screen to another with such a run in between: the best build
 * opened in the builder (from the wizard and the presets), Good / Better /
 * Best opened in the compare screen (from the builder).  Each run prices
 * second-hand parts only when its requirements allow them. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "dlrig/compare.h"
#include "dlrig/util.h"
#include "dlrig/whatif.h"
#include "tui/app.h"

int tui_advise(app *a, const dlrig_requirements *r, size_t max, dlrig_recommendation **out, size_t *n, char *err,
               size_t errlen)
{
    return advisor_recommend(a->cat, r, max, out, n, err, errlen);
}

int tui_readvise(app *a, const dlrig_requirements *r, const dlrig_build *from, const bool *pinned, int top_k,
                 dlrig_readvice *out, char *err, size_t errlen)
{
    return whatif_readvise(a->cat, r, from, pinned, top_k, out, err, errlen);
}

size_t tui_open_best_build(app *a, const dlrig_requirements *r, const char *name, char *err, size_t errlen)
{
    dlrig_requirements req = *r; /* r may live in a screen that closes here */
    dlrig_recommendation *recs = NULL;
    size_t n = 0;
    err[0] = '\0';
    if (tui_advise(a, &req, 3, &recs, &n, err, errlen) != 0) {
        if (recs) recommendations_free(recs, n);
        recs = NULL;
        n = 0;
    }
    return tui_open_advised(a, &req, name, recs, n, err, errlen);
}

size_t tui_open_advised(app *a, const dlrig_requirements *r, const char *name, dlrig_recommendation *recs, size_t n,
                        char *err, size_t errlen)
{
    dlrig_requirements req = *r; /* r may live in a screen that closes here */
    dlrig_build b;
    if (recs && n > 0) {
        build_copy(&b, &recs[0].build);
    } else {
        build_init(&b, NULL);
        if (recs) recommendations_free(recs, n);
        recs = NULL;
        n = 0;
        if (!err[0]) snprintf(err, errlen, "nothing meets the requirements");
    }
    b.req = req;
    if (name) build_set_user_name(&b, name); /* a preset's scenario title */
    else build_name_by(a->cat, &b, DLRIG_NAME_REQUIREMENTS); /* the wizard's: follows the requirements */
    app_replace(a, TUI_BUILDER, &(builder_args){.b = &b, .path = NULL, .alts = recs, .n_alts = n});
    return n;
}

void tui_open_tiers(app *a, const dlrig_requirements *r)
{
    if (!r->workload[0] || isnan(r->budget_usd)) {
        app_message(a, DLRIG_ROLE_INFO, "Good / Better / Best needs a workload and a budget (the wizard sets them)");
        return;
    }
    char err[512] = "";
    dlrig_tiers t;
    if (compare_tiers(a->cat, r, &t, err, sizeof err) != 0 || t.n < 2) {
        app_message(a, DLRIG_ROLE_INFO, "%s%s%s",
                    t.n == 1 ? "One choice only: nothing for 75% or 55% of the budget has other GPUs and meets the "
                               "requirements"
                             : "The advisor has fewer than two builds for these requirements",
                    err[0] && t.n == 0 ? ": " : "", t.n == 0 ? err : "");
        compare_tiers_free(&t);
        return;
    }
    dlrig_build builds[DLRIG_COMPARE_MAX];
    char text[DLRIG_COMPARE_MAX][64];
    const char *labels[DLRIG_COMPARE_MAX];
    for (size_t i = 0; i < t.n; i++) { /* "Good · up to $22,000": the tier and its share of the budget */
        char usd[32];
        builds[i] = t.rec[i].build;
        snprintf(text[i], sizeof text[i], "%s %s up to %s", t.label[i], a->g->sep,
                 format_usd(t.cap_usd[i], usd, sizeof usd));
        labels[i] = text[i];
    }
    /* the fastest (the dearest, last) highlighted */
    app_open(a, TUI_COMPARE,
             &(compare_args){.builds = builds, .labels = labels, .n_builds = t.n, .col = (int)t.n - 1});
    compare_tiers_free(&t);
}
