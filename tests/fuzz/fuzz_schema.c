/*
 * fuzz_schema.c — an untrusted catalog file (--catalog) of any *shape*:
 * byte mutations of a catalog image (fuzz_catalog) rarely get past its page
 * checksums and never make a view, a generated column or a WAL file, so
 * here the input is a short program of schema and row edits applied with
 * SQLite to the shipped catalog (or a copy of it without its constraints,
 * as a hand-made file may be), and the result is opened by catalog_open.
 *
 * Each edit is four bytes, [op, table, column, value], some followed by
 * bytes of their own: a table replaced by a view (of its columns, one of
 * them computed: NULL, huge numbers, control characters, a query without
 * end), a column made generated, a trigger, a virtual table, rows updated
 * with listed values or with the input's own bytes as text, blob or number,
 * rows duplicated or deleted, a table renamed away, the file put in WAL mode
 * with the following edits left in its -wal file, the schema version set.
 *
 * Properties: the open ends (libFuzzer's -timeout catches a hang); a refused
 * file has a message; an accepted one has no view, trigger, generated or
 * hidden column where a dlrig table is, every part has an id of a-z 0-9 . _ -
 * (at most 64) and showable names, and a build checks, places and estimates
 * on it without a crash.
 */
#include <errno.h>
#include <math.h>
#include <sqlite3.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "dlrig/build.h"
#include "dlrig/perf.h"
#include "dlrig/rules.h"
#include "dlrig/util.h"
#include "fuzz.h"

extern const unsigned char dlrig_catalog_image[];
extern const size_t dlrig_catalog_image_size;

static const char build_doc[] =
    "{\"format\":\"dlrig-build\",\"version\":1,\"name\":\"f\",\"requirements\":{\"workload\":\"cnn\"},\"parts\":["
    "{\"id\":\"nvidia-rtx-5000-ada\",\"qty\":4},{\"id\":\"amd-threadripper-7960x\",\"qty\":1},"
    "{\"id\":\"gigabyte-trx50-aero-d\",\"qty\":1},{\"id\":\"kingston-ksm48r40bd8-32md-4x\",\"qty\":1},"
    "{\"id\":\"samsung-990-pro-4tb\",\"qty\":2},{\"id\":\"bequiet-dark-power-pro-13-1600w\",\"qty\":1},"
    "{\"id\":\"fractal-define-7\",\"qty\":1},{\"id\":\"silverstone-xe360-tr5\",\"qty\":1}]}";

/* Values an edit writes into a row, or computes in a view's column. */
static const char *const values[] = {
    "NULL", "''", "-1", "0", "1e300", "-1e300", "'x'", "char(27) || ']0;t' || char(7)", "CAST(X'FFFE41' AS TEXT)",
    "printf('%.*c', 100000, 'x')", "char(8238) || 'evil'", "'a`b<c>'", "9223372036854775807", "X'00'",
    "'nvidia-rtx-5000-ada'", "'NVIDIA-RTX'", "2147483647", "0.5",
};
/* Only in a view: read at every statement that names the table. */
static const char *const view_values[] = {
    "(WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT max(x) FROM c)",
    "(SELECT count(*) FROM sqlite_schema a, sqlite_schema b, sqlite_schema c)",
};
#define N_VALUES (sizeof values / sizeof values[0])
#define N_VIEW_VALUES (sizeof view_values / sizeof view_values[0])

enum { OP_VIEW, OP_GENERATED, OP_TRIGGER, OP_UPDATE, OP_UPDATE_BYTES, OP_WAL, OP_RENAME, OP_DELETE,
       OP_DUPLICATE, OP_VIRTUAL, OP_ADD_GENERATED, OP_UPDATE_NUMBER, OP_VERSION, OP_COUNT };

static char base_loose[64], base_strict[64], work[64];
static char *tables[64];
static size_t n_tables;

/* Runs sql on db, ignoring failures (an edit the file refuses is no edit). */
static void exec(sqlite3 *db, const char *sql) { sqlite3_exec(db, sql, NULL, NULL, NULL); }

static void setup(void)
{
    pid_t pid = getpid();
    snprintf(base_loose, sizeof base_loose, "/tmp/dlrig-fuzz-schema-%ld-loose.db", (long)pid);
    snprintf(base_strict, sizeof base_strict, "/tmp/dlrig-fuzz-schema-%ld-strict.db", (long)pid);
    snprintf(work, sizeof work, "/tmp/dlrig-fuzz-schema-%ld.db", (long)pid);
    setenv("XDG_CACHE_HOME", "/dev/null/no-cache", 1); /* nothing remembered between inputs */
    unlink(base_strict);
    FUZZ_CHECK(write_file_atomic(base_strict, dlrig_catalog_image, dlrig_catalog_image_size, true) == 0,
               "cannot write %s", base_strict);
    /* the same rows in tables without constraints, and the views */
    unlink(base_loose);
    sqlite3 *db;
    FUZZ_CHECK(sqlite3_open(base_loose, &db) == SQLITE_OK, "cannot create %s", base_loose);
    char *att = sqlite3_mprintf("ATTACH %Q AS cat", base_strict);
    exec(db, att);
    sqlite3_free(att);
    sqlite3_stmt *st;
    FUZZ_CHECK(sqlite3_prepare_v2(db, "SELECT name FROM cat.sqlite_schema WHERE type = 'table' AND name NOT LIKE "
                                      "'sqlite_%' ORDER BY rowid", -1, &st, NULL) == SQLITE_OK, "schema");
    while (sqlite3_step(st) == SQLITE_ROW && n_tables < 64)
        tables[n_tables++] = xstrdup((const char *)sqlite3_column_text(st, 0));
    sqlite3_finalize(st);
    for (size_t i = 0; i < n_tables; i++) {
        char *sql = sqlite3_mprintf("CREATE TABLE main.\"%w\" AS SELECT * FROM cat.\"%w\"", tables[i], tables[i]);
        exec(db, sql);
        sqlite3_free(sql);
    }
    if (sqlite3_prepare_v2(db, "SELECT sql FROM cat.sqlite_schema WHERE type = 'view'", -1, &st, NULL) == SQLITE_OK) {
        while (sqlite3_step(st) == SQLITE_ROW) exec(db, (const char *)sqlite3_column_text(st, 0));
        sqlite3_finalize(st);
    }
    char *ver = sqlite3_mprintf("PRAGMA main.user_version = %d", DLRIG_SCHEMA_VERSION);
    exec(db, ver);
    sqlite3_free(ver);
    exec(db, "DETACH cat");
    sqlite3_close(db);
}

/* A copy of a base file, kept in memory after the first read (no fsync: a
 * scratch file). */
static void copy_file(const char *from, const char *to)
{
    static char *data[2];
    static size_t len[2];
    int k = from == base_strict;
    if (!data[k]) {
        data[k] = read_file_limit(from, 64u << 20, &len[k]);
        FUZZ_CHECK(data[k] != NULL, "cannot read %s", from);
    }
    FILE *f = fopen(to, "wb");
    FUZZ_CHECK(f && fwrite(data[k], 1, len[k], f) == len[k] && fclose(f) == 0, "cannot write %s", to);
}

static void remove_work(void)
{
    unlink(work);
    char side[80];
    static const char *const ext[] = {"-wal", "-shm", "-journal"};
    for (int i = 0; i < 3; i++) {
        snprintf(side, sizeof side, "%s%s", work, ext[i]);
        unlink(side);
    }
}

/* The columns of table t as a list, column c replaced by `expr AS c`. */
static char *columns_but(sqlite3 *db, const char *t, unsigned c, const char *expr)
{
    sqlite3_stmt *st;
    strbuf b = {0};
    char *q = sqlite3_mprintf("SELECT name FROM pragma_table_info(%Q)", t);
    if (sqlite3_prepare_v2(db, q, -1, &st, NULL) == SQLITE_OK) {
        int n = 0;
        while (sqlite3_step(st) == SQLITE_ROW) n++;
        sqlite3_reset(st);
        for (int i = 0; sqlite3_step(st) == SQLITE_ROW; i++) {
            const char *name = (const char *)sqlite3_column_text(st, 0);
            char *one = n && (unsigned)i == c % (unsigned)n ? sqlite3_mprintf("%s AS \"%w\"", expr, name)
                                                             : sqlite3_mprintf("\"%w\"", name);
            sb_printf(&b, "%s%s", b.len ? ", " : "", one);
            sqlite3_free(one);
        }
        sqlite3_finalize(st);
    }
    sqlite3_free(q);
    return b.len ? sb_take(&b) : (sb_free(&b), NULL);
}

/* The name of column c (mod their count) of table t, or NULL; caller frees. */
static char *column_name(sqlite3 *db, const char *t, unsigned c, char **type)
{
    sqlite3_stmt *st;
    char *out = NULL;
    char *q = sqlite3_mprintf("SELECT name, type FROM pragma_table_info(%Q)", t);
    if (sqlite3_prepare_v2(db, q, -1, &st, NULL) == SQLITE_OK) {
        int n = 0;
        while (sqlite3_step(st) == SQLITE_ROW) n++;
        sqlite3_reset(st);
        for (int i = 0; n && sqlite3_step(st) == SQLITE_ROW; i++)
            if ((unsigned)i == c % (unsigned)n) {
                out = xstrdup((const char *)sqlite3_column_text(st, 0));
                if (type) *type = xstrdup(sqlite3_column_text(st, 1) ? (const char *)sqlite3_column_text(st, 1) : "");
                break;
            }
        sqlite3_finalize(st);
    }
    sqlite3_free(q);
    return out;
}

/* Applies the edits in data to the work file. */
static void edit(const uint8_t *data, size_t size)
{
    sqlite3 *db;
    FUZZ_CHECK(sqlite3_open(work, &db) == SQLITE_OK, "cannot open %s", work);
    exec(db, "PRAGMA synchronous = OFF; PRAGMA journal_mode = MEMORY"); /* a scratch file */
    for (int edits = 0; size >= 4 && edits < 8; edits++) {
        unsigned op = data[0] % OP_COUNT, c = data[2], v = data[3];
        const char *t = tables[data[1] % n_tables];
        data += 4;
        size -= 4;
        char *sql = NULL, *col = NULL, *type = NULL;
        switch (op) {
        case OP_VIEW: {
            const char *expr = v & 0x80 ? view_values[v % N_VIEW_VALUES] : values[v % N_VALUES];
            char *cols = columns_but(db, t, c, expr);
            if (cols)
                sql = sqlite3_mprintf("ALTER TABLE \"%w\" RENAME TO \"%w_real\"; CREATE VIEW \"%w\" AS SELECT %s FROM "
                                      "\"%w_real\"", t, t, t, cols, t);
            free(cols);
            break;
        }
        case OP_GENERATED:
            if ((col = column_name(db, t, c, &type)))
                sql = sqlite3_mprintf("ALTER TABLE \"%w\" DROP COLUMN \"%w\"; ALTER TABLE \"%w\" ADD COLUMN \"%w\" %s "
                                      "GENERATED ALWAYS AS (%s) VIRTUAL", t, col, t, col, type, values[v % N_VALUES]);
            break;
        case OP_TRIGGER:
            sql = sqlite3_mprintf("CREATE TRIGGER \"trg%u\" AFTER INSERT ON \"%w\" BEGIN SELECT 1; END", v, t);
            break;
        case OP_UPDATE:
            if ((col = column_name(db, t, c, NULL)))
                sql = sqlite3_mprintf("UPDATE \"%w\" SET \"%w\" = %s WHERE rowid = (SELECT min(rowid) FROM \"%w\") + "
                                      "%u", t, col, values[v % N_VALUES], t, (unsigned)(v / N_VALUES % 8));
            break;
        case OP_UPDATE_BYTES:
        case OP_UPDATE_NUMBER: {
            size_t len = op == OP_UPDATE_NUMBER ? 8 : (v & 0x3f);
            if (len > size) len = size;
            if ((col = column_name(db, t, c, NULL))) {
                char *q = sqlite3_mprintf("UPDATE \"%w\" SET \"%w\" = ?1 WHERE rowid = (SELECT min(rowid) FROM \"%w\")",
                                          t, col, t);
                sqlite3_stmt *st;
                if (sqlite3_prepare_v2(db, q, -1, &st, NULL) == SQLITE_OK) {
                    if (op == OP_UPDATE_NUMBER) {
                        double d = 0;
                        memcpy(&d, data, len);
                        sqlite3_bind_double(st, 1, d);
                    } else if (v & 0x40) {
                        sqlite3_bind_blob(st, 1, data, (int)len, SQLITE_TRANSIENT);
                    } else {
                        sqlite3_bind_text(st, 1, (const char *)data, (int)len, SQLITE_TRANSIENT);
                    }
                    sqlite3_step(st);
                    sqlite3_finalize(st);
                }
                sqlite3_free(q);
            }
            data += len;
            size -= len;
            break;
        }
        case OP_WAL:
            /* this and the following edits stay in the -wal file */
            exec(db, "PRAGMA journal_mode=WAL");
            sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, NULL);
            break;
        case OP_RENAME: sql = sqlite3_mprintf("ALTER TABLE \"%w\" RENAME TO \"%w_gone\"", t, t); break;
        case OP_DELETE: sql = sqlite3_mprintf("DELETE FROM \"%w\" WHERE rowid %% %u = 0", t, v % 5 + 1); break;
        case OP_DUPLICATE:
            sql = sqlite3_mprintf("INSERT INTO \"%w\" SELECT * FROM \"%w\" LIMIT %u", t, t, v % 4 + 1);
            break;
        case OP_VIRTUAL:
            if ((col = column_name(db, t, c, NULL)))
                sql = sqlite3_mprintf("ALTER TABLE \"%w\" RENAME TO \"%w_real\"; CREATE VIRTUAL TABLE \"%w\" USING "
                                      "fts5(\"%w\")", t, t, t, col);
            break;
        case OP_ADD_GENERATED:
            if ((col = column_name(db, t, c, NULL)))
                sql = sqlite3_mprintf("ALTER TABLE \"%w\" ADD COLUMN \"g%u\" GENERATED ALWAYS AS (\"%w\") "
                                      "VIRTUAL", t, v, col);
            break;
        case OP_VERSION: sql = sqlite3_mprintf("PRAGMA user_version = %u", v % 16); break;
        }
        if (sql) exec(db, sql);
        sqlite3_free(sql);
        free(col);
        free(type);
    }
    sqlite3_close(db);
}

static bool is_id(const char *s)
{
    size_t n = s ? strlen(s) : 0;
    return n >= 1 && n <= 64 && strspn(s, "abcdefghijklmnopqrstuvwxyz0123456789._-") == n;
}

static bool showable(const char *s) { return !s || (strlen(s) <= 4096 && !text_problem(s, strlen(s), TEXT_MULTILINE)); }

/* What an accepted file must be: checked with SQLite, apart from dlrig. */
static void check_shape(void)
{
    sqlite3 *db;
    FUZZ_CHECK(sqlite3_open_v2(work, &db, SQLITE_OPEN_READONLY, NULL) == SQLITE_OK, "reopen");
    sqlite3_stmt *st;
    FUZZ_CHECK(sqlite3_prepare_v2(db, "SELECT type, name FROM sqlite_schema WHERE type = 'trigger' OR "
                                      "(type = 'view' AND name != 'part') OR sql LIKE 'CREATE VIRTUAL%'", -1, &st,
                                  NULL) == SQLITE_OK, "schema query");
    while (sqlite3_step(st) == SQLITE_ROW) {
        const char *name = (const char *)sqlite3_column_text(st, 1);
        bool dlrig_table = false;
        for (size_t i = 0; i < n_tables && name; i++) dlrig_table |= strcasecmp(name, tables[i]) == 0;
        FUZZ_CHECK(strcmp((const char *)sqlite3_column_text(st, 0), "trigger") != 0, "accepted with a trigger %s",
                   name);
        FUZZ_CHECK(!dlrig_table, "accepted with %s a %s", name, sqlite3_column_text(st, 0));
    }
    sqlite3_finalize(st);
    for (size_t i = 0; i < n_tables; i++) {
        char *q = sqlite3_mprintf("SELECT name FROM pragma_table_xinfo(%Q) WHERE hidden != 0", tables[i]);
        if (sqlite3_prepare_v2(db, q, -1, &st, NULL) == SQLITE_OK) {
            FUZZ_CHECK(sqlite3_step(st) != SQLITE_ROW, "accepted with a generated column %s.%s", tables[i],
                       sqlite3_column_text(st, 0));
            sqlite3_finalize(st);
        }
        sqlite3_free(q);
    }
    sqlite3_close(db);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!n_tables) setup();
    if (size < 1) return 0;
    remove_work();
    copy_file(data[0] & 1 ? base_strict : base_loose, work);
    edit(data + 1, size - 1);
    char err[1024] = "";
    dlrig_catalog *cat = catalog_open(work, err, sizeof err);
    if (getenv("FUZZ_SCHEMA_VERBOSE")) fprintf(stderr, "%s\n", cat ? "accepted" : err); /* what a seed does */
    if (!cat) {
        FUZZ_CHECK(err[0] != '\0', "refused without a message");
        remove_work();
        return 0;
    }
    check_shape();
    for (int c = 0; c < DLRIG_CAT_COUNT; c++) {
        size_t n = catalog_count(cat, (dlrig_category)c);
        for (size_t i = 0; i < n; i++) {
            const dlrig_part *p = catalog_part_at(cat, (dlrig_category)c, i);
            FUZZ_CHECK(p && is_id(p->id), "part %zu of category %d: id '%s'", i, c, p && p->id ? p->id : "(null)");
            FUZZ_CHECK(p->name && showable(p->name) && showable(p->vendor) && showable(p->note),
                       "part %s: text not showable", p->id);
        }
    }
    size_t n;
    const dlrig_workload *w = catalog_workloads(cat, &n);
    for (size_t i = 0; i < n; i++) FUZZ_CHECK(is_id(w[i].id), "workload id '%s'", w[i].id ? w[i].id : "(null)");
    catalog_frameworks(cat, &n);
    catalog_models(cat, &n);
    dlrig_build b;
    bool parsed = !catalog_error(cat);
    if (parsed && build_parse(cat, build_doc, sizeof build_doc - 1, "f.json", &b, err, sizeof err) == DLRIG_BUILD_OK) {
        dlrig_report rep = {0};
        rules_check(cat, &b, &rep);
        FUZZ_CHECK(rep.placement.n_unplaced <= rep.placement.n_cards, "placement out of bounds");
        dlrig_estimate e;
        if (perf_estimate(cat, &b, &rep.placement, NULL, &e, err, sizeof err) == 0)
            FUZZ_CHECK(!(e.throughput < 0), "estimate %g", e.throughput);
        report_free(&rep);
    }
    if (parsed) build_free(&b);
    catalog_close(cat);
    remove_work();
    return 0;
}
