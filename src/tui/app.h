/* app.h — the TUI's shared context, screen interface, key tables and
 * drawing helpers.  Private to src/tui. */
#ifndef DLRIG_TUI_APP_H
#define DLRIG_TUI_APP_H

#include <curses.h>
#include <stdbool.h>
#include <stddef.h>

#include "dlrig/advisor.h"
#include "dlrig/build.h"
#include "dlrig/catalog.h"
#include "dlrig/export.h"
#include "dlrig/format.h"
#include "dlrig/theme.h"

/* What a key handler asks the loop to do. */
enum { UI_UNHANDLED = 0, UI_HANDLED = 1 << 0, UI_QUIT = 1 << 1 };

/* Minimum terminal size of every screen: 80x24. */
#define UI_MIN_W 80
#define UI_MIN_H 24

typedef struct app app;

/* One key binding: key code -> the screen's action, with its help. */
typedef struct keybind {
    int key;
    int action;        /* passed to the screen's on_key; never 0 */
    const char *label; /* the key as shown: "Enter", "/", "+/-" */
    const char *help;  /* a line for the ? overlay */
    const char *hint;  /* a word for the status bar, or NULL */
} keybind;

/* The build a screen edits, for quitting and the recovery file. */
typedef struct app_doc {
    const dlrig_build *build; /* borrowed from the screen's state */
    const char *path;         /* the file it belongs to, or NULL */
    unsigned long gen;        /* counts its changes */
    bool dirty;               /* changes not saved */
    unsigned long serial;     /* which opening of the screen (app_push numbers them) */
} app_doc;

/* A screen or overlay: a table of functions, filled with designated
 * initialisers.  The loop only dispatches.  Screens never call each other:
 * one opens another through app_open / app_replace with the id it is
 * registered under, and the app keeps the open screens on a stack. */
typedef struct screen {
    const char *name;
    int min_w, min_h;
    /* The entry point app_open calls: makes the screen's state from args
     * (the screen's own *_args struct below; NULL allowed where it says so)
     * and puts it on the stack with app_push, at once or from a dialog it
     * opens first.  NULL for overlays. */
    void (*open)(app *a, void *args);
    /* Frees state pushed by open, once it is off the stack. */
    void (*close)(void *st);
    /* Fills *d with the build the screen edits; false when it edits none. */
    bool (*document)(const void *st, unsigned long serial, app_doc *d);
    /* Saves the document, then quits (the save may ask for a name first). */
    void (*save_then_quit)(app *a);
    /* Continues with build b (copied), chosen on a screen above this one
     * that has just closed; label says where it came from. */
    void (*use_build)(app *a, const dlrig_build *b, const char *label);
    void (*draw)(app *a);
    /* action is the bound action (0 when the key is not in `keys` or the
     * screen takes text); returns UI_* flags. */
    int (*on_key)(app *a, int action, int key);
    int (*on_mouse)(app *a, const MEVENT *ev);
    void (*on_resize)(app *a);
    /* Whether the screen is taking typed text now (keys skip the tables). */
    bool (*text_input)(const app *a);
    /* The keys while it takes text, where ? is typed: F1 shows them over the
     * screen until the next key, and the status bar shows their hints.  NULL
     * (the hook or its result): no list (a prompt draws its own). */
    const keybind *(*text_keys)(const app *a);
    /* Slow work deferred until a frame is on screen (e.g. the advisor
     * preview); returns true when the screen must be drawn again. */
    bool (*on_idle)(app *a);
    const keybind *keys; /* ends with key 0 */
    /* The status bar's word for key k of `keys` now: NULL hides it (the key
     * does nothing here now), else the word ("fix").  NULL hook: k->hint. */
    const char *(*hint)(const app *a, const keybind *k);
    /* Whether key k matters so much now (the fix of an error) that its hint
     * stays on the status bar beside a message; NULL: none does. */
    bool (*urgent)(const app *a, const keybind *k);
    /* The help line of key k when only the running program knows it (a
     * preset's title), written into buf (len bytes) and returned; NULL (the
     * hook or its result): k->help.  For the ? overlay. */
    const char *(*key_help)(const app *a, const keybind *k, char *buf, size_t len);
} screen;

/* Line-drawing and symbol glyphs: UTF-8 or ASCII. */
typedef struct glyphs {
    const char *h, *v, *tl, *tr, *bl, *br, *lt, *rt, *tt, *bt, *cross;
    const char *ellipsis, *cursor, *chosen, *bad, *sep, *arrow, *up, *down;
    const char *full, *shade, *light, *err, *warn, *info, *ok, *check, *uncheck, *times, *bridge_top, *bridge_mid,
        *bridge_bot;
} glyphs;

/* The list widget (list.c): a list's selection and scrolling: n rows, the selected one and the first
 * shown, and where its rows were last placed (for the mouse).  The owner
 * keeps n current with ui_list_set, calls ui_list_place when it lays the
 * rows out, then draws rows top .. top + rows - 1 itself.  Zero is an
 * empty list at the top. */
typedef struct ui_list {
    int n, sel, top;
    int rows;    /* rows shown at the last ui_list_place */
    int y, x, w; /* the place of the first row shown */
    /* type-to-filter: the words typed after / ("" none); while filtering
     * is set the keys go to ui_list_filter_key */
    char filter[96];
    bool filtering;
} ui_list;

/* Overlay data (one overlay open at a time). */
typedef struct ov_line {
    int role;
    int indent;
    int hang; /* further indent of the wrapped lines after the first */
    char *text;
    int choice;     /* a line that can be chosen (ov_text_choice): its index, else -1 */
    int row0, rows; /* where the last draw put it: its first wrapped row and how many */
} ov_line;

typedef void (*ov_menu_cb)(app *a, int index, void *ctx);
typedef void (*ov_prompt_cb)(app *a, const char *text, void *ctx);

typedef struct ov_item {
    char *label;
    char *detail;
    int role;
} ov_item;

typedef struct overlay_state {
    char title[160];
    /* text view */
    ov_line *lines;
    size_t n_lines, cap_lines;
    ui_list view; /* the wrapped lines, scrolled */
    /* menu */
    ov_item *items;
    size_t n_items;
    ui_list list;  /* the items shown: list.sel is the selected one among them */
    int *shown;    /* the item shown on each row of list (all of them without a filter) */
    bool keys_shown; /* ? shows the menu's keys in its box in place of the items */
    ov_menu_cb menu_cb;
    /* a text view with lines to choose (ov_text_choice): how many, the one
     * highlighted, and whether the next draw scrolls it into view */
    int n_choices, choice_sel;
    bool choice_follow;
    /* prompt */
    char input[256];
    bool input_full; /* typed text was refused: the prompt says so */
    char note[320];
    ov_prompt_cb prompt_cb;
    void *ctx;
    void (*ctx_free)(void *ctx);
    /* geometry of the last draw, for the mouse */
    int y, x, h, w;
} overlay_state;

/* The screens app_open knows; tui_run registers them. */
typedef enum tui_screen_id { TUI_WIZARD, TUI_BUILDER, TUI_COMPARE, TUI_SCREEN_COUNT } tui_screen_id;

/* What opens each screen (pointers are borrowed for the call unless said). */
typedef struct wizard_args {
    const dlrig_requirements *start; /* the answers to start from, or NULL */
} wizard_args;
typedef struct builder_args {
    dlrig_build *b;               /* taken, left empty */
    const char *path;             /* the file b came from, or NULL */
    dlrig_recommendation *alts;   /* taken: the advisor's builds, or NULL */
    size_t n_alts;
    bool recovered; /* b comes from a recovery file: unsaved, and a save asks before replacing path */
} builder_args;
typedef struct compare_args {
    const dlrig_build *current; /* the build being edited: the menu of what to compare it with opens */
    /* or, when current is NULL, the builds to compare (copied) with their labels, col highlighted */
    const dlrig_build *builds;
    const char *const *labels;
    size_t n_builds;
    int col;
} compare_args;

/* One open screen on the stack. */
typedef struct app_frame {
    const screen *scr;
    void *st;
    unsigned long serial;
} app_frame;

#define APP_STACK_MAX 8

struct app {
    dlrig_catalog *cat;
    int w, h;
    bool utf8;
    bool color;     /* colours in use */
    bool can_color;     /* the terminal has colours and NO_COLOR is not set */
    bool color_started; /* start_color() was called (the first colour theme) */
    bool default_colors; /* use_default_colors() worked: -1 is the terminal's own colour */
    bool mouse;
    const glyphs *g;
    dlrig_theme theme;
    dlrig_theme_src *builtins; /* malloc'd copy of the embedded table */
    attr_t role_attr[DLRIG_ROLE_COUNT];
    char status[512];
    int status_role;
    const screen *scr; /* the screen on top of the stack (NULL: none) */
    const screen *ov;
    overlay_state ovs;
    app_frame stack[APP_STACK_MAX];
    int depth;
    app_frame *closed; /* off the stack, freed once the current event is handled */
    size_t n_closed, cap_closed;
    unsigned long serial;
    const screen *registry[TUI_SCREEN_COUNT];
    /* the opening of the screen a preset last opened (app_doc.serial) and
     * its generation then: switching presets without touching the build
     * asks nothing (presets.c) */
    unsigned long preset_serial, preset_gen;
    bool quit;
    bool text_keys_shown; /* F1 while typing: the screen's text_keys are shown until the next key */
    bool input_gone;      /* the terminal went away (end of input) */
    int exit_code;
};

/* ---- app.c ---- */
void app_message(app *a, int role, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* The screen stack.  app_register says which screen app_open(id) opens
 * (tui_run does it once).  app_open calls that screen's open with args, on
 * top of the current one; app_replace closes every screen first.
 * A screen's open puts its state on top with app_push (the app owns st from
 * then on and frees it with s->close).  app_pop takes the top screen off
 * and app_close_all every screen; their state is freed by app_collect,
 * which the loop calls once the current event is handled, so a handler may
 * pop its own screen and return.  app_state is the state of the topmost
 * open s (NULL when s is not open).  app_document fills *d from the topmost
 * screen that edits a build (false: none); app_dirty says whether it has
 * unsaved changes; app_use_build hands b to the top screen's use_build. */
void app_register(app *a, tui_screen_id id, const screen *s);
void app_open(app *a, tui_screen_id id, void *args);
void app_replace(app *a, tui_screen_id id, void *args);
void app_push(app *a, const screen *s, void *st);
void app_pop(app *a);
void app_close_all(app *a);
void app_collect(app *a);
void *app_state(const app *a, const screen *s);
bool app_document(const app *a, app_doc *d);
bool app_dirty(const app *a);
void app_use_build(app *a, const dlrig_build *b, const char *label);
/* Applies theme `name` (reporting a problem in the status line). */
void app_theme_apply(app *a, const dlrig_theme *t);
void app_theme_cycle(app *a);
/* Quit, asking first when the builder has unsaved changes. */
void app_request_quit(app *a);
/* The loop's side (run.c): draws a frame; hands a key, the pending mouse
 * event or a new terminal size to the top screen (or its overlay). */
void app_draw_frame(app *a);
void app_key(app *a, int key);
void app_mouse(app *a);
void app_resize(app *a);
/* The global key table (help, theme, quit, redraw). */
extern const keybind app_global_keys[];

/* In-process driving without a terminal (the key-handling fuzz target).
 * tui_test_init makes a curses screen writing to /dev/null, once per
 * process (returns -1 when it cannot); tui_test_begin opens the builder on
 * *b (taken, left empty) or the wizard when b is NULL, at w x h; keys and
 * resizes go to the handlers with a frame drawn after each; tui_test_done
 * says the interface asked to quit; tui_test_end frees everything of a. */
int tui_test_init(void);
/* What the wizard has done since the process started: its choice lists
 * built, requirements derived from its answers and advisor runs (the
 * preview's and the finished wizard's), for tests that hold the work a key
 * press takes. */
typedef struct tui_wizard_counts {
    unsigned long choice_lists, requirement_builds, advisor_runs;
} tui_wizard_counts;
void tui_wizard_work(tui_wizard_counts *out);
app *tui_test_begin(dlrig_catalog *cat, int w, int h, dlrig_build *b);
void tui_test_key(app *a, int key);
void tui_test_resize(app *a, int w, int h);
bool tui_test_done(const app *a);
void tui_test_end(app *a);

/* ---- draw.c ---- */
attr_t ui_attr(const app *a, int role);
/* Display width of a UTF-8 string in the current locale. */
int ui_width(const app *a, const char *s);
/* Draws s at (y, x) in at most w columns with role, cutting with an
 * ellipsis; returns the columns used. */
int ui_put(app *a, int y, int x, int w, int role, const char *s);
int ui_putf(app *a, int y, int x, int w, int role, const char *fmt, ...) __attribute__((format(printf, 6, 7)));
/* Appends a formatted string to buf (size bytes, holding *k bytes of text)
 * and advances *k, never past the end: the text is cut and stays
 * NUL-terminated when it does not fit.  Returns *k.  The caller keeps *k
 * starting at 0 (or the length already in buf). */
size_t ui_appendf(char *buf, size_t size, size_t *k, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* Right-aligned in the w columns ending at x + w. */
int ui_put_right(app *a, int y, int x, int w, int role, const char *s);
void ui_fill(app *a, int y, int x, int w, int role);
void ui_box(app *a, int y, int x, int h, int w, const char *title, bool focused);
void ui_hline(app *a, int y, int x, int w, int role);
/* Bytes of s that fit in one line of w columns, breaking at a space when it
 * can; *next is where the next line starts. */
size_t ui_wrap(const app *a, const char *s, int w, const char **next);
/* Draws s wrapped into the box (y, x, h, w); returns the lines used. */
int ui_put_wrapped(app *a, int y, int x, int h, int w, int role, const char *s);
/* The number of wrapped lines s takes in w columns. */
int ui_wrapped_lines(const app *a, const char *s, int w);
/* A severity badge ("✖ error"); returns the columns used. */
int ui_badge(app *a, int y, int x, int sev, bool short_form);
extern const glyphs ui_glyphs_utf8, ui_glyphs_ascii;

/* ---- list.c: the one list widget ---- */
/* (the struct ui_list is above, before the overlay data) */
/* What a mouse event did to a list. */
enum { UI_LIST_NONE, UI_LIST_MISS, UI_LIST_MOVED, UI_LIST_CHOSEN };
/* n rows now; the selection stays on a row. */
void ui_list_set(ui_list *l, int n);
/* Selects row i (clamped to the rows). */
void ui_list_select(ui_list *l, int i);
/* Moves the selection by delta rows, stopping at the ends, or going round
 * from one end to the other when wrap is set. */
void ui_list_move(ui_list *l, int delta, bool wrap);
/* Rows a page key moves by: the rows shown (at least 1); in a view, one
 * row fewer, so that a row of the last page stays in sight. */
int ui_list_page(const ui_list *l);
int ui_list_view_page(const ui_list *l);
/* The rows are shown from (y, x), rows high and w wide: scrolls so that
 * the selection, sel_h rows tall when drawn, is in view. */
void ui_list_place(ui_list *l, int y, int x, int rows, int w, int sel_h);
/* A view (rows without a selection: a table, a text) shown from (y, x),
 * rows high and w wide: top is kept within the rows.  ui_list_scroll moves
 * top by delta rows, within the rows and the rows shown at the last place. */
void ui_list_place_view(ui_list *l, int y, int x, int rows, int w);
void ui_list_scroll(ui_list *l, int delta);
/* The row shown at (y, x), or -1. */
int ui_list_row_at(const ui_list *l, int y, int x);
/* The wheel moves the selection by `wheel` rows (wrap as ui_list_move); a
 * click on a row selects it, and on the selected row or a double click
 * chooses it (UI_LIST_CHOSEN, sel is the row).  UI_LIST_MISS: a click
 * beside the rows; UI_LIST_NONE: another event. */
int ui_list_mouse(ui_list *l, const MEVENT *ev, int wheel, bool wrap);
/* The navigation actions every list shares, apart from the screens' own
 * actions (which count from 1): each key table takes their rows from
 * UI_LIST_KEYBINDS, so the keys are declared once and ? lists them. */
enum { UI_NAV_UP = 0x4000, UI_NAV_DOWN, UI_NAV_PGUP, UI_NAV_PGDN, UI_NAV_HOME, UI_NAV_END };
/* The key table rows of the navigation actions: Up k, Down j, PgUp, PgDn,
 * Home, End, with the screen's help line for each action. */
#define UI_LIST_KEYBINDS(up, down, pgup, pgdn, home, end)                                                             \
    {KEY_UP, UI_NAV_UP, "Up", (up), NULL}, {'k', UI_NAV_UP, "k", (up), NULL},                                         \
        {KEY_DOWN, UI_NAV_DOWN, "Down", (down), NULL}, {'j', UI_NAV_DOWN, "j", (down), NULL},                         \
        {KEY_PPAGE, UI_NAV_PGUP, "PgUp", (pgup), NULL}, {KEY_NPAGE, UI_NAV_PGDN, "PgDn", (pgdn), NULL},               \
        {KEY_HOME, UI_NAV_HOME, "Home", (home), NULL}, {KEY_END, UI_NAV_END, "End", (end), NULL}
/* Applies a navigation action to a list with a selection: Up/Down move one
 * row (going round at the ends when wrap is set), PgUp/PgDn a page
 * (ui_list_page, stopping at the ends), Home/End to the first/last row.
 * Returns false, the list unchanged, for any other action. */
bool ui_list_nav(ui_list *l, int action, bool wrap);
/* The same for a view (ui_list_place_view): Up/Down scroll one row,
 * PgUp/PgDn a view page (ui_list_view_page), Home/End to the top/bottom. */
bool ui_list_nav_view(ui_list *l, int action);

/* Type-to-filter, the same in every list that has one: / starts typing
 * (ui_list_filter_start), the typed words narrow the rows (every
 * space-separated word, ASCII case-insensitive, as the catalog filters
 * parts), Esc clears the filter.  While l->filtering the owner's screen
 * takes text and hands each key to ui_list_filter_key: Esc clears and stops
 * (UI_FILTER_CHANGED), Enter stops and accepts (UI_FILTER_ACCEPT), Tab stops
 * (UI_FILTER_DONE), Up/Down/PgUp/PgDn/Home/End move the selection
 * (UI_FILTER_MOVED), the line editor's keys change the text
 * (UI_FILTER_CHANGED); other keys do nothing (UI_FILTER_NONE).  On UI_FILTER_CHANGED the owner narrows its rows
 * again: with ui_list_filter_rows, or by asking the catalog (the parts). */
enum { UI_FILTER_NONE, UI_FILTER_CHANGED, UI_FILTER_MOVED, UI_FILTER_ACCEPT, UI_FILTER_DONE };
void ui_list_filter_start(ui_list *l);
int ui_list_filter_key(ui_list *l, int key);
/* The keys that move the selection while a filter is typed, as rows of a
 * key table with action move (for the F1 list of the screens that filter). */
#define UI_FILTER_MOVE_ROWS(move, help)                                                                 \
    {KEY_UP, (move), "Up", (help), NULL}, {KEY_DOWN, (move), "Down", NULL, NULL},                        \
        {KEY_PPAGE, (move), "PgUp", NULL, NULL}, {KEY_NPAGE, (move), "PgDn", NULL, NULL},              \
        {KEY_HOME, (move), "Home", NULL, NULL}, {KEY_END, (move), "End", NULL, NULL}
/* Clears the filter and stops typing; false when there was none. */
bool ui_list_filter_clear(ui_list *l);
/* Whether text (NULL: "") has every word of the filter (true without one). */
bool ui_list_filter_match(const ui_list *l, const char *text);
/* The text of row i of the owner's n rows, for the filter: the row's label
 * and detail written into buf (len bytes) and returned. */
typedef const char *(*ui_list_text_fn)(void *ctx, int i, char *buf, size_t len);
/* Narrows the owner's n rows to those whose text the filter matches: their
 * indexes go to shown[0..] (the caller's array of n ints, shown[sel] being
 * the selected row before), l->n becomes their count and the selection
 * stays on the row it was on when it is still shown.  Returns l->n. */
int ui_list_filter_rows(ui_list *l, int n, ui_list_text_fn text, void *ctx, int *shown);
/* "filter: words" (with the cursor while typing) written into buf (size
 * bytes) and returned; NULL without a filter. */
const char *ui_list_filter_text(const ui_list *l, char *buf, size_t size);
/* Appends " · " and that text (nothing without a filter) to a title in buf
 * (size bytes, *k used), as ui_appendf. */
void ui_list_filter_title(const app *a, const ui_list *l, char *buf, size_t size, size_t *k);

/* ---- lineedit.c: the one line editor ---- */
enum { UI_EDIT_NONE, UI_EDIT_CHANGED, UI_EDIT_FULL };
/* Only printable ASCII is typed (amounts), else any byte of UTF-8 text. */
#define UI_EDIT_ASCII 1u
/* Applies an editing key to the NUL-terminated text in buf (size bytes):
 * Backspace deletes the last character (a UTF-8 sequence whole), Ctrl-U
 * clears the line, a typed byte is appended.  Returns UI_EDIT_CHANGED,
 * UI_EDIT_FULL when a typed byte does not fit (buf unchanged) or
 * UI_EDIT_NONE for other keys (Enter, Esc, arrows: the owner's). */
int ui_edit_key(char *buf, size_t size, int key, unsigned flags);
/* The line editor's own keys as rows of a key table (Backspace with action
 * edit, Ctrl-U with clear, and F1, which lists the table, with keys), for the
 * tables of the screens that take text. */
#define UI_EDIT_KEY_ROWS(edit, clear, keys)                                                                   \
    {KEY_BACKSPACE, (edit), "Backspace", "delete the last character", NULL}, {127, (edit), "Backspace", NULL, NULL}, \
        {8, (edit), "Backspace", NULL, NULL}, {21, (clear), "Ctrl-U", "clear the text", NULL},                     \
        {KEY_F(1), (keys), "F1", "these keys (any key goes back); ? and every other character is typed", "keys"}
/* Whether key is a byte the editor would type (not an editing key). */
bool ui_edit_typed(int key, unsigned flags);
/* Draws the text being edited at (y, x) in at most w columns with role, its
 * end when it is wider, and the cursor after it; returns the columns used. */
int ui_edit_draw(app *a, int y, int x, int w, int role, const char *text);

/* ---- overlay.c ---- */
void ov_close(app *a);
/* Text view: begin, add lines (wrapped when drawn), then shown. */
void ov_text_begin(app *a, const char *title);
void ov_text_add(app *a, int role, int indent, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* Text view with choices: lines added with ov_text_choice can be highlighted
 * (Up/Down) and chosen (Enter, f or their number): cb is then called with
 * the choice's index (the overlay closed first; never on Esc).  Call
 * ov_text_on_choose after ov_text_begin, before or after adding lines. */
void ov_text_choice(app *a, int role, int indent, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
void ov_text_on_choose(app *a, ov_menu_cb cb, void *ctx, void (*ctx_free)(void *));
/* Menu: items are copied; cb is called with the chosen index (or -1 on Esc). */
void ov_menu(app *a, const char *title, const ov_item *items, size_t n, int sel, ov_menu_cb cb, void *ctx,
             void (*ctx_free)(void *));
/* A line or two above the open menu's items (wrapped; up to 4 lines): what
 * the choice is about.  Call after ov_menu. */
void ov_menu_note(app *a, const char *note);
/* Prompt for a line of text; cb gets the text (NULL on Esc). */
void ov_prompt(app *a, const char *title, const char *note, const char *initial, ov_prompt_cb cb, void *ctx,
               void (*ctx_free)(void *));
/* Adds a line to the text view for each action of the key table: its keys
 * ("Down j") and its help (key_help's when it gives one; may be NULL). */
void ov_text_add_keys(app *a, const keybind *table,
                      const char *(*key_help)(const app *a, const keybind *k, char *buf, size_t len));
/* The help overlay generated from the screen's key table and global, the
 * keys that work everywhere. */
void ov_help(app *a, const keybind *global);
/* Draws a key table as a box over the screen, titled "Keys: name (any key
 * goes back)": a line for each action, its keys and its help. */
void ov_draw_keys(app *a, const keybind *table, const char *name);

/* ---- the screens (tui_run registers them; others open them by id) ---- */
extern const screen wizard_screen;  /* TUI_WIZARD, wizard_args (NULL: no answers yet) */
extern const screen builder_screen; /* TUI_BUILDER, builder_args */
extern const screen compare_screen; /* TUI_COMPARE, compare_args: the compare menu, or the builds */

/* ---- flows.c: every advisor run of the interface ---- */
/* advisor_recommend (same contract) with the catalog pricing second-hand
 * parts only when r allows them. */
int tui_advise(app *a, const dlrig_requirements *r, size_t max, dlrig_recommendation **out, size_t *n, char *err,
               size_t errlen);
/* whatif_readvise (same contract), priced as tui_advise. */
struct dlrig_readvice;
int tui_readvise(app *a, const dlrig_requirements *r, const dlrig_build *from, const bool *pinned, int top_k,
                 struct dlrig_readvice *out, char *err, size_t errlen);
/* Runs the advisor on *r and opens the builder on its best build, named
 * name (NULL: named after *r's workload and budget, and renamed as they
 * change), with the others as alternatives, in place of every open screen.
 * When the advisor finds none the builder opens on an empty build with *r
 * and err says why.  Returns the number of builds found. */
size_t tui_open_best_build(app *a, const dlrig_requirements *r, const char *name, char *err, size_t errlen);
/* The same with the advisor's picks already made for r (recs[0..n), taken:
 * freed or handed to the builder; NULL/0 with the advisor's reason in err
 * when it found none). */
size_t tui_open_advised(app *a, const dlrig_requirements *r, const char *name, dlrig_recommendation *recs, size_t n,
                        char *err, size_t errlen);
/* Good / Better / Best for *r (compare_tiers) opened in the compare screen
 * on top of the current one; when there are fewer than two, or r lacks a
 * workload or a budget, the message line says so. */
void tui_open_tiers(app *a, const dlrig_requirements *r);

/* ---- recover.c ---- */
/* Writes the recovery file when the screen's build has unsaved changes not
 * yet in it, removes it when there are none (cheap when nothing changed). */
void recover_update(app *a);
/* Removes this session's recovery file (normal quit). */
void recover_remove(app *a);
/* Offers the newest recovery file left by a session that is gone, naming
 * its build (name, price, GPUs); when a file was named on the command line
 * (named, else NULL), Enter keeps that file ("Later"). */
void recover_offer(app *a, const char *named);

/* ---- presets.c ---- */
/* F1..F8 load the first eight presets (db/presets/ORDER). */
#define TUI_PRESET_KEYS 8
/* A screen's key_help for F1..F8 (NULL for other keys): the title of the
 * preset the key loads. */
const char *tui_preset_key_help(const app *a, const keybind *k, char *buf, size_t len);
/* The key table rows of F1..F8, with actions first .. first + 7 (their help
 * comes from tui_preset_key_help). */
#define TUI_PRESET_KEYBINDS(first)                                                                                   \
    {KEY_F(1), (first), "F1", "a preset", NULL}, {KEY_F(2), (first) + 1, "F2", "a preset", NULL},                    \
        {KEY_F(3), (first) + 2, "F3", "a preset", NULL}, {KEY_F(4), (first) + 3, "F4", "a preset", NULL},            \
        {KEY_F(5), (first) + 4, "F5", "a preset", NULL}, {KEY_F(6), (first) + 5, "F6", "a preset", NULL},            \
        {KEY_F(7), (first) + 6, "F7", "a preset", NULL}, {KEY_F(8), (first) + 7, "F8", "a preset", NULL}
/* The preset menu; choosing one loads it. */
void tui_preset_menu(app *a);
/* Runs the advisor on preset i and opens the builder on its best build
 * (asking first when the open build has unsaved changes). */
void tui_preset_load(app *a, size_t i);

/* The requirements form works on a build it does not own: host says how to
 * read the requirements (NULL: none), change them (undoable; `what` says
 * what changed, "Budget: $30,000"), undo, and re-run the advisor.  opened
 * (may be NULL) is told when the form opens: the changes of one visit and
 * its re-advise are one undo step. */
typedef struct reqform_host {
    void (*opened)(app *a);
    const dlrig_requirements *(*requirements)(const app *a);
    void (*set)(app *a, const dlrig_requirements *r, const char *what);
    void (*undo)(app *a);
    void (*readvise)(app *a);
} reqform_host;

/* ---- the requirement questions (wizard.c) ---- */
/* One table holds the wizard's questions and the what-if form's rows, in
 * the order both show them: a row is a requirement field (its key), the
 * letter that jumps to it in the form, its label there (NULL: the field's
 * own), and when the form shows it.  Some rows are the form's only (the
 * model by name and the weights, which the wizard's model and "how will it
 * run" questions answer; the purchase's shape and a second job); the
 * wizard's review is not a row of the form. */
typedef struct tui_reqrow {
    const char *field; /* the requirement field's key ("require" for the must-haves and the noise row) */
    char hot;
    const char *label;
    bool noise; /* the quiet must-have, asked on its own (the noise question) */
    /* whether the form shows it for requirements r (NULL: always) */
    bool (*shown)(const dlrig_catalog *cat, const dlrig_requirements *r);
} tui_reqrow;
/* The number of rows of the table (the form's rows and the wizard's
 * questions); tui_reqrow_at(i) is row i, NULL for a question that is not a
 * row of the form (the review). */
size_t tui_reqrow_count(void);
const tui_reqrow *tui_reqrow_at(size_t i);

/* ---- reqform.c ---- */
/* Opens the requirements form over the current screen, on host's build
 * (host is static: it outlives the form). */
void reqform_open(app *a, const reqform_host *host);

/* ---- quote.c ---- */
/* The details of a quote (the fields of `dlrig export`).  Only the seller's
 * own defaults (tax rate, validity) are remembered between quotes, in
 * $XDG_STATE_HOME/dlrig/quote.json; the customer, project, discount and notes
 * belong to one customer and start empty every time. */
typedef struct tui_quote {
    char *customer, *project, *notes; /* NULL when empty */
    double discount_pct, tax_pct;
    int validity_days;
} tui_quote;
/* The remembered seller defaults (tax rate, validity; defaults when none or
 * the file is damaged), every customer field empty; free with tui_quote_free. */
void tui_quote_load(tui_quote *q);
/* Remembers q's seller defaults (never its customer, project, discount or
 * notes); 0, or -1 with errno. */
int tui_quote_save(const tui_quote *q);
void tui_quote_free(tui_quote *q);
/* Replaces *dst (freed first) with a copy of src that owns its strings. */
void tui_quote_set(tui_quote *dst, const tui_quote *src);
/* Export options from q (pointers into q: q outlives o). */
void tui_quote_opts(const tui_quote *q, dlrig_export_opts *o);
/* Called with the answers when the user chooses to write the quote; takes ctx. */
typedef void (*tui_quote_done)(app *a, const tui_quote *q, void *ctx);
/* Asks for a quote's details over the current screen: when a build (an[0..n-1]
 * its analyses) has errors or is over budget, first whether to export a DRAFT;
 * then the customer, then a menu of every field with the last answers.
 * ctx is freed with ctx_free when the user cancels. */
void tui_quote_ask(app *a, const dlrig_analysis *const *an, size_t n, tui_quote_done done, void *ctx,
                   void (*ctx_free)(void *));
/* One HTML quote offering builds[0..n-1] as options A, B, C (the compare
 * screen's builds, copied): the same questions, then a file name. */
void tui_quote_options(app *a, const dlrig_build *builds, size_t n);
/* The seller block from $XDG_CONFIG_HOME/dlrig/seller.json: as
 * export_seller_load; when it cannot be read, says "Not exported: why" on
 * the message line and returns -1. */
int tui_quote_seller(app *a, dlrig_seller *s);
/* Numbers a quote from the counter in the state directory (as `dlrig
 * export`): sets o->quote_number to buf (len bytes) and o->date; when the
 * counter cannot be written, leaves o's number to the core (a hash of the
 * quote) and says why on the message line. */
void tui_quote_number(app *a, dlrig_export_opts *o, char *buf, size_t len);
/* What the message line adds after a quote exported without a seller
 * profile ("; no seller profile: add ~/.config/dlrig/seller.json ..."), or
 * "" when seller_rc (tui_quote_seller's) says there is one. */
const char *tui_quote_seller_note(int seller_rc, char *buf, size_t len);

/* ---- slots.c ---- */
/* Rows the slot picture of the build's board needs (0 without a board). */
int slots_rows(const app *a, const dlrig_build *b, const dlrig_report *rep);
/* Draws the slot picture in the box (y, x, h, w). */
void slots_draw(app *a, int y, int x, int h, int w, const dlrig_build *b, const dlrig_report *rep);

#endif
