/* Rule tests: for every rule in the table, a build that triggers it
 * (tests/data/builds/<id>.trigger.json) and a close build that does not
 * (<id>.ok.json); a clean build with no finding at all; the messages name the
 * parts and numbers; the JSON document has its documented shape; and rule
 * evaluation stays within its time budget.
 *
 * Three rules (case.gpu_length, case.cooler_height, case.riser_length)
 * cannot fire on the shipped catalog: no GPU is longer than the shortest case
 * with a known clearance, no cooler has a known height, and the one open
 * frame's risers are short.  Their builds use "test-" parts that exist only
 * in a fixture catalog: a copy of catalog.db with those rows added.  Every other build file is checked against the embedded catalog. */
#include <check.h>
#include <math.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dlrig/build.h"
#include "dlrig/catalog.h"
#include "dlrig/constraints.h"
#include "dlrig/perf.h"
#include "dlrig/power.h"
#include "dlrig/rules.h"
#include "dlrig/util.h"

#define BUILDS DLRIG_TEST_DATA "/builds"

static dlrig_catalog *cat; /* the embedded catalog */
static dlrig_catalog *fx;  /* catalog.db plus the test- fixture parts */
static char fx_path[256];

static const char FIXTURE_SQL[] =
    "INSERT INTO chassis (id, vendor, name, price_usd, price_date, year, source, note, kind, rack_units,"
    " form_factors, max_gpu_length_mm, max_cooler_height_mm, expansion_slots, max_gpus, forced_airflow,"
    " psu_form_factor, noise) VALUES ('test-case-300mm', 'Test', 'Test tower (300 mm cards, 160 mm coolers)',"
    " 100, NULL, NULL, 'case-fractal-define7', 'Test fixture, not a real product.', 'tower', NULL,"
    " 'E-ATX,ATX,Micro-ATX', 300, 160, 7, NULL, 0, 'ATX', 'quiet');"
    "INSERT INTO cooler (id, vendor, name, price_usd, price_date, year, source, note, kind, height_mm,"
    " radiator_mm, sockets, tdp_rating_w) VALUES ('test-air-cooler-170mm', 'Test', 'Test air cooler 170 mm', 50,"
    " NULL, NULL, 'cooler-unconfirmed', 'Test fixture, not a real product.', 'air', 170, NULL, 'sTR5,SP5', NULL);"
    "INSERT INTO chassis (id, vendor, name, price_usd, price_date, year, source, note, kind, rack_units,"
    " form_factors, max_gpu_length_mm, max_cooler_height_mm, expansion_slots, max_gpus, forced_airflow,"
    " psu_form_factor, noise, riser_pcie_gen, riser_mm) VALUES ('test-frame-600mm', 'Test',"
    " 'Test open frame (600 mm PCIe 4.0 risers)', 100, NULL, NULL, 'case-jamesob-local-llm-2026-07',"
    " 'Test fixture, not a real product.', 'frame', NULL, 'ATX', NULL, NULL, 0, 8, 0, 'ATX', 'normal', 4, 600);";

static void make_fixture_catalog(void)
{
    snprintf(fx_path, sizeof fx_path, "/tmp/dlrig-test-rules-%ld.db", (long)getpid());
    size_t len;
    char *img = read_file_limit(DLRIG_CATALOG_DB, 64u << 20, &len);
    if (!img) {
        fprintf(stderr, "cannot read %s\n", DLRIG_CATALOG_DB);
        exit(1);
    }
    FILE *f = fopen(fx_path, "wb");
    if (!f || fwrite(img, 1, len, f) != len || fclose(f) != 0) {
        fprintf(stderr, "cannot write %s\n", fx_path);
        exit(1);
    }
    free(img);
    sqlite3 *db;
    char *msg = NULL;
    if (sqlite3_open(fx_path, &db) != SQLITE_OK || sqlite3_exec(db, FIXTURE_SQL, NULL, NULL, &msg) != SQLITE_OK) {
        fprintf(stderr, "fixture catalog: %s\n", msg ? msg : sqlite3_errmsg(db));
        exit(1);
    }
    sqlite3_close(db);
    char err[512];
    fx = catalog_open(fx_path, err, sizeof err);
    if (!fx) {
        fprintf(stderr, "%s\n", err);
        exit(1);
    }
}

static bool exists(const char *name)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", BUILDS, name);
    return access(path, R_OK) == 0;
}

/* Loads a build file; files naming a test- part are read with the fixture catalog. */
static const dlrig_catalog *load(const char *name, dlrig_build *b)
{
    char path[512], err[1024];
    snprintf(path, sizeof path, "%s/%s", BUILDS, name);
    size_t len;
    char *text = read_file_limit(path, 1 << 20, &len);
    ck_assert_msg(text != NULL, "cannot read %s", path);
    const dlrig_catalog *c = strstr(text, "\"test-") ? fx : cat;
    free(text);
    int rc = build_load(c, path, b, err, sizeof err);
    ck_assert_msg(rc == DLRIG_BUILD_OK, "%s", err);
    return c;
}

/* All finding ids of a report, for failure messages. */
static const char *ids_of(const dlrig_report *r)
{
    static char buf[2048];
    size_t k = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < r->n_findings && k < sizeof buf; i++)
        k += (size_t)snprintf(buf + k, sizeof buf - k, "%s%s(%s)", i ? " " : "", r->findings[i].id,
                              severity_name(r->findings[i].severity));
    return r->n_findings ? buf : "none";
}

static void check_file(const char *name, dlrig_build *b, dlrig_report *r)
{
    const dlrig_catalog *c = load(name, b);
    memset(r, 0, sizeof *r);
    rules_check(c, b, r);
}

/* ------------------------------------------------------------ every rule */

START_TEST(trigger_fires)
{
    size_t n;
    const dlrig_rule_info *rule = &rules_list(&n)[_i];
    char name[160];
    snprintf(name, sizeof name, "%s.trigger.json", rule->id);
    if (!exists(name)) ck_abort_msg("rule %s has no %s", rule->id, name);
    dlrig_build b;
    dlrig_report r;
    check_file(name, &b, &r);
    const dlrig_finding *f = report_find(&r, rule->id);
    ck_assert_msg(f != NULL, "%s: no %s finding (found: %s)", name, rule->id, ids_of(&r));
    /* A real finding, not "the catalog lacks a figure". */
    bool real = false;
    for (size_t i = 0; i < r.n_findings; i++)
        if (strcmp(r.findings[i].id, rule->id) == 0 && !strstr(r.findings[i].message, " not checked: ")) real = true;
    ck_assert_msg(real, "%s: %s only says it could not judge: %s", name, rule->id, f->message);
    ck_assert_str_eq(f->why, rule->why);
    ck_assert_str_eq(f->source, rule->source);
    ck_assert_msg(strlen(f->message) > 10, "%s: empty message", rule->id);
    report_free(&r);
    build_free(&b);
}
END_TEST

START_TEST(ok_is_quiet)
{
    size_t n;
    const dlrig_rule_info *rule = &rules_list(&n)[_i];
    char name[160];
    snprintf(name, sizeof name, "%s.ok.json", rule->id);
    if (!exists(name)) ck_abort_msg("rule %s has no %s", rule->id, name);
    dlrig_build b;
    dlrig_report r;
    check_file(name, &b, &r);
    const dlrig_finding *f = report_find(&r, rule->id);
    ck_assert_msg(f == NULL, "%s: unexpected %s: %s", name, rule->id, f ? f->message : "");
    report_free(&r);
    build_free(&b);
}
END_TEST

/* compat.missing_part asks for a CPU cooler in a tower and in a rack case
 * that takes standard coolers (it states a cooler clearance), not in a rack
 * server that ships its own heatsinks. */
START_TEST(cooler_needed_by_case)
{
    static const struct {
        const char *case_id;
        bool needs;
    } cases[] = {{"fractal-define-7", true},
                 {"silverstone-rm44", true},
                 {"dell-dss-8440", false},
                 {"dell-poweredge-t640", false}}; /* a tower, but a complete server with its heatsinks */
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        dlrig_build b;
        const dlrig_catalog *c = load("clean.json", &b);
        build_set_qty(&b, build_first(&b, DLRIG_CAT_COOLER, NULL), 0);
        build_set_qty(&b, build_first(&b, DLRIG_CAT_CASE, NULL), 0);
        const dlrig_part *cs = catalog_find(c, cases[i].case_id);
        ck_assert_ptr_nonnull(cs);
        build_add(&b, cs, 1);
        ck_assert(case_needs_cpu_cooler((const dlrig_case *)cs) == cases[i].needs);
        dlrig_report r;
        memset(&r, 0, sizeof r);
        rules_check(c, &b, &r);
        const dlrig_finding *f = report_find(&r, "compat.missing_part");
        bool asks = f && strstr(f->message, "CPU cooler");
        ck_assert_msg(asks == cases[i].needs, "%s without a cooler: %s", cases[i].case_id, ids_of(&r));
        report_free(&r);
        build_free(&b);
    }
}
END_TEST

/* A complete server (Dell PowerEdge T640, DSS 8440) brings its board, power
 * supplies and CPU heatsinks: a build of CPUs, memory, storage and GPUs in it
 * checks without errors, its usable power is what is left with the
 * redundant supplies failed, and a separate PSU or another board is an error. */
START_TEST(complete_server_brings_board_and_power)
{
    static const struct {
        const char *file;
        double psu_w; /* T640: 2 x 2400 W, 1+1; DSS 8440: 4 x 2400 W, 2+2 */
        int gpus;
    } servers[] = {{"dell-t640-4x-v100.json", 2400, 4}, {"dell-dss8440-10x-v100.json", 4800, 10}};
    for (size_t i = 0; i < sizeof servers / sizeof servers[0]; i++) {
        dlrig_build b;
        dlrig_report r;
        check_file(servers[i].file, &b, &r);
        ck_assert_msg(r.counts[DLRIG_SEV_ERROR] == 0, "%s: %s", servers[i].file, ids_of(&r));
        ck_assert_ptr_null(report_find(&r, "compat.missing_part"));
        ck_assert_msg(fabs(r.totals.psu_w - servers[i].psu_w) < 0.5, "%s: psu_w %.0f", servers[i].file,
                      r.totals.psu_w);
        ck_assert_uint_eq(r.placement.n_cards, (size_t)servers[i].gpus);
        ck_assert_uint_eq(r.placement.n_unplaced, 0);
        const dlrig_case *cs = (const dlrig_case *)build_first(&b, DLRIG_CAT_CASE, NULL);
        ck_assert_ptr_nonnull(cs->board);
        ck_assert_ptr_eq(build_board(&b), cs->board);

        /* The same build board listed explicitly changes nothing. */
        build_add(&b, &cs->board->p, 1);
        rules_check(cat, &b, &r);
        ck_assert_msg(r.counts[DLRIG_SEV_ERROR] == 0, "%s with its own board listed: %s", servers[i].file,
                      ids_of(&r));
        build_set_qty(&b, &cs->board->p, 0);

        /* Another board does not go in. */
        build_add(&b, catalog_find(cat, "supermicro-h13ssl-n"), 1);
        rules_check(cat, &b, &r);
        const dlrig_finding *f = report_find(&r, "compat.form_factor");
        ck_assert_msg(f && f->severity == DLRIG_SEV_ERROR && strstr(f->message, "own board"), "%s: %s",
                      servers[i].file, ids_of(&r));
        build_set_qty(&b, catalog_find(cat, "supermicro-h13ssl-n"), 0);

        /* A separate PSU has no place in it. */
        build_add(&b, catalog_find(cat, "dell-poweredge-2400w-psu"), 2);
        rules_check(cat, &b, &r);
        f = report_find(&r, "compat.psu_form_factor");
        ck_assert_msg(f && strstr(f->message, "brings its own power supplies"), "%s: %s", servers[i].file,
                      ids_of(&r));
        build_set_qty(&b, catalog_find(cat, "dell-poweredge-2400w-psu"), 0);

        /* Its supplies are rated for 200-240 V only: a 120 V circuit cannot feed them. */
        snprintf(b.req.circuit, sizeof b.req.circuit, "120v-20a");
        rules_check(cat, &b, &r);
        f = report_find(&r, "power.psu_capacity");
        ck_assert_msg(f && f->severity == DLRIG_SEV_ERROR && strstr(f->message, "not rated"), "%s: %s",
                      servers[i].file, ids_of(&r));
        report_free(&r);
        build_free(&b);
    }
}
END_TEST

/* Redundant supplies count only what is left with the spare units failed:
 * ten 400 W cards in a DSS 8440 (2+2 x 2400 W) sit above 80 % of 4800 W,
 * which counting all four supplies (9600 W) would hide. */
/* An HGX 8-GPU server (Supermicro SYS-821GE-TNHR) carries its GPUs as SXM
 * modules on its baseboard: a build of 8 H100 SXM, two CPUs, memory and
 * drives checks without errors, the modules take no PCIe slot, the six
 * 3000 W supplies count 4+2, and the modules talk NVLink without a bridge.
 * SXM modules anywhere else, a ninth module, a half-filled baseboard, a
 * module the baseboard does not list, and a PCIe card in the HGX server are
 * errors (compat.sxm). */
START_TEST(hgx_server_takes_sxm_modules)
{
    dlrig_build b;
    dlrig_report r;
    check_file("supermicro-821ge-8x-h100-sxm.json", &b, &r);
    ck_assert_msg(r.counts[DLRIG_SEV_ERROR] == 0, "%s", ids_of(&r));
    ck_assert_ptr_null(report_find(&r, "compat.missing_part"));
    ck_assert_ptr_null(report_find(&r, "nvlink.recommended"));
    ck_assert_ptr_null(report_find(&r, "case.gpu_length")); /* no "not checked": modules are not cards */
    ck_assert_uint_eq(r.placement.n_cards, 0);
    ck_assert_int_eq(r.totals.gpu_count, 8);
    ck_assert_double_eq_tol(r.totals.psu_w, 4 * 3000, 0.5);
    ck_assert_msg(r.totals.power_w > 8 * 700, "load %.0f W", r.totals.power_w);
    dlrig_estimate e;
    char err[256];
    ck_assert_int_eq(perf_estimate(cat, &b, &r.placement, NULL, &e, err, sizeof err), 0);
    /* NVLink, not PCIe: measured BERT-large on 8 H100 SXM5 over NVSwitch runs
     * at 0.90 a GPU (Lambda deeplearning-benchmark, 2167 vs 301 sequences/s). */
    ck_assert_msg(e.scaling > 0.85, "8 SXM modules over NVSwitch scale at %.2f", e.scaling);

    const dlrig_part *h100 = catalog_find(cat, "nvidia-h100-sxm5-80gb");
    /* A ninth module has no socket. */
    build_set_qty(&b, h100, 9);
    rules_check(cat, &b, &r);
    const dlrig_finding *f = report_find(&r, "compat.sxm");
    ck_assert_msg(f && f->severity == DLRIG_SEV_ERROR && strstr(f->message, "8 sockets"), "%s", ids_of(&r));
    /* Four modules on an 8-socket baseboard: it is sold with every socket filled. */
    build_set_qty(&b, h100, 4);
    rules_check(cat, &b, &r);
    f = report_find(&r, "compat.sxm");
    ck_assert_msg(f && f->severity == DLRIG_SEV_ERROR && strstr(f->message, "every socket filled"), "%s", ids_of(&r));
    build_set_qty(&b, h100, 8);

    /* A PCIe card does not go into the HGX server. */
    build_add(&b, catalog_find(cat, "nvidia-h100-pcie"), 1);
    rules_check(cat, &b, &r);
    f = report_find(&r, "compat.sxm");
    ck_assert_msg(f && strstr(f->message, "PCIe card"), "%s", ids_of(&r));
    build_set_qty(&b, catalog_find(cat, "nvidia-h100-pcie"), 0);
    rules_check(cat, &b, &r);
    ck_assert_msg(r.counts[DLRIG_SEV_ERROR] == 0, "%s", ids_of(&r));
    report_free(&r);
    build_free(&b);

    /* SXM modules in a server without a baseboard (the PowerEdge T640). */
    check_file("dell-t640-4x-v100.json", &b, &r);
    build_set_category(&b, DLRIG_CAT_GPU, h100, 4);
    rules_check(cat, &b, &r);
    f = report_find(&r, "compat.sxm");
    ck_assert_msg(f && f->severity == DLRIG_SEV_ERROR && strstr(f->message, "HGX baseboard"), "%s", ids_of(&r));
    report_free(&r);
    build_free(&b);

    /* The shared test the advisor prunes by agrees. */
    const dlrig_case *hgx = (const dlrig_case *)catalog_find(cat, "supermicro-sys-821ge-tnhr");
    const dlrig_gpu *g = (const dlrig_gpu *)h100;
    ck_assert(constraint_case_takes_gpus(hgx, g, 8));
    ck_assert(!constraint_case_takes_gpus(hgx, g, 9));
    ck_assert(!constraint_case_takes_gpus(hgx, g, 4));
    ck_assert(!constraint_case_takes_gpus(hgx, (const dlrig_gpu *)catalog_find(cat, "nvidia-h100-pcie"), 1));
    ck_assert(!constraint_case_takes_gpus((const dlrig_case *)catalog_find(cat, "dell-dss-8440"), g, 4));
}
END_TEST

START_TEST(redundant_supplies_do_not_count)
{
    const dlrig_case *t640 = (const dlrig_case *)catalog_find(cat, "dell-poweredge-t640");
    const dlrig_case *dss = (const dlrig_case *)catalog_find(cat, "dell-dss-8440");
    ck_assert(case_has_psus(t640) && case_has_psus(dss));
    ck_assert(!case_has_psus((const dlrig_case *)catalog_find(cat, "fractal-define-7")));
    ck_assert_double_eq_tol(case_psu_capacity_w(t640, NULL), 2400, 0.5);
    ck_assert_double_eq_tol(case_psu_capacity_w(dss, NULL), 4800, 0.5);
    ck_assert_double_eq_tol(case_psu_capacity_w(dss, catalog_circuit(cat, "120v-15a")), 0, 0.5);

    dlrig_build b;
    dlrig_report r;
    check_file("dell-dss8440-10x-v100.json", &b, &r);
    ck_assert_ptr_null(report_find(&r, "power.headroom"));
    build_set_category(&b, DLRIG_CAT_GPU, catalog_find(cat, "nvidia-h100-nvl"), 10);
    rules_check(cat, &b, &r);
    ck_assert_msg(r.totals.power_w > 0.8 * 4800 && r.totals.power_w <= 4800, "load %.0f W", r.totals.power_w);
    const dlrig_finding *f = report_find(&r, "power.headroom");
    ck_assert_msg(f && strstr(f->message, "2+2 redundant"), "%s", ids_of(&r));
    ck_assert_ptr_null(report_find(&r, "power.psu_capacity"));
    report_free(&r);
    build_free(&b);
}
END_TEST

/* Sockets shared by platforms: a WRX90 board takes Threadripper PRO only
 * (sTR5 is also TRX50's socket), a W790 board Xeon W only (LGA4677 is also
 * Xeon Scalable's); TRX50 takes the non-PRO parts. */
START_TEST(platform_takes_its_cpu_family)
{
    static const struct {
        const char *board, *cpu;
        bool error;
    } cases[] = {
        {"asus-pro-ws-wrx90e-sage-se", "amd-threadripper-7960x", true},
        {"asrock-wrx90-ws-evo", "amd-threadripper-9980x", true},
        {"asus-pro-ws-wrx90e-sage-se", "amd-threadripper-pro-7975wx", false},
        {"asus-pro-ws-wrx90e-sage-se", "amd-threadripper-pro-9975wx", false},
        {"gigabyte-trx50-aero-d", "amd-threadripper-7960x", false},
        {"asus-pro-ws-w790e-sage-se", "intel-xeon-platinum-8480plus", true},
        {"asus-pro-ws-w790e-sage-se", "intel-xeon-w9-3495x", false},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const dlrig_motherboard *mb = (const dlrig_motherboard *)catalog_find(cat, cases[i].board);
        const dlrig_cpu *cpu = (const dlrig_cpu *)catalog_find(cat, cases[i].cpu);
        ck_assert_msg(mb && cpu, "%s / %s", cases[i].board, cases[i].cpu);
        ck_assert(board_takes_cpu(mb, cpu) == !cases[i].error);
        dlrig_build b;
        dlrig_report r;
        check_file("clean.json", &b, &r);
        build_set_category(&b, DLRIG_CAT_MOTHERBOARD, &mb->p, 1);
        build_set_category(&b, DLRIG_CAT_CPU, &cpu->p, 1);
        rules_check(cat, &b, &r);
        const dlrig_finding *f = NULL; /* the platform finding (the TRX50 build's cooler may not fit either) */
        for (size_t k = 0; k < r.n_findings; k++)
            if (!strcmp(r.findings[k].id, "compat.socket") && strstr(r.findings[k].message, "does not run on"))
                f = &r.findings[k];
        ck_assert_msg((f != NULL) == cases[i].error, "%s on %s: %s", cases[i].cpu, cases[i].board, ids_of(&r));
        if (f) {
            ck_assert_msg(strstr(f->message, cpu->p.name) && strstr(f->message, mb->p.name) &&
                              strstr(f->message, "only"), "%s", f->message);
            ck_assert_int_eq(f->severity, DLRIG_SEV_ERROR);
        }
        report_free(&r);
        build_free(&b);
    }
}
END_TEST

/* Registered DIMMs need a CPU that takes them, whatever the board says. */
START_TEST(rdimm_needs_a_cpu_that_takes_it)
{
    dlrig_build b;
    dlrig_report r;
    check_file("clean.json", &b, &r); /* Threadripper on TRX50 with RDIMMs: fine */
    ck_assert_ptr_null(report_find(&r, "compat.memory_type"));
    build_set_category(&b, DLRIG_CAT_CPU, catalog_find(cat, "amd-ryzen-9-9950x"), 1);
    rules_check(cat, &b, &r);
    bool found = false;
    for (size_t i = 0; i < r.n_findings; i++)
        if (!strcmp(r.findings[i].id, "compat.memory_type") && strstr(r.findings[i].message, "unbuffered DIMMs only"))
            found = true;
    ck_assert_msg(found, "%s", ids_of(&r));
    report_free(&r);
    build_free(&b);
}
END_TEST

/* Without a circuit, power.circuit only notes a 230 V-only power supply. */
START_TEST(circuit_unknown_notes_high_line_psu)
{
    static const struct {
        const char *psu;
        bool noted;
    } psus[] = {{"seasonic-prime-px-2200", true}, {"bequiet-dark-power-pro-13-1600w", false}};
    for (size_t i = 0; i < sizeof psus / sizeof psus[0]; i++) {
        dlrig_build b;
        const dlrig_catalog *c = load("clean.json", &b);
        b.req.circuit[0] = '\0';
        build_set_qty(&b, build_first(&b, DLRIG_CAT_PSU, NULL), 0);
        build_add(&b, catalog_find(c, psus[i].psu), 1);
        dlrig_report r;
        memset(&r, 0, sizeof r);
        rules_check(c, &b, &r);
        const dlrig_finding *f = report_find(&r, "power.circuit");
        ck_assert_msg((f != NULL) == psus[i].noted, "%s: %s", psus[i].psu, ids_of(&r));
        if (f) {
            ck_assert_int_eq(f->severity, DLRIG_SEV_INFO);
            ck_assert_ptr_nonnull(strstr(f->message, "200-240 V"));
        }
        report_free(&r);
        build_free(&b);
    }
}
END_TEST

/* The circuit sees the workload's sustained draw through the supply, not the
 * nameplate sum: two RTX 4090 on a Threadripper (1,366 W rated, which failed
 * a 15 A circuit when the wall was taken from it) pass; two RTX 5090 on it
 * fail training, and pass generating tokens (memory-bound, less power) or
 * with their power limited.  The PSU is still sized on the rated draw: a
 * limit lowers it, the workload does not, and neither lowers the transient
 * peak. */
START_TEST(power_limit_lowers_sustained_draw)
{
    dlrig_build b, l, t, p;
    dlrig_report rb, rl, rt, rp;
    check_file("power-5090-pair-tr.json", &b, &rb);
    check_file("power-5090-pair-tr-limited.json", &l, &rl);
    check_file("power-5090-pair-tr-llm.json", &t, &rt);
    check_file("power-4090-pair-tr.json", &p, &rp);
    const dlrig_finding *f = report_find(&rb, "power.circuit");
    ck_assert_msg(f != NULL, "%s", ids_of(&rb));
    ck_assert_ptr_nonnull(strstr(f->message, "running CNN image training (GPUs at their power limit, CPUs at half"));
    ck_assert_msg(report_find(&rl, "power.circuit") == NULL, "%s", ids_of(&rl));
    ck_assert_msg(report_find(&rt, "power.circuit") == NULL, "%s", ids_of(&rt));
    ck_assert_msg(report_find(&rp, "power.circuit") == NULL, "%s", ids_of(&rp));
    /* rated (PSU sizing): the limit lowers it, the workload does not */
    ck_assert_double_eq_tol(rb.totals.power_w - rl.totals.power_w, 2 * (575 - 500), 1e-6);
    ck_assert_double_eq_tol(rb.totals.power_w, rt.totals.power_w, 1e-6);
    ck_assert_double_eq_tol(rb.totals.peak_power_w, rl.totals.peak_power_w, 1e-6);
    ck_assert(report_find(&rt, "power.psu_capacity") != NULL); /* 1,616 W rated on a 1,600 W supply */
    /* sustained: GPUs at their limit in training, 80% of their rating generating tokens; CPU at half its TDP */
    ck_assert_double_eq_tol(rb.totals.load_w - rl.totals.load_w, 2 * (575 - 500), 1e-6);
    ck_assert_double_eq_tol(rb.totals.load_w - rt.totals.load_w, 2 * 575 * 0.2, 1e-6);
    ck_assert_double_eq_tol(rb.totals.power_w - rb.totals.load_w, 350 * 0.5, 1e-6);
    ck_assert(rb.totals.wall_w > 1440 && rl.totals.wall_w <= 1440 && rt.totals.wall_w <= 1440);
    ck_assert(rp.totals.wall_w <= 1440 && rp.totals.power_w > 1366 - 1 && rp.totals.wall_w < rp.totals.power_w);
    report_free(&rb);
    report_free(&rl);
    report_free(&rt);
    report_free(&rp);
    build_free(&b);
    build_free(&l);
    build_free(&t);
    build_free(&p);
}
END_TEST

/* 80 PLUS minimums: Gold on 115 V is 87/90/87% at 20/50/100% load, on 230 V
 * 90/92/89%; between the points linear, outside them flat; Titanium has a
 * 10% point; an unknown level is the base 80 PLUS. */
START_TEST(psu_efficiency_at_load)
{
    ck_assert_double_eq_tol(power_psu_efficiency("80 PLUS Gold", true, 0.5), 0.90, 1e-9);
    ck_assert_double_eq_tol(power_psu_efficiency("80 PLUS Gold", true, 1.0), 0.87, 1e-9);
    ck_assert_double_eq_tol(power_psu_efficiency("80 PLUS Gold", true, 0.75), 0.885, 1e-9);
    ck_assert_double_eq_tol(power_psu_efficiency("80 PLUS Gold", false, 0.5), 0.92, 1e-9);
    ck_assert_double_eq_tol(power_psu_efficiency("80 PLUS Gold", true, 1.3), 0.87, 1e-9);
    ck_assert_double_eq_tol(power_psu_efficiency("80 PLUS Gold", true, 0.05), 0.87, 1e-9);
    ck_assert_double_eq_tol(power_psu_efficiency("80 PLUS Titanium", true, 0.10), 0.90, 1e-9);
    ck_assert_double_eq_tol(power_psu_efficiency("80 PLUS Titanium", false, 0.5), 0.96, 1e-9);
    ck_assert_double_eq_tol(power_psu_efficiency(NULL, true, 0.5), 0.80, 1e-9);
    ck_assert_double_eq_tol(power_psu_efficiency("unrated", false, 0.5), 0.85, 1e-9);
    ck_assert_double_eq_tol(power_wall_w(900, "80 PLUS Gold", true, 1800), 1000, 1e-9);
    ck_assert_double_eq_tol(power_gpu_load_share(catalog_workload(cat, "cnn")), 1.0, 1e-12);
    ck_assert_double_eq_tol(power_gpu_load_share(catalog_workload(cat, "llm-inference")), 0.8, 1e-12);
    ck_assert_double_eq_tol(power_gpu_load_share(NULL), 1.0, 1e-12);
    ck_assert_double_eq_tol(power_gpu_load_w(500, 575, 1.0), 500, 1e-12);
    ck_assert_double_eq_tol(power_gpu_load_w(500, 575, 0.8), 460, 1e-12); /* a limit above the draw */
    ck_assert_double_eq_tol(power_gpu_load_w(400, 575, 0.8), 400, 1e-12);
}
END_TEST

/* The table and the files agree both ways: no build file for a rule that
 * does not exist (a renamed id would leave its tests behind). */
START_TEST(every_rule_has_files)
{
    size_t n;
    const dlrig_rule_info *rules = rules_list(&n);
    ck_assert_uint_ge(n, 40);
    for (size_t i = 0; i < n; i++) {
        char t[160], o[160];
        snprintf(t, sizeof t, "%s.trigger.json", rules[i].id);
        snprintf(o, sizeof o, "%s.ok.json", rules[i].id);
        ck_assert_msg(exists(t), "rule %s has no tests/data/builds/%s", rules[i].id, t);
        ck_assert_msg(exists(o), "rule %s has no tests/data/builds/%s", rules[i].id, o);
        ck_assert_str_eq(rules_info(rules[i].id)->id, rules[i].id);
    }
    /* Every documented finding id is implemented. */
    static const char *const design[] = {
        "compat.socket", "compat.memory_type", "compat.form_factor", "compat.missing_part", "pcie.slots",
        "pcie.lanes", "case.gpu_length", "case.cooler_height", "cooling.open_air_dense",
        "cooling.passive_needs_server", "cooling.max_gpus", "power.psu_capacity", "power.headroom",
        "power.connectors", "power.circuit", "memory.below_largest_vram", "memory.below_total_vram",
        "memory.dataset", "memory.channels", "memory.capacity", "memory.slots", "ecc.gpu", "ecc.memory",
        "nvlink.unsupported", "nvlink.bridge_spacing", "nvlink.recommended", "vram.model_fit", "vram.tier",
        "gpu.mixed_models", "gpu.fp64_weak", "gpu.precision_unsupported", "gpu.multi_gpu_low_gain",
        "cpu.cores_per_gpu", "storage.dataset", "storage.slow", "cluster.rdma", "cluster.interconnect",
        "framework.gpu_vendor", "framework.discontinued", "env.noise", "env.rackmount", "budget.over"};
    for (size_t i = 0; i < sizeof design / sizeof design[0]; i++)
        ck_assert_msg(rules_info(design[i]) != NULL, "documented finding id %s is not implemented", design[i]);
    ck_assert_ptr_null(rules_info("no.such_rule"));
}
END_TEST

/* The rule table's own columns: what the advisor avoids, what a frame
 * decides and what gets fixes can be a warning (errors are avoided and
 * fixed anyway, info is neither); every recipe names real moves and
 * categories; a finding points at its row. */
START_TEST(table_columns_are_consistent)
{
    size_t n;
    const dlrig_rule_info *rules = rules_list(&n);
    size_t avoid = 0, fixable = 0, frame = 0;
    for (size_t i = 0; i < n; i++) {
        const dlrig_rule_info *r = &rules[i];
        if (r->flags & DLRIG_RULE_AVOID) avoid++;
        if (r->flags & DLRIG_RULE_FIX) fixable++;
        if (r->flags & DLRIG_RULE_FRAME) frame++;
        ck_assert_msg(r->flags == 0 || r->severity >= DLRIG_SEV_WARNING, "%s: flags on an info rule", r->id);
        ck_assert_msg(r->fix[0].op != DLRIG_MOVE_END, "%s: no fix recipe", r->id);
        for (int k = 0; k < DLRIG_RULE_MOVES && r->fix[k].op != DLRIG_MOVE_END; k++) {
            ck_assert_msg(r->fix[k].op <= DLRIG_MOVE_LAST, "%s: move %d is %d", r->id, k, r->fix[k].op);
            bool by_cat = r->fix[k].op >= DLRIG_MOVE_REPLACE && r->fix[k].op <= DLRIG_MOVE_REMOVE_IN_SERVER;
            if (by_cat) ck_assert_msg(r->fix[k].cat < DLRIG_CAT_COUNT, "%s: move %d category %d", r->id, k, r->fix[k].cat);
            if (r->fix[k].op == DLRIG_MOVE_DROP_REQ)
                ck_assert_msg(r->fix[k].cat < DLRIG_MUST_COUNT, "%s: must-have %d", r->id, r->fix[k].cat);
        }
    }
    ck_assert_uint_ge(avoid, 15);
    ck_assert_uint_ge(fixable, 10);
    ck_assert_uint_ge(frame, 3);
    dlrig_build b;
    const dlrig_catalog *c = load("cooling.open_air_dense.trigger.json", &b);
    dlrig_report rep = {0};
    rules_check(c, &b, &rep);
    const dlrig_finding *f = report_find(&rep, "cooling.open_air_dense");
    ck_assert_ptr_nonnull(f);
    ck_assert_ptr_nonnull(f->rule);
    ck_assert_str_eq(f->rule->id, f->id);
    ck_assert(f->rule->flags & DLRIG_RULE_FRAME);
    report_free(&rep);
    build_free(&b);
}
END_TEST

/* Build files that name no test- part read the same with the embedded catalog
 * and the fixture catalog (the fixture only adds rows). */
START_TEST(fixture_changes_nothing_else)
{
    dlrig_build b;
    const dlrig_catalog *c = load("cooling.open_air_dense.trigger.json", &b);
    ck_assert_ptr_eq(c, cat);
    dlrig_report r1 = {0}, r2 = {0};
    rules_check(cat, &b, &r1);
    dlrig_build b2;
    char err[512];
    ck_assert_int_eq(build_load(fx, BUILDS "/cooling.open_air_dense.trigger.json", &b2, err, sizeof err), 0);
    rules_check(fx, &b2, &r2);
    ck_assert_uint_eq(r1.n_findings, r2.n_findings);
    for (size_t i = 0; i < r1.n_findings; i++) {
        ck_assert_str_eq(r1.findings[i].id, r2.findings[i].id);
        ck_assert_str_eq(r1.findings[i].message, r2.findings[i].message);
    }
    report_free(&r1);
    report_free(&r2);
    build_free(&b);
    build_free(&b2);
}
END_TEST

/* ------------------------------------------------------------ the clean build */

START_TEST(clean_has_no_finding)
{
    dlrig_build b;
    dlrig_report r;
    check_file("clean.json", &b, &r);
    ck_assert_msg(r.n_findings == 0, "clean.json: %s (first: %s)", ids_of(&r),
                  r.n_findings ? r.findings[0].message : "");
    ck_assert_uint_eq(r.counts[0] + r.counts[1] + r.counts[2], 0);
    ck_assert_uint_eq(r.placement.n_unplaced, 0);
    /* The figures that make it clean are really there. */
    ck_assert_int_eq(r.totals.gpu_count, 2);
    ck_assert(r.totals.ram_gb >= 2 * r.totals.vram_gb);
    ck_assert(r.totals.power_w <= 0.8 * r.totals.psu_w);
    ck_assert_int_le(r.totals.lanes_used, r.totals.lanes_available);
    report_free(&r);
    build_free(&b);
}
END_TEST

/* A report reused across calls gives the same answer (buffers are kept). */
START_TEST(report_reuse)
{
    dlrig_build a, b;
    load("cooling.open_air_dense.trigger.json", &a);
    load("clean.json", &b);
    dlrig_report r = {0};
    rules_check(cat, &a, &r);
    size_t na = r.n_findings;
    ck_assert_uint_gt(na, 0);
    rules_check(cat, &b, &r);
    ck_assert_uint_eq(r.n_findings, 0);
    rules_check(cat, &a, &r);
    ck_assert_uint_eq(r.n_findings, na);
    report_free(&r);
    build_free(&a);
    build_free(&b);
}
END_TEST

/* ------------------------------------------------------------ messages */

static const dlrig_finding *trigger(const char *id, dlrig_build *b, dlrig_report *r)
{
    char name[160];
    snprintf(name, sizeof name, "%s.trigger.json", id);
    check_file(name, b, r);
    const dlrig_finding *f = report_find(r, id);
    ck_assert_msg(f != NULL, "%s: no %s (found %s)", name, id, ids_of(r));
    return f;
}

#define HAS(f, s) ck_assert_msg(strstr((f)->message, (s)) != NULL, "%s: '%s' lacks '%s'", (f)->id, (f)->message, (s))

START_TEST(messages_name_parts_and_numbers)
{
    dlrig_build b;
    dlrig_report r;
    const dlrig_finding *f;

    f = trigger("cooling.open_air_dense", &b, &r);
    HAS(f, "4 x TITAN RTX");
    HAS(f, "open-air, 2-slot");
    HAS(f, "30%");
    ck_assert_int_eq(f->n_parts, 1);
    ck_assert_str_eq(f->parts[0], "nvidia-titan-rtx");
    ck_assert_int_eq(f->severity, DLRIG_SEV_WARNING);
    report_free(&r), build_free(&b);

    f = trigger("pcie.slots", &b, &r);
    HAS(f, "3 cards");
    HAS(f, "only 2 fit");
    HAS(f, "TRX50 AERO D");
    HAS(f, "positions 1,4,7");
    ck_assert_int_eq(f->severity, DLRIG_SEV_ERROR);
    report_free(&r), build_free(&b);

    f = trigger("power.connectors", &b, &r);
    HAS(f, "3 12V-2x6 inputs");
    HAS(f, "AX1600i");
    HAS(f, "8 8-pin and 0 12V-2x6");
    report_free(&r), build_free(&b);

    f = trigger("power.circuit", &b, &r);
    HAS(f, "120v-15a");
    HAS(f, "1440 W");
    report_free(&r), build_free(&b);

    f = trigger("power.headroom", &b, &r);
    HAS(f, "89%");
    HAS(f, "1200 W");
    HAS(f, "80%");
    report_free(&r), build_free(&b);

    f = trigger("power.psu_capacity", &b, &r);
    HAS(f, "1000 W at low-line");
    report_free(&r), build_free(&b);

    f = trigger("memory.channels", &b, &r);
    HAS(f, "4 memory modules for 8 channels");
    report_free(&r), build_free(&b);

    f = trigger("memory.two_per_channel", &b, &r);
    HAS(f, "4 unbuffered modules on 2 channels");
    HAS(f, "2 modules of twice the size");
    report_free(&r), build_free(&b);

    f = trigger("memory.below_largest_vram", &b, &r);
    HAS(f, "64 GB");
    HAS(f, "96 GB");
    ck_assert_int_eq(f->n_parts, 2);
    report_free(&r), build_free(&b);

    f = trigger("memory.below_total_vram", &b, &r);
    HAS(f, "128 GB");
    HAS(f, "192 GB");
    report_free(&r), build_free(&b);

    f = trigger("cpu.cores_per_gpu", &b, &r);
    HAS(f, "12 CPU cores for 4 GPUs");
    report_free(&r), build_free(&b);

    f = trigger("compat.socket", &b, &r);
    HAS(f, "LGA4677");
    HAS(f, "sTR5");
    report_free(&r), build_free(&b);

    f = trigger("case.gpu_length", &b, &r);
    HAS(f, "304 mm");
    HAS(f, "300 mm");
    ck_assert_int_eq(f->severity, DLRIG_SEV_ERROR);
    report_free(&r), build_free(&b);

    f = trigger("case.cooler_height", &b, &r);
    HAS(f, "170 mm");
    HAS(f, "160 mm");
    report_free(&r), build_free(&b);

    f = trigger("case.riser_length", &b, &r);
    HAS(f, "600 mm");
    HAS(f, "PCIe 4.0");
    HAS(f, "400 mm");
    report_free(&r), build_free(&b);

    /* four 3-slot cards: on risers over the ROMED8-2T's seven slots; in a tower three fit */
    f = trigger("case.frame_risers", &b, &r);
    HAS(f, "4 GPUs on Sluice V2");
    HAS(f, "PCIe 4.0 x16 riser");
    HAS(f, "200 mm");
    HAS(f, "not in the price");
    ck_assert_ptr_null(report_find(&r, "pcie.slots"));
    ck_assert_ptr_null(report_find(&r, "cooling.open_air_dense"));
    ck_assert_ptr_null(report_find(&r, "case.gpu_length"));
    report_free(&r), build_free(&b);
    f = trigger("env.open_frame", &b, &r);
    HAS(f, "open frame");
    HAS(f, "Define 7 XL is a tower");
    report_free(&r), build_free(&b);
    {
        const dlrig_catalog *c = load("case.frame_risers.ok.json", &b);
        rules_check(c, &b, &r);
        ck_assert_ptr_nonnull(report_find(&r, "pcie.slots"));
        report_free(&r), build_free(&b);
    }

    f = trigger("nvlink.bridge_spacing", &b, &r);
    HAS(f, "spans 2 slots");
    HAS(f, "positions 1 and 4 (3 apart)");
    report_free(&r), build_free(&b);

    f = trigger("pcie.lanes", &b, &r);
    HAS(f, "ProArt X670E");
    HAS(f, "at x");
    report_free(&r), build_free(&b);

    f = trigger("budget.over", &b, &r);
    HAS(f, "$8,000");
    report_free(&r), build_free(&b);

    f = trigger("storage.dataset", &b, &r);
    HAS(f, "4000 GB dataset");
    report_free(&r), build_free(&b);

    f = trigger("gpu.precision_unsupported", &b, &r);
    HAS(f, "FP8");
    HAS(f, "RTX A6000");
    HAS(f, "Ampere");
    report_free(&r), build_free(&b);
}
END_TEST

/* Open-air cards packed with blower cards: the count names the open-air model only. */
START_TEST(open_air_dense_counts_the_model)
{
    dlrig_build b;
    load("cooling.open_air_dense.ok.json", &b); /* 4x blower Quadro RTX 6000 */
    const dlrig_part *titan = catalog_find(cat, "nvidia-titan-rtx");
    const dlrig_part *q6000 = catalog_find(cat, "nvidia-quadro-rtx-6000");
    build_set_category(&b, DLRIG_CAT_GPU, titan, 2);
    build_add(&b, q6000, 2);
    dlrig_report r = {0};
    rules_check(cat, &b, &r);
    const dlrig_finding *f = report_find(&r, "cooling.open_air_dense");
    ck_assert_msg(f != NULL, "found %s", ids_of(&r));
    HAS(f, "2 x TITAN RTX");
    report_free(&r);
    build_free(&b);
}
END_TEST

/* Whether r has finding id naming part p. */
static bool names(const dlrig_report *r, const char *id, const dlrig_part *p)
{
    for (size_t i = 0; i < r->n_findings; i++)
        if (!strcmp(r->findings[i].id, id))
            for (int k = 0; k < r->findings[i].n_parts; k++)
                if (!strcmp(r->findings[i].parts[k], p->id)) return true;
    return false;
}

/* --require quiet is a must-have: a quiet case and no blower or passive
 * (server-fan) cards.  An office alone only rules out loud cases. */
/* No finding contradicts another on the same build: 2 x RTX 3090 Ti holding
 * Llama 3.3 70B (Q4_K_M) in a layer split need both cards (vram.model_fit
 * says so), so gpu.multi_gpu_low_gain ("2 GPUs ... scales poorly") stays
 * quiet; with an 8B model that fits one card it speaks. */
START_TEST(needed_cards_are_not_low_gain)
{
    dlrig_build b;
    dlrig_report r;
    check_file("llm-70b-layer-split.json", &b, &r);
    const dlrig_finding *fit = report_find(&r, "vram.model_fit");
    ck_assert_msg(fit && strstr(fit->message, "layer split"), "%s", ids_of(&r));
    ck_assert_msg(!report_find(&r, "gpu.multi_gpu_low_gain"), "contradicts vram.model_fit: %s", ids_of(&r));
    /* the rule run alone (as the advisor runs subsets) works the split out itself */
    size_t n_rules, at = 0;
    const dlrig_rule_info *all = rules_list(&n_rules);
    while (at < n_rules && strcmp(all[at].id, "gpu.multi_gpu_low_gain")) at++;
    ck_assert_uint_lt(at, n_rules);
    dlrig_report alone = {0};
    rules_check_only(cat, &b, &r.placement, &at, 1, &alone);
    ck_assert_uint_eq(alone.n_findings, 0);
    snprintf(b.req.model, sizeof b.req.model, "llama-3.1-8b");
    rules_check(cat, &b, &r);
    ck_assert_msg(!report_find(&r, "vram.model_fit"), "%s", ids_of(&r));
    ck_assert_msg(report_find(&r, "gpu.multi_gpu_low_gain"), "%s", ids_of(&r));
    rules_check_only(cat, &b, &r.placement, &at, 1, &alone);
    ck_assert_uint_eq(alone.n_findings, 1);
    report_free(&alone);
    report_free(&r);
    build_free(&b);
}
END_TEST

START_TEST(quiet_means_quiet_case_and_no_blowers)
{
    dlrig_build b;
    load("env.noise.ok.json", &b); /* 2 x blower RTX 5000 Ada in a quiet Define 7, server room */
    const dlrig_part *blower = catalog_find(cat, "nvidia-rtx-5000-ada");
    const dlrig_part *open_air = catalog_find(cat, "nvidia-rtx-4090");
    const dlrig_part *quiet = catalog_find(cat, "fractal-define-7");
    const dlrig_part *normal = catalog_find(cat, "phanteks-enthoo-pro-2");
    ck_assert(blower && open_air && quiet && normal);
    dlrig_report r = {0};
    /* quiet required: one open-air card in a quiet case passes */
    b.req.environment[0] = '\0';
    b.req.require = DLRIG_REQ_QUIET;
    build_set_category(&b, DLRIG_CAT_GPU, open_air, 1);
    rules_check(cat, &b, &r);
    ck_assert_msg(report_find(&r, "env.noise") == NULL, "found %s", ids_of(&r));
    /* ... one blower card does not */
    build_set_category(&b, DLRIG_CAT_GPU, blower, 1);
    rules_check(cat, &b, &r);
    ck_assert_msg(names(&r, "env.noise", blower), "found %s", ids_of(&r));
    ck_assert_int_eq(report_find(&r, "env.noise")->severity, DLRIG_SEV_WARNING);
    /* ... nor a case that is not a quiet one */
    build_set_category(&b, DLRIG_CAT_GPU, open_air, 1);
    build_set_category(&b, DLRIG_CAT_CASE, normal, 1);
    rules_check(cat, &b, &r);
    ck_assert_msg(names(&r, "env.noise", normal), "found %s", ids_of(&r));
    /* an office without the must-have: a normal case and one blower card pass */
    b.req.require = 0;
    snprintf(b.req.environment, sizeof b.req.environment, "office");
    build_set_category(&b, DLRIG_CAT_GPU, blower, 1);
    rules_check(cat, &b, &r);
    ck_assert_msg(report_find(&r, "env.noise") == NULL, "found %s", ids_of(&r));
    report_free(&r);
    build_free(&b);
}
END_TEST

/* Several GPUs for molecular dynamics: one simulation spread over them gains
 * little, and the estimate counts an independent simulation on each, so the
 * note says that, not that data parallelism scales poorly (which it says for
 * an RNN and for one generation stream). */
START_TEST(several_gpus_for_md_are_independent_runs)
{
    dlrig_build b;
    load("gpu.multi_gpu_low_gain.trigger.json", &b); /* 2 x RTX 5000 Ada */
    b.req.dataset_gb = NAN;
    dlrig_report r = {0};
    static const struct {
        const char *workload, *says;
    } cases[] = {{"md-simulation", "one job spread over several GPUs gains little; the estimate counts 2 independent "
                                   "jobs, one a GPU"},
                 {"rnn", "it scales poorly over data parallelism"},
                 {"llm-inference", "it scales poorly over data parallelism"}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        snprintf(b.req.workload, sizeof b.req.workload, "%s", cases[i].workload);
        rules_check(cat, &b, &r);
        const dlrig_finding *f = report_find(&r, "gpu.multi_gpu_low_gain");
        ck_assert_msg(f != NULL, "%s: found %s", cases[i].workload, ids_of(&r));
        HAS(f, cases[i].says);
    }
    dlrig_estimate e;
    char err[128];
    snprintf(b.req.workload, sizeof b.req.workload, "md-simulation");
    ck_assert_int_eq(perf_estimate(cat, &b, NULL, NULL, &e, err, sizeof err), 0);
    ck_assert_double_eq_tol(e.throughput, 2 * e.per_gpu, 1e-9 * e.throughput);
    report_free(&r);
    build_free(&b);
}
END_TEST

/* --one-card holds the second job of a mix to one card as it holds the
 * first: a 70B model at 4.85 bits is split over 2 x RTX 3090 without it and
 * cannot run with it.  Before, the advisor answered a one-card chat and
 * fine-tune request with 3 x RTX PRO 4500 that split the second job. */
START_TEST(one_card_holds_the_second_job)
{
    for (int k = 0; k < 3; k++) {
        int one = k > 0;
        dlrig_build b;
        load("job.second.ok.json", &b); /* 2 x RTX 3090 */
        /* the second job is a language model's whatever the first job's workload is */
        if (k == 2) snprintf(b.req.workload, sizeof b.req.workload, "cnn");
        snprintf(b.req.model, sizeof b.req.model, "llama-3.1-8b");
        snprintf(b.req.also_model, sizeof b.req.also_model, "llama-3.3-70b");
        snprintf(b.req.also_method, sizeof b.req.also_method, "inference");
        snprintf(b.req.also_weights, sizeof b.req.also_weights, "4.85");
        b.req.one_card = one;
        dlrig_report r = {0};
        rules_check(cat, &b, &r);
        const dlrig_finding *f = report_find(&r, "job.second");
        ck_assert_msg((f != NULL) == (one == 1), "case %d: found %s", k, ids_of(&r));
        if (f) HAS(f, "on one card and GeForce RTX 3090 has 24 GiB; the requirements say each job must fit on one card");
        ck_assert_msg(report_find(&r, "shape.one_card") == NULL, "the first job fits one card: %s", ids_of(&r));
        report_free(&r);
        build_free(&b);
    }
}
END_TEST

/* Molecular dynamics runs at its codes' own mixed precision: FP8 asked of an
 * RTX A6000 (Ampere) is an error for a CNN and nothing for md-simulation. */
START_TEST(md_simulation_ignores_the_precision)
{
    static const struct {
        const char *workload;
        bool flagged;
    } cases[] = {{"cnn", true}, {"md-simulation", false}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        dlrig_build b;
        load("gpu.precision_unsupported.trigger.json", &b);
        snprintf(b.req.workload, sizeof b.req.workload, "%s", cases[i].workload);
        dlrig_report r = {0};
        rules_check(cat, &b, &r);
        ck_assert_msg((report_find(&r, "gpu.precision_unsupported") != NULL) == cases[i].flagged, "%s: found %s",
                      cases[i].workload, ids_of(&r));
        report_free(&r);
        build_free(&b);
    }
}
END_TEST

/* --require rackmount wants a rack chassis: a tower that converts to a rack (it lists rack units) is not one. */
START_TEST(rackmount_means_rack_chassis)
{
    dlrig_build b;
    load("env.rackmount.ok.json", &b);
    dlrig_report r = {0};
    rules_check(cat, &b, &r);
    ck_assert_msg(report_find(&r, "env.rackmount") == NULL, "found %s", ids_of(&r));
    const dlrig_part *tower = catalog_find(cat, "supermicro-sc747btq-r2k04b");
    ck_assert_ptr_nonnull(tower);
    build_set_category(&b, DLRIG_CAT_CASE, tower, 1);
    rules_check(cat, &b, &r);
    ck_assert_msg(names(&r, "env.rackmount", tower), "found %s", ids_of(&r));
    report_free(&r);
    build_free(&b);
}
END_TEST

/* Datacenter cards go in a server chassis with forced airflow, whatever
 * their cooler; passive cards too, whatever their segment.  The rule and the
 * advisor share the predicate (constraints.h), so they agree. */
START_TEST(datacenter_cards_need_forced_airflow)
{
    const dlrig_gpu *l40s = (const dlrig_gpu *)catalog_find(cat, "nvidia-l40s");
    const dlrig_gpu *g4090 = (const dlrig_gpu *)catalog_find(cat, "nvidia-rtx-4090");
    const dlrig_case *tower = (const dlrig_case *)catalog_find(cat, "fractal-define-7");
    const dlrig_case *server = (const dlrig_case *)catalog_find(cat, "gigabyte-g493-zb0");
    ck_assert_ptr_nonnull(l40s);
    ck_assert_ptr_nonnull(g4090);
    ck_assert_ptr_nonnull(tower);
    ck_assert_ptr_nonnull(server);
    dlrig_gpu fan = *l40s; /* a datacenter card with a fan of its own */
    fan.cooler_type = DLRIG_GPU_COOLER_BLOWER;
    dlrig_gpu passive = *g4090; /* a passive card that is not a datacenter card */
    passive.cooler_type = DLRIG_GPU_COOLER_PASSIVE;
    ck_assert(!constraint_case_cools_gpu(tower, &fan));
    ck_assert(!constraint_case_cools_gpu(tower, &passive));
    ck_assert(constraint_case_cools_gpu(tower, g4090));
    ck_assert(constraint_case_cools_gpu(server, &fan));
    ck_assert(constraint_case_cools_gpu(server, &passive));
    /* the rule says which kind of card it is */
    dlrig_build b;
    build_init(&b, "t");
    build_add(&b, &fan.p, 1);
    build_add(&b, &tower->p, 1);
    dlrig_report r = {0};
    rules_check(cat, &b, &r);
    const dlrig_finding *f = report_find(&r, "cooling.passive_needs_server");
    ck_assert_msg(f != NULL, "found %s", ids_of(&r));
    ck_assert_msg(strstr(f->message, "a datacenter card") != NULL, "%s", f->message);
    report_free(&r);
    build_free(&b);
}
END_TEST

/* An EEB board fits a case that lists SSI-EEB (the same size). */
START_TEST(eeb_fits_ssi_eeb)
{
    dlrig_build b;
    load("cooling.open_air_dense.ok.json", &b); /* ASRock WRX90 WS EVO, EEB */
    build_set_category(&b, DLRIG_CAT_CASE, catalog_find(cat, "phanteks-enthoo-pro-2-server"), 1);
    dlrig_report r = {0};
    rules_check(cat, &b, &r);
    ck_assert_msg(report_find(&r, "compat.form_factor") == NULL, "%s",
                  report_find(&r, "compat.form_factor")->message);
    /* ... but not one that takes ATX boards only. */
    build_set_category(&b, DLRIG_CAT_CASE, catalog_find(cat, "fractal-define-7-compact"), 1);
    rules_check(cat, &b, &r);
    ck_assert_ptr_nonnull(report_find(&r, "compat.form_factor"));
    report_free(&r);
    build_free(&b);
}
END_TEST

/* Missing catalog figures are reported as "not checked", never passed silently. */
START_TEST(unknown_figures_are_not_checked)
{
    dlrig_build b;
    dlrig_report r;
    check_file("unknown-card-length.json", &b, &r); /* RTX 4070 Ti SUPER: partner cards only, no length */
    const dlrig_finding *f = report_find(&r, "case.gpu_length");
    ck_assert_ptr_nonnull(f);
    ck_assert_int_eq(f->severity, DLRIG_SEV_INFO);
    HAS(f, "not checked");
    report_free(&r);
    build_free(&b);
    /* A board whose M.2 sockets the catalog does not list: not checked, not "0 sockets". */
    check_file("clean.json", &b, &r);
    report_free(&r);
    build_set_category(&b, DLRIG_CAT_MOTHERBOARD, catalog_find(cat, "gigabyte-mz73-lm0"), 1);
    rules_check(cat, &b, &r);
    f = report_find(&r, "storage.m2_slots");
    ck_assert_ptr_nonnull(f);
    ck_assert_int_eq(f->severity, DLRIG_SEV_INFO);
    HAS(f, "not checked");
    report_free(&r);
    build_free(&b);
}
END_TEST

/* Sockets listed without their link (PCIe generation, lanes or attachment
 * not in the catalog) are counted all the same, and lanes the catalog cannot
 * place on a processor are not charged to one. */
START_TEST(m2_sockets_of_unknown_link_are_counted)
{
    dlrig_build b;
    dlrig_report r;
    check_file("clean.json", &b, &r); /* TRX50 AERO D: its one M.2 drive on CPU PCIe 5.0 x4 */
    ck_assert_ptr_null(report_find(&r, "storage.m2_slots"));
    int aero_lanes = r.totals.lanes_used;
    report_free(&r);
    /* Pro WS TRX50-SAGE WIFI: three sockets, PCIe 5.0 x4 / 5.0 x4 / 4.0 x4, attachment not known */
    build_set_category(&b, DLRIG_CAT_MOTHERBOARD, catalog_find(cat, "asus-pro-ws-trx50-sage-wifi"), 1);
    memset(&r, 0, sizeof r);
    rules_check(cat, &b, &r);
    ck_assert_msg(report_find(&r, "storage.m2_slots") == NULL, "%s", report_find(&r, "storage.m2_slots")->message);
    ck_assert_int_eq(r.totals.lanes_used, aero_lanes - 4);
    report_free(&r);
    build_set_category(&b, DLRIG_CAT_STORAGE, catalog_find(cat, "samsung-990-pro-4tb"), 4);
    memset(&r, 0, sizeof r);
    rules_check(cat, &b, &r);
    const dlrig_finding *f = report_find(&r, "storage.m2_slots");
    ck_assert_ptr_nonnull(f);
    ck_assert_int_eq(f->severity, DLRIG_SEV_ERROR);
    HAS(f, "4 M.2 drives");
    HAS(f, "3 M.2 sockets");
    report_free(&r);
    build_free(&b);
}
END_TEST

/* ------------------------------------------------------------ JSON */

static void assert_number(const cJSON *o, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    ck_assert_msg(cJSON_IsNumber(v), "totals.%s is not a number", key);
}

START_TEST(json_shape)
{
    dlrig_build b;
    dlrig_report r;
    check_file("cooling.passive_needs_server.trigger.json", &b, &r);
    cJSON *o = report_to_json(&b, &r);
    ck_assert(cJSON_IsString(cJSON_GetObjectItemCaseSensitive(o, "name")));
    ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(o, "name")->valuestring, b.name);
    ck_assert(cJSON_IsFalse(cJSON_GetObjectItemCaseSensitive(o, "ok"))); /* an error-level finding */
    const cJSON *t = cJSON_GetObjectItemCaseSensitive(o, "totals");
    ck_assert(cJSON_IsObject(t));
    assert_number(t, "price_usd");
    assert_number(t, "power_w");
    assert_number(t, "gpu_count");
    assert_number(t, "vram_gb");
    assert_number(t, "ram_gb");
    ck_assert_int_eq(cJSON_GetObjectItemCaseSensitive(t, "gpu_count")->valueint, 2);
    ck_assert_int_eq(cJSON_GetObjectItemCaseSensitive(t, "vram_gb")->valueint, 96);
    ck_assert_int_eq(cJSON_GetObjectItemCaseSensitive(t, "ram_gb")->valueint, 128);
    const cJSON *fs = cJSON_GetObjectItemCaseSensitive(o, "findings");
    ck_assert(cJSON_IsArray(fs));
    ck_assert_int_eq(cJSON_GetArraySize(fs), (int)r.n_findings);
    bool seen = false;
    int last_sev = 3;
    const cJSON *f;
    cJSON_ArrayForEach(f, fs)
    {
        const cJSON *id = cJSON_GetObjectItemCaseSensitive(f, "id");
        const cJSON *sev = cJSON_GetObjectItemCaseSensitive(f, "severity");
        const cJSON *parts = cJSON_GetObjectItemCaseSensitive(f, "parts");
        ck_assert(cJSON_IsString(id));
        ck_assert_ptr_nonnull(rules_info(id->valuestring));
        ck_assert(cJSON_IsString(sev));
        int s = strcmp(sev->valuestring, "error") == 0     ? 2
                : strcmp(sev->valuestring, "warning") == 0 ? 1
                : strcmp(sev->valuestring, "info") == 0    ? 0
                                                           : -1;
        ck_assert_msg(s >= 0, "bad severity %s", sev->valuestring);
        ck_assert_int_le(s, last_sev); /* errors first */
        last_sev = s;
        ck_assert(cJSON_IsArray(parts));
        const cJSON *p;
        cJSON_ArrayForEach(p, parts)
        {
            ck_assert(cJSON_IsString(p));
            ck_assert_ptr_nonnull(catalog_find(cat, p->valuestring));
        }
        ck_assert(cJSON_IsString(cJSON_GetObjectItemCaseSensitive(f, "message")));
        ck_assert(cJSON_IsString(cJSON_GetObjectItemCaseSensitive(f, "why")));
        ck_assert(cJSON_IsString(cJSON_GetObjectItemCaseSensitive(f, "source")));
        if (strcmp(id->valuestring, "cooling.passive_needs_server") == 0) {
            seen = true;
            ck_assert_str_eq(sev->valuestring, "error");
            ck_assert_int_eq(cJSON_GetArraySize(parts), 2);
            ck_assert_str_eq(cJSON_GetArrayItem(parts, 0)->valuestring, "nvidia-l40s");
            ck_assert_str_eq(cJSON_GetArrayItem(parts, 1)->valuestring, "fractal-define-7");
        }
    }
    ck_assert(seen);
    cJSON_Delete(o);
    report_free(&r);
    build_free(&b);
}
END_TEST

START_TEST(json_clean_totals)
{
    dlrig_build b;
    dlrig_report r;
    check_file("clean.json", &b, &r);
    cJSON *o = report_to_json(&b, &r);
    ck_assert(cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(o, "ok")));
    ck_assert_int_eq(cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(o, "findings")), 0);
    const cJSON *t = cJSON_GetObjectItemCaseSensitive(o, "totals");
    /* The price is the sum of the priced lines; unpriced lines are counted, not guessed. */
    double sum = 0;
    int unpriced = 0;
    for (size_t i = 0; i < b.n_items; i++) {
        if (isnan(b.items[i].part->price_usd)) unpriced++;
        else sum += b.items[i].part->price_usd * b.items[i].qty;
    }
    ck_assert_double_eq_tol(cJSON_GetObjectItemCaseSensitive(t, "price_usd")->valuedouble, sum, 0.01);
    ck_assert_int_eq(r.totals.unpriced_parts, unpriced);
    ck_assert_int_eq(cJSON_GetObjectItemCaseSensitive(t, "gpu_count")->valueint, 2);
    ck_assert_int_eq(cJSON_GetObjectItemCaseSensitive(t, "vram_gb")->valueint, 64);
    ck_assert_int_eq(cJSON_GetObjectItemCaseSensitive(t, "ram_gb")->valueint, 128);
    ck_assert_double_eq_tol(cJSON_GetObjectItemCaseSensitive(t, "power_w")->valuedouble, round(r.totals.power_w), 0.5);
    ck_assert(r.totals.power_w > 2 * 250 && r.totals.power_w < 1600);
    cJSON_Delete(o);
    report_free(&r);
    build_free(&b);
}
END_TEST

/* ------------------------------------------------------------ speed */

START_TEST(rules_check_is_fast)
{
    dlrig_build b;
    load("clean.json", &b);
    dlrig_report r = {0};
    rules_check(cat, &b, &r); /* warm up */
    enum { RUNS = 10000 };
    double t0 = now_seconds();
    for (int i = 0; i < RUNS; i++) rules_check(cat, &b, &r);
    double us = (now_seconds() - t0) / RUNS * 1e6;
    ck_assert_uint_eq(r.n_findings, 0);
    printf("rules_check(clean.json): %.2f us per evaluation (%d runs; budget 50 us)\n", us, RUNS);
#if defined(__SANITIZE_ADDRESS__)
    (void)us; /* sanitizer builds are several times slower: report only */
#else
    ck_assert_msg(us < 50.0, "rules_check takes %.1f us per build; the budget is 50 us", us);
#endif
    /* A 4-card build exercises the placement search harder. */
    dlrig_build c;
    load("cooling.open_air_dense.trigger.json", &c);
    t0 = now_seconds();
    for (int i = 0; i < RUNS; i++) rules_check(cat, &c, &r);
    double us4 = (now_seconds() - t0) / RUNS * 1e6;
    printf("rules_check(4 GPUs on a 7-slot board): %.2f us per evaluation\n", us4);
#if !defined(__SANITIZE_ADDRESS__)
    ck_assert_msg(us4 < 50.0, "rules_check takes %.1f us on a 4-GPU build; the budget is 50 us", us4);
#endif
    report_free(&r);
    build_free(&b);
    build_free(&c);
}
END_TEST

int main(void)
{
    char err[512];
    cat = catalog_open(NULL, err, sizeof err);
    if (!cat) {
        fprintf(stderr, "%s\n", err);
        return 1;
    }
    make_fixture_catalog();
    size_t n_rules;
    rules_list(&n_rules);

    Suite *s = suite_create("rules");
    TCase *tc = tcase_create("each_rule");
    tcase_add_loop_test(tc, trigger_fires, 0, (int)n_rules);
    tcase_add_loop_test(tc, ok_is_quiet, 0, (int)n_rules);
    tcase_add_test(tc, every_rule_has_files);
    tcase_add_test(tc, table_columns_are_consistent);
    tcase_add_test(tc, cooler_needed_by_case);
    tcase_add_test(tc, circuit_unknown_notes_high_line_psu);
    tcase_add_test(tc, power_limit_lowers_sustained_draw);
    tcase_add_test(tc, psu_efficiency_at_load);
    tcase_add_test(tc, complete_server_brings_board_and_power);
    tcase_add_test(tc, redundant_supplies_do_not_count);
    tcase_add_test(tc, hgx_server_takes_sxm_modules);
    tcase_add_test(tc, platform_takes_its_cpu_family);
    tcase_add_test(tc, rdimm_needs_a_cpu_that_takes_it);
    tcase_add_test(tc, fixture_changes_nothing_else);
    suite_add_tcase(s, tc);
    tc = tcase_create("clean");
    tcase_add_test(tc, clean_has_no_finding);
    tcase_add_test(tc, report_reuse);
    suite_add_tcase(s, tc);
    tc = tcase_create("messages");
    tcase_add_test(tc, messages_name_parts_and_numbers);
    tcase_add_test(tc, open_air_dense_counts_the_model);
    tcase_add_test(tc, needed_cards_are_not_low_gain);
    tcase_add_test(tc, quiet_means_quiet_case_and_no_blowers);
    tcase_add_test(tc, several_gpus_for_md_are_independent_runs);
    tcase_add_test(tc, md_simulation_ignores_the_precision);
    tcase_add_test(tc, one_card_holds_the_second_job);
    tcase_add_test(tc, rackmount_means_rack_chassis);
    tcase_add_test(tc, datacenter_cards_need_forced_airflow);
    tcase_add_test(tc, eeb_fits_ssi_eeb);
    tcase_add_test(tc, unknown_figures_are_not_checked);
    tcase_add_test(tc, m2_sockets_of_unknown_link_are_counted);
    suite_add_tcase(s, tc);
    tc = tcase_create("json");
    tcase_add_test(tc, json_shape);
    tcase_add_test(tc, json_clean_totals);
    suite_add_tcase(s, tc);
    tc = tcase_create("speed");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, rules_check_is_fast);
    suite_add_tcase(s, tc);

    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    catalog_close(fx);
    catalog_close(cat);
    unlink(fx_path);
    return failed ? 1 : 0;
}
