#define _GNU_SOURCE /* renameat2 */
#include "dlrig/util.h"

#include <ctype.h>
#include <limits.h>
#include <signal.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <stdint.h>
#include <sys/random.h>
#include <unistd.h>

static void oom(size_t n)
{
    fprintf(stderr, "dlrig: out of memory allocating %zu bytes\n", n);
    abort();
}

void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p) oom(n);
    return p;
}

void *xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (!p) oom(n * size);
    return p;
}

void *xrealloc(void *p, size_t n)
{
    void *q = realloc(p, n ? n : 1);
    if (!q) oom(n);
    return q;
}

char *xstrdup(const char *s)
{
    if (!s) return NULL;
    size_t n = strlen(s) + 1;
    char *d = xmalloc(n);
    memcpy(d, s, n);
    return d;
}

char *xasprintf(const char *fmt, ...)
{
    strbuf b = {0};
    va_list ap;
    va_start(ap, fmt);
    sb_vprintf(&b, fmt, ap);
    va_end(ap);
    return sb_take(&b);
}

static void sb_reserve(strbuf *b, size_t extra)
{
    if (b->len + extra + 1 <= b->cap) return;
    size_t cap = b->cap ? b->cap : 64;
    while (cap < b->len + extra + 1) cap *= 2;
    b->s = xrealloc(b->s, cap);
    b->cap = cap;
}

void sb_appendn(strbuf *b, const char *s, size_t n)
{
    sb_reserve(b, n);
    memcpy(b->s + b->len, s, n);
    b->len += n;
    b->s[b->len] = '\0';
}

void sb_append(strbuf *b, const char *s) { sb_appendn(b, s, strlen(s)); }

void sb_vprintf(strbuf *b, const char *fmt, va_list ap)
{
    va_list ap2;
    va_copy(ap2, ap);
    int n = vsnprintf(NULL, 0, fmt, ap2);
    va_end(ap2);
    if (n < 0) return;
    sb_reserve(b, (size_t)n);
    vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
    b->len += (size_t)n;
}

void sb_printf(strbuf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    sb_vprintf(b, fmt, ap);
    va_end(ap);
}

void sb_free(strbuf *b)
{
    free(b->s);
    b->s = NULL;
    b->len = b->cap = 0;
}

char *sb_take(strbuf *b)
{
    char *s = b->s ? b->s : xstrdup("");
    b->s = NULL;
    b->len = b->cap = 0;
    return s;
}

/* Reads what fd holds, at most max bytes (EFBIG beyond). */
static char *read_fd_limit(int fd, size_t max, size_t *len)
{
    strbuf b = {0};
    char chunk[8192];
    for (;;) {
        ssize_t n = read(fd, chunk, sizeof chunk);
        if (n < 0) {
            if (errno == EINTR) continue;
            int e = errno;
            sb_free(&b);
            errno = e;
            return NULL;
        }
        if (n == 0) break;
        if (b.len + (size_t)n > max) {
            sb_free(&b);
            errno = EFBIG;
            return NULL;
        }
        sb_appendn(&b, chunk, (size_t)n);
    }
    if (len) *len = b.len;
    return sb_take(&b);
}

/* Opens path for reading.  regular: only a regular file (opened without
 * blocking, so a FIFO in its place cannot hang the caller; ENXIO for a FIFO,
 * socket or device); otherwise anything but a directory. */
static int open_for_reading(const char *path, bool regular)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | (regular ? O_NONBLOCK : 0));
    if (fd < 0) return -1;
    struct stat st;
    int e = 0;
    if (fstat(fd, &st) != 0) e = errno;
    else if (S_ISDIR(st.st_mode)) e = EISDIR;
    else if (regular && !S_ISREG(st.st_mode)) e = ENXIO;
    if (e) {
        close(fd);
        errno = e;
        return -1;
    }
    if (regular) fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    return fd;
}

static char *read_path(const char *path, size_t max, size_t *len, bool regular)
{
    int fd = open_for_reading(path, regular);
    if (fd < 0) return NULL;
    char *text = read_fd_limit(fd, max, len);
    int e = errno;
    close(fd);
    if (!text) errno = e;
    return text;
}

char *read_file_limit(const char *path, size_t max, size_t *len) { return read_path(path, max, len, false); }

char *read_file_regular(const char *path, size_t max, size_t *len) { return read_path(path, max, len, true); }

const char *file_error(int e)
{
    switch (e) {
    case EISDIR: return "is a directory";
    case ENXIO: return "is not a regular file (a FIFO, socket or device)";
    case EFBIG: return "File too large";
    default: return strerror(e);
    }
}

static int fsync_dir_of(const char *path)
{
    char *dir = xstrdup(path);
    char *slash = strrchr(dir, '/');
    if (slash == dir) slash[1] = '\0';
    else if (slash) *slash = '\0';
    else strcpy(dir, ".");
    int fd = open(dir, O_RDONLY | O_DIRECTORY);
    free(dir);
    if (fd < 0) return -1;
    int rc = fsync(fd);
    close(fd);
    return rc;
}

static int write_all(int fd, const void *data, size_t len)
{
    const char *p = data;
    while (len > 0) {
        ssize_t w = write(fd, p, len);
        if (w < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        p += w;
        len -= (size_t)w;
    }
    return 0;
}

/* A device or FIFO cannot be replaced by renaming a file over it (as root,
 * that would turn /dev/full into a regular file): write to it in place. */
static int write_in_place(const char *path, const void *data, size_t len)
{
    int fd = open(path, O_WRONLY | O_NOCTTY);
    if (fd < 0) return -1;
    if (write_all(fd, data, len) != 0) {
        int e = errno;
        close(fd);
        errno = e;
        return -1;
    }
    return close(fd);
}

/* The directory part of path ("." when none); caller frees. */
static char *dir_of(const char *path)
{
    char *dir = xstrdup(path);
    char *slash = strrchr(dir, '/');
    if (slash == dir) slash[1] = '\0';
    else if (slash) *slash = '\0';
    else strcpy(dir, ".");
    return dir;
}

/* A random hexadecimal part of 2 * n characters (n <= 16) in out. */
static void random_hex(char *out, size_t n)
{
    unsigned char r[16];
    if (n > sizeof r) n = sizeof r;
    size_t got = 0;
    while (got < n) {
        ssize_t k = getrandom(r + got, n - got, 0);
        if (k < 0 && errno == EINTR) continue;
        if (k <= 0) break;
        got += (size_t)k;
    }
    if (got < n) { /* no entropy source: time and address, still unique enough for a name */
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        unsigned long long x = (unsigned long long)ts.tv_nsec ^ ((unsigned long long)ts.tv_sec << 30) ^
                               (unsigned long long)(uintptr_t)&ts ^ ((unsigned long long)getpid() << 17);
        for (size_t i = got; i < n; i++) {
            x = x * 6364136223846793005ull + 1442695040888963407ull;
            r[i] = (unsigned char)(x >> 56);
        }
    }
    for (size_t i = 0; i < n; i++) sprintf(out + 2 * i, "%02x", r[i]);
}

void random_token(char out[33]) { random_hex(out, 16); }

/* A temporary name for dest: "DEST.tmp<pid>-<16 random hex digits>" (the
 * random part made here, and the file created with O_EXCL, so the name is
 * this process's own).  Returns the open file, -1 with errno on failure;
 * *name gets the name (caller frees). */
static int create_named_temp(const char *dest, char **name)
{
    for (int tries = 0; tries < 16; tries++) {
        char r[33];
        random_hex(r, 8);
        *name = xasprintf("%s.tmp%ld-%s", dest, (long)getpid(), r);
        int fd = open(*name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOCTTY, 0600);
        if (fd >= 0) return fd;
        int e = errno;
        free(*name);
        *name = NULL;
        errno = e;
        if (e != EEXIST) return -1;
    }
    return -1;
}

/* Renames tmp to path unless path exists (EEXIST): atomically, with
 * renameat2(RENAME_NOREPLACE), or link() + unlink() where that is missing. */
static int rename_noreplace(const char *tmp, const char *path)
{
#ifdef RENAME_NOREPLACE
    if (renameat2(AT_FDCWD, tmp, AT_FDCWD, path, RENAME_NOREPLACE) == 0) return 0;
    if (errno != EINVAL && errno != ENOSYS) return -1;
#endif
    if (link(tmp, path) != 0) return -1;
    unlink(tmp);
    return 0;
}

/* Writes data, fsyncs and checks the close of fd; closes it in any case. */
static int fill_and_close(int fd, const void *data, size_t len, mode_t mode)
{
    if (write_all(fd, data, len) != 0 || fchmod(fd, mode) != 0 || fsync(fd) != 0) {
        int e = errno;
        close(fd);
        errno = e;
        return -1;
    }
    return close(fd);
}

/* The new version of dest, written beside it and put in its place.  First
 * as a file without a name (O_TMPFILE) that gets the destination's name
 * only when complete: a process killed meanwhile leaves nothing behind.
 * Where the file system or /proc does not allow that, a temporary file
 * created here under a name only this process uses (create_named_temp).
 * Either way the only file ever removed is this call's own temporary one. */
static int write_new_version(const char *dir, const char *dest, const void *data, size_t len, mode_t mode,
                             bool overwrite)
{
    char *tmp = NULL;
    int fd;
#ifdef O_TMPFILE
    fd = open(dir, O_TMPFILE | O_WRONLY | O_CLOEXEC, 0600);
    if (fd >= 0) {
        if (write_all(fd, data, len) != 0 || fchmod(fd, mode) != 0 || fsync(fd) != 0) {
            int e = errno;
            close(fd);
            errno = e;
            return -1;
        }
        char proc[64];
        snprintf(proc, sizeof proc, "/proc/self/fd/%d", fd);
        int rc = -1;
        if (!overwrite) {
            rc = linkat(AT_FDCWD, proc, AT_FDCWD, dest, AT_SYMLINK_FOLLOW);
        } else {
            /* a name for the complete file, then renamed over the destination */
            for (int tries = 0; tries < 16 && rc != 0; tries++) {
                char r[33];
                random_hex(r, 8);
                free(tmp);
                tmp = xasprintf("%s.tmp%ld-%s", dest, (long)getpid(), r);
                rc = linkat(AT_FDCWD, proc, AT_FDCWD, tmp, AT_SYMLINK_FOLLOW);
                if (rc != 0 && errno != EEXIST) break;
            }
            if (rc == 0 && rename(tmp, dest) != 0) {
                int e = errno;
                unlink(tmp);
                errno = e;
                rc = -1;
            }
        }
        int e = errno;
        bool no_proc = rc != 0 && (e == ENOENT || e == EPERM || e == EACCES) && access(proc, F_OK) != 0;
        if (close(fd) != 0 && rc == 0) e = errno, rc = -1;
        free(tmp);
        tmp = NULL;
        if (rc == 0) {
            fsync_dir_of(dest);
            return 0;
        }
        if (!no_proc) {
            errno = e;
            return -1;
        }
        /* no /proc to link the file from: a named temporary file instead */
    } else if (errno != EOPNOTSUPP && errno != EISDIR && errno != EINVAL) { /* EISDIR, EINVAL: no O_TMPFILE here */
        return -1;
    }
#else
    (void)dir;
#endif
    fd = create_named_temp(dest, &tmp);
    if (fd < 0) return -1;
    if (fill_and_close(fd, data, len, mode) != 0) goto fail;
    if (overwrite ? rename(tmp, dest) != 0 : rename_noreplace(tmp, dest) != 0) goto fail;
    free(tmp);
    fsync_dir_of(dest);
    return 0;
fail: {
    int e = errno;
    unlink(tmp);
    free(tmp);
    errno = e;
    return -1;
}
}

int write_file_atomic(const char *path, const void *data, size_t len, bool overwrite)
{
    if (!path || !*path) {
        errno = ENOENT;
        return -1;
    }
    struct stat st;
    char *target = NULL; /* a symlink's target: written through the link */
    if (lstat(path, &st) == 0 && S_ISLNK(st.st_mode)) {
        if (stat(path, &st) == 0) {
            target = realpath(path, NULL);
            if (!target) return -1;
        } else if (!overwrite) { /* a dangling link is an existing name */
            errno = EEXIST;
            return -1;
        }
    }
    const char *dest = target ? target : path;
    mode_t mode;
    bool exists = stat(dest, &st) == 0;
    if ((exists || target) && !overwrite) {
        free(target);
        errno = EEXIST;
        return -1;
    }
    if (exists) {
        if (S_ISDIR(st.st_mode)) {
            free(target);
            errno = EISDIR;
            return -1;
        }
        if (!S_ISREG(st.st_mode)) {
            int rc = write_in_place(dest, data, len);
            int e = errno;
            free(target);
            errno = e;
            return rc;
        }
        mode = st.st_mode & 07777; /* keep the file's permissions */
    } else {
        mode_t um = umask(0);
        umask(um);
        mode = 0666 & ~um;
    }
    char *dir = dir_of(dest);
    int rc = write_new_version(dir, dest, data, len, mode, overwrite);
    int e = errno;
    free(dir);
    free(target);
    errno = e;
    return rc;
}

static int mkdir_p(const char *path, mode_t mode)
{
    char *d = xstrdup(path);
    for (char *p = d + 1; *p; p++) {
        if (*p != '/') continue;
        *p = '\0';
        if (mkdir(d, mode) != 0 && errno != EEXIST) {
            int e = errno;
            free(d);
            errno = e;
            return -1;
        }
        *p = '/';
    }
    int rc = mkdir(d, mode);
    int e = errno;
    free(d);
    if (rc != 0 && e != EEXIST) {
        errno = e;
        return -1;
    }
    return 0;
}

static char *xdg_dir(const char *var, const char *fallback, bool create)
{
    const char *v = getenv(var);
    char *dir;
    if (v && v[0] == '/') {
        dir = xasprintf("%s/dlrig", v);
    } else {
        const char *home = getenv("HOME");
        if (!home || home[0] != '/') {
            errno = ENOENT;
            return NULL;
        }
        dir = xasprintf("%s/%s/dlrig", home, fallback);
    }
    if (create && mkdir_p(dir, 0700) != 0) {
        int e = errno;
        free(dir);
        errno = e;
        return NULL;
    }
    return dir;
}

char *xdg_data_dir(bool create) { return xdg_dir("XDG_DATA_HOME", ".local/share", create); }
char *xdg_config_dir(bool create) { return xdg_dir("XDG_CONFIG_HOME", ".config", create); }
char *xdg_state_dir(bool create) { return xdg_dir("XDG_STATE_HOME", ".local/state", create); }
char *xdg_cache_dir(bool create) { return xdg_dir("XDG_CACHE_HOME", ".cache", create); }

int edit_distance(const char *a, const char *b, int limit)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la > 128 || lb > 128) return limit + 1;
    int prev[129], cur[129];
    for (size_t j = 0; j <= lb; j++) prev[j] = (int)j;
    for (size_t i = 1; i <= la; i++) {
        cur[0] = (int)i;
        int rowmin = cur[0];
        for (size_t j = 1; j <= lb; j++) {
            int c = prev[j - 1] + (a[i - 1] != b[j - 1]);
            if (prev[j] + 1 < c) c = prev[j] + 1;
            if (cur[j - 1] + 1 < c) c = cur[j - 1] + 1;
            cur[j] = c;
            if (c < rowmin) rowmin = c;
        }
        if (rowmin > limit) return limit + 1;
        memcpy(prev, cur, sizeof(int) * (lb + 1));
    }
    return prev[lb];
}

double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int cmp_dated_file(const void *x, const void *y)
{
    const dated_file *p = x, *q = y;
    if (p->mtime != q->mtime) return p->mtime < q->mtime ? 1 : -1;
    if (p->mtime_ns != q->mtime_ns) return p->mtime_ns < q->mtime_ns ? 1 : -1;
    return strcmp(p->path, q->path);
}

long list_json_files(const char *dir, dated_file **out)
{
    *out = NULL;
    DIR *d = dir ? opendir(dir) : NULL;
    if (!d) return -1;
    dated_file *v = NULL;
    size_t n = 0, cap = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        size_t l = strlen(e->d_name);
        if (l <= 5 || e->d_name[0] == '.' || strcmp(e->d_name + l - 5, ".json") != 0) continue;
        char *full = xasprintf("%s/%s", dir, e->d_name);
        struct stat st;
        if (stat(full, &st) != 0 || !S_ISREG(st.st_mode)) {
            free(full);
            continue;
        }
        if (n == cap) v = xrealloc(v, (cap = cap ? cap * 2 : 16) * sizeof *v);
        v[n++] = (dated_file){full, (long long)st.st_mtim.tv_sec, (long)st.st_mtim.tv_nsec};
    }
    closedir(d);
    if (n > 1) qsort(v, n, sizeof *v, cmp_dated_file);
    *out = v;
    return (long)n;
}

void dated_files_free(dated_file *v, size_t n)
{
    for (size_t i = 0; i < n; i++) free(v[i].path);
    free(v);
}

/* Length of the valid UTF-8 sequence at s (at most left bytes) and its code
 * point in *cp, or 0 when the bytes there are not valid UTF-8. */
static size_t utf8_seq(const unsigned char *s, size_t left, unsigned *cp)
{
    unsigned c = s[0];
    size_t n;
    unsigned min;
    if (c < 0x80) {
        *cp = c;
        return 1;
    } else if (c >= 0xc2 && c <= 0xdf) {
        n = 2, c &= 0x1f, min = 0x80;
    } else if (c >= 0xe0 && c <= 0xef) {
        n = 3, c &= 0x0f, min = 0x800;
    } else if (c >= 0xf0 && c <= 0xf4) {
        n = 4, c &= 0x07, min = 0x10000;
    } else {
        return 0;
    }
    if (left < n) return 0;
    for (size_t i = 1; i < n; i++) {
        if ((s[i] & 0xc0) != 0x80) return 0;
        c = (c << 6) | (s[i] & 0x3f);
    }
    if (c < min || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff)) return 0;
    *cp = c;
    return n;
}

bool utf8_valid(const char *s, size_t len)
{
    const unsigned char *p = (const unsigned char *)s;
    while (len > 0) {
        unsigned cp;
        size_t n = utf8_seq(p, len, &cp);
        if (n == 0) return false;
        p += n;
        len -= n;
    }
    return true;
}

void sb_append_term_safe(strbuf *sb, const char *s, size_t len, unsigned flags)
{
    const unsigned char *p = (const unsigned char *)s;
    bool json = flags & TERM_SAFE_JSON;
    while (len > 0) {
        /* copy the longest run of harmless bytes at once */
        size_t run = 0;
        while (run < len && p[run] >= 0x20 && p[run] < 0x7f) run++;
        if (run) {
            sb_appendn(sb, (const char *)p, run);
            p += run;
            len -= run;
            continue;
        }
        unsigned cp;
        size_t n = utf8_seq(p, len, &cp);
        if (n == 0) {
            if (json) sb_append(sb, "\\ufffd");
            else sb_printf(sb, "\\x%02x", p[0]);
            p++;
            len--;
            continue;
        }
        /* a carriage return only where it ends a line: inside one it would let
         * the rest of the line overwrite its start */
        bool keep_line = (flags & TERM_SAFE_KEEP_LINES) &&
                         (cp == '\n' || cp == '\t' || (cp == '\r' && len > 1 && p[1] == '\n'));
        bool bad = !keep_line && (cp < 0x20 || (cp >= 0x7f && cp <= 0x9f) || uc_hidden_format(cp));
        if (!bad) sb_appendn(sb, (const char *)p, n);
        else if (json) sb_printf(sb, "\\u%04x", cp);
        else if (cp < 0x80) sb_printf(sb, "\\x%02x", cp);
        else sb_printf(sb, "\\u%04x", cp);
        p += n;
        len -= n;
    }
    if (!sb->s) sb_append(sb, "");
}

char *term_safe(const char *s, unsigned flags)
{
    strbuf sb = {0};
    if (s) sb_append_term_safe(&sb, s, strlen(s), flags);
    return sb_take(&sb);
}

bool uc_hidden_format(unsigned cp)
{
    return cp == 0x061c || cp == 0x180e || cp == 0x200b || cp == 0x200e || cp == 0x200f ||
           (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2060 && cp <= 0x2064) || (cp >= 0x2066 && cp <= 0x206f) ||
           cp == 0xfeff || (cp >= 0xfff9 && cp <= 0xfffb);
}

const char *text_problem(const char *s, size_t len, unsigned flags)
{
    const unsigned char *p = (const unsigned char *)s;
    while (len > 0) {
        unsigned cp;
        size_t n = utf8_seq(p, len, &cp);
        if (n == 0) return "is not valid UTF-8";
        bool line = (flags & TEXT_MULTILINE) && (cp == '\n' || (cp == '\r' && len > 1 && p[1] == '\n'));
        if (!line && cp != '\t' && (cp < 0x20 || (cp >= 0x7f && cp <= 0x9f)))
            return flags & TEXT_MULTILINE ? "contains control characters (text, tabs and line breaks only)"
                                          : "contains control characters or line breaks (one line of text only)";
        p += n;
        len -= n;
    }
    return NULL;
}

bool token_valid(const char *s, size_t max, const char *extra)
{
    size_t n = s ? strlen(s) : 0;
    if (n == 0 || n > max) return false;
    for (const char *p = s; *p; p++)
        if (!isalnum((unsigned char)*p) && !(extra && strchr(extra, *p))) return false;
    return true;
}
