/* list.c — the one list widget: a selection in n rows, scrolled so that it
 * is in view, moved by keys, pages and the wheel, and chosen by a click on
 * the selected row (or a double click).  The owner draws rows top ..
 * top + rows - 1 itself; the widget only keeps the numbers straight.  A
 * view (a table or text without a selection) only scrolls.  A list may
 * filter: / and words narrow its rows, Esc clears them. */
#include <stdio.h>
#include <string.h>

#include "tui/app.h"

static int clamp(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }

void ui_list_set(ui_list *l, int n)
{
    l->n = n > 0 ? n : 0;
    l->sel = l->n ? clamp(l->sel, 0, l->n - 1) : 0;
    if (l->top < 0) l->top = 0;
}

void ui_list_select(ui_list *l, int i) { l->sel = l->n ? clamp(i, 0, l->n - 1) : 0; }

void ui_list_move(ui_list *l, int delta, bool wrap)
{
    if (!l->n) return;
    if (wrap && delta < 0 && l->sel == 0) l->sel = l->n - 1;
    else if (wrap && delta > 0 && l->sel == l->n - 1) l->sel = 0;
    else ui_list_select(l, l->sel + delta);
}

int ui_list_page(const ui_list *l) { return l->rows > 0 ? l->rows : 1; }

int ui_list_view_page(const ui_list *l) { return l->rows > 1 ? l->rows - 1 : 1; }

void ui_list_place(ui_list *l, int y, int x, int rows, int w, int sel_h)
{
    l->y = y;
    l->x = x;
    l->w = w;
    l->rows = rows > 0 ? rows : 1;
    if (sel_h < 1) sel_h = 1;
    if (l->sel < l->top) l->top = l->sel;
    if (l->sel > l->top + l->rows - sel_h) l->top = l->sel - (l->rows - sel_h);
    /* the view stays full: when the list got shorter (a filter, another
     * report), no blank rows below its end while rows are scrolled off above */
    int last_top = l->n - 1 + sel_h - l->rows; /* the rows of every item, the selected sel_h tall */
    if (l->top > last_top) l->top = last_top;
    if (l->top < 0) l->top = 0;
}

void ui_list_place_view(ui_list *l, int y, int x, int rows, int w)
{
    l->y = y;
    l->x = x;
    l->w = w;
    l->rows = rows > 0 ? rows : 1;
    ui_list_scroll(l, 0);
}

void ui_list_scroll(ui_list *l, int delta)
{
    long top = (long)l->top + delta; /* End scrolls by a large delta */
    long last = (long)l->n - (l->rows > 0 ? l->rows : 1);
    if (top > last) top = last;
    if (top < 0) top = 0;
    l->top = (int)top;
}

int ui_list_row_at(const ui_list *l, int y, int x)
{
    if (y < l->y || y >= l->y + l->rows || x < l->x || x >= l->x + l->w) return -1;
    int r = y - l->y + l->top;
    return r < l->n ? r : -1;
}

int ui_list_mouse(ui_list *l, const MEVENT *ev, int wheel, bool wrap)
{
    if (ev->bstate & BUTTON4_PRESSED) {
        ui_list_move(l, -wheel, wrap);
        return UI_LIST_MOVED;
    }
    if (ev->bstate & BUTTON5_PRESSED) {
        ui_list_move(l, wheel, wrap);
        return UI_LIST_MOVED;
    }
    if (!(ev->bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED | BUTTON1_DOUBLE_CLICKED))) return UI_LIST_NONE;
    int r = ui_list_row_at(l, ev->y, ev->x);
    if (r < 0) return UI_LIST_MISS;
    bool again = r == l->sel || (ev->bstate & BUTTON1_DOUBLE_CLICKED);
    l->sel = r;
    return again ? UI_LIST_CHOSEN : UI_LIST_MOVED;
}

bool ui_list_nav(ui_list *l, int action, bool wrap)
{
    switch (action) {
    case UI_NAV_UP: ui_list_move(l, -1, wrap); return true;
    case UI_NAV_DOWN: ui_list_move(l, 1, wrap); return true;
    case UI_NAV_PGUP: ui_list_move(l, -ui_list_page(l), false); return true;
    case UI_NAV_PGDN: ui_list_move(l, ui_list_page(l), false); return true;
    case UI_NAV_HOME: ui_list_select(l, 0); return true;
    case UI_NAV_END: ui_list_select(l, l->n - 1); return true;
    default: return false;
    }
}

bool ui_list_nav_view(ui_list *l, int action)
{
    int page = ui_list_view_page(l);
    switch (action) {
    case UI_NAV_UP: ui_list_scroll(l, -1); return true;
    case UI_NAV_DOWN: ui_list_scroll(l, 1); return true;
    case UI_NAV_PGUP: ui_list_scroll(l, -page); return true;
    case UI_NAV_PGDN: ui_list_scroll(l, page); return true;
    case UI_NAV_HOME: ui_list_scroll(l, -(1 << 20)); return true;
    case UI_NAV_END: ui_list_scroll(l, 1 << 20); return true;
    default: return false;
    }
}

/* ---- type-to-filter ---- */

void ui_list_filter_start(ui_list *l) { l->filtering = true; }

bool ui_list_filter_clear(ui_list *l)
{
    bool had = l->filter[0] != '\0';
    l->filter[0] = '\0';
    l->filtering = false;
    return had;
}

int ui_list_filter_key(ui_list *l, int key)
{
    static const int nav_keys[][2] = {{KEY_UP, UI_NAV_UP},     {KEY_DOWN, UI_NAV_DOWN}, {KEY_PPAGE, UI_NAV_PGUP},
                                      {KEY_NPAGE, UI_NAV_PGDN}, {KEY_HOME, UI_NAV_HOME}, {KEY_END, UI_NAV_END}};
    if (key == 27) {
        ui_list_filter_clear(l);
        return UI_FILTER_CHANGED;
    }
    if (key == '\r' || key == '\n' || key == KEY_ENTER || key == '\t') {
        l->filtering = false;
        return key == '\t' ? UI_FILTER_DONE : UI_FILTER_ACCEPT;
    }
    for (size_t i = 0; i < sizeof nav_keys / sizeof nav_keys[0]; i++)
        if (key == nav_keys[i][0]) {
            ui_list_nav(l, nav_keys[i][1], false);
            return UI_FILTER_MOVED;
        }
    return ui_edit_key(l->filter, sizeof l->filter, key, 0) == UI_EDIT_CHANGED ? UI_FILTER_CHANGED : UI_FILTER_NONE;
}

static int lower(int c) { return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c; }

/* Whether the len bytes of word occur in text, ASCII case-insensitive. */
static bool has_word(const char *text, const char *word, size_t len)
{
    for (; *text; text++) {
        size_t i = 0;
        while (i < len && text[i] && lower((unsigned char)text[i]) == lower((unsigned char)word[i])) i++;
        if (i == len) return true;
    }
    return false;
}

bool ui_list_filter_match(const ui_list *l, const char *text)
{
    const char *w = l->filter;
    if (!text) text = "";
    for (;;) {
        while (*w == ' ') w++;
        if (!*w) return true;
        size_t len = strcspn(w, " ");
        if (!has_word(text, w, len)) return false;
        w += len;
    }
}

int ui_list_filter_rows(ui_list *l, int n, ui_list_text_fn text, void *ctx, int *shown)
{
    int was = l->n > 0 && l->sel >= 0 && l->sel < l->n ? shown[l->sel] : -1;
    int k = 0, sel = 0;
    char buf[512];
    for (int i = 0; i < n; i++) {
        if (!ui_list_filter_match(l, text(ctx, i, buf, sizeof buf))) continue;
        if (i == was) sel = k;
        shown[k++] = i;
    }
    ui_list_set(l, k);
    ui_list_select(l, sel);
    return k;
}

const char *ui_list_filter_text(const ui_list *l, char *buf, size_t size)
{
    if (!l->filter[0] && !l->filtering) return NULL;
    snprintf(buf, size, "filter: %s%s", l->filter, l->filtering ? "_" : "");
    return buf;
}

void ui_list_filter_title(const app *a, const ui_list *l, char *buf, size_t size, size_t *k)
{
    char f[128];
    if (ui_list_filter_text(l, f, sizeof f)) ui_appendf(buf, size, k, " %s %s", a->g->sep, f);
}
