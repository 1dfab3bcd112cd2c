/*
 * fix.h — fix-its: concrete changes that resolve a build's findings.
 *
 * A fix is a short list of changes (replace a part, add one, remove one,
 * change a quantity, limit the GPUs' power, change a requirement) with its
 * price change and the
 * findings it resolves.  Nothing is guessed: every candidate change is applied
 * to a copy of the build and the rules are run again (rules_check); a fix is
 * offered only when it makes the finding go away without adding an error.
 * Fixes are ranked by kind (changes of parts first, then a GPU power limit,
 * then fewer GPUs, then a change of the requirements) and within a kind by price change, cheapest
 * first.  Replacement GPUs are never weaker than the card they replace (as
 * much memory and tensor throughput or more): fewer or weaker GPUs are a
 * compromise, offered as such.
 */
#ifndef DLRIG_FIX_H
#define DLRIG_FIX_H

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stddef.h>

#include "dlrig/build.h"
#include "dlrig/catalog.h"
#include "dlrig/rules.h"

typedef enum {
    DLRIG_CHANGE_REPLACE,     /* part -> with, qty units */
    DLRIG_CHANGE_ADD,         /* qty units of with */
    DLRIG_CHANGE_REMOVE,      /* every unit of part */
    DLRIG_CHANGE_QTY,         /* part from qty_from to qty units */
    DLRIG_CHANGE_REQUIREMENT, /* requirement `key` from old_value to value */
    DLRIG_CHANGE_POWER_LIMIT, /* every card of GPU part limited to qty W (qty_from: the limit before, 0 none) */
} dlrig_change_op;

/* One change to a build.  Parts belong to the catalog. */
typedef struct dlrig_change {
    dlrig_change_op op;
    const dlrig_part *part; /* REPLACE: the part taken out; REMOVE, QTY: the part; ADD: NULL */
    const dlrig_part *with; /* REPLACE, ADD: the part put in */
    int qty_from, qty;      /* units before and after */
    const char *key;        /* REQUIREMENT: the requirement's JSON key (static) */
    char old_value[48], value[48];
} dlrig_change;

/* The kinds of fix, in the order they are offered. */
typedef enum {
    DLRIG_FIX_PARTS = 0,       /* other or more parts; the GPUs keep their number and strength */
    DLRIG_FIX_POWER_LIMIT = 1, /* the GPUs limited (nvidia-smi -pl): the same cards, a few percent slower */
    DLRIG_FIX_FEWER_GPUS = 2,  /* fewer GPUs: it works, at less speed */
    DLRIG_FIX_REQUIREMENT = 3, /* what the build is for changes (another circuit, precision, ...) */
} dlrig_fix_kind;

#define DLRIG_FIX_CHANGES 4
#define DLRIG_FIX_IDS 8

typedef struct dlrig_fix {
    dlrig_fix_kind kind;
    dlrig_change changes[DLRIG_FIX_CHANGES];
    int n_changes;
    double price_delta_usd;                /* whole plan (all nodes), after minus before */
    bool price_complete;                   /* false: a part it takes out or puts in has no price (not counted) */
    const char *resolves[DLRIG_FIX_IDS];   /* ids of findings it removes (errors and warnings; static) */
    int n_resolves;
    const char *introduces[DLRIG_FIX_IDS]; /* ids of warnings it adds (it never adds an error; static) */
    int n_introduces;
    char summary[320];                     /* "Replace Xeon w7-2495X with Threadripper 7960X" */
} dlrig_fix;

/* Whether findings with this id and severity get fixes: every error, and
 * the warnings a change of parts can resolve. */
bool fix_wanted(const dlrig_finding *f);

/* The fixes of finding `which` of rep (the report of b, from rules_check),
 * best first, at most max of them written to out; returns how many.  kinds
 * is a mask of (1 << dlrig_fix_kind) to consider.  b is not changed. */
#define DLRIG_FIX_ALL_KINDS 15u
size_t fix_finding(const dlrig_catalog *cat, const dlrig_build *b, const dlrig_report *rep, size_t which,
                   unsigned kinds, dlrig_fix *out, size_t max);

/* Applies a fix's changes to b (requirements through the requirement table). */
void fix_apply(dlrig_build *b, const dlrig_fix *f);

/* The fix as check --json writes it: {"summary", "kind", "changes": [...],
 * "price_delta_usd", "resolves", "introduces"}.  Caller frees. */
cJSON *fix_to_json(const dlrig_fix *f);

/* Adds a "fix" array (best first, at most max_per_finding) to every finding
 * of doc (a report_to_json document of b and rep, findings in rep's order)
 * that has fixes. */
void fix_annotate_json(const dlrig_catalog *cat, const dlrig_build *b, const dlrig_report *rep, cJSON *doc,
                       size_t max_per_finding);

/* The repair of every error of a build (dlrig fix, the builder's F). */
typedef struct dlrig_repair {
    dlrig_fix *steps;         /* the fixes applied, in order */
    size_t n_steps;
    double price_before_usd, price_after_usd;
    dlrig_report after;       /* the repaired build's report */
    /* errors left, each with the best fixes of the kinds not allowed (for
     * the message: "with 3 GPUs (-$1,599) or a 120v-20a circuit") */
    dlrig_finding *left;
    size_t n_left;
    dlrig_fix *left_options;  /* DLRIG_REPAIR_OPTIONS per left finding */
    size_t *n_left_options;
} dlrig_repair;
#define DLRIG_REPAIR_OPTIONS 3

/* Repairs b in place: while an error is left, applies a fix of the allowed
 * kinds (mask of 1 << dlrig_fix_kind), re-checking after each.  Greedy with
 * a one-step look-ahead: each step tries the three best fixes of every
 * error, completes each greedily (the best fix of the first error left, and
 * so on) and keeps the step whose completion leaves the fewest errors, then
 * takes the fewest changes, then costs least.  Fills *out (free with
 * fix_repair_free); returns the number of errors left (0: repaired). */
size_t fix_repair(const dlrig_catalog *cat, dlrig_build *b, unsigned kinds, dlrig_repair *out);
void fix_repair_free(dlrig_repair *r);

#endif
