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

static int body_count(const struct compare_state *s) { return DLRIG_CMP_ROWS + 1 + (int)s->cmp.n_parts; }

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
    /* header: letter, label, name (two lines) */
    for (size_t i = 0; i < c->n; i++) {
        int x = x0 + (int)i * cw, w = cw - 2;
        bool sel = (int)i == s->col;
        int role = sel ? DLRIG_ROLE_SELECTION : DLRIG_ROLE_TITLE;
        if (sel) {
            ui_fill(a, 1, x - 1, cw - 1, role);
            ui_fill(a, 2, x - 1, cw - 1, role);
            ui_fill(a, 3, x - 1, cw - 1, role);
        }
        ui_putf(a, 1, x, w, role, "%c  %s", letters[i], s->labels[i]);
        ui_put_wrapped(a, 2, x, 2, w, sel ? role : DLRIG_ROLE_NORMAL, c->builds[i]->name);
    }
    ui_hline(a, 4, 0, a->w, DLRIG_ROLE_BORDER);
    /* body: metrics, a blank line, parts */
    int top = 5, rows = a->h - top - 2; /* the legend and the status bar below */
    if (rows < 1) rows = 1;
    int total = body_count(s);
    ui_list_set(&s->body, total);
    ui_list_place_view(&s->body, top, 0, rows, a->w);
    const char *star = a->utf8 ? " ★" : " *";
    const char *neq = a->utf8 ? "≠" : "!";
    for (int r = 0; r < rows && s->body.top + r < total; r++) {
        int idx = s->body.top + r, y = top + r;
        if (idx < DLRIG_CMP_ROWS) {
            const dlrig_compare_row *row = &c->rows[idx];
            if (row->differs) ui_put(a, y, 0, 1, DLRIG_ROLE_ACCENT, neq);
            ui_put(a, y, 2, lw - 1, row->differs ? DLRIG_ROLE_NORMAL : DLRIG_ROLE_DIM, row->label);
            for (size_t i = 0; i < c->n; i++) {
                bool best = row->best & (1u << i);
                char v[64];
                snprintf(v, sizeof v, "%s%s", row->text[i], best ? star : "");
                int role = best ? DLRIG_ROLE_OK : row->differs ? DLRIG_ROLE_NORMAL : DLRIG_ROLE_DIM;
                if (idx == DLRIG_CMP_PRICE && !best) role = row->differs ? DLRIG_ROLE_PRICE : DLRIG_ROLE_DIM;
                if (idx == DLRIG_CMP_ERRORS && row->value[i] > 0) role = DLRIG_ROLE_ERROR;
                if (idx == DLRIG_CMP_WARNINGS && row->value[i] > 0 && !best) role = DLRIG_ROLE_WARNING;
                ui_put(a, y, x0 + (int)i * cw, cw - 2, role, v);
            }
        } else if (idx > DLRIG_CMP_ROWS) {
            const dlrig_compare_parts *p = &c->parts[idx - DLRIG_CMP_ROWS - 1];
            if (p->differs) ui_put(a, y, 0, 1, DLRIG_ROLE_ACCENT, neq);
            ui_put(a, y, 2, lw - 1, p->differs ? DLRIG_ROLE_NORMAL : DLRIG_ROLE_DIM, category_title(p->category));
            for (size_t i = 0; i < c->n; i++)
                ui_put(a, y, x0 + (int)i * cw, cw - 2, p->differs ? DLRIG_ROLE_NORMAL : DLRIG_ROLE_DIM, p->text[i]);
        }
    }
    char legend[200];
    size_t k = 0;
    ui_appendf(legend, sizeof legend, &k, "%s best in the row   %s the builds differ", star + 1, neq);
    bool partial = false;
    for (int m = 0; m < DLRIG_CMP_ROWS; m++) partial |= c->rows[m].partial != 0;
    if (partial) ui_appendf(legend, sizeof legend, &k, "   +? some parts unpriced (not ranked)");
    if (total > rows)
        ui_appendf(legend, sizeof legend, &k, "   %s%s %d-%d of %d", a->g->up, a->g->down, s->body.top + 1,
                   s->body.top + rows < total ? s->body.top + rows : total, total);
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
        if (build_load(a->cat, path, &builds[n], err, sizeof err) != DLRIG_BUILD_OK) {
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
        {"Good / Better / Best", "best value, a step up, the fastest: side by side", DLRIG_ROLE_NORMAL},
        {"This build vs saved builds", "pick one or two from your saved builds", DLRIG_ROLE_NORMAL},
    };
    ov_menu(a, "Compare", items, 2, 0, menu_cb, m, menu_ctx_free);
}
