/*
 * gpurate.c — what share of a GPU's rated tensor throughput real code
 * reaches: the tensor-core generation's share and the board-power cap of a
 * training step.  Read by the workload model (perf.c) and the language-model
 * fit (llm.c) alike, so that both rate a card the same way.
 */
#include "dlrig/gpurate.h"

#include <math.h>

/* Share of the peak tensor rate a tensor-core generation reaches on training
 * code, relative to Ampere and later (third generation on: asynchronous
 * copies into shared memory keep the tensor cores fed): the architecture's
 * tensor_generation_share.  Volta and Turing (first and second generation)
 * reach about half as much of their peak (0.53): fitted on the Turing rows
 * of the calibration table (Titan RTX, Quadro RTX 5000/6000/8000, RTX 2080
 * Ti; BERT-large in mixed precision runs at 0.30 of the peak on them, 0.50
 * on Ampere, Ada and Hopper).  Volta, with no row there, shares Turing's;
 * the validation table's V100 rows check it.  AMD RDNA 3 (0.75) and RDNA 4
 * (0.61) come from measured PyTorch matrix multiplication, no training row
 * (docs/CALIBRATION.md).  Not known (no tensor cores, or not fitted): 1. */
double gpu_tensor_generation_share(const dlrig_gpu *g)
{
    if (!g->arch || isnan(g->arch->tensor_generation_share)) return 1.0;
    return g->arch->tensor_generation_share;
}

double gpu_training_tensor_tflops(const dlrig_gpu *g, double tflops)
{
    double per_w = g->arch ? g->arch->pro_train_tflops_per_w : NAN;
    if (!isnan(per_w) && g->segment_kind != DLRIG_SEGMENT_CONSUMER && g->segment_kind != DLRIG_SEGMENT_UNKNOWN &&
        g->tdp_w > 0 && tflops > g->tdp_w * per_w)
        return g->tdp_w * per_w;
    return tflops;
}

double gpu_pcie_lane_gbs(int gen)
{
    switch (gen) {
    case 1: return 0.25;
    case 2: return 0.5;
    case 3: return 0.985;
    case 4: return 1.969;
    default: return gen >= 5 ? 3.938 : 0.985;
    }
}

bool gpu_has_p2p(const dlrig_gpu *g)
{
    if (!g->arch || g->segment_kind != DLRIG_SEGMENT_CONSUMER) return true;
    return g->arch->consumer_p2p != 0;
}

dlrig_link gpu_own_link(const dlrig_gpu *g)
{
    if (g->form == DLRIG_GPU_SXM && g->nvlink && !isnan(g->nvlink_gbs)) return (dlrig_link){g->nvlink_gbs / 2, true, false};
    return (dlrig_link){gpu_pcie_lane_gbs(g->pcie_gen > 0 ? g->pcie_gen : 3) * 16 * 0.8, false, !gpu_has_p2p(g)};
}
