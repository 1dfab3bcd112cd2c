/* app.c — the TUI's entry point: terminal set-up and restore, signals,
 * colours by role from the theme, the main loop (dispatch only), the
 * "enlarge the terminal" notice and the status bar. */
#include <errno.h>
#include <langinfo.h>
#include <locale.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <poll.h>
#include <termios.h>
#include <unistd.h>

#include "dlrig/util.h"
#include "tui/app.h"
#include "tui/tui.h"

/* The themes embedded at build time (generated theme_blob.c). */
extern const struct {
    const char *name;
    const char *json;
} dlrig_builtin_themes[];

enum { G_HELP = 1, G_THEME, G_QUIT, G_REDRAW };

const keybind app_global_keys[] = {
    {'?', G_HELP, "?", "this help: every key of the current screen", "help"},
    {'t', G_THEME, "t", "next colour theme (dark, light, high-contrast, mono, yours)", NULL},
    {'q', G_QUIT, "q", "quit (asks first when the build has unsaved changes)", "quit"},
    {12, G_REDRAW, "Ctrl-L", "redraw the screen", NULL},
    {0, 0, NULL, NULL, NULL},
};

static volatile sig_atomic_t got_signal;
static struct sigaction old_fatal[4];
static const int fatal_signals[4] = {SIGSEGV, SIGBUS, SIGFPE, SIGABRT};
static bool curses_up;

static void on_term_signal(int sig) { got_signal = sig; }

static void restore_terminal(void)
{
    if (curses_up && !isendwin()) endwin();
}

/* Restore the terminal, then let the previous handler (a sanitizer's, or
 * the default) have the signal. */
static void on_fatal_signal(int sig)
{
    restore_terminal();
    for (int i = 0; i < 4; i++)
        if (fatal_signals[i] == sig) sigaction(sig, &old_fatal[i], NULL);
    raise(sig);
}

static void install_signals(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_term_signal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = 0; /* no SA_RESTART: a blocked read returns and the loop sees the flag */
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
    struct sigaction fa;
    memset(&fa, 0, sizeof fa);
    fa.sa_handler = on_fatal_signal;
    sigemptyset(&fa.sa_mask);
    for (int i = 0; i < 4; i++) sigaction(fatal_signals[i], &fa, &old_fatal[i]);
}

void app_message(app *a, int role, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(a->status, sizeof a->status, fmt, ap);
    va_end(ap);
    a->status_role = role;
}

void app_set_screen(app *a, const screen *s)
{
    a->scr = s;
    if (s->on_resize) s->on_resize(a);
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
    bool defaults = a->color && use_default_colors() == OK;
    for (int r = 0; r < DLRIG_ROLE_COUNT; r++) {
        const dlrig_style *s = &use->roles[r];
        attr_t at = map_attrs(s->attrs);
        if (a->color && r + 1 < COLOR_PAIRS) {
            int fg = theme_color_reduce(s->fg, COLORS);
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
    if (idx == 0) builder_save_then_quit(a);
    else if (idx == 1) a->quit = true;
}

void app_request_quit(app *a)
{
    if (!builder_dirty(a)) {
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

static void draw_status(app *a)
{
    int y = a->h - 1;
    ui_fill(a, y, 0, a->w, DLRIG_ROLE_STATUS);
    const screen *s = a->ov ? a->ov : a->scr;
    /* "? help" always has its place at the right end of the bar (screens
     * under an overlay: the overlay's own keys only) */
    const keybind *help = NULL;
    for (const keybind *k = a->ov ? a->ov->keys : app_global_keys; k && k->key && !help; k++)
        if (k->key == '?' && k->hint) help = k;
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
        if (beside) return;
    }
    int x = 1;
    const keybind *tables[2] = {s ? s->keys : NULL, a->ov ? NULL : app_global_keys};
    for (int t = 0; t < 2; t++) {
        for (const keybind *k = tables[t]; k && k->key; k++) {
            if (!k->hint || k == help) continue;
            /* one label per action: skip aliases already shown */
            bool dup = false;
            for (const keybind *p = tables[t]; p < k; p++)
                if (p->action == k->action && p->hint) dup = true;
            if (dup) continue;
            int need = ui_width(a, k->label) + ui_width(a, k->hint) + 3;
            if (x + need > right) return;
            x += ui_putf(a, y, x, right - x, DLRIG_ROLE_KEY, " %s ", k->label);
            x += ui_putf(a, y, x, right - x, DLRIG_ROLE_STATUS, "%s ", k->hint);
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

static void draw_frame(app *a)
{
    werase(stdscr);
    if (too_small(a)) {
        draw_too_small(a, a->scr);
    } else {
        if (a->scr && a->scr->draw) a->scr->draw(a);
        if (a->ov && a->ov->draw) a->ov->draw(a);
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
    case G_HELP: ov_help(a); return UI_HANDLED;
    case G_THEME: app_theme_cycle(a); return UI_HANDLED;
    case G_QUIT: app_request_quit(a); return UI_HANDLED;
    case G_REDRAW: clearok(curscr, TRUE); return UI_HANDLED;
    default: return UI_UNHANDLED;
    }
}

static void dispatch_key(app *a, int key)
{
    a->status[0] = '\0';
    if (too_small(a)) {
        if (key == 'q') a->quit = true;
        return;
    }
    const screen *s = a->ov ? a->ov : a->scr;
    if (!s) return;
    int flags = UI_UNHANDLED;
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

static void dispatch_mouse(app *a)
{
    MEVENT ev;
    if (getmouse(&ev) != OK || too_small(a)) return;
    const screen *s = a->ov ? a->ov : a->scr;
    if (s && s->on_mouse) s->on_mouse(a, &ev);
}

/* Whether the terminal is gone: its input reports a hang-up or an error
 * (the pane was closed while dlrig has no controlling terminal, so no SIGHUP
 * comes), or reads keep failing at once instead of waiting. */
static bool input_gone(int *fast_errs, double waited)
{
    struct pollfd p = {.fd = STDIN_FILENO, .events = POLLIN};
    if (poll(&p, 1, 0) == 1 && (p.revents & (POLLHUP | POLLERR | POLLNVAL))) return true;
    /* a timed-out read waits 250 ms; an immediate ERR means no input */
    if (waited < 0.05) {
        if (++*fast_errs >= 40) return true;
    } else {
        *fast_errs = 0;
    }
    return false;
}

static void run_loop(app *a)
{
    int fast_errs = 0;
    /* For the start-up benchmark (bench/run.sh): leave right after the first frame. */
    bool first_frame_only = getenv("DLRIG_EXIT_AFTER_FIRST_FRAME") != NULL;
    while (!a->quit) {
        if (got_signal) break;
        if (catalog_error(a->cat)) break; /* main reports it once the terminal is back */
        draw_frame(a);
        if (first_frame_only) break;
        /* The frame is on screen: now do the screen's deferred work, if any,
         * unless a key is already waiting. */
        if (a->scr && a->scr->on_idle && !a->ov) {
            wtimeout(stdscr, 0);
            int pending = wgetch(stdscr);
            wtimeout(stdscr, 250);
            if (pending != ERR) ungetch(pending);
            else if (a->scr->on_idle(a)) continue;
        }
        double t0 = now_seconds();
        int ch = wgetch(stdscr);
        if (got_signal) break;
        if (ch == ERR) {
            if (input_gone(&fast_errs, now_seconds() - t0)) {
                a->input_gone = true;
                break;
            }
            recover_update(a); /* idle: keep unsaved changes safe */
            continue;
        }
        fast_errs = 0;
        if (ch == KEY_RESIZE) {
            getmaxyx(stdscr, a->h, a->w);
            if (a->scr && a->scr->on_resize) a->scr->on_resize(a);
            if (a->ov && a->ov->on_resize) a->ov->on_resize(a);
            continue;
        }
        if (ch == KEY_MOUSE) {
            dispatch_mouse(a);
            continue;
        }
        dispatch_key(a, ch);
        if (!builder_dirty(a)) recover_update(a); /* saved: the recovery file goes at once */
    }
    if (got_signal) a->exit_code = got_signal == SIGINT ? 130 : got_signal == SIGTERM ? 143 : 129;
    else if (a->input_gone) a->exit_code = 129; /* as for a hang-up */
    else if (catalog_error(a->cat)) a->exit_code = DLRIG_CATALOG_EIO;
    if (got_signal || a->input_gone || catalog_error(a->cat)) recover_update(a); /* the terminal is gone: keep the changes */
    else recover_remove(a);                             /* a normal quit: saved or discarded */
}

/* Terminal flow control off while dlrig owns the terminal, so that Ctrl-S
 * does not freeze the screen; endwin() restores the shell's settings. */
static void flow_control_off(void)
{
    struct termios t;
    if (tcgetattr(STDIN_FILENO, &t) != 0) return;
    t.c_iflag &= ~(tcflag_t)(IXON | IXOFF);
    if (tcsetattr(STDIN_FILENO, TCSANOW, &t) == 0) def_prog_mode();
}

static dlrig_theme_src *copy_builtins(void)
{
    size_t n = 0;
    while (dlrig_builtin_themes[n].name) n++;
    dlrig_theme_src *v = xcalloc(n + 1, sizeof *v);
    for (size_t i = 0; i < n; i++) {
        v[i].name = dlrig_builtin_themes[i].name;
        v[i].json = dlrig_builtin_themes[i].json;
    }
    return v;
}

/* Loads the requested theme, falling back to the default with a message. */
static void load_theme(app *a, const char *requested, dlrig_theme *out)
{
    const char *def = theme_default_name();
    const char *name = requested && *requested ? requested : def;
    char err[512];
    if (theme_load(name, a->builtins, out, err, sizeof err) == 0) return;
    const char *fallback = strcmp(def, "mono") == 0 ? "mono" : "dark";
    app_message(a, DLRIG_ROLE_ERROR, "%s; using the %s theme", err, fallback);
    char err2[256];
    if (theme_load(fallback, a->builtins, out, err2, sizeof err2) != 0) {
        /* no built-ins at all: plain terminal attributes */
        memset(out, 0, sizeof *out);
        snprintf(out->name, sizeof out->name, "%s", fallback);
        for (int r = 0; r < DLRIG_ROLE_COUNT; r++) out->roles[r] = (dlrig_style){-1, -1, 0};
        out->roles[DLRIG_ROLE_SELECTION].attrs = DLRIG_ATTR_REVERSE;
        out->roles[DLRIG_ROLE_STATUS].attrs = DLRIG_ATTR_REVERSE;
    }
}

int tui_run(dlrig_catalog *cat, const char *build_path, const char *theme_name)
{
    setlocale(LC_CTYPE, "");
    if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
        fprintf(stderr, "dlrig: the interactive interface needs a terminal on stdin and stdout;\n"
                        "for scripts use the subcommands (dlrig parts, check, recommend, estimate, export; see "
                        "dlrig --help)\n");
        return 2;
    }
    const char *term = getenv("TERM");
    if (!term || !*term || strcmp(term, "dumb") == 0) {
        fprintf(stderr, "dlrig: TERM is %s; the interactive interface needs a real terminal type "
                        "(e.g. TERM=xterm-256color)\n",
                term && *term ? term : "not set");
        return 2;
    }
    dlrig_build loaded;
    bool have_build = false;
    if (build_path) {
        char err[1024];
        int rc = build_load(cat, build_path, &loaded, err, sizeof err);
        if (rc != DLRIG_BUILD_OK) {
            fprintf(stderr, "dlrig: %s\n", err);
            build_free(&loaded);
            return rc == DLRIG_BUILD_EIO ? 3 : 2;
        }
        build_apply_prices(cat, &loaded);
        have_build = true;
    }

    app *a = xcalloc(1, sizeof *a);
    a->cat = cat;
    a->builtins = copy_builtins();
    const char *cs = nl_langinfo(CODESET);
    a->utf8 = cs && (strcmp(cs, "UTF-8") == 0 || strcmp(cs, "utf8") == 0 || strcmp(cs, "utf-8") == 0);
    a->g = a->utf8 ? &ui_glyphs_utf8 : &ui_glyphs_ascii;
    dlrig_theme theme;
    load_theme(a, theme_name, &theme);

    if (!getenv("ESCDELAY")) set_escdelay(25);
    SCREEN *scr = newterm(NULL, stdout, stdin);
    if (!scr) {
        fprintf(stderr, "dlrig: cannot initialise the terminal '%s'\n", term);
        if (have_build) build_free(&loaded);
        free(a->builtins);
        free(a);
        return 3;
    }
    curses_up = true;
    atexit(restore_terminal);
    install_signals();
    cbreak();
    noecho();
    nonl();
    flow_control_off();
    keypad(stdscr, TRUE);
    curs_set(0);
    wtimeout(stdscr, 250); /* wake up to see a signal flag */
    a->can_color = has_colors();
    if (a->can_color) start_color();
    a->mouse = mousemask(BUTTON1_PRESSED | BUTTON1_CLICKED | BUTTON1_DOUBLE_CLICKED | BUTTON4_PRESSED |
                             BUTTON5_PRESSED,
                         NULL) != 0;
    mouseinterval(0);
    getmaxyx(stdscr, a->h, a->w);
    app_theme_apply(a, &theme);

    if (have_build) builder_open(a, &loaded, build_path, NULL, 0);
    else wizard_open(a, NULL);
    recover_offer(a);
    run_loop(a);

    ov_close(a);
    compare_screen_free(a);
    wizard_free(a);
    builder_free(a);
    restore_terminal();
    delscreen(scr);
    curses_up = false;
    int code = a->exit_code;
    free(a->builtins);
    free(a);
    return code;
}

/* ---- in-process driving, for the key-handling fuzz target ---- */

static SCREEN *test_scr;
static FILE *test_out, *test_in;

int tui_test_init(void)
{
    if (test_scr) return 0;
    test_out = fopen("/dev/null", "w");
    test_in = fopen("/dev/null", "r");
    if (!test_out || !test_in) return -1;
    test_scr = newterm("xterm-256color", test_out, test_in);
    if (!test_scr) return -1;
    set_term(test_scr);
    keypad(stdscr, TRUE);
    if (has_colors()) start_color();
    return 0;
}

app *tui_test_begin(dlrig_catalog *cat, int w, int h, dlrig_build *b)
{
    app *a = xcalloc(1, sizeof *a);
    a->cat = cat;
    a->builtins = copy_builtins();
    a->utf8 = true;
    a->g = &ui_glyphs_utf8;
    a->can_color = has_colors();
    dlrig_theme theme;
    load_theme(a, NULL, &theme);
    tui_test_resize(a, w, h);
    app_theme_apply(a, &theme);
    if (b) builder_open(a, b, NULL, NULL, 0);
    else wizard_open(a, NULL);
    draw_frame(a);
    return a;
}

void tui_test_key(app *a, int key)
{
    dispatch_key(a, key);
    if (a->scr && a->scr->on_idle && !a->ov) a->scr->on_idle(a);
    draw_frame(a);
}

void tui_test_resize(app *a, int w, int h)
{
    resize_term(h, w);
    getmaxyx(stdscr, a->h, a->w);
    if (a->scr && a->scr->on_resize) a->scr->on_resize(a);
    if (a->ov && a->ov->on_resize) a->ov->on_resize(a);
    draw_frame(a);
}

bool tui_test_done(const app *a) { return a->quit; }

void tui_test_end(app *a)
{
    ov_close(a);
    compare_screen_free(a);
    wizard_free(a);
    builder_free(a);
    free(a->builtins);
    free(a);
}
