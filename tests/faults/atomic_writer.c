/*
 * atomic_writer.c — helper of tests/faults/run.sh: proves that a
 * write_file_atomic interrupted at any moment never leaves its destination
 * half-written.
 *
 *   atomic_writer write PATH   rewrites PATH forever, alternating a large and
 *                              a small self-describing document
 *   atomic_writer check PATH   exit 0 when PATH is missing or one complete
 *                              document, 1 (with the reason) otherwise
 *
 * A document is "BEGIN <size> <fill>\n", <size> bytes of <fill>, "\nEND\n".
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlrig/util.h"

static char *document(size_t size, char fill, size_t *len)
{
    char head[64];
    int h = snprintf(head, sizeof head, "BEGIN %zu %c\n", size, fill);
    *len = (size_t)h + size + 5;
    char *d = xmalloc(*len);
    memcpy(d, head, (size_t)h);
    memset(d + h, fill, size);
    memcpy(d + h + size, "\nEND\n", 5);
    return d;
}

static int check(const char *path)
{
    size_t len;
    char *d = read_file_limit(path, 64u << 20, &len);
    if (!d) {
        if (errno == ENOENT) return 0;
        fprintf(stderr, "%s: %s\n", path, strerror(errno));
        return 1;
    }
    size_t size;
    char fill;
    int used = 0;
    int ok = sscanf(d, "BEGIN %zu %c\n%n", &size, &fill, &used) == 2 && used > 0 && len == (size_t)used + size + 5 &&
             memcmp(d + len - 5, "\nEND\n", 5) == 0;
    for (size_t i = 0; ok && i < size; i++) ok = d[used + i] == fill;
    if (!ok) fprintf(stderr, "%s: half-written (%zu bytes)\n", path, len);
    free(d);
    return !ok;
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: atomic_writer write|check PATH\n");
        return 2;
    }
    if (strcmp(argv[1], "check") == 0) return check(argv[2]);
    size_t la, lb;
    char *a = document(8u << 20, 'a', &la), *b = document(100000, 'b', &lb);
    for (unsigned long i = 0;; i++) {
        if (write_file_atomic(argv[2], i % 2 ? b : a, i % 2 ? lb : la, true) != 0) {
            fprintf(stderr, "atomic_writer: %s: %s\n", argv[2], strerror(errno));
            return 1;
        }
    }
}
