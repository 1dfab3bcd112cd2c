/*
 * theme.h — colour themes as plain data (no terminal code): an enum of
 * roles, a style per role (foreground, background, attributes), a parser for
 * the theme JSON format (the files in themes/), lookup of a theme by name (the
 * user's $XDG_CONFIG_HOME/dlrig/themes/NAME.json first, then the built-in
 * themes) and the reduction of 256-colour indices to 16 or 8 colours.
 *
 * Theme format:
 *   {"name": "dark", "description": "...", "background": "dark",
 *    "colors": {"normal": {"fg": "default", "bg": 236, "attrs": ["bold"]}, ...}}
 * "background" (dark, the default, or light) is the terminal background the
 * theme is drawn for: where its colours are reduced to 8 or 16, a foreground
 * on the default background never becomes that background's colour.
 * Colours are black, red, green, yellow, blue, magenta, cyan, white, default
 * or a number 0-255; attrs are bold, dim, underline, reverse, italic, blink,
 * standout.  A role the theme leaves out takes the style of "normal".
 */
#ifndef DLRIG_THEME_H
#define DLRIG_THEME_H

#include <stdbool.h>
#include <stddef.h>

/* Roles: what a piece of the screen is, never which colour it has. */
#define DLRIG_THEME_ROLES(X)                                                  \
    X(NORMAL, normal) X(DIM, dim) X(TITLE, title) X(HEADER, header)           \
    X(BORDER, border) X(FOCUS, focus) X(SELECTION, selection) X(ACCENT, accent) \
    X(PRICE, price) X(OK, ok) X(ERROR, error) X(WARNING, warning) X(INFO, info) \
    X(STATUS, status) X(KEY, key) X(GPU, gpu) X(GAP, gap) X(SLOT, slot)

#define DLRIG_ROLE_ENUM(up, low) DLRIG_ROLE_##up,
typedef enum { DLRIG_THEME_ROLES(DLRIG_ROLE_ENUM) DLRIG_ROLE_COUNT } dlrig_role;
#undef DLRIG_ROLE_ENUM

/* Attribute bits (mapped to A_BOLD ... by the front end). */
enum {
    DLRIG_ATTR_BOLD = 1 << 0,
    DLRIG_ATTR_DIM = 1 << 1,
    DLRIG_ATTR_UNDERLINE = 1 << 2,
    DLRIG_ATTR_REVERSE = 1 << 3,
    DLRIG_ATTR_ITALIC = 1 << 4,
    DLRIG_ATTR_BLINK = 1 << 5,
    DLRIG_ATTR_STANDOUT = 1 << 6,
};

#define DLRIG_COLOR_DEFAULT (-1) /* the terminal's own colour */

typedef struct dlrig_style {
    int fg, bg;     /* DLRIG_COLOR_DEFAULT or 0..255 */
    unsigned attrs; /* DLRIG_ATTR_* */
} dlrig_style;

typedef struct dlrig_theme {
    char name[64];
    char description[160];
    dlrig_style roles[DLRIG_ROLE_COUNT];
    bool uses_color; /* some role names a colour (mono themes do not) */
    bool light;      /* made for a light terminal background ("background": "light") */
} dlrig_theme;

/* A theme's source text, as embedded in the binary (NULL-terminated table:
 * the last entry has name NULL). */
typedef struct dlrig_theme_src {
    const char *name;
    const char *json;
} dlrig_theme_src;

/* Largest theme file accepted. */
#define DLRIG_THEME_MAX_BYTES (64 * 1024)

/* "normal", "dim", ... ; role_from_name returns -1 when unknown. */
const char *theme_role_name(dlrig_role r);
int theme_role_from_name(const char *name);

/* Parses a theme document of len bytes (need not be NUL-terminated; at most
 * DLRIG_THEME_MAX_BYTES).  `label` names the input in messages (a file name).
 * Every value is type-checked; unknown roles, colours and attributes are
 * errors.  On success returns 0 and fills *out (out->name from the document,
 * else `fallback_name`).  On failure returns -1 and writes "LABEL: what was
 * wrong" into err; *out is then the all-default theme. */
int theme_parse(const char *json, size_t len, const char *label, const char *fallback_name, dlrig_theme *out,
                char *err, size_t errlen);

/* Whether name is a valid theme name (letters, digits, '-', '_', '.'; not
 * starting with '.'; at most 63 bytes), so it can name a file safely. */
bool theme_name_valid(const char *name);

/* Loads theme `name`: $XDG_CONFIG_HOME/dlrig/themes/NAME.json when that file
 * exists (even if it is malformed: then it is an error), else the built-in
 * of that name from `builtins` (may be NULL).  Returns 0, or -1 with a message
 * naming the file and the problem (or listing the available themes) in err. */
int theme_load(const char *name, const dlrig_theme_src *builtins, dlrig_theme *out, char *err, size_t errlen);

/* The names of the available themes (user themes and built-ins, sorted,
 * without duplicates).  Returns the count; *names is a malloc'd array of
 * malloc'd strings, freed with theme_names_free. */
size_t theme_names(const dlrig_theme_src *builtins, char ***names);
void theme_names_free(char **names, size_t n);

/* The theme to use when the user names none: "mono" when NO_COLOR is set
 * and non-empty, else "dark". */
const char *theme_default_name(void);

/* The nearest colour to a 256-colour index among the first `ncolors` colours
 * of the xterm palette (ncolors 8 or 16; 256 or more returns the index
 * unchanged; DLRIG_COLOR_DEFAULT stays as it is). */
int theme_color_reduce(int color, int ncolors);
/* The same for a foreground drawn on background bg (a colour, or
 * DLRIG_COLOR_DEFAULT: the terminal's, dark or light as the theme says):
 * never bg's own colour, which would hide it (the dark theme's grey borders,
 * 240, are black among 8 colours: on the Linux console, black on black).  A
 * grey stays a grey (black, white, and with 16 colours bright black, bright
 * white); another colour takes the nearest but bg. */
int theme_fg_reduce(int fg, int bg, bool light_background, int ncolors);

#endif
