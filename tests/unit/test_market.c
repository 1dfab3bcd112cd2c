/* Market moves (market.h) on a fixture catalog: catalog.db plus memory kits
 * of a made-up type whose prices then and later are known, so the median
 * ratio, the peers counted and the ones left out can be checked exactly. */
#include <check.h>
#include <math.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "dlrig/build.h"
#include "dlrig/catalog.h"
#include "dlrig/export.h"
#include "dlrig/market.h"
#include "dlrig/util.h"

static dlrig_catalog *fx;
static char fx_path[256];

#define KIT(id, price, date, reg)                                                                            \
    "INSERT INTO memory (id, vendor, name, price_usd, price_date, year, source, note, type, capacity_gb, "   \
    "modules, speed_mts, ecc, registered) VALUES ('" id "', 'Test', 'Test kit " id "', " price ", " date ", " \
    "NULL, 'mem-bapcs-deals-2025-2026', 'Test fixture, not a real product.', 'TESTDDR', 32, 2, 4800, 0, " reg ");"
#define OFFER(id, price, date)                                                                                 \
    "INSERT INTO price_offer (part_id, condition, price_usd, price_date, market, source) VALUES ('" id "', "   \
    "'new', " price ", '" date "', 'Test shop', 'mem-bapcs-deals-2025-2026');"

static const char FIXTURE_SQL[] =
    /* the kit asked about, priced 2025-01 */
    KIT("test-kit-t", "100", "'2025-01'", "0")
    /* peers priced then (2025-01, or within two months before) and at least three months later */
    KIT("test-kit-a", "100", "'2025-01'", "0") OFFER("test-kit-a", "300", "2025-09")
    KIT("test-kit-b", "100", "'2024-11'", "0") OFFER("test-kit-b", "500", "2025-10")
    OFFER("test-kit-b", "450", "2025-06") /* an older later price: the newest counts */
    KIT("test-kit-c", "200", "'2025-01'", "0") OFFER("test-kit-c", "400", "2025-08")
    /* not counted: no later price three months on; priced too long before; registered; undated */
    KIT("test-kit-d", "100", "'2025-01'", "0") OFFER("test-kit-d", "900", "2025-03")
    KIT("test-kit-e", "100", "'2024-10'", "0") OFFER("test-kit-e", "900", "2025-09")
    KIT("test-kit-f", "100", "'2025-01'", "1") OFFER("test-kit-f", "900", "2025-09")
    KIT("test-kit-g", "100", "NULL", "0") OFFER("test-kit-g", "900", "2025-09")
    /* cards of one made-up chip (copies of a real row with their own VRAM, so no real card is a peer) */
    "CREATE TEMP TABLE c AS SELECT * FROM gpu WHERE id = 'nvidia-rtx-4090';"
    "UPDATE c SET id = 'test-card-t', vram_gb = 23.5, vendor = 'Test', name = 'Test card', price_usd = 100,"
    " price_date = '2025-01';"
    "INSERT INTO gpu SELECT * FROM c;"
    "UPDATE c SET id = 'test-card-a'; INSERT INTO gpu SELECT * FROM c;"
    "UPDATE c SET id = 'test-card-b'; INSERT INTO gpu SELECT * FROM c;"
    OFFER("test-card-a", "300", "2025-09") OFFER("test-card-b", "200", "2025-10");

static void setup(void)
{
    snprintf(fx_path, sizeof fx_path, "/tmp/dlrig-test-market-%ld.db", (long)getpid());
    size_t len;
    char *img = read_file_limit(DLRIG_CATALOG_DB, 64u << 20, &len);
    ck_assert_msg(img != NULL, "cannot read %s", DLRIG_CATALOG_DB);
    FILE *f = fopen(fx_path, "wb");
    ck_assert(f && fwrite(img, 1, len, f) == len && fclose(f) == 0);
    free(img);
    sqlite3 *db;
    char *msg = NULL;
    int rc = sqlite3_open(fx_path, &db);
    if (rc == SQLITE_OK) rc = sqlite3_exec(db, FIXTURE_SQL, NULL, NULL, &msg);
    ck_assert_msg(rc == SQLITE_OK, "fixture catalog: %s", msg ? msg : sqlite3_errmsg(db));
    sqlite3_close(db);
    char err[512];
    fx = catalog_open(fx_path, err, sizeof err);
    ck_assert_msg(fx != NULL, "%s", err);
}

static void teardown(void)
{
    catalog_close(fx);
    unlink(fx_path);
}

START_TEST(median_of_the_peers_priced_then_and_later)
{
    dlrig_market_move m;
    ck_assert(market_move_since(fx, catalog_find(fx, "test-kit-t"), "2025-01", &m));
    /* a: 300/100 = 3, b: 500/100 = 5 (its newest, 2025-10), c: 400/200 = 2; median 3 */
    ck_assert_int_eq(m.peers, 3);
    ck_assert_double_eq_tol(m.ratio, 3.0, 1e-9);
    ck_assert_str_eq(m.until, "2025-10");
    ck_assert_str_eq(m.since, "2025-01");
    ck_assert_str_eq(m.segment, "TESTDDR kits");
    ck_assert_str_eq(m.example->id, "test-kit-a");
    ck_assert_double_eq_tol(m.example_then, 100, 1e-9);
    ck_assert_double_eq_tol(m.example_now, 300, 1e-9);
    ck_assert_str_eq(m.example_now_date, "2025-09");
    ck_assert(market_move_notable(&m));
    char text[512];
    market_move_text(&m, text, sizeof text);
    ck_assert_msg(strstr(text, "3 TESTDDR kits priced in 2025-01 and again since cost 3.0x as much by 2025-10") &&
                      strstr(text, "Test kit test-kit-a: $100 in 2025-01, $300 in 2025-09"),
                  "%s", text);
    /* asked from a month no peer was priced in (or two before): nothing to say */
    ck_assert(!market_move_since(fx, catalog_find(fx, "test-kit-t"), "2023-06", &m));
    /* a registered kit has the registered kits of its type as peers: none priced later here */
    ck_assert(!market_move_since(fx, catalog_find(fx, "test-kit-f"), "2025-01", &m));
    /* GPUs have no peers */
    ck_assert(!market_move_since(fx, catalog_find(fx, "nvidia-rtx-4090"), "2025-01", &m));
}
END_TEST

/* A build line is flagged only when its price is more than six months old on
 * the day and its peers moved by at least the threshold. */
START_TEST(line_flagged_when_old_and_moved)
{
    dlrig_build b;
    build_init(&b, "market");
    build_add(&b, catalog_find(fx, "test-kit-t"), 1);
    dlrig_market_move m;
    ck_assert(market_line_move(fx, &b, &b.items[0], "2025-12", &m)); /* 11 months old */
    ck_assert_double_eq_tol(m.ratio, 3.0, 1e-9);
    ck_assert(!market_line_move(fx, &b, &b.items[0], "2025-05", &m)); /* 4 months: not old */
    build_free(&b);
    /* a ratio below the threshold is not notable; one fewer peer than needed neither */
    dlrig_market_move small = {.ratio = DLRIG_MARKET_RATIO - 0.01, .peers = 5};
    ck_assert(!market_move_notable(&small));
    dlrig_market_move fall = {.ratio = 1 / DLRIG_MARKET_RATIO - 0.01, .peers = 5};
    ck_assert(market_move_notable(&fall));
    dlrig_market_move lone = {.ratio = 4, .peers = DLRIG_MARKET_MIN_PEERS - 1};
    ck_assert(!market_move_notable(&lone));
}
END_TEST

/* A quote marks the old line with what its market did since. */
START_TEST(quote_says_what_the_market_did)
{
    dlrig_build b;
    build_init(&b, "market");
    build_add(&b, catalog_find(fx, "test-kit-t"), 2);
    dlrig_export_opts o;
    export_opts_init(&o);
    o.customer = "Lab";
    struct tm tm = {.tm_year = 125, .tm_mon = 11, .tm_mday = 15, .tm_hour = 12}; /* 2025-12-15 */
    o.date = mktime(&tm);
    dlrig_analysis an = {0};
    export_analyze(fx, &b, &an);
    strbuf sb = {0};
    ck_assert_int_eq(export_build(fx, &b, &an, DLRIG_EXPORT_MD, &o, &sb), 0);
    ck_assert_msg(strstr(sb.s, "Test kit test-kit-t (price of 2025-01, to be re-checked: TESTDDR kits cost 3.0x as "
                               "much by 2025-10) |"),
                  "%s", sb.s);
    sb_free(&sb);
    ck_assert_int_eq(export_build(fx, &b, &an, DLRIG_EXPORT_JSON, &o, &sb), 0);
    ck_assert_msg(strstr(sb.s, "\"segment\": \"TESTDDR kits\"") && strstr(sb.s, "\"ratio\": 3,"), "%s", sb.s);
    sb_free(&sb);
    export_analysis_free(&an);
    build_free(&b);
}
END_TEST

/* A GPU priced before its chip's market rose is one the advisor does not
 * build on; its peers, priced since, are. */
START_TEST(gpu_price_overtaken_by_its_market)
{
    const dlrig_part *t = catalog_find(fx, "test-card-t");
    ck_assert_ptr_nonnull(t);
    dlrig_market_move m;
    ck_assert(market_move_since(fx, t, "2025-01", &m));
    ck_assert_int_eq(m.peers, 2);
    ck_assert_double_eq_tol(m.ratio, sqrt(3.0 * 2.0), 1e-9); /* 300/100 and 200/100: their geometric mean */
    ck_assert(market_price_overtaken(fx, t, false));
    /* the peers' own prices are their newest: nothing later to overtake them */
    ck_assert(!market_price_overtaken(fx, catalog_find(fx, "test-card-a"), false));
    ck_assert(!market_price_overtaken(fx, catalog_find(fx, "test-card-b"), false));
    /* the real RTX 4090 they were copied from has other memory: not a peer */
    ck_assert_msg(strncmp(m.example->id, "test-card-", 10) == 0, "%s", m.example->id);
    ck_assert_str_eq(m.segment, "Test card cards"); /* no chip maker's row among them: its own name */
    /* memory is said, never skipped */
    ck_assert(!market_price_overtaken(fx, catalog_find(fx, "test-kit-t"), false));
}
END_TEST

int main(void)
{
    Suite *s = suite_create("market");
    TCase *tc = tcase_create("core");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, median_of_the_peers_priced_then_and_later);
    tcase_add_test(tc, line_flagged_when_old_and_moved);
    tcase_add_test(tc, quote_says_what_the_market_did);
    tcase_add_test(tc, gpu_price_overtaken_by_its_market);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
