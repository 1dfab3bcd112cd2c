/* `dlrig export`: a build as Markdown, CSV, JSON, plain text or an HTML quote;
 * several builds as one quote with options (Markdown or HTML). */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"
#include "dlrig/build.h"
#include "dlrig/export.h"
#include "dlrig/util.h"

static void usage(FILE *f)
{
    fputs("Usage: dlrig export BUILD.json [MORE.json ...] --format md|csv|json|txt|html [-o FILE] [--force] [options]\n"
          "A build with its totals, estimated speed and findings as a document; two or more builds (up to 6,\n"
          "md or html) as one quote offering them as options A, B, C...\n\n"
          "  -f, --format F         md (Markdown parts list), csv (RFC 4180), json (one document),\n"
          "                         txt (aligned plain text), html (a self-contained printable quote)\n"
          "  -o, --output FILE      write FILE (atomically) instead of standard output\n"
          "      --force            replace FILE when it exists (without it, an existing file is kept)\n"
          "      --customer NAME    the customer the quote is for\n"
          "      --project NAME     the project name\n"
          "      --quote-number ID  the quote's number, letters, digits and - _ . / (default Q-YYYYMMDD-XXXX from\n"
          "                         the date and the builds)\n"
          "      --revision N       the quote's revision (default 1)\n"
          "      --valid-days N     days the quote is valid (default 30)\n"
          "      --prices-checked   you re-checked prices older than 6 months: promise the validity anyway\n"
          "                         (without it such a quote says to re-check and promises none)\n"
          "      --discount PCT     discount in percent of the subtotal (0-100)\n"
          "      --tax PCT          tax in percent of the discounted subtotal (0-100)\n"
          "      --notes TEXT       notes printed at the end of the quote\n"
          "      --availability ID=TEXT  availability or lead time of part ID (\"*\" for every other line);\n"
          "                         repeat for several parts; adds an Availability column\n"
          "      --seller FILE      the seller block (default $XDG_CONFIG_HOME/dlrig/seller.json when it exists):\n"
          "                         {\"company\", \"contact\", \"address\", \"terms\", \"currency\", \"usd_rate\"}\n"
          "      --allow-errors     export a quote of a build with errors or over its budget, marked DRAFT\n\n"
          "A quote is an html export, an export of several builds, or any export with --customer, --project or\n"
          "--quote-number. A quote of a build with error findings or over its budget is refused (exit 1, naming\n"
          "the problems) unless --allow-errors is given; it then says DRAFT and lists the problems first.\n"
          "A parts list (md, csv, json or txt without those options) is written anyway, for your own use:\n"
          "Markdown and text then start with the DRAFT notice and the problems, CSV has a 'draft' row and\n"
          "JSON has \"quote\": {\"draft\": true, \"problems\": [...]}.\n",
          f);
}

/* A percentage in [0, 100]; -1 with a message naming the option otherwise. */
static int pct_opt(const char *opt, const char *s, double *out)
{
    double v;
    if (!cli_parse_number(s, &v) || !(v >= 0 && v <= DLRIG_EXPORT_MAX_PCT)) {
        cli_error("%s: expected a percentage from 0 to %g, got '%s'", opt, DLRIG_EXPORT_MAX_PCT, s);
        return -1;
    }
    *out = v;
    return 0;
}

/* A whole number in [lo, hi]; -1 with a message naming the option otherwise. */
static int int_opt(const char *opt, const char *what, const char *s, long lo, long hi, int *out)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno || end == s || *end || v < lo || v > hi) {
        cli_error("%s: expected a whole number of %s from %ld to %ld, got '%s'", opt, what, lo, hi, s);
        return -1;
    }
    *out = (int)v;
    return 0;
}

#define MAX_LEAD 64
#define QUOTE_NUMBER_CHARS "-_./" /* besides ASCII letters and digits */

typedef struct loaded {
    dlrig_build b;
    dlrig_analysis an;
    bool ok;
} loaded;

/* Prints why the builds cannot be quoted without --allow-errors. */
static void refuse(loaded *L, char **paths, size_t n)
{
    strbuf msg = {0};
    for (size_t k = 0; k < n; k++) {
        const dlrig_finding *pr[16];
        size_t np = export_problems(&L[k].an, pr, 16);
        if (!np) continue;
        sb_printf(&msg, "%s%s has %zu problem%s:", msg.len ? "\n" : "", paths[k], np, np == 1 ? "" : "s");
        for (size_t i = 0; i < np && i < 16; i++)
            sb_printf(&msg, "\n  %s %s: %s", strcmp(pr[i]->id, "budget.over") ? "error" : "over budget", pr[i]->id,
                      pr[i]->message);
        if (np > 16) sb_printf(&msg, "\n  and %zu more", np - 16);
    }
    sb_append(&msg, "\nnot exported: fix the build (see 'dlrig check', 'dlrig fix'), or give --allow-errors to "
                    "export a quote marked DRAFT that lists these problems first");
    cli_error("%s", msg.s);
    sb_free(&msg);
}

int cmd_export(cli_ctx *ctx, int argc, char **argv)
{
    enum {
        O_FORCE = 256,
        O_CUSTOMER,
        O_PROJECT,
        O_DAYS,
        O_DISCOUNT,
        O_TAX,
        O_NOTES,
        O_QNUM,
        O_REV,
        O_AVAIL,
        O_SELLER,
        O_ALLOW,
        O_CHECKED
    };
    static const struct option opts[] = {{"format", required_argument, NULL, 'f'},
                                         {"output", required_argument, NULL, 'o'},
                                         {"force", no_argument, NULL, O_FORCE},
                                         {"customer", required_argument, NULL, O_CUSTOMER},
                                         {"project", required_argument, NULL, O_PROJECT},
                                         {"valid-days", required_argument, NULL, O_DAYS},
                                         {"discount", required_argument, NULL, O_DISCOUNT},
                                         {"tax", required_argument, NULL, O_TAX},
                                         {"notes", required_argument, NULL, O_NOTES},
                                         {"quote-number", required_argument, NULL, O_QNUM},
                                         {"revision", required_argument, NULL, O_REV},
                                         {"availability", required_argument, NULL, O_AVAIL},
                                         {"seller", required_argument, NULL, O_SELLER},
                                         {"allow-errors", no_argument, NULL, O_ALLOW},
                                         {"prices-checked", no_argument, NULL, O_CHECKED},
                                         {"help", no_argument, NULL, 'h'},
                                         {NULL, 0, NULL, 0}};
    dlrig_export_opts eo;
    export_opts_init(&eo);
    const char *format = NULL, *output = NULL, *seller_path = NULL;
    bool force = false, allow = false;
    dlrig_lead_time lead[MAX_LEAD];
    char *lead_buf[MAX_LEAD];
    size_t n_lead = 0;
    int status = EXIT_OK;
    int c;
    optind = 0;
    while ((c = getopt_long(argc, argv, "hf:o:", opts, NULL)) != -1) {
        switch (c) {
        case 'f': format = optarg; break;
        case 'o':
            if (!*optarg) {
                cli_error("-o: expected a file name, got an empty one");
                status = EXIT_USAGE;
                goto out_opts;
            }
            output = optarg;
            break;
        case O_FORCE: force = true; break;
        case O_ALLOW: allow = true; break;
        case O_CUSTOMER:
        case O_PROJECT:
        case O_NOTES: {
            /* what goes into the document: checked here, as build names are at load */
            const char *why = text_problem(optarg, strlen(optarg), c == O_NOTES ? TEXT_MULTILINE : 0);
            if (why) {
                cli_error("--%s %s", c == O_CUSTOMER ? "customer" : c == O_PROJECT ? "project" : "notes", why);
                status = EXIT_USAGE;
                goto out_opts;
            }
            if (c == O_CUSTOMER) eo.customer = optarg;
            else if (c == O_PROJECT) eo.project = optarg;
            else eo.notes = optarg;
            break;
        }
        case O_SELLER: seller_path = optarg; break;
        case O_QNUM:
            if (!token_valid(optarg, 40, QUOTE_NUMBER_CHARS)) {
                cli_error("--quote-number: expected 1 to 40 letters, digits and '-', '_', '.', '/', got '%s'", optarg);
                status = EXIT_USAGE;
                goto out_opts;
            }
            eo.quote_number = optarg;
            break;
        case O_REV:
            if (int_opt("--revision", "revisions", optarg, 1, 999, &eo.revision)) {
                status = EXIT_USAGE;
                goto out_opts;
            }
            break;
        case O_CHECKED: eo.prices_checked = true; break;
        case O_DAYS:
            if (int_opt("--valid-days", "days", optarg, 1, DLRIG_EXPORT_MAX_DAYS, &eo.validity_days)) {
                status = EXIT_USAGE;
                goto out_opts;
            }
            break;
        case O_DISCOUNT:
            if (pct_opt("--discount", optarg, &eo.discount_pct)) {
                status = EXIT_USAGE;
                goto out_opts;
            }
            break;
        case O_TAX:
            if (pct_opt("--tax", optarg, &eo.tax_pct)) {
                status = EXIT_USAGE;
                goto out_opts;
            }
            break;
        case O_AVAIL: {
            const char *eq = strchr(optarg, '=');
            if (!eq || eq == optarg || !eq[1]) {
                cli_error("--availability: expected PART_ID=TEXT (or *=TEXT for every line), got '%s'", optarg);
                status = EXIT_USAGE;
                goto out_opts;
            }
            const char *why = text_problem(optarg, strlen(optarg), 0);
            if (why) {
                cli_error("--availability %s", why);
                status = EXIT_USAGE;
                goto out_opts;
            }
            if (n_lead == MAX_LEAD) {
                cli_error("--availability: at most %d entries", MAX_LEAD);
                status = EXIT_USAGE;
                goto out_opts;
            }
            lead_buf[n_lead] = xstrdup(optarg);
            lead_buf[n_lead][eq - optarg] = '\0';
            lead[n_lead].part_id = lead_buf[n_lead];
            lead[n_lead].text = lead_buf[n_lead] + (eq - optarg) + 1;
            n_lead++;
            break;
        }
        case 'h': usage(stdout); goto out_opts;
        default:
            usage(stderr);
            status = EXIT_USAGE;
            goto out_opts;
        }
    }
    size_t n = argc > optind ? (size_t)(argc - optind) : 0;
    if (n < 1) {
        cli_error("export: expected a BUILD.json; see 'dlrig export --help'");
        status = EXIT_USAGE;
        goto out_opts;
    }
    if (!format) {
        cli_error("export: --format is required; valid: " DLRIG_EXPORT_FORMAT_NAMES);
        status = EXIT_USAGE;
        goto out_opts;
    }
    int fmt = export_format_from_name(format);
    if (fmt < 0) {
        cli_error("--format: unknown format '%s'; valid: " DLRIG_EXPORT_FORMAT_NAMES, format);
        status = EXIT_USAGE;
        goto out_opts;
    }
    if (n > 1 && fmt != DLRIG_EXPORT_MD && fmt != DLRIG_EXPORT_HTML) {
        cli_error("export: a quote of several builds is md or html, not %s", format);
        status = EXIT_USAGE;
        goto out_opts;
    }
    if (n > DLRIG_EXPORT_MAX_OPTIONS) {
        cli_error("export: at most %d builds in one quote (got %zu)", DLRIG_EXPORT_MAX_OPTIONS, n);
        status = EXIT_USAGE;
        goto out_opts;
    }
    /* never write over a build being exported, even with --force */
    struct stat so, si;
    for (size_t k = 0; output && k < n; k++)
        if (stat(output, &so) == 0 && stat(argv[optind + k], &si) == 0 && so.st_dev == si.st_dev &&
            so.st_ino == si.st_ino) {
            cli_error("%s is the build being exported; choose another output file", output);
            status = EXIT_USAGE;
            goto out_opts;
        }
    /* refuse early, before any work, when the output exists */
    if (output && !force && access(output, F_OK) == 0) {
        cli_error("%s exists; not overwritten (use --force to replace it)", output);
        status = EXIT_USAGE;
        goto out_opts;
    }
    /* the seller: --seller FILE must exist; the default file is optional */
    dlrig_seller seller;
    char err[1024];
    char *def = NULL;
    if (!seller_path) {
        char *dir = xdg_config_dir(false);
        if (dir) def = xasprintf("%s/seller.json", dir);
        free(dir);
    }
    int src = export_seller_load(seller_path ? seller_path : def ? def : "", &seller, err, sizeof err);
    if (src < 0 || (src == 1 && seller_path)) {
        if (src == 1) cli_error("--seller: %s does not exist", seller_path);
        else cli_error("%s", err);
        free(def);
        export_seller_free(&seller);
        status = EXIT_USAGE;
        goto out_opts;
    }
    free(def);
    if (src == 0) eo.seller = &seller;
    eo.lead = lead;
    eo.n_lead = n_lead;

    dlrig_catalog *cat = cli_catalog(ctx);
    loaded *L = xcalloc(n, sizeof *L);
    if (!cat) {
        status = EXIT_IO;
        goto out;
    }
    for (size_t k = 0; k < n; k++) {
        int rc = build_load(cat, argv[optind + k], &L[k].b, err, sizeof err);
        if (rc != DLRIG_BUILD_OK) {
            cli_error("%s", err);
            build_free(&L[k].b);
            status = rc == DLRIG_BUILD_EIO ? EXIT_IO : EXIT_USAGE;
            goto out;
        }
        L[k].ok = true;
        export_analyze(cat, &L[k].b, &L[k].an);
    }
    for (size_t i = 0; i < n_lead; i++)
        if (strcmp(lead[i].part_id, "*") != 0 && !catalog_find(cat, lead[i].part_id)) {
            cli_error("--availability: unknown part id '%s'", lead[i].part_id);
            status = EXIT_USAGE;
            goto out;
        }
    bool quote = fmt == DLRIG_EXPORT_HTML || n > 1 || (eo.customer && *eo.customer) ||
                 (eo.project && *eo.project) || eo.quote_number;
    size_t problems = 0;
    for (size_t k = 0; k < n; k++) problems += export_problems(&L[k].an, NULL, 0);
    if (quote && problems && !allow) {
        refuse(L, argv + optind, n);
        status = EXIT_FINDINGS;
        goto out;
    }
    strbuf outb = {0};
    if (n == 1) export_build(cat, &L[0].b, &L[0].an, (dlrig_export_format)fmt, &eo, &outb);
    else {
        const dlrig_build *bs[DLRIG_EXPORT_MAX_OPTIONS];
        const dlrig_analysis *as[DLRIG_EXPORT_MAX_OPTIONS];
        for (size_t k = 0; k < n; k++) bs[k] = &L[k].b, as[k] = &L[k].an;
        export_options(cat, bs, as, n, (dlrig_export_format)fmt, &eo, &outb);
    }
    if (!output) {
        /* a terminal shows text from the build and the catalog, never obeys it; a
         * JSON document stays the same JSON (\uXXXX escapes) */
        strbuf safe = {0};
        sb_append_term_safe(&safe, outb.s ? outb.s : "", outb.len,
                            TERM_SAFE_KEEP_LINES | (fmt == DLRIG_EXPORT_JSON ? TERM_SAFE_JSON : 0));
        if (safe.len && fwrite(safe.s, 1, safe.len, stdout) != safe.len) status = EXIT_IO;
        sb_free(&safe);
        if (fflush(stdout) != 0) status = EXIT_IO;
        if (status) cli_error("writing to standard output: %s", strerror(errno));
    } else if (write_file_atomic(output, outb.s ? outb.s : "", outb.len, force) != 0) {
        if (errno == EEXIST) {
            cli_error("%s exists; not overwritten (use --force to replace it)", output);
            status = EXIT_USAGE;
        } else {
            cli_error("cannot write %s: %s", output, strerror(errno));
            status = EXIT_IO;
        }
    } else {
        fprintf(stderr, "dlrig: %s%s written to %s\n", problems ? "DRAFT " : "", format, cli_safe(output));
    }
    if (problems && !quote && status == EXIT_OK)
        fprintf(stderr, "dlrig: note: the build has %zu problem%s; the parts list is marked DRAFT\n", problems,
                problems == 1 ? "" : "s");
    sb_free(&outb);
out:
    for (size_t k = 0; k < n; k++)
        if (L[k].ok) {
            export_analysis_free(&L[k].an);
            build_free(&L[k].b);
        }
    free(L);
    export_seller_free(&seller);
out_opts:
    for (size_t i = 0; i < n_lead; i++) free(lead_buf[i]);
    return status;
}
