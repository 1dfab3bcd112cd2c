/*
 * util.h — small helpers shared by the core and the front ends: allocation
 * that aborts loudly on failure, a growable string buffer, XDG paths and
 * atomic file writes.
 */
#ifndef DLRIG_UTIL_H
#define DLRIG_UTIL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

/* Allocation failures print a message and abort: there is no sensible way
 * on for a configurator that cannot allocate a few kilobytes. */
void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n); /* on failure aborts; p stays valid until then */
char *xstrdup(const char *s);      /* NULL in, NULL out */
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* A growable NUL-terminated string. Zero-initialise; free with sb_free. */
typedef struct strbuf {
    char *s;
    size_t len, cap;
} strbuf;
void sb_append(strbuf *b, const char *s);
void sb_appendn(strbuf *b, const char *s, size_t n);
void sb_printf(strbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void sb_vprintf(strbuf *b, const char *fmt, va_list ap) __attribute__((format(printf, 2, 0)));
void sb_free(strbuf *b);
/* Returns the string and leaves b empty; the caller frees the result. */
char *sb_take(strbuf *b);

/* Reads a whole file of at most max bytes.  Returns a NUL-terminated buffer
 * (caller frees) and its length in *len, or NULL with errno set (EFBIG when
 * the file is larger than max). */
char *read_file_limit(const char *path, size_t max, size_t *len);
/* read_file_limit for dlrig's own files (settings, remembered answers,
 * caches, files found in its folders): only a regular file is read, and it
 * is opened without waiting, so a FIFO put in its place fails at once
 * (ENXIO) instead of blocking forever.  A directory fails with EISDIR. */
char *read_file_regular(const char *path, size_t max, size_t *len);
/* What an errno of the readers above means, for a message: "is a
 * directory", "is not a regular file (...)", else strerror's text. */
const char *file_error(int e);

/* Writes data to path atomically: a new file in the same directory, write,
 * fsync, close, then put in path's place, fsync of the directory.  The new
 * file has no name until complete (O_TMPFILE, linked in); where the file
 * system has no O_TMPFILE it is PATH.tmp<pid>-<16 random hex digits>,
 * created by this call.  The only file removed on failure is that one: a
 * kill in the middle may leave it (never with O_TMPFILE), and no other
 * file of the directory is ever touched.  An existing file keeps its permissions; a new one
 * gets 0666 less the umask.  A symlink to a file is written through (its
 * target is replaced).  With overwrite false an existing path, a dangling
 * symlink included, is not replaced (returns -1 with errno EEXIST), without
 * a race: the final step fails when the name appeared meanwhile.  Returns 0
 * on success, -1 with errno set and path untouched on failure (ENOENT for an
 * empty path).  An existing path that is not a regular file is never
 * replaced: a directory fails with EISDIR, and a device or FIFO
 * (/dev/stdout, /dev/null, /dev/full) is written in place, so its errors
 * (ENOSPC from /dev/full) are reported. */
int write_file_atomic(const char *path, const void *data, size_t len, bool overwrite);

/* The user's dlrig data / config directory ($XDG_DATA_HOME/dlrig or
 * ~/.local/share/dlrig; $XDG_CONFIG_HOME/dlrig or ~/.config/dlrig).  Relative
 * XDG values are ignored as the spec says.  With create, the directory is
 * made (mode 0700) if missing.  Returns a string the caller frees, or NULL
 * with errno set. */
char *xdg_data_dir(bool create);
char *xdg_config_dir(bool create);
/* The same for state that outlives a run but is no user data:
 * $XDG_STATE_HOME/dlrig or ~/.local/state/dlrig (the terminal interface's
 * recovery files). */
char *xdg_state_dir(bool create);
/* The same for what can be recomputed at will: $XDG_CACHE_HOME/dlrig or
 * ~/.cache/dlrig (which --catalog files passed their checks). */
char *xdg_cache_dir(bool create);

/* A file found by list_json_files. */
typedef struct dated_file {
    char *path; /* dir/name, malloc'd */
    long long mtime; /* seconds */
    long mtime_ns;   /* and nanoseconds, so two saves in one second still order */
} dated_file;

/* The regular *.json files of dir (hidden files skipped), newest first.
 * Returns how many were found and sets *out (caller frees each path and the
 * array with dated_files_free), or -1 with errno set when dir cannot be read. */
long list_json_files(const char *dir, dated_file **out);
void dated_files_free(dated_file *v, size_t n);

/* Edit distance of a and b (bounded: stops counting at limit+1). */
int edit_distance(const char *a, const char *b, int limit);


/* ---- text from files on a terminal ---- */

/* Flags of sb_append_term_safe / term_safe. */
enum {
    TERM_SAFE_KEEP_LINES = 1 << 0, /* keep newline, tab and carriage return as they are */
    TERM_SAFE_JSON = 1 << 1,       /* escape as \uXXXX (text that is a JSON document), invalid bytes as \ufffd */
};

/* Appends len bytes of s to sb with everything that could drive a terminal
 * neutralised and shown escaped: C0 controls and DEL as \x1b, C1 controls
 * (U+0080-U+009F) and the bidirectional overrides and isolates (U+202A-U+202E,
 * U+2066-U+2069) as \u202e, and bytes that are not valid UTF-8 as \xff.
 * Printable text, UTF-8 included, is copied unchanged. */
void sb_append_term_safe(strbuf *sb, const char *s, size_t len, unsigned flags);
/* The same for a NUL-terminated string (NULL gives ""); the caller frees the result. */
char *term_safe(const char *s, unsigned flags);
/* Whether code point cp is an invisible format character that reorders or
 * hides text on a terminal: the bidirectional marks, embeddings, overrides
 * and isolates (U+061C, U+200E, U+200F, U+202A-U+202E, U+2066-U+2069), the
 * invisible separators and operators (U+180E, U+200B, U+2060-U+2064,
 * U+206A-U+206F, U+FEFF) and the annotation marks (U+FFF9-U+FFFB).  The
 * joiners (U+200C, U+200D) are not: scripts and emoji need them.
 * term_safe shows these escaped, the terminal interface as '?'. */
bool uc_hidden_format(unsigned cp);
/* Flags of text_problem. */
enum {
    TEXT_MULTILINE = 1 << 0, /* line breaks (\n, \r\n) allowed */
};
/* The one check of text a user gives for a document (quote fields, the
 * seller profile, remembered answers): NULL when len bytes of s are valid
 * UTF-8 without control characters (tabs allowed; line breaks only with
 * TEXT_MULTILINE), else why not ("is not valid UTF-8", ...), for a message
 * that names the field first. */
const char *text_problem(const char *s, size_t len, unsigned flags);
/* Whether s is 1 to max characters, each an ASCII letter or digit or one of extra. */
bool token_valid(const char *s, size_t max, const char *extra);
/* 32 random hexadecimal digits (getrandom; a time-based fallback) and a NUL. */
void random_token(char out[33]);
/* Whether len bytes of s are valid UTF-8 (no overlong forms, surrogates or
 * code points above U+10FFFF). */
bool utf8_valid(const char *s, size_t len);

/* Monotonic time in seconds. */
double now_seconds(void);

#endif
