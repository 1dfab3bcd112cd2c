/* `dlrig check` and `dlrig estimate`. */
#include <cjson/cJSON.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "dlrig/build.h"
#include "dlrig/place.h"
#include "dlrig/fix.h"
#include "dlrig/market.h"
#include "dlrig/perf.h"
#include "dlrig/power.h"
#include "dlrig/query.h"
#include "dlrig/rules.h"
#include "dlrig/util.h"

/* Loads BUILD.json; returns an exit status (0 on success). */
static int load(cli_ctx *ctx, const char *path, dlrig_build *b)
{
    dlrig_catalog *cat = cli_catalog(ctx);
    if (!cat) return EXIT_IO;
    char err[1024];
    int rc = build_load(cat, path, b, err, sizeof err);
    if (rc != DLRIG_BUILD_OK) {
        cli_error("%s", err);
        build_free(b);
        return rc == DLRIG_BUILD_EIO ? EXIT_IO : EXIT_USAGE;
    }
    return EXIT_OK;
}

static const char *sev_color(dlrig_severity s)
{
    return s == DLRIG_SEV_ERROR ? "\033[1;31m" : s == DLRIG_SEV_WARNING ? "\033[1;33m" : "\033[36m";
}

/* --power-limit-w N: every GPU line of b limited to N W (what-if; the file is
 * not changed).  Returns EXIT_OK or EXIT_USAGE with a message. */
#define OPT_POWER_LIMIT 0x7001
static int apply_power_limit(const char *cmd, const char *arg, dlrig_build *b)
{
    double v;
    if (!cli_parse_number(arg, &v) || v != floor(v) || v < 1) {
        cli_error("%s: --power-limit-w: expected a whole number of watts, got '%s'", cmd, arg);
        return EXIT_USAGE;
    }
    bool any = false;
    for (size_t i = 0; i < b->n_items; i++) {
        const dlrig_part *p = b->items[i].part;
        if (p->category != DLRIG_CAT_GPU) continue;
        const dlrig_gpu *g = (const dlrig_gpu *)p;
        if (g->tdp_w != DLRIG_NA && g->tdp_w > 0 && v > g->tdp_w) {
            cli_error("%s: --power-limit-w: %.0f W is above the %d W rating of %s", cmd, v, g->tdp_w, p->name);
            return EXIT_USAGE;
        }
        build_set_power_limit(b, p, (int)v);
        any = true;
    }
    if (!any) {
        cli_error("%s: --power-limit-w: the build has no GPU to limit", cmd);
        return EXIT_USAGE;
    }
    return EXIT_OK;
}

/* The command line of `dlrig CMD BUILD.json [requirement overrides] [--json]`:
 * returns -1 with *b loaded (the caller frees it), *over holding the
 * overrides and *json set; else the exit status to return (EXIT_OK after
 * --help, which prints usage and the override options).  --power-limit-w N
 * applies N W to every GPU line of the loaded build. */
const struct option cli_check_opts[] = {{"json", no_argument, NULL, 'j'},
                                        {"help", no_argument, NULL, 'h'},
                                        {"power-limit-w", required_argument, NULL, OPT_POWER_LIMIT},
                                        {NULL, 0, NULL, 0}};
const cli_optvalue cli_check_values[] = {{NULL, CLI_V_NONE}};

static int open_build(cli_ctx *ctx, int argc, char **argv, const char *cmd, const char *usage,
                      dlrig_requirements *over, bool *json, dlrig_build *b)
{
    cli_reqopts ro;
    cli_reqopts_build(&ro, cli_override_keys(), cli_check_opts, "h");
    requirements_init(over);
    const char *limit = NULL;
    int c;
    optind = 0;
    while ((c = cli_getopt(argc, argv, ro.shortopts, ro.opts, cmd)) != -1) {
        int got = cli_reqopts_apply(ctx, &ro, c, optarg, over, NULL);
        if (got < 0) return EXIT_USAGE;
        if (got > 0) continue;
        if (c == 'j') *json = true;
        else if (c == OPT_POWER_LIMIT) limit = optarg;
        else if (c == 'h') {
            puts(usage);
            cli_req_usage(ctx, stdout, cli_override_keys());
            return EXIT_OK;
        } else return EXIT_USAGE;
    }
    if (optind + 1 != argc) {
        cli_error("%s: expected one BUILD.json", cmd);
        return EXIT_USAGE;
    }
    int rc = load(ctx, argv[optind], b);
    if (!rc && limit && (rc = apply_power_limit(cmd, limit, b)) != EXIT_OK) build_free(b);
    return rc ? rc : -1;
}

int cmd_check(cli_ctx *ctx, int argc, char **argv)
{
    static const char usage[] =
        "Usage: dlrig check BUILD.json [options] [--power-limit-w N] [--json]\n"
        "Check a build: compatibility, power, cooling, memory and advice.\n"
        "--power-limit-w N checks it with every GPU limited to N W (nvidia-smi -pl N).\n"
        "Exit status 0 when no error-level finding, 1 when there is one, 2 bad input, 3 I/O.\n\n"
        "Requirements that override the build's own:";
    dlrig_requirements over;
    dlrig_build b;
    bool json = false;
    int rc = open_build(ctx, argc, argv, "check", usage, &over, &json, &b);
    if (rc >= 0) return rc;
    requirements_overlay(&b.req, &over);
    dlrig_report rep = {0};
    rules_check(ctx->cat, &b, &rep);
    int status = rep.counts[DLRIG_SEV_ERROR] ? EXIT_FINDINGS : EXIT_OK;
    if (json) {
        cJSON *doc = report_to_json(&b, &rep);
        fix_annotate_json(ctx->cat, &b, &rep, doc, 3);
        char today[8];
        market_annotate_prices(ctx->cat, &b, doc, price_today(today)); /* lines priced long ago, markets moved */
        cli_print_doc(&CLI_DOC_CHECK, doc);
    } else {
        bool color = cli_use_color(STDOUT_FILENO);
        /* on a terminal, lines wrap at its width between words, continued under their text; piped, one line each */
        int width = cli_term_width();
        const dlrig_totals *t = &rep.totals;
        char price[80];
        printf("%s\n", cli_safe(b.name));
        strbuf line = {0};
        char owned[64] = "";
        if (t->owned_parts)
            snprintf(owned, sizeof owned, " (%d owned part%s not counted)", t->owned_parts,
                     t->owned_parts == 1 ? "" : "s");
        sb_printf(&line, "%s%s%s, %d GPU%s, %.0f GB VRAM, %d GB RAM, %.0f W rated (%.0f W peak), %.0f W at the wall "
                  "running the workload",
                  format_usd(t->price_usd, price, sizeof price), t->unpriced_parts ? " (some parts unpriced)" : "",
                  owned,
                  t->gpu_count, t->gpu_count == 1 ? "" : "s", t->vram_gb, t->ram_gb, t->power_w, t->peak_power_w,
                  t->wall_w);
        if (t->nodes > 1) sb_printf(&line, " per node, %d nodes", t->nodes);
        fputs("  ", stdout);
        cli_wrap(stdout, line.s, 2, 4, width);
        sb_free(&line);
        char today[8], age[160];
        if (*price_age_note(t->oldest_price_date, price_today(today), age, sizeof age)) {
            bool stale = color && price_stale(t->oldest_price_date, today);
            printf("  %s", stale ? "\033[1;33m" : "");
            cli_wrap(stdout, age, 2, 4, width);
            if (stale) fputs("\033[0m", stdout); /* after the line: the colour adds no width to wrap */
            cli_market_moves(ctx->cat, &b, 4, width);
        }
        char lim[800];
        if (power_build_limited(&b)) {
            fputs("  power limits: ", stdout);
            cli_wrap(stdout, cli_safe(power_limit_summary(&b, lim, sizeof lim)), 16, 4, width);
        }
        printf("\n");
        /* a finding's text starts after its id (column 31), or under it when the terminal is narrow */
        int text_col = width && width < 31 + 24 ? 4 : 31;
        static const char *const heads[] = {"Info", "Warnings", "Errors"};
        for (int s = DLRIG_SEV_ERROR; s >= DLRIG_SEV_INFO; s--) {
            if (!rep.counts[s]) continue;
            printf("%s%s (%zu)%s\n", color ? sev_color((dlrig_severity)s) : "", heads[s], rep.counts[s],
                   color ? "\033[0m" : "");
            for (size_t i = 0; i < rep.n_findings; i++) {
                const dlrig_finding *f = &rep.findings[i];
                if ((int)f->severity != s) continue;
                const char *on = color ? sev_color(f->severity) : "", *off = color ? "\033[0m" : "";
                if (text_col == 31) printf("  %s%-28s%s ", on, f->id, off);
                else printf("  %s%s%s\n%*s", on, f->id, off, text_col, "");
                cli_wrap(stdout, cli_safe(f->message), text_col, text_col, width);
                dlrig_fix fx;
                if (fix_finding(ctx->cat, &b, &rep, i, DLRIG_FIX_ALL_KINDS, &fx, 1)) {
                    char *fixtext = xasprintf("fix: %s (%s)", cli_safe(fx.summary),
                                              format_price_change(fx.price_delta_usd, fx.price_complete, price,
                                                                  sizeof price));
                    printf("%*s%s", text_col, "", color ? "\033[32m" : "");
                    cli_wrap(stdout, fixtext, text_col, text_col + 5, width);
                    if (color) fputs("\033[0m", stdout);
                    free(fixtext);
                }
            }
            printf("\n");
        }
        if (rep.n_findings == 0) {
            cli_wrap(stdout, "No findings: the rules agree with this build.", 0, 0, width);
            printf("\n");
        }
        cli_wrap(stdout, status ? "Result: will not work as specified (errors above)." : "Result: no errors.", 0, 0,
                 width);
    }
    report_free(&rep);
    build_free(&b);
    return status;
}

int cmd_estimate(cli_ctx *ctx, int argc, char **argv)
{
    static const char usage[] =
        "Usage: dlrig estimate BUILD.json [--workload W] [options] [--power-limit-w N] [--json]\n"
        "Estimated training or inference throughput of a build.\n"
        "--power-limit-w N estimates it with every GPU limited to N W (nvidia-smi -pl N).\n\n"
        "Requirements that override the build's own (--workload: estimate for it):";
    dlrig_requirements over;
    dlrig_build b;
    bool json = false;
    int rc = open_build(ctx, argc, argv, "estimate", usage, &over, &json, &b);
    if (rc >= 0) return rc;
    /* --workload is the workload to estimate for; the rest override the build's requirements */
    const char *workload = over.workload[0] ? over.workload : NULL;
    dlrig_requirements llm = over;
    llm.workload[0] = '\0';
    requirements_overlay(&b.req, &llm);
    dlrig_placement pl;
    place_build(&b, &pl);
    dlrig_estimate e;
    char err[256];
    if (perf_estimate(ctx->cat, &b, &pl, workload, &e, err, sizeof err) != 0) {
        cli_error("%s: %s", argv[optind], err);
        build_free(&b);
        return EXIT_USAGE;
    }
    if (json) {
        cli_print_doc(&CLI_DOC_ESTIMATE, estimate_to_json(&e));
    } else {
        char label[256];
        printf("%s — %s (%s)\n", cli_safe(b.name), e.workload, cli_safe(estimate_model_label(&e, label, sizeof label)));
        char sp[64], pg[64], sc[64];
        printf("  throughput     %s on %d GPU%s (%s per GPU, %s)\n", format_speed(e.throughput, e.unit, sp, sizeof sp),
               e.gpus, e.gpus == 1 ? "" : "s", format_speed(e.per_gpu, NULL, pg, sizeof pg),
               perf_scaling_text(&e, sc, sizeof sc));
        printf("  bound by       %s\n", e.bound);
        char lim[800];
        if (power_build_limited(&b))
            printf("  power limits   %s\n", cli_safe(power_limit_summary(&b, lim, sizeof lim)));
        char ep[48];
        if (!isnan(e.epoch_hours)) printf("  time per epoch %s\n", format_hours(e.epoch_hours, ep, sizeof ep));
        if (!isnan(e.relative)) printf("  vs one RTX 4090  %.2fx\n", e.relative);
        if (e.llm) {
            const dlrig_mem_breakdown *m = &e.memory.per_gpu;
            printf("  memory         %.1f of %.0f GiB a card (%s): %s\n", m->total, e.memory.capacity_gib,
                   e.memory.fits ? "fits" : "does not fit", e.memory.strategy);
            printf("                 weights %.1f, KV cache %.1f, activations %.1f, gradients %.1f, optimizer %.1f, "
                   "overhead %.1f GiB\n", m->weights, m->kv_cache, m->activations, m->gradients, m->optimizer,
                   m->overhead);
        } else {
            printf("  memory needed  %.1f GB per replica; smallest GPU has %.0f GB (%s)\n", e.mem_need_gb, e.vram_gb,
                   e.fits ? "fits" : e.fits_sharded ? "fits only sharded over the GPUs" : "does not fit");
        }
    }
    build_free(&b);
    return EXIT_OK;
}
