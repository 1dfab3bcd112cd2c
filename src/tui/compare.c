/* compare.c — the compare screen: up to three builds side by side (the
 * advisor's Good / Better / Best, or the current build against saved
 * builds), best values highlighted and rows that differ marked.  The core
 * (compare_builds) decides what is best; this file only draws and picks. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dlrig/compare.h"
#include "dlrig/query.h"
#include "dlrig/util.h"
#include "tui/app.h"

struct compare_state {
    dlrig_build builds[DLRIG_COMPARE_MAX]; /* owned copies */
    char *labels[DLRIG_COMPARE_MAX];       /* "Good", "This build", a file name */
    size_t n;
    dlrig_compare cmp;
    bool ok;
    char err[256];
    int col;    /* highlighted build */
    ui_list body; /* the table's rows under the header, scrolled (no selection) */
};

enum { C_LEFT = 1, C_RIGHT, C_USE, C_BACK, C_QUOTE };

static const keybind compare_keys[] = {
    {KEY_LEFT, C_LEFT, "Left", "highlight the build to the left", NULL},
    {'h', C_LEFT, "h", "highlight the build to the left", NULL},
    {KEY_RIGHT, C_RIGHT, "Right", "highlight the build to the right", NULL},
    {'l', C_RIGHT, "l", "highlight the build to the right", NULL},
    {'\t', C_RIGHT, "Tab", "highlight the next build", "next"},
    UI_LIST_KEYBINDS("scroll up", "scroll down", "page up", "page down", "top", "bottom"),
    {'\r', C_USE, "Enter", "continue in the builder with the highlighted build (u undoes)", "use"},
    {KEY_ENTER, C_USE, "Enter", "continue in the builder with the highlighted build (u undoes)", NULL},
    {'e', C_QUOTE, "e", "export the builds as one HTML quote with options A, B, C", "quote"},
    {27, C_BACK, "Esc", "back to the builder, unchanged", "back"},
    {KEY_BACKSPACE, C_BACK, "Backspace", "back to the builder, unchanged", NULL},
    {127, C_BACK, "Backspace", "back to the builder, unchanged", NULL},
    {0, 0, NULL, NULL, NULL},
};

static struct compare_state *CS(const app *a) { return app_state(a, &compare_screen); }

static void compare_close(void *st)
{
    struct compare_state *s = st;
    if (!s) return;
    if (s->ok) compare_free(&s->cmp);
    for (size_t i = 0; i < s->n; i++) {
        build_free(&s->builds[i]);
        free(s->labels[i]);
    }
    free(s);
}

/* ---- drawing ---- */

/* A cell wraps into at most this many lines (the last one cut with an ellipsis). */
#define CELL_LINES 6

/* The table's entries under the header: the metric rows, a blank line, the parts. */
static int body_count(const struct compare_state *s) { return DLRIG_CMP_ROWS + 1 + (int)s->cmp.n_parts; }

/* The text of entry e for build i (NULL for the blank line), written into buf. */
static const char *cell_text(const app *a, const dlrig_compare *c, int e, size_t i, char *buf, size_t len)
{
    if (e < DLRIG_CMP_ROWS) {
        const dlrig_compare_row *row = &c->rows[e];
        snprintf(buf, len, "%s%s", row->text[i], (row->best & (1u << i)) ? (a->utf8 ? " ★" : " *") : "");
        return buf;
    }
    if (e == DLRIG_CMP_ROWS) return NULL;
    return c->parts[e - DLRIG_CMP_ROWS - 1].text[i];
}

/* The lines entry e takes: its longest cell wrapped in w columns, so that a
 * long part name reads whole at 80 columns. */
static int entry_lines(const app *a, const dlrig_compare *c, int e, int w)
{
    int h = 1;
    char buf[200];
    for (size_t i = 0; i < c->n; i++) {
        const char *t = cell_text(a, c, e, i, buf, sizeof buf);
        int n = t ? ui_wrapped_lines(a, t, w) : 1;
        if (n > h) h = n;
    }
    return h < CELL_LINES ? h : CELL_LINES;
}

/* Draws lines first .. first + count - 1 of s wrapped in w columns from
 * (y, x); line CELL_LINES - 1 ends with an ellipsis when the text goes on. */
static void put_lines(app *a, int y, int x, int w, int role, const char *s, int first, int count)
{
    char buf[256];
    for (int j = 0; *s && j < first + count; j++) {
        const char *next;
        size_t n = ui_wrap(a, s, w, &next);
        if (j >= first) {
            if (n >= sizeof buf) n = sizeof buf - 1;
            memcpy(buf, s, n);
            buf[n] = '\0';
            if (j == CELL_LINES - 1 && *next) ui_put_wrapped(a, y + j - first, x, 1, w, role, s);
            else ui_put(a, y + j - first, x, w, role, buf);
        }
        s = next;
    }
}

/* A build's label as the header shows it in at most max columns: when
 * longer (a file name), an ellipsis and its end, where names saved from
 * one another differ. */
static void header_label(const app *a, const char *label, int max, char *buf, size_t len)
{
    snprintf(buf, len, "%s", label);
    if (max < 2 || ui_width(a, buf) <= max) return;
    const char *e = buf;
    while (*e && ui_width(a, e) > max - ui_width(a, a->g->ellipsis)) { /* whole characters */
        e++;
        while (((unsigned char)*e & 0xC0) == 0x80) e++;
    }
    size_t el = strlen(a->g->ellipsis), rest = strlen(e);
    if (el + rest >= len) return;
    memmove(buf + el, e, rest + 1);
    memcpy(buf, a->g->ellipsis, el);
}

static void compare_draw(app *a)
{
    struct compare_state *s = CS(a);
    if (!s) return;
    static const char letters[] = "ABC";
    ui_fill(a, 0, 0, a->w, DLRIG_ROLE_HEADER);
    char title[200];
    if (s->ok && s->cmp.unit)
        snprintf(title, sizeof title, "dlrig %s Compare %s speeds for the %s workload (%s)", a->g->sep, a->g->sep,
                 s->cmp.workload, s->cmp.unit);
    else snprintf(title, sizeof title, "dlrig %s Compare", a->g->sep);
    ui_put(a, 0, 1, a->w - 2, DLRIG_ROLE_HEADER, title);
    if (!s->ok) {
        ui_put_wrapped(a, 2, 2, 4, a->w - 4, DLRIG_ROLE_ERROR, s->err);
        return;
    }
    const dlrig_compare *c = &s->cmp;
    int lw = a->w >= 110 ? 20 : 18;
    int cw = (a->w - lw - 2) / (int)c->n;
    int x0 = lw + 2;
    /* header: letter and label (on two lines when long, its end when
     * longer), then the build's name (two lines) */
    char head[DLRIG_COMPARE_MAX][200];
    int label_h = 1;
    for (size_t i = 0; i < c->n; i++) {
        header_label(a, s->labels[i], 2 * (cw - 5), head[i], sizeof head[i]);
        if (ui_wrapped_lines(a, head[i], cw - 5) > 1) label_h = 2;
    }
    for (size_t i = 0; i < c->n; i++) {
        int x = x0 + (int)i * cw, w = cw - 2;
        bool sel = (int)i == s->col;
        int role = sel ? DLRIG_ROLE_SELECTION : DLRIG_ROLE_TITLE;
        if (sel)
            for (int y = 1; y < 3 + label_h; y++) ui_fill(a, y, x - 1, cw - 1, role);
        ui_putf(a, 1, x, 3, role, "%c", letters[i]);
        ui_put_wrapped(a, 1, x + 3, label_h, w - 3, role, head[i]);
        ui_put_wrapped(a, 1 + label_h, x, 2, w, sel ? role : DLRIG_ROLE_NORMAL, c->builds[i]->name);
    }
    ui_hline(a, 3 + label_h, 0, a->w, DLRIG_ROLE_BORDER);
    /* body: metrics, a blank line, parts; an entry as tall as its longest
     * cell wrapped; the view scrolls by lines */
    int top = 4 + label_h, rows = a->h - top - 2; /* the legend and the status bar below */
    if (rows < 1) rows = 1;
    int n_entries = body_count(s), total = 0;
    int heights[DLRIG_CMP_ROWS + 1 + DLRIG_CAT_COUNT];
    for (int e = 0; e < n_entries; e++) total += heights[e] = entry_lines(a, c, e, cw - 2);
    ui_list_set(&s->body, total);
    ui_list_place_view(&s->body, top, 0, rows, a->w);
    const char *neq = a->utf8 ? "≠" : "!";
    char buf[200];
    for (int e = 0, line = 0; e < n_entries; line += heights[e++]) {
        /* the entry's lines in view: first .. first + count - 1 */
        int first = s->body.top > line ? s->body.top - line : 0;
        int y = top + line + first - s->body.top;
        int count = heights[e] - first;
        if (y + count > top + rows) count = top + rows - y;
        if (count <= 0 || y >= top + rows) continue;
        if (e == DLRIG_CMP_ROWS) continue;
        bool part = e > DLRIG_CMP_ROWS;
        const dlrig_compare_row *row = part ? NULL : &c->rows[e];
        const dlrig_compare_parts *p = part ? &c->parts[e - DLRIG_CMP_ROWS - 1] : NULL;
        bool differs = part ? p->differs : row->differs;
        if (first == 0) {
            if (differs) ui_put(a, y, 0, 1, DLRIG_ROLE_ACCENT, neq);
            ui_put(a, y, 2, lw - 1, differs ? DLRIG_ROLE_NORMAL : DLRIG_ROLE_DIM,
                   part ? category_title(p->category) : row->label);
        }
        for (size_t i = 0; i < c->n; i++) {
            int role = differs ? DLRIG_ROLE_NORMAL : DLRIG_ROLE_DIM;
            if (!part) {
                bool best = row->best & (1u << i);
                if (best) role = DLRIG_ROLE_OK;
                if (e == DLRIG_CMP_PRICE && !best) role = row->differs ? DLRIG_ROLE_PRICE : DLRIG_ROLE_DIM;
                if (e == DLRIG_CMP_ERRORS && row->value[i] > 0) role = DLRIG_ROLE_ERROR;
                if (e == DLRIG_CMP_WARNINGS && row->value[i] > 0 && !best) role = DLRIG_ROLE_WARNING;
            }
            put_lines(a, y, x0 + (int)i * cw, cw - 2, role, cell_text(a, c, e, i, buf, sizeof buf), first, count);
        }
    }
    /* the legend; shorter when it would be cut, so that the position stays */
    bool partial = false;
    for (int m = 0; m < DLRIG_CMP_ROWS; m++) partial |= c->rows[m].partial != 0;
    char legend[200];
    for (int brief = 0; brief < 2; brief++) {
        size_t k = 0;
        ui_appendf(legend, sizeof legend, &k, brief ? "%s best  %s differ" : "%s best in the row   %s the builds differ",
                   a->utf8 ? "★" : "*", neq);
        if (partial)
            ui_appendf(legend, sizeof legend, &k, brief ? "  +? unpriced parts" : "   +? some parts unpriced (not ranked)");
        if (total > rows)
            ui_appendf(legend, sizeof legend, &k, "%s%s%s %d-%d of %d", brief ? "  " : "   ", a->g->up, a->g->down,
                       s->body.top + 1, s->body.top + rows < total ? s->body.top + rows : total, total);
        if (ui_width(a, legend) <= a->w - 4) break;
    }
    ui_put(a, a->h - 2, 2, a->w - 4, DLRIG_ROLE_DIM, legend);
}

/* ---- keys ---- */

/* Back to the screen below (the state is freed once the key is handled). */
static void back(app *a) { app_pop(a); }

static int compare_key(app *a, int action, int key)
{
    (void)key;
    struct compare_state *s = CS(a);
    int n = s && s->ok ? (int)s->cmp.n : 0;
    if (s && ui_list_nav_view(&s->body, action)) return UI_HANDLED;
    switch (action) {
    case C_LEFT:
        if (n) s->col = (s->col + n - 1) % n;
        break;
    case C_RIGHT:
        if (n) s->col = (s->col + 1) % n;
        break;
    case C_USE:
        if (n) {
            back(a);
            /* the screen below (the builder) takes the build: its parts and requirements */
            app_use_build(a, &s->builds[s->col], s->labels[s->col]);
            s = NULL;
        } else {
            back(a);
            s = NULL; /* freed by back() */
        }
        break;
    case C_QUOTE:
        if (n) tui_quote_options(a, s->builds, (size_t)n);
        break;
    case C_BACK:
        back(a);
        s = NULL; /* freed by back() */
        break;
    default: return UI_UNHANDLED;
    }
    return UI_HANDLED;
}

static int compare_mouse(app *a, const MEVENT *ev)
{
    struct compare_state *s = CS(a);
    if (!s || !s->ok) return UI_HANDLED;
    if (ev->bstate & BUTTON4_PRESSED) ui_list_scroll(&s->body, -3);
    else if (ev->bstate & BUTTON5_PRESSED) ui_list_scroll(&s->body, 3);
    else if (ev->bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED)) {
        int lw = a->w >= 110 ? 20 : 18, cw = (a->w - lw - 2) / (int)s->cmp.n;
        int col = (ev->x - lw - 2) / (cw > 0 ? cw : 1);
        if (ev->x >= lw + 2 && col >= 0 && col < (int)s->cmp.n) s->col = col;
    }
    return UI_HANDLED;
}

static void compare_menu(app *a, void *args);

const screen compare_screen = {
    .name = "compare",
    .min_w = UI_MIN_W,
    .min_h = UI_MIN_H,
    .open = compare_menu,
    .close = compare_close,
    .draw = compare_draw,
    .on_key = compare_key,
    .on_mouse = compare_mouse,
    .keys = compare_keys,
};

/* Takes the builds (left empty) and labels (copied); opens the screen. */
static void open_with(app *a, dlrig_build *builds, char **labels, size_t n, int col)
{
    struct compare_state *s = xcalloc(1, sizeof *s);
    const dlrig_build *ptrs[DLRIG_COMPARE_MAX];
    for (size_t i = 0; i < n && i < DLRIG_COMPARE_MAX; i++) {
        s->builds[i] = builds[i];
        memset(&builds[i], 0, sizeof builds[i]);
        s->labels[i] = xstrdup(labels[i]);
        ptrs[i] = &s->builds[i];
        s->n++;
    }
    s->ok = compare_builds(a->cat, ptrs, s->n, NULL, &s->cmp, s->err, sizeof s->err) == 0;
    s->col = col >= 0 && (size_t)col < s->n ? col : 0;
    app_push(a, &compare_screen, s);
}

/* ---- choosing what to compare ---- */

typedef struct pick_ctx {
    dlrig_build current;
    char **paths;
    size_t n_paths;
    int chosen[2];
    int n_chosen;
} pick_ctx;

static void pick_ctx_free(void *p)
{
    pick_ctx *pc = p;
    build_free(&pc->current);
    for (size_t i = 0; i < pc->n_paths; i++) free(pc->paths[i]);
    free(pc->paths);
    free(pc);
}

static const char *base_name(const char *path)
{
    const char *b = strrchr(path, '/');
    return b ? b + 1 : path;
}

static void open_picked(app *a, pick_ctx *pc)
{
    dlrig_build builds[DLRIG_COMPARE_MAX];
    char *labels[DLRIG_COMPARE_MAX];
    size_t n = 0;
    build_copy(&builds[n], &pc->current);
    labels[n++] = "This build";
    for (int k = 0; k < pc->n_chosen; k++) {
        char err[1024];
        const char *path = pc->paths[pc->chosen[k]];
        if (build_load_found(a->cat, path, &builds[n], err, sizeof err) != DLRIG_BUILD_OK) {
            build_free(&builds[n]);
            for (size_t i = 0; i < n; i++) build_free(&builds[i]);
            app_message(a, DLRIG_ROLE_ERROR, "%s", err);
            return;
        }
        labels[n++] = (char *)base_name(path);
    }
    open_with(a, builds, labels, n, 0);
    for (size_t i = 0; i < n; i++) build_free(&builds[i]);
}

static void pick_menu(app *a, pick_ctx *pc);

static void pick_cb(app *a, int idx, void *ctx)
{
    pick_ctx *pc = ctx;
    if (idx < 0) return;
    /* with one build chosen, item 0 is "compare these two" */
    if (pc->n_chosen == 1 && idx == 0) {
        open_picked(a, pc);
        return;
    }
    int item = pc->n_chosen == 1 ? idx - 1 : idx;
    /* items list the paths not chosen yet, in order */
    int k = -1;
    for (size_t i = 0; i < pc->n_paths; i++) {
        if (pc->n_chosen == 1 && (int)i == pc->chosen[0]) continue;
        if (++k == item) {
            pc->chosen[pc->n_chosen++] = (int)i;
            break;
        }
    }
    if (pc->n_chosen == 2 || pc->n_paths < 2) {
        open_picked(a, pc);
        return;
    }
    /* ask for an optional third build; the menu takes a fresh copy of the context */
    pick_ctx *next = xcalloc(1, sizeof *next);
    build_copy(&next->current, &pc->current);
    next->paths = xcalloc(pc->n_paths, sizeof *next->paths);
    for (size_t i = 0; i < pc->n_paths; i++) next->paths[i] = xstrdup(pc->paths[i]);
    next->n_paths = pc->n_paths;
    next->chosen[0] = pc->chosen[0];
    next->n_chosen = 1;
    pick_menu(a, next);
}

static void pick_menu(app *a, pick_ctx *pc)
{
    ov_item *items = xcalloc(pc->n_paths + 1, sizeof *items);
    size_t k = 0;
    if (pc->n_chosen == 1) items[k++] = (ov_item){"Compare these two", "or add a third build below", DLRIG_ROLE_OK};
    for (size_t i = 0; i < pc->n_paths; i++) {
        if (pc->n_chosen == 1 && (int)i == pc->chosen[0]) continue;
        items[k++] = (ov_item){(char *)base_name(pc->paths[i]), NULL, DLRIG_ROLE_NORMAL};
    }
    ov_menu(a, pc->n_chosen == 1 ? "Add a third build?" : "Compare this build with", items, k, 0, pick_cb, pc,
            pick_ctx_free);
    free(items);
}

static void open_saved(app *a, const dlrig_build *current)
{
    char *data = xdg_data_dir(false);
    char *dir = data ? xasprintf("%s/builds", data) : NULL;
    free(data);
    dated_file *v;
    long found = list_json_files(dir, &v);
    free(dir);
    if (found <= 0) {
        app_message(a, DLRIG_ROLE_INFO, "No saved builds to compare with (save one with W)");
        free(v);
        return;
    }
    size_t n = (size_t)found;
    pick_ctx *pc = xcalloc(1, sizeof *pc);
    build_copy(&pc->current, current);
    pc->paths = xcalloc(n, sizeof *pc->paths);
    for (size_t i = 0; i < n; i++) pc->paths[i] = v[i].path;
    pc->n_paths = n;
    free(v);
    pick_menu(a, pc);
}

typedef struct menu_ctx {
    dlrig_build current;
} menu_ctx;

static void menu_ctx_free(void *p)
{
    menu_ctx *m = p;
    build_free(&m->current);
    free(m);
}

static void menu_cb(app *a, int idx, void *ctx)
{
    menu_ctx *m = ctx;
    if (idx == 0) tui_open_tiers(a, &m->current.req); /* opens the screen again, on the builds */
    else if (idx == 1) open_saved(a, &m->current);
}

/* app_open(TUI_COMPARE, compare_args *): the menu of what to compare, or
 * the builds side by side. */
static void compare_menu(app *a, void *args)
{
    const compare_args *ca = args;
    if (!ca->current) {
        dlrig_build builds[DLRIG_COMPARE_MAX];
        char *labels[DLRIG_COMPARE_MAX];
        size_t n = ca->n_builds < DLRIG_COMPARE_MAX ? ca->n_builds : DLRIG_COMPARE_MAX;
        for (size_t i = 0; i < n; i++) {
            build_copy(&builds[i], &ca->builds[i]);
            labels[i] = (char *)ca->labels[i];
        }
        open_with(a, builds, labels, n, ca->col);
        for (size_t i = 0; i < n; i++) build_free(&builds[i]);
        return;
    }
    menu_ctx *m = xcalloc(1, sizeof *m);
    build_copy(&m->current, ca->current);
    static const ov_item items[] = {
        {"Good / Better / Best", "the fastest for 55%, 75% and all of the budget", DLRIG_ROLE_NORMAL},
        {"This build vs saved builds", "pick one or two from your saved builds", DLRIG_ROLE_NORMAL},
    };
    ov_menu(a, "Compare", items, 2, 0, menu_cb, m, menu_ctx_free);
}
