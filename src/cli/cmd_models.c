/* `dlrig models`: the ML models the catalog knows, for "will this model run
 * on this GPU" (dlrig fit --model). */
#include <cjson/cJSON.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "dlrig/util.h"

static void models_usage(FILE *f)
{
    fputs("Usage: dlrig models [--filter TEXT] [--json]\n"
          "       dlrig models NAME [--json]\n"
          "List the ML models in the catalog, or every field of one model.\n\n"
          "  -f, --filter TEXT   words that must all appear in the id, name, family, kind,\n"
          "                      Hugging Face id or an alias\n"
          "      --json          {\"models\": [...]} with every field and the aliases of each\n\n"
          "NAME is matched case-insensitively against ids, names, aliases and Hugging Face\n"
          "repository ids, with or without the owner (meta-llama/Llama-3.1-70B-Instruct).\n",
          f);
}

/* A model's field as a number (NAN when unknown or a string). */
static double model_num(const dlrig_model *m, const dlrig_field *f)
{
    const unsigned char *base = (const unsigned char *)m + f->offset;
    if (f->kind == DLRIG_F_REAL) return *(const double *)base;
    if (f->kind == DLRIG_F_INT || f->kind == DLRIG_F_BOOL) {
        int v = *(const int *)base;
        return v == DLRIG_NA ? NAN : (double)v;
    }
    return NAN;
}

static const char *model_str(const dlrig_model *m, const dlrig_field *f)
{
    if (f->kind != DLRIG_F_STR && f->kind != DLRIG_F_LIST) return NULL;
    return *(const char *const *)((const unsigned char *)m + f->offset);
}

static cJSON *model_to_json(const dlrig_catalog *cat, const dlrig_model *m)
{
    cJSON *o = cJSON_CreateObject();
    size_t n;
    const dlrig_field *f = model_fields(&n);
    for (size_t i = 0; i < n; i++) {
        if (f[i].kind == DLRIG_F_STR || f[i].kind == DLRIG_F_LIST) {
            const char *s = model_str(m, &f[i]);
            if (s) cJSON_AddStringToObject(o, f[i].name, s);
            else cJSON_AddNullToObject(o, f[i].name);
        } else {
            double v = model_num(m, &f[i]);
            if (isnan(v)) cJSON_AddNullToObject(o, f[i].name);
            else cJSON_AddNumberToObject(o, f[i].name, v);
        }
    }
    const char *al[64];
    size_t na = catalog_model_alias_list(cat, m->id, al, 64);
    cJSON *arr = cJSON_AddArrayToObject(o, "aliases");
    for (size_t i = 0; i < na && i < 64; i++) cJSON_AddItemToArray(arr, cJSON_CreateString(al[i]));
    return o;
}

/* Millions of parameters as people read them: "8,030M", "25.6M", "671B". */
static const char *format_params(double m, char *buf, size_t len)
{
    if (isnan(m)) snprintf(buf, len, "-");
    else if (m < 100) snprintf(buf, len, "%.1fM", m);
    else if (m < 100000) snprintf(buf, len, "%.2fB", m / 1000);
    else snprintf(buf, len, "%.0fB", m / 1000);
    return buf;
}

static const char *format_int(int v, char *buf, size_t len)
{
    if (v == DLRIG_NA) snprintf(buf, len, "-");
    else snprintf(buf, len, "%d", v);
    return buf;
}

static int show_model(const dlrig_catalog *cat, const dlrig_model *m, bool json)
{
    if (json) {
        cli_print_doc(&CLI_DOC_MODEL, model_to_json(cat, m));
        return EXIT_OK;
    }
    printf("%s  (model)\n", m->name);
    size_t n;
    const dlrig_field *f = model_fields(&n);
    for (size_t i = 0; i < n; i++) {
        if (strcmp(f[i].name, "name") == 0) continue;
        char buf[64];
        const char *v;
        if (f[i].kind == DLRIG_F_STR) {
            v = model_str(m, &f[i]);
            if (!v) v = "-";
        } else {
            double x = model_num(m, &f[i]);
            if (isnan(x)) v = "-";
            else {
                snprintf(buf, sizeof buf, "%.10g", x);
                v = buf;
            }
        }
        printf("  %-20s %s\n", f[i].name, v);
        if (strcmp(f[i].name, "source") == 0) {
            const dlrig_source *s = catalog_source(cat, m->source);
            if (s) printf("  %-20s %s\n", "", s->title);
            if (s && s->url) printf("  %-20s %s\n", "", s->url);
        }
    }
    const char *al[64];
    size_t na = catalog_model_alias_list(cat, m->id, al, 64);
    if (na) {
        printf("  %-20s ", "aliases");
        for (size_t i = 0; i < na && i < 64; i++) printf("%s%s", i ? ", " : "", al[i]);
        printf("\n");
    }
    return EXIT_OK;
}

const struct option cli_models_opts[] = {{"filter", required_argument, NULL, 'f'},
                                         {"json", no_argument, NULL, 'j'},
                                         {"help", no_argument, NULL, 'h'},
                                         {NULL, 0, NULL, 0}};

int cmd_models(cli_ctx *ctx, int argc, char **argv)
{
    const char *filter = NULL;
    bool json = false;
    int c;
    optind = 0;
    while ((c = cli_getopt(argc, argv, "f:h", cli_models_opts, "models")) != -1) {
        if (c == 'f') filter = optarg;
        else if (c == 'j') json = true;
        else if (c == 'h') {
            models_usage(stdout);
            return EXIT_OK;
        } else {
            return EXIT_USAGE;
        }
    }
    if (optind + 1 < argc || (optind < argc && filter)) {
        cli_error("models: expected at most one model NAME, or --filter TEXT (see 'dlrig models --help')");
        return EXIT_USAGE;
    }
    dlrig_catalog *cat = cli_catalog(ctx);
    if (!cat) return EXIT_IO;
    if (optind < argc) {
        const char *name = argv[optind];
        const dlrig_model *m = catalog_model_find(cat, name);
        if (!m) {
            const char *sugg[5];
            size_t ns = catalog_model_suggest(cat, name, sugg, 5);
            cli_error("unknown model '%s'%s", name, ns ? "; did you mean:" : " (see 'dlrig models' for the list)");
            for (size_t i = 0; i < ns; i++) fprintf(stderr, "  %s\n", sugg[i]);
            return EXIT_USAGE;
        }
        return show_model(cat, m, json);
    }
    size_t total;
    catalog_models(cat, &total);
    const dlrig_model **v = xcalloc(total + 1, sizeof *v);
    size_t n = catalog_model_filter(cat, filter, v);
    if (json) {
        cJSON *doc = cJSON_CreateObject();
        cJSON *arr = cJSON_AddArrayToObject(doc, "models");
        for (size_t i = 0; i < n; i++) cJSON_AddItemToArray(arr, model_to_json(cat, v[i]));
        cli_print_doc(&CLI_DOC_MODELS, doc);
        free(v);
        return EXIT_OK;
    }
    if (n == 0) {
        free(v);
        if (filter) cli_error("no model matches '%s'", filter);
        return EXIT_OK;
    }
    static const char *const head[] = {"ID", "Name", "Kind", "Params", "Active", "Layers", "KV heads", "Head dim",
                                       "Context", "Hugging Face"};
    static const bool right[] = {false, false, false, true, true, true, true, true, true, false};
    cli_table *t = table_new(10, head, right);
    for (size_t i = 0; i < n; i++) {
        const dlrig_model *m = v[i];
        char p[32], a[32], l[16], kv[16], hd[16], ctxlen[16];
        const char *cells[10] = {m->id,
                                 m->name,
                                 m->kind,
                                 format_params(m->params_m, p, sizeof p),
                                 format_params(m->active_params_m, a, sizeof a),
                                 format_int(m->n_layers, l, sizeof l),
                                 format_int(m->n_kv_heads, kv, sizeof kv),
                                 format_int(m->head_dim, hd, sizeof hd),
                                 format_int(m->max_context, ctxlen, sizeof ctxlen),
                                 m->hf_repo ? m->hf_repo : "-"};
        table_row(t, cells);
    }
    table_print(t, cli_term_width(), 9, 0);
    table_free(t);
    free(v);
    return EXIT_OK;
}
