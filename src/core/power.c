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
    int limit = (int)floor(want / 5.0) * 5; /* a round figure at or below what is needed */
    if (limit < DLRIG_POWER_MEASURED_MIN * g->tdp_w) return 0;
    if (speed) *speed = power_speed_fraction((double)limit / g->tdp_w);
    return limit;
}
