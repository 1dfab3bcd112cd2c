/*
 * catalog.c — the only place in dlrig that speaks SQL to the parts catalog.
 *
 * Parts are read into typed arrays on first use (see "the catalog" below);
 * the rest of the program works on those arrays.  Table layouts come from
 * the X-macro column lists in catalog.h, so one generic loader serves all of
 * them.
 */
#define _GNU_SOURCE /* memmem */
#include "dlrig/catalog.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
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
#define CUR_T dlrig_model
static const dlrig_field model_field_list[] = {DLRIG_MODEL_FIELDS(FLD)};
#undef CUR_T
#define CUR_T dlrig_model_alias
static const dlrig_field model_alias_fields[] = {DLRIG_MODEL_ALIAS_FIELDS(FLD)};
#undef CUR_T
#define CUR_T dlrig_cloud_rate
static const dlrig_field cloud_rate_fields[] = {DLRIG_CLOUD_RATE_FIELDS(FLD)};
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

enum {
    REF_ARCH, REF_FRAMEWORK, REF_WORKLOAD, REF_VRAM, REF_CIRCUIT, REF_SOURCE, REF_MODEL, REF_MODEL_ALIAS,
    REF_CLOUD_RATE, REF_COUNT
};
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
    [REF_MODEL] = {"model", "model", "Model", sizeof(dlrig_model), model_field_list, N(model_field_list)},
    [REF_MODEL_ALIAS] = {"model_alias", "model_alias", "Model alias", sizeof(dlrig_model_alias), model_alias_fields,
                         N(model_alias_fields)},
    [REF_CLOUD_RATE] = {"cloud_rate", "cloud_rate", "Cloud rate", sizeof(dlrig_cloud_rate), cloud_rate_fields,
                        N(cloud_rate_fields)},
};

/* ------------------------------------------------------------ the catalog */

/* The database stays open for the catalog's life and rows are read on first
 * use: the id index (every part's id and category) when a part is first
 * looked up, one row when it is found by id, a whole category when a caller
 * walks it.  A command such as `dlrig check` therefore reads the dozen rows
 * its build names instead of the whole catalog.  Rows never move once
 * loaded, so pointers handed out stay valid until catalog_close.  Loading
 * mutates the catalog behind const pointers: a catalog is not to be shared
 * between threads. */

typedef struct rows {
    unsigned char *base; /* n elements of desc->size bytes, allocated once */
    size_t n;
    unsigned char *have; /* parts: per row, loaded yet */
    bool full;           /* every row loaded */
    sqlite3_stmt *one;   /* parts: the columns of one row, by id */
    /* For filtering, made when the whole category is read: every row's
     * "id\x1fname\x1fvendor" in ASCII lower case, each ended by '\n', and
     * where each row's text starts (n + 1 entries). */
    char *text;
    size_t text_len, *text_at;
} rows;

typedef struct index_entry {
    const char *id;
    dlrig_category cat;
    size_t row; /* position in the category, which is in id order */
} index_entry;

typedef struct string_chunk {
    struct string_chunk *next;
    size_t used, cap;
    char data[];
} string_chunk;

enum { DETAIL_SLOT, DETAIL_M2, DETAIL_SHARE, DETAIL_FIT, DETAIL_COUNT };
static const char *const detail_sql[DETAIL_COUNT] = {
    [DETAIL_SLOT] = "SELECT position, physical_width, electrical_width, pcie_gen, attached_to, note "
                    "FROM board_slot WHERE board_id = ?1 ORDER BY position",
    [DETAIL_M2] = "SELECT idx, pcie_gen, lanes, attached_to FROM board_m2 WHERE board_id = ?1 ORDER BY idx",
    [DETAIL_SHARE] = "SELECT slot_position, trigger_kind, trigger_index, width_when FROM board_lane_share "
                     "WHERE board_id = ?1 ORDER BY slot_position, trigger_kind, trigger_index",
    [DETAIL_FIT] = "SELECT gpu_id FROM bridge_gpu WHERE bridge_id = ?1 ORDER BY gpu_id",
};

struct dlrig_catalog {
    sqlite3 *db;
    char label[256]; /* the file, or "built-in catalog", for messages */
    bool failed;     /* a read failed after the open: see catalog_error */
    char error[1024];
    bool indexed;
    rows parts[DLRIG_CAT_COUNT];
    rows refs[REF_COUNT];
    index_entry *index; /* every part, sorted by id */
    size_t n_index;
    sqlite3_stmt *detail[DETAIL_COUNT];
    const char **vocab[DLRIG_VOCAB_TABLE_COUNT]; /* catalog_ids, made when first asked (own_block) */
    string_chunk *chunks;     /* every string the catalog owns */
    void **blocks;            /* other allocations (slot maps, bridge fit lists) */
    size_t n_blocks, cap_blocks;
    dlrig_price_row *uprices; /* applied user prices, by part id then USD price */
    size_t n_uprices;
    dlrig_offer *offers;      /* price_offer rows, by part id then price */
    size_t n_offers;
    bool offers_loaded;
    dlrig_part_number *numbers; /* part_number rows, by normalised number */
    size_t n_numbers;
    bool numbers_loaded;
    dlrig_part_pci *pci; /* part_pci rows, by vendor and device */
    size_t n_pci;
    bool pci_loaded;
};

static void price_part(dlrig_catalog *c, dlrig_part *p);

static const char *own_string(dlrig_catalog *c, const unsigned char *s)
{
    if (!s) return NULL;
    size_t len = strlen((const char *)s) + 1;
    string_chunk *k = c->chunks;
    if (!k || k->cap - k->used < len) {
        size_t cap = len > 16384 ? len : 16384;
        string_chunk *fresh = xmalloc(sizeof *fresh + cap);
        fresh->next = k;
        fresh->used = 0;
        fresh->cap = cap;
        c->chunks = k = fresh;
    }
    char *d = k->data + k->used;
    memcpy(d, s, len);
    k->used += len;
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

/* ---- bounds on every statement run against a catalog from elsewhere
 *
 * A statement over a file of any size is bounded by the rows it reads; one
 * that goes on and on (a query without end, hundreds of millions of steps)
 * is stopped by the progress handler with SQLITE_INTERRUPT, and
 * db_message says so. */
#define QUERY_MAX_STEPS 300000000 /* virtual machine steps of one statement (SQLite counts to 2^31) */
#define QUERY_CHECK_EVERY 10000  /* steps between two looks */

/* The limit: QUERY_MAX_STEPS, or DLRIG_QUERY_MAX_STEPS from the environment
 * when smaller (for tests: no statement on the shipped catalog takes 5,000). */
static int query_max_steps(void)
{
    const char *e = getenv("DLRIG_QUERY_MAX_STEPS");
    long v = e ? strtol(e, NULL, 10) : 0;
    return v > 0 && v < QUERY_MAX_STEPS ? (int)v : QUERY_MAX_STEPS;
}

static int query_too_long(void *ctx)
{
    sqlite3 *db = ctx;
    int max = query_max_steps();
    for (sqlite3_stmt *st = sqlite3_next_stmt(db, NULL); st; st = sqlite3_next_stmt(db, st))
        if (sqlite3_stmt_busy(st) && sqlite3_stmt_status(st, SQLITE_STMTSTATUS_VM_STEP, 0) > max) return 1;
    return 0;
}

/* sqlite3_errmsg, with what an interruption by query_too_long means. */
static const char *db_message(sqlite3 *db)
{
    static char buf[160];
    int e = sqlite3_errcode(db);
    if (e == SQLITE_INTERRUPT) {
        snprintf(buf, sizeof buf, "a query ran past its limit of %d steps (a table far too large?)", query_max_steps());
        return buf;
    }
    if (e == SQLITE_NOMEM) return "out of memory";
    return sqlite3_errmsg(db);
}

/* A read that fails after the catalog opened (it was verified then): the
 * file changed or broke underneath us.  The first failure is kept for
 * catalog_error; from then on no more rows are read. */
static void catalog_fail(const dlrig_catalog *cc, const char *what)
{
    dlrig_catalog *c = (dlrig_catalog *)cc;
    if (c->failed) return;
    c->failed = true;
    const char *m = db_message(c->db);
    size_t lw = strlen(what), lm = strlen(m);
    if (lw >= lm && strcmp(what + lw - lm, m) == 0) /* `what` says it already */
        snprintf(c->error, sizeof c->error, "%s: cannot read the catalog (%s)", c->label, what);
    else
        snprintf(c->error, sizeof c->error, "%s: cannot read the catalog (%s: %s)", c->label, what, m);
}

const char *catalog_error(const dlrig_catalog *c)
{
    return c && c->failed ? c->error : NULL;
}

/* sqlite3_step that returns true on a row, false when done, and records a
 * failure on anything else (after one, and for a NULL statement, it reads
 * nothing). */
static bool step_row(const dlrig_catalog *c, sqlite3_stmt *st, const char *what)
{
    if (!st || c->failed) return false;
    int rc = sqlite3_step(st);
    if (rc == SQLITE_ROW) return true;
    if (rc != SQLITE_DONE) catalog_fail(c, what);
    return false;
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
        *st = NULL;
        return -1;
    }
    return 0;
}

/* SELECT of a table's columns (the common part columns first when is_part),
 * either one row by id (by_id) or every row in key order. */
static int prepare_select(dlrig_catalog *c, const table_desc *desc, bool is_part, bool by_id, sqlite3_stmt **st,
                          char *err, size_t errlen)
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
    if (by_id) sb_printf(&sql, " FROM %s WHERE id = ?1", desc->table);
    else if (is_part) sb_printf(&sql, " FROM %s WHERE id IS NOT NULL ORDER BY id", desc->table);
    else sb_printf(&sql, " FROM %s ORDER BY 1", desc->table);
    int rc = prepare(c->db, sql.s, st, err, errlen, desc->table);
    sb_free(&sql);
    return rc;
}

static void store_row(dlrig_catalog *c, const table_desc *desc, bool is_part, sqlite3_stmt *st, unsigned char *obj)
{
    int col = 0;
    if (is_part) {
        for (size_t i = 0; i < N(common_fields); i++) store_column(c, st, col++, obj, &common_fields[i]);
        dlrig_part *p = (dlrig_part *)obj;
        p->category = (dlrig_category)(desc - part_tables);
        p->catalog_price_usd = p->price_usd;
    }
    for (size_t i = 0; i < desc->n_fields; i++) store_column(c, st, col++, obj, &desc->fields[i]);
}

/* Loads a whole reference table (a few dozen rows) into r. */
static int load_ref_table(dlrig_catalog *c, int ref, char *err, size_t errlen)
{
    const table_desc *desc = &ref_tables[ref];
    rows *r = &c->refs[ref];
    sqlite3_stmt *st;
    if (prepare_select(c, desc, false, false, &st, err, errlen)) return -1;
    size_t cap = 16;
    r->base = xcalloc(cap, desc->size);
    r->n = 0;
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        if (r->n == cap) {
            r->base = xrealloc(r->base, cap * 2 * desc->size);
            memset(r->base + cap * desc->size, 0, cap * desc->size);
            cap *= 2;
        }
        unsigned char *obj = r->base + r->n * desc->size;
        store_row(c, desc, false, st, obj);
        if (ref == REF_ARCH) {
            dlrig_arch *a = (dlrig_arch *)obj;
            a->platform_kind = vocab_decode(dlrig_platform_names, DLRIG_PLATFORM_COUNT, a->platform);
        } else if (ref == REF_FRAMEWORK) {
            dlrig_framework *fw = (dlrig_framework *)obj;
            fw->status_kind = vocab_decode(dlrig_framework_status_names, DLRIG_FRAMEWORK_STATUS_COUNT, fw->status);
        } else if (ref == REF_WORKLOAD) {
            dlrig_workload *w = (dlrig_workload *)obj;
            w->unit_kind = vocab_decode(dlrig_workload_unit_names, DLRIG_WL_UNIT_COUNT, w->unit);
            w->scaling_kind = vocab_decode(dlrig_scaling_names, DLRIG_SCALING_COUNT, w->scaling);
            w->priority_kind = vocab_decode(dlrig_priority_names, DLRIG_PRIORITY_COUNT, w->priority);
        }
        r->n++;
    }
    if (rc != SQLITE_DONE) snprintf(err, errlen, "%s: %s", desc->table, db_message(c->db));
    sqlite3_finalize(st);
    r->full = rc == SQLITE_DONE;
    return r->full ? 0 : -1;
}

static const rows *ensure_ref(const dlrig_catalog *cc, int ref)
{
    dlrig_catalog *c = (dlrig_catalog *)cc;
    if (!c->refs[ref].full && !c->failed) {
        char why[512];
        if (load_ref_table(c, ref, why, sizeof why)) catalog_fail(c, why); /* keeps the rows it read */
    }
    return &c->refs[ref];
}

static sqlite3_stmt *detail_stmt(dlrig_catalog *c, int k, const char *id)
{
    if (!c->detail[k]) {
        char why[512];
        if (c->failed) return NULL;
        if (prepare(c->db, detail_sql[k], &c->detail[k], why, sizeof why, "catalog details")) {
            catalog_fail(c, why);
            return NULL; /* step_row reads nothing from it, sqlite3_reset ignores it */
        }
    }
    sqlite3_reset(c->detail[k]);
    sqlite3_bind_text(c->detail[k], 1, id, -1, SQLITE_TRANSIENT);
    return c->detail[k];
}

/* Rows of a detail query for id: counts them, then rewinds. */
static size_t detail_count(dlrig_catalog *c, sqlite3_stmt *st)
{
    size_t n = 0;
    while (step_row(c, st, "catalog details")) n++;
    sqlite3_reset(st);
    return n;
}

static dlrig_attach parse_attach(const unsigned char *s)
{
    if (!s) return DLRIG_ATTACH_CHIPSET;
    if (strcmp((const char *)s, "cpu1") == 0) return DLRIG_ATTACH_CPU1;
    if (strcmp((const char *)s, "cpu2") == 0) return DLRIG_ATTACH_CPU2;
    return DLRIG_ATTACH_CHIPSET;
}

/* A board's PCIe slots, M.2 sockets and lane-sharing rules (each one exact
 * block; the extra element keeps zero-length blocks non-NULL). */
static void load_board_details(dlrig_catalog *c, dlrig_motherboard *b)
{
    sqlite3_stmt *st = detail_stmt(c, DETAIL_SLOT, b->p.id);
    b->slots = own_block(c, (detail_count(c, st) + 1) * sizeof(dlrig_slot));
    while (step_row(c, st, "board_slot")) {
        dlrig_slot *s = &b->slots[b->n_slots++];
        s->position = sqlite3_column_int(st, 0);
        s->physical_width = sqlite3_column_int(st, 1);
        s->electrical_width = sqlite3_column_int(st, 2);
        s->pcie_gen = sqlite3_column_int(st, 3);
        s->attached_to = parse_attach(sqlite3_column_text(st, 4));
        s->note = own_string(c, sqlite3_column_text(st, 5));
    }
    st = detail_stmt(c, DETAIL_M2, b->p.id);
    b->m2 = own_block(c, (detail_count(c, st) + 1) * sizeof(dlrig_m2));
    while (step_row(c, st, "board_m2")) {
        dlrig_m2 *m = &b->m2[b->n_m2++];
        m->idx = sqlite3_column_int(st, 0);
        m->pcie_gen = sqlite3_column_int(st, 1);
        m->lanes = sqlite3_column_int(st, 2);
        /* NULL columns: the socket is known, its link is not (0 / UNKNOWN) */
        const unsigned char *at = sqlite3_column_text(st, 3);
        m->attached_to = at ? parse_attach(at) : DLRIG_ATTACH_UNKNOWN;
    }
    st = detail_stmt(c, DETAIL_SHARE, b->p.id);
    b->shares = own_block(c, (detail_count(c, st) + 1) * sizeof(dlrig_lane_share));
    while (step_row(c, st, "board_lane_share")) {
        dlrig_lane_share *s = &b->shares[b->n_shares++];
        s->slot_position = sqlite3_column_int(st, 0);
        const unsigned char *kind = sqlite3_column_text(st, 1);
        s->trigger_m2 = kind && strcmp((const char *)kind, "m2") == 0;
        s->trigger_index = sqlite3_column_int(st, 2);
        s->width_when = sqlite3_column_int(st, 3);
    }
    sqlite3_reset(st);
}

/* The GPUs a bridge fits (looked up, and so loaded, by id). */
static void load_bridge_fits(dlrig_catalog *c, dlrig_nvlink_bridge *br)
{
    sqlite3_stmt *st = detail_stmt(c, DETAIL_FIT, br->p.id);
    size_t cap = detail_count(c, st);
    /* Collect the ids first: looking the GPUs up may use the database. */
    const char **ids = xcalloc(cap + 1, sizeof *ids);
    size_t n = 0;
    while (n < cap && step_row(c, st, "bridge_gpu")) ids[n++] = own_string(c, sqlite3_column_text(st, 0));
    sqlite3_reset(st);
    br->fits = own_block(c, (n + 1) * sizeof *br->fits);
    for (size_t i = 0; i < n; i++) {
        const dlrig_part *g = catalog_find(c, ids[i]);
        if (g && g->category == DLRIG_CAT_GPU) br->fits[br->n_fits++] = (const dlrig_gpu *)g;
    }
    free(ids);
}

/* What a part needs beyond its own columns, once its row is stored. */
static void finish_part(dlrig_catalog *c, dlrig_category cat, unsigned char *obj)
{
    price_part(c, (dlrig_part *)obj);
    switch (cat) {
    case DLRIG_CAT_GPU: {
        dlrig_gpu *g = (dlrig_gpu *)obj;
        g->arch = catalog_arch(c, g->architecture);
        g->cooler_type = vocab_decode(dlrig_gpu_cooler_names, DLRIG_GPU_COOLER_COUNT, g->cooler);
        g->segment_kind = vocab_decode(dlrig_gpu_segment_names, DLRIG_SEGMENT_COUNT, g->segment);
        g->form = vocab_decode(dlrig_gpu_form_names, DLRIG_GPU_FORM_COUNT, g->form_factor);
        break;
    }
    case DLRIG_CAT_PSU: {
        dlrig_psu *ps = (dlrig_psu *)obj;
        ps->form = vocab_decode(dlrig_psu_form_names, DLRIG_PSU_FORM_COUNT, ps->form_factor);
        break;
    }
    case DLRIG_CAT_COOLER: {
        dlrig_cooler *cl = (dlrig_cooler *)obj;
        cl->cooler_kind = vocab_decode(dlrig_cooler_kind_names, DLRIG_COOLER_KIND_COUNT, cl->kind);
        break;
    }
    case DLRIG_CAT_STORAGE: {
        dlrig_storage *s = (dlrig_storage *)obj;
        s->storage_kind = vocab_decode(dlrig_storage_kind_names, DLRIG_STORAGE_KIND_COUNT, s->kind);
        break;
    }
    case DLRIG_CAT_MOTHERBOARD: load_board_details(c, (dlrig_motherboard *)obj); break;
    case DLRIG_CAT_NVLINK_BRIDGE: load_bridge_fits(c, (dlrig_nvlink_bridge *)obj); break;
    case DLRIG_CAT_CASE: {
        /* A complete server's built-in board (the foreign key guarantees it exists). */
        dlrig_case *cs = (dlrig_case *)obj;
        const dlrig_part *b = cs->board_id ? catalog_find(c, cs->board_id) : NULL;
        cs->board = b && b->category == DLRIG_CAT_MOTHERBOARD ? (const dlrig_motherboard *)b : NULL;
        cs->case_kind = vocab_decode(dlrig_case_kind_names, DLRIG_CASE_KIND_COUNT, cs->kind);
        cs->noise_level = vocab_decode(dlrig_noise_names, DLRIG_NOISE_COUNT, cs->noise);
        cs->psu_form = vocab_decode(dlrig_psu_form_names, DLRIG_PSU_FORM_COUNT, cs->psu_form_factor);
        break;
    }
    default: break;
    }
}

static int cmp_entry_id(const void *a, const void *b)
{
    return strcmp(((const index_entry *)a)->id, ((const index_entry *)b)->id);
}

/* Every part's id and category, and so each category's size. */
static int build_index(dlrig_catalog *c, char *err, size_t errlen)
{
    if (c->indexed) return 0;
    size_t cap = 512, count[DLRIG_CAT_COUNT] = {0};
    c->index = xcalloc(cap, sizeof *c->index);
    c->n_index = 0;
    for (int cat = 0; cat < DLRIG_CAT_COUNT; cat++) {
        char sql[128];
        /* id order, as the full scans read the category (the primary key's index: no sort) */
        snprintf(sql, sizeof sql, "SELECT id FROM %s WHERE id IS NOT NULL ORDER BY id", part_tables[cat].table);
        sqlite3_stmt *st;
        if (prepare(c->db, sql, &st, err, errlen, part_tables[cat].table)) return -1;
        int rc;
        while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
            if (c->n_index == cap) c->index = xrealloc(c->index, (cap *= 2) * sizeof *c->index);
            index_entry *e = &c->index[c->n_index++];
            e->id = own_string(c, sqlite3_column_text(st, 0));
            e->cat = (dlrig_category)cat;
            e->row = count[cat]++;
        }
        if (rc != SQLITE_DONE) {
            snprintf(err, errlen, "%s: %s", part_tables[cat].table, sqlite3_errmsg(c->db));
            sqlite3_finalize(st);
            return -1;
        }
        sqlite3_finalize(st);
    }
    for (int i = 0; i < DLRIG_CAT_COUNT; i++) {
        rows *r = &c->parts[i];
        if (r->full) { /* read whole before the index was needed */
            if (r->n != count[i]) {
                snprintf(err, errlen, "%s: the catalog changed while it was being read", part_tables[i].table);
                return -1;
            }
            continue;
        }
        r->n = count[i];
        r->base = xcalloc(r->n + 1, part_tables[i].size);
        r->have = xcalloc(r->n + 1, 1);
    }
    qsort(c->index, c->n_index, sizeof *c->index, cmp_entry_id);
    c->indexed = true;
    return 0;
}

static void ensure_index(const dlrig_catalog *cc)
{
    dlrig_catalog *c = (dlrig_catalog *)cc;
    char why[512];
    if (!c->indexed && !c->failed && build_index(c, why, sizeof why)) {
        catalog_fail(c, why);
        c->n_index = 0; /* a half-built index finds nothing */
    }
}

static const index_entry *index_lookup(const dlrig_catalog *c, const char *id)
{
    ensure_index(c);
    size_t lo = 0, hi = c->n_index;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        int cmp = strcmp(c->index[mid].id, id);
        if (cmp == 0) return &c->index[mid];
        if (cmp < 0) lo = mid + 1;
        else hi = mid;
    }
    return NULL;
}

static unsigned char *row_ptr(const dlrig_catalog *c, dlrig_category cat, size_t row)
{
    return c->parts[cat].base + row * part_tables[cat].size;
}

/* The part of an index entry, read from the database the first time. */
static const dlrig_part *ensure_row(const dlrig_catalog *cc, const index_entry *e)
{
    dlrig_catalog *c = (dlrig_catalog *)cc;
    rows *r = &c->parts[e->cat];
    unsigned char *obj = row_ptr(c, e->cat, e->row);
    if (r->have[e->row]) return (const dlrig_part *)obj;
    const table_desc *desc = &part_tables[e->cat];
    char why[512];
    if (c->failed) return NULL;
    if (!r->one && prepare_select(c, desc, true, true, &r->one, why, sizeof why)) {
        catalog_fail(c, why);
        return NULL;
    }
    sqlite3_bind_text(r->one, 1, e->id, -1, SQLITE_STATIC);
    if (!step_row(c, r->one, desc->table)) {
        sqlite3_reset(r->one);
        snprintf(why, sizeof why, "%s: part '%s' disappeared", desc->table, e->id);
        catalog_fail(c, why);
        return NULL;
    }
    store_row(c, desc, true, r->one, obj);
    sqlite3_reset(r->one);
    r->have[e->row] = 1;
    finish_part(c, e->cat, obj);
    return (const dlrig_part *)obj;
}

/* Every row of a category, in id order (one scan; rows already loaded by id
 * keep their place and their pointers). */
static void build_text(dlrig_catalog *c, dlrig_category cat);

static const rows *ensure_full(const dlrig_catalog *cc, dlrig_category cat)
{
    static const rows none; /* what a category is after a failed read */
    dlrig_catalog *c = (dlrig_catalog *)cc;
    rows *r = &c->parts[cat];
    if (r->full) return r;
    if (c->failed) return &none;
    const table_desc *desc = &part_tables[cat];
    char why[512];
    sqlite3_stmt *st;
    if (prepare_select(c, desc, true, false, &st, why, sizeof why)) {
        catalog_fail(c, why);
        return &none;
    }
    if (!c->indexed) {
        /* Nothing of the category is loaded: read it as it comes, and finish
         * the parts (which may look others up) once the scan is done. */
        size_t cap = 64;
        r->base = xcalloc(cap + 1, desc->size);
        while (step_row(c, st, desc->table)) {
            if (r->n == cap) {
                r->base = xrealloc(r->base, (cap * 2 + 1) * desc->size);
                memset(r->base + (cap + 1) * desc->size, 0, cap * desc->size);
                cap *= 2;
            }
            store_row(c, desc, true, st, row_ptr(c, cat, r->n));
            r->n++;
        }
        sqlite3_finalize(st);
        r->have = xmalloc(r->n + 1);
        memset(r->have, 1, r->n + 1);
        r->full = true;
        for (size_t i = 0; i < r->n; i++) finish_part(c, cat, row_ptr(c, cat, i));
        build_text(c, cat);
        return r;
    }
    size_t i = 0;
    while (step_row(c, st, desc->table)) {
        if (i == r->n) break;
        if (!r->have[i]) {
            unsigned char *obj = row_ptr(c, cat, i);
            store_row(c, desc, true, st, obj);
            r->have[i] = 1;
            finish_part(c, cat, obj);
        }
        i++;
    }
    sqlite3_finalize(st);
    if (c->failed) return &none; /* rows after i were never read */
    if (i != r->n) {
        snprintf(why, sizeof why, "%s: the catalog changed while it was being read", desc->table);
        catalog_fail(c, why);
        return &none;
    }
    r->full = true;
    build_text(c, cat);
    return r;
}

/* Why the first read of the file failed, as a message naming what to do. */
static void not_a_catalog(sqlite3 *db, const char *path, const char *what, char *err, size_t errlen)
{
    int x = sqlite3_extended_errcode(db);
    if (x == SQLITE_READONLY_ROLLBACK)
        snprintf(err, errlen, "%s: has an unfinished write (%s-journal): open it once with write access (for example "
                 "sqlite3 %s 'PRAGMA quick_check') to roll it back, or remove the journal", path, path, path);
    else if (x == SQLITE_READONLY_RECOVERY || x == SQLITE_READONLY_CANTINIT || x == SQLITE_READONLY_CANTLOCK)
        snprintf(err, errlen, "%s: its write-ahead log (%s-wal) needs recovery: open it once with write access (for "
                 "example sqlite3 %s 'PRAGMA wal_checkpoint(TRUNCATE)')", path, path, path);
    else if ((x & 0xff) == SQLITE_NOMEM)
        snprintf(err, errlen, "%s: cannot read the catalog: out of memory", path);
    else if ((x & 0xff) == SQLITE_INTERRUPT)
        snprintf(err, errlen, "%s: cannot read the catalog: %s", path, db_message(db));
    else if (what)
        snprintf(err, errlen, "%s: the catalog file is corrupt (%s)", path, what);
    else
        snprintf(err, errlen, "%s: not a dlrig catalog (%s)", path, sqlite3_errmsg(db));
}

static int check_file(sqlite3 *db, const char *path, bool checked, char *err, size_t errlen)
{
    sqlite3_exec(db, "PRAGMA trusted_schema=OFF; PRAGMA cell_size_check=ON;", NULL, NULL, NULL);
    sqlite3_stmt *st;
    if (!checked) { /* (checked: passed before, unchanged since; see checked_before) */
        if (sqlite3_prepare_v2(db, "PRAGMA quick_check", -1, &st, NULL) != SQLITE_OK) {
            not_a_catalog(db, path, NULL, err, errlen);
            return -1;
        }
        int rc = sqlite3_step(st);
        if (rc != SQLITE_ROW || strcmp((const char *)sqlite3_column_text(st, 0), "ok") != 0) {
            not_a_catalog(db, path, rc == SQLITE_ROW ? (const char *)sqlite3_column_text(st, 0) : sqlite3_errmsg(db),
                          err, errlen);
            sqlite3_finalize(st);
            return -1;
        }
        sqlite3_finalize(st);
    }
    if (sqlite3_prepare_v2(db, "PRAGMA user_version", -1, &st, NULL) != SQLITE_OK ||
        sqlite3_step(st) != SQLITE_ROW) {
        not_a_catalog(db, path, NULL, err, errlen);
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

/* ---- the values of a catalog from elsewhere
 *
 * The engine relies on what the shipped schema promises (NOT NULL, STRICT
 * types, CHECK lists) and on sane magnitudes; a --catalog file may have been
 * made without those constraints.  Every column the built-in schema declares
 * is checked in the file against the built-in declaration, plus the ranges
 * below, so a bad value is refused at open naming table, row and column. */

typedef struct col_rule {
    const char *table, *column;
    const char *bad;  /* SQL condition true for a bad value (on a non-NULL value) */
    const char *want; /* what was expected, for the message */
} col_rule;

static const col_rule col_rules[] = {
    {"gpu", "slots", "NOT (\"slots\" BETWEEN 1 AND 4 OR (\"slots\" = 0 AND \"form_factor\" = 'sxm'))",
     "1 to 4 slots (0 for an SXM module)"},
    {"gpu", "vram_gb", "\"vram_gb\" <= 0", "a positive size"},
    {"gpu", "bandwidth_gbs", "\"bandwidth_gbs\" <= 0", "a positive bandwidth"},
    {"gpu", "fp32_tflops", "\"fp32_tflops\" <= 0", "a positive speed"},
    {"gpu", "tdp_w", "\"tdp_w\" <= 0", "a positive power"},
    {"gpu", "pcie_lanes", "NOT (\"pcie_lanes\" BETWEEN 1 AND 16)", "1 to 16 lanes"},
    {"gpu", "pcie_gen", "NOT (\"pcie_gen\" BETWEEN 1 AND 7)", "PCIe generation 1 to 7"},
    {"gpu", "max_per_machine", "NOT (\"max_per_machine\" BETWEEN 1 AND 64)", "1 to 64"},
    {"cpu", "pcie_lanes", "NOT (\"pcie_lanes\" BETWEEN 0 AND 256)", "0 to 256 lanes"},
    {"cpu", "max_sockets", "NOT (\"max_sockets\" BETWEEN 1 AND 8)", "1 to 8 sockets"},
    {"motherboard", "cpu_sockets", "NOT (\"cpu_sockets\" BETWEEN 1 AND 8)", "1 to 8 sockets"},
    {"motherboard", "memory_slots", "NOT (\"memory_slots\" BETWEEN 0 AND 64)", "0 to 64 slots"},
    {"motherboard", "expansion_positions", "NOT (\"expansion_positions\" BETWEEN 1 AND 32)", "1 to 32 positions"},
    {"motherboard", "m2_slots", "NOT (\"m2_slots\" BETWEEN 0 AND 32)", "0 to 32 sockets"},
    {"board_slot", "position", "NOT (\"position\" BETWEEN 1 AND 32)", "a position from 1 to 32"},
    {"board_slot", "pcie_gen", "NOT (\"pcie_gen\" BETWEEN 1 AND 7)", "PCIe generation 1 to 7"},
    {"board_m2", "idx", "NOT (\"idx\" BETWEEN 1 AND 15)", "socket 1 to 15"},
    {"board_m2", "lanes", "NOT (\"lanes\" BETWEEN 1 AND 16)", "1 to 16 lanes"},
    {"board_m2", "pcie_gen", "NOT (\"pcie_gen\" BETWEEN 1 AND 7)", "PCIe generation 1 to 7"},
    {"board_lane_share", "slot_position", "NOT (\"slot_position\" BETWEEN 1 AND 32)", "a position from 1 to 32"},
    {"board_lane_share", "trigger_index", "NOT (\"trigger_index\" BETWEEN 1 AND 32)", "1 to 32"},
    {"chassis", "expansion_slots", "NOT (\"expansion_slots\" BETWEEN 0 AND 32)", "0 to 32 slots"},
    {"chassis", "sxm_gpus", "NOT (\"sxm_gpus\" BETWEEN 1 AND 16)", "1 to 16 SXM sockets"},
    {"chassis", "riser_pcie_gen", "NOT (\"riser_pcie_gen\" BETWEEN 1 AND 7)", "PCIe generation 1 to 7"},
    {"chassis", "riser_mm", "NOT (\"riser_mm\" BETWEEN 50 AND 2000)", "50 to 2000 mm"},
    {"memory", "capacity_gb", "\"capacity_gb\" <= 0", "a positive size"},
    {"storage", "capacity_gb", "\"capacity_gb\" <= 0", "a positive size"},
    {"psu", "watts", "\"watts\" <= 0", "a positive power"},
    {"nic", "pcie_lanes", "NOT (\"pcie_lanes\" BETWEEN 1 AND 16)", "1 to 16 lanes"},
    /* counts multiplied by quantities up to 1000 in int arithmetic (rules.c) */
    {"gpu", "power_6pin", "NOT (\"power_6pin\" BETWEEN 0 AND 16)", "0 to 16 connectors"},
    {"gpu", "power_8pin", "NOT (\"power_8pin\" BETWEEN 0 AND 16)", "0 to 16 connectors"},
    {"gpu", "power_12vhpwr", "NOT (\"power_12vhpwr\" BETWEEN 0 AND 16)", "0 to 16 connectors"},
    {"gpu", "power_eps8", "NOT (\"power_eps8\" BETWEEN 0 AND 16)", "0 to 16 connectors"},
    {"psu", "pcie_8pin", "NOT (\"pcie_8pin\" BETWEEN 0 AND 64)", "0 to 64 connectors"},
    {"psu", "hpwr", "NOT (\"hpwr\" BETWEEN 0 AND 64)", "0 to 64 connectors"},
    {"psu", "eps8", "NOT (\"eps8\" BETWEEN 0 AND 64)", "0 to 64 connectors"},
    {"memory", "modules", "NOT (\"modules\" BETWEEN 1 AND 64)", "1 to 64 modules"},
};

/* The CHECK (...) expressions of a CREATE TABLE statement, each with the
 * column it belongs to: its own for a column constraint, else the first
 * column (of cols) the expression names.  Calls fn for each. */
static void each_check(const char *create_sql, const char *const *cols, size_t ncols,
                       void (*fn)(void *ctx, const char *col, const char *expr), void *ctx)
{
    for (const char *chk = strstr(create_sql, "CHECK ("); chk; chk = strstr(chk + 1, "CHECK (")) {
        const char *q = chk + 6, *e = q;
        int depth = 0;
        for (; *e; e++) {
            if (*e == '(') depth++;
            else if (*e == ')' && --depth == 0) break;
        }
        if (!*e) return;
        char *expr = xasprintf("%.*s", (int)(e - q + 1), q);
        /* the line's first word, when it is a column, owns the constraint */
        const char *line = chk;
        while (line > create_sql && line[-1] != '\n') line--;
        while (*line == ' ' || *line == '\t') line++;
        const char *owner = NULL;
        for (size_t i = 0; i < ncols && !owner; i++) {
            size_t l = strlen(cols[i]);
            if (strncmp(line, cols[i], l) == 0 && (line[l] == ' ' || line[l] == '\t')) owner = cols[i];
        }
        const char *first = NULL;
        for (size_t i = 0; i < ncols && !owner; i++) {
            const char *at = strstr(expr, cols[i]);
            if (at && (!first || at < first)) first = at, owner = NULL;
        }
        if (!owner && first)
            for (size_t i = 0; i < ncols; i++)
                if (strncmp(first, cols[i], strlen(cols[i])) == 0 && (!owner || strlen(cols[i]) > strlen(owner)))
                    owner = cols[i];
        if (owner) fn(ctx, owner, expr);
        free(expr);
        chk = e;
    }
}

typedef struct col_check {
    char *column, *cond, *want;
} col_check;

/* Appends a check of one column; cond and want are copied. */
static void add_check(col_check **v, size_t *n, size_t *cap, const char *column, const char *cond, const char *want)
{
    if (*n == *cap) *v = xrealloc(*v, (*cap = *cap ? *cap * 2 : 32) * sizeof **v);
    (*v)[(*n)++] = (col_check){xstrdup(column), xstrdup(cond), xstrdup(want)};
}

/* each_check callback: a schema CHECK as a column check. */
static void add_schema_check(void *ctx, const char *col, const char *expr)
{
    struct {
        col_check **v;
        size_t *n, *cap;
    } *acc = ctx;
    char *cond = xasprintf("NOT %s", expr); /* NULL (unknown) passes, as in SQL */
    char *want = xasprintf("a value where %s", expr);
    add_check(acc->v, acc->n, acc->cap, col, cond, want);
    free(cond);
    free(want);
}

/* Whether table t of db has column col (a declared column, any case). */
static bool has_column(sqlite3 *db, const char *t, const char *col)
{
    sqlite3_stmt *st;
    bool found = false;
    if (sqlite3_prepare_v2(db, "SELECT 1 FROM pragma_table_info(?1) WHERE name = ?2 COLLATE NOCASE", -1, &st, NULL)
        != SQLITE_OK)
        return false;
    sqlite3_bind_text(st, 1, t, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 2, col, -1, SQLITE_STATIC);
    found = sqlite3_step(st) == SQLITE_ROW;
    sqlite3_finalize(st);
    return found;
}

/* The declared columns of table t of db, read once: has_column's answers
 * for that table without a statement per column. */
typedef struct col_names {
    char **v;
    size_t n;
} col_names;

static void col_names_read(sqlite3 *db, const char *t, col_names *out)
{
    out->v = NULL;
    out->n = 0;
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(db, "SELECT name FROM pragma_table_info(?1)", -1, &st, NULL) != SQLITE_OK) return;
    sqlite3_bind_text(st, 1, t, -1, SQLITE_STATIC);
    while (sqlite3_step(st) == SQLITE_ROW) {
        const char *name = (const char *)sqlite3_column_text(st, 0);
        if (!name) continue;
        out->v = xrealloc(out->v, (out->n + 1) * sizeof *out->v);
        out->v[out->n++] = xstrdup(name);
    }
    sqlite3_finalize(st);
}

/* has_column for the table whose names are in cn (COLLATE NOCASE folds ASCII letters only). */
static bool col_names_has(const col_names *cn, const char *col)
{
    for (size_t i = 0; i < cn->n; i++) {
        const char *a = cn->v[i], *b = col;
        while (*a && *b) {
            char x = *a >= 'A' && *a <= 'Z' ? (char)(*a - 'A' + 'a') : *a;
            char y = *b >= 'A' && *b <= 'Z' ? (char)(*b - 'A' + 'a') : *b;
            if (x != y) break;
            a++;
            b++;
        }
        if (!*a && !*b) return true;
    }
    return false;
}

static void col_names_free(col_names *cn)
{
    for (size_t i = 0; i < cn->n; i++) free(cn->v[i]);
    free(cn->v);
}

#define CATALOG_TEXT_MAX 4096 /* bytes of any text of a catalog from elsewhere */
#define CATALOG_ID_MAX 64      /* bytes of an id */

/* SQL function dlrig_bad_text(x, is_id): 1 when the text x cannot be shown
 * or written as it is: not UTF-8, control characters (line breaks and tabs
 * aside), longer than CATALOG_TEXT_MAX; an id (is_id) also outside a-z, 0-9,
 * '.', '_', '-' or longer than CATALOG_ID_MAX.  0 for anything not text. */
static void sql_bad_text(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    (void)argc;
    if (sqlite3_value_type(argv[0]) != SQLITE_TEXT) {
        sqlite3_result_int(ctx, 0);
        return;
    }
    const char *s = (const char *)sqlite3_value_text(argv[0]);
    size_t n = (size_t)sqlite3_value_bytes(argv[0]);
    bool bad;
    if (sqlite3_value_int(argv[1])) {
        bad = n == 0 || n > CATALOG_ID_MAX || !s || strspn(s, "abcdefghijklmnopqrstuvwxyz0123456789._-") != n;
    } else {
        bad = n > CATALOG_TEXT_MAX || !s || text_problem(s, n, TEXT_MULTILINE) != NULL;
    }
    sqlite3_result_int(ctx, bad);
}

/* Checks every row of table t (of the user file db) against the built-in
 * declaration of its columns (ref: the built-in catalog). */
static int check_table_values(sqlite3 *db, sqlite3 *ref, const char *t, const char *create_sql, char *err,
                              size_t errlen)
{
    if (sqlite3_table_column_metadata(db, "main", t, NULL, NULL, NULL, NULL, NULL, NULL) != SQLITE_OK)
        return 0; /* a missing table is reported by the statements that read it */
    col_names have;
    col_names_read(db, t, &have);
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(ref, "SELECT name, upper(type), \"notnull\", pk FROM pragma_table_info(?1) ORDER BY cid", -1,
                           &st, NULL) != SQLITE_OK) {
        col_names_free(&have);
        return 0;
    }
    sqlite3_bind_text(st, 1, t, -1, SQLITE_STATIC);
    col_check *v = NULL;
    size_t n = 0, cap = 0;
    strbuf key = {0};
    while (sqlite3_step(st) == SQLITE_ROW) {
        const char *col = (const char *)sqlite3_column_text(st, 0);
        const char *type = (const char *)sqlite3_column_text(st, 1);
        if (!col || !type || !col_names_has(&have, col)) continue;
        bool notnull = sqlite3_column_int(st, 2) || sqlite3_column_int(st, 3);
        if (sqlite3_column_int(st, 3)) sb_printf(&key, "%squote(\"%s\")", key.len ? "||', '||" : "", col);
        char *q = xasprintf("\"%s\"", col);
        char *cond;
        if (notnull) {
            cond = xasprintf("%s IS NULL", q);
            add_check(&v, &n, &cap, col, cond, "a value (NULL found)");
            free(cond);
        }
        const char *types = strcmp(type, "INTEGER") == 0 ? "'integer'" : strcmp(type, "REAL") == 0 ? "'real','integer'"
                            : strcmp(type, "TEXT") == 0 ? "'text'" : NULL;
        if (types) {
            cond = xasprintf("%s IS NOT NULL AND typeof(%s) NOT IN (%s)", q, q, types);
            char *want = xasprintf("a value of type %s", type);
            add_check(&v, &n, &cap, col, cond, want);
            free(want);
            free(cond);
        }
        if (strcmp(type, "TEXT") == 0) { /* bounded, showable text; ids from a safe alphabet */
            size_t cl = strlen(col);
            bool is_id = strcmp(col, "id") == 0 || (cl > 3 && strcmp(col + cl - 3, "_id") == 0);
            cond = xasprintf("dlrig_bad_text(%s, %d)", q, is_id);
            add_check(&v, &n, &cap, col, cond,
                      is_id ? "an id of 1 to 64 characters a-z, 0-9, '.', '_' and '-'"
                            : "text of at most 4096 bytes of UTF-8 without control characters");
            free(cond);
        }
        if (strcmp(type, "INTEGER") == 0 || strcmp(type, "REAL") == 0) {
            cond = xasprintf("abs(%s) > %s", q, type[0] == 'I' ? "1000000000" : "1e12");
            add_check(&v, &n, &cap, col, cond, type[0] == 'I' ? "a number of at most 1e9" : "a finite number of at most 1e12");
            free(cond);
        }
        for (size_t r = 0; r < sizeof col_rules / sizeof col_rules[0]; r++)
            if (strcmp(col_rules[r].table, t) == 0 && strcmp(col_rules[r].column, col) == 0) {
                cond = xasprintf("%s IS NOT NULL AND %s", q, col_rules[r].bad);
                add_check(&v, &n, &cap, col, cond, col_rules[r].want);
                free(cond);
            }
        free(q);
    }
    sqlite3_finalize(st);
    /* the schema's CHECK constraints, on the columns the file has */
    const char *cols[128];
    size_t ncols = 0;
    if (sqlite3_prepare_v2(ref, "SELECT name FROM pragma_table_info(?1) ORDER BY cid", -1, &st, NULL) == SQLITE_OK) {
        sqlite3_bind_text(st, 1, t, -1, SQLITE_STATIC);
        while (sqlite3_step(st) == SQLITE_ROW && ncols < 128) {
            const char *col = (const char *)sqlite3_column_text(st, 0);
            if (col && col_names_has(&have, col)) cols[ncols++] = xstrdup(col);
        }
        sqlite3_finalize(st);
    }
    struct {
        col_check **v;
        size_t *n, *cap;
    } acc = {&v, &n, &cap};
    each_check(create_sql, cols, ncols, add_schema_check, &acc);
    for (size_t i = 0; i < ncols; i++) free((char *)cols[i]);
    /* references, as the built-in schema declares them (the file may declare none) */
    if (sqlite3_prepare_v2(ref, "SELECT id, \"table\", group_concat(\"from\", char(1)), group_concat(\"to\", char(1)) "
                           "FROM pragma_foreign_key_list(?1) GROUP BY id", -1, &st, NULL) == SQLITE_OK) {
        sqlite3_bind_text(st, 1, t, -1, SQLITE_STATIC);
        while (sqlite3_step(st) == SQLITE_ROW) {
            const char *parent = (const char *)sqlite3_column_text(st, 1);
            char *from = xstrdup((const char *)sqlite3_column_text(st, 2));
            char *to = xstrdup((const char *)sqlite3_column_text(st, 3));
            strbuf cond = {0}, match = {0};
            bool ok = parent && sqlite3_table_column_metadata(db, "main", parent, NULL, NULL, NULL, NULL, NULL, NULL) ==
                                    SQLITE_OK;
            char *fs = from, *ts = to, *f, *tt;
            const char *first = from;
            char *to_first = xstrdup(to);
            to_first[strcspn(to_first, "\1")] = '\0';
            while (ok && (f = strsep(&fs, "\1")) != NULL && (tt = strsep(&ts, "\1")) != NULL) {
                ok = col_names_has(&have, f) && has_column(db, parent, tt);
                sb_printf(&cond, "%s\"%s\" IS NOT NULL", cond.len ? " AND " : "", f);
                sb_printf(&match, "%sp.\"%s\" = \"%s\".\"%s\"", match.len ? " AND " : "", tt, t, f);
            }
            if (ok && cond.len) {
                char *c2 = xasprintf("%s AND NOT EXISTS (SELECT 1 FROM \"%s\" p WHERE %s)", cond.s, parent, match.s);
                char *want = xasprintf("a value found in %s.%s", parent, to_first);
                add_check(&v, &n, &cap, first, c2, want);
                free(c2);
                free(want);
            }
            sb_free(&cond);
            sb_free(&match);
            free(to_first);
            free(from);
            free(to);
        }
        sqlite3_finalize(st);
    }
    int rc = 0;
    if (n) {
        strbuf sql = {0}, any = {0};
        sb_printf(&sql, "SELECT %s, CASE", key.len ? key.s : "'rowid '||rowid");
        for (size_t i = 0; i < n; i++) {
            sb_printf(&sql, " WHEN %s THEN %zu", v[i].cond, i);
            sb_printf(&any, "%s(%s)", i ? " OR " : "", v[i].cond);
        }
        sb_printf(&sql, " END FROM \"%s\" WHERE %s LIMIT 1", t, any.s);
        if (sqlite3_prepare_v2(db, sql.s, -1, &st, NULL) != SQLITE_OK) {
            snprintf(err, errlen, "table %s: %s", t, db_message(db));
            rc = -1;
        } else {
            int s = sqlite3_step(st);
            if (s == SQLITE_ROW) {
                size_t i = (size_t)sqlite3_column_int64(st, 1);
                const char *row = (const char *)sqlite3_column_text(st, 0);
                snprintf(err, errlen, "table %s, row %s, column %s: expected %s", t, row ? row : "?",
                         i < n ? v[i].column : "?", i < n ? v[i].want : "?");
                rc = -1;
            } else if (s != SQLITE_DONE) {
                snprintf(err, errlen, "table %s: %s", t, db_message(db));
                rc = -1;
            }
            sqlite3_finalize(st);
        }
        sb_free(&sql);
        sb_free(&any);
    }
    if (rc == 0 && key.len) { /* the key is unique, as the built-in schema declares it (a file may declare none) */
        char *dup = xasprintf("SELECT %s FROM \"%s\" GROUP BY %s HAVING count(*) > 1 LIMIT 1", key.s, t, key.s);
        if (sqlite3_prepare_v2(db, dup, -1, &st, NULL) == SQLITE_OK) {
            int s = sqlite3_step(st);
            if (s == SQLITE_ROW) {
                snprintf(err, errlen, "table %s, row %s: the key appears more than once", t,
                         sqlite3_column_text(st, 0) ? (const char *)sqlite3_column_text(st, 0) : "?");
                rc = -1;
            } else if (s != SQLITE_DONE) {
                snprintf(err, errlen, "table %s: %s", t, db_message(db));
                rc = -1;
            }
            sqlite3_finalize(st);
        }
        free(dup);
    }
    for (size_t i = 0; i < n; i++) {
        free(v[i].column);
        free(v[i].cond);
        free(v[i].want);
    }
    free(v);
    sb_free(&key);
    col_names_free(&have);
    return rc;
}

int catalog_builtin_write(const char *path, bool overwrite)
{
    return write_file_atomic(path, dlrig_catalog_image, (size_t)dlrig_catalog_image_size, overwrite);
}

size_t catalog_builtin_size(void) { return (size_t)dlrig_catalog_image_size; }

/* Opens the built-in catalog image read-only (a connection the caller closes), or NULL. */
static sqlite3 *open_builtin(void)
{
    sqlite3 *db = NULL;
    if (sqlite3_open_v2(":memory:", &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, NULL) !=
            SQLITE_OK ||
        sqlite3_deserialize(db, "main", (unsigned char *)dlrig_catalog_image, (sqlite3_int64)dlrig_catalog_image_size,
                            (sqlite3_int64)dlrig_catalog_image_size, SQLITE_DESERIALIZE_READONLY) != SQLITE_OK) {
        sqlite3_close(db);
        return NULL;
    }
    return db;
}

/* Every table of the built-in schema, checked in the user file db. */
static int check_values(sqlite3 *db, char *err, size_t errlen)
{
    sqlite3 *ref = open_builtin();
    if (!ref) {
        snprintf(err, errlen, "cannot read the built-in schema");
        return -1;
    }
    sqlite3_stmt *st;
    int rc = 0;
    if (sqlite3_prepare_v2(ref, "SELECT name, sql FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
                           "ORDER BY rowid", -1, &st, NULL) == SQLITE_OK) {
        while (rc == 0 && sqlite3_step(st) == SQLITE_ROW) {
            const char *t = (const char *)sqlite3_column_text(st, 0);
            const char *sql = (const char *)sqlite3_column_text(st, 1);
            if (t && sql) rc = check_table_values(db, ref, t, sql, err, errlen);
        }
        sqlite3_finalize(st);
    }
    sqlite3_close(ref);
    if (rc) return rc;
    return rc;
}

/* ---- the shape of a catalog from elsewhere
 *
 * Every statement names the dlrig tables; the values checked are what those
 * names hold.  So each must be a stored table: not a view (whose rows are
 * computed on each read and never checked), not a virtual table, without
 * generated or hidden columns (which pragma table_info does not list); and
 * the file has no triggers.  This runs at every open, remembered or not:
 * it reads only the schema. */

/* Authorizer of a catalog from elsewhere: nothing is read through a view or
 * a trigger (what the statements read is what check_values checked). */
static int authorize(void *ctx, int action, const char *a, const char *b, const char *db, const char *inner)
{
    (void)ctx;
    (void)a;
    (void)b;
    (void)db;
    return action == SQLITE_READ && inner ? SQLITE_DENY : SQLITE_OK;
}

static int check_schema(sqlite3 *db, char *err, size_t errlen)
{
    sqlite3_stmt *st;
    int rc = 0;
    if (sqlite3_prepare_v2(db, "SELECT name FROM sqlite_schema WHERE type = 'trigger' LIMIT 1", -1, &st, NULL) !=
        SQLITE_OK) {
        snprintf(err, errlen, "schema: %s", db_message(db));
        return -1;
    }
    if (sqlite3_step(st) == SQLITE_ROW) {
        snprintf(err, errlen, "it has a trigger (%.100s); a catalog is tables and indexes", sqlite3_column_text(st, 0));
        rc = -1;
    }
    sqlite3_finalize(st);
    if (rc) return rc;
    sqlite3 *ref = open_builtin();
    if (!ref) {
        snprintf(err, errlen, "cannot read the built-in schema");
        return -1;
    }
    sqlite3_stmt *tables, *kind = NULL, *hidden = NULL;
    if (sqlite3_prepare_v2(ref, "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
                                "ORDER BY rowid", -1, &tables, NULL) != SQLITE_OK ||
        sqlite3_prepare_v2(db, "SELECT type, sql LIKE 'CREATE VIRTUAL%' FROM sqlite_schema WHERE name = ?1 "
                               "COLLATE NOCASE", -1, &kind, NULL) != SQLITE_OK ||
        sqlite3_prepare_v2(db, "SELECT name, hidden FROM pragma_table_xinfo(?1) WHERE hidden != 0 LIMIT 1", -1,
                           &hidden, NULL) != SQLITE_OK) {
        snprintf(err, errlen, "schema: %s", db_message(db));
        rc = -1;
    }
    while (rc == 0 && sqlite3_step(tables) == SQLITE_ROW) {
        const char *t = (const char *)sqlite3_column_text(tables, 0);
        if (!t) continue;
        sqlite3_reset(kind);
        sqlite3_bind_text(kind, 1, t, -1, SQLITE_STATIC);
        while (rc == 0 && sqlite3_step(kind) == SQLITE_ROW) {
            const char *type = (const char *)sqlite3_column_text(kind, 0);
            if (type && strcmp(type, "table") != 0 && strcmp(type, "index") != 0) {
                snprintf(err, errlen, "%s is a %.20s in this file; dlrig reads its catalog from tables", t, type);
                rc = -1;
            } else if (type && strcmp(type, "table") == 0 && sqlite3_column_int(kind, 1)) {
                snprintf(err, errlen, "%s is a virtual table in this file; dlrig reads its catalog from stored tables",
                         t);
                rc = -1;
            }
        }
        if (rc) break;
        sqlite3_reset(hidden);
        sqlite3_bind_text(hidden, 1, t, -1, SQLITE_STATIC);
        if (sqlite3_step(hidden) == SQLITE_ROW) {
            int h = sqlite3_column_int(hidden, 1);
            snprintf(err, errlen, "table %s, column %.100s: a %s column; dlrig reads stored columns only", t,
                     sqlite3_column_text(hidden, 0), h == 2 || h == 3 ? "generated" : "hidden");
            rc = -1;
        }
    }
    sqlite3_finalize(tables);
    sqlite3_finalize(kind);
    sqlite3_finalize(hidden);
    sqlite3_close(ref);
    return rc;
}

/* ---- checks made once per catalog file
 *
 * The integrity check and the value checks read every page and row of a
 * --catalog file (a tenth of a second and more on a large one).  Once a file
 * has passed them, its identity is remembered in
 * $XDG_CACHE_HOME/dlrig/checked-catalogs: device, inode, size, modification
 * and status-change times to the nanosecond of the file and of each of the
 * files SQLite reads beside it (NAME-wal, whose pages replace the file's,
 * NAME-shm, its index, and NAME-journal), or that each is absent; and which
 * dlrig program (its own file's identity) checked it.  Every write to a file
 * sets its status-change time to the current time, which no user can set
 * back, so a file with the remembered identity holds the bytes that were
 * checked.  A file changed less than CHECK_SETTLE_S seconds before its check
 * ended is not remembered (a write within the same clock tick would not
 * show), nor one that changed during the check, nor one beside which a
 * companion is not a regular file. */
#define CHECK_SETTLE_S 2
#define CHECKED_MAX 32     /* files remembered */
#define CHECKED_LINE 1024  /* the longest line */

typedef struct file_id {
    unsigned long long dev, ino;
    long long size, mt_s, mt_ns, ct_s, ct_ns;
} file_id;

static bool file_id_of(const char *path, file_id *out)
{
    struct stat st;
    if (stat(path, &st) != 0 || !S_ISREG(st.st_mode)) return false;
    *out = (file_id){(unsigned long long)st.st_dev, (unsigned long long)st.st_ino, (long long)st.st_size,
                     (long long)st.st_mtim.tv_sec, (long long)st.st_mtim.tv_nsec, (long long)st.st_ctim.tv_sec,
                     (long long)st.st_ctim.tv_nsec};
    return true;
}

/* A catalog file and what SQLite reads beside it (all zero: absent). */
typedef struct catalog_id {
    file_id main, side[3];
} catalog_id;
static const char *const side_ext[3] = {"-wal", "-shm", "-journal"};

static bool catalog_id_of(const char *path, catalog_id *out)
{
    memset(out, 0, sizeof *out);
    if (!file_id_of(path, &out->main)) return false;
    bool ok = true;
    for (int i = 0; i < 3 && ok; i++) {
        char *p = xasprintf("%s%s", path, side_ext[i]);
        struct stat st;
        if (lstat(p, &st) == 0) ok = file_id_of(p, &out->side[i]);
        else ok = errno == ENOENT;
        free(p);
    }
    return ok;
}

static bool catalog_id_eq(const catalog_id *a, const catalog_id *b) { return memcmp(a, b, sizeof *a) == 0; }

static void put_file_id(strbuf *b, const file_id *f)
{
    sb_printf(b, " %llx:%llx:%llx:%llx.%llx:%llx.%llx", f->dev, f->ino, (unsigned long long)f->size,
              (unsigned long long)f->mt_s, (unsigned long long)f->mt_ns, (unsigned long long)f->ct_s,
              (unsigned long long)f->ct_ns);
}

/* The line naming catalog `id` as checked by this program; false when the
 * program's own file cannot be identified. */
static bool checked_line(const catalog_id *id, char *buf, size_t len)
{
    file_id exe;
    if (!file_id_of("/proc/self/exe", &exe)) return false;
    strbuf b = {0};
    sb_append(&b, "2");
    put_file_id(&b, &exe);
    put_file_id(&b, &id->main);
    for (int i = 0; i < 3; i++) put_file_id(&b, &id->side[i]);
    sb_append(&b, "\n");
    bool fits = b.len < len;
    snprintf(buf, len, "%s", b.s);
    sb_free(&b);
    return fits;
}

/* The remembered lines (a string the caller frees), or NULL.  The file is
 * read only when it is a regular file (a FIFO there is not waited on). */
static char *checked_read(char **path_out)
{
    *path_out = NULL;
    char *dir = xdg_cache_dir(false);
    if (!dir) return NULL;
    *path_out = xasprintf("%s/checked-catalogs", dir);
    free(dir);
    size_t n = 0;
    char *text = read_file_regular(*path_out, CHECKED_MAX * CHECKED_LINE, &n);
    if (text && strlen(text) != n) text[strlen(text)] = '\0'; /* a NUL inside: the lines before it */
    return text;
}

/* Whether the file with identity id has passed the checks of this program. */
static bool checked_before(const catalog_id *id)
{
    char line[CHECKED_LINE], *path;
    if (!checked_line(id, line, sizeof line)) return false;
    char *text = checked_read(&path);
    bool found = false;
    for (const char *at = text; at && !found && (at = strstr(at, line)) != NULL; at++)
        found = at == text || at[-1] == '\n';
    free(text);
    free(path);
    return found;
}

/* Remembers that the file at path, identified as id before its checks, passed them. */
static void checked_remember(const char *path, const catalog_id *id)
{
    catalog_id now_id;
    char line[CHECKED_LINE];
    if (!catalog_id_of(path, &now_id) || !catalog_id_eq(&now_id, id) || !checked_line(id, line, sizeof line)) return;
    struct timespec now;
    if (clock_gettime(CLOCK_REALTIME, &now) != 0) return;
    for (int i = 0; i < 4; i++) {
        const file_id *f = i ? &id->side[i - 1] : &id->main;
        if (f->ct_s > (long long)now.tv_sec - CHECK_SETTLE_S || f->mt_s > (long long)now.tv_sec - CHECK_SETTLE_S)
            return;
    }
    char *dir = xdg_cache_dir(true), *cpath;
    if (!dir) return;
    free(dir);
    char *old = checked_read(&cpath);
    strbuf b = {0};
    /* the newest CHECKED_MAX - 1 lines kept, then this one */
    size_t nl = 0;
    for (const char *q = old; q && *q; q++) nl += *q == '\n';
    const char *from = old;
    for (; from && *from && nl >= CHECKED_MAX; nl--) from = strchr(from, '\n') ? strchr(from, '\n') + 1 : "";
    if (from) {
        const char *end = from + strlen(from);
        while (end > from && end[-1] != '\n') end--; /* a torn last line is dropped */
        sb_appendn(&b, from, (size_t)(end - from));
    }
    sb_append(&b, line);
    /* a cache: failing to write it loses nothing; one that is not a regular file is left alone */
    struct stat st;
    if (cpath && (lstat(cpath, &st) != 0 || S_ISREG(st.st_mode))) write_file_atomic(cpath, b.s, b.len, true);
    sb_free(&b);
    free(old);
    free(cpath);
}

/* A catalog file from elsewhere must have every table and column dlrig
 * reads: prepare every statement now (kept for later) and read the index and
 * the small reference tables, so that a wrong file is refused at open and
 * not half-way through a command.  `checked`: the file passed the value
 * checks before (checked_before). */
static int validate(dlrig_catalog *c, bool checked, char *err, size_t errlen)
{
    if (!checked && check_values(c->db, err, errlen)) return -1;
    for (int i = 0; i < REF_COUNT; i++)
        if (load_ref_table(c, i, err, errlen)) return -1;
    for (int i = 0; i < DLRIG_CAT_COUNT; i++)
        if (prepare_select(c, &part_tables[i], true, true, &c->parts[i].one, err, errlen)) return -1;
    for (int k = 0; k < DETAIL_COUNT; k++)
        if (prepare(c->db, detail_sql[k], &c->detail[k], err, errlen, "catalog details")) return -1;
    return build_index(c, err, errlen);
}

dlrig_catalog *catalog_open(const char *path, char *err, size_t errlen)
{
    static bool configured;
    if (!configured) {
        /* No allocation statistics: they take a global mutex on every malloc. */
        sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
        configured = true;
    }
    sqlite3 *db = NULL;
    const char *label = path ? path : "built-in catalog";
    catalog_id id_before, id_open;
    bool identified = false, checked = false;
    if (path) {
        struct stat st;
        if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
            /* SQLite would wait forever on a FIFO nobody writes */
            snprintf(err, errlen, "%s: %s; a catalog is an SQLite file", path,
                     S_ISDIR(st.st_mode) ? "is a directory" : "is not a regular file (a FIFO, socket or device)");
            return NULL;
        }
        for (int i = 0; i < 3; i++) { /* what SQLite opens beside it, never waited on either */
            char *side = xasprintf("%s%s", path, side_ext[i]);
            bool odd = lstat(side, &st) == 0 && !S_ISREG(st.st_mode);
            if (odd) snprintf(err, errlen, "%s: is not a regular file; SQLite reads it with the catalog", side);
            free(side);
            if (odd) return NULL;
        }
        identified = catalog_id_of(path, &id_before);
        int orc = sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, NULL);
        if (orc != SQLITE_OK) {
            int sys = db ? sqlite3_system_errno(db) : 0;
            snprintf(err, errlen, "%s: cannot open catalog (%s)", path,
                     sys == EMFILE || sys == ENFILE       ? "too many open files"
                     : !db || orc == SQLITE_NOMEM        ? "out of memory"
                                                         : sqlite3_errmsg(db));
            sqlite3_close(db);
            return NULL;
        }
        /* every statement bounded, nothing read through a view or trigger */
        sqlite3_progress_handler(db, QUERY_CHECK_EVERY, query_too_long, db);
        sqlite3_set_authorizer(db, authorize, NULL);
        sqlite3_create_function_v2(db, "dlrig_bad_text", 2, SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_DIRECTONLY,
                                   NULL, sql_bad_text, NULL, NULL, NULL);
        /* the file opened is the one identified (the path was not pointed elsewhere meanwhile) */
        identified = identified && catalog_id_of(path, &id_open) && catalog_id_eq(&id_before, &id_open);
        checked = identified && checked_before(&id_before);
        char shape[512] = "";
        if (check_file(db, path, checked, err, errlen)) {
            sqlite3_close(db);
            return NULL;
        }
        if (check_schema(db, shape, sizeof shape)) {
            snprintf(err, errlen, "%s: not a usable dlrig catalog (%s)", path, shape);
            sqlite3_close(db);
            return NULL;
        }
    } else {
        if (sqlite3_open_v2(":memory:", &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX,
                            NULL) != SQLITE_OK) {
            snprintf(err, errlen, "built-in catalog: cannot open an in-memory database");
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
    c->db = db;
    snprintf(c->label, sizeof c->label, "%s", label);
    char why[512] = "";
    /* The built-in image is built and tested with dlrig itself. */
    if (path && validate(c, checked, why, sizeof why)) {
        snprintf(err, errlen, "%s: not a usable dlrig catalog (%s)", label, why);
        catalog_close(c);
        return NULL;
    }
    if (identified && !checked) checked_remember(path, &id_before);
    return c;
}

void catalog_close(dlrig_catalog *c)
{
    if (!c) return;
    for (int i = 0; i < DLRIG_CAT_COUNT; i++) {
        sqlite3_finalize(c->parts[i].one);
        free(c->parts[i].base);
        free(c->parts[i].have);
        free(c->parts[i].text);
        free(c->parts[i].text_at);
    }
    for (int k = 0; k < DETAIL_COUNT; k++) sqlite3_finalize(c->detail[k]);
    sqlite3_close(c->db);
    for (int i = 0; i < REF_COUNT; i++) free(c->refs[i].base);
    while (c->chunks) {
        string_chunk *next = c->chunks->next;
        free(c->chunks);
        c->chunks = next;
    }
    for (size_t i = 0; i < c->n_blocks; i++) free(c->blocks[i]);
    free(c->blocks);
    free(c->index);
    free(c->uprices);
    free(c->offers);
    free(c->numbers);
    free(c->pci);
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
    if ((unsigned)cat >= DLRIG_CAT_COUNT) return 0;
    return ensure_full(c, cat)->n; /* callers count to walk the category */
}

/* Copies s lower-cased to d, with the characters the filter text uses as
 * separators ('\n', '\x1f') turned into spaces; returns the end. */
static char *text_put(char *d, const char *s)
{
    for (; s && *s; s++) {
        char ch = *s;
        if (ch >= 'A' && ch <= 'Z') ch = (char)(ch - 'A' + 'a');
        else if (ch == '\n' || ch == '\x1f') ch = ' ';
        *d++ = ch;
    }
    return d;
}

static size_t len_or_0(const char *s) { return s ? strlen(s) : 0; }

static void build_text(dlrig_catalog *c, dlrig_category cat)
{
    rows *r = &c->parts[cat];
    size_t total = 1;
    for (size_t i = 0; i < r->n; i++) {
        const dlrig_part *p = (const dlrig_part *)row_ptr(c, cat, i);
        total += len_or_0(p->id) + len_or_0(p->name) + len_or_0(p->vendor) + 3;
    }
    char *d = r->text = xmalloc(total);
    r->text_at = xcalloc(r->n + 1, sizeof *r->text_at);
    for (size_t i = 0; i < r->n; i++) {
        const dlrig_part *p = (const dlrig_part *)row_ptr(c, cat, i);
        r->text_at[i] = (size_t)(d - r->text);
        d = text_put(d, p->id);
        *d++ = '\x1f';
        d = text_put(d, p->name);
        *d++ = '\x1f';
        d = text_put(d, p->vendor);
        *d++ = '\n';
    }
    *d = '\0';
    r->text_len = r->text_at[r->n] = (size_t)(d - r->text);
}

#define FILTER_MAX_WORDS 16

size_t catalog_filter(const dlrig_catalog *cc, dlrig_category cat, const char *filter, const dlrig_part **out)
{
    if ((unsigned)cat >= DLRIG_CAT_COUNT) return 0;
    dlrig_catalog *c = (dlrig_catalog *)cc;
    const rows *r = ensure_full(c, cat);
    /* The words, lower-cased; a word with a separator in it matches nothing. */
    char buf[512];
    const char *words[FILTER_MAX_WORDS];
    size_t lens[FILTER_MAX_WORDS], nw = 0, longest = 0;
    snprintf(buf, sizeof buf, "%s", filter ? filter : "");
    for (char *w = buf; *w && nw < FILTER_MAX_WORDS;) {
        while (*w == ' ') w++;
        size_t n = 0;
        while (w[n] && w[n] != ' ') {
            if (w[n] >= 'A' && w[n] <= 'Z') w[n] = (char)(w[n] - 'A' + 'a');
            if (w[n] == '\n' || w[n] == '\x1f') return 0;
            n++;
        }
        if (n == 0) break;
        words[nw] = w;
        lens[nw] = n;
        if (n > lens[longest]) longest = nw;
        nw++;
        w += n;
        if (*w) *w++ = '\0';
    }
    if (nw == 0) {
        for (size_t i = 0; i < r->n; i++) out[i] = (const dlrig_part *)row_ptr(c, cat, i);
        return r->n;
    }
    /* Scan the whole text for the longest word; check the others on each row it hits. */
    size_t k = 0, pos = 0;
    const char *text = r->text;
    while (pos < r->text_len) {
        const char *hit = memmem(text + pos, r->text_len - pos, words[longest], lens[longest]);
        if (!hit) break;
        size_t at = (size_t)(hit - text), lo = 0, hi = r->n;
        while (hi - lo > 1) { /* the row whose text holds the hit */
            size_t mid = (lo + hi) / 2;
            if (r->text_at[mid] <= at) lo = mid;
            else hi = mid;
        }
        const char *row = text + r->text_at[lo];
        size_t row_len = r->text_at[lo + 1] - r->text_at[lo];
        bool all = true;
        for (size_t w = 0; w < nw && all; w++)
            if (w != longest && !memmem(row, row_len, words[w], lens[w])) all = false;
        if (all) out[k++] = (const dlrig_part *)row_ptr(c, cat, lo);
        pos = r->text_at[lo + 1];
    }
    return k;
}

const dlrig_part *catalog_part_at(const dlrig_catalog *c, dlrig_category cat, size_t i)
{
    if ((unsigned)cat >= DLRIG_CAT_COUNT) return NULL;
    const rows *r = ensure_full(c, cat);
    return i < r->n ? (const dlrig_part *)row_ptr(c, cat, i) : NULL;
}

#define ARRAY_GETTER(fn, type, cat)                                           \
    const type *fn(const dlrig_catalog *c, size_t *n)                         \
    {                                                                         \
        const rows *r = ensure_full(c, cat);                                  \
        if (n) *n = r->n;                                                     \
        return (const type *)r->base;                                        \
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
    const index_entry *e = index_lookup(c, id);
    return e ? ensure_row(c, e) : NULL;
}

/* Whether s (n bytes) equals t without regard to ASCII case. */
static bool same_text(const char *s, size_t n, const char *t)
{
    if (!t || strlen(t) != n) return false;
    for (size_t i = 0; i < n; i++)
        if (tolower((unsigned char)s[i]) != tolower((unsigned char)t[i])) return false;
    return true;
}

const dlrig_part *catalog_find_named(const dlrig_catalog *c, dlrig_category category, const char *text)
{
    if (!text) return NULL;
    const dlrig_part *p = catalog_find(c, text);
    if (p && p->category == category) return p;
    while (*text == ' ' || *text == '\t') text++;
    size_t n = strlen(text);
    while (n > 0 && (text[n - 1] == ' ' || text[n - 1] == '\t' || text[n - 1] == '\n')) n--;
    if (!n) return NULL;
    size_t count = catalog_count(c, category);
    for (size_t i = 0; i < count; i++) {
        const dlrig_part *q = catalog_part_at(c, category, i);
        if (same_text(text, n, q->name)) return q;
        size_t v = q->vendor ? strlen(q->vendor) : 0;
        if (v && n > v + 1 && text[v] == ' ' && same_text(text, v, q->vendor) && same_text(text + v + 1, n - v - 1, q->name))
            return q;
    }
    return NULL;
}

/* Inserts cand at distance d into the ranked list out/best of n entries (at
 * most max), after the entries at the same distance; returns the new count. */
static size_t suggest_insert(const char **out, int *best, size_t n, size_t max, const char *cand, int d)
{
    size_t pos = n;
    while (pos > 0 && best[pos - 1] > d) pos--;
    if (pos >= max) return n;
    size_t end = n < max ? n : max - 1;
    for (size_t k = end; k > pos; k--) {
        best[k] = best[k - 1];
        out[k] = out[k - 1];
    }
    best[pos] = d;
    out[pos] = cand;
    return n < max ? n + 1 : n;
}

size_t catalog_suggest(const dlrig_catalog *c, const char *id, const char **out, size_t max)
{
    if (!id || max == 0) return 0;
    int limit = (int)strlen(id) / 3 + 2;
    int best[8];
    size_t n = 0;
    if (max > 8) max = 8;
    ensure_index(c);
    for (size_t i = 0; i < c->n_index; i++) {
        const char *cand = c->index[i].id;
        int d = edit_distance(id, cand, limit);
        /* A typed fragment of a longer id ("rtx-4090") also counts as close. */
        if (d > limit && strstr(cand, id)) d = limit;
        if (d <= limit) n = suggest_insert(out, best, n, max, cand, d);
    }
    return n;
}

static const void *find_ref(const dlrig_catalog *c, int ref, const char *id)
{
    if (!id) return NULL;
    const rows *r = ensure_ref(c, ref);
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
    const rows *r = ensure_ref(c, REF_FRAMEWORK);
    if (n) *n = r->n;
    return (const dlrig_framework *)r->base;
}
const dlrig_workload *catalog_workloads(const dlrig_catalog *c, size_t *n)
{
    const rows *r = ensure_ref(c, REF_WORKLOAD);
    if (n) *n = r->n;
    return (const dlrig_workload *)r->base;
}
const dlrig_vram_guidance *catalog_vram_guidance(const dlrig_catalog *c, size_t *n)
{
    const rows *r = ensure_ref(c, REF_VRAM);
    if (n) *n = r->n;
    return (const dlrig_vram_guidance *)r->base;
}
const dlrig_circuit *catalog_circuits(const dlrig_catalog *c, size_t *n)
{
    const rows *r = ensure_ref(c, REF_CIRCUIT);
    if (n) *n = r->n;
    return (const dlrig_circuit *)r->base;
}

/* Ids in list order: by list_order, then id (rows are in id order). */
typedef struct ordered_id {
    const char *id;
    int order;
} ordered_id;

static int cmp_ordered(const void *x, const void *y)
{
    const ordered_id *a = x, *b = y;
    if (a->order != b->order) return a->order < b->order ? -1 : 1;
    return strcmp(a->id, b->id);
}

const char *const *catalog_ids(const dlrig_catalog *cc, dlrig_vocab_table t)
{
    static const char *const none[] = {NULL};
    dlrig_catalog *c = (dlrig_catalog *)cc;
    if ((unsigned)t >= DLRIG_VOCAB_TABLE_COUNT) return none;
    if (c->vocab[t]) return c->vocab[t];
    static const int ref_of[DLRIG_VOCAB_TABLE_COUNT] = {
        [DLRIG_VOCAB_FRAMEWORK] = REF_FRAMEWORK, [DLRIG_VOCAB_WORKLOAD] = REF_WORKLOAD,
        [DLRIG_VOCAB_CIRCUIT] = REF_CIRCUIT};
    int ref = ref_of[t];
    const rows *r = ensure_ref(c, ref);
    if (!r->full) return none; /* a failed read: asked again after the next open */
    const table_desc *d = &ref_tables[ref];
    ordered_id *o = xcalloc(r->n + 1, sizeof *o);
    for (size_t i = 0; i < r->n; i++) {
        const unsigned char *row = r->base + i * d->size;
        o[i].id = *(const char *const *)(row + d->fields[0].offset);
        o[i].order = ref == REF_WORKLOAD   ? ((const dlrig_workload *)row)->list_order
                     : ref == REF_CIRCUIT ? ((const dlrig_circuit *)row)->list_order
                                          : 0;
    }
    qsort(o, r->n, sizeof *o, cmp_ordered);
    const char **ids = own_block(c, (r->n + 1) * sizeof *ids);
    for (size_t i = 0; i < r->n; i++) ids[i] = o[i].id;
    ids[r->n] = NULL;
    free(o);
    c->vocab[t] = ids;
    return ids;
}

bool catalog_has_id(const dlrig_catalog *c, dlrig_vocab_table t, const char *id)
{
    switch (t) {
    case DLRIG_VOCAB_FRAMEWORK: return catalog_framework(c, id) != NULL;
    case DLRIG_VOCAB_WORKLOAD: return catalog_workload(c, id) != NULL;
    case DLRIG_VOCAB_CIRCUIT: return catalog_circuit(c, id) != NULL;
    default: return false;
    }
}

const dlrig_workload *catalog_default_workload(const dlrig_catalog *c)
{
    size_t n;
    const dlrig_workload *w = catalog_workloads(c, &n);
    for (size_t i = 0; i < n; i++)
        if (w[i].is_default) return &w[i];
    const char *const *ids = catalog_ids(c, DLRIG_VOCAB_WORKLOAD);
    return ids[0] ? catalog_workload(c, ids[0]) : NULL;
}

/* ------------------------------------------------------------ cloud rates */

const dlrig_cloud_rate *catalog_cloud_rates(const dlrig_catalog *c, size_t *n)
{
    const rows *r = ensure_ref(c, REF_CLOUD_RATE);
    if (n) *n = r->n;
    return (const dlrig_cloud_rate *)r->base;
}

/* ------------------------------------------------------------ ML models */

const dlrig_model *catalog_models(const dlrig_catalog *c, size_t *n)
{
    const rows *r = ensure_ref(c, REF_MODEL);
    if (n) *n = r->n;
    return (const dlrig_model *)r->base;
}

const dlrig_model_alias *catalog_model_aliases(const dlrig_catalog *c, size_t *n)
{
    const rows *r = ensure_ref(c, REF_MODEL_ALIAS);
    if (n) *n = r->n;
    return (const dlrig_model_alias *)r->base;
}

const dlrig_field *model_fields(size_t *n)
{
    if (n) *n = N(model_field_list);
    return model_field_list;
}

/* name without surrounding blanks, in ASCII lower case, into key (n bytes);
 * false when nothing is left or it does not fit. */
static bool model_key(const char *name, char *key, size_t n)
{
    while (*name == ' ' || *name == '\t') name++;
    size_t len = strlen(name);
    while (len > 0 && (name[len - 1] == ' ' || name[len - 1] == '\t' || name[len - 1] == '\n')) len--;
    if (len == 0 || len >= n) return false;
    for (size_t i = 0; i < len; i++) {
        char ch = name[i];
        key[i] = (ch >= 'A' && ch <= 'Z') ? (char)(ch - 'A' + 'a') : ch;
    }
    key[len] = '\0';
    return true;
}

/* ASCII case-insensitive equality of s and a lower-case key. */
static bool eq_key(const char *s, const char *key)
{
    if (!s) return false;
    for (; *s && *key; s++, key++) {
        char ch = *s;
        if (ch >= 'A' && ch <= 'Z') ch = (char)(ch - 'A' + 'a');
        if (ch != *key) return false;
    }
    return *s == '\0' && *key == '\0';
}

static const dlrig_model *model_match(const dlrig_catalog *c, const char *key)
{
    const dlrig_model *m = find_ref(c, REF_MODEL, key);
    if (m) return m;
    const dlrig_model_alias *a = find_ref(c, REF_MODEL_ALIAS, key);
    if (a) return find_ref(c, REF_MODEL, a->model_id);
    size_t n;
    const dlrig_model *all = catalog_models(c, &n);
    for (size_t i = 0; i < n; i++)
        if (eq_key(all[i].name, key) || eq_key(all[i].hf_repo, key)) return &all[i];
    return NULL;
}

const dlrig_model *catalog_model_find(const dlrig_catalog *c, const char *name)
{
    char key[256];
    if (!name || !model_key(name, key, sizeof key)) return NULL;
    const dlrig_model *m = model_match(c, key);
    if (m) return m;
    const char *slash = strrchr(key, '/');
    return slash && slash[1] ? model_match(c, slash + 1) : NULL;
}

size_t catalog_model_suggest(const dlrig_catalog *c, const char *name, const char **out, size_t max)
{
    char buf[256];
    if (!name || max == 0 || !model_key(name, buf, sizeof buf)) return 0;
    const char *slash = strrchr(buf, '/');
    const char *key = slash && slash[1] ? slash + 1 : buf;
    int limit = (int)strlen(key) / 3 + 2;
    if (max > 8) max = 8;
    int best[8];
    size_t n = 0, nm, na;
    const dlrig_model *models = catalog_models(c, &nm);
    const dlrig_model_alias *aliases = catalog_model_aliases(c, &na);
    for (size_t i = 0; i < nm + na; i++) {
        const char *cand = i < nm ? models[i].id : aliases[i - nm].alias;
        int d = edit_distance(key, cand, limit);
        /* a fragment of a longer name, or a longer name around a known one ("...-instruct-2507") */
        if (d > limit && (strstr(cand, key) || (strlen(cand) >= 6 && strstr(key, cand)))) d = limit;
        if (d <= limit) n = suggest_insert(out, best, n, max, cand, d);
    }
    return n;
}

/* Whether the lower-case word w occurs in s, ignoring the case of s. */
static bool has_word(const char *s, const char *w)
{
    if (!s) return false;
    size_t n = strlen(w);
    for (; *s; s++) {
        size_t i = 0;
        while (i < n && s[i]) {
            char ch = s[i];
            if (ch >= 'A' && ch <= 'Z') ch = (char)(ch - 'A' + 'a');
            if (ch != w[i]) break;
            i++;
        }
        if (i == n) return true;
    }
    return false;
}

size_t catalog_model_filter(const dlrig_catalog *c, const char *filter, const dlrig_model **out)
{
    size_t nm, na;
    const dlrig_model *m = catalog_models(c, &nm);
    const dlrig_model_alias *a = catalog_model_aliases(c, &na);
    char buf[256];
    const char *words[FILTER_MAX_WORDS];
    size_t nw = 0;
    snprintf(buf, sizeof buf, "%s", filter ? filter : "");
    for (char *w = buf; *w && nw < FILTER_MAX_WORDS;) {
        while (*w == ' ' || *w == '\t') w++;
        if (!*w) break;
        words[nw++] = w;
        while (*w && *w != ' ' && *w != '\t') {
            if (*w >= 'A' && *w <= 'Z') *w = (char)(*w - 'A' + 'a');
            w++;
        }
        if (*w) *w++ = '\0';
    }
    size_t k = 0;
    for (size_t i = 0; i < nm; i++) {
        bool all = true;
        for (size_t j = 0; j < nw && all; j++) {
            const char *w = words[j];
            bool hit = has_word(m[i].id, w) || has_word(m[i].name, w) || has_word(m[i].family, w) ||
                       has_word(m[i].kind, w) || has_word(m[i].hf_repo, w);
            for (size_t x = 0; x < na && !hit; x++)
                hit = strcmp(a[x].model_id, m[i].id) == 0 && has_word(a[x].alias, w);
            all = hit;
        }
        if (all) out[k++] = &m[i];
    }
    return k;
}

size_t catalog_model_alias_list(const dlrig_catalog *c, const char *id, const char **out, size_t max)
{
    size_t na, k = 0;
    const dlrig_model_alias *a = catalog_model_aliases(c, &na);
    for (size_t i = 0; id && i < na; i++) {
        if (strcmp(a[i].model_id, id) != 0) continue;
        if (k < max) out[k] = a[i].alias;
        k++;
    }
    return k;
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
    price_part(c, p);
    if (isnan(price_usd)) return;
    p->new_price = (dlrig_price){.usd = price_usd,
                                 .market = vendor ? own_string(c, (const unsigned char *)vendor) : NULL,
                                 .condition = DLRIG_CONDITION_NEW,
                                 .user_list = true};
    p->price_usd = price_usd;
}

/* ------------------------------------------------------------ price offers */

static int cmp_offer(const void *x, const void *y)
{
    const dlrig_offer *a = x, *b = y;
    int k = strcmp(a->part_id, b->part_id);
    if (k) return k;
    if (a->price_usd != b->price_usd) return a->price_usd < b->price_usd ? -1 : 1;
    k = strcmp(a->price_date, b->price_date);
    return k ? -k : strcmp(a->market, b->market); /* newest first among equal prices */
}

/* Whether the catalog file has a table of that name (a file made before
 * the table existed has not). */
static bool has_table(dlrig_catalog *c, const char *name)
{
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(c->db, "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?1", -1, &st,
                           NULL) != SQLITE_OK) {
        catalog_fail(c, name);
        return false;
    }
    sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
    bool have = step_row(c, st, name) && sqlite3_column_int(st, 0) > 0;
    sqlite3_finalize(st);
    return have;
}

/* Reads the price_offer table once (a catalog file made before offers
 * existed has none). */
static void ensure_offers(const dlrig_catalog *cc)
{
    dlrig_catalog *c = (dlrig_catalog *)cc;
    if (c->offers_loaded) return;
    c->offers_loaded = true;
    sqlite3_stmt *st;
    if (!has_table(c, "price_offer")) return;
    if (sqlite3_prepare_v2(c->db,
                           "SELECT part_id, condition, price_usd, price_date, market, source, note FROM price_offer "
                           "WHERE price_usd > 0",
                           -1, &st, NULL) != SQLITE_OK) {
        catalog_fail(c, "price_offer");
        return;
    }
    size_t cap = 0;
    while (step_row(c, st, "price_offer")) {
        if (c->n_offers == cap) {
            cap = cap ? cap * 2 : 64;
            c->offers = xrealloc(c->offers, cap * sizeof *c->offers);
        }
        dlrig_offer *o = &c->offers[c->n_offers];
        o->part_id = own_string(c, sqlite3_column_text(st, 0));
        o->condition = own_string(c, sqlite3_column_text(st, 1));
        o->condition_kind = vocab_decode(dlrig_condition_names, DLRIG_CONDITION_COUNT, o->condition);
        o->price_usd = sqlite3_column_double(st, 2);
        o->price_date = own_string(c, sqlite3_column_text(st, 3));
        o->market = own_string(c, sqlite3_column_text(st, 4));
        o->source = own_string(c, sqlite3_column_text(st, 5));
        o->note = own_string(c, sqlite3_column_text(st, 6));
        if (!o->part_id || !o->condition || !o->price_date || !o->market || !o->source || !isfinite(o->price_usd))
            continue; /* a malformed row in a foreign catalog file prices nothing */
        c->n_offers++;
    }
    sqlite3_finalize(st);
    if (c->n_offers) qsort(c->offers, c->n_offers, sizeof *c->offers, cmp_offer);
}

const dlrig_offer *catalog_offers(const dlrig_catalog *c, const char *id, size_t *n)
{
    ensure_offers(c);
    if (!id) {
        *n = c->n_offers;
        return c->n_offers ? c->offers : NULL;
    }
    size_t lo = 0, hi = c->n_offers;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (strcmp(c->offers[mid].part_id, id) < 0) lo = mid + 1;
        else hi = mid;
    }
    size_t end = lo;
    while (end < c->n_offers && strcmp(c->offers[end].part_id, id) == 0) end++;
    *n = end - lo;
    return *n ? &c->offers[lo] : NULL;
}

static int cmp_number(const void *x, const void *y)
{
    const dlrig_part_number *a = x, *b = y;
    int k = strcmp(a->key, b->key);
    return k ? k : strcmp(a->part_id, b->part_id);
}

/* Reads the part_number table once (a catalog file made before it existed
 * has none).  A row naming no catalog part is left out. */
static void ensure_numbers(const dlrig_catalog *cc)
{
    dlrig_catalog *c = (dlrig_catalog *)cc;
    if (c->numbers_loaded) return;
    c->numbers_loaded = true;
    if (!has_table(c, "part_number")) return;
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(c->db, "SELECT mpn, part_id, units FROM part_number ORDER BY rowid", -1, &st, NULL) != SQLITE_OK) {
        catalog_fail(c, "part_number");
        return;
    }
    size_t cap = 0;
    while (step_row(c, st, "part_number")) {
        const unsigned char *mpn = sqlite3_column_text(st, 0), *id = sqlite3_column_text(st, 1);
        int units = sqlite3_column_int(st, 2);
        const dlrig_part *p = id ? catalog_find(c, (const char *)id) : NULL;
        char key[DLRIG_MPN_KEY_MAX];
        if (!mpn || !p || units < 1 || units > 64 || !part_number_key((const char *)mpn, key, sizeof key)) continue;
        if (c->n_numbers == cap) c->numbers = xrealloc(c->numbers, (cap = cap ? cap * 2 : 64) * sizeof *c->numbers);
        dlrig_part_number *n = &c->numbers[c->n_numbers++];
        n->mpn = own_string(c, mpn);
        n->key = own_string(c, (const unsigned char *)key);
        n->part_id = p->id;
        n->units = units;
        n->seq = (int)(c->n_numbers - 1);
    }
    sqlite3_finalize(st);
    if (c->n_numbers) qsort(c->numbers, c->n_numbers, sizeof *c->numbers, cmp_number);
}

bool part_number_key(const char *mpn, char *out, size_t len)
{
    size_t k = 0;
    for (const unsigned char *p = (const unsigned char *)mpn; *p; p++) {
        if (*p == ' ' || *p == '-' || *p == '_' || *p == '.' || *p == '\t') continue;
        if (*p >= 0x80 || *p < 0x20) return false;
        if (k + 1 >= len) return false;
        out[k++] = (char)toupper(*p);
    }
    out[k] = '\0';
    return k >= 3;
}

const dlrig_part_number *catalog_part_numbers(const dlrig_catalog *c, const char *mpn, size_t *n)
{
    ensure_numbers(c);
    *n = 0;
    if (!mpn) {
        *n = c->n_numbers;
        return c->n_numbers ? c->numbers : NULL;
    }
    char key[DLRIG_MPN_KEY_MAX];
    if (!part_number_key(mpn, key, sizeof key)) return NULL;
    size_t lo = 0, hi = c->n_numbers;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (strcmp(c->numbers[mid].key, key) < 0) lo = mid + 1;
        else hi = mid;
    }
    size_t end = lo;
    while (end < c->n_numbers && strcmp(c->numbers[end].key, key) == 0) end++;
    *n = end - lo;
    return *n ? &c->numbers[lo] : NULL;
}

const dlrig_part_number *catalog_part_numbers_like(const dlrig_catalog *c, const char *mpn, unsigned how, size_t *n)
{
    const dlrig_part_number *m = catalog_part_numbers(c, mpn, n);
    if (m || !mpn) return m;
    const char *slash = (how & DLRIG_MPN_REGION) ? strchr(mpn, '/') : NULL;
    char head[DLRIG_MPN_KEY_MAX];
    if (slash && slash != mpn && (size_t)(slash - mpn) < sizeof head) {
        snprintf(head, sizeof head, "%.*s", (int)(slash - mpn), mpn);
        if ((m = catalog_part_numbers(c, head, n))) return m;
    }
    char key[DLRIG_MPN_KEY_MAX];
    if (!(how & DLRIG_MPN_RUN_ON) || !part_number_key(mpn, key, sizeof key)) return NULL;
    size_t kl = strlen(key);
    for (size_t cut = 1; cut <= 3 && kl - cut >= 8; cut++) {
        if (!isalpha((unsigned char)key[kl - cut])) break;
        key[kl - cut] = '\0';
        if ((m = catalog_part_numbers(c, key, n))) return m;
    }
    return NULL;
}

const dlrig_part_number *catalog_part_number_of(const dlrig_catalog *c, const char *id)
{
    ensure_numbers(c);
    const dlrig_part_number *best = NULL;
    if (!id) return NULL;
    for (size_t i = 0; i < c->n_numbers; i++) /* a few hundred rows, a dozen lines a quote */
        if (strcmp(c->numbers[i].part_id, id) == 0 && (!best || c->numbers[i].seq < best->seq)) best = &c->numbers[i];
    return best;
}

/* ------------------------------------------------------------ PCI ids */

/* A 4-digit (or, for a revision, 2-digit) lower-case hexadecimal id of the
 * part_pci table, or -1 (NULL, or not such a text). */
static int hex_id(const unsigned char *s, size_t digits)
{
    if (!s || strlen((const char *)s) != digits) return -1;
    int v = 0;
    for (size_t i = 0; i < digits; i++) {
        int d = s[i] >= '0' && s[i] <= '9' ? s[i] - '0' : s[i] >= 'a' && s[i] <= 'f' ? s[i] - 'a' + 10 : -1;
        if (d < 0) return -1;
        v = v * 16 + d;
    }
    return v;
}

static int cmp_pci(const void *x, const void *y)
{
    const dlrig_part_pci *a = x, *b = y;
    if (a->vendor != b->vendor) return a->vendor < b->vendor ? -1 : 1;
    if (a->device != b->device) return a->device < b->device ? -1 : 1;
    return a->seq - b->seq;
}

/* Reads the part_pci table once (a catalog file made before schema 12 has
 * none).  A row naming no catalog part, or with an id that is not
 * hexadecimal, is left out. */
static void ensure_pci(const dlrig_catalog *cc)
{
    dlrig_catalog *c = (dlrig_catalog *)cc;
    if (c->pci_loaded) return;
    c->pci_loaded = true;
    if (!has_table(c, "part_pci")) return;
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(c->db,
                           "SELECT part_id, vendor_id, device_id, subsys_vendor_id, subsys_device_id, revision, "
                           "other_memory, source FROM part_pci ORDER BY rowid",
                           -1, &st, NULL) != SQLITE_OK) {
        catalog_fail(c, "part_pci");
        return;
    }
    size_t cap = 0;
    while (step_row(c, st, "part_pci")) {
        const unsigned char *id = sqlite3_column_text(st, 0);
        const dlrig_part *p = id ? catalog_find(c, (const char *)id) : NULL;
        int v = hex_id(sqlite3_column_text(st, 1), 4), d = hex_id(sqlite3_column_text(st, 2), 4);
        bool has_sub = sqlite3_column_type(st, 3) != SQLITE_NULL, has_rev = sqlite3_column_type(st, 5) != SQLITE_NULL;
        int sv = has_sub ? hex_id(sqlite3_column_text(st, 3), 4) : -1;
        int sd = has_sub ? hex_id(sqlite3_column_text(st, 4), 4) : -1;
        int rev = has_rev ? hex_id(sqlite3_column_text(st, 5), 2) : -1;
        if (!p || v < 0 || d < 0 || (has_sub && (sv < 0 || sd < 0)) || (has_rev && rev < 0)) continue;
        if (c->n_pci == cap) c->pci = xrealloc(c->pci, (cap = cap ? cap * 2 : 64) * sizeof *c->pci);
        c->pci[c->n_pci] = (dlrig_part_pci){.part = p,
                                            .vendor = v,
                                            .device = d,
                                            .subsys_vendor = sv,
                                            .subsys_device = sd,
                                            .revision = rev,
                                            .other_memory = sqlite3_column_int(st, 6) != 0,
                                            .source = own_string(c, sqlite3_column_text(st, 7)),
                                            .seq = (int)c->n_pci};
        c->n_pci++;
    }
    sqlite3_finalize(st);
    if (c->n_pci) qsort(c->pci, c->n_pci, sizeof *c->pci, cmp_pci);
}

const dlrig_part_pci *catalog_part_pci(const dlrig_catalog *c, int vendor, int device, size_t *n)
{
    ensure_pci(c);
    *n = 0;
    if (vendor < 0) {
        *n = c->n_pci;
        return c->n_pci ? c->pci : NULL;
    }
    size_t lo = 0, hi = c->n_pci;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        const dlrig_part_pci *m = &c->pci[mid];
        if (m->vendor < vendor || (m->vendor == vendor && m->device < device)) lo = mid + 1;
        else hi = mid;
    }
    size_t end = lo;
    while (end < c->n_pci && c->pci[end].vendor == vendor && c->pci[end].device == device) end++;
    *n = end - lo;
    return *n ? &c->pci[lo] : NULL;
}

/* The source id a part's note gives for its row's price (the first word
 * after "Price" that names a catalog source), else the row's source. */
static const char *row_price_source(const dlrig_catalog *c, const dlrig_part *p)
{
    const char *s = p->note ? strstr(p->note, "Price") : NULL;
    char id[96];
    while (s && *s) {
        s += strcspn(s, "abcdefghijklmnopqrstuvwxyz0123456789");
        size_t n = strspn(s, "abcdefghijklmnopqrstuvwxyz0123456789-");
        if (!n) break;
        if (n < sizeof id && memchr(s, '-', n)) {
            snprintf(id, sizeof id, "%.*s", (int)n, s);
            const dlrig_source *src = catalog_source(c, id);
            if (src) return src->id;
        }
        s += n;
    }
    return p->source;
}

/* Picks a part's new and second-hand prices (price.h's policy) from its
 * row, the catalog's offers and the applied user price lists. */
static void price_part(dlrig_catalog *c, dlrig_part *p)
{
    size_t n_off, n_user;
    const dlrig_offer *o = catalog_offers(c, p->id, &n_off);
    const dlrig_price_row *u = catalog_user_prices(c, p->id, &n_user);
    size_t cap = 1 + n_off + n_user;
    dlrig_price local[64], *obs = cap <= 64 ? local : xcalloc(cap, sizeof *obs);
    size_t n_new = 0;
    obs[n_new++] = (dlrig_price){.usd = p->catalog_price_usd,
                                 .date = p->price_date,
                                 .source = row_price_source(c, p),
                                 .condition = DLRIG_CONDITION_NEW};
    for (size_t i = 0; i < n_user; i++)
        obs[n_new++] = (dlrig_price){.usd = u[i].price_usd,
                                     .date = u[i].date,
                                     .market = u[i].vendor,
                                     .source = u[i].source,
                                     .condition = DLRIG_CONDITION_NEW,
                                     .user_list = true};
    for (size_t i = 0; i < n_off; i++)
        if (o[i].condition_kind == DLRIG_CONDITION_NEW)
            obs[n_new++] = (dlrig_price){.usd = o[i].price_usd,
                                         .date = o[i].price_date,
                                         .market = o[i].market,
                                         .source = o[i].source,
                                         .condition = DLRIG_CONDITION_NEW};
    p->new_price = price_pick(obs, n_new);
    size_t n_used = 0;
    for (size_t i = 0; i < n_off; i++)
        if (o[i].condition_kind == DLRIG_CONDITION_USED || o[i].condition_kind == DLRIG_CONDITION_REFURBISHED)
            obs[n_used++] = (dlrig_price){.usd = o[i].price_usd,
                                          .date = o[i].price_date,
                                          .market = o[i].market,
                                          .source = o[i].source,
                                          .condition = o[i].condition_kind};
    p->used_price = price_pick(obs, n_used);
    p->price_usd = p->new_price.usd;
    if (obs != local) free(obs);
}

dlrig_price part_price(const dlrig_part *p, bool allow_used)
{
    if (!p) return price_none();
    if (allow_used && price_known(&p->used_price) &&
        (!price_known(&p->new_price) || p->used_price.usd < p->new_price.usd))
        return p->used_price;
    return p->new_price;
}

double part_price_usd(const dlrig_part *p, bool allow_used)
{
    dlrig_price pr = part_price(p, allow_used);
    return price_known(&pr) ? pr.usd : NAN;
}

const char *part_price_vendor(const dlrig_part *p)
{
    return p && p->new_price.user_list ? p->new_price.market : NULL;
}

const char *price_label(const dlrig_price *pr, char *buf, size_t len)
{
    if (!pr || pr->condition == DLRIG_CONDITION_NEW || pr->condition == DLRIG_CONDITION_UNKNOWN) return NULL;
    snprintf(buf, len, "%s, %s %s", dlrig_condition_names[pr->condition], pr->market ? pr->market : "market",
             pr->date ? pr->date : "undated");
    return buf;
}

bool framework_supports(const dlrig_framework *fw, const dlrig_arch *a)
{
    switch (a->platform_kind) {
    case DLRIG_PLATFORM_ROCM: return fw->rocm;
    case DLRIG_PLATFORM_XPU: return fw->xpu;
    default: return fw->cuda;
    }
}

const char *platform_title(const dlrig_arch *a)
{
    switch (a->platform_kind) {
    case DLRIG_PLATFORM_ROCM: return "AMD ROCm";
    case DLRIG_PLATFORM_XPU: return "Intel oneAPI (XPU)";
    default: return "NVIDIA CUDA";
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

/* Picks every loaded part's prices again (after the user's lists changed). */
static void price_loaded_parts(dlrig_catalog *c)
{
    for (size_t i = 0; i < c->n_index; i++) {
        const index_entry *e = &c->index[i];
        if (c->parts[e->cat].have[e->row]) price_part(c, (dlrig_part *)row_ptr(c, e->cat, e->row));
    }
}

int catalog_apply_user_prices(dlrig_catalog *c, const char *path, char *err, size_t errlen)
{
    dlrig_price_row *pr;
    size_t n;
    if (catalog_user_prices_read(path, &pr, &n, err, errlen)) return DLRIG_CATALOG_EIO;
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        if (catalog_find(c, pr[i].part_id)) pr[k++] = pr[i];
    free(c->uprices);
    c->uprices = pr;
    c->n_uprices = k;
    price_loaded_parts(c);
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
