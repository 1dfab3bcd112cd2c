/* flows.c — what takes the user from one screen to another with work in
 * between: the advisor run on a set of requirements, whose best build then
 * opens in the builder (from the wizard and from the presets). */
#include <stdio.h>
#include <stdlib.h>

#include "dlrig/util.h"
#include "tui/app.h"

size_t tui_open_best_build(app *a, const dlrig_requirements *r, const char *name, char *err, size_t errlen)
{
    dlrig_requirements req = *r; /* r may live in a screen that closes here */
    dlrig_recommendation *recs = NULL;
    size_t n = 0;
    err[0] = '\0';
    catalog_allow_used(a->cat, req.allow_used); /* second-hand prices only when asked */
    int rc = advisor_recommend(a->cat, &req, 3, &recs, &n, err, errlen);
    dlrig_build b;
    if (rc == 0 && n > 0) {
        build_copy(&b, &recs[0].build);
    } else {
        build_init(&b, NULL);
        if (recs) recommendations_free(recs, n);
        recs = NULL;
        n = 0;
        if (!err[0]) snprintf(err, errlen, "nothing meets the requirements");
    }
    free(b.name);
    b.name = xstrdup(name);
    b.req = req;
    app_replace(a, TUI_BUILDER, &(builder_args){.b = &b, .path = NULL, .alts = recs, .n_alts = n});
    return n;
}
