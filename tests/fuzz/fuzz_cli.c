/*
 * fuzz_cli.c — the command line: the input split at newlines into argv
 * (at most 16 words), run through dlrig's own main with the embedded catalog,
 * in a scratch directory with its own data and config directories.  Any
 * command line ends with an exit status of 0-3 and no crash.  Words naming
 * absolute or parent paths, the interactive interface and scan (it reads
 * the machine's /proc and /sys and may run nvidia-smi; its files have their
 * own tests) are left out, so nothing outside the scratch directory is read
 * or written.
 */
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dlrig/util.h"
#include "fuzz.h"

int dlrig_cli_main(int argc, char **argv);

static int null_fd = -1;

static void scratch(void)
{
    static int ready;
    if (ready) return;
    ready = 1;
    char tmpl[] = "/tmp/dlrig-fuzz-cli-XXXXXX";
    char *dir = mkdtemp(tmpl);
    FUZZ_CHECK(dir != NULL, "mkdtemp");
    FUZZ_CHECK(chdir(dir) == 0, "chdir %s", dir);
    char *data = xasprintf("%s/data", dir), *config = xasprintf("%s/config", dir);
    setenv("HOME", dir, 1);
    setenv("XDG_DATA_HOME", data, 1);
    setenv("XDG_CONFIG_HOME", config, 1);
    setenv("NO_COLOR", "1", 1);
    free(data);
    free(config);
    /* a sample build and price list to name */
    FILE *f = fopen("b.json", "w");
    if (f) {
        fputs("{\"format\":\"dlrig-build\",\"version\":1,\"name\":\"b\",\"parts\":[{\"id\":\"nvidia-rtx-4090\","
              "\"qty\":2},{\"id\":\"amd-threadripper-7960x\",\"qty\":1}]}",
              f);
        fclose(f);
    }
    f = fopen("p.csv", "w");
    if (f) {
        fputs("id,price,currency,date,vendor\nnvidia-rtx-4090,1500,USD,2025-04,Acme\n", f);
        fclose(f);
    }
    /* nothing from the terminal; output thrown away (stderr only while a
     * command runs: libFuzzer reports there) */
    null_fd = open("/dev/null", O_RDWR);
    FUZZ_CHECK(null_fd >= 0, "/dev/null");
    dup2(null_fd, 0);
    dup2(null_fd, 1);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 4096) return 0;
    scratch();
    char *text = xmalloc(size + 1);
    memcpy(text, data, size);
    text[size] = '\0';
    char *argv[18] = {"dlrig"};
    int argc = 1;
    for (char *w = text, *next; w && argc < 17; w = next) {
        next = strchr(w, '\n');
        if (next) *next++ = '\0';
        if (!next && !*w) break; /* the text's final newline ends the last word */
        if (strchr(w, '/') || strstr(w, "..") || strchr(w, '~')) goto skip; /* stay in the scratch directory */
        argv[argc++] = w;
    }
    argv[argc] = NULL;
    if (argc >= 2 && (strcmp(argv[1], "tui") == 0 || strcmp(argv[1], "scan") == 0)) goto skip;
    if (argc < 2) goto skip; /* no command: the interactive interface */
    bool quiet = !getenv("DLRIG_FUZZ_CLI_STDERR");
    int saved = quiet ? dup(2) : -1;
    if (quiet) dup2(null_fd, 2);
    int rc = dlrig_cli_main(argc, argv);
    fflush(stdout);
    fflush(stderr);
    if (saved >= 0) {
        dup2(saved, 2);
        close(saved);
    }
    FUZZ_CHECK(rc >= 0 && rc <= 3, "exit status %d", rc);
skip:
    free(text);
    return 0;
}
