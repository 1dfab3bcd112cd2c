/*
 * llm.c — memory and speed of a language model on N GPUs (see llm.h).
 *
 * Sources of the assumptions (db/SOURCES.md lists them too):
 *  - bytes per parameter of mixed-precision Adam training, 2 + 2 + 12
 *    (16-bit weights and gradients; FP32 master weights, momentum and
 *    variance): Rajbhandari et al., "ZeRO", 2020.
 *  - NF4 with double quantisation: 4.127 bits per weight; embeddings and
 *    the LM head stay in 16 bits; paged 8-bit optimizers: Dettmers et al.,
 *    "QLoRA", 2023.  GPTQ/AWQ 4-bit in groups of 128 with a 16-bit scale and
 *    zero point: 4 + 32/128 = 4.25 bits; INT8 with per-channel scales (LLM.int8,
 *    vLLM W8A8): 8 bits (GGUF Q8_0's blocks of 32 are 8.5: give --weights 8.5).
 *  - activations of a transformer layer per token (flash attention, no
 *    attention scores kept): Korthikanti et al., "Reducing Activation
 *    Recomputation in Large Transformer Models", 2022, adapted to SwiGLU
 *    MLPs and grouped-query attention; gradient checkpointing keeps each
 *    layer's input and recomputes one layer at a time.
 *  - training FLOPs, 6 per parameter per token (+2 with recomputation) and
 *    6 x layers x hidden x context for causal attention: Kaplan et al. 2020,
 *    Chowdhery et al. (PaLM) 2022.
 *  - token generation reads every active weight and the KV cache once per
 *    step; llama.cpp's layer split runs the GPUs one after another (the
 *    calibration table's multi-GPU llama.cpp rows).
 *  - tensor parallelism (Megatron-LM, Shoeybi et al. 2019, as vLLM and
 *    TensorRT-LLM run it): each layer's matrices split over the GPUs, two
 *    all-reduces of the batch's activations a layer; fitted on lmdeploy's
 *    A100 80GB static-batch tables (Llama 2 7B on one GPU, 70B on four, batch
 *    1 to 64) and, for the path through host memory, on a 4 x RTX 3090
 *    comparison of a tensor-parallel pair over NVLink and over PCIe without
 *    peer-to-peer (docs/CALIBRATION.md; validated on NVIDIA NIM's Llama 3.3
 *    70B FP8 on 2 x H100 tables).
 *  - a serving engine batches at most 256 streams (vLLM's default
 *    max_num_seqs) and no more than its KV cache holds.
 *  - a power limit slows what runs on the cores (prompt processing, training,
 *    the per-layer kernels of generation) along power.h's measured curve, not
 *    the streaming of weights from memory: an RTX 3090 generating tokens in
 *    llama.cpp lost under 1% at 80% of its rated power and 3% at 71%
 *    (power.c's sources), where the curve costs training 7% and 10%.
 */
#include "dlrig/llm.h"

#include "dlrig/gpurate.h"
#include "dlrig/util.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define GIB (1024.0 * 1024.0 * 1024.0)

/* Fixed memory per GPU, GiB: the CUDA context and library workspaces
 * (inference servers such as llama.cpp), plus the PyTorch caching
 * allocator's slack in training. */
#define OVERHEAD_INFERENCE_GIB 0.5
/* The share of VRAM a serving engine gives the model (vLLM's default
 * gpu_memory_utilization). */
#define SERVING_VRAM_SHARE 0.9
#define OVERHEAD_TRAINING_GIB 1.0

/* Tokens processed at once while reading a prompt (llama.cpp's n_ubatch). */
#define PROMPT_CHUNK 512

/* Reached fraction of peak: memory bandwidth in token generation, tensor
 * throughput in prompt processing and training (model FLOPs utilisation).
 * Fitted on llama.cpp's Llama-3 8B/70B F16 and Q4_K_M generation speeds on
 * RTX 3090 and 4090 (one and two cards, tg512; XiongjieDai's
 * GPU-Benchmarks-on-LLM-Inference, May 2024): time per token = bytes read /
 * (bandwidth x 0.88) + layers x a fixed time per layer; checked on other
 * sources in tests/data/llm_validation.csv (docs/CALIBRATION.md).  A
 * decode step's weight streaming and its matrix arithmetic add up (they
 * overlap little at the batches servers run: lmdeploy's 7B and 70B rows from
 * batch 1 to 64). */
#define EFF_BANDWIDTH 0.88
#define EFF_PROMPT 0.60
/* Training: fitted on the calibration table's Answer.AI FSDP+QLoRA rows
 * (Llama 2 7B and 70B, LoRA and QLoRA, on RTX 3090, RTX 4090, A100, H100 and
 * RTX 6000 Ada); torchtune's and Exxact's rows validate it. */
#define EFF_TRAIN 0.50
/* Per-layer fixed time of one generated token (kernel launches,
 * dequantisation), seconds, by weight width. */
#define LAYER_S_16BIT 25e-6
#define LAYER_S_8BIT 45e-6
#define LAYER_S_4BIT 70e-6
/* One all-reduce between tensor-parallel GPUs, besides moving its bytes:
 * launch and synchronisation (fitted on lmdeploy's Llama 2 70B on 4 x A100
 * 80GB at batch 1), and the extra of staging it through host memory where
 * the cards have no peer-to-peer path (fitted on the RTX 3090 pair over
 * NVLink against over PCIe without peer-to-peer). */
#define ALLREDUCE_S 44e-6
#define ALLREDUCE_HOST_S 38e-6
/* Bandwidth through host memory as a share of the PCIe link's (perf.c's
 * HOST_PATH_SHARE, fitted on 2 x RTX 4090 training). */
#define HOST_SHARE 0.4
/* System memory bandwidth for offloaded weights (dual-channel DDR5). */
#define HOST_GBS 60.0

/* ------------------------------------------------------------ shapes */

/* Published shapes used to derive an unknown model's layers from its size
 * (Llama 3.2 1B/3B, 3.1 8B/70B/405B; Qwen2.5 14B and 32B).  All of them
 * group their keys and values (8 KV heads), as models of 2024 on do: a
 * model known only by its size gets a grouped-query KV cache, not the
 * full-head cache of Llama 2 13B (40 KV heads, five times larger), which
 * was the 13B reference before. */
static const struct {
    double params_m;
    int layers, hidden, heads, kv_heads, intermediate;
} ref_shapes[] = {
    {1236, 16, 2048, 32, 8, 8192},    {3213, 28, 3072, 24, 8, 8192},     {8030, 32, 4096, 32, 8, 14336},
    {14700, 48, 5120, 40, 8, 13824},  {32764, 64, 5120, 40, 8, 27648},   {70554, 80, 8192, 64, 8, 28672},
    {405853, 126, 16384, 128, 8, 53248},
};

void llm_shape_complete(dlrig_llm_shape *s)
{
    if (!(s->active_params_m > 0)) s->active_params_m = s->params_m;
    if (s->global_share <= 0 || s->global_share > 1) s->global_share = 1;
    bool need = s->layers <= 0 || s->hidden <= 0 || s->kv_heads <= 0 || s->head_dim <= 0;
    if (need) {
        /* the reference nearest in log size; layers scale with the size */
        size_t best = 0;
        double bd = INFINITY;
        double p = s->params_m > 0 ? s->params_m : 8030;
        for (size_t i = 0; i < sizeof ref_shapes / sizeof ref_shapes[0]; i++) {
            double d = fabs(log(p / ref_shapes[i].params_m));
            if (d < bd) bd = d, best = i;
        }
        int layers = (int)lround(ref_shapes[best].layers * p / ref_shapes[best].params_m);
        if (s->layers <= 0) s->layers = layers < 1 ? 1 : layers;
        if (s->hidden <= 0) s->hidden = ref_shapes[best].hidden;
        if (s->heads <= 0) s->heads = ref_shapes[best].heads;
        if (s->kv_heads <= 0) s->kv_heads = ref_shapes[best].kv_heads;
        if (s->intermediate <= 0) s->intermediate = ref_shapes[best].intermediate;
        s->assumed = true;
    }
    if (s->heads <= 0) s->heads = s->hidden / 128 > 0 ? s->hidden / 128 : 1;
    if (s->head_dim <= 0) s->head_dim = s->hidden / s->heads;
    if (s->intermediate <= 0) s->intermediate = (int)lround(3.5 * s->hidden);
    if (s->vocab <= 0) s->vocab = 128256;
}

static int known_int(int v)
{
    return v == DLRIG_NA || v < 0 ? 0 : v;
}

void llm_shape_from_model(const dlrig_model *m, dlrig_llm_shape *s)
{
    memset(s, 0, sizeof *s);
    s->name = m->name;
    s->params_m = m->params_m;
    s->active_params_m = isnan(m->active_params_m) ? m->params_m : m->active_params_m;
    s->layers = known_int(m->n_layers);
    s->hidden = known_int(m->hidden_size);
    s->heads = known_int(m->n_heads);
    s->kv_heads = known_int(m->n_kv_heads);
    s->head_dim = known_int(m->head_dim);
    s->intermediate = known_int(m->intermediate_size);
    s->vocab = known_int(m->vocab_size);
    s->max_context = known_int(m->max_context);
    s->tied_embeddings = m->tied_embeddings == 1;
    s->kv_lora_rank = known_int(m->kv_lora_rank);
    s->rope_head_dim = known_int(m->qk_rope_head_dim);
    s->sliding_window = known_int(m->sliding_window);
    s->experts = known_int(m->experts);
    s->experts_per_token = known_int(m->experts_per_token);
    int global = known_int(m->global_layers);
    s->global_share = s->sliding_window > 0 && global > 0 && s->layers > 0 ? (double)global / s->layers : 1;
    llm_shape_complete(s);
}

/* ------------------------------------------------------------ weights */

/* Bits per weight, whether it is dequantised for compute, and whether the
 * bits are the file's average over every tensor (GGUF files, whose mixes
 * give the embeddings and the output their own types), by format.
 * GGUF averages: llama.cpp's quantize README (Llama 2 7B: Q3_K_M 3.91,
 * Q4_K_M 4.84, Q5_K_M 5.68, Q6_K 6.56 bits per weight); Q8_0 and Q4_0 by
 * their blocks (32 weights and a 16-bit scale: 34 and 18 bytes).  MXFP4
 * (OCP Microscaling: 32 4-bit values and an 8-bit scale, 4.25 bits) holds a
 * mixture of experts' expert weights; the rest stays 16-bit, as gpt-oss
 * ships (weight_bytes). */
static const struct {
    double bits;
    bool quantised, whole;
} formats[DLRIG_WEIGHTS_COUNT] = {
    [DLRIG_WEIGHTS_FP32] = {32, false, false}, [DLRIG_WEIGHTS_FP16] = {16, false, false},
    [DLRIG_WEIGHTS_BF16] = {16, false, false}, [DLRIG_WEIGHTS_FP8] = {8, true, false},
    [DLRIG_WEIGHTS_INT8] = {8, true, false},   [DLRIG_WEIGHTS_INT4] = {4.25, true, false},
    [DLRIG_WEIGHTS_NF4] = {4.127, true, false}, [DLRIG_WEIGHTS_Q8_0] = {8.5, true, true},
    [DLRIG_WEIGHTS_Q6_K] = {6.56, true, true},  [DLRIG_WEIGHTS_Q5_K_M] = {5.68, true, true},
    [DLRIG_WEIGHTS_Q4_K_M] = {4.84, true, true}, [DLRIG_WEIGHTS_Q4_0] = {4.5, true, true},
    [DLRIG_WEIGHTS_Q3_K_M] = {3.91, true, true}, [DLRIG_WEIGHTS_MXFP4] = {4.25, true, false},
};

/* "Q4_K_M, 4.84 bits": the id upper-cased and the bits. */
static void weights_label(dlrig_weights *w)
{
    if (w->format == DLRIG_WEIGHTS_UNKNOWN) {
        snprintf(w->label, sizeof w->label, "%.4g bits", w->bits);
        return;
    }
    char up[16];
    size_t i = 0;
    for (const char *c = dlrig_weight_format_names[w->format]; *c && i + 1 < sizeof up; c++)
        up[i++] = (char)toupper((unsigned char)*c);
    up[i] = '\0';
    snprintf(w->label, sizeof w->label, "%s, %.4g bits", up, w->bits);
}

static void set_format(dlrig_weights *w, dlrig_weight_format f)
{
    w->format = f;
    snprintf(w->name, sizeof w->name, "%s", dlrig_weight_format_names[f]);
    w->bits = formats[f].bits;
    w->quantised = formats[f].quantised;
    w->whole_model = formats[f].whole;
    weights_label(w);
}

int llm_weights_parse(const char *s, dlrig_weights *out, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    out->format = DLRIG_WEIGHTS_UNKNOWN;
    if (!s || !*s) {
        snprintf(err, errlen, "expected a weight format (fp32, fp16, bf16, fp8, int8, int4, nf4, q8_0, q6_k, q5_k_m, "
                              "q4_k_m, q4_0, q3_k_m, mxfp4) or bits per weight (e.g. 4.84), got nothing");
        return -1;
    }
    for (int i = 0; i < DLRIG_WEIGHTS_COUNT; i++)
        if (strcasecmp(s, dlrig_weight_format_names[i]) == 0) {
            set_format(out, (dlrig_weight_format)i);
            return 0;
        }
    char *end;
    double b = strtod(s, &end);
    if (end != s && *end == '\0' && isfinite(b) && b >= 1 && b <= 32) {
        /* a number that is a whole-file format's bits is that format (4.84: GGUF Q4_K_M) */
        for (int i = 0; i < DLRIG_WEIGHTS_COUNT; i++)
            if (formats[i].whole && fabs(formats[i].bits - b) < 1e-9) {
                set_format(out, (dlrig_weight_format)i);
                return 0;
            }
        snprintf(out->name, sizeof out->name, "%.4g-bit", b);
        out->bits = b;
        out->quantised = b < 16;
        out->whole_model = true;
        weights_label(out);
        return 0;
    }
    snprintf(err, errlen, "'%s' is not a weight format: expected fp32, fp16, bf16, fp8, int8, int4, nf4, q8_0, q6_k, "
                          "q5_k_m, q4_k_m (GGUF Q4_K_M, 4.84 bits), q4_0, q3_k_m, mxfp4, or bits per weight from 1 to 32", s);
    return -1;
}

/* Parameters of the embeddings and the LM head (kept in 16 bits by the
 * named quantised formats). */
static double embedding_params(const dlrig_llm_shape *s)
{
    double e = (double)s->vocab * s->hidden * (s->tied_embeddings ? 1 : 2);
    double p = s->params_m * 1e6;
    return e < 0.5 * p ? e : 0.5 * p;
}

/* Bytes of params_m million parameters stored in format w (the share of
 * embeddings is the model's). */
static double weight_bytes(const dlrig_llm_shape *s, const dlrig_weights *w, double params_m)
{
    double p = params_m * 1e6;
    if (w->whole_model || !w->quantised) return p * w->bits / 8;
    if (w->format == DLRIG_WEIGHTS_MXFP4 && s->experts > 0 && s->experts_per_token > 0 &&
        s->active_params_m < s->params_m) {
        /* the expert weights: what the inactive experts hold, over their share of all experts */
        double k = (double)s->experts_per_token / s->experts;
        double experts = (s->params_m - s->active_params_m) / (1 - k) * 1e6;
        if (experts > 0.95 * s->params_m * 1e6) experts = 0.95 * s->params_m * 1e6;
        double share = experts / (s->params_m * 1e6);
        return p * share * w->bits / 8 + p * (1 - share) * 2;
    }
    double e = embedding_params(s) * (params_m / s->params_m);
    return (p - e) * w->bits / 8 + e * 2;
}

/* KV cache bytes of one token over all layers (16-bit). */
static double kv_bytes_per_token(const dlrig_llm_shape *s, int context)
{
    double per_layer = s->kv_lora_rank > 0 ? (double)(s->kv_lora_rank + s->rope_head_dim) * 2
                                           : 2.0 * s->kv_heads * s->head_dim * 2;
    double share = 1;
    if (s->sliding_window > 0 && context > s->sliding_window)
        share = s->global_share + (1 - s->global_share) * s->sliding_window / (double)context;
    return per_layer * s->layers * share;
}

/* ------------------------------------------------------------ queries */

void llm_query_defaults(dlrig_fit_query *q, dlrig_method m)
{
    dlrig_llm_shape keep = q->model;
    memset(q, 0, sizeof *q);
    q->model = keep;
    q->method = m;
    char err[160];
    llm_weights_parse(dlrig_weight_format_names[m == DLRIG_METHOD_QLORA ? DLRIG_WEIGHTS_NF4 : DLRIG_WEIGHTS_BF16],
                      &q->weights, err, sizeof err);
    q->context = m == DLRIG_METHOD_INFERENCE ? 4096 : 2048;
    q->batch = 1;
    q->optimizer = DLRIG_OPTIM_ADAMW;
    q->offload = DLRIG_OFFLOAD_NONE;
    q->checkpointing = true;
    q->lora_rank = 16;
    q->prompt_tokens = atoi(requirements_default("prompt_tokens"));
    q->output_tokens = atoi(requirements_default("output_tokens"));
}

/* The query's request: its prompt and output tokens, the requirement
 * table's defaults where the query has none. */
static void request_shape(const dlrig_fit_query *q, double *prompt, double *output)
{
    *prompt = q->prompt_tokens > 0 ? q->prompt_tokens : atoi(requirements_default("prompt_tokens"));
    *output = q->output_tokens > 0 ? q->output_tokens : atoi(requirements_default("output_tokens"));
}

static bool training(const dlrig_fit_query *q)
{
    return q->method != DLRIG_METHOD_INFERENCE;
}

/* Parameters the optimizer trains. */
static double trainable_params(const dlrig_fit_query *q)
{
    const dlrig_llm_shape *s = &q->model;
    if (q->method == DLRIG_METHOD_FULL) return s->params_m * 1e6;
    if (q->method == DLRIG_METHOD_INFERENCE) return 0;
    /* LoRA of rank r on q, k, v, o, gate, up and down: r x (in + out) each */
    double h = s->hidden, qd = (double)s->heads * s->head_dim, kv = (double)s->kv_heads * s->head_dim;
    double i = s->intermediate;
    double per_layer = (h + qd) + 2 * (h + kv) + (qd + h) + 2 * (h + i) + (i + h);
    return (double)q->lora_rank * per_layer * s->layers;
}

/* Activation bytes of one GPU. */
static double activation_bytes(const dlrig_fit_query *q)
{
    const dlrig_llm_shape *s = &q->model;
    double h = s->hidden, i = s->intermediate, kv = (double)s->kv_heads * s->head_dim;
    if (!training(q)) {
        /* the prompt chunk's working set and its logits (flash attention: no
         * context x context scores) */
        double chunk = PROMPT_CHUNK * (q->batch < 4 ? q->batch : 4);
        double seq = (double)q->context * q->batch;
        if (chunk > seq) chunk = seq;
        return chunk * ((double)s->vocab * 4 + (4 * h + 2 * i) * 2);
    }
    double tokens = (double)q->context * q->batch;
    double layer_tok = (6 * h + 2 * kv + 4 * i) * 2; /* a layer's saved tensors, 16-bit */
    double logits = (double)s->vocab * 4;            /* the loss's FP32 logits (their gradient reuses them) */
    double per_token = q->checkpointing ? s->layers * h * 2 + layer_tok : s->layers * layer_tok;
    return tokens * (per_token + logits);
}

/* ------------------------------------------------------------ memory */

static void breakdown_total(dlrig_mem_breakdown *m)
{
    m->total = m->weights + m->kv_cache + m->activations + m->gradients + m->optimizer + m->overhead;
}

/* One replica's memory with nothing sharded; *host gets what offload moves
 * to system RAM. */
static void replica(const dlrig_fit_query *q, dlrig_mem_breakdown *m, double *host)
{
    const dlrig_llm_shape *s = &q->model;
    memset(m, 0, sizeof *m);
    *host = 0;
    double wb = weight_bytes(s, &q->weights, s->params_m);
    m->weights = wb / GIB;
    m->activations = activation_bytes(q) / GIB;
    if (!training(q)) {
        m->kv_cache = kv_bytes_per_token(s, q->context) * q->context * q->batch / GIB;
        m->overhead = OVERHEAD_INFERENCE_GIB;
    } else {
        double t = trainable_params(q);
        bool fp32 = q->weights.bits >= 32;
        m->gradients = t * (fp32 ? 4 : 2) / GIB;
        /* per trainable parameter: the FP32 master copy of mixed precision
         * (none for FP32 weights, and none with 8-bit AdamW, which updates
         * 16-bit weights directly as bitsandbytes and torchtune use it), then
         * the optimizer's own state */
        double master = fp32 || q->optimizer == DLRIG_OPTIM_ADAMW8 ? 0 : 4;
        double state = q->optimizer == DLRIG_OPTIM_ADAMW ? 8 : q->optimizer == DLRIG_OPTIM_ADAMW8 ? 2 : 4;
        if (q->method != DLRIG_METHOD_FULL) {
            /* adapters are separate small tensors */
            m->weights += t * (fp32 ? 4 : 2) / GIB;
        }
        m->optimizer = t * (master + state) / GIB;
        m->overhead = OVERHEAD_TRAINING_GIB;
        if (q->offload != DLRIG_OFFLOAD_NONE) {
            *host += m->optimizer;
            m->optimizer = 0;
        }
        if (q->offload == DLRIG_OFFLOAD_ALL) {
            /* parameters stream in a layer at a time: two layers resident */
            double keep = s->layers > 2 ? 2.0 / s->layers : 1;
            *host += m->weights * (1 - keep);
            m->weights *= keep;
            if (q->method == DLRIG_METHOD_FULL) {
                *host += m->gradients * (1 - keep);
                m->gradients *= keep;
            }
        }
    }
    breakdown_total(m);
}

void llm_replica_breakdown(const dlrig_fit_query *q, dlrig_mem_breakdown *out)
{
    dlrig_fit_query c = *q;
    llm_shape_complete(&c.model);
    if (c.batch < 1) c.batch = 1; /* serving as many as fit: at least one stream */
    double host;
    replica(&c, out, &host);
}

double llm_replica_gib(const dlrig_fit_query *q)
{
    dlrig_mem_breakdown m;
    llm_replica_breakdown(q, &m);
    return m.total;
}

/* ------------------------------------------------------------ speed */

static double tensor_tflops(const dlrig_gpu *g)
{
    double t = g->arch && g->arch->bf16 && !isnan(g->bf16_tensor_tflops) ? g->bf16_tensor_tflops
                                                                          : g->fp16_tensor_tflops;
    return isnan(t) || t <= 0 ? g->fp32_tflops : t;
}

/* The tensor rate inference computes at: FP8 weights run on FP8 tensor
 * cores where the card has them (Ada, Hopper, Blackwell), else as 16-bit. */
static double inference_tflops(const dlrig_gpu *g, const dlrig_weights *w)
{
    if (w->format == DLRIG_WEIGHTS_FP8 && g->arch && g->arch->fp8 && !isnan(g->fp8_tensor_tflops) &&
        g->fp8_tensor_tflops > 0)
        return g->fp8_tensor_tflops;
    return tensor_tflops(g);
}

static double layer_seconds(const dlrig_weights *w)
{
    return w->bits >= 16 ? LAYER_S_16BIT : w->bits >= 8 ? LAYER_S_8BIT : LAYER_S_4BIT;
}

/* Share of full compute speed kept under the query's power limit. */
static double power_share(const dlrig_fit_query *q)
{
    return q->power_speed > 0 && q->power_speed < 1 ? q->power_speed : 1;
}

/* Per direction GB/s of the link (PCIe 4.0 x16 at 80% when not given), and
 * of the path the bytes take (a share of it through host memory). */
static double link_gbs(const dlrig_link *link)
{
    double gbs = link && link->gbs > 0 ? link->gbs : 0.8 * 16 * 1.969;
    return link && link->host ? gbs * HOST_SHARE : gbs;
}

/* Seconds of one all-reduce of `bytes` over n GPUs (ring: 2 (n - 1) / n of
 * the bytes cross each link). */
static double allreduce_seconds(int n, const dlrig_link *link, double bytes)
{
    double fixed = ALLREDUCE_S + (link && link->host ? ALLREDUCE_HOST_S : 0);
    return fixed + 2.0 * (n - 1) / n * bytes / (link_gbs(link) * 1e9);
}

static void inference_speed(const dlrig_gpu *g, int n, const dlrig_link *link, const dlrig_fit_query *q, bool tp,
                            double host_bytes, dlrig_fit *out)
{
    const dlrig_llm_shape *s = &q->model;
    double ps = power_share(q);
    double bw = g->bandwidth_gbs * 1e9 * EFF_BANDWIDTH;
    double active = weight_bytes(s, &q->weights, s->active_params_m) - host_bytes * (s->active_params_m / s->params_m);
    if (active < 0) active = 0;
    /* the KV cache read per step, at half the context filled */
    double kv = kv_bytes_per_token(s, q->context / 2) * (q->context / 2.0) * q->batch;
    double bytes = active + kv;
    double flops = 2.0 * s->active_params_m * 1e6 * q->batch;
    double peak = inference_tflops(g, &q->weights) * 1e12 * EFF_PROMPT;
    /* the cores' work slows under a power limit; streaming memory does not */
    double t_mem, t_cmp, t_fix = s->layers * layer_seconds(&q->weights) / ps, t_comm = 0;
    if (tp && n > 1) {
        t_mem = bytes / (n * bw);
        t_cmp = flops / (n * peak * ps);
        /* two all-reduces a layer of the batch's 16-bit activations */
        t_comm = 2.0 * s->layers * allreduce_seconds(n, link, (double)q->batch * s->hidden * 2);
    } else { /* layers one GPU after another */
        t_mem = bytes / bw;
        t_cmp = flops / (peak * ps);
    }
    t_mem += host_bytes / (HOST_GBS * 1e9);
    out->bound = t_comm > t_mem && t_comm > t_cmp ? "communication" : t_mem >= t_cmp ? "memory" : "compute";
    double t = t_mem + t_cmp + t_fix + t_comm; /* one decode step of the whole batch */
    out->tokens_per_s = out->decode_tokens_per_s = q->batch / t;
    double pf = 2.0 * s->active_params_m * 1e6;
    int working = tp ? n : 1;
    out->prompt_tokens_per_s = working * peak * ps / pf;
    /* Reading a request's prompt (prefill) is compute-bound: each prompt
     * token goes through every active weight (2 FLOPs a parameter) and
     * attends to the tokens before it (causal attention, QK^T and AV: 2 x
     * layers x attention width x prompt length FLOPs a token on average),
     * and tensor parallelism all-reduces the prompt's activations twice a
     * layer. */
    double prompt, output;
    request_shape(q, &prompt, &output);
    double attn = 2.0 * s->layers * (double)s->heads * s->head_dim * prompt;
    double t_prompt = prompt * (pf + attn) / (working * peak * ps), t_prompt_comm = 0;
    if (tp && n > 1) t_prompt_comm = 2.0 * s->layers * allreduce_seconds(n, link, prompt * s->hidden * 2);
    t_prompt += t_prompt_comm;
    out->ttft_s = t_prompt;
    out->prompt_share = 0;
    if (q->serving) {
        /* Continuous batching (vLLM, TensorRT-LLM): every stream reads its
         * request's prompt, then generates its output one token a step with
         * the others.  While `batch` requests complete the GPUs spend batch x
         * t_prompt reading prompts and output x t generating, for batch x
         * output tokens out.  A new request waits for the step in flight,
         * and behind the prompts of requests that arrived before it (a queue
         * with one server busy the prompts' share of the time: M/D/1). */
        double reading = q->batch * t_prompt, generating = output * t;
        out->tokens_per_s = q->batch * output / (reading + generating);
        double share = reading / (reading + generating);
        out->prompt_share = share;
        double rho = share < 0.95 ? share : 0.95;
        out->ttft_s = t_prompt * (1 + rho / (2 * (1 - rho))) + (q->batch > 1 ? t : 0);
        if (share > 0.5) out->bound = t_prompt_comm > t_prompt - t_prompt_comm ? "communication" : "compute";
    }
    out->speed_kind = "generation";
}

/* The tensor rate a training step computes at: the rated 16-bit rate with
 * FP32 accumulate (half rate on GeForce), at the tensor-core generation's
 * share, and on the non-GeForce cards of an architecture with a
 * pro_train_tflops_per_w (Ada: RTX Ada, L40S, L4, rated at full-rate
 * accumulate) no more than their board power sustains.  Their rated figure
 * assumes boost clocks the board power does not hold under tensor load:
 * Lambda measured BERT-large training on an RTX 6000 Ada (300 W, rated 364
 * TFLOPS) at 0.85x an RTX 4090 (450 W, 165 TFLOPS at its half-rate
 * accumulate), 0.85 x 165 / 300 = 0.47 TFLOPS a watt (db/SOURCES.md,
 * docs/CALIBRATION.md).  GeForce cards keep their half rate: Answer.AI's RTX
 * 3090 and 4090 runs reach the share of it the datacenter cards reach of
 * theirs. */
static double training_tflops(const dlrig_gpu *g)
{
    return gpu_training_tensor_tflops(g, tensor_tflops(g) * gpu_tensor_generation_share(g));
}

static void training_speed(const dlrig_gpu *g, int n, const dlrig_link *link, const dlrig_fit_query *q, bool sharded,
                           dlrig_fit *out)
{
    const dlrig_llm_shape *s = &q->model;
    double p = s->active_params_m * 1e6;
    double per_param = q->method == DLRIG_METHOD_FULL ? 6 : 4; /* frozen weights: no weight gradients */
    if (q->checkpointing) per_param += 2;
    double attn = 6.0 * s->layers * s->hidden * q->context * (q->checkpointing ? 4.0 / 3.0 : 1.0);
    double tokens = (double)q->context * q->batch;
    /* compute-bound: a power limit slows it along the measured curve */
    double t_step = tokens * (per_param * p + attn) / (training_tflops(g) * 1e12 * EFF_TRAIN * power_share(q));
    double bw = g->bandwidth_gbs * 1e9 * EFF_BANDWIDTH;
    if (q->method == DLRIG_METHOD_QLORA || (q->method == DLRIG_METHOD_LORA && q->weights.quantised)) {
        /* dequantising every weight to 16 bits, in each forward and backward
         * pass (and the recomputation) */
        double passes = q->checkpointing ? 3 : 2;
        t_step += passes * p * (q->weights.bits / 8 + 2) / bw;
    }
    double exposed = 0;
    if (n > 1) {
        double gbs = link_gbs(link) * 1e9;
        double comm;
        if (sharded) {
            /* FSDP: each layer's stored weights all-gathered for the forward
             * pass and again for the backward pass (which also serves its
             * recomputation), the trainable gradients reduce-scattered: three
             * collectives a layer, each with its fixed cost */
            comm = (n - 1.0) / n * (2 * weight_bytes(s, &q->weights, s->params_m) + trainable_params(q) * 2) / gbs;
            comm += 3.0 * s->layers * (ALLREDUCE_S + (link && link->host ? ALLREDUCE_HOST_S : 0));
        } else {
            comm = 2.0 * (n - 1) / n * trainable_params(q) * 2 / gbs;
        }
        exposed = comm - 0.6 * t_step;
        if (exposed < 0) exposed = 0;
    }
    out->bound = exposed > 0.25 * t_step ? "communication" : "compute";
    out->tokens_per_s = n * tokens / (t_step + exposed);
    out->prompt_tokens_per_s = NAN;
    out->ttft_s = NAN;
    out->decode_tokens_per_s = NAN;
    out->prompt_share = 0;
    out->speed_kind = "training";
}

/* ------------------------------------------------------------ fit */

static bool power_of_two(int n)
{
    return n > 0 && (n & (n - 1)) == 0;
}

int llm_max_context(const dlrig_gpu *g, int n, const dlrig_link *link, const dlrig_fit_query *query)
{
    /* memory grows with the context: bisect for the longest that fits */
    dlrig_fit_query q = *query;
    dlrig_fit t;
    q.context = 1;
    llm_fit(g, n, link, &q, &t);
    if (!t.fits) return 0;
    int lo = 1, hi = 10000000;
    while (lo < hi) {
        int mid = lo + (hi - lo + 1) / 2;
        q.context = mid;
        llm_fit(g, n, link, &q, &t);
        if (t.fits) lo = mid;
        else hi = mid - 1;
    }
    return lo;
}

/* A serving query of batch 0: the most streams, up to
 * LLM_SERVING_MAX_BATCH, whose KV cache fits beside the weights.  From four
 * streams on, memory grows by one stream's KV cache (divided over the GPUs)
 * a stream: solve for the batch, then check it (the advisor fits many
 * builds, so this takes two or three fits, not a bisection). */
static void fit_serving(const dlrig_gpu *g, int n, const dlrig_link *link, const dlrig_fit_query *query,
                        dlrig_fit *out)
{
    dlrig_fit_query q = *query;
    llm_shape_complete(&q.model);
    if (q.context < 1) q.context = 1;
    int best;
    q.batch = 4;
    llm_fit(g, n, link, &q, out);
    if (out->fits) {
        double each = kv_bytes_per_token(&q.model, q.context) * q.context / GIB / n;
        double more = each > 0 ? floor(out->headroom_gib / each) : LLM_SERVING_MAX_BATCH;
        best = 4 + (int)(more < LLM_SERVING_MAX_BATCH ? more : LLM_SERVING_MAX_BATCH);
        if (best > LLM_SERVING_MAX_BATCH) best = LLM_SERVING_MAX_BATCH;
    } else {
        best = 3;
    }
    for (;; best--) {
        q.batch = best;
        if (best != 4 || !out->fits) llm_fit(g, n, link, &q, out);
        if (out->fits || best == 1) break;
    }
    if (!out->fits) return;
    size_t k = strlen(out->strategy);
    snprintf(out->strategy + k, sizeof out->strategy - k, ", serving %d streams at once (%s)", best,
             best == LLM_SERVING_MAX_BATCH ? "a server's usual most" : "as many as the KV cache holds");
}

void llm_fit(const dlrig_gpu *g, int n, const dlrig_link *link, const dlrig_fit_query *query, dlrig_fit *out)
{
    /* Without a build: the card's own link (gpu_own_link: a full slot of its
     * PCIe generation, or an SXM module's NVLink), as a build that gives
     * every card such a slot finds it. */
    dlrig_link own;
    if (!link) {
        own = gpu_own_link(g);
        link = &own;
    }
    if (query->serving && query->batch <= 0 && query->method == DLRIG_METHOD_INFERENCE) {
        fit_serving(g, n < 1 ? 1 : n, link, query, out);
        return;
    }
    memset(out, 0, sizeof *out);
    if (n < 1) n = 1;
    dlrig_fit_query qq = *query;
    dlrig_fit_query *q = &qq;
    if (!(q->model.params_m > 0) || !isfinite(q->model.params_m)) {
        out->gpus = n;
        out->how = "none";
        out->capacity_gib = g->vram_gb;
        snprintf(out->strategy, sizeof out->strategy, "the model's size is not known");
        return;
    }
    llm_shape_complete(&q->model);
    if (q->context < 1) q->context = 1;
    if (q->batch < 1) q->batch = 1;
    out->gpus = n;
    out->batch = q->batch;
    out->how = "one GPU";
    /* A serving engine (vLLM, TensorRT-LLM, SGLang: what serves batches, and
     * what runs FP8 weights, which llama.cpp has not) keeps a share of VRAM
     * for itself: vLLM gives the model 90% by default
     * (gpu_memory_utilization 0.9). */
    bool engine = !training(q) && (q->serving || q->batch > 1 || q->weights.format == DLRIG_WEIGHTS_FP8);
    out->capacity_gib = engine ? SERVING_VRAM_SHARE * g->vram_gb : g->vram_gb;
    dlrig_mem_breakdown rep;
    double host;
    replica(q, &rep, &host);
    dlrig_mem_breakdown m = rep;
    bool tp = false, sharded = false;
    if (!training(q)) {
        if (n > 1) {
            /* a serving engine splits every layer (tensor parallel) when the
             * heads divide evenly; one stream at a time runs llama.cpp's
             * layer split */
            tp = (q->serving || q->batch > 1) && power_of_two(n) && q->model.kv_heads % n == 0;
            m.weights = rep.weights / n;
            m.kv_cache = rep.kv_cache / n;
            breakdown_total(&m);
            out->how = tp ? "tensor parallel" : "layer split";
            snprintf(out->strategy, sizeof out->strategy,
                     tp ? "tensor parallel over %d GPUs (weights and KV cache divided; all GPUs work on each token)"
                        : "layer split over %d GPUs (weights and KV cache divided; one GPU works at a time)",
                     n);
        } else {
            snprintf(out->strategy, sizeof out->strategy, "one GPU");
        }
        if (q->offload == DLRIG_OFFLOAD_ALL && m.total > out->capacity_gib) {
            /* weights that do not fit stay in system RAM (llama.cpp partial offload) */
            double over = m.total - out->capacity_gib;
            if (over > m.weights) over = m.weights;
            m.weights -= over;
            host = over * n;
            breakdown_total(&m);
            size_t k = strlen(out->strategy);
            snprintf(out->strategy + k, sizeof out->strategy - k, ", %.1f GiB of weights in system RAM", host);
        }
    } else if (n > 1) {
        if (rep.total <= out->capacity_gib) {
            out->how = "DDP";
            snprintf(out->strategy, sizeof out->strategy, "data parallel (DDP) over %d GPUs: each holds a replica", n);
        } else {
            sharded = true;
            out->how = "FSDP";
            double per_layer = rep.weights / (q->model.layers > 0 ? q->model.layers : 1);
            m.weights = rep.weights / n + 2 * per_layer; /* + the gathered layers in flight */
            m.gradients = rep.gradients / n;
            m.optimizer = rep.optimizer / n;
            breakdown_total(&m);
            snprintf(out->strategy, sizeof out->strategy,
                     "sharded (FSDP / ZeRO-3) over %d GPUs: weights, gradients and optimizer state divided", n);
        }
    } else {
        snprintf(out->strategy, sizeof out->strategy, "one GPU");
    }
    if (training(q) && q->offload != DLRIG_OFFLOAD_NONE) {
        size_t k = strlen(out->strategy);
        snprintf(out->strategy + k, sizeof out->strategy - k, ", %s offloaded to system RAM",
                 q->offload == DLRIG_OFFLOAD_ALL ? "optimizer state and weights" : "optimizer state");
    }
    out->per_gpu = m;
    out->offloaded_gib = host;
    out->headroom_gib = out->capacity_gib - m.total;
    out->fits = m.total <= out->capacity_gib;
    if (q->method == DLRIG_METHOD_FULL && q->weights.quantised) {
        out->fits = false;
        snprintf(out->strategy, sizeof out->strategy,
                 "full fine-tuning trains 16- or 32-bit weights: %.15s weights need LoRA or QLoRA", q->weights.name);
    }
    if (training(q)) training_speed(g, n, link, q, sharded, out);
    else inference_speed(g, n, link, q, tp, host * GIB, out);
    if (q->offload == DLRIG_OFFLOAD_NONE || !training(q)) {
        /* nothing to add */
    } else {
        /* moving optimizer state over PCIe each step, updated by the CPU
         * (ZeRO-Offload reports a large share of GPU-only speed for big batches) */
        out->tokens_per_s *= q->offload == DLRIG_OFFLOAD_ALL ? 0.5 : 0.8;
    }
    char request[128] = "";
    if (!training(q)) {
        double prompt, output;
        request_shape(q, &prompt, &output);
        if (q->serving)
            snprintf(request, sizeof request, "; each request %.0f prompt + %.0f output tokens, continuous batching",
                     prompt, output);
        else
            snprintf(request, sizeof request, "; first token after a %.0f-token prompt", prompt);
    }
    snprintf(out->assumptions, sizeof out->assumptions,
             "weights %s%s; %d-token context, batch %d%s%s%s; flash attention; KV cache in 16 bits",
             q->weights.label,
             q->weights.quantised && !q->weights.whole_model ? " (embeddings and LM head 16-bit)" : "",
             q->context, q->batch,
             training(q) ? (q->checkpointing ? ", gradient checkpointing" : ", no checkpointing") : "", request,
             q->model.assumed ? "; layer shape assumed Llama-like from the size" : "");
}

/* ------------------------------------------------------------ support */

bool llm_gpu_runs(const dlrig_gpu *g, const dlrig_fit_query *q, char *why, size_t whylen)
{
    const dlrig_arch *a = g->arch;
    bool cuda = !a || a->platform_kind == DLRIG_PLATFORM_CUDA;
    if (a && a->cuda12 == 0) {
        snprintf(why, whylen, "%s: %s cards are not supported by CUDA 12, which current PyTorch, llama.cpp and "
                 "vLLM builds need", g->p.name, a->name);
        return false;
    }
    if ((q->method == DLRIG_METHOD_QLORA || q->weights.format == DLRIG_WEIGHTS_NF4) && !cuda) {
        snprintf(why, whylen, "%s: NF4 (bitsandbytes) needs a CUDA card", g->p.name);
        return false;
    }
    if (training(q) && a && !a->bf16 && q->weights.format == DLRIG_WEIGHTS_BF16) {
        snprintf(why, whylen, "%s: BF16 training needs Ampere or newer (use fp16 weights)", g->p.name);
        return false;
    }
    return true;
}

/* ------------------------------------------------------------ the catalog */

static int option_cmp(const void *pa, const void *pb)
{
    const dlrig_fit_option *a = pa, *b = pb;
    bool ua = isnan(a->price_usd), ub = isnan(b->price_usd);
    if (ua != ub) return ua ? 1 : -1;
    if (!ua && a->price_usd != b->price_usd) return a->price_usd < b->price_usd ? -1 : 1;
    if (a->fit.tokens_per_s != b->fit.tokens_per_s) return a->fit.tokens_per_s > b->fit.tokens_per_s ? -1 : 1;
    return strcmp(a->gpu->p.id, b->gpu->p.id);
}

int llm_fewest_gpus(const dlrig_gpu *g, const dlrig_fit_query *q, int from, int max_n, dlrig_fit *out)
{
    char why[256];
    if (!llm_gpu_runs(g, q, why, sizeof why)) return 0;
    for (int n = from < 1 ? 1 : from; n <= max_n; n++) {
        llm_fit(g, n, NULL, q, out);
        if (out->fits) return n;
    }
    return 0;
}

size_t llm_fit_options(const dlrig_catalog *cat, const dlrig_fit_query *q, int max_n, dlrig_fit_option **out)
{
    size_t ng;
    const dlrig_gpu *gpus = catalog_gpus(cat, &ng);
    dlrig_fit_option *o = xcalloc(ng + 1, sizeof *o);
    size_t k = 0;
    for (size_t i = 0; i < ng; i++) {
        const dlrig_gpu *g = &gpus[i];
        int n = llm_fewest_gpus(g, q, 1, max_n, &o[k].fit);
        if (!n) continue;
        o[k].gpu = g;
        o[k].n = n;
        o[k].price_usd = isnan(g->p.price_usd) ? NAN : g->p.price_usd * n;
        k++;
    }
    qsort(o, k, sizeof *o, option_cmp);
    *out = o;
    return k;
}

/* ------------------------------------------------------------ requirements */

int llm_query_for(const dlrig_catalog *cat, const dlrig_requirements *r, const dlrig_workload *w,
                  dlrig_fit_query *q, char *err, size_t errlen)
{
    if (!w) w = requirements_workload(cat, r);
    bool llm_workload = w && w->language_model;
    if (!llm_workload && !r->method[0] && !r->model[0]) return 0;
    /* a workload that is not a language model, named, runs its own model
     * (perf_job_workload), whatever method or model it is given */
    if (!llm_workload && r->workload[0]) return 0;
    dlrig_fit_query out = {0};
    if (r->model[0]) {
        const dlrig_model *m = catalog_model_find(cat, r->model);
        if (m && m->kind && strcmp(m->kind, "llm") != 0) {
            snprintf(err, errlen, "%s is a %s model, not a language model: name the workload that runs it "
                     "(--workload) to recommend, estimate or check; dlrig fit sizes language models", m->name,
                     m->kind);
            return -1;
        }
        if (!m) {
            const char *near[3];
            size_t k = catalog_model_suggest(cat, r->model, near, 3);
            snprintf(err, errlen, "unknown model '%s'%s%s%s%s%s%s (dlrig models lists them)", r->model,
                     k ? "; did you mean '" : "", k ? near[0] : "", k > 1 ? "', '" : "", k > 1 ? near[1] : "",
                     k ? "'" : "", k ? "?" : "");
            return -1;
        }
        llm_shape_from_model(m, &out.model);
    } else {
        out.model.params_m = !isnan(r->model_params_m) ? r->model_params_m : w && w->params_m > 0 ? w->params_m : 8000;
        if (!isnan(r->active_params_m)) out.model.active_params_m = r->active_params_m;
        if (out.model.active_params_m > out.model.params_m) {
            /* a mixture of experts activates some of its parameters, never more than all */
            snprintf(err, errlen, "active parameters (%gM, --active-params-m) above the model's %gM parameters "
                     "(--model-params-m): a model activates at most all of them", out.model.active_params_m,
                     out.model.params_m);
            return -1;
        }
        llm_shape_complete(&out.model);
    }
    dlrig_method method = DLRIG_METHOD_INFERENCE;
    if (r->method[0]) method = (dlrig_method)id_index(dlrig_method_ids, r->method);
    else if (w && w->training) method = DLRIG_METHOD_LORA;
    if ((int)method < 0) method = DLRIG_METHOD_INFERENCE;
    llm_query_defaults(&out, method);
    const char *wt = r->weights;
    if (!wt[0] && method == DLRIG_METHOD_INFERENCE && r->precision[0]) {
        dlrig_weight_format f;
        switch (requirements_precision(r)) {
        case DLRIG_PRECISION_FP32: f = DLRIG_WEIGHTS_FP32; break;
        case DLRIG_PRECISION_FP8: f = DLRIG_WEIGHTS_FP8; break;
        case DLRIG_PRECISION_BF16: f = DLRIG_WEIGHTS_BF16; break;
        default: f = DLRIG_WEIGHTS_FP16; break;
        }
        wt = dlrig_weight_format_names[f];
    }
    if (wt[0] && llm_weights_parse(wt, &out.weights, err, errlen) != 0) return -1;
    if (r->context_tokens > 0) out.context = r->context_tokens;
    if (r->batch > 0) out.batch = r->batch;
    if (r->prompt_tokens > 0) out.prompt_tokens = r->prompt_tokens;
    if (r->output_tokens > 0) out.output_tokens = r->output_tokens;
    if (method == DLRIG_METHOD_INFERENCE && (double)out.prompt_tokens + out.output_tokens > out.context) {
        /* a request lives in one stream's context: a longer request than the
         * default context asks for a longer context; a context given shorter
         * than the request is a contradiction */
        bool asked = requirements_given(requirements_field("prompt_tokens"), r) ||
                     requirements_given(requirements_field("output_tokens"), r);
        if (r->context_tokens > 0 && asked) {
            snprintf(err, errlen, "a request of %d prompt + %d output tokens does not fit the %d-token context "
                     "(--context-tokens): give a longer context or a shorter request (--prompt-tokens, "
                     "--output-tokens)", out.prompt_tokens, out.output_tokens, out.context);
            return -1;
        }
        if (r->context_tokens > 0) {
            /* the default request, shortened to the context given */
            double k = (double)out.context / ((double)out.prompt_tokens + out.output_tokens);
            out.output_tokens = (int)fmax(1, floor(out.output_tokens * k));
            out.prompt_tokens = out.context - out.output_tokens > 0 ? out.context - out.output_tokens : 1;
        } else {
            out.context = out.prompt_tokens + out.output_tokens;
        }
    }
    if (method == DLRIG_METHOD_INFERENCE) {
        /* a machine in a server room, a data centre or a rack serves users:
         * a serving engine batches as many streams as its memory holds (an
         * explicit batch of 1 asks for one stream); at a desk, one stream,
         * unless a batch is given */
        dlrig_environment env = requirements_environment(r);
        bool server = env == DLRIG_ENV_SERVER_ROOM || env == DLRIG_ENV_DATACENTER ||
                      (r->require & DLRIG_REQ_RACKMOUNT);
        out.serving = r->batch > 1 || (server && r->batch != 1);
        if (out.serving && r->batch <= 0) out.batch = 0;
    }
    if (r->optimizer[0]) out.optimizer = (dlrig_optim)(id_index(dlrig_optim_ids, r->optimizer) > 0
                                                           ? id_index(dlrig_optim_ids, r->optimizer) : 0);
    if (r->offload[0]) out.offload = (dlrig_offload)(id_index(dlrig_offload_ids, r->offload) > 0
                                                         ? id_index(dlrig_offload_ids, r->offload) : 0);
    *q = out;
    return 1;
}

int llm_query_second(const dlrig_catalog *cat, const dlrig_requirements *r, dlrig_fit_query *q, char *err,
                     size_t errlen)
{
    if (!r->also_model[0]) return 0;
    dlrig_requirements two = *r;
    two.workload[0] = '\0'; /* a language-model job, whatever the first job's workload */
    snprintf(two.model, sizeof two.model, "%s", r->also_model);
    snprintf(two.method, sizeof two.method, "%s", r->also_method[0] ? r->also_method : dlrig_method_ids[0]);
    snprintf(two.weights, sizeof two.weights, "%s", r->also_weights);
    two.model_params_m = NAN;
    two.active_params_m = NAN;
    two.context_tokens = two.batch = 0;
    two.prompt_tokens = two.output_tokens = 0;
    two.optimizer[0] = two.offload[0] = '\0';
    char e[400];
    int rc = llm_query_for(cat, &two, NULL, q, e, sizeof e);
    if (rc < 0) snprintf(err, errlen, "the second job: %s", e);
    return rc < 0 ? -1 : 1;
}
