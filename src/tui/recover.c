/* recover.c — the recovery file.  While the builder has unsaved changes a
 * copy of the build is kept in $XDG_STATE_HOME/dlrig (default
 * ~/.local/state/dlrig) as recover-PID.json, with recover-PID.path naming the
 * file the build belongs to.  It is written when the interface is idle after
 * a change and when the terminal goes away (SIGHUP, end of input), and
 * removed on save and on a normal quit.  The next start offers it back.
 * The build is the app's document (app_document): the builder's today. */
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "dlrig/util.h"
#include "tui/app.h"

static unsigned long written_gen; /* the builder generation on disk, 0: none */
static bool have_file;

static char *own_file(const char *ext, bool create)
{
    char *dir = xdg_state_dir(create);
    if (!dir) return NULL;
    char *p = xasprintf("%s/recover-%ld.%s", dir, (long)getpid(), ext);
    free(dir);
    return p;
}

void recover_remove(app *a)
{
    (void)a;
    if (!have_file) return;
    char *j = own_file("json", false), *p = own_file("path", false);
    if (j) unlink(j);
    if (p) unlink(p);
    free(j);
    free(p);
    have_file = false;
    written_gen = 0;
}

void recover_update(app *a)
{
    app_doc d;
    if (!app_document(a, &d) || !d.dirty) {
        recover_remove(a);
        return;
    }
    unsigned long gen = d.gen;
    if (have_file && gen == written_gen) return;
    char *j = own_file("json", true), *p = own_file("path", true);
    const char *bp = d.path;
    char err[256];
    if (j && p && write_file_atomic(p, bp ? bp : "", bp ? strlen(bp) : 0, true) == 0 &&
        build_save(d.build, j, true, err, sizeof err) == DLRIG_BUILD_OK) {
        have_file = true;
        written_gen = gen;
    }
    free(j);
    free(p);
}

/* A recovery file left by a dlrig that is gone. */
typedef struct found {
    char *json, *path_file;
    time_t mtime;
} found;

static void found_free(void *p)
{
    found *f = p;
    if (!f) return;
    free(f->json);
    free(f->path_file);
    free(f);
}

static void discard(const found *f)
{
    unlink(f->json);
    unlink(f->path_file);
}

static void offer_cb(app *a, int idx, void *ctx)
{
    found *f = ctx;
    if (idx == 1) {
        discard(f);
        app_message(a, DLRIG_ROLE_INFO, "Recovered changes discarded");
        return;
    }
    if (idx != 0) return; /* later: kept for the next start */
    dlrig_build b;
    char err[1024];
    if (build_load_found(a->cat, f->json, &b, err, sizeof err) != DLRIG_BUILD_OK) {
        build_free(&b);
        app_message(a, DLRIG_ROLE_ERROR, "Cannot recover: %s", err);
        return;
    }
    size_t len = 0;
    char *orig = read_file_limit(f->path_file, 8192, &len);
    app_replace(a, TUI_BUILDER, &(builder_args){.b = &b, .path = orig && *orig ? orig : NULL, .recovered = true});
    discard(f);
    recover_update(a); /* this session keeps it from now on */
    app_message(a, DLRIG_ROLE_OK, "Recovered the unsaved build%s%s (w saves it)", orig && *orig ? " of " : "",
                orig && *orig ? orig : "");
    free(orig);
}

/* Whether process pid still runs (a zombie does not). */
static bool running(long pid)
{
    char p[64], buf[256];
    snprintf(p, sizeof p, "/proc/%ld/stat", pid);
    FILE *f = fopen(p, "r");
    if (f) {
        size_t n = fread(buf, 1, sizeof buf - 1, f);
        fclose(f);
        buf[n] = '\0';
        const char *rp = strrchr(buf, ')'); /* "pid (comm) S ..." */
        return !(rp && (rp[1] == ' ') && (rp[2] == 'Z' || rp[2] == 'X'));
    }
    return kill((pid_t)pid, 0) == 0 || errno != ESRCH;
}

void recover_offer(app *a)
{
    char *dir = xdg_state_dir(false);
    if (!dir) return;
    DIR *d = opendir(dir);
    if (!d) {
        free(dir);
        return;
    }
    found *best = NULL;
    int more = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        long pid;
        char tail[16];
        if (sscanf(e->d_name, "recover-%ld.%15s", &pid, tail) != 2 || strcmp(tail, "json") != 0 || pid <= 0) continue;
        if (pid == (long)getpid() || running(pid)) continue;
        char *j = xasprintf("%s/%s", dir, e->d_name);
        struct stat st;
        if (stat(j, &st) != 0 || !S_ISREG(st.st_mode)) {
            free(j);
            continue;
        }
        if (best && best->mtime >= st.st_mtime) {
            more++;
            free(j);
            continue;
        }
        if (best) more++;
        found_free(best);
        best = xcalloc(1, sizeof *best);
        best->json = j;
        best->path_file = xasprintf("%s/recover-%ld.path", dir, pid);
        best->mtime = st.st_mtime;
    }
    closedir(d);
    free(dir);
    if (!best) return;
    size_t len = 0;
    char *orig = read_file_limit(best->path_file, 8192, &len);
    char when[32], detail[300], title[96];
    struct tm tm;
    localtime_r(&best->mtime, &tm);
    strftime(when, sizeof when, "%Y-%m-%d %H:%M", &tm);
    snprintf(detail, sizeof detail, "%s, %s", orig && *orig ? orig : "never saved", when);
    free(orig);
    snprintf(title, sizeof title, "Unsaved changes from a session that ended%s",
             more ? " (and older ones)" : "");
    ov_item items[] = {{"Recover them", detail, DLRIG_ROLE_NORMAL},
                       {"Discard them", "the recovery file is deleted", DLRIG_ROLE_WARNING},
                       {"Later", "ask again at the next start", DLRIG_ROLE_NORMAL}};
    ov_menu(a, title, items, 3, 0, offer_cb, best, found_free);
}
