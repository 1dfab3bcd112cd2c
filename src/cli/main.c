/* dlrig — command-line entry point: global options, then a subcommand. */
#include <getopt.h>
#include <stdbool.h>
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "dlrig/catalog.h"
#include "dlrig/util.h"
#ifdef DLRIG_WITH_TUI
#include "tui/tui.h"
#endif

#ifdef DLRIG_WITH_TUI
static const struct option tui_opts[] = {{"help", no_argument, NULL, 'h'}, {NULL, 0, NULL, 0}};

static int cmd_tui(cli_ctx *ctx, int argc, char **argv)
{
    int c;
    optind = 0;
    while ((c = cli_getopt(argc, argv, "h", tui_opts, "tui")) != -1) {
        if (c != 'h') return EXIT_USAGE;
        fputs("Usage: dlrig tui [BUILD.json]\nThe interactive interface, on a saved build.\n", stdout);
        return EXIT_OK;
    }
    if (argc - optind > 1) {
        cli_error("tui: expected at most one BUILD.json");
        return EXIT_USAGE;
    }
    const char *path = optind < argc ? argv[optind] : NULL;
    if (path && strcmp(path, "-") == 0) {
        cli_error("tui: standard input is the terminal the interface reads its keys from; give the build as a file");
        return EXIT_USAGE;
    }
    dlrig_catalog *cat = cli_catalog(ctx);
    return cat ? tui_run(cat, path, ctx->theme) : EXIT_IO;
}
#endif

/* Every command: its synopsis and summary (--help), its options (parsing,
 * "did you mean" and completion) and what its option values and operands are
 * (completion). */
const cli_command cli_commands[] = {
#ifdef DLRIG_WITH_TUI
    {"tui", cmd_tui, "[BUILD.json]", "the interactive interface (wizard, builder) on a saved build", tui_opts,
     CLI_REQS_NONE, NULL, NULL, CLI_V_JSON, 1, NULL, 0, false},
#endif
    {"parts", cmd_parts,
     "[--category C] [--filter TEXT] [--sort FIELD] [--unpriced | --older-than N] [--json] | --workload W [...]",
     "list catalog parts, or rank GPUs for a workload (speed, speed per $1,000)", cli_parts_opts, CLI_REQS_LIST,
     cli_parts_keys, cli_parts_values, CLI_V_NONE, 0, NULL, 0, false},
    {"show", cmd_show, "PART_ID [--json]", "every field of one part", cli_show_opts, CLI_REQS_NONE, NULL, NULL,
     CLI_V_PART, 1, NULL, 0, false},
    {"check", cmd_check, "BUILD.json [--json]", "compatibility findings, totals; exit 1 on an error finding",
     cli_check_opts, CLI_REQS_OVERRIDE, NULL, cli_check_values, CLI_V_JSON, 1, NULL, 0, false},
    {"fix", cmd_fix, "BUILD.json [-o OUT] [--force] [--dry-run] [--allow-fewer-gpus] [--json]",
     "repair every error at the least price; writes BUILD.fixed.json (exit 1 names what it cannot fix)",
     cli_fix_opts, CLI_REQS_NONE, NULL, cli_fix_values, CLI_V_JSON, 1, NULL, 0, false},
    {"recommend", cmd_recommend, "--workload W --budget-usd N [...] [--top K] [--json] [-o FILE [--force]]",
     "the fastest complete builds within a budget", cli_recommend_opts, CLI_REQS_ALL, NULL, cli_recommend_values,
     CLI_V_NONE, 0, NULL, 0, false},
    {"fit", cmd_fit, "(--model NAME | --model-params-m N) [--method M] [--weights W] [...] [--gpu ID [--gpus N]]",
     "does a language model fit on N of a GPU, how, and how fast", cli_fit_opts, CLI_REQS_LIST, cli_fit_keys,
     cli_fit_values, CLI_V_NONE, 0, NULL, 0, false},
    {"estimate", cmd_estimate, "BUILD.json [--workload W] [--json]", "estimated training/inference speed",
     cli_check_opts, CLI_REQS_OVERRIDE, NULL, cli_check_values, CLI_V_JSON, 1, NULL, 0, false},
    {"cost", cmd_cost, "BUILD.json [--kwh-price P] [--hours-per-day H] [--years Y] [--cloud PROVIDER|all] [--json]",
     "buy or rent: owning (purchase, electricity) against cloud GPUs doing the same work, break-even",
     cli_cost_opts, CLI_REQS_OVERRIDE, NULL, cli_cost_values, CLI_V_JSON, 1, NULL, 0, false},
    {"export", cmd_export, "BUILD.json --format md|csv|json|txt|html [-o FILE] [--force] [...]",
     "parts list, CSV, JSON, text or a printable HTML quote (--customer, --discount, --tax, ...)", cli_export_opts,
     CLI_REQS_NONE, NULL, cli_export_values, CLI_V_JSON, 6, NULL, 0, false},
    {"compare", cmd_compare, "A.json B.json [C.json] [--json | --format md]",
     "two or three builds side by side, best values marked", cli_compare_opts, CLI_REQS_OVERRIDE, NULL,
     cli_compare_values, CLI_V_JSON, 3, NULL, 0, false},
    {"models", cmd_models, "[--filter TEXT] [--json] | NAME [--json]",
     "ML models (LLMs, vision, diffusion) with their size and attention layout", cli_models_opts, CLI_REQS_NONE,
     NULL, NULL, CLI_V_MODEL, 1, NULL, 0, false},
    {"import", cmd_import, "LIST [-o BUILD.json] [--force] [--name NAME] [--json]",
     "a PCPartPicker parts list (Markdown or text) read into a build", cli_import_opts, CLI_REQS_NONE, NULL,
     cli_import_values, CLI_V_FILE, 1, NULL, 0, false},
    {"scan", cmd_scan, "[-o BUILD.json] [--root DIR] [--force] [--name NAME] [--json]",
     "the machine dlrig runs on read into a build of the parts it has (each line owned)", cli_scan_opts,
     CLI_REQS_NONE, NULL, cli_scan_values, CLI_V_NONE, 0, NULL, 0, false},
    {"catalog", cmd_catalog, "export FILE.db [--force]",
     "write the built-in catalog as a SQLite file, to extend and pass with --catalog", NULL, CLI_REQS_NONE, NULL,
     NULL, CLI_V_NONE, 0, cli_catalog_subs, 1, false},
    {"prices", cmd_prices, "import FILE.csv [--rate CUR=USD] [--currency CUR] ... | list [--json] | clear",
     "vendors' price lists that override catalog prices", NULL, CLI_REQS_NONE, NULL, NULL, CLI_V_NONE, 0,
     cli_prices_subs, 3, false},
    {"completion", cmd_completion, "bash|zsh|fish", "the shell completion script (installed with dlrig)",
     cli_completion_opts, CLI_REQS_NONE, NULL, NULL, CLI_V_SHELL, 1, NULL, 0, false},
    {"__complete", cmd_complete, "SHELL WORD...", "the completion scripts' helper", NULL, CLI_REQS_NONE, NULL, NULL,
     CLI_V_NONE, -1, NULL, 0, true},
};
const size_t cli_n_commands = sizeof cli_commands / sizeof cli_commands[0];

const cli_command cli_prices_subs[] = {
    {"import", cmd_prices_import,
     "FILE.csv [--rate CUR=USD]... [--decimal-comma] [--currency CUR] [--vendor NAME] [--date DATE] [--skip-bad]",
     "import a vendor's price list", cli_prices_import_opts, CLI_REQS_NONE, NULL, cli_prices_import_values, CLI_V_CSV, 1, NULL, 0, false},
    {"list", cmd_prices_list, "[--json]", "the imported prices", cli_prices_list_opts, CLI_REQS_NONE, NULL, NULL,
     CLI_V_NONE, 0, NULL, 0, false},
    {"clear", cmd_prices_clear, "[--vendor NAME]", "remove imported prices", cli_prices_clear_opts, CLI_REQS_NONE,
     NULL, NULL, CLI_V_NONE, 0, NULL, 0, false},
};
const size_t cli_n_prices_subs = sizeof cli_prices_subs / sizeof cli_prices_subs[0];

const cli_command cli_catalog_subs[] = {
    {"export", cmd_catalog_export, "FILE.db [--force]", "write the built-in catalog as a SQLite file",
     cli_catalog_opts, CLI_REQS_NONE, NULL, NULL, CLI_V_FILE, 1, NULL, 0, false},
};
const size_t cli_n_catalog_subs = sizeof cli_catalog_subs / sizeof cli_catalog_subs[0];


static void usage(FILE *f)
{
    fputs("Usage: dlrig [GLOBAL OPTIONS] COMMAND [ARGS]\n"
          "Plan deep-learning workstations and GPU servers: parts, compatibility, power, speed.\n\n"
          "Commands:\n",
          f);
    for (size_t i = 0; i < cli_n_commands; i++)
        if (!cli_commands[i].hidden)
            fprintf(f, "  dlrig %-10s %s\n  %*s %s\n", cli_commands[i].name, cli_commands[i].args, 16, "",
                    cli_commands[i].summary);
    fputs("\nGlobal options:\n"
          "      --catalog FILE   use the SQLite catalog FILE instead of the built-in one\n"
          "      --theme NAME     colour theme for the terminal interface\n"
          "  -h, --help           show this help and exit\n"
          "  -V, --version        show the version and exit\n\n"
          "Exit status: 0 success; 1 'check' found an error-level finding; 2 bad usage or\n"
          "bad input file; 3 database or I/O failure.\n"
          "Run 'dlrig COMMAND --help' for a command's options; 'man dlrig' for the manual.\n",
          f);
}

/* A catalog read that failed during the command (the file changed or broke
 * underneath): whatever the command printed is incomplete, so the message
 * and an I/O exit status replace its own. */
static int catalog_failure(const cli_ctx *ctx, int rc)
{
    const char *why = ctx->cat ? catalog_error(ctx->cat) : NULL;
    if (!why) return rc;
    cli_error("%s", why);
    return EXIT_IO;
}

int main(int argc, char **argv)
{
    /* Only LC_CTYPE: numbers, CSV and JSON keep a '.' decimal point. */
    setlocale(LC_CTYPE, "");
    /* A write past a file-size limit (ulimit -f) fails with EFBIG, which is
     * reported, instead of killing the process (and, in the terminal
     * interface, losing the change it was saving). */
    signal(SIGXFSZ, SIG_IGN);
    cli_ctx ctx = {0};

    /* Global options come before the command; they may also follow it (they
     * are taken out of argv wherever they stand). */
    int out = 1;
    /* the completion helper's words are the line being typed, global options included */
    bool completing = argc > 1 && strcmp(argv[1], "__complete") == 0;
    for (int i = 1; i < argc && !completing; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--catalog") == 0 || strcmp(a, "--theme") == 0) {
            if (i + 1 >= argc) {
                cli_error("%s needs a value", a);
                return EXIT_USAGE;
            }
            if (a[2] == 'c') ctx.catalog_path = argv[++i];
            else ctx.theme = argv[++i];
            continue;
        }
        if (strncmp(a, "--catalog=", 10) == 0) {
            ctx.catalog_path = a + 10;
            continue;
        }
        if (strncmp(a, "--theme=", 8) == 0) {
            ctx.theme = a + 8;
            continue;
        }
        argv[out++] = argv[i];
    }
    if (!completing) {
        argc = out;
        argv[argc] = NULL;
    }
    if (ctx.catalog_path && strcmp(ctx.catalog_path, "-") == 0) {
        cli_error("--catalog: a catalog is a SQLite file; standard input ('-') cannot be one");
        return EXIT_USAGE;
    }

    if (argc < 2) {
#ifdef DLRIG_WITH_TUI
        dlrig_catalog *cat = cli_catalog(&ctx);
        int rc = cat ? tui_run(cat, NULL, ctx.theme) : EXIT_IO;
        rc = catalog_failure(&ctx, rc);
        catalog_close(ctx.cat);
        return rc;
#else
        cli_error("built without the terminal interface; try 'dlrig parts' or 'dlrig --help'");
        return EXIT_USAGE;
#endif
    }
    const char *cmd = argv[1];
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0) {
        usage(stdout);
        return EXIT_OK;
    }
    if (strcmp(cmd, "--version") == 0 || strcmp(cmd, "-V") == 0) {
        printf("dlrig %s\ncatalog schema version %d\n", DLRIG_VERSION, DLRIG_SCHEMA_VERSION);
        return EXIT_OK;
    }
    int rc = EXIT_USAGE;
    const cli_command *found = NULL;
    for (size_t i = 0; i < cli_n_commands; i++)
        if (strcmp(cli_commands[i].name, cmd) == 0) found = &cli_commands[i];
    if (found) {
        rc = found->run(&ctx, argc - 1, argv + 1);
    } else if (cmd[0] == '-') {
        static const struct option global[] = {{"catalog", required_argument, NULL, 0},
                                               {"theme", required_argument, NULL, 0},
                                               {"help", no_argument, NULL, 0},
                                               {"version", no_argument, NULL, 0},
                                               {NULL, 0, NULL, 0}};
        const char *near = cmd[1] == '-' ? cli_closest_option(global, cmd + 2) : NULL;
        if (near) cli_error("unknown option '%s'; did you mean '--%s'?", cmd, near);
        else cli_error("unknown option '%s'; run 'dlrig --help' for the options and commands", cmd);
    } else {
        const char *near = NULL;
        int best = 3;
        for (size_t i = 0; i < cli_n_commands; i++) {
            int d = cli_commands[i].hidden ? 99 : edit_distance(cmd, cli_commands[i].name, 2);
            if (d < best) best = d, near = cli_commands[i].name;
        }
        if (near) cli_error("unknown command '%s'; did you mean '%s'?", cmd, near);
        else cli_error("unknown command '%s'; run 'dlrig --help' for the list", cmd);
    }
    rc = catalog_failure(&ctx, rc);
    catalog_close(ctx.cat);
    return rc;
}
