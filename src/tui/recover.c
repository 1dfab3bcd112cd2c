/* recover.c — the recovery file.  While the builder has unsaved changes a
 * copy of the build is kept in $XDG_STATE_HOME/dlrig (default
 * ~/.local/state/dlrig) as recover-TOKEN-HASH.json, with
 * recover-TOKEN-HASH.path naming the absolute path of the file the build
 * belongs to.  TOKEN is 32 random hex digits drawn when this run first
 * writes one (never the PID: in a container every run is PID 1), HASH
 * eight hex digits of the build's absolute path.  The run holds an flock on
 * recover-TOKEN.lock while it lives, so a file whose lock can be taken
 * belongs to a run that ended, wherever it ran (another PID namespace, a
 * host sharing the directory), and one whose lock cannot is never offered.
 * It is written when the interface is idle after a change and when the
 * terminal goes away (SIGHUP, end of input), and removed on save and on a
 * normal quit.  The next start offers it back.  When it cannot be written
 * the status bar says so, once.  Files recover-PID.json of earlier
 * versions are offered when no process PID runs.  The build is the app's
 * document (app_document): the builder's today. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "dlrig/util.h"
#include "tui/app.h"

static unsigned long written_gen; /* the builder generation on disk, 0: none */
static unsigned long failed_gen;  /* the generation whose write failed (said once) */
static bool have_file;
static char token[33];            /* this run's, drawn at the first write */
static int lock_fd = -1;          /* recover-TOKEN.lock, locked while this run lives */
static char *json_file, *path_file; /* this run's files, when have_file */

/* FNV-1a of s as eight hex digits. */
static void path_hash(const char *s, char out[9])
{
    uint32_t h = 2166136261u;
    for (const char *p = s; *p; p++) h = (h ^ (unsigned char)*p) * 16777619u;
    snprintf(out, 9, "%08x", (unsigned)h);
}

/* The absolute path of the build's file p (NULL: never saved), the directory
 * resolved and the name kept (a symlinked build stays the link); caller frees. */
static char *absolute(const char *p)
{
    if (!p || !*p) return NULL;
    if (p[0] == '/') return xstrdup(p);
    char *dir = xstrdup(p);
    char *slash = strrchr(dir, '/');
    const char *base = slash ? p + (slash - dir) + 1 : p;
    if (slash) *slash = '\0';
    char *real = realpath(slash ? (*dir ? dir : "/") : ".", NULL);
    char *out = NULL;
    if (real) {
        out = xasprintf("%s/%s", strcmp(real, "/") ? real : "", base);
    } else {
        char cwd[PATH_MAX];
        out = getcwd(cwd, sizeof cwd) ? xasprintf("%s/%s", cwd, p) : xstrdup(p);
    }
    free(real);
    free(dir);
    return out;
}

/* Takes this run's lock (recover-TOKEN.lock in dir); false when it cannot. */
static bool own_lock(const char *dir)
{
    if (lock_fd >= 0) return true;
    if (!token[0]) random_token(token);
    char *l = xasprintf("%s/recover-%s.lock", dir, token);
    int fd = open(l, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
    int e = errno;
    free(l);
    if (fd < 0) {
        errno = e;
        return false;
    }
    if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
        e = errno;
        close(fd);
        errno = e;
        return false;
    }
    lock_fd = fd;
    return true;
}

static void forget_files(void)
{
    free(json_file);
    free(path_file);
    json_file = path_file = NULL;
}

void recover_remove(app *a)
{
    (void)a;
    if (have_file) {
        if (json_file) unlink(json_file);
        if (path_file) unlink(path_file);
        forget_files();
        have_file = false;
        written_gen = 0;
    }
    if (lock_fd >= 0) {
        char *dir = xdg_state_dir(false);
        char *l = dir ? xasprintf("%s/recover-%s.lock", dir, token) : NULL;
        if (l) unlink(l);
        free(l);
        free(dir);
        close(lock_fd);
        lock_fd = -1;
    }
}

void recover_update(app *a)
{
    app_doc d;
    if (!app_document(a, &d) || !d.dirty) {
        recover_remove(a);
        return;
    }
    unsigned long gen = d.gen;
    if ((have_file && gen == written_gen) || gen == failed_gen) return;
    char *dir = xdg_state_dir(true);
    char *abs = absolute(d.path);
    char hash[9];
    path_hash(abs ? abs : "", hash);
    char *j = NULL, *p = NULL, err[512] = "";
    if (!dir) {
        snprintf(err, sizeof err, "no state directory: %s", strerror(errno));
    } else if (!own_lock(dir)) {
        snprintf(err, sizeof err, "%s/recover-%s.lock: %s", dir, token, strerror(errno));
    } else {
        j = xasprintf("%s/recover-%s-%s.json", dir, token, hash);
        p = xasprintf("%s/recover-%s-%s.path", dir, token, hash);
        if (write_file_atomic(p, abs ? abs : "", abs ? strlen(abs) : 0, true) != 0)
            snprintf(err, sizeof err, "%s: %s", p, strerror(errno));
        else if (build_save(d.build, j, true, err, sizeof err) != DLRIG_BUILD_OK && !err[0])
            snprintf(err, sizeof err, "%s: not written", j);
    }
    if (!err[0]) {
        /* the build moved to another file (saved as): its old copy goes */
        if (have_file && strcmp(json_file, j) != 0) {
            unlink(json_file);
            unlink(path_file);
        }
        forget_files();
        json_file = j;
        path_file = p;
        have_file = true;
        written_gen = gen;
        failed_gen = 0;
    } else {
        if (p && !(have_file && strcmp(p, path_file) == 0)) unlink(p); /* no half pair (the last good one stays) */
        free(j);
        free(p);
        if (failed_gen == 0)
            app_message(a, DLRIG_ROLE_WARNING, "Unsaved changes are not kept for recovery: %s", err);
        failed_gen = gen;
    }
    free(abs);
    free(dir);
}

/* A recovery file left by a dlrig that is gone. */
typedef struct found {
    char *json, *path_file, *lock_file; /* lock_file: NULL for a file of an earlier version */
    int lock_fd;                        /* its lock, held while it is offered */
    time_t mtime;
} found;

static void found_free(void *p)
{
    found *f = p;
    if (!f) return;
    if (f->lock_fd >= 0) close(f->lock_fd);
    free(f->json);
    free(f->path_file);
    free(f->lock_file);
    free(f);
}

static void discard(const found *f)
{
    unlink(f->json);
    unlink(f->path_file);
    if (f->lock_file) unlink(f->lock_file);
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
    char *orig = read_file_regular(f->path_file, 8192, &len);
    /* saved back where it belongs: a path of an earlier version may be relative */
    char *abs = orig && *orig && strlen(orig) == len ? absolute(orig) : NULL;
    app_replace(a, TUI_BUILDER, &(builder_args){.b = &b, .path = abs, .recovered = true});
    discard(f);
    recover_update(a); /* this session keeps it from now on */
    app_message(a, DLRIG_ROLE_OK, "Recovered the unsaved build%s%s (w saves it)", abs ? " of " : "", abs ? abs : "");
    free(abs);
    free(orig);
}

/* Whether process pid still runs (a zombie does not): files of earlier versions. */
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

/* Whether s is n lowercase hex digits. */
static bool hex_n(const char *s, size_t n)
{
    return strlen(s) >= n && strspn(s, "0123456789abcdef") >= n;
}

/* The lock of the run that wrote recover-TOKEN-...: its fd, locked by us
 * (the run ended), or -1 (it lives, or the lock is missing: *missing). */
static int take_lock(const char *lock_file, bool *missing)
{
    *missing = false;
    int fd = open(lock_file, O_RDWR | O_CLOEXEC | O_NOFOLLOW);
    if (fd < 0) {
        *missing = errno == ENOENT;
        return -1;
    }
    if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
        close(fd);
        return -1;
    }
    return fd;
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
        const char *n = e->d_name;
        size_t len = strlen(n);
        if (strncmp(n, "recover-", 8) != 0 || len < 13 || strcmp(n + len - 5, ".json") != 0) continue;
        char *lock_file = NULL, *stem = xasprintf("%s/%.*s", dir, (int)(len - 5), n);
        int fd = -1;
        if (len == 8 + 32 + 1 + 8 + 5 && hex_n(n + 8, 32) && n[40] == '-' && hex_n(n + 41, 8)) {
            /* recover-TOKEN-HASH.json: offered when its run's lock can be taken */
            if (token[0] && strncmp(n + 8, token, 32) == 0) goto skip; /* this run's */
            lock_file = xasprintf("%s/recover-%.32s.lock", dir, n + 8);
            bool missing;
            fd = take_lock(lock_file, &missing);
            if (fd < 0 && !missing) goto skip; /* a run that lives */
        } else {
            long pid;
            char tail[16];
            if (sscanf(n, "recover-%ld.%15s", &pid, tail) != 2 || strcmp(tail, "json") != 0 || pid <= 0 ||
                strspn(n + 8, "0123456789") != len - 13 || running(pid))
                goto skip;
        }
        struct stat st;
        char *j = xasprintf("%s.json", stem);
        if (lstat(j, &st) != 0 || !S_ISREG(st.st_mode) || (best && best->mtime >= st.st_mtime)) {
            if (best && S_ISREG(st.st_mode)) more++;
            free(j);
            goto skip;
        }
        if (best) more++;
        found_free(best);
        best = xcalloc(1, sizeof *best);
        best->json = j;
        best->path_file = xasprintf("%s.path", stem);
        best->lock_file = lock_file;
        best->lock_fd = fd;
        best->mtime = st.st_mtime;
        free(stem);
        continue;
    skip:
        if (fd >= 0) close(fd);
        free(lock_file);
        free(stem);
    }
    closedir(d);
    free(dir);
    if (!best) return;
    size_t len = 0;
    char *orig = read_file_regular(best->path_file, 8192, &len);
    char when[32], detail[300], title[96];
    struct tm tm;
    localtime_r(&best->mtime, &tm);
    strftime(when, sizeof when, "%Y-%m-%d %H:%M", &tm);
    snprintf(detail, sizeof detail, "%s, %s", orig && *orig ? orig : "never saved", when);
    free(orig);
    snprintf(title, sizeof title, "Unsaved changes from a session that ended%s", more ? " (and older ones)" : "");
    ov_item items[] = {{"Recover them", detail, DLRIG_ROLE_NORMAL},
                       {"Discard them", "the recovery file is deleted", DLRIG_ROLE_WARNING},
                       {"Later", "ask again at the next start", DLRIG_ROLE_NORMAL}};
    ov_menu(a, title, items, 3, 0, offer_cb, best, found_free);
}
