/* `dlrig fit`: does a language model fit on N of a GPU, how, and how fast. */
#include <cjson/cJSON.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "dlrig/llm.h"
#include "dlrig/perf.h"
#include "dlrig/query.h"
#include "dlrig/util.h"

#define MAX_GPUS 16

const char *const cli_fit_keys[] = {"model",         "model_params_m", "active_params_m", "method",
                                       "weights",       "context_tokens", "batch",           "prompt_tokens",
                                       "output_tokens", "optimizer",      "offload",         "environment",
                                       NULL};

static void usage(cli_ctx *ctx, FILE *f)
{
    fputs("Usage: dlrig fit (--model NAME | --model-params-m N [--active-params-m N]) [options]\n"
          "                 [--gpu ID [--gpus N]] [--json]\n"
          "Does a language model fit on N of a GPU, how, and how fast?  Without --gpu, every\n"
          "catalog GPU that holds it, with the fewest cards it needs, cheapest first.\n\n",
          f);
    cli_req_usage(ctx, f, cli_fit_keys);
    fputs("  -g, --gpu ID             a GPU of the catalog by id or name (dlrig parts --category gpu)\n"
          "  -n, --gpus N             how many of it (default 1, at most 16)\n"
          "      --max-gpus N         without --gpu: the most cards a listed option may have\n"
          "                           (default 8)\n"
          "      --json               one JSON document\n\n"
          "Defaults: inference reads 16-bit weights (BF16) at a 4,096-token context, one\n"
          "sequence; LoRA trains 16-bit frozen weights with rank-16 adapters on every linear\n"
          "layer, QLoRA NF4 weights (4.127 bits), full fine-tuning 16-bit weights with FP32\n"
          "master weights (none with adamw-8bit, which updates the 16-bit weights); training\n"
          "uses 2,048-token sequences, batch 1, AdamW and gradient checkpointing.  Named 8-\n"
          "and 4-bit formats (int8, int4 for AWQ/GPTQ, nf4) keep the embeddings and LM head\n"
          "in 16 bits; the GGUF formats (q8_0, q6_k, q5_k_m, q4_k_m, q4_0, q3_k_m) and a\n"
          "number of bits are the whole file's average; mxfp4 holds a mixture of experts'\n"
          "experts in 4.25 bits and the rest in 16 (gpt-oss).  Memory is in GiB as the cards\n"
          "report it, with the framework's fixed overhead per GPU.  Several GPUs split\n"
          "inference by layers (one stream; tensor parallel for batches) and training as\n"
          "data parallel when a replica fits, else sharded (FSDP).  Kepler cards are left\n"
          "out: CUDA 12 no longer supports them.\n"
          "Serving (--batch above 1, or --environment server-room or datacenter, where\n"
          "without --batch as many streams run as the memory holds): each stream's request\n"
          "reads --prompt-tokens of prompt, compute-bound, then generates --output-tokens\n"
          "one a step with the others; tokens/s counts the output tokens of all streams\n"
          "with the time spent reading prompts, and the time to first token is the\n"
          "prompt's reading after the step in flight and the prompts queued before it.\n"
          "Exit status: 0 when it fits (without --gpu: when some GPU holds it), 1 when not.\n",
          f);
}

static void add_fit_json(cJSON *o, const dlrig_gpu *g, const dlrig_fit_query *q, const dlrig_fit *f)
{
    perf_fit_json(o, f);
    cJSON_AddNumberToObject(o, "max_context_tokens", llm_max_context(g, f->gpus, NULL, q));
    if (q->method == DLRIG_METHOD_INFERENCE) {
        cJSON_AddNumberToObject(o, "decode_tokens_per_s", round(f->decode_tokens_per_s * 10) / 10);
        cJSON_AddNumberToObject(o, "time_to_first_token_ms", round(f->ttft_s * 1e4) / 10);
        cJSON_AddNumberToObject(o, "prompt_share", round(f->prompt_share * 1000) / 1000);
    }
}

static void add_query_json(cJSON *o, const dlrig_fit_query *q)
{
    if (q->model.name) cJSON_AddStringToObject(o, "model", q->model.name);
    else cJSON_AddNullToObject(o, "model");
    cJSON_AddNumberToObject(o, "params_m", q->model.params_m);
    cJSON_AddNumberToObject(o, "active_params_m", q->model.active_params_m);
    cJSON_AddStringToObject(o, "method", dlrig_method_ids[q->method]);
    cJSON_AddStringToObject(o, "weights", q->weights.name);
    cJSON_AddStringToObject(o, "weights_label", q->weights.label);
    cJSON_AddNumberToObject(o, "bits_per_weight", q->weights.bits);
    cJSON_AddNumberToObject(o, "context_tokens", q->context);
    cJSON_AddNumberToObject(o, "batch", q->batch);
    if (q->method == DLRIG_METHOD_INFERENCE) {
        cJSON_AddBoolToObject(o, "serving", q->serving);
        cJSON_AddNumberToObject(o, "prompt_tokens", q->prompt_tokens);
        cJSON_AddNumberToObject(o, "output_tokens", q->output_tokens);
    }
    if (q->method != DLRIG_METHOD_INFERENCE) {
        cJSON_AddStringToObject(o, "optimizer", dlrig_optim_ids[q->optimizer]);
        cJSON_AddStringToObject(o, "offload", dlrig_offload_ids[q->offload]);
    }
}

/* "Llama 3.1 70B (70,554M parameters, 37,000M active), inference, int4 weights (4.25 bits), ..." */
static void print_query(const dlrig_fit_query *q)
{
    char pm[32], ctx[32];
    printf("%s (%sM parameters", q->model.name ? cli_safe(q->model.name) : "A model",
           format_thousands(q->model.params_m, pm, sizeof pm));
    if (q->model.active_params_m < q->model.params_m)
        printf(", %sM active", format_thousands(q->model.active_params_m, pm, sizeof pm));
    printf("), %s, weights (%s), %s-token context, ", dlrig_method_ids[q->method], q->weights.label,
           format_thousands(q->context, ctx, sizeof ctx));
    if (q->batch > 0) printf("batch %d", q->batch);
    else printf("as many streams as the memory holds");
    if (q->method != DLRIG_METHOD_INFERENCE)
        printf(", %s%s%s", dlrig_optim_ids[q->optimizer], q->offload ? ", offload " : "",
               q->offload ? dlrig_offload_ids[q->offload] : "");
    if (q->method == DLRIG_METHOD_INFERENCE && q->serving) {
        char pt[32], ot[32];
        printf(", served: requests of %s prompt + %s output tokens", format_thousands(q->prompt_tokens, pt, sizeof pt),
               format_thousands(q->output_tokens, ot, sizeof ot));
    }
    printf("\n");
}

/* The headline answers the question asked: it fits, it does not (memory),
 * or it cannot run at all (cannot: why, without the card's name), saying
 * then what the memory alone would do. */
static void print_fit(const dlrig_gpu *g, const dlrig_fit_query *q, const dlrig_fit *f, const char *cannot)
{
    int max_context = llm_max_context(g, f->gpus, NULL, q);
    char num[32];
    printf("on %d x %s (%.0f GiB each): ", f->gpus, cli_safe(g->p.name), f->capacity_gib);
    if (cannot) {
        printf("cannot run: %s; ", cli_safe(cannot));
        const char *each = f->gpus > 1 ? " a card" : "";
        if (f->headroom_gib >= 0) printf("memory would fit with %.1f GiB to spare%s\n", f->headroom_gib, each);
        else printf("memory would not fit either, %.1f GiB short%s\n", -f->headroom_gib, each);
    } else if (f->fits) {
        printf("fits, %.1f GiB to spare a card\n", f->headroom_gib);
    } else {
        printf("does not fit, %.1f GiB short a card\n", -f->headroom_gib);
    }
    printf("  strategy      %s\n", f->strategy);
    printf("  per GPU       %.1f GiB of %.0f GiB\n", f->per_gpu.total, f->capacity_gib);
    const struct {
        const char *label;
        double v;
    } parts[] = {{"weights", f->per_gpu.weights},         {"KV cache", f->per_gpu.kv_cache},
                 {"activations", f->per_gpu.activations}, {"gradients", f->per_gpu.gradients},
                 {"optimizer", f->per_gpu.optimizer},     {"overhead", f->per_gpu.overhead}};
    for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++)
        printf("    %-12s %7.2f GiB\n", parts[i].label, parts[i].v);
    if (f->offloaded_gib > 0) printf("  system RAM    %.1f GiB offloaded\n", f->offloaded_gib);
    char sp[64];
    printf("  speed         %s %s (%s-bound)", format_speed(f->tokens_per_s, "tokens/s", sp, sizeof sp), f->speed_kind,
           f->bound);
    if (!isnan(f->prompt_tokens_per_s)) printf("; prompt %s", format_speed(f->prompt_tokens_per_s, "tokens/s", sp, sizeof sp));
    printf("\n");
    if (q->method == DLRIG_METHOD_INFERENCE && f->fits) {
        char pt[32];
        if (q->serving)
            printf("  serving       %d streams: %.1f output tokens/s in all, %.1f each; generating alone %.1f "
                   "tokens/s, %.0f%% of the time reads prompts\n",
                   f->batch, f->tokens_per_s, f->batch > 0 ? f->tokens_per_s / f->batch : f->tokens_per_s,
                   f->decode_tokens_per_s, 100 * f->prompt_share);
        printf("  first token   after %.2f s (a %s-token prompt%s)\n", f->ttft_s,
               format_thousands(q->prompt_tokens, pt, sizeof pt),
               q->serving && f->batch > 1 ? ", waiting for the step in flight and the prompts queued before it" : "");
    }
    if (max_context > 0)
        printf("  longest context that fits this way: %s tokens\n", format_thousands(max_context, num, sizeof num));
    printf("  assumed: %s\n", f->assumptions);
}

static int list_options(cli_ctx *ctx, const dlrig_fit_query *q, int max_n, bool json)
{
    dlrig_fit_option *o;
    size_t n = llm_fit_options(ctx->cat, q, max_n, &o);
    if (json) {
        cJSON *doc = cJSON_CreateObject();
        add_query_json(doc, q);
        cJSON *arr = cJSON_AddArrayToObject(doc, "options");
        for (size_t i = 0; i < n; i++) {
            cJSON *it = cJSON_CreateObject();
            cJSON_AddStringToObject(it, "gpu", o[i].gpu->p.id);
            if (isnan(o[i].price_usd)) cJSON_AddNullToObject(it, "price_usd");
            else cJSON_AddNumberToObject(it, "price_usd", round(o[i].price_usd * 100) / 100);
            add_fit_json(it, o[i].gpu, q, &o[i].fit);
            cJSON_AddItemToArray(arr, it);
        }
        cli_print_doc(&CLI_DOC_FIT, doc);
    } else {
        print_query(q);
        if (n == 0) {
            printf("No catalog GPU holds it on %d cards or fewer: try fewer bits (--weights int4), a shorter "
                   "context, or --offload.\n", max_n);
        } else {
            printf("GPUs that hold it, with the fewest cards each needs, cheapest first:\n");
            static const char *const head[] = {"Cards", "GPU", "GPU cost", "Tokens/s", "GiB a card", "How"};
            static const bool right[] = {true, false, true, true, true, false};
            cli_table *t = table_new(6, head, right);
            for (size_t i = 0; i < n; i++) {
                char cards[16], price[32], gib[32], tps[32];
                snprintf(cards, sizeof cards, "%d", o[i].n);
                if (isnan(o[i].price_usd)) snprintf(price, sizeof price, "unpriced");
                else format_usd(o[i].price_usd, price, sizeof price);
                snprintf(gib, sizeof gib, "%.1f / %.0f", o[i].fit.per_gpu.total, o[i].fit.capacity_gib);
                format_speed(o[i].fit.tokens_per_s, NULL, tps, sizeof tps);
                const char *row[] = {cards, cli_safe(o[i].gpu->p.name), price, tps, gib, o[i].fit.how};
                table_row(t, row);
            }
            table_print(t, cli_term_width(), 1, 0);
            table_free(t);
            printf("Speeds are %s tokens/s.  GPU cost counts the cards only (dlrig recommend prices a "
                   "whole machine).\n", o[0].fit.speed_kind);
        }
    }
    free(o);
    return n ? EXIT_OK : EXIT_FINDINGS;
}

enum { O_JSON = 256, O_MAX };
const struct option cli_fit_opts[] = {{"gpu", required_argument, NULL, 'g'},
                                      {"gpus", required_argument, NULL, 'n'},
                                      {"max-gpus", required_argument, NULL, O_MAX},
                                      {"json", no_argument, NULL, O_JSON},
                                      {"help", no_argument, NULL, 'h'},
                                      {NULL, 0, NULL, 0}};
const cli_optvalue cli_fit_values[] = {{"gpu", CLI_V_GPU}, {NULL, CLI_V_NONE}};

/* The GPU id closest to id (as catalog_suggest measures, among GPUs only), or NULL. */
static const char *nearest_gpu(const dlrig_catalog *cat, const char *id)
{
    const char *best = NULL;
    int limit = (int)strlen(id) / 3 + 2, best_d = limit + 1;
    for (size_t i = 0; i < catalog_count(cat, DLRIG_CAT_GPU); i++) {
        const dlrig_part *g = catalog_part_at(cat, DLRIG_CAT_GPU, i);
        int d = edit_distance(id, g->id, limit);
        if (d < best_d) best_d = d, best = g->id;
    }
    return best;
}

int cmd_fit(cli_ctx *ctx, int argc, char **argv)
{
    cli_reqopts ro;
    cli_reqopts_build(&ro, cli_fit_keys, cli_fit_opts, "g:n:h");
    dlrig_requirements req;
    requirements_init(&req);
    const char *gpu_id = NULL;
    int gpus = 1, max_n = 8;
    bool json = false, gpus_given = false;
    double v = 0;
    int c;
    optind = 0;
    while ((c = cli_getopt(argc, argv, ro.shortopts, ro.opts, "fit")) != -1) {
        int got = cli_reqopts_apply(ctx, &ro, c, optarg, &req, NULL);
        if (got < 0) return EXIT_USAGE;
        if (got > 0) continue;
        switch (c) {
        case 'g': gpu_id = optarg; break;
        case 'n':
            if (cli_number_opt("--gpus", optarg, 0, MAX_GPUS, &v) || v != floor(v)) {
                if (v != floor(v)) cli_error("--gpus: expected a whole number from 1 to %d", MAX_GPUS);
                return EXIT_USAGE;
            }
            gpus = (int)v;
            gpus_given = true;
            break;
        case O_MAX:
            if (cli_number_opt("--max-gpus", optarg, 0, MAX_GPUS, &v) || v != floor(v)) {
                if (v != floor(v)) cli_error("--max-gpus: expected a whole number from 1 to %d", MAX_GPUS);
                return EXIT_USAGE;
            }
            max_n = (int)v;
            break;
        case O_JSON: json = true; break;
        case 'h': usage(ctx, stdout); return EXIT_OK;
        default: return EXIT_USAGE;
        }
    }
    if (optind < argc) {
        cli_error("fit: unexpected argument '%s'", cli_safe(argv[optind]));
        return EXIT_USAGE;
    }
    if (!req.model[0] && isnan(req.model_params_m)) {
        cli_error("fit: name a model (--model llama-3.1-70b; dlrig models lists them) or give its size "
                  "(--model-params-m 70000)");
        return EXIT_USAGE;
    }
    if (gpus_given && !gpu_id) {
        cli_error("fit: --gpus counts the cards of --gpu ID; without --gpu every GPU is listed");
        return EXIT_USAGE;
    }
    dlrig_catalog *cat = cli_catalog(ctx);
    if (!cat) return EXIT_IO;
    if (!req.method[0]) snprintf(req.method, sizeof req.method, "%s", dlrig_method_ids[DLRIG_METHOD_INFERENCE]);
    dlrig_fit_query q;
    char err[512];
    /* the method is given: the query does not depend on a workload */
    if (llm_query_for(cat, &req, NULL, &q, err, sizeof err) != 1) {
        cli_error("%s", err);
        return EXIT_USAGE;
    }
    if (!gpu_id) return list_options(ctx, &q, max_n, json);

    const dlrig_part *p = catalog_find_named(cat, DLRIG_CAT_GPU, gpu_id); /* its id or its name */
    if (!p) p = catalog_find(cat, gpu_id); /* the id of another kind of part */
    if (!p || p->category != DLRIG_CAT_GPU) {
        if (p) /* a part of the catalog, of another kind: say which */
            cli_error("--gpu: '%s' is a %s, not a GPU (dlrig parts --category gpu lists them)", cli_safe(gpu_id),
                      category_title(p->category));
        else if (!*gpu_id)
            cli_error("--gpu: expected a GPU id (dlrig parts --category gpu lists them)");
        else {
            const char *near = nearest_gpu(cat, gpu_id);
            cli_error("--gpu: '%s' is not a GPU of the catalog%s%s%s (dlrig parts --category gpu lists them)",
                      cli_safe(gpu_id), near ? "; did you mean '" : "", near ? near : "", near ? "'?" : "");
        }
        return EXIT_USAGE;
    }
    const dlrig_gpu *g = (const dlrig_gpu *)p;
    dlrig_fit f;
    llm_fit(g, gpus, NULL, &q, &f);
    char why[256] = "";
    bool runs = llm_gpu_runs(g, &q, why, sizeof why);
    bool memory_fits = f.fits;
    if (!runs) f.fits = false;
    /* the reason without the card's name, which the headline gives ("Radeon RX 7900 XTX: NF4 ...") */
    const char *reason = why;
    size_t gl = strlen(g->p.name);
    if (!strncmp(why, g->p.name, gl) && why[gl] == ':' && why[gl + 1] == ' ') reason = why + gl + 2;
    if (json) {
        cJSON *doc = cJSON_CreateObject();
        add_query_json(doc, &q);
        cJSON_AddStringToObject(doc, "gpu", g->p.id);
        add_fit_json(doc, g, &q, &f);
        if (!runs) {
            cJSON_AddStringToObject(doc, "unsupported", why);
            cJSON_AddBoolToObject(doc, "memory_fits", memory_fits);
        }
        cli_print_doc(&CLI_DOC_FIT, doc);
    } else {
        print_query(&q);
        print_fit(g, &q, &f, runs ? NULL : reason);
        if (runs && !f.fits) {
            dlrig_fit more;
            int n = llm_fewest_gpus(g, &q, gpus + 1, MAX_GPUS, &more);
            if (n) printf("  on %d x %s it fits: %s, %.1f GiB a card\n", n, cli_safe(g->p.name), more.strategy,
                          more.per_gpu.total);
            else printf("  no count of %s up to %d holds it: fewer bits (--weights), a shorter context or "
                        "--offload\n", cli_safe(g->p.name), MAX_GPUS);
        }
    }
    return f.fits ? EXIT_OK : EXIT_FINDINGS;
}
