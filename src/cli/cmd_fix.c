/* `dlrig fix`: repairs a build's errors with the core's fix-its (fix.h). */
#include <cjson/cJSON.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "dlrig/build.h"
#include "dlrig/fix.h"
#include "dlrig/query.h"
#include "dlrig/rules.h"
#include "dlrig/util.h"

/* How an option the repair would not take on its own is introduced. */
static const char *option_label(dlrig_fix_kind kind)
{
    switch (kind) {
    case DLRIG_FIX_POWER_LIMIT: return "    option (--allow-power-limit): ";
    case DLRIG_FIX_FEWER_GPUS: return "    option (--allow-fewer-gpus): ";
    default: return "    option (a requirement): ";
    }
}

static void usage(FILE *f)
{
    fputs("Usage: dlrig fix BUILD.json [-o OUT] [--force] [--dry-run] [--allow-power-limit]\n"
          "                [--allow-fewer-gpus] [--json]\n"
          "Repair every error-level finding of a build at the least price: parts are replaced, added or\n"
          "removed and quantities changed, each change checked by the rules before it is kept (greedy, one\n"
          "error at a time, with a look-ahead over each error's three cheapest fixes).  GPUs are replaced only\n"
          "by cards at least as strong; requirements (circuit, precision, ...) are never changed: what only\n"
          "they would fix is named, with the options.\n\n"
          "  -o, --output OUT     write the repaired build to OUT (default: BUILD.fixed.json beside BUILD.json;\n"
          "                       the input itself is replaced only when OUT names it, with --force)\n"
          "      --force          replace OUT when it exists (without it, an existing file is kept)\n"
          "  -n, --dry-run        show the changes, write nothing\n"
          "      --allow-power-limit  also fix power findings by limiting the GPUs (nvidia-smi -pl; the\n"
          "                       highest limit that works, a few percent slower; written as power_limit_w)\n"
          "      --allow-fewer-gpus  also fix by dropping GPUs (slower, but within the power or slots)\n"
          "      --json           one JSON document: the changes, what is left, the repaired build\n\n"
          "Exit status: 0 no error left; 1 an error that no change of parts fixes (named); 2 bad input;\n"
          "3 I/O failure.\n",
          f);
}

/* BUILD.json -> BUILD.fixed.json */
static char *default_output(const char *in)
{
    size_t n = strlen(in);
    if (n > 5 && !strcmp(in + n - 5, ".json")) n -= 5;
    char *out = xmalloc(n + 12);
    memcpy(out, in, n);
    memcpy(out + n, ".fixed.json", 12);
    return out;
}

static void print_fix(const dlrig_fix *f, const char *lead)
{
    char d[80];
    printf("%s%s (%s)", lead, cli_safe(f->summary), format_price_change(f->price_delta_usd, f->price_complete, d, sizeof d));
    if (f->n_resolves) {
        printf("; resolves ");
        for (int i = 0; i < f->n_resolves; i++) printf("%s%s", i ? ", " : "", f->resolves[i]);
    }
    if (f->n_introduces) {
        printf("; new warning ");
        for (int i = 0; i < f->n_introduces; i++) printf("%s%s", i ? ", " : "", f->introduces[i]);
    }
    putchar('\n');
}

enum { O_FORCE = 256, O_FEWER, O_LIMIT, O_JSON };
const struct option cli_fix_opts[] = {{"output", required_argument, NULL, 'o'},
                                      {"force", no_argument, NULL, O_FORCE},
                                      {"dry-run", no_argument, NULL, 'n'},
                                      {"allow-fewer-gpus", no_argument, NULL, O_FEWER},
                                      {"allow-power-limit", no_argument, NULL, O_LIMIT},
                                      {"json", no_argument, NULL, O_JSON},
                                      {"help", no_argument, NULL, 'h'},
                                      {NULL, 0, NULL, 0}};
const cli_optvalue cli_fix_values[] = {{"output", CLI_V_OUTPUT}, {NULL, CLI_V_NONE}};

int cmd_fix(cli_ctx *ctx, int argc, char **argv)
{
    const char *output = NULL;
    bool force = false, dry = false, json = false;
    unsigned kinds = 1u << DLRIG_FIX_PARTS;
    int c;
    optind = 0;
    while ((c = cli_getopt(argc, argv, "o:nh", cli_fix_opts, "fix")) != -1) {
        switch (c) {
        case 'o': output = optarg; break;
        case O_FORCE: force = true; break;
        case 'n': dry = true; break;
        case O_FEWER: kinds |= 1u << DLRIG_FIX_FEWER_GPUS; break;
        case O_LIMIT: kinds |= 1u << DLRIG_FIX_POWER_LIMIT; break;
        case O_JSON: json = true; break;
        case 'h': usage(stdout); return EXIT_OK;
        default: return EXIT_USAGE;
        }
    }
    if (optind + 1 != argc) {
        cli_error("fix: expected one BUILD.json");
        return EXIT_USAGE;
    }
    const char *input = argv[optind];
    if (output && !*output) {
        cli_error("fix: -o needs a file name");
        return EXIT_USAGE;
    }
    /* standard input in: the repaired build goes to standard output unless -o says otherwise */
    char *outpath = dry                         ? NULL
                    : output                    ? xstrdup(output)
                    : strcmp(input, "-") == 0   ? xstrdup("-")
                                                : default_output(input);
    bool to_stdout = outpath && strcmp(outpath, "-") == 0;
    if (to_stdout && json) {
        cli_error("fix: --json and the repaired build would both go to standard output; give -o FILE");
        free(outpath);
        return EXIT_USAGE;
    }
    if (outpath && !to_stdout && !force && access(outpath, F_OK) == 0) {
        cli_error("fix: %s exists; not overwritten (use --force to replace it%s)", cli_safe(outpath),
                  output ? "" : ", or -o to write elsewhere");
        free(outpath);
        return EXIT_USAGE;
    }
    dlrig_catalog *cat = cli_catalog(ctx);
    if (!cat) {
        free(outpath);
        return EXIT_IO;
    }
    dlrig_build b;
    char err[1024];
    int rc = build_load(cat, input, &b, err, sizeof err);
    if (rc != DLRIG_BUILD_OK) {
        cli_error("%s", err);
        build_free(&b);
        free(outpath);
        return rc == DLRIG_BUILD_EIO ? EXIT_IO : EXIT_USAGE;
    }
    FILE *doc_out = to_stdout ? cli_claim_stdout() : NULL; /* the report goes to standard error */
    dlrig_report before = {0};
    rules_check(cat, &b, &before);
    size_t errors_before = before.counts[DLRIG_SEV_ERROR];
    report_free(&before);

    dlrig_repair r;
    size_t left = fix_repair(cat, &b, kinds, &r);
    build_refresh_name(cat, &b); /* a name dlrig gave describes the repaired build */
    int status = left ? EXIT_FINDINGS : EXIT_OK;
    bool wrote = false;
    if (outpath && (r.n_steps || to_stdout)) {
        char *text = build_to_text(&b);
        int wr = cli_write_output("fix", outpath, text, strlen(text), force, doc_out);
        free(text);
        if (wr != EXIT_OK) status = wr;
        else wrote = true;
    }
    double delta = r.price_after_usd - r.price_before_usd;
    if (json) {
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "name", b.name ? b.name : "");
        cJSON_AddBoolToObject(o, "ok", left == 0);
        cJSON_AddStringToObject(o, "input", input);
        if (wrote) cJSON_AddStringToObject(o, "output", outpath);
        else cJSON_AddNullToObject(o, "output");
        cJSON_AddNumberToObject(o, "errors_before", (double)errors_before);
        cJSON_AddNumberToObject(o, "errors_after", (double)left);
        cJSON_AddNumberToObject(o, "price_before_usd", round(r.price_before_usd * 100) / 100);
        cJSON_AddNumberToObject(o, "price_after_usd", round(r.price_after_usd * 100) / 100);
        cJSON_AddNumberToObject(o, "price_delta_usd", round(delta * 100) / 100);
        cJSON *ap = cJSON_AddArrayToObject(o, "applied");
        for (size_t i = 0; i < r.n_steps; i++) cJSON_AddItemToArray(ap, fix_to_json(&r.steps[i]));
        cJSON *un = cJSON_AddArrayToObject(o, "unresolved");
        for (size_t i = 0; i < r.n_left; i++) {
            cJSON *j = cJSON_CreateObject();
            cJSON_AddStringToObject(j, "id", r.left[i].id);
            cJSON_AddStringToObject(j, "message", r.left[i].message);
            cJSON *op = cJSON_AddArrayToObject(j, "options");
            for (size_t k = 0; k < r.n_left_options[i]; k++)
                cJSON_AddItemToArray(op, fix_to_json(&r.left_options[i * DLRIG_REPAIR_OPTIONS + k]));
            cJSON_AddItemToArray(un, j);
        }
        cJSON_AddItemToObject(o, "build", build_to_json(&b));
        cli_print_doc(&CLI_DOC_FIX, o);
    } else {
        char p0[32], p1[32], d[40];
        printf("%s: %zu error%s\n", cli_safe(b.name), errors_before, errors_before == 1 ? "" : "s");
        for (size_t i = 0; i < r.n_steps; i++) {
            char lead[32];
            snprintf(lead, sizeof lead, "  %zu. ", i + 1);
            print_fix(&r.steps[i], lead);
        }
        if (r.n_steps)
            printf("Price: %s -> %s (%s)\n", format_usd(r.price_before_usd, p0, sizeof p0),
                   format_usd(r.price_after_usd, p1, sizeof p1), format_price_change(delta, true, d, sizeof d));
        for (size_t i = 0; i < r.n_left; i++) {
            printf("Not fixed by a change of parts: %s %s\n", r.left[i].id, cli_safe(r.left[i].message));
            for (size_t k = 0; k < r.n_left_options[i]; k++)
                print_fix(&r.left_options[i * DLRIG_REPAIR_OPTIONS + k],
                          option_label(r.left_options[i * DLRIG_REPAIR_OPTIONS + k].kind));
        }
        if (!left) printf("%s\n", errors_before ? "No error left." : "No errors: nothing to fix.");
        if (wrote && to_stdout) printf("Wrote the repaired build to standard output\n");
        else if (wrote) printf("Wrote %s\n", cli_safe(outpath));
        else if (dry && r.n_steps) printf("Dry run: nothing written.\n");
    }
    if (left && !json) {
        fflush(stdout); /* the report first, then the message */
        char ids[256] = "";
        size_t k = 0;
        for (size_t i = 0; i < r.n_left && k < sizeof ids; i++) {
            bool seen = false;
            for (size_t j = 0; j < i; j++) seen = seen || !strcmp(r.left[j].id, r.left[i].id);
            if (!seen) k += (size_t)snprintf(ids + k, sizeof ids - k, "%s%s", k ? ", " : "", r.left[i].id);
        }
        cli_error("%zu error%s left that no change of parts fixes: %s", left, left == 1 ? "" : "s", ids);
    }
    cli_release_stdout(doc_out); /* the report went to standard error */
    fix_repair_free(&r);
    build_free(&b);
    free(outpath);
    return status;
}
