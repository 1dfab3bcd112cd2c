/*
 * replay.c — runs a fuzz target's entry point over files, without libFuzzer:
 * the corpus replay tests of the normal build (any compiler).
 *
 *   replay_TARGET PATH...   each PATH a file or a directory of files
 *
 * Every input is read whole and passed once to LLVMFuzzerTestOneInput; a
 * failing check aborts, which fails the test.  Prints how many inputs ran
 * and exits 1 when there were none (a wrong corpus path must not pass).
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "dlrig/util.h"
#include "fuzz.h"

static int replay_file(const char *path)
{
    size_t len = 0;
    char *data = read_file_limit(path, 64u << 20, &len);
    if (!data) {
        fprintf(stderr, "replay: %s: %s\n", path, strerror(errno));
        return -1;
    }
    /* A copy of exactly len bytes, so ASan sees a read past the end. */
    uint8_t *exact = xmalloc(len ? len : 1);
    memcpy(exact, data, len);
    free(data);
    LLVMFuzzerTestOneInput(exact, len);
    free(exact);
    return 0;
}

static int cmp_name(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

int main(int argc, char **argv)
{
    long ran = 0, bad = 0;
    for (int i = 1; i < argc; i++) {
        struct stat st;
        if (stat(argv[i], &st) != 0) {
            fprintf(stderr, "replay: %s: %s\n", argv[i], strerror(errno));
            bad++;
            continue;
        }
        if (!S_ISDIR(st.st_mode)) {
            if (replay_file(argv[i]) == 0) ran++;
            else bad++;
            continue;
        }
        DIR *d = opendir(argv[i]);
        if (!d) {
            fprintf(stderr, "replay: %s: %s\n", argv[i], strerror(errno));
            bad++;
            continue;
        }
        size_t n = 0, cap = 64;
        char **names = xcalloc(cap, sizeof *names);
        struct dirent *e;
        while ((e = readdir(d)) != NULL) {
            if (e->d_name[0] == '.') continue;
            if (n == cap) names = xrealloc(names, (cap *= 2) * sizeof *names);
            names[n++] = xasprintf("%s/%s", argv[i], e->d_name);
        }
        closedir(d);
        qsort(names, n, sizeof *names, cmp_name);
        for (size_t k = 0; k < n; k++) {
            if (stat(names[k], &st) == 0 && S_ISREG(st.st_mode)) {
                if (replay_file(names[k]) == 0) ran++;
                else bad++;
            }
            free(names[k]);
        }
        free(names);
    }
    printf("replayed %ld inputs%s\n", ran, bad ? " (some could not be read)" : "");
    return ran > 0 && bad == 0 ? 0 : 1;
}
