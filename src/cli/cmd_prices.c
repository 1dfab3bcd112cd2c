/* `dlrig prices`: import, list and clear the user's vendor price lists. */
#include <cjson/cJSON.h>
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "dlrig/prices.h"
#include "dlrig/util.h"

static void usage(FILE *f)
{
    fputs("Usage: dlrig prices import FILE.csv [--rate CUR=USD]... [--decimal-comma] [--currency CUR]\n"
          "                          [--vendor NAME] [--date YYYY-MM[-DD]] [--skip-bad]\n"
          "       dlrig prices list [--json]\n"
          "       dlrig prices clear [--vendor NAME]\n"
          "Vendors' price lists that override the catalog's prices in every command.\n\n"
          "The list is CSV with a header row; fields are separated by ',' ';' or tab\n"
          "(whichever the header uses).  Each line names its part by its catalog id, by\n"
          "a manufacturer part number (a number sold as a kit of N in the catalog prices\n"
          "the kit at N times the line's price) or by the part's name (exactly, or with a\n"
          "part number inside it), and gives a positive price, a 3-letter ISO currency\n"
          "code (USD, EUR, ...), the date as YYYY-MM-DD or YYYY-MM (not after today) and\n"
          "the vendor's name.  Header names, in any order, any case; other columns are\n"
          "ignored and listed:\n",
          f);
    fputs(prices_column_help(), f);
    fputs("Several vendors' lists live side by side.  For each part and vendor the newest\n"
          "price stands (an older line never replaces a newer price); among vendors the\n"
          "cheapest current price wins.  Importing a part and vendor again with the same\n"
          "or a later date replaces that price.\n\n"
          "  --rate CUR=USD     US dollars per unit of CUR for this import (e.g. EUR=1.08);\n"
          "                     needed for every currency but USD; stored with each price\n"
          "  --decimal-comma    prices are written 1.299,00 (',' before the cents; '.',\n"
          "                     space or apostrophe between thousands)\n"
          "  --currency CUR     the currency of a list without a currency column\n"
          "  --vendor NAME      the vendor of a list without a vendor column\n"
          "  --date DATE        the date of a list without a date column\n"
          "  --skip-bad         import the good lines and report the bad ones (without it a\n"
          "                     file with a bad line imports nothing)\n"
          "  --json             (list) one JSON document\n"
          "  --vendor NAME      (clear) only that vendor's prices\n\n"
          "Prices live in $XDG_DATA_HOME/dlrig/user.db.  Exit status: 0 imported; 2 bad\n"
          "usage or bad lines with nothing imported; 3 database or I/O failure.\n",
          f);
}

static char *db_path(bool create)
{
    char *p = prices_user_db_path(create);
    if (!p) {
        char *dir = xdg_data_dir(false);
        cli_error("cannot %s the data directory %s: %s", create ? "create" : "find",
                  dir ? dir : "$XDG_DATA_HOME/dlrig", strerror(errno));
        free(dir);
    }
    return p;
}

/* How the imported lines found their parts, each line not found by id, and
 * the columns that were not used. */
static void report_matches(const dlrig_price_list *pl)
{
    size_t lines = 0;
    for (int m = 0; m < DLRIG_MATCH_COUNT; m++) lines += pl->matched[m];
    printf("Matched %zu line%s:", lines, lines == 1 ? "" : "s");
    bool first = true;
    for (int m = 0; m < DLRIG_MATCH_COUNT; m++) {
        if (!pl->matched[m]) continue;
        printf("%s %zu by %s", first ? "" : ",", pl->matched[m], dlrig_price_match_names[m]);
        first = false;
    }
    printf("\n");
    for (size_t i = 0; i < pl->n_rows; i++) {
        const dlrig_price_row *r = &pl->rows[i];
        if (r->match == DLRIG_MATCH_ID) continue;
        printf("  line %d: '%s' is %s (by %s", r->line, cli_safe(r->matched_on), r->part_id,
               dlrig_price_match_names[r->match]);
        if (r->units > 1) printf("; %d of them make the part: %d x %.2f %s", r->units, r->units, r->price / r->units,
                                 r->currency);
        printf(")\n");
    }
    if (pl->delimiter != ',') printf("Fields separated by %s\n", pl->delimiter == '\t' ? "tabs" : "';'");
    if (pl->ignored_columns[0]) printf("Columns not used: %s\n", cli_safe(pl->ignored_columns));
}

static int do_import(cli_ctx *ctx, int argc, char **argv)
{
    enum { O_SKIP = 256, O_RATE, O_COMMA, O_CUR, O_VENDOR, O_DATE };
    static const struct option opts[] = {{"skip-bad", no_argument, NULL, O_SKIP},
                                         {"rate", required_argument, NULL, O_RATE},
                                         {"decimal-comma", no_argument, NULL, O_COMMA},
                                         {"currency", required_argument, NULL, O_CUR},
                                         {"vendor", required_argument, NULL, O_VENDOR},
                                         {"date", required_argument, NULL, O_DATE},
                                         {"help", no_argument, NULL, 'h'},
                                         {NULL, 0, NULL, 0}};
    bool skip = false;
    dlrig_price_options po = {0};
    dlrig_rate rates[DLRIG_PRICES_MAX_RATES];
    size_t n_rates = 0;
    char err[512];
    int c;
    optind = 0;
    while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        switch (c) {
        case O_SKIP: skip = true; break;
        case O_COMMA: po.decimal_comma = true; break;
        case O_CUR: po.currency = optarg; break;
        case O_VENDOR: po.vendor = optarg; break;
        case O_DATE: po.date = optarg; break;
        case O_RATE: {
            dlrig_rate r;
            if (prices_parse_rate(optarg, &r, err, sizeof err)) {
                cli_error("--rate: %s", err);
                return EXIT_USAGE;
            }
            size_t i = 0;
            while (i < n_rates && strcmp(rates[i].currency, r.currency)) i++;
            if (i == n_rates) {
                if (n_rates == DLRIG_PRICES_MAX_RATES) {
                    cli_error("--rate: at most %d currencies", DLRIG_PRICES_MAX_RATES);
                    return EXIT_USAGE;
                }
                n_rates++;
            }
            rates[i] = r;
            break;
        }
        case 'h': usage(stdout); return EXIT_OK;
        default: usage(stderr); return EXIT_USAGE;
        }
    }
    if (optind + 1 != argc) {
        cli_error("prices import: expected one FILE.csv");
        return EXIT_USAGE;
    }
    const char *file = argv[optind];
    size_t len;
    int rs;
    char *text = cli_read_text(file, DLRIG_PRICES_MAX_BYTES, "a price list", &len, &rs);
    if (!text) return rs;
    dlrig_catalog *cat = cli_catalog(ctx);
    if (!cat) {
        free(text);
        return EXIT_IO;
    }
    dlrig_price_list pl;
    po.label = file;
    po.rates = rates;
    po.n_rates = n_rates;
    prices_parse_opts(cat, text, len, &po, &pl);
    free(text);
    for (size_t i = 0; i < pl.n_issues; i++) {
        if (pl.issues[i].line > 0)
            fprintf(stderr, "%s:%d: %s\n", cli_safe(file), pl.issues[i].line, cli_safe(pl.issues[i].reason));
        else fprintf(stderr, "%s: %s\n", cli_safe(file), cli_safe(pl.issues[i].reason));
    }
    int status = EXIT_OK;
    if (pl.fatal) {
        cli_error("%s: nothing imported", file);
        status = EXIT_USAGE;
    } else if (pl.n_issues && !skip) {
        size_t good = 0;
        for (int m = 0; m < DLRIG_MATCH_COUNT; m++) good += pl.matched[m];
        cli_error("%s: %zu bad line%s; nothing imported (fix %s, or --skip-bad imports the %zu good line%s)", file,
                  pl.n_issues, pl.n_issues == 1 ? "" : "s", pl.n_issues == 1 ? "it" : "them", good,
                  good == 1 ? "" : "s");
        status = EXIT_USAGE;
    } else if (pl.n_rows == 0) {
        cli_error("%s: no price lines; nothing imported", file);
        status = EXIT_USAGE;
    }
    if (status != EXIT_OK) {
        price_list_free(&pl);
        return status;
    }
    char *db = db_path(true);
    if (!db) {
        price_list_free(&pl);
        return EXIT_IO;
    }
    if (catalog_user_prices_store(db, pl.rows, pl.n_rows, err, sizeof err) != 0) {
        cli_error("%s; nothing imported", err);
        free(db);
        price_list_free(&pl);
        return EXIT_IO;
    }
    /* vendors and rates of what was imported */
    printf("Imported %zu price%s from %s", pl.n_rows, pl.n_rows == 1 ? "" : "s", cli_safe(file));
    const char *seen[32];
    size_t ns = 0;
    for (size_t i = 0; i < pl.n_rows && ns < 32; i++) {
        bool dup = false;
        for (size_t k = 0; k < ns; k++) dup = dup || strcmp(seen[k], pl.rows[i].vendor) == 0;
        if (!dup) seen[ns++] = pl.rows[i].vendor;
    }
    printf(" (vendor%s: ", ns == 1 ? "" : "s");
    for (size_t k = 0; k < ns; k++) printf("%s%s", k ? ", " : "", cli_safe(seen[k]));
    printf(")\n");
    for (size_t r = 0; r < n_rates; r++) {
        bool used = false;
        for (size_t i = 0; i < pl.n_rows && !used; i++) used = strcmp(pl.rows[i].currency, rates[r].currency) == 0;
        if (used) printf("Rate: 1 %s = %g USD (stored with these prices)\n", cli_safe(rates[r].currency), rates[r].usd_per_unit);
    }
    report_matches(&pl);
    if (pl.n_issues) cli_error("%s: skipped %zu bad line%s", file, pl.n_issues, pl.n_issues == 1 ? "" : "s");
    printf("Prices are in %s\n", cli_safe(db));
    free(db);
    price_list_free(&pl);
    return EXIT_OK;
}

static int do_list(cli_ctx *ctx, int argc, char **argv)
{
    static const struct option opts[] = {
        {"json", no_argument, NULL, 'j'}, {"help", no_argument, NULL, 'h'}, {NULL, 0, NULL, 0}};
    bool json = false;
    int c;
    optind = 0;
    while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        if (c == 'j') json = true;
        else if (c == 'h') {
            usage(stdout);
            return EXIT_OK;
        } else {
            usage(stderr);
            return EXIT_USAGE;
        }
    }
    if (optind != argc) {
        cli_error("prices list: unexpected argument '%s'", argv[optind]);
        return EXIT_USAGE;
    }
    dlrig_catalog *cat = cli_catalog(ctx);
    if (!cat) return EXIT_IO;
    char *db = db_path(false);
    if (!db) return EXIT_IO;
    dlrig_price_row *rows;
    size_t n;
    char err[512];
    if (catalog_user_prices_read(db, &rows, &n, err, sizeof err) != 0) {
        cli_error("%s", err);
        free(db);
        return EXIT_IO;
    }
    /* the row that sets its part's new price (price.h's policy picked it) */
    bool *eff = xcalloc(n ? n : 1, sizeof *eff);
    for (size_t i = 0; i < n; i++) {
        const dlrig_part *p = catalog_find(cat, rows[i].part_id);
        const dlrig_price *np = p ? &p->new_price : NULL;
        eff[i] = np && np->user_list && np->market && strcmp(np->market, rows[i].vendor) == 0 &&
                 np->date == rows[i].date;
    }
    if (json) {
        cJSON *doc = cJSON_CreateObject();
        cJSON_AddStringToObject(doc, "user_db", db);
        cJSON *arr = cJSON_AddArrayToObject(doc, "prices");
        for (size_t i = 0; i < n; i++) {
            const dlrig_price_row *r = &rows[i];
            const dlrig_part *p = catalog_find(cat, r->part_id);
            cJSON *o = cJSON_CreateObject();
            cJSON_AddStringToObject(o, "id", r->part_id);
            cJSON_AddStringToObject(o, "vendor", r->vendor);
            cJSON_AddNumberToObject(o, "price", r->price);
            cJSON_AddStringToObject(o, "currency", r->currency);
            cJSON_AddNumberToObject(o, "usd_per_unit", r->usd_per_unit);
            cJSON_AddNumberToObject(o, "price_usd", round(r->price_usd * 100) / 100);
            if (p && !isnan(p->catalog_price_usd)) cJSON_AddNumberToObject(o, "catalog_price_usd", p->catalog_price_usd);
            else cJSON_AddNullToObject(o, "catalog_price_usd");
            cJSON_AddStringToObject(o, "date", r->date);
            cJSON_AddBoolToObject(o, "effective", eff[i]);
            cJSON_AddBoolToObject(o, "in_catalog", p != NULL);
            cJSON_AddStringToObject(o, "source", r->source);
            if (r->line > 0) cJSON_AddNumberToObject(o, "line", r->line);
            cJSON_AddStringToObject(o, "imported_at", r->imported_at);
            cJSON_AddItemToArray(arr, o);
        }
        cli_print_json(doc);
    } else if (n == 0) {
        printf("No price lists imported (dlrig prices import FILE.csv); every price is the catalog's.\n");
    } else {
        static const char *const heads[] = {"", "Part", "Vendor", "Price", "Cur", "Rate", "USD", "Catalog", "Date"};
        static const bool right[] = {false, false, false, true, false, true, true, true, false};
        cli_table *t = table_new(9, heads, right);
        for (size_t i = 0; i < n; i++) {
            const dlrig_price_row *r = &rows[i];
            const dlrig_part *p = catalog_find(cat, r->part_id);
            char price[32], rate[32], usd[32], catp[32];
            snprintf(price, sizeof price, "%.2f", r->price);
            snprintf(rate, sizeof rate, "%g", r->usd_per_unit);
            snprintf(usd, sizeof usd, "%.2f", r->price_usd);
            if (p && !isnan(p->catalog_price_usd)) snprintf(catp, sizeof catp, "%.2f", p->catalog_price_usd);
            else snprintf(catp, sizeof catp, "%s", p ? "-" : "not in catalog");
            const char *cells[] = {eff[i] ? "*" : "", r->part_id, r->vendor, price, r->currency, rate, usd, catp,
                                   r->date};
            table_row(t, cells);
        }
        table_print(t, cli_term_width(), 2, 1); /* cut the vendor, never the part id */
        table_free(t);
        printf("\n* the effective price: the cheapest vendor's, in USD; it replaces the catalog price.\n");
        /* the rates in use */
        bool any = false;
        for (size_t i = 0; i < n; i++) {
            if (strcmp(rows[i].currency, "USD") == 0) continue;
            bool dup = false;
            for (size_t k = 0; k < i && !dup; k++)
                dup = strcmp(rows[k].currency, rows[i].currency) == 0 && rows[k].usd_per_unit == rows[i].usd_per_unit &&
                      strcmp(rows[k].source, rows[i].source) == 0;
            if (dup) continue;
            if (!any) printf("Rates (US dollars per unit, as stated at import):\n");
            any = true;
            printf("  1 %s = %g USD  (%s, imported %s)\n", cli_safe(rows[i].currency), rows[i].usd_per_unit,
                   rows[i].source[0] ? cli_safe(rows[i].source) : "?", cli_safe(rows[i].imported_at));
        }
        if (!any) printf("Every price is in USD (no conversion).\n");
        printf("%zu price%s in %s\n", n, n == 1 ? "" : "s", cli_safe(db));
    }
    free(eff);
    free(rows);
    free(db);
    return EXIT_OK;
}

static int do_clear(cli_ctx *ctx, int argc, char **argv)
{
    (void)ctx;
    static const struct option opts[] = {
        {"vendor", required_argument, NULL, 'v'}, {"help", no_argument, NULL, 'h'}, {NULL, 0, NULL, 0}};
    const char *vendor = NULL;
    int c;
    optind = 0;
    while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        if (c == 'v') vendor = optarg;
        else if (c == 'h') {
            usage(stdout);
            return EXIT_OK;
        } else {
            usage(stderr);
            return EXIT_USAGE;
        }
    }
    if (optind != argc) {
        cli_error("prices clear: unexpected argument '%s'", argv[optind]);
        return EXIT_USAGE;
    }
    char *db = db_path(false);
    if (!db) return EXIT_IO;
    size_t removed;
    char err[512] = "";
    if (catalog_user_prices_clear(db, vendor, &removed, err, sizeof err) != 0) {
        cli_error("%s", err);
        free(db);
        return EXIT_IO;
    }
    if (err[0]) cli_error("%s", err); /* an interrupted import rolled back first */
    if (removed == 0)
        printf("No imported prices%s%s%s to remove; every price is the catalog's.\n", vendor ? " from '" : "",
               vendor ? cli_safe(vendor) : "", vendor ? "'" : "");
    else
        printf("Removed %zu price%s%s%s%s; %s\n", removed, removed == 1 ? "" : "s", vendor ? " from '" : "",
               vendor ? cli_safe(vendor) : "", vendor ? "'" : "", vendor ? "other vendors' prices stay" : "catalog prices apply again");
    free(db);
    return EXIT_OK;
}

int cmd_prices(cli_ctx *ctx, int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return EXIT_USAGE;
    }
    const char *sub = argv[1];
    if (!strcmp(sub, "--help") || !strcmp(sub, "-h") || !strcmp(sub, "help")) {
        usage(stdout);
        return EXIT_OK;
    }
    if (!strcmp(sub, "import")) return do_import(ctx, argc - 1, argv + 1);
    if (!strcmp(sub, "list")) return do_list(ctx, argc - 1, argv + 1);
    if (!strcmp(sub, "clear")) return do_clear(ctx, argc - 1, argv + 1);
    cli_error("prices: unknown subcommand '%s'; expected import, list or clear", sub);
    return EXIT_USAGE;
}
