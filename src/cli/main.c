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
#ifdef DLRIG_WITH_TUI
#include "tui/tui.h"
#endif

typedef struct command {
    const char *name;
    int (*run)(cli_ctx *ctx, int argc, char **argv);
    const char *args;
    const char *summary;
} command;

#ifdef DLRIG_WITH_TUI
static int cmd_tui(cli_ctx *ctx, int argc, char **argv)
{
    bool help = argc == 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"));
    if (argc > 2 || (argc == 2 && argv[1][0] == '-')) {
        fputs("Usage: dlrig tui [BUILD.json]\nThe interactive interface, on a saved build.\n", help ? stdout : stderr);
        return help ? EXIT_OK : EXIT_USAGE;
    }
    dlrig_catalog *cat = cli_catalog(ctx);
    return cat ? tui_run(cat, argc == 2 ? argv[1] : NULL, ctx->theme) : EXIT_IO;
}
#endif

static const command commands[] = {
#ifdef DLRIG_WITH_TUI
    {"tui", cmd_tui, "[BUILD.json]", "the interactive interface (wizard, builder) on a saved build"},
#endif
    {"parts", cmd_parts, "[--category C] [--filter TEXT] [--sort FIELD] [--unpriced] [--json] | --workload W [...]",
     "list catalog parts, or rank GPUs for a workload (speed, speed per $1,000)"},
    {"show", cmd_show, "PART_ID [--json]", "every field of one part"},
    {"check", cmd_check, "BUILD.json [--json]", "compatibility findings, totals; exit 1 on an error finding"},
    {"fix", cmd_fix, "BUILD.json [-o OUT] [--force] [--dry-run] [--allow-fewer-gpus] [--json]",
     "repair every error at the least price; writes BUILD.fixed.json (exit 1 names what it cannot fix)"},
    {"recommend", cmd_recommend, "--workload W --budget-usd N [...] [--top K] [--json] [-o FILE]",
     "the fastest complete builds within a budget"},
    {"fit", cmd_fit, "(--model NAME | --model-params-m N) [--method M] [--weights W] [...] [--gpu ID [--gpus N]]",
     "does a language model fit on N of a GPU, how, and how fast"},
    {"estimate", cmd_estimate, "BUILD.json [--workload W] [--json]", "estimated training/inference speed"},
    {"cost", cmd_cost, "BUILD.json [--kwh-price P] [--hours-per-day H] [--years Y] [--cloud PROVIDER|all] [--json]",
     "buy or rent: owning (purchase, electricity) against cloud GPUs doing the same work, break-even"},
    {"export", cmd_export, "BUILD.json --format md|csv|json|txt|html [-o FILE] [--force] [...]",
     "parts list, CSV, JSON, text or a printable HTML quote (--customer, --discount, --tax, ...)"},
    {"compare", cmd_compare, "A.json B.json [C.json] [--json | --format md]",
     "two or three builds side by side, best values marked"},
    {"models", cmd_models, "[--filter TEXT] [--json] | NAME [--json]",
     "ML models (LLMs, vision, diffusion) with their size and attention layout"},
    {"import", cmd_import, "LIST [-o BUILD.json] [--force] [--name NAME] [--json]",
     "a PCPartPicker parts list (Markdown or text) read into a build"},
    {"catalog", cmd_catalog, "export FILE.db [--force]",
     "write the built-in catalog as a SQLite file, to extend and pass with --catalog"},
    {"prices", cmd_prices, "import FILE.csv [--rate CUR=USD] [--skip-bad] | list [--json] | clear",
     "vendors' price lists that override catalog prices"},
};
#define N_COMMANDS (sizeof commands / sizeof commands[0])

static void usage(FILE *f)
{
    fputs("Usage: dlrig [GLOBAL OPTIONS] COMMAND [ARGS]\n"
          "Plan deep-learning workstations and GPU servers: parts, compatibility, power, speed.\n\n"
          "Commands:\n",
          f);
    for (size_t i = 0; i < N_COMMANDS; i++)
        fprintf(f, "  dlrig %-10s %s\n  %*s %s\n", commands[i].name, commands[i].args, 16, "", commands[i].summary);
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
    for (int i = 1; i < argc; i++) {
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
    argc = out;
    argv[argc] = NULL;

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
    const command *found = NULL;
    for (size_t i = 0; i < N_COMMANDS; i++)
        if (strcmp(commands[i].name, cmd) == 0) found = &commands[i];
    if (found) {
        rc = found->run(&ctx, argc - 1, argv + 1);
    } else {
        cli_error("unknown command '%s'; run 'dlrig --help' for the list", cmd);
    }
    rc = catalog_failure(&ctx, rc);
    catalog_close(ctx.cat);
    return rc;
}
