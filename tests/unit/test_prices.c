/* Price list tests: validation of every line with line numbers and reasons,
 * all-or-nothing import (and --skip-bad), vendors side by side (cheapest per
 * part, per-vendor build totals), currency conversion at a stated rate,
 * clear, and a corrupt or unwritable user database.  Every test has its own
 * XDG_DATA_HOME in a temporary directory. */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "dlrig/catalog.h"
#include "dlrig/partlist.h"
#include "dlrig/prices.h"
#include "dlrig/query.h"
#include "dlrig/util.h"

static char tmpdir[256];
static char db[400];
static dlrig_catalog *cat;

static void setup(void)
{
    snprintf(tmpdir, sizeof tmpdir, "/tmp/dlrig-prices-XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(tmpdir));
    char data[300];
    snprintf(data, sizeof data, "%s/data", tmpdir);
    setenv("XDG_DATA_HOME", data, 1);
    setenv("HOME", tmpdir, 1);
    char *p = prices_user_db_path(true);
    ck_assert_ptr_nonnull(p);
    snprintf(db, sizeof db, "%s", p);
    free(p);
    char err[512];
    cat = catalog_open(NULL, err, sizeof err);
    ck_assert_msg(cat != NULL, "%s", err);
}

static void teardown(void)
{
    catalog_close(cat);
    char cmd[700];
    snprintf(cmd, sizeof cmd, "chmod -R u+w '%s' 2>/dev/null; rm -rf '%s'", tmpdir, tmpdir);
    ck_assert_int_eq(system(cmd), 0);
}

static char *write_tmp(const char *name, const char *text)
{
    char *path = xasprintf("%s/%s", tmpdir, name);
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    fclose(f);
    return path;
}

/* Runs the dlrig binary with args; returns its exit status and its stderr
 * in *err_out (caller frees). */
static int run_dlrig(const char *args, char **err_out)
{
    char *errfile = xasprintf("%s/stderr.txt", tmpdir);
    char *cmd = xasprintf("'%s' %s >/dev/null 2>'%s'", DLRIG_BIN, args, errfile);
    int st = system(cmd);
    size_t len;
    *err_out = read_file_limit(errfile, 1 << 20, &len);
    free(cmd);
    free(errfile);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static size_t stored_rows(void)
{
    dlrig_price_row *rows;
    size_t n;
    char err[512];
    ck_assert_int_eq(catalog_user_prices_read(db, &rows, &n, err, sizeof err), 0);
    free(rows);
    return n;
}

static const char two_bad[] = "id,price,currency,date,vendor\n"
                              "nvidia-rtx-4090,1799.00,USD,2025-03-14,Acme Computers\n"
                              "nvidia-rtx-409,1750,USD,2025-03-14,Acme Computers\n"
                              "amd-threadripper-pro-7975wx,3899,USD,2025-03,Acme Computers\n"
                              "nvidia-rtx-6000-ada,-5,usd,2025-03,Acme Computers\n"
                              "nvidia-rtx-5090,1999,USD,2025-03-01,Acme Computers\n";

START_TEST(two_bad_lines_reported)
{
    dlrig_price_list pl;
    prices_parse(cat, two_bad, strlen(two_bad), "list.csv", NULL, 0, &pl);
    ck_assert(!pl.fatal);
    ck_assert_uint_eq(pl.n_issues, 2);
    ck_assert_int_eq(pl.issues[0].line, 3);
    ck_assert_ptr_nonnull(strstr(pl.issues[0].reason, "unknown part id 'nvidia-rtx-409'"));
    ck_assert_ptr_nonnull(strstr(pl.issues[0].reason, "nvidia-rtx-4090")); /* the closest id */
    ck_assert_int_eq(pl.issues[1].line, 5);
    ck_assert_ptr_nonnull(strstr(pl.issues[1].reason, "price '-5'"));
    ck_assert_ptr_nonnull(strstr(pl.issues[1].reason, "currency 'usd'"));
    ck_assert_uint_eq(pl.n_rows, 3);
    price_list_free(&pl);
}
END_TEST

START_TEST(every_kind_of_bad_line)
{
    const char *csv = "vendor,date,currency,price,id\n" /* any column order */
                      "Acme,2025-02-30,USD,10,nvidia-rtx-4090\n"     /* 2: no such day */
                      "Acme,2025-03,EURO,10,nvidia-rtx-4090\n"       /* 3: currency */
                      ",2025-03,USD,10,nvidia-rtx-4090\n"            /* 4: empty vendor */
                      "Acme,2025-03,USD,1;299,nvidia-rtx-4090\n"     /* 5: price */
                      "Acme,2025-03,USD,10\n"                        /* 6: column count */
                      "\"Acme,2025-03,USD,10,nvidia-rtx-4090\n"      /* 7: unterminated quote */;
    dlrig_price_list pl;
    prices_parse(cat, csv, strlen(csv), "x.csv", NULL, 0, &pl);
    ck_assert_uint_eq(pl.n_issues, 6);
    ck_assert_uint_eq(pl.n_rows, 0);
    const char *want[] = {"date '2025-02-30'", "currency 'EURO'", "empty vendor", "price '1;299'",
                          "expected 5 fields", "malformed CSV"};
    for (int i = 0; i < 6; i++) {
        ck_assert_int_eq(pl.issues[i].line, i + 2);
        ck_assert_msg(strstr(pl.issues[i].reason, want[i]), "line %d: %s", i + 2, pl.issues[i].reason);
    }
    price_list_free(&pl);

    const char *bad_header = "id,price,currency,vendor,shop\nnvidia-rtx-4090,1,USD,Acme,x\n";
    prices_parse(cat, bad_header, strlen(bad_header), "h.csv", NULL, 0, &pl);
    ck_assert(pl.fatal);
    ck_assert_uint_eq(pl.n_issues, 1);
    ck_assert_int_eq(pl.issues[0].line, 1);
    ck_assert_ptr_nonnull(strstr(pl.issues[0].reason, "columns 'vendor' and 'shop' both give the vendor"));
    ck_assert_ptr_nonnull(strstr(pl.issues[0].reason, "missing column 'date'"));
    price_list_free(&pl);

    const char *dup = "id,price,currency,date,vendor\nnvidia-rtx-4090,1,USD,2025-01,A\nnvidia-rtx-4090,2,USD,2025-01,A\n";
    prices_parse(cat, dup, strlen(dup), "d.csv", NULL, 0, &pl);
    ck_assert_uint_eq(pl.n_issues, 1);
    ck_assert_int_eq(pl.issues[0].line, 3);
    ck_assert_ptr_nonnull(strstr(pl.issues[0].reason, "already priced on line 2"));
    price_list_free(&pl);
}
END_TEST

START_TEST(import_is_all_or_nothing)
{
    char *csv = write_tmp("list.csv", two_bad);
    char *args = xasprintf("prices import '%s'", csv);
    char *err;
    ck_assert_int_eq(run_dlrig(args, &err), 2);
    ck_assert_ptr_nonnull(err);
    ck_assert_msg(strstr(err, "list.csv:3: unknown part id"), "%s", err);
    ck_assert_msg(strstr(err, "list.csv:5: price '-5'"), "%s", err);
    ck_assert_msg(strstr(err, "nothing imported"), "%s", err);
    free(err);
    ck_assert_uint_eq(stored_rows(), 0);
    free(args);

    args = xasprintf("prices import --skip-bad '%s'", csv);
    ck_assert_int_eq(run_dlrig(args, &err), 0);
    ck_assert_msg(strstr(err, "list.csv:3:") && strstr(err, "list.csv:5:"), "%s", err);
    free(err);
    ck_assert_uint_eq(stored_rows(), 3);
    free(args);
    free(csv);
}
END_TEST

static dlrig_price_row row(const char *id, const char *vendor, double price, const char *cur, double rate)
{
    dlrig_price_row r;
    memset(&r, 0, sizeof r);
    snprintf(r.part_id, sizeof r.part_id, "%s", id);
    snprintf(r.vendor, sizeof r.vendor, "%s", vendor);
    snprintf(r.currency, sizeof r.currency, "%s", cur);
    snprintf(r.date, sizeof r.date, "2026-11"); /* current: newer than every catalog price */
    r.price = price;
    r.usd_per_unit = rate;
    r.price_usd = price * rate;
    return r;
}

START_TEST(two_vendors_side_by_side)
{
    const dlrig_part *gpu = catalog_find(cat, "nvidia-rtx-4090");
    const dlrig_part *cpu = catalog_find(cat, "amd-threadripper-pro-7975wx");
    const dlrig_part *psu = catalog_find(cat, "seasonic-prime-tx-1600");
    ck_assert(gpu && cpu && psu);
    double cpu_cat = cpu->price_usd, psu_cat = psu->price_usd;
    ck_assert(!isnan(psu_cat));
    dlrig_price_row rows[] = {
        row("nvidia-rtx-4090", "Acme", 1700, "USD", 1), row("nvidia-rtx-4090", "Beta", 1650, "USD", 1),
        row("amd-threadripper-pro-7975wx", "Acme", 3500, "USD", 1),
        row("amd-threadripper-pro-7975wx", "Beta", 3600, "USD", 1),
        row("seasonic-prime-tx-1600", "Beta", 400, "USD", 1), /* Acme does not list the PSU */
    };
    char err[512];
    ck_assert_int_eq(catalog_user_prices_store(db, rows, 5, err, sizeof err), 0);
    ck_assert_int_eq(catalog_apply_user_prices(cat, db, err, sizeof err), 0);
    /* the cheapest vendor per part */
    ck_assert_double_eq_tol(gpu->price_usd, 1650, 1e-9);
    ck_assert_str_eq(part_price_vendor(gpu), "Beta");
    ck_assert_double_eq_tol(cpu->price_usd, 3500, 1e-9);
    ck_assert_str_eq(part_price_vendor(cpu), "Acme");
    ck_assert_double_eq_tol(cpu->catalog_price_usd, cpu_cat, 1e-9);
    size_t n;
    const dlrig_price_row *vp = catalog_user_prices(cat, "nvidia-rtx-4090", &n);
    ck_assert_uint_eq(n, 2);
    ck_assert_str_eq(vp[0].vendor, "Beta");
    ck_assert_str_eq(vp[1].vendor, "Acme");
    /* what the whole build costs at each vendor (2 GPUs, 1 CPU, 1 PSU) */
    dlrig_build b;
    build_init(&b, "t");
    build_add(&b, gpu, 2);
    build_add(&b, cpu, 1);
    build_add(&b, psu, 1);
    dlrig_vendor_total vt[4];
    ck_assert_uint_eq(prices_vendor_totals(cat, &b, vt, 4), 2);
    /* Acme: 2*1700 + 3500 + catalog PSU; Beta: 2*1650 + 3600 + 400 */
    double acme = 2 * 1700 + 3500 + psu_cat, beta = 2 * 1650 + 3600 + 400;
    const dlrig_vendor_total *va = strcmp(vt[0].vendor, "Acme") == 0 ? &vt[0] : &vt[1];
    const dlrig_vendor_total *vb = va == &vt[0] ? &vt[1] : &vt[0];
    ck_assert_str_eq(va->vendor, "Acme");
    ck_assert_str_eq(vb->vendor, "Beta");
    ck_assert_double_eq_tol(va->total_usd, acme, 1e-6);
    ck_assert_double_eq_tol(vb->total_usd, beta, 1e-6);
    ck_assert_int_eq(va->lines_listed, 2);
    ck_assert_int_eq(vb->lines_listed, 3);
    ck_assert_int_eq(va->lines, 3);
    ck_assert(vt[0].total_usd <= vt[1].total_usd); /* cheapest first */
    /* nodes multiply node parts */
    b.req.nodes = 2;
    prices_vendor_totals(cat, &b, vt, 4);
    ck_assert_double_eq_tol(vt[0].total_usd + vt[1].total_usd, 2 * (acme + beta), 1e-6);
    build_free(&b);
    /* re-importing a (part, vendor) replaces its price */
    dlrig_price_row again = row("nvidia-rtx-4090", "Acme", 1500, "USD", 1);
    ck_assert_int_eq(catalog_user_prices_store(db, &again, 1, err, sizeof err), 0);
    ck_assert_int_eq(catalog_apply_user_prices(cat, db, err, sizeof err), 0);
    ck_assert_double_eq_tol(gpu->price_usd, 1500, 1e-9);
    ck_assert_uint_eq(stored_rows(), 5);
}
END_TEST

/* A spreadsheet's export: ';' between fields, a decimal comma, headers in
 * other words, columns dlrig does not use, parts by manufacturer part number
 * and by name.  Each line is read as the seller wrote it. */
START_TEST(vendor_export_by_part_number)
{
    const char *csv = "Part Number;Product;Stock;Unit Price;Currency;Date;Seller\n"
                      "ct4000mx500ssd1;Crucial MX500 4TB;12;1.234,50;EUR;2026-10-02;Euro Parts\n"
                      "KSM48R40BS4TMM-32HMR;Kingston 32GB RDIMM;40;189,00;EUR;2026-10;Euro Parts\n"
                      ";GeForce RTX 4090;1;2.100,00;EUR;2026-10;Euro Parts\n"
                      ";WD_BLACK SN850X 4TB NVMe (WDS400T2X0E);3;300;EUR;2026-10;Euro Parts\n"
                      "XYZ-404;Nothing Known;1;10,00;EUR;2026-10;Euro Parts\n";
    dlrig_rate eur = {"EUR", 1.1};
    dlrig_price_options o = {.label = "eu.csv", .rates = &eur, .n_rates = 1, .decimal_comma = true};
    dlrig_price_list pl;
    prices_parse_opts(cat, csv, strlen(csv), &o, &pl);
    ck_assert(!pl.fatal);
    ck_assert_int_eq(pl.delimiter, ';');
    ck_assert_str_eq(pl.ignored_columns, "'Stock'");
    ck_assert_uint_eq(pl.n_issues, 1);
    ck_assert_int_eq(pl.issues[0].line, 6);
    ck_assert_msg(strstr(pl.issues[0].reason, "no catalog part has the part number 'XYZ-404', name 'Nothing Known'"),
                  "%s", pl.issues[0].reason);
    /* the module number is sold in kits of 4, 8 and 12: each priced */
    ck_assert_uint_eq(pl.n_rows, 1 + 3 + 1 + 1);
    ck_assert_uint_eq(pl.matched[DLRIG_MATCH_MPN], 2);
    ck_assert_uint_eq(pl.matched[DLRIG_MATCH_NAME], 1);
    ck_assert_uint_eq(pl.matched[DLRIG_MATCH_NAME_MPN], 1);
    ck_assert_str_eq(pl.rows[0].part_id, "crucial-mx500-4tb");
    ck_assert_double_eq_tol(pl.rows[0].price, 1234.50, 1e-9);
    ck_assert_double_eq_tol(pl.rows[0].price_usd, 1234.50 * 1.1, 1e-6);
    ck_assert_int_eq(pl.rows[0].match, DLRIG_MATCH_MPN);
    ck_assert_str_eq(pl.rows[0].matched_on, "ct4000mx500ssd1");
    for (size_t i = 1; i <= 3; i++) {
        const dlrig_price_row *r = &pl.rows[i];
        ck_assert_int_eq(r->line, 3);
        ck_assert_double_eq_tol(r->price, 189.0 * r->units, 1e-9);
        const char *kit = strrchr(r->part_id, '-');
        ck_assert_int_eq(atoi(kit + 1), r->units); /* ...-8x: 8 modules */
    }
    ck_assert_str_eq(pl.rows[4].part_id, "nvidia-rtx-4090");
    ck_assert_double_eq_tol(pl.rows[4].price, 2100, 1e-9);
    ck_assert_str_eq(pl.rows[5].part_id, "wd-black-sn850x-4tb");
    ck_assert_str_eq(pl.rows[5].matched_on, "WDS400T2X0E");
    price_list_free(&pl);
}
END_TEST

/* Tabs, a currency in the price column's name and a sign on the price,
 * the vendor and date stated for the file; thousands separators in groups
 * of three only; a date after today refused. */
START_TEST(tabs_signs_and_dates)
{
    const char *tsv = "id\tPrice (USD)\n"
                      "nvidia-rtx-4090\t$1,799.00\n"
                      "nvidia-rtx-5090\t1,99\n"
                      "nvidia-rtx-6000-ada\t6450\n";
    dlrig_price_options o = {.label = "t.tsv", .vendor = "Acme", .date = "2026-11-02", .today = "2026-11-27"};
    dlrig_price_list pl;
    prices_parse_opts(cat, tsv, strlen(tsv), &o, &pl);
    ck_assert(!pl.fatal);
    ck_assert_int_eq(pl.delimiter, '\t');
    ck_assert_uint_eq(pl.n_rows, 2);
    ck_assert_double_eq_tol(pl.rows[0].price, 1799, 1e-9);
    ck_assert_str_eq(pl.rows[0].currency, "USD");
    ck_assert_str_eq(pl.rows[0].vendor, "Acme");
    ck_assert_str_eq(pl.rows[1].date, "2026-11-02");
    ck_assert_uint_eq(pl.n_issues, 1);
    ck_assert_msg(strstr(pl.issues[0].reason, "price '1,99'") && strstr(pl.issues[0].reason, "--decimal-comma"), "%s",
                  pl.issues[0].reason);
    price_list_free(&pl);

    const char *future = "id,price,currency,date,vendor\n"
                         "nvidia-rtx-4090,1799,USD,2031-01,Acme\n"
                         "nvidia-rtx-5090,2999,USD,2026-11-28,Acme\n"
                         "nvidia-rtx-6000-ada,6450,USD,2026-11-27,Acme\n"
                         "nvidia-l40s,7000,EUR,2026-11,Acme\n";
    dlrig_price_options f = {.label = "f.csv", .today = "2026-11-27"};
    prices_parse_opts(cat, future, strlen(future), &f, &pl);
    ck_assert_uint_eq(pl.n_rows, 1);
    ck_assert_uint_eq(pl.n_issues, 3);
    ck_assert_ptr_nonnull(strstr(pl.issues[0].reason, "date 2031-01 is after today (2026-11-27)"));
    ck_assert_ptr_nonnull(strstr(pl.issues[1].reason, "date 2026-11-28 is after today"));
    ck_assert_ptr_nonnull(strstr(pl.issues[2].reason, "no exchange rate for EUR"));
    price_list_free(&pl);

    /* a price marked $ in a EUR column; a group of two after a separator */
    const char *marks = "id,price,currency,date,vendor\n"
                        "nvidia-rtx-4090,$1799,EUR,2026-11,Acme\n"
                        "nvidia-rtx-5090,\"1,99,000\",USD,2026-11,Acme\n"
                        "nvidia-l40s,\"7,000.5\",USD,2026-11,Acme\n";
    prices_parse_opts(cat, marks, strlen(marks), &f, &pl);
    ck_assert_uint_eq(pl.n_issues, 2);
    ck_assert_ptr_nonnull(strstr(pl.issues[0].reason, "marked USD but the currency is EUR"));
    ck_assert_ptr_nonnull(strstr(pl.issues[1].reason, "price '1,99,000'"));
    ck_assert_uint_eq(pl.n_rows, 1);
    ck_assert_double_eq_tol(pl.rows[0].price, 7000.5, 1e-9);
    price_list_free(&pl);

    /* a header that names no part, and one column given twice */
    const char *nopart = "Product Code;SKU;price;currency;date;vendor\nX;Y;1;USD;2026-01;A\n";
    prices_parse_opts(cat, nopart, strlen(nopart), &f, &pl);
    ck_assert(pl.fatal);
    ck_assert_ptr_nonnull(strstr(pl.issues[0].reason, "columns 'Product Code' and 'SKU' both give the mpn"));
    price_list_free(&pl);
    const char *noname = "stock,price,currency,date,vendor\n1,1,USD,2026-01,A\n";
    prices_parse_opts(cat, noname, strlen(noname), &f, &pl);
    ck_assert(pl.fatal);
    ck_assert_ptr_nonnull(strstr(pl.issues[0].reason, "missing a column naming the part"));
    ck_assert_ptr_nonnull(strstr(pl.issues[0].reason, "not used: 'stock'"));
    price_list_free(&pl);
}
END_TEST

START_TEST(currency_with_stated_rate)
{
    const char *csv = "id,price,currency,date,vendor\n"
                      "nvidia-rtx-6000-ada,6000,EUR,2026-11,Euro Parts\n"
                      "nvidia-rtx-4090,250000,JPY,2026-11,Tokyo Parts\n";
    dlrig_price_list pl;
    prices_parse(cat, csv, strlen(csv), "eur.csv", NULL, 0, &pl);
    ck_assert_uint_eq(pl.n_issues, 2); /* no rates stated */
    ck_assert_ptr_nonnull(strstr(pl.issues[0].reason, "no exchange rate for EUR"));
    price_list_free(&pl);

    dlrig_rate rates[2];
    char err[512];
    ck_assert_int_eq(prices_parse_rate("EUR=1.08", &rates[0], err, sizeof err), 0);
    ck_assert_int_eq(prices_parse_rate("JPY=0.0067", &rates[1], err, sizeof err), 0);
    ck_assert_int_eq(prices_parse_rate("eur=1.08", &rates[1], err, sizeof err), -1);
    ck_assert_int_eq(prices_parse_rate("EUR=-1", &rates[1], err, sizeof err), -1);
    ck_assert_int_eq(prices_parse_rate("EUR", &rates[1], err, sizeof err), -1);
    ck_assert_int_eq(prices_parse_rate("JPY=0.0067", &rates[1], err, sizeof err), 0);
    prices_parse(cat, csv, strlen(csv), "eur.csv", rates, 2, &pl);
    ck_assert_uint_eq(pl.n_issues, 0);
    ck_assert_uint_eq(pl.n_rows, 2);
    ck_assert_str_eq(pl.rows[0].currency, "EUR");
    ck_assert_double_eq_tol(pl.rows[0].usd_per_unit, 1.08, 1e-12);
    ck_assert_double_eq_tol(pl.rows[0].price_usd, 6480, 1e-6);
    ck_assert_double_eq_tol(pl.rows[1].price_usd, 1675, 1e-6);
    ck_assert_int_eq(catalog_user_prices_store(db, pl.rows, pl.n_rows, err, sizeof err), 0);
    price_list_free(&pl);
    /* the stored list keeps the currency, the original price and the rate */
    ck_assert_int_eq(catalog_apply_user_prices(cat, db, err, sizeof err), 0);
    size_t n;
    const dlrig_price_row *r = catalog_user_prices(cat, "nvidia-rtx-6000-ada", &n);
    ck_assert_uint_eq(n, 1);
    ck_assert_str_eq(r->currency, "EUR");
    ck_assert_double_eq_tol(r->price, 6000, 1e-9);
    ck_assert_double_eq_tol(r->usd_per_unit, 1.08, 1e-12);
    ck_assert_double_eq_tol(catalog_find(cat, "nvidia-rtx-6000-ada")->price_usd, 6480, 1e-6);
}
END_TEST

START_TEST(clear_restores_catalog_prices)
{
    const dlrig_part *gpu = catalog_find(cat, "nvidia-rtx-4090");
    double catalog_price = gpu->price_usd;
    dlrig_price_row rows[] = {row("nvidia-rtx-4090", "Acme", 1700, "USD", 1),
                              row("nvidia-rtx-4090", "Beta", 1650, "USD", 1)};
    char err[512];
    size_t removed;
    ck_assert_int_eq(catalog_user_prices_clear(db, NULL, &removed, err, sizeof err), 0); /* no file yet */
    ck_assert_uint_eq(removed, 0);
    ck_assert_int_eq(catalog_user_prices_store(db, rows, 2, err, sizeof err), 0);
    ck_assert_int_eq(catalog_user_prices_clear(db, "Beta", &removed, err, sizeof err), 0);
    ck_assert_uint_eq(removed, 1);
    ck_assert_int_eq(catalog_apply_user_prices(cat, db, err, sizeof err), 0);
    ck_assert_double_eq_tol(gpu->price_usd, 1700, 1e-9);
    ck_assert_int_eq(catalog_user_prices_clear(db, NULL, &removed, err, sizeof err), 0);
    ck_assert_uint_eq(removed, 1);
    ck_assert_int_eq(catalog_apply_user_prices(cat, db, err, sizeof err), 0);
    ck_assert_double_eq_tol(gpu->price_usd, catalog_price, 1e-9);
    ck_assert_ptr_null(part_price_vendor(gpu));
    ck_assert_uint_eq(stored_rows(), 0);
}
END_TEST

/* The price policy (price.h): per market only its newest price stands; of
 * those, the ones within the window of the newest count; the cheapest wins. */
START_TEST(policy_newest_per_market_then_cheapest_current)
{
    dlrig_price obs[] = {
        {.usd = 1000, .date = "2026-05", .market = "A"},
        {.usd = 900, .date = "2025-07", .market = "A"},  /* A's older line: superseded by A's 2026-05 */
        {.usd = 950, .date = "2026-04", .market = "B"},  /* current (the month before the newest, 2026-05) */
        {.usd = 500, .date = "2026-03", .market = "C"},  /* C's newest, but 2 months before the newest: not current */
        {.usd = 400, .date = NULL, .market = "D"},       /* undated: never beats a dated price */
    };
    dlrig_price p = price_pick(obs, 5);
    ck_assert_double_eq(p.usd, 950);
    ck_assert_str_eq(p.market, "B");
    p = price_pick(obs, 2); /* A alone: its newest, though dearer */
    ck_assert_double_eq(p.usd, 1000);
    p = price_pick(&obs[4], 1); /* only undated prices: the undated one */
    ck_assert_double_eq(p.usd, 400);
    ck_assert(!price_known(&(dlrig_price){.usd = NAN}));
    p = price_pick(NULL, 0);
    ck_assert(!price_known(&p));
    ck_assert_int_eq(price_age_months("2025-07", "2026-11"), 16);
    ck_assert_int_eq(price_age_months("2026-11-03", "2026-11"), 0);
    ck_assert_int_eq(price_age_months("2031-01", "2026-11"), 0);
    ck_assert_int_eq(price_age_months("July 2025", "2026-11"), -1);
}
END_TEST

/* An imported line older than the catalog's price never displaces it; a
 * current one that is cheaper does, and `show --json` pairs the price with
 * its own date and vendor. */
START_TEST(old_import_leaves_newer_price_standing)
{
    const dlrig_part *gpu = catalog_find(cat, "nvidia-rtx-5090");
    ck_assert_ptr_nonnull(gpu);
    double catalog_price = gpu->price_usd;
    const char *catalog_date = gpu->new_price.date;
    ck_assert_msg(catalog_date && price_month_index(catalog_date) >= price_month_index("2026-01"),
                  "test premise: the RTX 5090 has a 2026 price (%s)", catalog_date ? catalog_date : "undated");
    dlrig_price_row old = row("nvidia-rtx-5090", "Acme", catalog_price - 500, "USD", 1);
    snprintf(old.date, sizeof old.date, "2025-07");
    char err[512];
    ck_assert_int_eq(catalog_user_prices_store(db, &old, 1, err, sizeof err), 0);
    ck_assert_int_eq(catalog_apply_user_prices(cat, db, err, sizeof err), 0);
    ck_assert_double_eq_tol(gpu->price_usd, catalog_price, 1e-9); /* the 2025-07 line is not current */
    ck_assert_ptr_null(part_price_vendor(gpu));
    ck_assert_str_eq(gpu->new_price.date, catalog_date);
    /* a current, cheaper line from another vendor wins, with its own date */
    dlrig_price_row cur = row("nvidia-rtx-5090", "Beta", catalog_price - 100, "USD", 1);
    ck_assert_int_eq(catalog_user_prices_store(db, &cur, 1, err, sizeof err), 0);
    ck_assert_int_eq(catalog_apply_user_prices(cat, db, err, sizeof err), 0);
    ck_assert_double_eq_tol(gpu->price_usd, catalog_price - 100, 1e-9);
    ck_assert_str_eq(part_price_vendor(gpu), "Beta");
    cJSON *j = part_to_json(gpu);
    ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(j, "price_date")->valuestring, "2026-11");
    ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(j, "price_vendor")->valuestring, "Beta");
    cJSON_Delete(j);
}
END_TEST

START_TEST(corrupt_user_db)
{
    FILE *f = fopen(db, "wb");
    ck_assert_ptr_nonnull(f);
    for (int i = 0; i < 8192; i++) fputc((i * 7919) & 0xff, f);
    fclose(f);
    const dlrig_part *gpu = catalog_find(cat, "nvidia-rtx-4090");
    double before = gpu->price_usd;
    char err[512] = "";
    ck_assert_int_eq(catalog_apply_user_prices(cat, db, err, sizeof err), DLRIG_CATALOG_EIO);
    ck_assert_msg(strstr(err, "user.db") && strstr(err, "corrupt"), "%s", err);
    ck_assert_double_eq_tol(gpu->price_usd, before, 1e-9);
    dlrig_price_row r = row("nvidia-rtx-4090", "Acme", 1700, "USD", 1);
    ck_assert_int_eq(catalog_user_prices_store(db, &r, 1, err, sizeof err), DLRIG_CATALOG_EIO);
    size_t removed;
    ck_assert_int_eq(catalog_user_prices_clear(db, NULL, &removed, err, sizeof err), DLRIG_CATALOG_EIO);
    /* every command says so and exits 3 */
    char *out;
    ck_assert_int_eq(run_dlrig("parts --category gpu", &out), 3);
    ck_assert_msg(out && strstr(out, "corrupt"), "%s", out ? out : "");
    free(out);
    /* a SQLite file that is not ours */
    unlink(db);
    char *cmd = xasprintf("sqlite3 '%s' 'CREATE TABLE t(x)' 2>/dev/null", db);
    if (system(cmd) == 0) {
        ck_assert_int_eq(catalog_apply_user_prices(cat, db, err, sizeof err), DLRIG_CATALOG_EIO);
        ck_assert_msg(strstr(err, "not a dlrig user database"), "%s", err);
    }
    free(cmd);
}
END_TEST

START_TEST(unwritable_data_dir)
{
    dlrig_price_row r = row("nvidia-rtx-4090", "Acme", 1700, "USD", 1);
    char err[512] = "";
    char *dir = xdg_data_dir(false);
    if (geteuid() != 0) { /* root writes anywhere: chmod proves nothing */
        ck_assert_int_eq(chmod(dir, 0500), 0);
        ck_assert_int_eq(catalog_user_prices_store(db, &r, 1, err, sizeof err), DLRIG_CATALOG_EIO);
        ck_assert_msg(strstr(err, "user.db"), "%s", err);
        ck_assert_int_ne(access(db, F_OK), 0);
        chmod(dir, 0700);
    }
    /* the data directory cannot be created at all: the CLI says so, exit 3 */
    char *csv = write_tmp("ok.csv", "id,price,currency,date,vendor\nnvidia-rtx-4090,1700,USD,2025-01,Acme\n");
    char *blocker = xasprintf("%s/blocked", tmpdir);
    FILE *f = fopen(blocker, "w");
    ck_assert_ptr_nonnull(f);
    fclose(f);
    char *args = xasprintf("prices import '%s'", csv);
    char *cmd_env = xasprintf("%s/blocked", tmpdir);
    setenv("XDG_DATA_HOME", cmd_env, 1); /* a file where the directory should be */
    char *out;
    ck_assert_int_eq(run_dlrig(args, &out), 3);
    ck_assert_msg(out && strstr(out, "data directory"), "%s", out ? out : "");
    free(out);
    free(cmd_env);
    free(args);
    free(blocker);
    free(csv);
    free(dir);
}
END_TEST


/* ---- PCPartPicker parts lists read into a build ---- */

static const dlrig_partlist_line *pl_line(const dlrig_partlist *l, int line)
{
    for (size_t i = 0; i < l->n_lines; i++)
        if (l->lines[i].line == line) return &l->lines[i];
    ck_abort_msg("no parts-list line %d", line);
    return NULL;
}

static int build_qty(const dlrig_build *b, const char *id)
{
    for (size_t i = 0; i < b->n_items; i++)
        if (strcmp(b->items[i].part->id, id) == 0) return b->items[i].qty;
    return 0;
}

START_TEST(partlist_markdown_by_link_part_number)
{
    static const char md[] =
        "[PCPartPicker Part List](https://pcpartpicker.com/list/Xk7mQ2)\n"
        "\n"
        "Type|Item|Price\n"
        ":----|:----|:----\n"
        "**CPU** | [AMD Ryzen 9 9950X 4.3 GHz 16-Core Processor](https://pcpartpicker.com/product/T3h7YJ/"
        "amd-ryzen-9-9950x-43-ghz-16-core-processor-100-100001277wof) | $549.00 @ Amazon\n"
        "**Memory** | [Corsair Vengeance 64 GB (2 x 32 GB) DDR5-6000 CL30 Memory](https://pcpartpicker.com/product/"
        "p6RFf7/corsair-vengeance-64-gb-2-x-32-gb-ddr5-6000-cl30-memory-cmk64gx5m2b6000c30) | $1,219.99 @ Amazon\n"
        "**Memory** | [Corsair Vengeance 64 GB (2 x 32 GB) DDR5-6000 CL30 Memory](https://pcpartpicker.com/product/"
        "p6RFf7/corsair-vengeance-64-gb-2-x-32-gb-ddr5-6000-cl30-memory-cmk64gx5m2b6000c30) | $219.99 @ Amazon\n"
        "**Storage** | [Samsung 990 Pro 2 TB M.2-2280 PCIe 4.0 X4 NVME Solid State Drive](https://pcpartpicker.com/"
        "product/34ytt6/samsung-990-pro-2-tb-m2-2280-pcie-40-x4-nvme-solid-state-drive-mz-v9p2t0bam) | $169.99\n"
        "**Power Supply** | [Seasonic PRIME PX-1600 1600 W 80+ Platinum](https://pcpartpicker.com/product/8bGbt6/"
        "seasonic-prime-px-1600) | Purchased For $0.00\n"
        "**Monitor** | [LG 27GR95QE-B 27.0\" Monitor](https://pcpartpicker.com/product/ZLMMnQ/lg-27gr95qe-b) | -\n"
        "**Video Card** | [Gigabyte GeForce RTX 9999 Ti 48 GB](https://pcpartpicker.com/product/aaaaaa/x-gv-n9999) |\n"
        " | *Prices include shipping, taxes, rebates, and discounts* |\n"
        " | **Total** | **$2158.97**\n"
        " | Generated by [PCPartPicker](https://pcpartpicker.com) 2026-11-20 10:12 EST-0500 |\n";
    dlrig_partlist l;
    char err[256];
    ck_assert_int_eq(partlist_parse(cat, md, sizeof md - 1, &l, err, sizeof err), 0);
    ck_assert_str_eq(l.format, "markdown");
    ck_assert_str_eq(l.date, "2026-11-20");
    ck_assert_str_eq(l.site, "us");
    ck_assert_uint_eq(l.n_lines, 7); /* the header, ':----' and footer rows are not parts */
    const dlrig_partlist_line *cpu = pl_line(&l, 5);
    ck_assert_int_eq(cpu->how, DLRIG_PL_MPN);
    ck_assert_str_eq(cpu->part->id, "amd-ryzen-9-9950x");
    ck_assert_str_eq(cpu->matched_on, "100-100001277WOF");
    ck_assert(cpu->has_price && fabs(cpu->price - 549.0) < 1e-9);
    ck_assert_str_eq(cpu->currency, "USD");
    ck_assert_str_eq(cpu->store, "Amazon");
    ck_assert(fabs(pl_line(&l, 6)->price - 1219.99) < 1e-9); /* thousands separator */
    /* "mz-v9p2t0bam": the number MZ-V9P2T0 with the regional suffix B/AM run into it */
    const dlrig_partlist_line *ssd = pl_line(&l, 8);
    ck_assert_int_eq(ssd->how, DLRIG_PL_MPN);
    ck_assert_str_eq(ssd->part->id, "samsung-990-pro-2tb");
    const dlrig_partlist_line *psu = pl_line(&l, 9);
    ck_assert(psu->purchased && psu->has_price && psu->price == 0);
    ck_assert_str_eq(psu->part->id, "seasonic-prime-px-1600");
    ck_assert_int_eq(psu->how, DLRIG_PL_NAME);
    ck_assert_int_eq(pl_line(&l, 10)->how, DLRIG_PL_NOT_MODELLED);
    ck_assert(!pl_line(&l, 10)->has_price);
    ck_assert_int_eq(pl_line(&l, 11)->how, DLRIG_PL_UNMATCHED);
    ck_assert_ptr_null(pl_line(&l, 11)->part);
    ck_assert_uint_eq(l.n_matched, 5);
    ck_assert_uint_eq(l.n_unmatched, 1);
    ck_assert_uint_eq(l.n_not_modelled, 1);
    dlrig_build b;
    build_init(&b, "t");
    partlist_to_build(&l, &b);
    ck_assert_uint_eq(b.n_items, 4);
    ck_assert_int_eq(build_qty(&b, "corsair-cmk64gx5m2b6000c30"), 2); /* two lines, one part */
    ck_assert_int_eq(build_qty(&b, "amd-ryzen-9-9950x"), 1);
    build_free(&b);
    partlist_free(&l);
}
END_TEST

START_TEST(partlist_text_by_name_and_maker)
{
    static const char txt[] =
        "[PCPartPicker Part List](https://uk.pcpartpicker.com/list/abc123)\n"
        "\n"
        "CPU: AMD Ryzen 7 7700X 4.5 GHz 8-Core Processor  (\xc2\xa3" "229.99 @ Amazon UK) \r\n"
        "Memory: Crucial 16 GB (2 x 8 GB) DDR5-4800 CL40 Memory\n"
        "Memory: Kingston FURY Beast 16 GB (2 x 8 GB) DDR5-4800 CL40 Memory  (\xc2\xa3" "49.99 @ Scan)\n"
        "Video Card: MSI VENTUS 3X OC GeForce RTX 4090 24 GB Video Card  (\xc2\xa3" "1,649.99 @ Scan)\n"
        "Custom: NVIDIA GeForce RTX 4090 or GeForce RTX 5090\n"
        "Keyboard: Some Keyboard\n"
        "Total: \xc2\xa3" "1929.97\n"
        "Prices include shipping, taxes, and discounts when available\n"
        "Generated by PCPartPicker 2026-10-02 18:40 BST+0100\n";
    dlrig_partlist l;
    char err[256];
    ck_assert_int_eq(partlist_parse(cat, txt, sizeof txt - 1, &l, err, sizeof err), 0);
    ck_assert_str_eq(l.format, "text");
    ck_assert_str_eq(l.site, "uk");
    ck_assert_str_eq(l.date, "2026-10-02");
    ck_assert_uint_eq(l.n_lines, 6);
    const dlrig_partlist_line *cpu = pl_line(&l, 3);
    ck_assert_str_eq(cpu->part->id, "amd-ryzen-7-7700x");
    ck_assert_int_eq(cpu->how, DLRIG_PL_NAME);
    ck_assert_str_eq(cpu->currency, "GBP");
    ck_assert(fabs(cpu->price - 229.99) < 1e-9);
    ck_assert_str_eq(cpu->item, "AMD Ryzen 7 7700X 4.5 GHz 8-Core Processor");
    /* "2 x 8 GB" is the catalog's "2x8GB": Crucial's own kit matches... */
    ck_assert_str_eq(pl_line(&l, 4)->part->id, "crucial-ct2k8g48c40u5");
    /* ...and another maker's kit with the same words does not */
    ck_assert_ptr_null(pl_line(&l, 5)->part);
    ck_assert_int_eq(pl_line(&l, 5)->how, DLRIG_PL_UNMATCHED);
    /* a partner card is read as the chip maker's reference card, and says so */
    const dlrig_partlist_line *gpu = pl_line(&l, 6);
    ck_assert_str_eq(gpu->part->id, "nvidia-rtx-4090");
    ck_assert_ptr_nonnull(strstr(gpu->reason, "reference card"));
    ck_assert(fabs(gpu->price - 1649.99) < 1e-9);
    /* two cards in one line: reported, not guessed */
    const dlrig_partlist_line *two = pl_line(&l, 7);
    ck_assert_int_eq(two->how, DLRIG_PL_AMBIGUOUS);
    ck_assert_ptr_null(two->part);
    ck_assert_ptr_nonnull(strstr(two->reason, "nvidia-rtx-4090"));
    ck_assert_ptr_nonnull(strstr(two->reason, "nvidia-rtx-5090"));
    ck_assert_int_eq(pl_line(&l, 8)->how, DLRIG_PL_NOT_MODELLED);
    partlist_free(&l);
}
END_TEST

START_TEST(partlist_not_a_list)
{
    static const char *const texts[] = {"", "id,price\nnvidia-rtx-4090,1799\n", "CPU\n| a | b |\n",
                                        "Monitorx: thing\n"};
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        dlrig_partlist l;
        char err[256] = "";
        ck_assert_int_eq(partlist_parse(cat, texts[i], strlen(texts[i]), &l, err, sizeof err), -1);
        ck_assert_ptr_nonnull(strstr(err, "no parts list found"));
        ck_assert_uint_eq(l.n_lines, 0);
        partlist_free(&l);
    }
    /* a Canadian list's '$' is the Canadian dollar */
    static const char ca[] = "**CPU** | [AMD Ryzen 7 7700X](https://ca.pcpartpicker.com/product/x/amd-ryzen-7-7700x) | "
                             "$419.99 @ Amazon Canada\n";
    dlrig_partlist l;
    char err[256];
    ck_assert_int_eq(partlist_parse(cat, ca, sizeof ca - 1, &l, err, sizeof err), 0);
    ck_assert_str_eq(l.site, "ca");
    ck_assert_str_eq(l.lines[0].currency, "CAD");
    partlist_free(&l);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("prices");
    TCase *tc = tcase_create("core");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, two_bad_lines_reported);
    tcase_add_test(tc, every_kind_of_bad_line);
    tcase_add_test(tc, vendor_export_by_part_number);
    tcase_add_test(tc, tabs_signs_and_dates);
    tcase_add_test(tc, import_is_all_or_nothing);
    tcase_add_test(tc, two_vendors_side_by_side);
    tcase_add_test(tc, currency_with_stated_rate);
    tcase_add_test(tc, clear_restores_catalog_prices);
    tcase_add_test(tc, policy_newest_per_market_then_cheapest_current);
    tcase_add_test(tc, old_import_leaves_newer_price_standing);
    tcase_add_test(tc, corrupt_user_db);
    tcase_add_test(tc, unwritable_data_dir);
    tcase_add_test(tc, partlist_markdown_by_link_part_number);
    tcase_add_test(tc, partlist_text_by_name_and_maker);
    tcase_add_test(tc, partlist_not_a_list);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
