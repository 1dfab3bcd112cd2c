/*
 * build.h — a build: the requirements it was made for and the parts (with
 * quantities) of one node.  Loads and saves the build file format
 * ("format": "dlrig-build", "version": 1) and places GPUs in the board's slots.
 */
#ifndef DLRIG_BUILD_H
#define DLRIG_BUILD_H

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stddef.h>

#include "dlrig/catalog.h"

/* --require flags. */
enum {
    DLRIG_REQ_ECC = 1 << 0,
    DLRIG_REQ_NVLINK = 1 << 1,
    DLRIG_REQ_RDMA = 1 << 2,
    DLRIG_REQ_QUIET = 1 << 3,
    DLRIG_REQ_RACKMOUNT = 1 << 4,
};
#define DLRIG_REQ_NAMES "ecc, nvlink, rdma, quiet, rackmount"

/* Enumerations of the command-line contract, as NULL-terminated lists. */
extern const char *const dlrig_workload_ids[];    /* cnn, transformer, ... */
extern const char *const dlrig_environment_ids[]; /* office, server-room, datacenter */
extern const char *const dlrig_circuit_ids[];     /* 120v-15a, ... */
extern const char *const dlrig_precision_ids[];   /* fp32, mixed-fp16, bf16, fp8 */
extern const char *const dlrig_require_ids[];     /* ecc, nvlink, ... (bit i = 1 << i) */

/* Requirements.  Empty strings / NAN mean "not given". */
typedef struct dlrig_requirements {
    char workload[24];
    double model_params_m;
    double dataset_gb;
    double budget_usd;
    char framework[24];
    char precision[16];
    char environment[16];
    char circuit[16];
    int nodes;        /* 1 when not given */
    unsigned require; /* DLRIG_REQ_* */
} dlrig_requirements;

/* Sets every requirement to "not given" (nodes = 1). */
void requirements_init(dlrig_requirements *r);
/* Index of s in a NULL-terminated id list, or -1. */
int id_index(const char *const *ids, const char *s);
/* Parses a comma-separated --require list into *flags.  Returns 0, or -1
 * with the offending word in err. */
int requirements_parse_require(const char *list, unsigned *flags, char *err, size_t errlen);

/* Reads a build file's "requirements" object (also used by presets) into *r
 * (initialised by the caller with requirements_init): every field
 * type-checked, unknown fields rejected.  Returns 0, or DLRIG_BUILD_EINVAL
 * (2) with "LABEL: requirements.FIELD: what was expected" in err. */
int requirements_from_json(const dlrig_catalog *cat, const cJSON *obj, dlrig_requirements *r, const char *label,
                           char *err, size_t errlen);

typedef struct dlrig_item {
    const dlrig_part *part;
    int qty;
    bool cluster_scope; /* a cluster-wide part (a switch), counted once */
} dlrig_item;

typedef struct dlrig_build {
    char *name;
    cJSON *notes; /* the file's "notes" (any JSON value), kept verbatim for saving; NULL when absent */
    dlrig_requirements req;
    dlrig_item *items;
    size_t n_items, cap_items;
} dlrig_build;

/* An empty build named `name` (copied; NULL for "Untitled build"). */
void build_init(dlrig_build *b, const char *name);
void build_free(dlrig_build *b);
/* Deep copy of src into dst (dst uninitialised). */
void build_copy(dlrig_build *dst, const dlrig_build *src);
/* Adds qty of part (merging with an existing line of the same part). */
void build_add(dlrig_build *b, const dlrig_part *part, int qty);
/* Sets the quantity of part; 0 removes the line. */
void build_set_qty(dlrig_build *b, const dlrig_part *part, int qty);
/* Replaces every part of `cat` with qty of part (NULL: just removes them). */
void build_set_category(dlrig_build *b, dlrig_category cat, const dlrig_part *part, int qty);
/* First part of a category in the build and its quantity (0 when none). */
const dlrig_part *build_first(const dlrig_build *b, dlrig_category cat, int *qty);
/* Total quantity of a category. */
int build_count(const dlrig_build *b, dlrig_category cat);

/* Status codes of build_parse / build_load / build_save (the CLI exit codes). */
enum { DLRIG_BUILD_OK = 0, DLRIG_BUILD_EINVAL = 2, DLRIG_BUILD_EIO = 3 };

/* Parses a build document of len bytes (need not be NUL-terminated) against
 * the catalog.  `label` names the input in messages (a file name).  On
 * failure returns DLRIG_BUILD_EINVAL and writes a message naming the field
 * and what was expected (and, for an unknown part id, the closest ids) into
 * err; *out is then left empty but initialised. */
int build_parse(const dlrig_catalog *cat, const char *text, size_t len, const char *label, dlrig_build *out,
                char *err, size_t errlen);
/* Reads path (at most 1 MiB) and parses it. EIO when it cannot be read. */
int build_load(const dlrig_catalog *cat, const char *path, dlrig_build *out, char *err, size_t errlen);
/* The build as its file document. Caller frees with cJSON_Delete. */
cJSON *build_to_json(const dlrig_build *b);
/* Saves atomically (temp file, fsync, rename).  With overwrite false an
 * existing file is left alone (EIO with a message).  */
int build_save(const dlrig_build *b, const char *path, bool overwrite, char *err, size_t errlen);

/* ---- placement of cards in the board's slots ---- */

#define DLRIG_MAX_CARDS 24

typedef struct dlrig_placed {
    const dlrig_part *part; /* a GPU or NIC */
    int position;           /* board slot position, 0 when it could not be placed */
    int width;              /* positions the card covers */
    int link_width;         /* negotiated lanes: min(card, slot after lane sharing) */
    int link_gen;           /* negotiated PCIe generation */
    dlrig_attach attached_to;
    bool gap_after;         /* a free position right below the card */
} dlrig_placed;

typedef struct dlrig_placement {
    dlrig_placed cards[DLRIG_MAX_CARDS];
    size_t n_cards;   /* GPUs first (in build order), then NICs */
    size_t n_unplaced;
    int m2_used;      /* M.2 sockets taken by M.2 drives */
    int overhang;     /* positions a card may hang below the board (case slots - board positions) */
} dlrig_placement;

/* Places the build's GPUs, then its NICs, into the board's slots.
 * Deterministic: maximises cards placed, then total link width (electrical
 * x16 first), then air gaps between cards, then the topmost positions.
 * Slots hanging off CPU 2 are usable only with two CPUs; lane sharing (M.2
 * sockets and slot population) narrows or disables slots.  The search is
 * bounded (DLRIG_PLACE_MAX_STEPS): on a board with very many slots (a
 * --catalog) the best layout found within the bound is used. */
#define DLRIG_PLACE_MAX_STEPS 20000L
void build_place(const dlrig_build *b, dlrig_placement *out);

#endif
