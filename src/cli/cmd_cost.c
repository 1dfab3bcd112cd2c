/* `dlrig cost`: buy or rent (cost.h). */
#include <cjson/cJSON.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "dlrig/build.h"
#include "dlrig/cost.h"
#include "dlrig/format.h"
#include "dlrig/perf.h"

enum { OPT_KWH = 3000, OPT_HOURS, OPT_YEARS, OPT_UTIL, OPT_CLOUD };

static const char usage_text[] =
    "Usage: dlrig cost BUILD.json [--kwh-price P] [--hours-per-day H] [--years Y] [--utilisation U]\n"
    "                  [--cloud PROVIDER|all] [--workload W] [options] [--json]\n"
    "Buy or rent: what owning the build costs (purchase, electricity at the wall for the workload)\n"
    "against renting cloud GPU instances that do the same work, with the break-even.\n\n"
    "  --kwh-price P       electricity price in USD per kWh (default 0.19)\n"
    "  --hours-per-day H   hours a day the machine runs the workload, above 0 and at most 24 (default 8)\n"
    "  --years Y           years the machine is used, above 0 and at most 20 (default 3)\n"
    "  --utilisation U     share of those hours the GPUs run at the estimated speed, above 0 and at\n"
    "                      most 1 (default 1)\n"
    "  --cloud PROVIDER    only this provider's rates (Lambda, RunPod, AWS, Azure, ...), or all (default)\n"
    "  --json              one JSON document\n\n"
    "Requirements that override the build's own (--workload: the work to cost):";

static int cmp_offer(const void *a, const void *b)
{
    const dlrig_cost_offer *x = a, *y = b;
    double tx = x->fits && isfinite(x->total_usd) ? x->total_usd : INFINITY;
    double ty = y->fits && isfinite(y->total_usd) ? y->total_usd : INFINITY;
    if (tx != ty) return tx < ty ? -1 : 1;
    return strcmp(x->rate->id, y->rate->id);
}

static const char *months_text(double m, char *buf, size_t n)
{
    if (isnan(m)) snprintf(buf, n, "-");
    else if (isinf(m)) snprintf(buf, n, "never");
    else if (m < 1) snprintf(buf, n, "under 1 month");
    else snprintf(buf, n, "%.1f months", m);
    return buf;
}

/* Dollars with cents where they matter: "$0.46", "$0.0031", "$1,234". */
static const char *money(double v, char *buf, size_t n)
{
    if (!isfinite(v)) snprintf(buf, n, "-");
    else if (v >= 100) format_usd(v, buf, n);
    else if (v >= 0.01 || v == 0) snprintf(buf, n, "$%.2f", v);
    else snprintf(buf, n, "$%.4f", v);
    return buf;
}

static void print_text(const dlrig_catalog *cat, const dlrig_build *b, dlrig_cost *c)
{
    const dlrig_cost_own *o = &c->own;
    const dlrig_cost_assumptions *a = &c->a;
    char s1[64], s2[64], s3[64], label[256];
    const char *unit_word = strncmp(c->est.unit, "tokens", 6) == 0 ? "tokens" : "samples";
    printf("%s — %s (%s), %s\n", cli_safe(b->name), c->est.workload,
           cli_safe(estimate_model_label(&c->est, label, sizeof label)),
           format_speed(o->throughput, c->est.unit, s1, sizeof s1));
    if (!c->fits)
        printf("  note: the model does not fit this build's GPUs; the speed is the model's estimate all the same\n");
    printf("\nAssumptions (change them with --kwh-price, --hours-per-day, --years, --utilisation)\n");
    printf("  electricity   $%.3f per kWh\n", a->kwh_usd);
    printf("  work          %g h a day x 365 days x %g%% utilisation = %s h a year, for %g year%s\n",
           a->hours_per_day, a->utilisation * 100, format_number(o->work_hours_per_year, 0, s1, sizeof s1), a->years,
           a->years == 1 ? "" : "s");
    printf("  wall draw     %s W while working (%s); idle draw not counted\n",
           format_number(o->wall_w, 0, s1, sizeof s1), c->load_assumption ? c->load_assumption : "");
    printf("  cloud         instances rented only for the hours the same work takes on them, at the rate\n"
           "                shown; their speed is the performance model's for their GPUs; an instance\n"
           "                slower than the build keeps pace only as several instances at once\n");
    printf("  not counted   resale value, financing, storage, data transfer, space, cooling, staff time\n");

    printf("\nOwn\n");
    printf("  purchase      %s%s", format_usd(o->purchase_usd, s1, sizeof s1),
           c->unpriced_parts ? " (some parts unpriced: a lower bound)" : "");
    if (c->owned_parts) printf(" (%d owned part%s not counted)", c->owned_parts, c->owned_parts == 1 ? "" : "s");
    printf("\n");
    printf("  electricity   %s a year (%s kWh)\n", money(o->electricity_per_year, s1, sizeof s1),
           format_number(o->kwh_per_year, 0, s2, sizeof s2));
    printf("  total         %s over %g year%s: %s an hour of work, %s per million %s\n",
           format_usd(o->total_usd, s1, sizeof s1), a->years, a->years == 1 ? "" : "s",
           money(o->usd_per_hour, s2, sizeof s2), money(o->usd_per_million, s3, sizeof s3), unit_word);
    if (isfinite(o->usd_per_run))
        printf("  per epoch     %s (%s)\n", money(o->usd_per_run, s1, sizeof s1),
               format_hours(o->epoch_hours, s2, sizeof s2));

    printf("\nRent the same work\n");
    if (!c->n_offers) {
        printf("  no cloud rates in the catalog\n");
        return;
    }
    qsort(c->offers, c->n_offers, sizeof *c->offers, cmp_offer);
    char total_head[32];
    snprintf(total_head, sizeof total_head, "%g-year cost", a->years);
    static const bool right[] = {false, false, false, false, true, false, true, true, true, true, true, true};
    const char *heads[] = {"Provider", "Offer", "GPUs", "Kind", "$/hour", "Date", "Speed", "Hours/year", "$/year",
                           total_head, "$/M", "Break-even"};
    cli_table *t = table_new(12, heads, right);
    const dlrig_cost_offer *best = NULL;
    for (size_t i = 0; i < c->n_offers; i++) {
        const dlrig_cost_offer *f = &c->offers[i];
        const dlrig_cloud_rate *r = f->rate;
        const dlrig_part *gp = catalog_find(cat, r->gpu_id);
        char gpus[160], rate[32], speed[32], hours[32], year[32], total[32], per_m[32], be[32];
        snprintf(gpus, sizeof gpus, "%d x %s", r->gpu_count, gp && gp->name ? gp->name : r->gpu_id);
        snprintf(rate, sizeof rate, "$%.2f", r->usd_per_hour);
        if (!f->fits || !isfinite(f->hours_ratio)) {
            snprintf(speed, sizeof speed, "%s", f->fits ? "-" : "no fit");
            const char *cells[] = {r->provider, r->offer, gpus, r->kind, rate, r->rate_date, speed, "-", "-", "-", "-",
                                   "-"};
            table_row(t, cells);
            continue;
        }
        if (!best) best = f; /* sorted: the cheapest that fits first */
        snprintf(speed, sizeof speed, "%.2fx", 1.0 / f->hours_ratio);
        format_number(f->hours_per_year, 0, hours, sizeof hours);
        format_usd(f->usd_per_year, year, sizeof year);
        format_usd(f->total_usd, total, sizeof total);
        money(f->usd_per_million, per_m, sizeof per_m);
        months_text(f->breakeven_months, be, sizeof be);
        const char *cells[] = {r->provider, r->offer, gpus, r->kind, rate, r->rate_date, speed, hours, year, total,
                               per_m, be};
        table_row(t, cells);
    }
    table_print(t, cli_term_width(), 2, 11);
    table_free(t);
    printf("  Speed: the instance against this build (2.00x: it does an hour of the build's work in 30 min).\n"
           "  $/M: per million %s on the instance. Break-even: months of work after which owning costs less\n"
           "  (purchase against rent saved less electricity); \"never\" when renting costs no more than the power.\n",
           unit_word);
    if (best) {
        char y[32], m[32], t2[32];
        printf("\nCheapest rent for this work: %s %s (%s) at %s a year, %s over %g year%s against %s to own.\n",
               best->rate->provider, best->rate->offer, best->rate->kind, format_usd(best->usd_per_year, y, sizeof y),
               format_usd(best->total_usd, t2, sizeof t2), a->years, a->years == 1 ? "" : "s",
               format_usd(o->total_usd, s1, sizeof s1));
        if (isnan(best->breakeven_months)) printf("No break-even: the build has no price.\n");
        else if (isinf(best->breakeven_months))
            printf("Owning never pays back against it: renting costs less than the electricity.\n");
        else
            printf("Owning pays back after %s of this work%s.\n", months_text(best->breakeven_months, m, sizeof m),
                   best->breakeven_months <= a->years * 12 ? "" : ", longer than the years assumed");
    }
    printf("\nRates (per instance-hour, as the source published them)\n");
    for (size_t i = 0; i < c->n_offers; i++) {
        const char *sid = c->offers[i].rate->source;
        bool seen = false;
        for (size_t j = 0; j < i; j++)
            if (strcmp(c->offers[j].rate->source, sid) == 0) seen = true;
        if (seen) continue;
        const dlrig_source *s = catalog_source(cat, sid);
        printf("  %s: %s\n    %s\n", sid, s && s->title ? cli_safe(s->title) : "",
               s && s->url ? cli_safe(s->url) : "");
    }
}

const struct option cli_cost_opts[] = {
    {"json", no_argument, NULL, 'j'},           {"help", no_argument, NULL, 'h'},
    {"kwh-price", required_argument, NULL, OPT_KWH}, {"hours-per-day", required_argument, NULL, OPT_HOURS},
    {"years", required_argument, NULL, OPT_YEARS},   {"utilisation", required_argument, NULL, OPT_UTIL},
    {"utilization", required_argument, NULL, OPT_UTIL}, {"cloud", required_argument, NULL, OPT_CLOUD},
    {NULL, 0, NULL, 0}};
const cli_optvalue cli_cost_values[] = {{NULL, CLI_V_NONE}};

int cmd_cost(cli_ctx *ctx, int argc, char **argv)
{
    cli_reqopts ro;
    cli_reqopts_build(&ro, cli_override_keys(), cli_cost_opts, "h");
    dlrig_requirements over;
    requirements_init(&over);
    dlrig_cost_assumptions a;
    cost_assumptions_default(&a);
    const char *cloud = NULL;
    bool json = false;
    int c;
    optind = 0;
    while ((c = cli_getopt(argc, argv, ro.shortopts, ro.opts, "cost")) != -1) {
        int got = cli_reqopts_apply(ctx, &ro, c, optarg, &over, NULL);
        if (got < 0) return EXIT_USAGE;
        if (got > 0) continue;
        switch (c) {
        case 'j': json = true; break;
        case 'h':
            puts(usage_text);
            cli_req_usage(ctx, stdout, cli_override_keys());
            return EXIT_OK;
        case OPT_KWH:
            if (!cli_parse_number(optarg, &a.kwh_usd) || !(a.kwh_usd >= 0 && a.kwh_usd <= 10)) {
                cli_error("--kwh-price: expected a price in USD per kWh from 0 to 10, got '%s'", optarg);
                return EXIT_USAGE;
            }
            break;
        case OPT_HOURS:
            if (cli_number_opt("--hours-per-day", optarg, 0, 24, &a.hours_per_day)) return EXIT_USAGE;
            break;
        case OPT_YEARS:
            if (cli_number_opt("--years", optarg, 0, 20, &a.years)) return EXIT_USAGE;
            break;
        case OPT_UTIL:
            if (cli_number_opt("--utilisation", optarg, 0, 1, &a.utilisation)) return EXIT_USAGE;
            break;
        case OPT_CLOUD: cloud = optarg; break;
        default: return EXIT_USAGE;
        }
    }
    if (optind + 1 != argc) {
        cli_error("cost: expected one BUILD.json (dlrig cost --help)");
        return EXIT_USAGE;
    }
    dlrig_catalog *cat = cli_catalog(ctx);
    if (!cat) return EXIT_IO;
    if (cloud && strcmp(cloud, "all") != 0 && !cost_provider_known(cat, cloud)) {
        size_t n;
        const dlrig_cloud_rate *r = catalog_cloud_rates(cat, &n);
        char known[256] = "";
        for (size_t i = 0; i < n; i++) {
            bool seen = false;
            for (size_t j = 0; j < i; j++)
                if (strcmp(r[j].provider, r[i].provider) == 0) seen = true;
            if (seen) continue;
            size_t len = strlen(known);
            snprintf(known + len, sizeof known - len, "%s%s", len ? ", " : "", r[i].provider);
        }
        cli_error("--cloud: no rates of provider '%s' in the catalog; expected one of %s, or all", cloud, known);
        return EXIT_USAGE;
    }
    dlrig_build b;
    char err[1024];
    int rc = build_load(cat, argv[optind], &b, err, sizeof err);
    if (rc != DLRIG_BUILD_OK) {
        cli_error("%s", err);
        build_free(&b);
        return rc == DLRIG_BUILD_EIO ? EXIT_IO : EXIT_USAGE;
    }
    const char *workload = over.workload[0] ? over.workload : NULL;
    dlrig_requirements llm = over;
    llm.workload[0] = '\0';
    requirements_overlay(&b.req, &llm);
    dlrig_cost cost;
    if (cost_compute(cat, &b, workload, &a, cloud, &cost, err, sizeof err) != 0) {
        cli_error("%s: %s", argv[optind], err);
        build_free(&b);
        return EXIT_USAGE;
    }
    if (json) {
        cJSON *doc = cost_to_json(cat, &cost);
        cJSON_AddStringToObject(doc, "name", b.name ? b.name : "");
        cli_print_doc(&CLI_DOC_COST, doc);
    } else {
        print_text(cat, &b, &cost);
    }
    cost_free(&cost);
    build_free(&b);
    return EXIT_OK;
}
