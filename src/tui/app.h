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

/* Minimum terminal size of every screen (DESIGN: 80x24). */
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

/* A screen or overlay: a table of functions, filled with designated
 * initialisers.  The loop only dispatches. */
typedef struct screen {
    const char *name;
    int min_w, min_h;
    void (*draw)(app *a);
    /* action is the bound action (0 when the key is not in `keys` or the
     * screen takes text); returns UI_* flags. */
    int (*on_key)(app *a, int action, int key);
    int (*on_mouse)(app *a, const MEVENT *ev);
    void (*on_resize)(app *a);
    /* Whether the screen is taking typed text now (keys skip the tables). */
    bool (*text_input)(const app *a);
    /* Slow work deferred until a frame is on screen (e.g. the advisor
     * preview); returns true when the screen must be drawn again. */
    bool (*on_idle)(app *a);
    const keybind *keys; /* ends with key 0 */
} screen;

/* Line-drawing and symbol glyphs: UTF-8 or ASCII. */
typedef struct glyphs {
    const char *h, *v, *tl, *tr, *bl, *br, *lt, *rt, *tt, *bt, *cross;
    const char *ellipsis, *cursor, *chosen, *bad, *sep, *arrow, *up, *down;
    const char *full, *shade, *light, *err, *warn, *info, *ok, *check, *uncheck, *times, *bridge_top, *bridge_mid,
        *bridge_bot;
} glyphs;

/* Overlay data (one overlay open at a time). */
typedef struct ov_line {
    int role;
    int indent;
    char *text;
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
    int scroll;
    /* menu */
    ov_item *items;
    size_t n_items;
    int sel, top;
    ov_menu_cb menu_cb;
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

struct wizard_state;
struct builder_state;
struct compare_state;

struct app {
    dlrig_catalog *cat;
    int w, h;
    bool utf8;
    bool color;     /* colours in use */
    bool can_color; /* the terminal has colours */
    bool mouse;
    const glyphs *g;
    dlrig_theme theme;
    dlrig_theme_src *builtins; /* malloc'd copy of the embedded table */
    attr_t role_attr[DLRIG_ROLE_COUNT];
    char status[512];
    int status_role;
    const screen *scr;
    const screen *ov;
    overlay_state ovs;
    struct wizard_state *wiz;
    struct builder_state *bld;
    struct compare_state *cmp; /* the compare screen, while it is open */
    bool quit;
    bool input_gone; /* the terminal went away (end of input) */
    int exit_code;
};

/* ---- app.c ---- */
void app_message(app *a, int role, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void app_set_screen(app *a, const screen *s);
/* Applies theme `name` (reporting a problem in the status line). */
void app_theme_apply(app *a, const dlrig_theme *t);
void app_theme_cycle(app *a);
/* Quit, asking first when the builder has unsaved changes. */
void app_request_quit(app *a);
/* The global key table (help, theme, quit, redraw). */
extern const keybind app_global_keys[];

/* In-process driving without a terminal (the key-handling fuzz target).
 * tui_test_init makes a curses screen writing to /dev/null, once per
 * process (returns -1 when it cannot); tui_test_begin opens the builder on
 * *b (taken, left empty) or the wizard when b is NULL, at w x h; keys and
 * resizes go to the handlers with a frame drawn after each; tui_test_done
 * says the interface asked to quit; tui_test_end frees everything of a. */
int tui_test_init(void);
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

/* ---- overlay.c ---- */
void ov_close(app *a);
/* Text view: begin, add lines (wrapped when drawn), then shown. */
void ov_text_begin(app *a, const char *title);
void ov_text_add(app *a, int role, int indent, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* Menu: items are copied; cb is called with the chosen index (or -1 on Esc). */
void ov_menu(app *a, const char *title, const ov_item *items, size_t n, int sel, ov_menu_cb cb, void *ctx,
             void (*ctx_free)(void *));
/* Prompt for a line of text; cb gets the text (NULL on Esc). */
void ov_prompt(app *a, const char *title, const char *note, const char *initial, ov_prompt_cb cb, void *ctx,
               void (*ctx_free)(void *));
/* The help overlay generated from the screen's key table and the global one. */
void ov_help(app *a);

/* ---- wizard.c ---- */
extern const screen wizard_screen;
void wizard_open(app *a, const dlrig_requirements *start);
void wizard_free(app *a);

/* ---- builder.c ---- */
extern const screen builder_screen;
/* Takes ownership of *b (left empty) and of alts (n_alts entries). path is
 * the file the build came from, or NULL. */
void builder_open(app *a, dlrig_build *b, const char *path, dlrig_recommendation *alts, size_t n_alts);
bool builder_dirty(const app *a);
/* The builder's build and the file it belongs to (NULL: none); NULL without
 * a builder.  Borrowed. */
const dlrig_build *builder_build(const app *a);
const char *builder_path(const app *a);
/* Opens the builder on a build recovered from a session that ended with
 * unsaved changes: takes *b (left empty); path is the file it belongs to or
 * NULL.  The build counts as unsaved. */
void builder_open_recovered(app *a, dlrig_build *b, const char *path);
/* Counts the builder's changes (0 without a builder). */
unsigned long builder_generation(const app *a);
void builder_save_then_quit(app *a);
void builder_free(app *a);

/* ---- recover.c ---- */
/* Writes the recovery file when the builder has unsaved changes not yet in
 * it, removes it when there are none (cheap when nothing changed). */
void recover_update(app *a);
/* Removes this session's recovery file (normal quit). */
void recover_remove(app *a);
/* Offers the newest recovery file left by a session that is gone. */
void recover_offer(app *a);

/* ---- presets.c ---- */
/* F1..F8 load the first eight presets (db/presets/ORDER). */
#define TUI_PRESET_KEYS 8
/* Help lines of F1..F8 for the key tables, filled by tui_presets_init. */
extern char tui_preset_help[TUI_PRESET_KEYS][128];
void tui_presets_init(const app *a);
/* The preset menu; choosing one loads it. */
void tui_preset_menu(app *a);
/* Runs the advisor on preset i and opens the builder on its best build
 * (asking first when the builder has unsaved changes). */
void tui_preset_load(app *a, size_t i);

/* The requirements form's side of the builder.  builder_set_requirements
 * gives the build the requirements *r (undoable; name and parts stay),
 * `what` says what changed ("Budget: $30,000") for the status line;
 * builder_requirements is the build's (borrowed; NULL without a builder);
 * builder_readvise runs the advisor for the build's requirements and takes
 * its best build, keeping the pinned categories' parts (undoable), and shows
 * what changed. */
void builder_set_requirements(app *a, const dlrig_requirements *r, const char *what);
const dlrig_requirements *builder_requirements(const app *a);
void builder_readvise(app *a);
void builder_undo(app *a);

/* ---- reqform.c ---- */
/* Opens the requirements form over the builder. */
void reqform_open(app *a);

/* Continues in the builder with b's parts and requirements (undoable);
 * `label` says where b came from ("Best", a file name). b is copied. */
void builder_use_build(app *a, const dlrig_build *b, const char *label);

/* ---- compare.c ---- */
extern const screen compare_screen;
/* The compare menu: Good / Better / Best (alts, or the advisor run on the
 * current build's requirements when alts has fewer than two), or the
 * current build vs one or two saved builds.  current is copied; alts must
 * stay alive while the menu is open. */
void compare_menu(app *a, const dlrig_build *current, const dlrig_recommendation *alts, size_t n_alts);
void compare_screen_free(app *a);

/* ---- quote.c ---- */
/* The details of a quote (the fields of `dlrig export`), remembered between
 * runs in $XDG_STATE_HOME/dlrig/quote.json. */
typedef struct tui_quote {
    char *customer, *project, *notes; /* NULL when empty */
    double discount_pct, tax_pct;
    int validity_days;
} tui_quote;
/* The last answers (defaults when none or the file is damaged); free with tui_quote_free. */
void tui_quote_load(tui_quote *q);
/* Remembers q; 0, or -1 with errno. */
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
/* The seller block from $XDG_CONFIG_HOME/dlrig/seller.json: as export_seller_load. */
int tui_quote_seller(dlrig_seller *s, char *err, size_t errlen);

/* ---- slots.c ---- */
/* Rows the slot picture of the build's board needs (0 without a board). */
int slots_rows(const app *a, const dlrig_build *b, const dlrig_report *rep);
/* Draws the slot picture in the box (y, x, h, w). */
void slots_draw(app *a, int y, int x, int h, int w, const dlrig_build *b, const dlrig_report *rep);

#endif
