/* list.c — the one list widget: a selection in n rows, scrolled so that it
 * is in view, moved by keys, pages and the wheel, and chosen by a click on
 * the selected row (or a double click).  The owner draws rows top ..
 * top + rows - 1 itself; the widget only keeps the numbers straight.  A
 * view (a table or text without a selection) only scrolls. */
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
