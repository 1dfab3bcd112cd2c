#include <cjson/cJSON.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <wchar.h>

#include "cli/cli.h"
#include "dlrig/prices.h"
#include "dlrig/query.h"
#include "dlrig/util.h"

dlrig_catalog *cli_catalog(cli_ctx *ctx)
{
    if (ctx->cat) return ctx->cat;
    char err[512];
    ctx->cat = catalog_open(ctx->catalog_path, err, sizeof err);
    if (!ctx->cat) {
        cli_error("%s", err);
        return NULL;
    }
    /* the user's imported price lists apply to every command */
    char *db = prices_user_db_path(false);
    err[0] = '\0';
    if (db && catalog_apply_user_prices(ctx->cat, db, err, sizeof err) != 0) {
        cli_error("%s", err);
        catalog_close(ctx->cat);
        ctx->cat = NULL;
    } else if (err[0]) {
        cli_error("%s", err); /* what recovering the user database did */
    }
    free(db);
    return ctx->cat;
}

void cli_error(const char *fmt, ...)
{
    strbuf msg = {0}, safe = {0};
    va_list ap;
    va_start(ap, fmt);
    sb_vprintf(&msg, fmt, ap);
    va_end(ap);
    /* messages quote file names, part ids and values from files */
    sb_append_term_safe(&safe, msg.s ? msg.s : "", msg.len, TERM_SAFE_KEEP_LINES);
    fprintf(stderr, "dlrig: %s\n", safe.s);
    sb_free(&msg);
    sb_free(&safe);
}

const char *cli_safe(const char *s)
{
    static char *ring[16];
    static unsigned next;
    char **slot = &ring[next++ % 16];
    free(*slot);
    *slot = term_safe(s, 0);
    return *slot;
}

void cli_put_safe(const char *s, size_t len, FILE *f)
{
    strbuf b = {0};
    sb_append_term_safe(&b, s, len, TERM_SAFE_KEEP_LINES);
    fwrite(b.s, 1, b.len, f);
    sb_free(&b);
}

void cli_print_json(cJSON *doc)
{
    char *s = cJSON_Print(doc);
    if (s) {
        strbuf b = {0};
        sb_append_term_safe(&b, s, strlen(s), TERM_SAFE_KEEP_LINES | TERM_SAFE_JSON);
        fputs(b.s, stdout);
        fputc('\n', stdout);
        sb_free(&b);
        cJSON_free(s);
    }
    cJSON_Delete(doc);
}

bool cli_use_color(int fd)
{
    const char *nc = getenv("NO_COLOR");
    if (nc && *nc) return false;
    const char *term = getenv("TERM");
    if (term && strcmp(term, "dumb") == 0) return false;
    return isatty(fd);
}

int cli_term_width(void)
{
    if (!isatty(STDOUT_FILENO)) return 0;
    struct winsize ws;
    if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0) return ws.ws_col;
    const char *cols = getenv("COLUMNS");
    if (cols && atoi(cols) > 0) return atoi(cols);
    return 80;
}

int display_width(const char *s)
{
    mbstate_t st;
    memset(&st, 0, sizeof st);
    int w = 0;
    const char *p = s;
    size_t left = strlen(s);
    while (left > 0) {
        unsigned char b = (unsigned char)*p;
        if (b < 0x80 && mbsinit(&st)) { /* ASCII: one column if printable */
            w += b >= 0x20 && b < 0x7f;
            p++;
            left--;
            continue;
        }
        wchar_t wc;
        size_t n = mbrtowc(&wc, p, left, &st);
        if (n == (size_t)-1 || n == (size_t)-2) { /* invalid: count a byte as a column */
            memset(&st, 0, sizeof st);
            n = 1;
            w++;
        } else {
            if (n == 0) n = 1;
            int cw = wcwidth(wc);
            w += cw > 0 ? cw : 0;
        }
        p += n;
        left -= n;
    }
    return w;
}

struct cli_table {
    size_t ncols, nrows, cap;
    char **cells; /* (nrows+1) x ncols; row 0 is the header */
    bool *right;
};

cli_table *table_new(size_t ncols, const char *const *headers, const bool *right_align)
{
    cli_table *t = xcalloc(1, sizeof *t);
    t->ncols = ncols;
    t->cap = 16;
    t->cells = xcalloc(t->cap * ncols, sizeof(char *));
    t->right = xcalloc(ncols, sizeof(bool));
    for (size_t i = 0; i < ncols; i++) {
        t->cells[i] = xstrdup(headers[i]);
        t->right[i] = right_align ? right_align[i] : false;
    }
    t->nrows = 1;
    return t;
}

void table_row(cli_table *t, const char *const *cells)
{
    if (t->nrows == t->cap) {
        t->cells = xrealloc(t->cells, t->cap * 2 * t->ncols * sizeof(char *));
        t->cap *= 2;
    }
    for (size_t i = 0; i < t->ncols; i++) t->cells[t->nrows * t->ncols + i] = term_safe(cells[i], 0);
    t->nrows++;
}

void sb_append_cut(strbuf *sb, const char *s, int w)
{
    if (display_width(s) <= w) {
        sb_append(sb, s);
        return;
    }
    mbstate_t st;
    memset(&st, 0, sizeof st);
    int acc = 0;
    const char *p = s;
    size_t left = strlen(s);
    while (left > 0) {
        wchar_t wc;
        size_t n = mbrtowc(&wc, p, left, &st);
        int cw = 1;
        if (n == (size_t)-1 || n == (size_t)-2) {
            memset(&st, 0, sizeof st);
            n = 1;
        } else {
            if (n == 0) n = 1;
            cw = wcwidth(wc) > 0 ? wcwidth(wc) : 0;
        }
        if (acc + cw > w - 1) break;
        sb_appendn(sb, p, n);
        acc += cw;
        p += n;
        left -= n;
    }
    sb_append(sb, "~");
}

bool cli_parse_number(const char *s, double *out)
{
    /* decimal only: strtod would also take hex ("0x10" = 16), inf and nan */
    if (!*s || strspn(s, "0123456789+-.eE") != strlen(s)) return false;
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (errno || end == s || *end || isnan(v)) return false;
    *out = v;
    return true;
}

/* Writes s cut to at most w display columns; *used gets the columns written. */
static void put_cut(const char *s, int w, int *used)
{
    strbuf b = {0};
    sb_append_cut(&b, s, w);
    fputs(b.s, stdout);
    *used = display_width(b.s);
    sb_free(&b);
}

/* Fits the table into max_width columns.  Text columns narrow first, the
 * column `shrink` down to 16, then the widest one at a time down to 8 (never
 * under its header); numbers, the first column and the column `keep` (the
 * id, which people copy) are never cut.  When even that is too wide, columns
 * are hidden from the right, keeping the first, `keep`, `shrink` and the last
 * (the price); shown[] says which stay. */
static void fit_widths(const cli_table *t, int *w, bool *shown, int max_width, size_t shrink, size_t keep)
{
    int *floor_w = xcalloc(t->ncols, sizeof *floor_w);
    for (size_t c = 0; c < t->ncols; c++) {
        int head = display_width(t->cells[c]);
        floor_w[c] = (c == 0 || c == keep || t->right[c]) ? w[c] : head > 8 ? head : 8;
        if (floor_w[c] > w[c]) floor_w[c] = w[c];
        shown[c] = true;
    }
    int least = 0, total = 0;
    for (size_t c = 0; c < t->ncols; c++) {
        least += floor_w[c] + (c ? 2 : 0);
        total += w[c] + (c ? 2 : 0);
    }
    for (size_t c = t->ncols; least > max_width && c-- > 1;) {
        if (c == shrink || c == keep || c + 1 == t->ncols) continue;
        shown[c] = false;
        least -= floor_w[c] + 2;
        total -= w[c] + 2;
    }
    if (shrink < t->ncols && !t->right[shrink])
        while (total > max_width && w[shrink] > 16 && w[shrink] > floor_w[shrink]) w[shrink]--, total--;
    while (total > max_width) {
        size_t widest = t->ncols;
        for (size_t c = 1; c < t->ncols; c++)
            if (shown[c] && w[c] > floor_w[c] && (widest == t->ncols || w[c] > w[widest])) widest = c;
        if (widest == t->ncols) break;
        w[widest]--, total--;
    }
    free(floor_w);
}

void table_print(cli_table *t, int max_width, size_t shrink, size_t keep)
{
    int *w = xcalloc(t->ncols, sizeof(int));
    bool *shown = xcalloc(t->ncols, sizeof(bool));
    for (size_t r = 0; r < t->nrows; r++)
        for (size_t c = 0; c < t->ncols; c++) {
            int dw = display_width(t->cells[r * t->ncols + c]);
            if (dw > w[c]) w[c] = dw;
        }
    if (max_width > 0) fit_widths(t, w, shown, max_width, shrink, keep);
    else
        for (size_t c = 0; c < t->ncols; c++) shown[c] = true;
    size_t last = 0;
    for (size_t c = 0; c < t->ncols; c++)
        if (shown[c]) last = c;
    for (size_t r = 0; r < t->nrows; r++) {
        bool first = true;
        for (size_t c = 0; c < t->ncols; c++) {
            if (!shown[c]) continue;
            const char *s = t->cells[r * t->ncols + c];
            int used = 0;
            if (!first) fputs("  ", stdout);
            first = false;
            if (t->right[c]) {
                int dw = display_width(s);
                for (int k = dw; k < w[c]; k++) fputc(' ', stdout);
                put_cut(s, w[c], &used);
            } else {
                put_cut(s, w[c], &used);
                if (c < last)
                    for (int k = used; k < w[c]; k++) fputc(' ', stdout);
            }
        }
        fputc('\n', stdout);
    }
    strbuf hidden = {0};
    for (size_t c = 0; c < t->ncols; c++)
        if (!shown[c]) sb_printf(&hidden, "%s%s", hidden.len ? ", " : "", t->cells[c]);
    if (hidden.len) printf("(hidden to fit %d columns: %s; --json has every field)\n", max_width, hidden.s);
    sb_free(&hidden);
    free(shown);
    free(w);
}

void table_free(cli_table *t)
{
    if (!t) return;
    for (size_t i = 0; i < t->nrows * t->ncols; i++) free(t->cells[i]);
    free(t->cells);
    free(t->right);
    free(t);
}

int cli_number_opt(const char *opt, const char *s, double lo, double hi, double *out)
{
    double v;
    if (!cli_parse_number(s, &v) || !(v > lo && v <= hi)) {
        cli_error("%s: expected a number above %g and at most %g, got '%s'", opt, lo, hi, s);
        return -1;
    }
    *out = v;
    return 0;
}

/* ---- requirement options from the core's field table ---- */

/* getopt_long value of a field without a short letter. */
#define REQ_OPT_BASE 1000

const char *const *cli_override_keys(void)
{
    static const char *keys[CLI_REQOPTS_MAX];
    if (!keys[0]) {
        size_t nf, n = 0;
        const dlrig_reqfield *f = requirements_fields(&nf);
        keys[n++] = "workload";
        for (size_t i = 0; i < nf && n + 1 < CLI_REQOPTS_MAX; i++)
            if (f[i].version >= 2) keys[n++] = f[i].key;
    }
    return keys;
}

void cli_reqopts_build(cli_reqopts *o, const char *const *keys, const struct option *extra, const char *extra_short)
{
    memset(o, 0, sizeof *o);
    snprintf(o->shortopts, sizeof o->shortopts, "%s", extra_short ? extra_short : "");
    size_t nf, n = 0;
    const dlrig_reqfield *f = requirements_fields(&nf);
    for (size_t i = 0; i < nf; i++) {
        if (keys && id_index(keys, f[i].key) < 0) continue;
        if (n + 1 >= CLI_REQOPTS_MAX) break;
        o->fields[o->n_fields++] = &f[i];
        int val = f[i].short_opt ? f[i].short_opt : REQ_OPT_BASE + (int)i;
        o->opts[n++] = (struct option){f[i].option, f[i].kind == DLRIG_RK_BOOL ? no_argument : required_argument,
                                       NULL, val};
        if (f[i].short_opt) {
            size_t k = strlen(o->shortopts);
            if (k + 3 < sizeof o->shortopts) {
                o->shortopts[k] = f[i].short_opt;
                o->shortopts[k + 1] = ':';
                o->shortopts[k + 2] = '\0';
            }
        }
    }
    for (size_t i = 0; extra && extra[i].name && n + 1 < CLI_REQOPTS_MAX; i++) o->opts[n++] = extra[i];
    o->opts[n] = (struct option){NULL, 0, NULL, 0};
}

int cli_reqopts_apply(cli_ctx *ctx, const cli_reqopts *o, int c, const char *arg, dlrig_requirements *r,
                      const dlrig_reqfield **which)
{
    size_t nf;
    const dlrig_reqfield *all = requirements_fields(&nf);
    const dlrig_reqfield *f = NULL;
    for (size_t i = 0; i < o->n_fields && !f; i++) {
        size_t idx = (size_t)(o->fields[i] - all);
        if ((o->fields[i]->short_opt && c == o->fields[i]->short_opt) || c == REQ_OPT_BASE + (int)idx)
            f = o->fields[i];
    }
    if (!f) return 0;
    if (which) *which = f;
    const dlrig_catalog *cat = NULL;
    if (f->kind == DLRIG_RK_CATALOG || !strcmp(f->key, "model")) { /* a model may be named as the screens show it */
        cat = cli_catalog(ctx);
        if (!cat) return -1;
    }
    char name[64];
    snprintf(name, sizeof name, "--%s", f->option);
    /* the message lists the valid values, as many as a --catalog has: grow until it fits */
    for (size_t len = 1024;; len *= 4) {
        char *err = xmalloc(len);
        int rc = requirements_parse_text(f, f->kind == DLRIG_RK_BOOL ? "yes" : arg, name, cat, r, err, len);
        if (rc == 0 || strlen(err) + 1 < len || len > (1u << 24)) {
            /* a catalog that failed to read (out of memory) makes every id unknown: main says what
             * happened instead (catalog_error) */
            if (rc != 0 && !(cat && catalog_error(cat))) cli_error("%s", err);
            free(err);
            return rc == 0 ? 1 : -1;
        }
        free(err);
    }
}

/* Prints text from column `col` on, wrapped to 79 columns with later lines
 * indented to `indent`. */
static void put_wrapped(FILE *f, const char *text, int col, int indent)
{
    const char *p = text;
    while (*p) {
        size_t w = strcspn(p, " ");
        if (col > indent && col + 1 + (int)w > 79) {
            fprintf(f, "\n%*s", indent, "");
            col = indent;
        } else if (col > indent) {
            fputc(' ', f);
            col++;
        }
        fwrite(p, 1, w, f);
        col += (int)w;
        p += w;
        while (*p == ' ') p++;
    }
    fputc('\n', f);
}

void cli_req_usage(cli_ctx *ctx, FILE *out, const char *const *keys)
{
    enum { DESC_COL = 27 };
    size_t nf;
    const dlrig_reqfield *f = requirements_fields(&nf);
    /* workloads, circuits and frameworks are the catalog's: the one the command would open (--catalog), read
     * quietly here; when it cannot be read the text names its tables instead */
    dlrig_catalog *own = NULL;
    const dlrig_catalog *cat = ctx->cat;
    if (!cat) {
        char err[512];
        cat = own = catalog_open(ctx->catalog_path, err, sizeof err);
    }
    for (size_t i = 0; i < nf; i++) {
        if (keys && id_index(keys, f[i].key) < 0) continue;
        strbuf opt = {0}, d = {0};
        if (f[i].short_opt) sb_printf(&opt, "  -%c, ", f[i].short_opt);
        else sb_append(&opt, "      ");
        sb_printf(&opt, "--%s", f[i].option);
        if (f[i].kind != DLRIG_RK_BOOL) sb_printf(&opt, " %s", f[i].metavar);
        sb_append(&d, f[i].help);
        if (f[i].kind == DLRIG_RK_ENUM || f[i].kind == DLRIG_RK_ENUM_BITS || f[i].kind == DLRIG_RK_FLAGS ||
            f[i].kind == DLRIG_RK_CATALOG) {
            sb_append(&d, ": ");
            requirements_describe(&f[i], cat, &d);
        } else if (f[i].kind == DLRIG_RK_NUMBER || f[i].kind == DLRIG_RK_WHOLE) {
            sb_append(&d, "; ");
            requirements_describe(&f[i], cat, &d);
        }
        const char *def = requirements_default_in(&f[i], cat);
        if (def) sb_printf(&d, " (default %s)", def);
        else if (f[i].def_help) sb_printf(&d, " (default: %s)", f[i].def_help);
        fputs(opt.s, out);
        int col = (int)opt.len;
        if (col + 1 > DESC_COL) {
            fprintf(out, "\n%*s", DESC_COL, "");
        } else {
            fprintf(out, "%*s", DESC_COL - col, "");
        }
        put_wrapped(out, d.s, DESC_COL, DESC_COL);
        sb_free(&opt);
        sb_free(&d);
    }
    catalog_close(own);
}

char *cli_read_text(const char *file, size_t max, const char *what, size_t *len, int *status)
{
    char *text = read_file_limit(file, max, len);
    if (text) {
        *status = EXIT_OK;
        return text;
    }
    if (errno == EFBIG) {
        cli_error("%s: larger than %zu MiB; not %s", file, max >> 20, what);
        *status = EXIT_USAGE;
    } else {
        cli_error("%s: cannot read: %s", file, strerror(errno));
        *status = EXIT_IO;
    }
    return NULL;
}
