/* builder.c — the builder screen: categories, the candidate list of the
 * focused category (sortable, filterable, with compatibility), and the
 * build sheet (totals, estimated speed, findings, PCIe slot picture).
 * Every change recomputes the report through the core. */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <wchar.h>
#include <wctype.h>

#include "dlrig/cost.h"
#include "dlrig/export.h"
#include "dlrig/fix.h"
#include "dlrig/market.h"
#include "dlrig/perf.h"
#include "dlrig/power.h"
#include "dlrig/prices.h"
#include "dlrig/query.h"
#include "dlrig/rules.h"
#include "dlrig/upgrade.h"
#include "dlrig/util.h"
#include "dlrig/whatif.h"
#include "tui/app.h"

#define UNDO_MAX 64
#define MAX_COLS 16

enum { PANE_CATS, PANE_LIST, PANE_FINDINGS, PANE_COUNT };

typedef struct rect {
    int y, x, h, w;
} rect;

typedef struct column {
    const dlrig_field *f; /* NULL for the speed column, which is computed */
    const char *name;
    int width;
    bool right;
    bool shown;
} column;

/* What a build file looked like on disk when it was opened or saved: a save
 * that finds it different asks before replacing it (another dlrig, or an
 * editor, wrote it since).  A save renames a new file into place, so the
 * inode changes on every write. */
typedef struct file_stamp {
    bool known;
    dev_t dev;
    ino_t ino;
    off_t size;
    struct timespec mtime;
} file_stamp;

/* An undo or redo step: the build and the file it belongs to. */
typedef struct undo_entry {
    dlrig_build b;
    char *path;
    file_stamp stamp;
} undo_entry;

struct builder_state {
    dlrig_build b;
    char *path;
    file_stamp stamp; /* of path, at open or the last save */
    dlrig_report rep;
    dlrig_estimate est;
    bool have_est;
    char est_err[256];
    char rent[160]; /* owning against the cheapest rental of the same work ("" when unknown) */
    unsigned long gen, saved_gen;
    bool quit_after_save; /* the save under way was asked for by quit */
    undo_entry undo[UNDO_MAX];
    size_t n_undo;
    undo_entry redo[UNDO_MAX];
    size_t n_redo;
    dlrig_recommendation *alts;
    size_t n_alts;
    dlrig_requirements alts_req; /* what the alternatives were recommended for */
    bool pinned[DLRIG_CAT_COUNT]; /* kept when the advisor re-runs from the requirements form */
    /* view */
    int focus;
    int cat;
    ui_list cats; /* the category pane: cats.sel follows cat */
    const dlrig_part **cand;
    size_t n_cand;
    const char **reason; /* per candidate: first new error when chosen, or NULL (borrowed from whatif) */
    double *speed; /* per candidate: the build's estimated speed with it (NAN: none) */
    /* What choosing each part would do (the core's what-if), kept until the
     * build changes, so that a filter keystroke or another category looks
     * parts up instead of checking every one again; NULL until needed. */
    dlrig_whatif *whatif;
    ui_list parts; /* the candidate list: parts.sel, parts.top; parts.filter goes to the catalog's query */
    int sort_col; /* index into cols, -1 for catalog order */
    bool sort_desc;
    bool compat_only;
    bool show_slots; /* the middle pane shows the slot picture (narrow layout) */
    column cols[MAX_COLS];
    int n_cols;
    /* the requirement changes of one visit of the form (r), and its
     * re-advise (a), are one undo step: 0 none open, 1 the form is open and
     * has changed nothing yet, 2 it has pushed its step */
    int req_group;
    ui_list finds; /* the findings pane: finds.sel, finds.top */
    bool finds_whole; /* the pane shows every finding wrapped (unfocused, when they fit) */
    rect r_cats, r_list, r_find;
    bool wide;
};

enum {
    B_LEFT = 1, B_RIGHT, B_TAB, B_BTAB, B_ENTER, B_ESC, B_FILTER,
    B_SORT, B_RSORT, B_COMPAT, B_PLUS, B_MINUS, B_REMOVE, B_INFO, B_UNDO, B_REDO, B_SAVE, B_SAVEAS, B_OPEN,
    B_EXPORT, B_ALTS, B_SLOTS, B_NEW, B_RENAME, B_PRESETS, B_PRESET,
    B_PRESET_LAST = B_PRESET + TUI_PRESET_KEYS - 1,
    B_COMPARE, B_REQS, B_PIN, B_OWNED, B_FIX, B_FIX_ALL, B_CATEGORY,
};

#define CATEGORY_HELP "category N: 1 GPU, 2 CPU, 3 Board, 4 Memory, 5 Storage, 6 PSU, 7 Case, 8 Cooler, 9 NIC"

static const keybind builder_keys[] = {
    {'r', B_REQS, "r", "what if: the requirements as a form over the build (changes apply at once, u undoes)",
     "what-if"},
    {'f', B_FIX, "f", "apply the cheapest fix of the selected finding (Enter on it lists every fix to choose)", "fix"},
    {'F', B_FIX_ALL, "F", "repair every error at the least price and show what changed, with the options left",
     "repair"},
    UI_LIST_KEYBINDS("move up", "move down", "page up", "page down", "first row", "last row"),
    {KEY_LEFT, B_LEFT, "Left", "pane to the left", NULL},
    {'h', B_LEFT, "h", "pane to the left", NULL},
    {KEY_RIGHT, B_RIGHT, "Right", "pane to the right", NULL},
    {'l', B_RIGHT, "l", "pane to the right", NULL},
    {'\t', B_TAB, "Tab", "next pane (categories, parts, findings)", "pane"},
    {KEY_BTAB, B_BTAB, "S-Tab", "previous pane", NULL},
    {'1', B_CATEGORY, "1-9", CATEGORY_HELP, NULL},
    {'2', B_CATEGORY, "1-9", CATEGORY_HELP, NULL},
    {'3', B_CATEGORY, "1-9", CATEGORY_HELP, NULL},
    {'4', B_CATEGORY, "1-9", CATEGORY_HELP, NULL},
    {'5', B_CATEGORY, "1-9", CATEGORY_HELP, NULL},
    {'6', B_CATEGORY, "1-9", CATEGORY_HELP, NULL},
    {'7', B_CATEGORY, "1-9", CATEGORY_HELP, NULL},
    {'8', B_CATEGORY, "1-9", CATEGORY_HELP, NULL},
    {'9', B_CATEGORY, "1-9", CATEGORY_HELP, NULL},
    {'\r', B_ENTER, "Enter", "open a category / choose the part / explain the finding", "choose"},
    {KEY_ENTER, B_ENTER, "Enter", "open a category / choose the part / explain the finding", NULL},
    {27, B_ESC, "Esc", "back: stop filtering, leave the list (never quits)", NULL},
    {'/', B_FILTER, "/", "filter the parts as you type", "filter"},
    {'s', B_SORT, "s", "sort by the next column", "sort"},
    {'S', B_RSORT, "S", "reverse the sort order", NULL},
    {'c', B_COMPAT, "c", "show only parts compatible with the rest of the build", "compatible"},
    {'+', B_PLUS, "+", "one more of this part", NULL},
    {'=', B_PLUS, "=", "one more of this part", NULL},
    {'-', B_MINUS, "-", "one fewer of this part", NULL},
    {'x', B_REMOVE, "x", "remove the category's part", NULL},
    {KEY_DC, B_REMOVE, "Del", "remove the category's part", NULL},
    {'i', B_INFO, "i", "every field of the highlighted part", "info"},
    {'u', B_UNDO, "u", "undo", "undo"},
    {18, B_REDO, "Ctrl-R", "redo", NULL},
    {'U', B_REDO, "U", "redo", NULL},
    {'w', B_SAVE, "w", "save the build", "save"},
    {'W', B_SAVEAS, "W", "save under another name", NULL},
    {'o', B_OPEN, "o", "open a saved build", "open"},
    {'e', B_EXPORT, "e", "export: Markdown, CSV, JSON, plain text or an HTML quote", "export"},
    {'a', B_ALTS, "a", "the advisor's alternatives (for a machine you own: its upgrade plans)", "alts"},
    {'C', B_COMPARE, "C", "compare side by side: Good / Better / Best, or this build vs saved builds", NULL},
    {'p', B_SLOTS, "p", "PCIe slot picture (narrow screens)", "slots"},
    {'O', B_OWNED, "O", "mark the category's part as owned (you have it: $0, kept by upgrade plans) or to buy", NULL},
    {'K', B_PIN, "K", "pin (keep) the category's part when the advisor re-runs from the requirements form", NULL},
    {'n', B_RENAME, "n", "rename the build", NULL},
    {'N', B_NEW, "N", "new build: back to the wizard", NULL},
    {'P', B_PRESETS, "P", "preset scenarios: pick one and see its best build", NULL},
    TUI_PRESET_KEYBINDS(B_PRESET),
    {0, 0, NULL, NULL, NULL},
};

/* The builder's state (NULL when no builder is open). */
static struct builder_state *B(const app *a) { return app_state(a, &builder_screen); }

/* Whether the build has changes not saved. */
static bool builder_dirty(const app *a)
{
    const struct builder_state *s = B(a);
    return s && s->gen != s->saved_gen;
}

static const char *cat_label(dlrig_category c)
{
    static const char *const labels[DLRIG_CAT_COUNT] = {"GPU",  "CPU",  "Board",  "Memory", "Storage", "PSU",
                                                        "Case", "Cooler", "NIC", "NVLink", "Switch"};
    return (unsigned)c < DLRIG_CAT_COUNT ? labels[c] : "?";
}

/* Whether two sets of requirements say the same, field by field through the
 * requirement table (the structs may differ in bytes that mean nothing). */
static bool same_requirements(const app *a, const dlrig_requirements *x, const dlrig_requirements *y)
{
    size_t n;
    const dlrig_reqfield *f = requirements_fields(&n);
    for (size_t i = 0; i < n; i++) {
        char bx[160], by[160];
        const char *vx = requirements_format(&f[i], x, a->cat, bx, sizeof bx);
        const char *vy = requirements_format(&f[i], y, a->cat, by, sizeof by);
        if (!vx != !vy || (vx && strcmp(vx, vy) != 0)) return false;
    }
    return true;
}

/* The advisor's alternatives when they were made for the build's current
 * requirements, else none (a build opened or changed since has its own). */
static size_t current_alts(const app *a, const dlrig_recommendation **alts)
{
    const struct builder_state *s = B(a);
    *alts = NULL;
    if (!s->n_alts || !same_requirements(a, &s->alts_req, &s->b.req)) return 0;
    *alts = s->alts;
    return s->n_alts;
}

/* ---- model: report, candidates, compatibility ---- */

/* What the findings are (their ids and severities, in order), as a number:
 * a changed list scrolls to its top. */
static uint64_t findings_signature(const dlrig_report *r)
{
    uint64_t h = 1469598103934665603u;
    for (size_t i = 0; i < r->n_findings; i++) {
        for (const char *c = r->findings[i].id; c && *c; c++) h = (h ^ (unsigned char)*c) * 1099511628211u;
        h = (h ^ (unsigned)(r->findings[i].severity + 1)) * 1099511628211u;
    }
    return h ^ r->n_findings;
}

static void recompute(app *a)
{
    struct builder_state *s = B(a);
    uint64_t before = findings_signature(&s->rep);
    rules_check(a->cat, &s->b, &s->rep);
    if (findings_signature(&s->rep) != before) { /* other findings: the most severe (the first) in view */
        ui_list_select(&s->finds, 0);
        s->finds.top = 0;
    }
    s->have_est = false;
    s->est_err[0] = '\0';
    s->rent[0] = '\0';
    if (build_count(&s->b, DLRIG_CAT_GPU) > 0) {
        /* buy or rent, at dlrig cost's default assumptions */
        dlrig_cost_assumptions ca;
        cost_assumptions_default(&ca);
        dlrig_cost c;
        char cerr[256];
        if (cost_compute(a->cat, &s->b, NULL, &ca, NULL, &c, cerr, sizeof cerr) == 0) {
            const dlrig_cost_offer *f = cost_cheapest_offer(&c);
            char be[64];
            if (f && !(c.own.purchase_usd > 0)) /* nothing to buy: what renting would cost instead */
                snprintf(s->rent, sizeof s->rent, "owned\tthe same work rented: %s a year (%s %s, %g h/day)",
                         format_usd(f->usd_per_year, be, sizeof be), f->rate->provider, f->rate->offer,
                         ca.hours_per_day);
            else if (f && !isnan(f->breakeven_months))
                snprintf(s->rent, sizeof s->rent, "%s\trenting %s %s, %g h/day",
                         isinf(f->breakeven_months) ? "never pays off"
                                                    : cost_breakeven_text(f->breakeven_months, be, sizeof be),
                         f->rate->provider, f->rate->offer, ca.hours_per_day);
            cost_free(&c);
        }
        s->have_est = perf_estimate(a->cat, &s->b, &s->rep.placement, NULL, &s->est, s->est_err,
                                    sizeof s->est_err) == 0;
    } else {
        snprintf(s->est_err, sizeof s->est_err, "no GPU in the build");
    }
    ui_list_set(&s->finds, (int)s->rep.n_findings);
}

static void free_candidates(struct builder_state *s)
{
    free(s->reason); /* the strings belong to s->whatif */
    free(s->cand);
    free(s->speed);
    s->speed = NULL;
    s->reason = NULL;
    s->cand = NULL;
    s->n_cand = 0;
}

/* Forgets what choosing each part would do (the build changed). */
static void whatif_clear(struct builder_state *s)
{
    whatif_free(s->whatif);
    s->whatif = NULL;
}

static void setup_columns(struct builder_state *s)
{
    dlrig_category c = (dlrig_category)s->cat;
    const char *const *names = category_list_columns(c);
    s->n_cols = 0;
    for (size_t i = 0; names[i] && s->n_cols < MAX_COLS; i++) {
        if (strcmp(names[i], "id") == 0) continue;
        const dlrig_field *f = category_field(c, names[i]);
        if (!f) continue;
        column *col = &s->cols[s->n_cols++];
        col->f = f;
        col->name = names[i];
        col->right = f->kind != DLRIG_F_STR && f->kind != DLRIG_F_LIST;
        if (strcmp(names[i], "name") == 0 && whatif_affects_speed(c) && s->n_cols < MAX_COLS)
            s->cols[s->n_cols++] = (column){NULL, "speed", 0, true, false};
        /* the month of the price, after it (the last column to get room) */
        const dlrig_field *pd = category_field(c, "price_date");
        if (strcmp(names[i], "price_usd") == 0 && pd && s->n_cols < MAX_COLS)
            s->cols[s->n_cols++] = (column){pd, "price_date", 0, false, false};
    }
}

static bool is_speed(const column *col) { return col->f == NULL; }

static const char *col_label(const column *col) { return is_speed(col) ? "Speed" : field_label(col->name); }

/* A cell's text into buf. */
/* Whether a column is the price column. */
static bool is_price(const column *col) { return strcmp(col->name, "price_usd") == 0; }

/* Whether a part's price on this build is marked: a user's price list or a
 * second-hand offer sets it. */
static bool part_price_mark(const struct builder_state *s, const dlrig_part *p)
{
    dlrig_price pr = part_price(p, s->b.req.allow_used);
    return price_known(&pr) && (pr.user_list || pr.condition != DLRIG_CONDITION_NEW);
}

static const char *cell_text(const struct builder_state *s, const column *col, size_t i, char *buf, size_t len)
{
    if (is_price(col)) { /* what the part would cost on this build (a used offer where the build allows one) */
        double usd = part_price_usd(s->cand[i], s->b.req.allow_used);
        if (isnan(usd)) snprintf(buf, len, "-");
        else format_usd(usd, buf, len);
        return buf;
    }
    if (!is_speed(col) && strcmp(col->name, "price_date") == 0) { /* the month of the price shown */
        dlrig_price pr = part_price(s->cand[i], s->b.req.allow_used);
        snprintf(buf, len, "%.7s", price_known(&pr) && pr.date ? pr.date : "-");
        return buf;
    }
    if (!is_speed(col)) return part_field_format(s->cand[i], col->f, buf, len);
    if (isnan(s->speed[i])) snprintf(buf, len, "-");
    else format_speed(s->speed[i], NULL, buf, len);
    return buf;
}

/* Candidates (with their reasons and speeds) by speed, unknown last. */
static const struct builder_state *speed_sort_state;
static int cmp_speed_idx(const void *x, const void *y)
{
    const struct builder_state *s = speed_sort_state;
    size_t i = *(const size_t *)x, j = *(const size_t *)y;
    double a = s->speed[i], b = s->speed[j];
    if (isnan(a) != isnan(b)) return isnan(a) ? 1 : -1;
    if (!isnan(a) && a != b) return (a > b) == s->sort_desc ? -1 : 1;
    return (i > j) - (i < j);
}

static void sort_by_speed(struct builder_state *s)
{
    size_t n = s->n_cand;
    size_t *idx = xcalloc(n + 1, sizeof *idx);
    for (size_t i = 0; i < n; i++) idx[i] = i;
    speed_sort_state = s; /* qsort has no context argument in C11 */
    qsort(idx, n, sizeof *idx, cmp_speed_idx);
    const dlrig_part **cand = xcalloc(n + 1, sizeof *cand);
    const char **reason = xcalloc(n + 1, sizeof *reason);
    double *speed = xcalloc(n + 1, sizeof *speed);
    for (size_t i = 0; i < n; i++) {
        cand[i] = s->cand[idx[i]];
        reason[i] = s->reason[idx[i]];
        speed[i] = s->speed[idx[i]];
    }
    free(s->cand);
    free(s->reason);
    free(s->speed);
    s->cand = cand;
    s->reason = reason;
    s->speed = speed;
    free(idx);
}

static void refresh_candidates(app *a)
{
    struct builder_state *s = B(a);
    const dlrig_part *keep =
        s->n_cand && s->parts.sel >= 0 && (size_t)s->parts.sel < s->n_cand ? s->cand[s->parts.sel] : NULL;
    free_candidates(s);
    bool by_speed = s->sort_col >= 0 && s->sort_col < s->n_cols && is_speed(&s->cols[s->sort_col]);
    dlrig_query q = {.category = s->cat,
                     .filter = s->parts.filter[0] ? s->parts.filter : NULL,
                     .sort = s->sort_col >= 0 && s->sort_col < s->n_cols && !by_speed ? s->cols[s->sort_col].name : NULL,
                     .descending = s->sort_desc};
    char err[512];
    const dlrig_part **v = NULL;
    size_t n = 0;
    if (catalog_query(a->cat, &q, &v, &n, err, sizeof err) != 0) {
        app_message(a, DLRIG_ROLE_ERROR, "%s", err);
        v = NULL;
        n = 0;
    }
    const char **reason = xcalloc(n ? n : 1, sizeof *reason);
    double *speed = xcalloc(n ? n : 1, sizeof *speed);
    const dlrig_part *chosen = build_first(&s->b, (dlrig_category)s->cat, NULL);
    if (!s->whatif) s->whatif = whatif_new(a->cat, &s->b);
    bool speeds = whatif_affects_speed((dlrig_category)s->cat);
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        const dlrig_swap *e = whatif_get(s->whatif, v[i]);
        const char *r = v[i] == chosen || !e->error_id ? NULL : e->error_message;
        if (s->compat_only && r) continue;
        v[k] = v[i];
        reason[k] = r;
        speed[k] = speeds ? e->speed : NAN;
        k++;
    }
    s->cand = v;
    s->n_cand = k;
    s->reason = reason;
    s->speed = speed;
    if (by_speed) sort_by_speed(s);
    /* keep the highlight on the same part, else on the chosen one */
    const dlrig_part *want = keep ? keep : chosen;
    ui_list_set(&s->parts, (int)k);
    ui_list_select(&s->parts, 0);
    for (size_t i = 0; i < k; i++)
        if (s->cand[i] == want) ui_list_select(&s->parts, (int)i);
    /* column widths over the whole list */
    char buf[128];
    for (int c = 0; c < s->n_cols; c++) {
        column *col = &s->cols[c];
        col->width = (int)strlen(col_label(col)) + 1;
        bool price = is_price(col);
        for (size_t i = 0; i < k; i++) {
            int l = (int)strlen(cell_text(s, col, i, buf, sizeof buf));
            if (price && part_price_mark(s, s->cand[i])) l++; /* the mark of a user's or second-hand price */
            if (l > col->width) col->width = l;
        }
        if (strcmp(col->name, "name") != 0 && col->width > 16) col->width = 16;
    }
}

static void changed(app *a)
{
    struct builder_state *s = B(a);
    s->gen++;
    build_refresh_name(a->cat, &s->b); /* a name dlrig gave follows the build */
    recompute(a);
    whatif_clear(s); /* every part's effect on the build may differ now */
    refresh_candidates(a);
}

static file_stamp stamp_of(const char *path)
{
    file_stamp st = {0};
    struct stat sb;
    if (path && stat(path, &sb) == 0) {
        st.known = true;
        st.dev = sb.st_dev;
        st.ino = sb.st_ino;
        st.size = sb.st_size;
        st.mtime = sb.st_mtim;
    }
    return st;
}

static bool stamp_same(const file_stamp *x, const file_stamp *y)
{
    if (x->known != y->known) return false;
    return !x->known || (x->dev == y->dev && x->ino == y->ino && x->size == y->size &&
                         x->mtime.tv_sec == y->mtime.tv_sec && x->mtime.tv_nsec == y->mtime.tv_nsec);
}

static void undo_entry_free(undo_entry *e)
{
    build_free(&e->b);
    free(e->path);
    e->path = NULL;
}

static void push_undo(app *a)
{
    struct builder_state *s = B(a);
    s->req_group = 0; /* any other change ends the form's step */
    if (s->n_undo == UNDO_MAX) {
        undo_entry_free(&s->undo[0]);
        memmove(&s->undo[0], &s->undo[1], (UNDO_MAX - 1) * sizeof s->undo[0]);
        s->n_undo--;
    }
    undo_entry *e = &s->undo[s->n_undo++];
    build_copy(&e->b, &s->b);
    e->path = xstrdup(s->path);
    e->stamp = s->stamp;
    for (size_t i = 0; i < s->n_redo; i++) undo_entry_free(&s->redo[i]);
    s->n_redo = 0;
}

static void undo_redo(app *a, bool redo)
{
    struct builder_state *s = B(a);
    undo_entry *from = redo ? s->redo : s->undo, *to = redo ? s->undo : s->redo;
    size_t *nfrom = redo ? &s->n_redo : &s->n_undo, *nto = redo ? &s->n_undo : &s->n_redo;
    if (*nfrom == 0) {
        app_message(a, DLRIG_ROLE_INFO, "Nothing to %s", redo ? "redo" : "undo");
        return;
    }
    if (*nto == UNDO_MAX) {
        undo_entry_free(&to[0]);
        memmove(&to[0], &to[1], (UNDO_MAX - 1) * sizeof to[0]);
        (*nto)--;
    }
    /* the build goes back with the file it belongs to, so that w writes it
     * there and never over the file of a build opened since */
    to[(*nto)++] = (undo_entry){s->b, s->path, s->stamp};
    undo_entry e = from[--(*nfrom)];
    s->b = e.b;
    s->path = e.path;
    s->stamp = e.stamp;
    changed(a);
    app_message(a, DLRIG_ROLE_INFO, "%s", redo ? "Redone" : "Undone");
}

/* ---- actions ---- */

static void choose_candidate(app *a)
{
    struct builder_state *s = B(a);
    if (s->n_cand == 0) return;
    const dlrig_part *p = s->cand[s->parts.sel];
    dlrig_category c = (dlrig_category)s->cat;
    if (build_first(&s->b, c, NULL) == p && build_count(&s->b, c) > 0) {
        app_message(a, DLRIG_ROLE_INFO, "%s is already in the build", p->name);
        return;
    }
    push_undo(a);
    build_set_category(&s->b, c, p, whatif_swap_qty(&s->b, c));
    size_t before = s->rep.counts[DLRIG_SEV_ERROR];
    changed(a);
    size_t after = s->rep.counts[DLRIG_SEV_ERROR];
    if (after > before)
        app_message(a, DLRIG_ROLE_WARNING, "%s chosen: %zu new error%s below", p->name, after - before,
                    after - before == 1 ? "" : "s");
    else app_message(a, DLRIG_ROLE_OK, "%s chosen", p->name);
}

/* O: the category's part is one the buyer has (owned: $0, kept by the
 * upgrade plans), or one to buy again. */
static void toggle_owned(app *a)
{
    struct builder_state *s = B(a);
    dlrig_category c = (dlrig_category)s->cat;
    const dlrig_part *p = build_first(&s->b, c, NULL);
    if (!p) {
        app_message(a, DLRIG_ROLE_INFO, "No %s in the build: choose yours with Enter, then O marks it owned",
                    cat_label(c));
        return;
    }
    bool owned = false;
    for (size_t i = 0; i < s->b.n_items; i++)
        if (s->b.items[i].part == p && s->b.items[i].owned) owned = true;
    push_undo(a);
    build_own_all(&s->b, p, !owned);
    changed(a);
    if (owned) app_message(a, DLRIG_ROLE_INFO, "%s: to buy (u undoes)", p->name);
    else app_message(a, DLRIG_ROLE_OK, "%s: owned, $0%s (u undoes)", p->name,
                     build_owned_lines(&s->b) ? "; a lists upgrade plans" : "");
}

static void change_qty(app *a, int delta)
{
    struct builder_state *s = B(a);
    dlrig_category c = (dlrig_category)s->cat;
    int qty = 0;
    const dlrig_part *p = build_first(&s->b, c, &qty);
    if (!p) {
        if (delta > 0 && s->focus == PANE_LIST && s->n_cand) {
            choose_candidate(a);
            return;
        }
        app_message(a, DLRIG_ROLE_INFO, "No %s in the build yet: choose one with Enter", cat_label(c));
        return;
    }
    if (qty + delta < 0 || qty + delta > 64) return;
    push_undo(a);
    build_set_qty(&s->b, p, qty + delta);
    changed(a);
    app_message(a, DLRIG_ROLE_INFO, "%s: %d%s %s", cat_label(c), qty + delta, a->g->times, p->name);
}

static void remove_part(app *a)
{
    struct builder_state *s = B(a);
    dlrig_category c = (dlrig_category)s->cat;
    if (!build_count(&s->b, c)) return;
    push_undo(a);
    build_set_category(&s->b, c, NULL, 0);
    changed(a);
    app_message(a, DLRIG_ROLE_INFO, "%s removed", cat_label(c));
}

static void set_category(app *a, int c)
{
    struct builder_state *s = B(a);
    if (c < 0 || c >= DLRIG_CAT_COUNT) return;
    ui_list_select(&s->cats, c);
    if (c == s->cat) return;
    s->cat = c;
    ui_list_filter_clear(&s->parts);
    s->sort_col = -1;
    s->sort_desc = false;
    s->parts.sel = 0;
    s->parts.top = 0;
    setup_columns(s);
    free_candidates(s);
    refresh_candidates(a);
}

/* One line of a part's sheet (part_sheet) in the part view. */
static void sheet_line_of_part(void *ctx, dlrig_sheet_kind kind, const char *label, const char *value)
{
    app *a = ctx;
    if (kind == DLRIG_SHEET_DETAIL) ov_text_add(a, DLRIG_ROLE_DIM, 21, "%s", value);
    else ov_text_add(a, kind == DLRIG_SHEET_NOTE ? DLRIG_ROLE_INFO : DLRIG_ROLE_NORMAL, 0, "%-20s %s", label, value);
}

static void show_part(app *a, const dlrig_part *p)
{
    if (!p) return;
    char title[160];
    snprintf(title, sizeof title, "%s (%s)", p->name, category_title(p->category));
    ov_text_begin(a, title);
    part_sheet(a->cat, p, sheet_line_of_part, a);
    if (p->category == DLRIG_CAT_MOTHERBOARD) {
        const dlrig_motherboard *b = (const dlrig_motherboard *)p;
        ov_text_add(a, DLRIG_ROLE_HEADER, 0, "%s", "PCIe slots");
        for (size_t i = 0; i < b->n_slots; i++) {
            const dlrig_slot *sl = &b->slots[i];
            ov_text_add(a, DLRIG_ROLE_NORMAL, 2, "position %d: x%d physical, x%d electrical, PCIe %d.0, %s%s%s",
                        sl->position, sl->physical_width, sl->electrical_width, sl->pcie_gen,
                        sl->attached_to == DLRIG_ATTACH_CPU1   ? "CPU 1"
                        : sl->attached_to == DLRIG_ATTACH_CPU2 ? "CPU 2"
                                                               : "chipset",
                        sl->note ? " - " : "", sl->note ? sl->note : "");
        }
        for (size_t i = 0; i < b->n_m2; i++) {
            char link[64];
            ov_text_add(a, DLRIG_ROLE_NORMAL, 2, "M.2_%d: %s", b->m2[i].idx,
                        m2_link_format(&b->m2[i], link, sizeof link));
        }
        for (size_t i = 0; i < b->n_shares; i++) {
            const dlrig_lane_share *sh = &b->shares[i];
            if (sh->width_when)
                ov_text_add(a, DLRIG_ROLE_DIM, 2, "slot %d runs at x%d when %s %d is populated", sh->slot_position,
                            sh->width_when, sh->trigger_m2 ? "M.2" : "slot", sh->trigger_index);
            else
                ov_text_add(a, DLRIG_ROLE_DIM, 2, "slot %d is disabled when %s %d is populated", sh->slot_position,
                            sh->trigger_m2 ? "M.2" : "slot", sh->trigger_index);
        }
    } else if (p->category == DLRIG_CAT_NVLINK_BRIDGE) {
        const dlrig_nvlink_bridge *br = (const dlrig_nvlink_bridge *)p;
        ov_text_add(a, DLRIG_ROLE_HEADER, 0, "%s", "Fits");
        for (size_t i = 0; i < br->n_fits; i++) ov_text_add(a, DLRIG_ROLE_NORMAL, 2, "%s", br->fits[i]->p.id);
    }
}

/* The fixes a dialog offers to choose from (its context). */
typedef struct fix_choices {
    dlrig_fix fx[12];
    size_t n;
} fix_choices;

/* What kind of change a fix is, for a list that mixes them. */
static const char *fix_kind_label(const dlrig_fix *f)
{
    switch (f->kind) {
    case DLRIG_FIX_POWER_LIMIT: return "power limit: ";
    case DLRIG_FIX_FEWER_GPUS: return "fewer GPUs: ";
    case DLRIG_FIX_REQUIREMENT: return "requirement: ";
    default: return "";
    }
}

/* "; new warning memory.channels" for a fix that adds warnings, else "". */
static const char *fix_side_effects(const dlrig_fix *f, char *buf, size_t len)
{
    size_t k = 0;
    buf[0] = '\0';
    for (int i = 0; i < f->n_introduces; i++)
        ui_appendf(buf, len, &k, "%s%s", i ? ", " : f->n_introduces > 1 ? "; new warnings " : "; new warning ",
                   f->introduces[i]);
    return buf;
}

/* Applies fix f to the build as one undoable step and says so. */
static void apply_fix(app *a, const dlrig_fix *f)
{
    struct builder_state *s = B(a);
    push_undo(a);
    fix_apply(&s->b, f);
    changed(a);
    char d[80];
    app_message(a, DLRIG_ROLE_OK, "Fixed: %s (%s; u undoes)", f->summary,
                format_price_change(f->price_delta_usd, f->price_complete, d, sizeof d));
}

static void fix_choice_cb(app *a, int idx, void *ctx)
{
    const fix_choices *c = ctx;
    if (B(a) && idx >= 0 && (size_t)idx < c->n) apply_fix(a, &c->fx[idx]);
}

/* The fixes of finding i of the build's report to offer: up to four changes
 * of parts, then the best power limit, up to two fewer-GPU options and two
 * changes of requirement (so that the last resorts are listed even when
 * many parts would do). */
static size_t offered_fixes(app *a, size_t i, fix_choices *c)
{
    struct builder_state *s = B(a);
    static const struct {
        dlrig_fix_kind kind;
        size_t max;
    } per[] = {{DLRIG_FIX_PARTS, 4}, {DLRIG_FIX_POWER_LIMIT, 1}, {DLRIG_FIX_FEWER_GPUS, 2}, {DLRIG_FIX_REQUIREMENT, 2}};
    c->n = 0;
    for (size_t k = 0; k < sizeof per / sizeof per[0]; k++)
        c->n += fix_finding(a->cat, &s->b, &s->rep, i, 1u << per[k].kind, c->fx + c->n, per[k].max);
    return c->n;
}

/* f: the cheapest fix of the selected finding, as one undoable step. */
static void fix_selected(app *a)
{
    struct builder_state *s = B(a);
    if (!s->rep.n_findings) {
        app_message(a, DLRIG_ROLE_INFO, "%s", "No findings: nothing to fix");
        return;
    }
    const dlrig_finding *f = &s->rep.findings[s->finds.sel];
    dlrig_fix fx;
    if (!fix_wanted(f)) {
        app_message(a, DLRIG_ROLE_INFO, "Nothing to fix: %s is advice (Enter explains it)", f->id);
        return;
    }
    if (!fix_finding(a->cat, &s->b, &s->rep, (size_t)s->finds.sel, DLRIG_FIX_ALL_KINDS, &fx, 1)) {
        app_message(a, DLRIG_ROLE_INFO, "No fix for %s: no change of parts resolves it without a new error", f->id);
        return;
    }
    apply_fix(a, &fx);
}

/* F: every error repaired by changes of parts, as one undoable step, and
 * what changed shown; the options for the errors parts cannot fix (fewer
 * GPUs, a power limit, another requirement) are there to choose. */
static void fix_all(app *a)
{
    struct builder_state *s = B(a);
    if (!s->rep.counts[DLRIG_SEV_ERROR]) {
        app_message(a, DLRIG_ROLE_INFO, "%s", "No errors to repair");
        return;
    }
    dlrig_build t;
    build_copy(&t, &s->b);
    dlrig_repair r;
    size_t left = fix_repair(a->cat, &t, 1u << DLRIG_FIX_PARTS, &r);
    if (r.n_steps) {
        push_undo(a);
        build_free(&s->b);
        s->b = t;
        changed(a);
    } else {
        build_free(&t);
    }
    char title[96], d[80], p0[32], p1[32];
    snprintf(title, sizeof title, "Repair: %zu change%s, %zu error%s left", r.n_steps, r.n_steps == 1 ? "" : "s", left,
             left == 1 ? "" : "s");
    ov_text_begin(a, title);
    for (size_t i = 0; i < r.n_steps; i++)
        ov_text_add(a, DLRIG_ROLE_OK, 0, "%zu. %s (%s)", i + 1, r.steps[i].summary,
                    format_price_change(r.steps[i].price_delta_usd, true, d, sizeof d));
    if (r.n_steps)
        ov_text_add(a, DLRIG_ROLE_HEADER, 0, "Price %s -> %s (%s); u undoes all of it",
                    format_usd(r.price_before_usd, p0, sizeof p0), format_usd(r.price_after_usd, p1, sizeof p1),
                    format_price_change(r.price_after_usd - r.price_before_usd, true, d, sizeof d));
    fix_choices *c = xcalloc(1, sizeof *c);
    for (size_t i = 0; i < r.n_left; i++) {
        ov_text_add(a, DLRIG_ROLE_NORMAL, 0, "%s", "");
        ov_text_add(a, DLRIG_ROLE_ERROR, 0, "Not fixed by a change of parts: %s", r.left[i].message);
        for (size_t k = 0; k < r.n_left_options[i] && c->n < sizeof c->fx / sizeof c->fx[0]; k++) {
            const dlrig_fix *o = &r.left_options[i * DLRIG_REPAIR_OPTIONS + k];
            char more[160];
            c->fx[c->n++] = *o;
            ov_text_choice(a, DLRIG_ROLE_NORMAL, 2, "%s%s (%s%s)", fix_kind_label(o), o->summary,
                           format_price_change(o->price_delta_usd, o->price_complete, d, sizeof d),
                           fix_side_effects(o, more, sizeof more));
        }
    }
    if (c->n) {
        ov_text_add(a, DLRIG_ROLE_NORMAL, 0, "%s", "");
        ov_text_add(a, DLRIG_ROLE_DIM, 0, "%s", "Enter or f applies the highlighted option (u undoes); Esc closes.");
        ov_text_on_choose(a, fix_choice_cb, c, free);
    } else {
        free(c);
    }
    fix_repair_free(&r);
    app_message(a, left ? DLRIG_ROLE_WARNING : DLRIG_ROLE_OK, "%s", left ? "Repaired what parts can; errors left"
                                                                          : "Every error repaired (u undoes)");
}

static void show_finding(app *a, const dlrig_finding *f)
{
    static const int roles[] = {DLRIG_ROLE_INFO, DLRIG_ROLE_WARNING, DLRIG_ROLE_ERROR};
    char title[96];
    snprintf(title, sizeof title, "%s: %s", severity_name(f->severity), f->id);
    ov_text_begin(a, title);
    ov_text_add(a, roles[f->severity], 0, "%s", f->message);
    ov_text_add(a, DLRIG_ROLE_NORMAL, 0, "%s", "");
    struct builder_state *s = B(a);
    fix_choices *c = xcalloc(1, sizeof *c);
    if (f >= s->rep.findings && f < s->rep.findings + s->rep.n_findings && fix_wanted(f))
        offered_fixes(a, (size_t)(f - s->rep.findings), c);
    if (c->n) {
        ov_text_add(a, DLRIG_ROLE_HEADER, 0, "%s", "Fixes (Enter or f applies the highlighted one; u undoes)");
        for (size_t i = 0; i < c->n; i++) {
            char d[80], more[160];
            ov_text_choice(a, i ? DLRIG_ROLE_NORMAL : DLRIG_ROLE_OK, 2, "%s%s (%s%s)", fix_kind_label(&c->fx[i]),
                           c->fx[i].summary,
                           format_price_change(c->fx[i].price_delta_usd, c->fx[i].price_complete, d, sizeof d),
                           fix_side_effects(&c->fx[i], more, sizeof more));
        }
        ov_text_add(a, DLRIG_ROLE_NORMAL, 0, "%s", "");
        ov_text_on_choose(a, fix_choice_cb, c, free);
    } else {
        if (fix_wanted(f)) {
            ov_text_add(a, DLRIG_ROLE_DIM, 0, "%s", "No fix: no change of parts or requirements resolves it without "
                                                    "a new error.");
            ov_text_add(a, DLRIG_ROLE_NORMAL, 0, "%s", "");
        }
        free(c);
    }
    const dlrig_rule_info *ri = rules_info(f->id);
    const char *why = f->why ? f->why : ri ? ri->why : NULL;
    if (why) {
        ov_text_add(a, DLRIG_ROLE_HEADER, 0, "%s", "Why it matters");
        ov_text_add(a, DLRIG_ROLE_NORMAL, 2, "%s", why);
        ov_text_add(a, DLRIG_ROLE_NORMAL, 0, "%s", "");
    }
    if (f->n_parts > 0) {
        ov_text_add(a, DLRIG_ROLE_HEADER, 0, "%s", "Parts involved");
        for (int i = 0; i < f->n_parts && i < DLRIG_FINDING_PARTS; i++) {
            const dlrig_part *p = catalog_find(a->cat, f->parts[i]);
            ov_text_add(a, DLRIG_ROLE_NORMAL, 2, "%s%s%s%s", p ? p->name : f->parts[i], p ? " (" : "",
                        p ? f->parts[i] : "", p ? ")" : "");
        }
        ov_text_add(a, DLRIG_ROLE_NORMAL, 0, "%s", "");
    }
    const char *source = f->source ? f->source : ri ? ri->source : NULL;
    if (source) {
        ov_text_add(a, DLRIG_ROLE_HEADER, 0, "%s", "Source");
        const dlrig_source *src = catalog_source(a->cat, source);
        ov_text_add(a, DLRIG_ROLE_NORMAL, 2, "%s", source);
        if (src && src->title) ov_text_add(a, DLRIG_ROLE_DIM, 2, "%s", src->title);
        if (src && src->url) ov_text_add(a, DLRIG_ROLE_DIM, 2, "%s", src->url);
    }
    if (ri && ri->summary) {
        ov_text_add(a, DLRIG_ROLE_NORMAL, 0, "%s", "");
        ov_text_add(a, DLRIG_ROLE_DIM, 0, "Rule: %s", ri->summary);
    }
}

/* ---- files: save, open, export ---- */

#define SLUG_MAX 60 /* bytes of a file name taken from a build name */

/* A file name for a build name: ASCII letters (lower-cased), digits, '.'
 * and '_' are kept, and so are the letters and digits of other scripts
 * (北京实验室, Zürich) in a UTF-8 locale; anything else becomes one '-'.  The
 * name never starts with '.' (no hidden files, no "." or ".."), and when
 * characters were lost (emoji, symbols, another locale) or the name was cut
 * to SLUG_MAX bytes, a short hash of the whole name is added, so that
 * different names do not share a file.  *cut (may be NULL) tells whether the
 * name was cut.  The caller frees the result. */
static char *slug(const char *name, bool *cut)
{
    strbuf sb = {0};
    bool dash = false, lost = false, trunc = false;
    mbstate_t st;
    memset(&st, 0, sizeof st);
    size_t left = strlen(name);
    for (const char *p = name; *p;) {
        wchar_t wc = 0;
        size_t n = 1;
        bool keep = false;
        unsigned char c = (unsigned char)*p;
        char low = (char)c;
        if (c < 0x80) {
            if (c >= 'A' && c <= 'Z') low = (char)(c - 'A' + 'a');
            keep = (low >= 'a' && low <= 'z') || (low >= '0' && low <= '9') || low == '_' || (low == '.' && sb.len);
        } else {
            n = mbrtowc(&wc, p, left, &st);
            if (n == (size_t)-1 || n == (size_t)-2 || n == 0) {
                memset(&st, 0, sizeof st);
                n = 1;
                lost = true;
            } else if (iswalnum((wint_t)wc)) {
                keep = true;
            } else {
                lost = true;
            }
        }
        if (keep) {
            size_t need = (dash && sb.len ? 1 : 0) + n;
            if (sb.len + need > SLUG_MAX) {
                trunc = true;
                break;
            }
            if (dash && sb.len) sb_append(&sb, "-");
            dash = false;
            if (c < 0x80) sb_appendn(&sb, &low, 1);
            else sb_appendn(&sb, p, n);
        } else {
            dash = true;
        }
        p += n;
        left -= n;
    }
    if (!sb.len || lost || trunc) {
        uint32_t h = 2166136261u; /* FNV-1a of the whole name */
        for (const char *p = name; *p; p++) h = (h ^ (unsigned char)*p) * 16777619u;
        sb_printf(&sb, "%s%08x", sb.len ? "-" : "build-", (unsigned)h);
    }
    if (cut) *cut = trunc;
    return sb_take(&sb);
}

static char *builds_dir(bool create)
{
    char *d = xdg_data_dir(create);
    if (!d) return NULL;
    char *bd = xasprintf("%s/builds", d);
    free(d);
    if (create && mkdir(bd, 0700) != 0 && errno != EEXIST) {
        free(bd);
        return NULL;
    }
    return bd;
}

static void do_save(app *a, const char *path, bool overwrite)
{
    struct builder_state *s = B(a);
    char err[512];
    if (build_save(&s->b, path, overwrite, err, sizeof err) != DLRIG_BUILD_OK) {
        app_message(a, DLRIG_ROLE_ERROR, "Not saved: %s", err);
        return;
    }
    if (!s->path || strcmp(s->path, path) != 0) {
        free(s->path);
        s->path = xstrdup(path);
    }
    s->stamp = stamp_of(path);
    s->saved_gen = s->gen;
    app_message(a, DLRIG_ROLE_OK, "Saved to %s", path);
}

static void replace_cb(app *a, int idx, void *ctx)
{
    if (idx == 0) {
        do_save(a, (const char *)ctx, true);
        if (B(a)->quit_after_save && !builder_dirty(a)) a->quit = true;
    }
    B(a)->quit_after_save = false;
}

static void save_to(app *a, const char *path)
{
    struct builder_state *s = B(a);
    bool own = s->path && strcmp(s->path, path) == 0;
    char title[200];
    title[0] = '\0';
    if (own && s->stamp.known) {
        /* the build's own file: ask when something else wrote it since it
         * was opened or saved here */
        file_stamp now = stamp_of(path);
        if (now.known && !stamp_same(&now, &s->stamp))
            snprintf(title, sizeof title, "%s changed on disk since it was opened or saved here", path);
    } else if (access(path, F_OK) == 0) {
        snprintf(title, sizeof title, "%s exists", path);
    }
    if (title[0]) {
        ov_item items[] = {{"Replace it", NULL, DLRIG_ROLE_WARNING}, {"Cancel", NULL, DLRIG_ROLE_NORMAL}};
        ov_menu(a, title, items, 2, 1, replace_cb, xstrdup(path), free);
        return;
    }
    do_save(a, path, true);
    if (B(a)->quit_after_save && !builder_dirty(a)) a->quit = true;
    B(a)->quit_after_save = false;
}

static void save_name_cb(app *a, const char *text, void *ctx)
{
    (void)ctx;
    struct builder_state *s = B(a);
    if (!text) {
        B(a)->quit_after_save = false;
        return;
    }
    while (*text == ' ') text++;
    if (!*text) {
        app_message(a, DLRIG_ROLE_ERROR, "Not saved: the name is empty");
        B(a)->quit_after_save = false;
        return;
    }
    if (!s->b.name || strcmp(s->b.name, text) != 0) build_set_user_name(&s->b, text); /* the same: still dlrig's */
    char *dir = builds_dir(true);
    if (!dir) {
        app_message(a, DLRIG_ROLE_ERROR, "Not saved: cannot create the data directory: %s", strerror(errno));
        B(a)->quit_after_save = false;
        return;
    }
    bool cut = false;
    char *sl = slug(text, &cut);
    char *path = xasprintf("%s/%s.json", dir, sl);
    save_to(a, path);
    if (cut && a->status_role == DLRIG_ROLE_OK)
        app_message(a, DLRIG_ROLE_OK, "The name is cut to %d bytes for the file name. Saved to %s", SLUG_MAX, path);
    free(path);
    free(sl);
    free(dir);
}

static void save_as(app *a)
{
    char *dir = builds_dir(false);
    char note[300];
    snprintf(note, sizeof note, "Saved as NAME.json in %s", dir ? dir : "$XDG_DATA_HOME/dlrig/builds");
    free(dir);
    ov_prompt(a, "Save build as", note, B(a)->b.name, save_name_cb, NULL, NULL);
}

static void save(app *a)
{
    struct builder_state *s = B(a);
    if (s->path) save_to(a, s->path);
    else save_as(a);
}

static void builder_save_then_quit(app *a)
{
    B(a)->quit_after_save = true;
    save(a);
}

typedef struct file_list {
    char **paths;
    size_t n;
} file_list;

static void file_list_free(void *p)
{
    file_list *fl = p;
    for (size_t i = 0; i < fl->n; i++) free(fl->paths[i]);
    free(fl->paths);
    free(fl);
}

static void open_cb(app *a, int idx, void *ctx)
{
    file_list *fl = ctx;
    if (idx < 0 || (size_t)idx >= fl->n) return;
    struct builder_state *s = B(a);
    dlrig_build nb;
    char err[1024];
    if (build_load_found(a->cat, fl->paths[idx], &nb, err, sizeof err) != DLRIG_BUILD_OK) {
        build_free(&nb);
        app_message(a, DLRIG_ROLE_ERROR, "%s", err);
        return;
    }
    push_undo(a);
    build_free(&s->b);
    s->b = nb;
    free(s->path);
    s->path = xstrdup(fl->paths[idx]);
    s->stamp = stamp_of(s->path);
    changed(a);
    s->saved_gen = s->gen;
    app_message(a, DLRIG_ROLE_OK, "Opened %s", fl->paths[idx]);
}

static void open_list(app *a)
{
    char *dir = builds_dir(false);
    dated_file *v;
    long found = list_json_files(dir, &v);
    if (found < 0) {
        app_message(a, DLRIG_ROLE_INFO, "No saved builds yet (they go to %s)",
                    dir ? dir : "$XDG_DATA_HOME/dlrig/builds");
        free(dir);
        return;
    }
    size_t n = (size_t)found;
    if (n == 0) {
        app_message(a, DLRIG_ROLE_INFO, "No saved builds in %s", dir);
        free(dir);
        free(v);
        return;
    }
    ov_item *items = xcalloc(n, sizeof *items);
    file_list *fl = xcalloc(1, sizeof *fl);
    fl->paths = xcalloc(n, sizeof *fl->paths);
    fl->n = n;
    char (*dates)[32] = xcalloc(n, sizeof *dates);
    for (size_t i = 0; i < n; i++) {
        const char *base = strrchr(v[i].path, '/');
        items[i].label = (char *)(base ? base + 1 : v[i].path);
        struct tm tm;
        time_t mt = (time_t)v[i].mtime;
        localtime_r(&mt, &tm);
        strftime(dates[i], sizeof dates[i], "%Y-%m-%d %H:%M", &tm);
        items[i].detail = dates[i];
        items[i].role = DLRIG_ROLE_NORMAL;
        fl->paths[i] = v[i].path; /* the file list takes the paths */
    }
    char title[64];
    snprintf(title, sizeof title, "Open a saved build (%zu)", n);
    ov_menu(a, title, items, n, 0, open_cb, fl, file_list_free);
    free(dates);
    free(items);
    free(v);
    free(dir);
}

static void open_confirm_cb(app *a, int idx, void *ctx)
{
    (void)ctx;
    if (idx == 0) open_list(a);
}

/* Opening another build replaces this one: ask first when it has unsaved
 * changes, as N and the presets do (u still brings it back). */
static void open_dialog(app *a)
{
    if (builder_dirty(a)) {
        static const ov_item items[] = {{"Discard changes and open another build", "u brings them back",
                                         DLRIG_ROLE_WARNING},
                                        {"Cancel", NULL, DLRIG_ROLE_NORMAL}};
        ov_menu(a, "Unsaved changes", items, 2, 1, open_confirm_cb, NULL, NULL);
        return;
    }
    open_list(a);
}

typedef struct export_ctx {
    dlrig_export_format format;
    char *path;
    tui_quote q; /* HTML quotes: customer, project, discount, tax, validity, notes */
} export_ctx;

static void export_ctx_free(void *p)
{
    export_ctx *e = p;
    free(e->path);
    tui_quote_free(&e->q);
    free(e);
}

static const char *const export_titles[DLRIG_EXPORT_COUNT] = {"Markdown", "CSV", "JSON", "plain text", "HTML quote"};

static export_ctx *export_ctx_copy(const export_ctx *e, const char *path)
{
    export_ctx *c = xcalloc(1, sizeof *c);
    c->format = e->format;
    c->path = xstrdup(path);
    c->q = e->q;
    c->q.customer = xstrdup(e->q.customer);
    c->q.project = xstrdup(e->q.project);
    c->q.notes = xstrdup(e->q.notes);
    return c;
}

static void replace_export_cb(app *a, int idx, void *ctx);

/* Whether path names the open build's own file (the same file, by any
 * name). */
static bool is_build_file(const struct builder_state *s, const char *path)
{
    if (!s->path) return false;
    struct stat x, y;
    if (stat(path, &x) != 0 || stat(s->path, &y) != 0) return strcmp(path, s->path) == 0;
    return x.st_dev == y.st_dev && x.st_ino == y.st_ino;
}

/* Writes the export; an existing file is replaced only after asking. */
static void export_write(app *a, const export_ctx *e, const char *path, bool overwrite)
{
    struct builder_state *s = B(a);
    if (is_build_file(s, path)) {
        app_message(a, DLRIG_ROLE_ERROR, "Not exported: %s is the open build's file; choose another path", path);
        return;
    }
    /* the seller block, as `dlrig export` reads it */
    dlrig_seller seller;
    int src = tui_quote_seller(a, &seller);
    if (src < 0) return;
    dlrig_analysis an = {0};
    export_analyze(a->cat, &s->b, &an);
    dlrig_export_opts o;
    tui_quote_opts(&e->q, &o);
    if (src == 0) o.seller = &seller;
    char qnum[64], note[600] = "";
    if (e->format == DLRIG_EXPORT_HTML) { /* a quote: its number, and whether it is official */
        tui_quote_number(a, &o, qnum, sizeof qnum);
        tui_quote_seller_note(src, note, sizeof note);
    }
    strbuf text = {0};
    export_build(a->cat, &s->b, &an, e->format, &o, &text);
    bool draft = export_problems(&an, NULL, 0) > 0;
    export_analysis_free(&an);
    export_seller_free(&seller);
    if (write_file_atomic(path, text.s ? text.s : "", text.len, overwrite) != 0) {
        if (errno == EEXIST) {
            char title[200];
            snprintf(title, sizeof title, "%s exists", path);
            ov_item items[] = {{"Replace it", NULL, DLRIG_ROLE_WARNING}, {"Cancel", NULL, DLRIG_ROLE_NORMAL}};
            ov_menu(a, title, items, 2, 1, replace_export_cb, export_ctx_copy(e, path), export_ctx_free);
        } else {
            app_message(a, DLRIG_ROLE_ERROR, "Export failed: %s: %s", path, strerror(errno));
        }
    } else {
        app_message(a, draft || note[0] ? DLRIG_ROLE_WARNING : DLRIG_ROLE_OK, "Exported %s to %s%s%s",
                    export_titles[e->format], path, draft ? " (marked DRAFT: the build has problems)" : "", note);
    }
    sb_free(&text);
}

static void replace_export_cb(app *a, int idx, void *ctx)
{
    export_ctx *e = ctx;
    if (idx == 0) export_write(a, e, e->path, true);
}

static void export_path_cb(app *a, const char *text, void *ctx)
{
    export_ctx *e = ctx;
    if (!text || !*text) return;
    export_write(a, e, text, false);
}

static void export_ask_path(app *a, export_ctx *e)
{
    struct builder_state *s = B(a);
    char *sl = slug(s->b.name ? s->b.name : "build", NULL);
    char *def = xasprintf("%s.%s", sl, export_format_ext(e->format));
    /* never propose the build's own file (a JSON export of lab.json opened
     * from here would be lab.json) */
    for (int i = 2; is_build_file(s, def) && i < 100; i++) {
        free(def);
        def = i == 2 ? xasprintf("%s-export.%s", sl, export_format_ext(e->format))
                     : xasprintf("%s-export-%d.%s", sl, i - 1, export_format_ext(e->format));
    }
    char cwd[512], note[700], title[64];
    snprintf(note, sizeof note, "A relative path is written in %s", getcwd(cwd, sizeof cwd) ? cwd : ".");
    snprintf(title, sizeof title, "Export %s to", export_titles[e->format]);
    ov_prompt(a, title, note, def, export_path_cb, e, export_ctx_free);
    free(def);
    free(sl);
}

/* The quote's details are in: on to the file name. */
static void export_quote_done(app *a, const tui_quote *q, void *ctx)
{
    export_ctx *e = ctx;
    tui_quote_set(&e->q, q);
    export_ask_path(a, e);
}

static void export_format_cb(app *a, int idx, void *ctx)
{
    (void)ctx;
    if (idx < 0 || idx >= DLRIG_EXPORT_COUNT) return;
    export_ctx *e = xcalloc(1, sizeof *e);
    e->format = (dlrig_export_format)idx;
    e->q.validity_days = 30;
    if (e->format == DLRIG_EXPORT_HTML) {
        /* a quote: DRAFT confirmation when the build has problems, then the details */
        dlrig_analysis an = {0};
        export_analyze(a->cat, &B(a)->b, &an);
        const dlrig_analysis *one[1] = {&an};
        tui_quote_ask(a, one, 1, export_quote_done, e, export_ctx_free);
        export_analysis_free(&an);
    } else export_ask_path(a, e);
}

static void export_dialog(app *a)
{
    static const ov_item items[DLRIG_EXPORT_COUNT] = {
        {"Markdown parts list", ".md, for a purchase request or a GitHub issue", DLRIG_ROLE_NORMAL},
        {"CSV spreadsheet", ".csv, parts, totals and findings", DLRIG_ROLE_NORMAL},
        {"JSON document", ".json, build, totals, estimate, findings", DLRIG_ROLE_NORMAL},
        {"Plain text", ".txt, an aligned parts list", DLRIG_ROLE_NORMAL},
        {"HTML quote", ".html, one printable file for a customer", DLRIG_ROLE_NORMAL},
    };
    ov_menu(a, "Export", items, DLRIG_EXPORT_COUNT, 0, export_format_cb, NULL, NULL);
}

/* ---- alternatives, rename, new ---- */

static void load_build(app *a, const dlrig_build *b);

static void alt_cb(app *a, int idx, void *ctx)
{
    (void)ctx;
    struct builder_state *s = B(a);
    const dlrig_recommendation *cur;
    if (idx < 0 || (size_t)idx >= current_alts(a, &cur)) return;
    load_build(a, &s->alts[idx].build);
    app_message(a, DLRIG_ROLE_OK, "Alternative %d loaded (u undoes)", idx + 1);
}

/* Puts build b in place of the builder's (one undo step); the build's own
 * name and notes stay (changed() renames it when dlrig named it). */
static void load_build(app *a, const dlrig_build *b)
{
    struct builder_state *s = B(a);
    push_undo(a);
    char *name = xstrdup(s->b.name);
    dlrig_name_from from = s->b.name_from;
    cJSON *notes = s->b.notes;
    s->b.notes = NULL;
    build_free(&s->b);
    build_copy(&s->b, b);
    free(s->b.name);
    s->b.name = name;
    s->b.name_from = from;
    cJSON_Delete(s->b.notes);
    s->b.notes = notes;
    changed(a);
}

static void builder_use_build(app *a, const dlrig_build *b, const char *label)
{
    if (!B(a)) return;
    load_build(a, b);
    app_message(a, DLRIG_ROLE_OK, "%s loaded from the comparison (u undoes)", label ? label : "Build");
}

/* ---- upgrade plans of a machine one owns ---- */

static void upgrade_ctx_free(void *p)
{
    upgrade_free(p);
    free(p);
}

static void upgrade_cb(app *a, int idx, void *ctx)
{
    const dlrig_upgrade *u = ctx;
    if (!B(a) || idx < 0 || (size_t)idx >= u->n_plans) return;
    char price[32];
    load_build(a, &u->plans[idx].build);
    app_message(a, DLRIG_ROLE_OK, "Upgrade plan %d loaded: %s to buy (u undoes)", idx + 1,
                format_usd(u->plans[idx].cost_usd, price, sizeof price));
}

/* The least-cost changes that make the owned machine run its requirements
 * (upgrade.h), cheapest first, each one Enter from the builder. */
static void upgrade_dialog(app *a)
{
    struct builder_state *s = B(a);
    dlrig_upgrade *u = xcalloc(1, sizeof *u);
    char err[512], line[700];
    if (upgrade_plan(a->cat, &s->b, 8, u, err, sizeof err) != 0) {
        free(u);
        app_message(a, DLRIG_ROLE_ERROR, "No upgrade plan: %s", err);
        return;
    }
    char title[160];
    snprintf(title, sizeof title, "Upgrade plans for %.100s (cheapest first)", s->b.name ? s->b.name : "this machine");
    ov_text_begin(a, title);
    upgrade_now_text(u, line, sizeof line);
    ov_text_add(a, u->now_runs ? DLRIG_ROLE_OK : DLRIG_ROLE_WARNING, 0, "%c%s.", toupper((unsigned char)line[0]),
                line + 1);
    if (report_find(&u->now, "compat.missing_part"))
        ov_text_add(a, DLRIG_ROLE_DIM, 0, "%s",
                    "The plans buy the parts the build lacks (a scan cannot read a power supply, case or CPU "
                    "cooler): add yours as owned to keep them.");
    ov_text_add(a, DLRIG_ROLE_NORMAL, 0, "%s", "");
    if (!u->n_plans) {
        ov_text_add(a, DLRIG_ROLE_ERROR, 0, "No change of GPUs on this platform runs them%s: %s.",
                    s->b.req.budget_usd > 0 ? " within the budget" : "", u->platform_note);
        ov_text_add(a, DLRIG_ROLE_NORMAL, 0, "%s",
                    "The platform must go: N starts a new build from the wizard.");
        upgrade_ctx_free(u);
        return;
    }
    for (size_t i = 0; i < u->n_plans; i++) {
        const dlrig_upgrade_plan *p = &u->plans[i];
        char value[128];
        ov_text_choice(a, i ? DLRIG_ROLE_NORMAL : DLRIG_ROLE_OK, 0, "%zu. %s%s", i + 1,
                       upgrade_plan_headline(u, p, line, sizeof line), p->warnings ? " (warnings)" : "");
        ov_text_add(a, DLRIG_ROLE_NORMAL, 3, "%s", p->changes);
        if (upgrade_plan_value(p, value, sizeof value)[0]) ov_text_add(a, DLRIG_ROLE_DIM, 3, "%s", value);
    }
    ov_text_add(a, DLRIG_ROLE_NORMAL, 0, "%s", "");
    ov_text_add(a, DLRIG_ROLE_DIM, 0, "%s",
                "Each plan keeps the owned parts that still serve and is the fewest cards of one GPU model that "
                "hold the job, with the parts it then needs; plans over the budget are left out. Enter or its "
                "number loads one (u undoes); Esc closes.");
    ov_text_on_choose(a, upgrade_cb, u, upgrade_ctx_free);
}

static void alts_dialog(app *a)
{
    struct builder_state *s = B(a);
    if (build_owned_lines(&s->b) > 0) { /* a machine one has: its alternatives are its upgrades */
        upgrade_dialog(a);
        return;
    }
    const dlrig_recommendation *cur;
    if (current_alts(a, &cur) == 0) {
        app_message(a, DLRIG_ROLE_INFO, "%s", s->n_alts ? "The advisor's alternatives were for other requirements "
                                                          "(C compares options for these)"
                                                        : "No advisor alternatives for this build (they come from "
                                                          "the wizard)");
        return;
    }
    ov_item items[8];
    char labels[8][200], details[8][160];
    size_t n = s->n_alts < 8 ? s->n_alts : 8;
    for (size_t i = 0; i < n; i++) {
        const dlrig_recommendation *r = &s->alts[i];
        int qty = 0;
        const dlrig_part *g = build_first(&r->build, DLRIG_CAT_GPU, &qty);
        char m[32];
        snprintf(labels[i], sizeof labels[i], "%zu. %d%s %s", i + 1, build_count(&r->build, DLRIG_CAT_GPU),
                 a->g->times, g ? g->name : "no GPU");
        char n1[32];
        snprintf(details[i], sizeof details[i], "%s  %s %s", format_usd(r->price_usd, m, sizeof m),
                 format_speed(r->estimate.throughput, NULL, n1, sizeof n1), r->estimate.unit ? r->estimate.unit : "");
        items[i] = (ov_item){labels[i], details[i], DLRIG_ROLE_NORMAL};
    }
    ov_menu(a, "Advisor's builds (best first)", items, n, 0, alt_cb, NULL, NULL);
}

static void rename_cb(app *a, const char *text, void *ctx)
{
    (void)ctx;
    if (!text || !*text) return;
    struct builder_state *s = B(a);
    if (s->b.name && !strcmp(s->b.name, text)) return; /* unchanged: a name dlrig gave stays its own */
    build_set_user_name(&s->b, text);
    s->gen++;
}

static void new_cb(app *a, int idx, void *ctx)
{
    (void)ctx;
    if (idx != 0) return;
    dlrig_requirements r = B(a)->b.req;
    app_replace(a, TUI_WIZARD, &(wizard_args){&r});
}

/* ---- keys ---- */

static void builder_set_requirements(app *a, const dlrig_requirements *r, const char *what);
static const dlrig_requirements *builder_requirements(const app *a);
static void builder_undo(app *a);
static void builder_readvise(app *a);

/* The requirements form works on the builder's build. */
static void builder_form_opened(app *a);

static const reqform_host reqform_builder = {
    .opened = builder_form_opened,
    .requirements = builder_requirements,
    .set = builder_set_requirements,
    .undo = builder_undo,
    .readvise = builder_readvise,
};

/* A navigation action (UI_NAV_*) on the focused pane's list; false for
 * another action.  Up and Down go round the categories. */
static bool nav(app *a, int action)
{
    struct builder_state *s = B(a);
    bool cats = s->focus == PANE_CATS;
    ui_list *l = cats ? &s->cats : s->focus == PANE_LIST ? &s->parts : &s->finds;
    if (!ui_list_nav(l, action, cats)) return false;
    if (cats) set_category(a, l->sel);
    return true;
}

/* While the filter is typed (the key table does not apply): the list
 * widget's filter keys; the catalog narrows the parts. */
static int filter_key(app *a, int key)
{
    struct builder_state *s = B(a);
    if (ui_list_filter_key(&s->parts, key) != UI_FILTER_CHANGED) return UI_HANDLED;
    s->parts.sel = 0;
    s->parts.top = 0;
    refresh_candidates(a);
    return UI_HANDLED;
}

static int builder_key(app *a, int action, int key)
{
    struct builder_state *s = B(a);
    if (s->parts.filtering) return filter_key(a, key);
    if (nav(a, action)) return UI_HANDLED;
    switch (action) {
    case B_LEFT:
        if (s->focus > 0) s->focus--;
        break;
    case B_RIGHT:
        if (s->focus + 1 < PANE_COUNT) s->focus++;
        break;
    case B_TAB: s->focus = (s->focus + 1) % PANE_COUNT; break;
    case B_BTAB: s->focus = (s->focus + PANE_COUNT - 1) % PANE_COUNT; break;
    case B_ENTER:
        if (s->focus == PANE_CATS) s->focus = PANE_LIST;
        else if (s->focus == PANE_LIST) choose_candidate(a);
        else if (s->rep.n_findings) show_finding(a, &s->rep.findings[s->finds.sel]);
        break;
    case B_ESC:
        if (ui_list_filter_clear(&s->parts)) {
            refresh_candidates(a);
        } else if (s->show_slots) {
            s->show_slots = false;
        } else if (s->focus != PANE_CATS) {
            s->focus = PANE_CATS;
        }
        break;
    case B_FILTER:
        s->focus = PANE_LIST;
        s->show_slots = false;
        ui_list_filter_start(&s->parts);
        break;
    case B_SORT:
        s->sort_col = s->sort_col + 1 < s->n_cols ? s->sort_col + 1 : -1;
        while (s->sort_col >= 0 && !s->cols[s->sort_col].shown) s->sort_col = s->sort_col + 1 < s->n_cols ? s->sort_col + 1 : -1;
        s->sort_desc = s->sort_col >= 0 && is_speed(&s->cols[s->sort_col]); /* fastest first */
        refresh_candidates(a);
        app_message(a, DLRIG_ROLE_INFO, "Sorted by %s",
                    s->sort_col >= 0 ? (is_speed(&s->cols[s->sort_col]) ? "the build's estimated speed with each part"
                                                                         : field_label(s->cols[s->sort_col].name))
                                     : "catalog order");
        break;
    case B_RSORT:
        s->sort_desc = !s->sort_desc;
        refresh_candidates(a);
        break;
    case B_COMPAT:
        s->compat_only = !s->compat_only;
        refresh_candidates(a);
        app_message(a, DLRIG_ROLE_INFO, "%s", s->compat_only ? "Showing only parts that add no error"
                                                             : "Showing every part (incompatible ones marked)");
        break;
    case B_PLUS: change_qty(a, 1); break;
    case B_MINUS: change_qty(a, -1); break;
    case B_REMOVE: remove_part(a); break;
    case B_INFO:
        if (s->focus == PANE_LIST && s->n_cand) show_part(a, s->cand[s->parts.sel]);
        else if (s->focus == PANE_FINDINGS && s->rep.n_findings) show_finding(a, &s->rep.findings[s->finds.sel]);
        else show_part(a, build_first(&s->b, (dlrig_category)s->cat, NULL));
        break;
    case B_FIX: fix_selected(a); break;
    case B_FIX_ALL: fix_all(a); break;
    case B_UNDO: undo_redo(a, false); break;
    case B_REDO: undo_redo(a, true); break;
    case B_SAVE: save(a); break;
    case B_SAVEAS: save_as(a); break;
    case B_OPEN: open_dialog(a); break;
    case B_EXPORT: export_dialog(a); break;
    case B_ALTS: alts_dialog(a); break;
    case B_COMPARE: app_open(a, TUI_COMPARE, &(compare_args){.current = &s->b}); break;
    case B_SLOTS: s->show_slots = !s->show_slots; break;
    case B_REQS: reqform_open(a, &reqform_builder); break;
    case B_OWNED: toggle_owned(a); break;
    case B_PIN:
        s->pinned[s->cat] = !s->pinned[s->cat];
        app_message(a, DLRIG_ROLE_INFO, "%s %s", cat_label((dlrig_category)s->cat),
                    s->pinned[s->cat] ? "pinned: the advisor keeps it when it re-runs (r, then a)" : "unpinned");
        break;
    case B_RENAME: ov_prompt(a, "Rename the build", NULL, s->b.name, rename_cb, NULL, NULL); break;
    case B_NEW:
        if (builder_dirty(a)) {
            static const ov_item items[] = {{"Discard changes and start over", NULL, DLRIG_ROLE_WARNING},
                                            {"Cancel", NULL, DLRIG_ROLE_NORMAL}};
            ov_menu(a, "Unsaved changes", items, 2, 1, new_cb, NULL, NULL);
        } else {
            new_cb(a, 0, NULL);
        }
        break;
    case B_PRESETS: tui_preset_menu(a); break;
    case B_CATEGORY:
        if (key - '1' < DLRIG_CAT_COUNT) set_category(a, key - '1');
        break;
    default:
        if (action >= B_PRESET && action <= B_PRESET_LAST) {
            tui_preset_load(a, (size_t)(action - B_PRESET)); /* may replace this builder */
            break;
        }
        return UI_UNHANDLED;
    }
    return UI_HANDLED;
}

static bool in_rect(const rect *r, int y, int x) { return y >= r->y && y < r->y + r->h && x >= r->x && x < r->x + r->w; }

static int builder_mouse(app *a, const MEVENT *ev)
{
    struct builder_state *s = B(a);
    bool click = ev->bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED | BUTTON1_DOUBLE_CLICKED);
    if (in_rect(&s->r_cats, ev->y, ev->x)) {
        /* the wheel goes round the categories as Up and Down do; a click on
         * the selected one opens its parts, as Enter does */
        int r = ui_list_mouse(&s->cats, ev, 1, true);
        if (r != UI_LIST_MOVED && r != UI_LIST_CHOSEN) return UI_HANDLED;
        if (click) s->focus = r == UI_LIST_CHOSEN ? PANE_LIST : PANE_CATS;
        set_category(a, s->cats.sel);
    } else if (in_rect(&s->r_list, ev->y, ev->x) && !s->show_slots) {
        s->focus = PANE_LIST;
        if (ui_list_mouse(&s->parts, ev, 3, false) == UI_LIST_CHOSEN) choose_candidate(a);
    } else if (in_rect(&s->r_find, ev->y, ev->x)) {
        if (s->finds_whole && click) { /* every finding shown wrapped: the one under the click */
            int y = s->r_find.y + 1, text_w = s->r_find.w - 6;
            for (size_t i = 0; i < s->rep.n_findings && y <= ev->y; i++) {
                int n = ui_wrapped_lines(a, s->rep.findings[i].message, text_w);
                if (ev->y < y + (n > 0 ? n : 1)) ui_list_select(&s->finds, (int)i);
                y += n > 0 ? n : 1;
            }
            s->focus = PANE_FINDINGS;
            return UI_HANDLED;
        }
        s->focus = PANE_FINDINGS;
        if (ui_list_mouse(&s->finds, ev, 3, false) == UI_LIST_CHOSEN) show_finding(a, &s->rep.findings[s->finds.sel]);
    }
    return UI_HANDLED;
}

static bool builder_text(const app *a) { return B(a) && B(a)->parts.filtering; }

/* The keys while the filter is typed (filter_key), for F1. */
enum { BT_DONE = 1, BT_CLEAR, BT_MOVE, BT_EDIT, BT_ERASE, BT_KEYS };
static const keybind filter_typing_keys[] = {
    {'\r', BT_DONE, "Enter", "stop typing; the parts stay filtered (Esc in the list clears the filter)", "done"},
    {KEY_ENTER, BT_DONE, "Enter", NULL, NULL},
    {'\t', BT_DONE, "Tab", NULL, NULL},
    {27, BT_CLEAR, "Esc", "clear the filter and stop typing", "clear"},
    UI_FILTER_MOVE_ROWS(BT_MOVE, "move in the parts shown"),
    UI_EDIT_KEY_ROWS(BT_EDIT, BT_ERASE, BT_KEYS),
    {0, 0, NULL, NULL, NULL},
};

static const keybind *builder_text_keys(const app *a) { return builder_text(a) ? filter_typing_keys : NULL; }

/* ---- drawing ---- */

static void draw_title(app *a)
{
    struct builder_state *s = B(a);
    ui_fill(a, 0, 0, a->w, DLRIG_ROLE_HEADER);
    char right[256], m1[32], m2[32], n1[32], n2[32];
    const dlrig_totals *t = &s->rep.totals;
    size_t k = 0;
    ui_appendf(right, sizeof right, &k, "%s", format_usd(t->price_usd, m1, sizeof m1));
    if (!isnan(s->b.req.budget_usd) && a->w >= 100)
        ui_appendf(right, sizeof right, &k, " of %s", format_usd(s->b.req.budget_usd, m2, sizeof m2));
    ui_appendf(right, sizeof right, &k, " %s %s W", a->g->v, format_number(t->power_w, 0, n1, sizeof n1));
    if (a->w >= 90)
        ui_appendf(right, sizeof right, &k, " %s %d GPU %s GB", a->g->v, t->gpu_count,
                   format_number(t->vram_gb, 0, n2, sizeof n2));
    ui_appendf(right, sizeof right, &k, " %s %s%zu %s%zu %s%zu ", a->g->v, a->g->err, s->rep.counts[2], a->g->warn,
               s->rep.counts[1], a->g->info, s->rep.counts[0]);
    int rw = ui_width(a, right);
    ui_put_right(a, 0, 0, a->w, DLRIG_ROLE_HEADER, right);
    /* the unsaved mark stays in view however long the name (the name is cut, not the mark) */
    int room = a->w - rw - 3, mark = builder_dirty(a) ? 2 : 0;
    int used = ui_putf(a, 0, 1, room - mark, DLRIG_ROLE_HEADER, "dlrig %s %s", a->g->sep,
                       s->b.name ? s->b.name : "Untitled");
    if (mark) ui_put(a, 0, 1 + used, mark, DLRIG_ROLE_HEADER, " *");
}

static void draw_cats(app *a, rect r)
{
    struct builder_state *s = B(a);
    s->r_cats = r;
    ui_box(a, r.y, r.x, r.h, r.w, "Parts", s->focus == PANE_CATS);
    int iw = r.w - 2;
    ui_list_place(&s->cats, r.y + 1, r.x, r.h - 2, r.w, 1);
    for (int c = s->cats.top; c < DLRIG_CAT_COUNT && c < s->cats.top + r.h - 2; c++) {
        int y = r.y + 1 + c - s->cats.top;
        bool sel = c == s->cat;
        int role = sel ? (s->focus == PANE_CATS ? DLRIG_ROLE_SELECTION : DLRIG_ROLE_FOCUS) : DLRIG_ROLE_NORMAL;
        if (sel && s->focus == PANE_CATS) ui_fill(a, y, r.x + 1, iw, DLRIG_ROLE_SELECTION);
        int qty = 0;
        const dlrig_part *p = build_first(&s->b, (dlrig_category)c, &qty);
        int n = build_count(&s->b, (dlrig_category)c);
        ui_putf(a, y, r.x + 1, 9, role, "%s%-7s%s", sel ? a->g->cursor : " ", cat_label((dlrig_category)c),
                s->pinned[c] ? "*" : " ");
        char buf[160];
        if (p && n > 1) snprintf(buf, sizeof buf, "%d%s %s", n, a->g->times, p->name);
        else if (p) snprintf(buf, sizeof buf, "%s", p->name);
        else snprintf(buf, sizeof buf, "-");
        ui_put(a, y, r.x + 10, iw - 9, p ? role : (sel && s->focus == PANE_CATS ? role : DLRIG_ROLE_DIM), buf);
    }
}

/* Decides which columns fit in w columns; returns the name column's width. */
static int fit_columns(struct builder_state *s, int w, int *gap)
{
    *gap = w >= 100 ? 2 : 1;
    int name_min = w >= 90 ? 34 : 26, used = 2; /* marker */
    int name_idx = -1, price_idx = -1;
    for (int c = 0; c < s->n_cols; c++) {
        s->cols[c].shown = false;
        if (strcmp(s->cols[c].name, "name") == 0) name_idx = c;
        if (strcmp(s->cols[c].name, "price_usd") == 0) price_idx = c;
    }
    for (int c = 0; c < s->n_cols; c++) /* the speed, like the price, before the other figures */
        if (is_speed(&s->cols[c])) {
            s->cols[c].shown = true;
            used += s->cols[c].width + *gap;
        }
    if (name_idx >= 0 && s->cols[name_idx].width < name_min) name_min = s->cols[name_idx].width;
    if (name_idx >= 0) s->cols[name_idx].shown = true;
    if (price_idx >= 0) {
        s->cols[price_idx].shown = true;
        used += s->cols[price_idx].width + *gap;
    }
    for (int c = 0; c < s->n_cols; c++) {
        if (s->cols[c].shown) continue;
        if (used + s->cols[c].width + *gap + name_min > w) continue;
        s->cols[c].shown = true;
        used += s->cols[c].width + *gap;
    }
    int name_w = w - used - 1;
    if (name_idx >= 0 && name_w > s->cols[name_idx].width) name_w = s->cols[name_idx].width;
    return name_w;
}

static void draw_list(app *a, rect r)
{
    struct builder_state *s = B(a);
    s->r_list = r;
    char title[200];
    size_t n = 0;
    ui_appendf(title, sizeof title, &n, "%s %s %zu", cat_label((dlrig_category)s->cat), a->g->sep, s->n_cand);
    ui_list_filter_title(a, &s->parts, title, sizeof title, &n);
    if (s->compat_only) ui_appendf(title, sizeof title, &n, " %s compatible only", a->g->sep);
    ui_box(a, r.y, r.x, r.h, r.w, title, s->focus == PANE_LIST);
    int iw = r.w - 2, x0 = r.x + 1;
    int gap;
    int name_w = fit_columns(s, iw - 1, &gap);
    /* header */
    int y = r.y + 1;
    ui_fill(a, y, x0, iw, DLRIG_ROLE_HEADER);
    int x = x0 + 2;
    for (int c = 0; c < s->n_cols; c++) {
        column *col = &s->cols[c];
        if (!col->shown) continue;
        int cw = strcmp(col->name, "name") == 0 ? name_w : col->width;
        char lab[64];
        snprintf(lab, sizeof lab, "%s%s", col_label(col),
                 c == s->sort_col ? (s->sort_desc ? a->g->down : a->g->up) : "");
        if (col->right) ui_put_right(a, y, x, cw, DLRIG_ROLE_HEADER, lab);
        else ui_put(a, y, x, cw, DLRIG_ROLE_HEADER, lab);
        x += cw + gap;
    }
    int rows = r.h - 3;
    ui_list_place(&s->parts, r.y + 2, r.x, rows, r.w, 1);
    const dlrig_part *chosen = build_first(&s->b, (dlrig_category)s->cat, NULL);
    char buf[160];
    for (int i = 0; i < rows && s->parts.top + i < (int)s->n_cand; i++) {
        int idx = s->parts.top + i;
        const dlrig_part *p = s->cand[idx];
        bool sel = idx == s->parts.sel;
        bool bad = s->reason[idx] != NULL;
        y = r.y + 2 + i;
        int role = sel ? DLRIG_ROLE_SELECTION : bad ? DLRIG_ROLE_DIM : p == chosen ? DLRIG_ROLE_ACCENT
                                                                                   : DLRIG_ROLE_NORMAL;
        if (sel) ui_fill(a, y, x0, iw, DLRIG_ROLE_SELECTION);
        if (p == chosen) ui_put(a, y, x0, 1, sel ? role : DLRIG_ROLE_OK, a->g->chosen);
        else if (bad) ui_put(a, y, x0, 1, sel ? role : DLRIG_ROLE_ERROR, a->g->bad);
        x = x0 + 2;
        for (int c = 0; c < s->n_cols; c++) {
            column *col = &s->cols[c];
            if (!col->shown) continue;
            bool is_name = strcmp(col->name, "name") == 0;
            int cw = is_name ? name_w : col->width;
            cell_text(s, col, (size_t)idx, buf, sizeof buf);
            int crole = role;
            bool price = is_price(col), mark = price && part_price_mark(s, p);
            if (!sel && !bad && price) crole = mark ? DLRIG_ROLE_INFO : DLRIG_ROLE_PRICE;
            if (mark) /* a price from the user's price lists or a second-hand offer */
                snprintf(buf + strlen(buf), sizeof buf - strlen(buf), "%s", a->utf8 ? "\u2020" : "*");
            if (col->right) ui_put_right(a, y, x, cw, crole, buf);
            else ui_put(a, y, x, cw, crole, buf);
            x += cw + gap;
        }
    }
    if (s->n_cand == 0) {
        ui_put(a, r.y + 3, x0 + 2, iw - 4, DLRIG_ROLE_DIM,
               s->parts.filter[0] ? "No part matches the filter (Esc clears it)"
                            : s->compat_only ? "No compatible part (c shows every part)" : "No parts in this category");
    }
    /* on the bottom border: where the selection is in a long list (right),
     * and the reason a highlighted part is incompatible in the rest */
    int pos_w = 0;
    if (s->n_cand > (size_t)rows) {
        char pos[40];
        snprintf(pos, sizeof pos, " %d/%zu ", s->parts.sel + 1, s->n_cand);
        pos_w = (int)strlen(pos) + 1;
        ui_put_right(a, r.y + r.h - 1, r.x + 2, r.w - 4, DLRIG_ROLE_DIM, pos);
    }
    if (s->n_cand && s->reason[s->parts.sel]) {
        char why[400];
        snprintf(why, sizeof why, " %s %s ", a->g->bad, s->reason[s->parts.sel]);
        ui_put(a, r.y + r.h - 1, r.x + 2, r.w - 4 - pos_w, DLRIG_ROLE_ERROR, why);
    }
}

/* A line of the sheet: label, value and the rest, or short (when not NULL)
 * in place of a rest too wide for the line. */
static void sheet_line_short(app *a, int y, int x, int w, const char *label, int role, const char *value,
                             const char *rest, const char *short_rest)
{
    ui_put(a, y, x, 7, DLRIG_ROLE_DIM, label);
    int used = ui_put(a, y, x + 7, w - 7, role, value);
    if (rest && short_rest && ui_width(a, rest) > w - 8 - used) rest = short_rest;
    if (rest && *rest) ui_put(a, y, x + 7 + used + 1, w - 8 - used, DLRIG_ROLE_DIM, rest);
}

static void sheet_line(app *a, int y, int x, int w, const char *label, int role, const char *value, const char *rest)
{
    sheet_line_short(a, y, x, w, label, role, value, rest, NULL);
}

static void draw_totals(app *a, rect r)
{
    struct builder_state *s = B(a);
    ui_box(a, r.y, r.x, r.h, r.w, "Build sheet", false);
    const dlrig_totals *t = &s->rep.totals;
    const dlrig_requirements *q = &s->b.req;
    int x = r.x + 2, w = r.w - 4, y = r.y + 1, end = r.y + r.h - 1;
    char v[128], rest[512], m1[32], n1[32], n2[32];
    /* price */
    if (y < end) {
        bool over = !isnan(q->budget_usd) && t->price_usd > q->budget_usd;
        format_usd(t->price_usd, v, sizeof v);
        char shorter[96];
        if (!isnan(q->budget_usd)) {
            snprintf(rest, sizeof rest, "of %s budget%s", format_usd(q->budget_usd, m1, sizeof m1),
                     t->unpriced_parts ? ", some unpriced" : "");
            snprintf(shorter, sizeof shorter, "of %s%s", m1, t->unpriced_parts ? " + unpriced" : "");
        } else {
            snprintf(rest, sizeof rest, "%s", t->unpriced_parts ? "some parts unpriced" : "no budget set");
            snprintf(shorter, sizeof shorter, "%s", t->unpriced_parts ? "some parts unpriced" : "no budget set");
        }
        /* how old the prices are: a quote from them needs a re-check */
        char today[8];
        int age = price_age_months(t->oldest_price_date, price_today(today));
        bool stale = age > DLRIG_PRICE_STALE_MONTHS;
        if (stale) { /* the short form keeps the budget and the month, and drops "unpriced" */
            size_t k = strlen(rest);
            snprintf(rest + k, sizeof rest - k, " %s prices from %.7s, %d months old: re-check", a->g->sep,
                     t->oldest_price_date, age);
            if (!isnan(q->budget_usd)) snprintf(shorter, sizeof shorter, "of %s %s%.7s", m1, a->g->warn, t->oldest_price_date);
            else snprintf(shorter, sizeof shorter, "%sprices %.7s", a->g->warn, t->oldest_price_date);
        }
        sheet_line_short(a, y++, x, w, "Price", over ? DLRIG_ROLE_ERROR : stale ? DLRIG_ROLE_WARNING : DLRIG_ROLE_PRICE,
                         v, rest, shorter);
    }
    /* the same build at each vendor of the user's price lists */
    dlrig_vendor_total vt[3];
    size_t nvt = prices_vendor_totals(a->cat, &s->b, vt, 3);
    if (nvt && y < end) {
        /* as many vendors as fit, then how many more there are ("+2"),
         * which stays visible however long the names are */
        size_t k = 0, shown = 0;
        int avail = w - 7;
        char more[32] = "";
        rest[0] = '\0';
        for (size_t i = 0; i < nvt && i < 3; i++) {
            char item[320];
            snprintf(item, sizeof item, "%s%s%s%s %s (%d/%d)", i ? " " : "", i ? a->g->sep : "", i ? " " : "",
                     vt[i].vendor, format_usd(vt[i].total_usd, m1, sizeof m1), vt[i].lines_listed, vt[i].lines);
            if (nvt > i + 1) snprintf(more, sizeof more, " +%zu", nvt - i - 1);
            else more[0] = '\0';
            if (i > 0 && ui_width(a, rest) + ui_width(a, item) + ui_width(a, more) > avail) break;
            ui_appendf(rest, sizeof rest, &k, "%s", item);
            shown++;
        }
        if (nvt > shown) snprintf(more, sizeof more, " +%zu", nvt - shown);
        else more[0] = '\0';
        int mw = ui_width(a, more);
        ui_put(a, y, x, 7, DLRIG_ROLE_DIM, "Vendor");
        int used = ui_put(a, y, x + 7, avail - mw, DLRIG_ROLE_INFO, rest);
        if (mw) ui_put(a, y, x + 7 + used, mw, DLRIG_ROLE_DIM, more);
        y++;
    }
    /* power vs PSU */
    if (y < end) {
        snprintf(v, sizeof v, "%s W", format_number(t->power_w, 0, n1, sizeof n1));
        char shorter[96];
        format_number(t->peak_power_w, 0, n1, sizeof n1);
        if (t->psu_w > 0) {
            format_number(t->psu_w, 0, n2, sizeof n2);
            snprintf(rest, sizeof rest, "peak %s / PSU %s", n1, n2);
            snprintf(shorter, sizeof shorter, "peak %s/PSU %s", n1, n2);
        } else {
            snprintf(rest, sizeof rest, "peak %s / no PSU", n1);
            snprintf(shorter, sizeof shorter, "peak %s/no PSU", n1);
        }
        bool bad = t->psu_w > 0 && t->power_w > t->psu_w;
        bool tight = t->psu_w > 0 && t->peak_power_w > t->psu_w;
        sheet_line_short(a, y++, x, w, "Power", bad ? DLRIG_ROLE_ERROR : tight ? DLRIG_ROLE_WARNING : DLRIG_ROLE_NORMAL,
                         v, rest, shorter);
    }
    /* GPU power limits (the build file's power_limit_w) and their speed cost */
    if (y < end && power_build_limited(&s->b))
        sheet_line(a, y++, x, w, "Limit", DLRIG_ROLE_INFO, power_limit_summary(&s->b, rest, sizeof rest), NULL);
    /* wall vs circuit */
    if (y < end) {
        const dlrig_circuit *c = q->circuit[0] ? catalog_circuit(a->cat, q->circuit) : NULL;
        snprintf(v, sizeof v, "%s W", format_number(t->wall_w, 0, n1, sizeof n1));
        if (c && c->continuous_w != DLRIG_NA)
            snprintf(rest, sizeof rest, "of %s on %s", format_number(c->continuous_w, 0, n2, sizeof n2), c->id);
        else snprintf(rest, sizeof rest, "no circuit given");
        const dlrig_finding *over = report_find(&s->rep, "power.circuit"); /* the checker's verdict */
        bool bad = over && over->severity == DLRIG_SEV_ERROR;
        sheet_line(a, y++, x, w, "Wall", bad ? DLRIG_ROLE_ERROR : DLRIG_ROLE_NORMAL, v, rest);
    }
    /* GPUs and VRAM */
    if (y < end) {
        snprintf(v, sizeof v, "%d%s %.0f GB", t->gpu_count, a->g->times, t->vram_max_gb);
        snprintf(rest, sizeof rest, "= %s GB VRAM", format_number(t->vram_gb, 0, n1, sizeof n1));
        sheet_line(a, y++, x, w, "GPUs", t->gpu_count ? DLRIG_ROLE_NORMAL : DLRIG_ROLE_WARNING, v, rest);
    }
    /* RAM and lanes */
    if (y < end) {
        snprintf(v, sizeof v, "%s GB", format_number(t->ram_gb, 0, n1, sizeof n1));
        snprintf(rest, sizeof rest, "%s lanes %d of %d", a->g->sep, t->lanes_used, t->lanes_available);
        sheet_line(a, y++, x, w, "RAM", t->ram_gb < t->vram_max_gb ? DLRIG_ROLE_WARNING : DLRIG_ROLE_NORMAL, v,
                   rest);
    }
    /* speed */
    if (y < end) {
        if (s->have_est) {
            snprintf(v, sizeof v, "%s %s",
                     format_speed(s->est.throughput, NULL, n1, sizeof n1),
                     s->est.unit ? s->est.unit : "");
            snprintf(rest, sizeof rest, "%s-bound%s", s->est.bound ? s->est.bound : "?",
                     s->est.fits ? "" : s->est.fits_sharded ? ", sharded" : ", does not fit");
            sheet_line(a, y++, x, w, "Speed", s->est.fits || s->est.fits_sharded ? DLRIG_ROLE_OK : DLRIG_ROLE_ERROR,
                       v, rest);
        } else {
            sheet_line(a, y++, x, w, "Speed", DLRIG_ROLE_DIM, "-", s->est_err);
        }
    }
    /* a language model: what one card holds, against the smallest card */
    if (y < end && s->have_est && s->est.llm) {
        const dlrig_fit *f = &s->est.memory;
        const dlrig_mem_breakdown *m = &f->per_gpu;
        snprintf(v, sizeof v, "%.1f of %.0f GiB", m->total, f->capacity_gib);
        if (m->gradients + m->optimizer > 0.05)
            snprintf(rest, sizeof rest, "weights %.1f %s act %.1f %s grad+opt %.1f", m->weights, a->g->sep,
                     m->activations, a->g->sep, m->gradients + m->optimizer);
        else
            snprintf(rest, sizeof rest, "weights %.1f %s KV %.1f %s %s", m->weights, a->g->sep, m->kv_cache, a->g->sep,
                     s->est.query.weights.label);
        sheet_line(a, y++, x, w, "Memory", f->fits ? DLRIG_ROLE_NORMAL : DLRIG_ROLE_ERROR, v, rest);
    }
    if (y < end && s->have_est) {
        if (!isnan(s->est.epoch_hours))
            format_hours(s->est.epoch_hours, v, sizeof v);
        else snprintf(v, sizeof v, "-");
        double per_k = t->price_usd > 0 ? s->est.throughput / (t->price_usd / 1000.0) : NAN;
        if (!isnan(per_k)) snprintf(rest, sizeof rest, "%s %s per $1k", a->g->sep,
                                    format_speed(per_k, NULL, n2, sizeof n2)); /* 0.038 images/s keeps its figures */
        else rest[0] = '\0';
        sheet_line(a, y++, x, w, "Epoch", DLRIG_ROLE_NORMAL, v, rest);
    }
    if (y < end && s->have_est) {
        snprintf(v, sizeof v, "%.2fx", s->est.relative);
        char sc[64];
        snprintf(rest, sizeof rest, "one RTX 4090 %s %s", a->g->sep, perf_scaling_text(&s->est, sc, sizeof sc));
        sheet_line(a, y++, x, w, "vs", DLRIG_ROLE_NORMAL, v, rest);
    }
    if (y < end && s->rent[0]) { /* "Owning after 14.7 months · vs renting RunPod H100 SXM5, 8 h/day" */
        const char *tab = strchr(s->rent, '\t');
        snprintf(v, sizeof v, "%.*s", (int)(tab - s->rent), s->rent);
        snprintf(rest, sizeof rest, "%s vs %s", a->g->sep, tab + 1);
        sheet_line(a, y++, x, w, "Buy", DLRIG_ROLE_NORMAL, v, rest);
    }
}

static void draw_findings(app *a, rect r)
{
    struct builder_state *s = B(a);
    s->r_find = r;
    char title[96];
    snprintf(title, sizeof title, "Findings %s%zu %s%zu %s%zu", a->g->err, s->rep.counts[2], a->g->warn,
             s->rep.counts[1], a->g->info, s->rep.counts[0]);
    ui_box(a, r.y, r.x, r.h, r.w, title, s->focus == PANE_FINDINGS);
    int rows = r.h - 2, iw = r.w - 2;
    if (s->rep.n_findings == 0) {
        ui_putf(a, r.y + 1, r.x + 2, iw - 2, DLRIG_ROLE_OK, "%s No problems found", a->g->ok);
        return;
    }
    /* the highlighted finding of the focused pane shows its whole text, wrapped
     * in place; the others one line each */
    bool focused = s->focus == PANE_FINDINGS;
    int text_w = iw - 4;
    int sel_h = 1;
    /* unfocused, when every finding fits whole: each one wrapped, none cut */
    int all_h = 0;
    for (size_t i = 0; !focused && text_w > 0 && i < s->rep.n_findings && all_h <= rows; i++) {
        int n = ui_wrapped_lines(a, s->rep.findings[i].message, text_w);
        all_h += n > 0 ? n : 1;
    }
    s->finds_whole = !focused && text_w > 0 && all_h <= rows;
    if (s->finds_whole) {
        int y = r.y + 1;
        for (size_t i = 0; i < s->rep.n_findings; i++) {
            const dlrig_finding *f = &s->rep.findings[i];
            ui_badge(a, y, r.x + 2, f->severity, true);
            y += ui_put_wrapped(a, y, r.x + 4, r.y + 1 + rows - y, text_w, DLRIG_ROLE_NORMAL, f->message);
        }
        return;
    }
    if (focused && text_w > 0) {
        sel_h = ui_wrapped_lines(a, s->rep.findings[s->finds.sel].message, text_w);
        if (sel_h < 1) sel_h = 1;
        if (sel_h > rows) sel_h = rows;
    }
    ui_list_place(&s->finds, r.y + 1, r.x, rows, r.w, sel_h);
    int y = r.y + 1, end = r.y + 1 + rows;
    for (int idx = s->finds.top; y < end && idx < (int)s->rep.n_findings; idx++) {
        const dlrig_finding *f = &s->rep.findings[idx];
        bool sel = idx == s->finds.sel && focused;
        int h = sel ? sel_h : 1;
        if (y + h > end) h = end - y;
        for (int k = 0; sel && k < h; k++) ui_fill(a, y + k, r.x + 1, iw, DLRIG_ROLE_SELECTION);
        int used = sel ? ui_putf(a, y, r.x + 1, 3, DLRIG_ROLE_SELECTION, " %s",
                                 f->severity == 2 ? a->g->err : f->severity == 1 ? a->g->warn : a->g->info)
                       : (ui_put(a, y, r.x + 1, 1, DLRIG_ROLE_NORMAL, " "), 1 + ui_badge(a, y, r.x + 2, f->severity, true));
        if (sel) ui_put_wrapped(a, y, r.x + 4, h, text_w, DLRIG_ROLE_SELECTION, f->message);
        else ui_put(a, y, r.x + 1 + used + 1, iw - used - 2, DLRIG_ROLE_NORMAL, f->message);
        y += h;
    }
    if ((int)s->rep.n_findings > rows) {
        char pos[40];
        snprintf(pos, sizeof pos, " %d/%zu ", s->finds.sel + 1, s->rep.n_findings);
        ui_put_right(a, r.y + r.h - 1, r.x + 2, r.w - 4, DLRIG_ROLE_DIM, pos);
    }
}

static void draw_part_box(app *a, rect r)
{
    struct builder_state *s = B(a);
    ui_box(a, r.y, r.x, r.h, r.w, "Highlighted part", false);
    if (!s->n_cand || r.h < 3) return;
    const dlrig_part *p = s->cand[s->parts.sel];
    int y = r.y + 1, end = r.y + r.h - 1, x = r.x + 2, w = r.w - 4;
    y += ui_put_wrapped(a, y, x, 2, w, DLRIG_ROLE_TITLE, p->name);
    char buf[160];
    for (int c = 0; c < s->n_cols && y < end; c++) {
        if (strcmp(s->cols[c].name, "name") == 0) continue;
        ui_put(a, y, x, 12, DLRIG_ROLE_DIM, col_label(&s->cols[c]));
        cell_text(s, &s->cols[c], (size_t)s->parts.sel, buf, sizeof buf);
        if (is_speed(&s->cols[c])) {
            /* the whole build's estimate with this part, against the build as it is */
            char now[32];
            if (!isnan(s->speed[s->parts.sel]) && s->have_est)
                snprintf(buf + strlen(buf), sizeof buf - strlen(buf), " %s (build now %s)", s->est.unit,
                         format_speed(s->est.throughput, NULL, now, sizeof now));
            ui_put(a, y++, x + 12, w - 12, DLRIG_ROLE_OK, buf);
            continue;
        }
        dlrig_price pr = part_price(p, s->b.req.allow_used);
        char used[96];
        if (is_price(&s->cols[c]) && price_label(&pr, used, sizeof used)) {
            snprintf(buf + strlen(buf), sizeof buf - strlen(buf), "%s %s", a->utf8 ? "\u2020" : "*", used);
            ui_put(a, y++, x + 12, w - 12, DLRIG_ROLE_INFO, buf);
            continue;
        }
        if (is_price(&s->cols[c]) && part_price_vendor(p)) {
            char cat_price[32];
            snprintf(buf + strlen(buf), sizeof buf - strlen(buf), "%s %s (catalog %s)", a->utf8 ? "\u2020" : "*",
                     part_price_vendor(p), format_usd(p->catalog_price_usd, cat_price, sizeof cat_price));
            ui_put(a, y++, x + 12, w - 12, DLRIG_ROLE_INFO, buf);
            continue;
        }
        if (strcmp(s->cols[c].name, "price_date") == 0) { /* a month more than six back is one to re-check */
            char today[8];
            int age = price_age_months(pr.date, price_today(today));
            if (price_known(&pr) && age > DLRIG_PRICE_STALE_MONTHS) {
                snprintf(buf + strlen(buf), sizeof buf - strlen(buf), " (%d mo)", age);
                ui_put(a, y++, x + 12, w - 12, DLRIG_ROLE_WARNING, buf);
                /* a kit's or drive's market since then (market.h) */
                dlrig_market_move m;
                if (y < end && pr.condition == DLRIG_CONDITION_NEW && market_move_since(a->cat, p, pr.date, &m) &&
                    market_move_notable(&m)) {
                    char f[96];
                    snprintf(f, sizeof f, "%.1fx by %s", m.ratio, m.until);
                    ui_put(a, y, x, 12, DLRIG_ROLE_DIM, "Market");
                    ui_put(a, y++, x + 12, w - 12, DLRIG_ROLE_WARNING, f);
                }
                continue;
            }
        }
        ui_put(a, y++, x + 12, w - 12, DLRIG_ROLE_NORMAL, buf);
    }
    if (y < end && s->reason[s->parts.sel]) {
        y++;
        ui_put_wrapped(a, y, x, end - y, w, DLRIG_ROLE_ERROR, s->reason[s->parts.sel]);
    } else if (y + 1 < end && p->note) {
        y++;
        ui_put_wrapped(a, y, x, end - y, w, DLRIG_ROLE_DIM, p->note);
    }
}

static void draw_slots_box(app *a, rect r)
{
    struct builder_state *s = B(a);
    ui_box(a, r.y, r.x, r.h, r.w, "PCIe slots", false);
    slots_draw(a, r.y + 1, r.x + 2, r.h - 2, r.w - 4, &s->b, &s->rep);
}

static void builder_draw(app *a)
{
    struct builder_state *s = B(a);
    draw_title(a);
    int top = 1, body = a->h - 2; /* rows 1 .. h-2 */
    s->wide = a->w >= 140 && a->h >= 36;
    if (s->wide) {
        int lw = 34, rw = a->w >= 180 ? 64 : 56;
        int mw = a->w - lw - rw;
        int cats_h = DLRIG_CAT_COUNT + 2;
        draw_cats(a, (rect){top, 0, cats_h, lw});
        draw_part_box(a, (rect){top + cats_h, 0, body - cats_h, lw});
        draw_list(a, (rect){top, lw, body, mw});
        size_t n_user_prices;
        catalog_user_prices(a->cat, NULL, &n_user_prices);
        int tot_h = n_user_prices ? 12 : 11; /* + the vendor line; the last line is owning against renting */
        int srows = slots_rows(a, &s->b, &s->rep);
        int slots_h = srows ? srows + 2 : 0;
        if (slots_h > body - tot_h - 6) slots_h = body - tot_h - 6;
        int find_h = body - tot_h - slots_h;
        draw_totals(a, (rect){top, a->w - rw, tot_h, rw});
        draw_findings(a, (rect){top + tot_h, a->w - rw, find_h, rw});
        if (slots_h > 2) draw_slots_box(a, (rect){top + tot_h + find_h, a->w - rw, slots_h, rw});
    } else {
        int top_h = DLRIG_CAT_COUNT + 2;
        if (body - top_h < 9) top_h = body - 9;
        if (a->h > 30) top_h = body * 55 / 100 > top_h ? body * 55 / 100 : top_h;
        int bot_h = body - top_h;
        int lw = a->w >= 110 ? 34 : 26;
        draw_cats(a, (rect){top, 0, top_h, lw});
        if (s->show_slots) {
            s->r_list = (rect){0, 0, 0, 0};
            draw_slots_box(a, (rect){top, lw, top_h, a->w - lw});
        } else {
            draw_list(a, (rect){top, lw, top_h, a->w - lw});
        }
        int tw = a->w / 2;
        draw_totals(a, (rect){top + top_h, 0, bot_h, tw});
        draw_findings(a, (rect){top + top_h, tw, bot_h, a->w - tw});
    }
}

static void builder_resize(app *a) { (void)a; }

static bool builder_document(const void *st, unsigned long serial, app_doc *d)
{
    const struct builder_state *s = st;
    *d = (app_doc){&s->b, s->path, s->gen, s->gen != s->saved_gen, serial};
    return true;
}

static void builder_close(void *st)
{
    struct builder_state *s = st;
    if (!s) return;
    build_free(&s->b);
    free(s->path);
    report_free(&s->rep);
    for (size_t i = 0; i < s->n_undo; i++) undo_entry_free(&s->undo[i]);
    for (size_t i = 0; i < s->n_redo; i++) undo_entry_free(&s->redo[i]);
    if (s->alts) recommendations_free(s->alts, s->n_alts);
    free_candidates(s);
    whatif_clear(s);
    free(s);
}

/* app_open(TUI_BUILDER, builder_args *). */
static void builder_open(app *a, void *args)
{
    builder_args *ba = args;
    struct builder_state *s = xcalloc(1, sizeof *s);
    s->b = *ba->b;
    memset(ba->b, 0, sizeof *ba->b);
    s->path = xstrdup(ba->path);
    s->stamp = stamp_of(ba->path);
    s->alts = ba->alts;
    s->n_alts = ba->n_alts;
    if (s->n_alts) s->alts_req = s->alts[0].build.req;
    s->sort_col = -1;
    s->cat = DLRIG_CAT_GPU;
    ui_list_set(&s->cats, DLRIG_CAT_COUNT);
    ui_list_select(&s->cats, s->cat);
    s->focus = PANE_LIST;
    setup_columns(s);
    app_push(a, &builder_screen, s);
    recompute(a);
    refresh_candidates(a);
    size_t owned = build_owned_lines(&s->b);
    if (owned)
        app_message(a, DLRIG_ROLE_INFO, "Your machine: %zu part line%s owned", owned, owned == 1 ? "" : "s");
    /* a build from the advisor is new work (unsaved); a loaded file is not */
    s->gen = ba->path ? 0 : 1;
    s->saved_gen = 0;
    if (ba->recovered) {
        /* what is on disk now was not seen here: a save asks before replacing */
        s->stamp.known = false;
        s->gen = 1;
        s->saved_gen = 0;
    }
}

/* The status bar shows the keys that do something here and now: f where
 * the selected finding has fixes to offer, F where there are errors, the
 * parts list's keys outside the findings pane. */
static const char *builder_hint(const app *a, const keybind *k)
{
    const struct builder_state *s = B(a);
    if (!s) return k->hint;
    bool finds = s->focus == PANE_FINDINGS;
    switch (k->action) {
    case B_FIX: return s->rep.n_findings && fix_wanted(&s->rep.findings[s->finds.sel]) ? k->hint : NULL;
    case B_FIX_ALL: return s->rep.counts[DLRIG_SEV_ERROR] ? k->hint : NULL;
    case B_ENTER: return !finds ? k->hint : s->rep.n_findings ? "explain" : NULL;
    case B_FILTER:
    case B_SORT:
    case B_COMPAT: return finds ? NULL : k->hint;
    case B_ALTS: return build_owned_lines(&s->b) > 0 ? "upgrade" : k->hint;
    default: return k->hint;
    }
}

/* f and F while the build has errors: a presenter sees them beside the
 * message of the change that made the error; a for a machine one owns (its
 * upgrade plans). */
static bool builder_urgent(const app *a, const keybind *k)
{
    const struct builder_state *s = B(a);
    if (!s) return false;
    if (k->action == B_ALTS) return build_owned_lines(&s->b) > 0; /* its upgrade plans */
    if (!s->rep.counts[DLRIG_SEV_ERROR]) return false;
    return k->action == B_FIX || k->action == B_FIX_ALL;
}

const screen builder_screen = {
    .name = "builder",
    .min_w = UI_MIN_W,
    .min_h = UI_MIN_H,
    .open = builder_open,
    .close = builder_close,
    .document = builder_document,
    .save_then_quit = builder_save_then_quit,
    .use_build = builder_use_build,
    .draw = builder_draw,
    .on_key = builder_key,
    .on_mouse = builder_mouse,
    .on_resize = builder_resize,
    .text_input = builder_text,
    .text_keys = builder_text_keys,
    .keys = builder_keys,
    .hint = builder_hint,
    .urgent = builder_urgent,
    .key_help = tui_preset_key_help,
};

/* The undo step of a change made from the requirements form: the first
 * change of a visit pushes it, the others (and the re-advise) join it. */
static void form_step(app *a)
{
    struct builder_state *s = B(a);
    int g = s->req_group;
    if (g == 2) return;
    push_undo(a);
    s->req_group = g ? 2 : 0;
}

static void builder_form_opened(app *a)
{
    if (B(a)) B(a)->req_group = 1;
}

static void builder_set_requirements(app *a, const dlrig_requirements *r, const char *what)
{
    struct builder_state *s = B(a);
    if (!s) return;
    if (same_requirements(a, r, &s->b.req)) {
        app_message(a, DLRIG_ROLE_INFO, "%s (unchanged)", what);
        return;
    }
    form_step(a);
    size_t before = s->rep.counts[DLRIG_SEV_ERROR];
    s->b.req = *r;
    changed(a);
    size_t after = s->rep.counts[DLRIG_SEV_ERROR];
    if (after != before)
        app_message(a, after > before ? DLRIG_ROLE_WARNING : DLRIG_ROLE_OK, "%s: %zu error%s now, %zu before (u undoes)",
                    what, after, after == 1 ? "" : "s", before);
    else app_message(a, DLRIG_ROLE_OK, "%s (u undoes)", what);
}

static const dlrig_requirements *builder_requirements(const app *a) { return B(a) ? &B(a)->b.req : NULL; }

static void builder_undo(app *a)
{
    struct builder_state *s = B(a);
    if (!s) return;
    int g = s->req_group;
    undo_redo(a, false);
    s->req_group = g ? 1 : 0; /* the form's step is undone: its next change makes a new one */
}

/* A category's parts as text ("2× RTX 6000 Ada", "-"). */
static void cat_text(const app *a, const dlrig_build *b, dlrig_category c, char *buf, size_t len)
{
    const dlrig_part *p = build_first(b, c, NULL);
    int n = build_count(b, c);
    if (!p) snprintf(buf, len, "-");
    else if (n > 1) snprintf(buf, len, "%d%s %s", n, a->g->times, p->name);
    else snprintf(buf, len, "%s", p->name);
}

static void builder_readvise(app *a)
{
    struct builder_state *s = B(a);
    if (!s) return;
    dlrig_requirements r = s->b.req;
    if (!r.workload[0] || isnan(r.budget_usd)) {
        app_message(a, DLRIG_ROLE_ERROR, "The advisor needs a workload and a budget: set them in the form first");
        return;
    }
    dlrig_readvice rv;
    char err[512];
    if (tui_readvise(a, &r, &s->b, s->pinned, 8, &rv, err, sizeof err) != 0) {
        whatif_readvice_free(&rv);
        app_message(a, DLRIG_ROLE_ERROR, "No build meets these requirements%s%s; the build is unchanged",
                    err[0] ? ": " : "", err);
        return;
    }
    dlrig_build old;
    build_copy(&old, &s->b);
    double old_price = s->rep.totals.price_usd, old_speed = s->have_est ? s->est.throughput : NAN;
    size_t old_err = s->rep.counts[DLRIG_SEV_ERROR];
    bool with_changes = s->req_group == 2;
    form_step(a); /* one step with the form's requirement changes */
    s->req_group = 0; /* the form has closed */
    build_free(&s->b);
    s->b = rv.build; /* taken over */
    memset(&rv.build, 0, sizeof rv.build);
    changed(a);
    if (s->alts) recommendations_free(s->alts, s->n_alts);
    s->alts = rv.recs; /* taken over */
    s->n_alts = rv.n;
    s->alts_req = r;
    size_t best_err = rv.errors;
    rv.recs = NULL;
    whatif_readvice_free(&rv);
    /* what changed */
    ov_text_begin(a, with_changes ? "Re-advised for the new requirements (u undoes both)"
                                  : "Re-advised for the requirements (u undoes)");
    char was[200], now[200], m1[32], m2[32], m3[32];
    int changes = 0;
    for (int c = 0; c < DLRIG_CAT_COUNT; c++) {
        cat_text(a, &old, (dlrig_category)c, was, sizeof was);
        cat_text(a, &s->b, (dlrig_category)c, now, sizeof now);
        if (s->pinned[c]) {
            ov_text_add(a, DLRIG_ROLE_DIM, 0, "%-8s %s (pinned)", cat_label((dlrig_category)c), now);
        } else if (strcmp(was, now) != 0) {
            ov_text_add(a, DLRIG_ROLE_NORMAL, 0, "%-8s %s %s %s", cat_label((dlrig_category)c), was,
                        a->utf8 ? "\u2192" : "->", now);
            changes++;
        }
    }
    if (!changes) ov_text_add(a, DLRIG_ROLE_OK, 0, "%s", "The parts stay: they are already the advisor's choice.");
    ov_text_add(a, DLRIG_ROLE_NORMAL, 0, "%s", "");
    double np = s->rep.totals.price_usd;
    format_usd(old_price, m1, sizeof m1);
    format_usd(np, m2, sizeof m2);
    format_usd(np - old_price >= 0 ? np - old_price : old_price - np, m3, sizeof m3);
    ov_text_add(a, DLRIG_ROLE_PRICE, 0, "%-8s %s %s %s (%s%s)", "Price", m1, a->utf8 ? "\u2192" : "->", m2,
                np >= old_price ? "+" : "-", m3);
    if (s->have_est) {
        char n1[32], n2[32];
        if (isnan(old_speed)) snprintf(n1, sizeof n1, "-");
        else format_speed(old_speed, NULL, n1, sizeof n1);
        ov_text_add(a, DLRIG_ROLE_OK, 0, "%-8s %s %s %s %s", "Speed", n1, a->utf8 ? "\u2192" : "->",
                    format_speed(s->est.throughput, NULL, n2, sizeof n2),
                    s->est.unit ? s->est.unit : "");
    }
    size_t ne = s->rep.counts[DLRIG_SEV_ERROR];
    ov_text_add(a, ne ? DLRIG_ROLE_ERROR : DLRIG_ROLE_NORMAL, 0, "%-8s %zu %s %zu%s", "Errors", old_err,
                a->utf8 ? "\u2192" : "->", ne, ne && best_err ? " (the pinned parts do not fit any of the advisor's "
                                                                 "builds)" : "");
    build_free(&old);
}
