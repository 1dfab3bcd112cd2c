/*
 * userdb.c — the user's price store ($XDG_DATA_HOME/dlrig/user.db): the
 * imported price lists, kept apart from the parts catalog.  The only other
 * place in dlrig that speaks SQL.
 */
#include "dlrig/userdb.h"

#include <errno.h>
#include <math.h>
#include <sqlite3.h>
#include <sys/stat.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dlrig/catalog.h"
#include "dlrig/util.h"

static const char user_schema_sql[] =
    "CREATE TABLE IF NOT EXISTS price ("
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
    int sys = db ? sqlite3_system_errno(db) : 0;
    if (sys == EMFILE || sys == ENFILE)
        snprintf(err, errlen, "%s: cannot %s the user database: too many open files", path, what);
    else if (sys == ENOSPC || code == SQLITE_FULL)
        snprintf(err, errlen, "%s: cannot %s the user database: the disk is full", path, what);
    else if (code == SQLITE_BUSY || code == SQLITE_LOCKED)
        snprintf(err, errlen,
                 "%s: the user database is locked by another dlrig (importing or clearing prices); try again", path);
    else if ((sqlite3_extended_errcode(db) == SQLITE_READONLY_ROLLBACK))
        snprintf(err, errlen,
                 "%s: an interrupted import left %s-journal, which cannot be rolled back from a read-only directory; "
                 "make the directory writable and run any dlrig command",
                 path, path);
    else if (code == SQLITE_CORRUPT || code == SQLITE_NOTADB)
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

static int last_xcode; /* extended SQLite code of the last failed user_open_as */

/* Opens the user database and checks it: integrity, schema version.
 * *version gets its user_version (0: a new, empty file).  Returns 0, 1 when
 * the file does not exist and !writable, or DLRIG_CATALOG_EIO.  recover
 * opens read-write even to read. */
static int user_open_as(const char *path, bool writable, bool recover, sqlite3 **out, int *version, char *err,
                        size_t errlen)
{
    last_xcode = 0;
    *out = NULL;
    if (errlen) err[0] = '\0';
    if (!writable && access(path, F_OK) != 0) return 1;
    sqlite3 *db = NULL;
    int rc;
    int flags = writable ? SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
                : recover  ? SQLITE_OPEN_READWRITE
                           : SQLITE_OPEN_READONLY;
    if (sqlite3_open_v2(path, &db, flags, NULL) != SQLITE_OK) {
        rc = user_fail(err, errlen, path, "open", db);
        sqlite3_close(db);
        return rc;
    }
    sqlite3_busy_timeout(db, 5000); /* another dlrig importing: wait for it, then say so */
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
    /* version and tables in one statement: one snapshot, even while another
     * dlrig creates the schema */
    if (sqlite3_prepare_v2(db, "SELECT (SELECT user_version FROM pragma_user_version), "
                           "(SELECT count(*) FROM sqlite_schema)", -1, &st, NULL) != SQLITE_OK ||
        sqlite3_step(st) != SQLITE_ROW)
        goto bad;
    *version = sqlite3_column_int(st, 0);
    int tables = sqlite3_column_int(st, 1);
    sqlite3_finalize(st);
    st = NULL;
    if (*version > DLRIG_USER_DB_VERSION) {
        snprintf(err, errlen, "%s: user database version %d was written by a newer dlrig (this one reads %d)", path,
                 *version, DLRIG_USER_DB_VERSION);
        sqlite3_close(db);
        return DLRIG_CATALOG_EIO;
    }
    if (*version == 0 && tables) { /* version 0 is only ours when the file is empty */
        snprintf(err, errlen, "%s: not a dlrig user database (no schema version); move it away", path);
        sqlite3_close(db);
        return DLRIG_CATALOG_EIO;
    }
    *out = db;
    return 0;
bad:
    last_xcode = db ? sqlite3_extended_errcode(db) : 0;
    rc = user_fail(err, errlen, path, writable ? "open" : "read", db);
    sqlite3_finalize(st);
    sqlite3_close(db);
    return rc;
}

/* user_open_as; and when reading finds a hot journal (an import killed in
 * its commit, or stopped by a full disk), which a read-only connection
 * cannot roll back: again read-write, which rolls it back, with a notice in
 * err saying so (the call still succeeds). */
static int user_open(const char *path, bool writable, sqlite3 **out, int *version, char *err, size_t errlen)
{
    int rc = user_open_as(path, writable, false, out, version, err, errlen);
    if (rc == DLRIG_CATALOG_EIO && !writable && last_xcode == SQLITE_READONLY_ROLLBACK && access(path, W_OK) == 0) {
        rc = user_open_as(path, writable, true, out, version, err, errlen);
        if (rc == 0 && errlen)
            snprintf(err, errlen,
                     "%s: an interrupted import or clear was rolled back; the prices are as they were before it", path);
    }
    return rc;
}

int catalog_user_prices_store(const char *path, const dlrig_price_row *in, size_t n, char *err, size_t errlen)
{
    sqlite3 *db;
    int version;
    int rc = user_open(path, true, &db, &version, err, errlen);
    if (rc) return DLRIG_CATALOG_EIO;
    sqlite3_stmt *st = NULL;
    char notice[512];
    snprintf(notice, sizeof notice, "%s", errlen ? err : "");
    if (sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK) goto bad;
    /* Another dlrig may have created the schema since user_open looked:
     * decide inside the write transaction, and create idempotently. */
    if (sqlite3_prepare_v2(db, "PRAGMA user_version", -1, &st, NULL) != SQLITE_OK || sqlite3_step(st) != SQLITE_ROW)
        goto bad_rollback;
    version = sqlite3_column_int(st, 0);
    sqlite3_finalize(st);
    st = NULL;
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
    if (errlen) snprintf(err, errlen, "%s", notice); /* a rolled-back earlier import, if any */
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
