/* A shared parts list (PCPartPicker's Markdown or text forms) read into a build. */
#include "dlrig/partlist.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "dlrig/util.h"

const char *partlist_how_name(dlrig_partlist_how how)
{
    switch (how) {
    case DLRIG_PL_MPN: return "part number in the link";
    case DLRIG_PL_NAME_MPN: return "part number in the name";
    case DLRIG_PL_NAME: return "name";
    case DLRIG_PL_UNMATCHED: return "not in the catalog";
    case DLRIG_PL_AMBIGUOUS: return "ambiguous";
    case DLRIG_PL_NOT_MODELLED: return "not a part dlrig models";
    }
    return "?";
}

/* PCPartPicker's kinds of part and the catalog category each is (COUNT: not
 * one dlrig models; -1: any category, for custom lines). */
static const struct {
    const char *type;
    int cat;
} TYPES[] = {
    {"CPU", DLRIG_CAT_CPU},
    {"CPU Cooler", DLRIG_CAT_COOLER},
    {"Motherboard", DLRIG_CAT_MOTHERBOARD},
    {"Memory", DLRIG_CAT_MEMORY},
    {"Storage", DLRIG_CAT_STORAGE},
    {"Video Card", DLRIG_CAT_GPU},
    {"Case", DLRIG_CAT_CASE},
    {"Power Supply", DLRIG_CAT_PSU},
    {"Wired Network Adapter", DLRIG_CAT_NIC},
    {"Custom", -1},
    {"Other", -1},
    {"Operating System", DLRIG_CAT_COUNT},
    {"Software", DLRIG_CAT_COUNT},
    {"Monitor", DLRIG_CAT_COUNT},
    {"Sound Card", DLRIG_CAT_COUNT},
    {"Wireless Network Adapter", DLRIG_CAT_COUNT},
    {"Case Fan", DLRIG_CAT_COUNT},
    {"Case Accessory", DLRIG_CAT_COUNT},
    {"Fan Controller", DLRIG_CAT_COUNT},
    {"Thermal Compound", DLRIG_CAT_COUNT},
    {"External Storage", DLRIG_CAT_COUNT},
    {"Optical Drive", DLRIG_CAT_COUNT},
    {"UPS", DLRIG_CAT_COUNT},
    {"Keyboard", DLRIG_CAT_COUNT},
    {"Mouse", DLRIG_CAT_COUNT},
    {"Headphones", DLRIG_CAT_COUNT},
    {"Speakers", DLRIG_CAT_COUNT},
    {"Webcam", DLRIG_CAT_COUNT},
};

static const size_t N_TYPES = sizeof TYPES / sizeof TYPES[0];

/* The TYPES index of a type word (any case), or -1. */
static int type_index(const char *s, size_t n)
{
    for (size_t i = 0; i < N_TYPES; i++)
        if (strlen(TYPES[i].type) == n && strncasecmp(TYPES[i].type, s, n) == 0) return (int)i;
    return -1;
}

/* ---- words of a product name ---- */

#define MAX_WORDS 48
#define WORD_LEN 24

typedef struct words {
    char w[MAX_WORDS][WORD_LEN];
    int n;
} words;

static bool is_number(const char *s)
{
    if (!*s) return false;
    for (; *s; s++)
        if (!isdigit((unsigned char)*s) && *s != '.') return false;
    return true;
}

static bool is_unit(const char *s)
{
    static const char *const units[] = {"gb", "tb", "mb", "w", "mm", "mhz", "ghz", "mt", "cfm", "in", NULL};
    for (int i = 0; units[i]; i++)
        if (strcmp(s, units[i]) == 0) return true;
    return false;
}

/* The words of s in lower case, split at anything but letters, digits and a
 * '.' between digits; "16 GB" is read as "16gb" and "2 x 8gb" as "2x8gb".
 * With skip_parens, text in parentheses is left out (a catalog name's
 * remarks). */
static void words_of(const char *s, bool skip_parens, words *out)
{
    char raw[MAX_WORDS * 2][WORD_LEN];
    int n = 0, depth = 0;
    const unsigned char *p = (const unsigned char *)s;
    while (*p && n < MAX_WORDS * 2) {
        if (*p == '(') depth++;
        if (*p == ')' && depth) depth--;
        if (!isalnum(*p) || (skip_parens && depth)) {
            p++;
            continue;
        }
        size_t k = 0;
        while (*p && (isalnum(*p) || (*p == '.' && k && isdigit(p[-1]) && isdigit(p[1])))) {
            if (k + 1 < WORD_LEN) raw[n][k++] = (char)tolower(*p);
            p++;
        }
        raw[n][k] = '\0';
        n++;
    }
    /* number + unit, then N x M */
    char merged[MAX_WORDS * 2][WORD_LEN];
    int m = 0;
    for (int i = 0; i < n; i++) {
        if (i + 1 < n && is_number(raw[i]) && is_unit(raw[i + 1])) {
            snprintf(merged[m++], WORD_LEN, "%s%s", raw[i], raw[i + 1]);
            i++;
        } else {
            snprintf(merged[m++], WORD_LEN, "%s", raw[i]);
        }
    }
    out->n = 0;
    for (int i = 0; i < m && out->n < MAX_WORDS; i++) {
        if (i + 2 < m && is_number(merged[i]) && strcmp(merged[i + 1], "x") == 0 && isdigit((unsigned char)merged[i + 2][0])) {
            snprintf(out->w[out->n++], WORD_LEN, "%sx%s", merged[i], merged[i + 2]);
            i += 2;
        } else {
            snprintf(out->w[out->n++], WORD_LEN, "%s", merged[i]);
        }
    }
}

static bool has_word(const words *w, const char *x)
{
    for (int i = 0; i < w->n; i++)
        if (strcmp(w->w[i], x) == 0) return true;
    return false;
}

/* ---- matching ---- */

static bool category_ok(int want, const dlrig_part *p)
{
    return want < 0 || (int)p->category == want;
}

/* The one catalog part a part number names for a line of category `want`
 * (a number the catalog sells only in kits of several is not one part), as
 * catalog_part_numbers_like reads it with `how`. */
static const dlrig_part *mpn_part(const dlrig_catalog *cat, const char *mpn, int want, const char **written,
                                  unsigned how)
{
    size_t n;
    const dlrig_part_number *m = catalog_part_numbers_like(cat, mpn, how, &n);
    const dlrig_part *found = NULL;
    for (size_t i = 0; i < n; i++) {
        const dlrig_part *p = catalog_find(cat, m[i].part_id);
        if (!p || m[i].units != 1 || !category_ok(want, p)) continue;
        if (found && found != p) return NULL;
        found = p;
        *written = m[i].mpn;
    }
    return found;
}

/* The part number at the end of a product link's slug
 * (".../product/XfTmP6/amd-ryzen-7-7800x3d-...-100-100000910wof"): the
 * longest run of its last words that the catalog knows, with or without a
 * regional suffix ("mz-v9p2t0b-am" is MZ-V9P2T0B/AM). */
static const dlrig_part *link_part(const dlrig_catalog *cat, const char *url, int want, char *mpn, size_t mpnlen)
{
    const char *prod = strstr(url, "/product/");
    if (!prod) return NULL;
    const char *slug = strchr(prod + 9, '/');
    if (!slug) return NULL;
    slug++;
    char buf[256];
    size_t len = strcspn(slug, "/?#)");
    if (len == 0 || len >= sizeof buf) return NULL;
    memcpy(buf, slug, len);
    buf[len] = '\0';
    char *tok[64];
    int n = 0;
    for (char *save = NULL, *t = strtok_r(buf, "-", &save); t && n < 64; t = strtok_r(NULL, "-", &save)) tok[n++] = t;
    for (int k = n < 8 ? n : 8; k >= 1; k--) {
        for (int slash = 0; slash < 2; slash++) {
            if (slash && k < 2) continue;
            char key[DLRIG_MPN_KEY_MAX] = "";
            size_t kl = 0;
            bool digit = false;
            for (int i = n - k; i < n; i++) {
                if (slash && i == n - 1) kl += (size_t)snprintf(key + kl, sizeof key - kl, "/");
                if (kl >= sizeof key) break;
                kl += (size_t)snprintf(key + kl, sizeof key - kl, "%s", tok[i]);
                if (kl >= sizeof key) break;
                digit = digit || strpbrk(tok[i], "0123456789");
            }
            if (kl >= sizeof key || kl < 6 || !digit) continue;
            const char *written = NULL;
            /* a regional suffix run into the number ("mz-v9p2t0bam" for MZ-V9P2T0B/AM) */
            const dlrig_part *p = mpn_part(cat, key, want, &written, slash ? 0 : DLRIG_MPN_RUN_ON);
            if (p) {
                snprintf(mpn, mpnlen, "%s", written);
                return p;
            }
        }
    }
    return NULL;
}

/* A part number written in the item ("... (CMK64GX5M2B6000C30)"). */
static const dlrig_part *item_mpn_part(const dlrig_catalog *cat, const char *item, int want, char *mpn, size_t mpnlen)
{
    const dlrig_part *found = NULL;
    const char *p = item;
    while (*p) {
        p += strspn(p, " \t,;()[]{}\"'");
        size_t w = strcspn(p, " \t,;()[]{}\"'");
        if (!w) break;
        if (w >= 6 && w < DLRIG_MPN_KEY_MAX) {
            char tok[DLRIG_MPN_KEY_MAX];
            memcpy(tok, p, w);
            tok[w] = '\0';
            bool digit = strpbrk(tok, "0123456789") != NULL, alpha = false;
            for (const char *t = tok; *t; t++) alpha = alpha || isalpha((unsigned char)*t);
            const char *written = NULL;
            const dlrig_part *hit = digit && alpha ? mpn_part(cat, tok, want, &written, 0) : NULL;
            if (hit) {
                if (found && found != hit) return NULL; /* two numbers, two parts */
                found = hit;
                snprintf(mpn, mpnlen, "%s", written);
            }
        }
        p += w;
    }
    return found;
}

/* The name and maker words of every catalog part, made once per list. */
typedef struct name_words {
    const dlrig_part *part;
    words name, maker;
} name_words;

typedef struct names {
    name_words *v;
    size_t n, off[DLRIG_CAT_COUNT + 1]; /* category c is v[off[c] .. off[c + 1]) */
} names;

static void names_build(const dlrig_catalog *cat, names *nm)
{
    if (nm->v) return;
    size_t total = 0;
    for (int c = 0; c < DLRIG_CAT_COUNT; c++) total += catalog_count(cat, (dlrig_category)c);
    nm->v = xcalloc(total + 1, sizeof *nm->v);
    for (int c = 0; c < DLRIG_CAT_COUNT; c++) {
        nm->off[c] = nm->n;
        for (size_t i = 0; i < catalog_count(cat, (dlrig_category)c); i++) {
            const dlrig_part *p = catalog_part_at(cat, (dlrig_category)c, i);
            if (!p || !p->name) continue;
            name_words *w = &nm->v[nm->n++];
            w->part = p;
            words_of(p->name, true, &w->name);
            if (p->vendor) words_of(p->vendor, true, &w->maker);
        }
    }
    nm->off[DLRIG_CAT_COUNT] = nm->n;
}

/* The catalog part of category `want` (or any) whose name words all appear
 * in the item, from the maker the item names; more words win.  A GPU may
 * come from a card maker other than the chip's (a partner card read as the
 * catalog's reference card: *reference is set), the maker's own card
 * winning a tie.  Sets *tie to a second part of the same score when there
 * is one. */
static const dlrig_part *name_part(const names *nm, const words *item, int want, const dlrig_part **tie,
                                   bool *reference)
{
    const dlrig_part *best = NULL;
    int best_score = 0;
    bool best_maker = false;
    *tie = NULL;
    size_t from = want >= 0 ? nm->off[want] : 0, to = want >= 0 ? nm->off[want + 1] : nm->n;
    for (size_t i = from; i < to; i++) {
        const name_words *w = &nm->v[i];
        const words *nw = &w->name;
        if (nw->n == 0) continue;
        bool all = true, digit = false;
        for (int k = 0; k < nw->n && all; k++) {
            all = has_word(item, nw->w[k]);
            digit = digit || strpbrk(nw->w[k], "0123456789");
        }
        /* a name of one plain word ("Focus") says too little */
        if (!all || (nw->n < 2 && !digit)) continue;
        bool maker = true;
        for (int k = 0; k < w->maker.n && maker; k++) maker = has_word(item, w->maker.w[k]);
        if (!maker && w->part->category != DLRIG_CAT_GPU) continue; /* another maker's part of the same words */
        int score = nw->n * 2 + maker;
        if (score > best_score) {
            best = w->part;
            best_score = score;
            best_maker = maker;
            *tie = NULL;
        } else if (score == best_score && best != w->part) {
            *tie = w->part;
        }
    }
    *reference = best && !best_maker;
    return best;
}

static void match_line(const dlrig_catalog *cat, names *nm, dlrig_partlist_line *l, int want)
{
    if (want == DLRIG_CAT_COUNT) {
        l->how = DLRIG_PL_NOT_MODELLED;
        snprintf(l->reason, sizeof l->reason, "dlrig does not model a %s", l->type);
        return;
    }
    if (l->url && (l->part = link_part(cat, l->url, want, l->matched_on, sizeof l->matched_on))) {
        l->how = DLRIG_PL_MPN;
        return;
    }
    if ((l->part = item_mpn_part(cat, l->item, want, l->matched_on, sizeof l->matched_on))) {
        l->how = DLRIG_PL_NAME_MPN;
        return;
    }
    words iw;
    words_of(l->item, false, &iw);
    const dlrig_part *tie;
    bool reference;
    names_build(cat, nm);
    const dlrig_part *p = name_part(nm, &iw, want, &tie, &reference);
    if (p && tie) {
        l->how = DLRIG_PL_AMBIGUOUS;
        snprintf(l->reason, sizeof l->reason, "fits both %s (%s) and %s (%s); name the part's id in the build", p->name,
                 p->id, tie->name, tie->id);
        return;
    }
    if (p) {
        l->part = p;
        l->how = DLRIG_PL_NAME;
        if (reference)
            snprintf(l->reason, sizeof l->reason,
                     "read as the %s reference card: a partner card's length, slots and power may differ",
                     p->vendor ? p->vendor : "chip maker's");
        return;
    }
    l->how = DLRIG_PL_UNMATCHED;
    if (want >= 0)
        snprintf(l->reason, sizeof l->reason, "no %s in the catalog has this name or part number",
                 category_title((dlrig_category)want));
    else
        snprintf(l->reason, sizeof l->reason, "no catalog part has this name or part number");
}

/* ---- reading the list ---- */

static char *trim(char *s)
{
    while (*s == ' ' || *s == '\t') s++;
    size_t n = strlen(s);
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r')) s[--n] = '\0';
    return s;
}

/* "**CPU**" -> "CPU" */
static char *strip_bold(char *s)
{
    s = trim(s);
    while (*s == '*' || *s == '_') s++;
    size_t n = strlen(s);
    while (n && (s[n - 1] == '*' || s[n - 1] == '_')) s[--n] = '\0';
    return trim(s);
}

/* "$1,299.00 @ Amazon", "Purchased For EUR-sign 149.89", "-" */
static void parse_price(dlrig_partlist_line *l, char *s)
{
    s = trim(s);
    if (strncasecmp(s, "Purchased For", 13) == 0) {
        l->purchased = true;
        s = trim(s + 13);
    }
    char *at = strstr(s, " @ ");
    if (at) {
        *at = '\0';
        snprintf(l->store, sizeof l->store, "%s", trim(at + 3));
    }
    s = trim(s);
    static const struct {
        const char *sign, *cur;
    } signs[] = {{"$", "USD"}, {"\xc2\xa3", "GBP"}, {"\xe2\x82\xac", "EUR"}, {"\xe2\x82\xb9", "INR"}};
    const char *cur = "";
    for (size_t i = 0; i < sizeof signs / sizeof signs[0]; i++) {
        size_t k = strlen(signs[i].sign);
        if (strncmp(s, signs[i].sign, k) == 0) {
            cur = signs[i].cur;
            s += k;
            break;
        }
    }
    char num[32];
    size_t k = 0;
    for (; *s && k + 1 < sizeof num; s++) {
        if (isdigit((unsigned char)*s) || *s == '.') num[k++] = *s;
        else if (*s != ',') break;
    }
    num[k] = '\0';
    char *end;
    double v = k ? strtod(num, &end) : 0;
    if (k && *end == '\0' && v >= 0 && v < 1e9) {
        l->has_price = true;
        l->price = v;
        snprintf(l->currency, sizeof l->currency, "%s", cur);
    }
}

/* "[Name](https://...)" -> name and url; else the whole text. */
static void parse_item(dlrig_partlist_line *l, char *s)
{
    s = trim(s);
    if (*s == '[') {
        char *close = strstr(s, "](");
        char *end = close ? strrchr(close, ')') : NULL;
        if (close && end) {
            *close = '\0';
            *end = '\0';
            l->item = xstrdup(trim(s + 1));
            l->url = xstrdup(trim(close + 2));
            return;
        }
    }
    l->item = xstrdup(s);
}

/* The country site of a pcpartpicker.com link in s ("uk" for
 * uk.pcpartpicker.com, "us" for the bare domain), the first one seen. */
static void site_of(dlrig_partlist *out, const char *s)
{
    const char *d = s ? strstr(s, "pcpartpicker.com") : NULL;
    if (out->site[0] || !d) return;
    const char *h = d;
    while (h > s && h[-1] != '/' && h[-1] != '(' && h[-1] != ' ' && h[-1] != '[') h--;
    if (strncmp(h, "www.", 4) == 0) h += 4;
    size_t n = (size_t)(d - h);
    if (n == 0) snprintf(out->site, sizeof out->site, "us");
    else if (n >= 3 && n <= 4 && h[n - 1] == '.' && isalpha((unsigned char)h[0]) && isalpha((unsigned char)h[1]))
        snprintf(out->site, sizeof out->site, "%.*s", (int)(n - 1), h);
}

/* "Generated by PCPartPicker 2026-03-02 12:33 EST-0500" */
static bool footer(dlrig_partlist *out, const char *s)
{
    const char *g = strstr(s, "Generated by");
    if (g) {
        const char *d = g;
        while (*d && !(isdigit((unsigned char)d[0]) && strlen(d) >= 10 && d[4] == '-' && d[7] == '-')) d++;
        if (*d) snprintf(out->date, sizeof out->date, "%.10s", d);
        return true;
    }
    return strstr(s, "Prices include") || strstr(s, "Total") == s || strstr(s, "**Total**") == s;
}

static void add_line(dlrig_partlist *out, size_t *cap, const dlrig_partlist_line *l)
{
    if (out->n_lines == *cap) {
        *cap = *cap ? *cap * 2 : 16;
        out->lines = xrealloc(out->lines, *cap * sizeof *out->lines);
    }
    out->lines[out->n_lines++] = *l;
}

int partlist_parse(const dlrig_catalog *cat, const char *text, size_t len, dlrig_partlist *out, char *err,
                   size_t errlen)
{
    memset(out, 0, sizeof *out);
    names nm = {0};
    size_t cap = 0;
    int lineno = 0, md_rows = 0, text_rows = 0;
    const char *p = text, *end = text + len;
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
        lineno++;
        char *buf = xmalloc(n + 1);
        memcpy(buf, p, n);
        buf[n] = '\0';
        for (size_t i = 0; i < n; i++)
            if (buf[i] == '\0') buf[i] = ' ';
        p += n + (nl ? 1 : 0);
        char *s = trim(buf);
        if (*s == '>') s = trim(s + 1); /* a list quoted in an e-mail or a post */
        site_of(out, s);
        if (strstr(s, "Generated by")) { /* the footer, in a table row or not */
            footer(out, s);
            goto next;
        }
        dlrig_partlist_line l = {.line = lineno};
        if (strchr(s, '|')) {
            /* a Markdown table row: Type | Item | Price (| more) */
            char *cells[8];
            int nc = 0;
            char *c = s;
            if (*c == '|') c++;
            while (nc < 8) {
                char *bar = strchr(c, '|');
                if (bar) *bar = '\0';
                cells[nc++] = c;
                if (!bar) break;
                c = bar + 1;
            }
            if (nc > 1 && *trim(cells[nc - 1]) == '\0') nc--;
            if (nc < 2) goto next;
            char *type = strip_bold(cells[0]);
            if (*type == '\0') { /* footer rows have no type */
                for (int i = 1; i < nc; i++) footer(out, strip_bold(cells[i]));
                goto next;
            }
            int ti = type_index(type, strlen(type));
            if (ti < 0) goto next; /* the header row, the ':----' row, anything else */
            snprintf(l.type, sizeof l.type, "%s", TYPES[ti].type);
            parse_item(&l, cells[1]);
            if (nc > 2) parse_price(&l, cells[2]);
            site_of(out, l.url);
            match_line(cat, &nm, &l, TYPES[ti].cat);
            add_line(out, &cap, &l);
            md_rows++;
        } else {
            /* plain text: "Type: item  (price @ store)" */
            if (footer(out, s)) goto next;
            char *colon = strstr(s, ": ");
            if (!colon) goto next;
            int ti = type_index(s, (size_t)(colon - s));
            if (ti < 0) goto next;
            snprintf(l.type, sizeof l.type, "%s", TYPES[ti].type);
            char *item = trim(colon + 2);
            size_t il = strlen(item);
            if (il > 2 && item[il - 1] == ')') {
                char *open = strstr(item, "  (");
                if (!open) open = strrchr(item, '(');
                else open += 2;
                if (open && (open[1] == '$' || isdigit((unsigned char)open[1]) || (unsigned char)open[1] >= 0x80 ||
                             strncasecmp(open + 1, "Purchased", 9) == 0)) {
                    item[il - 1] = '\0';
                    *open = '\0';
                    parse_price(&l, open + 1);
                }
            }
            parse_item(&l, item);
            match_line(cat, &nm, &l, TYPES[ti].cat);
            add_line(out, &cap, &l);
            text_rows++;
        }
    next:
        free(buf);
    }
    free(nm.v);
    if (out->n_lines == 0) {
        snprintf(err, errlen,
                 "no parts list found: expected PCPartPicker's Markdown rows (\"**CPU** | [name](link) | price\") or "
                 "text lines (\"CPU: name  (price)\")");
        return -1;
    }
    out->format = md_rows >= text_rows ? "markdown" : "text";
    /* '$' on the Canadian, Australian or New Zealand site is that country's dollar */
    static const char *const dollars[][2] = {{"ca", "CAD"}, {"au", "AUD"}, {"nz", "NZD"}};
    for (size_t d = 0; d < sizeof dollars / sizeof dollars[0]; d++)
        if (strcmp(out->site, dollars[d][0]) == 0)
            for (size_t i = 0; i < out->n_lines; i++)
                if (strcmp(out->lines[i].currency, "USD") == 0)
                    snprintf(out->lines[i].currency, sizeof out->lines[i].currency, "%s", dollars[d][1]);
    for (size_t i = 0; i < out->n_lines; i++) {
        dlrig_partlist_how h = out->lines[i].how;
        if (h == DLRIG_PL_NOT_MODELLED) out->n_not_modelled++;
        else if (out->lines[i].part) out->n_matched++;
        else out->n_unmatched++;
    }
    return 0;
}

void partlist_to_build(const dlrig_partlist *l, dlrig_build *b)
{
    for (size_t i = 0; i < l->n_lines; i++)
        if (l->lines[i].part) build_add(b, l->lines[i].part, 1);
}

void partlist_free(dlrig_partlist *l)
{
    for (size_t i = 0; i < l->n_lines; i++) {
        free(l->lines[i].item);
        free(l->lines[i].url);
    }
    free(l->lines);
    memset(l, 0, sizeof *l);
}
