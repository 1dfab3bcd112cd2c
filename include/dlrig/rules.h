/*
 * rules.h — compatibility and advice: pure functions from (build, catalog)
 * to findings, plus the build's totals.  Table-driven: every rule has a
 * stable id, a severity, a one-line message naming parts and numbers, a
 * longer "why" and a source.
 */
#ifndef DLRIG_RULES_H
#define DLRIG_RULES_H

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stddef.h>

#include "dlrig/build.h"
#include "dlrig/place.h"
#include "dlrig/catalog.h"

typedef enum { DLRIG_SEV_INFO = 0, DLRIG_SEV_WARNING = 1, DLRIG_SEV_ERROR = 2 } dlrig_severity;
const char *severity_name(dlrig_severity s); /* "info", "warning", "error" */

#define DLRIG_FINDING_PARTS 4

typedef struct dlrig_rule_info dlrig_rule_info;

typedef struct dlrig_finding {
    const dlrig_rule_info *rule; /* its row of the rule table (flags, fix recipe) */
    const char *id; /* stable, e.g. "cooling.open_air_dense" */
    dlrig_severity severity;
    char message[512];
    const char *why;    /* static text */
    const char *source; /* seed file name or public spec */
    const char *parts[DLRIG_FINDING_PARTS]; /* ids of the parts involved */
    int n_parts;
    bool unchecked; /* an info finding that says the rule could not judge (a figure the catalog lacks) */
} dlrig_finding;

typedef struct dlrig_totals {
    double price_usd;         /* whole plan: nodes x node + cluster parts; NAN parts excluded */
    double node_price_usd;
    int unpriced_parts;       /* lines with no known price */
    int owned_parts;          /* lines the buyer owns already: counted 0 in the prices */
    const char *oldest_price_date; /* the oldest month a line's price was observed ('YYYY-MM...'), NULL when none is dated */
    int undated_prices;       /* priced lines whose price has no date */
    double power_w;           /* rated draw of one node (W): GPUs at their limit, CPUs at TDP; PSU sizing */
    double peak_power_w;      /* with GPU transients */
    double load_w;            /* sustained draw running the workload, one node (power.h) */
    double wall_w;            /* at the wall, one node (load_w / PSU efficiency at that load) */
    double psu_w;             /* usable PSU capacity at the circuit's voltage, one node */
    int gpu_count;            /* per node */
    double vram_gb;           /* per node, total */
    double vram_max_gb;       /* largest single GPU */
    int ram_gb;               /* per node */
    int lanes_used, lanes_available; /* CPU PCIe lanes */
    int nodes;
} dlrig_totals;

/* The analysis of a build: totals, placement and findings.  Plain data; no
 * pointers into the build other than catalog parts. */
typedef struct dlrig_report {
    dlrig_totals totals;
    dlrig_placement placement;
    dlrig_finding *findings; /* sorted: errors, warnings, info; then by id */
    size_t n_findings, cap_findings;
    size_t counts[3];        /* per severity */
    const char **not_checked; /* static strings: physical checks dlrig does not make */
    size_t n_not_checked;
    /* Set by a caller that reads only the findings' ids, severities and
     * parts (the advisor judging thousands of builds): their messages are
     * then left empty instead of formatted.  Kept across calls. */
    bool ids_only;
} dlrig_report;

/* Runs every rule.  `rep` must be zero-initialised the first time; it may be
 * reused across calls (its buffers are kept).  Free with report_free. */
void rules_check(const dlrig_catalog *cat, const dlrig_build *b, dlrig_report *rep);
/* The same with a placement already computed by place_build for b (the
 * advisor reuses one placement for many builds that share it). */
void rules_check_placed(const dlrig_catalog *cat, const dlrig_build *b, const dlrig_placement *pl, dlrig_report *rep);
/* The positions in the rule table of the rules with every flag of `flags`
 * (DLRIG_RULE_*), into idx (at most cap); returns how many. */
size_t rules_indices(unsigned flags, size_t *idx, size_t cap);
/* The required categories b lacks (a GPU, CPU, board, memory, storage, PSU,
 * case, and a CPU cooler where the case takes one; a complete server brings
 * its board and supplies), into out (at most max); returns how many.
 * compat.missing_part's test. */
size_t rules_missing_categories(const dlrig_build *b, dlrig_category *out, size_t max);
/* As rules_check_placed, running only the rules at positions idx[0..n)
 * (from rules_indices: the advisor's early test of a build's frame); the
 * totals are computed in full. */
void rules_check_only(const dlrig_catalog *cat, const dlrig_build *b, const dlrig_placement *pl, const size_t *idx,
                      size_t n, dlrig_report *rep);
void report_free(dlrig_report *rep);
/* A finding's message for a list of its kind: for a "not checked" note,
 * what could not be judged ("the catalog has no length_mm for ..."), else
 * the whole message. */
const char *finding_detail(const dlrig_finding *f);
/* Whether the report has a finding with this id. */
const dlrig_finding *report_find(const dlrig_report *rep, const char *id);

/* How the advisor and the fix-its treat a rule (dlrig_rule_info.flags). */
enum {
    DLRIG_RULE_AVOID = 1u << 0, /* the advisor's builds never carry it (errors never: they are not acceptable) */
    DLRIG_RULE_FRAME = 1u << 1, /* judged by the build's frame alone (GPUs, board, CPUs, case, M.2 drives,
                                   bridge, NIC): one finding rejects every build of that frame */
    DLRIG_RULE_FIX = 1u << 2,   /* a warning dlrig offers fix-its for (errors always get them) */
    DLRIG_RULE_DRAFT = 1u << 3, /* a warning that makes a quote a draft to resolve, as errors do (over budget) */
};

/* One move of a rule's fix recipe: a kind of change fix.c tries on the
 * build, cheapest first, keeping those the rules then accept.  `cat` is a
 * dlrig_category where the move names one. */
typedef enum {
    DLRIG_MOVE_END = 0,          /* end of the recipe */
    DLRIG_MOVE_NAMED,            /* another part of each category the finding names */
    DLRIG_MOVE_REPLACE,          /* every priced part of `cat` in place of the build's */
    DLRIG_MOVE_REPLACE_PRESENT,  /* the same, only when the build has a part of `cat` */
    DLRIG_MOVE_REPLACE_OR_ADD,   /* replace the build's part of `cat`, or add one when it has none */
    DLRIG_MOVE_ADD,              /* one more line of each priced part of `cat` */
    DLRIG_MOVE_REMOVE,           /* take the build's part of `cat` out */
    DLRIG_MOVE_REMOVE_IN_SERVER, /* take the part of `cat` out when the chassis is a complete server */
    DLRIG_MOVE_MISSING,          /* a part for each required category the build lacks */
    DLRIG_MOVE_MEMORY,           /* every memory kit and quantity the board's slots take */
    DLRIG_MOVE_PLATFORM,         /* board and CPU (and cooler) together, for a CPU the board does not take */
    DLRIG_MOVE_CPU_SOCKETS,      /* as many CPUs as the board has sockets, or one */
    DLRIG_MOVE_SUPPLY,           /* another PSU, or another complete server when the chassis brings its own */
    DLRIG_MOVE_POWER_LIMITS,     /* GPU power limits (nvidia-smi -pl) */
    DLRIG_MOVE_FEWER_GPUS,       /* fewer of the same GPU, as many as work */
    DLRIG_MOVE_MORE_GPUS,        /* one to three more of the same GPU */
    DLRIG_MOVE_GPU_COUNT,        /* the same GPU at each count the requirements allow (min_gpus..max_gpus) */
    DLRIG_MOVE_MORE_DRIVES,      /* one or two more of the same drive */
    DLRIG_MOVE_ADD_BRIDGES,      /* NVLink bridges for the GPU pairs */
    DLRIG_MOVE_BIGGER_CIRCUIT,   /* a requirement change: a wall circuit that carries more */
    DLRIG_MOVE_DROP_REQ,         /* a requirement change: drop the must-have `cat` (a dlrig_must_have) */
    DLRIG_MOVE_PRECISIONS,       /* a requirement change: another training precision */
    DLRIG_MOVE_UNDER_BUDGET,     /* cheaper memory, storage, case, PSU or cooler, alone or together (the fewest
                                    parts that do), bringing the total within the budget; GPUs, CPU, board kept */
    DLRIG_MOVE_RAISE_BUDGET,     /* a requirement change: the budget raised to the total */
    DLRIG_MOVE_LAST = DLRIG_MOVE_RAISE_BUDGET
} dlrig_move_op;

typedef struct dlrig_fix_move {
    unsigned char op;  /* dlrig_move_op */
    unsigned char cat; /* dlrig_category or dlrig_must_have, where op names one */
} dlrig_fix_move;

#define DLRIG_RULE_MOVES 6

/* A rule of the table: what it is for help screens and docs, and how the
 * advisor and the fix-its treat it. */
typedef struct dlrig_rule_info {
    const char *id;
    dlrig_severity severity; /* usual severity */
    const char *summary;
    const char *why;
    const char *source;
    unsigned flags;                          /* DLRIG_RULE_* */
    dlrig_fix_move fix[DLRIG_RULE_MOVES];    /* the fix recipe, in order; ends at DLRIG_MOVE_END */
} dlrig_rule_info;
const dlrig_rule_info *rules_list(size_t *n);
const dlrig_rule_info *rules_info(const char *id);

/* ---- the power model, shared by the rules and the advisor ---- */

/* Sustained draw of one unit of a part (W): TDPs from the catalog, and
 * documented allowances where the catalog has no figure (board, DIMMs,
 * drives, fans, NICs). */
double part_power_w(const dlrig_part *p);
/* Usable output of qty units of a PSU at the circuit's voltage (NULL: 230 V);
 * 0 when the unit is not rated for that input.  Redundant server units
 * count N-1. */
double psu_capacity_w(const dlrig_psu *p, int qty, const dlrig_circuit *circuit);
/* The largest rated draw the rules accept on that PSU (the headroom margin,
 * constraint_psu_max_load_w). */
double psu_max_load_w(const dlrig_psu *p, int qty, const dlrig_circuit *circuit);
/* Whether qty PSUs have the power connectors n GPUs and ncpu CPUs need. */
bool psu_connectors_ok(const dlrig_psu *p, int qty, const dlrig_gpu *g, int n, int ncpu);

/* Whether a case's comma-separated form factor list takes a board form
 * factor (SSI-EEB and EEB, SSI-CEB and CEB are the same size). */
bool form_factor_fits(const char *list, const char *ff);
/* Whether a build in case cs needs its own CPU cooler: towers and rack cases
 * that take standard coolers do; rack servers ship their own heatsinks.
 * (NULL: no case chosen yet, so yes.) */
bool case_needs_cpu_cooler(const dlrig_case *cs);
/* Whether a chassis is a complete server with its own power supplies (then
 * the build needs no PSU; a listed one is an error). */
bool case_has_psus(const dlrig_case *cs);
/* Usable output of a chassis' own supplies at the circuit's voltage (NULL:
 * 230 V): (psu_count - psu_redundant) x the rating, i.e. what is left with
 * the redundant units failed; 0 when it has none or no rating for that
 * input.  The largest rated draw the rules accept on them (the same
 * headroom margin as for a PSU). */
double case_psu_capacity_w(const dlrig_case *cs, const dlrig_circuit *circuit);
double case_psu_max_load_w(const dlrig_case *cs, const dlrig_circuit *circuit);
/* Whether a CPU runs on a board: same socket, and a family the board lists
 * (cpu_families; NULL takes any CPU of the socket).  compat.socket's test. */
bool board_takes_cpu(const dlrig_motherboard *b, const dlrig_cpu *cpu);

/* The check document ("name", "ok", "totals", "prices", "findings"; man page). */
cJSON *report_to_json(const dlrig_build *b, const dlrig_report *rep);

#endif
