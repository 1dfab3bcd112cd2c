/*
 * catalog.c — the only place in dlrig that speaks SQL to the parts catalog.
 *
 * catalog_open reads every table once into typed arrays (a few hundred rows:
 * well under a millisecond) and closes the database; the rest of the program
 * works on those arrays.  Table layouts come from the X-macro column lists in
 * catalog.h, so one generic loader serves all of them.
 */
#include "dlrig/catalog.h"

#include <math.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dlrig/util.h"

extern const unsigned char dlrig_catalog_image[];
extern const size_t dlrig_catalog_image_size;

/* ------------------------------------------------------------ field tables */

#define FLD(kind, name) {#name, DLRIG_F_##kind, offsetof(CUR_T, name)},

#define CUR_T dlrig_part
static const dlrig_field common_fields[] = {DLRIG_PART_FIELDS(FLD)};
#undef CUR_T
#define CUR_T dlrig_gpu
static const dlrig_field gpu_fields[] = {DLRIG_GPU_FIELDS(FLD)};
#undef CUR_T
#define CUR_T dlrig_cpu
static const dlrig_field cpu_fields[] = {DLRIG_CPU_FIELDS(FLD)};
#undef CUR_T
#define CUR_T dlrig_motherboard
static const dlrig_field board_fields[] = {DLRIG_MOTHERBOARD_FIELDS(FLD)};
#undef CUR_T
#define CUR_T dlrig_memory
static const dlrig_field memory_fields[] = {DLRIG_MEMORY_FIELDS(FLD)};
#undef CUR_T
#define CUR_T dlrig_storage
static const dlrig_field storage_fields[] = {DLRIG_STORAGE_FIELDS(FLD)};
#undef CUR_T
#define CUR_T dlrig_psu
static const dlrig_field psu_fields[] = {DLRIG_PSU_FIELDS(FLD)};
#undef CUR_T
#define CUR_T dlrig_case
static const dlrig_field case_fields[] = {DLRIG_CASE_FIELDS(FLD)};
#undef CUR_T
#define CUR_T dlrig_cooler
static const dlrig_field cooler_fields[] = {DLRIG_COOLER_FIELDS(FLD)};
#undef CUR_T
#define CUR_T dlrig_nic
static const dlrig_field nic_fields[] = {DLRIG_NIC_FIELDS(FLD)};
#undef CUR_T
#define CUR_T dlrig_nvlink_bridge
static const dlrig_field bridge_fields[] = {DLRIG_NVLINK_BRIDGE_FIELDS(FLD)};
#undef CUR_T
#define CUR_T dlrig_switch
static const dlrig_field switch_fields[] = {DLRIG_SWITCH_FIELDS(FLD)};
#undef CUR_T
#define CUR_T dlrig_arch
static const dlrig_field arch_fields[] = {DLRIG_ARCH_FIELDS(FLD)};
#undef CUR_T
#define CUR_T dlrig_framework
static const dlrig_field framework_fields[] = {DLRIG_FRAMEWORK_FIELDS(FLD)};
#undef CUR_T
#define CUR_T dlrig_workload
static const dlrig_field workload_fields[] = {DLRIG_WORKLOAD_FIELDS(FLD)};
#undef CUR_T
#define CUR_T dlrig_vram_guidance
static const dlrig_field vram_fields[] = {DLRIG_VRAM_GUIDANCE_FIELDS(FLD)};
#undef CUR_T
#define CUR_T dlrig_circuit
static const dlrig_field circuit_fields[] = {DLRIG_CIRCUIT_FIELDS(FLD)};
#undef CUR_T
#define CUR_T dlrig_source
static const dlrig_field source_fields[] = {DLRIG_SOURCE_FIELDS(FLD)};
#undef CUR_T

#define N(a) (sizeof(a) / sizeof((a)[0]))

typedef struct table_desc {
    const char *table;   /* SQL table name */
    const char *name;    /* category name as in the CLI and JSON */
    const char *title;   /* for people */
    size_t size;         /* struct size */
    const dlrig_field *fields;
    size_t n_fields;
} table_desc;

static const table_desc part_tables[DLRIG_CAT_COUNT] = {
    [DLRIG_CAT_GPU] = {"gpu", "gpu", "GPU", sizeof(dlrig_gpu), gpu_fields, N(gpu_fields)},
    [DLRIG_CAT_CPU] = {"cpu", "cpu", "CPU", sizeof(dlrig_cpu), cpu_fields, N(cpu_fields)},
    [DLRIG_CAT_MOTHERBOARD] = {"motherboard", "motherboard", "Motherboard", sizeof(dlrig_motherboard),
                               board_fields, N(board_fields)},
    [DLRIG_CAT_MEMORY] = {"memory", "memory", "Memory", sizeof(dlrig_memory), memory_fields, N(memory_fields)},
    [DLRIG_CAT_STORAGE] = {"storage", "storage", "Storage", sizeof(dlrig_storage), storage_fields,
                           N(storage_fields)},
    [DLRIG_CAT_PSU] = {"psu", "psu", "Power supply", sizeof(dlrig_psu), psu_fields, N(psu_fields)},
    [DLRIG_CAT_CASE] = {"chassis", "case", "Case", sizeof(dlrig_case), case_fields, N(case_fields)},
    [DLRIG_CAT_COOLER] = {"cooler", "cooler", "CPU cooler", sizeof(dlrig_cooler), cooler_fields,
                          N(cooler_fields)},
    [DLRIG_CAT_NIC] = {"nic", "nic", "Network card", sizeof(dlrig_nic), nic_fields, N(nic_fields)},
    [DLRIG_CAT_NVLINK_BRIDGE] = {"nvlink_bridge", "nvlink_bridge", "NVLink bridge", sizeof(dlrig_nvlink_bridge),
                                 bridge_fields, N(bridge_fields)},
    [DLRIG_CAT_SWITCH] = {"switch", "switch", "Network switch", sizeof(dlrig_switch), switch_fields,
                          N(switch_fields)},
};

enum { REF_ARCH, REF_FRAMEWORK, REF_WORKLOAD, REF_VRAM, REF_CIRCUIT, REF_SOURCE, REF_COUNT };
static const table_desc ref_tables[REF_COUNT] = {
    [REF_ARCH] = {"architecture", "architecture", "Architecture", sizeof(dlrig_arch), arch_fields, N(arch_fields)},
    [REF_FRAMEWORK] = {"framework", "framework", "Framework", sizeof(dlrig_framework), framework_fields,
                       N(framework_fields)},
    [REF_WORKLOAD] = {"workload", "workload", "Workload", sizeof(dlrig_workload), workload_fields,
                      N(workload_fields)},
    [REF_VRAM] = {"vram_guidance", "vram_guidance", "VRAM guidance", sizeof(dlrig_vram_guidance), vram_fields,
                  N(vram_fields)},
    [REF_CIRCUIT] = {"circuit", "circuit", "Circuit", sizeof(dlrig_circuit), circuit_fields, N(circuit_fields)},
    [REF_SOURCE] = {"source", "source", "Source", sizeof(dlrig_source), source_fields, N(source_fields)},
};

/* ------------------------------------------------------------ the catalog */

typedef struct rows {
    unsigned char *base; /* n elements of desc->size bytes */
    size_t n;
} rows;

struct dlrig_catalog {
    rows parts[DLRIG_CAT_COUNT];
    rows refs[REF_COUNT];
    const dlrig_part **index; /* every part, sorted by id */
    size_t n_index;
    char **strings;           /* every string the catalog owns */
    size_t n_strings, cap_strings;
    void **blocks;            /* other allocations (slot maps, bridge fit lists) */
    size_t n_blocks, cap_blocks;
    dlrig_price_row *uprices; /* applied user prices, by part id then USD price */
    size_t n_uprices;
};

static const char *own_string(dlrig_catalog *c, const unsigned char *s)
{
    if (!s) return NULL;
    if (c->n_strings == c->cap_strings) {
        c->cap_strings = c->cap_strings ? c->cap_strings * 2 : 1024;
        c->strings = xrealloc(c->strings, c->cap_strings * sizeof *c->strings);
    }
    char *d = xstrdup((const char *)s);
    c->strings[c->n_strings++] = d;
    return d;
}

static void *own_block(dlrig_catalog *c, size_t size)
{
    if (c->n_blocks == c->cap_blocks) {
        c->cap_blocks = c->cap_blocks ? c->cap_blocks * 2 : 64;
        c->blocks = xrealloc(c->blocks, c->cap_blocks * sizeof *c->blocks);
    }
    void *p = xcalloc(1, size);
    c->blocks[c->n_blocks++] = p;
    return p;
}

static void store_column(dlrig_catalog *c, sqlite3_stmt *st, int col, unsigned char *obj, const dlrig_field *f)
{
    void *dst = obj + f->offset;
    bool null = sqlite3_column_type(st, col) == SQLITE_NULL;
    switch (f->kind) {
    case DLRIG_F_STR:
    case DLRIG_F_LIST:
        *(const char **)dst = null ? NULL : own_string(c, sqlite3_column_text(st, col));
        break;
    case DLRIG_F_REAL:
        *(double *)dst = null ? NAN : sqlite3_column_double(st, col);
        break;
    case DLRIG_F_INT:
        *(int *)dst = null ? DLRIG_NA : sqlite3_column_int(st, col);
        break;
    case DLRIG_F_BOOL:
        *(int *)dst = null ? 0 : (sqlite3_column_int(st, col) != 0);
        break;
    }
}

static int prepare(sqlite3 *db, const char *sql, sqlite3_stmt **st, char *err, size_t errlen, const char *what)
{
    if (sqlite3_prepare_v2(db, sql, -1, st, NULL) != SQLITE_OK) {
        snprintf(err, errlen, "%s: %s", what, sqlite3_errmsg(db));
        return -1;
    }
    return 0;
}

/* Loads `desc` (with the common part columns first when is_part) into r. */
static int load_table(dlrig_catalog *c, sqlite3 *db, const table_desc *desc, bool is_part, rows *r, char *err,
                      size_t errlen)
{
    strbuf sql = {0};
    sb_append(&sql, "SELECT ");
    bool first = true;
    if (is_part) {
        for (size_t i = 0; i < N(common_fields); i++) {
            sb_printf(&sql, "%s%s", first ? "" : ", ", common_fields[i].name);
            first = false;
        }
    }
    for (size_t i = 0; i < desc->n_fields; i++) {
        sb_printf(&sql, "%s%s", first ? "" : ", ", desc->fields[i].name);
        first = false;
    }
    sb_printf(&sql, " FROM %s ORDER BY 1", desc->table);

    sqlite3_stmt *st;
    int rc = prepare(db, sql.s, &st, err, errlen, desc->table);
    sb_free(&sql);
    if (rc) return -1;
    size_t cap = 64;
    r->base = xcalloc(cap, desc->size);
    r->n = 0;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        if (r->n == cap) {
            r->base = xrealloc(r->base, cap * 2 * desc->size);
            memset(r->base + cap * desc->size, 0, cap * desc->size);
            cap *= 2;
        }
        unsigned char *obj = r->base + r->n * desc->size;
        int col = 0;
        if (is_part) {
            for (size_t i = 0; i < N(common_fields); i++) store_column(c, st, col++, obj, &common_fields[i]);
            dlrig_part *p = (dlrig_part *)obj;
            p->category = (dlrig_category)(desc - part_tables);
            p->catalog_price_usd = p->price_usd;
        }
        for (size_t i = 0; i < desc->n_fields; i++) store_column(c, st, col++, obj, &desc->fields[i]);
        r->n++;
    }
    if (rc != SQLITE_DONE) {
        snprintf(err, errlen, "%s: %s", desc->table, sqlite3_errmsg(db));
        sqlite3_finalize(st);
        return -1;
    }
    sqlite3_finalize(st);
    return 0;
}

static int cmp_part_id(const void *a, const void *b)
{
    const dlrig_part *const *pa = a, *const *pb = b;
    return strcmp((*pa)->id, (*pb)->id);
}

static dlrig_motherboard *find_board(dlrig_catalog *c, const char *id)
{
    rows *r = &c->parts[DLRIG_CAT_MOTHERBOARD];
    dlrig_motherboard *b = (dlrig_motherboard *)r->base;
    size_t lo = 0, hi = r->n;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        int cmp = strcmp(b[mid].p.id, id);
        if (cmp == 0) return &b[mid];
        if (cmp < 0) lo = mid + 1;
        else hi = mid;
    }
    return NULL;
}

static dlrig_attach parse_attach(const unsigned char *s)
{
    if (!s) return DLRIG_ATTACH_CHIPSET;
    if (strcmp((const char *)s, "cpu1") == 0) return DLRIG_ATTACH_CPU1;
    if (strcmp((const char *)s, "cpu2") == 0) return DLRIG_ATTACH_CPU2;
    return DLRIG_ATTACH_CHIPSET;
}

/* Counts rows per board in a side table, then fills them in (two passes so
 * every board gets one exact-size block). */
static int load_board_details(dlrig_catalog *c, sqlite3 *db, char *err, size_t errlen)
{
    sqlite3_stmt *st;
    if (prepare(db,
                "SELECT board_id, position, physical_width, electrical_width, pcie_gen, attached_to, note "
                "FROM board_slot ORDER BY board_id, position",
                &st, err, errlen, "board_slot"))
        return -1;
    for (int pass = 0; pass < 2; pass++) {
        while (sqlite3_step(st) == SQLITE_ROW) {
            dlrig_motherboard *b = find_board(c, (const char *)sqlite3_column_text(st, 0));
            if (!b) continue;
            if (pass == 0) {
                b->n_slots++;
                continue;
            }
            dlrig_slot *s = &b->slots[b->n_slots++];
            s->position = sqlite3_column_int(st, 1);
            s->physical_width = sqlite3_column_int(st, 2);
            s->electrical_width = sqlite3_column_int(st, 3);
            s->pcie_gen = sqlite3_column_int(st, 4);
            s->attached_to = parse_attach(sqlite3_column_text(st, 5));
            s->note = own_string(c, sqlite3_column_text(st, 6));
        }
        if (pass == 0) {
            rows *r = &c->parts[DLRIG_CAT_MOTHERBOARD];
            dlrig_motherboard *bs = (dlrig_motherboard *)r->base;
            for (size_t i = 0; i < r->n; i++) {
                bs[i].slots = own_block(c, (bs[i].n_slots + 1) * sizeof(dlrig_slot));
                bs[i].n_slots = 0;
            }
            sqlite3_reset(st);
        }
    }
    sqlite3_finalize(st);

    if (prepare(db, "SELECT board_id, idx, pcie_gen, lanes, attached_to FROM board_m2 ORDER BY board_id, idx", &st,
                err, errlen, "board_m2"))
        return -1;
    for (int pass = 0; pass < 2; pass++) {
        while (sqlite3_step(st) == SQLITE_ROW) {
            dlrig_motherboard *b = find_board(c, (const char *)sqlite3_column_text(st, 0));
            if (!b) continue;
            if (pass == 0) {
                b->n_m2++;
                continue;
            }
            dlrig_m2 *m = &b->m2[b->n_m2++];
            m->idx = sqlite3_column_int(st, 1);
            m->pcie_gen = sqlite3_column_int(st, 2);
            m->lanes = sqlite3_column_int(st, 3);
            m->attached_to = parse_attach(sqlite3_column_text(st, 4));
        }
        if (pass == 0) {
            rows *r = &c->parts[DLRIG_CAT_MOTHERBOARD];
            dlrig_motherboard *bs = (dlrig_motherboard *)r->base;
            for (size_t i = 0; i < r->n; i++) {
                bs[i].m2 = own_block(c, (bs[i].n_m2 + 1) * sizeof(dlrig_m2));
                bs[i].n_m2 = 0;
            }
            sqlite3_reset(st);
        }
    }
    sqlite3_finalize(st);

    if (prepare(db,
                "SELECT board_id, slot_position, trigger_kind, trigger_index, width_when FROM board_lane_share "
                "ORDER BY board_id, slot_position, trigger_kind, trigger_index",
                &st, err, errlen, "board_lane_share"))
        return -1;
    for (int pass = 0; pass < 2; pass++) {
        while (sqlite3_step(st) == SQLITE_ROW) {
            dlrig_motherboard *b = find_board(c, (const char *)sqlite3_column_text(st, 0));
            if (!b) continue;
            if (pass == 0) {
                b->n_shares++;
                continue;
            }
            dlrig_lane_share *s = &b->shares[b->n_shares++];
            s->slot_position = sqlite3_column_int(st, 1);
            const unsigned char *kind = sqlite3_column_text(st, 2);
            s->trigger_m2 = kind && strcmp((const char *)kind, "m2") == 0;
            s->trigger_index = sqlite3_column_int(st, 3);
            s->width_when = sqlite3_column_int(st, 4);
        }
        if (pass == 0) {
            rows *r = &c->parts[DLRIG_CAT_MOTHERBOARD];
            dlrig_motherboard *bs = (dlrig_motherboard *)r->base;
            for (size_t i = 0; i < r->n; i++) {
                bs[i].shares = own_block(c, (bs[i].n_shares + 1) * sizeof(dlrig_lane_share));
                bs[i].n_shares = 0;
            }
            sqlite3_reset(st);
        }
    }
    sqlite3_finalize(st);
    return 0;
}

static int load_bridge_fits(dlrig_catalog *c, sqlite3 *db, char *err, size_t errlen)
{
    sqlite3_stmt *st;
    rows *r = &c->parts[DLRIG_CAT_NVLINK_BRIDGE];
    dlrig_nvlink_bridge *bs = (dlrig_nvlink_bridge *)r->base;
    if (prepare(db, "SELECT gpu_id FROM bridge_gpu WHERE bridge_id = ?1 ORDER BY gpu_id", &st, err, errlen,
                "bridge_gpu"))
        return -1;
    for (size_t i = 0; i < r->n; i++) {
        sqlite3_bind_text(st, 1, bs[i].p.id, -1, SQLITE_STATIC);
        size_t cap = 4, n = 0;
        const dlrig_gpu **fits = xcalloc(cap, sizeof *fits);
        while (sqlite3_step(st) == SQLITE_ROW) {
            const dlrig_part *g = catalog_find(c, (const char *)sqlite3_column_text(st, 0));
            if (!g || g->category != DLRIG_CAT_GPU) continue;
            if (n == cap) {
                cap *= 2;
                fits = xrealloc(fits, cap * sizeof *fits);
            }
            fits[n++] = (const dlrig_gpu *)g;
        }
        sqlite3_reset(st);
        const dlrig_gpu **owned = own_block(c, (n + 1) * sizeof *owned);
        memcpy(owned, fits, n * sizeof *owned);
        free(fits);
        bs[i].fits = owned;
        bs[i].n_fits = n;
    }
    sqlite3_finalize(st);
    return 0;
}

static int check_file(sqlite3 *db, const char *path, char *err, size_t errlen)
{
    sqlite3_exec(db, "PRAGMA trusted_schema=OFF; PRAGMA cell_size_check=ON;", NULL, NULL, NULL);
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(db, "PRAGMA quick_check", -1, &st, NULL) != SQLITE_OK) {
        snprintf(err, errlen, "%s: not a dlrig catalog (%s)", path, sqlite3_errmsg(db));
        return -1;
    }
    int rc = sqlite3_step(st);
    if (rc != SQLITE_ROW || strcmp((const char *)sqlite3_column_text(st, 0), "ok") != 0) {
        snprintf(err, errlen, "%s: the catalog file is corrupt (%s)", path,
                 rc == SQLITE_ROW ? (const char *)sqlite3_column_text(st, 0) : sqlite3_errmsg(db));
        sqlite3_finalize(st);
        return -1;
    }
    sqlite3_finalize(st);
    if (sqlite3_prepare_v2(db, "PRAGMA user_version", -1, &st, NULL) != SQLITE_OK ||
        sqlite3_step(st) != SQLITE_ROW) {
        snprintf(err, errlen, "%s: not a dlrig catalog (%s)", path, sqlite3_errmsg(db));
        sqlite3_finalize(st);
        return -1;
    }
    int version = sqlite3_column_int(st, 0);
    sqlite3_finalize(st);
    if (version != DLRIG_SCHEMA_VERSION) {
        snprintf(err, errlen, "%s: catalog schema version %d, this dlrig reads version %d", path, version,
                 DLRIG_SCHEMA_VERSION);
        return -1;
    }
    return 0;
}

dlrig_catalog *catalog_open(const char *path, char *err, size_t errlen)
{
    sqlite3 *db = NULL;
    const char *label = path ? path : "built-in catalog";
    if (path) {
        if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK) {
            snprintf(err, errlen, "%s: cannot open catalog (%s)", path, db ? sqlite3_errmsg(db) : "out of memory");
            sqlite3_close(db);
            return NULL;
        }
        if (check_file(db, path, err, errlen)) {
            sqlite3_close(db);
            return NULL;
        }
    } else {
        if (sqlite3_open(":memory:", &db) != SQLITE_OK) {
            snprintf(err, errlen, "cannot open an in-memory database");
            sqlite3_close(db);
            return NULL;
        }
        /* READONLY: SQLite never writes to the image, so the const array is used in place. */
        int rc = sqlite3_deserialize(db, "main", (unsigned char *)dlrig_catalog_image,
                                     (sqlite3_int64)dlrig_catalog_image_size,
                                     (sqlite3_int64)dlrig_catalog_image_size, SQLITE_DESERIALIZE_READONLY);
        if (rc != SQLITE_OK) {
            snprintf(err, errlen, "built-in catalog: %s", sqlite3_errmsg(db));
            sqlite3_close(db);
            return NULL;
        }
    }

    dlrig_catalog *c = xcalloc(1, sizeof *c);
    char why[512] = "";
    int rc = 0;
    for (int i = 0; i < REF_COUNT && !rc; i++) rc = load_table(c, db, &ref_tables[i], false, &c->refs[i], why, sizeof why);
    for (int i = 0; i < DLRIG_CAT_COUNT && !rc; i++)
        rc = load_table(c, db, &part_tables[i], true, &c->parts[i], why, sizeof why);
    if (!rc) {
        size_t total = 0;
        for (int i = 0; i < DLRIG_CAT_COUNT; i++) total += c->parts[i].n;
        c->index = xcalloc(total + 1, sizeof *c->index);
        for (int i = 0; i < DLRIG_CAT_COUNT; i++)
            for (size_t j = 0; j < c->parts[i].n; j++)
                c->index[c->n_index++] = (const dlrig_part *)(c->parts[i].base + j * part_tables[i].size);
        qsort(c->index, c->n_index, sizeof *c->index, cmp_part_id);
        rc = load_board_details(c, db, why, sizeof why);
    }
    if (!rc) rc = load_bridge_fits(c, db, why, sizeof why);
    if (!rc) {
        /* Resolve each GPU's architecture. */
        rows *r = &c->parts[DLRIG_CAT_GPU];
        dlrig_gpu *g = (dlrig_gpu *)r->base;
        for (size_t i = 0; i < r->n; i++) g[i].arch = catalog_arch(c, g[i].architecture);
    }
    sqlite3_close(db);
    if (rc) {
        snprintf(err, errlen, "%s: not a usable dlrig catalog (%s)", label, why);
        catalog_close(c);
        return NULL;
    }
    return c;
}

void catalog_close(dlrig_catalog *c)
{
    if (!c) return;
    for (int i = 0; i < DLRIG_CAT_COUNT; i++) free(c->parts[i].base);
    for (int i = 0; i < REF_COUNT; i++) free(c->refs[i].base);
    for (size_t i = 0; i < c->n_strings; i++) free(c->strings[i]);
    for (size_t i = 0; i < c->n_blocks; i++) free(c->blocks[i]);
    free(c->strings);
    free(c->blocks);
    free(c->index);
    free(c->uprices);
    free(c);
}

/* ------------------------------------------------------------ queries */

const char *category_name(dlrig_category cat)
{
    return (unsigned)cat < DLRIG_CAT_COUNT ? part_tables[cat].name : "?";
}

const char *category_title(dlrig_category cat)
{
    return (unsigned)cat < DLRIG_CAT_COUNT ? part_tables[cat].title : "?";
}

int category_from_name(const char *name)
{
    if (!name) return -1;
    for (int i = 0; i < DLRIG_CAT_COUNT; i++)
        if (strcmp(part_tables[i].name, name) == 0) return i;
    return -1;
}

size_t catalog_count(const dlrig_catalog *c, dlrig_category cat)
{
    return (unsigned)cat < DLRIG_CAT_COUNT ? c->parts[cat].n : 0;
}

const dlrig_part *catalog_part_at(const dlrig_catalog *c, dlrig_category cat, size_t i)
{
    if ((unsigned)cat >= DLRIG_CAT_COUNT || i >= c->parts[cat].n) return NULL;
    return (const dlrig_part *)(c->parts[cat].base + i * part_tables[cat].size);
}

#define ARRAY_GETTER(fn, type, cat)                                           \
    const type *fn(const dlrig_catalog *c, size_t *n)                         \
    {                                                                         \
        if (n) *n = c->parts[cat].n;                                          \
        return (const type *)c->parts[cat].base;                             \
    }
ARRAY_GETTER(catalog_gpus, dlrig_gpu, DLRIG_CAT_GPU)
ARRAY_GETTER(catalog_cpus, dlrig_cpu, DLRIG_CAT_CPU)
ARRAY_GETTER(catalog_boards, dlrig_motherboard, DLRIG_CAT_MOTHERBOARD)
ARRAY_GETTER(catalog_memories, dlrig_memory, DLRIG_CAT_MEMORY)
ARRAY_GETTER(catalog_storages, dlrig_storage, DLRIG_CAT_STORAGE)
ARRAY_GETTER(catalog_psus, dlrig_psu, DLRIG_CAT_PSU)
ARRAY_GETTER(catalog_cases, dlrig_case, DLRIG_CAT_CASE)
ARRAY_GETTER(catalog_coolers, dlrig_cooler, DLRIG_CAT_COOLER)
ARRAY_GETTER(catalog_nics, dlrig_nic, DLRIG_CAT_NIC)
ARRAY_GETTER(catalog_bridges, dlrig_nvlink_bridge, DLRIG_CAT_NVLINK_BRIDGE)
ARRAY_GETTER(catalog_switches, dlrig_switch, DLRIG_CAT_SWITCH)

const dlrig_part *catalog_find(const dlrig_catalog *c, const char *id)
{
    if (!id) return NULL;
    size_t lo = 0, hi = c->n_index;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        int cmp = strcmp(c->index[mid]->id, id);
        if (cmp == 0) return c->index[mid];
        if (cmp < 0) lo = mid + 1;
        else hi = mid;
    }
    return NULL;
}

size_t catalog_suggest(const dlrig_catalog *c, const char *id, const char **out, size_t max)
{
    if (!id || max == 0) return 0;
    int limit = (int)strlen(id) / 3 + 2;
    int best[8];
    size_t n = 0;
    if (max > 8) max = 8;
    for (size_t i = 0; i < c->n_index; i++) {
        const char *cand = c->index[i]->id;
        int d = edit_distance(id, cand, limit);
        /* A typed fragment of a longer id ("rtx-4090") also counts as close. */
        if (d > limit && strstr(cand, id)) d = limit;
        if (d > limit) continue;
        size_t pos = n;
        while (pos > 0 && best[pos - 1] > d) pos--;
        if (pos >= max) continue;
        size_t end = n < max ? n : max - 1;
        for (size_t k = end; k > pos; k--) {
            best[k] = best[k - 1];
            out[k] = out[k - 1];
        }
        best[pos] = d;
        out[pos] = cand;
        if (n < max) n++;
    }
    return n;
}

static const void *find_ref(const dlrig_catalog *c, int ref, const char *id)
{
    if (!id) return NULL;
    const rows *r = &c->refs[ref];
    const table_desc *d = &ref_tables[ref];
    size_t lo = 0, hi = r->n;
    while (lo < hi) { /* rows are ORDER BY the first column, the key */
        size_t mid = (lo + hi) / 2;
        const char *key = *(const char *const *)(r->base + mid * d->size + d->fields[0].offset);
        int cmp = strcmp(key, id);
        if (cmp == 0) return r->base + mid * d->size;
        if (cmp < 0) lo = mid + 1;
        else hi = mid;
    }
    return NULL;
}

const dlrig_arch *catalog_arch(const dlrig_catalog *c, const char *id) { return find_ref(c, REF_ARCH, id); }
const dlrig_framework *catalog_framework(const dlrig_catalog *c, const char *id)
{
    return find_ref(c, REF_FRAMEWORK, id);
}
const dlrig_workload *catalog_workload(const dlrig_catalog *c, const char *id)
{
    return find_ref(c, REF_WORKLOAD, id);
}
const dlrig_circuit *catalog_circuit(const dlrig_catalog *c, const char *id) { return find_ref(c, REF_CIRCUIT, id); }
const dlrig_source *catalog_source(const dlrig_catalog *c, const char *id) { return find_ref(c, REF_SOURCE, id); }

const dlrig_framework *catalog_frameworks(const dlrig_catalog *c, size_t *n)
{
    if (n) *n = c->refs[REF_FRAMEWORK].n;
    return (const dlrig_framework *)c->refs[REF_FRAMEWORK].base;
}
const dlrig_workload *catalog_workloads(const dlrig_catalog *c, size_t *n)
{
    if (n) *n = c->refs[REF_WORKLOAD].n;
    return (const dlrig_workload *)c->refs[REF_WORKLOAD].base;
}
const dlrig_vram_guidance *catalog_vram_guidance(const dlrig_catalog *c, size_t *n)
{
    if (n) *n = c->refs[REF_VRAM].n;
    return (const dlrig_vram_guidance *)c->refs[REF_VRAM].base;
}
const dlrig_circuit *catalog_circuits(const dlrig_catalog *c, size_t *n)
{
    if (n) *n = c->refs[REF_CIRCUIT].n;
    return (const dlrig_circuit *)c->refs[REF_CIRCUIT].base;
}

const dlrig_field *category_fields(dlrig_category cat, size_t *n)
{
    if ((unsigned)cat >= DLRIG_CAT_COUNT) {
        if (n) *n = 0;
        return NULL;
    }
    if (n) *n = part_tables[cat].n_fields;
    return part_tables[cat].fields;
}

const dlrig_field *part_fields(size_t *n)
{
    if (n) *n = N(common_fields);
    return common_fields;
}

const dlrig_field *category_field(dlrig_category cat, const char *name)
{
    for (size_t i = 0; i < N(common_fields); i++)
        if (strcmp(common_fields[i].name, name) == 0) return &common_fields[i];
    size_t n;
    const dlrig_field *f = category_fields(cat, &n);
    for (size_t i = 0; i < n; i++)
        if (strcmp(f[i].name, name) == 0) return &f[i];
    return NULL;
}

double part_field_num(const dlrig_part *p, const dlrig_field *f)
{
    const unsigned char *base = (const unsigned char *)p + f->offset;
    switch (f->kind) {
    case DLRIG_F_REAL: return *(const double *)base;
    case DLRIG_F_INT: {
        int v = *(const int *)base;
        return v == DLRIG_NA ? NAN : (double)v;
    }
    case DLRIG_F_BOOL: return *(const int *)base;
    default: return NAN;
    }
}

const char *part_field_str(const dlrig_part *p, const dlrig_field *f)
{
    if (f->kind != DLRIG_F_STR && f->kind != DLRIG_F_LIST) return NULL;
    return *(const char *const *)((const unsigned char *)p + f->offset);
}

void catalog_set_price(dlrig_catalog *c, const char *id, double price_usd, const char *vendor)
{
    dlrig_part *p = (dlrig_part *)catalog_find(c, id);
    if (!p) return;
    if (isnan(price_usd)) {
        p->price_usd = p->catalog_price_usd;
        p->price_vendor = NULL;
    } else {
        p->price_usd = price_usd;
        p->price_vendor = vendor ? own_string(c, (const unsigned char *)vendor) : NULL;
    }
}

bool list_contains(const char *list, const char *item)
{
    if (!list || !item) return false;
    size_t n = strlen(item);
    const char *p = list;
    while (*p) {
        while (*p == ' ' || *p == ',') p++;
        const char *end = p;
        while (*end && *end != ',') end++;
        const char *trim = end;
        while (trim > p && trim[-1] == ' ') trim--;
        if ((size_t)(trim - p) == n && strncmp(p, item, n) == 0) return true;
        p = end;
    }
    return false;
}

/* ------------------------------------------------------------ user prices */

static const char user_schema_sql[] =
    "CREATE TABLE price ("
    " part_id TEXT NOT NULL,"
    " vendor TEXT NOT NULL,"
    " price REAL NOT NULL CHECK (price > 0),"
    " currency TEXT NOT NULL CHECK (length(currency) = 3),"
    " usd_per_unit REAL NOT NULL CHECK (usd_per_unit > 0),"
    " price_date TEXT NOT NULL,"
    " source TEXT,"
    " line INTEGER,"
    " imported_at TEXT NOT NULL,"
    " PRIMARY KEY (part_id, vendor)) STRICT;";

static int user_fail(char *err, size_t errlen, const char *path, const char *what, sqlite3 *db)
{
    int code = db ? sqlite3_errcode(db) : SQLITE_ERROR;
    if (code == SQLITE_CORRUPT || code == SQLITE_NOTADB)
        snprintf(err, errlen,
                 "%s: the user database is corrupt (%s); move it away to start again (it holds your imported "
                 "price lists)",
                 path, db ? sqlite3_errmsg(db) : "?");
    else if (code == SQLITE_READONLY || code == SQLITE_CANTOPEN || code == SQLITE_PERM)
        snprintf(err, errlen, "%s: cannot %s the user database (%s); is its directory writable?", path, what,
                 db ? sqlite3_errmsg(db) : "?");
    else snprintf(err, errlen, "%s: cannot %s the user database (%s)", path, what, db ? sqlite3_errmsg(db) : "?");
    return DLRIG_CATALOG_EIO;
}

/* Opens the user database and checks it: integrity, schema version.
 * *version gets its user_version (0: a new, empty file).  Returns 0, 1 when
 * the file does not exist and !writable, or DLRIG_CATALOG_EIO. */
static int user_open(const char *path, bool writable, sqlite3 **out, int *version, char *err, size_t errlen)
{
    *out = NULL;
    if (!writable && access(path, F_OK) != 0) return 1;
    sqlite3 *db = NULL;
    int rc;
    int flags = writable ? SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE : SQLITE_OPEN_READONLY;
    if (sqlite3_open_v2(path, &db, flags, NULL) != SQLITE_OK) {
        rc = user_fail(err, errlen, path, "open", db);
        sqlite3_close(db);
        return rc;
    }
    sqlite3_busy_timeout(db, 2000);
    sqlite3_exec(db, "PRAGMA trusted_schema=OFF; PRAGMA cell_size_check=ON; PRAGMA foreign_keys=ON;", NULL, NULL,
                 NULL);
    sqlite3_stmt *st = NULL;
    if (sqlite3_prepare_v2(db, "PRAGMA quick_check", -1, &st, NULL) != SQLITE_OK) goto bad;
    rc = sqlite3_step(st);
    if (rc == SQLITE_ROW) {
        const unsigned char *r = sqlite3_column_text(st, 0);
        if (!r || strcmp((const char *)r, "ok") != 0) {
            snprintf(err, errlen,
                     "%s: the user database is corrupt (%s); move it away to start again (it holds your imported "
                     "price lists)",
                     path, r ? (const char *)r : "?");
            sqlite3_finalize(st);
            sqlite3_close(db);
            return DLRIG_CATALOG_EIO;
        }
    } else if (rc != SQLITE_DONE) {
        goto bad;
    }
    sqlite3_finalize(st);
    st = NULL;
    if (sqlite3_prepare_v2(db, "PRAGMA user_version", -1, &st, NULL) != SQLITE_OK || sqlite3_step(st) != SQLITE_ROW)
        goto bad;
    *version = sqlite3_column_int(st, 0);
    sqlite3_finalize(st);
    st = NULL;
    if (*version > DLRIG_USER_DB_VERSION) {
        snprintf(err, errlen, "%s: user database version %d was written by a newer dlrig (this one reads %d)", path,
                 *version, DLRIG_USER_DB_VERSION);
        sqlite3_close(db);
        return DLRIG_CATALOG_EIO;
    }
    if (*version == 0) {
        /* version 0 is only ours when the file is empty */
        if (sqlite3_prepare_v2(db, "SELECT count(*) FROM sqlite_schema", -1, &st, NULL) != SQLITE_OK ||
            sqlite3_step(st) != SQLITE_ROW)
            goto bad;
        int tables = sqlite3_column_int(st, 0);
        sqlite3_finalize(st);
        st = NULL;
        if (tables) {
            snprintf(err, errlen, "%s: not a dlrig user database (no schema version); move it away", path);
            sqlite3_close(db);
            return DLRIG_CATALOG_EIO;
        }
    }
    *out = db;
    return 0;
bad:
    rc = user_fail(err, errlen, path, writable ? "open" : "read", db);
    sqlite3_finalize(st);
    sqlite3_close(db);
    return rc;
}

int catalog_user_prices_store(const char *path, const dlrig_price_row *in, size_t n, char *err, size_t errlen)
{
    sqlite3 *db;
    int version;
    int rc = user_open(path, true, &db, &version, err, errlen);
    if (rc) return DLRIG_CATALOG_EIO;
    sqlite3_stmt *st = NULL;
    if (sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK) goto bad;
    if (version == 0) {
        if (sqlite3_exec(db, user_schema_sql, NULL, NULL, NULL) != SQLITE_OK) goto bad_rollback;
        char pragma[64];
        snprintf(pragma, sizeof pragma, "PRAGMA user_version = %d", DLRIG_USER_DB_VERSION);
        if (sqlite3_exec(db, pragma, NULL, NULL, NULL) != SQLITE_OK) goto bad_rollback;
    }
    if (sqlite3_prepare_v2(db,
                           "INSERT INTO price (part_id, vendor, price, currency, usd_per_unit, price_date, source, "
                           "line, imported_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, "
                           "strftime('%Y-%m-%dT%H:%M:%SZ', 'now')) "
                           "ON CONFLICT (part_id, vendor) DO UPDATE SET price = excluded.price, "
                           "currency = excluded.currency, usd_per_unit = excluded.usd_per_unit, "
                           "price_date = excluded.price_date, source = excluded.source, line = excluded.line, "
                           "imported_at = excluded.imported_at",
                           -1, &st, NULL) != SQLITE_OK)
        goto bad_rollback;
    for (size_t i = 0; i < n; i++) {
        const dlrig_price_row *r = &in[i];
        sqlite3_bind_text(st, 1, r->part_id, -1, SQLITE_STATIC);
        sqlite3_bind_text(st, 2, r->vendor, -1, SQLITE_STATIC);
        sqlite3_bind_double(st, 3, r->price);
        sqlite3_bind_text(st, 4, r->currency, -1, SQLITE_STATIC);
        sqlite3_bind_double(st, 5, r->usd_per_unit);
        sqlite3_bind_text(st, 6, r->date, -1, SQLITE_STATIC);
        if (r->source[0]) sqlite3_bind_text(st, 7, r->source, -1, SQLITE_STATIC);
        else sqlite3_bind_null(st, 7);
        if (r->line > 0) sqlite3_bind_int(st, 8, r->line);
        else sqlite3_bind_null(st, 8);
        if (sqlite3_step(st) != SQLITE_DONE) goto bad_rollback;
        sqlite3_reset(st);
        sqlite3_clear_bindings(st);
    }
    sqlite3_finalize(st);
    st = NULL;
    if (sqlite3_exec(db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK) goto bad_rollback;
    sqlite3_close(db);
    return 0;
bad_rollback:
    user_fail(err, errlen, path, "write", db);
    sqlite3_finalize(st);
    sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
    sqlite3_close(db);
    return DLRIG_CATALOG_EIO;
bad:
    user_fail(err, errlen, path, "write", db);
    sqlite3_close(db);
    return DLRIG_CATALOG_EIO;
}

static int cmp_price_row(const void *x, const void *y)
{
    const dlrig_price_row *a = x, *b = y;
    int c = strcmp(a->part_id, b->part_id);
    if (c) return c;
    if (a->price_usd != b->price_usd) return a->price_usd < b->price_usd ? -1 : 1;
    return strcmp(a->vendor, b->vendor);
}

static void copy_col(char *dst, size_t n, sqlite3_stmt *st, int col)
{
    const unsigned char *t = sqlite3_column_text(st, col);
    snprintf(dst, n, "%s", t ? (const char *)t : "");
}

int catalog_user_prices_read(const char *path, dlrig_price_row **out, size_t *n, char *err, size_t errlen)
{
    *out = NULL;
    *n = 0;
    sqlite3 *db;
    int version;
    int rc = user_open(path, false, &db, &version, err, errlen);
    if (rc == 1) return 0;
    if (rc) return DLRIG_CATALOG_EIO;
    if (version == 0) {
        sqlite3_close(db);
        return 0;
    }
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(db,
                           "SELECT part_id, vendor, price, currency, usd_per_unit, price_date, line, source, "
                           "imported_at FROM price",
                           -1, &st, NULL) != SQLITE_OK) {
        user_fail(err, errlen, path, "read", db);
        sqlite3_close(db);
        return DLRIG_CATALOG_EIO;
    }
    size_t cap = 0;
    dlrig_price_row *v = NULL;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        double price = sqlite3_column_double(st, 2), rate = sqlite3_column_double(st, 4);
        if (!(price > 0) || !(rate > 0) || !isfinite(price * rate)) continue;
        if (*n == cap) v = xrealloc(v, (cap = cap ? cap * 2 : 64) * sizeof *v);
        dlrig_price_row *r = &v[(*n)++];
        memset(r, 0, sizeof *r);
        copy_col(r->part_id, sizeof r->part_id, st, 0);
        copy_col(r->vendor, sizeof r->vendor, st, 1);
        r->price = price;
        copy_col(r->currency, sizeof r->currency, st, 3);
        r->usd_per_unit = rate;
        r->price_usd = price * rate;
        copy_col(r->date, sizeof r->date, st, 5);
        r->line = sqlite3_column_int(st, 6);
        copy_col(r->source, sizeof r->source, st, 7);
        copy_col(r->imported_at, sizeof r->imported_at, st, 8);
    }
    if (rc != SQLITE_DONE) {
        user_fail(err, errlen, path, "read", db);
        sqlite3_finalize(st);
        sqlite3_close(db);
        free(v);
        *n = 0;
        return DLRIG_CATALOG_EIO;
    }
    sqlite3_finalize(st);
    sqlite3_close(db);
    if (*n) qsort(v, *n, sizeof *v, cmp_price_row);
    *out = v;
    return 0;
}

int catalog_user_prices_clear(const char *path, const char *vendor, size_t *removed, char *err, size_t errlen)
{
    *removed = 0;
    if (access(path, F_OK) != 0) return 0;
    sqlite3 *db;
    int version;
    if (user_open(path, true, &db, &version, err, errlen)) return DLRIG_CATALOG_EIO;
    if (version == 0) {
        sqlite3_close(db);
        return 0;
    }
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(db, vendor ? "DELETE FROM price WHERE vendor = ?1" : "DELETE FROM price", -1, &st,
                           NULL) != SQLITE_OK) {
        user_fail(err, errlen, path, "write", db);
        sqlite3_close(db);
        return DLRIG_CATALOG_EIO;
    }
    if (vendor) sqlite3_bind_text(st, 1, vendor, -1, SQLITE_STATIC);
    if (sqlite3_step(st) != SQLITE_DONE) {
        user_fail(err, errlen, path, "write", db);
        sqlite3_finalize(st);
        sqlite3_close(db);
        return DLRIG_CATALOG_EIO;
    }
    *removed = (size_t)sqlite3_changes(db);
    sqlite3_finalize(st);
    sqlite3_close(db);
    return 0;
}

int catalog_apply_user_prices(dlrig_catalog *c, const char *path, char *err, size_t errlen)
{
    /* undo earlier overrides */
    for (size_t i = 0; i < c->n_index; i++) {
        dlrig_part *p = (dlrig_part *)c->index[i];
        if (p->price_vendor) {
            p->price_usd = p->catalog_price_usd;
            p->price_vendor = NULL;
        }
    }
    free(c->uprices);
    c->uprices = NULL;
    c->n_uprices = 0;
    dlrig_price_row *pr;
    size_t n;
    if (catalog_user_prices_read(path, &pr, &n, err, errlen)) return DLRIG_CATALOG_EIO;
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        if (catalog_find(c, pr[i].part_id)) pr[k++] = pr[i];
    c->uprices = pr;
    c->n_uprices = k;
    for (size_t i = 0; i < k; i++) {
        if (i > 0 && strcmp(pr[i].part_id, pr[i - 1].part_id) == 0) continue; /* the first is the cheapest */
        catalog_set_price(c, pr[i].part_id, pr[i].price_usd, pr[i].vendor);
    }
    return 0;
}

const dlrig_price_row *catalog_user_prices(const dlrig_catalog *c, const char *id, size_t *n)
{
    if (!id) {
        *n = c->n_uprices;
        return c->uprices;
    }
    size_t lo = 0, hi = c->n_uprices;
    while (lo < hi) { /* first row with part_id >= id */
        size_t mid = (lo + hi) / 2;
        if (strcmp(c->uprices[mid].part_id, id) < 0) lo = mid + 1;
        else hi = mid;
    }
    size_t end = lo;
    while (end < c->n_uprices && strcmp(c->uprices[end].part_id, id) == 0) end++;
    *n = end - lo;
    return *n ? &c->uprices[lo] : NULL;
}
