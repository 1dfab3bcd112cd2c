/*
 * perf.c — estimated throughput of a build.
 *
 * One GPU: a roofline.  Time per sample is the larger of the compute time
 * (the workload's FLOPs split between tensor cores and the FP32/FP64 units,
 * each at its peak rate for the precision times an efficiency factor) and
 * the memory time (bytes moved / bandwidth times an efficiency factor).
 * Volta's and Turing's tensor cores (the first two generations) reach a
 * smaller share of their peak than Ampere's and later ones.  A large L2 cache
 * (Ada, Blackwell, GA100, GH100) keeps part of a CNN's traffic on chip, so
 * less of it goes to DRAM.  A training step
 * also cannot draw more than the card's board power: the energy a sample
 * takes (per FLOP and per byte moved) over the board power bounds the time
 * from below, which is what holds the 250-350 W PCIe HBM cards back.
 *
 * Several GPUs: data parallelism with a ring all-reduce of the FP32
 * gradients every step, at the batch that fills the card's memory, over
 * NVLink (when bridged), PCIe peer-to-peer at the placed link width and
 * generation, or through host memory where the cards cannot reach each other
 * directly (GeForce 40 and 50 series, a slot on the chipset, cards on two
 * CPUs), and between nodes over the network card; plus a fixed
 * synchronisation cost per step that grows with log2 of the GPU count.
 *
 * The constants are fitted on tests/data/calibration.csv and checked against
 * tests/data/perf_validation.csv, measurements from other sources that were
 * not used for fitting (docs/CALIBRATION.md); test_perf holds both.
 */
#include "dlrig/perf.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlrig/constraints.h"
#include "dlrig/csv.h"
#include "dlrig/gpurate.h"
#include "dlrig/power.h"
#include "dlrig/util.h"

/* The fraction of peak a workload reaches on real training code (compute
 * and memory-bandwidth efficiency) and the share of a step that can hide the
 * all-reduce are columns of its catalog row (compute_efficiency,
 * memory_efficiency, allreduce_overlap): fitted on the single-GPU rows of
 * tests/data/calibration.csv together with the tensor-core generation share
 * and the energy per sample below (docs/CALIBRATION.md, db/SOURCES.md). */

/* Energy a training step spends per FLOP and per byte of the workload's
 * memory traffic (picojoules; the byte figure covers the on-chip moves that
 * go with each DRAM byte).  Fitted on the calibration table, where the A100
 * PCIe 40GB (250 W) and 80GB (300 W) run BERT-large 117 and 140 sequences/s:
 * in the ratio of their board power (1.20), not of their bandwidth (1.24) or
 * of their identical tensor peak.  Applied to training only: batch-1
 * generation draws far under the board power. */
#define ENERGY_PJ_PER_FLOP 1.2
#define ENERGY_PJ_PER_BYTE 380.0

/* L2 size (MB) at which a card keeps half of the traffic a workload's
 * cache_traffic_share allows on chip.  The calibration error is flat for
 * 48-128 MB (the fitted share moves with it: 0.16-0.27); 64 MB is the size of
 * the middle Ada and Blackwell chips (AD103, GB203). */
#define CACHE_HALF_MB 64.0

/* Share of w's DRAM traffic that g's L2 cache keeps on chip: the workload's
 * cache_traffic_share x L2 / (L2 + 64 MB), 0 when either is not known.  A CNN
 * step writes activation tensors a layer reads back right away; the late
 * layers' tensors (13-51 MB at a batch of 256 in 16 bits) fit in Ada's 72-96
 * MB and stay on chip, not in the 6 MB of GA102 and Turing.  Fitted on the
 * calibration table (docs/CALIBRATION.md). */
double perf_cache_saving(const dlrig_gpu *g, const dlrig_workload *w)
{
    if (!g || !w || isnan(g->l2_cache_mb) || isnan(w->cache_traffic_share) || g->l2_cache_mb <= 0) return 0;
    return w->cache_traffic_share * g->l2_cache_mb / (g->l2_cache_mb + CACHE_HALF_MB);
}

/* Bytes per parameter of the weights at a precision (inference). */
static double weight_bytes(dlrig_precision precision)
{
    if (precision == DLRIG_PRECISION_FP32) return 4;
    if (precision == DLRIG_PRECISION_FP8) return 1;
    return 2;
}

/* How the reference profile's per-sample work scales when the user's model is
 * bigger/smaller.  A recommender's size is its embedding rows: a sample looks
 * up the same vectors and runs the same layers however many rows the tables
 * have, so its work does not scale. */
static double size_ratio(const dlrig_workload *w, double params_m)
{
    if (w->params_m <= 0 || isnan(params_m) || params_m <= 0 || !isnan(w->embedding_share)) return 1.0;
    return params_m / w->params_m;
}

/* Adapters a LoRA trains, as a share of the weights: rank 16 (ai-toolkit's
 * FLUX.1 default) on every linear layer of FLUX.1 [dev] is 16 x 4,669,440 =
 * 74.7M parameters (from its configuration: hidden 3072, 19 double- and 38
 * single-stream blocks), 0.63% of its 11.9B. */
#define DIFFUSION_LORA_SHARE 0.0063
/* Bytes of a frozen base weight when a LoRA names no format: 8 bits, as
 * ai-toolkit's FLUX.1 configuration for 24 GB cards (quantize: true) and
 * kohya's sd-scripts (--fp8_base) train it. */
#define DIFFUSION_LORA_BASE_BITS 8

bool perf_workload_generates(const dlrig_workload *w)
{
    return w && !w->training && (w->unit_kind == DLRIG_WL_UNIT_IMAGES || w->unit_kind == DLRIG_WL_UNIT_FRAMES);
}

/* Video generation with a named video model: a pass over T latent tokens
 * costs 2 x active parameters x T FLOPs in its linear layers and 4 x layers
 * x width x T^2 in attention (scores and the weighted sum): at 720p and 81
 * frames (75,600 tokens) attention is two thirds of Wan 2.1 14B's work.  A
 * pass's activations at its peak take VIDEO_ACT_BYTES a token and unit of
 * width: fitted on Wan 2.2 A14B's published peaks at 480p and 720p (41.3
 * and 59.8 GB: 432 KB a token at width 5120), checked on HunyuanVideo's and
 * CogVideoX's (docs/CALIBRATION.md, "Video generation").  The weights on the
 * card are the active parameters: Wan 2.2's two experts take turns, the idle
 * one off the GPU; the text encoder runs once before denoising and the
 * official single-GPU commands move it off the card (not counted). */
#define VIDEO_ACT_BYTES 84.0

static const dlrig_workload *video_workload(const dlrig_requirements *r, const dlrig_workload *w,
                                            const dlrig_model *m, dlrig_workload *buf, char *err, size_t errlen)
{
    if (m->tokens_per_pass == DLRIG_NA || m->tokens_per_pass <= 0 || m->n_layers == DLRIG_NA || m->n_layers <= 0 ||
        m->hidden_size == DLRIG_NA || m->hidden_size <= 0 || m->frames <= 0 || m->generate_steps == DLRIG_NA ||
        m->generate_steps <= 0 || m->guidance_passes == DLRIG_NA || m->guidance_passes <= 0) {
        snprintf(err, errlen, "%s: the catalog has no tokens, layers, width, frames or steps for generating with it",
                 m->name);
        return NULL;
    }
    *buf = *w;
    double t = m->tokens_per_pass, p = m->active_params_m * 1e6;
    double pass = 2 * p * t + 4.0 * m->n_layers * m->hidden_size * t * t;
    double passes = (double)m->generate_steps * m->guidance_passes;
    /* a sample is a frame: the rate counts frames/s */
    buf->gflops_per_sample = passes * pass / m->frames / 1e9;
    buf->mem_bytes_per_sample = passes * p * 2 * 2 / m->frames;
    buf->activation_mb_per_sample = VIDEO_ACT_BYTES * m->hidden_size * t / 1e6;
    buf->attention_share = 4.0 * m->n_layers * m->hidden_size * t * t / pass;
    buf->params_m = m->active_params_m;
    double width = weight_bytes(requirements_effective_precision(r));
    buf->companion_gb = !isnan(m->companion_params_m) ? m->companion_params_m * 1e6 * width / 1e9 : 0;
    buf->whole_on_card = true; /* each card generates its own videos */
    buf->steps_per_sample = DLRIG_NA; /* steps of seconds each: no dispatch floor */
    snprintf(buf->job_label, sizeof buf->job_label, "%s, %d frames%s%s, %d steps%s", m->name, m->frames,
             m->sample ? " at " : "", m->sample ? m->sample : "", m->generate_steps,
             m->guidance_passes > 1 ? " with guidance" : "");
    buf->reference_model = buf->job_label;
    return buf;
}

/* Image generation with a named diffusion model: each image runs the
 * denoiser generate_steps times, twice a step with classifier-free guidance
 * (guidance_passes), at the model's native size; a pass is a third of a
 * training sample's FLOPs (forward only).  Each pass reads the weights, and
 * about as many bytes of activations (an estimate: the work is compute-bound
 * on every catalog GPU).  The frozen text encoders and autoencoder load
 * beside it at the weights' width. */
static const dlrig_workload *generation_workload(const dlrig_requirements *r, const dlrig_workload *w,
                                                 const dlrig_model *m, dlrig_workload *buf, char *err, size_t errlen)
{
    bool video_wl = w->unit_kind == DLRIG_WL_UNIT_FRAMES, video_model = m->frames != DLRIG_NA;
    if (video_wl != video_model) {
        snprintf(err, errlen, "%s generates %s: use --workload %s", m->name, video_model ? "videos" : "images",
                 video_model ? "video-generation" : "image-generation");
        return NULL;
    }
    if (video_model) return video_workload(r, w, m, buf, err, errlen);
    if (isnan(m->train_gflops) || m->generate_steps == DLRIG_NA || m->guidance_passes == DLRIG_NA) {
        snprintf(err, errlen, "%s: the catalog has no FLOPs or denoising steps for generating with it", m->name);
        return NULL;
    }
    *buf = *w;
    double passes = (double)m->generate_steps * m->guidance_passes;
    double ratio = w->params_m > 0 ? m->params_m / w->params_m : 1;
    buf->params_m = m->params_m;
    buf->gflops_per_sample = passes * m->train_gflops / 3;
    buf->mem_bytes_per_sample = passes * m->params_m * 1e6 * 2 * 2;
    buf->activation_mb_per_sample = w->activation_mb_per_sample * sqrt(ratio);
    double width = weight_bytes(requirements_effective_precision(r));
    buf->companion_gb = !isnan(m->companion_params_m) ? m->companion_params_m * 1e6 * width / 1e9 : 0;
    buf->whole_on_card = true; /* each card generates its own images */
    buf->steps_per_sample = m->generate_steps;
    snprintf(buf->job_label, sizeof buf->job_label, "%s, %d steps%s%s%s", m->name, m->generate_steps,
             m->guidance_passes > 1 ? " with guidance" : "", m->sample ? ", " : "", m->sample ? m->sample : "");
    buf->reference_model = buf->job_label;
    return buf;
}

const dlrig_workload *perf_job_workload(const dlrig_catalog *cat, const dlrig_requirements *r,
                                        const dlrig_workload *w, dlrig_workload *buf, char *err, size_t errlen)
{
    if (!w || w->language_model) return w;
    const dlrig_model *m = r->model[0] ? catalog_model_find(cat, r->model) : NULL;
    if (r->model[0] && !m) {
        snprintf(err, errlen, "unknown model '%s' (dlrig models lists them)", r->model);
        return NULL;
    }
    if (m && m->kind && !strcmp(m->kind, "llm")) {
        snprintf(err, errlen, "%s is a language model and --workload %s is not: use a language-model workload "
                 "(dlrig recommend --help lists them) or the workload's own models (dlrig models)", m->name, w->id);
        return NULL;
    }
    int method = r->method[0] ? id_index(dlrig_method_ids, r->method) : -1;
    if (m && m->frames != DLRIG_NA && (w->unit_kind != DLRIG_WL_UNIT_FRAMES || method >= 0)) {
        if (!w->training && method < 0)
            snprintf(err, errlen, "%s generates videos: use --workload video-generation", m->name);
        else
            snprintf(err, errlen, "%s is a video model: dlrig estimates generating videos with it (--workload "
                     "video-generation, no --method); training it is not modelled", m->name);
        return NULL;
    }
    if (!m && method < 0) {
        if (!perf_workload_generates(w)) return w;
        *buf = *w;
        buf->whole_on_card = true; /* each card generates its own images or videos */
        return buf;
    }
    if (!w->training && method < 0 && m && m->kind && !strcmp(m->kind, "diffusion"))
        return generation_workload(r, w, m, buf, err, errlen);
    if (w->steps_per_sample != DLRIG_NA && m && (!m->kind || strcmp(m->kind, "diffusion") != 0)) {
        snprintf(err, errlen, "%s is not a diffusion model: --workload %s generates with one (dlrig models lists "
                 "them)", m->name, w->id);
        return NULL;
    }
    if (w->training && method == DLRIG_METHOD_INFERENCE && m && m->kind && !strcmp(m->kind, "diffusion")) {
        snprintf(err, errlen, "--method inference: the %s workload trains %s; to generate images with it, use "
                 "--workload image-generation --model %s", w->id, m->name, m->id);
        return NULL;
    }
    if (method == DLRIG_METHOD_INFERENCE || method == DLRIG_METHOD_QLORA || (method >= 0 && !w->training)) {
        snprintf(err, errlen, "--method %s: the %s workload %s; it takes --method lora or full%s", r->method, w->id,
                 w->training ? "trains its model" : "runs a trained model", w->training ? "" : " only when it trains");
        return NULL;
    }
    *buf = *w;
    /* adapter trainers of diffusion and vision models (diffusers, ai-toolkit, kohya's sd-scripts) run data
     * parallel: every card holds the whole model; full fine-tuning may shard it (DeepSpeed, FSDP) */
    buf->whole_on_card = method == DLRIG_METHOD_LORA;
    double ratio = 1;
    if (m) {
        double ref = w->params_m;
        ratio = ref > 0 && isnan(w->embedding_share) ? m->params_m / ref : 1;
        buf->params_m = m->params_m;
        buf->gflops_per_sample = !isnan(m->train_gflops) ? m->train_gflops : w->gflops_per_sample * ratio;
        buf->mem_bytes_per_sample = w->mem_bytes_per_sample * ratio;
        buf->activation_mb_per_sample = w->activation_mb_per_sample * sqrt(ratio);
        buf->companion_gb = !isnan(m->companion_params_m) ? m->companion_params_m * 1e6 * 2 / 1e9 : 0;
    }
    const char *base = "";
    char wbuf[64] = "";
    if (method == DLRIG_METHOD_LORA) {
        double bits = DIFFUSION_LORA_BASE_BITS;
        if (r->weights[0]) {
            dlrig_weights wt;
            if (llm_weights_parse(r->weights, &wt, err, errlen) != 0) return NULL;
            if (wt.bits < 8) {
                snprintf(err, errlen, "--weights %s: a frozen base of under 8 bits is modelled for language models "
                         "only; give 8 or 16 bits (fp8, int8, bf16, fp16)", r->weights);
                return NULL;
            }
            bits = wt.bits;
        }
        buf->adapter_share = DIFFUSION_LORA_SHARE;
        buf->frozen_bytes = bits / 8;
        buf->companion_gb *= bits / 16; /* quantised alongside the model */
        snprintf(wbuf, sizeof wbuf, ", LoRA on %g-bit weights", bits);
        base = wbuf;
    } else if (method == DLRIG_METHOD_FULL) {
        base = ", full fine-tuning";
    }
    const char *name = m ? m->name : w->reference_model;
    const char *sample = m && m->sample ? m->sample : NULL;
    snprintf(buf->job_label, sizeof buf->job_label, "%s%s%s%s", name, base, sample ? ", " : "", sample ? sample : "");
    buf->reference_model = buf->job_label;
    return buf;
}

double perf_model_memory_gb(const dlrig_workload *w, double params_m, dlrig_precision precision, int batch)
{
    if (!w) return 0;
    if (isnan(params_m) || params_m <= 0) params_m = w->params_m;
    double params = params_m * 1e6;
    double act = w->activation_mb_per_sample * 1e6 * sqrt(size_ratio(w, params_m));
    bool fp32 = precision == DLRIG_PRECISION_FP32;
    double bytes;
    if (!w->training) {
        /* Weights plus KV cache / activations for the batch (4k-token context for LLMs). */
        double ctx = w->unit_kind == DLRIG_WL_UNIT_TOKENS ? 4096 : 1;
        bytes = params * weight_bytes(precision) + act * ctx * batch;
    } else if (!isnan(w->adapter_share)) {
        /* LoRA: frozen 16-bit weights, adapters (adapter_share of the
         * parameters, ~1%) with full optimizer state, activations with
         * checkpointing for batches of sequences. */
        double seq = w->sequence_tokens != DLRIG_NA ? w->sequence_tokens : 1;
        bytes = params * (w->frozen_bytes > 0 ? w->frozen_bytes : 2) + params * w->adapter_share * 16 +
                act * seq * batch;
    } else if (!isnan(w->embedding_share)) {
        /* Recommender: FP32 embedding rows updated sparsely by SGD (no dense
         * gradient, no optimizer state: 4 bytes a parameter), the dense layers
         * as below. */
        bytes = params * w->embedding_share * 4 + params * (1 - w->embedding_share) * 16 +
                act * batch * (fp32 ? 2 : 1);
    } else {
        /* Weights, gradients and Adam state: 16 bytes per parameter in mixed
         * precision and in FP32 alike (ZeRO, Rajbhandari et al. 2020). */
        bytes = params * 16 + act * batch * (fp32 ? 2 : 1);
    }
    /* + frozen networks loaded beside it, + the framework's own buffer (~400 MB) */
    return bytes / 1e9 + w->companion_gb + 0.4;
}

/* Peak TFLOPS for the tensor share and for the rest, at a precision. */
static void peaks(const dlrig_gpu *g, const dlrig_workload *w, dlrig_precision precision, double *tensor, double *rest)
{
    double fp32 = g->fp32_tflops;
    if (w->priority_kind == DLRIG_PRIORITY_FP64) {
        /* FP64 matrix work runs on the FP64 tensor (matrix) cores where the card has them */
        *tensor = *rest = !isnan(g->fp64_tensor_tflops) ? g->fp64_tensor_tflops
                          : isnan(g->fp64_tflops)       ? fp32 / 32
                                                        : g->fp64_tflops;
        return;
    }
    double t = NAN;
    bool fp8 = precision == DLRIG_PRECISION_FP8, bf16 = precision == DLRIG_PRECISION_BF16;
    bool f32 = precision == DLRIG_PRECISION_FP32, tf32 = precision == DLRIG_PRECISION_TF32;
    if (fp8) t = g->fp8_tensor_tflops;
    if (isnan(t) && (bf16 || fp8)) t = g->bf16_tensor_tflops;
    if (isnan(t) && !f32 && !tf32) t = g->fp16_tensor_tflops;
    if (f32) t = fp32;
    if (tf32) /* TF32 tensor cores run at half the FP16 rate (Ampere and newer) */
        t = g->arch && g->arch->tf32 && !isnan(g->fp16_tensor_tflops) ? g->fp16_tensor_tflops / 2 : fp32;
    if (isnan(t)) t = fp32; /* no tensor cores: FP16 runs on the FP32 units */
    *tensor = t;
    *rest = fp32;
}

/* Whether the work keeps the GPU at its board power: training, and batched
 * compute-bound inference (image generation, a CNN's inference); not one
 * generation stream, nor work that runs its own kernels (molecular
 * dynamics, fitted on its own). */
static bool draws_board_power(const dlrig_workload *w)
{
    return w->training ||
           (!w->single_stream && w->priority_kind == DLRIG_PRIORITY_COMPUTE && !perf_workload_own_precision(w));
}

double perf_gpu_throughput(const dlrig_gpu *g, const dlrig_workload *w, double params_m, dlrig_precision precision,
                           const char **bound)
{
    double ratio = size_ratio(w, params_m);
    double flops = w->gflops_per_sample * 1e9 * ratio;
    double bytes = w->mem_bytes_per_sample * ratio;
    /* Profiles count 16-bit traffic: FP32/TF32 training moves twice the bytes,
     * inference weights scale with their width.  A workload without weights
     * (molecular dynamics) moves what its own code moves, whatever precision
     * the request names. */
    if (!w->training) {
        if (!perf_workload_own_precision(w)) bytes *= weight_bytes(precision) / 2.0;
    } else if (precision == DLRIG_PRECISION_FP32 || precision == DLRIG_PRECISION_TF32) {
        bytes *= 2;
    }
    double tensor, rest;
    peaks(g, w, precision, &tensor, &rest);
    /* the tensor share of the work runs at the tensor-core generation's share */
    if (tensor != rest && w->priority_kind != DLRIG_PRIORITY_FP64) tensor *= gpu_tensor_generation_share(g);
    /* a training step (or batched generation: images, a CNN's inference) holds a non-GeForce card to its
     * board power's rate */
    bool full_power = draws_board_power(w);
    if (full_power && tensor != rest) tensor = gpu_training_tensor_tflops(g, tensor);
    double f = w->tensor_friendly;
    double t_compute = 0;
    if (flops > 0) {
        double ct = f > 0 ? f * flops / (tensor * 1e12 * w->compute_efficiency) : 0;
        /* long-sequence attention runs at the architecture's long_attention_share of the efficiency other
         * kernels reach (Hopper: FlashAttention-2 at 35% of the peak where FlashAttention-3 reaches 75%) */
        double a = w->attention_share, s = g->arch ? g->arch->long_attention_share : NAN;
        if (!isnan(a) && a > 0 && a <= f && !isnan(s) && s > 0 && s < 1)
            ct += a * flops / (tensor * 1e12 * w->compute_efficiency) * (1 / s - 1);
        double cr = (1 - f) * flops / (rest * 1e12 * w->compute_efficiency);
        t_compute = ct + cr;
    }
    /* DRAM time: the traffic the L2 cache does not keep on chip.  The energy
     * below counts all of it (a hit still moves the bytes across the chip). */
    double t_mem = bytes * (1 - perf_cache_saving(g, w)) / (g->bandwidth_gbs * 1e9 * w->memory_efficiency);
    double t = t_mem > t_compute ? t_mem : t_compute;
    const char *b = t_mem > t_compute ? "memory" : "compute";
    /* many small calls (a denoiser's steps): the host dispatches each call's kernels no faster than this */
    if (w->steps_per_sample != DLRIG_NA && !isnan(w->ms_per_step) && w->steps_per_sample * w->ms_per_step / 1e3 > t) {
        t = w->steps_per_sample * w->ms_per_step / 1e3;
        b = "dispatch";
    }
    if (full_power && g->tdp_w > 0) {
        double t_power = (flops * ENERGY_PJ_PER_FLOP + bytes * ENERGY_PJ_PER_BYTE) * 1e-12 / g->tdp_w;
        if (t_power > t) { /* the clocks drop to stay within the board power: reported as compute-bound */
            t = t_power;
            b = "compute";
        }
    }
    if (bound) *bound = b;
    return t > 0 ? 1.0 / t : 0;
}


/* Every GPU of the build is an SXM module with NVLink: they talk through
 * the HGX baseboard's NVSwitches, no bridge needed. */
static bool all_switched(const dlrig_build *b)
{
    bool any = false;
    for (size_t i = 0; i < b->n_items; i++) {
        if (b->items[i].part->category != DLRIG_CAT_GPU) continue;
        const dlrig_gpu *g = (const dlrig_gpu *)b->items[i].part;
        if (!constraint_gpu_sxm(g) || !g->nvlink) return false;
        any = true;
    }
    return any;
}


/* Bandwidth through host memory as a share of the PCIe link's: each
 * all-reduce chunk is copied into and back out of system memory.  Fitted on
 * the 2 x RTX 4090 rows of the calibration table. */
#define HOST_PATH_SHARE 0.4
/* Fixed cost of one synchronisation of the GPUs per step (NCCL launch,
 * barrier, bucket bookkeeping), per doubling of the GPU count.  Fitted on the
 * 2- to 8-GPU rows of the calibration table. */
#define SYNC_S 0.010

typedef struct comm_path {
    double gbs;  /* per direction, GB/s, for the all-reduce */
    bool nvlink; /* over NVLink bridges */
    bool host;   /* through host memory (no peer-to-peer) */
} comm_path;

/* The path of the all-reduce between the node's GPUs: NVLink when every card
 * is bridged (or every GPU is an NVSwitch-connected SXM module), else PCIe at the narrowest placed width and generation, through
 * host memory when a card has no peer-to-peer, sits in a chipset slot (its
 * traffic crosses the chipset uplink) or the cards hang off two CPUs. */
static comm_path node_path(const dlrig_build *b, const dlrig_placement *p, const dlrig_gpu *slow, bool all_nvlink)
{
    bool bridged = (build_count(b, DLRIG_CAT_NVLINK_BRIDGE) > 0 && all_nvlink) || all_switched(b);
    if (bridged && !isnan(slow->nvlink_gbs)) return (comm_path){slow->nvlink_gbs / 2, true, false};
    bool host = false;
    for (size_t i = 0; i < b->n_items; i++)
        if (b->items[i].part->category == DLRIG_CAT_GPU && !gpu_has_p2p((const dlrig_gpu *)b->items[i].part))
            host = true;
    int width = 16, gen = slow->pcie_gen;
    bool cpu1 = false, cpu2 = false;
    for (size_t i = 0; p && i < p->n_cards; i++)
        if (p->cards[i].part->category == DLRIG_CAT_GPU && p->cards[i].position) {
            if (p->cards[i].link_width < width) width = p->cards[i].link_width;
            if (p->cards[i].link_gen < gen) gen = p->cards[i].link_gen;
            if (p->cards[i].attached_to == DLRIG_ATTACH_CHIPSET) host = true;
            if (p->cards[i].attached_to == DLRIG_ATTACH_CPU1) cpu1 = true;
            if (p->cards[i].attached_to == DLRIG_ATTACH_CPU2) cpu2 = true;
        }
    if (cpu1 && cpu2) host = true;
    if (width < 1) width = 1;
    double gbs = gpu_pcie_lane_gbs(gen) * width * 0.8; /* protocol overhead */
    return (comm_path){host ? gbs * HOST_PATH_SHARE : gbs, false, host};
}

/* Samples one GPU processes per step: the batch that fills its memory
 * (data-parallel training runs the largest batch that fits; 8% kept free),
 * at least one. */
static double step_samples(const dlrig_workload *w, double params_m, dlrig_precision precision, double vram_gb)
{
    /* sharded embedding tables leave each card's batch at the reference run's */
    if (!isnan(w->embedding_share)) return w->batch_per_gpu;
    double fixed = perf_model_memory_gb(w, params_m, precision, 0);
    double each = perf_model_memory_gb(w, params_m, precision, 1) - fixed;
    double batch = each > 0 ? floor((vram_gb * 0.92 - fixed) / each) : w->batch_per_gpu;
    if (batch < 1) batch = 1;
    if (w->sequence_tokens != DLRIG_NA) batch *= w->sequence_tokens; /* sequences of tokens; the unit is tokens */
    return batch;
}

int perf_llm_fit(const dlrig_catalog *cat, const dlrig_requirements *req, const dlrig_workload *w,
                 const dlrig_gpu *g, int n, const dlrig_link *link, dlrig_fit *one, dlrig_fit *all, char *err,
                 size_t errlen)
{
    dlrig_fit_query q;
    int rc = llm_query_for(cat, req, w, &q, err, errlen);
    if (rc != 1) return rc;
    llm_fit(g, 1, link, &q, one);
    llm_fit(g, n, link, &q, all);
    return 1;
}

/* A language-model job: memory and speed from the LLM model (llm.h) on the
 * node's smallest card.  Returns 0 when b's requirements are not one (the
 * estimate goes on as usual), else fills *out (out->llm) and returns 1, or
 * -1 with a message. */
static int llm_branch(const dlrig_catalog *cat, const dlrig_build *b, const dlrig_placement *p,
                      const dlrig_workload *w, const dlrig_gpu *slow, int n, int nodes, double power_speed,
                      dlrig_estimate *out, char *err, size_t errlen)
{
    dlrig_fit_query q;
    int rc = llm_query_for(cat, &b->req, w, &q, err, errlen);
    if (rc != 1) return rc;
    q.power_speed = power_speed; /* the most limited card sets the pace (llm.c applies it where it binds) */
    /* the card with the least memory decides what fits */
    const dlrig_gpu *small = slow;
    bool all_nvlink = true;
    for (size_t i = 0; i < b->n_items; i++) {
        if (b->items[i].part->category != DLRIG_CAT_GPU) continue;
        const dlrig_gpu *g = (const dlrig_gpu *)b->items[i].part;
        if (g->vram_gb < small->vram_gb) small = g;
        if (!g->nvlink) all_nvlink = false;
    }
    /* the path of the all-reduces: NVLink, PCIe peer-to-peer, or through
     * host memory (node_path) */
    comm_path path = node_path(b, p, slow, all_nvlink);
    dlrig_link link = {path.host ? path.gbs / HOST_PATH_SHARE : path.gbs, path.nvlink, path.host};
    dlrig_fit one, all;
    llm_fit(small, 1, &link, &q, &one);
    llm_fit(small, n, &link, &q, &all);
    out->llm = true;
    out->query = q;
    out->memory = n > 1 ? all : one;
    out->mem_need_gb = one.per_gpu.total;
    out->fits = one.fits;
    out->fits_sharded = all.fits;
    if (q.model.name) snprintf(out->reference_model, sizeof out->reference_model, "%s", q.model.name);
    out->params_m = q.model.params_m;
    const dlrig_fit *run = n > 1 ? &all : &one;
    bool training = q.method != DLRIG_METHOD_INFERENCE;
    /* one generation stream does not go faster on more nodes; served
     * requests spread over them */
    out->throughput = run->tokens_per_s * (training || q.serving ? nodes : 1);
    out->per_gpu = one.fits ? one.tokens_per_s : run->tokens_per_s / n;
    /* a job that needs several cards has no one-card speed to scale from */
    out->scaling = !one.fits ? NAN : out->per_gpu > 0 ? out->throughput / (out->per_gpu * out->gpus) : 1;
    out->bound = run->bound;
    out->unit = "tokens/s";
    if (!isnan(b->req.dataset_gb) && out->throughput > 0 && training) {
        /* about 4 bytes of text a token */
        out->epoch_hours = b->req.dataset_gb * 1e9 / 4 / out->throughput / 3600.0;
    }
    const dlrig_part *ref = catalog_find(cat, "nvidia-rtx-4090");
    out->relative = NAN;
    if (ref && ref->category == DLRIG_CAT_GPU) {
        dlrig_fit r;
        dlrig_fit_query unlimited = q;
        unlimited.power_speed = 0;
        llm_fit((const dlrig_gpu *)ref, 1, NULL, &unlimited, &r);
        if (r.tokens_per_s > 0) out->relative = out->throughput / r.tokens_per_s;
    }
    return 1;
}

int perf_estimate(const dlrig_catalog *cat, const dlrig_build *b, const dlrig_placement *p, const char *workload,
                  dlrig_estimate *out, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    out->epoch_hours = NAN;
    const dlrig_workload *w = workload ? catalog_workload(cat, workload) : requirements_workload(cat, &b->req);
    if (!w) {
        snprintf(err, errlen, "unknown workload '%s'", workload ? workload : b->req.workload);
        return -1;
    }
    dlrig_workload job;
    w = perf_job_workload(cat, &b->req, w, &job, err, errlen);
    if (!w) return -1;
    dlrig_precision precision = requirements_effective_precision(&b->req);
    double params_m = !isnan(b->req.model_params_m) ? b->req.model_params_m : w->params_m;
    out->workload = w->id;
    snprintf(out->reference_model, sizeof out->reference_model, "%s", w->reference_model ? w->reference_model : "");
    out->unit = w->unit;
    out->params_m = params_m;
    out->reference_params_m = w->params_m;

    /* The slowest GPU sets the pace of synchronous data parallelism. */
    const dlrig_gpu *slow = NULL;
    double per_gpu = INFINITY;
    int n = 0;
    const char *bound = "compute";
    double vmin = INFINITY, limited = 1.0;
    bool all_nvlink = true;
    for (size_t i = 0; i < b->n_items; i++) {
        if (b->items[i].part->category != DLRIG_CAT_GPU) continue;
        const dlrig_gpu *g = (const dlrig_gpu *)b->items[i].part;
        const char *bd;
        double pw = power_item_speed(&b->items[i]); /* a power limit's speed cost (power.h) */
        if (pw < limited) limited = pw;
        double tp = perf_gpu_throughput(g, w, params_m, precision, &bd) * pw;
        if (tp < per_gpu) {
            per_gpu = tp;
            slow = g;
            bound = bd;
        }
        if (g->vram_gb < vmin) vmin = g->vram_gb;
        if (!g->nvlink) all_nvlink = false;
        n += b->items[i].qty;
    }
    if (!slow) {
        snprintf(err, errlen, "the build has no GPU");
        return -1;
    }
    int nodes = b->req.nodes > 0 ? b->req.nodes : 1;
    out->per_gpu = per_gpu;
    out->vram_gb = vmin;
    out->gpus = n * nodes;
    out->mem_need_gb = perf_model_memory_gb(w, params_m, precision, 1);
    out->fits = out->mem_need_gb <= vmin;
    out->fits_sharded = w->whole_on_card ? out->fits : out->mem_need_gb <= vmin * n;

    if (llm_branch(cat, b, p, w, slow, n, nodes, limited, out, err, errlen) != 0)
        return out->llm ? 0 : -1;

    /* Communication per step: all-reduce of the FP32 gradients (mixed
     * precision keeps FP32 master weights, so their gradients are FP32 too). */
    double scaling = 1.0;
    int total = n * nodes;
    if (total > 1 && w->training) {
        double grad_bytes = params_m * 1e6 * 4;
        if (!isnan(w->adapter_share)) grad_bytes *= w->adapter_share; /* LoRA adapters only */
        if (!isnan(w->embedding_share)) grad_bytes *= 1 - w->embedding_share; /* dense layers only */
        double batch = step_samples(w, params_m, precision, vmin);
        double step = batch / per_gpu;
        /* sharded embedding tables: each card sends the share of its samples'
         * vectors (and gets back their gradients) that other cards hold */
        double exchange = isnan(w->exchange_kb_per_sample) ? 0 : w->exchange_kb_per_sample * 1e3 * batch;
        double t_comm = 0;
        if (n > 1) {
            comm_path path = node_path(b, p, slow, all_nvlink);
            t_comm += (2.0 * grad_bytes + exchange) * (n - 1) / n / (path.gbs * 1e9);
        }
        if (nodes > 1) {
            double gbps = 0;
            bool rdma = false;
            for (size_t i = 0; i < b->n_items; i++)
                if (b->items[i].part->category == DLRIG_CAT_NIC) {
                    const dlrig_nic *nic = (const dlrig_nic *)b->items[i].part;
                    if (nic->speed_gbps > gbps) {
                        gbps = nic->speed_gbps;
                        rdma = nic->rdma;
                    }
                }
            if (gbps <= 0) gbps = 1; /* onboard 1 GbE */
            if (!slow->gpudirect_rdma) rdma = false;
            /* Seed 004: RDMA gives 2.5x the throughput of TCP for the same cards. */
            double net = gbps / 8.0 * (rdma ? 0.9 : 0.36);
            t_comm += (2.0 * grad_bytes + n * exchange) * (nodes - 1) / nodes / (net * 1e9);
        }
        double exposed = t_comm - w->allreduce_overlap * step;
        if (exposed < 0) exposed = 0;
        exposed += (isnan(w->sync_s) ? SYNC_S : w->sync_s) * log2(total);
        scaling = step / (step + exposed);
        if (w->scaling_kind == DLRIG_SCALING_POOR) scaling *= 0.85; /* seed 003: RNN scaling is unclear */
        if (exposed > 0.25 * step) bound = "communication";
    }
    if (w->single_stream && total > 1) {
        /* One generation stream: layers split over the GPUs run one after
         * another, so extra GPUs add memory, not speed (llama.cpp multi-GPU
         * measurements in the calibration table). */
        scaling = 1.0 / total;
    }
    out->scaling = scaling;
    out->throughput = per_gpu * total * scaling;
    out->bound = bound;
    /* a generator makes its images or frames: no data set to pass over */
    if (!isnan(b->req.dataset_gb) && out->throughput > 0 && !perf_workload_generates(w)) {
        double samples = b->req.dataset_gb * 1e6 / w->sample_kb;
        out->epoch_hours = samples / out->throughput / 3600.0;
    }
    const dlrig_part *ref = catalog_find(cat, "nvidia-rtx-4090");
    if (ref && ref->category == DLRIG_CAT_GPU) {
        double r = perf_gpu_throughput((const dlrig_gpu *)ref, w, params_m, precision, NULL);
        out->relative = r > 0 ? out->throughput / r : NAN;
    } else {
        out->relative = NAN;
    }
    return 0;
}

static double r2(double x)
{
    return round(x * 100) / 100;
}

void perf_fit_json(cJSON *o, const dlrig_fit *f)
{
    cJSON_AddBoolToObject(o, "fits", f->fits);
    cJSON_AddNumberToObject(o, "gpus", f->gpus);
    cJSON_AddNumberToObject(o, "per_gpu_gb", r2(f->per_gpu.total));
    cJSON_AddNumberToObject(o, "capacity_gb", f->capacity_gib);
    cJSON_AddNumberToObject(o, "headroom_gb", r2(f->headroom_gib));
    cJSON *b = cJSON_AddObjectToObject(o, "breakdown");
    cJSON_AddNumberToObject(b, "weights", r2(f->per_gpu.weights));
    cJSON_AddNumberToObject(b, "kv_cache", r2(f->per_gpu.kv_cache));
    cJSON_AddNumberToObject(b, "activations", r2(f->per_gpu.activations));
    cJSON_AddNumberToObject(b, "gradients", r2(f->per_gpu.gradients));
    cJSON_AddNumberToObject(b, "optimizer", r2(f->per_gpu.optimizer));
    cJSON_AddNumberToObject(b, "overhead", r2(f->per_gpu.overhead));
    cJSON_AddNumberToObject(o, "offloaded_gb", r2(f->offloaded_gib));
    cJSON_AddStringToObject(o, "strategy", f->strategy);
    cJSON_AddStringToObject(o, "how", f->how ? f->how : "");
    cJSON_AddNumberToObject(o, "tokens_per_s", round(f->tokens_per_s * 10) / 10);
    cJSON_AddStringToObject(o, "speed_kind", f->speed_kind ? f->speed_kind : "");
    if (isnan(f->prompt_tokens_per_s)) cJSON_AddNullToObject(o, "prompt_tokens_per_s");
    else cJSON_AddNumberToObject(o, "prompt_tokens_per_s", round(f->prompt_tokens_per_s));
    cJSON_AddStringToObject(o, "bound", f->bound ? f->bound : "");
    cJSON_AddStringToObject(o, "assumptions", f->assumptions);
}

/* A rate for JSON: one decimal, three below 10 (an image generator's 0.312 images/s keeps its figures). */
static double json_rate(double v) { return fabs(v) < 10 ? round(v * 1000) / 1000 : round(v * 10) / 10; }

cJSON *estimate_to_json(const dlrig_estimate *e)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "workload", e->workload);
    cJSON_AddStringToObject(o, "reference_model", e->reference_model);
    cJSON_AddNumberToObject(o, "throughput", json_rate(e->throughput));
    cJSON_AddStringToObject(o, "unit", e->unit);
    cJSON_AddStringToObject(o, "bound", e->bound);
    if (isnan(e->epoch_hours)) cJSON_AddNullToObject(o, "epoch_hours");
    else cJSON_AddNumberToObject(o, "epoch_hours", round(e->epoch_hours * 100) / 100);
    cJSON_AddNumberToObject(o, "per_gpu", json_rate(e->per_gpu));
    cJSON_AddNumberToObject(o, "gpus", e->gpus);
    if (isnan(e->scaling)) cJSON_AddNullToObject(o, "scaling_efficiency");
    else cJSON_AddNumberToObject(o, "scaling_efficiency", round(e->scaling * 1000) / 1000);
    if (isnan(e->relative)) cJSON_AddNullToObject(o, "relative_to_rtx_4090");
    else cJSON_AddNumberToObject(o, "relative_to_rtx_4090", round(e->relative * 100) / 100);
    cJSON_AddNumberToObject(o, "model_params_m", e->params_m);
    cJSON_AddNumberToObject(o, "memory_needed_gb", round(e->mem_need_gb * 10) / 10);
    cJSON_AddBoolToObject(o, "fits_one_gpu", e->fits);
    cJSON_AddBoolToObject(o, "fits_sharded", e->fits_sharded);
    if (e->llm) {
        const dlrig_fit *f = &e->memory;
        cJSON *m = cJSON_AddObjectToObject(o, "memory");
        cJSON_AddStringToObject(m, "method", dlrig_method_ids[e->query.method]);
        cJSON_AddStringToObject(m, "weights", e->query.weights.name);
        cJSON_AddNumberToObject(m, "context_tokens", e->query.context);
        cJSON_AddNumberToObject(m, "batch", e->memory.batch > 0 ? e->memory.batch : e->query.batch);
        cJSON_AddBoolToObject(m, "serving", e->query.serving);
        perf_fit_json(m, f);
    }
    return o;
}

/* ------------------------------------------------------------ calibration */

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Average ranks (ties share their mean rank). */
static void ranks(const double *v, size_t n, double *r)
{
    for (size_t i = 0; i < n; i++) {
        double less = 0, equal = 0;
        for (size_t j = 0; j < n; j++) {
            if (v[j] < v[i]) less++;
            else if (v[j] == v[i]) equal++;
        }
        r[i] = less + (equal + 1) / 2.0;
    }
}

double perf_rank_correlation(const double *a, const double *b, size_t n)
{
    if (n < 3) return NAN;
    double *ra = xcalloc(n, sizeof *ra), *rb = xcalloc(n, sizeof *rb);
    ranks(a, n, ra);
    ranks(b, n, rb);
    double ma = 0, mb = 0;
    for (size_t i = 0; i < n; i++) {
        ma += ra[i];
        mb += rb[i];
    }
    ma /= n;
    mb /= n;
    double sab = 0, saa = 0, sbb = 0;
    for (size_t i = 0; i < n; i++) {
        sab += (ra[i] - ma) * (rb[i] - mb);
        saa += (ra[i] - ma) * (ra[i] - ma);
        sbb += (rb[i] - mb) * (rb[i] - mb);
    }
    free(ra);
    free(rb);
    return saa > 0 && sbb > 0 ? sab / sqrt(saa * sbb) : NAN;
}

static double median_of(double *v, size_t k)
{
    if (k == 0) return NAN;
    qsort(v, k, sizeof *v, cmp_double);
    return k % 2 ? v[k / 2] : (v[k / 2 - 1] + v[k / 2]) / 2;
}

/* Single-GPU rows of one rank-correlation group: workload, precision, source. */
static bool same_group(const dlrig_calib_row *a, const dlrig_calib_row *b)
{
    return a->gpus == 1 && b->gpus == 1 && !strcmp(a->workload, b->workload) && !strcmp(a->precision, b->precision) &&
           !strcmp(a->source, b->source);
}

void perf_calib_stats(const dlrig_calib_row *v, size_t k, const char *workload, dlrig_calib_stats *st)
{
    memset(st, 0, sizeof *st);
    st->median_abs_err = st->median_abs_err_single = st->speedup_median_abs_err = st->spearman = NAN;
    double *errs = xcalloc(k + 1, sizeof *errs), *single = xcalloc(k + 1, sizeof *single);
    double *sp = xcalloc(k + 1, sizeof *sp);
    size_t within = 0, m = 0;
    for (size_t i = 0; i < k; i++) {
        if (workload && strcmp(v[i].workload, workload) != 0) continue;
        double e = fabs(v[i].predicted / v[i].measured - 1);
        errs[m++] = e;
        if (e <= 0.30) within++;
        if (v[i].gpus == 1) single[st->n_single++] = e;
        if (!isnan(v[i].speedup_measured) && !isnan(v[i].speedup_predicted))
            sp[st->n_speedup++] = fabs(v[i].speedup_predicted / v[i].speedup_measured - 1);
    }
    st->n = m;
    if (m > 0) st->within_30 = (double)within / m;
    st->median_abs_err = median_of(errs, m);
    st->median_abs_err_single = median_of(single, st->n_single);
    st->speedup_median_abs_err = median_of(sp, st->n_speedup);
    free(errs);
    free(single);
    free(sp);
    /* Rank correlation across the single-GPU rows of each (workload, precision,
     * source) group: GPUs are ranked against each other within one
     * measurement series (one software setup), never across sources, where
     * the software spread (DALI, XLA, framework) would swamp the hardware. */
    double wsum = 0, acc = 0;
    double *a = xcalloc(k + 1, sizeof *a), *bb = xcalloc(k + 1, sizeof *bb);
    for (size_t i = 0; i < k; i++) {
        if (v[i].gpus != 1 || (workload && strcmp(v[i].workload, workload) != 0)) continue;
        bool seen = false;
        for (size_t j = 0; j < i; j++)
            if (same_group(&v[j], &v[i])) seen = true;
        if (seen) continue;
        size_t g = 0;
        for (size_t j = i; j < k; j++)
            if (same_group(&v[j], &v[i])) {
                a[g] = v[j].measured;
                bb[g] = v[j].predicted;
                g++;
            }
        double s = perf_rank_correlation(a, bb, g);
        if (!isnan(s)) {
            acc += s * g;
            wsum += g;
        }
    }
    free(a);
    free(bb);
    st->spearman = wsum > 0 ? acc / wsum : NAN;
}

/* A bridge of the catalog that fits GPU g, or NULL. */
static const dlrig_part *bridge_for(const dlrig_catalog *cat, const dlrig_gpu *g)
{
    size_t nb;
    const dlrig_nvlink_bridge *br = catalog_bridges(cat, &nb);
    for (size_t i = 0; i < nb; i++)
        for (size_t j = 0; j < br[i].n_fits; j++)
            if (br[i].fits[j] == g) return &br[i].p;
    return NULL;
}

int perf_calibrate(const dlrig_catalog *cat, const char *csv, size_t len, dlrig_calib_row **rows, size_t *n,
                   dlrig_calib_stats *st, char *err, size_t errlen)
{
    csv_reader r;
    csv_record rec;
    csv_init(&r, csv, len);
    size_t cap = 64, k = 0;
    dlrig_calib_row *v = xcalloc(cap, sizeof *v);
    int rc, header = 1;
    while ((rc = csv_next(&r, &rec)) != 0) {
        if (rc < 0) {
            snprintf(err, errlen, "calibration table line %d: malformed CSV", rec.line);
            free(v);
            csv_free(&r);
            return -1;
        }
        if (header) {
            header = 0;
            continue;
        }
        if (rec.n < 5) continue;
        const dlrig_part *p = catalog_find(cat, rec.fields[0]);
        const dlrig_workload *w = catalog_workload(cat, rec.fields[1]);
        if (!p || p->category != DLRIG_CAT_GPU || !w) continue;
        if (k == cap) {
            cap *= 2;
            v = xrealloc(v, cap * sizeof *v);
        }
        dlrig_calib_row *row = &v[k];
        memset(row, 0, sizeof *row);
        row->gpu = (const dlrig_gpu *)p;
        snprintf(row->workload, sizeof row->workload, "%s", w->id);
        snprintf(row->precision, sizeof row->precision, "%s",
                 strcmp(rec.fields[2], "fp16") == 0 ? "mixed-fp16" : rec.fields[2]);
        long gpus = strtol(rec.fields[3], NULL, 10);
        row->gpus = gpus > 0 && gpus <= 1024 ? (int)gpus : 1; /* a count beyond a cluster is a typo: one GPU */
        row->measured = atof(rec.fields[4]);
        snprintf(row->source, sizeof row->source, "%s", rec.n > 6 ? rec.fields[6] : "");
        row->speedup_measured = row->speedup_predicted = NAN;
        if (row->measured <= 0) continue;
        /* A row measured on another board of the same chip (an SXM module
         * where the catalog holds the PCIe card) gives that board's power and
         * bandwidth: the model predicts for the board that was measured. */
        dlrig_gpu board = *row->gpu;
        double bw = rec.n > 10 && *rec.fields[10] ? atof(rec.fields[10]) : 0;
        double gbs = rec.n > 11 && *rec.fields[11] ? atof(rec.fields[11]) : 0;
        if (bw > 0 && bw <= 100000) board.tdp_w = (int)lround(bw); /* watts of one board; beyond: ignored */
        if (gbs > 0) board.bandwidth_gbs = gbs;
        dlrig_build b;
        build_init(&b, "calibration");
        snprintf(b.req.workload, sizeof b.req.workload, "%s", w->id);
        snprintf(b.req.precision, sizeof b.req.precision, "%s", row->precision);
        build_add(&b, &board.p, row->gpus);
        if (rec.n > 9 && strcmp(rec.fields[9], "nvlink") == 0 && row->gpus > 1) {
            const dlrig_part *br = bridge_for(cat, row->gpu);
            if (br) build_add(&b, br, row->gpus / 2);
        }
        dlrig_estimate e;
        char e2[128];
        if (perf_estimate(cat, &b, NULL, NULL, &e, e2, sizeof e2) == 0) {
            row->predicted = e.throughput;
            k++;
        }
        build_free(&b);
    }
    csv_free(&r);
    /* Speed-ups: each multi-GPU row against the 1-GPU row of the same GPU,
     * workload, precision and source. */
    for (size_t i = 0; i < k; i++) {
        if (v[i].gpus < 2) continue;
        for (size_t j = 0; j < k; j++)
            if (v[j].gpus == 1 && v[j].gpu == v[i].gpu && !strcmp(v[j].workload, v[i].workload) &&
                !strcmp(v[j].precision, v[i].precision) && !strcmp(v[j].source, v[i].source)) {
                v[i].speedup_measured = v[i].measured / v[j].measured;
                v[i].speedup_predicted = v[i].predicted / v[j].predicted;
                break;
            }
    }
    *rows = v;
    *n = k;
    perf_calib_stats(v, k, NULL, st);
    return 0;
}

static const char *model_label(const char *ref, double ref_params_m, double params_m, char *buf, size_t n)
{
    if (!ref) ref = "?";
    if (isnan(params_m) || params_m <= 0) /* no parameters to count (molecular dynamics, a DGEMM) */
        snprintf(buf, n, "%s", ref);
    else if (!isnan(ref_params_m) && ref_params_m > 0 && fabs(params_m - ref_params_m) > 0.01 * ref_params_m)
        snprintf(buf, n, "a %gM-parameter model, scaled from %s", params_m, ref);
    else
        snprintf(buf, n, "%s, %gM parameters", ref, params_m);
    return buf;
}

const char *estimate_model_label(const dlrig_estimate *e, char *buf, size_t n)
{
    if (e->llm) {
        char streams[96] = "";
        if (e->query.method == DLRIG_METHOD_INFERENCE && e->memory.batch > 1)
            snprintf(streams, sizeof streams, ", %d streams at once", e->memory.batch);
        if (e->query.method == DLRIG_METHOD_INFERENCE && e->query.serving && e->memory.batch > 1) {
            size_t k = strlen(streams);
            snprintf(streams + k, sizeof streams - k, " (requests of %d prompt + %d output tokens)",
                     e->query.prompt_tokens, e->query.output_tokens);
        }
        snprintf(buf, n, "%s, %s, weights %s, %d-token context%s", e->reference_model[0] ? e->reference_model : "a model",
                 dlrig_method_ids[e->query.method], e->query.weights.label, e->query.context, streams);
        return buf;
    }
    return model_label(e->reference_model[0] ? e->reference_model : NULL, e->reference_params_m, e->params_m, buf, n);
}

const char *workload_model_label(const dlrig_workload *w, double params_m, char *buf, size_t n)
{
    return model_label(w->reference_model, w->params_m, isnan(params_m) || params_m <= 0 ? w->params_m : params_m,
                       buf, n);
}

bool perf_gpu_supports(const dlrig_gpu *g, dlrig_precision precision)
{
    if (!g->arch) return true;
    if (precision == DLRIG_PRECISION_FP8) return g->arch->fp8;
    if (precision == DLRIG_PRECISION_BF16) return g->arch->bf16;
    return true;
}

bool perf_workload_own_precision(const dlrig_workload *w) { return w && w->params_m <= 0 && !w->training; }

/* Cards that hold the model and run the precision natively first; then the
 * higher value, NAN last, then by id. */
static int cmp_rated(double va, double vb, const dlrig_gpu_speed *a, const dlrig_gpu_speed *b)
{
    bool ua = a->fits && a->supported, ub = b->fits && b->supported;
    if (ua != ub) return ua ? -1 : 1;
    if (isnan(va) != isnan(vb)) return isnan(va) ? 1 : -1;
    if (!isnan(va) && va != vb) return va > vb ? -1 : 1;
    return strcmp(a->gpu->p.id, b->gpu->p.id);
}

static int cmp_by_speed(const void *x, const void *y)
{
    const dlrig_gpu_speed *a = x, *b = y;
    return cmp_rated(a->throughput, b->throughput, a, b);
}

static int cmp_by_value(const void *x, const void *y)
{
    const dlrig_gpu_speed *a = x, *b = y;
    return cmp_rated(a->per_kusd, b->per_kusd, a, b);
}

void perf_rank_gpus(const dlrig_gpu *const *gpus, size_t n, const dlrig_workload *w, double params_m,
                    dlrig_precision precision, bool by_value, dlrig_gpu_speed *out)
{
    if (isnan(params_m) || params_m <= 0) params_m = w->params_m;
    double need = perf_model_memory_gb(w, params_m, precision, 1);
    for (size_t i = 0; i < n; i++) {
        const dlrig_gpu *g = gpus[i];
        dlrig_gpu_speed *o = &out[i];
        o->gpu = g;
        o->throughput = perf_gpu_throughput(g, w, params_m, precision, &o->bound);
        double price = g->p.price_usd;
        o->per_kusd = !isnan(price) && price > 0 ? o->throughput / (price / 1000.0) : NAN;
        o->mem_need_gb = need;
        o->fits = need <= g->vram_gb;
        o->supported = perf_workload_own_precision(w) || perf_gpu_supports(g, precision);
    }
    if (n > 1) qsort(out, n, sizeof *out, by_value ? cmp_by_value : cmp_by_speed);
}

const char *perf_scaling_text(const dlrig_estimate *e, char *buf, size_t len)
{
    if (!isnan(e->scaling)) snprintf(buf, len, "scaling %.0f%%", e->scaling * 100);
    else if (!perf_estimate_fits(e)) snprintf(buf, len, "the model does not fit %s", e->gpus == 1 ? "the GPU" : "the GPUs");
    else snprintf(buf, len, "%s over %d GPUs",
                  e->llm && e->memory.how && !strcmp(e->memory.how, "FSDP") ? "sharded" : "split", e->gpus);
    return buf;
}

bool perf_estimate_fits(const dlrig_estimate *e) { return e->llm ? e->memory.fits : (e->fits || e->fits_sharded); }
