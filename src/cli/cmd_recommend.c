/* `dlrig recommend`: the advisor from the command line. */
#include <cjson/cJSON.h>
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "dlrig/advisor.h"
#include "dlrig/compare.h"
#include "dlrig/power.h"
#include "dlrig/preset.h"
#include "dlrig/query.h"
#include "dlrig/util.h"

static void usage(cli_ctx *ctx, FILE *f)
{
    fputs("Usage: dlrig recommend --workload W --budget-usd N [options]\n"
          "       dlrig recommend --preset NAME [options]\n"
          "       dlrig recommend --list-presets [--json]\n"
          "The fastest complete builds for a workload within a budget.\n\n"
          "  -p, --preset NAME        start from a scenario preset (see --list-presets);\n"
          "                           the other options override its values (--require\n"
          "                           replaces its list)\n"
          "      --list-presets       the scenario presets with their titles\n",
          f);
    cli_req_usage(ctx, f, NULL);
    fputs("      --objective O        speed (default): the fastest build, ties within 5% to the\n"
          "                           cheaper; value: the most speed per dollar, ties within 5%\n"
          "                           to the faster\n"
          "      --tiers              Good / Better / Best instead of the top K: the best value\n"
          "                           (for half the price when the fastest is also the best\n"
          "                           value), the fastest for at most the midpoint of their\n"
          "                           prices, and the fastest; cheapest first\n"
          "  -k, --top K              K diverse builds, best first (default 3, at most 10)\n"
          "      --json               one JSON document with every recommendation\n"
          "  -o FILE                  write the best build as a build file\n",
          f);
}

/* `--list-presets`: every built-in preset with its title (and, as JSON,
 * its story and requirements). */
static int list_all_presets(cli_ctx *ctx, bool json)
{
    dlrig_catalog *cat = cli_catalog(ctx);
    if (!cat) return EXIT_IO;
    cJSON *doc = json ? cJSON_CreateObject() : NULL;
    cJSON *arr = json ? cJSON_AddArrayToObject(doc, "presets") : NULL;
    int status = EXIT_OK;
    for (size_t i = 0; i < preset_count(); i++) {
        dlrig_preset p;
        char err[1024];
        if (preset_load_at(cat, i, &p, err, sizeof err) != 0) {
            cli_error("%s", err);
            status = EXIT_USAGE;
            continue;
        }
        if (json) {
            cJSON *o = cJSON_CreateObject();
            cJSON_AddStringToObject(o, "name", p.name);
            cJSON_AddStringToObject(o, "title", p.title);
            cJSON_AddStringToObject(o, "story", p.story);
            dlrig_build tmp;
            build_init(&tmp, p.title);
            tmp.req = p.req;
            cJSON *bj = build_to_json(&tmp);
            cJSON_AddItemToObject(o, "requirements", cJSON_DetachItemFromObject(bj, "requirements"));
            cJSON_Delete(bj);
            build_free(&tmp);
            cJSON_AddItemToArray(arr, o);
        } else {
            char budget[32];
            printf("  %-18s %-36s %-15s %10s", p.name, p.title, p.req.workload,
                   format_usd(p.req.budget_usd, budget, sizeof budget));
            if (p.req.nodes > 1) printf(", %d nodes", p.req.nodes);
            printf("\n");
        }
    }
    if (json) cli_print_json(doc);
    else printf("\nUse: dlrig recommend --preset NAME [options that override it]\n");
    return status;
}

/* "objective": what the builds were chosen for, and the rule. */
static void add_objective(cJSON *doc, dlrig_objective obj)
{
    cJSON *o = cJSON_AddObjectToObject(doc, "objective");
    cJSON_AddStringToObject(o, "name", dlrig_objective_ids[obj]);
    cJSON_AddNumberToObject(o, "tie_tolerance", ADVISOR_TIE_TOLERANCE);
    cJSON_AddStringToObject(o, "rule", advisor_objective_rule(obj));
}

int cmd_recommend(cli_ctx *ctx, int argc, char **argv)
{
    enum { O_JSON = 256, O_LIST_PRESETS, O_OBJECTIVE, O_TIERS };
    static const struct option extra[] = {{"top", required_argument, NULL, 'k'},
                                          {"json", no_argument, NULL, O_JSON},
                                          {"output", required_argument, NULL, 'o'},
                                          {"preset", required_argument, NULL, 'p'},
                                          {"list-presets", no_argument, NULL, O_LIST_PRESETS},
                                          {"objective", required_argument, NULL, O_OBJECTIVE},
                                          {"tiers", no_argument, NULL, O_TIERS},
                                          {"help", no_argument, NULL, 'h'},
                                          {NULL, 0, NULL, 0}};
    cli_reqopts ro;
    cli_reqopts_build(&ro, NULL, extra, "k:o:p:h");
    dlrig_requirements req;
    requirements_init(&req);
    /* A preset gives the starting requirements; every other option overrides
     * it, wherever it stands on the command line, so it is read first. */
    const char *preset_arg = NULL;
    bool list_presets = false;
    for (int i = 1; i < argc && strcmp(argv[i], "--") != 0; i++) {
        if ((!strcmp(argv[i], "--preset") || !strcmp(argv[i], "-p")) && i + 1 < argc) preset_arg = argv[++i];
        else if (!strncmp(argv[i], "--preset=", 9)) preset_arg = argv[i] + 9;
        else if (!strcmp(argv[i], "--list-presets")) list_presets = true;
    }
    dlrig_preset preset;
    char perr[1024];
    if (preset_arg && !list_presets) {
        dlrig_catalog *pcat = cli_catalog(ctx);
        if (!pcat) return EXIT_IO;
        if (preset_load(pcat, preset_arg, &preset, perr, sizeof perr) != 0) {
            cli_error("--preset: %s", perr);
            return EXIT_USAGE;
        }
        req = preset.req;
    }
    int top = 3;
    dlrig_objective objective = DLRIG_OBJ_SPEED;
    bool tiers = false, objective_given = false;
    bool nodes_given = false;
    bool json = false;
    const char *outfile = NULL;
    int c;
    double v = 0;
    char err[512];
    optind = 0;
    while ((c = getopt_long(argc, argv, ro.shortopts, ro.opts, NULL)) != -1) {
        const dlrig_reqfield *field = NULL;
        int got = cli_reqopts_apply(ctx, &ro, c, optarg, &req, &field);
        if (got < 0) return field && field->kind == DLRIG_RK_CATALOG && !ctx->cat ? EXIT_IO : EXIT_USAGE;
        if (got > 0) {
            if (strcmp(field->key, "nodes") == 0) nodes_given = true;
            continue;
        }
        switch (c) {
        case 'p': break; /* read above */
        case O_LIST_PRESETS: break;
        case 'k':
            if (cli_number_opt("--top", optarg, 0, 10, &v) || v != floor(v)) {
                if (v != floor(v)) cli_error("--top: expected a whole number from 1 to 10");
                return EXIT_USAGE;
            }
            top = (int)v;
            break;
        case O_JSON: json = true; break;
        case O_OBJECTIVE: {
            int k = id_index(dlrig_objective_ids, optarg);
            if (k < 0) {
                cli_error("--objective: expected speed or value, got '%s'", optarg);
                return EXIT_USAGE;
            }
            objective = (dlrig_objective)k;
            objective_given = true;
            break;
        }
        case O_TIERS: tiers = true; break;
        case 'o':
            if (!*optarg) {
                cli_error("-o: expected a file name, got an empty one");
                return EXIT_USAGE;
            }
            outfile = optarg;
            break;
        case 'h': usage(ctx, stdout); return EXIT_OK;
        default: usage(ctx, stderr); return EXIT_USAGE;
        }
    }
    if (optind < argc) {
        cli_error("recommend: unexpected argument '%s'", argv[optind]);
        return EXIT_USAGE;
    }
    if (list_presets) return list_all_presets(ctx, json);
    if (!req.workload[0]) {
        strbuf valid = {0};
        requirements_describe(requirements_field("workload"), cli_catalog(ctx), &valid);
        cli_error("recommend: --workload is required (%s)", valid.s);
        sb_free(&valid);
        return EXIT_USAGE;
    }
    if (isnan(req.budget_usd)) {
        cli_error("recommend: --budget-usd is required");
        return EXIT_USAGE;
    }
    if (tiers && objective_given) {
        cli_error("recommend: --tiers shows both objectives (Good the best value, Best the fastest); drop --objective");
        return EXIT_USAGE;
    }
    dlrig_catalog *cat = cli_catalog(ctx);
    if (!cat) return EXIT_IO;
    dlrig_recommendation *recs = NULL;
    size_t n;
    catalog_allow_used(cat, req.allow_used);
    dlrig_tiers tr;
    memset(&tr, 0, sizeof tr);
    if (tiers) {
        if (compare_tiers(cat, &req, &tr, err, sizeof err) != 0) {
            cli_error("%s", err);
            return EXIT_USAGE;
        }
        /* the tiers' recommendations, printed like the top K (they stay owned by tr) */
        recs = xcalloc(DLRIG_COMPARE_MAX, sizeof *recs);
        for (size_t i = 0; i < tr.n; i++) recs[i] = tr.rec[i];
        n = tr.n;
    } else if ((nodes_given ? advisor_recommend_by(cat, &req, objective, top, &recs, &n, err, sizeof err)
                            : advisor_recommend_nodes(cat, &req, objective, top, 16, &recs, &n, err, sizeof err)) !=
               0) {
        cli_error("%s", err);
        return EXIT_USAGE;
    }
    if (n == 0) {
        if (tiers) free(recs), recs = NULL;
        /* what would meet them: the cheapest build, a requirement dropped */
        char what[2048];
        double cheapest;
        advisor_why_none(cat, &req, &cheapest, what, sizeof what);
        if (json) {
            cJSON *doc = cJSON_CreateObject();
            if (tiers) cJSON_AddStringToObject(doc, "tiers", "good-better-best");
            else add_objective(doc, objective);
            cJSON_AddArrayToObject(doc, "recommendations");
            cJSON_AddStringToObject(doc, "reason", err);
            if (isnan(cheapest)) cJSON_AddNullToObject(doc, "cheapest_price_usd");
            else cJSON_AddNumberToObject(doc, "cheapest_price_usd", round(cheapest * 100) / 100);
            cJSON_AddStringToObject(doc, "what_would", what);
            cJSON_AddNumberToObject(doc, "unpriced_parts", (double)catalog_unpriced_count(cat));
            cli_print_json(doc);
        }
        cli_error("%s", err);
        if (what[0] && !json) fprintf(stderr, "%s\n", cli_safe(what));
        size_t unpriced = catalog_unpriced_count(cat);
        if (unpriced && !json)
            fprintf(stderr, "%zu catalog part%s without a price could not be considered (dlrig parts --unpriced lists "
                    "them)\n", unpriced, unpriced == 1 ? "" : "s");
        return EXIT_FINDINGS;
    }
    if (preset_arg && !json) printf("Preset %s: %s\n  %s\n\n", preset.name, preset.title, preset.story);
    if (outfile) {
        /* a build saved from a preset carries the scenario's title */
        dlrig_build saved = recs[0].build;
        if (preset_arg) saved.name = preset.title;
        if (build_save(&saved, outfile, true, err, sizeof err) != DLRIG_BUILD_OK) {
            cli_error("%s", err);
            if (tiers) {
                free(recs);
                compare_tiers_free(&tr);
            } else {
                recommendations_free(recs, n);
            }
            return EXIT_IO;
        }
    }
    if (json) {
        cJSON *doc = cJSON_CreateObject();
        if (preset_arg) {
            cJSON *pr = cJSON_AddObjectToObject(doc, "preset");
            cJSON_AddStringToObject(pr, "name", preset.name);
            cJSON_AddStringToObject(pr, "title", preset.title);
            cJSON_AddStringToObject(pr, "story", preset.story);
        }
        if (tiers) cJSON_AddStringToObject(doc, "tiers", "good-better-best");
        else add_objective(doc, objective);
        cJSON_AddNumberToObject(doc, "unpriced_parts", (double)catalog_unpriced_count(cat));
        cJSON *arr = cJSON_AddArrayToObject(doc, "recommendations");
        for (size_t i = 0; i < n; i++) {
            cJSON *r = cJSON_CreateObject();
            cJSON_AddNumberToObject(r, "rank", (double)i + 1);
            if (tiers) cJSON_AddStringToObject(r, "tier", tr.label[i]);
            cJSON_AddStringToObject(r, "objective", dlrig_objective_ids[recs[i].objective]);
            cJSON_AddNumberToObject(r, "price_usd", round(recs[i].price_usd * 100) / 100);
            cJSON_AddNumberToObject(r, "perf_per_kusd", round(recs[i].perf_per_kusd * 100) / 100);
            cJSON_AddStringToObject(r, "why", recs[i].why);
            if (power_build_limited(&recs[i].build)) { /* the limits the build carries, for a script */
                char sum[400], cmds[300];
                cJSON *pl = cJSON_AddObjectToObject(r, "power_limit");
                cJSON_AddStringToObject(pl, "summary", power_limit_summary(&recs[i].build, sum, sizeof sum));
                cJSON_AddStringToObject(pl, "commands", power_limit_commands(&recs[i].build, cmds, sizeof cmds));
            }
            cJSON_AddItemToObject(r, "estimate", estimate_to_json(&recs[i].estimate));
            cJSON_AddItemToObject(r, "check", report_to_json(&recs[i].build, &recs[i].report));
            cJSON_AddItemToObject(r, "build", build_to_json(&recs[i].build));
            cJSON_AddItemToArray(arr, r);
        }
        cli_print_json(doc);
    } else {
        for (size_t i = 0; i < n; i++) {
            const dlrig_recommendation *r = &recs[i];
            char price[32];
            if (tiers) printf("%s: ", tr.label[i]);
            else printf("%zu. ", i + 1);
            printf("%s — %s, %.0f %s", cli_safe(r->build.name), format_usd(r->price_usd, price, sizeof price),
                   r->estimate.throughput, cli_safe(r->estimate.unit));
            if (!isnan(r->estimate.epoch_hours)) printf(", %.1f h/epoch", r->estimate.epoch_hours);
            printf("\n   %s\n", cli_safe(r->why));
            for (size_t k = 0; k < r->build.n_items; k++) {
                const dlrig_item *it = &r->build.items[k];
                char used[160];
                printf("   %3d x %-44s %-13s %10s", it->qty, cli_safe(it->part->name), category_name(it->part->category),
                       format_usd(it->part->price_usd * it->qty, price, sizeof price));
                if (part_price_label(it->part, used, sizeof used)) printf("  (%s)", cli_safe(used));
                printf("\n");
            }
            size_t warn = r->report.counts[DLRIG_SEV_WARNING], info = r->report.counts[DLRIG_SEV_INFO];
            if (warn || info) printf("   findings: %zu warning%s, %zu info (dlrig check for details)\n", warn,
                                     warn == 1 ? "" : "s", info);
            printf("\n");
        }
        size_t unpriced = catalog_unpriced_count(cat);
        if (unpriced)
            printf("%zu catalog part%s without a price could not be considered (dlrig parts --unpriced lists "
                   "them).\n", unpriced, unpriced == 1 ? "" : "s");
        if (tiers)
            printf("Good: %s (for half the price when the fastest is also the best value).\nBest: %s.\n"
                   "Better: the fastest for at most the midpoint of their prices.\n",
                   advisor_objective_rule(DLRIG_OBJ_VALUE), advisor_objective_rule(DLRIG_OBJ_SPEED));
        else
            printf("Objective: %s.\n", advisor_objective_rule(objective));
        if (outfile) printf("Best build written to %s\n", cli_safe(outfile));
    }
    if (tiers) {
        free(recs);
        compare_tiers_free(&tr);
    } else {
        recommendations_free(recs, n);
    }
    return EXIT_OK;
}
