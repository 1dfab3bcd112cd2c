/* Catalog and data tests: the embedded catalog opens, every row is sane,
 * the seeds' GPUs are present, slot maps are consistent, bad catalog files
 * are refused with a message. */
#include <check.h>
#include <ctype.h>
#include <math.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dlrig/catalog.h"
#include "dlrig/query.h"
#include "dlrig/rules.h"
#include "dlrig/util.h"

static dlrig_catalog *cat;

static void setup(void)
{
    char err[512];
    cat = catalog_open(NULL, err, sizeof err);
    ck_assert_msg(cat != NULL, "%s", err);
}

static void teardown(void) { catalog_close(cat); }

static bool is_slug(const char *s)
{
    if (!s || !*s || *s == '-') return false;
    for (const char *p = s; *p; p++)
        if (!(islower((unsigned char)*p) || isdigit((unsigned char)*p) || *p == '-')) return false;
    return s[strlen(s) - 1] != '-' && !strstr(s, "--");
}

START_TEST(ids_unique_and_slugs)
{
    const char *prev = NULL;
    size_t total = 0;
    for (int c = 0; c < DLRIG_CAT_COUNT; c++) {
        for (size_t i = 0; i < catalog_count(cat, (dlrig_category)c); i++) {
            const dlrig_part *p = catalog_part_at(cat, (dlrig_category)c, i);
            ck_assert_msg(is_slug(p->id), "id '%s' is not a lowercase slug", p->id);
            ck_assert_ptr_eq(catalog_find(cat, p->id), p); /* unique: the index finds this very part */
            ck_assert_msg(p->name && *p->name, "%s has no name", p->id);
            ck_assert_msg(p->vendor && *p->vendor, "%s has no vendor", p->id);
            ck_assert_msg(catalog_source(cat, p->source) != NULL, "%s cites unknown source %s", p->id, p->source);
            if (!isnan(p->price_usd)) {
                ck_assert_msg(p->price_usd > 0 && p->price_usd < 500000, "%s price %g", p->id, p->price_usd);
                ck_assert_msg(p->price_date == NULL || strlen(p->price_date) == 7, "%s price_date '%s' not YYYY-MM",
                              p->id, p->price_date);
            }
            if (p->year != DLRIG_NA) ck_assert_msg(p->year >= 2010 && p->year <= 2026, "%s year %d", p->id, p->year);
            total++;
            (void)prev;
        }
    }
    ck_assert_uint_gt(total, 180);
}
END_TEST

/* A GPU by what a user types: its id, its name as the screens show it, or
 * vendor and name, in any case; other categories' names do not match. */
START_TEST(parts_found_by_their_names)
{
    const dlrig_part *g = catalog_find(cat, "nvidia-rtx-3090");
    ck_assert_ptr_nonnull(g);
    ck_assert_ptr_eq(catalog_find_named(cat, DLRIG_CAT_GPU, "nvidia-rtx-3090"), g);
    ck_assert_ptr_eq(catalog_find_named(cat, DLRIG_CAT_GPU, "GeForce RTX 3090"), g);
    ck_assert_ptr_eq(catalog_find_named(cat, DLRIG_CAT_GPU, "  geforce rtx 3090 "), g);
    ck_assert_ptr_eq(catalog_find_named(cat, DLRIG_CAT_GPU, "NVIDIA GeForce RTX 3090"), g);
    ck_assert_ptr_null(catalog_find_named(cat, DLRIG_CAT_GPU, "GeForce RTX 309"));
    ck_assert_ptr_null(catalog_find_named(cat, DLRIG_CAT_CPU, "GeForce RTX 3090"));
    ck_assert_ptr_null(catalog_find_named(cat, DLRIG_CAT_GPU, ""));
}
END_TEST

START_TEST(minimum_coverage)
{
    static const struct { dlrig_category c; size_t min; } need[] = {
        {DLRIG_CAT_GPU, 45},    {DLRIG_CAT_CPU, 25},  {DLRIG_CAT_MOTHERBOARD, 20}, {DLRIG_CAT_MEMORY, 20},
        {DLRIG_CAT_STORAGE, 15}, {DLRIG_CAT_PSU, 15}, {DLRIG_CAT_CASE, 15},        {DLRIG_CAT_COOLER, 8},
        {DLRIG_CAT_NIC, 8},      {DLRIG_CAT_SWITCH, 4}, {DLRIG_CAT_NVLINK_BRIDGE, 6},
    };
    for (size_t i = 0; i < sizeof need / sizeof need[0]; i++)
        ck_assert_msg(catalog_count(cat, need[i].c) >= need[i].min, "%s: %zu parts, want %zu",
                      category_name(need[i].c), catalog_count(cat, need[i].c), need[i].min);
}
END_TEST

/* The catalog's closed text columns decode into their vocab.h enums at load,
 * every value of the shipped catalog names a member (so a rule that compares
 * the enum sees what the string said), and an unknown string decodes to -1. */
START_TEST(vocabularies_decoded_at_load)
{
    size_t n;
    const dlrig_gpu *g = catalog_gpus(cat, &n);
    for (size_t i = 0; i < n; i++) {
        ck_assert_msg(g[i].cooler_type >= 0, "%s cooler %s", g[i].p.id, g[i].cooler);
        ck_assert_str_eq(dlrig_gpu_cooler_names[g[i].cooler_type], g[i].cooler);
    }
    const dlrig_case *cs = catalog_cases(cat, &n);
    for (size_t i = 0; i < n; i++) {
        ck_assert_msg(cs[i].case_kind >= 0 && cs[i].noise_level >= 0, "%s kind %s noise %s", cs[i].p.id, cs[i].kind,
                      cs[i].noise);
        ck_assert_str_eq(dlrig_case_kind_names[cs[i].case_kind], cs[i].kind);
        ck_assert_str_eq(dlrig_noise_names[cs[i].noise_level], cs[i].noise);
    }
    const dlrig_storage *s = catalog_storages(cat, &n);
    for (size_t i = 0; i < n; i++) {
        ck_assert_msg(s[i].storage_kind >= 0, "%s kind %s", s[i].p.id, s[i].kind);
        ck_assert_str_eq(dlrig_storage_kind_names[s[i].storage_kind], s[i].kind);
    }
    const dlrig_framework *fw = catalog_frameworks(cat, &n);
    ck_assert_uint_gt(n, 0);
    for (size_t i = 0; i < n; i++) {
        ck_assert_msg(fw[i].status_kind >= 0, "%s status %s", fw[i].id, fw[i].status);
        ck_assert_str_eq(dlrig_framework_status_names[fw[i].status_kind], fw[i].status);
    }
    ck_assert_int_eq(vocab_decode(dlrig_noise_names, DLRIG_NOISE_COUNT, "Loud"), -1);
    ck_assert_int_eq(vocab_decode(dlrig_noise_names, DLRIG_NOISE_COUNT, NULL), -1);
    ck_assert_int_eq(vocab_decode(dlrig_noise_names, DLRIG_NOISE_COUNT, "loud"), DLRIG_NOISE_LOUD);
}
END_TEST

START_TEST(gpu_values_sane)
{
    size_t n;
    const dlrig_gpu *g = catalog_gpus(cat, &n);
    for (size_t i = 0; i < n; i++) {
        const char *id = g[i].p.id;
        ck_assert_msg(g[i].arch != NULL, "%s: unknown architecture %s", id, g[i].architecture);
        ck_assert_msg(g[i].vram_gb >= 4 && g[i].vram_gb <= 300, "%s vram %g", id, g[i].vram_gb);
        ck_assert_msg(g[i].bandwidth_gbs >= 100 && g[i].bandwidth_gbs <= 10000, "%s bandwidth %g", id,
                      g[i].bandwidth_gbs);
        ck_assert_msg(g[i].fp32_tflops > 1 && g[i].fp32_tflops < 200, "%s fp32 %g", id, g[i].fp32_tflops);
        /* up to 1,400 W: AMD rates the Instinct MI355X OAM module at 1,400 W (db/SOURCES.md, gpu-h-amd-mi355x) */
        ck_assert_msg(g[i].tdp_w >= 50 && g[i].tdp_w <= 1400, "%s tdp %d", id, g[i].tdp_w);
        bool sxm = !strcmp(g[i].form_factor, "sxm");
        ck_assert_msg(sxm || !strcmp(g[i].form_factor, "pcie"), "%s form factor %s", id, g[i].form_factor);
        /* an SXM module takes no slot and no cable: the HGX baseboard seats and powers it */
        if (sxm) ck_assert_msg(g[i].slots == 0, "%s: an SXM module covers no slot", id);
        else ck_assert_msg(g[i].slots >= 1 && g[i].slots <= 4, "%s slots %g", id, g[i].slots);
        ck_assert_msg(g[i].pcie_gen >= 2 && g[i].pcie_gen <= 6, "%s pcie gen %d", id, g[i].pcie_gen);
        ck_assert_msg(g[i].cooler_type != DLRIG_GPU_COOLER_UNKNOWN, "%s cooler %s", id, g[i].cooler);
        if (!isnan(g[i].fp16_tensor_tflops))
            ck_assert_msg(g[i].fp16_tensor_tflops >= g[i].fp32_tflops * 0.9, "%s: dense FP16 tensor %g below FP32 %g",
                          id, g[i].fp16_tensor_tflops, g[i].fp32_tflops);
        if (g[i].arch && g[i].arch->tensor_cores && strcmp(g[i].arch->vendor, "nvidia") == 0)
            ck_assert_msg(!isnan(g[i].fp16_tensor_tflops), "%s has tensor cores but no FP16 tensor rate", id);
        if (g[i].nvlink) ck_assert_msg(strncmp(g[i].nvlink, "nvlink", 6) == 0, "%s nvlink '%s'", id, g[i].nvlink);
        if (g[i].length_mm != DLRIG_NA) ck_assert_msg(g[i].length_mm > 100 && g[i].length_mm < 400, "%s length", id);
        int inputs = g[i].power_6pin + g[i].power_8pin + g[i].power_12vhpwr + g[i].power_eps8;
        ck_assert_msg(sxm || g[i].tdp_w <= 75 || inputs > 0, "%s draws %d W but lists no power input", id,
                      g[i].tdp_w);
        /* an SXM module is useful only if some GPU server's baseboard takes it */
        bool seated = false;
        size_t nc;
        const dlrig_case *cs = catalog_cases(cat, &nc);
        for (size_t k = 0; k < nc; k++) seated |= list_contains(cs[k].sxm_gpu_ids, id);
        ck_assert_msg(!sxm || seated, "%s: no server in the catalog takes this SXM module", id);
    }
}
END_TEST

/* The seeds' 2020 table (seed 000/003): VRAM GB, bandwidth GB/s, FP32 TFLOPS. */
static const struct { const char *id; double vram, bw, fp32; } seed_table[] = {
    {"nvidia-quadro-gv100", 32, 870, 16.66},     {"nvidia-quadro-rtx-8000", 48, 672, 16.31},
    {"nvidia-quadro-rtx-6000", 24, 672, 16.31},  {"nvidia-titan-rtx", 24, 672, 16.31},
    {"nvidia-titan-v", 12, 651, 14.90},          {"nvidia-tesla-v100-pcie-16gb", 16, 897, 14.13},
    {"nvidia-rtx-2080-ti", 11, 616, 13.45},      {"nvidia-quadro-rtx-5000", 16, 448, 11.15},
    {"nvidia-rtx-2080-super", 8, 496, 11.15},    {"nvidia-tesla-t4", 16, 320, 8.14},
    {"nvidia-rtx-2070-super", 8, 448, 9.06},     {"nvidia-quadro-rtx-4000", 8, 416, 7.12},
    {"nvidia-rtx-2060-super", 6, 336, 7.18},
};

static bool differs(double a, double b) { return fabs(a - b) > 0.01 * fabs(b); }

START_TEST(seed_gpus_present_with_notes)
{
    for (size_t i = 0; i < sizeof seed_table / sizeof seed_table[0]; i++) {
        const dlrig_part *p = catalog_find(cat, seed_table[i].id);
        ck_assert_msg(p && p->category == DLRIG_CAT_GPU, "seed GPU %s missing", seed_table[i].id);
        const dlrig_gpu *g = (const dlrig_gpu *)p;
        if (differs(g->vram_gb, seed_table[i].vram) || differs(g->bandwidth_gbs, seed_table[i].bw) ||
            differs(g->fp32_tflops, seed_table[i].fp32))
            ck_assert_msg(p->note && (strstr(p->note, "Seed") || strstr(p->note, "seed")),
                          "%s differs from the seed table but has no note saying which source is right", p->id);
    }
    static const char *const named[] = {"nvidia-tesla-p100-pcie-16gb", "nvidia-gtx-1080-ti", "nvidia-gtx-titan-x",
                                        "nvidia-tesla-k80"};
    for (size_t i = 0; i < 4; i++) ck_assert_msg(catalog_find(cat, named[i]) != NULL, "%s missing", named[i]);
}
END_TEST

/* Blackwell tensor rates as NVIDIA publishes them, not as SM count x a boost
 * clock would have them.  NVIDIA gives "AI TOPS" (FP4 with sparsity): dense
 * FP16 with FP32 accumulate is that / 16 on GeForce (half-rate FP32
 * accumulate) and / 8 on RTX PRO (full rate); FP8 is twice FP16.  The RTX PRO
 * 6000 Server Edition sheet gives TF32 234 sparse (FP16 dense = 4 x 117); for
 * the RTX PRO 4000 no AI TOPS figure was read and its FP16 rate is the 4 x FP32
 * every other RTX PRO Blackwell card's figures obey (db/SOURCES.md). */
static const struct { const char *id; double fp16; } blackwell_rates[] = {
    {"nvidia-rtx-5060-ti-16gb", 759.0 / 16},  {"nvidia-rtx-5070", 988.0 / 16},
    {"nvidia-rtx-5070-ti", 1406.0 / 16},      {"nvidia-rtx-5080", 1801.0 / 16},
    {"nvidia-rtx-5090", 3352.0 / 16},         {"nvidia-rtx-pro-4000-blackwell", 4 * 36.83},
    {"nvidia-rtx-pro-4500-blackwell", 1687.0 / 8}, {"nvidia-rtx-pro-5000-blackwell", 2064.0 / 8},
    {"nvidia-rtx-pro-6000-blackwell", 4000.0 / 8}, {"nvidia-rtx-pro-6000-blackwell-max-q", 3511.0 / 8},
    {"nvidia-rtx-pro-6000-blackwell-server", 4 * 234.0 / 2},
};

START_TEST(blackwell_tensor_rates_from_nvidia)
{
    for (size_t i = 0; i < sizeof blackwell_rates / sizeof blackwell_rates[0]; i++) {
        const dlrig_part *p = catalog_find(cat, blackwell_rates[i].id);
        ck_assert_msg(p && p->category == DLRIG_CAT_GPU, "%s missing", blackwell_rates[i].id);
        const dlrig_gpu *g = (const dlrig_gpu *)p;
        ck_assert_msg(!differs(g->fp16_tensor_tflops, blackwell_rates[i].fp16),
                      "%s: FP16 dense %g, NVIDIA's figures give %.1f", p->id, g->fp16_tensor_tflops,
                      blackwell_rates[i].fp16);
        ck_assert_msg(!differs(g->bf16_tensor_tflops, g->fp16_tensor_tflops), "%s: BF16 %g differs from FP16",
                      p->id, g->bf16_tensor_tflops);
        ck_assert_msg(!differs(g->fp8_tensor_tflops, 2 * g->fp16_tensor_tflops), "%s: FP8 %g is not twice FP16",
                      p->id, g->fp8_tensor_tflops);
    }
}
END_TEST

START_TEST(slot_maps_consistent)
{
    size_t n;
    const dlrig_motherboard *b = catalog_boards(cat, &n);
    for (size_t i = 0; i < n; i++) {
        ck_assert_msg(b[i].n_slots > 0, "%s has no PCIe slots", b[i].p.id);
        for (size_t k = 0; k < b[i].n_slots; k++) {
            const dlrig_slot *s = &b[i].slots[k];
            ck_assert_msg(s->electrical_width <= s->physical_width, "%s slot %d: x%d electrical in x%d physical",
                          b[i].p.id, s->position, s->electrical_width, s->physical_width);
            ck_assert_msg(s->position >= 1 && s->position <= b[i].expansion_positions, "%s slot at position %d of %d",
                          b[i].p.id, s->position, b[i].expansion_positions);
            if (k > 0) ck_assert_msg(s->position > b[i].slots[k - 1].position, "%s: two slots at one position", b[i].p.id);
            if (s->attached_to == DLRIG_ATTACH_CPU2)
                ck_assert_msg(b[i].cpu_sockets >= 2, "%s: slot on CPU 2 of a 1-socket board", b[i].p.id);
        }
        for (size_t k = 0; k < b[i].n_shares; k++) {
            const dlrig_lane_share *sh = &b[i].shares[k];
            bool found = false;
            if (sh->trigger_m2) {
                for (size_t m = 0; m < b[i].n_m2; m++) found |= b[i].m2[m].idx == sh->trigger_index;
            } else {
                for (size_t m = 0; m < b[i].n_slots; m++) found |= b[i].slots[m].position == sh->trigger_index;
            }
            ck_assert_msg(found, "%s: lane sharing triggered by a missing %s %d", b[i].p.id,
                          sh->trigger_m2 ? "M.2" : "slot", sh->trigger_index);
        }
        ck_assert_msg(b[i].memory_slots > 0 && b[i].memory_slots <= 48, "%s memory slots", b[i].p.id);
        /* m2_slots counts the listed sockets (0: the list is not in the catalog) */
        ck_assert_msg(b[i].m2_slots == (int)b[i].n_m2, "%s: m2_slots %d, %zu sockets listed", b[i].p.id, b[i].m2_slots,
                      b[i].n_m2);
        for (size_t k = 0; k < b[i].n_m2; k++)
            if (b[i].m2[k].attached_to == DLRIG_ATTACH_CPU2)
                ck_assert_msg(b[i].cpu_sockets >= 2, "%s: M.2 on CPU 2 of a 1-socket board", b[i].p.id);
    }
}
END_TEST

/* An M.2 socket listed without its link (NULL columns) loads as known socket,
 * unknown link: 0 generation and lanes, attachment UNKNOWN; the JSON says
 * null and the text says what is missing. */
START_TEST(m2_socket_of_unknown_link)
{
    const dlrig_motherboard *b = (const dlrig_motherboard *)catalog_find(cat, "supermicro-h13dsg-o-cpu");
    ck_assert_ptr_nonnull(b);
    ck_assert_uint_eq(b->n_m2, 1);
    ck_assert_int_eq(b->m2[0].idx, 1);
    ck_assert_int_eq(b->m2[0].pcie_gen, 0);
    ck_assert_int_eq(b->m2[0].lanes, 0);
    ck_assert_int_eq(b->m2[0].attached_to, DLRIG_ATTACH_UNKNOWN);
    char buf[64];
    ck_assert_str_eq(m2_link_format(&b->m2[0], buf, sizeof buf), "link not in the catalog");
    cJSON *o = part_to_json(&b->p);
    const cJSON *m = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(o, "m2"), 0);
    ck_assert_ptr_nonnull(m);
    ck_assert(cJSON_IsNull(cJSON_GetObjectItemCaseSensitive(m, "pcie_gen")));
    ck_assert(cJSON_IsNull(cJSON_GetObjectItemCaseSensitive(m, "lanes")));
    ck_assert(cJSON_IsNull(cJSON_GetObjectItemCaseSensitive(m, "attached_to")));
    cJSON_Delete(o);
    /* generation and lanes known, attachment not */
    const dlrig_motherboard *sage = (const dlrig_motherboard *)catalog_find(cat, "asus-pro-ws-trx50-sage-wifi");
    ck_assert_ptr_nonnull(sage);
    ck_assert_uint_eq(sage->n_m2, 3);
    ck_assert_str_eq(m2_link_format(&sage->m2[0], buf, sizeof buf), "PCIe 5.0 x4");
    ck_assert_int_eq(sage->m2[0].attached_to, DLRIG_ATTACH_UNKNOWN);
    /* a fully known socket keeps its text */
    const dlrig_motherboard *k = (const dlrig_motherboard *)catalog_find(cat, "gigabyte-b550m-k");
    ck_assert_ptr_nonnull(k);
    ck_assert_str_eq(m2_link_format(&k->m2[1], buf, sizeof buf), "PCIe 3.0 x2");
    ck_assert_int_eq(k->m2[1].attached_to, DLRIG_ATTACH_CHIPSET);
}
END_TEST

START_TEST(other_categories_sane)
{
    size_t n;
    const dlrig_cpu *c = catalog_cpus(cat, &n);
    for (size_t i = 0; i < n; i++) {
        ck_assert_msg(c[i].cores >= 4 && c[i].cores <= 256 && c[i].threads >= c[i].cores, "%s cores", c[i].p.id);
        ck_assert_msg(c[i].pcie_lanes >= 16 && c[i].pcie_lanes <= 160, "%s lanes %d", c[i].p.id, c[i].pcie_lanes);
        ck_assert_msg(c[i].memory_channels >= 2 && c[i].memory_channels <= 12, "%s channels", c[i].p.id);
    }
    const dlrig_memory *m = catalog_memories(cat, &n);
    for (size_t i = 0; i < n; i++) {
        ck_assert_msg(m[i].capacity_gb >= 8 && m[i].capacity_gb <= 4096, "%s capacity", m[i].p.id);
        ck_assert_msg(m[i].capacity_gb % m[i].modules == 0, "%s: capacity not a multiple of modules", m[i].p.id);
        ck_assert_msg(!strcmp(m[i].type, "DDR4") || !strcmp(m[i].type, "DDR5"), "%s type", m[i].p.id);
    }
    const dlrig_psu *p = catalog_psus(cat, &n);
    for (size_t i = 0; i < n; i++) {
        ck_assert_msg(p[i].watts >= 300 && p[i].watts <= 4000, "%s watts", p[i].p.id);
        if (p[i].watts_115v != DLRIG_NA) ck_assert_msg(p[i].watts_115v <= p[i].watts, "%s low-line above high-line", p[i].p.id);
    }
    const dlrig_case *cs = catalog_cases(cat, &n);
    for (size_t i = 0; i < n; i++) {
        /* an open frame has no slots of its own (its cards stand on risers), and states their rating */
        if (cs[i].case_kind == DLRIG_CASE_FRAME)
            ck_assert_msg(cs[i].riser_pcie_gen >= 3 && cs[i].riser_mm >= 100 && cs[i].max_gpus >= 2, "%s risers",
                          cs[i].p.id);
        else
            ck_assert_msg(cs[i].expansion_slots >= 2, "%s slots", cs[i].p.id);
        if (cs[i].sxm_gpus == DLRIG_NA) continue;
        /* an HGX server: a complete server whose baseboard lists SXM modules of the catalog */
        ck_assert_msg(cs[i].board && case_has_psus(&cs[i]), "%s: an HGX server brings its board and power",
                      cs[i].p.id);
        char ids[256];
        snprintf(ids, sizeof ids, "%s", cs[i].sxm_gpu_ids);
        for (char *save = NULL, *t = strtok_r(ids, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
            const dlrig_part *g = catalog_find(cat, t);
            ck_assert_msg(g && g->category == DLRIG_CAT_GPU && !strcmp(((const dlrig_gpu *)g)->form_factor, "sxm"),
                          "%s lists %s, not an SXM GPU of the catalog", cs[i].p.id, t);
        }
    }
    const dlrig_nvlink_bridge *br = catalog_bridges(cat, &n);
    for (size_t i = 0; i < n; i++) {
        ck_assert_msg(br[i].n_fits > 0, "%s fits no GPU", br[i].p.id);
        for (size_t k = 0; k < br[i].n_fits; k++)
            ck_assert_msg(br[i].fits[k]->nvlink != NULL, "%s fits %s, which has no NVLink", br[i].p.id,
                          br[i].fits[k]->p.id);
    }
}
END_TEST

/* Case clearances and cooler heights: every tower or server chassis the advisor
 * proposes for desk-side and server builds has a maximum GPU length and CPU
 * cooler clearance, every air cooler a height, within physical bounds; the
 * XL towers take the EEB boards of the Threadripper PRO platforms. */
START_TEST(case_and_cooler_clearances)
{
    size_t n;
    const dlrig_case *cs = catalog_cases(cat, &n);
    for (size_t i = 0; i < n; i++) {
        if (cs[i].max_gpu_length_mm != DLRIG_NA)
            ck_assert_msg(cs[i].max_gpu_length_mm >= 250 && cs[i].max_gpu_length_mm <= 700, "%s GPU length %d",
                          cs[i].p.id, cs[i].max_gpu_length_mm);
        if (cs[i].max_cooler_height_mm != DLRIG_NA)
            ck_assert_msg(cs[i].max_cooler_height_mm >= 100 && cs[i].max_cooler_height_mm <= 250,
                          "%s cooler clearance %d", cs[i].p.id, cs[i].max_cooler_height_mm);
    }
    static const char *const gpu_length[] = {"fractal-define-7-xl", "fractal-meshify-2-xl", "phanteks-enthoo-pro-2",
                                             "phanteks-enthoo-pro-2-server", "lian-li-v3000-plus",
                                             "supermicro-sc747btq-r2k04b", "supermicro-as-4125gs-tnrt",
                                             "dell-dss-8440"};
    for (size_t i = 0; i < sizeof gpu_length / sizeof *gpu_length; i++) {
        const dlrig_case *c = (const dlrig_case *)catalog_find(cat, gpu_length[i]);
        ck_assert_msg(c && c->p.category == DLRIG_CAT_CASE, "%s missing", gpu_length[i]);
        ck_assert_msg(c->max_gpu_length_mm != DLRIG_NA, "%s has no maximum GPU length", gpu_length[i]);
    }
    static const char *const cooler_clearance[] = {"fractal-define-7-xl", "fractal-meshify-2-xl",
                                                   "phanteks-enthoo-pro-2", "phanteks-enthoo-pro-2-server"};
    for (size_t i = 0; i < sizeof cooler_clearance / sizeof *cooler_clearance; i++) {
        const dlrig_case *c = (const dlrig_case *)catalog_find(cat, cooler_clearance[i]);
        ck_assert_msg(c && c->max_cooler_height_mm != DLRIG_NA, "%s has no CPU cooler clearance", cooler_clearance[i]);
    }
    const dlrig_cooler *co = catalog_coolers(cat, &n);
    for (size_t i = 0; i < n; i++) {
        if (strcmp(co[i].kind, "air") != 0) {
            ck_assert_msg(co[i].height_mm == DLRIG_NA, "%s: height is for air coolers", co[i].p.id);
            continue;
        }
        if (co[i].height_mm != DLRIG_NA)
            ck_assert_msg(co[i].height_mm >= 30 && co[i].height_mm <= 200, "%s height %d", co[i].p.id, co[i].height_mm);
    }
    static const char *const heights[] = {"noctua-nh-d15", "noctua-nh-u12a", "noctua-nh-u14s-tr4-sp3",
                                          "arctic-freezer-4u-m", "thermalright-phantom-spirit-120-se",
                                          "arctic-freezer-36"};
    for (size_t i = 0; i < sizeof heights / sizeof *heights; i++) {
        const dlrig_cooler *c = (const dlrig_cooler *)catalog_find(cat, heights[i]);
        ck_assert_msg(c && c->p.category == DLRIG_CAT_COOLER, "%s missing", heights[i]);
        ck_assert_msg(c->height_mm != DLRIG_NA, "%s has no height", heights[i]);
    }
    /* Threadripper PRO WRX90 boards (EEB) in the XL towers */
    const dlrig_motherboard *b = catalog_boards(cat, &n);
    int wrx90 = 0;
    for (size_t i = 0; i < n; i++) {
        if (!b[i].chipset || strcmp(b[i].chipset, "WRX90") != 0) continue;
        wrx90++;
        for (size_t k = 0; k < 2; k++) {
            const char *id = k ? "fractal-meshify-2-xl" : "fractal-define-7-xl";
            const dlrig_case *c = (const dlrig_case *)catalog_find(cat, id);
            ck_assert_msg(form_factor_fits(c->form_factors, b[i].form_factor), "%s (%s) does not fit %s (%s)",
                          b[i].p.id, b[i].form_factor, id, c->form_factors);
        }
    }
    ck_assert_int_gt(wrx90, 0);
}
END_TEST

START_TEST(reference_tables)
{
    size_t n;
    catalog_frameworks(cat, &n);
    ck_assert_uint_ge(n, 10);
    ck_assert_ptr_nonnull(catalog_framework(cat, "pytorch"));
    ck_assert_ptr_nonnull(catalog_framework(cat, "jax"));
    const dlrig_framework *th = catalog_framework(cat, "theano");
    ck_assert_ptr_nonnull(th);
    ck_assert_str_eq(th->status, "discontinued");
    static const char *const wl[] = {"cnn", "transformer", "llm-finetune", "llm-inference", "rnn", "gan",
                                     "diffusion", "recsys", "inference", "scientific-fp64"};
    for (size_t i = 0; i < 10; i++) ck_assert_msg(catalog_workload(cat, wl[i]) != NULL, "workload %s", wl[i]);
    const dlrig_circuit *c = catalog_circuit(cat, "120v-15a");
    ck_assert_ptr_nonnull(c);
    ck_assert_int_eq(c->continuous_w, 1440);
}
END_TEST

START_TEST(foreign_keys_hold)
{
    sqlite3 *db;
    ck_assert_int_eq(sqlite3_open_v2(DLRIG_CATALOG_DB, &db, SQLITE_OPEN_READONLY, NULL), SQLITE_OK);
    sqlite3_stmt *st;
    ck_assert_int_eq(sqlite3_prepare_v2(db, "PRAGMA foreign_key_check", -1, &st, NULL), SQLITE_OK);
    ck_assert_int_eq(sqlite3_step(st), SQLITE_DONE);
    sqlite3_finalize(st);
    sqlite3_close(db);
}
END_TEST

/* Price offers: every offer names a known part and a source; a part's own
 * price stays its new price until second-hand offers are allowed, and then
 * the cheapest used offer wins and says so. */
START_TEST(price_offers_consistent)
{
    size_t n;
    const dlrig_offer *o = catalog_offers(cat, NULL, &n);
    ck_assert_msg(n >= 3, "only %zu price offers", n);
    for (size_t i = 0; i < n; i++) {
        ck_assert_msg(catalog_find(cat, o[i].part_id) != NULL, "offer for unknown part %s", o[i].part_id);
        ck_assert_msg(catalog_source(cat, o[i].source) != NULL, "%s: offer source %s unknown", o[i].part_id,
                      o[i].source);
        ck_assert_msg(!strcmp(o[i].condition, "new") || !strcmp(o[i].condition, "used") ||
                          !strcmp(o[i].condition, "refurbished"),
                      "%s: condition %s", o[i].part_id, o[i].condition);
        ck_assert_msg(strlen(o[i].price_date) == 7 && o[i].price_date[4] == '-', "%s: date %s", o[i].part_id,
                      o[i].price_date);
        ck_assert_msg(o[i].price_usd > 0, "%s: price %g", o[i].part_id, o[i].price_usd);
        if (i > 0 && strcmp(o[i - 1].part_id, o[i].part_id) == 0)
            ck_assert_msg(o[i - 1].price_usd <= o[i].price_usd, "%s: offers not cheapest first", o[i].part_id);
    }
}
END_TEST

/* The number a quote shows for a part: the first of its rows (the one its
 * own source prints, before regional variants), with the count of modules
 * of a kit; none for a part without a row. */
START_TEST(part_number_of_a_part)
{
    const dlrig_part_number *m = catalog_part_number_of(cat, "corsair-hx1200i-2023");
    ck_assert_ptr_nonnull(m);
    ck_assert_str_eq(m->mpn, "CP-9020281-NA"); /* not -AU, -UK, -WW, -EU that follow it */
    m = catalog_part_number_of(cat, "amd-radeon-rx-9070-xt");
    ck_assert_ptr_nonnull(m);
    ck_assert_str_eq(m->mpn, "PRIME-RX9070XT-16G");
    m = catalog_part_number_of(cat, "kingston-ksm32rd4-32-8x");
    ck_assert_ptr_nonnull(m);
    ck_assert_str_eq(m->mpn, "KSM32RD4/32");
    ck_assert_int_eq(m->units, 8);
    size_t n;
    const dlrig_part_number *all = catalog_part_numbers(cat, NULL, &n);
    for (size_t i = 0; i < n; i++) { /* each part's number is its first row */
        const dlrig_part_number *first = catalog_part_number_of(cat, all[i].part_id);
        ck_assert_ptr_nonnull(first);
        ck_assert_msg(first->seq <= all[i].seq, "%s: %s shown, %s listed before it", all[i].part_id, first->mpn,
                      all[i].mpn);
    }
    ck_assert_ptr_null(catalog_part_number_of(cat, "no-such-part"));
    ck_assert_ptr_null(catalog_part_number_of(cat, NULL));
}
END_TEST

/* Manufacturer part numbers: every row names a catalog part; a number is
 * found however it is written (case, '-', spaces); a module number sold in
 * kits of several sizes names each kit with its count of modules. */
/* The part sheet (dlrig show and the builder's part view read it): its
 * price date is the shown price's own, as part_to_json gives it, with where
 * it was seen; the source's title follows the source line. */
typedef struct sheet_seen {
    char price_date[128];
    bool detail_after_source, in_source;
    int fields;
} sheet_seen;

static void sheet_collect(void *ctx, dlrig_sheet_kind kind, const char *label, const char *value)
{
    sheet_seen *s = ctx;
    if (kind == DLRIG_SHEET_FIELD) {
        s->fields++;
        s->in_source = strcmp(label, "source") == 0;
        if (strcmp(label, "price_date") == 0) snprintf(s->price_date, sizeof s->price_date, "%s", value);
    } else if (kind == DLRIG_SHEET_DETAIL && s->in_source) {
        s->detail_after_source = true;
    }
}

START_TEST(part_sheet_dates_the_shown_price)
{
    const dlrig_part *p = catalog_find(cat, "nvidia-rtx-5090");
    ck_assert_ptr_nonnull(p);
    sheet_seen seen = {0};
    part_sheet(cat, p, sheet_collect, &seen);
    cJSON *j = part_to_json(p);
    const cJSON *d = cJSON_GetObjectItemCaseSensitive(j, "price_date");
    ck_assert(cJSON_IsString(d));
    ck_assert_msg(strncmp(seen.price_date, d->valuestring, strlen(d->valuestring)) == 0, "sheet %s, json %s",
                  seen.price_date, d->valuestring);
    ck_assert_ptr_nonnull(strstr(seen.price_date, " (")); /* where it was seen */
    ck_assert(seen.detail_after_source);
    ck_assert_int_gt(seen.fields, 10);
    cJSON_Delete(j);
}
END_TEST

START_TEST(part_numbers_find_parts)
{
    size_t n;
    const dlrig_part_number *all = catalog_part_numbers(cat, NULL, &n);
    ck_assert_msg(n >= 40, "only %zu part numbers", n);
    for (size_t i = 0; i < n; i++) {
        ck_assert_msg(catalog_find(cat, all[i].part_id) != NULL, "number %s: unknown part %s", all[i].mpn,
                      all[i].part_id);
        ck_assert(all[i].units >= 1);
    }
    const dlrig_part_number *m = catalog_part_numbers(cat, "mz v9p2t0", &n);
    ck_assert_uint_eq(n, 1);
    ck_assert_str_eq(m[0].part_id, "samsung-990-pro-2tb");
    m = catalog_part_numbers(cat, "KSM48R40BS4TMM-32HMR", &n);
    ck_assert_uint_eq(n, 3); /* kits of 4, 8 and 12 */
    int units = 0;
    for (size_t i = 0; i < n; i++) units += m[i].units;
    ck_assert_int_eq(units, 4 + 8 + 12);
    ck_assert_ptr_null(catalog_part_numbers(cat, "NO-SUCH-NUMBER", &n));
    ck_assert_uint_eq(n, 0);
    ck_assert_ptr_null(catalog_part_numbers(cat, "--", &n)); /* too short once normalised */
    /* read as a price list, a parts list or a module's SPD may write them */
    m = catalog_part_numbers_like(cat, "WDS400T2X0E/EU", DLRIG_MPN_REGION, &n);
    ck_assert_uint_eq(n, 1);
    ck_assert_str_eq(m[0].part_id, "wd-black-sn850x-4tb");
    ck_assert_ptr_null(catalog_part_numbers_like(cat, "WDS400T2X0E/EU", 0, &n));
    m = catalog_part_numbers_like(cat, "M321R4GA3PB0-CWMXJ  ", DLRIG_MPN_RUN_ON, &n); /* as DMI pads it */
    ck_assert_uint_eq(n, 1);
    ck_assert_str_eq(m[0].part_id, "samsung-m321r4ga3pb0-cwm-12x");
    ck_assert_int_eq(m[0].units, 12);
    ck_assert_ptr_null(catalog_part_numbers_like(cat, "M321R4GA3PB0-CWMXJ", DLRIG_MPN_REGION, &n));
    ck_assert_ptr_null(catalog_part_numbers_like(cat, "M321R4GA3PB0-CWMXJKL", DLRIG_MPN_RUN_ON, &n)); /* 4 letters */
    ck_assert_ptr_null(catalog_part_numbers_like(cat, "M321R4GA3PB0-CW1XJ", DLRIG_MPN_RUN_ON, &n));
    m = catalog_part_numbers_like(cat, "mzv9p2t0bam", DLRIG_MPN_RUN_ON, &n);
    ck_assert_uint_eq(n, 1);
    ck_assert_str_eq(m[0].part_id, "samsung-990-pro-2tb");
    char key[16];
    ck_assert(part_number_key("mz-v9p2t0b/am", key, sizeof key));
    ck_assert_str_eq(key, "MZV9P2T0B/AM");
    ck_assert(!part_number_key("caf\xc3\xa9-123", key, sizeof key));
    ck_assert(!part_number_key("ABCDEFGHIJKLMNOPQRSTUVWXYZ", key, sizeof key));
}
END_TEST

/* The PCI ids (part_pci): every row names a catalog part of a category scan
 * reads from PCI (GPU, network card) and a source; no two rows of one
 * vendor:device claim the same subsystem and revision for different parts
 * (scan could not tell them apart); the lookup finds a chip's rows; and
 * ids copied from the sources come back (RTX 4090 2684; the Quadro RTX 8000
 * is a 1e30 of subsystem 10de:129e, the RTX 6000 the 1e30 without one; AMD
 * tells the RX 7900 XTX by revision c8). */
START_TEST(pci_ids_of_parts)
{
    size_t n, gpus_with_ids = 0, n_gpus;
    const dlrig_part_pci *all = catalog_part_pci(cat, -1, 0, &n);
    ck_assert_msg(n >= 100, "only %zu PCI id rows", n);
    for (size_t i = 0; i < n; i++) {
        const dlrig_part_pci *r = &all[i];
        ck_assert(r->part->category == DLRIG_CAT_GPU || r->part->category == DLRIG_CAT_NIC);
        ck_assert_ptr_nonnull(catalog_source(cat, r->source));
        ck_assert((r->subsys_vendor < 0) == (r->subsys_device < 0));
        if (i)
            ck_assert(all[i - 1].vendor < r->vendor ||
                      (all[i - 1].vendor == r->vendor && all[i - 1].device <= r->device));
        for (size_t k = i + 1; k < n && all[k].vendor == r->vendor && all[k].device == r->device; k++)
            ck_assert_msg(!(all[k].subsys_vendor == r->subsys_vendor && all[k].subsys_device == r->subsys_device &&
                            all[k].revision == r->revision),
                          "%04x:%04x is given twice (%s, %s)", r->vendor, r->device, r->part->id, all[k].part->id);
    }
    const dlrig_gpu *g = catalog_gpus(cat, &n_gpus);
    for (size_t i = 0; i < n_gpus; i++) {
        bool has = false;
        for (size_t k = 0; k < n && !has; k++) has = all[k].part == &g[i].p;
        gpus_with_ids += has;
    }
    ck_assert_msg(gpus_with_ids >= 76, "%zu of %zu GPUs have PCI ids", gpus_with_ids, n_gpus);
    const dlrig_part_pci *m = catalog_part_pci(cat, 0x10de, 0x2684, &n);
    ck_assert_uint_eq(n, 1);
    ck_assert_str_eq(m[0].part->id, "nvidia-rtx-4090");
    ck_assert_int_eq(m[0].subsys_vendor, -1);
    m = catalog_part_pci(cat, 0x10de, 0x1e30, &n);
    int bare = 0, rtx8000 = 0;
    for (size_t i = 0; i < n; i++) {
        if (m[i].subsys_vendor < 0) {
            bare++;
            ck_assert_str_eq(m[i].part->id, "nvidia-quadro-rtx-6000");
        } else if (m[i].subsys_vendor == 0x10de && m[i].subsys_device == 0x129e) {
            rtx8000++;
            ck_assert_str_eq(m[i].part->id, "nvidia-quadro-rtx-8000");
        }
    }
    ck_assert_int_eq(bare, 1);
    ck_assert_int_eq(rtx8000, 1);
    m = catalog_part_pci(cat, 0x1002, 0x744c, &n);
    ck_assert_uint_eq(n, 2);
    for (size_t i = 0; i < n; i++)
        ck_assert_str_eq(m[i].part->id, m[i].revision == 0xc8 ? "amd-radeon-rx-7900-xtx" : "amd-radeon-rx-7900-xt");
    m = catalog_part_pci(cat, 0x10de, 0x2d04, &n); /* RTX 5060 Ti: 8GB and 16GB share it */
    ck_assert_uint_eq(n, 1);
    ck_assert(m[0].other_memory);
    ck_assert_ptr_null(catalog_part_pci(cat, 0x10de, 0xffff, &n));
    ck_assert_uint_eq(n, 0);
}
END_TEST

/* A part's own price is a new price (db/schema.sql): a note that gives the
 * stored price as a used-market figure means a second-hand price was stored
 * as new, and a quote would assume a used part nobody asked for.  Such a
 * figure belongs in a used offer. */
START_TEST(own_price_is_a_new_price)
{
    for (int c = 0; c < DLRIG_CAT_COUNT; c++)
        for (size_t i = 0; i < catalog_count(cat, (dlrig_category)c); i++) {
            const dlrig_part *p = catalog_part_at(cat, (dlrig_category)c, i);
            if (isnan(p->price_usd) || !p->note) continue;
            ck_assert_msg(!strstr(p->note, "Price: used"),
                          "%s: its own price (%g) is described as a used-market price", p->id, p->price_usd);
        }
}
END_TEST

/* A part is priced second-hand only where the build allows it: the price
 * is a value (part_price), not a mode of the catalog, so two builds priced
 * one after the other each get their own. */
START_TEST(used_offers_only_when_allowed)
{
    const dlrig_part *p = catalog_find(cat, "nvidia-rtx-3090");
    ck_assert_ptr_nonnull(p);
    dlrig_price nw = part_price(p, false), used = part_price(p, true);
    ck_assert_msg(price_known(&used) && used.condition == DLRIG_CONDITION_USED, "the RTX 3090 has no used price");
    ck_assert_msg(nw.usd > used.usd, "test premise: used %g below new %g", used.usd, nw.usd);
    ck_assert_int_eq(nw.condition, DLRIG_CONDITION_NEW);
    ck_assert_double_eq(p->price_usd, nw.usd); /* the part's price_usd stays its new price */
    char buf[160];
    ck_assert_ptr_null(price_label(&nw, buf, sizeof buf));
    ck_assert_ptr_nonnull(price_label(&used, buf, sizeof buf));
    ck_assert_msg(strncmp(buf, "used, ", 6) == 0 && strstr(buf, used.date), "label '%s'", buf);
    /* the same part, asked again without used parts: new again (no mode left behind) */
    ck_assert_double_eq(part_price_usd(p, false), nw.usd);
    /* A part without second-hand offers costs the same either way. */
    const dlrig_part *q = NULL;
    size_t ng;
    const dlrig_gpu *gs = catalog_gpus(cat, &ng);
    for (size_t i = 0; i < ng && !q; i++)
        if (price_known(&gs[i].p.new_price) && !price_known(&gs[i].p.used_price)) q = &gs[i].p;
    ck_assert_msg(q != NULL, "test premise: a GPU with a new price and no second-hand offer");
    ck_assert_double_eq(part_price_usd(q, true), part_price_usd(q, false));
    /* A user price below the used offer wins; above it, the used offer does. */
    catalog_set_price(cat, p->id, used.usd - 100, "Test Vendor");
    ck_assert_double_eq(part_price_usd(p, true), used.usd - 100);
    ck_assert_str_eq(part_price_vendor(p), "Test Vendor");
    catalog_set_price(cat, p->id, used.usd + 100, "Test Vendor");
    ck_assert_double_eq(part_price_usd(p, true), used.usd);
    ck_assert_double_eq(part_price_usd(p, false), used.usd + 100);
    catalog_set_price(cat, p->id, NAN, NULL);
    ck_assert_double_eq(part_price_usd(p, false), nw.usd);
    ck_assert_ptr_null(part_price_vendor(p));
}
END_TEST

/* Every part of a freshly opened catalog (read lazily) is priced by the
 * policy: allowed a second-hand price, it costs no more than new, and the
 * price is one of its own (the row, an offer). */
START_TEST(used_prices_of_parts_read_later)
{
    char err[512];
    dlrig_catalog *lazy = catalog_open(NULL, err, sizeof err);
    ck_assert_ptr_nonnull(lazy);
    size_t n;
    const dlrig_gpu *g = catalog_gpus(lazy, &n);
    size_t used = 0;
    for (size_t i = 0; i < n; i++) {
        const dlrig_part *p = &g[i].p;
        double nw = part_price_usd(p, false), al = part_price_usd(p, true);
        if (!isnan(nw)) ck_assert_msg(al <= nw, "%s: %g allowing used, %g new", p->id, al, nw);
        if (isnan(al)) continue;
        bool own = al == p->catalog_price_usd;
        size_t k;
        const dlrig_offer *o = catalog_offers(lazy, p->id, &k);
        for (size_t j = 0; j < k && !own; j++) own = o[j].price_usd == al;
        ck_assert_msg(own, "%s: priced %g, which is none of its prices", p->id, al);
        if (part_price(p, true).condition != DLRIG_CONDITION_NEW) used++;
    }
    ck_assert_msg(used >= 2, "only %zu GPUs priced used", used);
    catalog_close(lazy);
}
END_TEST

/* Intel GPUs run on the XPU platform, which only PyTorch supports among the frameworks. */
START_TEST(framework_platforms)
{
    const dlrig_part *b = catalog_find(cat, "intel-arc-b580");
    ck_assert_ptr_nonnull(b);
    const dlrig_gpu *g = (const dlrig_gpu *)b;
    ck_assert_str_eq(g->arch->platform, "xpu");
    ck_assert(framework_supports(catalog_framework(cat, "pytorch"), g->arch));
    ck_assert(!framework_supports(catalog_framework(cat, "tensorflow"), g->arch));
    const dlrig_gpu *x = (const dlrig_gpu *)catalog_find(cat, "amd-radeon-rx-7900-xtx");
    ck_assert_ptr_nonnull(x);
    ck_assert(framework_supports(catalog_framework(cat, "pytorch"), x->arch));
    ck_assert(!framework_supports(catalog_framework(cat, "caffe"), x->arch));
    ck_assert_str_eq(platform_title(g->arch), "Intel oneAPI (XPU)");
}
END_TEST

/* The filter's meaning, field by field: a reference for catalog_filter,
 * which scans one text per category instead. */
static bool str_icontains(const char *hay, const char *needle)
{
    if (!needle || !*needle) return true;
    if (!hay) return false;
    size_t n = strlen(needle);
    for (const char *h = hay; *h; h++) {
        size_t i = 0;
        while (i < n && h[i] && tolower((unsigned char)h[i]) == tolower((unsigned char)needle[i])) i++;
        if (i == n) return true;
    }
    return false;
}

static bool part_matches(const dlrig_part *p, const char *filter)
{
    if (!filter) return true;
    const char *w = filter;
    char word[128];
    while (*w) {
        while (*w == ' ') w++;
        size_t n = 0;
        while (w[n] && w[n] != ' ') n++;
        if (n == 0) break;
        size_t k = n < sizeof word - 1 ? n : sizeof word - 1;
        memcpy(word, w, k);
        word[k] = '\0';
        if (!str_icontains(p->id, word) && !str_icontains(p->name, word) && !str_icontains(p->vendor, word))
            return false;
        w += n;
    }
    return true;
}

START_TEST(query_filter_sort)
{
    dlrig_query q = {.category = DLRIG_CAT_GPU, .filter = "rtx 4090", .sort = "vram_gb", .descending = true};
    const dlrig_part **v;
    size_t n;
    char err[1024];
    ck_assert_int_eq(catalog_query(cat, &q, &v, &n, err, sizeof err), 0);
    ck_assert_uint_ge(n, 1);
    for (size_t i = 0; i < n; i++) ck_assert(part_matches(v[i], "4090"));
    free(v);
    q.filter = NULL;
    ck_assert_int_eq(catalog_query(cat, &q, &v, &n, err, sizeof err), 0);
    for (size_t i = 1; i < n; i++)
        ck_assert(((const dlrig_gpu *)v[i - 1])->vram_gb >= ((const dlrig_gpu *)v[i])->vram_gb);
    free(v);
    q.sort = "no_such_field";
    ck_assert_int_eq(catalog_query(cat, &q, &v, &n, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "vram_gb")); /* lists the valid fields */
    const char *sugg[3];
    ck_assert_uint_ge(catalog_suggest(cat, "nvidia-rtx-409", sugg, 3), 1);
    ck_assert_str_eq(sugg[0], "nvidia-rtx-4090");
}
END_TEST

/* --older-than: the parts whose price (as dlrig prices them) is more than N
 * months old on the day, and no other; sorted by that price's month, oldest
 * first (the month shown, which an offer can make newer than the row's). */
START_TEST(query_old_prices)
{
    const char *today = "2026-11";
    setenv("DLRIG_TODAY", today, 1);
    dlrig_query q = {.category = -1, .old_prices = true, .older_than = 12, .sort = "price_date"};
    const dlrig_part **v;
    size_t n;
    char err[1024];
    ck_assert_int_eq(catalog_query(cat, &q, &v, &n, err, sizeof err), 0);
    size_t old = 0, priced = 0;
    for (int c = 0; c < DLRIG_CAT_COUNT; c++)
        for (size_t i = 0; i < catalog_count(cat, (dlrig_category)c); i++) {
            const dlrig_part *p = catalog_part_at(cat, (dlrig_category)c, i);
            if (!price_known(&p->new_price)) continue;
            priced++;
            int age = price_age_months(p->new_price.date, today);
            if (age < 0 || age > 12) old++;
        }
    ck_assert_msg(old > 0 && old < priced, "the catalog needs both fresh and old prices (%zu of %zu old)", old, priced);
    ck_assert_uint_eq(n, old);
    for (size_t i = 0; i < n; i++) {
        int age = price_age_months(v[i]->new_price.date, today);
        ck_assert_msg(age < 0 || age > 12, "%s priced %s", v[i]->id, v[i]->new_price.date);
        if (i && v[i - 1]->new_price.date && v[i]->new_price.date)
            ck_assert_msg(strncmp(v[i - 1]->new_price.date, v[i]->new_price.date, 7) <= 0, "%s before %s",
                          v[i - 1]->id, v[i]->id);
    }
    free(v);
    /* a later day: more of them old */
    setenv("DLRIG_TODAY", "2040-01", 1);
    ck_assert_int_eq(catalog_query(cat, &q, &v, &n, err, sizeof err), 0);
    ck_assert_uint_eq(n, priced);
    free(v);
    unsetenv("DLRIG_TODAY");
}
END_TEST

/* catalog_filter (one scan over a category's text) agrees with part_matches
 * (field by field) on every part, for filters with case, several words,
 * words that would only match across two fields, and separators. */
START_TEST(filter_agrees_with_part_matches)
{
    static const char *const filters[] = {
        "",        "   ",       "RTX",          "rtx 6000 ada", "ADA rtx",  "nvidia-rtx", "amd threadripper pro",
        "4090",    "zz-nothing", "ddr5 ecc 4x",  "quadro 8000",  "a5000 a5000", "nvidia\x1fnvidia", "a\nb",
        "1080 ti", "-",         "samsung 9100", "pro ws",       "  gv100  ",
    };
    size_t total = 0, matched = 0;
    for (size_t f = 0; f < sizeof filters / sizeof filters[0]; f++)
        for (int c = 0; c < DLRIG_CAT_COUNT; c++) {
            size_t n = catalog_count(cat, (dlrig_category)c);
            const dlrig_part **v = xcalloc(n + 1, sizeof *v);
            size_t k = catalog_filter(cat, (dlrig_category)c, filters[f], v);
            size_t j = 0;
            for (size_t i = 0; i < n; i++) {
                const dlrig_part *p = catalog_part_at(cat, (dlrig_category)c, i);
                bool want = part_matches(p, filters[f]) && !strchr(filters[f], '\x1f') && !strchr(filters[f], '\n');
                if (want) {
                    ck_assert_msg(j < k && v[j] == p, "filter '%s' disagrees with part_matches at %s", filters[f], p->id);
                    j++;
                }
            }
            ck_assert_msg(j == k, "filter '%s' returned %zu parts, %zu expected", filters[f], k, j);
            total += n;
            matched += k;
            free(v);
        }
    ck_assert_uint_gt(matched, 0);
    ck_assert_uint_lt(matched, total);
}
END_TEST

static char *write_tmp(const void *data, size_t len)
{
    char *path = xstrdup("/tmp/dlrig-test-catXXXXXX");
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    ck_assert_int_eq(write(fd, data, len), (ssize_t)len);
    close(fd);
    return path;
}

/* Parts load on first use: a part looked up by id before its category is
 * walked is the same object, with the same values, as one read by a walk. */
static void assert_same_part(const dlrig_part *a, const dlrig_part *b)
{
    size_t nc, nf;
    const dlrig_field *common = part_fields(&nc), *own = category_fields(a->category, &nf);
    for (size_t k = 0; k < nc + nf; k++) {
        const dlrig_field *f = k < nc ? &common[k] : &own[k - nc];
        const char *sa = part_field_str(a, f), *sb = part_field_str(b, f);
        if (f->kind == DLRIG_F_STR || f->kind == DLRIG_F_LIST)
            ck_assert_msg((!sa && !sb) || (sa && sb && strcmp(sa, sb) == 0), "%s.%s differs", a->id, f->name);
        else {
            double x = part_field_num(a, f), y = part_field_num(b, f);
            ck_assert_msg((isnan(x) && isnan(y)) || x == y, "%s.%s: %g vs %g", a->id, f->name, x, y);
        }
    }
    if (a->category == DLRIG_CAT_MOTHERBOARD) {
        const dlrig_motherboard *x = (const dlrig_motherboard *)a, *y = (const dlrig_motherboard *)b;
        ck_assert_uint_eq(x->n_slots, y->n_slots);
        ck_assert_uint_eq(x->n_m2, y->n_m2);
        ck_assert_uint_eq(x->n_shares, y->n_shares);
        for (size_t i = 0; i < x->n_slots; i++) {
            ck_assert_int_eq(x->slots[i].position, y->slots[i].position);
            ck_assert_int_eq(x->slots[i].electrical_width, y->slots[i].electrical_width);
            ck_assert_int_eq(x->slots[i].attached_to, y->slots[i].attached_to);
        }
        for (size_t i = 0; i < x->n_shares; i++) ck_assert_int_eq(x->shares[i].width_when, y->shares[i].width_when);
    }
    if (a->category == DLRIG_CAT_NVLINK_BRIDGE) {
        const dlrig_nvlink_bridge *x = (const dlrig_nvlink_bridge *)a, *y = (const dlrig_nvlink_bridge *)b;
        ck_assert_uint_eq(x->n_fits, y->n_fits);
        for (size_t i = 0; i < x->n_fits; i++) ck_assert_str_eq(x->fits[i]->p.id, y->fits[i]->p.id);
    }
    if (a->category == DLRIG_CAT_GPU) {
        const dlrig_gpu *x = (const dlrig_gpu *)a, *y = (const dlrig_gpu *)b;
        ck_assert_ptr_nonnull(x->arch);
        ck_assert_ptr_nonnull(y->arch);
        ck_assert_str_eq(x->architecture, y->architecture);
    }
}

START_TEST(lazy_loading_is_invisible)
{
    char err[512];
    dlrig_catalog *lazy = catalog_open(NULL, err, sizeof err);
    ck_assert_msg(lazy != NULL, "%s", err);
    /* Walk `cat` whole; in `lazy`, look every part up by id first, from the
     * last category backwards (bridges before the GPUs they fit). */
    const dlrig_part *found[2048];
    size_t n = 0;
    for (int c = DLRIG_CAT_COUNT - 1; c >= 0; c--)
        for (size_t i = catalog_count(cat, (dlrig_category)c); i-- > 0;) {
            const dlrig_part *p = catalog_part_at(cat, (dlrig_category)c, i);
            ck_assert_uint_lt(n, 2048);
            found[n] = catalog_find(lazy, p->id);
            ck_assert_ptr_nonnull(found[n]);
            ck_assert_ptr_eq(catalog_find(lazy, p->id), found[n]); /* found twice: one object */
            assert_same_part(p, found[n]);
            n++;
        }
    /* Now walk `lazy`: the parts looked up are the same objects. */
    size_t k = 0;
    for (int c = DLRIG_CAT_COUNT - 1; c >= 0; c--)
        for (size_t i = catalog_count(lazy, (dlrig_category)c); i-- > 0;) {
            const dlrig_part *p = catalog_part_at(lazy, (dlrig_category)c, i);
            ck_assert_ptr_eq(p, found[k]);
            assert_same_part(catalog_part_at(cat, (dlrig_category)c, i), p);
            k++;
        }
    ck_assert_uint_eq(k, n);
    catalog_close(lazy);
    /* And a third way: a category walked before anything is looked up. */
    lazy = catalog_open(NULL, err, sizeof err);
    size_t ng;
    const dlrig_gpu *g = catalog_gpus(lazy, &ng);
    ck_assert_uint_eq(ng, catalog_count(cat, DLRIG_CAT_GPU));
    ck_assert_ptr_eq(catalog_find(lazy, g[ng - 1].p.id), &g[ng - 1].p);
    catalog_close(lazy);
}
END_TEST

START_TEST(bad_catalog_files_refused)
{
    char err[512];
    /* Random bytes. */
    unsigned char junk[8192];
    srand(42);
    for (size_t i = 0; i < sizeof junk; i++) junk[i] = (unsigned char)rand();
    char *p = write_tmp(junk, sizeof junk);
    ck_assert_ptr_null(catalog_open(p, err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, p));
    unlink(p);
    free(p);
    /* A truncated copy of the real catalog. */
    size_t len;
    char *db = read_file_limit(DLRIG_CATALOG_DB, 64 << 20, &len);
    ck_assert_ptr_nonnull(db);
    p = write_tmp(db, len / 3);
    ck_assert_ptr_null(catalog_open(p, err, sizeof err));
    unlink(p);
    free(p);
    /* The real catalog file opens. */
    dlrig_catalog *c2 = catalog_open(DLRIG_CATALOG_DB, err, sizeof err);
    ck_assert_msg(c2 != NULL, "%s", err);
    ck_assert_uint_eq(catalog_count(c2, DLRIG_CAT_GPU), catalog_count(cat, DLRIG_CAT_GPU));
    catalog_close(c2);
    /* Another schema version. */
    sqlite3 *h;
    p = write_tmp(db, len);
    ck_assert_int_eq(sqlite3_open(p, &h), SQLITE_OK);
    sqlite3_exec(h, "PRAGMA user_version=99", NULL, NULL, NULL);
    sqlite3_close(h);
    ck_assert_ptr_null(catalog_open(p, err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "version 99"));
    unlink(p);
    free(p);
    /* A missing file. */
    ck_assert_ptr_null(catalog_open("/nonexistent/catalog.db", err, sizeof err));
    free(db);
}
END_TEST

/* A catalog file that breaks after it opened: the read failure is returned
 * through catalog_error (naming the file), the process goes on, and the
 * catalog answers as if the unread rows were absent. */
START_TEST(read_failure_after_open_is_an_error_not_an_exit)
{
    char err[512];
    size_t len;
    char *db = read_file_limit(DLRIG_CATALOG_DB, 64 << 20, &len);
    ck_assert_ptr_nonnull(db);
    char *p = write_tmp(db, len);
    dlrig_catalog *c2 = catalog_open(p, err, sizeof err);
    ck_assert_msg(c2 != NULL, "%s", err);
    ck_assert_ptr_null(catalog_error(c2));
    /* Zero every page after the header and bump the change counter, so
     * SQLite drops its cache and reads the broken pages. */
    memset(db + 100, 0, len - 100);
    db[27] = (char)(db[27] + 1);
    FILE *f = fopen(p, "r+b");
    ck_assert_ptr_nonnull(f);
    ck_assert_uint_eq(fwrite(db, 1, len, f), len);
    fclose(f);
    size_t n = catalog_count(c2, DLRIG_CAT_GPU);
    const char *why = catalog_error(c2);
    ck_assert_msg(why != NULL, "no error after reading %zu GPUs from a broken file", n);
    ck_assert_ptr_nonnull(strstr(why, p));
    ck_assert_ptr_nonnull(strstr(why, "cannot read the catalog"));
    /* Later calls read nothing more and keep the first message. */
    ck_assert_ptr_null(catalog_find(c2, "nvidia-rtx-4090"));
    ck_assert_uint_eq(catalog_count(c2, DLRIG_CAT_CPU), 0);
    ck_assert_str_eq(catalog_error(c2), why);
    catalog_close(c2);
    unlink(p);
    free(p);
    free(db);
}
END_TEST

/* ---- ML models ---- */

/* Model ids: lower case letters, digits, '-' and '.' (version numbers: llama-3.1-8b). */
static bool is_model_slug(const char *s)
{
    if (!s || !*s || *s == '-' || *s == '.') return false;
    for (const char *p = s; *p; p++)
        if (!(islower((unsigned char)*p) || isdigit((unsigned char)*p) || *p == '-' || *p == '.')) return false;
    return true;
}

START_TEST(model_rows_complete)
{
    size_t n;
    const dlrig_model *m = catalog_models(cat, &n);
    ck_assert_uint_ge(n, 45);
    size_t llms = 0, moe = 0;
    for (size_t i = 0; i < n; i++) {
        const char *id = m[i].id;
        ck_assert_msg(is_model_slug(id), "model id '%s' is not a lower-case slug", id);
        if (i > 0) ck_assert_msg(strcmp(m[i - 1].id, id) < 0, "models not in id order at %s", id);
        ck_assert_msg(m[i].name && *m[i].name && m[i].family && *m[i].family, "%s: no name or family", id);
        ck_assert_msg(catalog_source(cat, m[i].source) != NULL, "%s cites unknown source %s", id, m[i].source);
        /* every model has its size; active never exceeds it */
        ck_assert_msg(!isnan(m[i].params_m) && m[i].params_m > 0, "%s: no params_m", id);
        ck_assert_msg(!isnan(m[i].active_params_m) && m[i].active_params_m > 0 &&
                          m[i].active_params_m <= m[i].params_m,
                      "%s: active_params_m %g of %g", id, m[i].active_params_m, m[i].params_m);
        ck_assert_ptr_eq(catalog_model_find(cat, id), &m[i]);
        ck_assert_ptr_eq(catalog_model_find(cat, m[i].name), &m[i]);
        if (m[i].hf_repo) ck_assert_ptr_eq(catalog_model_find(cat, m[i].hf_repo), &m[i]);
        if (m[i].experts != DLRIG_NA) {
            moe++;
            ck_assert_msg(m[i].experts_per_token > 0 && m[i].experts_per_token <= m[i].experts, "%s experts", id);
            ck_assert_msg(m[i].active_params_m < m[i].params_m, "%s: MoE with every parameter active", id);
        } else {
            ck_assert_int_eq(m[i].experts_per_token, DLRIG_NA);
            ck_assert_msg(m[i].active_params_m == m[i].params_m, "%s: dense model with active %g != %g", id,
                          m[i].active_params_m, m[i].params_m);
        }
        if (strcmp(m[i].kind, "llm") != 0) continue;
        llms++;
        /* what the KV cache needs */
        ck_assert_msg(m[i].n_layers > 0 && m[i].hidden_size > 0 && m[i].n_heads > 0, "%s: layers/heads", id);
        ck_assert_msg(m[i].n_kv_heads > 0 && m[i].n_kv_heads <= m[i].n_heads, "%s: n_kv_heads %d", id,
                      m[i].n_kv_heads);
        ck_assert_msg(m[i].n_heads % m[i].n_kv_heads == 0, "%s: %d heads in %d KV groups", id, m[i].n_heads,
                      m[i].n_kv_heads);
        ck_assert_msg(m[i].head_dim >= 32 && m[i].head_dim <= 256, "%s: head_dim %d", id, m[i].head_dim);
        ck_assert_msg(m[i].max_context >= 2048, "%s: max_context %d", id, m[i].max_context);
        ck_assert_msg(m[i].vocab_size > 1000, "%s: vocab_size %d", id, m[i].vocab_size);
        if (m[i].sliding_window != DLRIG_NA)
            ck_assert_msg(m[i].global_layers > 0 && m[i].global_layers < m[i].n_layers, "%s: global_layers %d", id,
                          m[i].global_layers);
        double embed = (double)m[i].vocab_size * m[i].hidden_size / 1e6;
        ck_assert_msg(embed < m[i].params_m, "%s: embeddings alone %g M exceed %g M", id, embed, m[i].params_m);
        /* A dense row's published size follows from its shape: layers x (attention + SwiGLU MLP + norms) +
         * the embedding once or twice.  Gemma 3's count adds its 417M vision encoder. */
        if (m[i].experts == DLRIG_NA && m[i].kv_lora_rank == DLRIG_NA) {
            double h = m[i].hidden_size, hd = m[i].head_dim;
            double attn = h * m[i].n_heads * hd * 2 + h * m[i].n_kv_heads * hd * 2;
            double per_layer = attn + 3 * h * m[i].intermediate_size + 2 * h;
            double count = m[i].n_layers * per_layer / 1e6 + embed * (m[i].tied_embeddings ? 1 : 2);
            if (strcmp(m[i].family, "Gemma 3") == 0) count += 417;
            ck_assert_msg(fabs(count - m[i].params_m) <= 0.03 * m[i].params_m,
                          "%s: the shape gives %.0f M parameters, the row says %.0f M", id, count, m[i].params_m);
        }
    }
    ck_assert_uint_ge(llms, 38);
    ck_assert_uint_ge(moe, 8);
}
END_TEST

START_TEST(model_lookup_by_alias_and_hf_id)
{
    const dlrig_model *m = catalog_model_find(cat, "llama-3.1-70b");
    ck_assert_ptr_nonnull(m);
    ck_assert_str_eq(m->name, "Llama 3.1 70B");
    ck_assert_int_eq(m->n_layers, 80);
    ck_assert_int_eq(m->n_kv_heads, 8);
    ck_assert_int_eq(m->head_dim, 128);
    /* a Hugging Face id with its owner, of an instruct checkpoint: through the alias */
    ck_assert_ptr_eq(catalog_model_find(cat, "meta-llama/Llama-3.1-70B-Instruct"), m);
    ck_assert_ptr_eq(catalog_model_find(cat, "Llama-3.1-70B-Instruct"), m);
    ck_assert_ptr_eq(catalog_model_find(cat, "meta-llama/Meta-Llama-3.1-70B-Instruct"), m);
    ck_assert_ptr_eq(catalog_model_find(cat, "meta-llama/Llama-3.1-70B"), m); /* its hf_repo */
    /* case and blanks do not matter */
    ck_assert_ptr_eq(catalog_model_find(cat, "  LLAMA 3.1 70b "), m);
    ck_assert_ptr_eq(catalog_model_find(cat, "LLaMA3.1-70B"), m);
    /* other aliases */
    ck_assert_str_eq(catalog_model_find(cat, "llama3-70b")->id, "llama-3-70b");
    ck_assert_str_eq(catalog_model_find(cat, "Llama-3-70B-Instruct")->id, "llama-3-70b");
    ck_assert_str_eq(catalog_model_find(cat, "google/gemma-3-27b-it")->id, "gemma-3-27b");
    ck_assert_str_eq(catalog_model_find(cat, "mistralai/Mixtral-8x7B-Instruct-v0.1")->id, "mixtral-8x7b");
    ck_assert_str_eq(catalog_model_find(cat, "Qwen/Qwen2.5-72B-Instruct")->id, "qwen2.5-72b");
    ck_assert_str_eq(catalog_model_find(cat, "deepseek-ai/DeepSeek-R1")->id, "deepseek-r1");
    ck_assert_str_eq(catalog_model_find(cat, "openai/gpt-oss-120b")->id, "gpt-oss-120b");
    /* no guessing: a suffix that is no alias, another owner's model, nonsense */
    ck_assert_ptr_null(catalog_model_find(cat, "llama-3.1-70b-awq"));
    ck_assert_ptr_null(catalog_model_find(cat, "llama-3.1-7b"));
    ck_assert_ptr_null(catalog_model_find(cat, ""));
    ck_assert_ptr_null(catalog_model_find(cat, "/"));
    ck_assert_ptr_null(catalog_model_find(cat, NULL));
    /* every alias leads to an existing model and is lower case */
    size_t na;
    const dlrig_model_alias *a = catalog_model_aliases(cat, &na);
    ck_assert_uint_ge(na, 50);
    for (size_t i = 0; i < na; i++) {
        const dlrig_model *t = catalog_model_find(cat, a[i].alias);
        ck_assert_msg(t && strcmp(t->id, a[i].model_id) == 0, "alias %s -> %s", a[i].alias, a[i].model_id);
        for (const char *p = a[i].alias; *p; p++) ck_assert_msg(!isupper((unsigned char)*p), "alias %s", a[i].alias);
    }
    const char *al[8];
    ck_assert_uint_ge(catalog_model_alias_list(cat, "llama-3.1-70b", al, 8), 3);
}
END_TEST

START_TEST(model_moe_and_attention_layouts)
{
    const dlrig_model *q = catalog_model_find(cat, "Qwen3-30B-A3B");
    ck_assert_ptr_nonnull(q);
    ck_assert_double_eq_tol(q->params_m, 30500, 1);
    ck_assert_double_eq_tol(q->active_params_m, 3300, 1);
    ck_assert_int_eq(q->experts, 128);
    ck_assert_int_eq(q->experts_per_token, 8);
    const dlrig_model *mx = catalog_model_find(cat, "mixtral-8x7b");
    ck_assert_double_eq_tol(mx->active_params_m, 12900, 1);
    ck_assert_int_eq(mx->experts_per_token, 2);
    /* DeepSeek's compressed KV cache: latent + RoPE key per token and layer */
    const dlrig_model *ds = catalog_model_find(cat, "deepseek-ai/DeepSeek-V3");
    ck_assert_int_eq(ds->kv_lora_rank, 512);
    ck_assert_int_eq(ds->qk_rope_head_dim, 64);
    ck_assert_double_eq_tol(ds->active_params_m, 37000, 1);
    ck_assert_int_eq(catalog_model_find(cat, "llama-3.1-8b")->kv_lora_rank, DLRIG_NA);
    /* tied embeddings: Llama 3.2 1B and Gemma share the LM head, Llama 3.1 8B does not */
    ck_assert_int_eq(catalog_model_find(cat, "llama-3.2-1b")->tied_embeddings, 1);
    ck_assert_int_eq(catalog_model_find(cat, "gemma-2-27b")->tied_embeddings, 1);
    ck_assert_int_eq(catalog_model_find(cat, "llama-3.1-8b")->tied_embeddings, 0);
    /* sliding windows */
    const dlrig_model *g = catalog_model_find(cat, "gemma-2-9b");
    ck_assert_int_eq(g->sliding_window, 4096);
    ck_assert_int_eq(g->global_layers, 21);
    const dlrig_model *o = catalog_model_find(cat, "gpt-oss-20b");
    ck_assert_int_eq(o->sliding_window, 128);
    ck_assert_int_eq(o->global_layers, 12);
    /* the published count of Llama 3.1 8B; non-LLMs have no layers */
    ck_assert_double_eq_tol(catalog_model_find(cat, "meta-llama/Llama-3.1-8B-Instruct")->params_m, 8030, 0.5);
    const dlrig_model *r = catalog_model_find(cat, "ResNet-50");
    ck_assert_str_eq(r->kind, "vision");
    ck_assert_int_eq(r->n_layers, DLRIG_NA);
    ck_assert_ptr_nonnull(catalog_model_find(cat, "stabilityai/stable-diffusion-xl-base-1.0"));
    ck_assert_ptr_nonnull(catalog_model_find(cat, "black-forest-labs/FLUX.1-dev"));
}
END_TEST

START_TEST(model_suggest_and_filter)
{
    const char *s[5];
    size_t n = catalog_model_suggest(cat, "llama-3.1-7b", s, 5);
    ck_assert_uint_ge(n, 1);
    bool has8 = false;
    for (size_t i = 0; i < n; i++) has8 |= strcmp(s[i], "llama-3.1-8b") == 0;
    ck_assert_msg(has8, "llama-3.1-8b not suggested for llama-3.1-7b");
    n = catalog_model_suggest(cat, "Qwen/Qwen3-30B-A3B-Instruct-2507", s, 5);
    ck_assert_uint_ge(n, 1);
    ck_assert_str_eq(s[0], "qwen3-30b-a3b");
    ck_assert_uint_eq(catalog_model_suggest(cat, "zzzzzzzzzzzzzzzzzzzz", s, 5), 0);
    size_t total;
    catalog_models(cat, &total);
    const dlrig_model **v = calloc(total, sizeof *v);
    ck_assert_uint_eq(catalog_model_filter(cat, NULL, v), total);
    ck_assert_uint_eq(catalog_model_filter(cat, "   ", v), total);
    n = catalog_model_filter(cat, "LLAMA 3.1", v);
    ck_assert_uint_ge(n, 3);
    for (size_t i = 0; i < n; i++) ck_assert_ptr_nonnull(strstr(v[i]->id, "llama"));
    n = catalog_model_filter(cat, "diffusion", v);
    ck_assert_uint_eq(n, 12); /* 3 image and 9 video models */
    ck_assert_uint_eq(catalog_model_filter(cat, "llama3-70b", v), 1); /* an alias */
    ck_assert_str_eq(v[0]->id, "llama-3-70b");
    ck_assert_uint_eq(catalog_model_filter(cat, "llama nosuchword", v), 0);
    free(v);
}
END_TEST

START_TEST(catalog_without_models_refused)
{
    char err[512];
    size_t len;
    char *db = read_file_limit(DLRIG_CATALOG_DB, 64 << 20, &len);
    ck_assert_ptr_nonnull(db);
    char *p = write_tmp(db, len);
    sqlite3 *h;
    ck_assert_int_eq(sqlite3_open(p, &h), SQLITE_OK);
    ck_assert_int_eq(sqlite3_exec(h, "DROP TABLE model_alias", NULL, NULL, NULL), SQLITE_OK);
    sqlite3_close(h);
    ck_assert_ptr_null(catalog_open(p, err, sizeof err));
    ck_assert_msg(strstr(err, "model_alias") != NULL, "%s", err);
    unlink(p);
    free(p);
    free(db);
}
END_TEST

/* The quoted values of "CHECK (<column> IN ('a','b',...))" in the CREATE
 * TABLE statement sql, written to out (at most max); returns how many, or
 * -1 when the column has no such list. */
static int check_list(const char *sql, const char *column, char out[][32], int max)
{
    char *pat = xasprintf("CHECK (%s IN (", column);
    const char *at = strstr(sql, pat);
    if (at) at += strlen(pat);
    free(pat);
    if (!at) return -1;
    int n = 0;
    while (*at && *at != ')') {
        const char *q = strchr(at, '\'');
        if (!q) break;
        const char *e = strchr(q + 1, '\'');
        ck_assert_ptr_nonnull(e);
        ck_assert_int_lt(n, max);
        snprintf(out[n++], 32, "%.*s", (int)(e - q - 1), q + 1);
        at = e + 1;
        while (*at == ',' || *at == ' ') at++;
    }
    return n;
}

/* Every closed vocabulary of vocab.h is exactly the CHECK list of its
 * catalog column (same values, same order), so decoding at load never meets
 * a value the program does not name. */
START_TEST(vocabularies_match_the_schema)
{
    static const struct {
        const char *table, *column;
        const char *const *names;
        int n;
    } v[] = {
        {"architecture", "platform", dlrig_platform_names, DLRIG_PLATFORM_COUNT},
        {"gpu", "segment", dlrig_gpu_segment_names, DLRIG_SEGMENT_COUNT},
        {"gpu", "cooler", dlrig_gpu_cooler_names, DLRIG_GPU_COOLER_COUNT},
        {"gpu", "form_factor", dlrig_gpu_form_names, DLRIG_GPU_FORM_COUNT},
        {"storage", "kind", dlrig_storage_kind_names, DLRIG_STORAGE_KIND_COUNT},
        {"chassis", "kind", dlrig_case_kind_names, DLRIG_CASE_KIND_COUNT},
        {"chassis", "noise", dlrig_noise_names, DLRIG_NOISE_COUNT},
        {"cooler", "kind", dlrig_cooler_kind_names, DLRIG_COOLER_KIND_COUNT},
        {"price_offer", "condition", dlrig_condition_names, DLRIG_CONDITION_COUNT},
        {"framework", "status", dlrig_framework_status_names, DLRIG_FRAMEWORK_STATUS_COUNT},
        {"workload", "unit", dlrig_workload_unit_names, DLRIG_WL_UNIT_COUNT},
        {"workload", "scaling", dlrig_scaling_names, DLRIG_SCALING_COUNT},
        {"workload", "priority", dlrig_priority_names, DLRIG_PRIORITY_COUNT},
    };
    sqlite3 *db;
    ck_assert_int_eq(sqlite3_open_v2(DLRIG_CATALOG_DB, &db, SQLITE_OPEN_READONLY, NULL), SQLITE_OK);
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
        sqlite3_stmt *st;
        ck_assert_int_eq(sqlite3_prepare_v2(db, "SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = ?1", -1,
                                            &st, NULL),
                         SQLITE_OK);
        sqlite3_bind_text(st, 1, v[i].table, -1, SQLITE_STATIC);
        ck_assert_int_eq(sqlite3_step(st), SQLITE_ROW);
        char vals[16][32];
        int n = check_list((const char *)sqlite3_column_text(st, 0), v[i].column, vals, 16);
        ck_assert_msg(n == v[i].n, "%s.%s: %d values in the schema, %d in vocab.h", v[i].table, v[i].column, n,
                      v[i].n);
        for (int k = 0; k < n; k++) ck_assert_str_eq(vals[k], v[i].names[k]);
        sqlite3_finalize(st);
    }
    sqlite3_close(db);
    /* psu.form_factor has no CHECK list: every value the catalog holds is one vocab.h names */
    size_t np, nc;
    const dlrig_psu *psus = catalog_psus(cat, &np);
    for (size_t i = 0; i < np; i++) ck_assert_msg(psus[i].form != DLRIG_PSU_FORM_UNKNOWN, "%s", psus[i].p.id);
    const dlrig_case *cases = catalog_cases(cat, &nc);
    for (size_t i = 0; i < nc; i++)
        ck_assert_msg(!cases[i].psu_form_factor || cases[i].psu_form != DLRIG_PSU_FORM_UNKNOWN, "%s", cases[i].p.id);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("catalog");
    TCase *tc = tcase_create("data");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, ids_unique_and_slugs);
    tcase_add_test(tc, read_failure_after_open_is_an_error_not_an_exit);
    tcase_add_test(tc, parts_found_by_their_names);
    tcase_add_test(tc, minimum_coverage);
    tcase_add_test(tc, gpu_values_sane);
    tcase_add_test(tc, blackwell_tensor_rates_from_nvidia);
    tcase_add_test(tc, vocabularies_decoded_at_load);
    tcase_add_test(tc, seed_gpus_present_with_notes);
    tcase_add_test(tc, slot_maps_consistent);
    tcase_add_test(tc, m2_socket_of_unknown_link);
    tcase_add_test(tc, other_categories_sane);
    tcase_add_test(tc, case_and_cooler_clearances);
    tcase_add_test(tc, reference_tables);
    tcase_add_test(tc, foreign_keys_hold);
    tcase_add_test(tc, query_filter_sort);
    tcase_add_test(tc, filter_agrees_with_part_matches);
    tcase_add_test(tc, lazy_loading_is_invisible);
    tcase_add_test(tc, bad_catalog_files_refused);
    tcase_add_test(tc, model_rows_complete);
    tcase_add_test(tc, model_lookup_by_alias_and_hf_id);
    tcase_add_test(tc, model_moe_and_attention_layouts);
    tcase_add_test(tc, model_suggest_and_filter);
    tcase_add_test(tc, catalog_without_models_refused);
    tcase_add_test(tc, price_offers_consistent);
    tcase_add_test(tc, part_number_of_a_part);
    tcase_add_test(tc, own_price_is_a_new_price);
    tcase_add_test(tc, used_offers_only_when_allowed);
    tcase_add_test(tc, used_prices_of_parts_read_later);
    tcase_add_test(tc, framework_platforms);
    tcase_add_test(tc, vocabularies_match_the_schema);
    tcase_add_test(tc, part_numbers_find_parts);
    tcase_add_test(tc, part_sheet_dates_the_shown_price);
    tcase_add_test(tc, query_old_prices);
    tcase_add_test(tc, pci_ids_of_parts);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
