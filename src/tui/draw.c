/* draw.c — drawing helpers: text clipped by display width (UTF-8 or ASCII),
 * boxes, wrapping and badges.  Everything draws on stdscr with a role. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <wchar.h>

#include "tui/app.h"

const glyphs ui_glyphs_utf8 = {
    .h = "─", .v = "│", .tl = "╭", .tr = "╮", .bl = "╰", .br = "╯", .lt = "├", .rt = "┤", .tt = "┬", .bt = "┴",
    .cross = "┼", .ellipsis = "…", .cursor = "▸", .chosen = "●", .bad = "✖", .sep = "·", .arrow = "›",
    .up = "▲", .down = "▼", .full = "█", .shade = "▒", .light = "░", .err = "✖", .warn = "▲", .info = "●",
    .ok = "✔", .check = "[x]", .uncheck = "[ ]", .times = "×", .bridge_top = "┐", .bridge_mid = "│",
    .bridge_bot = "┘",
};

const glyphs ui_glyphs_ascii = {
    .h = "-", .v = "|", .tl = "+", .tr = "+", .bl = "+", .br = "+", .lt = "+", .rt = "+", .tt = "+", .bt = "+",
    .cross = "+", .ellipsis = "~", .cursor = ">", .chosen = "*", .bad = "x", .sep = "|", .arrow = ">",
    .up = "^", .down = "v", .full = "#", .shade = "=", .light = ".", .err = "E", .warn = "W", .info = "i",
    .ok = "+", .check = "[x]", .uncheck = "[ ]", .times = "x", .bridge_top = "+", .bridge_mid = "|",
    .bridge_bot = "+",
};

attr_t ui_attr(const app *a, int role)
{
    if (role < 0 || role >= DLRIG_ROLE_COUNT) role = DLRIG_ROLE_NORMAL;
    return a->role_attr[role];
}

/* Decodes one character of s (at most left bytes): its length in bytes and
 * display width; printable false for control and invalid bytes. */
static size_t next_char(const app *a, const char *s, size_t left, int *width, bool *printable)
{
    unsigned char c = (unsigned char)*s;
    if (c < 0x80) {
        *printable = c >= 0x20 && c != 0x7f;
        *width = 1;
        return 1;
    }
    if (!a->utf8) {
        /* a non-UTF-8 locale: one '?' per UTF-8 sequence */
        size_t n = 1;
        while (n < left && ((unsigned char)s[n] & 0xC0) == 0x80) n++;
        *printable = false;
        *width = 1;
        return n;
    }
    mbstate_t st;
    memset(&st, 0, sizeof st);
    wchar_t wc;
    size_t n = mbrtowc(&wc, s, left, &st);
    if (n == (size_t)-1 || n == (size_t)-2 || n == 0) {
        *printable = false;
        *width = 1;
        return 1;
    }
    int cw = wcwidth(wc);
    /* invisible marks that reorder or hide text (right-to-left override,
     * isolates, zero-width space): shown, as '?', like control characters */
    if (cw < 0 || uc_hidden_format((unsigned)wc)) {
        *printable = false;
        *width = 1;
        return n;
    }
    *printable = true;
    *width = cw;
    return n;
}

/* The width of s, counted no further than past `limit` columns. */
static int width_upto(const app *a, const char *s, int limit)
{
    int w = 0;
    size_t left = strlen(s);
    while (left && w <= limit) {
        int cw;
        bool pr;
        size_t n = next_char(a, s, left, &cw, &pr);
        w += cw;
        s += n;
        left -= n;
    }
    return w;
}

int ui_width(const app *a, const char *s)
{
    int w = 0;
    size_t left = strlen(s);
    while (left) {
        int cw;
        bool pr;
        size_t n = next_char(a, s, left, &cw, &pr);
        w += cw;
        s += n;
        left -= n;
    }
    return w;
}

/* Writes at most w columns of s at the cursor; returns columns written. */
static int put_clip(app *a, const char *s, int w)
{
    int used = 0;
    size_t left = strlen(s);
    while (left) {
        int cw;
        bool pr;
        size_t n = next_char(a, s, left, &cw, &pr);
        if (used + cw > w) break;
        if (pr) waddnstr(stdscr, s, (int)n);
        else waddch(stdscr, '?');
        used += cw;
        s += n;
        left -= n;
    }
    return used;
}

int ui_put(app *a, int y, int x, int w, int role, const char *s)
{
    if (w <= 0 || y < 0 || y >= a->h || x >= a->w || !s) return 0;
    if (x + w > a->w) w = a->w - x;
    wattrset(stdscr, ui_attr(a, role));
    wmove(stdscr, y, x);
    int sw = width_upto(a, s, w); /* a long text is not measured to its end for each cell */
    int used;
    if (sw <= w) {
        used = put_clip(a, s, w);
    } else {
        int ew = ui_width(a, a->g->ellipsis);
        used = put_clip(a, s, w - ew);
        used += put_clip(a, a->g->ellipsis, ew);
    }
    wattrset(stdscr, A_NORMAL);
    return used;
}

int ui_putf(app *a, int y, int x, int w, int role, const char *fmt, ...)
{
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    return ui_put(a, y, x, w, role, buf);
}

size_t ui_appendf(char *buf, size_t size, size_t *k, const char *fmt, ...)
{
    if (*k >= size) return *k; /* full already: nothing more fits */
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf + *k, size - *k, fmt, ap);
    va_end(ap);
    if (n > 0) *k += (size_t)n < size - *k ? (size_t)n : size - *k - 1;
    return *k;
}

int ui_put_right(app *a, int y, int x, int w, int role, const char *s)
{
    int sw = ui_width(a, s);
    if (sw > w) sw = w;
    return ui_put(a, y, x + w - sw, sw, role, s);
}

void ui_fill(app *a, int y, int x, int w, int role)
{
    if (y < 0 || y >= a->h || w <= 0) return;
    if (x + w > a->w) w = a->w - x;
    wattrset(stdscr, ui_attr(a, role));
    wmove(stdscr, y, x);
    for (int i = 0; i < w; i++) waddch(stdscr, ' ');
    wattrset(stdscr, A_NORMAL);
}

static void put_glyph(app *a, int y, int x, const char *g, int role)
{
    if (y < 0 || y >= a->h || x < 0 || x >= a->w) return;
    wattrset(stdscr, ui_attr(a, role));
    mvwaddstr(stdscr, y, x, g);
    wattrset(stdscr, A_NORMAL);
}

void ui_hline(app *a, int y, int x, int w, int role)
{
    for (int i = 0; i < w; i++) put_glyph(a, y, x + i, a->g->h, role);
}

void ui_box(app *a, int y, int x, int h, int w, const char *title, bool focused)
{
    if (h < 2 || w < 2) return;
    int role = focused ? DLRIG_ROLE_FOCUS : DLRIG_ROLE_BORDER;
    put_glyph(a, y, x, a->g->tl, role);
    put_glyph(a, y, x + w - 1, a->g->tr, role);
    put_glyph(a, y + h - 1, x, a->g->bl, role);
    put_glyph(a, y + h - 1, x + w - 1, a->g->br, role);
    ui_hline(a, y, x + 1, w - 2, role);
    ui_hline(a, y + h - 1, x + 1, w - 2, role);
    for (int i = 1; i < h - 1; i++) {
        put_glyph(a, y + i, x, a->g->v, role);
        put_glyph(a, y + i, x + w - 1, a->g->v, role);
    }
    if (title && *title && w > 6) {
        /* the box with the keyboard says so by more than a colour (a
         * monochrome terminal, colour blindness): a marker and reverse video */
        char t[256];
        if (focused) snprintf(t, sizeof t, " %s %s ", a->utf8 ? "\u25B6" : ">", title);
        else snprintf(t, sizeof t, " %s ", title);
        ui_put(a, y, x + 2, w - 4, focused ? DLRIG_ROLE_SELECTION : DLRIG_ROLE_TITLE, t);
    }
}

size_t ui_wrap(const app *a, const char *s, int w, const char **next)
{
    size_t left = strlen(s);
    int used = 0;
    size_t i = 0, last_space = 0;
    bool have_space = false;
    while (i < left) {
        if (s[i] == '\n') {
            *next = s + i + 1;
            return i;
        }
        int cw;
        bool pr;
        size_t n = next_char(a, s + i, left - i, &cw, &pr);
        if (used + cw > w) break;
        if (s[i] == ' ') {
            last_space = i;
            have_space = true;
        }
        used += cw;
        i += n;
    }
    if (i >= left) {
        *next = s + left;
        return left;
    }
    if (have_space && last_space > 0) {
        const char *n = s + last_space;
        while (*n == ' ') n++;
        *next = n;
        return last_space;
    }
    if (i == 0) i = 1; /* a character wider than the line */
    *next = s + i;
    return i;
}

int ui_put_wrapped(app *a, int y, int x, int h, int w, int role, const char *s)
{
    int lines = 0;
    char buf[1024];
    while (*s && lines < h) {
        const char *next;
        size_t n = ui_wrap(a, s, w, &next);
        if (n >= sizeof buf) n = sizeof buf - 1;
        memcpy(buf, s, n);
        buf[n] = '\0';
        /* the last line that fits shows an ellipsis when text remains */
        if (lines == h - 1 && *next) {
            char more[1100];
            snprintf(more, sizeof more, "%s%s", buf, a->g->ellipsis);
            ui_put(a, y + lines, x, w, role, more);
        } else {
            ui_put(a, y + lines, x, w, role, buf);
        }
        lines++;
        s = next;
    }
    return lines;
}

int ui_wrapped_lines(const app *a, const char *s, int w)
{
    int lines = 0;
    if (w <= 0) return 0;
    while (*s) {
        const char *next;
        ui_wrap(a, s, w, &next);
        lines++;
        s = next;
    }
    return lines;
}

int ui_badge(app *a, int y, int x, int sev, bool short_form)
{
    static const char *const names[] = {"info", "warn", "error"};
    static const int roles[] = {DLRIG_ROLE_INFO, DLRIG_ROLE_WARNING, DLRIG_ROLE_ERROR};
    const char *g = sev == 2 ? a->g->err : sev == 1 ? a->g->warn : a->g->info;
    if (sev < 0 || sev > 2) sev = 0;
    char buf[32];
    if (short_form) snprintf(buf, sizeof buf, "%s", g);
    else snprintf(buf, sizeof buf, "%s %-5s", g, names[sev]);
    return ui_put(a, y, x, 16, roles[sev], buf);
}
