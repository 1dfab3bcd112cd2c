/* The start-up baseline: open the same embedded catalog image with
 * sqlite3_deserialize, run one query for the GPUs and print them — what any
 * program reading this catalog must at least do. */
#include <sqlite3.h>
#include <stdio.h>

extern const unsigned char dlrig_catalog_image[];
extern const size_t dlrig_catalog_image_size;

int main(void)
{
    sqlite3 *db;
    if (sqlite3_open(":memory:", &db) != SQLITE_OK) return 3;
    if (sqlite3_deserialize(db, "main", (unsigned char *)dlrig_catalog_image, (sqlite3_int64)dlrig_catalog_image_size,
                            (sqlite3_int64)dlrig_catalog_image_size, SQLITE_DESERIALIZE_READONLY) != SQLITE_OK)
        return 3;
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(db, "SELECT id, name, vram_gb, price_usd FROM gpu ORDER BY id", -1, &st, NULL) != SQLITE_OK)
        return 3;
    while (sqlite3_step(st) == SQLITE_ROW)
        printf("%s  %s  %g  %g\n", sqlite3_column_text(st, 0), sqlite3_column_text(st, 1), sqlite3_column_double(st, 2),
               sqlite3_column_double(st, 3));
    sqlite3_finalize(st);
    sqlite3_close(db);
    return 0;
}
