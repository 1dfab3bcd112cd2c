/* `dlrig export`: a build as Markdown, CSV, JSON, plain text or an HTML quote. */
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
    fputs("Usage: dlrig export BUILD.json --format md|csv|json|txt|html [-o FILE] [--force] [options]\n"
          "A build with its totals, estimated speed and findings as a document.\n\n"
          "  -f, --format F       md (Markdown parts list), csv (RFC 4180), json (one document),\n"
          "                       txt (aligned plain text), html (a self-contained printable quote)\n"
          "  -o, --output FILE    write FILE (atomically) instead of standard output\n"
          "      --force          replace FILE when it exists (without it, an existing file is kept)\n"
          "      --customer NAME  the customer the quote is for\n"
          "      --project NAME   the project name\n"
          "      --valid-days N   days the quote is valid (default 30)\n"
          "      --discount PCT   discount in percent of the subtotal (0-100)\n"
          "      --tax PCT        tax in percent of the discounted subtotal (0-100)\n"
          "      --notes TEXT     notes printed at the end of the quote\n",
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

int cmd_export(cli_ctx *ctx, int argc, char **argv)
{
    enum { O_FORCE = 256, O_CUSTOMER, O_PROJECT, O_DAYS, O_DISCOUNT, O_TAX, O_NOTES };
    static const struct option opts[] = {{"format", required_argument, NULL, 'f'},
                                         {"output", required_argument, NULL, 'o'},
                                         {"force", no_argument, NULL, O_FORCE},
                                         {"customer", required_argument, NULL, O_CUSTOMER},
                                         {"project", required_argument, NULL, O_PROJECT},
                                         {"valid-days", required_argument, NULL, O_DAYS},
                                         {"discount", required_argument, NULL, O_DISCOUNT},
                                         {"tax", required_argument, NULL, O_TAX},
                                         {"notes", required_argument, NULL, O_NOTES},
                                         {"help", no_argument, NULL, 'h'},
                                         {NULL, 0, NULL, 0}};
    dlrig_export_opts eo;
    export_opts_init(&eo);
    const char *format = NULL, *output = NULL;
    bool force = false;
    int c;
    optind = 0;
    while ((c = getopt_long(argc, argv, "hf:o:", opts, NULL)) != -1) {
        switch (c) {
        case 'f': format = optarg; break;
        case 'o':
            if (!*optarg) {
                cli_error("-o: expected a file name, got an empty one");
                return EXIT_USAGE;
            }
            output = optarg;
            break;
        case O_FORCE: force = true; break;
        case O_CUSTOMER: eo.customer = optarg; break;
        case O_PROJECT: eo.project = optarg; break;
        case O_NOTES: eo.notes = optarg; break;
        case O_DAYS: {
            char *end;
            errno = 0;
            long v = strtol(optarg, &end, 10);
            if (errno || end == optarg || *end || v < 1 || v > DLRIG_EXPORT_MAX_DAYS) {
                cli_error("--valid-days: expected a whole number of days from 1 to %d, got '%s'",
                          DLRIG_EXPORT_MAX_DAYS, optarg);
                return EXIT_USAGE;
            }
            eo.validity_days = (int)v;
            break;
        }
        case O_DISCOUNT:
            if (pct_opt("--discount", optarg, &eo.discount_pct)) return EXIT_USAGE;
            break;
        case O_TAX:
            if (pct_opt("--tax", optarg, &eo.tax_pct)) return EXIT_USAGE;
            break;
        case 'h': usage(stdout); return EXIT_OK;
        default: usage(stderr); return EXIT_USAGE;
        }
    }
    if (optind + 1 != argc) {
        cli_error("export: expected one BUILD.json (got %d); see 'dlrig export --help'", argc - optind);
        return EXIT_USAGE;
    }
    if (!format) {
        cli_error("export: --format is required; valid: " DLRIG_EXPORT_FORMAT_NAMES);
        return EXIT_USAGE;
    }
    int fmt = export_format_from_name(format);
    if (fmt < 0) {
        cli_error("--format: unknown format '%s'; valid: " DLRIG_EXPORT_FORMAT_NAMES, format);
        return EXIT_USAGE;
    }
    /* never write over the build being exported, even with --force */
    struct stat so, si;
    if (output && stat(output, &so) == 0 && stat(argv[optind], &si) == 0 && so.st_dev == si.st_dev &&
        so.st_ino == si.st_ino) {
        cli_error("%s is the build being exported; choose another output file", output);
        return EXIT_USAGE;
    }
    /* refuse early, before any work, when the output exists */
    if (output && !force && access(output, F_OK) == 0) {
        cli_error("%s exists; not overwritten (use --force to replace it)", output);
        return EXIT_USAGE;
    }
    dlrig_catalog *cat = cli_catalog(ctx);
    if (!cat) return EXIT_IO;
    const char *path = argv[optind];
    dlrig_build b;
    char err[1024];
    int rc = build_load(cat, path, &b, err, sizeof err);
    if (rc != DLRIG_BUILD_OK) {
        cli_error("%s", err);
        build_free(&b);
        return rc == DLRIG_BUILD_EIO ? EXIT_IO : EXIT_USAGE;
    }
    build_apply_prices(cat, &b);
    dlrig_analysis an = {0};
    export_analyze(cat, &b, &an);
    strbuf out = {0};
    export_build(cat, &b, &an, (dlrig_export_format)fmt, &eo, &out);
    int status = EXIT_OK;
    if (!output) {
        /* a terminal shows text from the build and the catalog, never obeys it; a
         * JSON document stays the same JSON (\uXXXX escapes) */
        strbuf safe = {0};
        sb_append_term_safe(&safe, out.s ? out.s : "", out.len,
                            TERM_SAFE_KEEP_LINES | (fmt == DLRIG_EXPORT_JSON ? TERM_SAFE_JSON : 0));
        if (safe.len && fwrite(safe.s, 1, safe.len, stdout) != safe.len) status = EXIT_IO;
        sb_free(&safe);
        if (fflush(stdout) != 0) status = EXIT_IO;
        if (status) cli_error("writing to standard output: %s", strerror(errno));
    } else if (write_file_atomic(output, out.s ? out.s : "", out.len, force) != 0) {
        if (errno == EEXIST) {
            cli_error("%s exists; not overwritten (use --force to replace it)", output);
            status = EXIT_USAGE;
        } else {
            cli_error("cannot write %s: %s", output, strerror(errno));
            status = EXIT_IO;
        }
    } else {
        fprintf(stderr, "dlrig: %s written to %s\n", format, cli_safe(output));
    }
    sb_free(&out);
    export_analysis_free(&an);
    build_free(&b);
    return status;
}
