/*
 * catalog.h — the parts catalog: opens the SQLite database (the embedded
 * image by default, or a file) and loads it into typed, read-only structs.
 *
 * All SQL in dlrig lives in src/core/catalog.c.  Everything the rest of the
 * core needs about a part is in the structs below; the column lists are
 * X-macros so that loading, `dlrig show`, `dlrig parts --json`, sorting and
 * the TUI's columns all come from one description of each table.
 */
#ifndef DLRIG_CATALOG_H
#define DLRIG_CATALOG_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>

#include "dlrig/price.h"
#include "dlrig/userdb.h"
#include "dlrig/vocab.h"

#include "dlrig/catalog_version.h"

/* "Not known" markers: NAN for REAL fields, DLRIG_NA for INT fields, NULL for strings. */
#define DLRIG_NA INT_MIN

typedef enum {
    DLRIG_CAT_GPU,
    DLRIG_CAT_CPU,
    DLRIG_CAT_MOTHERBOARD,
    DLRIG_CAT_MEMORY,
    DLRIG_CAT_STORAGE,
    DLRIG_CAT_PSU,
    DLRIG_CAT_CASE,
    DLRIG_CAT_COOLER,
    DLRIG_CAT_NIC,
    DLRIG_CAT_NVLINK_BRIDGE,
    DLRIG_CAT_SWITCH,
    DLRIG_CAT_COUNT
} dlrig_category;

/* Field kinds.  BOOL is stored as int 0/1; LIST is a comma-separated string
 * shown as a JSON array. */
typedef enum { DLRIG_F_STR, DLRIG_F_REAL, DLRIG_F_INT, DLRIG_F_BOOL, DLRIG_F_LIST } dlrig_field_kind;

#define DLRIG_CT_STR const char *
#define DLRIG_CT_REAL double
#define DLRIG_CT_INT int
#define DLRIG_CT_BOOL int
#define DLRIG_CT_LIST const char *
#define DLRIG_FIELD_DECL(kind, name) DLRIG_CT_##kind name;

/* Columns common to every part table, in schema order. */
#define DLRIG_PART_FIELDS(X)                                                  \
    X(STR, id) X(STR, vendor) X(STR, name) X(REAL, price_usd) X(STR, price_date) \
    X(INT, year) X(STR, source) X(STR, note)

#define DLRIG_GPU_FIELDS(X)                                                   \
    X(STR, architecture) X(STR, segment) X(REAL, launch_price_usd)            \
    X(REAL, vram_gb) X(STR, memory_type) X(REAL, bandwidth_gbs)               \
    X(REAL, fp32_tflops) X(REAL, fp16_tensor_tflops) X(REAL, bf16_tensor_tflops) \
    X(REAL, fp8_tensor_tflops) X(REAL, fp64_tflops) X(INT, tdp_w) X(REAL, slots) \
    X(STR, cooler) X(INT, length_mm) X(INT, power_6pin) X(INT, power_8pin)     \
    X(INT, power_12vhpwr) X(INT, power_eps8) X(INT, pcie_gen) X(INT, pcie_lanes) \
    X(STR, nvlink) X(REAL, nvlink_gbs) X(BOOL, ecc) X(BOOL, gpudirect_rdma)    \
    X(INT, max_per_machine) X(STR, max_note) X(STR, form_factor) X(REAL, l2_cache_mb) \
    X(REAL, fp64_tensor_tflops)

#define DLRIG_CPU_FIELDS(X)                                                   \
    X(STR, family) X(STR, socket) X(INT, cores) X(INT, threads) X(REAL, base_ghz) \
    X(REAL, boost_ghz) X(INT, pcie_lanes) X(INT, pcie_gen) X(STR, memory_type)  \
    X(INT, memory_channels) X(BOOL, ecc) X(BOOL, rdimm) X(INT, max_memory_gb)   \
    X(INT, tdp_w) X(INT, max_sockets)

#define DLRIG_MOTHERBOARD_FIELDS(X)                                           \
    X(STR, socket) X(INT, cpu_sockets) X(STR, chipset) X(STR, form_factor)     \
    X(STR, memory_type) X(INT, memory_slots) X(INT, max_memory_gb) X(BOOL, rdimm) \
    X(BOOL, ecc) X(INT, expansion_positions) X(INT, m2_slots)                  \
    X(STR, onboard_network) X(INT, chipset_lanes) X(LIST, cpu_families)

#define DLRIG_MEMORY_FIELDS(X)                                                \
    X(STR, type) X(INT, capacity_gb) X(INT, modules) X(INT, speed_mts)         \
    X(BOOL, ecc) X(BOOL, registered) X(REAL, power_w)

#define DLRIG_STORAGE_FIELDS(X)                                               \
    X(STR, kind) X(STR, form_factor) X(INT, pcie_gen) X(INT, capacity_gb)      \
    X(INT, seq_read_mbs) X(INT, seq_write_mbs) X(REAL, power_w)

#define DLRIG_PSU_FIELDS(X)                                                   \
    X(INT, watts) X(INT, watts_115v) X(STR, efficiency) X(STR, form_factor)    \
    X(INT, pcie_8pin) X(INT, hpwr) X(INT, eps8) X(BOOL, redundant)

#define DLRIG_CASE_FIELDS(X)                                                  \
    X(STR, kind) X(INT, rack_units) X(LIST, form_factors) X(INT, max_gpu_length_mm) \
    X(INT, max_cooler_height_mm) X(INT, expansion_slots) X(INT, max_gpus)      \
    X(BOOL, forced_airflow) X(STR, psu_form_factor) X(STR, noise) X(STR, board_id) \
    X(INT, psu_count) X(INT, psu_watts) X(INT, psu_watts_115v) X(INT, psu_redundant) \
    X(STR, psu_efficiency) X(BOOL, cpu_heatsinks) X(INT, sxm_gpus) X(LIST, sxm_gpu_ids)    \
    X(INT, riser_pcie_gen) X(INT, riser_mm)

#define DLRIG_COOLER_FIELDS(X)                                                \
    X(STR, kind) X(INT, height_mm) X(INT, radiator_mm) X(LIST, sockets) X(INT, tdp_rating_w)

#define DLRIG_NIC_FIELDS(X)                                                   \
    X(STR, protocol) X(INT, speed_gbps) X(INT, ports) X(BOOL, rdma) X(INT, pcie_gen) \
    X(INT, pcie_lanes) X(REAL, power_w)

#define DLRIG_NVLINK_BRIDGE_FIELDS(X)                                         \
    X(STR, generation) X(INT, slot_spacing) X(INT, gpus) X(INT, per_pair)

#define DLRIG_SWITCH_FIELDS(X)                                                \
    X(STR, protocol) X(INT, speed_gbps) X(INT, ports) X(INT, rack_units) X(REAL, power_w)

/* Common head of every part.  Every category struct starts with it, so a
 * `const dlrig_part *` can point at any of them. */
typedef struct dlrig_offer dlrig_offer;

typedef struct dlrig_part {
    DLRIG_PART_FIELDS(DLRIG_FIELD_DECL)
    dlrig_category category;
    double catalog_price_usd; /* the catalog row's own price (price_usd is the policy's pick, new_price.usd) */
    dlrig_price new_price;    /* a new part's price: price.h's policy over the row, the catalog's new offers
                                 and the user's price lists */
    dlrig_price used_price;   /* the cheapest current second-hand offer (price_none() when there is none) */
} dlrig_part;

/* A priced offer of a part beside its own (new) price: a used or refurbished
 * market price, or another dated new price. */
struct dlrig_offer {
    const char *part_id;
    const char *condition;  /* "new", "used" or "refurbished" */
    double price_usd;
    const char *price_date; /* YYYY-MM */
    const char *market;     /* where it sells: "eBay", ... */
    const char *source;     /* id of a source row */
    const char *note;
    dlrig_condition condition_kind; /* condition, decoded */
};

typedef struct dlrig_arch dlrig_arch;

typedef struct dlrig_gpu {
    dlrig_part p;
    DLRIG_GPU_FIELDS(DLRIG_FIELD_DECL)
    const dlrig_arch *arch;
    dlrig_gpu_cooler cooler_type; /* cooler, decoded */
    dlrig_gpu_segment segment_kind; /* segment, decoded */
    dlrig_gpu_form form;            /* form_factor, decoded */
} dlrig_gpu;

typedef struct dlrig_cpu {
    dlrig_part p;
    DLRIG_CPU_FIELDS(DLRIG_FIELD_DECL)
} dlrig_cpu;

/* What a slot or M.2 socket hangs off.  UNKNOWN: an M.2 socket the catalog
 * lists without its attachment (slots always have one). */
typedef enum {
    DLRIG_ATTACH_CHIPSET = 0,
    DLRIG_ATTACH_CPU1 = 1,
    DLRIG_ATTACH_CPU2 = 2,
    DLRIG_ATTACH_UNKNOWN = 3
} dlrig_attach;

typedef struct dlrig_slot {
    int position, physical_width, electrical_width, pcie_gen;
    dlrig_attach attached_to;
    const char *note;
} dlrig_slot;

/* An M.2 socket.  pcie_gen and lanes are 0, and attached_to is
 * DLRIG_ATTACH_UNKNOWN, where the catalog knows the socket but not its link. */
typedef struct dlrig_m2 {
    int idx, pcie_gen, lanes;
    dlrig_attach attached_to;
} dlrig_m2;

typedef struct dlrig_lane_share {
    int slot_position;  /* affected slot */
    bool trigger_m2;    /* trigger is an M.2 socket (else a slot position) */
    int trigger_index;
    int width_when;     /* 0 = disabled */
} dlrig_lane_share;

typedef struct dlrig_motherboard {
    dlrig_part p;
    DLRIG_MOTHERBOARD_FIELDS(DLRIG_FIELD_DECL)
    dlrig_slot *slots;  /* sorted by position */
    size_t n_slots;
    dlrig_m2 *m2;
    size_t n_m2;
    dlrig_lane_share *shares;
    size_t n_shares;
} dlrig_motherboard;

typedef struct dlrig_memory { dlrig_part p; DLRIG_MEMORY_FIELDS(DLRIG_FIELD_DECL) } dlrig_memory;
typedef struct dlrig_storage {
    dlrig_part p;
    DLRIG_STORAGE_FIELDS(DLRIG_FIELD_DECL)
    dlrig_storage_kind storage_kind; /* kind, decoded */
} dlrig_storage;
typedef struct dlrig_psu {
    dlrig_part p;
    DLRIG_PSU_FIELDS(DLRIG_FIELD_DECL)
    dlrig_psu_form form; /* form_factor, decoded */
} dlrig_psu;
/* A case or chassis.  A complete server brings its own board (board_id,
 * resolved to `board`), power supplies (psu_count > 0) and CPU heatsinks; an
 * HGX server also a GPU baseboard with sxm_gpus SXM sockets for the GPUs
 * listed in sxm_gpu_ids. */
typedef struct dlrig_case {
    dlrig_part p;
    DLRIG_CASE_FIELDS(DLRIG_FIELD_DECL)
    const struct dlrig_motherboard *board; /* the built-in board, NULL for an empty case */
    dlrig_case_kind case_kind;             /* kind, decoded */
    dlrig_noise noise_level;               /* noise, decoded */
    dlrig_psu_form psu_form;               /* psu_form_factor, decoded (UNKNOWN when NULL) */
} dlrig_case;
typedef struct dlrig_cooler {
    dlrig_part p;
    DLRIG_COOLER_FIELDS(DLRIG_FIELD_DECL)
    dlrig_cooler_kind cooler_kind; /* kind, decoded */
} dlrig_cooler;
typedef struct dlrig_nic { dlrig_part p; DLRIG_NIC_FIELDS(DLRIG_FIELD_DECL) } dlrig_nic;
typedef struct dlrig_switch { dlrig_part p; DLRIG_SWITCH_FIELDS(DLRIG_FIELD_DECL) } dlrig_switch;

typedef struct dlrig_nvlink_bridge {
    dlrig_part p;
    DLRIG_NVLINK_BRIDGE_FIELDS(DLRIG_FIELD_DECL)
    const dlrig_gpu **fits; /* GPUs the bridge fits */
    size_t n_fits;
} dlrig_nvlink_bridge;

/* ---- reference tables ---- */

#define DLRIG_ARCH_FIELDS(X)                                                  \
    X(STR, id) X(STR, vendor) X(STR, name) X(INT, year) X(STR, platform)       \
    X(BOOL, tensor_cores) X(BOOL, tf32) X(BOOL, bf16) X(BOOL, fp8) X(BOOL, fp4) \
    X(REAL, tensor_generation_share) X(INT, consumer_p2p) X(INT, cuda12)      \
    X(REAL, pro_train_tflops_per_w) X(STR, source) X(STR, note) X(REAL, long_attention_share)
/* An architecture (table `architecture`; db/schema.sql says what each
 * column means).  The models read a generation's behaviour from these
 * fields, never from its id: tensor_generation_share (the share of its
 * tensor peak training code reaches), consumer_p2p (0: its consumer cards
 * have no PCIe peer-to-peer; DLRIG_NA: not known), cuda12 (0: CUDA 12
 * dropped it; DLRIG_NA off CUDA) and pro_train_tflops_per_w (the training
 * rate a watt holds on its full-rate-accumulate cards; NAN: no cap). */
struct dlrig_arch {
    DLRIG_ARCH_FIELDS(DLRIG_FIELD_DECL)
    dlrig_platform platform_kind; /* platform, decoded */
};

#define DLRIG_FRAMEWORK_FIELDS(X)                                             \
    X(STR, id) X(STR, name) X(STR, status) X(STR, status_note) X(BOOL, cuda)   \
    X(BOOL, rocm) X(BOOL, xpu) X(STR, languages) X(STR, focus) X(INT, multi_gpu) X(INT, cnn) \
    X(INT, rnn) X(INT, gan) X(INT, dbn) X(STR, source)
typedef struct dlrig_framework {
    DLRIG_FRAMEWORK_FIELDS(DLRIG_FIELD_DECL)
    dlrig_framework_status status_kind; /* status, decoded */
} dlrig_framework;

#define DLRIG_WORKLOAD_FIELDS(X)                                              \
    X(STR, id) X(STR, name) X(STR, reference_model) X(STR, unit) X(BOOL, training) \
    X(REAL, params_m) X(REAL, gflops_per_sample) X(REAL, mem_bytes_per_sample) \
    X(REAL, activation_mb_per_sample) X(INT, batch_per_gpu) X(REAL, sample_kb) \
    X(REAL, tensor_friendly) X(STR, scaling) X(STR, priority) X(REAL, min_vram_gb) \
    X(STR, source) X(STR, note) X(INT, list_order) X(BOOL, is_default) X(STR, description) \
    X(BOOL, language_model) X(BOOL, single_stream) X(REAL, adapter_share) X(INT, sequence_tokens) \
    X(REAL, compute_efficiency) X(REAL, memory_efficiency) X(REAL, allreduce_overlap)       \
    X(REAL, cache_traffic_share) X(REAL, embedding_share) X(REAL, exchange_kb_per_sample) \
    X(REAL, sync_s) X(INT, steps_per_sample) X(REAL, ms_per_step) X(REAL, attention_share)
/* A workload profile (table `workload`; db/schema.sql says what each column
 * means).  The models read its behaviour from these fields, never from its
 * id: language_model (llm.c sizes it), single_stream (one batch-1 generation
 * stream), adapter_share (low-rank adapters on frozen weights; NAN: every
 * weight trained, or none), sequence_tokens (DLRIG_NA unless the batch
 * counts sequences of that many tokens), the perf model's efficiencies and
 * cache_traffic_share (the DRAM traffic a large L2 cache can save; NAN: none),
 * embedding_share and exchange_kb_per_sample (recommenders' sharded embedding
 * tables and their all-to-all; NAN: none) and sync_s (the per-step
 * synchronisation cost; NAN: the perf model's fitted default). */
typedef struct dlrig_workload {
    DLRIG_WORKLOAD_FIELDS(DLRIG_FIELD_DECL)
    dlrig_workload_unit unit_kind; /* unit, decoded */
    dlrig_scaling scaling_kind;    /* scaling, decoded */
    dlrig_priority priority_kind;  /* priority, decoded */
    /* Not catalog columns: set on a copy that describes one job
     * (perf_job_workload), zero in the catalog's rows. */
    double frozen_bytes;    /* adapter training: bytes a frozen weight takes (0: 2, 16-bit) */
    double companion_gb;    /* frozen networks loaded beside the model (text encoders, autoencoder), GB */
    char job_label[160];    /* how the job is named ("FLUX.1 [dev], LoRA on 8-bit weights, a 1024x1024 image") */
    bool whole_on_card;     /* its trainers hold the whole model on every card (they do not shard it) */
} dlrig_workload;

#define DLRIG_VRAM_GUIDANCE_FIELDS(X) X(STR, user_type) X(REAL, min_gb) X(STR, note) X(STR, source)
typedef struct dlrig_vram_guidance { DLRIG_VRAM_GUIDANCE_FIELDS(DLRIG_FIELD_DECL) } dlrig_vram_guidance;

#define DLRIG_CIRCUIT_FIELDS(X)                                               \
    X(STR, id) X(INT, volts) X(INT, amps) X(INT, continuous_w) X(STR, source) X(STR, note) X(INT, list_order)
typedef struct dlrig_circuit { DLRIG_CIRCUIT_FIELDS(DLRIG_FIELD_DECL) } dlrig_circuit;

#define DLRIG_SOURCE_FIELDS(X) X(STR, id) X(STR, title) X(STR, url) X(STR, note)
typedef struct dlrig_source { DLRIG_SOURCE_FIELDS(DLRIG_FIELD_DECL) } dlrig_source;

/* ML models (table `model`): what "will this model run on this GPU" needs.
 * Unknown or meaningless figures (the layers of a CNN, the heads of a
 * diffusion pipeline) are NAN for REAL fields, DLRIG_NA for INT fields and
 * NULL for strings.  params_m and active_params_m are always known (millions
 * of parameters; active = total for dense models, the per-token subset for
 * MoE).  Every `llm` row has n_layers, hidden_size, n_heads, n_kv_heads,
 * head_dim and max_context.  The KV cache per token and layer is
 * 2 x n_kv_heads x head_dim values, except:
 *   - kv_lora_rank set (DeepSeek multi-head latent attention): the cache
 *     holds kv_lora_rank + qk_rope_head_dim values per token and layer;
 *   - sliding_window set: only global_layers layers keep the whole context,
 *     the others keep at most sliding_window tokens.
 * tied_embeddings is 1 when the input embedding and the LM head share one
 * vocab_size x hidden_size matrix, 0 when they do not (known for every LLM),
 * DLRIG_NA for models without an LM head. */
#define DLRIG_MODEL_FIELDS(X)                                                 \
    X(STR, id) X(STR, name) X(STR, family) X(STR, kind) X(REAL, params_m)      \
    X(REAL, active_params_m) X(INT, n_layers) X(INT, hidden_size) X(INT, n_heads) \
    X(INT, n_kv_heads) X(INT, head_dim) X(INT, intermediate_size) X(INT, vocab_size) \
    X(INT, max_context) X(INT, experts) X(INT, experts_per_token) X(INT, kv_lora_rank) \
    X(INT, qk_rope_head_dim) X(INT, sliding_window) X(INT, global_layers)       \
    X(INT, tied_embeddings) X(STR, hf_repo) X(INT, year) X(STR, source) X(STR, note) \
    X(REAL, train_gflops) X(STR, sample) X(REAL, companion_params_m)        \
    X(INT, generate_steps) X(INT, guidance_passes) X(INT, frames) X(INT, tokens_per_pass)
typedef struct dlrig_model { DLRIG_MODEL_FIELDS(DLRIG_FIELD_DECL) } dlrig_model;

#define DLRIG_MODEL_ALIAS_FIELDS(X) X(STR, alias) X(STR, model_id)
typedef struct dlrig_model_alias { DLRIG_MODEL_ALIAS_FIELDS(DLRIG_FIELD_DECL) } dlrig_model_alias;

/* Cloud GPU hourly rates (table `cloud_rate`): what a provider charged an
 * hour for an instance of gpu_count x gpu_id, observed in rate_date
 * ('YYYY-MM'); kind is "on-demand", "reserved" or "spot"; usd_per_hour is
 * the whole instance's.  Read by cost.h. */
#define DLRIG_CLOUD_RATE_FIELDS(X)                                            \
    X(STR, id) X(STR, provider) X(STR, offer) X(STR, gpu_id) X(INT, gpu_count) \
    X(REAL, usd_per_hour) X(STR, kind) X(STR, rate_date) X(STR, source) X(STR, note)
typedef struct dlrig_cloud_rate { DLRIG_CLOUD_RATE_FIELDS(DLRIG_FIELD_DECL) } dlrig_cloud_rate;

/* A description of one column of a category, for generic display. */
typedef struct dlrig_field {
    const char *name;
    dlrig_field_kind kind;
    size_t offset; /* into the category's struct */
} dlrig_field;

typedef struct dlrig_catalog dlrig_catalog;

/* Error codes of catalog_open. */
enum { DLRIG_CATALOG_OK = 0, DLRIG_CATALOG_EIO = 3 };

/* Opens a catalog: the embedded one when path is NULL, else the SQLite file
 * at path (opened read-only and verified: integrity, schema version).  On
 * failure returns NULL and writes a message naming the file and the problem
 * into err (errlen bytes).  The caller frees the result with catalog_close.
 * Rows are read from the database on first use (a part by id, a category
 * when it is walked); pointers stay valid until catalog_close.  A read that
 * fails after a successful open (the file changed underneath) does not stop
 * the program: it is recorded (see catalog_error) and the catalog then
 * answers as if the unread rows were absent.  Not for sharing between
 * threads. */
dlrig_catalog *catalog_open(const char *path, char *err, size_t errlen);
/* Writes the embedded catalog, as built (the catalog's own prices, no user
 * price lists), to path as a SQLite file that catalog_open reads back: the
 * starting point for a catalog of one's own (add rows, pass --catalog).
 * Atomic (write_file_atomic); with overwrite false an existing path is left
 * alone.  Returns 0, or -1 with errno set. */
int catalog_builtin_write(const char *path, bool overwrite);
/* Size in bytes of the embedded catalog. */
size_t catalog_builtin_size(void);
/* Frees the catalog and everything read from it.  NULL is accepted. */
void catalog_close(dlrig_catalog *cat);
/* NULL while every read of cat succeeded; after a read failed, the message
 * naming the file and the problem ("LABEL: cannot read the catalog (...)"),
 * owned by cat, and it stays set until catalog_close.  Once it is set, every
 * answer of the catalog may be incomplete: the caller checks it at the end
 * of a command (or after each key in the terminal interface) and reports an
 * I/O failure instead of the result. */
const char *catalog_error(const dlrig_catalog *cat);

/* "gpu", "cpu", ... and back; category_from_name returns -1 when unknown. */
const char *category_name(dlrig_category c);
const char *category_title(dlrig_category c); /* "GPU", "Motherboard", ... */
int category_from_name(const char *name);

/* Parts of one category, in catalog (id) order.  The array belongs to the
 * catalog.  Elements are the category's struct (dlrig_gpu, ...); use
 * catalog_part_at to index generically. */
size_t catalog_count(const dlrig_catalog *cat, dlrig_category c);
const dlrig_part *catalog_part_at(const dlrig_catalog *cat, dlrig_category c, size_t i);
/* The parts of category c whose id, name or vendor contains every
 * space-separated word of filter (ASCII case-insensitive; the first 16 words
 * of the first 511 characters count; NULL or blank: every part), in catalog
 * (id) order, stored in out, which has room for catalog_count(cat, c) parts.
 * Returns how many. */
size_t catalog_filter(const dlrig_catalog *cat, dlrig_category c, const char *filter, const dlrig_part **out);
const dlrig_gpu *catalog_gpus(const dlrig_catalog *cat, size_t *n);
const dlrig_cpu *catalog_cpus(const dlrig_catalog *cat, size_t *n);
const dlrig_motherboard *catalog_boards(const dlrig_catalog *cat, size_t *n);
const dlrig_memory *catalog_memories(const dlrig_catalog *cat, size_t *n);
const dlrig_storage *catalog_storages(const dlrig_catalog *cat, size_t *n);
const dlrig_psu *catalog_psus(const dlrig_catalog *cat, size_t *n);
const dlrig_case *catalog_cases(const dlrig_catalog *cat, size_t *n);
const dlrig_cooler *catalog_coolers(const dlrig_catalog *cat, size_t *n);
const dlrig_nic *catalog_nics(const dlrig_catalog *cat, size_t *n);
const dlrig_nvlink_bridge *catalog_bridges(const dlrig_catalog *cat, size_t *n);
const dlrig_switch *catalog_switches(const dlrig_catalog *cat, size_t *n);

/* Looks a part up by id in any category; NULL when there is none. */
const dlrig_part *catalog_find(const dlrig_catalog *cat, const char *id);
/* A part of category cat by what a user types: its id, else its name as the
 * screens show it ("GeForce RTX 3090"), or vendor and name ("NVIDIA GeForce
 * RTX 3090"), without regard to case or surrounding spaces; the first such
 * part in catalog order.  NULL when none matches. */
const dlrig_part *catalog_find_named(const dlrig_catalog *cat, dlrig_category category, const char *text);
/* Up to max ids closest to `id` (edit distance), for "did you mean". Returns
 * how many were written. */
size_t catalog_suggest(const dlrig_catalog *cat, const char *id, const char **out, size_t max);

/* Reference tables; lookups return NULL when unknown. */
const dlrig_arch *catalog_arch(const dlrig_catalog *cat, const char *id);
const dlrig_framework *catalog_frameworks(const dlrig_catalog *cat, size_t *n);
const dlrig_framework *catalog_framework(const dlrig_catalog *cat, const char *id);
const dlrig_workload *catalog_workloads(const dlrig_catalog *cat, size_t *n);
const dlrig_workload *catalog_workload(const dlrig_catalog *cat, const char *id);
const dlrig_vram_guidance *catalog_vram_guidance(const dlrig_catalog *cat, size_t *n);
const dlrig_circuit *catalog_circuits(const dlrig_catalog *cat, size_t *n);
const dlrig_circuit *catalog_circuit(const dlrig_catalog *cat, const char *id);
const dlrig_source *catalog_source(const dlrig_catalog *cat, const char *id);

/* The reference tables whose ids are requirement values (--framework,
 * --workload, --circuit). */
typedef enum dlrig_vocab_table {
    DLRIG_VOCAB_FRAMEWORK,
    DLRIG_VOCAB_WORKLOAD,
    DLRIG_VOCAB_CIRCUIT,
    DLRIG_VOCAB_TABLE_COUNT
} dlrig_vocab_table;
/* The ids of table t, NULL-terminated, in the order lists show them
 * (workloads and circuits by list_order, frameworks by id).  Never NULL (an
 * empty list when the table cannot be read); the array belongs to the
 * catalog. */
const char *const *catalog_ids(const dlrig_catalog *cat, dlrig_vocab_table t);
/* Whether id is a row of table t. */
bool catalog_has_id(const dlrig_catalog *cat, dlrig_vocab_table t, const char *id);
/* The workload of a build that names none: the row marked is_default, else
 * the first in list order; NULL only when the table is empty. */
const dlrig_workload *catalog_default_workload(const dlrig_catalog *cat);

/* ---- cloud GPU rates ---- */

/* Every cloud rate, in id order; *n gets the count.  The array belongs to
 * the catalog.  A catalog without the table (an older --catalog file) marks
 * the catalog failed (catalog_error) and returns none. */
const dlrig_cloud_rate *catalog_cloud_rates(const dlrig_catalog *cat, size_t *n);

/* ---- ML models ---- */

/* Every model, in id order; *n gets the count.  The array belongs to the
 * catalog. */
const dlrig_model *catalog_models(const dlrig_catalog *cat, size_t *n);
/* Every alias (alias -> model id), in alias order; the array belongs to the
 * catalog. */
const dlrig_model_alias *catalog_model_aliases(const dlrig_catalog *cat, size_t *n);
/* Looks a model up by what a person or a script may call it, ASCII
 * case-insensitively and ignoring surrounding blanks: its id
 * ("llama-3.1-70b"), an alias ("llama3-70b", "llama-3.1-70b-instruct"), its
 * name ("Llama 3.1 70B") or its Hugging Face repository id
 * ("meta-llama/Llama-3.1-70B").  A name with an owner prefix ("owner/repo")
 * that matches none of these is looked up again without the prefix, so
 * "meta-llama/Llama-3.1-70B-Instruct" finds the alias
 * "llama-3.1-70b-instruct".  Suffixes such as -Instruct or -it are never
 * stripped by guessing: they match only through an alias.  NULL when
 * nothing matches (or name is NULL). */
const dlrig_model *catalog_model_find(const dlrig_catalog *cat, const char *name);
/* Up to max (at most 8) model ids or aliases closest to name (edit distance,
 * compared in lower case and without an owner prefix), closest first, for
 * "did you mean".  The strings belong to the catalog.  Returns how many were
 * written to out. */
size_t catalog_model_suggest(const dlrig_catalog *cat, const char *name, const char **out, size_t max);
/* The aliases of model id (at most max, in alias order) written to out;
 * returns how many there are in all. */
size_t catalog_model_alias_list(const dlrig_catalog *cat, const char *id, const char **out, size_t max);
/* The models whose id, name, family, kind, Hugging Face id or one of whose
 * aliases contains every space-separated word of filter (ASCII
 * case-insensitive; the first 16 words of the first 255 characters count;
 * NULL or blank: every model), in id order, stored in out, which has room
 * for every model (catalog_models' count).  Returns how many. */
size_t catalog_model_filter(const dlrig_catalog *cat, const char *filter, const dlrig_model **out);
/* The columns of the model table, for generic display (`dlrig models`):
 * offsets are into dlrig_model. */
const dlrig_field *model_fields(size_t *n);

/* The category-specific columns of c (after the common part columns). */
const dlrig_field *category_fields(dlrig_category c, size_t *n);
/* The columns common to every part. */
const dlrig_field *part_fields(size_t *n);
/* A field of c by name (common or specific); NULL when there is none. */
const dlrig_field *category_field(dlrig_category c, const char *name);

/* Reads a field of a part as a number (REAL/INT/BOOL; NAN when unknown or a
 * string) or as a string (STR/LIST; NULL when unknown or numeric). */
double part_field_num(const dlrig_part *p, const dlrig_field *f);
const char *part_field_str(const dlrig_part *p, const dlrig_field *f);

/* Sets the new price of a part outright, as from a price list of `vendor`
 * (copied), bypassing the policy of price.h (tests, scripted overrides);
 * price_usd NAN restores the policy's pick. */
void catalog_set_price(dlrig_catalog *cat, const char *id, double price_usd, const char *vendor);

/* Applies the user database's prices to the loaded catalog: each line is
 * one more new price of its part, from its vendor on its date, and the
 * policy of price.h picks each part's new price again (an older line never
 * displaces a newer price; the cheapest current one wins).  Earlier lists
 * are undone first.  Rows for ids the catalog does not have are ignored.
 * Returns 0 (also when the file does not exist) or DLRIG_CATALOG_EIO with a
 * message in err (the catalog then keeps its own prices). */
int catalog_apply_user_prices(dlrig_catalog *cat, const char *db_path, char *err, size_t errlen);
/* The applied rows of one part (cheapest first), or of every part when id is
 * NULL (by part id, then price).  The array belongs to the catalog and lives
 * until the next catalog_apply_user_prices or catalog_close. */
const dlrig_price_row *catalog_user_prices(const dlrig_catalog *cat, const char *id, size_t *n);

/* The catalog's priced offers of one part (cheapest first), or of every part
 * when id is NULL (by part id, then price).  *n gets the count; NULL when
 * none.  A catalog file without offers has none.  The array belongs to the
 * catalog. */
const dlrig_offer *catalog_offers(const dlrig_catalog *cat, const char *id, size_t *n);
/* A manufacturer part number of a catalog part (the part_number table). */
typedef struct dlrig_part_number {
    const char *mpn;     /* as the catalog writes it */
    const char *key;     /* part_number_key of it */
    const char *part_id; /* a catalog part's id */
    int units;           /* items of this number in one catalog part (a kit of 8 modules: 8) */
    int seq;             /* the row's place in the table (0 first) */
} dlrig_part_number;

#define DLRIG_MPN_KEY_MAX 72
/* A part number as compared: upper case, without spaces, '-', '_', '.'
 * ("mz-v9p2t0b/am" and "MZV9P2T0B/AM" are one).  False when it is shorter
 * than 3 characters, longer than len - 1, or has non-ASCII or control bytes. */
bool part_number_key(const char *mpn, char *out, size_t len);
/* The catalog parts a manufacturer part number names (several when one
 * module number is sold in kits of different sizes), or with mpn NULL every
 * number; *n gets the count.  The array belongs to the catalog. */
const dlrig_part_number *catalog_part_numbers(const dlrig_catalog *cat, const char *mpn, size_t *n);
/* What catalog_part_numbers_like may leave off a number the catalog does
 * not list as written (flags): */
enum {
    DLRIG_MPN_REGION = 1 << 0, /* a regional suffix after '/' ("MZ-V9P2T0B/AM" is MZ-V9P2T0B) */
    DLRIG_MPN_RUN_ON = 1 << 1, /* 1 to 3 letters run onto its end, at least 8 characters staying: a
                                  region in a link ("mz-v9p2t0bam"), a maker's package code on a
                                  module ("M321R4GA3PB0-CWMXJ" is M321R4GA3PB0-CWM) */
};
/* The rows catalog_part_numbers gives for mpn, else, as `how` allows, those
 * of mpn without its '/' suffix, else without the fewest trailing letters
 * (1 to 3) that name a catalog number.  The one reading of a written part
 * number that price lists, parts lists and dlrig scan share.  *n gets the
 * count; NULL when none. */
const dlrig_part_number *catalog_part_numbers_like(const dlrig_catalog *cat, const char *mpn, unsigned how, size_t *n);
/* The number a buyer orders part id by: the first of its rows in the table
 * (the one its own source prints; variants follow), or NULL when it has none
 * (a catalog file made before the table has none).  Belongs to the catalog. */
const dlrig_part_number *catalog_part_number_of(const dlrig_catalog *cat, const char *id);

/* A PCI id row of a catalog part (the part_pci table): the ids a card of
 * that part reports in a machine (sysfs, lspci -nn). */
typedef struct dlrig_part_pci {
    const dlrig_part *part;
    int vendor, device;               /* the chip: 16-bit ids */
    int subsys_vendor, subsys_device; /* the board's subsystem; -1: any */
    int revision;                     /* the chip's revision (8 bits); -1: any */
    bool other_memory;                /* the same ids are also a card of another memory size: a match needs the
                                         card's memory read */
    const char *source;               /* a source row's id */
    int seq;                          /* the row's place in the table (0 first) */
} dlrig_part_pci;
/* The PCI id rows of chip vendor:device (every subsystem and revision), in
 * table order, or with vendor < 0 every row (by vendor and device); *n gets
 * the count.  Which row a card fits best is the caller's (scan.h).  The
 * array belongs to the catalog; a catalog file made before the table (schema
 * 12) has none. */
const dlrig_part_pci *catalog_part_pci(const dlrig_catalog *cat, int vendor, int device, size_t *n);

/* What a part costs: its new price, or with allow_used the cheaper of that
 * and its current second-hand offer.  Pure; the strings belong to the catalog. */
dlrig_price part_price(const dlrig_part *p, bool allow_used);
/* part_price's dollars (NAN when unpriced). */
double part_price_usd(const dlrig_part *p, bool allow_used);
/* The vendor of the user price list that sets p's new price, or NULL. */
const char *part_price_vendor(const dlrig_part *p);
/* A short description of a second-hand price, e.g. "used, eBay 2026-05",
 * into buf (len bytes), returning buf; NULL (buf untouched) for a new price. */
const char *price_label(const dlrig_price *pr, char *buf, size_t len);

/* Whether framework fw has official support for the GPU platform of
 * architecture a (CUDA, ROCm or Intel XPU). */
bool framework_supports(const dlrig_framework *fw, const dlrig_arch *a);
/* "NVIDIA CUDA", "AMD ROCm" or "Intel oneAPI (XPU)" for an architecture's platform. */
const char *platform_title(const dlrig_arch *a);

/* Whether a comma-separated LIST field contains item (exact, case-sensitive). */
bool list_contains(const char *list, const char *item);

#endif
