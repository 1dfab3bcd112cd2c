/* quote.c — the details of a quote asked before an HTML export, the same
 * fields as `dlrig export` (customer, project, discount, tax, validity,
 * notes), remembered between runs in $XDG_STATE_HOME/dlrig/quote.json; and
 * the confirmation a build with problems needs before it is quoted (DRAFT). */
#include <cjson/cJSON.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dlrig/export.h"
#include "dlrig/util.h"
#include "tui/app.h"

#define STATE_FILE "quote.json"

void tui_quote_free(tui_quote *q)
{
    free(q->customer);
    free(q->project);
    free(q->notes);
    memset(q, 0, sizeof *q);
}

void tui_quote_set(tui_quote *dst, const tui_quote *src)
{
    if (dst == src) return;
    tui_quote_free(dst);
    *dst = *src;
    dst->customer = src->customer ? xstrdup(src->customer) : NULL;
    dst->project = src->project ? xstrdup(src->project) : NULL;
    dst->notes = src->notes ? xstrdup(src->notes) : NULL;
}

static void set_str(char **dst, const char *s)
{
    free(*dst);
    *dst = s && *s ? xstrdup(s) : NULL;
}

/* A remembered answer, when it is text a document can hold (as `dlrig
 * export` checks its options); otherwise it is forgotten. */
static void set_answer(char **dst, const cJSON *v, unsigned flags)
{
    if (cJSON_IsString(v) && !text_problem(v->valuestring, strlen(v->valuestring), flags)) set_str(dst, v->valuestring);
}

void tui_quote_load(tui_quote *q)
{
    memset(q, 0, sizeof *q);
    q->validity_days = 30;
    char *dir = xdg_state_dir(false);
    if (!dir) return;
    char *path = xasprintf("%s/" STATE_FILE, dir);
    free(dir);
    size_t len = 0;
    char *text = read_file_regular(path, 64 * 1024, &len); /* a FIFO there is not waited on */
    free(path);
    if (!text) return;
    cJSON *doc = cJSON_ParseWithLength(text, len);
    free(text);
    if (!cJSON_IsObject(doc)) { /* a damaged file only loses the last answers */
        cJSON_Delete(doc);
        return;
    }
    const cJSON *v;
    set_answer(&q->customer, cJSON_GetObjectItemCaseSensitive(doc, "customer"), 0);
    set_answer(&q->project, cJSON_GetObjectItemCaseSensitive(doc, "project"), 0);
    set_answer(&q->notes, cJSON_GetObjectItemCaseSensitive(doc, "notes"), TEXT_MULTILINE);
    v = cJSON_GetObjectItemCaseSensitive(doc, "discount_pct");
    if (cJSON_IsNumber(v) && v->valuedouble >= 0 && v->valuedouble <= DLRIG_EXPORT_MAX_PCT)
        q->discount_pct = v->valuedouble;
    v = cJSON_GetObjectItemCaseSensitive(doc, "tax_pct");
    if (cJSON_IsNumber(v) && v->valuedouble >= 0 && v->valuedouble <= DLRIG_EXPORT_MAX_PCT) q->tax_pct = v->valuedouble;
    v = cJSON_GetObjectItemCaseSensitive(doc, "validity_days");
    if (cJSON_IsNumber(v) && v->valuedouble >= 1 && v->valuedouble <= DLRIG_EXPORT_MAX_DAYS)
        q->validity_days = (int)v->valuedouble;
    cJSON_Delete(doc);
}

int tui_quote_save(const tui_quote *q)
{
    char *dir = xdg_state_dir(true);
    if (!dir) return -1;
    char *path = xasprintf("%s/" STATE_FILE, dir);
    free(dir);
    cJSON *doc = cJSON_CreateObject();
    cJSON_AddStringToObject(doc, "customer", q->customer ? q->customer : "");
    cJSON_AddStringToObject(doc, "project", q->project ? q->project : "");
    cJSON_AddNumberToObject(doc, "discount_pct", q->discount_pct);
    cJSON_AddNumberToObject(doc, "tax_pct", q->tax_pct);
    cJSON_AddNumberToObject(doc, "validity_days", q->validity_days);
    cJSON_AddStringToObject(doc, "notes", q->notes ? q->notes : "");
    char *s = cJSON_Print(doc);
    cJSON_Delete(doc);
    int rc = s ? write_file_atomic(path, s, strlen(s), true) : -1;
    cJSON_free(s);
    free(path);
    return rc;
}

void tui_quote_opts(const tui_quote *q, dlrig_export_opts *o)
{
    export_opts_init(o);
    o->customer = q->customer;
    o->project = q->project;
    o->notes = q->notes;
    o->discount_pct = q->discount_pct;
    o->tax_pct = q->tax_pct;
    o->validity_days = q->validity_days > 0 ? q->validity_days : 30;
}

/* ---- the dialog ---- */

typedef struct qask {
    tui_quote q;
    int field; /* the field being edited (F_*) */
    tui_quote_done done;
    void *ctx;
    void (*ctx_free)(void *);
} qask;

enum { F_WRITE, F_CUSTOMER, F_PROJECT, F_DISCOUNT, F_TAX, F_DAYS, F_NOTES, F_COUNT };

static void qask_free(void *p)
{
    qask *k = p;
    if (!k) return;
    tui_quote_free(&k->q);
    if (k->ctx_free && k->ctx) k->ctx_free(k->ctx);
    free(k);
}

/* Moves the dialog's state out of an overlay's context (which the overlay
 * frees after its callback) into a new one. */
static qask *qask_take(qask *old)
{
    qask *k = xmalloc(sizeof *k);
    *k = *old;
    memset(old, 0, sizeof *old);
    return k;
}

static void details_menu(app *a, qask *k, int sel);

static void field_cb(app *a, const char *text, void *ctx)
{
    qask *k = qask_take(ctx);
    if (!text) { /* Esc: back to the details, unchanged */
        details_menu(a, k, k->field);
        return;
    }
    while (*text == ' ') text++;
    double v;
    char *end;
    switch (k->field) {
    case F_CUSTOMER: set_str(&k->q.customer, text); break;
    case F_PROJECT: set_str(&k->q.project, text); break;
    case F_NOTES: set_str(&k->q.notes, text); break;
    case F_DISCOUNT:
    case F_TAX:
        errno = 0;
        v = strtod(text, &end);
        while (*end == ' ' || *end == '%') end++;
        if (!*text || errno || *end || !(v >= 0 && v <= DLRIG_EXPORT_MAX_PCT)) {
            app_message(a, DLRIG_ROLE_ERROR, "%s: expected a percentage from 0 to %g, got '%s'",
                        k->field == F_TAX ? "Tax" : "Discount", DLRIG_EXPORT_MAX_PCT, text);
            break;
        }
        if (k->field == F_TAX) k->q.tax_pct = v;
        else k->q.discount_pct = v;
        break;
    case F_DAYS: {
        errno = 0;
        long d = strtol(text, &end, 10);
        if (!*text || errno || *end || d < 1 || d > DLRIG_EXPORT_MAX_DAYS) {
            app_message(a, DLRIG_ROLE_ERROR, "Valid for: expected a whole number of days from 1 to %d, got '%s'",
                        DLRIG_EXPORT_MAX_DAYS, text);
            break;
        }
        k->q.validity_days = (int)d;
        break;
    }
    default: break;
    }
    details_menu(a, k, F_WRITE);
}

static void details_cb(app *a, int idx, void *ctx)
{
    if (idx < 0) return; /* Esc: no export */
    qask *k = qask_take(ctx);
    if (idx == F_WRITE) {
        if (tui_quote_save(&k->q) != 0)
            app_message(a, DLRIG_ROLE_WARNING, "The answers could not be remembered: %s", strerror(errno));
        k->done(a, &k->q, k->ctx);
        k->ctx = NULL; /* done took it */
        qask_free(k);
        return;
    }
    k->field = idx;
    static const char *const titles[F_COUNT] = {"", "Customer", "Project", "Discount (% of the subtotal)",
                                                "Tax (% of the discounted subtotal)", "Valid for (days)", "Notes"};
    static const char *const notes[F_COUNT] = {"", "The customer's name on the quote (may be left empty)",
                                               "The project name (may be left empty)", "0 to 100", "0 to 100",
                                               "1 to 3650", "Printed at the end of the quote (may be left empty)"};
    char init[256] = "", p[32];
    switch (idx) {
    case F_CUSTOMER: snprintf(init, sizeof init, "%s", k->q.customer ? k->q.customer : ""); break;
    case F_PROJECT: snprintf(init, sizeof init, "%s", k->q.project ? k->q.project : ""); break;
    case F_NOTES: snprintf(init, sizeof init, "%s", k->q.notes ? k->q.notes : ""); break;
    case F_DISCOUNT: snprintf(init, sizeof init, "%g", k->q.discount_pct); break;
    case F_TAX: snprintf(init, sizeof init, "%g", k->q.tax_pct); break;
    case F_DAYS: snprintf(init, sizeof init, "%d", k->q.validity_days); break;
    default: break;
    }
    (void)p;
    ov_prompt(a, titles[idx], notes[idx], init, field_cb, k, qask_free);
}

static void details_menu(app *a, qask *k, int sel)
{
    char v[F_COUNT][160];
    snprintf(v[F_WRITE], sizeof v[0], "then the file name");
    snprintf(v[F_CUSTOMER], sizeof v[0], "%.150s", k->q.customer ? k->q.customer : "-");
    snprintf(v[F_PROJECT], sizeof v[0], "%.150s", k->q.project ? k->q.project : "-");
    snprintf(v[F_DISCOUNT], sizeof v[0], "%g%%", k->q.discount_pct);
    snprintf(v[F_TAX], sizeof v[0], "%g%%", k->q.tax_pct);
    snprintf(v[F_DAYS], sizeof v[0], "%d days", k->q.validity_days);
    snprintf(v[F_NOTES], sizeof v[0], "%.150s", k->q.notes ? k->q.notes : "-");
    for (int i = 0; i < F_COUNT; i++)
        for (char *c = v[i]; *c; c++)
            if (*c == '\n' || *c == '\r' || *c == '\t') *c = ' ';
    ov_item items[F_COUNT] = {
        {"Write the quote", v[F_WRITE], DLRIG_ROLE_OK}, {"Customer", v[F_CUSTOMER], DLRIG_ROLE_NORMAL},
        {"Project", v[F_PROJECT], DLRIG_ROLE_NORMAL},   {"Discount", v[F_DISCOUNT], DLRIG_ROLE_NORMAL},
        {"Tax", v[F_TAX], DLRIG_ROLE_NORMAL},           {"Valid for", v[F_DAYS], DLRIG_ROLE_NORMAL},
        {"Notes", v[F_NOTES], DLRIG_ROLE_NORMAL},
    };
    ov_menu(a, "Quote details (Enter edits a line)", items, F_COUNT, sel, details_cb, k, qask_free);
}

static void customer_cb(app *a, const char *text, void *ctx)
{
    if (!text) return; /* Esc: no export */
    qask *k = qask_take(ctx);
    while (*text == ' ') text++;
    set_str(&k->q.customer, text);
    details_menu(a, k, F_WRITE);
}

static void draft_cb(app *a, int idx, void *ctx)
{
    if (idx != 0) return;
    qask *k = qask_take(ctx);
    ov_prompt(a, "HTML quote for", "The customer's name on the quote (may be left empty)",
              k->q.customer ? k->q.customer : "", customer_cb, k, qask_free);
}

void tui_quote_ask(app *a, const dlrig_analysis *const *an, size_t n, tui_quote_done done, void *ctx,
                   void (*ctx_free)(void *))
{
    qask *k = xcalloc(1, sizeof *k);
    tui_quote_load(&k->q);
    k->done = done;
    k->ctx = ctx;
    k->ctx_free = ctx_free;
    size_t problems = 0;
    const dlrig_finding *first = NULL;
    for (size_t i = 0; i < n; i++) {
        const dlrig_finding *f[1];
        size_t np = export_problems(an[i], f, 1);
        if (np && !first) first = f[0];
        problems += np;
    }
    if (problems) {
        char title[160], detail[200];
        snprintf(title, sizeof title, "%zu problem%s: %s", problems, problems == 1 ? "" : "s",
                 first && !strcmp(first->id, "budget.over") ? "over budget" : "errors in the build");
        snprintf(detail, sizeof detail, "%.190s", first ? first->message : "");
        ov_item items[] = {{"Export a DRAFT quote", "the problems are listed first", DLRIG_ROLE_WARNING},
                           {"Cancel", detail, DLRIG_ROLE_NORMAL}};
        ov_menu(a, title, items, 2, 1, draft_cb, k, qask_free);
        return;
    }
    ov_prompt(a, "HTML quote for", "The customer's name on the quote (may be left empty)",
              k->q.customer ? k->q.customer : "", customer_cb, k, qask_free);
}

int tui_quote_seller(app *a, dlrig_seller *s)
{
    char *dir = xdg_config_dir(false);
    char *path = dir ? xasprintf("%s/seller.json", dir) : xstrdup("");
    free(dir);
    char err[512];
    int rc = export_seller_load(path, s, err, sizeof err);
    free(path);
    if (rc < 0) app_message(a, DLRIG_ROLE_ERROR, "Not exported: %s", err);
    return rc;
}

/* ---- a quote of the compared builds, with options ---- */

typedef struct optq {
    dlrig_build b[DLRIG_EXPORT_MAX_OPTIONS];
    size_t n;
    tui_quote q;
} optq;

static void optq_free(void *p)
{
    optq *o = p;
    if (!o) return;
    for (size_t i = 0; i < o->n; i++) build_free(&o->b[i]);
    tui_quote_free(&o->q);
    free(o);
}

static void options_path_cb(app *a, const char *path, void *ctx)
{
    optq *o = ctx;
    if (!path || !*path) return;
    dlrig_seller seller;
    int src = tui_quote_seller(a, &seller);
    if (src < 0) return;
    dlrig_analysis an[DLRIG_EXPORT_MAX_OPTIONS];
    const dlrig_analysis *ap[DLRIG_EXPORT_MAX_OPTIONS];
    const dlrig_build *bp[DLRIG_EXPORT_MAX_OPTIONS];
    memset(an, 0, sizeof an);
    for (size_t i = 0; i < o->n; i++) {
        export_analyze(a->cat, &o->b[i], &an[i]);
        ap[i] = &an[i];
        bp[i] = &o->b[i];
    }
    dlrig_export_opts eo;
    tui_quote_opts(&o->q, &eo);
    if (src == 0) eo.seller = &seller;
    strbuf text = {0};
    export_options(a->cat, bp, ap, o->n, DLRIG_EXPORT_HTML, &eo, &text);
    size_t problems = 0;
    for (size_t i = 0; i < o->n; i++) {
        problems += export_problems(&an[i], NULL, 0);
        export_analysis_free(&an[i]);
    }
    export_seller_free(&seller);
    if (write_file_atomic(path, text.s ? text.s : "", text.len, false) != 0) {
        if (errno == EEXIST) app_message(a, DLRIG_ROLE_ERROR, "Not exported: %s exists; choose another name", path);
        else app_message(a, DLRIG_ROLE_ERROR, "Export failed: %s: %s", path, strerror(errno));
    } else {
        app_message(a, problems ? DLRIG_ROLE_WARNING : DLRIG_ROLE_OK, "Exported a quote with %zu options to %s%s", o->n,
                    path, problems ? " (marked DRAFT: some options have problems)" : "");
    }
    sb_free(&text);
}

static void options_done(app *a, const tui_quote *q, void *ctx)
{
    optq *o = ctx;
    tui_quote_set(&o->q, q);
    char cwd[512], note[600];
    snprintf(note, sizeof note, "A relative path is written in %s", getcwd(cwd, sizeof cwd) ? cwd : ".");
    ov_prompt(a, "Export the options as one HTML quote to", note, "quote-options.html", options_path_cb, o, optq_free);
}

void tui_quote_options(app *a, const dlrig_build *builds, size_t n)
{
    if (n < 1) return;
    optq *o = xcalloc(1, sizeof *o);
    o->n = n < DLRIG_EXPORT_MAX_OPTIONS ? n : DLRIG_EXPORT_MAX_OPTIONS;
    for (size_t i = 0; i < o->n; i++) build_copy(&o->b[i], &builds[i]);
    dlrig_analysis an[DLRIG_EXPORT_MAX_OPTIONS];
    const dlrig_analysis *ap[DLRIG_EXPORT_MAX_OPTIONS];
    memset(an, 0, sizeof an);
    for (size_t i = 0; i < o->n; i++) {
        export_analyze(a->cat, &o->b[i], &an[i]);
        ap[i] = &an[i];
    }
    tui_quote_ask(a, ap, o->n, options_done, o, optq_free);
    for (size_t i = 0; i < o->n; i++) export_analysis_free(&an[i]);
}
