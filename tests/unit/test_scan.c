/* Scan tests: each machine tree in tests/data/scan (made by make-fixtures.py
 * from real machines' values) is read into the parts, quantities, links and
 * unmatched items it holds, and into a build whose every line is owned and
 * priced 0; matching is strict (a near CPU name, a part number sold in
 * kits the modules do not fill, a card of two memory sizes without its
 * memory read, a subsystem the catalog does not list: all left unmatched);
 * hostile trees (a FIFO, oversized and damaged files) neither hang nor
 * crash. */
#include <check.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dlrig/build.h"
#include "dlrig/catalog.h"
#include "dlrig/rules.h"
#include "dlrig/scan.h"
#include "dlrig/util.h"

#define FIXTURES DLRIG_TEST_DATA "/scan"

static dlrig_catalog *cat;

static void setup(void)
{
    char err[512];
    cat = catalog_open(NULL, err, sizeof err);
    ck_assert_msg(cat != NULL, "%s", err);
}

static void teardown(void) { catalog_close(cat); }

/* Scans root (no nvidia-smi, no host pci.ids) into s; asserts it ran. */
static void scan(const char *root, dlrig_scan *s)
{
    dlrig_scan_options o = {.root = root};
    char err[512] = "";
    int rc = scan_machine(cat, &o, s, err, sizeof err);
    ck_assert_msg(rc == DLRIG_SCAN_OK, "%s: %s", root, err);
}

static void scan_fixture(const char *name, dlrig_scan *s)
{
    char root[512];
    snprintf(root, sizeof root, "%s/%s", FIXTURES, name);
    scan(root, s);
}

/* The n-th item of a kind (0 first), or NULL. */
static const dlrig_scan_item *item(const dlrig_scan *s, dlrig_scan_kind k, int n)
{
    for (size_t i = 0; i < s->n_items; i++)
        if (s->items[i].kind == k && n-- == 0) return &s->items[i];
    return NULL;
}

static int count(const dlrig_scan *s, dlrig_scan_kind k)
{
    int n = 0;
    for (size_t i = 0; i < s->n_items; i++) n += s->items[i].kind == k;
    return n;
}

static void is_part(const dlrig_scan_item *it, const char *id, int qty)
{
    ck_assert_ptr_nonnull(it);
    ck_assert_msg(it->part != NULL, "'%s' not matched: %s", it->seen, it->note ? it->note : "");
    ck_assert_str_eq(it->part->id, id);
    ck_assert_int_eq(it->qty, qty);
    ck_assert_ptr_nonnull(it->how);
}

static void not_matched(const dlrig_scan_item *it, const char *why)
{
    ck_assert_ptr_nonnull(it);
    ck_assert_msg(it->part == NULL, "'%s' matched %s", it->seen, it->part ? it->part->id : "");
    ck_assert_ptr_nonnull(it->note);
    ck_assert_msg(strstr(it->note, why) != NULL, "'%s' lacks '%s'", it->note, why);
}

/* The build of s: each line's part, quantity and owned flag. */
static const dlrig_item *line(const dlrig_build *b, const char *id)
{
    for (size_t i = 0; i < b->n_items; i++)
        if (!strcmp(b->items[i].part->id, id)) return &b->items[i];
    return NULL;
}

/* Every line owned; the build costs nothing; check counts them. */
static void all_owned_and_free(const dlrig_build *b)
{
    ck_assert(b->n_items > 0);
    for (size_t i = 0; i < b->n_items; i++) ck_assert_msg(b->items[i].owned, "%s not owned", b->items[i].part->id);
    dlrig_report rep = {0};
    rules_check(cat, b, &rep);
    ck_assert_double_eq(rep.totals.price_usd, 0);
    ck_assert_int_eq(rep.totals.owned_parts, (int)b->n_items);
    ck_assert_int_eq(rep.totals.unpriced_parts, 0);
    report_free(&rep);
}

START_TEST(desktop_with_one_geforce)
{
    dlrig_scan s;
    scan_fixture("desktop-rtx4090", &s);
    is_part(item(&s, DLRIG_SCAN_CPU, 0), "intel-core-i9-14900k", 1);
    ck_assert_str_eq(item(&s, DLRIG_SCAN_CPU, 0)->how, "model number i9-14900K");
    is_part(item(&s, DLRIG_SCAN_BOARD, 0), "asus-proart-z790-creator-wifi", 1);
    is_part(item(&s, DLRIG_SCAN_MEMORY, 0), "corsair-cmk64gx5m2b6000c30", 1); /* two modules of one kit */
    ck_assert_int_eq(s.n_modules, 2);
    ck_assert_int_eq(count(&s, DLRIG_SCAN_GPU), 1); /* the card's audio function is no GPU */
    const dlrig_scan_item *g = item(&s, DLRIG_SCAN_GPU, 0);
    is_part(g, "nvidia-rtx-4090", 1);
    ck_assert_str_eq(g->address, "0000:01:00.0");
    ck_assert_int_eq(g->link.cur_width, 16);
    ck_assert_int_eq(scan_pcie_gen(g->link.cur_gts), 4);
    ck_assert(!scan_link_narrow(&g->link));
    ck_assert(isnan(g->vram_mib)); /* no nvidia-smi here */
    is_part(item(&s, DLRIG_SCAN_STORAGE, 0), "samsung-990-pro-2tb", 1);
    ck_assert_int_eq(count(&s, DLRIG_SCAN_STORAGE), 1); /* loop0 left out */
    ck_assert_uint_eq(s.n_unmatched, 0);
    ck_assert_uint_eq(s.n_matched, 4);
    dlrig_build b;
    build_init(&b, "scan");
    scan_to_build(&s, &b);
    ck_assert_uint_eq(b.n_items, 5);
    ck_assert_int_eq(line(&b, "nvidia-rtx-4090")->power_limit_w, 0);
    all_owned_and_free(&b);
    build_free(&b);
    scan_free(&s);
}
END_TEST

START_TEST(threadripper_pro_with_two_limited_cards)
{
    dlrig_scan s;
    scan_fixture("trpro-two-gpus", &s);
    is_part(item(&s, DLRIG_SCAN_CPU, 0), "amd-threadripper-pro-7975wx", 1);
    is_part(item(&s, DLRIG_SCAN_BOARD, 0), "asus-pro-ws-wrx90e-sage-se", 1);
    ck_assert_int_eq(count(&s, DLRIG_SCAN_GPU), 2);
    for (int i = 0; i < 2; i++) {
        const dlrig_scan_item *g = item(&s, DLRIG_SCAN_GPU, i);
        is_part(g, "nvidia-rtx-6000-ada", 1); /* 26b1 of subsystem 10de:16a1 */
        ck_assert(strstr(g->how, "subsystem 10de:16a1") != NULL);
        ck_assert_double_eq(g->vram_mib, 49140);
        ck_assert_double_eq(g->power_limit_w, 250);
        ck_assert_double_eq(g->power_max_w, 300);
    }
    ck_assert_str_eq(s.nvidia_smi, "nvidia-smi.csv");
    /* 8 modules of a number the catalog sells only as a kit of 12: not matched */
    not_matched(item(&s, DLRIG_SCAN_MEMORY, 0), "kit of 12");
    ck_assert(strstr(item(&s, DLRIG_SCAN_MEMORY, 0)->seen, "8 x 32 GB DDR5-5600 RDIMM ECC") != NULL);
    is_part(item(&s, DLRIG_SCAN_STORAGE, 0), "wd-black-sn850x-4tb", 1);
    ck_assert_uint_eq(s.n_unmatched, 1);
    dlrig_build b;
    build_init(&b, "scan");
    scan_to_build(&s, &b);
    const dlrig_item *gl = line(&b, "nvidia-rtx-6000-ada");
    ck_assert_ptr_nonnull(gl);
    ck_assert_int_eq(gl->qty, 2);
    ck_assert_int_eq(gl->power_limit_w, 250); /* both cards limited under their 300 W */
    ck_assert_ptr_null(line(&b, "samsung-m321r4ga3pb0-cwm-12x"));
    all_owned_and_free(&b);
    /* the power limit and owned flags survive a save and a load */
    char *text = build_to_text(&b);
    dlrig_build back;
    char err[512];
    ck_assert_int_eq(build_parse(cat, text, strlen(text), "scan.json", &back, err, sizeof err), 0);
    ck_assert_int_eq(line(&back, "nvidia-rtx-6000-ada")->power_limit_w, 250);
    ck_assert(line(&back, "nvidia-rtx-6000-ada")->owned);
    free(text);
    build_free(&back);
    build_free(&b);
    scan_free(&s);
}
END_TEST

START_TEST(server_with_four_datacenter_cards_and_connectx)
{
    dlrig_scan s;
    scan_fixture("server-four-h100", &s);
    is_part(item(&s, DLRIG_SCAN_CPU, 0), "amd-epyc-9354", 2); /* two packages */
    is_part(item(&s, DLRIG_SCAN_BOARD, 0), "supermicro-as-4125gs-tnrt", 1); /* "AS -4125GS-TNRT" */
    is_part(item(&s, DLRIG_SCAN_MEMORY, 0), "samsung-m321r4ga3pb0-cwm-12x", 2); /* 24 x M321R4GA3PB0-CWMXJ */
    ck_assert_int_eq(count(&s, DLRIG_SCAN_GPU), 4);
    int narrow = 0;
    for (int i = 0; i < 4; i++) {
        const dlrig_scan_item *g = item(&s, DLRIG_SCAN_GPU, i);
        is_part(g, "nvidia-h100-pcie", 1);
        ck_assert_int_eq(scan_pcie_gen(g->link.cur_gts), 5);
        ck_assert_int_eq(g->link.max_width, 16);
        if (scan_link_narrow(&g->link)) {
            narrow++;
            ck_assert_str_eq(g->address, "0000:c1:00.0");
            ck_assert_int_eq(g->link.cur_width, 8);
            char t[160];
            ck_assert_str_eq(scan_link_text(&g->link, t, sizeof t), "PCIe 5.0 x8 (the card takes x16)");
        }
    }
    ck_assert_int_eq(narrow, 1);
    const dlrig_scan_item *nic = item(&s, DLRIG_SCAN_NIC, 0);
    is_part(nic, "nvidia-connectx-7-ndr", 1);
    ck_assert(strstr(nic->how, "MCX75310AAS-NEAT") != NULL);
    ck_assert(!nic->main);
    not_matched(item(&s, DLRIG_SCAN_STORAGE, 0), "no catalog drive");
    ck_assert(strstr(item(&s, DLRIG_SCAN_STORAGE, 0)->seen, "SAMSUNG MZQL27T6HBLA-00A07, 7.68 TB") != NULL);
    ck_assert_uint_eq(s.n_unmatched, 0);
    ck_assert_uint_eq(s.n_other_unmatched, 1);
    dlrig_build b;
    build_init(&b, "scan");
    scan_to_build(&s, &b);
    ck_assert_int_eq(line(&b, "nvidia-h100-pcie")->qty, 4);
    ck_assert_int_eq(line(&b, "nvidia-h100-pcie")->power_limit_w, 0); /* at its 350 W rating */
    ck_assert_ptr_null(line(&b, "supermicro-h13dsg-o-cpu"));          /* the server brings its board */
    ck_assert_int_eq(line(&b, "samsung-m321r4ga3pb0-cwm-12x")->qty, 2);
    ck_assert_uint_eq(b.n_items, 5);
    all_owned_and_free(&b);
    build_free(&b);
    scan_free(&s);
}
END_TEST

START_TEST(machine_without_gpu_or_readable_modules)
{
    dlrig_scan s;
    scan_fixture("desktop-no-gpu", &s);
    is_part(item(&s, DLRIG_SCAN_CPU, 0), "amd-ryzen-9-7950x", 1);
    is_part(item(&s, DLRIG_SCAN_BOARD, 0), "asus-prime-x670-p", 1);
    ck_assert_int_eq(count(&s, DLRIG_SCAN_GPU), 0);
    const dlrig_scan_item *m = item(&s, DLRIG_SCAN_MEMORY, 0);
    not_matched(m, "modules not readable");
    ck_assert_str_eq(m->seen, "64 GB of memory"); /* from MemTotal */
    ck_assert_int_eq(s.n_modules, -1);
    /* the on-board network controller, no pci.ids anywhere: its ids */
    not_matched(item(&s, DLRIG_SCAN_NIC, 0), "vendor 10ec device 8125");
    ck_assert_ptr_null(s.pci_ids);
    ck_assert_uint_eq(s.n_unmatched, 1);
    scan_free(&s);
}
END_TEST

START_TEST(machine_with_an_amd_card)
{
    dlrig_scan s;
    scan_fixture("desktop-rx7900xtx", &s);
    const dlrig_scan_item *g = item(&s, DLRIG_SCAN_GPU, 0);
    is_part(g, "amd-radeon-rx-7900-xtx", 1); /* 744c revision c8 (cc would be the XT) */
    ck_assert(strstr(g->how, "revision c8") != NULL);
    ck_assert(strstr(g->note, "subsystem 1043:0506") != NULL); /* a partner board, said so */
    is_part(item(&s, DLRIG_SCAN_STORAGE, 0), "crucial-mx500-4tb", 1); /* by the part number SATA gives as model */
    ck_assert_uint_eq(s.n_unmatched, 0);
    scan_free(&s);
}
END_TEST

START_TEST(gpu_the_catalog_lacks_named_not_guessed)
{
    dlrig_scan s;
    scan_fixture("desktop-unknown-gpu", &s);
    const dlrig_scan_item *g = item(&s, DLRIG_SCAN_GPU, 0);
    not_matched(g, "vendor 10de device 2484");
    ck_assert(strstr(g->note, "GA104 [GeForce RTX 3070]") != NULL); /* the tree's own pci.ids */
    ck_assert_str_eq(g->pci_name, "NVIDIA Corporation GA104 [GeForce RTX 3070]");
    ck_assert_str_eq(s.pci_ids, "usr/share/misc/pci.ids");
    ck_assert_int_eq(g->link.cur_width, 16); /* its link is reported all the same */
    ck_assert_uint_eq(s.n_unmatched, 1);
    dlrig_build b;
    build_init(&b, "scan");
    scan_to_build(&s, &b);
    for (size_t i = 0; i < b.n_items; i++) ck_assert(b.items[i].part->category != DLRIG_CAT_GPU);
    build_free(&b);
    scan_free(&s);
}
END_TEST

/* ------------------------------------------------------------ trees made here */

static char tmp[256];

static void tree_setup(void)
{
    setup();
    snprintf(tmp, sizeof tmp, "/tmp/dlrig-scan-XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(tmp));
}

static void tree_teardown(void)
{
    char *cmd = xasprintf("rm -rf '%s'", tmp);
    ck_assert_int_eq(system(cmd), 0);
    free(cmd);
    teardown();
}

/* Writes rel (under tmp) with text, making its directories. */
static void put(const char *rel, const char *text, size_t len)
{
    char *path = xasprintf("%s/%s", tmp, rel);
    for (char *p = path + strlen(tmp) + 1; (p = strchr(p, '/')); p++) {
        *p = '\0';
        mkdir(path, 0755);
        *p = '/';
    }
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    ck_assert_uint_eq(fwrite(text, 1, len, f), len);
    fclose(f);
    free(path);
}

static void puts_(const char *rel, const char *text) { put(rel, text, strlen(text)); }

static void cpu(const char *model)
{
    char *t = xasprintf("processor\t: 0\nvendor_id\t: %s\nmodel name\t: %s\nphysical id\t: 0\ncpu cores\t: 8\n",
                        strstr(model, "Intel") ? "GenuineIntel" : "AuthenticAMD", model);
    puts_("proc/cpuinfo", t);
    free(t);
}

/* A GPU at 0000:01:00.0. */
static void gpu(const char *vendor, const char *device, const char *sv, const char *sd, const char *rev)
{
    puts_("sys/bus/pci/devices/0000:01:00.0/class", "0x030000\n");
    char buf[32];
    snprintf(buf, sizeof buf, "0x%s\n", vendor);
    puts_("sys/bus/pci/devices/0000:01:00.0/vendor", buf);
    snprintf(buf, sizeof buf, "0x%s\n", device);
    puts_("sys/bus/pci/devices/0000:01:00.0/device", buf);
    snprintf(buf, sizeof buf, "0x%s\n", sv);
    puts_("sys/bus/pci/devices/0000:01:00.0/subsystem_vendor", buf);
    snprintf(buf, sizeof buf, "0x%s\n", sd);
    puts_("sys/bus/pci/devices/0000:01:00.0/subsystem_device", buf);
    snprintf(buf, sizeof buf, "0x%s\n", rev);
    puts_("sys/bus/pci/devices/0000:01:00.0/revision", buf);
}

/* A CPU model number must match exactly: no KF for K, no X3D for X, no
 * 13900K for a catalog without one; a name without a model number matches
 * nothing; Intel's "13th Gen" and AMD's "N-Core Processor" are words to
 * skip, not to match. */
START_TEST(cpu_model_numbers_match_exactly)
{
    static const struct {
        const char *model, *id; /* id NULL: not matched */
    } cases[] = {
        {"Intel(R) Core(TM) i9-14900K", "intel-core-i9-14900k"},
        {"Intel(R) Core(TM) i9-14900KF", NULL},
        {"13th Gen Intel(R) Core(TM) i9-13900K", NULL},
        {"12th Gen Intel(R) Core(TM) i7-12700K", "intel-core-i7-12700k"},
        {"AMD Ryzen 9 7950X 16-Core Processor", "amd-ryzen-9-7950x"},
        {"AMD Ryzen 9 7950X3D 16-Core Processor", NULL},
        {"AMD Ryzen Threadripper 7980X 64-Cores", "amd-threadripper-7980x"},
        {"AMD Ryzen Threadripper PRO 7985WX 64-Cores", "amd-threadripper-pro-7985wx"},
        {"AMD EPYC 9554 64-Core Processor", NULL}, /* the catalog has the 9554P only */
        {"AMD EPYC 9554P 64-Core Processor", "amd-epyc-9554p"},
        {"Intel(R) Xeon(R) w9-3495X", "intel-xeon-w9-3495x"},
        {"Intel(R) Xeon(R) Platinum 8480+", "intel-xeon-platinum-8480plus"},
        {"AMD EPYC", NULL},
        {"Intel(R) Xeon(R) Gold 6448Y CPU @ 2.10GHz", "intel-xeon-gold-6448y"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        cpu(cases[i].model);
        dlrig_scan s;
        scan(tmp, &s);
        const dlrig_scan_item *it = item(&s, DLRIG_SCAN_CPU, 0);
        ck_assert_ptr_nonnull(it);
        if (cases[i].id) {
            ck_assert_msg(it->part && !strcmp(it->part->id, cases[i].id), "'%s' is %s, not %s", cases[i].model,
                          it->part ? it->part->id : "nothing", cases[i].id);
        } else {
            ck_assert_msg(!it->part, "'%s' taken for %s", cases[i].model, it->part ? it->part->id : "");
            ck_assert_ptr_nonnull(it->note);
        }
        scan_free(&s);
    }
}
END_TEST

/* One chip is several products: the Quadro RTX 8000 is 1e30 of subsystem
 * 10de:129e, the Quadro RTX 6000 the 1e30 without a listed subsystem; a
 * datacenter card the sources list only with its subsystem is not taken
 * from another; AMD's revision decides; a card whose ids also name a card
 * of another memory size needs its memory, and a memory that differs from
 * the catalog's is not that card. */
START_TEST(gpu_ids_subsystems_revisions_and_memory)
{
    cpu("AMD Ryzen 9 7950X 16-Core Processor");
    static const struct {
        const char *v, *d, *sv, *sd, *rev, *smi, *id, *why;
    } cases[] = {
        {"10de", "1e30", "10de", "129e", "a1", NULL, "nvidia-quadro-rtx-8000", NULL},
        {"10de", "1e30", "10de", "12ba", "a1", NULL, "nvidia-quadro-rtx-6000", NULL},
        {"10de", "2331", "10de", "abcd", "a1", NULL, NULL, "other subsystems"},
        {"1002", "744c", "1002", "0e3b", "cc", NULL, "amd-radeon-rx-7900-xt", NULL},
        {"1002", "744c", "1002", "0e3b", "ce", NULL, NULL, "other subsystems or revisions"}, /* 7900 GRE */
        {"10de", "2d04", "10de", "205e", "a1", NULL, NULL, "another memory size"},
        {"10de", "2d04", "10de", "205e", "a1", "00000000:01:00.0, NVIDIA GeForce RTX 5060 Ti, 16311, 180.00, 180.00\n",
         "nvidia-rtx-5060-ti-16gb", NULL},
        {"10de", "2d04", "10de", "205e", "a1", "00000000:01:00.0, NVIDIA GeForce RTX 5060 Ti, 8151, 180.00, 180.00\n",
         NULL, "reports 8151 MiB"},
        {"10de", "2684", "1043", "889d", "a1", "00000000:01:00.0, NVIDIA GeForce RTX 4090, 24564, [N/A], [N/A]\n",
         "nvidia-rtx-4090", NULL},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        gpu(cases[i].v, cases[i].d, cases[i].sv, cases[i].sd, cases[i].rev);
        char *smi = xasprintf("%s/nvidia-smi.csv", tmp);
        unlink(smi);
        free(smi);
        if (cases[i].smi) puts_("nvidia-smi.csv", cases[i].smi);
        dlrig_scan s;
        scan(tmp, &s);
        const dlrig_scan_item *g = item(&s, DLRIG_SCAN_GPU, 0);
        ck_assert_ptr_nonnull(g);
        if (cases[i].id) {
            ck_assert_msg(g->part && !strcmp(g->part->id, cases[i].id), "case %zu: %s, not %s (%s)", i,
                          g->part ? g->part->id : "nothing", cases[i].id, g->note ? g->note : "");
        } else {
            ck_assert_msg(!g->part, "case %zu taken for %s", i, g->part ? g->part->id : "");
            ck_assert_msg(strstr(g->note, cases[i].why), "case %zu: '%s' lacks '%s'", i, g->note, cases[i].why);
        }
        if (i == 8) ck_assert(isnan(g->power_limit_w)); /* [N/A] */
        scan_free(&s);
    }
}
END_TEST

/* Intel's integrated graphics (device 2 of bus 0) is part of the CPU, no
 * GPU card; the same chip maker's card elsewhere is one. */
START_TEST(integrated_graphics_is_no_card)
{
    cpu("Intel(R) Core(TM) i9-14900K");
    static const char *const files[][2] = {{"class", "0x030000\n"},           {"vendor", "0x8086\n"},
                                           {"device", "0xa780\n"},            {"subsystem_vendor", "0x8086\n"},
                                           {"subsystem_device", "0x0000\n"}, {"revision", "0x04\n"}};
    for (size_t i = 0; i < 6; i++) {
        char rel[128];
        snprintf(rel, sizeof rel, "sys/bus/pci/devices/0000:00:02.0/%s", files[i][0]);
        puts_(rel, files[i][1]);
    }
    dlrig_scan s;
    scan(tmp, &s);
    ck_assert_int_eq(count(&s, DLRIG_SCAN_GPU), 0);
    scan_free(&s);
    gpu("8086", "e20b", "8086", "1100", "00"); /* an Arc B580 card at 01:00.0 */
    scan(tmp, &s);
    ck_assert_int_eq(count(&s, DLRIG_SCAN_GPU), 1);
    is_part(item(&s, DLRIG_SCAN_GPU, 0), "intel-arc-b580", 1);
    scan_free(&s);
}
END_TEST

/* What cannot be read is said, and nothing hangs or runs away: a FIFO as
 * cpuinfo (no reader waits on it), an attribute longer than any sysfs one,
 * a DMI table cut in the middle of a record or filled with noise, a VPD
 * whose lengths point past its end, and a root that is no machine. */
START_TEST(hostile_trees_neither_hang_nor_crash)
{
    char *fifo = xasprintf("%s/proc", tmp);
    mkdir(fifo, 0755);
    free(fifo);
    fifo = xasprintf("%s/proc/cpuinfo", tmp);
    ck_assert_int_eq(mkfifo(fifo, 0644), 0);
    free(fifo);
    char big[6000];
    memset(big, 'A', sizeof big);
    put("sys/class/dmi/id/board_name", big, sizeof big);
    /* a type 17 record whose length runs past the end of the table */
    static const unsigned char cut[] = {17, 0x5c, 0x00, 0x11, 0x00, 0x10, 0xfe, 0xff, 64, 0, 64, 0, 0x00, 0x40};
    put("sys/firmware/dmi/tables/DMI", (const char *)cut, sizeof cut);
    put("sys/bus/pci/devices/0000:41:00.0/class", "0x020000\n", 9);
    put("sys/bus/pci/devices/0000:41:00.0/vendor", "0x15b3\n", 7);
    put("sys/bus/pci/devices/0000:41:00.0/device", "0x101d\n", 7);
    static const unsigned char vpd[] = {0x82, 0xff, 0xff, 'x', 0x90, 0x40, 0x00, 'P', 'N', 0x7f, 'M'};
    put("sys/bus/pci/devices/0000:41:00.0/vpd", (const char *)vpd, sizeof vpd);
    dlrig_scan s;
    double t0 = now_seconds();
    scan(tmp, &s);
    ck_assert(now_seconds() - t0 < 5);
    not_matched(item(&s, DLRIG_SCAN_CPU, 0), "proc/cpuinfo: cannot read");
    not_matched(item(&s, DLRIG_SCAN_BOARD, 0), "no board or system name");
    not_matched(item(&s, DLRIG_SCAN_MEMORY, 0), "lists no memory module");
    not_matched(item(&s, DLRIG_SCAN_NIC, 0), "vendor 15b3 device 101d");
    scan_free(&s);
    /* noise as the DMI table */
    unsigned char noise[4096];
    unsigned seed = 12345;
    for (int round = 0; round < 50; round++) {
        for (size_t i = 0; i < sizeof noise; i++) {
            seed = seed * 1103515245u + 12345u;
            noise[i] = (unsigned char)(seed >> 16);
        }
        noise[0] = 17;
        put("sys/firmware/dmi/tables/DMI", (const char *)noise, sizeof noise);
        scan(tmp, &s);
        scan_free(&s);
    }
    /* roots that cannot be scanned */
    dlrig_scan_options o = {.root = "/nonexistent/dlrig-root"};
    char err[512];
    ck_assert_int_eq(scan_machine(cat, &o, &s, err, sizeof err), DLRIG_SCAN_EROOT);
    ck_assert(strstr(err, "/nonexistent/dlrig-root") != NULL);
    scan_free(&s);
    char *empty = xasprintf("%s/empty", tmp);
    mkdir(empty, 0755);
    o.root = empty;
    ck_assert_int_eq(scan_machine(cat, &o, &s, err, sizeof err), DLRIG_SCAN_EROOT);
    ck_assert(strstr(err, "not the root of a machine") != NULL);
    scan_free(&s);
    free(empty);
}
END_TEST

/* nvidia-smi's lines go to the GPUs at their addresses (its 8-digit domain,
 * upper-case hex), "[N/A]" stays unknown, other lines are ignored. */
START_TEST(nvidia_smi_lines_find_their_cards)
{
    dlrig_scan s = {0};
    dlrig_scan_item items[2];
    memset(items, 0, sizeof items);
    for (int i = 0; i < 2; i++) {
        items[i].kind = DLRIG_SCAN_GPU;
        items[i].vram_mib = items[i].power_limit_w = items[i].power_max_w = NAN;
    }
    snprintf(items[0].address, sizeof items[0].address, "0000:c1:00.0");
    snprintf(items[1].address, sizeof items[1].address, "0000:01:00.0");
    s.items = items;
    s.n_items = 2;
    const char *text = "00000000:C1:00.0, NVIDIA RTX 6000 Ada Generation, 49140, 250.00, 300.00\n"
                       "garbage line\n"
                       "00000000:01:00.0, NVIDIA GeForce RTX 4090, 24564, [N/A], [Not Supported]\n"
                       "00000000:02:00.0, NVIDIA GeForce RTX 4090, 24564, 450.00, 600.00";
    ck_assert_uint_eq(scan_apply_nvidia_smi(&s, text, strlen(text)), 2);
    ck_assert_double_eq(items[0].vram_mib, 49140);
    ck_assert_double_eq(items[0].power_limit_w, 250);
    ck_assert_double_eq(items[0].power_max_w, 300);
    ck_assert_double_eq(items[1].vram_mib, 24564);
    ck_assert(isnan(items[1].power_limit_w));
    ck_assert(isnan(items[1].power_max_w));
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("scan");
    TCase *tc = tcase_create("fixtures");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, desktop_with_one_geforce);
    tcase_add_test(tc, threadripper_pro_with_two_limited_cards);
    tcase_add_test(tc, server_with_four_datacenter_cards_and_connectx);
    tcase_add_test(tc, machine_without_gpu_or_readable_modules);
    tcase_add_test(tc, machine_with_an_amd_card);
    tcase_add_test(tc, gpu_the_catalog_lacks_named_not_guessed);
    tcase_add_test(tc, nvidia_smi_lines_find_their_cards);
    suite_add_tcase(s, tc);
    TCase *tt = tcase_create("trees");
    tcase_add_checked_fixture(tt, tree_setup, tree_teardown);
    tcase_add_test(tt, cpu_model_numbers_match_exactly);
    tcase_add_test(tt, gpu_ids_subsystems_revisions_and_memory);
    tcase_add_test(tt, hostile_trees_neither_hang_nor_crash);
    tcase_add_test(tt, integrated_graphics_is_no_card);
    suite_add_tcase(s, tt);
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
