/* The TUI start-up baseline: initialise ncurses, open the embedded catalog,
 * run one query, draw one frame and leave. */
#include <curses.h>
#include <locale.h>
#include <sqlite3.h>
#include <stdio.h>

extern const unsigned char dlrig_catalog_image[];
extern const size_t dlrig_catalog_image_size;

int main(void)
{
    setlocale(LC_CTYPE, "");
    sqlite3 *db;
    if (sqlite3_open(":memory:", &db) != SQLITE_OK) return 3;
    sqlite3_deserialize(db, "main", (unsigned char *)dlrig_catalog_image, (sqlite3_int64)dlrig_catalog_image_size,
                        (sqlite3_int64)dlrig_catalog_image_size, SQLITE_DESERIALIZE_READONLY);
    sqlite3_stmt *st;
    int n = 0;
    if (sqlite3_prepare_v2(db, "SELECT id FROM gpu", -1, &st, NULL) == SQLITE_OK) {
        while (sqlite3_step(st) == SQLITE_ROW) n++;
        sqlite3_finalize(st);
    }
    initscr();
    mvprintw(0, 0, "%d GPUs", n);
    refresh();
    endwin();
    sqlite3_close(db);
    return 0;
}
