/* `dlrig parts` and `dlrig show`. */
#include <cjson/cJSON.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "dlrig/build.h"
#include "dlrig/perf.h"
#include "dlrig/query.h"
#include "dlrig/util.h"
#include "dlrig/whatif.h"

static void list_categories(FILE *f)
{
    for (int i = 0; i < DLRIG_CAT_COUNT; i++) fprintf(f, "%s%s", i ? ", " : "", category_name((dlrig_category)i));
}

/* The requirement options that rank GPUs. */
const char *const cli_parts_keys[] = {"workload", "model", "method", "weights", "model_params_m", "precision", NULL};

static void parts_usage(cli_ctx *ctx, FILE *f)
{
    fputs("Usage: dlrig parts [--category C] [--filter TEXT] [--sort FIELD[:desc]] [--unpriced | --older-than MONTHS]\n"
          "                   [--json]\n"
          "       dlrig parts --category C --against BUILD.json [--compatible] [--filter TEXT] [--sort FIELD[:desc]|speed]\n"
          "                   [--json]\n"
          "       dlrig parts --workload W [--model-params-m N] [--precision P] [--sort speed|value] [--json]\n"
          "List catalog parts as an aligned table, or as one JSON document.\n\n"
          "  -c, --category C    only category C (",
          f);
    list_categories(f);
    fputs(")\n"
          "  -f, --filter TEXT   words that must all appear in the id, vendor or name\n"
          "  -s, --sort FIELD    sort by a field; append :desc to reverse (e.g. price_usd:desc)\n"
          "      --unpriced      only parts without a price (dlrig recommend cannot consider them)\n"
          "      --older-than N  only parts whose price is more than N months old (or undated): with 6, the\n"
          "                      prices a quote asks to re-check; a vendor's list (dlrig prices import)\n"
          "                      refreshes them; --sort price_date puts the oldest first\n"
          "      --json          {\"parts\": [...]} with every field of every part\n\n"
          "What each part of category C would do to a build (it replaces the build's parts of C, as many of\n"
          "them as the build has):\n"
          "      --against FILE  the first error it would add (a rule id, or ok), the build's estimated speed\n"
          "                      with it and the change of speed and price; --sort speed puts the fastest first;\n"
          "                      --json adds \"against\" (the build) and a \"swap\" object on every part\n"
          "      --compatible    with --against: only the parts that add no error (and the build's own)\n\n"
          "Rank GPUs for a workload (one card alone, as a buyer's guide does):\n",
          f);
    cli_req_usage(ctx, f, cli_parts_keys);
    fputs("  with --workload, --sort takes speed (the default) or value (speed per $1,000)\n", f);
}

/* GPUs ranked for a workload: a table, or {"parts": [...]} with a "speed"
 * object on each part and the workload at the top. */
static int print_ranked(const dlrig_catalog *cat, const dlrig_part *const *v, size_t n, const dlrig_requirements *req,
                        bool by_value, bool json)
{
    const char *workload = req->workload, *precision = req->precision;
    double params_m = req->model_params_m;
    dlrig_precision prec_kind = requirements_effective_precision(req);
    const dlrig_workload *w = catalog_workload(cat, workload);
    if (!w) {
        cli_error("--workload: '%s' is not in the catalog", workload);
        return EXIT_USAGE;
    }
    if (w->language_model && (req->model[0] || req->method[0] || req->weights[0])) {
        cli_error("parts: a language model is ranked by dlrig fit (--model, --method, --weights); parts ranks "
                  "%s by its reference model or --model-params-m", w->id);
        return EXIT_USAGE;
    }
    dlrig_workload job;
    char err[512];
    w = perf_job_workload(cat, req, w, &job, err, sizeof err);
    if (!w) {
        cli_error("parts: %s", err);
        return EXIT_USAGE;
    }
    dlrig_gpu_speed *r = xcalloc(n + 1, sizeof *r);
    perf_rank_gpus((const dlrig_gpu *const *)v, n, w, params_m, prec_kind, by_value, r);
    double used_params = !isnan(params_m) ? params_m : w->params_m;
    const char *prec = precision[0] ? precision : requirements_default("precision");
    if (json) {
        cJSON *doc = cJSON_CreateObject();
        cJSON_AddStringToObject(doc, "workload", w->id);
        cJSON_AddStringToObject(doc, "reference_model", w->reference_model);
        cJSON_AddNumberToObject(doc, "model_params_m", used_params);
        cJSON_AddStringToObject(doc, "precision", prec);
        cJSON_AddStringToObject(doc, "unit", w->unit);
        cJSON_AddStringToObject(doc, "order", by_value ? "value" : "speed");
        cJSON *arr = cJSON_AddArrayToObject(doc, "parts");
        for (size_t i = 0; i < n; i++) {
            cJSON *o = part_to_json(&r[i].gpu->p);
            cJSON *sp = cJSON_AddObjectToObject(o, "speed");
            cJSON_AddNumberToObject(sp, "throughput", r[i].throughput);
            cJSON_AddStringToObject(sp, "bound", r[i].bound);
            if (isnan(r[i].per_kusd)) cJSON_AddNullToObject(sp, "per_kusd");
            else cJSON_AddNumberToObject(sp, "per_kusd", r[i].per_kusd);
            cJSON_AddNumberToObject(sp, "mem_need_gb", r[i].mem_need_gb);
            cJSON_AddBoolToObject(sp, "fits", r[i].fits);
            cJSON_AddBoolToObject(sp, "native_precision", r[i].supported);
            cJSON_AddItemToArray(arr, o);
        }
        cli_print_doc(&CLI_DOC_PARTS, doc);
        free(r);
        return EXIT_OK;
    }
    char label[256];
    printf("One GPU alone on %s (%s, %s), %s first\n", cli_safe(w->id),
           cli_safe(workload_model_label(w, params_m, label, sizeof label)),
           perf_workload_own_precision(w) ? "its own mixed precision" : prec,
           by_value ? "most speed per $1,000" : "fastest");
    static const char *const head[] = {"ID", "Name", "VRAM GB", "Speed", "Bound", "Per $1k", "Note", "Price"};
    static const bool right[] = {false, false, true, true, false, true, false, true};
    cli_table *t = table_new(8, head, right);
    for (size_t i = 0; i < n; i++) {
        const dlrig_gpu *g = r[i].gpu;
        char vram[16], speed[32], value[32], price[32], note[96] = "";
        snprintf(vram, sizeof vram, "%g", g->vram_gb);
        format_speed(r[i].throughput, NULL, speed, sizeof speed);
        if (isnan(r[i].per_kusd)) snprintf(value, sizeof value, "-");
        else format_speed(r[i].per_kusd, NULL, value, sizeof value);
        if (!r[i].fits)
            snprintf(note, sizeof note, "needs %.0f GB%s", r[i].mem_need_gb, w->whole_on_card ? " a card" : ": shard");
        if (!r[i].supported)
            snprintf(note + strlen(note), sizeof note - strlen(note), "%sno native %s", note[0] ? "; " : "", prec);
        const char *cells[] = {g->p.id, g->p.name, vram, speed, r[i].bound, value, note,
                               format_usd(g->p.price_usd, price, sizeof price)};
        table_row(t, cells);
    }
    table_print(t, cli_term_width(), 1, 0);
    table_free(t);
    printf("Speed in %s of one card; a build's speed (dlrig estimate) adds multi-GPU scaling.\n", cli_safe(w->unit));
    free(r);
    return EXIT_OK;
}

/* ---- --against BUILD.json: what each part would do to a build ---- */

typedef struct swap_row {
    const dlrig_part *part;
    const dlrig_swap *swap;
    bool in_build;
    size_t idx; /* catalog order */
} swap_row;

/* Fastest swapped build first; no estimate last; then catalog order. */
static int cmp_swap_speed(const void *x, const void *y)
{
    const swap_row *a = x, *b = y;
    double sa = a->swap->speed, sb = b->swap->speed;
    if (isnan(sa) != isnan(sb)) return isnan(sa) ? 1 : -1;
    if (!isnan(sa) && sa != sb) return sa > sb ? -1 : 1;
    return (a->idx > b->idx) - (a->idx < b->idx);
}

static void add_number_or_null(cJSON *o, const char *key, double v)
{
    if (isnan(v)) cJSON_AddNullToObject(o, key);
    else cJSON_AddNumberToObject(o, key, v);
}

/* The speed change as a percentage of the build's ("+12.5%"), "-" when unknown. */
static const char *speed_change_text(const dlrig_swap *s, const dlrig_swap *base, char *buf, size_t len)
{
    if (isnan(s->speed_delta) || isnan(base->speed) || base->speed <= 0) snprintf(buf, len, "-");
    else if (fabs(s->speed_delta) < 0.0005 * base->speed) snprintf(buf, len, "0%%");
    else snprintf(buf, len, "%+.1f%%", 100 * s->speed_delta / base->speed);
    return buf;
}

static const char *price_change_text(double usd, char *buf, size_t len)
{
    char n[32];
    if (isnan(usd)) snprintf(buf, len, "?");
    else if (fabs(usd) < 0.5) snprintf(buf, len, "$0");
    else snprintf(buf, len, "%s%s", usd > 0 ? "+" : "", format_usd(usd, n, sizeof n));
    return buf;
}

static cJSON *swap_json(const dlrig_swap *s, bool in_build)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddNumberToObject(o, "qty", s->qty);
    cJSON_AddBoolToObject(o, "in_build", in_build);
    cJSON_AddBoolToObject(o, "ok", s->error_id == NULL);
    if (s->error_id) {
        cJSON_AddStringToObject(o, "first_error", s->error_id);
        cJSON_AddStringToObject(o, "message", s->error_message);
    } else {
        cJSON_AddNullToObject(o, "first_error");
        cJSON_AddNullToObject(o, "message");
    }
    cJSON_AddNumberToObject(o, "new_errors", (double)s->new_errors);
    cJSON_AddNumberToObject(o, "errors", (double)s->errors);
    add_number_or_null(o, "speed", s->speed);
    add_number_or_null(o, "speed_delta", s->speed_delta);
    add_number_or_null(o, "price_usd", round(s->price_usd * 100) / 100);
    add_number_or_null(o, "price_delta_usd", round(s->price_delta_usd * 100) / 100);
    return o;
}

/* How --against lists: --sort speed, --compatible, --json. */
typedef struct against_opts {
    bool by_speed, compatible, json;
} against_opts;

/* Lists the parts v[0..n) of category c with what swapping each into build b
 * (read from path) gives: a table, or with json {"against": {...},
 * "parts": [... each with "swap"]}. */
static int print_against(const dlrig_catalog *cat, const char *path, const dlrig_build *b, dlrig_category c,
                         const dlrig_part *const *v, size_t n_all, const against_opts *o)
{
    dlrig_whatif *w = whatif_new(cat, b);
    const dlrig_swap *base = whatif_base(w);
    swap_row *rows = xcalloc(n_all + 1, sizeof *rows);
    size_t n = 0;
    for (size_t i = 0; i < n_all; i++) {
        swap_row *r = &rows[n];
        r->part = v[i];
        r->swap = whatif_get(w, v[i]);
        r->idx = i;
        for (size_t k = 0; k < b->n_items && !r->in_build; k++) r->in_build = b->items[k].part == v[i];
        if (!o->compatible || r->in_build || !r->swap->error_id) n++;
    }
    if (o->by_speed) qsort(rows, n, sizeof *rows, cmp_swap_speed);
    int in_build = build_count(b, c);
    if (o->json) {
        cJSON *doc = cJSON_CreateObject();
        cJSON *ag = cJSON_AddObjectToObject(doc, "against");
        cJSON_AddStringToObject(ag, "file", path);
        cJSON_AddStringToObject(ag, "name", b->name ? b->name : "");
        cJSON_AddStringToObject(ag, "category", category_name(c));
        cJSON_AddNumberToObject(ag, "qty", in_build);
        cJSON_AddNumberToObject(ag, "errors", (double)base->errors);
        add_number_or_null(ag, "speed", base->speed);
        if (base->unit) cJSON_AddStringToObject(ag, "unit", base->unit);
        else cJSON_AddNullToObject(ag, "unit");
        add_number_or_null(ag, "price_usd", round(base->price_usd * 100) / 100);
        cJSON_AddNumberToObject(ag, "unpriced_parts", base->unpriced_parts);
        cJSON *arr = cJSON_AddArrayToObject(doc, "parts");
        for (size_t i = 0; i < n; i++) {
            cJSON *p = part_to_json(rows[i].part);
            cJSON_AddItemToObject(p, "swap", swap_json(rows[i].swap, rows[i].in_build));
            cJSON_AddItemToArray(arr, p);
        }
        cli_print_doc(&CLI_DOC_PARTS, doc);
        free(rows);
        whatif_free(w);
        return EXIT_OK;
    }
    char m[32], sp[32];
    const char *unit = base->unit;
    for (size_t i = 0; i < n && !unit; i++) unit = rows[i].swap->unit;
    printf("%s: %s%s, ", cli_safe(b->name), format_usd(base->price_usd, m, sizeof m),
           base->unpriced_parts ? " (some parts unpriced)" : "");
    if (isnan(base->speed)) printf("no speed estimate");
    else printf("%s %s", format_speed(base->speed, NULL, sp, sizeof sp), base->unit);
    printf(", %zu error%s.\n", base->errors, base->errors == 1 ? "" : "s");
    if (in_build) printf("Each part below takes the place of the build's %s (qty %d).\n", category_title(c), in_build);
    else printf("Each part below is added (the build has no %s).\n", category_title(c));
    /* ID, Name, the what-if columns, then the category's other columns */
    const char *const *cols = category_list_columns(c);
    size_t ncols = 0;
    while (cols[ncols]) ncols++;
    enum { EXTRA = 4 };
    const char **head = xcalloc(ncols + EXTRA, sizeof *head);
    bool *right = xcalloc(ncols + EXTRA, sizeof *right);
    const dlrig_field **fields = xcalloc(ncols, sizeof *fields);
    size_t *at = xcalloc(ncols, sizeof *at); /* the table column of each field */
    size_t k = 0, name_col = 0, swap_col = 0;
    for (size_t i = 0; i < ncols; i++) {
        fields[i] = category_field(c, cols[i]);
        at[i] = k;
        head[k] = field_label(cols[i]);
        right[k] = fields[i] && fields[i]->kind != DLRIG_F_STR && fields[i]->kind != DLRIG_F_LIST;
        k++;
        if (strcmp(cols[i], "name") == 0) {
            name_col = k - 1;
            swap_col = k;
            head[k] = "If swapped in";
            head[k + 1] = "Speed";
            right[k + 1] = true;
            head[k + 2] = "Speed +/-";
            right[k + 2] = true;
            head[k + 3] = "Price +/-";
            right[k + 3] = true;
            k += EXTRA;
        }
    }
    cli_table *t = table_new(k, head, right);
    const char **cells = xcalloc(k, sizeof *cells);
    char (*bufs)[96] = xcalloc(ncols, sizeof *bufs);
    char speed[32], dspeed[32], dprice[32];
    for (size_t r = 0; r < n; r++) {
        const dlrig_swap *s = rows[r].swap;
        for (size_t i = 0; i < ncols; i++)
            cells[at[i]] = fields[i] ? part_field_format(rows[r].part, fields[i], bufs[i], sizeof bufs[i]) : "-";
        if (swap_col) {
            cells[swap_col] = rows[r].in_build ? "in the build" : s->error_id ? s->error_id : "ok";
            if (isnan(s->speed)) snprintf(speed, sizeof speed, "-");
            else format_speed(s->speed, NULL, speed, sizeof speed);
            cells[swap_col + 1] = speed;
            cells[swap_col + 2] = speed_change_text(s, base, dspeed, sizeof dspeed);
            cells[swap_col + 3] = price_change_text(s->price_delta_usd, dprice, sizeof dprice);
        }
        table_row(t, cells);
    }
    table_print(t, cli_term_width(), name_col, swap_col);
    size_t ok = 0;
    for (size_t r = 0; r < n; r++) ok += rows[r].swap->error_id == NULL;
    if (o->compatible)
        printf("%zu of %zu add no error (--compatible lists only those). Speed: the build's estimate with the "
               "part%s%s%s.\n", ok, n_all, unit ? " (" : "", unit ? unit : "", unit ? ")" : "");
    else
        printf("%zu of %zu add no error. Speed: the build's estimate with the part%s%s%s.\n", ok, n, unit ? " (" : "",
               unit ? unit : "", unit ? ")" : "");
    table_free(t);
    free(bufs);
    free(cells);
    free(at);
    free(fields);
    free(right);
    free(head);
    free(rows);
    whatif_free(w);
    return EXIT_OK;
}

/* --against: loads the build and lists v[0..n) against it; returns the exit status. */
static int parts_against(dlrig_catalog *cat, const char *path, dlrig_category c, const dlrig_query *q,
                         const dlrig_part *const *v, size_t n, const against_opts *o)
{
    dlrig_build b;
    char err[1024];
    int rc = build_load(cat, path, &b, err, sizeof err);
    if (rc != DLRIG_BUILD_OK) {
        cli_error("parts --against: %s", err);
        build_free(&b);
        return rc == DLRIG_BUILD_EIO ? EXIT_IO : EXIT_USAGE;
    }
    if (n == 0) {
        if (q->filter || q->unpriced)
            cli_error("parts --against: no %s matches %s%s%s%s; nothing to swap into %s", category_name(c),
                      q->filter ? "--filter '" : "", q->filter ? cli_safe(q->filter) : "", q->filter ? "'" : "",
                      q->unpriced ? (q->filter ? " and --unpriced" : "--unpriced") : "", cli_safe(path));
        else
            cli_error("parts --against: the catalog has no %s; nothing to swap into %s", category_name(c),
                      cli_safe(path));
        build_free(&b);
        return EXIT_USAGE;
    }
    rc = print_against(cat, path, &b, c, v, n, o);
    build_free(&b);
    return rc;
}

#define OPT_AGAINST 0x7101
#define OPT_COMPATIBLE 0x7102
#define OPT_OLDER_THAN 0x7103

const struct option cli_parts_opts[] = {{"category", required_argument, NULL, 'c'},
                                        {"filter", required_argument, NULL, 'f'},
                                        {"sort", required_argument, NULL, 's'},
                                        {"json", no_argument, NULL, 'j'},
                                        {"unpriced", no_argument, NULL, 'u'},
                                        {"against", required_argument, NULL, OPT_AGAINST},
                                        {"compatible", no_argument, NULL, OPT_COMPATIBLE},
                                        {"older-than", required_argument, NULL, OPT_OLDER_THAN},
                                        {"help", no_argument, NULL, 'h'},
                                        {NULL, 0, NULL, 0}};
const cli_optvalue cli_parts_values[] = {
    {"category", CLI_V_CATEGORY}, {"sort", CLI_V_SORT}, {"against", CLI_V_JSON}, {NULL, CLI_V_NONE}};

int cmd_parts(cli_ctx *ctx, int argc, char **argv)
{
    cli_reqopts ro;
    cli_reqopts_build(&ro, cli_parts_keys, cli_parts_opts, "c:f:s:h");
    dlrig_query q = {.category = -1};
    bool json = false;
    char *sort = NULL;
    const char *against = NULL;
    bool compatible = false;
    dlrig_requirements req;
    requirements_init(&req);
    const char *workload = req.workload, *precision = req.precision;
    int c;
    optind = 0;
    while ((c = cli_getopt(argc, argv, ro.shortopts, ro.opts, "parts")) != -1) {
        int got = cli_reqopts_apply(ctx, &ro, c, optarg, &req, NULL);
        if (got < 0) return EXIT_USAGE;
        if (got > 0) continue;
        switch (c) {
        case 'c':
            q.category = category_from_name(optarg);
            if (q.category < 0) {
                cli_error("unknown category '%s'; valid categories: ", optarg);
                list_categories(stderr);
                fputc('\n', stderr);
                return EXIT_USAGE;
            }
            break;
        case 'f': q.filter = optarg; break;
        case 's': sort = optarg; break;
        case 'j': json = true; break;
        case 'u': q.unpriced = true; break;
        case OPT_AGAINST: against = optarg; break;
        case OPT_COMPATIBLE: compatible = true; break;
        case OPT_OLDER_THAN: {
            double m;
            if (!cli_parse_number(optarg, &m) || m < 0 || m > 1200 || m != floor(m)) {
                cli_error("--older-than: expected a whole number of months from 0 to 1200, got '%s'", optarg);
                return EXIT_USAGE;
            }
            q.old_prices = true;
            q.older_than = (int)m;
            break;
        }
        case 'h': parts_usage(ctx, stdout); return EXIT_OK;
        default: return EXIT_USAGE;
        }
    }
    if (optind < argc) {
        cli_error("parts: unexpected argument '%s'", argv[optind]);
        return EXIT_USAGE;
    }
    bool by_value = false;
    if (!workload[0] && (precision[0] || !isnan(req.model_params_m))) {
        cli_error("parts: --model-params-m and --precision rank GPUs and need --workload");
        return EXIT_USAGE;
    }
    if (q.unpriced && q.old_prices) {
        cli_error("parts: --unpriced lists parts without a price and --older-than parts with an old one; use one");
        return EXIT_USAGE;
    }
    if (workload[0] && q.old_prices) {
        cli_error("parts: --workload ranks GPUs by speed; list old prices without it (--category gpu --older-than N)");
        return EXIT_USAGE;
    }
    if (workload[0] && q.unpriced) {
        cli_error("parts: --workload ranks priced and unpriced GPUs alike; drop --unpriced");
        return EXIT_USAGE;
    }
    if (against && workload[0]) {
        cli_error("parts: --against judges parts in a build and --workload ranks GPUs alone; use one of them");
        return EXIT_USAGE;
    }
    if (against && q.category < 0) {
        cli_error("parts: --against needs --category C, the category whose parts to swap into the build");
        return EXIT_USAGE;
    }
    if (compatible && !against) {
        cli_error("parts: --compatible lists the parts that fit a build and needs --against BUILD.json");
        return EXIT_USAGE;
    }
    bool by_swap_speed = false;
    if (against && sort && strcmp(sort, "speed") == 0) {
        by_swap_speed = true;
        sort = NULL;
    }
    if (workload[0]) {
        if (q.category >= 0 && q.category != DLRIG_CAT_GPU) {
            cli_error("parts: --workload ranks GPUs; drop --category %s (or use --category gpu)",
                      category_name((dlrig_category)q.category));
            return EXIT_USAGE;
        }
        q.category = DLRIG_CAT_GPU;
        if (sort && strcmp(sort, "value") == 0) by_value = true;
        else if (sort && strcmp(sort, "speed") != 0) {
            cli_error("--sort: with --workload, expected speed or value, got '%s'", sort);
            return EXIT_USAGE;
        }
        sort = NULL;
    }
    char *sortbuf = NULL;
    if (sort) {
        sortbuf = xstrdup(sort);
        char *colon = strchr(sortbuf, ':');
        if (colon) {
            if (strcmp(colon + 1, "desc") == 0) q.descending = true;
            else if (strcmp(colon + 1, "asc") != 0) {
                cli_error("--sort: expected FIELD, FIELD:asc or FIELD:desc, got '%s'", sort);
                free(sortbuf);
                return EXIT_USAGE;
            }
            *colon = '\0';
        }
        q.sort = sortbuf;
    }
    dlrig_catalog *cat = cli_catalog(ctx);
    if (!cat) {
        free(sortbuf);
        return EXIT_IO;
    }
    const dlrig_part **v;
    size_t n;
    char err[2048];
    if (catalog_query(cat, &q, &v, &n, err, sizeof err) != 0) {
        cli_error("%s", err);
        free(sortbuf);
        return EXIT_USAGE;
    }
    free(sortbuf);
    if (against) {
        against_opts ao = {by_swap_speed, compatible, json};
        int rc = parts_against(cat, against, (dlrig_category)q.category, &q, v, n, &ao);
        free(v);
        return rc;
    }
    if (workload[0]) {
        int rc = print_ranked(cat, v, n, &req, by_value, json);
        free(v);
        return rc;
    }
    if (json) {
        cJSON *doc = cJSON_CreateObject();
        cJSON *arr = cJSON_AddArrayToObject(doc, "parts");
        for (size_t i = 0; i < n; i++) cJSON_AddItemToArray(arr, part_to_json(v[i]));
        cli_print_doc(&CLI_DOC_PARTS, doc);
        free(v);
        return EXIT_OK;
    }
    /* the category's columns, with the month of each price after the price */
    const char *const *base = category_list_columns((dlrig_category)q.category);
    size_t ncols = 0;
    while (base[ncols]) ncols++;
    const char **cols = xcalloc(ncols + 2, sizeof *cols);
    for (size_t i = 0, k = 0; i < ncols; i++) {
        cols[k++] = base[i];
        if (strcmp(base[i], "price_usd") == 0) cols[k++] = "price_date";
    }
    while (cols[ncols]) ncols++;
    bool all = q.category < 0;
    size_t extra = all ? 1 : 0; /* a Category column when listing everything */
    const char **head = xcalloc(ncols + extra, sizeof *head);
    bool *right = xcalloc(ncols + extra, sizeof *right);
    const dlrig_field **fields = xcalloc(ncols, sizeof *fields);
    size_t name_col = 0;
    for (size_t i = 0, k = 0; i < ncols; i++, k++) {
        if (all && i == 1) {
            head[k] = "Category";
            k++;
        }
        head[k] = field_label(cols[i]);
        fields[i] = category_field(all ? DLRIG_CAT_GPU : (dlrig_category)q.category, cols[i]);
        right[k] = fields[i] && fields[i]->kind != DLRIG_F_STR && fields[i]->kind != DLRIG_F_LIST;
        if (strcmp(cols[i], "name") == 0) name_col = k;
    }
    cli_table *t = table_new(ncols + extra, head, right);
    const char **cells = xcalloc(ncols + extra, sizeof *cells);
    char (*bufs)[96] = xcalloc(ncols, sizeof *bufs);
    for (size_t r = 0; r < n; r++) {
        for (size_t i = 0, k = 0; i < ncols; i++, k++) {
            if (all && i == 1) cells[k++] = category_name(v[r]->category);
            cells[k] = fields[i] ? part_field_format(v[r], fields[i], bufs[i], sizeof bufs[i]) : "-";
        }
        table_row(t, cells);
    }
    table_print(t, cli_term_width(), name_col, 0);
    if (q.unpriced) printf("%zu part%s without a price: dlrig recommend cannot consider %s\n", n, n == 1 ? "" : "s",
                           n == 1 ? "it" : "them");
    else if (q.old_prices) {
        char today[8];
        printf("%zu part%s priced more than %d month%s before %s (or undated): re-check %s before quoting\n", n,
               n == 1 ? "" : "s", q.older_than, q.older_than == 1 ? "" : "s", price_today(today),
               n == 1 ? "it" : "them");
    }
    else if (isatty(1)) printf("%zu part%s\n", n, n == 1 ? "" : "s");
    table_free(t);
    free(bufs);
    free(cells);
    free(fields);
    free(right);
    free(head);
    free(cols);
    free(v);
    return EXIT_OK;
}

/* "  label  value", the value wrapped at spaces to width columns (when width
 * > 0, i.e. on a terminal) with its continuation lines under its start. */
static void print_field(int label_w, const char *label, const char *raw, int width)
{
    char *safe = term_safe(raw, 0); /* text from a --catalog */
    const char *value = safe;
    printf("  %-*s ", label_w, label);
    int indent = label_w + 3, room = width - indent;
    if (width <= 0 || room < 20 || display_width(value) <= room) {
        printf("%s\n", value);
        free(safe);
        return;
    }
    const char *s = value;
    while (*s) {
        /* The longest run of words that fits; a word longer than the room is cut. */
        const char *end = s, *brk = NULL;
        int used = 0;
        while (*end) {
            /* one character: its UTF-8 bytes and its display width */
            size_t len = 1;
            while (end[len] && ((unsigned char)end[len] & 0xC0) == 0x80 && len < 4) len++;
            char ch[5] = {0};
            memcpy(ch, end, len);
            int cw = display_width(ch);
            if (used + cw > room) break;
            if (*end == ' ') brk = end;
            used += cw;
            end += len;
        }
        if (*end && brk && brk > s) end = brk;
        if (s != value) printf("%*s", indent, "");
        fwrite(s, 1, (size_t)(end - s), stdout);
        fputc('\n', stdout);
        s = end;
        while (*s == ' ') s++;
    }
    free(safe);
}

/* One line of a part's sheet (part_sheet) on the terminal. */
typedef struct show_sheet {
    int label_w, width;
} show_sheet;

static void show_line(void *ctx, dlrig_sheet_kind kind, const char *label, const char *value)
{
    const show_sheet *sh = ctx;
    if (kind == DLRIG_SHEET_DETAIL) printf("  %-*s %s\n", sh->label_w, "", cli_safe(value));
    else print_field(sh->label_w, label, value, sh->width);
}

const struct option cli_show_opts[] = {
    {"json", no_argument, NULL, 'j'}, {"help", no_argument, NULL, 'h'}, {NULL, 0, NULL, 0}};

int cmd_show(cli_ctx *ctx, int argc, char **argv)
{
    bool json = false;
    int c;
    optind = 0;
    while ((c = cli_getopt(argc, argv, "h", cli_show_opts, "show")) != -1) {
        if (c == 'j') json = true;
        else if (c == 'h') {
            puts("Usage: dlrig show PART_ID [--json]\nEvery field of one part, with its source.");
            return EXIT_OK;
        } else return EXIT_USAGE;
    }
    if (optind + 1 != argc) {
        cli_error("show: expected one PART_ID (see 'dlrig parts')");
        return EXIT_USAGE;
    }
    const char *id = argv[optind];
    dlrig_catalog *cat = cli_catalog(ctx);
    if (!cat) return EXIT_IO;
    const dlrig_part *p = catalog_find(cat, id);
    if (!p) {
        const char *sugg[5];
        size_t ns = catalog_suggest(cat, id, sugg, 5);
        cli_error("unknown part id '%s'%s", id, ns ? "; did you mean:" : " (see 'dlrig parts' for valid ids)");
        for (size_t i = 0; i < ns; i++) fprintf(stderr, "  %s\n", cli_safe(sugg[i]));
        return EXIT_USAGE;
    }
    size_t n_vp;
    const dlrig_price_row *vp = catalog_user_prices(cat, p->id, &n_vp);
    if (json) {
        cJSON *o = part_to_json(p);
        cJSON *arr = cJSON_AddArrayToObject(o, "vendor_prices");
        for (size_t i = 0; i < n_vp; i++) {
            cJSON *v = cJSON_CreateObject();
            cJSON_AddStringToObject(v, "vendor", vp[i].vendor);
            cJSON_AddNumberToObject(v, "price", vp[i].price);
            cJSON_AddStringToObject(v, "currency", vp[i].currency);
            cJSON_AddNumberToObject(v, "usd_per_unit", vp[i].usd_per_unit);
            cJSON_AddNumberToObject(v, "price_usd", round(vp[i].price_usd * 100) / 100);
            cJSON_AddStringToObject(v, "date", vp[i].date);
            cJSON_AddBoolToObject(v, "effective", i == 0);
            cJSON_AddItemToArray(arr, v);
        }
        size_t n_off;
        const dlrig_offer *off = catalog_offers(cat, p->id, &n_off);
        cJSON *offers = cJSON_AddArrayToObject(o, "price_offers");
        for (size_t i = 0; i < n_off; i++) {
            cJSON *v = cJSON_CreateObject();
            cJSON_AddStringToObject(v, "condition", off[i].condition);
            cJSON_AddNumberToObject(v, "price_usd", off[i].price_usd);
            cJSON_AddStringToObject(v, "date", off[i].price_date);
            cJSON_AddStringToObject(v, "market", off[i].market);
            cJSON_AddStringToObject(v, "source", off[i].source);
            if (off[i].note) cJSON_AddStringToObject(v, "note", off[i].note);
            cJSON_AddItemToArray(offers, v);
        }
        cli_print_doc(&CLI_DOC_PART, o);
        return EXIT_OK;
    }
    printf("%s  (%s)\n", cli_safe(p->name), category_title(p->category));
    show_sheet sh = {20, cli_term_width()};
    part_sheet(cat, p, show_line, &sh);
    size_t n_off;
    const dlrig_offer *off = catalog_offers(cat, p->id, &n_off);
    if (n_off) {
        printf("  price offers (cheapest first; used and refurbished count only with --allow-used):\n");
        for (size_t i = 0; i < n_off; i++) {
            char usd[32];
            snprintf(usd, sizeof usd, "$%.2f", off[i].price_usd);
            printf("     %s %12s  %s, %s  [%s]\n", cli_padded(cli_safe(off[i].condition), 12), usd,
                   cli_safe(off[i].market), cli_safe(off[i].price_date), cli_safe(off[i].source));
        }
    }
    if (n_vp) {
        printf("  vendor prices (cheapest first; * is the price used):\n");
        for (size_t i = 0; i < n_vp; i++) {
            char usd[32];
            snprintf(usd, sizeof usd, "$%.2f", vp[i].price_usd);
            if (strcmp(vp[i].currency, "USD") == 0)
                printf("   %s %s %12s  %s\n", i == 0 ? "*" : " ", cli_padded(cli_safe(vp[i].vendor), 28), usd, cli_safe(vp[i].date));
            else
                printf("   %s %s %12s  %s  (%.2f %s at %g USD/%s)\n", i == 0 ? "*" : " ", cli_padded(cli_safe(vp[i].vendor), 28), usd,
                       cli_safe(vp[i].date), vp[i].price, cli_safe(vp[i].currency), vp[i].usd_per_unit,
                       cli_safe(vp[i].currency));
        }
    }
    if (p->category == DLRIG_CAT_MOTHERBOARD) {
        const dlrig_motherboard *b = (const dlrig_motherboard *)p;
        printf("  PCIe slots:\n");
        for (size_t i = 0; i < b->n_slots; i++) {
            const dlrig_slot *s = &b->slots[i];
            printf("    position %d: x%d physical, x%d electrical, PCIe %d.0, %s%s%s\n", s->position,
                   s->physical_width, s->electrical_width, s->pcie_gen,
                   s->attached_to == DLRIG_ATTACH_CPU1   ? "CPU 1"
                   : s->attached_to == DLRIG_ATTACH_CPU2 ? "CPU 2"
                                                         : "chipset",
                   s->note ? " - " : "", s->note ? cli_safe(s->note) : "");
        }
        for (size_t i = 0; i < b->n_m2; i++) {
            char link[64];
            printf("    M.2_%d: %s\n", b->m2[i].idx, m2_link_format(&b->m2[i], link, sizeof link));
        }
        for (size_t i = 0; i < b->n_shares; i++) {
            const dlrig_lane_share *s = &b->shares[i];
            if (s->width_when)
                printf("    slot %d runs at x%d when %s %d is populated\n", s->slot_position, s->width_when,
                       s->trigger_m2 ? "M.2" : "slot", s->trigger_index);
            else
                printf("    slot %d is disabled when %s %d is populated\n", s->slot_position,
                       s->trigger_m2 ? "M.2" : "slot", s->trigger_index);
        }
    } else if (p->category == DLRIG_CAT_NVLINK_BRIDGE) {
        const dlrig_nvlink_bridge *br = (const dlrig_nvlink_bridge *)p;
        printf("  fits:\n");
        for (size_t i = 0; i < br->n_fits; i++) printf("    %s\n", cli_safe(br->fits[i]->p.id));
    }
    return EXIT_OK;
}
