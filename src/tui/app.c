/* app.c — the TUI's frame: the screen stack, colours by role from the
 * theme, key and mouse dispatch to the top screen, the "enlarge the
 * terminal" notice and the status bar.  It knows no screen by name; run.c
 * sets up the terminal, registers the screens and runs the loop. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlrig/util.h"
#include "tui/app.h"

enum { G_HELP = 1, G_THEME, G_QUIT, G_REDRAW };

const keybind app_global_keys[] = {
    {'?', G_HELP, "?", "this help: every key of the current screen", "help"},
    {'t', G_THEME, "t", "next colour theme (dark, light, high-contrast, mono, yours)", NULL},
    {'q', G_QUIT, "q", "quit (asks first when the build has unsaved changes)", "quit"},
    {12, G_REDRAW, "Ctrl-L", "redraw the screen", NULL},
    {0, 0, NULL, NULL, NULL},
};

void app_message(app *a, int role, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(a->status, sizeof a->status, fmt, ap);
    va_end(ap);
    a->status_role = role;
}

/* ---- the screen stack ---- */

void app_register(app *a, tui_screen_id id, const screen *s) { a->registry[id] = s; }

void app_open(app *a, tui_screen_id id, void *args)
{
    const screen *s = a->registry[id];
    if (s && s->open) s->open(a, args);
}

void app_replace(app *a, tui_screen_id id, void *args)
{
    app_close_all(a);
    app_open(a, id, args);
}

/* The top screen is a->scr; it gets its size again when it comes back. */
static void top_changed(app *a)
{
    a->scr = a->depth ? a->stack[a->depth - 1].scr : NULL;
    if (a->scr && a->scr->on_resize) a->scr->on_resize(a);
}

/* f leaves the stack: freed by the next app_collect. */
static void retire(app *a, app_frame f)
{
    if (a->n_closed == a->cap_closed) {
        a->cap_closed = a->cap_closed ? a->cap_closed * 2 : 8;
        a->closed = xrealloc(a->closed, a->cap_closed * sizeof *a->closed);
    }
    a->closed[a->n_closed++] = f;
}

void app_push(app *a, const screen *s, void *st)
{
    if (a->depth == APP_STACK_MAX) { /* deeper than any path through the screens: the oldest goes */
        retire(a, a->stack[0]);
        memmove(&a->stack[0], &a->stack[1], (APP_STACK_MAX - 1) * sizeof a->stack[0]);
        a->depth--;
    }
    a->stack[a->depth++] = (app_frame){s, st, ++a->serial};
    top_changed(a);
}

void app_pop(app *a)
{
    if (!a->depth) return;
    retire(a, a->stack[--a->depth]);
    top_changed(a);
}

void app_close_all(app *a)
{
    while (a->depth) app_pop(a);
}

void app_collect(app *a)
{
    for (size_t i = 0; i < a->n_closed; i++)
        if (a->closed[i].scr->close) a->closed[i].scr->close(a->closed[i].st);
    a->n_closed = 0;
}

void *app_state(const app *a, const screen *s)
{
    for (int i = a->depth - 1; i >= 0; i--)
        if (a->stack[i].scr == s) return a->stack[i].st;
    return NULL;
}

/* The topmost frame whose screen edits a build. */
static const app_frame *doc_frame(const app *a, app_doc *d)
{
    for (int i = a->depth - 1; i >= 0; i--) {
        const app_frame *f = &a->stack[i];
        if (f->scr->document && f->scr->document(f->st, f->serial, d)) return f;
    }
    return NULL;
}

bool app_document(const app *a, app_doc *d) { return doc_frame(a, d) != NULL; }

bool app_dirty(const app *a)
{
    app_doc d;
    return app_document(a, &d) && d.dirty;
}

void app_use_build(app *a, const dlrig_build *b, const char *label)
{
    if (a->scr && a->scr->use_build) a->scr->use_build(a, b, label);
}

static attr_t map_attrs(unsigned bits)
{
    attr_t r = A_NORMAL;
    if (bits & DLRIG_ATTR_BOLD) r |= A_BOLD;
    if (bits & DLRIG_ATTR_DIM) r |= A_DIM;
    if (bits & DLRIG_ATTR_UNDERLINE) r |= A_UNDERLINE;
    if (bits & DLRIG_ATTR_REVERSE) r |= A_REVERSE;
    if (bits & DLRIG_ATTR_ITALIC) r |= A_ITALIC;
    if (bits & DLRIG_ATTR_BLINK) r |= A_BLINK;
    if (bits & DLRIG_ATTR_STANDOUT) r |= A_STANDOUT;
    return r;
}

void app_theme_apply(app *a, const dlrig_theme *t)
{
    a->theme = *t;
    const dlrig_theme *use = t;
    dlrig_theme mono;
    char err[256];
    a->color = a->can_color && t->uses_color;
    if (!a->color && t->uses_color &&
        theme_load("mono", a->builtins, &mono, err, sizeof err) == 0) /* colour theme, no colours: attributes only */
        use = &mono;
    /* colour starts with the first colour theme: under NO_COLOR or a theme without colours the terminal gets
     * no colour escape at all and shows its own colours */
    if (a->color && !a->color_started) {
        start_color();
        a->default_colors = use_default_colors() == OK;
        a->color_started = true;
    }
    bool defaults = a->color && a->default_colors;
    for (int r = 0; r < DLRIG_ROLE_COUNT; r++) {
        const dlrig_style *s = &use->roles[r];
        attr_t at = map_attrs(s->attrs);
        if (a->color && r + 1 < COLOR_PAIRS) {
            /* among 8 or 16 colours a foreground never takes its background's colour (on the Linux console
             * the dark theme's grey borders were black on black) */
            int fg = theme_fg_reduce(s->fg, s->bg, use->light, COLORS);
            int bg = theme_color_reduce(s->bg, COLORS);
            if (!defaults) {
                if (fg < 0) fg = COLOR_WHITE;
                if (bg < 0) bg = COLOR_BLACK;
            }
            init_pair((short)(r + 1), (short)fg, (short)bg);
            at |= COLOR_PAIR(r + 1);
        }
        a->role_attr[r] = at;
    }
    bkgdset(' ' | a->role_attr[DLRIG_ROLE_NORMAL]);
}

void app_theme_cycle(app *a)
{
    char **names;
    size_t n = theme_names(a->builtins, &names);
    if (n == 0) {
        theme_names_free(names, n);
        return;
    }
    size_t cur = 0;
    for (size_t i = 0; i < n; i++)
        if (strcmp(names[i], a->theme.name) == 0) cur = i;
    /* the next theme that loads */
    for (size_t k = 1; k <= n; k++) {
        const char *nm = names[(cur + k) % n];
        dlrig_theme t;
        char err[512];
        if (theme_load(nm, a->builtins, &t, err, sizeof err) == 0) {
            snprintf(t.name, sizeof t.name, "%s", nm);
            app_theme_apply(a, &t);
            app_message(a, DLRIG_ROLE_INFO, "Theme: %s%s%s", nm, t.description[0] ? " - " : "", t.description);
            break;
        }
        app_message(a, DLRIG_ROLE_ERROR, "%s", err);
    }
    theme_names_free(names, n);
}

static void quit_menu_cb(app *a, int idx, void *ctx)
{
    (void)ctx;
    app_doc d;
    const app_frame *f = doc_frame(a, &d);
    if (idx == 0 && f && f->scr->save_then_quit) f->scr->save_then_quit(a);
    else if (idx == 1) a->quit = true;
}

void app_request_quit(app *a)
{
    if (!app_dirty(a)) {
        a->quit = true;
        return;
    }
    static const ov_item items[] = {
        {"Save and quit", "write the build, then leave", DLRIG_ROLE_NORMAL},
        {"Quit without saving", "the changes are lost", DLRIG_ROLE_WARNING},
        {"Cancel", "back to the build", DLRIG_ROLE_NORMAL},
    };
    ov_menu(a, "Unsaved changes", items, 3, 0, quit_menu_cb, NULL, NULL);
}

/* ---- frame ---- */

/* The keys of the screen s (the overlay or the screen on top) while it
 * takes text; NULL when it takes none or lists none. */
static const keybind *typing_keys(const app *a, const screen *s)
{
    if (!s || !s->text_keys || !s->text_input || !s->text_input(a)) return NULL;
    return s->text_keys(a);
}

static void draw_status(app *a)
{
    int y = a->h - 1;
    ui_fill(a, y, 0, a->w, DLRIG_ROLE_STATUS);
    const screen *s = a->ov ? a->ov : a->scr;
    const keybind *typing = typing_keys(a, s);
    /* "? help" always has its place at the right end of the bar (screens
     * under an overlay: the overlay's own keys only; "F1 keys" in a prompt
     * and wherever text is typed, since ? is typed there) */
    const keybind *help = NULL;
    for (const keybind *k = typing ? typing : a->ov ? a->ov->keys : app_global_keys; k && k->key && !help; k++)
        if ((k->key == '?' || ((a->ov || typing) && k->key == KEY_F(1))) && k->hint) help = k;
    int help_w = help ? ui_width(a, help->label) + ui_width(a, help->hint) + 3 : 0;
    if (help) {
        int hx = a->w - 1 - help_w;
        hx += ui_putf(a, y, hx, a->w - hx, DLRIG_ROLE_KEY, " %s ", help->label);
        ui_putf(a, y, hx, a->w - hx, DLRIG_ROLE_STATUS, "%s ", help->hint);
    }
    int right = a->w - 1 - help_w; /* the columns left of it */
    if (a->status[0]) {
        /* a message: up to three lines from the bottom, beside "? help" when
         * its last line leaves room, else on the rows above the key bar */
        int lines = ui_wrapped_lines(a, a->status, a->w - 2);
        if (lines > 3) lines = 3;
        const char *last = a->status;
        for (int i = 1; i < lines; i++) ui_wrap(a, last, a->w - 2, &last);
        bool beside = !help || ui_width(a, last) <= right - 2;
        int bottom = beside ? y : y - 1;
        for (int i = 0; i < lines; i++) ui_fill(a, bottom - i, 0, bottom == y && i == 0 ? right : a->w, a->status_role);
        ui_put_wrapped(a, bottom - lines + 1, 1, lines, a->w - 2, a->status_role, a->status);
        if (beside) {
            /* the keys the screen says matter most now (the fix of a new error) stay in
             * view beside a one-line message, at its right end, where they fit */
            if (lines == 1 && !typing && s && s->urgent && s->hint) {
                int need = 0;
                for (const keybind *k = s->keys; k && k->key; k++)
                    if (s->urgent(a, k) && s->hint(a, k)) need += ui_width(a, k->label) + ui_width(a, s->hint(a, k)) + 3;
                int x = right - need;
                if (need && x >= 1 + ui_width(a, last) + 2)
                    for (const keybind *k = s->keys; k && k->key; k++) {
                        if (!s->urgent(a, k) || !s->hint(a, k)) continue;
                        x += ui_putf(a, y, x, right - x, DLRIG_ROLE_KEY, " %s ", k->label);
                        x += ui_putf(a, y, x, right - x, DLRIG_ROLE_STATUS, "%s ", s->hint(a, k));
                    }
            }
            return;
        }
    }
    int x = 1;
    const keybind *tables[2] = {typing ? typing : s ? s->keys : NULL, a->ov || typing ? NULL : app_global_keys};
    /* the screen's own keys say what applies now (its hint hook) */
    const char *(*now)(const app *, const keybind *) = !typing && s ? s->hint : NULL;
    for (int t = 0; t < 2; t++) {
        for (const keybind *k = tables[t]; k && k->key; k++) {
            const char *word = t == 0 && now ? now(a, k) : k->hint;
            if (!word || k == help) continue;
            /* one label per action: skip aliases already shown */
            bool dup = false;
            for (const keybind *p = tables[t]; p < k; p++)
                if (p->action == k->action && (t == 0 && now ? now(a, p) : p->hint)) dup = true;
            if (dup) continue;
            int need = ui_width(a, k->label) + ui_width(a, word) + 3;
            if (x + need > right) return;
            x += ui_putf(a, y, x, right - x, DLRIG_ROLE_KEY, " %s ", k->label);
            x += ui_putf(a, y, x, right - x, DLRIG_ROLE_STATUS, "%s ", word);
        }
    }
}

static void draw_too_small(app *a, const screen *s)
{
    char msg[128];
    snprintf(msg, sizeof msg, "Enlarge the terminal to at least %dx%d (now %dx%d)", s->min_w, s->min_h, a->w,
             a->h);
    int y = a->h / 2, lines = ui_wrapped_lines(a, msg, a->w > 2 ? a->w - 2 : 1);
    ui_put_wrapped(a, y - lines / 2 < 0 ? 0 : y - lines / 2, 1, lines, a->w > 2 ? a->w - 2 : 1,
                   DLRIG_ROLE_WARNING, msg);
    if (a->h > 2) ui_put(a, a->h - 1, 1, a->w - 2, DLRIG_ROLE_DIM, "q quits");
}

static bool too_small(const app *a)
{
    const screen *s = a->scr;
    return s && (a->w < s->min_w || a->h < s->min_h);
}

void app_draw_frame(app *a)
{
    werase(stdscr);
    if (too_small(a)) {
        draw_too_small(a, a->scr);
    } else {
        if (a->scr && a->scr->draw) a->scr->draw(a);
        if (a->ov && a->ov->draw) a->ov->draw(a);
        const keybind *typing = typing_keys(a, a->ov ? a->ov : a->scr);
        if (a->text_keys_shown && typing) ov_draw_keys(a, typing, "typing");
        draw_status(a);
    }
    wnoutrefresh(stdscr);
    doupdate();
}

static const keybind *lookup(const keybind *table, int key)
{
    for (const keybind *k = table; k && k->key; k++)
        if (k->key == key) return k;
    return NULL;
}

static int global_key(app *a, int action)
{
    switch (action) {
    case G_HELP: ov_help(a, app_global_keys); return UI_HANDLED;
    case G_THEME: app_theme_cycle(a); return UI_HANDLED;
    case G_QUIT: app_request_quit(a); return UI_HANDLED;
    case G_REDRAW: clearok(curscr, TRUE); return UI_HANDLED;
    default: return UI_UNHANDLED;
    }
}

void app_key(app *a, int key)
{
    a->status[0] = '\0';
    if (too_small(a)) {
        if (key == 'q') a->quit = true;
        return;
    }
    const screen *s = a->ov ? a->ov : a->scr;
    if (!s) return;
    int flags = UI_UNHANDLED;
    const keybind *typing = typing_keys(a, s);
    bool shown = a->text_keys_shown;
    a->text_keys_shown = false;
    if (typing && shown) return; /* any key goes back to the text */
    if (typing && key == KEY_F(1)) {
        a->text_keys_shown = true;
        return;
    }
    if (s->text_input && s->text_input(a)) {
        flags = s->on_key(a, 0, key);
    } else {
        const keybind *k = lookup(s->keys, key);
        flags = s->on_key(a, k ? k->action : 0, key);
        if (!(flags & UI_HANDLED) && !a->ov) {
            const keybind *g = lookup(app_global_keys, key);
            if (g) flags = global_key(a, g->action);
        }
    }
    if (flags & UI_QUIT) app_request_quit(a);
}

void app_mouse(app *a)
{
    MEVENT ev;
    if (getmouse(&ev) != OK || too_small(a)) return;
    const screen *s = a->ov ? a->ov : a->scr;
    if (s && s->on_mouse) s->on_mouse(a, &ev);
}

void app_resize(app *a)
{
    getmaxyx(stdscr, a->h, a->w);
    if (a->scr && a->scr->on_resize) a->scr->on_resize(a);
    if (a->ov && a->ov->on_resize) a->ov->on_resize(a);
}
