/* `dlrig import`: a PCPartPicker parts list read into a build file. */
#include <cjson/cJSON.h>
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "dlrig/build.h"
#include "dlrig/format.h"
#include "dlrig/partlist.h"
#include "dlrig/util.h"

static void usage(FILE *f)
{
    fputs("Usage: dlrig import LIST [-o BUILD.json] [--force] [--name NAME] [--json]\n"
          "Reads a parts list shared from PCPartPicker (its Markdown, Reddit or plain-text\n"
          "form, as copied from the list's page) into a build, and reports how each line\n"
          "was matched to a catalog part: by the manufacturer part number at the end of\n"
          "the product link, by a part number in the name, else by the part's name (every\n"
          "word of the catalog's name in the line; a tie between parts is reported, not\n"
          "guessed).  Repeated lines of one part become its quantity.  Monitors,\n"
          "keyboards and other parts dlrig does not model are listed and left out.\n\n"
          "  -o, --output FILE  write the build file ('-': standard output, the report\n"
          "                     then goes to standard error); without it nothing is written\n"
          "      --force        overwrite FILE if it exists\n"
          "      --name NAME    the build's name (default: the list and its date)\n"
          "      --json         the report as one JSON document (with the build)\n\n"
          "Exit status: 0 every part dlrig models was matched; 1 some were not (the build\n"
          "holds the rest); 2 no parts list, no line matched, or FILE exists; 3 I/O failure.\n",
          f);
}

static void report_text(FILE *f, const dlrig_partlist *pl, const char *file)
{
    fprintf(f, "%s: a PCPartPicker list (%s", cli_safe(file), pl->format);
    if (pl->date[0]) fprintf(f, ", generated %s", pl->date);
    if (pl->site[0]) fprintf(f, ", %s site", pl->site);
    fprintf(f, "), %zu line%s\n", pl->n_lines, pl->n_lines == 1 ? "" : "s");
    for (size_t i = 0; i < pl->n_lines; i++) {
        const dlrig_partlist_line *l = &pl->lines[i];
        fprintf(f, "  line %-3d %s: %s", l->line, l->type, cli_safe(l->item));
        if (l->has_price) {
            const char *sign = strcmp(l->currency, "USD") == 0   ? "$"
                               : strcmp(l->currency, "EUR") == 0 ? "\u20ac"
                               : strcmp(l->currency, "GBP") == 0 ? "\u00a3"
                                                                  : NULL;
            fprintf(f, "  (%s", l->purchased ? "paid " : "");
            if (sign) fprintf(f, "%s", sign);
            else if (l->currency[0]) fprintf(f, "%s ", l->currency);
            fprintf(f, "%.2f%s%s)", l->price, l->store[0] ? " @ " : "", cli_safe(l->store));
        }
        fputc('\n', f);
        if (l->part) {
            char usd[32];
            fprintf(f, "           = %s (%s), by %s", cli_safe(l->part->name), l->part->id, partlist_how_name(l->how));
            if (l->matched_on[0]) fprintf(f, " %s", cli_safe(l->matched_on));
            if (price_known(&l->part->new_price))
                fprintf(f, "; catalog %s (%s)", format_usd(l->part->new_price.usd, usd, sizeof usd),
                        l->part->new_price.date ? l->part->new_price.date : "undated");
            fputc('\n', f);
            if (l->reason[0]) fprintf(f, "             (%s)\n", cli_safe(l->reason));
        } else if (l->how == DLRIG_PL_NOT_MODELLED) {
            fprintf(f, "           left out: %s\n", l->reason);
        } else {
            fprintf(f, "           NOT MATCHED: %s\n", cli_safe(l->reason));
        }
    }
    size_t modelled = pl->n_matched + pl->n_unmatched, by[3] = {0};
    for (size_t i = 0; i < pl->n_lines; i++)
        if (pl->lines[i].part) by[pl->lines[i].how]++;
    fprintf(f, "Matched %zu of %zu line%s naming parts dlrig models", pl->n_matched, modelled, modelled == 1 ? "" : "s");
    const char *sep = " (";
    for (int h = 0; h < 3; h++)
        if (by[h]) {
            fprintf(f, "%s%zu by %s", sep, by[h], partlist_how_name((dlrig_partlist_how)h));
            sep = ", ";
        }
    fprintf(f, "%s", by[0] || by[1] || by[2] ? ")" : "");
    if (pl->n_unmatched) fprintf(f, "; %zu not matched", pl->n_unmatched);
    if (pl->n_not_modelled) fprintf(f, "; %zu left out", pl->n_not_modelled);
    fprintf(f, ".\n");
}

static cJSON *report_json(const dlrig_partlist *pl, const dlrig_build *b)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "format", "dlrig-import");
    cJSON_AddNumberToObject(o, "version", 1);
    cJSON_AddStringToObject(o, "list_format", pl->format);
    if (pl->date[0]) cJSON_AddStringToObject(o, "generated", pl->date);
    else cJSON_AddNullToObject(o, "generated");
    if (pl->site[0]) cJSON_AddStringToObject(o, "site", pl->site);
    else cJSON_AddNullToObject(o, "site");
    cJSON *lines = cJSON_AddArrayToObject(o, "lines");
    for (size_t i = 0; i < pl->n_lines; i++) {
        const dlrig_partlist_line *l = &pl->lines[i];
        cJSON *j = cJSON_CreateObject();
        cJSON_AddNumberToObject(j, "line", l->line);
        cJSON_AddStringToObject(j, "type", l->type);
        cJSON_AddStringToObject(j, "item", l->item);
        if (l->url) cJSON_AddStringToObject(j, "url", l->url);
        if (l->has_price) {
            cJSON_AddNumberToObject(j, "price", l->price);
            if (l->currency[0]) cJSON_AddStringToObject(j, "currency", l->currency);
            if (l->store[0]) cJSON_AddStringToObject(j, "store", l->store);
            cJSON_AddBoolToObject(j, "purchased", l->purchased);
        }
        static const char *const how[] = {"part_number", "part_number_in_name", "name", "not_found", "ambiguous",
                                          "not_modelled"};
        cJSON_AddStringToObject(j, "matched_by", how[l->how]);
        if (l->part) cJSON_AddStringToObject(j, "part_id", l->part->id);
        else cJSON_AddNullToObject(j, "part_id");
        if (l->matched_on[0]) cJSON_AddStringToObject(j, "part_number", l->matched_on);
        if (l->reason[0]) cJSON_AddStringToObject(j, "reason", l->reason);
        cJSON_AddItemToArray(lines, j);
    }
    cJSON_AddNumberToObject(o, "matched", (double)pl->n_matched);
    cJSON_AddNumberToObject(o, "not_matched", (double)pl->n_unmatched);
    cJSON_AddNumberToObject(o, "left_out", (double)pl->n_not_modelled);
    cJSON_AddItemToObject(o, "build", build_to_json(b));
    return o;
}

const struct option cli_import_opts[] = {{"output", required_argument, NULL, 'o'},
                                        {"force", no_argument, NULL, 'f'},
                                        {"name", required_argument, NULL, 'n'},
                                        {"json", no_argument, NULL, 'j'},
                                        {"help", no_argument, NULL, 'h'},
                                        {NULL, 0, NULL, 0}};
const cli_optvalue cli_import_values[] = {{"output", CLI_V_OUTPUT}, {NULL, CLI_V_NONE}};

int cmd_import(cli_ctx *ctx, int argc, char **argv)
{
    const char *out = NULL, *name = NULL;
    bool force = false, json = false;
    int c;
    optind = 0;
    while ((c = cli_getopt(argc, argv, "o:h", cli_import_opts, "import")) != -1) {
        switch (c) {
        case 'o': out = optarg; break;
        case 'f': force = true; break;
        case 'n': name = optarg; break;
        case 'j': json = true; break;
        case 'h': usage(stdout); return EXIT_OK;
        default: return EXIT_USAGE;
        }
    }
    if (optind + 1 != argc) {
        cli_error("import: expected one LIST file (see 'dlrig import --help')");
        return EXIT_USAGE;
    }
    if (name && (!*name || strlen(name) > 200)) {
        cli_error("--name: expected 1 to 200 bytes of text");
        return EXIT_USAGE;
    }
    const char *file = argv[optind];
    if (!cli_output_free("import", out, force)) return EXIT_USAGE; /* refused before any work */
    size_t len;
    int rs;
    char *text = cli_read_text(file, DLRIG_PARTLIST_MAX_BYTES, "a parts list", &len, &rs);
    if (!text) return rs;
    dlrig_catalog *cat = cli_catalog(ctx);
    if (!cat) {
        free(text);
        return EXIT_IO;
    }
    dlrig_partlist pl;
    char err[512];
    int rc = partlist_parse(cat, text, len, &pl, err, sizeof err);
    free(text);
    if (rc != 0) {
        cli_error("%s: %s", file, err);
        partlist_free(&pl);
        return EXIT_USAGE;
    }
    char *title = name ? xstrdup(name)
                  : pl.date[0] ? xasprintf("PCPartPicker list of %s", pl.date)
                               : xasprintf("Imported from %s", strrchr(file, '/') ? strrchr(file, '/') + 1 : file);
    dlrig_build b;
    build_init(&b, title);
    free(title);
    partlist_to_build(&pl, &b);
    bool to_stdout = out && strcmp(out, "-") == 0;
    FILE *rep = to_stdout ? stderr : stdout;
    if (json && !to_stdout) cli_print_json_to(stdout, report_json(&pl, &b)); /* names its format: dlrig-import */
    else report_text(rep, &pl, file);
    int status = pl.n_unmatched ? EXIT_FINDINGS : EXIT_OK;
    if (pl.n_matched == 0) {
        cli_error("%s: no line names a catalog part; nothing written", file);
        status = EXIT_USAGE;
    } else if (to_stdout) {
        cli_print_json_to(stdout, build_to_json(&b));
    } else if (out) {
        if (build_save(&b, out, force, err, sizeof err) != DLRIG_BUILD_OK) {
            cli_error("%s", err);
            status = EXIT_IO;
        } else if (!json) {
            printf("Wrote %s (%zu part line%s). Next: dlrig check %s\n", cli_safe(out), b.n_items,
                   b.n_items == 1 ? "" : "s", cli_safe(out));
        }
    } else if (!json) {
        printf("Nothing written; -o BUILD.json writes the build.\n");
    }
    build_free(&b);
    partlist_free(&pl);
    return status;
}
