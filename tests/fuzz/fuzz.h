/*
 * fuzz.h — shared by the fuzz targets: the libFuzzer entry point's
 * prototype, the embedded catalog opened once, and a check that aborts with
 * a message (so libFuzzer and the replay driver both report it as a crash).
 */
#ifndef DLRIG_FUZZ_H
#define DLRIG_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "dlrig/catalog.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FUZZ_CHECK(cond, ...)                                                        \
    do {                                                                             \
        if (!(cond)) {                                                               \
            fprintf(stderr, "%s:%d: check failed: %s: ", __FILE__, __LINE__, #cond); \
            fprintf(stderr, __VA_ARGS__);                                            \
            fputc('\n', stderr);                                                     \
            abort();                                                                 \
        }                                                                            \
    } while (0)

/* The embedded catalog, opened on first use and kept for the whole run (it
 * stays reachable through the static pointer, so leak checkers ignore it). */
static inline const dlrig_catalog *fuzz_catalog(void)
{
    static dlrig_catalog *cat;
    if (!cat) {
        char err[512];
        cat = catalog_open(NULL, err, sizeof err);
        FUZZ_CHECK(cat != NULL, "cannot open the embedded catalog: %s", err);
    }
    return cat;
}

/* Whether s is NUL-terminated within n bytes. */
static inline int fuzz_terminated(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (s[i] == '\0') return 1;
    return 0;
}

#endif
