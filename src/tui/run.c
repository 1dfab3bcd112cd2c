/* run.c — the TUI's entry point: terminal set-up and restore, signals,
 * the screens registered with the app, and the main loop (dispatch only);
 * also the in-process driver of the key-handling fuzz target. */
#include <errno.h>
#include <langinfo.h>
#include <locale.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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
        app_collect(a); /* screens closed by the last event */
        if (got_signal) break;
        if (catalog_error(a->cat)) break; /* main reports it once the terminal is back */
        app_draw_frame(a);
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
            app_resize(a);
            continue;
        }
        if (ch == KEY_MOUSE) {
            app_mouse(a);
            continue;
        }
        app_key(a, ch);
        if (!app_dirty(a)) recover_update(a); /* saved: the recovery file goes at once */
    }
    if (got_signal) a->exit_code = got_signal == SIGINT ? 130 : got_signal == SIGTERM ? 143 : 129;
    else if (a->input_gone) a->exit_code = 129; /* as for a hang-up */
    else if (catalog_error(a->cat)) a->exit_code = DLRIG_CATALOG_EIO;
    if (got_signal || a->input_gone || catalog_error(a->cat)) recover_update(a); /* the terminal is gone: keep the changes */
    else recover_remove(a);                             /* a normal quit: saved or discarded */
}

/* The editing keys' sequences that terminals and tmux send whatever TERM
 * says: tmux sends Home and End as ESC [ 1 ~ and ESC [ 4 ~ also where TERM
 * is xterm-256color, whose terminfo has ESC O H and ESC O F; rxvt and the
 * Linux console send ESC [ 7 ~ / ESC [ 8 ~ and ESC [ 1 ~ / ESC [ 4 ~.  A
 * sequence the terminal description lacks would arrive as Esc and the
 * rest as typed keys (End typed "4~" in a filter and jumped to the fourth
 * category in the builder).  Each is bound only where TERM's description
 * binds nothing to it. */
static void bind_editing_keys(void)
{
    static const struct {
        const char *seq;
        int key;
    } keys[] = {
        {"\033[1~", KEY_HOME},   {"\033[4~", KEY_END},    {"\033[7~", KEY_HOME},  {"\033[8~", KEY_END},
        {"\033[H", KEY_HOME},    {"\033[F", KEY_END},     {"\033OH", KEY_HOME},   {"\033OF", KEY_END},
        {"\033[2~", KEY_IC},     {"\033[3~", KEY_DC},     {"\033[5~", KEY_PPAGE}, {"\033[6~", KEY_NPAGE},
        {"\033OP", KEY_F(1)},    {"\033OQ", KEY_F(2)},    {"\033OR", KEY_F(3)},   {"\033OS", KEY_F(4)},
        {"\033[11~", KEY_F(1)},  {"\033[12~", KEY_F(2)},  {"\033[13~", KEY_F(3)}, {"\033[14~", KEY_F(4)},
        {"\033[15~", KEY_F(5)},  {"\033[17~", KEY_F(6)},  {"\033[18~", KEY_F(7)}, {"\033[19~", KEY_F(8)},
        {"\033[20~", KEY_F(9)},  {"\033[21~", KEY_F(10)}, {"\033[23~", KEY_F(11)}, {"\033[24~", KEY_F(12)},
        {"\033[Z", KEY_BTAB},
    };
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
        if (key_defined(keys[i].seq) == 0) define_key(keys[i].seq, keys[i].key);
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

/* The screens app_open knows, then the first one: the builder on *b
 * (taken) from path, or the wizard when b is NULL. */
static void open_first(app *a, dlrig_build *b, const char *path)
{
    app_register(a, TUI_WIZARD, &wizard_screen);
    app_register(a, TUI_BUILDER, &builder_screen);
    app_register(a, TUI_COMPARE, &compare_screen);
    if (b) app_replace(a, TUI_BUILDER, &(builder_args){.b = b, .path = path});
    else app_replace(a, TUI_WIZARD, NULL);
}

static void close_everything(app *a)
{
    ov_close(a);
    app_close_all(a);
    app_collect(a);
    free(a->closed);
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
    bind_editing_keys();
    curs_set(0);
    wtimeout(stdscr, 250); /* wake up to see a signal flag */
    /* NO_COLOR (any value but empty): no colour escape at all, whatever the theme; bold, reverse and
     * underline stay.  Colour itself starts with the first colour theme (app_theme_apply). */
    const char *no_color = getenv("NO_COLOR");
    a->can_color = !(no_color && *no_color) && has_colors();
    a->mouse = mousemask(BUTTON1_PRESSED | BUTTON1_CLICKED | BUTTON1_DOUBLE_CLICKED | BUTTON4_PRESSED |
                             BUTTON5_PRESSED,
                         NULL) != 0;
    mouseinterval(0);
    getmaxyx(stdscr, a->h, a->w);
    app_theme_apply(a, &theme);

    open_first(a, have_build ? &loaded : NULL, build_path);
    recover_offer(a, have_build ? build_path : NULL);
    run_loop(a);

    close_everything(a);
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
    open_first(a, b, NULL);
    app_draw_frame(a);
    return a;
}

void tui_test_key(app *a, int key)
{
    app_key(a, key);
    app_collect(a);
    if (a->scr && a->scr->on_idle && !a->ov) a->scr->on_idle(a);
    app_draw_frame(a);
}

void tui_test_resize(app *a, int w, int h)
{
    resize_term(h, w);
    app_resize(a);
    app_draw_frame(a);
}

bool tui_test_done(const app *a) { return a->quit; }

void tui_test_end(app *a)
{
    close_everything(a);
    free(a->builtins);
    free(a);
}
