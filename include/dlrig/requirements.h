/*
 * requirements.h — what a build is for (workload, model and dataset size,
 * budget, ...), declared once as a table of fields.
 *
 * Every requirement field has exactly one row in the table: its JSON key,
 * command-line option, kind, unit, bounds, default and help.  The build file
 * reader and writer, the command line (options, usage text, validation), the
 * terminal wizard's typed amounts and the exported documents all go through
 * the functions below, so a value one of them accepts the others accept too.
 * Adding a requirement is one row in requirements.c plus its struct member.
 */
#ifndef DLRIG_REQUIREMENTS_H
#define DLRIG_REQUIREMENTS_H

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stddef.h>

#include "dlrig/catalog.h"
#include "dlrig/vocab.h"

/* --require flags (vocab.h: DLRIG_MUST_HAVES). */
enum {
    DLRIG_REQ_ECC = 1 << DLRIG_MUST_ECC,
    DLRIG_REQ_NVLINK = 1 << DLRIG_MUST_NVLINK,
    DLRIG_REQ_RDMA = 1 << DLRIG_MUST_RDMA,
    DLRIG_REQ_QUIET = 1 << DLRIG_MUST_QUIET,
    DLRIG_REQ_RACKMOUNT = 1 << DLRIG_MUST_RACKMOUNT,
    DLRIG_REQ_OPEN_FRAME = 1 << DLRIG_MUST_OPEN_FRAME,
};

/* Enumerations of the command-line contract, as NULL-terminated lists (the
 * choices of the table's fields; declared in requirements.c only).  The
 * workloads, circuits and frameworks are rows of the catalog instead:
 * requirements_choices lists them. */
extern const char *const dlrig_environment_ids[]; /* office, server-room, datacenter */
extern const char *const dlrig_precision_ids[];   /* fp32, mixed-fp16, bf16, fp8 */
extern const char *const dlrig_require_ids[];     /* ecc, nvlink, ... (bit i = 1 << i) */
/* The same choices as a reader names them ("Server room", "Quiet (desk-side)"). */
extern const char *const dlrig_environment_labels[];
extern const char *const dlrig_require_labels[];

/* Requirements.  Empty strings, NAN and 0 (whole numbers) mean "not given";
 * nodes is 1 when not given. */
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
    /* LLM requirements (build file version 2) */
    char model[96];         /* a model name or repository id */
    char method[16];        /* inference, lora, qlora, full */
    char weights[16];       /* fp16, nf4, ... or bits per weight as text ("4.85") */
    int context_tokens;     /* 0 when not given */
    int batch;              /* 0 when not given */
    int prompt_tokens;      /* a served request's prompt; the table's default when not given */
    int output_tokens;      /* tokens generated for a served request; the table's default when not given */
    char optimizer[16];     /* adamw, adamw-8bit, sgd */
    char offload[24];       /* none, optimizer, optimizer+weights */
    double active_params_m; /* active parameters of a mixture of experts */
    bool allow_used;        /* second-hand (used, refurbished) price offers may price parts; off when not given */
    bool no_power_limit;    /* the advisor never proposes GPU power limits; off when not given */
    /* the purchase's shape (build file version 2): 0 / NAN / false when not given */
    int min_gpus, max_gpus; /* GPUs a node: at least, at most (both: exactly) */
    double min_vram_gb;     /* VRAM each card has at least */
    bool one_card;          /* the job fits on one card: no sharding of the model over GPUs */
    /* a second job the same box must run (a workload mix): a language model, its method and weights */
    char also_model[96];
    char also_method[16];
    char also_weights[16];
} dlrig_requirements;

/* The kinds of value a field holds. */
typedef enum dlrig_reqkind {
    DLRIG_RK_ENUM,      /* one of a fixed list (char[]) */
    DLRIG_RK_ENUM_BITS, /* one of a fixed list, or a number of bits (weights; char[]) */
    DLRIG_RK_CATALOG,   /* an id of a catalog table: framework, workload, circuit (char[]) */
    DLRIG_RK_NUMBER,    /* a number above lo, at most hi (double, NAN when not given) */
    DLRIG_RK_WHOLE,     /* a whole number from lo to hi (int) */
    DLRIG_RK_FLAGS,     /* a comma-separated list of flags (unsigned bit set) */
    DLRIG_RK_BOOL,      /* yes or no (bool) */
    DLRIG_RK_STRING,    /* a name: letters, digits and - _ . / : + (char[]) */
} dlrig_reqkind;

/* Units of numbers: each has a parser for typed values with a suffix. */
typedef enum dlrig_unit {
    DLRIG_UNIT_NONE,     /* a plain number */
    DLRIG_UNIT_PARAMS_M, /* millions of parameters: 350M, 13B, 1.3T, 500k */
    DLRIG_UNIT_GB,       /* gigabytes: 800, 800GB, 3TB, 1.5PB, 500MB */
    DLRIG_UNIT_USD,      /* US dollars: 12500, 12.5k, $12,500, 2M */
    DLRIG_UNIT_TOKENS,   /* tokens: 8k, 128k, 131072, 1M */
} dlrig_unit;

/* One requirement field. */
typedef struct dlrig_reqfield {
    const char *key;      /* JSON key in "requirements" */
    const char *option;   /* command-line long option, without the dashes */
    char short_opt;       /* short option letter, or 0 */
    const char *metavar;  /* the option's value in usage lines */
    const char *label;    /* display label ("Model size") */
    dlrig_reqkind kind;
    dlrig_unit unit;
    const char *const *choices; /* ENUM, ENUM_BITS, FLAGS: NULL-terminated */
    const char *const *labels;  /* ENUM, ENUM_BITS, FLAGS: each choice as a reader names it ("Server room"), in the
                                   order of choices; BOOL: the words for no and yes; NULL: the ids themselves */
    dlrig_vocab_table table;    /* CATALOG: the table whose ids it takes */
    const char *noun;           /* CATALOG: what messages call an unknown one ("framework"); NULL: "value" */
    double lo, hi;              /* NUMBER: lo < v <= hi; WHOLE and ENUM_BITS bits: lo <= v <= hi */
    const char *def;            /* default value as text, NULL when none */
    const char *def_help;       /* what "not given" means, for help ("the workload's reference model") */
    const char *suffix;         /* shown after a number ("M parameters", " GB"); NULL for none */
    const char *help;           /* one line of help */
    size_t offset, size;        /* the member in dlrig_requirements */
    int version;                /* build file version that introduced the field (1 or 2) */
    bool planning;              /* an input of the planning (the budget), not a property of the machine a
                                   customer buys: quotes leave it out (requirements_format_reader) */
} dlrig_reqfield;

/* The table, in the order of the build file and the help text. */
const dlrig_reqfield *requirements_fields(size_t *n);
/* A field by its JSON key ("model_params_m") or its option ("model-params-m",
 * with or without the leading dashes); NULL when there is none. */
const dlrig_reqfield *requirements_field(const char *key);
const dlrig_reqfield *requirements_field_by_option(const char *option);

/* Sets every requirement to "not given" (nodes = 1). */
void requirements_init(dlrig_requirements *r);
/* Fills the fields that are not given with their defaults (precision
 * mixed-fp16, the workload cat marks as the default, ...; cat may be NULL:
 * then catalog fields stay not given). */
void requirements_apply_defaults(const dlrig_catalog *cat, dlrig_requirements *r);
/* The field's default value when not given, from the table (NULL when it
 * has none; catalog fields have none here: see requirements_default_in). */
const char *requirements_default(const char *key);
/* The field's default value in catalog cat: the table's, or for the
 * workload the row cat marks as the default (catalog_default_workload).
 * NULL when none (or cat is NULL for a catalog field). */
const char *requirements_default_in(const dlrig_reqfield *f, const dlrig_catalog *cat);
/* The workload r is for in cat: the one it names, else the catalog's default
 * workload; NULL when r names one cat does not have. */
const dlrig_workload *requirements_workload(const dlrig_catalog *cat, const dlrig_requirements *r);
/* The values field f takes, NULL-terminated, in the order lists show them:
 * ENUM, ENUM_BITS and FLAGS their fixed list, CATALOG the ids of its table
 * in cat (NULL when cat is NULL).  The list belongs to the table or cat. */
const char *const *requirements_choices(const dlrig_reqfield *f, const dlrig_catalog *cat);
/* Whether the field is given in r. */
bool requirements_given(const dlrig_reqfield *f, const dlrig_requirements *r);
/* The value of a number field (NUMBER: NAN when not given; WHOLE: as a double). */
double requirements_number(const dlrig_reqfield *f, const dlrig_requirements *r);
/* Copies into dst every field given in src. */
void requirements_overlay(dlrig_requirements *dst, const dlrig_requirements *src);
/* Index of s in a NULL-terminated id list, or -1. */
int id_index(const char *const *ids, const char *s);
/* The requirement's precision and environment as their vocab.h enums
 * (..._UNKNOWN when not given). */
dlrig_precision requirements_precision(const dlrig_requirements *r);
dlrig_environment requirements_environment(const dlrig_requirements *r);
/* The precision r computes at: the one it names, else the default
 * (mixed-fp16); also "tf32" (DLRIG_PRECISION_TF32), which the calibration
 * tables' builds name.  DLRIG_PRECISION_UNKNOWN for any other text. */
dlrig_precision requirements_effective_precision(const dlrig_requirements *r);
/* The name of a precision ("fp32", ..., "tf32"); NULL for UNKNOWN. */
const char *requirements_precision_name(dlrig_precision p);
/* Appends the list joined with ", " to b. */
struct strbuf;
void requirements_join(struct strbuf *b, const char *const *ids);

/* Parses a typed value (a command-line option, a wizard answer) of field f,
 * with its unit ("13B", "$12,500", "128k"), into *r.  `name` is how messages
 * name the field ("--model-params-m", "model size"); `cat` checks catalog ids
 * (workloads, circuits, frameworks; NULL: catalog ids are taken as given).  Returns 0, or -1 with a message in
 * err naming the field and what was expected, with the limits in the unit. */
int requirements_parse_text(const dlrig_reqfield *f, const char *text, const char *name, const dlrig_catalog *cat,
                            dlrig_requirements *r, char *err, size_t errlen);
/* Parses a number with the unit's suffixes (no range check).  Returns false
 * when text is not one. */
bool requirements_parse_amount(dlrig_unit unit, const char *text, double *out);
/* Parses a comma-separated --require list into *flags.  Returns 0, or -1
 * with the offending word in err. */
int requirements_parse_require(const char *list, unsigned *flags, char *err, size_t errlen);

/* Reads a build file's "requirements" object (also used by presets) into *r
 * (initialised by the caller with requirements_init): every field
 * type-checked, unknown fields rejected.  Returns 0, or DLRIG_BUILD_EINVAL
 * (2) with "LABEL: requirements.FIELD: what was expected" in err. */
int requirements_from_json(const dlrig_catalog *cat, const cJSON *obj, dlrig_requirements *r, const char *label,
                           char *err, size_t errlen);
/* Adds every given field of r to the object o (nodes and require always). */
void requirements_to_json(const dlrig_requirements *r, cJSON *o);
/* The build file version r needs: 2 when an LLM field is given, else 1. */
int requirements_version(const dlrig_requirements *r);

/* The field's value for display ("13B parameters", "$12,500", a workload's name),
 * written into buf; returns buf, or NULL when the field is not given (nodes:
 * when it is 1).  `cat` names catalog ids (workload names); may be NULL. */
const char *requirements_format(const dlrig_reqfield *f, const dlrig_requirements *r, const dlrig_catalog *cat,
                                char *buf, size_t len);
/* The field's value as a customer reads it, without dlrig's ids: each
 * choice by its label ("Server room", "Mixed precision (FP16)", "ECC memory
 * (GPU and RAM), Quiet (desk-side)"), a circuit by its volts and amps ("208 V
 * / 30 A circuit"), a workload, framework or model by the catalog's name
 * ("PyTorch", "Llama 3.3 70B"), numbers with their unit and thousands
 * separators ("70B parameters", "4,096 tokens", "1 sequence").  Returns buf,
 * or NULL when the field is not given or is a planning input (f->planning). */
const char *requirements_format_reader(const dlrig_reqfield *f, const dlrig_requirements *r,
                                       const dlrig_catalog *cat, char *buf, size_t len);
/* A number in the unit, short ("10T", "100PB", "$1,000,000,000"). */
const char *requirements_format_amount(dlrig_unit unit, double v, char *buf, size_t len);
/* What a field's value looks like, for help and messages ("millions of
 * parameters: 350M, 13B, 1.3T", "cnn, transformer, ..."); appended to b.
 * A catalog field lists the ids of cat (NULL: names the table instead). */
void requirements_describe(const dlrig_reqfield *f, const dlrig_catalog *cat, struct strbuf *b);

#endif
