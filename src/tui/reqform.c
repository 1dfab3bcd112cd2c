/* reqform.c — the requirements form over the builder (key r): the wizard's
 * questions on one form, each row a field of the requirement table, whose
 * label, help, parsing and display it uses.  A change applies at once to the
 * builder's build (its parts stay; a name dlrig gave follows); the changes of
 * one visit are one undo step; a re-runs the advisor for the new
 * requirements, keeping the categories pinned in the builder (K), in the same
 * step, and shows what changed. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlrig/query.h"
#include "dlrig/util.h"
#include "tui/app.h"

/* The rows: the requirement questions' table (app.h's tui_reqrow, shared
 * with the wizard and in its order); row.hot is the letter that jumps to a
 * row.  The wizard's review is not a row (tui_reqrow_at gives NULL). */
#define MAX_ROWS 32
static size_t n_rows(void)
{
    size_t n = tui_reqrow_count();
    return n < MAX_ROWS ? n : MAX_ROWS;
}
#define N_ROWS n_rows()
static const tui_reqrow *row_at(size_t i) { return tui_reqrow_at(i); }

enum { F_LEFT = 1, F_RIGHT, F_TOGGLE, F_EDIT, F_CLOSE, F_ADVISE, F_UNDO, F_HELP, F_DIGIT, F_HOT };

#define DIGIT_HELP "an amount: starts typing it; a circuit: the next one starting with the digit"
#define HOT_HELP "the letter left of a field goes to it"
#define DIGIT_KEY(d) {(d), F_DIGIT, "0-9", DIGIT_HELP, NULL}
#define HOT_KEY(c) {(c), F_HOT, "letters", HOT_HELP, NULL}

static const keybind form_keys[] = {
    UI_LIST_KEYBINDS("previous field", "next field", "a page of fields up", "a page of fields down", "first field",
                     "last field"),
    {KEY_BTAB, UI_NAV_UP, "S-Tab", "previous field", NULL},
    {'\t', UI_NAV_DOWN, "Tab", "next field", NULL},
    {KEY_LEFT, F_LEFT, "Left", "previous choice (must-haves: previous one)", NULL},
    {KEY_RIGHT, F_RIGHT, "Right", "next choice (must-haves: next one)", "change"},
    {' ', F_TOGGLE, "Space", "toggle a must-have or the noise; next choice elsewhere", NULL},
    {'\r', F_EDIT, "Enter", "type a value (amounts with units: 30k, 13B, 2TB)", "type"},
    {KEY_ENTER, F_EDIT, "Enter", "type a value", NULL},
    {'a', F_ADVISE, "a", "re-run the advisor for these requirements, keeping pinned parts (K in the builder)",
     "re-advise"},
    {'u', F_UNDO, "u", "undo the last change", "undo"},
    {27, F_CLOSE, "Esc", "close the form", "close"},
    {'?', F_HELP, "?", "the form's keys", "help"},
    {'q', F_CLOSE, "q", "close the form", NULL},
    DIGIT_KEY('0'), DIGIT_KEY('1'), DIGIT_KEY('2'), DIGIT_KEY('3'), DIGIT_KEY('4'),
    DIGIT_KEY('5'), DIGIT_KEY('6'), DIGIT_KEY('7'), DIGIT_KEY('8'), DIGIT_KEY('9'),
    /* the rows' letters (tui_reqrow.hot) */
    HOT_KEY('w'), HOT_KEY('m'), HOT_KEY('o'), HOT_KEY('x'), HOT_KEY('d'), HOT_KEY('b'),
    HOT_KEY('f'), HOT_KEY('p'), HOT_KEY('e'), HOT_KEY('c'), HOT_KEY('n'), HOT_KEY('g'),
    HOT_KEY('v'), HOT_KEY('l'), HOT_KEY('s'), HOT_KEY('h'),
    {0, 0, NULL, NULL, NULL},
};
#undef DIGIT_KEY
#undef HOT_KEY

/* The form's state: the overlay's context while the form is open. */
typedef struct form_state {
    int sel;  /* index into rows */
    ui_list list; /* the rows shown: list.sel is sel among them */
    int flag; /* the must-have under the cursor (index into dlrig_require_ids, never quiet) */
    bool editing;
    char input[96];
    char err[400];
    const reqform_host *host; /* the build's owner */
} form_state;

static const screen form_overlay;

/* The open form's state (NULL when the form is not the overlay). */
static form_state *FS(const app *a) { return a->ov == &form_overlay ? a->ovs.ctx : NULL; }

static const dlrig_reqfield *field_of(size_t i)
{
    const tui_reqrow *w = row_at(i);
    return w && !w->noise ? requirements_field(w->field) : NULL;
}

/* Whether row i is shown for requirements r (their workload's row of cat
 * says which apply, as in the wizard). */
static bool shown(const dlrig_catalog *cat, size_t i, const dlrig_requirements *r)
{
    const tui_reqrow *w = row_at(i);
    if (!w) return false;
    if (w->noise) return true;
    if (!requirements_field(w->field)) return false;
    return !w->shown || w->shown(cat, r);
}

static const char *row_label(size_t i)
{
    const dlrig_reqfield *f = field_of(i);
    return row_at(i)->label ? row_at(i)->label : f ? f->label : "?";
}

static int quiet_bit(void)
{
    int q = id_index(dlrig_require_ids, "quiet");
    return q < 0 ? 0 : 1 << q;
}

/* The must-haves of the must-have row (quiet is the noise row's). */
static bool flag_listed(int i) { return dlrig_require_ids[i] && (1 << i) != quiet_bit(); }

/* A row's value as text. */
static const char *row_value(app *a, size_t i, const dlrig_requirements *r, char *buf, size_t len)
{
    if (row_at(i)->noise) {
        snprintf(buf, len, "%s", (r->require & (unsigned)quiet_bit()) ? "quiet: people sit next to it"
                                                                        : "does not matter");
        return buf;
    }
    const dlrig_reqfield *f = field_of(i);
    if (f->kind == DLRIG_RK_FLAGS) {
        size_t k = 0;
        buf[0] = '\0';
        for (int b = 0; dlrig_require_ids[b]; b++) {
            if (!flag_listed(b)) continue;
            ui_appendf(buf, len, &k, "%s%s %s", k ? "  " : "", (r->require & (1u << b)) ? a->g->check : a->g->uncheck,
                       dlrig_require_ids[b]);
        }
        return buf;
    }
    if (requirements_format(f, r, a->cat, buf, len)) return buf;
    const char *def = requirements_default_in(f, a->cat);
    if (def) snprintf(buf, len, "%s (default)", def);
    else if (f->def_help) snprintf(buf, len, "not given: %s", f->def_help);
    else snprintf(buf, len, "not given");
    return buf;
}

/* The value typed in the edit line to start from: what the parser takes. */
static void edit_start(app *a, size_t i, const dlrig_requirements *r)
{
    form_state *fs = FS(a);
    const dlrig_reqfield *f = field_of(i);
    fs->input[0] = '\0';
    if (!f || !requirements_given(f, r)) return;
    switch (f->kind) {
    case DLRIG_RK_NUMBER:
        requirements_format_amount(f->unit, requirements_number(f, r), fs->input, sizeof fs->input);
        break;
    case DLRIG_RK_WHOLE: snprintf(fs->input, sizeof fs->input, "%d", (int)requirements_number(f, r)); break;
    case DLRIG_RK_FLAGS: {
        size_t k = 0;
        for (int b = 0; dlrig_require_ids[b]; b++)
            if (flag_listed(b) && (r->require & (1u << b)))
                ui_appendf(fs->input, sizeof fs->input, &k, "%s%s", k ? "," : "", dlrig_require_ids[b]);
        break;
    }
    case DLRIG_RK_BOOL: snprintf(fs->input, sizeof fs->input, "yes"); break;
    default: snprintf(fs->input, sizeof fs->input, "%s", (const char *)r + f->offset); break;
    }
}

/* Gives the build the requirements nr; what: "Budget: $30,000". */
static void apply(app *a, const dlrig_requirements *nr, size_t i)
{
    form_state *fs = FS(a);
    char v[200], what[300];
    const dlrig_reqfield *f = field_of(i);
    if (f && f->kind == DLRIG_RK_FLAGS) {
        dlrig_requirements only = *nr;
        only.require &= ~(unsigned)quiet_bit();
        if (!requirements_format(f, &only, a->cat, v, sizeof v)) snprintf(v, sizeof v, "none");
    } else {
        row_value(a, i, nr, v, sizeof v);
    }
    snprintf(what, sizeof what, "%s: %s", row_label(i), v);
    fs->host->set(a, nr, what);
}

/* Clears field f of r ("not given"). */
static void clear_field(const dlrig_reqfield *f, dlrig_requirements *r)
{
    dlrig_requirements blank;
    requirements_init(&blank);
    memcpy((char *)r + f->offset, (const char *)&blank + f->offset, f->size);
}

/* Takes the typed text for row i: applied, or the reason in fs->err with the
 * text kept for correcting. */
static void edit_accept(app *a)
{
    form_state *fs = FS(a);
    size_t i = (size_t)fs->sel;
    const dlrig_reqfield *f = field_of(i);
    const dlrig_requirements *cur = fs->host->requirements(a);
    if (!f || !cur) {
        fs->editing = false;
        return;
    }
    dlrig_requirements nr = *cur;
    const char *t = fs->input;
    while (*t == ' ') t++;
    if (!*t) {
        clear_field(f, &nr);
        if (f->kind == DLRIG_RK_FLAGS) nr.require = cur->require & (unsigned)quiet_bit();
    } else {
        char err[400];
        if (requirements_parse_text(f, t, row_label(i), a->cat, &nr, err, sizeof err) != 0) {
            snprintf(fs->err, sizeof fs->err, "%s", err);
            app_message(a, DLRIG_ROLE_ERROR, "%s", err);
            return; /* still editing: the text stays */
        }
        if (f->kind == DLRIG_RK_FLAGS) nr.require |= cur->require & (unsigned)quiet_bit();
    }
    fs->editing = false;
    fs->err[0] = '\0';
    apply(a, &nr, i);
}

/* The choices of an enumerated row, "" first for a field that may be not
 * given; returns how many (at most max). */
static size_t choices(app *a, const dlrig_reqfield *f, const char **out, size_t max)
{
    size_t n = 0;
    if (!requirements_default_in(f, a->cat) && n < max) out[n++] = "";
    if (f->kind == DLRIG_RK_ENUM || f->kind == DLRIG_RK_ENUM_BITS) {
        for (size_t k = 0; f->choices && f->choices[k] && n < max; k++) {
            /* the method row is asked for fine-tuning only, as in the wizard */
            if (!strcmp(f->key, "method") && k == DLRIG_METHOD_INFERENCE) continue;
            out[n++] = f->choices[k];
        }
    } else if (f->kind == DLRIG_RK_STRING && (!strcmp(f->key, "model") || !strcmp(f->key, "also_model"))) {
        /* the catalog's language models, smallest first */
        size_t nm, first = n;
        const dlrig_model *m = catalog_models(a->cat, &nm);
        for (size_t k = 0; k < nm && n < max; k++) {
            if (!m[k].kind || strcmp(m[k].kind, "llm") != 0) continue;
            size_t at = n++;
            while (at > first) {
                const dlrig_model *prev = catalog_model_find(a->cat, out[at - 1]);
                if (!prev || prev->params_m <= m[k].params_m) break;
                out[at] = out[at - 1];
                at--;
            }
            out[at] = m[k].id;
        }
    } else if (f->kind == DLRIG_RK_CATALOG) {
        for (const char *const *id = requirements_choices(f, a->cat); id && *id && n < max; id++) out[n++] = *id;
    }
    return n;
}

/* Moves row i's value to the next (dir 1) or previous (-1) choice, or the
 * next one starting with `prefix` when it is not 0. */
static void cycle(app *a, size_t i, int dir, char prefix)
{
    form_state *fs = FS(a);
    const dlrig_requirements *cur = fs->host->requirements(a);
    if (!cur) return;
    dlrig_requirements nr = *cur;
    if (row_at(i)->noise) {
        nr.require ^= (unsigned)quiet_bit();
        apply(a, &nr, i);
        return;
    }
    const dlrig_reqfield *f = field_of(i);
    if (f->kind == DLRIG_RK_BOOL) { /* yes <-> no */
        char err[400];
        bool on = *(const bool *)((const char *)cur + f->offset);
        if (requirements_parse_text(f, on ? "no" : "yes", row_label(i), a->cat, &nr, err, sizeof err) != 0) {
            snprintf(fs->err, sizeof fs->err, "%s", err);
            return;
        }
        fs->err[0] = '\0';
        apply(a, &nr, i);
        return;
    }
    if (f->kind == DLRIG_RK_FLAGS) {
        int n = 0;
        while (dlrig_require_ids[n]) n++;
        for (int k = 0; k < n; k++) { /* the next listed must-have */
            fs->flag = (fs->flag + dir + n) % n;
            if (flag_listed(fs->flag)) break;
        }
        return;
    }
    const char *ch[256];
    size_t n = choices(a, f, ch, sizeof ch / sizeof ch[0]);
    if (n == 0) {
        snprintf(fs->err, sizeof fs->err, "%s: type the value (Enter)", row_label(i));
        return;
    }
    const char *now = (const char *)cur + f->offset;
    size_t at = 0;
    for (size_t k = 0; k < n; k++)
        if (strcmp(ch[k], now) == 0) at = k;
    size_t next = at;
    for (size_t step = 1; step <= n; step++) {
        size_t k = (at + (size_t)((int)n + dir * (int)step % (int)n)) % n;
        if (!prefix || ch[k][0] == prefix) {
            next = k;
            break;
        }
    }
    if (prefix && ch[next][0] != prefix) {
        snprintf(fs->err, sizeof fs->err, "%s: no choice starts with '%c'", row_label(i), prefix);
        return;
    }
    if (!ch[next][0]) {
        clear_field(f, &nr);
    } else {
        char err[400];
        if (requirements_parse_text(f, ch[next], row_label(i), a->cat, &nr, err, sizeof err) != 0) {
            snprintf(fs->err, sizeof fs->err, "%s", err);
            return;
        }
    }
    fs->err[0] = '\0';
    apply(a, &nr, i);
}

static void toggle(app *a, size_t i)
{
    form_state *fs = FS(a);
    const dlrig_requirements *cur = fs->host->requirements(a);
    if (!cur) return;
    const dlrig_reqfield *f = field_of(i);
    if (f && f->kind == DLRIG_RK_FLAGS) {
        if (!flag_listed(fs->flag)) cycle(a, i, 1, 0);
        dlrig_requirements nr = *cur;
        nr.require ^= 1u << fs->flag;
        apply(a, &nr, i);
        return;
    }
    cycle(a, i, 1, 0);
}

/* The next shown row from sel in direction dir. */
static int step_row(const dlrig_catalog *cat, const dlrig_requirements *r, int sel, int dir)
{
    for (int k = 1; k <= (int)N_ROWS; k++) {
        int j = (sel + dir * k + (int)N_ROWS * 2) % (int)N_ROWS;
        if (shown(cat, (size_t)j, r)) return j;
    }
    return sel;
}

/* The rows shown for r, in order, into idx (N_ROWS entries); the list
 * takes their number and the selected row's place among them.  Returns
 * how many. */
static int sync_list(app *a, const dlrig_requirements *r, int *idx)
{
    form_state *fs = FS(a);
    int n = 0;
    for (size_t i = 0; i < N_ROWS; i++)
        if (shown(a->cat, i, r)) idx[n++] = (int)i;
    ui_list_set(&fs->list, n);
    for (int k = 0; k < n; k++)
        if (idx[k] == fs->sel) ui_list_select(&fs->list, k);
    return n;
}

static int form_key(app *a, int action, int key)
{
    form_state *fs = FS(a);
    const dlrig_requirements *r = fs->host->requirements(a);
    if (!r) {
        ov_close(a);
        return UI_HANDLED;
    }
    if (!shown(a->cat, (size_t)fs->sel, r)) fs->sel = step_row(a->cat, r, fs->sel, 1);
    const dlrig_reqfield *f = field_of((size_t)fs->sel);
    if (fs->editing) {
        if (key == '\r' || key == '\n' || key == KEY_ENTER) {
            edit_accept(a);
        } else if (key == 27) {
            fs->editing = false;
            fs->err[0] = '\0';
        } else {
            ui_edit_key(fs->input, sizeof fs->input, key, UI_EDIT_ASCII);
        }
        return UI_HANDLED;
    }
    fs->err[0] = '\0';
    int idx[MAX_ROWS];
    sync_list(a, r, idx);
    if (ui_list_nav(&fs->list, action, true)) { /* Up and Down go round */
        fs->sel = idx[fs->list.sel];
        return UI_HANDLED;
    }
    switch (action) {
    case F_LEFT: cycle(a, (size_t)fs->sel, -1, 0); break;
    case F_RIGHT: cycle(a, (size_t)fs->sel, 1, 0); break;
    case F_TOGGLE: toggle(a, (size_t)fs->sel); break;
    case F_EDIT:
        if (!f) {
            cycle(a, (size_t)fs->sel, 1, 0);
            break;
        }
        fs->editing = true;
        edit_start(a, (size_t)fs->sel, r);
        break;
    case F_UNDO: fs->host->undo(a); break;
    case F_ADVISE: {
        const reqform_host *host = fs->host;
        ov_close(a); /* frees fs */
        host->readvise(a);
        return UI_HANDLED;
    }
    case F_CLOSE: ov_close(a); return UI_HANDLED;
    case F_HELP:
        ov_text_begin(a, "Keys: requirements form (r reopens it)"); /* closes the form: frees fs */
        ov_text_add_keys(a, form_keys, NULL);
        return UI_HANDLED;
    case F_DIGIT: /* a number starts typing it; a digit picks the next choice starting with it (circuits) */
        if (f && (f->kind == DLRIG_RK_NUMBER || f->kind == DLRIG_RK_WHOLE)) {
            fs->editing = true;
            fs->input[0] = (char)key;
            fs->input[1] = '\0';
        } else if (f) {
            cycle(a, (size_t)fs->sel, 1, (char)key);
        }
        break;
    case F_HOT: /* a row's letter jumps to it */
        for (size_t i = 0; i < N_ROWS; i++)
            if (shown(a->cat, i, r) && row_at(i)->hot == key) {
                fs->sel = (int)i;
                break;
            }
        break;
    default: break;
    }
    return UI_HANDLED;
}

/* The list widget's mouse, as in the wizard: a click selects a row, a
 * second click on it (or a double click) acts as Enter, the wheel moves the
 * selection.  While a value is typed the wheel does nothing, a click on its
 * row takes the value (as Enter) and a click on another row leaves it. */
static int form_mouse(app *a, const MEVENT *ev)
{
    form_state *fs = FS(a);
    const dlrig_requirements *r = fs->host->requirements(a);
    if (!r || (fs->editing && (ev->bstate & (BUTTON4_PRESSED | BUTTON5_PRESSED)))) return UI_HANDLED;
    int idx[MAX_ROWS];
    sync_list(a, r, idx);
    int before = fs->list.sel;
    int res = ui_list_mouse(&fs->list, ev, 1, true);
    if (res != UI_LIST_MOVED && res != UI_LIST_CHOSEN) return UI_HANDLED;
    fs->sel = idx[fs->list.sel];
    if (fs->list.sel != before) {
        fs->editing = false;
        fs->err[0] = '\0';
    }
    return res == UI_LIST_CHOSEN ? form_key(a, F_EDIT, '\r') : UI_HANDLED;
}

static bool form_text(const app *a)
{
    const form_state *fs = FS(a);
    return fs && fs->editing;
}

/* The form covers the builder's parts and list, never its build sheet and
 * findings, which show each change as it applies. */
static void form_draw(app *a)
{
    form_state *fs = FS(a);
    const dlrig_requirements *r = fs->host->requirements(a);
    if (!r) return;
    if (!shown(a->cat, (size_t)fs->sel, r)) fs->sel = step_row(a->cat, r, fs->sel, 1);
    int idx[MAX_ROWS];
    int n = sync_list(a, r, idx);
    bool wide = a->w >= 140 && a->h >= 36; /* the builder's wide layout: the sheet on the right */
    int x = 0, y = 1;
    int w = wide ? a->w - (a->w >= 180 ? 64 : 56) : a->w;
    if (w > 110) w = 110;
    int max_h = wide ? a->h - 2 : a->h - 11;
    if (max_h < 8) max_h = 8;
    const dlrig_reqfield *f = field_of((size_t)fs->sel);
    char help[600];
    size_t k = 0;
    help[0] = '\0';
    if (f) {
        strbuf d = {0};
        requirements_describe(f, a->cat, &d);
        ui_appendf(help, sizeof help, &k, "%s%s%s", f->help, d.s ? ": " : "", d.s ? d.s : "");
        sb_free(&d);
    } else {
        ui_appendf(help, sizeof help, &k, "quiet rules out blower and server fans (people sit next to it)");
    }
    int inner = w - 4;
    int err_h = fs->err[0] ? ui_wrapped_lines(a, fs->err, inner) : 0;
    int help_h = ui_wrapped_lines(a, help, inner);
    /* the error and the help whole below the rows; the rows scroll (at
     * least MIN_BODY of them shown) when they do not all fit beside them;
     * without that room the help goes first, then the error is cut */
    enum { MIN_BODY = 3 };
    int avail = max_h - 2, min_body = n < MIN_BODY ? n : MIN_BODY;
    if (avail - min_body - 1 - err_h - help_h < 0) help_h = 0;
    if (err_h && avail - min_body - 1 - err_h < 0) err_h = avail - min_body - 1 > 0 ? avail - min_body - 1 : 0;
    int below = err_h || help_h ? 1 + err_h + help_h : 0;
    int body = n < avail - below ? n : avail - below;
    int h = body + 2 + below;
    for (int i = 0; i < h; i++) ui_fill(a, y + i, x, w, DLRIG_ROLE_NORMAL);
    ui_box(a, y, x, h, w, "What if: the build's requirements (each change applies at once)", true);
    ui_list_place(&fs->list, y + 1, x + 1, body, w - 2, 1);
    int yy = y + 1, lw = 14;
    char v[300];
    for (int row = fs->list.top; row < n && yy < y + 1 + body; row++) {
        size_t i = (size_t)idx[row];
        bool sel = (int)i == fs->sel;
        int role = sel ? DLRIG_ROLE_SELECTION : DLRIG_ROLE_NORMAL;
        if (sel) ui_fill(a, yy, x + 1, w - 2, role);
        ui_putf(a, yy, x + 2, 2, sel ? role : DLRIG_ROLE_KEY, "%c", row_at(i)->hot);
        ui_put(a, yy, x + 4, lw, sel ? role : DLRIG_ROLE_DIM, row_label(i));
        int vx = x + 4 + lw + 1, vw = w - (vx - x) - 2;
        if (sel && fs->editing) {
            ui_edit_draw(a, yy, vx, vw, DLRIG_ROLE_FOCUS, fs->input);
        } else if (sel && f && f->kind == DLRIG_RK_FLAGS) {
            /* the must-have under the cursor stands out */
            int used = 0;
            for (int b = 0; dlrig_require_ids[b]; b++) {
                if (!flag_listed(b)) continue;
                char item[64];
                snprintf(item, sizeof item, "%s %s", (r->require & (1u << b)) ? a->g->check : a->g->uncheck,
                         dlrig_require_ids[b]);
                int iw = ui_width(a, item);
                if (b == fs->flag) ui_fill(a, yy, vx + used, iw, DLRIG_ROLE_FOCUS);
                ui_put(a, yy, vx + used, vw - used, b == fs->flag ? DLRIG_ROLE_FOCUS : role, item);
                used += iw + 2;
            }
        } else {
            ui_put(a, yy, vx, vw, role, row_value(a, i, r, v, sizeof v));
        }
        yy++;
    }
    if (err_h || help_h) {
        ui_hline(a, yy++, x + 1, w - 2, DLRIG_ROLE_BORDER);
        if (err_h) yy += ui_put_wrapped(a, yy, x + 2, err_h, inner, DLRIG_ROLE_ERROR, fs->err);
        if (help_h) ui_put_wrapped(a, yy, x + 2, help_h, inner, DLRIG_ROLE_DIM, help);
    } else {
        /* no room: the error, else the help, on the bottom border */
        char line[700];
        snprintf(line, sizeof line, " %s ", fs->err[0] ? fs->err : help);
        ui_put(a, y + h - 1, x + 2, w - 4, fs->err[0] ? DLRIG_ROLE_ERROR : DLRIG_ROLE_DIM, line);
    }
    if (body < n) { /* some rows are scrolled away: where the selection is, as the lists say it */
        char pos[32];
        snprintf(pos, sizeof pos, " %d/%d ", fs->list.sel + 1, n);
        ui_put_right(a, y + h - 1, x + 2, w - 4, DLRIG_ROLE_DIM, pos);
    }
}

/* The keys while a value is typed (form_key), for F1. */
enum { FT_OK = 1, FT_CANCEL, FT_EDIT, FT_ERASE, FT_KEYS };
static const keybind value_typing_keys[] = {
    {'\r', FT_OK, "Enter", "take the value (a bad one is named and the text stays)", "take"},
    {'\n', FT_OK, "Enter", NULL, NULL},
    {KEY_ENTER, FT_OK, "Enter", NULL, NULL},
    {27, FT_CANCEL, "Esc", "stop typing; the requirement keeps its value", "cancel"},
    UI_EDIT_KEY_ROWS(FT_EDIT, FT_ERASE, FT_KEYS),
    {0, 0, NULL, NULL, NULL},
};

static const keybind *form_text_keys(const app *a) { return form_text(a) ? value_typing_keys : NULL; }

static const screen form_overlay = {
    .name = "requirements", .min_w = UI_MIN_W, .min_h = UI_MIN_H, .draw = form_draw, .on_key = form_key,
    .on_mouse = form_mouse, .text_input = form_text, .text_keys = form_text_keys, .keys = form_keys,
};

void reqform_open(app *a, const reqform_host *host)
{
    if (!host->requirements(a)) return;
    ov_close(a);
    form_state *fs = xcalloc(1, sizeof *fs);
    fs->host = host;
    int q = id_index(dlrig_require_ids, "ecc");
    fs->flag = q < 0 ? 0 : q;
    a->ovs.ctx = fs; /* freed when the overlay closes */
    a->ovs.ctx_free = free;
    a->ov = &form_overlay;
    if (host->opened) host->opened(a);
}
