/* theme.c — colour themes as data: parsing, lookup by name, colour reduction.
 * No terminal code here; the TUI maps styles to ncurses pairs. */
#include "dlrig/theme.h"

#include <cjson/cJSON.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlrig/util.h"

#define ROLE_NAME(up, low) #low,
static const char *const role_names[DLRIG_ROLE_COUNT] = {DLRIG_THEME_ROLES(ROLE_NAME)};
#undef ROLE_NAME

static const char *const color_names[] = {"black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"};

static const struct {
    const char *name;
    unsigned bit;
} attr_names[] = {
    {"bold", DLRIG_ATTR_BOLD},       {"dim", DLRIG_ATTR_DIM},     {"underline", DLRIG_ATTR_UNDERLINE},
    {"reverse", DLRIG_ATTR_REVERSE}, {"italic", DLRIG_ATTR_ITALIC}, {"blink", DLRIG_ATTR_BLINK},
    {"standout", DLRIG_ATTR_STANDOUT},
};

const char *theme_role_name(dlrig_role r) { return (unsigned)r < DLRIG_ROLE_COUNT ? role_names[r] : "?"; }

int theme_role_from_name(const char *name)
{
    for (int i = 0; i < DLRIG_ROLE_COUNT; i++)
        if (strcmp(role_names[i], name) == 0) return i;
    return -1;
}

bool theme_name_valid(const char *name)
{
    if (!name || !*name || name[0] == '.' || strlen(name) > 63) return false;
    for (const char *p = name; *p; p++) {
        char c = *p;
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_' ||
              c == '.'))
            return false;
    }
    return true;
}

static void theme_blank(dlrig_theme *t, const char *name)
{
    memset(t, 0, sizeof *t);
    snprintf(t->name, sizeof t->name, "%s", name ? name : "");
    for (int i = 0; i < DLRIG_ROLE_COUNT; i++) t->roles[i] = (dlrig_style){DLRIG_COLOR_DEFAULT, DLRIG_COLOR_DEFAULT, 0};
}

/* Parses a colour value; returns 0 or -1 with a description in what. */
static int parse_color(const cJSON *v, int *out, char *what, size_t wlen)
{
    if (cJSON_IsNumber(v)) {
        double d = v->valuedouble;
        /* range first: converting an out-of-range double to int is undefined */
        if (!(d >= 0 && d <= 255) || d != (double)(int)d) {
            snprintf(what, wlen, "expected a colour number 0-255, got %g", d);
            return -1;
        }
        *out = (int)d;
        return 0;
    }
    if (cJSON_IsString(v)) {
        if (strcmp(v->valuestring, "default") == 0) {
            *out = DLRIG_COLOR_DEFAULT;
            return 0;
        }
        for (int i = 0; i < 8; i++)
            if (strcmp(v->valuestring, color_names[i]) == 0) {
                *out = i;
                return 0;
            }
        snprintf(what, wlen,
                 "unknown colour \"%.40s\" (expected black, red, green, yellow, blue, magenta, cyan, white, default "
                 "or 0-255)",
                 v->valuestring);
        return -1;
    }
    snprintf(what, wlen, "expected a colour name or a number 0-255");
    return -1;
}

static void line_col(const char *text, const char *at, int *line, int *col)
{
    *line = 1;
    *col = 1;
    for (const char *p = text; p < at && *p; p++) {
        if (*p == '\n') {
            (*line)++;
            *col = 1;
        } else {
            (*col)++;
        }
    }
}

int theme_parse(const char *json, size_t len, const char *label, const char *fallback_name, dlrig_theme *out,
                char *err, size_t errlen)
{
    theme_blank(out, fallback_name);
    if (!label) label = "theme";
    if (!json) {
        snprintf(err, errlen, "%s: no data", label);
        return -1;
    }
    if (len > DLRIG_THEME_MAX_BYTES) {
        snprintf(err, errlen, "%s: larger than %d KiB, not a theme", label, DLRIG_THEME_MAX_BYTES / 1024);
        return -1;
    }
    if (memchr(json, '\0', len)) {
        snprintf(err, errlen, "%s: contains a NUL byte, not a JSON text file", label);
        return -1;
    }
    char *buf = xmalloc(len + 1);
    memcpy(buf, json, len);
    buf[len] = '\0';
    const char *end = NULL;
    cJSON *doc = cJSON_ParseWithLengthOpts(buf, len + 1, &end, 1);
    if (!doc) {
        int line, col;
        line_col(buf, end ? end : buf + len, &line, &col);
        snprintf(err, errlen, "%s: line %d, column %d: not valid JSON", label, line, col);
        free(buf);
        return -1;
    }
    free(buf);
    int rc = -1;
    char what[200];
    if (!cJSON_IsObject(doc)) {
        snprintf(err, errlen, "%s: expected a JSON object with \"colors\"", label);
        goto done;
    }
    const cJSON *name = cJSON_GetObjectItemCaseSensitive(doc, "name");
    if (name && !cJSON_IsString(name)) {
        snprintf(err, errlen, "%s: \"name\" must be a string", label);
        goto done;
    }
    if (name) snprintf(out->name, sizeof out->name, "%s", name->valuestring);
    const cJSON *desc = cJSON_GetObjectItemCaseSensitive(doc, "description");
    if (desc && !cJSON_IsString(desc)) {
        snprintf(err, errlen, "%s: \"description\" must be a string", label);
        goto done;
    }
    if (desc) snprintf(out->description, sizeof out->description, "%s", desc->valuestring);
    const cJSON *colors = cJSON_GetObjectItemCaseSensitive(doc, "colors");
    if (!cJSON_IsObject(colors)) {
        snprintf(err, errlen, "%s: missing \"colors\" object (role -> {\"fg\", \"bg\", \"attrs\"})", label);
        goto done;
    }
    bool set[DLRIG_ROLE_COUNT] = {0};
    const cJSON *role;
    cJSON_ArrayForEach(role, colors)
    {
        int r = theme_role_from_name(role->string ? role->string : "");
        if (r < 0) {
            snprintf(err, errlen, "%s: colors.%.40s: unknown role (expected one of normal, dim, title, header, border, "
                     "focus, selection, accent, price, ok, error, warning, info, status, key, gpu, gap, slot)",
                     label, role->string ? role->string : "");
            goto done;
        }
        if (!cJSON_IsObject(role)) {
            snprintf(err, errlen, "%s: colors.%s: expected an object {\"fg\", \"bg\", \"attrs\"}", label, role_names[r]);
            goto done;
        }
        dlrig_style st = {DLRIG_COLOR_DEFAULT, DLRIG_COLOR_DEFAULT, 0};
        const cJSON *item;
        cJSON_ArrayForEach(item, role)
        {
            const char *key = item->string ? item->string : "";
            if (strcmp(key, "fg") == 0 || strcmp(key, "bg") == 0) {
                if (parse_color(item, key[0] == 'f' ? &st.fg : &st.bg, what, sizeof what) != 0) {
                    snprintf(err, errlen, "%s: colors.%s.%s: %s", label, role_names[r], key, what);
                    goto done;
                }
                if ((key[0] == 'f' ? st.fg : st.bg) != DLRIG_COLOR_DEFAULT) out->uses_color = true;
            } else if (strcmp(key, "attrs") == 0) {
                if (!cJSON_IsArray(item)) {
                    snprintf(err, errlen, "%s: colors.%s.attrs: expected an array of names", label, role_names[r]);
                    goto done;
                }
                const cJSON *a;
                cJSON_ArrayForEach(a, item)
                {
                    unsigned bit = 0;
                    if (cJSON_IsString(a))
                        for (size_t k = 0; k < sizeof attr_names / sizeof attr_names[0]; k++)
                            if (strcmp(a->valuestring, attr_names[k].name) == 0) bit = attr_names[k].bit;
                    if (!bit) {
                        snprintf(err, errlen,
                                 "%s: colors.%s.attrs: expected bold, dim, underline, reverse, italic, blink or "
                                 "standout",
                                 label, role_names[r]);
                        goto done;
                    }
                    st.attrs |= bit;
                }
            } else {
                snprintf(err, errlen, "%s: colors.%s: unknown key \"%.40s\" (expected fg, bg, attrs)", label,
                         role_names[r], key);
                goto done;
            }
        }
        out->roles[r] = st;
        set[r] = true;
    }
    for (int i = 0; i < DLRIG_ROLE_COUNT; i++)
        if (!set[i] && i != DLRIG_ROLE_NORMAL) out->roles[i] = out->roles[DLRIG_ROLE_NORMAL];
    rc = 0;
done:
    cJSON_Delete(doc);
    if (rc != 0) theme_blank(out, fallback_name);
    return rc;
}

static char *user_theme_path(const char *name)
{
    char *dir = xdg_config_dir(false);
    if (!dir) return NULL;
    char *path = xasprintf("%s/themes/%s.json", dir, name);
    free(dir);
    return path;
}

static void append_names(strbuf *sb, const dlrig_theme_src *builtins)
{
    char **names;
    size_t n = theme_names(builtins, &names);
    for (size_t i = 0; i < n; i++) sb_printf(sb, "%s%s", i ? ", " : "", names[i]);
    theme_names_free(names, n);
}

int theme_load(const char *name, const dlrig_theme_src *builtins, dlrig_theme *out, char *err, size_t errlen)
{
    theme_blank(out, name);
    if (!theme_name_valid(name)) {
        snprintf(err, errlen, "invalid theme name '%.64s' (letters, digits, '-', '_' only)", name ? name : "");
        return -1;
    }
    char *path = user_theme_path(name);
    if (path) {
        size_t len = 0;
        char *text = read_file_regular(path, DLRIG_THEME_MAX_BYTES, &len);
        if (text) {
            int rc = theme_parse(text, len, path, name, out, err, errlen);
            free(text);
            free(path);
            return rc;
        }
        /* no such file, or a part of the path is not a directory (e.g.
         * XDG_CONFIG_HOME is a file): no user theme, try the built-ins */
        if (errno != ENOENT && errno != ENOTDIR) {
            snprintf(err, errlen, "%s: %s", path,
                     errno == EFBIG ? "larger than 64 KiB, not a theme" : file_error(errno));
            free(path);
            return -1;
        }
        free(path);
    }
    for (const dlrig_theme_src *b = builtins; b && b->name; b++) {
        if (strcmp(b->name, name) == 0) {
            char label[96];
            snprintf(label, sizeof label, "built-in theme %s", name);
            return theme_parse(b->json, strlen(b->json), label, name, out, err, errlen);
        }
    }
    strbuf sb = {0};
    append_names(&sb, builtins);
    snprintf(err, errlen, "unknown theme '%s'; available: %s", name, sb.s ? sb.s : "(none)");
    sb_free(&sb);
    return -1;
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

size_t theme_names(const dlrig_theme_src *builtins, char ***names)
{
    size_t n = 0, cap = 16;
    char **v = xcalloc(cap, sizeof *v);
    for (const dlrig_theme_src *b = builtins; b && b->name; b++) {
        if (n == cap) v = xrealloc(v, (cap *= 2) * sizeof *v);
        v[n++] = xstrdup(b->name);
    }
    char *dir = xdg_config_dir(false);
    if (dir) {
        char *tdir = xasprintf("%s/themes", dir);
        DIR *d = opendir(tdir);
        if (d) {
            struct dirent *e;
            while ((e = readdir(d)) != NULL) {
                size_t l = strlen(e->d_name);
                if (l <= 5 || strcmp(e->d_name + l - 5, ".json") != 0) continue;
                char *nm = xstrdup(e->d_name);
                nm[l - 5] = '\0';
                if (!theme_name_valid(nm)) {
                    free(nm);
                    continue;
                }
                if (n == cap) v = xrealloc(v, (cap *= 2) * sizeof *v);
                v[n++] = nm;
            }
            closedir(d);
        }
        free(tdir);
        free(dir);
    }
    qsort(v, n, sizeof *v, cmp_str);
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        if (k && strcmp(v[k - 1], v[i]) == 0) {
            free(v[i]);
            continue;
        }
        v[k++] = v[i];
    }
    *names = v;
    return k;
}

void theme_names_free(char **names, size_t n)
{
    for (size_t i = 0; i < n; i++) free(names[i]);
    free(names);
}

const char *theme_default_name(void)
{
    const char *nc = getenv("NO_COLOR");
    return nc && *nc ? "mono" : "dark";
}

/* The xterm palette as RGB. */
static void xterm_rgb(int c, int rgb[3])
{
    static const int base[16][3] = {{0, 0, 0},       {205, 0, 0},     {0, 205, 0},     {205, 205, 0},
                                    {0, 0, 238},     {205, 0, 205},   {0, 205, 205},   {229, 229, 229},
                                    {127, 127, 127}, {255, 0, 0},     {0, 255, 0},     {255, 255, 0},
                                    {92, 92, 255},   {255, 0, 255},   {0, 255, 255},   {255, 255, 255}};
    if (c < 16) {
        memcpy(rgb, base[c], sizeof base[c]);
    } else if (c < 232) {
        static const int level[6] = {0, 95, 135, 175, 215, 255};
        c -= 16;
        rgb[0] = level[c / 36];
        rgb[1] = level[(c / 6) % 6];
        rgb[2] = level[c % 6];
    } else {
        int g = 8 + (c - 232) * 10;
        rgb[0] = rgb[1] = rgb[2] = g;
    }
}

int theme_color_reduce(int color, int ncolors)
{
    if (color < 0 || ncolors >= 256) return color;
    int limit = ncolors >= 16 ? 16 : 8;
    if (color < limit) return color;
    if (color < 16) return color - 8; /* bright -> normal on 8-colour terminals */
    int rgb[3];
    xterm_rgb(color, rgb);
    int best = 0;
    long bestd = -1;
    for (int i = 0; i < limit; i++) {
        int p[3];
        xterm_rgb(i, p);
        long d = 0;
        for (int k = 0; k < 3; k++) d += (long)(rgb[k] - p[k]) * (rgb[k] - p[k]);
        if (bestd < 0 || d < bestd) {
            bestd = d;
            best = i;
        }
    }
    return best;
}
