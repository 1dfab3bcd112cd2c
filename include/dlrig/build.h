/*
 * build.h — a build: the requirements it was made for and the parts (with
 * quantities) of one node.  Loads and saves the build file format
 * ("format": "dlrig-build", versions 1 to 4).  Placement of the cards in
 * the board's slots is place.h's.
 */
#ifndef DLRIG_BUILD_H
#define DLRIG_BUILD_H

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stddef.h>

#include "dlrig/catalog.h"
#include "dlrig/jsondoc.h"
#include "dlrig/requirements.h"

/* The requirements of a build (dlrig_requirements, requirements_init,
 * requirements_from_json, ...) live in requirements.h. */

typedef struct dlrig_item {
    const dlrig_part *part;
    int qty;
    bool cluster_scope; /* a cluster-wide part (a switch), counted once */
    int power_limit_w;  /* GPU lines: each card's limit (nvidia-smi -pl) in W; 0 = none, the card's rating */
    bool owned;         /* the buyer has these already (the file's "owned": true, version 4; dlrig scan marks
                           what it read from a machine): priced 0 (build_line_price), the whole quantity */
} dlrig_item;

/* Where a build's name comes from: the user (typed, or a file that does not
 * say), or dlrig, which then names the build after what it is and renames
 * it on every change (build_refresh_name). */
typedef enum {
    DLRIG_NAME_USER = 0,     /* kept as it is */
    DLRIG_NAME_REQUIREMENTS, /* "Transformer fine-tuning, $40,000": the workload and the budget (the wizard) */
    DLRIG_NAME_GPUS,         /* "2 x Radeon RX 7900 XTX", "... at 300 W": the GPUs (the advisor) */
} dlrig_name_from;

typedef struct dlrig_build {
    char *name;
    dlrig_name_from name_from; /* the file's "name_from" (version 3); DLRIG_NAME_USER when absent */
    cJSON *notes; /* the file's "notes" (any JSON value), kept verbatim for saving; NULL when absent */
    char *tier;   /* the file's "tier": "Good", "Better" or "Best" when the advisor's tiers made the build
                     (compare_tiers), shown as the option's title on a quote; NULL when absent */
    dlrig_requirements req;
    dlrig_item *items;
    size_t n_items, cap_items;
} dlrig_build;

/* What one unit of a line costs on this build: its part's price as the
 * build's own requirements allow (part_price with req.allow_used: the
 * cheaper of the new price and the current second-hand offer when used parts
 * are allowed, else the new price); an owned line costs nothing (usd 0,
 * .owned set: what shows prices says "owned").  Every total, export and
 * comparison prices lines through it, so each build is priced by its own
 * requirements and owned lines count 0 everywhere. */
dlrig_price build_line_price(const dlrig_build *b, const dlrig_item *it);
/* Its dollars (NAN when unpriced). */
double build_line_usd(const dlrig_build *b, const dlrig_item *it);
/* The month of the oldest dated line price (the catalog's string), or NULL. */
const char *build_oldest_price_date(const dlrig_build *b);
/* An empty build named `name` (copied; NULL for "Untitled build"). */
void build_init(dlrig_build *b, const char *name);
void build_free(dlrig_build *b);
/* Deep copy of src into dst (dst uninitialised). */
void build_copy(dlrig_build *dst, const dlrig_build *src);
/* Adds qty of part to be bought: merged with the part's line that is not
 * owned, else a new line (right after the part's owned line, if any: a part
 * may have one line of units owned already and one of units to buy). */
void build_add(dlrig_build *b, const dlrig_part *part, int qty);
/* Units of part in all its lines (owned and bought). */
int build_qty_of(const dlrig_build *b, const dlrig_part *part);
/* Marks part's line owned (or not); false when the build has no line of part. */
bool build_set_owned(dlrig_build *b, const dlrig_part *part, bool owned);
/* Every unit of part owned (owned true) or to buy (false), in one line: a
 * part with an owned line and a line to buy becomes one line of their total.
 * False when the build has no line of part. */
bool build_own_all(dlrig_build *b, const dlrig_part *part, bool owned);
/* How many lines of b are owned. */
size_t build_owned_lines(const dlrig_build *b);
/* Sets the power limit (W, 0 = none) of part's line; false when the build
 * has no line of part or part is not a GPU. */
bool build_set_power_limit(dlrig_build *b, const dlrig_part *part, int watts);
/* Sets the quantity of part, all its lines together; 0 removes them.  The
 * units owned stay owned up to qty: more are a line to buy (build_add),
 * fewer take the bought units away first. */
void build_set_qty(dlrig_build *b, const dlrig_part *part, int qty);
/* Replaces every part of `cat` with qty of part (NULL: just removes them). */
void build_set_category(dlrig_build *b, dlrig_category cat, const dlrig_part *part, int qty);
/* First part of a category in the build and its quantity (0 when none). */
const dlrig_part *build_first(const dlrig_build *b, dlrig_category cat, int *qty);
/* Total quantity of a category. */
int build_count(const dlrig_build *b, dlrig_category cat);
/* The build's motherboard: the one it lists, else the built-in board of its
 * chassis (a complete server), else NULL.  The board belongs to the catalog. */
const dlrig_motherboard *build_board(const dlrig_build *b);

/* The name dlrig gives b by `from` (DLRIG_NAME_REQUIREMENTS: the workload's
 * name and the budget; DLRIG_NAME_GPUS: the GPU lines, "2 x NAME" with
 * " at W W" for a power limit and " per node" for a cluster), written into
 * buf (len bytes) and returned; "" for DLRIG_NAME_USER. */
const char *build_generated_name(const dlrig_catalog *cat, const dlrig_build *b, dlrig_name_from from, char *buf,
                                 size_t len);
/* Names b by `from` from now on (build_generated_name) and sets its name. */
void build_name_by(const dlrig_catalog *cat, dlrig_build *b, dlrig_name_from from);
/* A name dlrig generated follows the build: renamed from its requirements
 * or GPUs as they are now (a user's name is left alone).  Returns whether
 * the name changed.  Call after every change of parts or requirements. */
bool build_refresh_name(const dlrig_catalog *cat, dlrig_build *b);
/* Sets a name the user gave (it stays until the user renames the build). */
void build_set_user_name(dlrig_build *b, const char *name);

/* Status codes of build_parse / build_load / build_save (the CLI exit codes). */
enum { DLRIG_BUILD_OK = 0, DLRIG_BUILD_EINVAL = DLRIG_JSONDOC_EINVAL, DLRIG_BUILD_EIO = 3 };

/* Parses a build document of len bytes (need not be NUL-terminated) against
 * the catalog (versions 1 to 4; a name dlrig generated, "name_from", is
 * refreshed for the parts and requirements read).  `label` names the input in messages (a file name).  On
 * failure returns DLRIG_BUILD_EINVAL and writes a message naming the field
 * and what was expected (and, for an unknown part id, the closest ids) into
 * err; *out is then left empty but initialised, and the caller frees it
 * with build_free either way. */
int build_parse(const dlrig_catalog *cat, const char *text, size_t len, const char *label, dlrig_build *out,
                char *err, size_t errlen);
/* Reads path (at most 1 MiB; "-" is standard input, "standard input" in
 * messages) and parses it.  EIO when it cannot be read (a directory: "is a
 * directory").  A FIFO the user names is read (waiting for its writer, as
 * cat(1) does). */
int build_load(const dlrig_catalog *cat, const char *path, dlrig_build *out, char *err, size_t errlen);
/* build_load for a file dlrig found itself (in its builds folder, a
 * recovery file): only a regular file is read, never waited on. */
int build_load_found(const dlrig_catalog *cat, const char *path, dlrig_build *out, char *err, size_t errlen);
/* The build as its file document (version 4 when a line is owned; else 3
 * when dlrig generated the name, "name_from"; else 2 when an LLM
 * requirement or a GPU power limit is given, else 1).  Caller frees with
 * cJSON_Delete. */
cJSON *build_to_json(const dlrig_build *b);
/* The build file's text: build_to_json printed with two-space indents and a
 * final newline.  Caller frees. */
char *build_to_text(const dlrig_build *b);
/* Saves atomically (temp file, fsync, rename).  With overwrite false an
 * existing file is left alone (EIO with a message).  */
int build_save(const dlrig_build *b, const char *path, bool overwrite, char *err, size_t errlen);

#endif
