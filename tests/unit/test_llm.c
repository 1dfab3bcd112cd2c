/* The LLM memory and speed model: published configurations give exact
 * figures (KV cache per token, weights at a format), published measurements
 * bound the speeds, and the behaviour a buyer relies on (what fits on how
 * many cards, how the strategy changes) is checked case by case. */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlrig/build.h"
#include "dlrig/csv.h"
#include "dlrig/llm.h"
#include "dlrig/perf.h"
#include "dlrig/power.h"
#include "dlrig/requirements.h"
#include "dlrig/util.h"

static dlrig_catalog *cat;

static void setup(void)
{
    char err[512];
    cat = catalog_open(NULL, err, sizeof err);
    ck_assert_msg(cat != NULL, "%s", err);
}

static void teardown(void) { catalog_close(cat); }

static const dlrig_gpu *gpu(const char *id)
{
    const dlrig_part *p = catalog_find(cat, id);
    ck_assert_msg(p && p->category == DLRIG_CAT_GPU, "%s", id);
    return (const dlrig_gpu *)p;
}

/* Published configurations (config.json on Hugging Face). */
static dlrig_llm_shape llama2_70b(void)
{
    return (dlrig_llm_shape){.name = "Llama-2-70B", .params_m = 68977, .layers = 80, .hidden = 8192, .heads = 64,
                             .kv_heads = 8, .head_dim = 128, .intermediate = 28672, .vocab = 32000};
}

static dlrig_llm_shape llama31_8b(void)
{
    return (dlrig_llm_shape){.name = "Llama-3.1-8B", .params_m = 8030, .layers = 32, .hidden = 4096, .heads = 32,
                             .kv_heads = 8, .head_dim = 128, .intermediate = 14336, .vocab = 128256,
                             .max_context = 131072};
}

static dlrig_llm_shape llama31_70b(void)
{
    return (dlrig_llm_shape){.name = "Llama-3.1-70B", .params_m = 70554, .layers = 80, .hidden = 8192,
                             .heads = 64, .kv_heads = 8, .head_dim = 128, .intermediate = 28672, .vocab = 128256,
                             .max_context = 131072};
}

static dlrig_fit_query query(dlrig_llm_shape m, dlrig_method method, const char *weights, int context)
{
    dlrig_fit_query q = {.model = m};
    llm_query_defaults(&q, method);
    char err[256];
    if (weights) ck_assert_msg(llm_weights_parse(weights, &q.weights, err, sizeof err) == 0, "%s", err);
    if (context) q.context = context;
    return q;
}

START_TEST(kv_cache_from_the_configuration)
{
    /* 2 (K and V) x 32 layers x 8 KV heads x 128 x 2 bytes = 128 KiB a
     * token: 16 GiB at 131,072 tokens. */
    dlrig_fit_query q = query(llama31_8b(), DLRIG_METHOD_INFERENCE, "bf16", 131072);
    dlrig_fit f;
    llm_fit(gpu("nvidia-rtx-4090"), 1, NULL, &q, &f);
    ck_assert_double_eq_tol(f.per_gpu.kv_cache, 16.0, 1e-9);
    /* 8.03B x 2 bytes = 14.96 GiB of weights (llama.cpp's F16 file: 14.96 GiB) */
    ck_assert_double_eq_tol(f.per_gpu.weights, 14.96, 0.01);
    ck_assert(!f.fits);
    /* and on a 16 GB card the KV cache alone exceeds the card */
    llm_fit(gpu("nvidia-rtx-4080-super"), 1, NULL, &q, &f);
    ck_assert(!f.fits);
    ck_assert(f.per_gpu.kv_cache >= f.capacity_gib);
    /* at 4-bit weights and 4k context it fits the 16 GB card easily */
    q = query(llama31_8b(), DLRIG_METHOD_INFERENCE, "int4", 4096);
    llm_fit(gpu("nvidia-rtx-4080-super"), 1, NULL, &q, &f);
    ck_assert(f.fits);
    int mc = llm_max_context(gpu("nvidia-rtx-4080-super"), 1, NULL, &q);
    ck_assert(mc > 4096 && mc < 131072);
    q.context = mc;
    llm_fit(gpu("nvidia-rtx-4080-super"), 1, NULL, &q, &f);
    ck_assert(f.fits);
    q.context = mc + 1;
    llm_fit(gpu("nvidia-rtx-4080-super"), 1, NULL, &q, &f);
    ck_assert(!f.fits);
}
END_TEST

START_TEST(latent_and_windowed_attention_shrink_the_cache)
{
    /* DeepSeek-V3: multi-head latent attention caches kv_lora_rank 512 +
     * RoPE 64 values per layer (61 layers): 70,272 bytes a token. */
    dlrig_llm_shape ds = {.params_m = 671000, .active_params_m = 37000, .layers = 61, .hidden = 7168,
                          .heads = 128, .kv_heads = 128, .head_dim = 128, .intermediate = 18432,
                          .vocab = 129280, .kv_lora_rank = 512, .rope_head_dim = 64};
    dlrig_fit_query q = query(ds, DLRIG_METHOD_INFERENCE, "1.58", 1000);
    dlrig_fit f;
    llm_fit(gpu("nvidia-h100-pcie"), 2, NULL, &q, &f);
    ck_assert_double_eq_tol(f.per_gpu.kv_cache * 2, 61.0 * 576 * 2 * 1000 / (1024.0 * 1024 * 1024), 1e-9);
    /* 671B at 1.58 bits average (Unsloth's dynamic quant: 131 GB) fits on
     * two 80 GB cards */
    ck_assert_double_eq_tol(f.per_gpu.weights * 2, 671e9 * 1.58 / 8 / (1024.0 * 1024 * 1024), 1e-6);
    ck_assert(f.fits);
    /* A windowed model keeps only the window in its local layers. */
    dlrig_llm_shape g = llama31_8b();
    g.sliding_window = 4096;
    g.global_share = 1.0 / 6;
    dlrig_fit_query qw = query(g, DLRIG_METHOD_INFERENCE, "bf16", 131072);
    dlrig_fit_query qf = query(llama31_8b(), DLRIG_METHOD_INFERENCE, "bf16", 131072);
    dlrig_fit fw, ff;
    llm_fit(gpu("nvidia-rtx-4090"), 1, NULL, &qw, &fw);
    llm_fit(gpu("nvidia-rtx-4090"), 1, NULL, &qf, &ff);
    ck_assert_double_eq_tol(fw.per_gpu.kv_cache, ff.per_gpu.kv_cache * (1.0 / 6 + 5.0 / 6 * 4096 / 131072), 1e-9);
}
END_TEST

START_TEST(seventy_b_at_four_bits_on_two_3090s)
{
    dlrig_fit_query q = query(llama31_70b(), DLRIG_METHOD_INFERENCE, "4.82", 4096); /* Q4_K_M: 39.59 GiB */
    dlrig_fit f;
    llm_fit(gpu("nvidia-rtx-3090"), 2, NULL, &q, &f);
    ck_assert_double_eq_tol(f.per_gpu.weights * 2, 39.59, 0.05);
    ck_assert(f.fits);
    ck_assert_msg(strstr(f.strategy, "layer split") != NULL, "%s", f.strategy);
    /* llama.cpp, 2 x RTX 3090, Llama-3-70B Q4_K_M: 16.57 tokens/s (tg512) */
    q.context = 512;
    llm_fit(gpu("nvidia-rtx-3090"), 2, NULL, &q, &f);
    ck_assert_msg(fabs(f.tokens_per_s / 16.57 - 1) < 0.15, "%.2f tokens/s", f.tokens_per_s);
    /* one card cannot hold it; 16-bit needs far more */
    llm_fit(gpu("nvidia-rtx-3090"), 1, NULL, &q, &f);
    ck_assert(!f.fits);
    q = query(llama31_70b(), DLRIG_METHOD_INFERENCE, "bf16", 4096);
    llm_fit(gpu("nvidia-rtx-3090"), 2, NULL, &q, &f);
    ck_assert(!f.fits);
    /* named int4 keeps embeddings and the LM head in 16 bits */
    q = query(llama31_70b(), DLRIG_METHOD_INFERENCE, "int4", 4096);
    llm_fit(gpu("nvidia-rtx-3090"), 2, NULL, &q, &f);
    double emb = 2.0 * 128256 * 8192;
    double expect = ((70554e6 - emb) * 4.25 / 8 + emb * 2) / (1024.0 * 1024 * 1024);
    ck_assert_double_eq_tol(f.per_gpu.weights * 2, expect, 1e-6);
}
END_TEST

START_TEST(generation_speed_follows_bandwidth)
{
    /* llama.cpp tg512, Llama-3-8B (May 2024): F16 47.40 (3090), 54.84 (4090);
     * Q4_K_M (4.58 GiB, 4.90 bits) 115.42 and 130.58 tokens/s. */
    struct {
        const char *gpu, *weights;
        double measured;
    } rows[] = {{"nvidia-rtx-3090", "fp16", 47.40}, {"nvidia-rtx-4090", "fp16", 54.84},
                {"nvidia-rtx-3090", "4.90", 115.42}, {"nvidia-rtx-4090", "4.90", 130.58}};
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        dlrig_fit_query q = query(llama31_8b(), DLRIG_METHOD_INFERENCE, rows[i].weights, 512);
        dlrig_fit f;
        llm_fit(gpu(rows[i].gpu), 1, NULL, &q, &f);
        ck_assert_msg(fabs(f.tokens_per_s / rows[i].measured - 1) < 0.12, "%s %s: %.1f vs %.1f", rows[i].gpu,
                      rows[i].weights, f.tokens_per_s, rows[i].measured);
        ck_assert_str_eq(f.bound, "memory");
        /* layer split adds memory, not single-stream speed (2 x 3090: 47.72) */
        dlrig_fit f2;
        llm_fit(gpu(rows[i].gpu), 2, NULL, &q, &f2);
        ck_assert_double_eq_tol(f2.tokens_per_s, f.tokens_per_s, 1e-9);
        /* serving a batch across the pair in tensor parallel is faster per token */
        q.batch = 8;
        llm_fit(gpu(rows[i].gpu), 2, NULL, &q, &f2);
        ck_assert_msg(strstr(f2.strategy, "tensor parallel") != NULL, "%s", f2.strategy);
        ck_assert(f2.tokens_per_s > 4 * f.tokens_per_s);
    }
    /* A mixture of experts reads only its active parameters per token. */
    dlrig_llm_shape mix = {.params_m = 46700, .active_params_m = 12900, .layers = 32, .hidden = 4096, .heads = 32,
                           .kv_heads = 8, .head_dim = 128, .intermediate = 14336, .vocab = 32000};
    dlrig_llm_shape dense = mix;
    dense.active_params_m = 0;
    dlrig_fit_query qm = query(mix, DLRIG_METHOD_INFERENCE, "int4", 4096);
    dlrig_fit_query qd = query(dense, DLRIG_METHOD_INFERENCE, "int4", 4096);
    dlrig_fit fm, fd;
    llm_fit(gpu("nvidia-rtx-a6000"), 1, NULL, &qm, &fm);
    llm_fit(gpu("nvidia-rtx-a6000"), 1, NULL, &qd, &fd);
    ck_assert_double_eq_tol(fm.per_gpu.weights, fd.per_gpu.weights, 1e-9);
    ck_assert(fm.tokens_per_s > 2.5 * fd.tokens_per_s);
}
END_TEST

START_TEST(training_memory_by_method)
{
    /* Full fine-tuning in mixed precision with AdamW: 16 bytes a parameter
     * before activations (ZeRO): 2 weights + 2 gradients + 12 optimizer. */
    dlrig_fit_query q = query(llama31_8b(), DLRIG_METHOD_FULL, NULL, 0);
    dlrig_fit f;
    llm_fit(gpu("nvidia-rtx-4090"), 1, NULL, &q, &f);
    double p = 8030e6 / (1024.0 * 1024 * 1024);
    ck_assert_double_eq_tol(f.per_gpu.weights, 2 * p, 1e-9);
    ck_assert_double_eq_tol(f.per_gpu.gradients, 2 * p, 1e-9);
    ck_assert_double_eq_tol(f.per_gpu.optimizer, 12 * p, 1e-9);
    ck_assert(!f.fits);
    /* 8-bit AdamW keeps 2 bytes of state and updates the 16-bit weights */
    q.optimizer = DLRIG_OPTIM_ADAMW8;
    llm_fit(gpu("nvidia-rtx-4090"), 1, NULL, &q, &f);
    ck_assert_double_eq_tol(f.per_gpu.optimizer, 2 * p, 1e-9);
    ck_assert(!f.fits);
    /* offloading the optimizer moves it to system RAM */
    q.offload = DLRIG_OFFLOAD_OPTIMIZER;
    llm_fit(gpu("nvidia-rtx-4090"), 1, NULL, &q, &f);
    ck_assert_double_eq_tol(f.per_gpu.optimizer, 0, 1e-12);
    ck_assert_double_eq_tol(f.offloaded_gib, 2 * p, 1e-9);
    /* LoRA: frozen 16-bit weights and small adapters; fits a 24 GB card */
    q = query(llama31_8b(), DLRIG_METHOD_LORA, NULL, 0);
    llm_fit(gpu("nvidia-rtx-4090"), 1, NULL, &q, &f);
    ck_assert(f.fits);
    ck_assert(f.per_gpu.gradients < 0.1 && f.per_gpu.optimizer < 0.6);
    /* QLoRA: NF4 base weights, about a quarter of LoRA's */
    dlrig_fit fq;
    dlrig_fit_query qq = query(llama31_8b(), DLRIG_METHOD_QLORA, NULL, 0);
    llm_fit(gpu("nvidia-rtx-4090"), 1, NULL, &qq, &fq);
    ck_assert(fq.per_gpu.weights < 0.4 * f.per_gpu.weights);
    ck_assert(fq.tokens_per_s < f.tokens_per_s); /* dequantisation costs time */
    /* checkpointing trades time for memory */
    dlrig_fit fn;
    q.checkpointing = false;
    llm_fit(gpu("nvidia-rtx-4090"), 1, NULL, &q, &fn);
    ck_assert(fn.per_gpu.activations > 3 * f.per_gpu.activations);
    ck_assert(fn.tokens_per_s > f.tokens_per_s);
    /* quantised weights cannot be fully fine-tuned */
    q = query(llama31_8b(), DLRIG_METHOD_FULL, "int4", 0);
    llm_fit(gpu("nvidia-h100-pcie"), 1, NULL, &q, &f);
    ck_assert(!f.fits);
    ck_assert(strstr(f.strategy, "LoRA or QLoRA") != NULL);
}
END_TEST

START_TEST(seventy_b_qlora_on_two_24gb_cards)
{
    /* Answer.AI's FSDP + QLoRA recipe: Llama-2-70B, context 512, batch 2,
     * gradient checkpointing, on two 24 GB cards. */
    dlrig_llm_shape l2 = llama2_70b();
    dlrig_fit_query q = query(l2, DLRIG_METHOD_QLORA, NULL, 512);
    q.batch = 2;
    dlrig_fit f;
    llm_fit(gpu("nvidia-rtx-3090"), 2, NULL, &q, &f);
    ck_assert_msg(f.fits, "%.1f GiB per GPU", f.per_gpu.total);
    ck_assert_msg(strstr(f.strategy, "FSDP") != NULL, "%s", f.strategy);
    /* not on one card, and not replicated */
    llm_fit(gpu("nvidia-rtx-3090"), 1, NULL, &q, &f);
    ck_assert(!f.fits);
    /* QLoRA paper: a 65B model fine-tunes on one 48 GB card */
    dlrig_llm_shape l65 = {.params_m = 65286, .layers = 80, .hidden = 8192, .heads = 64, .kv_heads = 64,
                           .head_dim = 128, .intermediate = 22016, .vocab = 32000};
    q = query(l65, DLRIG_METHOD_QLORA, NULL, 512);
    llm_fit(gpu("nvidia-rtx-a6000"), 1, NULL, &q, &f);
    ck_assert_msg(f.fits, "%.1f GiB", f.per_gpu.total);
}
END_TEST

START_TEST(sizes_without_a_shape)
{
    dlrig_llm_shape s = {.params_m = 70000};
    llm_shape_complete(&s);
    ck_assert(s.assumed);
    ck_assert_int_eq(s.hidden, 8192);
    ck_assert(s.layers >= 78 && s.layers <= 80);
    ck_assert_double_eq(s.active_params_m, 70000);
    dlrig_weights w;
    char err[256];
    ck_assert_int_eq(llm_weights_parse("NF4", &w, err, sizeof err), 0);
    ck_assert(w.quantised && !w.whole_model);
    ck_assert_int_eq(llm_weights_parse("4.84", &w, err, sizeof err), 0);
    ck_assert(w.whole_model);
    ck_assert_double_eq(w.bits, 4.84);
    /* 4.84 bits is GGUF Q4_K_M, the builder's "4-bit weights": named so wherever it is shown */
    ck_assert_int_eq(w.format, DLRIG_WEIGHTS_Q4_K_M);
    ck_assert_str_eq(w.label, "Q4_K_M, 4.84 bits");
    dlrig_weights q4;
    ck_assert_int_eq(llm_weights_parse("q4_k_m", &q4, err, sizeof err), 0);
    ck_assert(q4.format == w.format && q4.bits == w.bits && q4.whole_model && q4.quantised);
    ck_assert_int_eq(llm_weights_parse("int4", &q4, err, sizeof err), 0);
    ck_assert_str_eq(q4.label, "INT4, 4.25 bits"); /* AWQ/GPTQ: another format, said so */
    ck_assert_int_eq(llm_weights_parse("4.6", &q4, err, sizeof err), 0);
    ck_assert_str_eq(q4.label, "4.6 bits");
    ck_assert_int_eq(llm_weights_parse("q4", &w, err, sizeof err), -1);
    ck_assert(strstr(err, "'q4'") != NULL);
    ck_assert_int_eq(llm_weights_parse("0.5", &w, err, sizeof err), -1);
}
END_TEST

START_TEST(what_runs_where)
{
    char why[256];
    dlrig_fit_query q = query(llama31_8b(), DLRIG_METHOD_QLORA, NULL, 0);
    ck_assert(llm_gpu_runs(gpu("nvidia-rtx-3090"), &q, why, sizeof why));
    ck_assert(!llm_gpu_runs(gpu("amd-radeon-pro-w7900"), &q, why, sizeof why));
    ck_assert(strstr(why, "CUDA") != NULL);
    /* int8 weights run on a Turing card (dequantised) */
    q = query(llama31_8b(), DLRIG_METHOD_INFERENCE, "int8", 0);
    ck_assert(llm_gpu_runs(gpu("nvidia-titan-rtx"), &q, why, sizeof why));
    /* BF16 training needs Ampere or newer */
    q = query(llama31_8b(), DLRIG_METHOD_LORA, "bf16", 0);
    ck_assert(!llm_gpu_runs(gpu("nvidia-titan-rtx"), &q, why, sizeof why));
    ck_assert(llm_gpu_runs(gpu("nvidia-rtx-3090"), &q, why, sizeof why));
}
END_TEST

START_TEST(tensor_parallel_serving)
{
    /* Llama 3.1 70B in BF16 on 4 x A100 80GB: one stream split by layers runs
     * one GPU at a time; a serving engine splits every layer over the four
     * (lmdeploy: Llama 2 70B, 4 x A100 80GB, 33.6 tokens/s at batch 1 and
     * 1,160 at batch 64) and batches as many streams as the KV cache holds. */
    dlrig_fit_query q = query(llama31_70b(), DLRIG_METHOD_INFERENCE, "bf16", 4096);
    dlrig_link nvlink = {300, true, false};
    dlrig_fit one, tp1, served;
    llm_fit(gpu("nvidia-a100-pcie-80gb"), 4, &nvlink, &q, &one);
    ck_assert_msg(strstr(one.strategy, "layer split") != NULL, "%s", one.strategy);
    q.serving = true;
    llm_fit(gpu("nvidia-a100-pcie-80gb"), 4, &nvlink, &q, &tp1);
    ck_assert_str_eq(tp1.how, "tensor parallel");
    ck_assert_msg(tp1.tokens_per_s > 2.5 * one.tokens_per_s, "%.1f vs %.1f", tp1.tokens_per_s, one.tokens_per_s);
    ck_assert_msg(tp1.tokens_per_s > 28 && tp1.tokens_per_s < 40, "%.1f tokens/s", tp1.tokens_per_s);
    q.batch = 0; /* as many streams as fit */
    llm_fit(gpu("nvidia-a100-pcie-80gb"), 4, &nvlink, &q, &served);
    ck_assert(served.fits);
    ck_assert_msg(served.batch > 64 && served.batch <= LLM_SERVING_MAX_BATCH, "%d streams", served.batch);
    ck_assert_msg(served.tokens_per_s > 20 * one.tokens_per_s, "%.0f vs %.1f", served.tokens_per_s, one.tokens_per_s);
    ck_assert_msg(strstr(served.strategy, "streams at once") != NULL, "%s", served.strategy);
    /* the KV cache limits the batch: a longer context leaves room for fewer */
    dlrig_fit longer;
    q.context = 32768;
    llm_fit(gpu("nvidia-a100-pcie-80gb"), 4, &nvlink, &q, &longer);
    ck_assert_msg(longer.batch < served.batch / 4, "%d vs %d streams", longer.batch, served.batch);
    ck_assert(longer.per_gpu.total <= longer.capacity_gib);
    /* one card that cannot hold the weights serves nothing */
    llm_fit(gpu("nvidia-a100-pcie-80gb"), 1, &nvlink, &q, &longer);
    ck_assert(!longer.fits);
}
END_TEST

START_TEST(tensor_parallel_needs_a_fast_link)
{
    /* A 32B model at 4 bits over a pair, one stream: the RTX 3090 pair on an
     * NVLink bridge gains more from tensor parallelism than the RTX 4090 pair,
     * which has no peer-to-peer path and stages every all-reduce through host
     * memory (4 x RTX 3090: tensor parallel over NVLink +25% against over PCIe
     * without peer-to-peer). */
    dlrig_llm_shape s = {.params_m = 32764};
    dlrig_fit_query q = query(s, DLRIG_METHOD_INFERENCE, "int4", 4096);
    dlrig_link bridge = {56.25, true, false}, host = {0.8 * 16 * 1.969, false, true};
    dlrig_fit ls3, tp3, ls4, tp4;
    llm_fit(gpu("nvidia-rtx-3090"), 2, &bridge, &q, &ls3);
    llm_fit(gpu("nvidia-rtx-4090"), 2, &host, &q, &ls4);
    q.serving = true;
    llm_fit(gpu("nvidia-rtx-3090"), 2, &bridge, &q, &tp3);
    llm_fit(gpu("nvidia-rtx-4090"), 2, &host, &q, &tp4);
    /* generation speed (served at concurrency 1: without reading the prompt) */
    double gain3 = tp3.decode_tokens_per_s / ls3.tokens_per_s, gain4 = tp4.decode_tokens_per_s / ls4.tokens_per_s;
    ck_assert_msg(gain3 > 1.2, "3090 pair: x%.2f", gain3);
    ck_assert_msg(gain4 < gain3, "4090 pair x%.2f, 3090 pair x%.2f", gain4, gain3);
    /* the same 3090 pair without its bridge loses 15-35% (the +25% above) */
    dlrig_fit tp3h;
    llm_fit(gpu("nvidia-rtx-3090"), 2, &host, &q, &tp3h);
    double r = tp3.decode_tokens_per_s / tp3h.decode_tokens_per_s;
    ck_assert_msg(r > 1.15 && r < 1.35, "NVLink over host: x%.2f", r);
}
END_TEST

/* SXM modules are joined by their baseboard's NVLink: without a build, fit
 * runs them over it (as with the link given), not over PCIe. */
START_TEST(sxm_modules_use_their_nvlink)
{
    dlrig_fit_query q = query(llama2_70b(), DLRIG_METHOD_INFERENCE, NULL, 4096);
    q.serving = true;
    q.batch = 64;
    const dlrig_gpu *h = gpu("nvidia-h100-sxm5-80gb");
    ck_assert_int_eq(h->form, DLRIG_GPU_SXM);
    dlrig_link nv = {h->nvlink_gbs / 2, true, false}, pcie = {0.8 * 16 * 1.969, false, false};
    dlrig_fit none, over_nv, over_pcie;
    llm_fit(h, 4, NULL, &q, &none);
    llm_fit(h, 4, &nv, &q, &over_nv);
    llm_fit(h, 4, &pcie, &q, &over_pcie);
    ck_assert_double_eq(none.tokens_per_s, over_nv.tokens_per_s);
    ck_assert_msg(none.tokens_per_s > 1.2 * over_pcie.tokens_per_s, "NVLink %.0f, PCIe %.0f tokens/s", none.tokens_per_s,
                  over_pcie.tokens_per_s);
}
END_TEST

START_TEST(power_limits_cost_compute_not_bandwidth)
{
    /* An RTX 3090 at 80% of its rated power: token generation streams
     * weights and loses little (llama.cpp: under 1%); training is bound by
     * the cores and follows the measured curve (7%). */
    dlrig_fit_query g = query(llama31_8b(), DLRIG_METHOD_INFERENCE, "4.89", 1024);
    dlrig_fit_query t = query(llama31_8b(), DLRIG_METHOD_QLORA, NULL, 0);
    dlrig_fit full_g, lim_g, full_t, lim_t;
    llm_fit(gpu("nvidia-rtx-3090"), 1, NULL, &g, &full_g);
    llm_fit(gpu("nvidia-rtx-3090"), 1, NULL, &t, &full_t);
    g.power_speed = t.power_speed = power_speed_fraction(0.8);
    llm_fit(gpu("nvidia-rtx-3090"), 1, NULL, &g, &lim_g);
    llm_fit(gpu("nvidia-rtx-3090"), 1, NULL, &t, &lim_t);
    double loss_g = 1 - lim_g.tokens_per_s / full_g.tokens_per_s, loss_t = 1 - lim_t.tokens_per_s / full_t.tokens_per_s;
    ck_assert_msg(loss_g > 0 && loss_g < 0.03, "generation loses %.1f%%", 100 * loss_g);
    ck_assert_msg(loss_t > 2 * loss_g && loss_t <= 0.07 + 1e-9, "training loses %.1f%%", 100 * loss_t);
    /* prompt processing is compute: it loses the curve's share */
    ck_assert_double_eq_tol(lim_g.prompt_tokens_per_s / full_g.prompt_tokens_per_s, power_speed_fraction(0.8), 1e-9);
}
END_TEST

START_TEST(tensor_generation_as_in_training)
{
    /* A TITAN RTX (Turing) is rated at 130 TFLOPS of FP16 tensor, an RTX
     * 3090 (Ampere) at 71, yet Lambda measured the 3090 ahead on BERT-large:
     * Turing's tensor cores reach about half the share of their peak.  QLoRA
     * fine-tuning runs the same kind of GEMMs, so the two cards' ratio there
     * must follow the transformer training model's, not the peak rates. */
    dlrig_fit_query t = query(llama31_8b(), DLRIG_METHOD_QLORA, NULL, 0);
    dlrig_fit turing, ampere;
    llm_fit(gpu("nvidia-titan-rtx"), 1, NULL, &t, &turing);
    llm_fit(gpu("nvidia-rtx-3090"), 1, NULL, &t, &ampere);
    const dlrig_workload *w = catalog_workload(cat, "transformer");
    ck_assert_ptr_nonnull(w);
    double tr = perf_gpu_throughput(gpu("nvidia-titan-rtx"), w, NAN, DLRIG_PRECISION_MIXED_FP16, NULL) /
                perf_gpu_throughput(gpu("nvidia-rtx-3090"), w, NAN, DLRIG_PRECISION_MIXED_FP16, NULL);
    double lr = turing.tokens_per_s / ampere.tokens_per_s;
    ck_assert_msg(lr < 1.25 * tr && lr > tr / 1.25, "QLoRA TITAN RTX / RTX 3090 = %.2f, transformer training %.2f", lr,
                  tr);
}
END_TEST

START_TEST(full_rate_accumulate_held_by_board_power)
{
    /* The catalog's FP16 tensor figure accumulates in FP32: an RTX 4090 (a
     * GeForce card, half rate) is rated 165 TFLOPS, an RTX 6000 Ada (full
     * rate) 364, yet Lambda measured BERT-large training on the 4090 at 1.18x
     * the 6000 Ada (93 and 79 sequences/s): the 300 W card does not hold its
     * rated clocks under tensor load.  LoRA fine-tuning runs the same kind of
     * GEMMs, so the two cards' ratio must follow the measurement (within
     * 25%), not the rated figures (0.45). */
    dlrig_fit_query q = query(llama31_8b(), DLRIG_METHOD_LORA, NULL, 0);
    dlrig_fit geforce, pro;
    llm_fit(gpu("nvidia-rtx-4090"), 1, NULL, &q, &geforce);
    llm_fit(gpu("nvidia-rtx-6000-ada"), 1, NULL, &q, &pro);
    double r = geforce.tokens_per_s / pro.tokens_per_s;
    ck_assert_msg(r > 1.18 / 1.25 && r < 1.18 * 1.25, "LoRA RTX 4090 / RTX 6000 Ada = %.2f, measured 1.18", r);
    /* GeForce cards keep their half rate: Answer.AI's LoRA of Llama 2 7B on
     * two RTX 4090s ran at 2.7x two RTX 3090s (power-limited to 280 W, about
     * 93% of their speed): 2.55 at full power, where the rated figures
     * (165 and 71) give 2.3 and the FP16-accumulate ones the same */
    llm_fit(gpu("nvidia-rtx-3090"), 1, NULL, &q, &pro);
    r = geforce.tokens_per_s / pro.tokens_per_s;
    ck_assert_msg(r > 2.55 / 1.25 && r < 2.55 * 1.25, "LoRA RTX 4090 / RTX 3090 = %.2f, measured 2.55", r);
}
END_TEST

START_TEST(fsdp_over_the_link)
{
    /* Answer.AI's recipe (70B QLoRA, 512 tokens, batch 2) on two 24 GB cards:
     * FSDP gathers each layer's 4-bit weights twice a step, which a step of
     * 1,024 tokens hides behind its compute even through host memory. */
    dlrig_llm_shape l2 = llama2_70b();
    dlrig_fit_query q = query(l2, DLRIG_METHOD_QLORA, NULL, 512);
    q.batch = 2;
    dlrig_link bridge = {56.25, true, false}, host = {0.8 * 16 * 1.969, false, true};
    dlrig_fit nv, ho;
    llm_fit(gpu("nvidia-rtx-3090"), 2, &bridge, &q, &nv);
    llm_fit(gpu("nvidia-rtx-3090"), 2, &host, &q, &ho);
    ck_assert_str_eq(nv.how, "FSDP");
    ck_assert_double_eq_tol(ho.tokens_per_s, nv.tokens_per_s, 1e-9);
    /* a short step does not: through host memory the gathers show */
    q.context = 128;
    q.batch = 1;
    llm_fit(gpu("nvidia-rtx-3090"), 2, &bridge, &q, &nv);
    llm_fit(gpu("nvidia-rtx-3090"), 2, &host, &q, &ho);
    ck_assert_msg(ho.tokens_per_s < 0.8 * nv.tokens_per_s, "%.0f vs %.0f", ho.tokens_per_s, nv.tokens_per_s);
    ck_assert_str_eq(ho.bound, "communication");
}
END_TEST

START_TEST(serving_is_the_default_in_a_data_centre)
{
    dlrig_requirements r;
    requirements_init(&r);
    snprintf(r.workload, sizeof r.workload, "llm-inference");
    snprintf(r.model, sizeof r.model, "llama-3.1-70b");
    dlrig_fit_query q;
    char err[256];
    ck_assert_int_eq(llm_query_for(cat, &r, NULL, &q, err, sizeof err), 1);
    ck_assert(!q.serving);
    ck_assert_int_eq(q.batch, 1);
    snprintf(r.environment, sizeof r.environment, "datacenter");
    ck_assert_int_eq(llm_query_for(cat, &r, NULL, &q, err, sizeof err), 1);
    ck_assert(q.serving);
    ck_assert_int_eq(q.batch, 0);
    r.batch = 1; /* one stream asked for */
    ck_assert_int_eq(llm_query_for(cat, &r, NULL, &q, err, sizeof err), 1);
    ck_assert(!q.serving);
    snprintf(r.environment, sizeof r.environment, "office");
    r.batch = 16; /* a batch given at a desk is served */
    ck_assert_int_eq(llm_query_for(cat, &r, NULL, &q, err, sizeof err), 1);
    ck_assert(q.serving);
    ck_assert_int_eq(q.batch, 16);
    r.batch = 0;
    r.require |= DLRIG_REQ_RACKMOUNT; /* a rack machine serves users wherever the form says it stands */
    ck_assert_int_eq(llm_query_for(cat, &r, NULL, &q, err, sizeof err), 1);
    ck_assert(q.serving);
    ck_assert_int_eq(q.batch, 0);
}
END_TEST

/* A served request reads its whole prompt (prefill, compute-bound) before
 * generating: the output tokens/s of many streams counts that time.  While
 * `batch` requests of P prompt and O output tokens complete, the GPUs read
 * batch x P prompt tokens and run O decode steps, so the output rate is
 * batch x O / (batch x prompt time + O x step time), with the prompt time at
 * least P / the prompt rate (plus causal attention over the prompt). */
START_TEST(serving_reads_every_prompt)
{
    dlrig_fit_query q = query(llama31_8b(), DLRIG_METHOD_INFERENCE, "bf16", 4096);
    q.serving = true;
    q.batch = 32;
    const dlrig_gpu *h100 = gpu("nvidia-h100-sxm5-80gb");
    dlrig_fit short_p, long_p;
    q.prompt_tokens = 64;
    q.output_tokens = 512;
    llm_fit(h100, 1, NULL, &q, &short_p);
    q.prompt_tokens = 3584;
    llm_fit(h100, 1, NULL, &q, &long_p);
    /* the same decode steps either way: only the prompts differ */
    ck_assert_double_eq_tol(short_p.decode_tokens_per_s, long_p.decode_tokens_per_s, 1e-9);
    /* short prompts cost little, long ones a large share */
    ck_assert_msg(short_p.tokens_per_s > 0.95 * short_p.decode_tokens_per_s, "%.0f of %.0f", short_p.tokens_per_s,
                  short_p.decode_tokens_per_s);
    ck_assert_msg(long_p.tokens_per_s < 0.8 * long_p.decode_tokens_per_s, "%.0f of %.0f", long_p.tokens_per_s,
                  long_p.decode_tokens_per_s);
    ck_assert(long_p.prompt_share > 0.2 && long_p.prompt_share < 1);
    /* the arithmetic: the prompt time is at least P / the prompt rate, and the
     * share says how the time splits */
    double step = q.batch / long_p.decode_tokens_per_s;
    double reading = q.batch * 3584.0 / long_p.prompt_tokens_per_s;
    ck_assert_msg(long_p.tokens_per_s <= q.batch * 512.0 / (reading + 512 * step) * 1.0001, "%.0f",
                  long_p.tokens_per_s);
    double from_share = q.batch * 512.0 / (512 * step / (1 - long_p.prompt_share));
    ck_assert_double_eq_tol(long_p.tokens_per_s, from_share, 1e-6 * from_share);
    /* the first token waits for the prompt: longer prompts, later */
    ck_assert_msg(long_p.ttft_s > 10 * short_p.ttft_s && long_p.ttft_s > 3584.0 / long_p.prompt_tokens_per_s,
                  "%.3f vs %.3f s", long_p.ttft_s, short_p.ttft_s);
    /* one stream at a desk: its generation speed is what it is, its first
     * token comes after its prompt alone */
    dlrig_fit one;
    q.serving = false;
    q.batch = 1;
    llm_fit(h100, 1, NULL, &q, &one);
    ck_assert_double_eq_tol(one.tokens_per_s, one.decode_tokens_per_s, 1e-9);
    ck_assert_double_eq(one.prompt_share, 0);
    ck_assert_msg(one.ttft_s >= 3584.0 / one.prompt_tokens_per_s && one.ttft_s < 1.2 * 3584.0 / one.prompt_tokens_per_s,
                  "%.3f s", one.ttft_s);
    /* training has no first token */
    q = query(llama31_8b(), DLRIG_METHOD_LORA, "bf16", 2048);
    llm_fit(h100, 1, NULL, &q, &one);
    ck_assert(isnan(one.ttft_s));
}
END_TEST

/* The request a server is sized for comes from the requirements (defaults in
 * the requirement table); it lives in one stream's context. */
START_TEST(the_request_from_the_requirements)
{
    dlrig_requirements r;
    requirements_init(&r);
    snprintf(r.model, sizeof r.model, "llama-3.1-8b");
    snprintf(r.method, sizeof r.method, "inference");
    snprintf(r.environment, sizeof r.environment, "datacenter");
    dlrig_fit_query q;
    char err[512];
    ck_assert_int_eq(llm_query_for(cat, &r, NULL, &q, err, sizeof err), 1);
    ck_assert_int_eq(q.prompt_tokens, atoi(requirements_default("prompt_tokens")));
    ck_assert_int_eq(q.output_tokens, atoi(requirements_default("output_tokens")));
    ck_assert_int_eq(q.context, 4096);
    r.prompt_tokens = 6000; /* longer than the default context: the context grows to hold it */
    ck_assert_int_eq(llm_query_for(cat, &r, NULL, &q, err, sizeof err), 1);
    ck_assert_int_eq(q.prompt_tokens, 6000);
    ck_assert_int_eq(q.context, 6000 + q.output_tokens);
    r.context_tokens = 2048; /* a context given shorter than the request asked for */
    ck_assert_int_eq(llm_query_for(cat, &r, NULL, &q, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "6000 prompt") && strstr(err, "2048-token context"), "%s", err);
    r.prompt_tokens = atoi(requirements_default("prompt_tokens")); /* not given: shortened to the context */
    r.context_tokens = 512;
    ck_assert_int_eq(llm_query_for(cat, &r, NULL, &q, err, sizeof err), 1);
    ck_assert_int_eq(q.prompt_tokens + q.output_tokens, 512);
    ck_assert(q.prompt_tokens > q.output_tokens);
}
END_TEST

/* ---- published measurements (tests/data/llm_validation.csv) ----
 * The calibration rows (llama.cpp on RTX 3090/4090/A100/H100) fixed the
 * model's constants; the validation rows come from other sources and were
 * not used to fit anything.  DLRIG_VALIDATION_TABLE=1 prints every row. */

enum { K_WEIGHTS, K_KV, K_TOTAL, K_FITS, K_GEN, K_TRAIN, K_TTFT, K_COUNT };
static const char *const kind_ids[] = {"weights_gib", "kv_gib",    "total_gib", "fits",
                                       "gen_tps",     "train_tps", "ttft_ms",   NULL};

typedef struct vstat {
    double err[128];
    size_t n, agree;
} vstat;

static int dcmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, size_t n)
{
    if (!n) return NAN;
    qsort(v, n, sizeof *v, dcmp);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static int col(const csv_record *h, const char *name)
{
    for (int i = 0; i < h->n; i++)
        if (strcmp(h->fields[i], name) == 0) return i;
    ck_abort_msg("llm_validation.csv: no column %s", name);
    return -1;
}

/* GGUF files are sized as the whole file's average bits (llama.cpp's
 * quantize README, measured on Llama 2 7B), checked against another model's
 * published files: bartowski's Qwen2.5-32B-Instruct GGUF quantizations
 * (llama.cpp b3772), file sizes in GB, within 3%.  MXFP4 holds the experts
 * of a mixture of experts in 4.25 bits and the rest in 16. */
START_TEST(gguf_files_as_published)
{
    static const struct {
        const char *format;
        double file_gb;
    } files[] = {{"q8_0", 34.82}, {"q6_k", 26.89}, {"q5_k_m", 23.26}, {"q4_k_m", 19.85}, {"q4_0", 18.71},
                 {"q3_k_m", 15.94}};
    const dlrig_model *m = catalog_model_find(cat, "qwen2.5-32b");
    ck_assert_ptr_nonnull(m);
    dlrig_fit_query q;
    llm_query_defaults(&q, DLRIG_METHOD_INFERENCE);
    llm_shape_from_model(m, &q.model);
    q.context = 512;
    char err[256];
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        ck_assert_int_eq(llm_weights_parse(files[i].format, &q.weights, err, sizeof err), 0);
        dlrig_fit f;
        llm_fit(gpu("nvidia-h200-nvl"), 1, NULL, &q, &f);
        double gb = f.per_gpu.weights * 1.073741824; /* GiB -> GB */
        ck_assert_msg(fabs(gb / files[i].file_gb - 1) < 0.03, "%s: %.2f GB, the file is %.2f GB", files[i].format,
                      gb, files[i].file_gb);
    }
    /* MXFP4 on gpt-oss-20b: between the whole model at 4.25 bits and 16-bit */
    const dlrig_model *oss = catalog_model_find(cat, "gpt-oss-20b");
    ck_assert_ptr_nonnull(oss);
    llm_shape_from_model(oss, &q.model);
    ck_assert_int_eq(llm_weights_parse("mxfp4", &q.weights, err, sizeof err), 0);
    dlrig_fit f;
    llm_fit(gpu("nvidia-h200-nvl"), 1, NULL, &q, &f);
    double gib4 = oss->params_m * 1e6 * 4.25 / 8 / (1024.0 * 1024 * 1024), gib16 = oss->params_m * 1e6 * 2 / (1024.0 * 1024 * 1024);
    ck_assert_msg(f.per_gpu.weights > gib4 && f.per_gpu.weights < 0.5 * gib16, "gpt-oss-20b mxfp4: %.1f GiB",
                  f.per_gpu.weights);
}
END_TEST

START_TEST(published_memory_and_speed)
{
    size_t len;
    char *text = read_file_limit(DLRIG_TEST_DATA "/llm_validation.csv", 1 << 20, &len);
    ck_assert_ptr_nonnull(text);
    char err[256];
    csv_reader rd;
    csv_record rec;
    csv_init(&rd, text, len);
    ck_assert_int_eq(csv_next(&rd, &rec), 1);
    const csv_record *h = &rec;
    int c_set = col(h, "set"), c_kind = col(h, "kind"), c_model = col(h, "model"), c_params = col(h, "params_m");
    int c_method = col(h, "method"), c_w = col(h, "weights"), c_ctx = col(h, "context"), c_batch = col(h, "batch");
    int c_opt = col(h, "optimizer"), c_ck = col(h, "checkpointing"), c_off = col(h, "offload");
    int c_gpu = col(h, "gpu"), c_gpus = col(h, "gpus"), c_meas = col(h, "measured"), c_id = col(h, "id");
    int c_link = col(h, "link"), c_serving = col(h, "serving"), c_prompt = col(h, "prompt");
    static vstat st[2][K_COUNT];
    memset(st, 0, sizeof st);
    bool print = getenv("DLRIG_VALIDATION_TABLE") != NULL;
    if (print) printf("| row | set | what | model | method | weights | ctx x batch | GPUs | published | dlrig |\n"
                      "|---|---|---|---|---|---|---|---|---:|---:|\n");
    int rc;
    size_t skipped = 0;
    while ((rc = csv_next(&rd, &rec)) == 1) {
        const char *const *f = (const char *const *)rec.fields;
        int set = strcmp(f[c_set], "calibration") == 0 ? 0 : 1;
        int kind = id_index(kind_ids, f[c_kind]);
        ck_assert_msg(kind >= 0, "row %s: kind %s", f[c_id], f[c_kind]);
        dlrig_fit_query q = {0};
        if (*f[c_model]) {
            const dlrig_model *m = catalog_model_find(cat, f[c_model]);
            ck_assert_msg(m != NULL, "row %s: model %s", f[c_id], f[c_model]);
            llm_shape_from_model(m, &q.model);
        } else {
            q.model.params_m = atof(f[c_params]);
        }
        int method = id_index(dlrig_method_ids, f[c_method]);
        ck_assert_msg(method >= 0, "row %s: method %s", f[c_id], f[c_method]);
        llm_query_defaults(&q, (dlrig_method)method);
        if (*f[c_w]) ck_assert_msg(llm_weights_parse(f[c_w], &q.weights, err, sizeof err) == 0, "%s", err);
        if (*f[c_ctx]) q.context = atoi(f[c_ctx]);
        if (*f[c_batch]) q.batch = atoi(f[c_batch]);
        if (*f[c_opt]) q.optimizer = (dlrig_optim)id_index(dlrig_optim_ids, f[c_opt]);
        if (*f[c_ck]) q.checkpointing = strcmp(f[c_ck], "yes") == 0;
        if (*f[c_off]) q.offload = (dlrig_offload)id_index(dlrig_offload_ids, f[c_off]);
        q.serving = strcmp(f[c_serving], "yes") == 0;
        /* a served request: its prompt, and the rest of the context generated */
        if (*f[c_prompt]) {
            q.prompt_tokens = atoi(f[c_prompt]);
            q.output_tokens = q.context - q.prompt_tokens;
        }
        int n = atoi(f[c_gpus]) > 0 ? atoi(f[c_gpus]) : 1;
        const dlrig_part *gp = catalog_find(cat, *f[c_gpu] ? f[c_gpu] : "nvidia-h100-pcie");
        if (!gp || gp->category != DLRIG_CAT_GPU) { /* a card the catalog does not carry */
            skipped++;
            continue;
        }
        const dlrig_gpu *g = (const dlrig_gpu *)gp;
        /* the link the row was measured over: a bridge (the card's NVLink),
         * PCIe peer-to-peer, or through host memory; empty: PCIe 4.0 x16 */
        dlrig_link link = {0.8 * 16 * 1.969, false, false};
        if (strcmp(f[c_link], "nvlink") == 0 && !isnan(g->nvlink_gbs)) link = (dlrig_link){g->nvlink_gbs / 2, true, false};
        if (strcmp(f[c_link], "host") == 0) link.host = true;
        dlrig_fit fit;
        llm_fit(g, n, &link, &q, &fit);
        double pred = kind == K_WEIGHTS ? fit.per_gpu.weights
                      : kind == K_KV    ? fit.per_gpu.kv_cache * n
                      : kind == K_TOTAL ? fit.per_gpu.total
                      : kind == K_TTFT  ? fit.ttft_s * 1000
                                        : fit.tokens_per_s;
        vstat *s = &st[set][kind];
        char shown[32];
        if (kind == K_FITS) {
            bool yes = strcmp(f[c_meas], "yes") == 0;
            s->agree += yes == fit.fits;
            snprintf(shown, sizeof shown, "%s", fit.fits ? "fits" : "does not fit");
        } else {
            double meas = atof(f[c_meas]);
            ck_assert_msg(meas > 0, "row %s: measured %s", f[c_id], f[c_meas]);
            double e = pred / meas - 1;
            if (s->n < sizeof s->err / sizeof s->err[0]) s->err[s->n] = fabs(e);
            snprintf(shown, sizeof shown, "%.4g (%+.0f%%)", pred, 100 * e);
        }
        s->n++;
        if (print)
            printf("| %s | %s | %s | %s | %s | %s | %d x %d | %d x %s | %s | %s |\n", f[c_id], set ? "valid." : "calib.",
                   f[c_kind], *f[c_model] ? f[c_model] : f[c_params], f[c_method], q.weights.name, q.context, q.batch, n,
                   g->p.id, f[c_meas], shown);
    }
    for (int set = 0; set < 2; set++)
        for (int k = 0; k < K_COUNT; k++) {
            vstat *s = &st[set][k];
            if (!s->n) continue;
            if (k == K_FITS)
                printf("llm %s %s: %zu of %zu verdicts agree\n", set ? "validation" : "calibration", kind_ids[k],
                       s->agree, s->n);
            else
                printf("llm %s %s: %zu rows, median |error| %.1f%%\n", set ? "validation" : "calibration", kind_ids[k],
                       s->n, 100 * median(s->err, s->n));
        }
    ck_assert_int_eq(rc, 0);
    /* regression bounds, set from docs/CALIBRATION.md's table: the memory of
     * weights and KV cache follows from published configurations and must
     * stay exact; speeds and training memory depend on the framework */
    static const double bound[K_COUNT] = {[K_WEIGHTS] = 0.05, [K_KV] = 0.05, [K_TOTAL] = 0.35, [K_GEN] = 0.30,
                                          [K_TRAIN] = 0.50, [K_TTFT] = 0.50};
    for (int set = 0; set < 2; set++)
        for (int k = 0; k < K_COUNT; k++) {
            vstat *sv = &st[set][k];
            if (!sv->n) continue;
            if (k == K_FITS) ck_assert_msg(sv->agree * 4 >= sv->n * 3, "%zu of %zu fit verdicts", sv->agree, sv->n);
            else ck_assert_msg(median(sv->err, sv->n) < bound[k], "%s %s: median error %.1f%%",
                               set ? "validation" : "calibration", kind_ids[k], 100 * median(sv->err, sv->n));
        }
    printf("llm validation: %zu rows skipped (their GPU is not in the catalog)\n", skipped);
    csv_free(&rd);
    free(text);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("llm");
    TCase *tc = tcase_create("llm");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, kv_cache_from_the_configuration);
    tcase_add_test(tc, latent_and_windowed_attention_shrink_the_cache);
    tcase_add_test(tc, seventy_b_at_four_bits_on_two_3090s);
    tcase_add_test(tc, generation_speed_follows_bandwidth);
    tcase_add_test(tc, training_memory_by_method);
    tcase_add_test(tc, seventy_b_qlora_on_two_24gb_cards);
    tcase_add_test(tc, sizes_without_a_shape);
    tcase_add_test(tc, what_runs_where);
    tcase_add_test(tc, tensor_parallel_serving);
    tcase_add_test(tc, tensor_parallel_needs_a_fast_link);
    tcase_add_test(tc, power_limits_cost_compute_not_bandwidth);
    tcase_add_test(tc, fsdp_over_the_link);
    tcase_add_test(tc, serving_is_the_default_in_a_data_centre);
    tcase_add_test(tc, serving_reads_every_prompt);
    tcase_add_test(tc, the_request_from_the_requirements);
    tcase_add_test(tc, tensor_generation_as_in_training);
    tcase_add_test(tc, full_rate_accumulate_held_by_board_power);
    tcase_add_test(tc, published_memory_and_speed);
    tcase_add_test(tc, gguf_files_as_published);
    tcase_add_test(tc, sxm_modules_use_their_nvlink);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}
