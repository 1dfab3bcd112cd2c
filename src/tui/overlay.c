/* overlay.c — modal overlays drawn over a screen: a scrolling text view
 * (help, part details, a finding's why), a menu and a one-line prompt. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlrig/util.h"
#include "tui/app.h"

enum { OV_CLOSE = 1, OV_OK, OV_NUMBER, OV_FKEY, OV_FILTER, OV_KEYS, OV_EDIT, OV_CLEAR, OV_APPLY };

static const keybind text_keys[] = {
    UI_LIST_KEYBINDS("scroll up", "scroll down", "page up", "page down", "top", "bottom"),
    {' ', UI_NAV_PGDN, "Space", "page down", NULL},
    {27, OV_CLOSE, "Esc", "close", "close"},
    {'q', OV_CLOSE, "q", "close", NULL},
    {'\r', OV_CLOSE, "Enter", "close", NULL},
    {KEY_ENTER, OV_CLOSE, "Enter", "close", NULL},
    {'?', OV_CLOSE, "?", "close", NULL},
    {0, 0, NULL, NULL, NULL},
};

/* A text view with lines to choose (a finding's fixes, a repair's options). */
static const keybind choice_keys[] = {
    UI_LIST_KEYBINDS("previous choice (at the first: scroll up)", "next choice (at the last: scroll down)",
                     "scroll up", "scroll down", "first choice", "last choice"),
    {' ', UI_NAV_PGDN, "Space", "scroll down", NULL},
    {'\r', OV_OK, "Enter", "apply the highlighted choice", "apply"},
    {KEY_ENTER, OV_OK, "Enter", "apply the highlighted choice", NULL},
    {'f', OV_APPLY, "f", "apply the highlighted choice (as f does in the builder)", NULL},
    {'1', OV_NUMBER, "1-9", "apply choice N", NULL},
    {'2', OV_NUMBER, "1-9", "apply choice N", NULL},
    {'3', OV_NUMBER, "1-9", "apply choice N", NULL},
    {'4', OV_NUMBER, "1-9", "apply choice N", NULL},
    {'5', OV_NUMBER, "1-9", "apply choice N", NULL},
    {'6', OV_NUMBER, "1-9", "apply choice N", NULL},
    {'7', OV_NUMBER, "1-9", "apply choice N", NULL},
    {'8', OV_NUMBER, "1-9", "apply choice N", NULL},
    {'9', OV_NUMBER, "1-9", "apply choice N", NULL},
    {27, OV_CLOSE, "Esc", "close without a change", "close"},
    {'q', OV_CLOSE, "q", "close without a change", NULL},
    {'?', OV_CLOSE, "?", "close without a change", NULL},
    {0, 0, NULL, NULL, NULL},
};

static const keybind menu_keys[] = {
    UI_LIST_KEYBINDS("previous", "next", "a page up", "a page down", "first", "last"),
    {'\r', OV_OK, "Enter", "choose", "choose"},
    {KEY_ENTER, OV_OK, "Enter", "choose", NULL},
    {27, OV_CLOSE, "Esc", "clear the filter, else cancel", "cancel"},
    {'q', OV_CLOSE, "q", "cancel", NULL},
    {'/', OV_FILTER, "/", "filter the items as you type (Enter chooses, Esc clears)", "filter"},
    {'?', OV_KEYS, "?", "these keys (any key goes back to the items)", "keys"},
    {'1', OV_NUMBER, "1-9", "choose item N", NULL},
    {'2', OV_NUMBER, "1-9", "choose item N", NULL},
    {'3', OV_NUMBER, "1-9", "choose item N", NULL},
    {'4', OV_NUMBER, "1-9", "choose item N", NULL},
    {'5', OV_NUMBER, "1-9", "choose item N", NULL},
    {'6', OV_NUMBER, "1-9", "choose item N", NULL},
    {'7', OV_NUMBER, "1-9", "choose item N", NULL},
    {'8', OV_NUMBER, "1-9", "choose item N", NULL},
    {'9', OV_NUMBER, "1-9", "choose item N", NULL},
    {KEY_F(1), OV_FKEY, "F1-F12", "choose the item that shows the key", NULL},
    {KEY_F(2), OV_FKEY, "F1-F12", "choose the item that shows the key", NULL},
    {KEY_F(3), OV_FKEY, "F1-F12", "choose the item that shows the key", NULL},
    {KEY_F(4), OV_FKEY, "F1-F12", "choose the item that shows the key", NULL},
    {KEY_F(5), OV_FKEY, "F1-F12", "choose the item that shows the key", NULL},
    {KEY_F(6), OV_FKEY, "F1-F12", "choose the item that shows the key", NULL},
    {KEY_F(7), OV_FKEY, "F1-F12", "choose the item that shows the key", NULL},
    {KEY_F(8), OV_FKEY, "F1-F12", "choose the item that shows the key", NULL},
    {KEY_F(9), OV_FKEY, "F1-F12", "choose the item that shows the key", NULL},
    {KEY_F(10), OV_FKEY, "F1-F12", "choose the item that shows the key", NULL},
    {KEY_F(11), OV_FKEY, "F1-F12", "choose the item that shows the key", NULL},
    {KEY_F(12), OV_FKEY, "F1-F12", "choose the item that shows the key", NULL},
    {0, 0, NULL, NULL, NULL},
};

/* A prompt takes text, so ? is typed like any character: F1 lists the keys,
 * as in other terminal programs' text fields. */
static const keybind prompt_keys[] = {
    {'\r', OV_OK, "Enter", "accept", "accept"},
    {'\n', OV_OK, "Enter", "accept", NULL},
    {KEY_ENTER, OV_OK, "Enter", "accept", NULL},
    {27, OV_CLOSE, "Esc", "cancel", "cancel"},
    UI_EDIT_KEY_ROWS(OV_EDIT, OV_CLEAR, OV_KEYS),
    {0, 0, NULL, NULL, NULL},
};

static void free_state(overlay_state *o)
{
    for (size_t i = 0; i < o->n_lines; i++) free(o->lines[i].text);
    free(o->lines);
    for (size_t i = 0; i < o->n_items; i++) {
        free(o->items[i].label);
        free(o->items[i].detail);
    }
    free(o->items);
    free(o->shown);
    if (o->ctx_free && o->ctx) o->ctx_free(o->ctx);
    memset(o, 0, sizeof *o);
}

void ov_close(app *a)
{
    free_state(&a->ovs);
    a->ov = NULL;
}

/* Centred frame of at most w x h; sets the geometry in the state. */
static void frame(app *a, int w, int h)
{
    overlay_state *o = &a->ovs;
    if (w > a->w - 2) w = a->w - 2;
    if (h > a->h - 2) h = a->h - 2;
    o->w = w;
    o->h = h;
    o->x = (a->w - w) / 2;
    o->y = (a->h - 1 - h) / 2;
    if (o->y < 0) o->y = 0;
    for (int i = 0; i < h; i++) ui_fill(a, o->y + i, o->x, w, DLRIG_ROLE_NORMAL);
    ui_box(a, o->y, o->x, h, w, o->title, true);
}

/* ---- text view ---- */

static int text_total_lines(const app *a, int width)
{
    int n = 0;
    for (size_t i = 0; i < a->ovs.n_lines; i++) {
        const ov_line *l = &a->ovs.lines[i];
        int k = 0;
        for (const char *s = l->text; *s; k++) /* as text_draw wraps it */
            ui_wrap(a, s, width - l->indent - (k ? l->hang : 0), &s);
        n += k ? k : 1;
    }
    return n;
}

/* The wrapped rows of each line (row0, rows), as text_draw places them. */
static void text_layout(app *a, int inner)
{
    overlay_state *o = &a->ovs;
    int row = 0;
    for (size_t i = 0; i < o->n_lines; i++) {
        ov_line *l = &o->lines[i];
        int k = 0;
        for (const char *s = l->text; *s; k++) ui_wrap(a, s, inner - l->indent - (k ? l->hang : 0), &s);
        l->row0 = row;
        l->rows = k ? k : 1;
        row += l->rows;
    }
}

static void text_draw(app *a)
{
    overlay_state *o = &a->ovs;
    int w = a->w >= 100 ? 96 : a->w - 4;
    int inner = w - 4;
    int total = text_total_lines(a, inner);
    frame(a, w, total + 2);
    int body = o->h - 2;
    text_layout(a, inner);
    ui_list_set(&o->view, total);
    ui_list_place_view(&o->view, o->y + 1, o->x + 1, body, o->w - 2);
    if (o->choice_follow) { /* the highlighted choice in view, whole where it fits */
        o->choice_follow = false;
        for (size_t i = 0; i < o->n_lines; i++) {
            const ov_line *l = &o->lines[i];
            if (l->choice != o->choice_sel) continue;
            if (l->row0 + l->rows > o->view.top + body) ui_list_scroll(&o->view, l->row0 + l->rows - (o->view.top + body));
            if (l->row0 < o->view.top) ui_list_scroll(&o->view, l->row0 - o->view.top);
        }
    }
    int row = 0; /* wrapped line index */
    char buf[1024];
    for (size_t i = 0; i < o->n_lines; i++) {
        const ov_line *l = &o->lines[i];
        const char *s = l->text;
        bool sel = l->choice >= 0 && l->choice == o->choice_sel;
        if (!*s) {
            row++;
            continue;
        }
        for (int k = 0; *s; k++) {
            const char *next;
            int in = l->indent + (k ? l->hang : 0);
            size_t n = ui_wrap(a, s, inner - in, &next);
            if (n >= sizeof buf) n = sizeof buf - 1;
            memcpy(buf, s, n);
            buf[n] = '\0';
            int y = row - o->view.top;
            if (y >= 0 && y < body) {
                if (sel) {
                    ui_fill(a, o->y + 1 + y, o->x + 1, o->w - 2, DLRIG_ROLE_SELECTION);
                    if (k == 0) ui_put(a, o->y + 1 + y, o->x + 2 + in - 2, 2, DLRIG_ROLE_SELECTION, a->g->cursor);
                }
                ui_put(a, o->y + 1 + y, o->x + 2 + in, inner - in, sel ? DLRIG_ROLE_SELECTION : l->role, buf);
            }
            row++;
            s = next;
        }
    }
    if (total > body) {
        char pos[48];
        snprintf(pos, sizeof pos, " %d-%d of %d ", o->view.top + 1, o->view.top + body, total);
        ui_put_right(a, o->y + o->h - 1, o->x + 2, o->w - 4, DLRIG_ROLE_DIM, pos);
    }
}

static int text_key(app *a, int action, int key)
{
    (void)key;
    overlay_state *o = &a->ovs;
    if (ui_list_nav_view(&o->view, action)) return UI_HANDLED;
    switch (action) {
    case OV_CLOSE: ov_close(a); break;
    default: return UI_HANDLED; /* modal: swallow other keys */
    }
    return UI_HANDLED;
}

static int text_mouse(app *a, const MEVENT *ev)
{
    if (ev->bstate & BUTTON4_PRESSED) ui_list_scroll(&a->ovs.view, -3);
    else if (ev->bstate & BUTTON5_PRESSED) ui_list_scroll(&a->ovs.view, 3);
    else if (ev->bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED)) {
        overlay_state *o = &a->ovs;
        if (ev->y < o->y || ev->y >= o->y + o->h || ev->x < o->x || ev->x >= o->x + o->w) ov_close(a);
    }
    return UI_HANDLED;
}

static const screen text_overlay = {
    .name = "text", .min_w = UI_MIN_W, .min_h = UI_MIN_H, .draw = text_draw, .on_key = text_key,
    .on_mouse = text_mouse, .keys = text_keys,
};

/* ---- text view with choices ---- */

static void choice_choose(app *a, int idx)
{
    overlay_state *o = &a->ovs;
    if (idx < 0 || idx >= o->n_choices) return;
    ov_menu_cb cb = o->menu_cb;
    void *ctx = o->ctx;
    void (*ctx_free)(void *) = o->ctx_free;
    o->ctx = NULL; /* the callback owns it until we free it below */
    ov_close(a);
    if (cb) cb(a, idx, ctx);
    if (ctx_free && ctx) ctx_free(ctx);
}

static int choice_key(app *a, int action, int key)
{
    overlay_state *o = &a->ovs;
    switch (action) {
    case UI_NAV_UP:
        if (o->choice_sel > 0) {
            o->choice_sel--;
            o->choice_follow = true;
        } else {
            ui_list_scroll(&o->view, -1);
        }
        break;
    case UI_NAV_DOWN:
        if (o->choice_sel + 1 < o->n_choices) {
            o->choice_sel++;
            o->choice_follow = true;
        } else {
            ui_list_scroll(&o->view, 1);
        }
        break;
    case UI_NAV_HOME:
        o->choice_sel = 0;
        ui_list_scroll(&o->view, -(1 << 20));
        o->choice_follow = true;
        break;
    case UI_NAV_END:
        o->choice_sel = o->n_choices - 1;
        o->choice_follow = true;
        break;
    case UI_NAV_PGUP:
    case UI_NAV_PGDN: ui_list_nav_view(&o->view, action); break;
    case OV_OK:
    case OV_APPLY: choice_choose(a, o->choice_sel); break;
    case OV_NUMBER: choice_choose(a, key - '1'); break;
    case OV_CLOSE: ov_close(a); break;
    default: break; /* modal: swallow other keys */
    }
    return UI_HANDLED;
}

static int choice_mouse(app *a, const MEVENT *ev)
{
    overlay_state *o = &a->ovs;
    if (ev->bstate & BUTTON4_PRESSED) ui_list_scroll(&o->view, -3);
    else if (ev->bstate & BUTTON5_PRESSED) ui_list_scroll(&o->view, 3);
    else if (ev->bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED | BUTTON1_DOUBLE_CLICKED)) {
        if (ev->y < o->y || ev->y >= o->y + o->h || ev->x < o->x || ev->x >= o->x + o->w) {
            ov_close(a);
            return UI_HANDLED;
        }
        int row = ev->y - (o->y + 1) + o->view.top; /* click a choice to highlight it, again to apply it */
        for (size_t i = 0; i < o->n_lines; i++) {
            const ov_line *l = &o->lines[i];
            if (l->choice < 0 || row < l->row0 || row >= l->row0 + l->rows) continue;
            if (l->choice == o->choice_sel || (ev->bstate & BUTTON1_DOUBLE_CLICKED)) choice_choose(a, l->choice);
            else o->choice_sel = l->choice;
            break;
        }
    }
    return UI_HANDLED;
}

static const screen choice_overlay = {
    .name = "choices", .min_w = UI_MIN_W, .min_h = UI_MIN_H, .draw = text_draw, .on_key = choice_key,
    .on_mouse = choice_mouse, .keys = choice_keys,
};

void ov_text_begin(app *a, const char *title)
{
    free_state(&a->ovs);
    snprintf(a->ovs.title, sizeof a->ovs.title, "%s", title);
    a->ov = &text_overlay;
}

static void text_push(app *a, int role, int indent, int choice, const char *fmt, va_list ap)
{
    overlay_state *o = &a->ovs;
    if (o->n_lines == o->cap_lines) {
        o->cap_lines = o->cap_lines ? o->cap_lines * 2 : 32;
        o->lines = xrealloc(o->lines, o->cap_lines * sizeof *o->lines);
    }
    strbuf sb = {0};
    sb_vprintf(&sb, fmt, ap);
    o->lines[o->n_lines++] = (ov_line){role, indent, 0, sb.s ? sb_take(&sb) : xstrdup(""), choice, 0, 0};
}

void ov_text_add(app *a, int role, int indent, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    text_push(a, role, indent, -1, fmt, ap);
    va_end(ap);
}

void ov_text_choice(app *a, int role, int indent, const char *fmt, ...)
{
    overlay_state *o = &a->ovs;
    va_list ap;
    va_start(ap, fmt);
    text_push(a, role, indent < 2 ? 2 : indent, o->n_choices++, fmt, ap); /* room for the cursor */
    va_end(ap);
    a->ov = &choice_overlay;
}

void ov_text_on_choose(app *a, ov_menu_cb cb, void *ctx, void (*ctx_free)(void *))
{
    overlay_state *o = &a->ovs;
    if (o->ctx_free && o->ctx) o->ctx_free(o->ctx);
    o->menu_cb = cb;
    o->ctx = ctx;
    o->ctx_free = ctx_free;
}

static bool has_token(const char *list, const char *tok)
{
    size_t n = strlen(tok);
    for (const char *p = list; *p;) {
        const char *e = strchr(p, ' ');
        size_t l = e ? (size_t)(e - p) : strlen(p);
        if (l == n && strncmp(p, tok, n) == 0) return true;
        p += l;
        while (*p == ' ') p++;
    }
    return false;
}

/* The keys of k's action in table ("Down j") written into keys (len bytes);
 * false when an earlier row has the same action (its line has them). */
static bool key_names(const keybind *table, const keybind *k, char *keys, size_t len)
{
    for (const keybind *p = table; p < k; p++)
        if (p->action == k->action) return false;
    keys[0] = '\0';
    for (const keybind *q = k; q->key; q++) {
        if (q->action != k->action || has_token(keys, q->label)) continue;
        size_t l = strlen(keys);
        snprintf(keys + l, len - l, "%s%s", l ? " " : "", q->label);
    }
    return true;
}

/* ---- menu ---- */

/* The keys of an overlay's table, a line each with its help wrapped under
 * its text, in the overlay's box (at least 64 columns wide) titled "Keys:
 * name (any key goes back)". */
static void draw_keys(app *a, const keybind *table, const char *name, int w)
{
    overlay_state *o = &a->ovs;
    char keys[64];
    if (w < 64) w = 64;
    if (w > a->w - 4) w = a->w - 4;
    /* the keys' column: as wide as the widest action's keys (at least 15
     * columns, at most half the box) */
    int kw = 15, n = 0;
    for (const keybind *k = table; k->key; k++)
        if (key_names(table, k, keys, sizeof keys) && ui_width(a, keys) + 1 > kw) kw = ui_width(a, keys) + 1;
    if (kw > (w - 4) / 2) kw = (w - 4) / 2;
    int hw = w - 4 - kw;
    for (const keybind *k = table; k->key; k++)
        if (key_names(table, k, keys, sizeof keys)) n += ui_wrapped_lines(a, k->help, hw);
    char title[sizeof o->title];
    snprintf(title, sizeof title, "%s", o->title);
    snprintf(o->title, sizeof o->title, "Keys: %s (any key goes back)", name);
    frame(a, w, n + 2);
    snprintf(o->title, sizeof o->title, "%s", title);
    int y = o->y + 1, end = o->y + o->h - 1;
    for (const keybind *k = table; k->key && y < end; k++) {
        if (!key_names(table, k, keys, sizeof keys)) continue;
        ui_put(a, y, o->x + 2, kw - 1, DLRIG_ROLE_NORMAL, keys);
        y += ui_put_wrapped(a, y, o->x + 2 + kw, end - y, hw, DLRIG_ROLE_NORMAL, k->help);
    }
}

void ov_draw_keys(app *a, const keybind *table, const char *name)
{
    draw_keys(a, table, name, a->w >= 84 ? 76 : a->w - 4);
}

static void menu_draw(app *a)
{
    overlay_state *o = &a->ovs;
    int w = 0, label_w = 0, detail_w = 0;
    for (size_t i = 0; i < o->n_items; i++) {
        int lw = ui_width(a, o->items[i].label);
        if (lw > label_w) label_w = lw;
        int dw = o->items[i].detail ? ui_width(a, o->items[i].detail) : 0;
        if (dw > detail_w) detail_w = dw;
    }
    w = label_w + 4 + (detail_w ? detail_w + 3 : 0);
    int tw = ui_width(a, o->title) + 6;
    if (tw > w) w = tw;
    int nw = o->note[0] ? ui_width(a, o->note) : 0; /* a note wraps, but takes the width there is first */
    if (nw > w) w = nw;
    w += 4;
    if (w < 40) w = 40;
    if (w > a->w - 4) w = a->w - 4;
    if (o->keys_shown) {
        draw_keys(a, menu_keys, "menu", w);
        return;
    }
    int note_lines = o->note[0] ? ui_wrapped_lines(a, o->note, w - 4) : 0;
    if (note_lines > 4) note_lines = 4;
    /* as tall as every item: a filter does not move the box */
    frame(a, w, (int)o->n_items + 2 + note_lines);
    if (note_lines) ui_put_wrapped(a, o->y + 1, o->x + 2, note_lines, o->w - 4, DLRIG_ROLE_NORMAL, o->note);
    int body = o->h - 2 - note_lines;
    ui_list *l = &o->list;
    ui_list_place(l, o->y + 1 + note_lines, o->x + 1, body, o->w - 2, 1);
    for (int r = 0; r < body && l->top + r < l->n; r++) {
        const ov_item *it = &o->items[o->shown[l->top + r]];
        bool sel = l->top + r == l->sel;
        int y = o->y + 1 + note_lines + r, x = o->x + 1, iw = o->w - 2;
        if (sel) ui_fill(a, y, x, iw, DLRIG_ROLE_SELECTION);
        int used = ui_putf(a, y, x + 1, iw - 2, sel ? DLRIG_ROLE_SELECTION : it->role, "%s %s",
                           sel ? a->g->cursor : " ", it->label);
        int dx = label_w + 2 + 3; /* details line up in a column */
        if (dx < used + 2) dx = used + 2;
        if (it->detail && dx < iw - 2)
            ui_put(a, y, x + 1 + dx, iw - 2 - dx, sel ? DLRIG_ROLE_SELECTION : DLRIG_ROLE_DIM, it->detail);
    }
    if (l->n == 0 && o->n_items)
        ui_put(a, o->y + 1 + note_lines, o->x + 2, o->w - 4, DLRIG_ROLE_DIM, "No item matches the filter (Esc clears it)");
    /* the bottom border: the filter, and where the selection is in a long menu */
    char f[128];
    bool filter = ui_list_filter_text(l, f, sizeof f) != NULL;
    int used = filter ? ui_putf(a, o->y + o->h - 1, o->x + 2, o->w - 4, DLRIG_ROLE_ACCENT, " %s ", f) : 0;
    if (l->n > body || filter) {
        char pos[48];
        snprintf(pos, sizeof pos, " %d/%d ", l->n ? l->sel + 1 : 0, l->n);
        if (used + (int)strlen(pos) < o->w - 4) ui_put_right(a, o->y + o->h - 1, o->x + 2, o->w - 4, DLRIG_ROLE_DIM, pos);
    }
}

static void menu_choose(app *a, int idx)
{
    ov_menu_cb cb = a->ovs.menu_cb;
    void *ctx = a->ovs.ctx;
    void (*ctx_free)(void *) = a->ovs.ctx_free;
    a->ovs.ctx = NULL; /* the callback owns it until we free it below */
    ov_close(a);
    if (cb) cb(a, idx, ctx);
    if (ctx_free && ctx) ctx_free(ctx);
}

/* The text the filter matches of item i: its label and detail. */
static const char *item_text(void *ctx, int i, char *buf, size_t len)
{
    const ov_item *it = &((const overlay_state *)ctx)->items[i];
    snprintf(buf, len, "%s %s", it->label, it->detail ? it->detail : "");
    return buf;
}

static void menu_refilter(overlay_state *o) { ui_list_filter_rows(&o->list, (int)o->n_items, item_text, o, o->shown); }

/* The item on the selected row, or -1 when the filter shows none. */
static int menu_selected(const overlay_state *o) { return o->list.n ? o->shown[o->list.sel] : -1; }

/* While the filter is typed (the key table does not apply). */
static int menu_filter_key(app *a, int key)
{
    overlay_state *o = &a->ovs;
    switch (ui_list_filter_key(&o->list, key)) {
    case UI_FILTER_CHANGED: menu_refilter(o); break;
    case UI_FILTER_ACCEPT:
        if (o->list.n) menu_choose(a, menu_selected(o));
        break;
    default: break;
    }
    return UI_HANDLED;
}

static int menu_key(app *a, int action, int key)
{
    overlay_state *o = &a->ovs;
    if (o->list.filtering) return menu_filter_key(a, key);
    if (o->keys_shown) { /* any key goes back to the items */
        o->keys_shown = false;
        return UI_HANDLED;
    }
    if (ui_list_nav(&o->list, action, true)) return UI_HANDLED;
    switch (action) {
    case OV_OK:
        if (o->list.n) menu_choose(a, menu_selected(o));
        break;
    case OV_CLOSE:
        if (key == 27 && ui_list_filter_clear(&o->list)) menu_refilter(o); /* Esc clears a filter first */
        else menu_choose(a, -1);
        break;
    case OV_FILTER: ui_list_filter_start(&o->list); break;
    case OV_KEYS: o->keys_shown = true; break;
    case OV_NUMBER: /* the Nth row shown */
        if (key - '1' < o->list.n) menu_choose(a, o->shown[key - '1']);
        break;
    case OV_FKEY: {
        /* a function key chooses the item that shows it ("F4 ...") */
        char want[16];
        snprintf(want, sizeof want, "F%d ", key - KEY_F(0));
        for (size_t i = 0; i < o->n_items; i++)
            if (strncmp(o->items[i].label, want, strlen(want)) == 0) {
                menu_choose(a, (int)i);
                break;
            }
        break;
    }
    default: break; /* modal: other keys do nothing */
    }
    return UI_HANDLED;
}

static int menu_mouse(app *a, const MEVENT *ev)
{
    overlay_state *o = &a->ovs;
    if (o->keys_shown) {
        o->keys_shown = false;
        return UI_HANDLED;
    }
    switch (ui_list_mouse(&o->list, ev, 1, true)) {
    case UI_LIST_CHOSEN: menu_choose(a, menu_selected(o)); break;
    case UI_LIST_MISS: /* a click outside the menu cancels it */
        if (ev->y < o->y || ev->y >= o->y + o->h || ev->x < o->x || ev->x >= o->x + o->w) menu_choose(a, -1);
        break;
    default: break;
    }
    return UI_HANDLED;
}

static bool menu_text(const app *a) { return a->ovs.list.filtering; }

static const screen menu_overlay = {
    .name = "menu", .min_w = UI_MIN_W, .min_h = UI_MIN_H, .draw = menu_draw, .on_key = menu_key,
    .on_mouse = menu_mouse, .text_input = menu_text, .keys = menu_keys,
};

void ov_menu(app *a, const char *title, const ov_item *items, size_t n, int sel, ov_menu_cb cb, void *ctx,
             void (*ctx_free)(void *))
{
    free_state(&a->ovs);
    overlay_state *o = &a->ovs;
    snprintf(o->title, sizeof o->title, "%s", title);
    o->items = xcalloc(n ? n : 1, sizeof *o->items);
    for (size_t i = 0; i < n; i++) {
        o->items[i].label = xstrdup(items[i].label);
        o->items[i].detail = xstrdup(items[i].detail);
        o->items[i].role = items[i].role;
    }
    o->n_items = n;
    o->shown = xcalloc(n ? n : 1, sizeof *o->shown);
    for (size_t i = 0; i < n; i++) o->shown[i] = (int)i;
    ui_list_set(&o->list, (int)n);
    ui_list_select(&o->list, sel >= 0 && (size_t)sel < n ? sel : 0);
    o->menu_cb = cb;
    o->ctx = ctx;
    o->ctx_free = ctx_free;
    a->ov = &menu_overlay;
}

void ov_menu_note(app *a, const char *note) { snprintf(a->ovs.note, sizeof a->ovs.note, "%s", note ? note : ""); }

/* ---- prompt ---- */

static void prompt_draw(app *a)
{
    overlay_state *o = &a->ovs;
    int w = a->w >= 84 ? 76 : a->w - 4;
    if (o->keys_shown) {
        draw_keys(a, prompt_keys, "prompt", w);
        return;
    }
    int note_lines = o->note[0] ? ui_wrapped_lines(a, o->note, w - 4) : 0;
    frame(a, w, 4 + note_lines);
    if (note_lines) ui_put_wrapped(a, o->y + 1, o->x + 2, note_lines, w - 4, DLRIG_ROLE_DIM, o->note);
    int y = o->y + 1 + note_lines + 1 - 1;
    int iw = w - 4;
    ui_fill(a, y + 1 - 1, o->x + 2, iw, DLRIG_ROLE_SELECTION);
    ui_edit_draw(a, y, o->x + 2, iw, DLRIG_ROLE_SELECTION, o->input);
    ui_put(a, y + 1, o->x + 2, iw, DLRIG_ROLE_DIM, "Enter accepts, Esc cancels, F1 lists the keys");
}

/* The prompt's text is full: the rest of what is typed is not taken, which
 * the prompt says; a character cut in the middle is dropped whole. */
static void prompt_full(overlay_state *o)
{
    if (o->input_full) return;
    o->input_full = true;
    size_t n = strlen(o->input), start = n;
    while (start > 0 && ((unsigned char)o->input[start - 1] & 0xC0) == 0x80) start--;
    if (start > 0) {
        unsigned char lead = (unsigned char)o->input[start - 1];
        size_t want = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1;
        if (n - (start - 1) < want) o->input[start - 1] = '\0';
    }
    size_t k = strlen(o->note);
    snprintf(o->note + k, sizeof o->note - k, "%sAt most %zu bytes: the rest was not taken.",
             k ? (o->note[k - 1] == '.' ? " " : ". ") : "",
             sizeof o->input - 1);
}

static int prompt_key(app *a, int action, int key)
{
    (void)action; /* the prompt takes text: its table is looked up here, for the keys that are not typed */
    overlay_state *o = &a->ovs;
    if (o->keys_shown) { /* any key goes back to the text */
        o->keys_shown = false;
        return UI_HANDLED;
    }
    action = 0;
    for (const keybind *k = prompt_keys; k->key && !action; k++)
        if (k->key == key) action = k->action;
    if (action == OV_KEYS) {
        o->keys_shown = true;
        return UI_HANDLED;
    }
    if (action == OV_OK || action == OV_CLOSE) {
        char text[sizeof o->input];
        snprintf(text, sizeof text, "%s", o->input);
        ov_prompt_cb cb = o->prompt_cb;
        void *ctx = o->ctx;
        void (*ctx_free)(void *) = o->ctx_free;
        o->ctx = NULL;
        ov_close(a);
        if (cb) cb(a, action == OV_CLOSE ? NULL : text, ctx);
        if (ctx_free && ctx) ctx_free(ctx);
        return UI_HANDLED;
    }
    /* once full, nothing more is taken until something is deleted */
    if (o->input_full && ui_edit_typed(key, 0)) return UI_HANDLED;
    switch (ui_edit_key(o->input, sizeof o->input, key, 0)) {
    case UI_EDIT_CHANGED: o->input_full = false; break;
    case UI_EDIT_FULL: prompt_full(o); break;
    default: break;
    }
    return UI_HANDLED;
}

static bool prompt_text(const app *a)
{
    (void)a;
    return true;
}

static const screen prompt_overlay = {
    .name = "prompt", .min_w = UI_MIN_W, .min_h = UI_MIN_H, .draw = prompt_draw, .on_key = prompt_key,
    .text_input = prompt_text, .keys = prompt_keys,
};

void ov_prompt(app *a, const char *title, const char *note, const char *initial, ov_prompt_cb cb, void *ctx,
               void (*ctx_free)(void *))
{
    free_state(&a->ovs);
    overlay_state *o = &a->ovs;
    snprintf(o->title, sizeof o->title, "%s", title);
    snprintf(o->note, sizeof o->note, "%s", note ? note : "");
    snprintf(o->input, sizeof o->input, "%s", initial ? initial : "");
    o->input_full = false;
    if (initial && strlen(initial) >= sizeof o->input) prompt_full(o);
    o->prompt_cb = cb;
    o->ctx = ctx;
    o->ctx_free = ctx_free;
    a->ov = &prompt_overlay;
}

/* ---- help ---- */

/* Whether the space-separated list holds tok. */
void ov_text_add_keys(app *a, const keybind *table,
                      const char *(*key_help)(const app *a, const keybind *k, char *buf, size_t len))
{
    for (const keybind *k = table; k && k->key; k++) {
        /* aliases of the same action share one line: "Down j" */
        char keys[64];
        if (!key_names(table, k, keys, sizeof keys)) continue;
        char now[128];
        const char *help = key_help ? key_help(a, k, now, sizeof now) : NULL;
        ov_text_add(a, DLRIG_ROLE_NORMAL, 0, "%-14s %s", keys, help ? help : k->help);
        a->ovs.lines[a->ovs.n_lines - 1].hang = 15; /* the help's wrapped lines under its first */
    }
}

void ov_help(app *a, const keybind *global)
{
    const screen *s = a->scr;
    char title[96];
    snprintf(title, sizeof title, "Keys: %s", s ? s->name : "dlrig");
    ov_text_begin(a, title);
    if (s) ov_text_add_keys(a, s->keys, s->key_help);
    ov_text_add(a, DLRIG_ROLE_NORMAL, 0, "%s", "");
    ov_text_add(a, DLRIG_ROLE_HEADER, 0, "%s", "Everywhere");
    ov_text_add_keys(a, global, NULL);
    ov_text_add(a, DLRIG_ROLE_NORMAL, 0, "%-14s %s", "Ctrl-C", "leave at once (the terminal is restored)");
    if (a->mouse)
        ov_text_add(a, DLRIG_ROLE_DIM, 0, "%s",
                    "Mouse: click selects, click again (or double-click) chooses, the wheel scrolls.");
}
