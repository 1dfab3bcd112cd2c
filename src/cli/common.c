#include <cjson/cJSON.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "cli/cli.h"
#include "dlrig/prices.h"
#include "dlrig/jsondoc.h"
#include "dlrig/market.h"
#include "dlrig/query.h"
#include "dlrig/util.h"

dlrig_catalog *cli_catalog(cli_ctx *ctx)
{
    if (ctx->cat) return ctx->cat;
    if (ctx->catalog_path && strcmp(ctx->catalog_path, "-") == 0) {
        cli_error("--catalog: a catalog is a SQLite file; standard input ('-') cannot be one");
        return NULL;
    }
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

const char *cli_file(const char *path) { return strcmp(path, "-") ? cli_safe(path) : "standard input"; }

void cli_put_safe(const char *s, size_t len, FILE *f)
{
    strbuf b = {0};
    sb_append_term_safe(&b, s, len, TERM_SAFE_KEEP_LINES);
    fwrite(b.s, 1, b.len, f);
    sb_free(&b);
}

void cli_print_json_to(FILE *f, cJSON *doc)
{
    char *s = jsondoc_print(doc);
    strbuf b = {0};
    sb_append_term_safe(&b, s, strlen(s), TERM_SAFE_KEEP_LINES | TERM_SAFE_JSON);
    fputs(b.s, f);
    sb_free(&b);
    free(s);
    cJSON_Delete(doc);
}

const cli_docfmt CLI_DOC_CHECK = {"dlrig-check", 1}, CLI_DOC_ESTIMATE = {"dlrig-estimate", 1},
                 CLI_DOC_FIT = {"dlrig-fit", 1}, CLI_DOC_COST = {"dlrig-cost", 1}, CLI_DOC_RECOMMEND = {"dlrig-recommend", 1},
                 CLI_DOC_PRESETS = {"dlrig-presets", 1}, CLI_DOC_PARTS = {"dlrig-parts", 1},
                 CLI_DOC_PART = {"dlrig-part", 1}, CLI_DOC_MODELS = {"dlrig-models", 1},
                 CLI_DOC_MODEL = {"dlrig-model", 1}, CLI_DOC_COMPARE = {"dlrig-compare", 1},
                 CLI_DOC_FIX = {"dlrig-fix", 1}, CLI_DOC_PRICES = {"dlrig-prices", 1}, CLI_DOC_SCAN = {"dlrig-scan", 1};

void cli_print_doc(const cli_docfmt *fmt, cJSON *doc)
{
    cJSON_DeleteItemFromObjectCaseSensitive(doc, "format");
    cJSON_DeleteItemFromObjectCaseSensitive(doc, "version");
    cJSON *f = cJSON_AddStringToObject(doc, "format", fmt->name);
    cJSON *v = cJSON_AddNumberToObject(doc, "version", fmt->version);
    /* first in the document, where a reader looks */
    cJSON_DetachItemViaPointer(doc, v);
    cJSON_DetachItemViaPointer(doc, f);
    cJSON_InsertItemInArray(doc, 0, v);
    cJSON_InsertItemInArray(doc, 0, f);
    cli_print_json_to(stdout, doc);
}

FILE *cli_claim_stdout(void)
{
    fflush(stdout);
    int fd = dup(STDOUT_FILENO);
    FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (!f) {
        if (fd >= 0) close(fd);
        return stdout;
    }
    dup2(STDERR_FILENO, STDOUT_FILENO);
    return f;
}

void cli_release_stdout(FILE *f)
{
    if (!f || f == stdout) return;
    fflush(stdout);
    fflush(f);
    dup2(fileno(f), STDOUT_FILENO);
    fclose(f);
}

bool cli_output_free(const char *cmd, const char *path, bool force)
{
    if (!path || strcmp(path, "-") == 0 || force || access(path, F_OK) != 0) return true;
    cli_error("%s: %s exists; not overwritten (use --force to replace it)", cmd, cli_safe(path));
    return false;
}

int cli_write_output(const char *cmd, const char *path, const char *text, size_t len, bool force, FILE *out)
{
    if (strcmp(path, "-") == 0) {
        if (!out) out = stdout;
        if ((len && fwrite(text, 1, len, out) != len) || fflush(out) != 0) {
            cli_error("%s: writing to standard output: %s", cmd, strerror(errno));
            return EXIT_IO;
        }
        return EXIT_OK;
    }
    if (write_file_atomic(path, text, len, force) == 0) return EXIT_OK;
    if (errno == EEXIST) {
        cli_error("%s: %s exists; not overwritten (use --force to replace it)", cmd, cli_safe(path));
        return EXIT_USAGE;
    }
    cli_error("%s: cannot write %s: %s (nothing was written)", cmd, cli_safe(path), strerror(errno));
    return EXIT_IO;
}

bool cli_stdin_once(const char *cmd, char *const *paths, size_t n, const char *also)
{
    size_t dashes = also && strcmp(also, "-") == 0;
    for (size_t i = 0; i < n; i++) dashes += strcmp(paths[i], "-") == 0;
    if (dashes <= 1) return true;
    cli_error("%s: '-' (standard input) is given %zu times; it can be read once", cmd, dashes);
    return false;
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

int display_width(const char *s) { return utf8_width(s); }

const char *cli_padded(const char *s, int w)
{
    static char *ring[16];
    static unsigned next;
    char **slot = &ring[next++ % 16];
    free(*slot);
    strbuf b = {0};
    sb_append(&b, s);
    for (int k = display_width(s); k < w; k++) sb_append(&b, " ");
    *slot = sb_take(&b);
    return *slot;
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
    int acc = 0;
    size_t left = strlen(s);
    while (left > 0) {
        unsigned cp;
        size_t n = utf8_decode(s, left, &cp);
        int cw = utf8_cp_width(cp);
        if (acc + cw > w - 1) break;
        sb_appendn(sb, s, n);
        acc += cw;
        s += n;
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

/* The first `cols` display columns of s, and the last (whole characters). */
static void head_cols(strbuf *sb, const char *s, int cols)
{
    size_t left = strlen(s);
    int acc = 0;
    while (left) {
        unsigned cp;
        size_t n = utf8_decode(s, left, &cp);
        int cw = utf8_cp_width(cp);
        if (acc + cw > cols) break;
        sb_appendn(sb, s, n);
        acc += cw;
        s += n;
        left -= n;
    }
}

static const char *tail_cols(const char *s, int cols)
{
    const char *p = s + strlen(s);
    int acc = 0;
    while (p > s) {
        const char *q = p - 1;
        while (q > s && ((unsigned char)*q & 0xc0) == 0x80) q--; /* the start of the character */
        unsigned cp;
        utf8_decode(q, (size_t)(p - q), &cp);
        int cw = utf8_cp_width(cp);
        if (acc + cw > cols) break;
        acc += cw;
        p = q;
    }
    return p;
}

/* s in at most w columns: whole when it fits, else its first w - 1 - t
 * columns, "~", and its last t. */
static void cut_split(strbuf *sb, const char *s, int w, int t)
{
    if (display_width(s) <= w) {
        sb_append(sb, s);
        return;
    }
    head_cols(sb, s, w - 1 - t);
    sb_append(sb, "~");
    sb_append(sb, tail_cols(s, t));
}

/* The cut forms of a name s in w columns, in the order a reader prefers
 * them (k = 0, 1, ...; NULL past the last):
 *   the end cut: "GeForce RTX 507~";
 *   a head, "~" and the last words, the shortest tail first
 *   ("Vengeance 2x3~CL40", "GeForce~5070 Ti", "~RTX 5070 Ti");
 *   a window from a word on, "~" each side ("~Max-Q Workstati~");
 *   a head, "~" and the last k columns, the shortest first. */
static char *cut_form(const char *s, int w, int k)
{
    strbuf b = {0};
    if (k == 0 || display_width(s) <= w) {
        cut_split(&b, s, w, 0);
        return sb_take(&b);
    }
    k--;
    /* tails that start a word (after a space, '-' or '('), shortest first */
    size_t len = strlen(s);
    for (size_t i = len; i-- > 1;) {
        if (s[i - 1] != ' ' && s[i - 1] != '-' && s[i - 1] != '(') continue;
        int tw = display_width(s + i);
        if (tw + 2 > w) break;
        if (k-- == 0) {
            cut_split(&b, s, w, tw);
            return sb_take(&b);
        }
    }
    /* windows from the start of each word after the first */
    for (size_t i = 1; i < len; i++) {
        if (s[i - 1] != ' ') continue;
        if (k-- == 0) {
            sb_append(&b, "~");
            strbuf win = {0};
            head_cols(&win, s + i, w - 2);
            sb_append(&b, win.s ? win.s : "");
            bool rest = strlen(win.s ? win.s : "") < strlen(s + i);
            sb_free(&win);
            if (rest) sb_append(&b, "~");
            return sb_take(&b);
        }
    }
    /* any tail */
    if (k + 1 <= w - 2) {
        cut_split(&b, s, w, k + 1);
        return sb_take(&b);
    }
    return NULL;
}

/* Whether name could be shown as form: each "~" of the form stands for
 * some text of the name ("GeForce RTX 5070~" is what "GeForce RTX 5070" and
 * "GeForce RTX 5070 Ti" both could show). */
static bool form_fits(const char *form, const char *name)
{
    const char *t = strchr(form, '~');
    if (!t) return strcmp(form, name) == 0;
    size_t hl = (size_t)(t - form);
    if (strncmp(form, name, hl) != 0) return false;
    const char *rest = name + hl;
    form = t + 1;
    while ((t = strchr(form, '~'))) { /* a middle piece, in order */
        size_t ml = (size_t)(t - form);
        char *piece = xasprintf("%.*s", (int)ml, form);
        const char *at = strstr(rest, piece);
        free(piece);
        if (!at) return false;
        rest = at + ml;
        form = t + 1;
    }
    size_t fl = strlen(form), rl = strlen(rest);
    return fl <= rl && strcmp(rest + rl - fl, form) == 0;
}

/* The last resort for a name that no cut_form tells apart: pieces of its
 * words in their order, "~" around each ("~8x32GB~R40BS4TMM~"), chosen one
 * at a time to rule out the most of the other names still alike, the
 * longest piece that fits first.  NULL when they cannot all be ruled out in
 * w columns. */
static char *pieces_form(char **cells, size_t n, size_t i, int w)
{
    const char *s = cells[i];
    size_t len = strlen(s);
    bool *alike = xcalloc(n ? n : 1, sizeof *alike);
    size_t left = 0;
    for (size_t j = 0; j < n; j++)
        if (j != i && strcmp(cells[j], s) != 0) alike[j] = true, left++;
    size_t pos[8], plen[8], np = 0;
    int used = 1; /* the leading "~" */
    char *form = NULL;
    while (left && np < 8) {
        /* candidates: each word (split at space - ( ) / ,) and its tails */
        size_t best_at = 0, best_len = 0, best_out = 0;
        for (size_t a = 0; a < len; a++) {
            bool word_start = a == 0 || strchr(" -()/,", s[a - 1]);
            size_t e = a;
            while (e < len && !strchr(" -()/,", s[e])) e++;
            if (e == a) continue;
            /* tails of the word: from a to its end, for every a inside it */
            (void)word_start;
            size_t l = e - a;
            if (used + (int)l + 1 > w) continue;
            bool overlaps = false;
            for (size_t k = 0; k < np; k++) overlaps = overlaps || (a < pos[k] + plen[k] && pos[k] < e);
            if (overlaps) continue;
            /* the form with this piece added, in the name's order */
            strbuf f = {0};
            size_t ins = 0;
            while (ins < np && pos[ins] < a) ins++;
            sb_append(&f, "~");
            for (size_t k = 0; k <= np; k++) {
                size_t at = k < ins ? pos[k] : k == ins ? a : pos[k - 1];
                size_t ln = k < ins ? plen[k] : k == ins ? l : plen[k - 1];
                sb_appendn(&f, s + at, ln);
                sb_append(&f, "~");
            }
            size_t out = 0;
            for (size_t j = 0; j < n; j++) out += alike[j] && !form_fits(f.s, cells[j]);
            /* the most ruled out; of those the shortest piece, to leave room for the next */
            if (out > best_out || (out == best_out && out && l < best_len)) best_at = a, best_len = l, best_out = out;
            sb_free(&f);
        }
        if (!best_out) break;
        size_t ins = 0;
        while (ins < np && pos[ins] < best_at) ins++;
        memmove(pos + ins + 1, pos + ins, (np - ins) * sizeof *pos);
        memmove(plen + ins + 1, plen + ins, (np - ins) * sizeof *plen);
        pos[ins] = best_at;
        plen[ins] = best_len;
        np++;
        used += (int)best_len + 1;
        strbuf f = {0};
        sb_append(&f, "~");
        for (size_t k = 0; k < np; k++) {
            sb_appendn(&f, s + pos[k], plen[k]);
            sb_append(&f, "~");
        }
        for (size_t j = 0; j < n; j++)
            if (alike[j] && !form_fits(f.s, cells[j])) alike[j] = false, left--;
        free(form);
        form = sb_take(&f);
    }
    free(alike);
    if (left || !form || display_width(form) > w) {
        free(form);
        return NULL;
    }
    /* room left: each piece grows back towards the start of its word */
    for (size_t k = 0; k < np; k++)
        while (pos[k] > 0 && !strchr(" -()/,", s[pos[k] - 1]) && (k == 0 || pos[k] > pos[k - 1] + plen[k - 1]) &&
               used + 1 <= w)
            pos[k]--, plen[k]++, used++;
    strbuf f = {0};
    sb_append(&f, "~");
    for (size_t k = 0; k < np; k++) {
        sb_appendn(&f, s + pos[k], plen[k]);
        sb_append(&f, "~");
    }
    free(form);
    return sb_take(&f);
}

/* Each cell of a cut name column in its first form (cut_form) that no part
 * with another name could show too, so that a cut name tells its part
 * apart (or pieces_form's pieces); the end cut when none does, and for
 * more than 1,000 rows.  cells[i] is replaced (the old string freed). */
static void cut_distinct(char **cells, size_t n, int w)
{
    char **chosen = xcalloc(n ? n : 1, sizeof *chosen);
    /* comparing every row with every other is for a listing a person reads: with thousands, the end cut */
    bool many = n > 1000;
    for (size_t i = 0; i < n; i++) {
        if (display_width(cells[i]) <= w) chosen[i] = xstrdup(cells[i]);
        else if (many) chosen[i] = cut_form(cells[i], w, 0);
    }
    for (size_t i = 0; i < n; i++) {
        if (chosen[i]) continue;
        for (int k = 0; !chosen[i]; k++) {
            char *f = cut_form(cells[i], w, k);
            if (!f) break;
            bool alone = true;
            for (size_t j = 0; j < n && alone; j++) {
                if (j == i || strcmp(cells[j], cells[i]) == 0) continue;
                alone = !form_fits(f, cells[j]);
            }
            if (alone) chosen[i] = f;
            else free(f);
        }
        if (!chosen[i]) chosen[i] = pieces_form(cells, n, i, w);
        if (!chosen[i]) chosen[i] = cut_form(cells[i], w, 0);
    }
    for (size_t i = 0; i < n; i++) {
        free(cells[i]);
        cells[i] = chosen[i];
    }
    free(chosen);
}

/* Writes s cut to at most w display columns (split >= 0: keeping its last
 * `split` columns, cut_split); *used gets the columns written. */
static void put_cut(const char *s, int w, int *used, int split)
{
    strbuf b = {0};
    if (split >= 0) cut_split(&b, s, w, split);
    else sb_append_cut(&b, s, w);
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
        /* the name column keeps room to tell its rows apart: other columns are hidden first */
        if (c == shrink && floor_w[c] < 16) floor_w[c] = 16;
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
    /* a cut name column keeps what tells its rows apart: each cell is cut here, in its own form */
    if (shrink < t->ncols && shown[shrink] && !t->right[shrink] && t->nrows > 1) {
        char **cells = xcalloc(t->nrows - 1, sizeof *cells);
        bool cut = false;
        for (size_t r = 1; r < t->nrows; r++) {
            cells[r - 1] = xstrdup(t->cells[r * t->ncols + shrink]);
            cut = cut || display_width(cells[r - 1]) > w[shrink];
        }
        if (cut) {
            cut_distinct(cells, t->nrows - 1, w[shrink]);
            for (size_t r = 1; r < t->nrows; r++) {
                free(t->cells[r * t->ncols + shrink]);
                t->cells[r * t->ncols + shrink] = cells[r - 1];
            }
        } else {
            for (size_t r = 1; r < t->nrows; r++) free(cells[r - 1]);
        }
        free(cells);
    }
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
                put_cut(s, w[c], &used, -1);
            } else {
                put_cut(s, w[c], &used, -1);
                if (c < last)
                    for (int k = used; k < w[c]; k++) fputc(' ', stdout);
            }
        }
        fputc('\n', stdout);
    }
    strbuf hidden = {0};
    for (size_t c = 0; c < t->ncols; c++)
        if (!shown[c]) sb_printf(&hidden, "%s%s", hidden.len ? ", " : "", t->cells[c]);
    if (hidden.len) {
        char *note = xasprintf("(hidden to fit %d columns: %s; --json has every field)", max_width, hidden.s);
        cli_wrap(stdout, note, 0, 1, max_width);
        free(note);
    }
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

void cli_wrap(FILE *f, const char *text, int col, int indent, int width)
{
    if (width <= 0) {
        fputs(text, f);
        fputc('\n', f);
        return;
    }
    const char *p = text;
    bool first = true;
    while (*p) {
        size_t n = strcspn(p, " ");
        char *word = xmalloc(n + 1);
        memcpy(word, p, n);
        word[n] = '\0';
        int w = display_width(word);
        if (!first && col + 1 + w > width) {
            fprintf(f, "\n%*s", indent, "");
            col = indent;
        } else if (!first) {
            fputc(' ', f);
            col++;
        }
        fputs(word, f);
        free(word);
        col += w;
        first = false;
        p += n;
        while (*p == ' ') p++;
    }
    fputc('\n', f);
}

void cli_market_moves(const dlrig_catalog *cat, const dlrig_build *b, int indent, int width)
{
    char today[8];
    price_today(today);
    for (size_t i = 0; i < b->n_items; i++) {
        dlrig_market_move m;
        if (!market_line_move(cat, b, &b->items[i], today, &m)) continue;
        char text[512], line[768];
        dlrig_price pr = build_line_price(b, &b->items[i]);
        snprintf(line, sizeof line, "%s priced %.7s: %s; re-check it", b->items[i].part->name, pr.date,
                 market_move_text(&m, text, sizeof text));
        printf("%*s", indent, "");
        cli_wrap(stdout, cli_safe(line), indent, indent + 2, width);
    }
}

static void put_wrapped(FILE *f, const char *text, int col, int indent) { cli_wrap(f, text, col, indent, 79); }

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


/* ---- option mistakes, in one voice ---- */

const char *cli_closest_option(const struct option *opts, const char *name)
{
    const char *best = NULL;
    int bestd = 0;
    int len = (int)strlen(name);
    int limit = len < 6 ? 2 : len / 3; /* a typo or two, not another word */
    for (size_t i = 0; opts && opts[i].name; i++) {
        int d = edit_distance(name, opts[i].name, limit);
        /* or a typo in an abbreviation getopt would have taken ("--budgt" for --budget-usd) */
        size_t ol = strlen(opts[i].name);
        for (size_t k = len > 3 ? (size_t)len - 1 : ol; k <= (size_t)len + 1 && k < ol; k++) {
            char pre[64];
            snprintf(pre, sizeof pre, "%.*s", (int)k, opts[i].name);
            int dp = edit_distance(name, pre, limit);
            if (dp < d) d = dp;
        }
        if (d <= limit && (!best || d < bestd)) best = opts[i].name, bestd = d;
    }
    return best;
}

/* Every long option of opts that `name` abbreviates, joined with ", ". */
static size_t prefix_matches(const struct option *opts, const char *name, size_t len, strbuf *out)
{
    size_t n = 0;
    for (size_t i = 0; opts[i].name; i++)
        if (strncmp(opts[i].name, name, len) == 0) sb_printf(out, "%s--%s", n++ ? ", " : "", opts[i].name);
    return n;
}

int cli_getopt(int argc, char **argv, const char *shortopts, const struct option *longopts, const char *cmd)
{
    /* a leading ':' makes a missing value ':' (told apart from an unknown option) and keeps getopt quiet */
    char so[96];
    snprintf(so, sizeof so, ":%s", shortopts[0] == ':' ? shortopts + 1 : shortopts);
    opterr = 0;
    int before = optind ? optind : 1;
    int c = getopt_long(argc, argv, so, longopts, NULL);
    if (c != '?' && c != ':') return c;
    /* the element getopt stopped at: argv[optind - 1] once it moved on, else a short option inside a cluster */
    const char *elem = optind > before && optind - 1 < argc ? argv[optind - 1] : NULL;
    if (elem && strncmp(elem, "--", 2) == 0) {
        const char *name = elem + 2;
        size_t len = strcspn(name, "=");
        char *bare = xmalloc(len + 1);
        memcpy(bare, name, len);
        bare[len] = '\0';
        strbuf m = {0};
        size_t n = prefix_matches(longopts, bare, len, &m);
        const struct option *exact = NULL;
        for (size_t i = 0; longopts[i].name; i++)
            if (strcmp(longopts[i].name, bare) == 0) exact = &longopts[i];
        if (!exact && n == 1)
            for (size_t i = 0; longopts[i].name; i++)
                if (strncmp(longopts[i].name, bare, len) == 0) exact = &longopts[i];
        if (c == ':' && exact)
            cli_error("%s: --%s needs a value; see 'dlrig %s --help'", cmd, exact->name, cmd);
        else if (exact && name[len] == '=')
            cli_error("%s: --%s takes no value (got '%s')", cmd, exact->name, name + len + 1);
        else if (n > 1)
            cli_error("%s: option '--%s' is ambiguous: it begins %s", cmd, bare, m.s);
        else {
            const char *near = cli_closest_option(longopts, bare);
            if (near) cli_error("%s: unknown option '--%s'; did you mean '--%s'?", cmd, bare, near);
            else cli_error("%s: unknown option '--%s'; see 'dlrig %s --help' for its options", cmd, bare, cmd);
        }
        sb_free(&m);
        free(bare);
        return '?';
    }
    if (c == ':') {
        const struct option *lo = NULL;
        for (size_t i = 0; longopts[i].name; i++)
            if (longopts[i].val == optopt) lo = &longopts[i];
        if (lo) cli_error("%s: -%c (--%s) needs a value; see 'dlrig %s --help'", cmd, optopt, lo->name, cmd);
        else cli_error("%s: -%c needs a value; see 'dlrig %s --help'", cmd, optopt, cmd);
    } else if (optopt > ' ' && optopt < 127) {
        cli_error("%s: unknown option '-%c'; see 'dlrig %s --help' for its options", cmd, optopt, cmd);
    } else {
        cli_error("%s: unknown option '%s'; see 'dlrig %s --help' for its options", cmd,
                  elem ? elem : optind < argc ? argv[optind] : "?", cmd);
    }
    return '?';
}

char *cli_read_text(const char *file, size_t max, const char *what, size_t *len, int *status)
{
    char *text = read_file_limit(file, max, len);
    if (text) {
        *status = EXIT_OK;
        return text;
    }
    const char *name = strcmp(file, "-") ? file : "standard input"; /* "-": standard input */
    if (errno == EFBIG) {
        cli_error("%s: larger than %zu MiB; not %s", name, max >> 20, what);
        *status = EXIT_USAGE;
    } else {
        cli_error("%s: cannot read: %s", name, strerror(errno));
        *status = EXIT_IO;
    }
    return NULL;
}
