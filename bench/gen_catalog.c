/* gen_catalog: a synthetic catalog FACTOR times the size of a real one, for
 * scaling benchmarks.  Every part row is copied FACTOR times (the original
 * plus copies with id suffix -sK), each copy's price moved by a seeded
 * +-15 %; slot maps and bridge fits are copied with their parts.  Such
 * copies are twins of their original in everything but price, which the
 * advisor notices; with "distinct" each GPU copy's bandwidth, tensor and FP32
 * rates also move by up to +-3 % and each chassis copy's GPU length limit by
 * a few mm, so no copy is a twin and the search has them all to weigh.
 * Usage: gen_catalog IN.db OUT.db FACTOR [distinct] */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int run(sqlite3 *db, const char *sql)
{
    char *err = NULL;
    if (sqlite3_exec(db, sql, NULL, NULL, &err) != SQLITE_OK) {
        fprintf(stderr, "gen_catalog: %s\n  in: %.200s\n", err, sql);
        sqlite3_free(err);
        return -1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    if ((argc != 4 && argc != 5) || (argc == 5 && strcmp(argv[4], "distinct") != 0)) {
        fprintf(stderr, "usage: gen_catalog IN.db OUT.db FACTOR [distinct]\n");
        return 2;
    }
    int factor = atoi(argv[3]);
    if (factor < 1) factor = 1;
    unlink(argv[2]);
    /* Start from a copy of the real catalog. */
    FILE *in = fopen(argv[1], "rb"), *out = fopen(argv[2], "wb");
    if (!in || !out) {
        perror("gen_catalog");
        return 3;
    }
    char buf[65536];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, in)) > 0) fwrite(buf, 1, n, out);
    fclose(in);
    fclose(out);
    sqlite3 *db;
    if (sqlite3_open(argv[2], &db) != SQLITE_OK) return 3;
    static const char *const tables[] = {"gpu", "cpu", "motherboard", "memory", "storage", "psu",
                                         "chassis", "cooler", "nic", "nvlink_bridge", "switch"};
    if (run(db, "PRAGMA foreign_keys=OFF; BEGIN")) return 3;
    char sql[2048];
    /* The originals, kept aside once so that each copy reads only them. */
    for (size_t t = 0; t < sizeof tables / sizeof tables[0]; t++) {
        snprintf(sql, sizeof sql, "CREATE TEMP TABLE orig_%s AS SELECT * FROM main.%s;", tables[t], tables[t]);
        if (run(db, sql)) return 3;
    }
    if (run(db, "CREATE TEMP TABLE orig_board_slot AS SELECT * FROM board_slot;"
                "CREATE TEMP TABLE orig_board_m2 AS SELECT * FROM board_m2;"
                "CREATE TEMP TABLE orig_board_lane_share AS SELECT * FROM board_lane_share;"
                "CREATE TEMP TABLE orig_bridge_gpu AS SELECT * FROM bridge_gpu;"))
        return 3;
    for (int k = 1; k < factor; k++) {
        for (size_t t = 0; t < sizeof tables / sizeof tables[0]; t++) {
            /* Copy every column, then rename and reprice the copies. */
            snprintf(sql, sizeof sql,
                     "CREATE TEMP TABLE c AS SELECT * FROM orig_%s;"
                     "UPDATE c SET id = id || '-s%d', name = name || ' (s%d)',"
                     " price_usd = CASE WHEN price_usd IS NULL THEN NULL ELSE"
                     " round(price_usd * (0.85 + 0.3 * ((abs(random()) %% 1000) / 1000.0)), 2) END;"
                     "INSERT INTO main.%s SELECT * FROM c; DROP TABLE c;",
                     tables[t], k, k, tables[t]);
            if (run(db, sql)) return 3;
        }
        snprintf(sql, sizeof sql,
                 "INSERT INTO board_slot SELECT board_id || '-s%d', position, physical_width, electrical_width,"
                 " pcie_gen, attached_to, note FROM orig_board_slot;"
                 "INSERT INTO board_m2 SELECT board_id || '-s%d', idx, pcie_gen, lanes, attached_to FROM orig_board_m2;"
                 "INSERT INTO board_lane_share SELECT board_id || '-s%d', slot_position, trigger_kind, trigger_index,"
                 " width_when, source FROM orig_board_lane_share;"
                 "INSERT INTO bridge_gpu SELECT bridge_id || '-s%d', gpu_id || '-s%d' FROM orig_bridge_gpu;",
                 k, k, k, k, k);
        if (run(db, sql)) return 3;
    }
    if (argc == 5 &&
        run(db, "UPDATE gpu SET"
                " bandwidth_gbs = round(bandwidth_gbs * (0.97 + 0.06 * ((abs(random()) % 1000) / 1000.0)), 1),"
                " fp16_tensor_tflops = round(fp16_tensor_tflops * (0.97 + 0.06 * ((abs(random()) % 1000) / 1000.0)), 2),"
                " fp32_tflops = round(fp32_tflops * (0.97 + 0.06 * ((abs(random()) % 1000) / 1000.0)), 2)"
                " WHERE id NOT IN (SELECT id FROM orig_gpu);"
                "UPDATE chassis SET max_gpu_length_mm = max_gpu_length_mm - (abs(random()) % 5)"
                " WHERE id NOT IN (SELECT id FROM orig_chassis);"))
        return 3;
    if (run(db, "COMMIT; VACUUM;")) return 3;
    sqlite3_close(db);
    return 0;
}
