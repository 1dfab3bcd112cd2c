/*
 * fuzz_tui.c — the terminal interface's key handling, in-process: each input
 * is a sequence of keys and window sizes fed to the screens' handlers (the
 * wizard, or the builder on a sample build), with a frame drawn after each
 * key, on a curses screen whose output goes to /dev/null.  Nothing may
 * crash, and every screen must tolerate every key at every size.
 *
 * Input bytes: 0x00-0x1f a special key (arrows, Home/End, pages, Enter,
 * Esc, Tab, Backspace, F1-F8, Ctrl-L/U, ...), 0x20-0x7e that character,
 * 0x80-0xff a resize whose size comes from this byte and the next.  The
 * first byte chooses where to start: even, the builder; odd, the wizard.
 * Files the interface saves or exports go to a scratch directory.
 */
#include <curses.h>
#include <dirent.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dlrig/util.h"
#include "fuzz.h"
#include "tui/app.h"

static const char sample[] =
    "{\"format\":\"dlrig-build\",\"version\":1,\"name\":\"Vision lab box\",\"requirements\":{\"workload\":\"cnn\","
    "\"model_params_m\":25.6,\"dataset_gb\":150,\"budget_usd\":25000,\"framework\":\"pytorch\",\"precision\":"
    "\"mixed-fp16\",\"environment\":\"server-room\",\"circuit\":\"208v-30a\",\"nodes\":1,\"require\":[\"ecc\"]},"
    "\"parts\":[{\"id\":\"nvidia-rtx-6000-ada\",\"qty\":2},{\"id\":\"amd-threadripper-pro-7975wx\",\"qty\":1},"
    "{\"id\":\"asus-pro-ws-wrx90e-sage-se\",\"qty\":1},{\"id\":\"kingston-ksm56r46bd8-32md-8x\",\"qty\":1},"
    "{\"id\":\"samsung-9100-pro-4tb\",\"qty\":1},{\"id\":\"supermicro-pws-2k08a-1r\",\"qty\":1},"
    "{\"id\":\"supermicro-sc747btq-r2k04b\",\"qty\":1},{\"id\":\"noctua-nh-u14s-tr5-sp6\",\"qty\":1}]}";

static const int special[32] = {
    KEY_UP, KEY_DOWN, KEY_LEFT, KEY_RIGHT, KEY_HOME, KEY_END, KEY_PPAGE, KEY_NPAGE,
    '\r', 27, '\t', KEY_BTAB, KEY_BACKSPACE, KEY_DC, 12 /* Ctrl-L */, 21 /* Ctrl-U */,
    KEY_F(1), KEY_F(2), KEY_F(3), KEY_F(4), KEY_F(5), KEY_F(6), KEY_F(7), KEY_F(8),
    KEY_ENTER, 127, 8, KEY_F(9), KEY_F(12), KEY_IC, 0x1b, '\n',
};

static char *scratch;

/* Empties the scratch directory (and its builds folder) between inputs. */
static void clean_dir(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d) return;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0) continue;
        char *p = xasprintf("%s/%s", dir, e->d_name);
        if (unlink(p) != 0) {
            clean_dir(p);
            rmdir(p);
        }
        free(p);
    }
    closedir(d);
}

static void setup(void)
{
    if (scratch) return;
    char tmpl[] = "/tmp/dlrig-fuzz-tui-XXXXXX";
    FUZZ_CHECK(mkdtemp(tmpl) != NULL, "mkdtemp");
    scratch = xstrdup(tmpl);
    FUZZ_CHECK(chdir(scratch) == 0, "chdir %s", scratch);
    char *home = xasprintf("%s/home", scratch);
    setenv("HOME", home, 1);
    setenv("XDG_DATA_HOME", home, 1);
    setenv("XDG_CONFIG_HOME", home, 1);
    setenv("XDG_STATE_HOME", home, 1);
    free(home);
    setlocale(LC_CTYPE, "C.UTF-8");
    FUZZ_CHECK(tui_test_init() == 0, "cannot set up a curses screen (terminfo xterm-256color missing?)");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    setup();
    if (size > 400) size = 400; /* keys per run: enough to reach every screen */
    dlrig_build b;
    char err[512];
    dlrig_build *start = NULL;
    if (size == 0 || data[0] % 2 == 0) {
        FUZZ_CHECK(build_parse(fuzz_catalog(), sample, sizeof sample - 1, "sample", &b, err, sizeof err) == 0,
                   "%s", err);
        start = &b;
    }
    app *a = tui_test_begin((dlrig_catalog *)fuzz_catalog(), 80, 24, start);
    for (size_t i = 1; i < size && !tui_test_done(a); i++) {
        uint8_t c = data[i];
        if (c < 0x20) {
            tui_test_key(a, special[c]);
        } else if (c < 0x7f) {
            tui_test_key(a, c);
        } else {
            int w = 1 + (c & 0x7f) * 2, h = 1 + (i + 1 < size ? data[++i] % 64 : 24);
            tui_test_resize(a, w, h);
        }
    }
    tui_test_end(a);
    clean_dir(scratch);
    return 0;
}
