/*
 * power.c — GPU power limits and the performance-vs-power curve.
 *
 * The curve (share of full speed kept at a share of the rated board power):
 *   - Tim Dettmers, "Which GPU(s) to Get for Deep Learning" (power limiting
 *     section): an RTX 2080 Ti limited 50 W below its 250 W (80 %) ran BERT
 *     Large, the model he found to stress a GPU most, about 7 % slower.
 *   - Puget Systems, "Quad RTX3090 GPU Wattage Limited MaxQ TensorFlow
 *     Performance" (D. Kinghorn, 2020-11): four RTX 3090 limited from 350 W
 *     to 280 W (80 %) kept over 95 % of their speed.
 *   - qwertyforce, "Optimal power limit for deep learning tasks on RTX 3090"
 *     (ViT-B/16 training): at 58-69 % of the card's highest limit, 80-90 %
 *     of peak speed in FP32 and 90-95 % in TF32.
 * dlrig takes the most pessimistic of the 80 % points (Dettmers: 0.93) and
 * the same slope down to 60 % of rated power (0.86, between the FP32 and
 * TF32 measurements there).  Below 60 % no source measured a useful point
 * (owners report speed collapsing below about 200 W on a 350 W RTX 3090), so
 * speed is taken to fall in proportion to power from there.
 *
 * Sustained draw by workload (what a wall circuit sees; power supplies are
 * still sized on the rated draw and its transients, rules.c):
 *   - GPUs in training sit at their power limit: qwertyforce's RTX 3090
 *     ViT-B/16 training gains speed with every step of limit up to the card's
 *     highest (it is power-bound), Puget's four RTX 3090 ran TensorFlow
 *     training at whatever limit was set, and four RTX 4090 under a compute
 *     load each read about 450 W, their rating, in nvidia-smi (server-gear,
 *     Supermicro SYS-741GE-TNRT).  dlrig takes 100 % of the limit.
 *   - Single-stream LLM token generation is bound by memory bandwidth, not
 *     power: an RTX 3090 limited to 280 W of 350 W (80 %) lost under 1 % of
 *     its tokens/s in llama.cpp (jeanfbrito, "RTX 3090 Power Limit: Finding
 *     the Sweet Spot for Local LLM Inference"), and six RTX 3090 decoding in
 *     llama.cpp lost 3 % between 350 W and 250 W limits (LLM Garage, "Power
 *     Limit Sweep").  A card that needs no more than 80 % to run at full
 *     speed draws no more than that: dlrig takes 80 % of the rating (or the
 *     limit, when one is set lower).
 *   - The CPU of a GPU machine feeds the cards (Dettmers' hardware guide: 1-2
 *     cores per GPU for data loading); in the server-gear measurement above,
 *     loading both 150 W Xeons fully on top of the GPU load added only about
 *     80 W at the wall.  dlrig takes half the CPU's TDP, an allowance above
 *     that measurement.
 *   - Wall watts = DC watts / the supply's efficiency at its load, from the
 *     80 PLUS programme's minimums (115 V internal and 230 V EU internal
 *     tables, as tabulated by Tom's Hardware, "80 PLUS PSU efficiency").
 */
#include "dlrig/power.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* Speed lost per unit of rated power taken away, between 100 % and 60 %:
 * (1 - 0.93) / (1 - 0.80), Dettmers' RTX 2080 Ti point. */
#define SPEED_SLOPE 0.35

double power_speed_fraction(double fraction)
{
    if (!(fraction < 1.0)) return 1.0; /* also NAN: no limit */
    if (fraction <= 0) return 0;
    double at_min = 1.0 - SPEED_SLOPE * (1.0 - DLRIG_POWER_MEASURED_MIN);
    if (fraction >= DLRIG_POWER_MEASURED_MIN) return 1.0 - SPEED_SLOPE * (1.0 - fraction);
    return at_min * fraction / DLRIG_POWER_MEASURED_MIN;
}

/* The limit of line it as a share of its card's rating; NAN without one. */
static double limit_fraction(const dlrig_item *it)
{
    if (it->part->category != DLRIG_CAT_GPU || it->power_limit_w <= 0) return NAN;
    const dlrig_gpu *g = (const dlrig_gpu *)it->part;
    if (g->tdp_w == DLRIG_NA || g->tdp_w <= 0 || it->power_limit_w >= g->tdp_w) return NAN;
    return (double)it->power_limit_w / g->tdp_w;
}

double power_item_gpu_w(const dlrig_item *it)
{
    if (it->part->category != DLRIG_CAT_GPU) return 0;
    const dlrig_gpu *g = (const dlrig_gpu *)it->part;
    if (g->tdp_w == DLRIG_NA || g->tdp_w <= 0) return 0;
    return isnan(limit_fraction(it)) ? g->tdp_w : it->power_limit_w;
}

double power_item_speed(const dlrig_item *it)
{
    return power_speed_fraction(limit_fraction(it));
}

bool power_build_limited(const dlrig_build *b)
{
    for (size_t i = 0; i < b->n_items; i++)
        if (!isnan(limit_fraction(&b->items[i]))) return true;
    return false;
}

char *power_limit_commands(const dlrig_build *b, char *buf, size_t len)
{
    if (len == 0) return buf;
    buf[0] = '\0';
    size_t k = 0;
    int index = 0; /* nvidia-smi's GPU index, counted in build order */
    for (size_t i = 0; i < b->n_items; i++) {
        const dlrig_item *it = &b->items[i];
        if (it->part->category != DLRIG_CAT_GPU || it->cluster_scope) continue;
        int first = index;
        index += it->qty;
        if (isnan(limit_fraction(it)) || k >= len) continue;
        k += (size_t)snprintf(buf + k, len - k, "%ssudo nvidia-smi -i ", k ? "\n" : "");
        for (int g = first; g < index && k < len; g++)
            k += (size_t)snprintf(buf + k, len - k, "%s%d", g > first ? "," : "", g);
        if (k < len) k += (size_t)snprintf(buf + k, len - k, " -pl %d", it->power_limit_w);
    }
    return buf;
}

char *power_limit_summary(const dlrig_build *b, char *buf, size_t len)
{
    if (len == 0) return buf;
    buf[0] = '\0';
    size_t k = 0;
    for (size_t i = 0; i < b->n_items && k < len; i++) {
        const dlrig_item *it = &b->items[i];
        double f = limit_fraction(it);
        if (isnan(f)) continue;
        const dlrig_gpu *g = (const dlrig_gpu *)it->part;
        double cost = 100.0 * (1.0 - power_speed_fraction(f));
        k += (size_t)snprintf(buf + k, len - k, "%s%d x %s at %d W of %d W (~%.0f%% slower%s)", k ? "; " : "", it->qty,
                              g->p.name, it->power_limit_w, g->tdp_w, cost,
                              f < DLRIG_POWER_MEASURED_MIN ? ", below the measured range" : "");
    }
    return buf;
}

int power_limit_to_cut(const dlrig_build *b, double cut_w, double *speed)
{
    const dlrig_gpu *g = NULL;
    int n = 0;
    double now = 0;
    for (size_t i = 0; i < b->n_items; i++) {
        const dlrig_item *it = &b->items[i];
        if (it->part->category != DLRIG_CAT_GPU || it->cluster_scope) continue;
        if (g && it->part != &g->p) return 0; /* mixed models: no single limit to propose */
        g = (const dlrig_gpu *)it->part;
        n += it->qty;
        now = power_item_gpu_w(it);
    }
    if (!g || n == 0 || g->tdp_w == DLRIG_NA || g->tdp_w <= 0 || !(cut_w > 0)) return 0;
    double want = now - cut_w / n;
    for (int pct = 95; pct >= (int)(DLRIG_POWER_MEASURED_MIN * 100 + 0.5); pct -= 5) {
        int limit = power_limit_at(g->tdp_w, pct);
        if (limit > want) continue;
        if (speed) *speed = power_speed_fraction((double)limit / g->tdp_w);
        return limit;
    }
    return 0;
}

int power_limit_at(int rated_w, int pct)
{
    return rated_w * pct / 100 / 5 * 5;
}

/* ------------------------------------------------------------ sustained draw */

#define GPU_SHARE_TRAINING 1.0
#define GPU_SHARE_TOKEN_GENERATION 0.8
#define CPU_SHARE 0.5

/* One batch-1 generation stream (the catalog's single_stream workloads). */
static bool token_generation(const dlrig_workload *w) { return w && w->single_stream; }

double power_gpu_load_share(const dlrig_workload *w)
{
    return token_generation(w) ? GPU_SHARE_TOKEN_GENERATION : GPU_SHARE_TRAINING;
}

double power_gpu_load_w(double limit_w, double rated_w, double share)
{
    double free_run = share * rated_w;
    return limit_w < free_run ? limit_w : free_run;
}

double power_cpu_load_share(const dlrig_workload *w)
{
    (void)w;
    return CPU_SHARE;
}

const char *power_load_assumption(const dlrig_workload *w)
{
    return token_generation(w)
               ? "GPUs at 80% of their rating or their lower limit (token generation is bound by memory bandwidth), "
                 "CPUs at half "
                 "their TDP"
               : "GPUs at their power limit, CPUs at half their TDP";
}

/* 80 PLUS minimum efficiency (%) at 10, 20, 50 and 100 % load; 0 where the
 * level sets no 10 % point. */
typedef struct eff_row {
    const char *level;
    double at115[4], at230[4];
} eff_row;

static const eff_row eff_table[] = {
    {"Titanium", {90, 92, 94, 90}, {90, 94, 96, 94}},
    {"Platinum", {0, 90, 92, 89}, {0, 92, 94, 90}},
    {"Gold", {0, 87, 90, 87}, {0, 90, 92, 89}},
    {"Silver", {0, 85, 88, 85}, {0, 87, 90, 87}},
    {"Bronze", {0, 82, 85, 82}, {0, 85, 88, 85}},
    {NULL, {0, 80, 80, 80}, {0, 82, 85, 82}}, /* 80 PLUS (base), and an unknown level */
};

double power_psu_efficiency(const char *level, bool low_line, double load_fraction)
{
    const eff_row *r = &eff_table[sizeof eff_table / sizeof eff_table[0] - 1];
    for (size_t i = 0; level && eff_table[i].level; i++)
        if (strstr(level, eff_table[i].level)) {
            r = &eff_table[i];
            break;
        }
    const double *e = low_line ? r->at115 : r->at230;
    static const double at[4] = {0.10, 0.20, 0.50, 1.00};
    int first = e[0] > 0 ? 0 : 1;
    double x = load_fraction;
    if (!(x > at[first])) return e[first] / 100.0; /* also NAN */
    for (int i = first; i < 3; i++)
        if (x <= at[i + 1]) return (e[i] + (e[i + 1] - e[i]) * (x - at[i]) / (at[i + 1] - at[i])) / 100.0;
    return e[3] / 100.0;
}

double power_psu_efficiency_max(bool low_line)
{
    double best = 0;
    for (size_t i = 0; i < sizeof eff_table / sizeof eff_table[0]; i++)
        for (int k = 0; k < 4; k++) {
            double e = (low_line ? eff_table[i].at115 : eff_table[i].at230)[k];
            if (e > best) best = e;
        }
    return best / 100.0;
}

double power_wall_w(double sustained_w, const char *level, bool low_line, double capacity_w)
{
    double f = capacity_w > 0 ? sustained_w / capacity_w : 0.5;
    return sustained_w / power_psu_efficiency(level, low_line, f);
}
