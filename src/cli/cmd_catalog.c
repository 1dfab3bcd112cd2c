/* `dlrig catalog export`: the built-in catalog written out as a SQLite file. */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli/cli.h"
#include "dlrig/catalog.h"

static void usage(FILE *f)
{
    fputs("Usage: dlrig catalog export FILE.db [--force]\n"
          "Writes the built-in parts catalog (its own dated prices; no imported price\n"
          "lists) as a SQLite file, the starting point of a catalog of your own: add or\n"
          "change rows with sqlite3 (man dlrig, ADDING A PART) and pass the file to any\n"
          "command with --catalog FILE.db, which checks it before use.\n\n"
          "  --force   overwrite FILE.db if it exists\n\n"
          "Exit status: 0 written and read back; 2 bad usage or FILE.db exists; 3 I/O failure.\n",
          f);
}

const struct option cli_catalog_opts[] = {
    {"force", no_argument, NULL, 'f'}, {"help", no_argument, NULL, 'h'}, {NULL, 0, NULL, 0}};

/* dlrig catalog export FILE.db [--force] (argv starts at "export") */
int cmd_catalog_export(cli_ctx *ctx, int argc, char **argv)
{
    (void)ctx;
    bool force = false;
    int c;
    optind = 0;
    while ((c = cli_getopt(argc, argv, "h", cli_catalog_opts, "catalog export")) != -1) {
        switch (c) {
        case 'f': force = true; break;
        case 'h': usage(stdout); return EXIT_OK;
        default: return EXIT_USAGE;
        }
    }
    if (optind + 1 != argc) {
        cli_error("catalog export: expected one FILE.db");
        return EXIT_USAGE;
    }
    const char *path = argv[optind];
    struct stat st;
    if (!force && stat(path, &st) == 0 && !S_ISDIR(st.st_mode)) {
        cli_error("catalog export: %s exists; not overwritten (use --force to replace it)", path);
        return EXIT_USAGE;
    }
    if (catalog_builtin_write(path, force) != 0) {
        int e = errno;
        if (e == EEXIST && stat(path, &st) == 0 && S_ISDIR(st.st_mode)) e = EISDIR;
        if (e == EEXIST) cli_error("%s: exists; --force overwrites it", path);
        else cli_error("%s: cannot write: %s", path, strerror(e));
        return EXIT_IO;
    }
    /* read it back as --catalog would */
    char err[512];
    dlrig_catalog *cat = catalog_open(path, err, sizeof err);
    if (!cat) {
        cli_error("%s: written but not readable back: %s", path, err);
        return EXIT_IO;
    }
    size_t parts = 0;
    for (int k = 0; k < DLRIG_CAT_COUNT; k++) parts += catalog_count(cat, (dlrig_category)k);
    catalog_close(cat);
    printf("Wrote %s: the built-in catalog, %zu parts, %.1f MB.\n"
           "Use it with: dlrig --catalog %s COMMAND ...  (adding a part: man dlrig, ADDING A PART)\n",
           cli_safe(path), parts, (double)catalog_builtin_size() / 1e6, cli_safe(path));
    return EXIT_OK;
}

int cmd_catalog(cli_ctx *ctx, int argc, char **argv)
{
    if (argc >= 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
        usage(stdout);
        return EXIT_OK;
    }
    if (argc < 2) {
        cli_error("catalog: expected a subcommand: export FILE.db");
        return EXIT_USAGE;
    }
    for (size_t i = 0; i < cli_n_catalog_subs; i++)
        if (!strcmp(argv[1], cli_catalog_subs[i].name)) return cli_catalog_subs[i].run(ctx, argc - 1, argv + 1);
    cli_error("catalog: unknown subcommand '%s' (expected: export FILE.db)", argv[1]);
    return EXIT_USAGE;
}
