/* cli.h — shared plumbing of the command-line front end. */
#ifndef DLRIG_CLI_H
#define DLRIG_CLI_H

#include <getopt.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "dlrig/build.h"
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
/* A file name for messages: "standard input" for "-", else cli_safe(path). */
const char *cli_file(const char *path);
/* Writes len bytes of s to f, escaped as term_safe does but keeping lines. */
void cli_put_safe(const char *s, size_t len, FILE *f);

/* The JSON documents the commands print: each names its format and version
 * as its first two keys ("format": "dlrig-check", "version": 1).  The man
 * page (JSON DOCUMENTS) describes each; docs/schemas/NAME.schema.json is its
 * JSON Schema, which the tests validate the commands' output against.  A
 * change that removes or retypes a key bumps the version. */
typedef struct cli_docfmt {
    const char *name;
    int version;
} cli_docfmt;
extern const cli_docfmt CLI_DOC_CHECK, CLI_DOC_ESTIMATE, CLI_DOC_FIT, CLI_DOC_COST, CLI_DOC_RECOMMEND, CLI_DOC_PRESETS,
    CLI_DOC_PARTS, CLI_DOC_PART, CLI_DOC_MODELS, CLI_DOC_MODEL, CLI_DOC_COMPARE, CLI_DOC_FIX, CLI_DOC_PRICES,
    CLI_DOC_SCAN;

/* Prints doc (freed here) as one document on stdout, its format and version
 * first, in dlrig's one printed form (jsondoc_print: two-space indents). */
struct cJSON;
void cli_print_doc(const cli_docfmt *fmt, struct cJSON *doc);
/* The same for a document that names its own format (a build file), on f. */
void cli_print_json_to(FILE *f, struct cJSON *doc);

/* ---- files: "-" is standard input or standard output ---- */

/* When a command writes a document to standard output (-o -) and also
 * prints its report: returns a stream on the real standard output, and
 * standard output (stdout, fd 1) goes to standard error until
 * cli_release_stdout(f) puts it back (and closes f). */
FILE *cli_claim_stdout(void);
void cli_release_stdout(FILE *f);
/* Whether the output path may be written: "-" and NULL always, an existing
 * file only with force (else "CMD: PATH exists; not overwritten" and false). */
bool cli_output_free(const char *cmd, const char *path, bool force);
/* Writes len bytes of text to path atomically, or to out (NULL: stdout)
 * when path is "-"; an existing file is replaced only with force.  Returns
 * EXIT_OK, or after a message EXIT_USAGE (the file exists) or EXIT_IO. */
int cli_write_output(const char *cmd, const char *path, const char *text, size_t len, bool force, FILE *out);
/* Whether "-" (standard input) is among paths[0..n) and `also` (may be NULL)
 * at most once; else a message and false. */
bool cli_stdin_once(const char *cmd, char *const *paths, size_t n, const char *also);

/* Whether colour output is wanted on stream fd (a terminal and NO_COLOR unset). */
bool cli_use_color(int fd);
/* Width of the terminal on stdout, or 0 when stdout is not a terminal. */
int cli_term_width(void);
/* Prints text, which starts at column col, wrapped at spaces to width
 * columns (display width; width 0: one line), later lines indented to
 * indent; ends the line.  A word longer than a line stays whole. */
void cli_wrap(FILE *f, const char *text, int col, int indent, int width);
/* Under a build's price age: each line priced more than six months ago whose
 * market has moved since (market.h), indented, wrapped at width (0: not). */
void cli_market_moves(const dlrig_catalog *cat, const dlrig_build *b, int indent, int width);

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
/* Display width of a UTF-8 string (columns), whatever the locale (utf8_width). */
int display_width(const char *s);
/* s followed by spaces up to w display columns (printf's %-*s counts bytes);
 * valid until 16 more calls (do not free it). */
const char *cli_padded(const char *s, int w);
/* Appends s cut to at most w display columns ("~" marks a cut). */
struct strbuf;
void sb_append_cut(struct strbuf *sb, const char *s, int w);
/* Reads a command's input file (at most max bytes).  On failure prints
 * "FILE: larger than N MiB; not WHAT" (*status EXIT_USAGE) or "FILE: cannot
 * read: REASON" (*status EXIT_IO) and returns NULL. */
char *cli_read_text(const char *file, size_t max, const char *what, size_t *len, int *status);
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

/* ---- the command table (main.c), which usage, option errors and completion read ---- */

/* What an option's value or a command's operand is, for completion. */
typedef enum cli_value {
    CLI_V_NONE,           /* free text: nothing to offer */
    CLI_V_FILE,           /* a file name */
    CLI_V_JSON,           /* a JSON file, or - for standard input */
    CLI_V_CSV,            /* a CSV file, or - for standard input */
    CLI_V_OUTPUT,         /* a file to write, or - for standard output */
    CLI_V_PART,           /* a catalog part id */
    CLI_V_GPU,            /* a GPU's part id */
    CLI_V_MODEL,          /* an ML model id of the catalog */
    CLI_V_CATEGORY,       /* a part category */
    CLI_V_CATEGORIES,     /* a comma-separated list of part categories */
    CLI_V_SORT,           /* a part field to sort by (FIELD[:desc]), speed or value */
    CLI_V_EXPORT_FORMAT,  /* md, csv, json, txt, html */
    CLI_V_COMPARE_FORMAT, /* md */
    CLI_V_OBJECTIVE,      /* speed, value */
    CLI_V_PRESET,         /* a scenario preset's name */
    CLI_V_THEME,          /* a colour theme's name */
    CLI_V_SHELL,          /* bash, zsh, fish */
} cli_value;

/* The value kind of one option of a command (option is its long name). */
typedef struct cli_optvalue {
    const char *option;
    cli_value value;
} cli_optvalue;

/* Which requirement options (requirements.h's table) a command takes. */
typedef enum cli_reqs { CLI_REQS_NONE, CLI_REQS_ALL, CLI_REQS_OVERRIDE, CLI_REQS_LIST } cli_reqs;

typedef struct cli_command {
    const char *name;
    int (*run)(cli_ctx *ctx, int argc, char **argv);
    const char *args;    /* its synopsis after the name */
    const char *summary; /* one line */
    const struct option *opts;      /* its own options: the getopt_long table it parses with */
    cli_reqs reqs;                  /* and the requirement options it takes */
    const char *const *req_keys;    /* CLI_REQS_LIST: their JSON keys, NULL-terminated */
    const cli_optvalue *values;     /* what its options' values are ({NULL} ends it; others: free text) */
    cli_value operand;              /* what its operands are */
    int max_operands;               /* how many it takes (-1: any number) */
    const struct cli_command *subs; /* subcommands (dlrig prices import|list|clear), NULL when none */
    size_t n_subs;
    bool hidden; /* not in --help (the completion helper) */
} cli_command;

extern const cli_command cli_commands[];
extern const size_t cli_n_commands;
extern const cli_command cli_prices_subs[];
extern const size_t cli_n_prices_subs;
extern const cli_command cli_catalog_subs[];
extern const size_t cli_n_catalog_subs;

/* getopt_long for command `cmd` ("recommend", "prices import"), with one
 * voice for mistakes: an unknown option (with the closest one: "did you
 * mean"), an ambiguous abbreviation, a missing or unexpected value each get
 * one "dlrig: CMD: ..." line instead of getopt's own message and the whole
 * usage.  Returns what getopt_long returns; '?' after such a message (the
 * caller returns EXIT_USAGE). */
int cli_getopt(int argc, char **argv, const char *shortopts, const struct option *longopts, const char *cmd);

/* The long option of `opts` closest to `name` (no dashes) by edit distance,
 * or NULL when none is close. */
const char *cli_closest_option(const struct option *opts, const char *name);

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
int cmd_scan(cli_ctx *ctx, int argc, char **argv);
int cmd_catalog(cli_ctx *ctx, int argc, char **argv);
int cmd_catalog_export(cli_ctx *ctx, int argc, char **argv);
int cmd_completion(cli_ctx *ctx, int argc, char **argv);
int cmd_complete(cli_ctx *ctx, int argc, char **argv);
int cmd_prices_import(cli_ctx *ctx, int argc, char **argv);
int cmd_prices_list(cli_ctx *ctx, int argc, char **argv);
int cmd_prices_clear(cli_ctx *ctx, int argc, char **argv);

/* The option tables of the commands (each command's file), for cli_commands. */
extern const struct option cli_parts_opts[], cli_show_opts[], cli_check_opts[], cli_fix_opts[], cli_recommend_opts[],
    cli_fit_opts[], cli_export_opts[], cli_compare_opts[], cli_models_opts[], cli_prices_import_opts[],
    cli_prices_list_opts[], cli_prices_clear_opts[], cli_completion_opts[], cli_import_opts[], cli_catalog_opts[], cli_cost_opts[],
    cli_scan_opts[];
extern const cli_optvalue cli_parts_values[], cli_check_values[], cli_fix_values[], cli_recommend_values[],
    cli_fit_values[], cli_export_values[], cli_compare_values[], cli_prices_import_values[], cli_import_values[], cli_cost_values[],
    cli_scan_values[];
extern const char *const cli_parts_keys[], *const cli_fit_keys[];

#endif
