/*
 * perf.h — the performance model: estimated training / inference throughput
 * of a build for a workload, from first principles (a roofline per GPU:
 * tensor/FP32/FP64 throughput at the precision vs memory bandwidth, with
 * per-architecture efficiency factors), data-parallel scaling limited by
 * gradient all-reduce over NVLink, PCIe (at the placed link width) or the
 * network, and the memory the model needs against VRAM.
 */
#ifndef DLRIG_PERF_H
#define DLRIG_PERF_H

#include <cjson/cJSON.h>
#include <stdbool.h>

#include "dlrig/build.h"
#include "dlrig/place.h"
#include "dlrig/catalog.h"
#include "dlrig/llm.h"

typedef struct dlrig_estimate {
    const char *workload;        /* workload id (catalog string) */
    char reference_model[160];   /* e.g. "ResNet-50 224x224", the job's own wording (perf_job_workload); "" unknown.
                                    Held in the struct, so that an estimate may be copied freely */
    const char *unit;            /* "samples/s" | "tokens/s" | "images/s" */
    double params_m;             /* model size used */
    double reference_params_m;   /* the reference model's size (params_m differs when the model is scaled) */
    double throughput;           /* the whole plan: all GPUs of all nodes */
    double per_gpu;              /* one GPU alone */
    double scaling;              /* throughput / (per_gpu x GPUs), 0..1 */
    const char *bound;           /* "compute" | "memory" | "communication" */
    double epoch_hours;          /* one pass over the dataset; NAN without a dataset size */
    double relative;             /* throughput vs one reference card (RTX 4090) */
    double mem_need_gb;          /* memory one replica of the model needs */
    double vram_gb;              /* VRAM of the smallest GPU in the build */
    bool fits;                   /* the model fits in one GPU */
    bool fits_sharded;           /* it fits when sharded over all the node's GPUs */
    int gpus;                    /* GPUs counted (all nodes) */
    bool llm;                    /* a language-model job: `memory` holds its fit over the node's GPUs */
    dlrig_fit memory;            /* breakdown per GPU, strategy, headroom (llm only) */
    dlrig_fit_query query;       /* what was fitted (llm only) */
} dlrig_estimate;

/* Estimates b (with its placement p, as from place_build) for `workload`, or
 * for b's requirements when workload is NULL (the catalog's default workload
 * when they name none).  Returns 0, or -1 with a message in err (unknown
 * workload, no GPU in the build). */
int perf_estimate(const dlrig_catalog *cat, const dlrig_build *b, const dlrig_placement *p, const char *workload,
                  dlrig_estimate *out, char *err, size_t errlen);

/* For a language-model job: the fit of the build's requirements on n of
 * GPU g (link: NULL for PCIe 4.0 x16).  Returns 1 and fills *one (the job on
 * one card) and *all (on n cards), 0 when the requirements are not an LLM
 * job, -1 with a message when they cannot be used (an unknown model). */
int perf_llm_fit(const dlrig_catalog *cat, const dlrig_requirements *req, const dlrig_workload *w,
                 const dlrig_gpu *g, int n, const dlrig_link *link, dlrig_fit *one, dlrig_fit *all, char *err,
                 size_t errlen);

/* The model an estimate is for, in words: the reference model and its size,
 * or "a 13000M-parameter model, scaled from <reference>" when the build asks
 * for another size.  Writes into buf and returns it. */
const char *estimate_model_label(const dlrig_estimate *e, char *buf, size_t n);
/* The same for workload w at params_m (NAN: its reference model). */
const char *workload_model_label(const dlrig_workload *w, double params_m, char *buf, size_t n);

/* The workload as one job runs it.  w itself, unless the requirements name
 * a model that is not a language model (a diffusion or vision model run as
 * its own workload) or a method for a workload that is not a language
 * model: then a copy in *buf whose reference model is the named one (its
 * parameters, its training FLOPs a sample where the catalog gives them, else
 * the reference's scaled by parameters, the frozen networks its trainers
 * load beside it) and, for --method lora, adapters on frozen weights (8-bit
 * unless --weights says otherwise, as ai-toolkit and kohya's sd-scripts
 * train FLUX.1 on a 24 GB card); a LoRA's replica holds the whole model (its
 * trainers do not split a model over cards; full fine-tuning may shard it,
 * as DeepSpeed and FSDP do).  NULL with a message in err for
 * a request the workload cannot run (a language model named for another
 * workload, inference or QLoRA of it, 4-bit weights).  A language-model
 * workload is always w itself (llm.c sizes it). */
const dlrig_workload *perf_job_workload(const dlrig_catalog *cat, const dlrig_requirements *r,
                                        const dlrig_workload *w, dlrig_workload *buf, char *err, size_t errlen);

/* Memory (GB) one replica of the model needs on a GPU for training or
 * inference at the precision: weights, gradients, optimizer state,
 * activations for batch samples (KV cache for inference). */
double perf_model_memory_gb(const dlrig_workload *w, double params_m, dlrig_precision precision, int batch);

/* Throughput of one GPU alone (units of the workload) and what bounds it.
 * Precisions are requirements_effective_precision's (UNKNOWN computes as
 * mixed-fp16). */
double perf_gpu_throughput(const dlrig_gpu *g, const dlrig_workload *w, double params_m, dlrig_precision precision,
                           const char **bound);

/* Whether g's architecture runs the precision natively (BF16 from Ampere,
 * FP8 from Ada and Hopper); true for fp32 and mixed-fp16, and when the
 * catalog does not know g's architecture. */
bool perf_gpu_supports(const dlrig_gpu *g, dlrig_precision precision);

/* Whether w runs at a precision of its own, so that the requested one
 * changes nothing: work without parameters that trains nothing (molecular
 * dynamics, in its codes' mixed precision). */
bool perf_workload_own_precision(const dlrig_workload *w);
/* Does w generate images or video frames (a trained diffusion model run
 * for its output: no data set to pass over, each card makes its own)? */
bool perf_workload_generates(const dlrig_workload *w);

/* One GPU alone on a workload, for ranking cards the way a buyer's guide
 * does: speed, speed per dollar, and whether the model fits. */
typedef struct dlrig_gpu_speed {
    const dlrig_gpu *gpu;
    double throughput;   /* units of the workload (its `unit`), one GPU */
    const char *bound;   /* "compute" | "memory" */
    double per_kusd;     /* throughput per $1,000 of the card's price; NAN when unpriced */
    double mem_need_gb;  /* what one replica of the model needs */
    bool fits;           /* that fits in the card's VRAM */
    bool supported;      /* perf_gpu_supports(gpu, precision) */
} dlrig_gpu_speed;

/* Rates the n GPUs on workload w (params_m: NAN for w's reference model;
 * precision: requirements_effective_precision of the requirements) into out[0..n): the cards that hold the
 * model and run the precision natively first, each group fastest first, or
 * with by_value the most speed per dollar first (unpriced cards last); ties
 * go by id. */
void perf_rank_gpus(const dlrig_gpu *const *gpus, size_t n, const dlrig_workload *w, double params_m,
                    dlrig_precision precision, bool by_value, dlrig_gpu_speed *out);

/* Adds a language-model fit to the JSON object o: fits, gpus, per_gpu_gb,
 * capacity_gb, headroom_gb, breakdown {weights, kv_cache, activations,
 * gradients, optimizer, overhead} (GiB), offloaded_gb, strategy, how,
 * tokens_per_s, speed_kind, prompt_tokens_per_s, bound, assumptions. */
void perf_fit_json(cJSON *o, const dlrig_fit *f);

/* The estimate as the JSON of `dlrig estimate --json`. Caller frees. */
cJSON *estimate_to_json(const dlrig_estimate *e);
/* Whether the estimated job's model fits the build (a language model by its
 * memory model; other work on one card, or sharded where its tools shard). */
bool perf_estimate_fits(const dlrig_estimate *e);

/* ---- calibration against published measurements ---- */

typedef struct dlrig_calib_row {
    const dlrig_gpu *gpu;
    char workload[24];
    char precision[16];
    int gpus;
    double measured, predicted;
    char source[48];          /* the row's source id: speed-ups compare rows of one source */
    double speedup_measured;  /* multi-GPU rows: measured / the same source's 1-GPU row; NAN otherwise */
    double speedup_predicted; /* the model's ratio for the same pair; NAN otherwise */
} dlrig_calib_row;

typedef struct dlrig_calib_stats {
    size_t n;              /* rows compared */
    double median_abs_err; /* median |predicted/measured - 1| */
    double within_30;      /* share of rows within 30 % */
    double spearman;       /* rank correlation across GPUs, averaged over (workload, precision, source) groups */
    size_t n_single;       /* 1-GPU rows */
    double median_abs_err_single; /* median |predicted/measured - 1| of the 1-GPU rows; NAN without any */
    size_t n_speedup;      /* multi-GPU rows with a 1-GPU row of the same source */
    double speedup_median_abs_err; /* median |predicted speed-up / measured speed-up - 1|; NAN without any */
} dlrig_calib_stats;

/* Compares the model with a calibration table (CSV: gpu_id, workload,
 * precision, gpus, measured, unit, source, source_url, note[, interconnect[,
 * board_power_w, board_bandwidth_gbs]]); interconnect "nvlink" bridges the
 * cards, anything else leaves them on PCIe at x16; a board power and
 * bandwidth, when given, replace the catalog card's (a row measured on
 * another board of the same chip, e.g. the SXM module of a PCIe card).  Rows naming GPUs or workloads the catalog lacks are skipped.  *rows is malloc'd (caller frees).  Returns 0, or -1 with
 * a message when the CSV is malformed. */
int perf_calibrate(const dlrig_catalog *cat, const char *csv, size_t len, dlrig_calib_row **rows, size_t *n,
                   dlrig_calib_stats *st, char *err, size_t errlen);

/* The statistics of rows[0..n) restricted to one workload (NULL: all rows),
 * as perf_calibrate computes them for the whole table. */
void perf_calib_stats(const dlrig_calib_row *rows, size_t n, const char *workload, dlrig_calib_stats *st);
/* Spearman's rank correlation of a[] and b[] (ties share their mean rank);
 * NAN with fewer than 3 values or when either set is constant. */
double perf_rank_correlation(const double *a, const double *b, size_t n);

/* How the GPUs share the work, for people: "scaling 95%" (the speed of n
 * GPUs over n times one's), or, for a job that needs several cards (its
 * scaling is NAN), "sharded over 2 GPUs" / "split over 2 GPUs". */
const char *perf_scaling_text(const dlrig_estimate *e, char *buf, size_t len);

/* The tensor-core generation share and the training board-power cap are
 * gpurate.h's (shared with llm.c). */

/* Share of w's DRAM traffic that g's L2 cache keeps on chip (0..1): the
 * workload's cache_traffic_share x l2_cache_mb / (l2_cache_mb + 64 MB); 0 when
 * the GPU's L2 or the workload's share is not in the catalog.  Pure. */
double perf_cache_saving(const dlrig_gpu *g, const dlrig_workload *w);

#endif
