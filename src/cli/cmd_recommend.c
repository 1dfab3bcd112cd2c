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
#include "dlrig/market.h"
#include "dlrig/power.h"
#include "dlrig/preset.h"
#include "dlrig/query.h"
#include "dlrig/perf.h"
#include "dlrig/rules.h"
#include "dlrig/upgrade.h"
#include "dlrig/util.h"
#include "dlrig/whatif.h"

static void usage(cli_ctx *ctx, FILE *f)
{
    fputs("Usage: dlrig recommend --workload W --budget-usd N [options]\n"
          "       dlrig recommend --preset NAME [options]\n"
          "       dlrig recommend --list-presets [--json]\n"
          "       dlrig recommend --from BUILD.json [--pin LIST] [options]\n"
          "The fastest complete builds for a workload within a budget.\n\n"
          "  -p, --preset NAME        start from a scenario preset (see --list-presets);\n"
          "                           the other options override its values (--require\n"
          "                           replaces its list)\n"
          "      --list-presets       the scenario presets with their titles\n"
          "      --from FILE          choose again for a saved build: its requirements are the\n"
          "                           starting point (the other options override them) and the\n"
          "                           result keeps its name and notes\n"
          "      --pin LIST           with --from: keep the build's parts of these categories\n"
          "                           (comma-separated: gpu, cpu, motherboard, memory, storage,\n"
          "                           psu, case, cooler, nic, nvlink_bridge, switch) and take the\n"
          "                           best-ranked advisor build they fit; exit status 1 when\n"
          "                           they fit none without an error\n",
          f);
    cli_req_usage(ctx, f, NULL);
    fputs("      --objective O        speed (default): the fastest build, ties within 5% to the\n"
          "                           cheaper; value: the most speed per dollar, ties within 5%\n"
          "                           to the faster\n"
          "      --tiers              Good / Better / Best instead of the top K: the fastest\n"
          "                           build for at most 55%, 75% and 100% of the budget;\n"
          "                           cheapest first, each with other GPUs and more than 5%\n"
          "                           faster than the one before\n"
          "  -k, --top K              K diverse builds, best first (default 3, at most 10)\n"
          "      --json               one JSON document with every recommendation\n"
          "  -o FILE                  write the best build as a build file (with --from: the\n"
          "                           re-advised build)\n",
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
            printf("  %-18s %s %-15s %10s", p.name, cli_padded(cli_safe(p.title), 36), p.req.workload,
                   format_usd(p.req.budget_usd, budget, sizeof budget));
            if (p.req.nodes > 1) printf(", %d nodes", p.req.nodes);
            printf("\n");
        }
    }
    if (json) cli_print_doc(&CLI_DOC_PRESETS, doc);
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

/* One recommendation of the --json document (rank i + 1; tier NULL: none). */
static cJSON *rec_to_json(const dlrig_catalog *cat, const dlrig_recommendation *rec, size_t i, const char *tier)
{
    cJSON *r = cJSON_CreateObject();
    cJSON_AddNumberToObject(r, "rank", (double)i + 1);
    if (tier) cJSON_AddStringToObject(r, "tier", tier);
    cJSON_AddStringToObject(r, "objective", dlrig_objective_ids[rec->objective]);
    cJSON_AddNumberToObject(r, "price_usd", round(rec->price_usd * 100) / 100);
    cJSON_AddNumberToObject(r, "perf_per_kusd", round(rec->perf_per_kusd * 100) / 100);
    cJSON_AddStringToObject(r, "why", rec->why);
    if (power_build_limited(&rec->build)) { /* the limits the build carries, for a script */
        char sum[400], cmds[300];
        cJSON *pl = cJSON_AddObjectToObject(r, "power_limit");
        cJSON_AddStringToObject(pl, "summary", power_limit_summary(&rec->build, sum, sizeof sum));
        cJSON_AddStringToObject(pl, "commands", power_limit_commands(&rec->build, cmds, sizeof cmds));
    }
    cJSON_AddItemToObject(r, "estimate", estimate_to_json(&rec->estimate));
    cJSON *check = report_to_json(&rec->build, &rec->report);
    char today[8];
    market_annotate_prices(cat, &rec->build, check, price_today(today));
    cJSON_AddItemToObject(r, "check", check);
    cJSON_AddItemToObject(r, "build", build_to_json(&rec->build));
    return r;
}

/* --pin LIST: the categories named (comma-separated ids) set in pinned[];
 * 0, or -1 after a message naming the unknown one. */
static int parse_pins(const char *list, bool *pinned)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s", list);
    if (strlen(list) >= sizeof buf) {
        cli_error("--pin: the list is too long");
        return -1;
    }
    bool any = false;
    char *save = NULL;
    for (char *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
        while (*t == ' ') t++;
        size_t len = strlen(t);
        while (len && t[len - 1] == ' ') t[--len] = '\0';
        if (!*t) continue;
        int c = category_from_name(t);
        if (c < 0) {
            strbuf valid = {0};
            for (int k = 0; k < DLRIG_CAT_COUNT; k++)
                sb_printf(&valid, "%s%s", k ? ", " : "", category_name((dlrig_category)k));
            cli_error("--pin: unknown category '%s'; expected a comma-separated list of %s", t, valid.s);
            sb_free(&valid);
            return -1;
        }
        pinned[c] = true;
        any = true;
    }
    if (!any) {
        cli_error("--pin: expected a comma-separated list of categories, got '%s'", list);
        return -1;
    }
    return 0;
}

/* "gpu, case": the pinned categories. */
static const char *pins_text(const bool *pinned, char *buf, size_t len)
{
    size_t k = 0;
    buf[0] = '\0';
    for (int c = 0; c < DLRIG_CAT_COUNT && k < len; c++)
        if (pinned[c]) k += (size_t)snprintf(buf + k, len - k, "%s%s", k ? ", " : "", category_name((dlrig_category)c));
    return buf;
}

/* --from FILE whose lines are owned (a machine dlrig scan read): the
 * least-cost changes that make it run the requirements (upgrade.h), cheapest
 * first; the platform must go when none does.  -o writes the first plan. */
static int upgrade(dlrig_catalog *cat, const char *path, const dlrig_build *from, const dlrig_requirements *req,
                   int top, bool json, const char *outfile, bool force)
{
    dlrig_build machine;
    build_copy(&machine, from);
    machine.req = *req;
    dlrig_upgrade u;
    char err[512];
    if (upgrade_plan(cat, &machine, (size_t)(top < 1 ? 5 : top), &u, err, sizeof err) != 0) {
        cli_error("recommend --from %s: %s", cli_file(path), err);
        build_free(&machine);
        return EXIT_USAGE;
    }
    int status = u.n_plans ? EXIT_OK : EXIT_FINDINGS;
    bool to_stdout = outfile && strcmp(outfile, "-") == 0;
    FILE *doc_out = to_stdout ? cli_claim_stdout() : NULL;
    if (outfile && u.n_plans) {
        char *text = build_to_text(&u.plans[0].build);
        status = cli_write_output("recommend", outfile, text, strlen(text), force, doc_out);
        free(text);
    }
    if (status != EXIT_OK && u.n_plans) {
        /* said */
    } else if (json) {
        cJSON *doc = cJSON_CreateObject();
        cJSON_AddStringToObject(doc, "from", path);
        cJSON *now = cJSON_AddObjectToObject(doc, "machine");
        cJSON_AddBoolToObject(now, "runs", u.now_runs);
        if (u.now_why[0]) cJSON_AddStringToObject(now, "why_not", u.now_why);
        cJSON_AddNumberToObject(now, "vram_gb", u.now_vram_gb);
        if (u.have_now_est) cJSON_AddItemToObject(now, "estimate", estimate_to_json(&u.now_est));
        else cJSON_AddNullToObject(now, "estimate");
        cJSON_AddArrayToObject(doc, "recommendations"); /* always present: the advisor's builds, none here */
        cJSON *arr = cJSON_AddArrayToObject(doc, "upgrades");
        for (size_t i = 0; i < u.n_plans; i++) cJSON_AddItemToArray(arr, upgrade_plan_to_json(cat, &u.plans[i]));
        if (!u.n_plans) cJSON_AddStringToObject(doc, "platform_must_go", u.platform_note);
        cli_print_doc(&CLI_DOC_RECOMMEND, doc);
    } else {
        char line[700], value[128];
        printf("Upgrading %s (%zu owned part line%s): %s\n", cli_safe(machine.name ? machine.name : cli_file(path)),
               build_owned_lines(&machine), build_owned_lines(&machine) == 1 ? "" : "s",
               cli_safe(upgrade_now_text(&u, line, sizeof line)));
        if (report_find(&u.now, "compat.missing_part"))
            printf("Note: the plans buy the parts the file lacks; a scan cannot read a power supply, case or CPU "
                   "cooler: add yours to %s as owned (\"owned\": true) to keep them.\n", cli_file(path));
        if (!u.n_plans) {
            printf("No change of GPUs on this platform runs them%s: %s.\nThe platform must go: "
                   "dlrig recommend without --from gives a new build.\n",
                   req->budget_usd > 0 ? " within the budget" : "", cli_safe(u.platform_note));
        }
        for (size_t i = 0; i < u.n_plans; i++) {
            const dlrig_upgrade_plan *p = &u.plans[i];
            printf("%zu. %s%s\n", i + 1, cli_safe(upgrade_plan_headline(&u, p, line, sizeof line)),
                   p->warnings ? " (warnings: dlrig check)" : "");
            printf("   %s\n", cli_safe(p->changes));
            if (upgrade_plan_value(p, value, sizeof value)[0]) printf("   %s\n", cli_safe(value));
        }
        if (u.n_plans) {
            printf("Plans keep the parts owned where they serve; each is the fewest cards of one GPU model that "
                   "hold the job, with the parts it then needs (a plan that costs more than --budget-usd is left "
                   "out); cheapest first.\n");
            if (to_stdout) printf("Plan 1 written to standard output\n");
            else if (outfile) printf("Plan 1 written to %s\n", cli_safe(outfile));
        }
    }
    cli_release_stdout(doc_out);
    upgrade_free(&u);
    build_free(&machine);
    return status;
}

/* --from FILE [--pin LIST]: the advisor again for the build's (overridden)
 * requirements, keeping its pinned parts (whatif_readvise_by).  Prints the
 * re-advised build, writes it to outfile when given; returns the exit
 * status. */
static int readvise(dlrig_catalog *cat, const char *path, const dlrig_build *from, const bool *pinned,
                    const dlrig_requirements *req, dlrig_objective obj, int top, bool json, const char *outfile,
                    bool force)
{
    char err[512], pins[256];
    pins_text(pinned, pins, sizeof pins);
    dlrig_readvice rv;
    int rc = whatif_readvise_by(cat, req, obj, from, pinned, top < 1 ? 1 : top, &rv, err, sizeof err);
    if (rc != 0) {
        whatif_readvice_free(&rv);
        cli_error("recommend --from %s: %s", cli_file(path), err[0] ? err : "no build meets the requirements");
        if (rc == -2) return EXIT_USAGE;
        char what[2048];
        double cheapest;
        advisor_why_none(cat, req, &cheapest, what, sizeof what);
        if (what[0]) fprintf(stderr, "%s\n", cli_safe(what));
        return EXIT_FINDINGS;
    }
    dlrig_report rep = {0};
    dlrig_placement pl;
    place_build(&rv.build, &pl);
    rules_check_placed(cat, &rv.build, &pl, &rep);
    dlrig_estimate est;
    char e2[128];
    bool have_est = perf_estimate(cat, &rv.build, &pl, NULL, &est, e2, sizeof e2) == 0;
    int status = EXIT_OK;
    bool to_stdout = outfile && strcmp(outfile, "-") == 0;
    FILE *doc_out = to_stdout ? cli_claim_stdout() : NULL; /* the listing goes to standard error */
    if (outfile) {
        char *text = build_to_text(&rv.build);
        status = cli_write_output("recommend", outfile, text, strlen(text), force, doc_out);
        free(text);
    }
    if (status != EXIT_OK) {
        /* said */
    } else if (json) {
        cJSON *doc = cJSON_CreateObject();
        cJSON_AddStringToObject(doc, "from", path);
        cJSON *pa = cJSON_AddArrayToObject(doc, "pinned");
        for (int c = 0; c < DLRIG_CAT_COUNT; c++)
            if (pinned[c]) cJSON_AddItemToArray(pa, cJSON_CreateString(category_name((dlrig_category)c)));
        add_objective(doc, obj);
        cJSON_AddNumberToObject(doc, "pick", (double)rv.pick + 1);
        cJSON_AddNumberToObject(doc, "errors", (double)rv.errors);
        cJSON_AddNumberToObject(doc, "price_usd", round(rep.totals.price_usd * 100) / 100);
        if (have_est) cJSON_AddItemToObject(doc, "estimate", estimate_to_json(&est));
        else cJSON_AddNullToObject(doc, "estimate");
        cJSON *check = report_to_json(&rv.build, &rep);
        char today[8];
        market_annotate_prices(cat, &rv.build, check, price_today(today));
        cJSON_AddItemToObject(doc, "check", check);
        cJSON_AddItemToObject(doc, "build", build_to_json(&rv.build));
        cJSON *arr = cJSON_AddArrayToObject(doc, "recommendations");
        for (size_t i = 0; i < rv.n; i++) cJSON_AddItemToArray(arr, rec_to_json(cat, &rv.recs[i], i, NULL));
        cli_print_doc(&CLI_DOC_RECOMMEND, doc);
    } else {
        char price[32];
        printf("Re-advised %s from the advisor's build %zu of %zu%s%s%s\n", cli_file(path), rv.pick + 1, rv.n,
               pins[0] ? " (kept: " : "", pins, pins[0] ? ")" : "");
        printf("%s — %s", cli_safe(rv.build.name ? rv.build.name : "build"),
               format_usd(rep.totals.price_usd, price, sizeof price));
        char sp[64];
        if (have_est) printf(", %s", cli_safe(format_speed(est.throughput, est.unit, sp, sizeof sp)));
        printf("\n");
        for (size_t k = 0; k < rv.build.n_items; k++) {
            const dlrig_item *it = &rv.build.items[k];
            printf("   %3d x %s %-13s %10s%s\n", it->qty, cli_padded(cli_safe(it->part->name), 44), category_name(it->part->category),
                   it->owned ? "owned" : format_usd(build_line_usd(&rv.build, it) * it->qty, price, sizeof price),
                   pinned[it->part->category] ? "  (kept)" : "");
        }
        size_t warn = rep.counts[DLRIG_SEV_WARNING], info = rep.counts[DLRIG_SEV_INFO];
        if (warn || info || rv.errors)
            printf("   findings: %zu error%s, %zu warning%s, %zu info (dlrig check for details)\n", rv.errors,
                   rv.errors == 1 ? "" : "s", warn, warn == 1 ? "" : "s", info);
        printf("Objective: %s.\n", advisor_objective_rule(obj));
        if (to_stdout) printf("Re-advised build written to standard output\n");
        else if (outfile) printf("Re-advised build written to %s\n", cli_safe(outfile));
    }
    if (status == EXIT_OK && rv.errors) {
        cli_error("recommend --from %s: the kept parts (%s) fit none of the advisor's %zu build%s without an error; "
                  "%zu error-level finding%s remain%s", cli_file(path), pins, rv.n, rv.n == 1 ? "" : "s", rv.errors,
                  rv.errors == 1 ? "" : "s", rv.errors == 1 ? "s" : "");
        status = EXIT_FINDINGS;
    }
    cli_release_stdout(doc_out); /* the listing went to standard error */
    report_free(&rep);
    whatif_readvice_free(&rv);
    return status;
}

static int recommend_main(cli_ctx *ctx, int argc, char **argv, dlrig_build *from);

int cmd_recommend(cli_ctx *ctx, int argc, char **argv)
{
    dlrig_build from; /* --from's build, read before the options that override its requirements */
    build_init(&from, NULL);
    int status = recommend_main(ctx, argc, argv, &from);
    build_free(&from);
    return status;
}

enum { O_JSON = 256, O_LIST_PRESETS, O_OBJECTIVE, O_TIERS, O_FROM, O_PIN, O_FORCE };
const struct option cli_recommend_opts[] = {{"top", required_argument, NULL, 'k'},
                                            {"json", no_argument, NULL, O_JSON},
                                            {"output", required_argument, NULL, 'o'},
                                            {"force", no_argument, NULL, O_FORCE},
                                            {"preset", required_argument, NULL, 'p'},
                                            {"list-presets", no_argument, NULL, O_LIST_PRESETS},
                                            {"objective", required_argument, NULL, O_OBJECTIVE},
                                            {"tiers", no_argument, NULL, O_TIERS},
                                            {"from", required_argument, NULL, O_FROM},
                                            {"pin", required_argument, NULL, O_PIN},
                                            {"help", no_argument, NULL, 'h'},
                                            {NULL, 0, NULL, 0}};
const cli_optvalue cli_recommend_values[] = {{"output", CLI_V_OUTPUT}, {"preset", CLI_V_PRESET},
                                             {"objective", CLI_V_OBJECTIVE}, {"from", CLI_V_JSON},
                                             {"pin", CLI_V_CATEGORIES}, {NULL, CLI_V_NONE}};

static int recommend_main(cli_ctx *ctx, int argc, char **argv, dlrig_build *from)
{
    cli_reqopts ro;
    cli_reqopts_build(&ro, NULL, cli_recommend_opts, "k:o:p:h");
    dlrig_requirements req;
    requirements_init(&req);
    /* A preset gives the starting requirements; every other option overrides
     * it, wherever it stands on the command line, so it is read first. */
    const char *preset_arg = NULL, *from_arg = NULL;
    bool list_presets = false;
    for (int i = 1; i < argc && strcmp(argv[i], "--") != 0; i++) {
        if ((!strcmp(argv[i], "--preset") || !strcmp(argv[i], "-p")) && i + 1 < argc) preset_arg = argv[++i];
        else if (!strncmp(argv[i], "--preset=", 9)) preset_arg = argv[i] + 9;
        else if (!strcmp(argv[i], "--from") && i + 1 < argc) from_arg = argv[++i];
        else if (!strncmp(argv[i], "--from=", 7)) from_arg = argv[i] + 7;
        else if (!strcmp(argv[i], "--list-presets")) list_presets = true;
    }
    if (preset_arg && from_arg && !list_presets) {
        cli_error("recommend: --preset and --from both give the starting requirements; use one of them");
        return EXIT_USAGE;
    }
    if (from_arg && !list_presets) {
        if (!*from_arg) {
            cli_error("recommend: --from: expected a build file, got an empty name");
            return EXIT_USAGE;
        }
        dlrig_catalog *fcat = cli_catalog(ctx);
        if (!fcat) return EXIT_IO;
        char ferr[1024];
        build_free(from); /* build_load initialises it afresh */
        int rc = build_load(fcat, from_arg, from, ferr, sizeof ferr);
        if (rc != DLRIG_BUILD_OK) {
            cli_error("recommend --from: %s", ferr);
            return rc == DLRIG_BUILD_EIO ? EXIT_IO : EXIT_USAGE;
        }
        req = from->req;
    }
    bool pinned[DLRIG_CAT_COUNT] = {false}, pin_given = false;
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
    bool top_given = false;
    dlrig_objective objective = DLRIG_OBJ_SPEED;
    bool tiers = false, objective_given = false;
    bool nodes_given = false;
    bool json = false, force = false;
    const char *outfile = NULL;
    int c;
    double v = 0;
    char err[512];
    optind = 0;
    while ((c = cli_getopt(argc, argv, ro.shortopts, ro.opts, "recommend")) != -1) {
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
            top_given = true;
            break;
        case O_JSON: json = true; break;
        case O_FORCE: force = true; break;
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
        case O_FROM: break; /* read above */
        case O_PIN:
            if (parse_pins(optarg, pinned) != 0) return EXIT_USAGE;
            pin_given = true;
            break;
        case 'o':
            if (!*optarg) {
                cli_error("-o: expected a file name, got an empty one");
                return EXIT_USAGE;
            }
            outfile = optarg;
            break;
        case 'h': usage(ctx, stdout); return EXIT_OK;
        default: return EXIT_USAGE;
        }
    }
    if (optind < argc) {
        cli_error("recommend: unexpected argument '%s'", argv[optind]);
        return EXIT_USAGE;
    }
    if (list_presets) return list_all_presets(ctx, json);
    if (outfile && json && strcmp(outfile, "-") == 0) {
        cli_error("recommend: --json and -o - would both write to standard output; give -o FILE");
        return EXIT_USAGE;
    }
    /* refuse before the search, as export and fix do */
    if (!cli_output_free("recommend", outfile, force)) return EXIT_USAGE;
    if (pin_given && !from_arg) {
        cli_error("recommend: --pin keeps parts of a saved build; give it with --from BUILD.json");
        return EXIT_USAGE;
    }
    if (from_arg && tiers) {
        cli_error("recommend: --tiers and --from: re-advising a build gives one build; drop --tiers");
        return EXIT_USAGE;
    }
    for (int k = 0; k < DLRIG_CAT_COUNT && from_arg; k++)
        if (pinned[k] && build_count(from, (dlrig_category)k) == 0) {
            cli_error("recommend: --pin %s: %s has no %s to keep", category_name((dlrig_category)k),
                      cli_file(from_arg), category_name((dlrig_category)k));
            return EXIT_USAGE;
        }
    if (!req.workload[0]) {
        strbuf valid = {0};
        requirements_describe(requirements_field("workload"), cli_catalog(ctx), &valid);
        if (from_arg) cli_error("recommend: %s names no workload; give --workload (%s)", cli_file(from_arg), valid.s);
        else cli_error("recommend: --workload is required (%s)", valid.s);
        sb_free(&valid);
        return EXIT_USAGE;
    }
    if (isnan(req.budget_usd)) {
        if (from_arg) cli_error("recommend: %s names no budget; give --budget-usd", cli_file(from_arg));
        else cli_error("recommend: --budget-usd is required");
        return EXIT_USAGE;
    }
    if (tiers && objective_given) {
        cli_error("recommend: --tiers picks the fastest build for each share of the budget; drop --objective");
        return EXIT_USAGE;
    }
    dlrig_catalog *cat = cli_catalog(ctx);
    if (!cat) return EXIT_IO;
    bool any_pin = false;
    for (int k = 0; k < DLRIG_CAT_COUNT; k++) any_pin |= pinned[k];
    if (from_arg && !any_pin && build_owned_lines(from) > 0)
        return upgrade(cat, from_arg, from, &req, top_given ? top : 5, json, outfile, force);
    if (from_arg) {
        /* the builds the pinned parts are tried in: as many as the builder's re-advise tries unless -k says */
        return readvise(cat, from_arg, from, pinned, &req, objective, top_given ? top : 8, json, outfile, force);
    }
    dlrig_recommendation *recs = NULL;
    size_t n;
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
            cli_print_doc(&CLI_DOC_RECOMMEND, doc);
        }
        cli_error("%s", err);
        if (what[0] && !json) fprintf(stderr, "%s\n", cli_safe(what));
        size_t unpriced = catalog_unpriced_count(cat);
        if (unpriced && !json)
            fprintf(stderr, "%zu catalog part%s without a price could not be considered (dlrig parts --unpriced lists "
                    "them)\n", unpriced, unpriced == 1 ? "" : "s");
        return EXIT_FINDINGS;
    }
    bool to_stdout = outfile && strcmp(outfile, "-") == 0;
    FILE *doc_out = to_stdout ? cli_claim_stdout() : NULL; /* -o -: the listing goes to standard error */
    if (preset_arg && !json) printf("Preset %s: %s\n  %s\n\n", preset.name, preset.title, preset.story);
    if (outfile) {
        /* a build saved from a preset carries the scenario's title; of the tiers (cheapest first) the
         * Best, with its "tier" (the others: --json, each build with its tier) */
        dlrig_build saved = recs[tiers ? n - 1 : 0].build;
        if (preset_arg) {
            saved.name = preset.title;
            saved.name_from = DLRIG_NAME_USER; /* the scenario's title stays */
        }
        char *text = build_to_text(&saved);
        int wr = cli_write_output("recommend", outfile, text, strlen(text), force, doc_out);
        free(text);
        if (wr != EXIT_OK) {
            cli_release_stdout(doc_out);
            if (tiers) {
                free(recs);
                compare_tiers_free(&tr);
            } else {
                recommendations_free(recs, n);
            }
            return wr;
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
        for (size_t i = 0; i < n; i++) cJSON_AddItemToArray(arr, rec_to_json(cat, &recs[i], i, tiers ? tr.label[i] : NULL));
        cli_print_doc(&CLI_DOC_RECOMMEND, doc);
    } else {
        for (size_t i = 0; i < n; i++) {
            const dlrig_recommendation *r = &recs[i];
            char price[32], sp[64];
            if (tiers) printf("%s: ", tr.label[i]);
            else printf("%zu. ", i + 1);
            printf("%s — %s", cli_safe(r->build.name), format_usd(r->price_usd, price, sizeof price));
            if (tiers && req.budget_usd > 0) printf(" (%.0f%% of the budget)", 100 * r->price_usd / req.budget_usd);
            printf(", %s", cli_safe(format_speed(r->estimate.throughput, r->estimate.unit, sp, sizeof sp)));
            char ep[48];
            if (!isnan(r->estimate.epoch_hours))
                printf(", %s per epoch", format_hours(r->estimate.epoch_hours, ep, sizeof ep));
            printf("\n   %s\n", cli_safe(r->why));
            for (size_t k = 0; k < r->build.n_items; k++) {
                const dlrig_item *it = &r->build.items[k];
                char used[160];
                dlrig_price pr = build_line_price(&r->build, it);
                printf("   %3d x %s %-13s %10s", it->qty, cli_padded(cli_safe(it->part->name), 44), category_name(it->part->category),
                       format_usd(pr.usd * it->qty, price, sizeof price));
                if (price_label(&pr, used, sizeof used)) printf("  (%s)", cli_safe(used));
                else if (price_known(&pr) && pr.date) printf("  %.7s", pr.date);
                printf("\n");
            }
            char today[8], age[160];
            if (*price_age_note(r->report.totals.oldest_price_date, price_today(today), age, sizeof age)) {
                printf("   %s\n", age);
                cli_market_moves(cat, &r->build, 5, cli_term_width());
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
        if (tiers) {
            char b1[32], b2[32], b3[32];
            printf("Good, Better, Best: the fastest build for at most %s, %s and %s (%.0f%%, %.0f%% and 100%% of the "
                   "budget), each with other GPUs than the tier above and slower than it beyond the %.0f%% tie band; "
                   "a tier that would be the same choice as the one above is looked for under its price.\n%s.\n",
                   format_usd(floor(req.budget_usd * DLRIG_TIER_GOOD_SHARE), b1, sizeof b1),
                   format_usd(floor(req.budget_usd * DLRIG_TIER_BETTER_SHARE), b2, sizeof b2),
                   format_usd(req.budget_usd, b3, sizeof b3), DLRIG_TIER_GOOD_SHARE * 100,
                   DLRIG_TIER_BETTER_SHARE * 100, ADVISOR_TIE_TOLERANCE * 100,
                   advisor_objective_rule(DLRIG_OBJ_SPEED));
        } else
            printf("Objective: %s.\n", advisor_objective_rule(objective));
        if (to_stdout) printf("Best build written to standard output\n");
        else if (outfile) printf("Best build written to %s\n", cli_safe(outfile));
    }
    cli_release_stdout(doc_out); /* the listing went to standard error */
    if (tiers) {
        free(recs);
        compare_tiers_free(&tr);
    } else {
        recommendations_free(recs, n);
    }
    return EXIT_OK;
}
