/*
 * llm.h — the memory and speed of a language model on N GPUs of one kind:
 * what `dlrig fit` answers, and what vram.model_fit, the advisor, the
 * estimate, the builder's sheet and exports use for LLM workloads.
 *
 * Memory is a breakdown per GPU in GiB (as the cards report it): weights at
 * their storage format (with quantisation scales), the KV cache (layers x
 * KV heads x head dim x 2 x 2 bytes x context x batch; compressed for
 * multi-head latent attention, windowed for sliding-window layers),
 * activations (with gradient checkpointing for training), gradients and
 * optimizer state of what is trained, and the framework's fixed overhead.
 * Several GPUs split inference by layers (one stream, as llama.cpp does) or
 * tensor-parallel (a serving engine such as vLLM or TensorRT-LLM: every
 * layer split over the GPUs, two all-reduces a layer over their link, and
 * concurrent requests batched up to what the KV cache holds), and training
 * replicated (DDP) when a replica fits, else sharded (FSDP / ZeRO-3, with its
 * per-step all-gathers and reduce-scatters over the link).  A power limit
 * slows the compute-bound parts (prompt processing, training, the per-layer
 * kernels of generation), not the streaming of weights.  Every assumption
 * is in llm.c with its source.
 *
 * No SQL and no I/O: the catalog is read through catalog.h.
 */
#ifndef DLRIG_LLM_H
#define DLRIG_LLM_H

#include <stdbool.h>
#include <stddef.h>

#include "dlrig/build.h"
#include "dlrig/catalog.h"
#include "dlrig/gpurate.h"
#include "dlrig/vocab.h"

/* The method, optimizer and offload vocabularies (dlrig_method, dlrig_optim,
 * dlrig_offload and their dlrig_*_ids names) are in vocab.h. */

/* What the memory model needs to know of a model.  Counts are 0 when not
 * known; llm_shape_complete fills them from the size. */
typedef struct dlrig_llm_shape {
    const char *name;       /* for messages; may be NULL */
    double params_m;        /* all parameters, millions */
    double active_params_m; /* read per token (MoE); = params_m when dense */
    int layers, hidden, heads, kv_heads, head_dim, intermediate;
    int vocab;
    int max_context;        /* 0 when not known */
    bool tied_embeddings;   /* input embedding and LM head share one matrix */
    int kv_lora_rank;       /* multi-head latent attention (DeepSeek V2/V3): compressed KV width, else 0 */
    int rope_head_dim;      /* MLA's decoupled RoPE key width */
    int sliding_window;     /* tokens a windowed layer keeps, 0 when none */
    int experts, experts_per_token; /* a mixture of experts' routed experts and those a token uses; 0 when dense */
    double global_share;    /* share of layers with full attention when windowed (e.g. 1/6), else 1 */
    bool assumed;           /* the layer shape was derived from the size, not published */
} dlrig_llm_shape;

/* Fills a shape's unknown layer counts from its size, as a Llama-like dense
 * decoder of that size (grouped-query attention with 8 KV heads of 128,
 * SwiGLU MLP 3.5x wide, a 128k vocabulary); sets `assumed` when it did. */
void llm_shape_complete(dlrig_llm_shape *s);

/* The shape of a catalog model (its published configuration). */
void llm_shape_from_model(const dlrig_model *m, dlrig_llm_shape *s);

/* A weight format: a name (fp32 ... nf4, q4_k_m) or bits per weight
 * ("4.85", which is GGUF Q4_K_M and named so).  bits includes quantisation
 * scales; `quantised` formats keep embeddings and the LM head in 16 bits
 * (bitsandbytes, GPTQ, AWQ), GGUF's bits (q4_k_m, or a number) are an average
 * over the whole file. */
typedef struct dlrig_weights {
    dlrig_weight_format format; /* the named format, or DLRIG_WEIGHTS_UNKNOWN for a number of bits */
    char name[16];    /* the id ("q4_k_m"), or "4.5-bit" */
    char label[40];   /* as every screen and message shows it: "Q4_K_M, 4.85 bits", "INT4, 4.25 bits", "4.5 bits" */
    double bits;
    bool quantised;   /* dequantised to 16-bit compute */
    bool whole_model; /* bits apply to every tensor */
} dlrig_weights;

/* Parses a weight format.  Returns 0, or -1 with what was expected in err. */
int llm_weights_parse(const char *s, dlrig_weights *out, char *err, size_t errlen);

typedef struct dlrig_fit_query {
    dlrig_llm_shape model;
    dlrig_method method;
    dlrig_weights weights; /* storage of the (base) weights */
    int context;           /* tokens per sequence */
    int batch;             /* sequences in flight (inference) or per GPU step (training) */
    dlrig_optim optimizer;
    dlrig_offload offload;
    bool checkpointing;    /* gradient checkpointing (training) */
    int lora_rank;         /* adapters' rank (LoRA/QLoRA) */
    /* inference served to concurrent users (vLLM, TensorRT-LLM): tensor
     * parallel over several GPUs, and with batch 0 as many streams at once
     * as the memory holds, up to LLM_SERVING_MAX_BATCH */
    bool serving;
    /* the request a server is sized for: prompt tokens read (prefill, at
     * the prompt rate) before output tokens generated one a step; its time to
     * first token is reported for any inference, and a served throughput
     * counts the time spent reading prompts (0: the requirement table's
     * defaults) */
    int prompt_tokens, output_tokens;
    /* share of full compute speed the cards keep under a power limit
     * (power.h: power_speed_fraction); 0 or 1 when not limited */
    double power_speed;
} dlrig_fit_query;

/* The most streams a serving engine batches at once (vLLM's default
 * max_num_seqs). */
#define LLM_SERVING_MAX_BATCH 256

/* The defaults a user would expect for a method (stated in `dlrig fit
 * --help`): inference reads 16-bit weights (4-bit NF4 base for QLoRA) at a
 * 4,096-token context, training 2,048-token sequences; batch 1; AdamW; no
 * offload; checkpointing on; LoRA rank 16 on every linear layer; a served
 * request of the requirement table's prompt and output tokens. */
void llm_query_defaults(dlrig_fit_query *q, dlrig_method m);

/* Where one GPU's memory goes, GiB. */
typedef struct dlrig_mem_breakdown {
    double weights, kv_cache, activations, gradients, optimizer, overhead;
    double total;
} dlrig_mem_breakdown;

/* The link between the GPUs (dlrig_link) is gpurate.h's. */

typedef struct dlrig_fit {
    int gpus;
    dlrig_mem_breakdown per_gpu;
    double capacity_gib;   /* one GPU's memory */
    double headroom_gib;   /* capacity - total (negative: short by that much) */
    bool fits;
    double offloaded_gib;  /* held in system RAM (offload) */
    char strategy[160];    /* e.g. "layer split over 2 GPUs (weights and KV cache divided; ...)" */
    const char *how;       /* the strategy in a word or two: "one GPU", "layer split", "tensor parallel", "DDP", "FSDP" */
    int batch;             /* sequences in flight the speed is for (serving: as many as fit) */
    double tokens_per_s;   /* generation (inference; all streams together; served: output tokens/s counting
                            * the time spent reading the requests' prompts) or training tokens/s */
    double prompt_tokens_per_s; /* inference: prompt processing */
    double decode_tokens_per_s; /* inference: generating alone, all streams, no prompts read (= tokens_per_s
                                 * unless served) */
    double ttft_s;         /* inference: time to first token of a request of q's prompt (NAN for training) */
    double prompt_share;   /* served: share of the GPUs' time spent reading prompts (0 otherwise) */
    const char *speed_kind;     /* "generation" | "training" */
    const char *bound;          /* "memory" | "compute" | "communication" */
    char assumptions[512];      /* what was assumed, in words */
} dlrig_fit;

/* Fits q on n GPUs like g (n >= 1) joined by link (NULL: PCIe 4.0 x16 with
 * peer-to-peer).
 * Always fills *out; out->fits says whether it fits. */
void llm_fit(const dlrig_gpu *g, int n, const dlrig_link *link, const dlrig_fit_query *q, dlrig_fit *out);

/* The longest context that fits the way llm_fit would run q on n of g
 * (0: not even one token; capped at 10,000,000). */
int llm_max_context(const dlrig_gpu *g, int n, const dlrig_link *link, const dlrig_fit_query *q);

/* Memory of one replica on one GPU (no sharding), GiB: the figure the
 * workload-level checks compare with a card. */
double llm_replica_gib(const dlrig_fit_query *q);
/* The same as a breakdown. */
void llm_replica_breakdown(const dlrig_fit_query *q, dlrig_mem_breakdown *out);

/* Whether g runs q at all: FP8 compute needs Ada/Hopper or newer, BF16
 * training needs Ampere or newer; quantised weights run on any card of the
 * CUDA platform (dequantised), and QLoRA's NF4 needs CUDA.  On false, why
 * is written into why. */
bool llm_gpu_runs(const dlrig_gpu *g, const dlrig_fit_query *q, char *why, size_t whylen);

/* The question a build's requirements ask, for workload w (NULL: the
 * requirements' own): the model (by name from the catalog's model table,
 * else by size, else the workload's reference size), the method (given, or
 * inference for llm-inference and LoRA for llm-finetune), the weights
 * (given, or the precision's width for inference, NF4 for QLoRA, BF16
 * otherwise), context, batch, optimizer and offload (given or defaults).
 * Returns 1 when the requirements describe a language-model job (an llm-*
 * workload, or a method or model given), 0 when not (*q untouched), -1 with
 * a message in err when a field cannot be used (an unknown model name, with
 * the closest names). */
/* The second job of a workload mix (also_model, also_method, also_weights):
 * its question as llm_query_for makes it (the method's defaults for context
 * and batch).  1 with *q filled, 0 when there is none, -1 with a message. */
int llm_query_second(const dlrig_catalog *cat, const dlrig_requirements *r, dlrig_fit_query *q, char *err,
                     size_t errlen);
int llm_query_for(const dlrig_catalog *cat, const dlrig_requirements *r, const dlrig_workload *w,
                  dlrig_fit_query *q, char *err, size_t errlen);

/* The fewest cards of g, from `from` to max_n, that hold q (and run it),
 * with their fit in *out; 0 when none does. */
int llm_fewest_gpus(const dlrig_gpu *g, const dlrig_fit_query *q, int from, int max_n, dlrig_fit *out);

/* One way to run a query: n cards of one GPU. */
typedef struct dlrig_fit_option {
    const dlrig_gpu *gpu;
    int n;
    double price_usd; /* n x the card's price; NAN when unpriced */
    dlrig_fit fit;
} dlrig_fit_option;

/* For every GPU of the catalog that runs q, the fewest cards (1 to max_n)
 * that hold it, cheapest first (unpriced last; ties: faster first, then
 * id).  *out is malloc'd (caller frees); returns how many. */
size_t llm_fit_options(const dlrig_catalog *cat, const dlrig_fit_query *q, int max_n, dlrig_fit_option **out);

#endif
