/* cli.h — shared plumbing of the command-line front end. */
#ifndef DLRIG_CLI_H
#define DLRIG_CLI_H

#include <getopt.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "dlrig/catalog.h"
#include "dlrig/requirements.h"

/* Exit statuses (the command-line contract; man page, EXIT STATUS). */
enum { EXIT_OK = 0, EXIT_FINDINGS = 1, EXIT_USAGE = 2, EXIT_IO = 3 };

typedef struct cli_ctx {
    const char *catalog_path; /* --catalog, or NULL for the built-in catalog */
    const char *theme;        /* --theme */
    dlrig_catalog *cat;       /* opened on demand by cli_catalog */
} cli_ctx;

/* Opens the catalog once, with the user's imported prices applied
 * ($XDG_DATA_HOME/dlrig/user.db); on failure (also a corrupt user.db) prints
 * the message and returns NULL (the caller exits with EXIT_IO). */
dlrig_catalog *cli_catalog(cli_ctx *ctx);

/* Prints "dlrig: " + message to stderr (terminal controls in it shown escaped). */
void cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* s with terminal controls, bidi overrides and invalid UTF-8 shown escaped
 * (term_safe), for printing text from files; the result stays valid until 16
 * more calls (do not free it). */
const char *cli_safe(const char *s);
/* Writes len bytes of s to f, escaped as term_safe does but keeping lines. */
void cli_put_safe(const char *s, size_t len, FILE *f);

/* Prints a cJSON value (freed here) as one document on stdout. */
struct cJSON;
void cli_print_json(struct cJSON *doc);

/* Whether colour output is wanted on stream fd (a terminal and NO_COLOR unset). */
bool cli_use_color(int fd);
/* Width of the terminal on stdout, or 0 when stdout is not a terminal. */
int cli_term_width(void);

/* ---- aligned text tables ---- */
typedef struct cli_table cli_table;
cli_table *table_new(size_t ncols, const char *const *headers, const bool *right_align);
void table_row(cli_table *t, const char *const *cells);
/* Prints to stdout; when max_width > 0 it fits that width: text columns are
 * cut (the column `shrink` first; numbers, the first column and the column
 * `keep` never), and what still does not fit is hidden from the right, with
 * a line saying so. */
void table_print(cli_table *t, int max_width, size_t shrink, size_t keep);
void table_free(cli_table *t);
/* Display width of a UTF-8 string (columns). */
int display_width(const char *s);
/* Appends s cut to at most w display columns ("~" marks a cut). */
struct strbuf;
void sb_append_cut(struct strbuf *sb, const char *s, int w);
/* Parses a whole option value as a number (no trailing text, no NaN). */
bool cli_parse_number(const char *s, double *out);
/* An option's number, above lo and at most hi, into *out; or -1 with a
 * message naming the option and what was expected. */
int cli_number_opt(const char *opt, const char *s, double lo, double hi, double *out);


/* ---- requirement options (from the core's table in requirements.h) ---- */
#define CLI_REQOPTS_MAX 48
typedef struct cli_reqopts {
    struct option opts[CLI_REQOPTS_MAX]; /* for getopt_long, zero-terminated */
    char shortopts[64];                  /* for getopt_long */
    const dlrig_reqfield *fields[CLI_REQOPTS_MAX];
    size_t n_fields;
} cli_reqopts;
/* Builds the getopt_long entries of the requirement fields named by keys
 * (JSON keys, NULL-terminated; keys NULL: every field) followed by the
 * command's own entries `extra` (zero-terminated), and the short option
 * string: extra_short followed by the fields' letters. */
void cli_reqopts_build(cli_reqopts *o, const char *const *keys, const struct option *extra, const char *extra_short);
/* When c (getopt_long's answer) is one of o's requirement options, parses
 * arg into *r (with units and range checks; catalog ids are checked against
 * the catalog, opened here) and returns 1, setting *which (may be NULL) to
 * the field; returns -1 after printing a message naming the option and what
 * was expected; 0 when c is not a requirement option. */
int cli_reqopts_apply(cli_ctx *ctx, const cli_reqopts *o, int c, const char *arg, dlrig_requirements *r,
                      const dlrig_reqfield **which);
/* The requirement options that estimate, check and compare take to override
 * a build's requirements: --workload and the LLM fields (build file version
 * 2).  NULL-terminated, static. */
const char *const *cli_override_keys(void);
/* Prints the usage lines of the fields named by keys (NULL: every field). */
void cli_req_usage(cli_ctx *ctx, FILE *out, const char *const *keys);

/* Subcommands: each gets argv starting at the subcommand name. */
int cmd_parts(cli_ctx *ctx, int argc, char **argv);
int cmd_show(cli_ctx *ctx, int argc, char **argv);
int cmd_check(cli_ctx *ctx, int argc, char **argv);
int cmd_estimate(cli_ctx *ctx, int argc, char **argv);
int cmd_recommend(cli_ctx *ctx, int argc, char **argv);
int cmd_export(cli_ctx *ctx, int argc, char **argv);
int cmd_compare(cli_ctx *ctx, int argc, char **argv);
int cmd_prices(cli_ctx *ctx, int argc, char **argv);
int cmd_models(cli_ctx *ctx, int argc, char **argv);
int cmd_fit(cli_ctx *ctx, int argc, char **argv);
int cmd_fix(cli_ctx *ctx, int argc, char **argv);
int cmd_cost(cli_ctx *ctx, int argc, char **argv);
int cmd_import(cli_ctx *ctx, int argc, char **argv);
int cmd_catalog(cli_ctx *ctx, int argc, char **argv);

#endif
